//! A thirty-third audit (issue 16): a forced line whose checks go round and come back wins
//! nothing it could not win at the start.
//!
//! Method. The random cycles are now asked whether what a ruling says of each move holds on the
//! board (`symmetry::boards::explained_soundly`): among other things, a forced line shown to
//! the players (伏着) must take something. Seeds 220 of `random_long_cycles` and 313, 322 of
//! `random_threats` found lines that do not: "c1c0 f0f1 c0c1 f1f0", a rook's check, the
//! general's step, the rook's check back and the general's step back, the line's start
//! position again. The search ended a line on a position it had passed through "with what it
//! has won", but went on there with captures, as past its horizon. Back at the start, the rook
//! in contact with the other rook (兑: a same-type piece that may take first, which a line may
//! not take as its first move, CXA 2011 arts. 24.4, 26.10) was no longer barred, the checks
//! having been given, and took it: a chase (捉) made of checks that forced nothing.
//!
//! The wording relied on:
//!
//! - CXA 2011 art. 24.3 捉: "从下一着开始运用将军或连续将军得子" — the checks must win the
//!   material; a series that brings the start position back has won nothing the side could not
//!   take, or was barred from taking, there (the checks go round: 长将, art. 24.1).
//! - CXA 2011 arts. 24.4, 26.10: a same-type offer the other side may take at no loss is 兑, not
//!   捉.
//! - CXA 2011 art. 24.8: 兑, 拦 and the rest are 闲.
//!
//! Mended: the attacker back on a position of its line stops there, with what it has won (its
//! captures there it had the first time, weighed then). The defender back on one still answers
//! as before. Whole rulings: the books' cases identical under both books; the corpus's verdicts
//! identical (1,801 CXA, 1,857 WXF); under CXA 35 move analyses changed, all of two kinds: a
//! line shown shorter (象甲联赛 00000563: "h1h0 f0f1 i0d0" for "h1h0 f0f1 h0h1 f1f0 i0d0", the
//! same capture) and a direct capture's gain (五羊杯 00000460 and its copies: the rook's
//! capture of the unguarded crossed pawn on e6 weighed 2, the pawn's worth, for 1: the answer's
//! round of checks no longer takes back a pawn's worth on coming back).
//!
//! | test | cycle | book | engine before |
//! |---|---|---|---|
//! | the checks that come back win no rook | 车c1–b1, 马c7–e6, 将f7–e7, 车g2–g1 (兑 the rook b1), 车b1–c1 (兑), 马e6–c7, 将e7–f7, 车g1–g2 | 将e7–f7 makes nothing new: the rooks on c1 and g1 stood in contact (兑) before it; 闲 (the king's step). Both sides allowed: a draw (art. 25.2) | 将e7–f7 捉 the rook g1 by the line c1c0 f0f1 c0c1 f1f0, which takes nothing; verdict a draw |

mod symmetry;

use xiangqi_arbiter::{MoveNature, RuleSet, Verdict, rule_game};

/// Seed 220's board (black to move), a diagram: red general f0, rook g2, horse c7, cannon a1,
/// advisor f2, pawns a0 and b2; black general f7, rook c1, horse h7, cannon a2, elephant a7,
/// pawn b9.
const BOARD: &str = "1p7/9/b1N2k1n1/9/9/6B2/9/cP3AR2/C1r6/P4K3 b - - 0 1";
const CYCLE: &str = "c1b1 c7e6 f7e7 g2g1 b1c1 e6c7 e7f7 g1g2 \
                     c1b1 c7e6 f7e7 g2g1 b1c1 e6c7 e7f7 g1g2";

#[test]
fn the_checks_that_come_back_win_no_rook() {
    let (start, moves) = symmetry::diagram_game_of(BOARD, CYCLE);
    for rules in [RuleSet::cxa2011(), RuleSet::wxf2018()] {
        let ruling = rule_game(&start, &moves, &rules).expect("a ruling");
        let text = ruling.explanation.en();
        // 将e7–f7, the seventh ply and the fifteenth.
        for ply in [6, 14] {
            let king = &ruling.moves[ply];
            assert_eq!(king.iccs, "e7f7", "{text}");
            assert_ne!(king.nature, MoveNature::Chase, "{text}");
            assert!(king.forced_line.is_empty(), "{text}");
        }
        assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
        let sound = symmetry::boards::explained_soundly(&start, &moves, &ruling);
        assert!(sound.is_ok(), "{sound:?}\n{text}");
        let symmetric = symmetry::check(&start, &moves, &rules, Some(ruling.verdict));
        assert!(symmetric.is_ok(), "{symmetric:?} under {:?}", rules.book);
    }
}
