//! An eleventh audit of the repetition rulings (棋例) under CXA 2011 (arts. 23–26): nine of the
//! book's own figures that the project holds (`rulings_cxa.json`: 图6, 图8, 图10, 图11, 图19,
//! 图20, 图21 and both lines of 图29), each with ONE piece added, moved or taken away.
//!
//! Method. For each figure the book's moves, labels and explanation were read first, to find the
//! concept its ruling rests on; then one change was made that, by the book's wording, must flip
//! a label or the verdict (a root added, a screen or a forcing piece taken away, a blocker put on
//! a line), or must leave everything as it is (a piece far away, the target a file over). The
//! expected verdict and the natures of both sides' moves were written from the book's text
//! (quoted at each test) before the engine was run. Each variant's cycle is the figure's own
//! period played twice from the variant's position, so the position occurs three times (arts.
//! 23.1, 23.3; `symmetry::rule_with` fails otherwise), and every variant is also ruled mirrored
//! and with the colours swapped (`symmetry::check`). Natures are written with the book's
//! characters (see `symmetry::is`: 闲 takes any idle nature, 兑 only an exchange offer).
//!
//! Articles and figures perturbed:
//!
//! | article | concept | figure: change |
//! |---|---|---|
//! | 25.1, 23.5.1 | 长将 loses in any case | 图6: a red pawn far away (Red now has other moves); a black pawn on e6 blocking one check |
//! | 24.3, 24.15, 26.1, 26.7 | 捉 of an unrooted crossed pawn; 一将一捉; the king's step that frees a rook | 图8: the pawn c3 rooted by a pawn on b3; the pawn a file over, on d3; the pawn a6 rooted by a pawn on b6 |
//! | 26.9.3, 24.15, 24.17 | single 长捉 against a joint chase | 图10: a red pawn far away; the red horse f4 moved to f3, so the rook h4 roots d4; the black cannon c7 moved to b7 |
//! | 26.9.3, 24.16, 24.17 | a cannon's pin makes a false root | 图11: a black horse on g8 that roots e7 truly; a black pawn far away |
//! | 26.9.4, 26.2, 26.7 | 一将一捉 against 长杀; an answer to check that makes a new 杀 | 图19: a black pawn far away; the black horse h1 (the new mate's piece) taken away; a black rook on g7 rooting the cannon e7 and the pawn g4 |
//! | 26.10 | 邀兑之子参与做杀 | 图20: a red pawn far away; the red cannon a9 (the mate's second piece) taken away |
//! | 26.9.1, 24.5, 26.11 | 长捉车 by a cannon; rook and horse touching a horse | 图21: the black cannon h8 rooted by a rook on h9; the screen c6 taken away; the horse h6's root (the rook h3) taken away |
//! | 24.2, 24.3, 24.10, 24.15, 26.9.1, 26.9.4 | 长兑 against 长杀, 长杀 against 长杀; 杀 against 捉 by a line of checks | 图29 (both lines): a red pawn far away; a red advisor on f0 that stops the back-rank mate |
//!
//! Reasoning, variant by variant, is at each test.
//!
//! Our own first expectations that were wrong, shown by the engine and checked against the book
//! before the expectation was written again (the engine agreed with the book on every variant):
//!
//! 1. 图10 with the black cannon on b7
//!    ([`fig10_with_the_cannon_off_the_file_neither_side_chases_on_every_move`]). We wrote Red
//!    长捉 (must change), taking 马六退七's 捉 for the elephant's standing attack on the unrooted
//!    rook on c4. The engine ruled the retreat 闲 and the cycle a draw, and the book agrees: in
//!    the figure, before the retreat, the elephant's capture of c4 was met by 炮×c0 over it,
//!    a mate (the horse on d4 left the c-file open: "得子后不致立即…被对方将死的称为捉", art.
//!    24.3); 马六退七 closes the file and so makes the capture (art. 24.3, "造成其他子能吃子").
//!    With the cannon off the file the capture stood
//!    before the retreat, which then changes nothing ("退车前就可吃底士，退车后吃士结果没有发生变化",
//!    图5): 闲.
//! 2. 图29 with a red advisor on f0, both lines
//!    ([`fig29_main_line_with_an_advisor_on_f0_black_chases_it_instead_of_mating`],
//!    [`fig29_variation_with_an_advisor_on_f0_mate_threats_against_a_chase_draw`]). We wrote
//!    that Black, its back-rank mate gone, could give no check at all and played 闲 (a draw in the
//!    main line, Red to change in the variation). The engine ruled Black's rook moves 捉, and it is
//!    right: 卒b0 makes the cannon on a0 check over it, and the checks win the advisor or the
//!    elephant (art. 24.3), once the black rook has left the file where the red rook would take it
//!    with check. In the variation Black's 长捉 of that not fully protected advisor is 长捉无根子
//!    by art. 24.15's split, listed in art. 26.9.1 as Red's 长杀 is: a draw (art. 26.9.4).
//!
//! The engine disagreed with the book once, on a variant, not on a figure (mended):
//!
//! 图19 with a second black rook on g7
//! ([`fig19_with_a_rook_rooting_both_targets_only_black_threatens`]). The rooks on g9 and g7
//! face each other from the start; 车六平五 frees the red one (before it, leaving g9 lets Black
//! mate) and so makes 车×g7 possible. Black may take first, 车×g9, without being mated and
//! without loss (it then loses the cannon e7, a cannon for a rook), so by art. 26.10 the
//! contact is 兑 ("…反之，则按'兑'处理"), and 车六平五, whose other targets are rooted, is 闲:
//! Red 一将一闲, Black 长杀 must change. The engine ruled 车六平五 捉 and the cycle a draw
//! (26.9.4): in `analyse_with` (src/classify.rs) the contact g9–g7, judged an exchange Black
//! accepts safely, was dropped as no new attack (`OldAttacks::is_new`), and the forced-line
//! search that followed barred only the pieces of the *new* attacks judged
//! `Reason::SameType`, so it took the rook on g7 at once and named a chase. Barring every
//! standing contact's piece from the whole line was tried first: it changed 21 corpus rulings
//! (五羊杯 00002023 and its copies, where Black's line starts with the check 车8进6 and wins
//! the horse on f4, which stands in a horse–horse contact; under checks Red cannot exchange it
//! first). Mended: the line may not *open* by taking such a piece with its partner of the same
//! type (`Aim`'s `not_first`): that capture is the exchange the other side may settle first;
//! after checks it counts. No verdict changes elsewhere (both books' cases, the corpus).

mod symmetry;

use symmetry::{cxa, cxa_case, is, rule_with};

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// 图6: 长将 loses "in any case" (arts. 25.1, 23.5.1).

/// 图6: "尽管红方只有车能走动，无从变着，但在任何情况下均不允许单方面长将，红方作负". Here a red pawn
/// stands on a6, far from the cycle: Red now could change, and the book's "在任何情况下均不允许
/// 单方面长将" (art. 25.1) still applies: 车四平五, 车五平四 are 将 (art. 24.1: "凡走子直接攻击对方
/// 帅(将)者"), the king's steps 闲; "单方'长将'立即判负" (art. 23.5.1): Red loses.
#[test]
fn fig06_with_a_pawn_far_away_the_perpetual_check_still_loses() {
    let fen = "2b6/4k4/9/P8/9/9/9/9/2p6/3K1RBc1 w - - 0 1";
    let cycle = "f0e0 e8f8 e0f0 f8e8";
    cxa_case(
        fen,
        cycle,
        Verdict::Loses(Color::Red),
        "将将将将",
        "闲闲闲闲",
        false,
    );
}

/// 图6 with a black pawn on e6, between the rook's point e0 and the king on e8: 车四平五 no longer
/// attacks the king (art. 24.1), and the rook, pinned to the back rank by the cannon on h0
/// (screen g0), cannot take the pawn (nor is an uncrossed pawn a gain, art. 26.7): 闲. 车五平四
/// still checks on the f-file. Red 一将一闲 — not in the list of art. 24.13 ("长将、长杀、长捉、
/// 一将一杀、一将一捉、一杀一捉"), so "允许着法" (art. 24.14); the king's steps 闲. "双方均为允许着法，
/// 双方不变作和" (art. 25.2): a draw.
#[test]
fn fig06_with_a_pawn_blocking_one_check_is_one_check_one_idle() {
    let fen = "2b6/4k4/9/4p4/9/9/9/9/2p6/3K1RBc1 w - - 0 1";
    let cycle = "f0e0 e8f8 e0f0 f8e8";
    cxa_case(fen, cycle, Verdict::Draw, "闲将闲将", "闲闲闲闲", false);
}

// ---------------------------------------------------------------------------------------------
// 图8: 一将一捉 against 一捉一闲 (arts. 24.3, 24.13, 25.3).

/// 图8: "红方一捉一将，黑方一捉一闲，红方变着". 车二退六 (h9-h3) attacks the crossed black pawn on c3,
/// which nothing protects (无根子, art. 24.15), and the horse on i3, rooted by the pawn on i4.
/// Here a black pawn on b3 guards c3 sideways: 车×c3, 卒×c3 is a rook for a pawn, no gain ("兵
/// （或数兵）与其他一子或数子…互换均不算得子", art. 26.7), so 车二退六 is 闲 and Red plays 一将一闲,
/// allowed (art. 24.14). Black's 将6退1 still frees the rook f6 to take the unrooted pawn on a6
/// ("走动后其他子产生新的'捉'，按'捉'处理", art. 26.1) and 将6进1 answers check ("走动帅(将)应将而产生
/// 的'捉'、'杀'按'闲'处理", art. 26.2): 一捉一闲, allowed. Both allowed: a draw (art. 25.2).
#[test]
fn fig08_with_the_pawn_rooted_the_rook_only_checks_and_idles() {
    let fen = "3a3R1/3Nck3/3ab4/P4r3/9/8p/1pp5n/C3BA2B/4A4/4K4 w - - 0 1";
    let cycle = "h9h3 f8f9 h3h9 f9f8";
    cxa_case(fen, cycle, Verdict::Draw, "闲将闲将", "捉闲捉闲", false);
}

/// 图8 with the black pawn a file over, on d3: still crossed and unrooted, and 车二退六 attacks it
/// along the third rank as it did c3 (art. 24.3, "所走动子能直接吃子"): the book's labels and
/// ruling stand — Red 一将一捉 (art. 24.13) against Black's allowed 一捉一闲: Red must change
/// (art. 25.3: "一方为禁止着法，另一方为允许着法，由前者变着").
#[test]
fn fig08_with_the_pawn_a_file_over_red_still_checks_and_chases() {
    let fen = "3a3R1/3Nck3/3ab4/P4r3/9/8p/3p4n/C3BA2B/4A4/4K4 w - - 0 1";
    let cycle = "h9h3 f8f9 h3h9 f9f8";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        "捉将捉将",
        "捉闲捉闲",
        false,
    );
}

/// 图8 with a red pawn on b6, beside the pawn on a6 (a crossed pawn guards sideways): 将6退1
/// frees the rook on f6 only onto b6, now the first piece on its rank, and the pawns root each
/// other — a rook for a pawn is no gain ("兵（或数兵）与其他一子或数子…互换均不算得子", art. 26.7).
/// The king's step no longer lets another piece make a new chase (art. 26.1: "走动后其他子产生
/// 新的'捉'，按'捉'处理" asks a new 捉): 闲, and 将6进1 answers check (art. 26.2): 闲. Red's
/// 一将一捉 is unchanged, Black 两闲: Red must change (art. 25.3).
#[test]
fn fig08_with_the_pawn_a6_rooted_the_kings_steps_are_idle() {
    let fen = "3a3R1/3Nck3/3ab4/PP3r3/9/8p/2p5n/C3BA2B/4A4/4K4 w - - 0 1";
    let cycle = "h9h3 f8f9 h3h9 f9f8";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        "捉将捉将",
        "闲闲闲闲",
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// 图10: a single piece's 长捉 against a joint chase (arts. 24.17, 26.9.3).

/// 图10: "红方进马、退马长捉黑车，黑方车一步捉无根子，另一步为车炮联合捉子，红方变着". Here a red pawn
/// stands on g3, far from the c- and d-files where the cycle plays: nothing changes. Red 长捉
/// (捉捉捉捉), Black 捉捉捉捉 with one joint chase (art. 24.17): Red must change (art. 26.9.3).
#[test]
fn fig10_with_a_pawn_far_away_red_still_must_change() {
    let fen = "2b1ka3/4a4/n1c1b1n2/p1r1p3p/6p2/5N1R1/P3P1P1P/2N1B2C1/4A4/2BAK4 w - - 0 1";
    let cycle = "c2d4 c6c4 d4c2 c4c6";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "捉捉捉捉",
        true,
    );
}

/// 图10 with the red horse on f3 instead of f4: the rook on h4 now sees along the fourth rank
/// to d4 and roots the horse there ("有己方其他棋子…充分保护的棋子，称为'有根子'", art. 24.15).
/// 车3进2 then attacks a rooted horse — a rook for a horse, no gain (art. 24.3 asks 得子) — and
/// is 闲; 车3退2 is still the 车炮联合捉子 on c2 (art. 24.17). Black 一捉一闲, allowed (art.
/// 24.14). Red's moves still chase the rook: 马七进六 attacks it on c6, 马六退七 leaves it on c4
/// to the elephant and now also to the rook on h4, unrooted: 长捉 (art. 24.11), forbidden.
/// Red must change (art. 25.3).
#[test]
fn fig10_with_the_horse_rooted_by_the_rook_black_only_chases_once() {
    let fen = "2b1ka3/4a4/n1c1b1n2/p1r1p3p/6p2/7R1/P3PN2P/2N1B2C1/4A4/2BAK4 w - - 0 1";
    let cycle = "c2d4 c6c4 d4c2 c4c6";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲捉闲捉",
        false,
    );
}

/// 图10 with the black cannon on b7 instead of c7: 车3退2 is no longer "车炮联合捉子" — the rook
/// on c6 alone attacks the horse on c2, which the red cannon on h2 roots over the elephant on e2
/// (a rook for a horse, no gain, art. 24.3), and without the cannon no two pieces take it
/// together ("缺少其中任何一个都无法吃子", art. 24.17): 闲. 车3进2 still attacks the unrooted horse
/// on d4: 捉. Black 一捉一闲, allowed (art. 24.14).
///
/// Red's 马六退七 changes too, which our first expectation missed (see the module doc): in the
/// figure the elephant's capture of the rook on c4 was met, before the retreat, by 炮×c0 over
/// the elephant, a mate (the c-file open while the horse stood on d4; art. 24.3 counts no
/// capture "被对方将死" at once); the retreat to c2 closes the file, so the horse "造成其他子能
/// 吃子" (art. 24.3) — that is the book's 退马 捉.
/// Without the cannon on the c-file the elephant could take the rook just as well before the
/// retreat: "退车前就可吃底士，退车后吃士结果没有发生变化" (图5) — the retreat makes no capture and
/// is 闲. Red 一捉一闲, allowed. "双方均为允许着法，双方不变作和" (art. 25.2): a draw.
#[test]
fn fig10_with_the_cannon_off_the_file_neither_side_chases_on_every_move() {
    let fen = "2b1ka3/4a4/nc2b1n2/p1r1p3p/6p2/5N1R1/P3P3P/2N1B2C1/4A4/2BAK4 w - - 0 1";
    let cycle = "c2d4 c6c4 d4c2 c4c6";
    cxa_case(fen, cycle, Verdict::Draw, "捉闲捉闲", "捉闲捉闲", false);
}

// ---------------------------------------------------------------------------------------------
// 图11: a cannon's pin makes a false root; 长捉无根子 against a joint chase (arts. 24.16,
// 24.17, 26.9.3).

/// 图11: "红方车炮联合捉子，黑方长捉无根子，黑方变着". The red cannon on b9 or a9 pins the elephant
/// on c9 (if it leaves, the cannon checks through d9), so its root of e7 is false ("形式上是根，
/// 实际不能离线反吃…假根按无根子处理", art. 24.16) and the rook on e5 takes e7: a joint chase
/// (art. 24.17). Here a black horse on g8 roots e7 truly (its leg f8 free): 车×e7, 马×e7 is a
/// strong piece for a weak one, no gain (art. 26.6: "一个强子主动换数个弱子不算得子"), and the
/// cannon's moves attack only a rooted advisor and an uncrossed pawn: 闲. Red 闲闲, allowed;
/// Black's rook still attacks the unrooted cannon on every move, 长捉无根子 (arts. 24.11,
/// 26.9.1): Black must change (art. 25.3).
#[test]
fn fig11_with_the_elephant_truly_rooted_only_black_chases() {
    let fen = "1Cbak4/1r2a1n2/c3b4/p8/2p1R4/6P1P/2P6/4B4/4A4/2BAK4 w - - 0 1";
    let cycle = "b9a9 b8a8 a9b9 a8b8";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        "闲闲闲闲",
        "捉捉捉捉",
        true,
    );
}

/// 图11 with a black pawn on i6, far from the cycle: the book's ruling stands, both sides 捉 on
/// every move, Red's joint, Black's by the rook alone on an unrooted cannon: "凡单方长捉无根子，
/// 对方联合捉无根子，前者变着" (art. 26.9.3): Black must change.
#[test]
fn fig11_with_a_pawn_far_away_black_still_must_change() {
    let fen = "1Cbak4/1r2a4/c3b4/p7p/2p1R4/6P1P/2P6/4B4/4A4/2BAK4 w - - 0 1";
    let cycle = "b9a9 b8a8 a9b9 a8b8";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        "捉捉捉捉",
        "捉捉捉捉",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 图19: 一将一捉 against 长杀 (arts. 26.2, 26.4, 26.9.4).

/// 图19: "红方一将一捉，黑炮平2是做杀，平4应将后增加了黑马退6的杀着。红方一将一捉，黑方长杀，双方不变
/// 作和". Here a black pawn stands on i5, on no line of the cycle and of no mating net: Red
/// 一将一捉 and Black 长杀 are both forbidden and both in the list of art. 26.9.1, so neither
/// is singled out: "除上述情况外，双方不变作和" (art. 26.9.4): a draw.
#[test]
fn fig19_with_a_pawn_far_away_both_forbidden_is_a_draw() {
    let fen = "5aR2/3ka4/3cc4/3R5/8p/2P3p2/2r6/4B4/4A2n1/2B1KA3 w - - 0 1";
    let cycle = "d6e6 d7b7 e6d6 b7d7";
    cxa_case(fen, cycle, Verdict::Draw, "捉将捉将", "杀杀杀杀", true);
}

/// 图19 without the black horse on h1, whose retreat to f2 (马退6) is the mate threat the book
/// names for 炮2平4: "平4应将后增加了黑马退6的杀着". Without it 炮2平4 answers the check and makes
/// no new mate threat, nor any capture (the cannon on d7 has no screen onto a red piece): "走动
/// 其他棋子应将后产生新的'捉'或'杀'，判'捉'或'杀'" (art. 26.2) does not apply, and it is 闲. (炮4平2
/// may still threaten mate, or win material by a check, or do neither: Black's play is then
/// 一杀一闲, 一捉一闲 or 两闲, none in the list of art. 24.13, so allowed either way; the test
/// leaves that move's nature open. The engine rules it 捉: 炮2进7 checks over the elephant on
/// c0 and a forced line wins the advisor.)
/// Red's 一将一捉 is unchanged (the rook on e6 attacks the unrooted cannon on e7): forbidden
/// against allowed play: Red must change (art. 25.3).
#[test]
fn fig19_without_the_horse_the_answer_to_check_makes_no_mate_threat() {
    let fen = "5aR2/3ka4/3cc4/3R5/9/2P3p2/2r6/4B4/4A4/2B1KA3 w - - 0 1";
    let cycle = "d6e6 d7b7 e6d6 b7d7";
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Red),
        Some("捉将捉将"),
        Some(false),
    );
    let answers: Vec<_> = ruling
        .moves
        .iter()
        .filter(|a| a.mover == Color::Black && a.iccs == "b7d7")
        .collect();
    assert_eq!(answers.len(), 2, "{}", ruling.explanation.en());
    for a in answers {
        assert!(
            is(a.nature, '闲'),
            "{:?}\n{}",
            a.nature,
            ruling.explanation.en()
        );
    }
}

/// 图19 with a second black rook on g7: along the seventh rank it roots the cannon on e7, and
/// down the g-file the pawn on g4 (the pieces 车六平五 attacks: "红方一将一捉"). 车×e7 is then a
/// rook for a cannon and 相×g4 an elephant for a pawn ("兵（或数兵）与其他一子或数子…互换均不算
/// 得子", art. 26.7): no gain. The rooks on g9 and g7 face each other from the start. Before
/// 车六平五 the red rook cannot leave g9 (Black mates); after it, 车×g7 becomes possible — as in
/// the figure, where 车六平五 frees the same rook onto g4. But a same-type contact is judged by
/// art. 26.10: "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损，邀兑方按'捉'处理，反之，则按'兑'
/// 处理". Black, to move, may take first, 车×g9: it is not mated, and it loses nothing (the rook
/// on e6 then takes the cannon on e7, a cannon for a rook): so the contact is 兑, no 捉, and
/// 车六平五 is 闲 (art. 24.8). Red 一将一闲, allowed (art. 24.14); Black's cannon still
/// threatens mate on both moves, as the book says (a second rook only adds to Black's attack):
/// 长杀 (art. 24.10), forbidden and listed (art. 26.9.1). Black must change (art. 25.3).
#[test]
fn fig19_with_a_rook_rooting_both_targets_only_black_threatens() {
    let fen = "5aR2/3ka4/3cc1r2/3R5/9/2P3p2/2r6/4B4/4A2n1/2B1KA3 w - - 0 1";
    let cycle = "d6e6 d7b7 e6d6 b7d7";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        "闲将闲将",
        "杀杀杀杀",
        true,
    );
}

// ---------------------------------------------------------------------------------------------
// 图20: "如邀兑之子参与做杀…则按'杀'处理" (art. 26.10).

/// 图20: "红马八进九兑车的同时，兼马九进七，马七退六再车九进二杀，即邀兑之子参与做杀，判杀；马九退八判
/// 捉。红方一杀一捉，黑方两闲，红方变着". Here a red pawn stands on c3, far from the mating net on the
/// black king and from the rooks' lines: Red 一杀一捉 (art. 24.13), Black 两闲: Red must change
/// (art. 25.3).
#[test]
fn fig20_with_a_pawn_far_away_red_still_must_change() {
    let fen = "C3kab2/4a4/4b4/RNr3p1p/9/3pp1P2/P1P5P/4B4/3cA4/3AK1B2 w - - 0 1";
    let cycle = "b6a8 c6c8 a8b6 c8c6";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Red),
        "杀捉杀捉",
        "闲闲闲闲",
        false,
    );
}

/// 图20 without the red cannon on a9: the book's mate (马九进七 — a discovered check by the cannon
/// over the horse on c9 — 马七退六, 车九进二) has no cannon, and 马八进九 no longer "参与做杀"; it
/// still opens the rooks onto each other, and Black may take: the black rook on c6 would take
/// an unrooted rook on a6 (the cannon rooted it over the horse on a8) without loss, so by "同兵种
/// 邀兑，被邀兑方兑子后立即被杀或子力价值受损，邀兑方按'捉'处理，反之，则按'兑'处理" (art. 26.10) it
/// is 兑 (闲, art. 24.8). 马九退八 still attacks the unrooted rook on c8: 捉. Red 一捉一闲, allowed
/// (art. 24.14); Black's rook moves attack only horses the rook a6 roots (no gain): 闲闲. A
/// draw (art. 25.2).
#[test]
fn fig20_without_the_cannon_the_offer_makes_no_mate() {
    let fen = "4kab2/4a4/4b4/RNr3p1p/9/3pp1P2/P7P/4B4/3cA4/3AK1B2 w - - 0 1";
    let cycle = "b6a8 c6c8 a8b6 c8c6";
    cxa_case(fen, cycle, Verdict::Draw, "兑捉兑捉", "闲闲闲闲", false);
}

// ---------------------------------------------------------------------------------------------
// 图21: 长捉车 by a cannon against 一兑一捉 (arts. 24.13, 26.9.1, 25.3).

/// 图21: "红方一兑一捉，黑方长捉车，黑方变着". 车四进二 (f6-f8) attacks the unrooted cannon on h8
/// (捉). Here a black rook on h9 roots it: 车×h8, 车×h8 is a rook for a cannon, no gain (art.
/// 24.3), and the rook's other targets (the advisor e8, the elephant e7 by the horse) are
/// rooted: 闲. Red 一兑一闲, allowed; Black's cannon still attacks the rook on every move, over
/// the pawn c6 and over the advisor e8 (a cannon for a rook is a gain, art. 24.3): 长捉车,
/// forbidden (arts. 24.13, 26.9.1). Black must change (art. 25.3).
#[test]
fn fig21_with_the_cannon_rooted_red_only_offers_and_idles() {
    let fen = "2b1ka1r1/1c2aR1c1/4b4/p1p4np/4nN3/2P1C4/P5PrP/2N1BC3/9/3AKAB2 w - - 0 1";
    let cycle = "f8f6 b8b6 f6f8 b6b8";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        "兑闲兑闲",
        "捉捉捉捉",
        true,
    );
}

/// 图21 without the black pawn on c6, the screen of 炮2进2's attack on the rook on f6: the cannon
/// on b6 sees the rook with nothing between and attacks nothing (a cannon takes only over a
/// screen, art. 2); it stands where the rook may take it, and Red wins nothing less for it, so
/// it is at most a 献 (art. 24.5), 闲. 炮2退2 still attacks the rook on f8 over the advisor:
/// 捉. Black 一捉一闲, allowed; Red 一兑一捉, allowed. "双方均为允许着法，双方不变作和" (art.
/// 25.2): a draw.
#[test]
fn fig21_without_the_screen_black_chases_only_once() {
    let fen = "2b1ka3/1c2aR1c1/4b4/p6np/4nN3/2P1C4/P5PrP/2N1BC3/9/3AKAB2 w - - 0 1";
    let cycle = "f8f6 b8b6 f6f8 b6b8";
    cxa_case(fen, cycle, Verdict::Draw, "兑捉兑捉", "闲捉闲捉", false);
}

/// 图21 without the black rook on h3, the horse h6's root along the h-file. 车四退二 puts the
/// rook beside the horse on f5, both touching the horse on h6: "车马同时与马…产生接触…被接触的马
/// (炮)'无根'，则车方按'捉'处理" (art. 26.11.1): 捉, no longer 兑. 车四进二 attacks the unrooted
/// cannon on h8: 捉. Red 长捉 of unrooted pieces (arts. 24.11, 24.13), Black 长捉车 as in the
/// figure: both forbidden, both in the list of art. 26.9.1; neither 26.9.2 (Red chases no rook)
/// nor 26.9.3 (Black's chase is of a rook, not of an unrooted piece) singles one out: "除上述情况
/// 外，双方不变作和" (art. 26.9.4): a draw.
#[test]
fn fig21_without_the_horses_root_both_chase_and_it_is_a_draw() {
    let fen = "2b1ka3/1c2aR1c1/4b4/p1p4np/4nN3/2P1C4/P5P1P/2N1BC3/9/3AKAB2 w - - 0 1";
    let cycle = "f8f6 b8b6 f6f8 b6b8";
    cxa_case(fen, cycle, Verdict::Draw, "捉捉捉捉", "捉捉捉捉", true);
}

// ---------------------------------------------------------------------------------------------
// 图29: 长兑 against 长杀, and 长杀 against 长杀 (arts. 24.10, 26.9.1, 26.9.4).

/// 图29, main line, from the position after 车一平二 车8平9 (the book's cycle then closes): "红方
/// 长兑，黑方长杀。黑方变着". Here a red pawn stands on c3, off every file the rooks use and off
/// the back ranks of the mating net: Red 长兑 (闲, art. 24.8), Black 长杀 (art. 24.10),
/// forbidden (arts. 24.13, 26.9.1): Black must change (art. 25.3).
#[test]
fn fig29_main_line_with_a_pawn_far_away_black_still_must_change() {
    let fen = "2bak3r/4aP3/4b4/2r1C4/4P4/2B6/2P1R2R1/B8/1p7/c3K4 w - - 0 1";
    let cycle = "h3i3 i9g9 i3g3 g9h9 g3h3 h9i9";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        "兑兑兑兑兑兑",
        "杀杀杀杀杀杀",
        true,
    );
}

/// 图29, main line, with a red advisor on f0. Black's rook moves threatened the back rank (a
/// rook down the file it opens, to e0's rank). With the advisor on f0 a rook on the g-, h- or
/// i-file meets it there, and Black has no mate by checks (art. 24.2: "企图下一着将军或连续将军以
/// 将死对方"). But 卒b0 gives the cannon on a0 a screen against the general (check), and then the
/// advisor falls: 将e1 and 炮×f0 over the pawn (the general cannot take back on the diagonal), or
/// 相c0 blocking and 卒×c0 checking again — "从下一着开始运用将军或连续将军得子" (art. 24.3): 捉.
/// Each rook move makes it: before it the rook on the red rook's file would be taken with check
/// (车×i9 etc., mating along the ninth rank) if Black spent moves on the line. Black 长捉 (arts.
/// 24.11, 24.13), forbidden; Red's offers 兑 as in the book (Black may take, 车×h3, and the rook
/// on e3 takes back): allowed. Black must change (art. 25.3).
#[test]
fn fig29_main_line_with_an_advisor_on_f0_black_chases_it_instead_of_mating() {
    let fen = "2bak3r/4aP3/4b4/2r1C4/4P4/2B6/4R2R1/B8/1p7/c3KA3 w - - 0 1";
    let cycle = "h3i3 i9g9 i3g3 g9h9 g3h3 h9i9";
    cxa_case(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        "兑兑兑兑兑兑",
        "捉捉捉捉捉捉",
        true,
    );
}

/// 图29, the book's variation (红方首着如改走车五平二), from the position after 车五平二 车8平7: "因黑方
/// 8路车不能离线，判杀…红方长杀，黑方长杀，双方不变作和". Here a red pawn stands on c3, as in the
/// main line: both sides 长杀, both listed in art. 26.9.1: a draw (art. 26.9.4).
#[test]
fn fig29_variation_with_a_pawn_far_away_is_still_a_draw() {
    let fen = "2bak1r2/4aP3/4b4/2r1C4/4P4/2B6/2P4RR/B8/1p7/c3K4 w - - 0 1";
    let cycle = "h3g3 g9h9 g3h3 h9g9";
    cxa_case(fen, cycle, Verdict::Draw, "杀杀杀杀", "杀杀杀杀", true);
}

/// 图29's variation with a red advisor on f0: Black's rook moves threaten no mate but win the
/// advisor (or the elephant) by 卒b0 with check, as in
/// [`fig29_main_line_with_an_advisor_on_f0_black_chases_it_instead_of_mating`]: 捉. The advisor
/// has the general for a root but is lost all the same, so it is not "充分保护" — by art. 24.15
/// ("凡有己方其他棋子…充分保护的棋子，称为'有根子';反之，称为'无根子'") it counts with the 无根子
/// (a 少根子: "被保护不充分的子"). Red's rook still offers the exchange on a rook that "不能离线"
/// (if it leaves the ninth rank to take, the rook on i3 mates along it): "因黑方8路车不能离线，
/// 判杀". Red 长杀, Black 长捉无根子: both forbidden and both in art. 26.9.1's list, neither
/// singled out by 26.9.2–3 (Red chases nothing): "除上述情况外，双方不变作和" (art. 26.9.4): a draw.
#[test]
fn fig29_variation_with_an_advisor_on_f0_mate_threats_against_a_chase_draw() {
    let fen = "2bak1r2/4aP3/4b4/2r1C4/4P4/2B6/7RR/B8/1p7/c3KA3 w - - 0 1";
    let cycle = "h3g3 g9h9 g3h3 h9g9";
    cxa_case(fen, cycle, Verdict::Draw, "杀杀杀杀", "捉捉捉捉", true);
}
