//! A third audit of the WXF 2018 (Asian, AXF) repetition rulings, on rules and clauses no
//! position of ours covered: AXF rule 16 (WXF 2018 ch. 5 item 11, 一炮分捉两车) against rule 15
//! (item 10, 炮长捉车, also "when the rook's replies attack" pieces), rule 20 (item 15, 马炮长捉
//! 车) against rule 32 (item 27, 分捉: two pieces in turn against two), rule 12 (item 7, 一将一捉)
//! when the chase is a horse's of a rook, rule 24 (item 19, 捉同类子) for two horses (a target
//! whose leg is held cannot take back) and for two cannons (a cannon that may not leave its
//! file), rule 34 (item 29, 假根) when the root's screen is the capturer itself, a perpetual
//! chase answered by a perpetual chase (digest §1.2 principle 4; WXF 2018 art. 3.2.C), and how
//! many times a position must come back (AXF rules 3, 5; WXF 2018 arts. 3.1.C, 3.2.B), which no
//! test of ours played out in a game.
//!
//! Every position is our own. Each expected verdict was written from the project's digest of
//! the book (`repetition-rules.md` §1.2–1.4, rules as numbered there; §3 for CXA 2011) before
//! the engine was run. Where CXA 2011 rules the same cycle otherwise, both verdicts are
//! asserted and the doc comment says why.
//!
//! Each cycle gives the four plies of one period twice, so the start position occurs three
//! times, and is ruled three ways: as given, mirrored left to right, and with the colours
//! swapped (`symmetry::rule_with`).

mod symmetry;

use symmetry::{cxa, rule_alike, rule_with, wxf};

use xiangqi::{Color, Position, fen::Fen};
use xiangqi_arbiter::{Game, GameResult, Pattern, Protection, RuleSet, Termination, Verdict};

// ---------------------------------------------------------------------------------------------
// 1. One cannon against two rooks: AXF rule 16 (item 11) and rule 15 (item 10); digest §1.3,
//    §3 ("Alternately chasing two different pieces"); a chase against a chase (§1.2
//    principle 4, §3 "Both sides forbidden").

/// The red cannon shuttles e3–c3. On c3 it fires over the red pawn on c4 at the black rook on
/// c5 (rook A); A steps to e5, onto the e-file, where it is the screen through which the cannon,
/// back on e3, fires at the other black rook on e8 (rook B); A steps back to c5, out of the
/// line. Every red move attacks a rook, but the two rooks in turn. Rule 16: "One cannon
/// alternately attacking two rooks" is allowed (digest §1.3, rule 16; §1.2 principle 1): a
/// draw. The cannon on e3 stands where A could take it, but the red horse on d1 guards it, and
/// A's uncovering of B against it on c5 is an attack on a protected cannon (rule 17): Black's
/// play is allowed.
///
/// CXA 2011 differs (digest §3): 长捉 is the chase of "one or several pieces" (art. 24.11), and
/// a chase of rooks is on the list of art. 26.9.1: Red must change.
#[test]
fn one_cannon_chasing_two_rooks_in_turn_is_allowed() {
    let fen = "3k5/4r4/9/9/2r6/2P6/4C4/9/3N5/5K3 w - - 0 1";
    let cycle = "e3c3 c5e5 c3e3 e5c5";
    let ruling = rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::SplitChase, "{:?}", ruling.red);
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

/// The control, one piece moved: rook B stands on e4 instead of e8. From e3 the cannon now
/// fires over B at rook A on e5, so every red move attacks the same rook A. Rule 15: "One or
/// two cannons may not perpetually chase a rook … even when the rook is protected" (B guards
/// A on e5, and that changes nothing): Red must change (§1.2 principle 2; WXF 2018 arts. 3.1.C,
/// 3.1.I). B's own attack on the cannon it stands next to is on a protected cannon (rule 17).
#[test]
fn one_cannon_chasing_one_rook_through_the_other_must_change() {
    let ruling = rule_with(
        "3k5/9/9/9/2r6/2P1r4/4C4/9/3N5/5K3 w - - 0 1",
        "e3c3 c5e5 c3e3 e5c5",
        &wxf(),
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

/// The second control, the other way: the red pawn stands on a4, not c4, so from c3 the cannon
/// has no screen and attacks nothing (rook A may take it there; the horse guards it). Red
/// attacks rook B on one move in two: no perpetual chase under either book, a draw (WXF 2018
/// art. 3.2.B; CXA 2011 art. 25.2).
#[test]
fn one_cannon_chasing_a_rook_on_one_move_in_two_is_allowed() {
    let fen = "3k5/4r4/9/9/2r6/P8/4C4/9/3N5/5K3 w - - 0 1";
    let cycle = "e3c3 c5e5 c3e3 e5c5";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲捉闲捉"), Some(false));
}

/// Both sides chase on every move. The red cannon chases rook A as in
/// [`one_cannon_chasing_one_rook_through_the_other_must_change`] (rule 15). Black answers in
/// kind: A's step to e5 attacks the crossed red pawn on e7, which nothing guards; its step back
/// to c5 uncovers rook B on e4 against the same pawn (and attacks the crossed pawn on c7). Two
/// black rooks take turns against one unprotected crossed pawn: "Two or more pieces may not
/// take turns chasing a single piece" (rule 33; a rook against a crossed pawn, rule 31). Both
/// sides break the same prohibition, perpetual chase: a draw (digest §1.2 principle 4, "If both
/// sides break the same prohibition, the game is drawn", WXF 2018 art. 3.2.C; rule 22, diagram
/// 48, two chasers chasing each other). CXA 2011 agrees here: 长捉车 against 长捉无根子, both on
/// the list of art. 26.9.1, neither a joint chase of a rook (26.9.2): a draw (art. 26.9.4).
#[test]
fn a_perpetual_chase_answered_by_a_perpetual_chase_is_drawn() {
    let fen = "5k3/9/2P1P4/9/2r6/2P1r4/4C4/9/3NA4/3K5 w - - 0 1";
    let cycle = "e3c3 c5e5 c3e3 e5c5";
    for rules in [wxf(), cxa()] {
        let ruling = rule_with(
            fen,
            cycle,
            &rules,
            Verdict::Draw,
            Some("捉捉捉捉"),
            Some(true),
        );
        assert_eq!(
            ruling.red.pattern,
            Pattern::PerpetualChase,
            "{:?}",
            ruling.red
        );
        assert_eq!(
            ruling.black.pattern,
            Pattern::PerpetualChase,
            "{:?}",
            ruling.black
        );
    }
}

/// The control, one piece moved: the red pawn on c7 stands on d7 instead, where it guards the
/// pawn on e7 (a crossed pawn guards sideways). Black's rooks now attack a protected pawn, which
/// is no chase (rules 17, 35; digest §1.3, "Any other target counts only if it is unprotected"):
/// Black's play is allowed, and the cannon's chase of rook A stands alone (rule 15, "even when
/// … the rook's replies attack" pieces): Red must change (arts. 3.1.C, 3.1.I). CXA 2011 the
/// same (a rook for a guarded pawn wins nothing, art. 24.3): Red must change (art. 25.3).
#[test]
fn a_perpetual_chase_of_a_rook_whose_replies_attack_a_guarded_pawn_must_change() {
    let fen = "5k3/9/3PP4/9/2r6/2P1r4/4C4/9/3NA4/3K5 w - - 0 1";
    let cycle = "e3c3 c5e5 c3e3 e5c5";
    rule_alike(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 2. A horse and a cannon in turn against a rook: AXF rule 20 (item 15), with rules 15, 21, 32
//    and 35; a horse's chase of a rook with a check between, rule 12 (item 7); digest §1.3, §3
//    ("Joint chase", "One check, one chase").

/// The black rook shuttles g7–f7; the black advisor on e8 guards f7. The red horse steps
/// h6–g4 and back: on g4 it is the screen of the red cannon on g0, which then attacks the rook
/// on g7; back on h6 it attacks the rook on f7 itself (over g6). A horse and a cannon take
/// turns against one rook. Rule 20 ("A horse and a cannon taking turns against a rook": the
/// chaser loses), and a horse or cannon chases a rook "whether or not the rook is protected"
/// (rules 15, 21): the advisor's guard on f7 does not help, as it would for any other piece
/// (rule 35). Red must change. The rook's return to g7 attacks the red cannon on g0, which the
/// elephant on e2 guards: Black's play is allowed.
#[test]
fn a_horse_and_a_cannon_in_turn_against_a_guarded_rook_chase() {
    let ruling = rule_with(
        "4k4/4a4/6r2/7N1/9/9/9/4B4/9/3K2C2 w - - 0 1",
        "h6g4 g7f7 g4h6 f7g7",
        &wxf(),
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

/// The control, one piece moved: the red cannon stands on h0, off the g-file, so the horse on
/// g4 is nobody's screen (it only blocks the rook's file). Red attacks the rook on one move in
/// two: no perpetual chase, a draw (art. 3.2.B).
#[test]
fn a_horse_alone_against_the_rook_on_one_move_in_two_is_allowed() {
    rule_with(
        "4k4/4a4/6r2/7N1/9/9/9/4B4/9/3K3C1 w - - 0 1",
        "h6g4 g7f7 g4h6 f7g7",
        &wxf(),
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
}

/// Two pieces in turn against two: the horse and the cannon of
/// [`a_horse_and_a_cannon_in_turn_against_a_guarded_rook_chase`], but the black rook flees to
/// d7, out of the horse's reach, and the horse on h6 attacks the black cannon on i8 instead,
/// which nothing guards. Red chases on every move, the rook (by the cannon) and the cannon (by
/// the horse) in turn. Rule 32 (分捉): "One piece chasing two or more pieces in turn, or two
/// pieces in turn against two or more" is allowed: a draw (art. 3.2.B). CXA 2011 differs
/// (digest §3, "Alternately chasing two different pieces"): 长捉 is of "one or several pieces"
/// (art. 24.11), a rook and an unrooted cannon, both on the list of art. 26.9.1: Red must
/// change.
#[test]
fn a_horse_and_a_cannon_in_turn_against_two_pieces_split_the_chase() {
    let fen = "4k4/4a3c/6r2/7N1/9/9/9/4B4/9/4K1C2 w - - 0 1";
    let cycle = "h6g4 g7d7 g4h6 d7g7";
    let ruling = rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(ruling.red.pattern, Pattern::SplitChase, "{:?}", ruling.red);
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// One check, one chase of a rook by a horse. The red horse steps h6–g8, checking the black
/// general on e9 (over f8), and back, attacking the black rook on f5 (over g6), which nothing
/// guards; the general steps e9–e8 out of check and back. (The red elephant on e2 keeps the
/// general on d0 free to step to e0, so the black rook threatens no mate on the d-file.) A
/// horse may not perpetually chase a rook (rule 21), but this chase comes with a check on
/// every other move: "One check (or several checks) plus one chase, even of an unprotected
/// piece. This is not a perpetual chase" (rule 12, item 7 一将一捉): a draw (art. 3.2.B). CXA
/// 2011 differs (digest §3, "One check, one chase"): 一将一捉 of a rook is forbidden (art.
/// 24.13): Red must change.
#[test]
fn one_check_one_chase_of_a_rook_by_a_horse_by_the_two_books() {
    let fen = "4k4/9/9/7N1/5r3/9/9/4B4/9/3K5 w - - 0 1";
    let cycle = "h6g8 e9e8 g8h6 e8e9";
    let ruling = rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("将捉将捉"),
        Some(false),
    );
    assert_eq!(
        ruling.red.pattern,
        Pattern::CheckAndChase,
        "{:?}",
        ruling.red
    );
    assert!(!ruling.red.forbidden, "{:?}", ruling.red);
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("将捉将捉"),
        Some(false),
    );
}

/// Several checks among the chases: an eight-ply period. The red horse goes round h6–g8–f6–g4:
/// from g8 it checks the general on e9 (over f8), from f6 the general on e8 (over f7), from g4
/// it attacks the black rook on i5 (over h4), from h6 the
/// rook on i8 (over h7). The general steps e9–e8 and back; the rook flees i5–i8 and back.
/// Two checks, two chases of a rook by a horse: the horse does not chase on every move, so the
/// chase is not perpetual (digest §1.1, "Perpetual X: the same kind of move on every move"),
/// and rule 12 allows "one check (or several checks) plus one chase": a draw (art. 3.2.B). CXA
/// 2011: checks mixed with chases of a rook are forbidden (art. 24.13): Red must change.
#[test]
fn two_checks_two_chases_of_a_rook_by_a_horse_by_the_two_books() {
    let fen = "4k4/9/9/7N1/8r/9/9/4B4/9/3K5 w - - 0 1";
    let cycle = "h6g8 e9e8 g8f6 e8e9 f6g4 i5i8 g4h6 i8i5";
    let ruling = rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("将将捉捉将将捉捉"),
        Some(false),
    );
    assert_eq!(
        ruling.red.pattern,
        Pattern::CheckAndChase,
        "{:?}",
        ruling.red
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("将将捉捉将将捉捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 3. Horse against horse, cannon against cannon: AXF rule 24 (item 19, 捉同类子); digest §1.3
//    ("If each piece can take the other, the attack is a sacrifice … If the target cannot take
//    back (a cannon with no screen, a horse with a blocked leg), it is a chase", D53, D55).

/// The black horse shuttles c7–b5, guarded by nothing (the elephants on a7 and e7 and the
/// advisor on d7 reach neither point). The red horse follows: d4–e6 attacks it on c7, e6–d4 on
/// b5. On b5 the black horse can take back (b5–d4 over c5); on c7 it cannot, its leg d7 held by
/// its own advisor. Rule 24: the attack on a horse that can take back is an offer, not a chase;
/// the attack on the held horse is a chase. One chase and one offer is no perpetual chase: a
/// draw (art. 3.2.B).
#[test]
fn a_horse_that_can_take_back_on_one_point_is_not_perpetually_chased() {
    rule_with(
        "4k4/9/b1nab4/9/9/3N5/9/9/9/5K3 w - - 0 1",
        "d4e6 c7b5 e6d4 b5c7",
        &wxf(),
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

/// The control, one piece moved: the black elephant stands on c5, not e7, and holds the horse's
/// leg on b5 as the advisor holds it on c7 (the elephant on a7 guards c5, so it is no victim).
/// The black horse can take back on neither point: Red chases it on every move (rule 24,
/// diagram 55: "The Black knight is blocked, therefore …"): Red must change (arts. 3.1.C,
/// 3.1.I).
#[test]
fn a_horse_whose_legs_are_held_is_chased_by_a_horse() {
    let ruling = rule_with(
        "4k4/9/b1na5/9/2b6/3N5/9/9/9/5K3 w - - 0 1",
        "d4e6 c7b5 e6d4 b5c7",
        &wxf(),
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

/// The other control: no advisor on d7, so the black horse can take back on both points. Each
/// red move offers the horse (rule 24: "If each piece can take the other, the attack is a
/// sacrifice and the result is a draw"; rule 40): a draw.
#[test]
fn horses_that_can_take_each_other_are_offered() {
    rule_with(
        "4k4/9/b1n1b4/9/9/3N5/9/9/9/5K3 w - - 0 1",
        "d4e6 c7b5 e6d4 b5c7",
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// Cannon against cannon. The black cannon shuttles e7–e6 in front of its advisor on e8; the
/// red cannon on e1 looks up the e-file over it, so were it to leave the file the advisor would
/// be the screen of a check on the general (it may move along the file only). The red cannon
/// follows on the a-file, firing over the red pawns on c7 and c6 (a7 against e7, a6 against
/// e6). The black cannon could fire back over the same pawn, but not without leaving the file:
/// it cannot take back, and nothing guards it. Rule 24 ("If the target cannot take back (a
/// cannon with no screen …), it is a chase", diagram 53: "The Black Cannon cannot capture the
/// Red Cannon"): Red must change (arts. 3.1.C, 3.1.I). CXA 2011 the same (长捉无根子).
#[test]
fn a_cannon_that_cannot_leave_its_file_is_chased_by_a_cannon() {
    let fen = "4k4/4a4/2P1c4/C1P6/9/9/9/9/4C4/3K5 w - - 0 1";
    let cycle = "a6a7 e7e6 a7a6 e6e7";
    rule_alike(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The control, one piece moved: the red cannon stands on d1, off the e-file. The black cannon
/// is free to fire back over the pawn: "If each piece can take the other, the attack is a
/// sacrifice" (rule 24; rule 40): a draw (art. 3.2.B), under CXA 2011 too (兑, art. 24.4).
#[test]
fn a_cannon_that_can_fire_back_is_offered() {
    let fen = "4k4/4a4/2P1c4/C1P6/9/9/9/9/3C5/3K5 w - - 0 1";
    let cycle = "a6a7 e7e6 a7a6 e6e7";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲闲闲闲"), Some(false));
}

// ---------------------------------------------------------------------------------------------
// 4. A root whose screen is the capturer: AXF rule 34 (item 29, 长捉假根子) with rule 18 (item
//    13, 车捉无根炮); digest §1.1 ("Protected": a false protector cannot recapture, "because the
//    capture itself removed its cannon screen"), §1.3.

/// The black cannon shuttles e5–e6; the red rook follows on the c-file (c5 against e5, c6
/// against e6). On e5 the black cannon on a5 looks at it over the red rook on c5: it seems to
/// guard it, but the rook that takes on e5 leaves c5, and the cannon has no screen left. A
/// false protector, which "counts as no protection" (rule 34); on e6 nothing guards the cannon
/// at all. A rook chasing an unprotected cannon on every move (rule 18): Red must change (arts.
/// 3.1.C, 3.1.I). The rook's attack on the cannon on a5 from c5 is one more chase; the victim
/// on every move is the shuttling cannon. CXA 2011 the same (假根, art. 24.16; 长捉无根子, art.
/// 26.9.1).
#[test]
fn a_cannon_root_whose_screen_is_the_capturer_is_false() {
    let fen = "5k3/4a4/9/2R6/c3c4/9/9/9/4A4/3K5 w - - 0 1";
    let cycle = "c6c5 e5e6 c5c6 e6e5";
    for rules in [wxf(), cxa()] {
        let ruling = rule_with(
            fen,
            cycle,
            &rules,
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
        let first = &ruling.moves[0];
        let on_e5 = first
            .attacks
            .iter()
            .find(|a| a.victim.to_string() == "e5")
            .unwrap_or_else(|| panic!("no attack on e5: {:?}", first.attacks));
        // Named for what it is: a root in form, not in fact (假根), not a cannon that never
        // looked at e5 (无根).
        assert_eq!(on_e5.protection, Protection::FalseRoot, "{on_e5:?}");
        let said = ruling.explanation.zh();
        assert!(said.contains("假根炮(e5)"), "{said}");
    }
}

/// The control, one piece moved: the black cannon stands on e9 instead of a5, behind its
/// advisor on e8, and guards both e5 and e6 over a screen the capture does not touch. A rook
/// may follow a protected cannon (rule 17): a draw (art. 3.2.B); CXA 2011 the same (a rook for
/// a cannon wins nothing, art. 24.3).
#[test]
fn a_cannon_root_over_its_own_screen_is_real() {
    let fen = "4ck3/4a4/9/2R6/4c4/9/9/9/4A4/3K5 w - - 0 1";
    let cycle = "c6c5 e5e6 c5c6 e6e5";
    rule_alike(fen, cycle, Verdict::Draw, Some("闲闲闲闲"), Some(false));
}

// ---------------------------------------------------------------------------------------------
// 5. How many repetitions: AXF rules 3, 5; WXF 2018 arts. 3.1.C, 3.2.B; digest §1.4 and §3
//    ("Repetitions needed").

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

/// Both sides shuffle a rook, nothing else: allowed play on both sides. WXF 2018 art. 3.2.B
/// draws when the cycle has come back four times ("a draw after four repetitions", digest
/// §1.4): at the third occurrence of the start the ruling is a draw but the game goes on; at the
/// fourth it ends drawn. CXA 2011 ends it at the third (arts. 23.1, 25.2).
#[test]
fn allowed_play_is_drawn_at_the_fourth_occurrence_under_wxf() {
    let fen = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let period = "a0a1 i9i8 a1a0 i8i9";
    let twice = format!("{period} {period}");
    let g = game(fen, wxf(), &twice);
    assert_eq!(g.last_ruling().map(|r| r.verdict), Some(Verdict::Draw));
    assert_eq!(g.end(), None, "WXF 2018 art. 3.2.B needs four");
    let g = game(fen, wxf(), &format!("{twice} {period}"));
    assert_eq!(
        g.end(),
        Some((GameResult::Draw, Termination::Repetition)),
        "the fourth occurrence"
    );
    let g = game(fen, cxa(), &twice);
    assert_eq!(
        g.end(),
        Some((GameResult::Draw, Termination::Repetition)),
        "CXA 2011 art. 23.1: three"
    );
}

/// The red rook checks on every move (a8–a9 along rank 9, a9–a8 along rank 8) and the black
/// general steps d9–d8 and back. WXF 2018 art. 3.1.C (AXF rule 3; digest §1.4): after three
/// cycles the perpetual checker is asked to change, and loses only if it goes on: at the third
/// occurrence the ruling is "Red must change" and the game goes on; when Red brings the ruled
/// position back once more with the same checks, Red loses. CXA 2011 differs (digest §3,
/// "Perpetual check, one side"): a unilateral perpetual check loses at once (arts. 23.5.1,
/// 25.1).
#[test]
fn a_perpetual_check_is_asked_to_change_before_it_loses_under_wxf() {
    let fen = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let period = "a8a9 d9d8 a9a8 d8d9";
    let twice = format!("{period} {period}");
    let g = game(fen, wxf(), &twice);
    let ruling = g.last_ruling().expect("ruled at the third occurrence");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red));
    assert_eq!(ruling.red.pattern, Pattern::PerpetualCheck);
    assert_eq!(g.end(), None, "WXF 2018 art. 3.1.C: asked to change first");
    let g = game(fen, wxf(), &format!("{twice} {period}"));
    assert_eq!(
        g.end(),
        Some((GameResult::BlackWins, Termination::Repetition)),
        "it went on after the request"
    );
    let g = game(fen, cxa(), &twice);
    assert_eq!(
        g.end(),
        Some((GameResult::BlackWins, Termination::Repetition)),
        "CXA 2011 art. 23.5.1: at once"
    );
}
