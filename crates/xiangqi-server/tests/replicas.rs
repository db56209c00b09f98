//! Two replicas on one PostgreSQL (DESIGN, "Scaling out"): a move made on one reaches the
//! watchers connected to the other through LISTEN/NOTIFY. Skipped without `DATABASE_URL`.

use axum::http::StatusCode;
use serde_json::json;
use xiangqi_server::AppState;
use xiangqi_store::Store;

mod common;
use common::{get, next_json, post, start_server};

#[tokio::test]
async fn a_move_on_one_replica_reaches_the_watchers_of_another() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("DATABASE_URL is not set: PostgreSQL test skipped");
        return;
    };
    let a = AppState::new(Store::open(&url).await.expect("opens"));
    let b = AppState::new(Store::open(&url).await.expect("opens"));
    let _addr_a = start_server(a.clone()).await;
    let addr_b = start_server(b.clone()).await;

    let (st, game) = post(&a, "/api/games", None, json!({"time_control": "10m+5s"})).await;
    assert_eq!(st, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().expect("id").to_owned();
    let red = game["red_token"].as_str().expect("red").to_owned();
    let black = game["black_token"].as_str().expect("black").to_owned();

    // A spectator on replica B (which loads the game from the store).
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr_b}/api/games/{id}/live"))
            .await
            .expect("connects");
    assert_eq!(next_json(&mut ws).await["game"]["ply"], 0);

    // Red moves on A: B's spectator sees it.
    let (st, body) = post(
        &a,
        &format!("/api/games/{id}/moves"),
        Some(&red),
        json!({"move": "h2e2", "ply": 0}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let update = next_json(&mut ws).await;
    assert_eq!(update["type"], "update", "{update}");
    assert_eq!(update["changes"]["ply"], 1);
    assert_eq!(update["moves"][0]["chinese"], "炮二平五");
    assert!(
        update["events"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["type"] == "move"))
    );

    // Black answers on B, whose copy is current: no conflict.
    let (st, body) = post(
        &b,
        &format!("/api/games/{id}/moves"),
        Some(&black),
        json!({"move": "h9g7", "ply": 1}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(next_json(&mut ws).await["changes"]["ply"], 2);
    // And red again on A, which heard of black's move.
    let (st, body) = post(
        &a,
        &format!("/api/games/{id}/moves"),
        Some(&red),
        json!({"move": "h0g2", "ply": 2}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(next_json(&mut ws).await["changes"]["ply"], 3);
    // A resignation on A reaches B too.
    let (st, body) = post(
        &a,
        &format!("/api/games/{id}/claims"),
        Some(&black),
        json!({"type": "resign"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let update = next_json(&mut ws).await;
    assert_eq!(update["changes"]["result"], "1-0", "{update}");
}

/// A replica whose copy of a game is older than the store (it hears no notices here: it is
/// not served, so it does not listen) still takes the moves that are legal in the stored game:
/// one its copy refuses (the other side's turn there) and one its copy would take but cannot
/// write (the append is conditional on the log's length) are both tried again on the stored
/// game. A refused move is refused for the stored game's reason, not the stale copy's.
#[tokio::test]
async fn a_replica_with_a_stale_copy_plays_on_the_stored_game() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("DATABASE_URL is not set: PostgreSQL test skipped");
        return;
    };
    let a = AppState::new(Store::open(&url).await.expect("opens"));
    let b = AppState::new(Store::open(&url).await.expect("opens"));
    let game = common::new_game(&a, json!({"time_control": "10m+5s"})).await;
    let id = game["id"].as_str().expect("id").to_owned();
    let red = game["red_token"].as_str().expect("red").to_owned();
    let black = game["black_token"].as_str().expect("black").to_owned();
    let moves = format!("/api/games/{id}/moves");
    let play = |state: &AppState, token: &str, m: &str| {
        let (state, token, body) = (state.clone(), token.to_owned(), json!({ "move": m }));
        let moves = moves.clone();
        async move { post(&state, &moves, Some(&token), body).await }
    };

    // B reads the game and plays red's first move: its copy is at ply 1.
    let (st, body) = play(&b, &red, "h2e2").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    // Black answers on A; B does not hear of it.
    let (st, body) = play(&a, &black, "h9g7").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    // Red on B: its copy says it is black's turn, the store says red's.
    let (st, body) = play(&b, &red, "h0g2").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["ply"], 3, "{body}");

    // Two more plies on A; B's copy (ply 3, black to move) is stale again.
    let (st, body) = play(&a, &black, "b9c7").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (st, body) = play(&a, &red, "i0h0").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    // Black on B: its copy takes the move (black to move there too) but cannot append it.
    let (st, body) = play(&b, &black, "i9h9").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["ply"], 6, "{body}");
    // A third replica reads the game from the store: the move was written once.
    let c = AppState::new(Store::open(&url).await.expect("opens"));
    let stored = get(&c, &format!("/api/games/{id}")).await;
    assert_eq!(stored["ply"], 6, "{stored}");
    assert_eq!(stored["moves"][5]["iccs"], "i9h9", "{stored}");

    // Red moves on A; on B's copy it is still red's turn (409), but in the stored game black's
    // rook move is refused as illegal (its own cannon stands in the way: 422).
    let (st, body) = play(&a, &red, "h0h1").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (st, body) = play(&b, &black, "h9h0").await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // Two more plies on A. On B's copy black's pawn is still on c6, so c5–c4 moves no piece
    // there (illegal: 422 on that copy); in the stored game the pawn stands on c5 and may go.
    let (st, body) = play(&a, &black, "c6c5").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (st, body) = play(&a, &red, "a3a4").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    let (st, body) = play(&b, &black, "c5c4").await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["ply"], 10, "{body}");
    // A move that no copy can read is refused without a second try, for its length.
    let long = "x".repeat(65);
    let (st, body) = play(&b, &red, &long).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.to_string().contains("at most 64 bytes"), "{body}");
}
