//! Our own cases for CXA 2011 clauses that no case of `shared/data` covers, each written from
//! the book's text (`shared/rules/000_*.txt`) and citing its article.

use xiangqi::{Color, Move, Position, Role, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{
    Book, MoveNature, Pattern, Reason, RuleSet, Ruling, Verdict, analyse, rule_game,
};

fn game_of(fen: &str, moves: &str) -> (Position, Vec<Move>) {
    let start: Position = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position().ok())
        .unwrap_or_else(|| panic!("bad fen {fen}"));
    let mut pos = start.clone();
    let mut list = Vec::new();
    for text in moves.split_whitespace() {
        let m = text
            .parse::<Iccs>()
            .ok()
            .and_then(|i| i.to_move(&pos).ok())
            .filter(|&m| pos.is_legal(m))
            .unwrap_or_else(|| panic!("illegal move {text}"));
        pos.play_unchecked(m);
        list.push(m);
    }
    (start, list)
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
