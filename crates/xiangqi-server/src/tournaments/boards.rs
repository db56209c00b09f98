//! Live games for a round's boards: started by an official with the tournament's rule set and
//! time control, their tokens shown to the officials only, each game leading back to its board,
//! and each game's result recorded on its board when the game ends ([`GameEnded`]).

use axum::{
    Json,
    extract::{Path, State},
    response::{IntoResponse, Response},
};
use xiangqi_tournament::{GameResult, PlayerId, tournament::Event};

use super::{
    Tournaments,
    form::StartRequest,
    handlers::{created, number},
    json::{ByGameView, RoundGamesView},
    stream::{BoardGame, Need, TournamentRecord},
};
use crate::{
    AppState,
    accounts::Caller,
    competition::rules_name,
    error::ApiError,
    extract::JsonOrEmpty,
    games::{GameEnded, Games, NewGame},
    repo::Aggregate,
    stream::valid_id,
};

/// At most `max` bytes of `text`, cut at a character boundary.
pub(super) fn clip(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

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
    async fn find_board(&self, game: &str) -> Result<Option<(String, u32, u32)>, ApiError> {
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
    /// one already (an arbiter's correction stands). `None` when the game is no board's.
    ///
    /// # Errors
    /// The store's; 409 when another replica wrote first (it records the result too).
    pub async fn record_game_end(&self, ended: &GameEnded) -> Result<Option<u64>, ApiError> {
        let id = match &ended.tournament {
            Some(t) => t.clone(),
            // A game started before games knew their tournament: only if indexed here.
            None => match self.board_of(&ended.id) {
                Some((t, _, _)) => t,
                None => return Ok(None),
            },
        };
        let result = board_result(ended.result);
        let guard = self
            .repo
            .write(&id, |v| {
                let Some(b) = v.state.meta.games.values().find(|b| b.game == ended.id) else {
                    return Ok(Vec::new());
                };
                let open = v
                    .state
                    .tournament
                    .rounds()
                    .get((b.round as usize).wrapping_sub(1))
                    .and_then(|r| r.games.iter().find(|g| g.pairing.board == b.board))
                    .is_some_and(|g| g.result.is_none());
                Ok(if open {
                    vec![TournamentRecord::Tournament(Event::ResultRecorded {
                        round: b.round,
                        board: b.board,
                        result,
                    })]
                } else {
                    Vec::new()
                })
            })
            .await?;
        Ok(guard.as_ref().map(|v| v.seq))
    }

    /// Records the results of the boards' games that ended without the tournament hearing of
    /// it (a crash between the game's append and the tournament's): done before a write that
    /// needs every result (pairing, opening a final). Best effort: a store error leaves the
    /// boards for the next write.
    pub(super) async fn settle(&self, games: &std::sync::Arc<Games>, id: &str) {
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
            if let Ok(Some(result)) = games.result(&game).await {
                let ended = GameEnded {
                    id: game,
                    result,
                    tournament: Some(id.to_owned()),
                };
                let _ = self.record_game_end(&ended).await;
            }
        }
    }
}

/// The tournament board a live game was started for, so the game page links back to it.
pub(super) async fn by_game(
    State(state): State<AppState>,
    Path(game): Path<String>,
) -> Result<Response, ApiError> {
    if !valid_id(&game) {
        return Err(ApiError::NotFound("tournament game"));
    }
    let tournaments = state.tournaments();
    let (id, round, board) = tournaments
        .find_board(&game)
        .await?
        .ok_or(ApiError::NotFound("tournament game"))?;
    let name = tournaments
        .read(&id, |v| v.state.tournament.name().to_owned())
        .await?;
    Ok(Json(ByGameView {
        tournament: &id,
        name,
        round,
        board,
        game: &game,
    })
    .into_response())
}

/// Starts live games for a paired round's boards, each with the tournament's rule set and
/// time control and the players' names; a board with a game or a result already is skipped.
pub(super) async fn start_games(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
    caller: Caller,
    JsonOrEmpty(req): JsonOrEmpty<StartRequest>,
) -> Result<Response, ApiError> {
    let round = number(&round, "round")?;
    let tournaments = state.tournaments();
    let guard = tournaments.lock(&id).await?;
    let current = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    current.state.check(
        &caller,
        Need::Official,
        "start games: only the tournament's organiser and arbiters may",
    )?;
    let t = &current.state.tournament;
    let r = t
        .rounds()
        .iter()
        .find(|r| r.number == round)
        .ok_or(ApiError::NotFound("round"))?;
    if let Some(boards) = &req.boards {
        if let Some(b) = boards
            .iter()
            .find(|&&b| b == 0 || b as usize > r.games.len())
        {
            return Err(ApiError::invalid(
                "boards",
                format!("no board {b} in round {round}"),
            ));
        }
    }
    let mut started = Vec::new();
    for g in &r.games {
        let board = g.pairing.board;
        let wanted = req.boards.as_ref().is_none_or(|b| b.contains(&board));
        if !wanted || g.result.is_some() || current.state.meta.games.contains_key(&(round, board)) {
            continue;
        }
        let name = |p: PlayerId| t.players().get(p.index()).map(|p| p.name.clone());
        let new = NewGame {
            rules: Some(rules_name(t.rules()).to_owned()),
            fen: None,
            time_control: current.state.meta.time_control.clone(),
            red: name(g.pairing.red),
            black: name(g.pairing.black),
            event: Some(clip(format!("{} R{round} B{board}", t.name()), 200)),
        };
        let (tokens, _) = state.games().create_for(new, Some(&id)).await?;
        started.push(TournamentRecord::BoardGameStarted(BoardGame {
            round,
            board,
            game: tokens.id,
            red_token: tokens.red_token,
            black_token: tokens.black_token,
            arbiter_token: tokens.arbiter_token,
        }));
    }
    let guard = tournaments
        .repo
        .update_locked(&id, guard, |_, next| {
            for e in started.iter().cloned() {
                next.apply(e)?;
            }
            Ok(started)
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    tournaments.index_boards(&id, &v.state.meta);
    Ok(created(RoundGamesView::new(&v.state.meta, round)))
}

/// A round's live games with their tokens: officials only.
pub(super) async fn board_games(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
    caller: Caller,
) -> Result<Response, ApiError> {
    let round = number(&round, "round")?;
    state
        .tournaments()
        .read(&id, |v| {
            v.state.check(
                &caller,
                Need::Official,
                "see the tokens: only the tournament's organiser and arbiters may",
            )?;
            if !v
                .state
                .tournament
                .rounds()
                .iter()
                .any(|r| r.number == round)
            {
                return Err(ApiError::NotFound("round"));
            }
            Ok(Json(RoundGamesView::new(&v.state.meta, round)).into_response())
        })
        .await?
}
