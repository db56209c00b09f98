//! A forty-second audit (issue 16, concepts 3 and 4): where a piece that steps out of danger
//! lets a capture pay, when is its step 避吃促成得子 (闲) and when a chase of its own (捉)?
//!
//! The wording relied on (CXA 2011 and the book's figures):
//!
//! - 24.3 捉: "凡走子后能够造成……吃掉对方的子" — what the move makes possible.
//! - 24.17 联合捉子: "缺少其中任何一个都无法吃子" — a piece the capture cannot do without takes part.
//! - 参考图37: "炮9退1（闲）… 红方长捉，黑方两闲" — the cannon's step out of the rook's reach lets
//!   the other cannon's capture pay, "没有加强进攻子力": 闲.
//! - 图11: "红方车炮联合捉子" — the cannon stepping out of the rook's attack pins the victim's root.
//! - 图27: "马八进七（捉） 炮１进１（捉） … 红方长捉无根子，黑方车炮联合捉子，红方变着" — the cannon
//!   stepping out of the horse's attack stands behind its elephant and backs the rook's capture
//!   of the horse on a0: 捉.
//!
//! So the escape is 闲 only where the escaping piece adds nothing to the attack on the piece won:
//! no screen, no pin of the victim's root, no capture of its own in the exchange or the line, no
//! check in it; what it still does (a root of its side's other pieces) it did from where it
//! stood. `escape_only` asked the last point by taking the piece off the board, which also took
//! away its roots: 参考图46 with a red pawn on i3 (`audit_cases_12`) and the board of the third
//! test below were ruled 捉 for a rook that only kept rooting what it rooted before. It now asks
//! whether the line wins as much before the move with the piece's attackers off the board.
//!
//! Measured (`rule_cases … json`, against the ledger change of `audit_cases_41` alone): the
//! books' cases identical under both books; the unshipped CXA figures 76/80, labels as before
//! (图27's escape stays 捉: the cannon joins the exchange on a0, `bears_on_capture`); the corpus:
//! no verdict changed, 2 rulings' labels (五羊杯 00002108 and 00002109, move 28, the last test
//! below: the cannon's step i0–h0 was 捉 and h0–i0 闲, now both 闲); 4 of 2,208 perturbed figures
//! change labels, no verdict (参考图21's and 参考图46's kinds, each an escape by a rook that
//! roots the same piece from both points). A first version took the piece's attackers off the
//! board instead of making it immune; on 参考图21's kind without the red elephant on g0 the
//! horse's leaving c2 opens the red cannon's rank onto the rook's capture on g2, and the escape
//! turned 捉.
//!
//! | test | board | book | engine before |
//! |---|---|---|---|
//! | a_cannon_backing_the_capture_chases_as_it_escapes | 图27 without the far black pawn on i6 | all 捉; Red (长捉无根子) to change | the same |
//! | a_cannon_that_checks_and_takes_chases_as_it_escapes | 五羊杯 00000254, plies 136–143 | the cannon's escape 炮d5–d4 捉 (it checks over the pawn and takes the advisor itself): Black 长捉, Red 跟 once: Black to change | the same |
//! | a_rook_rooting_from_both_points_escapes_idly | 参考图21 with the black rooks on d3 and g3 (its kind) | 车d4–d3 闲 (the rook roots the cannon on d6 from d4 as from d3; 车g3×g2 now pays): Red 长捉 to change | 车d4–d3 捉: both forbidden, Red to change by 26.9.3 |
//! | a_cannon_stepping_out_of_danger_both_ways_is_idle_both_ways | 五羊杯 00002108, plies 48–55 | both cannon steps 闲 (车b9×b2 stood; each step only saves the cannon): Red 长捉 to change | 炮i0–h0 捉, 炮h0–i0 闲 (the verdict the same) |
//! | a_rook_escaping_is_idle_whichever_way_the_board_is_turned | a random board (`random_threats`, seed 1281) | 车a2–a6 闲 (车b7×b5 stood; the rook's later take of a8 is no part of it): a draw | the first version of this change (it walked the whole named line): 捉 as played, 闲 with the colours swapped |

mod symmetry;

use xiangqi_arbiter::{Color, MoveNature, Ruling, Verdict};

fn natures(ruling: &Ruling, plies: &[usize], want: impl Fn(MoveNature) -> bool, what: &str) {
    let text = ruling.explanation.en();
    for &ply in plies {
        let nature = ruling.moves[ply].nature;
        assert!(
            want(nature),
            "ply {}: {nature:?}, not {what}\n{text}",
            ply + 1
        );
    }
}

/// 图27 without the black pawn on i6: black cannon a9 behind its elephant a7, rook a1 on the red
/// horse a0, which the red rook d0 guards; the red horse b6 chases the cannon between a9 and a8.
/// With the cannon safe, 车×a0, 车d0×a0, 炮×a0 wins the horse; the cannon is the second capturer.
#[test]
fn a_cannon_backing_the_capture_chases_as_it_escapes() {
    let ruling = symmetry::cxa_checked(
        "c4k3/4a4/b4a3/1Np6/6p2/9/6P2/4B4/r3A4/N2RKA3 w - - 0 1",
        "b6c8 a9a8 c8b6 a8a9 b6c8 a9a8 c8b6 a8a9",
    );
    natures(
        &ruling,
        &[0, 1, 2, 3, 4, 5, 6, 7],
        |n| n == MoveNature::Chase,
        "捉",
    );
    let text = ruling.explanation.en();
    assert!(ruling.red.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red), "{text}");
}

/// 五羊杯 00000254, the position after ply 135: the black cannon steps between d5 (attacked by
/// the red horse on e7) and d4. From either point 卒e3–d3 makes a screen and checks the general
/// on d1, 仕e1–d2 blocks, and the cannon takes the advisor: the line is the cannon's own, and
/// its step is a chase of its own (24.3), not an escape that lets another piece's capture pay.
#[test]
fn a_cannon_that_checks_and_takes_chases_as_it_escapes() {
    let ruling = symmetry::cxa_checked(
        "3k5/4a1P2/b3Na3/1C1P5/2bc5/2B6/4p4/2n1BA3/3KA4/9 b - - 0 1",
        "d5d4 e7f5 d4d5 f5e7 d5d4 e7c8 d4d5 c8e7",
    );
    natures(&ruling, &[0, 2, 4, 6], |n| n == MoveNature::Chase, "捉");
    let text = ruling.explanation.en();
    assert!(ruling.black.forbidden && !ruling.red.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Black), "{text}");
}

/// 参考图21's kind: black rooks d3 and g3, cannon d6; red horses c2 and g2, rook h6. The red
/// horse chases the rook between d3 and d4. From d3 the rook is safe and 车g3×g2 pays; from d4
/// it was the horse's to take. Off the board, the rook would no longer root the cannon on d6
/// against 车h6×d6, but it roots it from d4 as from d3: its step adds nothing to the attack on
/// g2 (参考图37), 闲. Red 长捉 (the horse attacks the rook on every move), Black one 捉 and one
/// 闲: Red must change.
#[test]
fn a_rook_rooting_from_both_points_escapes_idly() {
    let ruling = symmetry::cxa_checked(
        "3k1ab2/4a4/9/p2c3Rp/2b3p2/9/P2rP1r1P/2NA2N2/4A4/4K1B2 w - - 0 1",
        "c2b4 d3d4 b4c2 d4d3 c2b4 d3d4 b4c2 d4d3",
    );
    natures(
        &ruling,
        &[0, 1, 2, 4, 5, 6],
        |n| n == MoveNature::Chase,
        "捉",
    );
    natures(&ruling, &[3, 7], |n| !n.is_attacking(), "闲");
    let text = ruling.explanation.en();
    assert!(ruling.red.forbidden && !ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red), "{text}");
}

/// 五羊杯 00002108, the position after ply 47: the red rook chases the black cannon between i0
/// and h0 along the bottom rank; with the cannon safe the black rook's standing 车b9×b2 (the
/// cannon on b2 unguarded) pays, as it would not while the rook could take the cannon instead.
/// Each step only saves the cannon (参考图37): 闲 both ways, the cannon on h0 and on i0 alike.
/// Red 长捉: Red must change.
#[test]
fn a_cannon_stepping_out_of_danger_both_ways_is_idle_both_ways() {
    let ruling = symmetry::cxa_checked(
        "1r1akab2/6c2/2R1b4/p3p3p/5nr2/4PN3/P7P/1CN3C2/4A3R/2BAK3c b - - 4 24",
        "i0h0 i1h1 h0i0 h1i1 i0h0 i1h1 h0i0 h1i1",
    );
    natures(&ruling, &[0, 2, 4, 6], |n| !n.is_attacking(), "闲");
    natures(&ruling, &[1, 3, 5, 7], |n| n == MoveNature::Chase, "捉");
    let text = ruling.explanation.en();
    assert!(ruling.red.forbidden && !ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red), "{text}");
}

/// Found by the `random_threats` sweep (seed 1281) on the first version of this change: black
/// rook a6, red pawn a8 and horse c1, black rook b7 over the red pawn on b5. The black rook steps
/// between a6 and a2, where the horse attacks it; on a6 it is safe and 车b7×b5 pays. The line
/// the search named went on after the capture with 车a6×a8 as played (Red's rook having
/// stepped off g3) and without it with the colours swapped: the escape was 捉 one way and 闲
/// the other. What follows the victim's capture is the other side's choice, not the win: 闲
/// both ways (参考图37), and Black 一捉一闲 against Red's idle play: a draw.
#[test]
fn a_rook_escaping_is_idle_whichever_way_the_board_is_turned() {
    let ruling = symmetry::cxa_checked(
        "9/P2k5/1r4p1N/r8/1P7/9/6R2/4B4/2N1K1p2/9 w - - 0 1",
        "g3g6 a6a2 g6g3 a2a6 g3g6 a6a2 g6g3 a2a6",
    );
    natures(&ruling, &[3, 7], |n| !n.is_attacking(), "闲");
    let text = ruling.explanation.en();
    assert!(!ruling.black.forbidden && !ruling.red.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}
