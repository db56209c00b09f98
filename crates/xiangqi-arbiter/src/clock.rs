//! Game clocks (计时) for every time control the books name, driven by timestamps.
//!
//! Time is an input: every operation takes the moment it happened (`at`, milliseconds on any
//! monotonic scale the caller chooses). The library never reads the system clock, so a game is a
//! pure function of its events and any replica of the server can rebuild its clock.
//!
//! The time controls (CXA 2011 art. 6; WXF 2018 art. 6: increments, move quotas, sudden death,
//! rapid, handicap, 读秒) are written and read by their own grammar, re-exported here:
//! [`TimeControl`] (its `FromStr` and `Display`).
//!
//! The clock stands on the game: [`Clock`] knows only the control and the moments, and
//! [`TimedGame`] drives a [`Game`] and its clock with the same events.
//!
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

use serde::{Deserialize, Serialize};
use xiangqi::{Color, Move, Position, iccs::Iccs};

pub use crate::{
    control::{ControlError, MAX_MS, Period, SideControl, TimeControl, fmt_ms},
    event::FlagReason,
};
use crate::{
    event::{Foul, GameEvent, Termination},
    game::{Game, GameError},
    rules::RuleSet,
};

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

    /// Time `color` has used by `at`, the running turn included.
    pub fn used(&self, color: Color, at: u64) -> u64 {
        let s = self.side(color);
        if color == self.turn && self.flag.is_none() {
            s.used_ms.saturating_add(self.turn_elapsed(at))
        } else {
            s.used_ms
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

    /// The arbiter takes moves back at `at` (an error corrected: CXA 2011 art. 5.8; WXF 2018
    /// art. 4.4): the time each side used stands (the books turn back the board, not the
    /// clock), the side to move is charged up to `at`, and `turn`'s face runs from `at` if the
    /// clock ran. The moves taken back (`taken`, Red's and Black's) no longer count towards a
    /// period's quota. Returns the flag if the side to move had overrun before `at`.
    ///
    /// # Errors
    /// [`ClockError::Flagged`], [`ClockError::TimeWentBack`].
    pub fn take_back(
        &mut self,
        turn: Color,
        taken: [u32; 2],
        at: u64,
    ) -> Result<Option<Flag>, ClockError> {
        if self.flag.is_some() {
            return Err(ClockError::Flagged);
        }
        if let Some(flag) = self.check(at)? {
            return Ok(Some(flag));
        }
        let elapsed = self.turn_elapsed(at);
        let running = self.running_since.is_some();
        let mover = self.turn;
        let s = self.side_mut(mover);
        s.used_ms = s.used_ms.saturating_add(elapsed);
        for (color, n) in [(Color::Red, taken[0]), (Color::Black, taken[1])] {
            let s = self.side_mut(color);
            s.moves = s.moves.saturating_sub(n);
            s.period_moves = s.period_moves.saturating_sub(n);
        }
        self.turn = turn;
        self.pending_ms = 0;
        self.running_since = running.then_some(at);
        Ok(None)
    }

    /// Adds (`delta_ms > 0`) or takes (`< 0`) time from `color`'s clock at `at`: the arbiter's
    /// adjustment after a fault (CXA 2011 art. 21.4; WXF 2018 art. 6.6), a penalty (−5 min,
    /// CXA 2011 art. 22.2, WXF 2018 art. 8) or a compensation (+2 min, WXF 2018 art. 12.12).
    /// Returns the flag if a deduction took more than was left.
    ///
    /// # Errors
    /// [`ClockError::Flagged`], [`ClockError::TimeWentBack`].
    pub fn adjust(
        &mut self,
        color: Color,
        delta_ms: i64,
        at: u64,
    ) -> Result<Option<Flag>, ClockError> {
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

/// What can go wrong when a timed game is fed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimedError {
    /// The game refused the event.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The clock refused it.
    #[error(transparent)]
    Clock(#[from] ClockError),
    /// A move on a running clock without its time.
    #[error("a move without its time (a move_time event must precede it)")]
    Untimed,
    /// A flag event the clock does not confirm.
    #[error("no flag of {0} had fallen by then")]
    NoFlag(&'static str),
}

/// A game with its clock: every event goes through [`TimedGame::apply`], which charges time,
/// makes flags fall and applies the time consequences of fouls, so a replay of the events
/// ([`TimedGame::from_events`]) rebuilds the same clock.
///
/// - A flag that falls during a move loses, unless the move mated or stalemated (CXA 2011 art.
///   21.6; WXF 2018 is silent on mate and we follow the same rule: a mate ends the game the
///   moment the piece is released, CXA 2011 art. 5.7, before the clock is pressed).
/// - A false natural-limit claim takes five minutes from the claimant, which may flag it (CXA
///   2011 art. 22.2; WXF 2018 art. 8); knocked pieces give the opponent two minutes (WXF 2018
///   art. 12.12). These follow from the claim and foul events and are not stored twice.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_arbiter::{Color, GameResult, RuleSet, Termination, clock::{TimeControl, TimedGame}};
///
/// let mut g = TimedGame::new(Position::new(), RuleSet::cxa2011(), "1m".parse::<TimeControl>()?);
/// g.start(0)?;
/// g.play_iccs("h2e2", 30_000)?;
/// // Black thinks 61 s: its flag fell at 90 s (CXA 2011 arts. 21.3, 21.6).
/// let flag = g.play_iccs("h9g7", 91_000)?.expect("flag");
/// assert_eq!((flag.side, flag.at_ms), (Color::Black, 90_000));
/// assert_eq!(g.game().end(), Some((GameResult::RedWins, Termination::TimeForfeit)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct TimedGame {
    game: Game,
    clock: Clock,
    /// The time of the next move, from a [`GameEvent::MoveTime`].
    next_move_at: Option<u64>,
}

impl TimedGame {
    /// A game from `start` under `rules` with `control`, the clock not started.
    pub fn new(start: Position, rules: RuleSet, control: TimeControl) -> TimedGame {
        let turn = start.turn();
        TimedGame {
            game: Game::new(start, rules),
            clock: Clock::with_turn(control, turn),
            next_move_at: None,
        }
    }

    /// Rebuilds a timed game from its events.
    ///
    /// # Errors
    /// The first event that cannot be applied.
    pub fn from_events(
        start: Position,
        rules: RuleSet,
        control: TimeControl,
        events: &[GameEvent],
    ) -> Result<TimedGame, TimedError> {
        let mut g = TimedGame::new(start, rules, control);
        for e in events {
            match e {
                // Derived events are recomputed, not replayed.
                GameEvent::RepetitionRuled { .. } | GameEvent::Ended { .. } => {}
                // A flag that the replay already made fall (a penalty's).
                GameEvent::FlagFell { .. } if g.game.end().is_some() => {}
                other => g.apply(other.clone())?,
            }
        }
        Ok(g)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Time `color` has used, the running turn up to the last moment seen included.
    pub fn used(&self, color: Color) -> u64 {
        self.clock.used(color, self.clock.last_ms)
    }

    /// Starts the clock at `at`.
    ///
    /// # Errors
    /// See [`TimedGame::apply`].
    pub fn start(&mut self, at: u64) -> Result<(), TimedError> {
        self.apply(GameEvent::ClockStarted { at_ms: at })
    }

    /// Plays a move in ICCS completed at `at`. Returns the flag if it came too late; then the
    /// game is lost on time unless the move mated or stalemated (CXA 2011 art. 21.6).
    ///
    /// # Errors
    /// An illegal or unreadable move (nothing is recorded), or a clock error.
    pub fn play_iccs(&mut self, text: &str, at: u64) -> Result<Option<Flag>, TimedError> {
        let iccs: Iccs = text
            .trim()
            .parse()
            .map_err(|_| GameError::Syntax(text.to_owned()))?;
        let m = self
            .game
            .position()
            .find_move(iccs.from, iccs.to)
            .ok_or_else(|| GameError::Illegal(text.to_owned()))?;
        self.play(m, at)
    }

    /// Plays `m` completed at `at`. See [`TimedGame::play_iccs`].
    ///
    /// # Errors
    /// See [`TimedGame::play_iccs`].
    pub fn play(&mut self, m: Move, at: u64) -> Result<Option<Flag>, TimedError> {
        if self.game.end().is_some() {
            return Err(GameError::Over.into());
        }
        if !self.game.position().is_pseudo_legal(m) {
            return Err(GameError::Illegal(m.to_string()).into());
        }
        let color = self.game.position().turn();
        self.apply(GameEvent::MoveTime { color, at_ms: at })?;
        self.apply(GameEvent::Move {
            color,
            iccs: Iccs::from_move(m),
        })?;
        Ok(self.clock.flag().filter(|f| f.side == color))
    }

    /// Puts `back`, this game taken back to an earlier ply (see [`crate::correction`]), in
    /// place of the game at `at`: the clock keeps the time both sides used and runs for the
    /// side to move in `back` ([`Clock::take_back`]). CXA 2011 art. 5.8; WXF 2018 art. 4.4.
    ///
    /// # Errors
    /// A clock error (flagged, time gone back); [`GameError::Illegal`] if `back` has more moves
    /// than this game.
    pub fn take_back(&mut self, back: Game, at: u64) -> Result<(), TimedError> {
        let (now, then) = (self.game.moves().len(), back.moves().len());
        if then > now {
            return Err(
                GameError::Illegal(format!("{then} plies is not a take-back of {now}")).into(),
            );
        }
        let mut taken = [0u32; 2];
        let mut color = back.position().turn();
        for _ in then..now {
            let i = usize::from(color == Color::Black);
            taken[i] = taken[i].saturating_add(1);
            color = !color;
        }
        let flag = if self.clock.started && self.clock.flag().is_none() {
            self.clock.take_back(back.position().turn(), taken, at)?
        } else {
            None
        };
        self.game = back;
        self.next_move_at = None;
        if let Some(flag) = flag {
            self.flag_falls(flag)?;
        }
        Ok(())
    }

    /// Looks at the clock at `at`: if the running side's flag has fallen, it loses on time.
    ///
    /// # Errors
    /// [`ClockError::TimeWentBack`], or the game is over.
    pub fn check_flag(&mut self, at: u64) -> Result<Option<Flag>, TimedError> {
        if self.game.end().is_some() {
            return Err(GameError::Over.into());
        }
        let mut probe = self.clock.clone();
        match probe.check(at)? {
            Some(flag) => {
                self.apply(GameEvent::FlagFell {
                    color: flag.side,
                    at_ms: flag.at_ms,
                    reason: flag.reason,
                })?;
                Ok(Some(flag))
            }
            None => Ok(None),
        }
    }

    /// Records a flag into the game.
    fn flag_falls(&mut self, flag: Flag) -> Result<(), TimedError> {
        if self.game.end().is_none() {
            self.game.record(GameEvent::FlagFell {
                color: flag.side,
                at_ms: flag.at_ms,
                reason: flag.reason,
            })?;
        }
        Ok(())
    }

    /// Applies one event: the clock first, then the game, then the time consequences.
    ///
    /// # Errors
    /// What the game or the clock refuses; [`TimedError::Untimed`] for a move on a running
    /// clock without a [`GameEvent::MoveTime`]; [`TimedError::NoFlag`] for a flag the clock
    /// does not confirm.
    pub fn apply(&mut self, event: GameEvent) -> Result<(), TimedError> {
        if self.game.end().is_some() {
            return Err(GameError::Over.into());
        }
        match event {
            GameEvent::ClockStarted { at_ms } => {
                self.clock.start(at_ms)?;
                self.game.record(event)?;
            }
            GameEvent::ClockStopped { at_ms } => {
                let flag = self.clock.stop(at_ms)?;
                self.game.record(event)?;
                if let Some(flag) = flag {
                    self.flag_falls(flag)?;
                }
            }
            GameEvent::ClockResumed { at_ms } => {
                self.clock.resume(at_ms)?;
                self.game.record(event)?;
            }
            GameEvent::MoveTime { color, at_ms } => {
                if color != self.game.position().turn() {
                    return Err(GameError::OutOfTurn("move time".to_owned()).into());
                }
                self.game.record(event)?;
                self.next_move_at = Some(at_ms);
            }
            GameEvent::Move { color, ref iccs } => {
                let Some(at) = self.next_move_at else {
                    if self.clock.started {
                        return Err(TimedError::Untimed);
                    }
                    self.game.record(event)?;
                    return Ok(());
                };
                let mut clock = self.clock.clone();
                let flag = clock.press(at)?;
                let Some(flag) = flag else {
                    // A move the game refuses (illegal, or breaking touch-move: CXA 2011 arts.
                    // 5.1–5.5) leaves the clock and the move's time as they were.
                    self.game.record(event)?;
                    self.next_move_at = None;
                    self.clock = clock;
                    return Ok(());
                };
                self.next_move_at = None;
                self.clock = clock;
                // CXA 2011 art. 21.6: a move that mates or stalemates stands.
                let pos = self.game.position();
                let m = pos.find_move(iccs.from, iccs.to);
                let decisive = m.is_some_and(|m| {
                    if !pos.is_legal(m) {
                        return false;
                    }
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    next.is_checkmate() || next.is_stalemate()
                });
                if decisive && color == flag.side {
                    self.game.record(event)?;
                } else {
                    self.flag_falls(flag)?;
                }
            }
            GameEvent::FlagFell { color, at_ms, .. } => {
                let mut clock = self.clock.clone();
                let flag = match clock.flag() {
                    Some(f) => Some(f),
                    None => clock.check(at_ms.saturating_add(1))?,
                };
                match flag {
                    Some(f) if f.side == color => {
                        self.clock = clock;
                        self.flag_falls(f)?;
                    }
                    _ => return Err(TimedError::NoFlag(crate::wire::color::name(color))),
                }
            }
            GameEvent::TimeAdjusted {
                color,
                delta_ms,
                at_ms,
            } => {
                let flag = self.clock.adjust(color, delta_ms, at_ms)?;
                self.game.record(event)?;
                if let Some(flag) = flag {
                    self.flag_falls(flag)?;
                }
            }
            GameEvent::MoveLimitClaimed { by, .. } => {
                self.game.record(event)?;
                let false_claim = matches!(
                    self.game.events().last(),
                    Some(GameEvent::MoveLimitClaimed { valid: false, .. })
                        | Some(GameEvent::Ended { .. })
                ) && self
                    .game
                    .end()
                    .is_none_or(|(_, t)| t != Termination::MoveLimit);
                if false_claim && self.game.end().is_none() && self.clock.started {
                    // CXA 2011 art. 22.2; WXF 2018 art. 8: five minutes off the claimant.
                    let penalty = self.game.rules().fouls.false_claim_penalty_ms;
                    let at = self.clock.last_ms;
                    if let Some(flag) = self.clock.adjust(by, -to_i64(penalty), at)? {
                        self.flag_falls(flag)?;
                    }
                }
            }
            GameEvent::Foul {
                color,
                foul: Foul::KnockedPieces,
                ..
            } => {
                self.game.record(event)?;
                // WXF 2018 art. 12.12: two minutes to the opponent.
                if let Some(bonus) = self.game.rules().fouls.knocked_pieces_bonus_ms
                    && self.clock.started
                    && self.clock.flag().is_none()
                {
                    let at = self.clock.last_ms;
                    self.clock.adjust(!color, to_i64(bonus), at)?;
                }
            }
            other => self.game.record(other)?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use xiangqi::fen::Fen;

    use super::*;
    use crate::event::GameResult;

    const S: u64 = 1000;
    const M: u64 = 60_000;

    fn control(spec: &str) -> TimeControl {
        spec.parse()
            .unwrap_or_else(|e| panic!("{spec} should parse: {e}"))
    }

    /// Runs `spec` where ply k took `times[k]` ms (Red first); returns the clock and the flag.
    fn run(spec: &str, times: &[u64]) -> (Clock, Option<Flag>) {
        let mut c = Clock::new(control(spec));
        let mut at = 0;
        c.start(at).expect("starts");
        for &t in times {
            at += t;
            if let Some(f) = c.press(at).expect("runs") {
                return (c, Some(f));
            }
        }
        (c, None)
    }

    /// Red's times interleaved with Black's instant replies.
    fn red(times: &[u64]) -> Vec<u64> {
        times.iter().flat_map(|&t| [t, 0]).collect()
    }

    /// CXA 2011 art. 6.1; WXF 2018 art. 6.1: base plus increment.
    #[test]
    fn increment() {
        let cases: &[(&str, &[u64], u64, u64)] = &[
            // spec, ply times, red remaining, black remaining
            ("60m+30s", &[10 * S], 60 * M + 20 * S, 60 * M),
            (
                "60m+30s",
                &[10 * S, 40 * S],
                60 * M + 20 * S,
                60 * M - 10 * S,
            ),
            ("3m+2s", &[0, 0, 0, 0], 3 * M + 4 * S, 3 * M + 4 * S),
        ];
        for &(spec, times, r, b) in cases {
            let (c, flag) = run(spec, times);
            assert_eq!(flag, None, "{spec}");
            let at = times.iter().sum();
            assert_eq!(
                (c.remaining(Color::Red, at), c.remaining(Color::Black, at)),
                (r, b)
            );
        }
    }

    /// CXA 2011 arts. 6.2, 21.1; WXF 2018 art. 6.2: quotas; the last period repeats.
    #[test]
    fn quotas() {
        // 30 moves in 30 minutes: 30 left of the first period carry, plus 10 of the second.
        let (c, flag) = run("60m/30,10m/10", &red(&[M; 30]));
        assert_eq!(flag, None);
        assert_eq!(c.remaining(Color::Red, 30 * M), 40 * M);
        // 29 moves in 58 minutes, the 30th after 3 more: the quota is not met.
        let mut times = vec![2 * M; 29];
        times.push(3 * M);
        let (_, flag) = run("60m/30,10m/10", &red(&times));
        let flag = flag.expect("flag");
        assert_eq!(flag.side, Color::Red);
        assert_eq!(
            flag.reason,
            FlagReason::QuotaNotMet {
                period: 1,
                moves: 29,
                quota: 30
            }
        );
        assert_eq!(flag.at_ms, 60 * M + 29 * 2 * M - 58 * M);
        // The repeating period: 30 moves, then 10 per 10 minutes again and again.
        let mut times = vec![2 * M; 30];
        times.extend([M; 10]);
        times.extend([M; 10]);
        let (c, flag) = run("60m/30,10m/10", &red(&times));
        assert_eq!(flag, None);
        assert_eq!(c.side(Color::Red).period, 2);
        assert_eq!(c.remaining(Color::Red, 0), 10 * M);
    }

    /// Seed 001 ③: extra moves in one period do not count toward the next.
    #[test]
    fn extra_moves_do_not_carry() {
        // 35 moves in 35 minutes (5 beyond the quota), then one of 30 minutes: it is completed
        // at 65 minutes used, the first move of period 2 (60–70 minutes).
        let mut times = vec![M; 35];
        times.push(30 * M);
        times.extend([30 * S; 8]);
        let (c, flag) = run("60m/30,10m/10", &red(&times));
        assert_eq!(flag, None);
        assert_eq!(c.side(Color::Red).period, 1);
        assert_eq!(c.side(Color::Red).period_moves, 9);
        // One more move taking 2 minutes ends period 2 with 9 moves of 10.
        times.push(2 * M);
        let (_, flag) = run("60m/30,10m/10", &red(&times));
        assert_eq!(
            flag.map(|f| f.reason),
            Some(FlagReason::QuotaNotMet {
                period: 2,
                moves: 9,
                quota: 10
            })
        );
    }

    /// CXA 2011 art. 6.2 with a final sudden-death period (90m/40, 30m/20, 15m).
    #[test]
    fn quotas_then_sudden_death() {
        // 40 moves in exactly 90 minutes (in time: art. 21.3), then 20 in 20 minutes.
        let mut times = vec![135 * S; 40];
        times.extend([M; 20]);
        let (c, flag) = run("90m/40,30m/20,15m", &red(&times));
        assert_eq!(flag, None);
        assert_eq!(c.remaining(Color::Red, 0), 10 * M + 15 * M);
        times.push(26 * M);
        let (_, flag) = run("90m/40,30m/20,15m", &red(&times));
        assert_eq!(flag.map(|f| f.reason), Some(FlagReason::TimeUp));
    }

    /// CXA 2011 arts. 6.3, 6.4, 21.3: sudden death; a move at exactly zero is in time.
    #[test]
    fn sudden_death() {
        type Case<'a> = (&'a str, &'a [u64], Option<(Color, u64)>);
        let cases: &[Case<'_>] = &[
            ("1m", &[M], None),
            ("1m", &[M + 1], Some((Color::Red, M))),
            ("1m", &[30 * S, 10 * S, 31 * S], Some((Color::Red, 70 * S))),
            ("15m", &[15 * M, 15 * M + 1], Some((Color::Black, 30 * M))),
        ];
        for &(spec, times, want) in cases {
            let (_, flag) = run(spec, times);
            assert_eq!(flag.map(|f| (f.side, f.at_ms)), want, "{spec} {times:?}");
        }
        assert!(control("15m").red.is_rapid() && !control("16m").red.is_rapid());
    }

    /// Seed 001 (时间规定): 读秒 after the base time, or from the first move.
    #[test]
    fn per_move_limit() {
        // 5 minutes, then each move within 30 s: the first move spends the base and 20 s.
        let (c, flag) = run("5m;30s", &[5 * M + 20 * S, 0, 30 * S, 0]);
        assert_eq!(flag, None);
        assert!(c.side(Color::Red).per_move);
        assert_eq!(c.remaining(Color::Red, 0), 30 * S);
        let (_, flag) = run("5m;30s", &[5 * M + 20 * S, 0, 30 * S + 1]);
        assert_eq!(flag.map(|f| f.reason), Some(FlagReason::PerMove));
        let (_, flag) = run("0;30s", &[30 * S, 29 * S, 31 * S]);
        assert_eq!(flag.map(|f| (f.side, f.at_ms)), Some((Color::Red, 89 * S)));
        // Before 读秒 the face shows the base; the deadline includes the 30 s.
        let mut c = Clock::new(control("5m;30s"));
        c.start(0).expect("starts");
        assert_eq!(c.remaining(Color::Red, 0), 5 * M);
        assert_eq!(c.remaining(Color::Red, 5 * M + 10 * S), 20 * S);
        assert_eq!(c.deadline(), Some(5 * M + 30 * S));
    }

    /// CXA 2011 art. 6.5: 贴时, different times per side.
    #[test]
    fn handicap() {
        let (_, flag) = run("red:10m,black:8m", &[9 * M, 9 * M]);
        assert_eq!(flag.map(|f| f.side), Some(Color::Black));
        let (c, flag) = run("red:10m+5s,black:8m", &[M, M]);
        assert_eq!(flag, None);
        assert_eq!(c.remaining(Color::Red, 0), 9 * M + 5 * S);
        assert_eq!(c.remaining(Color::Black, 0), 7 * M);
        assert!(control("red:10m,black:8m").is_handicap());
    }

    #[test]
    fn stop_resume_and_adjust() {
        // CXA 2011 arts. 21.4, 22.2: the arbiter stops the clock, adjusts, restarts.
        let mut c = Clock::new(control("10m"));
        c.start(0).expect("starts");
        assert_eq!(c.stop(M), Ok(None));
        assert_eq!(c.deadline(), None);
        assert_eq!(c.adjust(Color::Red, 2 * M as i64, 5 * M), Ok(None));
        c.resume(10 * M).expect("resumes");
        assert_eq!(c.remaining(Color::Red, 10 * M), 11 * M);
        assert_eq!(c.deadline(), Some(21 * M));
        // A deduction larger than what is left flags at once (22.2).
        let flag = c
            .adjust(Color::Red, -12 * M as i64, 10 * M)
            .expect("applies");
        assert_eq!(flag.map(|f| f.reason), Some(FlagReason::Penalty));
        assert_eq!(c.press(10 * M), Err(ClockError::Flagged));
        assert_eq!(c.remaining(Color::Red, 10 * M), 0);
    }

    #[test]
    fn bad_driving_is_an_error() {
        let mut c = Clock::new(control("10m"));
        assert_eq!(c.press(5), Err(ClockError::NotStarted));
        c.start(100).expect("starts");
        assert_eq!(c.start(100), Err(ClockError::AlreadyStarted));
        assert!(matches!(c.press(50), Err(ClockError::TimeWentBack { .. })));
        assert_eq!(c.resume(200), Err(ClockError::Running));
        c.stop(200).expect("stops");
        assert_eq!(c.press(300), Err(ClockError::Stopped));
    }

    fn game(fen: &str, rules: RuleSet, spec: &str) -> TimedGame {
        let pos = fen
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position().ok())
            .unwrap_or_else(|| panic!("bad fen {fen}"));
        let mut g = TimedGame::new(pos, rules, control(spec));
        g.start(0).expect("starts");
        g
    }

    /// CXA 2011 art. 21.6: a flag falls with the move; only mate or stalemate saves it.
    #[test]
    fn mate_beats_the_flag() {
        let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1";
        let mut g = game(fen, RuleSet::cxa2011(), "1m");
        assert!(g.play_iccs("b0b9", M + 1).expect("legal").is_some());
        assert_eq!(
            g.game().end(),
            Some((GameResult::RedWins, Termination::Checkmate))
        );
        let mut g = game(fen, RuleSet::cxa2011(), "1m");
        g.play_iccs("e0f0", M + 1).expect("legal");
        assert_eq!(
            g.game().end(),
            Some((GameResult::BlackWins, Termination::TimeForfeit))
        );
        assert_eq!(g.game().moves().len(), 0);
        let replay = TimedGame::from_events(
            g.game().start().clone(),
            RuleSet::cxa2011(),
            control("1m"),
            g.game().events(),
        )
        .expect("replays");
        assert_eq!(replay.game().end(), g.game().end());
    }

    #[test]
    fn a_flag_seen_without_a_move() {
        let mut g = TimedGame::new(Position::new(), RuleSet::wxf2018(), control("5m"));
        g.start(0).expect("starts");
        assert_eq!(g.check_flag(5 * M).expect("fine"), None);
        let flag = g.check_flag(5 * M + 1).expect("fine").expect("fell");
        assert_eq!((flag.side, flag.at_ms), (Color::Red, 5 * M));
        assert_eq!(
            g.game().end(),
            Some((GameResult::BlackWins, Termination::TimeForfeit))
        );
    }

    /// CXA 2011 art. 22.2; WXF 2018 art. 8: a false claim costs five minutes, maybe the game.
    #[test]
    fn false_claim_penalty() {
        let mut g = TimedGame::new(Position::new(), RuleSet::wxf2018(), control("10m"));
        g.start(0).expect("starts");
        g.play_iccs("h2e2", M).expect("in time");
        g.apply(GameEvent::ClockStopped { at_ms: 2 * M })
            .expect("stops");
        g.apply(GameEvent::MoveLimitClaimed {
            by: Color::Black,
            counted_moves: 0,
            valid: false,
        })
        .expect("claims");
        assert_eq!(g.clock().remaining(Color::Black, 2 * M), 4 * M);
        assert_eq!(g.game().end(), None);
        // Another false claim: a second technical foul (WXF 2018 art. 3.1.F) and 5 minutes.
        g.apply(GameEvent::MoveLimitClaimed {
            by: Color::Black,
            counted_moves: 0,
            valid: false,
        })
        .expect("claims");
        assert_eq!(
            g.game().end(),
            Some((GameResult::RedWins, Termination::Foul))
        );
        // With four minutes left, one false claim flags under CXA (22.2 "若因此而超时，则判负").
        let mut g = TimedGame::new(Position::new(), RuleSet::cxa2011(), control("10m"));
        g.start(0).expect("starts");
        g.play_iccs("h2e2", 6 * M).expect("in time");
        g.play_iccs("h9g7", 7 * M).expect("in time");
        g.apply(GameEvent::MoveLimitClaimed {
            by: Color::Red,
            counted_moves: 0,
            valid: false,
        })
        .expect("claims");
        assert_eq!(
            g.game().end(),
            Some((GameResult::BlackWins, Termination::TimeForfeit))
        );
        let replay = TimedGame::from_events(
            Position::new(),
            RuleSet::cxa2011(),
            control("10m"),
            g.game().events(),
        )
        .expect("replays");
        assert_eq!(replay.game().end(), g.game().end());
        assert_eq!(replay.game().events(), g.game().events());
    }

    /// WXF 2018 art. 12.12: knocked pieces give the opponent two minutes.
    #[test]
    fn knocked_pieces_bonus() {
        let mut g = TimedGame::new(Position::new(), RuleSet::wxf2018(), control("10m"));
        g.start(0).expect("starts");
        g.play_iccs("h2e2", M).expect("in time");
        g.apply(GameEvent::Foul {
            color: Color::Red,
            foul: Foul::KnockedPieces,
            article: String::new(),
            at_ms: Some(M),
        })
        .expect("recorded");
        assert_eq!(g.clock().remaining(Color::Black, M), 12 * M);
        let mut g = TimedGame::new(Position::new(), RuleSet::cxa2011(), control("10m"));
        g.start(0).expect("starts");
        g.play_iccs("h2e2", M).expect("in time");
        g.apply(GameEvent::Foul {
            color: Color::Red,
            foul: Foul::KnockedPieces,
            article: String::new(),
            at_ms: Some(M),
        })
        .expect("recorded");
        assert_eq!(g.clock().remaining(Color::Black, M), 10 * M);
    }

    /// CXA 2011 art. 5.1 through the clock: a move breaking touch-move is refused and leaves
    /// the clock and the move's time as they were; the bound move then goes through.
    #[test]
    fn touch_move_through_the_clock() {
        let mut g = TimedGame::new(Position::new(), RuleSet::cxa2011(), control("10m"));
        g.start(0).expect("starts");
        g.apply(GameEvent::Touched {
            color: Color::Red,
            squares: vec![xiangqi::Square::H2],
            at_ms: Some(5 * S),
            foul: false,
        })
        .expect("a red piece");
        g.apply(GameEvent::MoveTime {
            color: Color::Red,
            at_ms: 20 * S,
        })
        .expect("its time");
        let refused = g.apply(GameEvent::Move {
            color: Color::Red,
            iccs: "b2e2".parse().expect("iccs"),
        });
        assert!(
            matches!(refused, Err(TimedError::Game(GameError::Illegal(_)))),
            "{refused:?}"
        );
        assert_eq!(g.clock().remaining(Color::Red, 20 * S), 10 * M - 20 * S);
        assert_eq!(g.clock().turn(), Color::Red);
        g.apply(GameEvent::Move {
            color: Color::Red,
            iccs: "h2e2".parse().expect("iccs"),
        })
        .expect("the touched cannon, at the time already given");
        assert_eq!(g.clock().turn(), Color::Black);
        assert_eq!(g.used(Color::Red), 20 * S);
        let replay = TimedGame::from_events(
            Position::new(),
            RuleSet::cxa2011(),
            control("10m"),
            g.game().events(),
        )
        .expect("replays");
        assert_eq!(replay.used(Color::Red), 20 * S);
    }

    #[test]
    fn a_move_needs_its_time() {
        let mut g = TimedGame::new(Position::new(), RuleSet::cxa2011(), control("10m"));
        g.start(0).expect("starts");
        let e = GameEvent::Move {
            color: Color::Red,
            iccs: "h2e2".parse().expect("iccs"),
        };
        assert_eq!(g.apply(e), Err(TimedError::Untimed));
        assert!(g.play_iccs("h2h9x", 5).is_err());
        assert_eq!(g.game().moves().len(), 0);
    }

    fn spec_strategy() -> impl Strategy<Value = String> {
        prop_oneof![
            (1u64..30, 0u64..20).prop_map(|(m, s)| format!("{m}m+{s}s")),
            (1u64..30, 1u32..10, 1u64..5, 1u32..5)
                .prop_map(|(a, b, c, d)| format!("{a}m/{b},{c}m/{d}")),
            (1u64..10, 1u32..5, 1u64..5).prop_map(|(a, b, c)| format!("{a}m/{b},{c}m")),
            (0u64..5, 1u64..60).prop_map(|(m, s)| if m == 0 {
                format!("0;{s}s")
            } else {
                format!("{m}m;{s}s")
            }),
            (1u64..10, 1u64..10).prop_map(|(r, b)| format!("red:{r}m,black:{b}m+1s")),
        ]
    }

    proptest! {
        /// A clock never gains time except by increment, a new period or an adjustment; the
        /// waiting side's face never moves; a flag never falls after the press that saw it.
        #[test]
        fn time_is_conserved(spec in spec_strategy(), times in proptest::collection::vec(0u64..200_000, 0..80)) {
            let ctl = control(&spec);
            let back: TimeControl = ctl.to_string().parse().expect("round trip");
            prop_assert_eq!(&back, &ctl);
            let mut c = Clock::new(ctl.clone());
            c.start(0).expect("starts");
            let mut at = 0u64;
            for t in times {
                let mover = c.turn();
                let before = c.remaining(mover, at);
                let other_before = c.remaining(!mover, at);
                let before_side = *c.side(mover);
                let deadline = c.deadline().expect("running");
                at += t;
                match c.press(at).expect("drives") {
                    Some(flag) => {
                        prop_assert!(flag.at_ms <= at);
                        prop_assert_eq!(flag.at_ms, deadline);
                        prop_assert_eq!(flag.side, mover);
                        break;
                    }
                    None => {
                        prop_assert!(at <= deadline);
                        let after_side = *c.side(mover);
                        prop_assert!(after_side.used_ms >= before_side.used_ms);
                        prop_assert_eq!(after_side.moves, before_side.moves + 1);
                        prop_assert_eq!(c.remaining(!mover, at), other_before);
                        let sc = ctl.side(mover);
                        let mut allowance = sc.period(before_side.period as usize).increment_ms
                            + sc.per_move_ms.unwrap_or(0);
                        for p in before_side.period..=after_side.period + 1 {
                            allowance += sc.period(p as usize + 1).time_ms;
                        }
                        let after = c.remaining(mover, at);
                        prop_assert!(
                            after <= before.saturating_sub(t) + allowance,
                            "{} gained: {} -> {} after {}", spec, before, after, t
                        );
                    }
                }
            }
        }
    }
}
