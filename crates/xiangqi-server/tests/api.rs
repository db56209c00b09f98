//! The API end to end: router tests with `oneshot`, and a real server on 127.0.0.1:0 for the
//! WebSocket. Run against SQLite always, and against PostgreSQL when `DATABASE_URL` names one.

use std::time::Duration;

use axum::{
    body::{Body, to_bytes},
    http::{Request, StatusCode},
};
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;
use xiangqi_server::{AppState, router};
use xiangqi_store::Store;

mod common;
use common::{
    call, get, memory_state, new_game, next_json, post, remove_db, runtime, start_server, temp_db,
    text,
};

async fn raw(state: &AppState, uri: &str, body: &'static str) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("POST")
        .uri(uri)
        .body(Body::from(body))
        .expect("request");
    let res = router(state.clone())
        .oneshot(req)
        .await
        .expect("infallible");
    let status = res.status();
    let bytes = to_bytes(res.into_body(), 1 << 20).await.expect("body");
    (
        status,
        serde_json::from_slice(&bytes).expect("errors are JSON"),
    )
}

#[tokio::test]
async fn health_openapi_and_index() {
    let state = memory_state().await;
    let (status, body) = call(&state, "GET", "/api/health", None, None).await;
    assert_eq!((status, body), (StatusCode::OK, json!({"status": "ok"})));
    let doc = get(&state, "/api/openapi.json").await;
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/api/games",
        "/api/games/{id}/moves",
        "/api/games/{id}/live",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path}");
    }
    let page = get(&state, "/").await;
    assert!(
        page.as_str()
            .is_some_and(|p| p.contains("/api/openapi.json"))
    );
    let (status, body) = call(&state, "GET", "/api/nothing", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "not_found");
}

#[tokio::test]
async fn bad_input_is_4xx_with_json_naming_the_field() {
    let state = memory_state().await;
    let (status, body) = raw(&state, "/api/games", "{not json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "bad_request");
    let (status, body) = post(&state, "/api/games", None, json!({"rules": "fide"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["field"], "rules");
    let (status, body) = post(&state, "/api/games", None, json!({"time_control": "soon"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["field"], "time_control");
    let (status, body) = post(&state, "/api/games", None, json!({"fen": "9/9 w"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["field"], "fen");
    let (status, body) = post(&state, "/api/games", None, json!({"colour": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["field"], "colour");

    let game = new_game(&state, json!({})).await;
    let id = text(&game, "id");
    let red = text(&game, "red_token");
    let black = text(&game, "black_token");
    let moves = format!("/api/games/{id}/moves");
    let (status, body) = post(&state, &moves, None, json!({"move": "h2e2"})).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNAUTHORIZED, &json!("unauthorized"))
    );
    let (status, _) = post(&state, &moves, Some("forged"), json!({"move": "h2e2"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = post(&state, &moves, Some(&black), json!({"move": "h9g7"})).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("not_your_turn"))
    );
    for bad in ["a0a5", "zz", "车九进九十", "炮二平五平"] {
        let (status, body) = post(&state, &moves, Some(&red), json!({"move": bad})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        assert_eq!(body["field"], "move");
    }
    let (status, body) = post(&state, &moves, Some(&red), json!({})).await;
    assert_eq!(
        (status, &body["field"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("move"))
    );
    let (status, body) = post(
        &state,
        &moves,
        Some(&red),
        json!({"move": "h2e2", "ply": 3}),
    )
    .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("ply_mismatch"))
    );
    let (status, _) = call(&state, "GET", "/api/games/nope", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&state, "GET", "/api/games/..%2F..", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = post(
        &state,
        &format!("/api/games/{id}/claims"),
        Some(&red),
        json!({"type": "dance"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // Fouls are the arbiter's.
    let (status, _) = post(
        &state,
        &format!("/api/games/{id}/claims"),
        Some(&red),
        json!({"type": "foul", "color": "black", "foul": {"kind": "touch"}}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// Plays a short game in three notations, with a draw offer declined and a mate, and checks the
/// view, the PGN and the stored events.
async fn short_game(state: &AppState) {
    let game = new_game(
        state,
        json!({"red": "红方", "black": "黑方", "rules": "wxf2018", "time_control": "10m+5s"}),
    )
    .await;
    let id = text(&game, "id");
    let red = text(&game, "red_token");
    let black = text(&game, "black_token");
    assert_eq!(game["game"]["status"], "playing");
    assert_eq!(game["game"]["clocks"]["running"], "red");
    let moves = format!("/api/games/{id}/moves");
    let claims = format!("/api/games/{id}/claims");
    for (ply, (token, text)) in [(&red, "炮二平五"), (&black, "H8+7"), (&red, "h0g2")]
        .into_iter()
        .enumerate()
    {
        let (status, view) = post(
            state,
            &moves,
            Some(token),
            json!({"move": text, "ply": ply}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{text}: {view}");
        assert_eq!(view["ply"], ply + 1);
    }
    // Black offers a draw in its own time, Red declines.
    let (status, _) = post(state, &claims, Some(&black), json!({"type": "draw_offer"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, view) = call(state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(
        (status, &view["draw_offer"]),
        (StatusCode::OK, &json!("black"))
    );
    let (status, _) = post(state, &claims, Some(&red), json!({"type": "draw_decline"})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, r) = post(state, &claims, Some(&red), json!({"type": "repetition"})).await;
    assert_eq!((status, &r["ruling"]), (StatusCode::OK, &Value::Null));
    // Black resigns.
    let (status, view) = post(state, &claims, Some(&black), json!({"type": "resign"})).await;
    assert_eq!(status, StatusCode::OK);
    let view = &view["game"];
    assert_eq!(view["status"], "ended");
    assert_eq!(view["result"], "1-0");
    assert_eq!(view["termination"], "resignation");
    assert_eq!(
        view["moves"][0],
        json!({"ply": 1, "color": "red", "iccs": "h2e2", "wxf": "C2=5", "chinese": "炮二平五"})
    );
    assert_eq!(view["moves"][1]["iccs"], "h9g7");
    assert_eq!(view["moves"][1]["chinese"], "马8进7");
    assert!(view["clocks"]["red"]["remaining_ms"].as_u64().is_some());
    let (status, body) = post(state, &moves, Some(&black), json!({"move": "c9e7"})).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("game_over"))
    );

    let pgn = get(state, &format!("/api/games/{id}/pgn")).await;
    let pgn = pgn.as_str().expect("text").to_owned();
    assert!(
        pgn.contains("[Red \"红方\"]") && pgn.contains("[Result \"1-0\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("炮二平五"), "{pgn}");
    let (_, pgn) = call(
        state,
        "GET",
        &format!("/api/games/{id}/pgn?notation=iccs"),
        None,
        None,
    )
    .await;
    let pgn = pgn.as_str().expect("text").to_ascii_lowercase();
    assert!(pgn.contains("h2-e2") || pgn.contains("h2e2"), "{pgn}");

    let events = get(state, &format!("/api/games/{id}/events")).await;
    let types: Vec<&str> = events["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter_map(|e| e["type"].as_str())
        .collect();
    assert_eq!(types.first(), Some(&"game_created"));
    assert!(
        types.contains(&"move_time") && types.contains(&"resigned") && types.contains(&"ended"),
        "{types:?}"
    );
    assert!(
        !events.to_string().contains("token"),
        "token hashes stay inside"
    );

    // A mate from a set position.
    let game = new_game(
        state,
        json!({"fen": "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"}),
    )
    .await;
    let (status, view) = post(
        state,
        &format!("/api/games/{}/moves", text(&game, "id")),
        Some(&text(&game, "red_token")),
        json!({"move": "b0b9"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (&view["result"], &view["termination"]),
        (&json!("1-0"), &json!("checkmate"))
    );
    assert_eq!(view["clocks"], Value::Null);
}

#[tokio::test]
async fn a_short_game_through_the_api() {
    short_game(&memory_state().await).await;
}

#[tokio::test]
async fn a_short_game_on_postgres() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("DATABASE_URL is not set: PostgreSQL test skipped");
        return;
    };
    if !url.starts_with("postgres") {
        return;
    }
    short_game(&AppState::new(Store::open(&url).await.expect("connects"))).await;
}

#[tokio::test]
async fn games_survive_a_restart() {
    let path = temp_db("restart");
    let url = path.to_str().expect("utf-8").to_owned();
    let (id, red) = {
        let state = AppState::new(Store::open(&url).await.expect("opens"));
        let game = new_game(&state, json!({"time_control": "5m"})).await;
        let id = text(&game, "id");
        let red = text(&game, "red_token");
        let (status, _) = post(
            &state,
            &format!("/api/games/{id}/moves"),
            Some(&red),
            json!({"move": "h2e2"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        (id, red)
    };
    let state = AppState::new(Store::open(&url).await.expect("reopens"));
    let view = get(&state, &format!("/api/games/{id}")).await;
    assert_eq!(view["ply"], 1);
    assert_eq!(view["clocks"]["running"], "black");
    // The old tokens still hold: Black's turn, so Red is refused for the turn, not the token.
    let (status, body) = post(
        &state,
        &format!("/api/games/{id}/moves"),
        Some(&red),
        json!({"move": "h0g2"}),
    )
    .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("not_your_turn"))
    );
    remove_db(&url);
}

#[tokio::test]
async fn watchers_see_every_move_live() {
    let state = memory_state().await;
    let addr = start_server(state.clone()).await;

    // Plain HTTP on the real socket.
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    tcp.write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .expect("writes");
    let mut reply = String::new();
    tcp.read_to_string(&mut reply).await.expect("reads");
    assert!(
        reply.starts_with("HTTP/1.1 200") && reply.ends_with("{\"status\":\"ok\"}"),
        "{reply}"
    );

    let game = new_game(&state, json!({"time_control": "10m"})).await;
    let id = text(&game, "id");
    let red = text(&game, "red_token");
    let black = text(&game, "black_token");
    let url = format!("ws://{addr}/api/games/{id}/live");
    let (mut spectator, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("connects");
    let (mut player, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("connects");
    assert_eq!(next_json(&mut spectator).await["type"], "state");
    assert_eq!(next_json(&mut player).await["game"]["ply"], 0);

    // A move over HTTP reaches both.
    let (status, _) = post(
        &state,
        &format!("/api/games/{id}/moves"),
        Some(&red),
        json!({"move": "h2e2", "ply": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    for ws in [&mut spectator, &mut player] {
        let update = next_json(ws).await;
        assert_eq!(update["type"], "update");
        assert_eq!(
            update["events"][1],
            json!({"type": "move", "color": "red", "iccs": "h2e2"})
        );
        // Only what changed: the new move and the fields that follow it, not the whole game.
        assert_eq!(
            update["moves"].as_array().map(Vec::len),
            Some(1),
            "{update}"
        );
        assert_eq!(update["moves"][0]["chinese"], "炮二平五");
        assert_eq!(update["changes"]["ply"], 1);
        assert_eq!(update["changes"]["turn"], "black");
        assert!(update["changes"]["clocks"]["red"]["remaining_ms"].is_u64());
        assert!(update.get("game").is_none(), "{update}");
        assert!(update["changes"].get("moves").is_none(), "{update}");
        assert!(update["changes"].get("players").is_none(), "{update}");
    }
    // A move over the WebSocket reaches both.
    let cmd = json!({"type": "move", "token": black, "move": "马8进7", "ply": 1});
    player
        .send(Message::Text(cmd.to_string().into()))
        .await
        .expect("sends");
    for ws in [&mut spectator, &mut player] {
        let update = next_json(ws).await;
        assert_eq!(update["changes"]["ply"], 2);
        assert_eq!(
            update["moves"].as_array().map(Vec::len),
            Some(1),
            "{update}"
        );
        assert_eq!(update["moves"][0]["ply"], 2);
        assert_eq!(update["moves"][0]["wxf"], "H8+7");
    }
    // A bad command is answered to its sender only.
    let bad = json!({"type": "move", "token": black, "move": "h9g7", "ply": 2});
    player
        .send(Message::Text(bad.to_string().into()))
        .await
        .expect("sends");
    let err = next_json(&mut player).await;
    assert_eq!(
        (&err["type"], &err["error"]),
        (&json!("error"), &json!("not_your_turn"))
    );
    player
        .send(Message::Text("nonsense".into()))
        .await
        .expect("sends");
    assert_eq!(next_json(&mut player).await["status"], 400);

    // An unknown game is a 404 before any upgrade.
    assert!(
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/none/live"))
            .await
            .is_err()
    );
}

#[tokio::test]
async fn a_flag_falls_when_nobody_moves() {
    let state = memory_state().await;
    let addr = start_server(state.clone()).await;
    let game = new_game(&state, json!({"time_control": "1s"})).await;
    let id = text(&game, "id");
    let (mut watcher, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/live"))
            .await
            .expect("connects");
    assert_eq!(next_json(&mut watcher).await["type"], "state");
    // Nobody moves: the server's timer makes Red's flag fall after a second.
    let update = next_json(&mut watcher).await;
    assert_eq!(update["changes"]["termination"], "time_forfeit", "{update}");
    assert_eq!(update["changes"]["result"], "0-1");
    assert_eq!(update["moves"], json!([]));
    assert!(
        update["events"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["type"] == "flag_fell"))
    );
    let (_, view) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(view["clocks"]["red"]["remaining_ms"], 0);
}

/// The store keeps each running clock's deadline, written with the move that set it, and
/// forgets it when the clock stops or the game ends.
#[tokio::test]
async fn deadlines_are_stored_with_the_writes() {
    use xiangqi_store::{EventStore, StreamKind};
    let store = Store::open("sqlite::memory:").await.expect("opens");
    let state = AppState::new(store.clone());
    let due = |store: Store| async move {
        store
            .due(StreamKind::Game, u64::MAX)
            .await
            .expect("lists")
            .into_iter()
            .map(|d| (d.id, d.deadline_ms))
            .collect::<Vec<_>>()
    };
    let timed = new_game(&state, json!({"time_control": "10m+5s"})).await;
    let untimed = new_game(&state, json!({})).await;
    let id = text(&timed, "id");
    let (_, view) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    let first = view["clocks"]["deadline_ms"].as_u64().expect("a deadline");
    // The untimed game has none.
    assert_eq!(due(store.clone()).await, vec![(id.clone(), first)]);
    assert!(!text(&untimed, "id").is_empty());

    let (status, view) = post(
        &state,
        &format!("/api/games/{id}/moves"),
        Some(&text(&timed, "red_token")),
        json!({"move": "h2e2", "ply": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let second = view["clocks"]["deadline_ms"].as_u64().expect("a deadline");
    assert_ne!(first, second);
    assert_eq!(due(store.clone()).await, vec![(id.clone(), second)]);

    // The arbiter stops the clock: nothing is due; resumed, it is again.
    let arbiter = text(&timed, "arbiter_token");
    let claims = format!("/api/games/{id}/claims");
    let (status, _) = post(
        &state,
        &claims,
        Some(&arbiter),
        json!({"type": "clock_stop"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(due(store.clone()).await.is_empty());
    let (status, _) = post(
        &state,
        &claims,
        Some(&arbiter),
        json!({"type": "clock_resume"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(due(store.clone()).await.len(), 1);

    // Over: nothing left to enforce, and nothing to resume after a restart.
    let (status, _) = post(
        &state,
        &claims,
        Some(&text(&timed, "black_token")),
        json!({"type": "resign"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(due(store.clone()).await.is_empty());
    assert_eq!(state.games().resume_clocks().await.expect("resumes"), 0);

    // Rows as the migration writes them for older games (due at 0) are corrected at start-up:
    // the finished game's removed, the running one's set to its true deadline.
    let running = text(
        &new_game(&state, json!({"time_control": "10m"})).await,
        "id",
    );
    let (_, view) = call(&state, "GET", &format!("/api/games/{running}"), None, None).await;
    let real = view["clocks"]["deadline_ms"].as_u64().expect("a deadline");
    for game in [&id, &running] {
        let seq = store.last_seq(StreamKind::Game, game).await.expect("reads");
        store
            .set_deadline(StreamKind::Game, game, seq, xiangqi_store::Deadline::At(0))
            .await
            .expect("sets");
    }
    assert_eq!(due(store.clone()).await.len(), 2);
    assert_eq!(state.games().resume_clocks().await.expect("resumes"), 1);
    assert_eq!(due(store.clone()).await, vec![(running, real)]);
}

/// The first server "crashes" (its runtime, with its timers, is dropped); the second restarts
/// the clocks from the stored events and the flag falls with nobody looking.
#[test]
fn flags_fall_after_a_restart_with_nobody_looking() {
    let path = temp_db("flag");
    let url = path.to_str().expect("utf-8").to_owned();
    // `late`'s flag falls while the server is down; `id`'s after the restart. `id` has three
    // seconds, so a slow machine (CI runs test binaries side by side) still restarts in time.
    let start = |url: String, control: &'static str| {
        runtime().block_on(async move {
            let state = AppState::new(Store::open(&url).await.expect("opens"));
            text(
                &new_game(&state, json!({"time_control": control})).await,
                "id",
            )
        })
    };
    let late = start(url.clone(), "1s");
    std::thread::sleep(Duration::from_millis(1100));
    let id = start(url.clone(), "3s");
    runtime().block_on(async {
        let store = Store::open(&url).await.expect("reopens");
        let state = AppState::new(store.clone());
        // `late` was due: its flag falls at once, so only `id`'s clock still runs.
        assert_eq!(state.games().resume_clocks().await.expect("resumes"), 1);
        let flagged = |id: String| {
            let store = store.clone();
            async move {
                let events = xiangqi_store::EventStore::load(
                    &store,
                    xiangqi_store::StreamKind::Game,
                    &id,
                    0,
                )
                .await
                .expect("reads");
                events.iter().any(|e| e.event_type == "flag_fell")
                    && events.last().map(|e| e.event_type.as_str()) == Some("ended")
            }
        };
        assert!(flagged(late.clone()).await);
        assert!(!flagged(id.clone()).await);
        tokio::time::sleep(Duration::from_millis(3500)).await;
        assert!(flagged(id.clone()).await);
        let due = xiangqi_store::EventStore::due(&store, xiangqi_store::StreamKind::Game, u64::MAX)
            .await
            .expect("lists");
        assert!(due.is_empty(), "{due:?}");
    });
    remove_db(&url);
}

/// A claim made on a replica that then dies: its timer dies with it, and the replica that
/// still holds the game knows nothing of the write (SQLite tells no one). The deadline sweep
/// finds the stored deadline, refreshes the stale copy and makes the flag fall.
#[test]
fn the_deadline_sweep_catches_a_flag_no_timer_was_set_for() {
    use xiangqi_server::Claim;
    let path = temp_db("sweep");
    let url = path.to_str().expect("utf-8").to_owned();
    let a_runtime = runtime();
    let a = a_runtime.block_on(async { AppState::new(Store::open(&url).await.expect("opens")) });
    // Replica A creates a one-second game and its arbiter stops the clock: A sets no timer.
    let game = a_runtime.block_on(async {
        let game = new_game(&a, json!({"time_control": "1s"})).await;
        let stop = a
            .games()
            .claim(
                &text(&game, "id"),
                Some(&text(&game, "arbiter_token")),
                Claim::ClockStop,
            )
            .await;
        assert!(stop.is_ok(), "{stop:?}");
        game
    });
    let id = text(&game, "id");
    // Replica B restarts the clock (setting its own timer and the stored deadline), then dies.
    runtime().block_on(async {
        let b = AppState::new(Store::open(&url).await.expect("opens"));
        let resume = b
            .games()
            .claim(&id, Some(&text(&game, "arbiter_token")), Claim::ClockResume)
            .await;
        assert!(resume.is_ok(), "{resume:?}");
    });
    a_runtime.block_on(async {
        let flagged = || async {
            let events = xiangqi_store::EventStore::load(
                a.games().store(),
                xiangqi_store::StreamKind::Game,
                &id,
                0,
            )
            .await
            .expect("reads");
            events.iter().any(|e| e.event_type == "flag_fell")
        };
        // A's copy still has the clock stopped: without the sweep nothing would happen.
        tokio::time::sleep(Duration::from_millis(1300)).await;
        assert!(!flagged().await, "no timer should have run");
        tokio::spawn(std::sync::Arc::clone(a.games()).housekeeping(Duration::from_millis(100)));
        let mut waited = 0;
        while !flagged().await {
            assert!(waited < 50, "the sweep did not make the flag fall");
            tokio::time::sleep(Duration::from_millis(100)).await;
            waited += 1;
        }
        // A now holds the current game.
        let (_, view) = call(&a, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(view["termination"], "time_forfeit", "{view}");
        assert_eq!(view["result"], "0-1");
    });
    remove_db(&url);
}

/// Games leave memory when finished and idle, or idle long enough, but never while watched;
/// they come back from their events on demand, and an evicted game's flag still falls.
#[tokio::test]
async fn idle_games_are_evicted_and_reloaded() {
    let state = memory_state().await;
    let games = state.games();
    let over = new_game(&state, json!({})).await;
    let running = new_game(&state, json!({})).await;
    let watched = new_game(&state, json!({})).await;
    let (status, _) = post(
        &state,
        &format!("/api/games/{}/moves", text(&running, "id")),
        Some(&text(&running, "red_token")),
        json!({"move": "h2e2", "ply": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = post(
        &state,
        &format!("/api/games/{}/claims", text(&over, "id")),
        Some(&text(&over, "red_token")),
        json!({"type": "resign"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (rx, _) = games
        .subscribe(&text(&watched, "id"))
        .await
        .expect("watches");
    assert_eq!(games.held(), 3);

    let hour = Duration::from_secs(3600);
    // Only the finished game goes when unfinished ones may idle an hour.
    assert_eq!(games.evict(Duration::ZERO, hour), 1);
    assert_eq!(games.evict(hour, hour), 0);
    // Then the running one; the watched one stays.
    assert_eq!(games.evict(Duration::ZERO, Duration::ZERO), 1);
    assert_eq!(games.held(), 1);

    // Both come back from their events as they were.
    let (_, view) = call(
        &state,
        "GET",
        &format!("/api/games/{}", text(&over, "id")),
        None,
        None,
    )
    .await;
    assert_eq!(view["result"], "0-1", "{view}");
    let (_, view) = call(
        &state,
        "GET",
        &format!("/api/games/{}", text(&running, "id")),
        None,
        None,
    )
    .await;
    assert_eq!(view["ply"], 1, "{view}");
    assert_eq!(view["moves"][0]["chinese"], "炮二平五");
    assert_eq!(games.held(), 3);
    drop(rx);
    assert_eq!(games.evict(Duration::ZERO, Duration::ZERO), 3);
    assert_eq!(games.held(), 0);

    // A timed game evicted at once loses its timer; the sweep still makes its flag fall.
    let timed = new_game(&state, json!({"time_control": "1s"})).await;
    assert_eq!(games.evict(Duration::ZERO, Duration::ZERO), 1);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(games.held(), 0, "no timer should have reloaded it");
    assert_eq!(games.sweep().await.expect("sweeps"), 1);
    let events = xiangqi_store::EventStore::load(
        games.store(),
        xiangqi_store::StreamKind::Game,
        &text(&timed, "id"),
        0,
    )
    .await
    .expect("reads");
    assert!(events.iter().any(|e| e.event_type == "flag_fell"));
    // Nothing is due any more.
    assert_eq!(games.sweep().await.expect("sweeps"), 0);
}

/// Every operation of the OpenAPI document reaches a handler: none falls to the router's
/// fallback (`page not found`) or is refused for its method.
#[tokio::test]
async fn every_documented_operation_is_routed() {
    let state = memory_state().await;
    let doc = get(&state, "/api/openapi.json").await;
    let (st, fallback) = call(&state, "GET", "/api/no-such-route", None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let paths = doc["paths"].as_object().expect("paths");
    let mut operations = 0;
    for (path, item) in paths {
        // Path parameters: `1` is a number, an id and a round alike.
        let uri: String = path
            .split('/')
            .map(|s| if s.starts_with('{') { "1" } else { s })
            .collect::<Vec<_>>()
            .join("/");
        for method in item.as_object().expect("a path item").keys() {
            let (st, body) = call(&state, &method.to_uppercase(), &uri, None, None).await;
            assert_ne!(st, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
            assert_ne!(body, fallback, "{method} {path} is not routed");
            operations += 1;
        }
    }
    assert!(operations >= 51, "{operations} operations");
}

/// What schema-driven testing found, answered as the document says.
#[tokio::test]
async fn refusals_are_json_and_what_the_schema_allows_is_accepted() {
    let state = memory_state().await;
    // A query parameter given twice: a 400 naming it, in the JSON shape.
    let game = new_game(&state, json!({})).await;
    let id = text(&game, "id");
    let (st, b) = call(
        &state,
        "GET",
        &format!("/api/games/{id}/pgn?notation=wxf&notation=iccs"),
        None,
        None,
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["field"], "notation");
    // A query value that does not fit: 422, JSON.
    let (st, b) = call(
        &state,
        "GET",
        &format!("/api/games/{id}/diagram.svg?ply=x"),
        None,
        None,
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["error"], "invalid");
    // A ply the game has not reached has no diagram.
    let (st, _) = call(
        &state,
        "GET",
        &format!("/api/games/{id}/diagram.svg?ply=3"),
        None,
        None,
    )
    .await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    // `null` for an optional body is no body: a standard game.
    let (st, b) = raw(&state, "/api/games", "null").await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    // An Authorization header that is not `Bearer <token>` is no credential: 401.
    let req = Request::builder()
        .method("POST")
        .uri(format!("/api/games/{id}/moves"))
        .header("Authorization", "Basic eDp5")
        .body(Body::from(r#"{"move":"h2e2"}"#))
        .expect("request");
    let res = router(state.clone())
        .oneshot(req)
        .await
        .expect("infallible");
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // A plain GET of the WebSocket: 426, JSON.
    let (st, b) = call(&state, "GET", &format!("/api/games/{id}/live"), None, None).await;
    assert_eq!(st, StatusCode::UPGRADE_REQUIRED, "{b}");
    assert_eq!(b["error"], "upgrade_required");
    // A whole number written with a fraction is the integer.
    let (st, b) = post(
        &state,
        &format!("/api/games/{id}/moves"),
        None,
        json!({"move": "h2e2", "ply": 0.0, "token": text(&game, "red_token")}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    // The document's links use OpenAPI's names for their fields.
    let doc = get(&state, "/api/openapi.json").await;
    let link = &doc["paths"]["/api/games"]["post"]["responses"]["201"]["links"]["red_moves"];
    assert_eq!(link["operationId"], "play");
    assert_eq!(link["requestBody"]["token"], "$response.body#/red_token");
}
