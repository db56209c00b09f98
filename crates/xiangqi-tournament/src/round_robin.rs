//! Round-robin order tables (循环赛对局秩序表).
//!
//! CXA 2011 art. 10.1 and appendix 2; art. 12.1 (the number listed first plays red) and 12.2
//! (in team events the first-listed team is red on odd boards). The CXA table ("1 plays N in
//! round 1, 首尾相对，依次靠拢") equals FIDE's Berger tables (FIDE handbook C.05 annex 1), which is
//! what this module builds: with N players (N rounded up to even), player N sits on board 1
//! every round, black in odd rounds and red in even ones; the other boards pair around a circle.
//! With an odd number of players the phantom N is the bye (轮空).
//!
//! Double round robin (CXA 10.1 两局制): the second cycle repeats the first with colours swapped,
//! as CXA 12.4 swaps colours in the second game of a two-game match. FIDE C.05 suggests swapping
//! the last two rounds of the first cycle to avoid three same colours in a row; the CXA text
//! does not, so we keep the table as printed.

use serde::{Deserialize, Serialize};

use crate::types::PlayerId;

/// One game in an order table: the first-listed number plays red (CXA 12.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// Board (台次), 1-based.
    pub board: u32,
    /// Red, listed first.
    pub red: PlayerId,
    /// Black, listed second.
    pub black: PlayerId,
}

/// One round of a schedule: its games and the player with the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledRound {
    /// Games in board order, boards numbered 1.. without gaps.
    pub games: Vec<Pairing>,
    /// The player who sits out this round (odd number of players).
    pub bye: Option<PlayerId>,
}

/// The raw Berger table for `players` (≥ 2): rounds of `(red, black)` numbers including the
/// phantom player `players + 1` when `players` is odd, in table board order.
///
/// Returns an empty table for fewer than 2 players.
#[must_use]
pub fn berger_table(players: u32) -> Vec<Vec<(u32, u32)>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2; // even size, phantom included
    let m = n - 1; // players on the circle
    let half = n / 2;
    (0..m)
        .map(|r| {
            // p plays n; the circle fans out from p.
            let p = (r * half) % m + 1;
            let wrap = |x: u32| (x - 1) % m + 1;
            let mut games = Vec::with_capacity(half as usize);
            games.push(if r % 2 == 0 { (p, n) } else { (n, p) });
            for k in 1..half {
                let red = wrap(p + k);
                let black = wrap(p + m - k);
                games.push((red, black));
            }
            games
        })
        .collect()
}

/// The schedule of a single (`cycles` = 1) or double (`cycles` = 2) round robin for `players`
/// players: each round's games renumbered from board 1 with the bye listed apart.
///
/// CXA 2011 arts. 10.1, 12.1; appendix 2. Cycles after the first swap colours (CXA 12.4).
#[must_use]
pub fn schedule(players: u32, cycles: u32) -> Vec<ScheduledRound> {
    let table = berger_table(players);
    let id = |n: u32| PlayerId::new(n);
    let mut rounds = Vec::new();
    for cycle in 0..cycles {
        for games in &table {
            let mut round = ScheduledRound {
                games: Vec::new(),
                bye: None,
            };
            for &(a, b) in games {
                let (red, black) = if cycle % 2 == 0 { (a, b) } else { (b, a) };
                match (red > players, black > players) {
                    (true, _) => round.bye = id(black),
                    (_, true) => round.bye = id(red),
                    _ => {
                        if let (Some(red), Some(black)) = (id(red), id(black)) {
                            let board = round.games.len() as u32 + 1;
                            round.games.push(Pairing { board, red, black });
                        }
                    }
                }
            }
            rounds.push(round);
        }
    }
    rounds
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};

    use proptest::prelude::*;

    use super::*;

    use crate::swiss::testdata::read;

    #[test]
    fn matches_berger_tables_csv_for_3_to_24_players() {
        // players,round,board,red_or_white,black,bye
        // players → (round, board) → (red, black, bye)
        type Table = BTreeMap<(u32, u32), (u32, u32, Option<u32>)>;
        let mut expected: BTreeMap<u32, Table> = BTreeMap::new();
        for line in read("berger_tables.csv").lines().skip(1) {
            let f: Vec<&str> = line.split(',').collect();
            let num = |i: usize| f[i].trim().parse::<u32>().unwrap();
            let bye = f.get(5).and_then(|s| s.trim().parse::<u32>().ok());
            expected
                .entry(num(0))
                .or_default()
                .insert((num(1), num(2)), (num(3), num(4), bye));
        }
        assert_eq!(
            expected.keys().copied().collect::<Vec<_>>(),
            (3..=24).collect::<Vec<_>>()
        );
        for (&players, rows) in &expected {
            let table = berger_table(players);
            let mut got = BTreeMap::new();
            for (r, games) in table.iter().enumerate() {
                for (b, &(red, black)) in games.iter().enumerate() {
                    let bye = if red > players {
                        Some(black)
                    } else if black > players {
                        Some(red)
                    } else {
                        None
                    };
                    got.insert((r as u32 + 1, b as u32 + 1), (red, black, bye));
                }
            }
            assert_eq!(&got, rows, "berger table for {players} players");
        }
    }

    #[test]
    fn schedule_drops_the_phantom_and_renumbers_boards() {
        // 5 players, round 1 of the table: 1-6 (bye 1), 2-5, 3-4.
        let s = schedule(5, 1);
        assert_eq!(s.len(), 5);
        assert_eq!(s[0].bye, PlayerId::new(1));
        assert_eq!(s[0].games.len(), 2);
        assert_eq!(
            (
                s[0].games[0].board,
                s[0].games[0].red.get(),
                s[0].games[0].black.get()
            ),
            (1, 2, 5)
        );
    }

    #[test]
    fn second_cycle_swaps_colours() {
        let s = schedule(6, 2);
        assert_eq!(s.len(), 10);
        for r in 0..5 {
            for (a, b) in s[r].games.iter().zip(&s[r + 5].games) {
                assert_eq!((a.red, a.black), (b.black, b.red));
            }
        }
    }

    proptest! {
        /// Everyone meets everyone exactly once per cycle, plays at most once a round, has
        /// at most one bye, and red counts differ by at most one.
        #[test]
        fn everyone_meets_everyone_once(players in 2u32..40) {
            let s = schedule(players, 1);
            let n = players as usize;
            let mut met: HashMap<(u32, u32), u32> = HashMap::new();
            let mut reds = vec![0i32; n + 1];
            let mut byes = vec![0; n + 1];
            for round in &s {
                let mut seen = vec![false; n + 1];
                for g in &round.games {
                    let (a, b) = (g.red.get(), g.black.get());
                    prop_assert!(!seen[a as usize] && !seen[b as usize]);
                    seen[a as usize] = true;
                    seen[b as usize] = true;
                    *met.entry((a.min(b), a.max(b))).or_default() += 1;
                    reds[a as usize] += 1;
                }
                if let Some(p) = round.bye {
                    prop_assert!(!seen[p.get() as usize]);
                    byes[p.get() as usize] += 1;
                }
            }
            prop_assert_eq!(met.len(), n * (n - 1) / 2);
            prop_assert!(met.values().all(|&c| c == 1));
            prop_assert!(byes.iter().all(|&b| b <= 1));
            // Colours balanced: reds within one of half the games (⌈(n−1)/2⌉ or ⌊(n−1)/2⌋).
            let played = (n - 1) as i32;
            for (p, &red) in reds.iter().enumerate().skip(1) {
                prop_assert!((2 * red - played).abs() <= 1, "player {} red {}", p, red);
            }
        }
    }
}
