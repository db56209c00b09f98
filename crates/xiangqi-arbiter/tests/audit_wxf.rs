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

// ---------------------------------------------------------------------------------------------
// AXF rule 34 (WXF 2018 ch. 5 item 29, 长捉假根子; the book's diagrams 83–85) and rule 17
// (item 12, 车捉有根炮; diagrams 29–31).

/// The black horse on e7 guards both points the black cannon shuttles between (c6 over d7, g6
/// over f7), but it stands on the e-file between the red rook on e2 and the general on e9: it
/// cannot take back without exposing its general, a false protector, which the rules count as
/// none ("A piece whose protector is false is treated as unprotected", rule 34). The red rook
/// follows the cannon from c3 and g3: a perpetual chase of an unprotected cannon (rule 18):
/// Red must change.
#[test]
fn a_cannon_whose_only_protector_is_pinned_is_chased() {
    rule(
        "3aka3/9/4n4/2c6/9/9/6R2/4R4/9/5K3 w - - 0 1",
        "g3c3 c6g6 c3g3 g6c6",
        Verdict::MustChange(Color::Red),
        true,
    );
}

/// The control: the second red rook stands on a2, off the e-file, so the horse protects the
/// cannon for real. "Rook can perpetually chase protected cannon" (rule 17): a draw.
#[test]
fn a_rook_may_follow_a_truly_protected_cannon() {
    rule(
        "3aka3/9/4n4/2c6/9/9/6R2/R8/9/5K3 w - - 0 1",
        "g3c3 c6g6 c3g3 g6c6",
        Verdict::Draw,
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rule 24 (WXF 2018 ch. 5 item 19, 捉同类子; the book's diagrams 51–55) and rule 21 (item
// 16, 马长捉车; diagrams 45–47).

/// The red rook follows the black rook up and down the a-file from the c-file (c6 against a6,
/// c5 against a5). Nothing holds the black rook: it can take the attacker as well as be taken.
/// The book: "Rook chases Rook: If both side can capture the other side, this is considered
/// perpetual sacrifice and should be ruled as a draw" (rule 24; rule 40).
#[test]
fn a_rook_offered_to_a_rook_that_can_take_it_is_no_chase() {
    rule(
        "3akab2/9/9/r8/2R6/9/9/9/4A4/3A1K3 w - - 0 1",
        "c5c6 a6a5 c6c5 a5a6",
        Verdict::Draw,
        false,
    );
}

/// The red horse steps b5–c7 and back after the black rook, which shuttles a8–a7 and is
/// protected on both points by the other black rook on a9. Rule 21: "A horse may not perpetually
/// chase a rook, whether or not the rook is protected" (a horse or cannon attacking a rook
/// chases it, rules 15, 20, 21). The black rook's attack on the horse on c7 comes on one move
/// in two (one chase, one idle), which is allowed. Red must change.
#[test]
fn a_horse_may_not_chase_a_protected_rook() {
    rule(
        "r2akab2/r8/9/9/1N7/9/9/9/4A4/3A1K3 w - - 0 1",
        "b5c7 a8a7 c7b5 a7a8",
        Verdict::MustChange(Color::Red),
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// AXF rules 29 and 30 (WXF 2018 ch. 5 items 24–25, 兵长捉子 and 将(帅)或兵(卒)联合他子捉子;
// the book's diagrams 69–75) with rule 26 (item 21, a cannon's mount moved against a rook).

/// The red pawn steps b6–c6 and back after the black horse (c7–b9 and back). On c6 the pawn
/// itself attacks the horse on c7: a pawn's own attack, which the rules allow (rule 29). Back on
/// b6 it is the screen of the red cannon on b2, which now attacks the horse on b9: a chase, but
/// on one move in two. The book (rule 29): "If one of the moves of the Pawn's perpetual chase
/// involves a Rook, Cannon, or Knight, it is still allowed." A draw.
#[test]
fn a_pawn_chase_with_a_cannon_on_one_move_is_allowed() {
    rule(
        "2bak4/4a4/2n1b4/1P7/P3p1p2/9/9/1C7/4A4/3K5 w - - 0 1",
        "b6c6 c7b9 c6b6 b9c7",
        Verdict::Draw,
        false,
    );
}

/// The red pawn steps i5–h5 and back after the black rook (h6–i6 and back), and on each point
/// it is the screen of a red cannon below it (h2, i2), which attacks the rook: the pawn's own
/// attack is not what chases, the cannon's is, on every move (rules 26 and 30: a pawn move
/// whose chase depends on another piece). The black rook, for its part, attacks the cannon on
/// i2 and the one on h2 in turn: two pieces alternately, allowed (rule 32; as the rook's
/// answers in diagram 20). Red must change.
#[test]
fn a_pawn_that_keeps_mounting_a_cannon_against_a_rook_chases() {
    rule(
        "3akab2/9/9/7r1/8P/9/9/7CC/4A4/3AK4 w - - 0 1",
        "i5h5 h6i6 h5i5 i6h6",
        Verdict::MustChange(Color::Red),
        true,
    );
}
