#![no_main]
//! Chinese-notation parser: never panics; whatever parses resolves (or fails) without panicking.

use libfuzzer_sys::fuzz_target;
use xiangqi::{Position, chinese::Chinese};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(c) = text.parse::<Chinese>() {
        let _ = c.to_move(&Position::new());
        let _ = c.to_string();
    }
});
