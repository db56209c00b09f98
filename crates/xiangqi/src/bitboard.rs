//! A set of squares in one `u128`.

use std::{fmt, ops};

use crate::types::{Color, File, Rank, Square};

/// A set of squares: bit `rank × 9 + file` of a `u128` (Pikafish's layout; a0 is bit 0, i9 is
/// bit 89). The 38 high bits are always zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u128);

/// Each square's bit, looked up: a 128-bit shift by a variable amount takes several
/// instructions, and searches ask for these bits at every move they try.
const SQUARE_BITS: [u128; 90] = {
    let mut bits = [0; 90];
    let mut i = 0;
    while i < 90 {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// The 90 bits that are squares.
const ALL_BITS: u128 = (1 << 90) - 1;

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square of the board.
    pub const FULL: Bitboard = Bitboard(ALL_BITS);

    /// The set from its raw bits; bits above 89 are dropped.
    #[inline]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Bitboard(bits & ALL_BITS)
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq as usize])
    }

    /// All squares of a file.
    pub const fn file(file: File) -> Bitboard {
        Bitboard(FILE_A << file as u32)
    }

    /// All squares of a rank.
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0x1ff << (rank as u32 * 9))
    }

    /// The squares on `color`'s side of the river.
    pub const fn home_side(color: Color) -> Bitboard {
        match color {
            Color::Red => Bitboard((1 << 45) - 1),
            Color::Black => Bitboard(ALL_BITS & !((1 << 45) - 1)),
        }
    }

    /// The nine points of `color`'s palace (九宫).
    pub const fn palace(color: Color) -> Bitboard {
        let red = 0b111_000 | (0b111_000 << 9) | (0b111_000 << 18);
        match color {
            Color::Red => Bitboard(red),
            Color::Black => Bitboard(red << 63),
        }
    }

    /// Does the set hold `sq`?
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq as usize] != 0
    }

    /// Is the set empty?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Does the set hold anything?
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// How many squares the set holds.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Does the set hold more than one square?
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        Square::new(self.0.trailing_zeros())
    }

    /// The set holding only its lowest square (empty if it is).
    #[inline]
    pub(crate) const fn lowest(self) -> Bitboard {
        Bitboard(self.0 & self.0.wrapping_neg())
    }

    /// The set holding only its highest square (empty if it is).
    #[inline]
    pub(crate) const fn highest(self) -> Bitboard {
        if self.0 == 0 {
            Bitboard(0)
        } else {
            Bitboard(SQUARE_BITS[127 - self.0.leading_zeros() as usize])
        }
    }

    /// The only square, if the set holds exactly one.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// Adds `sq`.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0 |= SQUARE_BITS[sq as usize];
    }

    /// Removes `sq`.
    #[inline]
    pub fn discard(&mut self, sq: Square) {
        self.0 &= !SQUARE_BITS[sq as usize];
    }

    /// Adds `sq` if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= SQUARE_BITS[sq as usize];
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// The squares as an iterator, lowest first.
    #[inline]
    pub const fn squares(self) -> Squares {
        Squares(self.0)
    }

    /// The set seen from the other side (a0 ↔ i9).
    pub const fn rotate(self) -> Bitboard {
        Bitboard(self.0.reverse_bits() >> 38)
    }
}

const FILE_A: u128 = {
    let mut bits = 0;
    let mut rank = 0;
    while rank < 10 {
        bits |= 1 << (rank * 9);
        rank += 1;
    }
    bits
};

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.add(sq);
        }
        bb
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        self.squares()
    }
}

/// The squares of a [`Bitboard`], lowest first.
#[derive(Debug, Clone)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_below_90(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),+) => {$(
        impl ops::$trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl ops::$assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )+};
}

bit_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |, BitXor bitxor BitXorAssign bitxor_assign ^);

impl ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board with Black at the top, as a printed diagram (WXF 2018 art. 1.3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::from_coords(file, rank)) {
                    '1'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
                if file != File::I {
                    f.write_str(" ")?;
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn high_bits_stay_zero() {
        assert_eq!(Bitboard::FULL.bits() >> 90, 0);
        assert_eq!((!Bitboard::EMPTY).bits() >> 90, 0);
        assert_eq!(Bitboard::FULL.count(), 90);
        assert_eq!((!Bitboard::from_square(Square::E4)).count(), 89);
        assert_eq!(Bitboard::from_bits(u128::MAX), Bitboard::FULL);
        assert_eq!(Bitboard::FULL.rotate(), Bitboard::FULL);
    }

    #[test]
    fn regions() {
        assert_eq!(Bitboard::palace(Color::Red).count(), 9);
        assert_eq!(Bitboard::palace(Color::Black).count(), 9);
        for sq in Square::ALL {
            for color in Color::ALL {
                assert_eq!(Bitboard::palace(color).contains(sq), sq.in_palace(color));
                assert_eq!(
                    Bitboard::home_side(color).contains(sq),
                    sq.is_home_side(color)
                );
            }
            assert!(Bitboard::file(sq.file()).contains(sq));
            assert!(Bitboard::rank(sq.rank()).contains(sq));
        }
        assert_eq!(Bitboard::file(File::I).count(), 10);
        assert_eq!(Bitboard::rank(Rank::R9).count(), 9);
        assert_eq!(
            Bitboard::palace(Color::Red).rotate(),
            Bitboard::palace(Color::Black)
        );
    }

    proptest! {
        #[test]
        fn iteration_matches_membership(bits in any::<u128>()) {
            let bb = Bitboard::from_bits(bits);
            let squares: Vec<Square> = bb.squares().collect();
            prop_assert_eq!(squares.len(), bb.count());
            prop_assert!(squares.windows(2).all(|w| w[0] < w[1]));
            prop_assert_eq!(squares.iter().copied().collect::<Bitboard>(), bb);
            prop_assert_eq!(!!bb, bb);
            prop_assert_eq!(bb.rotate().rotate(), bb);
            prop_assert_eq!(bb.single().is_some(), bb.count() == 1);
        }
    }
}
