//! A twenty-third audit of the repetition rulings (棋例), CXA 2011 arts. 24.2, 24.10, 24.13,
//! 25.3, 26.2, 26.4, 26.5, 26.9 and 26.10: mate threats (杀). Our own positions, not the book's
//! figures, each with a control in which one piece is added or moved: (a) a mate threat the
//! move makes against one that stood before it; (b) 解杀反杀, each move parrying the other
//! side's mate threat and threatening mate back (both sides 长杀); (c) 一将一杀 against idle
//! play; (d) threats that need two and three checks to mate.
//!
//! Method. The natures of both sides' moves and the verdict were written from the book's wording
//! below before the engine was run. Each cycle is played twice with no capture, so the start
//! position occurs three times (arts. 23.1, 23.3); every case is also ruled mirrored and with
//! the colours swapped (`symmetry::cxa_case`). Every mate named below was checked by hand on
//! the board (the checks and every answer are listed in each test's comment); that no mate
//! stood before a move was checked by hand where the lines are short and by the engine's
//! checks-only search (`mate_by_checks`, three and four checks) otherwise.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.2 杀: "凡走子企图下一着将军或连续将军以将死对方者称'杀'" (no bound on the number of
//!   checks).
//! - 24.10 长杀: "凡走子连续不停杀着而形成循环达三次着，称为'长杀'".
//! - 24.13: "凡单方面走出长将、长杀、长捉、一将一杀、一将一捉、一杀一捉等循环重复的攻击性着法
//!   统称为'禁止着法'"; 24.14 the rest are 允许着法; 24.8: 兑, 献, 拦, 跟 are 闲.
//! - 25.2 "双方均为允许着法，双方不变作和"; 25.3 "一方为禁止着法，另一方为允许着法，由前者变
//!   着"; 25.4 "双方均为禁止着法见26.9条款".
//! - 26.2 "走动其他棋子应将后产生新的'捉'或'杀'，判'捉'或'杀'"; 26.4 "若另一方应将着法产生新
//!   的杀法仍应按'杀'处理": only a *new* mate threat is the move's 杀 — one that stood before
//!   the move and still stands is not (read as 图5 reads newness into 捉).
//! - 26.5 "如兑(献)兼杀按'杀'处理"; 26.10 "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损
//!   邀兑方按'捉'处理，反之则按'兑'处理。如邀兑之子参与做杀(与其他子配合连续将军)则按'杀'处理".
//! - 26.9.1 "凡单方长杀、一将一杀、……均须变着"; 26.9.4 "除上述情况外，双方不变作和": when
//!   both sides play 长杀, neither is "单方", and the game is drawn.
//!
//! | test | cycle | book: Red, Black, verdict | engine |
//! |---|---|---|---|
//! | (a) a mate threat made anew each move | 车a4↔b4 opens a file to rank 9; 炮a7↔b7 shuts it | 杀杀杀杀 (长杀), 闲, Red must change | agrees |
//! | (a) control | a second red rook i4 mates by 车i9 all along | 闲闲闲闲, 闲, draw | agrees |
//! | (b) 解杀反杀 | 车b3↔d3 against 炮b4↔d4, each parrying and threatening (2 and 3 checks) | 长杀, 长杀, draw (26.9.4) | agrees |
//! | (b) control | a red advisor d0 blocks e1: Black's threat is gone | 长杀, 闲, Red must change | agrees |
//! | (c) 一将一杀 | 车b4–b9+ 炮c7–c9 (block); 车b9–b4 threatens 兵d8+ 将×d8 车d4# | 将杀将杀, 闲, Red must change | agrees |
//! | (c) control | a black horse f6 can block d5 or d7 | 将闲将闲, 闲, draw | agrees |
//! | (d) three checks | a black horse c3 can block d5 only: 兵d8+ 将×d8 车d4+ 马d5 车×d5# | 将杀将杀, 闲, Red must change | agrees |
//! | (d) four checks | and a black cannon c6 can block d6: … 马d5 车×d5+ 炮d6 车×d6# | 将杀将杀, 闲, Red must change | agrees (the deeper search) |
//! | (d) five checks | and a black horse f8 blocks d7, a red horse f6 protects it | 将杀将杀, 闲, Red must change | first 将闲, draw (search bound); agrees since the deeper search looks two checks further |
//! | an offer that is the threat | 车a0↔b0 against 车a6↔b6, the black rook mates by taking | first read 长杀, 杀 (26.5, 26.10), draw; ruled by the lead 长杀, 兑 (26.10 first sentence, 图29): Red must change | engine: Red must change |
//!
//! (c)'s threat needs two checks and (d)'s three and four, (b)'s two (Red's 车d3) and three
//! (Red's 车b3, Black's both): all but the four within the engine's search of three checks
//! (`RuleSet::mate_threat_depth`); the four is found by its one check more where a side's
//! pattern turns on it. A threat of five checks was beyond the engine, while 24.2 sets no
//! bound: the lead made the deeper search look two checks further (`DEEPER_CHECKS`; every
//! ruling of the books' cases and the corpus is unchanged by it), and the case now passes.
//!
//! The other question, a rook that threatens mate only by taking an unprotected rook it offers
//! to (车b6 against 车b0, 车×b0 mating with the pawn f1's help), was first read 杀 (26.5
//! "兑(献)兼杀按杀处理", 26.10 "如邀兑之子参与做杀则按'杀'处理"). The lead ruled it 兑 by 26.10's own
//! words: the second sentence needs the offering piece to mate "与其他子配合连续将军", and by the
//! first the offered side that may take first without being mated or losing material makes the
//! offer 兑, as 图29 labels 车一平二; the engine rules so. See the test's comment.

mod symmetry;

use symmetry::cxa_case;

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// (a) A mate threat the move makes, against one that stood before it (24.2, 26.2, 26.4).

/// Black king d9; red king e0 (the open e-file keeps the king off e8 and e9); red pawn d7
/// (covers d8). A rook check on rank 9 from a9 or b9 mates: the king has d8 (pawn), e9 (the
/// rook's line, and the kings' file), e8 (the kings' file); nothing can block c9 or b9, and
/// the rook on rank 9 stands outside the palace.
///
/// 车a4→b4 opens the b-file: 车b9# next (杀: before it, the cannon a7 shut the a-file, and no
/// series of checks mated — 兵d8+ 将×d8 车d4+ 炮d7 blocks). 炮a7→b7 shuts the b-file (and is
/// offered to the rook, 献: 闲). 车b4→a4 opens the a-file: 车a9# (杀). 炮b7→a7 shuts it.
/// Red 长杀 (24.10, 24.13) against allowed play: Red must change (25.3).
#[test]
fn a_rook_opening_a_file_to_mate_each_move_is_perpetual_mate_threat() {
    cxa_case(
        "3k5/9/c2P5/9/9/R8/9/9/9/4K4 w - - 0 1",
        "a4b4 a7b7 b4a4 b7a7",
        Verdict::MustChange(Color::Red),
        "杀杀杀杀",
        "闲闲闲闲",
        false,
    );
}

/// Control: a second red rook on i4 mates all along by 车i9 (rank 9 open from i9 to d9; the
/// king has d8, e8, e9 as above). Red's mate stood before every move of the cycle and still
/// stands after it: the moves of the rook a4↔b4 make no new 杀法 (26.2, 26.4) and are idle.
/// 闲闲, a draw (25.2).
#[test]
fn control_a_mate_that_stood_before_the_move_is_no_threat_of_the_move() {
    cxa_case(
        "3k5/9/c2P5/9/9/R7R/9/9/9/4K4 w - - 0 1",
        "a4b4 a7b7 b4a4 b7a7",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// (b) 解杀反杀: each move parries the other side's mate threat and threatens mate back.

/// Black king e9, rook f7; red pawn e7 (between the kings); red rook b3, black cannon b4; red
/// king e0. The pawn and the rook f7 attack each other all along (neither move of the cycle
/// makes or ends that).
///
/// - 车b3→d3 (杀, two checks): 兵e8+ (将×e8 would face the red king) 将f9, 车d9# (rank 9 through
///   e9; f8 and e9 are the pawn's). It parries Black's threat below: the rook on the d-file
///   stops 车d7+.
/// - 炮b4→d4 (杀, three checks): it shuts the d-file (parry) and, over the rook d3, covers d0:
///   车×e7+ and now 帅f0 车f7+ 车f3 (block) 车×f3# (f1 on the line, e0 faces the black king),
///   or 车e3 (block) 车×e3+ 帅d0/帅f0 车d3#/车f3#.
/// - 车d3→b3 (杀, three checks): 车b9+ 炮d9 (the only answer: d9 and f9 on the line, e8 the
///   pawn's) 兵e8+ 将f9 车×d9#. Leaving the d-file it is no longer the screen of the cannon
///   d4, so d0 is free again, and 车×e7+ 帅d0 finds the d-file shut by the cannon (parry).
/// - 炮d4→b4 (杀, three checks): it shuts the b-file; 车×e7+ 帅d0 车d7+ 车d3 车×d3#, or 帅f0
///   车f7+ 车f3 车×f3#, or 车e3 车×e3+ 帅d0/f0 车d3#/车f3#.
///
/// Both sides 长杀 (24.10), both forbidden (24.13, 25.4); 26.9.1 binds "单方长杀" only, so
/// 26.9.4: a draw if neither changes.
#[test]
fn parrying_mate_and_threatening_mate_back_on_both_sides_is_a_draw() {
    cxa_case(
        "4k4/9/4Pr3/9/9/1c7/1R7/9/9/4K4 w - - 0 1",
        "b3d3 b4d4 d3b3 d4b4",
        Verdict::Draw,
        "杀杀杀杀",
        "杀杀杀杀",
        true,
    );
}

/// Control: a red advisor on d0. Red's threats are unchanged (they do not touch d0). Black's
/// are gone: after 车×e7+ the advisor blocks on e1, and 车×e1+ is met by 帅×e1; the engine's
/// search finds no mate by checks within four for Black after either cannon move. Black's
/// moves are idle (the cannon is offered to the rook: 献, and attacks the advisor d0 over the
/// rook, protected by the king: no gain). Red 长杀 against allowed play: Red must change (25.3).
#[test]
fn control_one_sided_perpetual_mate_threat_must_change() {
    cxa_case(
        "4k4/9/4Pr3/9/9/1c7/1R7/9/9/3AK4 w - - 0 1",
        "b3d3 b4d4 d3b3 d4b4",
        Verdict::MustChange(Color::Red),
        "杀杀杀杀",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// (c) 一将一杀, and (d) a threat of two or three checks.

/// Black king d9, cannon c7, elephant a7; red pawn d7, rook b4, king e0 (the e-file open).
///
/// - 车b4→b9+ (将): rank 9 through c9. The king has no square (d8 the pawn's, e8 and e9 the
///   kings' file); 炮c7→c9 blocks (闲: the cannon attacks nothing). 车×c9+ would be met by
///   象a7×c9.
/// - 车b9→b4 (杀, two checks): 兵d8+ 将×d8 (forced: nothing else takes or covers), 车d4# — the
///   rook checks up the open d-file; d9 and d7 are on the line, e8 is on the kings' file, and
///   the cannon c9 cannot reach d5–d7 to block. Before the move, with the rook on b9, no series
///   of checks mated.
/// - 炮c9→c7 parries: after 兵d8+ 将×d8 车d4+ it blocks on d7 (闲; the pawn d7 attacks c7: 献).
///
/// Red 一将一杀 (24.13) against allowed play: Red must change (26.9.1 lists it; 25.3).
#[test]
fn one_check_one_mate_threat_of_two_checks_must_change() {
    cxa_case(
        "3k5/9/b1cP5/9/9/1R7/9/9/9/4K4 w - - 0 1",
        "b4b9 c7c9 b9b4 c9c7",
        Verdict::MustChange(Color::Red),
        "将杀将杀",
        "闲闲闲闲",
        false,
    );
}

/// Control: a black horse on f6 can block on d7 or d5 (both over the leg e6) after 兵d8+ 将×d8
/// 车d4+: 马d7, and 车×d7+ 将×d7 (d7 is unprotected). No mate: 车b9→b4 is idle. 一将一闲, a
/// draw (24.14, 25.2).
#[test]
fn control_one_check_one_idle_is_a_draw() {
    cxa_case(
        "3k5/9/b1cP5/5n3/9/1R7/9/9/9/4K4 w - - 0 1",
        "b4b9 c7c9 b9b4 c9c7",
        Verdict::Draw,
        "将闲将闲",
        "闲闲闲闲",
        false,
    );
}

/// (d) Three checks: a black horse on c3 reaches d5 only (leg c4; d1 and b5 are off the line).
/// After 车b9→b4: 兵d8+ 将×d8, 车d4+ (through c4) 马d5 (the only block: the cannon c9 cannot),
/// 车×d5# (d9 and d7 on the line, e8 on the kings' file, nothing left to block d6 or d7). So
/// 车b9→b4 threatens mate in three checks: 杀 (24.2 sets no bound); two checks do not mate
/// (the horse blocks). Red 一将一杀 against allowed play: Red must change.
#[test]
fn a_mate_threat_of_three_checks_counts() {
    cxa_case(
        "3k5/9/b1cP5/9/9/1R7/2n6/9/9/4K4 w - - 0 1",
        "b4b9 c7c9 b9b4 c9c7",
        Verdict::MustChange(Color::Red),
        "将杀将杀",
        "闲闲闲闲",
        false,
    );
}

/// (d) Four checks: besides the horse c3 (d5), a black cannon on c6 reaches d6 along its rank.
/// After 车b9→b4: 兵d8+ 将×d8, 车d4+ and now 马d5 车×d5+ 炮d6 车×d6# (d7 on the line, nothing
/// reaches d7), or 炮d6 at once 车×d6# — at most four checks, and three do not mate (the
/// engine's search confirms both). 24.2 sets no bound: 杀. The engine searches three checks
/// and one more where a side's pattern turns on it (`mate_threat::deepen`): here 一将一杀
/// against 一将一闲. Red must change.
#[test]
fn a_mate_threat_of_four_checks_counts_where_the_pattern_turns_on_it() {
    cxa_case(
        "3k5/9/b1cP5/2c6/9/1R7/2n6/9/9/4K4 w - - 0 1",
        "b4b9 c7c9 b9b4 c9c7",
        Verdict::MustChange(Color::Red),
        "将杀将杀",
        "闲闲闲闲",
        false,
    );
}

/// (d) Five checks. As the four-check case, with a black horse on
/// f8 (it reaches d7 over the leg e8) and a red horse on f6 (it protects d7 over the leg e6).
/// After 车b9→b4: 兵d8+ 将×d8 (forced), 车d4+ and
/// - 马f8–d7 车×d7# (d7 protected by the horse f6; d9 on the line, e8 on the kings' file);
/// - 炮c6–d6 车×d6+ 马d7 车×d7#;
/// - 马c3–d5 车×d5+ 马d7 车×d7#, or 炮d6 车×d6+ 马d7 车×d7# — five checks.
///
/// With the rook on b9 (before the move) no mate by checks within six; four checks do not mate
/// after it. 24.2 ("下一着将军或连续将军以将死对方") sets no bound: 车b9→b4 is 杀, 一将一杀,
/// Red must change. (炮c9→c7 parries: after 车d4+ it blocks on d7, and 车×d7+ is met by
/// 马f8×d7.) The engine first searched three checks and one more where the pattern turns on
/// it, and ruled 车b9→b4 idle: 一将一闲, a draw; its deeper search now looks two checks more.
#[test]
fn a_mate_threat_of_five_checks_counts() {
    cxa_case(
        "3k5/5n3/b1cP5/2c2N3/9/1R7/2n6/9/9/4K4 w - - 0 1",
        "b4b9 c7c9 b9b4 c9c7",
        Verdict::MustChange(Color::Red),
        "将杀将杀",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// An offer whose threat is the capture (26.5, 26.10): a reading question.

/// Black king f8; red pawn e7 (covers f7 and, once on e8, e9 and f8); black pawn f1 (covers
/// e1 and f0); red rook a0, red king e0; black rook a6 on the same file.
///
/// - 车a0→b0 (杀, two checks): 兵e8+ (将×e8 would face the red king) 将f7 车b7# or 将f9
///   车b9#. With the rook on a0 the a-file was shut by the black rook. Leaving a0 also parries
///   车×a0+.
/// - 车a6→b6 shuts the b-file and attacks the unprotected rook b0: 车×b0+ mates (c0 and d0 on
///   the line, e1 and f0 the pawn's). A first reading of the book's words: a same-type offer, the offering
///   rook takes part in the mate — "如邀兑之子参与做杀则按'杀'处理" (26.10), "兑(献)兼杀按
///   '杀'处理" (26.5): 杀. (Taking first, 车×b6, wins Red a rook outright: no exchange.)
///
/// The helper who wrote this case read it 杀 for both sides (长杀 against 长杀, a draw by
/// 26.9.4). The lead's ruling, by the 2011 text itself: 26.10's second sentence makes the offer
/// 杀 when the offering piece takes part in a mate "(与其他子配合连续将军)" — with other pieces,
/// by consecutive checks; here the only mate is the offering rook's one capture, the pawn f1
/// only covering squares. The first sentence then decides: "被邀兑方兑子后立即被杀或子力价值受损
/// 邀兑方按'捉'处理，反之则按'兑'处理" — Red may take first (车×b6) and is neither mated nor loses
/// material, so 兑; the book's 图29 labels 车一平二 兑 in the same way (an offer whose threat is
/// the capture itself, the offered side taking first safely). That Red's taking first wins a
/// rook outright makes it no less safe for Red. So Black plays 兑 (闲, 24.8), Red 长杀
/// (forbidden, 24.13): Red must change (25.3).
#[test]
fn an_offer_whose_only_mate_is_taking_the_offered_rook_is_an_exchange() {
    cxa_case(
        "9/5k3/4P4/r8/9/9/9/9/5p3/R3K4 w - - 0 1",
        "a0b0 a6b6 b0a0 b6a6",
        Verdict::MustChange(Color::Red),
        "杀杀杀杀",
        "闲闲闲闲",
        false,
    );
}
