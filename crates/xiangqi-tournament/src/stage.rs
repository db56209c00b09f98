//! A format as a list of stages (CXA 2011 art. 10): each stage pairs its next round from the
//! standings so far and a lot seed, says when it is finished, and gives standings or a bracket.
//!
//! A stage runs in a [`Competition`]: a [`crate::tournament::Tournament`] of players or a
//! [`crate::team_tournament::TeamTournament`] of teams. The stage reads the competition through
//! that trait (the order table, rounds paired and settled, withdrawals, standings, lot seeds,
//! the games of a knockout line) and pairs a round as a neutral [`PairedRound`], which the
//! competition turns into its own event ([`Competition::round_event`]). Entrants are
//! [`PlayerId`]s: a player's start number, or team number `n` for the team of index `n − 1`.
//!
//! [`crate::tournament::Format`] and [`crate::team_tournament::TeamFormat`] stay the stored,
//! serde-visible descriptions of a format (the event logs keep them as they always did);
//! [`crate::tournament::Format::stages`] and [`Competition::stages`] turn them into the stages
//! that run them:
//!
//! | format | players | teams |
//! |---|---|---|
//! | 大循环制 (10.1) | [`crate::RoundRobinStage`] | [`crate::RoundRobinStage`] |
//! | 全队轮赛制 (11.4) | – | [`crate::RoundRobinStage`] (each match all-play-all) |
//! | 分组循环制 (10.2) | [`crate::GroupStage`] | – |
//! | 积分编排制 (10.3) | [`crate::SwissStage`] | [`crate::SwissStage`] |
//! | 淘汰制 (10.4) | [`crate::KnockoutStage`] | [`crate::KnockoutStage`] |
//! | 双败淘汰制 (10.4) | [`crate::DoubleEliminationStage`] | – |
//! | 抽签分组淘汰 (seed 001 art. 7) | [`crate::LotKnockoutStage`] | – |
//! | 积分晋圈淘汰制 (10.5) | [`crate::SwissStage`], then [`crate::KnockoutStage`] of its top k | – |
//! | 积分末位淘汰制 (10.6) | [`crate::SwissStage`] with bottom elimination | – |
//!
//! [`crate::RoundRobinStage`], [`crate::SwissStage`] and [`crate::KnockoutStage`] are one
//! implementation for any [`Competition`]; the others are the players' only.
//!
//! Stage `i` plays the tournament rounds after stage `i − 1`'s last; a stage whose round count
//! is fixed in advance (a Swiss) says so with [`Stage::fixed_rounds`], and only such a stage can
//! be followed by another. The standings of a tournament are its first stage's; a later stage
//! (a knockout) is its bracket.
//!
//! A new format is a new [`Stage`] and one line of [`crate::tournament::Format::stages`] (or of
//! the team event's [`Competition::stages`]), not a branch in every method of [`crate::tournament::Tournament`].
//! The rules on withdrawals and forfeits (CXA 19, 20) are shared the same way, over encounters
//! (a game or a team match), by one lifecycle module: withdrawals dated, the order table
//! redrawn (14.4), results cancelled (19.2) or forfeited (19.3, 20); the stage says only whether
//! its table keeps a withdrawn entrant ([`Stage::keeps_withdrawn`]) and which encounters can be
//! cancelled ([`Stage::scheduled_games`]).

use std::any::Any;

use crate::{
    knockout::{MatchGame, Placings},
    round_robin::Pairing,
    swiss::{PairingSystem, SwissInput},
    tiebreak::{EventKind, Standing},
    types::{Color, PlayerId},
};

/// A round's wanted games as the bracket walk asks for them: (line, first-listed,
/// second-listed, the first's colour if forced).
pub(crate) type Wanted = (usize, PlayerId, PlayerId, Option<Color>);

/// A round as a stage pairs it, before a competition makes it its event: the games (a match of
/// two teams for a team event, the first-listed team as `red`), the entrants without one, and
/// the seed of any lot drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairedRound {
    /// The round, 1-based.
    pub round: u32,
    /// Board (table) by board: who is listed first (red) and second.
    pub games: Vec<Pairing>,
    /// Entrants without an opponent this round.
    pub byes: Vec<PlayerId>,
    /// The seed of the round's lots, kept in the event so the round replays.
    pub seed: Option<u64>,
}

/// How a hand-made round strays from a knockout's bracket (CXA 10.4, 12.4); each competition
/// words it for its own entrants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BracketFault {
    /// The round keeps no seed.
    NoSeed,
    /// Not every line still being played is paired.
    MissingLines,
    /// The byes are not the bracket's.
    Byes,
    /// A game or match that is no line of the bracket.
    NotALine,
    /// The first-listed side does not alternate after a line's first game (CXA 12.4).
    Alternation,
}

/// Why a stage cannot pair (or accept) a round, whatever its competition: turned into the
/// competition's own error ([`Competition::Error`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StageError {
    /// Fewer than two entrants; the name is the format's ("a round robin", "a knockout").
    TooFewEntrants(&'static str),
    /// Every round of the stage is paired.
    AllRoundsPaired(u32),
    /// The round has encounters without a result.
    RoundIncomplete(u32),
    /// The bracket is decided.
    Decided,
    /// A Swiss round needs a pairing engine and a seed.
    NeedsEngine,
    /// A bracket round needs the seed of its lot.
    NeedsSeed,
    /// A hand-made round that is not the bracket's.
    NotInBracket(BracketFault),
    /// The Swiss engine's own error.
    Pairing(String),
    /// The engine named an entrant number that does not exist.
    UnknownEntrant(u32),
}

/// A competition that runs its format as a list of [`Stage`]s: players ([`crate::tournament::Tournament`]) or
/// teams ([`crate::team_tournament::TeamTournament`]). What a stage reads of it: the order
/// table, rounds paired and settled, withdrawals, standings, the games of a knockout line.
pub trait Competition: Sized + 'static {
    /// The competition's event; a paired round becomes one ([`Competition::round_event`]).
    type Event;
    /// The competition's error; a [`StageError`] becomes one.
    type Error: From<StageError>;

    /// The format's stages, in order.
    fn stages(&self) -> Vec<Box<dyn Stage<Self>>>;

    /// The entrants of the order table (the bracket's seeds) in table order: everyone but
    /// those gone before round 1 (CXA 14.4; WXF 11.2).
    fn table(&self) -> Vec<PlayerId>;

    /// The entrants of stage `index` in seed order (CXA 10.5 for a stage after another).
    ///
    /// # Errors
    /// The stage before is not finished.
    fn stage_entrants(&self, index: usize) -> Result<Vec<PlayerId>, Self::Error>;

    /// Rounds paired so far.
    fn rounds_paired(&self) -> u32;

    /// Whether rounds 1 to `last` are all paired and settled.
    fn rounds_settled(&self, last: u32) -> bool;

    /// The round after which `who` withdrew (CXA 19; WXF 11), if it did.
    fn withdrawn(&self, who: PlayerId) -> Option<u32>;

    /// The round after which `who` was eliminated (CXA 10.6), if it was.
    fn eliminated(&self, _who: PlayerId) -> Option<u32> {
        None
    }

    /// The seed of round `round`'s lots, if it drew any.
    fn round_seed(&self, round: u32) -> Option<u64>;

    /// The standings so far, best first.
    fn standings(&self) -> Vec<Standing>;

    /// The competition's own checks of a round a table stage pairs (CXA 10.1), before it is
    /// offered.
    ///
    /// # Errors
    /// Why the round cannot be paired now.
    fn check_table_round(&self, _round: &PairedRound) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Whether a Swiss round (CXA 10.3) may be paired now, `round` being the next.
    ///
    /// # Errors
    /// Why not.
    fn swiss_ready(&self, _round: u32) -> Result<(), Self::Error> {
        Ok(())
    }

    /// The competition as a Swiss engine sees it, with `seed` for any lot the engine draws.
    fn swiss_input(&self, seed: u64) -> SwissInput;

    /// The games round `round` holds for the `wanted` knockout lines, each with its line, as
    /// seen from the line's first-listed side; `None` if the round is not paired.
    fn knockout_games(&self, round: u32, wanted: &[Wanted]) -> Option<Vec<(usize, MatchGame)>>;

    /// The placing matches a knockout plays (附加赛, CXA 10.4).
    fn placings(&self) -> Placings {
        Placings::None
    }

    /// `round` as the competition's event.
    ///
    /// # Errors
    /// An entrant the competition does not know.
    fn round_event(&self, round: PairedRound) -> Result<Self::Event, Self::Error>;
}

/// Where a stage stands in its competition: what a [`Stage`] reads besides the competition.
#[derive(Debug)]
pub struct StagePlay<'a, C> {
    /// The competition (players or teams), its rounds, results and withdrawals.
    pub tournament: &'a C,
    /// The stage's place in the format's list.
    pub index: usize,
    /// The tournament round in which the stage starts.
    pub first_round: u32,
}

impl<C> Clone for StagePlay<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for StagePlay<'_, C> {}

impl<C: Competition> StagePlay<'_, C> {
    /// The stage's entrants in seed order: the table for the first stage, the qualifiers of
    /// the stage before for a later one (CXA 10.5).
    ///
    /// # Errors
    /// The stage before is not finished ([`crate::tournament::TournamentError::StageUnfinished`],
    /// [`crate::tournament::TournamentError::RoundIncomplete`]).
    pub fn entrants(&self) -> Result<Vec<PlayerId>, C::Error> {
        self.tournament.stage_entrants(self.index)
    }

    /// Rounds of this stage paired so far.
    #[must_use]
    pub fn rounds_paired(&self) -> u32 {
        (self.tournament.rounds_paired() + 1).saturating_sub(self.first_round)
    }

    /// The tournament round that would be paired next.
    #[must_use]
    pub fn next_round(&self) -> u32 {
        self.tournament.rounds_paired() + 1
    }
}

/// What a stage gives once played (or so far): standings or a bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StageOutcome {
    /// Ranked by score and tie-breaks (a round robin or a Swiss).
    Standings(Vec<crate::tiebreak::Standing>),
    /// One table of standings per group (CXA 10.2).
    Groups(Vec<Vec<crate::tiebreak::Standing>>),
    /// A single-elimination bracket, round by round (CXA 10.4).
    Bracket(Vec<Vec<crate::knockout::KnockoutMatch>>),
    /// A double-elimination bracket in playing order (CXA 10.4).
    DoubleBracket(Vec<crate::double_elimination::DoubleMatch>),
}

/// One stage of a format (CXA 10.1–10.6), in a competition `C` of players (the default) or
/// of teams.
pub trait Stage<C: Competition>: std::fmt::Debug + Any {
    /// Rounds the stage plays: exact for a table or a Swiss, an upper bound for a bracket.
    fn rounds(&self, play: &StagePlay<'_, C>) -> u32;

    /// Rounds fixed before the stage starts (a Swiss): a stage after it starts then.
    fn fixed_rounds(&self) -> Option<u32> {
        None
    }

    /// The next round's pairing event. `engine` pairs a Swiss round and `seed` draws any lot
    /// (kept in the event); a stage that needs one of them and is not given it answers
    /// [`StageError::NeedsEngine`] or [`StageError::NeedsSeed`]
    /// ([`crate::tournament::TournamentError::NeedsPairings`] for players).
    ///
    /// # Errors
    /// Why the round cannot be paired now.
    fn pair(
        &self,
        play: &StagePlay<'_, C>,
        engine: Option<&dyn PairingSystem>,
        seed: Option<u64>,
    ) -> Result<C::Event, C::Error>;

    /// Checks a round paired by hand against the stage's own rules (a bracket's plan).
    ///
    /// # Errors
    /// Why the pairing is not the stage's.
    fn check(
        &self,
        _play: &StagePlay<'_, C>,
        _games: &[Pairing],
        _byes: &[PlayerId],
        _seed: Option<u64>,
    ) -> Result<(), C::Error> {
        Ok(())
    }

    /// Whether the stage is over: every round paired and settled, or the bracket decided.
    fn finished(&self, play: &StagePlay<'_, C>) -> bool;

    /// The stage's standings or bracket so far.
    fn outcome(&self, play: &StagePlay<'_, C>) -> StageOutcome;

    /// The winner of a bracket, once decided.
    fn champion(&self, _play: &StagePlay<'_, C>) -> Option<PlayerId> {
        None
    }

    /// How the books rank the stage's games (CXA 14.1–14.4; WXF 10.2–10.3).
    fn event_kind(&self) -> EventKind {
        EventKind::Swiss
    }

    /// Games two players play against each other (两局制: 2): folded into one match for the
    /// standings (CXA 14.2; WXF 9.2).
    fn cycles(&self) -> u32 {
        1
    }

    /// Whether a bye scores (a Swiss: CXA 14.4) or is a rest (a round robin's sitting out).
    fn scores_byes(&self) -> bool {
        false
    }

    /// Whether the order table keeps a player who withdrew after the start: their games are
    /// then forfeited, not left unpaired (CXA 19.3; WXF 11.4).
    fn keeps_withdrawn(&self) -> bool {
        false
    }

    /// The games `player` was scheduled to play in the stage, when withdrawing before half of
    /// them cancels every result (CXA 19.2; WXF 11.3); `None` where results always stand.
    fn scheduled_games(&self, _play: &StagePlay<'_, C>, _player: PlayerId) -> Option<u32> {
        None
    }

    /// The players of the stage due out before its next round (CXA 10.6), lowest first.
    fn elimination_due(&self, _play: &StagePlay<'_, C>) -> Vec<PlayerId> {
        Vec::new()
    }

    /// Whether the stage is a bracket, paired by [`crate::tournament::Tournament::pair_knockout`] (CXA 10.4).
    fn is_bracket(&self) -> bool {
        false
    }

    /// Whether the stage eliminates players as it goes (CXA 10.6): they then rank below
    /// everyone still in.
    fn eliminates(&self) -> bool {
        false
    }

    /// Rounds of a Swiss stage, paired by a Swiss engine (CXA 10.3).
    fn swiss_rounds(&self) -> Option<u32> {
        None
    }

    /// How many go through to the stage from the one before (CXA 10.5), if it follows one.
    fn qualifiers(&self) -> Option<u32> {
        None
    }
}

/// A stage with its place in the competition.
pub(crate) type Placed<'a, C> = (Box<dyn Stage<C>>, StagePlay<'a, C>);

/// A competition's stages placed in its rounds, for any [`Competition`].
pub(crate) trait Staged: Competition {
    /// Every stage with the round it starts in: the first in round 1, each after the fixed
    /// rounds of the one before.
    fn stage_plays(&self) -> Vec<Placed<'_, Self>> {
        let mut first_round = 1u32;
        self.stages()
            .into_iter()
            .enumerate()
            .map(|(index, stage)| {
                let play = StagePlay {
                    tournament: self,
                    index,
                    first_round,
                };
                first_round = stage
                    .fixed_rounds()
                    .map_or(u32::MAX, |r| first_round.saturating_add(r));
                (stage, play)
            })
            .collect()
    }

    /// The stage that plays round `round`.
    fn stage_at(&self, round: u32) -> Option<Placed<'_, Self>> {
        self.stage_plays()
            .into_iter()
            .rev()
            .find(|(_, play)| play.first_round <= round)
    }

    /// The stage of the next round to pair.
    fn current_stage(&self) -> Option<Placed<'_, Self>> {
        self.stage_at(self.rounds_paired() + 1)
    }

    /// The format's last stage (the one that crowns a champion, if any does).
    fn last_stage(&self) -> Option<Placed<'_, Self>> {
        self.stage_plays().pop()
    }

    /// `f` of the format's stage of type `S`, if it has one.
    fn with_stage<S: Stage<Self>, R>(
        &self,
        f: impl FnOnce(&S, &StagePlay<'_, Self>) -> R,
    ) -> Option<R> {
        let plays = self.stage_plays();
        let (stage, play) = plays.iter().find(|(stage, _)| {
            let stage: &dyn Any = stage.as_ref();
            stage.is::<S>()
        })?;
        let stage: &dyn Any = stage.as_ref();
        Some(f(stage.downcast_ref::<S>()?, play))
    }
}

impl<C: Competition> Staged for C {}
