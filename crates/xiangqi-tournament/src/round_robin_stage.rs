//! 大循环制 (CXA 2011 art. 10.1) as a [`Stage`]: everyone plays everyone from the order tables
//! (appendix 2, art. 12.1), once or twice.
//!
//! The table holds the entrants still in at round 1 (a withdrawal before the start redraws it,
//! CXA 14.4; WXF 11.2). An entrant who withdraws later stays in it and forfeits the games left
//! (CXA 19.3), unless fewer than half were played, when every result is cancelled (CXA 19.2).
//!
//! One stage for any [`crate::stage::Competition`]: players, or teams meeting in the same
//! table (CXA 10.1 with 12.2; 全队轮赛制, CXA 11.4).

use crate::{
    round_robin::{self, Pairing},
    stage::{Competition, PairedRound, Stage, StageError, StageOutcome, StagePlay},
    swiss::PairingSystem,
    tiebreak::EventKind,
    types::PlayerId,
};

/// A round robin of `cycles` cycles (1: 一局制, 2: 两局制 with colours swapped), of players or
/// of teams (CXA 10.1 with 12.2: the team listed first in the order table is red on odd
/// boards; 全队轮赛制, CXA 11.4, meets in the same table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundRobinStage {
    /// 1 or 2.
    pub cycles: u32,
}

/// N−1 rounds a cycle for N even, N for N odd (each sits out once).
pub(crate) fn table_rounds(players: usize, cycles: u32) -> u32 {
    let n = players as u32;
    (n + n % 2).saturating_sub(1) * cycles
}

impl<C: Competition> Stage<C> for RoundRobinStage {
    fn rounds(&self, play: &StagePlay<'_, C>) -> u32 {
        table_rounds(play.tournament.table().len(), self.cycles)
    }

    /// The next round of the order table (appendix 2); an entrant sitting out is a bye
    /// (unscored). Table number k is the k-th entrant still in at round 1.
    fn pair(
        &self,
        play: &StagePlay<'_, C>,
        _engine: Option<&dyn PairingSystem>,
        _seed: Option<u64>,
    ) -> Result<C::Event, C::Error> {
        let t = play.tournament;
        let table = t.table();
        let n = table.len() as u32;
        if n < 2 {
            return Err(StageError::TooFewEntrants("a round robin").into());
        }
        let round = play.next_round();
        let schedule = round_robin::schedule(n, self.cycles);
        let next = schedule
            .get(round as usize - 1)
            .ok_or(StageError::AllRoundsPaired(self.rounds(play)))?;
        let entrant = |id: PlayerId| table.get(id.index()).copied().unwrap_or(id);
        let paired = PairedRound {
            round,
            games: next
                .games
                .iter()
                .map(|g| Pairing {
                    board: g.board,
                    red: entrant(g.red),
                    black: entrant(g.black),
                })
                .collect(),
            byes: next.bye.map(entrant).into_iter().collect(),
            seed: None,
        };
        // Validate (e.g. unfinished previous round) without changing anything.
        t.check_table_round(&paired)?;
        t.round_event(paired)
    }

    fn finished(&self, play: &StagePlay<'_, C>) -> bool {
        play.tournament
            .rounds_settled(play.first_round - 1 + self.rounds(play))
    }

    fn outcome(&self, play: &StagePlay<'_, C>) -> StageOutcome {
        StageOutcome::Standings(play.tournament.standings())
    }

    fn event_kind(&self) -> EventKind {
        all_play_all_kind(self.cycles)
    }

    fn cycles(&self) -> u32 {
        self.cycles
    }

    fn keeps_withdrawn(&self) -> bool {
        true
    }

    fn scheduled_games(&self, play: &StagePlay<'_, C>, _player: PlayerId) -> Option<u32> {
        Some((play.tournament.table().len() as u32).saturating_sub(1) * self.cycles)
    }
}

/// The kind of an all-play-all event of `cycles` cycles, for its tie-breaks (CXA 10.1): a
/// plain round robin, or one where each pair meets several times. Groups play it too.
pub(crate) fn all_play_all_kind(cycles: u32) -> EventKind {
    if cycles == 1 {
        EventKind::RoundRobin
    } else {
        EventKind::MultiGameRoundRobin
    }
}
