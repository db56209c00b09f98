//! Any text: the FEN reader never panics, and what it accepts writes back to the same setup;
//! a position or a diagram it makes plays its legal moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::{Position, fen::Fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(fen) = text.parse::<Fen>() else { return };
    let written = fen.to_string();
    let again: Fen = written.parse().expect("a written FEN reads back");
    assert_eq!(again, fen);
    if let Ok(pos) = fen.clone().into_position() {
        assert_eq!(pos.legal_moves().len(), pos.count_legal_moves());
        let _ = written.parse::<Position>().expect("a legal position reads back");
    }
    // A diagram (pieces on points no game reaches) plays every legal move without a panic.
    if let Ok(pos) = fen.into_diagram_position() {
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), pos.count_legal_moves());
        for &m in moves.iter() {
            assert!(pos.clone().play(m).is_ok(), "{m}");
        }
    }
});
