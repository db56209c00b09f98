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

/// `ratings` on a round robin of four after round 1 (1–4 and 2–3 by the order table).
///
/// By hand, default rules (nobody's earlier games given, so K by level: 10 from 2400,
/// 20 below):
/// - A 2400 beat D 2100: E = 1/(1+10^−0.75) = 0.84902; A +10 × 0.15098 = +1.51 → 2402;
///   D −20 × 0.15098 = −3.02 → 2097.
/// - B 2300 drew C 2200: E = 1/(1+10^−0.25) = 0.64007; B 20 × (0.5 − 0.64007) = −2.80 → 2297,
///   C +2.80 → 2203.
///
/// With the organiser's table K 32 for all, A gains 32 × 0.15098 = 4.83 → 2405.
#[test]
fn ratings_report_from_the_results() {
    let dir = scratch("ratings");
    let f = &created(&dir, "name,rating\nA,2400\nB,2300\nC,2200\nD,2100\n", &[]);
    assert!(xiangqi(&["tournament", "pair", f]).0);
    assert!(xiangqi(&["tournament", "result", f, "1", "1", "1-0"]).0);
    assert!(xiangqi(&["tournament", "result", f, "1", "2", "1/2"]).0);
    let out = ok(&["tournament", "ratings", f, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let new: Vec<i64> = v["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| l["new_rating"].as_i64().expect("rated"))
        .collect();
    assert_eq!(new, [2402, 2297, 2203, 2097]);
    assert_eq!(v["lines"][0]["k"], 10);
    let text = ok(&["tournament", "ratings", f]);
    assert!(
        text.lines().nth(1).is_some_and(|l| l.contains("2402")),
        "{text}"
    );
    let rules = file(&dir, "k.json");
    std::fs::write(&rules, r#"{"k_table":[{"k":32}]}"#).expect("rules");
    let out = ok(&["tournament", "ratings", f, "--rules", &rules, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["lines"][0]["new_rating"], 2405);
    // Recorded: the next report uses them without the flag.
    let out = ok(&["tournament", "ratings", f, "--json"]);
    assert!(out.contains("\"k\":32"), "{out}");
    // A table that leaves players without K: one line, non-zero exit.
    std::fs::write(&rules, r#"{"k_table":[{"games_below":30,"k":40}]}"#).expect("rules");
    let (ok, _, err) = xiangqi(&["tournament", "ratings", f, "--rules", &rules]);
    assert!(!ok);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Placing matches (附加赛, CXA 10.4): four players with a third-place match. Round 2 holds
/// the final and, beside it, the match of the semi-finals' losers; every place is then played
/// for. Without it the semi-finals' losers share 3rd–4th.
#[test]
fn a_third_place_match_and_knockout_places() {
    let dir = scratch("placings");
    let csv = "name,rating\nA,2400\nB,2300\nC,2200\nD,2100\n";
    let f = &created(&dir, csv, &["--format", "knockout", "--placings", "third"]);
    for round in ["1", "2"] {
        let out = ok(&["tournament", "pair", f, "--seed", round]);
        assert_eq!(
            out.lines().filter(|l| l.contains("(red)")).count(),
            2,
            "{out}"
        );
        for board in ["1", "2"] {
            assert!(xiangqi(&["tournament", "result", f, round, board, "1-0"]).0);
        }
    }
    let (ok_, _, err) = xiangqi(&["tournament", "pair", f]);
    assert!(!ok_);
    assert_eq!(err.trim(), "error: the knockout is decided");
    let out = ok(&["tournament", "places", f]);
    let places: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(places, ["1", "2", "3", "4"], "{out}");
    let out = ok(&["tournament", "bracket", f]);
    assert!(out.contains("places 3-4"), "{out}");
    // The same without placing matches: two rounds, 3rd–4th shared.
    let g = &file(&dir, "plain.json");
    ok(&[
        "tournament",
        "new",
        g,
        "--format",
        "knockout",
        "--entries",
        &entries(&dir, csv),
    ]);
    for round in ["1", "2"] {
        let out = ok(&["tournament", "pair", g, "--seed", round]);
        let boards = out.lines().filter(|l| l.contains("(red)")).count();
        for board in 1..=boards {
            assert!(xiangqi(&["tournament", "result", g, round, &board.to_string(), "1-0"]).0);
        }
    }
    let out = ok(&["tournament", "standings", g]);
    let shared = out
        .lines()
        .filter(|l| l.trim_start().starts_with("3-4"))
        .count();
    assert_eq!(shared, 2, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Seed 001's knockout (抽签分组淘汰): nine players, a fresh draw every round and a bye card
/// when the players left are odd: 4 games and a bye, then 5 left give 2 games and a bye, then
/// 3 give 1 game and a bye, then the final.
#[test]
fn a_knockout_drawn_by_lot_each_round() {
    let dir = scratch("lotko");
    let f = &created(
        &dir,
        &rated(9),
        &["--format", "lot-knockout", "--playoff-games", "0"],
    );
    let mut shape = Vec::new();
    for round in 1..=4 {
        let r = round.to_string();
        let out = ok(&["tournament", "pair", f, "--seed", &r]);
        let boards = out.lines().filter(|l| l.contains("(red)")).count();
        let byes = out.lines().filter(|l| l.starts_with("bye")).count();
        shape.push((boards, byes));
        for board in 1..=boards {
            assert!(xiangqi(&["tournament", "result", f, &r, &board.to_string(), "1-0"]).0);
        }
    }
    assert_eq!(shape, [(4, 1), (2, 1), (1, 1), (1, 0)]);
    let out = ok(&["tournament", "bracket", f]);
    assert!(
        out.contains("bracket round 2 (drawn by lot, seed 2)"),
        "{out}"
    );
    assert!(out.contains("champion: "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Start numbers by lot (抽签) before round 1, and CXA 14.4's redraw: a round robin of nine is
/// drawn; one withdraws before the start, eight are left (even): drawn again; one more, seven
/// (odd): the draw is kept. Round 1 then follows the lots: lot 1 – lot 7's place in the table.
#[test]
fn start_numbers_drawn_by_lot_and_redrawn() {
    let dir = scratch("draw");
    let f = &created(&dir, &rated(9), &[]);
    let (ok_, _, err) = xiangqi(&["tournament", "draw", f]);
    assert!(!ok_);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let out = ok(&["tournament", "draw", f, "--seed", "7"]);
    assert!(out.starts_with("lots drawn with seed 7\n"), "{out}");
    let lots: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(lots.len(), 9, "{out}");
    let out = ok(&["tournament", "withdraw", f, "3"]);
    assert!(out.contains("drawn again (CXA 14.4)"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(" P")).count(), 8, "{out}");
    let out = ok(&["tournament", "withdraw", f, "5"]);
    assert!(!out.contains("drawn again"), "{out}");
    let out = ok(&["tournament", "draw", f]);
    assert!(out.contains("drawn again 1x"), "{out}");
    // The table's lot 1 is the first name listed; round 1 pairs lot 1 (seven: lot 1 has the
    // bye in round 1 of appendix 2's table for an odd number).
    let first = out
        .lines()
        .nth(2)
        .and_then(|l| l.split_whitespace().nth(2))
        .expect("lot 1");
    let pairing = ok(&["tournament", "pair", f]);
    assert!(
        pairing.contains(&format!("bye  {first}")),
        "{pairing}\n{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tournament new --rule KEY=VALUE` keeps the numbers for the event's games in the file
/// (CXA 2011 arts. 4.2.4, 8.1.8); one the book does not allow fails, naming the key.
#[test]
fn a_tournament_keeps_the_rules_of_its_games() {
    let dir = scratch("game-rules");
    let path = file(&dir, "junior.json");
    let out = ok(&[
        "tournament",
        "new",
        &path,
        "--rule",
        "move_limit=40",
        "--rule",
        "illegal_moves_to_lose=2",
    ]);
    assert!(out.contains("move_limit=40"), "{out}");
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the file")).expect("JSON");
    let set = log["events"]
        .as_array()
        .and_then(|e| e.iter().find(|e| e["event"] == "game_rules_set"))
        .expect("the games' rules are kept");
    assert_eq!(
        set["rules"],
        serde_json::json!({"illegal_moves_to_lose": 2, "move_limit": 40})
    );
    let (success, _, err) = xiangqi(&[
        "tournament",
        "new",
        &file(&dir, "wxf.json"),
        "--rules",
        "wxf",
        "--rule",
        "move_limit=55",
    ]);
    assert!(!success);
    assert!(err.contains("move_limit"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

/// `tournament new --spec FILE.json` creates the tournament a spec file describes, read as the
/// server reads its form: a WXF Swiss (WXF 2018 art. 9.1 lets the organiser score 3-1-0) with
/// its tie-breaks, a move limit and entries, `--entries` adding players after them. A spec
/// the book refuses fails in one line naming the field; flags beside `--spec` are refused.
#[test]
fn a_spec_file_creates_the_tournament() {
    let dir = scratch("spec");
    let spec = file(&dir, "open.spec.json");
    std::fs::write(
        &spec,
        r#"{"name": "City Open", "book": "wxf", "format": "swiss", "rounds": 5,
            "scoring": "3-1-0", "tie_breaks": ["BH", "WIN"], "rules": {"move_limit": 40},
            "entries": [{"name": "A", "rating": 2400}, {"name": "B", "rating": 2300}]}"#,
    )
    .expect("spec");
    let e = entries(&dir, "name\nC\n");
    let f = file(&dir, "open.json");
    let out = ok(&["tournament", "new", &f, "--spec", &spec, "--entries", &e]);
    assert!(out.contains("with 3 players"), "{out}");
    assert!(out.contains("games' rule: move_limit=40"), "{out}");
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&f).expect("the file")).expect("JSON");
    let created = &log["events"][0];
    assert_eq!(created["event"], "created");
    assert_eq!(created["name"], "City Open");
    assert_eq!(created["rules"], "Wxf2018");
    assert_eq!(
        created["format"],
        serde_json::json!({"type": "swiss", "rounds": 5})
    );
    assert_eq!(
        created["tie_breaks"],
        serde_json::json!(["OpponentsScore", "Wins"])
    );
    // 3 for a win, 1 for a draw, in quarter points.
    assert_eq!(created["scoring"]["win"], serde_json::json!(12));
    let names: Vec<&str> = log["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["event"] == "registered")
        .filter_map(|e| e["player"]["name"].as_str())
        .collect();
    assert_eq!(names, ["A", "B", "C"]);

    // Play-off games belong to a knockout (CXA 10.4; WXF 2018 art. 10.1), not to a Swiss.
    std::fs::write(
        &spec,
        r#"{"name": "X", "format": "swiss", "rounds": 5, "playoff_games": 2}"#,
    )
    .expect("spec");
    let (success, _, err) = xiangqi(&["tournament", "new", &file(&dir, "x.json"), "--spec", &spec]);
    assert!(!success, "{err}");
    assert!(
        err.contains("playoff_games: only a knockout has play-offs"),
        "{err}"
    );
    let (success, _, err) = xiangqi(&[
        "tournament",
        "new",
        &file(&dir, "y.json"),
        "--spec",
        &spec,
        "--rounds",
        "3",
    ]);
    assert!(!success && err.contains("--rounds"), "{err}");
}

/// A TRF-2026 file's `162` record (3/1/0) scores the imported tournament: the standings give
/// each player the points written in the file.
#[test]
fn a_trf2026_import_keeps_the_files_points() {
    let dir = scratch("trf162");
    let trf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../xiangqi-tournament/tests/data/trf2026/records.trf");
    let f = &file(&dir, "t.json");
    let out = ok(&["tournament", "import", trf.to_str().unwrap(), "--out", f]);
    assert_eq!(out.trim(), "imported 7 players, 2 rounds");
    let out = ok(&["tournament", "standings", f, "--format", "csv"]);
    let score = |name: &str| -> String {
        out.lines()
            .map(|l| l.split(',').collect::<Vec<_>>())
            .find(|c| c.get(2) == Some(&name))
            .map(|c| c[3].to_owned())
            .unwrap_or_else(|| panic!("{name} in {out}"))
    };
    // A: a win and a draw; E: a draw and a win; B: two draws; C: a win and a zero bye.
    for (name, points) in [("A", "4"), ("E", "4"), ("B", "2"), ("C", "3"), ("D", "0")] {
        assert_eq!(score(name), points, "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
