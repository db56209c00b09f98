//! `xiangqi adjudicate` end to end: a misprinted book diagram, refused, then ruled as a
//! diagram; a record file in WXF notation, its second game ruled.

mod common;
use common::{file, ok, scratch, xiangqi};

/// AXF diagram 71 as transcribed: a black pawn on i7, behind its starting rank. Red's general
/// and horses chase the black pawn on the back rank in turn (a chase by the general with
/// another piece, not allowed: AXF rule 30's exceptions), Black's pawn only runs.
const D71: &str = "3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/4p4 w - - 0 1";
const D71_MOVES: &str = "d1e1 e0d0 e1d1 d0e0 d1e1 e0d0 e1d1 d0e0";

#[test]
fn a_diagram_with_a_piece_off_its_points_is_refused_then_ruled() {
    let (success, _, err) = xiangqi(&["adjudicate", "--fen", D71, "--moves", D71_MOVES]);
    assert!(!success);
    assert!(err.contains("can never reach"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let out = ok(&[
        "adjudicate",
        "--rules",
        "wxf",
        "--diagram",
        "--fen",
        D71,
        "--moves",
        D71_MOVES,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    let verdict = v["repetition"]["verdict"].as_str().unwrap_or("");
    assert!(["red_must_change", "red_loses"].contains(&verdict), "{out}");
    assert_eq!(v["repetition"]["red"]["forbidden"], true, "{out}");
    assert_eq!(v["repetition"]["black"]["forbidden"], false, "{out}");
}

/// Orange-xiangqi's mutual-chase case (rulings.json ORANGE-106) as a PGN collection's second
/// game, in WXF notation with move numbers: red's rooks chase the a8 cannon in the first loop
/// and the i8 cannon in the second (a move that takes a rook out of a cannon's fire cuts no
/// root along that line, WXF 2018 art. 3.1.H), black's cannons the two rooks in turn: 分捉
/// against 分捉, a draw (AXF rules 16, 32).
#[test]
fn a_record_file_is_ruled_in_any_notation() {
    let dir = scratch("adjudicate-record");
    let pgn = "[Event \"first\"]\n1. C2.5 *\n\n\
               [Event \"second\"]\n[FEN \"3akab2/c2R1R2c/4b4/9/9/9/9/4B4/4K4/2B6 w - - 0 1\"]\n\
               1. R6-2 A4+5 2. R6+2 A5-4 3. R4-2 A6+5 4. R4+2 A5-6 *\n";
    std::fs::write(dir.join("games.pgn"), pgn).expect("record written");
    let path = file(&dir, "games.pgn");
    let out = ok(&[
        "adjudicate",
        "--rules",
        "wxf",
        "--game",
        "2",
        &path,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["repetition"]["verdict"], "draw", "{out}");
    assert_eq!(v["repetition"]["red"]["forbidden"], false, "{out}");
    // The first game has no repetition; a third is not there.
    let out = ok(&["adjudicate", &path, "--json"]);
    assert!(out.contains("\"repetition\":null"), "{out}");
    let (success, _, err) = xiangqi(&["adjudicate", "--game", "3", &path]);
    assert!(!success);
    assert!(err.contains("there is no game 3"), "{err}");
}

/// `--svg DIR`: one diagram per ply of the ruled cycle, named by ply, with the move shaded, the
/// chased pieces arrowed and the explanation as the caption.
#[test]
fn the_ruled_cycle_as_diagrams() {
    let dir = scratch("adjudicate-svg");
    let out_dir = file(&dir, "ruling");
    ok(&[
        "adjudicate",
        "--rules",
        "wxf",
        "--fen",
        "3akab2/c2R1R2c/4b4/9/9/9/9/4B4/4K4/2B6 w - - 0 1",
        "--moves",
        "R6-2 A4+5 R6+2 A5-4 R4-2 A6+5 R4+2 A5-6",
        "--svg",
        &out_dir,
    ]);
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .expect("the folder is made")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(!names.is_empty());
    assert_eq!(names.last().map(String::as_str), Some("ply-008.svg"));
    for name in &names {
        let svg = std::fs::read_to_string(dir.join("ruling").join(name)).expect("diagram");
        assert_eq!(svg.matches("class=\"xq-last\"").count(), 2, "{name}");
        let ply = name.trim_start_matches("ply-").trim_end_matches(".svg");
        let ply: usize = ply.parse().expect("a ply number");
        assert!(svg.contains(&format!(">ply {ply}</text>")), "{name}");
        assert!(svg.contains("class=\"xq-caption\""), "{name}");
    }
    // Each diagram's caption is its own move's explanation and the verdict.
    let ply1 = std::fs::read_to_string(dir.join("ruling").join("ply-001.svg")).expect("svg");
    assert!(ply1.contains("1. 红车 d8d6：捉"), "{ply1}");
    assert!(!ply1.contains("2. 黑士"), "{ply1}");
    assert!(ply1.contains("不变作和"), "{ply1}");
    // Red's rook moves chase the cannons: their diagrams carry an arrow.
    let first_red = std::fs::read_to_string(dir.join("ruling").join(&names[0])).expect("svg");
    let arrows: usize = names
        .iter()
        .map(|n| {
            std::fs::read_to_string(dir.join("ruling").join(n))
                .expect("svg")
                .matches("class=\"xq-arrow\"")
                .count()
        })
        .sum();
    assert!(arrows > 0, "{first_red}");
    // No repetition: nothing to draw, said in one line after the report.
    let (fine, _, err) = xiangqi(&["adjudicate", "--moves", "h2e2", "--svg", &out_dir]);
    assert!(!fine);
    assert!(err.contains("no cycle was ruled"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--rule KEY=VALUE` sets a number the book leaves to the organiser: two moves each without a
/// capture reach a move limit of 2 (CXA 2011 art. 4.2.4 lowers the book's 60, art. 22.2), and
/// the report shows every rule; an unknown key or a limit above the book's fails in one line
/// naming the key.
#[test]
fn the_event_rules_are_set_on_the_command_line() {
    let moves = "h2e2 h9g7 h0g2 i9h9";
    let run = |extra: &[&str]| -> serde_json::Value {
        let out = ok(&[&["adjudicate", "--moves", moves, "--json"][..], extra].concat());
        serde_json::from_str(&out).expect("one JSON object")
    };
    let book = run(&[]);
    assert_eq!(book["move_limit"]["limit"], 60, "{book}");
    assert_eq!(book["move_limit"]["reached"], false, "{book}");
    assert_eq!(book["rules"]["early_draw_moves"], 0, "{book}");
    let lowered = run(&["--rule", "move_limit=2", "--rule", "early_draw_moves=10"]);
    assert_eq!(lowered["move_limit"]["limit"], 2, "{lowered}");
    assert_eq!(lowered["move_limit"]["reached"], true, "{lowered}");
    assert_eq!(lowered["rules"]["early_draw_moves"], 10, "{lowered}");
    assert_eq!(lowered["rules"]["book"], "cxa2011", "{lowered}");
    for (bad, key) in [
        ("move_limt=2", "move_limt"),
        ("move_limit=61", "move_limit"),
    ] {
        let (success, _, err) = xiangqi(&["adjudicate", "--moves", moves, "--rule", bad]);
        assert!(!success, "{bad}");
        assert!(err.contains(key), "{bad}: {err}");
    }
}
