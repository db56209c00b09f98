//! The natural move limit (自然限着): a draw after so many moves without a capture.
//!
//! CXA 2011 art. 22.2 counts rounds (回合, 60 by default, art. 4.2.4 lets organisers lower
//! it) and the claimant's checks at most 10 times; WXF 2018 art. 8 counts steps (步, 100 plies
//! = 50 moves) and the claimant's checks beyond ten are "invalid steps" to deduct. Both books
//! thus leave a claimant's excess checks out of the count. We deduct one full move (two plies)
//! per excess check, as Fairy-Stockfish does for its 50-move rule: the claimant's checking move
//! and the reply to it do not count. A claim below the limit is false and reported (CXA 2011
//! art. 22.2: one foul and five minutes; a second false claim in the same stretch loses, art.
//! 4.1.11; WXF 2018 art. 8: a technical foul and five minutes); the clock applies the penalty.

use xiangqi::{ByColor, Color};

/// Counts plies and checks since the last capture.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveLimit {
    plies: u32,
    checks: ByColor<u32>,
}

/// Where the count stands for one claimant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveLimitStatus {
    /// Plies since the last capture.
    pub plies: u32,
    /// Whole moves that count for the claimant, its excess checks left out.
    pub counted_moves: u32,
    /// The limit in moves.
    pub limit: u32,
    /// Has the limit been reached?
    pub reached: bool,
}

impl MoveLimit {
    /// A fresh count.
    pub fn new() -> MoveLimit {
        MoveLimit::default()
    }

    /// Records a move: a capture restarts the count. CXA 2011 art. 22.2; WXF 2018 art. 8.
    pub fn record(&mut self, mover: Color, capture: bool, check: bool) {
        if capture {
            *self = MoveLimit::default();
            return;
        }
        self.plies = self.plies.saturating_add(1);
        if check {
            let c = self.checks.get_mut(mover);
            *c = c.saturating_add(1);
        }
    }

    /// Plies since the last capture.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Checks `color` gave since the last capture.
    pub fn checks(&self, color: Color) -> u32 {
        *self.checks.get(color)
    }

    /// The count for a claim by `claimant` against `limit` moves, at most `max_checks` of its
    /// checks counted. CXA 2011 art. 22.2; WXF 2018 art. 8.
    pub fn status(&self, claimant: Color, limit: u32, max_checks: u32) -> MoveLimitStatus {
        let excess = self.checks(claimant).saturating_sub(max_checks);
        let counted_plies = self.plies.saturating_sub(excess.saturating_mul(2));
        let counted_moves = counted_plies / 2;
        MoveLimitStatus {
            plies: self.plies,
            counted_moves,
            limit,
            reached: counted_moves >= limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn excess_checks_do_not_count() {
        let mut l = MoveLimit::new();
        for i in 0..120 {
            let mover = if i % 2 == 0 { Color::Red } else { Color::Black };
            l.record(mover, false, mover == Color::Red && i < 30);
        }
        assert_eq!(l.checks(Color::Red), 15);
        let red = l.status(Color::Red, 60, 10);
        assert_eq!(red.counted_moves, 55);
        assert!(!red.reached);
        let black = l.status(Color::Black, 60, 10);
        assert!(black.reached);
    }

    #[test]
    fn capture_restarts() {
        let mut l = MoveLimit::new();
        l.record(Color::Red, false, true);
        l.record(Color::Black, true, false);
        assert_eq!(l, MoveLimit::new());
    }

    proptest! {
        #[test]
        fn counted_never_exceeds_plies(moves in proptest::collection::vec((any::<bool>(), any::<bool>()), 0..300)) {
            let mut l = MoveLimit::new();
            for (i, (cap, chk)) in moves.iter().enumerate() {
                let mover = if i % 2 == 0 { Color::Red } else { Color::Black };
                l.record(mover, *cap && i % 17 == 0, *chk);
            }
            for c in [Color::Red, Color::Black] {
                let s = l.status(c, 50, 10);
                prop_assert!(s.counted_moves * 2 <= s.plies);
                prop_assert_eq!(s.reached, s.counted_moves >= 50);
            }
        }
    }
}
