//! Views of a tournament: standings and crosstables as text, CSV and HTML fragments, and the
//! CSV list of entries. Views are built from the state, never stored.

use std::fmt::Write as _;

use crate::{
    tiebreak::TieBreak,
    tournament::Tournament,
    types::{Color, Outcome, ParseError, Player},
};

/// Header of the entries CSV.
pub const ENTRIES_HEADER: &str = "name,rating,club,federation";

/// Splits one CSV line (RFC 4180 quoting).
fn csv_fields(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

fn csv_quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// Reads entries: a header line naming `name` (required) and any of `rating`, `club`,
/// `federation`, in any order.
///
/// # Errors
/// No `name` column, an empty name or a rating that is not a number.
pub fn read_entries(text: &str) -> Result<Vec<Player>, ParseError> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<String> = lines
        .next()
        .map(csv_fields)
        .unwrap_or_default()
        .into_iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let col = |name: &str| header.iter().position(|h| h == name);
    let name_col = col("name").ok_or_else(|| ParseError::new("entries need a name column"))?;
    let (rating, club, fed) = (col("rating"), col("club"), col("federation"));
    lines
        .enumerate()
        .map(|(k, line)| {
            let f = csv_fields(line);
            let get = |c: Option<usize>| {
                c.and_then(|c| f.get(c))
                    .map(|s| s.trim().to_owned())
                    .filter(|s| !s.is_empty())
            };
            let name = get(Some(name_col))
                .ok_or_else(|| ParseError::new(format!("entry {}: empty name", k + 1)))?;
            let rating =
                match get(rating) {
                    Some(r) => Some(r.parse().map_err(|_| {
                        ParseError::new(format!("entry {}: bad rating {r:?}", k + 1))
                    })?),
                    None => None,
                };
            Ok(Player {
                name,
                rating,
                club: get(club),
                federation: get(fed),
            })
        })
        .collect()
}

/// Writes entries as CSV with [`ENTRIES_HEADER`].
#[must_use]
pub fn write_entries(players: &[Player]) -> String {
    let mut out = format!("{ENTRIES_HEADER}\n");
    for p in players {
        let _ = writeln!(
            out,
            "{},{},{},{}",
            csv_quote(&p.name),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            csv_quote(p.club.as_deref().unwrap_or("")),
            csv_quote(p.federation.as_deref().unwrap_or(""))
        );
    }
    out
}

/// One row of the standings, with every cell as text: rank, start number, name, score, then
/// the tie-breaks in order.
fn standing_rows(t: &Tournament) -> (Vec<String>, Vec<Vec<String>>) {
    let order = t.tie_break_order();
    let mut header = vec![
        "rank".to_owned(),
        "no".into(),
        "name".into(),
        "score".into(),
    ];
    header.extend(order.iter().map(|tb| tb.code().to_owned()));
    let rows = t
        .standings()
        .into_iter()
        .map(|s| {
            let mut row = vec![
                s.rank.to_string(),
                (s.competitor + 1).to_string(),
                t.players()[s.competitor].name.clone(),
                s.score.to_string(),
            ];
            row.extend(s.tie_breaks.iter().map(|v| v.text().to_owned()));
            row
        })
        .collect();
    (header, rows)
}

/// Standings as an aligned text table with Chinese column names under the English ones.
#[must_use]
pub fn standings_text(t: &Tournament) -> String {
    let (header, rows) = standing_rows(t);
    let order = t.tie_break_order();
    let mut zh = vec![
        "名次".to_owned(),
        "编号".into(),
        "姓名".into(),
        "积分".into(),
    ];
    zh.extend(order.iter().map(|tb| TieBreak::chinese(*tb).to_owned()));
    let width = |s: &str| {
        s.chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum::<usize>()
    };
    let all: Vec<&Vec<String>> = [&header, &zh].into_iter().chain(rows.iter()).collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| all.iter().map(|r| width(&r[c])).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in all {
        let mut line = String::new();
        for (c, cell) in r.iter().enumerate() {
            let pad = widths[c] - width(cell);
            if c == 2 {
                let _ = write!(line, "{cell}{}  ", " ".repeat(pad));
            } else {
                let _ = write!(line, "{}{cell}  ", " ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Standings as CSV.
#[must_use]
pub fn standings_csv(t: &Tournament) -> String {
    let (header, rows) = standing_rows(t);
    to_csv(&header, &rows)
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Standings as an HTML `<table>` fragment.
#[must_use]
pub fn standings_html(t: &Tournament) -> String {
    let (header, rows) = standing_rows(t);
    to_html("standings", &header, &rows)
}

/// One crosstable cell: opponent, colour (r/b) and result, e.g. `5b1`; a bye is `U`.
fn cell(opp: Option<u32>, color: Option<Color>, outcome: Outcome) -> String {
    let c = match color {
        Some(Color::Red) => "r",
        Some(Color::Black) => "b",
        None => "",
    };
    let r = match outcome {
        Outcome::Win => "1",
        Outcome::Draw => "=",
        Outcome::Loss => "0",
        Outcome::ForfeitWin => "+",
        Outcome::ForfeitLoss => "-",
        Outcome::Bye => "U",
    };
    match opp {
        Some(o) => format!("{o}{c}{r}"),
        None => r.to_owned(),
    }
}

/// The crosstable's rows: header, then per player in start order its number, name, a cell per
/// round (opponent, colour r/b, result; `+`/`-` for forfeits as CXA 20.3 shows them, `U` a
/// bye, `.` nothing) and the score.
fn crosstable_rows(t: &Tournament) -> (Vec<String>, Vec<Vec<String>>) {
    let results = t.results();
    let rounds = t.rounds().len() as u32;
    let field = t.field();
    let mut header = vec!["no".to_owned(), "name".into()];
    header.extend((1..=rounds).map(|r| format!("R{r}")));
    header.push("score".into());
    let rows = t
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut row = vec![(i + 1).to_string(), p.name.clone()];
            row.extend((1..=rounds).map(|r| {
                results[i].iter().find(|x| x.round == r).map_or_else(
                    || ".".to_owned(),
                    |x| cell(x.opponent.map(|o| o.get()), x.color, x.outcome),
                )
            }));
            row.push(field.competitors[i].score().to_string());
            row
        })
        .collect();
    (header, rows)
}

/// The crosstable (成绩表) as text.
#[must_use]
pub fn crosstable_text(t: &Tournament) -> String {
    let (header, rows) = crosstable_rows(t);
    let width = |s: &str| {
        s.chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum::<usize>()
    };
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            std::iter::once(&header)
                .chain(&rows)
                .map(|r| width(&r[c]))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (c, cell) in r.iter().enumerate() {
            let pad = " ".repeat(widths[c] - width(cell));
            if c == 1 {
                let _ = write!(line, "{cell}{pad}  ");
            } else {
                let _ = write!(line, "{pad}{cell}  ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The crosstable as CSV.
#[must_use]
pub fn crosstable_csv(t: &Tournament) -> String {
    let (header, rows) = crosstable_rows(t);
    to_csv(&header, &rows)
}

/// The crosstable as an HTML `<table>` fragment.
#[must_use]
pub fn crosstable_html(t: &Tournament) -> String {
    let (header, rows) = crosstable_rows(t);
    to_html("crosstable", &header, &rows)
}

fn to_csv(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = header
        .iter()
        .map(|c| csv_quote(c))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for r in rows {
        out.push_str(&r.iter().map(|c| csv_quote(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

fn to_html(class: &str, header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = format!("<table class=\"{class}\">\n<thead><tr>");
    for h in header {
        let _ = write!(out, "<th>{}</th>", html_escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in rows {
        out.push_str("<tr>");
        for c in r {
            let _ = write!(out, "<td>{}</td>", html_escape(c));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        scoring::ScoringScheme,
        tournament::{Event, Format},
        types::{Book, GameResult},
    };

    fn small() -> Tournament {
        let mut events = vec![Event::Created {
            name: "t".into(),
            rules: Book::Cxa2011,
            format: Format::RoundRobin { cycles: 1 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        for n in ["张三", "李四", "O'Brien, Jr"] {
            events.push(Event::Registered {
                player: Player::named(n),
            });
        }
        let mut t = Tournament::from_events(events).unwrap();
        let e = t.pair_next_round().unwrap();
        t.apply(e).unwrap();
        t.apply(Event::ResultRecorded {
            round: 1,
            board: 1,
            result: GameResult::RedWinsByForfeit,
        })
        .unwrap();
        t
    }

    #[test]
    fn entries_round_trip_with_quotes() {
        let t = small();
        let csv = write_entries(t.players());
        assert!(csv.contains("\"O'Brien, Jr\""));
        assert_eq!(read_entries(&csv).unwrap(), t.players());
        let e = read_entries("name,rating\nA,x\n");
        assert!(e.is_err());
        assert!(read_entries("rating\n1\n").is_err());
        let p = read_entries("Rating,Name\n2100,A\n,B\n").unwrap();
        assert_eq!((p[0].rating, p[1].rating), (Some(2100), None));
    }

    #[test]
    fn views_show_forfeits_and_escape() {
        let t = small();
        // Round 1 of 3 players: 2 plays 3 (1 has the bye); 2 wins by forfeit.
        let x = crosstable_text(&t);
        assert!(x.contains("3r+"), "{x}");
        assert!(x.contains("2b-"), "{x}");
        let csv = standings_csv(&t);
        assert!(csv.starts_with("rank,no,name,score,SANC,SB"), "{csv}");
        assert!(
            csv.lines().nth(1).unwrap().starts_with("1,2,李四,2"),
            "{csv}"
        );
        let html = standings_html(&t);
        assert!(html.contains("<td>李四</td>"));
        assert!(crosstable_csv(&t).starts_with("no,name,R1,score\n1,张三,.,0\n"));
        assert!(crosstable_html(&t).contains("<td>3r+</td>"));
        let text = standings_text(&t);
        assert!(text.contains("小分"));
        assert_eq!(html_escape("<a&\"b\">"), "&lt;a&amp;&quot;b&quot;&gt;");
    }
}
