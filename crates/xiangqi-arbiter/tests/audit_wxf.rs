//! An audit of the WXF 2018 (Asian, AXF) rulings on the concepts behind rulebook diagrams that
//! `rulings.json` does not hold (issue 16). Every position is our own: the book's diagrams were
//! read, their concept taken, and a new position built around it (other pieces, other files,
//! other squares). Each expected verdict was written from the book's text (AXF rules 1–40 in Eric
//! Wu's English translation, which WXF 2018 ch. 5 numbers as items 1–35: AXF rule n is item
//! n − 5) before the engine was run.
//!
//! Each cycle gives the four plies of one period twice, so the start position occurs three times,
//! and is ruled three ways: as given, mirrored left to right, and with the colours swapped
//! (`symmetry::check`).

mod symmetry;

use symmetry::game_of;

use xiangqi::Color;
use xiangqi_arbiter::{MoveNature, RuleSet, Ruling, Verdict, rule_game};

/// Rules the period `cycle` (four plies, Red first) played twice from `fen` under WXF 2018, and
/// checks the verdict, that every red move is (`red_chases`) or is not always a chase, that
/// Black plays no forbidden move, and the verdict mirrored and with the colours swapped.
fn rule(fen: &str, cycle: &str, verdict: Verdict, red_chases: bool) -> Ruling {
    let rules = RuleSet::wxf2018();
    let (start, moves) = game_of(fen, &format!("{cycle} {cycle}"));
    let ruling = rule_game(&start, &moves, &rules)
        .unwrap_or_else(|| panic!("{fen}: the start position does not occur three times"));
    let text = ruling.explanation.en();
    assert_eq!(ruling.verdict, verdict, "{fen}\n{text}");
    let all_chase = ruling
        .moves
        .iter()
        .filter(|a| a.mover == Color::Red)
        .all(|a| a.nature == MoveNature::Chase);
    assert_eq!(all_chase, red_chases, "{fen}\n{text}");
    assert!(!ruling.black.forbidden, "{fen}\n{text}");
    if let Err(e) = symmetry::check(&start, &moves, &rules, Some(ruling.verdict)) {
        panic!("{fen}: {e}\n{text}");
    }
    ruling
}

// ---------------------------------------------------------------------------------------------
// AXF rule 19 (WXF 2018 ch. 5 item 14, 车被卧槽马牵制; the book's diagrams 39–41).

/// The black rook on d8 stands on the leg of the red horse on d7: were it to leave, the horse
/// would check the general on e9 (d7–e9). The book: "When a Rook cannot move because of an
/// opponent's Knight, the Rook cannot be perpetually chased, regardless of whether the
/// opponent's Knight is protected … each of the Red moves attacks the Black Rook and this is a
/// violation of the rule. Red has to change." Here the black advisor shuttles e8–f9; the red
/// rook answers h8–h7 when the advisor stands on e8 (the cannon on i8 now fires over the advisor
/// at the rook) and h7–h8 when it has gone (the rook sees d8, and is the cannon's screen): every
/// red move attacks the held rook, by a rook or by a cannon in turn. Red must change (rule 19;
/// WXF 2018 arts. 3.1.C, 3.1.I).
#[test]
fn a_rook_held_on_a_horse_leg_may_not_be_chased() {
    rule(
        "4k4/3ra2RC/3N5/9/9/9/9/9/9/5K3 w - - 0 1",
        "h8h7 e8f9 h7h8 f9e8",
        Verdict::MustChange(Color::Red),
        true,
    );
}

/// The same with the horse protected by the red pawn on d6: rule 19 holds "regardless of whether
/// the opponent's Knight is protected". Red must change.
#[test]
fn a_rook_held_on_a_protected_horse_leg_may_not_be_chased() {
    rule(
        "4k4/3ra2RC/3N5/3P5/9/9/9/9/9/5K3 w - - 0 1",
        "h8h7 e8f9 h7h8 f9e8",
        Verdict::MustChange(Color::Red),
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rule 27 (WXF 2018 ch. 5 item 22, 车被炮牵制不能离线; the book's diagrams 63–66).

/// The black rook on the e-file is the only piece between the red cannon on e2 and the black
/// advisor on e8: were it to leave the file, the cannon would check the general on e9 over the
/// advisor. The book: "an attack with a Rook on this confined Rook is not considered a
/// sacrifice. Therefore, the attacking Rook cannot keep chasing the confined Rook." The red rook
/// follows it from the c-file (c5 against e5, c4 against e4), the confined rook cannot take
/// back, and nothing protects it: Red must change (rule 27; arts. 3.1.C, 3.1.I). The advisor on
/// d9 shuts the ninth rank, so the rook threatens no mate.
#[test]
fn a_rook_confined_by_a_cannon_may_not_be_chased_by_a_rook() {
    rule(
        "3ak4/4a4/9/9/4r4/2R6/9/4C4/9/3K5 w - - 0 1",
        "c4c5 e5e4 c5c4 e4e5",
        Verdict::MustChange(Color::Red),
        true,
    );
}

/// The control: the black horse on g5 protects e4 (over f5), not e5. The book: "If one of the
/// moves of the confined Rook is protected, this Rook can be perpetually chased." The red rook
/// attacks a protected rook on every other move, so the chase is not perpetual: a draw (rule
/// 27; art. 3.2.B).
#[test]
fn a_confined_rook_protected_on_one_square_may_be_chased() {
    rule(
        "3ak4/4a4/9/9/4r1n2/2R6/9/4C4/9/3K5 w - - 0 1",
        "c4c5 e5e4 c5c4 e4e5",
        Verdict::Draw,
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rule 25 (WXF 2018 ch. 5 item 20, 炮方变换炮台; the book's diagrams 56–60).

/// The red cannon on d0 looks up the d-file at the crossed black pawn on d4, which nothing
/// protects. Its screen changes, and the cannon never moves: the black pawn on the first rank
/// steps d1–c1 and back, and the red advisor steps d2–e1 when the pawn is on d1 (the pawn is
/// the screen) and e1–d2 when it has gone (the advisor is the screen). Every red move makes the
/// cannon attack the pawn. The book: "When a Cannon is attacking an unprotected Knight, Guard,
/// Minister, or Pawn that has crossed the river, it will be a perpetual chase even if only the
/// cannon mount moves but neither the attacking Cannon nor the attacked piece moves." Red must
/// change (rule 25). The black pawn's own attack on the cannon is a pawn's, allowed (rule 29).
#[test]
fn moving_the_cannon_mount_chases_a_crossed_pawn() {
    rule(
        "4k4/9/9/9/9/3p5/9/3A5/3p5/3C1K3 w - - 0 1",
        "d2e1 d1c1 e1d2 c1d1",
        Verdict::MustChange(Color::Red),
        true,
    );
}

/// The control: the black pawn on e4 protects d4 (a crossed pawn steps sideways). Rule 25
/// forbids the chase of an *unprotected* piece; an attack on a protected one (other than a
/// rook) is no chase (rules 17, 35): a draw.
#[test]
fn moving_the_cannon_mount_against_a_protected_pawn_is_no_chase() {
    rule(
        "4k4/9/9/9/9/3pp4/9/3A5/3p5/3C1K3 w - - 0 1",
        "d2e1 d1c1 e1d2 c1d1",
        Verdict::Draw,
        false,
    );
}
