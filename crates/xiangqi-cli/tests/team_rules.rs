//! The team side of the books through the binary: 全队轮赛制 (CXA 11.4), 队员总分制 (CXA
//! 11.5, 14.8), board order by rating with the organiser's override (11.1), line-ups by lot
//! (11.3), team fouls and the organiser's tie-breaks (CXA 14.5, 18.5).

mod common;
use common::{entries, file, ok, scratch, team, xiangqi};

#[test]
fn an_all_play_all_match_of_two_teams() {
    // CXA 11.4: two teams of two, each player meets both opponents; A wins all four games
    // (局分 8–0, 场分 2).
    let dir = scratch("apa");
    let f = &file(&dir, "duel.json");
    team(&[
        "new",
        f,
        "--format",
        "all-play-all",
        "--boards",
        "2",
        "--board-rule",
        "fixed",
    ]);
    team(&["add", f, "A", "--player", "A1", "--player", "A2"]);
    team(&["add", f, "B", "--player", "B1", "--player", "B2"]);
    let out = team(&["pair", f]);
    assert!(
        out.contains("board 1 game 1: A board 1 (red)  -  B board 1"),
        "{out}"
    );
    assert!(
        out.contains("board 1 game 2: A board 1 (black)  -  B board 2"),
        "{out}"
    );
    for t in ["1", "2"] {
        team(&["lineup", f, "1", t, "1,2"]);
    }
    for (board, game, result) in [("1", "1", "1-0"), ("1", "2", "0-1"), ("2", "1", "1-0")] {
        team(&["result", f, "1", "1", board, result, "--game", game]);
    }
    let (fine, _, err) = xiangqi(&[
        "tournament",
        "team",
        "result",
        f,
        "1",
        "1",
        "2",
        "0-1",
        "--game",
        "3",
    ]);
    assert!(!fine);
    assert!(err.contains("no game 3"), "{err}");
    team(&["result", f, "1", "1", "2", "0-1", "--game", "2"]);
    let out = team(&["standings", f]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].contains('A') && lines[1].split_whitespace().nth(2) == Some("2"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn board_order_lots_fouls_and_tie_breaks() {
    let dir = scratch("rules11");
    let f = &file(&dir, "league.json");
    team(&["new", f, "--boards", "2", "--tie-breaks", "FOUL,GP"]);
    // CXA 11.1: the higher rating on board 1.
    let (fine, _, err) = xiangqi(&[
        "tournament",
        "team",
        "add",
        f,
        "A",
        "--player",
        "A1:2100",
        "--player",
        "A2:2400",
    ]);
    assert!(!fine);
    assert!(err.contains("CXA 11.1"), "{err}");
    let out = team(&[
        "add",
        f,
        "A",
        "--player",
        "A1:2100",
        "--player",
        "A2:2400",
        "--override",
        "ranked by the club's trial",
    ]);
    assert!(out.contains("by override"), "{out}");
    team(&["add", f, "B", "--player", "B1", "--player", "B2"]);
    team(&["pair", f]);
    for t in ["1", "2"] {
        team(&["lineup", f, "1", t, "1,2"]);
    }
    for board in ["1", "2"] {
        team(&["result", f, "1", "1", board, "1/2"]);
    }
    // A drawn match; a foul by A's player 2 puts B first (FOUL is the first tie-break).
    let out = team(&[
        "penalise", f, "1", "--player", "2", "--round", "1", "--kind", "foul",
    ]);
    assert!(out.contains("1 fouls"), "{out}");
    let out = team(&["standings", f]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].contains('B'), "{out}");
    // The tie-breaks' columns, in the organiser's order and named by their codes as the team
    // page names them: 犯规 (fouls, CXA 14.5) then 局分 (CXA 13.2: a drawn game is 1 to each
    // side, so two drawn boards are 2 each).
    let cells =
        |line: &str| -> Vec<String> { line.split_whitespace().map(str::to_owned).collect() };
    assert_eq!(
        cells(lines[0]),
        ["rank", "team", "场分", "FOUL", "GP"],
        "{out}"
    );
    assert_eq!(cells(lines[1]), ["1", "B", "1", "0", "2"], "{out}");
    assert_eq!(cells(lines[2]), ["2", "A", "1", "1", "2"], "{out}");
    let (fine, _, err) = xiangqi(&[
        "tournament",
        "team",
        "new",
        &file(&dir, "x.json"),
        "--tie-breaks",
        "XX",
    ]);
    assert!(!fine && err.contains("unknown tie-break"), "{err}");

    // CXA 11.3: a board order by lot under 临时定台制 only.
    let g = &file(&dir, "temp.json");
    team(&["new", g, "--boards", "2", "--board-rule", "temporary"]);
    for n in ["C", "D"] {
        let (p1, p2, p3) = (format!("{n}1"), format!("{n}2"), format!("{n}3"));
        team(&[
            "add", g, n, "--player", &p1, "--player", &p2, "--player", &p3,
        ]);
    }
    team(&["pair", g]);
    let out = team(&["lineup", g, "1", "1", "3,1", "--lot", "9"]);
    assert!(
        out.contains("drawn by lot") && out.contains("C3 (3)") && out.contains("C1 (1)"),
        "{out}"
    );
    let (fine, _, err) = xiangqi(&[
        "tournament",
        "team",
        "lineup",
        f,
        "1",
        "1",
        "1,2",
        "--lot",
        "1",
    ]);
    assert!(!fine && err.contains("11.3"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn team_places_from_an_individual_round_robin() {
    // CXA 11.5, 14.8: four players of two units, the lower number wins every game: places
    // 1–4; 北京 (P1, P4) 1+4 = 5 and 上海 (P2, P3) 2+3 = 5: equal, 北京's best place first.
    let dir = scratch("places115");
    let csv = entries(
        &dir,
        "name,rating,club\nP1,,北京\nP2,,上海\nP3,,上海\nP4,,北京\n",
    );
    let f = &file(&dir, "open.json");
    ok(&["tournament", "new", f, "--entries", &csv]);
    for round in 1..=3 {
        let out = ok(&["tournament", "pair", f]);
        for line in out.lines().filter(|l| l.contains("(red)")) {
            let words: Vec<&str> = line.split_whitespace().collect();
            // "1  P1 (red)  -  P4 (black)"
            let (board, red, black) = (words[0], words[1], words[4]);
            let result = if red < black { "1-0" } else { "0-1" };
            ok(&["tournament", "result", f, &round.to_string(), board, result]);
        }
    }
    let out = ok(&["tournament", "team-places", f]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].contains("北京") && lines[1].contains("1+4"),
        "{out}"
    );
    assert!(
        lines[2].contains("上海") && lines[2].contains("2+3"),
        "{out}"
    );
    let out = ok(&["tournament", "team-places", f, "--count", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["teams"][1]["sum"], 2, "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `team new --rule KEY=VALUE` keeps the numbers for the team event's games in its file, as
/// `tournament new --rule` does (CXA 2011 art. 4.2.4 lowers the move limit by level; 8.1.8
/// loses a junior event's game at the second illegal move), and the CLI shows them; a number
/// the book does not allow (WXF 2018 art. 8's limit is 50 moves) fails in one line naming it.
#[test]
fn a_team_event_keeps_the_rules_of_its_games() {
    let dir = scratch("team-game-rules");
    let f = &file(&dir, "junior.json");
    let out = team(&[
        "new",
        f,
        "--boards",
        "2",
        "--rule",
        "move_limit=40",
        "--rule",
        "illegal_moves_to_lose=2",
    ]);
    assert!(out.contains("games' rule: move_limit=40"), "{out}");
    assert!(
        out.contains("games' rule: illegal_moves_to_lose=2"),
        "{out}"
    );
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(f).expect("the file")).expect("JSON");
    let set = log["events"]
        .as_array()
        .and_then(|e| e.iter().find(|e| e["event"] == "game_rules_set"))
        .expect("the games' rules are kept");
    assert_eq!(
        set["rules"],
        serde_json::json!({"illegal_moves_to_lose": 2, "move_limit": 40})
    );
    // Kept through later changes, and shown with the standings.
    team(&["add", f, "A", "--player", "A1", "--player", "A2"]);
    let out = team(&["standings", f]);
    assert!(out.contains("games' rule: move_limit=40"), "{out}");

    let (success, _, err) = xiangqi(&[
        "tournament",
        "team",
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
    let _ = std::fs::remove_dir_all(&dir);
}
