//! The UCI dialect of Fairy-Stockfish and pyffish: files a–i, ranks 1–10 (`h3e3` for ICCS
//! `h2e2`, `a10a9` for `a9a8`). The project speaks ICCS inside and converts here, at the edge.

use std::{fmt, str::FromStr};

use crate::{
    iccs::Iccs,
    types::{File, Rank, Square},
};

/// A move in Fairy-Stockfish's coordinates; convert it with `Iccs::from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uci(pub Iccs);

/// Text that is not a move in ranks 1–10.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid move {0:?} (expected files a–i and ranks 1–10, e.g. h3e3)")]
pub struct ParseUciError(pub String);

fn write_square(f: &mut fmt::Formatter<'_>, sq: Square) -> fmt::Result {
    write!(f, "{}{}", sq.file().char(), sq.rank() as u8 + 1)
}

/// Reads one square from the front of `s`, returning it and the rest.
fn read_square(s: &str) -> Option<(Square, &str)> {
    let mut chars = s.chars();
    let file = File::from_char(chars.next()?)?;
    let rest = chars.as_str();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count().min(2);
    // "10" is one rank; "1" followed by a file letter is another.
    let (number, rest) = if digits == 2 && rest.starts_with("10") {
        (10, &rest[2..])
    } else {
        (rest.get(..1)?.parse::<u32>().ok()?, &rest[1..])
    };
    let rank = Rank::new(number.checked_sub(1)?)?;
    Some((Square::from_coords(file, rank), rest))
}

impl FromStr for Uci {
    type Err = ParseUciError;

    fn from_str(s: &str) -> Result<Uci, ParseUciError> {
        let err = || ParseUciError(s.to_owned());
        let (from, rest) = read_square(s).ok_or_else(err)?;
        let (to, rest) = read_square(rest).ok_or_else(err)?;
        if rest.is_empty() {
            Ok(Uci(Iccs { from, to }))
        } else {
            Err(err())
        }
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_square(f, self.0.from)?;
        write_square(f, self.0.to)
    }
}

impl From<Uci> for Iccs {
    fn from(uci: Uci) -> Iccs {
        uci.0
    }
}

impl From<Iccs> for Uci {
    fn from(iccs: Iccs) -> Uci {
        Uci(iccs)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn converts_ranks() {
        let uci: Uci = "h3e3".parse().unwrap();
        assert_eq!(Iccs::from(uci).to_string(), "h2e2");
        let uci: Uci = "a10a9".parse().unwrap();
        assert_eq!(Iccs::from(uci).to_string(), "a9a8");
        let uci: Uci = "e1e10".parse().unwrap();
        assert_eq!(Iccs::from(uci).to_string(), "e0e9");
        for bad in ["", "a0a1", "a11a1", "a1", "j1a1", "a1a1x", "a10"] {
            assert!(bad.parse::<Uci>().is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn round_trip(from in 0u32..90, to in 0u32..90) {
            let uci = Uci(Iccs { from: Square::new(from).unwrap(), to: Square::new(to).unwrap() });
            prop_assert_eq!(uci.to_string().parse::<Uci>(), Ok(uci));
        }
    }
}
