//! Start numbers drawn by lot (抽签) before round 1, for the formats whose pairings follow the
//! numbers: a round robin's places in the order table (CXA 2011 art. 10.1 with appendix 2,
//! art. 12.1: "表上每轮号码列前者执红棋"), a knockout's or a double elimination's lines
//! (CXA 10.4). A Swiss pairs by score and rating and groups are seeded by rating (CXA 10.2,
//! 10.3): no draw.
//!
//! The draw ([`crate::tournament::Event::LotsDrawn`]) keeps its seed, so the same events always
//! give the same numbers; lot number k is the k-th place in the order table or bracket, while
//! a player's start number (its registration order, the number every other view shows) does
//! not change.
//!
//! A withdrawal before the start (CXA 14.4: "在比赛开始前退出，如系循环制且剩余为双数，应重新
//! 抽签"): in a round robin that leaves an even number, the lots are drawn again from a seed
//! derived from the draw's own and the redraw's count, and printed again; one that leaves an
//! odd number keeps the draw, those after the player moving up one place (the order table of an
//! odd number has its bye, appendix 2). In a knockout the draw is kept the same way: the
//! withdrawn line is a bye (CXA 10.4). A player registered after the draw has no lot: the draw
//! is cleared and must be made again.

use serde::{Deserialize, Serialize};

use crate::{
    lot::{Lot, line_seed},
    types::PlayerId,
};

/// The start-number draw in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartDraw {
    /// The seed of the draw, as its event keeps it.
    pub seed: u64,
    /// The players in lot-number order: lot number k is `order[k − 1]`.
    pub order: Vec<PlayerId>,
    /// Redraws after withdrawals before the start (CXA 14.4).
    pub redraws: u32,
}

impl StartDraw {
    /// Draws lot numbers for `players` (the table at the time) from `seed`.
    #[must_use]
    pub fn new(players: &[PlayerId], seed: u64) -> StartDraw {
        StartDraw {
            seed,
            order: shuffled(players, seed),
            redraws: 0,
        }
    }

    /// `player` withdrew before the start. In a round robin (`redraw_on_even`) that leaves an
    /// even number the lots are drawn again (CXA 14.4); otherwise the others keep their order.
    /// Whether a redraw happened.
    pub fn withdraw(&mut self, player: PlayerId, redraw_on_even: bool) -> bool {
        let before = self.order.len();
        self.order.retain(|&p| p != player);
        if self.order.len() == before || !redraw_on_even || self.order.len() % 2 == 1 {
            return false;
        }
        self.redraws += 1;
        self.order = shuffled(&self.order, line_seed(self.seed, self.redraws as usize));
        true
    }

    /// The lot number of `player` (1-based), if drawn.
    #[must_use]
    pub fn lot_of(&self, player: PlayerId) -> Option<u32> {
        self.order
            .iter()
            .position(|&p| p == player)
            .map(|k| k as u32 + 1)
    }
}

/// `players` by start number, then shuffled by the lot of `seed`.
fn shuffled(players: &[PlayerId], seed: u64) -> Vec<PlayerId> {
    let mut order = players.to_vec();
    order.sort_unstable();
    Lot::new(seed).shuffle(&mut order);
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Book, GameResult, Player, ScoringScheme,
        knockout::MatchFormat,
        tournament::{Event, Format, Tournament, TournamentError},
    };

    fn id(n: u32) -> PlayerId {
        PlayerId::new(n).expect("start numbers begin at 1")
    }

    fn event(format: Format, n: u32) -> Tournament {
        let mut events = vec![Event::Created {
            name: "drawn".into(),
            rules: Book::Cxa2011,
            format,
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        events.extend((1..=n).map(|i| Event::Registered {
            player: Player::named(format!("P{i}")),
        }));
        Tournament::from_events(events).expect("created")
    }

    /// The draw is a permutation, the same for the same seed, another for another.
    #[test]
    fn a_draw_numbers_everyone_once() {
        let players: Vec<PlayerId> = (1..=16).map(id).collect();
        let a = StartDraw::new(&players, 5);
        let mut sorted = a.order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, players);
        assert_eq!(StartDraw::new(&players, 5), a);
        assert_ne!(StartDraw::new(&players, 6).order, a.order);
        assert!((1..=16).all(|n| a.lot_of(id(n)).is_some()));
    }

    /// CXA 14.4: nine drawn, one withdraws before the start, eight are left (even): the lots
    /// are drawn again. Then one more withdraws, seven are left (odd): the draw is kept, the
    /// players after the withdrawn one moving up.
    #[test]
    fn a_withdrawal_before_the_start_redraws_when_even() {
        let players: Vec<PlayerId> = (1..=9).map(id).collect();
        let mut d = StartDraw::new(&players, 11);
        let gone = d.order[0];
        let kept: Vec<PlayerId> = d.order[1..].to_vec();
        assert!(d.withdraw(gone, true));
        assert_eq!(d.redraws, 1);
        assert_eq!(d.order.len(), 8);
        assert_ne!(d.order, kept, "redrawn, not just moved up");
        let before = d.order.clone();
        let out = before[2];
        assert!(!d.withdraw(out, true));
        let expected: Vec<PlayerId> = before.into_iter().filter(|&p| p != out).collect();
        assert_eq!(d.order, expected);
        // A knockout keeps its draw whatever is left.
        let mut k = StartDraw::new(&players, 11);
        let first = k.order[0];
        assert!(!k.withdraw(first, false));
    }

    /// The order table follows the lots: in a round robin of four, round 1 is lot 1 – lot 4
    /// and lot 2 – lot 3 (appendix 2), whoever holds those lots.
    #[test]
    fn the_order_table_follows_the_lots() {
        let mut t = event(Format::RoundRobin { cycles: 1 }, 4);
        t.apply(Event::LotsDrawn { seed: 9 }).expect("drawn");
        let order = t.start_draw().expect("drawn").order.clone();
        let Event::RoundPaired { games, .. } = t.pair_next_round().expect("pairs") else {
            unreachable!("a round")
        };
        assert_eq!((games[0].red, games[0].black), (order[0], order[3]));
        assert_eq!((games[1].red, games[1].black), (order[1], order[2]));
        // The draw survives the file.
        let back = Tournament::from_json(&t.to_json()).expect("reads");
        assert_eq!(back.start_draw(), t.start_draw());
    }

    /// Through the tournament: a withdrawal before the start in a round robin of five leaves
    /// four and redraws; the table then holds the four in the new order.
    #[test]
    fn the_tournament_redraws_after_a_withdrawal() {
        let mut t = event(Format::RoundRobin { cycles: 1 }, 5);
        t.apply(Event::LotsDrawn { seed: 3 }).expect("drawn");
        t.apply(Event::Withdrawn {
            player: id(2),
            after_round: 0,
        })
        .expect("withdrawn");
        let d = t.start_draw().expect("drawn");
        assert_eq!((d.redraws, d.order.len()), (1, 4));
        assert_eq!(t.table_players(), d.order);
        assert!(!d.order.contains(&id(2)));
    }

    /// A knockout's seeds are the lots: lot 1 and lot 2 meet only in the final.
    #[test]
    fn a_knockout_is_seeded_by_the_lots() {
        let mut t = event(
            Format::Knockout {
                games: MatchFormat::OneGame,
                playoff_games: 0,
            },
            4,
        );
        t.apply(Event::LotsDrawn { seed: 21 }).expect("drawn");
        let order = t.start_draw().expect("drawn").order.clone();
        let Event::RoundPaired { games, .. } = t.pair_knockout(1).expect("pairs") else {
            unreachable!("a round")
        };
        let lines: Vec<[PlayerId; 2]> = games
            .iter()
            .map(|g| {
                let mut p = [g.red, g.black];
                p.sort_by_key(|&p| t.start_draw().and_then(|d| d.lot_of(p)));
                p
            })
            .collect();
        assert_eq!(lines, [[order[0], order[3]], [order[1], order[2]]]);
    }

    /// No draw for a Swiss, none after round 1, and a registration after the draw clears it.
    #[test]
    fn when_a_draw_is_refused_or_cleared() {
        let mut swiss = event(Format::Swiss { rounds: 3 }, 4);
        assert!(matches!(
            swiss.apply(Event::LotsDrawn { seed: 1 }),
            Err(TournamentError::InvalidFormat(_))
        ));
        let mut t = event(Format::RoundRobin { cycles: 1 }, 4);
        t.apply(Event::LotsDrawn { seed: 1 }).expect("drawn");
        t.apply(Event::Registered {
            player: Player::named("late"),
        })
        .expect("registered");
        assert_eq!(t.start_draw(), None);
        t.apply(Event::LotsDrawn { seed: 2 }).expect("drawn again");
        t.apply(t.pair_next_round().expect("pairs"))
            .expect("round 1");
        t.apply(Event::ResultRecorded {
            round: 1,
            board: 1,
            result: GameResult::Draw,
        })
        .expect("result");
        assert!(t.apply(Event::LotsDrawn { seed: 3 }).is_err());
    }
}
