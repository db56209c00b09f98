//! A team event as a state machine driven by events, like [`crate::tournament`] for players.
//!
//! CXA 2011 art. 11 (board rules: fixed 11.1, reserves in order 11.2, temporary order 11.3),
//! 12.2 and 12.3 (the first-listed team has red on odd boards), 13.2 (场分 from 局分), 14.5 and
//! 14.6 (tie-breaks); WXF 2018 arts. 9.3, 10.4, 10.5. A match counts in the standings once
//! every board has a result. Teams sit out a round of an odd round robin (no score, as for
//! players). Withdrawals of teams are not modelled yet.

use serde::{Deserialize, Serialize};

use crate::{
    round_robin,
    scoring::ScoringScheme,
    team::{BoardRule, LineupError, Team, TeamMatchRecord, team_field, validate_lineup},
    tiebreak::{self, EventKind, Field, Standing, TieBreak},
    tournament::Format,
    types::{GameResult, RuleSet},
};

/// Two teams at one table: `first` is listed first (red on odd boards, CXA 12.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPairing {
    /// Table (场次), 1-based.
    pub table: u32,
    /// Team listed first, 0-based registration index.
    pub first: usize,
    /// Team listed second.
    pub second: usize,
}

/// Something that happened to a team event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TeamEvent {
    /// The event was set up.
    Created {
        /// Name.
        name: String,
        /// Governing book.
        rules: RuleSet,
        /// Round robin or Swiss (of teams).
        format: Format,
        /// Boards per match.
        boards: usize,
        /// How players take boards (CXA 11.1–11.3).
        board_rule: BoardRule,
        /// Points per game; 局分 are the sum over boards.
        #[serde(default)]
        scoring: ScoringScheme,
        /// Tie-break order; the book's when absent.
        #[serde(default)]
        tie_breaks: Option<Vec<TieBreak>>,
    },
    /// A team entered, players in registered order.
    TeamRegistered {
        /// The team.
        team: Team,
    },
    /// A round was paired.
    RoundPaired {
        /// Round, 1-based.
        round: u32,
        /// Matches in table order.
        matches: Vec<TeamPairing>,
    },
    /// A team's line-up for a round: registered positions, board 1 first.
    LineupSubmitted {
        /// Round.
        round: u32,
        /// Team index.
        team: usize,
        /// Registered positions (1-based) per board.
        lineup: Vec<usize>,
    },
    /// One board's result.
    BoardResult {
        /// Round.
        round: u32,
        /// Table.
        table: u32,
        /// Board, 1-based.
        board: usize,
        /// Result as played.
        result: GameResult,
    },
}

/// Why a team event could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// The first event must create the event.
    #[error("the team event has not been created")]
    NotCreated,
    /// A match needs boards.
    #[error("a team match needs at least one board")]
    NoBoards,
    /// Only one creation.
    #[error("the team event was already created")]
    AlreadyCreated,
    /// Entries close at round 1.
    #[error("registration is closed once round 1 is paired")]
    RegistrationClosed,
    /// A team needs at least `boards` players.
    #[error("team {team} registers {players} players for {boards} boards")]
    TooFewPlayers {
        /// Team name.
        team: String,
        /// Players registered.
        players: usize,
        /// Boards.
        boards: usize,
    },
    /// No such team.
    #[error("unknown team {0}")]
    UnknownTeam(usize),
    /// Rounds in order.
    #[error("round {got} cannot be paired now: the next round is {expected}")]
    WrongRound {
        /// In the event.
        got: u32,
        /// Expected.
        expected: u32,
    },
    /// Previous round unfinished.
    #[error("round {0} still has boards without a result")]
    RoundIncomplete(u32),
    /// A team twice in a round.
    #[error("team {0} is paired more than once in the round")]
    PairedTwice(usize),
    /// No round, table or board there.
    #[error("no board {board} at table {table} in round {round}")]
    NoSuchBoard {
        /// Round.
        round: u32,
        /// Table.
        table: u32,
        /// Board.
        board: usize,
    },
    /// The team does not play in that round.
    #[error("team {team} does not play in round {round}")]
    NotPlaying {
        /// Team.
        team: usize,
        /// Round.
        round: u32,
    },
    /// Results need both line-ups first.
    #[error("table {table} of round {round} has no line-up from both teams yet")]
    NoLineup {
        /// Round.
        round: u32,
        /// Table.
        table: u32,
    },
    /// The line-up breaks CXA 11.
    #[error(transparent)]
    Lineup(#[from] LineupError),
    /// Every round is paired, or a Swiss needs pairings.
    #[error("no round to pair: {0}")]
    NoRound(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct TeamMatchState {
    pairing: TeamPairing,
    lineups: [Option<Vec<usize>>; 2],
    results: Vec<Option<GameResult>>,
}

/// The state of a team event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamTournament {
    rules: RuleSet,
    format: Format,
    boards: usize,
    board_rule: BoardRule,
    scoring: ScoringScheme,
    tie_breaks: Option<Vec<TieBreak>>,
    teams: Vec<Team>,
    rounds: Vec<Vec<TeamMatchState>>,
    events: Vec<TeamEvent>,
}

impl TeamTournament {
    /// Replays `events`; the first must be [`TeamEvent::Created`].
    ///
    /// # Errors
    /// The first event that cannot be applied.
    pub fn from_events(
        events: impl IntoIterator<Item = TeamEvent>,
    ) -> Result<TeamTournament, TeamError> {
        let mut it = events.into_iter();
        let first = it.next().ok_or(TeamError::NotCreated)?;
        let TeamEvent::Created {
            rules,
            format,
            boards,
            board_rule,
            scoring,
            tie_breaks,
            ..
        } = first.clone()
        else {
            return Err(TeamError::NotCreated);
        };
        if boards == 0 {
            return Err(TeamError::NoBoards);
        }
        if matches!(format, Format::Knockout { .. } | Format::Groups { .. }) {
            return Err(TeamError::NoRound(
                "team knockouts and group stages are not supported yet: round robin or swiss"
                    .into(),
            ));
        }
        let mut t = TeamTournament {
            rules,
            format,
            boards,
            board_rule,
            scoring,
            tie_breaks,
            teams: Vec::new(),
            rounds: Vec::new(),
            events: vec![first],
        };
        for e in it {
            t.apply(e)?;
        }
        Ok(t)
    }

    /// Applies one event after checking it.
    ///
    /// # Errors
    /// Why the event is not valid now; the state is unchanged.
    pub fn apply(&mut self, event: TeamEvent) -> Result<(), TeamError> {
        match &event {
            TeamEvent::Created { .. } => return Err(TeamError::AlreadyCreated),
            TeamEvent::TeamRegistered { team } => {
                if !self.rounds.is_empty() {
                    return Err(TeamError::RegistrationClosed);
                }
                if team.players.len() < self.boards {
                    return Err(TeamError::TooFewPlayers {
                        team: team.name.clone(),
                        players: team.players.len(),
                        boards: self.boards,
                    });
                }
                self.teams.push(team.clone());
            }
            TeamEvent::RoundPaired { round, matches } => {
                let expected = self.rounds.len() as u32 + 1;
                if *round != expected {
                    return Err(TeamError::WrongRound {
                        got: *round,
                        expected,
                    });
                }
                if let Some(prev) = self.rounds.last() {
                    if prev.iter().any(|m| m.results.iter().any(Option::is_none)) {
                        return Err(TeamError::RoundIncomplete(expected - 1));
                    }
                }
                let mut seen = vec![false; self.teams.len()];
                for m in matches {
                    for t in [m.first, m.second] {
                        let slot = seen.get_mut(t).ok_or(TeamError::UnknownTeam(t))?;
                        if std::mem::replace(slot, true) {
                            return Err(TeamError::PairedTwice(t));
                        }
                    }
                }
                self.rounds.push(
                    matches
                        .iter()
                        .map(|&pairing| TeamMatchState {
                            pairing,
                            lineups: [None, None],
                            results: vec![None; self.boards],
                        })
                        .collect(),
                );
            }
            TeamEvent::LineupSubmitted {
                round,
                team,
                lineup,
            } => {
                let registered = self
                    .teams
                    .get(*team)
                    .ok_or(TeamError::UnknownTeam(*team))?
                    .players
                    .len();
                validate_lineup(self.board_rule, self.boards, registered, lineup)?;
                let not_playing = TeamError::NotPlaying {
                    team: *team,
                    round: *round,
                };
                let m = self
                    .rounds
                    .get_mut((*round as usize).wrapping_sub(1))
                    .and_then(|r| {
                        r.iter_mut()
                            .find(|m| m.pairing.first == *team || m.pairing.second == *team)
                    })
                    .ok_or(not_playing)?;
                let side = usize::from(m.pairing.second == *team);
                m.lineups[side] = Some(lineup.clone());
            }
            TeamEvent::BoardResult {
                round,
                table,
                board,
                result,
            } => {
                let no_board = TeamError::NoSuchBoard {
                    round: *round,
                    table: *table,
                    board: *board,
                };
                let m = self
                    .rounds
                    .get_mut((*round as usize).wrapping_sub(1))
                    .and_then(|r| r.get_mut((*table as usize).wrapping_sub(1)))
                    .ok_or(no_board.clone())?;
                if m.lineups.iter().any(Option::is_none) {
                    return Err(TeamError::NoLineup {
                        round: *round,
                        table: *table,
                    });
                }
                let slot = m.results.get_mut(board.wrapping_sub(1)).ok_or(no_board)?;
                *slot = Some(*result);
            }
        }
        self.events.push(event);
        Ok(())
    }

    /// The events so far.
    #[must_use]
    pub fn events(&self) -> &[TeamEvent] {
        &self.events
    }

    /// Teams in registration order.
    #[must_use]
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// The next round-robin round (CXA 10.1 and 12.2: the team listed first in the order table
    /// is red on odd boards).
    ///
    /// # Errors
    /// A Swiss (pairings come from outside), too few teams, or every round paired.
    pub fn pair_next_round(&self) -> Result<TeamEvent, TeamError> {
        let Format::RoundRobin { cycles } = self.format else {
            return Err(TeamError::NoRound(
                "a swiss of teams is paired by the arbiter".into(),
            ));
        };
        let round = self.rounds.len() as u32 + 1;
        let schedule = round_robin::schedule(self.teams.len() as u32, cycles);
        let next = schedule.get(round as usize - 1).ok_or_else(|| {
            TeamError::NoRound(format!("all {} rounds are paired", schedule.len()))
        })?;
        Ok(TeamEvent::RoundPaired {
            round,
            matches: next
                .games
                .iter()
                .map(|g| TeamPairing {
                    table: g.board,
                    first: g.red.index(),
                    second: g.black.index(),
                })
                .collect(),
        })
    }

    /// The field for the tie-breaks: every match with all boards decided.
    #[must_use]
    pub fn field(&self) -> Field {
        let records: Vec<TeamMatchRecord> = self
            .rounds
            .iter()
            .enumerate()
            .flat_map(|(r, ms)| {
                ms.iter().filter_map(move |m| {
                    let boards: Option<Vec<GameResult>> = m.results.iter().copied().collect();
                    Some(TeamMatchRecord {
                        round: r as u32 + 1,
                        first: m.pairing.first,
                        second: m.pairing.second,
                        boards: boards?,
                    })
                })
            })
            .collect();
        team_field(self.teams.len(), &records, &self.scoring)
    }

    /// Team standings in the tie-break order in force (CXA 14.5, 14.6; WXF 10.4, 10.5).
    #[must_use]
    pub fn standings(&self) -> Vec<Standing> {
        let kind = match self.format {
            Format::RoundRobin { .. } => EventKind::TeamRoundRobin,
            Format::Swiss { .. } | Format::Knockout { .. } | Format::Groups { .. } => {
                EventKind::TeamSwiss
            }
        };
        let order = self
            .tie_breaks
            .clone()
            .unwrap_or_else(|| tiebreak::book_order(self.rules, kind));
        tiebreak::standings(&self.field(), &order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Player, Points};

    fn team(name: &str, n: usize) -> Team {
        Team {
            name: name.into(),
            players: (1..=n)
                .map(|k| Player::named(format!("{name}{k}")))
                .collect(),
            boards: 2,
        }
    }

    fn event(rule: BoardRule) -> TeamTournament {
        let mut events = vec![TeamEvent::Created {
            name: "teams".into(),
            rules: RuleSet::Cxa2011,
            format: Format::RoundRobin { cycles: 1 },
            boards: 2,
            board_rule: rule,
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        for n in ["A", "B", "C", "D"] {
            events.push(TeamEvent::TeamRegistered { team: team(n, 3) });
        }
        TeamTournament::from_events(events).unwrap()
    }

    #[test]
    fn a_team_round_robin_plays_out() {
        let mut t = event(BoardRule::OrderKept);
        for _ in 0..3 {
            let e = t.pair_next_round().unwrap();
            let TeamEvent::RoundPaired { round, matches } = e.clone() else {
                unreachable!()
            };
            t.apply(e).unwrap();
            for m in &matches {
                for team in [m.first, m.second] {
                    t.apply(TeamEvent::LineupSubmitted {
                        round,
                        team,
                        lineup: vec![1, 3],
                    })
                    .unwrap();
                }
                // The lower-numbered team wins board 1 whatever its colour; board 2 drawn.
                let first_wins = m.first < m.second;
                let b1 = if first_wins {
                    GameResult::RedWins
                } else {
                    GameResult::BlackWins
                };
                for (board, result) in [(1, b1), (2, GameResult::Draw)] {
                    t.apply(TeamEvent::BoardResult {
                        round,
                        table: m.table,
                        board,
                        result,
                    })
                    .unwrap();
                }
            }
        }
        let s = t.standings();
        let order: Vec<usize> = s.iter().map(|x| x.competitor).collect();
        assert_eq!(order, [0, 1, 2, 3]);
        assert_eq!(
            s[0].score,
            Points::whole(6),
            "three match wins, 场分 2 each"
        );
        assert!(TeamTournament::from_events(t.events().to_vec()).unwrap() == t);
        assert!(t.pair_next_round().is_err());
    }

    #[test]
    fn line_ups_and_results_are_checked() {
        let mut t = event(BoardRule::OrderKept);
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        // CXA 11.2: order kept.
        assert_eq!(
            t.apply(TeamEvent::LineupSubmitted {
                round: 1,
                team: 0,
                lineup: vec![3, 1]
            }),
            Err(TeamError::Lineup(LineupError::OrderBroken {
                later: 1,
                earlier: 3
            }))
        );
        // No result before both line-ups.
        assert_eq!(
            t.apply(TeamEvent::BoardResult {
                round: 1,
                table: 1,
                board: 1,
                result: GameResult::Draw
            }),
            Err(TeamError::NoLineup { round: 1, table: 1 })
        );
        assert_eq!(
            t.apply(TeamEvent::LineupSubmitted {
                round: 2,
                team: 0,
                lineup: vec![1, 2]
            }),
            Err(TeamError::NotPlaying { team: 0, round: 2 })
        );
        // Registration closed; a team too small is refused at registration.
        assert_eq!(
            t.apply(TeamEvent::TeamRegistered { team: team("E", 3) }),
            Err(TeamError::RegistrationClosed)
        );
        let mut u = event(BoardRule::Fixed);
        let small = TeamEvent::TeamRegistered { team: team("F", 1) };
        assert!(matches!(
            u.apply(small),
            Err(TeamError::TooFewPlayers { .. })
        ));
    }
}
