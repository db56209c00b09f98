//! Xiangqi game records on disk and on the wire: PGN with ICCS, WXF or Chinese move text in
//! UTF-8, GBK or Big5 ([`pgn`]), XQStudio's XQF ([`xqf`], read and written), CCBridge's CBR
//! records and CBL libraries ([`cbr`]) and CBF XML ([`cbf`]), and dpxq's DhtmlXQ/UBB
//! ([`dhtmlxq`]). [`read_games`] tells the format from the bytes.
//!
//! Records are how competitions keep games (CXA 2011 art. 7; WXF 2018 art. 7). Every format is
//! read into one [`Game`]: tags, a start position and a tree of moves with comments. Reading
//! never stops at a bad move: [`Game::resolve`] reports each one with its ply, and a collection
//! goes on to its next game.
//! [`validate`] checks PGN collections without building their move trees, with the same
//! verdicts.
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

pub mod cbf;
pub mod cbr;
pub mod dhtmlxq;
mod diagram;
pub mod encoding;
mod game;
pub mod pgn;
pub mod svg;
pub mod validate;
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
    /// A broken CBR record or CBL library.
    #[error(transparent)]
    Cbr(#[from] cbr::CbrError),
    /// A broken CBF record.
    #[error(transparent)]
    Cbf(#[from] cbf::CbfError),
    /// A broken DhtmlXQ record.
    #[error(transparent)]
    DhtmlXq(#[from] dhtmlxq::DhtmlXqError),
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

/// The kind of a record, told from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// XQStudio binary (`.xqf`).
    Xqf,
    /// A CCBridge record (`.cbr`).
    Cbr,
    /// A CCBridge library (`.cbl`).
    Cbl,
    /// CCBridge XML (`.cbf`).
    Cbf,
    /// DhtmlXQ/UBB records, bare or inside an HTML page.
    DhtmlXq,
    /// PGN text (also plain move lists).
    Pgn,
}

impl fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RecordFormat::Xqf => "xqf",
            RecordFormat::Cbr => "cbr",
            RecordFormat::Cbl => "cbl",
            RecordFormat::Cbf => "cbf",
            RecordFormat::DhtmlXq => "dhtmlxq",
            RecordFormat::Pgn => "pgn",
        })
    }
}

/// How many leading bytes [`sniff`] looks at for the text formats' markers.
pub const SNIFF_LEN: usize = 64 * 1024;

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Tells a record's format from its bytes (the first [`SNIFF_LEN`] are enough): the binary
/// magics, then text that opens with a PGN tag, then the XML and DhtmlXQ markers; anything else
/// is read as PGN.
pub fn sniff(bytes: &[u8]) -> RecordFormat {
    if bytes.starts_with(b"XQ") && bytes.len() >= 0x400 {
        return RecordFormat::Xqf;
    }
    if bytes.starts_with(cbr::RECORD_MAGIC) {
        return RecordFormat::Cbr;
    }
    if bytes.starts_with(cbr::LIBRARY_MAGIC) {
        return RecordFormat::Cbl;
    }
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = &text[..text.len().min(SNIFF_LEN)];
    if pgn::opens_with_tag(text) {
        return RecordFormat::Pgn;
    }
    if contains(text, b"<ChineseChessRecord") {
        RecordFormat::Cbf
    } else if contains(text, b"[DhtmlXQ") {
        RecordFormat::DhtmlXq
    } else {
        RecordFormat::Pgn
    }
}

/// Reads every game of a record held in memory (format sniffed; text encoding detected unless
/// given), each a game or the reason it could not be read: one bad game of a collection does
/// not stop the others. The moves are not checked: call [`check`] or [`Game::resolve`].
pub fn read_games(bytes: &[u8], encoding: Option<Encoding>) -> Vec<Result<Game, ReadError>> {
    fn all<E: Into<ReadError>>(games: Vec<Result<Game, E>>) -> Vec<Result<Game, ReadError>> {
        games.into_iter().map(|g| g.map_err(Into::into)).collect()
    }
    match sniff(bytes) {
        RecordFormat::Xqf => vec![xqf::read(bytes).map_err(Into::into)],
        RecordFormat::Cbr => vec![cbr::read(bytes).map_err(Into::into)],
        RecordFormat::Cbl => match cbr::read_library(bytes) {
            Ok(games) => all(games),
            Err(e) => vec![Err(e.into())],
        },
        RecordFormat::Cbf => {
            vec![cbf::read(&encoding::decode(bytes, encoding).0).map_err(Into::into)]
        }
        RecordFormat::DhtmlXq => all(dhtmlxq::read(&encoding::decode(bytes, encoding).0)),
        RecordFormat::Pgn => pgn::Reader::new(bytes, encoding)
            .map(|g| g.map_err(Into::into))
            .collect(),
    }
}

/// Reads every game of a record held in memory, as [`read_games`], stopping at the first
/// record that cannot be read.
///
/// # Errors
/// [`ReadError`] if a record cannot be read at all.
pub fn read_bytes(bytes: &[u8], encoding: Option<Encoding>) -> Result<Vec<Game>, ReadError> {
    read_games(bytes, encoding).into_iter().collect()
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

    #[test]
    fn sniffs() {
        assert_eq!(sniff(b"[Event \"x\"]\n[DhtmlXQ"), RecordFormat::Pgn);
        assert_eq!(sniff(b"<html>[DhtmlXQ]"), RecordFormat::DhtmlXq);
        assert_eq!(
            sniff(b"\xEF\xBB\xBF<?xml?><ChineseChessRecord>"),
            RecordFormat::Cbf
        );
        assert_eq!(sniff(b"CCBridge Record\0"), RecordFormat::Cbr);
        assert_eq!(sniff(b"CCBridgeLibrary\0"), RecordFormat::Cbl);
        assert_eq!(sniff(b"1. h2e2"), RecordFormat::Pgn);
    }
}
