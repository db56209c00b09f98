//! A ninth audit of the WXF 2018 (Asian, AXF) repetition rulings (issue 16), on positions of our
//! own, for clauses no earlier WXF audit built a position for: AXF rule 32 (分捉) where one rook
//! attacks two horses in turn, against rule 23 (车长捉马) when one of the two is taken off; rule
//! 23's own clause "even if the horse chases back once" (the chase counterpart of rule 8,
//! 两打一还打), against a horse guarded on one of its two points; and rule 13 (一将一闲) against
//! rule 6 (单方长将) when one red pawn shuts the file of one of two checks.
//!
//! Each case is a whole cycle played twice, with a control that differs by one piece and whose
//! verdict the rules' words flip; every expectation (verdict, the nature of each red move, and
//! of Black's where it matters) was written from the rules' text before the engine was run, and
//! each position was checked by hand for checks, for attacks by or on every piece that moves or
//! stands on a moving piece's lines, for guards, and for mate threats. Each cycle is ruled as
//! given, mirrored left to right and with the colours swapped (`symmetry::rule_with`).
//!
//! # Rules relied on (digest `shared/rules/repetition-rules.md` §1.1–1.3; AXF rule n is WXF 2018
//! ch. 5 item n − 5; WXF 2018 art. 3.1.C/3.1.I one side forbidden, 3.2.B neither: a draw)
//! - Terms: "Chase (捉): a move after which some enemy piece other than the king could be
//!   captured on the next move." "Protected: B is protected if, after any enemy piece A takes B,
//!   some piece C of B's side can take A."
//! - Rule 6 (单方长将): "Perpetual check, whether by one piece or several, is never permitted."
//! - Rule 13 (一将一闲): "One check plus one idle move": a draw.
//! - Rule 21 (马长捉车): "A horse may not perpetually chase a rook"; §1.3: "A rook attacked by a
//!   horse or cannon is always a target."
//! - Rule 23 (车长捉马): "A rook perpetually chasing a horse must change, even if the horse chases
//!   back once, checks once, or gives one check and one chase."
//! - Rule 32 (分捉): "One piece chasing two or more pieces in turn, or two pieces in turn against
//!   two or more": a draw.
//! - §1.3's summary: "Any other target counts only if it is unprotected or falsely protected";
//!   "A chase is perpetual only if the same victim is chased on every move: alternating victims
//!   (16, 32), mixed-in checks (12, 13) or protection on one move (17, D54, D66) break it".
//!
//! # Table
//! | case | rule | what turns | expected |
//! |---|---|---|---|
//! | `r32_one_rook_two_horses_in_turn` | 32 | the rook attacks horse f7, then horse d5, in turn | draw, Red 捉捉捉捉 |
//! | `r32_control_one_horse_only` | 23 | horse d5 taken off: the rook attacks the one horse (f7, g5) every move | Red must change, 捉捉捉捉 |
//! | `r23_horse_chases_back_once` | 23 | the horse's step to c5 attacks the rook b7 | Red must change, 捉捉捉捉; Black 捉闲, allowed |
//! | `r23_control_horse_guarded_on_one_point` | 23, §1.3 | a black advisor on e8 guards d7 | draw, Red 闲捉闲捉; Black 捉闲 |
//! | `r6_rook_checks_on_two_files` | 6 | the rook checks on the e- and f-files in turn | Red must change, 将将将将 |
//! | `r13_control_pawn_shuts_one_file` | 13 | a red pawn on f5 shuts the f-file | draw, Red 将闲将闲 |
//! | `r11_one_check_one_mate_threat` | 11 | the rook checks on e1, threatens 车 g1–g9 mate on g1 | draw, Red 将杀将杀 |
//! | `r6_control_cannon_behind_the_rook` | 6 | a red cannon on e0: the rook's step to g1 uncovers its check | Red must change, 将将将将 |
//!
//! Every cycle is also ruled entered at each of its plies (`symmetry::rotations`), under both
//! books, in `audit_cases_30::every_cycle_is_ruled_alike_from_each_entry`: a cycle is ruled as a
//! whole, not by where the players entered it.

mod symmetry;

use symmetry::{assert_natures, rule_with, wxf};

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// 1. One rook against two horses in turn (rule 32), and against one (rule 23). The red rook
// shuttles b5–b7 along the b-file (b6 empty; b8, b9 and b0–b4 empty). The black horse A
// shuttles f7–g5 (leg f6). On b7 the rook looks along rank 7 (c7–e7 empty) at f7; on b5 along
// rank 5 at g5 (c5–f5 empty) or at whatever stands first on that rank. No black piece guards
// f7, g5 or d5 (the general on e9 reaches e8, d9, f9; A on f7 reaches d8, h8, d6, h6, e5, g5,
// e9, g9; on g5 f7, h7, e6, i6, e4, i4, f3, h3; a horse on d5 c7, e7, c3, e3, b6, b4, f6, f4):
// none of these is a red piece, so Black's moves attack nothing. The red general d0 and the
// black general e9 stand on different files; a lone rook with its general threatens no mate
// against a general free to step to e8 or f8.

/// A second black horse B on d5, between the rook's b5 and g5: from b5 the rook attacks B (c5
/// empty) and not A behind it. Start: rook b5, A f7. 车 b5–b7 attacks A on f7 (捉); A flees to
/// g5, behind B; 车 b7–b5 attacks B on d5 (捉), A on g5 shielded; A returns to f7. Every red move
/// attacks an unprotected horse, but A and B in turn: "One piece chasing two or more pieces in
/// turn" (rule 32) is allowed, and no victim is chased on every move (§1.3): a draw (3.2.B).
#[test]
fn r32_one_rook_two_horses_in_turn() {
    let ruling = rule_with(
        "4k4/9/5n3/9/1R1n5/9/9/9/9/3K5 w - - 0 1",
        "b5b7 f7g5 b7b5 g5f7",
        &wxf(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(false),
    );
    assert!(ruling.red.perpetual_victims.is_empty(), "{:?}", ruling.red);
    assert_natures(&ruling, Color::Black, "闲闲闲闲");
}

/// The control: B taken off. 车 b7–b5 now attacks A itself on g5 (c5–f5 empty), and 车 b5–b7
/// attacks it on f7: the rook attacks the one unprotected horse on every move, "A rook
/// perpetually chasing a horse must change" (rule 23): Red must change (3.1.C, 3.1.I).
#[test]
fn r32_control_one_horse_only() {
    let ruling = rule_with(
        "4k4/9/5n3/9/1R7/9/9/9/9/3K5 w - - 0 1",
        "b5b7 f7g5 b7b5 g5f7",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(ruling.red.perpetual_victims.len(), 1, "{:?}", ruling.red);
    assert_natures(&ruling, Color::Black, "闲闲闲闲");
}

// ---------------------------------------------------------------------------------------------
// 2. The horse chases back once (rule 23, "even if the horse chases back once"). The red rook
// shuttles b5–b7 (b6 empty), the black horse d7–c5 (legs d6 and c6, both empty). On b7 the rook
// attacks d7 along rank 7 (c7 empty), not c5; on b5 it attacks c5 (adjacent), not d7. The
// horse's step d7–c5 is made with the rook on b7: from c5 the horse attacks b7 (leg c6 empty),
// a chase of a rook (rule 21; §1.3). Its step back to d7 is made with the rook on b5: from d7 it
// reaches b6, b8, c9, e9, f8, f6, c5, e5, none red: idle. From c5 it reaches a6, a4, e6, e4,
// b3, d3, b7, d7: only the rook. Generals: black e9, red d0 (different files; the d-file holds
// the horse on d7 or is open to an empty d9). A lone rook threatens no mate.

/// The horse unguarded on both points (the general on e9 reaches e8, d9, f9 only). Every red
/// move attacks it anew: rule 23, "must change, even if the horse chases back once": Red must
/// change. Black's play, one chase of the rook in two moves, is no perpetual chase (§1.3): Black
/// 捉闲, allowed.
#[test]
fn r23_horse_chases_back_once() {
    let ruling = rule_with(
        "4k4/9/3n5/9/1R7/9/9/9/9/3K5 w - - 0 1",
        "b5b7 d7c5 b7b5 c5d7",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "捉闲捉闲");
}

/// The control: a black advisor on e8 guards d7 (diagonally), not c5. 车 b5–b7 now attacks a
/// protected horse, no chase (§1.3: "Any other target counts only if it is unprotected"); 车
/// b7–b5 still attacks it unprotected on c5: Red 闲捉闲捉, no victim on every move ("protection
/// on one move … break[s] it"). Black still 捉闲. Neither side is forbidden: a draw (3.2.B). The
/// advisor on e8 stands on no line of a moving piece (rank 8 and the e-file are out of the
/// rook's reach from b5 and b7 but for b8, empty) and blocks no leg (d6, c6).
#[test]
fn r23_control_horse_guarded_on_one_point() {
    let ruling = rule_with(
        "4k4/4a4/3n5/9/1R7/9/9/9/9/3K5 w - - 0 1",
        "b5b7 d7c5 b7b5 c5d7",
        &wxf(),
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "捉闲捉闲");
}

// ---------------------------------------------------------------------------------------------
// 3. Two checks, or one check and one idle move (rules 6 and 13). The red rook shuttles f1–e1
// (rank 1 empty), the black general e9–f9. The red general on d0 holds the d-file (d1–d9 empty:
// the black general may not stand on d9), so with the rook on e1 checking up the e-file the
// general's only flight is f9; with the rook on f1 it steps back to e9.

/// No other piece: 车 f1–e1 checks on the e-file, 车 e1–f1 on the f-file: every red move checks,
/// "Perpetual check … is never permitted" (rule 6): Red must change.
#[test]
fn r6_rook_checks_on_two_files() {
    let ruling = rule_with(
        "4k4/9/9/9/9/9/9/9/5R3/3K5 w - - 0 1",
        "f1e1 e9f9 e1f1 f9e9",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("将将将将"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "闲闲闲闲");
}

/// The control: a red pawn on f5 (crossed; it reaches e5, g5, f6, all empty) shuts the f-file:
/// 车 e1–f1 no longer checks and attacks nothing (f2–f4 empty up to its own pawn; rank 1 empty):
/// idle, and no mate threat (the general on f9 may step to e9, e8, f8). Red plays one check and
/// one idle move: rule 13, a draw.
#[test]
fn r13_control_pawn_shuts_one_file() {
    let ruling = rule_with(
        "4k4/9/9/9/5P3/9/9/9/5R3/3K5 w - - 0 1",
        "f1e1 e9f9 e1f1 f9e9",
        &wxf(),
        Verdict::Draw,
        Some("将闲将闲"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "闲闲闲闲");
}

// ---------------------------------------------------------------------------------------------
// 4. One check and one mate threat (rule 11), or two checks (rule 6). The red rook on i8 holds
// rank 8 (h8–a8 empty), the red general on d0 the d-file (d1–d8 empty): the black general on e9
// may step to f9 only. The other red rook shuttles g1–e1 (f1 empty); the black cannon shuttles
// g3–e3 (f3 empty), shutting in turn the file the rook stands on. On e1, with the e-file open,
// the rook checks (将). On g1, with the g-file open, it threatens 车 g1–g9, a check along rank 9
// (f9 empty) that mates: d9 faces the red general, e8 is held by the rook on i8, f9 by the rook
// on g9, nothing black can reach f9 or g9 (the cannon on e3 moves on the e-file and rank 3):
// 杀. The black cannon's steps attack nothing: on e3 and g3 the first piece below it is the
// rook (e1, g1) with nothing behind on e0 or g0, rank 3 is empty; it steps into the rook's file
// (an offer, idle) and the rook's own moves never attack it (the cannon is on another file and
// rank each time the rook moves). The rook i8 meets nothing on the i-file or rank 8.

/// Red plays 将杀将杀: "Alternating one check and one TTC" (rule 11): a draw. Black's blocks
/// are idle.
#[test]
fn r11_one_check_one_mate_threat() {
    let ruling = rule_with(
        "4k4/8R/9/9/9/9/6c2/9/6R2/3K5 w - - 0 1",
        "g1e1 g3e3 e1g1 e3g3",
        &wxf(),
        Verdict::Draw,
        Some("将杀将杀"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "闲闲闲闲");
}

/// The control: a red cannon on e0, under the rook's e1. With the rook on e1 and the e-file
/// open the cannon checks too, over the rook; the black cannon's block on e3 makes two screens
/// and shuts both. 车 e1–g1 then leaves the black cannon on e3 the cannon's only screen: a
/// discovered check. Every red move checks: rule 6, Red must change. (The black cannon on e3
/// now looks over the rook at the red cannon on e0, which the red general on d0 guards, the
/// rook e1 still shutting the e-file after the recapture: no chase.)
#[test]
fn r6_control_cannon_behind_the_rook() {
    let ruling = rule_with(
        "4k4/8R/9/9/9/9/6c2/9/6R2/3KC4 w - - 0 1",
        "g1e1 g3e3 e1g1 e3g3",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("将将将将"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "闲闲闲闲");
}

// Every cycle above is also ruled from each of its plies, under both books, in
// `audit_cases_30::every_cycle_is_ruled_alike_from_each_entry` (one list, not two).
