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

/// Creates a tournament of `n` rated entries with `args` after `new FILE`.
fn created(dir: &std::path::Path, n: usize, args: &[&str]) -> String {
    let entries = dir.join("entries.csv");
    let rows: String = (0..n)
        .map(|k| format!("P{},{}\n", k + 1, 2400 - 10 * k))
        .collect();
    std::fs::write(&entries, format!("name,rating\n{rows}")).unwrap();
    let file = dir.join("t.json").to_str().unwrap().to_owned();
    let mut all = vec!["tournament", "new", &file, "--entries"];
    all.push(entries.to_str().unwrap());
    all.extend_from_slice(args);
    let (ok, _, err) = xiangqi(&all);
    assert!(ok, "{err}");
    file
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
            let (ok, _, err) = xiangqi(&["tournament", "result", f, &seed, &b.to_string(), "1-0"]);
            assert!(ok, "{err}");
        }
        outs.push(out);
    }
    panic!("never decided");
}

#[test]
fn swiss_then_knockout_in_one_file() {
    // CXA 10.5: 2 Swiss rounds, the top 4 to a one-game knockout in the same file.
    let dir = scratch("sk");
    let f = created(
        &dir,
        6,
        &[
            "--format",
            "swiss-knockout",
            "--rounds",
            "2",
            "--qualifiers",
            "4",
            "--playoff-games",
            "0",
        ],
    );
    let (outs, err) = play_until_refused(&f);
    assert_eq!(err.trim(), "error: the knockout is decided");
    // 2 Swiss rounds of 3 games, then the semi-finals and the final.
    let games: Vec<usize> = outs
        .iter()
        .map(|o| o.lines().filter(|l| l.contains("(red)")).count())
        .collect();
    assert_eq!(games, [3, 3, 2, 1]);
    let (ok, out, _) = xiangqi(&["tournament", "bracket", &f]);
    assert!(ok);
    assert!(out.contains("bracket round 2"), "{out}");
    assert!(out.contains("champion: P"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn swiss_with_bottom_elimination() {
    // CXA 10.6: 8 players, 4 rounds, 2 out after round 3 (past half), at least 4 kept.
    let dir = scratch("se");
    let f = created(
        &dir,
        8,
        &[
            "--format",
            "swiss-elimination",
            "--rounds",
            "4",
            "--per-round",
            "2",
            "--keep",
            "4",
        ],
    );
    let (outs, err) = play_until_refused(&f);
    assert_eq!(err.trim(), "error: all 4 rounds have been paired");
    assert_eq!(outs.len(), 4);
    let out4 = &outs[3];
    assert_eq!(out4.matches("eliminated").count(), 2, "{out4}");
    assert_eq!(out4.lines().filter(|l| l.contains("(red)")).count(), 3);
    assert!(outs[..3].iter().all(|o| !o.contains("eliminated")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn double_elimination_to_a_champion() {
    // CXA 10.4 双败淘汰制: 5 players, a second final if needed.
    let dir = scratch("de");
    let f = created(&dir, 5, &["--format", "double-elimination", "--reset"]);
    let (outs, err) = play_until_refused(&f);
    assert_eq!(err.trim(), "error: the knockout is decided");
    // 2n − 2 = 8 matches at least, one game each (red always wins: no play-offs).
    let games: usize = outs
        .iter()
        .map(|o| o.lines().filter(|l| l.contains("(red)")).count())
        .sum();
    assert!(games == 8 || games == 9, "{games}");
    let (ok, out, _) = xiangqi(&["tournament", "bracket", &f]);
    assert!(ok);
    assert!(out.contains("losers' round 1"), "{out}");
    assert!(out.contains("grand final"), "{out}");
    assert!(out.contains("champion: P"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_two_game_team_match_by_da_fen() {
    // WXF 9.4: two boards, two games each, colours swapped in the second (CXA 12.4). Red wins
    // every game: each player wins once, 大分 and 小分 level, a drawn match (场分 1 each).
    let dir = scratch("team");
    let file = dir.join("teams.json");
    let f = file.to_str().unwrap();
    let ok = |args: &[&str]| {
        let (ok, out, err) = xiangqi(args);
        assert!(ok, "{args:?}: {err}");
        out
    };
    ok(&[
        "tournament",
        "team",
        "new",
        f,
        "--rules",
        "wxf",
        "--boards",
        "2",
        "--two-games",
        "--board-rule",
        "fixed",
    ]);
    for n in ["A", "B", "C"] {
        let (p1, p2, p3) = (format!("{n}1:2300"), format!("{n}2"), format!("{n}3"));
        ok(&[
            "tournament",
            "team",
            "add",
            f,
            n,
            "--player",
            &p1,
            "--player",
            &p2,
            "--player",
            &p3,
        ]);
    }
    // 3 teams in a round robin: one rests each round, unscored.
    let out = ok(&["tournament", "team", "pair", f]);
    assert!(
        out.contains("1  B  -  C") && out.contains("bye  A"),
        "{out}"
    );
    let (fine, _, err) = xiangqi(&["tournament", "team", "result", f, "1", "1", "1", "1-0"]);
    assert!(!fine);
    assert_eq!(
        err.trim(),
        "error: table 1 of round 1 has no line-up from both teams yet"
    );
    ok(&["tournament", "team", "lineup", f, "1", "2", "1,2"]);
    ok(&["tournament", "team", "lineup", f, "1", "3", "1,2"]);
    for second in [false, true] {
        for board in ["1", "2"] {
            let mut args = vec!["tournament", "team", "result", f, "1", "1", board, "1-0"];
            if second {
                args.push("--second");
            }
            ok(&args);
        }
    }
    let out = ok(&["tournament", "team", "standings", f]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].contains('B') && lines[1].trim_end().ends_with('1'),
        "{out}"
    );
    assert!(
        lines[2].contains('C') && lines[2].trim_end().ends_with('1'),
        "{out}"
    );
    assert!(
        lines[3].contains('A') && lines[3].trim_end().ends_with('0'),
        "{out}"
    );
    // CXA 19.2: A rested in round 1, so leaving now it played none of its 2 matches: its
    // results are cancelled; B played 1 of 2, half, so its results stand.
    let out = ok(&["tournament", "team", "withdraw", f, "1"]);
    assert!(out.contains("all results of team 1 are cancelled"), "{out}");
    let out = ok(&["tournament", "team", "withdraw", f, "2"]);
    assert!(!out.contains("cancelled"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_team_knockout_to_its_winner() {
    // CXA 10.4: 3 teams, the top seed has the bye; red wins every game, so each 2-board match
    // is level (one win each) and goes to the play-off match, then the lot (WXF 10.1).
    let dir = scratch("teamko");
    let file = dir.join("cup.json");
    let f = file.to_str().unwrap();
    let ok = |args: &[&str]| {
        let (ok, out, err) = xiangqi(args);
        assert!(ok, "{args:?}: {err}");
        out
    };
    ok(&[
        "tournament",
        "team",
        "new",
        f,
        "--format",
        "knockout",
        "--boards",
        "2",
    ]);
    for n in ["A", "B", "C"] {
        let (p1, p2) = (format!("{n}1"), format!("{n}2"));
        ok(&[
            "tournament",
            "team",
            "add",
            f,
            n,
            "--player",
            &p1,
            "--player",
            &p2,
        ]);
    }
    let mut rounds = 0;
    loop {
        let seed = (rounds + 10).to_string();
        let (fine, out, err) = xiangqi(&["tournament", "team", "pair", f, "--seed", &seed]);
        if !fine {
            assert_eq!(
                err.trim(),
                "error: no round to pair: the knockout is decided"
            );
            break;
        }
        rounds += 1;
        let round = rounds.to_string();
        let tables = out.lines().filter(|l| l.contains("  -  ")).count();
        for table in 1..=tables {
            let table = table.to_string();
            for team in 1..=3 {
                // Only the two teams at this table are accepted.
                let _ = xiangqi(&[
                    "tournament",
                    "team",
                    "lineup",
                    f,
                    &round,
                    &team.to_string(),
                    "1,2",
                ]);
            }
            for board in ["1", "2"] {
                ok(&[
                    "tournament",
                    "team",
                    "result",
                    f,
                    &round,
                    &table,
                    board,
                    "1-0",
                ]);
            }
        }
        assert!(rounds < 10);
    }
    // Semi-final: match and play-off; final: match and play-off.
    assert_eq!(rounds, 4);
    let out = ok(&["tournament", "team", "bracket", f]);
    assert!(out.contains("(Lot)") && out.contains("champion: "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_team_swiss_paired_by_the_cxa_engine() {
    // CXA 10.3, 12.3: `pair` without matches pairs a Swiss of teams by 场分 with the CXA engine;
    // no rematch, so with 2 teams the second round cannot be paired; hand pairs stay possible.
    let dir = scratch("teamswiss");
    let file = dir.join("teams.json");
    let f = file.to_str().unwrap();
    let ok = |args: &[&str]| {
        let (ok, out, err) = xiangqi(args);
        assert!(ok, "{args:?}: {err}");
        out
    };
    ok(&[
        "tournament",
        "team",
        "new",
        f,
        "--format",
        "swiss",
        "--rounds",
        "3",
        "--boards",
        "1",
        "--board-rule",
        "fixed",
    ]);
    for n in ["A", "B", "C", "D"] {
        ok(&[
            "tournament",
            "team",
            "add",
            f,
            n,
            "--player",
            &format!("{n}1"),
        ]);
    }
    let out = ok(&["tournament", "team", "pair", f, "--seed", "9"]);
    assert_eq!(
        out.lines().filter(|l| l.contains(" - ")).count(),
        2,
        "{out}"
    );
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("\"seed\": 9")
    );
    // Red wins both: the first-listed teams lead on 场分 and meet in round 2.
    for team in ["1", "2", "3", "4"] {
        ok(&["tournament", "team", "lineup", f, "1", team, "1"]);
    }
    for table in ["1", "2"] {
        ok(&["tournament", "team", "result", f, "1", table, "1", "1-0"]);
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let firsts: Vec<String> = text
        .split("\"first\": ")
        .skip(1)
        .map(|s| s.split(',').next().unwrap().trim().to_string())
        .collect();
    let out = ok(&["tournament", "team", "pair", f]);
    let name = |i: &str| ["A", "B", "C", "D"][i.parse::<usize>().unwrap()];
    let top = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    assert!(
        top.contains(name(&firsts[0])) && top.contains(name(&firsts[1])),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
