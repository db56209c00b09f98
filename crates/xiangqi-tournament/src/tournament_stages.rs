//! The players' tournament seen by its stages ([`crate::stage`]): how a [`Tournament`] answers
//! a stage's questions ([`Competition`]), the stage errors as tournament errors, and what the
//! tournament asks of its stages (entrants, a stage finished, the Swiss rounds). Kept apart from
//! both, so that the stages (the lower layer, generic over any competition, teams included) do
//! not depend on the players' tournament that runs them.

use crate::{
    knockout::{MatchGame, Placings},
    stage::{BracketFault, Competition, PairedRound, Stage, StageError, Staged, Wanted},
    swiss::SwissInput,
    tiebreak::Standing,
    tournament::{Event, Tournament, TournamentError},
    types::{Color, GameResult, PlayerId},
};

impl From<StageError> for TournamentError {
    fn from(e: StageError) -> TournamentError {
        match e {
            StageError::TooFewEntrants(_) => TournamentError::TooFewPlayers,
            StageError::AllRoundsPaired(n) => TournamentError::AllRoundsPaired(n),
            StageError::RoundIncomplete(r) => TournamentError::RoundIncomplete(r),
            StageError::Decided => TournamentError::KnockoutDecided,
            StageError::NeedsEngine | StageError::NeedsSeed => TournamentError::NeedsPairings,
            StageError::NotInBracket(fault) => TournamentError::NotInBracket(
                match fault {
                    BracketFault::NoSeed => "a knockout round keeps the seed of its lot",
                    BracketFault::MissingLines => {
                        "the round must pair every match still being played"
                    }
                    BracketFault::Byes => "the byes must be the bracket's",
                    BracketFault::NotALine => "a game that is not a match of the bracket",
                    BracketFault::Alternation => "colours alternate after a match's first game",
                }
                .into(),
            ),
            StageError::Pairing(e) => TournamentError::Pairing(e),
            StageError::UnknownEntrant(n) => TournamentError::UnknownPlayer(n),
        }
    }
}

/// Players seen by their stages.
impl Competition for Tournament {
    type Event = Event;
    type Error = TournamentError;

    fn stages(&self) -> Vec<Box<dyn Stage<Tournament>>> {
        // The format was checked when the tournament was created.
        self.format().stages().unwrap_or_default()
    }

    fn table(&self) -> Vec<PlayerId> {
        self.table_players()
    }

    fn stage_entrants(&self, index: usize) -> Result<Vec<PlayerId>, TournamentError> {
        Tournament::stage_entrants(self, index)
    }

    fn rounds_paired(&self) -> u32 {
        self.rounds().len() as u32
    }

    fn rounds_settled(&self, last: u32) -> bool {
        Tournament::rounds_settled(self, last)
    }

    fn withdrawn(&self, who: PlayerId) -> Option<u32> {
        self.withdrawn_after(who)
    }

    fn eliminated(&self, who: PlayerId) -> Option<u32> {
        self.eliminated_after(who)
    }

    fn round_seed(&self, round: u32) -> Option<u64> {
        self.rounds()
            .get((round as usize).wrapping_sub(1))
            .and_then(|r| r.seed)
    }

    fn standings(&self) -> Vec<Standing> {
        Tournament::standings(self)
    }

    /// The checks of a hand-made round (an unfinished round before it, withdrawals).
    fn check_table_round(&self, r: &PairedRound) -> Result<(), TournamentError> {
        self.check_pairing(r.round, &r.games, &r.byes, r.seed)
    }

    fn swiss_input(&self, seed: u64) -> SwissInput {
        Tournament::swiss_input(self, seed)
    }

    fn knockout_games(&self, round: u32, wanted: &[Wanted]) -> Option<Vec<(usize, MatchGame)>> {
        round_games(self, round, wanted)
    }

    fn placings(&self) -> Placings {
        Tournament::placings(self)
    }

    fn round_event(&self, r: PairedRound) -> Result<Event, TournamentError> {
        Ok(Event::RoundPaired {
            round: r.round,
            games: r.games,
            byes: r.byes,
            seed: r.seed,
        })
    }
}

impl Tournament {
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

/// The games played in round `number` of `t` that belong to the `wanted` matches, each with
/// its match's line, as seen from the match's first-listed player; `None` if the round has
/// not been paired. Every game comes out as a main game: whether it is a play-off is the
/// caller's to say (it depends on the match format).
pub(crate) fn round_games(
    t: &Tournament,
    number: u32,
    wanted: &[Wanted],
) -> Option<Vec<(usize, MatchGame)>> {
    let round = t.rounds().get(number as usize - 1)?;
    let games = round.games.iter().enumerate().filter_map(|(k, g)| {
        let p = g.pairing;
        let &(line, first, ..) = wanted
            .iter()
            .find(|(_, a, b, _)| [*a, *b].contains(&p.red) && [*a, *b].contains(&p.black))?;
        let first_color = if p.red == first {
            Color::Red
        } else {
            Color::Black
        };
        let result = t.effective_result(round.number, k);
        Some((
            line,
            MatchGame {
                round: round.number,
                board: p.board,
                first_color,
                outcome: result.map(|r| r.outcome_for(first_color)),
                playoff: false,
                double_forfeit: result == Some(GameResult::DoubleForfeit),
            },
        ))
    });
    Some(games.collect())
}
