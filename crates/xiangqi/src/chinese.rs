//! Chinese notation (中文纵线记法): `炮二平五`, `马８进７`, `前车退二`, `一兵平五`
//! (CXA 2011 art. 7.5; WXF 2018 art. 7.1–7.3).
//!
//! A move is four characters: the piece, the file it stands on counted from the mover's right
//! (Red 一…九, Black 1…9), 进/退/平, and the ranks moved (K R C P along a file) or the
//! destination file (CXA 2011 art. 7.5; WXF 2018 art. 7.2).
//!
//! ```
//! use xiangqi::{chinese::{Chinese, Style}, Position};
//!
//! let pos = Position::new();
//! let m = "炮二平五".parse::<Chinese>()?.to_move(&pos)?;
//! assert_eq!(m.to_string(), "h2e2");
//! let pos = pos.play(m).map_err(|(e, _)| e)?;
//! let reply = "馬８進７".parse::<Chinese>()?.to_move(&pos)?;
//! let written = Chinese::from_move(&pos, reply);
//! assert_eq!(written.to_string(), "马8进7");
//! assert_eq!(written.styled(Style::XQWIZARD).to_string(), "马８进７");
//! assert_eq!(written.styled(Style::TRADITIONAL).to_string(), "馬８進７");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # The writer (canonical, as XQWizard writes; checked against ElephantEye)
//! * Two pieces of a kind on one file: 前/后 replace the file (前炮退二); three: 前/中/后
//!   (CXA 2011 art. 7.5; WXF 2018 art. 7.5).
//! * Advisors and elephants never take 前/后: the direction already tells them apart
//!   (仕六进五 / 仕六退五), as XQWizard and the xqbase specification write.
//! * Pawns: when two or more files hold two or more pawns, or one file holds four or five, all
//!   pawns on such files are numbered together, files from the mover's right to left, then front
//!   to back: 2 → 前/后, 3 → 前/中/后, 4–5 → 一二三四五 (xqbase "着法表示"; the books are silent).
//! * Red's numbers are 一…九; Black's are ASCII digits by default, full-width (１…９, as
//!   XQWizard, GBK and Big5 files write) with [`Style::XQWIZARD`]; traditional glyphs with
//!   [`Style::TRADITIONAL`].
//!
//! # The reader (lenient)
//! The book's international form with Chinese glyphs (WXF 2018 art. 7.2): `车 2+6`, `马 3-5`,
//! `炮 2=4`, also with 前/中/后 or 一…五 (`前车-2`, `中兵=5`) and with the file (`前兵 6=5`);
//! traditional and variant glyphs (帥將俥傌砲包車馬進後), 上/下 for 进/退, ASCII, full-width
//! or Chinese numbers for either side, the five-character 前兵九平八 and DhtmlXQ's 前九平八
//! (piece left out), cchess's 前兵/二兵/三兵/后兵 for four pawns and 前/后 per file for pawns on
//! two files (accepted when only one reading is legal), and a file number where two pieces share
//! the file if exactly one of them can make the move (0.68% of the CCPD master-game moves).

use std::{fmt, str::FromStr};

pub use crate::notation::Direction;
use crate::{
    bitboard::Bitboard,
    m::Move,
    notation::{
        self, Candidates, Naming, Unresolved, narrow, on_file, push_all, tandem_files, tandem_list,
    },
    position::Position,
    types::{Color, File, Role},
};

/// 前, 中 or 后 among pieces of a kind on one file (CXA 2011 art. 7.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// 前: the one nearest the opponent.
    Front,
    /// 中: the middle one of three.
    Middle,
    /// 后: the one nearest the own side.
    Rear,
}

/// How a Chinese move names its piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Designator {
    /// The file it stands on, 1–9 from the mover's right: 炮**二**平五.
    File(u8),
    /// 前 / 中 / 后 in front of the piece: 前炮退二 (CXA 2011 art. 7.5).
    Place(Place),
    /// 一…五 in front of a pawn, numbered over all tandem files (XQWizard): 二兵平五.
    Nth(u8),
    /// 前 / 中 / 后 and a file: 前兵九平八 (old books), or 前九平八 with no piece (DhtmlXQ).
    OnFile {
        /// Which of the pieces on the file.
        place: Place,
        /// The file, 1–9 from the mover's right.
        file: u8,
    },
}

/// A move in Chinese notation: syntax only, until [`Chinese::to_move`] finds it in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chinese {
    /// Whose move it is written as: Red writes 一…九, Black digits. [`Chinese::to_move`] uses
    /// the position's side to move, not this.
    pub color: Color,
    /// The moving piece's kind; `None` in DhtmlXQ's 前九平八.
    pub role: Option<Role>,
    /// Which of the pieces of that kind.
    pub designator: Designator,
    /// 进, 退 or 平.
    pub direction: Direction,
    /// Ranks moved (K R C P along a file), otherwise the destination file, 1–9.
    pub value: u8,
}

/// How to print Chinese notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Style {
    /// Traditional glyphs (帥將馬車進後) instead of simplified ones.
    pub traditional: bool,
    /// Full-width digits (１…９) for Black instead of ASCII ones.
    pub full_width: bool,
}

impl Style {
    /// Simplified glyphs, ASCII digits for Black: 马8进7.
    pub const PLAIN: Style = Style {
        traditional: false,
        full_width: false,
    };
    /// As XQWizard and GBK PGN files write: simplified, full-width digits for Black: 马８进７.
    pub const XQWIZARD: Style = Style {
        traditional: false,
        full_width: true,
    };
    /// As Big5 files write: traditional glyphs, full-width digits: 馬８進７.
    pub const TRADITIONAL: Style = Style {
        traditional: true,
        full_width: true,
    };
}

/// A [`Chinese`] move with a [`Style`], for printing.
#[derive(Debug, Clone, Copy)]
pub struct Styled {
    chinese: Chinese,
    style: Style,
}

/// Text that is not a Chinese-notation move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid chinese move {0:?} (expected e.g. 炮二平五, 马8进7, 前车退二 or 车 2+6)")]
pub struct ParseChineseError(pub String);

/// A Chinese move that names no single legal move in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChineseError {
    /// No legal move fits.
    #[error("illegal move {0}: no legal move fits")]
    Illegal(Chinese),
    /// Several legal moves fit.
    #[error("ambiguous move {0}: several legal moves fit")]
    Ambiguous(Chinese),
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn glyph(role: Role, color: Color, traditional: bool) -> char {
    match (role, traditional) {
        (Role::King, true) => color.fold('帥', '將'),
        (Role::Horse, true) => '馬',
        (Role::Rook, true) => '車',
        _ => role.chinese(color),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Token {
    Piece(Role),
    /// A number and whether it was written as a digit (Black's way).
    Num(u8, bool),
    Place(Place),
    Dir(Direction),
}

/// `s` without the characters at its end that `f` accepts.
fn trim_end(s: &str, f: impl Fn(char) -> bool) -> &str {
    let mut end = s.len();
    for c in s.chars().rev() {
        if !f(c) {
            break;
        }
        end -= c.len_utf8();
    }
    &s[..end]
}

/// `char::is_whitespace`, with CJK characters (nearly all a move holds) told at once.
fn is_space(c: char) -> bool {
    match c {
        '\t'..='\r' | ' ' => true,
        '\0'..='\u{7F}' | '\u{3001}'..='\u{FFFF}' => false,
        _ => c.is_whitespace(),
    }
}

pub(crate) fn token(c: char) -> Option<Token> {
    let c = narrow(c);
    Some(match c {
        '帅' | '帥' | '将' | '將' => Token::Piece(Role::King),
        '仕' | '士' => Token::Piece(Role::Advisor),
        '相' | '象' => Token::Piece(Role::Elephant),
        '马' | '馬' | '傌' => Token::Piece(Role::Horse),
        '车' | '車' | '俥' | '硨' => Token::Piece(Role::Rook),
        '炮' | '砲' | '包' => Token::Piece(Role::Cannon),
        '兵' | '卒' => Token::Piece(Role::Pawn),
        '前' => Token::Place(Place::Front),
        '中' => Token::Place(Place::Middle),
        '后' | '後' => Token::Place(Place::Rear),
        '进' | '進' | '上' => Token::Dir(Direction::Forward),
        '退' | '下' => Token::Dir(Direction::Backward),
        '平' => Token::Dir(Direction::Sideways),
        // The international form's signs with Chinese glyphs, 车 2+6, 炮 2=4 (WXF 2018 art. 7.2).
        '+' => Token::Dir(Direction::Forward),
        '-' => Token::Dir(Direction::Backward),
        '=' | '.' => Token::Dir(Direction::Sideways),
        '1'..='9' => Token::Num(c as u8 - b'0', true),
        _ => {
            let n = NUMERALS.iter().position(|&x| x == c)?;
            Token::Num(u8::try_from(n + 1).ok()?, false)
        }
    })
}

impl Chinese {
    /// The canonical Chinese form of a legal move `m` in `pos` (see the module docs).
    pub fn from_move(pos: &Position, m: Move) -> Chinese {
        let color = pos.board().piece_at(m.from).map_or(pos.turn(), |p| p.color);
        let (direction, value) = notation::describe(color, m);
        let designator = match notation::naming(pos, color, m.role, m.from) {
            Naming::File => Designator::File(m.from.file().number_for(color)),
            Naming::Place { index, count } => match (count, index) {
                (2 | 3, 0) => Designator::Place(Place::Front),
                (3, 1) => Designator::Place(Place::Middle),
                (2 | 3, _) => Designator::Place(Place::Rear),
                _ => Designator::Nth(u8::try_from(index + 1).unwrap_or(1)),
            },
        };
        Chinese {
            color,
            role: Some(m.role),
            designator,
            direction,
            value,
        }
    }

    /// This move for printing in a [`Style`].
    pub const fn styled(self, style: Style) -> Styled {
        Styled {
            chinese: self,
            style,
        }
    }

    /// Finds the legal move this text names in `pos`.
    ///
    /// # Errors
    /// [`ChineseError::Illegal`] if no legal move fits, [`ChineseError::Ambiguous`] if several
    /// do.
    pub fn to_move(&self, pos: &Position) -> Result<Move, ChineseError> {
        let color = pos.turn();
        // Nearly every move of a record names a piece alone on its file: that piece's one
        // move is the only reading, strict or lenient, so it is checked straight away.
        if let (Some(role), Designator::File(n)) = (self.role, self.designator)
            && let Some(file) = File::from_number(n, color)
            && let Some(from) =
                (pos.board().by_piece(role.of(color)) & Bitboard::file(file)).single()
        {
            return notation::target(color, role, from, self.direction, self.value)
                .map(|to| Move {
                    role,
                    from,
                    to,
                    capture: pos.board().role_at(to),
                })
                .filter(|&m| pos.is_legal(m))
                .ok_or(ChineseError::Illegal(*self));
        }
        let mut strict = Candidates::new();
        let mut lenient = Candidates::new();
        let roles: &[Role] = match &self.role {
            Some(role) => std::slice::from_ref(role),
            None => &[Role::Rook, Role::Horse, Role::Cannon, Role::Pawn],
        };
        for &role in roles {
            self.candidates(pos, color, role, &mut strict, &mut lenient);
        }
        notation::resolve(
            pos,
            self.role,
            self.direction,
            self.value,
            &strict,
            &lenient,
        )
        .map_err(|e| match e {
            Unresolved::Illegal => ChineseError::Illegal(*self),
            Unresolved::Ambiguous => ChineseError::Ambiguous(*self),
        })
    }

    fn candidates(
        &self,
        pos: &Position,
        color: Color,
        role: Role,
        strict: &mut Candidates,
        lenient: &mut Candidates,
    ) {
        let file_of = |n: u8| File::from_number(n, color);
        match self.designator {
            Designator::File(n) => {
                if let Some(file) = file_of(n) {
                    let list = on_file(pos, color, role, file);
                    if role == Role::Pawn && list.len() == 3 {
                        // The WXF page's convention: the middle of three keeps its file.
                        push_all(strict, [list[1]]);
                    } else {
                        push_all(strict, list.iter().copied());
                    }
                    push_all(lenient, list);
                }
            }
            Designator::Place(place) => {
                let tandems = tandem_files(pos, color, role);
                let all = tandem_list(&tandems);
                // CXA 2011 art. 7.5; XQWizard numbers all tandem pawns together.
                let pick = |l: &[crate::types::Square]| match place {
                    Place::Front => l.first().copied(),
                    Place::Rear => l.last().copied(),
                    Place::Middle => (l.len() % 2 == 1).then(|| l[l.len() / 2]),
                };
                let canonical = match place {
                    Place::Middle => all.len() == 3,
                    _ => (2..=3).contains(&all.len()),
                };
                if canonical {
                    push_all(strict, pick(&all));
                }
                push_all(lenient, pick(&all));
                for list in &tandems {
                    push_all(lenient, pick(list));
                }
            }
            Designator::Nth(k) => {
                let tandems = tandem_files(pos, color, role);
                let all = tandem_list(&tandems);
                if let Some(i) = usize::from(k).checked_sub(1) {
                    if all.len() >= 4 {
                        push_all(strict, all.get(i).copied());
                    }
                    push_all(lenient, all.get(i).copied());
                    for list in &tandems {
                        push_all(lenient, list.get(i).copied());
                    }
                }
            }
            Designator::OnFile { place, file } => {
                if let Some(file) = file_of(file) {
                    let list = on_file(pos, color, role, file);
                    if list.len() >= 2 {
                        let sq = match place {
                            Place::Front => list.first().copied(),
                            Place::Rear => list.last().copied(),
                            Place::Middle => list.get(1).copied(),
                        };
                        push_all(strict, sq);
                    }
                }
            }
        }
    }

    /// The canonical text of `m` in `pos` in a style: shorthand for
    /// `Chinese::from_move(pos, m).styled(style).to_string()`.
    pub fn write(pos: &Position, m: Move, style: Style) -> String {
        Chinese::from_move(pos, m).styled(style).to_string()
    }
}

impl fmt::Display for Chinese {
    /// The plain style: simplified glyphs, ASCII digits for Black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.styled(Style::PLAIN), f)
    }
}

impl fmt::Display for Styled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let Styled { chinese: c, style } = *self;
        let number = |n: u8| -> char {
            let i = usize::from(n.clamp(1, 9) - 1);
            match c.color {
                Color::Red => NUMERALS[i],
                Color::Black if style.full_width => FULL_WIDTH[i],
                Color::Black => char::from(b'0' + n.clamp(1, 9)),
            }
        };
        let place = |p: Place| match (p, style.traditional) {
            (Place::Front, _) => '前',
            (Place::Middle, _) => '中',
            (Place::Rear, false) => '后',
            (Place::Rear, true) => '後',
        };
        let piece = c.role.map(|r| glyph(r, c.color, style.traditional));
        match c.designator {
            Designator::File(n) => {
                if let Some(p) = piece {
                    f.write_char(p)?;
                }
                f.write_char(number(n))?;
            }
            Designator::Place(p) => {
                f.write_char(place(p))?;
                if let Some(p) = piece {
                    f.write_char(p)?;
                }
            }
            Designator::Nth(n) => {
                f.write_char(NUMERALS[usize::from(n.clamp(1, 9) - 1)])?;
                if let Some(p) = piece {
                    f.write_char(p)?;
                }
            }
            Designator::OnFile { place: p, file } => {
                f.write_char(place(p))?;
                if let Some(p) = piece {
                    f.write_char(p)?;
                }
                f.write_char(number(file))?;
            }
        }
        f.write_char(match (c.direction, style.traditional) {
            (Direction::Forward, false) => '进',
            (Direction::Forward, true) => '進',
            (Direction::Backward, _) => '退',
            (Direction::Sideways, _) => '平',
        })?;
        f.write_char(number(c.value))
    }
}

/// The common written form, four three-byte characters (炮二平五, 馬８進７: piece, file,
/// direction, number), read without the general parser's trimming and token list; `None` for
/// anything else, which [`parse`] reads. Gives what [`parse`] gives (a property test says so).
fn parse_plain(s: &str) -> Option<Chinese> {
    let &[a0, a1, a2, b0, b1, b2, c0, c1, c2, d0, d1, d2] = s.as_bytes() else {
        return None;
    };
    let char3 = |x: u8, y: u8, z: u8| -> Option<char> {
        if x & 0xF0 != 0xE0 {
            return None;
        }
        char::from_u32(
            (u32::from(x & 0x0F) << 12) | (u32::from(y & 0x3F) << 6) | u32::from(z & 0x3F),
        )
    };
    let piece = char3(a0, a1, a2)?;
    let (
        Token::Piece(role),
        Token::Num(file, file_digit),
        Token::Dir(direction),
        Token::Num(value, value_digit),
    ) = (
        token(piece)?,
        token(char3(b0, b1, b2)?)?,
        token(char3(c0, c1, c2)?)?,
        token(char3(d0, d1, d2)?)?,
    )
    else {
        return None;
    };
    let black = file_digit || value_digit || matches!(piece, '将' | '將' | '卒' | '象');
    Some(Chinese {
        color: Color::from_red(!black),
        role: Some(role),
        designator: Designator::File(file),
        direction,
        value,
    })
}

impl FromStr for Chinese {
    type Err = ParseChineseError;

    fn from_str(s: &str) -> Result<Chinese, ParseChineseError> {
        match parse_plain(s) {
            Some(c) => Ok(c),
            None => parse(s),
        }
    }
}

/// Reads any form the reader accepts (module docs).
fn parse(s: &str) -> Result<Chinese, ParseChineseError> {
    let err = || ParseChineseError(s.to_owned());
    // White space at the end, then marks (`!?+#`); white space elsewhere is skipped below.
    let body = trim_end(trim_end(s, is_space), |c| {
        matches!(c, '!' | '?' | '！' | '？' | '+' | '#')
    });
    let mut tokens = [Token::Dir(Direction::Sideways); 5];
    let mut len = 0;
    // Black writes digits, or names its piece with a black glyph among the first two.
    let mut black = false;
    // One pass: moves are read by the million (a reader checking collections).
    for c in body.chars() {
        if is_space(c) {
            continue;
        }
        if len == tokens.len() {
            return Err(err());
        }
        let t = token(c).ok_or_else(err)?;
        black |=
            matches!(t, Token::Num(_, true)) || (len < 2 && matches!(c, '将' | '將' | '卒' | '象'));
        tokens[len] = t;
        len += 1;
    }
    let color = Color::from_red(!black);
    let file = |n: u8| (1..=9).contains(&n);
    let (role, designator, direction, value) = match tokens[..len] {
        [
            Token::Piece(r),
            Token::Num(n, _),
            Token::Dir(d),
            Token::Num(v, _),
        ] if file(n) => (Some(r), Designator::File(n), d, v),
        [
            Token::Place(p),
            Token::Piece(r),
            Token::Dir(d),
            Token::Num(v, _),
        ] => (Some(r), Designator::Place(p), d, v),
        [
            Token::Num(n, _),
            Token::Piece(r),
            Token::Dir(d),
            Token::Num(v, _),
        ] if (1..=5).contains(&n) => (Some(r), Designator::Nth(n), d, v),
        [
            Token::Place(place),
            Token::Piece(r),
            Token::Num(n, _),
            Token::Dir(d),
            Token::Num(v, _),
        ] if file(n) => (Some(r), Designator::OnFile { place, file: n }, d, v),
        [
            Token::Place(place),
            Token::Num(n, _),
            Token::Dir(d),
            Token::Num(v, _),
        ] if file(n) => (None, Designator::OnFile { place, file: n }, d, v),
        _ => return Err(err()),
    };
    if !(1..=9).contains(&value) {
        return Err(err());
    }
    Ok(Chinese {
        color,
        role,
        designator,
        direction,
        value,
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse().expect("valid fen")
    }

    fn iccs(text: &str, pos: &Position) -> String {
        text.parse::<Chinese>()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_move(pos)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .to_string()
    }

    #[test]
    fn reads_lenient_forms() {
        let start = Position::new();
        for text in [
            "炮二平五",
            "砲二平五",
            "炮2平5",
            "炮２平５",
            " 炮二平五 ",
            "炮二平五!",
        ] {
            assert_eq!(iccs(text, &start), "h2e2", "{text}");
        }
        for text in ["马二进三", "馬二進三", "傌二上三", "马2进3"] {
            assert_eq!(iccs(text, &start), "h0g2", "{text}");
        }
        let rooks = pos("3k5/9/9/9/9/4R4/9/9/4R4/5K3 w");
        for text in ["前车退二", "前車退二", "前俥下二", "前车五退二", "前五退二"]
        {
            assert_eq!(iccs(text, &rooks), "e4e2", "{text}");
        }
        // A file number for two rooks on the file: legal for the front one only.
        assert_eq!(iccs("车五进四", &rooks), "e4e8");
        assert!(matches!(
            "车五平四".parse::<Chinese>().unwrap().to_move(&rooks),
            Err(ChineseError::Ambiguous(_))
        ));
        assert!(matches!(
            "车四平五".parse::<Chinese>().unwrap().to_move(&rooks),
            Err(ChineseError::Illegal(_))
        ));
    }

    #[test]
    fn pawn_conventions() {
        // Four pawns on a file: XQWizard 一二三四, cchess 前二三后.
        let four = pos("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w");
        assert_eq!(iccs("一兵平六", &four), "e8d8");
        assert_eq!(iccs("四兵平六", &four), "e5d5");
        assert_eq!(iccs("前兵平六", &four), "e8d8");
        assert_eq!(iccs("后兵平六", &four), "e5d5");
        // cchess's per-file 前兵 on two files resolves only where one reading is legal.
        let two = pos("3k5/9/3P1P3/9/3P1P3/9/9/9/9/5K3 w");
        assert_eq!(iccs("三兵平五", &two), "d7e7");
        assert!(matches!(
            "前兵平五".parse::<Chinese>().unwrap().to_move(&two),
            Err(ChineseError::Ambiguous(_))
        ));
    }

    #[test]
    fn rejects_garbage() {
        for text in [
            "",
            "炮二平",
            "炮二平五五五",
            "炮十平五",
            "炮二走五",
            "六兵平五",
            "炮0平5",
        ] {
            assert!(text.parse::<Chinese>().is_err(), "{text}");
        }
    }

    proptest! {
        #[test]
        fn parser_never_panics(s in "\\PC{0,8}") {
            let _ = s.parse::<Chinese>();
        }

        #[test]
        fn plain_form_reads_as_the_general_parser(
            s in "[帅帥将將仕士相象马馬傌车車俥炮砲包兵卒前][一二三四五六七八九１２３４５６７８９十０中　][进進上退下平后！][一二三四五六七八九１２３４５６７８９十０！？　]"
        ) {
            match parse_plain(&s) {
                Some(fast) => prop_assert_eq!(Ok(fast), parse(&s)),
                // Not taken by the plain reader: then not a piece-and-file move at all.
                None => {
                    let file_move = matches!(
                        parse(&s),
                        Ok(Chinese { designator: Designator::File(_), .. })
                    );
                    prop_assert!(!file_move, "{} is plain", s);
                }
            }
        }

        #[test]
        fn parser_never_panics_on_near_moves(
            s in "[帅将仕相马車炮兵卒前中后一二三四五六七八九123456789进退平]{4,5}"
        ) {
            if let Ok(c) = s.parse::<Chinese>() {
                let _ = c.to_move(&Position::new());
                prop_assert_eq!(c.to_string().parse::<Chinese>().map(|p| p.designator), Ok(c.designator));
            }
        }
    }
}
