//! What a sealed move's envelope holds (封棋), and how the move written in it is read.
//!
//! The envelope is plain data, below the game: the game reads a sealed move when it is opened
//! ([`crate::GameEvent::SealedMoveOpened`]), and [`crate::seal`] fills and opens envelopes on
//! a timed game. WXF 2018 art. 6.5; seed 001 ④⑧.
//!
//! ## Choices where the books are silent
//!
//! The written move may be in ICCS (`h2e2`) or any form of WXF 2018 art. 7 (`C2=5`, `C2.5`,
//! `炮二平五`, `车 2+6`, `炮 2 5`); it is "unclear" when it reads as none of them, and illegal
//! when it fits no legal move or more than one. A suicide move (it leaves the own king capturable) is a
//! legal way to lose over the board (CXA 2011 art. 4.1.3), but written in an envelope it is a
//! move "有误": it loses as a sealed move.

use serde::{Deserialize, Serialize};
use xiangqi::{Color, Move, Position, written::Written};

/// Why a sealed move loses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SealedMoveError {
    /// It reads as no move notation.
    #[error("sealed move {0:?} is unclear")]
    Unclear(String),
    /// It names no legal move here.
    #[error("sealed move {0:?} is illegal")]
    Illegal(String),
}

/// Reads a written move against `pos`, in any form of WXF 2018 art. 7.1–7.5 or ICCS
/// ([`xiangqi::written`]).
///
/// # Errors
/// [`SealedMoveError::Unclear`] or [`SealedMoveError::Illegal`]; a short form (art. 7.3) that
/// two legal moves fit cannot be explained one way only (art. 6.5) and is illegal.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, SealedMoveError> {
    let t = text.trim();
    let written = t
        .parse::<Written>()
        .map_err(|_| SealedMoveError::Unclear(t.to_owned()))?;
    written
        .to_move(pos)
        .map_err(|_| SealedMoveError::Illegal(t.to_owned()))
}

/// The envelope the arbiter keeps. WXF 2018 art. 6.5; seed 001 ④.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    /// Who sealed.
    #[serde(with = "crate::wire::color")]
    pub sealer: Color,
    /// Moves played before it.
    pub plies: usize,
    /// The move as written.
    pub text: String,
    /// Red's used time.
    pub red_used_ms: u64,
    /// Black's used time.
    pub black_used_ms: u64,
}
