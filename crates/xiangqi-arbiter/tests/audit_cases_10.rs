//! A tenth audit of the repetition rulings (棋例): the per-move labels (着法性质) of four CXA
//! book figures whose verdicts the engine already gets right but whose labels disagreed with
//! the book's (issue 16), read against the CXA 2011 text (`000_*.txt`):
//!
//! 1. Art. 24.2 (杀: "凡走子企图下一着将军或连续将军以将死对方者") and art. 26.1 (a general's
//!    move not answering check after which another piece makes a new 捉 is 捉) on 图17: here
//!    the 2020 figure's labels (红 将/捉, 黑 闲/杀) and the 2011 text disagree, and the 2011
//!    text decides: 后车退一 threatens mate by three checks (杀, heavier than its 捉 of the
//!    rook on c7), and 将4退1 threatens no mate by checks but frees the rook on c7 to win the
//!    rook on b7 (捉, art. 26.1). The engine's 将/杀 and 闲/捉 stand.
//! 2. Art. 26.1 on 图16: 将6退1, a general's step that answers no check, after which the rook
//!    may take the pawn it could not take before (the 抽 is gone): 捉. The engine said 闲; now
//!    mended (what the other side could win all along leaves out a line winning the capturer
//!    itself outright), with two variants of our own (a horse to take; no 抽 at all).
//! 3. Art. 24.17 (联合捉子) on 图25: 车六进一 keeps the screen of the cannon on d3 against the
//!    horse on d9 while escaping the horse on f5: 捉. The engine said 跟; mended (art. 26.4
//!    set-aside pieces barred, the next win asked).
//! 4. Arts. 24.17, 26.9.3 on 参考图41: 炮六平二, which the book calls 联合捉子. The engine says
//!    闲 (ignored test; the joint capture the book means was not identified in the time).
//!
//! The figures are the shipped ones (`tests/data/rulings/rulings_cxa.json`); the variants are
//! our own arrangements of the same concept. Expectations were written from the book's text
//! before the engine was run. Natures are written with the book's characters (see
//! `symmetry::is`): 将 杀 捉, and 闲 for any move the book counts as idle (兑 献 拦 跟 闲).

mod symmetry;

use symmetry::cxa_labels;

use xiangqi::Color;
use xiangqi_arbiter::Verdict;

// ---------------------------------------------------------------------------------------------
// 1. 图17: 杀 by the 2011 text where the 2020 figure says 捉, and art. 26.1's 捉.

const FIG17: &str = "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1";

/// 图17 (CXA 2020 figure; the 2011 text decides). The book labels 红 将/捉, 黑 闲/杀 ("红方后车
/// 退一，如黑方吃车则双车尽失，判捉……红方一将一捉，黑方一闲一杀"). By the 2011 text:
/// - 后车退一 (b8b7), the black general on d7, offers the rooks on c7 (taking first costs Black
///   both rooks: art. 26.10, 捉) and also threatens 车七平七 (b7xc7+) 将4退1 车二退一 (b9b8+)
///   将4进1 车七进二 (c7c9) mate, a mate by a series of checks (art. 24.2: 杀). A move both
///   捉 and 杀 is 杀 (art. 26.5, 从重). The 2020 label 捉 is the lighter of the two.
/// - 将4退1 (d7d8) answers no check; Black then has no mate by checks at all (searched to
///   five checks), so it is no 杀; it lets the rook on c7 take the rook on b7 (b9 takes back,
///   the rook on h7 takes again: a rook up), which the general on rank 7 forbade before (the
///   recapture would have checked it and won the h7 rook). A general's move after which
///   another piece makes a new 捉 is 捉 (art. 26.1, "走动帅(将)……后其他子产生新的'捉'按
///   '捉'处理").
///
/// So 将/杀 against 闲/捉 by the 2011 text; the verdict is the book's either way: 一将一杀 is
/// forbidden (art. 24.13), 一闲一捉 allowed, Red must change (art. 25.3).
#[test]
fn fig17_labels_by_the_2011_text() {
    cxa_labels(
        FIG17,
        "b7b8 d8d7 b8b7 d7d8",
        Verdict::MustChange(Color::Red),
        "将杀",
        "闲捉",
    );
}

/// 图17 without the black rook on h7 (our variant): the mate of 后车退一 does not need it, so
/// Red is still 将/杀; but after 将4退1 the rook on c7 taking the rook on b7 is only an even
/// trade (b9 takes back and nothing wins it again): no new 捉, 将4退1 is 闲 (arts. 24.3, 24.4,
/// 26.1). Red must change (一将一杀, arts. 24.13, 25.3).
#[test]
fn fig17_without_the_second_rook_the_general_step_is_idle() {
    cxa_labels(
        "1R3a3/3ka4/bRr6/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1",
        "b7b8 d8d7 b8b7 d7d8",
        Verdict::MustChange(Color::Red),
        "将杀",
        "闲闲",
    );
}

// ---------------------------------------------------------------------------------------------
// 2. 图16: art. 26.1, a general's step that ends a 抽 makes the capture a new 捉.

/// 图16 (book: 红 将/捉, 黑 闲/捉; "黑方将6退1避抽后，车可以吃兵，判'捉'"). After 车二退三
/// (h9h6) the black general on f8 stands in the line of the cannon on f2: 车二平四 (h6f6) would
/// check twice, 士5进6 (e8f7) is forced, and the rook then leaves f6 with a discovered check
/// (taking e6) and wins the black rook (抽车). Taking the pawn on a6 with the rook on d6 then
/// loses that rook, so it wins nothing; after 将6退1 (f8f9) the double check lets the general
/// step to e9 and the capture of the pawn is safe: a new 捉 made possible by a general's move
/// that answers no check (art. 26.1; art. 26.2 makes idle only a general's move *answering*
/// check). The engine said 闲: judging the standing attack d6→a6 before 将6退1, it subtracted
/// from what Red wins after the capture what Red could win "all along", and Red wins the rook
/// all along (the 抽), so the pawn counted as a free gain before the move and the attack was
/// not new. Now what could be won all along leaves out a line that wins the capturer itself
/// outright (`standing` in `classify.rs`): a capturer lost whether it takes or not has won
/// nothing by taking (art. 24.3, "得子").
#[test]
fn fig16_general_step_out_of_the_discovered_check_makes_a_new_chase() {
    cxa_labels(
        "3a1k3/4a4/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w - - 0 1",
        "h6h9 f9f8 h9h6 f8f9",
        Verdict::MustChange(Color::Red),
        "将捉",
        "闲捉",
    );
}

/// 图16 with a red horse on a6 instead of the pawn (our variant, another target): the same 抽
/// stands on the rook while the general is on f8 (the rook would win a horse and lose itself,
/// no 得子); 将6退1 ends it and the rook may take the unrooted horse: 捉 (arts. 24.3, 26.1).
/// Red's 一将一捉 must change (arts. 24.13, 25.3); Black's 闲/捉 is allowed.
#[test]
fn fig16_with_a_horse_to_take_the_general_step_chases() {
    cxa_labels(
        "3a1k3/4a4/3cb4/N2rp2R1/6b2/9/9/5C3/4A4/4KA3 w - - 0 1",
        "h6h9 f9f8 h9h6 f8f9",
        Verdict::MustChange(Color::Red),
        "将捉",
        "闲捉",
    );
}

/// 图16 without the red cannon on f2 (our variant, the 抽 taken away): the rook on d6 may take
/// the pawn on a6 safely all along, so 将6退1 makes no new 捉 (art. 26.1: "产生新的捉"), and
/// 车二退三 threatens nothing (the pawn on e6 has not crossed: art. 26.7). Red 将/闲, Black
/// 闲/闲: both allowed, a draw (art. 25.2).
#[test]
fn fig16_without_the_discovered_check_the_general_step_is_idle() {
    cxa_labels(
        "3a1k3/4a4/3cb4/P2rp2R1/6b2/9/9/9/4A4/4KA3 w - - 0 1",
        "h6h9 f9f8 h9h6 f8f9",
        Verdict::Draw,
        "将闲",
        "闲闲",
    );
}

// ---------------------------------------------------------------------------------------------
// 3.–4. Figures where the book's label was not the engine's (图25 mended, 参考图41 left ignored).

/// 图25 (book: 红 捉/捉, 黑 捉/捉; "红方联合捉子，黑方长捉车，黑方变着"). 车六进一 (d4d5)
/// takes the rook out of the horse's attack from f5 and keeps it as the screen of the cannon on
/// d3 against the horse on d9, which the rook on b9 also attacks: 炮六进六 takes the horse,
/// the advisor takes back, 车八平六 takes the advisor and the rook on the d-file guards it, a
/// horse and an advisor for a cannon (联合捉子, art. 24.17; the rook is one of the pieces
/// "缺少其中任何一个都无法吃子"). Before the move the horse on f5 would take the rook on d4
/// first, so the gain is new. The engine finds the same line new after 车六退一 (d5d4, where
/// the cannon on i5 attacked d5) but calls 车六进一 跟. Cause (traced): after 车六进一 the
/// forced-line search's best line is 炮四进六 taking the cannon on f8 over the horse on f5
/// (gain 4, as much as the line on d9); `OldAttacks::new_win` then names, among the targets,
/// only the first group of equal worth and role that qualifies, and a cannon ranks before a
/// horse (`role_rank`), so the group is the cannon on f8 and the horse on d9 is never asked;
/// the caller then set the f8 line aside by art. 26.4 (the horse on f5 that Black itself put
/// there is the screen: "无直接参与且是己方走子造成被捉状态不予考虑") and nothing was left.
/// Mended: the pieces art. 26.4 sets aside are barred from the lines and the move's other wins
/// are asked, which finds the horse on d9 (no corpus ruling changes; barring matters, since
/// only leaving them out of the targets let a line through them name another piece, and
/// 参考图21's black 车4进1 came back as 捉 against the book).
#[test]
fn fig25_rook_keeping_the_screen_while_escaping_chases_jointly() {
    cxa_labels(
        "1R1nka3/4ac3/b3b4/p1P1p3p/5n1rc/3R5/P2CP1P2/2N1BCr2/4A4/4KAB2 w - - 0 1",
        "d4d5 f5g7 d5d4 g7f5",
        Verdict::MustChange(Color::Black),
        "捉捉",
        "捉捉",
    );
}

/// 参考图41 (book: 红 捉/捉, 黑 捉/捉; "红方炮二平六捉无根象，炮六平二为联合捉子，黑方长捉
/// 无根子。黑方变着"). 炮二平六 (h8d8) blocks the eye of the elephant on c9, and the rook on g7
/// wins the rootless elephant on e7 (engine: 捉, agreed). For 炮六平二 (d8h8) the book names a
/// joint chase (art. 24.17) without naming its target; the engine finds no capture, direct or
/// forced, that the move creates, and says 闲. The verdict is unaffected (Black's 长捉 of the
/// rootless cannon must change, arts. 26.9.1, 26.9.3). Left ignored: the joint capture the
/// book means was not identified in this session, so neither side is yet shown wrong.
#[test]
#[ignore = "CXA 2011 arts. 24.17, 26.9.3 / 参考图41: book 炮六平二 联合捉子 (捉); engine 闲, target not identified"]
fn ref41_cannon_return_is_a_joint_chase() {
    cxa_labels(
        "2baka3/7Cc/n3b1R2/2p6/p5p2/2P6/P6r1/4B1p1C/4A4/4KAB2 w - - 0 1",
        "h8d8 h3d3 d8h8 d3h3",
        Verdict::MustChange(Color::Black),
        "捉捉",
        "捉捉",
    );
}
