//! Repetition rulings on real games (issue 16, corpus audit): cycles the arbiter rules in the
//! shared corpus (`corpus/derived/ccpd_iccs.tsv`, listed by `examples/rule_cases.rs ... list`),
//! each read by hand against the books (CXA 2011 arts. 23–26; the Asian rules as WXF 2018 ch. 5
//! lists them, read through the project's digest of AXF rules 1–40) before it was written down
//! here. Each test names its source game (the corpus file and the move number of the ruling)
//! and gives the position where the cycle starts, with one period of the cycle; the period is
//! played twice, so the position occurs three times (CXA 2011 arts. 23.1, 23.3), and the ruling
//! is checked as played, mirrored left to right and with the colours swapped
//! (`symmetry::check`). Natures are written with the book's characters (`symmetry::is`).
//!
//! Every verdict here decides a game: a side told to change its moves loses if it does not.

mod symmetry;

use symmetry::{cxa, rule, rule_both, rule_with, wxf};

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// 1. Fixed: under the Asian rules an answer to check renews no attack that stood before it.

/// 五羊杯 00001823, ruled at move 34. Red's cannon shuttles e4–d4: 炮五平六 (e4d4) checks the
/// general on d9 over the screen it makes for the cannon on d2; 炮六平五 (d4e4) pins the
/// elephant on e7 to its general on e9 (the advisor on e8 would screen the cannon). Black's
/// general answers: 将4平5 (d9e9) out of the check, 将5平4 (e9d9) out of the pin.
///
/// Under the Asian rules a chase is a move after which an enemy piece could be taken (AXF ch.
/// 4 §1), and an attack simply left standing is no chase (AXF Appendix, WXF 2018 ch. 5 item
/// 36.2). Before the check, the elephant on e7 already attacked the red rook on g9 and the
/// pawn on g5, and the rook on i6 the horse on i5; the check made those captures unplayable
/// for one move, and the answer d9e9 only lets them stand again: it makes no attack, so it is
/// no chase. e9d9, which takes the elephant out of the pin the red cannon made, is a chase
/// (AXF rule 30: the general's move makes another piece's chase). Black's play is one chase,
/// one idle move; Red's one check, one idle move (AXF rule 13): both allowed, a draw (WXF
/// 2018 art. 3.2.B). The arbiter ruled d9e9 a chase (the captures were illegal in check, so
/// new) and told Black to change: the loss of a game for answering checks.
///
/// CXA 2011 art. 26.2 (a general's move answering check is idle) gives the same draw.
#[test]
fn wxf_an_answer_to_check_renews_no_standing_attack() {
    let fen = "3k1aR2/4a4/4b1c2/p1p5r/6PnN/4C4/P3P3P/1c1C5/4A4/2B1KA3 w - - 0 1";
    let cycle = "e4d4 d9e9 d4e4 e9d9";
    rule_both(fen, cycle, [Verdict::Draw; 2], "将闲将闲");
}

/// 五羊杯 00000454 (and its copies 00000474, 00000475, 00001710), ruled at move 37. The black
/// rook shuttles f3–e3: on e3 it pins the red elephant on e2 to its general on e1 and attacks
/// the crossed, unprotected pawn on e7 (捉); on f3 it checks the general on f1 (将). The red
/// general answers: 帅五平四 (e1f1) leaves the pin and threatens mate by 车一平四 (i9×f9) (the advisor on
/// f9 may not take back: the generals would face), 杀; 帅四平五 (f1e1) is forced out of the
/// check.
///
/// Under the Asian rules Black's one check, one chase is allowed (AXF rule 12). f1e1 makes no
/// attack: the elephant on e2 attacked the black pawn on c4 before the check too, and the
/// check only made the capture unplayable (AXF ch. 4 §1; WXF 2018 ch. 5 item 36.2), so Red's
/// play is a mate threat and an idle move, allowed (AXF rule 9): a draw (WXF 2018 art.
/// 3.2.B). The arbiter ruled f1e1 a chase of the pawn and told Red to change, which would
/// have lost Red a game in which it only threatened mate and answered checks.
///
/// CXA 2011: f1e1 is idle (art. 26.2), Red's 杀闲 is allowed, Black's 一将一捉 of an unrooted
/// pawn is forbidden (arts. 24.13, 26.9.1): Black must change (art. 25.3), as ruled before.
#[test]
fn wxf_a_forced_answer_to_check_is_no_chase() {
    let fen = "3aka2R/9/4P4/c7p/C5p2/2p6/P4r2P/3AB4/4K4/3A5 b - - 0 1";
    let cycle = "f3e3 e1f1 e3f3 f1e1";
    rule(fen, cycle, &wxf(), Verdict::Draw, "杀闲杀闲");
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("杀闲杀闲"),
        Some(true),
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Regression guards: rulings the arbiter gives right, each deciding a game.

/// 世界智力运动会 00000194, ruled at move 72. 车八平四 (b4f4) checks the general on f8; 车四平八
/// (f4b4) attacks the black horse on b1, which nothing protects (捉). Black's general steps
/// e8f8, taking the elephant on e7 out of the pin of the facing generals, so that it attacks
/// the crossed, unprotected pawn on c5 (a general's move that lets another piece chase: 捉,
/// CXA 2011 art. 26.1), and back f8e8 answering check (闲, art. 26.2).
///
/// CXA 2011: Red's 一将一捉 of an unrooted piece is forbidden (arts. 24.13, 26.9.1), Black's
/// 一捉一闲 allowed (art. 24.14): Red must change (art. 25.3). Asian rules: one check, one
/// chase is allowed (AXF rule 12) and Black's chase is not perpetual: a draw (WXF 2018 art.
/// 3.2.B).
#[test]
fn guard_check_and_chase_of_a_horse() {
    let fen = "C2a2b2/4k4/3rb4/9/2P3p1p/1R7/9/5A3/1n2K4/9 b - - 0 1";
    let cycle = "e8f8 b4f4 f8e8 f4b4";
    rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "将捉将捉",
    );
}

/// 世界杯 00000383, ruled at move 26. 车七进二 (c7c9) checks along rank 9; the black cannon
/// blocks on d9 (拦). 车七退二 (c9c7) attacks, along rank 7, the horse on g7, which nothing
/// protects (捉); the cannon steps back to d7 to shut the rank (拦).
///
/// CXA 2011: 一将一捉 of an unrooted piece, forbidden (arts. 24.13, 26.9.1); Black's blocks are
/// allowed (arts. 24.6, 24.8): Red must change (art. 25.3). Asian rules: one check, one chase
/// (AXF rule 12), a draw (WXF 2018 art. 3.2.B).
#[test]
fn guard_check_and_chase_against_blocks() {
    let fen = "2R1kab2/4aC3/3c2n2/4p1N1p/p5b2/4P4/Pr5cP/4B2C1/9/3AKAB2 b - - 0 1";
    let cycle = "d7d9 c9c7 d9d7 c7c9";
    rule_both(
        fen,
        cycle,
        [Verdict::MustChange(Color::Red), Verdict::Draw],
        "捉将捉将",
    );
}

/// 世界智力运动会 00000323, ruled at move 54. The red cannon runs between f5 and f3; the black
/// rook follows on the e-file, beside it on every move. Nothing protects the cannon on either
/// point.
///
/// CXA 2011: 长捉无根子 (arts. 24.11, 24.15, 24.13, 26.9.1) against idle moves: Black must
/// change (art. 25.3). Asian rules: a rook may not perpetually chase an unprotected cannon
/// (AXF rule 18): Black must change (WXF 2018 arts. 3.1.C, 3.1.I).
#[test]
fn guard_rook_chases_an_unprotected_cannon() {
    let fen = "3k5/4a4/3c1a2b/p2R5/4rC2p/2c6/P7P/4C4/4A4/2B1KAB2 w - - 0 1";
    let cycle = "f5f3 e5e3 f3f5 e3e5";
    for rules in [cxa(), wxf()] {
        rule_with(
            fen,
            cycle,
            &rules,
            Verdict::MustChange(Color::Black),
            Some("闲闲闲闲"),
            Some(true),
        );
    }
}

/// 五羊杯 00000010, ruled at move 32. 马三进二 (g2h4) attacks the black rook on i2 (捉); the rook
/// runs to i4, attacking the unprotected horse beside it; the horse goes back to g2 (闲) and
/// the rook back to i2, attacking it along rank 2 again.
///
/// The rook chases the horse on every move. CXA 2011: 长捉无根子 (arts. 24.11, 24.13, 26.9.1),
/// Red's 一捉一闲 is allowed (art. 24.14): Black must change (art. 25.3). Asian rules: a rook
/// may not perpetually chase a horse, even one that chases back once (AXF rule 23, D49–50):
/// Black must change (WXF 2018 arts. 3.1.C, 3.1.I).
#[test]
fn guard_rook_chases_a_horse_that_chases_back_once() {
    let fen = "2bakr3/4a4/3cb4/p1R4R1/3npNcC1/9/P3P4/4B1N1r/9/2BAKA3 w - - 0 1";
    let cycle = "g2h4 i2i4 h4g2 i4i2";
    for rules in [cxa(), wxf()] {
        rule_with(
            fen,
            cycle,
            &rules,
            Verdict::MustChange(Color::Black),
            Some("捉闲捉闲"),
            Some(true),
        );
    }
}

/// 世界杯 00000121, ruled at move 81. The black cannon on e5 swings to h5, cutting the leg of
/// the red horse that roots the elephant on g4 and threatening mate by the cannon to h0 (杀), and back to e5
/// with check (将). The red rook answers each: 车五平二 (e2h2) guards h0 and attacks the
/// cannon on h5, 车二平五 (h2e2) blocks the check and attacks the cannon on e5; nothing
/// protects the cannon (捉 on every move: a piece answering check that makes a new chase
/// chases, CXA 2011 art. 26.2).
///
/// Asian rules: a rook may not perpetually chase an unprotected cannon, even when the
/// cannon's replies threaten mate or check (AXF rule 18, D34–35, D37–38): Red must change
/// (WXF 2018 arts. 3.1.C, 3.1.I). CXA 2011: Red's 长捉无根子 and Black's 一将一杀 are both
/// forbidden (arts. 24.13, 26.9.1); neither is a single-piece chase against a joint one
/// (arts. 26.9.2–3): a draw if neither changes (art. 26.9.4).
#[test]
fn guard_rook_chases_a_cannon_that_threatens_mate() {
    let fen = "3k2b2/4a4/3ab4/7Np/4c4/3r2B1P/9/4R4/4A4/4KA3 b - - 0 1";
    let cycle = "e5h5 e2h2 h5e5 h2e2";
    rule(
        fen,
        cycle,
        &wxf(),
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::Draw,
        Some("捉捉捉捉"),
        Some(true),
    );
}

/// 世界杯 00000710, ruled at move 21. The black rook checks from g1 (车7退1, 将) and goes back
/// to g0 (车7进1). On g0 it stands behind the black cannon on f0, which attacks the red
/// advisor on d0 over the red general on e0: were the general to take back on d0, the rook
/// would face it along rank 0, so the general is a false root (假根, CXA 2011 art. 24.16) and
/// the advisor counts as unrooted; the rook's move makes that chase (捉, art. 24.3). The red
/// general answers the check (e1e0, 闲, art. 26.2) and steps up again (e0e1).
///
/// CXA 2011: Black's 一将一捉 of an unrooted piece is forbidden (arts. 24.13, 26.9.1), Red's
/// play is allowed: Black must change (art. 25.3). Asian rules: one check, one chase is
/// allowed (AXF rule 12): a draw (WXF 2018 art. 3.2.B). (Red's e0e1 is left unchecked here:
/// whichever it is, Red's play is allowed under both books.)
#[test]
fn guard_check_and_chase_through_a_false_root() {
    let fen = "r3kab2/4a4/2n1b4/p1p1p3p/3N3R1/2P6/PC2P3P/4C4/4K4/R1BA1cr2 b - - 0 1";
    let cycle = "g0g1 e1e0 g1g0 e0e1";
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Black),
        None,
        Some(true),
    );
    rule_with(fen, cycle, &wxf(), Verdict::Draw, None, Some(false));
}

/// 五羊杯 00002023, ruled at move 20 (the same game is in the corpus as 00002208, 00002231 and
/// 00002232). Red's pawn steps g5–h5–g5 attack the black rook, which steps h6–g6–h6. On h6 the
/// rook threatens 车8进6 (h6-h0) with check along the first rank and a forced line that wins
/// the red horse on f4 (CXA 2011 art. 24.3, "从下一着开始运用将军或连续将军得子"); on g6 a line
/// that wins the rook on f5. The horse on f4 stands in a horse–horse contact with the black
/// horse on d5, which Red may settle by taking first; but a line that opens with a check leaves
/// Red no time to (arts. 24.4, 26.10 bar only the line's *first* capture of such a piece by its
/// partner, the exchange the other side may settle first: see `Aim`'s `not_first`). So each
/// rook move is 捉: Black 长捉, forbidden, against Red's allowed play: Black must change (art.
/// 25.3). Barring the horse from the whole line (a first attempt at the 图19 case of
/// `audit_cases_11`) ruled this a draw.
#[test]
fn guard_a_check_line_wins_a_piece_in_a_same_type_contact() {
    let fen = "3akab2/9/4b4/p3p2rp/1r1n1RP2/2P2N3/P3P3P/N1C1C4/4A4/2BAK3c w - - 0 1";
    let cycle = "g5h5 h6g6 h5g5 g6h6";
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Black),
        None,
        Some(true),
    );
    symmetry::assert_natures(&ruling, Color::Black, "捉捉捉捉");
}
