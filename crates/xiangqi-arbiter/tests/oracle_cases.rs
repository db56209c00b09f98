//! Cases where an oracle and the rulebook part ways. Every repetition of the shared corpus
//! (`ccpd_iccs.tsv`, 1,857 rulings under WXF 2018) was also put to Fairy-Stockfish (pyffish
//! 0.0.90, `is_optional_game_end`, the Asian rules as it reads them) by
//! `scripts/rulings_vs_pyffish.py`: it agrees on 1,826. Each of the other 31 was read by hand
//! against the Asian rules (the digest `repetition-rules.md`, AXF rules 1–40); in each the
//! engine follows the book and the oracle does not, for one of five reasons:
//! - Fairy-Stockfish never counts a pawn as chased, crossed or not; AXF rule 31 (a rook may not
//!   perpetually chase a crossed pawn) and AXF's terms (a crossed pawn is a piece like another)
//!   do (五羊杯 449 and its copies, 象甲 245, 276 and 1166);
//! - it applies its move limit of 100 plies where WXF 2018 art. 8 counts checks at most ten
//!   times (世界盃 958);
//! - its chase test does not see that a piece held by a cannon's screen against its own general
//!   cannot take (this file's first case, from 象甲 381 and its copy 681);
//! - it rules a draw in five games where a rook chases an unrooted cannon on every move of the
//!   last three occurrences (AXF rule 18: the rook's side must change): 世界智力 309 and 323,
//!   世界盃 121, 985 and 1117;
//! - at a fifth occurrence it weighs every move since the first, where the engine weighs the
//!   moves between the last three (象甲 442: an idle black move in the first periods, a rook
//!   chasing an unrooted cannon in the last two).
//!
//! Where the project and an oracle disagree, the rulebook decides.
//!
//! Each expected verdict was written from the books before the engine was run; each cycle is
//! also ruled mirrored left to right and with the colours swapped (`symmetry::check`).

mod symmetry;

use symmetry::{cxa, rule_alike, rule_with, wxf};
use xiangqi::Color;
use xiangqi_arbiter::Verdict;

/// Black's cannon d8–b8 frees the eye of its elephant on e7, which now looks at the red rook on
/// c9; b8–d8 makes the cannon on d7 attack the rook on d9 over it. Red's rook shuttles c9–d9,
/// and from d9 attacks the unrooted cannon on d7.
///
/// But the elephant stands on the red cannon's line: the cannon on e2, over the black rook on
/// e4, would check the general on e8 once the elephant left. It cannot take the rook.
/// - WXF 2018 (AXF ch. 4 §1: a chase is a move after which a piece *could be captured* on the
///   next move; exchanges are not weighed): d8–b8 is idle. Both sides play one chase and one
///   idle move: a draw (AXF rule 5; WXF 2018 art. 3.2.B). Fairy-Stockfish rules Black's play a
///   perpetual chase: its test looks at the elephant's reach, not at whether it may move.
/// - CXA 2011 art. 24.3 ("运用……连续交换……得子"): after d8–b8, 车e4xe2+ 相xe2 象e7xc9 wins the
///   cannon for nothing (the exchange removes the cannon that pinned the elephant): a chase.
///   Black chases on every move (长捉, art. 24.11), Red chases on one of two (allowed, 24.14):
///   Black must change (arts. 25.3, 26.9.1).
#[test]
fn an_elephant_pinned_by_a_cannon_chases_only_through_an_exchange() {
    let fen = "3R5/3ck4/3cb4/9/9/4r4/9/4C4/9/2B1K1B2 w - - 0 1";
    let cycle = "d9c9 d8b8 c9d9 b8d8";
    rule_with(
        fen,
        cycle,
        &wxf(),
        Verdict::Draw,
        Some("闲捉闲捉"),
        Some(false),
    );
    rule_with(
        fen,
        cycle,
        &cxa(),
        Verdict::MustChange(Color::Black),
        Some("闲捉闲捉"),
        Some(true),
    );
}

/// The control: a red pawn on e3 instead of the cannon on e2 pins nothing, and the elephant
/// freed by d8–b8 may take the rook on c9 at once. An elephant attacking a rook chases it in
/// both books (AXF ch. 4 §1; CXA 2011 art. 24.10 with the exchange it wins). Black's cannon and
/// elephant take turns on the one rook: WXF 2018, AXF rule 33 (two pieces in turn chasing one
/// piece), and CXA 2011 长捉 (art. 24.11): Black must change under both.
#[test]
fn an_elephant_freed_to_take_a_rook_chases_it() {
    let fen = "3R5/3ck4/3cb4/9/9/4r4/4P4/9/9/2B1K1B2 w - - 0 1";
    let cycle = "d9c9 d8b8 c9d9 b8d8";
    rule_alike(
        fen,
        cycle,
        Verdict::MustChange(Color::Black),
        Some("闲捉闲捉"),
        Some(true),
    );
}
