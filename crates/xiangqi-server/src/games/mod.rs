//! Live games: each is a stream of events in the store ([`state`]) — first the server's
//! `game_created`, then the arbiter's [`GameEvent`]s — replayed into a [`Live`] game that is
//! only a copy, kept by the server's one [`Repository`].
//!
//! A write locks the game in this process, applies the event to the copy in place (a refused
//! one is undone), and appends the new events conditionally on the stream's last sequence
//! number. If another
//! replica wrote first, the append fails, the copy is dropped, and the caller gets a 409 to
//! retry. After a write the watchers are told, the flag timer is set to the clock's stored
//! deadline, and a game that has ended or has a foul is told to the rest of the server
//! ([`GameReport`]: its tournament records the result and the fouls); any read past the
//! deadline makes the flag fall too, so no timer needs to survive a crash. Other replicas'
//! appends are heard through the store ([`Games::follow_replicas`]) and reach this replica's
//! watchers as if made here.

mod state;
mod timers;
pub(crate) use self::state::wall_ms;
pub(crate) mod views;

use std::{sync::Arc, time::Duration};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::broadcast;
use xiangqi::{Color, Position, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{Foul, GameEvent, RuleSet, TimeControl, TimedGame};
use xiangqi_store::{Deadline, EventStore, Listener, Store, StoredEvent, StreamKind};

pub use self::state::{
    Appeal, AppealDecision, AppealVerdict, Created, ErrorKind, Live, Signature, TokenHolder,
    appeal_window_ms,
};
use self::{
    state::{GameRecord, Procedure, untimed_control},
    timers::{TimerKey, Timers},
    views::{
        GameReply, GameView, RulingReply, RulingView, color_code, state_message, update_message,
    },
};
use crate::{
    ApiError,
    ids::{random_hex, sha256_hex},
    repo::{CatchUp, Guard, Repository, Slot},
    time::TimeSource,
};

/// How often [`Games::housekeeping`] evicts idle games.
const EVICT_EVERY: Duration = Duration::from_secs(30);
/// A finished game nobody has asked for in this long leaves memory.
const FINISHED_IDLE: Duration = Duration::from_secs(60);
/// An unfinished game nobody has asked for in this long leaves memory (its clock is kept by
/// the stored deadline and the sweep).
const RUNNING_IDLE: Duration = Duration::from_secs(10 * 60);

/// How often a server sweeps the stored deadlines for flags its timers missed.
pub const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// What [`Games`] tells the rest of the server of a game whose result or fouls changed: its
/// tournament records the result on its board, and the fouls as the score sheet notes them
/// (CXA 2011 art. 9), whichever replica made the change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The game's id.
    pub id: String,
    /// Its result, once it has ended.
    pub result: Option<xiangqi_arbiter::GameResult>,
    /// Red's and Black's fouls (犯规; WXF 技术犯规) so far.
    pub fouls: [u32; 2],
    /// The tournament whose board the game was started for.
    pub tournament: Option<String>,
}

/// What is told of each game that ends or has a foul, awaited before the write is answered.
pub type ReportHook = Arc<
    dyn Fn(GameReport) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>
        + Send
        + Sync,
>;

/// Red's and Black's fouls in `live` (犯规, WXF 技术犯规): the arbiter's tally
/// ([`xiangqi_arbiter::fouls::tally`]), as the score sheet notes them (CXA 2011 art. 9).
pub(crate) fn foul_counts(live: &Live) -> [u32; 2] {
    let g = live.timed.game();
    let (counts, _) =
        xiangqi_arbiter::fouls::tally(g.events(), g.rules(), xiangqi::ByColor::default());
    [counts.red.fouls, counts.black.fouls]
}

/// May `event` change a side's fouls ([`xiangqi_arbiter::fouls::tally`] counts these)?
fn may_foul(event: &GameEvent) -> bool {
    matches!(
        event,
        GameEvent::Foul { .. }
            | GameEvent::Touched { foul: true, .. }
            | GameEvent::MoveLimitClaimed { valid: false, .. }
            | GameEvent::DrawOffered { .. }
    )
}

/// A game as a request to create it.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `cxa2011` (default) or `wxf2018`; or an object with the book and the numbers the
    /// books leave to the organiser: `{"book": "cxa", "move_limit": 40, …}` (each key left out
    /// keeps the book's value; an unknown key or an impossible value is a 422 naming it).
    #[schema(schema_with = crate::competition::event_rules_schema)]
    pub rules: Option<Value>,
    /// The start position; the standard one by default.
    #[schema(schema_with = crate::schema::optional_fen_schema)]
    pub fen: Option<String>,
    /// A time control (`60m+30s`, `90m/40,30m`, `5m;30s`, …); untimed if absent.
    #[schema(schema_with = crate::competition::time_control_schema)]
    pub time_control: Option<String>,
    /// Red's name.
    #[schema(max_length = 200)]
    pub red: Option<String>,
    /// Black's name.
    #[schema(max_length = 200)]
    pub black: Option<String>,
    /// The event's name.
    #[schema(max_length = 200)]
    pub event: Option<String>,
}

/// The tokens of a new game: show each only to its holder.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Tokens {
    /// The game's id.
    pub id: String,
    /// Moves for Red.
    pub red_token: String,
    /// Moves for Black.
    pub black_token: String,
    /// Enters fouls and works the clock.
    pub arbiter_token: String,
}

/// A claim or an arbiter's action.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Claim {
    /// The token's side resigns.
    Resign,
    /// The side to move offers a draw (CXA 2011 art. 22.1: in its own time).
    DrawOffer,
    /// Accepts the opponent's pending offer.
    DrawAccept,
    /// Declines it.
    DrawDecline,
    /// Claims the natural move limit (CXA 2011 art. 22.2; WXF 2018 art. 8).
    MoveLimit,
    /// Asks for a repetition ruling now (CXA 2011 art. 23.1); changes nothing.
    Repetition,
    /// The arbiter enters a foul (touch-move included: `{"kind":"touch"}`).
    Foul {
        /// The offender.
        #[schema(schema_with = crate::competition::color_schema)]
        color: String,
        /// The foul, as the arbiter's `Foul` serializes (`{"kind":"touch"}`, …).
        #[schema(value_type = Object)]
        foul: Foul,
    },
    /// The arbiter stops the clock.
    ClockStop,
    /// The arbiter restarts it.
    ClockResume,
    /// The arbiter gives (positive) or takes (negative) time.
    TimeAdjust {
        /// Whose clock.
        #[schema(schema_with = crate::competition::color_schema)]
        color: String,
        /// Milliseconds.
        delta_ms: i64,
    },
    /// The side to move (or the arbiter for it) touched the pieces on `squares`, in order;
    /// from then on a move that breaks the binding is refused (422 `touch_move`). CXA 2011
    /// arts. 5.1–5.5; WXF 2018 art. 4.2.
    Touch {
        /// ICCS points (`h2`), in the order touched.
        #[schema(min_items = 1, max_items = 32)]
        squares: Vec<String>,
    },
    /// The arbiter calls the adjournment: the side to move must seal its move. Seed 001 ④;
    /// WXF 2018 art. 6.5.
    Adjourn,
    /// The side to move seals its move (ICCS, WXF or Chinese); the clocks stop. Nobody else
    /// can read it until the game resumes. WXF 2018 art. 6.5.
    Seal {
        /// The move as written.
        #[serde(rename = "move")]
        #[schema(max_length = 64)]
        text: String,
    },
    /// The arbiter resumes an adjourned game: the sealed move is played, or loses if it is
    /// illegal or unclear (seed 001 ⑧; WXF 2018 art. 6.5).
    Resume,
    /// The arbiter corrects an error: back to the position before `ply` (CXA 2011 art. 5.8;
    /// WXF 2018 art. 4.4).
    Correct {
        /// The ply taken back, with every later one (from 1).
        ply: usize,
        /// What the error was; an illegal move by default.
        error: Option<ErrorKind>,
    },
    /// The arbiter finds the colours reversed: within 20 minutes of the start the game is
    /// replayed with colours (and tokens) swapped (CXA 2011 art. 5.8.1); later, or under WXF
    /// 2018 (art. 4.4.B), it stands.
    SwapColours,
    /// The arbiter declares the result. WXF 2018 art. 3.2.A; CXA 2011 art. 4.2.
    Declare {
        /// `1-0`, `0-1`, `1/2-1/2` (or `1/2`).
        #[schema(schema_with = declared_result_schema)]
        result: String,
        /// Why.
        #[schema(min_length = 1, max_length = 500)]
        reason: String,
    },
    /// The arbiter counts `moves` moves from now (限着): when they are played without a result,
    /// the game is drawn. Seed 001 ⑤; WXF 2018 art. 8.
    MoveLimitCount {
        /// Moves (rounds) in the count.
        #[schema(minimum = 1, maximum = 1000)]
        moves: u32,
    },
    /// A player (or the arbiter) claims the nine-round rule. CXA 2011 art. 23.4.
    NineRounds,
}

fn declared_result_schema() -> utoipa::openapi::Object {
    crate::schema::choice(&["1-0", "0-1", "1/2-1/2", "1/2"])
}

/// The procedure an arbiter's claim asks for, at `at` with `ply` plies played.
fn procedure_of(claim: Claim, at: u64, ply: usize) -> Result<Procedure, ApiError> {
    Ok(match claim {
        Claim::Adjourn => Procedure::AdjournmentCalled { at_ms: at },
        Claim::Resume => Procedure::AdjournmentResumed { at_ms: at },
        Claim::Correct { ply, error } => Procedure::GameCorrected {
            ply,
            error: error.unwrap_or_default(),
            at_ms: at,
        },
        Claim::SwapColours => Procedure::ColoursSwapped { at_ms: at },
        Claim::Declare { result, reason } => {
            let result = match result.trim() {
                "1-0" => xiangqi_arbiter::GameResult::RedWins,
                "0-1" => xiangqi_arbiter::GameResult::BlackWins,
                "1/2-1/2" | "1/2" => xiangqi_arbiter::GameResult::Draw,
                other => {
                    return Err(ApiError::invalid(
                        "result",
                        format!("{other:?} is not a result (1-0, 0-1, 1/2-1/2)"),
                    ));
                }
            };
            let reason = reason.trim();
            if reason.is_empty() || reason.chars().count() > 500 {
                return Err(ApiError::invalid("reason", "1 to 500 characters"));
            }
            Procedure::ResultDeclared {
                result,
                reason: reason.to_owned(),
                at_ms: at,
            }
        }
        Claim::MoveLimitCount { moves } => {
            if !(1..=1000).contains(&moves) {
                return Err(ApiError::invalid("moves", "1 to 1000 moves"));
            }
            Procedure::MoveLimitCounted {
                moves,
                from_ply: ply,
            }
        }
        _ => return Err(ApiError::invalid("type", "not an arbiter's procedure")),
    })
}

/// A locked game with its slot (watchers, timer).
type Held = (Arc<Slot<Live>>, Guard<Live>);

/// Every live game this process knows, with its watchers.
pub struct Games {
    repo: Repository<Live>,
    time: TimeSource,
    ended: std::sync::OnceLock<ReportHook>,
    /// Every game's flag timer, fired by one task ([`Games::fire_timers`]).
    timers: Arc<Timers>,
}

impl Drop for Games {
    fn drop(&mut self) {
        // The task that fires the timers sees that the games are gone, and ends.
        self.timers.wake();
    }
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Games")
            .field("store", &self.repo.store().backend())
            .finish_non_exhaustive()
    }
}

/// `red` or `black` from a request.
pub fn parse_color(field: &str, text: &str) -> Result<Color, ApiError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "red" | "r" | "w" | "红" => Ok(Color::Red),
        "black" | "b" | "黑" => Ok(Color::Black),
        _ => Err(ApiError::invalid(
            field,
            format!("{text:?} is not a side (red or black)"),
        )),
    }
}

/// A game's rules from a request: a book's name, or `{"book": …, "move_limit": 40, …}` with
/// the numbers an event sets ([`xiangqi_arbiter::EventRules`]).
fn game_rules(value: &Value) -> Result<RuleSet, ApiError> {
    let (book, event) = crate::competition::event_rules(Some(value))?;
    crate::competition::rule_set(book, &event)
}

/// The game in a locked copy.
fn game(guard: &Guard<Live>) -> Result<&Live, ApiError> {
    guard
        .as_ref()
        .map(|v| &v.state)
        .ok_or(ApiError::NotFound("game"))
}

/// Could a copy older than the store explain this refusal of a move? Its turn, its plies, its
/// end, its adjournment or its touch-move binding may be out of date, a move legal now may
/// have been illegal there (a refusal of the move itself, its text or its legality), and an
/// append on it fails. Not a missing token or a wrong one, not a move too long to read on any
/// copy, and not a flag that fell on the fresh copy (that was written).
fn stale_may_explain(e: &ApiError) -> bool {
    match e {
        ApiError::Conflict { code, .. } => matches!(
            *code,
            "game_over" | "ply_mismatch" | "not_your_turn" | "concurrent_write" | "clock"
        ),
        ApiError::Ruled { code, .. } => matches!(*code, "adjourned" | "touch_move"),
        ApiError::Invalid { field, .. } => field.as_deref() == Some("move"),
        _ => false,
    }
}

/// The stream's sequence number of a locked copy.
fn seq_of(guard: &Guard<Live>) -> u64 {
    guard.as_ref().map_or(0, |v| v.seq)
}

/// The view of a locked game, wrapped for a write's answer.
fn reply(id: &str, guard: &Guard<Live>, now: u64) -> Result<Value, ApiError> {
    let live = game(guard)?;
    let view = GameView::new(id, live, seq_of(guard), now);
    serde_json::to_value(GameReply { game: view }).map_err(|e| ApiError::Corrupt(e.to_string()))
}

impl Games {
    /// Games kept in `store`, timed on `time`.
    pub fn new(store: Store, time: TimeSource) -> Games {
        Games {
            // A copy is checked against the store when a replica's notice says so, before a
            // claim, an arbiter's action or a new watcher on PostgreSQL ([`Games::lock_fresh`]),
            // and after a move its copy refused ([`Games::play_held`]): not on every read.
            repo: Repository::with_catch_up(store, CatchUp::OnDemand),
            time,
            ended: std::sync::OnceLock::new(),
            timers: Arc::default(),
        }
    }

    /// Sets what is told of each game that ends or has a foul (once; later calls change
    /// nothing).
    pub fn on_report(&self, hook: ReportHook) {
        let _ = self.ended.set(hook);
    }

    /// Tells the result and the fouls of `live`, game `id`, if it has ended, or if it is a
    /// tournament's game and `fouled` (its fouls may have changed).
    async fn publish(&self, id: &str, live: &Live, fouled: bool) {
        let Some(hook) = self.ended.get() else {
            return;
        };
        let result = live.timed.game().end().map(|(r, _)| r);
        if result.is_none() && !(fouled && live.created.tournament.is_some()) {
            return;
        }
        hook(GameReport {
            id: id.to_owned(),
            result,
            fouls: foul_counts(live),
            tournament: live.created.tournament.clone(),
        })
        .await;
    }

    /// The store.
    pub fn store(&self) -> &Store {
        self.repo.store()
    }

    /// The time scale.
    pub fn time(&self) -> &TimeSource {
        &self.time
    }

    /// How many games this process holds in memory.
    pub fn held(&self) -> usize {
        self.repo.held()
    }

    /// Drops from memory the games nobody watches or uses: finished ones unused for
    /// `finished_idle`, unfinished ones unused for `running_idle`. Their events stay in the
    /// store and a game is replayed from them when next asked for; the flag timer of an evicted
    /// game goes with it, and the deadline sweep ([`Games::sweep`]) reloads the game when its
    /// stored deadline comes. Returns how many were dropped.
    pub fn evict(&self, finished_idle: Duration, running_idle: Duration) -> usize {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let (finished_idle, running_idle) = (ms(finished_idle), ms(running_idle));
        self.repo.evict_with(|live, watch, unused| {
            // Someone watches.
            if watch.tx.receiver_count() > 0 {
                return true;
            }
            let limit = match live {
                None => 0,
                Some(l) if l.timed.game().end().is_some() => finished_idle,
                Some(_) => running_idle,
            };
            if unused < limit {
                return true;
            }
            watch.stop_timer(&self.timers);
            false
        })
    }

    /// Enforces every stored deadline that has passed: the safety net under the flag timers,
    /// for a game whose timer this process never set (another replica wrote its last move and
    /// its notice was lost, the game was evicted, a replica died after writing). A copy older
    /// than the store is refreshed first. Returns how many games were due.
    ///
    /// # Errors
    /// The store's, when it cannot list the due games.
    pub async fn sweep(self: &Arc<Self>) -> Result<usize, ApiError> {
        let due = self
            .store()
            .due(StreamKind::Game, self.time.now_ms())
            .await?;
        for d in &due {
            if let Ok(seq) = self.store().last_seq(StreamKind::Game, &d.id).await {
                // A no-op unless this process holds an older copy.
                self.on_appended(&d.id, seq, Vec::new()).await;
            }
            self.check_due(&d.id, Some(d.deadline_ms)).await;
        }
        Ok(due.len())
    }

    /// Runs until the process ends: the deadline sweep every `every`, and eviction of finished
    /// games unused for a minute and unfinished ones unused for ten.
    pub async fn housekeeping(self: Arc<Self>, every: Duration) {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_eviction = tokio::time::Instant::now();
        loop {
            tick.tick().await;
            // A store that fails now is tried again at the next tick.
            let _ = self.sweep().await;
            if last_eviction.elapsed() >= EVICT_EVERY {
                last_eviction = tokio::time::Instant::now();
                self.evict(FINISHED_IDLE, RUNNING_IDLE);
            }
        }
    }

    /// Locks a game, loading it if need be (and then setting its flag timer).
    async fn lock(self: &Arc<Self>, id: &str) -> Result<Held, ApiError> {
        let (slot, guard) = self.repo.lock_slot(id).await?;
        if let Some(v) = guard.as_ref() {
            // A copy just loaded, or one whose timer went: a running clock has a timer.
            if !slot.side().has_timer() {
                self.schedule(id, &slot, &v.state);
            }
        }
        Ok((slot, guard))
    }

    /// Locks a game with its flag enforced. If another replica wrote first, the copy was
    /// dropped: load the game again and look once more.
    async fn lock_current(self: &Arc<Self>, id: &str) -> Result<Held, ApiError> {
        for _ in 0..2 {
            let held = self.lock(id).await?;
            match self.enforce_flag(id, held, false).await {
                Ok(held) => return Ok(held),
                Err(ApiError::Conflict {
                    code: "concurrent_write",
                    ..
                }) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(ApiError::conflict(
            "concurrent_write",
            "the game is changing fast: retry",
        ))
    }

    /// Locks a game, its copy checked against the store first when other replicas may write
    /// (PostgreSQL): their notice may not have arrived yet (or died with them). For a write, a
    /// refusal on a stale copy (`ply_mismatch`, `not_your_turn`) would send the client to a
    /// stale reload; for a new watcher, its first snapshot must not be older than what it saw
    /// on a replica that has just gone. Moves, the hot path, ask only after a refusal
    /// ([`Games::play_held`]).
    async fn lock_fresh(self: &Arc<Self>, id: &str) -> Result<Held, ApiError> {
        let (slot, guard) = self.lock_current(id).await?;
        if !matches!(self.store(), Store::Postgres(_)) {
            return Ok((slot, guard));
        }
        let stored = self.store().last_seq(StreamKind::Game, id).await?;
        if guard.as_ref().is_none_or(|v| v.seq == stored) {
            return Ok((slot, guard));
        }
        drop(guard);
        // Catch up now (and tell this replica's watchers); the notice, when it comes, is old.
        self.on_appended(id, stored, Vec::new()).await;
        self.lock_current(id).await
    }

    /// Makes the flag fall if the running side's deadline has passed.
    async fn enforce_flag(
        self: &Arc<Self>,
        id: &str,
        (slot, guard): Held,
        from_timer: bool,
    ) -> Result<Held, ApiError> {
        let Ok(live) = game(&guard) else {
            return Ok((slot, guard));
        };
        if !live.timed_clock || live.timed.game().end().is_some() {
            return Ok((slot, guard));
        }
        let Some(deadline) = live.timed.clock().deadline() else {
            return Ok((slot, guard));
        };
        let at = self.time.now_ms().max(live.last_at);
        if at <= deadline {
            if from_timer {
                self.schedule(id, &slot, live);
            }
            return Ok((slot, guard));
        }
        self.commit(id, (slot, guard), |live| {
            live.timed.check_flag(at)?;
            live.last_at = at;
            Ok(())
        })
        .await
    }

    /// Called when the game's timer `fired` comes to its deadline.
    async fn on_deadline(self: Arc<Self>, id: String, fired: TimerKey) {
        if let Ok((slot, guard)) = self.lock(&id).await {
            // This timer has fired (it is out of the queue); one set since stays.
            slot.side().forget_timer(fired);
            // A failed append dropped the copy; the next reader enforces the flag.
            let _ = self.enforce_flag(&id, (slot, guard), true).await;
        }
    }

    /// Changes a locked game by `change` (in place) and appends the events it made; then tells
    /// the watchers, sets the timer and, if the game ended, tells the rest of the server. A
    /// refused change leaves the game as it was ([`Repository::update_locked`]); on a failed
    /// append the copy is dropped (the store is the truth); either way the timer is stopped.
    async fn commit(
        self: &Arc<Self>,
        id: &str,
        (slot, guard): Held,
        change: impl FnOnce(&mut Live) -> Result<(), ApiError>,
    ) -> Result<Held, ApiError> {
        let mut seen = 0;
        let mut new = Vec::new();
        let result = self
            .repo
            .update_locked(id, guard, |next| {
                seen = next.moves.len();
                let before = next.timed.game().events().len();
                change(next)?;
                next.settle(None);
                new = next.timed.game().events()[before..].to_vec();
                Ok(new.iter().cloned().map(GameRecord::game).collect())
            })
            .await;
        // A failed append dropped the copy: its timer goes with it.
        let guard = result.inspect_err(|_| slot.side().stop_timer(&self.timers))?;
        if new.is_empty() {
            return Ok((slot, guard));
        }
        let live = game(&guard)?;
        self.schedule(id, &slot, live);
        // The score sheet notes the fouls and the end (CXA 2011 art. 9): sent when they change.
        let fouled = new.iter().any(may_foul);
        let sheet = fouled || live.timed.game().end().is_some();
        let message = update_message(live, seq_of(&guard), self.time.now_ms(), &new, seen, sheet);
        // No watcher is not an error.
        let _ = slot.side().tx.send(Arc::from(message));
        // No arbiter event follows the end of a game: these events ended it.
        self.publish(id, live, fouled).await;
        Ok((slot, guard))
    }

    /// Applies `record` to the locked game and appends it. A refused event leaves the game as
    /// it was; a failed append dropped the copy, and its timer goes with it.
    async fn append_one(
        &self,
        id: &str,
        (slot, guard): Held,
        record: &GameRecord,
    ) -> Result<Held, ApiError> {
        let result = self
            .repo
            .update_locked(id, guard, |next| {
                crate::repo::Aggregate::apply(next, record.clone())?;
                Ok(vec![record.clone()])
            })
            .await;
        let guard = result.inspect_err(|_| slot.side().stop_timer(&self.timers))?;
        Ok((slot, guard))
    }

    /// Appends one of the server's own events (a signature, an appeal) and tells the watchers.
    async fn record(
        self: &Arc<Self>,
        id: &str,
        (slot, guard): Held,
        record: GameRecord,
    ) -> Result<Held, ApiError> {
        let (slot, guard) = self.append_one(id, (slot, guard), &record).await?;
        let live = game(&guard)?;
        let message = update_message(
            live,
            seq_of(&guard),
            self.time.now_ms(),
            [&record],
            live.moves.len(),
            true,
        );
        let _ = slot.side().tx.send(Arc::from(message));
        Ok((slot, guard))
    }

    /// Applies one of the arbiter's procedures at the table and appends it; then sets the
    /// timer, sends the watchers the whole game (a correction or a swap takes moves away) and,
    /// if the procedure ended the game, tells the rest of the server.
    async fn act(
        self: &Arc<Self>,
        id: &str,
        (slot, guard): Held,
        procedure: Procedure,
    ) -> Result<Held, ApiError> {
        let record = GameRecord::Procedure(procedure);
        let (slot, guard) = self.append_one(id, (slot, guard), &record).await?;
        let live = game(&guard)?;
        self.schedule(id, &slot, live);
        let message = state_message(id, live, seq_of(&guard), self.time.now_ms());
        let _ = slot.side().tx.send(Arc::from(message));
        // A correction records the book's foul.
        self.publish(id, live, true).await;
        Ok((slot, guard))
    }

    /// Sets the flag timer to the clock's deadline (replacing any earlier one): an entry in
    /// the process's one queue of timers, which one task fires.
    fn schedule(self: &Arc<Self>, id: &str, slot: &Slot<Live>, live: &Live) {
        let deadline = if !live.timed_clock || live.timed.game().end().is_some() {
            None
        } else {
            live.timed.clock().deadline()
        };
        let Some(deadline) = deadline else {
            slot.side().set_timer(&self.timers, id, None);
            return;
        };
        if self.timers.start() {
            tokio::spawn(Games::fire_timers(
                Arc::downgrade(self),
                Arc::clone(&self.timers),
            ));
        }
        let at = self.time.instant_at(deadline.saturating_add(1));
        slot.side().set_timer(&self.timers, id, Some(at));
    }

    /// Fires the games' timers as their moments come, each game's on a task of its own (its
    /// lock may be held by an append in flight), until the games are gone.
    async fn fire_timers(games: std::sync::Weak<Games>, timers: Arc<Timers>) {
        loop {
            let due = timers.next_due().await;
            let Some(games) = games.upgrade() else {
                return;
            };
            for (id, key) in due {
                tokio::spawn(Arc::clone(&games).on_deadline(id, key));
            }
        }
    }

    /// Follows the appends of the other replicas (PostgreSQL `LISTEN`) so that their moves
    /// reach this replica's watchers, until the process ends. Returns at once for SQLite.
    pub async fn follow_replicas(self: Arc<Self>, listener: Option<Listener>) {
        let Some(mut listener) = listener else {
            return;
        };
        loop {
            match listener.next().await {
                // Each on a task of its own: one game's catch-up (its lock, which an append
                // in flight holds, and a read) must not hold up every other game's, which
                // under load queued the notices for seconds.
                Ok(Some(a)) if a.kind == StreamKind::Game => {
                    let games = Arc::clone(&self);
                    tokio::spawn(async move { games.on_appended(&a.id, a.seq, a.events).await });
                }
                Ok(Some(_)) => {}
                // Reconnected: whatever was announced meanwhile is lost, so look at every game
                // this replica holds.
                Ok(None) => self.refresh_all().await,
                Err(_) => tokio::time::sleep(std::time::Duration::from_secs(1)).await,
            }
        }
    }

    /// Refreshes every game held here from the store.
    async fn refresh_all(self: &Arc<Self>) {
        for id in self.repo.held_ids() {
            if let Ok(seq) = self.store().last_seq(StreamKind::Game, &id).await {
                self.on_appended(&id, seq, Vec::new()).await;
            }
        }
    }

    /// Another replica (or this one) appended to game `id` up to `seq`: if this replica holds
    /// an older copy, it catches it up (with the `events` the notice brought when they follow
    /// its copy, else from the store), resets its flag timer and tells its watchers, as if the
    /// move had been made here.
    async fn on_appended(self: &Arc<Self>, id: &str, seq: u64, events: Vec<StoredEvent>) {
        // Not held here: it is loaded fresh when someone asks.
        let Some((slot, mut guard)) = self.repo.lock_held(id).await else {
            return;
        };
        let held = guard.as_ref().map(|v| v.seq);
        if held.is_some_and(|h| h >= seq) {
            return; // this replica's own append, or already seen
        }
        if held.is_none() && slot.side().tx.receiver_count() == 0 {
            return;
        }
        let seen = guard.as_ref().map_or(0, |v| v.state.moves.len());
        let was_playing = guard
            .as_ref()
            .is_some_and(|v| v.state.timed.game().end().is_none());
        slot.side().stop_timer(&self.timers);
        let Ok((new, newest)) = self.repo.refresh(id, &mut guard, events).await else {
            return;
        };
        if let Some(at) = newest {
            // How late this replica heard of the append (both clocks are wall clocks).
            let lag = i64::try_from(wall_ms())
                .unwrap_or(i64::MAX)
                .saturating_sub(at);
            crate::telemetry::METRICS.replica_notice(u64::try_from(lag).unwrap_or(0));
        }
        let Ok(live) = game(&guard) else {
            return;
        };
        self.schedule(id, &slot, live);
        let now = self.time.now_ms();
        let message = match held {
            Some(_) => update_message(live, seq_of(&guard), now, &new, seen, true),
            None => state_message(id, live, seq_of(&guard), now),
        };
        let _ = slot.side().tx.send(Arc::from(message));
        if was_playing {
            // Ended on another replica: told here too (a board's result is recorded once).
            self.publish(id, live, false).await;
        }
    }

    /// Restarts the flag timers at start-up from the stored deadlines, so that a flag falls on
    /// time even if nobody looks at the game after a restart. Only games whose clock runs have
    /// a deadline; those already due are loaded (and their flags enforced) now, the others
    /// when their deadline comes. Returns how many clocks run.
    ///
    /// # Errors
    /// The store's.
    pub async fn resume_clocks(self: &Arc<Self>) -> Result<usize, ApiError> {
        let now = self.time.now_ms();
        let mut running = 0;
        for due in self.store().due(StreamKind::Game, u64::MAX).await? {
            if due.deadline_ms <= now {
                if self.check_due(&due.id, Some(due.deadline_ms)).await {
                    running += 1;
                }
                continue;
            }
            running += 1;
            let games = Arc::clone(self);
            let at = self.time.instant_at(due.deadline_ms.saturating_add(1));
            tokio::spawn(async move {
                tokio::time::sleep_until(at).await;
                games.check_due(&due.id, None).await;
            });
        }
        Ok(running)
    }

    /// Looks at a game whose stored deadline has come: loads it (which sets its timer) and
    /// makes its flag fall if due. `stored` is the deadline read from the store: if the game
    /// says otherwise (a row written before deadlines were kept), the row is corrected.
    /// Returns whether its clock still runs.
    async fn check_due(self: &Arc<Self>, id: &str, stored: Option<u64>) -> bool {
        let Ok((slot, guard)) = self.lock_current(id).await else {
            return false;
        };
        let Ok(live) = game(&guard) else {
            return false;
        };
        let actual = live.stored_deadline();
        if let Some(ms) = stored {
            if actual != Deadline::At(ms) {
                // Another writer may have moved on: its append wrote the right row already.
                let _ = self
                    .store()
                    .set_deadline(StreamKind::Game, id, seq_of(&guard), actual)
                    .await;
            }
        }
        if actual == Deadline::Clear {
            drop(guard);
            // A finished game nobody watches changes no more: load it again on demand.
            if slot.side().tx.receiver_count() == 0 {
                drop(slot);
                self.repo.forget(id);
            }
            return false;
        }
        true
    }

    /// Creates a game.
    ///
    /// # Errors
    /// 422 naming the field for a bad rule set, position or time control.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<(Tokens, Value), ApiError> {
        self.create_for(req, None).await
    }

    /// Creates a game for a board of `tournament`, which hears of its end and its fouls ([`GameReport`]).
    ///
    /// # Errors
    /// As [`Games::create`].
    pub async fn create_for(
        self: &Arc<Self>,
        req: NewGame,
        tournament: Option<&str>,
    ) -> Result<(Tokens, Value), ApiError> {
        let rules = match &req.rules {
            Some(r) => game_rules(r)?,
            None => RuleSet::cxa2011(),
        };
        let start = match &req.fen {
            Some(f) => f
                .parse::<Fen>()
                .map_err(|e| ApiError::invalid("fen", e.to_string()))?
                .into_position()
                .map_err(|e| ApiError::invalid("fen", e.to_string()))?,
            None => Position::new(),
        };
        let control = match &req.time_control {
            Some(tc) => Some(
                tc.parse::<TimeControl>()
                    .map_err(|e| ApiError::invalid("time_control", e.to_string()))?,
            ),
            None => None,
        };
        for (field, v) in [
            ("red", &req.red),
            ("black", &req.black),
            ("event", &req.event),
        ] {
            if v.as_ref().is_some_and(|s| s.chars().count() > 200) {
                return Err(ApiError::invalid(field, "at most 200 characters"));
            }
        }
        let tokens = Tokens {
            id: random_hex(8)?,
            red_token: random_hex(24)?,
            black_token: random_hex(24)?,
            arbiter_token: random_hex(24)?,
        };
        let now = self.time.now_ms();
        let created = Created {
            fen: Fen::from_position(&start).to_string(),
            rules,
            time_control: control.as_ref().map(|c| c.to_string()),
            red: req.red,
            black: req.black,
            event: req.event,
            red_token_sha256: sha256_hex(&tokens.red_token),
            black_token_sha256: sha256_hex(&tokens.black_token),
            arbiter_token_sha256: sha256_hex(&tokens.arbiter_token),
            created_at_ms: now,
            tournament: tournament.map(str::to_owned),
        };
        let timed_clock = control.is_some();
        let mut timed = TimedGame::new(
            start,
            rules,
            match control {
                Some(c) => c,
                None => untimed_control()?,
            },
        );
        // The clock starts when the game is created (the organiser creates it when the players
        // sit down); a game over at once (a mated start position) has no clock to run.
        if timed_clock && timed.game().end().is_none() {
            timed.start(now)?;
        }
        let mut records = vec![GameRecord::Created(Box::new(created))];
        records.extend(timed.game().events().iter().cloned().map(GameRecord::game));
        let (slot, mut guard) = self.repo.create(&tokens.id, records).await?;
        if let Some(v) = guard.as_mut() {
            v.state.last_at = v.state.last_at.max(now);
        }
        let live = game(&guard)?;
        self.schedule(&tokens.id, &slot, live);
        let view = serde_json::to_value(GameView::new(
            &tokens.id,
            live,
            seq_of(&guard),
            self.time.now_ms(),
        ))
        .map_err(|e| ApiError::Corrupt(e.to_string()))?;
        Ok((tokens, view))
    }

    /// A game's view, making its flag fall first if its deadline has passed.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn view(self: &Arc<Self>, id: &str) -> Result<Value, ApiError> {
        let (_slot, guard) = self.lock_current(id).await?;
        let view = GameView::new(id, game(&guard)?, seq_of(&guard), self.time.now_ms());
        serde_json::to_value(view).map_err(|e| ApiError::Corrupt(e.to_string()))
    }

    /// A game in PGN.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn pgn(
        self: &Arc<Self>,
        id: &str,
        notation: xiangqi_record::Notation,
    ) -> Result<String, ApiError> {
        let (_slot, guard) = self.lock_current(id).await?;
        Ok(views::pgn(game(&guard)?, notation))
    }

    /// A game as a record, for the tournament's PGN export.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub(crate) async fn pgn_record(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<xiangqi_record::Game, ApiError> {
        let (_slot, guard) = self.lock_current(id).await?;
        Ok(views::pgn_record(game(&guard)?))
    }

    /// A game's result, once it is over, and its fouls so far.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn result(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(Option<xiangqi_arbiter::GameResult>, [u32; 2]), ApiError> {
        let (_slot, guard) = self.lock_current(id).await?;
        let live = game(&guard)?;
        Ok((live.timed.game().end().map(|(r, _)| r), foul_counts(live)))
    }

    /// Subscribes to a game's updates, with a snapshot taken under the same lock, so that no
    /// update falls between them.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn subscribe(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(broadcast::Receiver<Arc<str>>, String), ApiError> {
        let (slot, guard) = self.lock_fresh(id).await?;
        let live = game(&guard)?;
        let rx = slot.side().tx.subscribe();
        Ok((
            rx,
            state_message(id, live, seq_of(&guard), self.time.now_ms()),
        ))
    }

    /// A fresh snapshot message for a watcher that fell behind.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn snapshot(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        let (_slot, guard) = self.lock_current(id).await?;
        Ok(state_message(
            id,
            game(&guard)?,
            seq_of(&guard),
            self.time.now_ms(),
        ))
    }

    /// Plays `text` (ICCS, WXF or Chinese) for the holder of `token`, if `ply` (when given)
    /// is the number of plies played so far, and returns the game's view.
    ///
    /// # Errors
    /// As [`Games::play`].
    pub async fn play_viewed(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        text: &str,
        ply: Option<usize>,
    ) -> Result<Value, ApiError> {
        let (_slot, guard) = self.play_held(id, token, text, ply).await?;
        let view = GameView::new(id, game(&guard)?, seq_of(&guard), self.time.now_ms());
        serde_json::to_value(view).map_err(|e| ApiError::Corrupt(e.to_string()))
    }

    /// Plays `text` (ICCS, WXF or Chinese) for the holder of `token`, if `ply` (when given)
    /// is the number of plies played so far. The watchers (the mover's socket among them) are
    /// told by the update message; the game's whole view is not built, which was a sixth of a
    /// move's cost under load.
    ///
    /// # Errors
    /// 401/403 for a missing or wrong token, 409 when the game is over, it is not this side's
    /// turn, the ply differs or another write came first; 422 for an illegal move.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        text: &str,
        ply: Option<usize>,
    ) -> Result<(), ApiError> {
        self.play_held(id, token, text, ply).await.map(drop)
    }

    /// [`Games::play`], the game left locked.
    ///
    /// The move is tried on the copy this process holds, without first asking the store
    /// whether another replica has written since ([`Games::lock_fresh`]): that was a round
    /// trip a move, half the statements PostgreSQL ran under the load bench. A stale copy
    /// cannot write (an append is conditional on the stream's sequence number), so only a
    /// refusal that a stale copy could explain is tried once more, on a copy checked against
    /// the store.
    async fn play_held(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        text: &str,
        ply: Option<usize>,
    ) -> Result<Held, ApiError> {
        if text.len() > 64 {
            return Err(ApiError::invalid("move", "a move is at most 64 bytes"));
        }
        let held = self.lock_current(id).await?;
        match self.play_on(id, held, token, text, ply).await {
            Err(e) if matches!(self.store(), Store::Postgres(_)) && stale_may_explain(&e) => {
                let held = self.lock_fresh(id).await?;
                self.play_on(id, held, token, text, ply).await
            }
            done => done,
        }
    }

    /// [`Games::play_held`] on the locked copy `held`.
    async fn play_on(
        self: &Arc<Self>,
        id: &str,
        held: Held,
        token: Option<&str>,
        text: &str,
        ply: Option<usize>,
    ) -> Result<Held, ApiError> {
        let live = game(&held.1)?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let color = match live.role(token) {
            Some(TokenHolder::Player(c)) => c,
            Some(TokenHolder::Arbiter) => {
                return Err(ApiError::Forbidden("move: it is the arbiter's"));
            }
            None => return Err(ApiError::Forbidden("act in this game")),
        };
        let g = live.timed.game();
        if g.end().is_some() {
            return Err(ApiError::conflict("game_over", "the game is over"));
        }
        let played = g.moves().len();
        if let Some(ply) = ply.filter(|p| *p != played) {
            return Err(ApiError::conflict(
                "ply_mismatch",
                format!("{played} plies have been played, not {ply}: reload"),
            ));
        }
        let pos = g.position();
        if pos.turn() != color {
            return Err(ApiError::conflict(
                "not_your_turn",
                "it is the other side's turn",
            ));
        }
        let m = xiangqi_record::read_move(pos, text.trim())
            .map_err(|reason| ApiError::invalid("move", format!("{text:?}: {reason}")))?;
        if live.adjourned.is_some() {
            return Err(ApiError::ruled_conflict(
                "adjourned",
                "WXF 2018 art. 6.5; seed 001 ④",
                "the game is adjourned: the move is sealed, and played when the arbiter resumes",
            ));
        }
        if let Some(article) = g.breaks_touch(m) {
            let bound: Vec<String> = g
                .binding()
                .map(|b| b.moves.iter().map(ToString::to_string).collect())
                .unwrap_or_default();
            return Err(ApiError::ruled(
                "touch_move",
                article,
                format!("{m} breaks touch-move: bound to {}", bound.join(" ")),
            ));
        }
        let at = self.time.now_ms().max(live.last_at);
        let mut stood = false;
        let (slot, guard) = self
            .commit(id, held, |live| {
                if live.timed_clock && live.timed.clock().flag().is_none() {
                    live.timed.play(m, at)?;
                } else {
                    live.timed.apply(GameEvent::Move {
                        color,
                        iccs: Iccs::from_move(m),
                    })?;
                }
                live.last_at = at;
                stood = live.timed.game().moves().len() > played;
                Ok(())
            })
            .await?;
        if !stood {
            return Err(ApiError::conflict(
                "flag_fell",
                "the flag fell before the move was completed: the game is lost on time",
            ));
        }
        Ok((slot, guard))
    }

    /// Handles a claim or an arbiter's action. Returns the game's view and, for a repetition
    /// request, the ruling.
    ///
    /// # Errors
    /// As [`Games::play`]; 403 when the token may not make this claim.
    pub async fn claim(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        claim: Claim,
    ) -> Result<Value, ApiError> {
        let held = self.lock_fresh(id).await?;
        let live = game(&held.1)?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let role = live
            .role(token)
            .ok_or(ApiError::Forbidden("act in this game"))?;
        let player = |what: &'static str| match role {
            TokenHolder::Player(c) => Ok(c),
            TokenHolder::Arbiter => Err(ApiError::Forbidden(what)),
        };
        let arbiter = |what: &'static str| match role {
            TokenHolder::Arbiter => Ok(()),
            TokenHolder::Player(_) => Err(ApiError::Forbidden(what)),
        };
        if matches!(claim, Claim::Repetition) {
            let ruling = live.timed.game().adjudicate();
            let reply = RulingReply {
                ruling: ruling.as_ref().map(RulingView::from),
                game: GameView::new(id, live, seq_of(&held.1), self.time.now_ms()),
            };
            return serde_json::to_value(reply).map_err(|e| ApiError::Corrupt(e.to_string()));
        }
        if live.timed.game().end().is_some() {
            return Err(ApiError::conflict("game_over", "the game is over"));
        }
        let at = self.time.now_ms().max(live.last_at);
        let event = match claim {
            Claim::Resign => GameEvent::Resigned {
                color: player("resign for a player")?,
            },
            Claim::DrawOffer => {
                let by = player("offer a draw for a player")?;
                if live.draw_offer() == Some(by) {
                    return Err(ApiError::conflict("draw_offered", "your offer stands"));
                }
                GameEvent::DrawOffered { by }
            }
            Claim::DrawAccept | Claim::DrawDecline => {
                let by = player("answer a draw offer for a player")?;
                if live.draw_offer() != Some(!by) && live.last_draw_offer() == Some(!by) {
                    // CXA 2011 arts. 22.1, 8.1.3: an offer beyond the allowed excess is a foul,
                    // and void.
                    return Err(ApiError::ruled_conflict(
                        "draw_offer_void",
                        "CXA 2011 arts. 22.1, 8.1.3",
                        "the opponent's offer is beyond the number allowed: it is void",
                    ));
                }
                if live.draw_offer() != Some(!by) {
                    return Err(ApiError::conflict(
                        "no_draw_offer",
                        "no offer of the opponent stands",
                    ));
                }
                let rounds = u32::try_from(live.timed.game().moves().len() / 2).unwrap_or(u32::MAX);
                if matches!(claim, Claim::DrawAccept)
                    && !xiangqi_arbiter::fouls::agreed_draw_allowed(
                        live.timed.game().rules(),
                        rounds,
                    )
                {
                    // WXF 2018 art. 12.11: within the event's first moves the arbiter urges
                    // the players on; only the arbiter's leave (a declared draw) ends it so.
                    return Err(ApiError::ruled_conflict(
                        "early_draw",
                        "WXF 2018 art. 12.11",
                        format!(
                            "no draw by agreement before move {}: play on, or the arbiter \
                             declares the draw",
                            live.timed.game().rules().fouls.agreed_draw_min_moves
                        ),
                    ));
                }
                if matches!(claim, Claim::DrawAccept) {
                    GameEvent::DrawAgreed
                } else {
                    GameEvent::DrawDeclined { by }
                }
            }
            Claim::MoveLimit => GameEvent::MoveLimitClaimed {
                by: player("claim for a player")?,
                counted_moves: 0,
                valid: false,
            },
            Claim::Foul { color, foul } => {
                arbiter("enter fouls: only the arbiter may")?;
                GameEvent::Foul {
                    color: parse_color("color", &color)?,
                    foul,
                    article: String::new(),
                    at_ms: Some(at),
                }
            }
            Claim::ClockStop | Claim::ClockResume | Claim::TimeAdjust { .. } => {
                arbiter("work the clock: only the arbiter may")?;
                if !live.timed_clock {
                    return Err(ApiError::conflict("untimed", "the game has no clock"));
                }
                match claim {
                    Claim::ClockStop => GameEvent::ClockStopped { at_ms: at },
                    Claim::ClockResume => GameEvent::ClockResumed { at_ms: at },
                    Claim::TimeAdjust { color, delta_ms } => GameEvent::TimeAdjusted {
                        color: parse_color("color", &color)?,
                        delta_ms,
                        at_ms: at,
                    },
                    _ => return Err(ApiError::invalid("type", "not a clock action")),
                }
            }
            Claim::Touch { squares } => {
                let turn = live.timed.game().position().turn();
                if matches!(role, TokenHolder::Player(c) if c != turn) {
                    return Err(ApiError::conflict(
                        "not_your_turn",
                        "the side to move touches, in its own time",
                    ));
                }
                if live.adjourned.is_some() {
                    return Err(ApiError::ruled_conflict(
                        "adjourned",
                        "WXF 2018 art. 6.5; seed 001 ④",
                        "the game is adjourned",
                    ));
                }
                if squares.is_empty() || squares.len() > 32 {
                    return Err(ApiError::invalid("squares", "one to 32 points"));
                }
                let squares = squares
                    .iter()
                    .map(|t| {
                        t.trim()
                            .to_ascii_lowercase()
                            .parse::<xiangqi::Square>()
                            .map_err(|_| {
                                ApiError::invalid(
                                    "squares",
                                    format!("{t:?} is not a point (a0–i9)"),
                                )
                            })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if let Some(sq) = squares.iter().find(|sq| {
                    live.timed
                        .game()
                        .position()
                        .board()
                        .piece_at(**sq)
                        .is_none()
                }) {
                    return Err(ApiError::invalid(
                        "squares",
                        format!("no piece stands on {sq}"),
                    ));
                }
                GameEvent::Touched {
                    color: turn,
                    squares,
                    at_ms: Some(at),
                    foul: false,
                }
            }
            Claim::NineRounds => GameEvent::NineRoundsClaimed {
                by: match role {
                    TokenHolder::Player(c) => c.into(),
                    TokenHolder::Arbiter => xiangqi_arbiter::Claimant::Arbiter,
                },
                accepted: false,
                verdict: None,
            },
            Claim::Adjourn
            | Claim::Seal { .. }
            | Claim::Resume
            | Claim::Correct { .. }
            | Claim::SwapColours
            | Claim::Declare { .. }
            | Claim::MoveLimitCount { .. } => {
                let procedure = match claim {
                    Claim::Seal { text } => {
                        let TokenHolder::Player(color) = role else {
                            return Err(ApiError::Forbidden(
                                "seal a move: the player to move writes it",
                            ));
                        };
                        if text.trim().is_empty() || text.len() > 64 {
                            return Err(ApiError::invalid("move", "1 to 64 bytes"));
                        }
                        Procedure::MoveSealedText {
                            color: color_code(color).to_owned(),
                            sealed_text: text.trim().to_owned(),
                            at_ms: at,
                        }
                    }
                    other => {
                        arbiter("act for the arbiter: only the arbiter may")?;
                        procedure_of(other, at, live.timed.game().moves().len())?
                    }
                };
                let (_slot, guard) = self.act(id, held, procedure).await?;
                return reply(id, &guard, self.time.now_ms());
            }
            Claim::Repetition => return Err(ApiError::invalid("type", "handled above")),
        };
        let (_slot, guard) = self
            .commit(id, held, |live| {
                live.timed.apply(event)?;
                live.last_at = at;
                Ok(())
            })
            .await?;
        reply(id, &guard, self.time.now_ms())
    }

    /// Signs the score sheet for the holder of `token`: a player or the arbiter confirms the
    /// result, the times and the fouls (CXA 2011 art. 9; WXF 2018 art. 12.6). `result`, when given, must
    /// be the recorded one: who disagrees appeals instead.
    ///
    /// # Errors
    /// 401/403 for a missing or unknown token; 409 `game_not_over`, `already_signed`,
    /// `result_disputed`.
    pub async fn sign(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        result: Option<&str>,
    ) -> Result<Value, ApiError> {
        let held = self.lock_fresh(id).await?;
        let live = game(&held.1)?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let by = match live.role(token) {
            Some(TokenHolder::Player(c)) => color_code(c),
            Some(TokenHolder::Arbiter) => "arbiter",
            None => return Err(ApiError::Forbidden("sign this game's score sheet")),
        };
        let Some((recorded, termination)) = live.timed.game().end() else {
            return Err(ApiError::conflict(
                "game_not_over",
                "the score sheet is signed once the game is over",
            ));
        };
        if let Some(r) = result.filter(|r| r.trim() != recorded.code()) {
            return Err(ApiError::conflict(
                "result_disputed",
                format!(
                    "the recorded result is {}, not {r:?}: lodge an appeal instead (WXF 12.4)",
                    recorded.code()
                ),
            ));
        }
        if live.sheet.signature(by).is_some() {
            return Err(ApiError::conflict("already_signed", "signed already"));
        }
        let at = self.time.now_ms().max(live.last_at);
        let clock = live.timed.clock();
        let signature = Signature {
            by: by.to_owned(),
            result: recorded.code().to_owned(),
            termination: termination.code().to_owned(),
            red_used_ms: live.timed_clock.then(|| clock.used(Color::Red, at)),
            black_used_ms: live.timed_clock.then(|| clock.used(Color::Black, at)),
            red_fouls: foul_counts(live)[0],
            black_fouls: foul_counts(live)[1],
            at_ms: wall_ms(),
        };
        let (_slot, guard) = self.record(id, held, GameRecord::Signed(signature)).await?;
        reply(id, &guard, self.time.now_ms())
    }

    /// Logs a player's appeal with its time. WXF 2018 art. 12.4: within two hours of the end
    /// of the game; later ones are refused.
    ///
    /// # Errors
    /// 401/403 for a missing token or one that is not a player's; 422 for an empty or long
    /// text; 409 `appeal_too_late`.
    pub async fn appeal(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        text: &str,
    ) -> Result<Value, ApiError> {
        // Characters, as the schema's `maxLength` counts them.
        if text.trim().is_empty() || text.chars().count() > 4000 {
            return Err(ApiError::invalid(
                "text",
                "1 to 4000 characters, not all blank",
            ));
        }
        let text = text.trim();
        let held = self.lock_fresh(id).await?;
        let live = game(&held.1)?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let by = match live.role(token) {
            Some(TokenHolder::Player(c)) => color_code(c),
            Some(TokenHolder::Arbiter) => {
                return Err(ApiError::Forbidden("appeal: players appeal"));
            }
            None => return Err(ApiError::Forbidden("appeal in this game")),
        };
        let now = wall_ms();
        let window = appeal_window_ms(live.timed.game().rules());
        if let (Some(end), Some(window)) = (live.sheet.ended_at_ms, window) {
            if now > end.saturating_add(window) {
                return Err(ApiError::conflict(
                    "appeal_too_late",
                    "appeals are lodged within two hours of the end of the game (WXF 12.4)",
                ));
            }
        }
        let appeal = Appeal {
            by: by.to_owned(),
            text: text.to_owned(),
            at_ms: now,
            ply: live.timed.game().moves().len(),
            decision: None,
        };
        let (_slot, guard) = self.record(id, held, GameRecord::Appealed(appeal)).await?;
        reply(id, &guard, self.time.now_ms())
    }

    /// Appeal `number` (from 1) of game `id`, before it is decided: the game's tournament, if
    /// it is a board's, and its recorded result.
    ///
    /// # Errors
    /// 404 for an unknown game or appeal; 409 `appeal_decided` when it was decided already.
    pub async fn appeal_to_decide(
        self: &Arc<Self>,
        id: &str,
        number: usize,
    ) -> Result<(Option<String>, Option<xiangqi_arbiter::GameResult>), ApiError> {
        let (_slot, guard) = self.lock_fresh(id).await?;
        let live = game(&guard)?;
        let appeal = number
            .checked_sub(1)
            .and_then(|i| live.sheet.appeals.get(i))
            .ok_or(ApiError::NotFound("appeal"))?;
        if appeal.decision.is_some() {
            return Err(ApiError::conflict(
                "appeal_decided",
                "the appeal was decided already (WXF 12.4: the decision is final)",
            ));
        }
        Ok((
            live.created.tournament.clone(),
            live.timed.game().end().map(|(r, _)| r),
        ))
    }

    /// Records the decision on an appeal (WXF 2018 art. 12.4); the record of the game stays
    /// as it is. Who may decide is the caller's to check ([`Games::appeal_to_decide`] first).
    ///
    /// # Errors
    /// As [`Games::appeal_to_decide`].
    pub async fn decide_appeal(
        self: &Arc<Self>,
        id: &str,
        decision: AppealDecision,
    ) -> Result<Value, ApiError> {
        let held = self.lock_fresh(id).await?;
        let (_slot, guard) = self
            .record(id, held, GameRecord::AppealDecided(decision))
            .await?;
        reply(id, &guard, self.time.now_ms())
    }
}
