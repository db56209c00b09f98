//! A position as a printed board diagram (棋图) in SVG: the drawing of the web board
//! (`web/board.js`), self-contained, for printing a ruling or a record's position.
//!
//! Drawn to the books' proportions: a square is 3.5 units and a piece 2.6 across (WXF 2018
//! art. 1.3; CXA 2011 arts. 1.4–1.6), so with a square of 35 SVG units a piece's radius is 13.
//! Red sits at the bottom (红方在下, as diagrams are printed); each side's file numbers are on
//! its own edge, Red's 九…一 and Black's 1…9, as the move notations count them (WXF 2018 art.
//! 7.1).
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi_record::svg::{self, Options};
//!
//! let svg = svg::board(Position::new().board(), &Options::default());
//! assert!(svg.starts_with("<svg") && svg.contains("帅"));
//! ```

use std::fmt::Write;

use xiangqi::{Board, Color, Square};

/// One square, in SVG units.
const SQ: f64 = 35.0;
/// A piece's radius: 2.6 / 3.5 of a square across.
const R: f64 = 13.0;
/// The margin that holds the file numbers.
const M: f64 = 32.0;
/// The board's width.
pub const WIDTH: f64 = 2.0 * M + 8.0 * SQ;
/// The board's height, without a caption.
pub const HEIGHT: f64 = 2.0 * M + 9.0 * SQ;
/// The height a caption line adds.
const CAPTION_LINE: f64 = 18.0;

const RED: &str = "#c0261b";
const BLACK: &str = "#1d1d1d";
const LINE: &str = "#5b3a1a";
const BOARD: &str = "#f3d9a4";
const LAST: &str = "#3a7bd5";
const ARROW: &str = "#2e8b57";
const FONT: &str = "'KaiTi','STKaiti','Kaiti SC','AR PL UKai CN','Noto Serif CJK SC',\
                    'Noto Serif SC','Noto Sans CJK SC','Source Han Serif SC',serif";
const NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// What a diagram shows besides the pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The last move, from and to: both points are shaded.
    pub last_move: Option<(Square, Square)>,
    /// Arrows from a point to a point (a threat, a chase, the move to come).
    pub arrows: Vec<(Square, Square)>,
    /// Text under the board (a ruling's explanation); one line per `\n`.
    pub caption: Option<String>,
}

/// Where a point is drawn, Red at the bottom.
fn point(sq: Square) -> (f64, f64) {
    let file = f64::from(sq.file() as u8);
    let rank = f64::from(sq.rank() as u8);
    (M + file * SQ, M + (9.0 - rank) * SQ)
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn line(s: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), width: f64) {
    let _ = write!(
        s,
        r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{LINE}" stroke-width="{width}" stroke-linecap="square"/>"#
    );
}

/// The corner marks of the cannon and pawn points (炮位, 兵位).
fn marks(s: &mut String, (x, y): (f64, f64)) {
    let (d, l) = (3.0, 6.0);
    for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let (cx, cy) = (x + sx * d, y + sy * d);
        if !(M..=M + 8.0 * SQ).contains(&cx) {
            continue;
        }
        let _ = write!(
            s,
            r#"<polyline points="{},{cy} {cx},{cy} {cx},{}" fill="none" stroke="{LINE}" stroke-width="0.9"/>"#,
            cx + sx * l,
            cy + sy * l
        );
    }
}

fn grid(s: &mut String) {
    let _ = write!(
        s,
        r#"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="6" fill="{BOARD}"/><rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{LINE}" stroke-width="2.4"/>"#,
        M - 6.0,
        M - 6.0,
        8.0 * SQ + 12.0,
        9.0 * SQ + 12.0
    );
    for r in 0..=9 {
        let y = M + f64::from(r) * SQ;
        let w = if r == 0 || r == 9 { 1.4 } else { 1.0 };
        line(s, (M, y), (M + 8.0 * SQ, y), w);
    }
    for f in 0..=8 {
        let x = M + f64::from(f) * SQ;
        if f == 0 || f == 8 {
            line(s, (x, M), (x, M + 9.0 * SQ), 1.4);
        } else {
            // The river (楚河汉界) cuts the inner files.
            line(s, (x, M), (x, M + 4.0 * SQ), 1.0);
            line(s, (x, M + 5.0 * SQ), (x, M + 9.0 * SQ), 1.0);
        }
    }
    // The palaces (九宫).
    for top in [M, M + 7.0 * SQ] {
        line(s, (M + 3.0 * SQ, top), (M + 5.0 * SQ, top + 2.0 * SQ), 1.0);
        line(s, (M + 5.0 * SQ, top), (M + 3.0 * SQ, top + 2.0 * SQ), 1.0);
    }
    for name in [
        "b2", "h2", "b7", "h7", "a3", "c3", "e3", "g3", "i3", "a6", "c6", "e6", "g6", "i6",
    ] {
        if let Ok(sq) = name.parse::<Square>() {
            marks(s, point(sq));
        }
    }
    let ry = M + 4.5 * SQ;
    for (x, ch) in [(1.5, "楚"), (2.5, "河"), (5.5, "汉"), (6.5, "界")] {
        let _ = write!(
            s,
            r#"<text x="{}" y="{ry}" font-size="20" font-family="{FONT}" fill="{LINE}" text-anchor="middle" dominant-baseline="central">{ch}</text>"#,
            M + x * SQ
        );
    }
    // File numbers: Red's 九…一 along Red's edge, Black's 1…9 along Black's (WXF 2018 art. 7.1).
    for f in 0..9u8 {
        let x = M + f64::from(f) * SQ;
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}" font-size="11" fill="{LINE}" text-anchor="middle" dominant-baseline="central" font-family="{FONT}" class="xq-coord">{}</text>"#,
            HEIGHT - M / 2.0 + 2.0,
            NUMERALS[usize::from(8 - f)]
        );
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}" font-size="11" fill="{LINE}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" class="xq-coord">{}</text>"#,
            M / 2.0 - 2.0,
            f + 1
        );
    }
}

/// An arrow from the centre of one point towards another, stopping short of the piece there.
fn arrow(s: &mut String, from: Square, to: Square) {
    let ((x1, y1), (x2, y2)) = (point(from), point(to));
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = dx.hypot(dy);
    if len == 0.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (tx, ty) = (x2 - ux * (R - 2.0), y2 - uy * (R - 2.0));
    let (hx, hy) = (tx - ux * 9.0, ty - uy * 9.0);
    let (px, py) = (-uy * 5.0, ux * 5.0);
    let _ = write!(
        s,
        r#"<g class="xq-arrow" data-from="{from}" data-to="{to}" opacity="0.8"><line x1="{x1}" y1="{y1}" x2="{hx:.1}" y2="{hy:.1}" stroke="{ARROW}" stroke-width="4" stroke-linecap="round"/><polygon points="{tx:.1},{ty:.1} {:.1},{:.1} {:.1},{:.1}" fill="{ARROW}"/></g>"#,
        hx + px,
        hy + py,
        hx - px,
        hy - py
    );
}

/// The width of a character in ems: CJK characters a full em, others about half.
fn em(c: char) -> f64 {
    if c.len_utf8() >= 3 { 1.0 } else { 0.55 }
}

/// Splits a caption line into lines at most `width` ems wide, at a space where one is near
/// (English), else between any two characters (Chinese).
fn wrap(line: &str, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut used = 0.0;
    for c in line.chars() {
        if used + em(c) > width && !current.is_empty() {
            let split = current.rfind(' ').filter(|&at| at > 0 && c.len_utf8() == 1);
            match split {
                Some(at) => {
                    let rest = current.split_off(at + 1);
                    lines.push(current.trim_end().to_owned());
                    current = rest;
                }
                None => lines.push(std::mem::take(&mut current)),
            }
            used = current.chars().map(em).sum();
            if c == ' ' && current.is_empty() {
                continue;
            }
        }
        current.push(c);
        used += em(c);
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

/// The board as a self-contained SVG document.
pub fn board(board: &Board, options: &Options) -> String {
    // Caption lines wrap to the board's width (font size 12, a margin of 8 on each side).
    let captions: Vec<String> = options
        .caption
        .as_deref()
        .map(|c| {
            c.lines()
                .flat_map(|l| wrap(l, (WIDTH - 16.0) / 12.0))
                .collect()
        })
        .unwrap_or_default();
    let caption_height = if captions.is_empty() {
        0.0
    } else {
        CAPTION_LINE * captions.len() as f64 + 8.0
    };
    let height = HEIGHT + caption_height;
    let mut s = String::with_capacity(16 * 1024);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="xq-board" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" role="img" aria-label="xiangqi board">"#
    );
    if caption_height > 0.0 {
        let _ = write!(
            s,
            r##"<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>"##
        );
    }
    s.push_str(r#"<g class="xq-grid">"#);
    grid(&mut s);
    s.push_str(r#"</g><g class="xq-under">"#);
    if let Some((from, to)) = options.last_move {
        for sq in [from, to] {
            let (x, y) = point(sq);
            let _ = write!(
                s,
                r#"<rect class="xq-last" data-square="{sq}" x="{}" y="{}" width="{}" height="{}" rx="4" fill="{LAST}" fill-opacity="0.28"/>"#,
                x - SQ / 2.0 + 2.0,
                y - SQ / 2.0 + 2.0,
                SQ - 4.0,
                SQ - 4.0
            );
        }
    }
    s.push_str(r#"</g><g class="xq-pieces">"#);
    let mut pieces: Vec<_> = board.pieces().collect();
    pieces.sort_by_key(|&(sq, _)| sq);
    for (sq, piece) in pieces {
        let (x, y) = point(sq);
        let (class, ink) = match piece.color {
            Color::Red => ("red", RED),
            Color::Black => ("black", BLACK),
        };
        let _ = write!(
            s,
            r##"<g class="xq-piece {class}" data-piece="{}" data-square="{sq}" transform="translate({x} {y})"><circle r="{R}" fill="#fbefd5" stroke="{ink}" stroke-width="1.4"/><circle r="{}" fill="none" stroke="{ink}" stroke-width="0.7"/><text y="0.5" font-size="15" font-weight="600" font-family="{FONT}" fill="{ink}" text-anchor="middle" dominant-baseline="central">{}</text></g>"##,
            piece.fen_char(),
            R - 2.2,
            piece.chinese()
        );
    }
    s.push_str(r#"</g><g class="xq-over">"#);
    for &(from, to) in &options.arrows {
        arrow(&mut s, from, to);
    }
    s.push_str("</g>");
    for (i, text) in captions.iter().enumerate() {
        let _ = write!(
            s,
            r#"<text class="xq-caption" x="{}" y="{}" font-size="12" font-family="{FONT}" fill="{BLACK}" text-anchor="middle">{}</text>"#,
            WIDTH / 2.0,
            HEIGHT + CAPTION_LINE * (i as f64 + 1.0),
            escape(text)
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use xiangqi::Position;

    use super::*;

    #[test]
    fn red_is_at_the_bottom_and_both_file_numbers_are_drawn() {
        let svg = board(Position::new().board(), &Options::default());
        // Red's general on e0 sits on the bottom line, Black's on the top one.
        let y_of = |sq: &str| {
            let at = svg.find(&format!(r#"data-square="{sq}""#)).expect(sq);
            let tail = &svg[at..];
            let t = tail.find("translate(").expect("transform") + "translate(".len();
            let end = tail[t..].find(')').expect(")");
            let (_, y) = tail[t..t + end].split_once(' ').expect("x y");
            y.parse::<f64>().expect("number")
        };
        assert_eq!(y_of("e0"), M + 9.0 * SQ);
        assert_eq!(y_of("e9"), M);
        assert!(svg.contains(">帅</text>") && svg.contains(">将</text>"));
        for n in NUMERALS {
            assert!(svg.contains(&format!(">{n}</text>")), "{n}");
        }
        for n in 1..=9 {
            assert!(
                svg.contains(&format!(r#"class="xq-coord">{n}</text>"#)),
                "{n}"
            );
        }
        assert_eq!(svg.matches("class=\"xq-piece ").count(), 32);
    }

    #[test]
    fn long_captions_wrap_to_the_board() {
        let width = (WIDTH - 16.0) / 12.0;
        let zh =
            "红方长捉黑方无根车，黑方闲着，红方须变着，否则判负（中国象棋协会 2011 第 24.3 条）";
        let en = "Red chases an unprotected rook all along while Black idles: Red must change or lose (CXA 2011 art. 24.3)";
        for text in [zh, en] {
            let lines = wrap(text, width);
            assert!(lines.len() >= 2, "{lines:?}");
            for l in &lines {
                assert!(l.chars().map(em).sum::<f64>() <= width, "{l}");
            }
            let joined: String = lines.concat();
            assert_eq!(joined.replace(' ', ""), text.replace(' ', ""));
        }
        // English breaks between words.
        assert!(
            wrap(en, width)
                .iter()
                .all(|l| !l.starts_with(' ') && !l.ends_with(' '))
        );
        assert_eq!(wrap("", width), [""]);
    }

    #[test]
    fn last_move_arrows_and_caption() {
        let options = Options {
            last_move: Some((Square::H2, Square::E2)),
            arrows: vec![(Square::E2, Square::E6)],
            caption: Some("长将 <R>\n第二行".to_owned()),
        };
        let svg = board(Position::new().board(), &options);
        assert_eq!(svg.matches("class=\"xq-last\"").count(), 2);
        assert!(svg.contains(r#"data-from="e2" data-to="e6""#));
        assert!(svg.contains("长将 &lt;R&gt;") && svg.contains("第二行"));
        assert!(svg.contains(&format!(
            r#"height="{}""#,
            HEIGHT + 2.0 * CAPTION_LINE + 8.0
        )));
    }
}
