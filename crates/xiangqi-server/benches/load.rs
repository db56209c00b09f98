//! Load benchmark (not a test): N concurrent timed games, each played over its own WebSocket
//! on loopback, reporting the move round trip (send → the update that carries the move). The
//! client keeps the game as the pages do: the `state` on connect, then each `update`'s changes.
//!
//! ```text
//! XQ_LOAD_GAMES=1000 XQ_LOAD_PLIES=20 cargo bench -p xiangqi-server --bench load
//! ```
//!
//! Only 127.0.0.1 is ever contacted; the run stops by itself after `XQ_LOAD_SECS` (300).
//! `XQ_LOAD_DB` picks the database (default: a fresh SQLite file in the temp directory).

use std::{
    sync::Arc,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::{net::TcpListener, sync::Mutex};
use tokio_tungstenite::tungstenite::{Message, protocol::WebSocketConfig};
use xiangqi::fen::Fen;
use xiangqi_server::{AppState, NewGame, serve};
use xiangqi_store::Store;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one game; returns the round trips in microseconds.
async fn play(
    addr: std::net::SocketAddr,
    id: String,
    tokens: [String; 2],
    plies: u64,
    mut seed: u64,
) -> Result<Vec<u64>, String> {
    let url = format!("ws://{addr}/api/games/{id}/live");
    // The client's read buffer is sized like the server's: tungstenite zeroes all of it on every
    // read, which at the default 128 KiB costs the load generator more than parsing.
    let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), false)
        .await
        .map_err(|e| e.to_string())?;
    let mut rtts = Vec::new();
    let mut game = next(&mut ws).await?["game"].clone();
    for ply in 0..plies {
        if game["status"] != "playing" {
            break;
        }
        let fen = game["fen"].as_str().ok_or("no fen")?;
        let pos = fen
            .parse::<Fen>()
            .map_err(|e| e.to_string())?
            .into_position()
            .map_err(|e| e.to_string())?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m = moves[(seed >> 33) as usize % moves.len()];
        let token = &tokens[usize::from(pos.turn() != xiangqi::Color::Red)];
        let cmd = json!({"type": "move", "token": token, "move": m.to_string(), "ply": ply});
        let sent = Instant::now();
        ws.send(Message::Text(cmd.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        loop {
            let msg = next(&mut ws).await?;
            if msg["type"] == "error" {
                return Err(msg.to_string());
            }
            if msg["type"] == "state" {
                game = msg["game"].clone();
            } else if let (Some(view), Some(changes)) =
                (game.as_object_mut(), msg["changes"].as_object())
            {
                for (k, v) in changes {
                    view.insert(k.clone(), v.clone());
                }
            }
            if game["ply"].as_u64() == Some(ply + 1) {
                rtts.push(u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX));
                break;
            }
        }
    }
    let _ = ws.close(None).await;
    Ok(rtts)
}

async fn next(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Result<Value, String> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => {
                return serde_json::from_str(t.as_str()).map_err(|e| e.to_string());
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err("closed".into()),
        }
    }
}

fn main() {
    let games = env("XQ_LOAD_GAMES", 200);
    let plies = env("XQ_LOAD_PLIES", 20);
    let secs = env("XQ_LOAD_SECS", 300);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let path = std::env::temp_dir().join(format!("xq-load-{nanos}.db"));
    let db = std::env::var("XQ_LOAD_DB").unwrap_or_else(|_| path.display().to_string());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let outcome = runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(secs), async {
            let store = Store::open(&db).await.expect("database");
            let state = AppState::new(store);
            let listener = TcpListener::bind("127.0.0.1:0").await.expect("loopback");
            let addr = listener.local_addr().expect("address");
            tokio::spawn(serve(listener, state.clone()));
            let mut tasks = Vec::new();
            let errors = Arc::new(Mutex::new(Vec::new()));
            // Games start playing as soon as they are created: time the whole run.
            let started = Instant::now();
            for n in 0..games {
                let (tokens, _) = state
                    .games()
                    .create(NewGame {
                        time_control: Some("60m+30s".into()),
                        ..NewGame::default()
                    })
                    .await
                    .expect("creates");
                let errors = Arc::clone(&errors);
                tasks.push(tokio::spawn(async move {
                    match play(
                        addr,
                        tokens.id,
                        [tokens.red_token, tokens.black_token],
                        plies,
                        n,
                    )
                    .await
                    {
                        Ok(r) => r,
                        Err(e) => {
                            errors.lock().await.push(e);
                            Vec::new()
                        }
                    }
                }));
            }
            eprintln!("created {games} games in {:?}", started.elapsed());
            let mut rtts = Vec::new();
            for t in tasks {
                rtts.extend(t.await.unwrap_or_default());
            }
            let wall = started.elapsed();
            let errors = errors.lock().await.clone();
            (rtts, wall, errors)
        })
        .await
    });
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let Ok((mut rtts, wall, errors)) = outcome else {
        eprintln!("stopped after {secs} s");
        std::process::exit(1);
    };
    rtts.sort_unstable();
    let pct = |p: f64| {
        rtts.get(((rtts.len() as f64 - 1.0) * p).round() as usize)
            .map_or(0.0, |us| *us as f64 / 1000.0)
    };
    println!(
        "games {games}, plies/game ≤ {plies}, moves {} in {:.2} s ({:.0} moves/s), errors {}",
        rtts.len(),
        wall.as_secs_f64(),
        rtts.len() as f64 / wall.as_secs_f64(),
        errors.len()
    );
    println!(
        "move round trip ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
    if let Some(e) = errors.first() {
        println!("first error: {e}");
    }
}
