//! A twenty-seventh audit of the repetition rulings (棋例), CXA 2011 arts. 24.3, 26.1, 26.2, 26.5
//! and 26.7, with 图16 and 图22 read as the book rules them: a capturer that the other side
//! wins whether it takes or not has won nothing by taking (图16: "黑方将6退1避抽后，车可以吃兵，
//! 判捉": while a 抽 on the rook stands, the rook's capture of the pawn is no 捉, and the
//! general's step that ends the 抽 makes it a new one), and a capturer that guards another
//! piece of its side has its exchange weighed whole (26.5). Our own positions, not the book's
//! figures, each with a control in which one piece is changed: (1) the 图16 family, a rook under
//! a 抽 (a horse's check that forks it) that can take a pawn or a horse, the 抽 ended by the
//! general's step or by a piece that blocks the horse's leg; (2) a second rook beside the
//! capturer; (3) 做根子捉子 (26.5, second clause), the exchange even, a gain, or a loss.
//!
//! Method. The natures of both sides' moves and the verdict were written from the book's wording
//! below before the engine was run (the two cases where that first reading was wrong are told
//! at the end). Each cycle is played twice with no capture, so the start position occurs three
//! times (arts. 23.1, 23.3); every case is also ruled mirrored and with the colours swapped
//! (`symmetry::check`, through `cxa_case`). Red only shuffles its king (d0↔d1 or f0↔f1), which
//! attacks nothing, behind its advisor e1; no move gives check. In (1) and (2) the black king has its advisors on d9
//! (and f9, or f7) so that no red line mates, and Red's only attacker is the horse h6, which
//! from g8 checks the general on e9 (leg f8) and attacks i7, i9 (leg h8) and f6 (leg g7); from
//! e8 the general is out of reach of every square the horse can jump to, so there the 抽 is
//! gone. The red pawn i9 has crossed the river and stands there all along (a capture of it is
//! 得子: art. 26.7 excludes only pawns that have not crossed or have just crossed).
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 "凡走子后所走动子能直接吃子或造成其他子能吃子……通过完整互吃交换后吃掉对方子且得子，
//!   上述得子后不致立即……被对方将死的称为'捉'".
//! - 26.1 "走动帅(将)、兵(卒)后……走动后其他子产生新的'捉'按'捉'处理"; 图16 (above).
//! - 26.5 "做'根'子和被'牵'子捉子，交换后价值相当或得子者为按'捉'处理；得不偿失者，按'闲'处理".
//! - 26.7 "过河兵、卒浮动价值低于车" (a crossed pawn may count up to a horse or a cannon; 图22:
//!   the rook that guards the horse attacks the crossed pawn and gives up the horse, 捉).
//! - 24.11, 26.9.1 长捉无根子 must change; 25.2 both sides allowed: a draw.
//!
//! | test | cycle | book: Black's natures, verdict | engine |
//! |---|---|---|---|
//! | (1) the 抽 ended by the general's step | 将e9↔e8; 车i7 can take the pawn i9 | e9→e8 捉 (26.1, 图16), e8→e9 闲 (under the 抽 the capture loses the rook): draw | agrees |
//! | (1) no 抽 (no horse) | the same | 闲, 闲 (the attack stands all along): draw | agrees |
//! | (1) the target a horse | 车i7 can take the horse i9 | 捉, 闲: draw | agrees |
//! | (1) control, no horse h6 (the horse i9's own 抽 is ended by the capture) | the same | 闲, 闲: draw | agrees |
//! | (1) the 抽 ended by a piece | 炮h9↔h8 blocks the horse's leg h8 | h9→h8 捉, h8→h9 闲 (献 to the pawn, 24.8): draw | agrees |
//! | (1) no 抽 (no horse) | the same | 闲, 闲: draw | agrees |
//! | (1) a boxed rook a9 besides | 将e9↔e8 | 捉, 闲 (the rook a9 changes nothing): draw | agrees |
//! | (2) a second rook that blocks the check | 将e9↔e8, the rook f6 can go to f8 | 捉, 闲 (the 抽 wins only the capturer): draw | agrees |
//! | (2) two rooks forked, either lost | 将e9↔e8, the rook f6 boxed | 捉, 闲 (see the note: the pawn falls either way) | agrees |
//! | (2) control, no second rook | the same | 捉, 闲: draw | agrees |
//! | (2) two rooks forked (i7, i9, the black horse i8 between), the capturer escapes | 将e9↔e8, 车i7 can take the pawn d7 | 闲, 闲 (Red takes the other rook; the capture gains, 捉 all along): draw | agrees |
//! | (2) the same, a cannon on d7 | the same | 闲, 闲: draw | agrees |
//! | (3) 做根子 takes a horse, gives a horse | 车b7↔b5 guards the horse b2 (red rook a2), takes h7 / d5 | 捉, 捉 (价值相当): Black must change | agrees |
//! | (3) control, the horse b2 not attacked | the same | 捉, 捉: Black must change | agrees |
//! | (3) takes a crossed pawn, gives a horse | the targets pawns | 捉, 捉 (26.7 float, 图22): Black must change | agrees |
//! | (3) takes a horse, gives a rook | the guarded piece the rook b2 | 闲, 闲 (得不偿失): draw | agrees |
//! | (3) control, the rook b2 not attacked | the same | 捉, 捉: Black must change | agrees |
//!
//! No disagreement was found. One case looked like one at first and was dropped: with a free
//! black rook on a5 besides (and no red advisor) the engine ruled the general's step 闲, where
//! 捉 had been written. The position was at fault: the red general on d0/d1 cannot step to the
//! e-file (it would face the black general), so after 马g8+ 将e8 马×i9 the rook mates by
//! 车a5→d5, the 抽 wins nothing (24.3, "得子后不致立即……被对方将死"), and the engine's 闲闲 is
//! the book's; but the rooks mate the red general from the start as well (车i7→d7), a stray mate
//! threat, and two free rooks mate it even with red advisors on e1 and d2. So every position
//! here has a red advisor on e1 (the red general may go to e0, or the advisor to d2), and the
//! only second rook is boxed in (a9 behind its pawn a6; f6 between its pawns and over its
//! cannon). A search for a forced line (the engine's own, four checks) from every start
//! position, either side to move, finds no mate.
//!
//! First readings corrected from the book, not from the engine: (3) with pawns for targets was
//! first written 闲 (a pawn for a horse); art. 26.7 lets a crossed pawn float up to a horse, and
//! 图22 rules that very exchange 捉. (2) with both rooks forked was first written 闲, 闲 (the
//! capture keeping a pawn beyond the rook lost either way); but when Red takes the other rook,
//! the capturer takes the pawn afterwards all the same, so the capture wins nothing that was not
//! won anyway (24.3 "得子" is what the capture gains): 闲 under the 抽, and the general's step
//! that ends it makes the 捉, as the engine rules. (The first build of that case, the rook f6
//! between its pawns but free to go up the f-file, was also written 闲, 闲: there 车f6→f8 blocks
//! the check's leg, only the capturer is lost, and 捉闲 is the book's answer too; it is kept as
//! `a_second_rook_that_blocks_the_check_leaves_the_capturer_lost`.) A case where the capture
//! keeps a gain while a rook alike is lost either way was built afterwards, its verdict written
//! before the run (the rooks i7 and i9, the capturer leaving the fork by its capture): 捉 all
//! along, as the engine rules.

mod symmetry;

use symmetry::cxa_case;

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// (1) 图16's family: the 抽 on the capturer, ended by the general's step or by a piece.

/// Black general e9, advisors d9, f9; black rook i7; red pawn i9 (crossed), red horse h6, red
/// advisor e1, red general d0. With the general on e9, 马h6→g8 checks (leg f8) and forks i7 and i9 (leg h8):
/// the only answer is 将e8 (d9, f9 are taken, the leg f8 cannot be blocked), and the horse takes
/// the rook, wherever it stands of the two. So 车i7×i9 wins a pawn and loses the rook: no 捉
/// (24.3, 图16). 将e9→e8 ends the 抽 (from e8 no square the horse reaches gives check), and the
/// rook's capture becomes a 捉 that the general's step made (26.1, 图16 "避抽后，车可以吃兵，判
/// 捉"); 将e8→e9 walks back into the 抽: 闲. Black 捉闲, Red idle: a draw (25.2).
#[test]
fn the_generals_step_out_of_the_pull_makes_the_rooks_capture_a_chase() {
    cxa_case(
        "3aka2P/9/8r/7N1/9/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Control: no red horse, no 抽. The rook attacks the pawn all along; the general's steps make
/// nothing new (图5): 闲 every move, a draw.
#[test]
fn control_without_the_pull_the_generals_steps_are_idle() {
    cxa_case(
        "3aka2P/9/8r/9/9/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// The target a red horse on i9 (it attacks g8 and h7, no black piece): as the pawn, 车×i9
/// under the 抽 loses the rook for a horse, and the general's step out of it makes the 捉.
#[test]
fn the_generals_step_out_of_the_pull_makes_a_chase_of_a_horse() {
    cxa_case(
        "3aka2N/9/8r/7N1/9/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Control of the last: no red horse h6. The horse i9 could itself fork from g8 (马i9→g8+ and
/// ×i7), but the rook takes it first: the capture wins the horse all along, with the general on
/// e9 or e8, and the general's steps make nothing new: 闲 every move.
#[test]
fn control_a_horse_attacked_all_along_is_no_new_chase() {
    cxa_case(
        "3aka2N/9/8r/9/9/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// The 抽 ended by a piece, not the general: the general stays on e9 and a black cannon goes
/// h9→h8, onto the horse's leg h8 (马g8 no longer reaches i7 or i9): the rook's capture of the
/// pawn becomes a 捉 the cannon's move made (26.1: "走动后其他子产生新的'捉'按'捉'处理"); h8→h9
/// opens the leg again: 闲 (on h9 the cannon stands beside the pawn, which may take it: 献, of
/// the 闲 kind, 24.8). The cannon attacks nothing (on h8 over the horse h6 the h-file is empty,
/// on h9 its screen on rank 9 is its own advisor). Black 捉闲: a draw.
#[test]
fn a_piece_that_blocks_the_pull_makes_the_rooks_capture_a_chase() {
    cxa_case(
        "3aka1cP/9/8r/7N1/9/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 h9h8 d1d0 h8h9",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Control of the last: no red horse, the cannon's moves change nothing: 闲 every move.
#[test]
fn control_without_the_pull_the_blocking_cannon_is_idle() {
    cxa_case(
        "3aka1cP/9/8r/9/9/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 h9h8 d1d0 h8h9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// A second black rook boxed in on a9 (its own pawn a6 below, its advisor d9 on the rank)
/// changes nothing: the 抽 still wins the capturer and only it, 捉闲 as without it.
#[test]
fn a_boxed_rook_elsewhere_leaves_the_pull_as_it_was() {
    cxa_case(
        "r2aka2P/9/8r/p6N1/9/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// (2) A second rook beside the capturer.

/// A second black rook on f6, which 马g8 attacks too (leg g7), between its pawns e6, g6 and
/// over its cannon f5. It is not lost: to 马g8+ Black answers 车f6→f8, on the check's leg, and
/// the horse takes the rook i7 (or i9): the 抽 wins the capturer alone, as in the first case.
/// 捉闲: a draw.
#[test]
fn a_second_rook_that_blocks_the_check_leaves_the_capturer_lost() {
    cxa_case(
        "3aka2P/9/8r/4prpN1/5c3/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Two rooks forked, either lost: the advisor f7 (in place of f9) boxes the rook f6 in (f7
/// above, the cannon f5 below, the pawns e6, g6 beside), so to 马g8+ Black can only step the
/// general (e8 or f9) and the horse takes a rook, i7 (i9) or f6, as Red likes. Under the 抽
/// 车i7×i9 wins the pawn and Red takes the rook on i9; left alone, Red takes f6 and the rook i7
/// then takes the pawn all the same. The capture wins nothing that is not won anyway (24.3),
/// no 捉; the general's step to e8 ends the 抽 and makes it one (26.1). 捉闲: a draw.
#[test]
fn two_rooks_forked_the_capture_wins_nothing_the_pull_leaves() {
    cxa_case(
        "3ak3P/9/5a2r/4prpN1/5c3/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Control of the last: no rook f6, the 抽 wins the capturer only: 捉闲.
#[test]
fn control_one_rook_forked_with_the_boxing_pieces() {
    cxa_case(
        "3ak3P/9/5a2r/4p1pN1/5c3/9/9/9/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "捉闲捉闲",
        false,
    );
}

/// Two rooks alike forked, the capturer escaping by its capture: black rooks i7 and i9 with the
/// black horse i8 between them (so neither guards the other; the red horse h6 attacks i8, which
/// both rooks guard: a horse for a horse, no gain), a red crossed pawn d7, red advisors d2 (which
/// closes the d-file to the rook's capture) and e1. With the general on e9, 马g8+ 将e8 and the
/// horse takes i7 or i9 (leg h8), as Red likes; Red's best takes i7 (after 马×i9 the rook i7
/// would take the pawn). 车i7×d7 leaves the fork (no square the horse reaches attacks d7), and
/// Red takes the rook i9 instead: Black keeps the pawn and loses a rook, as it would have
/// anyway. The capture gains (24.3), with the general on e9 as on e8: it stands, the general's
/// steps make nothing new, 闲闲, a draw. (The control where the line can only win the capturer,
/// which stays forked when it takes, is the first case of (1): 捉闲.)
#[test]
fn two_rooks_forked_the_capturer_escapes_and_its_capture_stands() {
    cxa_case(
        "3aka2r/8n/3P4r/7N1/9/9/9/3A5/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// The same with a red cannon on d7 (it attacks nothing: over the rook i7 on its rank and the
/// advisor d9 on its file there is nothing beyond): the capture gains a cannon: it stands, 闲闲.
#[test]
fn two_rooks_forked_the_capturer_escapes_with_a_cannon() {
    cxa_case(
        "3aka2r/8n/3C4r/7N1/9/9/9/3A5/4A4/3K5 w - - 0 1",
        "d0d1 e9e8 d1d0 e8e9",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// (3) 做根子捉子 (art. 26.5, second clause).

/// Black general e9, advisors d9, f9; black rook b7↔b5, guarding along the b-file the black
/// horse b2, which the red rook a2 attacks (a horse guarded by a rook: no gain for the rook).
/// Red: horses h7 and d5 (neither guards the other), advisor e1 (between the generals' files,
/// so that the red general has e0), general f0↔f1. 车b7 attacks the horse h7, 车b5 the horse
/// d5, each new. Taking, the rook leaves the b-file and 车a2×b2 takes the horse: a horse for a
/// horse, "价值相当" (26.5): 捉 each move, 长捉 of unrooted horses, Black must change (26.9.1).
#[test]
fn a_rook_that_guards_a_horse_trades_it_evenly_and_chases() {
    cxa_case(
        "3aka3/9/1r5N1/9/3N5/9/9/Rn7/4A4/5K3 w - - 0 1",
        "f0f1 b7b5 f1f0 b5b7",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

/// Control: the red rook on a3, not attacking b2: plain 捉 each move, Black must change.
#[test]
fn control_a_rook_guarding_nothing_attacked_chases() {
    cxa_case(
        "3aka3/9/1r5N1/9/3N5/9/R8/1n7/4A4/5K3 w - - 0 1",
        "f0f1 b7b5 f1f0 b5b7",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

/// The targets red crossed pawns (h7, d5): the rook gives up the horse b2 for a pawn, which
/// floats up to a horse (26.7 "过河兵、卒浮动价值低于车"; 图22 rules this exchange 捉): even, 捉
/// each move, Black must change.
#[test]
fn a_rook_that_guards_a_horse_chases_crossed_pawns() {
    cxa_case(
        "3aka3/9/1r5P1/9/3P5/9/9/Rn7/4A4/5K3 w - - 0 1",
        "f0f1 b7b5 f1f0 b5b7",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

/// The guarded piece a black rook b2 (the red rook a2 attacks it; the red elephant c0 guards
/// a2, so neither rook wins on the other): taking a horse, the rook b7 (b5) gives up the rook
/// b2, "得不偿失" (26.5): 闲 each move, a draw.
#[test]
fn a_rook_that_guards_a_rook_gains_nothing_by_taking_a_horse() {
    cxa_case(
        "3aka3/9/1r5N1/9/3N5/9/9/Rr7/4A4/2B2K3 w - - 0 1",
        "f0f1 b7b5 f1f0 b5b7",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
}

/// Control of the last: the red rook on a3, the rook b2 not attacked: 捉 each move, Black must
/// change.
#[test]
fn control_a_rook_guarding_an_unattacked_rook_chases() {
    cxa_case(
        "3aka3/9/1r5N1/9/3N5/9/R8/1r7/4A4/2B2K3 w - - 0 1",
        "f0f1 b7b5 f1f0 b5b7",
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}
