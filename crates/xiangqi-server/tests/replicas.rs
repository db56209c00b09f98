//! Two replicas on one PostgreSQL (DESIGN, "Scaling out"): a move made on one reaches the
//! watchers connected to the other through LISTEN/NOTIFY. Skipped without `DATABASE_URL`.

use axum::http::StatusCode;
use serde_json::json;
use xiangqi_server::AppState;
use xiangqi_store::Store;

mod common;
use common::{next_json, post, start_server};

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
