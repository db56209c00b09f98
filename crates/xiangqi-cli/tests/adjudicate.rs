//! `xiangqi adjudicate` end to end: a misprinted book diagram, refused, then ruled as drawn.

mod common;
use common::{ok, xiangqi};

/// AXF diagram 71 as transcribed: a black pawn on i7, behind its starting rank. Red's general
/// and horses chase the black pawn on the back rank in turn (a chase by the general with
/// another piece, not allowed: AXF rule 30's exceptions), Black's pawn only runs.
const D71: &str = "3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/4p4 w - - 0 1";
const D71_MOVES: &str = "d1e1 e0d0 e1d1 d0e0 d1e1 e0d0 e1d1 d0e0";

#[test]
fn a_diagram_with_a_piece_off_its_points_is_refused_then_ruled_as_drawn() {
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
