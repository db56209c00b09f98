//! perft: the number of move sequences of a given length, the standard test of a move
//! generator. Counts at the last level come from [`Position::count_legal_moves`] without
//! playing the moves (bulk counting).

use crate::{m::Move, position::Position};

/// The number of legal move sequences of `depth` plies from `pos`.
///
/// ```
/// use xiangqi::{perft::perft, Position};
///
/// assert_eq!(perft(&Position::new(), 3), 79_666);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// perft split by the first move, as engines print it for comparing two move generators.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
