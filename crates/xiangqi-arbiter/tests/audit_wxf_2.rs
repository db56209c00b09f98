//! A second audit of the WXF 2018 (Asian, AXF) repetition rulings, on rules no position of ours
//! covered: AXF rule 8 (WXF 2018 ch. 5 item 3, 二将一还将), rule 33 (item 28, 两子或多子长捉子)
//! and its boundary rule 35 (item 30, 长捉真根子), art. 3.1.H (perpetual check against perpetual
//! chase), a move that threatens mate and chases at once (item 36.4, 长杀兼长捉, known only by its
//! title), a rook against a crossed pawn (rule 31, item 26), the king's own attacks (rule 28,
//! item 23) and a cannon firing over a screen of the opponent's own piece (ch. 4 §1, chase).
//!
//! Every position is our own. Each expected verdict was written from the book's text (AXF rules
//! 1–40 in Eric Wu's English translation, `www.wxf.org/xq/rule/asia/` and `clubxiangqi.com/
//! rules/`, which WXF 2018 ch. 5 numbers as items 1–35: AXF rule n is item n − 5; WXF 2018
//! art. 3 from `002_*.txt`) before the engine was run.
//!
//! Each cycle gives the plies of one period twice, so the start position occurs three times, and
//! is ruled three ways: as given, mirrored left to right, and with the colours swapped
//! (`symmetry::rule_with`).

mod symmetry;

use symmetry::{rule_with, wxf};

use xiangqi::Color;
use xiangqi_arbiter::{Pattern, Verdict};

// ---------------------------------------------------------------------------------------------
// AXF rule 33 (WXF 2018 ch. 5 item 28, 两子或多子长捉子; the book's diagrams 81–82) and rule 35
// (item 30, 长捉真根子; diagrams 86–89).

/// The black advisor shuttles e8–d7; nothing of Black's reaches either point (the general on f9
/// guards e9 and f8 only). The red horse steps d5–c7 and back: on c7 it attacks the advisor on
/// e8 itself (over d7, then empty), back on d5 it is the screen of the red cannon on d1, which
/// then attacks the advisor on d7. Two red pieces take turns against one unprotected piece. The
/// book (rule 33): "Two or more pieces cannot take turns to perpetually chase a piece", and of
/// diagrams 81–82: "This violates the rule and if Red continues, Red will be ruled to lose."
/// Red must change.
#[test]
fn two_pieces_taking_turns_against_one_advisor_chase() {
    let ruling = rule_with(
        "5k3/4a4/9/9/3N5/9/9/9/3C5/4K4 w - - 0 1",
        "d5c7 e8d7 c7d5 d7e8",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualChase);
}

/// The control: a black horse on c9 guards both points of the advisor (e8 over d9, d7 over c8),
/// and neither attacker can take without being taken. The book (rule 35): two or more pieces
/// perpetually attacking a truly protected piece is no perpetual chase. A draw (art. 3.2.B).
#[test]
fn two_pieces_taking_turns_against_a_protected_advisor_do_not_chase() {
    rule_with(
        "2n2k3/4a4/9/9/3N5/9/9/9/3C5/4K4 w - - 0 1",
        "d5c7 e8d7 c7d5 d7e8",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rule 8 (WXF 2018 ch. 5 item 3, 二将一还将; the book's diagram 5) and rule 7 (item 2,
// 双方长将; diagram 4).

/// Red checks on every move of an eight-ply period: the rook from d6 to e6 (on the e-file), to
/// f6 (which uncovers the cannon on e0, firing over the black cannon that interposed on e8), back
/// to e6, back to d6 (the general has gone to d9). Black answers two checks of the four with a
/// check of its own (the cannon's interposition on e8 uncovers the rook on f9 against the general
/// on f0; its return to f8 fires over the red rook on f6) and the other two with plain general
/// moves. The book (rule 8, diagram 5): when one side checks perpetually and the other checks
/// back only now and then, the perpetual checker is at fault: a check back on some moves does not
/// make the checks mutual (rule 7 needs both sides to check on every move). Red must change
/// (rule 6; art. 3.1.C).
#[test]
fn checking_back_on_some_moves_does_not_excuse_a_perpetual_check() {
    let ruling = rule_with(
        "4kr3/5c3/9/3R5/9/9/9/9/9/4CK3 w - - 0 1",
        "d6e6 f8e8 e6f6 e8f8 f6e6 e9d9 e6d6 d9e9",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("将将将将将将将将"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualCheck);
    assert_ne!(ruling.black.pattern, Pattern::PerpetualCheck);
}

/// The control, from the same pieces: Black checks back on every move (the cannon shuttles e8–f8,
/// each time uncovering the rook or firing over the red rook), and every red move answers with a
/// check. The book (rule 7, diagram 4): both sides "resolve check and check back": a draw (art.
/// 3.2.C).
#[test]
fn checking_back_on_every_move_is_a_mutual_perpetual_check() {
    let ruling = rule_with(
        "4kr3/4c4/9/4R4/9/9/9/9/9/4CK3 w - - 0 1",
        "e6f6 e8f8 f6e6 f8e8",
        &wxf(),
        Verdict::Draw,
        Some("将将将将"),
        Some(true),
    );
    assert_eq!(ruling.black.pattern, Pattern::PerpetualCheck);
}

// ---------------------------------------------------------------------------------------------
// WXF 2018 art. 3.1.H: perpetual check against perpetual chase.

/// The red rook checks from e7 and from f7 (uncovering the cannon on e1, over the black cannon
/// on e8). Black answers each check with a chase of the red rook on f0, which cannot leave the
/// first rank (the black rook on i0 would take the general on d0): the cannon's interposition on
/// e8 uncovers the black rook on f9 against it (a rook that cannot take back is chased, rule 24,
/// diagrams 53, 55), and its return to f8 fires over the red rook on f7 at it (a cannon may not
/// perpetually chase a rook, rule 15). WXF 2018 art. 3.1.H: "一方长将，另一方长捉，则长将者必须
/// 变着，不变作负" (one side checks perpetually, the other chases perpetually: the checker must
/// change, or lose). Red must change; Black's play is forbidden too.
#[test]
fn a_perpetual_check_against_a_perpetual_chase_must_change() {
    let ruling = rule_with(
        "4kr3/5c3/5R3/9/9/9/9/9/4C4/3K1R2r w - - 0 1",
        "f7e7 f8e8 e7f7 e8f8",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("将将将将"),
        Some(true),
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualCheck);
    assert_eq!(ruling.black.pattern, Pattern::PerpetualChase);
    assert!(ruling.explanation.en().contains("3.1.H"));
}

// ---------------------------------------------------------------------------------------------
// WXF 2018 ch. 5 item 36.4 (长杀兼长捉举例, mate threat with chase: the title only) with AXF
// rule 9 (item 4, 长杀; diagrams 6–9) and the definition of a chase (ch. 4 §1).

/// The black general on d9 has no flight: d8 is the red horse's (b7, over c7), e9 faces the red
/// general. The red rook steps b3–b4 after the black horse, which shuttles d4–f3 and has no
/// protector: on b4 it attacks the horse on d4, and taking it there checks along the open d-file
/// and mates; on b3 it attacks the horse on f3 and threatens 车 to d3, mate. Every red move
/// threatens mate (杀) *and* threatens to take an unprotected piece next move, which is the book's
/// chase (AXF ch. 4 §1: "a move that threatens to capture a piece … in the next move"). A mate
/// threat may go on for ever (rule 9), but nothing in the rules lets it excuse a chase: the Asian
/// rules never judge a chase by what else the move does (rule 36: "the repetition of two
/// consecutive chases, of which one is also an invitation to exchange pieces, is regarded as a
/// perpetual chase"); only a check breaks one (rule 12), and WXF 2018 gives 长杀兼长捉 its own
/// examples (36.4) beside 长捉兼长兑 (item 31). Red perpetually chases one unprotected horse:
/// Red must change (art. 3.1.I). The horse's attack on the rook from d4 comes on one move in two:
/// allowed.
#[test]
fn a_mate_threat_that_also_chases_is_a_chase() {
    let ruling = rule_with(
        "3k5/9/1N7/9/9/3n5/1R7/9/9/4K4 w - - 0 1",
        "b3b4 d4f3 b4b3 f3d4",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("杀杀杀杀"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualChase);
    assert_eq!(ruling.red.perpetual_victims, vec!["d4".to_owned()]);
}

/// The control: a crossed black pawn on f4 protects f3. The rook still threatens mate on every
/// move, but chases the horse only on d4, one move in two. The book (rule 9): perpetually
/// threatening mate is allowed; a chase on one move in two is no perpetual chase (rules 16, 32).
/// A draw (art. 3.2.B).
#[test]
fn a_mate_threat_that_chases_on_one_move_in_two_is_allowed() {
    let ruling = rule_with(
        "3k5/9/1N7/9/9/3n1p3/1R7/9/9/4K4 w - - 0 1",
        "b3b4 d4f3 b4b3 f3d4",
        &wxf(),
        Verdict::Draw,
        Some("杀杀杀杀"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualMateThreat);
}

// ---------------------------------------------------------------------------------------------
// AXF rule 31 (WXF 2018 ch. 5 item 26, 车长捉过河兵(卒); the book's diagrams 71–75), with rule
// 25 (a crossed pawn is a target, an uncrossed one is not).

/// The crossed black pawn steps c3–d3 and back; the red rook follows it from c7 and d7, down the
/// open file. Nothing protects the pawn. WXF 2018 ch. 5 item 26: "车长捉过河兵(卒)" (a rook
/// perpetually chasing a pawn that has crossed the river); rule 25 counts a crossed pawn among the
/// pieces a chase can target. Red must change (art. 3.1.I).
#[test]
fn a_rook_may_not_chase_a_crossed_pawn() {
    rule_with(
        "5k3/9/3R5/9/9/9/2p6/9/9/4K4 w - - 0 1",
        "d7c7 c3d3 c7d7 d3c3",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The control: black pawns on b3 and e3 protect the shuttling pawn on both its points (a crossed
/// pawn guards the points beside it). A chase is a threat to win a piece; an attack on a truly
/// protected piece other than a rook is none (rules 17, 35). A draw (art. 3.2.B).
#[test]
fn a_rook_may_follow_a_protected_crossed_pawn() {
    rule_with(
        "5k3/9/3R5/9/9/9/1pp1p4/9/9/4K4 w - - 0 1",
        "d7c7 c3d3 c7d7 d3c3",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rule 28 (WXF 2018 ch. 5 item 23, 将(帅)长捉子; the book's diagrams 67–68).

/// The red general steps e2–d2 and back after a crossed black pawn on the first rank (d1–e1),
/// attacking it from above, where the pawn cannot strike back; nothing protects the pawn. The
/// book (rule 28): "The king may perpetually chase": a draw (art. 3.2.B).
#[test]
fn the_general_may_chase_a_pawn_for_ever() {
    rule_with(
        "5k3/9/9/9/9/9/9/4K4/3p5/9 w - - 0 1",
        "e2d2 d1e1 d2e2 e1d1",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// The chase definition (AXF ch. 4 §1) with a cannon whose screen is the opponent's own piece,
// and rule 25 (item 20).

/// The red cannon shuttles a3–c3 along the third rank after the black horse (c8–a7), and fires
/// each time over a black pawn at home (a6, c6) as its screen. Nothing protects the horse. A
/// chase is "a move that threatens to capture a piece … in the next move", whoever's piece the
/// screen is; rule 25: a cannon attacking an unprotected horse perpetually is a perpetual chase.
/// Red must change (art. 3.1.I).
#[test]
fn a_cannon_firing_over_the_enemy_s_own_pawns_chases() {
    rule_with(
        "4k4/2n6/9/p1p6/9/9/C8/9/9/3K5 w - - 0 1",
        "a3c3 c8a7 c3a3 a7c8",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The control: a black rook on a8 guards both points of the horse (a7 down the file, c8 along
/// the rank over the empty b8). An attack on a truly protected horse is no chase (rules 17, 35):
/// a draw (art. 3.2.B).
#[test]
fn a_cannon_firing_over_the_enemy_s_pawns_at_a_protected_horse_does_not_chase() {
    rule_with(
        "4k4/r1n6/9/p1p6/9/9/C8/9/9/3K5 w - - 0 1",
        "a3c3 c8a7 c3a3 a7c8",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rule 34 (WXF 2018 ch. 5 item 29, 长捉假根子; the book's diagrams 83–85), the false root
// being the general itself, and D54 (a piece protected on one of its moves is not perpetually
// chased).

/// The black cannon shuttles e8–e7 on the open e-file, the only piece between the generals; the
/// red rook follows it along the ranks (h8 against e8, h7 against e7). On e7 nothing protects the
/// cannon; on e8 only its general does, and the general cannot take back: on e8 it would face the
/// red general down the empty file. The book's terms: a protector that cannot make the recapture
/// is false, and (rule 34) "a piece whose protector is false is treated as unprotected". Red
/// perpetually chases an unprotected cannon (rule 18): Red must change.
#[test]
fn a_general_that_would_face_the_other_is_no_root() {
    let ruling = rule_with(
        "4k4/4c4/7R1/9/9/9/9/9/9/4K4 w - - 0 1",
        "h7h8 e8e7 h8h7 e7e8",
        &wxf(),
        Verdict::MustChange(Color::Red),
        None,
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualChase);
}

/// The control: two black pawns at home on e6 and e5 shut the e-file, so the general may take
/// back on e8 and protects the cannon there for real. The cannon is protected on one of its two
/// points: the book (rule 17, diagrams 29–31; rule 24, diagram 54) counts a piece protected on
/// one of its moves as not perpetually chased. A draw (art. 3.2.B).
#[test]
fn a_general_behind_a_shut_file_is_a_root() {
    rule_with(
        "4k4/4c4/7R1/4p4/4p4/9/9/9/9/4K4 w - - 0 1",
        "h7h8 e8e7 h8h7 e7e8",
        &wxf(),
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rule 30 (WXF 2018 ch. 5 item 25, 将(帅)或兵(卒)联合他子捉子; the book's diagrams 71–75).

/// The red general steps e1–d1 and back, and each time it is the screen of one of the red
/// cannons below it (d0, e0), which then attacks the black horse shuttling d4–e6 on that file.
/// Nothing protects the horse. The general's own attacks may go on for ever (rule 28), but here
/// the attack is the cannons', made by the general's move: the exception of rule 30 (a king or
/// pawn move whose chase really depends on another piece, as the pawn that opens a cannon line in
/// diagram 74). Red must change (art. 3.1.I).
#[test]
fn a_general_that_mounts_cannons_against_a_horse_chases() {
    let ruling = rule_with(
        "5k3/9/9/9/9/3n5/9/9/4K4/3CC4 w - - 0 1",
        "e1d1 d4e6 d1e1 e6d4",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualChase);
}

// ---------------------------------------------------------------------------------------------
// AXF rule 36 (WXF 2018 ch. 5 item 31, 长捉兼长兑; the book's diagrams 90–93) and rule 40 (item
// 35, 长兑; diagrams 101–104).

/// The red rook steps a6–a5 and back on the a-file, facing the black rook on a9 (which may take
/// it, and the red rook on a0 would take back: an exchange offer, 兑), and on each point it
/// attacks the unprotected black horse along the rank (c5, then e6 after the horse has jumped).
/// The book (rule 36): "The repetition of two consecutive chases, of which one is also an
/// invitation to exchange pieces, is regarded as a perpetual chase. Even if both moves can be
/// viewed as chases as well as invitation to exchange pieces it is still a perpetual chase."
/// Red must change.
#[test]
fn a_chase_that_also_offers_an_exchange_is_a_chase() {
    let ruling = rule_with(
        "r3k4/9/9/R8/2n6/9/9/9/9/R2K5 w - - 0 1",
        "a6a5 c5e6 a5a6 e6c5",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert!(
        symmetry::red_moves(&ruling).all(|a| a.exchange),
        "{}",
        ruling.explanation.en()
    );
}

/// The control: the horse is protected on both points (c5 by the rook on c9, e6 by the horse on
/// g7), so the red rook only offers the exchange, move after move. The book (rule 40): perpetual
/// exchange offers are allowed: a draw (art. 3.2.B).
#[test]
fn offering_an_exchange_for_ever_is_allowed() {
    let ruling = rule_with(
        "r1r1k4/9/6n2/R8/2n6/9/9/9/9/R2K5 w - - 0 1",
        "a6a5 c5e6 a5a6 e6c5",
        &wxf(),
        Verdict::Draw,
        Some("兑兑兑兑"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::Allowed);
}
