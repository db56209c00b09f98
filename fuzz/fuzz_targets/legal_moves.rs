//! Arbitrary setups (two bytes a piece: point and piece), then a walk of moves chosen by the
//! remaining bytes: every generated move is legal, leaves the mover's general safe, and keeps
//! the incremental hash equal to one computed from scratch.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::{Color, Position, Role, Setup, Square};

fuzz_target!(|data: &[u8]| {
    let (pieces, walk) = data.split_at(data.len().min(64));
    let mut setup = Setup::empty();
    if pieces.first().is_some_and(|b| b & 1 == 1) {
        setup.turn = Color::Black;
    }
    for pair in pieces.chunks_exact(2) {
        let (Some(sq), piece) = (Square::new(u32::from(pair[0]) % 90), pair[1] % 14) else {
            continue;
        };
        let piece = Role::ALL[usize::from(piece % 7)].of(Color::ALL[usize::from(piece / 7)]);
        setup.board.set_piece_at(sq, piece);
    }
    let Ok(mut pos) = Position::from_setup(setup) else { return };
    for &choice in walk {
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), pos.count_legal_moves());
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            return;
        }
        for &m in &moves {
            assert!(pos.is_legal(m) && !pos.is_suicide(m));
            let mut after = pos.clone();
            after.play_unchecked(m);
            let mover = pos.turn();
            assert!(after.attackers_to(after.king(mover), !mover, after.board().occupied()).is_empty());
        }
        let m = moves[usize::from(choice) % moves.len()];
        pos = pos.play(m).expect("generated moves are legal");
        let fresh = Position::from_setup(pos.to_setup()).expect("still legal");
        assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash());
    }
});
