//! FIDE Tournament Report File: TRF-16 with the TRF(x) extensions, one reader and one writer for
//! the whole crate, so a tournament and the pairing engines read a file the same way and any
//! pairing or tie-break can be cross-checked by another program (STYLE 11).
//!
//! - [`read`] reads the lines into a [`Document`]; [`import`] turns it into the [`Event`]s that
//!   build the same [`Tournament`]; [`swiss_input`] turns it into the [`SwissInput`] of the next
//!   round, as bbpPairings reads a file (C.04.A; bbpPairings' `XX`/`BB` extensions);
//! - [`export`] writes a tournament back as TRF-16 with `XXR` and `XXS` lines.
//!
//! Recognised lines: `012` tournament name; `001` player lines (pairing number in columns 5–8,
//! name 15–47, rating 49–52, federation 54–56, points 81–84, then one 10-column block per round
//! from column 92: opponent, colour, result); `XXR`/`142` total rounds; `XXS` points per result
//! (`WW=1 WD=0.5 BD=0.5 WL=0 …`, read by [`import`]); `XXC` (`white1`, `black1`, `rank`);
//! `XXP` groups who must not meet; `BBW BBD BBL BBZ BBF BBU` point values (read by
//! [`swiss_input`]); the TRF-2026 records `152` (initial colour `W`/`B`), `162` (points per
//! result), `240` (byes of a round, `H`/`F`/`Z`) and `260` (players who must not meet in a range
//! of rounds), read by [`swiss_input`] for the round to be paired as bbpPairings v6 and gacrux
//! read them. Other lines are ignored; acceleration (`XXA`, `250`, Baku) and team lines
//! (`013`, `310`) are refused by [`swiss_input`]. Lines may end in CR, LF or both.
//!
//! Mapping: FIDE's white is red, black is black. Result codes: `1 = 0` over the board (`W D L`,
//! unrated games, read the same), `+ -` forfeits (CXA 20.3), `U` the pairing-allocated bye (also
//! `+` without an opponent), `F` a full-point bye, `H` a half-point bye, `Z`/`-`/blank not
//! paired. Xiangqi has no requested half-point bye: [`import`] reads `H` as not paired (the half
//! point is lost), [`swiss_input`] keeps it for the Dutch rules. The last block may hold
//! pre-assigned byes (`H`, `F`, `Z`) for the round to be paired; a round counts as played once
//! someone was paired in it (or everyone has an entry for it).
//!
//! ```
//! use xiangqi_tournament::{Book, trf, tournament::Tournament};
//!
//! let text = "012 club\n\
//!             001    1      A                                 2000                             1.0    1     2 w 1\n\
//!             001    2      B                                 1900                             0.0    2     1 b 0\n\
//!             XXR 3\n";
//! let t = Tournament::from_events(trf::import(text, Book::Cxa2011, None, None)?)?;
//! assert_eq!(t.rounds().len(), 1);
//! let next = trf::swiss_input(text)?;
//! assert_eq!((next.played_rounds, next.total_rounds), (1, 3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use crate::{
    round_robin::Pairing,
    scoring::ScoringScheme,
    swiss::{Absence, PointSystem, RoundEntry, SwissInput, SwissPlayer},
    tournament::{Event, Format, RoundResult, Tournament},
    types::{Book, Color, GameResult, Outcome, Player, PlayerId, Points},
};

/// Why a TRF file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// A malformed line.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Two lines disagree about one game.
    #[error("round {round}: players {a} and {b} disagree about their game")]
    Inconsistent {
        /// Round.
        round: u32,
        /// One player.
        a: u32,
        /// The other.
        b: u32,
    },
    /// The file as a whole is inconsistent or incomplete.
    #[error("{0}")]
    File(String),
}

fn line_err(line: usize, message: impl Into<String>) -> TrfError {
    TrfError::Line {
        line,
        message: message.into(),
    }
}

/// One `001` player line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// Pairing (start) number.
    pub number: u32,
    /// Name, columns 15–47.
    pub name: String,
    /// Rating, `None` when blank.
    pub rating: Option<u32>,
    /// Federation, `None` when blank.
    pub federation: Option<String>,
    /// Points as written (columns 81–84), `None` if the line is shorter than 84 characters.
    pub points: Option<String>,
    /// One entry per round block, `None` for a blank block; trailing blanks removed.
    pub rounds: Vec<Option<RoundEntry>>,
}

/// A TRF file as read, before it is turned into a tournament or a pairing input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// The `012` line.
    pub name: Option<String>,
    /// `XXR` (or `142`): the total number of rounds.
    pub total_rounds: Option<u32>,
    /// The raw `XXS` line (points per result, TRF(x)) and its line number.
    pub xxs: Option<(usize, String)>,
    /// Point values from the `BB…` lines (bbpPairings), in tenths.
    pub points: PointSystem,
    /// `XXC white1`/`black1`: the colour of the top-ranked player in round 1.
    pub initial_color: Option<Color>,
    /// `XXC rank`: the player lines are in ranking order, whatever their numbers.
    pub rank_order: bool,
    /// `XXP` groups who must not meet.
    pub forbidden: Vec<Vec<u32>>,
    /// TRF-2026 record `260`: groups who must not meet from the first to the last round given
    /// (both 1-based, inclusive), read by [`swiss_input`] for the round to be paired.
    pub forbidden_rounds: Vec<(u32, u32, Vec<u32>)>,
    /// TRF-2026 record `240`: players not paired in a round (1-based) and why (`H`, `F`, `Z` or
    /// blank), read by [`swiss_input`] for the round to be paired when the player's own line
    /// has no entry for it.
    pub byes: Vec<(u32, Absence, Vec<u32>)>,
    /// The first line a pairing engine cannot honour (acceleration, teams).
    pub unsupported: Option<(usize, String)>,
    /// The player lines in file order.
    pub players: Vec<PlayerLine>,
}

fn col(chars: &[char], a: usize, b: usize) -> String {
    chars[a.min(chars.len())..b.min(chars.len())]
        .iter()
        .collect()
}

/// Points in tenths as bbpPairings reads them (`3.5` → 35); blank is 0.
fn parse_tenths(s: &str) -> Option<u32> {
    let s = s.trim();
    if s.is_empty() {
        return Some(0);
    }
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
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

/// One round block starting at column `s` (0-based) of a player line.
fn parse_round(
    chars: &[char],
    s: usize,
    own: u32,
    ln: usize,
) -> Result<Option<RoundEntry>, TrfError> {
    let opp_s = col(chars, s, s + 4);
    let color_c = chars.get(s + 5).copied().unwrap_or(' ');
    let res_c = chars
        .get(s + 7)
        .copied()
        .unwrap_or(' ')
        .to_ascii_uppercase();
    let opponent = match opp_s.trim() {
        "" => None,
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
    let entry = match opponent {
        None => {
            if color.is_some() {
                return Err(line_err(ln, "a bye cannot have a colour"));
            }
            match res_c {
                'U' | '+' => RoundEntry::PairingBye,
                'H' | '=' | 'D' => RoundEntry::Absent(Absence::HalfPointBye),
                'F' => RoundEntry::Absent(Absence::FullPointBye),
                'Z' | '-' | ' ' => RoundEntry::Absent(Absence::ZeroPointBye),
                c => return Err(line_err(ln, format!("result {c:?} needs an opponent"))),
            }
        }
        Some(opponent) => {
            let outcome = match res_c {
                '+' => Outcome::ForfeitWin,
                '-' => Outcome::ForfeitLoss,
                '1' | 'W' => Outcome::Win,
                '=' | 'D' => Outcome::Draw,
                '0' | 'L' => Outcome::Loss,
                c => return Err(line_err(ln, format!("bad result {c:?} for a game"))),
            };
            if outcome.is_played() && color_c == ' ' {
                return Err(line_err(ln, "a played game needs a colour"));
            }
            RoundEntry::Game {
                opponent,
                color,
                outcome,
            }
        }
    };
    Ok(Some(entry))
}

/// A 1-based round number in columns `a..b` (0-based) of a TRF-2026 record.
fn round_at(chars: &[char], a: usize, b: usize) -> Result<u32, String> {
    let s = col(chars, a, b);
    match s.trim().parse::<u32>() {
        Ok(0) => Err("round 0".into()),
        Ok(r) => Ok(r),
        Err(_) => Err(format!("bad round {:?}", s.trim())),
    }
}

/// Pairing numbers in 4-column fields, one every 5 columns from column `from` (0-based), as
/// TRF-2026 lists players in records `240` and `260`.
fn numbers_from(chars: &[char], from: usize) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    let mut s = from;
    while s < chars.len() {
        let field = col(chars, s, s + 4);
        match field.trim() {
            "" if col(chars, s, chars.len()).trim().is_empty() => break,
            t => match t.parse::<u32>() {
                Ok(n) if n > 0 => out.push(n),
                _ => return Err(format!("bad pairing number {t:?}")),
            },
        }
        s += 5;
    }
    Ok(out)
}

/// TRF-2026 record `152`: the colour of the first player in round 1, `W` or `B` (the initial
/// colour drawn by lot; `XXC white1`/`black1` in TRF(x)), read as bbpPairings and gacrux read it.
fn parse_152(chars: &[char]) -> Result<Color, String> {
    match col(chars, 3, chars.len()).trim() {
        "W" | "w" => Ok(Color::Red),
        "B" | "b" => Ok(Color::Black),
        t => Err(format!("bad initial colour {t:?} (W or B)")),
    }
}

/// TRF-2026 record `162`: points per result, a symbol in column 6 then the points in columns
/// 7–10, repeated every 9 columns: `W` win (also the pairing-allocated bye unless `P` is
/// given), `D` draw, `L` played loss, `Z` zero-point bye and forfeit loss, `P` the
/// pairing-allocated bye (C.04.1 (2025) art. 3: the bye scores a win unless the rules of the
/// tournament say otherwise).
fn parse_162(chars: &[char], pts: &mut PointSystem, pab_set: &mut bool) -> Result<(), String> {
    let mut s = 5;
    while s < chars.len() {
        let sym = chars.get(s).copied().unwrap_or(' ');
        let v = parse_tenths(&col(chars, s + 1, s + 5))
            .ok_or_else(|| format!("bad points {:?}", col(chars, s + 1, s + 5).trim()))?;
        match sym {
            'W' => {
                pts.win = v;
                if !*pab_set {
                    pts.pairing_bye = v;
                }
            }
            'D' => pts.draw = v,
            'L' => pts.loss = v,
            'Z' => {
                pts.zero_bye = v;
                pts.forfeit_loss = v;
            }
            'P' => {
                pts.pairing_bye = v;
                *pab_set = true;
            }
            c => return Err(format!("unsupported result symbol {c:?}")),
        }
        if col(chars, s + 5, s + 9).trim().is_empty()
            && col(chars, s + 9, chars.len()).trim().is_empty()
        {
            break;
        }
        s += 9;
    }
    Ok(())
}

/// TRF-2026 record `240`: the kind of bye in column 5 (`H` half point, `F` full point, `Z` or
/// blank zero points), the round in columns 7–9, then the players, each in 4 columns with one
/// blank between (a player not paired is left out of the pairing, C.04.1 (2025) art. 3).
fn parse_240(chars: &[char]) -> Result<(u32, Absence, Vec<u32>), String> {
    let kind = match chars.get(4).copied().unwrap_or(' ').to_ascii_uppercase() {
        'H' => Absence::HalfPointBye,
        'F' => Absence::FullPointBye,
        'Z' | ' ' => Absence::ZeroPointBye,
        c => return Err(format!("bad bye kind {c:?}")),
    };
    Ok((round_at(chars, 6, 9)?, kind, numbers_from(chars, 10)?))
}

/// TRF-2026 record `260`: the first round in columns 5–7, the last in 9–11 (blank: the first),
/// then players who must not meet in those rounds (like `XXP`, limited to those rounds).
fn parse_260(chars: &[char]) -> Result<(u32, u32, Vec<u32>), String> {
    let first = round_at(chars, 4, 7)?;
    let last = if col(chars, 8, 11).trim().is_empty() {
        first
    } else {
        round_at(chars, 8, 11)?
    };
    Ok((first, last, numbers_from(chars, 12)?))
}

fn parse_player(chars: &[char], ln: usize) -> Result<PlayerLine, TrfError> {
    let number: u32 = col(chars, 4, 8)
        .trim()
        .parse()
        .map_err(|_| line_err(ln, "bad pairing number"))?;
    if number == 0 {
        return Err(line_err(ln, "pairing number 0"));
    }
    let rating_s = col(chars, 48, 52);
    let rating = match rating_s.trim() {
        "" => None,
        r => Some(
            r.parse()
                .map_err(|_| line_err(ln, format!("bad rating {r:?}")))?,
        ),
    };
    let fed = col(chars, 53, 56).trim().to_owned();
    let mut rounds = Vec::new();
    let mut s = 91;
    while s + 8 <= chars.len() {
        rounds.push(parse_round(chars, s, number, ln)?);
        s += 10;
    }
    if !col(chars, s, chars.len()).trim().is_empty() {
        return Err(line_err(ln, "trailing characters after the last round"));
    }
    while rounds.last().is_some_and(Option::is_none) {
        rounds.pop();
    }
    Ok(PlayerLine {
        line: ln,
        number,
        name: col(chars, 14, 47).trim().to_owned(),
        rating,
        federation: (!fed.is_empty()).then_some(fed),
        points: (chars.len() >= 84).then(|| col(chars, 80, 84)),
        rounds,
    })
}

/// Reads the lines of a TRF file.
///
/// # Errors
/// [`TrfError::Line`] for a malformed player line, round count, `XXP` or `BB…` line.
pub fn read(text: &str) -> Result<Document, TrfError> {
    let mut doc = Document::default();
    let mut pab_set = false;
    for (i, line) in text.split(['\r', '\n']).enumerate() {
        let ln = i + 1;
        let chars: Vec<char> = line.chars().collect();
        let prefix = col(&chars, 0, 3);
        let rest = col(&chars, 3, chars.len());
        let mut refuse = |m: &str| {
            doc.unsupported.get_or_insert((ln, m.to_owned()));
        };
        match prefix.as_str() {
            "001" => {
                let p = parse_player(&chars, ln)?;
                if doc.players.iter().any(|q| q.number == p.number) {
                    return Err(line_err(
                        ln,
                        format!("pairing number {} repeated", p.number),
                    ));
                }
                doc.players.push(p);
            }
            "012" => doc.name = Some(rest.trim().to_owned()),
            "XXR" | "142" => {
                let v: u32 = rest
                    .trim()
                    .parse()
                    .map_err(|_| line_err(ln, format!("bad round count {:?}", rest.trim())))?;
                if v == 0 {
                    return Err(line_err(ln, "round count 0"));
                }
                doc.total_rounds = Some(v);
            }
            "XXS" => doc.xxs = Some((ln, rest.trim().to_owned())),
            "XXC" => {
                for tok in rest.split_whitespace() {
                    match tok {
                        "white1" => doc.initial_color = Some(Color::Red),
                        "black1" => doc.initial_color = Some(Color::Black),
                        "rank" => doc.rank_order = true,
                        _ => {}
                    }
                }
            }
            "XXP" => {
                let group: Result<Vec<u32>, _> =
                    rest.split_whitespace().map(str::parse::<u32>).collect();
                doc.forbidden
                    .push(group.map_err(|_| line_err(ln, "bad forbidden pair"))?);
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let v = parse_tenths(&col(&chars, 4, 12))
                    .ok_or_else(|| line_err(ln, "bad point value"))?;
                let pts = &mut doc.points;
                match prefix.as_str() {
                    "BBW" => {
                        pts.win = v;
                        if !pab_set {
                            pts.pairing_bye = v;
                        }
                    }
                    "BBD" => pts.draw = v,
                    "BBL" => pts.loss = v,
                    "BBZ" => pts.zero_bye = v,
                    "BBF" => pts.forfeit_loss = v,
                    _ => {
                        pts.pairing_bye = v;
                        pab_set = true;
                    }
                }
            }
            "152" => doc.initial_color = Some(parse_152(&chars).map_err(|m| line_err(ln, m))?),
            "162" => {
                parse_162(&chars, &mut doc.points, &mut pab_set).map_err(|m| line_err(ln, m))?
            }
            "240" => doc
                .byes
                .push(parse_240(&chars).map_err(|m| line_err(ln, m))?),
            "260" => doc
                .forbidden_rounds
                .push(parse_260(&chars).map_err(|m| line_err(ln, m))?),
            "XXA" | "250" => refuse("accelerated pairings are not supported"),
            "192" if rest.contains("BAKU") => refuse("Baku acceleration is not supported"),
            "013" | "310" => refuse("team tournaments are not supported"),
            _ => {}
        }
    }
    Ok(doc)
}

/// Reads a TRF file into the events that build the same tournament.
///
/// `format` defaults to a Swiss over `XXR` rounds (or the rounds present); `scoring` to the
/// file's `XXS` line, else 1/½/0 as TRF assumes.
///
/// # Errors
/// A malformed line, start numbers that do not run 1..n, or two lines that disagree about a
/// game.
pub fn import(
    text: &str,
    rules: Book,
    format: Option<Format>,
    scoring: Option<ScoringScheme>,
) -> Result<Vec<Event>, TrfError> {
    read(text)?.events(rules, format, scoring)
}

/// Reads a TRF file into a [`SwissInput`] for the round after the last one paired, as
/// bbpPairings reads it.
///
/// # Errors
/// [`TrfError::Line`] for malformed or unsupported lines; [`TrfError::File`] for a missing
/// `XXR`, a missing pairing number, inconsistent opponents or scores.
pub fn swiss_input(text: &str) -> Result<SwissInput, TrfError> {
    read(text)?.swiss_input()
}

impl Document {
    /// The scoring scheme of the TRF-2026 record `162` or the `BB…` lines, `None` when the
    /// file has neither (the points are then 1/½/0, as TRF assumes). A draw scores the same
    /// for both colours; the bye and forfeit values stay with the pairing engine, since a
    /// [`ScoringScheme`] scores played results (CXA 2011 art. 13.3: the organiser sets them).
    ///
    /// # Errors
    /// A value that is not a whole number of quarter points.
    fn scheme_from_records(&self) -> Result<Option<ScoringScheme>, TrfError> {
        if self.points == PointSystem::default() {
            return Ok(None);
        }
        let points = |tenths: u32| {
            Points::from_tenths(i64::from(tenths)).ok_or_else(|| {
                TrfError::File(format!(
                    "points of {}.{} are not a whole number of quarter points",
                    tenths / 10,
                    tenths % 10
                ))
            })
        };
        let p = &self.points;
        Ok(Some(ScoringScheme {
            win: points(p.win)?,
            draw_red: points(p.draw)?,
            draw_black: points(p.draw)?,
            loss: points(p.loss)?,
        }))
    }

    /// The events that build this tournament (see [`import`]).
    ///
    /// # Errors
    /// Start numbers that do not run 1..n, a bad `XXS` line or rating, or two lines that
    /// disagree about a game.
    pub fn events(
        &self,
        rules: Book,
        format: Option<Format>,
        scoring: Option<ScoringScheme>,
    ) -> Result<Vec<Event>, TrfError> {
        let xxs = match &self.xxs {
            Some((ln, rest)) if scoring.is_none() => {
                Some(parse_xxs(rest).map_err(|m| line_err(*ln, m))?)
            }
            _ => None,
        };
        // The caller's scheme, else the file's `XXS`, else its 162 or BB lines, else 1/½/0.
        let scoring = match scoring.or(xxs) {
            Some(s) => s,
            None => self
                .scheme_from_records()?
                .unwrap_or(ScoringScheme::ONE_HALF_ZERO),
        };
        let mut players: Vec<&PlayerLine> = self.players.iter().collect();
        players.sort_by_key(|p| p.number);
        for (k, p) in players.iter().enumerate() {
            if p.number as usize != k + 1 {
                return Err(line_err(
                    p.line,
                    format!("start numbers must run 1..{}", players.len()),
                ));
            }
        }
        let rounds_present = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0) as u32;
        let format = format.unwrap_or(Format::Swiss {
            rounds: self.total_rounds.unwrap_or(rounds_present).max(1),
        });
        let mut events = vec![Event::Created {
            name: self.name.clone().unwrap_or_else(|| "imported".into()),
            rules,
            format,
            scoring,
            tie_breaks: None,
        }];
        for p in &players {
            let rating = p
                .rating
                .map(u16::try_from)
                .transpose()
                .map_err(|_| line_err(p.line, "bad rating"))?;
            events.push(Event::Registered {
                player: Player {
                    name: p.name.clone(),
                    rating,
                    club: None,
                    federation: p.federation.clone(),
                },
            });
        }
        // `XXP`: players kept apart in a Swiss (CXA 10.3 with appendix 3).
        if matches!(format, Format::Swiss { .. }) {
            events.extend(self.forbidden.iter().map(|g| Event::KeptApart {
                clubs: false,
                players: g.iter().filter_map(|&n| PlayerId::new(n)).collect(),
            }));
        }
        for r in 0..rounds_present as usize {
            let round = r as u32 + 1;
            let entry = |n: u32| {
                players
                    .get(n as usize - 1)
                    .and_then(|p| p.rounds.get(r).copied().flatten())
            };
            let mut games = Vec::new();
            let mut results = Vec::new();
            let mut byes = Vec::new();
            for p in &players {
                let start = p.number;
                let Some(e) = p.rounds.get(r).copied().flatten() else {
                    continue;
                };
                let (opponent, color, outcome) = match e {
                    RoundEntry::PairingBye | RoundEntry::Absent(Absence::FullPointBye) => {
                        byes.extend(PlayerId::new(start));
                        continue;
                    }
                    RoundEntry::Absent(_) => continue,
                    RoundEntry::Game {
                        opponent,
                        color,
                        outcome,
                    } => (opponent, color, outcome),
                };
                let inconsistent = TrfError::Inconsistent {
                    round,
                    a: start,
                    b: opponent,
                };
                let Some(RoundEntry::Game {
                    opponent: back,
                    color: other_color,
                    outcome: other,
                }) = entry(opponent)
                else {
                    return Err(inconsistent);
                };
                if back != start {
                    return Err(inconsistent);
                }
                // Each game once: from red's line, or from the lower number when neither has a
                // colour.
                let is_red = match (color, other_color) {
                    (Some(Color::Red), _) | (None, Some(Color::Black)) => true,
                    (None, None) => start < opponent,
                    _ => false,
                };
                if !is_red {
                    continue;
                }
                let result = match (outcome, other) {
                    (Outcome::Win, _) => GameResult::RedWins,
                    (Outcome::Loss, _) => GameResult::BlackWins,
                    (Outcome::Draw, _) => GameResult::Draw,
                    (Outcome::ForfeitWin, _) => GameResult::RedWinsByForfeit,
                    (Outcome::ForfeitLoss, Outcome::ForfeitWin) => GameResult::BlackWinsByForfeit,
                    (Outcome::ForfeitLoss, _) => GameResult::DoubleForfeit,
                    (Outcome::Bye, _) => return Err(inconsistent),
                };
                let (Some(red), Some(black)) = (PlayerId::new(start), PlayerId::new(opponent))
                else {
                    continue;
                };
                let board = games.len() as u32 + 1;
                games.push(Pairing { board, red, black });
                results.push(Event::ResultRecorded {
                    round,
                    board,
                    result,
                });
            }
            events.push(Event::RoundPaired {
                round,
                games,
                byes,
                seed: None,
            });
            events.extend(results);
        }
        Ok(events)
    }

    /// The pairing input for the next round (see [`swiss_input`]).
    ///
    /// # Errors
    /// As [`swiss_input`].
    pub fn swiss_input(&self) -> Result<SwissInput, TrfError> {
        if let Some((ln, m)) = &self.unsupported {
            return Err(line_err(*ln, m.clone()));
        }
        let total_rounds = self.total_rounds.ok_or_else(|| {
            TrfError::File("the total number of rounds must be given (XXR line)".into())
        })?;
        let points = self.points;
        let mut rows: Vec<(&PlayerLine, u32)> = Vec::with_capacity(self.players.len());
        for p in &self.players {
            let score = p
                .points
                .as_deref()
                .ok_or_else(|| line_err(p.line, "player line shorter than 84 characters"))?;
            let score = parse_tenths(score).ok_or_else(|| line_err(p.line, "bad points"))?;
            rows.push((p, score));
        }
        if !self.rank_order {
            rows.sort_by_key(|r| r.0.number);
            if let Some(pos) = rows
                .iter()
                .enumerate()
                .position(|(i, r)| r.0.number as usize != i + 1)
            {
                return Err(TrfError::File(format!(
                    "pairing number {} is missing",
                    pos + 1
                )));
            }
        }
        // A round counts as played once a player was paired in it (or had a game entry before
        // it).
        let mut played: usize = 0;
        for (p, _) in &rows {
            for (k, e) in p.rounds.iter().enumerate() {
                if let Some(e) = e {
                    played = played.max(if e.paired() { k + 1 } else { k });
                }
            }
        }
        if !rows.is_empty() && rows.iter().all(|r| r.0.rounds.len() > played) {
            played += 1;
        }
        if played >= total_rounds as usize {
            return Err(TrfError::File(format!(
                "{played} rounds already played of {total_rounds}: no round left to pair"
            )));
        }
        // TRF-2026 records 240 and 260 that concern the round to be paired.
        let to_pair = played as u32 + 1;
        let mut listed_byes: HashMap<u32, Absence> = HashMap::new();
        for (round, kind, numbers) in &self.byes {
            if *round == to_pair {
                for &n in numbers {
                    if !rows.iter().any(|r| r.0.number == n) {
                        return Err(TrfError::File(format!(
                            "record 240 names player {n}, who has no player line"
                        )));
                    }
                    listed_byes.entry(n).or_insert(*kind);
                }
            }
        }
        let mut forbidden = self.forbidden.clone();
        forbidden.extend(
            self.forbidden_rounds
                .iter()
                .filter(|(first, last, _)| (*first..=*last).contains(&to_pair))
                .map(|(_, _, g)| g.clone()),
        );
        let mut players = Vec::with_capacity(rows.len());
        for (p, score) in rows {
            let number = p.number;
            if p.rounds.len() > played + 1 {
                return Err(TrfError::File(format!(
                    "player {number} has entries beyond the round to be paired"
                )));
            }
            let entry = |k: usize| {
                p.rounds
                    .get(k)
                    .copied()
                    .flatten()
                    .unwrap_or(RoundEntry::Absent(Absence::ZeroPointBye))
            };
            let history: Vec<RoundEntry> = (0..played).map(entry).collect();
            let next_round = match p.rounds.get(played).copied().flatten() {
                None => listed_byes.get(&number).copied(),
                Some(RoundEntry::Absent(a)) => Some(a),
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
                rating: p.rating.unwrap_or(0),
                history,
                next_round,
            });
        }
        let input = SwissInput {
            players,
            played_rounds: played as u32,
            total_rounds,
            points,
            initial_color: self.initial_color,
            forbidden,
            seed: 0,
        };
        check_consistency(&input)?;
        Ok(input)
    }
}

/// Every game must be recorded the same way by both opponents.
fn check_consistency(input: &SwissInput) -> Result<(), TrfError> {
    let by_number: HashMap<u32, &SwissPlayer> =
        input.players.iter().map(|p| (p.number, p)).collect();
    for p in &input.players {
        for (k, e) in p.history.iter().enumerate() {
            if let RoundEntry::Game {
                opponent, color, ..
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
                    Some(
                        &back @ RoundEntry::Game {
                            opponent: back_no,
                            color: oc,
                            ..
                        },
                    ) if back_no == p.number
                        && (!e.played() || (back.played() && color.is_some() && oc != color)) => {}
                    _ => return Err(bad()),
                }
            }
        }
    }
    Ok(())
}

/// Points as TRF writes them: at least one decimal (`4.0`, `3.5`).
fn trf_points(p: Points) -> String {
    let s = p.to_string();
    if s.contains('.') { s } else { format!("{s}.0") }
}

fn parse_xxs(rest: &str) -> Result<ScoringScheme, String> {
    let mut s = ScoringScheme::ONE_HALF_ZERO;
    for tok in rest.split_whitespace() {
        let Some((k, v)) = tok.split_once('=') else {
            return Err(format!("bad XXS item {tok:?}"));
        };
        let v: Points = v.parse().map_err(|e| format!("{e}"))?;
        match k {
            "WW" => s.win = v,
            "WD" => s.draw_red = v,
            "BD" => s.draw_black = v,
            "WL" => s.loss = v,
            _ => {}
        }
    }
    Ok(s)
}

/// Writes the tournament as TRF-16 with `XXR` and `XXS` lines. Points are the tournament's
/// own scheme (stated in `XXS`); the rank is the place in the standings.
#[must_use]
pub fn export(t: &Tournament) -> String {
    let s = t.scoring();
    let mut out = format!("012 {}\n", t.name());
    // A Swiss then knockout (CXA 10.5) exports its Swiss stage: the knockout is a bracket.
    let swiss_stage = match t.format() {
        Format::SwissKnockout { rounds, .. } => Some(rounds),
        _ => None,
    };
    out.push_str(&format!(
        "XXR {}\n",
        swiss_stage.unwrap_or_else(|| t.total_rounds())
    ));
    out.push_str(&format!(
        "XXS WW={w} BW={w} WD={dr} BD={db} WL={l} BL={l} ZPB=0 HPB={dr} FPB={w} PAB={w} FW={w} FL={l}\n",
        w = trf_points(s.win),
        dr = trf_points(s.draw_red),
        db = trf_points(s.draw_black),
        l = trf_points(s.loss)
    ));
    let standings = t.standings();
    let results = t.results();
    let rounds = (t.rounds().len() as u32).min(swiss_stage.unwrap_or(u32::MAX));
    for (i, p) in t.players().iter().enumerate() {
        let st = standings.iter().find(|x| x.competitor == i);
        let name: String = p.name.chars().take(33).collect();
        let rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
        let fed: String = p
            .federation
            .clone()
            .unwrap_or_default()
            .chars()
            .take(3)
            .collect();
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4} {:<3}{:24}{:>4} {:>4}",
            i + 1,
            name,
            rating,
            fed,
            "",
            st.map(|x| trf_points(x.score)).unwrap_or_default(),
            st.map(|x| x.rank).unwrap_or(0)
        );
        for round in 1..=rounds {
            let cell = results[i].iter().find(|x| x.round == round);
            let block = match cell {
                None => "  0000 - Z".to_owned(),
                Some(&RoundResult {
                    opponent: opp,
                    color,
                    outcome,
                    ..
                }) => {
                    let c = match color {
                        Some(Color::Red) => 'w',
                        Some(Color::Black) => 'b',
                        None => '-',
                    };
                    let code = match outcome {
                        Outcome::Win => '1',
                        Outcome::Draw => '=',
                        Outcome::Loss => '0',
                        Outcome::ForfeitWin => '+',
                        Outcome::ForfeitLoss => '-',
                        Outcome::Bye => 'U',
                    };
                    match opp {
                        Some(o) => format!("  {:>4} {c} {code}", o.get()),
                        None => format!("  0000 - {code}"),
                    }
                }
            };
            line.push_str(&block);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for group in t.kept_apart() {
        let numbers: Vec<String> = group.iter().map(u32::to_string).collect();
        out.push_str(&format!("XXP {}\n", numbers.join(" ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::tiebreak::{self, TieBreak};

    use crate::swiss::testdata::read as data;

    fn rr6(scoring: ScoringScheme) -> Tournament {
        let events = import(
            &data("tiebreak_oracle/rr6.trf"),
            Book::Cxa2011,
            Some(Format::RoundRobin { cycles: 1 }),
            Some(scoring),
        )
        .unwrap();
        Tournament::from_events(events).unwrap()
    }

    #[test]
    fn rr6_xiaofen_matches_the_hand_computed_oracle() {
        // CXA 14.1 小分 under 2/1/0 (rr6_expected.json).
        let t = rr6(ScoringScheme::CXA);
        let expected: serde_json::Value =
            serde_json::from_str(&data("tiebreak_oracle/rr6_expected.json")).unwrap();
        let field = t.field();
        for i in 0..6 {
            let key = (i + 1).to_string();
            let score = expected["score_2_1_0"][&key].as_f64().unwrap();
            let xf = expected["xiaofen_2_1_0"][&key].as_f64().unwrap();
            assert_eq!(
                field.competitors[i].score().as_f64(),
                score,
                "score of {key}"
            );
            let v = TieBreak::XiaoFen
                .value(&field, i, &[i])
                .as_points()
                .unwrap();
            assert_eq!(v.as_f64(), xf, "小分 of {key}");
        }
    }

    #[test]
    fn rr6_fide_tiebreaks_match_gacrux() {
        // rr6_tb.tsv: StartNo Rank PTS SB BH WIN BPG DE, under 1/½/0.
        let t = rr6(ScoringScheme::ONE_HALF_ZERO);
        let order = [
            TieBreak::XiaoFen,
            TieBreak::OpponentsScore,
            TieBreak::Wins,
            TieBreak::BlackGames,
            TieBreak::HeadToHead,
        ];
        let field = t.field();
        let standings = tiebreak::standings(&field, &order);
        let tsv = data("tiebreak_oracle/rr6_tb.tsv");
        let mut rows = 0;
        for line in tsv.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let i: usize = f[0].parse::<usize>().unwrap() - 1;
            let st = standings.iter().find(|s| s.competitor == i).unwrap();
            assert_eq!(st.rank, f[1].parse::<u32>().unwrap(), "rank of {}", i + 1);
            assert_eq!(
                st.score,
                f[2].parse::<Points>().unwrap(),
                "PTS of {}",
                i + 1
            );
            for (k, col) in [(0, 3), (1, 4), (2, 5), (3, 6)] {
                let got = TieBreak::value(order[k], &field, i, &[i]);
                let want: Points = f[col].parse().unwrap();
                let got = match order[k] {
                    TieBreak::Wins | TieBreak::BlackGames => {
                        Points::whole(got.text().parse().unwrap())
                    }
                    _ => got.as_points().unwrap(),
                };
                assert_eq!(got, want, "{} of {}", order[k].code(), i + 1);
            }
            rows += 1;
        }
        assert_eq!(rows, 6);
    }

    #[test]
    fn xiaofen_under_2_1_0_is_twice_sonneborn_berger() {
        let a = rr6(ScoringScheme::CXA).field();
        let b = rr6(ScoringScheme::ONE_HALF_ZERO).field();
        for i in 0..6 {
            let x = TieBreak::XiaoFen.value(&a, i, &[i]).as_points().unwrap();
            let sb = TieBreak::XiaoFen.value(&b, i, &[i]).as_points().unwrap();
            assert_eq!(x.quarters(), 2 * sb.quarters());
        }
    }

    #[test]
    fn export_reproduces_the_rr6_player_lines() {
        let t = rr6(ScoringScheme::ONE_HALF_ZERO);
        let out = export(&t);
        let original = data("tiebreak_oracle/rr6.trf");
        let rounds = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with("001"))
                .map(|l| l.chars().skip(89).collect::<String>())
                .collect()
        };
        assert_eq!(rounds(&out), rounds(&original));
        // And it reads back to the same tournament.
        let again = Tournament::from_events(
            import(
                &out,
                Book::Cxa2011,
                Some(Format::RoundRobin { cycles: 1 }),
                None,
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(again.results(), t.results());
    }

    #[test]
    fn kept_apart_groups_round_trip_as_xxp() {
        // CXA 10.3 with appendix 3: club-mates kept apart; TRF carries them as `XXP`.
        let mut events = vec![Event::Created {
            name: "open".into(),
            rules: Book::Cxa2011,
            format: Format::Swiss { rounds: 5 },
            scoring: ScoringScheme::CXA,
            tie_breaks: None,
        }];
        for (k, club) in ["A", "B", "A", "B", "C"].iter().enumerate() {
            events.push(Event::Registered {
                player: Player {
                    club: Some((*club).into()),
                    ..Player::named(format!("P{k}"))
                },
            });
        }
        events.push(Event::KeptApart {
            clubs: true,
            players: vec![],
        });
        let t = Tournament::from_events(events).unwrap();
        let out = export(&t);
        assert!(out.contains("XXP 1 3\nXXP 2 4\n"), "{out}");
        let again =
            Tournament::from_events(import(&out, Book::Cxa2011, None, None).unwrap()).unwrap();
        assert_eq!(again.kept_apart(), t.kept_apart());
        assert_eq!(read(&out).unwrap().forbidden, t.kept_apart());
    }

    #[test]
    fn swiss_sample_with_byes_and_forfeits_imports() {
        // t100.trf: 100 players, 9 rounds, CR line ends, U/H/Z byes and forfeits.
        let events = import(&data("trf_samples/t100.trf"), Book::Cxa2011, None, None).unwrap();
        let t = Tournament::from_events(events).unwrap();
        assert_eq!(t.players().len(), 100);
        assert_eq!(t.rounds().len(), 9);
        assert_eq!(t.standings().len(), 100);
    }

    #[test]
    fn t100_wins_black_games_and_points_match_gacrux() {
        // FIDE's WIN counts unplayed wins (forfeits, pairing and full-point byes) like CXA 14.4
        // and 20.3; BPG counts games played with black. PTS differs only where a player took a
        // half-point bye (H), which xiangqi rules do not have.
        let text = data("trf_samples/t100.trf");
        let t = Tournament::from_events(import(&text, Book::Cxa2011, None, None).unwrap()).unwrap();
        let field = t.field();
        let half_bye: Vec<bool> = {
            let mut v = vec![false; 101];
            for line in text.split(['\n', '\r']).filter(|l| l.starts_with("001")) {
                let chars: Vec<char> = line.chars().collect();
                let no: usize = col(&chars, 4, 8).trim().parse().unwrap();
                v[no] = chars.iter().skip(89).collect::<String>().contains('H');
            }
            v
        };
        let tsv = data("tiebreak_oracle/t100_gacrux_tiebreaks.tsv");
        let mut header = tsv.lines().next().unwrap().split('\t');
        let col = |name: &str| header.clone().position(|h| h == name).unwrap();
        let (pts, win, bpg) = (col("PTS"), col("WIN"), col("BPG"));
        let _ = header.next();
        let mut checked_pts = 0;
        for line in tsv.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let no: usize = f[0].parse().unwrap();
            let i = no - 1;
            assert_eq!(
                TieBreak::Wins.value(&field, i, &[i]).text(),
                f[win],
                "WIN of {no}"
            );
            assert_eq!(
                TieBreak::BlackGames.value(&field, i, &[i]).text(),
                f[bpg],
                "BPG of {no}"
            );
            if !half_bye[no] {
                assert_eq!(
                    field.competitors[i].score(),
                    f[pts].parse::<Points>().unwrap(),
                    "PTS of {no}"
                );
                checked_pts += 1;
            }
        }
        assert!(
            checked_pts > 50,
            "only {checked_pts} players without a half-point bye"
        );
    }

    #[test]
    fn malformed_lines_are_errors() {
        let e = import("001    x      A\n", Book::Cxa2011, None, None);
        assert!(matches!(e, Err(TrfError::Line { line: 1, .. })));
        assert!(parse_xxs("WW").is_err());
        assert_eq!(
            parse_xxs("WW=3 WD=1 BD=2 WL=0").unwrap(),
            ScoringScheme::THREE_ZERO_BLACK_DRAW_TWO
        );
    }

    #[test]
    fn reads_golden_c5() {
        let input = swiss_input(&data("bbp_golden/dutch_2025_C5.input")).unwrap();
        assert_eq!(input.players.len(), 6);
        assert_eq!(input.played_rounds, 2);
        assert_eq!(input.total_rounds, 3);
        assert_eq!(input.players[3].next_round, Some(Absence::ZeroPointBye));
        assert_eq!(
            input.players[0].history[0],
            RoundEntry::Game {
                opponent: 4,
                color: Some(Color::Red),
                outcome: Outcome::Win
            }
        );
    }

    #[test]
    fn reads_cr_only_file() {
        let input = swiss_input(&data("trf_samples/t100_next.trf")).unwrap();
        assert_eq!(input.players.len(), 100);
        assert_eq!(input.played_rounds, 9);
        assert_eq!(input.total_rounds, 20);
    }

    #[test]
    fn missing_round_count_is_an_error() {
        let text = "001    1      A                                 2000                             0.0    1\n";
        assert!(matches!(swiss_input(text), Err(TrfError::File(_))));
    }

    #[test]
    fn inconsistent_opponents_are_an_error() {
        let text = "001    1      A                                 2000                             1.0    1     2 w 1\n\
                    001    2      B                                 1900                             0.0    2     1 w 0\nXXR 3\n";
        assert!(swiss_input(text).is_err());
    }

    proptest! {
        #[test]
        fn never_panics(s in "[0-9 .wb+=\\-HUFZ\r\nXRC01]{0,300}") {
            let _ = swiss_input(&s);
        }

        #[test]
        fn never_panics_on_player_lines(tail in "[0-9 wb+=\\-HUFZD]{0,60}") {
            let line = format!("001    1      A                                 2000                             0.0    1{tail}\nXXR 3\n");
            let _ = swiss_input(&line);
        }
    }

    /// A file of `tests/data/trf2026/` (see its README).
    fn trf2026(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/trf2026")
            .join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("missing {}: {e}", path.display()))
    }

    fn dutch(text: &str) -> String {
        use crate::swiss::{PairingSystem, dutch::Dutch, format_pairings};
        format_pairings(&Dutch.pair(&swiss_input(text).unwrap()).unwrap())
    }

    /// `text` without its lines that start with `record`.
    fn without(text: &str, record: &str) -> String {
        text.lines()
            .filter(|l| !l.starts_with(record))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    /// TRF-2026 records 142, 152, 162, 240 and 260 change the pairing as bbpPairings reads them.
    #[test]
    fn trf2026_records_pair_as_bbp() {
        let text = trf2026("records.trf");
        assert_eq!(dutch(&text), trf2026("records.expected"));
        let input = swiss_input(&text).unwrap();
        assert_eq!((input.played_rounds, input.total_rounds), (2, 4));
        assert_eq!(input.initial_color, Some(Color::Black));
        assert_eq!((input.points.win, input.points.draw), (30, 10));
        let two = input.players.iter().find(|p| p.number == 2).unwrap();
        assert_eq!(two.next_round, Some(Absence::HalfPointBye));
        assert_eq!(input.forbidden, vec![vec![1, 5]]);
        // Without the 240 record player 2 is paired (and someone gets the bye).
        let no_bye = without(&text, "240");
        assert_ne!(dutch(&no_bye), trf2026("records.expected"));
        // Without the 162 record the scores do not add up.
        let no_points = without(&text, "162");
        assert!(swiss_input(&no_points).is_err());
    }

    /// The 162 record's points (3/1/0 here) score the imported tournament; an `XXS` line or
    /// the caller's scheme still take precedence, and without any the points are 1/½/0.
    #[test]
    fn trf2026_points_score_the_import() {
        let text = trf2026("records.trf");
        let scoring = |text: &str, given: Option<ScoringScheme>| match &import(
            text,
            Book::Wxf2018,
            None,
            given,
        )
        .unwrap()[0]
        {
            Event::Created { scoring, .. } => *scoring,
            e => panic!("first event {e:?}"),
        };
        assert_eq!(scoring(&text, None), ScoringScheme::THREE_ONE_ZERO);
        assert_eq!(scoring(&text, Some(ScoringScheme::CXA)), ScoringScheme::CXA);
        let with_xxs = format!("{text}XXS WW=2 WD=1 BD=1 WL=0\n");
        assert_eq!(scoring(&with_xxs, None), ScoringScheme::CXA);
        assert_eq!(
            scoring(&without(&text, "162"), None),
            ScoringScheme::ONE_HALF_ZERO
        );
        // The tournament built from it scores every player as the file's points column does.
        let t = Tournament::from_events(import(&text, Book::Wxf2018, None, None).unwrap()).unwrap();
        let doc = read(&text).unwrap();
        for s in t.standings() {
            let written = doc.players[s.competitor].points.as_deref().unwrap();
            assert_eq!(s.score, written.trim().parse::<Points>().unwrap(), "{s:?}");
        }
        // A tenth of a point has no quarter-point value.
        let odd = text.replace("W 3.0", "W 3.1");
        assert_ne!(odd, text);
        assert!(matches!(
            import(&odd, Book::Wxf2018, None, None),
            Err(TrfError::File(_))
        ));
    }

    #[test]
    fn trf2026_initial_colour() {
        let text = trf2026("round1_152.trf");
        assert_eq!(dutch(&text), trf2026("round1_152.expected"));
        assert_ne!(
            dutch(&text.replace("152 B", "152 W")),
            trf2026("round1_152.expected")
        );
        assert!(swiss_input(&text.replace("152 B", "152 X")).is_err());
    }

    /// Records 240 and 260 only concern the rounds they name; a 240 naming an unknown player is
    /// an error, not a silent skip.
    #[test]
    fn trf2026_records_for_other_rounds() {
        let text = trf2026("records.trf");
        let later = text
            .replace("240 H   3    2", "240 H   4    2")
            .replace("260   3   4", "260   1   2");
        let input = swiss_input(&later).unwrap();
        assert!(
            input
                .players
                .iter()
                .all(|p| p.next_round.is_none() || p.number == 7)
        );
        assert!(input.forbidden.is_empty());
        let unknown = text.replace("240 H   3    2", "240 H   3   42");
        assert!(matches!(swiss_input(&unknown), Err(TrfError::File(m)) if m.contains("42")));
        let bad = text.replace("240 H   3    2", "240 Q   3    2");
        assert!(matches!(swiss_input(&bad), Err(TrfError::Line { .. })));
    }
}
