//! Team events (团体赛, CXA 2011 ch. 11) over the API: each is a stream of events in the store,
//! `team_event_opened` (the organiser's account) then the team crate's own [`TeamEvent`]s
//! under their names, replayed into a [`TeamTournament`] on every request (a team event is a
//! few hundred events at most, so no cache is kept). Writes append conditionally on the last
//! sequence number read, so two replicas never both accept one.
//!
//! Round robins of teams are paired from the order tables (CXA 10.1, 12.2: the team listed
//! first is red on odd boards). Under 分台定人制 (CXA 11.1) the server enters both teams'
//! registered order as their line-ups when it pairs a round; under 分台换人制 and 临时定台制
//! (11.2, 11.3) each team's line-up is given before the boards' results.

use axum::{
    Json, Router,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post, put},
};
use serde::Deserialize;
use serde_json::{Value, json};
use xiangqi_store::{EventStore, NewEvent, StreamKind};
use xiangqi_tournament::{
    Color, GameResult, Player,
    team::{BoardRule, first_team_color},
    team_tournament::{TeamError, TeamEvent, TeamTournament},
    tiebreak::{EventKind, book_order},
};

use crate::{ApiError, AppState, accounts::Caller, games::random_hex, parse_body};

/// The type of the first event of a team event's stream.
pub const TEAM_OPENED: &str = "team_event_opened";

/// A team event replayed from the store.
struct Loaded {
    seq: u64,
    owner: String,
    event: TeamTournament,
}

fn corrupt(id: &str, e: &dyn std::fmt::Display) -> ApiError {
    ApiError::Corrupt(format!("team event {id}: {e}"))
}

/// The team crate's refusals, as the API answers them.
fn refused(e: TeamError) -> ApiError {
    let message = e.to_string();
    match e {
        TeamError::UnknownTeam(_) => ApiError::invalid("team", message),
        TeamError::TooFewPlayers { .. } => ApiError::invalid("players", message),
        TeamError::Lineup(_) => ApiError::invalid("lineup", message),
        TeamError::NoSuchBoard { .. } => ApiError::NotFound("board"),
        TeamError::NoLineup { .. } => ApiError::conflict("no_lineup", message),
        TeamError::RegistrationClosed => ApiError::conflict("registration_closed", message),
        TeamError::RoundIncomplete(_) => ApiError::conflict("round_incomplete", message),
        TeamError::NoRound(_) => ApiError::conflict("all_rounds_paired", message),
        _ => ApiError::conflict("refused", message),
    }
}

/// A team event as stored: its tag is the event type.
fn to_new_event(e: &TeamEvent) -> Result<NewEvent, ApiError> {
    let payload = serde_json::to_value(e).map_err(|err| ApiError::Corrupt(format!("{err}")))?;
    let kind = payload
        .get("event")
        .and_then(Value::as_str)
        .unwrap_or("event")
        .to_owned();
    Ok(NewEvent::new(kind, payload))
}

/// A team event from its wire form (the form it is stored in), so that fields the team crate
/// gives defaults need not be named here.
fn event_from(value: Value) -> Result<TeamEvent, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::Corrupt(format!("team event: {e}")))
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

async fn load(state: &AppState, id: &str) -> Result<Loaded, ApiError> {
    if !valid_id(id) {
        return Err(ApiError::NotFound("team event"));
    }
    let stored = state
        .games()
        .store()
        .load(StreamKind::Tournament, id, 0)
        .await?;
    let mut it = stored.into_iter();
    let first = it.next().ok_or(ApiError::NotFound("team event"))?;
    if first.event_type != TEAM_OPENED {
        return Err(ApiError::NotFound("team event"));
    }
    let owner = first
        .payload
        .get("owner")
        .and_then(Value::as_str)
        .ok_or_else(|| corrupt(id, &"no owner"))?
        .to_owned();
    let mut seq = first.seq;
    let mut events = Vec::new();
    for e in it {
        seq = e.seq;
        events
            .push(serde_json::from_value::<TeamEvent>(e.payload).map_err(|err| corrupt(id, &err))?);
    }
    let event = TeamTournament::from_events(events).map_err(|e| corrupt(id, &e))?;
    Ok(Loaded { seq, owner, event })
}

/// Applies `events` made from the loaded team event and appends them, if `caller` organises it.
async fn write(
    state: &AppState,
    id: &str,
    caller: &Caller,
    make: impl FnOnce(&TeamTournament) -> Result<Vec<TeamEvent>, ApiError>,
) -> Result<Value, ApiError> {
    let loaded = load(state, id).await?;
    if caller.username != loaded.owner {
        return Err(ApiError::NotAllowed(
            "do this: only the team event's organiser may",
        ));
    }
    let events = make(&loaded.event)?;
    let mut next = loaded.event.clone();
    for e in &events {
        next.apply(e.clone()).map_err(refused)?;
    }
    let new = events
        .iter()
        .map(to_new_event)
        .collect::<Result<Vec<_>, _>>()?;
    let seq = state
        .games()
        .store()
        .append(StreamKind::Tournament, id, loaded.seq, &new)
        .await?;
    Ok(view(
        id,
        &Loaded {
            seq,
            owner: loaded.owner,
            event: next,
        },
    ))
}

/// The team event routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/teams", post(create))
        .route("/api/teams/{id}", get(show))
        .route("/api/teams/{id}/teams", post(register))
        .route("/api/teams/{id}/rounds", post(pair))
        .route("/api/teams/{id}/rounds/{round}/lineups", post(lineup))
        .route(
            "/api/teams/{id}/rounds/{round}/tables/{table}/boards/{board}/result",
            put(result),
        )
}

// ---------------------------------------------------------------------------------------------
// Requests

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTeamEvent {
    name: String,
    /// `cxa2011` (default) or `wxf2018`.
    rules: Option<String>,
    /// 1 (default) or 2 cycles of the round robin.
    cycles: Option<u32>,
    /// Boards per match.
    boards: usize,
    /// `fixed` (CXA 11.1, default), `order_kept` (11.2) or `temporary` (11.3).
    board_rule: Option<String>,
    /// `2-1-0` (default), `1-0.5-0`, `3-1-0`, `3-0-1-2`: points per game.
    scoring: Option<String>,
    /// Teams, registered in order.
    teams: Option<Vec<NewTeam>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTeam {
    name: String,
    /// Players in registered order: boards first, then reserves.
    players: Vec<NewTeamPlayer>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTeamPlayer {
    name: String,
    rating: Option<u16>,
}

impl NewTeam {
    fn into_value(self, at: &str) -> Result<Value, ApiError> {
        let name = self.name.trim().to_owned();
        if name.is_empty() || name.len() > 200 {
            return Err(ApiError::invalid(&format!("{at}.name"), "1 to 200 bytes"));
        }
        if self.players.len() > 50 {
            return Err(ApiError::invalid(&format!("{at}.players"), "at most 50"));
        }
        let mut players = Vec::with_capacity(self.players.len());
        for (k, p) in self.players.into_iter().enumerate() {
            let pname = p.name.trim().to_owned();
            if pname.is_empty() || pname.len() > 200 {
                return Err(ApiError::invalid(
                    &format!("{at}.players[{k}].name"),
                    "1 to 200 bytes",
                ));
            }
            players.push(Player {
                name: pname,
                rating: p.rating,
                club: Some(name.clone()),
                federation: None,
            });
        }
        Ok(json!({"name": name, "players": players}))
    }
}

fn board_rule(text: Option<&str>) -> Result<BoardRule, ApiError> {
    match text.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        None | Some("fixed") => Ok(BoardRule::Fixed),
        Some("order_kept") => Ok(BoardRule::OrderKept),
        Some("temporary") => Ok(BoardRule::Temporary),
        Some(other) => Err(ApiError::invalid(
            "board_rule",
            format!("unknown board rule {other:?} (fixed, order_kept, temporary)"),
        )),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamsBody {
    teams: Vec<NewTeam>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LineupRequest {
    /// The team's number (1-based, registration order).
    team: usize,
    /// Registered positions (1-based), board 1 first.
    lineup: Vec<usize>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultRequest {
    result: String,
}

// ---------------------------------------------------------------------------------------------
// Views

/// Each round as the events say: matches with line-ups and each board's players and result.
fn rounds_view(t: &TeamTournament) -> Vec<Value> {
    let mut rounds: Vec<Value> = Vec::new();
    let teams = t.teams();
    let player = |team: usize, pos: usize| {
        teams
            .get(team)
            .and_then(|tm| tm.players.get(pos.wrapping_sub(1)))
            .map(|p| p.name.clone())
    };
    for e in t.events() {
        let Ok(v) = serde_json::to_value(e) else {
            continue;
        };
        match v["event"].as_str() {
            Some("round_paired") => rounds.push(json!({
                "round": v["round"],
                "matches": v["matches"].as_array().map(|ms| ms.iter().map(|m| json!({
                    "table": m["table"],
                    "first": m["first"].as_u64().map(|x| x + 1),
                    "second": m["second"].as_u64().map(|x| x + 1),
                    "lineups": [Value::Null, Value::Null],
                    "boards": [],
                })).collect::<Vec<_>>()).unwrap_or_default(),
                "byes": v["byes"].as_array().map(|b| b.iter().filter_map(Value::as_u64).map(|x| x + 1).collect::<Vec<_>>()).unwrap_or_default(),
            })),
            Some("lineup_submitted") => {
                let Some(r) = v["round"]
                    .as_u64()
                    .and_then(|r| rounds.get_mut((r as usize).wrapping_sub(1)))
                else {
                    continue;
                };
                let team = v["team"].as_u64().map(|x| x + 1);
                if let Some(m) = r["matches"].as_array_mut().and_then(|ms| {
                    ms.iter_mut()
                        .find(|m| m["first"].as_u64() == team || m["second"].as_u64() == team)
                }) {
                    let side = usize::from(m["second"].as_u64() == team);
                    m["lineups"][side] = v["lineup"].clone();
                }
            }
            Some("board_result") => {
                let (Some(r), Some(table), Some(board)) = (
                    v["round"].as_u64(),
                    v["table"].as_u64(),
                    v["board"].as_u64(),
                ) else {
                    continue;
                };
                let Some(m) = rounds
                    .get_mut((r as usize).wrapping_sub(1))
                    .and_then(|r| r["matches"].as_array_mut())
                    .and_then(|ms| ms.get_mut((table as usize).wrapping_sub(1)))
                else {
                    continue;
                };
                m["results"][board.to_string()] = v["result"].clone();
            }
            _ => {}
        }
    }
    // Each board's players and colours from the line-ups (CXA 12.2: first team red on odd boards).
    for r in &mut rounds {
        let Some(ms) = r["matches"].as_array_mut() else {
            continue;
        };
        for m in ms {
            let (Some(first), Some(second)) = (m["first"].as_u64(), m["second"].as_u64()) else {
                continue;
            };
            let line = |side: usize| -> Vec<usize> {
                m["lineups"][side]
                    .as_array()
                    .map(|l| {
                        l.iter()
                            .filter_map(|x| x.as_u64())
                            .map(|x| x as usize)
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let (a, b) = (line(0), line(1));
            let boards: Vec<Value> = (1..=a.len().max(b.len()))
                .map(|k| {
                    let one = a.get(k - 1).and_then(|&p| player(first as usize - 1, p));
                    let two = b.get(k - 1).and_then(|&p| player(second as usize - 1, p));
                    let first_red = first_team_color(k as u32) == Color::Red;
                    let (red, black) = if first_red { (one, two) } else { (two, one) };
                    let result = m
                        .get("results")
                        .and_then(|rs| rs.get(k.to_string()))
                        .cloned()
                        .unwrap_or(Value::Null);
                    json!({"board": k, "red": red, "black": black,
                        "red_team": if first_red { first } else { second },
                        "result": serde_json::from_value::<GameResult>(result).ok().map(GameResult::notation)})
                })
                .collect();
            m["boards"] = json!(boards);
            if let Some(o) = m.as_object_mut() {
                o.remove("results");
            }
        }
    }
    rounds
}

fn view(id: &str, l: &Loaded) -> Value {
    let t = &l.event;
    let created = t
        .events()
        .first()
        .and_then(|e| serde_json::to_value(e).ok())
        .unwrap_or(Value::Null);
    // A round robin of n teams: n − 1 rounds a cycle, n with an odd team resting (CXA 10.1).
    let n = t.teams().len() as u64;
    let total_rounds =
        (n + n % 2).saturating_sub(1) * created["format"]["cycles"].as_u64().unwrap_or(1);
    json!({
        "id": id,
        "kind": "team",
        "name": created["name"],
        "rules": created["rules"].as_str().map(str::to_ascii_lowercase),
        "format": created["format"],
        "boards": created["boards"],
        "board_rule": match created["board_rule"].as_str() {
            Some("OrderKept") => "order_kept",
            Some("Temporary") => "temporary",
            _ => "fixed",
        },
        // The order `standings` uses: the book's for a round robin of teams (CXA 14.5; WXF 10.4).
        "tie_breaks": serde_json::from_value::<xiangqi_tournament::RuleSet>(created["rules"].clone())
            .map(|r| book_order(r, EventKind::TeamRoundRobin))
            .unwrap_or_default()
            .iter()
            .map(|tb| json!({"code": tb.code(), "zh": tb.chinese()}))
            .collect::<Vec<_>>(),
        "organiser": l.owner,
        "total_rounds": total_rounds,
        "seq": l.seq,
        "teams": t.teams().iter().enumerate().map(|(k, tm)| json!({
            "no": k + 1, "name": tm.name,
            "players": tm.players.iter().map(|p| json!({"name": p.name, "rating": p.rating})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "rounds": rounds_view(t),
        "standings": t.standings().into_iter().map(|s| json!({
            "rank": s.rank,
            "no": s.competitor + 1,
            "name": t.teams().get(s.competitor).map(|tm| tm.name.as_str()),
            "score": s.score.to_string(),
            "tie_breaks": s.tie_breaks.iter().map(|v| v.text()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

// ---------------------------------------------------------------------------------------------
// Handlers

async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: NewTeamEvent = parse_body(&body)?;
    let name = req.name.trim().to_owned();
    if name.is_empty() || name.len() > 200 {
        return Err(ApiError::invalid("name", "1 to 200 bytes"));
    }
    let rules = match &req.rules {
        None => xiangqi_tournament::RuleSet::Cxa2011,
        Some(r) => r.replace(['-', '_', ' '], "").parse().map_err(
            |e: xiangqi_tournament::ParseError| ApiError::invalid("rules", e.to_string()),
        )?,
    };
    let cycles = req.cycles.unwrap_or(1);
    if !(1..=2).contains(&cycles) {
        return Err(ApiError::invalid("cycles", "1 or 2"));
    }
    if !(1..=20).contains(&req.boards) {
        return Err(ApiError::invalid("boards", "1 to 20"));
    }
    let scoring = match &req.scoring {
        None => xiangqi_tournament::ScoringScheme::CXA,
        Some(s) => xiangqi_tournament::ScoringScheme::by_name(s.trim()).ok_or_else(|| {
            ApiError::invalid(
                "scoring",
                format!("unknown scoring {s:?} (2-1-0, 1-0.5-0, 3-1-0, 3-0-1-2)"),
            )
        })?,
    };
    let mut events = vec![event_from(json!({
        "event": "created", "name": name, "rules": rules,
        "format": {"type": "round_robin", "cycles": cycles},
        "boards": req.boards, "board_rule": board_rule(req.board_rule.as_deref())?,
        "scoring": scoring,
    }))?];
    for (k, team) in req.teams.unwrap_or_default().into_iter().enumerate() {
        let team = team.into_value(&format!("teams[{k}]"))?;
        events.push(event_from(json!({"event": "team_registered", "team": {
            "name": team["name"], "players": team["players"], "boards": req.boards,
        }}))?);
    }
    let event = TeamTournament::from_events(events.clone()).map_err(refused)?;
    let id = random_hex(8)?;
    let mut new = vec![NewEvent::new(
        TEAM_OPENED,
        json!({"owner": caller.username}),
    )];
    for e in &events {
        new.push(to_new_event(e)?);
    }
    let seq = state
        .games()
        .store()
        .append(StreamKind::Tournament, &id, 0, &new)
        .await?;
    let loaded = Loaded {
        seq,
        owner: caller.username.clone(),
        event,
    };
    Ok((StatusCode::CREATED, Json(view(&id, &loaded))).into_response())
}

async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let loaded = load(&state, &id).await?;
    Ok(Json(view(&id, &loaded)))
}

async fn register(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: TeamsBody = parse_body(&body)?;
    let teams = req
        .teams
        .into_iter()
        .enumerate()
        .map(|(k, t)| t.into_value(&format!("teams[{k}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let out = write(&state, &id, &caller, |t| {
        let boards = serde_json::to_value(t.events().first())
            .ok()
            .and_then(|v| v["boards"].as_u64())
            .unwrap_or(1);
        if t.teams().len() + teams.len() > 200 {
            return Err(ApiError::invalid("teams", "at most 200"));
        }
        teams
            .into_iter()
            .map(|team| {
                event_from(json!({"event": "team_registered", "team": {
                    "name": team["name"], "players": team["players"], "boards": boards,
                }}))
            })
            .collect()
    })
    .await?;
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

/// Pairs the next round from the order tables; under fixed boards (CXA 11.1) both teams'
/// registered order goes in as their line-ups.
async fn pair(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let out = write(&state, &id, &caller, |t| {
        if t.teams().len() < 2 {
            return Err(ApiError::conflict("too_few_teams", "at least two teams"));
        }
        let paired = t.pair_next_round().map_err(refused)?;
        let created = serde_json::to_value(t.events().first()).unwrap_or(Value::Null);
        let mut events = vec![paired.clone()];
        if created["board_rule"] == json!(BoardRule::Fixed) {
            let boards = created["boards"].as_u64().unwrap_or(1) as usize;
            let v = serde_json::to_value(&paired).unwrap_or(Value::Null);
            for m in v["matches"].as_array().into_iter().flatten() {
                for team in [&m["first"], &m["second"]] {
                    events.push(event_from(json!({
                        "event": "lineup_submitted", "round": v["round"], "team": team,
                        "lineup": (1..=boards).collect::<Vec<_>>(),
                    }))?);
                }
            }
        }
        Ok(events)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

/// A team's line-up for a round (CXA 11.2, 11.3), checked by the team crate.
async fn lineup(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let req: LineupRequest = parse_body(&body)?;
    let out = write(&state, &id, &caller, |t| {
        if req.team == 0 || req.team > t.teams().len() {
            return Err(ApiError::invalid("team", format!("no team {}", req.team)));
        }
        Ok(vec![event_from(json!({
            "event": "lineup_submitted", "round": round, "team": req.team - 1, "lineup": req.lineup,
        }))?])
    })
    .await?;
    Ok((StatusCode::CREATED, Json(out)).into_response())
}

async fn result(
    State(state): State<AppState>,
    Path((id, round, table, board)): Path<(String, String, String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let table: u32 = table.parse().map_err(|_| ApiError::NotFound("table"))?;
    let board: usize = board.parse().map_err(|_| ApiError::NotFound("board"))?;
    let req: ResultRequest = parse_body(&body)?;
    let result: GameResult = req
        .result
        .parse()
        .map_err(|e: xiangqi_tournament::ParseError| ApiError::invalid("result", e.to_string()))?;
    let out = write(&state, &id, &caller, |_| {
        Ok(vec![event_from(json!({
            "event": "board_result", "round": round, "table": table, "board": board, "result": result,
        }))?])
    })
    .await?;
    Ok(Json(out))
}
