//! The PostgreSQL store: the same log in tables `streams` and `events`; an append is one
//! transaction, and the conditional `UPDATE` of the stream's row makes concurrent appends from
//! several server replicas safe (the loser sees zero rows and reports a conflict).

//!
//! Every append also sends `NOTIFY xiangqi_events, 'kind/seq/id'` in its transaction, which
//! PostgreSQL delivers on commit to every replica listening ([`PostgresStore::listen`]): that is
//! how a move made on one replica reaches the watchers connected to another.

use sqlx::{
    Row,
    postgres::{PgListener, PgPool, PgPoolOptions},
};

use crate::{
    Appended, CHANNEL, Deadline, Due, EventStore, NewEvent, StoreError, StoredEvent, StreamKind,
    api_seq, db_seq, migrate, now_ms, parse_payload, plan_append,
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

/// An event store in a PostgreSQL database.
#[derive(Debug, Clone)]
pub struct PostgresStore {
    pool: PgPool,
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user:password@host/database`) and migrates the database.
    ///
    /// # Errors
    /// The database's error, or a migration's.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .connect(url)
            .await?;
        migrate::postgres(&pool).await?;
        Ok(PostgresStore { pool })
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
}

/// Sets or removes a stream's deadline.
async fn write_deadline(
    conn: &mut sqlx::PgConnection,
    kind: StreamKind,
    id: &str,
    deadline: Deadline,
) -> Result<(), StoreError> {
    match deadline {
        Deadline::Keep => {}
        Deadline::Clear => {
            sqlx::query("DELETE FROM deadlines WHERE stream_kind = $1 AND stream_id = $2")
                .bind(kind.as_str())
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        Deadline::At(ms) => {
            sqlx::query(
                "INSERT INTO deadlines (stream_kind, stream_id, deadline_ms) VALUES ($1, $2, $3) \
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

impl EventStore for PostgresStore {
    async fn append_with_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        events: &[NewEvent],
        deadline: Deadline,
    ) -> Result<u64, StoreError> {
        let last = plan_append(expected, events)?;
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        let claimed = if expected == 0 {
            sqlx::query(
                "INSERT INTO streams (stream_kind, stream_id, last_seq, created_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .bind(kind.as_str())
            .bind(id)
            .bind(db_seq(last))
            .bind(now)
            .execute(&mut *tx)
            .await?
        } else {
            // Under READ COMMITTED a concurrent append waits for this row's lock, then re-reads
            // `last_seq` and matches nothing.
            sqlx::query(
                "UPDATE streams SET last_seq = $1 \
                 WHERE stream_kind = $2 AND stream_id = $3 AND last_seq = $4",
            )
            .bind(db_seq(last))
            .bind(kind.as_str())
            .bind(id)
            .bind(db_seq(expected))
            .execute(&mut *tx)
            .await?
        };
        if claimed.rows_affected() != 1 {
            let actual = Self::current(&mut tx, kind, id).await?;
            return Err(StoreError::Conflict { expected, actual });
        }
        for (seq, e) in (expected + 1..).zip(events) {
            sqlx::query(
                "INSERT INTO events (stream_kind, stream_id, seq, event_type, payload, recorded_at) \
                 VALUES ($1, $2, $3, $4, $5::jsonb, $6)",
            )
            .bind(kind.as_str())
            .bind(id)
            .bind(db_seq(seq))
            .bind(&e.event_type)
            .bind(e.payload.to_string())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        write_deadline(&mut tx, kind, id, deadline).await?;
        let appended = Appended {
            kind,
            id: id.to_owned(),
            seq: last,
        };
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(appended.to_payload())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(last)
    }

    async fn set_deadline(
        &self,
        kind: StreamKind,
        id: &str,
        expected: u64,
        deadline: Deadline,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        // The row lock holds off a concurrent append until this commits.
        let row: Option<(i64,)> = sqlx::query_as(
            "SELECT last_seq FROM streams WHERE stream_kind = $1 AND stream_id = $2 FOR UPDATE",
        )
        .bind(kind.as_str())
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let actual = row.map_or(0, |(s,)| api_seq(s));
        if actual != expected || actual == 0 {
            return Err(StoreError::Conflict { expected, actual });
        }
        write_deadline(&mut tx, kind, id, deadline).await?;
        tx.commit().await?;
        Ok(())
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
