//! A twenty-first audit of the repetition rulings (棋例), CXA 2011 arts. 24–26: a perturbation
//! audit on real games. Agreement on the corpus's own cycles is weak evidence (the engine was
//! tuned near them), so each reviewed cycle is changed by one piece, once so that by the book's
//! text the move the chase rests on must change its nature, once so that nothing may change,
//! and the expectation written from the book before the engine was run.
//!
//! The rulings: the corpus's CXA verdicts (`rule_cases corpus/derived/ccpd_iccs.tsv cxa 1
//! list`), the must-change and loses verdicts shuffled by python `random.Random(36)` and taken in
//! that order, keeping the first eight whose forbidden side plays a 捉 (not 长将 alone), one a
//! game, none of the games of `audit_cases_20.rs`. Each perturbed position was tried first on an
//! independent board (a move generator with a checks-then-captures search, not the engine's)
//! for new checks, new attacks and new forced lines, and the cycle checked legal and returning.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.2 杀: "凡走子企图下一着将军或连续将军以将死对方者称'杀'".
//! - 24.3 捉: "凡走子后所走动子能直接吃子或造成其他子能吃子、与其他子联合吃子、从下一着开始运用将军
//!   或连续'将军'得子、通过完整互吃交换后吃掉对方子且得子，上述得子后不致立即(下一着不予考虑)被对方
//!   将死的称为'捉'".
//! - 24.5 献, 24.7 跟, 24.8: "兑、献、拦、跟，均属于'闲'范畴".
//! - 24.15 有根子/无根子: "凡有己方其他棋子(包括暗根)充分保护的棋子，称为'有根子'"; 24.16 假根:
//!   "形式上是根，实际不能离线反吃则称为'假根'。假根按无根子处理".
//! - 24.13 禁止着法 (长杀, 长捉, 一杀一捉, …); 24.14 the rest allowed; 25.2 both allowed: draw;
//!   25.3 one forbidden, the other allowed: the former changes.
//! - 26.7: "兵（或数兵）与其他一子或数子（包括士象）互换均不算得子 …;捉吃未过河的兵(卒) … 也不算
//!   得子".
//! - 26.9.1: "凡单方长杀、一将一杀、长捉车、长捉无根子、一将(杀)一捉车(无根子)、一捉车一捉无根子，
//!   均须变着"; a chase alternating with an idle move is on no list.
//! - 26.10: a same-type offer the offered side may take first without loss is 兑.
//!
//! | game (ccpd_big5_pgn/對局/大師對局/以賽事分類/…) | concept | flip: change, book, engine | keep: change, engine |
//! |---|---|---|---|
//! | 象甲聯賽/00000149 move 109 | rook chases two unrooted pieces in turn | rook d1 roots the advisor d2: 捉闲, draw; agrees | black pawn i6; agrees |
//! | 象甲聯賽/00000021 move 86 | horse chases an unrooted crossed pawn | horse e5 roots f7: 捉闲, draw; agrees | red pawn a3; agrees |
//! | 象甲聯賽/00000371 move 37 | cannon's mate threat and a cannon check that wins an advisor | horse g0 is a second screen: all 闲, draw; agrees. Horse b1 guards d0 (the advisor f0's root becomes real): 杀闲, draw; agrees | black pawn g6; agrees |
//! | 象甲聯賽/00001010 move 86 | horse chases an unrooted pawn and a rook | horse g6 roots f8: 闲捉, draw; agrees | red pawn a3; agrees |
//! | 五羊杯/00001486 move 43 | a false root (recapturing walks into mate) | horse g0 guards f2: 捉闲, draw; agrees | black pawn i5; agrees |
//! | 象甲聯賽/00000272 move 33 | rook chases an unrooted cannon | horse g0 roots h2: 捉闲, draw; agrees | red pawn g3; agrees |
//! | 象甲聯賽/00000100 move 38 | cannon over a screen on a rook | pawn h6 blocks the file: all 闲, draw; agrees (our first reading wrong) | black pawn i6; agrees (the escape 闲 since 参考图37: a draw) |
//! | 世界智力運動會/00000320 move 48 | horse unmasks a rook's capture, then chases a rook | pawn g7 blocks the horse's leg and the rook's file: Red all 闲, draw; agrees. Black horse a9 roots c8: Red 闲捉, draw; agrees | red pawn i3; agrees |
//!
//! Eighteen perturbed cycles (two flips for 00000371 and for 00000320) and the game's own
//! cycle for 00000021 (a four-ply part of its twelve-ply period). No disagreement. Three first
//! perturbations were our own flaws, caught before a test was kept: a cannon f6 (00001010) stood on the leg of the horse's way back, and a cannon f1 gave
//! Red a mate by checks (the independent search found it); a red pawn b4 (00001486) stands on
//! no square a pawn can reach (the FEN reader refused it), and a piece on b4 or b5 becomes the
//! cannon's screen onto b6 whenever the horse leaves b3. One first reading of ours was wrong
//! (00000100, see its test): the engine was right. Two forced lines the engine calls chases,
//! which the independent search (checks then captures, with no look at mates after a
//! recapture) did not find, were found by hand from the engine's lead square and confirmed:
//! 00000371's 炮i4–i0+ 炮h2–h0 炮×f0 (士e1×f0?? 车d5–d0 mates) and 00001486's 炮b1×e1 (士f2×e1??
//! 车e3–f3+ 士e1–f2 车×f2 mates).

mod symmetry;

use symmetry::cxa_case;

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// 象甲聯賽 00000149, move 109. The black rook c7↔d7 attacks in turn the advisor d2 and the
// elephant c4, neither rooted (the elephant c0 and the advisor d0 reach neither; the king
// cannot reach d2): 捉 each (长捉 of several pieces, 24.11); the red pawn d8↔c8 shuttles (闲).

/// Flip: a red rook on d1 roots the advisor d2 (rook for advisor loses: 闲, 24.3 "得子"); the
/// rook stands behind its advisor and gives no check. c7→d7 becomes 闲, d7→c7 still chases the
/// unrooted elephant c4: Black 一捉一闲, on no list of 26.9.1: a draw (25.2).
#[test]
fn xiangjia_149_a_rook_root_for_the_advisor_leaves_one_chase_in_two() {
    cxa_case(
        "1P1ak4/1R1Pa4/2r6/9/9/2B6/4p4/3A5/3R5/2BAK4 b - - 0 1",
        "c7d7 d8c8 d7c7 c8d8",
        Verdict::Draw,
        "闲闲闲闲",
        "闲捉闲捉",
        false,
    );
}

/// Keep: a black pawn on i6, on no line of any piece that moves: Black 长捉 still, Red allowed:
/// Black must change (25.3, 26.9.1).
#[test]
fn xiangjia_149_a_far_pawn_changes_nothing() {
    cxa_case(
        "1P1ak4/1R1Pa4/2r6/8p/9/2B6/4p4/3A5/9/2BAK4 b - - 0 1",
        "c7d7 d8c8 d7c7 c8d8",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 象甲聯賽 00000021, move 86. The judged period is twelve plies; these tests rule its four-ply
// part from the position with the black horse on h8 (it occurs in the period). The red pawn
// f7↔g7 has crossed the river and nothing roots it (the cannon f1 has no screen); the horse
// h8→i6 attacks it on g7, i6→h8 on f7: 捉 each (26.7 prices a pawn once it has crossed).

/// The game's own cycle: Black 长捉 of an unrooted pawn, Red's pawn moves 闲: Black must change.
#[test]
fn xiangjia_21_a_horse_chasing_a_crossed_unrooted_pawn() {
    cxa_case(
        "9/4k2n1/5P3/9/9/8p/9/3A5/4AC3/4K4 w - - 0 1",
        "f7g7 h8i6 g7f7 i6h8",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

/// Flip: a red horse on e5 roots f7 (leg e6 free), not g7, and attacks nothing black, gives no
/// check and builds no mate. i6→h8 now attacks a rooted pawn (horse for pawn loses): 闲;
/// h8→i6 still chases g7: Black 一捉一闲, allowed: a draw (25.2).
#[test]
fn xiangjia_21_a_horse_rooting_one_square_of_the_shuttle() {
    cxa_case(
        "9/4k2n1/5P3/9/4N4/8p/9/3A5/4AC3/4K4 w - - 0 1",
        "f7g7 h8i6 g7f7 i6h8",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Keep: a red pawn on a3, at home and far away: Black must change.
#[test]
fn xiangjia_21_a_far_pawn_changes_nothing() {
    cxa_case(
        "9/4k2n1/5P3/9/9/8p/P8/3A5/4AC3/4K4 w - - 0 1",
        "f7g7 h8i6 g7f7 i6h8",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 象甲聯賽 00000371, move 37. 炮i4→h4 threatens 炮h4–h0, a check over the advisor f0 that mates
// (d0 is the rook d5's, e1 the king's own advisor): 杀. 炮h4→i4 threatens 炮i4–i0+, which only
// 炮h2–h0 can parry, and then 炮i0×f0 over the red cannon wins the advisor, since 士e1×f0 lets
// 车d5–d0 mate: a check that wins material, 捉 (24.3 "从下一着开始运用将军…得子"; 24.16, a root
// that cannot take back). Red's 炮i2→h2 parries the mate and lets 车b7×c7 take the unrooted
// horse, which the mate threat forbade before: 捉; 炮h2→i2 attacks only an uncrossed pawn: 闲.

/// Flip: a red horse on g0 is a second piece between h0 (or i0) and the king: neither cannon
/// move gives a check any more, so 炮i4→h4 threatens no mate and 炮h4→i4 wins nothing (闲,
/// both); Red's 车b7×c7 now stands all along, so 炮i2→h2 makes nothing new (闲). All allowed:
/// a draw (25.2).
#[test]
fn xiangjia_371_a_second_screen_kills_the_mate_threat_and_the_check() {
    cxa_case(
        "3k1ab2/4a4/1Rn6/p1p5p/3rC1b2/2P5c/P3R4/4B3C/4Ar3/4KAN2 b - - 0 1",
        "i4h4 i2h2 h4i4 h2i2",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// Second flip, of 炮h4→i4 alone: a red horse on b1 guards d0, so after 炮i4–i0+ 炮h2–h0
/// 炮i0×f0 the advisor e1 takes back (车d5–d0+ is met by 马×d0): the root of f0 is real and
/// the check line wins a cannon for an advisor, nothing (闲). The mate of 炮h4–h0 stands (d0 is
/// still the rook's; the horse reaches neither g0 nor h0): 杀. Black 一杀一闲 is on no list
/// (24.10 长杀 is "连续不停杀着"; 24.13 names 一将一杀 and 一杀一捉); Red 一捉一闲: a draw (25.2).
#[test]
fn xiangjia_371_a_horse_guarding_d0_makes_the_advisors_root_real() {
    cxa_case(
        "3k1ab2/4a4/1Rn6/p1p5p/3rC1b2/2P5c/P3R4/4B3C/1N2Ar3/4KA3 b - - 0 1",
        "i4h4 i2h2 h4i4 h2i2",
        Verdict::Draw,
        "捉闲捉闲",
        "杀闲杀闲",
        false,
    );
}

/// Keep: a black pawn on g6 (on no file or rank of the cannons and rooks that act): Black
/// 一杀一捉, forbidden (24.13); Red 一捉一闲, allowed: Black must change (25.3).
#[test]
fn xiangjia_371_a_far_pawn_changes_nothing() {
    cxa_case(
        "3k1ab2/4a4/1Rn6/p1p3p1p/3rC1b2/2P5c/P3R4/4B3C/4Ar3/4KA3 b - - 0 1",
        "i4h4 i2h2 h4i4 h2i2",
        Verdict::MustChange(Color::Black),
        "捉闲捉闲",
        "杀捉杀捉",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 象甲聯賽 00001010, move 86. The black horse g5→e6 attacks the unrooted crossed pawn f8: 捉;
// e6→g5 attacks the rook e4: 捉 (of a rook). The red rook g4→e4 attacks the unrooted horse e6
// and pawn e2: 捉; e4→g4 blocks: 闲.

/// Flip: a red horse on g6 roots f8 (leg g7 free). It attacks the elephant i7, rooted by g9
/// (an even trade, no gain), stands on no leg of the shuttling horse, and gives Red no mate
/// (a cannon on f1, tried first, did: 兵f8–f9+ and the rook's checks on the d-file). g5→e6 now
/// attacks a rooted pawn: 闲; e6→g5 still chases the rook: Black 一捉车一闲, on no list: a draw.
#[test]
fn xiangjia_1010_a_horse_rooting_the_pawn_leaves_the_rook_chase_alone() {
    cxa_case(
        "4k1b2/4aP3/5a2b/6N2/2r3n2/2N3R2/9/4p4/9/3AKA3 b - - 0 1",
        "g5e6 g4e4 e6g5 e4g4",
        Verdict::Draw,
        "捉闲捉闲",
        "闲捉闲捉",
        false,
    );
}

/// Keep: a red pawn on a3: Black 长捉 (a rook and an unrooted pawn), Red allowed: Black must
/// change.
#[test]
fn xiangjia_1010_a_far_pawn_changes_nothing() {
    cxa_case(
        "4k1b2/4aP3/5a2b/9/2r3n2/2N3R2/P8/4p4/9/3AKA3 b - - 0 1",
        "g5e6 g4e4 e6g5 e4g4",
        Verdict::MustChange(Color::Black),
        "捉闲捉闲",
        "捉捉捉捉",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 五羊杯 00001486, move 43. The black horse c1→b3 is the screen over which the cannon b1
// attacks the rook b6: 捉. b3→c1 is the screen over which the cannon attacks the advisor e1,
// rooted only in form: 士f2×e1 opens the f-file, and 车e3–f3+ 士e1–f2 车×f2 mates, so the
// advisor is won (24.16 假根, 24.3): 捉. The red rook b6→d6 escapes (闲), d6→b6 attacks the
// unrooted cannon b1 (捉).

/// Flip: a red horse on g0 guards f2, so after 士f2×e1 车e3–f3+ 士e1–f2 车×f2 the horse takes
/// back: the advisor is really rooted and 炮×e1 loses a cannon for an advisor: b3→c1 闲. The
/// horse attacks no black piece and blocks no line of the cycle. Black 一捉车一闲, Red 一捉一闲:
/// a draw (25.2). (A piece put between b1 and b6 instead would itself be the cannon's screen
/// onto b6 whenever the horse leaves b3.)
#[test]
fn wuyang_1486_a_horse_guarding_f2_makes_the_advisors_root_real() {
    cxa_case(
        "4kab2/4a4/4b4/1R7/9/P1P6/4r3P/4BA3/1cn1A4/1NBC1KN2 b - - 0 1",
        "c1b3 b6d6 b3c1 d6b6",
        Verdict::Draw,
        "闲捉闲捉",
        "捉闲捉闲",
        false,
    );
}

/// Keep: a black pawn on i5 (the rook's rank 6 and the cannon's files stay clear): Black 长捉,
/// Red allowed: Black must change.
#[test]
fn wuyang_1486_a_far_pawn_changes_nothing() {
    cxa_case(
        "4kab2/4a4/4b4/1R7/8p/P1P6/4r3P/4BA3/1cn1A4/1NBC1K3 b - - 0 1",
        "c1b3 b6d6 b3c1 d6b6",
        Verdict::MustChange(Color::Black),
        "闲捉闲捉",
        "捉捉捉捉",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 象甲聯賽 00000272, move 33. The black rook h5→i5 attacks the unrooted crossed pawn i6: 捉;
// i5→h5 attacks the unrooted cannon h2: 捉. The red cannon e2→h2 offers the cannon h7 (over the
// horse h6) a trade it may take first (兑, 26.10); h2→e2: 闲.

/// Flip: a red horse on g0 roots h2 (rook for cannon loses): i5→h5 闲; h5→i5 still chases i6:
/// Black 一捉一闲, allowed: a draw. The horse touches no black piece.
#[test]
fn xiangjia_272_a_horse_rooting_the_cannon_leaves_one_chase_in_two() {
    cxa_case(
        "4kab2/4a4/2n1b2c1/p1p1p2NP/7r1/4P4/P4R3/4C4/4A4/2BAK1N2 b - - 0 1",
        "h5i5 e2h2 i5h5 h2e2",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Keep: a red pawn on g3, at home (the rook f3's rank is empty beyond it): Black must change.
#[test]
fn xiangjia_272_a_far_pawn_changes_nothing() {
    cxa_case(
        "4kab2/4a4/2n1b2c1/p1p1p2NP/7r1/4P4/P4RP2/4C4/4A4/2BAK4 b - - 0 1",
        "h5i5 e2h2 i5h5 h2e2",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 象甲聯賽 00000100, move 38. The red cannon g8→h8 blocks the rook i8; the black cannon f9→h9
// attacks the unrooted rook h4 over the cannon h8: 捉. 炮h8→g8 lets the rook h4 attack the
// unrooted cannon h9: 捉. 炮h9→f9 escapes, and the horse f6 with the rook i8 now take the cannon
// g8 (rooted by the pawn g7) with profit, which before the escape cost the cannon h9. This audit
// first read that as 捉 (24.3, "造成其他子能吃子"); the book's 参考图37 reads the same shape
// otherwise: a piece that only steps out of danger, the capture it lets pay standing before and
// the piece no part of it, is 闲 ("炮9退1（闲）……黑方两闲"; tests/audit_cases_38.rs). The cannon
// on f9 takes no part in taking g8, and Red's own cannon move put g8 there (26.4): 闲.

/// Flip: a red pawn on h6 (rooted by the rook h4) stands in the h-file. f9→h9 attacks only that
/// pawn over h8 (cannon for a rooted pawn loses, 26.7): 闲. Our first reading had h9→f9 still
/// a chase; on a second look it is not: once 炮h8→g8 has left, the pawn h6 is the screen over
/// which the cannon h9 attacks the rook h4 (Red's own doing), the rook h4 no longer reaches
/// h9, and the joint capture of g8 stands before the cannon moves: h9→f9 makes nothing new, 闲.
/// Red's cannon moves put it where Black may take it (献, 闲). All allowed: a draw.
#[test]
fn xiangjia_100_a_pawn_in_the_file_stops_both_chases() {
    cxa_case(
        "3akc3/4a1C1r/4b1P1b/4pn1P1/p8/7R1/P3P4/2N1B4/4A4/4KAB2 w - - 0 1",
        "g8h8 f9h9 h8g8 h9f9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// Keep: a black pawn on i6 (below the elephant i7, on no leg or line that acts): Black 一捉一闲
/// (the escape 炮h9→f9 is 闲, 参考图37), Red 一捉一闲: both allowed, a draw.
#[test]
fn xiangjia_100_a_far_pawn_changes_nothing() {
    cxa_case(
        "3akc3/4a1C1r/4b1P1b/4pn2p/p8/7R1/P3P4/2N1B4/4A4/4KAB2 w - - 0 1",
        "g8h8 f9h9 h8g8 h9f9",
        Verdict::Draw,
        "闲捉闲捉",
        "捉闲捉闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 世界智力運動會 00000320, move 48. The red horse g8 stands under the rook g6; g8→i9 takes it
// away, so 车c3×c8 (the unrooted horse) no longer costs the horse g8: 捉. i9→g8 attacks the
// unrooted rook h6 (leg g7): 捉. The black rook g6→h6: 闲; h6→g6 attacks the unrooted horse g8:
// 捉. Red 长捉, Black 一捉一闲: Red must change.

/// Flip: a red pawn on g7 (crossed, unrooted) blocks the horse's leg toward h6 and the rook
/// g6's file toward g8. 车c3×c8 stands all along (nothing hangs on g8), so g8→i9 makes nothing
/// new: 闲; i9→g8 attacks nothing: 闲. The black rook g6 now attacks the pawn g7: 捉 on h6→g6.
/// Red all 闲, Black 一捉一闲: a draw.
#[test]
fn mind_games_320_a_pawn_on_the_horses_leg_ends_reds_chases() {
    cxa_case(
        "2bk1a3/2n1a1N2/6P2/6r2/P3p4/9/2R6/3AB4/4A4/4K1B2 w - - 0 1",
        "g8i9 g6h6 i9g8 h6g6",
        Verdict::Draw,
        "闲闲闲闲",
        "闲捉闲捉",
        false,
    );
}

/// Second flip, of g8→i9 alone: a black horse on a9 roots c8 (leg b9 free), so 车c3×c8 loses
/// a rook for a horse whether or not the horse g8 hangs: g8→i9 makes no capture profitable
/// (闲); i9→g8 still attacks the rook h6 (捉). Red 一捉一闲, Black 一捉一闲: a draw (25.2).
#[test]
fn mind_games_320_a_root_for_c8_leaves_only_the_rook_chase() {
    cxa_case(
        "n1bk1a3/2n1a1N2/9/6r2/P3p4/9/2R6/3AB4/4A4/4K1B2 w - - 0 1",
        "g8i9 g6h6 i9g8 h6g6",
        Verdict::Draw,
        "闲捉闲捉",
        "闲捉闲捉",
        false,
    );
}

/// Keep: a red pawn on i3, at home: Red must change.
#[test]
fn mind_games_320_a_far_pawn_changes_nothing() {
    cxa_case(
        "2bk1a3/2n1a1N2/9/6r2/P3p4/9/2R5P/3AB4/4A4/4K1B2 w - - 0 1",
        "g8i9 g6h6 i9g8 h6g6",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲捉闲捉",
        false,
    );
}
