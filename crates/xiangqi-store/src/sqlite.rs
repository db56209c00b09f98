//! The SQLite store: one file, WAL journal, `synchronous = FULL` so that a commit is on disk
//! before the append returns.
//!
//! Appends are group-committed: one writer task takes every append waiting in its queue (up to
//! [`MAX_BATCH`]), applies each conditionally in one transaction and commits once, so a
//! thousand games moving at once cost one disk sync rather than a thousand. Each append still
//! succeeds or fails on its own (a conflict in the batch changes nothing for the others), and
//! none is answered before the commit that makes it durable.

use std::{str::FromStr, sync::Arc, time::Duration};

use sqlx::{
    Row,
    sqlite::{
        SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
    },
};

use crate::{
    Deadline, Due, EventStore, NewEvent, StoreError, StoredEvent, StreamKind, api_seq, db_seq, migrate, now_ms,
    parse_payload, plan_append,
};

/// The most appends committed in one transaction.
pub const MAX_BATCH: usize = 256;

/// One append waiting for the writer.
struct Pending {
    kind: StreamKind,
    id: String,
    expected: u64,
    /// Empty for a change of the deadline alone.
    events: Vec<NewEvent>,
    deadline: Deadline,
    reply: tokio::sync::oneshot::Sender<Result<u64, StoreError>>,
}

/// An event store in an SQLite database.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
    writer: Arc<tokio::sync::mpsc::UnboundedSender<Pending>>,
}

/// What one append of a batch came to: its new last sequence number, or a conflict.
type Outcome = Result<u64, StoreError>;

/// Takes the appends in the queue in batches until every store handle is dropped.
async fn write_loop(pool: SqlitePool, mut rx: tokio::sync::mpsc::UnboundedReceiver<Pending>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        match write_batch(&pool, &batch).await {
            Ok(outcomes) => {
                for (p, outcome) in batch.drain(..).zip(outcomes) {
                    let _ = p.reply.send(outcome);
                }
            }
            Err(e) => {
                // The transaction is rolled back: nothing of the batch was written.
                let message = e.to_string();
                for p in batch.drain(..) {
                    let _ = p.reply.send(Err(StoreError::Database(sqlx::Error::Protocol(
                        message.clone(),
                    ))));
                }
            }
        }
    }
}

/// Applies a batch in one transaction; a database error fails all of it.
async fn write_batch(pool: &SqlitePool, batch: &[Pending]) -> Result<Vec<Outcome>, StoreError> {
    let now = now_ms();
    let t0 = std::time::Instant::now();
    let mut tx = pool.begin().await?;
    let t1 = std::time::Instant::now();
    let mut outcomes = Vec::with_capacity(batch.len());
    for p in batch {
        outcomes.push(append_in(&mut tx, p, now).await?);
    }
    let t2 = std::time::Instant::now();
    tx.commit().await?;
    let t3 = std::time::Instant::now();
    {
        use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
        static N: AtomicU64 = AtomicU64::new(0);
        static ITEMS: AtomicU64 = AtomicU64::new(0);
        static B: AtomicU64 = AtomicU64::new(0);
        static W: AtomicU64 = AtomicU64::new(0);
        static C: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Relaxed) + 1;
        ITEMS.fetch_add(batch.len() as u64, Relaxed);
        B.fetch_add((t1 - t0).as_micros() as u64, Relaxed);
        W.fetch_add((t2 - t1).as_micros() as u64, Relaxed);
        C.fetch_add((t3 - t2).as_micros() as u64, Relaxed);
        if n % 200 == 0 {
            eprintln!("TRACE batches {n} avg items {:.1} begin {}us write {}us commit {}us", ITEMS.load(Relaxed) as f64 / n as f64, B.load(Relaxed)/n, W.load(Relaxed)/n, C.load(Relaxed)/n);
        }
    }
    Ok(outcomes)
}

/// One conditional append (or, with no events, change of the deadline alone) inside a
/// transaction. `Ok(Err(Conflict))` writes nothing.
async fn append_in(
    conn: &mut sqlx::SqliteConnection,
    p: &Pending,
    now: i64,
) -> Result<Outcome, StoreError> {
    let (kind, id, expected, events) = (p.kind, p.id.as_str(), p.expected, &p.events);
    if events.is_empty() {
        let actual = SqliteStore::current(conn, kind, id).await?;
        if actual != expected || actual == 0 {
            return Ok(Err(StoreError::Conflict { expected, actual }));
        }
        write_deadline(conn, kind, id, p.deadline).await?;
        return Ok(Ok(expected));
    }
    let last = match plan_append(expected, events) {
        Ok(l) => l,
        Err(e) => return Ok(Err(e)),
    };
    let claimed = if expected == 0 {
        sqlx::query(
            "INSERT INTO streams (stream_kind, stream_id, last_seq, created_at) \
             VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(kind.as_str())
        .bind(id)
        .bind(db_seq(last))
        .bind(now)
        .execute(&mut *conn)
        .await?
    } else {
        sqlx::query(
            "UPDATE streams SET last_seq = ? \
             WHERE stream_kind = ? AND stream_id = ? AND last_seq = ?",
        )
        .bind(db_seq(last))
        .bind(kind.as_str())
        .bind(id)
        .bind(db_seq(expected))
        .execute(&mut *conn)
        .await?
    };
    if claimed.rows_affected() != 1 {
        let actual = SqliteStore::current(conn, kind, id).await?;
        return Ok(Err(StoreError::Conflict { expected, actual }));
    }
    for (seq, e) in (expected + 1..).zip(events) {
        sqlx::query(
            "INSERT INTO events (stream_kind, stream_id, seq, event_type, payload, recorded_at) \
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(kind.as_str())
        .bind(id)
        .bind(db_seq(seq))
        .bind(&e.event_type)
        .bind(e.payload.to_string())
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    write_deadline(conn, kind, id, p.deadline).await?;
    Ok(Ok(last))
}

/// Sets or removes a stream's deadline.
async fn write_deadline(
    conn: &mut sqlx::SqliteConnection,
    kind: StreamKind,
    id: &str,
    deadline: Deadline,
) -> Result<(), StoreError> {
    match deadline {
        Deadline::Keep => {}
        Deadline::Clear => {
            sqlx::query("DELETE FROM deadlines WHERE stream_kind = ? AND stream_id = ?")
                .bind(kind.as_str())
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        Deadline::At(ms) => {
            sqlx::query(
                "INSERT INTO deadlines (stream_kind, stream_id, deadline_ms) VALUES (?, ?, ?) \
                 ON CONFLICT (stream_kind, stream_id) DO UPDATE SET deadline_ms = excluded.deadline_ms",
            )
            .bind(kind.as_str())
            .bind(id)
            .bind(db_seq(ms))
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

impl SqliteStore {
    /// Opens (creating if missing) and migrates the SQLite database at `url`: a file path,
    /// `sqlite:path` / `sqlite://path`, or `sqlite::memory:` (one connection, gone on close).
    ///
    /// # Errors
    /// The database's error, or a migration's.
    pub async fn open(url: &str) -> Result<SqliteStore, StoreError> {
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)?
        } else {
            SqliteConnectOptions::new().filename(url)
        };
        let options = options
            .create_if_missing(true)
            .busy_timeout(Duration::from_secs(30))
            .synchronous(SqliteSynchronous::Full);
        let pool = if memory {
            // Every connection to `:memory:` is its own database: keep exactly one, forever.
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .connect_with(options)
                .await?
        } else {
            SqlitePoolOptions::new()
                .max_connections(4)
                .connect_with(options.journal_mode(SqliteJournalMode::Wal))
                .await?
        };
        migrate::sqlite(&pool).await?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(write_loop(pool.clone(), rx));
        Ok(SqliteStore {
            pool,
            writer: Arc::new(tx),
        })
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
        let row: Option<(i64,)> =
            sqlx::query_as("SELECT last_seq FROM streams WHERE stream_kind = ? AND stream_id = ?")
                .bind(kind.as_str())
                .bind(id)
                .fetch_optional(conn)
                .await?;
        Ok(row.map_or(0, |(s,)| api_seq(s)))
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
        let (reply, answer) = tokio::sync::oneshot::channel();
        let pending = Pending {
            kind,
            id: id.to_owned(),
            expected,
            events,
            deadline,
            reply,
        };
        if self.writer.send(pending).is_err() {
            return Err(StoreError::Database(sqlx::Error::PoolClosed));
        }
        answer
            .await
            .map_err(|_| StoreError::Database(sqlx::Error::PoolClosed))?
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
