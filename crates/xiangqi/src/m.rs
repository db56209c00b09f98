//! Moves.

use std::fmt;

use arrayvec::ArrayVec;

use crate::types::{Role, Square};

/// A move: which piece goes from where to where, and what it captures. Every move in xiangqi is
/// a piece going from one point to another; there is no castling, promotion or drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece's role.
    pub role: Role,
    /// Where it stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// The role of the enemy piece on `to`, if any.
    pub capture: Option<Role>,
}

impl Move {
    /// Does the move capture?
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.capture.is_some()
    }
}

impl fmt::Display for Move {
    /// ICCS coordinates, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// The most moves a legal position can offer is below this (rooks 2 × 17, cannons 2 × 17,
/// horses 2 × 8, pawns 5 × 3, advisors, elephants and the general at most 16 more).
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Where a generator puts the moves it finds: a [`MoveList`] of its own, or the end of a
/// caller's store ([`crate::Position::extend_legal_moves_where`]).
pub(crate) trait MoveOut {
    /// Adds `m`.
    fn put(&mut self, m: Move);
}

impl MoveOut for MoveList {
    #[inline]
    fn put(&mut self, m: Move) {
        // At most 116 moves exist in any position (see `MAX_MOVES`), so this never overflows.
        let _ = self.try_push(m);
    }
}

impl MoveOut for Vec<Move> {
    #[inline]
    fn put(&mut self, m: Move) {
        self.push(m);
    }
}
