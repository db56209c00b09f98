//! `xiangqi tournament team` end to end: a team event file driven through the binary.

mod common;
use common::{file, scratch, team, xiangqi};

#[test]
fn a_two_game_team_match_by_da_fen() {
    // WXF 9.4: two boards, two games each, colours swapped in the second (CXA 12.4). Red wins
    // every game: each player wins once, 大分 and 小分 level, a drawn match (场分 1 each).
    let dir = scratch("team");
    let f = &file(&dir, "teams.json");
    let wxf = ["--rules", "wxf", "--boards", "2", "--two-games"];
    team(&[&["new", f][..], &wxf, &["--board-rule", "fixed"]].concat());
    for n in ["A", "B", "C"] {
        let (p1, p2, p3) = (format!("{n}1:2300"), format!("{n}2"), format!("{n}3"));
        team(&[
            "add", f, n, "--player", &p1, "--player", &p2, "--player", &p3,
        ]);
    }
    // 3 teams in a round robin: one rests each round, unscored.
    let out = team(&["pair", f]);
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
    team(&["lineup", f, "1", "2", "1,2"]);
    team(&["lineup", f, "1", "3", "1,2"]);
    for second in [false, true] {
        for board in ["1", "2"] {
            let mut args = vec!["result", f, "1", "1", board, "1-0"];
            if second {
                args.push("--second");
            }
            team(&args);
        }
    }
    let out = team(&["standings", f]);
    let lines: Vec<&str> = out.lines().collect();
    // rank, team, score, then the tie-breaks' columns.
    let score = |line: &str| line.split_whitespace().nth(2).map(str::to_owned);
    assert!(
        lines[1].contains('B') && score(lines[1]).as_deref() == Some("1"),
        "{out}"
    );
    assert!(
        lines[2].contains('C') && score(lines[2]).as_deref() == Some("1"),
        "{out}"
    );
    assert!(
        lines[3].contains('A') && score(lines[3]).as_deref() == Some("0"),
        "{out}"
    );
    // CXA 19.2: A rested in round 1, so leaving now it played none of its 2 matches: its
    // results are cancelled; B played 1 of 2, half, so its results stand.
    let out = team(&["withdraw", f, "1"]);
    assert!(out.contains("all results of team 1 are cancelled"), "{out}");
    let out = team(&["withdraw", f, "2"]);
    assert!(!out.contains("cancelled"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_team_knockout_to_its_winner() {
    // CXA 10.4: 3 teams, the top seed has the bye; red wins every game, so each 2-board match
    // is level (one win each) and goes to the play-off match, then the lot (WXF 10.1).
    let dir = scratch("teamko");
    let f = &file(&dir, "cup.json");
    team(&["new", f, "--format", "knockout", "--boards", "2"]);
    for n in ["A", "B", "C"] {
        let (p1, p2) = (format!("{n}1"), format!("{n}2"));
        team(&["add", f, n, "--player", &p1, "--player", &p2]);
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
            for n in 1..=3 {
                // Only the two teams at this table are accepted.
                let n = n.to_string();
                let _ = xiangqi(&["tournament", "team", "lineup", f, &round, &n, "1,2"]);
            }
            for board in ["1", "2"] {
                team(&["result", f, &round, &table, board, "1-0"]);
            }
        }
        assert!(rounds < 10);
    }
    // Semi-final: match and play-off; final: match and play-off.
    assert_eq!(rounds, 4);
    let out = team(&["bracket", f]);
    assert!(out.contains("(Lot)") && out.contains("champion: "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_team_swiss_paired_by_the_cxa_engine() {
    // CXA 10.3, 12.3: `pair` without matches pairs a Swiss of teams by 场分 with the CXA engine;
    // no rematch, so with 2 teams the second round cannot be paired; hand pairs stay possible.
    let dir = scratch("teamswiss");
    let f = &file(&dir, "teams.json");
    let swiss = ["--format", "swiss", "--rounds", "3"];
    team(
        &[
            &["new", f][..],
            &swiss,
            &["--boards", "1", "--board-rule", "fixed"],
        ]
        .concat(),
    );
    for n in ["A", "B", "C", "D"] {
        team(&["add", f, n, "--player", &format!("{n}1")]);
    }
    let out = team(&["pair", f, "--seed", "9"]);
    assert_eq!(
        out.lines().filter(|l| l.contains(" - ")).count(),
        2,
        "{out}"
    );
    assert!(std::fs::read_to_string(f).unwrap().contains("\"seed\": 9"));
    // Red wins both: the first-listed teams lead on 场分 and meet in round 2.
    for n in ["1", "2", "3", "4"] {
        team(&["lineup", f, "1", n, "1"]);
    }
    for table in ["1", "2"] {
        team(&["result", f, "1", table, "1", "1-0"]);
    }
    let text = std::fs::read_to_string(f).unwrap();
    let firsts: Vec<String> = text
        .split("\"first\": ")
        .skip(1)
        .map(|s| s.split(',').next().unwrap().trim().to_string())
        .collect();
    let out = team(&["pair", f]);
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
