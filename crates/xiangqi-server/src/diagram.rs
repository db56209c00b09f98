//! `GET /api/games/{id}/diagram.svg?ply=N`: a game's position at a ply as the printed board
//! diagram (棋图) that `xiangqi diagram` draws: red at the bottom, both sides' file numbers, the
//! ply's move shaded.

use axum::{
    Router,
    extract::{Path, Query, State},
    http::header,
    response::{IntoResponse, Response},
    routing::get,
};
use serde::Deserialize;
use xiangqi_record::svg;

use crate::{ApiError, AppState};

pub(crate) fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/diagram.svg", get(diagram))
}

#[derive(Debug, Deserialize)]
struct DiagramQuery {
    /// The ply to draw (0: the start position); the last one if absent.
    ply: Option<usize>,
}

async fn diagram(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<DiagramQuery>,
) -> Result<Response, ApiError> {
    let record = state.games().pgn_record(&id).await?;
    let moves = record.mainline_iccs();
    let ply = q.ply.unwrap_or(moves.len());
    if ply > moves.len() {
        return Err(ApiError::invalid(
            "ply",
            format!(
                "ply {ply} is past the end: the game has {} plies",
                moves.len()
            ),
        ));
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
