//! `xiangqi tournament` end to end: a tournament file driven through the binary.

use std::{path::PathBuf, process::Command};

fn xiangqi(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("xiangqi-tournament-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn schedule_json_is_the_berger_table() {
    let (ok, out, _) = xiangqi(&[
        "tournament",
        "schedule",
        "round-robin",
        "--players",
        "8",
        "--json",
    ]);
    assert!(ok);
    assert!(
        out.starts_with(
            r#"{"rounds":[[{"board":1,"red":1,"black":8},{"board":2,"red":2,"black":7},"#
        ),
        "{out}"
    );
    let (ok, out, _) = xiangqi(&[
        "tournament",
        "schedule",
        "round-robin",
        "--players",
        "5",
        "--json",
    ]);
    assert!(ok);
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
    let entries = dir.join("entries.csv");
    std::fs::write(&entries, "name,rating\nA,2400\nB,2300\nC,2200\nD,2100\n").unwrap();
    let file = dir.join("t.json");
    let f = file.to_str().unwrap();
    let (ok, _, err) = xiangqi(&[
        "tournament",
        "new",
        f,
        "--entries",
        entries.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    for round in 1..=3 {
        assert!(xiangqi(&["tournament", "pair", f]).0);
        let r = round.to_string();
        // Red wins on board 1, draw on board 2.
        assert!(xiangqi(&["tournament", "result", f, &r, "1", "1-0"]).0);
        assert!(xiangqi(&["tournament", "result", f, &r, "2", "1/2"]).0);
    }
    let (ok, out, _) = xiangqi(&["tournament", "standings", f, "--format", "csv"]);
    assert!(ok);
    assert!(
        out.starts_with("rank,no,name,score,SANC,SB,WIN,DE,FOUL,BPG,DEB\n"),
        "{out}"
    );
    let (ok, out, _) = xiangqi(&["tournament", "export", f, "--format", "trf"]);
    assert!(ok);
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
    let entries = dir.join("entries.csv");
    std::fs::write(&entries, "name,rating\nA,2400\nB,2300\nC,2200\n").unwrap();
    let file = dir.join("t.json");
    let f = file.to_str().unwrap();
    let e = entries.to_str().unwrap();
    let (ok, _, err) = xiangqi(&[
        "tournament",
        "new",
        f,
        "--format",
        "knockout",
        "--entries",
        e,
    ]);
    assert!(ok, "{err}");
    let (ok, out, err) = xiangqi(&["tournament", "pair", f, "--seed", "4"]);
    assert!(ok, "{err}");
    assert!(out.contains("bye  A"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains("(red)")).count(), 1);
    assert!(xiangqi(&["tournament", "result", f, "1", "1", "1-0"]).0);
    assert!(xiangqi(&["tournament", "pair", f, "--seed", "5"]).0);
    assert!(xiangqi(&["tournament", "result", f, "2", "1", "0-1"]).0);
    let (ok, out, _) = xiangqi(&["tournament", "bracket", f]);
    assert!(ok);
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
    let entries = dir.join("entries.csv");
    std::fs::write(
        &entries,
        "name,rating,club\nA,2400,X\nB,2300,Y\nC,2200,X\nD,2100,Y\n",
    )
    .unwrap();
    let file = dir.join("t.json");
    let f = file.to_str().unwrap();
    let e = entries.to_str().unwrap();
    let new = ["tournament", "new", f, "--format", "swiss", "--rounds", "2"];
    let (ok, _, err) = xiangqi(&[&new[..], &["--entries", e]].concat());
    assert!(ok, "{err}");
    let (ok, out, err) = xiangqi(&["tournament", "keep-apart", f, "--clubs"]);
    assert!(ok, "{err}");
    assert!(out.contains("kept apart: A, C"), "{out}");
    for engine in ["dutch", "cxa"] {
        let _ = std::fs::copy(&file, dir.join(format!("{engine}.json")));
        let g = dir.join(format!("{engine}.json"));
        let (ok, out, err) = xiangqi(&[
            "tournament",
            "pair",
            g.to_str().unwrap(),
            "--engine",
            engine,
        ]);
        assert!(ok, "{err}");
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
    let entries = dir.join("entries.csv");
    std::fs::write(
        &entries,
        "name,rating\nA,2400\nB,2300\nC,2200\nD,2100\nE,2000\nF,1900\n",
    )
    .unwrap();
    let file = dir.join("t.json");
    let f = file.to_str().unwrap();
    let e = entries.to_str().unwrap();
    let new = [
        "tournament",
        "new",
        f,
        "--format",
        "groups",
        "--groups",
        "2",
    ];
    let (ok, _, err) = xiangqi(&[&new[..], &["--entries", e]].concat());
    assert!(ok, "{err}");
    for round in 1..=3 {
        let (ok, out, err) = xiangqi(&["tournament", "pair", f]);
        assert!(ok, "{err}");
        assert_eq!(out.lines().filter(|l| l.contains("(red)")).count(), 2);
        let r = round.to_string();
        assert!(xiangqi(&["tournament", "result", f, &r, "1", "1-0"]).0);
        assert!(xiangqi(&["tournament", "result", f, &r, "2", "1-0"]).0);
    }
    let (ok, out, _) = xiangqi(&["tournament", "groups", f]);
    assert!(ok);
    assert!(
        out.starts_with("group A\n") && out.contains("group B\n"),
        "{out}"
    );
    let fin = dir.join("final.json");
    let fs = fin.to_str().unwrap();
    let (ok, out, err) = xiangqi(&["tournament", "final", f, fs, "--qualifiers", "1"]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    let (ok, out, err) = xiangqi(&["tournament", "pair", fs, "--seed", "1"]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().filter(|l| l.contains("(red)")).count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
