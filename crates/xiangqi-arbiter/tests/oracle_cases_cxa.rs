//! Cases where a second CXA engine, used as an oracle during development only, and our CXA 2011
//! rulings part ways. Every threefold repetition of the shared corpus (`ccpd_iccs.tsv`) was also
//! ruled by an independent C++ library that marks moves under the CXA 2022 rules and adjudicates
//! the last period; the oracle was built and run outside this repository and nothing of it is
//! kept here. Where the two disagree the case was read by hand against CXA 2011 arts. 23–26
//! (`../shared/rules/000_819941c3f03821ab.txt`, digest `repetition-rules.md` §2).
//!
//! By the end (session 18), 1,574 rulings were paired and 1,323 agreed; every disagreement was
//! read, and all but the cases below follow the book on our side: the oracle weighs only the
//! last period (art. 23.2), sees no false root (24.16), marks a general's answer to check 捉 or
//! 杀 (26.2), gives unilateral 长将 no special weight (25.1), misses forced lines that start with
//! a check (24.3) and 26.4's self-made exposure, and applies 26.9.2–3 where 26.9.4 draws. The cases below are those
//! where the reading found our engine wrong, now mended (`Reason::PawnWithOthers`: a pawn's
//! capture that other pieces of its side make pay is a chase, art. 26.1); the expected verdicts
//! come from the book. The mend changed two corpus rulings, 世界智力 322 and 象甲 222, each
//! kept here with a control. A later reading (象甲 13) found a chase called joint (联合捉, art.
//! 24.17) that one piece makes alone: a piece standing on a rootless victim, whose capture pays
//! once the mover's own hanging piece has escaped, chases it by itself (长捉无根子, listed in art.
//! 26.9.1). That mend changed 象甲 13 and 象甲 877 (same pattern), kept here with a control.

mod symmetry;

use symmetry::{cxa, rule_with};
use xiangqi::Color;
use xiangqi_arbiter::Protection;
use xiangqi_arbiter::Verdict;

/// 世界智力運動會 322 (ccpd), plies 45–52. Red's horse shuttles b0–c2, Black's crossed pawn
/// b3–c3.
///
/// - b0c2 / c2b0 (Red): the horse attacks nothing from either square: 闲 (art. 24.8).
/// - c3b3 (Black): the pawn leaves the b-file and the cannon on b7 now attacks the horse on b0,
///   which nothing protects: "走动兵(卒)后其他子产生新的捉，按捉处理" (art. 26.1 with 24.3): 捉.
///   Our engine and the oracle agree.
/// - b3c3 (Black): the pawn attacks the horse on c2. Alone it would be the pawn's own attack, which
///   art. 26.1 allows (and a pawn for a horse is no gain under art. 26.7). But the horse's only
///   root is the cannon on f2 (over the elephant on e2), and the black rook on c9, whose file the
///   pawn now heads, backs the pawn: 卒xc2 炮f2xc2 车c9xc2 wins the horse and the cannon for the
///   pawn, and Red cannot take the rook back. Before b3c3 the rook itself looked at the horse,
///   but 车xc2 炮xc2 would lose the rook for a horse: no chase. So b3c3 makes a new chase "与其他
///   子配合" (the pawn with the rook, art. 26.1; an exchange ending with a net gain, art. 24.3): 捉.
///
/// Black: 捉捉捉捉, 长捉 (art. 24.11), forbidden (24.13); Red allowed (24.14): Black must change
/// (art. 25.3). Our engine called b3c3 the pawn's own attack (拦) and ruled a draw; the oracle
/// marks it a joint chase and rules Black must change, as the book does.
#[test]
fn a_pawn_backed_by_a_rook_chases_a_horse_rooted_by_a_cannon() {
    rule_with(
        "2r1kab2/4a4/1c2b1n2/p2Rn1pP1/9/6P1C/1p2P1c2/4BC3/4A4/1N2KABN1 w - - 10 23",
        "b0c2 b3c3 c2b0 c3b3",
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("闲闲闲闲"),
        Some(true),
    );
}

/// The control: the black rook stands on a9 instead of c9. 卒xc2 炮xc2 ends the exchange: a pawn
/// for a horse, which art. 26.7 does not count as a gain, and the pawn's own attack is allowed
/// (art. 26.1): b3c3 is 闲. Black plays 一捉一闲 (c3b3 still unmasks the cannon on the unrooted
/// horse), allowed (art. 24.14), and so is Red: a draw (art. 25.2).
#[test]
fn without_the_rook_behind_it_the_pawn_only_attacks() {
    rule_with(
        "r3kab2/4a4/1c2b1n2/p2Rn1pP1/9/6P1C/1p2P1c2/4BC3/4A4/1N2KABN1 w - - 10 23",
        "b0c2 b3c3 c2b0 c3b3",
        &cxa(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// 象甲聯賽 222 (ccpd), plies 156–163, Black first. Black's crossed pawn shuttles e3–d3, Red's
/// advisor d2–e1.
///
/// - e3d3 (Black): the pawn attacks the advisor on d2, whose root is the rook on d1. But the
///   black rook on d4 stands behind the pawn: 卒xd2 车d1xd2 车d4xd2 would cost Red its rook, so the
///   advisor is won: the pawn with the rook, 捉 (arts. 26.1, 24.3). (Before the move the rook
///   on d4 looked at d2 itself, but 车xd2 车xd2 loses a rook for an advisor: no chase.)
/// - d3e3 (Black): the pawn leaves the d-file and the rook on d4 attacks the red rook on d1,
///   which nothing guards (the advisor went to e1): a new chase by another piece (art. 26.1).
/// - d2e1 (Red): the advisor opens the second rank and the rook on g2 attacks the crossed pawn on
///   c2, unguarded: 捉. e1d2: the advisor stands where the pawn may take it: 献 (art. 24.5).
///
/// Black: 长捉, forbidden; Red: 捉献, allowed: Black must change (arts. 24.11, 24.13, 25.3).
#[test]
fn a_pawn_backed_by_a_rook_chases_an_advisor_rooted_by_a_rook() {
    rule_with(
        "2b1ka3/4a2P1/b8/9/9/3r2B2/4p4/2pA2R2/2nR5/3AK4 b - - 0 1",
        "e3d3 d2e1 d3e3 e1d2",
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("捉献捉献"),
        Some(true),
    );
}

/// The control: the black rook stands on a4, off the d-file. 卒xd2 车xd2 is a pawn for an
/// advisor, no gain (art. 26.7), and the pawn's own attack is allowed (art. 26.1); d3e3 opens
/// nothing. Black's play is idle, Red's allowed: a draw (art. 25.2).
#[test]
fn without_the_rook_behind_it_the_pawn_attacks_the_advisor_alone() {
    rule_with(
        "2b1ka3/4a2P1/b8/9/9/r5B2/4p4/2pA2R2/2nR5/3AK4 b - - 0 1",
        "e3d3 d2e1 d3e3 e1d2",
        &cxa(),
        Verdict::Draw,
        None,
        Some(false),
    );
}

/// 象甲聯賽 13 (ccpd), plies 72–79, Black first. Black's rook hunts Red's cannon along the
/// a9–a6–b6 corner; the red rook on e4 stands on the black cannon on e7 all along.
///
/// - b9b6, b6b9, b9a9, a9b9 (Black): each time the rook attacks the red cannon, which nothing
///   guards: 捉 of an unrooted piece by one piece (arts. 24.3, 24.15).
/// - a6a9 (Red): the cannon checks along rank 9 over the advisor on d9: 将.
/// - a9a6, a6b6, b6a6 (Red): the cannon steps out of the rook's reach. The cannon on e7 has no
///   root (the horse on e8, king and advisors do not reach it); while the red cannon hung,
///   车e4×e7 would have cost it (车×炮, an even trade, art. 1.2); now 车×e7 wins it: the move
///   makes the rook's capture pay, 捉 (art. 24.3). The rook takes alone, and with the moved
///   cannon off the board it still wins the cannon on e7: not a joint chase, which needs pieces
///   "缺少其中任何一个都无法吃子" (art. 24.17). Red chases an unrooted piece.
///
/// Red: 一将一捉无根子; Black: 长捉无根子: both forbidden, both on the list of art. 26.9.1, neither
/// chase joint, so neither 26.9.2 nor 26.9.3 applies: a draw (art. 26.9.4), as the oracle
/// rules. Our engine had named Red's chase 少根 (a forced line being taken for a joint chase),
/// left Red off the 26.9.1 list and told Black alone to change.
#[test]
fn a_rook_standing_on_a_rootless_cannon_chases_it_alone() {
    let ruling = rule_with(
        "1r1aka3/4n4/2P1c4/C7p/6p2/4R4/P7P/4B4/9/3AKAB2 b - - 6 36",
        "b9b6 a6a9 b6b9 a9a6 b9a9 a6b6 a9b9 b6a6",
        &cxa(),
        Verdict::Draw,
        Some("将捉捉捉"),
        Some(true),
    );
    let text = ruling.explanation.en();
    assert!(ruling.red.forbidden && ruling.red.listed, "{text}");
    assert!(ruling.black.listed, "{text}");
    assert!(!ruling.red.joint && !ruling.black.joint, "{text}");
    let on_e7 = ruling
        .moves
        .iter()
        .filter(|a| a.mover == Color::Red)
        .flat_map(|a| a.attacks.iter())
        .filter(|at| at.is_chase() && at.victim.to_string() == "e7")
        .collect::<Vec<_>>();
    assert_eq!(on_e7.len(), 3, "{text}");
    assert!(
        on_e7
            .iter()
            .all(|at| at.protection == Protection::Unrooted && at.attacker.to_string() == "e4"),
        "{text}"
    );
}

/// The control: a black elephant on g9 guards the cannon on e7 (over f8). 车×e7 象×e7 now
/// costs Red its rook for a cannon: the cannon's escapes make no chase, Red plays 一将一闲,
/// allowed (art. 24.14), and Black's 长捉无根子 must change (art. 25.3).
#[test]
fn with_the_cannon_guarded_the_escapes_chase_nothing() {
    rule_with(
        "1r1akab2/4n4/2P1c4/C7p/6p2/4R4/P7P/4B4/9/3AKAB2 b - - 6 36",
        "b9b6 a6a9 b6b9 a9a6 b9a9 a6b6 a9b9 b6a6",
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("将闲闲闲"),
        Some(true),
    );
}
