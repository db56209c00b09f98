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
//! 3. Arts. 26.10, 26.11.2: a rook and a cannon touching a rooted cannon (兑), and the rook side
//!    adding a piece that makes a new chase ("如车方增加其他参与子力并产生新的捉按捉处理").
//!
//! Every position is our own. Each expected verdict, and the nature of each of Red's moves, was
//! written from the book's text (CXA 2011 arts. 24–26 in `000_*.txt`) before the engine was
//! run. Each cycle gives the plies of one period twice, so the start position occurs three
//! times (arts. 23.1, 23.3), and is ruled as given, mirrored left to right, and with the colours
//! swapped (`symmetry::check`). Natures are written with the book's characters (see
//! `symmetry::is`): 将 杀 捉 兑 献, and 闲 for any move the book counts as idle.

mod symmetry;

use symmetry::{cxa, red_moves, rule};

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
}
