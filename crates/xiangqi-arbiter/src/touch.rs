//! Touch-move (摸子走子): from the pieces a player touched, in order, the moves it is now
//! bound to and whether a foul is due.
//!
//! | touched | bound to, in order | article |
//! | --- | --- | --- |
//! | an own piece | move it; if it cannot move, any move | CXA 2011 art. 5.1; WXF 2018 art. 4.2.A |
//! | an opponent's piece | take it with any piece; if none can, any move | CXA 5.2; WXF 4.2.B |
//! | own, then opponent's | the first takes the second; else move the first; else another piece takes the second; else any move | CXA 5.3; WXF 4.2.C |
//! | opponent's, then own (or both at once) | the second takes the first; else another piece takes the first; else move the second; else any move | CXA 5.4–5.5; WXF 4.2.D–E |
//!
//! Fouls differ: CXA 2011 art. 8.1.5 counts one when a touched own piece cannot move or a
//! touched opponent's piece cannot be taken by any piece; WXF 2018 art. 4.2 counts a technical
//! foul whenever the first step of the order cannot be kept ("三项均属技术犯规").
//!
//! In check, a move must answer it, so only a move that answers counts as a way to keep a
//! step. WXF 2018 art. 2.10.D adds that the piece touched first (the one moved without seeing
//! the check) must answer it; when it cannot, another piece may, with a technical foul. So in
//! check a later touched piece that answers instead of the first no longer spares the foul.
//!
//! [`Game`](crate::Game) keeps the binding: [`Game::touch`](crate::Game::touch) records a
//! [`GameEvent::Touched`](crate::GameEvent::Touched), whose foul, if due, counts towards the
//! loss by fouls ([`crate::fouls`]); [`Game::play`](crate::Game::play) refuses a move that
//! breaks the binding of the turn (the arbiter has the player keep it, CXA 2011 art. 5.1 "就应
//! 走那个棋子"). The books punish the touch, not the refused move, so the refusal itself adds
//! no foul. A suicide move is not refused: released, it loses (CXA 2011 art. 4.1.3).
//!
//! A piece left between two points after the clock was pressed is placed on the point the
//! opponent names (CXA 2011 art. 5.10): [`placed_between`],
//! [`Game::place_between`](crate::Game::place_between).
//!
//! ## Choices where the books are silent
//!
//! - The books speak of one or two pieces. For more, we follow FIDE Laws art. 4.3.3 in spirit:
//!   touched pieces are tried in the order touched, own pieces for "move it", opponent's
//!   pieces for "take it", by the order of the first two kinds touched.
//! - "Can move" means has a legal move: a piece pinned to its king cannot move (CXA 2011 art.
//!   5.1: "按行棋规定根本不能走").
//! - Adjusting a piece (摆正) does not bind when announced in one's own time (CXA 2011 art. 5.6;
//!   WXF 2018 art. 4.2.F); otherwise it is a touch: see [`adjusting_binds`].

use serde::{Deserialize, Serialize};
use xiangqi::{Move, Position, Square};

use crate::rules::Book;

/// Which step of the order binds the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Nothing touched: any legal move.
    Untouched,
    /// A touched own piece takes a touched opponent's piece.
    TouchedTakesTouched,
    /// A touched own piece moves.
    MoveTouched,
    /// Any own piece takes a touched opponent's piece.
    TakeTouched,
    /// No step can be kept: any legal move.
    Free,
}

/// What the touches bind the player to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// The step in force.
    pub step: Step,
    /// The moves allowed: one of these must be played.
    pub moves: Vec<Move>,
    /// The foul due, with its article, if any.
    pub foul: Option<&'static str>,
}

impl Binding {
    /// Does `m` keep the binding?
    pub fn allows(&self, m: Move) -> bool {
        self.moves.contains(&m)
    }
}

/// A touch that names no piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TouchError {
    /// No piece stands on the square.
    #[error("no piece on {0}")]
    Empty(Square),
}

/// How the touches were made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// One after another, as listed.
    #[default]
    InTurn,
    /// Own and opponent's pieces at the same time: ordered as opponent's first (CXA 2011 art.
    /// 5.5; WXF 2018 art. 4.2.E).
    AtOnce,
}

/// The moves the side to move in `pos` is bound to after touching the pieces on `touched`, in
/// that order, under `book`. Repeated squares count once.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_arbiter::{Book, touch::{Order, Step, bound_moves}};
///
/// // Red touches its cannon on h2: it must move it (CXA 2011 art. 5.1).
/// let b = bound_moves(&Position::new(), &["h2".parse()?], Order::InTurn, Book::Cxa2011)?;
/// assert_eq!(b.step, Step::MoveTouched);
/// assert!(b.moves.iter().all(|m| m.from.to_string() == "h2"));
/// assert_eq!(b.foul, None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`TouchError::Empty`] if a square holds no piece.
pub fn bound_moves(
    pos: &Position,
    touched: &[Square],
    order: Order,
    book: Book,
) -> Result<Binding, TouchError> {
    let us = pos.turn();
    let mut own: Vec<Square> = Vec::new();
    let mut theirs: Vec<Square> = Vec::new();
    let mut own_first = None;
    for &sq in touched {
        let piece = pos.board().piece_at(sq).ok_or(TouchError::Empty(sq))?;
        let list = if piece.color == us {
            &mut own
        } else {
            &mut theirs
        };
        if !list.contains(&sq) {
            list.push(sq);
        }
        own_first.get_or_insert(piece.color == us);
    }
    let legal = pos.legal_moves();
    let moves_of =
        |from: Square| -> Vec<Move> { legal.iter().copied().filter(|m| m.from == from).collect() };
    let takes = |to: Square, from: Option<Square>| -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| m.to == to && from.is_none_or(|f| m.from == f))
            .collect()
    };
    // The steps in order, each a list of candidate move sets tried piece by piece.
    let touched_takes_touched = || -> Vec<Move> {
        for &o in &own {
            for &t in &theirs {
                let v = takes(t, Some(o));
                if !v.is_empty() {
                    return v;
                }
            }
        }
        Vec::new()
    };
    let move_touched = || -> Vec<Move> {
        own.iter()
            .map(|&o| moves_of(o))
            .find(|v| !v.is_empty())
            .unwrap_or_default()
    };
    let take_touched = || -> Vec<Move> {
        theirs
            .iter()
            .map(|&t| takes(t, None))
            .find(|v| !v.is_empty())
            .unwrap_or_default()
    };
    let own_first = own_first.unwrap_or(true) && order == Order::InTurn;
    let steps: Vec<Step> = match (own.is_empty(), theirs.is_empty()) {
        (true, true) => vec![],
        (false, true) => vec![Step::MoveTouched],
        (true, false) => vec![Step::TakeTouched],
        // CXA 2011 art. 5.3; WXF 2018 art. 4.2.C.
        (false, false) if own_first => vec![
            Step::TouchedTakesTouched,
            Step::MoveTouched,
            Step::TakeTouched,
        ],
        // CXA 2011 arts. 5.4–5.5; WXF 2018 art. 4.2.D–E.
        (false, false) => vec![
            Step::TouchedTakesTouched,
            Step::TakeTouched,
            Step::MoveTouched,
        ],
    };
    if steps.is_empty() {
        return Ok(Binding {
            step: Step::Untouched,
            moves: legal.to_vec(),
            foul: None,
        });
    }
    let mut chosen = (Step::Free, legal.to_vec());
    for &step in &steps {
        let v = match step {
            Step::TouchedTakesTouched => touched_takes_touched(),
            Step::MoveTouched => move_touched(),
            Step::TakeTouched => take_touched(),
            Step::Untouched | Step::Free => Vec::new(),
        };
        if !v.is_empty() {
            chosen = (step, v);
            break;
        }
    }
    let foul = match book {
        // CXA 2011 art. 8.1.5: an own piece that cannot move, an opponent's none can take.
        Book::Cxa2011 => {
            let stuck = own.iter().any(|&o| moves_of(o).is_empty());
            let safe = theirs.iter().any(|&t| takes(t, None).is_empty());
            (stuck || safe).then_some("CXA 2011 arts. 5.1–5.5, 8.1.5")
        }
        // WXF 2018 art. 2.10.D: in check, the piece touched first must answer it ("必须先用该摸过
        // 的子应将"); another piece answering instead is a technical foul ("如该子不能解将时，
        // 才可改用别子(亦判技术犯规一次)"), even where art. 4.2 has it move.
        Book::Wxf2018 if pos.is_check() => {
            let first_answers = if theirs.is_empty() || (own_first && !own.is_empty()) {
                own.first().is_some_and(|&o| !moves_of(o).is_empty())
            } else {
                theirs.first().is_some_and(|&t| !takes(t, None).is_empty())
            };
            (!first_answers || chosen.0 != steps[0]).then_some("WXF 2018 arts. 2.10.D, 4.2")
        }
        // WXF 2018 art. 4.2 A–E: every fallback from the first step is a technical foul.
        Book::Wxf2018 => (chosen.0 != steps[0]).then_some("WXF 2018 art. 4.2"),
    };
    Ok(Binding {
        step: chosen.0,
        moves: chosen.1,
        foul,
    })
}

/// Why a piece left between two points cannot be placed (CXA 2011 art. 5.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// The two points are the same or not next to each other (straight or diagonal): a piece
    /// cannot lie between them.
    #[error("{0} and {1} are not two neighbouring points")]
    NotNeighbours(Square, Square),
    /// The point named is not one of the two.
    #[error("{0} is not one of the two points")]
    NotOnePoint(Square),
    /// No piece of the side to move stands on the square it moved from.
    #[error("no piece of the side to move on {0}")]
    NoPiece(Square),
    /// The piece cannot go to the point named, though it can go to the other: the opponent
    /// must name that one.
    #[error("the piece cannot go to {0}; the other point is its move")]
    Unreachable(Square),
    /// The piece can go to neither point: the move is illegal (CXA 2011 arts. 4.1.8, 8.1.8).
    #[error("the piece can go to neither point: an illegal move")]
    Illegal,
}

/// The move made when a piece, after the clock was pressed, lies between two points and its
/// place cannot be told: the opponent names one of the two points (CXA 2011 art. 5.10:
/// "凡走棋并按钟后出现棋子走在两个点之间且无法辨认位置，由对方指定其中一个点作为落点").
/// WXF 2018 has no such article; we apply the same rule.
///
/// Where the book is silent: the two points must be neighbours (a piece cannot lie between
/// points further apart); the opponent names a point the piece can go to by its way of
/// moving, so when only one of them is, that one is the move ([`PlacementError::Unreachable`]
/// for the other); when neither is, the move is illegal ([`PlacementError::Illegal`]: record a
/// [`Foul::IllegalMove`](crate::Foul::IllegalMove)). A move so found that exposes its own
/// king is a suicide move and loses like any other (CXA 2011 art. 4.1.3).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_arbiter::touch::placed_between;
///
/// // Red's cannon from h2 lies between e2 and f2; Black names e2.
/// let m = placed_between(&Position::new(), "h2".parse()?, ["e2".parse()?, "f2".parse()?], "e2".parse()?)?;
/// assert_eq!(m.to_string(), "h2e2");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// See [`PlacementError`].
pub fn placed_between(
    pos: &Position,
    from: Square,
    points: [Square; 2],
    named: Square,
) -> Result<Move, PlacementError> {
    let [a, b] = points;
    let df = a.file().index().abs_diff(b.file().index());
    let dr = a.rank().index().abs_diff(b.rank().index());
    if a == b || df > 1 || dr > 1 {
        return Err(PlacementError::NotNeighbours(a, b));
    }
    if named != a && named != b {
        return Err(PlacementError::NotOnePoint(named));
    }
    match pos.board().piece_at(from) {
        Some(p) if p.color == pos.turn() => {}
        _ => return Err(PlacementError::NoPiece(from)),
    }
    let other = if named == a { b } else { a };
    match (pos.find_move(from, named), pos.find_move(from, other)) {
        (Some(m), _) => Ok(m),
        (None, Some(_)) => Err(PlacementError::Unreachable(named)),
        (None, None) => Err(PlacementError::Illegal),
    }
}

/// Does adjusting a piece bind as a touch? Not when announced in one's own time (CXA 2011 art.
/// 5.6; WXF 2018 art. 4.2.F); an obvious accidental brush never binds (CXA 2011 art. 5.6).
pub const fn adjusting_binds(announced: bool, own_time: bool, accidental: bool) -> bool {
    !(accidental || (announced && own_time))
}

#[cfg(test)]
mod tests {
    use xiangqi::fen::Fen;

    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position().ok())
            .unwrap_or_else(|| panic!("bad fen {fen}"))
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap_or_else(|_| panic!("bad square {s}"))
    }

    fn all_from(b: &Binding, from: &str) -> bool {
        !b.moves.is_empty() && b.moves.iter().all(|m| m.from == sq(from))
    }

    #[test]
    fn own_piece_must_move() {
        // CXA 2011 art. 5.1; WXF 2018 art. 4.2.A.
        let p = Position::new();
        for book in [Book::Cxa2011, Book::Wxf2018] {
            let b = bound_moves(&p, &[sq("b0")], Order::InTurn, book).expect("a piece");
            assert_eq!(b.step, Step::MoveTouched);
            assert!(all_from(&b, "b0"), "{book:?}");
            assert_eq!(b.moves.len(), 2);
            assert_eq!(b.foul, None);
        }
    }

    #[test]
    fn pinned_piece_cannot_move_and_frees_the_player() {
        // The red rook on e1 shields its king from the black rook on e5: touched, it must move
        // along the e file; the advisor on d0 cannot move at all.
        let p = pos("3k5/9/9/9/4r4/9/9/9/4R4/3AK4 w - - 0 1");
        let b = bound_moves(&p, &[sq("e1")], Order::InTurn, Book::Cxa2011).expect("a piece");
        assert!(all_from(&b, "e1"));
        assert!(b.moves.iter().all(|m| m.to.file() == sq("e1").file()));
        let b = bound_moves(&p, &[sq("d0")], Order::InTurn, Book::Cxa2011).expect("a piece");
        assert_eq!(b.step, Step::Free);
        assert_eq!(b.foul, Some("CXA 2011 arts. 5.1–5.5, 8.1.5"));
        assert_eq!(b.moves.len(), p.legal_moves().len());
        let b = bound_moves(&p, &[sq("d0")], Order::InTurn, Book::Wxf2018).expect("a piece");
        assert_eq!(b.foul, Some("WXF 2018 art. 4.2"));
    }

    #[test]
    fn opponents_piece_must_be_taken() {
        // CXA 2011 art. 5.2; WXF 2018 art. 4.2.B: the black rook on e9 can be taken by e1.
        let p = pos("3kr4/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
        let b = bound_moves(&p, &[sq("e9")], Order::InTurn, Book::Wxf2018).expect("a piece");
        assert_eq!(b.step, Step::TakeTouched);
        assert_eq!(b.moves.len(), 1);
        assert_eq!(b.moves[0].to_string(), "e1e9");
        assert_eq!(b.foul, None);
        // The black king on d9 cannot be taken: free move and a foul.
        let b = bound_moves(&p, &[sq("d9")], Order::InTurn, Book::Cxa2011).expect("a piece");
        assert_eq!(b.step, Step::Free);
        assert!(b.foul.is_some());
    }

    #[test]
    fn order_of_two_touches() {
        // Red rook a0, horse b0 (start-like), black cannon on a3 reachable by the rook only.
        let p = pos("4k4/9/9/9/9/9/c8/9/9/RH1K5 w - - 0 1");
        // Own first (CXA 5.3.1): the rook takes the cannon.
        let b =
            bound_moves(&p, &[sq("a0"), sq("a3")], Order::InTurn, Book::Cxa2011).expect("pieces");
        assert_eq!(b.step, Step::TouchedTakesTouched);
        assert_eq!(b.moves.len(), 1);
        // Own first, the horse cannot take (5.3.2): move the horse.
        let b =
            bound_moves(&p, &[sq("b0"), sq("a3")], Order::InTurn, Book::Cxa2011).expect("pieces");
        assert_eq!(b.step, Step::MoveTouched);
        assert!(all_from(&b, "b0"));
        assert_eq!(b.foul, None); // CXA: the cannon can be taken by someone
        let b =
            bound_moves(&p, &[sq("b0"), sq("a3")], Order::InTurn, Book::Wxf2018).expect("pieces");
        assert_eq!(b.foul, Some("WXF 2018 art. 4.2")); // WXF 4.2.C: a fallback
        // Opponent's first (5.4.2): another piece (the rook) takes it before the horse moves.
        let b =
            bound_moves(&p, &[sq("a3"), sq("b0")], Order::InTurn, Book::Cxa2011).expect("pieces");
        assert_eq!(b.step, Step::TakeTouched);
        assert!(all_from(&b, "a0"));
        // At once is as opponent's first (5.5).
        let b =
            bound_moves(&p, &[sq("b0"), sq("a3")], Order::AtOnce, Book::Cxa2011).expect("pieces");
        assert_eq!(b.step, Step::TakeTouched);
    }

    /// WXF 2018 art. 2.10.D: a side in check that touched a piece must answer the check with
    /// it, and when it cannot, may answer with another piece, with a technical foul.
    #[test]
    fn in_check_the_touched_piece_must_answer() {
        // The black rook on e9 checks the red king on e0. The rook on a2 can block on e2, the
        // king can step to f0; the horse on b0 cannot answer the check.
        let p = pos("3kr4/9/9/9/9/9/9/R8/9/1N2K4 w - - 0 1");
        assert!(p.is_check());
        // The rook answers: bound to it, no foul.
        let b = bound_moves(&p, &[sq("a2")], Order::InTurn, Book::Wxf2018).expect("a piece");
        assert_eq!((b.step, b.foul), (Step::MoveTouched, None));
        assert_eq!(
            b.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["a2e2"]
        );
        // The horse cannot: any answer, one technical foul under 2.10.D.
        let b = bound_moves(&p, &[sq("b0")], Order::InTurn, Book::Wxf2018).expect("a piece");
        assert_eq!(b.step, Step::Free);
        assert_eq!(b.foul, Some("WXF 2018 arts. 2.10.D, 4.2"));
        let allows = |iccs: &str| b.moves.iter().any(|m| m.to_string() == iccs);
        assert!(allows("e0f0") && allows("a2e2"));
        // The horse, then the rook: the rook answers instead of the horse ("改用别子"), and that
        // is the technical foul too.
        let b =
            bound_moves(&p, &[sq("b0"), sq("a2")], Order::InTurn, Book::Wxf2018).expect("pieces");
        assert_eq!(b.step, Step::MoveTouched);
        assert!(all_from(&b, "a2"));
        assert_eq!(b.foul, Some("WXF 2018 arts. 2.10.D, 4.2"));
        // Out of check the same two touches bind the rook without a foul (art. 4.2.A, the
        // order of touches, see the module's choices).
        let quiet = pos("3k5/9/9/9/9/9/9/R8/9/1N2K4 w - - 0 1");
        let b = bound_moves(&quiet, &[sq("b0"), sq("a2")], Order::InTurn, Book::Wxf2018)
            .expect("pieces");
        assert_eq!((b.step, b.foul), (Step::MoveTouched, None));
        // CXA 2011 has no such article: the horse that cannot move is its art. 8.1.5 foul.
        let b =
            bound_moves(&p, &[sq("b0"), sq("a2")], Order::InTurn, Book::Cxa2011).expect("pieces");
        assert_eq!(b.foul, Some("CXA 2011 arts. 5.1–5.5, 8.1.5"));
    }

    #[test]
    fn empty_square_is_an_error() {
        let p = Position::new();
        assert_eq!(
            bound_moves(&p, &[sq("e4")], Order::InTurn, Book::Cxa2011),
            Err(TouchError::Empty(sq("e4")))
        );
        let b = bound_moves(&p, &[], Order::InTurn, Book::Cxa2011).expect("nothing");
        assert_eq!(b.step, Step::Untouched);
        assert_eq!(b.moves.len(), 44);
    }

    /// CXA 2011 art. 5.10: the opponent names one of the two points.
    #[test]
    fn piece_between_two_points() {
        let p = Position::new();
        let place = |from: &str, a: &str, b: &str, named: &str| {
            placed_between(&p, sq(from), [sq(a), sq(b)], sq(named)).map(|m| m.to_string())
        };
        // The cannon h2 between e2 and f2: either point is a move, the opponent chooses.
        assert_eq!(place("h2", "e2", "f2", "e2"), Ok("h2e2".to_owned()));
        assert_eq!(place("h2", "e2", "f2", "f2"), Ok("h2f2".to_owned()));
        // The horse h0 between g2 and g1: only g2 is a horse move.
        assert_eq!(place("h0", "g2", "g1", "g2"), Ok("h0g2".to_owned()));
        assert_eq!(
            place("h0", "g2", "g1", "g1"),
            Err(PlacementError::Unreachable(sq("g1")))
        );
        // Neither point: an illegal move.
        assert_eq!(place("h0", "f1", "f2", "f1"), Err(PlacementError::Illegal));
        // Not neighbours, a point not named, a black piece on Red's turn.
        assert_eq!(
            place("h2", "e2", "g2", "e2"),
            Err(PlacementError::NotNeighbours(sq("e2"), sq("g2")))
        );
        assert_eq!(
            place("h2", "e2", "f2", "d2"),
            Err(PlacementError::NotOnePoint(sq("d2")))
        );
        assert_eq!(
            place("h7", "e7", "f7", "e7"),
            Err(PlacementError::NoPiece(sq("h7")))
        );
    }

    #[test]
    fn adjusting() {
        assert!(!adjusting_binds(true, true, false));
        assert!(adjusting_binds(true, false, false));
        assert!(adjusting_binds(false, true, false));
        assert!(!adjusting_binds(false, false, true));
    }
}
