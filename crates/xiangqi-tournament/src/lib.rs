//! Xiangqi competitions (CXA 2011 chapters 9–14, 19–20; WXF 2018 arts. 4.1, 5, 9–11).
//!
//! This crate knows nothing of boards: a game is a result here.
//!
//! ```
//! use xiangqi_tournament::round_robin;
//!
//! // CXA 2011 appendix 2 / FIDE Berger: with 4 players, 1 plays 4 and 2 plays 3 in round 1.
//! let rounds = round_robin::schedule(4, 1);
//! assert_eq!(rounds.len(), 3);
//! assert_eq!((rounds[0].games[0].red.get(), rounds[0].games[0].black.get()), (1, 4));
//! ```

mod lot;
mod scoring;
mod types;

pub mod groups;
pub mod knockout;
pub mod report;
pub mod round_robin;
pub mod swiss;
pub mod team;
pub mod tiebreak;
pub mod tournament;
pub mod trf;

pub use lot::Lot;
pub use scoring::{ScoringScheme, match_points, wxf_two_game_team_match};
pub use types::{Color, GameResult, Outcome, ParseError, Player, PlayerId, Points, RuleSet};
