//! A forty-third audit (issue 16, concept 4): a forced line that ends by playing a capture
//! that stood before the move lends that capture's gain to the piece it names.
//!
//! The wording relied on (CXA 2011 and the book's figures):
//!
//! - 24.3 捉: "凡走子后能够造成……吃掉对方的子" — what the move makes possible, a capture that
//!   wins material ("得子").
//! - 图5: "红方退车前就可吃底士，退车后吃士结果没有发生变化" — a capture that stood before the
//!   move, with the same result, is no chase of the move (闲).
//!
//! So a line whose gain is the standing capture's (played as its last capture), less what the
//! rest of the line gives up, wins nothing the move made: the line must win more than that
//! capture wins on its point. Found on a perturbed 参考图35 (`perturb_figures.py 41 16`,
//! CXA2020-ref35-s41-6): a red rook added on c6, where the black cannon on c3 takes it over its
//! own pawn before any move of the cycle and after each. The rook's 车d4–f4 was ruled a chase of
//! the advisor on f0 by the line 车×f0 将, 帅×f0, 炮×c6 (net 2: the advisor for the rook), and
//! Black, 长捉, had to change.
//!
//! | test | board | book | engine before |
//! |---|---|---|---|
//! | a_sacrifice_that_ends_on_a_standing_capture_chases_nothing | 参考图35 with a red rook on c6 | 车d4–f4 闲 (the cannon takes c6 for 9 before and after; the sacrifice on f0 alone loses 7): Red 捉闲, Black 捉闲, a draw | 车d4–f4 捉 (the advisor): Black to change |
//! | checks_that_end_on_a_standing_capture_chase_nothing | 参考图18 with pieces set elsewhere | 车d2–b2 闲 (车b0 将, 士×d0 … 车×d0, 将×d0, and the horse takes the rook on c9 it took all along): Black 将闲, a draw | 车d2–b2 捉 (the advisor): Black to change |
//! | a_rook_escaping_is_idle_whichever_line_is_named | a random board (`random_cycles`, seed 1310) | 车b7–c7 闲 (out of the red rook's reach, 车i3×i4 now pays, and a line wins it with the rook on c7 idle): a draw | the same as played, 捉 with the colours swapped (the line named moved the rook) |
//! | a_trade_that_ends_on_a_standing_capture_chases_nothing | 图4 with pieces set elsewhere | 马d5–f6 闲 (it opens 炮i5×c5, 象e7×c5, a cannon for a horse, and 相e2×g0 takes the pawn it took all along): Red 捉闲, a draw | 马d5–f6 捉 (the horse on c5): Red to change |
//!
//! Measured (`rule_cases FILE BOOK 1 json`, against the commit before): the books' cases and the
//! corpus identical under both books; of 6,538 perturbed figures (seeds 21, 31 and 41, pieces
//! added, taken away or set elsewhere) 16 verdicts and 2 labels change under CXA 2011, every one a
//! line of this kind (a sacrifice, a trade or checks, ending on a standing capture worth at least
//! what the line wins), and none under WXF 2018. Only the line's last capture lends its gain: a
//! standing capture played first that opens a further win (`random_threats`'
//! `a_rook_winning_alone_is_no_joint_chase_whatever_line_is_named`: 马c3×e2 将 takes the cannon that
//! guarded the pawn on e7 by mate) leaves the further win the line's own.
//!

mod symmetry;

use xiangqi_arbiter::{Color, Verdict};

/// 参考图35 with a red rook on c6 (CXA2020-ref35-s41-6). Red's horse steps f6–d5, attacking the
/// unguarded cannon on c3 and rook on f4 (捉); Black's rook steps f4–d4, attacking the unguarded
/// horse (捉); the horse steps back to f6 (闲) and the rook to f4. There it attacks the advisor on
/// f0, guarded by the general: 车×f0 将, 帅×f0 loses the rook for the advisor, and the cannon's
/// 炮c3×c6 that follows stood before the move and stands after it (the rook on c6 has no guard),
/// worth 9 alone: the step makes no capture pay that did not before, 闲 (图5). Both sides 一捉一闲:
/// a draw (art. 25.2).
#[test]
fn a_sacrifice_that_ends_on_a_standing_capture_chases_nothing() {
    symmetry::cxa_labels(
        "2b1k4/4a4/r1n1b4/p1R2N3/2p6/5r3/P1c3P2/4B3N/R8/2BAKA3 w - - 0 1",
        "f6d5 f4d4 d5f6 d4f4",
        Verdict::Draw,
        "捉闲",
        "捉闲",
    );
}

/// 参考图18 with pieces set elsewhere (CXA2020-ref18-m41-7): the red king steps e0–d0 and back; the
/// black rook checks from d2 and steps back to b2. From b2, 车b0 将, 士e1–d0, 车×d0 将, 帅×d0 wins
/// the advisor for the rook, and the horse on b7 then takes the red rook on c9, which it could
/// take before the step and after it (the rook has no guard): the line is worth 2 against the
/// standing capture's 9, no chase (图5). Black 一将一闲, Red's king moves idle: a draw.
#[test]
fn checks_that_end_on_a_standing_capture_chase_nothing() {
    symmetry::cxa_labels(
        "2R1ckb2/4R4/1n7/9/4P4/9/3c5/1r7/4A4/4K4 w - - 0 1",
        "e0d0 b2d2 d0e0 d2b2",
        Verdict::Draw,
        "闲闲",
        "将闲",
    );
}

/// 图4 with pieces set elsewhere (CXA2020-fig04-m41-13): the red horse steps f6–d5, attacking the
/// unguarded elephant on e7 (捉), and back; the black elephant steps i7–g5 and back. The horse's
/// step back to f6 opens 炮i5×c5 over the elephant on g5, but 象e7×c5 takes the cannon back (a
/// cannon for a horse, no gain), and the elephant's 相e2×g0 that follows takes a pawn it took
/// before the step and after it: no chase (图5). Red 一捉一闲, Black idle: a draw.
#[test]
fn a_trade_that_ends_on_a_standing_capture_chases_nothing() {
    symmetry::cxa_labels(
        "4k4/4a4/4ba2b/5N3/2n5C/7p1/P4n3/4BA3/4A4/2B1K1p2 w - - 0 1",
        "f6d5 i7g5 d5f6 g5i7",
        Verdict::Draw,
        "捉闲",
        "闲闲",
    );
}

/// A board `random_cycles` found (seed 1310, `random_cycles.proptest-regressions`), not a book
/// figure (the red elephant on a3 stands where no elephant can go): Black's rook steps b7–c7 out
/// of the red rook on b1's reach (on b7 it offered the rooks, 兑), and the black rook on i3's
/// capture of the rook on i4, which stood before, now pays. The rook on c7 adds nothing to it:
/// a step out of danger, 闲 (参考图37). It was 闲 as played and 捉 with the colours swapped,
/// where the line the search named for 车×i4 moved the rook on c7 (escape_only asked one line;
/// it now asks the line named on every image of the board). Red's elephant chases the horse on
/// f0 (无根子) every other move: both sides allowed, a draw.
#[test]
fn a_rook_escaping_is_idle_whichever_line_is_named() {
    let ruling = symmetry::cxa_checked(
        "9/3N1k1n1/2r2p3/8c/4N4/5B2R/B4P2r/9/1R7/4Kn3 b - - 0 1",
        "c7b7 f4d2 b7c7 d2f4 c7b7 f4d2 b7c7 d2f4",
    );
    let text = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
    symmetry::assert_natures(&ruling, Color::Red, "捉闲捉闲");
    symmetry::assert_natures(&ruling, Color::Black, "闲闲闲闲");
}
