//! Zobrist keys: one random number per piece on each point and one for Black to move, so that
//! a position's hash is the XOR of its parts and can be updated move by move.

use crate::{
    board::Board,
    types::{Color, Piece, Square},
};

/// splitmix64, enough to spread keys; fixed seed so hashes are stable across runs and builds.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

static PIECE_KEYS: [[u64; 90]; 14] = {
    let mut keys = [[0; 90]; 14];
    let mut state = 0x5851_f42d_4c95_7f2d;
    let mut piece = 0;
    while piece < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (next, key) = splitmix64(state);
            state = next;
            keys[piece][sq] = key;
            sq += 1;
        }
        piece += 1;
    }
    keys
};

const BLACK_TO_MOVE: u64 = splitmix64(0x2545_f491_4f6c_dd1d).1;

/// The key of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq as usize]
}

/// The key of the side to move: zero for Red.
#[inline]
pub(crate) fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}

/// The hash of a board and side to move, computed from scratch.
pub(crate) fn hash(board: &Board, turn: Color) -> u64 {
    board
        .pieces()
        .fold(turn_key(turn), |h, (sq, piece)| h ^ piece_key(piece, sq))
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let keys: HashSet<u64> = PIECE_KEYS.iter().flatten().copied().collect();
        assert_eq!(keys.len(), 14 * 90);
        assert!(!keys.contains(&0));
        assert!(!keys.contains(&BLACK_TO_MOVE));
    }
}
