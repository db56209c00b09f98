//! A fifth audit of the WXF 2018 (Asian, AXF) repetition rulings (issue 16), by perturbing the
//! book's own diagrams: "variants of your own (mirrored, colours swapped, a piece moved) to check
//! that the concept holds and not just the case". Mirrored and colour-swapped variants of every
//! case of `rulings.json` run already (`rulings.rs`); here one piece is moved, added, taken off
//! or replaced in fourteen diagrams (D32, D33, D35, D37, D49, D53, D55, D60, D64, D69, D79, D82,
//! D83, D85) and the Appendix's perpetual chase, each time so that the book's wording must flip
//! the ruling (a root given, taken away or made false by a pin; a pinned target freed; the chased
//! piece or the chaser replaced by one of another kind; a pawn sent across the river; one of two
//! chasers moved away), or must leave it as it was (an irrelevant piece added far away).
//!
//! # Method
//! Each test first rules the diagram as the book has it (the cycle of `rulings.json`, cut to
//! start where Red moves and the start position recurs: the book's verdict, WXF 2018), then the
//! perturbed position with the same moves. The expected verdict and the nature of each of Red's
//! moves were written from the rules' text before the engine was run: the AXF rules as the
//! project's digest `shared/rules/repetition-rules.md` gives them (§1.1 terms, §1.3 rules 1–40,
//! which WXF 2018 ch. 5 numbers as items 1–35: AXF rule n is item n − 5, §1.4 the algorithm's
//! reading), WXF 2018 art. 3 (`002_*.txt`), and for CXA 2011 arts. 24–26 (`000_*.txt`). CXA
//! 2011 is asserted only where its answer could be read with confidence; where it is not, the
//! doc comment says so. Each cycle gives the four plies of one period twice, so the start
//! position occurs three times, and is ruled as given, mirrored and with the colours swapped
//! (`symmetry::rule_with`). Natures use the book's characters (`symmetry::is`): 将 杀 捉, and 闲
//! for any move the book counts as idle (兑, 献, 拦, 跟 included).
//!
//! # Rules
//! AXF rule 17 (a protected cannon may be followed, also when protected on only some moves) and
//! 18 (an unprotected one may not), 34 (a false root is no root), 35 (two pieces against a truly
//! protected piece), 24 (捉同类子: a same-type target that can take back is offered, one that
//! cannot is chased), 25 (a cannon's screens moving against a crossed pawn; an uncrossed one is
//! no target), 27 (a rook tied to its file), 29–30 (a pawn's chases; another piece involved on
//! one of the moves), 32 (分捉), 33 (two pieces in turn against one), 12 (一将一捉), 23 (车长捉马),
//! the Appendix (36.1: cutting a root), rule 9 (长杀, allowed); WXF 2018 arts. 3.1.C, 3.1.I,
//! 3.2.B. CXA 2011 arts. 24.2, 24.3, 24.10, 24.11, 24.13, 24.15, 25.2, 25.3, 26.1, 26.5, 26.7,
//! 26.10.
//!
//! # Disagreements
//! Under WXF 2018 the engine agreed with the book on every perturbation. Under CXA 2011 it
//! disagreed once (now mended), on a move of the defending side
//! ([`d49_cxa_a_horse_guarded_by_a_pawn_was_not_hanging_before_it_fled`], ignored): D49 with a
//! black pawn on b4 rooting the horse on b3. Black's horse step b3–a1 leaves the red pawn on d7
//! to the black advisor on e8, which could take it for nothing before the step as after it; the
//! engine names the step 捉 (a forced line winning the pawn, `Reason::ForcedGain`). The book
//! counts only a win the move creates: "红方退车前就可吃底士，退车后吃士结果没有发生变化" (图5,
//! 闲; art. 24.3). Where it goes wrong: `OldAttacks::could_win` weighs what Black could win by
//! force before the step, its own hanging pieces counted (参考图49); Black could mate by checks
//! from b3, so it asks what Black could win besides mating, and that search scores 士×d7 at −3
//! (a debugging print, not kept, with the red rook on h3, where the engine names the step 捉
//! alike): the horse on b3 counted lost to 车×b3, Black's recapture
//! 卒×b3 winning nothing, as the forced line lets the chasing side's pawns win nothing by
//! their own captures (`material::Ledger`, art. 26.8). After the horse's flight the same
//! capture wins +2 and looks new. Checked by changing one piece at a time: with a black horse
//! on d4 as the root instead of the pawn, or with no red rook to take on b3, the engine names
//! the step idle. Art. 26.8 makes a pawn's own capture idle as a *chase* (抽吃, a capture
//! after an even exchange by other pieces); it does not make a pawn-guarded piece hang:
//! 车×b3 loses a rook for a horse (the engine's own `judge` says so of the red move
//! c1–c3, "兑换不得子"). Mended (`material::Ledger::takes_back_on`): in a forced line the chasing
//! side's pawn or general that takes back on the point where it last lost a piece, away from
//! the chase's own exchange, takes as any piece does; 26.8's "wins nothing" stays for pawn and
//! general captures that make or end the chase's own gain. No corpus ruling changes. In the
//! book's D49 itself
//! the horse on b3 is unguarded, so the engine's 捉 there follows 参考图49 and is not in
//! question.
//!
//! Three first predictions were ours to mend, each shown by the engine and each checked by
//! hand against the book before the expectation was written again:
//! 1. D53 with the pinning cannon moved off the ninth rank
//!    ([`d53_a_cannon_freed_from_its_pin_is_offered_not_chased`]): we wrote Red's cannon moves
//!    闲 and CXA 2011 a draw. The cannon's attack on the black cannon is indeed an offer (it
//!    can now fire back, rule 24), but each move also threatens 炮进×c9 mate: the black advisor
//!    on d9 is the screen, the general on e9 cannot step to f9 along the line the cannon still
//!    sees through, nor to e8 (its own advisor), and nothing takes or blocks. A move "aiming to
//!    mate on the next move" is 杀 (CXA 2011 art. 24.2): a perpetual mate threat, allowed by
//!    WXF 2018 (rule 9, a draw) and forbidden by CXA 2011 (长杀, arts. 24.10, 24.13: Red must
//!    change).
//! 2. D69 with two red cannons behind the pawn's two points
//!    ([`d69_a_pawn_that_mounts_a_cannon_against_a_cannon_offers_it`]): we wrote Red must
//!    change, reading the pawn's step as mounting a cannon's new chase on every move (rule 30).
//!    But a cannon firing over one screen at a cannon is fired at over the same screen: the two
//!    can take each other, an offer (rule 24; CXA 2011 arts. 24.4, 26.10, 兑), not a chase. The
//!    concept we meant (another piece joining a pawn's chase) is tested instead by a horse whose
//!    leg the pawn frees on one move of two
//!    ([`d69_a_pawn_chase_with_a_horse_on_one_move_of_two_is_allowed`], rule 29).
//! 3. D49 with the black pawn on b4, under CXA 2011: we had judged only Red's play. Black's
//!    horse step a1–b3 threatens mate (马进×c1 check, 帅进 d0, 车平 d6 check, 仕进 d2, 车×d2:
//!    checked), 杀, which we had not seen; the step back is the disagreement above. With it
//!    idle, Black's play is 一杀一闲, allowed, and our draw stands.

mod symmetry;

use symmetry::{cxa, rule_alike, rule_each, rule_with, wxf};

use xiangqi::Color;
use xiangqi_arbiter::{Pattern, Verdict};

/// The diagram as the book has it, cut to the cycle used below, ruled under WXF 2018 as the book
/// rules it: the cut is faithful, and the perturbation is what changes the ruling.
fn as_the_book_rules(fen: &str, cycle: &str, verdict: Verdict) {
    rule_with(fen, cycle, &wxf(), verdict, None, None);
}

// ---------------------------------------------------------------------------------------------
// 1. Protected, unprotected and falsely protected cannons: AXF rules 17, 18, 34 (D30–38, D83–85).

/// D32 (rule 18: "Red violates the rule by having the Rook perpetually chasing the unprotected
/// Cannon"). The black cannon shuttles e5–a5 along the fifth rank, the red rook follows on the
/// fourth (e4 against e5, a4 against a5). One piece added: a black horse on c6, which guards both
/// a5 (over b6) and e5 (over d6) and attacks no red piece. The rook now attacks a truly protected
/// cannon on every move: rule 17 ("A rook may perpetually chase a protected cannon"), no chase, a
/// draw (art. 3.2.B). CXA 2011 the same: a rook for a cannon retaken by the horse loses material,
/// no gain, idle (art. 24.3): a draw (art. 25.2).
#[test]
fn d32_a_cannon_given_a_real_root_may_be_followed_by_a_rook() {
    let cycle = "a4e4 e5a5 e4a4 a5e5";
    as_the_book_rules(
        "2bk1a3/4a4/4b4/9/4c4/R8/3r5/4B4/4A4/4KAB2 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_alike(
        "2bk1a3/4a4/4b4/2n6/4c4/R8/3r5/4B4/4A4/4KAB2 w - - 0 1",
        cycle,
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// D35 (rule 18, "even if the cannon perpetually threatens mate"). The black cannon shuttles
/// c6–g6, the red rook follows on the fourth rank (c4, g4); the black elephant on e7 guards c5
/// and g5, not the sixth rank. One piece replaced: a black horse on e7 instead of the elephant
/// guards c6 (over d7) and g6 (over f7). It is a real root: the red cannon on e2 fires over the
/// black cannon on e3 at e7, but were the horse to leave, it would meet only the advisor on e8,
/// no check. The rook attacks a protected cannon on every move: rule 17, a draw (art. 3.2.B);
/// Black's mate threats are allowed (rule 9).
///
/// Not asserted: CXA 2011, under which Black's 长杀 is itself forbidden (arts. 24.10, 24.13; the
/// engine rules Black must change). We did not write it beforehand.
#[test]
fn d35_a_cannon_with_a_real_horse_root_may_be_followed() {
    let cycle = "g4c4 c6g6 c4g4 g6c6";
    as_the_book_rules(
        "4k4/4a4/4b4/2c6/9/6R2/4c4/4C4/4N4/3AKA3 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_with(
        "4k4/4a4/4n4/2c6/9/6R2/4c4/4C4/4N4/3AKA3 w - - 0 1",
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// [`d35_a_cannon_with_a_real_horse_root_may_be_followed`] with one piece more taken off: no
/// black advisor on e8. The horse on e7 is now pinned: off e7, the red cannon on e2 would check
/// the general on e9 over the black cannon on e3. A pinned protector is a false root, and a piece
/// whose protector is false is treated as unprotected (rule 34; digest §1.1, "A false protector
/// counts as no protection"; D83 is the book's own case of the pin on the e-file): the rook
/// chases the cannon on every move, Red must change (arts. 3.1.C, 3.1.I), the cannon chased on
/// both its points.
///
/// Not asserted: CXA 2011 (Black's 长杀 against Red's 长捉 of an unrooted piece, art. 26.9; the
/// engine rules a draw, both being on art. 26.9.1's list).
#[test]
fn d35_a_cannon_whose_horse_root_is_pinned_is_chased() {
    let ruling = rule_with(
        "4k4/9/4n4/2c6/9/6R2/4c4/4C4/4N4/3AKA3 w - - 0 1",
        "g4c4 c6g6 c4g4 g6c6",
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(ruling.red.perpetual_victims, ["c6"], "{:?}", ruling.red);
}

/// D85 (rule 34, 长捉假根子). The black cannon shuttles f6–f3, the red rook follows on the g-file
/// (g6 against f6, g3 against f3). The black rook on f8 looks down the f-file at both points,
/// but it stands on the leg of the red horse on g8: off f8, the horse would check the general on
/// e9. A false root; Red chases (the book: Red loses). One piece taken off: the red horse. The
/// rook on f8 is a real root now, and the rook attacks a protected cannon on every move: rule
/// 17, a draw (art. 3.2.B).
///
/// Not asserted: CXA 2011. The red pawn on e6 attacks f6 too, so the exchange on f6 (pawn and
/// rook against the cannon and its root) is not the plain rook-for-cannon of rule 17; the engine
/// names the move to g6 捉 and rules a draw on Red's one chase in two. We did not work it out
/// beforehand.
#[test]
fn d85_a_cannon_whose_root_is_no_longer_pinned_may_be_followed() {
    let cycle = "g3g6 f6f3 g6g3 f3f6";
    as_the_book_rules(
        "2bakab2/r4rN2/6P2/p3Pc2p/9/P8/6R1P/4B4/4A4/3AK1B2 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_with(
        "2bakab2/r4r3/6P2/p3Pc2p/9/P8/6R1P/4B4/4A4/3AK1B2 w - - 0 1",
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// D83 (rule 34: the black elephant on e7, the cannon's only root on g5 and d5, is pinned by
/// the red cannon on e2 firing over the black cannon on e3). One piece added far from it all: a
/// black pawn on i6, uncrossed, which no piece of the cycle attacks or is attacked by. Nothing
/// the book's wording looks at changes: Red must change as in the book (arts. 3.1.C, 3.1.I).
#[test]
fn d83_a_far_pawn_added_leaves_the_false_root_chase_as_it_was() {
    let cycle = "d4g4 g5d5 g4d4 d5g5";
    as_the_book_rules(
        "2baka3/9/4b4/9/6c2/3R5/4c4/4C4/4N4/3AKA3 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    let ruling = rule_with(
        "2baka3/9/4b4/8p/6c2/3R5/4c4/4C4/4N4/3AKA3 w - - 0 1",
        cycle,
        &wxf(),
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
    assert_eq!(ruling.red.perpetual_victims, ["g5"], "{:?}", ruling.red);
}

// ---------------------------------------------------------------------------------------------
// 2. Same-type targets: AXF rule 24 (捉同类子, D51–55): "If each piece can take the other, the
//    attack is a sacrifice … If the target cannot take back …, it is a chase."

/// D33 (rule 18: the red rook follows the unprotected black cannon shuttling i0–h0 on Red's back
/// rank). One piece replaced: a black rook on i0 instead of the cannon. The red rook on i6 or h6
/// now attacks a rook that attacks it back down the same file: same type, each can take the
/// other, a sacrifice (rule 24, D51–52), no chase: a draw (art. 3.2.B). The black rook's steps
/// attack only the red elephant on g0, guarded by the elephant on e2. CXA 2011 the same: Black
/// may take the offered rook without loss, an exchange offer (兑, arts. 24.4, 26.10), idle: a
/// draw (art. 25.2).
#[test]
fn d33_a_rook_in_place_of_the_chased_cannon_is_offered_not_chased() {
    let cycle = "h6i6 i0h0 i6h6 h0i0";
    as_the_book_rules(
        "4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_alike(
        "4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1r w - - 0 1",
        cycle,
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// D53 (rule 24: "The Black Cannon cannot capture the Red Cannon … Red has to change"). The red
/// cannon follows the black cannon on the b- and c-files (over the red pawn on b5, the black
/// pawn on c6); the black cannon may not leave the ninth rank, for the red cannon on a9 would
/// then check over the advisor on d9. One piece moved: the red cannon from a9 to a7, where it
/// attacks nothing. The black cannon can now fire back over the same screen: each can take the
/// other, an offer, no chase (rule 24). See the module's first disagreement: each red move also
/// threatens 炮×c9 mate, a perpetual mate threat, allowed by WXF 2018 (rule 9): a draw (art.
/// 3.2.B). CXA 2011: the offer is 兑 but the move is also 杀 and is judged by the heavier (art.
/// 26.5): 长杀, forbidden (arts. 24.10, 24.13): Red must change (art. 25.3).
#[test]
fn d53_a_cannon_freed_from_its_pin_is_offered_not_chased() {
    let cycle = "b4c4 c9b9 c4b4 b9c9";
    as_the_book_rules(
        "C1cak4/4a1P2/9/2p6/1P7/1C7/9/B2p5/2p2p3/4K4 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    let [by_cxa, by_wxf] = rule_each(
        "2cak4/4a1P2/C8/2p6/1P7/1C7/9/B2p5/2p2p3/4K4 w - - 0 1",
        cycle,
        [
            (
                Verdict::MustChange(Color::Red),
                Some("杀杀杀杀"),
                Some(false),
            ),
            (Verdict::Draw, Some("杀杀杀杀"), Some(false)),
        ],
    );
    for r in [by_cxa, by_wxf] {
        assert_eq!(r.red.pattern, Pattern::PerpetualMateThreat, "{:?}", r.red);
    }
}

/// D55 (rule 24: "The Black knight is blocked, therefore, the Red knight is perpetually chasing
/// the Black knight"). The red horse shuttles h4–f5, the black horse g7–i6; from f5 the red horse
/// attacks g7 (over f6), and the black horse cannot take back (its leg g6 holds a black pawn);
/// from h4 it attacks i6 (over h5), and the black horse cannot take back either (its leg i5 holds
/// a black pawn). One piece taken off: the black pawn on i5. On i6 the black horse can now take
/// back: that red move is an offer (rule 24), and the horse is chased on one move of two, no
/// perpetual chase: a draw (art. 3.2.B). CXA 2011: 捉 then 兑 (the black horse may take the red
/// one without loss, arts. 24.4, 26.10): allowed, a draw (arts. 24.14, 25.2).
#[test]
fn d55_a_horse_that_can_take_back_on_one_point_is_not_chased_perpetually() {
    let cycle = "h4f5 g7i6 f5h4 i6g7";
    as_the_book_rules(
        "5ab2/4k2P1/5an1b/p1p3p2/8p/2P4N1/6P1P/B8/5p2c/3KC4 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_alike(
        "5ab2/4k2P1/5an1b/p1p3p2/9/2P4N1/6P1P/B8/5p2c/3KC4 w - - 0 1",
        cycle,
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 3. Cannon screens and pawns: AXF rule 25 (炮方变换炮台, D56–60: "Attacking an uncrossed pawn is
//    allowed").

/// D60 (rule 25: "perpetually chasing a Pawn that has NOT crossed the river is allowed"). The red
/// elephant shuttles g0–i2 and the black cannon g1–i1; each red move leaves the red cannon on i0
/// a single screen on the i-file (the elephant on i2, then the black cannon on i1) against the
/// black pawn on i5, uncrossed: no target, a draw. One piece moved: the black pawn from i5 to
/// i4, across the river. Nothing guards it (the black cannon on i1 has no screen to retake), and
/// each red move makes the cannon's attack anew by moving a screen: rule 25, a perpetual chase,
/// Red must change (arts. 3.1.C, 3.1.I). CXA 2011 the same: a cannon taking an unguarded pawn
/// that crossed before the cycle wins material (art. 24.3; art. 26.7 excludes only an uncrossed
/// pawn or one just crossed): 长捉 (art. 24.11), Red must change (art. 25.3).
#[test]
fn d60_a_pawn_across_the_river_is_chased_by_the_moving_screens() {
    let cycle = "g0i2 g1i1 i2g0 i1g1";
    as_the_book_rules(
        "3akabC1/9/4b4/7P1/2n5p/9/3p5/9/4A1c2/2BAK1B1C w - - 0 1",
        cycle,
        Verdict::Draw,
    );
    for r in rule_alike(
        "3akabC1/9/4b4/7P1/2n6/8p/3p5/9/4A1c2/2BAK1B1C w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    ) {
        assert_eq!(r.red.perpetual_victims, ["i4"], "{:?}", r.red);
    }
}

// ---------------------------------------------------------------------------------------------
// 4. The pawn's own chases: AXF rule 29 (兵长捉子, D69–70: "Pawns may perpetually chase … This is
//    still allowed when a rook, cannon or horse is involved in one of the moves") and rule 30
//    (exceptions, known by title).

/// D69 (rule 29). The red pawn shuttles h8–i8 under the black cannon shuttling i9–h9, attacking
/// it on every move: a pawn may chase for ever, a draw. One piece replaced: a red rook on h8
/// instead of the pawn. Nothing guards the cannon on i9 or h9: rule 18, the rook chases an
/// unprotected cannon on every move, Red must change (arts. 3.1.C, 3.1.I). CXA 2011 the same
/// (长捉无根子, arts. 24.3, 24.11, 25.3).
#[test]
fn d69_a_rook_in_place_of_the_chasing_pawn_chases() {
    let cycle = "h8i8 i9h9 i8h8 h9i9";
    as_the_book_rules(
        "4k1b1c/7P1/3a5/9/9/9/9/9/3K5/9 w - - 0 1",
        cycle,
        Verdict::Draw,
    );
    rule_alike(
        "4k1b1c/7R1/3a5/9/9/9/9/9/3K5/9 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
        Some("捉捉捉捉"),
        Some(false),
    );
}

/// D69 with two pieces added: red cannons on h0 and i0, so that each pawn step makes the pawn the
/// screen of a cannon aimed at the black cannon. See the module's second disagreement: the black
/// cannon fires back at that cannon over the same pawn, each can take the other, an offer (rule
/// 24; CXA 2011 兑, arts. 24.4, 26.10), no chase; the pawn's own attack is allowed (rule 29; CXA
/// 2011 art. 26.8 and the king-and-pawn clause of art. 26.1 read as the digest does). A draw
/// under both books (art. 3.2.B; art. 25.2).
#[test]
fn d69_a_pawn_that_mounts_a_cannon_against_a_cannon_offers_it() {
    rule_alike(
        "4k1b1c/7P1/3a5/9/9/9/9/9/3K5/7CC w - - 0 1",
        "h8i8 i9h9 i8h8 h9i9",
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// D69 with one piece added: a red horse on h7, whose legs to g9 and i9 the pawn on h8 holds.
/// The pawn's step to i8 frees the leg: the horse attacks the black cannon on i9 and the black
/// elephant on g9, neither guarded, a chase by the horse (the chase definition counts attacks a
/// move uncovers, digest §1.1). The pawn's step back to h8 holds the leg again,
/// and only the pawn attacks the cannon, now on h9. Rule 29: a pawn's perpetual chase "is still
/// allowed when a rook, cannon or horse is involved in one of the moves": a draw (art. 3.2.B).
/// CXA 2011: the first step is 捉 (art. 26.1: a pawn move that lets another piece make a new
/// chase), the second idle (a pawn's own attack, art. 26.8): allowed, a draw (arts. 24.14,
/// 25.2).
#[test]
fn d69_a_pawn_chase_with_a_horse_on_one_move_of_two_is_allowed() {
    rule_alike(
        "4k1b1c/7P1/3a3N1/9/9/9/9/9/3K5/9 w - - 0 1",
        "h8i8 i9h9 i8h8 h9i9",
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 5. Horses, tied rooks and two chasers: AXF rules 23 (车长捉马), 27 (车被炮牵制不能离线), 33
//    (两子长捉一子).

/// D49 (rule 23: "The Red Rook is perpetually chasing the Black Knight. Red has to change"). The
/// black horse shuttles a1–b3, the red rook c1–c3 (c1 against a1 along the first rank, c3 against
/// b3 beside it). One piece added: a black pawn on b4, across the river, which guards b3 (a black
/// pawn takes straight down) and attacks no red piece of the cycle. On b3 the horse is protected:
/// the rook chases it on one of its points only, no perpetual chase (rules 17, 23: "protection on
/// one move is enough to break the chase", digest §3): a draw (art. 3.2.B). Black's horse attacks
/// the rook from b3 on one move of two: allowed.
///
/// CXA 2011: see [`d49_cxa_a_horse_guarded_by_a_pawn_was_not_hanging_before_it_fled`].
#[test]
fn d49_a_horse_protected_on_one_of_its_points_is_not_chased_perpetually() {
    let cycle = "c3c1 a1b3 c1c3 b3a1";
    as_the_book_rules(
        "4ka3/4a4/3Pb4/2p1r3p/2b6/9/2R6/4B4/n3A4/4KAB2 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_with(
        "4ka3/4a4/3Pb4/2p1r3p/2b6/1p7/2R6/4B4/n3A4/4KAB2 w - - 0 1",
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

/// [`d49_a_horse_protected_on_one_of_its_points_is_not_chased_perpetually`] under CXA 2011.
/// Red: 捉 (a rook for the unguarded horse on a1 wins material, art. 24.3), then idle (a rook
/// for the horse on b3, which the pawn retakes, wins nothing): allowed. Black: the horse's step
/// to b3 threatens mate (马进×c1 check, 帅进 d0, 车平 d6 check, 仕进 d2, 车×d2), 杀 (art.
/// 24.2); its step back to a1 creates nothing: the advisor on e8 could take the red pawn on d7
/// for nothing before it as after it, the horse on b3 being guarded by the pawn ("结果没有发生
/// 变化", 图5, 闲). 一杀一闲 is allowed (art. 24.14): a draw (art. 25.2). See the module's
/// disagreement, now mended: the engine named the step back 捉.
#[test]
fn d49_cxa_a_horse_guarded_by_a_pawn_was_not_hanging_before_it_fled() {
    rule_with(
        "4ka3/4a4/3Pb4/2p1r3p/2b6/1p7/2R6/4B4/n3A4/4KAB2 w - - 0 1",
        "c3c1 a1b3 c1c3 b3a1",
        &cxa(),
        Verdict::Draw,
        Some("捉闲捉闲"),
        Some(false),
    );
}

/// D64 (rule 27: the black rook on the e-file may not leave it, for the red cannon on e2 would
/// then check over the black cannon on e8; "An enemy rook attacking it is not making a
/// sacrifice, so it may not keep attacking"). The black rook shuttles e4–e3, the red rook follows
/// on the b-file. One piece added: a black pawn on e6 (uncrossed, on its own side). Off the file,
/// the black rook would now leave the red cannon two screens (the pawn and the black cannon):
/// no check, the rook is free, it can take the red rook back, and the black cannon on e8 guards
/// it over the pawn besides. Rule 24 (each rook can take the other: a sacrifice), no chase: a
/// draw (art. 3.2.B). CXA 2011: Black may take the offered rook without loss (兑, arts. 24.4,
/// 26.10), and a rook for a rook retaken is no gain (art. 24.3): idle, a draw (art. 25.2).
#[test]
fn d64_a_tied_rook_set_free_is_offered_not_chased() {
    let cycle = "b3b4 e4e3 b4b3 e3e4";
    as_the_book_rules(
        "3aka3/4c4/9/9/9/4r4/PR7/2p1CA3/7p1/2B2K3 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_alike(
        "3aka3/4c4/9/4p4/9/4r4/PR7/2p1CA3/7p1/2B2K3 w - - 0 1",
        cycle,
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}

/// D82 (rule 33: "two pieces perpetually chasing a piece … Red will be ruled to lose"). The black
/// pawn shuttles e1–d1; the red horse shuttles c3–e2, on e2 the screen of the red cannon on e4
/// against e1, on c3 attacking d1 itself (over c2). One piece moved: the red cannon from e4 to
/// a4, where it attacks nothing. Only the horse chases now, on one move of two: no perpetual
/// chase, a draw (art. 3.2.B). CXA 2011 the same: 闲 then 捉 (a horse taking an unguarded
/// crossed pawn wins material, art. 24.3): allowed (arts. 24.14, 25.2).
#[test]
fn d82_one_of_two_chasers_moved_away_leaves_a_chase_on_one_move_of_two() {
    let cycle = "c3e2 e1d1 e2c3 d1e1";
    as_the_book_rules(
        "4k4/9/9/9/3P5/4C4/2N6/6ppc/4p4/5K3 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_alike(
        "4k4/9/9/9/3P5/C8/2N6/6ppc/4p4/5K3 w - - 0 1",
        cycle,
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
}

// ---------------------------------------------------------------------------------------------
// 6. Two victims, checks and a cut root: AXF rules 32 (分捉), 12 (一将一捉), the Appendix (36.1).

/// D79 (rule 32: "the cannon's chase of two pawns is fine, but the rook's chase of that cannon is
/// not"). The red cannon shuttles c3–c1, chasing the crossed black pawns on i3 and g1 in turn
/// (over the red pawn on e3, the red advisor on e1); the black rook follows it on the d-file (d3,
/// d1), attacking it beside it. One piece added: a red horse on a2, which guards c3 and c1 (over
/// b2). The rook now attacks a protected cannon on every move: rule 17, no chase. Red's
/// alternate chases of two pawns are 分捉, allowed (rule 32): a draw (art. 3.2.B). CXA 2011
/// differs: a chase of "one or several pieces" on every move is 长捉 (art. 24.11), forbidden, and
/// Black's attacks on a guarded cannon win nothing (a rook for a cannon, art. 24.3): Red must
/// change (art. 25.3).
#[test]
fn d79_a_cannon_given_a_root_leaves_only_its_own_split_chase() {
    let cycle = "c3c1 d3d1 c1c3 d1d3";
    as_the_book_rules(
        "3aka3/9/4b4/p8/2b6/2N3B2/2CrP3p/4B4/4A1p2/3AK4 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Black),
    );
    let [_, by_wxf] = rule_each(
        "3aka3/9/4b4/p8/2b6/2N3B2/2CrP3p/N3B4/4A1p2/3AK4 w - - 0 1",
        cycle,
        [
            (
                Verdict::MustChange(Color::Red),
                Some("捉捉捉捉"),
                Some(false),
            ),
            (Verdict::Draw, Some("捉捉捉捉"), Some(false)),
        ],
    );
    assert_eq!(by_wxf.red.pattern, Pattern::SplitChase, "{:?}", by_wxf.red);
}

/// D37 (rule 18, "even if the cannon gives one check and one chase"). The black cannon shuttles
/// a1–a0, the red rook b0–b1 beside it; from a0 the cannon checks over the red elephant on c0,
/// from a1 it attacks the red horse on i1 over the horse on e1. One piece added: a black pawn on
/// a2, across the river, which guards a1 (straight down). The rook's attack on a1 is on a
/// protected cannon; it chases on one move of two: no perpetual chase, a draw (art. 3.2.B);
/// Black's one check and one chase are allowed (rule 12). CXA 2011 differs on Black: 一将一捉 of
/// an unguarded horse is forbidden (art. 24.13), Red's play is allowed (one 捉 in two): Black
/// must change (art. 25.3).
#[test]
fn d37_a_cannon_protected_on_one_point_against_one_check_one_chase() {
    let cycle = "b0b1 a1a0 b1b0 a0a1";
    as_the_book_rules(
        "3ak4/4a4/4b4/p8/2p3n2/9/P1P3r2/3AB4/c3N3N/1RB1KA3 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    let [by_cxa, by_wxf] = rule_each(
        "3ak4/4a4/4b4/p8/2p3n2/9/P1P3r2/p2AB4/c3N3N/1RB1KA3 w - - 0 1",
        cycle,
        [
            (
                Verdict::MustChange(Color::Black),
                Some("闲捉闲捉"),
                Some(true),
            ),
            (Verdict::Draw, Some("闲捉闲捉"), Some(false)),
        ],
    );
    for r in [by_cxa, by_wxf] {
        assert_eq!(r.black.pattern, Pattern::CheckAndChase, "{:?}", r.black);
    }
}

/// The Appendix's perpetual chase (item 36.1: "Red keeps moving its Pawn to keep the Black Knight
/// unprotected. This constitutes the Red Rook perpetually chasing the unprotected Black Knight").
/// The red pawn shuttles c6–b6, the black elephant e7–c5; the black cannon on c9 guards the horse
/// on c1 only over a single screen on the c-file, and each pawn step leaves it none or two. One
/// piece added: a black horse on b3, which guards c1 (over b2) whatever stands on the c-file. The
/// pawn's steps cut a root but leave a real one: the rook attacks a protected horse on every
/// move, no chase (rule 17 and digest §1.3's reading of rule 35), a draw (art. 3.2.B). CXA 2011
/// the same: a rook for a horse retaken wins nothing (art. 24.3), a draw (art. 25.2).
#[test]
fn appendix_a_cut_root_is_no_chase_while_another_root_holds() {
    let cycle = "c6b6 e7c5 b6c6 c5e7";
    as_the_book_rules(
        "2ca1k3/4a4/b3b4/2P5P/6p2/1c7/9/B7N/2nR5/2BAK4 w - - 0 1",
        cycle,
        Verdict::MustChange(Color::Red),
    );
    rule_alike(
        "2ca1k3/4a4/b3b4/2P5P/6p2/1c7/1n7/B7N/2nR5/2BAK4 w - - 0 1",
        cycle,
        Verdict::Draw,
        Some("闲闲闲闲"),
        Some(false),
    );
}
