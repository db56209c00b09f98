//! The request log: one structured line per request with its method, route, status, latency
//! and id, and the id answered in `x-request-id`. Alone in its test binary: the log is caught
//! by a subscriber of this thread, which another test's thread must not race.

use std::{
    io::Write,
    sync::{Arc, Mutex},
};

use axum::http::StatusCode;
use serde_json::{Value, json};

mod common;
use common::{memory_state, send};

#[tokio::test]
async fn each_request_has_an_id_and_one_log_line() {
    // The log of this thread (the test's runtime runs every task on it), as JSON lines.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);
    impl Write for Buffer {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("lock").extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = Buffer::default();
    let writer = buffer.clone();
    let subscriber = tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_writer(move || writer.clone())
        .finish();
    let _log = tracing::subscriber::set_default(subscriber);

    let state = memory_state().await;
    let r = send(
        &state,
        "POST",
        "/api/games",
        None,
        "application/json",
        json!({"rules": "wxf2018"}).to_string(),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let generated = r.headers["x-request-id"]
        .to_str()
        .expect("ASCII")
        .to_owned();
    assert_eq!(generated.len(), 16, "{generated}");
    // A client's own id is kept.
    let req = axum::http::Request::builder()
        .uri("/api/health")
        .header("x-request-id", "trace-42")
        .body(axum::body::Body::empty())
        .expect("request");
    let res = tower::ServiceExt::oneshot(xiangqi_server::router(state.clone()), req)
        .await
        .expect("infallible");
    assert_eq!(res.headers()["x-request-id"], "trace-42");

    let log = String::from_utf8(buffer.0.lock().expect("lock").clone()).expect("UTF-8");
    let lines: Vec<Value> = log
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .filter(|l: &Value| l["target"] == "xiangqi_server::http")
        .collect();
    assert_eq!(lines.len(), 2, "{log}");
    let first = &lines[0];
    assert_eq!(first["method"], "POST");
    assert_eq!(first["route"], "/api/games");
    assert_eq!(first["status"], 201);
    assert_eq!(first["request_id"], generated);
    assert!(
        first["latency_ms"].as_f64().is_some_and(|ms| ms >= 0.0),
        "{first}"
    );
    assert_eq!(lines[1]["request_id"], "trace-42");
    assert_eq!(lines[1]["route"], "/api/health");
}
