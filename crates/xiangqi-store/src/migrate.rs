//! Schema migrations, applied in order at open and recorded in `store_migrations`. Each backend
//! has its own SQL under `migrations/<backend>/`; a migration runs in one transaction together
//! with its record, so a crash leaves it either applied or not.

use sqlx::{PgPool, SqlitePool};

use crate::{StoreError, now_ms};

/// One migration.
struct Migration {
    version: i64,
    name: &'static str,
    sql: &'static str,
}

const SQLITE: &[Migration] = &[
    Migration {
        version: 1,
        name: "events",
        sql: include_str!("../migrations/sqlite/0001_events.sql"),
    },
    Migration {
        version: 2,
        name: "deadlines",
        sql: include_str!("../migrations/sqlite/0002_deadlines.sql"),
    },
    Migration {
        version: 3,
        name: "deadlines_unindexed",
        sql: include_str!("../migrations/sqlite/0003_deadlines_unindexed.sql"),
    },
    Migration {
        version: 4,
        name: "streams_without_last_seq",
        sql: include_str!("../migrations/sqlite/0004_streams_without_last_seq.sql"),
    },
];

const POSTGRES: &[Migration] = &[
    Migration {
        version: 1,
        name: "events",
        sql: include_str!("../migrations/postgres/0001_events.sql"),
    },
    Migration {
        version: 2,
        name: "deadlines",
        sql: include_str!("../migrations/postgres/0002_deadlines.sql"),
    },
    Migration {
        version: 3,
        name: "deadlines_unindexed",
        sql: include_str!("../migrations/postgres/0003_deadlines_unindexed.sql"),
    },
];

const CREATE_TABLE: &str = "CREATE TABLE IF NOT EXISTS store_migrations (\
     version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)";

/// Brings an SQLite database up to date. `BEGIN IMMEDIATE` takes the write lock first, so two
/// processes opening a new file at once do not both migrate it.
pub(crate) async fn sqlite(pool: &SqlitePool) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await?;
    sqlx::raw_sql("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let result = async {
        sqlx::raw_sql(CREATE_TABLE).execute(&mut *conn).await?;
        let applied: Vec<(i64,)> = sqlx::query_as("SELECT version FROM store_migrations")
            .fetch_all(&mut *conn)
            .await?;
        for m in SQLITE {
            if applied.iter().any(|(v,)| *v == m.version) {
                continue;
            }
            sqlx::raw_sql(m.sql)
                .execute(&mut *conn)
                .await
                .map_err(|source| StoreError::Migration {
                    version: m.version,
                    name: m.name,
                    source,
                })?;
            sqlx::query(
                "INSERT INTO store_migrations (version, name, applied_at) VALUES (?, ?, ?)",
            )
            .bind(m.version)
            .bind(m.name)
            .bind(now_ms())
            .execute(&mut *conn)
            .await?;
        }
        Ok::<_, StoreError>(())
    }
    .await;
    match result {
        Ok(()) => {
            sqlx::raw_sql("COMMIT").execute(&mut *conn).await?;
            Ok(())
        }
        Err(e) => {
            // The connection may already have rolled back; the first error is the one to tell.
            let _ = sqlx::raw_sql("ROLLBACK").execute(&mut *conn).await;
            Err(e)
        }
    }
}

/// Brings a PostgreSQL database up to date, under an advisory lock so that replicas starting
/// together migrate once.
pub(crate) async fn postgres(pool: &PgPool) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    // "xqstor" in ASCII: any constant will do, as long as it is always the same.
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(0x7871_7374_6f72_i64)
        .execute(&mut *tx)
        .await?;
    sqlx::raw_sql(CREATE_TABLE).execute(&mut *tx).await?;
    let applied: Vec<(i64,)> = sqlx::query_as("SELECT version FROM store_migrations")
        .fetch_all(&mut *tx)
        .await?;
    for m in POSTGRES {
        if applied.iter().any(|(v,)| *v == m.version) {
            continue;
        }
        sqlx::raw_sql(m.sql)
            .execute(&mut *tx)
            .await
            .map_err(|source| StoreError::Migration {
                version: m.version,
                name: m.name,
                source,
            })?;
        sqlx::query("INSERT INTO store_migrations (version, name, applied_at) VALUES ($1, $2, $3)")
            .bind(m.version)
            .bind(m.name)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}
