//! A thirty-eighth audit (issue 16, concept 4): a move that only takes its own piece out of
//! danger, and so lets a capture that stood before pay, creates no chase (避吃促成得子).
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 捉: a move after which a piece can be taken ("凡走子后能够造成……吃掉对方的子"): what the
//!   move makes possible, not a capture that stood before it.
//! - 26.4: "无直接参与……不予考虑" — a piece that takes no direct part is not counted.
//! - 24.17 联合捉子: "缺少其中任何一个都无法吃子" — a piece the capture cannot do without takes part.
//! - The book's 参考图37: "1.车三退一（捉） 炮9退1（闲） 2.车三进一（捉） 炮9进1（闲）。红方长捉，
//!   黑方两闲". The black cannon steps out of the rook's reach each time; with it safe, the other
//!   cannon's capture of the horse on i6 (over the rook, an exchange that wins) now pays, where
//!   before the rook would have taken the cannon back. The book: 闲.
//!
//! Two figures the project ships mark the edges, and keep their rulings: 图11 (the cannon that
//! steps out of the rook's reach pins the elephant guarding the rook's target: without it the
//! capture fails, 车炮联合捉子, 捉) and 参考图49 (the horse that steps out of danger leaves a
//! rootless cannon that cannot leave its line, 不能离线: 长捉无根子, 捉).
//!
//! Measured (`rule_cases … json`, whole rulings against the commit before): the books' cases
//! identical under both books; under CXA the AXF diagrams D26 (labels) and D49 (a draw → red
//! must change, no CXA answer in the book) and two corpus games (世界智力运动会 00000308 move
//! 23; 象甲联赛 00000100 moves 38–41, the black cannon stepping out of the red rook's line lets
//! the horse take the cannon the red move put en prise: black must change → a draw), each read
//! by hand as the book's principle has it.
//!
//! | test | board | book | engine before |
//! |---|---|---|---|
//! | stepping_out_of_danger_is_no_chase | 参考图37's kind mirrored left to right | 红方长捉，黑方两闲: red must change | black's escapes 捉 (verdict the same) |
//! | the_same_with_the_far_pawns_off | 参考图37's kind with the two far black pawns taken off | red must change, black idle | black's escapes 捉 |

mod symmetry;

use xiangqi_arbiter::{Color, MoveNature, Ruling, Verdict};

/// 参考图37's kind mirrored: red rook c5 chasing the black cannon on a4/a5; black cannon d6
/// over the black rook b6 on the red horse a6, which the red cannon a3 guards over the black
/// cannon; the red horse f2 and elephant e2.
const ESCAPE: &str = "3akab2/9/4b3n/Nr1cp1p1p/2R6/c8/C3P4/4BN3/9/3AKAB2 w - - 0 1";
const ESCAPE_CYCLE: &str = "c5c4 a4a5 c4c5 a5a4 c5c4 a4a5 c4c5 a5a4";

/// 参考图37's kind as the book sets it, the black pawns on a6 and c6 taken off.
const ESCAPE_BARE: &str = "2baka3/9/n3b4/4pc1rN/6R2/8c/4P3C/3NB4/9/2BAKA3 w - - 0 1";
const ESCAPE_BARE_CYCLE: &str = "g5g4 i4i5 g4g5 i5i4 g5g4 i4i5 g4g5 i5i4";

fn escapes_are_idle(ruling: &Ruling) {
    let text = ruling.explanation.en();
    for ply in [1, 3, 5, 7] {
        let nature = ruling.moves[ply].nature;
        assert!(
            !nature.is_attacking(),
            "ply {}: {nature:?}\n{text}",
            ply + 1
        );
    }
    for ply in [0, 2, 4, 6] {
        assert_eq!(ruling.moves[ply].nature, MoveNature::Chase, "{text}");
    }
    assert!(ruling.red.forbidden && !ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red), "{text}");
}

#[test]
fn stepping_out_of_danger_is_no_chase() {
    escapes_are_idle(&symmetry::cxa_checked(ESCAPE, ESCAPE_CYCLE));
}

#[test]
fn the_same_with_the_far_pawns_off() {
    escapes_are_idle(&symmetry::cxa_checked(ESCAPE_BARE, ESCAPE_BARE_CYCLE));
}
