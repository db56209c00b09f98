//! Where the pieces stand, and nothing else.

use std::fmt;

use crate::{
    bitboard::Bitboard,
    types::{ByColor, ByRole, Color, File, Piece, Rank, Role, Square},
};

/// The pieces on the 90 points, kept both as bitboards (for move generation) and square by
/// square (to name what stands on a point). A `Board` may hold any arrangement; rules are
/// checked when a [`crate::Setup`] becomes a [`crate::Position`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: ByRole<Bitboard>,
    by_color: ByColor<Bitboard>,
    /// The role on each point; the colour is read from `by_color` (one byte a point keeps the
    /// board, copied at every node of a search, small).
    squares: [Option<Role>; 90],
}

impl Board {
    /// An empty board.
    pub const fn empty() -> Board {
        Board {
            by_role: ByRole([Bitboard::EMPTY; 7]),
            by_color: ByColor {
                red: Bitboard::EMPTY,
                black: Bitboard::EMPTY,
            },
            squares: [None; 90],
        }
    }

    /// The starting arrangement (CXA 2011 art. 1.3, 图1; WXF 2018 art. 1.4).
    pub fn new() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::King,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Rook,
        ];
        for color in Color::ALL {
            let rank = |r: Rank| r.relative_to(color);
            for (file, role) in File::ALL.into_iter().zip(back) {
                board.set_piece_at(Square::from_coords(file, rank(Rank::R0)), role.of(color));
            }
            for file in [File::B, File::H] {
                board.set_piece_at(
                    Square::from_coords(file, rank(Rank::R2)),
                    Role::Cannon.of(color),
                );
            }
            for file in [File::A, File::C, File::E, File::G, File::I] {
                board.set_piece_at(
                    Square::from_coords(file, rank(Rank::R3)),
                    Role::Pawn.of(color),
                );
            }
        }
        board
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.squares[sq as usize]?;
        let color = if self.by_color.red.contains(sq) {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.squares[sq as usize]
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.remove_piece_at(sq);
        self.put(sq, piece);
    }

    /// Takes the piece off `sq` and returns it.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.take(sq, piece);
        Some(piece)
    }

    /// Puts `piece` on the empty point `sq`.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq as usize].is_none());
        self.squares[sq as usize] = Some(piece.role);
        self.by_role.get_mut(piece.role).add(sq);
        self.by_color.get_mut(piece.color).add(sq);
    }

    /// Takes `piece`, which stands on `sq`, off the board.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.piece_at(sq), Some(piece));
        self.squares[sq as usize] = None;
        self.by_role.get_mut(piece.role).discard(sq);
        self.by_color.get_mut(piece.color).discard(sq);
    }

    /// Moves `piece` from `from`, where it stands, to the empty point `to`: one flip of both
    /// points in each of its bitboards.
    #[inline]
    pub(crate) fn shift(&mut self, from: Square, to: Square, piece: Piece) {
        debug_assert_eq!(self.piece_at(from), Some(piece));
        debug_assert!(self.squares[to as usize].is_none());
        self.squares[from as usize] = None;
        self.squares[to as usize] = Some(piece.role);
        let both = Bitboard::from_square(from) | Bitboard::from_square(to);
        *self.by_role.get_mut(piece.role) ^= both;
        *self.by_color.get_mut(piece.color) ^= both;
    }

    /// Every occupied point.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.red | self.by_color.black
    }

    /// The points of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        *self.by_color.get(color)
    }

    /// The points of pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        *self.by_role.get(role)
    }

    /// The points of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// The point of `color`'s general, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Role::King.of(color)).single()
    }

    /// The pieces and their points, a0 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .squares()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The board seen from the other side with the colours swapped: Red's pieces become
    /// Black's on the rotated points.
    pub fn swap_sides(&self) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in self.pieces() {
            board.put(sq.rotate(), piece.role.of(!piece.color));
        }
        board
    }

    /// The board mirrored left to right.
    pub fn mirror(&self) -> Board {
        let mut board = Board::empty();
        for (sq, piece) in self.pieces() {
            board.put(sq.flip_horizontal(), piece);
        }
        board
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl fmt::Debug for Board {
    /// Draws the board with Black at the top, as a printed diagram (WXF 2018 art. 1.3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            write!(f, "{} ", rank.char())?;
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, rank))
                    .map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
                if file != File::I {
                    f.write_str(" ")?;
                }
            }
            f.write_str("\n")?;
        }
        f.write_str("  a b c d e f g h i\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_board() {
        let board = Board::new();
        assert_eq!(board.occupied().count(), 32);
        assert_eq!(board.king_of(Color::Red), Some(Square::E0));
        assert_eq!(board.king_of(Color::Black), Some(Square::E9));
        assert_eq!(
            board.piece_at(Square::B2),
            Some(Role::Cannon.of(Color::Red))
        );
        assert_eq!(
            board.piece_at(Square::H7),
            Some(Role::Cannon.of(Color::Black))
        );
        assert_eq!(board.by_piece(Role::Pawn.of(Color::Black)).count(), 5);
        assert_eq!(board.swap_sides(), board);
        assert_eq!(board.mirror(), board);
    }

    #[test]
    fn set_and_remove_keep_bitboards_in_step() {
        let mut board = Board::new();
        board.set_piece_at(Square::E9, Role::Rook.of(Color::Red));
        assert_eq!(board.king_of(Color::Black), None);
        assert_eq!(board.by_piece(Role::Rook.of(Color::Red)).count(), 3);
        assert_eq!(
            board.remove_piece_at(Square::E9),
            Some(Role::Rook.of(Color::Red))
        );
        assert_eq!(board.remove_piece_at(Square::E9), None);
        assert_eq!(board.occupied().count(), 31);
        for (sq, piece) in board.pieces() {
            assert!(board.by_piece(piece).contains(sq));
        }
    }
}
