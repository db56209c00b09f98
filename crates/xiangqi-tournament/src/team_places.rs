//! 队员总分制 (CXA 2011 art. 11.5, ranked by 14.8): a team result from an individual event.
//!
//! "比赛不分台次，按照各队棋手参加个人赛成绩之和来计算团体成绩" (11.5): no boards and no team
//! matches; the players play the individual event (a round robin, a Swiss or a knockout), and
//! each team is ranked by its players' places there: "根据各队棋手个人名次总和多少排列名次，
//! 少者列前。如相等则比较最高个人名次" (14.8): the smaller sum of places first; equal sums by
//! the best individual place.
//!
//! Where the book is silent (our choices, named so the organiser can see them):
//! - A player's team is the player's unit (单位, [`crate::Player::club`]); players without one
//!   are in no team.
//! - Each team counts its best `counted` places, `counted` defaulting to the smallest team's
//!   number of players, so every team counts as many places. A team with fewer players than
//!   `counted` (or with players not placed yet) is listed after every complete team.
//! - Shared places (players equal after every tie-break, or a knockout round's losers) count
//!   as the best place of the share, as the individual standings print them.
//! - Teams still equal on the sum and on the best place share the team place.

use serde::{Deserialize, Serialize};

use crate::{
    tournament::{Format, Tournament},
    types::PlayerId,
};

/// One team's line of the 队员总分制 standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceSumRow {
    /// The team's name (its players' unit).
    pub team: String,
    /// The team's place, 1-based; teams equal on everything share it.
    pub rank: u32,
    /// The sum of the counted places (CXA 14.8): fewer ranks higher.
    pub sum: u32,
    /// The team's best individual place (the tie-break of 14.8).
    pub best: Option<u32>,
    /// The counted players and their places, best first.
    pub counted: Vec<(PlayerId, u32)>,
    /// Whether the team had `counted` placed players; incomplete teams come last.
    pub complete: bool,
}

/// A team's players and their places (`None` while not placed).
type Members = Vec<(PlayerId, Option<u32>)>;

/// Ranks teams by the sum of their players' places (CXA 11.5, 14.8). `entries` are each
/// player's team and individual place (`None` while not placed); `counted` is how many places
/// a team counts (its best ones), by default the smallest team's number of players. Teams are
/// listed in the order of 14.8, then incomplete ones, ties by first appearance.
#[must_use]
pub fn place_sum_standings(
    entries: &[(PlayerId, String, Option<u32>)],
    counted: Option<usize>,
) -> Vec<PlaceSumRow> {
    let mut teams: Vec<(String, Members)> = Vec::new();
    for (player, team, place) in entries {
        match teams.iter_mut().find(|(name, _)| name == team) {
            Some((_, members)) => members.push((*player, *place)),
            None => teams.push((team.clone(), vec![(*player, *place)])),
        }
    }
    let n = counted
        .unwrap_or_else(|| teams.iter().map(|(_, m)| m.len()).min().unwrap_or(0))
        .max(1);
    let mut rows: Vec<PlaceSumRow> = teams
        .into_iter()
        .map(|(team, members)| {
            let mut placed: Vec<(PlayerId, u32)> = members
                .into_iter()
                .filter_map(|(p, place)| place.map(|x| (p, x)))
                .collect();
            placed.sort_by_key(|&(p, place)| (place, p));
            placed.truncate(n);
            PlaceSumRow {
                team,
                rank: 0,
                sum: placed.iter().map(|&(_, x)| x).sum(),
                best: placed.first().map(|&(_, x)| x),
                complete: placed.len() == n,
                counted: placed,
            }
        })
        .collect();
    // Complete teams first; among them (and among the incomplete) the smaller sum, then the
    // better best place (14.8); the incomplete with more places counted first.
    let key = |r: &PlaceSumRow| {
        (
            !r.complete,
            std::cmp::Reverse(r.counted.len()),
            r.sum,
            r.best.unwrap_or(u32::MAX),
        )
    };
    rows.sort_by_key(key);
    for k in 0..rows.len() {
        rows[k].rank = if k > 0 && key(&rows[k]) == key(&rows[k - 1]) {
            rows[k - 1].rank
        } else {
            k as u32 + 1
        };
    }
    rows
}

impl Tournament {
    /// Each player's individual place: by the round reached and the placing matches in a
    /// knockout (CXA 10.4; `None` while still in), else the standings' rank.
    #[must_use]
    pub fn individual_places(&self) -> Vec<(PlayerId, Option<u32>)> {
        if matches!(
            self.format(),
            Format::Knockout { .. } | Format::LotKnockout { .. }
        ) {
            return self
                .knockout_standings()
                .into_iter()
                .map(|(p, k)| (p, k.map(|k| k.place)))
                .collect();
        }
        let mut out: Vec<(PlayerId, Option<u32>)> = self
            .standings()
            .into_iter()
            .map(|s| (PlayerId::from_index(s.competitor), Some(s.rank)))
            .collect();
        out.sort_unstable_by_key(|&(p, _)| p);
        out
    }

    /// The 队员总分制 standings of this individual event (CXA 11.5, 14.8): its players'
    /// units as teams, ranked by the sum of their best `counted` places.
    #[must_use]
    pub fn place_sum_standings(&self, counted: Option<usize>) -> Vec<PlaceSumRow> {
        let entries: Vec<(PlayerId, String, Option<u32>)> = self
            .individual_places()
            .into_iter()
            .filter_map(|(p, place)| {
                let club = self.players().get(p.index())?.club.clone()?;
                Some((p, club, place))
            })
            .collect();
        place_sum_standings(&entries, counted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Book, GameResult, Player, ScoringScheme,
        tournament::{Event, Format},
    };

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).expect("from 1")
    }

    fn entries(teams: &[(&str, &[u32])]) -> Vec<(PlayerId, String, Option<u32>)> {
        let mut n = 0;
        let mut out = Vec::new();
        for (team, places) in teams {
            for &p in *places {
                n += 1;
                out.push((id(n), (*team).to_owned(), Some(p)));
            }
        }
        out
    }

    fn order(rows: &[PlaceSumRow]) -> Vec<(&str, u32, u32)> {
        rows.iter()
            .map(|r| (r.team.as_str(), r.rank, r.sum))
            .collect()
    }

    #[test]
    fn cxa_14_8_the_smaller_sum_of_places_first() {
        // Nine players in three teams of three: 甲 1+5+9 = 15, 乙 2+4+8 = 14, 丙 3+6+7 = 16.
        let rows = place_sum_standings(
            &entries(&[("甲", &[1, 5, 9]), ("乙", &[2, 4, 8]), ("丙", &[3, 6, 7])]),
            None,
        );
        assert_eq!(order(&rows), [("乙", 1, 14), ("甲", 2, 15), ("丙", 3, 16)]);
    }

    #[test]
    fn cxa_14_8_equal_sums_go_by_the_best_place() {
        // 甲 1+6+8 = 15 and 乙 2+4+9 = 15: 甲's best place (1) beats 乙's (2). 丙 and 丁 are
        // equal on both (3+5+7, 3+5+7 with a shared 3rd and 5th): they share 3rd.
        let rows = place_sum_standings(
            &entries(&[
                ("甲", &[1, 6, 8]),
                ("乙", &[2, 4, 9]),
                ("丙", &[3, 5, 7]),
                ("丁", &[3, 5, 7]),
            ]),
            None,
        );
        assert_eq!(
            order(&rows),
            [("甲", 1, 15), ("乙", 2, 15), ("丙", 3, 15), ("丁", 3, 15)]
        );
        assert_eq!(rows[0].best, Some(1));
    }

    #[test]
    fn each_team_counts_its_best_places_and_short_teams_come_last() {
        // Counting 2: 甲 1+4 (its 9th dropped) = 5; 乙 2+3 = 5, best 2; 丙 has one player.
        let rows = place_sum_standings(
            &entries(&[("甲", &[1, 9, 4]), ("乙", &[2, 3]), ("丙", &[5])]),
            Some(2),
        );
        assert_eq!(order(&rows), [("甲", 1, 5), ("乙", 2, 5), ("丙", 3, 5)]);
        assert_eq!(
            rows[0].counted.iter().map(|c| c.1).collect::<Vec<_>>(),
            [1, 4]
        );
        assert!(!rows[2].complete);
        // By default every team counts as many as the smallest: one place each.
        let rows = place_sum_standings(
            &entries(&[("甲", &[1, 9, 4]), ("乙", &[2, 3]), ("丙", &[5])]),
            None,
        );
        assert_eq!(order(&rows), [("甲", 1, 1), ("乙", 2, 2), ("丙", 3, 5)]);
    }

    #[test]
    fn from_an_individual_round_robin() {
        // Four players of two units in a round robin; the lower start number wins every
        // game: places 1–4. 北京 (nos. 1 and 4) 1+4 = 5, 上海 (2 and 3) 2+3 = 5: equal sums,
        // 北京's best place 1 first (CXA 14.8).
        let mut t = Tournament::from_events([Event::Created {
            name: "open".into(),
            rules: Book::Cxa2011,
            format: Format::RoundRobin { cycles: 1 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }])
        .unwrap();
        for (name, club) in [("a", "北京"), ("b", "上海"), ("c", "上海"), ("d", "北京")] {
            t.apply(Event::Registered {
                player: Player {
                    club: Some(club.into()),
                    ..Player::named(name)
                },
            })
            .unwrap();
        }
        while let Ok(e) = t.pair_next_round() {
            let Event::RoundPaired { round, games, .. } = e.clone() else {
                unreachable!()
            };
            t.apply(e).unwrap();
            for g in games {
                let result = if g.red < g.black {
                    GameResult::RedWins
                } else {
                    GameResult::BlackWins
                };
                t.apply(Event::ResultRecorded {
                    round,
                    board: g.board,
                    result,
                })
                .unwrap();
            }
        }
        let rows = t.place_sum_standings(None);
        assert_eq!(order(&rows), [("北京", 1, 5), ("上海", 2, 5)]);
        assert_eq!(rows[0].counted, [(id(1), 1), (id(4), 4)]);
    }
}
