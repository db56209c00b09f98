//! A thirty-fourth audit (issue 16): which chases put a pattern on the list of CXA 2011 art.
//! 26.9.1, when the piece chased is guarded once and attacked twice (少根).
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为'有根子'；反之称为'无根子'" — a piece
//!   guarded once against two attackers is not fully guarded: the two win it together.
//! - 24.17 联合捉子: "凡一方用两个或两个以上棋子共同擒捉对方的棋子，缺少其中任何一个都无法吃子的".
//! - 26.9.1: "凡单方长杀、一将一杀、长捉车、长捉无根子、一将(杀)一捉车(无根子)、一捉车一捉无根子，均须
//!   变着"; 26.9.2: "凡单方长捉车，对方联合捉车前者变着"; 26.9.3: "凡单方长捉无根子对方联合捉无根子，
//!   前者变着"; 26.9.4: "除上述情况外，双方不变作和".
//!
//! The book sets a single chase against a joint one twice (26.9.2, 26.9.3) and always makes the
//! single chaser give way: a joint chase of a piece guarded once is the lighter offence, and
//! the list of 26.9.1 names single chases (长捉车, 长捉无根子). The book's 图26 rules the mixed
//! case so: "红方一着捉无根子，一着捉少根子，黑方长捉车，黑方变着，不变作负" — one chase of an unguarded
//! horse and one of a cannon that a rook and a horse attack and one piece guards, against a
//! cannon that chases a rook on every move: the rook's chaser must change, the other side need
//! not.
//!
//! Before: every chase of a piece not fully guarded (少根 as well as 无根) put its pattern on
//! the list, both sides were listed, and art. 26.9.4 made it a draw. Now a chase is listed when
//! it is of a rook or of an unguarded piece (无根, 假根), or made by a forced line (whose 少根
//! marks the line, not the target's roots). Measured: the books' cases identical under both
//! books, the corpus's verdicts identical under both books; under CXA three AXF diagrams
//! ruled otherwise (D86, its copy, D87: two rooks against a cannon guarded once, against a
//! rook's chase of a rook — the rook's chaser must change, where AXF, which has no such list,
//! rules a draw).
//!
//! | test | cycle | book | engine before |
//! |---|---|---|---|
//! | a_joint_chase_of_a_piece_guarded_once_is_not_listed | 车f4–f7 (捉 the unguarded horse g7), 炮b4–b7 (捉 the rook), 车f7–f4 (the horse f2 and the rook on the cannon e4, which the horse c3 guards: 捉少根子), 炮b7–b4 (捉 the rook) | Black 长捉车, listed; Red not: Black must change (26.9.1, 图26) | draw (26.9.4) |
//! | the_same_chase_of_an_unguarded_piece_is_listed | the same without the black horse c3: the cannon e4 unguarded | both listed: a draw (26.9.4) | draw |

mod symmetry;

use xiangqi::Color;
use xiangqi_arbiter::{Protection, Verdict};

/// Red general e0, rook f4, horses c2 and f2, cannons b2 and e3, pawn c4; black general e9,
/// rook a9, horses g7 and c3, cannons b4 and e4, pawns e6 and i6 (advisors and elephants at
/// home). 图26's kind, mirrored left to right, a black pawn moved off its file.
const GUARDED_ONCE: &str = "r2akab2/9/4b1n2/4p3p/9/1cP1cR3/2n1C4/1CN1BN3/4A4/2BAK4 w - - 0 1";
/// The same without the black horse c3, the cannon e4's only guard.
const UNGUARDED: &str = "r2akab2/9/4b1n2/4p3p/9/1cP1cR3/4C4/1CN1BN3/4A4/2BAK4 w - - 0 1";
const CYCLE: &str = "f4f7 b4b7 f7f4 b7b4 f4f7 b4b7 f7f4 b7b4";

/// The cycle from `board` ruled under CXA 2011, its moves' labels checked against the board
/// and the ruling against its mirror image and the colours swapped; `guard`, the protection
/// the rook's return (车f7–f4, the third ply) finds on the cannon e4 it chases.
fn ruled(board: &str, guard: Protection) -> xiangqi_arbiter::Ruling {
    let ruling = symmetry::cxa_checked(board, CYCLE);
    let text = ruling.explanation.en();
    assert!(
        ruling.moves[2]
            .attacks
            .iter()
            .any(|a| a.is_chase() && a.protection == guard),
        "{text}"
    );
    assert!(ruling.red.forbidden && ruling.black.forbidden, "{text}");
    ruling
}

#[test]
fn a_joint_chase_of_a_piece_guarded_once_is_not_listed() {
    // 车f7–f4: the horse f2 and the rook on the cannon e4, guarded once.
    let ruling = ruled(GUARDED_ONCE, Protection::UnderRooted);
    let text = ruling.explanation.en();
    assert!(!ruling.red.listed, "{text}");
    assert!(ruling.black.listed && ruling.black.chases_rook, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Black), "{text}");
}

#[test]
fn the_same_chase_of_an_unguarded_piece_is_listed() {
    let ruling = ruled(UNGUARDED, Protection::Unrooted);
    let text = ruling.explanation.en();
    assert!(ruling.red.listed && ruling.black.listed, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}
