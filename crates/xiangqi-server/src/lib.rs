//! The xiangqi competition server: live games with clocks and rulings over a JSON API and a
//! WebSocket, kept as events in the store (SQLite by default, PostgreSQL for several replicas).
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let store = xiangqi_store::Store::open("xiangqi.db").await?;
//! let state = xiangqi_server::AppState::new(store);
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! xiangqi_server::serve(listener, state).await?;
//! # Ok(()) }
//! ```
//!
//! The shape, leaves first: `error` maps every failure to HTTP once; `stream` and
//! `repo` hold what every stream shares — one `Repository<A>` over an `Aggregate` with a
//! typed envelope of its events (the copy in memory, caught up from its sequence number,
//! clone → apply → conditional append, eviction, the 409 on a lost race); `games`,
//! `tournaments` and `teams` are the resources, each split along its seams (stream and
//! state, form, json views, handlers, routes); `competition` holds what tournaments and team
//! events show alike; `extract` and the accounts' `Caller` are what handlers take from a
//! request. A game that ends or has a foul is told to its tournament as a [`GameReport`]; no read writes.

mod accounts;
mod competition;
mod deployment;
mod diagram;
mod error;
mod extract;
mod games;
mod ids;
mod openapi;
mod pages;
mod repo;
mod schema;
mod sheet;
mod stream;
mod teams;
mod telemetry;
mod time;
mod tournaments;
mod ws;

use std::sync::Arc;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use xiangqi_store::{EventStore, Store, StreamKind};

use crate::{
    extract::{Bearer, JsonBody, JsonOrEmpty, QueryParams},
    games::views::{GameView, RulingReply},
    stream::EventLog,
};

pub use crate::{
    accounts::{Accounts, Caller, LoginLimit},
    deployment::{CONTENT_SECURITY_POLICY, Deployment, DeploymentError, IpBlock},
    error::{ApiError, ErrorBody},
    extract::parse_body,
    games::{Claim, Created, GameReport, Games, NewGame, ReportHook, TokenHolder, Tokens},
    openapi::document as openapi_document,
    teams::Teams,
    telemetry::{LogFormat, REQUEST_ID, init_logging},
    time::TimeSource,
    tournaments::{Tournaments, tournament_spec_of_form},
};

/// What every handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    games: Arc<Games>,
    tournaments: Arc<Tournaments>,
    teams: Arc<Teams>,
    accounts: Arc<Accounts>,
    /// Behind HTTPS or not, behind which proxies.
    deployment: Arc<Deployment>,
    /// Set once the server is shutting down: the open WebSockets then say goodbye.
    closing: Arc<tokio::sync::watch::Sender<bool>>,
}

impl AppState {
    /// A server over `store`.
    pub fn new(store: Store) -> AppState {
        AppState::with_login_limit(store, LoginLimit::default())
    }

    /// A server over `store` whose logins are limited by `limit`.
    pub fn with_login_limit(store: Store, limit: LoginLimit) -> AppState {
        let tournaments = Arc::new(Tournaments::new(store.clone()));
        let games = Arc::new(Games::new(store.clone(), TimeSource::new()));
        // A finished game's result reaches its tournament as an event, before the write that
        // ended the game is answered.
        let recorder = Arc::clone(&tournaments);
        games.on_report(Arc::new(move |ended: GameReport| {
            let tournaments = Arc::clone(&recorder);
            Box::pin(async move {
                // A failure leaves the board to the next pairing, which settles it.
                let _ = tournaments.record_game_end(&ended).await;
            })
        }));
        AppState {
            tournaments,
            teams: Arc::new(Teams::new(store.clone())),
            accounts: Arc::new(Accounts::new(store, limit)),
            games,
            deployment: Arc::new(Deployment::new()),
            closing: Arc::new(tokio::sync::watch::Sender::new(false)),
        }
    }

    /// The same server, reached as `deployment` says (over HTTPS, through proxies).
    pub fn with_deployment(mut self, deployment: Deployment) -> AppState {
        self.deployment = Arc::new(deployment);
        self
    }

    /// How the server is reached.
    pub fn deployment(&self) -> &Deployment {
        &self.deployment
    }

    /// Resolves once the server has begun to shut down ([`serve_until`]).
    pub(crate) async fn closing(&self) {
        let mut closing = self.closing.subscribe();
        // The sender lives as long as the state, which outlives this wait.
        let _ = closing.wait_for(|&c| c).await;
    }

    /// The tournaments.
    pub fn tournaments(&self) -> &Arc<Tournaments> {
        &self.tournaments
    }

    /// The team events.
    pub fn teams(&self) -> &Arc<Teams> {
        &self.teams
    }

    /// The organiser and arbiter accounts.
    pub fn accounts(&self) -> &Arc<Accounts> {
        &self.accounts
    }

    /// The live games.
    pub fn games(&self) -> &Arc<Games> {
        &self.games
    }
}

/// The API's routes.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(pages::routes())
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(openapi))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/claims", post(claim))
        .route("/api/games/{id}/pgn", get(pgn))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/live", get(ws::live))
        .merge(tournaments::routes())
        .merge(teams::routes())
        .merge(accounts::routes())
        .merge(sheet::routes())
        .merge(diagram::routes())
        .route("/metrics", get(telemetry::metrics))
        .fallback(not_found)
        // One log line and the counters per request; the route is the matched template.
        .layer(axum::middleware::from_fn(telemetry::track))
        // Every answer, pages and errors alike, with the Content-Security-Policy and friends.
        .layer(axum::middleware::from_fn(deployment::security_headers))
        .with_state(state)
}

/// Serves the API on `listener` until the process ends ([`serve_until`] with no shutdown).
///
/// # Errors
/// The listener's I/O errors.
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    serve_until(listener, state, std::future::pending()).await
}

/// Serves the API on `listener` until `shutdown` resolves, first restarting the flag timers of
/// unfinished games and, on PostgreSQL, listening for the other replicas' appends; meanwhile
/// the stored deadlines are swept every second and idle games leave memory
/// ([`Games::housekeeping`]).
///
/// Then it shuts down gracefully: it stops accepting connections, closes every WebSocket with
/// a going-away frame (1001), and returns once the requests in flight have been answered, so
/// that every write a client was told of is stored.
///
/// # Errors
/// The listener's I/O errors.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let closing = Arc::clone(&state.closing);
    let games = Arc::clone(state.games());
    // Listen before serving, so that no append made once this replica answers goes unheard.
    let replicas = games.store().listen().await.unwrap_or(None);
    tokio::spawn(Arc::clone(&games).follow_replicas(replicas));
    tokio::spawn(async move {
        // A store that fails here fails requests too: those will say so.
        let _ = games.resume_clocks().await;
        games.housekeeping(games::SWEEP_EVERY).await;
    });
    let (tournaments, teams) = (Arc::clone(state.tournaments()), Arc::clone(state.teams()));
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(tournaments::TOURNAMENT_IDLE / 10);
        loop {
            tick.tick().await;
            tournaments.evict(tournaments::TOURNAMENT_IDLE);
            teams.evict(tournaments::TOURNAMENT_IDLE);
        }
    });
    // The peer's address is what login attempts are limited by, besides the user name.
    axum::serve(
        listener,
        router(state).into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        closing.send_replace(true);
    })
    .await
}

/// A 201 with `body`.
pub(crate) fn created(body: impl Serialize) -> Response {
    (StatusCode::CREATED, Json(body)).into_response()
}

async fn not_found() -> ApiError {
    ApiError::NotFound("page")
}

/// The server answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Health {
    /// Always `ok`.
    #[schema(pattern = "^ok$")]
    status: &'static str,
}

/// Liveness.
#[utoipa::path(get, path = "/api/health", tag = "server",
    responses((status = 200, description = "the server answers", body = Health)))]
async fn health() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// This document: OpenAPI 3.1, generated from the server's types and handlers.
#[utoipa::path(get, path = "/api/openapi.json", tag = "server",
    responses((status = 200, description = "the OpenAPI document", body = Object)))]
async fn openapi() -> Json<Value> {
    Json(openapi::document())
}

/// Every game's id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct GameList {
    games: Vec<String>,
}

/// Ids of every game.
#[utoipa::path(get, path = "/api/games", tag = "games",
    responses((status = 200, description = "the games' ids", body = GameList),
        (status = 503, response = ErrorBody)))]
async fn list_games(State(state): State<AppState>) -> Result<Json<GameList>, ApiError> {
    let games = state.games.store().streams(StreamKind::Game).await?;
    Ok(Json(GameList { games }))
}

/// A new game: its id, the tokens (each for its holder only) and the game.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct NewGameView {
    #[serde(flatten)]
    tokens: Tokens,
    /// The game, as `GET /api/games/{id}` shows it.
    #[schema(value_type = GameView<'_>)]
    game: Value,
}

/// Create a live game; its clock starts at once if it is timed. An empty body is a standard
/// untimed game under CXA 2011.
#[utoipa::path(post, path = "/api/games", tag = "games",
    request_body(content = Option<NewGame>, content_type = "application/json"),
    responses((status = 201, description = "the game's id, its tokens and the game", body = NewGameView,
            links(
                ("game" = (operation_id = "get_game", parameters(("id" = "$response.body#/id")))),
                ("pgn" = (operation_id = "pgn", parameters(("id" = "$response.body#/id")))),
                ("diagram" = (operation_id = "diagram", parameters(("id" = "$response.body#/id")))),
                ("events" = (operation_id = "events", parameters(("id" = "$response.body#/id")))),
                ("live" = (operation_id = "live", parameters(("id" = "$response.body#/id")))),
                ("red_moves" = (operation_id = "play", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/red_token", "move": "h2e2", "ply": 0}))),
                ("red_claims" = (operation_id = "claim", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/red_token"}))),
                ("arbiter_claims" = (operation_id = "claim", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter_token"}))),
                ("red_signs" = (operation_id = "sign", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/red_token"}))),
                ("red_appeals" = (operation_id = "appeal", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/red_token"})))
            ),
        ),
        (status = 400, response = ErrorBody), (status = 422, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
async fn create_game(
    State(state): State<AppState>,
    JsonOrEmpty(req): JsonOrEmpty<NewGame>,
) -> Result<Response, ApiError> {
    let (tokens, game) = state.games.create(req).await?;
    Ok(created(NewGameView { tokens, game }))
}

/// A game: position, moves in ICCS, WXF and Chinese, clocks, status, result, ruling, score
/// sheet and appeals.
#[utoipa::path(get, path = "/api/games/{id}", tag = "games", params(GameId),
    responses((status = 200, description = "the game", body = GameView<'_>),
        (status = 404, response = ErrorBody), (status = 503, response = ErrorBody)))]
async fn get_game(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(state.games.view(&id).await?))
}

/// A game's id, as `POST /api/games` gives it.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct GameId {
    /// The game's id.
    pub(crate) id: String,
}

/// A move request.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    /// The move in ICCS (`h2e2`), WXF (`C2.5`) or Chinese (`炮二平五`).
    #[serde(rename = "move")]
    text: String,
    /// Plies played so far: the move is refused (409 `ply_mismatch`) if the game has moved on.
    ply: Option<usize>,
    /// The player's token, instead of the `Authorization` header.
    token: Option<String>,
}

/// Play a move for the side of the token. An illegal move is a 422 naming `move`; a move out
/// of turn, after the end or on another ply a 409.
#[utoipa::path(post, path = "/api/games/{id}/moves", tag = "games", params(GameId),
    security((), ("token" = [])),
    request_body(content = MoveRequest, content_type = "application/json"),
    responses((status = 200, description = "the game after the move", body = GameView<'_>),
        (status = 400, response = ErrorBody), (status = 401, response = ErrorBody),
        (status = 403, response = ErrorBody), (status = 404, response = ErrorBody),
        (status = 409, response = ErrorBody), (status = 422, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
async fn play(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
    bearer: Bearer,
    JsonBody(req): JsonBody<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let token = bearer.or(req.token);
    Ok(Json(
        state
            .games
            .play_viewed(&id, token.as_deref(), &req.text, req.ply)
            .await?,
    ))
}

/// A claim with its optional token.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct ClaimRequest {
    /// The player's or arbiter's token, instead of the `Authorization` header.
    token: Option<String>,
    #[serde(flatten)]
    #[schema(value_type = Claim)]
    claim: Value,
}

/// Resign, offer, accept or decline a draw, claim the move limit or nine rounds, ask for a
/// repetition ruling (answered with the ruling), record a touch, seal a move; the arbiter
/// enters fouls, works the clock, adjourns and resumes, corrects an error, swaps colours,
/// declares a result and counts moves. A refusal under the rule book names its article.
#[utoipa::path(post, path = "/api/games/{id}/claims", tag = "games", params(GameId),
    security((), ("token" = [])),
    request_body(content = ClaimRequest, content_type = "application/json"),
    responses((status = 200, description = "the game, and the ruling for a repetition request", body = RulingReply<'_>),
        (status = 400, response = ErrorBody), (status = 401, response = ErrorBody),
        (status = 403, response = ErrorBody), (status = 404, response = ErrorBody),
        (status = 409, response = ErrorBody), (status = 422, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
async fn claim(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
    bearer: Bearer,
    JsonBody(req): JsonBody<ClaimRequest>,
) -> Result<Json<Value>, ApiError> {
    let claim: Claim = serde_json::from_value(req.claim).map_err(|e| {
        let message = e.to_string();
        let field = message.split('`').nth(1).map(str::to_owned);
        ApiError::Invalid { field, message }
    })?;
    let token = bearer.or(req.token);
    Ok(Json(state.games.claim(&id, token.as_deref(), claim).await?))
}

/// The notation of a PGN's moves.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PgnQuery {
    /// `chinese` (default), `wxf` or `iccs`.
    #[param(schema_with = notation_schema)]
    notation: Option<String>,
}

fn notation_schema() -> utoipa::openapi::Object {
    schema::choice(&["chinese", "wxf", "iccs"])
}

/// The game as PGN, its moves in the notation asked for.
#[utoipa::path(get, path = "/api/games/{id}/pgn", tag = "games", params(GameId, PgnQuery),
    responses((status = 200, description = "the game as PGN", body = String,
            content_type = "application/x-chess-pgn"),
        (status = 400, response = ErrorBody), (status = 404, response = ErrorBody),
        (status = 422, response = ErrorBody), (status = 503, response = ErrorBody)))]
async fn pgn(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
    QueryParams(q): QueryParams<PgnQuery>,
) -> Result<Response, ApiError> {
    let notation = match q
        .notation
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None | Some("chinese") => xiangqi_record::Notation::Chinese,
        Some("wxf") => xiangqi_record::Notation::Wxf,
        Some("iccs") => xiangqi_record::Notation::Iccs,
        Some(other) => {
            return Err(ApiError::invalid(
                "notation",
                format!("unknown notation {other:?} (chinese, wxf or iccs)"),
            ));
        }
    };
    let text = state.games.pgn(&id, notation).await?;
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response())
}

/// The game's stored events, in order; the tokens' hashes stay in the store.
#[utoipa::path(get, path = "/api/games/{id}/events", tag = "games", params(GameId),
    responses((status = 200, description = "the stored events", body = EventLog<'_>),
        (status = 404, response = ErrorBody), (status = 503, response = ErrorBody)))]
async fn events(
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
) -> Result<Response, ApiError> {
    let stored = state.games.store().load(StreamKind::Game, &id, 0).await?;
    if stored.is_empty() {
        return Err(ApiError::NotFound("game"));
    }
    Ok(Json(EventLog::new(&id, stored, |k| {
        k.ends_with("_token_sha256") || k == "sealed_text"
    }))
    .into_response())
}
