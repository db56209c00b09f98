//! Seeded groups (分组循环制) as a [`Stage`] of a [`Tournament`]: CXA 2011 art. 10.2.
//!
//! - The players still in at round 1 are seeded by rating (等级分; unrated last, CXA 11.1; equal
//!   ratings by start number) and dealt into groups serpentine
//!   ([`crate::groups::serpentine`]), so the groups are balanced.
//! - Each group plays its own round robin from the order table (CXA appendix 2, art. 12.1):
//!   tournament round r holds round r of every group, boards numbered group after group. A
//!   group with fewer rounds simply has no games in the later ones; a group of odd size rests
//!   one player a round, unscored as in any round robin.
//! - Each group is ranked on its own games by the tie-breaks in force
//!   ([`Tournament::group_standings`]); the top k of each group go to the final, group winners
//!   first ([`crate::groups::qualifiers`]), and [`Tournament::final_events`] opens the final as
//!   a tournament of its own, seeded in that order (CXA 10.2 "从各组选出一定人(队)数进行决赛").

use std::collections::HashMap;

use crate::{
    groups::{qualifiers, serpentine},
    round_robin::{self, Pairing},
    round_robin_stage::table_rounds,
    scoring::ScoringScheme,
    stage::{Stage, StageOutcome, StagePlay, Staged},
    swiss::PairingSystem,
    tiebreak::{self, EventKind, Field, Standing},
    tournament::{Event, Format, Tournament, TournamentError},
    types::PlayerId,
};

/// `groups` groups seeded serpentine, each a round robin of `cycles` cycles (CXA 10.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupStage {
    /// Number of groups (at least 1).
    pub groups: u32,
    /// 1 for 一局制, 2 for 两局制 in each group.
    pub cycles: u32,
}

impl GroupStage {
    /// The groups, each in seed order: serpentine over the players still in at round 1,
    /// ranked by rating (CXA 10.2, 11.1).
    #[must_use]
    pub fn groups(&self, t: &Tournament) -> Vec<Vec<PlayerId>> {
        let mut seeds = t.table_players();
        seeds.sort_by_key(|p| {
            let rating = t.players()[p.index()].rating.map_or(-1, i32::from);
            (std::cmp::Reverse(rating), p.index())
        });
        serpentine(&seeds, self.groups as usize)
    }

    /// Round `round` of every group's order table (CXA appendix 2), boards group after group;
    /// players resting that round as byes.
    fn group_round(&self, t: &Tournament, round: u32) -> (Vec<Pairing>, Vec<PlayerId>) {
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for group in self.groups(t).iter().filter(|g| g.len() >= 2) {
            let schedule = round_robin::schedule(group.len() as u32, self.cycles);
            let Some(next) = schedule.get(round as usize - 1) else {
                continue;
            };
            let member = |id: PlayerId| group.get(id.index()).copied().unwrap_or(id);
            for g in &next.games {
                games.push(Pairing {
                    board: games.len() as u32 + 1,
                    red: member(g.red),
                    black: member(g.black),
                });
            }
            byes.extend(next.bye.map(member));
        }
        (games, byes)
    }

    /// Each group's standings on its own games, best first (CXA 10.2, 14.1–14.2): competitor
    /// indices are start-number indices, as in [`Tournament::standings`].
    #[must_use]
    pub fn group_standings(&self, t: &Tournament) -> Vec<Vec<Standing>> {
        let field = t.field();
        let order = t.tie_break_order();
        self.groups(t)
            .iter()
            .map(|group| {
                let local: HashMap<usize, usize> = group
                    .iter()
                    .enumerate()
                    .map(|(k, p)| (p.index(), k))
                    .collect();
                let competitors = group
                    .iter()
                    .filter_map(|p| field.competitors.get(p.index()).cloned())
                    .map(|mut c| {
                        c.encounters.retain_mut(|e| match e.opponent {
                            None => true,
                            Some(o) => match local.get(&o) {
                                Some(&k) => {
                                    e.opponent = Some(k);
                                    true
                                }
                                None => false,
                            },
                        });
                        c
                    })
                    .collect();
                let sub = Field {
                    competitors,
                    rounds: field.rounds,
                };
                tiebreak::standings(&sub, &order)
                    .into_iter()
                    .map(|mut s| {
                        s.competitor = group[s.competitor].index();
                        s
                    })
                    .collect()
            })
            .collect()
    }
}

impl Stage<Tournament> for GroupStage {
    /// The most rounds any group needs.
    fn rounds(&self, play: &StagePlay<'_, Tournament>) -> u32 {
        self.groups(play.tournament)
            .iter()
            .map(|g| table_rounds(g.len(), self.cycles))
            .max()
            .unwrap_or(0)
    }

    fn pair(
        &self,
        play: &StagePlay<'_, Tournament>,
        _engine: Option<&dyn PairingSystem>,
        _seed: Option<u64>,
    ) -> Result<Event, TournamentError> {
        let t = play.tournament;
        let round = play.next_round();
        if t.table_players().len() < 2 {
            return Err(TournamentError::TooFewPlayers);
        }
        let (games, byes) = self.group_round(t, round);
        t.check_pairing(round, &games, &byes, None)?;
        Ok(Event::RoundPaired {
            round,
            games,
            byes,
            seed: None,
        })
    }

    fn finished(&self, play: &StagePlay<'_, Tournament>) -> bool {
        play.tournament
            .rounds_settled(play.first_round - 1 + self.rounds(play))
    }

    fn outcome(&self, play: &StagePlay<'_, Tournament>) -> StageOutcome {
        StageOutcome::Groups(self.group_standings(play.tournament))
    }

    fn event_kind(&self) -> EventKind {
        crate::round_robin_stage::all_play_all_kind(self.cycles)
    }

    fn cycles(&self) -> u32 {
        self.cycles
    }

    fn keeps_withdrawn(&self) -> bool {
        true
    }

    /// The games of the player's own group (CXA 10.2, 19.2).
    fn scheduled_games(&self, play: &StagePlay<'_, Tournament>, player: PlayerId) -> Option<u32> {
        let g = self
            .groups(play.tournament)
            .into_iter()
            .find(|g| g.contains(&player));
        Some(g.map_or(0, |g| (g.len() as u32).saturating_sub(1) * self.cycles))
    }
}

impl Tournament {
    /// The groups of a group stage, each in seed order (CXA 10.2): serpentine over the players
    /// still in at round 1, ranked by rating. Empty for other formats.
    #[must_use]
    pub fn groups(&self) -> Vec<Vec<PlayerId>> {
        self.with_stage(|s: &GroupStage, _| s.groups(self))
            .unwrap_or_default()
    }

    /// Each group's standings on its own games, best first (CXA 10.2, 14.1–14.2): competitor
    /// indices are start-number indices, as in [`Tournament::standings`].
    #[must_use]
    pub fn group_standings(&self) -> Vec<Vec<Standing>> {
        self.with_stage(|s: &GroupStage, _| s.group_standings(self))
            .unwrap_or_default()
    }

    /// The finalists: the top `k` of each group, group winners first, then the runners-up …
    /// (CXA 10.2), which is their seeding for the final. Empty for other formats.
    #[must_use]
    pub fn group_qualifiers(&self, k: usize) -> Vec<PlayerId> {
        let orders: Vec<Vec<PlayerId>> = self
            .group_standings()
            .iter()
            .map(|g| {
                g.iter()
                    .map(|s| PlayerId::from_index(s.competitor))
                    .collect()
            })
            .collect();
        qualifiers(&orders, k)
    }

    /// The events that open the final of a group stage (CXA 10.2): created with `format`, this
    /// event's rules and scoring, and the top `k` of each group registered in seed order
    /// (group winners first), so a knockout final seeds them with the bracket's byes and
    /// order. Start numbers in the final are these seeds.
    ///
    /// # Errors
    /// Not a group stage, the stage unfinished, or fewer than two finalists.
    pub fn final_events(
        &self,
        name: &str,
        format: Format,
        k: usize,
    ) -> Result<Vec<Event>, TournamentError> {
        let Some((total, finished)) =
            self.with_stage(|s: &GroupStage, play| (s.rounds(play), s.finished(play)))
        else {
            return Err(TournamentError::InvalidFormat("not a group stage".into()));
        };
        if !finished {
            let r = self.rounds().len() as u32;
            return Err(if r < total {
                TournamentError::StageUnfinished(r, total)
            } else {
                TournamentError::RoundIncomplete(r)
            });
        }
        let finalists = self.group_qualifiers(k);
        if finalists.len() < 2 {
            return Err(TournamentError::TooFewPlayers);
        }
        let scoring: ScoringScheme = self.scoring();
        let mut events = vec![Event::Created {
            name: name.into(),
            rules: self.rules(),
            format,
            scoring,
            tie_breaks: None,
        }];
        events.extend(finalists.iter().map(|p| Event::Registered {
            player: self.players()[p.index()].clone(),
        }));
        // Check the final opens (e.g. its format is valid) before handing it out.
        Tournament::from_events(events.clone())?;
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use proptest::prelude::*;

    use super::*;
    use crate::{
        knockout::MatchFormat,
        types::{Book, GameResult, Player, Points},
    };

    /// `n` players rated 2000 + 10·k for start number k+1 (so seeds run backwards).
    fn stage(n: u32, groups: u32, cycles: u32) -> Tournament {
        let mut events = vec![Event::Created {
            name: "groups".into(),
            rules: Book::Cxa2011,
            format: Format::Groups { groups, cycles },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        events.extend((0..n).map(|k| Event::Registered {
            player: Player {
                rating: Some(2000 + 10 * k as u16),
                ..Player::named(format!("P{}", k + 1))
            },
        }));
        Tournament::from_events(events).unwrap()
    }

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).unwrap()
    }

    /// Plays every round with `result(red, black)`.
    fn play_out(t: &mut Tournament, result: impl Fn(u32, u32) -> GameResult) {
        while (t.rounds().len() as u32) < t.total_rounds() {
            let e = t.pair_next_round().unwrap();
            let Event::RoundPaired { round, games, .. } = e.clone() else {
                unreachable!()
            };
            t.apply(e).unwrap();
            for g in games {
                t.apply(Event::ResultRecorded {
                    round,
                    board: g.board,
                    result: result(g.red.get(), g.black.get()),
                })
                .unwrap();
            }
        }
    }

    /// The higher-rated (higher start number here) wins.
    fn stronger(red: u32, black: u32) -> GameResult {
        if red > black {
            GameResult::RedWins
        } else {
            GameResult::BlackWins
        }
    }

    #[test]
    fn seeds_are_dealt_serpentine_by_rating() {
        // CXA 10.2: seeds 1–8 by rating are P8 … P1; A gets seeds 1, 4, 5, 8.
        let t = stage(8, 3, 1);
        let g = t.groups();
        assert_eq!(g[0], [id(8), id(3), id(2)]);
        assert_eq!(g[1], [id(7), id(4), id(1)]);
        assert_eq!(g[2], [id(6), id(5)]);
        // 3 players: 3 rounds with a rest; 2 players: 1 round.
        assert_eq!(t.total_rounds(), 3);
    }

    #[test]
    fn each_group_plays_its_own_round_robin() {
        let mut t = stage(10, 2, 1);
        play_out(&mut t, stronger);
        let groups = t.groups();
        assert_eq!(
            t.rounds().len(),
            5,
            "5 players a group: 5 rounds with a rest each"
        );
        let mut met = HashSet::new();
        for r in t.rounds() {
            assert_eq!(r.games.len(), 4);
            assert_eq!(r.byes.len(), 2, "one rest in each group");
            for g in &r.games {
                let (a, b) = (g.pairing.red, g.pairing.black);
                assert!(groups.iter().any(|gr| gr.contains(&a) && gr.contains(&b)));
                assert!(met.insert((a.min(b), a.max(b))), "met twice");
            }
        }
        assert_eq!(met.len(), 2 * 10, "C(5,2) in each group");
        // Group standings: the strongest of each group first, scored on its own games.
        let gs = t.group_standings();
        assert_eq!(gs[0][0].competitor, id(10).index());
        assert_eq!(gs[0][0].score, Points::whole(8));
        assert_eq!(gs[1][0].competitor, id(9).index());
        // Top 2 of each, winners first (CXA 10.2).
        assert_eq!(t.group_qualifiers(2), [id(10), id(9), id(7), id(8)]);
        // The final opens as a knockout seeded that way: the winners meet only in the final.
        let events = t
            .final_events(
                "final",
                Format::Knockout {
                    games: MatchFormat::OneGame,
                    playoff_games: 0,
                },
                2,
            )
            .unwrap();
        let f = Tournament::from_events(events).unwrap();
        let names: Vec<&str> = f.players().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["P10", "P9", "P7", "P8"]);
        let Event::RoundPaired { games, .. } = f.pair_knockout(1).unwrap() else {
            unreachable!()
        };
        let pairs: HashSet<(u32, u32)> = games
            .iter()
            .map(|g| {
                (
                    g.red.get().min(g.black.get()),
                    g.red.get().max(g.black.get()),
                )
            })
            .collect();
        assert_eq!(pairs, HashSet::from([(1, 4), (2, 3)]));
        assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
    }

    #[test]
    fn the_final_waits_for_the_stage() {
        let mut t = stage(6, 2, 1);
        let rr = Format::RoundRobin { cycles: 1 };
        assert_eq!(
            t.final_events("f", rr, 1),
            Err(TournamentError::StageUnfinished(0, 3))
        );
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        assert_eq!(
            t.final_events("f", rr, 1),
            Err(TournamentError::StageUnfinished(1, 3))
        );
        // Every round paired but the last without results: still not final.
        let mut u = stage(6, 2, 1);
        play_out(&mut u, stronger);
        let mut events = u.events().to_vec();
        events.pop();
        let unfinished = Tournament::from_events(events).unwrap();
        assert_eq!(
            unfinished.final_events("f", rr, 1),
            Err(TournamentError::RoundIncomplete(3))
        );
        let f = Tournament::from_events(u.final_events("f", rr, 1).unwrap()).unwrap();
        assert_eq!(f.players().len(), 2);
        assert_eq!(f.format(), rr);
        assert_eq!(
            u.final_events("f", rr, 0),
            Err(TournamentError::TooFewPlayers)
        );
        assert!(matches!(
            Tournament::from_events([Event::Created {
                name: "x".into(),
                rules: Book::Cxa2011,
                format: Format::Groups {
                    groups: 0,
                    cycles: 1
                },
                scoring: ScoringScheme::CXA,
                tie_breaks: None,
            }]),
            Err(TournamentError::InvalidFormat(_))
        ));
    }

    #[test]
    fn withdrawal_counts_against_the_group_schedule() {
        // CXA 19.2: fewer than half of the player's own group games → all cancelled.
        let mut t = stage(8, 2, 1);
        let e = t.pair_next_round().unwrap();
        let Event::RoundPaired { games, .. } = e.clone() else {
            unreachable!()
        };
        t.apply(e).unwrap();
        for g in &games {
            t.apply(Event::ResultRecorded {
                round: 1,
                board: g.board,
                result: GameResult::RedWins,
            })
            .unwrap();
        }
        let leaver = games[0].red;
        t.apply(Event::Withdrawn {
            player: leaver,
            after_round: 1,
        })
        .unwrap();
        // 1 of 3 games played: cancelled (in a 8-player round robin 1 of 7 would be too).
        assert!(t.results_cancelled(leaver));
        assert!(t.results()[leaver.index()].is_empty());
    }

    proptest! {
        /// Any size and number of groups: groups differ by at most one player, everyone is in
        /// exactly one, and over the stage every pair within a group meets exactly once.
        #[test]
        fn every_group_is_a_complete_round_robin(n in 2u32..24, groups in 1u32..5) {
            let mut t = stage(n, groups, 1);
            let g = t.groups();
            let sizes: Vec<usize> = g.iter().map(Vec::len).collect();
            let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
            prop_assert!(hi - lo <= 1);
            let all: HashSet<PlayerId> = g.iter().flatten().copied().collect();
            prop_assert_eq!(all.len() as u32, n);
            play_out(&mut t, stronger);
            let mut met = HashSet::new();
            for r in t.rounds() {
                for gm in &r.games {
                    let (a, b) = (gm.pairing.red, gm.pairing.black);
                    prop_assert!(met.insert((a.min(b), a.max(b))));
                }
            }
            let want: usize = sizes.iter().map(|s| s * s.saturating_sub(1) / 2).sum();
            prop_assert_eq!(met.len(), want);
            // Group standings cover each group exactly.
            for (gs, members) in t.group_standings().iter().zip(&g) {
                let got: HashSet<usize> = gs.iter().map(|s| s.competitor).collect();
                let want: HashSet<usize> = members.iter().map(|p| p.index()).collect();
                prop_assert_eq!(got, want);
            }
        }
    }
}
