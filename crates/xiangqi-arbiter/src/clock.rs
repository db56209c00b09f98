//! Game clocks (计时) for every time control the books name, driven by timestamps.
//!
//! Time is an input: every operation takes the moment it happened (`at`, milliseconds on any
//! monotonic scale the caller chooses). The library never reads the system clock, so a game is a
//! pure function of its events and any replica of the server can rebuild its clock.
//!
//! The time controls (CXA 2011 art. 6; WXF 2018 art. 6):
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
//! ## Choices where the books are silent
//!
//! - **Quota periods are fixed on each side's own used-time axis**, as an analogue clock with
//!   flags measures them: period *k* ends when the side has used the sum of the first *k*
//!   periods' times (plus increments and adjustments). Unused time thus carries over, but moves
//!   do not: a move counts in the period in which it was completed, so extra moves in one
//!   period do not count toward the next (seed 001 ③: "每一个时段内都可以多走着数，但却不能挪到下一个
//!   时段内累计"). A period whose quota is not met when it ends loses (CXA 2011 arts. 21.1,
//!   4.1.6; WXF 2018 arts. 3.1.B, 6.2).
//! - **A move completed exactly at zero is in time**: the flag falls when the elapsed time
//!   exceeds what was left (CXA 2011 art. 21.3: "时间用尽"); the resolution is a millisecond.
//! - **读秒 (per-move limit)**: when the main time of the final period (one without a quota) runs
//!   out, the side enters 读秒 and from then on every move must be completed within the limit,
//!   which restarts with each move; a move that overruns it loses, as digital Chinese clocks do.
//!   A per-move limit cannot be combined with a quota in the final period or with an increment
//!   there (no clock does that; the spec is rejected).
//! - **Time penalties may flag a side at once**: deducting five minutes from a side with less
//!   left makes it lose on time (CXA 2011 art. 22.2 "若因此而超时，则判负"; WXF 2018 art. 8
//!   "如因此超时则判负"), in 读秒 too: a side in 读秒 has no main time left to take it from.
//! - **The remaining time shown** is the time until the next control, carrying over what a met
//!   quota leaves (a digital clock's display); in 读秒 it is the per-move limit.

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
    let (h, m, s, milli) = (
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000,
    );
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
    let only_per_move =
        s.per_move_ms.is_some() && s.periods.len() == 1 && s.periods[0] == Period {
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

/// Why a flag fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FlagReason {
    /// The time ran out. CXA 2011 arts. 21.2–21.3; WXF 2018 arts. 6.1, 6.3.
    TimeUp,
    /// A period ended before its quota was met. CXA 2011 arts. 21.1, 4.1.6; WXF 2018 arts.
    /// 3.1.B, 6.2.
    QuotaNotMet {
        /// The period, from 1.
        period: u32,
        /// Moves completed in it.
        moves: u32,
        /// Moves required.
        quota: u32,
    },
    /// A move in 读秒 overran the per-move limit. Seed 001 (时间规定).
    PerMove,
    /// A time penalty took more than was left. CXA 2011 art. 22.2; WXF 2018 art. 8.
    Penalty,
}

impl FlagReason {
    /// The articles behind this loss.
    pub const fn article(self) -> &'static str {
        match self {
            FlagReason::TimeUp => "CXA 2011 arts. 21.3, 21.6; WXF 2018 art. 6.7",
            FlagReason::QuotaNotMet { .. } => "CXA 2011 arts. 21.1, 4.1.6; WXF 2018 art. 6.2",
            FlagReason::PerMove => "summary 001 (每方走一着棋的时间不得超过…秒)",
            FlagReason::Penalty => "CXA 2011 art. 22.2; WXF 2018 art. 8",
        }
    }
}

/// A flag that fell: who, at what moment, why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Flag {
    /// Whose flag.
    #[serde(with = "crate::wire::color")]
    pub side: Color,
    /// The moment it fell (on the caller's scale).
    pub at_ms: u64,
    /// Why.
    pub reason: FlagReason,
}

/// What can go wrong when a clock is driven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// A timestamp before the last one.
    #[error("time went backwards: {at_ms} ms is before {last_ms} ms")]
    TimeWentBack {
        /// The new moment.
        at_ms: u64,
        /// The last moment seen.
        last_ms: u64,
    },
    /// The clock has not been started.
    #[error("the clock has not been started")]
    NotStarted,
    /// The clock was started twice.
    #[error("the clock is already started")]
    AlreadyStarted,
    /// The clock is stopped (by the arbiter).
    #[error("the clock is stopped")]
    Stopped,
    /// The clock is not stopped.
    #[error("the clock is running")]
    Running,
    /// A flag has fallen: the clock is frozen.
    #[error("a flag has fallen")]
    Flagged,
}

/// One side's clock state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SideClock {
    /// Time used, in milliseconds.
    pub used_ms: u64,
    /// The used time at which the current period ends; increments and adjustments move it.
    pub limit_ms: i64,
    /// The current period, from 0 (the last repeats).
    pub period: u32,
    /// Moves completed in the current period.
    pub period_moves: u32,
    /// Moves completed in all.
    pub moves: u32,
    /// In 读秒?
    pub per_move: bool,
}

/// A chess clock with two faces. Red's face runs first once started (WXF 2018 art. 6.4: Black
/// presses to start Red's clock).
///
/// ```
/// use xiangqi_arbiter::{Color, clock::{Clock, TimeControl}};
///
/// let mut clock = Clock::new("60m+30s".parse::<TimeControl>()?);
/// clock.start(0)?;
/// clock.press(90_000)?; // Red moved after 90 s
/// assert_eq!(clock.remaining(Color::Red, 90_000), 60 * 60_000 - 90_000 + 30_000);
/// assert_eq!(clock.deadline(), Some(90_000 + 60 * 60_000)); // Black's flag
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    red: SideClock,
    black: SideClock,
    turn: Color,
    started: bool,
    /// When the running face started, `None` while stopped.
    running_since: Option<u64>,
    /// Time the side to move used this turn before the clock was stopped.
    pending_ms: u64,
    last_ms: u64,
    flag: Option<Flag>,
}

fn to_i64(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

impl Clock {
    /// A clock set to `control`, not started, Red to move.
    pub fn new(control: TimeControl) -> Clock {
        Clock::with_turn(control, Color::Red)
    }

    /// A clock set to `control`, `turn` to move first (a game from a set position).
    pub fn with_turn(control: TimeControl, turn: Color) -> Clock {
        let side = |c: &SideControl| SideClock {
            limit_ms: to_i64(c.period(0).time_ms),
            ..SideClock::default()
        };
        Clock {
            red: side(&control.red),
            black: side(&control.black),
            control,
            turn,
            started: false,
            running_since: None,
            pending_ms: 0,
            last_ms: 0,
            flag: None,
        }
    }

    /// The control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Whose face runs (or would run).
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// One side's state.
    pub fn side(&self, color: Color) -> &SideClock {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    fn side_mut(&mut self, color: Color) -> &mut SideClock {
        match color {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }

    /// The flag that fell, if any.
    pub fn flag(&self) -> Option<Flag> {
        self.flag
    }

    /// Is the clock running?
    pub fn is_running(&self) -> bool {
        self.running_since.is_some() && self.flag.is_none()
    }

    fn tick(&mut self, at: u64) -> Result<(), ClockError> {
        if at < self.last_ms {
            return Err(ClockError::TimeWentBack {
                at_ms: at,
                last_ms: self.last_ms,
            });
        }
        self.last_ms = at;
        Ok(())
    }

    /// Starts the clock: the side to move's face runs from `at`.
    ///
    /// # Errors
    /// [`ClockError::AlreadyStarted`], [`ClockError::TimeWentBack`].
    pub fn start(&mut self, at: u64) -> Result<(), ClockError> {
        if self.started {
            return Err(ClockError::AlreadyStarted);
        }
        self.tick(at)?;
        self.started = true;
        self.running_since = Some(at);
        Ok(())
    }

    /// Time used by the side to move in the current turn, up to `at`.
    fn turn_elapsed(&self, at: u64) -> u64 {
        let running = self
            .running_since
            .map_or(0, |since| at.saturating_sub(since));
        self.pending_ms.saturating_add(running)
    }

    /// How long `color` may still think, from the start of its turn, before its flag falls:
    /// main time (to the next control that is not yet met) plus 读秒.
    fn until_flag(&self, color: Color) -> u64 {
        let s = self.side(color);
        let c = self.control.side(color);
        let pm = c.per_move_ms.unwrap_or(0);
        if s.per_move {
            return pm;
        }
        let main = u64::try_from(self.main_left(color, 0)).unwrap_or(0);
        main.saturating_add(pm)
    }

    /// Main time `color` has left after `running` more milliseconds, to the first control whose
    /// quota is not yet met; negative once overrun.
    fn main_left(&self, color: Color, running: u64) -> i64 {
        let s = self.side(color);
        let c = self.control.side(color);
        let p = c.period(s.period as usize);
        let mut limit = s.limit_ms;
        if p.moves.is_some_and(|q| s.period_moves >= q) {
            limit = limit.saturating_add(to_i64(c.period(s.period as usize + 1).time_ms));
        }
        limit.saturating_sub(to_i64(s.used_ms.saturating_add(running)))
    }

    /// What `color`'s face shows at `at`: the time to its next control (a met quota's leftover
    /// carried), or the per-move limit left in 读秒. Never negative.
    pub fn remaining(&self, color: Color, at: u64) -> u64 {
        let s = self.side(color);
        let c = self.control.side(color);
        if self.flag.is_some_and(|f| f.side == color) {
            return 0;
        }
        let running = if color == self.turn && self.flag.is_none() {
            self.turn_elapsed(at)
        } else {
            0
        };
        let total = self.until_flag(color);
        let pm = c.per_move_ms.unwrap_or(0);
        let shown = if s.per_move { total } else { total - pm };
        if running <= shown {
            shown - running
        } else if !s.per_move && pm > 0 {
            // Into 读秒 during this turn.
            total.saturating_sub(running)
        } else {
            0
        }
    }

    /// The moment the running side's flag would fall if it does not move, `None` while stopped,
    /// not started or after a flag. Store it: whoever looks next enforces it (DESIGN.md).
    pub fn deadline(&self) -> Option<u64> {
        if self.flag.is_some() {
            return None;
        }
        let since = self.running_since?;
        let left = self.until_flag(self.turn).saturating_sub(self.pending_ms);
        Some(since.saturating_add(left))
    }

    /// Has the running side's flag fallen by `at`? Records the flag if so.
    ///
    /// # Errors
    /// [`ClockError::TimeWentBack`].
    pub fn check(&mut self, at: u64) -> Result<Option<Flag>, ClockError> {
        if self.flag.is_some() {
            return Ok(self.flag);
        }
        self.tick(at)?;
        let Some(deadline) = self.deadline() else {
            return Ok(None);
        };
        if at > deadline {
            let reason = self.reason_at_deadline(self.turn);
            let flag = Flag {
                side: self.turn,
                at_ms: deadline,
                reason,
            };
            self.flag = Some(flag);
            return Ok(Some(flag));
        }
        Ok(None)
    }

    fn reason_at_deadline(&self, color: Color) -> FlagReason {
        let s = self.side(color);
        let c = self.control.side(color);
        if s.per_move || c.per_move_ms.is_some() {
            return FlagReason::PerMove;
        }
        let mut period = s.period;
        let mut moves = s.period_moves;
        let mut p = c.period(period as usize);
        if p.moves.is_some_and(|q| moves >= q) {
            period = period.saturating_add(1);
            moves = 0;
            p = c.period(period as usize);
        }
        match p.moves {
            Some(quota) => FlagReason::QuotaNotMet {
                period: period.saturating_add(1),
                moves,
                quota,
            },
            None => FlagReason::TimeUp,
        }
    }

    /// The side to move completed its move and pressed the clock at `at`: its time is charged,
    /// its increment added, the opponent's face starts. Returns the flag if the move came too
    /// late (the caller decides whether a mate stands, CXA 2011 art. 21.6).
    ///
    /// # Errors
    /// [`ClockError::NotStarted`], [`ClockError::Stopped`], [`ClockError::Flagged`],
    /// [`ClockError::TimeWentBack`].
    pub fn press(&mut self, at: u64) -> Result<Option<Flag>, ClockError> {
        if self.flag.is_some() {
            return Err(ClockError::Flagged);
        }
        if !self.started {
            return Err(ClockError::NotStarted);
        }
        if self.running_since.is_none() {
            return Err(ClockError::Stopped);
        }
        if let Some(flag) = self.check(at)? {
            return Ok(Some(flag));
        }
        let elapsed = self.turn_elapsed(at);
        let color = self.turn;
        let control = self.control.side(color).clone();
        let s = self.side_mut(color);
        s.used_ms = s.used_ms.saturating_add(elapsed);
        // The periods that ended during this move; `check` proved their quotas were met.
        loop {
            let p = control.period(s.period as usize);
            if s.per_move || to_i64(s.used_ms) <= s.limit_ms || p.moves.is_none() {
                break;
            }
            s.period = s.period.saturating_add(1);
            s.period_moves = 0;
            let next = control.period(s.period as usize);
            s.limit_ms = s.limit_ms.saturating_add(to_i64(next.time_ms));
        }
        if control.per_move_ms.is_some() && !s.per_move && to_i64(s.used_ms) > s.limit_ms {
            // Main time used up during this move: 读秒 from now on.
            s.per_move = true;
        }
        let p = control.period(s.period as usize);
        s.period_moves = s.period_moves.saturating_add(1);
        s.moves = s.moves.saturating_add(1);
        if !s.per_move {
            s.limit_ms = s.limit_ms.saturating_add(to_i64(p.increment_ms));
        }
        self.turn = !color;
        self.pending_ms = 0;
        self.running_since = Some(at);
        Ok(None)
    }

    /// The arbiter stops the clock at `at` (a claim to check, a dispute, sealing). CXA 2011
    /// art. 22.2; WXF 2018 arts. 6.4, 8.
    ///
    /// # Errors
    /// [`ClockError::Stopped`] if already stopped, [`ClockError::Flagged`],
    /// [`ClockError::TimeWentBack`].
    pub fn stop(&mut self, at: u64) -> Result<Option<Flag>, ClockError> {
        if self.flag.is_some() {
            return Err(ClockError::Flagged);
        }
        if self.running_since.is_none() {
            return Err(ClockError::Stopped);
        }
        if let Some(flag) = self.check(at)? {
            return Ok(Some(flag));
        }
        self.pending_ms = self.turn_elapsed(at);
        self.running_since = None;
        Ok(None)
    }

    /// The arbiter restarts the clock at `at`.
    ///
    /// # Errors
    /// [`ClockError::Running`] if it runs, [`ClockError::NotStarted`], [`ClockError::Flagged`],
    /// [`ClockError::TimeWentBack`].
    pub fn resume(&mut self, at: u64) -> Result<(), ClockError> {
        if self.flag.is_some() {
            return Err(ClockError::Flagged);
        }
        if !self.started {
            return Err(ClockError::NotStarted);
        }
        if self.running_since.is_some() {
            return Err(ClockError::Running);
        }
        self.tick(at)?;
        self.running_since = Some(at);
        Ok(())
    }

    /// Adds (`delta_ms > 0`) or takes (`< 0`) time from `color`'s clock at `at`: the arbiter's
    /// adjustment after a fault (CXA 2011 art. 21.4; WXF 2018 art. 6.6), a penalty (−5 min,
    /// CXA 2011 art. 22.2, WXF 2018 art. 8) or a compensation (+2 min, WXF 2018 art. 12.12).
    /// Returns the flag if a deduction took more than was left.
    ///
    /// # Errors
    /// [`ClockError::Flagged`], [`ClockError::TimeWentBack`].
    pub fn adjust(&mut self, color: Color, delta_ms: i64, at: u64) -> Result<Option<Flag>, ClockError> {
        if self.check(at)?.is_some() {
            return Err(ClockError::Flagged);
        }
        let delta = delta_ms.clamp(-to_i64(MAX_MS), to_i64(MAX_MS));
        let running = if color == self.turn {
            self.turn_elapsed(at)
        } else {
            0
        };
        let s = self.side_mut(color);
        if s.per_move {
            if delta < 0 {
                let flag = Flag {
                    side: color,
                    at_ms: at,
                    reason: FlagReason::Penalty,
                };
                self.flag = Some(flag);
                return Ok(Some(flag));
            }
            // Time given in 读秒 becomes main time again.
            s.per_move = false;
            s.limit_ms = to_i64(s.used_ms).saturating_add(delta);
            return Ok(None);
        }
        s.limit_ms = s.limit_ms.saturating_add(delta);
        if delta < 0 && self.main_left(color, running) < 0 {
            let flag = Flag {
                side: color,
                at_ms: at,
                reason: FlagReason::Penalty,
            };
            self.flag = Some(flag);
            return Ok(Some(flag));
        }
        Ok(None)
    }
}
