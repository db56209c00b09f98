//! The move generator against a slow, independent one written square by square from the rules
//! (CXA 2011 art. 2), on random positions: random games from the start, and random setups.

use std::collections::HashSet;

use proptest::prelude::*;
use xiangqi::{Board, Color, Move, MoveFilter, Piece, Position, Role, Setup, Square, fen::Fen};

/// Where the piece on `from` may go by its own way of moving, walking the board point by point.
fn slow_targets(board: &Board, from: Square, piece: Piece) -> Vec<Square> {
    let empty = |sq: Square| board.piece_at(sq).is_none();
    let not_own = |sq: Square| board.piece_at(sq).is_none_or(|p| p.color != piece.color);
    let step = |df: i32, dr: i32| from.offset(df, dr);
    let mut out = Vec::new();
    const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    match piece.role {
        Role::King => {
            for (df, dr) in ORTHO {
                if let Some(to) = step(df, dr) {
                    if to.in_palace(piece.color) && not_own(to) {
                        out.push(to);
                    }
                }
            }
        }
        Role::Advisor => {
            for (df, dr) in DIAG {
                if let Some(to) = step(df, dr) {
                    if to.in_palace(piece.color) && not_own(to) {
                        out.push(to);
                    }
                }
            }
        }
        Role::Elephant => {
            for (df, dr) in DIAG {
                if let (Some(eye), Some(to)) = (step(df, dr), step(2 * df, 2 * dr)) {
                    if empty(eye) && to.is_home_side(piece.color) && not_own(to) {
                        out.push(to);
                    }
                }
            }
        }
        Role::Horse => {
            for (df, dr) in ORTHO {
                if let Some(leg) = step(df, dr) {
                    if !empty(leg) {
                        continue;
                    }
                    for side in [-1, 1] {
                        let (tf, tr) = (2 * df + side * dr, 2 * dr + side * df);
                        if let Some(to) = step(tf, tr) {
                            if not_own(to) {
                                out.push(to);
                            }
                        }
                    }
                }
            }
        }
        Role::Rook | Role::Cannon => {
            for (df, dr) in ORTHO {
                let mut screened = false;
                let mut cur = step(df, dr);
                while let Some(to) = cur {
                    match (board.piece_at(to), screened) {
                        (None, false) => out.push(to),
                        (None, true) => {}
                        (Some(p), false) => {
                            if piece.role == Role::Rook {
                                if p.color != piece.color {
                                    out.push(to);
                                }
                                break;
                            }
                            screened = true;
                        }
                        (Some(p), true) => {
                            if p.color != piece.color {
                                out.push(to);
                            }
                            break;
                        }
                    }
                    cur = to.offset(df, dr);
                }
            }
        }
        Role::Pawn => {
            let forward = if piece.color == Color::Red { 1 } else { -1 };
            let mut dirs = vec![(0, forward)];
            if !from.is_home_side(piece.color) {
                dirs.extend([(1, 0), (-1, 0)]);
            }
            for (df, dr) in dirs {
                if let Some(to) = step(df, dr) {
                    if not_own(to) {
                        out.push(to);
                    }
                }
            }
        }
    }
    out
}

/// Can `color`'s general be taken, or does it face the other general, on `board`?
fn general_capturable(board: &Board, color: Color) -> bool {
    let Some(king) = board
        .pieces()
        .find(|(_, p)| *p == Role::King.of(color))
        .map(|(s, _)| s)
    else {
        return true;
    };
    let facing = {
        let mut cur = king.offset(0, if color == Color::Red { 1 } else { -1 });
        let mut facing = false;
        while let Some(sq) = cur {
            if let Some(p) = board.piece_at(sq) {
                facing = p == Role::King.of(!color);
                break;
            }
            cur = sq.offset(0, if color == Color::Red { 1 } else { -1 });
        }
        facing
    };
    facing
        || board
            .pieces()
            .filter(|(_, p)| p.color != color)
            .any(|(from, p)| slow_targets(board, from, p).contains(&king))
}

fn slow_legal_moves(pos: &Position) -> HashSet<(Square, Square)> {
    let board = pos.board();
    let mut moves = HashSet::new();
    for (from, piece) in board.pieces().filter(|(_, p)| p.color == pos.turn()) {
        for to in slow_targets(board, from, piece) {
            let mut after = board.clone();
            after.remove_piece_at(from);
            after.set_piece_at(to, piece);
            if !general_capturable(&after, pos.turn()) {
                moves.insert((from, to));
            }
        }
    }
    moves
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let fast: HashSet<(Square, Square)> =
        pos.legal_moves().iter().map(|m| (m.from, m.to)).collect();
    let fen = Fen::from_position(pos).to_string();
    prop_assert_eq!(&fast, &slow_legal_moves(pos), "{}", fen);
    prop_assert_eq!(pos.count_legal_moves(), fast.len(), "{}", fen);
    for m in pos.legal_moves() {
        prop_assert_eq!(m.capture, pos.board().role_at(m.to));
        prop_assert!(pos.is_legal(m) && !pos.is_suicide(m));
    }
    let mut any_check = false;
    for (from, piece) in pos.board().pieces().filter(|(_, p)| p.color == pos.turn()) {
        for to in slow_targets(pos.board(), from, piece) {
            let m = pos.find_move(from, to).expect("pseudo-legal move found");
            prop_assert_eq!(
                pos.is_suicide(m),
                !fast.contains(&(from, to)),
                "{} {}",
                fen,
                m
            );
            any_check = true;
        }
    }
    let _ = any_check;
    check_filters(pos)
}

/// The selective generators list exactly the legal moves they promise, in the same order.
fn check_filters(pos: &Position) -> Result<(), TestCaseError> {
    let fen = Fen::from_position(pos).to_string();
    let all = pos.legal_moves();
    let checks_after = |m: &Move| {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        after.is_check()
    };
    for m in &all {
        prop_assert_eq!(pos.gives_check(*m), checks_after(m), "{} {}", fen, m);
    }
    let target = all.first().map(|m| m.to);
    let expect = |keep: &dyn Fn(&Move) -> bool| -> Vec<Move> {
        all.iter().filter(|m| keep(m)).copied().collect()
    };
    let cases: Vec<(MoveFilter, Vec<Move>)> = vec![
        (MoveFilter::All, all.to_vec()),
        (MoveFilter::Captures, expect(&|m| m.is_capture())),
        (MoveFilter::Checks, expect(&|m| checks_after(m))),
        (
            MoveFilter::CapturesOrChecks,
            expect(&|m| m.is_capture() || checks_after(m)),
        ),
    ];
    for (filter, expected) in cases {
        prop_assert_eq!(
            pos.legal_moves_where(filter).to_vec(),
            expected,
            "{} {:?}",
            fen,
            filter
        );
    }
    if let Some(sq) = target {
        let expected = expect(&|m| m.is_capture() && m.to == sq);
        prop_assert_eq!(
            pos.legal_moves_where(MoveFilter::CapturesOn(sq)).to_vec(),
            expected,
            "{}",
            fen
        );
    }
    match pos.swap_turn() {
        None => prop_assert!(pos.is_check()),
        Some(swapped) => {
            prop_assert_eq!(swapped.turn(), !pos.turn());
            let fresh = Position::from_setup(swapped.to_setup()).expect("a legal null move");
            prop_assert_eq!(fresh.zobrist_hash(), swapped.zobrist_hash());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random games from the start: every position on the way.
    #[test]
    fn random_games(choices in prop::collection::vec(any::<prop::sample::Index>(), 0..120)) {
        let mut pos = Position::new();
        for choice in choices {
            check_position(&pos)?;
            prop_assert_eq!(pos.zobrist_hash(), Position::from_setup(pos.to_setup()).unwrap().zobrist_hash());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                prop_assert!(pos.outcome().is_some());
                break;
            }
            pos.play_unchecked(moves[choice.index(moves.len())]);
        }
    }

    /// Random setups: generals anywhere in their palaces, rooks, horses and cannons anywhere,
    /// pawns across the river; kept when legal.
    #[test]
    fn random_setups(
        kings in (0usize..9, 0usize..9),
        pieces in prop::collection::vec((0usize..90, 0usize..8), 2..30),
        black in any::<bool>(),
    ) {
        let mut setup = Setup::empty();
        setup.turn = if black { Color::Black } else { Color::Red };
        let palace = |color: Color, i: usize| {
            Square::ALL.into_iter().filter(|s| s.in_palace(color)).nth(i).expect("nine points")
        };
        setup.board.set_piece_at(palace(Color::Red, kings.0), Role::King.of(Color::Red));
        setup.board.set_piece_at(palace(Color::Black, kings.1), Role::King.of(Color::Black));
        for (sq, p) in pieces {
            let color = Color::ALL[p / 4];
            let role = [Role::Rook, Role::Horse, Role::Cannon, Role::Pawn][p % 4];
            let sq = Square::ALL[sq];
            let occupied = setup.board.piece_at(sq).is_some();
            if occupied || (role == Role::Pawn && sq.is_home_side(color)) {
                continue;
            }
            setup.board.set_piece_at(sq, role.of(color));
        }
        if let Ok(pos) = Position::from_setup(setup) {
            check_position(&pos)?;
        }
    }
}

/// Positions where checks are found only by looking behind the moving piece: a rook uncovering
/// a horse's leg, a piece leaving a cannon's line, a piece becoming a cannon's screen, the
/// general answering a check. Random games meet these too rarely to rely on.
#[test]
fn uncovered_and_screened_checks() {
    for fen in [
        // The rook on f8 stands on the leg of the horse on g8 that would attack e9.
        "4k4/5RN2/9/9/9/9/9/9/9/3K5 w",
        // The horse on e5 is one of two screens between the general on e9 and the cannon on e2.
        "4k4/9/9/4p4/4N4/9/9/4C4/9/3K5 w",
        // The pawn stepping from d5 to e5 becomes the e2 cannon's only screen.
        "4k4/9/9/9/3P5/9/9/4C4/9/3K5 w",
        // Black in check from the rook: every answer.
        "3k5/9/9/9/9/9/9/9/9/3RK4 b",
    ] {
        let pos: Position = fen.parse().expect(fen);
        check_position(&pos).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(
            pos.is_check() || !pos.legal_moves_where(MoveFilter::Checks).is_empty(),
            "{fen}: the test position offers a check"
        );
    }
}
