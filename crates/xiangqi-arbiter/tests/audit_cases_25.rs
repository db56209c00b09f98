//! A twenty-fifth audit of the repetition rulings (棋例), CXA 2011 arts. 24.3, 24.18, 26.2 and
//! 26.4: answers to check (应将) by a piece other than the general. Our own positions, not the
//! book's figures: (1) a check whose checking piece, arriving, blocks one root of a piece while
//! the answer cuts its other root; (2) an answer after which a forced line (a check, then a
//! capture: 24.3 "从下一着开始运用将军……得子") wins a piece no line won before; (3) an answer
//! that uncovers another piece's attack on an unrooted piece. Each with controls.
//!
//! Method. The natures of both sides' moves and the verdict were written from the book's wording
//! below before the engine was run. Each cycle is played twice with no capture, so the start
//! position occurs three times (arts. 23.1, 23.3); every case is also ruled mirrored and with
//! the colours swapped (`symmetry::cxa_case`). In every case Black checks with a rook on the
//! e-file (the red king e0 between its advisors d0 and f0 cannot step off it) and Red blocks.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 捉: "凡走子后所走动子能直接吃子或造成其他子能吃子、与其他子联合吃子、从下一着开始
//!   运用将军或连续'将军'得子、通过完整互吃交换后吃掉对方子且得子……称为'捉'".
//! - 26.2: "走动帅(将)应将而产生的'捉'、'杀'按'闲'处理;走动其他棋子应将后产生新的'捉'或'杀'，
//!   判'捉'或'杀'".
//! - 26.4: "一方形成'自毙'应由己方负责，不得视为另一方造成 … 无直接参与且是己方走子造成被捉
//!   状态不予考虑；做为根的子，自己离线断根'将军'（或应将）造成被保护的子失根被捉，责由自负".
//! - 24.14 允许着法 (一将一闲, 一捉一闲); 25.2 "双方均为允许着法，双方不变作和".
//!
//! | test | what happens | book: natures, verdict | engine |
//! |---|---|---|---|
//! | (1) checker blocks one root, answer cuts the other | 车a6→e6+ stands on the leg e6 of 马f6 (root of 炮d5); 炮b4→e4 blocks on the leg e4 of 马f4; 车b5×d5 wins | Red 捉闲, Black 闲将, draw | **disagreed: engine 献 (闲); fixed** |
//! | control: only the root the checker blocks | no 马f4 | Red 闲闲, draw | agrees |
//! | control: only the root the answer cuts | no 马f6 | Red 捉闲, draw | agrees |
//! | control: the answer cuts nothing | 炮b3→e3 | Red 闲闲, draw | agrees |
//! | (2) the answer opens a check that wins a piece | 炮b5→e5 opens the b-file: 车b9+ 将d8 车×a9 | Red 捉闲, Black 闲将, draw | **disagreed: engine 闲 (block); fixed** |
//! | control: the line stood before the check | 炮c5→e5, the b-file open all along | Red 闲闲, draw | agrees |
//! | control: the line wins nothing | no 炮a9 | Red 闲闲, draw | agrees |
//! | control: the line the check opened (26.4) | 车b7→e7+ leaves the b-file itself; 马f3→e5 blocks | Red 闲闲, draw | agrees |
//! | (3) the answer uncovers another piece's attack | 马d3→e5 opens 车d1's file onto the unrooted 马d6 | Red 捉闲, draw | agrees |
//! | control: the attack stood before the check | 马f3→e5 | Red 闲闲, draw | agrees |
//!
//! The verdicts bear no weight here (一捉一闲 and 一将一闲 are both allowed: a draw); the natures
//! of Red's answers are the point, and each is checked move by move, mirrored and with the
//! colours swapped.
//!
//! The disagreements, both fixed in `classify/new_chase.rs` (whole rulings of both books' cases
//! and of the corpus, under both books, are unchanged by the fixes: /tmp/guard28.sh ALL
//! IDENTICAL):
//!
//! 1. `answer_cuts_root` credited an answer with a chase of a piece attacked all along only when
//!    the answer, played on the board before the check (or on that board with the checker
//!    removed), made it a chase. When the checker, *arriving*, blocks one root, neither board
//!    has that block: the piece keeps the blocked root there, and the answer's cut of the other
//!    root looks harmless. On the board after the check the piece was still rooted (the check
//!    made no "被捉状态", 26.4) and the answer took its last root (26.2: "产生新的'捉'"). The
//!    answer is now also asked on the board after the check: a piece of the target's side that
//!    reached the target's point there and no longer does after the answer is a root the
//!    answer cut. (When the checker blocks the only root, the piece has no root left on that
//!    board to cut: 26.4, the control.) Only for an attack that stood before the check: one
//!    the check opened stays the checker's whatever the answer cuts besides (no case of ours
//!    tests that guard by itself).
//! 2. The search for a chase by a forced line (24.3: "从下一着开始运用将军或连续'将军'得子、
//!    通过完整互吃交换后吃掉对方子且得子") was made only for moves that answer no check. 26.2
//!    names any "新的'捉'" of an answer by a piece other than the king, and 24.3's forced lines
//!    are 捉 as much as a direct capture. The search now runs for such answers too, with two
//!    guards: what the line wins is compared with what the mover could win by force on the board
//!    *before the check* (in check, the search would count every answer as the first move of a
//!    line: `OldAttacks::won_before`), and the answer played on that board must open the line to
//!    the piece by itself (`answer_opens_line`), so that a line the check opened stays the
//!    checker's (26.4: "无直接参与且是己方走子造成被捉状态不予考虑").
//!
//! Our own position that was ill-made, found by running the first draft of (2) after the fix
//! (not counted as a disagreement): with a black advisor on d7 (to keep the black king from a
//! mate on the d-file), 炮b5→d5+ over the advisor and then 车b9+ won the cannon a9 before the
//! check as well, and the engine rightly found the answer's line not new. The advisors e8 and f9
//! (e8 rooted by f9, so the blocking cannon's fire on it over the rook gains nothing) replace it.
//!
//! Left open: a forced line that needs both the check's change and the answer's (the checker
//! blocks one defender, the answer removes another) is not credited to the answer
//! (`answer_opens_line` asks the answer alone); no case of ours decides it.

mod symmetry;

use symmetry::cxa_case;

use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// (1) The checker blocks one root, the answer cuts the other (26.2 against 26.4).

/// The black cannon d5 is attacked by the red rook b5 (rook for a rooted cannon loses: no
/// chase while it is rooted) and has two roots: the horse f6 (leg e6) and the horse f4 (leg
/// e4). 车a6→e6+ checks and, arriving, stands on e6, the leg of the first root: one root is
/// left, and the cannon is still protected — the check made no "被捉状态". 炮b4→e4 blocks the
/// check and stands on e4, the leg of the second root: the cannon is now unrooted and 车×d5
/// wins it. The answer, not the checker's move, took the last root away: "走动其他棋子应将后
/// 产生新的'捉'……判'捉'" (26.2; 24.3 "造成其他子能吃子"). 26.4 excuses the answer only from
/// a "被捉状态" made by the checking side's own move ("无直接参与且是己方走子造成被捉状态不予
/// 考虑") or a root that itself left its line (做为根的子，自己离线断根'将军'); here neither the
/// check made the cannon capturable nor did a root leave: 捉. 车e6→a6 gives the first root back;
/// 炮e4→b4 gives the second back (闲). Red 一捉一闲, Black 一将一闲: a draw (24.14, 25.2).
#[test]
fn the_checker_blocking_one_root_and_the_answer_cutting_the_other_is_the_answers_chase() {
    cxa_case(
        "3k5/9/9/4rn3/1R1c5/1C3n3/9/9/9/3AKA3 w - - 0 1",
        "b4e4 e6a6 e4b4 a6e6",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
}

/// Control, one root only, the one the checker blocks (no horse f4): 车a6→e6+ itself leaves
/// the cannon d5 unrooted under the rook b5; 炮b4→e4 blocks and takes no part: "无直接参与且是
/// 己方走子造成被捉状态不予考虑" (26.4): 闲. Red 闲闲, Black 一将一闲: a draw (25.2).
#[test]
fn control_the_checker_blocking_the_only_root_is_its_own_fault() {
    cxa_case(
        "3k5/9/9/4rn3/1R1c5/1C7/9/9/9/3AKA3 w - - 0 1",
        "b4e4 e6a6 e4b4 a6e6",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

/// Control, one root only, the one the answer cuts (no horse f6): the check blocks nothing the
/// cannon needs; 炮b4→e4 cuts its only root: a new chase of the answer (26.2): 捉. Red 一捉一闲,
/// Black 一将一闲: a draw.
#[test]
fn control_the_answer_cutting_the_only_root_chases() {
    cxa_case(
        "3k5/9/9/4r4/1R1c5/1C3n3/9/9/9/3AKA3 w - - 0 1",
        "b4e4 e6a6 e4b4 a6e6",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
}

/// Control, both roots, an answer that cuts nothing: the red cannon blocks on e3 (from b3), off
/// the horse f4's leg. After the check the cannon d5 keeps the root f4: no capture at a gain,
/// 闲. Red 闲闲, Black 一将一闲: a draw.
#[test]
fn control_an_answer_cutting_no_root_is_idle() {
    cxa_case(
        "3k5/9/9/4rn3/1R1c5/5n3/1C7/9/9/3AKA3 w - - 0 1",
        "b3e3 e6a6 e3b3 a6e6",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// (2) An answer after which a forced line wins a piece (24.3, 26.2).

/// 车i7→e7+ checks; 炮b5→e5 blocks (rooted by the horse f3) and opens the b-file to the red
/// rook b2: 车b9+ (c9 empty) leaves the black king d9 only d8 (e9 stays on the rook's rank; no
/// black piece can take the rook or block c9), and 车×a9 wins the unrooted cannon. Before the
/// check, with the red cannon on b5, no line won anything. The black advisors e8 and f9 keep
/// the kings apart (no mate on the d-file by 车d2+) and e8 is rooted by f9 (the blocking
/// cannon's fire on it, over the rook e7, gains nothing). The answer makes a win by "从下一着
/// 开始运用将军……得子" (24.3): "走动其他棋子应将后产生新的'捉'……判'捉'" (26.2): 捉. 炮e5→b5
/// shuts the b-file again: 闲. Red 一捉一闲, Black 一将一闲: a draw (25.2).
#[test]
fn an_answer_to_check_opening_a_check_that_wins_a_piece_chases() {
    cxa_case(
        "c2k1a3/4a4/4r4/9/1C7/9/5N3/1R7/9/3AKA3 w - - 0 1",
        "b5e5 e7i7 e5b5 i7e7",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
}

/// Control, the line stood before the check: the red cannon blocks from c5, the b-file open all
/// along, and 车b9+ 将d8 车×a9 wins the cannon before and after every move: no new win, 闲
/// (24.3; 图5's "吃士结果没有发生变化"). Red 闲闲, Black 一将一闲: a draw.
#[test]
fn control_a_forced_line_standing_before_the_check_is_idle() {
    cxa_case(
        "c2k1a3/4a4/4r4/9/2C6/9/5N3/1R7/9/3AKA3 w - - 0 1",
        "c5e5 e7i7 e5c5 i7e7",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

/// Control, a line that wins nothing: no black cannon on a9. 车b9+ 将d8 takes nothing: 闲.
#[test]
fn control_an_opened_check_that_wins_nothing_is_idle() {
    cxa_case(
        "3k1a3/4a4/4r4/9/1C7/9/5N3/1R7/9/3AKA3 w - - 0 1",
        "b5e5 e7i7 e5b5 i7e7",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

/// Control, the line the check opened: the black rook checks from b7, where it shut the
/// b-file (rooted there by the horse c5 against the red rook b2: no chase), and by leaving it
/// opens 车b9+ 将d8 车×a9 itself. 马f3→e5 blocks and takes no part in the line: "无直接参与且
/// 是己方走子造成被捉状态不予考虑" (26.4): 闲. 马e5→f3, with the rook back on b7: 闲. Red 闲闲,
/// Black 一将一闲 (车e7→b7 offers the rooks, 兑: 闲): a draw.
#[test]
fn control_a_forced_line_the_check_opened_is_the_checkers_own_fault() {
    cxa_case(
        "c2k1a3/4a4/4r4/9/2n6/9/5N3/1R7/9/3AKA3 w - - 0 1",
        "f3e5 e7b7 e5f3 b7e7",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// (3) An answer that uncovers another piece's attack (26.2).

/// 车i7→e7+ checks; 马d3→e5 blocks and uncovers the red rook d1's attack up the d-file on the
/// unrooted black horse d6: "走动其他棋子应将后产生新的'捉'" (26.2; 24.3 "造成其他子能吃子"):
/// 捉. 马e5→d3 shuts the file again: 闲. Red 一捉一闲, Black 一将一闲: a draw (25.2).
#[test]
fn an_answer_to_check_uncovering_an_attack_on_an_unrooted_piece_chases() {
    cxa_case(
        "5k3/9/4r4/3n5/9/9/3N5/9/3R5/3AKA3 w - - 0 1",
        "d3e5 e7i7 e5d3 i7e7",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
}

/// Control, the attack stood before the check: the red horse blocks from f3, off the d-file;
/// the rook d1 attacks the horse d6 before and after every move: not new, 闲 (26.2 "新的'捉'").
/// Red 闲闲, Black 一将一闲: a draw.
#[test]
fn control_an_attack_standing_before_the_check_is_idle() {
    cxa_case(
        "5k3/9/4r4/3n5/9/9/5N3/9/3R5/3AKA3 w - - 0 1",
        "f3e5 e7i7 e5f3 i7e7",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}
