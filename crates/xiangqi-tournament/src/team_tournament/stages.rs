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
    stage::Wanted,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Player, ScoringScheme,
        knockout::MatchFormat,
        swiss::cxa::Cxa,
        team_tournament::{
            TeamRanking,
            tests::{pair, record, teams_event},
        },
        tournament::{Event, Format, Tournament},
        types::Book,
    };

    const FIVE: [&str; 5] = ["A", "B", "C", "D", "E"];

    fn teams(format: TeamFormat) -> TeamTournament {
        teams_event(
            format,
            Book::Cxa2011,
            2,
            false,
            TeamRanking::MatchPoints,
            &FIVE,
        )
        .unwrap()
    }

    /// The round's matches as (table, first, second) team numbers, and its byes.
    fn team_round(e: &TeamEvent) -> (Vec<(u32, u32, u32)>, Vec<u32>) {
        let TeamEvent::RoundPaired { matches, byes, .. } = e else {
            panic!("not a round: {e:?}")
        };
        (
            matches
                .iter()
                .map(|m| (m.table, m.first as u32 + 1, m.second as u32 + 1))
                .collect(),
            byes.iter().map(|&b| b as u32 + 1).collect(),
        )
    }

    #[test]
    fn one_round_robin_stage_pairs_players_and_teams_alike() {
        // CXA 10.1, appendix 2 (and 12.2 for teams: the first-listed team is red on odd
        // boards): five players and five teams meet in the same order table, round by round,
        // the fifth sitting out in turn.
        let mut events = vec![Event::Created {
            name: "players".into(),
            rules: Book::Cxa2011,
            format: Format::RoundRobin { cycles: 1 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        events.extend(FIVE.iter().map(|n| Event::Registered {
            player: Player::named(*n),
        }));
        let mut players = Tournament::from_events(events).unwrap();
        let mut t = teams(TeamFormat::RoundRobin { cycles: 1 });
        for round in 1..=5 {
            let Event::RoundPaired { games, byes, .. } = players.pair_next_round().unwrap() else {
                unreachable!()
            };
            let e = t.pair_next_round().unwrap();
            let (matches, team_byes) = team_round(&e);
            let want: Vec<(u32, u32, u32)> = games
                .iter()
                .map(|g| (g.board, g.red.get(), g.black.get()))
                .collect();
            assert_eq!(matches, want, "round {round}");
            assert_eq!(team_byes, byes.iter().map(|b| b.get()).collect::<Vec<_>>());
            assert_eq!(team_byes.len(), 1, "five entrants: one sits out");
            players
                .apply(Event::RoundPaired {
                    round,
                    games: games.clone(),
                    byes,
                    seed: None,
                })
                .unwrap();
            for g in &games {
                players
                    .apply(Event::ResultRecorded {
                        round,
                        board: g.board,
                        result: crate::GameResult::Draw,
                    })
                    .unwrap();
            }
            t.apply(e).unwrap();
            for table in 1..=matches.len() as u32 {
                record(&mut t, round, table, &["DD"]);
            }
        }
        // The table is played out, for both.
        assert!(matches!(
            players.pair_next_round(),
            Err(crate::tournament::TournamentError::AllRoundsPaired(5))
        ));
        assert_eq!(
            t.pair_next_round(),
            Err(TeamError::NoRound("all 5 rounds are paired".into()))
        );
    }

    #[test]
    fn pair_next_asks_the_formats_stage() {
        // CXA 10.1, 10.3, 10.4: one call pairs any format, as its own method does.
        let rr = teams(TeamFormat::RoundRobin { cycles: 2 });
        assert_eq!(rr.pair_next(&Cxa, 3), rr.pair_next_round());
        let swiss = teams(TeamFormat::Swiss { rounds: 3 });
        let e = swiss.pair_next(&Cxa, 3).unwrap();
        assert_eq!(Ok(e.clone()), swiss.pair_swiss(&Cxa, 3));
        let (matches, byes) = team_round(&e);
        assert_eq!(
            (matches.len(), byes.len()),
            (2, 1),
            "five teams: a bye (CXA 14.4)"
        );
        let cup = teams(TeamFormat::Knockout {
            games: MatchFormat::OneGame,
            playoff_games: 0,
        });
        let e = cup.pair_next(&Cxa, 3).unwrap();
        assert_eq!(Ok(e.clone()), cup.pair_knockout(3));
        let (matches, mut byes) = team_round(&e);
        assert_eq!(matches.len(), 1, "seed 4 meets seed 5 in a bracket of 8");
        byes.sort_unstable();
        assert_eq!(byes, [1, 2, 3]);
        // Without an engine or a seed, the stage says what it needs.
        let needs = |t: &TeamTournament| match t.pair_next_round() {
            Err(TeamError::NoRound(m)) => m,
            other => panic!("{other:?}"),
        };
        assert!(needs(&swiss).contains("swiss engine"));
        assert!(needs(&cup).contains("with a seed"));
        // The engine pairs only a Swiss; the bracket only a knockout.
        assert!(matches!(
            rr.pair_swiss(&Cxa, 1),
            Err(TeamError::InvalidFormat(_))
        ));
        assert!(matches!(
            rr.pair_knockout(1),
            Err(TeamError::InvalidFormat(_))
        ));
    }

    #[test]
    fn a_hand_made_knockout_round_is_checked_by_the_stage() {
        // CXA 10.4: the byes are the bracket's (seeds 1–3 of five), worded for teams.
        let mut t = teams(TeamFormat::Knockout {
            games: MatchFormat::OneGame,
            playoff_games: 0,
        });
        let wrong = TeamEvent::RoundPaired {
            round: 1,
            matches: vec![TeamPairing {
                table: 1,
                first: 0,
                second: 1,
            }],
            byes: vec![2, 3, 4],
            seed: Some(1),
        };
        assert_eq!(
            t.apply(wrong),
            Err(TeamError::NotInBracket(
                "the byes must be the bracket's".into()
            ))
        );
        let unseeded = TeamEvent::RoundPaired {
            round: 1,
            matches: vec![TeamPairing {
                table: 1,
                first: 3,
                second: 4,
            }],
            byes: vec![0, 1, 2],
            seed: None,
        };
        assert_eq!(
            t.apply(unseeded.clone()),
            Err(TeamError::NotInBracket(
                "a knockout round keeps the seed of its lot".into()
            ))
        );
        let TeamEvent::RoundPaired { matches, byes, .. } = unseeded else {
            unreachable!()
        };
        t.apply(TeamEvent::RoundPaired {
            round: 1,
            matches,
            byes,
            seed: Some(1),
        })
        .unwrap();
        assert_eq!(t.rounds_paired(), 1);
    }

    #[test]
    fn a_round_robin_of_fewer_than_two_teams_is_not_paired() {
        // CXA 10.1: a table needs two; as for players, the stage refuses one team.
        let t = teams_event(
            TeamFormat::RoundRobin { cycles: 1 },
            Book::Cxa2011,
            2,
            false,
            TeamRanking::MatchPoints,
            &["A"],
        )
        .unwrap();
        assert_eq!(
            t.pair_next_round(),
            Err(TeamError::NoRound(
                "a round robin needs at least 2 teams".into()
            ))
        );
    }

    #[test]
    fn a_stage_answers_the_withdrawal_rules_for_teams() {
        // CXA 19.2, 19.3: in a round robin a team gone after the start stays in the table (its
        // matches forfeited); in a Swiss it is not paired again.
        let mut rr = teams(TeamFormat::RoundRobin { cycles: 1 });
        let mut swiss = teams(TeamFormat::Swiss { rounds: 3 });
        for t in [&mut rr, &mut swiss] {
            pair(t, 1, &[(0, 1), (2, 3)], &[4]);
            record(t, 1, 1, &["WW"]);
            record(t, 1, 2, &["DD"]);
            t.apply(TeamEvent::Withdrawn {
                team: 0,
                after_round: 1,
            })
            .unwrap();
        }
        let e = rr.pair_next_round().unwrap();
        let (matches, byes) = team_round(&e);
        assert!(matches.iter().any(|&(_, a, b)| a == 1 || b == 1) || byes.contains(&1));
        rr.apply(e).unwrap();
        let e = swiss.pair_swiss(&Cxa, 5).unwrap();
        let (matches, byes) = team_round(&e);
        assert!(matches.iter().all(|&(_, a, b)| a != 1 && b != 1) && !byes.contains(&1));
        assert!(matches!(
            swiss.apply(TeamEvent::RoundPaired {
                round: 2,
                matches: vec![TeamPairing {
                    table: 1,
                    first: 0,
                    second: 4
                }],
                byes: vec![],
                seed: None,
            }),
            Err(TeamError::Withdrawn { team: 0, .. })
        ));
        // One of four matches played, fewer than half: the round robin cancels them (19.2).
        assert!(rr.results_cancelled(0));
        assert!(!swiss.results_cancelled(0));
    }
}
