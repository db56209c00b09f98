//! WXF notation (国际记法): `C2=5`, `H8+7`, `R+=3`, `16=5` (WXF 2018 art. 7).
//!
//! A move is a piece letter (K A E H R C P, WXF 2018 art. 7.4), the file it stands on counted
//! from the mover's right (1–9), a direction (`+` forward, `-` back, `=` along the rank) and a
//! number: ranks moved for K R C P along a file, otherwise the destination file.
//!
//! ```
//! use xiangqi::{wxf::{Style, Wxf}, Position};
//!
//! let pos = Position::new();
//! let m = "C2.5".parse::<Wxf>()?.to_move(&pos)?;
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(Wxf::from_move(&pos, m).to_string(), "C2=5");
//! assert_eq!(Wxf::write_styled(&pos, m, Style::Dot), "C2.5");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # The writer (canonical)
//! * A sideways move takes `=`, as the book prints it (`C2=5`, `R9=8`, `炮 2=4`; WXF 2018 art.
//!   7.2, 7.4); [`Style::Dot`] writes the WXF notation page's older `.` (`C2.5`) that many
//!   files hold.
//! * Two pieces of a kind on one file: `+`/`-` (front/rear) after the letter, `R+=3`, `C--1`
//!   (WXF 2018 art. 7.5; the WXF notation page). The marker is written whether or not the other
//!   piece could make the same move, as XQWizard does (Fairy-Stockfish drops it then).
//! * Advisors and elephants never take the marker: the direction tells them apart (CXA 2011 art.
//!   7.5; XQWizard).
//! * Three or more pawns on a file: index from the front, then the file, `16=5`, `26=5`, `36=5`
//!   (WXF 2018 art. 7.5, printed with `=`); the same form as Fairy-Stockfish.
//! * Two pawns on a file while another file holds two or more pawns: the file, then the marker,
//!   `4+=5` / `4-=5` — the WXF notation page (wxf.org/xq/computer/wxf_notation.html, "(IV)
//!   Tandem Pawns in 2 files: the first digit denotes the file of the pawn to move": `7+.6`,
//!   `7-.6`), and the canonical `wxf_rules` column of `tests/data/notation`.
//!
//!   Why: WXF 2018 art. 7.5 speaks of two cases only — two pieces of a kind on one file take
//!   前/后 (`+`/`-` in the international form), and *three* pawns on one file take index then
//!   file (`16=5`). It is silent on two files each holding two pawns, where a bare `P+` names
//!   two pawns; the federation's own notation page settles it by writing the file first, which
//!   keeps the book's 前/后 and names the file. XQWizard's order (all such pawns numbered
//!   together, right to left, then front to back) is the Chinese writer's rule for 一兵…四兵
//!   (xqbase "着法表示"); no WXF text writes it (ElephantEye's `Pa.5` is its private symbol
//!   form), so it is read but not written here. Where the page and the book differ — the page's
//!   `33.4` for the middle of three pawns on file 3 beside a tandem on file 7 — the book's
//!   index form wins: `23=4` is written and `33.4` reads as the book's third pawn.
//!
//! # The reader (lenient)
//! `.`, `=` or `-`/`+` for the direction; letters H or N, E or B (also G/M for advisor/elephant);
//! ASCII or full-width characters (`Ｃ２＝５`); the marker before the letter (`+C-2`, `＋Ｐ＋１`);
//! `f`/`r` before the letter (older English books); ElephantEye's `P..6` (middle) and
//! `Pa.5`…`Pe.5` (一…五); the WXF page's `++.4` / `--.4` for the first and last of four or five
//! pawns (where `P+`/`P-` are the second and the second-to-last); `P5.6` for the middle of three
//! pawns; check and annotation marks after the move (`+ ! ?`) are dropped. A file digit where two
//! pieces share the file is accepted if exactly one of them can make the move.

use std::{fmt, str::FromStr};

pub use crate::notation::Direction;
use crate::{
    m::Move,
    notation::{
        self, Candidates, Naming, Unresolved, narrow, on_file, push_all, tandem_files, tandem_list,
    },
    position::Position,
    types::{File, Role},
};

/// How a WXF move names its piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Designator {
    /// The file it stands on, 1–9 from the mover's right: `C2`.
    File(u8),
    /// The front one of two (or three) on a file: `R+` (WXF 2018 art. 7.5).
    Front,
    /// The rear one of two (or three) on a file: `R-`.
    Rear,
    /// The middle of three pawns: ElephantEye's `P.`.
    Middle,
    /// The n-th (1–5) pawn on the tandem files in XQWizard's order: ElephantEye's `Pa`…`Pe`.
    Nth(u8),
    /// The first of four or five pawns on a file: `++` (WXF notation page).
    Foremost,
    /// The last of four or five pawns on a file: `--` (WXF notation page).
    Rearmost,
    /// The front pawn of two on the given file, other files holding pawns in tandem too: `4+`.
    FileFront(u8),
    /// The rear pawn of two on the given file: `4-`.
    FileRear(u8),
    /// The `index`-th pawn from the front (1–5) on `file`: `16` in `16=5` (WXF 2018 art. 7.5).
    FileIndex {
        /// 1 for the front pawn.
        index: u8,
        /// 1–9 from the mover's right.
        file: u8,
    },
}

/// A move in WXF notation: syntax only, until [`Wxf::to_move`] finds it in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wxf {
    /// The moving piece's kind.
    pub role: Role,
    /// Which of the pieces of that kind.
    pub designator: Designator,
    /// Forward, back or along the rank.
    pub direction: Direction,
    /// Ranks moved (K R C P along a file), otherwise the destination file, 1–9.
    pub value: u8,
}

/// Text that is not a WXF move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid wxf move {0:?} (expected e.g. C2=5, H8+7, R+=3 or 16=5)")]
pub struct ParseWxfError(pub String);

/// A WXF move that names no single legal move in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WxfError {
    /// No legal move fits.
    #[error("illegal move {0}: no legal move fits")]
    Illegal(Wxf),
    /// Several legal moves fit.
    #[error("ambiguous move {0}: several legal moves fit")]
    Ambiguous(Wxf),
}

fn role_letter(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'G' => Some(Role::Advisor),
        'M' => Some(Role::Elephant),
        _ => Role::from_char(c),
    }
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10).and_then(|d| u8::try_from(d).ok())
}

impl Wxf {
    /// The canonical WXF form of a legal move `m` in `pos` (see the module docs).
    pub fn from_move(pos: &Position, m: Move) -> Wxf {
        let color = pos.board().piece_at(m.from).map_or(pos.turn(), |p| p.color);
        let (direction, value) = notation::describe(color, m);
        let file = m.from.file().number_for(color);
        let designator = match (m.role, notation::naming(pos, color, m.role, m.from)) {
            (_, Naming::File) => Designator::File(file),
            (Role::Pawn, Naming::Place { .. }) => {
                let own = on_file(pos, color, Role::Pawn, m.from.file());
                let index = own.iter().position(|&s| s == m.from).unwrap_or(0);
                let tandems = tandem_files(pos, color, Role::Pawn).len();
                match (own.len(), index) {
                    (n, _) if n >= 3 => Designator::FileIndex {
                        index: u8::try_from(index + 1).unwrap_or(1),
                        file,
                    },
                    (_, 0) if tandems >= 2 => Designator::FileFront(file),
                    (_, _) if tandems >= 2 => Designator::FileRear(file),
                    (_, 0) => Designator::Front,
                    _ => Designator::Rear,
                }
            }
            (_, Naming::Place { index, count }) => {
                if index == 0 {
                    Designator::Front
                } else if index + 1 == count {
                    Designator::Rear
                } else {
                    Designator::File(file)
                }
            }
        };
        Wxf {
            role: m.role,
            designator,
            direction,
            value,
        }
    }

    /// Finds the legal move this text names in `pos`.
    ///
    /// # Errors
    /// [`WxfError::Illegal`] if no legal move fits, [`WxfError::Ambiguous`] if several do.
    pub fn to_move(&self, pos: &Position) -> Result<Move, WxfError> {
        let color = pos.turn();
        let role = self.role;
        let mut strict = Candidates::new();
        let mut lenient = Candidates::new();
        let file_of = |n: u8| File::from_number(n, color);
        let tandems = tandem_files(pos, color, role);
        let all = tandem_list(&tandems);
        let single = (tandems.len() == 1).then(|| &tandems[0]);
        match self.designator {
            Designator::File(n) => {
                if let Some(file) = file_of(n) {
                    let list = on_file(pos, color, role, file);
                    if role == Role::Pawn && list.len() == 3 {
                        // WXF notation page: the middle of three keeps its file digit.
                        strict.push(list[1]);
                    } else {
                        push_all(&mut strict, list.iter().copied());
                    }
                    push_all(&mut lenient, list);
                }
            }
            Designator::Front | Designator::Rear => {
                let front = self.designator == Designator::Front;
                match single {
                    // WXF notation page: with four or five pawns, P+ is the second, P- the
                    // second-to-last (the first and last are ++ and --).
                    Some(list) if list.len() >= 4 => {
                        strict.push(if front { list[1] } else { list[list.len() - 2] });
                    }
                    Some(list) => strict.push(if front { list[0] } else { list[list.len() - 1] }),
                    None => {}
                }
                for list in &tandems {
                    let (edge, inner) = if front {
                        (list[0], list[1])
                    } else {
                        (list[list.len() - 1], list[list.len() - 2])
                    };
                    push_all(&mut lenient, [edge]);
                    if list.len() >= 4 {
                        push_all(&mut lenient, [inner]);
                    }
                }
            }
            Designator::Middle => {
                if all.len() == 3 {
                    strict.push(all[1]);
                }
                for list in &tandems {
                    if list.len() % 2 == 1 {
                        push_all(&mut lenient, [list[list.len() / 2]]);
                    }
                }
            }
            Designator::Nth(k) => {
                let k = usize::from(k);
                if k >= 1 {
                    push_all(&mut strict, all.get(k - 1).copied());
                    for list in &tandems {
                        push_all(&mut lenient, list.get(k - 1).copied());
                    }
                }
            }
            Designator::Foremost | Designator::Rearmost => {
                for list in &tandems {
                    let sq = if self.designator == Designator::Foremost {
                        list[0]
                    } else {
                        list[list.len() - 1]
                    };
                    if list.len() >= 4 {
                        push_all(&mut strict, [sq]);
                    }
                    push_all(&mut lenient, [sq]);
                }
            }
            Designator::FileFront(n) | Designator::FileRear(n) => {
                if let Some(file) = file_of(n) {
                    let list = on_file(pos, color, role, file);
                    let sq = if matches!(self.designator, Designator::FileFront(_)) {
                        list.first()
                    } else {
                        list.last()
                    };
                    if list.len() >= 2 {
                        push_all(&mut strict, sq.copied());
                    }
                }
            }
            Designator::FileIndex { index, file } => {
                if let Some(file) = file_of(file) {
                    let list = on_file(pos, color, role, file);
                    push_all(
                        &mut strict,
                        usize::from(index)
                            .checked_sub(1)
                            .and_then(|i| list.get(i).copied()),
                    );
                }
            }
        }
        notation::resolve(
            pos,
            Some(role),
            self.direction,
            self.value,
            &strict,
            &lenient,
        )
        .map_err(|e| match e {
            Unresolved::Illegal => WxfError::Illegal(*self),
            Unresolved::Ambiguous => WxfError::Ambiguous(*self),
        })
    }

    /// The canonical text of `m` in `pos` in the book's form (`C2=5`): shorthand for
    /// `Wxf::from_move(pos, m).to_string()`.
    pub fn write(pos: &Position, m: Move) -> String {
        Wxf::from_move(pos, m).to_string()
    }
}

/// How a WXF move writes a sideways move (平).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Style {
    /// The rulebook's form, `C2=5`, `R9=8`, `36=5` (WXF 2018 art. 7.2, 7.4, 7.5).
    #[default]
    Book,
    /// The older form of the WXF notation page and of many files, `C2.5`; the art. 7.5 index
    /// form keeps its `=` (`16=5`), as the book prints it.
    Dot,
}

/// A [`Wxf`] move with a [`Style`], for printing.
#[derive(Debug, Clone, Copy)]
pub struct Styled {
    wxf: Wxf,
    style: Style,
}

impl Wxf {
    /// This move for printing in a [`Style`].
    pub const fn styled(self, style: Style) -> Styled {
        Styled { wxf: self, style }
    }

    /// The canonical text of `m` in `pos` in a style: shorthand for
    /// `Wxf::from_move(pos, m).styled(style).to_string()`.
    pub fn write_styled(pos: &Position, m: Move, style: Style) -> String {
        Wxf::from_move(pos, m).styled(style).to_string()
    }
}

impl fmt::Display for Wxf {
    /// The book's form (WXF 2018 art. 7): `C2=5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.styled(Style::Book), f)
    }
}

impl fmt::Display for Styled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Styled { wxf: w, style } = *self;
        let letter = w.role.wxf_char();
        let index_form = matches!(w.designator, Designator::FileIndex { .. });
        match w.designator {
            Designator::File(n) => write!(f, "{letter}{n}")?,
            Designator::Front => write!(f, "{letter}+")?,
            Designator::Rear => write!(f, "{letter}-")?,
            Designator::Middle => write!(f, "{letter}.")?,
            Designator::Nth(n) => {
                let c = char::from(b'a' + n.clamp(1, 5) - 1);
                write!(f, "{letter}{c}")?;
            }
            Designator::Foremost => f.write_str("++")?,
            Designator::Rearmost => f.write_str("--")?,
            Designator::FileFront(n) => write!(f, "{n}+")?,
            Designator::FileRear(n) => write!(f, "{n}-")?,
            Designator::FileIndex { index, file } => write!(f, "{index}{file}")?,
        }
        let op = match w.direction {
            Direction::Forward => '+',
            Direction::Backward => '-',
            // WXF 2018 art. 7.2, 7.4 and 7.5 print `=`; the notation page prints `.`.
            Direction::Sideways if style == Style::Book || index_form => '=',
            Direction::Sideways => '.',
        };
        write!(f, "{op}{}", w.value)
    }
}

impl FromStr for Wxf {
    type Err = ParseWxfError;

    fn from_str(s: &str) -> Result<Wxf, ParseWxfError> {
        let err = || ParseWxfError(s.to_owned());
        let chars: Vec<char> = s
            .trim()
            .chars()
            .map(narrow)
            .filter(|c| !c.is_whitespace())
            .collect();
        if chars.len() < 4
            || chars[4..]
                .iter()
                .any(|c| !matches!(c, '+' | '!' | '?' | '#'))
        {
            return Err(err());
        }
        let (c0, c1, c2, c3) = (chars[0], chars[1], chars[2], chars[3]);
        let direction = match c2 {
            '+' => Direction::Forward,
            '-' => Direction::Backward,
            '.' | '=' => Direction::Sideways,
            _ => return Err(err()),
        };
        let value = digit(c3)
            .filter(|&d| (1..=9).contains(&d))
            .ok_or_else(err)?;
        let file = |c: char| digit(c).filter(|&d| (1..=9).contains(&d));
        let (role, designator) = match (c0, c1) {
            ('+', '+') => (Role::Pawn, Designator::Foremost),
            ('-', '-') => (Role::Pawn, Designator::Rearmost),
            ('+' | '-' | 'f' | 'r', l) if role_letter(l).is_some() && l.is_ascii_uppercase() => {
                let front = matches!(c0, '+' | 'f');
                let d = if front {
                    Designator::Front
                } else {
                    Designator::Rear
                };
                (role_letter(l).ok_or_else(err)?, d)
            }
            (d, '+') if file(d).is_some() => {
                (Role::Pawn, Designator::FileFront(file(d).ok_or_else(err)?))
            }
            (d, '-') if file(d).is_some() => {
                (Role::Pawn, Designator::FileRear(file(d).ok_or_else(err)?))
            }
            (i, d) if file(i).is_some() && file(d).is_some() => {
                let index = file(i).filter(|&i| i <= 5).ok_or_else(err)?;
                (
                    Role::Pawn,
                    Designator::FileIndex {
                        index,
                        file: file(d).ok_or_else(err)?,
                    },
                )
            }
            (l, second) => {
                let role = role_letter(l).ok_or_else(err)?;
                let designator = match second {
                    '+' => Designator::Front,
                    '-' => Designator::Rear,
                    '.' if role == Role::Pawn => Designator::Middle,
                    'a'..='e' if role == Role::Pawn => Designator::Nth(second as u8 - b'a' + 1),
                    d => Designator::File(file(d).ok_or_else(err)?),
                };
                (role, designator)
            }
        };
        Ok(Wxf {
            role,
            designator,
            direction,
            value,
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse().expect("valid fen")
    }

    #[test]
    fn reads_lenient_forms() {
        let start = Position::new();
        for text in ["C2.5", "C2=5", "c2.5", "Ｃ２＝５", "C2.5+", " C2=5 "] {
            let m = text.parse::<Wxf>().unwrap().to_move(&start).unwrap();
            assert_eq!(m.to_string(), "h2e2", "{text}");
        }
        for text in ["N2+3", "H2+3"] {
            let m = text.parse::<Wxf>().unwrap().to_move(&start).unwrap();
            assert_eq!(m.to_string(), "h0g2", "{text}");
        }
        assert_eq!(
            "B3+5"
                .parse::<Wxf>()
                .unwrap()
                .to_move(&start)
                .unwrap()
                .to_string(),
            "g0e2"
        );
        let rooks = pos("3k5/9/9/9/9/4R4/9/9/4R4/5K3 w");
        for text in ["R+-2", "+R-2", "fR-2", "R5-2"] {
            let m = text.parse::<Wxf>().unwrap().to_move(&rooks).unwrap();
            assert_eq!(m.to_string(), "e4e2", "{text}");
        }
        // A file digit for two rooks on the file is ambiguous when both can go.
        assert!(matches!(
            "R5.4".parse::<Wxf>().unwrap().to_move(&rooks),
            Err(WxfError::Ambiguous(_))
        ));
        assert!(matches!(
            "R4.5".parse::<Wxf>().unwrap().to_move(&rooks),
            Err(WxfError::Illegal(_))
        ));
    }

    #[test]
    fn rejects_garbage() {
        for text in [
            "", "C2", "C2.0", "C2*5", "X2.5", "C2.5x", "6%.5", "99=5", "C2.5++x",
        ] {
            assert!(text.parse::<Wxf>().is_err(), "{text}");
        }
    }

    #[test]
    fn pawn_forms() {
        let four = pos("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w");
        for (text, iccs) in [
            ("++.6", "e8d8"),
            ("P+.6", "e7d7"),
            ("P-.6", "e6d6"),
            ("--.6", "e5d5"),
            ("15=6", "e8d8"),
            ("45=6", "e5d5"),
            ("Pa.6", "e8d8"),
            ("Pd.6", "e5d5"),
        ] {
            let m = text.parse::<Wxf>().unwrap().to_move(&four).unwrap();
            assert_eq!(m.to_string(), iccs, "{text}");
        }
    }

    #[test]
    fn tandem_pawns_on_two_files() {
        // The WXF notation page's example: three pawns on file 3, two on file 7 (Red).
        let pos = pos("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w");
        for (iccs, written, page) in [
            ("g7f7", "13=4", "3+.4"),
            ("g6f6", "23=4", "23=4"),
            ("g5f5", "33=4", "3-.4"),
            ("c6d6", "7+=6", "7+.6"),
            ("c5d5", "7-=6", "7-.6"),
        ] {
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == iccs)
                .expect(iccs);
            assert_eq!(Wxf::write(&pos, m), written, "{iccs}");
            let dot = Wxf::write_styled(&pos, m, Style::Dot);
            assert_eq!(dot, written.replace("+=", "+.").replace("-=", "-."));
            for text in [written, page, &dot] {
                let read = text.parse::<Wxf>().unwrap().to_move(&pos).unwrap();
                assert_eq!(read, m, "{text}");
            }
        }
        // The book's index form: 33 is the third (rear) pawn of file 3, as the page's `3-`.
        let rear = "33.4".parse::<Wxf>().unwrap().to_move(&pos).unwrap();
        assert_eq!(rear.to_string(), "g5f5");
    }

    proptest! {
        #[test]
        fn parser_never_panics(s in "\\PC{0,8}") {
            let _ = s.parse::<Wxf>();
        }

        #[test]
        fn parser_never_panics_on_near_moves(s in "[+\\-.=PRCHEAKNBfrabcde0-9]{4,5}") {
            if let Ok(w) = s.parse::<Wxf>() {
                let _ = w.to_move(&Position::new());
                prop_assert!(w.to_string().parse::<Wxf>().is_ok());
            }
        }
    }
}
