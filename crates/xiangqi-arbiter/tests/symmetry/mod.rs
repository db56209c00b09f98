//! Symmetry of rulings, shared by the book cases and the random cycles: a cycle mirrored left to
//! right is ruled the same, and with the colours swapped it is ruled for the other side. The
//! books' definitions know no left or right and treat both colours alike; a rule built from
//! them must too.

pub mod boards;

use xiangqi::{Color, Move, Position, Square, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{MoveAnalysis, MoveNature, RuleSet, Ruling, Verdict, rule_game};

/// `start` and `moves` carried by a map of the board: the board's pieces moved by `board`, the
/// side to move by `turn`, each move's points by `point`. `None` if a mapped move is not legal.
fn carry(
    start: &Position,
    moves: &[Move],
    board: impl Fn(&xiangqi::Board) -> xiangqi::Board,
    swap_turn: bool,
    point: impl Fn(Square) -> Square,
) -> Option<(Position, Vec<Move>)> {
    let mut setup = start.to_setup();
    setup.board = board(&setup.board);
    if swap_turn {
        setup.turn = !setup.turn;
    }
    let mapped = Position::from_diagram(setup).ok()?;
    let mut pos = mapped.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let m = pos
            .find_move(point(m.from), point(m.to))
            .filter(|&m| pos.is_legal(m))?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Some((mapped, out))
}

/// The cycle mirrored left to right.
pub fn mirrored(start: &Position, moves: &[Move]) -> Option<(Position, Vec<Move>)> {
    carry(start, moves, |b| b.mirror(), false, Square::flip_horizontal)
}

/// The cycle seen from the other side, the colours swapped.
pub fn colors_swapped(start: &Position, moves: &[Move]) -> Option<(Position, Vec<Move>)> {
    carry(start, moves, |b| b.swap_sides(), true, Square::rotate)
}

/// Checks both symmetries of a cycle ruled `verdict` under `rules`: the verdict, and each
/// move's nature (the same move mirrored; the other side's with the colours swapped); the
/// message names what broke.
pub fn check(
    start: &Position,
    moves: &[Move],
    rules: &RuleSet,
    verdict: Option<Verdict>,
) -> Result<(), String> {
    let natures = |ruling: &Option<Ruling>| {
        ruling
            .as_ref()
            .map(|r| r.moves.iter().map(|a| a.nature).collect::<Vec<_>>())
    };
    let played = natures(&rule_game(start, moves, rules));
    let (m_start, m_moves) = mirrored(start, moves).ok_or("the mirrored moves are not legal")?;
    let m = rule_game(&m_start, &m_moves, rules);
    if m.as_ref().map(|r| r.verdict) != verdict {
        return Err(format!(
            "mirrored: {:?}, as played: {verdict:?}",
            m.map(|r| r.verdict)
        ));
    }
    if natures(&m) != played {
        return Err(format!(
            "mirrored: natures {:?}, as played: {played:?}",
            natures(&m)
        ));
    }
    let (s_start, s_moves) =
        colors_swapped(start, moves).ok_or("the colour-swapped moves are not legal")?;
    let s = rule_game(&s_start, &s_moves, rules);
    if s.as_ref().map(|r| r.verdict) != verdict.map(Verdict::swap_colors) {
        return Err(format!(
            "colours swapped: {:?}, as played: {verdict:?}",
            s.map(|r| r.verdict)
        ));
    }
    if natures(&s) != played {
        return Err(format!(
            "colours swapped: natures {:?}, as played: {played:?}",
            natures(&s)
        ));
    }
    Ok(())
}

/// Checks that the last cycle of the game `moves` from `start`, if it was played twice alike, is
/// ruled the same from each of its positions: the cycle entered one ply on, two plies on, …,
/// and played twice from there gets the same verdict, and each side the same natures (in the
/// cycle's order, from that ply on). A cycle is ruled as a whole (CXA 2011 art. 23.1; WXF 2018
/// ch. 5), not by where the players happened to enter it. Returns how many rotations were
/// ruled; the message names the first that differs.
#[allow(dead_code)]
pub fn rotations(start: &Position, moves: &[Move], rules: &RuleSet) -> Result<usize, String> {
    let Some(played) = rule_game(start, moves, rules) else {
        return Ok(0);
    };
    let occ = &played.occurrences;
    let (Some(&end), Some(&before)) = (occ.last(), occ.iter().rev().nth(1)) else {
        return Ok(0);
    };
    let period = end - before;
    // Only a cycle played twice alike: two different loops through one position have no
    // rotation.
    let Some(first) = end.checked_sub(2 * period) else {
        return Ok(0);
    };
    if moves[first..before] != moves[before..end] {
        return Ok(0);
    }
    let mut positions = vec![start.clone()];
    for &m in &moves[..end] {
        let mut next = positions[positions.len() - 1].clone();
        next.play_unchecked(m);
        positions.push(next);
    }
    // The verdict, and each side's natures in the cycle's order from ply `k` of it on.
    let read = |ruling: &Ruling, k: usize| {
        let n = ruling.moves.len();
        let side = |color: Color| -> Vec<MoveNature> {
            (0..n)
                .map(|i| &ruling.moves[(i + k) % n])
                .filter(|a| a.mover == color)
                .map(|a| a.nature)
                .collect()
        };
        (ruling.verdict, side(Color::Red), side(Color::Black))
    };
    let whole = rule_game(&positions[first], &moves[first..end], rules)
        .ok_or("the cycle alone is not ruled")?;
    for k in 1..period {
        let from = first + k;
        // Past the game's end the cycle goes on as it went a period before.
        let cycle: Vec<Move> = (from..from + 2 * period)
            .map(|i| moves[if i >= end { i - period } else { i }])
            .collect();
        let want = read(&whole, k);
        let got = rule_game(&positions[from], &cycle, rules).map(|r| read(&r, 0));
        if got.as_ref() != Some(&want) {
            return Err(format!(
                "entered {k} plies on: {got:?}, from the cycle's first position: {want:?}"
            ));
        }
    }
    Ok(period - 1)
}

/// The position of `fen` and the legal moves `moves` (ICCS, separated by spaces) from it; panics
/// on a bad position or an illegal move, which is the test's own mistake. (Not every test file
/// that shares this module plays games from text.)
#[allow(dead_code)]
pub fn game_of(fen: &str, moves: &str) -> (Position, Vec<Move>) {
    let start: Position = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position().ok())
        .unwrap_or_else(|| panic!("bad fen {fen}"));
    let list = played(&start, moves);
    (start, list)
}

/// The cycle `moves` from the diagram `fen` ruled under CXA 2011, what the ruling says of each
/// move checked against the board ([`boards::explained_soundly`]) and the ruling against its
/// mirror image and the colours swapped ([`check`]).
#[allow(dead_code)]
pub fn cxa_checked(fen: &str, moves: &str) -> Ruling {
    let (start, moves) = diagram_game_of(fen, moves);
    let rules = RuleSet::cxa2011();
    let ruling = rule_game(&start, &moves, &rules).expect("a ruling");
    let text = ruling.explanation.en();
    let sound = boards::explained_soundly(&start, &moves, &ruling);
    assert!(sound.is_ok(), "{sound:?}\n{text}");
    let symmetric = check(&start, &moves, &rules, Some(ruling.verdict));
    assert!(symmetric.is_ok(), "{symmetric:?}");
    ruling
}

/// [`game_of`] for a diagram (pieces may stand on points no game reaches, as
/// `Position::from_diagram` allows them).
#[allow(dead_code)]
pub fn diagram_game_of(fen: &str, moves: &str) -> (Position, Vec<Move>) {
    let start: Position = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_diagram_position().ok())
        .unwrap_or_else(|| panic!("bad diagram {fen}"));
    let list = played(&start, moves);
    (start, list)
}

/// The moves `moves` (ICCS) played from `start`; panics on an illegal one, the test's own
/// mistake.
fn played(start: &Position, moves: &str) -> Vec<Move> {
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
    list
}

/// Does `nature` match the book character `c`: 将 check, 杀 mate threat, 捉 chase, 兑 exchange,
/// 献 sacrifice, and 闲 for any move the book counts as idle (CXA 2011 art. 24.8: "兑、献、拦、
/// 跟，均属于闲范畴"), so a 闲 may be ruled 闲, 拦 or 跟?
#[allow(dead_code)]
pub fn is(nature: MoveNature, c: char) -> bool {
    match c {
        '将' => nature == MoveNature::Check,
        '杀' => nature == MoveNature::MateThreat,
        '捉' => nature == MoveNature::Chase,
        '兑' => nature == MoveNature::Exchange,
        '献' => nature == MoveNature::Sacrifice,
        '闲' => !matches!(
            nature,
            MoveNature::Check | MoveNature::MateThreat | MoveNature::Chase
        ),
        _ => panic!("no nature {c}"),
    }
}

/// Rules the period `cycle` (four plies, Red first) played twice from `fen` under `rules`, and
/// checks the verdict, Red's natures (`red`, one character a move, see [`is`]), that Black plays
/// no forbidden move, and the verdict mirrored and with the colours swapped.
#[allow(dead_code)]
pub fn rule(fen: &str, cycle: &str, rules: &RuleSet, verdict: Verdict, red: &str) -> Ruling {
    rule_with(fen, cycle, rules, verdict, Some(red), Some(false))
}

/// [`rule`] with Red's natures left unchecked when `red` is `None`, and whether Black's play is
/// forbidden checked when `black_forbidden` is given.
#[allow(dead_code)]
pub fn rule_with(
    fen: &str,
    cycle: &str,
    rules: &RuleSet,
    verdict: Verdict,
    red: Option<&str>,
    black_forbidden: Option<bool>,
) -> Ruling {
    let (start, moves) = game_of(fen, &format!("{cycle} {cycle}"));
    let ruling = rule_game(&start, &moves, rules)
        .unwrap_or_else(|| panic!("{fen}: the start position does not occur three times"));
    let text = ruling.explanation.en();
    assert_eq!(ruling.verdict, verdict, "{fen}\n{text}");
    if let Some(red) = red {
        assert_natures(&ruling, Color::Red, red);
    }
    if let Some(forbidden) = black_forbidden {
        assert_eq!(ruling.black.forbidden, forbidden, "{fen}\n{text}");
    }
    if let Err(e) = check(&start, &moves, rules, Some(ruling.verdict)) {
        panic!("{fen}: {e}\n{text}");
    }
    ruling
}

/// [`rule`] under both books, CXA 2011 then WXF 2018, each with its own verdict (the books
/// differ on 一将一捉, on chases of guarded pieces, …), Red's natures the same under both.
#[allow(dead_code)]
pub fn rule_both(fen: &str, cycle: &str, [by_cxa, by_wxf]: [Verdict; 2], red: &str) -> [Ruling; 2] {
    [
        rule(fen, cycle, &cxa(), by_cxa, red),
        rule(fen, cycle, &wxf(), by_wxf, red),
    ]
}

/// [`rule_with`] under both books, CXA 2011 then WXF 2018, with the same verdict and natures:
/// for a cycle the two books rule alike.
#[allow(dead_code)]
pub fn rule_alike(
    fen: &str,
    cycle: &str,
    verdict: Verdict,
    red: Option<&str>,
    black_forbidden: Option<bool>,
) -> [Ruling; 2] {
    [cxa(), wxf()].map(|rules| rule_with(fen, cycle, &rules, verdict, red, black_forbidden))
}

/// What [`rule_with`] checks of one book's ruling: the verdict, Red's natures, whether Black's
/// play is forbidden.
pub type Expected<'a> = (Verdict, Option<&'a str>, Option<bool>);

/// [`rule_with`] under both books, CXA 2011 then WXF 2018, each with its own expectations: for
/// a cycle the two books rule apart, in verdict or in the natures of Red's moves.
#[allow(dead_code)]
pub fn rule_each(fen: &str, cycle: &str, [by_cxa, by_wxf]: [Expected<'_>; 2]) -> [Ruling; 2] {
    let rule = |rules: RuleSet, (verdict, red, black_forbidden): Expected<'_>| {
        rule_with(fen, cycle, &rules, verdict, red, black_forbidden)
    };
    [rule(cxa(), by_cxa), rule(wxf(), by_wxf)]
}

#[allow(dead_code)]
pub fn cxa() -> RuleSet {
    RuleSet::cxa2011()
}

#[allow(dead_code)]
pub fn wxf() -> RuleSet {
    RuleSet::wxf2018()
}

/// [`rule_with`] under CXA 2011, with Black's natures checked too (`black`, one book character a
/// move, see [`is`]) and whether Black's play is forbidden.
#[allow(dead_code)]
pub fn cxa_case(
    fen: &str,
    cycle: &str,
    verdict: Verdict,
    red: &str,
    black: &str,
    black_forbidden: bool,
) -> Ruling {
    let ruling = rule_with(
        fen,
        cycle,
        &cxa(),
        verdict,
        Some(red),
        Some(black_forbidden),
    );
    assert_natures(&ruling, Color::Black, black);
    ruling
}

/// Rules `cycle` played twice from `fen` under CXA 2011 and checks the verdict and both sides'
/// natures as the book labels one period (`red`, `black`: one book character a move of the
/// period, repeated over the four moves a side plays), mirrored and colours swapped too.
#[allow(dead_code)]
pub fn cxa_labels(fen: &str, cycle: &str, verdict: Verdict, red: &str, black: &str) -> Ruling {
    let (start, moves) = game_of(fen, &format!("{cycle} {cycle}"));
    let ruling = rule_game(&start, &moves, &cxa())
        .unwrap_or_else(|| panic!("{fen}: the start position does not occur three times"));
    let why = ruling.explanation.en();
    assert_eq!(ruling.verdict, verdict, "{fen}\n{why}");
    for (color, want) in [(Color::Red, red), (Color::Black, black)] {
        let expected: String = want.chars().cycle().take(4).collect();
        assert_natures(&ruling, color, &expected);
    }
    if let Err(e) = check(&start, &moves, &cxa(), Some(ruling.verdict)) {
        panic!("{fen}: {e}\n{why}");
    }
    ruling
}

/// Checks the natures of `color`'s moves in `ruling`, one book character a move (see [`is`]),
/// as many as the moves.
#[allow(dead_code)]
pub fn assert_natures(ruling: &Ruling, color: Color, expected: &str) {
    let why = ruling.explanation.en();
    let natures: Vec<MoveNature> = ruling
        .moves
        .iter()
        .filter(|a| a.mover == color)
        .map(|a| a.nature)
        .collect();
    let expected: Vec<char> = expected.chars().collect();
    assert_eq!(natures.len(), expected.len(), "{color:?}\n{why}");
    for (n, c) in natures.iter().zip(&expected) {
        assert!(is(*n, *c), "{color:?} {n:?} is not {c}\n{why}");
    }
}

/// The red moves of a ruling.
#[allow(dead_code)]
pub fn red_moves(ruling: &Ruling) -> impl Iterator<Item = &MoveAnalysis> {
    ruling.moves.iter().filter(|a| a.mover == Color::Red)
}

/// Checks which sides of a CXA 2011 ruling chase jointly (联合捉, art. 24.17), as a case's
/// reading of the book says, and that a side chasing alone is on art. 26.9.1's list: 26.9.2–3
/// then decide, or 26.9.1 (a joint chase of a piece guarded once is off the list), or 26.9.4.
#[allow(dead_code)]
pub fn joint(ruling: &Ruling, red: bool, black: bool) {
    let why = ruling.explanation.en();
    assert_eq!(ruling.red.joint, red, "Red joint\n{why}");
    assert_eq!(ruling.black.joint, black, "Black joint\n{why}");
    for (side, joint) in [(&ruling.red, red), (&ruling.black, black)] {
        assert!(joint || side.listed, "a single chaser listed\n{why}");
    }
}
