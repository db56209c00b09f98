//! `GET /api/games/{id}/diagram.svg?ply=N`, and moves in the WXF 2018 book's forms.

use axum::http::{StatusCode, header};
use serde_json::json;

mod common;
use common::{memory_state, new_game, post, send, text};

#[tokio::test]
async fn a_games_diagram_at_a_ply() {
    let state = memory_state().await;
    let game = new_game(&state, json!({})).await;
    let id = text(&game, "id");
    let moves = format!("/api/games/{id}/moves");
    // WXF 2018 art. 7.2 and 7.3: the international and short forms are moves too.
    for (ply, (token, move_text)) in [("red_token", "炮 2=5"), ("black_token", "马 87")]
        .into_iter()
        .enumerate()
    {
        let token = text(&game, token);
        let (status, view) = post(
            &state,
            &moves,
            Some(&token),
            json!({"move": move_text, "ply": ply}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{move_text}: {view}");
    }
    let svg = |ply: &str| {
        let uri = format!("/api/games/{id}/diagram.svg{ply}");
        let state = state.clone();
        async move { send(&state, "GET", &uri, None, "", String::new()).await }
    };
    let at1 = svg("?ply=1").await;
    assert_eq!(at1.status, StatusCode::OK);
    assert_eq!(
        at1.headers[header::CONTENT_TYPE],
        "image/svg+xml; charset=utf-8"
    );
    // After 炮二平五 the cannon is on e2 and its move is shaded; Black's horse has not moved.
    assert!(at1.text.contains(r#"data-piece="C" data-square="e2""#));
    assert!(at1.text.contains(r#"class="xq-last" data-square="h2""#));
    assert!(at1.text.contains(r#"data-piece="n" data-square="h9""#));
    let last = svg("").await;
    assert!(last.text.contains(r#"data-piece="n" data-square="g7""#));
    assert!(!svg("?ply=0").await.text.contains("xq-last"));
    // A ply the game has not reached has no diagram; a ply that is not a number is refused.
    assert_eq!(svg("?ply=3").await.status, StatusCode::NOT_FOUND);
    assert_eq!(svg("?ply=x").await.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Any ply the document allows (a 32-bit integer, and beyond up to 2^32 − 1) is answered,
    // not refused (schemathesis sent 2^31 and more).
    for far in ["2147483647", "2147483648", "4294967295"] {
        assert_eq!(
            svg(&format!("?ply={far}")).await.status,
            StatusCode::NOT_FOUND,
            "{far}"
        );
    }
    let missing = send(
        &state,
        "GET",
        "/api/games/nope/diagram.svg",
        None,
        "",
        String::new(),
    )
    .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}
