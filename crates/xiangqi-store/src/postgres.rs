//! The PostgreSQL store: the same log in tables `streams` and `events`, written by
//! group commit like the SQLite store.
//!
//! An append used to be its own transaction of six round trips (`BEGIN`, the conditional
//! `UPDATE` of the stream's row, the event's `INSERT`, the deadline's upsert, `pg_notify`,
//! `COMMIT`) and its own commit, that is its own WAL flush: under the load bench's 3,333
//! moves/s that was some 20,000 statements and 3,333 flushes a second, with every append
//! holding one of the pool's 16 connections for its whole transaction, so that the appends
//! queued for connections and for the flush. Now the appends that arrive together are taken
//! by a writer task ([`WRITERS`] of them, each with its own connection) and written in one
//! transaction of four round trips however many they are: the streams' rows are locked and
//! read (`SELECT … FOR UPDATE`, in key order so that two replicas' batches cannot deadlock),
//! each append is checked against its stream's sequence number in order, and what passed is
//! written by one statement whose arrays (`unnest`) carry every row; the statements' text does
//! not depend on the batch's size, so each is prepared once per connection. Each append still
//! succeeds or fails on its own (a conflict changes nothing for the others), and none is
//! answered before the commit that makes it durable.
//!
//! A batch that creates streams first inserts their rows at sequence 0 (`ON CONFLICT DO
//! NOTHING`): a creation racing another replica's then waits for the other to commit, and
//! finds the stream taken.
//!
//! Every batch also sends `NOTIFY xiangqi_events, 'kind/seq/id'` for each stream it moved,
//! followed by a line with the events the batch wrote to it when they fit in the notice
//! ([`crate::notice`]), which PostgreSQL delivers on commit to every replica listening
//! ([`PostgresStore::listen`]): that is how a move made on one replica reaches the watchers
//! connected to another, without the other reading it back.

use std::{collections::HashMap, sync::Arc};

use sqlx::{
    Row,
    postgres::{PgListener, PgPool, PgPoolOptions},
};

use crate::{
    Appended, CHANNEL, Deadline, Due, EventStore, NewEvent, StoreError, StoredEvent, StreamKind,
    api_seq,
    batch::{Key, Outcome, Pending, Rows, answer, check, queue},
    db_seq, migrate, notice, now_ms, parse_payload, plan_append,
};

/// A subscription to the appends of every replica.
#[derive(Debug)]
pub struct Listener {
    inner: PgListener,
}

impl Listener {
    /// The next append. `Ok(None)` means the connection was lost and has been re-established:
    /// appends in between were not announced, so a cache should be refreshed from the store.
    ///
    /// # Errors
    /// The database's, when it cannot reconnect.
    pub async fn next(&mut self) -> Result<Option<Appended>, StoreError> {
        loop {
            match self.inner.try_recv().await? {
                None => return Ok(None),
                // A payload that is not ours (someone else's NOTIFY on the channel) is skipped.
                Some(n) => {
                    if let Some(a) = Appended::from_payload(n.payload()) {
                        return Ok(Some(a));
                    }
                }
            }
        }
    }
}

/// How many writer tasks take batches from the queue, each in its own transaction: while one
/// waits for its commit's flush, the next batch is already being written.
pub const WRITERS: usize = 2;

/// The most appends committed in one transaction.
pub const MAX_BATCH: usize = 2048;

/// The pool's size unless the address says otherwise (`?pool_max_conns=N`): the writers'
/// connections, the listener's and those of the reads (a game's events, the due deadlines).
pub const POOL_SIZE: u32 = 16;

/// An event store in a PostgreSQL database.
#[derive(Debug, Clone)]
pub struct PostgresStore {
    pool: PgPool,
    writer: Arc<tokio::sync::mpsc::UnboundedSender<Pending>>,
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user:password@host/database`) and migrates the database.
    /// A `pool_max_conns=N` parameter in the address sets the pool's size (default
    /// [`POOL_SIZE`]); the other parameters are PostgreSQL's own (`sslmode`, `options`, …).
    ///
    /// # Errors
    /// The database's error, or a migration's; [`StoreError::BadUrl`] for a pool size that is
    /// not a number from 2 up.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let (url, size) = pool_size(url)?;
        let pool = PgPoolOptions::new()
            .max_connections(size)
            .connect(&url)
            .await?;
        migrate::postgres(&pool).await?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let queue = Arc::new(tokio::sync::Mutex::new(rx));
        for _ in 0..WRITERS {
            tokio::spawn(write_loop(pool.clone(), Arc::clone(&queue)));
        }
        Ok(PostgresStore {
            pool,
            writer: Arc::new(tx),
        })
    }

    /// Listens for the appends of every replica (this one included).
    ///
    /// # Errors
    /// The database's.
    pub async fn listen(&self) -> Result<Listener, StoreError> {
        let mut inner = PgListener::connect_with(&self.pool).await?;
        inner.listen(CHANNEL).await?;
        Ok(Listener { inner })
    }

    /// Closes the connections.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    async fn current(
        conn: &mut sqlx::PgConnection,
        kind: StreamKind,
        id: &str,
    ) -> Result<u64, StoreError> {
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT last_seq FROM streams WHERE stream_kind = $1 AND stream_id = $2",
        )
        .bind(kind.as_str())
        .bind(id)
        .fetch_optional(conn)
        .await?;
        Ok(row.map_or(0, |(s,)| api_seq(s)))
    }

    /// Queues a write for the writers and waits for its commit.
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

/// Takes `pool_max_conns=N` out of a PostgreSQL address: the address without it, and N.
fn pool_size(url: &str) -> Result<(String, u32), StoreError> {
    let Some((base, query)) = url.split_once('?') else {
        return Ok((url.to_owned(), POOL_SIZE));
    };
    let mut size = POOL_SIZE;
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("pool_max_conns", n)) => {
                size = n
                    .parse()
                    .ok()
                    .filter(|n| *n >= 2)
                    .ok_or_else(|| StoreError::BadUrl(url.to_owned()))?;
            }
            _ => kept.push(pair),
        }
    }
    let url = if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((url, size))
}

/// One writer: takes the appends waiting in the queue (up to [`MAX_BATCH`]) and writes them
/// in one transaction, until every store handle is dropped.
async fn write_loop(
    pool: PgPool,
    queue: Arc<tokio::sync::Mutex<tokio::sync::mpsc::UnboundedReceiver<Pending>>>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    loop {
        // The queue is held only while taking a batch, so the other writer takes the next.
        let taken = queue.lock().await.recv_many(&mut batch, MAX_BATCH).await;
        if taken == 0 {
            return;
        }
        let written = write_retrying(&pool, &batch).await;
        answer(&mut batch, written);
    }
}

/// How often a batch that lost a deadlock or a serialization failure is tried again; it wrote
/// nothing, so writing it again is safe.
const RETRIES: u32 = 3;

async fn write_retrying(pool: &PgPool, batch: &[Pending]) -> Result<Vec<Outcome>, StoreError> {
    let mut tries = 0;
    loop {
        match write_batch(pool, batch).await {
            Err(StoreError::Database(sqlx::Error::Database(e)))
                if tries < RETRIES && e.code().is_some_and(|c| c == "40P01" || c == "40001") =>
            {
                tries += 1;
            }
            other => return other,
        }
    }
}

/// The distinct streams of a batch, in key order (the order their rows are locked in).
fn keys_of(batch: &[Pending]) -> Vec<Key> {
    let mut keys: Vec<Key> = batch.iter().map(|p| (p.kind, p.id.clone())).collect();
    keys.sort_unstable_by(|a, b| (a.0.as_str(), &a.1).cmp(&(b.0.as_str(), &b.1)));
    keys.dedup();
    keys
}

/// Kinds and ids as two arrays.
fn columns<'a>(keys: impl Iterator<Item = &'a Key>) -> (Vec<&'static str>, Vec<String>) {
    keys.map(|(k, i)| (k.as_str(), i.clone())).unzip()
}

/// The streams a batch creates get a row at sequence 0 first, so that every stream it touches
/// has a row to lock; a stream another transaction is creating is waited for.
const CLAIM_NEW: &str = "INSERT INTO streams (stream_kind, stream_id, last_seq, created_at) \
     SELECT k, i, 0, $3 FROM unnest($1::text[], $2::text[]) AS t(k, i) ORDER BY k, i \
     ON CONFLICT DO NOTHING";

/// Locks and reads the batch's streams, in key order.
const LOCK_STREAMS: &str = "SELECT s.stream_kind, s.stream_id, s.last_seq FROM streams s \
     JOIN unnest($1::text[], $2::text[]) AS t(k, i) \
     ON s.stream_kind = t.k AND s.stream_id = t.i \
     ORDER BY s.stream_kind, s.stream_id FOR UPDATE OF s";

/// Writes a checked batch in one statement: the streams' sequence numbers, the events, the
/// deadlines set and cleared, and one notification per stream moved (its new last sequence
/// number: a replica catches up from the store, so the appends in between need no notice).
const WRITE_ROWS: &str = "WITH \
     moved AS (UPDATE streams s SET last_seq = t.last \
         FROM unnest($1::text[], $2::text[], $3::int8[]) AS t(k, i, last) \
         WHERE s.stream_kind = t.k AND s.stream_id = t.i), \
     added AS (INSERT INTO events \
         (stream_kind, stream_id, seq, event_type, payload, recorded_at) \
         SELECT k, i, q, ty, p::jsonb, $9 FROM unnest($4::text[], $5::text[], $6::int8[], \
         $7::text[], $8::text[]) AS t(k, i, q, ty, p)), \
     timed AS (INSERT INTO deadlines (stream_kind, stream_id, deadline_ms) \
         SELECT k, i, d FROM unnest($10::text[], $11::text[], $12::int8[]) AS t(k, i, d) \
         ON CONFLICT (stream_kind, stream_id) DO UPDATE SET deadline_ms = excluded.deadline_ms), \
     untimed AS (DELETE FROM deadlines d USING unnest($13::text[], $14::text[]) AS t(k, i) \
         WHERE d.stream_kind = t.k AND d.stream_id = t.i) \
     SELECT count(pg_notify($15, p)) FROM unnest($16::text[]) AS t(p)";

/// Writes a batch in one transaction of four round trips (five when it creates streams); a
/// database error fails all of it.
async fn write_batch(pool: &PgPool, batch: &[Pending]) -> Result<Vec<Outcome>, StoreError> {
    let now = now_ms();
    let keys = keys_of(batch);
    let mut tx = pool.begin().await?;
    // Only a creation with events claims a row: the first such append of each stream then
    // passes the check below, so no row is left at 0.
    let creating: Vec<&Key> = keys
        .iter()
        .filter(|(k, i)| {
            batch
                .iter()
                .any(|p| p.expected == 0 && !p.events.is_empty() && p.kind == *k && p.id == *i)
        })
        .collect();
    if !creating.is_empty() {
        let (kinds, ids) = columns(creating.into_iter());
        sqlx::query(CLAIM_NEW)
            .bind(kinds)
            .bind(ids)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    let (kinds, ids) = columns(keys.iter());
    let found: Vec<(String, String, i64)> = sqlx::query_as(LOCK_STREAMS)
        .bind(kinds)
        .bind(ids)
        .fetch_all(&mut *tx)
        .await?;
    let mut current: HashMap<Key, u64> = HashMap::with_capacity(found.len());
    for (kind, id, seq) in found {
        if let Some(kind) = StreamKind::parse(&kind) {
            current.insert((kind, id), api_seq(seq));
        }
    }
    let (rows, outcomes) = check(batch, &mut current)?;
    write_rows(&mut tx, &rows, now).await?;
    tx.commit().await?;
    Ok(outcomes)
}

/// The one statement of [`WRITE_ROWS`], its arrays filled from `rows`.
async fn write_rows(
    conn: &mut sqlx::PgConnection,
    rows: &Rows,
    now: i64,
) -> Result<(), StoreError> {
    let (s_kinds, s_ids) = columns(rows.streams.iter().map(|(k, _)| k));
    let s_last: Vec<i64> = rows.streams.iter().map(|(_, l)| db_seq(*l)).collect();
    let (e_kinds, e_ids) = columns(rows.events.iter().map(|(k, ..)| k));
    let e_seq: Vec<i64> = rows.events.iter().map(|(_, q, ..)| db_seq(*q)).collect();
    let e_type: Vec<&str> = rows.events.iter().map(|(_, _, t, _)| t.as_str()).collect();
    let e_payload: Vec<&str> = rows.events.iter().map(|(.., p)| p.as_str()).collect();
    let (d_kinds, d_ids) = columns(rows.set.iter().map(|(k, _)| k));
    let d_at: Vec<i64> = rows.set.iter().map(|(_, ms)| db_seq(*ms)).collect();
    let (c_kinds, c_ids) = columns(rows.clear.iter());
    // Each stream's events in the batch, for its notice (several appends of one stream in a
    // batch follow each other).
    let mut of_stream: HashMap<&Key, Vec<(u64, &str, &str)>> = HashMap::new();
    for (key, seq, event_type, payload) in &rows.events {
        of_stream
            .entry(key)
            .or_default()
            .push((*seq, event_type.as_str(), payload.as_str()));
    }
    let notices: Vec<String> = rows
        .streams
        .iter()
        .map(|(key, seq)| {
            let events = of_stream.get(key).map_or(&[][..], Vec::as_slice);
            notice(key.0, &key.1, *seq, events, now)
        })
        .collect();
    sqlx::query(WRITE_ROWS)
        .bind(s_kinds)
        .bind(s_ids)
        .bind(s_last)
        .bind(e_kinds)
        .bind(e_ids)
        .bind(e_seq)
        .bind(e_type)
        .bind(e_payload)
        .bind(now)
        .bind(d_kinds)
        .bind(d_ids)
        .bind(d_at)
        .bind(c_kinds)
        .bind(c_ids)
        .bind(CHANNEL)
        .bind(notices)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

impl EventStore for PostgresStore {
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
             WHERE stream_kind = $1 AND deadline_ms <= $2 ORDER BY deadline_ms, stream_id",
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
            "SELECT seq, event_type, payload::text AS payload, recorded_at FROM events \
             WHERE stream_kind = $1 AND stream_id = $2 AND seq > $3 ORDER BY seq",
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
            "SELECT stream_id FROM streams WHERE stream_kind = $1 ORDER BY created_at, stream_id",
        )
        .bind(kind.as_str())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }
}
