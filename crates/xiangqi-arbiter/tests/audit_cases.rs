//! An adversarial audit of the repetition rulings (棋例) on positions of our own, none a copy of
//! a shipped case (issue 16). Each expected verdict, and the nature of each of the chasing
//! side's moves, was written from the book's text (CXA 2011 arts. 24–26; the Asian rules as
//! WXF 2018 ch. 5 lists them, read through the project's digest of AXF rules 1–40) before the
//! engine was run. Every cycle is ruled three ways: as given, mirrored left to right, and with
//! the colours swapped (`symmetry::check`).
//!
//! The cycles give the four plies of one period twice, so the start position occurs three times
//! (CXA 2011 arts. 23.1, 23.3).
//!
//! Natures are written with the book's characters: 将 check, 杀 mate threat, 捉 chase, 兑
//! exchange offer, 献 sacrifice, and 闲 for any move the book counts as idle (art. 24.8: "兑、献、
//! 拦、跟，均属于闲范畴"), so a 闲 here may be ruled 闲, 拦 or 跟.

mod symmetry;

use symmetry::{cxa, game_of, red_moves, rule, rule_both, wxf};

use xiangqi::Color;
use xiangqi_arbiter::{Book, MoveAnalysis, MoveNature, Reason, RuleSet, Verdict, analyse};

// ---------------------------------------------------------------------------------------------
// 1. Hidden roots (暗根) and cutting them (断根), CXA 2011 art. 24.15.

/// A root position for family 1: the black cannon shuttles between d4 and f4 and the red rook
/// follows on rank 7 (d7, f7), attacking it each time. Nothing recaptures on d4 or f4, but if
/// the rook takes on f4 the black horse on e5 goes to d3 with check on the general on e1 and
/// forks the rook (on d4, to f3): a rook lost for a cannon.
const HIDDEN_ROOT: &str = "4k4/9/3R5/4p4/4n4/5c3/9/9/4K4/9 w - - 0 1";
const HIDDEN_ROOT_CYCLE: &str = "d7f7 f4d4 f7d7 d4f4";

/// CXA 2011 art. 24.15 ("凡有己方其他棋子（包括暗根）充分保护的棋子，称为有根子"): the cannon
/// keeps a hidden root on both points, so no rook move chases it (art. 24.3: taking it wins
/// nothing), Red plays allowed moves and the game is drawn if neither changes (art. 25.2).
/// Before the fix the forced-line search, whose defender only captures, took the cannon
/// again by the same capture and called each move a chase (Red to change).
#[test]
fn a_hidden_root_against_a_rook_that_follows() {
    let ruling = rule(
        HIDDEN_ROOT,
        HIDDEN_ROOT_CYCLE,
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
    for a in red_moves(&ruling) {
        assert!(
            a.attacks.iter().any(
                |at| at.reason == Reason::HiddenRoot && at.victim_role == xiangqi::Role::Cannon
            ),
            "{a:?}"
        );
    }
}

/// The control: without the black horse the cannon has no root at all, and the rook's every
/// move chases it: 长捉无根子 (arts. 24.11, 26.9.1), Red must change (art. 25.3).
#[test]
fn without_the_fork_the_cannon_is_chased() {
    rule(
        "4k4/9/3R5/4p4/9/5c3/9/9/4K4/9 w - - 0 1",
        HIDDEN_ROOT_CYCLE,
        &cxa(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
}

/// 断根 (arts. 24.3, 24.15): the rook stands on f7 over the cannon on f4, which the fork
/// d3 roots. The red cannon steps b4–e4 onto the horse's leg (e5–d3 and e5–f3 both pass e4):
/// the hidden root is cut and the standing attack becomes a chase made by the cannon's move
/// ("造成其他子能吃子"). Its way back restores the root (闲). Red plays 一捉一闲 and Black's
/// general steps idly: allowed on both sides, a draw (arts. 24.14, 25.2).
#[test]
fn blocking_the_fork_cuts_the_hidden_root() {
    let ruling = rule(
        "4k4/9/5R3/4p4/4n4/1C3c3/9/9/4K4/9 w - - 0 1",
        "b4e4 e9d9 e4b4 d9e9",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    let cut = red_moves(&ruling).next().expect("a red move");
    assert!(
        cut.attacks.iter().any(|at| at.is_chase()
            && at.victim_role == xiangqi::Role::Cannon
            && at.attacker_role == xiangqi::Role::Rook),
        "{cut:?}"
    );
}

/// 断根 by moving away the piece the answer would win (issue 16, item 1): the rook on f4 looks
/// up the f-file at the black cannon on f7, and stands on the leg of the black horse on g4
/// (rooted by the rook on g9). Were it to take, 马7进5 (g4–e3) would check the general on d1 and
/// fork the red rook on c2 (the advisor on d2 shuts that rook's way to e2, the horse's leg): a
/// rook for a cannon, so the rook on f4 is tied and its capture idle (art. 26.5). The rook
/// c2–b2 steps out of the fork: now the capture wins a cannon, and the standing attack is a
/// chase made by that move (art. 24.3, "造成其他子能吃子"). Its way back is idle: 一捉一闲, a
/// draw. (With the black general on d9, the first try, red had 车四进二 on f9, check and a
/// fork of the rook on g9, and no tie at all; the engine saw it.)
#[test]
fn stepping_out_of_the_fork_cuts_the_root() {
    let ruling = rule(
        "6r2/3k5/5c3/9/9/5Rn2/9/2RA4p/3K5/9 w - - 0 1",
        "c2b2 i2h2 b2c2 h2i2",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    let cut = red_moves(&ruling).next().expect("a red move");
    assert!(
        cut.attacks.iter().any(|at| at.is_chase()
            && at.victim_role == xiangqi::Role::Cannon
            && at.attacker_role == xiangqi::Role::Rook),
        "{cut:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// 2. The tied-down capturer (被牵子捉子), CXA 2011 art. 26.5, second clause: "做根子和被牵子捉
// 子，交换后价值相当或得子者按捉处理；得不偿失者，按闲处理".

/// The red rook on the d-file is the only root of the horse on d1, which the black rook on h1
/// attacks. The rook follows the black cannon between g5 and g6 along ranks 5 and 6, never
/// leaving the d-file. Taking the cannon (5) gives up the horse (5): value for value, so each
/// move is 捉 by art. 26.5; the cannon has no other root: 长捉, Red must change (art. 25.3).
#[test]
fn a_tied_rook_taking_a_cannon_for_its_horse_chases() {
    rule(
        "4k4/4a4/9/3R5/6c2/9/9/9/3N3r1/4K4 w - - 0 1",
        "d6d5 g5g6 d5d6 g6g5",
        &cxa(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
}

/// The rook on rank 4 roots the horse on a4 against the black rook on a9 and follows the
/// black elephant between g5 and e7 (from g4 and e4). Taking the elephant (2) gives up the
/// horse (5): 得不偿失, idle (art. 26.5). Red's moves are allowed: a draw (art. 25.2).
#[test]
fn a_tied_rook_taking_an_elephant_for_its_horse_is_idle() {
    let ruling = rule(
        "r3ka3/4a4/9/9/6b2/N3R4/9/9/9/3K5 w - - 0 1",
        "e4g4 g5e7 g4e4 e7g5",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
    for a in red_moves(&ruling) {
        assert!(
            a.attacks
                .iter()
                .any(|at| at.reason == Reason::TiedCapturer
                    && at.victim_role == xiangqi::Role::Elephant),
            "{a:?}"
        );
    }
}

/// The control: with no black rook on a9 the rook is free and the elephant unrooted: 长捉无根子,
/// Red must change (arts. 24.11, 25.3).
#[test]
fn a_free_rook_chases_the_elephant() {
    rule(
        "4ka3/4a4/9/9/6b2/N3R4/9/9/9/3K5 w - - 0 1",
        "e4g4 g5e7 g4e4 e7g5",
        &cxa(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
}

/// A pinned capturer (被牵子), pinned against a rook, not a king: the red horse on c3 stands
/// between the black rook on a3 and the unprotected red rook on e3. The elephant c4–e2 frees
/// the horse's leg, and the horse attacks the black cannon on b5; taking it lets the black rook
/// take the red rook (the horse on b5 cannot take back on e3): a cannon for a rook, 得不偿失,
/// idle (art. 26.5). The elephant's way back shuts the leg again. A draw (art. 25.2).
#[test]
fn a_horse_pinned_against_its_rook_taking_a_cannon_is_idle() {
    rule(
        "3a1k3/4a4/9/9/1c7/2B6/r1N1R4/9/9/4K4 w - - 0 1",
        "c4e2 f9f8 e2c4 f8f9",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
}

/// The same pin, but the piece the horse attacks is a black rook: a rook for a rook,
/// 价值相当, so the discovered attack is 捉 (art. 26.5); the elephant's way back is idle, and
/// 一捉一闲 is allowed (art. 24.14): a draw.
#[test]
fn a_horse_pinned_against_its_rook_taking_a_rook_chases() {
    let ruling = rule(
        "3a1k3/4a4/9/9/1r7/2B6/r1N1R4/9/9/4K4 w - - 0 1",
        "c4e2 f9f8 e2c4 f8f9",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    let first = red_moves(&ruling).next().expect("a red move");
    assert!(
        first
            .attacks
            .iter()
            .any(|at| at.is_chase() && at.victim_role == xiangqi::Role::Rook),
        "{first:?}"
    );
}

/// WXF 2018 (AXF rule 18, and the type rules: "any other target counts only if it is
/// unprotected"): the Asian rules weigh no tied capturer. The first case's rook chases an
/// unprotected cannon on every move: Red must change.
#[test]
fn wxf_a_tied_rook_still_chases_an_unprotected_cannon() {
    rule(
        "4k4/4a4/9/3R5/6c2/9/9/9/3N3r1/4K4 w - - 0 1",
        "d6d5 g5g6 d5d6 g6g5",
        &wxf(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
}

/// WXF 2018: the elephant case, where CXA 2011 art. 26.5 makes the rook idle, is a perpetual
/// chase of an unprotected piece under the Asian rules (rule 18's principle): Red must change.
#[test]
fn wxf_a_tied_rook_still_chases_an_unprotected_elephant() {
    rule(
        "r3ka3/4a4/9/9/6b2/N3R4/9/9/9/3K5 w - - 0 1",
        "e4g4 g5e7 g4e4 e7g5",
        &wxf(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
}

/// WXF 2018: the pinned horse's attack on the unprotected cannon is a chase on one move in
/// two; the cycle's other move attacks nothing, so the chase is not perpetual: a draw.
#[test]
fn wxf_a_chase_on_every_other_move_is_not_perpetual() {
    rule(
        "3a1k3/4a4/9/9/1c7/2B6/r1N1R4/9/9/4K4 w - - 0 1",
        "c4e2 f9f8 e2c4 f8f9",
        &wxf(),
        Verdict::Draw,
        "捉闲捉闲",
    );
}

// ---------------------------------------------------------------------------------------------
// 3. The pawn clause, CXA 2011 art. 26.7.

/// Art. 26.7 (b), "兵（或数兵）与其他一子或数子（包括士象）互换均不算得子", in a forced line:
/// the rook comes to f2 over the black cannon on f9, which the general roots. Then 兵五进一
/// (e7–e8) checks, the general must take it (or step to d9), and the rook takes the cannon: a
/// pawn traded for a cannon, no gain. The rook move is no chase (it follows the rooted
/// cannon); its way back is idle: a draw.
#[test]
fn a_pawn_sent_in_to_win_a_cannon_wins_nothing() {
    rule(
        "4kc3/9/4P4/9/9/9/p8/6R2/4A4/4K4 w - - 0 1",
        "g2f2 a3b3 f2g2 b3a3",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
}

/// Art. 26.7 (a), "主动送兵(卒)将军换车按捉处理", and the victim of a forced line (art. 26.9.1):
/// the horse h3–g5 threatens 兵四进一 (f7–f8) with check, which the general on f9 must take
/// (its horse on e9 shuts the other way out), then 马三进五 (g5–e6) with check and a fork of the
/// rook on c7 (the advisor on d7 keeps the rook from blocking on e7). A pawn given with check
/// for a rook: a chase, and the piece chased is the rook, won at the end of the line. Its way
/// back is idle; 一捉一闲 is allowed, a draw. (With Red's general on e0 the line fails: the
/// black general steps to e8 and the horse on e6 may not leave the file. The engine saw it
/// first.)
#[test]
fn a_pawn_sent_in_with_check_to_win_a_rook_chases_the_rook() {
    let ruling = rule(
        "4nk3/9/2ra1P3/9/9/9/7N1/p8/9/3K5 w - - 0 1",
        "h3g5 a2b2 g5h3 b2a2",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    let first = red_moves(&ruling).next().expect("a red move");
    assert!(
        first
            .attacks
            .iter()
            .any(|at| at.reason == Reason::ForcedGain
                && at.victim_role == xiangqi::Role::Rook
                && at.gain > 0),
        "{first:?}"
    );
}

/// Art. 26.10 over art. 26.5 (a same-type offer): the rook g2–f2, rooted by the advisor on e1,
/// faces the black rook on f9, rooted by its general, and 兵五进一 (e7–e8) check would then win
/// that rook (art. 26.7 (a)). But the rook threatened is the rook offered, and Black may take
/// first at no loss (车4退7 仕5进4): "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损邀兑方按
/// 捉处理，反之则按兑处理" — 兑, not 捉, as the book's 参考图4 rules a threat on the offered
/// piece. (Written first as 捉 by art. 26.5, "兑兼捉按捉处理"; art. 26.10 is the narrower
/// rule for this very case, and the engine's 兑 stands.) Red plays 一兑一闲: a draw.
#[test]
fn a_threat_on_the_rook_offered_for_exchange_is_an_offer() {
    let ruling = rule(
        "4kr3/9/4P4/9/9/9/p8/6R2/4A4/4K4 w - - 0 1",
        "g2f2 a3b3 f2g2 b3a3",
        &cxa(),
        Verdict::Draw,
        "兑闲兑闲",
    );
    assert!(ruling.moves.iter().all(|a| a.nature != MoveNature::Chase));
}

/// Art. 26.7 (b), the same line winning a cannon on c7: a pawn traded for a cannon is no gain,
/// and the horse's moves are idle.
#[test]
fn a_pawn_sent_in_with_check_to_win_a_cannon_wins_nothing() {
    rule(
        "4nk3/9/2ca1P3/9/9/9/7N1/p8/9/3K5 w - - 0 1",
        "h3g5 a2b2 g5h3 b2a2",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
}

/// Art. 26.7 (c), "捉吃未过河的兵(卒)……也不算得子": the rook goes between c7 and g7, attacking
/// the unprotected uncrossed pawns on c6 and g6 in turn. No move chases: a draw.
#[test]
fn attacking_uncrossed_pawns_in_turn_is_idle() {
    let ruling = rule(
        "3aka3/9/2R6/2p3p2/9/9/9/9/9/3K5 w - - 0 1",
        "c7g7 e9e8 g7c7 e8e9",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
    for a in red_moves(&ruling) {
        assert!(
            a.attacks
                .iter()
                .any(|at| at.reason == Reason::UncrossedPawn),
            "{a:?}"
        );
    }
}

/// WXF 2018 (AXF rule 25, D60: an uncrossed pawn is no target): the same, a draw.
#[test]
fn wxf_attacking_uncrossed_pawns_in_turn_is_allowed() {
    rule(
        "3aka3/9/2R6/2p3p2/9/9/9/9/9/3K5 w - - 0 1",
        "c7g7 e9e8 g7c7 e8e9",
        &wxf(),
        Verdict::Draw,
        "闲闲闲闲",
    );
}

/// The control, and a difference of the books: with unprotected horses on c6 and g6 the rook
/// chases one piece, then the other. CXA 2011 art. 24.11 ("连续追捉一子或数子"): 长捉, Red
/// must change. WXF 2018 (AXF rule 32, 分捉: one piece chasing two in turn): a draw.
#[test]
fn chasing_two_horses_in_turn_by_the_two_books() {
    let fen = "3aka3/9/2R6/2n3n2/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "c7g7 e9e8 g7c7 e8e9";
    rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "捉捉捉捉",
    );
}

/// Art. 26.7 (c) in a forced line: the horse h4–g6 threatens 马三进五 (g6–e7) with check on
/// the general on d9 and then the uncrossed pawn on c6. A line that wins only an uncrossed pawn
/// wins nothing: both horse moves are idle, a draw.
#[test]
fn a_check_that_wins_only_an_uncrossed_pawn_is_idle() {
    rule(
        "3k5/9/9/2p6/9/7N1/9/p8/9/5K3 w - - 0 1",
        "h4g6 a2b2 g6h4 b2a2",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
}

/// The control: a black cannon on c6 instead. The same check wins it (art. 24.3, "从下一着开始
/// 运用将军……得子"): the move to g6 chases, its way back is idle; 一捉一闲 is allowed, a draw.
#[test]
fn a_check_that_wins_a_cannon_chases() {
    rule(
        "3k5/9/9/2c6/9/7N1/9/p8/9/5K3 w - - 0 1",
        "h4g6 a2b2 g6h4 b2a2",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
}

// ---------------------------------------------------------------------------------------------
// 4. Whether a move creates a chase (arts. 24.3, 24.8, the principle of 图5).

/// The rook slides f7–f6–f7 along the f-file over the unprotected advisor on f9: the capture
/// stood before each move and stands after it, unchanged. Nothing new is won: idle (art. 24.8;
/// 图5, "退车前就可吃底士，退车后吃士结果没有发生变化"). A draw, under both books (WXF 36.2: an
/// attack left standing is no chase).
#[test]
fn sliding_along_the_line_of_a_standing_attack_is_idle() {
    let fen = "3k1a3/9/5R3/9/9/9/9/p8/9/5K3 w - - 0 1";
    let cycle = "f7f6 a2b2 f6f7 b2a2";
    rule_both(fen, cycle, [Verdict::Draw; 2], "闲闲闲闲");
}

/// A win of a different piece is a new chase even when the total equals an older threat
/// (art. 24.3): the rook on i0 attacks the unprotected horse on i4 all along (5). The horse
/// h4–g6 threatens 马三进五 check and then the cannon on c6 (5): as much as before, but a
/// different piece, so 捉. Its way back is idle (it blocks): a draw.
#[test]
fn a_forced_win_of_a_different_piece_is_a_new_chase() {
    let ruling = rule(
        "3k5/9/9/2c6/9/7Nn/9/p8/9/5K2R w - - 0 1",
        "h4g6 a2b2 g6h4 b2a2",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    let first = red_moves(&ruling).next().expect("a red move");
    assert!(
        first
            .attacks
            .iter()
            .any(|at| at.is_chase() && at.victim_role == xiangqi::Role::Cannon),
        "{first:?}"
    );
}

/// A forced win of the same piece that could be won before is no chase: the rook on c0 attacks
/// the unprotected cannon on c6 all along; the horse's threat on it adds nothing (图5): idle.
#[test]
fn a_forced_win_of_a_piece_already_hanging_is_idle() {
    rule(
        "3k5/9/9/2c6/9/7N1/9/p8/9/2R2K3 w - - 0 1",
        "h4g6 a2b2 g6h4 b2a2",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
}

// ---------------------------------------------------------------------------------------------
// 一将一捉, 一将一闲, 长兑, 长献.

/// 一将一捉 (CXA 2011 art. 24.13): the rook checks from e7, the general steps to d9, the rook
/// goes back to f7 and attacks the unprotected cannon on f4 anew, the general steps back.
/// CXA: forbidden, and listed in 26.9.1 (一将一捉无根子): Red must change. WXF 2018 (AXF rule
/// 12, D13: one check and one chase, even of an unprotected piece): a draw.
#[test]
fn one_check_one_chase_by_the_two_books() {
    let fen = "4k4/9/5R3/9/9/5c3/9/9/9/5K3 w - - 0 1";
    let cycle = "f7e7 e9d9 e7f7 d9e9";
    rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "将捉将捉",
    );
}

/// 一将一闲 (art. 24.14): the same with the cannon rooted by the black rook on i4. The rook's
/// return attacks a rooted cannon and wins nothing (it follows it): allowed, a draw.
#[test]
fn one_check_one_follow_is_allowed() {
    rule(
        "4k4/9/5R3/9/9/5c2r/9/9/9/5K3 w - - 0 1",
        "f7e7 e9d9 e7f7 d9e9",
        &cxa(),
        Verdict::Draw,
        "将闲将闲",
    );
}

/// 长兑 (arts. 24.4, 24.12, 24.14): the red rook, rooted by the cannon on a0 over the pawn on
/// a3, offers itself to the black rook on rank 7 and on rank 6 as it steps between d7 (rooted
/// by the advisor) and d6 (rooted by the horse). Either side may take first without loss: 兑
/// on every move, allowed. A draw under both books (WXF: AXF rule 40).
#[test]
fn a_perpetual_exchange_offer_is_allowed() {
    let fen = "4k4/4a4/3r5/R8/5n3/9/P8/9/9/C3K4 w - - 0 1";
    let cycle = "a6a7 d7d6 a7a6 d6d7";
    rule_both(fen, cycle, [Verdict::Draw; 2], "兑兑兑兑");
}

/// 长献 (arts. 24.5, 24.12): the unprotected horse steps between f4 and d5, each time onto a
/// line of the black rook on d4, attacking nothing. Black may take it at no cost: 献, allowed. A
/// draw under both books (WXF: AXF rule 40).
#[test]
fn a_perpetual_sacrifice_is_allowed() {
    let fen = "4k4/4a4/9/9/9/3r1N3/9/9/9/4K4 w - - 0 1";
    let cycle = "f4d5 e9f9 d5f4 f9e9";
    rule_both(fen, cycle, [Verdict::Draw; 2], "献献献献");
}

/// CXA 2011 art. 26.1 ("走动帅(将)、兵(卒)后……其他子产生新的捉，按捉处理"): the crossed pawn
/// d5–c5 opens the d-file for the rook on d2 onto the unprotected black horse on d8: the pawn's
/// move is 捉. Back on d5 it shuts the file again (闲). 一捉一闲, a draw. WXF 2018 (AXF rule 30,
/// D74: a pawn move unmasking another piece's attack is a chase) agrees, and a chase on one
/// move in two is not perpetual: a draw as well.
#[test]
fn a_pawn_step_that_opens_a_rook_file_chases() {
    let fen = "3ak4/3na4/9/9/3P5/9/9/3R5/9/4K4 w - - 0 1";
    let cycle = "d5c5 e9f9 c5d5 f9e9";
    for rules in [cxa(), wxf()] {
        let ruling = rule(fen, cycle, &rules, Verdict::Draw, "捉闲捉闲");
        let first = red_moves(&ruling).next().expect("a red move");
        assert!(
            first.attacks.iter().any(|at| at.is_chase()
                && at.attacker_role == xiangqi::Role::Rook
                && at.victim_role == xiangqi::Role::Horse),
            "{first:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 6. WXF 2018 art. 3.1.H and the AXF Appendix: root-cutting through a cannon's screen, along a
// rank (the shipped cases have it along a file).

/// The move `mv` in `fen` under `book`: the analysis as given, mirrored, and colours swapped.
fn three_views(book: Book, fen: &str, mv: &str) -> Vec<MoveAnalysis> {
    let (start, moves) = game_of(fen, mv);
    let mut out = vec![(start.clone(), moves.clone())];
    out.extend(symmetry::mirrored(&start, &moves));
    out.extend(symmetry::colors_swapped(&start, &moves));
    assert_eq!(out.len(), 3, "every view of {fen} is legal");
    let depth = match book {
        Book::Cxa2011 => RuleSet::cxa2011().mate_threat_depth,
        Book::Wxf2018 => RuleSet::wxf2018().mate_threat_depth,
    };
    out.into_iter()
        .map(|(pos, ms)| analyse(&pos, ms[0], book, depth))
        .collect()
}

/// The black cannon on i5 fires over red's pawn on g5 at the red rook on e5, which looks along
/// rank 5 at the black horse on c5; the horse's root is that cannon, along the same rank (were
/// the rook to take, the cannon would take back on c5). The pawn steps up to g6: the rook is
/// out of fire, and the horse's root is gone with the screen, as the price of a defence: the
/// rook's standing attack is no new chase. (The rook now sees the cannon, rooted by the horse
/// on h7: no chase either, AXF rule 17.)
#[test]
fn wxf_removing_a_rank_screen_to_escape_cuts_no_root() {
    for a in three_views(
        Book::Wxf2018,
        "5k3/9/7n1/9/2n1R1P1c/9/9/9/9/3K5 w - - 0 1",
        "g5g6",
    ) {
        assert_ne!(a.nature, MoveNature::Chase, "{a:?}");
        assert!(!a.attacks.iter().any(|at| at.is_chase()), "{a:?}");
    }
}

/// The control, a cut made for its own sake (AXF Appendix, perpetual chase): the rook on c1
/// attacks the horse on c5 up the c-file, nothing of red's under fire; the pawn's step to g6
/// takes away the screen of the horse's root along rank 5, and the horse is chased.
#[test]
fn wxf_removing_a_rank_screen_for_its_own_sake_chases() {
    for a in three_views(
        Book::Wxf2018,
        "5k3/9/7n1/9/2n3P1c/9/9/9/2R6/3K5 w - - 0 1",
        "g5g6",
    ) {
        assert_eq!(a.nature, MoveNature::Chase, "{a:?}");
        assert!(
            a.attacks
                .iter()
                .any(|at| at.is_chase() && at.victim_role == xiangqi::Role::Horse),
            "{a:?}"
        );
    }
}

/// The same escape by adding a screen: the black cannon on i5 fires over the black horse on g5
/// at the red rook on e5; the red horse g3–h5 steps between cannon and screen, and the rook is
/// out of fire. The black horse on c5 loses its root along the same rank: no chase.
#[test]
fn wxf_adding_a_rank_screen_to_escape_cuts_no_root() {
    for a in three_views(
        Book::Wxf2018,
        "5k3/9/9/9/2n1R1n1c/9/6N2/9/9/3K5 w - - 0 1",
        "g3h5",
    ) {
        assert_ne!(a.nature, MoveNature::Chase, "{a:?}");
    }
}
