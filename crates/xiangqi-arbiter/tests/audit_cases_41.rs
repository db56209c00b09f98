//! A forty-first audit (issue 16, concept 3): a pawn of the chasing side that the other side
//! picks off between two captures of a forced line, away from where they took, is not traded
//! for what the line takes next; it counts as the pawn it is. Found on the books' figures with
//! a piece or two added or taken away (boards of the kind `scripts/perturb_figures.py` makes).
//!
//! The wording relied on (CXA 2011):
//!
//! - 26.7 (b): "兵（或数兵）与其他一子或数子（包括士象）互换均不算得子" — a pawn *exchanged* for other
//!   pieces wins nothing: the pawn that captures or is retaken in the exchange, or is sent in.
//!   The issue's reading: "A pawn lost after the gain is complete counts as a pawn: one that only
//!   uncovered a check, or one picked off along the way."
//! - 26.1: "走动帅(将)、兵(卒)后……走动后其他子产生新的'捉'按'捉'处理".
//! - 24.3 and 图5: a win the move did not create is no chase of the move's ("吃士结果没有发生变化").
//! - 26.9.4: both sides forbidden, neither on the lists' one-sided terms: a draw.
//!
//! The ledger (`material::Ledger`) counted a lost pawn as traded whenever the chase captured
//! again after it, so the defender's picking off a pawn in passing turned any later capture
//! into "a pawn for a piece" and refuted the line. Two faults followed, one per test: a line
//! lost its gain to a pawn picked off in passing (the first), and a win that stood before the
//! move looked new because a pawn picked off in passing refuted it then (the second). Now a
//! pawn is traded only when lost before the chase's first capture or where its last capture or
//! pawn move ended (`Ledger::lost`, `Ledger::pawn_moved_to`). The change waited on
//! `audit_cases_12`'s 参考图46 board, where the rook's escape 车i6–h6 then wins a crossed pawn for
//! an uncrossed one by 马c2×a3: 参考图37's 避吃促成得子 makes it 闲, and `escape_only` now sets it
//! aside (the rook guards its side's pieces from h6 as from i6; see `tests/audit_cases_42.rs`).
//!
//! | test | board | book | engine before |
//! |---|---|---|---|
//! | a_pawn_picked_off_in_passing_does_not_refute_the_line | 图15 with a black pawn on e0 and red horses on d2 and e2 (its kind) | 卒e0–d0 and 卒d0–e0 each 捉 (26.1: the rook's 车×i2 pays); both 长捉: a draw | 卒d0–e0 献 (炮×e0 "traded" the pawn for the horse e2): Red to change |
//! | a_capture_that_stood_before_is_no_new_chase | 参考图31 with a red pawn on i5 (its kind) | the cannon's steps 闲 (车×a1 stood before them): a draw | 捉 (before each step a pawn picked off "refuted" 车×a1): Red to change |

mod symmetry;

use xiangqi_arbiter::{MoveNature, Verdict};

/// 图15's kind: red general d1, horses d2 and e2, cannon e6, elephants a2 and i2; black general
/// f8, advisors d9 and e8, elephant g9, rook i9, pawn e0 (crossed). The general's steps free a
/// horse's leg onto the pawn; the pawn's steps out of the horses' reach let the rook take the
/// elephant on i2, after which 炮e6×e0 (over the horse e2) picks the pawn off and loses the
/// horse e2 to 车i2×e2.
const PICKED_OFF: &str = "3a2b1r/4ak3/9/4C4/9/9/9/B2NN3B/3K5/4p4 w - - 0 1";
const PICKED_OFF_CYCLE: &str = "d1e1 e0d0 e1d1 d0e0 d1e1 e0d0 e1d1 d0e0";

/// 参考图31's kind with a red pawn on i5: red general e0, advisors d0 and f0, elephants c0 and
/// e2, rook a9, cannon e5, horse g4, pawn i5; black general e9, advisor e8, cannons d9 and c5,
/// rooks b6 and e6, elephants e7 and i7, pawn a1 (crossed). 车a9×a1 wins the pawn whatever the
/// cannon does.
const STOOD_BEFORE: &str = "R2ck4/4a4/4b3b/1r2r4/2c1C3P/6N2/9/4B4/p8/2BAKA3 w - - 0 1";
const STOOD_BEFORE_CYCLE: &str = "e5e3 i7g5 e3e5 g5i7 e5e3 i7g5 e3e5 g5i7";

#[test]
fn a_pawn_picked_off_in_passing_does_not_refute_the_line() {
    let ruling = symmetry::cxa_checked(PICKED_OFF, PICKED_OFF_CYCLE);
    let text = ruling.explanation.en();
    for ply in 0..8 {
        assert_eq!(
            ruling.moves[ply].nature,
            MoveNature::Chase,
            "ply {}\n{text}",
            ply + 1
        );
    }
    assert!(ruling.red.forbidden && ruling.black.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}

#[test]
fn a_capture_that_stood_before_is_no_new_chase() {
    let ruling = symmetry::cxa_checked(STOOD_BEFORE, STOOD_BEFORE_CYCLE);
    let text = ruling.explanation.en();
    for ply in [0, 2, 4, 6] {
        assert!(
            !ruling.moves[ply].nature.is_attacking(),
            "ply {}: {:?}\n{text}",
            ply + 1,
            ruling.moves[ply].nature
        );
    }
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}
