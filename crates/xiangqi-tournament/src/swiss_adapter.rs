//! The tournament seen by a Swiss pairing engine ([`crate::swiss::PairingSystem`]).
//!
//! Swiss pairing numbers are start numbers. Points go to the engine in tenths; a scheme whose
//! draw is worth more to black than to red (CXA 13.3, 3/0 with 1/2) is passed with red's value,
//! the engine's point system having one draw value. Withdrawn players are marked absent
//! (CXA 19.3; WXF 11.4). The top player's colour in round 1 is drawn by lot from the seed.
//! Players kept apart on request ([`crate::tournament::Event::KeptApart`]: club/team-mates under CXA 10.3 and its
//! appendix 3, or any group as TRF `XXP`) go to the engine as [`SwissInput::forbidden`] groups,
//! which both engines treat as an absolute criterion (Dutch C.04.3 C3 style; CXA engine: never
//! meet).

use crate::{
    lot::Lot,
    stage::{Competition, Staged},
    swiss::{Absence, PairingSystem, PointSystem, RoundEntry, SwissInput, SwissPlayer},
    tournament::{Event, RoundResult, Tournament, TournamentError},
    types::{Color, Outcome, PlayerId, Points},
};

fn tenths(p: Points) -> u32 {
    u32::try_from(p.tenths()).unwrap_or(0)
}

impl Tournament {
    /// The state as a Swiss engine needs it, with `seed` for any lot it draws.
    #[must_use]
    pub fn swiss_input(&self, seed: u64) -> SwissInput {
        let s = self.scoring();
        let results = self.results();
        let played_rounds = self.rounds().len() as u32;
        let due = self.elimination_due();
        let players = self
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let history = (1..=played_rounds)
                    .map(|r| match results[i].iter().find(|x| x.round == r) {
                        None => RoundEntry::Absent(Absence::ZeroPointBye),
                        Some(RoundResult { opponent: None, .. }) => RoundEntry::PairingBye,
                        Some(&RoundResult {
                            opponent: Some(opp),
                            color,
                            outcome,
                            ..
                        }) => RoundEntry::Game {
                            opponent: opp.get(),
                            color,
                            // A bye has no opponent; a forfeit keeps its own outcome.
                            outcome: if outcome == Outcome::Bye {
                                Outcome::ForfeitWin
                            } else {
                                outcome
                            },
                        },
                    })
                    .collect();
                let id = PlayerId::from_index(i);
                SwissPlayer {
                    number: id.get(),
                    rating: p.rating.map_or(0, u32::from),
                    history,
                    // Withdrawn (CXA 19.3) or eliminated (CXA 10.6): not paired again.
                    next_round: (self.withdrawn_after(id).is_some()
                        || self.eliminated_after(id).is_some()
                        || due.contains(&id))
                    .then_some(Absence::ZeroPointBye),
                }
            })
            .collect();
        SwissInput {
            players,
            played_rounds,
            total_rounds: self.swiss_rounds().unwrap_or(self.total_rounds()),
            points: PointSystem {
                win: tenths(s.win),
                draw: tenths(s.draw_red),
                loss: tenths(s.loss),
                zero_bye: 0,
                forfeit_loss: tenths(s.loss),
                pairing_bye: tenths(s.win),
            },
            // Round 1: the top player's colour is drawn by lot (WXF 4.1 猜先; CXA 12.4);
            // later rounds: the engine reads it from round 1.
            initial_color: (played_rounds == 0).then(|| {
                if Lot::new(seed).coin() {
                    Color::Red
                } else {
                    Color::Black
                }
            }),
            forbidden: self.kept_apart(),
            seed,
        }
    }

    /// Pairs the next Swiss round with `engine`; the returned event keeps `seed`.
    ///
    /// # Errors
    /// Not a Swiss, an unfinished round, or the engine's own error.
    pub fn pair_swiss(
        &self,
        engine: &dyn PairingSystem,
        seed: u64,
    ) -> Result<Event, TournamentError> {
        let Some(swiss_rounds) = self.swiss_rounds() else {
            return Err(TournamentError::InvalidFormat(
                "only a swiss is paired by a swiss engine".into(),
            ));
        };
        let round = self.rounds().len() as u32 + 1;
        if round > swiss_rounds {
            return Err(if self.stages().len() > 1 {
                TournamentError::InvalidFormat(
                    "the swiss stage is over: the knockout is paired from the bracket".into(),
                )
            } else {
                TournamentError::AllRoundsPaired(swiss_rounds)
            });
        }
        // The Swiss stage (CXA 10.3, or 10.5's first stage) pairs it.
        let (stage, play) = self.stage_at(round).ok_or(TournamentError::NeedsPairings)?;
        stage.pair(&play, Some(engine), Some(seed))
    }
}

// The tests name formats through `super::*`.
#[cfg(test)]
use crate::tournament::Format;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        scoring::ScoringScheme,
        swiss::dutch::Dutch,
        types::{Book, GameResult, Player},
    };

    #[test]
    fn a_swiss_plays_out_with_the_dutch_engine() {
        let mut events = vec![Event::Created {
            name: "s".into(),
            rules: Book::Cxa2011,
            format: Format::Swiss { rounds: 3 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        for k in 0..7u16 {
            events.push(Event::Registered {
                player: Player {
                    rating: Some(2000 - k * 10),
                    ..Player::named(format!("P{k}"))
                },
            });
        }
        let mut t = Tournament::from_events(events).unwrap();
        for _ in 0..3 {
            let e = t.pair_swiss(&Dutch, 1).unwrap();
            t.apply(e).unwrap();
            let r = t.rounds().last().unwrap().clone();
            assert_eq!(r.games.len(), 3);
            assert_eq!(r.byes.len(), 1);
            for g in r.games {
                t.apply(Event::ResultRecorded {
                    round: r.number,
                    board: g.pairing.board,
                    result: GameResult::RedWins,
                })
                .unwrap();
            }
        }
        // Nobody met anyone twice; no second bye.
        let res = t.results();
        for r in &res {
            let mut opps: Vec<_> = r.iter().map(|x| x.opponent).collect();
            let n = opps.len();
            opps.sort();
            opps.dedup();
            assert_eq!(opps.len(), n);
        }
        assert_eq!(
            t.pair_swiss(&Dutch, 1),
            Err(TournamentError::AllRoundsPaired(3))
        );
    }

    /// CXA 10.3 with appendix 3: club-mates kept apart on request, through both engines.
    #[test]
    fn club_mates_never_meet_when_kept_apart() {
        use crate::swiss::cxa::Cxa;
        let clubs = [
            "上海", "北京", "上海", "广东", "北京", "上海", "广东", " 北京 ",
        ];
        let created = Event::Created {
            name: "s".into(),
            rules: Book::Cxa2011,
            format: Format::Swiss { rounds: 4 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        };
        let mut events = vec![created];
        for (k, club) in clubs.iter().enumerate() {
            events.push(Event::Registered {
                player: Player {
                    rating: Some(2400 - 10 * k as u16),
                    club: Some((*club).into()),
                    ..Player::named(format!("P{k}"))
                },
            });
        }
        // Without the request some club-mates meet within three rounds (checked below, so the
        // test cannot pass vacuously); with it, none do, under either engine.
        let plain = Tournament::from_events(events.clone()).unwrap();
        assert!(plain.kept_apart().is_empty());
        events.push(Event::KeptApart {
            clubs: true,
            players: vec![],
        });
        let t0 = Tournament::from_events(events.clone()).unwrap();
        assert_eq!(
            t0.kept_apart(),
            [vec![1, 3, 6], vec![2, 5, 8], vec![4, 7]],
            "clubs trimmed, in club-name order"
        );
        let club = |n: PlayerId| clubs[n.index()].trim();
        let mut met_in_plain = false;
        for engine in [&Dutch as &dyn PairingSystem, &Cxa] {
            for (start, apart) in [(&plain, false), (&t0, true)] {
                let mut t = start.clone();
                for round in 1..=3u32 {
                    let e = t.pair_swiss(engine, u64::from(round)).unwrap();
                    t.apply(e).unwrap();
                    let r = t.rounds().last().unwrap().clone();
                    for g in &r.games {
                        let same = club(g.pairing.red) == club(g.pairing.black);
                        assert!(!(apart && same), "{:?} in round {round}", g.pairing);
                        met_in_plain |= same;
                        t.apply(Event::ResultRecorded {
                            round,
                            board: g.pairing.board,
                            result: if g.pairing.red < g.pairing.black {
                                GameResult::RedWins
                            } else {
                                GameResult::BlackWins
                            },
                        })
                        .unwrap();
                    }
                }
            }
        }
        assert!(met_in_plain, "the test would pass without the request");
    }

    #[test]
    fn kept_apart_groups_are_checked() {
        let mut t = Tournament::from_events([
            Event::Created {
                name: "s".into(),
                rules: Book::Cxa2011,
                format: Format::Swiss { rounds: 1 },
                scoring: ScoringScheme::CXA,
                tie_breaks: None,
            },
            Event::Registered {
                player: Player::named("a"),
            },
            Event::Registered {
                player: Player::named("b"),
            },
        ])
        .unwrap();
        let id = |n| PlayerId::new(n).unwrap();
        assert_eq!(
            t.apply(Event::KeptApart {
                clubs: false,
                players: vec![id(1), id(3)],
            }),
            Err(TournamentError::UnknownPlayer(3))
        );
        t.apply(Event::KeptApart {
            clubs: false,
            players: vec![id(1), id(2)],
        })
        .unwrap();
        assert_eq!(t.kept_apart(), [vec![1, 2]]);
        // The only pairing left is forbidden: the engine says so, it does not pair them.
        assert!(matches!(
            t.pair_swiss(&Dutch, 0),
            Err(TournamentError::Pairing(_))
        ));
        assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
    }
}
