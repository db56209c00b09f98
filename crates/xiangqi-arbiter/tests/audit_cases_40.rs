//! A fortieth audit (issue 16, concept 1): a piece a forced line wins has a hidden root when a
//! check takes the win back, on a line the chasing piece opened as it went; the line is then
//! no chase. Found by an independent check of every forced-line chase the corpus rulings name
//! (each line played out with pyffish's moves, and a small search of captures and quiet checks
//! for the other side at its end): of 185 such moves one was taken back by a check the
//! line's search does not look at.
//!
//! The wording relied on (CXA 2011):
//!
//! - 24.3 捉: "从下一着开始运用将军或连续'将军'得子" — a capture that wins material ("吃子……得子").
//! - 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为有根子" — a hidden root protects as a
//!   root does: taking the piece loses to a forcing answer (a check, a discovered attack) that
//!   wins back as much.
//! - 25.2 and 24.13: 一将一闲 is allowed play, 一将一捉 forbidden.
//!
//! 象甲联赛 00000229 (the corpus), red to move: Red's general steps e1–d1 and back and the cannon
//! e2–a2 and back; Black's rook checks from d3 and e3 and returns to f3 each time. From f3,
//! moving again, the rook would check on f1 and f0 (车6进2 将, 帅五退一, 车6进1 将, 帅五进一) and
//! take the elephant on g0 (车6平7; or, from e3's side of the cycle, the advisor on d0). But the
//! rook has then left the f-file: 车一平四 将 (i5–f5) leaves 士5进6 (e8–f7) as Black's only
//! answer, the general being unable
//! to step onto the cannon's file, and the rook takes that advisor back. An elephant for an
//! advisor wins nothing: the rook's return to f3 is 闲, Black's play 一将一闲, and the game a
//! draw. The engine's forced-line defender only checks to turn on the capturer, and it ruled
//! the return 捉 and Black to change.
//!
//! | test | board | book | engine before |
//! |---|---|---|---|
//! | a_check_that_wins_the_advisor_back_is_a_hidden_root | 00000229 as played | a draw, the rook's returns 闲 (暗根) | Black to change, 捉 |
//! | the_same_with_the_rook_checking_from_i6 | the red rook on i6 (车一平四 from the sixth rank) | a draw | Black to change |
//! | a_horse_guarding_f5_leaves_the_chase | a black horse on g7 takes the checking rook | Black to change, 捉 | the same |
//! | a_pawn_that_hangs_all_along_leaves_the_chase | the red rook on i4, the black pawn on d4 hanging to it | Black to change, 捉 (the project's reading, below) | the same |
//! | a_rook_that_stops_once_the_cannon_is_won_still_chases | 五羊杯 00000159 | Black to change, 捉 | the same |
//!
//! The books do not say what happens when the other side can win back as much by a capture as
//! by the check (with the red rook on i4, 车一平六 takes the black pawn on d4, hanging all
//! along, for what 车一平四 将 wins). The project reads the check as the root only where it does
//! better than any capture: a capture of a piece that hung all along is no root of the elephant
//! (the forced line's search leaves such captures out), and a check that only comes before one
//! adds nothing (the book's 参考图12, shipped, keeps its 一将一捉 so: 马5进3 将 and 象7进5 take the
//! pawn on e7, which the elephant takes at once as well).
//!
//! The last guards the other half of the rule: the line may be stopped short of the point a
//! check would punish. In 五羊杯 00000159 the black rook's 车7进3 将, 仕五退四 and 车7退4 win
//! the cannon on g4 and keep it (Red is then in check from the cannon on i0 over the advisor,
//! and cannot take back); the search's longer line, which goes on to win the advisor on f0,
//! walks into 炮七进七 将 (the general stepping up, 车八进一 mates) and 相五退三, which takes the
//! rook, but Black need not play it. The line shown is still the search's longer one.
//!
//! Measured (`rule_cases FILE BOOK 1 json`, whole rulings against the commit before): the
//! books' cases identical under both books; the corpus identical but for 00000229 (CXA); the
//! unshipped CXA figures (76 of 80, labels as before) and orange-xiangqi's AXF positions
//! identical; every forced-line chase of the corpus rulings checked again by the independent
//! search: only 五羊杯 00000159's longer line is flagged, rightly ruled as above.

mod symmetry;

use xiangqi_arbiter::{Color, MoveNature, Protection, Reason, Ruling, Verdict};

/// 象甲联赛 00000229 at ply 104.
const PLAYED: &str = "2ba1k3/4a4/9/p8/8R/3p5/P4r2P/4C4/4K4/3A2B2 w - - 3 53";
const PLAYED_CYCLE: &str = "e1d1 f3d3 d1e1 d3f3 e2a2 f3e3 a2e2 e3f3";

/// The same with the red rook on i6: it checks from f6 instead.
const ROOK_ON_I6: &str = "2ba1k3/4a4/9/p7R/9/3p5/P4r2P/4C4/4K4/3A2B2 w - - 0 1";

/// The same with the red rook on i4, where it takes the pawn on d4 all along.
const ROOK_ON_I4: &str = "2ba1k3/4a4/9/p8/9/3p4R/P4r2P/4C4/4K4/3A2B2 w - - 0 1";

/// The same with a black horse on g7, which guards f5.
const HORSE_ON_G7: &str = "2ba1k3/4a4/6n2/p8/8R/3p5/P4r2P/4C4/4K4/3A2B2 w - - 0 1";

/// 五羊杯 00000159 at ply 72.
const STOPS_SHORT: &str = "3akab2/9/PR3P3/8p/9/6Cn1/5r3/2C1B4/4A4/2BA1K2c w - - 19 37";
const STOPS_SHORT_CYCLE: &str = "f0e0 f3g3 e0f0 g3f3 f0e0 f3g3 e0f0 g3f3";

/// Black's returns to f3 (plies 4 and 8 of the cycle) are idle, each naming the piece its
/// line would win as protected by a hidden root; Black checks between; a draw.
fn the_returns_are_idle(ruling: &Ruling) {
    let text = ruling.explanation.en();
    for ply in [3, 7] {
        let analysis = &ruling.moves[ply];
        assert!(
            !analysis.nature.is_attacking(),
            "ply {}: {:?}\n{text}",
            ply + 1,
            analysis.nature
        );
        assert!(
            analysis
                .attacks
                .iter()
                .any(|a| a.reason == Reason::HiddenRoot && a.protection == Protection::HiddenRoot),
            "ply {}: {:?}\n{text}",
            ply + 1,
            analysis.attacks
        );
    }
    for ply in [1, 5] {
        assert_eq!(ruling.moves[ply].nature, MoveNature::Check, "{text}");
    }
    assert!(!ruling.black.forbidden && !ruling.red.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::Draw, "{text}");
}

#[test]
fn a_check_that_wins_the_advisor_back_is_a_hidden_root() {
    the_returns_are_idle(&symmetry::cxa_checked(PLAYED, PLAYED_CYCLE));
}

#[test]
fn the_same_with_the_rook_checking_from_i6() {
    the_returns_are_idle(&symmetry::cxa_checked(ROOK_ON_I6, PLAYED_CYCLE));
}

/// Black's returns to f3 chase, and Black must change.
fn the_returns_chase(fen: &str) {
    let ruling = symmetry::cxa_checked(fen, PLAYED_CYCLE);
    let text = ruling.explanation.en();
    for ply in [3, 7] {
        assert_eq!(ruling.moves[ply].nature, MoveNature::Chase, "{text}");
    }
    assert!(ruling.black.forbidden && !ruling.red.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Black), "{text}");
}

#[test]
fn a_horse_guarding_f5_leaves_the_chase() {
    the_returns_chase(HORSE_ON_G7);
}

#[test]
fn a_pawn_that_hangs_all_along_leaves_the_chase() {
    the_returns_chase(ROOK_ON_I4);
}

#[test]
fn a_rook_that_stops_once_the_cannon_is_won_still_chases() {
    let ruling = symmetry::cxa_checked(STOPS_SHORT, STOPS_SHORT_CYCLE);
    let text = ruling.explanation.en();
    for ply in [1, 5] {
        let analysis = &ruling.moves[ply];
        assert_eq!(analysis.nature, MoveNature::Chase, "{text}");
        assert!(
            analysis
                .attacks
                .iter()
                .any(|a| a.is_chase() && a.victim.to_string() == "g4"),
            "{text}"
        );
    }
    assert!(ruling.black.forbidden && !ruling.red.forbidden, "{text}");
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Black), "{text}");
}
