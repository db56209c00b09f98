//! Live games: each is a stream of events in the store — first the server's `game_created`,
//! then the arbiter's [`GameEvent`]s — replayed into a [`TimedGame`] that is only a cache.
//!
//! A write locks the game in this process, applies the event to the cached game, and appends
//! the new events conditionally on the stream's last sequence number. If another replica wrote
//! first, the append fails, the cache is dropped, and the caller gets a 409 to retry. After a
//! write the watchers are told and the flag timer is set to the clock's stored deadline; any
//! read past the deadline makes the flag fall too, so no timer needs to survive a crash.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex as StdMutex,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::{Mutex, broadcast};
use xiangqi::{
    Color, Position,
    chinese::{Chinese, Style},
    fen::Fen,
    wxf::Wxf,
};
use xiangqi_arbiter::{Foul, GameEvent, RuleSet, TimeControl, TimedGame};
use xiangqi_store::{Deadline, EventStore, Listener, NewEvent, Store, StoredEvent, StreamKind};

use crate::ids::{random_hex, sha256_hex};
use crate::stream::{new_event, valid_id};
use crate::{ApiError, time::TimeSource, views};

/// The type of the first event of a game's stream.
pub const CREATED: &str = "game_created";

/// The type of a signature on the score sheet (CXA 9; WXF 12.6).
pub const SIGNED: &str = "score_sheet_signed";
/// The type of an appeal (WXF 12.4).
pub const APPEALED: &str = "appeal_lodged";

/// How long after the end of a game an appeal may be lodged: two hours (WXF 2018 art. 12.4).
pub const APPEAL_WINDOW_MS: u64 = 2 * 60 * 60 * 1000;

/// How many updates a slow watcher may fall behind before it is sent a fresh snapshot.
const WATCH_BUFFER: usize = 64;

/// How often [`Games::housekeeping`] evicts idle games.
const EVICT_EVERY: Duration = Duration::from_secs(30);
/// A finished game nobody has asked for in this long leaves memory.
const FINISHED_IDLE: Duration = Duration::from_secs(60);
/// An unfinished game nobody has asked for in this long leaves memory (its clock is kept by
/// the stored deadline and the sweep).
const RUNNING_IDLE: Duration = Duration::from_secs(10 * 60);

/// How often a server sweeps the stored deadlines for flags its timers missed.
pub const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// What the server stores first in a game's stream.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Created {
    /// The start position.
    pub fen: String,
    /// The rules, with every number.
    pub rules: RuleSet,
    /// The time control (`60m+30s`, …), if the game is timed.
    pub time_control: Option<String>,
    /// Red's name.
    pub red: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// The event's name.
    pub event: Option<String>,
    /// SHA-256 of Red's token, in hex.
    pub red_token_sha256: String,
    /// SHA-256 of Black's token.
    pub black_token_sha256: String,
    /// SHA-256 of the arbiter's token.
    pub arbiter_token_sha256: String,
    /// When the game was created, on the server's time scale.
    pub created_at_ms: u64,
    /// The tournament whose board the game was started for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}

/// A game has ended: what [`Games`] tells the rest of the server (a tournament records the
/// result on its board), whichever replica ended it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnded {
    /// The game's id.
    pub id: String,
    /// Its result.
    pub result: xiangqi_arbiter::GameResult,
    /// The tournament whose board the game was started for.
    pub tournament: Option<String>,
}

/// What is told of each game that ends, awaited before the write that ended it is answered.
pub type EndedHook = Arc<
    dyn Fn(GameEnded) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>
        + Send
        + Sync,
>;

/// Who a token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A player, for one side.
    Player(Color),
    /// The game's arbiter.
    Arbiter,
}

/// A game as a request to create it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `cxa2011` (default) or `wxf2018`.
    pub rules: Option<String>,
    /// The start position; the standard one by default.
    pub fen: Option<String>,
    /// A time control (`60m+30s`, `90m/40,30m`, `5m;30s`, …); untimed if absent.
    pub time_control: Option<String>,
    /// Red's name.
    pub red: Option<String>,
    /// Black's name.
    pub black: Option<String>,
    /// The event's name.
    pub event: Option<String>,
}

/// The tokens of a new game: show each only to its holder.
#[derive(Debug, Clone, Serialize)]
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
#[derive(Debug, Clone, Deserialize)]
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
        color: String,
        /// The foul, as the arbiter's `Foul` serializes (`{"kind":"touch"}`, …).
        foul: Foul,
    },
    /// The arbiter stops the clock.
    ClockStop,
    /// The arbiter restarts it.
    ClockResume,
    /// The arbiter gives (positive) or takes (negative) time.
    TimeAdjust {
        /// Whose clock.
        color: String,
        /// Milliseconds.
        delta_ms: i64,
    },
}

/// A game in memory: a cache of its stream.
#[derive(Debug)]
pub struct Live {
    /// The first event.
    pub created: Created,
    /// The game with its clock.
    pub timed: TimedGame,
    /// Is there a clock?
    pub timed_clock: bool,
    /// The stream's last sequence number.
    pub seq: u64,
    /// The latest moment the clock has seen: time never runs back for it.
    pub last_at: u64,
    /// The moves in every notation, computed once.
    pub moves: Vec<views::MoveView>,
    /// The position after the last move in `moves`.
    replay: Position,
    timer: Option<tokio::task::AbortHandle>,
    /// The score sheet's signatures and the appeals.
    pub sheet: Sheet,
}

/// What is signed and appealed after (or during) a game: the server's own events, stored in
/// the game's stream beside the arbiter's.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    /// Each signature as stored: `{by, result, termination, red_used_ms, black_used_ms, at_ms}`.
    pub signatures: Vec<Value>,
    /// Each appeal as stored: `{by, text, at_ms}`.
    pub appeals: Vec<Value>,
    /// When the game ended, in milliseconds since the Unix epoch (the store's clock).
    pub ended_at_ms: Option<u64>,
}

impl Sheet {
    /// Whether `by` (`red`, `black`, `arbiter`) has signed.
    pub fn signed_by(&self, by: &str) -> bool {
        self.signatures.iter().any(|s| s["by"] == by)
    }

    /// Whether both players and the arbiter have signed (CXA 9; WXF 12.6).
    pub fn complete(&self) -> bool {
        ["red", "black", "arbiter"]
            .iter()
            .all(|b| self.signed_by(b))
    }
}

/// Milliseconds since the Unix epoch: the moment of a signature or an appeal, for the record.
fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

impl Live {
    fn sync_moves(&mut self) {
        let played = self.timed.game().moves();
        while self.moves.len() < played.len() {
            let m = played[self.moves.len()];
            let color = self.replay.turn();
            self.moves.push(views::MoveView {
                ply: self.moves.len() + 1,
                color: views::color_code(color),
                iccs: m.to_string(),
                wxf: Wxf::write(&self.replay, m),
                chinese: Chinese::write(&self.replay, m, Style::PLAIN),
            });
            if self.replay.is_legal(m) {
                self.replay.play_unchecked(m);
            } else {
                break;
            }
        }
    }

    /// The role of `token`, if any.
    pub fn role(&self, token: &str) -> Option<Role> {
        let h = sha256_hex(token);
        if h == self.created.red_token_sha256 {
            Some(Role::Player(Color::Red))
        } else if h == self.created.black_token_sha256 {
            Some(Role::Player(Color::Black))
        } else if h == self.created.arbiter_token_sha256 {
            Some(Role::Arbiter)
        } else {
            None
        }
    }

    /// The pending draw offer's author: it stands until the other side moves or declines.
    pub fn draw_offer(&self) -> Option<Color> {
        let mut pending = None;
        for e in self.timed.game().events() {
            match e {
                GameEvent::DrawOffered { by } => pending = Some(*by),
                GameEvent::DrawDeclined { .. } | GameEvent::DrawAgreed => pending = None,
                GameEvent::Move { color, .. } if pending.is_some_and(|by| by != *color) => {
                    pending = None;
                }
                _ => {}
            }
        }
        pending
    }
}

struct Slot {
    live: Arc<Mutex<Option<Live>>>,
    tx: broadcast::Sender<Arc<str>>,
    /// When the game was last asked for, on the server's time scale: idle games are evicted.
    used_ms: AtomicU64,
}

/// Every live game this process knows, with its watchers.
pub struct Games {
    store: Store,
    time: TimeSource,
    slots: StdMutex<HashMap<String, Arc<Slot>>>,
    ended: std::sync::OnceLock<EndedHook>,
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Games")
            .field("store", &self.store.backend())
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

fn rules_named(name: &str) -> Result<RuleSet, ApiError> {
    match name
        .trim()
        .to_ascii_lowercase()
        .replace(['-', '_', ' '], "")
        .as_str()
    {
        "cxa" | "cxa2011" => Ok(RuleSet::cxa2011()),
        "wxf" | "wxf2018" | "axf" => Ok(RuleSet::wxf2018()),
        _ => Err(ApiError::invalid(
            "rules",
            format!("unknown rule set {name:?} (cxa2011 or wxf2018)"),
        )),
    }
}

fn untimed_control() -> Result<TimeControl, ApiError> {
    "90m"
        .parse::<TimeControl>()
        .map_err(|e| ApiError::Corrupt(format!("default time control: {e}")))
}

/// The moment of a clock event, if it has one.
fn event_time(e: &GameEvent) -> Option<u64> {
    match e {
        GameEvent::ClockStarted { at_ms }
        | GameEvent::MoveTime { at_ms, .. }
        | GameEvent::ClockStopped { at_ms }
        | GameEvent::ClockResumed { at_ms }
        | GameEvent::TimeAdjusted { at_ms, .. }
        | GameEvent::FlagFell { at_ms, .. }
        | GameEvent::MoveSealed { at_ms, .. } => Some(*at_ms),
        _ => None,
    }
}

/// The deadline to store for a game: the moment its running clock's flag falls, or none.
fn deadline_of(timed: &TimedGame, timed_clock: bool) -> Deadline {
    if !timed_clock || timed.game().end().is_some() {
        return Deadline::Clear;
    }
    timed
        .clock()
        .deadline()
        .map_or(Deadline::Clear, Deadline::At)
}

impl Games {
    /// Games kept in `store`, timed on `time`.
    pub fn new(store: Store, time: TimeSource) -> Games {
        Games {
            store,
            time,
            slots: StdMutex::new(HashMap::new()),
            ended: std::sync::OnceLock::new(),
        }
    }

    /// Sets what is told of each game that ends (once; later calls change nothing).
    pub fn on_game_ended(&self, hook: EndedHook) {
        let _ = self.ended.set(hook);
    }

    /// Tells that `live`, game `id`, has ended.
    async fn publish_end(&self, id: &str, live: &Live) {
        let (Some(hook), Some((result, _))) = (self.ended.get(), live.timed.game().end()) else {
            return;
        };
        hook(GameEnded {
            id: id.to_owned(),
            result,
            tournament: live.created.tournament.clone(),
        })
        .await;
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The time scale.
    pub fn time(&self) -> &TimeSource {
        &self.time
    }

    fn slot(&self, id: &str) -> Arc<Slot> {
        let now = self.time.now_ms();
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let slot = Arc::clone(slots.entry(id.to_owned()).or_insert_with(|| {
            Arc::new(Slot {
                live: Arc::new(Mutex::new(None)),
                tx: broadcast::channel(WATCH_BUFFER).0,
                used_ms: AtomicU64::new(now),
            })
        }));
        slot.used_ms.store(now, Ordering::Relaxed);
        slot
    }

    /// How many games this process holds in memory.
    pub fn held(&self) -> usize {
        self.slots.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Drops from memory the games nobody watches or uses: finished ones unused for
    /// `finished_idle`, unfinished ones unused for `running_idle`. Their events stay in the
    /// store and a game is replayed from them when next asked for; the flag timer of an evicted
    /// game goes with it, and the deadline sweep ([`Games::sweep`]) reloads the game when its
    /// stored deadline comes. Returns how many were dropped.
    pub fn evict(&self, finished_idle: Duration, running_idle: Duration) -> usize {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let (finished_idle, running_idle) = (ms(finished_idle), ms(running_idle));
        let now = self.time.now_ms();
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let before = slots.len();
        slots.retain(|_, slot| {
            // In use: a request, a timer or a replica's notice holds it, or someone watches.
            if Arc::strong_count(slot) > 1 || slot.tx.receiver_count() > 0 {
                return true;
            }
            let Ok(mut guard) = slot.live.try_lock() else {
                return true;
            };
            let idle = now.saturating_sub(slot.used_ms.load(Ordering::Relaxed));
            let limit = match guard.as_ref() {
                None => 0,
                Some(l) if l.timed.game().end().is_some() => finished_idle,
                Some(_) => running_idle,
            };
            if idle < limit {
                return true;
            }
            if let Some(t) = guard.as_mut().and_then(|l| l.timer.take()) {
                t.abort();
            }
            false
        });
        before - slots.len()
    }

    /// Enforces every stored deadline that has passed: the safety net under the flag timers,
    /// for a game whose timer this process never set (another replica wrote its last move and
    /// its notice was lost, the game was evicted, a replica died after writing). A copy older
    /// than the store is refreshed first. Returns how many games were due.
    ///
    /// # Errors
    /// The store's, when it cannot list the due games.
    pub async fn sweep(self: &Arc<Self>) -> Result<usize, ApiError> {
        let due = self.store.due(StreamKind::Game, self.time.now_ms()).await?;
        for d in &due {
            if let Ok(seq) = self.store.last_seq(StreamKind::Game, &d.id).await {
                // A no-op unless this process holds an older copy.
                self.on_appended(&d.id, seq).await;
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

    fn forget(&self, id: &str) {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.remove(id);
    }

    /// Replays a game from the store; `None` if there is no such game.
    async fn load(&self, id: &str) -> Result<Option<Live>, ApiError> {
        let stored = self.store.load(StreamKind::Game, id, 0).await?;
        Self::replay(id, &stored)
    }

    /// Replays a game from its stored events.
    fn replay(id: &str, stored: &[StoredEvent]) -> Result<Option<Live>, ApiError> {
        let Some(first) = stored.first() else {
            return Ok(None);
        };
        let corrupt = |what: &str, e: &dyn std::fmt::Display| {
            ApiError::Corrupt(format!("game {id}: {what}: {e}"))
        };
        if first.event_type != CREATED {
            return Err(corrupt("first event", &first.event_type));
        }
        let created: Created =
            serde_json::from_value(first.payload.clone()).map_err(|e| corrupt("created", &e))?;
        let start = created
            .fen
            .parse::<Fen>()
            .map_err(|e| corrupt("fen", &e))?
            .into_position()
            .map_err(|e| corrupt("fen", &e))?;
        let control = match &created.time_control {
            Some(tc) => tc
                .parse::<TimeControl>()
                .map_err(|e| corrupt("time control", &e))?,
            None => untimed_control()?,
        };
        let mut sheet = Sheet::default();
        let mut game_events = Vec::with_capacity(stored.len());
        let mut last_game_event_ms = first.recorded_at_ms;
        for e in &stored[1..] {
            match e.event_type.as_str() {
                SIGNED => sheet.signatures.push(e.payload.clone()),
                APPEALED => sheet.appeals.push(e.payload.clone()),
                _ => {
                    last_game_event_ms = e.recorded_at_ms;
                    game_events.push(
                        serde_json::from_value::<GameEvent>(e.payload.clone())
                            .map_err(|err| corrupt("event", &err))?,
                    );
                }
            }
        }
        let events = game_events;
        let last_at = events.iter().filter_map(event_time).max().unwrap_or(0);
        let timed = TimedGame::from_events(start.clone(), created.rules, control, &events)
            .map_err(|e| corrupt("replay", &e))?;
        // No arbiter event follows the end of a game: the last one's moment is the end's.
        if timed.game().end().is_some() {
            sheet.ended_at_ms = Some(u64::try_from(last_game_event_ms).unwrap_or(0));
        }
        let mut live = Live {
            timed_clock: created.time_control.is_some(),
            created,
            timed,
            seq: stored.last().map_or(0, |e| e.seq),
            last_at,
            moves: Vec::new(),
            replay: start,
            timer: None,
            sheet,
        };
        live.sync_moves();
        Ok(Some(live))
    }

    /// Locks a game, loading it if need be.
    async fn lock(self: &Arc<Self>, id: &str) -> Result<(Arc<Slot>, OwnedLive), ApiError> {
        if !valid_id(id) {
            return Err(ApiError::NotFound("game"));
        }
        let slot = self.slot(id);
        let mut guard = Arc::clone(&slot.live).lock_owned().await;
        if guard.is_none() {
            match self.load(id).await? {
                Some(mut live) => {
                    self.schedule(id, &mut live);
                    *guard = Some(live);
                }
                None => {
                    drop(guard);
                    self.forget(id);
                    return Err(ApiError::NotFound("game"));
                }
            }
        }
        Ok((slot, guard))
    }

    /// Locks a game with its flag enforced. If another replica wrote first, the cache was
    /// dropped: load the game again and look once more.
    async fn lock_current(self: &Arc<Self>, id: &str) -> Result<(Arc<Slot>, OwnedLive), ApiError> {
        for _ in 0..2 {
            let (slot, mut guard) = self.lock(id).await?;
            match self.enforce_flag(id, &slot, &mut guard, false).await {
                Ok(()) => return Ok((slot, guard)),
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

    /// Locks a game for a write, its copy checked against the store first when other replicas
    /// may write (PostgreSQL): their notice may not have arrived yet, and a write refused on a
    /// stale copy (`ply_mismatch`, `not_your_turn`) would send the client to a stale reload.
    async fn lock_write(self: &Arc<Self>, id: &str) -> Result<(Arc<Slot>, OwnedLive), ApiError> {
        let (slot, guard) = self.lock_current(id).await?;
        if !matches!(self.store, Store::Postgres(_)) {
            return Ok((slot, guard));
        }
        let stored = self.store.last_seq(StreamKind::Game, id).await?;
        if guard.as_ref().is_none_or(|l| l.seq == stored) {
            return Ok((slot, guard));
        }
        drop(guard);
        // Catch up now (and tell this replica's watchers); the notice, when it comes, is old.
        self.on_appended(id, stored).await;
        self.lock_current(id).await
    }

    /// Creates a game.
    ///
    /// # Errors
    /// 422 naming the field for a bad rule set, position or time control.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<(Tokens, Value), ApiError> {
        self.create_for(req, None).await
    }

    /// Creates a game for a board of `tournament`, which hears of its end ([`GameEnded`]).
    ///
    /// # Errors
    /// As [`Games::create`].
    pub async fn create_for(
        self: &Arc<Self>,
        req: NewGame,
        tournament: Option<&str>,
    ) -> Result<(Tokens, Value), ApiError> {
        let rules = match &req.rules {
            Some(r) => rules_named(r)?,
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
            if v.as_ref().is_some_and(|s| s.len() > 200) {
                return Err(ApiError::invalid(field, "at most 200 bytes"));
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
            start.clone(),
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
        let payload = serde_json::to_value(&created)
            .map_err(|e| ApiError::Corrupt(format!("created: {e}")))?;
        let mut events = vec![NewEvent::new(CREATED, payload)];
        for e in timed.game().events() {
            events.push(new_event(e, "type")?);
        }
        let seq = self
            .store
            .append_with_deadline(
                StreamKind::Game,
                &tokens.id,
                0,
                &events,
                deadline_of(&timed, timed_clock),
            )
            .await?;
        let sheet = Sheet {
            ended_at_ms: timed.game().end().map(|_| wall_ms()),
            ..Sheet::default()
        };
        let mut live = Live {
            created,
            timed,
            timed_clock,
            seq,
            last_at: now,
            moves: Vec::new(),
            replay: start,
            timer: None,
            sheet,
        };
        let slot = self.slot(&tokens.id);
        let mut guard = slot.live.lock().await;
        self.schedule(&tokens.id, &mut live);
        let view = views::game_view(&tokens.id, &live, self.time.now_ms());
        *guard = Some(live);
        Ok((tokens, view))
    }

    /// A game's view, making its flag fall first if its deadline has passed.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn view(self: &Arc<Self>, id: &str) -> Result<Value, ApiError> {
        let (_slot, guard) = self.lock_current(id).await?;
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        Ok(views::game_view(id, live, self.time.now_ms()))
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
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        Ok(views::pgn(live, notation))
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
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        Ok(views::pgn_record(live))
    }

    /// A game's result, once it is over.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn result(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<Option<xiangqi_arbiter::GameResult>, ApiError> {
        let (_slot, guard) = self.lock_current(id).await?;
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        Ok(live.timed.game().end().map(|(r, _)| r))
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
        let (slot, guard) = self.lock(id).await?;
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        let rx = slot.tx.subscribe();
        let snapshot =
            json!({"type": "state", "game": views::game_view(id, live, self.time.now_ms())});
        Ok((rx, snapshot.to_string()))
    }

    /// A fresh snapshot message for a watcher that fell behind.
    ///
    /// # Errors
    /// 404 for an unknown game.
    pub async fn snapshot(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        let game = self.view(id).await?;
        Ok(json!({"type": "state", "game": game}).to_string())
    }

    /// Plays `text` (ICCS, WXF or Chinese) for the holder of `token`, if `ply` (when given)
    /// is the number of plies played so far.
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
    ) -> Result<Value, ApiError> {
        let (slot, mut guard) = self.lock_write(id).await?;
        let live = guard.as_mut().ok_or(ApiError::NotFound("game"))?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let color = match live.role(token) {
            Some(Role::Player(c)) => c,
            Some(Role::Arbiter) => return Err(ApiError::Forbidden("move: it is the arbiter's")),
            None => return Err(ApiError::Forbidden("act in this game")),
        };
        let game = live.timed.game();
        if game.end().is_some() {
            return Err(ApiError::conflict("game_over", "the game is over"));
        }
        let played = game.moves().len();
        if let Some(ply) = ply.filter(|p| *p != played) {
            return Err(ApiError::conflict(
                "ply_mismatch",
                format!("{played} plies have been played, not {ply}: reload"),
            ));
        }
        let pos = game.position();
        if pos.turn() != color {
            return Err(ApiError::conflict(
                "not_your_turn",
                "it is the other side's turn",
            ));
        }
        if text.len() > 64 {
            return Err(ApiError::invalid("move", "a move is at most 64 bytes"));
        }
        let m = xiangqi_record::read_move(pos, text.trim())
            .map_err(|reason| ApiError::invalid("move", format!("{text:?}: {reason}")))?;
        let before = game.events().len();
        let at = self.time.now_ms().max(live.last_at);
        if live.timed_clock && live.timed.clock().flag().is_none() {
            live.timed.play(m, at)?;
        } else {
            live.timed.apply(GameEvent::Move {
                color,
                iccs: m.to_string(),
            })?;
        }
        live.last_at = at;
        let stood = live.timed.game().moves().len() > played;
        self.commit(id, &slot, &mut guard, before).await?;
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        if !stood {
            return Err(ApiError::conflict(
                "flag_fell",
                "the flag fell before the move was completed: the game is lost on time",
            ));
        }
        Ok(views::game_view(id, live, self.time.now_ms()))
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
        let (slot, mut guard) = self.lock_write(id).await?;
        let live = guard.as_mut().ok_or(ApiError::NotFound("game"))?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let role = live
            .role(token)
            .ok_or(ApiError::Forbidden("act in this game"))?;
        let player = |what: &'static str| match role {
            Role::Player(c) => Ok(c),
            Role::Arbiter => Err(ApiError::Forbidden(what)),
        };
        let arbiter = |what: &'static str| match role {
            Role::Arbiter => Ok(()),
            Role::Player(_) => Err(ApiError::Forbidden(what)),
        };
        if matches!(claim, Claim::Repetition) {
            let ruling = live.timed.game().adjudicate();
            let view = views::game_view(id, live, self.time.now_ms());
            return Ok(json!({
                "ruling": ruling.as_ref().map(views::ruling_view),
                "game": view,
            }));
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
                if live.draw_offer() != Some(!by) {
                    return Err(ApiError::conflict(
                        "no_draw_offer",
                        "no offer of the opponent stands",
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
            Claim::Repetition => return Err(ApiError::invalid("type", "handled above")),
        };
        let before = live.timed.game().events().len();
        live.timed.apply(event)?;
        live.last_at = at;
        self.commit(id, &slot, &mut guard, before).await?;
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        Ok(json!({"game": views::game_view(id, live, self.time.now_ms())}))
    }

    /// Signs the score sheet for the holder of `token`: a player or the arbiter confirms the
    /// result and the times (CXA 2011 art. 9; WXF 2018 art. 12.6). `result`, when given, must
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
        let (slot, mut guard) = self.lock_write(id).await?;
        let live = guard.as_mut().ok_or(ApiError::NotFound("game"))?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let by = match live.role(token) {
            Some(Role::Player(c)) => views::color_code(c),
            Some(Role::Arbiter) => "arbiter",
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
        if live.sheet.signed_by(by) {
            return Err(ApiError::conflict("already_signed", "signed already"));
        }
        let at = self.time.now_ms().max(live.last_at);
        let clock = live.timed.clock();
        let payload = json!({
            "by": by,
            "result": recorded.code(),
            "termination": termination.code(),
            "red_used_ms": live.timed_clock.then(|| clock.used(Color::Red, at)),
            "black_used_ms": live.timed_clock.then(|| clock.used(Color::Black, at)),
            "at_ms": wall_ms(),
        });
        self.record(id, &slot, &mut guard, NewEvent::new(SIGNED, payload))
            .await?;
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        Ok(json!({"game": views::game_view(id, live, self.time.now_ms())}))
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
        let text = text.trim();
        if text.is_empty() || text.len() > 4000 {
            return Err(ApiError::invalid("text", "1 to 4000 bytes"));
        }
        let (slot, mut guard) = self.lock_write(id).await?;
        let live = guard.as_mut().ok_or(ApiError::NotFound("game"))?;
        let token = token.ok_or(ApiError::Unauthorized)?;
        let by = match live.role(token) {
            Some(Role::Player(c)) => views::color_code(c),
            Some(Role::Arbiter) => return Err(ApiError::Forbidden("appeal: players appeal")),
            None => return Err(ApiError::Forbidden("appeal in this game")),
        };
        let now = wall_ms();
        if let Some(end) = live.sheet.ended_at_ms {
            if now > end.saturating_add(APPEAL_WINDOW_MS) {
                return Err(ApiError::conflict(
                    "appeal_too_late",
                    "appeals are lodged within two hours of the end of the game (WXF 12.4)",
                ));
            }
        }
        let payload =
            json!({"by": by, "text": text, "at_ms": now, "ply": live.timed.game().moves().len()});
        self.record(id, &slot, &mut guard, NewEvent::new(APPEALED, payload))
            .await?;
        let live = guard.as_ref().ok_or(ApiError::NotFound("game"))?;
        Ok(json!({"game": views::game_view(id, live, self.time.now_ms())}))
    }

    /// Appends one of the server's own events (a signature, an appeal) and tells the watchers.
    async fn record(
        self: &Arc<Self>,
        id: &str,
        slot: &Slot,
        guard: &mut OwnedLive,
        event: NewEvent,
    ) -> Result<(), ApiError> {
        let Some(live) = guard.as_mut() else {
            return Ok(());
        };
        match self
            .store
            .append(StreamKind::Game, id, live.seq, std::slice::from_ref(&event))
            .await
        {
            Ok(seq) => {
                live.seq = seq;
                match event.event_type.as_str() {
                    SIGNED => live.sheet.signatures.push(event.payload.clone()),
                    _ => live.sheet.appeals.push(event.payload.clone()),
                }
                let message = views::update_message(
                    live,
                    self.time.now_ms(),
                    &[&event.payload],
                    live.moves.len(),
                    true,
                );
                let _ = slot.tx.send(Arc::from(message.to_string()));
                Ok(())
            }
            Err(e) => {
                if let Some(mut dropped) = guard.take() {
                    if let Some(t) = dropped.timer.take() {
                        t.abort();
                    }
                }
                Err(e.into())
            }
        }
    }

    /// Makes the flag fall if the running side's deadline has passed.
    async fn enforce_flag(
        self: &Arc<Self>,
        id: &str,
        slot: &Slot,
        guard: &mut OwnedLive,
        from_timer: bool,
    ) -> Result<(), ApiError> {
        let Some(live) = guard.as_mut() else {
            return Ok(());
        };
        if from_timer {
            live.timer = None;
        }
        if !live.timed_clock || live.timed.game().end().is_some() {
            return Ok(());
        }
        let Some(deadline) = live.timed.clock().deadline() else {
            return Ok(());
        };
        let at = self.time.now_ms().max(live.last_at);
        if at <= deadline {
            if from_timer {
                self.schedule(id, live);
            }
            return Ok(());
        }
        let before = live.timed.game().events().len();
        live.timed.check_flag(at)?;
        live.last_at = at;
        self.commit(id, slot, guard, before).await
    }

    /// Called by a game's timer at its deadline.
    async fn on_deadline(self: Arc<Self>, id: String) {
        if let Ok((slot, mut guard)) = self.lock(&id).await {
            // A failed append dropped the cache; the next reader enforces the flag.
            let _ = self.enforce_flag(&id, &slot, &mut guard, true).await;
        }
    }

    /// Appends the game's events after `before`, then tells the watchers and sets the timer.
    /// On failure the cache is dropped: the store is the truth.
    async fn commit(
        self: &Arc<Self>,
        id: &str,
        slot: &Slot,
        guard: &mut OwnedLive,
        before: usize,
    ) -> Result<(), ApiError> {
        let Some(live) = guard.as_mut() else {
            return Ok(());
        };
        let new: Vec<GameEvent> = live.timed.game().events()[before..].to_vec();
        if new.is_empty() {
            return Ok(());
        }
        let events = new
            .iter()
            .map(|e| new_event(e, "type"))
            .collect::<Result<Vec<_>, _>>()?;
        let deadline = deadline_of(&live.timed, live.timed_clock);
        match self
            .store
            .append_with_deadline(StreamKind::Game, id, live.seq, &events, deadline)
            .await
        {
            Ok(seq) => {
                live.seq = seq;
                let seen = live.moves.len();
                live.sync_moves();
                if live.sheet.ended_at_ms.is_none() && live.timed.game().end().is_some() {
                    live.sheet.ended_at_ms = Some(wall_ms());
                }
                self.schedule(id, live);
                let message = views::update_message(live, self.time.now_ms(), &new, seen, false);
                // No watcher is not an error.
                let _ = slot.tx.send(Arc::from(message.to_string()));
                // No arbiter event follows the end of a game: these events ended it.
                self.publish_end(id, live).await;
                Ok(())
            }
            Err(e) => {
                if let Some(mut dropped) = guard.take() {
                    if let Some(t) = dropped.timer.take() {
                        t.abort();
                    }
                }
                Err(e.into())
            }
        }
    }

    /// Sets the flag timer to the clock's deadline (replacing any earlier one).
    fn schedule(self: &Arc<Self>, id: &str, live: &mut Live) {
        if let Some(t) = live.timer.take() {
            t.abort();
        }
        if !live.timed_clock || live.timed.game().end().is_some() {
            return;
        }
        let Some(deadline) = live.timed.clock().deadline() else {
            return;
        };
        let at = self.time.instant_at(deadline.saturating_add(1));
        let games = Arc::clone(self);
        let id = id.to_owned();
        let task = tokio::spawn(async move {
            tokio::time::sleep_until(at).await;
            games.on_deadline(id).await;
        });
        live.timer = Some(task.abort_handle());
    }

    /// Follows the appends of the other replicas (PostgreSQL `LISTEN`) so that their moves
    /// reach this replica's watchers, until the process ends. Returns at once for SQLite.
    pub async fn follow_replicas(self: Arc<Self>, listener: Option<Listener>) {
        let Some(mut listener) = listener else {
            return;
        };
        loop {
            match listener.next().await {
                Ok(Some(a)) if a.kind == StreamKind::Game => self.on_appended(&a.id, a.seq).await,
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
        let ids: Vec<String> = {
            let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
            slots.keys().cloned().collect()
        };
        for id in ids {
            if let Ok(seq) = self.store.last_seq(StreamKind::Game, &id).await {
                self.on_appended(&id, seq).await;
            }
        }
    }

    /// Another replica (or this one) appended to game `id` up to `seq`: if this replica holds
    /// an older copy, it replays the game from the store, resets its flag timer and tells its
    /// watchers, as if the move had been made here.
    async fn on_appended(self: &Arc<Self>, id: &str, seq: u64) {
        let slot = {
            let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
            match slots.get(id) {
                Some(s) => Arc::clone(s),
                // Not held here: it is loaded fresh when someone asks.
                None => return,
            }
        };
        let mut guard = Arc::clone(&slot.live).lock_owned().await;
        let held = guard.as_ref().map(|l| l.seq);
        let seen = guard.as_ref().map_or(0, |l| l.moves.len());
        let was_playing = guard
            .as_ref()
            .is_some_and(|l| l.timed.game().end().is_none());
        if held.is_some_and(|h| h >= seq) {
            return; // this replica's own append, or already seen
        }
        if held.is_none() && slot.tx.receiver_count() == 0 {
            return;
        }
        if let Some(t) = guard.as_mut().and_then(|l| l.timer.take()) {
            t.abort();
        }
        let stored = match self.store.load(StreamKind::Game, id, 0).await {
            Ok(s) => s,
            Err(_) => {
                *guard = None;
                return;
            }
        };
        let Ok(Some(mut live)) = Self::replay(id, &stored) else {
            *guard = None;
            return;
        };
        self.schedule(id, &mut live);
        let now = self.time.now_ms();
        let message = match held {
            Some(h) => {
                let events: Vec<&Value> = stored
                    .iter()
                    .filter(|e| e.seq > h)
                    .map(|e| &e.payload)
                    .collect();
                views::update_message(&live, now, &events, seen, true)
            }
            None => json!({"type": "state", "game": views::game_view(id, &live, now)}),
        };
        let _ = slot.tx.send(Arc::from(message.to_string()));
        if was_playing {
            // Ended on another replica: told here too (a board's result is recorded once).
            self.publish_end(id, &live).await;
        }
        *guard = Some(live);
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
        for due in self.store.due(StreamKind::Game, u64::MAX).await? {
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
        let Some(live) = guard.as_ref() else {
            return false;
        };
        let actual = deadline_of(&live.timed, live.timed_clock);
        if let Some(ms) = stored {
            if actual != Deadline::At(ms) {
                // Another writer may have moved on: its append wrote the right row already.
                let _ = self
                    .store
                    .set_deadline(StreamKind::Game, id, live.seq, actual)
                    .await;
            }
        }
        if actual == Deadline::Clear {
            drop(guard);
            // A finished game nobody watches changes no more: load it again on demand.
            if slot.tx.receiver_count() == 0 {
                self.forget(id);
            }
            return false;
        }
        true
    }
}

type OwnedLive = tokio::sync::OwnedMutexGuard<Option<Live>>;
