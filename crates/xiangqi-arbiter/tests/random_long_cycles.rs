//! Mixed repetitions in random positions: eight-ply cycles in which each side moves two pieces
//! (Red A, Black C, Red B, Black D, then A, C, B, D back), so that a side's moves may be of
//! different natures — 一将一捉, 一将一杀, 二将一捉, 一捉一闲 … — and the verdict comes from the
//! tables of the books rather than from one kind of move:
//!
//! - CXA 2011 art. 24.13 (禁止着法: "长将、长杀、长捉、一将一杀、一将一捉、一杀一捉等循环重复的攻击
//!   性着法"), art. 24.14 (允许着法: everything else), art. 25 (25.1 单方长将 never allowed,
//!   23.5.1 it loses at once; 25.2 both allowed: a draw; 25.3 one forbidden: it changes; 25.4
//!   both forbidden: art. 26.9), art. 26.9.1–4 (the list that must change, single against
//!   joint chases, otherwise a draw);
//! - WXF 2018 art. 3.1.C, 3.1.H, 3.1.I, 3.2.B, 3.2.C (a violator changes; 长将 against 长捉: the
//!   checker changes; both break the same prohibition, or neither: a draw).
//!
//! Each cycle is ruled under both books, with an explanation line for every ply, the same way
//! twice, alike mirrored and with the colours swapped (`symmetry::check`), alike from each of
//! its positions (`symmetry::rotations`), and its verdict is checked against the labels the
//! ruling reports (each ply's nature and chases, each side's pattern, forbidden flag, 26.9.1
//! listing and joint chases) by the tables below, written from the books' words, not from the
//! engine's code.

use proptest::prelude::*;
use xiangqi::{Color, Move, Position, Role};
use xiangqi_arbiter::{
    MoveAnalysis, MoveNature, Pattern, Protection, Reason, RuleSet, Ruling, Verdict, rule_game,
};

mod symmetry;

use symmetry::boards::{back, diagram};

/// Enemy pieces `pos`'s side to move attacks (besides the general) that are rooks or that no
/// piece of theirs looks after: the likely targets of a chase.
fn attacked(pos: &Position) -> xiangqi::Bitboard {
    let us = pos.turn();
    let board = pos.board();
    let occupied = board.occupied();
    board
        .by_color(!us)
        .into_iter()
        .filter(|&sq| board.role_at(sq) != Some(Role::King))
        .filter(|&sq| pos.attackers_to(sq, us, occupied).any())
        .filter(|&sq| {
            board.role_at(sq) == Some(Role::Rook) || pos.attackers_to(sq, !us, occupied).is_empty()
        })
        .collect()
}

/// Does `m` check, or newly attack (itself or by a piece it uncovers) a rook or a piece with no
/// guard?
fn attacking(pos: &Position, m: Move) -> bool {
    if pos.gives_check(m) {
        return true;
    }
    let before = attacked(pos);
    let mut after = pos.clone();
    after.play_unchecked(m);
    // `attacked` asks for the side to move: look from the mover's side again.
    let Some(ours) = after.swap_turn() else {
        return false;
    };
    !(attacked(&ours) & !before).is_empty()
}

/// How sharp a shuttle of `m` is: two points when `m` checks or attacks, two when its way back
/// would (asked on the board just after `m`, the opponent passing), and one when the piece
/// lands where no enemy piece attacks it (a move that offers the piece is a 献, art. 24.5,
/// allowed).
fn sharpness(pos: &Position, m: Move) -> usize {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let safe = after
        .attackers_to(m.to, after.turn(), after.board().occupied())
        .is_empty();
    let back_sharp = after
        .swap_turn()
        .and_then(|p| back(&p, m).map(|b| attacking(&p, b)))
        .unwrap_or(false);
    2 * usize::from(attacking(pos, m)) + 2 * usize::from(back_sharp) + usize::from(safe)
}

/// A quiet move that can be taken back (no pawn step forward) of the side to move, of a piece
/// other than the one on `besides`, chosen by `k` among the sharpest ([`sharpness`]): a move
/// that checks or attacks, there and back, where there is one; else a move that does one way;
/// else any.
fn pick(pos: &Position, k: usize, besides: Option<xiangqi::Square>) -> Option<Move> {
    let quiet: Vec<(Move, usize)> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !m.is_capture() && Some(m.from) != besides)
        .filter(|m| pos.board().role_at(m.from) != Some(Role::Pawn) || m.from.rank() == m.to.rank())
        .map(|m| (m, sharpness(pos, m)))
        .collect();
    let best = quiet.iter().map(|&(_, s)| s).max()?;
    let pool: Vec<Move> = quiet
        .into_iter()
        .filter(|&(_, s)| s == best)
        .map(|(m, _)| m)
        .collect();
    pool.get(k % pool.len()).copied()
}

/// Two rounds of an eight-ply cycle from `start`: Red moves a piece A, Black a piece C, Red
/// another piece B, Black another piece D, then A, C, B and D go back in turn. The start occurs
/// at plies 0, 8 and 16.
fn long_cycle(start: &Position, k: [usize; 4]) -> Option<Vec<Move>> {
    let mut pos = start.clone();
    let mut out: Vec<Move> = Vec::with_capacity(8);
    for (i, &k) in k.iter().enumerate() {
        // The third and fourth moves are of other pieces than the first and second.
        let besides = i.checked_sub(2).map(|j| out[j].to);
        let m = pick(&pos, k, besides)?;
        pos.play_unchecked(m);
        out.push(m);
    }
    for i in 0..4 {
        let b = back(&pos, out[i])?;
        pos.play_unchecked(b);
        out.push(b);
    }
    (pos.zobrist_hash() == start.zobrist_hash()).then(|| out.repeat(2))
}

/// The moves of `color` in the ruling, in order.
fn own(ruling: &Ruling, color: Color) -> Vec<&MoveAnalysis> {
    ruling.moves.iter().filter(|a| a.mover == color).collect()
}

/// CXA 2011 art. 24.13: the name of a side's play from the natures of its moves, when every
/// move is 将, 杀 or 捉 (then forbidden); `None` when some move is none of them (art. 24.14:
/// 允许着法).
fn cxa_pattern(natures: &[MoveNature]) -> Option<Pattern> {
    let attacking = |n: &MoveNature| {
        matches!(
            n,
            MoveNature::Check | MoveNature::MateThreat | MoveNature::Chase
        )
    };
    if natures.is_empty() || !natures.iter().all(attacking) {
        return None;
    }
    let has = |n| natures.contains(&n);
    Some(
        match (
            has(MoveNature::Check),
            has(MoveNature::MateThreat),
            has(MoveNature::Chase),
        ) {
            (true, false, false) => Pattern::PerpetualCheck,
            (false, true, false) => Pattern::PerpetualMateThreat,
            (false, false, true) => Pattern::PerpetualChase,
            (true, true, false) => Pattern::CheckAndMateThreat,
            (true, false, true) => Pattern::CheckAndChase,
            (false, true, true) => Pattern::MateThreatAndChase,
            (true, true, true) => Pattern::CheckMateThreatAndChase,
            (false, false, false) => return None,
        },
    )
}

/// A chasing move is a 捉车 or a 捉无根子 (art. 26.9.1's words) when one of its chases is of a
/// rook, or of a piece with no real root (无根; 假根, art. 24.16, counted as none), or one a
/// forced line makes (marked 少根 for its line). A joint chase of a piece guarded once (少根,
/// two attackers against one root) is not: the book's 图26 leaves "一着捉无根子，一着捉少根子"
/// off the list ("黑方长捉车，黑方变着").
fn chases_rook_or_unrooted(a: &MoveAnalysis) -> bool {
    a.attacks.iter().any(|at| {
        at.is_chase()
            && (at.victim_role == Role::Rook
                || at.protection.is_unrooted()
                || (at.protection == Protection::UnderRooted
                    && matches!(at.reason, Reason::ForcedGain | Reason::HeldOnItsLine)))
    })
}

/// CXA 2011 art. 26.9.1: "凡单方长杀、一将一杀、长捉车、长捉无根子、一将(杀)一捉车(无根子)、一捉车
/// 一捉无根子，均须变着": a forbidden pattern is on the list when it is 长杀 or 一将一杀, or when it
/// chases and every chasing move is of a rook or an unrooted piece (with or without checks and
/// mate threats between). 长将 is art. 25.1's.
fn cxa_listed(pattern: Pattern, moves: &[&MoveAnalysis]) -> bool {
    match pattern {
        Pattern::PerpetualMateThreat | Pattern::CheckAndMateThreat => true,
        Pattern::PerpetualChase
        | Pattern::CheckAndChase
        | Pattern::MateThreatAndChase
        | Pattern::CheckMateThreatAndChase => moves
            .iter()
            .filter(|a| a.nature == MoveNature::Chase)
            .all(|a| chases_rook_or_unrooted(a)),
        _ => false,
    }
}

/// The verdicts CXA 2011 arts. 25 and 26.9 allow for the labels `ruling` reports, and first
/// that the side labels follow from the per-ply ones (24.13, 24.14, 26.9.1). More than one
/// verdict where the book's words leave room (26.9.2–3: see the readings there).
fn cxa_table(ruling: &Ruling) -> Result<Vec<Verdict>, String> {
    let mut forbidden = [false; 2];
    let mut pattern = [Pattern::Allowed; 2];
    let mut listed = [false; 2];
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let side = ruling.side(color);
        let moves = own(ruling, color);
        let natures: Vec<MoveNature> = moves.iter().map(|a| a.nature).collect();
        if natures != side.natures {
            return Err(format!("{color:?}: summary natures differ from the plies'"));
        }
        let p = cxa_pattern(&natures);
        if side.forbidden != p.is_some() || side.pattern != p.unwrap_or(Pattern::Allowed) {
            return Err(format!(
                "{color:?}: natures {natures:?} make {p:?} (art. 24.13–14), the ruling says {:?} forbidden {}",
                side.pattern, side.forbidden
            ));
        }
        let l = p.is_some_and(|p| cxa_listed(p, &moves));
        if side.listed != l {
            return Err(format!(
                "{color:?}: 26.9.1 listed is {l} by the plies' chases, the ruling says {}",
                side.listed
            ));
        }
        forbidden[i] = p.is_some();
        pattern[i] = side.pattern;
        listed[i] = l;
    }
    let [red, black] = [Color::Red, Color::Black];
    let check = |i: usize| pattern[i] == Pattern::PerpetualCheck;
    // 25.1 ("在任何情况下，均不允许单方面长将"), 23.5.1: a lone perpetual checker loses; both:
    // 26.9.4.
    if check(0) && check(1) {
        return Ok(vec![Verdict::Draw]);
    }
    if check(0) || check(1) {
        return Ok(vec![Verdict::Loses(if check(0) { red } else { black })]);
    }
    match forbidden {
        // 25.2: "双方均为允许着法，双方不变作和".
        [false, false] => Ok(vec![Verdict::Draw]),
        // 25.3: "一方为禁止着法，另一方为允许着法由前者变着".
        [true, false] => Ok(vec![Verdict::MustChange(red)]),
        [false, true] => Ok(vec![Verdict::MustChange(black)]),
        // 25.4 → 26.9.
        [true, true] => {
            if listed[0] != listed[1] {
                return Ok(vec![Verdict::MustChange(if listed[0] {
                    red
                } else {
                    black
                })]);
            }
            // 26.9.2 "凡单方长捉车，对方联合捉车前者变着", 26.9.3 "凡单方长捉无根子对方联合捉
            // 无根子，前者变着": S chases perpetually with no joint chase, O chases the same
            // kind jointly. The book's figures read S's 无根子 as any piece not fully rooted, a
            // rook included: 图10 ("红方进马、退马长捉黑车，黑方车一步捉无根子，另一步为车炮联合
            // 捉子，红方变着") and 图25 ("红方联合捉子，黑方长捉车，黑方变着") make a single chaser of
            // a rook change against a joint chase of another piece. Where the words leave room,
            // both readings: is "长捉车" (长捉无根子) every chasing move aimed at a rook (an
            // unrooted piece), or some; is a joint chase of an unrooted rook O's "联合捉无根子"
            // (the same word as S's), or only the 联合捉车 of 26.9.2.
            let mut verdicts = vec![];
            for (every, joint_rook_unrooted) in
                [(true, false), (true, true), (false, false), (false, true)]
            {
                let mut v = Verdict::Draw; // 26.9.4
                for (s, c) in [(0, red), (1, black)] {
                    let (single, joint) = (ruling.side(c), ruling.side(!c));
                    if !(listed[s] && pattern[s] == Pattern::PerpetualChase && !single.joint) {
                        continue;
                    }
                    let chases = own(ruling, c);
                    let of = |rook: bool| {
                        let hits = |a: &&MoveAnalysis| {
                            a.attacks.iter().any(|at| {
                                at.is_chase()
                                    && if rook {
                                        at.victim_role == Role::Rook
                                    } else {
                                        at.protection.is_not_fully_rooted()
                                    }
                            })
                        };
                        if every {
                            chases.iter().all(hits)
                        } else {
                            chases.iter().any(hits)
                        }
                    };
                    let joint_unrooted =
                        joint.joint_other || (joint_rook_unrooted && joint.joint_rook);
                    if (of(true) && joint.joint_rook) || (of(false) && joint_unrooted) {
                        v = Verdict::MustChange(c);
                    }
                }
                if !verdicts.contains(&v) {
                    verdicts.push(v);
                }
            }
            Ok(verdicts)
        }
    }
}

/// The verdict WXF 2018 art. 3 gives for the labels `ruling` reports, after checking them:
/// 长将 is every move a check (and a violation, ch. 5 item 1), 长捉 a chase on every move, and a
/// violation is 长将 or 长捉
/// (ch. 5: 长杀, 一将一杀, 一将一捉, 分捉 … are allowed). `None` where AXF rule 19 (a piece
/// held on a horse's leg) bears on it: the table does not cover that.
fn wxf_table(ruling: &Ruling) -> Result<Option<Verdict>, String> {
    for color in Color::ALL {
        let side = ruling.side(color);
        let moves = own(ruling, color);
        let all_check = !moves.is_empty() && moves.iter().all(|a| a.nature == MoveNature::Check);
        if all_check != (side.pattern == Pattern::PerpetualCheck) {
            return Err(format!(
                "{color:?}: 长将 is {all_check} by the plies, the ruling says {:?}",
                side.pattern
            ));
        }
        if all_check && !side.forbidden {
            return Err(format!("{color:?}: 长将 not forbidden"));
        }
        if side.forbidden
            && !matches!(
                side.pattern,
                Pattern::PerpetualCheck | Pattern::PerpetualChase
            )
        {
            return Err(format!(
                "{color:?}: {:?} forbidden under WXF 2018",
                side.pattern
            ));
        }
        // 长捉: every move chases (its heaviest nature may be 杀, which WXF 2018 allows and
        // which does not make the chase less: ch. 5 item 36.4, 长杀兼长捉). A check that chases
        // the same piece too does not break it either: the visible case FSF-L1168 (a cannon's
        // check that also attacks the chased pawn, "red loses") reads it so, against the
        // digest's reading of AXF rule 12 (repetition-rules.md §4.3: "no move is a check");
        // see `a_check_that_chases_too_keeps_a_long_chase_under_wxf`.
        if side.pattern == Pattern::PerpetualChase && !moves.iter().all(|a| !a.chased().is_empty())
        {
            return Err(format!("{color:?}: 长捉 with a move that does not chase"));
        }
        if side.only_held_piece_chases {
            return Ok(None);
        }
    }
    let (red, black) = (ruling.side(Color::Red), ruling.side(Color::Black));
    let check = |s: &xiangqi_arbiter::SideSummary| s.pattern == Pattern::PerpetualCheck;
    Ok(Some(match (red.forbidden, black.forbidden) {
        // 3.2.B: "双方均无犯例……可判和局".
        (false, false) => Verdict::Draw,
        // 3.1.I: "一方犯例而另一方不犯例时，应由犯例方变着".
        (true, false) => Verdict::MustChange(Color::Red),
        (false, true) => Verdict::MustChange(Color::Black),
        // 3.1.H: "一方长将，另一方长捉，则长将者必须变着"; 3.2.C: "双方均同时触犯同一禁例者，
        // 可判和局".
        (true, true) => match (check(red), check(black)) {
            (true, false) => Verdict::MustChange(Color::Red),
            (false, true) => Verdict::MustChange(Color::Black),
            _ => Verdict::Draw,
        },
    }))
}

/// Everything asked of one cycle; the message says what broke.
fn examine(start: &Position, moves: &[Move]) -> Result<[Ruling; 2], String> {
    // What every ruling holds (both books, a line per ply, an allowed side never the one to
    // change, the same twice, mirrored and swapped, from each of the cycle's positions:
    // `audit_cases_32.rs`), then the tables.
    symmetry::boards::ruled_soundly(start, moves).map_err(|e| {
        let cycle: Vec<String> = moves.iter().take(8).map(Move::to_string).collect();
        let fen = xiangqi::fen::Fen::from_position(start);
        format!("{e}\n{fen} cycle {}", cycle.join(" "))
    })?;
    let mut out = Vec::with_capacity(2);
    for rules in [RuleSet::cxa2011(), RuleSet::wxf2018()] {
        let book = rules.book;
        let ruling =
            rule_game(start, moves, &rules).ok_or_else(|| format!("no ruling under {book:?}"))?;
        let text = ruling.explanation.en();
        // The diagram and the cycle, to rebuild a failure as a named test.
        let cycle: Vec<&str> = ruling
            .moves
            .iter()
            .take(8)
            .map(|a| a.iccs.as_str())
            .collect();
        let fen = xiangqi::fen::Fen::from_position(start);
        let fail =
            |what: String| format!("{book:?}: {what}\n{fen} cycle {}\n{text}", cycle.join(" "));
        if ruling.occurrences.last() != Some(&16) || ruling.occurrences.len() < 3 {
            return Err(fail(format!("occurrences {:?}", ruling.occurrences)));
        }
        match book {
            xiangqi_arbiter::Book::Cxa2011 => {
                let allowed = cxa_table(&ruling).map_err(fail)?;
                if allowed.len() > 1 && std::env::var_os("LONG_CYCLES_STATS").is_some() {
                    eprintln!("OPEN {allowed:?} {fen} cycle {}", cycle.join(" "));
                }
                if !allowed.contains(&ruling.verdict) {
                    return Err(fail(format!(
                        "verdict {:?}, the labels give {allowed:?} (CXA 2011 arts. 25, 26.9)",
                        ruling.verdict
                    )));
                }
            }
            xiangqi_arbiter::Book::Wxf2018 => {
                if let Some(want) = wxf_table(&ruling).map_err(fail)? {
                    if want != ruling.verdict {
                        return Err(fail(format!(
                            "verdict {:?}, the labels give {want:?} (WXF 2018 art. 3)",
                            ruling.verdict
                        )));
                    }
                }
            }
        }
        if std::env::var_os("LONG_CYCLES_STATS").is_some() {
            eprintln!(
                "STAT {book:?} {}/{} {:?}",
                ruling
                    .red
                    .natures
                    .iter()
                    .map(|n| n.zh())
                    .collect::<String>(),
                ruling
                    .black
                    .natures
                    .iter()
                    .map(|n| n.zh())
                    .collect::<String>(),
                ruling.verdict
            );
        }
        out.push(ruling);
    }
    out.try_into().map_err(|_| "two rulings".to_owned())
}

/// The property's runs: few boards, from a fixed seed, in a CI run (each is ruled sixteen
/// plies deep, under two books, from every position); a wider search sets its own seed
/// (`PROPTEST_RNG_SEED=N`) and number (`PROPTEST_CASES=N`); `LONG_CYCLES_STATS=1` prints each
/// ruling's natures and verdict (`STAT` lines, with `--nocapture`), to see what a run covered,
/// and each cycle the CXA table leaves open between verdicts (`OPEN`).
fn cycles_config() -> ProptestConfig {
    symmetry::boards::seeded_config(200, 20_261_207)
}

proptest! {
    #![proptest_config(cycles_config())]

    #[test]
    fn mixed_cycles_follow_the_tables(
        pieces in prop::collection::vec(prop::option::weighted(0.5, 0usize..90), 30),
        kings in (0usize..9, 0usize..9),
        black in any::<bool>(),
        k in prop::array::uniform4(0usize..64),
    ) {
        let Some(start) = diagram(&pieces, kings, black) else { return Ok(()) };
        let Some(moves) = long_cycle(&start, k) else { return Ok(()) };
        let examined = examine(&start, &moves);
        prop_assert!(examined.is_ok(), "{}", examined.err().unwrap_or_default());
    }
}

/// The diagram `fen` and its eight-ply `cycle` (ICCS) played twice, examined as the property
/// examines a drawn cycle; the rulings under CXA 2011 and WXF 2018.
fn found_case(fen: &str, cycle: &str) -> [Ruling; 2] {
    let (start, moves) = symmetry::diagram_game_of(fen, &format!("{cycle} {cycle}"));
    examine(&start, &moves).unwrap_or_else(|e| panic!("{e}"))
}

/// Found by the first wide run (seed 16, 2026-12-06), a mistake of this file's WXF table, not
/// of the engine. Black to move: Red's cannon e5–e4 attacks the crossed black pawn on a4 (no
/// root) over the elephant on b4; the black cannon's c2–c4 stands a second piece between; the
/// elephant's b4–d2 takes one away and the attack is back; e4–e5 opens the rank to the cannon
/// on i4, which attacks a4 over c4, and threatens mate; d2–b4 gives it the elephant for a
/// screen when c4 has gone back, and threatens mate again. Red: 捉 捉 杀 杀, every move a chase
/// of the one pawn. Black: 捉 拦 闲 将, allowed.
///
/// CXA 2011: Red's 一杀一捉 is forbidden (art. 24.13), Black's play allowed (24.14): Red must
/// change (25.3). WXF 2018: the pawn is chased on every Red move, by two cannons in turn (ch. 5
/// item 28, 两子或多子长捉子, AXF rule 33), and no Red move checks; the mate threats are allowed
/// and do not stop the chase (item 36.4 长杀兼长捉, a title only in our copy; the digest's
/// reading, repetition-rules.md §4.3: only a check breaks it): Red must change (art. 3.1.I).
/// The table first asked every move of a 长捉 to be labelled 捉, which a 杀 that chases is not.
#[test]
fn a_mate_threat_that_chases_keeps_a_long_chase() {
    let [cxa, wxf] = found_case(
        "3nk4/9/9/6r2/4C4/pB6C/9/2c2K3/9/9 b - - 0 1",
        "g6g4 e5e4 c2c4 b4d2 g4g6 e4e5 c4c2 d2b4",
    );
    assert_eq!(
        cxa.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        cxa.explanation.en()
    );
    assert_eq!(cxa.red.pattern, Pattern::MateThreatAndChase);
    assert!(!cxa.black.forbidden);
    assert_eq!(
        wxf.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        wxf.explanation.en()
    );
    assert_eq!(wxf.red.pattern, Pattern::PerpetualChase);
    assert_eq!(wxf.red.perpetual_victims, ["a4"]);
}

/// Found by a wide run (seed 43, 5,000 cases, 2026-12-06) while this file's table read
/// art. 26.9.3's 无根子 as a piece other than a rook: the book's figures read it otherwise, and
/// the engine was right. Both sides chase on every move (CXA 2011). Black: the cannon's c4–h4
/// opens the horse on b4 onto the rook on d3, the horse's b4–d5 attacks it on c3, the cannon's
/// h4–c4 attacks the rook on c9 over the elephant, and the horse's d5–b4 leaves that standing
/// (a forced line takes it): 长捉车, each chase by one piece, the rooks unrooted. Red: the
/// rook's c9–b9 lets the cannon on d9 win the horse on b4 (少根: a joint chase, 联合捉), d3–c3
/// the unrooted elephant on c7, b9–c9 the unrooted pawn on c2, c3–d3 the unrooted horse on
/// d5: 长捉无根子. Both are on art. 26.9.1's list. 26.9.2 does not apply (Red chases no rook);
/// 26.9.3 ("凡单方长捉无根子对方联合捉无根子，前者变着") does, Black's unrooted rooks being its
/// 无根子: 图25 is this very shape ("红方联合捉子，黑方长捉车，黑方变着"), and 图10 too ("红方
/// 进马、退马长捉黑车，黑方……车炮联合捉子，红方变着"). Black must change. (Reading the single
/// side's 无根子 as no rook turned 图10, 图25 and AXF D22 under CXA into draws: tried, measured
/// against the book cases, dropped.)
#[test]
fn a_single_chase_of_rooks_gives_way_to_a_joint_chase_of_a_horse() {
    let [cxa, _] = found_case(
        "2RCk4/9/2b6/1p7/9/1nc6/3R2P2/2p2B2P/2A1PK3/7B1 w - - 0 1",
        "c9b9 c4h4 d3c3 b4d5 b9c9 h4c4 c3d3 d5b4",
    );
    let text = cxa.explanation.en();
    assert_eq!(cxa.verdict, Verdict::MustChange(Color::Black), "{text}");
    assert!(cxa.red.listed && cxa.black.listed, "{text}");
    assert!(cxa.red.joint_other && !cxa.black.joint, "{text}");
    assert!(cxa.black.chases_rook && cxa.black.chases_unrooted, "{text}");
    assert!(text.contains("26.9.3"), "{text}");
}

/// Found by a wide run (seed 125, 5,000 cases, 2026-12-07) while this file's WXF table asked a
/// 长捉 to hold no check. Red's horse d6–b5 attacks the unrooted black pawn on d4, the rook's
/// e3–d3 attacks it again (and the cannon on d2), the pawn steps d4–e4, the horse's b5–d6
/// checks and attacks it on e4 (and the cannon on f5), the rook's d3–e3 attacks it there:
/// the pawn is attacked after every Red move, one of which is a check.
///
/// CXA 2011: Red 捉 捉 将 捉 is 一将一捉, forbidden (art. 24.13); Black, whose king steps, allowed:
/// Red must change (25.3). WXF 2018: the engine rules Red 长捉, must change (art. 3.1.I), as the
/// visible case FSF-L1168 has it (a cannon's check that also attacks the chased pawn: "red
/// loses"). The digest reads AXF rule 12 (WXF 2018 ch. 5 item 7, 一将一捉或多将一捉, a title
/// only in our copy) as "one check breaks it" (repetition-rules.md §4.3), which would make this
/// 一将一捉, allowed, a draw; tried in the engine, that turned FSF-L1168 and FSF-L1176 into
/// draws, so it was dropped: an open question of the book's text, not settled here. The test
/// holds the engine to the visible case's reading.
#[test]
fn a_check_that_chases_too_keeps_a_long_chase_under_wxf() {
    let [cxa, wxf] = found_case(
        "9/4nk3/7C1/3N5/5c3/3p5/4R4/3c5/9/p4K3 w - - 0 1",
        "d6b5 f8f7 e3d3 d4e4 b5d6 f7f8 d3e3 e4d4",
    );
    assert_eq!(
        cxa.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        cxa.explanation.en()
    );
    assert_eq!(cxa.red.pattern, Pattern::CheckAndChase);
    assert!(!cxa.black.forbidden, "{}", cxa.explanation.en());
    assert_eq!(
        wxf.verdict,
        Verdict::MustChange(Color::Red),
        "{}",
        wxf.explanation.en()
    );
    assert_eq!(wxf.red.pattern, Pattern::PerpetualChase);
}
