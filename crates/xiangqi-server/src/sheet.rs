//! The score sheet and the appeals of a live game: `POST /api/games/{id}/signatures`, where
//! both players and the arbiter confirm the result and the times as they sign the paper sheet
//! (CXA 2011 art. 9; WXF 2018 art. 12.6), and `POST /api/games/{id}/appeals`, where a player's
//! appeal is logged with its time (WXF 2018 art. 12.4: within two hours of the end).

use axum::{
    Json, Router,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
};
use serde::Deserialize;

use crate::{ApiError, AppState, parse_body, token};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SignRequest {
    /// The result the signer confirms; the recorded one if absent.
    result: Option<String>,
    token: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AppealRequest {
    text: String,
    token: Option<String>,
}

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/signatures", post(sign))
        .route("/api/games/{id}/appeals", post(appeal))
}

async fn sign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: SignRequest = if body.iter().all(u8::is_ascii_whitespace) {
        SignRequest::default()
    } else {
        parse_body(&body)?
    };
    let token = token(&headers, req.token.as_deref())?;
    let view = state
        .games()
        .sign(&id, token, req.result.as_deref())
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn appeal(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let req: AppealRequest = parse_body(&body)?;
    let token = token(&headers, req.token.as_deref())?;
    let view = state.games().appeal(&id, token, &req.text).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}
