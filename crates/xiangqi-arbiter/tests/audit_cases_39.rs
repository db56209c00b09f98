//! A thirty-ninth audit (issue 16, concept 4): a move that leaves a standing capture as it was
//! creates no chase, even where the forced-line search's defender, which answers with
//! captures only, loses an answer the move left it by a check.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 捉: a move after which a piece can be taken ("凡走子后能够造成……吃掉对方的子"): what the
//!   move makes possible, not a capture that stood before it (图5: "吃士结果没有发生变化", 闲).
//! - 24.5 献 and 24.8: "兑、献、拦、跟，均属于'闲'范畴(见图5参考图6~7)".
//! - The book's 参考图6, cited there: the black advisor's step 士4进5, offered to the red pawn, is
//!   闲. The black rook on g2 attacks the red elephant on i2 all the while. Before the step the
//!   pawn took the advisor on f9 with check (the general cannot take back across the open
//!   file); after it the red rook's check along the back rank, the advisor's return and the
//!   same capture win that advisor all the same. The rook's capture is the same chase before
//!   and after, and the step saved nothing.
//!
//! Before this audit the engine called the step 捉: its forced line g2×i2 met, before the
//! step, the pawn's capture with check as an answer, and after it no answer (the line's
//! defender only captures). Now such a line is checked against the direct attack's judge and
//! against the pieces the move saved (`refinds_standing_capture`).
//!
//! A move that takes a piece of the mover's out of an attack changes what the line costs,
//! and keeps its chase: 参考图49 (the horse that steps out of danger, shipped) and
//! audit_cases_12's 参考图16 with a horse on f3 (each pawn step off the black rook's file
//! spares the pawn the capturing rook guarded, 捉) keep their rulings. So does a move whose
//! piece takes part in the line (art. 24.17; random_cycles'
//! `a_rook_that_comes_to_check_chases_with_the_capturer`).
//!
//! Measured (`rule_cases … json`, whole rulings against the commit before): the books' cases
//! and the corpus identical under both books; the unshipped CXA figures (参考图6's labels
//! now the book's) and orange-xiangqi's AXF positions (170 of 170 as before) otherwise
//! identical.
//!
//! | test | board | book | engine before |
//! |---|---|---|---|
//! | an_offered_advisor_is_no_chase_mirrored | 参考图6's kind mirrored left to right | a draw, 士 献 (闲) | 士 捉 (verdict the same) |
//! | the_same_with_a_horse_for_the_elephant | 参考图6's kind, a red horse on i2, the black horse off | a draw, 士 闲 | 士 捉 |
//! | the_same_with_far_pawns | 参考图6's kind with a red pawn on c3 and a black pawn on e6 | a draw, 士 闲 | 士 捉 |

mod symmetry;

use xiangqi_arbiter::{MoveNature, Ruling, Verdict};

/// 参考图6's kind mirrored: the red rook on i9, pawn f8, elephant a2, king f0; the black
/// general e9 with advisors f9 and d9, the rook c2 on the elephant, the horse a1.
const MIRRORED: &str = "2baka2R/3P5/9/9/9/9/9/B1r6/n3A4/3K1A3 w - - 0 1";
const MIRRORED_CYCLE: &str = "i9i7 f9e8 i7i9 e8f9 i9i7 f9e8 i7i9 e8f9";

/// 参考图6's kind with a red horse on i2 for the elephant, and no black horse.
const HORSE: &str = "R2akab2/5P3/9/9/9/9/9/6r1N/4A4/3A1K3 w - - 0 1";
/// 参考图6's kind with an uncrossed red pawn on c3 and a black pawn on e6.
const FAR_PAWNS: &str = "R2akab2/5P3/9/4p4/9/9/2P6/6r1B/4A3n/3A1K3 w - - 0 1";
const CYCLE: &str = "a9a7 d9e8 a7a9 e8d9 a9a7 d9e8 a7a9 e8d9";

fn the_advisor_is_idle(ruling: &Ruling) {
    let text = ruling.explanation.en();
    for ply in [1, 5] {
        let nature = ruling.moves[ply].nature;
        assert!(
            !nature.is_attacking(),
            "ply {}: {nature:?}\n{text}",
            ply + 1
        );
    }
    for ply in [2, 6] {
        assert_eq!(ruling.moves[ply].nature, MoveNature::Check, "{text}");
    }
    assert!(!ruling.red.forbidden && !ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}

#[test]
fn an_offered_advisor_is_no_chase_mirrored() {
    let ruling = symmetry::cxa_checked(MIRRORED, MIRRORED_CYCLE);
    the_advisor_is_idle(&ruling);
    // The step offers the advisor to the pawn (献, art. 24.5).
    assert_eq!(ruling.moves[1].nature, MoveNature::Sacrifice);
}

#[test]
fn the_same_with_a_horse_for_the_elephant() {
    the_advisor_is_idle(&symmetry::cxa_checked(HORSE, CYCLE));
}

#[test]
fn the_same_with_far_pawns() {
    the_advisor_is_idle(&symmetry::cxa_checked(FAR_PAWNS, CYCLE));
}
