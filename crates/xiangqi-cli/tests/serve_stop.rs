//! `xiangqi serve` stops gracefully on SIGTERM (what service managers send): it says so,
//! answers what is in flight, and exits with success; and it listens on IPv6 when asked.

#![cfg(unix)]

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::TcpStream,
    process::{Child, ChildStderr, Command, Stdio},
    time::{Duration, Instant},
};

/// Starts `xiangqi serve` in memory on `addr`; the process, its standard error after the
/// serving line, and the address it printed.
fn serve(addr: &str) -> (Child, BufReader<ChildStderr>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["serve", "--db", "sqlite::memory:", "--addr", addr])
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    // A log line may come first on a loaded machine: read until the serving line.
    let mut line = String::new();
    while !line.contains("serving http://") {
        line.clear();
        assert!(
            err.read_line(&mut line).expect("a line") > 0,
            "no serving line"
        );
    }
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    (child, err, addr)
}

/// `GET path` on `addr`; the status.
fn get(addr: &str, path: &str) -> u16 {
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .expect("writes");
    let mut reply = String::new();
    s.read_to_string(&mut reply).expect("reads");
    reply
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}

/// Sends SIGTERM and waits up to ten seconds: the exit status and the rest of standard error.
fn terminate(mut child: Child, mut err: BufReader<ChildStderr>) -> (bool, String) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let start = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait().expect("waits") {
            break exit;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("the server did not stop within ten seconds of SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut rest = String::new();
    err.read_to_string(&mut rest).expect("reads stderr");
    (exit.success(), rest)
}

#[test]
fn sigterm_stops_the_server_gracefully() {
    let (child, err, addr) = serve("127.0.0.1:0");
    assert_eq!(get(&addr, "/api/health"), 200);
    let (success, rest) = terminate(child, err);
    assert!(success, "{rest}");
    assert!(rest.contains("xiangqi: shutting down"), "{rest}");
    assert!(rest.contains("xiangqi: stopped"), "{rest}");
}

#[test]
fn the_server_listens_on_ipv6() {
    if std::net::TcpListener::bind("[::1]:0").is_err() {
        eprintln!("SKIPPED: this machine has no IPv6 loopback");
        return;
    }
    let (child, err, addr) = serve("[::1]:0");
    assert!(addr.starts_with("[::1]:"), "{addr}");
    assert_eq!(get(&addr, "/api/health"), 200);
    let (success, rest) = terminate(child, err);
    assert!(success, "{rest}");
}
