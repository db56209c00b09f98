//! The arbiter's procedures at the table through `POST /api/games/{id}/claims` (issue 18):
//! touch-move, adjournment (adjourn, seal, resume), error correction, colours swapped, a
//! declared result, a count of moves, the nine-round claim; for each, who may make it and who
//! may not, and that the game replays the same from the store.

use axum::http::StatusCode;
use serde_json::{Value, json};
use xiangqi_server::AppState;
use xiangqi_store::{EventStore, NewEvent, Store, StreamKind};

mod common;
use common::{get, memory_state, new_game, post, remove_db, temp_db, text};

/// A game's id and its red, black and arbiter tokens.
struct Table {
    id: String,
    red: String,
    black: String,
    arbiter: String,
}

async fn table(state: &AppState, body: Value) -> Table {
    let g = new_game(state, body).await;
    Table {
        id: text(&g, "id"),
        red: text(&g, "red_token"),
        black: text(&g, "black_token"),
        arbiter: text(&g, "arbiter_token"),
    }
}

impl Table {
    async fn claim(
        &self,
        state: &AppState,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        post(
            state,
            &format!("/api/games/{}/claims", self.id),
            token,
            body,
        )
        .await
    }

    async fn play(&self, state: &AppState, token: &str, mv: &str) -> (StatusCode, Value) {
        post(
            state,
            &format!("/api/games/{}/moves", self.id),
            Some(token),
            json!({"move": mv}),
        )
        .await
    }

    async fn view(&self, state: &AppState) -> Value {
        get(state, &format!("/api/games/{}", self.id)).await
    }

    /// Plays `moves` alternately, Red first.
    async fn line(&self, state: &AppState, moves: &[&str]) {
        for (i, m) in moves.iter().enumerate() {
            let token = if i % 2 == 0 { &self.red } else { &self.black };
            let (st, b) = self.play(state, token, m).await;
            assert_eq!(st, StatusCode::OK, "{m}: {b}");
        }
    }

    /// The claim is refused to each of `tokens` (and to a stranger and to nobody).
    async fn refused_to(&self, state: &AppState, body: Value, tokens: &[(&str, StatusCode)]) {
        for (token, want) in tokens {
            let (st, b) = self.claim(state, Some(token), body.clone()).await;
            assert_eq!(st, *want, "{body} by {token}: {b}");
        }
        let (st, _) = self.claim(state, Some("stranger"), body.clone()).await;
        assert_eq!(st, StatusCode::FORBIDDEN, "{body} by a stranger");
        let (st, _) = self.claim(state, None, body.clone()).await;
        assert_eq!(st, StatusCode::UNAUTHORIZED, "{body} by nobody");
    }

    /// The claim `body` is the arbiter's: both players, a stranger and nobody are refused.
    async fn arbiters_only(&self, state: &AppState, body: Value) {
        let players = [
            (self.red.as_str(), StatusCode::FORBIDDEN),
            (self.black.as_str(), StatusCode::FORBIDDEN),
        ];
        self.refused_to(state, body, &players).await;
    }
}

/// CXA 2011 arts. 5.1–5.5; WXF 2018 art. 4.2: the side to move or the arbiter records a
/// touch; a move breaking the binding is a 422 `touch_move` citing the article.
#[tokio::test]
async fn touch_binds_the_move_and_a_breaking_move_is_refused() {
    let state = memory_state().await;
    let t = table(&state, json!({})).await;
    let touch = json!({"type": "touch", "squares": ["h2"]});
    // Not Black's turn: refused; strangers and nobody too.
    t.refused_to(&state, touch.clone(), &[(&t.black, StatusCode::CONFLICT)])
        .await;
    let (st, b) = t.claim(&state, Some(&t.red), touch.clone()).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let view = &b["game"];
    assert_eq!(view["touch"]["color"], "red");
    assert_eq!(view["touch"]["squares"], json!(["h2"]));
    let bound: Vec<&str> = view["touch"]["bound_moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        !bound.is_empty() && bound.iter().all(|m| m.starts_with("h2")),
        "{bound:?}"
    );
    // A move of another piece breaks it.
    let (st, b) = t.play(&state, &t.red, "b2e2").await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["error"], "touch_move");
    assert_eq!(b["article"], "CXA 2011 arts. 5.1–5.5");
    // An empty point or no point at all is not a touch.
    let (st, b) = t
        .claim(
            &state,
            Some(&t.red),
            json!({"type": "touch", "squares": ["e5"]}),
        )
        .await;
    assert_eq!(
        (st, &b["field"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("squares"))
    );
    let (st, _) = t
        .claim(
            &state,
            Some(&t.red),
            json!({"type": "touch", "squares": ["z9"]}),
        )
        .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    // The touched cannon moves: the binding is gone.
    let (st, b) = t.play(&state, &t.red, "h2e2").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["touch"], Value::Null);
    // The arbiter records a touch for the side to move (Black's horse on b9).
    let (st, b) = t
        .claim(
            &state,
            Some(&t.arbiter),
            json!({"type": "touch", "squares": ["b9"]}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["game"]["touch"]["color"], "black");
    let (st, b) = t.play(&state, &t.black, "h9g7").await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("touch_move"))
    );
    t.line(&state, &[]).await;
    let (st, _) = t.play(&state, &t.black, "b9c7").await;
    assert_eq!(st, StatusCode::OK);
}

/// WXF 2018 art. 4.2.A: a touched piece that cannot move is a technical foul, recorded.
#[tokio::test]
async fn a_touch_that_cannot_be_kept_records_the_foul() {
    let state = memory_state().await;
    let t = table(
        &state,
        json!({"rules": "wxf2018", "fen": "3k5/9/9/9/4r4/9/9/9/4R4/3AK4 w - - 0 1"}),
    )
    .await;
    let (st, b) = t
        .claim(
            &state,
            Some(&t.red),
            json!({"type": "touch", "squares": ["d0"]}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let log = get(&state, &format!("/api/games/{}/events", t.id)).await;
    let touched = log["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["type"] == "touched")
        .cloned()
        .expect("a touch");
    assert_eq!(touched["data"]["foul"], true, "{touched}");
}

/// Seed 001 ④ and WXF 2018 art. 6.5: the arbiter adjourns, the side to move seals, nobody can
/// read the sealed move, the clocks stop; the arbiter resumes and the move is played. The
/// state survives a restart.
#[tokio::test]
async fn an_adjourned_game_is_sealed_and_resumed() {
    let path = temp_db("adjourn");
    let url = path.to_str().expect("utf-8").to_owned();
    let state = AppState::new(Store::open(&url).await.expect("opens"));
    let t = table(&state, json!({"time_control": "10m"})).await;
    t.line(&state, &["h2e2"]).await;
    let seal = json!({"type": "seal", "move": "h9g7"});
    // Nothing to seal before the adjournment.
    let (st, b) = t.claim(&state, Some(&t.black), seal.clone()).await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("not_adjourned"))
    );
    let adjourn = json!({"type": "adjourn"});
    t.arbiters_only(&state, adjourn.clone()).await;
    let (st, b) = t.claim(&state, Some(&t.arbiter), adjourn).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["game"]["status"], "adjourned");
    // No move over the board now; the sealer is the side to move, and a player.
    let (st, b) = t.play(&state, &t.black, "h9g7").await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("adjourned"))
    );
    t.refused_to(
        &state,
        seal.clone(),
        &[
            (&t.red, StatusCode::CONFLICT),
            (&t.arbiter, StatusCode::FORBIDDEN),
        ],
    )
    .await;
    let (st, b) = t.claim(&state, Some(&t.black), seal.clone()).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let view = &b["game"];
    assert_eq!(
        (&view["status"], &view["sealed"]),
        (&json!("adjourned"), &json!(true))
    );
    assert_eq!(view["clocks"]["running"], Value::Null, "both clocks stop");
    let (st, b) = t.claim(&state, Some(&t.black), seal).await;
    assert_eq!((st, &b["error"]), (StatusCode::CONFLICT, &json!("sealed")));
    // The move cannot be read: not in the view, not in the log.
    let view = t.view(&state).await;
    let log = get(&state, &format!("/api/games/{}/events", t.id)).await;
    for text in [view.to_string(), log.to_string()] {
        assert!(!text.contains("h9g7") && !text.contains("g7"), "{text}");
    }
    assert_eq!(view["ply"], 1);
    // Read again from the store: still adjourned and sealed.
    let again = AppState::new(Store::open(&url).await.expect("reopens"));
    let view = t.view(&again).await;
    assert_eq!(
        (&view["status"], &view["sealed"]),
        (&json!("adjourned"), &json!(true))
    );
    let resume = json!({"type": "resume"});
    t.refused_to(
        &again,
        resume.clone(),
        &[
            (&t.red, StatusCode::FORBIDDEN),
            (&t.black, StatusCode::FORBIDDEN),
        ],
    )
    .await;
    let (st, b) = t.claim(&again, Some(&t.arbiter), resume).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let view = &b["game"];
    assert_eq!(
        (&view["status"], &view["sealed"]),
        (&json!("playing"), &json!(false))
    );
    assert_eq!(view["moves"][1]["iccs"], "h9g7");
    assert_eq!(view["clocks"]["running"], "red");
    remove_db(&url);
}

/// Seed 001 ⑧ (封棋着法有误); WXF 2018 art. 6.5: an illegal sealed move loses for the sealer.
#[tokio::test]
async fn an_illegal_sealed_move_loses() {
    let state = memory_state().await;
    let t = table(&state, json!({})).await;
    let (st, _) = t
        .claim(&state, Some(&t.arbiter), json!({"type": "adjourn"}))
        .await;
    assert_eq!(st, StatusCode::OK);
    let (st, _) = t
        .claim(
            &state,
            Some(&t.red),
            json!({"type": "seal", "move": "a0a5"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK);
    let (st, b) = t
        .claim(&state, Some(&t.arbiter), json!({"type": "resume"}))
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(
        (&b["game"]["result"], &b["game"]["termination"]),
        (&json!("0-1"), &json!("sealed_move"))
    );
}

/// CXA 2011 art. 5.8; WXF 2018 art. 4.4: the arbiter takes the game back before a ply; the
/// later plies stay in the log; for an illegal move the piece moved must move again and the
/// mover is charged the foul (a technical foul under WXF; a loss in a national CXA event,
/// art. 4.1.8).
#[tokio::test]
async fn a_correction_goes_back_and_records_the_foul() {
    let path = temp_db("correct");
    let url = path.to_str().expect("utf-8").to_owned();
    let state = AppState::new(Store::open(&url).await.expect("opens"));
    let t = table(&state, json!({"rules": "wxf2018", "time_control": "10m"})).await;
    t.line(&state, &["h2e2", "h9g7", "h0g2", "i9h9"]).await;
    let correct = json!({"type": "correct", "ply": 2});
    t.arbiters_only(&state, correct.clone()).await;
    let (st, b) = t
        .claim(
            &state,
            Some(&t.arbiter),
            json!({"type": "correct", "ply": 5}),
        )
        .await;
    assert_eq!(
        (st, &b["field"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("ply"))
    );
    let (st, b) = t.claim(&state, Some(&t.arbiter), correct).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let view = &b["game"];
    assert_eq!(view["ply"], 1);
    assert_eq!(view["status"], "playing");
    assert_eq!(view["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        view["corrections"],
        json!([{"ply": 2, "error": "illegal_move", "removed": ["h9g7", "h0g2", "i9h9"]}])
    );
    // The black horse from h9 must move again (CXA 2011 art. 5.8.2; applied to WXF too).
    assert_eq!(view["touch"]["squares"], json!(["h9"]));
    assert_eq!(view["clocks"]["running"], "black");
    let log = get(&state, &format!("/api/games/{}/events", t.id)).await;
    let text = log.to_string();
    assert!(
        text.contains("i9h9"),
        "the plies taken back stay in the log"
    );
    assert!(text.contains("game_corrected"), "{text}");
    assert_eq!(
        view["fouls"],
        json!([{"color": "black", "foul": {"kind": "illegal_move", "iccs": "h9g7"},
                "article": "WXF 2018 art. 4.4.A"}])
    );
    // The same game from the store.
    let again = AppState::new(Store::open(&url).await.expect("reopens"));
    let replayed = t.view(&again).await;
    for key in [
        "ply",
        "fen",
        "moves",
        "corrections",
        "touch",
        "status",
        "fouls",
    ] {
        assert_eq!(replayed[key], view[key], "{key}");
    }
    let (st, b) = t.play(&again, &t.black, "b9c7").await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("touch_move"))
    );
    let (st, _) = t.play(&again, &t.black, "h9i7").await;
    assert_eq!(st, StatusCode::OK);
    remove_db(&url);

    // CXA 2011 art. 4.1.8: in a national event one illegal move loses.
    let state = memory_state().await;
    let t = table(&state, json!({})).await;
    t.line(&state, &["h2e2", "h9g7"]).await;
    let (st, b) = t
        .claim(
            &state,
            Some(&t.arbiter),
            json!({"type": "correct", "ply": 2}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(
        (&b["game"]["result"], &b["game"]["termination"]),
        (&json!("1-0"), &json!("foul"))
    );
    // A piece displaced by accident: back, any piece may move, no foul (CXA 2011 art. 5.8.2).
    let t = table(&state, json!({})).await;
    t.line(&state, &["h2e2", "h9g7", "h0g2"]).await;
    let (st, b) = t
        .claim(
            &state,
            Some(&t.arbiter),
            json!({"type": "correct", "ply": 2, "error": "displaced_piece"}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(
        (&b["game"]["ply"], &b["game"]["touch"]),
        (&json!(1), &Value::Null)
    );
    assert_eq!(b["game"]["status"], "playing");
}

/// CXA 2011 art. 5.8.1: colours found reversed within 20 minutes are swapped and the game
/// replayed; later, or under WXF 2018 (art. 4.4.B), the game stands.
#[tokio::test]
async fn colours_are_swapped_within_twenty_minutes_only() {
    let store = Store::open("sqlite::memory:").await.expect("opens");
    let state = AppState::new(store.clone());
    let t = table(&state, json!({"red": "甲", "black": "乙"})).await;
    t.line(&state, &["h2e2", "h9g7"]).await;
    let swap = json!({"type": "swap_colours"});
    t.arbiters_only(&state, swap.clone()).await;
    let (st, b) = t.claim(&state, Some(&t.arbiter), swap.clone()).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let view = &b["game"];
    assert_eq!(view["ply"], 0);
    assert_eq!(view["players"], json!({"red": "乙", "black": "甲"}));
    // The tokens went with the players: the old black token now moves Red.
    let (st, _) = t.play(&state, &t.red, "h2e2").await;
    assert_eq!(st, StatusCode::CONFLICT);
    let (st, _) = t.play(&state, &t.black, "h2e2").await;
    assert_eq!(st, StatusCode::OK);
    // Read again from the store: the swap replays, names and tokens with it.
    let again = AppState::new(store.clone());
    let (st, b) = t.play(&again, &t.red, "h9g7").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!((&b["ply"], &b["players"]["red"]), (&json!(2), &json!("乙")));

    // WXF 2018 art. 4.4.B: the game stands.
    let w = table(&state, json!({"rules": "wxf2018"})).await;
    let (st, b) = w.claim(&state, Some(&w.arbiter), swap.clone()).await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("colour_swap_too_late"))
    );
    assert!(
        b["article"].as_str().is_some_and(|a| a.contains("4.4.B")),
        "{b}"
    );

    // A CXA game started 21 minutes ago: as stored, with its start moved back.
    let fresh = table(&state, json!({})).await;
    let stored = store
        .load(StreamKind::Game, &fresh.id, 0)
        .await
        .expect("loads");
    let old: Vec<NewEvent> = stored
        .iter()
        .map(|e| {
            let mut payload = e.payload.clone();
            if let Some(at) = payload["created_at_ms"].as_u64() {
                payload["created_at_ms"] = json!(at - 21 * 60_000);
            }
            NewEvent::new(e.event_type.clone(), payload)
        })
        .collect();
    store
        .append(StreamKind::Game, "oldgame1", 0, &old)
        .await
        .expect("appends");
    let late = Table {
        id: "oldgame1".into(),
        ..fresh
    };
    let (st, b) = late.claim(&state, Some(&late.arbiter), swap).await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("colour_swap_too_late"))
    );
    assert!(
        b["article"].as_str().is_some_and(|a| a.contains("5.8.1")),
        "{b}"
    );
}

/// WXF 2018 art. 3.2.A: the arbiter declares a result with a reason; players may not.
#[tokio::test]
async fn the_arbiter_declares_a_result() {
    let state = memory_state().await;
    let t = table(&state, json!({})).await;
    let declare = json!({"type": "declare", "result": "1/2", "reason": "neither side can win"});
    t.arbiters_only(&state, declare.clone()).await;
    let (st, b) = t
        .claim(
            &state,
            Some(&t.arbiter),
            json!({"type": "declare", "result": "2-0", "reason": "x"}),
        )
        .await;
    assert_eq!(
        (st, &b["field"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("result"))
    );
    let (st, b) = t.claim(&state, Some(&t.arbiter), declare.clone()).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let view = &b["game"];
    assert_eq!(
        (
            &view["result"],
            &view["termination"],
            &view["declared_reason"]
        ),
        (
            &json!("1/2-1/2"),
            &json!("declared"),
            &json!("neither side can win")
        )
    );
    let (st, b) = t.claim(&state, Some(&t.arbiter), declare).await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("game_over"))
    );
}

/// Seed 001 ⑤ (限着); WXF 2018 art. 8: a count of moves set by the arbiter, shown as it runs;
/// when it runs out without a result the game is drawn.
#[tokio::test]
async fn a_move_count_runs_out_in_a_draw() {
    let state = memory_state().await;
    let t = table(&state, json!({})).await;
    t.line(&state, &["h2e2"]).await;
    let count = json!({"type": "move_limit_count", "moves": 2});
    t.arbiters_only(&state, count.clone()).await;
    let (st, b) = t
        .claim(
            &state,
            Some(&t.arbiter),
            json!({"type": "move_limit_count", "moves": 0}),
        )
        .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    let (st, b) = t.claim(&state, Some(&t.arbiter), count).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(
        b["game"]["move_limit"],
        json!({"from_ply": 1, "moves": 2, "remaining": 2})
    );
    let (_, b) = t.play(&state, &t.black, "h9g7").await;
    assert_eq!(b["move_limit"]["remaining"], 2);
    let (_, b) = t.play(&state, &t.red, "h0g2").await;
    assert_eq!(b["move_limit"]["remaining"], 1);
    assert_eq!(b["status"], "playing");
    let (_, b) = t.play(&state, &t.black, "i9h9").await;
    assert_eq!(b["move_limit"]["remaining"], 1);
    let (_, b) = t.play(&state, &t.red, "i0h0").await;
    assert_eq!(
        (&b["result"], &b["termination"]),
        (&json!("1/2-1/2"), &json!("move_limit"))
    );
}

/// CXA 2011 art. 23.4: either player may claim nine rounds; the arbiter too. Red's rooks check
/// over seven points for nine rounds: Black's claim is ruled, and the perpetual check loses.
#[tokio::test]
async fn nine_rounds_are_claimed_by_a_player() {
    let state = memory_state().await;
    let t = table(
        &state,
        json!({"fen": "3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1"}),
    )
    .await;
    let nine = json!({"type": "nine_rounds"});
    let (st, _) = t.claim(&state, None, nine.clone()).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    let (st, _) = t.claim(&state, Some("stranger"), nine.clone()).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let line: Vec<&str> = "a0a9 d9d8 a9a8 d8d7 a8a7 d7d8 a7a8 d8d7 a8a7 d7d8 \
                           i0i8 d8d9 i8i9 d9d8 a7a8 d8d7 a8a7 d7d8"
        .split_whitespace()
        .collect();
    t.line(&state, &line[..16]).await;
    // Eight rounds: refused, nothing changes.
    let (st, b) = t.claim(&state, Some(&t.red), nine.clone()).await;
    assert_eq!(
        (st, &b["game"]["status"]),
        (StatusCode::OK, &json!("playing"))
    );
    t.line(&state, &line[16..]).await;
    let (st, b) = t.claim(&state, Some(&t.black), nine).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(
        (&b["game"]["result"], &b["game"]["termination"]),
        (&json!("0-1"), &json!("repetition"))
    );
}

/// CXA 2011 arts. 22.1, 8.1.3: an offer beyond the opponent's by more than two is void, and
/// cannot be accepted (409 `draw_offer_void`).
#[tokio::test]
async fn a_void_draw_offer_cannot_be_accepted() {
    let state = memory_state().await;
    let t = table(&state, json!({})).await;
    let offer = json!({"type": "draw_offer"});
    t.claim(&state, Some(&t.red), offer.clone()).await;
    t.line(&state, &["h2e2", "h9g7"]).await;
    t.claim(&state, Some(&t.red), offer.clone()).await;
    t.line(&state, &["h0g2", "i9h9"]).await;
    // The third offer against none: a foul, and void.
    let (st, b) = t.claim(&state, Some(&t.red), offer).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["game"]["draw_offer"], Value::Null);
    let (st, b) = t
        .claim(&state, Some(&t.black), json!({"type": "draw_accept"}))
        .await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("draw_offer_void")),
        "{b}"
    );
    assert!(
        b["article"].as_str().is_some_and(|a| a.contains("22.1")),
        "{b}"
    );
    assert_eq!(t.view(&state).await["status"], "playing");
}

/// WXF 2018 art. 12.4's two hours to appeal do not apply to a CXA game, which sets none.
#[tokio::test]
async fn the_appeal_window_is_wxf_only() {
    let state = memory_state().await;
    for (rules, window) in [("cxa2011", false), ("wxf2018", true)] {
        let t = table(&state, json!({"rules": rules})).await;
        let (st, b) = t
            .claim(&state, Some(&t.black), json!({"type": "resign"}))
            .await;
        assert_eq!(st, StatusCode::OK);
        assert_eq!(
            b["game"]["appeal_deadline_ms"].is_u64(),
            window,
            "{rules}: {b}"
        );
    }
}

/// The event's rules as an object (`{"book": "cxa", "move_limit": 40, …}`): each key left out
/// keeps the book's value, the view shows every one, an unknown key or an impossible value is
/// a 422 naming it (CXA 2011 arts. 4.2.4, 8.1.8; WXF 2018 art. 12.4).
#[tokio::test]
async fn a_game_takes_the_event_rules_as_an_object() {
    let state = memory_state().await;
    let body = json!({"rules": {"book": "cxa", "move_limit": 40, "illegal_moves_to_lose": 2,
                                "appeal_window_ms": 3_600_000}});
    let t = table(&state, body).await;
    let rules = &t.view(&state).await["rules"];
    assert_eq!(
        rules,
        &json!({"book": "cxa2011", "move_limit": 40, "illegal_moves_to_lose": 2,
                "lateness_ms": 900_000, "fouls_to_lose": 3, "draw_offers_beyond": 2,
                "early_draw_moves": 0, "appeal_window_ms": 3_600_000})
    );
    // A CXA event that sets an appeal window has one.
    let (_, b) = t
        .claim(&state, Some(&t.red), json!({"type": "resign"}))
        .await;
    assert!(b["game"]["appeal_deadline_ms"].is_u64(), "{b}");
    // A name still reads; the view shows the book's numbers.
    let w = table(&state, json!({"rules": "wxf2018"})).await;
    let rules = &w.view(&state).await["rules"];
    assert_eq!(
        (&rules["book"], &rules["move_limit"]),
        (&json!("wxf2018"), &json!(50))
    );
    assert_eq!(rules["appeal_window_ms"], 7_200_000);
    for (bad, field) in [
        (json!({"move_limt": 40}), "rules.move_limt"),
        (json!({"book": "wxf", "move_limit": 55}), "rules.move_limit"),
        (json!({"fouls_to_lose": "three"}), "rules.fouls_to_lose"),
        (json!({"book": "fide"}), "rules.book"),
    ] {
        let (st, b) = post(&state, "/api/games", None, json!({"rules": bad})).await;
        assert_eq!(
            (st, &b["field"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!(field)),
            "{b}"
        );
    }
}
