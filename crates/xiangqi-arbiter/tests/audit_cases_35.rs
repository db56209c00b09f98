//! A thirty-fifth audit (issue 16, concept 4): a move after which the mover wins the same
//! pieces, with the same result, as it could win before is 闲, even where the line before the
//! move starts with a pawn's capture and the other side has a piece of the mover's to take
//! all along.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 捉: "从下一着开始运用将军或连续将军得子" — what the checks win is the chase.
//! - 24.8: "凡走子性质不属于将、杀、捉者，统称为'闲'"; the book's 图5 and its kind (参考图6: "红方原本
//!   存在兵四进一吃士再车九平六吃士手段，车九退二后，白吃双士的结果没有发生变化，判闲"): a win the
//!   move did not create is no chase of the move's.
//! - 26.8: a pawn's own capture is idle ("兵(卒)借其他子抽吃对方的子，按闲处理").
//! - 参考图12 (the principle the search follows, `Root` in src/classify/search.rs): once the
//!   checks have made a capture the attacker could not make at the start, the defender's
//!   captures of pieces hanging all along do not undo it.
//!
//! The position (参考图6's kind, mirrored left to right): red general d0, advisors e1 and f0,
//! rook i9, pawn d8, elephant a2; black general e9, advisors d9 and f9, elephant c9, rook c2,
//! horse a1. The black rook may take the elephant a2 all along.
//!
//! - Before 车i9–i7, Red wins both advisors: 兵d8×d9 (check), 将e9–e8 (the generals may not
//!   face on the d-file, so the general cannot take the pawn), 车i9×f9.
//! - After it, the same two advisors: 车i7–e7 (check), 士f9–e8, 兵d8×d9 (check), 将e9–f9,
//!   车e7×e8.
//!
//! The engine called 车i9–i7 a chase of the advisor: before the move it let the black rook take
//! the elephant a2 back at the end of the line (0 won), after it not (the general boxed in, 2
//! won). Two things made the line before the move look unshielded: the pawn's capture (idle,
//! art. 26.8, winning nothing) counted as the line's first capture, so the rook's capture after
//! the check could not be the one the check made; and 车i9×f9 was a capture "the attacker could
//! make at the start", though the general took back there. Now a capture the checks make pay,
//! one that something would take back at the start, is the checks' own, and a pawn's or
//! general's idle capture does not take the first capture's place.
//!
//! Measured (`rule_cases … json`, whole rulings against the commit before): the books' cases
//! identical under both books; the corpus identical under WXF, and under CXA one game changed
//! (象甲联赛 00000563 moves 61–66, five rulings: 马f4–g6, the horse stepping out of the red
//! rook's attack, no longer 捉 the advisor d0 by 车h1–h0 (check), 帅f0–f1, 炮i0×d0 — the same
//! line was there before the move, the horse hanging on f4 all along; black must change →
//! draw).

mod symmetry;

use xiangqi_arbiter::{MoveNature, Verdict};

const BOARD: &str = "2baka2R/3P5/9/9/9/9/9/B1r6/n3A4/3K1A3 w - - 0 1";
const CYCLE: &str = "i9i7 f9e8 i7i9 e8f9 i9i7 f9e8 i7i9 e8f9";

#[test]
fn the_same_two_advisors_won_before_and_after_make_no_chase() {
    let ruling = symmetry::cxa_checked(BOARD, CYCLE);
    let text = ruling.explanation.en();
    for ply in [0, 4] {
        let rook = &ruling.moves[ply];
        assert_eq!(rook.iccs, "i9i7", "{text}");
        assert_eq!(rook.nature, MoveNature::Idle, "{text}");
    }
    for ply in [2, 6] {
        assert_eq!(ruling.moves[ply].nature, MoveNature::Check, "{text}");
    }
    assert!(!ruling.red.forbidden && !ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}
