//! Operations: `GET /metrics` in Prometheus' text format (requests by route and status, latency, live games, WebSocket
//! connections, the store's appends, the replica listener's lag).

use axum::http::StatusCode;
use serde_json::json;
use xiangqi_server::AppState;
use xiangqi_store::Store;

mod common;
use common::{call, memory_state, new_game, next_json, post, send, start_server, text};

/// The value of the metric line that starts with `series` (name and labels), if any.
fn metric(page: &str, series: &str) -> Option<f64> {
    page.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

async fn scrape(state: &AppState) -> String {
    let r = send(state, "GET", "/metrics", None, "text/plain", String::new()).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.headers["content-type"]
            .to_str()
            .is_ok_and(|c| c.starts_with("text/plain; version=0.0.4"))
    );
    r.text
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status_with_the_live_games_and_sockets() {
    let state = memory_state().await;
    let game = new_game(&state, json!({})).await;
    let id = text(&game, "id");
    for _ in 0..3 {
        let (st, _) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(st, StatusCode::OK);
    }
    let (st, _) = call(&state, "GET", "/api/games/nope", None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let (st, _) = call(&state, "GET", "/no/such/page", None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let addr = start_server(state.clone()).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/live"))
        .await
        .expect("connects");
    assert_eq!(next_json(&mut ws).await["type"], "state");

    let page = scrape(&state).await;
    // The route is the template, so ids do not multiply the series.
    let by = |m: &str, route: &str, status: u16| {
        metric(
            &page,
            &format!(
                "xiangqi_http_requests_total{{method=\"{m}\",route=\"{route}\",status=\"{status}\"}}"
            ),
        )
    };
    assert!(by("POST", "/api/games", 201) >= Some(1.0), "{page}");
    assert!(by("GET", "/api/games/{id}", 200) >= Some(3.0), "{page}");
    assert!(by("GET", "/api/games/{id}", 404) >= Some(1.0), "{page}");
    assert!(by("GET", "unmatched", 404) >= Some(1.0), "{page}");
    assert!(!page.contains(&id), "a game's id in a label: {page}");
    let bucket = |le: &str| {
        metric(
            &page,
            &format!(
                "xiangqi_http_request_duration_seconds_bucket{{route=\"/api/games/{{id}}\",le=\"{le}\"}}"
            ),
        )
    };
    assert!(bucket("+Inf") >= Some(4.0), "{page}");
    assert!(
        bucket("0.001") <= bucket("5"),
        "buckets are cumulative: {page}"
    );
    assert!(metric(&page, "xiangqi_live_games") >= Some(1.0), "{page}");
    assert!(
        metric(&page, "xiangqi_websocket_connections") >= Some(1.0),
        "{page}"
    );
    assert!(
        metric(&page, "xiangqi_store_append_duration_seconds_count") >= Some(1.0),
        "{page}"
    );
    drop(ws);
}

/// A move made on one replica is heard by the other, and the listener's lag is measured.
#[tokio::test]
async fn the_replica_listeners_lag_is_measured() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("DATABASE_URL is not set: PostgreSQL test skipped");
        return;
    };
    let a = AppState::new(Store::open(&url).await.expect("opens"));
    let b = AppState::new(Store::open(&url).await.expect("opens"));
    let _ = start_server(a.clone()).await;
    let addr_b = start_server(b.clone()).await;
    let before = metric(&scrape(&b).await, "xiangqi_replica_notices_total").unwrap_or(0.0);
    let game = new_game(&a, json!({})).await;
    let id = text(&game, "id");
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr_b}/api/games/{id}/live"))
            .await
            .expect("connects");
    assert_eq!(next_json(&mut ws).await["type"], "state");
    let (st, _) = post(
        &a,
        &format!("/api/games/{id}/moves"),
        Some(&text(&game, "red_token")),
        json!({"move": "h2e2"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(next_json(&mut ws).await["type"], "update");
    let page = scrape(&b).await;
    assert!(
        metric(&page, "xiangqi_replica_notices_total") > Some(before),
        "{page}"
    );
    // Heard within a minute (both replicas on one machine's clock).
    assert!(
        metric(&page, "xiangqi_replica_lag_milliseconds") < Some(60_000.0),
        "{page}"
    );
}

/// Graceful shutdown: once the signal comes, a live WebSocket gets a going-away close frame
/// (1001) and the server returns, with nothing left hanging.
#[tokio::test]
async fn shutdown_says_goodbye_to_live_sockets_and_returns() {
    use futures_util::StreamExt as _;
    use tokio_tungstenite::tungstenite::{Message, protocol::frame::coding::CloseCode};

    let state = memory_state().await;
    let game = new_game(&state, json!({})).await;
    let id = text(&game, "id");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("binds");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(xiangqi_server::serve_until(listener, state, async {
        let _ = stopped.await;
    }));
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/live"))
        .await
        .expect("connects");
    assert_eq!(next_json(&mut ws).await["type"], "state");

    stop.send(()).expect("the server listens for the signal");
    let close = loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("no error");
        if let Message::Close(frame) = msg {
            break frame;
        }
    };
    assert_eq!(close.map(|f| f.code), Some(CloseCode::Away));
    tokio::time::timeout(std::time::Duration::from_secs(10), server)
        .await
        .expect("the server returns once the socket is closed")
        .expect("no panic")
        .expect("no I/O error");
}
