//! A twenty-second audit of the repetition rulings (棋例), CXA 2011 arts. 24.3, 24.15, 24.18,
//! 26.2 and 26.4: answers to check (应将) that cut a root, hidden roots (暗根) among them, and a
//! root that leaves its line to answer a check (自己离线断根"应将"). Our own positions, not the
//! book's figures. Each case has a control in which one thing is changed so that the concept no
//! longer applies.
//!
//! Method. The natures of both sides' moves and the verdict were written from the book's wording
//! below before the engine was run. Each cycle is played twice with no capture, so the start
//! position occurs three times (arts. 23.1, 23.3); every case is also ruled mirrored and with the
//! colours swapped (`symmetry::cxa_case`). Each position was checked by hand for stray checks,
//! mates and attacks that would decide the case otherwise.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 捉: "凡走子后所走动子能直接吃子或造成其他子能吃子 … 称为'捉'": a move that cuts the
//!   root of a piece another piece attacks makes a new chase of it.
//! - 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为'有根子'": a piece whose capture
//!   loses the capturer to a fork with check is rooted by that hidden root.
//! - 26.2: "走动帅(将)应将而产生的'捉'、'杀'按'闲'处理;走动其他棋子应将后产生新的'捉'或'杀'，
//!   判'捉'或'杀'".
//! - 26.4: "一方形成'自毙'应由己方负责，不得视为另一方造成 … 无直接参与且是己方走子造成被捉
//!   状态不予考虑；做为根的子，自己离线断根'将军'（或应将）造成被保护的子失根被捉，责由自负".
//! - 24.14 允许着法 (一将一闲, 一捉一闲); 26.9.1 "一将(杀)一捉车(无根子) … 均须变着"; 25.2
//!   "双方均为允许着法，双方不变作和"; 25.3 "一方为禁止着法，另一方为允许着法，由前者变着".
//!
//! | test | what happens | book: natures, verdict | engine |
//! |---|---|---|---|
//! | answer cuts a hidden root (26.2) | 仕d0→e1 blocks 车e5's check and stands on the leg e1 of the fork 马d1–f2 that roots 炮h3 | Red 捉闲, draw | agrees |
//! | control | the fork is 马d3–f2; f2 is guarded by the advisor on e1 only in looks (pinned) | Red 闲闲, draw | agrees |
//! | control: the checker's own move cuts it (26.4) | 车c3→e3+ itself sits on the leg e3 of the fork 马e4–d2 that roots 炮b1; 相g0→e2 blocks | Red 闲闲, draw | agrees |
//! | a root leaves to answer check (26.4) | 马e5→d7+; 车b8→d8 blocks the leg, 马b4 loses its root; 马d7→e5 leaves 车h4's attack standing | Red 将闲, draw | agrees |
//! | control | 马d7→e5 is the screen of 炮h5 onto 马b5: the move itself takes part | Red 将捉, Red must change | agrees |
//! | two roots: one leaves to check, the answer cuts the other | 车a1→a0+; 仕e1→d0 takes away the screen of 炮h1 | Red 捉闲, draw | **disagreed: engine 闲; fixed** |
//! | the same, verdict-bearing | … and 仕d0→e1 attacks the unrooted pawn f2 | Red 捉捉, Red must change | **disagreed: engine draw; fixed** |
//!
//! The disagreement (fixed in `classify/new_chase.rs`, `answer_cuts_root`): the engine credited
//! an answer to check with a chase only if the answer, played in the position *before* the
//! check, made the chase by itself. A piece with two roots, one of which is the checker (gone
//! to give check), the other cut by the answer, was therefore never the answer's: played before
//! the check the answer leaves the checker's root standing. By 26.4 the checker's side answers
//! only for a leaving that "造成被保护的子失根被捉"; here the leaving left the piece rooted, and
//! the answer "产生新的'捉'" (26.2). The answer is now also tried on the board before the check
//! with the checker removed: no chase there, a chase after the answer, is the answer's. (When
//! the checker was the only root, the piece is a chase already with it removed: 26.4 still
//! makes that the checker's fault, as in audit_cases_19's control.)
//!
//! Item 3 of the brief (two roots) is settled by the letter, we think: 26.4's exception names a
//! root whose own leaving makes the protected piece rootless and capturable; a leaving that
//! leaves another root does not do that, and 26.2 then counts the answer's new chase. A reader
//! weighing causes ("其因果关系", 参考图21's explanation) might split the blame; the book gives no
//! figure with two roots.
//!
//! Our own positions that were ill-made, found by running the first drafts (none is counted as
//! a disagreement): with one red advisor, or a red elephant as the blocker, Black's rook and
//! horse had a mate or a forced win of an advisor all along (the rook resting on a5, c5 or d5
//! reaches rank 0 or the d-file): "a mate all along stands whatever it takes", and the engine
//! rightly called the cannon unrooted or Black's rook move a chase. A second red advisor on f0
//! and the rook resting on i5 remove them. The first draft of the checker's-own-fault control
//! had the rook resting on a3, from where 车a3–a0+ wins the horse g1 (the engine: Black's
//! chase); the red advisor d0 shuts rank 0.

mod symmetry;

use symmetry::cxa_case;

use xiangqi::Color;
use xiangqi_arbiter::{Ruling, Verdict};

/// The explanation names what the test is about.
fn names(ruling: &Ruling, what: &str) {
    let why = ruling.explanation.en();
    assert!(why.contains(what), "no '{what}' in:\n{why}");
}

// ---------------------------------------------------------------------------------------------
// 26.2: an answer to check that cuts a hidden root (暗根, 24.15).

/// The black cannon h3 looks unrooted, but 车h7×h3 马d1–f2+ forks the red king e0 and the rook
/// on h3 (leg e1 empty; the king steps to d0, the horse takes): a hidden root (24.15). Black's
/// rook e5 checks; 仕d0→e1 blocks and stands on the fork's leg: 车×h3 now wins the cannon. The
/// checking rook was never the cannon's root; the answer made the capture possible: "走动其他
/// 棋子应将后产生新的'捉'…判'捉'" (26.2; 24.3, "造成其他子能吃子"). 仕e1→d0 gives the root
/// back: 闲. Black's rook rests on i5, where it attacks nothing (a0–d0 and f0 are shut by the
/// advisors). Black 一将一闲, Red 一捉一闲: a draw (24.14, 25.2).
#[test]
fn an_answer_to_check_cutting_a_hidden_root_chases() {
    let r = cxa_case(
        "3ak4/9/7R1/4p4/4r4/9/7c1/9/3n5/3AKA3 w - - 0 1",
        "d0e1 e5i5 e1d0 i5e5",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
    names(&r, "rook on h7 attacks the unprotected cannon on h3");
}

/// Control, the same answer leaving the hidden root: the fork is 马d3–f2+ (leg e3), and f2 is a
/// point the advisor on e1 seems to guard, but it stands pinned by the checking rook (taking on
/// f2 would open the e-file): the cannon h3 keeps its hidden root while the rook checks, and
/// 仕d0→e1 is 闲 (拦). (Black's rook leaving for i5 frees the advisor: that is Black's own
/// move, and 仕e1→d0 gives the root back: 闲.) Red 闲闲, Black 一将一闲: a draw (25.2).
#[test]
fn control_an_answer_that_leaves_the_hidden_root() {
    cxa_case(
        "3ak4/9/7R1/4p4/4r4/9/3n3c1/9/9/3AKA3 w - - 0 1",
        "d0e1 e5i5 e1d0 i5e5",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

/// Control: the checker's own move cuts the hidden root. The black cannon b1 is rooted by the
/// fork 马e4–d2+ (leg e3), which takes back the red rook after 车b7×b1. Black's rook c3→e3+
/// checks and stands on that leg itself: the cannon is laid open by Black's own move. 相g0→e2
/// blocks (rooted by the horse g1) and takes no part in the capture: "无直接参与且是己方走子
/// 造成被捉状态不予考虑" (26.4): 闲 (拦). e2→g0 闲. The red advisor d0 shuts rank 0 to the rook
/// on c3. Red 闲闲, Black 一将一闲: a draw (25.2).
#[test]
fn control_the_checker_cutting_the_hidden_root_is_its_own_fault() {
    cxa_case(
        "3ak4/9/1R7/9/9/4n4/4r4/9/1c4N2/3AK1B2 w - - 0 1",
        "g0e2 e3c3 e2g0 c3e3",
        Verdict::Draw,
        "闲闲闲闲",
        "闲将闲将",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 26.4, second clause: a root that leaves its line to answer a check ("（或应将）").

/// The black horse b4 is rooted by the rook b8 down the b-file; the red rook h4 attacks it (rook
/// for horse loses). 马e5→d7+ checks (leg d8); Black's rook b8→d8 blocks the leg and leaves the
/// b-file: 车h4×b4 now wins the horse. "做为根的子，自己离线断根'将军'（或应将）造成被保护的子
/// 失根被捉，责由自负" (26.4): the horse's loss of its root is Black's doing, and 马d7→e5 takes no
/// part in the capture: 闲. Red 一将一闲, Black 闲闲: a draw (24.14, 25.2). (Were the withdrawal
/// a chase, Red's 一将一捉无根子 would be forbidden, 26.9.1.)
#[test]
fn a_root_leaving_to_answer_check_is_its_own_sides_fault() {
    cxa_case(
        "3aka3/1r7/4P4/9/4N4/1n5R1/9/9/9/5K3 w - - 0 1",
        "e5d7 b8d8 d7e5 d8b8",
        Verdict::Draw,
        "将闲将闲",
        "闲闲闲闲",
        false,
    );
}

/// Control: the horse b5 is attacked by the red cannon h5 over the red horse e5 itself. The
/// withdrawal d7→e5 makes the screen again, a new attack on the horse b5, unrooted while the
/// rook stands on d8: the move takes part (24.3, "造成其他子能吃子"), 捉. Red 一将一捉无根子:
/// forbidden (26.9.1), Red must change (25.3).
#[test]
fn control_a_withdrawal_that_makes_the_attack_chases() {
    cxa_case(
        "3aka3/1r7/4P4/9/1n2N2C1/9/9/9/9/5K3 w - - 0 1",
        "e5d7 b8d8 d7e5 d8b8",
        Verdict::MustChange(Color::Red),
        "将捉将捉",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// Two roots: one leaves its line to check, the answer cuts the other.

/// The black cannon c1 has two roots: the rook a1 along rank 1 and the cannon h1 over the red
/// advisor e1. The rook leaves to check (a1→a0+): c1 keeps the cannon root, so the check lays
/// nothing open. 仕e1→d0 blocks and takes away the screen: c1 is unrooted only now, by the
/// answer: "走动其他棋子应将后产生新的'捉'…判'捉'" (26.2); 26.4's "做为根的子，自己离线断根
/// '将军'…造成被保护的子失根被捉" does not describe it (the rook's leaving left c1 rooted). 捉.
/// d0→e1 闲. Black 一将一闲, Red 一捉一闲: a draw (25.2).
#[test]
fn two_roots_one_leaving_to_check_the_answer_cutting_the_other() {
    let r = cxa_case(
        "4k4/9/9/4p4/9/2R6/9/9/2c1A2c1/r3K4 w - - 0 1",
        "e1d0 a0a1 d0e1 a1a0",
        Verdict::Draw,
        "捉闲捉闲",
        "闲将闲将",
        false,
    );
    names(&r, "rook on c4 attacks the unprotected cannon on c1");
}

/// The same with the black pawn f2, unrooted, which the advisor attacks on its way back to e1:
/// Red chases on both moves (c1, then f2), 长捉 of two pieces (24.11); Black's 一将一闲 is
/// allowed: Red must change (24.13, 25.3). Before the fix the engine ruled it a draw (闲捉).
#[test]
fn two_roots_the_answer_cutting_the_last_then_a_chase_is_perpetual() {
    cxa_case(
        "4k4/9/9/4p4/9/2R6/9/5p3/2c1A2c1/r3K4 w - - 0 1",
        "e1d0 a0a1 d0e1 a1a0",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲将闲将",
        false,
    );
}

/// The same board drawn as a diagram (`xiangqi adjudicate --diagram`): a red pawn on i2, behind
/// its starting rank where no game brings it, far from the play (it attacks i3 only). The
/// two-root test rebuilds the board before the check without the checker; it first did so as a
/// game position, which refused the pawn, and ruled the answer 闲 here alone. A diagram is
/// ruled as shown: the same 捉捉, Red must change.
#[test]
fn two_roots_on_a_diagram_board() {
    let fen: xiangqi::fen::Fen = "4k4/9/9/4p4/9/2R6/9/5p3/2c1A2cP/r3K4 w - - 0 1"
        .parse()
        .expect("fen");
    let start = xiangqi::Position::from_diagram(fen.0).expect("a diagram");
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (from, to) in [("e1", "d0"), ("a0", "a1"), ("d0", "e1"), ("a1", "a0")].repeat(2) {
        let m = pos
            .find_move(from.parse().unwrap(), to.parse().unwrap())
            .expect("a move");
        pos.play_unchecked(m);
        moves.push(m);
    }
    let ruling = xiangqi_arbiter::rule_game(&start, &moves, &symmetry::cxa()).expect("a ruling");
    assert_eq!(
        ruling.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        ruling.explanation.en()
    );
    symmetry::assert_natures(&ruling, Color::Red, "捉捉捉捉");
}
