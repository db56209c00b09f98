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

mod accounts;
mod diagram;
mod error;
mod games;
mod openapi;
mod pages;
mod sheet;
mod stream;
mod teams;
mod time;
mod tournaments;
mod views;
mod ws;

use std::sync::Arc;

use axum::{
    Json, Router,
    body::Bytes,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, de::DeserializeOwned};
use serde_json::{Value, json};
use xiangqi_store::{EventStore, Store, StreamKind};

pub use crate::{
    accounts::{Accounts, Caller, LoginLimit},
    error::{ApiError, ErrorBody},
    games::{Claim, Created, Games, NewGame, Role, Tokens},
    openapi::document as openapi_document,
    time::TimeSource,
    tournaments::Tournaments,
};

/// What every handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    games: Arc<Games>,
    tournaments: Arc<Tournaments>,
    accounts: Arc<Accounts>,
}

impl AppState {
    /// A server over `store`.
    pub fn new(store: Store) -> AppState {
        AppState::with_login_limit(store, LoginLimit::default())
    }

    /// A server over `store` whose logins are limited by `limit`.
    pub fn with_login_limit(store: Store, limit: LoginLimit) -> AppState {
        AppState {
            tournaments: Arc::new(Tournaments::new(store.clone())),
            accounts: Arc::new(Accounts::new(store.clone(), limit)),
            games: Arc::new(Games::new(store, TimeSource::new())),
        }
    }

    /// The tournaments.
    pub fn tournaments(&self) -> &Arc<Tournaments> {
        &self.tournaments
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
        .fallback(not_found)
        .with_state(state)
}

/// Serves the API on `listener` until the process ends, first restarting the flag timers of
/// unfinished games and, on PostgreSQL, listening for the other replicas' appends; meanwhile
/// the stored deadlines are swept every second and idle games leave memory
/// ([`Games::housekeeping`]).
///
/// # Errors
/// The listener's I/O errors.
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    let games = Arc::clone(state.games());
    // Listen before serving, so that no append made once this replica answers goes unheard.
    let replicas = games.store().listen().await.unwrap_or(None);
    tokio::spawn(Arc::clone(&games).follow_replicas(replicas));
    tokio::spawn(async move {
        // A store that fails here fails requests too: those will say so.
        let _ = games.resume_clocks().await;
        games.housekeeping(games::SWEEP_EVERY).await;
    });
    // The peer's address is what login attempts are limited by, besides the user name.
    axum::serve(
        listener,
        router(state).into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .await
}

/// Parses a JSON body: 400 if it is not JSON, 422 naming the field if it does not fit.
///
/// # Errors
/// As above.
pub fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        let message = e.to_string();
        if e.is_data() {
            // serde names the field between backticks: "missing field `move`".
            let field = message
                .split('`')
                .nth(1)
                .map(str::to_owned)
                .filter(|f| !f.is_empty());
            ApiError::Invalid { field, message }
        } else {
            ApiError::bad_request(None, format!("the body is not JSON: {message}"))
        }
    })
}

/// The bearer token of a request, or the one in its body.
fn token<'a>(headers: &'a HeaderMap, body: Option<&'a str>) -> Result<Option<&'a str>, ApiError> {
    match headers.get(header::AUTHORIZATION) {
        Some(v) => {
            let v = v.to_str().map_err(|_| {
                ApiError::bad_request(Some("Authorization".to_owned()), "not ASCII")
            })?;
            let t = v
                .strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
                .ok_or_else(|| {
                    ApiError::bad_request(
                        Some("Authorization".to_owned()),
                        "expected `Bearer <token>`",
                    )
                })?;
            Ok(Some(t.trim()))
        }
        None => Ok(body),
    }
}

async fn not_found() -> ApiError {
    ApiError::NotFound("page")
}

async fn health() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

async fn openapi() -> Json<Value> {
    Json(openapi::document())
}

async fn list_games(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let ids = state.games.store().streams(StreamKind::Game).await?;
    Ok(Json(json!({"games": ids})))
}

async fn create_game(State(state): State<AppState>, body: Bytes) -> Result<Response, ApiError> {
    let req: NewGame = if body.iter().all(u8::is_ascii_whitespace) {
        NewGame::default()
    } else {
        parse_body(&body)?
    };
    let (tokens, game) = state.games.create(req).await?;
    let mut out =
        serde_json::to_value(&tokens).map_err(|e| ApiError::Corrupt(format!("tokens: {e}")))?;
    if let Some(o) = out.as_object_mut() {
        o.insert("game".into(), game);
    }
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

async fn get_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(state.games.view(&id).await?))
}

/// A move request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
    ply: Option<usize>,
    token: Option<String>,
}

async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let req: MoveRequest = parse_body(&body)?;
    let token = token(&headers, req.token.as_deref())?;
    Ok(Json(
        state.games.play(&id, token, &req.text, req.ply).await?,
    ))
}

/// A claim with its optional token.
#[derive(Debug, Deserialize)]
struct ClaimRequest {
    token: Option<String>,
    #[serde(flatten)]
    claim: Value,
}

async fn claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let req: ClaimRequest = parse_body(&body)?;
    let claim: Claim = serde_json::from_value(req.claim).map_err(|e| {
        let message = e.to_string();
        let field = message.split('`').nth(1).map(str::to_owned);
        ApiError::Invalid { field, message }
    })?;
    let token = token(&headers, req.token.as_deref())?;
    Ok(Json(state.games.claim(&id, token, claim).await?))
}

#[derive(Debug, Deserialize)]
struct PgnQuery {
    notation: Option<String>,
}

async fn pgn(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<PgnQuery>,
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

async fn events(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let stored = state.games.store().load(StreamKind::Game, &id, 0).await?;
    if stored.is_empty() {
        return Err(ApiError::NotFound("game"));
    }
    let events: Vec<Value> = stored
        .into_iter()
        .map(|e| {
            let mut payload = e.payload;
            // Token hashes stay in the store.
            if let Some(o) = payload.as_object_mut() {
                o.retain(|k, _| !k.ends_with("_token_sha256"));
            }
            json!({"seq": e.seq, "type": e.event_type, "recorded_at_ms": e.recorded_at_ms, "data": payload})
        })
        .collect();
    Ok(Json(json!({"id": id, "events": events})))
}
