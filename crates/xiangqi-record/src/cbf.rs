//! CBF, the XML records of CCBridge (象棋桥): `<ChineseChessRecord Version="1.0">` with a
//! `<Head>` of text fields (one of them a full `<FEN>`) and a `<MoveList>` of
//! `<Move value="xy-xy">` elements in main-line order, DhtmlXQ coordinates (rows counted from
//! the top), each with an optional CDATA comment; the first element, `00-00`, carries the
//! comment on the start position (`shared/rules/record-formats.md` §2.5).
//!
//! The samples hold no variations and how CBF would write them is unknown, so only the main
//! line is read. The reader is a small scanner for this one shape of XML, not a general parser.

use xiangqi::iccs::Iccs;

use crate::{diagram::square, game::Game};

/// Why text is not a CBF record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CbfError {
    /// No `<ChineseChessRecord` element.
    #[error("not a cbf record: no <ChineseChessRecord> element")]
    NotCbf,
    /// A `<Move value=…>` that is not `xy-xy`.
    #[error("bad cbf move {0:?} (expected xy-xy)")]
    BadMove(String),
}

/// The `<Head>` element names and the tags they go to.
const HEAD: [(&str, &str); 27] = [
    ("Name", "Title"),
    ("URL", "URL"),
    ("From", "Source"),
    ("ContestType", "EventClass"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Group", "Group"),
    ("Table", "Table"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("TimeRule", "TimeControl"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("RedTime", "RedTime"),
    ("RedRating", "RedElo"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("BlackTime", "BlackTime"),
    ("BlackRating", "BlackElo"),
    ("Referee", "Referee"),
    ("Recorder", "Recorder"),
    ("Commentator", "Annotator"),
    ("Creator", "Creator"),
    ("DateCreated", "DateCreated"),
    ("DateModified", "DateModified"),
    ("ECCO", "ECCO"),
    ("FEN", "FEN"),
];

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The text of the first `<name>…</name>` in `xml` (CDATA or escaped text); empty for
/// `<name />`; `None` if absent.
fn element(xml: &str, name: &str) -> Option<String> {
    let open = format!("<{name}");
    let mut from = 0;
    loop {
        let i = xml[from..].find(&open)? + from;
        let after = &xml[i + open.len()..];
        // `<Red` must not match `<RedTeam`.
        if !after.starts_with(['>', ' ', '/', '\t', '\r', '\n']) {
            from = i + open.len();
            continue;
        }
        let end_tag = after.find('>')?;
        if after[..end_tag].ends_with('/') {
            return Some(String::new());
        }
        let body = &after[end_tag + 1..];
        let close = body.find(&format!("</{name}>")).unwrap_or(body.len());
        return Some(content(&body[..close]));
    }
}

/// Element content: CDATA sections verbatim, other text unescaped.
fn content(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some(i) = rest.find("<![CDATA[") {
        out.push_str(&unescape(&rest[..i]));
        let data = &rest[i + 9..];
        let end = data.find("]]>").unwrap_or(data.len());
        out.push_str(&data[..end]);
        rest = data.get(end + 3..).unwrap_or("");
    }
    out.push_str(&unescape(rest));
    out.trim().replace("\r\n", "\n")
}

/// The value of attribute `name` in a start tag's text.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}=\"");
    let mut from = 0;
    loop {
        let i = tag[from..].find(&key)? + from;
        if i > 0 && !tag[..i].ends_with(char::is_whitespace) {
            from = i + key.len();
            continue;
        }
        let v = &tag[i + key.len()..];
        return Some(&v[..v.find('"')?]);
    }
}

/// `"77-47"` → h2e2 (record-formats §0: x = file, y = row from the top).
fn coords(value: &str) -> Option<Iccs> {
    let b = value.trim().as_bytes();
    if b.len() != 5 || b[2] != b'-' || ![0, 1, 3, 4].iter().all(|&i| b[i].is_ascii_digit()) {
        return None;
    }
    let d = |i: usize| u32::from(b[i] - b'0');
    Some(Iccs {
        from: square(d(0), 9u32.checked_sub(d(1))?)?,
        to: square(d(3), 9u32.checked_sub(d(4))?)?,
    })
}

/// Reads a CBF record.
///
/// # Errors
/// [`CbfError`] if the text is not CBF or a move is not `xy-xy`.
pub fn read(text: &str) -> Result<Game, CbfError> {
    let start = text.find("<ChineseChessRecord").ok_or(CbfError::NotCbf)?;
    let xml = &text[start..];
    let mut game = Game::new();
    let head_end = xml.find("</Head>").unwrap_or(xml.len());
    let head = &xml[..head_end];
    for (name, tag) in HEAD {
        if let Some(v) = element(head, name).filter(|v| !v.is_empty()) {
            game.set_tag(tag, v);
        }
    }
    let result = match element(head, "RecordResult").as_deref().map(str::trim) {
        Some("1") => "1-0",
        Some("2") => "0-1",
        Some("3") => "1/2-1/2",
        _ => "*",
    };
    game.set_tag("Result", result);

    let list = xml.find("<MoveList").map_or("", |i| {
        let body = &xml[i..];
        &body[..body.find("</MoveList>").unwrap_or(body.len())]
    });
    let mut parent = 0;
    let mut rest = list;
    let mut first = true;
    while let Some(i) = rest.find("<Move ") {
        let tag_text = &rest[i..];
        let Some(tag_end) = tag_text.find('>') else {
            break;
        };
        let tag = &tag_text[..tag_end];
        let body_start = tag_end + 1;
        let (comment, next) = if tag.ends_with('/') {
            (String::new(), body_start)
        } else {
            let close = tag_text[body_start..]
                .find("</Move>")
                .map_or(tag_text.len(), |c| body_start + c);
            (
                content(&tag_text[body_start..close]),
                (close + 7).min(tag_text.len()),
            )
        };
        let value = attribute(tag, "value").unwrap_or("");
        let comment = (!comment.is_empty()).then_some(comment);
        if std::mem::take(&mut first) && value.trim() == "00-00" {
            game.nodes[0].comment = comment;
        } else {
            let m = coords(value).ok_or_else(|| CbfError::BadMove(value.to_owned()))?;
            parent = game.add_child(parent, None, Some(m));
            game.nodes[parent].comment = comment;
        }
        rest = &tag_text[next..];
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_record() {
        let text = "\u{feff}<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n  \
            <Name>甲 &amp; 乙</Name>\n  <Red />\n  <RedTeam>队</RedTeam>\n  <Red2>x</Red2>\n  \
            <RecordResult>3</RecordResult>\n  \
            <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n </Head>\n \
            <MoveList>\n  <Move value=\"00-00\"><![CDATA[开局]]></Move>\n  <Move value=\"77-47\" />\n  \
            <Move value=\"70-62\"><![CDATA[a <b> c]]></Move>\n  <Move value=\"79-67\" end=\"1\" />\n \
            </MoveList>\n</ChineseChessRecord>";
        let mut g = read(text).unwrap();
        assert_eq!(g.tag("Title"), Some("甲 & 乙"));
        assert_eq!(g.tag("Red"), None);
        assert_eq!(g.tag("RedTeam"), Some("队"));
        assert_eq!(g.tag("Result"), Some("1/2-1/2"));
        g.resolve().unwrap();
        let line: Vec<String> = g.mainline_iccs().iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.nodes[0].comment.as_deref(), Some("开局"));
        assert_eq!(g.nodes[2].comment.as_deref(), Some("a <b> c"));
    }

    #[test]
    fn a_closer_before_the_list_is_no_panic() {
        // Found by the record_cbf fuzz target.
        let g = read("<ChineseChessRecord></MoveList><MoveList><Move value=\"77-47\" />").unwrap();
        assert_eq!(g.move_count(), 1);
    }

    #[test]
    fn rejects() {
        assert_eq!(read("<x/>"), Err(CbfError::NotCbf));
        assert!(matches!(
            read("<ChineseChessRecord><MoveList><Move value=\"7a-47\" /></MoveList>"),
            Err(CbfError::BadMove(_))
        ));
    }
}
