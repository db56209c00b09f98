//! Xiangqi game records on disk and on the wire: PGN with ICCS, WXF or Chinese move text in
//! UTF-8, GBK or Big5 ([`pgn`]), and XQStudio's XQF ([`xqf`]).
//!
//! Records are how competitions keep games (CXA 2011 art. 7; WXF 2018 art. 7). Every format is
//! read into one [`Game`]: tags, a start position and a tree of moves with comments. Reading
//! never stops at a bad move: [`Game::resolve`] reports each one with its ply, and a collection
//! goes on to its next game.
//!
//! ```
//! use xiangqi_record::{read_bytes, Notation, pgn};
//!
//! let games = read_bytes("1. 炮二平五 马8进7 2. 马二进三 *".as_bytes(), None)?;
//! let mut game = games.into_iter().next().unwrap();
//! game.resolve().expect("all moves legal");
//! let text = pgn::write_game(&game, &pgn::WriteOptions { notation: Notation::Iccs, ..Default::default() });
//! assert!(text.contains("1. H2-E2 H9-G7 2. H0-G2 *"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod encoding;
mod game;
pub mod pgn;
pub mod xqf;

use std::fmt;

pub use crate::{
    encoding::Encoding,
    game::{Game, MoveError, Node, NodeId, Notation, read_move},
};

/// A bad move of a game in a collection, naming the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game} ({title}): {error}")]
pub struct GameError {
    /// The game's number in its file, from 1.
    pub game: usize,
    /// Who played, or the event, to find the game by.
    pub title: String,
    /// The move that failed.
    pub error: MoveError,
}

/// A record that could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// An I/O error.
    #[error("read error: {0}")]
    Io(#[from] std::io::Error),
    /// A broken XQF file.
    #[error(transparent)]
    Xqf(#[from] xqf::XqfError),
}

/// A short title of a game: "Red vs Black", or the event.
pub fn title(game: &Game) -> String {
    let red = game.tag("Red").unwrap_or("").trim();
    let black = game.tag("Black").unwrap_or("").trim();
    if !red.is_empty() || !black.is_empty() {
        format!("{red} vs {black}")
    } else {
        game.tag("Event")
            .or(game.tag("Title"))
            .unwrap_or("untitled")
            .trim()
            .to_owned()
    }
}

/// Resolves a game and names it in its errors.
///
/// # Errors
/// Every bad move of the game, each a [`GameError`].
pub fn check(game: &mut Game, number: usize) -> Result<(), Vec<GameError>> {
    game.resolve().map_err(|errors| {
        let title = title(game);
        errors
            .into_iter()
            .map(|error| GameError {
                game: number,
                title: title.clone(),
                error,
            })
            .collect()
    })
}

/// The kind of a record, told from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// XQStudio binary.
    Xqf,
    /// PGN text (also plain move lists).
    Pgn,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Xqf => "xqf",
            Format::Pgn => "pgn",
        })
    }
}

/// Tells a record's format from its bytes.
pub fn sniff(bytes: &[u8]) -> Format {
    if bytes.starts_with(b"XQ") && bytes.len() >= 0x400 {
        Format::Xqf
    } else {
        Format::Pgn
    }
}

/// Reads every game of a record held in memory (format sniffed; PGN encoding detected unless
/// given). The moves are not checked: call [`check`] or [`Game::resolve`].
///
/// # Errors
/// [`ReadError`] if the record cannot be read at all.
pub fn read_bytes(bytes: &[u8], encoding: Option<Encoding>) -> Result<Vec<Game>, ReadError> {
    match sniff(bytes) {
        Format::Xqf => Ok(vec![xqf::read(bytes)?]),
        Format::Pgn => Ok(pgn::Reader::new(bytes, encoding).collect::<Result<_, _>>()?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names_the_game() {
        let mut g = pgn::parse_game("[Red \"A\"]\n[Black \"B\"]\n1. h2e2 h2e2 *");
        let e = check(&mut g, 3).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].game, 3);
        assert!(
            e[0].to_string()
                .starts_with("game 3 (A vs B): ply 2 (h2e2)"),
            "{}",
            e[0]
        );
    }
}
