#![no_main]
//! WXF parser: never panics; whatever parses resolves (or fails) without panicking and its
//! canonical text parses again.

use libfuzzer_sys::fuzz_target;
use xiangqi::{Position, wxf::Wxf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(w) = text.parse::<Wxf>() {
        let _ = w.to_move(&Position::new());
        assert!(w.to_string().parse::<Wxf>().is_ok());
    }
});
