//! `xiangqi tournament` end to end: a tournament file driven through the binary.

use std::path::Path;

mod common;
use common::{entries, file, ok, scratch, xiangqi};

#[test]
fn schedule_json_is_the_berger_table() {
    let schedule = |players: &str| {
        ok(&[
            "tournament",
            "schedule",
            "round-robin",
            "--players",
            players,
            "--json",
        ])
    };
    let out = schedule("8");
    assert!(
        out.starts_with(
            r#"{"rounds":[[{"board":1,"red":1,"black":8},{"board":2,"red":2,"black":7},"#
        ),
        "{out}"
    );
    let out = schedule("5");
    // Round 1 of 5: 1 meets the phantom 6, so 1 has the bye.
    assert!(
        out.starts_with(
            r#"{"rounds":[[{"board":1,"red":2,"black":5},{"board":2,"red":3,"black":4},{"bye":1}],"#
        ),
        "{out}"
    );
}

#[test]
fn a_round_robin_from_entries_to_standings() {
    let dir = scratch("rr");
    let f = &created(&dir, "name,rating\nA,2400\nB,2300\nC,2200\nD,2100\n", &[]);
    for round in 1..=3 {
        assert!(xiangqi(&["tournament", "pair", f]).0);
        let r = round.to_string();
        // Red wins on board 1, draw on board 2.
        assert!(xiangqi(&["tournament", "result", f, &r, "1", "1-0"]).0);
        assert!(xiangqi(&["tournament", "result", f, &r, "2", "1/2"]).0);
    }
    let out = ok(&["tournament", "standings", f, "--format", "csv"]);
    assert!(
        out.starts_with("rank,no,name,score,SANC,SB,WIN,DE,FOUL,BPG,DEB\n"),
        "{out}"
    );
    let out = ok(&["tournament", "export", f, "--format", "trf"]);
    assert_eq!(out.lines().filter(|l| l.starts_with("001")).count(), 4);
    // Every round is paired: one clear line, non-zero exit.
    let (ok, _, err) = xiangqi(&["tournament", "pair", f]);
    assert!(!ok);
    assert_eq!(err.trim(), "error: all 3 rounds have been paired");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_line_and_fails() {
    let (ok, _, err) = xiangqi(&["tournament", "standings", "/nonexistent/t.json"]);
    assert!(!ok);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let (ok, _, err) = xiangqi(&["tournament", "schedule", "round-robin", "--players", "1"]);
    assert!(!ok);
    assert_eq!(err.trim(), "error: a round robin needs at least 2 players");
}

#[test]
fn a_knockout_from_entries_to_champion() {
    // CXA 10.4: 3 entrants in a bracket of 4, the top seed has the bye; one game a match.
    let dir = scratch("ko");
    let f = &created(
        &dir,
        "name,rating\nA,2400\nB,2300\nC,2200\n",
        &["--format", "knockout"],
    );
    let out = ok(&["tournament", "pair", f, "--seed", "4"]);
    assert!(out.contains("bye  A"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains("(red)")).count(), 1);
    assert!(xiangqi(&["tournament", "result", f, "1", "1", "1-0"]).0);
    assert!(xiangqi(&["tournament", "pair", f, "--seed", "5"]).0);
    assert!(xiangqi(&["tournament", "result", f, "2", "1", "0-1"]).0);
    let out = ok(&["tournament", "bracket", f]);
    assert!(out.contains("bracket round 2"), "{out}");
    assert!(out.contains("champion: "), "{out}");
    let (ok, _, err) = xiangqi(&["tournament", "pair", f]);
    assert!(!ok);
    assert_eq!(err.trim(), "error: the knockout is decided");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn club_mates_kept_apart_in_a_swiss() {
    let dir = scratch("apart");
    let csv = "name,rating,club\nA,2400,X\nB,2300,Y\nC,2200,X\nD,2100,Y\n";
    let f = &created(&dir, csv, &["--format", "swiss", "--rounds", "2"]);
    let out = ok(&["tournament", "keep-apart", f, "--clubs"]);
    assert!(out.contains("kept apart: A, C"), "{out}");
    for engine in ["dutch", "cxa"] {
        let g = &file(&dir, &format!("{engine}.json"));
        let _ = std::fs::copy(f, g);
        let out = ok(&["tournament", "pair", g, "--engine", engine]);
        // Round 1 would be A–C and B–D by rating halves; they are club-mates.
        for line in out.lines().filter(|l| l.contains("(red)")) {
            let same = (line.contains('A') && line.contains('C'))
                || (line.contains('B') && line.contains('D'));
            assert!(!same, "{engine}: {line}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn groups_then_a_knockout_final() {
    // CXA 10.2: two groups of three by rating, top 1 of each to a knockout final.
    let dir = scratch("groups");
    let csv = "name,rating\nA,2400\nB,2300\nC,2200\nD,2100\nE,2000\nF,1900\n";
    let f = &created(&dir, csv, &["--format", "groups", "--groups", "2"]);
    for round in 1..=3 {
        let out = ok(&["tournament", "pair", f]);
        assert_eq!(out.lines().filter(|l| l.contains("(red)")).count(), 2);
        let r = round.to_string();
        assert!(xiangqi(&["tournament", "result", f, &r, "1", "1-0"]).0);
        assert!(xiangqi(&["tournament", "result", f, &r, "2", "1-0"]).0);
    }
    let out = ok(&["tournament", "groups", f]);
    assert!(
        out.starts_with("group A\n") && out.contains("group B\n"),
        "{out}"
    );
    let fin = &file(&dir, "final.json");
    let out = ok(&["tournament", "final", f, fin, "--qualifiers", "1"]);
    assert_eq!(out.lines().count(), 2, "{out}");
    let out = ok(&["tournament", "pair", fin, "--seed", "1"]);
    assert_eq!(out.lines().filter(|l| l.contains("(red)")).count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Creates `t.json` in `dir` from the entries `csv` with `args` after `new FILE --entries …`;
/// its path.
fn created(dir: &Path, csv: &str, args: &[&str]) -> String {
    let e = entries(dir, csv);
    let f = file(dir, "t.json");
    ok(&[&["tournament", "new", &f, "--entries", &e][..], args].concat());
    f
}

/// `n` entries P1, P2, … rated 2400 down by tens.
fn rated(n: usize) -> String {
    let rows: String = (0..n)
        .map(|k| format!("P{},{}\n", k + 1, 2400 - 10 * k))
        .collect();
    format!("name,rating\n{rows}")
}

/// Pairs rounds (red winning every game) until pairing fails; the pairing outputs and the
/// error line that stopped it.
fn play_until_refused(f: &str) -> (Vec<String>, String) {
    let mut outs = Vec::new();
    for round in 1..40 {
        let seed = round.to_string();
        let (ok, out, err) = xiangqi(&["tournament", "pair", f, "--seed", &seed]);
        if !ok {
            return (outs, err);
        }
        let boards = out.lines().filter(|l| l.contains("(red)")).count();
        for b in 1..=boards {
            common::ok(&["tournament", "result", f, &seed, &b.to_string(), "1-0"]);
        }
        outs.push(out);
    }
    panic!("never decided");
}

/// The number of games in each pairing output.
fn games(outs: &[String]) -> Vec<usize> {
    outs.iter()
        .map(|o| o.lines().filter(|l| l.contains("(red)")).count())
        .collect()
}

#[test]
fn swiss_then_knockout_in_one_file() {
    // CXA 10.5: 2 Swiss rounds, the top 4 to a one-game knockout in the same file.
    let dir = scratch("sk");
    let format = [
        "--format",
        "swiss-knockout",
        "--rounds",
        "2",
        "--qualifiers",
        "4",
    ];
    let f = created(
        &dir,
        &rated(6),
        &[&format[..], &["--playoff-games", "0"]].concat(),
    );
    let (outs, err) = play_until_refused(&f);
    assert_eq!(err.trim(), "error: the knockout is decided");
    // 2 Swiss rounds of 3 games, then the semi-finals and the final.
    assert_eq!(games(&outs), [3, 3, 2, 1]);
    let out = ok(&["tournament", "bracket", &f]);
    assert!(out.contains("bracket round 2"), "{out}");
    assert!(out.contains("champion: P"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn swiss_with_bottom_elimination() {
    // CXA 10.6: 8 players, 4 rounds, 2 out after round 3 (past half), at least 4 kept.
    let dir = scratch("se");
    let format = ["--format", "swiss-elimination", "--rounds", "4"];
    let f = created(
        &dir,
        &rated(8),
        &[&format[..], &["--per-round", "2", "--keep", "4"]].concat(),
    );
    let (outs, err) = play_until_refused(&f);
    assert_eq!(err.trim(), "error: all 4 rounds have been paired");
    assert_eq!(outs.len(), 4);
    let out4 = &outs[3];
    assert_eq!(out4.matches("eliminated").count(), 2, "{out4}");
    assert_eq!(games(&outs)[3], 3);
    assert!(outs[..3].iter().all(|o| !o.contains("eliminated")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn double_elimination_to_a_champion() {
    // CXA 10.4 双败淘汰制: 5 players, a second final if needed.
    let dir = scratch("de");
    let f = created(
        &dir,
        &rated(5),
        &["--format", "double-elimination", "--reset"],
    );
    let (outs, err) = play_until_refused(&f);
    assert_eq!(err.trim(), "error: the knockout is decided");
    // 2n − 2 = 8 matches at least, one game each (red always wins: no play-offs).
    let games: usize = games(&outs).iter().sum();
    assert!(games == 8 || games == 9, "{games}");
    let out = ok(&["tournament", "bracket", &f]);
    assert!(out.contains("losers' round 1"), "{out}");
    assert!(out.contains("grand final"), "{out}");
    assert!(out.contains("champion: P"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
