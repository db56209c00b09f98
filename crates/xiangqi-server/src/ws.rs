//! `GET /api/games/{id}/live`: a WebSocket that pushes a `state` snapshot (the whole game),
//! then every `update` (moves, clock events, rulings, signatures) to players and spectators
//! alike, each carrying only what changed — the new events, the new moves and the changed fields
//! (`games::views::update_message`) — and takes moves from players:
//! `{"type":"move","token":…,"move":"h2e2","ply":0}`. A watcher that falls behind is sent a
//! fresh `state`.

use axum::{
    extract::{
        Path, State,
        ws::{
            CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code,
            rejection::WebSocketUpgradeRejection,
        },
    },
    response::Response,
};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast::error::RecvError;

use crate::{ApiError, AppState, GameId, error::ErrorBody, parse_body};

/// What a client may send.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Command {
    /// Play a move.
    Move {
        token: String,
        #[serde(rename = "move")]
        text: String,
        ply: Option<usize>,
    },
    /// Ask for a fresh snapshot.
    State,
}

/// WebSocket: a `state` message with the whole game (as `GET /api/games/{id}`), then an
/// `update` for every move, clock event, ruling, signature and appeal carrying only what
/// changed: `{"type":"update","seq":…,"events":[…],"moves":[the new moves],"changes":{fen,
/// turn, ply, seq, clocks, status, result, …}}`. Send `{"type":"state"}` for a fresh `state`,
/// `{"type":"move","token":…,"move":…,"ply":…}` to move; errors come back as
/// `{"type":"error",…}`. A plain request (not a WebSocket upgrade) is answered 426.
#[utoipa::path(get, path = "/api/games/{id}/live", tag = "games", params(GameId),
    responses((status = 101, description = "switching to the WebSocket"),
        (status = 404, response = ErrorBody), (status = 426, response = ErrorBody),
        (status = 503, response = ErrorBody)))]
pub(crate) async fn live(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    State(state): State<AppState>,
    Path(GameId { id }): Path<GameId>,
) -> Result<Response, ApiError> {
    // Subscribe before upgrading, so an unknown game is a plain 404.
    let (rx, snapshot) = state.games().subscribe(&id).await?;
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    // Clients send short commands; tungstenite zeroes a whole read buffer on every read, and
    // at its default of 128 KiB that was the server's largest cost under load.
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| watch(socket, state, id, rx, snapshot)))
}

/// The WebSocket read buffer: a move command is ~150 bytes, a longer message takes more reads.
const READ_BUFFER: usize = 4 * 1024;

/// A command's failure, to its sender only.
#[derive(Debug, Serialize)]
struct ErrorMessage {
    #[serde(rename = "type")]
    kind: &'static str,
    status: u16,
    error: &'static str,
    message: String,
}

fn error_message(e: &ApiError) -> String {
    serde_json::to_string(&ErrorMessage {
        kind: "error",
        status: e.status().as_u16(),
        error: e.code(),
        message: e.to_string(),
    })
    .unwrap_or_default()
}

async fn watch(
    mut socket: WebSocket,
    state: AppState,
    id: String,
    mut rx: tokio::sync::broadcast::Receiver<std::sync::Arc<str>>,
    snapshot: String,
) {
    let _open = crate::telemetry::METRICS.websocket();
    if socket.send(Message::Text(snapshot.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            () = state.closing() => {
                // The server is shutting down: say so, so that clients reconnect elsewhere.
                let _ = socket
                    .send(Message::Close(Some(CloseFrame {
                        code: close_code::AWAY,
                        reason: "the server is shutting down".into(),
                    })))
                    .await;
                break;
            }
            update = rx.recv() => {
                let text = match update {
                    Ok(text) => text.to_string(),
                    // Too slow: skip to the present.
                    Err(RecvError::Lagged(_)) => match state.games().snapshot(&id).await {
                        Ok(s) => s,
                        Err(e) => error_message(&e),
                    },
                    Err(RecvError::Closed) => break,
                };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let reply = match incoming {
                    Some(Ok(Message::Text(text))) => command(&state, &id, text.as_bytes()).await,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => None,
                };
                if let Some(reply) = reply {
                    if socket.send(Message::Text(reply.into())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
}

/// Runs a client's command; the reply for this client only (errors, snapshots). A move's
/// success reaches everyone, the mover too, as an `update`.
async fn command(state: &AppState, id: &str, text: &[u8]) -> Option<String> {
    let cmd = match parse_body::<Command>(text) {
        Ok(c) => c,
        Err(e) => return Some(error_message(&e)),
    };
    match cmd {
        Command::Move { token, text, ply } => {
            match state.games().play(id, Some(&token), &text, ply).await {
                Ok(_) => None,
                Err(e) => Some(error_message(&e)),
            }
        }
        Command::State => Some(match state.games().snapshot(id).await {
            Ok(s) => s,
            Err(e) => error_message(&e),
        }),
    }
}
