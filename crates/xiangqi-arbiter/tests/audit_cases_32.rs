//! A thirty-second audit (issue 16): a move's nature must not depend on which of a cycle's
//! positions the ruling starts from. A cycle is ruled as a whole (CXA 2011 art. 23.1; WXF 2018
//! ch. 5): entered one ply on, two plies on, …, the same moves are played from the same
//! positions after the same moves, and each must get the same nature (`symmetry::rotations`).
//!
//! Method. A random property run ruled each cycle from every one of its positions and found the
//! board below: Red's 车a8–a6 was 献 ruled from the cycle's first position and 杀 entered three
//! plies on. The context each ply is judged in was compared between the rulings: the position,
//! the move, the move before it (for the span's first ply the cycle's last move, the position
//! repeating: the same in every rotation) and the board before a check were the same. What
//! differed was the order of the deeper mate search (`deepen`, four and five checks): it was
//! asked of a side's moves that are none of 将 杀 捉 in the span's order only until one of them
//! stayed allowed play (the side's play is then allowed, art. 24.14, whatever the others are).
//! From the first position Red's 帅e0–e1 came first, stayed 闲, and 车a8–a6 kept the nature
//! found without the deeper search (献); entered three plies on, 车a8–a6 came first and the
//! search found its mate of four checks (杀). The verdict was the same either way.
//!
//! The wording relied on:
//!
//! - CXA 2011 art. 24.2 杀: "凡走子企图下一着将军或连续将军以将死对方者称'杀'" — no bound on the
//!   series of checks.
//! - CXA 2011 art. 24.5 献: "凡走子送吃而对方一旦吃掉此子后，不致立即被对方将死或立即在子力价值上
//!   遭受损失者称为'献'"; art. 24.8: 兑、献、拦、跟 are 闲.
//! - CXA 2011 art. 26.5: "凡走子兼具多种作用时，应从重裁处……如兑(献)兼杀按'杀'处理".
//! - CXA 2011 arts. 24.13, 25.3, 26.9.1: 一杀一捉 (of rootless pieces) is forbidden; "一方为禁止
//!   着法，另一方为允许着法，由前者变着".
//!
//! | test | cycle | book: Red, Black, verdict | engine |
//! |---|---|---|---|
//! | a sacrifice that threatens mate, from every position | 车a6–a8 (捉 the rootless horse b8), 车g5–g7 (捉 the rootless pawn i7), 帅e0–e1 (闲), 车d3–i3 (杀: 车i1+ 帅e0 车g0#, new), 车a8–a6 (献 to the horse, and 杀: 车×e4+ and the rook a6 mates on d6 or f6, four checks, new: 献兼杀, 杀), 车g7–g5 (捉 the rootless cannon i5), 帅e1–e0 (闲), 车i3–d3 (捉: the rook's guard of the d-file parries Red's mate, and the rook g5 may take the cannon) | Red 捉闲杀闲, allowed; Black 捉杀捉捉, forbidden (一杀一捉 rootless pieces): Black must change (art. 25.3), from every position | 车a8–a6 献 from five of the eight positions, 杀 from the other three; mended in session 23 (the deeper search is asked of every move that is none of 将 杀 捉): agrees from every position, mirrored and swapped too |
//! | a mate threat of five checks, from every position | 车c5–c1, 炮e2–e1, 车h7–h2 (杀: 车f2+ … 卒c0#, five checks, new), 帅f0–f1, 车c1–c5, 炮e1–e2, 车h2–h7 (拦), 帅f1–f0 | 车h7–h2 杀 from every position; each side has a move of the 闲 kind: a draw (art. 25.2) | 杀 from the first position, 闲 entered three plies on (the same cause); mended with it |

mod symmetry;

use xiangqi::{Color, Move, Position};
use xiangqi_arbiter::{MoveNature, RuleSet, Verdict, rule_game};

/// The random search's board (red to move), a diagram (the red advisor stands on h2, a point
/// no game reaches; `Position::from_diagram` allows it): red general e0, rooks a6 and e2,
/// horse a9, cannon i5, pawn i7, advisor h2; black general e8, rooks d3 and g5, horse b8, pawns
/// a0, a3, c8, e4.
const SACRIFICE_MATE: &str = "N8/1np1k4/8P/R8/6r1C/4p4/p2r5/4R2A1/9/p3K4 w - - 0 1";
const SACRIFICE_MATE_CYCLE: &str = "a6a8 g5g7 e0e1 d3i3 a8a6 g7g5 e1e0 i3d3";

/// The book's nature of each move of the cycle, in its order (see the module's table), read
/// from the book's definitions; the two mates were checked by hand with an exhaustive search of
/// checks (up to five), not taken from the engine.
const BOOK_NATURES: [MoveNature; 8] = [
    MoveNature::Chase,
    MoveNature::Chase,
    MoveNature::Idle,
    MoveNature::MateThreat,
    MoveNature::MateThreat,
    MoveNature::Chase,
    MoveNature::Idle,
    MoveNature::Chase,
];

/// The cycle played three times from the diagram, and the positions before each move.
fn cycle_thrice() -> (Vec<Position>, Vec<Move>) {
    let (start, moves) =
        symmetry::diagram_game_of(SACRIFICE_MATE, &[SACRIFICE_MATE_CYCLE; 3].join(" "));
    let mut positions = vec![start];
    for &m in &moves {
        let mut next = positions[positions.len() - 1].clone();
        next.play_unchecked(m);
        positions.push(next);
    }
    (positions, moves)
}

/// 车a8–a6 offers the rook to the horse on b8 (献, art. 24.5) and threatens mate by four checks
/// (车×e4+; 将d8 车d4+ 车d7 车×d7+ 将×d7 车d6#, or the same on the f-file; 车e7 车×e7+ and 车d6#
/// or 车f6#), a mate the rook on a8 could not give (no series of up to five checks mated before
/// the move): 献兼杀, 杀 (arts. 24.2, 26.5). Every move of the cycle has the book's nature
/// (the module's table) whichever of the cycle's eight positions the ruling starts from, and
/// Black, 一杀一捉 of rootless pieces against Red's allowed play, must change (arts. 24.13,
/// 25.3, 26.9.1).
#[test]
fn a_sacrifice_that_threatens_mate_is_mate_from_every_position() {
    let rules = RuleSet::cxa2011();
    let (positions, moves) = cycle_thrice();
    let period = BOOK_NATURES.len();
    for k in 0..period {
        let ruling = rule_game(&positions[k], &moves[k..k + 2 * period], &rules)
            .expect("the rotated start occurs three times");
        let why = ruling.explanation.en();
        assert_eq!(
            ruling.verdict,
            Verdict::MustChange(Color::Black),
            "entered {k} plies on\n{why}"
        );
        for (i, analysis) in ruling.moves.iter().enumerate() {
            assert_eq!(
                analysis.nature,
                BOOK_NATURES[(k + i) % period],
                "entered {k} plies on, {} (ply {i})\n{why}",
                analysis.iccs
            );
        }
    }
    let (start, moves) =
        symmetry::diagram_game_of(SACRIFICE_MATE, &[SACRIFICE_MATE_CYCLE; 2].join(" "));
    assert_eq!(
        symmetry::rotations(&start, &moves, &rules),
        Ok(period - 1),
        "rotations"
    );
    if let Err(e) = symmetry::check(
        &start,
        &moves,
        &rules,
        Some(Verdict::MustChange(Color::Black)),
    ) {
        panic!("{e}");
    }
}

/// The first board the property `random_long_cycles` found once it ruled each cycle from every
/// position (seed 1, 2,000 cases, with the search as it was; shrunk), black to move, a diagram:
/// black general d8, rooks c5 and h7, elephant a7, pawn b0; red general f0, rook g5, horse g7,
/// cannons a5 and e2, advisor b3, elephant b2, pawns a1, d1, g4.
const FIVE_CHECKS: &str = "9/3k5/b5Nr1/9/C1r3R2/6P2/1A7/1B2C4/P2P5/1p3K3 b - - 0 1";
const FIVE_CHECKS_CYCLE: &str = "c5c1 e2e1 h7h2 f0f1 c1c5 e1e2 h2h7 f1f0";

/// Black's 车h7–h2 threatens mate by five checks (车f2+; 帅e0 车c0+ 相d0 车×d0+ 帅×d0 车f0+ 炮e0
/// 卒c0#, or 炮f1 车c0+ 相d0 车×d0#), which no series of up to five checks gave before the move:
/// 杀 (art. 24.2), whichever of the cycle's positions the ruling starts from. It was 杀 from
/// the first position and 闲 entered three plies on, where Black's 车h2–h7 came first, stayed
/// 拦 under the deeper search, and stopped it. Each side plays a move of the 闲 kind
/// (Red's 帅f0–f1: Red's standing 车g5–d5# was there before it; Black's 车h2–h7 blocks, 拦),
/// so both play allowed moves: a draw (art. 25.2), from every position. The other moves'
/// natures are asked only to agree between the rotations (`symmetry::rotations`).
#[test]
fn a_mate_threat_of_five_checks_is_found_from_every_position() {
    let rules = RuleSet::cxa2011();
    let (start, moves) = symmetry::diagram_game_of(FIVE_CHECKS, &[FIVE_CHECKS_CYCLE; 3].join(" "));
    let mut pos = start.clone();
    for k in 0..8 {
        let ruling = rule_game(&pos, &moves[k..k + 16], &rules).expect("ruled");
        let why = ruling.explanation.en();
        assert_eq!(ruling.verdict, Verdict::Draw, "entered {k} plies on\n{why}");
        let h7h2 = ruling
            .moves
            .iter()
            .find(|a| a.iccs == "h7h2")
            .expect("h7h2 judged");
        assert_eq!(
            h7h2.nature,
            MoveNature::MateThreat,
            "entered {k} plies on\n{why}"
        );
        pos.play_unchecked(moves[k]);
    }
    assert_eq!(
        symmetry::rotations(&start, &moves[..16], &rules),
        Ok(7),
        "rotations"
    );
}
