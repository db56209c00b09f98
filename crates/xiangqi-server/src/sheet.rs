//! The score sheet and the appeals of a live game: `POST /api/games/{id}/signatures`, where
//! both players and the arbiter confirm the result and the times as they sign the paper sheet
//! (CXA 2011 art. 9; WXF 2018 art. 12.6), and `POST /api/games/{id}/appeals`, where a player's
//! appeal is logged with its time (WXF 2018 art. 12.4: within two hours of the end).

use axum::{
    Router,
    extract::{Path, State},
    response::Response,
    routing::post,
};
use serde::Deserialize;

use crate::{
    ApiError, AppState, created,
    extract::{Bearer, JsonBody, JsonOrEmpty},
};

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
    bearer: Bearer,
    JsonOrEmpty(req): JsonOrEmpty<SignRequest>,
) -> Result<Response, ApiError> {
    let token = bearer.or(req.token);
    let view = state
        .games()
        .sign(&id, token.as_deref(), req.result.as_deref())
        .await?;
    Ok(created(view))
}

async fn appeal(
    State(state): State<AppState>,
    Path(id): Path<String>,
    bearer: Bearer,
    JsonBody(req): JsonBody<AppealRequest>,
) -> Result<Response, ApiError> {
    let token = bearer.or(req.token);
    let view = state
        .games()
        .appeal(&id, token.as_deref(), &req.text)
        .await?;
    Ok(created(view))
}
