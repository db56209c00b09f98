//! 大循环制 (CXA 2011 art. 10.1) as a [`Stage`]: everyone plays everyone from the order tables
//! (appendix 2, art. 12.1), once or twice.
//!
//! The table holds the players still in at round 1 (a withdrawal before the start redraws it,
//! CXA 14.4; WXF 11.2). A player who withdraws later stays in it and forfeits the games left
//! (CXA 19.3), unless fewer than half were played, when every result is cancelled (CXA 19.2).

use crate::{
    round_robin::{self, Pairing},
    stage::{Stage, StageOutcome, StagePlay},
    swiss::PairingSystem,
    tiebreak::EventKind,
    tournament::{Event, TournamentError},
    types::PlayerId,
};

/// A round robin of `cycles` cycles (1: 一局制, 2: 两局制 with colours swapped).
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

impl Stage for RoundRobinStage {
    fn rounds(&self, play: &StagePlay<'_>) -> u32 {
        table_rounds(play.tournament.table_players().len(), self.cycles)
    }

    fn pair(
        &self,
        play: &StagePlay<'_>,
        _engine: Option<&dyn PairingSystem>,
        _seed: Option<u64>,
    ) -> Result<Event, TournamentError> {
        let t = play.tournament;
        let table = t.table_players();
        let n = table.len() as u32;
        if n < 2 {
            return Err(TournamentError::TooFewPlayers);
        }
        let round = play.next_round();
        let schedule = round_robin::schedule(n, self.cycles);
        let next = schedule
            .get(round as usize - 1)
            .ok_or(TournamentError::AllRoundsPaired(t.total_rounds()))?;
        // Table number k is the k-th player still in.
        let player = |id: PlayerId| table.get(id.index()).copied().unwrap_or(id);
        let games: Vec<Pairing> = next
            .games
            .iter()
            .map(|g| Pairing {
                board: g.board,
                red: player(g.red),
                black: player(g.black),
            })
            .collect();
        let byes: Vec<PlayerId> = next.bye.map(player).into_iter().collect();
        // Validate (e.g. unfinished previous round) without changing anything.
        t.check_pairing(round, &games, &byes, None)?;
        Ok(Event::RoundPaired {
            round,
            games,
            byes,
            seed: None,
        })
    }

    fn finished(&self, play: &StagePlay<'_>) -> bool {
        play.tournament
            .rounds_settled(play.first_round - 1 + self.rounds(play))
    }

    fn outcome(&self, play: &StagePlay<'_>) -> StageOutcome {
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

    fn scheduled_games(&self, play: &StagePlay<'_>, _player: PlayerId) -> Option<u32> {
        Some((play.tournament.table_players().len() as u32).saturating_sub(1) * self.cycles)
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
