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
/// game, in WXF notation with move numbers: red's rooks chase the cannon on a8 on every move,
/// black's cannons chase the two rooks in turn (AXF rules 16, 32).
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
    assert_eq!(v["repetition"]["verdict"], "red_must_change", "{out}");
    // The first game has no repetition; a third is not there.
    let out = ok(&["adjudicate", &path, "--json"]);
    assert!(out.contains("\"repetition\":null"), "{out}");
    let (success, _, err) = xiangqi(&["adjudicate", "--game", "3", &path]);
    assert!(!success);
    assert!(err.contains("there is no game 3"), "{err}");
}
