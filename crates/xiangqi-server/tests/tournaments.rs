//! Tournaments, accounts and roles through the API, with `oneshot`. Run against SQLite always,
//! and against PostgreSQL when `DATABASE_URL` names one.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use serde_json::{Value, json};
use tower::ServiceExt;
use xiangqi_server::{AppState, LoginLimit, router};
use xiangqi_store::Store;

mod common;
use common::{
    account, assert_error, call, get, memory_state, new_tournament, post, put, send, team, temp_db,
};

#[tokio::test]
async fn accounts_sessions_and_the_login_limit() {
    let store = Store::open("sqlite::memory:").await.expect("opens");
    let state = AppState::with_login_limit(
        store,
        LoginLimit {
            per_user: 3,
            per_address: 100,
            window: Duration::from_secs(60),
        },
    );
    // Bad input names the field.
    let (st, b) = post(
        &state,
        "/api/accounts",
        None,
        json!({"username": "a", "password": "long enough"}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("username"));
    let (st, b) = post(
        &state,
        "/api/accounts",
        None,
        json!({"username": "alice", "password": "short"}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("password"));
    let (st, b) = post(&state, "/api/accounts", None, json!({"username": "alice"})).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("password"));

    let token = account(&state, "alice").await;
    // Taken.
    let (st, b) = post(
        &state,
        "/api/accounts",
        None,
        json!({"username": "ALICE", "password": "another password"}),
    )
    .await;
    assert_error(st, &b, StatusCode::CONFLICT, None);
    assert_eq!(b["error"], "username_taken");

    // The session works by bearer token and by cookie.
    let (st, b) = call(&state, "GET", "/api/sessions", Some(&token), None).await;
    assert_eq!(
        (st, b["username"].as_str()),
        (StatusCode::OK, Some("alice"))
    );
    let req = Request::builder()
        .uri("/api/sessions")
        .header(
            header::COOKIE,
            format!("theme=dark; xiangqi_session={token}"),
        )
        .body(Body::empty())
        .expect("request");
    let res = router(state.clone())
        .oneshot(req)
        .await
        .expect("infallible");
    assert_eq!(res.status(), StatusCode::OK);

    // Login sets the cookie.
    let r = send(
        &state,
        "POST",
        "/api/sessions",
        None,
        "application/json",
        json!({"username": "alice", "password": "alice-secret-pw"}).to_string(),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let cookie = r.headers[header::SET_COOKIE].to_str().expect("ascii");
    assert!(
        cookie.starts_with("xiangqi_session=") && cookie.contains("HttpOnly"),
        "{cookie}"
    );

    // Wrong passwords: 401 three times, then 429 even with the right one.
    for _ in 0..3 {
        let (st, b) = post(
            &state,
            "/api/sessions",
            None,
            json!({"username": "alice", "password": "wrong password"}),
        )
        .await;
        assert_error(st, &b, StatusCode::UNAUTHORIZED, None);
        assert_eq!(b["error"], "bad_credentials");
    }
    let r = send(
        &state,
        "POST",
        "/api/sessions",
        None,
        "application/json",
        json!({"username": "alice", "password": "alice-secret-pw"}).to_string(),
    )
    .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.text);
    assert_eq!(r.json["error"], "too_many_requests");
    assert!(r.headers.contains_key(header::RETRY_AFTER));
    // An unknown user gets the same answer as a wrong password.
    let (st, b) = post(
        &state,
        "/api/sessions",
        None,
        json!({"username": "nobody", "password": "whatever it is"}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNAUTHORIZED, None);

    // Logout closes the session.
    let (st, _) = call(&state, "DELETE", "/api/sessions", Some(&token), None).await;
    assert_eq!(st, StatusCode::NO_CONTENT);
    let (st, b) = call(&state, "GET", "/api/sessions", Some(&token), None).await;
    assert_error(st, &b, StatusCode::UNAUTHORIZED, None);
    assert_eq!(b["error"], "session_expired");
}

/// A four-player round robin from creation to export, with the roles checked on the way.
async fn round_robin(state: &AppState) -> String {
    let org = account(state, "organiser").await;
    let arb = account(state, "arbiter").await;
    let other = account(state, "stranger").await;

    let new = json!({
        "name": "club championship 俱乐部赛",
        "rules": "cxa2011",
        "format": "round_robin",
        "players": [{"name": "甲", "rating": 2100}, {"name": "乙", "rating": 2000}],
    });
    // Only accounts create tournaments.
    let (st, b) = post(state, "/api/tournaments", None, new.clone()).await;
    assert_error(st, &b, StatusCode::UNAUTHORIZED, None);
    let (st, b) = post(
        state,
        "/api/tournaments",
        Some("not-a-session"),
        new.clone(),
    )
    .await;
    assert_error(st, &b, StatusCode::UNAUTHORIZED, None);
    // Bad input names the field.
    for (bad, field) in [
        (json!({"name": "x", "format": "ladder"}), "format"),
        (json!({"name": "x", "format": "swiss"}), "rounds"),
        (json!({"name": "x", "rules": "fide"}), "rules"),
        (json!({"name": "x", "scoring": "5-0"}), "scoring"),
        (
            json!({"name": "x", "tie_breaks": ["SB", "coin"]}),
            "tie_breaks",
        ),
        (json!({"name": ""}), "name"),
        (json!({"name": "x", "colour": "red"}), "colour"),
        (
            json!({"name": "x", "players": [{"name": " "}]}),
            "players[0].name",
        ),
    ] {
        let (st, b) = post(state, "/api/tournaments", Some(&org), bad).await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some(field));
    }
    let (st, t) = post(state, "/api/tournaments", Some(&org), new).await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    let id = t["id"].as_str().expect("id").to_owned();
    assert_eq!(t["organiser"], "organiser");
    assert_eq!(t["players"].as_array().map(Vec::len), Some(2));
    let base = format!("/api/tournaments/{id}");
    let players = format!("{base}/players");
    let arbiters = format!("{base}/arbiters");
    let rounds = format!("{base}/rounds");
    let withdrawals = format!("{base}/withdrawals");

    // Players by CSV and by JSON; a stranger may not add any.
    let csv = "name,rating,club\n丙,1900,北京\n";
    let r = send(
        state,
        "POST",
        &players,
        Some(&other),
        "text/csv",
        csv.into(),
    )
    .await;
    assert_error(r.status, &r.json, StatusCode::FORBIDDEN, None);
    let r = send(state, "POST", &players, Some(&org), "text/csv", csv.into()).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.json["players"][0]["no"], 3);
    assert_eq!(r.json["players"][0]["club"], "北京");
    let r = send(
        state,
        "POST",
        &players,
        Some(&org),
        "text/csv",
        "rating\n12\n".into(),
    )
    .await;
    assert_error(
        r.status,
        &r.json,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some("players"),
    );
    let (st, b) = post(state, &players, Some(&org), json!({"name": "丁"})).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    assert_eq!(b["players"][0]["no"], 4);

    // The organiser appoints the arbiter; the arbiter may not appoint.
    let (st, b) = post(
        state,
        &arbiters,
        Some(&arb),
        json!({"username": "stranger"}),
    )
    .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, None);
    let (st, b) = post(state, &arbiters, Some(&org), json!({"username": "ghost"})).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("username"));
    let (st, b) = post(state, &arbiters, Some(&org), json!({"username": "arbiter"})).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");

    // Round 1 from the Berger table: 1–4, 2–3.
    let (st, b) = call(state, "POST", &rounds, Some(&other), None).await;
    assert_error(st, &b, StatusCode::FORBIDDEN, None);
    let (st, r1) = call(state, "POST", &rounds, Some(&arb), None).await;
    assert_eq!(st, StatusCode::CREATED, "{r1}");
    assert_eq!(r1["round"], 1);
    assert_eq!(r1["games"][0]["red"], 1);
    assert_eq!(r1["games"][0]["black"], 4);
    // Registration is closed now; the next round waits for results.
    let (st, b) = post(state, &players, Some(&org), json!({"name": "戊"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, None);
    assert_eq!(b["error"], "registration_closed");
    let (st, b) = call(state, "POST", &rounds, Some(&arb), None).await;
    assert_eq!(
        (st, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("round_incomplete"))
    );

    // Results.
    let result = |round: u32, board: u32| format!("{base}/rounds/{round}/boards/{board}/result");
    let (st, b) = put(state, &result(1, 1), Some(&arb), json!({"result": "2-0"})).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("result"));
    let (st, b) = put(state, &result(1, 9), Some(&arb), json!({"result": "1-0"})).await;
    assert_error(st, &b, StatusCode::NOT_FOUND, None);
    let (st, b) = put(state, &result(7, 1), Some(&arb), json!({"result": "1-0"})).await;
    assert_error(st, &b, StatusCode::NOT_FOUND, None);
    let (st, b) = put(state, &result(1, 1), Some(&other), json!({"result": "1-0"})).await;
    assert_error(st, &b, StatusCode::FORBIDDEN, None);
    let (st, b) = put(state, &result(1, 1), Some(&arb), json!({"result": "1-0"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let (st, b) = put(state, &result(1, 2), Some(&org), json!({"result": "和"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["complete"], true);

    // Round 2, and a withdrawal after it.
    let (st, r2) = post(state, &rounds, Some(&org), json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{r2}");
    for board in 1..=2 {
        let (st, b) = put(
            state,
            &result(2, board),
            Some(&arb),
            json!({"result": "0-1"}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    let (st, b) = post(state, &withdrawals, Some(&arb), json!({"player": 9})).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("player"));
    let (st, b) = post(
        state,
        &withdrawals,
        Some(&arb),
        json!({"player": 4, "after_round": 5}),
    )
    .await;
    assert_error(
        st,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some("after_round"),
    );
    let (st, b) = post(state, &withdrawals, Some(&arb), json!({"player": 4})).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    assert_eq!(b["withdrawn_after"], 2);

    // Views.
    let standings = get(state, &format!("{base}/standings")).await;
    let rows = standings["standings"].as_array().expect("rows");
    assert_eq!(rows.len(), 4);
    assert!(standings["tie_breaks"][0]["zh"].is_string());
    let cross = get(state, &format!("{base}/crosstable")).await;
    assert_eq!(cross["rounds"], 2);
    let r = send(
        state,
        "GET",
        &format!("{base}/export.trf"),
        None,
        "",
        String::new(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text.contains("012 club championship"), "{}", r.text);
    assert!(
        r.text.lines().filter(|l| l.starts_with("001")).count() == 4,
        "{}",
        r.text
    );
    let r = send(
        state,
        "GET",
        &format!("{base}/export.csv"),
        None,
        "",
        String::new(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap_or("")
            .starts_with("text/csv")
    );
    assert!(r.text.starts_with("rank,"), "{}", r.text);
    let r = send(
        state,
        "GET",
        &format!("{base}/export.csv?table=crosstable"),
        None,
        "",
        String::new(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    let r = send(
        state,
        "GET",
        &format!("{base}/export.csv?table=nope"),
        None,
        "",
        String::new(),
    )
    .await;
    assert_error(
        r.status,
        &r.json,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some("table"),
    );
    let (st, _) = call(state, "GET", "/api/tournaments/nope", None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let ev = get(state, &format!("{base}/events")).await;
    assert_eq!(ev["events"][0]["type"], "tournament_opened");
    assert_eq!(ev["events"][1]["type"], "created");
    let (_, list) = call(state, "GET", "/api/tournaments", None, None).await;
    assert!(
        list["tournaments"]
            .as_array()
            .is_some_and(|l| l.contains(&json!(id)))
    );
    id
}

#[tokio::test]
async fn a_round_robin_through_the_api_survives_a_restart() {
    let path = temp_db("rr");
    let url = path.to_string_lossy().into_owned();
    let state = AppState::new(Store::open(&url).await.expect("opens"));
    let id = round_robin(&state).await;
    let (_, before) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    let (_, shown) = call(&state, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    // A new process over the same file rebuilds the same tournament from the events.
    let again = AppState::new(Store::open(&url).await.expect("reopens"));
    let (_, after) = call(
        &again,
        "GET",
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(before, after);
    let (_, reshown) = call(&again, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    assert_eq!(shown, reshown);
    let _ = std::fs::remove_file(&path);
}

#[tokio::test]
async fn a_round_robin_on_postgres() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("DATABASE_URL is not set: PostgreSQL test skipped");
        return;
    };
    let state = AppState::new(Store::open(&url).await.expect("opens"));
    // Accounts are shared by every test on the database: unique names.
    let suffix = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let org = account(&state, &format!("org{}", suffix % 1_000_000_000)).await;
    let (st, t) = post(
        &state,
        "/api/tournaments",
        Some(&org),
        json!({"name": "pg", "players": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    let base = format!("/api/tournaments/{}", t["id"].as_str().expect("id"));
    // Three players: one rests each round.
    let (st, r1) = call(&state, "POST", &format!("{base}/rounds"), Some(&org), None).await;
    assert_eq!(st, StatusCode::CREATED, "{r1}");
    assert_eq!(r1["games"].as_array().map(Vec::len), Some(1));
    let (st, b) = put(
        &state,
        &format!("{base}/rounds/1/boards/1/result"),
        Some(&org),
        json!({"result": "1-0"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    // A second replica sees the same tournament and writes after the first.
    let other = AppState::new(Store::open(&url).await.expect("opens"));
    let (st, r2) = call(&other, "POST", &format!("{base}/rounds"), Some(&org), None).await;
    assert_eq!(st, StatusCode::CREATED, "{r2}");
    let (_, a) = call(&state, "GET", &base, None, None).await;
    let (_, b) = call(&other, "GET", &base, None, None).await;
    assert_eq!(a, b);
    assert_eq!(a["rounds"].as_array().map(Vec::len), Some(2));
}

/// CXA 2011 arts. 10.3, 12.3: a CXA Swiss is paired by 积分编排 unless the organiser chooses
/// Dutch; a WXF one by Dutch.
#[tokio::test]
async fn a_swiss_defaults_to_the_engine_of_its_book() {
    let state = memory_state().await;
    let org = account(&state, "bookorg").await;
    for (rules, engine) in [
        (None, "cxa"),
        (Some("cxa2011"), "cxa"),
        (Some("wxf2018"), "dutch"),
    ] {
        let mut body = json!({"name": "open", "format": "swiss", "rounds": 3});
        if let Some(r) = rules {
            body["rules"] = json!(r);
        }
        let (st, t) = post(&state, "/api/tournaments", Some(&org), body).await;
        assert_eq!(
            (st, &t["engine"]),
            (StatusCode::CREATED, &json!(engine)),
            "{rules:?}: {t}"
        );
    }
}

#[tokio::test]
async fn a_swiss_is_paired_by_its_engine_with_a_stored_seed() {
    let state = memory_state().await;
    let org = account(&state, "swissorg").await;
    let players: Vec<Value> = (0..7)
        .map(|k| json!({"name": format!("P{k}"), "rating": 2000 - k * 10}))
        .collect();
    let (st, t) = post(&state, "/api/tournaments", Some(&org), json!({"name": "open", "format": "swiss", "rounds": 3, "scoring": "1-0.5-0", "engine": "dutch", "players": players}))
    .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    assert_eq!(t["engine"], "dutch");
    let base = format!("/api/tournaments/{}", t["id"].as_str().expect("id"));
    for round in 1..=3 {
        let (st, r) = post(
            &state,
            &format!("{base}/rounds"),
            Some(&org),
            json!({"seed": 42}),
        )
        .await;
        assert_eq!(st, StatusCode::CREATED, "{r}");
        assert_eq!(r["seed"], 42);
        assert_eq!(r["games"].as_array().map(Vec::len), Some(3));
        assert_eq!(r["byes"].as_array().map(Vec::len), Some(1));
        for board in 1..=3 {
            let (st, b) = put(
                &state,
                &format!("{base}/rounds/{round}/boards/{board}/result"),
                Some(&org),
                json!({"result": "1-0"}),
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{b}");
        }
    }
    let (st, b) = call(&state, "POST", &format!("{base}/rounds"), Some(&org), None).await;
    assert_eq!(
        (st, b["error"].as_str()),
        (StatusCode::CONFLICT, Some("all_rounds_paired"))
    );
    // Pairings given by the arbiter are checked too.
    let (st, t2) = post(&state, "/api/tournaments", Some(&org), json!({"name": "manual", "format": "swiss", "rounds": 2, "players": [{"name": "a"}, {"name": "b"}]}))
    .await;
    assert_eq!(st, StatusCode::CREATED);
    let base2 = format!("/api/tournaments/{}", t2["id"].as_str().expect("id"));
    let (st, b) = post(
        &state,
        &format!("{base2}/rounds"),
        Some(&org),
        json!({"games": [{"red": 1, "black": 1}]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("games"));
    let (st, b) = post(
        &state,
        &format!("{base2}/rounds"),
        Some(&org),
        json!({"games": [{"red": 1, "black": 3}]}),
    )
    .await;
    assert_error(
        st,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some("games[0].black"),
    );
    let (st, b) = post(
        &state,
        &format!("{base2}/rounds"),
        Some(&org),
        json!({"games": [{"red": 2, "black": 1}]}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    assert_eq!(b["games"][0]["red"], 2);
}

fn refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => out.push(r.clone()),
                    _ => refs(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[tokio::test]
async fn openapi_describes_the_tournament_and_account_routes() {
    let state = memory_state().await;
    let doc = get(&state, "/api/openapi.json").await;
    for (path, method) in [
        ("/api/tournaments", "post"),
        ("/api/tournaments/{id}", "get"),
        ("/api/tournaments/{id}/players", "post"),
        ("/api/tournaments/{id}/rounds", "post"),
        (
            "/api/tournaments/{id}/rounds/{round}/boards/{board}/result",
            "put",
        ),
        ("/api/tournaments/{id}/withdrawals", "post"),
        ("/api/tournaments/{id}/standings", "get"),
        ("/api/tournaments/{id}/crosstable", "get"),
        ("/api/tournaments/{id}/export.trf", "get"),
        ("/api/tournaments/{id}/export.csv", "get"),
        ("/api/tournaments/{id}/export.pgn", "get"),
        ("/api/tournaments/{id}/rounds/{round}/games", "post"),
        ("/api/tournaments/{id}/rounds/{round}/games", "get"),
        ("/api/tournaments/{id}/bracket", "get"),
        ("/api/tournaments/{id}/groups", "get"),
        ("/api/tournaments/{id}/final", "post"),
        ("/api/tournaments/{id}/keep-apart", "post"),
        ("/api/tournaments/by-game/{game}", "get"),
        ("/api/teams/{id}/withdrawals", "post"),
        ("/api/teams/{id}/bracket", "get"),
        ("/api/teams/{id}/rounds", "post"),
        ("/api/teams", "post"),
        ("/api/teams/{id}", "get"),
        ("/api/teams/{id}/rounds/{round}/lineups", "post"),
        (
            "/api/teams/{id}/rounds/{round}/tables/{table}/boards/{board}/result",
            "put",
        ),
        ("/api/accounts", "post"),
        ("/api/sessions", "post"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    // Every reference resolves.
    let mut all = Vec::new();
    refs(&doc, &mut all);
    for r in all {
        let pointer = r.trim_start_matches('#');
        assert!(doc.pointer(pointer).is_some(), "{r} does not resolve");
    }
}

#[tokio::test]
async fn the_time_control_is_checked_stored_and_given_to_the_boards_live_games() {
    let state = memory_state().await;
    let org = account(&state, "olga").await;
    let other = account(&state, "oscar").await;
    // The same parser as `xiangqi clock`: a bad SPEC names the field.
    for bad in ["60x", "m+30s", "60m+", "red:10m"] {
        let (st, b) = post(
            &state,
            "/api/tournaments",
            Some(&org),
            json!({"name": "Cup", "time_control": bad}),
        )
        .await;
        assert_error(
            st,
            &b,
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("time_control"),
        );
    }
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "Cup", "rules": "wxf2018", "time_control": "90m/40,30m", "players": [
            {"name": "王天一"}, {"name": "郑惟桐"}, {"name": "许银川"}, {"name": "赵鑫鑫"}]}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let tc = t["time_control"].as_str().expect("time control").to_owned();
    // Canonical, as `xiangqi clock` writes it.
    assert_eq!(tc, "1h30m/40,30m");
    // Stored with the opening event, so a fresh server reads it back.
    let (_, events) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/events"),
        None,
        None,
    )
    .await;
    assert_eq!(events["events"][0]["data"]["time_control"], tc);

    // No games before a round is paired; only officials start them.
    let games = format!("/api/tournaments/{id}/rounds/1/games");
    let (st, _) = call(&state, "POST", &games, Some(&org), None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let (st, round) = pair_round(&state, &org, &id, json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{round}");
    let (st, _) = call(&state, "POST", &games, Some(&other), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, b) = post(&state, &games, Some(&org), json!({"boards": [3]})).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("boards"));

    // Board 1 only first, then the rest; a board never gets two games.
    let (st, one) = post(&state, &games, Some(&org), json!({"boards": [1]})).await;
    assert_eq!(st, StatusCode::CREATED, "{one}");
    assert_eq!(one["games"].as_array().map(Vec::len), Some(1), "{one}");
    let (st, all) = call(&state, "POST", &games, Some(&org), None).await;
    assert_eq!(st, StatusCode::CREATED, "{all}");
    let list = all["games"].as_array().expect("games");
    assert_eq!(list.len(), 2, "{all}");
    assert_eq!(list[0]["game"], one["games"][0]["game"]);

    // Each live game has the tournament's rules, time control and the paired players.
    let (_, t) = call(&state, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    for (k, g) in list.iter().enumerate() {
        let gid = g["game"].as_str().expect("game id");
        assert_eq!(t["rounds"][0]["games"][k]["game"], gid, "{t}");
        let view = get(&state, &format!("/api/games/{gid}")).await;
        let names = |no: &Value| {
            t["players"]
                .as_array()
                .and_then(|ps| ps.iter().find(|p| p["no"] == *no))
                .map(|p| p["name"].clone())
                .expect("player")
        };
        assert_eq!(
            view["players"]["red"],
            names(&t["rounds"][0]["games"][k]["red"]),
            "{view}"
        );
        assert_eq!(
            view["players"]["black"],
            names(&t["rounds"][0]["games"][k]["black"]),
            "{view}"
        );
        assert_eq!(view["clocks"]["control"], tc, "{view}");
        assert_eq!(view["rules"]["book"], "wxf2018", "{view}");
    }
    // Tokens: to the officials only, and never in the public events.
    let (st, _) = call(&state, "GET", &games, Some(&other), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, _) = call(&state, "GET", &games, None, None).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    let (st, shown) = call(&state, "GET", &games, Some(&org), None).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(shown["games"], all["games"]);
    let (_, events) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/events"),
        None,
        None,
    )
    .await;
    let red_token = list[0]["red_token"].as_str().expect("token");
    assert!(
        !events.to_string().contains(red_token),
        "a token leaked: {events}"
    );

    // Board 1's game ends by resignation: the tournament records it as soon as it is read.
    let g1 = list[0]["game"].as_str().expect("game");
    let (st, b) = post(
        &state,
        &format!("/api/games/{g1}/claims"),
        Some(red_token),
        json!({"type": "resign"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let (_, r1) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/rounds/1"),
        None,
        None,
    )
    .await;
    assert_eq!(r1["games"][0]["result"], "0-1", "{r1}");
    assert!(r1["games"][1]["result"].is_null(), "{r1}");
    // An arbiter's correction stands: the game's result does not overwrite it.
    let (st, _) = put(
        &state,
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        Some(&org),
        json!({"result": "1/2"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let (_, r1) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    let (_, r1b) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/rounds/1"),
        None,
        None,
    )
    .await;
    assert_eq!(r1b["games"][0]["result"], "1/2", "{r1} {r1b}");
    // A board with a result gets no live game.
    let (_, again) = call(&state, "POST", &games, Some(&org), None).await;
    assert_eq!(again["games"], all["games"]);
}

#[tokio::test]
async fn a_knockout_through_the_api_shows_its_bracket_and_champion() {
    let state = memory_state().await;
    let org = account(&state, "kate").await;
    let (st, b) = post(
        &state,
        "/api/tournaments",
        Some(&org),
        json!({"name": "KO", "format": "knockout", "games": 4}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("games"));
    let (st, b) = post(
        &state,
        "/api/tournaments",
        Some(&org),
        json!({"name": "KO", "format": "swiss", "rounds": 3, "playoff_games": 2}),
    )
    .await;
    assert_error(
        st,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some("playoff_games"),
    );
    let players: Vec<Value> = (1..=5)
        .map(|k| json!({"name": format!("P{k}"), "rating": 2600 - k * 10}))
        .collect();
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "KO", "format": "knockout", "games": 1, "players": players}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    assert_eq!(t["format"]["type"], "knockout");
    assert_eq!(t["format"]["games"], 1);
    // Keep-apart is a Swiss's.
    let (st, b) = post(
        &state,
        &format!("/api/tournaments/{id}/keep-apart"),
        Some(&org),
        json!({"players": [1, 2]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("format"));
    let (st, _) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/groups"),
        None,
        None,
    )
    .await;
    // A round robin has no groups: the format, not the tournament, is at fault.
    assert_eq!(st, StatusCode::CONFLICT);
    // Five entrants: an 8-line bracket, byes to the top three seeds (CXA 10.4).
    let mut champion = Value::Null;
    for _ in 0..6 {
        let (st, round) = pair_round(&state, &org, &id, json!({"seed": 7})).await;
        if st != StatusCode::CREATED {
            assert_error(st, &round, StatusCode::CONFLICT, None);
            break;
        }
        let n = round["round"].as_u64().expect("round");
        // The higher start number (the lower seed) wins every game.
        play_round(&state, &org, &id, &round, |_, red, black| red.max(black)).await;
        let br = get(&state, &format!("/api/tournaments/{id}/bracket")).await;
        champion = br["champion"].clone();
        if n == 1 {
            let first = br["rounds"][0].as_array().expect("first round");
            assert_eq!(first.len(), 4, "{br}");
            let byes: Vec<&Value> = first.iter().filter(|m| m["decision"] == "bye").collect();
            assert_eq!(byes.len(), 3, "{br}");
            assert!(byes.iter().all(|m| m["first"].as_u64() <= Some(3)), "{br}");
        }
    }
    assert_eq!(champion, 5, "the lowest seed won every game");
}

#[tokio::test]
async fn groups_then_a_final_and_players_kept_apart_in_a_swiss() {
    let state = memory_state().await;
    let org = account(&state, "greta").await;
    let (st, b) = post(
        &state,
        "/api/tournaments",
        Some(&org),
        json!({"name": "G", "format": "groups"}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("groups"));
    let players: Vec<Value> = (1..=6)
        .map(|k| json!({"name": format!("P{k}"), "rating": 2000 + k * 10}))
        .collect();
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "G", "format": "groups", "groups": 2, "time_control": "30m+10s", "players": players}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let g = get(&state, &format!("/api/tournaments/{id}/groups")).await;
    // Serpentine by rating: 6 (the highest), 3, 2 | 5, 4, 1.
    assert_eq!(g["groups"][0]["players"], json!([6, 3, 2]), "{g}");
    assert_eq!(g["groups"][1]["players"], json!([5, 4, 1]), "{g}");
    let final_url = format!("/api/tournaments/{id}/final");
    let (st, b) = post(&state, &final_url, Some(&org), json!({"qualifiers": 1})).await;
    assert_error(st, &b, StatusCode::CONFLICT, None);
    // Three rounds; the higher rated player wins each game.
    for _ in 1..=3 {
        let (st, round) = pair_round(&state, &org, &id, json!({})).await;
        assert_eq!(st, StatusCode::CREATED, "{round}");
        play_round(&state, &org, &id, &round, |_, red, black| red.max(black)).await;
    }
    let (_, g) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/groups"),
        None,
        None,
    )
    .await;
    assert_eq!(g["groups"][0]["standings"][0]["no"], 6, "{g}");
    assert_eq!(g["groups"][1]["standings"][0]["no"], 5, "{g}");
    let other = account(&state, "gus").await;
    let (st, _) = post(&state, &final_url, Some(&other), json!({"qualifiers": 1})).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, fin) = post(
        &state,
        &final_url,
        Some(&org),
        json!({"qualifiers": 2, "games": 2}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{fin}");
    // Group winners first, then the runners-up; the stage's time control carried over.
    let names: Vec<&str> = fin["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["P6", "P5", "P3", "P4"], "{fin}");
    assert_eq!(fin["stage_of"], id.as_str());
    assert_eq!(fin["format"]["type"], "knockout");
    assert_eq!(fin["time_control"], t["time_control"]);
    let (_, g) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/groups"),
        None,
        None,
    )
    .await;
    assert_eq!(g["final"], fin["id"]);
    let (st, b) = post(&state, &final_url, Some(&org), json!({"qualifiers": 1})).await;
    assert_error(st, &b, StatusCode::CONFLICT, None);

    // A Swiss keeps club-mates and named players apart.
    let s = new_tournament(
        &state,
        &org,
        json!({"name": "S", "format": "swiss", "rounds": 3, "players": [
            {"name": "A", "club": "北京"}, {"name": "B", "club": "北京"}, {"name": "C"}, {"name": "D"}]}),
    )
    .await;
    let sid = s["id"].as_str().expect("id");
    let apart = format!("/api/tournaments/{sid}/keep-apart");
    let (st, b) = post(&state, &apart, Some(&org), json!({"players": [3]})).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("players"));
    let (st, b) = post(&state, &apart, Some(&org), json!({"players": [3, 9]})).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("players[1]"));
    let (st, _) = post(&state, &apart, Some(&other), json!({"clubs": true})).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, b) = post(
        &state,
        &apart,
        Some(&org),
        json!({"clubs": true, "players": [3, 4]}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    assert_eq!(b["kept_apart"], json!([[1, 2], [3, 4]]));
    let (st, round) = pair_round(&state, &org, sid, json!({"seed": 1})).await;
    assert_eq!(st, StatusCode::CREATED, "{round}");
    for g in round["games"].as_array().expect("games") {
        let pair = [g["red"].as_u64(), g["black"].as_u64()];
        assert!(
            !pair.contains(&Some(1)) || !pair.contains(&Some(2)),
            "{round}"
        );
        assert!(
            !pair.contains(&Some(3)) || !pair.contains(&Some(4)),
            "{round}"
        );
    }
}

#[tokio::test]
async fn a_team_round_robin_with_fixed_boards_and_line_ups() {
    let state = memory_state().await;
    let org = account(&state, "tina").await;
    // A team needs a player per board.
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "T", "boards": 3, "teams": [team("北京", 2)]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("players"));
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "T", "boards": 2, "board_rule": "swap"}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("board_rule"));
    let (st, t) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "团体赛", "boards": 2, "teams": [team("北京", 2), team("上海", 3)]}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    let id = t["id"].as_str().expect("id").to_owned();
    // Not a tournament of players, and not listed as one's view.
    let (st, _) = call(&state, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let other = account(&state, "tom").await;
    let (st, _) = post(
        &state,
        &format!("/api/teams/{id}/teams"),
        Some(&other),
        json!({"teams": [team("广东", 2)]}),
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, t) = post(
        &state,
        &format!("/api/teams/{id}/teams"),
        Some(&org),
        json!({"teams": [team("广东", 2)]}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    assert_eq!(t["teams"].as_array().map(Vec::len), Some(3));

    // Three teams: three rounds, one team resting each; fixed boards give the line-ups.
    let mut results = 0;
    for n in 1..=3 {
        let (st, t) = call(
            &state,
            "POST",
            &format!("/api/teams/{id}/rounds"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(st, StatusCode::CREATED, "{t}");
        let round = &t["rounds"][n - 1];
        let m = &round["matches"][0];
        assert_eq!(
            round["matches"].as_array().map(Vec::len),
            Some(1),
            "{round}"
        );
        assert_eq!(m["lineups"][0], json!([1, 2]), "{round}");
        // CXA 12.2: the first-listed team is red on board 1, black on board 2.
        let first = m["first"].as_u64().expect("first");
        assert_eq!(m["boards"][0]["red_team"], first, "{m}");
        assert_ne!(m["boards"][1]["red_team"], first, "{m}");
        // The next round waits for this one.
        let (st, _) = call(
            &state,
            "POST",
            &format!("/api/teams/{id}/rounds"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(st, StatusCode::CONFLICT);
        for board in 1..=2 {
            let (st, t) = put(
                &state,
                &format!("/api/teams/{id}/rounds/{n}/tables/1/boards/{board}/result"),
                Some(&org),
                json!({"result": "1-0"}),
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{t}");
            assert_eq!(
                t["rounds"][n - 1]["matches"][0]["boards"][board - 1]["result"],
                "1-0",
                "{t}"
            );
            results += 1;
        }
    }
    assert_eq!(results, 6);
    let (st, _) = call(
        &state,
        "POST",
        &format!("/api/teams/{id}/rounds"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CONFLICT, "all rounds paired");
    let t = get(&state, &format!("/api/teams/{id}")).await;
    // Every match split 1-1 (red wins on each board): equal 场分 for all.
    let scores: Vec<&str> = t["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .filter_map(|s| s["score"].as_str())
        .collect();
    assert_eq!(scores.len(), 3, "{t}");
    assert!(scores.iter().all(|s| *s == scores[0]), "{t}");
    let (st, b) = put(
        &state,
        &format!("/api/teams/{id}/rounds/1/tables/1/boards/3/result"),
        Some(&org),
        json!({"result": "1-0"}),
    )
    .await;
    assert_eq!(st, StatusCode::NOT_FOUND, "{b}");
}

#[tokio::test]
async fn a_team_line_up_is_checked_under_order_kept_boards() {
    let state = memory_state().await;
    let org = account(&state, "una").await;
    let (st, t) = post(&state, "/api/teams", Some(&org), json!({"name": "换人", "boards": 2, "board_rule": "order_kept", "teams": [team("甲", 4), team("乙", 4)]}))
    .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    let id = t["id"].as_str().expect("id").to_owned();
    let (st, t) = call(
        &state,
        "POST",
        &format!("/api/teams/{id}/rounds"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    assert!(t["rounds"][0]["matches"][0]["lineups"][0].is_null(), "{t}");
    // No results before both line-ups.
    let result = format!("/api/teams/{id}/rounds/1/tables/1/boards/1/result");
    let (st, _) = put(&state, &result, Some(&org), json!({"result": "1/2"})).await;
    assert_eq!(st, StatusCode::CONFLICT);
    let lineups = format!("/api/teams/{id}/rounds/1/lineups");
    // CXA 11.2: reserves may come in, but the registered order is kept.
    let (st, b) = post(
        &state,
        &lineups,
        Some(&org),
        json!({"team": 1, "lineup": [3, 1]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("lineup"));
    let (st, b) = post(
        &state,
        &lineups,
        Some(&org),
        json!({"team": 3, "lineup": [1, 2]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("team"));
    for (team, lineup) in [(1, [1, 3]), (2, [2, 4])] {
        let (st, b) = post(
            &state,
            &lineups,
            Some(&org),
            json!({"team": team, "lineup": lineup}),
        )
        .await;
        assert_eq!(st, StatusCode::CREATED, "{b}");
    }
    let (st, t) = put(&state, &result, Some(&org), json!({"result": "1/2"})).await;
    assert_eq!(st, StatusCode::OK, "{t}");
    let m = &t["rounds"][0]["matches"][0];
    // Board 1: 甲's first player (red) against 乙's second; board 2: 乙's fourth red.
    assert_eq!(m["boards"][0]["red"], "甲1", "{m}");
    assert_eq!(m["boards"][0]["black"], "乙2", "{m}");
    assert_eq!(m["boards"][0]["result"], "1/2", "{m}");
    assert_eq!(m["boards"][1]["red"], "乙4", "{m}");
    assert_eq!(m["boards"][1]["black"], "甲3", "{m}");
}

/// Pairs the next round; the status and the round (or the error).
async fn pair_round(state: &AppState, org: &str, id: &str, body: Value) -> (StatusCode, Value) {
    post(
        state,
        &format!("/api/tournaments/{id}/rounds"),
        Some(org),
        body,
    )
    .await
}

/// Records every game of `round` (its view) with `winner(red, black)` winning.
async fn play_round(
    state: &AppState,
    org: &str,
    id: &str,
    round: &Value,
    winner: impl Fn(u64, u64, u64) -> u64,
) {
    let n = round["round"].as_u64().expect("round");
    for g in round["games"].as_array().expect("games") {
        let (red, black) = (
            g["red"].as_u64().expect("red"),
            g["black"].as_u64().expect("black"),
        );
        let board = g["board"].as_u64().expect("board");
        let result = if winner(board, red, black) == red {
            "1-0"
        } else {
            "0-1"
        };
        let (st, b) = put(
            state,
            &format!("/api/tournaments/{id}/rounds/{n}/boards/{board}/result"),
            Some(org),
            json!({"result": result}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
}

fn entrants(n: i64) -> Vec<Value> {
    (1..=n)
        .map(|k| json!({"name": format!("P{k}"), "rating": 2600 - k * 10}))
        .collect()
}

#[tokio::test]
async fn a_swiss_then_knockout_goes_from_standings_to_a_bracket_of_its_qualifiers() {
    let state = memory_state().await;
    let org = account(&state, "sina").await;
    // The format's own fields are checked and named.
    for (body, field) in [
        (
            json!({"name": "SK", "format": "swiss_knockout", "rounds": 2}),
            "qualifiers",
        ),
        (
            json!({"name": "SK", "format": "swiss_knockout", "rounds": 2, "qualifiers": 1}),
            "qualifiers",
        ),
        (
            json!({"name": "SK", "format": "swiss", "rounds": 2, "qualifiers": 4}),
            "qualifiers",
        ),
        (
            json!({"name": "SK", "format": "swiss_knockout", "qualifiers": 4}),
            "rounds",
        ),
    ] {
        let (st, b) = post(&state, "/api/tournaments", Some(&org), body).await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some(field));
    }
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "SK", "format": "swiss_knockout", "rounds": 2, "qualifiers": 4,
               "games": 1, "players": entrants(6)}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    assert_eq!(t["format"]["type"], "swiss_knockout");
    assert_eq!(t["format"]["qualifiers"], 4);
    // The lower start number wins every game.
    let lower = |_: u64, r: u64, b: u64| r.min(b);
    for n in 1..=2 {
        let (st, round) = pair_round(&state, &org, &id, json!({"seed": 3})).await;
        assert_eq!(st, StatusCode::CREATED, "{round}");
        assert_eq!(round["round"], n);
        assert_eq!(
            round["games"].as_array().map(Vec::len),
            Some(3),
            "a Swiss round: {round}"
        );
        let br = get(&state, &format!("/api/tournaments/{id}/bracket")).await;
        assert_eq!(br["stage"], "swiss", "{br}");
        play_round(&state, &org, &id, &round, lower).await;
    }
    // The Swiss is over: four qualifiers marked in the standings, in seed order.
    let st = get(&state, &format!("/api/tournaments/{id}/standings")).await;
    let rows = st["standings"].as_array().expect("rows");
    let marked: Vec<u64> = rows
        .iter()
        .filter(|r| r["qualifier"] == true)
        .map(|r| r["no"].as_u64().expect("no"))
        .collect();
    assert_eq!(marked.len(), 4, "{st}");
    assert_eq!(rows[0]["qualifier"], true, "the leader goes through: {st}");
    assert_eq!(rows[5]["qualifier"], false, "the last does not: {st}");
    let br = get(&state, &format!("/api/tournaments/{id}/bracket")).await;
    assert_eq!(br["stage"], "knockout", "{br}");
    assert_eq!(br["first_round"], 3);
    let q: Vec<u64> = br["qualifiers"]
        .as_array()
        .expect("qualifiers")
        .iter()
        .map(|v| v.as_u64().expect("no"))
        .collect();
    let mut sorted = marked.clone();
    sorted.sort_unstable();
    let mut q_sorted = q.clone();
    q_sorted.sort_unstable();
    assert_eq!(q_sorted, sorted, "{br} {st}");
    // A hand-entered knockout round keeps the seed its lots are drawn from: seeds 1–4, 2–3.
    let (status, round) = pair_round(
        &state,
        &org,
        &id,
        json!({"seed": 11, "games": [{"red": q[0], "black": q[3]}, {"red": q[1], "black": q[2]}]}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{round}");
    assert_eq!(round["round"], 3);
    assert_eq!(round["seed"], 11, "{round}");
    play_round(&state, &org, &id, &round, lower).await;
    // A non-qualifier cannot be paired into the final.
    let outsider = (1..=6).find(|p| !q.contains(p)).expect("two are out");
    let (status, b) = pair_round(
        &state,
        &org,
        &id,
        json!({"games": [{"red": outsider, "black": q[0]}]}),
    )
    .await;
    assert!(status.is_client_error(), "{b}");
    let (status, round) = pair_round(&state, &org, &id, json!({"seed": 5})).await;
    assert_eq!(status, StatusCode::CREATED, "{round}");
    assert_eq!(
        round["games"].as_array().map(Vec::len),
        Some(1),
        "the final: {round}"
    );
    play_round(&state, &org, &id, &round, lower).await;
    let br = get(&state, &format!("/api/tournaments/{id}/bracket")).await;
    let best = *q.iter().min().expect("qualifiers");
    assert_eq!(br["champion"], best, "{br}");
    assert_eq!(br["rounds"].as_array().map(Vec::len), Some(2), "{br}");
    let view = get(&state, &format!("/api/tournaments/{id}")).await;
    assert_eq!(view["champion"], best);
    assert_eq!(view["in_knockout_stage"], true);
    // Decided: nothing more to pair.
    let (status, b) = pair_round(&state, &org, &id, json!({})).await;
    assert_error(status, &b, StatusCode::CONFLICT, None);
}

#[tokio::test]
async fn a_swiss_with_elimination_marks_and_refuses_the_players_out() {
    let state = memory_state().await;
    let org = account(&state, "elim").await;
    let (st, b) = post(
        &state,
        "/api/tournaments",
        Some(&org),
        json!({"name": "SE", "format": "swiss_elimination", "rounds": 4, "per_round": 2}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("keep"));
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "SE", "format": "swiss_elimination", "rounds": 4, "per_round": 2,
               "keep": 4, "players": entrants(8)}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    assert_eq!(
        t["format"],
        json!({"type": "swiss_elimination", "rounds": 4, "per_round": 2, "keep": 4})
    );
    let lower = |_: u64, r: u64, b: u64| r.min(b);
    for n in 1..=3u64 {
        let (st, round) = pair_round(&state, &org, &id, json!({"seed": 9})).await;
        assert_eq!(st, StatusCode::CREATED, "{round}");
        assert_eq!(
            round["games"].as_array().map(Vec::len),
            Some(4),
            "everyone plays: {round}"
        );
        play_round(&state, &org, &id, &round, lower).await;
        let standings = get(&state, &format!("/api/tournaments/{id}/standings")).await;
        let due: Vec<u64> = standings["standings"]
            .as_array()
            .expect("rows")
            .iter()
            .filter(|r| r["elimination_due"] == true)
            .map(|r| r["no"].as_u64().expect("no"))
            .collect();
        // CXA 10.6: eliminations begin once more than half of the rounds are played.
        if n < 3 {
            assert!(due.is_empty(), "round {n}: {standings}");
        } else {
            assert_eq!(due.len(), 2, "{standings}");
            let rows = standings["standings"].as_array().expect("rows");
            let last_two: Vec<u64> = rows[6..]
                .iter()
                .map(|r| r["no"].as_u64().expect("no"))
                .collect();
            let mut a = due.clone();
            a.sort_unstable();
            let mut b = last_two.clone();
            b.sort_unstable();
            assert_eq!(a, b, "the lowest placed are out: {standings}");
        }
    }
    let view = get(&state, &format!("/api/tournaments/{id}")).await;
    let due: Vec<u64> = view["elimination_due"]
        .as_array()
        .expect("due")
        .iter()
        .map(|v| v.as_u64().expect("no"))
        .collect();
    assert_eq!(due.len(), 2, "{view}");
    let still_in: Vec<u64> = (1..=8).filter(|p| !due.contains(p)).collect();
    // Pairing someone who is out is refused, naming the player.
    let (st, b) = pair_round(
        &state,
        &org,
        &id,
        json!({"games": [{"red": due[0], "black": still_in[0]}, {"red": still_in[1], "black": still_in[2]}],
               "byes": [still_in[3]]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("games"));
    assert!(
        b["message"]
            .as_str()
            .is_some_and(|e| e.contains("eliminated")),
        "{b}"
    );
    // The engine pairs the four still in; the two out are marked from then on.
    let (st, round) = pair_round(&state, &org, &id, json!({"seed": 9})).await;
    assert_eq!(st, StatusCode::CREATED, "{round}");
    let games = round["games"].as_array().expect("games");
    assert_eq!(games.len(), 3, "{round}");
    for g in games {
        assert!(!due.contains(&g["red"].as_u64().expect("red")), "{round}");
        assert!(
            !due.contains(&g["black"].as_u64().expect("black")),
            "{round}"
        );
    }
    let view = get(&state, &format!("/api/tournaments/{id}")).await;
    for p in view["players"].as_array().expect("players") {
        let no = p["no"].as_u64().expect("no");
        let want = if due.contains(&no) {
            json!(3)
        } else {
            Value::Null
        };
        assert_eq!(p["eliminated_after"], want, "{p}");
    }
    play_round(&state, &org, &id, &round, lower).await;
    let standings = get(&state, &format!("/api/tournaments/{id}/standings")).await;
    let rows = standings["standings"].as_array().expect("rows");
    for r in &rows[6..] {
        assert_eq!(
            r["eliminated_after"], 3,
            "the eliminated rank last: {standings}"
        );
    }
}

#[tokio::test]
async fn a_double_elimination_shows_both_brackets_the_grand_final_and_its_reset() {
    let state = memory_state().await;
    let org = account(&state, "dora").await;
    let (st, b) = post(
        &state,
        "/api/tournaments",
        Some(&org),
        json!({"name": "DE", "format": "double_elimination", "rounds": 3}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("rounds"));
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "DE", "format": "double_elimination", "reset": true, "players": entrants(4)}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    assert_eq!(
        t["format"],
        json!({"type": "double_elimination", "reset": true, "playoff_games": 0})
    );
    // The lower start number wins, except the first grand final, which the losers' bracket
    // champion wins: so the reset final is played.
    let mut rounds = 0;
    loop {
        let (st, round) = pair_round(&state, &org, &id, json!({"seed": 21})).await;
        if st != StatusCode::CREATED {
            assert_error(st, &round, StatusCode::CONFLICT, None);
            break;
        }
        rounds += 1;
        assert!(rounds < 10, "the bracket ends");
        let br = get(&state, &format!("/api/tournaments/{id}/bracket")).await;
        let n = round["round"].as_u64().expect("round");
        let grand_final_boards: Vec<u64> = br["matches"]
            .as_array()
            .expect("matches")
            .iter()
            .filter(|m| m["part"]["bracket"] == "grand_final")
            .flat_map(|m| m["games"].as_array().cloned().unwrap_or_default())
            .filter(|g| g["round"] == n)
            .map(|g| g["board"].as_u64().expect("board"))
            .collect();
        play_round(&state, &org, &id, &round, |board, r, b| {
            if grand_final_boards.contains(&board) {
                r.max(b)
            } else {
                r.min(b)
            }
        })
        .await;
    }
    let br = get(&state, &format!("/api/tournaments/{id}/bracket")).await;
    let matches = br["matches"].as_array().expect("matches");
    let parts: Vec<&str> = matches
        .iter()
        .map(|m| m["part"]["bracket"].as_str().expect("part"))
        .collect();
    for p in ["winners", "losers", "grand_final", "reset"] {
        assert!(parts.contains(&p), "{p}: {br}");
    }
    let reset = matches
        .iter()
        .find(|m| m["part"]["bracket"] == "reset")
        .expect("reset");
    assert_eq!(reset["needed"], true, "{br}");
    assert_eq!(reset["winner"], 1, "{br}");
    let gf = matches
        .iter()
        .find(|m| m["part"]["bracket"] == "grand_final")
        .expect("final");
    assert_eq!(
        gf["winner"], 2,
        "the losers' champion took the first final: {br}"
    );
    assert_eq!(br["champion"], 1, "{br}");
    // Player 4 lost twice: once in each bracket.
    let losses = matches.iter().filter(|m| m["loser"] == 4).count();
    assert_eq!(losses, 2, "{br}");
    assert_eq!(
        get(&state, &format!("/api/tournaments/{id}")).await["champion"],
        1
    );
}

#[tokio::test]
async fn a_boards_live_game_leads_back_to_its_tournament_round_and_board() {
    let path = temp_db("by-game");
    let url = path.to_string_lossy().into_owned();
    let state = AppState::new(Store::open(&url).await.expect("opens"));
    let org = account(&state, "linda").await;
    // A team event shares the stream kind: the lookup passes over it.
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "T", "boards": 1}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "Link cup", "players": entrants(4)}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let (st, _) = pair_round(&state, &org, &id, json!({})).await;
    assert_eq!(st, StatusCode::CREATED);
    let (st, started) = call(
        &state,
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/games"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{started}");
    let second = started["games"][1]["game"]
        .as_str()
        .expect("game")
        .to_owned();
    let found = get(&state, &format!("/api/tournaments/by-game/{second}")).await;
    assert_eq!(
        found,
        json!({"tournament": id, "name": "Link cup", "round": 1, "board": 2, "game": second})
    );
    // A new process finds it from the stored events; a casual game is no tournament's.
    let again = AppState::new(Store::open(&url).await.expect("reopens"));
    assert_eq!(
        get(&again, &format!("/api/tournaments/by-game/{second}")).await,
        found
    );
    let (st, casual) = post(&again, "/api/games", None, json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{casual}");
    let (st, _) = call(
        &again,
        "GET",
        &format!(
            "/api/tournaments/by-game/{}",
            casual["id"].as_str().expect("id")
        ),
        None,
        None,
    )
    .await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    // The tournament's own routes are untouched by the lookup's.
    assert_eq!(
        get(&again, &format!("/api/tournaments/{id}")).await["name"],
        "Link cup"
    );
    let _ = std::fs::remove_file(&path);
}

#[tokio::test]
async fn the_pgn_export_holds_the_boards_live_games_and_reads_back() {
    let state = memory_state().await;
    let org = account(&state, "pia").await;
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "PGN \"open\" cup", "players": entrants(4)}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let (st, round) = pair_round(&state, &org, &id, json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{round}");
    let games = format!("/api/tournaments/{id}/rounds/1/games");
    // Board 2 first, so that the export's order is the boards', not the games' starting order.
    let (st, b2) = post(&state, &games, Some(&org), json!({"boards": [2]})).await;
    assert_eq!(st, StatusCode::CREATED, "{b2}");
    let (st, all) = call(&state, "POST", &games, Some(&org), None).await;
    assert_eq!(st, StatusCode::CREATED, "{all}");
    let b1 = &all["games"][0];
    assert_eq!(b1["board"], 1, "{all}");
    let g1 = b1["game"].as_str().expect("game");
    for (mv, token) in [("h2e2", &b1["red_token"]), ("h9g7", &b1["black_token"])] {
        let (st, b) = post(
            &state,
            &format!("/api/games/{g1}/moves"),
            None,
            json!({"move": mv, "token": token}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    let (st, b) = post(
        &state,
        &format!("/api/games/{g1}/claims"),
        b1["red_token"].as_str(),
        json!({"type": "resign"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{b}");

    let r = send(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/export.pgn"),
        None,
        "",
        String::new(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        r.headers[header::CONTENT_TYPE],
        "application/x-chess-pgn; charset=utf-8"
    );
    assert_eq!(
        r.headers[header::CONTENT_DISPOSITION],
        format!("attachment; filename=\"{id}.pgn\"")
    );
    let read: Vec<_> = xiangqi_record::pgn::Reader::new(r.text.as_bytes(), None)
        .collect::<Result<_, _>>()
        .expect("reads");
    assert_eq!(read.len(), 2, "{}", r.text);
    let (_, t) = call(&state, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    let name = |no: &Value| {
        t["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["no"] == *no))
            .and_then(|p| p["name"].as_str())
            .expect("player")
            .to_owned()
    };
    for (k, mut g) in read.into_iter().enumerate() {
        let pairing = &t["rounds"][0]["games"][k];
        assert_eq!(g.tag("Event"), Some("PGN \"open\" cup"), "{}", r.text);
        assert_eq!(g.tag("Round"), Some(format!("1.{}", k + 1).as_str()));
        assert_eq!(g.tag("Red"), Some(name(&pairing["red"]).as_str()));
        assert_eq!(g.tag("Black"), Some(name(&pairing["black"]).as_str()));
        g.resolve().expect("the moves replay");
        let moves: Vec<String> = g.mainline_iccs().iter().map(ToString::to_string).collect();
        if k == 0 {
            // Red resigned after two moves.
            assert_eq!(g.tag("Result"), Some("0-1"));
            assert_eq!(moves, ["h2e2", "h9g7"]);
        } else {
            assert_eq!(g.tag("Result"), Some("*"));
            assert!(moves.is_empty());
        }
    }

    // One round only; a round not paired yet is not found.
    let r1 = send(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/export.pgn?round=1"),
        None,
        "",
        String::new(),
    )
    .await;
    assert_eq!(r1.status, StatusCode::OK);
    assert_eq!(r1.text, r.text);
    assert_eq!(
        r1.headers[header::CONTENT_DISPOSITION],
        format!("attachment; filename=\"{id}-round1.pgn\"")
    );
    for bad in ["0", "2"] {
        let (st, _) = call(
            &state,
            "GET",
            &format!("/api/tournaments/{id}/export.pgn?round={bad}"),
            None,
            None,
        )
        .await;
        assert_eq!(st, StatusCode::NOT_FOUND, "round {bad}");
    }

    // An arbiter's correction on the sheet is what the file says (the moves stay the game's).
    let (st, b) = put(
        &state,
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        Some(&org),
        json!({"result": "1-0"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let r = send(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/export.pgn?round=1"),
        None,
        "",
        String::new(),
    )
    .await;
    let mut first = xiangqi_record::pgn::Reader::new(r.text.as_bytes(), None)
        .next()
        .expect("a game")
        .expect("reads");
    assert_eq!(first.tag("Result"), Some("1-0"), "{}", r.text);
    first.resolve().expect("the moves replay");
    assert_eq!(first.mainline_iccs().len(), 2);
}

/// A board's live game that ends is recorded on the board at once, as an event, before any
/// read; reading never writes, so a result the tournament never heard of (a crash between
/// the game's append and the tournament's) waits for the next write that needs it.
#[tokio::test]
async fn a_games_end_is_recorded_as_it_happens_and_reading_never_writes() {
    use std::sync::Arc;
    use xiangqi_server::{Claim, Games, TimeSource};
    use xiangqi_store::{EventStore, StreamKind};
    let state = memory_state().await;
    let org = account(&state, "rita").await;
    let players: Vec<Value> = ["a", "b", "c", "d"]
        .iter()
        .map(|n| json!({"name": n}))
        .collect();
    let t = new_tournament(&state, &org, json!({"name": "Cup", "players": players})).await;
    let id = t["id"].as_str().expect("id").to_owned();
    let base = format!("/api/tournaments/{id}");
    let (st, _) = call(&state, "POST", &format!("{base}/rounds"), Some(&org), None).await;
    assert_eq!(st, StatusCode::CREATED);
    let (st, started) = call(
        &state,
        "POST",
        &format!("{base}/rounds/1/games"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{started}");
    let boards = started["games"].as_array().expect("games").clone();
    assert_eq!(boards.len(), 2);
    let store = state.games().store().clone();
    let seq = || async {
        store
            .last_seq(StreamKind::Tournament, &id)
            .await
            .expect("seq")
    };

    // Board 1: Red resigns; the tournament has the result before anyone reads it.
    let before = seq().await;
    let game = |k: usize, key: &str| boards[k][key].as_str().expect(key).to_owned();
    let (st, _) = post(
        &state,
        &format!("/api/games/{}/claims", game(0, "game")),
        Some(&game(0, "red_token")),
        json!({"type": "resign"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(seq().await, before + 1);
    let events = get(&state, &format!("{base}/events")).await;
    let last = events["events"].as_array().and_then(|e| e.last()).cloned();
    assert_eq!(
        last.as_ref().map(|e| e["type"].clone()),
        Some(json!("result_recorded"))
    );

    // Board 2 ends where the tournament does not hear of it: another process's games, and
    // this process's copy of the game has left memory.
    let elsewhere = Arc::new(Games::new(store.clone(), TimeSource::new()));
    let red2 = game(1, "red_token");
    elsewhere
        .claim(&game(1, "game"), Some(&red2), Claim::Resign)
        .await
        .expect("resigns");
    state.games().evict(Duration::ZERO, Duration::ZERO);
    let before = seq().await;
    for path in [
        String::new(),
        "/standings".into(),
        "/crosstable".into(),
        "/rounds/1".into(),
        "/export.trf".into(),
        "/export.csv".into(),
        "/export.pgn".into(),
        "/events".into(),
    ] {
        let (st, b) = call(&state, "GET", &format!("{base}{path}"), None, None).await;
        assert_eq!(st, StatusCode::OK, "{path}: {b}");
    }
    let (st, _) = call(
        &state,
        "GET",
        &format!("{base}/rounds/1/games"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let by_game = get(
        &state,
        &format!("/api/tournaments/by-game/{}", game(1, "game")),
    )
    .await;
    assert_eq!(by_game["board"], 2);
    assert_eq!(seq().await, before, "a read wrote");
    let round = get(&state, &format!("{base}/rounds/1")).await;
    assert_eq!(round["games"][0]["result"], "0-1");
    assert!(round["games"][1]["result"].is_null(), "{round}");

    // The next pairing needs every result: it takes board 2's from its game first.
    let (st, r2) = call(&state, "POST", &format!("{base}/rounds"), Some(&org), None).await;
    assert_eq!(st, StatusCode::CREATED, "{r2}");
    let round = get(&state, &format!("{base}/rounds/1")).await;
    assert_eq!(round["games"][1]["result"], "0-1", "{round}");
}

/// The rating report through the API: a round robin of four after round 1 (1–4, 2–3).
///
/// By hand, default rules (K 10 from 2400, 20 below; the 400-point rule):
/// - 1 (2400) beat 4 (2100): E = 1/(1+10^−0.75) = 0.84902, so 1 gains 10 × 0.15098 = 1.51
///   (2402) and 4 loses 20 × 0.15098 = 3.02 (2097);
/// - 2 (2300) drew 3 (2200): E = 1/(1+10^−0.25) = 0.64007, so 2 loses 20 × 0.14007 = 2.80
///   (2297) and 3 gains as much (2203).
///
/// The organiser's table of K 32 for everyone makes 1's gain 32 × 0.15098 = 4.83 (2405).
#[tokio::test]
async fn the_rating_report_and_the_organisers_k_table() {
    let state = memory_state().await;
    let org = account(&state, "rita").await;
    let players: Vec<Value> = (0..4)
        .map(|k| json!({"name": format!("P{}", k + 1), "rating": 2400 - k * 100}))
        .collect();
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "Rated", "format": "round_robin", "players": players}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let (st, round) = pair_round(&state, &org, &id, json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{round}");
    for (board, result) in [(1, "1-0"), (2, "1/2")] {
        let (st, b) = put(
            &state,
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            Some(&org),
            json!({"result": result}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    let new_ratings = |r: &Value| -> Vec<i64> {
        r["lines"]
            .as_array()
            .expect("lines")
            .iter()
            .map(|l| l["new_rating"].as_i64().expect("rated"))
            .collect()
    };
    let r = get(&state, &format!("/api/tournaments/{id}/ratings")).await;
    assert_eq!(new_ratings(&r), [2402, 2297, 2203, 2097], "{r}");
    assert_eq!(r["difference_cap"], 400);
    assert_eq!(r["lines"][0]["k"], 10);
    let url = format!("/api/tournaments/{id}/rating-rules");
    let other = account(&state, "ron").await;
    let (st, _) = put(&state, &url, Some(&other), json!({"k_table": [{"k": 32}]})).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, b) = put(
        &state,
        &url,
        Some(&org),
        json!({"k_table": [{"games_below": 30, "k": 40}]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("k_table"));
    let (st, b) = put(
        &state,
        &url,
        Some(&org),
        json!({"k_table": [{"k": 32}], "prior_games": {"9": 3}}),
    )
    .await;
    assert_error(
        st,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some("prior_games"),
    );
    // Out of the documented range: refused, naming the field (schemathesis sent 2^31 games).
    for (body, field) in [
        (
            json!({"performance_after": 2_147_483_648_u64}),
            "performance_after",
        ),
        (json!({"performance_after": 1001}), "performance_after"),
        (json!({"performance_after": 0}), "performance_after"),
        (
            json!({"prior_games": {"1": 2_147_483_648_u64}}),
            "prior_games",
        ),
    ] {
        let (st, b) = put(&state, &url, Some(&org), body).await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some(field));
    }
    let (st, b) = put(
        &state,
        &url,
        Some(&org),
        json!({"k_table": [{"k": 32}], "difference_cap": 0}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["lines"][0]["new_rating"], 2405, "{b}");
    assert_eq!(b["difference_cap"], Value::Null);
    // Kept: the next report is under the organiser's rules.
    let r = get(&state, &format!("/api/tournaments/{id}/ratings")).await;
    assert_eq!(r["lines"][0]["k"], 32, "{r}");
}

/// A knockout's third-place match (附加赛, CXA 10.4) through the API: four players, the lower
/// start number winning every game. Round 2 holds the final 1–2 and, beside it, 3–4 for third;
/// the bracket then gives every place. Placing matches are refused for a Swiss.
#[tokio::test]
async fn a_knockout_with_a_third_place_match() {
    let state = memory_state().await;
    let org = account(&state, "petra").await;
    let (st, b) = post(
        &state,
        "/api/tournaments",
        Some(&org),
        json!({"name": "S", "format": "swiss", "rounds": 3, "placings": "third"}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("placings"));
    let players: Vec<Value> = (1..=4).map(|k| json!({"name": format!("P{k}")})).collect();
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "Cup", "format": "knockout", "games": 1, "placings": "third", "players": players}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    for expected in [2, 2] {
        let (st, round) = pair_round(&state, &org, &id, json!({"seed": 5})).await;
        assert_eq!(st, StatusCode::CREATED, "{round}");
        assert_eq!(round["games"].as_array().map(Vec::len), Some(expected));
        play_round(&state, &org, &id, &round, |_, red, black| red.min(black)).await;
    }
    let (st, _) = pair_round(&state, &org, &id, json!({"seed": 6})).await;
    assert_eq!(st, StatusCode::CONFLICT);
    let br = get(&state, &format!("/api/tournaments/{id}/bracket")).await;
    assert_eq!(br["placings"], "third", "{br}");
    assert_eq!(br["champion"], 1);
    assert_eq!(br["placing"][0]["first_place"], 3, "{br}");
    assert_eq!(br["placing"][0]["lines"][0]["winner"], 3, "{br}");
    let places: Vec<(u64, u64)> = br["places"]
        .as_array()
        .expect("places")
        .iter()
        .map(|p| {
            (
                p["no"].as_u64().expect("no"),
                p["place"].as_u64().expect("place"),
            )
        })
        .collect();
    assert_eq!(places, [(1, 1), (2, 2), (3, 3), (4, 4)]);
}

/// Start numbers by lot (抽签) through the API, with CXA 14.4's redraw: five drawn; one
/// withdraws before the start and four are left (even), so the lots are drawn again; round 1
/// then follows the lots (appendix 2: lot 1 – lot 4, lot 2 – lot 3).
#[tokio::test]
async fn start_numbers_drawn_by_lot_and_redrawn() {
    let state = memory_state().await;
    let org = account(&state, "dora").await;
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "Drawn", "format": "round_robin", "players": entrants(5)}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    let url = format!("/api/tournaments/{id}/draw");
    let (st, _) = call(&state, "GET", &url, None, None).await;
    assert_eq!(st, StatusCode::CONFLICT, "nothing drawn yet");
    let other = account(&state, "dan").await;
    let (st, _) = post(&state, &url, Some(&other), json!({"seed": 4})).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, d) = post(&state, &url, Some(&org), json!({"seed": 4})).await;
    assert_eq!(st, StatusCode::CREATED, "{d}");
    assert_eq!(d["seed"], 4);
    assert_eq!(d["lots"].as_array().map(Vec::len), Some(5));
    let (st, b) = post(
        &state,
        &format!("/api/tournaments/{id}/withdrawals"),
        Some(&org),
        json!({"player": 2}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    let d = get(&state, &url).await;
    assert_eq!(d["redraws"], 1, "{d}");
    let lots: Vec<u64> = d["lots"]
        .as_array()
        .expect("lots")
        .iter()
        .map(|l| l["no"].as_u64().expect("no"))
        .collect();
    assert_eq!(lots.len(), 4);
    assert!(!lots.contains(&2));
    let (st, round) = pair_round(&state, &org, &id, json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{round}");
    let pair = |k: usize| {
        let g = &round["games"][k];
        (
            g["red"].as_u64().expect("red"),
            g["black"].as_u64().expect("black"),
        )
    };
    assert_eq!(pair(0), (lots[0], lots[3]), "{round}");
    assert_eq!(pair(1), (lots[1], lots[2]), "{round}");
    let (st, b) = post(&state, &url, Some(&org), json!({})).await;
    assert_error(st, &b, StatusCode::CONFLICT, None);
    // A Swiss pairs by score and rating: no draw.
    let s = new_tournament(
        &state,
        &org,
        json!({"name": "S", "format": "swiss", "rounds": 3, "players": entrants(4)}),
    )
    .await;
    let sid = s["id"].as_str().expect("id");
    let (st, b) = post(
        &state,
        &format!("/api/tournaments/{sid}/draw"),
        Some(&org),
        json!({}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("format"));
}
