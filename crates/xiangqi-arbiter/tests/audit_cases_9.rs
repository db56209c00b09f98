//! A ninth audit of the repetition rulings (棋例): the CXA book's own figures that the project
//! holds (`tests/data/rulings/rulings_cxa.json`, CXA 2020 图/参考图 with the book's labels and
//! explanation), each with one piece added, moved or taken away — the developers' guide's "a
//! piece moved" variant, which the mirrored and colour-swapped runs of every case do not give.
//!
//! Method. For each figure the book's moves, labels and explanation were read first, to find
//! the concept the ruling rests on; then one change of our own was made that by the book's
//! wording must flip a key label or the verdict (a root given or taken, a forcing line cut),
//! or must leave them as they are (a root that cannot reach, a piece far away). The expected
//! verdict and the natures of the chasing side's moves were written from the book's text
//! before the engine was run. The cycles are the figures' own: the start position occurs three
//! times (arts. 23.1, 23.3), and every case is also ruled mirrored and with the colours swapped
//! (`symmetry::check`). Natures are written with the book's characters (see `symmetry::is`).
//!
//! Articles and figures perturbed:
//!
//! | article | concept | figure: change |
//! |---|---|---|
//! | 24.15 | 有根子 / 无根子 | 图22: a rook that roots the pawn; one that cannot reach it |
//! | 24.4, 26.10 | 兑 against 捉 | 图13: the cannon unrooted (the book's own sentence); a pawn far away |
//! | 26.5 | 兑兼捉, 献兼捉 | 参考图26: the cannon rooted; 参考图23: the elephant whose eye the cannon blocks moved |
//! | 26.7 | 送兵将军换车 | 图24: the pawn one file further, with no check on d9 |
//! | 26.1 | the general's move with others | 图15: the horses a rank up |
//! | 24.3, 26.8 | a capture after an even exchange, by a horse not the general | 参考图32 |
//! | 26.9.1, 26.9.4 | 长捉无根子 against 长捉车 | 参考图44: one horse rooted |
//! | 24.16, 24.3 | 假根; a win by a discovered check | 图9: the second cannon taken away |
//! | 24.3, 24.15 | 伏 (a discovered attack) against 少根子 | 参考图1: a second root |
//! | 26.9.1, 26.9.2 | 长捉车 whatever the rook's roots | 参考图38: the rook rooted |
//! | 26.4 | 己方走子造成被捉状态不予考虑 | 参考图21: a horse far away; the cannon rooted twice; the red rook on f6; a horse for the cannon; the cannon and rook a rank up |
//! | 24.15 | 无根子 | 图4: the elephant rooted |
//!
//! Our own first tries that were wrong, shown by the engine and checked against the book
//! before the expectation was written again: four positions were not legal (a third black rook
//! in 图22 and a third elephant in 参考图23, 参考图1 and 参考图44: the root was moved there
//! from another point, or given by another piece); a black horse on h2 in 参考图38 stood on the
//! leg of Red's own cycle move g2-i1 (a rook on h5 roots instead); in 参考图1 a second root of
//! e7 does not save the elephant, since by the book's own words (伏前马进五吃象) 马f5×e7 opens
//! the leg f5 and the horse on f4 takes the rook on g6 next — the variant stays a chase; and in
//! 图9 without the cannon on b0 the advisor's root is still false: 炮g0×d0 is a discovered
//! check by the rook on h0 (or i0), so the general cannot take back on the rook's line and Red
//! must answer the check first — Black still chases on both moves.
//!
//! The engine disagreed with the book twice, both times in the labels of the other side's
//! idle moves, not in a verdict of the book's own figure:
//!
//! 1. 图13 (mended): the book counts Black's king steps 闲 ("黑方两闲"); the engine ruled 将5平4
//!    a chase by art. 26.10 (邀兑受损): after it, 炮五进二 would lose the red rook to 车5退2, so
//!    Black's cannon's standing contact looked like an offer Red could not accept. But the
//!    contact was made by Red's 车六平五 (the book's 兑); a king step offers no exchange
//!    (24.4, 26.10: "同兵种邀兑"). An unsafe offer now counts only when the move made the
//!    contact ([`fig13_with_a_pawn_far_away_the_kings_steps_stay_idle`]).
//! 2. 参考图21 (mended): the book counts 车4进1 闲 — the black rook on g3 and the
//!    red horse on g2 take no part in the cycle, and the horse lost its root (the cannon on a2,
//!    whose screen on d2 gets a second piece in front when the horse returns to c2) by Red's
//!    own move (art. 26.4). The engine's art. 26.4 test asked that the line win as much with the
//!    moved rook taken off the board; without it the black cannon on d6, which the rook roots
//!    along the d-file, falls to 车二平六 with check, so the engine took the rook for a part of
//!    the win and ruled the move a chase (the book's own figure too). The test now keeps the
//!    moved piece where it went and lets it only defend: answer a check, or take back a piece
//!    the other side took of its own accord (not a recapture in the line's own exchange); it
//!    takes nothing else and gives no check. The rook's take-back on d6 is such a defence, and
//!    车4进1 is 闲 ([`ref21_the_books_own_labels_for_black`], and variants: the red rook on f6,
//!    a horse in the cannon's place; the cannon and the rook a rank up, where the advisor on e8
//!    roots the cannon too and the old test already read 闲).

mod symmetry;

use symmetry::{assert_natures, cxa, rule_alike, rule_each, rule_with, wxf};

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

/// 参考图21's cycle from `fen`, with the book's labels: Red 长捉 must change (捉捉捉捉), Black
/// 一捉一闲 (捉闲捉闲: 车4进1 idle by art. 26.4).
fn ref21_labels(fen: &str) {
    let ruling = rule_with(
        fen,
        "c2b4 d3d4 b4c2 d4d3",
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "捉闲捉闲");
}

// ---------------------------------------------------------------------------------------------
// 图22: the rook chases a crossed pawn with no root (art. 24.15).

/// 图22: 车六平五, 车五平六 (捉, 捉) attack the black pawn shuttling between e4 and d4, which
/// nothing protects: 长捉无根子, Red must change. Here the black rook on f9 stands on h4
/// instead, along rank 4 behind the pawn on either point: the pawn is rooted (有根子, art.
/// 24.15), a rook for a pawn wins nothing, and each rook move is 闲. Both sides idle: a draw
/// (art. 25.2). WXF 2018: a protected pawn is not chased: a draw.
#[test]
fn fig22_with_the_pawn_rooted_along_its_rank_is_idle() {
    let fen = "2b1k4/1r2a4/4ba3/1N1R5/9/4p2r1/9/4B4/4A4/3AK1B2 w - - 0 1";
    let cycle = "d6e6 e4d4 e6d6 d4e4";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲闲闲闲"), Some(false));
}

/// 图22 with the black rook on h5, a rank above the pawn: it guards neither e4 nor d4, the
/// pawn is still unrooted, and the book's ruling stands: 捉, 捉, Red must change (arts.
/// 24.11, 26.9.1, 25.3). WXF 2018: a rook chasing an unprotected pawn: Red must change.
#[test]
fn fig22_with_a_rook_that_cannot_reach_the_pawn_still_chases() {
    let fen = "2b1k4/1r2a4/4ba3/1N1R5/7r1/4p4/9/4B4/4A4/3AK1B2 w - - 0 1";
    let cycle = "d6e6 e4d4 e6d6 d4e4";
    rule_alike(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 图13: 兑 against 捉 (arts. 24.4, 26.10).

/// 图13's own variation: "如黑方中炮无根，红方车六平五判'捉'". The black elephant on g9, the
/// cannon's only root, is taken away: 车六平五 makes the red cannon's capture of the unrooted
/// cannon on e7 (over the rook) a chase, and 车五平六 still checks. Red 一将一捉 (of an unrooted
/// piece) must change (arts. 24.13, 26.9.1, 25.3); the black king's steps are allowed. WXF
/// 2018: one check and one chase is no perpetual (the digest's table, item 12): a draw.
#[test]
fn fig13_with_the_cannon_unrooted_the_offer_is_a_chase() {
    let fen = "3k1a3/4a4/4c4/4R3p/3PC4/4r4/8P/9/9/5K3 w - - 0 1";
    let cycle = "e6d6 d9e9 d6e6 e9d9";
    rule_each(
        fen,
        cycle,
        [
            (
                Verdict::MustChange(Color::Red),
                Some("将捉将捉"),
                Some(false),
            ),
            (Verdict::Draw, Some("将捉将捉"), Some(false)),
        ],
    );
}

/// 图13 with a red pawn on a3, far from every piece of the cycle: the book's ruling stands,
/// Red 一将一兑 and Black "两闲", a draw (art. 25.2). 将5平4 makes 炮五进二 cost Red the rook
/// (车5退2), but the cannons' contact is Red's offer (车六平五, 兑); the king's step offers
/// nothing (arts. 24.4, 26.10) and is idle. WXF 2018: a draw, as the figure.
#[test]
fn fig13_with_a_pawn_far_away_the_kings_steps_stay_idle() {
    let fen = "3k1ab2/4a4/4c4/4R3p/3PC4/4r4/P7P/9/9/5K3 w - - 0 1";
    let cycle = "e6d6 d9e9 d6e6 e9d9";
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Draw,
        Some("将兑将兑"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "闲闲闲闲");
    rule_with(fen, cycle, &wxf(), Verdict::Draw, None, Some(false));
}

// ---------------------------------------------------------------------------------------------
// Art. 26.5: a move of several natures (兑兼捉, 献兼捉).

/// 参考图26: 马三进二 offers the rooks (兑) and opens the rook on i6 onto the black cannon on
/// i7, unrooted while the horse on h8 blocks the elephant's eye: 兑兼捉, 捉 (art. 26.5); 马二退三
/// attacks the rook on e7 (捉). Here a black rook on i9 guards the cannon along the i-file:
/// the rook's capture of a rooted cannon wins nothing, 马三进二 is 兑 only (闲), and Red plays
/// 一闲一捉, allowed: a draw. WXF 2018: a draw (one chase, one idle move).
#[test]
fn ref26_with_the_cannon_rooted_the_horse_offers_only_an_exchange() {
    let fen = "4kab1r/4a4/8c/4r1N1R/9/2p6/9/4B4/4A4/3AK4 w - - 0 1";
    let cycle = "g6h8 e6e7 h8g6 e7e6";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲捉闲捉"), Some(false));
}

/// 参考图23: 炮六进二 and 炮六退二 each stand on the eye (d8, d6) of the elephant on e7 that roots
/// the black cannon (on c9, on c5), which the rook on c4 then takes: 献兼捉, 捉 (art. 26.5),
/// 长捉, Red must change. Here the elephant stands on a7 instead, rooting c9 and c5 through eyes
/// the red cannon cannot reach: the rook's captures win nothing, Red's moves are 闲 and 献, and
/// Black's 一闲一捉 is allowed: a draw. WXF 2018: a rook attacking a protected cannon is no
/// chase: a draw.
#[test]
fn ref23_with_the_elephant_on_a7_the_cannon_cuts_no_root() {
    let fen = "2c1kab2/4a4/b8/3C3r1/pn7/2R3P2/P3P3P/4B1N2/3pA4/3AK1B2 w - - 0 1";
    let cycle = "d6d8 c9c5 d8d6 c5c9";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲闲闲闲"), Some(false));
}

// ---------------------------------------------------------------------------------------------
// 图24: 主动送兵将军换车按捉处理 (art. 26.7).

/// 图24: after 车一退四 the rook may take the pawn on e5 with check; once the black rook blocks
/// on e8, 兵七平六 checks and gives the pawn for the rook: "主动送兵(卒)将军换车按'捉'处理" (art. 26.7). Here the
/// red pawn stands on b9: its step to c9 gives no check, the line wins nothing, and the
/// rook's retreat only attacks an uncrossed pawn (no gain, art. 26.7): 闲. Red two idle moves:
/// a draw, as the figure. WXF 2018: a draw.
#[test]
fn fig24_with_the_pawn_on_b9_no_pawn_check_wins_the_rook() {
    let fen = "1P2kn3/4r4/9/9/p3p3R/9/4P4/4B4/9/2BAKA3 w - - 0 1";
    let cycle = "i5i9 e8f8 i9i5 f8e8";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲闲闲闲"), Some(false));
}

// ---------------------------------------------------------------------------------------------
// 图15: the general's move and the other pieces' new captures (art. 26.1).

/// 图15: "帅（将）允许长捉，但走动后，双马也轮流捉卒，判'捉'" — each general step frees a horse's
/// leg onto the pawn (art. 26.1). Here the horses stand on d3 and e3, a rank up, from where
/// they reach neither d0 nor e0: the general alone attacks the pawn, which the book allows,
/// and Red's steps are idle: a draw. WXF 2018: the general may chase: a draw.
#[test]
fn fig15_with_the_horses_a_rank_up_the_general_chases_alone() {
    let fen = "3a2b1r/4ak3/8b/9/9/9/3NN4/B7B/3K5/4p4 w - - 0 1";
    let cycle = "d1e1 e0d0 e1d1 d0e0";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲闲闲闲"), Some(false));
}

// ---------------------------------------------------------------------------------------------
// 参考图32: a capture after an even exchange (arts. 24.3, 26.8).

/// 参考图32: 马三进二 means 马×f9 炮, 将×f9 马, and then the general takes the horse on f2 that
/// the cannon guarded: a general's capture after an even exchange, "按'闲'处理" (art. 26.8).
/// Here a red horse on d1 also looks at f2 (its leg e1 free; the black horse's leg back, e2, is
/// the red elephant): after the same even exchange the horse takes the unrooted horse, a win
/// by a piece art. 26.8 does not except — 马三进二 is 捉 by the complete exchange of art. 24.3;
/// 马二退三 attacks the unrooted cannon (捉). Red 长捉 must change. WXF 2018: an attack on a
/// protected cannon is no chase: a draw.
#[test]
fn ref32_with_a_horse_to_take_after_the_exchange_the_horse_chases() {
    let fen = "2b1kc3/4a4/4ba3/4P1N2/9/2B6/9/4Bn3/3N1K3/9 w - - 0 1";
    let cycle = "g6h8 f9f8 h8g6 f8f9";
    rule_each(
        fen,
        cycle,
        [
            (
                Verdict::MustChange(Color::Red),
                Some("捉捉捉捉"),
                Some(false),
            ),
            (Verdict::Draw, Some("闲捉闲捉"), Some(false)),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// 参考图44: 长捉无根子 against 长捉车 (art. 26.9).

/// 参考图44: "红方长捉无根子，黑方长捉车，双方不变作和" (art. 26.9.4). Here a black rook on i9
/// guards the horse on i7: 车四平一 attacks a rooted horse (a rook for a horse, no gain: 闲),
/// Red plays 一闲一捉, allowed, while Black's cannon still chases the rook on every move (长捉车,
/// art. 26.9.1): Black must change (art. 25.3). WXF 2018: the same.
#[test]
fn ref44_with_the_horse_rooted_only_black_chases() {
    let fen = "2baka2r/9/4bn2n/4PR3/p8/9/8P/5A3/4Ac3/4K4 w - - 0 1";
    let cycle = "f6i6 f1i1 i6f6 i1f1";
    rule_alike(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        Some("闲捉闲捉"),
        Some(true),
    );
}

// ---------------------------------------------------------------------------------------------
// 图9: a false root and a discovered check (arts. 24.16, 24.3).

/// 图9 without the black cannon on b0, whose screen c0 made the general's recapture on d0
/// impossible (假根, art. 24.16). The root stays false all the same: 炮g0×d0 opens the black
/// rook on h0 (or i0) onto the general — a discovered check: the general cannot take back on
/// the rook's line, and Red must answer the check before anything else — and Black wins by a
/// check and then captures (art. 24.3: "从下一着开始运用将军或连续将军得子"). Black still 长捉 and
/// must change; Red 一捉一兑, allowed. WXF 2018: a draw, as the figure.
#[test]
fn fig09_without_the_second_cannon_the_advisor_still_falls_to_a_discovered_check() {
    let fen = "r1b1kab2/4a4/2n6/p3p2Rp/2p1P4/6N2/P1P5P/2N1C4/3RA4/2BAK1c1r w - - 0 1";
    let cycle = "g4h2 i0h0 h2g4 h0i0";
    let [by_cxa, _] = rule_each(
        fen,
        cycle,
        [
            (
                Verdict::MustChange(Color::Black),
                Some("捉兑捉兑"),
                Some(true),
            ),
            (Verdict::Draw, Some("捉闲捉闲"), Some(false)),
        ],
    );
    assert_natures(&by_cxa, Color::Black, "捉捉捉捉");
}

// ---------------------------------------------------------------------------------------------
// 参考图1: a discovered attack (伏) against a second root (arts. 24.3, 24.15).

/// 参考图1: "红方马二退四伏前马进五吃象，判捉". Here a black horse on c8 roots the elephant on
/// e7 a second time. It does not save material: 马f5×e7 frees the leg f5, and whichever piece
/// takes back, the horse on f4 takes the rook on g6 — a horse for an elephant and a rook, a
/// win (art. 24.3). The book's ruling stands: 长捉, Red must change. WXF 2018: a draw, as the
/// figure.
#[test]
fn ref01_a_second_root_does_not_save_the_elephant_from_a_discovered_attack() {
    let fen = "3ak1b2/2n1a4/3cb3n/4p1r1p/1R3N1N1/P7P/4P4/4B4/4A4/2B1KA3 w - - 0 1";
    let cycle = "h5f4 g6f6 f4h5 f6g6";
    rule_each(
        fen,
        cycle,
        [
            (
                Verdict::MustChange(Color::Red),
                Some("捉捉捉捉"),
                Some(false),
            ),
            (Verdict::Draw, None, Some(false)),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// 参考图38: 长捉车 against a joint chase of a rook (art. 26.9.2).

/// 参考图38: the red horse chases the black rook on h0 and g0 (长捉车) while Black's rook and
/// cannon jointly chase the red rook held on f0: the single chaser changes (art. 26.9.2).
/// Here a black rook on h5 roots the rook on h0 along the h-file: a horse for a rook is still
/// a win, the horse still chases a rook (26.9.1 names 长捉车 whatever its roots), and the
/// ruling stands. WXF 2018: Red must change, as the figure (Black's play not asked).
#[test]
fn ref38_a_rooted_rook_is_still_chased_by_a_horse() {
    let fen = "2c1kab2/4a4/2n1b4/p3P3p/6pr1/9/P7P/1CN1C4/4A3N/2BAKR1rc w - - 0 1";
    let cycle = "i1g2 h0g0 g2i1 g0h0";
    rule_each(
        fen,
        cycle,
        [
            (
                Verdict::MustChange(Color::Red),
                Some("捉捉捉捉"),
                Some(true),
            ),
            (Verdict::MustChange(Color::Red), Some("捉捉捉捉"), None),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// 参考图21: a chase one's own side caused (art. 26.4).

/// 参考图21 with a black horse on b9, far from every piece of the cycle: the book's labels
/// stand. "黑方车4进1后，红方三路线上黑车与红马并没有参与循环着法，红马被黑车捉的状态，其因果
/// 关系，是红方自己造成的，判闲" (art. 26.4): 马八退七 puts a second piece (the horse on c2)
/// before the red cannon's screen on d2 and so cuts the root of the horse on g2; 车4进1 takes
/// no direct part. Red 长捉 must change; Black 一捉一闲.
#[test]
fn ref21_with_a_horse_far_away_the_rooks_return_is_idle() {
    let fen = "1n1k1ab2/4a4/9/p2c3Rp/2b3p2/9/P2rP1r1P/C1NA2N2/4A4/2B1K1B2 w - - 0 1";
    ref21_labels(fen);
}

/// 参考图21 with a black horse on b7 rooting the black cannon on d6 a second time, beside the
/// black rook on the d-file: nothing of the book's reason changes, and the labels stand — Red
/// 长捉 must change, Black 一捉一闲 (art. 26.4).
#[test]
fn ref21_with_the_cannon_rooted_twice_the_rooks_return_is_idle() {
    let fen = "3k1ab2/4a4/1n7/p2c3Rp/2b3p2/9/P2rP1r1P/C1NA2N2/4A4/2B1K1B2 w - - 0 1";
    ref21_labels(fen);
}

/// 参考图21 itself, Black's labels: "红方长捉，黑方一捉一闲" — 车4进1 (d4-d3) is 闲 by art. 26.4
/// ("无直接参与且是己方走子造成被捉状态不予考虑"). The rook on d3 roots the cannon on d6 against
/// 车二平六 (with check), as it did on d4: that defence is no part in taking the horse on g2,
/// which 马八退七 left without its root.
#[test]
fn ref21_the_books_own_labels_for_black() {
    let fen = "3k1ab2/4a4/9/p2c3Rp/2b3p2/9/P2rP1r1P/C1NA2N2/4A4/2B1K1B2 w - - 0 1";
    ref21_labels(fen);
}

/// 参考图21 with the black cannon and the red rook a rank up (d7, h7): the rook on the d-file
/// still roots the cannon against 车×炮 with check (so does the advisor on e8 now), and the
/// book's reason stands unchanged — the horse on g2 lost its root by Red's own 马八退七, and
/// 车4进1 takes no direct part in taking it (art. 26.4). Red 长捉 must change; Black 一捉一闲.
#[test]
fn ref21_with_the_cannon_a_rank_up_the_rooks_return_is_idle() {
    let fen = "3k1ab2/4a4/3c3R1/p7p/2b3p2/9/P2rP1r1P/C1NA2N2/4A4/2B1K1B2 w - - 0 1";
    ref21_labels(fen);
}

/// 参考图21 with the red rook on f6 instead of h6: it still hits the cannon on d6 along rank 6,
/// and only the rook on the d-file roots the cannon against 车×炮 with check. The book's reason
/// is untouched: the rook's return defends as it did on d4 and takes no direct part in taking
/// the horse on g2, whose root Red's own move cut (art. 26.4). Red 长捉 must change; Black
/// 一捉一闲.
#[test]
fn ref21_with_the_red_rook_on_f6_the_rooks_return_is_idle() {
    let fen = "3k1ab2/4a4/9/p2c1R2p/2b3p2/9/P2rP1r1P/C1NA2N2/4A4/2B1K1B2 w - - 0 1";
    ref21_labels(fen);
}

/// 参考图21 with a black horse on d6 in place of the cannon: the piece the rook defends along
/// the d-file is of another type, and nothing of the book's reason changes (art. 26.4: the
/// rook's return is no part in taking the horse on g2, whose root Red's own move cut). Red
/// 长捉 must change; Black 一捉一闲.
#[test]
fn ref21_with_a_horse_for_the_cannon_the_rooks_return_is_idle() {
    let fen = "3k1ab2/4a4/9/p2n3Rp/2b3p2/9/P2rP1r1P/C1NA2N2/4A4/2B1K1B2 w - - 0 1";
    ref21_labels(fen);
}

// ---------------------------------------------------------------------------------------------
// 图4: an unrooted elephant (art. 24.15).

/// 图4: "红方退马捉象，进马则伏以炮换马多得一卒，判捉" — 马四退六 attacks the unrooted elephant on
/// e7, 马六进四 threatens the exchange that wins a pawn: 长捉, Red must change. Here a black rook
/// on a7 guards the elephant along rank 7: a horse for an elephant wins nothing, 马四退六 is 闲,
/// and Red's 一闲一捉 is allowed: a draw. WXF 2018: a draw, as the figure.
#[test]
fn fig04_with_the_elephant_rooted_the_retreat_alone_chases() {
    let fen = "4k4/4a4/r3ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w - - 0 1";
    let cycle = "f6d5 i7g5 d5f6 g5i7";
    rule_each(
        fen,
        cycle,
        [
            (Verdict::Draw, Some("闲捉闲捉"), Some(false)),
            (Verdict::Draw, None, Some(false)),
        ],
    );
}
