//! The score sheet and the appeals of a live game: `POST /api/games/{id}/signatures`, where
//! both players and the arbiter confirm the result and the times as they sign the paper sheet
//! (CXA 2011 art. 9; WXF 2018 art. 12.6); `POST /api/games/{id}/appeals`, where a player's
//! appeal is logged with its time (WXF 2018 art. 12.4: within two hours of the end); and
//! `POST /api/games/{id}/appeals/{n}/decision`, the appeal's decision by the tournament's
//! organiser or chief arbiter.

use axum::{
    Router,
    extract::{Path, State},
    response::Response,
    routing::post,
};
use serde::Deserialize;

use crate::{
    ApiError, AppState, GameId,
    accounts::Caller,
    created,
    error::ErrorBody,
    extract::{Bearer, JsonBody, JsonOrEmpty},
    games::views::GameReply,
    games::{AppealDecision, AppealVerdict},
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

/// The decision on an appeal.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DecisionRequest {
    /// `upheld` or `rejected`.
    #[schema(schema_with = decision_schema)]
    decision: String,
    /// Why, 1 to 500 characters, not all blank.
    #[schema(pattern = "\\S", max_length = 500)]
    reason: String,
    /// With `upheld`: the result that stands, when the appeal changes it (`1-0`, `0-1`,
    /// `1/2-1/2`, `+/-`, …); it replaces the board's result in the tournament.
    #[schema(schema_with = crate::competition::result_schema)]
    result: Option<String>,
}

fn decision_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&["upheld", "rejected"])
}

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/signatures", post(sign))
        .route("/api/games/{id}/appeals", post(appeal))
        .route("/api/games/{id}/appeals/{appeal}/decision", post(decide))
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
    responses((status = 201, description = "the game with its appeals", body = GameReply<'_>,
            links(("decision" = (operation_id = "decide_appeal", parameters(("id" = "$request.path.id"), ("appeal" = serde_json::json!(1))))))),
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

/// The decision on a player's appeal (WXF 2018 art. 12.4: the appeal committee's, final), by
/// the tournament's organiser or chief arbiter (the first arbiter appointed). The record of
/// the game stays as it is; an upheld appeal that gives another `result` changes the board's
/// result in the tournament. A game that is no tournament's has nobody to decide (409
/// `not_a_tournament_game`).
#[utoipa::path(post, path = "/api/games/{id}/appeals/{appeal}/decision", tag = "games", operation_id = "decide_appeal",
    params(GameId, ("appeal" = u32, Path, minimum = 1, description = "the appeal, from 1 in the order lodged")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = DecisionRequest, content_type = "application/json"),
    responses((status = 201, description = "the game with the decided appeal", body = GameReply<'_>),
        (status = 400, response = ErrorBody), (status = 401, response = ErrorBody),
        (status = 403, response = ErrorBody), (status = 404, response = ErrorBody),
        (status = 409, response = ErrorBody), (status = 422, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
pub(crate) async fn decide(
    State(state): State<AppState>,
    Path((id, appeal)): Path<(String, String)>,
    caller: Caller,
    JsonBody(req): JsonBody<DecisionRequest>,
) -> Result<Response, ApiError> {
    let number: usize = appeal
        .parse()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or(ApiError::NotFound("appeal"))?;
    let decision = match req.decision.trim() {
        "upheld" => AppealVerdict::Upheld,
        "rejected" => AppealVerdict::Rejected,
        other => {
            return Err(ApiError::invalid(
                "decision",
                format!("{other:?} is not a decision (upheld or rejected)"),
            ));
        }
    };
    let reason = req.reason.trim();
    if reason.is_empty() || req.reason.chars().count() > 500 {
        return Err(ApiError::invalid(
            "reason",
            "1 to 500 characters, not all blank",
        ));
    }
    let result = match req.result.as_deref() {
        None => None,
        Some(_) if decision == AppealVerdict::Rejected => {
            return Err(ApiError::invalid(
                "result",
                "a rejected appeal leaves the result as it is",
            ));
        }
        Some(text) => Some(
            text.trim()
                .parse::<xiangqi_tournament::GameResult>()
                .map_err(|e: xiangqi_tournament::ParseError| {
                    ApiError::invalid("result", e.to_string())
                })?,
        ),
    };
    let games = state.games();
    let (tournament, _) = games.appeal_to_decide(&id, number).await?;
    let Some(tournament) = tournament else {
        return Err(ApiError::conflict(
            "not_a_tournament_game",
            "an appeal is decided by the event's appeal committee (WXF 12.4): this game is no \
             tournament's",
        ));
    };
    // The tournament first: a decision whose result did not reach it can be made again.
    state
        .tournaments()
        .decide_appeal(&tournament, &caller, &id, result)
        .await?;
    let view = games
        .decide_appeal(
            &id,
            AppealDecision {
                appeal: number,
                decision,
                reason: reason.to_owned(),
                result: result.map(|r| r.notation().to_owned()),
                by: caller.username.clone(),
                at_ms: crate::games::wall_ms(),
            },
        )
        .await?;
    Ok(created(view))
}
