//! Helpers shared by the server's integration tests: requests through the router, accounts,
//! games, tournaments and team events set up through the API, a real server on 127.0.0.1:0,
//! WebSocket reads, temporary database files. Each test file uses only some.
#![allow(dead_code)]

use std::{
    path::PathBuf,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use axum::{
    body::{Body, to_bytes},
    http::{HeaderMap, Request, StatusCode, header},
};
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;
use xiangqi_server::{AppState, router, serve};
use xiangqi_store::Store;

/// A fresh SQLite file name in the temporary directory.
pub fn temp_db(tag: &str) -> PathBuf {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    std::env::temp_dir().join(format!("xq-{tag}-{}-{nanos}.db", std::process::id()))
}

/// Deletes the SQLite file `url` with its write-ahead log and shared memory.
pub fn remove_db(url: &str) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{url}{suffix}"));
    }
}

/// A runtime of one worker thread, to start and drop a server's runtime (and its timers)
/// within one test, as a crash would.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime")
}

/// A response: status, headers, the body as text, and as JSON when it parses (else the text as
/// a JSON string).
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
    pub json: Value,
}

/// One request through the router with a body of the given content type.
pub async fn send(
    state: &AppState,
    method: &str,
    uri: &str,
    token: Option<&str>,
    content_type: &str,
    body: String,
) -> Reply {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, content_type);
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let res = router(state.clone())
        .oneshot(req.body(Body::from(body)).expect("request"))
        .await
        .expect("infallible");
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = to_bytes(res.into_body(), 1 << 24).await.expect("body");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let json = serde_json::from_str(&text).unwrap_or_else(|_| Value::String(text.clone()));
    Reply {
        status,
        headers,
        text,
        json,
    }
}

/// One JSON request through the router; the status and the body.
pub async fn call(
    state: &AppState,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let r = send(state, method, uri, token, "application/json", body).await;
    (r.status, r.json)
}

/// A POST of the JSON `body` through the router; the status and the body.
pub async fn post(
    state: &AppState,
    uri: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    call(state, "POST", uri, token, Some(body)).await
}

/// A PUT of the JSON `body` through the router; the status and the body.
pub async fn put(
    state: &AppState,
    uri: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    call(state, "PUT", uri, token, Some(body)).await
}

/// A GET through the router that must answer 200; the body.
pub async fn get(state: &AppState, uri: &str) -> Value {
    let (st, b) = call(state, "GET", uri, None, None).await;
    assert_eq!(st, StatusCode::OK, "{uri}: {b}");
    b
}

/// The server's state on a fresh in-memory SQLite store.
pub async fn memory_state() -> AppState {
    AppState::new(Store::open("sqlite::memory:").await.expect("opens"))
}

/// An error answer: the status wanted, an error code, and the field at fault if one is named.
pub fn assert_error(status: StatusCode, body: &Value, want: StatusCode, field: Option<&str>) {
    assert_eq!(status, want, "{body}");
    assert!(body["error"].is_string(), "{body}");
    if let Some(f) = field {
        assert_eq!(body["field"], f, "{body}");
    }
}

/// The string `key` of `v`, which must be there.
pub fn text(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} in {v}"))
        .to_owned()
}

/// Registers `name` and logs in; the session token.
pub async fn account(state: &AppState, name: &str) -> String {
    let creds = json!({"username": name, "password": format!("{name}-secret-pw")});
    let (status, body) = post(state, "/api/accounts", None, creds.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = post(state, "/api/sessions", None, creds).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    text(&body, "token")
}

/// A fresh in-memory server and the token of its organiser `name`.
pub async fn state_and_organiser(name: &str) -> (AppState, String) {
    let state = memory_state().await;
    let org = account(&state, name).await;
    (state, org)
}

/// Creates a casual game; the answer (its id and the players' and arbiter's tokens).
pub async fn new_game(state: &AppState, body: Value) -> Value {
    let (status, created) = post(state, "/api/games", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

/// Creates a tournament as `token`; the answer.
pub async fn new_tournament(state: &AppState, token: &str, body: Value) -> Value {
    let (st, b) = post(state, "/api/tournaments", Some(token), body).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    b
}

/// Creates a team event as `token`; its id.
pub async fn new_team_event(state: &AppState, token: &str, body: Value) -> String {
    let (st, t) = post(state, "/api/teams", Some(token), body).await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    text(&t, "id")
}

/// A team entry: `name` with players `{name}1` … `{name}{n}` in registered order.
pub fn team(name: &str, n: usize) -> Value {
    let players: Vec<Value> = (1..=n)
        .map(|k| json!({"name": format!("{name}{k}")}))
        .collect();
    json!({"name": name, "players": players})
}

/// Serves `state` on a free loopback port.
pub async fn start_server(state: AppState) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(serve(listener, state));
    addr
}

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next text message on `ws` as JSON, within ten seconds.
pub async fn next_json(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("no error");
        if let Message::Text(t) = msg {
            return serde_json::from_str(t.as_str()).expect("JSON");
        }
    }
}
