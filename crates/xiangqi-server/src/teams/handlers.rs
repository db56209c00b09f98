//! One function a route: each takes what it needs from the request (the [`Caller`], a typed
//! body), asks [`Teams`](super::Teams) and answers the team event's view.

use axum::{
    Json,
    extract::{Path, State},
    response::{IntoResponse, Response},
};
use xiangqi_tournament::{
    GameResult, PlayerId,
    swiss::cxa::Cxa,
    team::{BoardRule, Team},
    team_tournament::{TeamError, TeamEvent, TeamPairing, TeamRanking, TeamTournament},
    tournament::Format,
};

use super::{
    form::{
        CheckedTeam, LineupRequest, NewTeamEvent, PairRequest, PenaltyRequest, ResultRequest,
        TeamsBody, WithdrawalRequest, board_rule, penalty_named, team_format, tie_breaks,
    },
    json::{TeamBracketView, TeamView, created_with},
    reply,
    stream::{TeamOpened, TeamRecord},
};
use crate::{
    AppState,
    accounts::Caller,
    competition::{bracket_rounds, checked_name, event_rules, scoring_named, tournament_book},
    error::{ApiError, ErrorBody},
    extract::{JsonBody, JsonOrEmpty},
    ids::{random_hex, random_seed},
};

#[utoipa::path(
    post, path = "/api/teams", tag = "teams", operation_id = "create_team_event",
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = NewTeamEvent, content_type = "application/json"),
    responses((status = 201, description = "the team event", body = TeamView<'_>, links(("team_event" = (operation_id = "show_team_event", parameters(("id" = "$response.body#/id")))), ("teams" = (operation_id = "register_teams", parameters(("id" = "$response.body#/id")))), ("pair" = (operation_id = "pair_team_round", parameters(("id" = "$response.body#/id")))), ("withdrawals" = (operation_id = "withdraw_team", parameters(("id" = "$response.body#/id")))), ("penalties" = (operation_id = "penalise_team", parameters(("id" = "$response.body#/id")))), ("bracket" = (operation_id = "team_bracket", parameters(("id" = "$response.body#/id")))))), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(req): JsonBody<NewTeamEvent>,
) -> Result<Response, ApiError> {
    let name = checked_name("name", &req.name)?;
    let (book, game_rules) = event_rules(req.rules.as_ref())?;
    let rules = tournament_book(book);
    let format = team_format(&req)?;
    let ranking = match req.ranking.as_deref().map(str::trim) {
        None | Some("match_points") => TeamRanking::MatchPoints,
        Some("game_points") => TeamRanking::GamePoints,
        Some(other) => {
            return Err(ApiError::invalid(
                "ranking",
                format!("unknown ranking {other:?} (match_points, game_points)"),
            ));
        }
    };
    if !(1..=20).contains(&req.boards) {
        return Err(ApiError::invalid("boards", "1 to 20"));
    }
    let scoring = scoring_named(req.scoring.as_deref())?;
    let mut events = vec![TeamEvent::Created {
        name,
        rules,
        format,
        boards: req.boards,
        board_rule: board_rule(req.board_rule.as_deref())?,
        scoring,
        tie_breaks: tie_breaks(req.tie_breaks.as_deref())?,
        two_games: req.two_games,
        ranking,
    }];
    for (k, team) in req.teams.unwrap_or_default().into_iter().enumerate() {
        let team = team.checked(&format!("teams[{k}]"))?;
        registration(&mut events, k, team, req.boards);
    }
    // Checked before anything is stored: a format the team crate does not run is the field's.
    TeamTournament::from_events(events.clone()).map_err(|e| match e {
        TeamError::NoRound(m) => ApiError::invalid("format", m),
        e => e.into(),
    })?;
    let id = random_hex(8)?;
    let mut all = vec![TeamRecord::Opened(TeamOpened {
        owner: caller.username.clone(),
        game_rules: (game_rules != xiangqi_arbiter::EventRules::default()).then_some(game_rules),
    })];
    all.extend(events.into_iter().map(TeamRecord::Team));
    let (_, guard) = state.teams().repo.create(&id, all).await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// Appends `team`'s registration as team index `index`, after the organiser's override of
/// the board order (CXA 11.1) when one is given.
fn registration(events: &mut Vec<TeamEvent>, index: usize, team: CheckedTeam, boards: usize) {
    if let Some(reason) = team.order_override {
        events.push(TeamEvent::OrderOverridden {
            team: index,
            reason,
        });
    }
    events.push(TeamEvent::TeamRegistered {
        team: Team {
            name: team.name,
            players: team.players,
            boards,
        },
    });
}

#[utoipa::path(
    get, path = "/api/teams/{id}", tag = "teams", operation_id = "show_team_event",
    params(("id" = String, Path, description = "the team event's id")),
    responses((status = 200, description = "the team event: teams, rounds with each match board by board (the first-listed team red on odd boards, CXA 12.2), standings", body = TeamView<'_>), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state
        .teams()
        .repo
        .read(&id, |v| {
            let view = TeamView::new(&id, &v.state, v.seq)?;
            Ok(Json(view).into_response())
        })
        .await?
}

#[utoipa::path(
    post, path = "/api/teams/{id}/teams", tag = "teams", operation_id = "register_teams",
    params(("id" = String, Path, description = "the team event's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = TeamsBody, content_type = "application/json"),
    responses((status = 201, description = "the team event", body = TeamView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn register(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<TeamsBody>,
) -> Result<Response, ApiError> {
    let teams = req
        .teams
        .into_iter()
        .enumerate()
        .map(|(k, t)| t.checked(&format!("teams[{k}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if t.teams().len() + teams.len() > 200 {
                return Err(ApiError::invalid("teams", "at most 200"));
            }
            let mut events = Vec::new();
            for (k, team) in teams.into_iter().enumerate() {
                registration(&mut events, t.teams().len() + k, team, t.boards());
            }
            Ok(events)
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// Pairs the next round: a round robin from the order tables, a knockout from its bracket
/// with a stored seed, a Swiss by the CXA engine with a stored seed, or any format from the
/// arbiter's matches and byes when given. Under fixed boards (CXA 11.1) both teams'
/// registered order goes in as their line-ups.
#[utoipa::path(
    post, path = "/api/teams/{id}/rounds", tag = "teams", operation_id = "pair_team_round",
    params(("id" = String, Path, description = "the team event's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = Option<PairRequest>, content_type = "application/json"),
    responses((status = 201, description = "the team event", body = TeamView<'_>, links(("lineups" = (operation_id = "enter_lineup", parameters(("id" = "$request.path.id"), ("round" = "$response.body#/rounds/0/round")))), ("result" = (operation_id = "record_board_result", parameters(("id" = "$request.path.id"), ("round" = "$response.body#/rounds/0/round"), ("table" = "$response.body#/rounds/0/matches/0/table"), ("board" = "$response.body#/rounds/0/matches/0/boards/0/board")))), ("team_event" = (operation_id = "show_team_event", parameters(("id" = "$request.path.id")))))), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn pair(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonOrEmpty(req): JsonOrEmpty<PairRequest>,
) -> Result<Response, ApiError> {
    let seed = match req.seed {
        Some(s) => s,
        None => random_seed()?,
    };
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if t.teams().len() < 2 {
                return Err(ApiError::conflict("too_few_teams", "at least two teams"));
            }
            let knockout = matches!(t.format(), Format::Knockout { .. });
            let team = |field: String, n: usize| {
                if n == 0 || n > t.teams().len() {
                    Err(ApiError::invalid(&field, format!("no team {n}")))
                } else {
                    Ok(n - 1)
                }
            };
            let paired = match (req.matches, req.byes) {
                // The format's stage pairs it: the order table, the bracket, or for a Swiss
                // (CXA 10.3, 12.3, 14.4) by 场分, no rematch, the bye to the lowest team without
                // one; the seed of its lots kept in the event.
                (None, None) => t.pair_next(&Cxa, seed)?,
                (matches, byes) => TeamEvent::RoundPaired {
                    round: t.rounds_paired() + 1,
                    matches: matches
                        .unwrap_or_default()
                        .into_iter()
                        .enumerate()
                        .map(|(k, m)| {
                            Ok(TeamPairing {
                                table: k as u32 + 1,
                                first: team(format!("matches[{k}].first"), m.first)?,
                                second: team(format!("matches[{k}].second"), m.second)?,
                            })
                        })
                        .collect::<Result<Vec<_>, ApiError>>()?,
                    byes: byes
                        .unwrap_or_default()
                        .into_iter()
                        .enumerate()
                        .map(|(k, b)| team(format!("byes[{k}]"), b))
                        .collect::<Result<Vec<_>, _>>()?,
                    // A knockout's lots come from the round's seed.
                    seed: knockout.then_some(seed),
                },
            };
            let fixed = created_with(t).0 == BoardRule::Fixed;
            let mut events = vec![paired.clone()];
            if let (true, TeamEvent::RoundPaired { round, matches, .. }) = (fixed, &paired) {
                // Fixed boards (CXA 11.1): the registered order is the line-up, every round.
                for m in matches {
                    for team in [m.first, m.second] {
                        events.push(TeamEvent::LineupSubmitted {
                            round: *round,
                            team,
                            lineup: (1..=t.boards()).collect(),
                        });
                    }
                }
            }
            Ok(events)
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// A team's line-up for a round (CXA 11.2, 11.3), checked by the team crate; or, with `lot`,
/// the board order of the given players drawn by lot (CXA 11.3), the seed kept.
#[utoipa::path(
    post, path = "/api/teams/{id}/rounds/{round}/lineups", tag = "teams", operation_id = "enter_lineup",
    params(("id" = String, Path, description = "the team event's id"), ("round" = u32, Path, minimum = 1, description = "the round's number")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = LineupRequest, content_type = "application/json"),
    responses((status = 201, description = "the team event", body = TeamView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn lineup(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
    caller: Caller,
    JsonBody(req): JsonBody<LineupRequest>,
) -> Result<Response, ApiError> {
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if req.team == 0 || req.team > t.teams().len() {
                return Err(ApiError::invalid("team", format!("no team {}", req.team)));
            }
            if req.lot {
                return Ok(vec![TeamEvent::LineupDrawn {
                    round,
                    team: req.team - 1,
                    players: req.lineup.clone(),
                    seed: match req.seed {
                        Some(s) => s,
                        None => random_seed()?,
                    },
                }]);
            }
            if req.seed.is_some() {
                return Err(ApiError::invalid("seed", "a seed is for a line-up by lot"));
            }
            Ok(vec![TeamEvent::LineupSubmitted {
                round,
                team: req.team - 1,
                lineup: req.lineup.clone(),
            }])
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

#[utoipa::path(
    put, path = "/api/teams/{id}/rounds/{round}/tables/{table}/boards/{board}/result", tag = "teams", operation_id = "record_board_result",
    params(("id" = String, Path, description = "the team event's id"), ("round" = u32, Path, minimum = 1, description = "the round's number"), ("table" = u32, Path, minimum = 1, description = "the match's table"), ("board" = u32, Path, minimum = 1, description = "the board's number")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = ResultRequest, content_type = "application/json"),
    responses((status = 200, description = "the team event", body = TeamView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn result(
    State(state): State<AppState>,
    Path((id, round, table, board)): Path<(String, String, String, String)>,
    caller: Caller,
    JsonBody(req): JsonBody<ResultRequest>,
) -> Result<Response, ApiError> {
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let table: u32 = table.parse().map_err(|_| ApiError::NotFound("table"))?;
    let board: usize = board.parse().map_err(|_| ApiError::NotFound("board"))?;
    let result: GameResult = req
        .result
        .parse()
        .map_err(|e: xiangqi_tournament::ParseError| ApiError::invalid("result", e.to_string()))?;
    let game = req.game.unwrap_or(1) as usize;
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            let games = t.games_per_board();
            if game == 0 || game > games {
                return Err(ApiError::invalid(
                    "game",
                    match games {
                        1 => "one game a board in this event".to_owned(),
                        n => format!("1 to {n} in this event"),
                    },
                ));
            }
            // An all-play-all's games (CXA 11.4) by number; one or two games a board as
            // before.
            if t.team_format().is_all_play_all() {
                return Ok(vec![TeamEvent::BoardGameResult {
                    round,
                    table,
                    board,
                    game,
                    result,
                }]);
            }
            Ok(vec![TeamEvent::BoardResult {
                round,
                table,
                board,
                result,
                second: game == 2,
            }])
        })
        .await?;
    Ok(Json(reply(&id, &guard)?).into_response())
}

/// A team withdraws (CXA 19.2, 19.3; WXF 11.2–11.4) or is expelled (CXA 18.3) after a round:
/// in a round robin its matches are cancelled if it played fewer than half, else they stand
/// and the later ones are forfeited on every board (CXA 20.3).
#[utoipa::path(
    post, path = "/api/teams/{id}/withdrawals", tag = "teams", operation_id = "withdraw_team",
    params(("id" = String, Path, description = "the team event's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = WithdrawalRequest, content_type = "application/json"),
    responses((status = 201, description = "the team event", body = TeamView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<WithdrawalRequest>,
) -> Result<Response, ApiError> {
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if req.team == 0 || req.team > t.teams().len() {
                return Err(ApiError::invalid("team", format!("no team {}", req.team)));
            }
            Ok(vec![TeamEvent::Withdrawn {
                team: req.team - 1,
                after_round: req.after_round.unwrap_or(t.rounds_paired()),
            }])
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// A foul or sanction against a team's player or the team itself (CXA 8, 18.1, 18.2): the
/// team's fouls add up to 全队犯规 (CXA 14.5, 14.6), its sanctions rank it last among equals,
/// by the heaviest and then by how many (18.5).
#[utoipa::path(
    post, path = "/api/teams/{id}/penalties", tag = "teams", operation_id = "penalise_team",
    params(("id" = String, Path, description = "the team event's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = PenaltyRequest, content_type = "application/json"),
    responses((status = 201, description = "the team event", body = TeamView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn penalise(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<PenaltyRequest>,
) -> Result<Response, ApiError> {
    let penalty = penalty_named(&req.penalty)?;
    let guard = state
        .teams()
        .write(&id, &caller, |t| {
            if req.team == 0 || req.team > t.teams().len() {
                return Err(ApiError::invalid("team", format!("no team {}", req.team)));
            }
            let players = t.teams()[req.team - 1].players.len();
            if let Some(p) = req.player
                && (p == 0 || p > players)
            {
                return Err(ApiError::invalid(
                    "player",
                    format!("the team registered {players} players"),
                ));
            }
            let round = req.round.unwrap_or(t.rounds_paired());
            if round == 0 || round > t.rounds_paired() {
                return Err(ApiError::invalid("round", "not a paired round"));
            }
            Ok(vec![TeamEvent::Penalised {
                team: req.team - 1,
                player: req.player,
                round,
                penalty,
            }])
        })
        .await?;
    Ok(crate::created(reply(&id, &guard)?))
}

/// A team knockout's bracket (CXA 10.4): each line's teams by number, its team matches (as
/// games: `first_color` red when the line's first team was listed first), winner and decision.
#[utoipa::path(
    get, path = "/api/teams/{id}/bracket", tag = "teams", operation_id = "team_bracket",
    params(("id" = String, Path, description = "the team event's id")),
    responses((status = 200, description = "a team knockout's bracket round by round (CXA 10.4)", body = TeamBracketView), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn bracket(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<TeamBracketView>, ApiError> {
    let guard = state.teams().repo.lock(&id).await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("team event"))?;
    let t = v.state.event()?;
    if !matches!(t.format(), Format::Knockout { .. }) {
        return Err(ApiError::conflict(
            "not_a_knockout",
            "this format has no bracket",
        ));
    }
    Ok(Json(TeamBracketView {
        rounds: bracket_rounds(&t.bracket()),
        champion: t.champion().map(|c| PlayerId::from_index(c).get()),
    }))
}
