//! FIDE TRF(x) input, read as bbpPairings reads it (C.04.A; bbpPairings' `XX` extensions).
//!
//! Recognised lines: `001` player lines (pairing number in columns 5–8, rating 49–52, points
//! 81–84, then one 10-column block per round from column 92: opponent, colour, result), `XXR`/`142`
//! total rounds, `XXC` (`white1`, `black1`, `rank`), `XXP` forbidden pairs, `BBW BBD BBL BBZ BBF
//! BBU` point values. Other lines are ignored; acceleration lines (`XXA`, `250`, Baku types) are
//! refused as unsupported. Lines may end in CR, LF or both.
//!
//! The last column may hold pre-assigned byes (`H`, `F`, `Z`) for the round to be paired; a round
//! counts as played once someone was paired in it (or everyone has an entry for it).

use thiserror::Error;

use super::{Absence, Color, GameResult, PointSystem, RoundEntry, SwissInput, SwissPlayer};

/// A TRF file that cannot be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TrfError {
    /// A malformed line (1-based line number).
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The file as a whole is inconsistent.
    #[error("{0}")]
    File(String),
}

fn line_err(line: usize, message: impl Into<String>) -> TrfError {
    TrfError::Line {
        line,
        message: message.into(),
    }
}

/// One raw round block before the round count is known.
#[derive(Clone, Copy, Debug)]
struct Raw {
    entry: RoundEntry,
    participated: bool,
}

fn parse_points(s: &str) -> Option<u32> {
    let s = s.trim();
    if s.is_empty() {
        return Some(0);
    }
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, f),
        None => (s, ""),
    };
    if frac.len() > 1 || !int.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let i: u32 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let f: u32 = if frac.is_empty() {
        0
    } else {
        frac.parse().ok()?
    };
    i.checked_mul(10)?.checked_add(f)
}

fn col(chars: &[char], a: usize, b: usize) -> String {
    chars[a.min(chars.len())..b.min(chars.len())]
        .iter()
        .collect()
}

fn parse_round(chars: &[char], s: usize, own: u32, ln: usize) -> Result<Option<Raw>, TrfError> {
    let opp_s = col(chars, s, s + 4);
    let color_c = chars.get(s + 5).copied().unwrap_or(' ');
    let res_c = chars
        .get(s + 7)
        .copied()
        .unwrap_or(' ')
        .to_ascii_uppercase();
    let opponent = match opp_s.trim() {
        "" | "0000" | "0" => None,
        t => {
            let v: u32 = t
                .parse()
                .map_err(|_| line_err(ln, format!("bad opponent {t:?}")))?;
            if v == 0 {
                None
            } else if v == own {
                return Err(line_err(ln, "a player cannot meet themselves"));
            } else {
                Some(v)
            }
        }
    };
    let color = match color_c {
        'w' | 'W' => Some(Color::Red),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        c => return Err(line_err(ln, format!("bad colour {c:?}"))),
    };
    if opp_s.trim().is_empty() && color_c == ' ' && res_c == ' ' {
        return Ok(None);
    }
    let raw = match opponent {
        None => {
            if color.is_some() {
                return Err(line_err(ln, "a bye cannot have a colour"));
            }
            match res_c {
                'U' | '+' => Raw {
                    entry: RoundEntry::PairingBye,
                    participated: true,
                },
                'H' | '=' | 'D' => Raw {
                    entry: RoundEntry::Absent(Absence::HalfPointBye),
                    participated: false,
                },
                'F' => Raw {
                    entry: RoundEntry::Absent(Absence::FullPointBye),
                    participated: false,
                },
                'Z' | '-' | ' ' => Raw {
                    entry: RoundEntry::Absent(Absence::ZeroPointBye),
                    participated: false,
                },
                c => return Err(line_err(ln, format!("result {c:?} needs an opponent"))),
            }
        }
        Some(opponent) => {
            let (result, forfeit) = match res_c {
                '+' => (GameResult::Win, true),
                '-' => (GameResult::Loss, true),
                '1' | 'W' => (GameResult::Win, false),
                '=' | 'D' => (GameResult::Draw, false),
                '0' | 'L' => (GameResult::Loss, false),
                c => return Err(line_err(ln, format!("bad result {c:?} for a game"))),
            };
            if !forfeit && color_c == ' ' {
                return Err(line_err(ln, "a played game needs a colour"));
            }
            let played = !forfeit && color.is_some();
            Raw {
                entry: RoundEntry::Game {
                    opponent,
                    color,
                    result,
                    played,
                },
                participated: true,
            }
        }
    };
    Ok(Some(raw))
}

/// Reads a TRF file into a [`SwissInput`] for the round after the last one paired.
///
/// # Errors
/// [`TrfError`] naming the line for malformed lines; [`TrfError::File`] for a missing `XXR`, a
/// missing pairing number, inconsistent opponents or scores.
pub fn parse(text: &str) -> Result<SwissInput, TrfError> {
    let mut points = PointSystem::default();
    let mut pab_set = false;
    let mut total_rounds: Option<u32> = None;
    let mut initial_color = None;
    let mut use_rank = false;
    let mut forbidden = Vec::new();
    // (number, rating, score, raw rounds, file order)
    let mut rows: Vec<(u32, u32, u32, Vec<Option<Raw>>)> = Vec::new();
    for (i, line) in text.split(['\r', '\n']).enumerate() {
        let ln = i + 1;
        let chars: Vec<char> = line.chars().collect();
        let prefix = col(&chars, 0, 3);
        let rest = col(&chars, 3, chars.len());
        match prefix.as_str() {
            "001" => {
                if chars.len() < 84 {
                    return Err(line_err(ln, "player line shorter than 84 characters"));
                }
                let number: u32 = col(&chars, 4, 8)
                    .trim()
                    .parse()
                    .map_err(|_| line_err(ln, "bad pairing number"))?;
                if number == 0 {
                    return Err(line_err(ln, "pairing number 0"));
                }
                let rating_s = col(&chars, 48, 52);
                let rating: u32 = if rating_s.trim().is_empty() {
                    0
                } else {
                    rating_s
                        .trim()
                        .parse()
                        .map_err(|_| line_err(ln, "bad rating"))?
                };
                let score =
                    parse_points(&col(&chars, 80, 84)).ok_or_else(|| line_err(ln, "bad points"))?;
                let mut rounds = Vec::new();
                let mut s = 91;
                while s + 8 <= chars.len() {
                    rounds.push(parse_round(&chars, s, number, ln)?);
                    s += 10;
                }
                if col(&chars, s, chars.len()).trim() != "" {
                    return Err(line_err(ln, "trailing characters after the last round"));
                }
                while rounds.last().is_some_and(Option::is_none) {
                    rounds.pop();
                }
                if rows.iter().any(|r| r.0 == number) {
                    return Err(line_err(ln, format!("pairing number {number} repeated")));
                }
                rows.push((number, rating, score, rounds));
            }
            "XXR" | "142" => {
                let v: u32 = rest
                    .trim()
                    .parse()
                    .map_err(|_| line_err(ln, "bad round count"))?;
                if v == 0 {
                    return Err(line_err(ln, "round count 0"));
                }
                total_rounds = Some(v);
            }
            "XXC" => {
                for tok in rest.split_whitespace() {
                    match tok {
                        "white1" => initial_color = Some(Color::Red),
                        "black1" => initial_color = Some(Color::Black),
                        "rank" => use_rank = true,
                        _ => {}
                    }
                }
            }
            "XXP" => {
                let group: Result<Vec<u32>, _> =
                    rest.split_whitespace().map(str::parse::<u32>).collect();
                forbidden.push(group.map_err(|_| line_err(ln, "bad forbidden pair"))?);
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let v = parse_points(&col(&chars, 4, 12))
                    .ok_or_else(|| line_err(ln, "bad point value"))?;
                match prefix.as_str() {
                    "BBW" => {
                        points.win = v;
                        if !pab_set {
                            points.pairing_bye = v;
                        }
                    }
                    "BBD" => points.draw = v,
                    "BBL" => points.loss = v,
                    "BBZ" => points.zero_bye = v,
                    "BBF" => points.forfeit_loss = v,
                    _ => {
                        points.pairing_bye = v;
                        pab_set = true;
                    }
                }
            }
            "XXA" | "250" => {
                return Err(line_err(ln, "accelerated pairings are not supported"));
            }
            "192" if rest.contains("BAKU") => {
                return Err(line_err(ln, "Baku acceleration is not supported"));
            }
            "013" | "310" => return Err(line_err(ln, "team tournaments are not supported")),
            _ => {}
        }
    }
    let total_rounds = total_rounds.ok_or_else(|| {
        TrfError::File("the total number of rounds must be given (XXR line)".into())
    })?;
    if !use_rank {
        rows.sort_by_key(|r| r.0);
        if let Some(pos) = rows
            .iter()
            .enumerate()
            .position(|(i, r)| r.0 as usize != i + 1)
        {
            return Err(TrfError::File(format!(
                "pairing number {} is missing",
                pos + 1
            )));
        }
    }
    // A round counts as played once a player was paired in it (or had a game entry before it).
    let mut played: usize = 0;
    for r in &rows {
        for (k, raw) in r.3.iter().enumerate() {
            if let Some(raw) = raw {
                played = played.max(if raw.participated { k + 1 } else { k });
            }
        }
    }
    if !rows.is_empty() && rows.iter().all(|r| r.3.len() > played) {
        played += 1;
    }
    if played >= total_rounds as usize {
        return Err(TrfError::File(format!(
            "{played} rounds already played of {total_rounds}: no round left to pair"
        )));
    }
    let mut players = Vec::with_capacity(rows.len());
    for (number, rating, score, rounds) in rows {
        if rounds.len() > played + 1 {
            return Err(TrfError::File(format!(
                "player {number} has entries beyond the round to be paired"
            )));
        }
        let entry = |k: usize| {
            rounds
                .get(k)
                .copied()
                .flatten()
                .map_or(RoundEntry::Absent(Absence::ZeroPointBye), |r| r.entry)
        };
        let history: Vec<RoundEntry> = (0..played).map(entry).collect();
        let next_round = match rounds.get(played).copied().flatten() {
            None => None,
            Some(Raw {
                entry: RoundEntry::Absent(a),
                ..
            }) => Some(a),
            Some(_) => {
                return Err(TrfError::File(format!(
                    "player {number} is already paired in round {}",
                    played + 1
                )));
            }
        };
        let computed: u32 = history.iter().map(|e| points.points(e)).sum();
        let next_points = next_round.map_or(0, |a| points.points(&RoundEntry::Absent(a)));
        if score != computed && score != computed + next_points {
            return Err(TrfError::File(format!(
                "the score of player {number} does not match the results"
            )));
        }
        players.push(SwissPlayer {
            number,
            rating,
            history,
            next_round,
        });
    }
    let input = SwissInput {
        players,
        played_rounds: played as u32,
        total_rounds,
        points,
        initial_color,
        forbidden,
        seed: 0,
    };
    check_consistency(&input)?;
    Ok(input)
}

/// Every game must be recorded the same way by both opponents.
fn check_consistency(input: &SwissInput) -> Result<(), TrfError> {
    let by_number: std::collections::HashMap<u32, &SwissPlayer> =
        input.players.iter().map(|p| (p.number, p)).collect();
    for p in &input.players {
        for (k, e) in p.history.iter().enumerate() {
            if let RoundEntry::Game {
                opponent,
                color,
                played,
                ..
            } = *e
            {
                let bad = || {
                    TrfError::File(format!(
                        "round {} of player {} contradicts the opponent's entry",
                        k + 1,
                        p.number
                    ))
                };
                let o = by_number.get(&opponent).ok_or_else(bad)?;
                match o.history.get(k) {
                    Some(RoundEntry::Game {
                        opponent: back,
                        color: oc,
                        played: op,
                        ..
                    }) if *back == p.number
                        && (!played || (*op && color.is_some() && *oc != color)) => {}
                    _ => return Err(bad()),
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::swiss::testdata;

    #[test]
    fn reads_golden_c5() {
        let input = parse(&testdata::read("bbp_golden/dutch_2025_C5.input")).unwrap();
        assert_eq!(input.players.len(), 6);
        assert_eq!(input.played_rounds, 2);
        assert_eq!(input.total_rounds, 3);
        assert_eq!(input.players[3].next_round, Some(Absence::ZeroPointBye));
        assert_eq!(
            input.players[0].history[0],
            RoundEntry::Game {
                opponent: 4,
                color: Some(Color::Red),
                result: GameResult::Win,
                played: true
            }
        );
    }

    #[test]
    fn reads_cr_only_file() {
        let input = parse(&testdata::read("trf_samples/t100_next.trf")).unwrap();
        assert_eq!(input.players.len(), 100);
        assert_eq!(input.played_rounds, 9);
        assert_eq!(input.total_rounds, 20);
    }

    #[test]
    fn missing_round_count_is_an_error() {
        let text = "001    1      A                                 2000                             0.0    1\n";
        assert!(matches!(parse(text), Err(TrfError::File(_))));
    }

    #[test]
    fn inconsistent_opponents_are_an_error() {
        let text = "001    1      A                                 2000                             1.0    1     2 w 1\n\
                    001    2      B                                 1900                             0.0    2     1 w 0\nXXR 3\n";
        assert!(parse(text).is_err());
    }

    proptest! {
        #[test]
        fn never_panics(s in "[0-9 .wb+=\\-HUFZ\r\nXRC01]{0,300}") {
            let _ = parse(&s);
        }

        #[test]
        fn never_panics_on_player_lines(tail in "[0-9 wb+=\\-HUFZD]{0,60}") {
            let line = format!("001    1      A                                 2000                             0.0    1{tail}\nXXR 3\n");
            let _ = parse(&line);
        }
    }
}
