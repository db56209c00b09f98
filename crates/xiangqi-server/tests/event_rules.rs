//! Issue 18's event rules, fouls and appeals through the API: the rules object of a
//! tournament and a team event, inherited by the tournament's games; every stored rule
//! enforced in a game (each case fails if the number is ignored); a live foul on the score
//! sheet and in the tournament's 犯规 column; a game's disqualification (CXA 2011 art. 18.2);
//! the decision on an appeal (WXF 2018 art. 12.4), with who may and may not make it; WXF 2018
//! art. 2.10.D through a touch claim.

use axum::http::StatusCode;
use serde_json::{Value, json};
use xiangqi_server::AppState;

mod common;
use common::{account, assert_error, get, memory_state, new_game, new_tournament, post, text};

/// A game's id and its red, black and arbiter tokens.
struct Table {
    id: String,
    red: String,
    black: String,
    arbiter: String,
}

impl Table {
    async fn new(state: &AppState, body: Value) -> Table {
        let g = new_game(state, body).await;
        Table {
            id: text(&g, "id"),
            red: text(&g, "red_token"),
            black: text(&g, "black_token"),
            arbiter: text(&g, "arbiter_token"),
        }
    }

    async fn claim(&self, state: &AppState, token: &str, body: Value) -> (StatusCode, Value) {
        post(
            state,
            &format!("/api/games/{}/claims", self.id),
            Some(token),
            body,
        )
        .await
    }

    /// Plays `moves` alternately, Red first.
    async fn line(&self, state: &AppState, moves: &[&str]) {
        for (i, m) in moves.iter().enumerate() {
            let token = if i % 2 == 0 { &self.red } else { &self.black };
            let (st, b) = post(
                state,
                &format!("/api/games/{}/moves", self.id),
                Some(token),
                json!({"move": m}),
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{m}: {b}");
        }
    }

    async fn view(&self, state: &AppState) -> Value {
        get(state, &format!("/api/games/{}", self.id)).await
    }

    /// The arbiter enters `foul` against `color`; the game's view.
    async fn foul(&self, state: &AppState, color: &str, foul: Value) -> Value {
        let (st, b) = self
            .claim(
                state,
                &self.arbiter,
                json!({"type": "foul", "color": color, "foul": foul}),
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{b}");
        b["game"].clone()
    }
}

/// WXF 2018 art. 12.11: no draw by agreement within the event's first moves (20 in WXF; the
/// organiser's number, none by default, in CXA); the arbiter may still declare it (3.2.A).
#[tokio::test]
async fn an_early_draw_by_agreement_is_refused() {
    let state = memory_state().await;
    for (rules, refused) in [
        (json!("wxf2018"), true),
        (json!({"book": "cxa", "early_draw_moves": 5}), true),
        (json!("cxa2011"), false),
        // A key (or the book) set to null keeps the book's value, as the schema says: WXF's
        // 20 moves; CXA's none.
        (json!({"book": "wxf", "early_draw_moves": null}), true),
        (json!({"book": null, "early_draw_moves": null}), false),
    ] {
        let t = Table::new(&state, json!({"rules": rules})).await;
        t.line(&state, &["h2e2", "h9g7"]).await;
        let (st, _) = t.claim(&state, &t.red, json!({"type": "draw_offer"})).await;
        assert_eq!(st, StatusCode::OK);
        let (st, b) = t
            .claim(&state, &t.black, json!({"type": "draw_accept"}))
            .await;
        if !refused {
            assert_eq!(st, StatusCode::OK, "{rules}: {b}");
            assert_eq!(b["game"]["termination"], "agreement", "{b}");
            continue;
        }
        assert_eq!(
            (st, &b["error"]),
            (StatusCode::CONFLICT, &json!("early_draw")),
            "{rules}: {b}"
        );
        assert_eq!(b["article"], "WXF 2018 art. 12.11", "{b}");
        assert_eq!(t.view(&state).await["status"], "playing");
        // The arbiter's leave: a declared draw.
        let (st, b) = t
            .claim(
                &state,
                &t.arbiter,
                json!({"type": "declare", "result": "1/2", "reason": "both agree; allowed"}),
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{b}");
        assert_eq!(b["game"]["result"], "1/2-1/2", "{b}");
    }
}

/// Each number an event sets is the one applied: a case where the book's number and the
/// event's give different answers (CXA 2011 arts. 4.1.8, 4.1.10, 4.2.4, 20.1, 22.1, 22.2;
/// WXF 2018 art. 12.4).
#[tokio::test]
async fn every_event_rule_is_enforced() {
    let state = memory_state().await;
    let cxa = |extra: Value| {
        let mut rules = json!({"book": "cxa"});
        for (k, v) in extra.as_object().into_iter().flatten() {
            rules[k] = v.clone();
        }
        json!({ "rules": rules })
    };

    // move_limit: two moves each without a capture reach a limit of 2, not the book's 60.
    for (limit, drawn) in [(Some(2), true), (None, false)] {
        let body = cxa(limit.map_or(json!({}), |l| json!({"move_limit": l})));
        let t = Table::new(&state, body).await;
        t.line(&state, &["h2e2", "h9g7", "h0g2", "i9h9"]).await;
        let (st, b) = t.claim(&state, &t.red, json!({"type": "move_limit"})).await;
        assert_eq!(st, StatusCode::OK, "{b}");
        assert_eq!(b["game"]["termination"] == "move_limit", drawn, "{b}");
    }

    // illegal_moves_to_lose: nationally one illegal move loses (4.1.8); at 2 it is a foul.
    for (n, lost) in [(Some(2), false), (None, true)] {
        let body = cxa(n.map_or(json!({}), |n| json!({"illegal_moves_to_lose": n})));
        let t = Table::new(&state, body).await;
        t.line(&state, &["h2e2", "h9g7"]).await;
        let (st, b) = t
            .claim(&state, &t.arbiter, json!({"type": "correct", "ply": 2}))
            .await;
        assert_eq!(st, StatusCode::OK, "{b}");
        assert_eq!(b["game"]["status"] == "ended", lost, "{n:?}: {b}");
    }

    // fouls_to_lose: one foul loses at 1; the book's 3 (4.1.10) leaves the game on.
    for (n, lost) in [(Some(1), true), (None, false)] {
        let body = cxa(n.map_or(json!({}), |n| json!({"fouls_to_lose": n})));
        let t = Table::new(&state, body).await;
        let view = t.foul(&state, "red", json!({"kind": "disturbing"})).await;
        assert_eq!(view["status"] == "ended", lost, "{n:?}: {view}");
        if lost {
            assert_eq!(
                (&view["result"], &view["termination"]),
                (&json!("0-1"), &json!("foul"))
            );
        }
    }

    // lateness_ms: two minutes late loses with a one-minute limit, not with the book's 15.
    for (n, lost) in [(Some(60_000), true), (None, false)] {
        let body = cxa(n.map_or(json!({}), |n| json!({"lateness_ms": n})));
        let t = Table::new(&state, body).await;
        let view = t
            .foul(&state, "black", json!({"kind": "late", "ms": 120_000}))
            .await;
        assert_eq!(view["status"] == "ended", lost, "{n:?}: {view}");
    }

    // draw_offers_beyond: at 1, Red's second offer against none is void (22.1, 8.1.3); at the
    // book's 2 it stands and may be accepted.
    for (n, void) in [(Some(1), true), (None, false)] {
        let body = cxa(n.map_or(json!({}), |n| json!({"draw_offers_beyond": n})));
        let t = Table::new(&state, body).await;
        let offer = json!({"type": "draw_offer"});
        t.claim(&state, &t.red, offer.clone()).await;
        t.line(&state, &["h2e2", "h9g7"]).await;
        let (st, _) = t.claim(&state, &t.red, offer).await;
        assert_eq!(st, StatusCode::OK);
        let (st, b) = t
            .claim(&state, &t.black, json!({"type": "draw_accept"}))
            .await;
        if void {
            assert_eq!(
                (st, &b["error"]),
                (StatusCode::CONFLICT, &json!("draw_offer_void")),
                "{b}"
            );
        } else {
            assert_eq!(st, StatusCode::OK, "{b}");
        }
    }

    // appeal_window_ms: a CXA event with a 1 ms window refuses a later appeal; without one
    // (the book sets none) it is taken.
    for (n, late) in [(Some(1), true), (None, false)] {
        let body = cxa(n.map_or(json!({}), |n| json!({"appeal_window_ms": n})));
        let t = Table::new(&state, body).await;
        t.claim(&state, &t.red, json!({"type": "resign"})).await;
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let (st, b) = post(
            &state,
            &format!("/api/games/{}/appeals", t.id),
            Some(&t.red),
            json!({"text": "the arbiter misread the clock"}),
        )
        .await;
        if late {
            assert_eq!(
                (st, &b["error"]),
                (StatusCode::CONFLICT, &json!("appeal_too_late")),
                "{b}"
            );
        } else {
            assert_eq!(st, StatusCode::CREATED, "{b}");
        }
    }
}

/// The rules object of a tournament: shown whole, each key the book's unless set, refused by
/// key, and inherited by every game started for a board; a team event takes it too.
#[tokio::test]
async fn a_tournaments_games_inherit_its_rules() {
    let state = memory_state().await;
    let org = account(&state, "rulesorg").await;
    for (bad, field) in [
        (json!({"move_limt": 40}), "rules.move_limt"),
        (json!({"book": "wxf", "move_limit": 55}), "rules.move_limit"),
        (json!({"fouls_to_lose": -1}), "rules.fouls_to_lose"),
        (json!({"book": 7}), "rules.book"),
    ] {
        for (uri, body) in [
            ("/api/tournaments", json!({"name": "bad", "rules": bad})),
            (
                "/api/teams",
                json!({"name": "bad", "boards": 1, "rules": bad}),
            ),
        ] {
            let (st, b) = post(&state, uri, Some(&org), body).await;
            assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some(field));
        }
    }
    let rules = json!({"book": "cxa", "move_limit": 40, "illegal_moves_to_lose": 2,
                       "early_draw_moves": 10});
    let whole = json!({"book": "cxa2011", "move_limit": 40, "illegal_moves_to_lose": 2,
                       "lateness_ms": 900_000, "fouls_to_lose": 3, "draw_offers_beyond": 2,
                       "early_draw_moves": 10, "appeal_window_ms": null});
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "Junior", "rules": rules, "players": [{"name": "甲"}, {"name": "乙"}]}),
    )
    .await;
    assert_eq!(t["rules"], whole, "{t}");
    let id = text(&t, "id");
    assert_eq!(
        get(&state, &format!("/api/tournaments/{id}")).await["rules"],
        whole
    );
    let (st, _) = post(
        &state,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&org),
        json!({}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED);
    let (st, started) = post(
        &state,
        &format!("/api/tournaments/{id}/rounds/1/games"),
        Some(&org),
        json!({}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{started}");
    let game = text(&started["games"][0], "game");
    assert_eq!(
        get(&state, &format!("/api/games/{game}")).await["rules"],
        whole
    );
    // A name still reads, with the book's numbers.
    let w = new_tournament(&state, &org, json!({"name": "Open", "rules": "wxf2018"})).await;
    assert_eq!(w["rules"]["move_limit"], 50, "{w}");
    assert_eq!(w["rules"]["early_draw_moves"], 20, "{w}");

    let (st, team) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "League", "boards": 2, "rules": rules}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{team}");
    assert_eq!(team["rules"], whole, "{team}");
    let tid = text(&team, "id");
    assert_eq!(
        get(&state, &format!("/api/teams/{tid}")).await["rules"],
        whole
    );
}

/// A two-player round robin with its round 1 game started: the tournament's id, the
/// organiser's session, and the board's game.
async fn one_board(state: &AppState, org_name: &str) -> (String, String, Table) {
    let org = account(state, org_name).await;
    let t = new_tournament(
        state,
        &org,
        json!({"name": "Cup", "players": [{"name": "甲"}, {"name": "乙"}]}),
    )
    .await;
    let id = text(&t, "id");
    let (st, _) = post(
        state,
        &format!("/api/tournaments/{id}/rounds"),
        Some(&org),
        json!({}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED);
    let (st, started) = post(
        state,
        &format!("/api/tournaments/{id}/rounds/1/games"),
        Some(&org),
        json!({}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{started}");
    let g = &started["games"][0];
    let table = Table {
        id: text(g, "game"),
        red: text(g, "red_token"),
        black: text(g, "black_token"),
        arbiter: text(g, "arbiter_token"),
    };
    (id, org, table)
}

/// The value of tie-break `code` for start number `no` in the standings.
fn tie_break(standings: &Value, code: &str, no: u64) -> Value {
    let k = standings["tie_breaks"]
        .as_array()
        .and_then(|t| t.iter().position(|t| t["code"] == code))
        .unwrap_or_else(|| panic!("{code} in {standings}"));
    standings["standings"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["no"] == no))
        .map(|r| r["tie_breaks"][k].clone())
        .unwrap_or_else(|| panic!("no. {no} in {standings}"))
}

/// CXA 2011 art. 9: a foul the arbiter records in a live game is on the game's view, on its
/// score sheet, on its board and in the tournament's 犯规 column (14.1), once, with nobody
/// entering it again; a draw leaves the foul-free player first.
#[tokio::test]
async fn a_live_foul_reaches_the_sheet_and_the_standings() {
    let state = memory_state().await;
    let (id, _org, t) = one_board(&state, "foulorg").await;
    let view = t.foul(&state, "red", json!({"kind": "disturbing"})).await;
    assert_eq!(view["fouls"][0]["article"], "CXA 2011 art. 8.1.1", "{view}");
    // On the board while the game goes on.
    let round = get(&state, &format!("/api/tournaments/{id}/rounds/1")).await;
    assert_eq!(
        round["games"][0]["fouls"],
        json!({"red": 1, "black": 0}),
        "{round}"
    );
    t.claim(&state, &t.red, json!({"type": "draw_offer"})).await;
    let (st, b) = t
        .claim(&state, &t.black, json!({"type": "draw_accept"}))
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(
        t.view(&state).await["score_sheet"]["fouls"],
        json!({"red": 1, "black": 0})
    );
    let standings = get(&state, &format!("/api/tournaments/{id}/standings")).await;
    let red_no = get(&state, &format!("/api/tournaments/{id}/rounds/1")).await["games"][0]["red"]
        .as_u64()
        .expect("red's number");
    let black_no = 3 - red_no;
    assert_eq!(tie_break(&standings, "FOUL", red_no), "1", "{standings}");
    assert_eq!(tie_break(&standings, "FOUL", black_no), "0", "{standings}");
    assert_eq!(standings["standings"][0]["no"], black_no, "{standings}");
}

/// Accounts for `names`, appointed arbiters of tournament `id` in that order (the first is the
/// chief arbiter); their sessions.
async fn appoint_arbiters<const N: usize>(
    state: &AppState,
    id: &str,
    org: &str,
    names: [&str; N],
) -> [String; N] {
    let mut sessions = Vec::new();
    for name in names {
        sessions.push(account(state, name).await);
        let (st, _) = post(
            state,
            &format!("/api/tournaments/{id}/arbiters"),
            Some(org),
            json!({"username": name}),
        )
        .await;
        assert_eq!(st, StatusCode::CREATED);
    }
    sessions.try_into().expect("one session a name")
}

/// CXA 2011 art. 18.2: only the chief arbiter (the first appointed) or the organiser
/// disqualifies a player from a game, and the game is lost by forfeit; 18.5: sanctioned last.
#[tokio::test]
async fn a_game_disqualification_forfeits_the_game() {
    let state = memory_state().await;
    let (id, org, t) = one_board(&state, "dqorg").await;
    let [chief, second] = &appoint_arbiters(&state, &id, &org, ["chief", "second"]).await;
    let red = get(&state, &format!("/api/tournaments/{id}/rounds/1")).await["games"][0]["red"]
        .as_u64()
        .expect("red");
    let dq = json!({"player": red, "round": 1, "penalty": "game_disqualification"});
    let uri = format!("/api/tournaments/{id}/penalties");
    let (st, b) = post(&state, &uri, Some(second), dq.clone()).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{b}");
    // A warning is any arbiter's (18.1).
    let warn = json!({"player": 3 - red, "round": 1, "penalty": "warning"});
    let (st, b) = post(&state, &uri, Some(second), warn).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    let (st, b) = post(&state, &uri, Some(chief), dq).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    let round = get(&state, &format!("/api/tournaments/{id}/rounds/1")).await;
    assert_eq!(round["games"][0]["result"], "-/+", "{round}");
    // The live game ends as the forfeit, declared, and the board keeps its "-/+".
    let game = t.view(&state).await;
    assert_eq!(
        (&game["result"], &game["termination"]),
        (&json!("0-1"), &json!("declared")),
        "{game}"
    );
    let round = get(&state, &format!("/api/tournaments/{id}/rounds/1")).await;
    assert_eq!(round["games"][0]["result"], "-/+", "{round}");
    let standings = get(&state, &format!("/api/tournaments/{id}/standings")).await;
    assert_eq!(standings["standings"][0]["no"], 3 - red, "{standings}");
}

/// WXF 2018 art. 12.4: the decision on an appeal is the tournament's organiser's or chief
/// arbiter's, once; an upheld appeal that gives another result changes the board's result,
/// and the game's record stays as it was.
#[tokio::test]
async fn an_appeal_is_decided_by_the_chief_arbiter_or_the_organiser() {
    let state = memory_state().await;
    let (id, org, t) = one_board(&state, "appealorg").await;
    let (st, b) = t.claim(&state, &t.red, json!({"type": "resign"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let (st, b) = post(
        &state,
        &format!("/api/games/{}/appeals", t.id),
        Some(&t.red),
        json!({"text": "my opponent's flag fell first"}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    let uri = format!("/api/games/{}/appeals/1/decision", t.id);
    let upheld = json!({"decision": "upheld", "reason": "the flag fell first", "result": "1-0"});
    // Nobody, a player's token (not an account's session), a stranger, a second arbiter.
    let (st, _) = post(&state, &uri, None, upheld.clone()).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    let (st, _) = post(&state, &uri, Some(&t.black), upheld.clone()).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED);
    let stranger = account(&state, "stranger").await;
    let (st, b) = post(&state, &uri, Some(&stranger), upheld.clone()).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{b}");
    let [chief, second] = &appoint_arbiters(&state, &id, &org, ["chiefa", "seconda"]).await;
    let (st, b) = post(&state, &uri, Some(second), upheld.clone()).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{b}");
    for (bad, field) in [
        (json!({"decision": "maybe", "reason": "x"}), "decision"),
        (json!({"decision": "upheld", "reason": "  "}), "reason"),
        (
            json!({"decision": "rejected", "reason": "x", "result": "1-0"}),
            "result",
        ),
        (
            json!({"decision": "upheld", "reason": "x", "result": "2-0"}),
            "result",
        ),
    ] {
        let (st, b) = post(&state, &uri, Some(&org), bad).await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some(field));
    }
    let (st, b) = post(
        &state,
        &format!("/api/games/{}/appeals/2/decision", t.id),
        Some(&org),
        upheld.clone(),
    )
    .await;
    assert_eq!(st, StatusCode::NOT_FOUND, "{b}");
    let (st, b) = post(&state, &uri, Some(chief), upheld.clone()).await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    let decision = &b["game"]["appeals"][0]["decision"];
    assert_eq!(
        (&decision["decision"], &decision["result"], &decision["by"]),
        (&json!("upheld"), &json!("1-0"), &json!("chiefa")),
        "{b}"
    );
    // The record stays; the tournament's board has the new result.
    assert_eq!(t.view(&state).await["result"], "0-1");
    let round = get(&state, &format!("/api/tournaments/{id}/rounds/1")).await;
    assert_eq!(round["games"][0]["result"], "1-0", "{round}");
    let (st, b) = post(&state, &uri, Some(&org), upheld).await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("appeal_decided")),
        "{b}"
    );
    // Black appeals in turn; the organiser rejects it, and the result stays.
    let (st, _) = post(
        &state,
        &format!("/api/games/{}/appeals", t.id),
        Some(&t.black),
        json!({"text": "Red resigned before the flag"}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED);
    let (st, b) = post(
        &state,
        &format!("/api/games/{}/appeals/2/decision", t.id),
        Some(&org),
        json!({"decision": "rejected", "reason": "decided already"}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{b}");
    assert_eq!(
        b["game"]["appeals"][1]["decision"]["by"], "appealorg",
        "{b}"
    );
    let round = get(&state, &format!("/api/tournaments/{id}/rounds/1")).await;
    assert_eq!(round["games"][0]["result"], "1-0", "{round}");

    // A casual game has no appeal committee.
    let casual = Table::new(&state, json!({})).await;
    casual
        .claim(&state, &casual.red, json!({"type": "resign"}))
        .await;
    post(
        &state,
        &format!("/api/games/{}/appeals", casual.id),
        Some(&casual.red),
        json!({"text": "no"}),
    )
    .await;
    let (st, b) = post(
        &state,
        &format!("/api/games/{}/appeals/1/decision", casual.id),
        Some(&org),
        json!({"decision": "rejected", "reason": "x"}),
    )
    .await;
    assert_eq!(
        (st, &b["error"]),
        (StatusCode::CONFLICT, &json!("not_a_tournament_game")),
        "{b}"
    );
}

/// WXF 2018 art. 2.10.D through the touch claim: in check, a touched piece that cannot answer
/// the check frees the player to answer with another, with a technical foul on the game.
#[tokio::test]
async fn in_check_a_touched_piece_that_cannot_answer_is_a_technical_foul() {
    let state = memory_state().await;
    let t = Table::new(
        &state,
        json!({"rules": "wxf2018", "fen": "3kr4/9/9/9/9/9/9/R8/9/1N2K4 w - - 0 1"}),
    )
    .await;
    let (st, b) = t
        .claim(&state, &t.red, json!({"type": "touch", "squares": ["b0"]}))
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let fouls = &b["game"]["fouls"];
    assert_eq!(
        fouls,
        &json!([{"color": "red", "foul": {"kind": "touch"},
                 "article": "WXF 2018 arts. 2.10.D, 4.2"}]),
        "{b}"
    );
    // The horse, then the rook: the rook must answer (the later touch binds, 4.2), and a move
    // of the king is refused citing 2.10.D.
    let t = Table::new(
        &state,
        json!({"rules": "wxf2018", "fen": "3kr4/9/9/9/9/9/9/R8/9/1N2K4 w - - 0 1"}),
    )
    .await;
    let (st, b) = t
        .claim(
            &state,
            &t.red,
            json!({"type": "touch", "squares": ["b0", "a2"]}),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["game"]["touch"]["bound_moves"], json!(["a2e2"]), "{b}");
    let (st, b) = post(
        &state,
        &format!("/api/games/{}/moves", t.id),
        Some(&t.red),
        json!({"move": "e0f0"}),
    )
    .await;
    assert_eq!(
        (st, &b["error"], &b["article"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("touch_move"),
            &json!("WXF 2018 arts. 2.10.D, 4.2")
        ),
        "{b}"
    );
    t.line(&state, &["a2e2"]).await;
}
