//! A move as a player writes it on the score sheet, in any form of WXF 2018 art. 7.1–7.5:
//! Chinese (`炮二平五`, art. 7.1), the international form with Chinese glyphs (`车 2+6`,
//! `马 3-5`, `炮 2=4`, art. 7.2), the short form without a direction (`炮 2 5`, `马 87`,
//! `士 5 4`, art. 7.3), the English letters (`C2=5`, art. 7.4), 前/中/后 and the pawn digits
//! (`前炮=5`, `36=5`, art. 7.5), and the ICCS coordinates of engines and PGN (`h2e2`).
//!
//! This is the one reader behind the command line, the records and the server.
//!
//! ```
//! use xiangqi::{written::{self, Form}, Position};
//!
//! let pos = Position::new();
//! for text in ["炮二平五", "炮 2=5", "炮 2 5", "C2=5", "C2.5", "h2e2"] {
//!     assert_eq!(written::read_move(&pos, text)?.to_string(), "h2e2");
//! }
//! let m = written::read_move(&pos, "马 2+3")?;
//! assert_eq!(written::write(&pos, m, Form::International), "马 2+3");
//! assert_eq!(written::write(&pos, m, Form::Short).as_str(), "马 23");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::{fmt, str::FromStr};

use arrayvec::ArrayVec;

use crate::{
    chinese::{self, Chinese, ChineseError, Token},
    iccs::{Iccs, IccsError},
    m::Move,
    notation::{self, Direction, narrow, on_file},
    position::Position,
    types::{File, Role},
    wxf::{self, Designator, Wxf, WxfError},
};

/// A move in one of the written forms, syntax only until [`Written::to_move`] finds it in a
/// position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Written {
    /// `h2e2`, `H2-E2`.
    Iccs(Iccs),
    /// `C2=5`, `C2.5`, `R+=3`, `36=5` (WXF 2018 art. 7.4, 7.5).
    Wxf(Wxf),
    /// `炮二平五`, `车 2+6`, `前炮=5` (WXF 2018 art. 7.1, 7.2, 7.5).
    Chinese(Chinese),
    /// `炮 2 5`, `马 87` (WXF 2018 art. 7.3).
    Short(Short),
}

/// The short form of WXF 2018 art. 7.3: the piece, the file it stands on and a number, with
/// the direction left out (`炮 2 5` for 炮二平五, `马 87` for 马八退七, `士 5 4` for 士五进四).
///
/// The number is what the long form would write after 进/退/平, so it names the move only
/// together with the position: the short form reads as the one legal move of such a piece on
/// that file that goes forward, back or sideways by that number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Short {
    /// The moving piece's kind.
    pub role: Role,
    /// The file it stands on, 1–9 from the mover's right.
    pub file: u8,
    /// The number after the direction that is left out, 1–9.
    pub value: u8,
}

/// Text that is not a move in any written form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unreadable move {0:?} (expected e.g. 炮二平五, 车 2+6, 炮 2 5, C2=5, 36=5 or h2e2; WXF 2018 art. 7)"
)]
pub struct ParseWrittenError(pub String);

/// A legal move that a short form could mean, named in Chinese, WXF and ICCS for the error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Its Chinese form, as the player would write it in full: 马八进七.
    pub chinese: String,
    /// Its WXF form: H8+7.
    pub wxf: String,
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, {})", self.chinese, self.wxf, self.mv)
    }
}

fn either(candidates: &[Candidate]) -> String {
    let names: Vec<String> = candidates.iter().map(ToString::to_string).collect();
    names.join(" or ")
}

/// A short form that names no single legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShortError {
    /// No legal move fits.
    #[error("illegal move {0}: no legal move fits")]
    Illegal(Short),
    /// Several legal moves fit: the player must write the direction.
    #[error("ambiguous move {short}: it may be {}", either(.candidates))]
    Ambiguous {
        /// The short form as read.
        short: Short,
        /// Every legal move it fits, two or more.
        candidates: Vec<Candidate>,
    },
}

/// A written move that names no single legal move in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WrittenError {
    /// ICCS coordinates of no legal move.
    #[error(transparent)]
    Iccs(#[from] IccsError),
    /// A WXF move that fits no legal move, or several.
    #[error(transparent)]
    Wxf(#[from] WxfError),
    /// A Chinese move that fits no legal move, or several.
    #[error(transparent)]
    Chinese(#[from] ChineseError),
    /// A short form that fits no legal move, or several.
    #[error(transparent)]
    Short(#[from] ShortError),
}

/// Why a written move could not be read in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadMoveError {
    /// The text is no move in any form.
    #[error(transparent)]
    Parse(#[from] ParseWrittenError),
    /// The text names no single legal move here.
    #[error(transparent)]
    Move(#[from] WrittenError),
}

/// Finds the legal move `text` names in `pos`, whatever its form (module docs).
///
/// # Errors
/// [`ReadMoveError::Parse`] if the text is no move at all, [`ReadMoveError::Move`] if it names
/// no legal move or, for a short form, several (the error names them).
pub fn read_move(pos: &Position, text: &str) -> Result<Move, ReadMoveError> {
    // Nearly every move of a collection is Chinese (its first byte opens a CJK character):
    // straight to that reader, as records are read by the million.
    if text
        .as_bytes()
        .first()
        .is_some_and(|&b| (0xE4..=0xE9).contains(&b))
        && let Ok(m) = text.parse::<Chinese>()
    {
        return Ok(m.to_move(pos).map_err(WrittenError::from)?);
    }
    Ok(text.parse::<Written>()?.to_move(pos)?)
}

impl Written {
    /// Finds the legal move this text names in `pos`.
    ///
    /// # Errors
    /// Why no single legal move fits.
    pub fn to_move(&self, pos: &Position) -> Result<Move, WrittenError> {
        Ok(match self {
            Written::Iccs(m) => m.to_move(pos)?,
            Written::Wxf(m) => m.to_move(pos)?,
            Written::Chinese(m) => m.to_move(pos)?,
            Written::Short(m) => m.to_move(pos)?,
        })
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Written::Iccs(m) => m.fmt(f),
            Written::Wxf(m) => m.fmt(f),
            Written::Chinese(m) => m.fmt(f),
            Written::Short(m) => m.fmt(f),
        }
    }
}

/// ASCII, or full-width forms of it (`Ｃ２＝５`): the English-letter and coordinate forms.
fn ascii_like(text: &str) -> bool {
    text.is_ascii()
        || text
            .chars()
            .all(|c| c.is_ascii() || ('\u{FF01}'..='\u{FF5E}').contains(&c) || c == '\u{3000}')
}

impl FromStr for Written {
    type Err = ParseWrittenError;

    /// Tells the form from the characters: coordinates and English letters are ASCII (or
    /// full-width), everything else is Chinese; the short form is tried last, as it is the
    /// rarest in records.
    fn from_str(text: &str) -> Result<Written, ParseWrittenError> {
        if text.is_ascii()
            && let Ok(m) = text.parse::<Iccs>()
        {
            return Ok(Written::Iccs(m));
        }
        if ascii_like(text) {
            if let Ok(m) = text.parse::<Wxf>() {
                return Ok(Written::Wxf(m));
            }
        } else if let Ok(m) = text.parse::<Chinese>() {
            return Ok(Written::Chinese(m));
        }
        text.parse::<Short>()
            .map(Written::Short)
            .map_err(|_| ParseWrittenError(text.to_owned()))
    }
}

impl FromStr for Short {
    type Err = ParseWrittenError;

    /// A piece (a Chinese glyph or an English letter, WXF 2018 art. 7.4) and two numbers
    /// (Arabic, full-width or Chinese), spaces anywhere: `炮 2 5`, `马87`, `士五四`, `H 8 7`.
    fn from_str(text: &str) -> Result<Short, ParseWrittenError> {
        let err = || ParseWrittenError(text.to_owned());
        let mut chars = text
            .chars()
            .map(narrow)
            .filter(|c| !c.is_whitespace())
            .peekable();
        let first = chars.next().ok_or_else(err)?;
        let role = if first.is_ascii_alphabetic() {
            Role::from_char(first).ok_or_else(err)?
        } else {
            match chinese::token(first) {
                Some(Token::Piece(role)) => role,
                _ => return Err(err()),
            }
        };
        let mut number = || match chars.next().map(chinese::token) {
            Some(Some(Token::Num(n, _))) if (1..=9).contains(&n) => Ok(n),
            _ => Err(err()),
        };
        let (file, value) = (number()?, number()?);
        if chars.peek().is_some() {
            return Err(err());
        }
        Ok(Short { role, file, value })
    }
}

impl fmt::Display for Short {
    /// The English letters, as the book's `C2=5` without the sign: `H87`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.role.wxf_char(), self.file, self.value)
    }
}

impl Short {
    /// The legal moves this short form fits in `pos`: a piece of its kind on its file going
    /// forward, back or sideways by its number (WXF 2018 art. 7.3).
    pub fn candidates(&self, pos: &Position) -> ArrayVec<Move, 16> {
        let color = pos.turn();
        let mut found = ArrayVec::new();
        let Some(file) = File::from_number(self.file, color) else {
            return found;
        };
        for from in on_file(pos, color, self.role, file) {
            for dir in [Direction::Forward, Direction::Backward, Direction::Sideways] {
                let Some(to) = notation::target(color, self.role, from, dir, self.value) else {
                    continue;
                };
                let m = Move {
                    role: self.role,
                    from,
                    to,
                    capture: pos.board().role_at(to),
                };
                if pos.is_legal(m) && !found.contains(&m) && !found.is_full() {
                    found.push(m);
                }
            }
        }
        found
    }

    /// Finds the one legal move this short form fits in `pos`.
    ///
    /// # Errors
    /// [`ShortError::Illegal`] if none fits, [`ShortError::Ambiguous`] naming every move that
    /// fits if several do.
    pub fn to_move(&self, pos: &Position) -> Result<Move, ShortError> {
        let found = self.candidates(pos);
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(ShortError::Illegal(*self)),
            several => Err(ShortError::Ambiguous {
                short: *self,
                candidates: several
                    .iter()
                    .map(|&mv| Candidate {
                        mv,
                        chinese: Chinese::write(pos, mv, chinese::Style::PLAIN),
                        wxf: Wxf::write(pos, mv),
                    })
                    .collect(),
            }),
        }
    }

    /// The short form of a legal move `m` in `pos`, if it names `m` alone (WXF 2018 art. 7.3):
    /// the piece is alone on its file, or the others of its kind there cannot go the same way.
    pub fn from_move(pos: &Position, m: Move) -> Option<Short> {
        let color = pos.board().piece_at(m.from)?.color;
        let (_, value) = notation::describe(color, m);
        let short = Short {
            role: m.role,
            file: m.from.file().number_for(color),
            value,
        };
        (short.candidates(pos).as_slice() == [m]).then_some(short)
    }
}

/// A form to write a move in, for [`write`]: one of each of WXF 2018 art. 7.1–7.5, and ICCS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// `h2e2`.
    Iccs,
    /// `C2=5`, or `C2.5` in [`wxf::Style::Dot`] (art. 7.4, 7.5).
    Wxf(wxf::Style),
    /// `炮二平五`, `马８进７` (art. 7.1, 7.5).
    Chinese(chinese::Style),
    /// `车 2+6`, `前车-2`, `36=5`: the WXF form with Chinese glyphs (art. 7.2, 7.5).
    International,
    /// `炮 25` where it names the move alone, else the international form (art. 7.3).
    Short,
}

impl Form {
    /// Every form, each Chinese style and each WXF style once.
    pub const ALL: [Form; 8] = [
        Form::Iccs,
        Form::Wxf(wxf::Style::Book),
        Form::Wxf(wxf::Style::Dot),
        Form::Chinese(chinese::Style::PLAIN),
        Form::Chinese(chinese::Style::XQWIZARD),
        Form::Chinese(chinese::Style::TRADITIONAL),
        Form::International,
        Form::Short,
    ];
}

/// Writes a legal move `m` of `pos` in `form`.
pub fn write(pos: &Position, m: Move, form: Form) -> String {
    match form {
        Form::Iccs => Iccs::from_move(m).to_string(),
        Form::Wxf(style) => Wxf::write_styled(pos, m, style),
        Form::Chinese(style) => Chinese::write(pos, m, style),
        Form::International => international(pos, m),
        Form::Short => match Short::from_move(pos, m) {
            Some(short) => {
                let color = pos.board().piece_at(m.from).map_or(pos.turn(), |p| p.color);
                format!(
                    "{} {}{}",
                    short.role.chinese(color),
                    short.file,
                    short.value
                )
            }
            None => international(pos, m),
        },
    }
}

/// The international form with Chinese glyphs (WXF 2018 art. 7.2): the WXF book form with the
/// letter replaced by the glyph, a space after it before a file (`车 2+6`, as the book prints),
/// 前/中/后 for the WXF `+`/`.`/`-` markers (`前车-2`, art. 7.5), and the art. 7.5 digits for
/// three pawns or more on a file (`36=5`).
fn international(pos: &Position, m: Move) -> String {
    let color = pos.board().piece_at(m.from).map_or(pos.turn(), |p| p.color);
    let w = Wxf::from_move(pos, m);
    let glyph = w.role.chinese(color);
    let head = match w.designator {
        Designator::File(n) => format!("{glyph} {n}"),
        Designator::Front | Designator::Foremost => format!("前{glyph}"),
        Designator::Middle => format!("中{glyph}"),
        Designator::Rear | Designator::Rearmost => format!("后{glyph}"),
        Designator::Nth(n) => format!("{}{glyph}", chinese_numeral(n)),
        Designator::FileFront(n) => format!("前{glyph}{n}"),
        Designator::FileRear(n) => format!("后{glyph}{n}"),
        Designator::FileIndex { index, file } => format!("{index}{file}"),
    };
    let sign = match w.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '=',
    };
    format!("{head}{sign}{}", w.value)
}

fn chinese_numeral(n: u8) -> char {
    ['一', '二', '三', '四', '五']
        .get(usize::from(n.clamp(1, 5)) - 1)
        .copied()
        .unwrap_or('一')
}
