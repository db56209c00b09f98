//! `xiangqi serve`: the competition server (JSON API, WebSocket, OpenAPI at /api/openapi.json).

use std::net::SocketAddr;

use anyhow::Context as _;
use xiangqi_server::{AppState, Deployment};
use xiangqi_store::{SqliteSync, Store};

/// Shown at the end of `xiangqi serve --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi serve --db sqlite::memory: --addr 127.0.0.1:0
  xiangqi serve --db club.db --addr 127.0.0.1:0
  xiangqi serve --db club.db --addr 127.0.0.1:0 --sqlite-sync normal
  xiangqi serve --db club.db --addr 127.0.0.1:0 --public-url https://xiangqi.example.org --trusted-proxy 127.0.0.1 --trusted-proxy 10.0.0.0/8
";

/// Serve live games over a JSON API and WebSocket, stored in SQLite or PostgreSQL.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The database: an SQLite file (created if missing), `sqlite::memory:`, or
    /// `postgres://user:password@host/database`.
    #[arg(long, default_value = "xiangqi.db")]
    pub db: String,
    /// When an SQLite commit reaches the disk: `full` flushes every commit; with `normal` an
    /// acknowledged move survives kill -9 but the last ones may be lost on an OS crash or power
    /// loss.
    ///
    /// In WAL mode, `full` (SQLite's `synchronous = FULL`) flushes the log at every commit, so
    /// an acknowledged move survives a crash of the process (kill -9), of the OS or of the
    /// power. `normal` (`synchronous = NORMAL`) flushes it only before each checkpoint (about
    /// every second): a committed transaction survives a crash of the process (kill -9), but
    /// the last transactions may be lost on an OS crash or power loss, for a shorter round trip
    /// under load. See https://www.sqlite.org/pragma.html#pragma_synchronous and
    /// https://www.sqlite.org/wal.html. `normal` is refused with PostgreSQL.
    #[arg(long, value_name = "full|normal", default_value_t = SqliteSync::Full)]
    pub sqlite_sync: SqliteSync,
    /// The address to listen on, IPv4 or IPv6 (`[::1]:8080`, `[::]:8080`). The server stops
    /// gracefully on Ctrl-C or SIGTERM: it answers the requests in flight and closes live
    /// connections with a going-away frame.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The request log on standard error, one line a request at the level `RUST_LOG` sets
    /// (`info` by default): `text` or `json`.
    #[arg(long, value_enum, default_value = "text")]
    pub log_format: LogFormat,
    /// The address users reach the server at, e.g. `https://xiangqi.example.org` behind a
    /// TLS-terminating proxy: with `https://` the session cookies are `Secure`.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// A reverse proxy (an IP address or a CIDR block such as `10.0.0.0/8`; repeatable) whose
    /// `X-Forwarded-For` names the client for the login limit. From any other peer the header
    /// is ignored.
    #[arg(long, value_name = "IP_OR_CIDR")]
    pub trusted_proxy: Vec<String>,
}

impl Args {
    /// How the server is reached, from `--public-url` and `--trusted-proxy`.
    fn deployment(&self) -> anyhow::Result<Deployment> {
        let mut d = Deployment::new();
        if let Some(url) = &self.public_url {
            d = d.public_url(url)?;
        }
        for proxy in &self.trusted_proxy {
            d = d.trust_proxy(proxy)?;
        }
        Ok(d)
    }
}

/// How the request log is written.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text a request.
    Text,
    /// One JSON object a line.
    Json,
}

/// Runs the server until the process is stopped. The runtime lives here only, so the other
/// subcommands stay synchronous.
pub fn run(args: Args) -> anyhow::Result<()> {
    xiangqi_server::init_logging(match args.log_format {
        LogFormat::Text => xiangqi_server::LogFormat::Text,
        LogFormat::Json => xiangqi_server::LogFormat::Json,
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let deployment = args.deployment()?;
    runtime.block_on(async {
        let store = Store::open_with(&args.db, args.sqlite_sync)
            .await
            .with_context(|| format!("cannot open the database {:?}", args.db))?;
        // What SQLite says it does, not what was asked.
        let sync = match &store {
            Store::Sqlite(s) => match s.synchronous().await {
                Ok(Some(mode)) => format!(", synchronous = {mode}"),
                Ok(None) => ", synchronous = an unexpected level".to_owned(),
                Err(e) => format!(", synchronous unknown ({e})"),
            },
            Store::Postgres(_) => String::new(),
        };
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let addr = listener.local_addr().context("no local address")?;
        eprintln!(
            "xiangqi: serving http://{addr}/ (API: /api/openapi.json; database: {} {}{sync})",
            store.backend(),
            args.db
        );
        xiangqi_server::serve_until(
            listener,
            AppState::new(store).with_deployment(deployment),
            stop_signal(),
        )
        .await
        .context("the server stopped")?;
        eprintln!("xiangqi: stopped");
        Ok(())
    })
}

/// Resolves on Ctrl-C or, on Unix, SIGTERM (what service managers and container runtimes
/// send), after saying that the server is shutting down.
async fn stop_signal() {
    let interrupt = async {
        // Without a handler there is nothing to wait for: run until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
    eprintln!(
        "xiangqi: shutting down (answering the requests in flight, closing live connections)"
    );
}
