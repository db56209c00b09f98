//! A board's result from its live game: recorded when the game ends ([`GameReport`], told by
//! [`Games`]), and taken from the game before a write that needs every result when the
//! tournament never heard of it (a crash between the two appends). The game's fouls come the
//! same way, as each is recorded: the tournament's "fewer fouls" tie-break (CXA 2011 arts.
//! 9, 14.1) counts them without anyone entering them again. Reading never writes.

use std::sync::Arc;

use xiangqi_tournament::{GameResult, tournament::Event};

use super::{Tournaments, stream::TournamentRecord};
use crate::{
    error::ApiError,
    games::{GameReport, Games},
};

/// The tournament's result of a finished game.
fn board_result(r: xiangqi_arbiter::GameResult) -> GameResult {
    match r {
        xiangqi_arbiter::GameResult::RedWins => GameResult::RedWins,
        xiangqi_arbiter::GameResult::BlackWins => GameResult::BlackWins,
        xiangqi_arbiter::GameResult::Draw => GameResult::Draw,
    }
}

impl Tournaments {
    /// The tournament, round and board a live game was started for. A game not seen yet sends
    /// the server through every stored tournament once (reading each fills the index).
    pub(super) async fn find_board(
        &self,
        game: &str,
    ) -> Result<Option<(String, u32, u32)>, ApiError> {
        use xiangqi_store::{EventStore, StreamKind};
        if let Some(found) = self.board_of(game) {
            return Ok(Some(found));
        }
        for id in self.store().streams(StreamKind::Tournament).await? {
            if self.board_of(game).is_some() {
                break;
            }
            // Team events and unreadable streams have no boards of ours: skip them.
            let _ = self.lock(&id).await;
        }
        Ok(self.board_of(game))
    }

    /// Records on its board the result of a live game that has ended, unless the board has
    /// one already (an arbiter's correction stands), and the game's fouls if they changed;
    /// returns the tournament's sequence number afterwards, `None` when the game is no board's. A write that loses a race to another
    /// (a result entered by hand, a replica's) is tried again on the fresh copy.
    ///
    /// # Errors
    /// The store's; 409 when the tournament keeps changing under it.
    pub async fn record_game_end(&self, ended: &GameReport) -> Result<Option<u64>, ApiError> {
        let mut tries = 3;
        loop {
            match self.try_record_game_end(ended).await {
                Err(ApiError::Conflict {
                    code: "concurrent_write",
                    ..
                }) if tries > 1 => tries -= 1,
                other => return other,
            }
        }
    }

    async fn try_record_game_end(&self, ended: &GameReport) -> Result<Option<u64>, ApiError> {
        let id = match &ended.tournament {
            Some(t) => t.clone(),
            // A game started before games knew their tournament: only if indexed here.
            None => match self.board_of(&ended.id) {
                Some((t, _, _)) => t,
                None => return Ok(None),
            },
        };
        let guard = self
            .repo
            .write(&id, |v| {
                let Some(b) = v.state.meta.games.values().find(|b| b.game == ended.id) else {
                    return Ok(Vec::new());
                };
                let t = &v.state.tournament;
                let open = t
                    .rounds()
                    .get((b.round as usize).wrapping_sub(1))
                    .and_then(|r| r.games.iter().find(|g| g.pairing.board == b.board))
                    .is_some_and(|g| g.result.is_none());
                let mut events = Vec::new();
                let [red, black] = ended.fouls;
                if t.game_fouls(b.round, b.board).unwrap_or_default() != ended.fouls {
                    events.push(TournamentRecord::Tournament(Event::GameFoulsRecorded {
                        round: b.round,
                        board: b.board,
                        red,
                        black,
                    }));
                }
                if let (true, Some(result)) = (open, ended.result) {
                    events.push(TournamentRecord::Tournament(Event::ResultRecorded {
                        round: b.round,
                        board: b.board,
                        result: board_result(result),
                    }));
                }
                Ok(events)
            })
            .await?;
        Ok(guard.as_ref().map(|v| v.seq))
    }

    /// Records the results of the boards' games that ended without the tournament hearing of
    /// it (a crash between the game's append and the tournament's): done before a write that
    /// needs every result (pairing, opening a final). Best effort: a store error leaves the
    /// boards for the next write.
    pub(super) async fn settle(&self, games: &Arc<Games>, id: &str) {
        let Ok(open) = self
            .read(id, |v| {
                v.state
                    .meta
                    .games
                    .values()
                    .filter(|b| {
                        v.state
                            .tournament
                            .rounds()
                            .get((b.round as usize).wrapping_sub(1))
                            .and_then(|r| r.games.iter().find(|g| g.pairing.board == b.board))
                            .is_some_and(|g| g.result.is_none())
                    })
                    .map(|b| b.game.clone())
                    .collect::<Vec<_>>()
            })
            .await
        else {
            return;
        };
        for game in open {
            if let Ok((Some(result), fouls)) = games.result(&game).await {
                let ended = GameReport {
                    id: game,
                    result: Some(result),
                    fouls,
                    tournament: Some(id.to_owned()),
                };
                let _ = self.record_game_end(&ended).await;
            }
        }
    }

    /// The decision on an appeal in game `game` of tournament `id`, by its organiser or chief
    /// arbiter (WXF 2018 art. 12.4): an upheld appeal's `result`, when it differs from the
    /// board's, is recorded on the board (the game's own record stays as it is).
    ///
    /// # Errors
    /// 403 for a caller who is neither; 404 when the game is none of the tournament's boards.
    pub(crate) async fn decide_appeal(
        &self,
        id: &str,
        caller: &crate::accounts::Caller,
        game: &str,
        result: Option<GameResult>,
    ) -> Result<(), ApiError> {
        self.write(
            id,
            caller,
            super::stream::Need::Chief,
            "decide an appeal: only the tournament's organiser and chief arbiter may (WXF 12.4)",
            |s| {
                let b = s
                    .meta
                    .games
                    .values()
                    .find(|b| b.game == game)
                    .ok_or(ApiError::NotFound("board"))?;
                let recorded = s
                    .tournament
                    .rounds()
                    .get((b.round as usize).wrapping_sub(1))
                    .and_then(|r| r.games.iter().find(|g| g.pairing.board == b.board))
                    .and_then(|g| g.result);
                Ok(match result {
                    Some(r) if recorded != Some(r) => {
                        vec![TournamentRecord::Tournament(Event::ResultRecorded {
                            round: b.round,
                            board: b.board,
                            result: r,
                        })]
                    }
                    _ => Vec::new(),
                })
            },
        )
        .await?;
        Ok(())
    }
}
