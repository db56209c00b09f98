//! A sixteenth audit of the repetition rulings (棋例), CXA 2011 arts. 23–26: exchange offers
//! (邀兑), in positions of our own built from the book's text — a same-type offer the other
//! side may take first safely or not (24.4, 26.10), a rook beside a horse or cannon touching
//! the same enemy piece (26.11), an offer that also chases (兑兼捉, 26.5), and an offering
//! rook that closes a mating net (26.10, last sentence).
//!
//! Method. For each cycle the natures of both sides' moves (将/杀/捉/闲) and the verdict were
//! written from the book's wording below before the engine was run; where the engine then
//! disagreed, the book was read again and the position worked through by hand (our own wrong
//! first expectations are listed at the end of this doc). Each cycle is four plies played
//! twice with no capture: the start position occurs three times (arts. 23.1, 23.3). Every case
//! is also ruled mirrored and with the colours swapped (`symmetry::check` inside `cxa_case`).
//! Natures use the book's characters (`symmetry::is`: 闲 also covers 兑, 献, 拦, 跟 — art. 24.8;
//! 兑 asks for the exchange offer itself). Every position was checked legal: piece counts,
//! pawns, elephants and advisors on their points, no facing kings, the side not to move not in
//! check. Black's moves are a piece shuttling far from the play (a cannon a9–a8, an elephant
//! g9–i7), idle.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.2 杀: "凡走子企图下一着将军或连续将军以将死对方者称'杀'".
//! - 24.3 捉: "凡走子后所走动子能直接吃子或造成其他子能吃子、与其他子联合吃子、从下一着开始运用将军或连续
//!   '将军'得子、通过完整互吃交换后吃掉对方子且得子 … 称为'捉'".
//! - 24.4 兑: "同兵种邀兑而对方一旦吃掉此子后，不致立即被将死或立即在子力价值上遭受损失者称为'兑'".
//! - 24.8: "兑、献、拦、跟，均属于'闲'范畴"; 24.13 禁止着法: "长将、长杀、长捉、一将一杀、一将一捉、
//!   一杀一捉"; 24.14: the rest are allowed; 25.2 "双方均为允许着法，双方不变作和".
//! - 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为'有根子'；反之称为'无根子'。作为'根'的子少于
//!   对方'捉'的子 … 称为'少根子'".
//! - 26.5: "凡走子兼具多种作用时，应从重裁处。如兑(献)兼捉，按'捉'处理；如兑(献)兼杀按'杀'处理".
//! - 26.10: "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损，邀兑方按'捉'处理，反之则按'兑'处理。如
//!   邀兑之子参与做杀(与其他子配合连续将军)则按'杀'处理".
//! - 26.11 "车马同时与马(车炮同时与炮)产生接触兑和捉的判断": 26.11.1 "被接触的马(炮)'无根'，则车方按
//!   '捉'处理"; 26.11.2 "被接触的马(炮)有根，且主动接受邀兑后其'根'无损失按'兑'处理。如车方增加其他
//!   参与子力并产生新的捉按'捉'处理".
//!
//! | test | offer | what decides | articles | expected (Red) | engine |
//! |---|---|---|---|---|---|
//! | `rook_offer_taken_first_safely_is_an_exchange` | rook to rook | taking first costs nothing | 24.4, 26.10 | 兑闲兑闲, draw | agrees |
//! | `rook_offer_whose_taking_is_mated_is_a_chase` | rook to rook | taking first: H i6-h8 mates | 26.10 | 捉闲捉闲, draw | agrees (names 无根子) |
//! | `horse_offer_taken_first_safely_is_an_exchange` | horse to horse | the taker's rook stays rooted | 24.4, 26.10 | 兑闲兑闲, draw | agrees |
//! | `horse_offer_whose_taking_unroots_a_rook_is_a_chase` | horse to horse | taking first unroots the rook d7 | 26.10 | 捉闲捉闲, draw | agrees (26.10) |
//! | `cannon_offer_to_an_unrooted_cannon_is_an_exchange` | cannon to cannon | unrooted target, no rook: taking first costs nothing | 24.4, 26.10 | 兑闲兑闲, draw | agrees |
//! | `horse_offer_whose_taking_loses_a_rook_to_a_check_fork` | horse to horse | taking first: a check forks king and rook | 24.3, 24.4, 26.10 | 捉闲捉闲, draw | **兑: ignored** |
//! | `rook_and_horse_on_an_unrooted_horse_chase` | horse, rook touching | unrooted | 26.11.1 | 捉闲捉闲, draw | agrees (26.11.1) |
//! | `rook_and_horse_on_a_rooted_horse_whose_root_is_safe_exchange` | horse, rook touching | rooted, root safe | 26.11.2 | 兑闲兑闲, draw | agrees |
//! | `rook_and_horse_on_a_horse_whose_root_is_lost_chase` | horse, rook touching | the root (rook e8) lost on accepting | 26.11.2 | 捉闲捉闲, draw | agrees (names 兑换得子) |
//! | `a_cannon_added_to_rook_and_horse_chases` | horse, rook touching | a third attacker comes | 26.11.2 | 捉闲捉闲, draw | agrees |
//! | `rook_and_cannon_on_an_unrooted_cannon_chase` | cannon, rook touching | unrooted | 26.11.1 | 捉闲捉闲, draw | agrees (26.11.1) |
//! | `rook_and_cannon_on_a_rooted_cannon_whose_root_is_safe_exchange` | cannon, rook touching | rooted, root safe | 26.11.2 | 兑闲兑闲, draw | agrees |
//! | `rook_and_cannon_on_a_cannon_whose_root_is_lost_chase` | cannon, rook touching | the root (rook e8) lost on accepting | 26.11.2 | 捉闲捉闲, draw | agrees (names 兑换得子) |
//! | `a_horse_added_to_rook_and_cannon_chases` | cannon, rook touching | a third attacker comes | 26.11.2 | 捉闲捉闲, draw | agrees |
//! | `horse_offer_that_also_hits_an_unrooted_cannon_chases` | horse to horse | 兑兼捉 | 26.5 | 捉闲捉闲, draw | agrees |
//! | `offering_rook_that_closes_a_mating_net_threatens_mate` | rook to rook | the rook covers f8, horse mates on g7 | 26.10, 26.5, 24.2 | 杀闲杀闲, draw | agrees |
//! | `offering_rook_in_a_mate_by_two_horse_checks_threatens_mate` | rook to rook | the rook shuts rank 8, two horse checks mate | 26.10, 24.2 | 杀闲杀闲, draw | agrees |
//!
//! Each test's doc gives the reasoning in full. Red's patterns are all allowed (一捉一闲,
//! 一兑一闲, 一杀一闲 are not in 24.13's list): every verdict is a draw (25.2), and the natures
//! carry each test.
//!
//! One disagreement, mended: `horse_offer_whose_taking_loses_a_rook_to_a_check_fork`. The
//! engine's test of a safe acceptance (`classify::accepts_offer`) counted only the captures the
//! offering side has after the taking (`gains_more_than` with no checks), not a check that wins
//! material, which 24.3 counts as winning ("从下一着开始运用将军或连续'将军'得子"). It now also
//! counts a line of checks, beyond what the offering side wins by force without the taking
//! (the exchange itself left out), so a check standing all along is not charged to the
//! acceptance (`audit_cases_6::without_the_added_piece_the_offer_is_an_exchange`).
//!
//! Our own first expectations that were wrong, shown by the engine and checked against the
//! book before they were written again (the positions were changed, not the expectations):
//!
//! 1. The rook offers d3–d6 first stood with nothing on f5: from d3 the rook threatens mate down
//!    the f-file (R d3-f3+, the black rook blocks on f6, R×f6 mate), so the retreat to d3 was
//!    杀, not 闲. A red pawn on f5 shuts the f-file.
//! 2. The mating-net rook c3–c8 first stood with the cannon's screen on e5 and a pawn on f5: the
//!    cannon then checked down the f-file (C e0-f0+) and Red had a mate by four checks before
//!    the offer, so the offer was no new 杀 (the engine's `mate_stood_before`, 图5's test); with
//!    the pawn on e3 as the screen, which also shuts rank 3 against R c3-f3+, the threat is new.
//!    Without the cannon we expected the offer to be 兑 (the king escapes to e9); but two horse
//!    checks mate (H i6-g7+ K e9, H d6-f7#), the rook on c8 shutting rank 8
//!    against the black rook: 杀 too, and it is kept as a second 杀 case.
//! 3. An earlier horse-offer position with a rook behind the offered horse (the check-fork case
//!    built on the d-file) was withdrawn: the rook touched the offered horse, a 26.11 case, not
//!    the pure 26.10 one we meant.

mod symmetry;

use symmetry::cxa_case;

use xiangqi_arbiter::{Ruling, Verdict};

/// Red's horse i3–g4 and back; Black's cannon a9–a8 and back.
const HORSE_TO_G4: &str = "i3g4 a9a8 g4i3 a8a9";
/// Red's cannon i6–i5 and back; Black's cannon a9–a8 and back.
const CANNON_TO_I5: &str = "i6i5 a9a8 i5i6 a8a9";
/// Red's rook d3–d6 and back; Black's elephant g9–i7 and back.
const ROOK_TO_D6: &str = "d3d6 g9i7 d6d3 i7g9";
/// Red's rook c3–c8 and back; Black's elephant g9–i7 and back.
const ROOK_TO_C8: &str = "c3c8 g9i7 c8c3 i7g9";

/// Rules `cycle` from `fen` under CXA 2011: a draw (art. 25.2), Red's natures `red`, Black's
/// four moves idle and allowed.
fn draw(fen: &str, cycle: &str, red: &str) -> Ruling {
    cxa_case(fen, cycle, Verdict::Draw, red, "闲闲闲闲", false)
}

/// Does the explanation of `ruling` cite `article`?
fn cites(ruling: &Ruling, article: &str) -> bool {
    ruling.explanation.en().contains(article)
}

// ---------------------------------------------------------------------------------------------
// Same-type offers alone (arts. 24.4, 26.10).

/// Red's rook d3–d6 offers itself to the black rook on h6 (e6, f6, g6 empty); the horse on e4
/// roots d6. Black to take first: 车×车, 马×车, a rook for a rook; the horse check h8 that the
/// rook on h6 was guarding is then answered by K f9-f8 (nothing covers f8). Not mated,
/// nothing lost: 兑 (24.4, 26.10 "反之则按兑处理"), 闲 (24.8). The pawns d9 (covering e9), f5
/// (shutting the f-file) and i5 (rooting the horse i6) are the same as in the next case.
#[test]
fn rook_offer_taken_first_safely_is_an_exchange() {
    draw(
        "3P1kb2/9/9/7rN/5P2P/4N4/3R5/9/9/4K4 w - - 0 1",
        ROOK_TO_D6,
        "兑闲兑闲",
    );
}

/// The same with a red pawn on f7, covering f8. Should the black rook take on d6, it leaves h8:
/// H i6-h8 checks the king on f9 over the empty leg g8, e9 is covered by the pawn d9,
/// f8 by the pawn f7, nothing can take the horse or stand on g8: mate. "被邀兑方兑子后立即被杀
/// … 邀兑方按'捉'处理" (26.10): each offer is 捉; Red 一捉一闲, allowed (24.13), a draw (25.2).
/// Before the offer Red has no mate (the rook on h6 guards h8). The engine agrees on 捉, naming
/// the black rook unrooted (无根子): with the same type it reaches the chase only because
/// taking first is not safe.
#[test]
fn rook_offer_whose_taking_is_mated_is_a_chase() {
    draw(
        "3P1kb2/9/5P3/7rN/5P2P/4N4/3R5/9/9/4K4 w - - 0 1",
        ROOK_TO_D6,
        "捉闲捉闲",
    );
}

/// Red's horse i3–g4 (rooted by the pawn g3) offers itself to the black horse f6, which is
/// rooted by the horse h7. The black rook d7 faces the red rook d2 (rooted by the advisor e1);
/// it is rooted by the horse f6 and by the advisor e8. Black to take first: 马×马, 兵×马, a horse
/// for a horse, and the rook d7 keeps the advisor's root: nothing lost, 兑 (24.4, 26.10).
#[test]
fn horse_offer_taken_first_safely_is_an_exchange() {
    draw(
        "c3k4/4a4/3r3n1/5n3/9/9/6P1N/3R5/4A4/4K4 w - - 0 1",
        HORSE_TO_G4,
        "兑闲兑闲",
    );
}

/// The same without the advisor on e8: the horse f6 is the black rook's only root. Should it
/// take the red horse, 车×车 on d7 wins a rook for the horse: "兑子后立即 … 子力价值受损，邀兑方
/// 按'捉'处理" (26.10). Each offer is 捉; 一捉一闲 is allowed, a draw.
#[test]
fn horse_offer_whose_taking_unroots_a_rook_is_a_chase() {
    let ruling = draw(
        "c3k4/9/3r3n1/5n3/9/9/6P1N/3R5/4A4/4K4 w - - 0 1",
        HORSE_TO_G4,
        "捉闲捉闲",
    );
    assert!(cites(&ruling, "26.10"), "{}", ruling.explanation.en());
}

/// Red's cannon i6–i5 offers itself, over the red pawn g5, to the black cannon e5, which
/// nothing roots; the horse h3 roots i5; no rook is near. The red cannon would win the black
/// one for nothing, but it is the same type and Black may take first: 炮×炮, 马×炮, nothing
/// lost. 24.4 asks only whether the taker loses: 兑 (26.10 "反之则按兑处理"), unlike the rook
/// case of 26.11.1 below.
#[test]
fn cannon_offer_to_an_unrooted_cannon_is_an_exchange() {
    draw(
        "c4k3/9/9/8C/4c1P2/9/7N1/9/9/3K5 w - - 0 1",
        CANNON_TO_I5,
        "兑闲兑闲",
    );
}

/// Red's horse g3–h5 (rooted by the pawn g5) offers itself to the unrooted black horse g7,
/// which stands on the leg of the red horse f7. Should the black horse take on h5, the leg is
/// free: H f7-h8 checks the king f9 over g8 and attacks the black rook i6 over h7;
/// the king must step aside (e9 or f8: nothing can take the horse or block g8) and the rook
/// falls, a rook for the horse Black took. By 24.3 a check that wins material wins it ("从下
/// 一着开始运用将军或连续'将军'得子"), so taking first loses material at once: "被邀兑方兑子后立即
/// … 子力价值受损，邀兑方按'捉'处理" (26.10), and 24.4's 兑 needs "不致 … 立即在子力价值上遭受
/// 损失". Each offer is 捉; 一捉一闲, a draw.
///
/// The engine ruled the offer 兑: `classify::accepts_offer` weighed the taking by
/// `gains_more_than(cache, &taken, 0, …)`, captures only, no checks, and saw only 兵×马.
/// Before the offer Red has no such line (the horse g7 blocks the leg of f7-h8), so the loss
/// comes from the taking alone. Letting `accepts_offer` count checks alone made this case 捉
/// but broke `audit_cases_6::without_the_added_piece_the_offer_is_an_exchange`: there the red
/// rook a5 has its check R a5-a9+ down the open a-file whether or not the horse d5 takes (after
/// the taking, K e9-e8 and R×i9 win the rook), and a plain count charged that line to the
/// acceptance. Mended: the checks count only beyond what the offering side wins by force
/// without the taking (图5's test), the exchange itself left out.
#[test]
fn horse_offer_whose_taking_loses_a_rook_to_a_check_fork() {
    draw(
        "c4k3/9/5Nn2/8r/6P2/9/6N2/9/9/4K4 w - - 0 1",
        "g3h5 a9a8 h5g3 a8a9",
        "捉闲捉闲",
    );
}

// ---------------------------------------------------------------------------------------------
// A rook and a horse touching a horse (art. 26.11).

/// The red rook e1 attacks the black horse e5, which nothing roots; Red's horse i3–g4 (rooted
/// by the pawn g3) touches it too. "被接触的马'无根'，则车方按'捉'处理" (26.11.1): each 马到g4 is
/// 捉, though Black could take first safely (which alone would make it 兑, 26.10). Red
/// 一捉一闲, allowed; a draw.
#[test]
fn rook_and_horse_on_an_unrooted_horse_chase() {
    let ruling = draw(
        "c4k3/9/9/9/4n4/9/6P1N/9/4R4/3K5 w - - 0 1",
        HORSE_TO_G4,
        "捉闲捉闲",
    );
    assert!(cites(&ruling, "26.11.1"), "{}", ruling.explanation.en());
}

/// The same with a black horse on c6 rooting e5 (leg d6). Rook and horse against one root
/// would win it (少根, 24.15), but 26.11.2: "有根，且主动接受邀兑后其'根'无损失按'兑'处理" —
/// 马×马, 兵×马, and the horse c6 loses nothing. 兑, 闲; a draw.
#[test]
fn rook_and_horse_on_a_rooted_horse_whose_root_is_safe_exchange() {
    draw(
        "c4k3/9/9/2n6/4n4/9/6P1N/9/4R4/3K5 w - - 0 1",
        HORSE_TO_G4,
        "兑闲兑闲",
    );
}

/// The same with the root a black rook on e8 (unrooted: the king f9 does not touch e8), on
/// the red rook's file behind the horse. Should the horse accept (马×马), the file opens and
/// 车×车 wins the root: "其'根'无损失" fails, so not 兑 — 捉 (26.11.2 read with 26.10). Red
/// 一捉一闲, a draw. The engine reaches 捉 through the exchange on e5 (兑换得子: horse, rook and
/// horse, rook), after finding the acceptance unsafe.
#[test]
fn rook_and_horse_on_a_horse_whose_root_is_lost_chase() {
    draw(
        "c4k3/4r4/9/9/4n4/9/6P1N/9/4R4/3K5 w - - 0 1",
        HORSE_TO_G4,
        "捉闲捉闲",
    );
}

/// The rooted case, with the red horse standing on g4 from the start (rook and horse already
/// in contact, 兑 by 26.11.2), and Red's cannon d0–e0 coming onto the e-file behind the rook:
/// over the rook it attacks the horse e5 as a third piece against one root. "如车方增加其他参与
/// 子力并产生新的捉按'捉'处理" (26.11.2): 捉; the cannon's way back is 闲. A draw.
#[test]
fn a_cannon_added_to_rook_and_horse_chases() {
    draw(
        "c2k5/9/9/2n6/4n4/6N2/6P2/9/4R4/3C1K3 w - - 0 1",
        "d0e0 a9a8 e0d0 a8a9",
        "捉闲捉闲",
    );
}

// ---------------------------------------------------------------------------------------------
// A rook and a cannon touching a cannon (art. 26.11, "车炮同时与炮").

/// The red rook e1 attacks the unrooted black cannon e5; Red's cannon i6–i5 (rooted by the
/// horse h3) touches it over the pawn g5. 26.11.1: 捉 each time. A draw.
#[test]
fn rook_and_cannon_on_an_unrooted_cannon_chase() {
    let ruling = draw(
        "c4k3/9/9/8C/4c1P2/9/7N1/9/4R4/3K5 w - - 0 1",
        CANNON_TO_I5,
        "捉闲捉闲",
    );
    assert!(cites(&ruling, "26.11.1"), "{}", ruling.explanation.en());
}

/// The same with a black horse on c6 rooting e5: 炮×炮, 马×炮, the root untouched — 兑 (26.11.2).
#[test]
fn rook_and_cannon_on_a_rooted_cannon_whose_root_is_safe_exchange() {
    draw(
        "c4k3/9/9/2n5C/4c1P2/9/7N1/9/4R4/3K5 w - - 0 1",
        CANNON_TO_I5,
        "兑闲兑闲",
    );
}

/// The same with the root an unrooted black rook on e8: accepting (炮×炮) opens the e-file and
/// 车×车 wins the root. 捉 (26.11.2, 26.10). A draw.
#[test]
fn rook_and_cannon_on_a_cannon_whose_root_is_lost_chase() {
    draw(
        "c4k3/4r4/9/8C/4c1P2/9/7N1/9/4R4/3K5 w - - 0 1",
        CANNON_TO_I5,
        "捉闲捉闲",
    );
}

/// The rooted case, with the red cannon standing on i5 from the start (兑 by 26.11.2), and a
/// red horse f2–g4 coming to attack e5 over the empty leg f4, a third piece against one root:
/// "车方增加其他参与子力并产生新的捉" — 捉 (26.11.2). A draw.
#[test]
fn a_horse_added_to_rook_and_cannon_chases() {
    draw(
        "c4k3/9/9/2n6/4c1P1C/9/7N1/5N3/4R4/3K5 w - - 0 1",
        "f2g4 a9a8 g4f2 a8a9",
        "捉闲捉闲",
    );
}

// ---------------------------------------------------------------------------------------------
// 兑兼捉 and 兑兼杀 (arts. 26.5, 26.10).

/// The safe horse offer above (the advisor e8 roots the rook d7) with a black cannon on h6
/// that nothing roots: from g4 the red horse attacks it too (leg g5 empty). "兑(献)兼捉，按'捉'
/// 处理" (26.5): 捉 each time; a draw.
#[test]
fn horse_offer_that_also_hits_an_unrooted_cannon_chases() {
    draw(
        "c3k4/4a4/3r3n1/5n1c1/9/9/6P1N/3R5/4A4/4K4 w - - 0 1",
        HORSE_TO_G4,
        "捉闲捉闲",
    );
}

/// Red's rook c3–c8 (rooted by the horse d6) offers itself to the unrooted black rook a8 —
/// which may take it (车×车, 马×车) — and from c8 covers f8 along rank 8. Then H i6-g7
/// checks the king f9 over g8; e9 is covered by the cannon e0 over the pawn e3, f8
/// by the rook; nothing takes g7 or stands on g8 (the black rook is shut out of rank 8 by the
/// rook c8): mate. "如邀兑之子参与做杀(与其他子配合连续将军)则按'杀'处理" (26.10), "兑兼杀按
/// '杀'处理" (26.5). Before the move Red has no mate (H g7+ is met by K f8 or by the rook
/// blocking on g8; rank 3 is shut
/// by the pawn e3, the c-file by the pawn c9). Red 一杀一闲, not in 24.13's list: a draw.
#[test]
fn offering_rook_that_closes_a_mating_net_threatens_mate() {
    draw(
        "2P2kb2/r8/9/3N4N/9/9/2R1P4/9/9/3KC4 w - - 0 1",
        ROOK_TO_C8,
        "杀闲杀闲",
    );
}

/// The same without the cannon: e9 is open, but two horse checks mate — H i6-g7+ K e9 (f8 is
/// the rook's), H d6-f7+ over the empty leg f8: d9 covered by the pawn c9, f9 and e8 by the
/// horse g7, and the black rook cannot reach f8 past the rook c8. "与其他子配合连续将军": 杀
/// (26.10). A draw.
#[test]
fn offering_rook_in_a_mate_by_two_horse_checks_threatens_mate() {
    draw(
        "2P2kb2/r8/9/3N4N/9/9/2R1P4/9/9/3K5 w - - 0 1",
        ROOK_TO_C8,
        "杀闲杀闲",
    );
}
