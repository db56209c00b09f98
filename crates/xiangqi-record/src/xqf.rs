//! XQF, the binary records of XQStudio (象棋演播室): version 1.0 (plain) and the encrypted
//! versions 1.1–1.8, with the variation tree and comments.
//!
//! The layout, key derivation and stream cipher follow `shared/rules/record-formats.md` §1
//! (from XQStudio's XQFileRW.pas, the XQF 1.0 specification XQF.TXT and ElephantEye's
//! xqf2pgn), checked against the sample files. The tree is read without recursion (§1.7); the
//! moves are not played here: [`crate::Game::resolve`] checks them, and records that are not
//! moves at all (a "from" square off the board) stay in the tree as nodes without coordinates,
//! as XQStudio keeps them (§1.9).
//!
//! Side to move: the colour of the piece on the first move's "from" square, as cchess,
//! ElephantEye and vschess do; with no moves, the header's WhoPlay byte (§1.5).

use encoding_rs::GB18030;
use xiangqi::{File, Rank, Role, Square, iccs::Iccs};

use crate::{
    diagram::SLOTS,
    game::{Game, NodeId},
};

/// Why bytes are not an XQF record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XqfError {
    /// Shorter than the 1024-byte header.
    #[error("not an xqf file: {0} bytes, the header alone is 1024")]
    TooShort(usize),
    /// The first two bytes are not `XQ`.
    #[error("not an xqf file: no XQ signature")]
    BadMagic,
    /// A version byte this reader does not know (10–18 are XQF 1.0–1.8).
    #[error("unsupported xqf version {0} (expected 10 to 18)")]
    BadVersion(u8),
}

const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The header fields, offsets and sizes (record-formats §1.2).
const TEXT_FIELDS: [(&str, usize, usize); 9] = [
    ("Title", 0x50, 64),
    ("Event", 0xD0, 64),
    ("Date", 0x110, 16),
    ("Site", 0x120, 16),
    ("Red", 0x130, 16),
    ("Black", 0x140, 16),
    ("TimeControl", 0x150, 64),
    ("Annotator", 0x1D0, 16),
    ("Author", 0x1E0, 16),
];

struct Keys {
    xy: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

fn keys(h: &[u8], version: u8) -> Keys {
    if version < 11 {
        return Keys {
            xy: 0,
            from: 0,
            to: 0,
            comment: 0,
            stream: [0; 32],
        };
    }
    // record-formats §1.3: P(b) = 54 b² + 221, all mod 256.
    let p = |b: u8| -> u64 { 54 * u64::from(b) * u64::from(b) + 221 };
    let low = |x: u64| (x % 256) as u8;
    let xy = low(p(h[0x0D]) * u64::from(h[0x0D]));
    let from = low(p(h[0x0E]) * u64::from(xy));
    let to = low(p(h[0x0F]) * u64::from(from));
    let comment = (i64::from(h[0x0C]) * 256 + i64::from(h[0x0D])) % 32000 + 767;
    let q = [
        (h[0x0C] & h[0x03]) | h[0x08],
        (h[0x0D] & h[0x03]) | h[0x09],
        (h[0x0E] & h[0x03]) | h[0x0A],
        (h[0x0F] & h[0x03]) | h[0x0B],
    ];
    let mut stream = [0; 32];
    for (i, k) in stream.iter_mut().enumerate() {
        *k = COPYRIGHT[i] & q[i % 4];
    }
    Keys {
        xy,
        from,
        to,
        comment,
        stream,
    }
}

fn pascal(h: &[u8], offset: usize, size: usize) -> String {
    let Some(field) = h.get(offset..offset + size) else {
        return String::new();
    };
    let len = usize::from(field[0]).min(size - 1);
    let text = GB18030.decode_without_bom_handling(&field[1..=len]).0;
    text.trim_end_matches('\0').trim().to_owned()
}

fn square(v: u8) -> Option<Square> {
    let (x, y) = (u32::from(v / 10), u32::from(v % 10));
    Some(Square::from_coords(File::new(x)?, Rank::new(y)?))
}

struct Record {
    from: u8,
    to: u8,
    next: bool,
    sibling: bool,
    comment: Option<String>,
}

/// Reads an XQF record.
///
/// # Errors
/// [`XqfError`] if the bytes are not XQF; a truncated tree is read as far as it goes.
pub fn read(bytes: &[u8]) -> Result<Game, XqfError> {
    if bytes.len() < 0x400 {
        return Err(XqfError::TooShort(bytes.len()));
    }
    if &bytes[..2] != b"XQ" {
        return Err(XqfError::BadMagic);
    }
    let h = &bytes[..0x400];
    let version = h[2];
    if version > 18 {
        return Err(XqfError::BadVersion(version));
    }
    let k = keys(h, version);
    let mut game = Game::new();
    for (name, offset, size) in TEXT_FIELDS {
        let v = pascal(h, offset, size);
        if !v.is_empty() {
            game.set_tag(name, v);
        }
    }
    let result = match h[0x33] {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    };
    game.set_tag("Result", result);

    // Pieces (§1.5).
    let mut board: [Option<(bool, Role)>; 90] = [None; 90];
    for i in 0..32usize {
        let slot = if version >= 12 {
            (usize::from(k.xy) + 1 + i) % 32
        } else {
            i
        };
        let sq = h[0x10 + i].wrapping_sub(k.xy);
        if let Some(sq) = (sq <= 89).then(|| square(sq)).flatten() {
            board[sq as usize] = Some((slot < 16, SLOTS[slot % 16]));
        }
    }

    // Decrypt the tree (§1.4) and read it (§1.6, §1.7).
    let body: Vec<u8> = bytes[0x400..]
        .iter()
        .enumerate()
        .map(|(i, &b)| b.wrapping_sub(k.stream[(0x400 + i) % 32]))
        .collect();
    let mut at = 0usize;
    let read_record = |at: &mut usize| -> Option<Record> {
        let r = body.get(*at..*at + 4)?;
        let (b0, b1, tag) = (r[0], r[1], r[2]);
        *at += 4;
        let (next, sibling, has_len) = if version < 11 {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        } else {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        };
        let mut comment = None;
        if has_len {
            let l = body.get(*at..*at + 4)?;
            *at += 4;
            let len = i64::from(i32::from_le_bytes([l[0], l[1], l[2], l[3]])) - k.comment;
            if len > 0 {
                let len = usize::try_from(len).ok()?;
                let end = at.checked_add(len)?.min(body.len());
                let text = GB18030.decode_without_bom_handling(&body[*at..end]).0;
                *at = end;
                let text = text
                    .trim_end_matches(['\r', '\n', '\0'])
                    .replace("\r\n", "\n");
                if !text.is_empty() {
                    comment = Some(text);
                }
            }
        }
        Some(Record {
            from: b0.wrapping_sub(24).wrapping_sub(k.from),
            to: b1.wrapping_sub(32).wrapping_sub(k.to),
            next,
            sibling,
            comment,
        })
    };
    let mut first_from = None;
    if let Some(root) = read_record(&mut at) {
        game.nodes[0].comment = root.comment;
        if root.next {
            let mut parent: NodeId = 0;
            let mut pending: Vec<NodeId> = Vec::new();
            while let Some(r) = read_record(&mut at) {
                let iccs = match (square(r.from), square(r.to)) {
                    (Some(from), Some(to)) => Some(Iccs { from, to }),
                    _ => None,
                };
                if first_from.is_none() {
                    first_from = Some(iccs.map(|i| i.from));
                }
                let text = iccs.is_none().then(|| format!("xqf {}-{}", r.from, r.to));
                let id = game.add_child(parent, text, iccs);
                game.nodes[id].comment = r.comment;
                if r.sibling {
                    pending.push(parent);
                }
                if r.next {
                    parent = id;
                } else if let Some(p) = pending.pop() {
                    parent = p;
                } else {
                    break;
                }
            }
        }
    }

    let black_first = match first_from.flatten() {
        Some(sq) => board[sq as usize].is_some_and(|(red, _)| !red),
        None => h[0x32] == 1,
    };
    game.set_tag("FEN", fen(&board, black_first));
    Ok(game)
}

fn fen(board: &[Option<(bool, Role)>; 90], black: bool) -> String {
    let mut s = String::new();
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match board[rank * 9 + file] {
                Some((red, role)) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let c = role.fen_char();
                    s.push(if red { c.to_ascii_uppercase() } else { c });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(if black { " b - - 0 1" } else { " w - - 0 1" });
    s
}

/// Why a game cannot be written as XQF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XqfWriteError {
    /// The start position is not valid (the `FEN` tag).
    #[error("cannot write xqf: {0}")]
    BadStart(String),
    /// More pieces of a kind than XQF has slots for (its header holds the 32 pieces of the
    /// start position).
    #[error("cannot write xqf: no slot left for {0:?}")]
    NoSlot(xiangqi::Piece),
    /// A move without coordinates (not resolved, or not a move): call
    /// [`Game::resolve`] first.
    #[error("cannot write xqf: node {node} ({text}) has no coordinates")]
    NoCoordinates {
        /// The node.
        node: NodeId,
        /// The move as written.
        text: String,
    },
}

/// GBK bytes of `text`, at most `limit`, cut at a character boundary; a character GBK lacks
/// becomes `?` (XQStudio and the other readers decode GBK only).
fn gbk(text: &str, limit: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let (encoded, _, unmappable) = encoding_rs::GBK.encode(c.encode_utf8(&mut buf));
        let encoded: &[u8] = if unmappable { b"?" } else { &encoded };
        if bytes.len() + encoded.len() > limit {
            break;
        }
        bytes.extend_from_slice(encoded);
    }
    bytes
}

/// A text field as a Pascal string of GBK bytes, cut to fit.
fn put_pascal(h: &mut [u8], offset: usize, size: usize, text: &str) {
    let bytes = gbk(text, size - 1);
    h[offset] = bytes.len() as u8;
    h[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
}

/// A comment with Windows line breaks, as XQStudio writes them, in GBK.
fn encode_comment(comment: Option<&str>) -> Option<Vec<u8>> {
    let c = comment.filter(|c| !c.is_empty())?;
    let windows = c.replace("\r\n", "\n").replace('\n', "\r\n");
    Some(gbk(&windows, i32::MAX as usize - 767))
}

/// One tree record (record-formats §1.6 for v≥11, with zero keys): squares, tag, a random
/// byte (0 here), and the comment length (+767) and text when there is a comment.
fn put_record(out: &mut Vec<u8>, squares: [u8; 2], tag: u8, comment: Option<&[u8]>) {
    let tag = tag | if comment.is_some() { 0x20 } else { 0 };
    out.extend_from_slice(&[squares[0], squares[1], tag, 0]);
    if let Some(c) = comment {
        let len = i32::try_from(c.len()).unwrap_or(i32::MAX - 767);
        out.extend_from_slice(&(len + 767).to_le_bytes());
        out.extend_from_slice(c);
    }
}

/// Writes a game as XQF 1.8 with all keys zero, the simplest form every reader accepts
/// (record-formats §1.8, as vschess writes): the header fields XQF has, the start position in
/// the piece slots, and the whole tree with comments.
///
/// # Errors
/// [`XqfWriteError`] if the start position is invalid or a node has no coordinates (resolve the
/// game first).
pub fn write(game: &Game) -> Result<Vec<u8>, XqfWriteError> {
    let start = game.start_position().map_err(XqfWriteError::BadStart)?;
    let mut out = vec![0u8; 0x400];
    out[..3].copy_from_slice(&[b'X', b'Q', 18]);
    // Piece slots: with kXY = 0, header byte 0x10 + i holds slot (i + 1) mod 32 (§1.5).
    let mut slots = [0xFFu8; 32];
    let mut used = [false; 32];
    for (sq, piece) in start.board().pieces() {
        let base = if piece.color.is_red() { 0 } else { 16 };
        let slot = (0..16)
            .map(|i| base + i)
            .find(|&s| !used[s] && SLOTS[s % 16] == piece.role)
            .ok_or(XqfWriteError::NoSlot(piece))?;
        used[slot] = true;
        slots[slot] = (sq.file() as u8) * 10 + sq.rank() as u8;
    }
    for i in 0..32 {
        out[0x10 + i] = slots[(i + 1) % 32];
    }
    out[0x32] = u8::from(!start.turn().is_red());
    out[0x33] = match game.tag("Result").map(str::trim) {
        Some("1-0") => 1,
        Some("0-1") => 2,
        Some("1/2-1/2") => 3,
        _ => 0,
    };
    // Type: 0 a full game from the start; 2 (middlegame) otherwise, so that readers that
    // ignore the piece slots of full games (ElephantEye) still take the position.
    let initial = xiangqi::fen::Fen::from_position(&start).to_string() == xiangqi::fen::INITIAL;
    out[0x40] = if initial { 0 } else { 2 };
    for (name, offset, size) in TEXT_FIELDS {
        if let Some(v) = game.tag(name) {
            put_pascal(&mut out, offset, size, v);
        }
    }

    // The tree in pre-order: a node, its first child's subtree, its next sibling's (§1.7).
    let nodes = &game.nodes;
    let root = &nodes[0];
    let tag = if root.children.is_empty() { 0 } else { 0x80 };
    put_record(
        &mut out,
        [b'X', b'Q'],
        tag,
        encode_comment(root.comment.as_deref()).as_deref(),
    );
    let mut stack: Vec<NodeId> = root.children.first().copied().into_iter().collect();
    while let Some(id) = stack.pop() {
        let node = &nodes[id];
        let iccs = node.iccs.ok_or_else(|| XqfWriteError::NoCoordinates {
            node: id,
            text: node.text.clone().unwrap_or_default(),
        })?;
        let siblings = node
            .parent
            .map_or(&[][..], |p| nodes[p].children.as_slice());
        let next = siblings
            .iter()
            .position(|&c| c == id)
            .and_then(|k| siblings.get(k + 1))
            .copied();
        let code = |sq: xiangqi::Square| (sq.file() as u8) * 10 + sq.rank() as u8;
        let mut tag = 0;
        if !node.children.is_empty() {
            tag |= 0x80;
        }
        if next.is_some() {
            tag |= 0x40;
        }
        put_record(
            &mut out,
            [code(iccs.from) + 24, code(iccs.to) + 32],
            tag,
            encode_comment(node.comment.as_deref()).as_deref(),
        );
        if let Some(n) = next {
            stack.push(n);
        }
        if let Some(&c) = node.children.first() {
            stack.push(c);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A v1.0 file by hand: start position, 炮二平五 with a comment, and 马８进７.
    #[test]
    fn reads_a_plain_v10_file() {
        let mut b = vec![0u8; 0x400];
        b[..3].copy_from_slice(&[b'X', b'Q', 10]);
        // Slots right to left as XQF.TXT lists them: i0 h0 g0 f0 e0 d0 c0 b0 a0, h2 b2, pawns.
        let red = [80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3];
        for (i, &v) in red.iter().enumerate() {
            b[0x10 + i] = v;
            b[0x20 + i] = (v / 10) * 10 + (9 - v % 10);
        }
        b[0x33] = 1;
        b[0x130] = 2;
        b[0x131..0x133].copy_from_slice(b"AB");
        b.extend_from_slice(&[0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0]);
        b.extend_from_slice(&[72 + 24, 42 + 32, 0xF0, 0, 2, 0, 0, 0, b'h', b'i']);
        b.extend_from_slice(&[79 + 24, 67 + 32, 0x00, 0, 0, 0, 0, 0]);
        let mut g = read(&b).unwrap();
        assert_eq!(g.tag("FEN"), Some(xiangqi::fen::INITIAL));
        assert_eq!(g.tag("Red"), Some("AB"));
        assert_eq!(g.tag("Result"), Some("1-0"));
        g.resolve().unwrap();
        let line: Vec<String> = g.mainline_iccs().iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["h2e2", "h9g7"]);
        assert_eq!(g.nodes[1].comment.as_deref(), Some("hi"));
    }

    #[test]
    fn writes_what_it_reads() {
        let mut g = crate::pgn::parse_game(
            "[Red \"张三\"]\n[Event \"一个很长很长很长很长很长很长很长很长很长很长很长很长的比赛名称\"]\n[Result \"0-1\"]\n\
             {开始} 1. 炮二平五 {中炮\n两行} 马８进７ (1... 炮８平５ 2. 马二进三) 2. 马二进三 0-1",
        );
        g.resolve().unwrap();
        let bytes = write(&g).unwrap();
        assert_eq!(&bytes[..3], b"XQ\x12");
        let mut back = read(&bytes).unwrap();
        back.resolve().unwrap();
        assert_eq!(back.tag("Red"), Some("张三"));
        assert_eq!(back.tag("Result"), Some("0-1"));
        assert!(
            g.tag("Event")
                .unwrap()
                .starts_with(back.tag("Event").unwrap())
        );
        assert_eq!(back.tag("FEN"), Some(xiangqi::fen::INITIAL));
        assert_eq!(back.preorder(), g.preorder());
    }

    #[test]
    fn writes_a_position_with_black_to_move() {
        let mut g = Game::new();
        g.set_tag("FEN", "4k4/9/9/9/9/9/9/9/4R4/5K3 b - - 0 1");
        g.add_child(0, Some("e9d9".into()), None);
        g.resolve().unwrap();
        let back = read(&write(&g).unwrap()).unwrap();
        assert_eq!(back.tag("FEN"), Some("4k4/9/9/9/9/9/9/9/4R4/5K3 b - - 0 1"));
        let mut unresolved = Game::new();
        unresolved.add_child(0, Some("nonsense".into()), None);
        assert!(matches!(
            write(&unresolved),
            Err(XqfWriteError::NoCoordinates { node: 1, .. })
        ));
    }

    #[test]
    fn rejects_non_xqf() {
        assert_eq!(read(b"XQ"), Err(XqfError::TooShort(2)));
        assert_eq!(read(&[0u8; 1024]), Err(XqfError::BadMagic));
    }

    proptest! {
        #[test]
        fn never_panics(version in 0u8..20, head in prop::collection::vec(any::<u8>(), 0x3E), body in prop::collection::vec(any::<u8>(), 0..400)) {
            let mut b = vec![0u8; 0x400];
            b[0] = b'X';
            b[1] = b'Q';
            b[2] = version;
            b[3..3 + head.len()].copy_from_slice(&head);
            b.extend_from_slice(&body);
            if let Ok(mut g) = read(&b) {
                let _ = g.resolve();
            }
        }
    }
}
