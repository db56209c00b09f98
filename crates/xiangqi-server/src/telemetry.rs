//! Operations: one structured log line per request (method, route, status, latency, request
//! id) through `tracing`, at the level `RUST_LOG` sets, as text or JSON; and `GET /metrics` in
//! Prometheus' text format — requests by route and status, their latency, the live games held,
//! the WebSocket connections, the store's append latency and the replica listener's lag.
//!
//! The counters are the process's (one registry, like the log): a scrape reads this replica.

use std::{
    collections::BTreeMap,
    fmt::Write as _,
    sync::{
        LazyLock, Mutex,
        atomic::{AtomicI64, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use axum::{
    extract::{MatchedPath, Request, State},
    http::{HeaderName, HeaderValue, header},
    middleware::Next,
    response::{IntoResponse, Response},
};

use crate::{AppState, ids::random_hex};

/// The header that carries a request's id, taken from the client when it sends a sane one.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Upper bounds of the latency buckets, in seconds (Prometheus' convention).
const BUCKETS: [f64; 12] = [
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0,
];

/// A latency histogram: a count per bucket (not cumulative here), the sum and the count.
#[derive(Debug, Default, Clone)]
struct Histogram {
    buckets: [u64; BUCKETS.len()],
    sum: f64,
    count: u64,
}

impl Histogram {
    fn observe(&mut self, d: Duration) {
        let s = d.as_secs_f64();
        if let Some(k) = BUCKETS.iter().position(|b| s <= *b) {
            self.buckets[k] += 1;
        }
        self.sum += s;
        self.count += 1;
    }

    /// The histogram's lines, labelled with `labels` (`route="…"` or empty).
    fn render(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        let mut cumulative = 0;
        for (b, n) in BUCKETS.iter().zip(self.buckets) {
            cumulative += n;
            let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{b}\"}} {cumulative}");
        }
        let _ = writeln!(
            out,
            "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {}",
            self.count
        );
        let braces = if labels.is_empty() {
            String::new()
        } else {
            format!("{{{labels}}}")
        };
        let _ = writeln!(out, "{name}_sum{braces} {}", self.sum);
        let _ = writeln!(out, "{name}_count{braces} {}", self.count);
    }
}

/// What this process counts.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Requests by (method, route, status).
    requests: Mutex<BTreeMap<(String, String, u16), u64>>,
    /// Latency by route.
    latency: Mutex<BTreeMap<String, Histogram>>,
    /// Open WebSocket connections.
    websockets: AtomicI64,
    /// Appends to the store.
    appends: Mutex<Histogram>,
    /// How far behind the last append heard from another replica was, in ms.
    replica_lag_ms: AtomicU64,
    /// Appends heard from other replicas.
    replica_notices: AtomicU64,
}

/// The process's metrics.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::default);

impl Metrics {
    fn request(&self, method: &str, route: &str, status: u16, latency: Duration) {
        let mut requests = self.requests.lock().unwrap_or_else(|p| p.into_inner());
        *requests
            .entry((method.to_owned(), route.to_owned(), status))
            .or_default() += 1;
        drop(requests);
        let mut latency_by_route = self.latency.lock().unwrap_or_else(|p| p.into_inner());
        latency_by_route
            .entry(route.to_owned())
            .or_default()
            .observe(latency);
    }

    /// An append to the store took `d`.
    pub fn append(&self, d: Duration) {
        self.appends
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .observe(d);
    }

    /// An append of another replica's was heard `lag_ms` after it was written.
    pub fn replica_notice(&self, lag_ms: u64) {
        self.replica_lag_ms.store(lag_ms, Ordering::Relaxed);
        self.replica_notices.fetch_add(1, Ordering::Relaxed);
    }

    /// A WebSocket opened; the guard counts it closed when dropped.
    pub fn websocket(&'static self) -> WebSocketGuard {
        self.websockets.fetch_add(1, Ordering::Relaxed);
        WebSocketGuard(self)
    }

    /// The metrics in Prometheus' text format, with the live games held now.
    pub fn render(&self, live_games: usize) -> String {
        let mut out = String::new();
        out.push_str(
            "# HELP xiangqi_http_requests_total HTTP requests by method, route and status.\n",
        );
        out.push_str("# TYPE xiangqi_http_requests_total counter\n");
        for ((method, route, status), n) in self
            .requests
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
        {
            let _ = writeln!(
                out,
                "xiangqi_http_requests_total{{method=\"{method}\",route=\"{}\",status=\"{status}\"}} {n}",
                escape(route)
            );
        }
        out.push_str(
            "# HELP xiangqi_http_request_duration_seconds HTTP request latency by route.\n",
        );
        out.push_str("# TYPE xiangqi_http_request_duration_seconds histogram\n");
        for (route, h) in self
            .latency
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
        {
            h.render(
                &mut out,
                "xiangqi_http_request_duration_seconds",
                &format!("route=\"{}\"", escape(route)),
            );
        }
        out.push_str("# HELP xiangqi_live_games Live games held in this process's memory.\n");
        out.push_str("# TYPE xiangqi_live_games gauge\n");
        let _ = writeln!(out, "xiangqi_live_games {live_games}");
        out.push_str("# HELP xiangqi_websocket_connections Open WebSocket connections.\n");
        out.push_str("# TYPE xiangqi_websocket_connections gauge\n");
        let _ = writeln!(
            out,
            "xiangqi_websocket_connections {}",
            self.websockets.load(Ordering::Relaxed)
        );
        out.push_str(
            "# HELP xiangqi_store_append_duration_seconds Conditional appends to the store.\n",
        );
        out.push_str("# TYPE xiangqi_store_append_duration_seconds histogram\n");
        self.appends
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .render(&mut out, "xiangqi_store_append_duration_seconds", "");
        out.push_str("# HELP xiangqi_replica_lag_milliseconds How late the last append heard from another replica arrived.\n");
        out.push_str("# TYPE xiangqi_replica_lag_milliseconds gauge\n");
        let _ = writeln!(
            out,
            "xiangqi_replica_lag_milliseconds {}",
            self.replica_lag_ms.load(Ordering::Relaxed)
        );
        out.push_str("# HELP xiangqi_replica_notices_total Appends heard from other replicas.\n");
        out.push_str("# TYPE xiangqi_replica_notices_total counter\n");
        let _ = writeln!(
            out,
            "xiangqi_replica_notices_total {}",
            self.replica_notices.load(Ordering::Relaxed)
        );
        out
    }
}

/// A label value as Prometheus reads it.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// Counts a WebSocket connection closed when dropped.
#[derive(Debug)]
pub struct WebSocketGuard(&'static Metrics);

impl Drop for WebSocketGuard {
    fn drop(&mut self) {
        self.0.websockets.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A request id from the client's header when it is 1–64 visible ASCII characters; else a
/// fresh one.
fn request_id(req: &Request) -> String {
    req.headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 64 && v.bytes().all(|b| b.is_ascii_graphic()))
        .map(str::to_owned)
        .or_else(|| random_hex(8).ok())
        .unwrap_or_default()
}

/// Logs and counts each request, and answers with its id (`x-request-id`). The route is the
/// matched template (`/api/games/{id}`), so ids do not multiply the series.
pub async fn track(req: Request, next: Next) -> Response {
    let start = Instant::now();
    let id = request_id(&req);
    let method = req.method().as_str().to_owned();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_owned();
    let mut response = next.run(req).await;
    let latency = start.elapsed();
    let status = response.status().as_u16();
    tracing::info!(
        target: "xiangqi_server::http",
        method = %method,
        route = %route,
        status,
        latency_ms = latency.as_secs_f64() * 1000.0,
        request_id = %id,
        "request"
    );
    METRICS.request(&method, &route, status, latency);
    if let Ok(v) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, v);
    }
    response
}

/// `GET /metrics`.
pub async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        METRICS.render(state.games().held()),
    )
        .into_response()
}

/// How the log is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// One line of text an event.
    #[default]
    Text,
    /// One JSON object a line.
    Json,
}

/// Writes the log to standard error at the level `RUST_LOG` sets (`info` if unset), in
/// `format`. Does nothing if the process has a logger already. A line that cannot be written
/// (standard error closed) is dropped: the log never takes a request down.
pub fn init_logging(format: LogFormat) {
    use tracing_subscriber::{EnvFilter, fmt};
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .log_internal_errors(false);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
}
