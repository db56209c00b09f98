//! A board as binary and viewer formats store it: 90 squares, each empty or holding a piece,
//! not yet checked against the rules. [`Diagram::fen`] writes it for the `FEN` tag, and
//! [`crate::Game::start_position`] validates it when the moves are replayed (record-formats §4:
//! parse first, validate in a separate pass).

use xiangqi::{Color, File, Piece, Rank, Role, Square};

/// Pieces on the 90 points, indexed as [`Square`] (rank × 9 + file, a0 = 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Diagram(pub(crate) [Option<Piece>; 90]);

impl Diagram {
    /// No pieces.
    pub(crate) fn empty() -> Diagram {
        Diagram([None; 90])
    }

    /// Puts a piece on the point of file 0–8 and rank 0–9 (ICCS), if it is on the board.
    pub(crate) fn put(&mut self, file: u32, rank: u32, piece: Piece) {
        if let Some(sq) = square(file, rank) {
            self.0[sq as usize] = Some(piece);
        }
    }

    /// The piece on a point.
    pub(crate) fn at(&self, sq: Square) -> Option<Piece> {
        self.0[sq as usize]
    }

    /// The FEN of the diagram with `turn` to move.
    pub(crate) fn fen(&self, turn: Color) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0u8;
            for file in 0..9 {
                match self.0[rank * 9 + file] {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if turn.is_red() {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        s
    }
}

/// The square of file 0–8 and rank 0–9, if both are on the board.
pub(crate) fn square(file: u32, rank: u32) -> Option<Square> {
    Some(Square::from_coords(File::new(file)?, Rank::new(rank)?))
}

/// The 16 pieces of a side in the order of the XQF header and DhtmlXQ `binit`
/// (record-formats §0): R N B A K A B N R C C P P P P P.
pub(crate) const SLOTS: [Role; 16] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// The piece of 32-slot index `slot` (0–15 Red, 16–31 Black).
pub(crate) fn slot_piece(slot: usize) -> Piece {
    SLOTS[slot % 16].of(Color::from_red(slot < 16))
}

/// The side to move of a record that stores none: the colour of the piece on the first move's
/// "from" square, else `default` (record-formats §1.5, §3.3).
pub(crate) fn turn_of(diagram: &Diagram, first_from: Option<Square>, default: Color) -> Color {
    first_from
        .and_then(|sq| diagram.at(sq))
        .map_or(default, |p| p.color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_start() {
        let pos = xiangqi::Position::new();
        let mut d = Diagram::empty();
        for (sq, p) in pos.board().pieces() {
            d.0[sq as usize] = Some(p);
        }
        assert_eq!(d.fen(Color::Red), xiangqi::fen::INITIAL);
    }
}
