//! A format as a list of stages (CXA 2011 art. 10): each stage pairs its next round from the
//! standings so far and a lot seed, says when it is finished, and gives standings or a bracket.
//!
//! [`crate::tournament::Format`] stays the stored, serde-visible description of a tournament's format (the event
//! log keeps it as it always did); [`crate::tournament::Format::stages`] turns it into the stages that run it:
//!
//! | format | stages |
//! |---|---|
//! | 大循环制 (10.1) | [`crate::RoundRobinStage`] |
//! | 分组循环制 (10.2) | [`crate::GroupStage`] |
//! | 积分编排制 (10.3) | [`crate::SwissStage`] |
//! | 淘汰制 (10.4) | [`crate::KnockoutStage`] |
//! | 双败淘汰制 (10.4) | [`crate::DoubleEliminationStage`] |
//! | 抽签分组淘汰 (seed 001 art. 7) | [`crate::LotKnockoutStage`] |
//! | 积分晋圈淘汰制 (10.5) | [`crate::SwissStage`], then [`crate::KnockoutStage`] of its top k |
//! | 积分末位淘汰制 (10.6) | [`crate::SwissStage`] with bottom elimination |
//!
//! Stage `i` plays the tournament rounds after stage `i − 1`'s last; a stage whose round count
//! is fixed in advance (a Swiss) says so with [`Stage::fixed_rounds`], and only such a stage can
//! be followed by another. The standings of a tournament are its first stage's; a later stage
//! (a knockout) is its bracket.
//!
//! A new format is a new [`Stage`] and one line of [`crate::tournament::Format::stages`], not a branch in every
//! method of [`Tournament`].

use std::any::Any;

use crate::{
    round_robin::Pairing,
    swiss::PairingSystem,
    tiebreak::EventKind,
    tournament::{Event, Tournament, TournamentError},
    types::PlayerId,
};

/// Where a stage stands in its tournament: what a [`Stage`] reads besides the tournament.
#[derive(Debug, Clone, Copy)]
pub struct StagePlay<'a> {
    /// The tournament, its rounds, results and withdrawals.
    pub tournament: &'a Tournament,
    /// The stage's place in the format's list.
    pub index: usize,
    /// The tournament round in which the stage starts.
    pub first_round: u32,
}

impl StagePlay<'_> {
    /// The stage's entrants in seed order: the table players for the first stage, the
    /// qualifiers of the stage before for a later one (CXA 10.5).
    ///
    /// # Errors
    /// The stage before is not finished ([`TournamentError::StageUnfinished`],
    /// [`TournamentError::RoundIncomplete`]).
    pub fn entrants(&self) -> Result<Vec<PlayerId>, TournamentError> {
        self.tournament.stage_entrants(self.index)
    }

    /// Rounds of this stage paired so far.
    #[must_use]
    pub fn rounds_paired(&self) -> u32 {
        (self.tournament.rounds().len() as u32 + 1).saturating_sub(self.first_round)
    }

    /// The tournament round that would be paired next.
    #[must_use]
    pub fn next_round(&self) -> u32 {
        self.tournament.rounds().len() as u32 + 1
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

/// One stage of a format (CXA 10.1–10.6).
pub trait Stage: std::fmt::Debug + Any {
    /// Rounds the stage plays: exact for a table or a Swiss, an upper bound for a bracket.
    fn rounds(&self, play: &StagePlay<'_>) -> u32;

    /// Rounds fixed before the stage starts (a Swiss): a stage after it starts then.
    fn fixed_rounds(&self) -> Option<u32> {
        None
    }

    /// The next round's pairing event. `engine` pairs a Swiss round and `seed` draws any lot
    /// (kept in the event); a stage that needs one of them and is not given it answers
    /// [`TournamentError::NeedsPairings`].
    ///
    /// # Errors
    /// Why the round cannot be paired now.
    fn pair(
        &self,
        play: &StagePlay<'_>,
        engine: Option<&dyn PairingSystem>,
        seed: Option<u64>,
    ) -> Result<Event, TournamentError>;

    /// Checks a round paired by hand against the stage's own rules (a bracket's plan).
    ///
    /// # Errors
    /// Why the pairing is not the stage's.
    fn check(
        &self,
        _play: &StagePlay<'_>,
        _games: &[Pairing],
        _byes: &[PlayerId],
        _seed: Option<u64>,
    ) -> Result<(), TournamentError> {
        Ok(())
    }

    /// Whether the stage is over: every round paired and settled, or the bracket decided.
    fn finished(&self, play: &StagePlay<'_>) -> bool;

    /// The stage's standings or bracket so far.
    fn outcome(&self, play: &StagePlay<'_>) -> StageOutcome;

    /// The winner of a bracket, once decided.
    fn champion(&self, _play: &StagePlay<'_>) -> Option<PlayerId> {
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
    fn scheduled_games(&self, _play: &StagePlay<'_>, _player: PlayerId) -> Option<u32> {
        None
    }

    /// The players of the stage due out before its next round (CXA 10.6), lowest first.
    fn elimination_due(&self, _play: &StagePlay<'_>) -> Vec<PlayerId> {
        Vec::new()
    }

    /// Whether the stage is a bracket, paired by [`Tournament::pair_knockout`] (CXA 10.4).
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

/// A stage with its place in the tournament.
pub(crate) type Placed<'a> = (Box<dyn Stage>, StagePlay<'a>);

impl Tournament {
    /// The stages of the format, in order.
    pub(crate) fn stages(&self) -> Vec<Box<dyn Stage>> {
        // The format was checked when the tournament was created.
        self.format().stages().unwrap_or_default()
    }

    /// Every stage with the round it starts in: the first in round 1, each after the fixed
    /// rounds of the one before.
    pub(crate) fn stage_plays(&self) -> Vec<Placed<'_>> {
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

    /// The stage that plays tournament round `round`.
    pub(crate) fn stage_at(&self, round: u32) -> Option<Placed<'_>> {
        self.stage_plays()
            .into_iter()
            .rev()
            .find(|(_, play)| play.first_round <= round)
    }

    /// The stage of the next round to pair.
    pub(crate) fn current_stage(&self) -> Option<Placed<'_>> {
        self.stage_at(self.rounds().len() as u32 + 1)
    }

    /// The format's last stage (the one that crowns a champion, if any does).
    pub(crate) fn last_stage(&self) -> Option<Placed<'_>> {
        self.stage_plays().pop()
    }

    /// `f` of the format's stage of type `S`, if it has one.
    pub(crate) fn with_stage<S: Stage, R>(
        &self,
        f: impl FnOnce(&S, &StagePlay<'_>) -> R,
    ) -> Option<R> {
        let plays = self.stage_plays();
        let (stage, play) = plays.iter().find(|(stage, _)| {
            let stage: &dyn Any = stage.as_ref();
            stage.is::<S>()
        })?;
        let stage: &dyn Any = stage.as_ref();
        Some(f(stage.downcast_ref::<S>()?, play))
    }

    /// Rounds of a Swiss stage (CXA 10.3), for the formats that pair with a Swiss engine.
    pub(crate) fn swiss_rounds(&self) -> Option<u32> {
        self.stages().iter().find_map(|s| s.swiss_rounds())
    }

    /// Whether the first `last` rounds are all paired and settled.
    pub(crate) fn rounds_settled(&self, last: u32) -> bool {
        self.rounds().len() as u32 >= last && self.field().rounds >= last
    }

    /// Whether stage `index` is over.
    pub(crate) fn stage_finished(&self, index: usize) -> bool {
        self.stage_plays()
            .get(index)
            .is_some_and(|(stage, play)| stage.finished(play))
    }

    /// The last round of the stage before `index`, for a stage that follows a fixed one.
    fn stage_before_ends(&self, index: usize) -> Option<u32> {
        let plays = self.stage_plays();
        let (_, play) = plays.get(index)?;
        (index > 0).then(|| play.first_round - 1)
    }

    /// The entrants of stage `index` in seed order, as far as known: the table players for the
    /// first stage; for a later one the fixed qualifiers once its first round is paired, else
    /// the top `k` of the standings so far, leaving out anyone who withdrew before the stage
    /// before ended (CXA 10.5).
    pub(crate) fn provisional_entrants(&self, index: usize) -> Vec<PlayerId> {
        let Some(ends) = self.stage_before_ends(index) else {
            return self.table_players();
        };
        if let Some(fixed) = self.fixed_qualifiers() {
            return fixed.to_vec();
        }
        let k = self
            .stages()
            .get(index)
            .and_then(|s| s.qualifiers())
            .map_or(usize::MAX, |k| k as usize);
        self.standings()
            .into_iter()
            .map(|s| PlayerId::from_index(s.competitor))
            .filter(|&p| self.withdrawn_after(p).is_none_or(|a| a >= ends))
            .take(k)
            .collect()
    }

    /// The entrants of stage `index`, once the stage before is over (CXA 10.5).
    pub(crate) fn stage_entrants(&self, index: usize) -> Result<Vec<PlayerId>, TournamentError> {
        if let Some(ends) = self.stage_before_ends(index) {
            if !self.rounds_settled(ends) {
                let r = self.rounds().len() as u32;
                return Err(if r < ends {
                    TournamentError::StageUnfinished(r, ends)
                } else {
                    TournamentError::RoundIncomplete(ends)
                });
            }
        }
        Ok(self.provisional_entrants(index))
    }
}
