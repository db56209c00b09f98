//! A thirty-seventh audit (issue 16, concepts 1 and 2): a piece is "hanging all along" only if
//! it has no hidden root either, so the rook that is a piece's hidden root and goes off to take
//! by checks gives that piece up, and the line is weighed with it (做根子捉子，得不偿失).
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为有根子" — a hidden root is a root.
//! - 26.5, second clause: "做根子和被牵子捉子，交换后价值相当或得子者，按捉处理；得不偿失者，按闲处理".
//! - 24.3: a chase wins material "从下一着开始运用将军或连续将军". The engine's 参考图12 rule (a gain
//!   won by check stands against the other side's capture of a piece that hung all along) must
//!   not read a piece with a hidden root as hanging: the root was the checking piece's, and its
//!   leaving is the price of the line.
//! - The book's 参考图28: "1.车二平四（将）士5进6（闲） 2.车四平二（闲）士6退5（捉）。红方车四平二是
//!   做根子捉子，得不偿失，判闲；黑方退士断根捉马，判捉。红方一将一闲，黑方一闲一捉，双方不变作和".
//!   The rook on h2 threatens 车二进七 将, 将6进1, 车二平六 taking the advisor; but on h2 it is the
//!   horse's hidden root (taken, 车二进七 将 and 车二退一 skewer the black rook along the rank), and
//!   off to take the advisor it leaves the horse to the rook: an advisor for a horse.
//!
//! Expected verdicts written from that text before the engine ran them. The engine called the
//! rook's move 捉 (red must change) before: the black rook's capture of the horse was on the
//! list of captures "hanging all along" (nothing takes back on the point), which the line's
//! checks shield.
//!
//! | test | board | book | engine before |
//! |---|---|---|---|
//! | a_hidden_roots_rook_off_to_take_gives_its_piece_up | 参考图28's kind mirrored (general d9, advisors f9/e8, rook g7, horse i8; red rook b2, horse g8) | 将闲 against 闲捉: a draw | 将捉: red must change |
//! | the_same_with_the_pawns_off | the same, the two far pawns taken off | a draw | red must change |
//! | a_horse_lost_all_along_is_shielded_still | a black horse on h6 guards g8: the skewer wins the rook back and loses the rook, no hidden root; the horse hangs all along, the advisor won by the checks is a gain (参考图12), and the advisor's retreat cuts no root | 将捉 against 拦闲: red must change | agrees |

mod symmetry;

use xiangqi_arbiter::{Color, MoveNature, Verdict};

/// 参考图28's kind mirrored left to right: black general d9, advisors f9 and e8, rook g7, horse
/// i8, pawn a4; red general e0, advisors f0 and e1, rook b2, horse g8, pawn g4.
const ROOTING_ROOK: &str = "3k1a3/4a1N1n/6r2/9/9/p5P2/9/1R7/4A4/4KA3 w - - 0 1";
/// The same without the pawns, which take no part.
const ROOTING_ROOK_BARE: &str = "3k1a3/4a1N1n/6r2/9/9/9/9/1R7/4A4/4KA3 w - - 0 1";
/// The bare board with a black horse on h6 guarding g8, where the skewer would take the rook.
const ROOT_REFUTED: &str = "3k1a3/4a1N1n/6r2/7n1/9/9/9/1R7/4A4/4KA3 w - - 0 1";
/// 车八平六 将, 士5进4, 车六平八, 士4退5, twice.
const CYCLE: &str = "b2d2 e8d7 d2b2 d7e8 b2d2 e8d7 d2b2 d7e8";

fn natures(ruling: &xiangqi_arbiter::Ruling) -> Vec<MoveNature> {
    ruling.moves.iter().map(|a| a.nature).collect()
}

#[test]
fn a_hidden_roots_rook_off_to_take_gives_its_piece_up() {
    let ruling = symmetry::cxa_checked(ROOTING_ROOK, CYCLE);
    let text = ruling.explanation.en();
    assert_eq!(
        natures(&ruling)[..4],
        [
            MoveNature::Check,
            MoveNature::Block,
            MoveNature::Idle,
            MoveNature::Chase
        ],
        "{text}"
    );
    assert!(!ruling.red.forbidden && !ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}

#[test]
fn the_same_with_the_pawns_off() {
    let ruling = symmetry::cxa_checked(ROOTING_ROOK_BARE, CYCLE);
    let text = ruling.explanation.en();
    assert_eq!(ruling.moves[2].nature, MoveNature::Idle, "{text}");
    assert_eq!(ruling.moves[3].nature, MoveNature::Chase, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}

#[test]
fn a_horse_lost_all_along_is_shielded_still() {
    let ruling = symmetry::cxa_checked(ROOT_REFUTED, CYCLE);
    let text = ruling.explanation.en();
    assert_eq!(
        natures(&ruling)[..4],
        [
            MoveNature::Check,
            MoveNature::Block,
            MoveNature::Chase,
            MoveNature::Idle
        ],
        "{text}"
    );
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red), "{text}");
}
