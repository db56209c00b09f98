#![no_main]
//! Chinese-notation parser and the reader of every written form (WXF 2018 art. 7.1–7.5: Chinese,
//! the international form with glyphs, the short form): never panics; whatever parses resolves
//! (or fails) without panicking, in the start position and in one with pieces in tandem.

use libfuzzer_sys::fuzz_target;
use xiangqi::{
    Position,
    chinese::Chinese,
    written::{self, Written},
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(c) = text.parse::<Chinese>() {
        let _ = c.to_move(&Position::new());
        let _ = c.to_string();
    }
    if let Ok(w) = text.parse::<Written>() {
        let _ = w.to_string();
        let tandem: Position = "3k5/4P4/4P4/2C1P4/9/2C6/9/9/9/4K4 w"
            .parse()
            .expect("valid fen");
        for pos in [Position::new(), tandem] {
            if let Ok(m) = w.to_move(&pos) {
                // What the reader finds, each writer writes so that it reads back.
                for form in written::Form::ALL {
                    let back = written::write(&pos, m, form);
                    assert_eq!(written::read_move(&pos, &back), Ok(m), "{back}");
                }
            }
        }
    }
});
