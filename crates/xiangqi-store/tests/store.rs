//! The store's contract, run against SQLite always and against PostgreSQL when `DATABASE_URL`
//! names one (`.ci/postgres.sh` starts a server and prints the address).

use std::{
    path::{Path, PathBuf},
    sync::Arc,
    time::{SystemTime, UNIX_EPOCH},
};

use serde_json::json;
use xiangqi_store::{Deadline, EventStore, NewEvent, SqliteSync, Store, StoreError, StreamKind};

/// A name no other test run uses.
fn unique(tag: &str) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("{tag}-{}-{nanos}", std::process::id())
}

fn temp_db(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("{}.db", unique(tag)))
}

fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
}

fn ev(n: u32) -> NewEvent {
    NewEvent::new("move", json!({"n": n, "text": "炮二平五"}))
}

/// The PostgreSQL server `DATABASE_URL` names, if it names one (else the test is skipped, with
/// a message).
fn postgres_url() -> Option<String> {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("DATABASE_URL is not set: PostgreSQL test skipped");
        return None;
    };
    if !url.starts_with("postgres") {
        eprintln!("DATABASE_URL is not PostgreSQL: test skipped");
        return None;
    }
    Some(url)
}

/// The contract every store keeps.
async fn contract(store: &Store, prefix: &str) {
    let game = format!("{prefix}-game");
    let kind = StreamKind::Game;

    // A missing stream is empty and at 0.
    assert_eq!(store.last_seq(kind, &game).await.expect("reads"), 0);
    assert!(store.load(kind, &game, 0).await.expect("reads").is_empty());

    // Creating it, then appending in order.
    assert_eq!(
        store
            .append(kind, &game, 0, &[ev(1)])
            .await
            .expect("creates"),
        1
    );
    assert_eq!(
        store
            .append(kind, &game, 1, &[ev(2), ev(3)])
            .await
            .expect("appends"),
        3
    );
    assert_eq!(store.last_seq(kind, &game).await.expect("reads"), 3);

    // Stale, future and duplicate-create appends are conflicts and change nothing.
    for expected in [0, 1, 2, 4, 99] {
        match store.append(kind, &game, expected, &[ev(9)]).await {
            Err(StoreError::Conflict {
                expected: e,
                actual: 3,
            }) => assert_eq!(e, expected),
            other => panic!("expected a conflict at {expected}, got {other:?}"),
        }
    }
    assert!(matches!(
        store.append(kind, &game, 3, &[]).await,
        Err(StoreError::Empty)
    ));

    let events = store.load(kind, &game, 0).await.expect("reads");
    let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, [1, 2, 3]);
    assert_eq!(events[2].payload, json!({"n": 3, "text": "炮二平五"}));
    assert_eq!(events[0].event_type, "move");
    assert!(events[0].recorded_at_ms > 0);
    let tail = store.load(kind, &game, 2).await.expect("reads");
    assert_eq!(tail.len(), 1);
    assert_eq!(tail[0].seq, 3);

    // Streams of another kind with the same id are apart.
    let t = StreamKind::Tournament;
    assert_eq!(store.last_seq(t, &game).await.expect("reads"), 0);
    store
        .append(t, &game, 0, &[NewEvent::new("created", json!({}))])
        .await
        .expect("creates");
    assert!(store.streams(t).await.expect("lists").contains(&game));
    assert!(store.streams(kind).await.expect("lists").contains(&game));
}

/// This run's streams with a deadline up to `until`, as `(id, deadline)`.
async fn due(store: &Store, prefix: &str, until: u64) -> Vec<(String, u64)> {
    store
        .due(StreamKind::Game, until)
        .await
        .expect("lists")
        .into_iter()
        .filter(|d| d.id.starts_with(prefix))
        .map(|d| (d.id, d.deadline_ms))
        .collect()
}

/// Deadlines are written with the append they belong to, and only with it.
async fn deadlines(store: &Store, prefix: &str) {
    let kind = StreamKind::Game;
    let a = format!("{prefix}-dl-a");
    let b = format!("{prefix}-dl-b");
    store
        .append_with_deadline(kind, &a, 0, &[ev(1)], Deadline::At(5_000))
        .await
        .expect("creates a");
    store
        .append_with_deadline(kind, &b, 0, &[ev(1)], Deadline::At(2_000))
        .await
        .expect("creates b");
    // Soonest first; `until` bounds the list.
    assert_eq!(
        due(store, prefix, u64::MAX).await,
        vec![(b.clone(), 2_000), (a.clone(), 5_000)]
    );
    assert_eq!(due(store, prefix, 4_999).await, vec![(b.clone(), 2_000)]);
    // A plain append keeps the deadline; a refused append changes nothing.
    store.append(kind, &a, 1, &[ev(2)]).await.expect("appends");
    let refused = store
        .append_with_deadline(kind, &a, 1, &[ev(3)], Deadline::Clear)
        .await;
    assert!(matches!(
        refused,
        Err(StoreError::Conflict { actual: 2, .. })
    ));
    assert_eq!(due(store, prefix, 5_000).await.len(), 2);
    // Moving and clearing.
    store
        .append_with_deadline(kind, &a, 2, &[ev(3)], Deadline::At(1_000))
        .await
        .expect("appends");
    store
        .append_with_deadline(kind, &b, 1, &[ev(2)], Deadline::Clear)
        .await
        .expect("appends");
    assert_eq!(due(store, prefix, u64::MAX).await, vec![(a.clone(), 1_000)]);
    // A correction alone, only at the stream's current sequence number.
    let stale = store.set_deadline(kind, &a, 2, Deadline::Clear).await;
    assert!(matches!(stale, Err(StoreError::Conflict { actual: 3, .. })));
    let missing = store
        .set_deadline(kind, &format!("{prefix}-dl-none"), 0, Deadline::At(1))
        .await;
    assert!(matches!(
        missing,
        Err(StoreError::Conflict { actual: 0, .. })
    ));
    store
        .set_deadline(kind, &b, 2, Deadline::At(9_000))
        .await
        .expect("sets");
    store
        .set_deadline(kind, &a, 3, Deadline::Clear)
        .await
        .expect("clears");
    assert_eq!(due(store, prefix, u64::MAX).await, vec![(b.clone(), 9_000)]);
    // Nothing was appended by the corrections.
    assert_eq!(store.last_seq(kind, &a).await.expect("reads"), 3);
    assert_eq!(store.last_seq(kind, &b).await.expect("reads"), 2);
}

/// Many writers racing for the same next slot: exactly one wins each round.
async fn race(store: Arc<Store>, prefix: &str) {
    let id = format!("{prefix}-race");
    store
        .append(StreamKind::Game, &id, 0, &[ev(0)])
        .await
        .expect("creates");
    for round in 1..=5u64 {
        let mut tasks = Vec::new();
        for n in 0..8 {
            let store = Arc::clone(&store);
            let id = id.clone();
            tasks.push(tokio::spawn(async move {
                store.append(StreamKind::Game, &id, round, &[ev(n)]).await
            }));
        }
        let mut won = 0;
        for t in tasks {
            match t.await.expect("task runs") {
                Ok(last) => {
                    assert_eq!(last, round + 1);
                    won += 1;
                }
                Err(StoreError::Conflict { actual, .. }) => assert_eq!(actual, round + 1),
                Err(e) => panic!("unexpected error {e}"),
            }
        }
        assert_eq!(won, 1, "round {round}");
    }
    let events = store.load(StreamKind::Game, &id, 0).await.expect("reads");
    assert_eq!(events.len(), 6);
}

/// Appends that arrive together are written in one batch (one transaction), each still
/// conditional on its stream's sequence number: of two appends to one stream at the same
/// number one loses with a conflict, and the others of the batch are written regardless.
///
/// On the test's one-thread runtime the appends joined here are all queued before the writer
/// runs, so they share a batch.
async fn batch_conflicts(store: &Store, prefix: &str) {
    let kind = StreamKind::Game;
    let a = format!("{prefix}-batch-a");
    let b = format!("{prefix}-batch-b");
    let c = format!("{prefix}-batch-c");
    store
        .append(kind, &b, 0, &[ev(1)])
        .await
        .expect("creates b");

    // Two creations of `a`, two appends to `b` at its number, one to `c`'s future, and a
    // deadline for `b` at the number the winner leaves behind.
    let (e10, e20, e30, e40, e50) = ([ev(10), ev(11)], [ev(20)], [ev(30)], [ev(40)], [ev(50)]);
    let (a1, a2, b1, b2, c1, d) = tokio::join!(
        store.append_with_deadline(kind, &a, 0, &e10, Deadline::At(7_000)),
        store.append_with_deadline(kind, &a, 0, &e20, Deadline::At(8_000)),
        store.append(kind, &b, 1, &e30),
        store.append(kind, &b, 1, &e40),
        store.append(kind, &c, 3, &e50),
        store.set_deadline(kind, &b, 2, Deadline::At(9_000)),
    );
    // In the batch's order: the first of each pair wins.
    assert_eq!(a1.expect("the first creation wins"), 2);
    assert!(
        matches!(
            a2,
            Err(StoreError::Conflict {
                expected: 0,
                actual: 2
            })
        ),
        "{a2:?}"
    );
    assert_eq!(b1.expect("the first append wins"), 2);
    assert!(
        matches!(
            b2,
            Err(StoreError::Conflict {
                expected: 1,
                actual: 2
            })
        ),
        "{b2:?}"
    );
    assert!(
        matches!(
            c1,
            Err(StoreError::Conflict {
                expected: 3,
                actual: 0
            })
        ),
        "{c1:?}"
    );
    d.expect("the deadline follows the winner");

    // Only the winners were written, with the deadlines that went with them.
    let payloads = |events: Vec<xiangqi_store::StoredEvent>| -> Vec<(u64, serde_json::Value)> {
        events
            .into_iter()
            .map(|e| (e.seq, e.payload["n"].clone()))
            .collect()
    };
    assert_eq!(
        payloads(store.load(kind, &a, 0).await.expect("reads")),
        vec![(1, json!(10)), (2, json!(11))]
    );
    assert_eq!(
        payloads(store.load(kind, &b, 0).await.expect("reads")),
        vec![(1, json!(1)), (2, json!(30))]
    );
    assert!(store.load(kind, &c, 0).await.expect("reads").is_empty());
    assert_eq!(store.last_seq(kind, &c).await.expect("reads"), 0);
    assert!(!store.streams(kind).await.expect("lists").contains(&c));
    assert_eq!(
        due(store, &format!("{prefix}-batch"), u64::MAX).await,
        vec![(a.clone(), 7_000), (b.clone(), 9_000)]
    );

    // Many streams at once (more than the writer's largest statement holds), each moved by one
    // append and raced by a stale one.
    let ids: Vec<String> = (0..1100)
        .map(|n| format!("{prefix}-batch-many-{n}"))
        .collect();
    let (zero, one, two) = ([ev(0)], [ev(1)], [ev(2)]);
    let creates = ids.iter().map(|id| store.append(kind, id, 0, &zero));
    for created in futures_join(creates).await {
        assert_eq!(created.expect("creates"), 1);
    }
    let moves = ids.iter().flat_map(|id| {
        [
            store.append(kind, id, 1, &one),
            store.append(kind, id, 1, &two),
        ]
    });
    let outcomes = futures_join(moves).await;
    for pair in outcomes.chunks(2) {
        assert!(matches!(pair[0], Ok(2)), "{:?}", pair[0]);
        assert!(
            matches!(pair[1], Err(StoreError::Conflict { actual: 2, .. })),
            "{:?}",
            pair[1]
        );
    }
    for id in &ids {
        let events = store.load(kind, id, 0).await.expect("reads");
        assert_eq!(payloads(events), vec![(1, json!(0)), (2, json!(1))]);
    }
}

/// Polls every future together (so that they queue together) and collects their outputs in
/// order.
async fn futures_join<F: std::future::Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut futures: Vec<_> = futures.map(Box::pin).collect();
    let mut out: Vec<Option<F::Output>> = futures.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (f, o) in futures.iter_mut().zip(out.iter_mut()) {
            if o.is_none() {
                match f.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => *o = Some(v),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    out.into_iter().flatten().collect()
}

#[tokio::test]
async fn sqlite_keeps_the_contract() {
    let path = temp_db("contract");
    let store = Store::open(path.to_str().expect("utf-8 path"))
        .await
        .expect("opens");
    assert_eq!(store.backend(), "sqlite");
    contract(&store, "c").await;
    deadlines(&store, "c").await;
    batch_conflicts(&store, "c").await;
    let store = Arc::new(store);
    race(Arc::clone(&store), "c").await;
    store.close().await;
    remove_db(&path);
}

#[tokio::test]
async fn sqlite_in_memory_keeps_the_contract() {
    let store = Store::open("sqlite::memory:").await.expect("opens");
    contract(&store, "m").await;
    deadlines(&store, "m").await;
    batch_conflicts(&store, "m").await;
}

#[tokio::test]
async fn appended_events_survive_reopening() {
    let path = temp_db("durable");
    let url = format!("sqlite://{}", path.display());
    {
        let store = Store::open(&url).await.expect("opens");
        for n in 0..20u32 {
            let last = store
                .append(StreamKind::Game, "g", u64::from(n), &[ev(n)])
                .await
                .expect("appends");
            assert_eq!(last, u64::from(n) + 1);
        }
        // Dropped without closing: what was acknowledged must already be on disk.
        drop(store);
    }
    let store = Store::open(&url).await.expect("reopens");
    let events = store.load(StreamKind::Game, "g", 0).await.expect("reads");
    assert_eq!(events.len(), 20);
    assert_eq!(events[19].payload["n"], 19);
    // Reopening migrated nothing twice and the log goes on.
    assert_eq!(
        store
            .append(StreamKind::Game, "g", 20, &[ev(20)])
            .await
            .expect("appends"),
        21
    );
    store.close().await;
    remove_db(&path);
}

/// A file written before migration 4, when each append rewrote its stream's row in `streams`
/// (`last_seq`), opens, loses the column, and goes on from its stored events: the last
/// sequence number is the greatest event's, and appends stay conditional on it.
#[tokio::test]
async fn a_file_from_before_the_streams_lost_last_seq_goes_on() {
    let path = temp_db("schema3");
    let url = format!("sqlite://{}", path.display());
    {
        let options = url
            .parse::<sqlx::sqlite::SqliteConnectOptions>()
            .expect("a SQLite address")
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(options)
            .await
            .expect("creates");
        for sql in [
            include_str!("../migrations/sqlite/0001_events.sql"),
            include_str!("../migrations/sqlite/0002_deadlines.sql"),
            include_str!("../migrations/sqlite/0003_deadlines_unindexed.sql"),
            "CREATE TABLE store_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, \
             applied_at BIGINT NOT NULL);
             INSERT INTO store_migrations VALUES (1, 'events', 0), (2, 'deadlines', 0),
                 (3, 'deadlines_unindexed', 0);
             INSERT INTO streams VALUES ('game', 'g', 2, 0);
             INSERT INTO events VALUES ('game', 'g', 1, 'move', '{\"n\": 1}', 0),
                 ('game', 'g', 2, 'move', '{\"n\": 2}', 0);",
        ] {
            sqlx::raw_sql(sql).execute(&pool).await.expect("schema 3");
        }
        pool.close().await;
    }
    let store = Store::open(&url).await.expect("opens and migrates");
    assert_eq!(
        store.last_seq(StreamKind::Game, "g").await.expect("reads"),
        2
    );
    assert!(matches!(
        store.append(StreamKind::Game, "g", 1, &[ev(3)]).await,
        Err(StoreError::Conflict {
            expected: 1,
            actual: 2
        })
    ));
    let last = store
        .append(StreamKind::Game, "g", 2, &[ev(3)])
        .await
        .expect("appends");
    assert_eq!(last, 3);
    let events = store.load(StreamKind::Game, "g", 0).await.expect("reads");
    assert_eq!(events.len(), 3);
    assert_eq!(events[2].payload["n"], 3);
    assert_eq!(
        store.streams(StreamKind::Game).await.expect("lists"),
        vec!["g".to_string()]
    );
    store.close().await;
    remove_db(&path);
}

#[tokio::test]
async fn bad_addresses_are_errors() {
    assert!(matches!(Store::open("").await, Err(StoreError::BadUrl(_))));
    assert!(matches!(
        Store::open("mysql://localhost/x").await,
        Err(StoreError::BadUrl(_))
    ));
    // A directory cannot be a database file.
    let dir = std::env::temp_dir();
    assert!(Store::open(dir.to_str().expect("utf-8")).await.is_err());
}

/// `PRAGMA synchronous` reads back the mode the store was opened with, on a file and in
/// memory, and the store keeps its contract in either mode.
#[tokio::test]
async fn sqlite_flushes_as_asked() {
    for mode in SqliteSync::ALL {
        let path = temp_db(&format!("sync-{mode}"));
        for url in [path.to_str().expect("utf-8 path"), "sqlite::memory:"] {
            let store = Store::open_with(url, mode).await.expect("opens");
            let Store::Sqlite(sqlite) = &store else {
                panic!("{url} is not SQLite");
            };
            assert_eq!(
                sqlite.synchronous().await.expect("reads"),
                Some(mode),
                "{url}"
            );
            contract(&store, mode.as_str()).await;
            store.close().await;
        }
        remove_db(&path);
    }
    // The default is FULL, as before the mode could be chosen.
    let store = Store::open("sqlite::memory:").await.expect("opens");
    let Store::Sqlite(sqlite) = &store else {
        panic!("not SQLite");
    };
    assert_eq!(
        sqlite.synchronous().await.expect("reads"),
        Some(SqliteSync::Full)
    );
}

/// PostgreSQL has no SQLite flush mode: asking it for `normal` is refused before connecting
/// (nothing listens on port 1, so a connection would fail otherwise, after sqlx's retries).
#[tokio::test]
async fn postgres_refuses_a_sqlite_sync_mode() {
    let url = "postgres://nobody@127.0.0.1:1/none";
    let refused = Store::open_with(url, SqliteSync::Normal).await;
    assert!(
        matches!(refused, Err(StoreError::SyncNotSqlite(SqliteSync::Normal))),
        "{refused:?}"
    );
}

#[tokio::test]
async fn postgres_keeps_the_contract() {
    let Some(url) = postgres_url() else {
        return;
    };
    let store = Store::open(&url).await.expect("connects and migrates");
    assert_eq!(store.backend(), "postgres");
    // Migrating again is a no-op.
    let again = Store::open(&url).await.expect("reopens");
    again.close().await;
    let prefix = unique("pg");
    contract(&store, &prefix).await;
    deadlines(&store, &prefix).await;
    batch_conflicts(&store, &prefix).await;
    race(Arc::new(store), &prefix).await;
}

/// Every replica hears of an append with the events it wrote (those that fit in a notice), the
/// same as a read of the store gives, so that it need not read them.
#[tokio::test]
async fn postgres_announces_appends_with_their_events() {
    let Some(url) = postgres_url() else {
        return;
    };
    let store = Store::open(&url).await.expect("connects and migrates");
    let mut listener = store.listen().await.expect("listens").expect("postgres");
    let game = unique("notice");
    let kind = StreamKind::Game;
    store
        .append(kind, &game, 0, &[ev(1)])
        .await
        .expect("creates");
    store
        .append(kind, &game, 1, &[ev(2), ev(3)])
        .await
        .expect("appends");
    // Too big for a notice: announced without its events.
    let big = NewEvent::new("move", json!({ "text": "x".repeat(10_000) }));
    store.append(kind, &game, 3, &[big]).await.expect("appends");
    let stored = store.load(kind, &game, 0).await.expect("reads");
    let mut heard = Vec::new();
    while heard.len() < 3 {
        let next = tokio::time::timeout(std::time::Duration::from_secs(10), listener.next())
            .await
            .expect("a notice within 10 s")
            .expect("listens")
            .expect("connected");
        // Other tests share the database: only this game's notices.
        if next.id == game {
            heard.push(next);
        }
    }
    assert_eq!(
        heard.iter().map(|a| a.seq).collect::<Vec<_>>(),
        vec![1, 3, 4]
    );
    assert_eq!(heard[0].events, stored[..1]);
    assert_eq!(heard[1].events, stored[1..3]);
    assert!(heard[2].events.is_empty());
}
