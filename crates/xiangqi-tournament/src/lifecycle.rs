//! Withdrawals and forfeits, once for players and teams (CXA 2011 arts. 14.4, 19, 20;
//! WXF 2018 art. 11), over encounters: a game of two players or a match of two teams.
//!
//! - A withdrawal is dated by the last round the entrant took part in (0 before the first);
//!   it cannot be dated after a round not yet paired, nor given twice ([`Withdrawals`]).
//! - Before round 1 is paired the entrant leaves the order table, which is redrawn over those
//!   left (CXA 14.4; WXF 11.2).
//! - After the start, in a round robin, an entrant who played fewer than half of its
//!   scheduled encounters has every result cancelled, opponents' included (CXA 19.2;
//!   WXF 11.3): [`Lifecycle::results_cancelled`]. Otherwise results stand, and each later
//!   encounter still in the table is forfeited (CXA 19.3 "未赛对局均作弃权，记对方获胜";
//!   WXF 11.4): [`absence_result`]. In a Swiss or a bracket the entrant is not paired again.
//! - Forfeits count as a win and a loss (CXA 20.3); both sides absent lose both (CXA 20.2).

use crate::types::GameResult;

/// Why a withdrawal or a pairing was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// No such entrant.
    Unknown,
    /// The entrant withdrew after that round already (CXA 19.3: not paired again).
    Withdrawn(u32),
    /// A withdrawal dated after a round not yet paired.
    FutureRound {
        /// The round in the event.
        after_round: u32,
        /// Rounds paired.
        paired: u32,
    },
}

/// Who withdrew (or was expelled, CXA 18.3) and when, by entrant index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Withdrawals {
    /// The last round each entrant took part in, if it withdrew.
    after: Vec<Option<u32>>,
    /// Withdrew before round 1 was paired: out of the order table (CXA 14.4; WXF 11.2).
    before_start: Vec<bool>,
}

impl Withdrawals {
    /// A new entrant, in registration order.
    pub(crate) fn enter(&mut self) {
        self.after.push(None);
        self.before_start.push(false);
    }

    /// Records that `who` withdrew after round `after_round`, `paired` rounds being paired.
    pub(crate) fn withdraw(
        &mut self,
        who: usize,
        after_round: u32,
        paired: u32,
    ) -> Result<(), Refusal> {
        let slot = self.after.get_mut(who).ok_or(Refusal::Unknown)?;
        if let Some(after) = *slot {
            return Err(Refusal::Withdrawn(after));
        }
        if after_round > paired {
            return Err(Refusal::FutureRound {
                after_round,
                paired,
            });
        }
        *slot = Some(after_round);
        self.before_start[who] = paired == 0;
        Ok(())
    }

    /// The round after which `who` withdrew, if it did.
    #[must_use]
    pub fn after(&self, who: usize) -> Option<u32> {
        self.after.get(who).copied().flatten()
    }

    /// Whether `who` is gone by `round`: withdrew after an earlier round.
    #[must_use]
    pub fn gone_by(&self, who: usize, round: u32) -> bool {
        self.after(who).is_some_and(|after| round > after)
    }

    /// The entrants of the order table: all but those gone before round 1 (CXA 14.4;
    /// WXF 11.2), in registration order.
    #[must_use]
    pub fn table(&self) -> Vec<usize> {
        (0..self.before_start.len())
            .filter(|&i| !self.before_start[i])
            .collect()
    }

    /// Whether `who` may be paired in `round`: a table that keeps those who withdrew after
    /// the start (a round robin) lists them, their encounters forfeited (CXA 19.3); otherwise
    /// someone gone is not paired again.
    pub(crate) fn may_play(
        &self,
        who: usize,
        round: u32,
        table_keeps_withdrawn: bool,
    ) -> Result<(), Refusal> {
        let listed = table_keeps_withdrawn && !self.before_start.get(who).copied().unwrap_or(false);
        match self.after(who) {
            Some(after) if !listed && round > after => Err(Refusal::Withdrawn(after)),
            _ => Ok(()),
        }
    }
}

/// An event's entrants seen through their encounters, for the rules on withdrawals.
pub(crate) trait Lifecycle {
    /// The withdrawals so far.
    fn withdrawals(&self) -> &Withdrawals;

    /// The encounters `who` was scheduled to play where a withdrawal can cancel results
    /// (a round robin, or the entrant's group); `None` where results always stand.
    fn scheduled_encounters(&self, who: usize) -> Option<u32>;

    /// The encounters `who` completed in rounds 1 to `last`.
    fn played_encounters(&self, who: usize, last: u32) -> u32;

    /// Whether every result of `who` is cancelled: it withdrew having played fewer than half
    /// of its scheduled encounters (CXA 19.2; WXF 11.3).
    fn results_cancelled(&self, who: usize) -> bool {
        let Some(after) = self.withdrawals().after(who) else {
            return false;
        };
        let Some(scheduled) = self.scheduled_encounters(who) else {
            return false;
        };
        self.played_encounters(who, after) * 2 < scheduled
    }

    /// The result that counts for an encounter of round `round` between `red` and `black`
    /// (a game, or a board of a team match with the teams on those colours): `None` when
    /// cancelled (CXA 19.2), a forfeit when a side is gone (CXA 19.3, 20.2, 20.3), else
    /// `recorded`.
    fn counted(
        &self,
        round: u32,
        (red, black): (usize, usize),
        recorded: Option<GameResult>,
    ) -> Option<GameResult> {
        if self.results_cancelled(red) || self.results_cancelled(black) {
            return None;
        }
        let w = self.withdrawals();
        absence_result(w.gone_by(red, round), w.gone_by(black, round)).or(recorded)
    }
}

/// The result when players did not turn up (CXA 20.1, 20.2; WXF 11.1): `None` if both came.
#[must_use]
pub fn absence_result(red_absent: bool, black_absent: bool) -> Option<GameResult> {
    match (red_absent, black_absent) {
        (false, false) => None,
        (true, false) => Some(GameResult::BlackWinsByForfeit),
        (false, true) => Some(GameResult::RedWinsByForfeit),
        (true, true) => Some(GameResult::DoubleForfeit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> Withdrawals {
        let mut w = Withdrawals::default();
        for _ in 0..3 {
            w.enter();
        }
        w
    }

    #[test]
    fn a_withdrawal_before_the_start_leaves_the_table() {
        // CXA 14.4; WXF 11.2: the table is redrawn over those left.
        let mut w = three();
        w.withdraw(1, 0, 0).unwrap();
        assert_eq!(w.table(), [0, 2]);
        assert_eq!(w.may_play(1, 1, true), Err(Refusal::Withdrawn(0)));
    }

    #[test]
    fn a_round_robin_keeps_who_left_after_the_start() {
        // CXA 19.3: the later games stay in the table and are forfeited.
        let mut w = three();
        w.withdraw(2, 1, 2).unwrap();
        assert_eq!(w.table(), [0, 1, 2]);
        assert_eq!(w.may_play(2, 2, true), Ok(()));
        assert_eq!(w.may_play(2, 2, false), Err(Refusal::Withdrawn(1)));
        assert_eq!(w.may_play(2, 1, false), Ok(()));
        assert!(w.gone_by(2, 2) && !w.gone_by(2, 1));
    }

    #[test]
    fn refusals() {
        let mut w = three();
        assert_eq!(w.withdraw(3, 0, 0), Err(Refusal::Unknown));
        assert_eq!(
            w.withdraw(0, 2, 1),
            Err(Refusal::FutureRound {
                after_round: 2,
                paired: 1
            })
        );
        w.withdraw(0, 1, 1).unwrap();
        assert_eq!(w.withdraw(0, 1, 1), Err(Refusal::Withdrawn(1)));
    }

    /// Entrant 0 withdrew after `played` of `scheduled` encounters.
    struct Table {
        w: Withdrawals,
        scheduled: Option<u32>,
        played: u32,
    }

    impl Lifecycle for Table {
        fn withdrawals(&self) -> &Withdrawals {
            &self.w
        }
        fn scheduled_encounters(&self, _: usize) -> Option<u32> {
            self.scheduled
        }
        fn played_encounters(&self, who: usize, _: u32) -> u32 {
            if who == 0 { self.played } else { 0 }
        }
    }

    fn table(scheduled: Option<u32>, played: u32) -> Table {
        let mut w = three();
        w.withdraw(0, played, played).unwrap();
        Table {
            w,
            scheduled,
            played,
        }
    }

    #[test]
    fn fewer_than_half_played_cancels_every_result() {
        // CXA 19.2: 2 of 5 is fewer than half; 3 of 6 is half, so results stand.
        assert!(table(Some(5), 2).results_cancelled(0));
        assert!(!table(Some(6), 3).results_cancelled(0));
        // A Swiss: results always stand (CXA 19.3).
        assert!(!table(None, 0).results_cancelled(0));
        let t = table(Some(5), 2);
        assert_eq!(t.counted(1, (1, 0), Some(GameResult::RedWins)), None);
    }

    #[test]
    fn later_encounters_are_forfeited() {
        // CXA 19.3, 20.3: entrant 0 gone after round 3 loses round 4 by forfeit.
        let t = table(Some(6), 3);
        assert_eq!(
            t.counted(4, (0, 1), None),
            Some(GameResult::BlackWinsByForfeit)
        );
        assert_eq!(
            t.counted(4, (1, 0), None),
            Some(GameResult::RedWinsByForfeit)
        );
        assert_eq!(
            t.counted(3, (0, 1), Some(GameResult::Draw)),
            Some(GameResult::Draw)
        );
        assert_eq!(absence_result(true, true), Some(GameResult::DoubleForfeit));
    }
}
