//! Helpers shared by the server's integration tests: requests through the router, a real server
//! on 127.0.0.1:0, WebSocket reads, temporary database files. Each test file uses only some.
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
use serde_json::Value;
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;
use xiangqi_server::{AppState, router, serve};

/// A fresh SQLite file name in the temporary directory.
pub fn temp_db(tag: &str) -> PathBuf {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    std::env::temp_dir().join(format!("xq-{tag}-{}-{nanos}.db", std::process::id()))
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
