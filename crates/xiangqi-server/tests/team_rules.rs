//! The team side of the books through the API: 全队轮赛制 (CXA 11.4), 队员总分制 (CXA 11.5,
//! 14.8), team tie-breaks chosen by the organiser, team fouls and sanctions (CXA 14.5, 18.5),
//! board order by rating with the organiser's override (CXA 11.1) or by lot (11.3), and a
//! knockout's standings by the round reached (CXA 10.4).

use axum::http::StatusCode;
use serde_json::{Value, json};
use xiangqi_server::AppState;

mod common;
use common::{
    assert_error, call, get, new_team_event, new_tournament, post, put, state_and_organiser, team,
};

/// The result when the first-listed team's player, red or not, scores `o` (W, D, L).
fn result_for(o: &str, first_red: bool) -> &'static str {
    match (o, first_red) {
        ("D", _) => "1/2",
        ("W", true) | ("L", false) => "1-0",
        _ => "0-1",
    }
}

#[tokio::test]
async fn cxa_11_4_an_all_play_all_match_of_two_teams() {
    let (state, org) = state_and_organiser("apa").await;
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "对抗赛", "format": "all_play_all", "boards": 2,
               "teams": [team("甲", 2), team("乙", 2)]}),
    )
    .await;
    let (st, v) = call(
        &state,
        "POST",
        &format!("/api/teams/{id}/rounds"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    assert_eq!(v["all_play_all"], true, "{v}");
    assert_eq!(v["games_per_board"], 2, "{v}");
    let m = &v["rounds"][0]["matches"][0];
    let first = m["first"].as_u64().expect("first");
    // Game 1: board 1 meets board 1; game 2: board 1 meets the other team's board 2.
    assert_eq!(m["boards"][0]["games"][0]["facing"], 1, "{m}");
    assert_eq!(m["boards"][0]["games"][1]["facing"], 2, "{m}");
    // The first team: board 1 wins then loses, board 2 draws then wins. 局分 (CXA 13.2)
    // 2+0+1+2 = 5 against 3: the match, 场分 2–0.
    for (board, game, o) in [(1, 1, "W"), (1, 2, "L"), (2, 1, "D"), (2, 2, "W")] {
        let g = &m["boards"][board - 1]["games"][game - 1];
        let first_red = g["red_team"] == first;
        let (st, b) = put(
            &state,
            &format!("/api/teams/{id}/rounds/1/tables/1/boards/{board}/result"),
            Some(&org),
            json!({"result": result_for(o, first_red), "game": game}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    let (st, b) = put(
        &state,
        &format!("/api/teams/{id}/rounds/1/tables/1/boards/1/result"),
        Some(&org),
        json!({"result": "1-0", "game": 3}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("game"));
    let v = get(&state, &format!("/api/teams/{id}")).await;
    let m = &v["rounds"][0]["matches"][0];
    assert_eq!(m["score"]["game_points"], json!(["5", "3"]), "{m}");
    assert_eq!(m["score"]["match_points"], json!(["2", "0"]), "{m}");
    assert_eq!(v["standings"][0]["no"], first, "{v}");
    // Not with two games a board.
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "x", "format": "all_play_all", "boards": 2, "two_games": true}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("two_games"));
}

#[tokio::test]
async fn team_tie_breaks_fouls_and_sanctions() {
    let (state, org) = state_and_organiser("tiebreaks").await;
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "x", "boards": 1, "tie_breaks": ["B1", "nonsense"]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("tie_breaks"));
    // The organiser's order: 全队犯规 (FOUL) straight after the score.
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "联赛", "boards": 2, "tie_breaks": ["FOUL", "GP"],
               "teams": [team("甲", 2), team("乙", 2)]}),
    )
    .await;
    let v = get(&state, &format!("/api/teams/{id}")).await;
    let codes: Vec<&str> = v["tie_breaks"]
        .as_array()
        .expect("tie-breaks")
        .iter()
        .filter_map(|t| t["code"].as_str())
        .collect();
    assert_eq!(codes, ["FOUL", "GP"]);
    let (st, _) = call(
        &state,
        "POST",
        &format!("/api/teams/{id}/rounds"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CREATED);
    for board in 1..=2 {
        let (st, b) = put(
            &state,
            &format!("/api/teams/{id}/rounds/1/tables/1/boards/{board}/result"),
            Some(&org),
            json!({"result": "1/2"}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    // A drawn match; team 1's player 2 fouls, then team 1 itself: team 2 goes first.
    let url = format!("/api/teams/{id}/penalties");
    for body in [
        json!({"team": 1, "player": 2, "penalty": "foul"}),
        json!({"team": 1, "round": 1, "penalty": "foul"}),
    ] {
        let (st, b) = post(&state, &url, Some(&org), body).await;
        assert_eq!(st, StatusCode::CREATED, "{b}");
    }
    let v = get(&state, &format!("/api/teams/{id}")).await;
    assert_eq!(v["teams"][0]["fouls"], 2, "{v}");
    assert_eq!(v["penalties"][0]["player"], 2, "{v}");
    assert_eq!(v["standings"][0]["no"], 2, "{v}");
    assert_eq!(v["standings"][1]["tie_breaks"][0], "2", "{v}");
    for (body, field) in [
        (json!({"team": 1, "player": 9, "penalty": "foul"}), "player"),
        (json!({"team": 1, "round": 2, "penalty": "foul"}), "round"),
        (json!({"team": 3, "penalty": "foul"}), "team"),
        (json!({"team": 1, "penalty": "scolding"}), "penalty"),
    ] {
        let (st, b) = post(&state, &url, Some(&org), body).await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some(field));
    }
    let other = common::account(&state, "someone").await;
    let (st, _) = post(
        &state,
        &url,
        Some(&other),
        json!({"team": 1, "penalty": "warning"}),
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn cxa_11_1_board_order_by_rating_and_11_3_by_lot() {
    let (state, org) = state_and_organiser("order").await;
    let out_of_order = json!({"name": "丙", "players": [
        {"name": "丙1", "rating": 2100}, {"name": "丙2", "rating": 2400}]});
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "x", "boards": 2, "teams": [out_of_order.clone()]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("players"));
    let mut overridden = out_of_order.clone();
    overridden["order_override"] = json!("丙2 plays board 2 by the province's choice");
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "x", "boards": 2, "teams": [overridden, team("丁", 2)]}),
    )
    .await;
    let v = get(&state, &format!("/api/teams/{id}")).await;
    assert_eq!(
        v["teams"][0]["order_override"],
        "丙2 plays board 2 by the province's choice"
    );
    assert!(v["teams"][1]["order_override"].is_null(), "{v}");
    // Registered later, the same check.
    let (st, b) = post(
        &state,
        &format!("/api/teams/{id}/teams"),
        Some(&org),
        json!({"teams": [out_of_order]}),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("players"));

    // 临时定台制 (CXA 11.3): the board order drawn by lot, the seed kept.
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "y", "boards": 2, "board_rule": "temporary",
               "teams": [team("甲", 3), team("乙", 3)]}),
    )
    .await;
    let (st, _) = call(
        &state,
        "POST",
        &format!("/api/teams/{id}/rounds"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CREATED);
    let url = format!("/api/teams/{id}/rounds/1/lineups");
    let (st, v) = post(
        &state,
        &url,
        Some(&org),
        json!({"team": 1, "lineup": [3, 1], "lot": true, "seed": 5}),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let m = &v["rounds"][0]["matches"][0];
    let side = if m["first"] == 1 { 0 } else { 1 };
    let mut drawn: Vec<u64> = m["lineups"][side]
        .as_array()
        .expect("drawn")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    drawn.sort_unstable();
    assert_eq!(drawn, [1, 3], "{m}");
    // Not where the registered order holds (11.1).
    let fixed = new_team_event(
        &state,
        &org,
        json!({"name": "z", "boards": 1, "teams": [team("甲", 1), team("乙", 1)]}),
    )
    .await;
    let (st, _) = call(
        &state,
        "POST",
        &format!("/api/teams/{fixed}/rounds"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CREATED);
    let (st, b) = post(
        &state,
        &format!("/api/teams/{fixed}/rounds/1/lineups"),
        Some(&org),
        json!({"team": 1, "lineup": [1], "lot": true}),
    )
    .await;
    assert_error(st, &b, StatusCode::CONFLICT, None);
}

/// Plays round `round` of a tournament: the lower start number wins every game.
async fn play(state: &AppState, org: &str, id: &str, round: &Value) {
    let n = round["round"].as_u64().expect("round");
    for g in round["games"].as_array().expect("games") {
        let (red, black) = (g["red"].as_u64(), g["black"].as_u64());
        let board = g["board"].as_u64().expect("board");
        let result = if red < black { "1-0" } else { "0-1" };
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

#[tokio::test]
async fn cxa_11_5_team_places_and_a_knockouts_standings() {
    let (state, org) = state_and_organiser("places").await;
    // A round robin of four from two units; the lower number wins every game: places 1–4.
    // 北京 (nos. 1, 4) 1+4 = 5, 上海 (2, 3) 2+3 = 5: equal sums, 北京's best place first
    // (CXA 14.8).
    let players = json!([
        {"name": "a", "club": "北京"}, {"name": "b", "club": "上海"},
        {"name": "c", "club": "上海"}, {"name": "d", "club": "北京"}]);
    let t = new_tournament(
        &state,
        &org,
        json!({"name": "open", "players": players.clone()}),
    )
    .await;
    let id = t["id"].as_str().expect("id").to_owned();
    for _ in 0..3 {
        let (st, round) = post(
            &state,
            &format!("/api/tournaments/{id}/rounds"),
            Some(&org),
            json!({}),
        )
        .await;
        assert_eq!(st, StatusCode::CREATED, "{round}");
        play(&state, &org, &id, &round).await;
    }
    let v = get(&state, &format!("/api/tournaments/{id}/team-places")).await;
    assert_eq!(v["counted"], 2, "{v}");
    assert_eq!(v["teams"][0]["team"], "北京", "{v}");
    assert_eq!(v["teams"][0]["sum"], 5, "{v}");
    assert_eq!(v["teams"][0]["best"], 1, "{v}");
    assert_eq!(v["teams"][1]["rank"], 2, "{v}");
    let v = get(
        &state,
        &format!("/api/tournaments/{id}/team-places?count=1"),
    )
    .await;
    assert_eq!(v["teams"][1]["sum"], 2, "{v}");
    let (st, b) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/team-places?count=0"),
        None,
        None,
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, Some("count"));
    let v = get(&state, &format!("/api/tournaments/{id}/standings")).await;
    assert_eq!(v["ranked_by"], "tie_breaks", "{v}");

    // A knockout of four: 1–4, 2–3, then 1–2; the lower number wins. CXA 10.4: ranked by
    // the round reached, the semi-final losers sharing 3rd–4th, no tie-breaks.
    let ko = new_tournament(
        &state,
        &org,
        json!({"name": "cup", "format": "knockout", "players": players}),
    )
    .await;
    let ko = ko["id"].as_str().expect("id").to_owned();
    let v = get(&state, &format!("/api/tournaments/{ko}/standings")).await;
    assert_eq!(v["ranked_by"], "knockout", "{v}");
    assert!(
        v["standings"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["still_in"] == true),
        "{v}"
    );
    for _ in 0..2 {
        let (st, round) = post(
            &state,
            &format!("/api/tournaments/{ko}/rounds"),
            Some(&org),
            json!({"seed": 3}),
        )
        .await;
        assert_eq!(st, StatusCode::CREATED, "{round}");
        play(&state, &org, &ko, &round).await;
    }
    let v = get(&state, &format!("/api/tournaments/{ko}/standings")).await;
    assert!(v["tie_breaks"].as_array().is_some_and(Vec::is_empty), "{v}");
    let rows: Vec<(u64, u64, Value)> = v["standings"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["no"].as_u64().expect("no"),
                r["rank"].as_u64().expect("rank"),
                r["down_to"].clone(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (1, 1, json!(1)),
            (2, 2, json!(2)),
            (3, 3, json!(4)),
            (4, 3, json!(4))
        ],
        "{v}"
    );
}
