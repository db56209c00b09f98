//! Our own cases for CXA 2011 clauses that no rulebook figure of `tests/data/rulings` covers,
//! each written from the book's text (CXA 2011 arts. 23–26) and citing its article.
//!
//! Which case covers each clause of CXA 2011 arts. 24–26. Book cases are ids of
//! `tests/data/rulings/rulings_cxa.json` (run by `tests/rulings.rs`; CXA 2020 figures, matched to
//! clauses by the figure numbers the 2011 text cites and by the book's move labels);
//! `classify::` names a unit test of `src/classify.rs`; other names are tests in this file. Our
//! text lost the labels 24.1–24.18, 25.x and 26.1–26.5: they follow the clauses' order, as in
//! the project's digest of the repetition rules.
//!
//! | art. | gist | covered by |
//! |---|---|---|
//! | 24.1 | 将: a move attacking the king | fig05, fig06, ref07 |
//! | 24.2 | 杀: aims to mate by a check or a series of checks | fig19, fig20, ref10, ref43 |
//! | 24.3 | 捉: wins material by capture, discovery, joint capture, checks or exchanges, not mated after | fig04, fig16, ref01, ref02, ref13, ref20, ref29; `cxa_26_6_…` |
//! | 24.4 | 兑: a same-type offer taken without loss | fig21, ref04; classify::an_offer_whose_threat_is_the_exchange_itself_is_an_exchange |
//! | 24.5 | 献: a piece offered that can be taken without loss | ref23 (献兼捉); `cxa_24_5_a_perpetual_sacrifice_is_allowed` |
//! | 24.6 | 拦: blocks an enemy piece, attacks nothing | `cxa_24_6_a_perpetual_block_is_allowed` |
//! | 24.7 | 跟: shadows a rooted piece, attacks nothing | `cxa_24_7_a_perpetual_follow_is_allowed` |
//! | 24.8 | 闲: none of 将 杀 捉; 兑 献 拦 跟 are 闲 | fig05, ref07, ref17 |
//! | 24.9 | 长将 | fig06 |
//! | 24.10 | 长杀 | fig29x1, ref43 |
//! | 24.11 | 长捉 of one piece or several | fig04, fig22, ref16, ref45 |
//! | 24.12 | 长兑; likewise 长献 长拦 长跟 | fig29x1 (长兑); `cxa_24_5_…`, `cxa_24_6_…`, `cxa_24_7_…` |
//! | 24.13 | 禁止着法: 长将 长杀 长捉 一将一杀 一将一捉 一杀一捉 | fig08, fig20, ref10, fig29x1 |
//! | 24.14 | 允许着法: all the rest | fig05, ref04, ref07 |
//! | 24.15 | 有根, 无根, 少根 | fig11, ref40, ref49; `cxa_24_7_…`, `cxa_26_6_…` |
//! | 24.16 | 假根 counts as no root | ref39, ref49, fig29x2 (不能离线); `cxa_24_16_a_root_held_by_a_discovered_check_is_false` |
//! | 24.17 | 联合捉子 | fig09, fig10, fig11, fig25, ref13, ref38 |
//! | 24.18 | 自毙 | fig13 |
//! | 25.1 | unilateral 长将 is never allowed | fig06; `cxa_23_4_…` |
//! | 25.2 | both sides allowed: a draw | fig05, ref04, ref07 |
//! | 25.3 | forbidden against allowed: the forbidden side changes | fig04, fig08, ref01 |
//! | 25.4 | both forbidden: see 26.9 | ref38, ref43; `cxa_a_piece_hitting_back_at_its_chaser` |
//! | 26.1 | a king or pawn move making a chase with other pieces is 捉 | fig15, ref16 |
//! | 26.2 | the king's check answer is 闲; another piece's new 捉 or 杀 counts | fig16, fig17, ref17, ref18; `cxa_26_2_…` |
//! | 26.3 | a lone defender's attacks on advisors, elephants are 闲 | ref19; `cxa_26_3_…` |
//! | 26.4 | 自毙 is one's own fault; chases one caused oneself (a line opened or a root cut by the victim's own side, made to pay by a move taking no part), or by a root leaving to check, are ignored | fig19, ref20, ref21, ref22, ref01 (the moved piece takes part: still 捉); the three `cxa_26_4_…` |
//! | 26.5 | a move of several natures counts as the heaviest | fig20, ref23, ref26 |
//! | 26.5 (2nd) | a root's or a pinned piece's capture: 捉 if even or better, else 闲 | fig22; `audit_cases_13::root_taking_…`, `audit_cases_13::cannon_pinned_against_a_rook_…` (pinned against a rook, not the king) |
//! | 26.6 | a strong piece for weak ones is no gain; weak ones for a strong one are | `cxa_26_6_weak_for_strong_gains_strong_for_weak_does_not`, `cxa_26_6_two_cannons_given_for_a_rook_win_it`, `cxa_26_6_a_cannon_given_for_two_advisors_and_an_elephant_wins_nothing`; `material::tests` |
//! | 26.7 | pawn check winning a rook is 捉; pawn trades, uncrossed or just-crossed pawns are no gain | fig24, ref29, ref31; classify::pawn_for_horse_is_no_gain, classify::uncrossed_pawn_is_no_target (a just-crossed pawn cannot recur in a cycle: untested) |
//! | 26.8 | pawn 抽吃 is 闲; pawn capture unmasking check is 捉; pawn or king capture after an even exchange is 闲, after an unequal one 捉, unless it could take before ("原来不能吃子") | ref32; the three `cxa_26_8_…`; `audit_cases_13` (pawn and general, even and unequal, could already take; 抽吃 by a pawn and by a horse; a rank check unmasked) |
//! | 26.9.1 | the listed patterns change when only one side plays one | ref49 |
//! | 26.9.2 | 长捉车 against a joint chase of a rook: the single chaser changes | fig10, fig25, ref38, ref39; `audit_cases_15` (a cannon over its own rook that attacks the target too: 车炮联合捉车) |
//! | 26.9.3 | the same with unrooted pieces | fig11, ref40, ref41; `audit_cases_15` |
//! | 26.9.4 | otherwise a draw | ref35, ref43, ref44, ref45, ref46, ref47, ref48; `cxa_a_piece_hitting_back_at_its_chaser` |
//! | 26.10 | same-type offer: 捉 if accepting is mated or loses, else 兑; 杀 if in a mating net | fig20, fig29x1, fig29x2; classify::an_offer_whose_threat_is_the_exchange_itself_is_an_exchange; `cxa_26_10_an_offer_the_taker_cannot_survive_is_a_chase`; `audit_cases_11::fig19_with_a_rook_rooting_both_targets_only_black_threatens` (a standing contact the move only makes playable: 兑) |
//! | 26.11.1 | rook and horse (cannon) touching an unrooted horse (cannon): 捉 | `cxa_26_11_…` |
//! | 26.11.2 | touching a rooted one whose root loses nothing: 兑 | `cxa_26_11_…` |

mod symmetry;

use symmetry::game_of;

use xiangqi::{Color, Role};
use xiangqi_arbiter::{
    Book, MoveNature, Pattern, Reason, RuleSet, Ruling, Verdict, analyse, rule_game,
};

/// Rules `line` from `fen` under CXA 2011 and checks an allowed perpetual by Red (art. 24.14):
/// every red move of `nature`, Red's pattern allowed, and a draw with neither side forbidden
/// (art. 25.2). Returns the ruling for further checks.
fn red_allowed_perpetual(fen: &str, line: &str, nature: MoveNature) -> Ruling {
    let (start, moves) = game_of(fen, line);
    let ruling = rule_game(&start, &moves, &RuleSet::cxa2011())
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::Draw, "{why}");
    assert_eq!(ruling.red.natures, vec![nature; 4], "{why}");
    assert_eq!(ruling.red.pattern, Pattern::Allowed, "{why}");
    assert!(!ruling.red.forbidden && !ruling.black.forbidden, "{why}");
    ruling
}

/// CXA 2011 art. 23.4 (九回合规则): "如果一方在三个或三个以上点上，连续以犯禁着法……达九个
/// 回合，即使未形成三次重复的待判局面，经一方提出可按待判局面的有关规定进行裁决。"
/// Red's two rooks check on every move for nine rounds over seven points (a9 a8 a7 i0 i8 i9 …)
/// while the black king runs between d7, d8 and d9; no position occurs three times, so art.
/// 23.1 gives no ruling, but the claim is accepted and a unilateral perpetual check loses at
/// once (art. 23.5.1).
#[test]
fn cxa_23_4_nine_rounds_of_checks_over_three_points() {
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1";
    let line = "a0a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7a8 d8d7 a8a7 d7d8 \
                i0i8 d8d9 i8i9 d9d8 a7a8 d8d7 a8a7 d7d8";
    let (start, moves) = game_of(fen, line);
    assert_eq!(moves.len(), 18);
    let cxa = RuleSet::cxa2011();
    assert!(
        rule_game(&start, &moves, &cxa).is_none(),
        "no position occurs three times: art. 23.1 rules nothing"
    );
    let ruling = Ruling::nine_rounds(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("art. 23.4 claim not accepted"));
    assert_eq!(
        ruling.verdict,
        Verdict::Loses(Color::Red),
        "{}",
        ruling.explanation.en()
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualCheck);
    assert!(ruling.red.natures.iter().all(|&n| n == MoveNature::Check));
    assert!(!ruling.black.forbidden);
    assert!(ruling.explanation.en().contains("art. 23.4"));
    assert!(ruling.explanation.zh().contains("第23.4条"));

    // Eight rounds are not enough, and WXF 2018 has no such rule.
    assert!(Ruling::nine_rounds(&start, &moves[..16], &cxa).is_none());
    assert!(Ruling::nine_rounds(&start, &moves, &RuleSet::wxf2018()).is_none());

    // Nine rounds of quiet play over many points, no side attacking: nothing to rule
    // (allowed play is left to the natural move limit, art. 22.2).
    // Here Red's lone horse wanders over nine points, far from the black king.
    let quiet = "a0b2 d9d8 b2c0 d8d9 c0a1 d9d8 a1b3 d8d9 b3c5 d9d8 c5a4 d8d9 \
                 a4b2 d9d8 b2a0 d8d9 a0c1 d9d8";
    let (start, moves) = game_of("3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1", quiet);
    assert!(Ruling::nine_rounds(&start, &moves, &cxa).is_none());
}

/// CXA 2011 art. 26.3: "守和方只有一个进攻子时，占据守和要点附带产生的捉士象按'闲'处理。"
/// Black defends with its rook alone (its king behind advisors and elephants) against Red's
/// rook and horse; the rook moves between g7
/// and c7, and each move attacks one of Red's unprotected elephants (g4, c4). Without art.
/// 26.3 that would be 长捉 of unrooted pieces (art. 24.11); with it the attacks are idle, both
/// sides play allowed moves, and the game is drawn if neither changes (art. 25.2).
#[test]
fn cxa_26_3_lone_defender_attacking_elephants_is_idle() {
    let fen = "2bak1b2/4a4/6r2/9/9/2B3B2/9/9/9/RN2K4 w - - 0 1";
    let line = "a0a1 g7c7 a1a0 c7g7 a0a1 g7c7 a1a0 c7g7";
    let (start, moves) = game_of(fen, line);
    let ruling = rule_game(&start, &moves, &RuleSet::cxa2011())
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(ruling.verdict, Verdict::Draw, "{}", ruling.explanation.en());
    assert!(!ruling.black.forbidden);
    // The elephants are attacked, unprotected, and the attacks are judged idle by art. 26.3.
    let black_attacks: Vec<_> = ruling
        .moves
        .iter()
        .filter(|a| a.mover == Color::Black)
        .flat_map(|a| a.attacks.iter())
        .collect();
    assert!(!black_attacks.is_empty());
    assert!(
        black_attacks
            .iter()
            .all(|at| !at.is_chase() && at.protection.is_unrooted())
    );
    assert!(ruling.explanation.en().contains("26.3"));

    // The same moves with a black horse on b9 as well: Black has two attacking pieces, art.
    // 26.3 does not apply, and the rook's attacks chase the unprotected elephants (长捉).
    let fen = "1nbak1b2/4a4/6r2/9/9/2B3B2/9/9/9/RN2K4 w - - 0 1";
    let (start, moves) = game_of(fen, line);
    let ruling = rule_game(&start, &moves, &RuleSet::cxa2011())
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(
        ruling.verdict,
        Verdict::MustChange(Color::Black),
        "{}",
        ruling.explanation.en()
    );
}

/// CXA 2011 art. 26.8, second sentence: "兵(卒)吃子时产生其他子'将军'按'捉'处理". Red's pawns
/// on d6 and e6 screen Red's rook from the black king; the rook steps behind the pawn on the
/// king's file, so that pawn can take a black cannon beside it (c6 or f6) and unmask check.
/// The black king steps between d8 and e8 to get off that file, and the rook follows. Each rook
/// move is 捉 by art. 26.8, though only the pawn captures: Red chases perpetually (art. 24.11)
/// against Black's allowed king moves and must change (art. 25.3).
#[test]
fn cxa_26_8_pawn_capture_unmasking_check_is_a_chase() {
    let fen = "9/4k4/9/2cPPc3/9/9/9/9/3R5/5K3 w - - 0 1";
    let line = "d1e1 e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8";
    let (start, moves) = game_of(fen, line);
    let ruling = rule_game(&start, &moves, &RuleSet::cxa2011())
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(
        ruling.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        ruling.explanation.en()
    );
    assert_eq!(ruling.red.pattern, Pattern::PerpetualChase);
    assert!(!ruling.black.forbidden);
    for a in ruling.moves.iter().filter(|a| a.mover == Color::Red) {
        assert!(
            a.attacks
                .iter()
                .any(|at| at.is_chase() && at.attacker_role == xiangqi::Role::Pawn),
            "{}: the pawn's capture is the chase",
            a.iccs
        );
    }
}

/// CXA 2011 art. 26.11 ("车马同时与马……产生接触"): Red's rook on a5 and horse both touch the
/// black horse on d5. The red horse goes g8-f6 (offering itself to the black horse) and back
/// to g8 with check; the black king steps e9-f9 and back.
/// - 26.11.1: the black horse has no root, so the horse's move is 捉; Red plays 一将一捉
///   (art. 24.13), forbidden against Black's idle king moves: Red must change (art. 25.3).
/// - 26.11.2: with a second black horse on b6 rooting it, and nothing lost if the black horse
///   takes the red one, the move is 兑 (though rook and horse together would win it, 少根):
///   一将一兑 is allowed, and the game is drawn if neither changes (art. 25.2).
#[test]
fn cxa_26_11_rook_and_horse_touching_a_horse() {
    let line = "f6g8 e9f9 g8f6 f9e9 f6g8 e9f9 g8f6 f9e9";
    let cxa = RuleSet::cxa2011();

    let (start, moves) = game_of("4k4/9/9/5N3/R2n5/9/9/9/9/3K5 w - - 0 1", line);
    let unrooted = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(
        unrooted.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        unrooted.explanation.en()
    );
    assert_eq!(unrooted.red.pattern, Pattern::CheckAndChase);
    assert!(unrooted.explanation.en().contains("26.11.1"));

    let (start, moves) = game_of("4k4/9/9/1n3N3/R2n5/9/9/9/9/3K5 w - - 0 1", line);
    let rooted = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(rooted.verdict, Verdict::Draw, "{}", rooted.explanation.en());
    assert_eq!(
        rooted.red.natures,
        vec![
            MoveNature::Check,
            MoveNature::Exchange,
            MoveNature::Check,
            MoveNature::Exchange
        ]
    );
}

/// CXA 2011 art. 26.4, second part: "做为根的子，自己离线断根'将军'（或应将）造成被保护的子失根
/// 被捉，责由自负". Red's rook on d2 roots the cannon on d5, which the black rook on a5 attacks.
/// The rook leaves the d-file to check from e2, the black horse blocks on e8, and only then
/// can the black rook take the cannon, unrooted by Red's own check: that is Red's doing, so
/// the block is no chase. The horse's way back to g7 chases the unprotected pawn on f5. Black
/// plays 一捉一闲 (allowed, art. 24.14), Red 一将一闲: a draw if neither changes (art. 25.2).
/// Were the block a chase of the cannon, Black would chase on every move and have to change.
#[test]
fn cxa_26_4_a_root_that_leaves_to_check_is_its_own_fault() {
    let fen = "4k4/9/6n2/9/r2C1P3/9/9/3R5/9/3K5 w - - 0 1";
    let line = "d2e2 g7e8 e2d2 e8g7 d2e2 g7e8 e2d2 e8g7";
    let (start, moves) = game_of(fen, line);
    let ruling = rule_game(&start, &moves, &RuleSet::cxa2011())
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(ruling.verdict, Verdict::Draw, "{}", ruling.explanation.en());
    let blocks: Vec<_> = ruling
        .moves
        .iter()
        .filter(|a| a.mover == Color::Black && a.evasion)
        .collect();
    assert_eq!(blocks.len(), 2);
    for a in blocks {
        assert!(!a.nature.is_attacking(), "{}: {:?}", a.iccs, a.nature);
        assert!(a.chased().is_empty());
    }
    assert_eq!(
        ruling
            .black
            .natures
            .iter()
            .filter(|&&n| n == MoveNature::Chase)
            .count(),
        2
    );
}

/// CXA 2011 art. 26.4, first part: "无直接参与且是己方走子造成被捉状态不予考虑". A capture
/// laid open by the victim's own side's last move is not the chase of a move that takes no
/// direct part in it, even when that move is what makes the capture pay.
///
/// 世界盃 00000526, plies 17–24: 车a0进b0 chases the unrooted cannon on b7; 炮c5平b5 makes the
/// screen for 炮b7×b0 (the rook's one root, the horse on a2, does not save it) and opens the
/// c-file onto black's own horse on c7; 车b0退a0 saves the rook, and only now does the
/// standing 车c4×c7 pay. Black laid the horse open itself and the rook on a0 has no part in
/// taking it: Red's retreat is idle, Red plays 一捉一闲 and Black 一捉一拦, both allowed, a
/// draw (art. 25.2). Written from the book before the engine ruled it (it ruled Red's retreat
/// a chase and Red to change; a hand judge of the corpus read it as here).
///
/// The same with one piece moved: the black cannon shuttles between d5 and b5, so the c-file is
/// open all along. Black's move still hits the rook, and the horse's plight is not of Black's
/// making; but the retreat that makes 车c4×c7 pay only takes the rook out of danger, the
/// rook on a0 no part of the capture: 闲 by the book's 参考图37 (炮9退1 steps out of the
/// rook's reach and lets the other cannon take the horse: "黑方两闲"; tests/audit_cases_38.rs).
/// This test first said 捉 after 参考图49, where the horse that steps out of danger also holds
/// a rootless cannon on its line (不能离线, "为长捉无根子"), which the horse c7 here is not.
/// Red 一捉一闲, Black 一捉一跟: a draw. And the book's 参考图1 keeps its chase (in
/// `rulings_cxa.json`): there the piece that moves is part of the win (马二退四伏前马进五吃象).
#[test]
fn cxa_26_4_a_piece_laid_open_by_its_own_side_is_not_chased_by_an_escape() {
    let cxa = RuleSet::cxa2011();
    let line = "a0b0 c5b5 b0a0 b5c5 a0b0 c5b5 b0a0 b5c5";
    let (start, moves) = game_of(
        "r2akabr1/9/1cn1b1n2/p3p1p1p/2c6/2R6/P3P1P1P/N2CC1N2/9/R1BAKAB2 w - - 0 1",
        line,
    );
    let ruling = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::Draw, "{why}");
    assert!(!ruling.red.forbidden && !ruling.black.forbidden, "{why}");
    for a in ruling.moves.iter().filter(|a| a.iccs == "b0a0") {
        assert!(!a.nature.is_attacking(), "{why}");
        assert!(
            a.attacks
                .iter()
                .any(|at| at.reason == Reason::SelfExposed && at.victim_role == Role::Horse),
            "{why}"
        );
    }
    symmetry::check(&start, &moves, &cxa, Some(ruling.verdict)).unwrap();

    let line = "a0b0 d5b5 b0a0 b5d5 a0b0 d5b5 b0a0 b5d5";
    let (start, moves) = game_of(
        "r2akabr1/9/1cn1b1n2/p3p1p1p/3c5/2R6/P3P1P1P/N2CC1N2/9/R1BAKAB2 w - - 0 1",
        line,
    );
    let ruling = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::Draw, "{why}");
    for a in ruling.moves.iter().filter(|a| a.iccs == "b0a0") {
        assert!(!a.nature.is_attacking(), "{why}");
        assert!(
            a.attacks
                .iter()
                .any(|at| at.reason == Reason::EscapeOnly && at.victim_role == Role::Horse),
            "{why}"
        );
    }
    symmetry::check(&start, &moves, &cxa, Some(ruling.verdict)).unwrap();
}

/// CXA 2011 art. 26.4, first part, with a root cut instead of a line opened (五羊杯 00000943,
/// plies 32–39). 车d5进d3 chases the unrooted cannon on b3 and stands between it and the horse
/// on g3 that it roots across the e3 screen. 炮f2进f3 chases the rook, and blocks that root
/// itself: with the rook gone from d3 the cannon on b3 would root the horse again but for Red's
/// own cannon on f3. 车d3退d5 only saves the rook; the standing 车g6×g3 that now pays is Red's
/// doing (idle). Black plays 一捉一闲 and Red 一捉一闲: a draw.
#[test]
fn cxa_26_4_a_root_its_own_side_blocked_is_not_chased_by_an_escape() {
    let cxa = RuleSet::cxa2011();
    let line = "d5d3 f2f3 d3d5 f3f2 d5d3 f2f3 d3d5 f3f2";
    let (start, moves) = game_of(
        "2bak1c2/4aR3/n2cb1n2/p1p1p1r2/3r4p/P1P4R1/1C2P1N1P/2N1BC3/4A4/2BAK4 b - - 0 1",
        line,
    );
    let ruling = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::Draw, "{why}");
    for a in ruling.moves.iter().filter(|a| a.iccs == "d3d5") {
        assert!(!a.nature.is_attacking(), "{why}");
        assert!(
            a.attacks.iter().any(|at| at.reason == Reason::SelfExposed),
            "{why}"
        );
    }
    symmetry::check(&start, &moves, &cxa, Some(ruling.verdict)).unwrap();
}

/// CXA 2011 art. 26.8, first sentence: "兵(卒)借助其他子'将军'抽吃得子按'闲'处理" (a pawn that
/// wins material by another piece's check is idle). The red rook steps from b0 (its file shut
/// by the horse on b2) to a0, from where 车一进八 checks along rank 8; the black king, the only
/// root of its horse on e7, must go to e9 (the advisor on d7 stops the horse from blocking on
/// c8), and the pawn on e6 could then take the horse. Only a pawn would profit: the rook move is
/// idle. With a red horse on c6 in the pawn's place, the same check wins the horse for that
/// horse: a chase (art. 24.3, "从下一着开始运用将军……得子").
#[test]
fn cxa_26_8_a_pawn_winning_by_another_pieces_check_is_idle() {
    let rook_step = |fen: &str| {
        let (start, moves) = game_of(fen, "b0a0");
        analyse(
            &start,
            moves[0],
            Book::Cxa2011,
            RuleSet::cxa2011().mate_threat_depth,
        )
    };
    let pawn = rook_step("9/4k4/3an4/4P4/9/9/9/1N7/9/1R1K5 w - - 0 1");
    assert_eq!(pawn.nature, MoveNature::Idle, "{pawn:?}");
    assert!(pawn.attacks.is_empty(), "{pawn:?}");

    let horse = rook_step("9/4k4/3an4/2N6/9/9/9/1N7/9/1R1K5 w - - 0 1");
    assert_eq!(horse.nature, MoveNature::Chase, "{horse:?}");
    assert!(
        horse.attacks.iter().any(|a| a.reason == Reason::ForcedGain
            && a.attacker_role == Role::Horse
            && a.victim.to_string() == "e7"),
        "{horse:?}"
    );
}

/// CXA 2011 art. 26.8, third sentence: "其他子完成互吃等值交换过程后原来不能吃子的兵卒或将帅能
/// 吃子，按'闲'处理；如前述交换过程为不等值，则兵卒或将帅的吃子按捉处理". The red horse goes
/// a2–b4 and attacks the black horse on d5, rooted by the horse on b6; its own leg is shut by
/// the red pawn on c5, so it cannot take back first. Horse for horse is even, and only then
/// could the pawn take the recapturing horse: the move is no chase. Put a black rook on d5 and
/// the horse wins it for a horse before any pawn moves: a chase.
#[test]
fn cxa_26_8_a_pawn_capture_after_an_even_exchange_is_idle() {
    let horse_step = |fen: &str| {
        let (start, moves) = game_of(fen, "a2b4");
        analyse(
            &start,
            moves[0],
            Book::Cxa2011,
            RuleSet::cxa2011().mate_threat_depth,
        )
    };
    let even = horse_step("4k4/9/9/1n7/2Pn5/9/9/N8/9/5K3 w - - 0 1");
    assert!(!even.attacks.iter().any(|a| a.is_chase()), "{even:?}");
    assert_ne!(even.nature, MoveNature::Chase, "{even:?}");
    assert!(
        even.attacks
            .iter()
            .any(|a| a.victim.to_string() == "d5" && a.reason == Reason::NoGain),
        "{even:?}"
    );

    let uneven = horse_step("4k4/9/9/1n7/2Pr5/9/9/N8/9/5K3 w - - 0 1");
    assert_eq!(uneven.nature, MoveNature::Chase, "{uneven:?}");
}

/// CXA 2011 arts. 24.3, 26.2 (参考图35 "解杀后形成炮捉车，判捉") against a real game: CCPD
/// 象甲联赛 00000495, moves 56–59 (ruled after 59…炮8进1 and again after 60.帅六进一). 帅六进一
/// frees the rook on g0 from the cannon's pin (杀: 车三进七 mates), 炮8退1 checks, 帅六退一
/// answers with the king (idle, art. 26.2, though the mate threat stands again), and 炮8进1 pins
/// the rook once more, parrying the mate. Black's rook on h8 looks at the unprotected pawn on
/// e8 throughout and could take it safely before the parry as well: the parry makes no capture
/// possible, so it is no chase (in 参考图35 taking the rook before 车4平6 would be met by mate).
/// Black plays 一将一闲, Red 一杀一闲: both allowed, a draw if neither changes (art. 25.2).
#[test]
fn cxa_26_2_parrying_a_mate_does_not_chase_a_piece_hanging_all_along() {
    let fen = "3C5/4P2r1/5k3/4p3p/9/P8/8P/4BA2n/5c3/2BK1ARc1 w - - 0 1";
    let line = "d0d1 h0h1 d1d0 h1h0 d0d1 h0h1 d1d0 h1h0";
    let (start, moves) = game_of(fen, line);
    let ruling = rule_game(&start, &moves, &RuleSet::cxa2011())
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(ruling.verdict, Verdict::Draw, "{}", ruling.explanation.en());
    assert_eq!(
        ruling.black.natures,
        vec![
            MoveNature::Check,
            MoveNature::Block,
            MoveNature::Check,
            MoveNature::Block
        ],
        "{}",
        ruling.explanation.en()
    );
    assert!(!ruling.black.forbidden);
    assert!(
        ruling.red.natures.contains(&MoveNature::MateThreat),
        "{}",
        ruling.explanation.en()
    );
    assert!(!ruling.red.forbidden);
}

/// CXA 2011 arts. 24.18, 26.2, 26.4 read as 图19 reads them. Black's 车c8–c1 threatens mate
/// in four checks (马e1–c2 uncovers the rook's check): 杀. Red's 车b2–b8 checks and leaves
/// the guard of d2; 车c1–c8 blocks, and now 马e4–d2 mates in two: a mate the check opened,
/// not the block. 自毙 ("甲方将军乙方，以致形成己方的被杀状态") needs a check that forms the
/// checker's mated state; Red stood under Black's mate threat before its check, so the new mate
/// after the answer counts as 杀 ("若另一方应将着法产生新的杀法仍应按杀处理"), as in 图19, where
/// 车五平六's leaving likewise opens the horse's mate and 炮2平4 stays 杀 (its explanation:
/// "平4应将后增加了黑马退6的杀着"). Black 长杀 against Red's 一将一闲: Black must change (art.
/// 26.9.1). Mirrored and with the colours swapped the same.
#[test]
fn cxa_26_4_a_block_after_a_mate_threat_is_a_mate_threat_as_in_fig_19() {
    let fen = "9/4k4/5P3/9/9/4n4/6p2/1R7/2r1nK3/7c1 w - - 0 1";
    let line = "b2b8 c1c8 b8b2 c8c1 b2b8 c1c8 b8b2 c8c1";
    let (start, moves) = game_of(fen, line);
    let rules = RuleSet::cxa2011();
    let ruling = rule_game(&start, &moves, &rules)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Black), "{why}");
    assert_eq!(
        ruling.black.natures,
        vec![MoveNature::MateThreat; 4],
        "{why}"
    );
    assert_eq!(ruling.black.pattern, Pattern::PerpetualMateThreat, "{why}");
    assert!(!ruling.red.forbidden, "{why}");
    let alike = symmetry::check(&start, &moves, &rules, Some(ruling.verdict));
    assert!(alike.is_ok(), "{alike:?}");
}

/// CXA 2011 arts. 24.5, 24.12: "凡走子送吃而对方一旦吃掉此子后，不致立即被对方将死或立即在子力
/// 价值上遭受损失者称为'献'"; "类似解释也适用于'长献'". Red's cannon steps between c7 and d7
/// on the black rook's rank, each move offering itself: the rook could take it for nothing.
/// The cannon has no screen and attacks nothing, so each move is 献, and 长献 is an allowed
/// move (art. 24.14): against Black's idle king moves, a draw if neither changes (art. 25.2).
#[test]
fn cxa_24_5_a_perpetual_sacrifice_is_allowed() {
    red_allowed_perpetual(
        "4k4/9/r1C6/9/9/9/9/9/9/3K5 w - - 0 1",
        "c7d7 e9f9 d7c7 f9e9 c7d7 e9f9 d7c7 f9e9",
        MoveNature::Sacrifice,
    );
}

/// CXA 2011 arts. 24.6, 24.12: "凡走子阻拦对方棋子而又不具攻击作用者，称为'拦'"; "类似解释也
/// 适用于……'长拦'". Red's elephant goes e2–c4 and back. On e2 it stands on the leg of the
/// black horse on f2 (shutting its way to d3 and d1), on c4 on the leg of the horse on c5
/// (shutting b3 and d3); neither horse can take it, and it attacks nothing. Every move is 拦,
/// 长拦 is allowed (art. 24.14): a draw if neither changes (art. 25.2).
#[test]
fn cxa_24_6_a_perpetual_block_is_allowed() {
    red_allowed_perpetual(
        "4k4/9/9/9/2n6/9/9/4Bn3/9/3K5 w - - 0 1",
        "e2c4 e9f9 c4e2 f9e9 e2c4 e9f9 c4e2 f9e9",
        MoveNature::Block,
    );
}

/// CXA 2011 arts. 24.7, 24.12: "凡走子盯牵对方有根子而又不具攻击作用者，称为'跟'"; "类似解释
/// 也适用于……'长跟'". Red's rook steps a8–a9 and back, eyeing the advisor on e8 and then the
/// one on d9, both rooted by their king: taking either loses the rook for an advisor, so no
/// move chases (art. 24.3), each is 跟, and 长跟 is allowed (art. 24.14). Black's cannon goes
/// i6–i5 and back, idle: a draw if neither changes (art. 25.2). Put an elephant on c9 and a
/// cannon on e8 with the black king on f9, nothing rooting them, and the same rook moves chase
/// them in turn, 长捉: Red must change (arts. 24.11, 25.3). (A red horse idles on i0 there, so
/// that the rook is not a lone defender, whose attacks on elephants art. 26.3 calls idle.)
#[test]
fn cxa_24_7_a_perpetual_follow_is_allowed() {
    let line = "a8a9 i6i5 a9a8 i5i6 a8a9 i6i5 a9a8 i5i6";
    let cxa = RuleSet::cxa2011();
    let ruling = red_allowed_perpetual(
        "3ak4/R3a4/9/8c/9/9/9/9/9/5K3 w - - 0 1",
        line,
        MoveNature::Follow,
    );
    for a in ruling.moves.iter().filter(|a| a.mover == Color::Red) {
        assert!(
            a.attacks.iter().any(|at| at.victim_role == Role::Advisor
                && at.protection == xiangqi_arbiter::Protection::Rooted
                && !at.is_chase()),
            "{}: {:?}",
            a.iccs,
            a.attacks
        );
    }

    let (start, moves) = game_of("2b2k3/R3c4/9/8c/9/9/9/9/9/3K4N w - - 0 1", line);
    let unrooted = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(
        unrooted.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        unrooted.explanation.en()
    );
    assert_eq!(unrooted.red.pattern, Pattern::PerpetualChase);
}

/// CXA 2011 art. 26.6: "一个强子主动换数个弱子不算得子；一个或数个弱子换任一强子均为得子". The
/// red horse steps c3–b5 and attacks the black rook on c7, rooted by the horse on a8: horse for
/// rook is a gain, so the move chases the rook by material (not by the AXF rule that a horse
/// on a rook always chases). The red rook stepping a1–c1 onto the black horse on c7, rooted
/// the same way, would give the strong piece for a weak one: no gain, no chase.
#[test]
fn cxa_26_6_weak_for_strong_gains_strong_for_weak_does_not() {
    let first_move = |fen: &str, iccs: &str| {
        let (start, moves) = game_of(fen, iccs);
        analyse(
            &start,
            moves[0],
            Book::Cxa2011,
            RuleSet::cxa2011().mate_threat_depth,
        )
    };
    let horse = first_move("4k4/n8/2r6/9/9/9/2N6/9/9/3K5 w - - 0 1", "c3b5");
    assert_eq!(horse.nature, MoveNature::Chase, "{horse:?}");
    assert!(
        horse.attacks.iter().any(|a| a.victim.to_string() == "c7"
            && a.reason == Reason::MaterialGain
            && a.protection == xiangqi_arbiter::Protection::Rooted
            && a.gain > 0),
        "{horse:?}"
    );

    let rook = first_move("4k4/n8/2n6/9/9/9/9/9/R8/3K5 w - - 0 1", "a1c1");
    assert!(!rook.nature.is_attacking(), "{rook:?}");
    assert!(
        rook.attacks
            .iter()
            .any(|a| a.victim.to_string() == "c7" && !a.is_chase() && a.gain < 0),
        "{rook:?}"
    );
}

/// CXA 2011 art. 26.6, second half ("一个或数个弱子换任一强子均为得子"), in a forced line.
/// From CCPD 開局 00000587, moves 25–29: Black's rook checks on h0, Red's advisor blocks on f0,
/// and the rook goes back to h3. From there Black threatens 炮g3-g0+ (the advisor on f0 the
/// screen), which opens the rook's file onto the red rook on f3: 相i2xg0, 车h3xf3, and the
/// pawn on f6 takes the cannon on g6 that the cannon on g3 no longer guards. Black has given
/// two cannons for a rook: the values add up to as much, but weaker pieces given for a
/// stronger one win, so the rook's return is 捉 (art. 24.3), and Black plays 一将一捉 against
/// Red's blocks: forbidden (art. 24.13), Black must change (art. 25.3). The cycle starts after
/// the first check, so that Red moves first. With a horse on g6 in place of the cannon the same
/// line gives a horse and a cannon for the rook: 捉 again.
#[test]
fn cxa_26_6_two_cannons_given_for_a_rook_win_it() {
    let cycle = "e1f0 h0h3 f0e1 h3h0";
    for fen in [
        "4ka3/4a4/9/p3pPc1p/2bn5/6C2/P4Rc2/4C3B/4A4/2BAK2r1 w - - 0 1",
        "4ka3/4a4/9/p3pPn1p/2bn5/6C2/P4Rc2/4C3B/4A4/2BAK2r1 w - - 0 1",
    ] {
        let ruling = symmetry::rule_with(
            fen,
            cycle,
            &RuleSet::cxa2011(),
            Verdict::MustChange(Color::Black),
            Some("闲闲闲闲"),
            Some(true),
        );
        let returns: Vec<_> = ruling
            .moves
            .iter()
            .filter(|a| a.mover == Color::Black && a.iccs == "h0h3")
            .collect();
        assert_eq!(returns.len(), 2);
        for a in returns {
            assert_eq!(a.nature, MoveNature::Chase, "{a:?}");
            assert!(
                a.attacks.iter().any(|at| at.reason == Reason::ForcedGain
                    && at.victim_role == Role::Rook
                    && at.victim.to_string() == "f3"),
                "{a:?}"
            );
        }
    }
}

/// CXA 2011 art. 26.6, first half ("一个强子主动换数个弱子不算得子"), in a forced line. From
/// CCPD 象甲联赛 00000287, moves 52–55: the red general steps e0–f0 and opens the f-file for the
/// rook on f1. Then 炮i9xf9 (an advisor), 士e8xf9, 车f1xf9+, 将e9-e8, 车f9xc9 (an elephant)
/// would give the cannon for two advisors and an elephant: one piece for several weaker ones,
/// which wins nothing however they add up (6 against 5). So the general's step is idle; Black's
/// cannon checks from f7 and steps back (一将一闲, allowed): a draw. With a horse on c9 in place
/// of the elephant, Black does better not to take back on f9, and the cannon keeps the advisor
/// it took: the general's step is 捉, and Red's 一捉一闲 is allowed too.
#[test]
fn cxa_26_6_a_cannon_given_for_two_advisors_and_an_elephant_wins_nothing() {
    let cycle = "e0f0 e7f7 f0e0 f7e7";
    let rules = RuleSet::cxa2011();
    symmetry::rule(
        "2b1kab1C/4a4/4c4/3r5/9/9/4N2nP/9/4AR3/4K1B2 w - - 0 1",
        cycle,
        &rules,
        Verdict::Draw,
        "闲闲闲闲",
    );
    let horse = symmetry::rule(
        "2n1kab1C/4a4/4c4/3r5/9/9/4N2nP/9/4AR3/4K1B2 w - - 0 1",
        cycle,
        &rules,
        Verdict::Draw,
        "捉闲捉闲",
    );
    assert!(
        horse.moves.iter().any(|a| a.iccs == "e0f0"
            && a.attacks
                .iter()
                .any(|at| at.is_chase() && at.victim.to_string() == "f9")),
        "{}",
        horse.explanation.en()
    );
}

/// CXA 2011 art. 26.10: "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损邀兑方按'捉'处理，
/// 反之则按'兑'处理". Red's rook goes b4–e4 and back, offering itself on e4 to the black rook
/// on e7, which the cannons on a7 and i7 root over the red pawns on c7 and g7 (so taking it
/// wins nothing) and which shuts the e-file against Red's rook on e1. Should the black rook
/// accept (车吃车), 车五进三 mates at once: the king's flights d9 and f9 are held by the horses
/// on b8 and h8. So the offer is 捉, not 兑. Red plays 一捉一闲 against Black's cannon moves,
/// allowed (art. 24.14): a draw if neither changes (art. 25.2). Without the horse on h8 the
/// king escapes to f9, accepting costs nothing, and the same move is 兑.
#[test]
fn cxa_26_10_an_offer_the_taker_cannot_survive_is_a_chase() {
    let line = "b4e4 i7h7 e4b4 h7i7 b4e4 i7h7 e4b4 h7i7";
    let cxa = RuleSet::cxa2011();

    let (start, moves) = game_of("4k4/1N5N1/c1P1r1P1c/9/9/1R7/9/9/4R4/3K5 w - - 0 1", line);
    let ruling = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(ruling.verdict, Verdict::Draw, "{}", ruling.explanation.en());
    let offers: Vec<_> = ruling
        .moves
        .iter()
        .filter(|a| a.mover == Color::Red && a.iccs == "b4e4")
        .collect();
    assert_eq!(offers.len(), 2);
    for a in offers {
        assert_eq!(a.nature, MoveNature::Chase, "{a:?}");
        assert!(
            a.attacks.iter().any(|at| at.reason == Reason::UnsafeOffer
                && at.victim_role == Role::Rook
                && at.protection == xiangqi_arbiter::Protection::Rooted
                && at.gain <= 0),
            "{a:?}"
        );
    }
    assert!(!ruling.red.forbidden && !ruling.black.forbidden);

    let (start, moves) = game_of("4k4/1N7/c1P1r1P1c/9/9/1R7/9/9/4R4/3K5 w - - 0 1", line);
    let safe = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the start position occurs three times"));
    assert_eq!(safe.verdict, Verdict::Draw, "{}", safe.explanation.en());
    for a in safe.moves.iter().filter(|a| a.iccs == "b4e4") {
        assert_eq!(a.nature, MoveNature::Exchange, "{a:?}");
    }
}

/// Seed 001 ⑥ ("两打一还打"; "为了解救被捉住的……棋子，允许两次连续打对方直接捉子的棋子"): the
/// side whose piece is chased may hit back at the chasing piece, twice in a row, without
/// playing a forbidden move. CXA 2011 has no such article; it reaches the same end by two
/// others. Art. 23.3: fewer than three repetitions are not ruled at all, so two hits back are
/// never judged. Arts. 25.4, 26.9.4: if the hitting back goes on to a third repetition, both
/// sides play 长捉, each with one piece against one piece (Red's rook chases the unrooted
/// horse, the horse chases the rook), neither is a single chase against a joint one (26.9.2–3),
/// and the game is drawn if neither changes: the chased side is never made to give in. The
/// line is AXF D48's (车马互相长捉), whose Asian verdict is a draw as well.
#[test]
fn cxa_a_piece_hitting_back_at_its_chaser() {
    let fen = "3akc3/4a4/9/9/3n5/1R7/9/9/4A4/4KAB2 w - - 0 1";
    let line = "b4b5 d5c3 b5c5 c3e4 c5c4 e4d6 c4d4 d6f5 d4d5 f5e3 d5e5 e3c4 e5e4 c4d6 e4d4 \
                d6f5 d4d5 f5e3 d5e5 e3c4 e5e4 c4d6 e4d4";
    let cxa = RuleSet::cxa2011();

    // The position after ply 7 has come back once (ply 15): nothing to rule yet.
    let words: Vec<&str> = line.split_whitespace().collect();
    let (start, moves) = game_of(fen, &words[..15].join(" "));
    assert!(rule_game(&start, &moves, &cxa).is_none());

    let (start, moves) = game_of(fen, line);
    let ruling = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the position occurs three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::Draw, "{why}");
    for (color, side, victim) in [
        (Color::Red, &ruling.red, Role::Horse),
        (Color::Black, &ruling.black, Role::Rook),
    ] {
        assert!(side.forbidden && !side.joint, "{why}");
        assert!(
            side.natures.iter().all(|&n| n == MoveNature::Chase),
            "{why}"
        );
        assert!(
            ruling.moves.iter().filter(|a| a.mover == color).all(|a| a
                .attacks
                .iter()
                .any(|at| at.is_chase() && at.victim_role == victim)),
            "{why}"
        );
    }
    symmetry::check(&start, &moves, &cxa, Some(ruling.verdict)).unwrap();
}

/// CXA 2011 arts. 24.16, 26.9.1: a root that cannot take back is no root, in a forced line as
/// in a direct attack. The position of 图9: the black cannon on g0 takes the advisor on d0 over
/// the red general, and the rook on i0 (or h0) then checks along the rank, so neither the
/// general (the other cannon guards d0 over the elephant) nor the rook on d1 (it does not
/// answer the check) can take back. The rook on d1 is a 假根: the advisor counts as 无根子 and
/// the cannon chases it alone (长捉无根子, a pattern on the list of 26.9.1), not jointly with
/// the rook (联合捉 of a 少根子). The verdict is the book's, Black must change, either way.
#[test]
fn cxa_24_16_a_root_held_by_a_discovered_check_is_false() {
    let cxa = RuleSet::cxa2011();
    let fen = "r1b1kab2/4a4/2n6/p3p2Rp/2p1P4/6N2/P1P5P/2N1C4/3RA4/1cBAK1c1r w - - 0 1";
    let cycle = "g4h2 i0h0 h2g4 h0i0";
    let (start, moves) = game_of(fen, &format!("{cycle} {cycle}"));
    let ruling = rule_game(&start, &moves, &cxa)
        .unwrap_or_else(|| panic!("the position occurs three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, Verdict::MustChange(Color::Black), "{why}");
    let black = &ruling.black;
    assert!(
        black.forbidden && black.listed && black.chases_unrooted && !black.joint,
        "{black:?}\n{why}"
    );
    for analysis in ruling.moves.iter().filter(|a| a.mover == Color::Black) {
        let on_d0 = analysis
            .attacks
            .iter()
            .find(|at| at.victim.to_string() == "d0")
            .unwrap_or_else(|| panic!("no attack on d0\n{why}"));
        assert_eq!(
            on_d0.protection,
            xiangqi_arbiter::Protection::FalseRoot,
            "{why}"
        );
    }
    symmetry::check(&start, &moves, &cxa, Some(ruling.verdict)).unwrap();
}
