//! The SQLite store: one file, WAL journal, and by default `synchronous = FULL` so that a
//! commit is on disk before the append returns ([`SqliteSync`] is the operator's choice of
//! `NORMAL` instead: the same guarantee against a crash of the process, none against an OS
//! crash or a power loss).
//!
//! Appends are group-committed: one writer task takes every append waiting in its queue (up to
//! [`MAX_BATCH`]), applies each conditionally in one transaction and commits once, so a
//! thousand games moving at once cost one disk sync rather than a thousand. Each append still
//! succeeds or fails on its own (a conflict in the batch changes nothing for the others), and
//! none is answered before the commit that makes it durable.
//!
//! The writer has a connection of its own, with a page cache large enough for the pages that
//! thousands of live games write to: it is the only connection of the process that writes, so
//! its cache stays valid from one batch to the next, where a pooled connection's was often
//! stale and every page was read again.

use std::{
    collections::{HashMap, HashSet},
    fmt,
    str::FromStr,
    sync::Arc,
    time::Duration,
};

use sqlx::{
    ConnectOptions, QueryBuilder, Row, Sqlite,
    sqlite::{
        SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
        SqliteSynchronous,
    },
};

use crate::{
    Deadline, Due, EventStore, NewEvent, StoreError, StoredEvent, StreamKind, api_seq,
    batch::{Key, Outcome, Pending, Rows, answer, check, queue},
    db_seq, migrate, now_ms, parse_payload, plan_append,
};

/// The most appends committed in one transaction. Large, because a commit's cost is mostly
/// its disk sync, paid once however many appends it holds: under load the queue that builds up
/// during one sync is the next batch.
pub const MAX_BATCH: usize = 4096;

/// When a commit of the SQLite store reaches the disk: SQLite's `synchronous` setting with the
/// database in WAL mode (<https://www.sqlite.org/pragma.html#pragma_synchronous>,
/// <https://www.sqlite.org/wal.html>). It is the operator's choice (`xiangqi serve
/// --sqlite-sync`) between surviving a power loss and the round trip's tail: with `FULL` every
/// acknowledged move waits for a flush of the log, and under load that flush is most of the
/// tail.
///
/// | failure | `Full` (the default) | `Normal` |
/// | --- | --- | --- |
/// | the process crashes (`kill -9`) | every committed append survives | every committed append survives |
/// | the OS crashes, the power fails | every committed append survives (if the disk honours flushes) | the database stays consistent, but the last appends committed may be lost |
///
/// Parsed from `full` or `normal`, in any case.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum SqliteSync {
    /// `synchronous = FULL`: the write-ahead log is flushed to the disk (fsync) at every
    /// commit, before the appends it holds are answered.
    #[default]
    Full,
    /// `synchronous = NORMAL`: a commit writes the log to the operating system without
    /// flushing it; the log is flushed before each checkpoint copies it into the database
    /// (this store checkpoints every second).
    /// SQLite's words: "WAL mode is always consistent with synchronous=NORMAL, but WAL mode
    /// does lose durability. A transaction committed in WAL mode with synchronous=NORMAL might
    /// roll back following a power loss or system crash. Transactions are durable across
    /// application crashes regardless of the synchronous setting or journal mode."
    Normal,
}

impl SqliteSync {
    /// Both modes, the default first.
    pub const ALL: [SqliteSync; 2] = [SqliteSync::Full, SqliteSync::Normal];

    /// `full` or `normal`, as parsed.
    pub const fn as_str(self) -> &'static str {
        match self {
            SqliteSync::Full => "full",
            SqliteSync::Normal => "normal",
        }
    }

    /// The value `PRAGMA synchronous` reads back for this mode (2 for `FULL`, 1 for `NORMAL`).
    pub const fn level(self) -> i64 {
        match self {
            SqliteSync::Full => 2,
            SqliteSync::Normal => 1,
        }
    }

    /// The mode `PRAGMA synchronous` reported as `level`; `None` for `OFF` (0), `EXTRA` (3)
    /// or anything else, which this store never sets.
    pub const fn from_level(level: i64) -> Option<SqliteSync> {
        match level {
            2 => Some(SqliteSync::Full),
            1 => Some(SqliteSync::Normal),
            _ => None,
        }
    }

    const fn pragma(self) -> SqliteSynchronous {
        match self {
            SqliteSync::Full => SqliteSynchronous::Full,
            SqliteSync::Normal => SqliteSynchronous::Normal,
        }
    }
}

impl fmt::Display for SqliteSync {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is neither `full` nor `normal`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown SQLite sync mode {0:?} (expected full or normal)")]
pub struct ParseSqliteSyncError(pub String);

impl FromStr for SqliteSync {
    type Err = ParseSqliteSyncError;

    fn from_str(s: &str) -> Result<SqliteSync, ParseSqliteSyncError> {
        SqliteSync::ALL
            .into_iter()
            .find(|m| m.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseSqliteSyncError(s.to_owned()))
    }
}

/// An event store in an SQLite database.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
    writer: Arc<tokio::sync::mpsc::UnboundedSender<Pending>>,
}

/// Takes the appends in the queue in batches until every store handle is dropped. A file's
/// writer has a connection of its own (`own`); a `:memory:` database writes through its
/// pool's one connection.
async fn write_loop(
    pool: SqlitePool,
    mut own: Option<SqliteConnection>,
    mut rx: tokio::sync::mpsc::UnboundedReceiver<Pending>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let written = match own.as_mut() {
            Some(conn) => write_batch(conn, &batch).await,
            None => match pool.acquire().await {
                Ok(mut conn) => write_batch(&mut conn, &batch).await,
                Err(e) => Err(e.into()),
            },
        };
        answer(&mut batch, written);
    }
}

/// How often the write-ahead log is copied into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Copies the write-ahead log into the database file every [`CHECKPOINT_EVERY`], on a
/// connection of the pool, until the store is dropped or closed. A checkpoint that the writer
/// ran itself (SQLite's default, every 1,000 pages) stalled the commit that happened to start
/// it, and every append queued behind that commit: the move round trip's tail. A passive
/// checkpoint runs beside the writer and never blocks it; the log starts over from its
/// beginning at the first write after a checkpoint that copied all of it.
async fn checkpoint_loop(
    pool: SqlitePool,
    writer: std::sync::Weak<tokio::sync::mpsc::UnboundedSender<Pending>>,
) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if writer.strong_count() == 0 || pool.is_closed() {
            return;
        }
        // A busy or failed checkpoint is tried again at the next tick.
        let _ = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await;
    }
}

/// Applies a batch in one transaction; a database error fails all of it.
///
/// The batch costs few statements, however many appends it holds: the streams' sequence
/// numbers are read once under the write lock (`BEGIN IMMEDIATE`), every append is checked
/// against them here, and what passes is written with multi-row statements, a few per table
/// ([`fixed_chunks`]). Each statement is a round trip to the connection's worker thread, and
/// at one statement per row those round trips were most of a move's latency under load.
async fn write_batch(
    conn: &mut SqliteConnection,
    batch: &[Pending],
) -> Result<Vec<Outcome>, StoreError> {
    let now = now_ms();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let written = match write_checked(conn, batch, now).await {
        Ok(outcomes) => sqlx::query("COMMIT")
            .execute(&mut *conn)
            .await
            .map(|_| outcomes)
            .map_err(StoreError::from),
        Err(e) => Err(e),
    };
    if written.is_err() {
        // The connection may already have rolled back; the first error is the one to tell.
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
    }
    written
}

/// Checks each append of the batch in order against the stored sequence numbers (and those
/// of the appends before it), then writes what passed.
async fn write_checked(
    conn: &mut SqliteConnection,
    batch: &[Pending],
    now: i64,
) -> Result<Vec<Outcome>, StoreError> {
    let mut keys: Vec<Key> = Vec::with_capacity(batch.len());
    let mut seen: HashSet<(StreamKind, &str)> = HashSet::with_capacity(batch.len());
    for p in batch {
        if seen.insert((p.kind, p.id.as_str())) {
            keys.push((p.kind, p.id.clone()));
        }
    }
    let mut current: HashMap<Key, u64> = HashMap::with_capacity(keys.len());
    for chunk in fixed_chunks(&keys) {
        let found: Vec<(String, String, Option<i64>)> = select_streams(chunk)
            .build_query_as()
            .fetch_all(&mut *conn)
            .await?;
        for (kind, id, seq) in found {
            if let (Some(kind), Some(seq)) = (StreamKind::parse(&kind), seq) {
                current.insert((kind, id), api_seq(seq));
            }
        }
    }
    let rows = check(batch, &mut current)?;
    write_rows(conn, &rows.0, now).await?;
    Ok(rows.1)
}

/// The row counts a multi-row statement is built for, largest first. A batch's rows go in
/// chunks of these sizes ([`fixed_chunks`]), so that the connection's cache of prepared
/// statements (keyed by their text) holds each table's few statements from one batch to the
/// next: built for every batch's own size, each statement was prepared anew (and an older one
/// evicted), 4 % of the server's time under load (`XQ_LOAD_GAMES=10000 cargo bench -p
/// xiangqi-server --bench load`, profiled with `perf`).
const CHUNK_ROWS: [usize; 11] = [1024, 512, 256, 128, 64, 32, 16, 8, 4, 2, 1];

/// The most values a statement binds: six a row of `events` (SQLite's limit is 32,766).
const _: () = assert!(CHUNK_ROWS[0] * 6 <= 32_766);

/// The writer's cache of prepared statements: five statements a size of [`CHUNK_ROWS`], and
/// the transaction's own.
const STATEMENT_CACHE: usize = 5 * CHUNK_ROWS.len() + 16;

/// `rows` cut into chunks whose lengths are in [`CHUNK_ROWS`], each the largest that fits in
/// what is left: at most one chunk of each smaller size, so a batch of `n` rows costs at most
/// `n / 1024` + 10 statements a table.
fn fixed_chunks<T>(rows: &[T]) -> impl Iterator<Item = &[T]> {
    let mut rest = rows;
    std::iter::from_fn(move || {
        let size = CHUNK_ROWS.iter().copied().find(|&n| n <= rest.len())?;
        let (chunk, after) = rest.split_at(size);
        rest = after;
        Some(chunk)
    })
}

// The batch's statements, built apart from the async code that runs them. Values are bound.

/// The streams' last sequence numbers: their greatest events' (none for a stream with no
/// events yet). Each is one descent of the events table's key to the stream's last entry (a
/// `MAX` of a key's last column alone in its subquery); a `GROUP BY` over the streams asked
/// scanned the table.
fn select_streams(chunk: &[Key]) -> QueryBuilder<'static, Sqlite> {
    let mut q = QueryBuilder::new(
        "SELECT asked.column1, asked.column2, (SELECT MAX(e.seq) FROM events e \
         WHERE e.stream_kind = asked.column1 AND e.stream_id = asked.column2) FROM (",
    );
    q.push_values(chunk.iter().cloned(), |mut b, (kind, id)| {
        b.push_bind(kind.as_str()).push_bind(id);
    });
    q.push(") AS asked");
    q
}

/// The streams' rows, for those the batch creates: an existing row is left as it is, so that
/// an append writes no page of this table (its sequence number is its events').
fn insert_streams(chunk: &[(Key, u64)], now: i64) -> QueryBuilder<'static, Sqlite> {
    let mut q = QueryBuilder::new("INSERT INTO streams (stream_kind, stream_id, created_at) ");
    q.push_values(chunk.iter().cloned(), |mut b, ((kind, id), _)| {
        b.push_bind(kind.as_str()).push_bind(id).push_bind(now);
    });
    q.push(" ON CONFLICT (stream_kind, stream_id) DO NOTHING");
    q
}

fn insert_events(chunk: &[(Key, u64, String, String)], now: i64) -> QueryBuilder<'static, Sqlite> {
    let mut q = QueryBuilder::new(
        "INSERT INTO events (stream_kind, stream_id, seq, event_type, payload, recorded_at) ",
    );
    q.push_values(
        chunk.iter().cloned(),
        |mut b, ((kind, id), seq, ty, payload)| {
            b.push_bind(kind.as_str())
                .push_bind(id)
                .push_bind(db_seq(seq))
                .push_bind(ty)
                .push_bind(payload)
                .push_bind(now);
        },
    );
    q
}

fn upsert_deadlines(chunk: &[(Key, u64)]) -> QueryBuilder<'static, Sqlite> {
    let mut q = QueryBuilder::new("INSERT INTO deadlines (stream_kind, stream_id, deadline_ms) ");
    q.push_values(chunk.iter().cloned(), |mut b, ((kind, id), ms)| {
        b.push_bind(kind.as_str())
            .push_bind(id)
            .push_bind(db_seq(ms));
    });
    q.push(
        " ON CONFLICT (stream_kind, stream_id) DO UPDATE SET deadline_ms = excluded.deadline_ms",
    );
    q
}

fn delete_deadlines(chunk: &[Key]) -> QueryBuilder<'static, Sqlite> {
    let mut q = QueryBuilder::new("DELETE FROM deadlines WHERE (stream_kind, stream_id) IN (");
    q.push_values(chunk.iter().cloned(), |mut b, (kind, id)| {
        b.push_bind(kind.as_str()).push_bind(id);
    });
    q.push(")");
    q
}

/// Writes a checked batch: a few statements per table, of the sizes in [`CHUNK_ROWS`].
async fn write_rows(conn: &mut SqliteConnection, rows: &Rows, now: i64) -> Result<(), StoreError> {
    for chunk in fixed_chunks(&rows.streams) {
        insert_streams(chunk, now)
            .build()
            .execute(&mut *conn)
            .await?;
    }
    for chunk in fixed_chunks(&rows.events) {
        insert_events(chunk, now)
            .build()
            .execute(&mut *conn)
            .await?;
    }
    for chunk in fixed_chunks(&rows.set) {
        upsert_deadlines(chunk).build().execute(&mut *conn).await?;
    }
    for chunk in fixed_chunks(&rows.clear) {
        delete_deadlines(chunk).build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// The options of every connection to the database at `url`, flushing as `sync` asks, and
/// whether it is in memory (a `:memory:` database has no log and nothing to flush).
fn connect_options(
    url: &str,
    sync: SqliteSync,
) -> Result<(SqliteConnectOptions, bool), StoreError> {
    let memory = url.contains(":memory:") || url.contains("mode=memory");
    let options = if url.starts_with("sqlite:") {
        SqliteConnectOptions::from_str(url)?
    } else {
        SqliteConnectOptions::new().filename(url)
    };
    let options = options
        .create_if_missing(true)
        .busy_timeout(Duration::from_secs(30))
        .synchronous(sync.pragma());
    Ok((options, memory))
}

/// The writer's connection: the pool's (`wal`, with its `synchronous`) and more. Its page
/// cache is small: at the end of every write transaction SQLite walks the whole cache
/// (`pcache1TruncateUnsafe`), and with 64 MiB that walk was a sixth of the server's time under
/// load (`XQ_LOAD_GAMES=10000 cargo bench -p xiangqi-server --bench load`, profiled with
/// `perf`); the pages it misses are in the system's file cache. It leaves checkpoints to
/// [`checkpoint_loop`], and keeps its statement journal in memory.
fn writer_options(wal: SqliteConnectOptions) -> SqliteConnectOptions {
    wal.pragma("cache_size", "-4096")
        .pragma("wal_autocheckpoint", "0")
        .pragma("temp_store", "memory")
        .statement_cache_capacity(STATEMENT_CACHE)
}

impl SqliteStore {
    /// Opens (creating if missing) and migrates the SQLite database at `url`: a file path,
    /// `sqlite:path` / `sqlite://path`, or `sqlite::memory:` (one connection, gone on close).
    /// Every commit is flushed to the disk ([`SqliteSync::Full`]).
    ///
    /// # Errors
    /// The database's error, or a migration's.
    pub async fn open(url: &str) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(url, SqliteSync::Full).await
    }

    /// [`SqliteStore::open`], with the commits flushed as `sync` says (see [`SqliteSync`] for
    /// what [`SqliteSync::Normal`] gives up).
    ///
    /// # Errors
    /// The database's error, or a migration's.
    pub async fn open_with(url: &str, sync: SqliteSync) -> Result<SqliteStore, StoreError> {
        let (options, memory) = connect_options(url, sync)?;
        let wal_options = options.clone().journal_mode(SqliteJournalMode::Wal);
        let pool = if memory {
            // Every connection to `:memory:` is its own database: keep exactly one, forever.
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect_with(options.statement_cache_capacity(STATEMENT_CACHE + 16))
                .await?
        } else {
            SqlitePoolOptions::new()
                .max_connections(4)
                .connect_with(wal_options.clone())
                .await?
        };
        migrate::sqlite(&pool).await?;
        let own = if memory {
            None
        } else {
            Some(writer_options(wal_options).connect().await?)
        };
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let writer = Arc::new(tx);
        if own.is_some() {
            tokio::spawn(checkpoint_loop(pool.clone(), Arc::downgrade(&writer)));
        }
        tokio::spawn(write_loop(pool.clone(), own, rx));
        Ok(SqliteStore { pool, writer })
    }

    /// The mode in force, read back from SQLite (`PRAGMA synchronous` on a connection of the
    /// pool, opened with the same options as the writer's): `None` for a level this store
    /// never sets.
    ///
    /// # Errors
    /// The database's.
    pub async fn synchronous(&self) -> Result<Option<SqliteSync>, StoreError> {
        let level: i64 = sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&self.pool)
            .await?;
        Ok(SqliteSync::from_level(level))
    }

    /// Closes the connections (checkpointing the WAL).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    async fn current(
        conn: &mut sqlx::SqliteConnection,
        kind: StreamKind,
        id: &str,
    ) -> Result<u64, StoreError> {
        // The greatest event's number (none: nothing appended yet).
        let (last,): (Option<i64>,) =
            sqlx::query_as("SELECT MAX(seq) FROM events WHERE stream_kind = ? AND stream_id = ?")
                .bind(kind.as_str())
                .bind(id)
                .fetch_one(conn)
                .await?;
        Ok(last.map_or(0, api_seq))
    }
}

impl SqliteStore {
    /// Queues a write for the writer task and waits for its commit.
    async fn write(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        events: Vec<NewEvent>,
        deadline: Deadline,
    ) -> Result<u64, StoreError> {
        queue(&self.writer, kind, id, expected, events, deadline).await
    }
}

impl EventStore for SqliteStore {
    async fn append_with_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        events: &[NewEvent],
        deadline: Deadline,
    ) -> Result<u64, StoreError> {
        plan_append(expected, events)?;
        self.write(kind, id, expected, events.to_vec(), deadline)
            .await
    }

    async fn set_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        deadline: Deadline,
    ) -> Result<(), StoreError> {
        self.write(kind, id, expected, Vec::new(), deadline)
            .await
            .map(|_| ())
    }

    async fn due(&self, kind: StreamKind, until_ms: u64) -> Result<Vec<Due>, StoreError> {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT stream_id, deadline_ms FROM deadlines \
             WHERE stream_kind = ? AND deadline_ms <= ? ORDER BY deadline_ms, stream_id",
        )
        .bind(kind.as_str())
        .bind(db_seq(until_ms))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(id, ms)| Due {
                id,
                deadline_ms: api_seq(ms),
            })
            .collect())
    }

    async fn load(
        &self,
        kind: StreamKind,
        id: &str,
        after: u64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, event_type, payload, recorded_at FROM events \
             WHERE stream_kind = ? AND stream_id = ? AND seq > ? ORDER BY seq",
        )
        .bind(kind.as_str())
        .bind(id)
        .bind(db_seq(after))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let seq = api_seq(row.try_get("seq")?);
                let payload: String = row.try_get("payload")?;
                Ok(StoredEvent {
                    seq,
                    event_type: row.try_get("event_type")?,
                    payload: parse_payload(seq, &payload)?,
                    recorded_at_ms: row.try_get("recorded_at")?,
                })
            })
            .collect()
    }

    async fn last_seq(&self, kind: StreamKind, id: &str) -> Result<u64, StoreError> {
        let mut conn = self.pool.acquire().await?;
        Self::current(&mut conn, kind, id).await
    }

    async fn streams(&self, kind: StreamKind) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String,)> = sqlx::query_as(
            "SELECT stream_id FROM streams WHERE stream_kind = ? ORDER BY created_at, stream_id",
        )
        .bind(kind.as_str())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names parse in any case, around spaces; anything else is refused naming both.
    #[test]
    fn sync_modes_parse_by_name() {
        for mode in SqliteSync::ALL {
            assert_eq!(mode.as_str().parse(), Ok(mode));
            assert_eq!(mode.to_string().to_uppercase().parse(), Ok(mode));
            assert_eq!(SqliteSync::from_level(mode.level()), Some(mode));
        }
        assert_eq!(" Normal ".parse(), Ok(SqliteSync::Normal));
        assert_eq!(SqliteSync::default(), SqliteSync::Full);
        for bad in ["", "off", "extra", "fast", "1"] {
            let err = bad.parse::<SqliteSync>().expect_err(bad);
            assert_eq!(
                err.to_string(),
                format!("unknown SQLite sync mode {bad:?} (expected full or normal)")
            );
        }
        assert_eq!(SqliteSync::from_level(0), None, "OFF");
        assert_eq!(SqliteSync::from_level(3), None, "EXTRA");
    }

    /// The writer's own connection, which commits every append, flushes as asked: its
    /// `PRAGMA synchronous` reads back the mode's level (the pool's is read back through
    /// [`SqliteStore::synchronous`] in the store's tests).
    #[tokio::test]
    async fn the_writer_connection_flushes_as_asked() {
        for mode in SqliteSync::ALL {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0);
            let path = std::env::temp_dir().join(format!(
                "xq-writer-sync-{mode}-{}-{nanos}.db",
                std::process::id()
            ));
            let url = path.to_str().expect("utf-8 path");
            let (options, memory) = connect_options(url, mode).expect("options");
            assert!(!memory);
            let mut conn = writer_options(options.journal_mode(SqliteJournalMode::Wal))
                .connect()
                .await
                .expect("connects");
            let level: i64 = sqlx::query_scalar("PRAGMA synchronous")
                .fetch_one(&mut conn)
                .await
                .expect("reads");
            let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
                .fetch_one(&mut conn)
                .await
                .expect("reads");
            drop(conn);
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{url}{suffix}"));
            }
            assert_eq!(level, mode.level(), "{mode}");
            assert_eq!(journal, "wal", "{mode}");
        }
    }

    /// Every chunk has one of the fixed sizes, the chunks cover the rows in order, and a
    /// size below the largest comes at most once.
    #[test]
    fn rows_go_in_chunks_of_the_fixed_sizes() {
        for n in [0, 1, 2, 3, 7, 8, 100, 1023, 1024, 1025, 5000] {
            let rows: Vec<usize> = (0..n).collect();
            let chunks: Vec<&[usize]> = fixed_chunks(&rows).collect();
            assert_eq!(chunks.concat(), rows, "{n} rows");
            for c in &chunks {
                assert!(
                    CHUNK_ROWS.contains(&c.len()),
                    "{n} rows: a chunk of {}",
                    c.len()
                );
            }
            let small: Vec<usize> = chunks
                .iter()
                .map(|c| c.len())
                .filter(|&l| l < CHUNK_ROWS[0])
                .collect();
            let mut once = small.clone();
            once.dedup();
            assert_eq!(small, once, "{n} rows");
            assert!(
                small.windows(2).all(|w| w[0] > w[1]),
                "{n} rows: largest first"
            );
        }
        assert_eq!(fixed_chunks(&[0; 100]).count(), 3, "64 + 32 + 4");
    }
}
