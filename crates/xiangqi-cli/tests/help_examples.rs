//! Every `--help` of the `xiangqi` binary ends with two examples, and every example runs as
//! written, so that none can rot. Examples run in a fresh folder holding the files they name
//! (made here by the binary itself); a line joined by `&&` runs in order and stops at a failure.

mod common;

use std::{
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

use common::scratch;

const BIN: &str = env!("CARGO_BIN_EXE_xiangqi");

/// Runs the binary with `args` in `dir`: whether it succeeded, and its output and errors.
fn run_in(dir: &Path, args: &[String]) -> (bool, String) {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Runs `line` (words as a shell splits them) in `dir`; panics with its output on failure.
fn must(dir: &Path, line: &str) -> String {
    let args = words(line);
    assert_eq!(args[0], "xiangqi", "{line}");
    let (ok, out) = run_in(dir, &args[1..]);
    assert!(ok, "{line}: {out}");
    out
}

/// Splits a command line as a POSIX shell does for words, single and double quotes only
/// (what the examples use).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(quote.is_none(), "unbalanced quotes in {line}");
    if in_word {
        words.push(word);
    }
    words
}

/// The files the examples name, made by the binary in `dir`.
fn fixtures(dir: &Path) {
    std::fs::write(
        dir.join("entries.csv"),
        "name,rating,club,federation\n王天一,2650,杭州,CHN\n郑惟桐,2620,四川,CHN\n\
         许银川,2600,广东,CHN\n吕钦,2580,广东,CHN\n",
    )
    .expect("entries");
    std::fs::write(
        dir.join("game.pgn"),
        "[Game \"Chinese Chess\"]\n[Event \"example\"]\n[Result \"*\"]\n\n\
         1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ *\n",
    )
    .expect("game");
    std::fs::write(
        dir.join("open.spec.json"),
        r#"{"name": "City Open", "format": "swiss", "rounds": 7, "tie_breaks": ["SB", "WIN"]}"#,
    )
    .expect("spec");
    for line in [
        "xiangqi tournament new club.json --entries entries.csv",
        "xiangqi tournament pair club.json",
        "xiangqi tournament new swiss.json --format swiss --rounds 3 --entries entries.csv",
        "xiangqi tournament new cup.json --format knockout --entries entries.csv",
        "xiangqi tournament pair cup.json --seed 1",
        "xiangqi tournament new groups.json --format groups --groups 2 --entries entries.csv",
        "xiangqi tournament pair groups.json",
        "xiangqi tournament result groups.json 1 1 1-0",
        "xiangqi tournament result groups.json 1 2 1/2",
        "xiangqi tournament team new league.json --boards 2",
        "xiangqi tournament team new teamcup.json --format knockout --boards 2",
    ] {
        must(dir, line);
    }
    let swiss_trf = must(dir, "xiangqi tournament export swiss.json --format trf");
    std::fs::write(dir.join("swiss.trf"), swiss_trf).expect("trf");
    for (n, team) in ["一队", "二队", "三队", "四队"].iter().enumerate() {
        for event in ["league.json", "teamcup.json"] {
            let players: Vec<String> = (1..=3)
                .map(|k| format!("--player {team}{k}:{}", 2400 - 10 * (3 * n + k)))
                .collect();
            must(
                dir,
                &format!(
                    "xiangqi tournament team add {event} {team} {}",
                    players.join(" ")
                ),
            );
        }
    }
    std::fs::copy(dir.join("league.json"), dir.join("teams.json")).expect("copy");
    must(dir, "xiangqi tournament team pair teams.json");
    must(dir, "xiangqi tournament team pair teamcup.json --seed 1");
    // Table 1 of round 1 has both line-ups; table 2 waits for them (the lineup examples).
    for (file, teams) in [("teams.json", [1, 4]), ("teamcup.json", [1, 4])] {
        for team in teams {
            must(
                dir,
                &format!("xiangqi tournament team lineup {file} 1 {team} 1,2"),
            );
        }
    }
}

/// The subcommands a help page lists under `Commands:` (not `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// The example lines at the end of a help page.
fn examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != "Examples:")
        .skip(1)
        .map(str::trim)
        .filter(|l| l.starts_with("xiangqi "))
        .map(str::to_owned)
        .collect()
}

/// Every command path: `[]`, `["tournament"]`, `["tournament", "team"]`, …
fn command_paths(dir: &Path) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    let mut todo = vec![Vec::<String>::new()];
    while let Some(path) = todo.pop() {
        let mut args = path.clone();
        args.push("--help".to_owned());
        let (ok, help) = run_in(dir, &args);
        assert!(ok, "{args:?}: {help}");
        for sub in subcommands(&help) {
            let mut next = path.clone();
            next.push(sub);
            todo.push(next);
        }
        out.push((path, help));
    }
    out
}

/// `xiangqi serve` runs until stopped: it passes once it says it is serving.
fn serve_starts(dir: &Path, line: &str) {
    let args = words(line);
    let mut child = Command::new(BIN)
        .args(&args[1..])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    // Log lines (a slow first statement on a loaded disk, say) may come first: read until the
    // serving line, or until the server stops talking.
    let stderr = child.stderr.take().expect("stderr");
    let mut reader = BufReader::new(stderr);
    let mut seen = String::new();
    let mut serving = false;
    for _ in 0..50 {
        let mut next = String::new();
        if reader.read_line(&mut next).unwrap_or(0) == 0 {
            break;
        }
        serving = next.contains("serving http://");
        seen.push_str(&next);
        if serving {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(serving, "{line}: {seen}");
}

#[test]
fn every_help_ends_with_two_examples_that_run() {
    let base = scratch("help-examples");
    let fixture = base.join("fixture");
    std::fs::create_dir_all(&fixture).expect("fixture dir");
    fixtures(&fixture);
    let mut ran = 0;
    let mut failures = Vec::new();
    for (n, (path, help)) in command_paths(&fixture).into_iter().enumerate() {
        let name = format!("xiangqi {}", path.join(" "));
        let found = examples(&help);
        if found.len() < 2 {
            failures.push(format!("{name} --help has {} example(s)", found.len()));
        }
        // The examples end the page.
        let last = help.lines().rev().find(|l| !l.trim().is_empty());
        if last.map(str::trim) != found.last().map(String::as_str) {
            failures.push(format!("{name} --help does not end with its examples"));
        }
        for (k, example) in found.iter().enumerate() {
            let dir = base.join(format!("{n}-{k}"));
            copy_dir(&fixture, &dir);
            if example.starts_with("xiangqi serve") {
                serve_starts(&dir, example);
            } else {
                for step in example.split(" && ") {
                    let args = words(step);
                    assert_eq!(args[0], "xiangqi", "{example}");
                    let (ok, out) = run_in(&dir, &args[1..]);
                    if !ok {
                        failures.push(format!("{name} --help: `{step}` fails: {out}"));
                        break;
                    }
                }
            }
            ran += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{ran} examples ran");
    assert!(ran >= 60, "only {ran} examples");
    let _ = std::fs::remove_dir_all(&base);
}

fn copy_dir(from: &Path, to: &PathBuf) {
    std::fs::create_dir_all(to).expect("dir");
    for entry in std::fs::read_dir(from).expect("fixture") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy");
    }
}

/// `xiangqi tournament result FILE 3 2 -/+` needs no `--` (the forfeit forms start with `-`).
#[test]
fn forfeits_need_no_double_dash() {
    let dir = scratch("help-forfeits");
    fixtures(&dir);
    for (board, result) in [("1", "-/+"), ("2", "-/-")] {
        must(
            &dir,
            &format!("xiangqi tournament result club.json 1 {board} {result}"),
        );
    }
    must(&dir, "xiangqi tournament team result teams.json 1 1 1 +/-");
    // Other text starting with `-` reaches the result reader, which says what is wrong.
    let (ok, out) = run_in(&dir, &words("tournament result club.json 1 1 -x"));
    assert!(!ok);
    assert!(!out.contains("unexpected argument"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `xiangqi clock --help` explains the SPEC grammar with an example of each family.
#[test]
fn clock_help_explains_the_spec() {
    let dir = scratch("help-clock");
    let (ok, help) = run_in(&dir, &["clock".into(), "--help".into()]);
    assert!(ok);
    assert!(!help.contains("see above"), "{help}");
    for family in [
        "60m+30s",
        "60m/30,10m/10",
        "1m",
        "15m+5s",
        "5m;30s",
        "red:10m,black:8m",
    ] {
        assert!(help.contains(family), "{family} missing:\n{help}");
        // Each family's example is a control the clock accepts.
        must(&dir, &format!("xiangqi clock --control {family}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
