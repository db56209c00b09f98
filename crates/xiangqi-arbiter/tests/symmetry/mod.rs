//! Symmetry of rulings, shared by the book cases and the random cycles: a cycle mirrored left to
//! right is ruled the same, and with the colours swapped it is ruled for the other side. The
//! books' definitions know no left or right and treat both colours alike; a rule built from
//! them must too.

use xiangqi::{Move, Position, Square, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{RuleSet, Verdict, rule_game};

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

/// Checks both symmetries of a cycle ruled `verdict` under `rules`; the message names what
/// broke.
pub fn check(
    start: &Position,
    moves: &[Move],
    rules: &RuleSet,
    verdict: Option<Verdict>,
) -> Result<(), String> {
    let (m_start, m_moves) = mirrored(start, moves).ok_or("the mirrored moves are not legal")?;
    let m = rule_game(&m_start, &m_moves, rules).map(|r| r.verdict);
    if m != verdict {
        return Err(format!("mirrored: {m:?}, as played: {verdict:?}"));
    }
    let (s_start, s_moves) =
        colors_swapped(start, moves).ok_or("the colour-swapped moves are not legal")?;
    let s = rule_game(&s_start, &s_moves, rules).map(|r| r.verdict);
    if s != verdict.map(Verdict::swap_colors) {
        return Err(format!("colours swapped: {s:?}, as played: {verdict:?}"));
    }
    Ok(())
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
