#![no_main]
//! WXF parser: never panics; whatever parses resolves (or fails) without panicking and its
//! text in both styles (the book's `C2=5`, the older `C2.5`) parses again to the same move.

use libfuzzer_sys::fuzz_target;
use xiangqi::{
    Position,
    wxf::{Style, Wxf},
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(w) = text.parse::<Wxf>() {
        let _ = w.to_move(&Position::new());
        for style in [Style::Book, Style::Dot] {
            let again = w.styled(style).to_string().parse::<Wxf>();
            assert!(again.is_ok(), "{}", w.styled(style));
        }
    }
});
