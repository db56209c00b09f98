//! A fourth audit of the WXF 2018 (Asian, AXF) repetition rulings, on the rules our tests cited
//! least: rule 7 (WXF 2018 ch. 5 item 2, 双方长将: a mutual perpetual check is drawn), rules 14
//! and 38 (items 9 and 33, 一捉一要抽吃 and 长要抽吃: threats to check and then capture), rule 21
//! (item 16, 马长捉车), rule 20 (item 15, 马炮长捉车), rule 27 (item 22, 车被炮牵制不能离线: a
//! rook tied to its file by a cannon), rule 36 (item 31, 长捉兼长兑: a chase that is also an
//! exchange offer), rule 37 (item 32, 车炮联合牵制车帅: a rook pinning a rook to its general),
//! and rules 2 and 4 (WXF 2018 arts. 3.1.A.II and 3.2.A: stalemate loses; a draw by agreement,
//! or when neither side can win). Rule 5 (art. 3.2.B: allowed play on both sides is drawn) is
//! the verdict of every control below.
//!
//! Every position is our own. Each expected verdict, and the nature of each of Red's moves, was
//! written from the project's digest of the book (`repetition-rules.md` §1.1–1.4 for the AXF
//! rules as numbered there, §3 for CXA 2011) and the WXF 2018 text (`002_*.txt`, art. 3) before
//! the engine was run. Where CXA 2011 rules the same cycle otherwise, both verdicts are asserted
//! and the doc comment says why. The engine agreed everywhere but on one CXA 2011 ruling the
//! digest does not settle (section 7, the control of rule 37: Black's steps along the pinning
//! file, which we wrote idle, the engine names a joint chase of the pinned rook, 参考图39; see
//! that doc comment), and on one first try of ours that was our mistake (section 2, the last
//! control: a black rook guard that could mate after the capture). No engine change was made.
//!
//! Two of the rules asked for have no position here. Rule 22 (item 17, 车马互相长捉: a rook and
//! a horse chasing each other, a draw) cannot be built from a lone rook and a lone horse each
//! making a new attack on the other with every move of a four-ply cycle, nor of an eight-ply
//! one with the rook shuttling: a rook that attacks the horse on a line and a horse a knight's
//! move from the rook's next point put the rook's two points on no common line (checked by
//! enumerating the board); the book's diagram 48 must use other pieces, which the digest does
//! not say. For rule 10 (item 5, 解杀反杀) we found no legal cycle in the time.
//!
//! Each cycle gives the four plies of one period twice, so the start position occurs three
//! times, and is ruled three ways: as given, mirrored left to right, and with the colours
//! swapped (`symmetry::rule_with`). Natures are written with the book's characters (see
//! `symmetry::is`): 将 杀 捉 兑 献, and 闲 for any move the book counts as idle.

mod symmetry;

use symmetry::{cxa, red_moves, rule_alike, rule_with, wxf};

use xiangqi::{Color, Position, Role, fen::Fen};
use xiangqi_arbiter::{Game, GameResult, Pattern, RuleSet, Termination, Verdict};

// ---------------------------------------------------------------------------------------------
// 1. Mutual perpetual check: AXF rule 7 (item 2, 双方长将, D4); WXF 2018 art. 3.2.C; digest §1.2
//    principle 4, §3 ("Mutual perpetual check": CXA 2011 draws it too, art. 26.9.4). Each check
//    is answered by a move that parries it and checks back: a piece steps between two cannon
//    lines, adding a second screen on one (the check it parries) and leaving or making a single
//    screen on the other (the check it gives).

/// The black cannon on a1 fires along the first rank at the red general on f1 over the red horse
/// on c1 (Red is in check at the start); the red cannon on d0 looks up the d-file at the black
/// general on d9, with nothing on the file. The red horse steps c1–d3: it leaves the rank (no
/// screen there, the check is parried) and becomes the single screen on the d-file (check). The
/// black horse steps c3–d1, onto the point where the two lines cross: a second screen on the
/// d-file (parried) and the single screen on the first rank (check). The red horse steps back
/// to c1, a second screen on the rank (parried), and the d-file keeps only the black horse
/// (check); the black horse steps back to c3, the d-file is empty (parried) and the rank keeps
/// the red horse (check). Both sides check on every move, each check answering the other's:
/// rule 7, a draw (art. 3.2.C, "双方均同时触犯同一禁例者，可判和局"). CXA 2011 the same: both
/// sides 长将, neither on its own (art. 25.1 binds a unilateral one), a draw (art. 26.9.4).
#[test]
fn a_check_answered_by_a_check_for_ever_is_drawn() {
    let fen = "3k5/9/9/9/9/9/2n6/9/c1N2K3/3C5 w - - 0 1";
    let cycle = "c1d3 c3d1 d3c1 d1c3";
    for ruling in rule_alike(fen, cycle, Verdict::Draw, Some("将将将将"), Some(true)) {
        assert_eq!(
            ruling.red.pattern,
            Pattern::PerpetualCheck,
            "{:?}",
            ruling.red
        );
        assert_eq!(
            ruling.black.pattern,
            Pattern::PerpetualCheck,
            "{:?}",
            ruling.black
        );
    }
}

/// The control, one piece moved: the red cannon stands on i0, off the d-file, so the red horse's
/// moves only parry. Black alone checks on every move: rule 6 ("Perpetual check … is never
/// permitted"), Black must change or lose (arts. 3.1.C, 3.1.I). CXA 2011 differs in the
/// sanction (digest §3, "Perpetual check, one side"): a unilateral perpetual check loses at once
/// (arts. 23.5.1, 25.1).
#[test]
fn a_check_answered_by_a_mere_parry_is_a_perpetual_check() {
    let fen = "3k5/9/9/9/9/9/2n6/9/c1N2K3/8C w - - 0 1";
    let cycle = "c1d3 c3d1 d3c1 d1c3";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Loses(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    assert_eq!(
        ruling.black.pattern,
        Pattern::PerpetualCheck,
        "{:?}",
        ruling.black
    );
}

/// The same mechanism in the black palace, with an advisor. The black cannon on f9 fires down
/// the f-file at the red general on f0 over the red horse on f5 (Red is in check at the start);
/// the red cannon on i7 looks along the seventh rank at the black general on d7. The red horse
/// steps f5–g7 (off the file: parried; the single screen on the rank: check); the black advisor
/// steps e8–f7, where the lines cross (a second screen on the rank, the single one on the file);
/// the horse steps back to f5 (a second screen on the file; the advisor alone on the rank); the
/// advisor steps back to e8. Every move checks and answers a check: rule 7, a draw under both
/// books (art. 3.2.C; CXA 2011 art. 26.9.4).
#[test]
fn an_advisor_and_a_horse_checking_each_other_for_ever_are_drawn() {
    let fen = "5c3/4a4/3k4C/9/5N3/9/9/9/9/5K3 w - - 0 1";
    let cycle = "f5g7 e8f7 g7f5 f7e8";
    for ruling in rule_alike(fen, cycle, Verdict::Draw, Some("将将将将"), Some(true)) {
        assert_eq!(
            ruling.black.pattern,
            Pattern::PerpetualCheck,
            "{:?}",
            ruling.black
        );
    }
}

/// The control, one piece moved: the red cannon stands on i6, off the seventh rank. The red
/// horse's steps only parry (on g7 it attacks the black cannon on f9 and the advisor, which
/// makes no check), the advisor's steps check on every move: Black's unilateral perpetual check
/// (rule 6): Black must change (arts. 3.1.C, 3.1.I); CXA 2011: Black loses (arts. 23.5.1, 25.1).
#[test]
fn an_advisor_checking_for_ever_against_mere_parries_is_a_perpetual_check() {
    let fen = "5c3/4a4/3k5/8C/5N3/9/9/9/9/5K3 w - - 0 1";
    let cycle = "f5g7 e8f7 g7f5 f7e8";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::MustChange(Color::Black),
        None,
        Some(true),
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Loses(Color::Black),
        None,
        Some(true),
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Threats to check and then capture: AXF rule 38 (item 33, 长要抽吃, D97–98) and rule 14
//    (item 9, 一捉一要抽吃, D17); digest §1.1 ("Chase: a move after which some enemy piece …
//    could be captured on the next move"), §3 ("Perpetual threat to check-and-capture": a draw
//    under AXF; under CXA 2011 it is 捉, because winning material by a check or a series of
//    checks is part of art. 24.3, "从下一着开始运用将军或连续将军得子").

/// The black general shuttles e9–e8; the red horse shuttles e6–g5. From g5 (general on e9) the
/// horse threatens g5–f7, a check (over f8) that also attacks the black cannon on h6 (over g7);
/// from e6 (general on e8) it threatens e6–g7, a check (over f7) that also attacks the black
/// cannon on h9 (over g8). Neither threat can be parried by blocking: no black piece reaches f8,
/// f7, g7 or g8, nor takes the horse on f7 or g7, and neither cannon guards the other (nothing
/// stands between them on the h-file). The horse itself attacks nothing: no red move is a check
/// or a capture for the next move. Rule 38: perpetually threatening to check and then capture is
/// a draw (art. 3.2.B); Red's moves are idle under the Asian definition of a chase. CXA 2011
/// differs: each red move makes a line, a check and then a capture, that wins a cannon (art.
/// 24.3): 捉 on every move, of one or several pieces (art. 24.11): 长捉, an unrooted piece's
/// (art. 26.9.1): Red must change (art. 25.3).
#[test]
fn threatening_to_check_and_capture_for_ever_by_the_two_books() {
    let fen = "4k2c1/9/9/4N2c1/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "e6g5 e9e8 g5e6 e8e9";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(
        ruling.red.pattern,
        Pattern::PerpetualChase,
        "{:?}",
        ruling.red
    );
}

/// The control, one piece moved: the black cannon stands on i9, not h9, out of reach of g7. The
/// horse's step to e6 threatens nothing (its check from g7 or c7 wins nothing). Under CXA 2011
/// Red now chases on one move in two (捉 by the line from g5, idle from e6): allowed, a draw
/// (arts. 24.14, 25.2); under WXF 2018 a draw as before (rule 38).
#[test]
fn threatening_to_check_and_capture_on_one_move_in_two_is_allowed() {
    let fen = "4k3c/9/9/4N2c1/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "e6g5 e9e8 g5e6 e8e9";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

/// One chase and one threat to check and capture: as in
/// [`threatening_to_check_and_capture_for_ever_by_the_two_books`], but the second black cannon
/// stands on c7, where the horse on e6 attacks it (over d6) and nothing guards it. From g5 the
/// horse threatens the check on f7 that wins the cannon on h6; from e6 it chases the cannon on
/// c7. Rule 14 (一捉一要抽吃): a draw, no perpetual chase (art. 3.2.B). CXA 2011: both moves are
/// 捉 (art. 24.3), 长捉 of unrooted pieces (arts. 24.11, 26.9.1): Red must change.
#[test]
fn one_chase_one_threat_to_check_and_capture_by_the_two_books() {
    let fen = "4k4/9/2c6/4N2c1/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "e6g5 e9e8 g5e6 e8e9";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The control of [`one_chase_one_threat_to_check_and_capture_by_the_two_books`], one piece
/// added: a black horse on a8 guards the cannon on c7 (over b8). The red horse's attack on c7 is
/// now an attack on a protected cannon, no chase under either book (rule 17; CXA 2011 art. 24.3,
/// a horse for a cannon is an even trade); the black horse reaches none of f7, f8, g7, g8, so the
/// threat from g5 stands. (A first try guarded c7 with a black rook on c9: the engine then ruled
/// the step to g5 idle under CXA 2011, rightly: once the horse has taken on h6, the rook mates
/// on d9, the red general on d0 having no square, and a capture after which the capturer is
/// mated at once wins nothing, art. 24.3.) WXF 2018: a draw as before (rule 38). CXA 2011: 捉 on one move in two, allowed,
/// a draw (arts. 24.14, 25.2).
#[test]
fn a_threat_to_check_and_capture_and_an_attack_on_a_guarded_cannon_are_allowed() {
    let fen = "4k4/n8/2c6/4N2c1/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "e6g5 e9e8 g5e6 e8e9";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 3. A horse chasing a rook: AXF rule 21 (item 16, 马长捉车, D45–47: "A horse may not
//    perpetually chase a rook, whether or not the rook is protected"); digest §3 ("Chase of a
//    rook": CXA 2011 agrees, a horse attacking a rook wins material whatever the protection,
//    art. 24.3; 长捉车, art. 26.9.1).

/// The black rook shuttles c7–c6; the red horse follows, a7–b5 attacking it on c7 (over b6),
/// b5–a7 attacking it on c6 (over b7). Nothing guards the rook. Red must change (rule 21; arts.
/// 3.1.C, 3.1.I), under CXA 2011 too (长捉车). The rook's return to c7 attacks the horse on a7,
/// on one move in two: Black's play is allowed.
#[test]
fn a_horse_may_not_chase_an_unprotected_rook() {
    let ruling = rule_alike(
        "4k4/9/N1r6/9/9/9/9/9/9/3K5 w - - 0 1",
        "a7b5 c7c6 b5a7 c6c7",
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    for r in ruling {
        assert_eq!(r.red.pattern, Pattern::PerpetualChase, "{:?}", r.red);
    }
}

/// The same with a second black rook on c9, which guards c7 and c6 (over c8, and c7 when it is
/// empty). Rule 21: "whether or not the rook is protected": Red must change. CXA 2011 the same:
/// a horse for a rook wins material even when the rook is retaken (art. 24.3).
#[test]
fn a_horse_may_not_chase_a_protected_rook_either() {
    rule_alike(
        "2r1k4/9/N1r6/9/9/9/9/9/9/3K5 w - - 0 1",
        "a7b5 c7c6 b5a7 c6c7",
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The control, one square changed: the horse shuttles a3–b5, and from a3 it attacks nothing.
/// One chase in two moves is no perpetual chase: a draw under both books (art. 3.2.B; CXA 2011
/// arts. 24.14, 25.2).
#[test]
fn a_horse_chasing_a_rook_on_one_move_in_two_is_allowed() {
    rule_alike(
        "4k4/9/2r6/9/9/9/N8/9/9/3K5 w - - 0 1",
        "a3b5 c7c6 b5a3 c6c7",
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 4. A horse and a cannon in turn against a rook: AXF rule 20 (item 15, 马炮长捉车, D42–44: "the
//    chaser loses"); rule 33 (two pieces taking turns against one); digest §3 ("Joint chase",
//    "Chase of a rook").

/// The black rook shuttles c7–c6. The red horse steps g5–e6 and attacks it on c7 (over d6); on
/// e6 it is also a second screen on the sixth rank, between the red cannon on i6 (with the red
/// pawn on h6 for its screen) and c6. It steps back to g5: the cannon then fires over the pawn
/// alone at the rook on c6. A horse and a cannon take turns against one rook: rule 20, Red must
/// change (arts. 3.1.C, 3.1.I); CXA 2011 the same (长捉车, art. 26.9.1). The rook on c6 attacks the
/// horse on e6, which the cannon guards over the pawn: no chase (rule 17; under CXA 2011 a rook
/// for a horse loses material): Black's play is allowed.
#[test]
fn a_horse_and_a_cannon_in_turn_against_a_rook_along_a_rank() {
    let ruling = rule_alike(
        "4k4/9/2r6/7PC/6N2/9/9/9/9/3K5 w - - 0 1",
        "g5e6 c7c6 e6g5 c6c7",
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    for r in ruling {
        assert_eq!(r.red.pattern, Pattern::PerpetualChase, "{:?}", r.red);
    }
}

/// The same with a second black rook on c9 guarding c7 and c6: a horse or a cannon chases a rook
/// whatever its protection (rules 15, 20, 21): Red must change; CXA 2011 the same (a horse or a
/// cannon for a rook wins material, art. 24.3).
#[test]
fn a_horse_and_a_cannon_in_turn_against_a_protected_rook() {
    rule_alike(
        "2r1k4/9/2r6/7PC/6N2/9/9/9/9/3K5 w - - 0 1",
        "g5e6 c7c6 e6g5 c6c7",
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The control, one piece taken off: no red pawn on h6, so the cannon has no screen on the
/// sixth rank and attacks nothing. Only the horse chases, on one move in two: a draw (art.
/// 3.2.B; CXA 2011 art. 25.2). The rook on c6 now attacks an unguarded horse on e6, but on one
/// move in two as well.
#[test]
fn a_horse_and_a_cannon_without_a_screen_chase_on_one_move_in_two() {
    rule_alike(
        "4k4/9/2r6/8C/6N2/9/9/9/9/3K5 w - - 0 1",
        "g5e6 c7c6 e6g5 c6c7",
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 5. A rook tied to its file by a cannon: AXF rule 27 (item 22, 车被炮牵制不能离线, D63–66): its
//    moves along the line are not chases (D63); an enemy rook attacking it makes no sacrifice,
//    so it may not keep attacking (D64–65) unless the tied rook is protected on one of its moves
//    (D66); a horse or cannon may never perpetually attack it. In each position the black rook
//    stands between the red cannon on e3 and the black advisor on e8: off the e-file, it would
//    let the cannon check the general on e9 over the advisor.

/// The tied rook shuttles e6–e5 along its file; the red rook follows on the a-file (a6 against
/// e6, a5 against e5). The tied rook cannot take back (it may not leave the file) and nothing
/// guards it: rule 27, Red must change (arts. 3.1.C, 3.1.I). CXA 2011 the same: a rook for an
/// unrooted rook wins material (art. 24.3), 长捉车 (art. 26.9.1). (The red horse on c2 guards the
/// cannon, which the tied rook attacks along its file.)
#[test]
fn a_rook_tied_to_its_file_may_not_be_chased_by_a_rook_along_the_ranks() {
    for r in rule_alike(
        "4k4/4a4/9/4r4/R8/9/4C4/2N6/9/3K5 w - - 0 1",
        "a5a6 e6e5 a6a5 e5e6",
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    ) {
        assert_eq!(r.red.perpetual_victims, ["e6"], "{:?}", r.red);
    }
}

/// The control, one piece added: the black horse on g7 guards e6 (over f7), not e5. The tied rook
/// is protected on one of its moves (D66): Red attacks a protected rook on every other move, no
/// perpetual chase, a draw (rule 27; art. 3.2.B). CXA 2011: a rook for a guarded rook is an even
/// trade, no gain (art. 24.3), so every other red move is idle: a draw (art. 25.2).
#[test]
fn a_rook_tied_to_its_file_and_protected_on_one_point_may_be_followed() {
    rule_alike(
        "4k4/4a4/6n2/4r4/R8/9/4C4/2N6/9/3K5 w - - 0 1",
        "a5a6 e6e5 a6a5 e5e6",
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
}

/// A horse against the tied rook, guarded on both its points (by the black horse on g7 over f7
/// on e6, by the black horse on c6 over d6 on e5). The red horse shuttles d3–c5: from c5 it
/// attacks e6 (over d5), from d3 it attacks e5 (over d4). Rule 27: "A horse or cannon may never
/// perpetually attack it", the guards notwithstanding (rule 21 as well): Red must change. CXA
/// 2011 the same: a horse for a rook wins material when the rook is retaken (art. 24.3).
#[test]
fn a_horse_may_not_chase_a_rook_tied_to_its_file_though_it_is_guarded() {
    rule_alike(
        "4k4/4a4/6n2/2n1r4/9/9/3NC4/2N6/9/3K5 w - - 0 1",
        "d3c5 e6e5 c5d3 e5e6",
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The tied rook's own moves (D63). It shuttles e6–e5 along its file and keeps attacking the
/// unguarded red cannon on e3, an attack it had before each move; on e5 it looks along the fifth
/// rank at the unguarded red horse on b5, which it could take only by leaving its file, which it
/// may not do. Red shuttles its rook a0–a1, attacking nothing. "Its moves along that line are not
/// chases" (rule 27, D63), and an attack simply left standing is none (item 36.2): Black's play
/// is allowed, a draw (art. 3.2.B). CXA 2011 the same: the move wins nothing the rook could not
/// win before it (art. 24.3; 图5), and a capture that exposes one's general is no capture.
#[test]
fn a_rook_tied_to_its_file_does_not_chase_by_moving_along_it() {
    rule_alike(
        "4k4/4a4/9/4r4/1N7/9/4C4/9/9/R2K5 w - - 0 1",
        "a0a1 e6e5 a1a0 e5e6",
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 6. A chase that is also an exchange offer: AXF rule 36 (item 31, 长捉兼长兑, D90–93: "the rook
//    is offered while a cannon or horse attacks"); rule 40 (item 35, 长兑 is allowed); digest §3
//    ("Chase that is also an exchange offer": CXA 2011 judges by the heavier character, 兑兼捉
//    is 捉, art. 26.5).

/// The black rook shuttles c7–d7; the red rook follows on the third rank, c3 against c7, d3
/// against d7, each time offering itself to the black rook (the two rooks can take each other).
/// Behind it stand the red cannons on c0 and d0, and the red rook is their screen: each red move
/// also brings a cannon to bear on the black rook. Rule 36: the chase stays a chase though every
/// move is also an exchange offer (and a cannon may not perpetually chase a rook, rule 15): Red
/// must change. CXA 2011 the same (兑兼捉 is 捉, art. 26.5; 长捉车, art. 26.9.1). The black rook's
/// steps attack the red cannons down the files, guarded by the elephant on e2 (c0) and the
/// general (d0): no chase (rule 17; a rook for a cannon loses under CXA 2011).
#[test]
fn a_rook_offered_with_a_cannon_behind_it_chases() {
    for r in rule_alike(
        "5k3/9/2r6/9/9/9/3R5/4B4/9/2CCK4 w - - 0 1",
        "d3c3 c7d7 c3d3 d7c7",
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    ) {
        assert_eq!(r.red.pattern, Pattern::PerpetualChase, "{:?}", r.red);
        // Every red move still offers the rooks' exchange: the rook it attacks can take it.
        for m in red_moves(&r) {
            let rook_on_rook = m
                .attacks
                .iter()
                .any(|a| a.attacker_role == Role::Rook && a.victim_role == Role::Rook);
            assert!(rook_on_rook, "{m:?}");
        }
    }
}

/// The control, the cannons moved to g0 and h0: each red move is only an exchange offer (the
/// rooks can take each other). Rule 40 (长兑) and rule 24 (same types that can take each other):
/// allowed, a draw (art. 3.2.B); CXA 2011 the same (兑 is idle, arts. 24.4, 24.8, 26.10: the black
/// rook may accept without loss).
#[test]
fn a_rook_offered_for_ever_without_a_cannon_behind_it_is_allowed() {
    rule_alike(
        "5k3/9/2r6/9/9/9/3R5/4B4/9/4K1CC1 w - - 0 1",
        "d3c3 c7d7 c3d3 d7c7",
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// The second control: only the cannon on c0 stays (the other on h0). The move to c3 offers and
/// chases, the move to d3 only offers: one chase in two moves, a draw under both books (art.
/// 3.2.B; CXA 2011 art. 25.2).
#[test]
fn a_rook_offered_with_a_cannon_behind_it_on_one_move_in_two_is_allowed() {
    rule_alike(
        "5k3/9/2r6/9/9/9/3R5/4B4/9/2C1K2C1 w - - 0 1",
        "d3c3 c7d7 c3d3 d7c7",
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 7. A rook pinning a rook to its general: AXF rule 37 (item 32, 车炮联合牵制车帅, D94–96: "A's
//    rook and king are pinned by B's rook and cannon. A's horse or cannon repeatedly attacking
//    the pinning rook is a perpetual chase"). In each position the red rook on e2 stands before
//    the red general on e1; the black rook on the e-file pins it (off the file, the general is
//    in check), and the black cannon on e7 fires over the black rook at it (were it to take the
//    black rook, the cannon would check over it).

/// The black rook shuttles e5–e6 along the file, pinning all the while; the red horse attacks it
/// on every move, from f3 on e5 (over f4), from d4 on e6 (over d5). Nothing guards the black rook
/// on either point (the cannon on e7 has no screen to retake). Rule 37: Red must change (arts.
/// 3.1.C, 3.1.I). CXA 2011: Red's 长捉车 is on the list of art. 26.9.1 too: Red must change.
/// (Under CXA 2011 the engine also names Black's play 长捉, a joint chase of the pinned red rook
/// by the cannon over its own rook, 参考图39; a single piece's chase of a rook against a joint
/// one changes, art. 26.9.2, so the verdict stands either way.)
#[test]
fn a_horse_may_not_chase_a_rook_that_pins_a_rook_to_its_general() {
    let fen = "4k4/9/4c4/9/4r4/3N5/9/4R4/4K4/9 w - - 0 1";
    let cycle = "d4f3 e5e6 f3d4 e6e5";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        None,
    );
}

/// The same with the pinning rook guarded on both points (by the black horse on g6 over f6 on e5,
/// by the black horse on c7 over d7 on e6). A horse may not perpetually chase a rook "whether or
/// not the rook is protected" (rules 21, 37): Red must change, under CXA 2011 too (a horse for a
/// rook wins material, art. 24.3).
#[test]
fn a_horse_may_not_chase_a_guarded_rook_that_pins_a_rook_to_its_general() {
    let fen = "4k4/9/2n1c4/6n2/4r4/3N5/9/4R4/4K4/9 w - - 0 1";
    let cycle = "d4f3 e5e6 f3d4 e6e5";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        None,
    );
}

/// The control, one square changed: the red horse shuttles h4–f3, and from h4 it attacks
/// nothing. Red chases on one move in two: allowed, a draw under WXF 2018 (art. 3.2.B; the black
/// rook's steps along the file leave its attack on the pinned rook standing, no chase, item
/// 36.2).
///
/// Not asserted: the CXA 2011 ruling. Written beforehand as a draw (Red 捉闲, Black's steps
/// idle), the engine rules Black must change: the pinned red rook cannot leave its file without
/// loss, and the black cannon takes it over its own rook, a joint capture (联合捉, art. 24.17) the
/// engine counts on every black move though no move makes it anew (its reading of 参考图39,
/// `Reason::HeldOnItsLine`). The text alone does not settle whether a standing joint attack on
/// a piece that cannot leave is 捉 on every move (art. 24.3 against 图5's "结果没有发生变化");
/// the figure, which we cannot read, does. Left open.
#[test]
fn a_horse_chasing_the_pinning_rook_on_one_move_in_two_is_allowed() {
    rule_with(
        "4k4/9/4c4/9/4r4/7N1/9/4R4/4K4/9 w - - 0 1",
        "h4f3 e5e6 f3h4 e6e5",
        &wxf(),
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 8. The game's end without a repetition: AXF rule 2 (WXF 2018 art. 3.1.A.II, 困毙: "轮到行棋的一
//    方无子可走" loses) and rule 4 (art. 3.2.A: "对局双方均无法取胜者，或一方提议作和而对方表示
//    同意 … 均为和局").

/// A game of `moves` (ICCS, separated by spaces) from `fen` under `rules`.
fn game(fen: &str, rules: RuleSet, moves: &str) -> Game {
    let start: Position = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position().ok())
        .unwrap_or_else(|| panic!("bad fen {fen}"));
    let mut g = Game::new(start, rules);
    for m in moves.split_whitespace() {
        g.play_iccs(m)
            .unwrap_or_else(|e| panic!("{fen}: {m}: {e:?}"));
    }
    g
}

/// The red horse steps e6–g7: it covers e8 (over f7) and f9 (over g8), and d9 would put the black
/// general face to face with the red one on d0 down the open d-file. The black general on e9 is
/// not in check and has no move, and Black has nothing else: stalemated, Black loses (rule 2;
/// art. 3.1.A.II; CXA 2011 the same, art. 4.1.1). The control: the horse steps to c7 instead,
/// which leaves f9 free: the game goes on. Colours swapped, the same for Black.
#[test]
fn a_side_with_no_legal_move_loses() {
    for rules in [wxf(), cxa()] {
        let g = game("4k4/9/9/4N4/9/9/9/9/9/3K5 w - - 0 1", rules, "e6g7");
        assert_eq!(g.end(), Some((GameResult::RedWins, Termination::Stalemate)));
        let g = game("4k4/9/9/4N4/9/9/9/9/9/3K5 w - - 0 1", rules, "e6c7");
        assert_eq!(g.end(), None);
        let g = game("5k3/9/9/9/9/9/4n4/9/9/4K4 b - - 0 1", rules, "e3c2");
        assert_eq!(
            g.end(),
            Some((GameResult::BlackWins, Termination::Stalemate))
        );
    }
}

/// Rule 4 (art. 3.2.A): a draw offered and accepted ends the game drawn, whatever the position;
/// and when neither side can win. The red advisor takes the last black pawn on d2 and neither
/// side has a rook, horse, cannon or pawn left: drawn. The control: a red pawn on a6 remains,
/// and the game goes on.
#[test]
fn a_draw_by_agreement_or_when_neither_side_can_win() {
    for rules in [wxf(), cxa()] {
        let mut g = game("4k4/9/2r6/8C/6N2/9/9/9/9/3K5 w - - 0 1", rules, "g5e6");
        assert_eq!(g.end(), None);
        g.agree_draw();
        assert_eq!(g.end(), Some((GameResult::Draw, Termination::Agreement)));
        let g = game("3k5/9/9/9/9/9/9/3p5/4A4/5K3 w - - 0 1", rules, "e1d2");
        assert_eq!(
            g.end(),
            Some((GameResult::Draw, Termination::InsufficientMaterial))
        );
        let g = game("3k5/9/9/P8/9/9/9/3p5/4A4/5K3 w - - 0 1", rules, "e1d2");
        assert_eq!(g.end(), None);
    }
}

/// Rule 5 (art. 3.2.B: "凡演成循环归原状态，双方均无犯例而经四次仍不变者，可判和局"), played out
/// in a game: the cycle of [`a_rook_tied_to_its_file_and_protected_on_one_point_may_be_followed`]
/// (a chase on one move in two against a tied rook, allowed play on both sides). Under WXF 2018
/// the third occurrence of the start is ruled a draw but the game goes on; the fourth ends it.
/// CXA 2011 ends it at the third (arts. 23.1, 25.2).
#[test]
fn allowed_play_against_a_tied_rook_is_drawn_at_the_fourth_occurrence() {
    let fen = "4k4/4a4/6n2/4r4/R8/9/4C4/2N6/9/3K5 w - - 0 1";
    let period = "a5a6 e6e5 a6a5 e5e6";
    let twice = format!("{period} {period}");
    let g = game(fen, wxf(), &twice);
    assert_eq!(g.last_ruling().map(|r| r.verdict), Some(Verdict::Draw));
    assert_eq!(g.end(), None, "WXF 2018 art. 3.2.B: four times");
    let g = game(fen, wxf(), &format!("{twice} {period}"));
    assert_eq!(g.end(), Some((GameResult::Draw, Termination::Repetition)));
    let g = game(fen, cxa(), &twice);
    assert_eq!(g.end(), Some((GameResult::Draw, Termination::Repetition)));
}
