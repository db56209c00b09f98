//! ICCS coordinates (中国象棋电脑应用规范): a move as its two points, `h2e2`, the way engines and
//! PGN files with `[Format "ICCS"]` write it. Files a–i from Red's left, ranks 0–9 from Red's
//! side.
//!
//! The reader takes `h2e2`, `H2E2`, `h2-e2` and `H2-E2`; the writer gives `h2e2`, and
//! [`Iccs::dashed`] gives the `H2-E2` of PGN move text.

use std::{fmt, str::FromStr};

use crate::{
    m::Move,
    position::Position,
    types::{ParseSquareError, Square},
};

/// A move in ICCS coordinates: syntax only, until [`Iccs::to_move`] finds it in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Iccs {
    /// The point moved from.
    pub from: Square,
    /// The point moved to.
    pub to: Square,
}

/// Text that is not an ICCS move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid iccs move {0:?} (expected e.g. h2e2 or H2-E2)")]
pub struct ParseIccsError(pub String);

/// An ICCS move that is not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IccsError {
    /// No piece of the side to move stands on the first point, or it cannot go to the second.
    #[error("illegal move {0}: no piece of the side to move can go there")]
    Illegal(Iccs),
    /// The piece may go there by its way of moving, but that leaves its own general attacked or
    /// the generals facing (a suicide move, CXA 2011 art. 3.4).
    #[error("illegal move {0}: it leaves the own general in check")]
    Suicide(Iccs),
}

impl Iccs {
    /// The coordinates of a move.
    pub fn from_move(m: Move) -> Iccs {
        Iccs {
            from: m.from,
            to: m.to,
        }
    }

    /// Finds the legal move with these coordinates.
    ///
    /// # Errors
    /// [`IccsError::Illegal`] if no piece of the side to move can go there,
    /// [`IccsError::Suicide`] if it can but would leave its general attacked.
    pub fn to_move(self, pos: &Position) -> Result<Move, IccsError> {
        let m = pos
            .find_move(self.from, self.to)
            .ok_or(IccsError::Illegal(self))?;
        if pos.is_legal(m) {
            Ok(m)
        } else {
            Err(IccsError::Suicide(self))
        }
    }

    /// The form PGN move text uses: `H2-E2`.
    pub fn dashed(self) -> String {
        format!("{}-{}", self.from, self.to).to_ascii_uppercase()
    }
}

impl fmt::Display for Iccs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl FromStr for Iccs {
    type Err = ParseIccsError;

    fn from_str(s: &str) -> Result<Iccs, ParseIccsError> {
        let err = || ParseIccsError(s.to_owned());
        let t = s.trim();
        let (from, to) = match (t.len(), t.get(2..3)) {
            (4, _) => (t.get(..2), t.get(2..)),
            (5, Some("-")) => (t.get(..2), t.get(3..)),
            _ => return Err(err()),
        };
        let square = |x: Option<&str>| -> Result<Square, ParseIccsError> {
            x.ok_or_else(err)?
                .parse()
                .map_err(|_: ParseSquareError| err())
        };
        Ok(Iccs {
            from: square(from)?,
            to: square(to)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn reads_all_forms() {
        let expected = Iccs {
            from: Square::H2,
            to: Square::E2,
        };
        for text in ["h2e2", "H2E2", "h2-e2", "H2-E2", " h2e2 "] {
            assert_eq!(text.parse::<Iccs>(), Ok(expected), "{text}");
        }
        for text in ["", "h2e", "h2e22", "j2e2", "h2xe2", "h2—e2", "é2e2"] {
            assert!(text.parse::<Iccs>().is_err(), "{text}");
        }
        assert_eq!(expected.to_string(), "h2e2");
        assert_eq!(expected.dashed(), "H2-E2");
    }

    #[test]
    fn resolves_against_a_position() {
        let pos = Position::new();
        let m = "h2e2".parse::<Iccs>().unwrap().to_move(&pos).unwrap();
        assert_eq!((m.from, m.to, m.capture), (Square::H2, Square::E2, None));
        // The cannon takes the horse over a screen.
        let m = "h2h9".parse::<Iccs>().unwrap().to_move(&pos).unwrap();
        assert_eq!(m.capture, Some(crate::Role::Horse));
        assert!(matches!(
            "e2e3".parse::<Iccs>().unwrap().to_move(&pos),
            Err(IccsError::Illegal(_))
        ));
        assert!(matches!(
            "h7e7".parse::<Iccs>().unwrap().to_move(&pos),
            Err(IccsError::Illegal(_))
        ));
        // A rook pinned by the black rook may not leave the e-file.
        let pos: Position = "3k5/4r4/9/9/9/9/9/9/4R4/4K4 w".parse().unwrap();
        assert!(matches!(
            "e1d1".parse::<Iccs>().unwrap().to_move(&pos),
            Err(IccsError::Suicide(_))
        ));
        assert!("e1e8".parse::<Iccs>().unwrap().to_move(&pos).is_ok());
    }

    proptest! {
        #[test]
        fn round_trip(from in 0u32..90, to in 0u32..90) {
            let iccs = Iccs { from: Square::new(from).unwrap(), to: Square::new(to).unwrap() };
            prop_assert_eq!(iccs.to_string().parse::<Iccs>(), Ok(iccs));
            prop_assert_eq!(iccs.dashed().parse::<Iccs>(), Ok(iccs));
        }
    }
}
