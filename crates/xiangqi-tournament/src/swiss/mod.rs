//! Swiss pairing engines behind the [`PairingSystem`] trait.
//!
//! - [`dutch::Dutch`]: the FIDE Dutch system (handbook C.04.3 as rewritten in 2025, with the
//!   general rules C.04.1 and the colour and bye rules that go with them). Its pairings are meant
//!   to be identical to bbpPairings v6 `--dutch`, the reference engine: the same pairs, colours,
//!   bye and board order.
//! - [`cxa::Cxa`]: the CXA 2011 积分编排制 (arts. 10.3, 12.3).
//!
//! Input is a [`SwissInput`]: the tournament state as far as pairing needs it. It is built by
//! the tournament model ([`crate::tournament::Tournament::swiss_input`]) or read from FIDE TRF
//! with [`crate::trf::swiss_input`], the crate's one TRF reader. Colours and per-player outcomes
//! are the crate's own [`Color`] and [`Outcome`].
//!
//! ```
//! use xiangqi_tournament::{swiss::{PairingSystem, dutch::Dutch}, trf};
//!
//! let text = "001    1      A                                 2000                             0.0    1\n\
//!             001    2      B                                 1900                             0.0    2\n\
//!             XXR 5\nXXC white1\n";
//! let input = trf::swiss_input(text)?;
//! let pairs = Dutch.pair(&input)?;
//! assert_eq!(pairs[0].red, 1);
//! assert_eq!(pairs[0].black, Some(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod cxa;
pub mod dutch;
mod matching;
mod wide;
// Exposed (hidden) only for the `matchers` bench, which compares the matcher with the crates.
#[cfg(feature = "compare-matchers")]
#[doc(hidden)]
pub use self::{matching::Matching, wide::Wide};

use thiserror::Error;

use crate::types::{Color, Outcome};

/// Why a player was not paired in a round, and what they scored (FIDE TRF codes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Absence {
    /// Requested half-point bye (`H`).
    HalfPointBye,
    /// Full-point bye not allocated by the pairing (`F`).
    FullPointBye,
    /// Zero-point bye or absence (`Z`, or nothing recorded).
    ZeroPointBye,
}

/// What one player did in one round.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RoundEntry {
    /// Paired against `opponent` (a pairing number). A forfeit ([`Outcome::ForfeitWin`],
    /// [`Outcome::ForfeitLoss`]) or a game without a colour counts as not played for colours,
    /// floats and rematches (C.04.1 art. b; CXA's own rule is applied by [`cxa::Cxa`]); see
    /// [`RoundEntry::played`]. A forfeit may have no colour.
    Game {
        /// The opponent's pairing number.
        opponent: u32,
        /// The colour held, if any.
        color: Option<Color>,
        /// The result for this player (never [`Outcome::Bye`]).
        outcome: Outcome,
    },
    /// The pairing-allocated bye (`U`).
    PairingBye,
    /// Not paired this round.
    Absent(Absence),
}

impl RoundEntry {
    /// A game played over the board: not a forfeit, and with a colour.
    #[must_use]
    pub fn played(&self) -> bool {
        matches!(self, RoundEntry::Game { color: Some(_), outcome, .. } if outcome.is_played())
    }

    /// Took part in the pairing of that round: a game, a forfeit or the pairing-allocated bye.
    #[must_use]
    pub fn paired(&self) -> bool {
        matches!(self, RoundEntry::Game { .. } | RoundEntry::PairingBye)
    }
}

/// Points for each kind of result, in tenths of a point (TRF `BBW`, `BBD`, … lines).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointSystem {
    /// A win, played or by forfeit (default 1.0).
    pub win: u32,
    /// A draw or half-point bye (default 0.5).
    pub draw: u32,
    /// A played loss (default 0).
    pub loss: u32,
    /// A zero-point bye or absence (default 0).
    pub zero_bye: u32,
    /// A forfeit loss (default 0).
    pub forfeit_loss: u32,
    /// The pairing-allocated bye (default 1.0).
    pub pairing_bye: u32,
}

impl Default for PointSystem {
    fn default() -> Self {
        Self {
            win: 10,
            draw: 5,
            loss: 0,
            zero_bye: 0,
            forfeit_loss: 0,
            pairing_bye: 10,
        }
    }
}

impl PointSystem {
    /// The points a player earned with `entry`.
    #[must_use]
    pub fn points(&self, entry: &RoundEntry) -> u32 {
        match *entry {
            RoundEntry::Game { outcome, .. } => match outcome {
                Outcome::Win | Outcome::ForfeitWin | Outcome::Bye => self.win,
                Outcome::Draw => self.draw,
                Outcome::Loss if entry.played() => self.loss,
                Outcome::Loss | Outcome::ForfeitLoss => self.forfeit_loss,
            },
            RoundEntry::PairingBye => self.pairing_bye,
            RoundEntry::Absent(Absence::FullPointBye) => self.win,
            RoundEntry::Absent(Absence::HalfPointBye) => self.draw,
            RoundEntry::Absent(Absence::ZeroPointBye) => self.zero_bye,
        }
    }
}

/// One player as pairing sees them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SwissPlayer {
    /// SwissPairing number (1-based; the initial ranking order unless [`SwissInput::players`] says
    /// otherwise).
    pub number: u32,
    /// Rating (0 = unrated).
    pub rating: u32,
    /// Rounds already paired, round 1 first; shorter than the other players' if the player joined
    /// late (missing rounds count as [`Absence::ZeroPointBye`]).
    pub history: Vec<RoundEntry>,
    /// `Some` if the player is not to be paired in the round being paired (pre-assigned bye).
    pub next_round: Option<Absence>,
}

/// The tournament state pairing needs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SwissInput {
    /// The players in ranking order (the order used for pairing numbers and tie-breaks).
    pub players: Vec<SwissPlayer>,
    /// Rounds already played (the round to pair is `played_rounds + 1`).
    pub played_rounds: u32,
    /// Total rounds of the tournament (TRF `XXR`).
    pub total_rounds: u32,
    /// The points per result.
    pub points: PointSystem,
    /// The colour of the top-ranked player in round 1 (TRF `XXC white1`/`black1`); inferred from
    /// round 1 when `None` and any round was played, else red.
    pub initial_color: Option<Color>,
    /// Groups of players who must not meet (TRF `XXP`; team-mates for CXA art. 10.3).
    pub forbidden: Vec<Vec<u32>>,
    /// Seed for any lot drawn (CXA round 1).
    pub seed: u64,
}

/// One pair of the new round as a Swiss engine returns it, by pairing numbers; `black == None`
/// is the bye. The tournament turns it into a board [`crate::round_robin::Pairing`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SwissPairing {
    /// The player with red (first listed).
    pub red: u32,
    /// The player with black, or `None` for the pairing-allocated bye.
    pub black: Option<u32>,
}

/// Why no pairing was produced.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// The absolute criteria cannot all be met.
    #[error("no valid pairing exists: the absolute criteria cannot all be met")]
    NoValidPairing,
    /// The input is inconsistent.
    #[error("invalid tournament state: {0}")]
    InvalidInput(String),
    /// The tournament is beyond what this engine supports.
    #[error("unsupported: {0}")]
    Unsupported(String),
}

/// A Swiss pairing system: computes the next round from the tournament state.
pub trait PairingSystem {
    /// A short name (`"dutch"`, `"cxa"`).
    fn name(&self) -> &'static str;

    /// Pairs the next round. Pairs are returned in board order, the bye (if any) last.
    ///
    /// # Errors
    /// [`PairingError`] when the state is inconsistent or no pairing satisfies the absolute
    /// criteria.
    fn pair(&self, input: &SwissInput) -> Result<Vec<SwissPairing>, PairingError>;
}

/// Formats pairings as bbpPairings `-p` does: the number of pairs, then `red black` per line
/// (`N 0` for the bye).
#[must_use]
pub fn format_pairings(pairs: &[SwissPairing]) -> String {
    let mut out = format!("{}\n", pairs.len());
    for p in pairs {
        out.push_str(&format!("{} {}\n", p.red, p.black.unwrap_or(0)));
    }
    out
}

#[cfg(test)]
pub(crate) mod testdata {
    use std::path::PathBuf;

    /// The tournament test data, copied into the crate from `shared/data/tournament` (sources and
    /// licences in `tests/data/README.md`).
    pub fn dir() -> PathBuf {
        PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/tournament"
        ))
    }

    /// Reads a test data file, failing with a message naming the path.
    pub fn read(rel: &str) -> String {
        let path = dir().join(rel);
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("missing test data {}: {e}", path.display()))
    }
}
