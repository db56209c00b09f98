//! DhtmlXQ / UBB records, the format of the dpxq.com (东萍象棋网) viewer, usually found inside
//! HTML pages: `[DhtmlXQ][DhtmlXQ_movelist]7747…[/DhtmlXQ_movelist][/DhtmlXQ]`.
//!
//! The layout follows `shared/rules/record-formats.md` §3: `binit` (32 slots, two digits each,
//! rows counted from the top, `99` = off the board), `movelist` (four digits a ply),
//! variations `move_P_S_B` (branch B replaces ply S of branch P, plies numbered from the start
//! in every branch), comments `commentN` / `commentB_N` (`||` is a line break). Values run to
//! the next `[/DhtmlXQ_` whatever name follows it, since real pages close
//! `[DhtmlXQ_blacktime]` with `[/DhtmlXQ_time]`.
//!
//! The moves are not played here ([`crate::Game::resolve`] checks them); the side to move is
//! the colour of the piece on the first move's "from" square (Red for a record with no moves).
//! Variations whose anchor does not exist and comments on plies that do not exist are put in
//! [`crate::Game::warnings`].
//!
//! ```
//! use xiangqi_record::dhtmlxq;
//!
//! let page = "<div>[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_result]红胜[/DhtmlXQ_result]\
//!             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</div>";
//! let mut games = dhtmlxq::read(page);
//! let mut game = games.remove(0)?;
//! game.resolve().expect("legal");
//! assert_eq!(game.tag("Result"), Some("1-0"));
//! let line: Vec<String> = game.mainline_iccs().iter().map(|m| m.to_string()).collect();
//! assert_eq!(line, ["h2e2", "h9g7"]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use xiangqi::{Color, iccs::Iccs};

use crate::{
    diagram::{Diagram, slot_piece, square, turn_of},
    game::{Game, NodeId},
};

/// Why a DhtmlXQ record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DhtmlXqError {
    /// No `[DhtmlXQ_…]` field at all.
    #[error("no dhtmlxq record")]
    NoRecord,
    /// `binit` is not 64 digits.
    #[error("bad dhtmlxq binit {0:?} (expected 64 digits)")]
    BadInit(String),
    /// A move list that is not four digits a ply (the older lettered form is not supported).
    #[error("bad dhtmlxq {field} {value:?} (expected four digits a ply)")]
    BadMoves {
        /// The field: `movelist` or `move_P_S_B`.
        field: String,
        /// Its value, shortened.
        value: String,
    },
}

/// The fields of one record, in text order, names without the `DhtmlXQ_` prefix.
fn fields(record: &str) -> Vec<(&str, &str)> {
    const OPEN: &str = "[DhtmlXQ_";
    let mut out = Vec::new();
    let mut rest = record;
    while let Some(i) = rest.find(OPEN) {
        let after = &rest[i + OPEN.len()..];
        let Some(close) = after.find(']') else { break };
        let name = &after[..close];
        let body = &after[close + 1..];
        // A well-formed name; otherwise skip the bracket and look further.
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            rest = after;
            continue;
        }
        let end = body.find("[/DhtmlXQ_").unwrap_or(body.len());
        out.push((name, &body[..end]));
        // Skip the closer, whatever name it carries.
        rest = match body[end..].find(']') {
            Some(j) => &body[end + j + 1..],
            None => "",
        };
    }
    out
}

/// The records of a text: `[DhtmlXQ]…[/DhtmlXQ]` or `[DhtmlXQiFrame]…[/DhtmlXQiFrame]`
/// containers, else the whole text as one bare list of fields.
fn records(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let open = ["[DhtmlXQ]", "[DhtmlXQiFrame]"]
            .iter()
            .filter_map(|o| rest.find(o).map(|i| (i, o.len())))
            .min();
        let Some((i, len)) = open else { break };
        let body = &rest[i + len..];
        let end = ["[/DhtmlXQ]", "[/DhtmlXQiFrame]"]
            .iter()
            .filter_map(|c| body.find(c))
            .min()
            .unwrap_or(body.len());
        out.push(&body[..end]);
        rest = &body[end..];
        rest = rest.get(1..).unwrap_or("");
    }
    if out.is_empty() && text.contains("[DhtmlXQ_") {
        out.push(text);
    }
    out
}

/// Undoes the HTML escapes pages use (`&amp; &lt; &gt; &quot; &nbsp;`, numeric references).
fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let semi = tail.find(';').filter(|&j| j <= 10);
        let decoded = semi.and_then(|j| {
            let entity = &tail[1..j];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            }?;
            Some((c, j + 1))
        });
        match decoded {
            Some((c, used)) => {
                out.push(c);
                rest = &tail[used..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A comment's text: `||` is a line break; `\uXXXX` escapes are decoded, as vschess does.
fn comment_text(s: &str) -> String {
    let s = unescape(s).replace("||", "\n");
    if !s.contains("\\u") {
        return s.trim().to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 2..i + 6);
        match hex
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
        {
            Some(c) => {
                out.push(c);
                rest = &rest[i + 6..];
            }
            None => {
                out.push_str("\\u");
                rest = &rest[i + 2..];
            }
        }
    }
    out.push_str(rest);
    out.trim().to_owned()
}

/// Four digits a ply → ICCS moves (record-formats §3.3); whitespace is ignored.
fn moves(field: &str, value: &str) -> Result<Vec<Option<Iccs>>, DhtmlXqError> {
    let digits: Vec<u8> = value.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() % 4 != 0 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(DhtmlXqError::BadMoves {
            field: field.to_owned(),
            value: value.chars().take(40).collect(),
        });
    }
    Ok(digits
        .chunks_exact(4)
        .map(|c| {
            let d = |i: usize| u32::from(c[i] - b'0');
            let from = square(d(0), 9u32.checked_sub(d(1))?)?;
            let to = square(d(2), 9u32.checked_sub(d(3))?)?;
            Some(Iccs { from, to })
        })
        .collect())
}

/// `binit` → the start diagram (record-formats §3.2).
fn diagram(binit: &str) -> Result<Diagram, DhtmlXqError> {
    let digits: Vec<u8> = binit.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() != 64 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(DhtmlXqError::BadInit(binit.chars().take(80).collect()));
    }
    let mut d = Diagram::empty();
    for (slot, pair) in digits.chunks_exact(2).enumerate() {
        let (x, y) = (u32::from(pair[0] - b'0'), u32::from(pair[1] - b'0'));
        if x <= 8 {
            d.put(x, 9 - y, slot_piece(slot));
        }
    }
    Ok(d)
}

fn result(value: &str) -> &'static str {
    let v = value.trim();
    match v {
        "W" | "w" | "1-0" => "1-0",
        "L" | "l" | "0-1" => "0-1",
        "D" | "d" | "1/2-1/2" => "1/2-1/2",
        _ if v.contains('和') => "1/2-1/2",
        _ if v.contains("红") || v.contains("紅") => {
            if v.contains('负') || v.contains('負') {
                "0-1"
            } else {
                "1-0"
            }
        }
        _ if v.contains('黑') => {
            if v.contains('负') || v.contains('負') {
                "1-0"
            } else {
                "0-1"
            }
        }
        _ => "*",
    }
}

/// The PGN tag a header field goes to; `None` for the viewer's bookkeeping.
fn tag_name(field: &str) -> Option<&str> {
    Some(match field {
        "title" => "Title",
        "event" => "Event",
        "date" => "Date",
        "place" => "Site",
        "round" => "Round",
        "table" => "Table",
        "group" => "Group",
        "red" => "Red",
        "redteam" => "RedTeam",
        "redrating" => "RedElo",
        "redtime" => "RedTime",
        "black" => "Black",
        "blackteam" => "BlackTeam",
        "blackrating" => "BlackElo",
        "blacktime" => "BlackTime",
        "timerule" => "TimeControl",
        "remark" => "Annotator",
        "author" => "Author",
        "ver" | "init" | "pver" | "adddate" | "editdate" | "hits" | "sortid" | "refer"
        | "generator" | "gamepreview" | "firstnum" | "length" | "movelist" | "binit" | "fen"
        | "result" | "open" | "redname" | "blackname" => return None,
        other => other,
    })
}

/// Reads every record of a text (an HTML page, a UBB post, a bare list of fields). Each record
/// is a game or the reason it could not be read; one bad record does not stop the others.
pub fn read(text: &str) -> Vec<Result<Game, DhtmlXqError>> {
    let found = records(text);
    if found.is_empty() {
        return vec![Err(DhtmlXqError::NoRecord)];
    }
    found.into_iter().map(read_record).collect()
}

struct Branch {
    /// The node before the branch's first ply.
    anchor: NodeId,
    /// The ply number of its first move.
    first: usize,
    /// Its nodes, one a ply.
    nodes: Vec<NodeId>,
}

impl Branch {
    /// The node before ply `k` on this branch, if the branch reaches it (record-formats §3.4).
    fn before(&self, k: usize) -> Option<NodeId> {
        if k == self.first {
            Some(self.anchor)
        } else {
            k.checked_sub(self.first + 1)
                .and_then(|i| self.nodes.get(i))
                .copied()
        }
    }

    /// The node of ply `k` on this branch.
    fn at(&self, k: usize) -> Option<NodeId> {
        if k == 0 && self.first == 1 {
            return Some(self.anchor);
        }
        k.checked_sub(self.first)
            .and_then(|i| self.nodes.get(i))
            .copied()
    }
}

fn read_record(record: &str) -> Result<Game, DhtmlXqError> {
    let fields = fields(record);
    if fields.is_empty() {
        return Err(DhtmlXqError::NoRecord);
    }
    let mut game = Game::new();
    let get = |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    for &(name, value) in &fields {
        let value = unescape(value).trim().to_owned();
        if value.is_empty() {
            continue;
        }
        if let Some(tag) = tag_name(name)
            && !name.starts_with("move_")
            && !name.starts_with("comment")
            && game.tag(tag).is_none()
        {
            game.set_tag(tag, value);
        }
    }
    // dpxq's own pages keep the names apart from the team-qualified `red` / `black`.
    for (field, tag) in [("redname", "Red"), ("blackname", "Black")] {
        if let Some(v) = get(field).map(unescape).filter(|v| !v.trim().is_empty()) {
            game.set_tag(tag, v.trim());
        }
    }
    if let Some(open) = get("open").map(unescape) {
        let open = open.trim();
        let code_len = open
            .char_indices()
            .take_while(|&(i, c)| {
                (i == 0 && c.is_ascii_uppercase()) || (i > 0 && i < 3 && c.is_ascii_digit())
            })
            .count();
        if code_len == 3 {
            game.set_tag("ECCO", &open[..3]);
            let name = open[3..].trim();
            if !name.is_empty() {
                game.set_tag("Opening", name);
            }
        } else if !open.is_empty() {
            game.set_tag("Opening", open);
        }
    }
    game.set_tag("Result", result(get("result").unwrap_or("")));

    let start = match get("binit").filter(|b| !b.trim().is_empty()) {
        Some(b) => Some(diagram(b)?),
        None => None,
    };

    // The main line (branch 0), then the variations in text order, retried while a later tag
    // defines the branch an earlier one hangs from (record-formats §3.4).
    let main = moves("movelist", get("movelist").unwrap_or(""))?;
    let first_from = main.first().copied().flatten().map(|m| m.from);
    let mut branches: Vec<(usize, Branch)> = vec![(
        0,
        Branch {
            anchor: 0,
            first: 1,
            nodes: Vec::new(),
        },
    )];
    let mut parent = 0;
    for m in main {
        parent = add(&mut game, parent, m);
        branches[0].1.nodes.push(parent);
    }
    let mut pending = Vec::new();
    for &(name, value) in &fields {
        let Some(spec) = name.strip_prefix("move_") else {
            continue;
        };
        let nums: Vec<usize> = spec.split('_').filter_map(|n| n.parse().ok()).collect();
        let &[p, s, b] = nums.as_slice() else {
            game.warnings
                .push(format!("dhtmlxq: bad variation tag {name:?}"));
            continue;
        };
        pending.push((name, p, s, b, moves(name, value)?));
    }
    loop {
        let before = pending.len();
        pending.retain(|(_, p, s, b, line)| {
            let Some(anchor) = branches
                .iter()
                .find(|(id, _)| id == p)
                .and_then(|(_, br)| br.before(*s))
            else {
                return true;
            };
            let mut branch = Branch {
                anchor,
                first: *s,
                nodes: Vec::new(),
            };
            let mut at = anchor;
            for &m in line {
                at = add(&mut game, at, m);
                branch.nodes.push(at);
            }
            branches.push((*b, branch));
            false
        });
        if pending.is_empty() || pending.len() == before {
            break;
        }
    }
    for (name, ..) in pending {
        game.warnings
            .push(format!("dhtmlxq: variation {name} hangs from no move"));
    }

    for &(name, value) in &fields {
        let Some(spec) = name.strip_prefix("comment") else {
            continue;
        };
        let text = comment_text(value);
        if text.is_empty() {
            continue;
        }
        let (branch, ply) = match spec.split_once('_') {
            Some((b, n)) => (b.parse().ok(), n.parse().ok()),
            None => (Some(0), spec.parse().ok()),
        };
        let node = match (branch, ply) {
            (Some(b), Some(k)) => branches
                .iter()
                .find(|(id, _)| *id == b)
                .and_then(|(_, br)| br.at(k)),
            _ => None,
        };
        match node {
            Some(id) => game.nodes[id].comment = Some(text),
            None => game
                .warnings
                .push(format!("dhtmlxq: comment {name} is on no move")),
        }
    }

    if let Some(d) = start {
        let turn = turn_of(&d, first_from, Color::Red);
        game.set_tag("FEN", d.fen(turn));
    }
    Ok(game)
}

fn add(game: &mut Game, parent: NodeId, m: Option<Iccs>) -> NodeId {
    let text = m.is_none().then(|| "dhtmlxq: off the board".to_owned());
    game.add_child(parent, text, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(g: &Game, from: NodeId) -> Vec<String> {
        let mut out = Vec::new();
        let mut at = from;
        while let Some(&c) = g.nodes[at].children.first() {
            out.push(g.nodes[c].iccs.map(|i| i.to_string()).unwrap_or_default());
            at = c;
        }
        out
    }

    #[test]
    fn reads_variations_and_comments() {
        // Main line h2e2 h9g7 h0g2; branch 1 replaces ply 2 (h7e7, b0c2); branch 2 replaces
        // ply 3 of branch 1 (h0g2 instead of b0c2); branch 3 is an alternative first move.
        let text = "[DhtmlXQ]\
            [DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\
            [DhtmlXQ_move_1_3_2]7967[/DhtmlXQ_move_1_3_2]\
            [DhtmlXQ_move_0_2_1]72421927[/DhtmlXQ_move_0_2_1]\
            [DhtmlXQ_move_0_1_3]2625[/DhtmlXQ_move_0_1_3]\
            [DhtmlXQ_comment0]start[/DhtmlXQ_comment0]\
            [DhtmlXQ_comment2]main||two[/DhtmlXQ_comment2]\
            [DhtmlXQ_comment1_3]alt[/DhtmlXQ_comment1_3]\
            [DhtmlXQ_comment9]nowhere[/DhtmlXQ_comment9]\
            [DhtmlXQ_blacktime]5[/DhtmlXQ_time]\
            [DhtmlXQ_result]和棋[/DhtmlXQ_result][/DhtmlXQ]";
        let mut g = read(text).remove(0).unwrap();
        g.resolve().unwrap();
        assert_eq!(line(&g, 0), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.tag("Result"), Some("1/2-1/2"));
        assert_eq!(g.tag("BlackTime"), Some("5"));
        let first = g.nodes[0].children[0];
        let alt_first = g.nodes[0].children[1];
        assert_eq!(g.nodes[alt_first].iccs.unwrap().to_string(), "c3c4");
        assert_eq!(g.nodes[first].children.len(), 2);
        let b1 = g.nodes[first].children[1];
        assert_eq!(g.nodes[b1].iccs.unwrap().to_string(), "h7e7");
        let b1_2 = g.nodes[b1].children[0];
        assert_eq!(g.nodes[b1_2].iccs.unwrap().to_string(), "b0c2");
        assert_eq!(g.nodes[b1_2].comment.as_deref(), Some("alt"));
        assert_eq!(g.nodes[b1].children.len(), 2, "branch 2 replaces b0c2");
        assert_eq!(g.nodes[0].comment.as_deref(), Some("start"));
        assert_eq!(
            g.nodes[g.mainline()[1]].comment.as_deref(),
            Some("main\ntwo")
        );
        assert_eq!(g.warnings.len(), 1, "{:?}", g.warnings);
    }

    #[test]
    fn reads_binit_and_black_first() {
        // Kings and one black rook; Black (the rook on a9, row 0 from the top) moves first.
        let mut slots = ["99"; 32];
        slots[4] = "49"; // red king e0
        slots[16 + 4] = "30"; // black king d9
        slots[16] = "00"; // black rook a9
        let binit: String = slots.concat();
        let text = format!(
            "[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit][DhtmlXQ_movelist]0001[/DhtmlXQ_movelist]"
        );
        let mut g = read(&text).remove(0).unwrap();
        assert_eq!(g.tag("FEN"), Some("r2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"));
        g.resolve().unwrap();
        assert_eq!(g.mainline_iccs()[0].to_string(), "a9a8");
    }

    #[test]
    fn rejects_the_lettered_form_and_bad_binit() {
        assert!(matches!(
            read("[DhtmlXQ_movelist]77X47Y[/DhtmlXQ_movelist]").remove(0),
            Err(DhtmlXqError::BadMoves { .. })
        ));
        assert!(matches!(
            read("[DhtmlXQ_binit]123[/DhtmlXQ_binit]").remove(0),
            Err(DhtmlXqError::BadInit(_))
        ));
        assert_eq!(read("nothing here"), vec![Err(DhtmlXqError::NoRecord)]);
    }

    #[test]
    fn unescapes() {
        assert_eq!(unescape("a&amp;b&lt;&#20320;&nbsp;&bogus"), "a&b<你 &bogus");
        assert_eq!(comment_text("x\\u4f60y"), "x你y");
    }
}
