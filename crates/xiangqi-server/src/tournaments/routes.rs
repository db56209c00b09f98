//! The tournament routes.

use axum::{
    Router,
    routing::{get, post, put},
};

use super::{boards, export, handlers};
use crate::{AppState, error::ErrorBody};

/// The tournament routes' operations, for the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        handlers::list,
        handlers::create,
        handlers::show,
        handlers::register,
        handlers::pair,
        handlers::show_round,
        handlers::record_result,
        handlers::withdraw,
        handlers::penalise,
        handlers::appoint,
        handlers::standings,
        handlers::team_places,
        handlers::crosstable,
        handlers::ratings,
        handlers::set_rating_rules,
        handlers::draw_lots,
        handlers::show_draw,
        export::trf,
        export::csv,
        export::pgn,
        export::events,
        boards::board_games,
        boards::start_games,
        handlers::bracket,
        handlers::groups,
        handlers::open_final,
        handlers::keep_apart,
        boards::by_game,
    ),
    components(responses(ErrorBody))
)]
pub(crate) struct TournamentApi;

/// The tournament routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/tournaments",
            get(handlers::list).post(handlers::create),
        )
        .route("/api/tournaments/{id}", get(handlers::show))
        .route("/api/tournaments/{id}/players", post(handlers::register))
        .route("/api/tournaments/{id}/rounds", post(handlers::pair))
        .route(
            "/api/tournaments/{id}/rounds/{round}",
            get(handlers::show_round),
        )
        .route(
            "/api/tournaments/{id}/rounds/{round}/boards/{board}/result",
            put(handlers::record_result),
        )
        .route(
            "/api/tournaments/{id}/withdrawals",
            post(handlers::withdraw),
        )
        .route("/api/tournaments/{id}/penalties", post(handlers::penalise))
        .route("/api/tournaments/{id}/arbiters", post(handlers::appoint))
        .route("/api/tournaments/{id}/standings", get(handlers::standings))
        .route(
            "/api/tournaments/{id}/team-places",
            get(handlers::team_places),
        )
        .route(
            "/api/tournaments/{id}/crosstable",
            get(handlers::crosstable),
        )
        .route("/api/tournaments/{id}/ratings", get(handlers::ratings))
        .route(
            "/api/tournaments/{id}/draw",
            get(handlers::show_draw).post(handlers::draw_lots),
        )
        .route(
            "/api/tournaments/{id}/rating-rules",
            put(handlers::set_rating_rules),
        )
        .route("/api/tournaments/{id}/export.trf", get(export::trf))
        .route("/api/tournaments/{id}/export.csv", get(export::csv))
        .route("/api/tournaments/{id}/export.pgn", get(export::pgn))
        .route("/api/tournaments/{id}/events", get(export::events))
        .route(
            "/api/tournaments/{id}/rounds/{round}/games",
            get(boards::board_games).post(boards::start_games),
        )
        .route("/api/tournaments/{id}/bracket", get(handlers::bracket))
        .route("/api/tournaments/{id}/groups", get(handlers::groups))
        .route("/api/tournaments/{id}/final", post(handlers::open_final))
        .route(
            "/api/tournaments/{id}/keep-apart",
            post(handlers::keep_apart),
        )
        .route("/api/tournaments/by-game/{game}", get(boards::by_game))
}
