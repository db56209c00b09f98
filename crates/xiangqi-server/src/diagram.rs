//! `GET /api/games/{id}/diagram.svg?ply=N`: a game's position at a ply as the printed board
//! diagram (棋图) that `xiangqi diagram` draws: red at the bottom, both sides' file numbers, the
//! ply's move shaded.

use axum::{
    Router,
    extract::{Path, State},
    http::header,
    response::{IntoResponse, Response},
    routing::get,
};
use serde::Deserialize;
use xiangqi_record::svg;

use crate::{ApiError, AppState, GameId, error::ErrorBody, extract::QueryParams};

pub(crate) fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/diagram.svg", get(diagram))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct DiagramQuery {
    /// The ply to draw (0: the start position); the last one if absent.
    ply: Option<u32>,
}

/// The game's position at a ply as the printed board diagram (棋图): red at the bottom, both
/// sides' file numbers, the ply's move shaded.
#[utoipa::path(get, path = "/api/games/{id}/diagram.svg", tag = "games", params(GameId, DiagramQuery),
    responses((status = 200, description = "the diagram", body = String, content_type = "image/svg+xml"),
        (status = 400, response = ErrorBody), (status = 404, response = ErrorBody),
        (status = 422, response = ErrorBody), (status = 503, response = ErrorBody)))]
pub(crate) async fn diagram(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
    QueryParams(q): QueryParams<DiagramQuery>,
) -> Result<Response, ApiError> {
    let record = state.games().pgn_record(&id).await?;
    let moves = record.mainline_iccs();
    let ply = q
        .ply
        .map_or(moves.len(), |p| usize::try_from(p).unwrap_or(usize::MAX));
    if ply > moves.len() {
        // No diagram at a ply the game has not reached.
        return Err(ApiError::NotFound("ply"));
    }
    let mut pos = record
        .start_position()
        .map_err(|e| ApiError::invalid("ply", e))?;
    for m in &moves[..ply] {
        let m = m
            .to_move(&pos)
            .map_err(|e| ApiError::invalid("ply", e.to_string()))?;
        pos.play_unchecked(m);
    }
    let options = svg::Options {
        last_move: ply.checked_sub(1).map(|i| (moves[i].from, moves[i].to)),
        ..svg::Options::default()
    };
    Ok((
        [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
        svg::board(pos.board(), &options),
    )
        .into_response())
}
