//! A sixth audit of the repetition rulings (棋例), deep on CXA 2011 clauses the book illustrates
//! with several figures each, which our text lacks:
//!
//! 1. Arts. 24.4 (兑), 24.5 (献), 26.5 ("兑(献)兼捉，按捉处理"): a same-type offer the other side
//!    may take without loss, one whose taking opens a line onto a piece of greater worth, a
//!    sacrifice that attacks nothing more, and a sacrifice or offer that also attacks an
//!    unrooted piece.
//! 2. Art. 26.8: a pawn capture that makes another piece's check (the pawn leaving one of two
//!    cannon screens), and the general's capture after an even exchange by other pieces (闲) and
//!    after an uneven one (捉).
//!    An offering rook that also threatens mate is 杀 (art. 26.10, "如邀兑之子参与做杀").
//! 3. Art. 26.11.2: a rook and a cannon touching a rooted cannon (兑); a rooted horse whose root
//!    is lost when it accepts (捉); the rook side adding a piece that makes a new chase ("如车方
//!    增加其他参与子力并产生新的捉按捉处理") and its control.
//! 4. Art. 26.3 reaches advisors and elephants only: a lone defending rook chasing unrooted
//!    cannons must change.
//!
//! The engine agreed with every expectation written from the text (no engine change). Some
//! first tries were the tests' own mistakes, mended before the expectation was written again:
//! a third black rook and a red pawn on d3 (illegal positions), a cannon "unrooted" beside a
//! rook's rank that the capture itself opens (so rooted), a black rook on rank 5 that a
//! horse's acceptance would lay open to the red rook (so the offer was not 兑), and a control
//! whose black general on f8 allowed a real mate threat (杀) by the red pawns and cannon.
//!
//! Every position is our own. Each expected verdict, and the nature of each of Red's moves, was
//! written from the book's text (CXA 2011 arts. 24–26 in `000_*.txt`) before the engine was
//! run. Each cycle gives the plies of one period twice, so the start position occurs three
//! times (arts. 23.1, 23.3), and is ruled as given, mirrored left to right, and with the colours
//! swapped (`symmetry::check`). Natures are written with the book's characters (see
//! `symmetry::is`): 将 杀 捉 兑 献, and 闲 for any move the book counts as idle.

mod symmetry;

use symmetry::{cxa, red_moves, rule, wxf};

use xiangqi::{Color, Role};
use xiangqi_arbiter::{Pattern, Reason, Ruling, Verdict};

/// Does some red move of `ruling` attack a piece of `role` for `reason`?
fn red_attack(ruling: &Ruling, reason: Reason, role: Role) -> bool {
    red_moves(ruling).any(|a| {
        a.attacks
            .iter()
            .any(|at| at.reason == reason && at.victim_role == role)
    })
}

// ---------------------------------------------------------------------------------------------
// 1. 兑 and 献: arts. 24.4, 24.5, 26.5, 26.10.

/// CXA 2011 art. 24.4: "同兵种邀兑而对方一旦吃掉此子后，不致立即被将死或立即在子力价值上遭受
/// 损失者称为'兑'". The red rook goes h2–h6 and faces the black rook on b6 along rank 6; each is
/// rooted (the red horse on g4, the black horse on a8), so whoever takes first is taken back:
/// rook for rook, nothing lost. The offer is 兑 (idle, art. 24.8), the way back idle: allowed
/// against Black's idle king moves, a draw if neither changes (arts. 24.14, 25.2).
#[test]
fn a_rooted_rook_offered_to_a_rooted_rook_is_an_exchange() {
    let ruling = rule(
        "4k4/n8/9/1r7/9/6N2/9/7R1/9/3K5 w - - 0 1",
        "h2h6 e9f9 h6h2 f9e9",
        &cxa(),
        Verdict::Draw,
        "兑闲兑闲",
    );
    assert!(!ruling.red.forbidden);
}

/// CXA 2011 art. 24.4 with an unrooted offer: the position of the first case without the red
/// horse on g4. The black rook may take the red rook on h6 for nothing, which costs Black
/// nothing ("不致……在子力价值上遭受损失"), and Red taking first is taken back (rook for rook):
/// the move is still a same-type offer, 兑, and idle. A draw if neither changes.
#[test]
fn an_unrooted_rook_offered_to_a_rooted_rook_is_an_exchange() {
    rule(
        "4k4/n8/9/1r7/9/9/9/7R1/9/3K5 w - - 0 1",
        "h2h6 e9f9 h6h2 f9e9",
        &cxa(),
        Verdict::Draw,
        "兑闲兑闲",
    );
}

/// CXA 2011 arts. 26.5, 24.4: "凡走子兼具多种作用时，应从重裁处。如兑(献)兼捉，按'捉'处理". The
/// position above with a black cannon on i6, a red horse on g7 and the generals moved (d9, f0):
/// the red rook's step to h6 offers the exchange on b6 and attacks the cannon next to it. If
/// the rook takes it, the black rook takes back along the opened rank and the horse on g7 takes
/// that rook: Red wins the cannon. The move is 捉, the
/// way back idle: 一捉一闲 is allowed (art. 24.14), a draw if neither changes; but the offer
/// itself is judged a chase.
#[test]
fn an_exchange_offer_that_also_attacks_an_unrooted_cannon_is_a_chase() {
    let ruling = rule(
        "3k5/n8/6N2/1r6c/9/6N2/9/7R1/9/5K3 w - - 0 1",
        "h2h6 d9d8 h6h2 d8d9",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    assert!(
        red_moves(&ruling).any(|a| a
            .attacks
            .iter()
            .any(|at| at.is_chase() && at.victim_role == Role::Cannon)),
        "{}",
        ruling.explanation.en()
    );
}

/// CXA 2011 art. 26.10: "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损邀兑方按'捉'处理".
/// The red cannon goes f3–f5 and faces the black cannon on c5 over the red pawn on e5; the
/// black cannon is rooted by the horse on b7, so Red taking first wins nothing. But the black
/// cannon stands on the c-file between the red rook on c8 and the unrooted black rook on c2: if
/// it accepts (炮吃炮), the red rook takes the black rook, a rook for a cannon. Accepting costs
/// material at once, so the offer is 捉; the way back is idle: 一捉一闲, allowed, a draw if
/// neither changes (art. 24.14, 25.2).
#[test]
fn an_offer_whose_taking_opens_a_rook_onto_a_rook_is_a_chase() {
    let ruling = rule(
        "4k4/2R6/1n7/9/2c1P4/9/5C3/2r6/9/3K5 w - - 0 1",
        "f3f5 e9f9 f5f3 f9e9",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    assert!(
        red_attack(&ruling, Reason::UnsafeOffer, Role::Cannon),
        "{}",
        ruling.explanation.en()
    );
}

/// CXA 2011 art. 24.4, the control of the case above: a black horse on b4 roots the rook on c2,
/// so if the black cannon accepts and the red rook takes the black rook, the horse takes back:
/// Black is a cannon up, nothing lost. The same offer is 兑 (idle, art. 24.8): a draw.
#[test]
fn the_same_offer_with_the_rook_rooted_is_an_exchange() {
    rule(
        "4k4/2R6/1n7/9/2c1P4/1n7/5C3/2r6/9/3K5 w - - 0 1",
        "f3f5 e9f9 f5f3 f9e9",
        &cxa(),
        Verdict::Draw,
        "兑闲兑闲",
    );
}

/// CXA 2011 arts. 24.5, 24.12: "凡走子送吃而对方一旦吃掉此子后，不致立即被对方将死或立即在子力
/// 价值上遭受损失者称为'献'". The red cannon steps between c4 and c6 on the file of the black
/// rook on c9, which could take it for nothing on either point. From c6 it looks over the black
/// pawn on e6 at the black horse on g6, from c4 over the black pawn on e4 at the horse on g4;
/// each horse is rooted (g6 by the black rook on i6, g4 by the black cannon on g9 over the horse on g6), so cannon for
/// horse wins nothing.
/// Every move is 献 and attacks nothing it could win: 长献, allowed (art. 24.14), a draw if
/// neither changes (art. 25.2).
#[test]
fn a_sacrifice_beside_rooted_horses_is_a_sacrifice() {
    rule(
        "2r1k1c2/9/9/4p1n1r/9/2C1p1n2/9/9/9/3K5 w - - 0 1",
        "c4c6 e9f9 c6c4 f9e9",
        &cxa(),
        Verdict::Draw,
        "献献献献",
    );
}

/// CXA 2011 arts. 26.5, 24.11: "兑(献)兼捉，按'捉'处理". The case above without the black rook
/// on i6 and the black cannon on g9: each cannon move still offers itself to the black rook (献), and now also
/// attacks an unrooted horse (g6, then g4). Every move is 捉: 长捉 of two unrooted pieces ("连续
/// 追捉一子或数子", art. 24.11), forbidden against Black's idle king moves: Red must change
/// (art. 25.3).
#[test]
fn a_sacrifice_that_also_attacks_unrooted_horses_is_a_chase() {
    let ruling = rule(
        "2r1k4/9/9/4p1n2/9/2C1p1n2/9/9/9/3K5 w - - 0 1",
        "c4c6 e9f9 c6c4 f9e9",
        &cxa(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualChase);
    // WXF 2018 (AXF rules 16, 32, 分捉): one piece chasing two pieces in turn is allowed.
    rule(
        "2r1k4/9/9/4p1n2/9/2C1p1n2/9/9/9/3K5 w - - 0 1",
        "c4c6 e9f9 c6c4 f9e9",
        &wxf(),
        Verdict::Draw,
        "捉捉捉捉",
    );
}

/// CXA 2011 art. 24.5: a piece given that the other side may take for nothing is 献. The red
/// horse steps b4–c6 onto the file of the black rook on c9, attacking nothing there (b8, d8,
/// a7, e7, a5, e5, b4 and d4 are empty). Nothing guards c6, so the rook may take the horse
/// without loss: 献, and the way back idle. 长献 is allowed (art. 24.14): a draw.
#[test]
fn a_horse_given_for_nothing_is_a_sacrifice() {
    rule(
        "2r1k4/9/9/9/9/1N7/9/9/9/3K5 w - - 0 1",
        "b4c6 e9f9 c6b4 f9e9",
        &cxa(),
        Verdict::Draw,
        "献闲献闲",
    );
}

/// CXA 2011 arts. 24.5, 24.3, the control of the case above: a red rook on i6 guards c6, so if
/// the black rook takes the horse it is taken back, a rook for a horse: "一旦吃掉此子后……立即在
/// 子力价值上遭受损失" — the step is no 献. Nor is it 捉: Red threatens no capture of its own
/// (art. 24.3), only a trap. Every red move is idle (art. 24.8): a draw.
#[test]
fn a_horse_the_rook_may_not_take_safely_is_no_sacrifice() {
    let ruling = rule(
        "2r1k4/9/9/8R/9/1N7/9/9/9/3K5 w - - 0 1",
        "b4c6 e9f9 c6b4 f9e9",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
    assert!(
        red_moves(&ruling).all(|a| a.nature != xiangqi_arbiter::MoveNature::Sacrifice),
        "{}",
        ruling.explanation.en()
    );
}

/// CXA 2011 arts. 26.10, 26.5: "如邀兑之子参与做杀(与其他子配合连续将军)则按'杀'处理"; "兑(献)兼
/// 杀按'杀'处理". The red rook slides b5–d5 along the rank of the black rook on i5, which it
/// faces throughout (an exchange offer; the horse on c7 roots both points, so either rook may
/// take and be taken back). On d5 it also threatens 车六进四 (d9), mate: the horses on c7 and
/// g7 hold d9, e8 and f9. On b5 the elephant on c9 stops any check on rank 9. The move to d5 is
/// 杀, the way back idle (the offer stood before): 一杀一闲, allowed (art. 24.14), against
/// Black's idle elephant moves: a draw if neither changes.
#[test]
fn an_offer_by_a_rook_that_threatens_mate_is_a_mate_threat() {
    rule(
        "2b1k1b2/9/2N3N2/9/1R6r/9/9/9/9/3K5 w - - 0 1",
        "b5d5 g9i7 d5b5 i7g9",
        &cxa(),
        Verdict::Draw,
        "杀闲杀闲",
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Pawns and generals: art. 26.8.

/// CXA 2011 art. 26.8, second sentence: "兵(卒)吃子时产生其他子'将军'按'捉'处理". Two red pawns
/// stand on e6 and e7 between the red cannon's e-file and the black general on e9: with two
/// screens the cannon gives no check. The cannon steps f2–e2: now the pawn on e6 taking the
/// black cannon beside it on d6 leaves one screen, and the capture comes with check. The step
/// is 捉 (the pawn alone attacked the cannon before, which is idle, arts. 26.1, 26.8), the way
/// back idle: 一捉一闲, allowed (art. 24.14), a draw if neither changes.
#[test]
fn a_pawn_capture_that_leaves_one_cannon_screen_is_a_chase() {
    let ruling = rule(
        "4k4/9/4P4/3cP4/9/9/9/5C3/9/3K5 w - - 0 1",
        "f2e2 e9f9 e2f2 f9e9",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    assert!(
        red_moves(&ruling).any(|a| a
            .attacks
            .iter()
            .any(|at| at.is_chase() && at.victim_role == Role::Cannon)),
        "{}",
        ruling.explanation.en()
    );
}

/// CXA 2011 art. 26.8, the control of the case above: the black general stands on the d-file
/// (d9, d8; the red general on f0), so the pawn's capture on d6 unmasks no check on the
/// e-file (and would open the d-file between the generals: it may not be played at all). The pawn's own attack on the cannon
/// is idle (arts. 26.1, 26.8), and the cannon's steps make nothing: every red move is idle, a
/// draw.
#[test]
fn the_same_pawn_capture_without_a_check_is_idle() {
    rule(
        "3k5/9/4P4/3cP4/9/9/9/5C3/9/5K3 w - - 0 1",
        "f2e2 d9d8 e2f2 d8d9",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
}

/// CXA 2011 art. 26.8, third sentence, the general's version: "其他子完成互吃等值交换过程后原来
/// 不能吃子的兵卒或将帅能吃子，按'闲'处理". The red horse goes g1–f3 and attacks the black horse
/// on d2, rooted by the black horse on c4; the red general on e2 stands beside d2 but may not
/// take a guarded piece. Horse for horse (马吃马, 马吃马) is even, and only then could the general
/// take the recapturing horse: the move is idle, as is the way back (the black horse on d2
/// cannot hit back, its leg e2 shut by the general). A draw if neither changes.
#[test]
fn a_general_capture_after_an_even_exchange_is_idle() {
    let ruling = rule(
        "5k3/9/9/9/9/2n6/9/3nK4/6N2/9 w - - 0 1",
        "g1f3 f9f8 f3g1 f8f9",
        &cxa(),
        Verdict::Draw,
        "闲闲闲闲",
    );
    assert!(
        red_moves(&ruling).all(|a| !a.attacks.iter().any(|at| at.is_chase())),
        "{}",
        ruling.explanation.en()
    );
}

/// CXA 2011 art. 26.8, fourth sentence: "如前述交换过程为不等值，则兵卒或将帅的吃子按捉处理".
/// The red elephant goes i2–g0 and attacks the black horse on e2, rooted by the black horse on
/// f4; the red general on e1 stands beside it. Elephant for horse is uneven (a weak piece for a
/// strong one, art. 26.6): the elephant's move is 捉, and the general's capture of the
/// recapturing horse adds to it. The way back is idle: 一捉一闲, a draw if neither changes.
#[test]
fn a_general_capture_after_an_uneven_exchange_is_a_chase() {
    let ruling = rule(
        "5k3/9/9/9/9/5n3/9/4n3B/4K4/9 w - - 0 1",
        "i2g0 f9f8 g0i2 f8f9",
        &cxa(),
        Verdict::Draw,
        "捉闲捉闲",
    );
    assert!(
        red_moves(&ruling).any(|a| a.attacks.iter().any(|at| at.is_chase()
            && at.attacker_role == Role::Elephant
            && at.victim_role == Role::Horse)),
        "{}",
        ruling.explanation.en()
    );
}

// ---------------------------------------------------------------------------------------------
// 3. A rook beside an offer: art. 26.11.2.

/// CXA 2011 art. 26.11.2: "被接触的马(炮)有根，且主动接受邀兑后其'根'无损失按'兑'处理". The red
/// cannon steps between e2 (check over the red pawn on e4) and d2, where it faces the black
/// cannon on d5 over the red horse on d4; the red rook on a5 also touches that cannon, which the
/// black horse on b6 roots. Rook and cannon together would win it (少根), but the black cannon
/// may take the red one and its root loses nothing: the move to d2 is 兑. Red plays 一将一兑,
/// allowed (art. 24.14): a draw if neither changes. (Unrooted, the same move is 捉 by art.
/// 26.11.1: `audit_cases_5.rs`.)
#[test]
fn a_rook_and_a_cannon_touching_a_rooted_cannon_offer_an_exchange() {
    rule(
        "4k4/9/9/1n7/R2c5/3NP4/9/3C5/9/4K4 w - - 0 1",
        "d2e2 e9f9 e2d2 f9e9",
        &cxa(),
        Verdict::Draw,
        "将兑将兑",
    );
}

/// CXA 2011 art. 26.11.2, second sentence: "如车方增加其他参与子力并产生新的捉按捉处理". The red
/// horse steps between g8 (check) and f6, where it and the red rook on a5 touch the black horse
/// on d5. That horse has two roots, the horse on b6 and the cannon on i5 over the pawn on g5
/// (the rook on i9 roots that cannon), and a third red piece takes part: the cannon on d2 over
/// the red horse on d4. Without the red horse
/// the rook and cannon win nothing (炮吃马, 马吃炮); with it, 马吃马 马吃马 炮吃马 wins a horse,
/// and the black horse could still take the red one safely. The horse's step makes a new joint
/// chase (art. 24.17): 捉. Red plays 一将一捉 (art. 24.13) against Black's idle general: Red
/// must change (art. 25.3).
#[test]
fn the_rook_side_adding_a_piece_that_makes_a_new_chase() {
    let ruling = rule(
        "4k3r/9/9/1n3N3/R2n2p1c/3N5/9/3C5/9/3K5 w - - 0 1",
        "f6g8 e9f9 g8f6 f9e9",
        &cxa(),
        Verdict::MustChange(Color::Red),
        "将捉将捉",
    );
    assert_eq!(ruling.red.pattern, Pattern::CheckAndChase);
    // WXF 2018: a check among the moves breaks any chase (AXF rule 12): a draw.
    rule(
        "4k3r/9/9/1n3N3/R2n2p1c/3N5/9/3C5/9/3K5 w - - 0 1",
        "f6g8 e9f9 g8f6 f9e9",
        &wxf(),
        Verdict::Draw,
        "将闲将闲",
    );
    assert!(
        red_moves(&ruling).any(|a| a.attacks.iter().any(|at| at.is_chase()
            && at.victim_role == Role::Horse
            && at.victim.to_string() == "d5")),
        "{}",
        ruling.explanation.en()
    );
}

/// CXA 2011 art. 26.11.2, the control of the case above: without the red horse on d4 the red
/// cannon on d2 has no screen and takes no part. The rook and the horse touch a horse with two
/// roots whose roots lose nothing if it takes the red horse: 兑. Red plays 一将一兑, allowed: a
/// draw if neither changes (arts. 24.14, 25.2).
#[test]
fn without_the_added_piece_the_offer_is_an_exchange() {
    rule(
        "4k3r/9/9/1n3N3/R2n2p1c/9/9/3C5/9/3K5 w - - 0 1",
        "f6g8 e9f9 g8f6 f9e9",
        &cxa(),
        Verdict::Draw,
        "将兑将兑",
    );
}

/// CXA 2011 art. 26.11.2, read the other way: "被接触的马(炮)有根，且主动接受邀兑后其'根'无损失
/// 按'兑'处理" — only if the root loses nothing. The red horse steps between g8 (check) and f6,
/// where it and the red rook on a5 touch the black horse on d5, whose only root is the black
/// rook on i5 along rank 5. If that horse accepts (马吃马), it leaves the rank, and the red rook
/// takes its root (车吃车): the root is lost. So the move to f6 is no 兑 but 捉 (and rook and
/// horse together win the horse, 少根, art. 24.17). Red plays 一将一捉 (art. 24.13) against
/// Black's idle general: Red must change (art. 25.3).
#[test]
fn a_root_lost_when_the_horse_accepts_makes_the_offer_a_chase() {
    let ruling = rule(
        "4k4/9/9/5N3/R2n4r/9/9/9/9/3K5 w - - 0 1",
        "f6g8 e9f9 g8f6 f9e9",
        &cxa(),
        Verdict::MustChange(Color::Red),
        "将捉将捉",
    );
    assert_eq!(ruling.red.pattern, Pattern::CheckAndChase);
    assert!(
        red_moves(&ruling).any(|a| a.attacks.iter().any(|at| at.is_chase()
            && at.victim.to_string() == "d5"
            && at.attacker_role == Role::Horse)),
        "{}",
        ruling.explanation.en()
    );
}

// ---------------------------------------------------------------------------------------------
// 4. A lone defender: art. 26.3.

/// CXA 2011 art. 26.3: "守和方只有一个进攻子时，占据守和要点附带产生的捉士象按'闲'处理" — the
/// clause frees attacks on advisors and elephants only. Black defends with its rook alone (as in
/// `cxa_clauses.rs`, `cxa_26_3_…`), but the red pieces on c4 and g4 are cannons: the rook's
/// moves between g7 and c7 attack an unrooted cannon each time, 长捉 of unrooted pieces (art.
/// 24.11), forbidden against Red's idle rook moves: Black must change (art. 25.3).
#[test]
fn a_lone_defender_attacking_cannons_chases() {
    let ruling = symmetry::rule_with(
        "2bak1b2/4a4/6r2/9/9/2C3C2/9/9/9/RN2K4 w - - 0 1",
        "a0a1 g7c7 a1a0 c7g7",
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    assert!(
        ruling
            .moves
            .iter()
            .filter(|a| a.mover == Color::Black)
            .all(|a| a
                .attacks
                .iter()
                .any(|at| at.is_chase() && at.victim_role == Role::Cannon)),
        "{}",
        ruling.explanation.en()
    );
}
