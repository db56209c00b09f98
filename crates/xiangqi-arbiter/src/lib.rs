//! The arbiter of xiangqi games: results, the natural move limit and repetition rulings
//! (棋例) under the Chinese Xiangqi Association's rules (《象棋竞赛规则》2011, "CXA 2011") and
//! the World Xiangqi Federation's (《世界象棋规则》2018, "WXF 2018", which adopts the Asian
//! rules). Every ruling carries an [`Explanation`] in Chinese and English, move by move, citing
//! its articles.
//!
//! ```
//! use xiangqi::{Position, fen::Fen, iccs::Iccs};
//! use xiangqi_arbiter::{Game, RuleSet, Verdict, Color};
//!
//! // AXF diagram 1: the red rook checks back and forth.
//! let start: Position = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1".parse::<Fen>()?.into_position()?;
//! let mut game = Game::new(start, RuleSet::cxa2011());
//! for m in "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9".split(' ') {
//!     game.play_iccs(m)?;
//! }
//! let ruling = game.last_ruling().expect("the position occurred three times");
//! assert_eq!(ruling.verdict, Verdict::Loses(Color::Red)); // CXA 2011 art. 23.5.1
//! assert!(ruling.explanation.en().contains("perpetual check"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Layers
//!
//! Each module imports only from the layers below it:
//!
//! 1. the rule set ([`RuleSet`], [`FoulRules`]), the time-control grammar ([`TimeControl`]),
//!    the reading of a sealed move ([`seal::read_move`]), the natural move limit, the wire
//!    format;
//! 2. touch-move ([`touch`]), the classification of moves, then the repetition rulings;
//! 3. the event vocabulary: [`GameEvent`], [`Termination`], [`GameResult`], [`Claimant`],
//!    [`Foul`], [`clock::FlagReason`];
//! 4. the foul tally ([`fouls`]), a projection of the events;
//! 5. the [`Game`];
//! 6. the timed game ([`clock`]);
//! 7. error correction ([`correction`], the board taken back, the clock not) and sealed moves
//!    ([`seal`]).

mod classify;
pub mod clock;
mod control;
pub mod correction;
mod envelope;
mod event;
mod explain;
pub mod fouls;
mod game;
mod material;
mod movelimit;
mod repetition;
mod rules;
pub mod seal;
pub mod touch;
mod wire;

pub use xiangqi::Color;

pub use crate::{
    classify::{Attack, MoveAnalysis, MoveNature, Protection, Reason, analyse, mate_by_checks},
    clock::{Clock, TimeControl, TimedGame},
    event::{Claimant, GameEvent, GameResult, Termination},
    explain::{Explanation, Line},
    fouls::{Foul, FoulRules},
    game::{Game, GameError},
    material::{crossed, value},
    movelimit::{MoveLimit, MoveLimitStatus},
    repetition::{
        Pattern, Ruling, SideSummary, Verdict, counted_from, occurrences, rule_cycle, rule_game,
    },
    rules::{Book, EventRules, RuleSet, RulesError},
};
