//! A thirty-sixth audit (issue 16): an answer to check that brings a mate of its own is 杀, even
//! where the checker's leaving its post would have let another mate in (自毙 against 新的杀法).
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.2 杀: a move that aims to mate by a check or series of checks next move.
//! - 26.2: "走动帅(将)应将而产生的'捉'、'杀'按'闲'处理;走动其他棋子应将后产生新的'捉'或'杀'，判
//!   '捉'或'杀'".
//! - 24.18, 26.4 自毙: "甲方将军乙方，以致形成己方的被杀状态，如乙方用除帅（将）以外其他子应将的着法
//!   不属将、杀或捉，则甲方将军这着棋称为自毙"; "一方形成自毙应由己方负责，不得视为另一方造成；若另一方
//!   应将着法产生新的杀法仍应按杀处理".
//! - The book's 参考图42: "1.仕五退六（捉） 炮3进7（将） 2.仕六进五（杀） 炮3退7（捉）。红方一联合捉子
//!   一杀，黑方一将一联合捉子，双方不变作和" — the advisor's answer to the cannon's check is 杀.
//!
//! A mate is named by its first check, as the engine already names the mates that stood before a
//! check (`mates_stood_before_the_check`). The engine's 自毙 test asked only whether *some* mate
//! was there with the checking piece gone and the answer taken back; in 参考图42's kind that is
//! the rook's (车五平四 将), while the mate after the answer is the advisor's own (仕五进四,
//! screening the cannon on the general's file): a new 杀法, 杀. Now every mating check after the
//! answer must be one the checker's departure left for the answer to be no 杀.
//!
//! Measured (`rule_cases … json`, whole rulings against the commit before): the books' cases and
//! the corpus identical under both books (every ruling, as JSON).
//!
//! | test | cycle | book | engine before |
//! |---|---|---|---|
//! | an_answer_that_brings_its_own_mate_threatens_mate | 仕e1–f0 (捉), 炮g7–g0 (将), 仕f0–e1 (answers, and 仕e1–d2 next screens the cannon d1: 杀), 炮g0–g7 (捉) | 一捉一杀 against 一将一捉: a draw (参考图42, 26.9.4) | 仕f0–e1 闲: black must change |
//! | a_mate_the_check_left_open_is_no_answers_threat | 炮d0–f0 (将, leaving the d-file), 卒f4–g4 (answers; 车c9–d9 mates, as with the cannon gone), back | 自毙: the answer is 闲; both sides allowed, a draw | agrees |

mod symmetry;

use xiangqi_arbiter::{MoveNature, Verdict};

/// 参考图42's kind, mirrored left to right: red general e0, advisors d0 and e1, cannon d1, rook
/// e6, elephant a2; black general d8, cannon g7, rook i2, horse c2, pawn i6.
const OWN_MATE: &str = "9/3k5/6c2/4R3p/9/9/9/B1n5r/3CA4/3AK4 w - - 0 1";
const OWN_MATE_CYCLE: &str = "e1f0 g7g0 f0e1 g0g7 e1f0 g7g0 f0e1 g0g7";

/// Found by `random_threats` (seed 528): red general d2, advisor e1, cannon d0, pawn e4; black
/// general f9, rook c9, horse c7, pawns f4 and e3. The cannon's check leaves the d-file to the
/// black rook.
const LEFT_OPEN: &str = "2r2k3/9/2n6/9/9/4Pp3/4p4/3K5/4A4/3C5 w - - 0 1";
const LEFT_OPEN_CYCLE: &str = "d0f0 f4g4 f0d0 g4f4 d0f0 f4g4 f0d0 g4f4";

#[test]
fn an_answer_that_brings_its_own_mate_threatens_mate() {
    let ruling = symmetry::cxa_checked(OWN_MATE, OWN_MATE_CYCLE);
    let text = ruling.explanation.en();
    let natures: Vec<MoveNature> = ruling.moves.iter().map(|a| a.nature).collect();
    assert_eq!(
        natures[..4],
        [
            MoveNature::Chase,
            MoveNature::Check,
            MoveNature::MateThreat,
            MoveNature::Chase
        ],
        "{text}"
    );
    assert!(ruling.moves[2].evasion, "{text}");
    assert!(ruling.red.forbidden && ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}

#[test]
fn a_mate_the_check_left_open_is_no_answers_threat() {
    let ruling = symmetry::cxa_checked(LEFT_OPEN, LEFT_OPEN_CYCLE);
    let text = ruling.explanation.en();
    for ply in [1, 5] {
        let answer = &ruling.moves[ply];
        assert!(answer.evasion, "{text}");
        assert_eq!(answer.nature, MoveNature::Idle, "{text}");
    }
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}
