//! The vocabulary of the board: colours, roles, pieces, files, ranks and squares.

use std::{fmt, ops::Not, str::FromStr};

/// Generates `ALL`, `COUNT`, `index` and a checked `new` for a fieldless `#[repr(u8)]` enum
/// whose variants are numbered from zero.
macro_rules! enum_conversions {
    ($ty:ident, $count:literal, [$($variant:ident),+ $(,)?]) => {
        impl $ty {
            /// Every value, in numeric order.
            pub const ALL: [$ty; $count] = [$($ty::$variant),+];
            /// The number of values.
            pub const COUNT: usize = $count;

            /// The value numbered `index`, if there is one.
            #[inline]
            pub const fn new(index: u32) -> Option<$ty> {
                // A chain of comparisons rather than `ALL[index]`: the optimiser turns it into a
                // range check with no memory load, which the move generator's loops feel.
                $(
                    if index == $ty::$variant as u32 {
                        return Some($ty::$variant);
                    }
                )+
                None
            }

            /// The value's number, from zero.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }
        }

        impl TryFrom<u32> for $ty {
            type Error = OutOfRange;
            #[inline]
            fn try_from(index: u32) -> Result<$ty, OutOfRange> {
                $ty::new(index).ok_or(OutOfRange)
            }
        }
    };
}

/// A number that names no value of the type it was converted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("value out of range")]
pub struct OutOfRange;

/// A side: Red (红) moves first, Black (黑) second (CXA 2011 art. 2.1; WXF 2018 art. 4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// 红方, at the bottom of a printed diagram, ranks 0–4 at the start.
    Red = 0,
    /// 黑方, at the top, ranks 5–9.
    Black = 1,
}

enum_conversions!(Color, 2, [Red, Black]);

impl Color {
    /// The colour of an uppercase (Red) or lowercase (Black) letter.
    #[inline]
    pub const fn from_red(red: bool) -> Color {
        if red { Color::Red } else { Color::Black }
    }

    /// `true` for Red.
    #[inline]
    pub const fn is_red(self) -> bool {
        matches!(self, Color::Red)
    }

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// FEN's letter for the side to move: `w` for Red, `b` for Black.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// The side's name in Chinese: 红 or 黑.
    pub const fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }

    /// Selects `red` or `black` by this colour.
    #[inline]
    pub fn fold<T>(self, red: T, black: T) -> T {
        match self {
            Color::Red => red,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.fold("red", "black"))
    }
}

/// What a piece is, whatever its colour (CXA 2011 art. 1.2; WXF 2018 art. 1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Role {
    /// 帅/将, the general; WXF letter K.
    King = 0,
    /// 仕/士, the advisor; WXF letter A.
    Advisor = 1,
    /// 相/象, the elephant; WXF letter E (FEN `b`, bishop).
    Elephant = 2,
    /// 马, the horse; WXF letter H (FEN `n`, knight).
    Horse = 3,
    /// 车, the rook (chariot); WXF letter R.
    Rook = 4,
    /// 炮/砲, the cannon; WXF letter C.
    Cannon = 5,
    /// 兵/卒, the pawn (soldier); WXF letter P.
    Pawn = 6,
}

enum_conversions!(
    Role,
    7,
    [King, Advisor, Elephant, Horse, Rook, Cannon, Pawn]
);

impl Role {
    /// The WXF letter, uppercase: K A E H R C P (WXF 2018 art. 7).
    pub const fn wxf_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// The FEN letter, lowercase: k a b n r c p, as Pikafish, Fairy-Stockfish and XQWizard write.
    pub const fn fen_char(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Rook => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// Reads a FEN or WXF letter in either case: k a b/e n/h r c p.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::King,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Rook,
            'c' => Role::Cannon,
            'p' => Role::Pawn,
            _ => return None,
        })
    }

    /// The Chinese character of this role for a side: 帅仕相马车炮兵 for Red, 将士象马车炮卒 for
    /// Black, as the rulebooks print them (CXA 2011 art. 1.2; WXF 2018 art. 1.2).
    pub const fn chinese(self, color: Color) -> char {
        match (self, color) {
            (Role::King, Color::Red) => '帅',
            (Role::King, Color::Black) => '将',
            (Role::Advisor, Color::Red) => '仕',
            (Role::Advisor, Color::Black) => '士',
            (Role::Elephant, Color::Red) => '相',
            (Role::Elephant, Color::Black) => '象',
            (Role::Horse, _) => '马',
            (Role::Rook, _) => '车',
            (Role::Cannon, _) => '炮',
            (Role::Pawn, Color::Red) => '兵',
            (Role::Pawn, Color::Black) => '卒',
        }
    }

    /// How many of this role each side has at the start (CXA 2011 art. 1.2; WXF 2018 art. 1.2).
    pub const fn initial_count(self) -> u32 {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// Rooks, horses, cannons and pawns can cross the river and attack; without any of them on
    /// either side neither side can win (CXA 2011 art. 4.2.2; WXF 2018 art. 3.2.A).
    pub const fn can_attack(self) -> bool {
        matches!(self, Role::Horse | Role::Rook | Role::Cannon | Role::Pawn)
    }

    /// The piece of this role for a side.
    #[inline]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        })
    }
}

/// A piece: a role of a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for Red (`RNBAKABNR`), lowercase for Black.
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        if self.color.is_red() {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    /// Reads a FEN letter (also WXF's H and E): uppercase is Red.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: Color::from_red(c.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }

    /// The Chinese character, e.g. 帅 or 卒.
    pub const fn chinese(self) -> char {
        self.role.chinese(self.color)
    }

    /// A number 0..14 for tables: colour × 7 + role.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.color as usize * 7 + self.role as usize
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

/// A file (column), `a` to `i` from Red's left, as ICCS names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
}

enum_conversions!(File, 9, [A, B, C, D, E, F, G, H, I]);

impl File {
    /// The ICCS letter, `a`–`i`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Reads `a`–`i` in either case.
    pub const fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'i' {
            File::new(c as u32 - 'a' as u32)
        } else {
            None
        }
    }

    /// The file mirrored left to right (a ↔ i).
    pub const fn flip(self) -> File {
        File::ALL[8 - self as usize]
    }

    /// The file's number as a side counts it in Chinese and WXF notation, 1–9 from that side's
    /// right (CXA 2011 art. 1.1; WXF 2018 art. 7): for Red, file a is 9 and file i is 1; for
    /// Black, file a is 1 and file i is 9.
    pub const fn number_for(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self as u8,
            Color::Black => self as u8 + 1,
        }
    }

    /// The inverse of [`File::number_for`].
    pub const fn from_number(number: u8, color: Color) -> Option<File> {
        if number < 1 || number > 9 {
            return None;
        }
        Some(match color {
            Color::Red => File::ALL[9 - number as usize],
            Color::Black => File::ALL[number as usize - 1],
        })
    }
}

/// A rank (row), 0 to 9 counted from Red's side, as ICCS names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    R0 = 0,
    R1,
    R2,
    R3,
    R4,
    R5,
    R6,
    R7,
    R8,
    R9,
}

enum_conversions!(Rank, 10, [R0, R1, R2, R3, R4, R5, R6, R7, R8, R9]);

impl Rank {
    /// The ICCS digit, `0`–`9`.
    pub const fn char(self) -> char {
        (b'0' + self as u8) as char
    }

    /// Reads `0`–`9`.
    pub const fn from_char(c: char) -> Option<Rank> {
        if c.is_ascii_digit() {
            Rank::new(c as u32 - '0' as u32)
        } else {
            None
        }
    }

    /// The rank seen from the other side (0 ↔ 9).
    pub const fn flip(self) -> Rank {
        Rank::ALL[9 - self as usize]
    }

    /// The rank counted from `color`'s own back rank: 0 is the back rank, 9 the opponent's.
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::Red => self,
            Color::Black => self.flip(),
        }
    }
}

macro_rules! squares {
    ($($sq:ident),+ $(,)?) => {
        /// A point of the board where a piece stands, `a0` (Red's left corner) to `i9`,
        /// numbered rank × 9 + file as ICCS and Pikafish do.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($sq),+
        }

        enum_conversions!(Square, 90, [$($sq),+]);
    };
}

squares! {
    A0, B0, C0, D0, E0, F0, G0, H0, I0,
    A1, B1, C1, D1, E1, F1, G1, H1, I1,
    A2, B2, C2, D2, E2, F2, G2, H2, I2,
    A3, B3, C3, D3, E3, F3, G3, H3, I3,
    A4, B4, C4, D4, E4, F4, G4, H4, I4,
    A5, B5, C5, D5, E5, F5, G5, H5, I5,
    A6, B6, C6, D6, E6, F6, G6, H6, I6,
    A7, B7, C7, D7, E7, F7, G7, H7, I7,
    A8, B8, C8, D8, E8, F8, G8, H8, I8,
    A9, B9, C9, D9, E9, F9, G9, H9, I9,
}

impl Square {
    /// The square numbered `index`, for the move generator's loops over a bitboard's bits,
    /// where the number always comes from a bit of the 90 a bitboard holds. Larger numbers give
    /// `I9` rather than undefined behaviour, without the memory load of `Square::ALL[index]`.
    #[inline(always)]
    #[allow(unsafe_code)]
    pub(crate) fn from_index_below_90(index: u32) -> Square {
        debug_assert!(index < 90);
        let index = index.min(89) as u8;
        // SAFETY: `Square` is `#[repr(u8)]` with the 90 variants numbered 0..=89, and `index`
        // is at most 89.
        unsafe { std::mem::transmute::<u8, Square>(index) }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 9 + file as usize]
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize % 9]
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize / 9]
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self as i32 % 9) + df;
        let r = (self as i32 / 9) + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 10 {
            Some(Square::ALL[(r * 9 + f) as usize])
        } else {
            None
        }
    }

    /// The square seen from the other side of the board (a0 ↔ i9).
    pub const fn rotate(self) -> Square {
        Square::ALL[89 - self as usize]
    }

    /// The square mirrored left to right (a0 ↔ i0).
    pub const fn flip_horizontal(self) -> Square {
        Square::from_coords(self.file().flip(), self.rank())
    }

    /// Is this square on `color`'s own side of the river (楚河汉界)?
    #[inline]
    pub const fn is_home_side(self, color: Color) -> bool {
        match color {
            Color::Red => (self as u8) < 45,
            Color::Black => (self as u8) >= 45,
        }
    }

    /// Is this square inside `color`'s palace (九宫, CXA 2011 art. 1.1; WXF 2018 art. 1.1)?
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self as u8 % 9;
        let r = self.rank().relative_to(color) as u8;
        f >= 3 && f <= 5 && r <= 2
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// A square's name that is not `a0`…`i9`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square: {0:?} (expected a file a–i and a rank 0–9, e.g. e0)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
                _ => Err(ParseSquareError(s.to_owned())),
            },
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

/// One value per colour, indexed by [`Color`] instead of a bare `[T; 2]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds both values from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            red: f(Color::Red),
            black: f(Color::Black),
        }
    }

    /// The value for `color`.
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The value for `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }
}

/// One value per role, indexed by [`Role`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByRole<T>(pub(crate) [T; 7]);

impl<T> ByRole<T> {
    /// Builds the seven values from a function of the role.
    pub fn new_with(f: impl FnMut(Role) -> T) -> ByRole<T> {
        ByRole(Role::ALL.map(f))
    }

    /// The value for `role`.
    #[inline]
    pub const fn get(&self, role: Role) -> &T {
        &self.0[role as usize]
    }

    /// The value for `role`, mutably.
    #[inline]
    pub fn get_mut(&mut self, role: Role) -> &mut T {
        &mut self.0[role as usize]
    }

    /// The values with their roles.
    pub fn iter(&self) -> impl Iterator<Item = (Role, &T)> {
        Role::ALL.into_iter().zip(self.0.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_numbered_rank_times_nine_plus_file() {
        for sq in Square::ALL {
            assert_eq!(
                sq as usize,
                sq.rank() as usize * 9 + sq.file() as usize,
                "{sq}"
            );
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::A0 as u8, 0);
        assert_eq!(Square::I9 as u8, 89);
        assert_eq!("e0".parse::<Square>(), Ok(Square::E0));
        assert!("j0".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    #[test]
    fn conversions_are_checked() {
        assert_eq!(Square::new(89), Some(Square::I9));
        assert_eq!(Square::new(90), None);
        assert_eq!(Role::try_from(7), Err(OutOfRange));
        assert_eq!(File::from_char('I'), Some(File::I));
        assert_eq!(File::from_char('j'), None);
        assert_eq!(Rank::from_char('x'), None);
    }

    #[test]
    fn files_are_counted_from_each_sides_right() {
        // CXA 2011 art. 1.1: Red counts 一…九 from its right (file i is 一); Black 1…9 from its
        // right (file a is 1).
        assert_eq!(File::I.number_for(Color::Red), 1);
        assert_eq!(File::A.number_for(Color::Red), 9);
        assert_eq!(File::A.number_for(Color::Black), 1);
        assert_eq!(File::H.number_for(Color::Red), 2);
        for color in Color::ALL {
            for file in File::ALL {
                assert_eq!(File::from_number(file.number_for(color), color), Some(file));
            }
        }
        assert_eq!(File::from_number(0, Color::Red), None);
        assert_eq!(File::from_number(10, Color::Black), None);
    }

    #[test]
    fn palaces_and_river() {
        let red_palace: Vec<_> = Square::ALL
            .into_iter()
            .filter(|s| s.in_palace(Color::Red))
            .collect();
        assert_eq!(red_palace.len(), 9);
        assert!(Square::E1.in_palace(Color::Red));
        assert!(Square::D7.in_palace(Color::Black));
        assert!(!Square::C0.in_palace(Color::Red));
        assert!(Square::A4.is_home_side(Color::Red));
        assert!(!Square::A5.is_home_side(Color::Red));
        assert!(Square::A5.is_home_side(Color::Black));
    }

    #[test]
    fn piece_letters_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let p = role.of(color);
                assert_eq!(Piece::from_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(Piece::from_char('H'), Some(Role::Horse.of(Color::Red)));
        assert_eq!(Piece::from_char('e'), Some(Role::Elephant.of(Color::Black)));
        assert_eq!(Piece::from_char('x'), None);
    }
}
