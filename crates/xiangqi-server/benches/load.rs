//! Load benchmark (not a test): N timed games live at once, each played over WebSocket on
//! loopback by two players (and watched by some spectators), reporting the move round trip:
//! from the mover's send until the mover sees the server's `update` carrying its move.
//!
//! ```text
//! XQ_LOAD_GAMES=10000 XQ_LOAD_PLIES=20 XQ_LOAD_THINK_MS=3000 \
//!     cargo bench -p xiangqi-server --bench load
//! ```
//!
//! The run has three phases: every game is created first (`POST /api/games`, time control
//! `XQ_LOAD_TC`, default `90m+30s`, so every clock runs and has its flag timer from creation);
//! then every connection is opened (two players per game, `XQ_LOAD_SPECTATORS` spectators spread
//! over the first games, default one per ten games) and has its `state`; then all games play at
//! once. A player thinks `XQ_LOAD_THINK_MS` ±50 % (uniform) before each move — real games do, and
//! with no thinking time N games in flight would only measure the queue — and picks a random
//! legal move from its own copy of the position, kept from the updates. Each game plays
//! `XQ_LOAD_PLIES` plies; connections stay open until every game is done, so all N games are
//! live for the whole play phase.
//!
//! The server runs in its own process: by default this bench binary started again as a server
//! (`AppState::new` + `serve`, on a multi-threaded runtime like `xiangqi serve`), or the binary
//! named by `XQ_LOAD_SERVER` run as `$XQ_LOAD_SERVER serve --db … --addr 127.0.0.1:0`. The
//! clients run here on `XQ_LOAD_CLIENT_THREADS` threads (default 1). Both share the machine, so
//! the figures include the clients' load; the CPU time of each side is reported apart.
//!
//! Every socket is a file descriptor on both sides: the bench raises its own limit (which the
//! server inherits) with `prlimit` when it can. When the limit cannot hold a connection per
//! player (a hard limit of 20,000 holds 10,000 games only so), the two players of a board share
//! one connection, each still moving with its own token (`XQ_LOAD_SHARED=1` asks for this);
//! the report says which.
//! Only 127.0.0.1 is contacted; the run stops by itself after `XQ_LOAD_SECS` (900).
//! `XQ_LOAD_DB` picks the database (default: a fresh SQLite file in the temp directory).

use std::{
    io::{BufRead, BufReader},
    process::{Child, Command, Stdio},
    sync::Arc,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::{
    io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
    sync::Semaphore,
};
use tokio_tungstenite::tungstenite::{Message, protocol::WebSocketConfig};
use xiangqi::{Color, Position, iccs::Iccs};

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The line both servers print once they listen: `xiangqi: serving http://ADDR/ …`.
const SERVING: &str = "serving http://";

/// This binary started as the server (`XQ_LOAD_ROLE=server`).
fn run_server(db: &str) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let store = xiangqi_store::Store::open(db).await.expect("database");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("loopback");
        let addr = listener.local_addr().expect("address");
        eprintln!("xiangqi: {SERVING}{addr}/ (load bench server)");
        xiangqi_server::serve(listener, xiangqi_server::AppState::new(store))
            .await
            .expect("serves");
    });
}

/// Raises the open-file limit of this process (and so of the server it starts) to `need`.
fn raise_fd_limit(need: u64) -> Result<(), String> {
    let current = fd_limit();
    if current.is_some_and(|c| c >= need) {
        return Ok(());
    }
    let status = Command::new("prlimit")
        .args([
            "--pid",
            &std::process::id().to_string(),
            &format!("--nofile={need}:{need}"),
        ])
        .stderr(Stdio::null())
        .status();
    match (status, fd_limit()) {
        (Ok(s), Some(now)) if s.success() && now >= need => Ok(()),
        _ => Err(format!(
            "{need} file descriptors are needed, the limit is {current:?} and prlimit could not \
             raise it: run `ulimit -n {need}` as a user allowed to, or lower XQ_LOAD_GAMES"
        )),
    }
}

/// The soft limit on open files, from `/proc/self/limits`.
fn fd_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// CPU seconds (user + system) of a process so far, from `/proc/PID/stat` (at 100 ticks/s).
fn cpu_secs(pid: &str) -> f64 {
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = text.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// A process's peak resident set (`VmHWM`) in MiB.
fn peak_rss_mib(pid: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(0.0, |kib| kib / 1024.0)
}

/// Starts the server and waits for its address.
fn start_server(db: &str) -> Result<(Child, std::net::SocketAddr), String> {
    let mut cmd = match std::env::var("XQ_LOAD_SERVER") {
        Ok(bin) => {
            let mut c = Command::new(bin);
            c.args(["serve", "--db", db, "--addr", "127.0.0.1:0"]);
            c
        }
        Err(_) => {
            let me = std::env::current_exe().map_err(|e| e.to_string())?;
            let mut c = Command::new(me);
            c.env("XQ_LOAD_ROLE", "server").env("XQ_LOAD_DB", db);
            c
        }
    };
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let stderr = child.stderr.take().ok_or("no stderr")?;
    let mut lines = BufReader::new(stderr).lines();
    let addr = loop {
        let Some(Ok(line)) = lines.next() else {
            let _ = child.kill();
            return Err("the server stopped before listening".into());
        };
        eprintln!("{line}");
        if let Some(rest) = line.split(SERVING).nth(1) {
            let addr = rest.split('/').next().unwrap_or_default();
            break addr.parse().map_err(|e| format!("address {addr:?}: {e}"))?;
        }
    };
    // Whatever else the server says goes to our stderr (and the pipe never fills).
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            eprintln!("server: {line}");
        }
    });
    Ok((child, addr))
}

/// A new game's id and tokens.
#[derive(Debug, Deserialize)]
struct Created {
    id: String,
    red_token: String,
    black_token: String,
}

/// Creates `count` games over one keep-alive HTTP/1.1 connection.
async fn create_games(
    addr: std::net::SocketAddr,
    count: u64,
    tc: &str,
) -> Result<Vec<Created>, String> {
    let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let mut stream = tokio::io::BufReader::new(stream);
    let body = format!(r#"{{"time_control":"{tc}"}}"#);
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut out = Vec::new();
    for _ in 0..count {
        stream
            .get_mut()
            .write_all(request.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        let mut length = None;
        let mut status = String::new();
        stream
            .read_line(&mut status)
            .await
            .map_err(|e| e.to_string())?;
        if !status.contains(" 201 ") {
            return Err(format!("create: {}", status.trim()));
        }
        loop {
            let mut line = String::new();
            stream
                .read_line(&mut line)
                .await
                .map_err(|e| e.to_string())?;
            let line = line.trim();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse::<usize>().ok();
                }
            }
        }
        let mut body = vec![0; length.ok_or("no Content-Length")?];
        stream
            .read_exact(&mut body)
            .await
            .map_err(|e| e.to_string())?;
        out.push(serde_json::from_slice(&body).map_err(|e| e.to_string())?);
    }
    Ok(out)
}

/// A move as the server sends it.
#[derive(Debug, Deserialize)]
struct MoveMsg {
    ply: u64,
    iccs: String,
}

/// The fields of a game the players read.
#[derive(Debug, Default, Deserialize)]
struct GameMsg {
    #[serde(default)]
    moves: Vec<MoveMsg>,
    status: Option<String>,
}

/// A server message: `state`, `update` or `error` (the rest of each is skipped unread).
#[derive(Debug, Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    game: Option<GameMsg>,
    #[serde(default)]
    moves: Vec<MoveMsg>,
    changes: Option<GameMsg>,
    message: Option<String>,
}

async fn read(ws: &mut Ws) -> Result<Msg, String> {
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

/// What a client knows of its game, kept from the messages.
struct Board {
    pos: Position,
    ply: u64,
    ended: bool,
}

impl Board {
    fn new() -> Board {
        Board {
            pos: Position::new(),
            ply: 0,
            ended: false,
        }
    }

    /// Takes in a message: the moves past the known ply, and the status.
    fn apply(&mut self, msg: Msg) -> Result<(), String> {
        let (moves, status) = match msg.kind.as_str() {
            "state" => {
                let g = msg.game.unwrap_or_default();
                (g.moves, g.status)
            }
            "update" => (msg.moves, msg.changes.and_then(|c| c.status)),
            _ => return Err(msg.message.unwrap_or(msg.kind)),
        };
        for m in moves {
            if m.ply != self.ply + 1 {
                continue;
            }
            let mv = m
                .iccs
                .parse::<Iccs>()
                .map_err(|e| e.to_string())?
                .to_move(&self.pos)
                .map_err(|e| format!("{}: {e}", m.iccs))?;
            self.pos.play_unchecked(mv);
            self.ply += 1;
        }
        if status.is_some_and(|s| s != "playing") {
            self.ended = true;
        }
        Ok(())
    }
}

/// A small deterministic generator (PCG's LCG step), one per player.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        if n == 0 { 0 } else { (self.0 >> 33) % n }
    }
}

/// The settings of a run.
#[derive(Debug, Clone, Copy)]
struct Plan {
    plies: u64,
    think_ms: u64,
    /// One connection per board for both players, instead of one per player.
    shared: bool,
}

/// A player's (or spectator's) end: round trips in microseconds, or an error.
struct Done {
    rtts: Vec<u32>,
    error: Option<String>,
    /// Kept open until every game is over.
    ws: Ws,
}

/// Plays the `sides` of a game it holds the tokens of (none for a spectator, both when the
/// two players share a connection) until `plan.plies` plies are played or the game ends.
async fn play(mut ws: Ws, sides: Vec<(Color, String)>, plan: Plan, seed: u64) -> Done {
    let mut rtts = Vec::new();
    let error = play_moves(&mut ws, &sides, plan, seed, &mut rtts)
        .await
        .err();
    Done { rtts, error, ws }
}

async fn play_moves(
    ws: &mut Ws,
    sides: &[(Color, String)],
    plan: Plan,
    seed: u64,
    rtts: &mut Vec<u32>,
) -> Result<(), String> {
    let mut rng = Lcg(seed);
    let mut board = Board::new();
    board.apply(read(ws).await?)?;
    while !board.ended && board.ply < plan.plies {
        let Some((_, token)) = sides.iter().find(|(c, _)| *c == board.pos.turn()) else {
            board.apply(read(ws).await?)?;
            continue;
        };
        let think = plan.think_ms / 2 + rng.below(plan.think_ms + 1);
        tokio::time::sleep(Duration::from_millis(think)).await;
        let moves = board.pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::try_from(rng.below(moves.len() as u64)).unwrap_or(0)];
        let ply = board.ply;
        let cmd = format!(
            r#"{{"type":"move","token":"{token}","move":"{}","ply":{ply}}}"#,
            Iccs::from_move(m)
        );
        let sent = Instant::now();
        ws.send(Message::Text(cmd.into()))
            .await
            .map_err(|e| e.to_string())?;
        while board.ply == ply && !board.ended {
            board.apply(read(ws).await?)?;
        }
        rtts.push(u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX));
    }
    Ok(())
}

/// Opens a game's live connection and reads its `state`.
async fn connect(addr: std::net::SocketAddr, id: &str) -> Result<Ws, String> {
    // tungstenite zeroes its whole read buffer on every read: keep it small, like the server.
    let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
    let url = format!("ws://{addr}/api/games/{id}/live");
    let (ws, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), false)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

fn main() {
    let games = env("XQ_LOAD_GAMES", 1000);
    let db_default = {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        std::env::temp_dir().join(format!("xq-load-{nanos}.db"))
    };
    let db = std::env::var("XQ_LOAD_DB").unwrap_or_else(|_| db_default.display().to_string());
    if std::env::var("XQ_LOAD_ROLE").is_ok_and(|r| r == "server") {
        run_server(&db);
        return;
    }
    let plan = Plan {
        plies: env("XQ_LOAD_PLIES", 20),
        think_ms: env("XQ_LOAD_THINK_MS", 3000),
        shared: false,
    };
    let spectators = env("XQ_LOAD_SPECTATORS", games / 10);
    let secs = env("XQ_LOAD_SECS", 900);
    let threads = usize::try_from(env("XQ_LOAD_CLIENT_THREADS", 1)).unwrap_or(1);
    let tc = std::env::var("XQ_LOAD_TC").unwrap_or_else(|_| "90m+30s".into());
    // A connection per player when the file descriptors allow it, else one per board shared
    // by its two players (`XQ_LOAD_SHARED=1` forces it).
    let spare = 1024;
    let shared =
        env("XQ_LOAD_SHARED", 0) == 1 || raise_fd_limit(2 * games + spectators + spare).is_err();
    if let Err(e) = raise_fd_limit(games + spectators + spare) {
        eprintln!("load: {e}");
        std::process::exit(2);
    }
    let plan = Plan { shared, ..plan };
    let (mut server, addr) = match start_server(&db) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let pid = server.id().to_string();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads.max(1))
        .enable_all()
        .build()
        .expect("runtime");
    let outcome = runtime.block_on(async {
        tokio::time::timeout(
            Duration::from_secs(secs),
            run(addr, games, spectators, plan, &tc, &pid),
        )
        .await
    });
    let rss = peak_rss_mib(&pid);
    let _ = server.kill();
    let _ = server.wait();
    if std::env::var("XQ_LOAD_DB").is_err() {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db_default.display()));
        }
    }
    let report = match outcome {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => {
            eprintln!("load: {e}");
            std::process::exit(1);
        }
        Err(_) => {
            eprintln!("load: stopped after {secs} s");
            std::process::exit(1);
        }
    };
    report.print(games, spectators, plan, &tc, threads, rss);
}

/// What a run measured.
struct Report {
    rtts: Vec<u32>,
    errors: Vec<String>,
    create: Duration,
    connect: Duration,
    play: Duration,
    server_cpu: f64,
    client_cpu: f64,
}

impl Report {
    fn print(
        mut self,
        games: u64,
        spectators: u64,
        plan: Plan,
        tc: &str,
        threads: usize,
        rss: f64,
    ) {
        self.rtts.sort_unstable();
        let rtts = &self.rtts;
        let pct = |p: f64| {
            rtts.get(((rtts.len() as f64 - 1.0) * p).round() as usize)
                .map_or(0.0, |us| f64::from(*us) / 1000.0)
        };
        let play = self.play.as_secs_f64();
        println!(
            "{games} concurrent games ({tc}), {} connections ({}, {spectators} spectators), \
             {} plies/game, think {} ms ±50 %, client threads {threads}",
            if plan.shared { games } else { 2 * games } + spectators,
            if plan.shared {
                "one per board for both players"
            } else {
                "one per player"
            },
            plan.plies,
            plan.think_ms
        );
        println!(
            "created in {:.1} s, connected in {:.1} s, played in {:.1} s",
            self.create.as_secs_f64(),
            self.connect.as_secs_f64(),
            play
        );
        println!(
            "moves {} ({:.0} moves/s), errors {}",
            rtts.len(),
            rtts.len() as f64 / play,
            self.errors.len()
        );
        println!(
            "move round trip ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  p99.9 {:.2}  max {:.2}",
            pct(0.5),
            pct(0.9),
            pct(0.99),
            pct(0.999),
            pct(1.0)
        );
        println!(
            "play phase CPU s: server {:.1} ({:.0} % of one core), clients {:.1}; \
             server peak RSS {rss:.0} MiB",
            self.server_cpu,
            100.0 * self.server_cpu / play,
            self.client_cpu
        );
        if let Some(e) = self.errors.first() {
            println!("first error: {e}");
        }
    }
}

async fn run(
    addr: std::net::SocketAddr,
    games: u64,
    spectators: u64,
    plan: Plan,
    tc: &str,
    pid: &str,
) -> Result<Report, String> {
    // Phase 1: every game, its clock running from creation.
    let started = Instant::now();
    let lanes = 8.min(games.max(1));
    let mut creators = Vec::new();
    for lane in 0..lanes {
        let count = games / lanes + u64::from(lane < games % lanes);
        let tc = tc.to_owned();
        creators.push(tokio::spawn(
            async move { create_games(addr, count, &tc).await },
        ));
    }
    let mut created = Vec::new();
    for c in creators {
        created.extend(c.await.map_err(|e| e.to_string())??);
    }
    let create = started.elapsed();

    // Phase 2: every connection, each with its `state` read.
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(64));
    let mut opening = Vec::new();
    let seats: &[&[Color]] = if plan.shared {
        &[&[Color::Red, Color::Black]]
    } else {
        &[&[Color::Red], &[Color::Black]]
    };
    let players = (0..games).flat_map(|g| seats.iter().map(move |s| (g, *s)));
    let watchers = (0..spectators).map(|s| (s % games.max(1), &[][..]));
    for (g, colors) in players.chain(watchers) {
        let Some(game) = created.get(usize::try_from(g).unwrap_or(usize::MAX)) else {
            continue;
        };
        let id = game.id.clone();
        let sides: Vec<(Color, String)> = colors
            .iter()
            .map(|c| match c {
                Color::Red => (*c, game.red_token.clone()),
                Color::Black => (*c, game.black_token.clone()),
            })
            .collect();
        let gate = Arc::clone(&gate);
        opening.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.map_err(|e| e.to_string())?;
            let ws = connect(addr, &id).await?;
            Ok::<_, String>((ws, sides, g))
        }));
    }
    let mut open = Vec::with_capacity(opening.len());
    for o in opening {
        open.push(o.await.map_err(|e| e.to_string())??);
    }
    let connect = started.elapsed();

    // Phase 3: all games at once.
    let (server0, client0) = (cpu_secs(pid), cpu_secs("self"));
    let started = Instant::now();
    let mut playing = Vec::with_capacity(open.len());
    for (n, (ws, sides, g)) in open.into_iter().enumerate() {
        let seed = g.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(n as u64);
        playing.push(tokio::spawn(play(ws, sides, plan, seed)));
    }
    let mut rtts = Vec::new();
    let mut errors = Vec::new();
    let mut sockets = Vec::with_capacity(playing.len());
    for p in playing {
        let done = p.await.map_err(|e| e.to_string())?;
        rtts.extend(done.rtts);
        errors.extend(done.error);
        sockets.push(done.ws);
    }
    let play = started.elapsed();
    let (server_cpu, client_cpu) = (cpu_secs(pid) - server0, cpu_secs("self") - client0);
    drop(sockets);
    Ok(Report {
        rtts,
        errors,
        create,
        connect,
        play,
        server_cpu,
        client_cpu,
    })
}
