//! A `Setup` is any arrangement with a side to move; it becomes a [`crate::Position`] once the
//! rules are checked.

use std::{fmt, num::NonZeroU32};

use bitflags::bitflags;

use crate::{board::Board, types::Color};

/// A board, the side to move and the move counters, not yet checked against the rules: what a
/// FEN string or a diagram describes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// Whose move it is.
    pub turn: Color,
    /// Plies since the last capture (FEN's fifth field). The arbiter counts the natural move
    /// limit from its own record; this is what a FEN carries.
    pub halfmoves: u32,
    /// The move number, starting at 1 and growing after Black's move.
    pub fullmoves: NonZeroU32,
}

impl Setup {
    /// The starting position, Red to move (CXA 2011 arts. 1.3, 2.1).
    pub fn initial() -> Setup {
        Setup {
            board: Board::new(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: NonZeroU32::MIN,
        }
    }

    /// An empty board, Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            ..Setup::initial()
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::initial()
    }
}

bitflags! {
    /// What is wrong with a setup; several at once are reported together.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PositionErrorKinds: u32 {
        /// A side has no general.
        const MISSING_KING = 1 << 0;
        /// A side has more than one general.
        const TOO_MANY_KINGS = 1 << 1;
        /// A side has more pieces of a kind than the game starts with: two advisors, elephants,
        /// horses, rooks and cannons, five pawns (CXA 2011 art. 1.2).
        const TOO_MANY_PIECES = 1 << 2;
        /// A piece stands where it can never go: a general or advisor outside its palace or off
        /// its points, an elephant off its seven points or across the river, a pawn behind its
        /// starting rank or beside its starting files before the river (CXA 2011 art. 2.2).
        const PIECE_OFF_ITS_SQUARES = 1 << 3;
        /// The generals face each other on an open file (CXA 2011 arts. 2.2, 3.4; WXF 2018 art. 2.9).
        const KINGS_FACING = 1 << 4;
        /// The side that just moved left its general attacked: its opponent could capture it.
        const OPPONENT_IN_CHECK = 1 << 5;
    }
}

/// A setup that is not a legal position, with every problem found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    /// The problems.
    pub kinds: PositionErrorKinds,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        let mut first = true;
        for (kind, text) in [
            (PositionErrorKinds::MISSING_KING, "a side has no general"),
            (
                PositionErrorKinds::TOO_MANY_KINGS,
                "a side has more than one general",
            ),
            (
                PositionErrorKinds::TOO_MANY_PIECES,
                "a side has more pieces of a kind than the game starts with",
            ),
            (
                PositionErrorKinds::PIECE_OFF_ITS_SQUARES,
                "a piece stands on a point it can never reach",
            ),
            (
                PositionErrorKinds::KINGS_FACING,
                "the generals face each other on an open file",
            ),
            (
                PositionErrorKinds::OPPONENT_IN_CHECK,
                "the side not to move is in check",
            ),
        ] {
            if self.kinds.contains(kind) {
                if !first {
                    f.write_str("; ")?;
                }
                f.write_str(text)?;
                first = false;
            }
        }
        Ok(())
    }
}
