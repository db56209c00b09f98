//! A third audit of the repetition rulings (棋例), on positions the first two
//! (`audit_cases.rs`, `audit_cases_2.rs`), `cxa_clauses.rs` and `concepts.rs` leave out: the
//! mixed patterns of art. 24.13 with a mate threat in them (一将一杀, 一杀一捉, 一杀一闲), art.
//! 26.9.1 when one side's forbidden chase is not on its list (rooted pieces, or a rook and a
//! rooted piece in turn) and the other's is, an elephant as the chaser (art. 26.6), forced
//! lines of three and four checks and the piece such a line chases (art. 24.3), false roots
//! made by a cannon's pin and by a guard on the capture point (art. 24.16), a pawn that chases
//! by becoming a cannon's screen and a general that chases by uncovering its rooks or screening
//! its cannons (art. 26.1), a general's answer to check (art. 26.2), and a perpetual check
//! against a perpetual chase (art. 25.1). Each expected verdict, and the nature of each of
//! Red's moves, was written from the book's text (CXA 2011 arts. 24–26; the Asian rules as the
//! project's digest of AXF rules 1–40 reads them) before the engine was run; where the engine
//! answered otherwise, the doc comment says so. One case is ignored: a line of four checks,
//! beyond the engine's bound on a forced line's checks.
//!
//! Every cycle gives the four plies of one period twice, so the start position occurs three
//! times (CXA 2011 arts. 23.1, 23.3), and is ruled as given, mirrored left to right, and with
//! the colours swapped (`symmetry::check`). Natures are written with the book's characters
//! (see `symmetry::is`): 将 杀 捉 兑 献, and 闲 for any move the book counts as idle.

mod symmetry;

use symmetry::{cxa, red_moves, rule, rule_both, rule_with, wxf};

use xiangqi::{Color, Role};
use xiangqi_arbiter::{MoveNature, Pattern, Reason, Verdict};

// ---------------------------------------------------------------------------------------------
// 1. Mate threats in a mixed pattern, CXA 2011 arts. 24.2, 24.13, 24.14, 26.9.1; AXF rules 9,
// 11.

/// 一杀一闲 (CXA 2011 arts. 24.13, 24.14): the red rook on i8 holds rank 8, and the red general
/// on f0 the f-file, so the black general has only d9 and e9. The other red rook steps between
/// a0, where the black pawn on a6 shuts its file, and c0, where it threatens 车七进九 (c0–c9),
/// a check along rank 9 that mates (杀, art. 24.2); the crossed black pawn steps from d3 to c3
/// to shut the c-file, and back when the rook has gone. Red plays 杀闲杀闲: one mate threat and
/// one idle move, which art. 24.13 does not list (一将一杀, 一杀一捉 are listed; 一杀一闲 is
/// not), so it is allowed (art. 24.14), Black's blocks too: a draw (art. 25.2). WXF 2018: mate
/// threats are allowed (AXF rule 9): a draw.
#[test]
fn one_mate_threat_one_idle_move_is_allowed() {
    let fen = "4k4/8R/9/p8/9/9/3p5/9/9/R4K3 w - - 0 1";
    let cycle = "a0c0 d3c3 c0a0 c3d3";
    let [ruling, _] = rule_both(fen, cycle, [Verdict::Draw; 2], "杀闲杀闲");
    assert_eq!(ruling.red.pattern, Pattern::Allowed, "{:?}", ruling.red);
}

/// 一将一杀 (CXA 2011 arts. 24.13, 26.9.1): as in [`one_mate_threat_one_idle_move_is_allowed`]
/// the rook on i8 holds rank 8 and the red general the f-file; the black general stands on d9.
/// The other red rook steps between c0, where the c-file is open and 车七进九 would mate along
/// rank 9 (杀), and d0, where it checks up the d-file (将). The black pawn shuts each file in
/// turn (c3, d3). Red plays 将杀将杀, 一将一杀: forbidden (art. 24.13), and Black's blocks are
/// allowed: Red must change (art. 25.3). WXF 2018: one check and one mate threat is allowed
/// (AXF rule 11): a draw.
#[test]
fn one_check_one_mate_threat_must_change() {
    let fen = "3k5/8R/9/9/9/9/2p6/9/9/2R2K3 w - - 0 1";
    let cycle = "c0d0 c3d3 d0c0 d3c3";
    let [ruling, _] = rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "将杀将杀",
    );
    assert_eq!(
        ruling.red.pattern,
        Pattern::CheckAndMateThreat,
        "{:?}",
        ruling.red
    );
    assert!(ruling.red.listed, "{:?}", ruling.red);
}

/// 一杀一捉 (CXA 2011 arts. 24.13, 26.9.1): [`one_mate_threat_one_idle_move_is_allowed`] with a
/// black horse on a5 in place of the pawn on a6: from a0 the rook now attacks the horse, which
/// nothing guards (捉, art. 24.3), and from c0 it threatens mate (杀). The horse stays where it
/// is; Black only blocks the c-file. Red plays 杀捉杀捉, one of the patterns art. 24.13 forbids
/// (一杀一捉), and Black's play is allowed: Red must change (art. 25.3). WXF 2018: a chase on
/// every other move is no perpetual chase, and mate threats are allowed: a draw.
#[test]
fn one_mate_threat_one_chase_must_change() {
    let fen = "4k4/8R/9/9/n8/9/3p5/9/9/R4K3 w - - 0 1";
    let cycle = "a0c0 d3c3 c0a0 c3d3";
    let [ruling, _] = rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "杀捉杀捉",
    );
    assert_eq!(
        ruling.red.pattern,
        Pattern::MateThreatAndChase,
        "{:?}",
        ruling.red
    );
}

// ---------------------------------------------------------------------------------------------
// 2. An elephant chasing, and art. 26.9.1 between a listed and an unlisted chase, CXA 2011
// arts. 24.11, 26.6, 26.9.

/// The red elephant steps between e2 and g4: from g4 it attacks the black horse on i2, guarded
/// by the pawn on i3; from e2 the black cannon on c4, guarded by the pawn on c5. An elephant
/// for a horse or a cannon is a gain ("一个或数个弱子换任一强子均为得子", art. 26.6), so each
/// move is 捉 (art. 24.3), and chasing two pieces in turn is 长捉 (art. 24.11, "一子或数子"):
/// forbidden. But its victims are rooted and no rooks, so it is not on the list of art. 26.9.1
/// (长捉车, 长捉无根子 …). The black rook steps between d7 and f7, attacking in turn the red
/// cannon on d5 and the red horse on f5, neither guarded: 长捉无根子, forbidden and listed.
/// Both sides forbidden (art. 25.4), only Black's pattern listed: Black must change (art.
/// 26.9.1, "凡单方……长捉无根子……均须变着"). WXF 2018: each side chases two pieces in turn (分捉,
/// AXF rule 32), allowed: a draw.
#[test]
fn an_unlisted_chase_of_rooted_pieces_against_a_listed_one() {
    let fen = "4k4/9/3r5/9/2pC1N3/2c6/8p/4B3n/9/3K5 w - - 0 1";
    let cycle = "e2g4 d7f7 g4e2 f7d7";
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("捉捉捉捉"),
        Some(true),
    );
    assert!(
        ruling.red.forbidden && !ruling.red.listed && ruling.black.listed,
        "{:?}\n{:?}",
        ruling.red,
        ruling.black
    );
    for a in red_moves(&ruling) {
        assert!(
            a.attacks
                .iter()
                .any(|at| at.is_chase() && at.attacker_role == Role::Elephant),
            "{a:?}"
        );
    }
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// The control: without the two black pawns the horse and the cannon are unrooted, so the
/// elephant's 长捉 is 长捉无根子 as well; both sides play a listed pattern, each with one piece
/// (arts. 26.9.2–3 do not apply): a draw if neither changes (art. 26.9.4). WXF 2018: a draw.
#[test]
fn an_elephant_chasing_unrooted_pieces_against_a_rook_doing_the_same() {
    let fen = "4k4/9/3r5/9/3C1N3/2c6/9/4B3n/9/3K5 w - - 0 1";
    let cycle = "e2g4 d7f7 g4e2 f7d7";
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(true),
    );
    assert!(ruling.red.listed && ruling.black.listed, "{:?}", ruling.red);
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// [`an_unlisted_chase_of_rooted_pieces_against_a_listed_one`] with a black rook on i2 in
/// place of the horse, guarded by the pawn on i3 (the black pawn on g2 shuts rank 2 between
/// it and the elephant's point e2). The elephant now chases in turn a rook and a rooted
/// cannon: 一捉车一捉有根子. Art. 26.9.1 lists 长捉车 (a rook on every move) and 一捉车一捉
/// 无根子, not this: Red's pattern is forbidden (art. 24.11) but not listed, Black's 长捉无根子
/// is: Black must change (art. 26.9.1). WXF 2018: 分捉 on both sides, a draw.
#[test]
fn a_rook_and_a_rooted_piece_chased_in_turn_are_not_listed() {
    let fen = "4k4/9/3r5/9/2pC1N3/2c6/8p/4B1p1r/9/3K5 w - - 0 1";
    let cycle = "e2g4 d7f7 g4e2 f7d7";
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("捉捉捉捉"),
        Some(true),
    );
    assert!(
        ruling.red.forbidden && ruling.red.chases_rook && !ruling.red.listed,
        "{:?}",
        ruling.red
    );
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 3. A forced line of three checks, CXA 2011 art. 24.3 ("从下一着开始运用将军或连续将军得子").

/// The red horse h5–f4 sets up 马四进五 将 (f4–e6), 将4进1, 马五退七 将 (e6–c5), 将4退1, 马七退八
/// (c5–b3), taking the black rook: three checks, then the capture (the line of the unit test
/// `a_rook_can_take_three_checks_to_win`). Art. 24.3 sets no number of checks: the move is 捉,
/// and the piece chased is the rook the line wins. The horse's way back wins nothing (闲), and
/// the black pawn's steps on rank 4 are idle: 一捉一闲, allowed, a draw (art. 25.2).
#[test]
fn a_line_of_three_checks_winning_a_rook_chases_it() {
    let fen = "9/3k5/9/9/4R2N1/p8/1r7/9/5K3/9 w - - 0 1";
    let cycle = "h5f4 a4b4 f4h5 b4a4";
    let ruling = rule(fen, cycle, &cxa(), Verdict::Draw, "捉闲捉闲");
    let first = red_moves(&ruling).next().expect("a red move");
    assert!(
        first.attacks.iter().any(|at| at.is_chase()
            && at.reason == Reason::ForcedGain
            && at.victim_role == Role::Rook),
        "{first:?}"
    );
}

/// Four checks (art. 24.3 sets no number: "从下一着开始运用将军或连续将军得子"). The red rook on
/// a1 steps to b1 and back, and the black pawn follows it from a3 to b3 and back, so each rook
/// move opens a file (b, then a) up to the ninth rank. Then 马三进五 将 (g6–e7), 将4平5 (d9–e9),
/// 马五进三 将 (e7–g8), 车7退4 (g4–g8: the black rook takes the horse, nothing else answers the check), 车八
/// 进八 将 (b1–b9), 将5进1 (e9–e8), 车八退一 将 (b9–b8), 将5进1 (e8–e7), 车八平三 takes the rook
/// on g8: a rook for a horse, a gain, whatever the general does (every other answer loses the
/// rook sooner or walks into mate). A search of lines of checks finds no win with three. Each
/// rook move is 捉 of the rook, 长捉车: Red must change (arts. 24.11, 25.3, 26.9.1).
///
/// The engine bounds the checks of a forced line (`FORCED_CHECKS` in classify.rs, a documented
/// constant: "art. 24.3 sets no number"); with three it found no line here, ruled both rook
/// moves idle and the game drawn. Four (nine plies) find it.
#[test]
fn a_line_of_four_checks_winning_a_rook_chases_it() {
    let fen = "3k5/9/9/6N2/9/6r2/p8/9/R8/5K3 w - - 0 1";
    let cycle = "a1b1 a3b3 b1a1 b3a3";
    let ruling = rule(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
    assert!(ruling.red.chases_rook, "{:?}", ruling.red);
}

// ---------------------------------------------------------------------------------------------
// 4. False roots, CXA 2011 arts. 24.15, 24.16; AXF rule 34.

/// 假根 by a cannon's pin (art. 24.16): the red rook on rank 3 follows the black cannon between
/// c7 and g7; the black horse on e8 covers both points, but the red cannon on e1 stands behind
/// the black pawn on e5, its screen: were the horse to leave e8, the cannon would check the
/// general on e9. It cannot leave its line to take back ("实际不能离线反吃"), so the cannon is
/// unrooted (假根按无根子处理), each rook move 捉, 长捉无根子: Red must change (arts. 24.11,
/// 25.3). AXF rule 34 with rule 18: Red must change. (`audit_cases_2.rs` pins the horse with a
/// rook and with the facing generals; a cannon's pin needs the screen.)
#[test]
fn a_root_pinned_by_a_cannon_over_a_screen_is_false() {
    let fen = "3aka3/4n4/6c2/9/4p4/9/2R6/9/4C4/3K5 w - - 0 1";
    let cycle = "c3g3 g7c7 g3c3 c7g7";
    rule_both(fen, cycle, [Verdict::MustChange(Color::Red); 2], "捉捉捉捉");
}

/// The control: a red pawn on e4 makes two pieces between the cannon and the horse, and the
/// horse leaving e8 would open no check: a real root. The rook would give itself for a cannon
/// (art. 24.3: no gain), so it follows a rooted piece (跟, art. 24.7): a draw under both books
/// (AXF rule 17).
#[test]
fn a_cannon_with_two_screens_pins_nothing() {
    let fen = "3aka3/4n4/6c2/9/4p4/4P4/2R6/9/4C4/3K5 w - - 0 1";
    let cycle = "c3g3 g7c7 g3c3 c7g7";
    rule_both(fen, cycle, [Verdict::Draw; 2], "闲闲闲闲");
}

/// A general's root made false by a guard on the capture point: the red rook steps between d0
/// and f0, attacking in turn the black advisors on d9 and f9. Only their general could take
/// back, and the red horse on e7 covers both points (its leg e8 is free): the general may not
/// step into its attack, so the root is only in form (假根, art. 24.16), the advisors unrooted,
/// and a rook winning an advisor wins material (art. 24.3). Each rook move is 捉, 长捉 of two
/// pieces in turn (art. 24.11), 长捉无根子: Red must change (art. 25.3). (Red has a rook and a
/// horse: art. 26.3's lone defender does not apply.) WXF 2018: two pieces chased in turn (分捉,
/// AXF rule 32): a draw.
#[test]
fn a_general_cannot_take_back_on_a_guarded_point() {
    let fen = "3aka3/9/4N4/9/9/9/9/p8/4K4/3R5 w - - 0 1";
    let cycle = "d0f0 a2b2 f0d0 b2a2";
    rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "捉捉捉捉",
    );
}

/// The control: a red pawn on e7 in place of the horse guards neither point, the general takes
/// back, and a rook for an advisor wins nothing (art. 24.3): the rook's moves are idle, a draw
/// under both books.
#[test]
fn a_general_takes_back_on_an_unguarded_point() {
    let fen = "3aka3/9/4P4/9/9/9/9/p8/4K4/3R5 w - - 0 1";
    let cycle = "d0f0 a2b2 f0d0 b2a2";
    rule_both(fen, cycle, [Verdict::Draw; 2], "闲闲闲闲");
}

// ---------------------------------------------------------------------------------------------
// 5. Chases made for another piece, CXA 2011 arts. 24.3, 26.1; AXF rules 26, 30.

/// A pawn as a cannon's new screen: the red cannons on c0 and d0 look up their files; the
/// crossed red pawn steps between d5 and c5, and each step puts it between one cannon and the
/// black rook, which flees between c7 and d7. Art. 24.3 counts a move that lets another piece
/// take ("造成其他子能吃子"), and art. 26.1 a pawn move after which another piece makes a new
/// chase ("走动……兵(卒)后……其他子产生新的捉，按捉处理"): each pawn step is 捉, of the rook
/// every time: 长捉车, Red must change (art. 25.3). The rook's flights attack only the cannons,
/// each guarded (d0 by the general, c0 by the elephant on e2): no gain, allowed. AXF rule 26
/// (a cannon chasing a rook by moving its screen): Red must change.
#[test]
fn a_pawn_becoming_a_cannons_screen_chases_the_rook() {
    let fen = "4k4/9/2r6/9/3P5/9/9/4B4/9/2CCK4 w - - 0 1";
    let cycle = "d5c5 c7d7 c5d5 d7c7";
    for rules in [cxa(), wxf()] {
        let ruling = rule(
            fen,
            cycle,
            &rules,
            Verdict::MustChange(Color::Red),
            "捉捉捉捉",
        );
        assert!(ruling.red.chases_rook, "{:?}", ruling.red);
    }
}

/// A general stepping off its rooks' files: the red rooks stand on d0 and e0 and the red
/// general steps between e1 and d1, each time shutting one file and opening the other; from d0
/// the rook then attacks the black cannon on d6, from e0 the black horse on e5 (pinned to its
/// general), neither guarded. Art. 26.1 ("走动帅(将)……后其他子产生新的捉，按捉处理"): each
/// step is 捉; two pieces in turn make 长捉 (art. 24.11), 长捉无根子, Red must change (art.
/// 25.3). WXF 2018: the general's step lets a rook chase (AXF rule 30), but the victims
/// alternate (分捉, rule 32): a draw.
#[test]
fn a_general_stepping_off_its_rooks_files_chases() {
    let fen = "4k4/9/9/3c5/4n4/8p/9/9/4K4/3RR4 w - - 0 1";
    let cycle = "e1d1 i4h4 d1e1 h4i4";
    let [ruling, _] = rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "捉捉捉捉",
    );
    for a in red_moves(&ruling) {
        assert!(
            a.attacks
                .iter()
                .any(|at| at.is_chase() && at.attacker_role == Role::Rook),
            "{a:?}"
        );
    }
}

/// The piece a forced line chases is the one whose capture makes the gain, not the first one
/// taken (art. 24.3; art. 26.9.1 names the piece chased). The red rook d1–e1 sets up 车五进五
/// (e1–e6), taking the uncrossed black pawn with check; the general cannot step aside (d9 is
/// its advisor's, f9 faces the red general), the advisor must come to e8, and the rook takes
/// the black cannon on a6 along rank 6 (the cannon, with no screen, does not guard e6). The
/// line's first capture is the pawn, no gain by itself (art. 26.7), its gain the cannon: the
/// move is 捉, of the cannon. From d1 the rook attacks only the advisor on d9, which its
/// general guards: 闲. 一捉一闲, a draw (art. 25.2).
///
/// (Written first with a red cannon on a9 making a line 车六进六 × advisor, 将, then × rook on
/// i9: the engine named the advisor, which the cannon itself now won (its general could not
/// take back on a point the rook covers), and no rook: it seeks a forced line only for a move
/// that chases nothing directly. The nature is the same; the book names both pieces.)
#[test]
fn a_line_taking_a_pawn_first_chases_the_piece_it_wins() {
    let fen = "3ak4/9/9/c3p4/9/9/8p/9/3R5/5K3 w - - 0 1";
    let cycle = "d1e1 i3h3 e1d1 h3i3";
    let ruling = rule(fen, cycle, &cxa(), Verdict::Draw, "捉闲捉闲");
    let first = red_moves(&ruling).next().expect("a red move");
    assert!(
        first.attacks.iter().any(|at| at.is_chase()
            && at.reason == Reason::ForcedGain
            && at.victim_role == Role::Cannon),
        "{first:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// 6. Perpetual check against a perpetual chase, CXA 2011 arts. 25.1, 23.5.1, 26.2; WXF 2018
// art. 3.1.H.

/// The red rook steps between e2, where it checks up the e-file, and d2, where it uncovers the
/// red cannon on e0, which checks over the black horse on e5: every red move is 将, 长将. The
/// horse answers each check, not the general: leaving the e-file for c4 it breaks the cannon's
/// screen and attacks the rook on d2; coming back to block on e5 it opens rank 4 for the black
/// rook on a4 onto the unguarded red cannon on g4. Art. 26.2: another piece's answer to check
/// that makes a new chase is 捉 ("走动其他棋子应将后产生新的捉……判捉"), so Black plays 长捉 (of
/// two pieces, art. 24.11), forbidden too. But art. 25.1 allows a unilateral 长将 "in no case"
/// ("在任何情况下，均不允许单方面长将"), and art. 23.5.1 rules it lost at once: Red loses,
/// whatever Black plays. WXF 2018 art. 3.1.H: perpetual check against a chase, the checker must
/// change (Black's chases of two pieces in turn are 分捉, allowed: AXF rule 32); Red must
/// change. (Written first without the black rook: the horse coming back to e5 attacked the
/// cannon on g4 itself, but pinned on the e-file by the rook on e2 it could not take, and the
/// engine rightly called the move no chase.)
#[test]
fn a_perpetual_check_loses_against_a_perpetual_chase() {
    let fen = "4k4/9/9/9/4n4/r5C2/9/4R4/5K3/4C4 w - - 0 1";
    let cycle = "e2d2 e5c4 d2e2 c4e5";
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Loses(Color::Red),
        Some("将将将将"),
        Some(true),
    );
    assert_eq!(
        ruling.red.pattern,
        Pattern::PerpetualCheck,
        "{:?}",
        ruling.red
    );
    assert!(
        ruling
            .moves
            .iter()
            .filter(|a| a.mover == Color::Black)
            .all(|a| a.nature == MoveNature::Chase && a.evasion),
        "{:?}",
        ruling.moves
    );
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("将将将将"),
        None,
    );
}

/// [`a_general_stepping_off_its_rooks_files_chases`] with cannons: the red cannons stand on d0
/// and e0 and the red general steps between e1 and d1, each time becoming the screen of one
/// cannon: from d1 it lets the cannon on d0 attack the black horse on d6, from e1 the cannon on
/// e0 the black horse on e5, neither guarded. (On e8 a black advisor, guarded by its general,
/// is all the cannon on e0 reaches over the horse when the general has left e1.) Art. 26.1
/// ("走动帅(将)……后与其他子配合同时产生捉……按捉处理"): each step is 捉; two pieces in turn,
/// 长捉无根子: Red must change (arts. 24.11, 25.3). WXF 2018: 分捉 (AXF rule 32), a draw.
/// (Written first with a black cannon on d6: over the same screen it could take the cannon on
/// d0 first, and the engine rightly called the step an offer, 兑, art. 26.10.)
#[test]
fn a_general_as_its_cannons_screen_chases() {
    let fen = "4k4/4a4/9/3n5/4n4/8p/9/9/4K4/3CC4 w - - 0 1";
    let cycle = "e1d1 i4h4 d1e1 h4i4";
    let [ruling, _] = rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "捉捉捉捉",
    );
    for a in red_moves(&ruling) {
        assert!(
            a.attacks
                .iter()
                .any(|at| at.is_chase() && at.attacker_role == Role::Cannon),
            "{a:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 7. The general's answer to check, CXA 2011 art. 26.2.

/// The red horse checks from c6 (b4–c6) and goes back (c6–b4, where it guards the cannon on
/// d3): 一将一闲, allowed. The black general answers the check by stepping from d8 to e8, which
/// opens the d-file for the black rook on d9 onto the red cannon on d3, unguarded then; going
/// back to d8 (no check to answer) it opens the e-file for the rook on e9 onto the unguarded
/// red cannon on e3. Art. 26.1 makes the second step 捉 ("走动帅(将)后其他子产生新的捉，按捉
/// 处理"), but art. 26.2 makes the first 闲 ("走动帅(将)应将而产生的捉、杀按闲处理"). Black plays
/// 一闲一捉, allowed (without art. 26.2 it would be 长捉): a draw (art. 25.2). WXF 2018: the
/// rooks chase the two cannons in turn (分捉, AXF rule 32), a draw.
#[test]
fn a_general_answering_check_makes_no_chase() {
    let fen = "3rr4/3k5/9/9/9/1N7/3CC4/9/9/5K3 w - - 0 1";
    let cycle = "b4c6 d8e8 c6b4 e8d8";
    let [ruling, _] = rule_both(fen, cycle, [Verdict::Draw; 2], "将闲将闲");
    let black: Vec<_> = ruling
        .moves
        .iter()
        .filter(|a| a.mover == Color::Black)
        .collect();
    assert!(
        black[0].evasion
            && !black[0].nature.is_attacking()
            && black[0]
                .attacks
                .iter()
                .any(|at| at.reason == Reason::CheckEvasionByKing
                    && at.victim_role == Role::Cannon),
        "{:?}",
        black[0]
    );
    assert_eq!(black[1].nature, MoveNature::Chase, "{:?}", black[1]);
}
