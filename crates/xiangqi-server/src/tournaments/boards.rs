//! Live games for a round's boards: started by an official with the tournament's rule set and
//! time control, their tokens shown to the officials only, each game leading back to its board.

use axum::{
    Json,
    extract::{Path, State},
    response::{IntoResponse, Response},
};
use xiangqi_tournament::PlayerId;

use super::{
    form::{StartRequest, clip, number},
    json::{ByGameView, RoundGamesView},
    stream::{BoardGame, Need, TournamentRecord},
};
use crate::{
    AppState,
    accounts::Caller,
    competition::{games_rule_set, rules_request},
    created,
    error::ApiError,
    error::ErrorBody,
    extract::JsonOrEmpty,
    games::NewGame,
    repo::Aggregate,
    stream::valid_id,
};

/// The tournament board a live game was started for, so the game page links back to it.
#[utoipa::path(
    get, path = "/api/tournaments/by-game/{game}", tag = "tournaments", operation_id = "tournament_of_game",
    params(("game" = String, Path, description = "a live game's id")),
    responses((status = 200, description = "the board the game was started for", body = ByGameView<'_>), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn by_game(
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
#[utoipa::path(
    post, path = "/api/tournaments/{id}/rounds/{round}/games", tag = "tournaments", operation_id = "start_board_games",
    params(("id" = String, Path, description = "the tournament's id"), ("round" = u32, Path, minimum = 1, description = "the round's number")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = Option<StartRequest>, content_type = "application/json"),
    responses((status = 201, description = "the round's games with their tokens", body = RoundGamesView<'_>, links(("tournament" = (operation_id = "tournament_of_game", parameters(("game" = "$response.body#/games/0/game")))), ("red_moves" = (operation_id = "play", parameters(("id" = "$response.body#/games/0/game")), request_body = json!({"token": "$response.body#/games/0/red_token", "move": "h2e2", "ply": 0}))), ("red_appeals" = (operation_id = "appeal", parameters(("id" = "$response.body#/games/0/game")), request_body = json!({"token": "$response.body#/games/0/red_token", "text": "the clock was wrong"}))), ("arbiter_claims" = (operation_id = "claim", parameters(("id" = "$response.body#/games/0/game")), request_body = json!({"token": "$response.body#/games/0/arbiter_token"}))))), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn start_games(
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
            rules: Some(rules_request(&games_rule_set(t.rules(), t.game_rules()))),
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
        .update_locked(&id, guard, |next| {
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
#[utoipa::path(
    get, path = "/api/tournaments/{id}/rounds/{round}/games", tag = "tournaments", operation_id = "board_games",
    params(("id" = String, Path, description = "the tournament's id"), ("round" = u32, Path, minimum = 1, description = "the round's number")),
    security(("session" = []), ("session_cookie" = [])),
    responses((status = 200, description = "the round's games with their tokens", body = RoundGamesView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn board_games(
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
