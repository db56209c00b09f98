//! Double elimination (双败淘汰制): CXA 2011 art. 10.4 names it; its order table (appendix 4)
//! is not in the text we have, so we build the standard bracket used by sports programs:
//!
//! - the winners' bracket is the single-elimination bracket of [`crate::knockout`] (byes to top
//!   seeds);
//! - the losers of winners' round 1 play each other; then the losers' bracket alternates a
//!   round in which the losers of the next winners' round drop in (in reverse order every other
//!   time, to put off rematches) with a round among the losers' bracket survivors;
//! - the grand final pits the winners' champion against the losers' champion; with `reset`,
//!   a win by the losers' champion forces a second final, so that nobody is out before losing
//!   twice.
//!
//! A player is out after two losses (with `reset`; without it the winners' champion is out if
//! they lose the one final); a bracket with `n` entrants plays `2n − 2` matches, one more after
//! a reset.

use serde::{Deserialize, Serialize};

use crate::{
    knockout::{KnockoutMatch, seed_order},
    types::PlayerId,
};

/// One match of a double-elimination bracket in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoubleMatch {
    /// Where it sits: winners' or losers' bracket round, grand final, or the reset final.
    pub part: Part,
    /// Its players (unknown while earlier matches are open), games, winner and decision.
    pub line: KnockoutMatch,
    /// Who lost it, once decided (`None` after a bye or when neither goes on).
    pub loser: Option<PlayerId>,
    /// False for a reset final the winners' bracket champion made unnecessary.
    pub needed: bool,
}

/// Where a match's player comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A seed (1-based); seeds beyond the entrants are byes.
    Seed(u32),
    /// The winner of match `.0` (index in [`DoubleElimination::matches`]).
    WinnerOf(usize),
    /// The loser of match `.0`.
    LoserOf(usize),
}

/// Which part of the bracket a match belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Part {
    /// 胜者组, round `.0`.
    Winners(u32),
    /// 败者组, round `.0`.
    Losers(u32),
    /// 总决赛.
    GrandFinal,
    /// The second final after the losers' champion won the first.
    Reset,
}

/// One match of the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BracketMatch {
    /// Where it sits.
    pub part: Part,
    /// First-listed player's source.
    pub a: Source,
    /// Second-listed player's source.
    pub b: Source,
}

/// Who won a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Winner {
    /// The first-listed player.
    A,
    /// The second-listed player.
    B,
}

/// A bracket position once the results so far are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    /// A seed.
    Player(u32),
    /// Nobody: a bye.
    Bye,
    /// Not known yet.
    Pending,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchStatus {
    /// Both players known, no result yet.
    Ready(u32, u32),
    /// Waiting for earlier matches.
    Waiting,
    /// One player and a bye: no game.
    Walkover(Slot),
    /// Played.
    Decided {
        /// Seed who won.
        winner: u32,
        /// Seed who lost.
        loser: u32,
    },
    /// Not needed (a reset after the winners' champion took the first final).
    NotNeeded,
}

/// Why no bracket.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BracketError {
    /// Double elimination needs at least three entrants.
    #[error("double elimination needs at least 3 entrants, got {0}")]
    TooFew(u32),
    /// More than 2^20 entrants.
    #[error("too many entrants: {0}")]
    TooMany(u32),
}

/// A double-elimination bracket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoubleElimination {
    entrants: u32,
    matches: Vec<BracketMatch>,
}

impl DoubleElimination {
    /// The bracket for `entrants` seeded players (seed 1 strongest), with a possible reset
    /// final when `reset`.
    ///
    /// # Errors
    /// Fewer than 3 or more than 2^20 entrants.
    pub fn new(entrants: u32, reset: bool) -> Result<DoubleElimination, BracketError> {
        if entrants < 3 {
            return Err(BracketError::TooFew(entrants));
        }
        if entrants > 1 << 20 {
            return Err(BracketError::TooMany(entrants));
        }
        let slots = entrants.next_power_of_two();
        let k = slots.trailing_zeros();
        let order = seed_order(slots).unwrap_or_default();
        let mut matches = Vec::new();
        let push = |m: BracketMatch, v: &mut Vec<BracketMatch>| {
            v.push(m);
            v.len() - 1
        };
        // Winners' bracket.
        let mut wb: Vec<Vec<usize>> = Vec::new();
        let first: Vec<usize> = order
            .chunks(2)
            .map(|p| {
                push(
                    BracketMatch {
                        part: Part::Winners(1),
                        a: Source::Seed(p[0]),
                        b: Source::Seed(p[1]),
                    },
                    &mut matches,
                )
            })
            .collect();
        wb.push(first);
        for r in 2..=k {
            let prev = wb.last().cloned().unwrap_or_default();
            let round = prev
                .chunks(2)
                .map(|p| {
                    push(
                        BracketMatch {
                            part: Part::Winners(r),
                            a: Source::WinnerOf(p[0]),
                            b: Source::WinnerOf(p[1]),
                        },
                        &mut matches,
                    )
                })
                .collect();
            wb.push(round);
        }
        // Losers' bracket.
        let mut lr = 1;
        let mut survivors: Vec<Source> = wb[0]
            .chunks(2)
            .map(|p| {
                let id = push(
                    BracketMatch {
                        part: Part::Losers(lr),
                        a: Source::LoserOf(p[0]),
                        b: Source::LoserOf(p[1]),
                    },
                    &mut matches,
                );
                Source::WinnerOf(id)
            })
            .collect();
        for j in 2..=k as usize {
            lr += 1;
            let mut drops: Vec<Source> = wb[j - 1].iter().map(|&m| Source::LoserOf(m)).collect();
            if j % 2 == 0 {
                drops.reverse();
            }
            survivors = survivors
                .iter()
                .zip(drops)
                .map(|(&s, d)| {
                    let id = push(
                        BracketMatch {
                            part: Part::Losers(lr),
                            a: d,
                            b: s,
                        },
                        &mut matches,
                    );
                    Source::WinnerOf(id)
                })
                .collect();
            if survivors.len() > 1 {
                lr += 1;
                survivors = survivors
                    .chunks(2)
                    .map(|p| {
                        let id = push(
                            BracketMatch {
                                part: Part::Losers(lr),
                                a: p[0],
                                b: p[1],
                            },
                            &mut matches,
                        );
                        Source::WinnerOf(id)
                    })
                    .collect();
            }
        }
        let wb_final = wb.last().and_then(|r| r.first()).copied().unwrap_or(0);
        let lb_champion = survivors.first().copied().unwrap_or(Source::Seed(0));
        let gf = push(
            BracketMatch {
                part: Part::GrandFinal,
                a: Source::WinnerOf(wb_final),
                b: lb_champion,
            },
            &mut matches,
        );
        if reset {
            push(
                BracketMatch {
                    part: Part::Reset,
                    a: Source::WinnerOf(gf),
                    b: Source::LoserOf(gf),
                },
                &mut matches,
            );
        }
        Ok(DoubleElimination { entrants, matches })
    }

    /// The matches in playing order (every match comes after those it depends on).
    #[must_use]
    pub fn matches(&self) -> &[BracketMatch] {
        &self.matches
    }

    /// Each match's status given the `results` so far (indexed like [`Self::matches`];
    /// results for matches not ready are ignored).
    #[must_use]
    pub fn status(&self, results: &[Option<Winner>]) -> Vec<MatchStatus> {
        let mut out: Vec<MatchStatus> = Vec::with_capacity(self.matches.len());
        // (winner, loser) slots per match.
        let mut decided: Vec<(Slot, Slot)> = Vec::with_capacity(self.matches.len());
        for (i, m) in self.matches.iter().enumerate() {
            let slot = |s: Source, decided: &[(Slot, Slot)]| match s {
                Source::Seed(n) if n >= 1 && n <= self.entrants => Slot::Player(n),
                Source::Seed(_) => Slot::Bye,
                Source::WinnerOf(j) => decided.get(j).map_or(Slot::Pending, |d| d.0),
                Source::LoserOf(j) => decided.get(j).map_or(Slot::Pending, |d| d.1),
            };
            let (a, b) = (slot(m.a, &decided), slot(m.b, &decided));
            // A reset is played only if the losers' champion won the first final.
            let not_needed = m.part == Part::Reset
                && matches!(
                    out.get(i.wrapping_sub(1)),
                    Some(MatchStatus::Decided { .. })
                )
                && results.get(i - 1).copied().flatten() == Some(Winner::A);
            let (status, d) = if not_needed {
                (MatchStatus::NotNeeded, (a, Slot::Bye))
            } else {
                match (a, b) {
                    (Slot::Pending, _) | (_, Slot::Pending) => {
                        (MatchStatus::Waiting, (Slot::Pending, Slot::Pending))
                    }
                    (Slot::Bye, other) | (other, Slot::Bye) => {
                        (MatchStatus::Walkover(other), (other, Slot::Bye))
                    }
                    (Slot::Player(x), Slot::Player(y)) => match results.get(i).copied().flatten() {
                        Some(Winner::A) => (
                            MatchStatus::Decided {
                                winner: x,
                                loser: y,
                            },
                            (a, b),
                        ),
                        Some(Winner::B) => (
                            MatchStatus::Decided {
                                winner: y,
                                loser: x,
                            },
                            (b, a),
                        ),
                        None => (MatchStatus::Ready(x, y), (Slot::Pending, Slot::Pending)),
                    },
                }
            };
            out.push(status);
            decided.push(d);
        }
        out
    }

    /// The champion once the last needed match is decided.
    #[must_use]
    pub fn champion(&self, results: &[Option<Winner>]) -> Option<u32> {
        let status = self.status(results);
        let gf = self
            .matches
            .iter()
            .position(|m| m.part == Part::GrandFinal)?;
        let final_winner = match status.get(gf) {
            Some(MatchStatus::Decided { winner, .. }) => Some(*winner),
            _ => None,
        };
        match status.get(gf + 1) {
            // No reset in this bracket, or the winners' champion took the first final.
            None | Some(MatchStatus::NotNeeded) => final_winner,
            Some(MatchStatus::Decided { winner, .. }) => Some(*winner),
            Some(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    /// Plays the bracket out, `pick(i, a, b)` choosing each winner.
    fn play(
        de: &DoubleElimination,
        mut pick: impl FnMut(usize, u32, u32) -> Winner,
    ) -> (Vec<Option<Winner>>, Vec<MatchStatus>) {
        let mut results = vec![None; de.matches().len()];
        loop {
            let status = de.status(&results);
            let ready = status.iter().enumerate().find_map(|(i, s)| match s {
                MatchStatus::Ready(a, b) => Some((i, *a, *b)),
                _ => None,
            });
            match ready {
                Some((i, a, b)) => results[i] = Some(pick(i, a, b)),
                None => return (results, status),
            }
        }
    }

    #[test]
    fn eight_players_favourites_win() {
        let de = DoubleElimination::new(8, true).unwrap();
        let (results, status) = play(&de, |_, a, b| if a < b { Winner::A } else { Winner::B });
        assert_eq!(de.champion(&results), Some(1));
        let played = status
            .iter()
            .filter(|s| matches!(s, MatchStatus::Decided { .. }))
            .count();
        assert_eq!(played, 2 * 8 - 2);
        // Seed 2 loses only to 1 in the winners' final and then to 1 in the grand final.
        let losses_of_2 = status
            .iter()
            .filter(|s| matches!(s, MatchStatus::Decided { loser: 2, .. }))
            .count();
        assert_eq!(losses_of_2, 2);
        assert!(matches!(status.last(), Some(MatchStatus::NotNeeded)));
    }

    #[test]
    fn too_few_entrants() {
        assert_eq!(
            DoubleElimination::new(2, false),
            Err(BracketError::TooFew(2))
        );
    }

    proptest! {
        /// Everyone but the champion is out after exactly two losses; nobody plays after a
        /// second loss; 2n − 2 matches, or 2n − 1 after a reset.
        #[test]
        fn everyone_but_the_champion_loses_twice(
            n in 3u32..40,
            reset: bool,
            coins in proptest::collection::vec(any::<bool>(), 80),
        ) {
            let de = DoubleElimination::new(n, reset).unwrap();
            let mut losses: HashMap<u32, u32> = HashMap::new();
            let (results, status) = play(&de, |i, a, b| {
                let w = if coins[i % coins.len()] { Winner::A } else { Winner::B };
                let loser = if w == Winner::A { b } else { a };
                *losses.entry(loser).or_default() += 1;
                w
            });
            let champion = de.champion(&results);
            prop_assert!(champion.is_some());
            let champion = champion.unwrap();
            prop_assert!(status.iter().all(|s| !matches!(s, MatchStatus::Ready(..) | MatchStatus::Waiting)));
            // Without a reset the winners' champion may go out after one loss in the final.
            let gf = de.matches().iter().position(|m| m.part == Part::GrandFinal).unwrap();
            let gf_loser = match status[gf] {
                MatchStatus::Decided { loser, .. } => loser,
                _ => 0,
            };
            for p in 1..=n {
                let l = losses.get(&p).copied().unwrap_or(0);
                if p == champion {
                    prop_assert!(l <= 1);
                } else if !reset && p == gf_loser {
                    prop_assert!((1..=2).contains(&l));
                } else {
                    prop_assert_eq!(l, 2, "player {}", p);
                }
            }
            let played = status.iter().filter(|s| matches!(s, MatchStatus::Decided { .. })).count() as u32;
            let champion_lost = losses.get(&champion).copied().unwrap_or(0);
            let extra = if reset { champion_lost } else { 0 };
            prop_assert_eq!(played, 2 * n - 2 + extra);
        }
    }
}
