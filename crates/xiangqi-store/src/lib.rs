//! Persistence for the xiangqi competition system: an append-only event log per game and per
//! tournament, in SQLite (embedded, the default) or PostgreSQL, behind one trait.
//!
//! Events are the truth; views (a game's position, a tournament's standings) are rebuilt from
//! them by the crates above. The store knows nothing of xiangqi: an event is a type name and a
//! JSON payload, numbered 1, 2, 3 … within its stream.
//!
//! Writes are conditional (optimistic concurrency): an append names the sequence number it
//! expects to follow, and fails with [`StoreError::Conflict`] if another writer got there
//! first, so two server replicas can never both accept a move. An append that returned `Ok` is
//! durable: SQLite runs in WAL mode with `synchronous = FULL`, PostgreSQL commits. An operator
//! may open SQLite with [`SqliteSync::Normal`] instead ([`Store::open_with`]): an append that
//! returned `Ok` then survives a crash of the process (`kill -9`) but may be lost, with the
//! last few before it, on an OS crash or a power loss
//! (<https://www.sqlite.org/pragma.html#pragma_synchronous>).
//!
//! ```
//! use serde_json::json;
//! use xiangqi_store::{EventStore, NewEvent, Store, StoreError, StreamKind};
//!
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//! let store = Store::open("sqlite::memory:").await?;
//! let first = [NewEvent::new("created", json!({"rules": "cxa2011"}))];
//! assert_eq!(store.append(StreamKind::Game, "g1", 0, &first).await?, 1);
//! let moved = [NewEvent::new("move", json!({"iccs": "h2e2"}))];
//! assert_eq!(store.append(StreamKind::Game, "g1", 1, &moved).await?, 2);
//! // A second writer that still thinks the stream is at 1 is refused.
//! let late = store.append(StreamKind::Game, "g1", 1, &moved).await;
//! assert!(matches!(late, Err(StoreError::Conflict { actual: 2, .. })));
//! let events = store.load(StreamKind::Game, "g1", 0).await?;
//! assert_eq!(events[1].payload["iccs"], "h2e2");
//! # Ok::<_, StoreError>(())
//! # }).unwrap();
//! ```

mod batch;
mod migrate;
mod postgres;
mod sqlite;

use std::{
    fmt,
    future::Future,
    time::{SystemTime, UNIX_EPOCH},
};

use serde_json::Value;

pub use crate::{
    postgres::{Listener, PostgresStore},
    sqlite::{ParseSqliteSyncError, SqliteStore, SqliteSync},
};

/// The channel on which PostgreSQL announces appends (`LISTEN xiangqi_events`).
pub const CHANNEL: &str = "xiangqi_events";

/// PostgreSQL refuses a notification payload of 8,000 bytes or more: an append whose events
/// would make its notice longer is announced without them, and the replicas read them.
pub const MAX_NOTICE: usize = 7_900;

/// An append announced by the database to every replica: the stream, its new last sequence
/// number and, when they fit in the notice ([`MAX_NOTICE`]), the events appended, so that a
/// replica holding the stream up to the first of them applies them without reading the store
/// (a read per move on every other replica was most of the cross-replica lag). Announced only
/// once the append is committed.
#[derive(Debug, Clone, PartialEq)]
pub struct Appended {
    /// The stream's kind.
    pub kind: StreamKind,
    /// The stream's id.
    pub id: String,
    /// Its last sequence number after the append.
    pub seq: u64,
    /// The events appended, in order, the last numbered `seq`; empty when they did not fit
    /// (or the append changed only the deadline).
    pub events: Vec<StoredEvent>,
}

impl Appended {
    /// The notification's payload (see [`notice`]).
    pub fn to_payload(&self) -> String {
        let payloads: Vec<String> = self.events.iter().map(|e| e.payload.to_string()).collect();
        let events: Vec<(u64, &str, &str)> = self
            .events
            .iter()
            .zip(&payloads)
            .map(|(e, p)| (e.seq, e.event_type.as_str(), p.as_str()))
            .collect();
        let at = self.events.last().map_or(0, |e| e.recorded_at_ms);
        notice(self.kind, &self.id, self.seq, &events, at)
    }

    /// Reads a payload written by [`notice`] (or by a replica that sends no events). Events
    /// that are not numbered one after another up to `seq` are dropped: the store has them.
    pub fn from_payload(text: &str) -> Option<Appended> {
        let header = |text: &str| -> Option<(StreamKind, u64, String)> {
            let mut parts = text.splitn(3, '/');
            let kind = StreamKind::parse(parts.next()?)?;
            let seq = parts.next()?.parse().ok()?;
            Some((kind, seq, parts.next()?.to_owned()))
        };
        type Rows = Vec<(u64, String, Value, i64)>;
        let with_events = text.split_once('\n').and_then(|(head, rest)| {
            let rows: Rows = serde_json::from_str(rest).ok()?;
            Some((header(head)?, rows))
        });
        let ((kind, seq, id), rows) = match with_events {
            Some(found) => found,
            None => (header(text)?, Vec::new()),
        };
        let numbered = rows
            .iter()
            .enumerate()
            .all(|(i, row)| row.0 + (rows.len() - i) as u64 == seq + 1);
        let events = if numbered {
            rows.into_iter()
                .map(|(seq, event_type, payload, recorded_at_ms)| StoredEvent {
                    seq,
                    event_type,
                    payload,
                    recorded_at_ms,
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(Appended {
            kind,
            id,
            seq,
            events,
        })
    }
}

/// The text of an append's notice: `kind/seq/id`, then, if they fit in [`MAX_NOTICE`] bytes,
/// a line with its events as a JSON array of `[seq, type, payload, recorded_at_ms]`
/// (`events`: seq, type, payload as JSON text). An id with a line break in it gets no events
/// line, so the first line always ends where the id does.
pub fn notice(
    kind: StreamKind,
    id: &str,
    seq: u64,
    events: &[(u64, &str, &str)],
    recorded_at_ms: i64,
) -> String {
    let mut text = format!("{kind}/{seq}/{id}");
    if events.is_empty() || id.contains('\n') {
        return text;
    }
    let header = text.len();
    text.push_str("\n[");
    for (i, (seq, event_type, payload)) in events.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        let event_type = serde_json::to_string(event_type).unwrap_or_default();
        text.push_str(&format!("[{seq},{event_type},{payload},{recorded_at_ms}]"));
        if text.len() >= MAX_NOTICE {
            text.truncate(header);
            return text;
        }
    }
    text.push(']');
    if text.len() >= MAX_NOTICE {
        text.truncate(header);
    }
    text
}

/// What a stream of events is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StreamKind {
    /// A live game (对局).
    Game,
    /// A tournament (比赛).
    Tournament,
    /// A team event (团体赛). Older servers kept team events under `Tournament`.
    Team,
    /// An organiser's or arbiter's account, keyed by its user name.
    Account,
    /// A login session, keyed by the SHA-256 of its token.
    Session,
}

impl StreamKind {
    /// `game`, `tournament`, `team`, … as stored.
    pub const fn as_str(self) -> &'static str {
        match self {
            StreamKind::Game => "game",
            StreamKind::Tournament => "tournament",
            StreamKind::Team => "team",
            StreamKind::Account => "account",
            StreamKind::Session => "session",
        }
    }

    /// The kind named `text` (as [`StreamKind::as_str`] writes it).
    pub fn parse(text: &str) -> Option<StreamKind> {
        Some(match text {
            "game" => StreamKind::Game,
            "tournament" => StreamKind::Tournament,
            "team" => StreamKind::Team,
            "account" => StreamKind::Account,
            "session" => StreamKind::Session,
            _ => return None,
        })
    }
}

impl fmt::Display for StreamKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An event to append.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    /// The event's type, e.g. `move` or `round_paired`.
    pub event_type: String,
    /// Its data.
    pub payload: Value,
}

impl NewEvent {
    /// An event of `event_type` carrying `payload`.
    pub fn new(event_type: impl Into<String>, payload: Value) -> NewEvent {
        NewEvent {
            event_type: event_type.into(),
            payload,
        }
    }
}

/// An event as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredEvent {
    /// Its number in its stream, from 1.
    pub seq: u64,
    /// Its type.
    pub event_type: String,
    /// Its data.
    pub payload: Value,
    /// When the store wrote it: milliseconds since the Unix epoch (wall clock, for the record;
    /// game clocks keep their own times in their payloads).
    pub recorded_at_ms: i64,
}

/// What an append does to its stream's stored deadline: the moment a game's flag would fall,
/// kept beside the events (table `deadlines`) so that any process can find the games that are
/// due without replaying every stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Deadline {
    /// Leaves it as it is.
    #[default]
    Keep,
    /// Removes it: no clock runs (the game is over, untimed, or its clock is stopped).
    Clear,
    /// Sets it: milliseconds since the Unix epoch.
    At(u64),
}

/// A stream with a stored deadline, as [`EventStore::due`] lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    /// The stream's id.
    pub id: String,
    /// Its deadline: milliseconds since the Unix epoch.
    pub deadline_ms: u64,
}

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The stream is not at the expected sequence number: another writer appended first (or the
    /// stream already exists, for an expected 0).
    #[error("stream is at sequence {actual}, not {expected}")]
    Conflict {
        /// What the append expected.
        expected: u64,
        /// Where the stream is.
        actual: u64,
    },
    /// An append of no events.
    #[error("nothing to append")]
    Empty,
    /// A database address that is neither SQLite nor PostgreSQL.
    #[error("unsupported database {0:?} (expected a file path, sqlite:…, or postgres://…)")]
    BadUrl(String),
    /// A SQLite flush mode other than the default asked of a PostgreSQL database, whose
    /// durability is its own `synchronous_commit` setting.
    #[error(
        "SQLite sync mode {0} asked of a PostgreSQL database (its durability is PostgreSQL's \
         synchronous_commit setting)"
    )]
    SyncNotSqlite(SqliteSync),
    /// A stored payload that is not JSON (the database was edited by hand).
    #[error("stored event {seq} is not valid JSON: {source}")]
    Corrupt {
        /// Its sequence number.
        seq: u64,
        /// The parser's complaint.
        source: serde_json::Error,
    },
    /// A migration failed.
    #[error("migration {version} ({name}) failed: {source}")]
    Migration {
        /// Its version.
        version: i64,
        /// Its name.
        name: &'static str,
        /// The database's error.
        source: sqlx::Error,
    },
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// An append-only event log per stream.
///
/// Every method is a future that is `Send`, so a server can hold any store in its state.
pub trait EventStore: Send + Sync {
    /// Appends `events` to the stream `kind`/`id` if its last sequence number is `expected`
    /// (0 for a stream that does not exist yet, which creates it), in one transaction. Returns
    /// the new last sequence number. The stream's stored deadline is left as it is.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the stream is elsewhere; [`StoreError::Empty`] for no events;
    /// [`StoreError::Database`] if the database fails.
    fn append(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        events: &[NewEvent],
    ) -> impl Future<Output = Result<u64, StoreError>> + Send {
        self.append_with_deadline(kind, id, expected, events, Deadline::Keep)
    }

    /// As [`EventStore::append`], and changes the stream's stored deadline in the same
    /// transaction: both are written or neither is.
    ///
    /// # Errors
    /// As [`EventStore::append`].
    fn append_with_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        events: &[NewEvent],
        deadline: Deadline,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send;

    /// Changes the stored deadline of a stream whose last sequence number is `expected`,
    /// appending nothing (to correct a deadline found stale, e.g. after an upgrade).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the stream is elsewhere (or does not exist);
    /// [`StoreError::Database`].
    fn set_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        deadline: Deadline,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The streams of `kind` whose stored deadline is at or before `until_ms`, soonest first.
    /// `u64::MAX` lists every stream with a deadline (every game whose clock runs).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    fn due(
        &self,
        kind: StreamKind,
        until_ms: u64,
    ) -> impl Future<Output = Result<Vec<Due>, StoreError>> + Send;

    /// The events of a stream after sequence number `after` (0 for all), in order. A stream that
    /// does not exist has none.
    ///
    /// # Errors
    /// [`StoreError::Database`], [`StoreError::Corrupt`].
    fn load(
        &self,
        kind: StreamKind,
        id: &str,
        after: u64,
    ) -> impl Future<Output = Result<Vec<StoredEvent>, StoreError>> + Send;

    /// The last sequence number of a stream; 0 if it does not exist.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    fn last_seq(
        &self,
        kind: StreamKind,
        id: &str,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send;

    /// The ids of every stream of `kind`, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    fn streams(
        &self,
        kind: StreamKind,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;
}

/// A store chosen at run time from a database address.
#[derive(Debug, Clone)]
pub enum Store {
    /// SQLite, embedded.
    Sqlite(SqliteStore),
    /// PostgreSQL.
    Postgres(PostgresStore),
}

impl Store {
    /// Opens (creating if need be) and migrates the database at `url`: `postgres://…` or
    /// `postgresql://…` for PostgreSQL; `sqlite:…` (e.g. `sqlite::memory:`) or a plain file path
    /// for SQLite.
    ///
    /// # Errors
    /// [`StoreError::BadUrl`] for an empty address; otherwise the database's or a migration's
    /// error.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, SqliteSync::default()).await
    }

    /// [`Store::open`], an SQLite database's commits flushed as `sync` says (see [`SqliteSync`]
    /// for what [`SqliteSync::Normal`] gives up).
    ///
    /// # Errors
    /// [`StoreError::BadUrl`] for an empty address; [`StoreError::SyncNotSqlite`] for a
    /// PostgreSQL address with another mode than [`SqliteSync::Full`] (which is what a
    /// PostgreSQL commit gives by default); otherwise the database's or a migration's error.
    pub async fn open_with(url: &str, sync: SqliteSync) -> Result<Store, StoreError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(StoreError::BadUrl(url.to_owned()));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            if sync != SqliteSync::Full {
                return Err(StoreError::SyncNotSqlite(sync));
            }
            Ok(Store::Postgres(PostgresStore::open(url).await?))
        } else if url.contains("://") && !url.starts_with("sqlite:") {
            Err(StoreError::BadUrl(url.to_owned()))
        } else {
            Ok(Store::Sqlite(SqliteStore::open_with(url, sync).await?))
        }
    }

    /// `sqlite` or `postgres`.
    pub const fn backend(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Postgres(_) => "postgres",
        }
    }

    /// Listens for appends made by every replica, this one included: `Some` for PostgreSQL;
    /// `None` for SQLite, which only one process writes (its in-process broadcast suffices).
    ///
    /// # Errors
    /// The database's, if it cannot listen.
    pub async fn listen(&self) -> Result<Option<Listener>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(None),
            Store::Postgres(s) => s.listen().await.map(Some),
        }
    }

    /// Closes the connections, waiting for them to finish.
    pub async fn close(&self) {
        match self {
            Store::Sqlite(s) => s.close().await,
            Store::Postgres(s) => s.close().await,
        }
    }
}

impl EventStore for Store {
    async fn append_with_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        events: &[NewEvent],
        deadline: Deadline,
    ) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => {
                s.append_with_deadline(kind, id, expected, events, deadline)
                    .await
            }
            Store::Postgres(s) => {
                s.append_with_deadline(kind, id, expected, events, deadline)
                    .await
            }
        }
    }

    async fn set_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        deadline: Deadline,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.set_deadline(kind, id, expected, deadline).await,
            Store::Postgres(s) => s.set_deadline(kind, id, expected, deadline).await,
        }
    }

    async fn due(&self, kind: StreamKind, until_ms: u64) -> Result<Vec<Due>, StoreError> {
        match self {
            Store::Sqlite(s) => s.due(kind, until_ms).await,
            Store::Postgres(s) => s.due(kind, until_ms).await,
        }
    }

    async fn load(
        &self,
        kind: StreamKind,
        id: &str,
        after: u64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load(kind, id, after).await,
            Store::Postgres(s) => s.load(kind, id, after).await,
        }
    }

    async fn last_seq(&self, kind: StreamKind, id: &str) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => s.last_seq(kind, id).await,
            Store::Postgres(s) => s.last_seq(kind, id).await,
        }
    }

    async fn streams(&self, kind: StreamKind) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.streams(kind).await,
            Store::Postgres(s) => s.streams(kind).await,
        }
    }
}

/// Milliseconds since the Unix epoch, 0 if the system clock is before it.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// A sequence number as the databases keep it (`BIGINT`).
pub(crate) fn db_seq(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

/// A sequence number read back; negative values (hand-edited rows) read as 0.
pub(crate) fn api_seq(seq: i64) -> u64 {
    u64::try_from(seq).unwrap_or(0)
}

/// Checks an append's arguments and computes the new last sequence number.
pub(crate) fn plan_append(expected: u64, events: &[NewEvent]) -> Result<u64, StoreError> {
    if events.is_empty() {
        return Err(StoreError::Empty);
    }
    let count = u64::try_from(events.len()).unwrap_or(u64::MAX);
    match expected.checked_add(count) {
        Some(last) if last <= i64::MAX as u64 => Ok(last),
        _ => Err(StoreError::Conflict {
            expected,
            actual: 0,
        }),
    }
}

/// Parses a stored payload.
pub(crate) fn parse_payload(seq: u64, text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|source| StoreError::Corrupt { seq, source })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn event(seq: u64, n: u64) -> StoredEvent {
        StoredEvent {
            seq,
            event_type: "move".to_owned(),
            payload: json!({ "n": n, "text": "炮二平五 \"quoted\"\n" }),
            recorded_at_ms: 1_700_000_000_123,
        }
    }

    #[test]
    fn a_notice_carries_the_events_of_its_append() {
        let appended = Appended {
            kind: StreamKind::Game,
            id: "g1/x".to_owned(),
            seq: 7,
            events: vec![event(6, 1), event(7, 2)],
        };
        let text = appended.to_payload();
        assert!(text.starts_with("game/7/g1/x\n"), "{text}");
        assert_eq!(Appended::from_payload(&text), Some(appended));
    }

    #[test]
    fn a_notice_without_events_reads_as_before() {
        // The payload of a replica that sends no events (and of a change of deadline alone).
        let read = Appended::from_payload("game/3/abc").expect("reads");
        assert_eq!(
            (read.kind, read.id.as_str(), read.seq),
            (StreamKind::Game, "abc", 3)
        );
        assert!(read.events.is_empty());
        let empty = Appended {
            events: Vec::new(),
            ..read.clone()
        };
        assert_eq!(empty.to_payload(), "game/3/abc");
    }

    #[test]
    fn events_that_do_not_fit_are_left_to_the_store() {
        let big = StoredEvent {
            payload: json!({ "text": "x".repeat(MAX_NOTICE) }),
            ..event(1, 0)
        };
        let appended = Appended {
            kind: StreamKind::Game,
            id: "abc".to_owned(),
            seq: 1,
            events: vec![big],
        };
        let text = appended.to_payload();
        assert_eq!(text, "game/1/abc");
        assert!(text.len() < MAX_NOTICE);
        // Many small events that add up past the limit too.
        let many: Vec<StoredEvent> = (1..=400).map(|s| event(s, s)).collect();
        let text = Appended {
            seq: 400,
            events: many,
            ..appended
        }
        .to_payload();
        assert_eq!(text, "game/400/abc");
    }

    #[test]
    fn events_out_of_order_or_short_of_the_seq_are_dropped() {
        // They must be numbered one after another up to the notice's seq.
        let gap = "game/9/abc\n[[7,\"move\",{},1],[9,\"move\",{},1]]";
        let short = "game/9/abc\n[[7,\"move\",{},1],[8,\"move\",{},1]]";
        for text in [gap, short] {
            let read = Appended::from_payload(text).expect("reads");
            assert_eq!((read.id.as_str(), read.seq), ("abc", 9));
            assert!(read.events.is_empty(), "{text}");
        }
        // An id with a line break gets no events line, and reads back whole.
        let odd = Appended {
            kind: StreamKind::Game,
            id: "a\nb".to_owned(),
            seq: 1,
            events: vec![event(1, 1)],
        };
        let read = Appended::from_payload(&odd.to_payload()).expect("reads");
        assert_eq!((read.id.as_str(), read.events.len()), ("a\nb", 0));
    }
}
