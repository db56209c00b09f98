//! The rules of xiangqi (Chinese chess): the board, the pieces and how they move, check, mate
//! and stalemate, FEN, ICCS coordinates, Zobrist hashing and perft.
//!
//! Everything follows the Chinese Xiangqi Association's rules (《象棋竞赛规则》2011, "CXA
//! 2011") and the World Xiangqi Federation's (《世界象棋规则》2018, "WXF 2018"); each rule names
//! its article.
//!
//! ```
//! use xiangqi::{fen::Fen, iccs::Iccs, Position};
//!
//! let pos = Position::new();
//! let m = "h2e2".parse::<Iccs>()?.to_move(&pos)?;
//! let pos = pos.play(m).map_err(|(e, _)| e)?;
//! assert_eq!(
//!     Fen::from_position(&pos).to_string(),
//!     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
//! );
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod attacks;
mod bitboard;
mod board;
mod m;
mod movegen;
mod notation;
mod position;
mod setup;
mod types;
mod zobrist;

pub mod chinese;
pub mod fen;
pub mod iccs;
pub mod perft;
pub mod uci;
pub mod written;
pub mod wxf;

pub use crate::{
    attacks::{
        advisor_attacks, between, cannon_attacks, elephant_attacks, horse_attackers, horse_attacks,
        king_attacks, pawn_attackers, pawn_attacks, rook_attacks,
    },
    bitboard::{Bitboard, Squares},
    board::Board,
    m::{MAX_MOVES, Move, MoveList},
    position::{IllegalMove, MoveFilter, Outcome, Position},
    setup::{PositionError, PositionErrorKinds, Setup},
    types::{
        ByColor, ByRole, Color, File, OutOfRange, ParseSquareError, Piece, Rank, Role, Square,
    },
};
