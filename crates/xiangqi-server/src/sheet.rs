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
    ApiError, AppState, GameId, created,
    error::ErrorBody,
    extract::{Bearer, JsonBody, JsonOrEmpty},
    games::views::GameReply,
};

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SignRequest {
    /// The result the signer confirms; the recorded one if absent.
    result: Option<String>,
    /// The signer's token, instead of the `Authorization` header.
    token: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AppealRequest {
    /// The appeal, 1 to 4,000 characters, not all blank.
    #[schema(pattern = "\\S", max_length = 4000)]
    text: String,
    /// The player's token, instead of the `Authorization` header.
    token: Option<String>,
}

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/signatures", post(sign))
        .route("/api/games/{id}/appeals", post(appeal))
}

/// Sign the score sheet of a finished game: each player and the arbiter confirm the result
/// and the times (CXA 2011 art. 9; WXF 2018 art. 12.6). A `result` that differs from the
/// recorded one is refused (409 `result_disputed`): appeal instead.
#[utoipa::path(post, path = "/api/games/{id}/signatures", tag = "games", params(GameId),
    security((), ("token" = [])),
    request_body(content = Option<SignRequest>, content_type = "application/json"),
    responses((status = 201, description = "the game with its score sheet", body = GameReply<'_>),
        (status = 400, response = ErrorBody), (status = 401, response = ErrorBody),
        (status = 403, response = ErrorBody), (status = 404, response = ErrorBody),
        (status = 409, response = ErrorBody), (status = 422, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
pub(crate) async fn sign(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
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

/// A player's appeal, logged with its time; refused (409 `appeal_too_late`) more than two
/// hours after the end of the game (WXF 2018 art. 12.4).
#[utoipa::path(post, path = "/api/games/{id}/appeals", tag = "games", params(GameId),
    security((), ("token" = [])),
    request_body(content = AppealRequest, content_type = "application/json"),
    responses((status = 201, description = "the game with its appeals", body = GameReply<'_>),
        (status = 400, response = ErrorBody), (status = 401, response = ErrorBody),
        (status = 403, response = ErrorBody), (status = 404, response = ErrorBody),
        (status = 409, response = ErrorBody), (status = 422, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
pub(crate) async fn appeal(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
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
