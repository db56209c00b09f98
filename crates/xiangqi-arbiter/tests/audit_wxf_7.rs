//! A seventh audit of the WXF 2018 (Asian, AXF) repetition rulings: a perturbation audit on real
//! games, the WXF counterpart of `audit_cases_21.rs`. Agreement on the corpus's own cycles is
//! weak evidence, so each drawn cycle is changed by one piece, once so that by the rules' text
//! the chase the ruling rests on must stop being a (perpetual) chase, once far away so that
//! nothing may change; every expectation was written from the rules before the engine was run.
//!
//! # Draw
//! The corpus's WXF verdicts (`rule_cases corpus/derived/ccpd_iccs.tsv wxf 1 list`), the
//! must-change verdicts (580) shuffled by python `random.Random(38)` and taken in that order,
//! keeping the first six whose forbidden side is forbidden for a chase (not 长将 alone, checked
//! with `explain only=K`), one a game. Each cycle starts at the first of the three occurrences
//! the engine names (for 世界盃 00000350 the first four plies of its eight-ply period, which
//! close on their own). Each perturbed position was checked by hand for new checks, new attacks
//! by or on the moving pieces and new blocked legs or screens, and the cycle for legality.
//!
//! # Rules relied on (digest `shared/rules/repetition-rules.md` §1.1–1.3; AXF rule n is WXF 2018
//! ch. 5 item n − 5; WXF 2018 art. 3.1.C/3.1.I one side forbidden, 3.2.B neither: a draw)
//! - Terms: "Chase (捉): a move after which some enemy piece other than the king could be
//!   captured on the next move." "Protected: B is protected if, after any enemy piece A takes B,
//!   some piece C of B's side can take A." A false protector counts as none (rule 34).
//! - Rule 15 (炮长捉车): "One or two cannons may not perpetually chase a rook."
//! - Rule 17 (车捉有根炮): "A rook may perpetually chase a protected cannon. This is still allowed
//!   if the cannon is protected on only some of the moves." Rule 18 (车捉无根炮): "A rook may not
//!   perpetually chase an unprotected cannon", "even if the cannon's replies are … check plus
//!   chase".
//! - Rule 20 (马炮长捉车): a horse and a cannon taking turns against a rook: the chaser loses.
//!   Rule 21 (马长捉车): "A horse may not perpetually chase a rook, whether or not the rook is
//!   protected."
//! - Rule 34: a piece whose protector is false is treated as unprotected.
//! - §1.3's summary: "A chase is perpetual only if the same victim is chased on every move";
//!   a chase alternating with an idle move is on no list (rule 5: a draw).
//!
//! # Table
//! | game (ccpd_big5_pgn/對局/大師對局/以賽事分類/…) | rule | flip: change, expected | keep: change, expected |
//! |---|---|---|---|
//! | 世界盃/00000350 move 51 | 18: rook on an unprotected cannon (f1/i1) | black horse h0 roots f1: Red 捉闲, draw | black pawn c6: Red must change |
//! | 世界盃/00000601 move 20 | 21: horse on a rook (c3/c2) | red horse g2 moved to b3, on the leg a3→c2: Black 捉闲, draw | black pawn b4: Black must change |
//! | 五羊杯/00001944 move 20 | 15: cannon on a rook (h1/h2) | black pawn f2, rooted by the rook h2, the cannon's target on rank 2: Red 闲捉, draw | black pawn g6: Red must change |
//! | 五羊杯/00001297 move 59 | 18: rook on an unprotected cannon (b8/a8) | red horse c7 roots a8: Black 捉闲, draw | red pawn g3: Black must change |
//! | 象甲聯賽/00000438 move 19 | 20/21: horse, then a discovered cannon, on one rook | black cannon g8 (the second chaser) taken off: Black 捉闲, draw | black pawn a1: Black must change |
//! | 世界盃/00000121 move 69 | 18: rook on an unprotected cannon, answered by check and idle | black horse g2 roots i1 and i3: Red 闲闲, draw | black pawn a6: Red must change |
//!
//! Second keeps, of the kind the rules name explicitly: 世界盃/00000601 with the red horse g2
//! moved to e4 (the rook protected on both squares; rule 21 "whether or not the rook is
//! protected": Black must change) and 五羊杯/00001944 with a black pawn on i1 protecting the rook
//! h1 (rule 15 "even when the rook is protected": Red must change).
//!
//! # Findings
//! Twenty cycles: the six games' own cycles (each as the corpus ruling has it), six flips, six
//! far-away keeps and two keeps of a root the rule disregards. The engine agreed with every
//! verdict written from the rules; no test is ignored and no engine change was made.
//!
//! One first expectation of ours was wrong, the engine right: in 象甲聯賽/00000438 with the
//! black cannon g8 taken off we kept Red's g6→f6 as a chase of the advisor f9 (falsely protected
//! in the game, since the king cannot take back onto the rook's file). With g8 empty the black
//! horse g7 guards f9 (leg g8), so after 炮f2×f9 the horse really takes back: protected, no
//! chase (terms, "Protected"). The verdict (a draw) was right; Red's natures are now 闲闲闲闲.

mod symmetry;

use symmetry::{assert_natures, rule_with, wxf};

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// 世界盃 00000350, move 51. The black cannon shuttles f1↔i1; the red rook follows on rank 3
// (f3↔i3) and looks down the file at it each time. Nothing black reaches f1 or i1: a rook
// perpetually chasing an unprotected cannon (rule 18). Black's steps are a mate threat and a
// block: allowed.

/// The game's cycle as the corpus ruling has it: Red must change.
#[test]
fn wb_350_the_games_cycle() {
    rule_with(
        "2b1ka3/4a4/4b4/6p2/pnr5p/6P2/P4R3/3AB4/3pAc3/4KC3 b - - 0 1",
        "f1i1 f3i3 i1f1 i3f3",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// Flip: a black horse on h0 guards f1 (leg g0 empty), not i1. It gives no check (the king is
/// on e0), nothing red attacks it (the cannon f0 has no screen on rank 0), and it attacks nothing
/// red. f3→i3 still attacks the unprotected cannon on i1 (捉); i3→f3 attacks a cannon the horse
/// really protects (no chase). Rule 17: "still allowed if the cannon is protected on only some of
/// the moves": Red 捉闲, allowed; a draw (3.2.B).
#[test]
fn wb_350_a_horse_rooting_f1_allows_the_rook() {
    rule_with(
        "2b1ka3/4a4/4b4/6p2/pnr5p/6P2/P4R3/3AB4/3pAc3/4KC1n1 b - - 0 1",
        "f1i1 f3i3 i1f1 i3f3",
        &wxf(),
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

/// Keep: a black pawn on c6, at home, on no line of the rook or cannon: Red must change.
#[test]
fn wb_350_a_far_pawn_changes_nothing() {
    rule_with(
        "2b1ka3/4a4/4b4/2p3p2/pnr5p/6P2/P4R3/3AB4/3pAc3/4KC3 b - - 0 1",
        "f1i1 f3i3 i1f1 i3f3",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 世界盃 00000601, move 20. The black horse a3↔b1 attacks the red rook on c2 (from a3, leg b3)
// and on c3 (from b1, leg b2); the rook steps c3↔c2. A horse perpetually chasing a rook,
// protected or not (rule 21): Black must change.

/// The game's cycle: Black must change.
#[test]
fn wb_601_the_games_cycle() {
    let ruling = rule_with(
        "3ak1br1/4a4/3c2nc1/2r1p1pRp/2b6/p5P2/n1R1P3P/3CC1N2/2N6/2BAKAB2 b - - 0 1",
        "a3b1 c3c2 b1a3 c2c3",
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    assert_natures(&ruling, Color::Black, "捉捉捉捉");
}

/// Flip: the red horse g2 (far on the king's side; it guards only uncrossed pawns there, no
/// targets) moved to b3, the leg of a3→c2. From a3 the black horse now attacks nothing (b3
/// blocks c2 and c4, a4 blocks b5): b1→a3 is idle; a3→b1 still attacks the rook on c3 (leg b2
/// empty). One chase and one idle move is not a perpetual chase: Black allowed. The red rook's
/// c2→c3 no longer sees a3 (b3 is between): idle both ways. A draw (3.2.B).
#[test]
fn wb_601_a_horse_on_the_leg_breaks_the_chase() {
    let ruling = rule_with(
        "3ak1br1/4a4/3c2nc1/2r1p1pRp/2b6/p5P2/nNR1P3P/3CC4/2N6/2BAKAB2 b - - 0 1",
        "a3b1 c3c2 b1a3 c2c3",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "捉闲捉闲");
}

/// Keep: a black pawn on b4 (crossed; it attacks only the empty b3 and c4, and no red piece
/// attacks it): Black must change.
#[test]
fn wb_601_a_far_pawn_changes_nothing() {
    let ruling = rule_with(
        "3ak1br1/4a4/3c2nc1/2r1p1pRp/2b6/pp4P2/n1R1P3P/3CC1N2/2N6/2BAKAB2 b - - 0 1",
        "a3b1 c3c2 b1a3 c2c3",
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    assert_natures(&ruling, Color::Black, "捉捉捉捉");
}

/// Second keep, of the kind rule 21 names: the red horse g2 moved to e4, where it guards c3
/// (leg d4 empty), so the rook is protected on both squares (c2 already was). "A horse may not
/// perpetually chase a rook, whether or not the rook is protected": Black must change still.
/// The horse on e4 attacks only the elephant c5, which the rook c6 guards (a standing attack),
/// and nothing black attacks e4.
#[test]
fn wb_601_a_rook_protected_on_both_squares_is_still_chased() {
    let ruling = rule_with(
        "3ak1br1/4a4/3c2nc1/2r1p1pRp/2b6/p3N1P2/n1R1P3P/3CC4/2N6/2BAKAB2 b - - 0 1",
        "a3b1 c3c2 b1a3 c2c3",
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    assert_natures(&ruling, Color::Black, "捉捉捉捉");
}

// ---------------------------------------------------------------------------------------------
// 五羊杯 00001944, move 20. The red cannon a1↔a2 attacks the black rook h1 over the horse e1
// and the rook h2 over the horse c2; the rook steps h1↔h2. One cannon perpetually chasing a
// rook (rule 15): Red must change.

/// The game's cycle: Red must change.
#[test]
fn wy_1944_the_games_cycle() {
    rule_with(
        "1rb1kab2/4a4/1c7/p1p5p/9/1RP1Rnp2/P3P1c1P/2N6/C3N2r1/2BAKAB2 b - - 0 1",
        "h1h2 a1a2 h2h1 a2a1",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// Flip: a black pawn on f2 (crossed) stands between the screen c2 and the rook on rank 2: the
/// cannon on a2 now attacks the pawn, which the rook h2 really protects (g2 empty), not the
/// rook: no chase (a protected crossed pawn is no target). a2→a1 still attacks the rook h1 over
/// e1: 捉. One chase in two: Red allowed, a draw (3.2.B). The pawn attacks only empty squares
/// (e2, g2, f1) and gives no check.
#[test]
fn wy_1944_a_rooted_pawn_on_the_rank_takes_the_cannons_aim() {
    rule_with(
        "1rb1kab2/4a4/1c7/p1p5p/9/1RP1Rnp2/P3P1c1P/2N2p3/C3N2r1/2BAKAB2 b - - 0 1",
        "h1h2 a1a2 h2h1 a2a1",
        &wxf(),
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
}

/// Keep: a black pawn on g6, at home, behind its own cannon's line: Red must change.
#[test]
fn wy_1944_a_far_pawn_changes_nothing() {
    rule_with(
        "1rb1kab2/4a4/1c7/p1p3p1p/9/1RP1Rnp2/P3P1c1P/2N6/C3N2r1/2BAKAB2 b - - 0 1",
        "h1h2 a1a2 h2h1 a2a1",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// Second keep, of the kind rule 15 names: a black pawn on i1 (crossed; it attacks i0 and the
/// square h1 of its own rook, and nothing red reaches i1) protects the rook on h1. "This holds
/// even when the rook is protected": Red must change still.
#[test]
fn wy_1944_a_protected_rook_is_still_chased_by_the_cannon() {
    rule_with(
        "1rb1kab2/4a4/1c7/p1p5p/9/1RP1Rnp2/P3P1c1P/2N6/C3N2rp/2BAKAB2 b - - 0 1",
        "h1h2 a1a2 h2h1 a2a1",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 五羊杯 00001297, move 59. The black rook a4↔b4 attacks the red cannon b8 and a8 in turn up
// the file; the cannon steps b8↔a8; nothing red protects either square. A rook perpetually
// chasing an unprotected cannon (rule 18): Black must change.

/// The game's cycle: Black must change.
#[test]
fn wy_1297_the_games_cycle() {
    let ruling = rule_with(
        "2ba3R1/1C3k3/3a1n3/8p/9/r1P6/9/3ABA3/9/2B1K4 b - - 0 1",
        "a4b4 b8a8 b4a4 a8b8",
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    assert_natures(&ruling, Color::Black, "捉捉捉捉");
}

/// Flip: a red horse on c7 guards a8 (leg b7 empty), not b8. Nothing black attacks it; it
/// attacks the advisor d9, a standing attack no move of the cycle makes (Appendix 36.2). b4→a4
/// now attacks a really protected cannon (no chase); a4→b4 still chases b8. Rule 17: Black 捉闲
/// allowed; a draw (3.2.B). Red's natures are not asserted (the horse beside the rook h9 may
/// make mate threats of Red's, allowed under rule 9).
#[test]
fn wy_1297_a_horse_rooting_a8_allows_the_rook() {
    let ruling = rule_with(
        "2ba3R1/1C3k3/2Na1n3/8p/9/r1P6/9/3ABA3/9/2B1K4 b - - 0 1",
        "a4b4 b8a8 b4a4 a8b8",
        &wxf(),
        Verdict::Draw,
        None,
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "捉闲捉闲");
}

/// Keep: a red pawn on g3, at home: Black must change.
#[test]
fn wy_1297_a_far_pawn_changes_nothing() {
    let ruling = rule_with(
        "2ba3R1/1C3k3/3a1n3/8p/9/r1P6/6P2/3ABA3/9/2B1K4 b - - 0 1",
        "a4b4 b8a8 b4a4 a8b8",
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
    assert_natures(&ruling, Color::Black, "捉捉捉捉");
}

// ---------------------------------------------------------------------------------------------
// 象甲聯賽 00000438, move 19. The black horse g7→h5 attacks the red rook f6 (and uncovers the
// cannon g8 down the g-file onto the unprotected horse g2); the rook steps f6→g6, and h5→g7
// makes the horse the cannon's screen onto the rook g6. A horse and a cannon in turn against
// one rook (rules 20, 21, 33): Black must change. Red's rook attacks the unprotected cannon g8
// from g6 and, from f6, becomes the screen of the cannon f2 onto the advisor f9, falsely
// protected (the king cannot take back on the rook's file, rule 34): chases of different
// pieces in turn, allowed (rule 32).

/// The game's cycle: Black must change.
#[test]
fn xj_438_the_games_cycle() {
    let ruling = rule_with(
        "2baka3/6c2/2n1b1nr1/p1p1pR2p/9/2P3P2/P1r1P3P/1RN2CN2/4A4/2BAK1B2 b - - 0 1",
        "g7h5 f6g6 h5g7 g6f6",
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("捉捉捉捉"),
        Some(true),
    );
    assert_natures(&ruling, Color::Black, "捉捉捉捉");
}

/// Flip: the second chaser, the black cannon g8, taken off. h5→g7 now attacks nothing (the rook
/// on g6 blocks the legs to f5 and h5): idle; g7→h5 still attacks the rook f6 (rule 21): one
/// chase in two, Black allowed. Red: f6→g6 attacks nothing but the uncrossed pawn i6 (idle).
/// g6→f6 still screens the cannon f2 onto the advisor f9, but (our first expectation missed
/// it, see the module doc) with g8 empty the horse g7 guards f9 (leg g8): after 炮×f9 the
/// horse takes back, so the advisor is really protected and g6→f6 is no chase either. Both
/// allowed: a draw (3.2.B).
#[test]
fn xj_438_the_second_chaser_taken_off() {
    let ruling = rule_with(
        "2baka3/9/2n1b1nr1/p1p1pR2p/9/2P3P2/P1r1P3P/1RN2CN2/4A4/2BAK1B2 b - - 0 1",
        "g7h5 f6g6 h5g7 g6f6",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
    assert_natures(&ruling, Color::Black, "捉闲捉闲");
}

/// Keep: a black pawn on a1 (crossed; a0 and b1 are empty, and the horse c2's way to a1 is
/// blocked by the rook b2): Black must change.
#[test]
fn xj_438_a_far_pawn_changes_nothing() {
    let ruling = rule_with(
        "2baka3/6c2/2n1b1nr1/p1p1pR2p/9/2P3P2/P1r1P3P/1RN2CN2/p3A4/2BAK1B2 b - - 0 1",
        "g7h5 f6g6 h5g7 g6f6",
        &wxf(),
        Verdict::MustChange(Color::Black),
        Some("捉捉捉捉"),
        Some(true),
    );
    assert_natures(&ruling, Color::Black, "捉捉捉捉");
}

// ---------------------------------------------------------------------------------------------
// 世界盃 00000121, move 69. The black cannon i3→i1 checks over the advisor e1; the red rook
// h3→h1 blocks and attacks it; i1→i3 retreats, h1→h3 attacks it again. Nothing black protects
// i1 or i3: a rook perpetually chasing an unprotected cannon, even though the cannon's replies
// are a check and an idle move (rule 18): Red must change.

/// The game's cycle: Red must change.
#[test]
fn wb_121_the_games_cycle() {
    rule_with(
        "3k2b2/4a4/3ab4/7Np/9/6B1P/7Rc/9/3KA4/2r2A3 b - - 0 1",
        "i3i1 h3h1 i1i3 h1h3",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// Flip: a black horse on g2 guards i1 and i3 (leg h2 empty for both). It gives no check (king
/// d1), nothing red attacks it, and its attacks on the advisors e1 and f0 are standing ones
/// (Appendix 36.2). Each rook move now attacks a really protected cannon: rule 17, no chase.
/// Red 闲 throughout; Black's check and idle move are allowed: a draw (3.2.B).
#[test]
fn wb_121_a_horse_rooting_the_cannon() {
    rule_with(
        "3k2b2/4a4/3ab4/7Np/9/6B1P/7Rc/6n2/3KA4/2r2A3 b - - 0 1",
        "i3i1 h3h1 i1i3 h1h3",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// Keep: a black pawn on a6, at home: Red must change.
#[test]
fn wb_121_a_far_pawn_changes_nothing() {
    rule_with(
        "3k2b2/4a4/3ab4/p6Np/9/6B1P/7Rc/9/3KA4/2r2A3 b - - 0 1",
        "i3i1 h3h1 i1i3 h1h3",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}
