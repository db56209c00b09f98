//! Repetitions in random positions: whatever the board, a position that comes back a third
//! time is ruled under both books, without a panic, with an explanation of every judged move,
//! the same way twice, and the same from each of the cycle's positions.

use proptest::prelude::*;
use xiangqi::{Color, Position};
use xiangqi_arbiter::{MoveNature, RuleSet, Verdict, rule_game};

mod symmetry;

use symmetry::boards::{diagram, ruled_soundly, shuffle};

/// The property's runs: 600 boards drawn from a fixed seed, so that every CI run rules the same
/// boards and a failure there is one that can be rebuilt; a wider search sets its own seed
/// (`PROPTEST_RNG_SEED=N`) and number (`PROPTEST_CASES=N`).
fn cycles_config() -> ProptestConfig {
    symmetry::boards::seeded_config(600, 20_261_206)
}

proptest! {
    #![proptest_config(cycles_config())]

    #[test]
    fn every_third_occurrence_is_ruled(
        pieces in prop::collection::vec(prop::option::weighted(0.5, 0usize..90), 30),
        kings in (0usize..9, 0usize..9),
        black in any::<bool>(),
        k in (0usize..64, 0usize..64),
    ) {
        let Some(start) = diagram(&pieces, kings, black) else { return Ok(()) };
        let Some(moves) = shuffle(&start, k) else { return Ok(()) };
        ruled_soundly(&start, &moves)?;
    }
}

/// A cycle a run of [`every_third_occurrence_is_ruled`] found, rebuilt from its input (the
/// pieces as the property draws them, `-` for none): ruled under CXA 2011 and WXF 2018, each
/// ruling the same mirrored and swapped with the colours swapped. The two rulings, for what a
/// test asserts besides.
fn found_case(
    pieces: &str,
    kings: (usize, usize),
    black: bool,
    k: (usize, usize),
) -> [xiangqi_arbiter::Ruling; 2] {
    let pieces: Vec<Option<usize>> = pieces.split(' ').map(|p| p.parse().ok()).collect();
    let start = diagram(&pieces, kings, black).expect("a diagram");
    let moves = shuffle(&start, k).expect("a cycle");
    [RuleSet::cxa2011(), RuleSet::wxf2018()].map(|rules| {
        let ruling = rule_game(&start, &moves, &rules).expect("a ruling");
        let symmetric = symmetry::check(&start, &moves, &rules, Some(ruling.verdict));
        assert!(symmetric.is_ok(), "{symmetric:?} under {:?}", rules.book);
        ruling
    })
}

/// A board the wide run found (45,387 cases in) ruled a draw as played and "red must change"
/// with the colours swapped: a forced line that takes an advisor and an elephant, worth the
/// same, was credited to the elephant only when the search happened to name it.
#[test]
fn equal_captures_do_not_decide_a_chase() {
    found_case(
        "42 - - - - 65 16 - 65 58 - - - 1 - 25 33 - 18 - - - 52 11 - - 53 - - -",
        (5, 4),
        false,
        (13, 25),
    );
}

/// Found by [`every_third_occurrence_is_ruled`] (a CI run, 2026-12-05): under CXA 2011 the red
/// cannon's f1–g1 was ruled 献 as played but 捉 by a forced line (强制得子) with the colours
/// swapped. Both red horses (f6, f8) attack the black horse on d7, guarded once by the rook on
/// a7; the black rook's e6–e2 unblocked the leg of the horse on f6, so the second attacker that
/// makes the capture pay was opened by Black's own move, and the cannon takes no part in the
/// win: art. 26.4 ("无直接参与且是己方走子造成被捉状态不予考虑") sets the attack aside, 献 and
/// 杀 against 捉 and 闲, a draw. The search named the horse on f6 as the capturer as played and
/// the one on f8 (which attacked all along) with the board turned; the 26.4 test now asks
/// whether any attacker was opened, not only the one the search named.
#[test]
fn a_cannon_offer_is_ruled_alike_with_the_colours_swapped() {
    // A diagram position (advisors and elephants off their points), as the property makes.
    let fen: xiangqi::fen::Fen = "5k1a1/5N3/r2n3bC/a4N3/9/9/1AcP5/4r4/3K1C1p1/BR5Bn w - - 0 1"
        .parse()
        .expect("fen");
    let start = Position::from_diagram(fen.0).expect("a diagram");
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (from, to) in [("f1", "g1"), ("e2", "e6"), ("g1", "f1"), ("e6", "e2")].repeat(2) {
        let m = pos
            .find_move(from.parse().unwrap(), to.parse().unwrap())
            .expect("a move");
        pos.play_unchecked(m);
        moves.push(m);
    }
    let rules = RuleSet::cxa2011();
    let verdict = rule_game(&start, &moves, &rules).map(|r| r.verdict);
    assert_eq!(verdict, Some(Verdict::Draw));
    let symmetric = symmetry::check(&start, &moves, &rules, verdict);
    assert!(symmetric.is_ok(), "{symmetric:?}");
}

/// Found by a wide run of [`every_third_occurrence_is_ruled`] (7,325 cases in): the red rook's
/// b6–b5 was ruled 闲 as played but 捉 with the colours swapped. The black cannon's c5–c1 lets
/// the rook on d5 take the unguarded elephant on g5 (art. 26.4: laid open by Black's own move);
/// the moving rook only adds a second line to the same capture (a check on d8, then b5×g5).
/// The search named the standing rook as played and the moving one with the board turned, and
/// the 26.4 test set aside only a line whose named capturer had not moved: it now asks whether
/// a piece that stood still attacked the elephant all along and whether the moved piece is
/// needed for the win. With lines of four checks and nine plies the search also finds, after
/// b6–b5, 车b8+ 炮c8 车xc8 winning the cannon on c1; but 车b6-b8+ reaches the very same position,
/// so that line was there before the move. It was missed because with the rook on b6 Red
/// could mate (b5–b6 is 杀), and a line that mates is no gain: the baseline now counts what
/// the mover could win besides mating (`could_win`, 图5). 杀 and 闲 against 闲 and 献: a draw.
#[test]
fn a_second_line_to_a_laid_open_piece_is_no_chase() {
    let [cxa, _] = found_case(
        "48 46 - - 0 - 50 - - - 22 1 - 52 - - - - - 47 - 61 - - 38 - - 19 - -",
        (3, 5),
        false,
        (59, 1),
    );
    assert_eq!(cxa.verdict, Verdict::Draw, "{}", cxa.explanation.en());
}

/// Found by a wide run of [`every_third_occurrence_is_ruled`] (73,584 cases in): the black
/// rook's f5–i5 lets the horse on e0 win one of two unguarded red elephants, c1 or d2. The red
/// rook's c0–b0 had cut c1's root (art. 26.4: laid open by Red's own move, not counted). The
/// search met c1 first as played and d2 first with the board turned, and the ruling followed
/// it; now every piece alike the line may win is weighed, whichever comes first. Neither is
/// chased: the horse could take either elephant, for the same gain, with the rook on f5 too
/// (before the move). That was missed while Black's rook on f5 threatened mate (i5–f5 is 杀)
/// and a line that mates counted as no gain; the baseline is now what Black could win besides
/// mating (图5: a move that leaves the same capture as before is 闲). 杀 and 闲 against 闲: a
/// draw.
#[test]
fn a_piece_laid_open_and_one_hanging_all_along_are_not_chased() {
    let [cxa, _] = found_case(
        "2 - - 41 60 - 77 24 78 68 - 26 - - - 18 53 4 - - - - - - 8 - 57 - - -",
        (2, 1),
        true,
        (17, 55),
    );
    let text = cxa.explanation.en();
    assert_eq!(cxa.verdict, Verdict::Draw, "{text}");
    assert!(!text.contains("elephant on d2: forced line"), "{text}");
}

/// Found by a wide run of [`every_third_occurrence_is_ruled`] at four checks / nine plies
/// (292,200 cases in, 2026-12-06): ruled a draw as played under CXA 2011 and "Black must
/// change" with the colours swapped. As played (`C2p5/3Pb1R2/4k4/3r5/1R1rc2n1/9/9/1B5c1/9/1p2K4
/// b`), Red's cannon a2–a9 lets 车g8xe8+ (the pawn on d8 guards e8) win the cannon on e5 as
/// well as the elephant: 将e7-d7 is met by 车b5-b7 mate, and after 将e7-f7 车e8xe5 the rook on
/// d5 cannot take back, 车b5xe5 would take it. Before the move a line taking the cannon won
/// 5; now 7, a new win of that piece (art. 24.3, the principle of 图5), though the total equals
/// the older threat on the rook on d6. A line that trades rooks on the way (车b5-b7+ 车d6-d7
/// 车g8xe8+ and the rooks on d7) wins as much, and which of the two a search met first followed
/// the order of the squares; the trade is no win of the rook. Red's a9–a2 chases the cannon
/// on h2 directly: Red must change, both ways.
#[test]
fn a_fourth_asymmetry_found_at_four_checks() {
    let [cxa, _] = found_case(
        "78 46 - - 81 - - - - 70 75 - - - - 57 48 - 52 49 25 - - 13 - - 1 - - 84",
        (1, 1),
        true,
        (47, 56),
    );
    let text = cxa.explanation.en();
    assert_eq!(cxa.verdict, Verdict::MustChange(Color::Red), "{text}");
    assert!(text.contains("cannon on e5: forced line"), "{text}");
}

/// Found by [`every_third_occurrence_is_ruled`] (a CI run, 2026-12-06): under CXA 2011 the red
/// cannon's e7→e1 (`9/3Nk4/4CRb2/5r3/3R4n/3r5/3n5/9/3P5/4K1P2 w`) was ruled 捉 as played (the
/// rook f7 then takes the unprotected elephant g7) but 杀 mirrored, with the rook's attack
/// weighed as a tied capturer's (被牵子捉子) there.
///
/// What the capture of the elephant is weighed against is what Black wins all along (art.
/// 24.3), less a line that wins the capturer itself (图16: a rook lost to a 抽 whatever it does
/// wins nothing by taking). Black wins a rook all along (马d3–f2 将, and after the general's step
/// a rook falls), but Red's general chooses which: a line that must take the rook f7 wins
/// only a horse's worth. So the rook f7 is not lost whatever it does, and its capture of the
/// elephant wins it: 捉, Red 长捉 (Black's 杀 and 兑 are allowed), Red must change. The search
/// met first, as played, the line taking the rook d5, mirrored the line taking the capturer,
/// and weighed the capturer as lost in the one and not in the other.
#[test]
fn a_cannon_leaving_the_generals_file_is_ruled_alike_mirrored() {
    let [cxa, _] = found_case(
        "68 48 75 - 67 - - - - - - 6 12 - - 59 39 30 53 - - - - 20 - - - - - -",
        (1, 4),
        false,
        (59, 0),
    );
    let text = cxa.explanation.en();
    assert_eq!(cxa.verdict, Verdict::MustChange(Color::Red), "{text}");
    assert!(
        text.contains("rook on f7 attacks the unprotected elephant on g7"),
        "{text}"
    );
    assert_eq!(
        cxa.side(Color::Red).pattern,
        xiangqi_arbiter::Pattern::PerpetualChase,
        "{text}"
    );
}

/// Found by [`every_third_occurrence_is_ruled`] (seed 22, 50,000 cases, 2026-12-06): under CXA
/// 2011 `9/6C1P/4k2c1/r2P5/7N1/4P4/2r6/1A1n1A1C1/1N1R1c3/2p2K3 w`, cycle h2g2 a6a1 g2h2 a1a6,
/// was ruled "Red must change" as played and a draw with the colours swapped, every move's
/// label alike. The cannon's h2→g2 takes it out of the black cannon's fire, and the rook on
/// d1, beside the black horse on d2 all along (no root), now wins it. The moved cannon is no
/// part of the win (without it the rook still wins the horse), and the engine asked only the
/// first attack the board listed on the horse: the horse on b1 as played (a standing
/// attacker: single), the cannon with the colours swapped (the moved piece: joint), and
/// 26.9.3 applied to one and not the other. Since the book's 参考图37 (tests/audit_cases_38.rs)
/// a move that only steps out of danger, the capture it lets pay standing before and the
/// piece no part of it, is no chase at all: h2→g2 is 闲, as played and turned round alike,
/// and Black, 长捉, must change.
#[test]
fn a_standing_attacker_chases_alone_whatever_the_order() {
    let [cxa, _] = found_case(
        "12 - 52 10 78 25 70 66 - - 40 80 57 - - 29 54 - 21 14 70 - - - - 2 - - - -",
        (2, 1),
        false,
        (45, 17),
    );
    let text = cxa.explanation.en();
    assert!(
        text.contains("rook on d1 attacks the unprotected horse on d2: escape only"),
        "{text}"
    );
    assert!(!cxa.moves[0].nature.is_attacking(), "{text}");
    // Red 一捉一闲 (allowed); Black 长捉 (the horse on b1 jointly, the pawn on d6).
    assert_eq!(cxa.verdict, Verdict::MustChange(Color::Black), "{text}");
}

/// Found by [`every_third_occurrence_is_ruled`] (seed 62, 2026-12-06) the hour an answer to
/// check was first searched for forced lines (CXA 2011 arts. 24.3, 26.2; audit_cases_25):
/// `8N/R3rk3/9/1c3r2P/9/6P2/9/4K1B2/n1B2pc1P/9 w`, cycle g2e4 e8c8 e4g2 c8e8. The elephant's
/// g2→e4 blocks the rook's check, and then 马i9–h7+ 将f7 车a8–a7+ 车e8–e7 车×e7+ 将×e7 马×f6
/// wins a rook. The line takes two rooks alike (the checker on e8, traded, and the rook on
/// f6, won); an answer chases only a piece whose line it opened itself (26.4: the checker's
/// own arrival is its side's doing), and that was asked of the rook the search named first:
/// as played the rook on f6 (a chase), with the colours swapped the checker (no chase), and
/// the verdicts parted. Now asked of each rook won. The ruling must agree mirrored and with the
/// colours swapped; that is the assertion.
#[test]
fn an_answer_chases_the_piece_its_own_line_wins() {
    found_case(
        "72 - 89 - - - - - 11 24 - 42 62 17 - 76 59 - 9 55 15 - - - - - - - - 14",
        (7, 5),
        false,
        (29, 48),
    );
}

/// Found with the last (seed 65): `5a1n1/9/3k5/9/6R1c/3B4P/6C1p/2R5P/3Pc4/3K4r w`, cycle
/// g3g0 i0i1 g0g3 i1i0. The cannon's g3→g0 blocks the rook's check along the first rank, and
/// 车g5–d5+ 将e7 车c2–e2+ 炮i5–e5 车×e5+ wins the cannon that blocks; the same turn of the
/// named piece, the same mending.
#[test]
fn an_answer_chases_the_piece_its_own_line_wins_again() {
    found_case(
        "20 51 - - 33 - - - 50 - - - 12 44 26 - 8 - 88 53 13 - 3 - - - - - 35 -",
        (0, 0),
        false,
        (0, 28),
    );
}

/// Found by [`every_third_occurrence_is_ruled`] (its fixed seed, 2026-12-07) while the rule for
/// a forced line that only finds a standing capture again was being written (参考图6,
/// tests/audit_cases_39.rs): `4k4/6a2/3R2P2/1r6P/p8/3r3C1/3R1C3/3pB4/5K3/9 w`, cycle f1f0
/// b6a6 f0f1 a6b6. The black rook on d4 attacks the unprotected cannon on h4 all along; the
/// other rook's a6→b6 comes where it can check on b1, and the line wins more than before,
/// and more than it does with the moved rook frozen where it went (taking nothing of its own,
/// giving no check): the moved rook takes part (CXA 2011 art. 24.17), a chase as before the
/// rule (a chase with the colours swapped too). The rule had been asked of the line's
/// first capture: as played the rook's capture at once (set aside), with the colours swapped
/// a check first and the same capture (kept), and the labels parted. Now asked of the piece
/// won, whichever line names it, and only where the moved piece takes no part.
#[test]
fn a_rook_that_comes_to_check_chases_with_the_capturer() {
    let [cxa, _] = found_case(
        "66 30 - - 43 32 - - 22 - - 62 - 69 - 39 55 - - - - 78 - - - - - - 45 21",
        (5, 7),
        false,
        (42, 14),
    );
    let text = cxa.explanation.en();
    for ply in [3, 7] {
        assert_eq!(cxa.moves[ply].nature, MoveNature::Chase, "{text}");
    }
    for ply in [1, 5] {
        assert!(!cxa.moves[ply].nature.is_attacking(), "{text}");
    }
}
