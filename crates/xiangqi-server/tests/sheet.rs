//! The score sheet (CXA 9; WXF 12.6) and the appeals log (WXF 12.4) through the API.

use axum::http::StatusCode;
use serde_json::json;
use xiangqi_server::AppState;
use xiangqi_store::Store;

mod common;
use common::{call, new_game, post, temp_db, text};

#[tokio::test]
async fn both_players_and_the_arbiter_sign_and_appeals_are_logged() {
    let path = temp_db("sheet");
    let url = path.to_string_lossy().into_owned();
    let state = AppState::new(Store::open(&url).await.expect("opens"));
    // WXF 2018, whose art. 12.4 gives two hours to appeal (CXA 2011 sets no window).
    let g = new_game(
        &state,
        json!({"time_control": "10m+5s", "rules": "wxf2018"}),
    )
    .await;
    let id = text(&g, "id");
    let (red, black, arbiter) = (
        text(&g, "red_token"),
        text(&g, "black_token"),
        text(&g, "arbiter_token"),
    );
    let sign = format!("/api/games/{id}/signatures");
    let appeal = format!("/api/games/{id}/appeals");

    // Not before the end.
    let (st, b) = call(&state, "POST", &sign, Some(&red), None).await;
    assert_eq!(
        (st, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_not_over"))
    );
    // An appeal during the game is logged with its ply.
    let (st, b) = post(
        &state,
        &appeal,
        Some(&black),
        json!({"text": "the clock was not started"}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    assert_eq!(b["game"]["appeals"][0]["ply"], 0);

    let (st, b) = post(
        &state,
        &format!("/api/games/{id}/claims"),
        Some(&red),
        json!({"type": "resign"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["game"]["result"], "0-1");
    assert!(b["game"]["appeal_deadline_ms"].as_u64() > b["game"]["ended_at_ms"].as_u64());

    // Without a token, with a stranger's, or disputing the result: refused.
    let (st, b) = call(&state, "POST", &sign, None, None).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED, "{b}");
    let (st, b) = call(&state, "POST", &sign, Some("nobody"), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{b}");
    let (st, b) = post(&state, &sign, Some(&red), json!({"result": "1-0"})).await;
    assert_eq!(
        (st, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("result_disputed"))
    );
    let (st, b) = post(
        &state,
        &sign,
        Some(&red),
        json!({"result": "0-1", "extra": 1}),
    )
    .await;
    assert_eq!(
        (st, b["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("extra"))
    );

    let (st, b) = post(&state, &sign, Some(&red), json!({"result": "0-1"})).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    let sheet = &b["game"]["score_sheet"];
    assert_eq!(sheet["red"]["result"], "0-1");
    assert!(sheet["red"]["red_used_ms"].is_u64(), "{sheet}");
    assert_eq!(sheet["complete"], false);
    let (st, b) = call(&state, "POST", &sign, Some(&red), None).await;
    assert_eq!(
        (st, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("already_signed"))
    );
    for t in [&black, &arbiter] {
        let (st, b) = call(&state, "POST", &sign, Some(t), None).await;
        assert_eq!(st, StatusCode::CREATED, "{b}");
    }

    // Appeals: players only, with a text.
    let (st, b) = post(&state, &appeal, Some(&arbiter), json!({"text": "x"})).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{b}");
    let (st, b) = post(&state, &appeal, Some(&red), json!({"text": "  "})).await;
    assert_eq!(
        (st, b["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("text"))
    );
    let (st, b) = post(&state, &appeal, Some(&red), json!({})).await;
    assert_eq!(
        (st, b["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("text"))
    );
    let (st, b) = post(
        &state,
        &appeal,
        Some(&red),
        json!({"text": "black touched two pieces"}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    assert!(b["game"]["appeals"][1]["at_ms"].is_u64());

    // Rebuilt from the events by a new process.
    let again = AppState::new(Store::open(&url).await.expect("reopens"));
    let (_, g) = call(&again, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(g["score_sheet"]["complete"], true, "{g}");
    assert_eq!(g["appeals"].as_array().map(Vec::len), Some(2));
    assert!(g["ended_at_ms"].is_u64());
    let (_, pgn) = call(
        &again,
        "GET",
        &format!("/api/games/{id}/events"),
        None,
        None,
    )
    .await;
    assert!(
        pgn["events"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["type"] == "score_sheet_signed"))
    );
    let _ = std::fs::remove_file(&path);
}
