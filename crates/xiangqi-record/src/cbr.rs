//! CCBridge (象棋桥) records: a game (`.cbr`) and a library of games (`.cbl`).
//!
//! The layout follows `shared/rules/record-formats.md` §2, checked against the sample files:
//! fixed-size UTF-16LE text fields, a 90-byte board (high nibble the colour, low nibble the
//! piece), then a move tree of 4-byte records in the pre-order layout XQF uses (flags `0x01`
//! no continuation, `0x02` an alternative follows, `0x04` a comment follows as a byte length
//! and UTF-16LE text). A library is a header, an index of 276-byte entries and the records,
//! each starting on a 4096-byte boundary after the index.
//!
//! As for XQF, the tree is read without playing it; [`crate::Game::resolve`] checks it.

use encoding_rs::UTF_16LE;
use xiangqi::{Color, Role, iccs::Iccs};

use crate::{
    diagram::{Diagram, square, turn_of},
    game::{Game, NodeId},
};

/// The magic of a record, `"CCBridge Record"` and a NUL.
pub const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// The magic of a library, `"CCBridgeLibrary"` and a NUL.
pub const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";

/// Offset of the move stream in a record (§2.1).
const MOVES: usize = 2214;
/// Offset of the index in a library (§2.4).
const INDEX: usize = 66624;
const ENTRY: usize = 276;
const BLOCK: usize = 4096;

/// Why bytes are not a CCBridge record or library.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CbrError {
    /// No record magic where a record should start.
    #[error("not a cbr record: no CCBridge Record signature")]
    BadMagic,
    /// Shorter than the fixed part of a record (2214 bytes) or of a library.
    #[error("truncated ccbridge file: {0} bytes")]
    TooShort(usize),
    /// A layout kind other than 2 (kinds 1 and 3 are older and newer layouts; §2.1).
    #[error("unsupported cbr layout kind {0} (only kind 2 is known)")]
    UnsupportedKind(u8),
}

/// Text fields of a record and the tag each goes to (§2.1).
const TEXT_FIELDS: [(&str, usize, usize); 22] = [
    ("Title", 180, 128),
    ("Category", 308, 256),
    ("Source", 564, 64),
    ("EventClass", 628, 64),
    ("Event", 692, 64),
    ("Round", 756, 64),
    ("Group", 820, 32),
    ("Table", 852, 32),
    ("Date", 884, 64),
    ("Site", 948, 64),
    ("TimeControl", 1012, 64),
    ("Red", 1076, 64),
    ("RedTeam", 1140, 64),
    ("RedTime", 1204, 64),
    ("RedElo", 1268, 32),
    ("Black", 1300, 64),
    ("BlackTeam", 1364, 64),
    ("BlackTime", 1428, 64),
    ("BlackElo", 1492, 32),
    ("Referee", 1524, 64),
    ("Recorder", 1588, 64),
    ("Annotator", 1652, 64),
];

/// UTF-16LE text up to the first U+0000, decoded with replacement.
fn utf16(bytes: &[u8]) -> String {
    let units = bytes
        .chunks_exact(2)
        .position(|c| c == [0, 0])
        .unwrap_or(bytes.len() / 2);
    let text = UTF_16LE.decode_without_bom_handling(&bytes[..units * 2]).0;
    text.trim().to_owned()
}

fn role(code: u8) -> Option<Role> {
    Some(match code {
        1 => Role::Rook,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::King,
        6 => Role::Cannon,
        7 => Role::Pawn,
        _ => return None,
    })
}

/// A CBR square byte (row 0 = the top, Black's back rank) as ICCS file and rank (§0).
fn point(i: u8) -> Option<xiangqi::Square> {
    (i < 90).then(|| square(u32::from(i % 9), 9 - u32::from(i / 9)))?
}

/// Reads one record (a `.cbr` file, or a record of a library).
///
/// # Errors
/// [`CbrError`] if the bytes are not a record; a truncated tree is read as far as it goes.
pub fn read(bytes: &[u8]) -> Result<Game, CbrError> {
    read_record(bytes).map(|(game, _)| game)
}

fn read_record(bytes: &[u8]) -> Result<(Game, usize), CbrError> {
    if !bytes.starts_with(RECORD_MAGIC) {
        return Err(CbrError::BadMagic);
    }
    if bytes.len() < MOVES {
        return Err(CbrError::TooShort(bytes.len()));
    }
    if bytes[19] != 2 {
        return Err(CbrError::UnsupportedKind(bytes[19]));
    }
    let mut game = Game::new();
    for (name, offset, size) in TEXT_FIELDS {
        let v = utf16(&bytes[offset..offset + size]);
        if !v.is_empty() {
            game.set_tag(name, v);
        }
    }
    let ecco: String = bytes[2036..2040]
        .iter()
        .take_while(|&&b| b != 0)
        .map(|&b| char::from(b))
        .filter(char::is_ascii_alphanumeric)
        .collect();
    if !ecco.is_empty() {
        game.set_tag("ECCO", ecco);
    }
    game.set_tag(
        "Result",
        match bytes[2076] {
            1 => "1-0",
            2 => "0-1",
            3 => "1/2-1/2",
            _ => "*",
        },
    );
    let mut board = Diagram::empty();
    for (i, &b) in bytes[2120..2210].iter().enumerate() {
        let color = match b & 0xF0 {
            0x10 => Color::Red,
            0x20 => Color::Black,
            _ => continue,
        };
        if let (Some(role), Ok(i)) = (role(b & 0x0F), u8::try_from(i))
            && let Some(sq) = point(i)
        {
            board.0[sq as usize] = Some(role.of(color));
        }
    }

    // The tree (§2.3, the stack walk of §1.7).
    let mut at = MOVES;
    let record = |at: &mut usize| -> Option<(u8, u8, u8, Option<String>)> {
        let r = bytes.get(*at..*at + 4)?;
        let (flags, from, to) = (r[0], r[2], r[3]);
        if flags > 7 {
            return None;
        }
        *at += 4;
        let mut comment = None;
        if flags & 0x04 != 0 {
            let l = bytes.get(*at..*at + 4)?;
            *at += 4;
            let len = u32::from_le_bytes([l[0], l[1], l[2], l[3]]) as usize;
            let end = at.checked_add(len)?.min(bytes.len());
            let text = utf16(&bytes[*at..end]).replace("\r\n", "\n");
            *at = end;
            if !text.is_empty() {
                comment = Some(text);
            }
        }
        Some((flags, from, to, comment))
    };
    let mut first_from = None;
    if let Some((flags, _, _, comment)) = record(&mut at) {
        game.nodes[0].comment = comment;
        if flags & 0x01 == 0 {
            let mut parent: NodeId = 0;
            let mut pending: Vec<NodeId> = Vec::new();
            while let Some((flags, from, to, comment)) = record(&mut at) {
                let iccs = match (point(from), point(to)) {
                    (Some(from), Some(to)) => Some(Iccs { from, to }),
                    _ => None,
                };
                if game.nodes.len() == 1 {
                    first_from = iccs.map(|i| i.from);
                }
                let text = iccs.is_none().then(|| format!("cbr {from}-{to}"));
                let id = game.add_child(parent, text, iccs);
                game.nodes[id].comment = comment;
                if flags & 0x02 != 0 {
                    pending.push(parent);
                }
                if flags & 0x01 == 0 {
                    parent = id;
                } else if let Some(p) = pending.pop() {
                    parent = p;
                } else {
                    break;
                }
            }
        }
    }
    let default = if bytes[2112] == 2 {
        Color::Black
    } else {
        Color::Red
    };
    let turn = turn_of(&board, first_from, default);
    game.set_tag("FEN", board.fen(turn));
    Ok((game, at))
}

/// Reads a library (`.cbl`): every record, each a game or the reason it could not be read, in
/// file order. One bad record does not stop the others.
///
/// # Errors
/// [`CbrError`] if the bytes are not a library at all.
pub fn read_library(bytes: &[u8]) -> Result<Vec<Result<Game, CbrError>>, CbrError> {
    if !bytes.starts_with(LIBRARY_MAGIC) {
        return Err(CbrError::BadMagic);
    }
    let slots = bytes
        .get(60..64)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize)
        .ok_or(CbrError::TooShort(bytes.len()))?;
    let first = slots
        .checked_mul(ENTRY)
        .and_then(|n| n.checked_add(INDEX))
        .filter(|&f| f <= bytes.len())
        .ok_or(CbrError::TooShort(bytes.len()))?;
    // Walk the 4096-byte blocks and keep those that start a record; a record longer than a
    // block carries on into blocks without the magic (§2.4).
    let mut games = Vec::new();
    let mut at = first;
    while at < bytes.len() {
        let block = &bytes[at..];
        if block.starts_with(RECORD_MAGIC) {
            games.push(read(block));
        }
        at += BLOCK;
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record by hand: the start position, 炮二平五 (h2e2) with the alternative 兵七进一 (c3c4)
    /// and a comment, then 马８进７ (h9g7).
    fn record() -> Vec<u8> {
        let mut b = vec![0u8; MOVES];
        b[..16].copy_from_slice(RECORD_MAGIC);
        b[19] = 2;
        for (i, c) in "甲".encode_utf16().enumerate() {
            b[1076 + 2 * i..1078 + 2 * i].copy_from_slice(&c.to_le_bytes());
        }
        b[2076] = 1;
        b[2112] = 1;
        let top = [0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21];
        b[2120..2129].copy_from_slice(&top);
        b[2120 + 19] = 0x26;
        b[2120 + 25] = 0x26;
        for f in (0..9).step_by(2) {
            b[2120 + 27 + f] = 0x27;
            b[2120 + 54 + f] = 0x17;
        }
        b[2120 + 64] = 0x16;
        b[2120 + 70] = 0x16;
        b[2120 + 81..2120 + 90].copy_from_slice(&top.map(|x| x - 0x10));
        b.extend_from_slice(&[0, 0, 0, 0]); // root, moves follow
        b.extend_from_slice(&[0x02, 0, 70, 67]); // h2e2, an alternative follows
        b.extend_from_slice(&[0x01, 0, 7, 24]); // h9g7, the line ends
        b.extend_from_slice(&[0x05, 0, 56, 47]); // c3c4 with a comment, the line ends
        let note: Vec<u8> = "好".encode_utf16().flat_map(u16::to_le_bytes).collect();
        b.extend_from_slice(&(note.len() as u32).to_le_bytes());
        b.extend_from_slice(&note);
        b
    }

    #[test]
    fn reads_a_record() {
        let mut g = read(&record()).unwrap();
        assert_eq!(g.tag("FEN"), Some(xiangqi::fen::INITIAL));
        assert_eq!(g.tag("Red"), Some("甲"));
        assert_eq!(g.tag("Result"), Some("1-0"));
        g.resolve().unwrap();
        let line: Vec<String> = g.mainline_iccs().iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["h2e2", "h9g7"]);
        let alt = g.nodes[0].children[1];
        assert_eq!(g.nodes[alt].iccs.unwrap().to_string(), "c3c4");
        assert_eq!(g.nodes[alt].comment.as_deref(), Some("好"));
    }

    #[test]
    fn reads_a_library_of_two() {
        let slots = 2;
        let mut lib = vec![0u8; INDEX + ENTRY * slots];
        lib[..16].copy_from_slice(LIBRARY_MAGIC);
        lib[60] = slots as u8;
        for _ in 0..2 {
            let mut r = record();
            r.resize(BLOCK, 0);
            lib.extend_from_slice(&r);
        }
        let games = read_library(&lib).unwrap();
        assert_eq!(games.len(), 2);
        assert!(games.iter().all(Result::is_ok));
    }

    #[test]
    fn rejects_other_kinds() {
        let mut r = record();
        r[19] = 1;
        assert_eq!(read(&r), Err(CbrError::UnsupportedKind(1)));
        assert_eq!(read(b"CCBridge Record\0"), Err(CbrError::TooShort(16)));
        assert_eq!(read(b"nope"), Err(CbrError::BadMagic));
        assert_eq!(
            read_library(b"CCBridgeLibrary\0"),
            Err(CbrError::TooShort(16))
        );
    }
}
