//! The grammar of time controls (计时方式): how a control is written, read and described.
//!
//! The controls the books name (CXA 2011 art. 6; WXF 2018 art. 6):
//!
//! | family | spec | article |
//! | --- | --- | --- |
//! | base plus increment (加秒制) | `60m+30s` | CXA 6.1; WXF 6.1 |
//! | move quotas over periods (限时限着制) | `60m/30,10m/10` (the last period repeats), `90m/40,30m/20,15m` | CXA 6.2; WXF 6.2; seed 001 ③ |
//! | sudden death (限时包干制) | `1m` | CXA 6.3; WXF 6.3 |
//! | rapid (快棋), 15 minutes or less | `15m+5s` | CXA 6.4 |
//! | handicap (贴时制), different times per side | `red:10m,black:8m` | CXA 6.5 |
//! | per-move limit after the base time (读秒) | `5m;30s`, `0;30s` (every move within 30 s) | seed 001 (时间规定) |
//!
//! A per-move limit cannot be combined with a quota in the final period or with an increment
//! there (no clock does that; the spec is rejected). The clock that runs a control is
//! [`crate::clock::Clock`].

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// The longest time any one figure of a control may name: 30 days. Larger values are rejected
/// so that sums cannot overflow.
pub const MAX_MS: u64 = 30 * 24 * 3_600_000;

/// One period of a time control: a time, a move quota or none, an increment per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Period {
    /// The time the period adds, in milliseconds.
    pub time_ms: u64,
    /// The moves to complete within it (限着); `None` for the rest of the game (包干).
    pub moves: Option<u32>,
    /// Added after every move completed in this period (加秒). CXA 2011 art. 6.1; WXF 2018 art.
    /// 6.1.
    pub increment_ms: u64,
}

/// One side's time control.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideControl {
    /// The periods in order; a final period with a quota repeats until the game ends (CXA 2011
    /// art. 6.2: "以后每10分钟内须走满10着，直至对局结束").
    pub periods: Vec<Period>,
    /// 读秒: once the main time is used up, every move within this many milliseconds (seed 001:
    /// "每方走一着棋的时间不得超过…秒，如有一着棋超过时间，判负").
    pub per_move_ms: Option<u64>,
}

/// A time control for both sides; they differ only in handicap games (贴时, CXA 2011 art. 6.5).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Red's control.
    pub red: SideControl,
    /// Black's control.
    pub black: SideControl,
}

/// What is wrong with a time control or its spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// The spec does not follow the grammar.
    #[error("invalid time control {spec:?}: {why}")]
    Syntax {
        /// The text.
        spec: String,
        /// What is wrong.
        why: String,
    },
    /// The spec reads but describes no playable control.
    #[error("invalid time control: {0}")]
    Invalid(String),
}

impl SideControl {
    /// The period in force as the `index`-th (from 0): the last repeats.
    pub fn period(&self, index: usize) -> Period {
        let last = self.periods.len().saturating_sub(1);
        self.periods
            .get(index.min(last))
            .copied()
            .unwrap_or(Period {
                time_ms: 0,
                moves: None,
                increment_ms: 0,
            })
    }

    /// The family of this control, for descriptions.
    pub fn is_rapid(&self) -> bool {
        // CXA 2011 art. 6.4: 15 minutes or less each.
        self.periods.len() == 1 && self.periods[0].time_ms <= 15 * 60_000
    }

    fn validate(&self) -> Result<(), ControlError> {
        let bad = |s: &str| Err(ControlError::Invalid(s.to_owned()));
        let Some(last) = self.periods.last() else {
            return bad("no period");
        };
        for (i, p) in self.periods.iter().enumerate() {
            if p.time_ms > MAX_MS || p.increment_ms > MAX_MS {
                return bad("a time longer than 30 days");
            }
            if p.moves == Some(0) {
                return bad("a quota of zero moves");
            }
            if p.moves.is_none() && i + 1 < self.periods.len() {
                return bad("only the last period may be without a move quota");
            }
            if p.moves.is_some() && p.time_ms == 0 && p.increment_ms == 0 {
                return bad("a move quota with no time");
            }
        }
        match self.per_move_ms {
            Some(pm) => {
                if pm == 0 || pm > MAX_MS {
                    return bad("a per-move limit must be between 1 ms and 30 days");
                }
                if last.moves.is_some() {
                    return bad("a per-move limit needs a final period without a move quota");
                }
                if last.increment_ms > 0 {
                    return bad("a per-move limit cannot be combined with an increment");
                }
            }
            None => {
                if self.periods.iter().all(|p| p.time_ms == 0) {
                    return bad("no time at all");
                }
            }
        }
        Ok(())
    }
}

impl TimeControl {
    /// The same control for both sides.
    ///
    /// # Errors
    /// [`ControlError::Invalid`] if it describes no playable control.
    pub fn both(side: SideControl) -> Result<TimeControl, ControlError> {
        TimeControl::handicap(side.clone(), side)
    }

    /// Different controls per side (贴时). CXA 2011 art. 6.5.
    ///
    /// # Errors
    /// [`ControlError::Invalid`] if either describes no playable control.
    pub fn handicap(red: SideControl, black: SideControl) -> Result<TimeControl, ControlError> {
        red.validate()?;
        black.validate()?;
        Ok(TimeControl { red, black })
    }

    /// `color`'s control.
    pub fn side(&self, color: Color) -> &SideControl {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// Is this a handicap control (贴时, CXA 2011 art. 6.5)?
    pub fn is_handicap(&self) -> bool {
        self.red != self.black
    }

    /// Describes the control in English, naming its family and article.
    pub fn describe(&self) -> String {
        if self.is_handicap() {
            format!(
                "handicap (贴时, CXA 2011 art. 6.5): red {}; black {}",
                describe_side(&self.red),
                describe_side(&self.black)
            )
        } else {
            describe_side(&self.red)
        }
    }
}

fn describe_side(s: &SideControl) -> String {
    let mut parts = Vec::new();
    for (i, p) in s.periods.iter().enumerate() {
        let mut t = fmt_ms(p.time_ms);
        if let Some(m) = p.moves {
            t.push_str(&format!(" for {m} moves"));
        } else if i == 0 {
            t.push_str(" for the game");
        } else {
            t.push_str(" for the rest of the game");
        }
        if p.increment_ms > 0 {
            t.push_str(&format!(" plus {} per move", fmt_ms(p.increment_ms)));
        }
        parts.push(t);
    }
    let mut out = parts.join(", then ");
    let last = s.periods.last().copied();
    if last.is_some_and(|p| p.moves.is_some()) && s.periods.len() > 1 {
        out.push_str(" (the last period repeats)");
    } else if last.is_some_and(|p| p.moves.is_some()) {
        out.push_str(" (repeating)");
    }
    if let Some(pm) = s.per_move_ms {
        out.push_str(&format!(", then each move within {} (读秒)", fmt_ms(pm)));
    }
    let family = if s.per_move_ms.is_some() {
        "per-move limit 读秒, seed 001"
    } else if s.periods.iter().any(|p| p.moves.is_some()) {
        "move quotas 限时限着, CXA 2011 art. 6.2; WXF 2018 art. 6.2"
    } else if s.periods.iter().any(|p| p.increment_ms > 0) {
        if s.is_rapid() {
            "rapid with increment, CXA 2011 arts. 6.1, 6.4"
        } else {
            "increment 加秒, CXA 2011 art. 6.1; WXF 2018 art. 6.1"
        }
    } else if s.is_rapid() {
        "rapid sudden death 快棋, CXA 2011 arts. 6.3, 6.4"
    } else {
        "sudden death 包干, CXA 2011 art. 6.3; WXF 2018 art. 6.3"
    };
    format!("{out} ({family})")
}

/// Writes milliseconds as `1h30m`, `45s`, `0s`, `1.5s`.
pub fn fmt_ms(ms: u64) -> String {
    if ms == 0 {
        return "0s".to_owned();
    }
    let (h, m, s, milli) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if m > 0 {
        out.push_str(&format!("{m}m"));
    }
    if milli > 0 {
        out.push_str(&format!("{s}.{milli:03}s"));
    } else if s > 0 {
        out.push_str(&format!("{s}s"));
    }
    out
}

/// Reads a duration: `90m`, `1h30m`, `30s`, `1m30s`, `0`. A bare number other than 0 is
/// ambiguous and rejected.
fn parse_duration(text: &str) -> Result<u64, String> {
    let t = text.trim();
    if t == "0" {
        return Ok(0);
    }
    if t.is_empty() {
        return Err("a duration is missing".to_owned());
    }
    let mut total: u64 = 0;
    let mut digits = String::new();
    let mut seen_unit = false;
    let mut last_rank = usize::MAX;
    for c in t.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let (unit, rank) = match c {
            'h' => (3_600_000, 2),
            'm' => (60_000, 1),
            's' => (1000, 0),
            _ => return Err(format!("unexpected {c:?} in duration {t:?}")),
        };
        if digits.is_empty() {
            return Err(format!("unit {c:?} without a number in {t:?}"));
        }
        if rank >= last_rank {
            return Err(format!("units out of order in {t:?} (write h, m, s)"));
        }
        last_rank = rank;
        let n: u64 = digits
            .parse()
            .map_err(|_| format!("number too large in {t:?}"))?;
        digits.clear();
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .filter(|v| *v <= MAX_MS)
            .ok_or_else(|| format!("duration {t:?} is longer than 30 days"))?;
        seen_unit = true;
    }
    if !digits.is_empty() || !seen_unit {
        return Err(format!("duration {t:?} needs a unit: h, m or s"));
    }
    Ok(total)
}

fn parse_side(text: &str) -> Result<SideControl, String> {
    let (main, per_move) = match text.split_once(';') {
        Some((main, pm)) => (main, Some(parse_duration(pm)?)),
        None => (text, None),
    };
    let main = main.trim();
    let mut periods = Vec::new();
    if main.is_empty() {
        if per_move.is_none() {
            return Err("empty control".to_owned());
        }
        periods.push(Period {
            time_ms: 0,
            moves: None,
            increment_ms: 0,
        });
    } else {
        for part in main.split(',') {
            let (time_moves, inc) = match part.split_once('+') {
                Some((tm, inc)) => (tm, parse_duration(inc)?),
                None => (part, 0),
            };
            let (time, moves) = match time_moves.split_once('/') {
                Some((t, m)) => {
                    let m = m.trim();
                    let n: u32 = m
                        .parse()
                        .map_err(|_| format!("move quota {m:?} is not a number"))?;
                    (t, Some(n))
                }
                None => (time_moves, None),
            };
            periods.push(Period {
                time_ms: parse_duration(time)?,
                moves,
                increment_ms: inc,
            });
        }
    }
    Ok(SideControl {
        periods,
        per_move_ms: per_move,
    })
}

impl FromStr for TimeControl {
    type Err = ControlError;

    /// Reads a spec:
    ///
    /// - `60m+30s`: base time plus an increment per move (CXA 2011 art. 6.1);
    /// - `60m/30,10m/10`: quotas, the last period repeating (art. 6.2);
    /// - `90m/40,30m/20,15m`: quotas, then the rest of the game in 15 minutes;
    /// - `1m`: sudden death (art. 6.3);
    /// - `5m;30s`: base time, then each move within 30 s (读秒); `0;30s` every move within 30 s;
    /// - `red:10m,black:8m`: a handicap (贴时, art. 6.5), each side any of the above.
    ///
    /// Durations are `1h30m`, `90m`, `45s`; a period may carry its own increment (`90m/40+30s`).
    fn from_str(spec: &str) -> Result<TimeControl, ControlError> {
        let syntax = |why: String| ControlError::Syntax {
            spec: spec.to_owned(),
            why,
        };
        let s = spec.trim();
        if s.starts_with("red:") || s.starts_with("black:") {
            let mut red = None;
            let mut black = None;
            // Split where a side's name starts: after a comma, `red:` or `black:`.
            let mut rest = s;
            while !rest.is_empty() {
                let (color, body) = if let Some(b) = rest.strip_prefix("red:") {
                    (Color::Red, b)
                } else if let Some(b) = rest.strip_prefix("black:") {
                    (Color::Black, b)
                } else {
                    return Err(syntax("expected red: or black:".to_owned()));
                };
                let end = [",red:", ",black:"]
                    .iter()
                    .filter_map(|k| body.find(k))
                    .min()
                    .unwrap_or(body.len());
                let side = parse_side(&body[..end]).map_err(syntax)?;
                let slot = match color {
                    Color::Red => &mut red,
                    Color::Black => &mut black,
                };
                if slot.replace(side).is_some() {
                    return Err(syntax("a side is given twice".to_owned()));
                }
                rest = body[end..].strip_prefix(',').unwrap_or(&body[end..]);
            }
            match (red, black) {
                (Some(r), Some(b)) => TimeControl::handicap(r, b),
                _ => Err(syntax("a handicap needs both red: and black:".to_owned())),
            }
        } else {
            TimeControl::both(parse_side(s).map_err(syntax)?)
        }
    }
}

fn write_side(s: &SideControl, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let only_per_move = s.per_move_ms.is_some()
        && s.periods.len() == 1
        && s.periods[0]
            == Period {
                time_ms: 0,
                moves: None,
                increment_ms: 0,
            };
    if only_per_move {
        f.write_str("0")?;
    } else {
        for (i, p) in s.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(&fmt_ms(p.time_ms))?;
            if let Some(m) = p.moves {
                write!(f, "/{m}")?;
            }
            if p.increment_ms > 0 {
                write!(f, "+{}", fmt_ms(p.increment_ms))?;
            }
        }
    }
    if let Some(pm) = s.per_move_ms {
        write!(f, ";{}", fmt_ms(pm))?;
    }
    Ok(())
}

impl fmt::Display for TimeControl {
    /// The spec [`TimeControl::from_str`] reads back (for whole milliseconds of seconds).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_handicap() {
            f.write_str("red:")?;
            write_side(&self.red, f)?;
            f.write_str(",black:")?;
            write_side(&self.black, f)
        } else {
            write_side(&self.red, f)
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn control(spec: &str) -> TimeControl {
        spec.parse()
            .unwrap_or_else(|e| panic!("{spec} should parse: {e}"))
    }

    #[test]
    fn specs_parse_and_print() {
        for (spec, family) in [
            ("60m+30s", "CXA 2011 art. 6.1"),
            ("60m/30,10m/10", "art. 6.2"),
            ("90m/40,30m/20,15m", "art. 6.2"),
            ("1h30m", "art. 6.3"),
            ("1m", "6.4"),
            ("5m;30s", "读秒"),
            ("0;30s", "读秒"),
            ("red:10m,black:8m", "6.5"),
            ("red:60m/30,10m/10,black:50m/30,10m/10", "6.5"),
        ] {
            let c = control(spec);
            let back: TimeControl = c.to_string().parse().expect("round trip");
            assert_eq!(back, c, "{spec} -> {c}");
            assert!(c.describe().contains(family), "{spec}: {}", c.describe());
        }
        assert_eq!(
            control("90m/40,30m/20,15m").to_string(),
            "1h30m/40,30m/20,15m"
        );
    }

    #[test]
    fn malformed_specs_are_errors() {
        for bad in [
            "",
            "60",
            "60x",
            "m",
            "60m/0",
            "60m/x",
            "60m,10m/10",
            "5m/40;30s",
            "5m+5s;30s",
            "red:10m",
            "red:10m,red:5m",
            "blue:5m",
            "0",
            "1000000h",
            "30s1m",
            "60m/40,",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?} should fail");
        }
    }

    /// A period of whole seconds: its time, its quota when `quota`, an increment.
    fn period(quota: bool) -> impl Strategy<Value = Period> {
        (1u64..=7200, 1u32..=60, 0u64..=60).prop_map(move |(t, moves, inc)| Period {
            time_ms: t * 1000,
            moves: quota.then_some(moves),
            increment_ms: inc * 1000,
        })
    }

    /// A playable side: periods with quotas, then a last one with or without; 读秒 only after
    /// a last period without quota or increment.
    fn side() -> impl Strategy<Value = SideControl> {
        (
            proptest::collection::vec(period(true), 0..3),
            any::<bool>(),
            period(false),
            proptest::option::of(1u64..=120),
        )
            .prop_map(|(mut periods, last_quota, mut last, per_move)| {
                if per_move.is_some() {
                    last.increment_ms = 0;
                } else if last_quota {
                    last.moves = Some(40);
                }
                periods.push(last);
                SideControl {
                    periods,
                    per_move_ms: per_move.map(|s| s * 1000),
                }
            })
    }

    proptest! {
        /// What a control writes, the grammar reads back to the same control.
        #[test]
        fn a_written_control_reads_back(red in side(), black in side()) {
            let c = TimeControl::handicap(red, black).expect("playable sides");
            let text = c.to_string();
            prop_assert_eq!(text.parse::<TimeControl>(), Ok(c), "{}", text);
        }

        /// Any text is read or refused with an error, never a panic; what is read writes back
        /// to a spec that reads the same.
        #[test]
        fn any_text_is_read_or_refused(text in "[0-9hms:/,;+ redblackx]{0,32}|\\PC{0,16}") {
            if let Ok(c) = text.parse::<TimeControl>() {
                prop_assert_eq!(c.to_string().parse::<TimeControl>(), Ok(c));
            }
        }
    }
}
