//! A twenty-eighth audit of the repetition rulings (棋例), CXA 2011 arts. 23.4, 24.9, 25.1,
//! 25.2, 25.3 and 23.5: clauses no earlier audit covered with positions of its own — the
//! nine-round rule (九回合规则) with chases rather than checks, and with pointless allowed play;
//! and a perpetual check (长将) given by two different pieces in turn, one of them by discovery.
//!
//! Already covered elsewhere (so not repeated here): 23.4 with checks (`cxa_clauses.rs`,
//! `cxa_23_4_nine_rounds_of_checks_over_three_points`, with eight rounds and WXF controls);
//! 24.9 with a rook and a cannon checking in turn (`audit_cases_3`, `audit_cases_5`), with a
//! capture as the first move (`audit_cases_7`), 图6 (`audit_cases_11`); 24.16 假根 by facing
//! generals and by a cannon whose screen is the capturer (`audit_cases_18`); 26.3
//! (`cxa_clauses`, `audit_cases_6`, `_8`, `_17`); 26.6 in forced lines (`cxa_clauses`); 26.11.2
//! and its last sentence (`audit_cases_5`, `_6`, `_14`, `_16`).
//!
//! Method. For each case the natures of both sides' moves and the verdict (or that the claim is
//! not accepted) were written from the book's words below BEFORE the engine was run. Each
//! position was checked by hand for stray checks, attacks and mate threats. The repetition
//! cycles are played twice so that the start occurs three times (arts. 23.1, 23.3) and ruled as
//! given, mirrored left to right and with the colours swapped (`symmetry::check` inside
//! `cxa_case`); the nine-round lines are ruled the same three ways by [`nine_rounds_each_way`].
//!
//! The wording relied on (CXA 2011, `/work/shared/rules/000_*.txt`):
//!
//! - 23.4: "在两个点上反复三次为六个回合。如果一方在三个或三个以上点上，连续以犯禁着法或无积极意义的允许或
//!   禁止着法达九个回合，即使未形成三次重复的待判局面，经一方提出可按待判局面的有关规定进行裁决".
//! - 23.5.1 "单方'长将'立即判负"; 23.5.2 "其他待判局面，均允许单方两个回合内变着".
//! - 24.1 将: "凡走子直接攻击对方帅(将)者"; 24.9 长将: "凡走子连续不停照将而形成循环达三次者".
//! - 24.3 捉: "凡走子后所走动子能直接吃子或造成其他子能吃子 … 称为'捉'"; 24.11 长捉.
//! - 24.7 跟: "凡走子盯牵对方有根子而又不具攻击作用者"; 24.8: "兑、献、拦、跟，均属于'闲'范畴".
//! - 24.13 禁止着法 (长将, 长捉, …); 24.14: the rest are allowed.
//! - 24.15: "凡有己方其他棋子（包括暗根）充分保护的棋子，称为'有根子'；反之称为'无根子'".
//! - 25.1 "在任何情况下，均不允许单方面长将"; 25.2 "双方均为允许着法，双方不变作和"; 25.3 "一方为禁止
//!   着法，另一方为允许着法，由前者变着".
//! - 26.2 "走动帅(将)应将而产生的'捉'、'杀'按'闲'处理".
//!
//! | test | line | book: Red, Black, verdict | engine |
//! |---|---|---|---|
//! | (1) 23.4 with chases | 车a1→a2→…→a6→…→a2 follows the unrooted 炮 d2→…→d6→…→d3, nine rounds, six points, no position three times | 捉×9 (长捉), 闲×9: claim accepted, Red must change (25.3, 23.5.2) | agrees |
//! | (1') 23.4 with 一将一捉 | 车 between a9/a8 (将 the king d9↔d8) and a2…a5 (捉 the unrooted 炮 g2…g5), nine rounds, seven points | 将捉将捉将捉将捉将, 闲×9: Red must change (25.3, 23.5.2; not 长将) | agrees |
//! | (1) control: eight rounds | the same, less the last round | claim not accepted (fewer than nine rounds) | agrees |
//! | (1) control: the cannon rooted | a black rook on d9 roots the cannon on the whole d-file | 闲 (跟)×9, 闲×9: both allowed, pointless; by the words of 23.4 the claim may be ruled, a draw (25.2) | **disagrees**: claim not accepted (`None`), by design; test ignored |
//! | (1) control as a repetition | 车a2↔a3 following 炮d3↔d2, with and without the black rook d9 | rooted: 闲 (跟), 闲: draw (25.2); unrooted: 捉捉捉捉, 闲: Red must change (25.3) | agrees |
//! | (2) 24.9 with two pieces | 马e7→g6 uncovers 车e2 (将 by the rook), 将e9→d9, 马g6→e7 (将 by the horse), 将d9→e9 | 将将将将 (长将), 闲: Red loses (25.1, 23.5.1) | agrees |
//! | (2) control: no rook | 马e7→g6 checks nothing | 闲将闲将 (一将一闲, allowed), 闲: draw (25.2) | agrees |

mod symmetry;

use symmetry::{colors_swapped, cxa_case, game_of, mirrored};

use xiangqi::{Color, Move, Position};
use xiangqi_arbiter::{MoveNature, Pattern, RuleSet, Ruling, Verdict, rule_game};

/// Rules a nine-round claim (art. 23.4) at the end of `moves` from `start` under CXA 2011, as
/// given, mirrored and with the colours swapped, and checks that all three agree (verdict and
/// natures; the colours-swapped verdict swapped). Returns the ruling as given.
fn nine_rounds_each_way(start: &Position, moves: &[Move]) -> Option<Ruling> {
    let cxa = RuleSet::cxa2011();
    let natures = |r: &Option<Ruling>| {
        r.as_ref()
            .map(|r| r.moves.iter().map(|a| a.nature).collect::<Vec<_>>())
    };
    let given = Ruling::nine_rounds(start, moves, &cxa);
    let (m_start, m_moves) = mirrored(start, moves).expect("mirrored moves legal");
    let m = Ruling::nine_rounds(&m_start, &m_moves, &cxa);
    assert_eq!(
        m.as_ref().map(|r| r.verdict),
        given.as_ref().map(|r| r.verdict),
        "mirrored"
    );
    assert_eq!(natures(&m), natures(&given), "mirrored natures");
    let (s_start, s_moves) = colors_swapped(start, moves).expect("swapped moves legal");
    let s = Ruling::nine_rounds(&s_start, &s_moves, &cxa);
    assert_eq!(
        s.as_ref().map(|r| r.verdict),
        given.as_ref().map(|r| r.verdict.swap_colors()),
        "colours swapped"
    );
    assert_eq!(natures(&s), natures(&given), "colours swapped natures");
    given
}

// ---------------------------------------------------------------------------------------------
// (1) Art. 23.4 with chases.

/// Black king e9, a black cannon d2; red king f0, a red rook a1. The cannon walks up the d-file
/// to d6 and back (d2 d3 d4 d5 d6 d5 d4 d3 d2 d3), the rook up the a-file beside it; each rook
/// move comes onto the cannon's new rank and attacks it (b, c empty), and the cannon, unrooted
/// (the black king cannot reach the d-file below rank 7), would be taken for nothing: 捉 (24.3)
/// on every one of nine red moves, over six points (a1–a6): "在三个或三个以上点上，连续以犯禁
/// 着法 … 达九个回合". The cannon's moves attack nothing (no screen on its lines): 闲. No position
/// occurs three times (the one with the rook on a2 and the cannon on d3, Red to move, twice), so
/// art. 23.1 rules nothing; the claim "可按待判局面的有关规定进行裁决": 长捉 (forbidden, 24.13)
/// against allowed play, Red must change (25.3; 23.5.2 "允许单方两个回合内变着").
const CHASE_LINE: &str = "a1a2 d2d3 a2a3 d3d4 a3a4 d4d5 a4a5 d5d6 a5a6 d6d5 \
                          a6a5 d5d4 a5a4 d4d3 a4a3 d3d2 a3a2 d2d3";

#[test]
fn nine_rounds_of_chases_over_six_points_are_ruled() {
    let (start, moves) = game_of("4k4/9/9/9/9/9/9/3c5/R8/5K3 w - - 0 1", CHASE_LINE);
    assert_eq!(moves.len(), 18);
    let cxa = RuleSet::cxa2011();
    assert!(
        rule_game(&start, &moves, &cxa).is_none(),
        "no position occurs three times"
    );
    let ruling = nine_rounds_each_way(&start, &moves)
        .unwrap_or_else(|| panic!("art. 23.4 claim not accepted"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red), "{why}");
    assert_eq!(ruling.red.pattern, Pattern::PerpetualChase, "{why}");
    assert_eq!(ruling.red.natures, vec![MoveNature::Chase; 9], "{why}");
    assert!(!ruling.black.forbidden, "{why}");
    assert!(why.contains("art. 23.4"), "{why}");
}

/// Control: the same line less its last round (16 plies): eight rounds, "达九个回合" is not
/// met; the claim is not accepted.
#[test]
fn control_eight_rounds_of_chases_are_not_enough() {
    let (start, moves) = game_of("4k4/9/9/9/9/9/9/3c5/R8/5K3 w - - 0 1", CHASE_LINE);
    assert!(nine_rounds_each_way(&start, &moves[..16]).is_none());
}

/// Control, one piece added: a black rook on d9 roots the cannon wherever it stands on the
/// d-file (d8, d7 empty). Taking it costs the rook (车 for 炮 is a loss): no chase (24.3,
/// 24.15); the rook's moves follow a rooted piece without attacking it, 跟 (24.7), idle
/// (24.8). The cannon's moves still attack nothing (the black rook d9 attacks along rank 9
/// and down to the cannon only). Both sides play allowed moves, nine rounds, Red over six
/// points: "无积极意义的允许 … 着法达九个回合". By the words of 23.4 the claim "可按待判局面的
/// 有关规定进行裁决", and under those rules both allowed is a draw (25.2 "双方均为允许着法，双方不
/// 变作和"). The engine declines such a claim by design (its doc: "Nine rounds of pointless
/// *allowed* play on both sides are not ruled here … the natural move limit's business"): see
/// the report; the natures are checked on the same moves played into a threefold repetition in
/// [`control_the_rooted_cannon_followed_is_idle`].
#[test]
#[ignore = "CXA 2011 art. 23.4 names '无积极意义的允许…着法' among the play a nine-round claim may bring to a ruling (both allowed: a draw, art. 25.2); the engine declines such claims by design"]
fn control_nine_rounds_following_a_rooted_cannon_are_ruled_a_draw() {
    let (start, moves) = game_of("3rk4/9/9/9/9/9/9/3c5/R8/5K3 w - - 0 1", CHASE_LINE);
    assert!(rule_game(&start, &moves, &RuleSet::cxa2011()).is_none());
    let ruling = nine_rounds_each_way(&start, &moves)
        .unwrap_or_else(|| panic!("art. 23.4 claim not accepted"));
    assert_eq!(ruling.verdict, Verdict::Draw, "{}", ruling.explanation.en());
}

/// The same rooted cannon and the same kind of moves as a repetition (车a2↔a3 following 炮
/// d3↔d2, played twice from the rook on a2 and the cannon on d3, Red to move): the rook's moves follow a
/// rooted piece, 闲 (跟); the cannon's 闲: a draw (25.2). Without the black rook d9 the same
/// cycle is 长捉 of an unrooted cannon: Red must change (25.3).
#[test]
fn control_the_rooted_cannon_followed_is_idle() {
    cxa_case(
        "3rk4/9/9/9/9/9/3c5/R8/9/5K3 w - - 0 1",
        "a2a3 d3d2 a3a2 d2d3",
        Verdict::Draw,
        "闲闲闲闲",
        "闲闲闲闲",
        false,
    );
    cxa_case(
        "4k4/9/9/9/9/9/3c5/R8/9/5K3 w - - 0 1",
        "a2a3 d3d2 a3a2 d2d3",
        Verdict::MustChange(Color::Red),
        "捉捉捉捉",
        "闲闲闲闲",
        false,
    );
}

/// Art. 23.4 with 一将一捉: black king d9, a black cannon g2; red king f0, a red rook a1. The
/// rook alternates between the king's rank (a9 or a8: 将 along rank 9 or 8, b and c empty) and
/// the cannon's (a2, a3, a4, a5: the unrooted cannon attacked along its rank, b–f empty, 捉);
/// the king steps d9↔d8 out of each check (26.2: 闲), the cannon walks g2→g3→g4→g5→g4 out of
/// each attack (no screen on its lines: 闲). Nine red moves, 将捉将捉将捉将捉将, over seven points
/// (a1, a9, a2, a8, a3, a4, a5), no position three times: "连续以犯禁着法" (一将一捉, 24.13)
/// "达九个回合". Not 长将 (24.9 needs every move to check), so not 23.5.1: ruled as a
/// repetition, forbidden against allowed, Red must change (25.3, 23.5.2).
#[test]
fn nine_rounds_of_one_check_one_chase_are_ruled() {
    let (start, moves) = game_of(
        "3k5/9/9/9/9/9/9/6c2/R8/5K3 w - - 0 1",
        "a1a9 d9d8 a9a2 g2g3 a2a8 d8d9 a8a3 g3g4 a3a9 d9d8 \
         a9a4 g4g5 a4a8 d8d9 a8a5 g5g4 a5a9 d9d8",
    );
    assert_eq!(moves.len(), 18);
    assert!(rule_game(&start, &moves, &RuleSet::cxa2011()).is_none());
    let ruling = nine_rounds_each_way(&start, &moves)
        .unwrap_or_else(|| panic!("art. 23.4 claim not accepted"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Red), "{why}");
    assert_eq!(ruling.red.pattern, Pattern::CheckAndChase, "{why}");
    let want: Vec<MoveNature> = (0..9)
        .map(|i| {
            if i % 2 == 0 {
                MoveNature::Check
            } else {
                MoveNature::Chase
            }
        })
        .collect();
    assert_eq!(ruling.red.natures, want, "{why}");
    assert!(!ruling.black.forbidden, "{why}");
}

// ---------------------------------------------------------------------------------------------
// (2) Art. 24.9: 长将 by two pieces in turn.

/// Black king e9 alone; red king f0, red horse e7, red rook e2 behind it on the e-file. The
/// horse steps e7→g6 (leg f7): the rook checks up the e-file (a discovered check, 将 by the
/// rook: "直接攻击对方帅(将)", 24.1). The king steps e9→d9 (f9 faces the red king on f0, e8
/// stays on the rook's file; d9 is not attacked by the horse on g6). The horse goes back
/// g6→e7 (leg f6) and checks d9 itself (leg e8), shutting the rook's file. The king steps back
/// d9→e9 (not attacked: the horse on e7 reaches d9 and f9, not e9). Every red move checks,
/// with a different piece in turn: "凡走子连续不停照将而形成循环达三次者" (24.9) does not ask for
/// one checking piece. Black's king moves answer checks: 闲 (26.2). Unilateral 长将: Red loses
/// at once (25.1 "在任何情况下，均不允许单方面长将"; 23.5.1).
#[test]
fn perpetual_check_by_a_rook_and_a_horse_in_turn_loses() {
    let ruling = cxa_case(
        "4k4/9/4N4/9/9/9/9/4R4/9/5K3 w - - 0 1",
        "e7g6 e9d9 g6e7 d9e9",
        Verdict::Loses(Color::Red),
        "将将将将",
        "闲闲闲闲",
        false,
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualCheck);
}

/// Control, one piece taken away: no rook. 马e7→g6 checks nothing and attacks nothing (the black
/// king alone): 闲; 马g6→e7 checks d9: 将. Red plays 一将一闲, not in the list of 24.13: allowed
/// (24.14), and so is Black's play: a draw (25.2).
#[test]
fn control_without_the_rook_one_check_one_idle_is_drawn() {
    let ruling = cxa_case(
        "4k4/9/4N4/9/9/9/9/9/9/5K3 w - - 0 1",
        "e7g6 e9d9 g6e7 d9e9",
        Verdict::Draw,
        "闲将闲将",
        "闲闲闲闲",
        false,
    );
    assert_eq!(ruling.red.pattern, Pattern::Allowed);
}
