//! Load benchmark (not a test): N timed games live at once, each played over WebSocket on
//! loopback by two players (and watched by some spectators), on one server or on several
//! replicas of it over one PostgreSQL, reporting the move round trip (from the mover's send
//! until the mover sees the server's `update` carrying its move), the lag until a spectator
//! sees the move, the appends per second at the store, and whether the store holds exactly
//! the moves the players were told of.
//!
//! ```text
//! XQ_LOAD_GAMES=10000 XQ_LOAD_PLIES=20 XQ_LOAD_THINK_MS=3000 \
//!     cargo bench -p xiangqi-server --bench load
//! XQ_LOAD_DB=postgres://… XQ_LOAD_REPLICAS=2 XQ_LOAD_KILL_AFTER_S=30 \
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
//! `XQ_LOAD_REPLICAS=N` (default 1) starts N servers on the one database (PostgreSQL for more
//! than one): game g is created on replica g mod N, its Red player connects to replica g mod N
//! and its Black player to replica g+1 mod N (another one whenever N > 1), and spectator s to
//! replica s mod N, so that every move crosses replicas (through LISTEN/NOTIFY) to reach the
//! opponent or some spectators. The cross-replica lag is from the mover's send until a
//! spectator on another replica than the mover's sees the move; the same lag on the mover's
//! own replica is reported beside it. When the two players of a board share one connection
//! (on replica g mod N, see below), the spectators above sit on their movers' replicas: so
//! `XQ_LOAD_CROSS_SPECTATORS` more (default one per ten games, at most 1,000; none for one
//! replica), spread evenly over the games, each watch game g from replica g+1 mod N (g+2 mod N
//! when the players have a connection each and there are three replicas or more), so that
//! the cross-replica lag is measured at any size. `XQ_LOAD_KILL_AFTER_S=T` kills the last replica with
//! SIGKILL T seconds into the play phase: its clients reconnect to the next replica that
//! answers, read the game's `state` and play on (a move in flight at the kill counts as
//! acknowledged if the state shows it; the moves so interrupted are counted apart from the
//! round trips).
//!
//! After the run every game is read back from a live replica and checked: its stored moves
//! must be exactly the longest sequence any of its clients was told of, every client's
//! sequence a prefix of it; each clock must have counted its side's moves, no flag may have
//! fallen, and neither side may have been charged more than the run's wall time. Any
//! difference is an error of the run.
//!
//! The servers run in their own processes: by default this bench binary started again as a
//! server (`AppState::new` + `serve`, on a multi-threaded runtime like `xiangqi serve`), or the
//! binary named by `XQ_LOAD_SERVER` run as `$XQ_LOAD_SERVER serve --db … --addr 127.0.0.1:0`.
//! The clients run here on `XQ_LOAD_CLIENT_THREADS` threads (default 1). All share the machine,
//! so the figures include the clients' load; the CPU time of each side is reported apart.
//!
//! Every socket is a file descriptor on both sides: the bench raises its own limit (which the
//! servers inherit) with `prlimit` when it can. When the limit cannot hold a connection per
//! player (a hard limit of 20,000 holds 10,000 games only so), the two players of a board share
//! one connection, each still moving with its own token (`XQ_LOAD_SHARED=1` asks for this);
//! the report says which.
//! Only 127.0.0.1 is contacted; the run stops by itself after `XQ_LOAD_SECS` (900).
//! `XQ_LOAD_DB` picks the database (default: a fresh SQLite file in the temp directory).
//! `XQ_LOAD_SQLITE_SYNC=normal` opens SQLite with `synchronous = NORMAL` (`xiangqi serve
//! --sqlite-sync normal`: a commit is not flushed to the disk, so an acknowledged move survives
//! a crash of the server but not of the OS or the power) instead of `full`, the default; it is
//! refused with PostgreSQL.

use std::{
    collections::HashMap,
    io::{BufRead, BufReader},
    net::SocketAddr,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
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
use xiangqi_store::SqliteSync;

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

/// SQLite's flush mode, from `XQ_LOAD_SQLITE_SYNC` (default `full`).
fn sqlite_sync() -> Result<SqliteSync, String> {
    match std::env::var("XQ_LOAD_SQLITE_SYNC") {
        Ok(v) => v.parse().map_err(|e| format!("XQ_LOAD_SQLITE_SYNC: {e}")),
        Err(_) => Ok(SqliteSync::default()),
    }
}

/// This binary started as the server (`XQ_LOAD_ROLE=server`).
fn run_server(db: &str, sync: SqliteSync) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let store = xiangqi_store::Store::open_with(db, sync)
            .await
            .expect("database");
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

/// A server process of the run.
struct Replica {
    child: Child,
    addr: SocketAddr,
    pid: String,
}

/// Starts a server (SQLite's commits flushed as `sync` says) and waits for its address; `n`
/// names it in what it logs.
fn start_server(db: &str, sync: SqliteSync, n: usize) -> Result<Replica, String> {
    let mut cmd = match std::env::var("XQ_LOAD_SERVER") {
        Ok(bin) => {
            let mut c = Command::new(bin);
            c.args(["serve", "--db", db, "--addr", "127.0.0.1:0"]);
            if sync != SqliteSync::default() {
                // Not passed for the default, so that a binary older than the option still runs.
                c.args(["--sqlite-sync", sync.as_str()]);
            }
            c
        }
        Err(_) => {
            let me = std::env::current_exe().map_err(|e| e.to_string())?;
            let mut c = Command::new(me);
            c.env("XQ_LOAD_ROLE", "server")
                .env("XQ_LOAD_DB", db)
                .env("XQ_LOAD_SQLITE_SYNC", sync.as_str());
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
        eprintln!("replica {n}: {line}");
        if let Some(rest) = line.split(SERVING).nth(1) {
            let addr = rest.split('/').next().unwrap_or_default();
            break addr.parse().map_err(|e| format!("address {addr:?}: {e}"))?;
        }
    };
    // Whatever else the server says goes to our stderr (and the pipe never fills).
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            eprintln!("replica {n}: {line}");
        }
    });
    let pid = child.id().to_string();
    Ok(Replica { child, addr, pid })
}

/// A new game's id and tokens.
#[derive(Debug, Deserialize)]
struct Created {
    id: String,
    red_token: String,
    black_token: String,
}

/// One keep-alive HTTP/1.1 connection, for the requests around the play phase.
struct Http {
    addr: SocketAddr,
    stream: tokio::io::BufReader<TcpStream>,
}

impl Http {
    async fn connect(addr: SocketAddr) -> Result<Http, String> {
        let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        Ok(Http {
            addr,
            stream: tokio::io::BufReader::new(stream),
        })
    }

    /// A request; the status and the body.
    async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: &str,
    ) -> Result<(u16, Vec<u8>), String> {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        let io = |e: std::io::Error| e.to_string();
        self.stream
            .get_mut()
            .write_all(request.as_bytes())
            .await
            .map_err(io)?;
        let mut status = String::new();
        self.stream.read_line(&mut status).await.map_err(io)?;
        let code = status
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| format!("status line {:?}", status.trim()))?;
        let mut length = None;
        loop {
            let mut line = String::new();
            self.stream.read_line(&mut line).await.map_err(io)?;
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
        self.stream.read_exact(&mut body).await.map_err(io)?;
        Ok((code, body))
    }
}

/// Creates `count` games over one keep-alive HTTP/1.1 connection.
async fn create_games(addr: SocketAddr, count: u64, tc: &str) -> Result<Vec<Created>, String> {
    let mut http = Http::connect(addr).await?;
    let body = format!(r#"{{"time_control":"{tc}"}}"#);
    let mut out = Vec::new();
    for _ in 0..count {
        let (status, body) = http.request("POST", "/api/games", &body).await?;
        if status != 201 {
            return Err(format!(
                "create: {status} {}",
                String::from_utf8_lossy(&body)
            ));
        }
        out.push(serde_json::from_slice(&body).map_err(|e| e.to_string())?);
    }
    Ok(out)
}

/// The appends a replica has made so far (its `/metrics`), if it answers.
async fn appends_of(addr: SocketAddr) -> Option<u64> {
    let mut http = Http::connect(addr).await.ok()?;
    let (_, body) = http.request("GET", "/metrics", "").await.ok()?;
    String::from_utf8_lossy(&body).lines().find_map(|l| {
        l.strip_prefix("xiangqi_store_append_duration_seconds_count ")?
            .trim()
            .parse()
            .ok()
    })
}

/// A move as the server sends it.
#[derive(Debug, Deserialize)]
struct MoveMsg {
    ply: u64,
    iccs: String,
}

/// One side's clock as the server shows it.
#[derive(Debug, Deserialize)]
struct SideClock {
    remaining_ms: u64,
    used_ms: u64,
    moves: u64,
}

/// The clocks as the server shows them.
#[derive(Debug, Deserialize)]
struct Clocks {
    red: SideClock,
    black: SideClock,
    flag: Option<serde_json::Value>,
}

/// The fields of a game the players read.
#[derive(Debug, Default, Deserialize)]
struct GameMsg {
    #[serde(default)]
    moves: Vec<MoveMsg>,
    status: Option<String>,
    clocks: Option<Clocks>,
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

/// How long a client waits for a message before it gives up on the run.
const SILENCE: Duration = Duration::from_secs(60);

async fn read(ws: &mut Ws) -> Result<Msg, String> {
    loop {
        let next = tokio::time::timeout(SILENCE, ws.next())
            .await
            .map_err(|_| format!("no message for {} s", SILENCE.as_secs()))?;
        match next {
            Some(Ok(Message::Text(t))) => {
                return serde_json::from_str(t.as_str()).map_err(|e| e.to_string());
            }
            Some(Ok(Message::Close(_))) | None => return Err("closed".into()),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.to_string()),
        }
    }
}

/// What a client knows of its game, kept from the messages.
struct Board {
    pos: Position,
    ply: u64,
    ended: bool,
    /// The moves told so far, in ICCS.
    history: Vec<String>,
}

/// A fault of the store or the server, as opposed to a lost connection: the run fails.
#[derive(Debug)]
enum Fault {
    /// The connection failed: the client may reconnect.
    Connection(String),
    /// The replica's copy of the game is behind what the client was told (its `state` shows
    /// fewer moves, or it refused a move as out of date): it has not yet heard of the last
    /// append, made on a replica since killed. The client reads the state again a moment later.
    Stale(String),
    /// The server said something wrong.
    Wrong(String),
}

impl Board {
    fn new() -> Board {
        Board {
            pos: Position::new(),
            ply: 0,
            ended: false,
            history: Vec::new(),
        }
    }

    /// Takes in a message: the moves past the known ply, and the status. A `state` must agree
    /// with every move told before. Returns the plies newly known.
    fn apply(&mut self, msg: Msg) -> Result<std::ops::Range<u64>, Fault> {
        let before = self.ply;
        let (moves, status) = match msg.kind.as_str() {
            "state" => {
                let g = msg.game.unwrap_or_default();
                let told = usize::try_from(self.ply).unwrap_or(usize::MAX);
                if g.moves.len() < told {
                    return Err(Fault::Stale(format!(
                        "the state has {} moves, {told} were told before",
                        g.moves.len()
                    )));
                }
                for (m, h) in g.moves.iter().zip(&self.history) {
                    if m.iccs != *h {
                        return Err(Fault::Wrong(format!(
                            "ply {} is {} in the state, {h} was told before",
                            m.ply, m.iccs
                        )));
                    }
                }
                (g.moves, g.status)
            }
            "update" => (msg.moves, msg.changes.and_then(|c| c.status)),
            _ => return Err(Fault::Stale(msg.message.unwrap_or(msg.kind))),
        };
        for m in moves {
            if m.ply != self.ply + 1 {
                continue;
            }
            let mv = m
                .iccs
                .parse::<Iccs>()
                .map_err(|e| Fault::Wrong(e.to_string()))?
                .to_move(&self.pos)
                .map_err(|e| Fault::Wrong(format!("{}: {e}", m.iccs)))?;
            self.pos.play_unchecked(mv);
            self.ply += 1;
            self.history.push(m.iccs);
        }
        if status.is_some_and(|s| s != "playing") {
            self.ended = true;
        }
        Ok(before + 1..self.ply + 1)
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

/// The replica a cross-replica spectator of game `g` watches from, of `n`: one that none of
/// the game's movers is connected to when there is one (both players on g mod n when they
/// share a connection, Red on g mod n and Black on g+1 mod n when not), else Red's, so that
/// Black's moves cross.
fn cross_replica(g: u64, n: usize, shared: bool) -> usize {
    let n = n.max(1);
    let g = usize::try_from(g).unwrap_or(0) % n;
    if shared || n < 3 {
        (g + 1) % n
    } else {
        (g + 2) % n
    }
}

/// The games `count` cross-replica spectators watch, spread evenly over `games`.
fn cross_games(games: u64, count: u64) -> impl Iterator<Item = u64> {
    (0..count.min(games)).map(move |k| k * games / count.max(1))
}

/// The settings of a run.
#[derive(Debug, Clone, Copy)]
struct Plan {
    plies: u64,
    think_ms: u64,
    /// One connection per board for both players, instead of one per player.
    shared: bool,
}

/// When each move of a game was sent, and from which replica: what a spectator's lag is
/// measured from.
#[derive(Default)]
struct Sends {
    at: Mutex<HashMap<u64, (Instant, usize)>>,
}

/// What every client shares: the replicas' addresses and the moves' send times per game.
struct Shared {
    addrs: Vec<SocketAddr>,
    sends: Vec<Sends>,
}

/// A client's place: its game, its sides (none for a spectator, both when the two players
/// share a connection), and the replica it is connected to.
struct Seat {
    game: usize,
    id: String,
    sides: Vec<(Color, String)>,
    replica: usize,
}

/// A client's end.
struct Done {
    /// The mover's round trips, µs.
    rtts: Vec<u32>,
    /// A spectator's lags for moves sent on another replica, µs.
    cross: Vec<u32>,
    /// A spectator's lags for moves sent on its own replica, µs.
    same: Vec<u32>,
    /// Moves whose answer a lost connection interrupted (acknowledged after reconnecting).
    interrupted: u32,
    reconnects: u32,
    /// States read again because the replica's copy was behind.
    resyncs: u32,
    error: Option<String>,
    game: usize,
    /// The moves the client was told of.
    history: Vec<String>,
    /// Kept open until every game is over.
    ws: Option<Ws>,
}

/// Plays (or watches) a game until `plan.plies` plies are played or the game ends,
/// reconnecting to another replica when its connection fails.
async fn play(ws: Ws, mut seat: Seat, shared: Arc<Shared>, plan: Plan, seed: u64) -> Done {
    let mut done = Done {
        rtts: Vec::new(),
        cross: Vec::new(),
        same: Vec::new(),
        interrupted: 0,
        reconnects: 0,
        resyncs: 0,
        error: None,
        game: seat.game,
        history: Vec::new(),
        ws: None,
    };
    let mut rng = Lcg(seed);
    let mut board = Board::new();
    let mut ws = Some(ws);
    // The move waiting for its answer when the connection failed: its ply and send time.
    let mut in_flight = None;
    loop {
        let Some(mut socket) = ws.take() else {
            match reconnect(&shared, &mut seat).await {
                Ok(s) => {
                    done.reconnects += 1;
                    ws = Some(s);
                    continue;
                }
                Err(e) => {
                    done.error = Some(e);
                    break;
                }
            }
        };
        let result = play_on(
            &mut socket,
            &seat,
            &shared,
            plan,
            &mut rng,
            &mut board,
            &mut done,
            &mut in_flight,
        )
        .await;
        match result {
            Ok(()) => {
                done.ws = Some(socket);
                break;
            }
            Err(Fault::Connection(_)) if done.reconnects < 50 => {}
            Err(Fault::Stale(_)) if done.resyncs < 50 => {
                done.resyncs += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(Fault::Connection(e) | Fault::Stale(e) | Fault::Wrong(e)) => {
                done.error = Some(format!("game {}: {e}", seat.id));
                break;
            }
        }
    }
    done.history = board.history;
    done
}

/// Connects to the next replica that answers, after the one that failed.
async fn reconnect(shared: &Shared, seat: &mut Seat) -> Result<Ws, String> {
    let n = shared.addrs.len();
    let mut last = String::new();
    for attempt in 0..3 * n {
        let r = (seat.replica + 1 + attempt) % n;
        match connect(shared.addrs[r], &seat.id).await {
            Ok(ws) => {
                seat.replica = r;
                return Ok(ws);
            }
            Err(e) => last = e,
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("game {}: no replica answers: {last}", seat.id))
}

/// Plays on one connection, from its `state`.
#[allow(clippy::too_many_arguments)]
async fn play_on(
    ws: &mut Ws,
    seat: &Seat,
    shared: &Shared,
    plan: Plan,
    rng: &mut Lcg,
    board: &mut Board,
    done: &mut Done,
    in_flight: &mut Option<(u64, Instant)>,
) -> Result<(), Fault> {
    let lost = Fault::Connection;
    let state = read(ws).await.map_err(lost)?;
    board.apply(state)?;
    if let Some((ply, _)) = in_flight.take() {
        if board.ply > ply {
            // Stored before the connection failed: acknowledged now.
            done.interrupted += 1;
        }
    }
    let sends = &shared.sends[seat.game];
    while !board.ended && board.ply < plan.plies {
        let Some((_, token)) = seat.sides.iter().find(|(c, _)| *c == board.pos.turn()) else {
            let msg = read(ws).await.map_err(lost)?;
            let live = msg.kind == "update";
            let plies = board.apply(msg)?;
            if live && seat.sides.is_empty() {
                let now = Instant::now();
                let at = sends.at.lock().unwrap_or_else(|p| p.into_inner());
                for ply in plies {
                    if let Some((sent, from)) = at.get(&ply) {
                        let lag = u32::try_from(now.duration_since(*sent).as_micros())
                            .unwrap_or(u32::MAX);
                        if *from == seat.replica {
                            done.same.push(lag);
                        } else {
                            done.cross.push(lag);
                        }
                    }
                }
            }
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
        sends
            .at
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(ply + 1, (sent, seat.replica));
        *in_flight = Some((ply, sent));
        ws.send(Message::Text(cmd.into()))
            .await
            .map_err(|e| lost(e.to_string()))?;
        while board.ply == ply && !board.ended {
            board.apply(read(ws).await.map_err(lost)?)?;
        }
        *in_flight = None;
        done.rtts
            .push(u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX));
    }
    Ok(())
}

/// Opens a game's live connection.
async fn connect(addr: SocketAddr, id: &str) -> Result<Ws, String> {
    // tungstenite zeroes its whole read buffer on every read: keep it small, like the server.
    let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
    let url = format!("ws://{addr}/api/games/{id}/live");
    let (ws, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), false)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// The allocator of the `xiangqi` binary, so the server measured here is the one users run.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    let sync = sqlite_sync().unwrap_or_else(|e| {
        eprintln!("load: {e}");
        std::process::exit(2);
    });
    if std::env::var("XQ_LOAD_ROLE").is_ok_and(|r| r == "server") {
        run_server(&db, sync);
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
    let replicas = usize::try_from(env("XQ_LOAD_REPLICAS", 1).max(1)).unwrap_or(1);
    let kill_after = std::env::var("XQ_LOAD_KILL_AFTER_S")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(Duration::from_secs);
    let cross = if replicas > 1 {
        env("XQ_LOAD_CROSS_SPECTATORS", (games / 10).clamp(1, 1000)).min(games)
    } else {
        0
    };
    let postgres = db.starts_with("postgres");
    if replicas > 1 && !postgres {
        eprintln!("load: XQ_LOAD_REPLICAS > 1 needs XQ_LOAD_DB=postgres://…");
        std::process::exit(2);
    }
    if postgres && sync != SqliteSync::default() {
        eprintln!("load: XQ_LOAD_SQLITE_SYNC={sync} needs an SQLite XQ_LOAD_DB");
        std::process::exit(2);
    }
    if kill_after.is_some() && replicas < 2 {
        eprintln!("load: XQ_LOAD_KILL_AFTER_S needs XQ_LOAD_REPLICAS of 2 or more");
        std::process::exit(2);
    }
    // A connection per player when the file descriptors allow it, else one per board shared
    // by its two players (`XQ_LOAD_SHARED=1` forces it).
    let spare = 1024;
    let watchers = spectators + cross;
    let shared =
        env("XQ_LOAD_SHARED", 0) == 1 || raise_fd_limit(2 * games + watchers + spare).is_err();
    if let Err(e) = raise_fd_limit(games + watchers + spare) {
        eprintln!("load: {e}");
        std::process::exit(2);
    }
    let plan = Plan { shared, ..plan };
    let mut servers = Vec::with_capacity(replicas);
    for n in 0..replicas {
        match start_server(&db, sync, n) {
            Ok(s) => servers.push(s),
            Err(e) => {
                eprintln!("load: {e}");
                for mut s in servers {
                    let _ = s.child.kill();
                }
                std::process::exit(2);
            }
        }
    }
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.addr).collect();
    let pids: Vec<String> = servers.iter().map(|s| s.pid.clone()).collect();
    // The last replica is the one killed.
    let victim = kill_after.map(|after| (after, servers.last().map_or(0, |s| s.child.id())));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads.max(1))
        .enable_all()
        .build()
        .expect("runtime");
    let setup = Setup {
        addrs,
        pids: pids.clone(),
        games,
        spectators,
        cross,
        plan,
        tc: tc.clone(),
        victim,
    };
    let outcome = runtime
        .block_on(async { tokio::time::timeout(Duration::from_secs(secs), run(setup)).await });
    let rss: Vec<f64> = pids.iter().map(|p| peak_rss_mib(p)).collect();
    for mut s in servers {
        let _ = s.child.kill();
        let _ = s.child.wait();
    }
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
    let store = if postgres {
        "postgres".to_owned()
    } else {
        format!("sqlite (synchronous = {sync})")
    };
    report.print(
        games,
        (spectators, cross),
        plan,
        &tc,
        threads,
        &rss,
        &store,
        kill_after,
    );
    if !report.errors.is_empty() {
        std::process::exit(1);
    }
}

/// What a run is given.
struct Setup {
    addrs: Vec<SocketAddr>,
    pids: Vec<String>,
    games: u64,
    spectators: u64,
    /// Spectators each on a replica none (or only one) of its game's movers is on.
    cross: u64,
    plan: Plan,
    tc: String,
    /// When to kill which process.
    victim: Option<(Duration, u32)>,
}

/// What a run measured.
struct Report {
    rtts: Vec<u32>,
    cross: Vec<u32>,
    same: Vec<u32>,
    errors: Vec<String>,
    interrupted: u32,
    reconnects: u32,
    resyncs: u32,
    /// Appends counted by the replicas alive at the end, during the play phase.
    appends: Option<u64>,
    /// Moves stored by the games, read back after the run.
    stored: u64,
    replicas: usize,
    create: Duration,
    connect: Duration,
    play: Duration,
    server_cpu: f64,
    client_cpu: f64,
}

/// The `p` quantile of sorted µs, in ms.
fn quantile(sorted: &[u32], p: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 - 1.0) * p).round() as usize)
        .map_or(0.0, |us| f64::from(*us) / 1000.0)
}

impl Report {
    #[allow(clippy::too_many_arguments)]
    fn print(
        &self,
        games: u64,
        (spectators, cross): (u64, u64),
        plan: Plan,
        tc: &str,
        threads: usize,
        rss: &[f64],
        store: &str,
        kill_after: Option<Duration>,
    ) {
        let mut rtts = self.rtts.clone();
        rtts.sort_unstable();
        let play = self.play.as_secs_f64();
        println!(
            "{games} concurrent games ({tc}), {} connections ({}, {spectators} spectators, \
             {cross} more on another replica than their game's movers), {} plies/game, think \
             {} ms ±50 %, client threads {threads}",
            if plan.shared { games } else { 2 * games } + spectators + cross,
            if plan.shared {
                "one per board for both players"
            } else {
                "one per player"
            },
            plan.plies,
            plan.think_ms
        );
        println!(
            "store {store}, {} replica(s){}",
            self.replicas,
            kill_after.map_or(String::new(), |k| format!(
                ", the last killed (SIGKILL) {} s into play",
                k.as_secs()
            ))
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
            quantile(&rtts, 0.5),
            quantile(&rtts, 0.9),
            quantile(&rtts, 0.99),
            quantile(&rtts, 0.999),
            quantile(&rtts, 1.0)
        );
        for (name, lags) in [
            ("cross-replica lag", &self.cross),
            ("same-replica lag", &self.same),
        ] {
            let mut lags = lags.clone();
            lags.sort_unstable();
            if lags.is_empty() {
                continue;
            }
            println!(
                "{name} ms (mover's send → a spectator sees it; {} samples): p50 {:.2}  \
                 p90 {:.2}  p99 {:.2}  max {:.2}",
                lags.len(),
                quantile(&lags, 0.5),
                quantile(&lags, 0.9),
                quantile(&lags, 0.99),
                quantile(&lags, 1.0)
            );
        }
        println!(
            "store: {} moves stored ({:.0}/s over the play phase); appends counted by the \
             live replicas: {}",
            self.stored,
            self.stored as f64 / play,
            self.appends.map_or("n/a".to_owned(), |a| format!(
                "{a} ({:.0} appends/s)",
                a as f64 / play
            ))
        );
        if self.reconnects + self.resyncs > 0 || kill_after.is_some() {
            println!(
                "reconnects {}, moves whose answer the kill interrupted {} (acknowledged after \
                 reconnecting, not in the round trips), states read again because a replica's \
                 copy was behind {}",
                self.reconnects, self.interrupted, self.resyncs
            );
        }
        println!(
            "checked after the run: every game's stored moves equal what its clients were \
             told, clocks counted each move, no flag fell: {}",
            if self.errors.is_empty() {
                "ok"
            } else {
                "FAILED"
            }
        );
        let rss: Vec<String> = rss.iter().map(|r| format!("{r:.0}")).collect();
        println!(
            "play phase CPU s: servers {:.1} ({:.0} % of one core), clients {:.1}; \
             servers' peak RSS {} MiB",
            self.server_cpu,
            100.0 * self.server_cpu / play,
            self.client_cpu,
            rss.join(" + ")
        );
        for e in self.errors.iter().take(5) {
            println!("error: {e}");
        }
    }
}

async fn run(setup: Setup) -> Result<Report, String> {
    let Setup {
        addrs,
        pids,
        games,
        spectators,
        cross,
        plan,
        tc,
        victim,
    } = setup;
    let n = addrs.len();
    // Phase 1: every game, its clock running from creation; game g on replica g mod n.
    let started = Instant::now();
    let origin = started;
    let lanes = (8 / n.max(1)).max(1) * n;
    let mut creators = Vec::new();
    for lane in 0..lanes {
        let lanes = lanes as u64;
        let count = games / lanes + u64::from((lane as u64) < games % lanes);
        let (tc, addr) = (tc.clone(), addrs[lane % n]);
        creators.push(tokio::spawn(
            async move { create_games(addr, count, &tc).await },
        ));
    }
    let mut by_lane = Vec::new();
    for c in creators {
        by_lane.push(c.await.map_err(|e| e.to_string())??.into_iter());
    }
    // Game g is the lane's next, lane by lane: so game g was created on replica g mod n.
    let mut created = Vec::with_capacity(usize::try_from(games).unwrap_or(0));
    'deal: loop {
        let mut any = false;
        for lane in &mut by_lane {
            if let Some(c) = lane.next() {
                created.push(c);
                any = true;
            }
        }
        if !any {
            break 'deal;
        }
    }
    let create = started.elapsed();

    // Phase 2: every connection, each with its `state` read.
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(64));
    let mut opening = Vec::new();
    let seats: &[(&[Color], usize)] = if plan.shared {
        &[(&[Color::Red, Color::Black], 0)]
    } else {
        &[(&[Color::Red], 0), (&[Color::Black], 1)]
    };
    let players =
        (0..games).flat_map(|g| seats.iter().map(move |(s, off)| (g, *s, g as usize + off)));
    let watchers = (0..spectators).map(|s| (s % games.max(1), &[][..], s as usize));
    let crossing =
        cross_games(games, cross).map(|g| (g, &[][..], cross_replica(g, n, plan.shared)));
    for (g, colors, replica) in players.chain(watchers).chain(crossing) {
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
        let seat = Seat {
            game: usize::try_from(g).unwrap_or(0),
            id,
            sides,
            replica: replica % n,
        };
        let gate = Arc::clone(&gate);
        let addr = addrs[seat.replica];
        opening.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.map_err(|e| e.to_string())?;
            let ws = connect(addr, &seat.id).await?;
            Ok::<_, String>((ws, seat))
        }));
    }
    let mut open = Vec::with_capacity(opening.len());
    for o in opening {
        open.push(o.await.map_err(|e| e.to_string())??);
    }
    let connect = started.elapsed();

    // Phase 3: all games at once.
    let shared = Arc::new(Shared {
        addrs: addrs.clone(),
        sends: (0..games).map(|_| Sends::default()).collect(),
    });
    let mut appends0 = Vec::with_capacity(n);
    for a in &addrs {
        appends0.push(appends_of(*a).await);
    }
    let cpu = |pids: &[String]| pids.iter().map(|p| cpu_secs(p)).sum::<f64>();
    let (server0, client0) = (cpu(&pids), cpu_secs("self"));
    let started = Instant::now();
    let mut cpu_at_kill = None;
    let killer = victim.map(|(after, pid)| {
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            let before = cpu_secs(&pid.to_string());
            // SIGKILL: no goodbye, no flush, like a machine that dies.
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            eprintln!(
                "load: killed replica (pid {pid}) {} s into play",
                after.as_secs()
            );
            before
        })
    });
    let mut playing = Vec::with_capacity(open.len());
    for (k, (ws, seat)) in open.into_iter().enumerate() {
        let seed = (seat.game as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(k as u64);
        playing.push(tokio::spawn(play(
            ws,
            seat,
            Arc::clone(&shared),
            plan,
            seed,
        )));
    }
    let mut report = Report {
        rtts: Vec::new(),
        cross: Vec::new(),
        same: Vec::new(),
        errors: Vec::new(),
        interrupted: 0,
        reconnects: 0,
        resyncs: 0,
        appends: None,
        stored: 0,
        replicas: n,
        create,
        connect,
        play: Duration::ZERO,
        server_cpu: 0.0,
        client_cpu: 0.0,
    };
    let mut histories: Vec<Vec<Vec<String>>> = (0..games).map(|_| Vec::new()).collect();
    let mut sockets = Vec::with_capacity(playing.len());
    for p in playing {
        let done = p.await.map_err(|e| e.to_string())?;
        report.rtts.extend(done.rtts);
        report.cross.extend(done.cross);
        report.same.extend(done.same);
        report.interrupted += done.interrupted;
        report.reconnects += done.reconnects;
        report.resyncs += done.resyncs;
        report.errors.extend(done.error);
        histories[done.game].push(done.history);
        sockets.extend(done.ws);
    }
    report.play = started.elapsed();
    if let Some(k) = killer {
        cpu_at_kill = k.await.ok();
    }
    // A killed server's CPU counts until its death.
    let victim_pid = victim.map(|(_, pid)| pid.to_string());
    let alive: Vec<(usize, &String)> = pids
        .iter()
        .enumerate()
        .filter(|(_, p)| Some(*p) != victim_pid.as_ref())
        .collect();
    let alive_pids: Vec<String> = alive.iter().map(|(_, p)| (*p).clone()).collect();
    report.server_cpu = cpu(&alive_pids) + cpu_at_kill.unwrap_or(0.0) - server0;
    report.client_cpu = cpu_secs("self") - client0;
    let mut appends = 0;
    let mut counted = false;
    for (r, _) in &alive {
        if let (Some(Some(before)), Some(after)) = (appends0.get(*r), appends_of(addrs[*r]).await) {
            appends += after.saturating_sub(*before);
            counted = true;
        }
    }
    report.appends = counted.then_some(appends);
    drop(sockets);

    // The check: every game read back from a live replica.
    let reader = alive.first().map_or(addrs[0], |(r, _)| addrs[*r]);
    let mut http = Http::connect(reader).await?;
    for (game, told) in created.iter().zip(&histories) {
        let (status, body) = http
            .request("GET", &format!("/api/games/{}", game.id), "")
            .await?;
        if status != 200 {
            report
                .errors
                .push(format!("game {}: read back {status}", game.id));
            continue;
        }
        // No clock can have run longer than the run so far (a game's clock starts at its
        // creation, after `origin`).
        let elapsed_ms = u64::try_from(origin.elapsed().as_millis()).unwrap_or(u64::MAX);
        let stored: GameMsg = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
        report.stored += stored.moves.len() as u64;
        if let Some(e) = check_game(&stored, told, elapsed_ms) {
            report.errors.push(format!("game {}: {e}", game.id));
        }
    }
    Ok(report)
}

/// What is wrong with a game read back after the run, given what its clients were told and
/// how long ago it was created.
fn check_game(stored: &GameMsg, told: &[Vec<String>], elapsed_ms: u64) -> Option<String> {
    let moves: Vec<&str> = stored.moves.iter().map(|m| m.iccs.as_str()).collect();
    let longest = told.iter().map(Vec::len).max().unwrap_or(0);
    if moves.len() != longest {
        return Some(format!(
            "{} moves stored, the clients were told of {longest}",
            moves.len()
        ));
    }
    for history in told {
        if moves.iter().zip(history).any(|(a, b)| *a != b.as_str()) {
            return Some(format!("stored {moves:?}, a client was told {history:?}"));
        }
    }
    let Some(clocks) = &stored.clocks else {
        return Some("no clocks".into());
    };
    if clocks.flag.is_some() {
        return Some(format!("a flag fell: {:?}", clocks.flag));
    }
    let red = moves.len().div_ceil(2) as u64;
    let black = moves.len() as u64 / 2;
    for (side, clock, made) in [("red", &clocks.red, red), ("black", &clocks.black, black)] {
        if clock.moves != made {
            return Some(format!(
                "{side}'s clock counts {} moves, {made} were made",
                clock.moves
            ));
        }
        if clock.used_ms > elapsed_ms {
            return Some(format!(
                "{side} was charged {} ms in a run of {elapsed_ms} ms",
                clock.used_ms
            ));
        }
        if clock.remaining_ms == 0 {
            return Some(format!("{side}'s clock is at 0"));
        }
    }
    if clocks.red.used_ms + clocks.black.used_ms > elapsed_ms {
        return Some(format!(
            "the clocks used {} ms together in a run of {elapsed_ms} ms",
            clocks.red.used_ms + clocks.black.used_ms
        ));
    }
    None
}
