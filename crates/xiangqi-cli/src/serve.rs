//! `xiangqi serve`: the competition server (JSON API, WebSocket, OpenAPI at /api/openapi.json).

use std::net::SocketAddr;

use anyhow::Context as _;
use xiangqi_server::AppState;
use xiangqi_store::Store;

/// Shown at the end of `xiangqi serve --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi serve --db sqlite::memory: --addr 127.0.0.1:0
  xiangqi serve --db club.db --addr 127.0.0.1:0
";

/// Serve live games over a JSON API and WebSocket, stored in SQLite or PostgreSQL.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The database: an SQLite file (created if missing), `sqlite::memory:`, or
    /// `postgres://user:password@host/database`.
    #[arg(long, default_value = "xiangqi.db")]
    pub db: String,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The request log on standard error, one line a request at the level `RUST_LOG` sets
    /// (`info` by default): `text` or `json`.
    #[arg(long, value_enum, default_value = "text")]
    pub log_format: LogFormat,
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
    runtime.block_on(async {
        let store = Store::open(&args.db)
            .await
            .with_context(|| format!("cannot open the database {:?}", args.db))?;
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let addr = listener.local_addr().context("no local address")?;
        eprintln!(
            "xiangqi: serving http://{addr}/ (API: /api/openapi.json; database: {} {})",
            store.backend(),
            args.db
        );
        xiangqi_server::serve(listener, AppState::new(store))
            .await
            .context("the server stopped")
    })
}
