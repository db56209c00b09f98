//! Team events through the API: two games a board (WXF 9.4 大分/小分, CXA 13.2 局分), team
//! knockouts with byes, a Swiss of teams paired by the arbiter or by the CXA engine (CXA 10.3,
//! 12.3), withdrawals (CXA 19.2, 20.3).

use axum::http::StatusCode;
use serde_json::{Value, json};
use xiangqi_server::AppState;

mod common;
use common::{call, get, new_team_event, post, put, state_and_organiser, team};

async fn pair(state: &AppState, org: &str, id: &str, body: Option<Value>) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/teams/{id}/rounds"),
        Some(org),
        body,
    )
    .await
}

async fn record(
    state: &AppState,
    org: &str,
    id: &str,
    (round, table, board): (u64, u64, u64),
    result: &str,
    game: u32,
) -> (StatusCode, Value) {
    put(
        state,
        &format!("/api/teams/{id}/rounds/{round}/tables/{table}/boards/{board}/result"),
        Some(org),
        json!({"result": result, "game": game}),
    )
    .await
}

/// The result on a board of the game in which the first-listed team is `first_red` or not,
/// from the first team's outcome ("W", "D", "L").
fn result_for(outcome: &str, first_red: bool) -> &'static str {
    match (outcome, first_red) {
        ("D", _) => "1/2",
        ("W", true) | ("L", false) => "1-0",
        _ => "0-1",
    }
}

/// One two-game match of three boards: the first team wins and draws on boards 1 and 2 and
/// loses both on board 3. 大分 4–2 (WXF 9.4: the first team wins), 局分 6–6 (CXA 13.2: level).
async fn two_game_match(rules: &str) -> Value {
    let (state, org) = state_and_organiser(&format!("two-{rules}")).await;
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "两局制", "rules": rules, "boards": 3, "two_games": true,
               "teams": [team("北京", 3), team("上海", 3)]}),
    )
    .await;
    let (st, v) = pair(&state, &org, &id, None).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let m = &v["rounds"][0]["matches"][0];
    let first = m["first"].as_u64().expect("first");
    for (board, games) in [(1u64, ["W", "D"]), (2, ["W", "D"]), (3, ["L", "L"])] {
        // CXA 12.2: the first team is red on odd boards in game 1; 12.4: swapped in game 2.
        let first_red = m["boards"][board as usize - 1]["red_team"] == first;
        let (st, b) = record(
            &state,
            &org,
            &id,
            (1, 1, board),
            result_for(games[0], first_red),
            1,
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
        let (st, b) = record(
            &state,
            &org,
            &id,
            (1, 1, board),
            result_for(games[1], !first_red),
            2,
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    let v = get(&state, &format!("/api/teams/{id}")).await;
    assert_eq!(v["two_games"], true);
    let m = &v["rounds"][0]["matches"][0];
    assert!(m["boards"][0]["result2"].is_string(), "{m}");
    assert_eq!(m["score"]["complete"], true, "{m}");
    assert_eq!(m["score"]["game_points"], json!(["6", "6"]), "{m}");
    let winner_first = v["standings"][0]["no"] == first;
    json!({"view": v, "first_on_top": winner_first})
}

#[tokio::test]
async fn a_two_game_team_match_goes_by_big_points_under_wxf_and_by_game_points_under_cxa() {
    let wxf = two_game_match("wxf2018").await;
    let m = &wxf["view"]["rounds"][0]["matches"][0];
    assert_eq!(m["score"]["big_points"], json!(["4", "2"]), "{m}");
    assert_eq!(m["score"]["small_points"], json!(["6", "6"]), "{m}");
    assert_eq!(
        m["score"]["match_points"],
        json!(["2", "0"]),
        "WXF 9.4: {m}"
    );
    assert_eq!(wxf["first_on_top"], true, "{wxf}");
    assert_eq!(wxf["view"]["standings"][0]["score"], "2", "{wxf}");

    let cxa = two_game_match("cxa2011").await;
    let m = &cxa["view"]["rounds"][0]["matches"][0];
    assert!(m["score"].get("big_points").is_none(), "{m}");
    assert_eq!(
        m["score"]["match_points"],
        json!(["1", "1"]),
        "CXA 13.2: {m}"
    );
    let scores: Vec<&Value> = cxa["view"]["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| &s["score"])
        .collect();
    assert_eq!(scores, [&json!("1"), &json!("1")], "a drawn match: {cxa}");
}

#[tokio::test]
async fn a_second_game_is_refused_in_a_one_game_event() {
    let (state, org) = state_and_organiser("one-game").await;
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "一局制", "boards": 1, "teams": [team("甲", 1), team("乙", 1)]}),
    )
    .await;
    let (st, _) = pair(&state, &org, &id, None).await;
    assert_eq!(st, StatusCode::CREATED);
    let (st, b) = record(&state, &org, &id, (1, 1, 1), "1-0", 2).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["field"], "game", "{b}");
    let (st, b) = record(&state, &org, &id, (1, 1, 1), "1-0", 3).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    let (st, b) = record(&state, &org, &id, (1, 1, 1), "1-0", 1).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    // 局分 first is for a one-game Swiss of teams only (CXA 14.7).
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "x", "boards": 1, "ranking": "game_points"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["field"], "format", "{b}");
}

#[tokio::test]
async fn a_team_knockout_gives_the_top_seed_a_bye_and_ends_with_a_champion() {
    let (state, org) = state_and_organiser("team-ko").await;
    let (st, b) = post(
        &state,
        "/api/teams",
        Some(&org),
        json!({"name": "KO", "format": "knockout", "boards": 1, "rounds": 3}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["field"], "rounds", "{b}");
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "团体淘汰赛", "format": "knockout", "games": 1, "boards": 2,
               "teams": [team("北京", 2), team("上海", 2), team("广东", 2)]}),
    )
    .await;
    let mut last = Value::Null;
    for round in 1..=4u64 {
        let (st, v) = pair(&state, &org, &id, Some(json!({"seed": 5}))).await;
        if st != StatusCode::CREATED {
            assert_eq!(st, StatusCode::CONFLICT, "{v}");
            break;
        }
        let r = &v["rounds"][round as usize - 1];
        if round == 1 {
            // Three teams: a 4-line bracket, the bye to the top seed (CXA 10.4).
            assert_eq!(r["byes"], json!([1]), "{r}");
            assert_eq!(r["matches"].as_array().map(Vec::len), Some(1), "{r}");
        }
        // The lower team number wins on every board.
        for m in r["matches"].as_array().expect("matches") {
            let table = m["table"].as_u64().expect("table");
            let low = m["first"].as_u64().min(m["second"].as_u64());
            for b in m["boards"].as_array().expect("boards") {
                let board = b["board"].as_u64().expect("board");
                let res = if b["red_team"].as_u64() == low {
                    "1-0"
                } else {
                    "0-1"
                };
                let (st, out) = record(&state, &org, &id, (round, table, board), res, 1).await;
                assert_eq!(st, StatusCode::OK, "{out}");
                last = out;
            }
        }
    }
    assert_eq!(last["champion"], 1, "{last}");
    let br = get(&state, &format!("/api/teams/{id}/bracket")).await;
    assert_eq!(br["champion"], 1, "{br}");
    assert_eq!(br["rounds"].as_array().map(Vec::len), Some(2), "{br}");
    assert_eq!(br["rounds"][0][0]["decision"], "bye", "{br}");
}

#[tokio::test]
async fn a_swiss_of_teams_takes_the_arbiters_pairings_and_scores_a_bye_as_a_won_match() {
    let (state, org) = state_and_organiser("team-swiss").await;
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "团体积分编排", "format": "swiss", "rounds": 2, "boards": 2,
               "teams": [team("甲", 2), team("乙", 2), team("丙", 2)]}),
    )
    .await;
    let (st, b) = pair(
        &state,
        &org,
        &id,
        Some(json!({"matches": [{"first": 1, "second": 4}]})),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["field"], "matches[0].second", "{b}");
    let (st, v) = pair(
        &state,
        &org,
        &id,
        Some(json!({"matches": [{"first": 1, "second": 2}], "byes": [3]})),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    assert_eq!(v["rounds"][0]["byes"], json!([3]));
    for board in 1..=2 {
        let (st, b) = record(&state, &org, &id, (1, 1, board), "1/2", 1).await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    let (_, v) = call(&state, "GET", &format!("/api/teams/{id}"), None, None).await;
    // CXA 14.4: the bye counts as a match won; the drawn match is worth 1 each.
    let top = &v["standings"][0];
    assert_eq!(top["no"], 3, "{v}");
    assert_eq!(top["score"], "2", "{v}");
    same_headings(&v);

    // 局分 first in a one-game Swiss of teams (CXA 14.7): its own headings.
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "局分", "format": "swiss", "rounds": 1, "boards": 2, "ranking": "game_points",
               "teams": [team("甲", 2), team("乙", 2)]}),
    )
    .await;
    let (st, v) = pair(
        &state,
        &org,
        &id,
        Some(json!({"matches": [{"first": 1, "second": 2}]})),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    assert_eq!(v["ranking"], "game_points");
    same_headings(&v);
}

#[tokio::test]
async fn a_swiss_of_teams_is_paired_by_the_cxa_engine_without_a_rematch() {
    // CXA 10.3, 12.3: no matches given, the server pairs by 场分 with the CXA engine and keeps
    // the seed; teams of equal 场分 meet; no rematch, so two teams have no second round.
    let (state, org) = state_and_organiser("team-swiss-engine").await;
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "团体积分编排", "format": "swiss", "rounds": 3, "boards": 2,
               "teams": [team("甲", 2), team("乙", 2), team("丙", 2), team("丁", 2)]}),
    )
    .await;
    let (st, v) = pair(&state, &org, &id, Some(json!({"seed": 77}))).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let r1 = &v["rounds"][0];
    assert_eq!(r1["seed"], 77, "{v}");
    let firsts: Vec<u64> = r1["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| m["first"].as_u64().expect("first"))
        .collect();
    assert_eq!(firsts.len(), 2, "{v}");
    // The first-listed teams win both boards: 2 场分 each.
    for table in 1..=2 {
        for board in 1..=2 {
            let first_red = board % 2 == 1;
            let (st, b) = record(
                &state,
                &org,
                &id,
                (1, table, board),
                result_for("W", first_red),
                1,
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{b}");
        }
    }
    let (st, v) = pair(&state, &org, &id, None).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let top = &v["rounds"][1]["matches"][0];
    let mut leaders = [top["first"].as_u64(), top["second"].as_u64()];
    leaders.sort_unstable();
    let mut want = [Some(firsts[0]), Some(firsts[1])];
    want.sort_unstable();
    assert_eq!(leaders, want, "{v}");
    // The server drew the round's seed and kept it.
    assert!(v["rounds"][1]["seed"].is_u64(), "{v}");
    // Hand pairing stays possible, and the engine refuses a round with only rematches left.
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "二队", "format": "swiss", "rounds": 2, "boards": 1,
               "teams": [team("甲", 1), team("乙", 1)]}),
    )
    .await;
    let (st, v) = pair(
        &state,
        &org,
        &id,
        Some(json!({"matches": [{"first": 2, "second": 1}]})),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let (st, b) = record(&state, &org, &id, (1, 1, 1), "1-0", 1).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let (st, b) = pair(&state, &org, &id, None).await;
    assert_eq!(st, StatusCode::CONFLICT, "{b}");
    assert_eq!(b["error"], "no_pairing", "{b}");
}

/// The standings' headings name every tie-break value of every row, in order.
fn same_headings(v: &Value) {
    let heads = v["tie_breaks"].as_array().map(Vec::len);
    for row in v["standings"].as_array().expect("standings") {
        assert_eq!(row["tie_breaks"].as_array().map(Vec::len), heads, "{v}");
    }
}

#[tokio::test]
async fn a_team_that_withdraws_early_has_its_matches_cancelled_and_forfeits_the_rest() {
    let (state, org) = state_and_organiser("team-wd").await;
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "退赛", "boards": 1,
               "teams": [team("甲", 1), team("乙", 1), team("丙", 1), team("丁", 1)]}),
    )
    .await;
    let (st, v) = pair(&state, &org, &id, None).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    for m in v["rounds"][0]["matches"].as_array().expect("matches") {
        let table = m["table"].as_u64().expect("table");
        let (st, b) = record(&state, &org, &id, (1, table, 1), "1-0", 1).await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }
    let withdraw = |body: Value| {
        let state = state.clone();
        let org = org.clone();
        let id = id.clone();
        async move {
            post(
                &state,
                &format!("/api/teams/{id}/withdrawals"),
                Some(&org),
                body,
            )
            .await
        }
    };
    let (st, b) = withdraw(json!({"team": 4, "after_round": 3})).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert_eq!(b["field"], "after_round", "{b}");
    let (st, v) = withdraw(json!({"team": 4})).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let (st, b) = withdraw(json!({"team": 4})).await;
    assert_eq!(st, StatusCode::CONFLICT, "{b}");
    // One of three matches played: fewer than half, so all cancelled (CXA 19.2).
    assert_eq!(v["teams"][3]["withdrawn_after"], 1, "{v}");
    assert_eq!(v["teams"][3]["results_cancelled"], true, "{v}");
    let (st, v) = pair(&state, &org, &id, None).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let r2 = &v["rounds"][1];
    let theirs = r2["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .find(|m| m["first"] == 4 || m["second"] == 4)
        .expect("still in the order table");
    assert_eq!(theirs["forfeited"], json!([4]), "{theirs}");
    assert_eq!(theirs["cancelled"], true, "{theirs}");
    let r1 = &v["rounds"][0]["matches"];
    let cancelled = r1
        .as_array()
        .expect("matches")
        .iter()
        .filter(|m| m["cancelled"] == true)
        .count();
    assert_eq!(cancelled, 1, "{r1}");
    // The opponent of team 4 in round 1 loses that match's points.
    let opponent = r1
        .as_array()
        .expect("matches")
        .iter()
        .find(|m| m["first"] == 4 || m["second"] == 4)
        .map(|m| {
            if m["first"] == 4 {
                m["second"].clone()
            } else {
                m["first"].clone()
            }
        })
        .expect("played team 4");
    let row = v["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .find(|s| s["no"] == opponent)
        .expect("ranked");
    assert_eq!(row["score"], "0", "{v}");
}

/// Team events used to be stored among the tournaments' streams; they now have a kind of their
/// own. A team event written the old way is still shown, listed and written to, where it is.
#[tokio::test]
async fn a_team_event_stored_the_old_way_still_loads_and_takes_writes() {
    use xiangqi_store::{EventStore, StreamKind};
    let (state, org) = state_and_organiser("legacy").await;
    let id = new_team_event(
        &state,
        &org,
        json!({"name": "旧赛", "boards": 2, "teams": [team("北京", 2), team("上海", 2)]}),
    )
    .await;
    let store = state.games().store();
    // New team events go to their own kind of stream.
    let stored = store.load(StreamKind::Team, &id, 0).await.expect("loads");
    assert_eq!(stored[0].event_type, "team_event_opened");
    assert!(
        store
            .load(StreamKind::Tournament, &id, 0)
            .await
            .expect("loads")
            .is_empty()
    );
    // The same events as an older server stored them: among the tournaments.
    let old: Vec<_> = stored
        .iter()
        .map(|e| xiangqi_store::NewEvent::new(e.event_type.clone(), e.payload.clone()))
        .collect();
    store
        .append(StreamKind::Tournament, "oldteams", 0, &old)
        .await
        .expect("appends");
    let new = get(&state, &format!("/api/teams/{id}")).await;
    let legacy = get(&state, "/api/teams/oldteams").await;
    assert_eq!(legacy["id"], "oldteams");
    for key in [
        "name",
        "format",
        "teams",
        "rounds",
        "standings",
        "seq",
        "organiser",
    ] {
        assert_eq!(legacy[key], new[key], "{key}");
    }
    // Not a tournament of players, but listed with them as before.
    let (st, _) = call(&state, "GET", "/api/tournaments/oldteams", None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    let list = get(&state, "/api/tournaments").await;
    let ids = list["tournaments"].as_array().expect("list");
    assert!(
        ids.contains(&json!("oldteams")) && ids.contains(&json!(id)),
        "{list}"
    );
    // Written where it is: a round paired and a result recorded.
    let (st, paired) = pair(&state, &org, "oldteams", None).await;
    assert_eq!(st, StatusCode::CREATED, "{paired}");
    let (st, _) = record(&state, &org, "oldteams", (1, 1, 1), "1-0", 1).await;
    assert_eq!(st, StatusCode::OK);
    let after = store
        .load(StreamKind::Tournament, "oldteams", 0)
        .await
        .expect("loads");
    assert!(after.len() > old.len(), "appended to the old stream");
    assert!(
        store
            .load(StreamKind::Team, "oldteams", 0)
            .await
            .expect("loads")
            .is_empty()
    );
    // A fresh server reads it back the same.
    let again = AppState::new(store.clone());
    assert_eq!(
        get(&again, "/api/teams/oldteams").await,
        get(&state, "/api/teams/oldteams").await
    );
}
