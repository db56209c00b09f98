//! A thirteenth audit of the repetition rulings (棋例): two CXA 2011 concept families the project
//! had few tests for, each in whole repetition cycles of our own built from the book's text
//! (`000_*.txt`, arts. 24–26; the digest `repetition-rules.md`), none duplicating the cases the
//! coverage table of `tests/cxa_clauses.rs` lists (nor those of `audit_cases_6`, `_8`, `_9`):
//!
//! | art. | words | cycle | the book's natures (red, black) and verdict |
//! |---|---|---|---|
//! | 26.8 (3rd) | "其他子完成互吃等值交换过程后原来不能吃子的兵卒……能吃子，按闲处理" | [`pawn_after_an_even_exchange_that_removes_the_root`] | 闲闲, 闲闲: draw |
//! | 26.8 (3rd) | the same words: "原来**不能**吃子" | [`pawn_that_could_already_take_gains_nothing_new`] | 闲闲, 闲闲: draw |
//! | 26.8 (4th) | "如前述交换过程为不等值，则兵卒或将帅的吃子按捉处理" | [`pawn_after_an_unequal_exchange_that_removes_the_root`] (mended) | 捉闲, 闲闲: draw |
//! | 26.8 (4th) | the same, the general | [`general_after_an_unequal_exchange_that_removes_the_root`] (mended) | 捉闲, 闲闲: draw |
//! | 26.8 (3rd, 4th) | the same words, "原来**不能**吃子", the general | [`general_that_could_already_take_gains_nothing_by_an_unequal_exchange`] | 闲闲, 闲闲: draw |
//! | 26.8 (1st) | "兵(卒)借其他子抽吃对方的子，按闲处理" | [`pawn_winning_by_the_rooks_check_is_idle`] | 闲闲, 闲闲: draw |
//! | 24.3 | "从下一着开始运用将军……得子" (the same 抽 for a horse) | [`horse_winning_by_the_rooks_check_chases`] | 捉闲, 闲闲: draw |
//! | 26.8 (2nd) | "兵(卒)吃子时产生其他子将军按捉处理" | [`pawn_capture_unmasking_a_rank_check_chases`] | 捉闲, 闲闲: draw |
//! | 26.5 (2nd) | "做根子……捉子，交换后价值相当……按捉处理" | [`root_taking_for_an_even_trade_chases`] | 捉闲, 闲闲: draw |
//! | 26.5 (2nd) | "……得不偿失者，按闲处理" | [`root_taking_at_a_loss_is_idle`] | 闲闲, 闲闲: draw |
//! | 26.5 (2nd), 26.9.1 | "被牵子捉子，交换后价值相当……按捉处理"; 长捉车 | [`cannon_pinned_against_a_rook_chasing_a_rook`] | 捉捉, 闲闲: red changes |
//! | 26.5 (2nd) | "被牵子……得不偿失者，按闲处理" | [`cannon_pinned_against_a_rook_chasing_a_horse_is_idle`] | 闲闲, 闲闲: draw |
//!
//! Method. For each cycle the natures of both sides' moves and the verdict were written from
//! the book's words (quoted on each test) before the engine was run; the engine's explanation
//! (the attacks it judged, with their reasons) was then read to check that the attack meant is
//! the one judged, and each test asserts that attack. Every cycle is played twice, so that its
//! start position occurs three times (arts. 23.1, 23.3), and is ruled as given, mirrored left to
//! right and with the colours swapped (`symmetry::check`). Natures are written with the book's
//! characters (`symmetry::is`): 将 杀 捉, and 闲 for any move the book counts as idle.
//!
//! Reading "原来不能吃子" (art. 26.8). Of a general it is literal: it may not take a rooted
//! piece at all (参考图32). A pawn may always take what it attacks, so "cannot take" reads as
//! art. 24.3's "能吃子……得子": the pawn could take the piece only by giving itself for it, which
//! art. 26.7 counts as no gain ("兵……与其他一子……互换均不算得子"). A pawn that could take the
//! piece outright all along makes no new capture however the exchange ends (an attack left
//! standing is no chase: 图5), so it is idle too, by art. 24.3 rather than by art. 26.8.
//!
//! Our own first tries the engine showed wrong, mended before the expectations were written
//! again: black pawns on b6 and red pawns on h3, where no pawn can stand (a pawn leaves its file
//! only after crossing); a red horse with a red pawn its only other piece, which made its attack
//! on an elephant art. 26.3's lone defender's (a red rook parked on i0 now); a red general on
//! the e-file that let 车×象 be followed by a mate (the black general could not step beside it:
//! 将帅对面), so giving up the horse cost nothing; a red cannon whose pinned line could be left
//! with a check over the pawn on e6 (the black general moved off the e-file); a red general on
//! the d-file that took the black general's d-file squares and turned the pawn's discovered
//! check into a mate threat (杀, heavier than 捉, art. 26.5: an advisor on d2 now shuts the
//! file); and a horse that could return with a check from d9 and a discovered attack on the
//! elephant (the black general now shuttles so as to stand on f9 then); a red general without
//! advisors, against which the black rook fleeing from the pinned cannon won the rook on c1 by
//! checks all along, so that the pin cost nothing (advisors on d0 and f0 now); and a black rook
//! shuttling on rank 9 in the pawn's unequal exchange, whose checks against the bare red general
//! made the exchange's end unsafe for Red (a black horse shuttles i9–h7 instead).
//!
//! The engine disagreed with the book twice, in the same place; both are mended. Art. 26.8's
//! fourth sentence counts a pawn's or general's capture after an exchange of unequal value by
//! other pieces; the engine counted it only on the exchange's own point (`judge`'s
//! `after_unequal` in `src/classify.rs`, whose `idle_takers` asks for a pawn or general guarding
//! the victim's point). When the exchange takes off the root of another piece (as 参考图32's
//! does, there at even value) and the pawn or general then takes that piece, the forced-line
//! search (`step` in `src/classify.rs`) left the capture idle (`own_capture_idle`: neither
//! `takes_back_on`, nor an answer to check, nor a capture unmasking a check), so the chasing
//! side's line ended a piece down and the move was ruled 跟 (闲). Now, in the chasing side's
//! own search, a capture of its pawn or general counts once its other pieces have taken
//! something and lost more than they took (`Ledger::after_unequal_exchange`), unless that
//! capture stood free at the search's root, nothing taking back (`Root`'s `free`: "原来不能吃
//! 子"). Without that proviso the general of AXF D67 (ruled by CXA 2011), which may take the
//! cannon beside it all along, chased after a cannon given for an advisor elsewhere, and 22
//! corpus rulings changed their labels; with it no ruling of either book's cases or of the
//! corpus changes ([`general_that_could_already_take_gains_nothing_by_an_unequal_exchange`]
//! guards the proviso).

mod symmetry;

use symmetry::cxa_labels;

use xiangqi::{Color, Role};
use xiangqi_arbiter::{Attack, Reason, Ruling, Verdict};

/// The attack judged in move `ply` (0 = the cycle's first) by the `role` on `from` on the piece
/// on `victim`: the attack the cycle is about.
fn attack<'a>(ruling: &'a Ruling, ply: usize, role: Role, from: &str, victim: &str) -> &'a Attack {
    ruling.moves[ply]
        .attacks
        .iter()
        .find(|a| {
            a.attacker_role == role
                && a.attacker.to_string() == from
                && a.victim.to_string() == victim
        })
        .unwrap_or_else(|| {
            panic!(
                "move {} judges no attack {role:?} {from}x{victim}\n{}",
                ruling.moves[ply].iccs,
                ruling.explanation.en()
            )
        })
}

/// Does move `ply` chase the piece on `victim` by a forced line ([`Reason::ForcedGain`]) of the
/// piece on `from`? (A move's attack on a piece may be judged twice: the exchange on its point,
/// and the forced line naming it.)
fn forced_chase(ruling: &Ruling, ply: usize, from: &str, victim: &str) -> bool {
    ruling.moves[ply].attacks.iter().any(|a| {
        a.is_chase()
            && a.reason == Reason::ForcedGain
            && a.attacker.to_string() == from
            && a.victim.to_string() == victim
    })
}

// ---------------------------------------------------------------------------------------------
// 1. Art. 26.8: pawns and generals after exchanges by other pieces, and by other pieces' checks.

/// CXA 2011 art. 26.8, third sentence: "其他子完成互吃等值交换过程后原来不能吃子的兵卒或将帅能
/// 吃子，按'闲'处理" — 参考图32's concept (an exchange that takes off a root) with a pawn, not
/// the general. The black horse on d6 stands before the crossed red pawn on d5, its only root the
/// black horse on e8 (leg e7), which the black general on d8 roots in turn and whose leg to c7 it
/// shuts. 马c7 (from a6) attacks the horse on e8: horse takes horse, general takes horse — an even
/// exchange — and the pawn may then take the horse on d6, its root gone. Before it the pawn
/// could take that horse only by giving itself for it (art. 26.7: no gain): "原来不能吃子". So
/// 马c7 is 闲 by art. 26.8, 马a6 attacks nothing (闲); Black's rook shuttles on rank 9 (闲).
/// Both sides allowed: a draw (art. 25.2).
#[test]
fn pawn_after_an_even_exchange_that_removes_the_root() {
    let ruling = cxa_labels(
        "8r/3kn4/2N6/3n5/3P5/9/9/9/9/3K5 w - - 0 1",
        "c7a6 i9h9 a6c7 h9i9",
        Verdict::Draw,
        "闲闲",
        "闲闲",
    );
    let at = attack(&ruling, 2, Role::Horse, "c7", "e8");
    assert!(!at.is_chase() && at.reason == Reason::NoGain, "{at:?}");
}

/// The control of [`pawn_after_an_even_exchange_that_removes_the_root`] for "原来不能吃子": the
/// black horse the pawn faces stands on e5, with no root, and the pawn could take it outright
/// all along. The same even exchange on e8 then makes no capture the pawn could not make before
/// (an attack left standing is no chase, 图5; a pawn's own capture is idle besides, arts. 26.1,
/// 26.8): 马c7 is 闲, the cycle as above, a draw.
#[test]
fn pawn_that_could_already_take_gains_nothing_new() {
    let ruling = cxa_labels(
        "8r/3kn4/2N6/9/3Pn4/9/9/9/9/3K5 w - - 0 1",
        "c7a6 i9h9 a6c7 h9i9",
        Verdict::Draw,
        "闲闲",
        "闲闲",
    );
    let at = attack(&ruling, 2, Role::Horse, "c7", "e8");
    assert!(!at.is_chase(), "{at:?}");
    assert!(!ruling.moves[2].attacks.iter().any(|a| a.is_chase()));
}

/// CXA 2011 art. 26.8, fourth sentence: "如前述交换过程为不等值，则兵卒或将帅的吃子按捉处理",
/// with a pawn. The black horse on c5 stands before the red pawn on c4, its only root the black
/// elephant on e7 (eye d6). 马g6 (from h4) attacks the elephant: horse takes elephant, the black
/// general on e8 takes the horse — a horse for an elephant, an exchange of unequal value — and the
/// pawn then takes the horse on c5, its root gone: Red is an elephant up (the horse's leaving
/// is no part of it; had Black not taken back, the elephant alone is won). The pawn's capture
/// counts: 马g6 is 捉, 马h4 闲; Black's horse shuttles i9–h7 (闲). Red 一捉一闲 is allowed: a draw.
/// (The red rook on i0 behind its pawn on i3 only gives Red a second attacking piece, so that
/// art. 26.3's lone defender is not Red.)
///
/// The engine ruled 马g6 跟 (闲) until mended (see the module docs): it weighed the exchange on
/// e7 without the pawn (NoGain, −3), and its forced-line search left the pawn's capture on c5
/// idle, since it is not on the exchange's point.
#[test]
fn pawn_after_an_unequal_exchange_that_removes_the_root() {
    let ruling = cxa_labels(
        "8n/4k4/4b4/9/2n6/2P4N1/8P/9/9/3K4R w - - 0 1",
        "h4g6 i9h7 g6h4 h7i9",
        Verdict::Draw,
        "捉闲",
        "闲闲",
    );
    // The line 马×象 将×马 兵×马 wins the elephant net: the chase is named on it (the exchange
    // on e7 alone, judged too, wins nothing).
    assert!(forced_chase(&ruling, 0, "g6", "e7"));
}

/// CXA 2011 art. 26.8, fourth sentence, with the general: 参考图32's exchange made unequal. The
/// black horse on f2 stands beside the red general on f1, rooted by the crossed black pawn on
/// f3, so the general may not take it ("原来不能吃子"). 马g5 (from i6) attacks the pawn, which the
/// black horse on d4 guards: horse takes pawn, horse takes horse — a horse for a pawn, unequal —
/// and the general takes the horse on f2, its root gone, a pawn up in all (and a pawn up at
/// once if Black does not take back). The general's capture counts: 马g5 is 捉, 马i6 闲; the
/// black general steps e9–e8 (闲). Red 一捉一闲: a draw. In 参考图32 the exchange is even and the
/// book says 闲 ("先等值交换后，帅才能吃马，帅并没有与其他子同时捉马，判闲").
///
/// The engine ruled 马g5 跟 (闲) until mended, as
/// [`pawn_after_an_unequal_exchange_that_removes_the_root`].
#[test]
fn general_after_an_unequal_exchange_that_removes_the_root() {
    let ruling = cxa_labels(
        "4k4/9/9/8N/9/3n5/5p3/5n3/5K3/9 w - - 0 1",
        "i6g5 e9e8 g5i6 e8e9",
        Verdict::Draw,
        "捉闲",
        "闲闲",
    );
    // The line 马×卒 马×马 帅×马 wins the pawn net: the chase is named on it (the exchange on
    // f3 alone, judged too, wins nothing).
    assert!(forced_chase(&ruling, 0, "g5", "f3"));
}

/// The control of [`general_after_an_unequal_exchange_that_removes_the_root`] for "原来不能吃子":
/// the black horse stands on f0, below the red general and with no root, so the general could
/// take it all along (its own capture, idle: arts. 26.1, 26.8); the same unequal exchange on f3
/// (horse for the pawn, which now guards nothing the general wants) makes no capture the
/// general could not make before. 马g5 is 闲 (an attack on a rooted pawn that wins nothing),
/// 马i6 闲: a draw. Counting every general's capture after an unequal exchange, the words
/// "原来不能吃子" left out, calls 马g5 捉 here. (On e1 the horse
/// would take back on f3 itself.)
#[test]
fn general_that_could_already_take_gains_nothing_by_an_unequal_exchange() {
    let ruling = cxa_labels(
        "4k4/9/9/8N/9/3n5/5p3/9/5K3/5n3 w - - 0 1",
        "i6g5 e9e8 g5i6 e8e9",
        Verdict::Draw,
        "闲闲",
        "闲闲",
    );
    let at = attack(&ruling, 0, Role::Horse, "g5", "f3");
    assert!(!at.is_chase(), "{at:?}");
}

/// CXA 2011 art. 26.8, first sentence: "兵(卒)借其他子抽吃对方的子，按'闲'处理". The black general
/// on d8 is the only root of its horse on d7, which the crossed red pawn on c7 attacks (taking
/// it now gives the pawn for the horse: no gain, art. 26.7). 车h0 (from i0, where the pawn on i3
/// shuts the file) threatens 车h8 check: the general's only square is d9 (the elephant on e7 and
/// the horse cannot block), and the pawn then takes the horse. A pawn winning by another piece's
/// check: 车h0 is 闲, 车i0 闲; Black's cannon shuttles a9–b9 (闲). A draw.
#[test]
fn pawn_winning_by_the_rooks_check_is_idle() {
    let ruling = cxa_labels(
        "c8/3k5/2Pnb4/9/9/9/8P/9/9/4K3R w - - 0 1",
        "i0h0 a9b9 h0i0 b9a9",
        Verdict::Draw,
        "闲闲",
        "闲闲",
    );
    assert!(!ruling.moves[0].attacks.iter().any(|a| a.is_chase()));
}

/// The control of [`pawn_winning_by_the_rooks_check_is_idle`]: a red horse on f6 (leg e6) in
/// the pawn's place; it attacks the horse on d7 all along, which the general roots (horse for
/// horse, no gain). After 车h0 the same check drives the general to d9 and the horse takes the
/// horse on d7: a win "从下一着开始运用将军" by a piece art. 26.8 does not except (art. 24.3):
/// 车h0 is 捉, 车i0 闲. Red 一捉一闲: a draw.
#[test]
fn horse_winning_by_the_rooks_check_chases() {
    let ruling = cxa_labels(
        "c8/3k5/3nb4/5N3/9/9/8P/9/9/4K3R w - - 0 1",
        "i0h0 a9b9 h0i0 b9a9",
        Verdict::Draw,
        "捉闲",
        "闲闲",
    );
    let at = attack(&ruling, 0, Role::Horse, "f6", "d7");
    assert!(at.is_chase() && at.reason == Reason::ForcedGain, "{at:?}");
}

/// CXA 2011 art. 26.8, second sentence: "兵(卒)吃子时产生其他子'将军'按'捉'处理", on a rank and
/// forward, where `cxa_clauses` and `audit_cases_8` have the check on a file and the pawn taking
/// sideways. The crossed red pawn on c8 stands between the red rook and the black general on
/// rank 8; 车a8 (from a7) puts the rook behind it, and the pawn may take the black cannon on c9
/// with a discovered check and keep it (the general must answer the check). 车a8 is 捉, 车a7
/// 闲 (the pawn's own attack on the cannon, standing all along, is idle: arts. 26.1, 26.8); the
/// black general steps e8–f8, staying on the rank (闲). A draw. (The red advisor on d2 shuts
/// the d-file, so that the generals' facing does not make the check a mate threat.)
#[test]
fn pawn_capture_unmasking_a_rank_check_chases() {
    let ruling = cxa_labels(
        "2c6/2P1k4/R8/9/9/9/9/3A5/9/3K5 w - - 0 1",
        "a7a8 e8f8 a8a7 f8e8",
        Verdict::Draw,
        "捉闲",
        "闲闲",
    );
    let at = attack(&ruling, 0, Role::Pawn, "c8", "c9");
    assert!(at.is_chase(), "{at:?}");
}

// ---------------------------------------------------------------------------------------------
// 2. Art. 26.5, second clause: a root's and a pinned piece's captures.

/// CXA 2011 art. 26.5, second clause: "做'根'子和被'牵'子捉子，交换后价值相当或得子者为按'捉'处理".
/// The red rook on a7 is the only root of the red horse on a2, which the black rook on f2 attacks
/// along rank 2. 马b5 (from c7) opens rank 7, and the rook attacks the black horse on e7, which
/// has no root; taking it gives up the horse on a2: a horse for a horse, 价值相当, so 马b5 is 捉
/// (a root's capture), 马c7 闲. The black general steps f8–f9 (闲). Red 一捉一闲: a draw.
#[test]
fn root_taking_for_an_even_trade_chases() {
    let ruling = cxa_labels(
        "9/5k3/R1N1n4/9/9/9/9/N4r3/9/3K5 w - - 0 1",
        "c7b5 f8f9 b5c7 f9f8",
        Verdict::Draw,
        "捉闲",
        "闲闲",
    );
    let at = attack(&ruling, 0, Role::Rook, "a7", "e7");
    assert!(at.is_chase(), "{at:?}");
}

/// CXA 2011 art. 26.5, second clause, "得不偿失者，按'闲'处理": the case above with a black
/// elephant on e7. The rook would take an elephant and give up the horse on a2: 得不偿失, so 马b5
/// is 闲 (without the clause the unrooted elephant would be chased), 马c7 闲. Both sides idle:
/// a draw.
#[test]
fn root_taking_at_a_loss_is_idle() {
    let ruling = cxa_labels(
        "9/5k3/R1N1b4/9/9/9/9/N4r3/9/3K5 w - - 0 1",
        "c7b5 f8f9 b5c7 f9f8",
        Verdict::Draw,
        "闲闲",
        "闲闲",
    );
    let at = attack(&ruling, 0, Role::Rook, "a7", "e7");
    assert!(
        !at.is_chase() && at.reason == Reason::TiedCapturer,
        "{at:?}"
    );
}

/// CXA 2011 art. 26.5, second clause, a piece pinned against a rook (被牵子), not against the
/// general: the red cannon on the c-file stands between the black rook on c8 and the red rook on
/// c1, which nothing else guards; if it leaves the file the black rook takes the red rook. It
/// shuttles c5–c6, and on each point attacks the black rook fleeing i6–i5 over a screen (the pawn
/// on e6, the elephant on g5). Taking the rook gives up the rook on c1: 价值相当, 捉 on both
/// moves. Red chases a rook perpetually (长捉车, arts. 24.11, 26.9.1) against Black's idle
/// flights: Red must change (art. 25.3). (The red advisors on d0 and f0 shut rank 0: without
/// them the fleeing rook wins the rook on c1 by checks all along, and the pin costs nothing.)
#[test]
fn cannon_pinned_against_a_rook_chasing_a_rook() {
    let ruling = cxa_labels(
        "5k3/2r6/9/4p3r/2C3b2/9/9/9/2R6/3AKA3 w - - 0 1",
        "c5c6 i6i5 c6c5 i5i6",
        Verdict::MustChange(Color::Red),
        "捉捉",
        "闲闲",
    );
    for (ply, from, victim) in [(0, "c6", "i6"), (2, "c5", "i5")] {
        let at = attack(&ruling, ply, Role::Cannon, from, victim);
        // Weighed whole, the rook given up on c1 counted: not a rook won outright.
        assert!(at.is_chase() && at.gain < 10, "{at:?}");
    }
}

/// CXA 2011 art. 26.5, second clause, "得不偿失者，按'闲'处理": the case above with a black horse
/// fleeing g6–i5 in place of the rook. The pinned cannon would take a horse and give up the rook
/// on c1: 闲 on both moves (without the pin, 长捉 of an unrooted horse). Both sides idle: a draw.
#[test]
fn cannon_pinned_against_a_rook_chasing_a_horse_is_idle() {
    let ruling = cxa_labels(
        "5k3/2r6/9/4p1n2/2C3b2/9/9/9/2R6/3AKA3 w - - 0 1",
        "c5c6 g6i5 c6c5 i5g6",
        Verdict::Draw,
        "闲闲",
        "闲闲",
    );
    for (ply, from, victim) in [(0, "c6", "g6"), (2, "c5", "i5")] {
        let at = attack(&ruling, ply, Role::Cannon, from, victim);
        assert!(
            !at.is_chase() && at.reason == Reason::TiedCapturer,
            "{at:?}"
        );
    }
}
