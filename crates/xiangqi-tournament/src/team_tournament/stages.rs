//! A team event as a [`Competition`]: its rounds are paired by the same stages as a
//! tournament of players ([`crate::stage`]), each team as one entrant.
//!
//! - Team number `n` ([`PlayerId`] `n`) is the team of index `n − 1`; a stage's game is a team
//!   match, its `red` the team listed first (red on odd boards, CXA 12.2).
//! - [`TeamFormat`] names the stages: a round robin or 全队轮赛制 is a [`RoundRobinStage`]
//!   (CXA 10.1, 11.4), a Swiss a [`SwissStage`] (CXA 10.3), a knockout a [`KnockoutStage`]
//!   (CXA 10.4, 12.4; WXF 10.1). Each is one stage, from round 1.
//! - The stage answers what the format used to: whether the order table keeps a team gone
//!   after the start (CXA 19.3), which matches a withdrawal can cancel (CXA 19.2), whether a
//!   bye scores (CXA 14.4), the tie-break kind (CXA 14.5, 14.6), the bracket's checks.

use super::{TeamError, TeamEvent, TeamFormat, TeamPairing, TeamTournament, knockout::team_games};
use crate::{
    KnockoutStage, RoundRobinStage, SwissStage,
    knockout::MatchGame,
    knockout_stage::Wanted,
    stage::{BracketFault, Competition, PairedRound, Stage, StageError, Staged},
    swiss::{PairingSystem, SwissInput},
    tiebreak::Standing,
    types::PlayerId,
};

impl From<StageError> for TeamError {
    fn from(e: StageError) -> TeamError {
        let no_round = |what: &str| TeamError::NoRound(what.into());
        match e {
            StageError::TooFewEntrants(what) => {
                TeamError::NoRound(format!("{what} needs at least 2 teams"))
            }
            StageError::AllRoundsPaired(n) => {
                TeamError::NoRound(format!("all {n} rounds are paired"))
            }
            StageError::RoundIncomplete(r) => TeamError::RoundIncomplete(r),
            StageError::Decided => no_round("the knockout is decided"),
            StageError::NeedsEngine => {
                no_round("a swiss of teams is paired by a swiss engine (pair_swiss) or by hand")
            }
            StageError::NeedsSeed => {
                no_round("a knockout of teams is paired from its bracket with a seed")
            }
            StageError::NotInBracket(fault) => TeamError::NotInBracket(
                match fault {
                    BracketFault::NoSeed => "a knockout round keeps the seed of its lot",
                    BracketFault::MissingLines => {
                        "the round must pair every line still being played"
                    }
                    BracketFault::Byes => "the byes must be the bracket's",
                    BracketFault::NotALine => "a match that is not a line of the bracket",
                    BracketFault::Alternation => {
                        "the first-listed team alternates after a line's first match"
                    }
                }
                .into(),
            ),
            StageError::Pairing(e) => TeamError::Pairing(e),
            StageError::UnknownEntrant(n) => TeamError::UnknownTeam((n as usize).wrapping_sub(1)),
        }
    }
}

/// Teams seen by their stages.
impl Competition for TeamTournament {
    type Event = TeamEvent;
    type Error = TeamError;

    /// One stage a format, from round 1.
    fn stages(&self) -> Vec<Box<dyn Stage<TeamTournament>>> {
        match self.format {
            TeamFormat::RoundRobin { cycles } | TeamFormat::AllPlayAll { cycles } => {
                vec![Box::new(RoundRobinStage { cycles })]
            }
            TeamFormat::Swiss { rounds } => vec![Box::new(SwissStage {
                rounds,
                elimination: None,
            })],
            TeamFormat::Knockout {
                games,
                playoff_games,
            } => vec![Box::new(KnockoutStage {
                games,
                playoff_games,
                qualifiers: None,
            })],
        }
    }

    fn table(&self) -> Vec<PlayerId> {
        self.table_teams()
            .into_iter()
            .map(PlayerId::from_index)
            .collect()
    }

    /// Every team format is one stage of the teams in the order table.
    fn stage_entrants(&self, _index: usize) -> Result<Vec<PlayerId>, TeamError> {
        Ok(self.table())
    }

    fn rounds_paired(&self) -> u32 {
        self.rounds.len() as u32
    }

    fn rounds_settled(&self, last: u32) -> bool {
        self.rounds.len() as u32 >= last && (1..=last).all(|r| self.round_settled(r))
    }

    fn withdrawn(&self, who: PlayerId) -> Option<u32> {
        self.withdrawn_after(who.index())
    }

    fn round_seed(&self, round: u32) -> Option<u64> {
        self.rounds
            .get((round as usize).wrapping_sub(1))
            .and_then(|r| r.seed)
    }

    fn standings(&self) -> Vec<Standing> {
        TeamTournament::standings(self)
    }

    /// The round before settled: its 场分 pair the next (CXA 10.3).
    fn swiss_ready(&self, round: u32) -> Result<(), TeamError> {
        if round > 1 && !self.round_settled(round - 1) {
            return Err(TeamError::RoundIncomplete(round - 1));
        }
        Ok(())
    }

    fn swiss_input(&self, seed: u64) -> SwissInput {
        TeamTournament::swiss_input(self, seed)
    }

    fn knockout_games(&self, round: u32, wanted: &[Wanted]) -> Option<Vec<(usize, MatchGame)>> {
        team_games(self, round, wanted)
    }

    fn round_event(&self, r: PairedRound) -> Result<TeamEvent, TeamError> {
        let team = |p: PlayerId| {
            let k = p.index();
            if k < self.teams.len() {
                Ok(k)
            } else {
                Err(TeamError::UnknownTeam(k))
            }
        };
        let matches = r
            .games
            .iter()
            .map(|g| {
                Ok(TeamPairing {
                    table: g.board,
                    first: team(g.red)?,
                    second: team(g.black)?,
                })
            })
            .collect::<Result<_, TeamError>>()?;
        Ok(TeamEvent::RoundPaired {
            round: r.round,
            matches,
            byes: r.byes.into_iter().map(team).collect::<Result<_, _>>()?,
            seed: r.seed,
        })
    }
}

impl TeamTournament {
    /// The next round of a round robin or 全队轮赛制 (CXA 10.1, 11.4, and 12.2: the team listed
    /// first in the order table is red on odd boards); a team resting is listed as a bye
    /// (unscored).
    ///
    /// # Errors
    /// A Swiss (paired by [`TeamTournament::pair_swiss`] or by hand), a knockout (paired by
    /// [`TeamTournament::pair_knockout`]), too few teams, or every round paired.
    pub fn pair_next_round(&self) -> Result<TeamEvent, TeamError> {
        let (stage, play) = self
            .current_stage()
            .ok_or_else(|| TeamError::NoRound("the format has no stage".into()))?;
        stage.pair(&play, None, None)
    }

    /// The next round's pairing event whatever the format, as its stage pairs it: the order
    /// table of a round robin (CXA 10.1, 11.4), `engine` for a Swiss round (CXA 10.3), the
    /// bracket for a knockout round (CXA 10.4). `seed` is kept in the event for any lot drawn.
    ///
    /// # Errors
    /// As [`TeamTournament::pair_next_round`], [`TeamTournament::pair_swiss`] or
    /// [`TeamTournament::pair_knockout`].
    pub fn pair_next(&self, engine: &dyn PairingSystem, seed: u64) -> Result<TeamEvent, TeamError> {
        let (stage, play) = self
            .current_stage()
            .ok_or_else(|| TeamError::NoRound("the format has no stage".into()))?;
        stage.pair(&play, Some(engine), Some(seed))
    }
}
