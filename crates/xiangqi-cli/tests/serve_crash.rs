//! `xiangqi serve` killed with SIGKILL in the middle of a stream of moves loses none of the
//! moves it acknowledged (SQLite WAL, with `--sqlite-sync full`, the default, and with
//! `--sqlite-sync normal`); a mode it does not know is refused in one line.

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::TcpStream,
    process::{Child, Command, Stdio},
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use serde_json::Value;
use xiangqi::Position;

/// One HTTP/1.1 request on loopback; the status and the body.
fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).ok()?;
    let mut reply = String::new();
    s.read_to_string(&mut reply).ok()?;
    let status = reply.split(' ').nth(1)?.parse().ok()?;
    let body = reply.split_once("\r\n\r\n").map(|(_, b)| b.to_owned())?;
    Some((status, body))
}

/// Starts `xiangqi serve` on the SQLite file `db` with `--sqlite-sync sync` (none for the
/// default) and a free loopback port; the process and the address it printed. The serving
/// line must name the mode SQLite reads back.
fn serve(db: &str, sync: Option<&str>) -> (Child, String) {
    let mut args = vec!["serve", "--db", db, "--addr", "127.0.0.1:0"];
    if let Some(sync) = sync {
        args.extend(["--sqlite-sync", sync]);
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut line = String::new();
    BufReader::new(child.stderr.take().expect("stderr"))
        .read_line(&mut line)
        .expect("a line");
    let mode = format!("synchronous = {})", sync.unwrap_or("full"));
    assert!(line.contains(&mode), "{mode} not in {line:?}");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    (child, addr)
}

#[test]
fn sigkill_loses_no_acknowledged_move() {
    sigkill_loses_no_acknowledged_move_with(None);
}

/// With `synchronous = NORMAL` a commit is not flushed, but it is in the operating system's
/// hands before the move is acknowledged: killing the process loses none of it.
#[test]
fn sigkill_loses_no_acknowledged_move_with_sqlite_sync_normal() {
    sigkill_loses_no_acknowledged_move_with(Some("normal"));
}

/// Plays moves on a server started with `--sqlite-sync sync` (`None`: the default), kills it
/// with SIGKILL about 800 ms in, and checks that a new server on the same file has every move
/// that was acknowledged.
fn sigkill_loses_no_acknowledged_move_with(sync: Option<&str>) {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let db = std::env::temp_dir().join(format!(
        "xq-crash-{}-{}-{nanos}.db",
        sync.unwrap_or("default"),
        std::process::id()
    ));
    let db = db.to_str().expect("utf-8").to_owned();
    let (mut child, addr) = serve(&db, sync);

    // (game id, moves acknowledged)
    let mut acked: Vec<(String, Vec<String>)> = Vec::new();
    let started = Instant::now();
    let kill_at = Duration::from_millis(800);
    let mut killed = false;
    'games: while !killed {
        let Some((201, body)) = http(&addr, "POST", "/api/games", None, "{}") else {
            break;
        };
        let created: Value = serde_json::from_str(&body).expect("JSON");
        let id = created["id"].as_str().expect("id").to_owned();
        let tokens = [
            created["red_token"].as_str().expect("token").to_owned(),
            created["black_token"].as_str().expect("token").to_owned(),
        ];
        acked.push((id.clone(), Vec::new()));
        let mut pos = Position::new();
        for ply in 0..40usize {
            if started.elapsed() > kill_at {
                // SIGKILL, with requests possibly in flight.
                child.kill().expect("kills");
                killed = true;
                break 'games;
            }
            let moves = pos.legal_moves();
            let Some(&m) = moves.get(ply * 7 % moves.len().max(1)) else {
                continue 'games;
            };
            let body = format!("{{\"move\":\"{m}\",\"ply\":{ply}}}");
            let token = &tokens[ply % 2];
            match http(
                &addr,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(token),
                &body,
            ) {
                Some((200, _)) => {
                    if let Some(last) = acked.last_mut() {
                        last.1.push(m.to_string());
                    }
                    pos.play_unchecked(m);
                }
                // Over (a mate or a repetition): next game.
                Some((409, _)) => continue 'games,
                other => panic!("unexpected reply {other:?}"),
            }
        }
    }
    if !killed {
        child.kill().expect("kills");
    }
    let _ = child.wait();
    let total: usize = acked.iter().map(|(_, m)| m.len()).sum();
    assert!(total > 0, "no move was acknowledged before the kill");

    // A new server on the same file has every acknowledged move.
    let (mut child, addr) = serve(&db, sync);
    for (id, moves) in &acked {
        let (status, body) =
            http(&addr, "GET", &format!("/api/games/{id}"), None, "").expect("answers");
        assert_eq!(status, 200, "{body}");
        let view: Value = serde_json::from_str(&body).expect("JSON");
        let stored: Vec<&str> = view["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter_map(|m| m["iccs"].as_str())
            .collect();
        assert!(
            stored.len() >= moves.len(),
            "game {id}: {} stored, {} acknowledged",
            stored.len(),
            moves.len()
        );
        assert_eq!(&stored[..moves.len()], moves.as_slice(), "game {id}");
    }
    child.kill().expect("kills");
    let _ = child.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{suffix}"));
    }
    eprintln!(
        "{total} acknowledged moves in {} games survived SIGKILL (--sqlite-sync {})",
        acked.len(),
        sync.unwrap_or("full, the default")
    );
}

/// A mode `xiangqi serve` does not know, or `normal` with PostgreSQL, is refused in one line
/// naming the problem, with the status of bad input, before anything listens.
#[test]
fn a_bad_sqlite_sync_is_refused_in_one_line() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["--sqlite-sync", "fast"],
            "error: invalid value 'fast' for '--sqlite-sync <full|normal>': unknown SQLite sync \
             mode \"fast\" (expected full or normal)",
        ),
        (
            &["--sqlite-sync", ""],
            "error: invalid value '' for '--sqlite-sync <full|normal>': unknown SQLite sync mode \
             \"\" (expected full or normal)",
        ),
        (
            &[
                "--sqlite-sync",
                "normal",
                "--db",
                "postgres://nobody@127.0.0.1:1/none",
            ],
            "error: cannot open the database \"postgres://nobody@127.0.0.1:1/none\": SQLite sync \
             mode normal asked of a PostgreSQL database (its durability is PostgreSQL's \
             synchronous_commit setting)",
        ),
    ];
    for (args, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end(), expected, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
