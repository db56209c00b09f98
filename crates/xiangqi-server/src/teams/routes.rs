//! The team event routes.

use axum::{
    Router,
    routing::{get, post, put},
};

use super::handlers::{bracket, create, lineup, pair, penalise, register, result, show, withdraw};
use crate::{AppState, error::ErrorBody};

/// The team event routes' operations, for the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::handlers::create,
        super::handlers::show,
        super::handlers::register,
        super::handlers::pair,
        super::handlers::lineup,
        super::handlers::result,
        super::handlers::withdraw,
        super::handlers::penalise,
        super::handlers::bracket,
    ),
    components(responses(ErrorBody))
)]
pub(crate) struct TeamApi;

/// The team event routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/teams", post(create))
        .route("/api/teams/{id}", get(show))
        .route("/api/teams/{id}/teams", post(register))
        .route("/api/teams/{id}/rounds", post(pair))
        .route("/api/teams/{id}/rounds/{round}/lineups", post(lineup))
        .route(
            "/api/teams/{id}/rounds/{round}/tables/{table}/boards/{board}/result",
            put(result),
        )
        .route("/api/teams/{id}/withdrawals", post(withdraw))
        .route("/api/teams/{id}/penalties", post(penalise))
        .route("/api/teams/{id}/bracket", get(bracket))
}
