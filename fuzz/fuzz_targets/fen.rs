//! Any text: the FEN reader never panics, and what it accepts writes back to the same setup.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::{Position, fen::Fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(fen) = text.parse::<Fen>() else { return };
    let written = fen.to_string();
    let again: Fen = written.parse().expect("a written FEN reads back");
    assert_eq!(again, fen);
    if let Ok(pos) = fen.into_position() {
        assert_eq!(pos.legal_moves().len(), pos.count_legal_moves());
        let _ = written.parse::<Position>().expect("a legal position reads back");
    }
});
