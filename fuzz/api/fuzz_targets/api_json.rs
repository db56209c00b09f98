//! The API's JSON bodies: whatever bytes a client posts to a route that takes a body, the
//! server answers with a status below 500 and never panics (a body that is not JSON is a 400,
//! one that does not fit is a 422 naming the field, one that fits is ruled on its merits).
//! The first byte picks the route; the rest is the body.

#![no_main]

use std::sync::OnceLock;

use axum::{
    body::Body,
    http::{Request, header},
};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt as _;
use xiangqi_server::AppState;
use xiangqi_store::Store;

/// The routes that read a JSON body (with a game, tournament or team that exists).
const ROUTES: &[&str] = &[
    "/api/games",
    "/api/games/{game}/moves",
    "/api/games/{game}/claims",
    "/api/games/{game}/signatures",
    "/api/games/{game}/appeals",
    "/api/tournaments",
    "/api/teams",
    "/api/accounts",
    "/api/sessions",
    "/api/touch",
    "/api/records/parse",
];

struct Fixture {
    runtime: tokio::runtime::Runtime,
    state: AppState,
    game: String,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let (state, game) = runtime.block_on(async {
            let store = Store::open("sqlite::memory:").await.expect("a store");
            let state = AppState::new(store);
            let reply = xiangqi_server::router(state.clone())
                .oneshot(
                    Request::post("/api/games")
                        .header(header::CONTENT_TYPE, "application/json")
                        .body(Body::from("{}"))
                        .expect("a request"),
                )
                .await
                .expect("an answer");
            let bytes = axum::body::to_bytes(reply.into_body(), usize::MAX)
                .await
                .expect("a body");
            let game: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
            (state, game["id"].as_str().unwrap_or_default().to_owned())
        });
        Fixture {
            runtime,
            state,
            game,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let f = fixture();
    let route = ROUTES[usize::from(pick) % ROUTES.len()].replace("{game}", &f.game);
    let request = Request::post(route)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let status = f.runtime.block_on(async {
        xiangqi_server::router(f.state.clone())
            .oneshot(request)
            .await
            .expect("an answer")
            .status()
    });
    assert!(status.as_u16() < 500, "{status} for {:?}", String::from_utf8_lossy(body));
});
