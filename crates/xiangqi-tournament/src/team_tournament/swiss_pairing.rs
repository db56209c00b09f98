//! A Swiss of teams paired by a Swiss engine (CXA 2011 arts. 10.3, 11, 12.2, 12.3, 14.4;
//! WXF 2018 art. 10.4 for team events).
//!
//! No new engine: each team goes to a [`PairingSystem`] (the CXA 积分编排 engine,
//! [`crate::swiss::cxa::Cxa`], or any other) as one player:
//!
//! - its score is its 场分 (a match won 2, drawn 1, lost 0; a bye a won match, CXA 14.4), so
//!   teams meet teams of the same or nearest 场分 (CXA 10.3 "积分相同或相近者相遇");
//! - from round 2 its "rating" is its place in the standings turned upside down, so among
//!   equal 场分 the engine ranks teams by the tie-breaks in force ([`TeamTournament::tie_break_order`]);
//!   in round 1 it is the sum of the ratings of the first `boards` registered players (board
//!   order by rating, CXA 11.1) *(choice)*, unrated teams last in an order drawn by lot;
//! - its colour is red when listed first (red on odd boards, CXA 12.2, 12.3) and black when
//!   listed second, so the engine's colour balance alternates which team is listed first;
//! - a round without a match or bye (withdrawn, CXA 19.3) is an absence; a withdrawn team is
//!   not paired again.
//!
//! The engine's absolute rules then hold for teams: no two teams meet twice, and the bye goes
//! to the lowest-ranked team that has not had one. The lot's seed is kept in the
//! [`TeamEvent::RoundPaired`] event, so the round replays.

use super::{Scored, TeamError, TeamEvent, TeamTournament};
use crate::{
    SwissStage,
    lot::Lot,
    stage::{Competition, Stage, Staged},
    swiss::{Absence, PairingSystem, PointSystem, RoundEntry, SwissInput, SwissPlayer},
    types::{Color, Outcome},
};

impl TeamTournament {
    /// The team Swiss as a Swiss engine sees it: team `k` (0-based) is pairing number `k + 1`,
    /// with `seed` for any lot the engine draws.
    #[must_use]
    pub fn swiss_input(&self, seed: u64) -> SwissInput {
        let played_rounds = self.rounds.len() as u32;
        let n = self.teams.len();
        // 场分 then the tie-breaks: the standings' order, top team highest.
        let mut place = vec![0u32; n];
        if played_rounds > 0 {
            for (k, s) in self.standings().iter().enumerate() {
                if let Some(p) = place.get_mut(s.competitor) {
                    *p = (n - k) as u32;
                }
            }
        }
        let mut history: Vec<Vec<RoundEntry>> =
            vec![vec![RoundEntry::Absent(Absence::ZeroPointBye); played_rounds as usize]; n];
        for (r, tr) in self.rounds.iter().enumerate() {
            let round = r as u32 + 1;
            for m in &tr.matches {
                let (a, b) = (m.pairing.first, m.pairing.second);
                // A cancelled match (CXA 19.2) still keeps the teams apart; a pending one
                // cannot be here once the round is settled.
                let (oa, ob) = match self.match_encounters(round, m) {
                    Scored::Done(ea, eb) => (ea.outcome, eb.outcome),
                    Scored::Cancelled | Scored::Pending => {
                        (Outcome::ForfeitLoss, Outcome::ForfeitLoss)
                    }
                };
                for (me, other, colour, outcome) in
                    [(a, b, Color::Red, oa), (b, a, Color::Black, ob)]
                {
                    if let Some(slot) = history.get_mut(me).and_then(|h| h.get_mut(r)) {
                        *slot = RoundEntry::Game {
                            opponent: other as u32 + 1,
                            color: Some(colour),
                            outcome,
                        };
                    }
                }
            }
            for &t in &tr.byes {
                if let Some(slot) = history.get_mut(t).and_then(|h| h.get_mut(r)) {
                    *slot = RoundEntry::PairingBye;
                }
            }
        }
        let players = history
            .into_iter()
            .enumerate()
            .map(|(k, history)| SwissPlayer {
                number: k as u32 + 1,
                rating: if played_rounds == 0 {
                    self.teams[k]
                        .players
                        .iter()
                        .take(self.boards)
                        .map(|p| p.rating.map_or(0, u32::from))
                        .sum()
                } else {
                    place[k]
                },
                history,
                // Withdrawn (CXA 19.3; WXF 11.4): not paired again.
                next_round: self
                    .withdrawn_after(k)
                    .is_some()
                    .then_some(Absence::ZeroPointBye),
            })
            .collect();
        SwissInput {
            players,
            played_rounds,
            total_rounds: self
                .stages()
                .iter()
                .find_map(|s| s.swiss_rounds())
                .unwrap_or(played_rounds + 1),
            // 场分 (CXA 13.2; WXF 9.3), in tenths: 2 for a match won or a bye (CXA 14.4).
            points: PointSystem {
                win: 20,
                draw: 10,
                loss: 0,
                zero_bye: 0,
                forfeit_loss: 0,
                pairing_bye: 20,
            },
            // Round 1: which team is listed first is drawn by lot (CXA 12.4); later rounds:
            // read from round 1.
            initial_color: (played_rounds == 0).then(|| {
                if Lot::new(seed).coin() {
                    Color::Red
                } else {
                    Color::Black
                }
            }),
            forbidden: Vec::new(),
            seed,
        }
    }

    /// Pairs the next round of a Swiss of teams with `engine` (CXA 10.3 for teams): by 场分,
    /// then the tie-breaks, no rematch, which team is listed first balanced as the engine
    /// balances colours (CXA 12.2, 12.3), the bye to the lowest team without one (CXA 14.4).
    /// The event keeps `seed`. A round may still be paired by hand instead.
    ///
    /// # Errors
    /// Not a Swiss, every round paired, the last round unfinished, or the engine's own error
    /// ([`TeamError::Pairing`], e.g. no pairing without a rematch).
    pub fn pair_swiss(
        &self,
        engine: &dyn PairingSystem,
        seed: u64,
    ) -> Result<TeamEvent, TeamError> {
        self.with_stage(|s: &SwissStage, play| s.pair(play, Some(engine), Some(seed)))
            .unwrap_or_else(|| {
                Err(TeamError::InvalidFormat(
                    "only a swiss of teams is paired by a swiss engine".into(),
                ))
            })
    }
}

#[cfg(test)]
use super::TeamFormat as Format;
#[cfg(test)]
use super::TeamPairing;

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::{
        swiss::cxa::Cxa,
        team_tournament::{
            TeamRanking,
            tests::{pair, record, teams_event},
        },
        types::Book,
    };

    fn swiss(rules: Book, rounds: u32, names: &[&str]) -> TeamTournament {
        teams_event(
            Format::Swiss { rounds },
            rules,
            2,
            false,
            TeamRanking::MatchPoints,
            names,
        )
        .unwrap()
    }

    /// Pairs the next round with the CXA engine and applies it.
    fn engine_round(t: &mut TeamTournament, seed: u64) -> (Vec<TeamPairing>, Vec<usize>) {
        let e = t.pair_swiss(&Cxa, seed).unwrap();
        t.apply(e).unwrap();
        t.pairings(t.rounds_paired())
    }

    #[test]
    fn teams_of_equal_match_points_meet_and_the_listing_alternates() {
        for rules in [Book::Cxa2011, Book::Wxf2018] {
            let mut t = swiss(rules, 3, &["A", "B", "C", "D"]);
            // Round 1 by hand: A (listed first) beats B; D (listed second) beats C.
            pair(&mut t, 1, &[(0, 1), (2, 3)], &[]);
            record(&mut t, 1, 1, &["WW"]);
            record(&mut t, 1, 2, &["LL"]);
            let (matches, byes) = engine_round(&mut t, 7);
            assert!(byes.is_empty());
            // CXA 10.3: 2 场分 meets 2 场分 (A, D), 0 meets 0 (B, C), the leaders at table 1.
            // CXA 12.3: a team listed second last round is listed first (red on odd boards).
            assert_eq!(
                matches,
                [
                    TeamPairing {
                        table: 1,
                        first: 3,
                        second: 0
                    },
                    TeamPairing {
                        table: 2,
                        first: 1,
                        second: 2
                    },
                ],
                "{rules:?}"
            );
        }
    }

    #[test]
    fn round_one_sets_the_stronger_half_against_the_weaker() {
        // CXA 10.3, 11.1 (choice): a team's strength is the sum of its boards' ratings.
        let mut t = swiss(Book::Cxa2011, 3, &[]);
        for (k, r) in [1000u16, 4000, 2000, 3000].into_iter().enumerate() {
            let tm = crate::team::Team {
                name: format!("T{k}"),
                players: (0..3)
                    .map(|i| {
                        let mut p = crate::types::Player::named(format!("T{k}-{i}"));
                        p.rating = Some(r);
                        p
                    })
                    .collect(),
                boards: 2,
            };
            t.apply(TeamEvent::TeamRegistered { team: tm }).unwrap();
        }
        assert_eq!(t.swiss_input(1).players[1].rating, 8000);
        for seed in 0..8 {
            let TeamEvent::RoundPaired { matches, byes, .. } = t.pair_swiss(&Cxa, seed).unwrap()
            else {
                unreachable!()
            };
            assert!(byes.is_empty());
            for m in matches {
                let strong = |k: usize| k == 1 || k == 3;
                assert_ne!(strong(m.first), strong(m.second), "seed {seed}");
            }
        }
    }

    #[test]
    fn equal_match_points_go_to_the_engine_in_tie_break_order() {
        // 场分 first, then the tie-breaks in force (CXA 14.6): the input ranks as the standings.
        let mut t = swiss(Book::Cxa2011, 4, &["A", "B", "C", "D", "E", "F"]);
        pair(&mut t, 1, &[(0, 1), (2, 3), (4, 5)], &[]);
        record(&mut t, 1, 1, &["WD"]);
        record(&mut t, 1, 2, &["WW"]);
        record(&mut t, 1, 3, &["DD"]);
        let input = t.swiss_input(3);
        let mut ranked: Vec<&SwissPlayer> = input.players.iter().collect();
        ranked.sort_by_key(|p| {
            let score: u32 = p.history.iter().map(|e| input.points.points(e)).sum();
            (std::cmp::Reverse(score), std::cmp::Reverse(p.rating))
        });
        let order: Vec<usize> = ranked.iter().map(|p| p.number as usize - 1).collect();
        let standings: Vec<usize> = t.standings().iter().map(|s| s.competitor).collect();
        assert_eq!(order, standings);
        // C won 4–0 and A 3–1 in 局分: C is above A.
        assert_eq!(standings[..2], [2, 0]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_team_without_one() {
        // CXA 14.4 (a bye is a won match), 10.3 (at most one each).
        let mut t = swiss(Book::Cxa2011, 3, &["A", "B", "C", "D", "E"]);
        pair(&mut t, 1, &[(0, 1), (2, 3)], &[4]);
        record(&mut t, 1, 1, &["WW"]);
        record(&mut t, 1, 2, &["WD"]);
        let standings: Vec<usize> = t.standings().iter().map(|s| s.competitor).collect();
        let (_, byes) = engine_round(&mut t, 11);
        let lowest = *standings.iter().rev().find(|&&k| k != 4).unwrap();
        assert_eq!(byes, [lowest]);
        let (matches, _) = t.pairings(2);
        for m in &matches {
            record(&mut t, 2, m.table, &["DL"]);
        }
        let (_, third) = engine_round(&mut t, 12);
        assert_eq!(third.len(), 1);
        assert!(third[0] != 4 && third[0] != lowest);
    }

    #[test]
    fn the_seed_is_kept_and_the_round_replays() {
        let mut t = swiss(Book::Wxf2018, 2, &["A", "B", "C", "D", "E", "F"]);
        let e = t.pair_swiss(&Cxa, 42).unwrap();
        assert_eq!(e, t.pair_swiss(&Cxa, 42).unwrap());
        let TeamEvent::RoundPaired { seed, .. } = &e else {
            unreachable!()
        };
        assert_eq!(*seed, Some(42));
        t.apply(e).unwrap();
        let again = TeamTournament::from_events(t.events().to_vec()).unwrap();
        assert_eq!(again, t);
    }

    #[test]
    fn refusals() {
        let rr = teams_event(
            Format::RoundRobin { cycles: 1 },
            Book::Cxa2011,
            2,
            false,
            TeamRanking::MatchPoints,
            &["A", "B"],
        )
        .unwrap();
        assert!(matches!(
            rr.pair_swiss(&Cxa, 1),
            Err(TeamError::InvalidFormat(_))
        ));
        let mut t = swiss(Book::Cxa2011, 1, &["A", "B", "C", "D"]);
        engine_round(&mut t, 1);
        assert!(matches!(t.pair_swiss(&Cxa, 1), Err(TeamError::NoRound(_))));
        let mut t = swiss(Book::Cxa2011, 3, &["A", "B", "C", "D"]);
        engine_round(&mut t, 1);
        record(&mut t, 1, 1, &["WW"]);
        assert_eq!(t.pair_swiss(&Cxa, 1), Err(TeamError::RoundIncomplete(1)));
        // Two teams that have met have no second round without a rematch (CXA 10.3).
        let mut two = swiss(Book::Cxa2011, 2, &["A", "B"]);
        engine_round(&mut two, 1);
        record(&mut two, 1, 1, &["WL"]);
        assert!(matches!(
            two.pair_swiss(&Cxa, 2),
            Err(TeamError::Pairing(_))
        ));
    }

    #[test]
    fn a_withdrawn_team_is_not_paired_again() {
        // CXA 19.3; WXF 11.4.
        let mut t = swiss(Book::Cxa2011, 3, &["A", "B", "C", "D"]);
        let (matches, _) = engine_round(&mut t, 5);
        for m in &matches {
            record(&mut t, 1, m.table, &["WD"]);
        }
        t.apply(TeamEvent::Withdrawn {
            team: 2,
            after_round: 1,
        })
        .unwrap();
        let (matches, byes) = engine_round(&mut t, 6);
        assert_eq!(matches.len(), 1);
        assert_eq!(byes.len(), 1);
        assert!(matches.iter().all(|m| m.first != 2 && m.second != 2) && byes != [2]);
    }

    /// Whether `teams` can be paired without a rematch, a bye to one that has had none.
    fn rematch_free(teams: &[usize], met: &HashSet<(usize, usize)>, had_bye: &[bool]) -> bool {
        fn perfect(rest: &[usize], met: &HashSet<(usize, usize)>) -> bool {
            let Some((&a, tail)) = rest.split_first() else {
                return true;
            };
            tail.iter().enumerate().any(|(i, &b)| {
                !met.contains(&(a.min(b), a.max(b))) && {
                    let mut next = tail.to_vec();
                    next.remove(i);
                    perfect(&next, met)
                }
            })
        }
        if teams.len() % 2 == 0 {
            return perfect(teams, met);
        }
        teams.iter().enumerate().any(|(i, &b)| {
            !had_bye[b] && {
                let mut rest = teams.to_vec();
                rest.remove(i);
                perfect(&rest, met)
            }
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Any Swiss of teams paired by the CXA engine, any results, maybe a withdrawal: no two
        /// teams meet twice and no team has two byes; the engine pairs a round whenever a
        /// pairing without a rematch exists, and every team still in plays or has the bye.
        #[test]
        fn no_two_teams_meet_twice(
            n in 2usize..9,
            boards in 1usize..4,
            two_games in proptest::bool::ANY,
            wxf in proptest::bool::ANY,
            leaver in proptest::option::of((0usize..9, 1u32..8)),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let names: Vec<String> = (0..n).map(|k| format!("T{k}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let rules = if wxf { Book::Wxf2018 } else { Book::Cxa2011 };
            let rounds = n as u32;
            let mut t = teams_event(
                Format::Swiss { rounds },
                rules,
                boards,
                two_games,
                TeamRanking::MatchPoints,
                &names,
            )
            .unwrap();
            let mut lot = Lot::new(seed);
            let mut met = HashSet::new();
            let mut had_bye = vec![false; n];
            while t.rounds_paired() < rounds {
                if let Some((team, after)) = leaver {
                    if team < n && after == t.rounds_paired() {
                        t.apply(TeamEvent::Withdrawn { team, after_round: after }).unwrap();
                    }
                }
                let active: Vec<usize> =
                    (0..n).filter(|&k| t.withdrawn_after(k).is_none()).collect();
                let possible = rematch_free(&active, &met, &had_bye);
                let e = match t.pair_swiss(&Cxa, seed ^ u64::from(t.rounds_paired())) {
                    Ok(e) => e,
                    Err(TeamError::Pairing(_)) => {
                        proptest::prop_assert!(!possible, "the engine missed a pairing");
                        break;
                    }
                    Err(e) => return Err(proptest::test_runner::TestCaseError::fail(e.to_string())),
                };
                t.apply(e).unwrap();
                let round = t.rounds_paired();
                let (matches, byes) = t.pairings(round);
                let mut seen: Vec<usize> = byes.clone();
                for m in &matches {
                    let key = (m.first.min(m.second), m.first.max(m.second));
                    proptest::prop_assert!(met.insert(key), "rematch {key:?} in round {round}");
                    seen.extend([m.first, m.second]);
                }
                for &b in &byes {
                    proptest::prop_assert!(!had_bye[b], "second bye for {b}");
                    had_bye[b] = true;
                }
                seen.sort_unstable();
                proptest::prop_assert_eq!(&seen, &active);
                for m in matches {
                    let games: Vec<String> = (0..if two_games { 2 } else { 1 })
                        .map(|_| {
                            (0..boards)
                                .map(|_| ['W', 'D', 'L'][lot.below(3) as usize])
                                .collect()
                        })
                        .collect();
                    let games: Vec<&str> = games.iter().map(String::as_str).collect();
                    record(&mut t, round, m.table, &games);
                }
            }
            let again = TeamTournament::from_events(t.events().to_vec()).unwrap();
            proptest::prop_assert!(again == t);
        }
    }
}
