//! Repetitions in random positions, with moves that threaten (issue 16). The shuffles of
//! `random_cycles` pick their quiet moves at random, and most such cycles are ruled a draw,
//! both sides' play allowed: they teach the rules little. Here the first move of the shuffle
//! (and in a second strategy the answer too) is chosen among the quiet moves that check, or
//! that attack an enemy piece the moved piece did not attack before: the moves the books'
//! labels are about (将, 捉, 杀, 兑, 献; CXA 2011 arts. 24–26, WXF 2018 ch. 5), each taken
//! back and played again, so that the start comes back a third time. Falls back to any quiet
//! move where none threatens. (Measured on 5,000 boards of one seed, under CXA 2011: of the
//! plain shuffles' cycles 15% are ruled other than a draw, of a threat and any answer 23%, of
//! a threat answered by a threat 32%.)
//!
//! Whatever the board, the ruling must hold what every ruling holds
//! ([`symmetry::boards::ruled_soundly`]): ruled under both books, an explanation line per ply,
//! an allowed side never the one to change, the same twice, the same mirrored left to right
//! and the swapped one with the colours swapped (the books' definitions know no left or right
//! and treat both colours alike).

use proptest::prelude::*;
use xiangqi::{Bitboard, Color, Move, Position, Square};
use xiangqi_arbiter::{RuleSet, Verdict, rule_game};

mod symmetry;

use symmetry::boards::{diagram, quiet, quiet_moves, ruled_soundly, shuffle_by};

/// The pieces of `!us` (the general aside) that `us`'s piece on `from` attacks in `pos`.
fn attacked_from(pos: &Position, us: Color, from: Square) -> Bitboard {
    let board = pos.board();
    let mut hit = Bitboard::EMPTY;
    for sq in board.by_color(!us) {
        if sq != pos.king(!us) && pos.attackers_to(sq, us, board.occupied()).contains(from) {
            hit |= Bitboard::from_square(sq);
        }
    }
    hit
}

/// Does the quiet move `m` threaten: give check, or attack from its new point an enemy piece
/// the moved piece did not attack from its old one?
fn threatens(pos: &Position, m: Move) -> bool {
    if pos.gives_check(m) {
        return true;
    }
    let us = pos.turn();
    let before = attacked_from(pos, us, m.from);
    let mut after = pos.clone();
    after.play_unchecked(m);
    (attacked_from(&after, us, m.to) & !before).any()
}

/// The `k`-th (counted round) quiet move of the side to move that threatens, or the `k`-th
/// quiet move if none does.
fn threat(pos: &Position, k: usize) -> Option<Move> {
    let threats: Vec<Move> = quiet_moves(pos)
        .into_iter()
        .filter(|&m| threatens(pos, m))
        .collect();
    match threats.len() {
        0 => quiet(pos, k),
        n => threats.get(k % n).copied(),
    }
}

/// The default run (CI, unoptimised): 300 boards for each strategy from a fixed seed, some
/// seconds; a sweep sets `PROPTEST_RNG_SEED` and `PROPTEST_CASES` (see `seeded_config`).
fn threats_config() -> ProptestConfig {
    symmetry::boards::seeded_config(300, 20_261_207)
}

proptest! {
    #![proptest_config(threats_config())]

    /// The first move threatens, the answer is any quiet move.
    #[test]
    fn a_threat_and_any_answer_are_ruled_soundly(
        pieces in prop::collection::vec(prop::option::weighted(0.5, 0usize..90), 30),
        kings in (0usize..9, 0usize..9),
        black in any::<bool>(),
        k in (0usize..64, 0usize..64),
    ) {
        let Some(start) = diagram(&pieces, kings, black) else { return Ok(()) };
        let Some(moves) = shuffle_by(&start, |p| threat(p, k.0), |p| quiet(p, k.1)) else {
            return Ok(());
        };
        ruled_soundly(&start, &moves)?;
    }

    /// Both moves threaten (a threat answered by a threat).
    #[test]
    fn a_threat_answered_by_a_threat_is_ruled_soundly(
        pieces in prop::collection::vec(prop::option::weighted(0.5, 0usize..90), 30),
        kings in (0usize..9, 0usize..9),
        black in any::<bool>(),
        k in (0usize..64, 0usize..64),
    ) {
        let Some(start) = diagram(&pieces, kings, black) else { return Ok(()) };
        let Some(moves) = shuffle_by(&start, |p| threat(p, k.0), |p| threat(p, k.1)) else {
            return Ok(());
        };
        ruled_soundly(&start, &moves)?;
    }
}

/// Found by [`a_threat_and_any_answer_are_ruled_soundly`] (and by the other strategy, the same
/// board) with `PROPTEST_RNG_SEED=30`, 20,000 cases: under CXA 2011
/// `9/p1a1bk3/4P4/9/9/9/1Bn1n4/1p2C2P1/2R4c1/p2K4R w`, cycle i0h0 e3f5 h0i0 f5e3, was ruled
/// "Red must change" as played and mirrored, a draw with the colours swapped; every move's
/// label alike.
///
/// Black's e3–f5 opens the e-file: Red's cannon on e2, over Red's own pawn on e7, now takes
/// the elephant on e8, whose only root, the general on f8, is false (taking back on e8 it
/// would stand in the pawn's attack: 假根, art. 24.16). Red's h0–i0 then chases the elephant
/// with the rook itself: 车i0–i8+ 将f8–f9 车×e8 (art. 24.3, "从下一着开始运用将军或连续'将军'
/// 得子"). The rook wins it alone, and the cannon takes it alone: neither is a piece "缺少其中
/// 任何一个都无法吃子" (art. 24.17), so Red's chase is no 联合捉; with i0–h0, which chases
/// the unrooted cannon on h1, Red 长捉无根子 with single pieces. Black's horse chases (the
/// pawn on e7, the rook on c1) by forced lines of two pieces, 少根 (联合捉), alike all three
/// ways. Art. 26.9.3 ("凡单方长捉无根子，对方联合捉无根子，前者变着"): Red must change.
///
/// The engine (main at b323d41): as played and mirrored, the forced line named for 3. h0–i0
/// is the rook's own (i0i8 f8f9 i8e8), the attacker a rook, Red's chase single, 26.9.3, "Red
/// must change"; with the colours swapped it is a line in which the rook's checks drive the
/// general and the cannon takes (a9a1 d1d0 a1a0 d0d1 e7e1), the attacker the cannon over its
/// own pawn (the screen attacks the elephant and alone does not win it), and
/// `repetition::over_own_screen` counts that joint (联合捉), so both sides chase jointly and
/// 26.9.4 makes it a draw. `over_own_screen` asks whether another piece wins the target
/// without the screen only of pieces attacking it at once, not of a piece that wins it by a
/// line of checks; the decision follows the line the search met first.
///
/// Mended (session 23): asked of the board, a cannon over its own screen chases jointly only
/// where its side cannot take the target at a gain by a forced line in which the cannon takes
/// no part (`search::wins_without`: the cannon stays on its point, takes nothing and gives no
/// check, not even a discovered one; a line that mates is not such a capture). The rook's
/// i0i8 f8f9 i8e8 is one, both ways. Tried first and dropped: the cannon off the board (AXF
/// D103: it opens the generals' file, the general's root turns false, 26.9.2 became a draw);
/// the cannon frozen but free to check by discovery (ccpd 世界智力运动会/00000191 move 75: 车c0-c1
/// uncovers the cannon on a0's check and 车×d1 wins the cannon that moved off d0, the cannon
/// taking part). The mended rule also turned two audit controls whose red general on d0 could
/// not leave the d-file: the black rook there wins the red rook alone, its root walking into
/// 车f7–d7 mate (假根, art. 24.16); they are kept as tests of that, and the controls got a red
/// advisor on e1 (audit_cases_24, audit_cases_26). Whole rulings of the books' cases and the
/// corpus identical.
///
/// Revised (session 31): before 车h0–i0 the cannon's 炮e2×e8 already won the elephant for 2
/// (马f5×e7, picking off the screen pawn, wins it back only as a pawn), so the rook's line
/// wins the same piece for the same result, and the step is 闲 (the issue's concept 4: "if the
/// same enemy piece or pieces could already be won with the same result before the move, the
/// move is 闲"; 图5). It was 捉 while the ledger counted the pawn on e7, picked off between two
/// of Red's captures, as traded (art. 26.7 (b)), which made 炮×e8 win nothing before the step.
/// Red 一捉一闲, allowed; Black 长捉 (联合捉): Black must change. No joint chase of Red's still.
#[test]
fn a_rook_winning_alone_is_no_joint_chase_whatever_line_is_named() {
    let (start, moves) = symmetry::diagram_game_of(
        "9/p1a1bk3/4P4/9/9/9/1Bn1n4/1p2C2P1/2R4c1/p2K4R w - - 0 1",
        "i0h0 e3f5 h0i0 f5e3 i0h0 e3f5 h0i0 f5e3",
    );
    let cxa = RuleSet::cxa2011();
    let ruling = rule_game(&start, &moves, &cxa).expect("a ruling");
    let text = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Black), "{text}");
    assert!(
        !ruling.moves[2].nature.is_attacking(),
        "h0–i0: {:?}\n{text}",
        ruling.moves[2].nature
    );
    assert!(!ruling.red.joint && ruling.black.joint, "{text}");
    for rules in [cxa, RuleSet::wxf2018()] {
        let verdict = rule_game(&start, &moves, &rules).map(|r| r.verdict);
        let symmetric = symmetry::check(&start, &moves, &rules, verdict);
        assert!(symmetric.is_ok(), "{symmetric:?} under {:?}", rules.book);
    }
}

/// Found by [`a_threat_answered_by_a_threat_is_ruled_soundly`] (seed 647, 5,000 cases, the day
/// `Reason::EscapeOnly` came in): under CXA 2011
/// `3k3a1/1C1r5/3b1a3/6RP1/9/3n5/3P4p/2r4C1/c3K4/2Pp5 w`, cycle g6c6 d8h8 c6g6 h8d8, Red's
/// c6–g6 takes the rook out of the black rook's reach, and the cannon on h2 (over the pawn on
/// h6) now wins the black rook on h8, which it could take before at the price of the rook.
/// Two red cannons win it, and the line the search names turns with the board: the h2 cannon
/// at once as played, with the colours swapped the b8 cannon after the moved rook's check.
/// The escape test asked whether the named capturer stood attacking the rook before: yes as
/// played (idle), no with the colours swapped (a chase). Now it asks whether any piece other
/// than the moved one did, and the moved rook, off the board, is not needed: 闲 both ways.
///
/// Ruled through `symmetry::cxa_checked`, which asserts the mirrored and colour-swapped
/// rulings (the failure this case was found by) and the board checks of every label.
#[test]
fn an_escape_is_judged_whichever_line_is_named() {
    let ruling = symmetry::cxa_checked(
        "3k3a1/1C1r5/3b1a3/6RP1/9/3n5/3P4p/2r4C1/c3K4/2Pp5 w - - 0 1",
        "g6c6 d8h8 c6g6 h8d8 g6c6 d8h8 c6g6 h8d8",
    );
    let text = ruling.explanation.en();
    assert!(!ruling.moves[2].nature.is_attacking(), "{text}");
    assert!(text.contains("escape only"), "{text}");
}
