//! One function a route: each takes what it needs from the request (the [`Caller`], a typed
//! body), asks [`Tournaments`](super::Tournaments) and answers one of the [`json`](super::json)
//! views. Reading never writes.

use axum::{
    Json,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
};
use xiangqi_tournament::{
    GameResult, Player,
    rating::{KBand, KTable, RatingRules},
    report,
    round_robin::Pairing,
    spec::{FormatSpec, SpecForm, TournamentSpec},
    tournament::{Event, Format, Penalty, TournamentError},
};

use super::{
    form::{
        ArbiterRequest, DrawRequest, FinalRequest, KeepApartRequest, MAX_PLAYERS, NewTournament,
        PairRequest, PenaltyRequest, PlayersBody, RatingRulesRequest, ResultRequest,
        TeamPlacesQuery, WithdrawalRequest, clip, number, parse_time_control, player_id,
    },
    json::{
        ArbitersView, BracketView, CrosstableView, DrawView, GroupsView, KeptApartView,
        PenaltyView, RatingsView, RegisteredPlayers, RoundView, StandingsView, TeamPlacesView,
        TournamentList, TournamentView, WithdrawalView,
    },
    players_from,
    stream::{Appointed, Engine, FinalLink, Need, TournamentRecord},
};
use crate::{
    AppState,
    accounts::Caller,
    competition::{checked_name, event_rules, rules_name, tournament_book},
    created,
    error::ApiError,
    error::ErrorBody,
    extract::{JsonBody, JsonOrEmpty, QueryParams, parse_body},
    ids::random_seed,
    repo::Aggregate,
};

#[utoipa::path(
    get, path = "/api/tournaments", tag = "tournaments", operation_id = "list_tournaments",
    responses((status = 200, description = "every tournament's id", body = TournamentList), (status = 503, response = ErrorBody))
)]
pub(crate) async fn list(State(state): State<AppState>) -> Result<Json<TournamentList>, ApiError> {
    Ok(Json(TournamentList {
        tournaments: state.tournaments().ids().await?,
    }))
}

#[utoipa::path(
    post, path = "/api/tournaments", tag = "tournaments", operation_id = "create_tournament",
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = NewTournament, content_type = "application/json"),
    responses((status = 201, description = "the tournament", body = TournamentView<'_>, links(("tournament" = (operation_id = "show_tournament", parameters(("id" = "$response.body#/id")))), ("players" = (operation_id = "register_players", parameters(("id" = "$response.body#/id")))), ("pair" = (operation_id = "pair_round", parameters(("id" = "$response.body#/id")))), ("withdrawals" = (operation_id = "withdraw_player", parameters(("id" = "$response.body#/id")))), ("penalties" = (operation_id = "penalise_player", parameters(("id" = "$response.body#/id")))), ("arbiters" = (operation_id = "appoint_arbiter", parameters(("id" = "$response.body#/id")))), ("standings" = (operation_id = "tournament_standings", parameters(("id" = "$response.body#/id")))), ("crosstable" = (operation_id = "tournament_crosstable", parameters(("id" = "$response.body#/id")))), ("final" = (operation_id = "open_final", parameters(("id" = "$response.body#/id")))), ("keep_apart" = (operation_id = "keep_apart", parameters(("id" = "$response.body#/id")))), ("trf" = (operation_id = "export_trf", parameters(("id" = "$response.body#/id")))), ("csv" = (operation_id = "export_csv", parameters(("id" = "$response.body#/id")))), ("pgn" = (operation_id = "export_pgn", parameters(("id" = "$response.body#/id")))), ("events" = (operation_id = "tournament_events", parameters(("id" = "$response.body#/id")))), ("bracket" = (operation_id = "tournament_bracket", parameters(("id" = "$response.body#/id")))), ("groups" = (operation_id = "tournament_groups", parameters(("id" = "$response.body#/id")))))), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(req): JsonBody<NewTournament>,
) -> Result<Response, ApiError> {
    let time_control = parse_time_control(req.time_control.as_deref())?;
    let engine = req.engine.clone();
    let spec = tournament_spec(req)?;
    let engine = match &engine {
        None => Engine::by_the_book(spec.book),
        Some(e) => Engine::parse(e).ok_or_else(|| {
            ApiError::invalid("engine", format!("unknown engine {e:?} (dutch or cxa)"))
        })?,
    };
    let events = spec.events();
    let (id, guard) = state
        .tournaments()
        .open(&caller, events, engine, time_control, None)
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    Ok(created(TournamentView::new(&id, v.seq, &v.state)))
}

/// The spec a request to create a tournament gives: its name, its book and the games' rules
/// (`rules`), the format, placings, scoring, tie-breaks and players, each read as the tournament
/// crate reads them ([`TournamentSpec`]); a refusal is a 422 naming the field.
pub(crate) fn tournament_spec(req: NewTournament) -> Result<TournamentSpec, ApiError> {
    let name = checked_name("name", &req.name)?;
    let (book, game_rules) = event_rules(req.rules.as_ref())?;
    let players = req.players.unwrap_or_default();
    if players.len() > MAX_PLAYERS {
        return Err(ApiError::invalid(
            "players",
            format!("at most {MAX_PLAYERS}"),
        ));
    }
    let entries = players_from(players)?;
    let form = SpecForm {
        name,
        book: Some(rules_name(tournament_book(book)).to_owned()),
        format: req.format,
        cycles: req.cycles,
        rounds: req.rounds,
        games: req.games,
        playoff_games: req.playoff_games,
        groups: req.groups,
        qualifiers: req.qualifiers,
        per_round: req.per_round,
        keep: req.keep,
        reset: req.reset,
        placings: req.placings,
        scoring: req.scoring,
        tie_breaks: req.tie_breaks,
        rules: game_rules
            .pairs()
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
        entries,
    };
    Ok(TournamentSpec::try_from(form)?)
}

#[utoipa::path(
    get, path = "/api/tournaments/{id}", tag = "tournaments", operation_id = "show_tournament",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the tournament", body = TournamentView<'_>), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state
        .tournaments()
        .read(&id, |v| {
            Json(TournamentView::new(&id, v.seq, &v.state)).into_response()
        })
        .await
}

/// Whether a request's body is CSV by its content type.
fn is_csv(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.starts_with("text/csv") || v.starts_with("text/plain")
        })
}

/// Registers players: one, a list, `{"players": [...]}`, or CSV (`text/csv`).
#[utoipa::path(
    post, path = "/api/tournaments/{id}/players", tag = "tournaments", operation_id = "register_players",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(description = "one player, a list, `{\"players\": [...]}`, or CSV with a header naming `name` and any of `rating`, `club`, `federation`", content((PlayersBody = "application/json"), (String = "text/csv"))),
    responses((status = 201, description = "the players just registered", body = RegisteredPlayers<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn register(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let players: Vec<Player> = if is_csv(&headers) {
        let text = std::str::from_utf8(&body)
            .map_err(|_| ApiError::bad_request(None, "the CSV is not UTF-8"))?;
        report::read_entries(text).map_err(|e| ApiError::invalid("players", e.to_string()))?
    } else {
        players_from(match parse_body::<PlayersBody>(&body)? {
            PlayersBody::Wrapped { players } | PlayersBody::List(players) => players,
            PlayersBody::One(p) => vec![p],
        })?
    };
    if players.is_empty() {
        return Err(ApiError::invalid("players", "no player given"));
    }
    let count = players.len();
    let guard = state
        .tournaments()
        .write_events(&id, &caller, Need::Official, |t| {
            if t.players().len() + count > MAX_PLAYERS {
                return Err(ApiError::invalid(
                    "players",
                    format!("at most {MAX_PLAYERS}"),
                ));
            }
            Ok(players
                .into_iter()
                .map(|player| Event::Registered { player })
                .collect())
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    Ok(created(RegisteredPlayers::new(
        v.state.tournament.players(),
        count,
        v.seq,
    )))
}

/// Pairs the next round: by the format's own rule (a Swiss by its engine, a knockout by its
/// bracket, each with a stored seed), or from the arbiter's games and byes when given.
#[utoipa::path(
    post, path = "/api/tournaments/{id}/rounds", tag = "tournaments", operation_id = "pair_round",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = Option<PairRequest>, content_type = "application/json"),
    responses((status = 201, description = "the round paired", body = RoundView<'_>, links(("round" = (operation_id = "show_round", parameters(("id" = "$request.path.id"), ("round" = "$response.body#/round")))), ("start_games" = (operation_id = "start_board_games", parameters(("id" = "$request.path.id"), ("round" = "$response.body#/round")))), ("board_games" = (operation_id = "board_games", parameters(("id" = "$request.path.id"), ("round" = "$response.body#/round")))), ("result" = (operation_id = "record_result", parameters(("id" = "$request.path.id"), ("round" = "$response.body#/round"), ("board" = "$response.body#/games/0/board")))))), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
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
    // A result a crash kept from the tournament is taken from its game before pairing.
    state.tournaments().settle(state.games(), &id).await;
    let guard = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Official,
            "do this: only the tournament's organiser and arbiters may",
            |s| {
                let t = &s.tournament;
                let round = t.rounds().len() as u32 + 1;
                let event = match (req.games, req.byes) {
                    (None, None) => match t.format() {
                        Format::RoundRobin { .. } | Format::Groups { .. } => t.pair_next_round()?,
                        Format::Swiss { .. } => {
                            if round > t.total_rounds() {
                                return Err(
                                    TournamentError::AllRoundsPaired(t.total_rounds()).into()
                                );
                            }
                            if t.players().len() < 2 {
                                return Err(TournamentError::TooFewPlayers.into());
                            }
                            t.pair_swiss(s.meta.engine.system(), seed)?
                        }
                        Format::Knockout { .. } => t.pair_knockout(seed)?,
                        _ => t.pair_next(s.meta.engine.system(), seed)?,
                    },
                    (games, byes) => {
                        let games = games
                            .unwrap_or_default()
                            .into_iter()
                            .enumerate()
                            .map(|(k, g)| {
                                Ok(Pairing {
                                    board: k as u32 + 1,
                                    red: player_id(&format!("games[{k}].red"), g.red, t)?,
                                    black: player_id(&format!("games[{k}].black"), g.black, t)?,
                                })
                            })
                            .collect::<Result<Vec<_>, ApiError>>()?;
                        let byes = byes
                            .unwrap_or_default()
                            .into_iter()
                            .enumerate()
                            .map(|(k, b)| player_id(&format!("byes[{k}]"), b, t))
                            .collect::<Result<Vec<_>, _>>()?;
                        // A knockout round's seed draws its lots (colours, a level match), so
                        // hand-entered bracket pairings carry one too.
                        let knockout = matches!(
                            t.format(),
                            Format::Knockout { .. }
                                | Format::DoubleElimination { .. }
                                | Format::LotKnockout { .. }
                        ) || t.in_knockout_stage();
                        Event::RoundPaired {
                            round,
                            games,
                            byes,
                            seed: knockout.then_some(seed),
                        }
                    }
                };
                Ok(vec![TournamentRecord::Tournament(event)])
            },
        )
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    let last = v
        .state
        .tournament
        .rounds()
        .last()
        .map(|r| RoundView::new(r, &v.state));
    Ok(created(last))
}

#[utoipa::path(
    get, path = "/api/tournaments/{id}/rounds/{round}", tag = "tournaments", operation_id = "show_round",
    params(("id" = String, Path, description = "the tournament's id"), ("round" = u32, Path, minimum = 1, description = "the round's number")),
    responses((status = 200, description = "the round", body = RoundView<'_>), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn show_round(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let round = number(&round, "round")?;
    state
        .tournaments()
        .read(&id, |v| {
            RoundView::find(&v.state, round)
                .map(|r| Json(r).into_response())
                .ok_or(ApiError::NotFound("round"))
        })
        .await?
}

#[utoipa::path(
    put, path = "/api/tournaments/{id}/rounds/{round}/boards/{board}/result", tag = "tournaments", operation_id = "record_result",
    params(("id" = String, Path, description = "the tournament's id"), ("round" = u32, Path, minimum = 1, description = "the round's number"), ("board" = u32, Path, minimum = 1, description = "the board's number")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = ResultRequest, content_type = "application/json"),
    responses((status = 200, description = "the round with the result", body = RoundView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn record_result(
    State(state): State<AppState>,
    Path((id, round, board)): Path<(String, String, String)>,
    caller: Caller,
    JsonBody(req): JsonBody<ResultRequest>,
) -> Result<Response, ApiError> {
    let round = number(&round, "round")?;
    let board = number(&board, "board")?;
    let result: GameResult = req
        .result
        .parse()
        .map_err(|e: xiangqi_tournament::ParseError| ApiError::invalid("result", e.to_string()))?;
    let guard = state
        .tournaments()
        .write_events(&id, &caller, Need::Official, |t| {
            if !t.rounds().iter().any(|r| r.number == round) {
                return Err(ApiError::NotFound("round"));
            }
            Ok(vec![Event::ResultRecorded {
                round,
                board,
                result,
            }])
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    Ok(Json(RoundView::find(&v.state, round)).into_response())
}

#[utoipa::path(
    post, path = "/api/tournaments/{id}/withdrawals", tag = "tournaments", operation_id = "withdraw_player",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = WithdrawalRequest, content_type = "application/json"),
    responses((status = 201, description = "the withdrawal", body = WithdrawalView), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<WithdrawalRequest>,
) -> Result<Response, ApiError> {
    let guard = state
        .tournaments()
        .write_events(&id, &caller, Need::Official, |t| {
            let player = player_id("player", req.player, t)?;
            if t.withdrawn_after(player).is_some() {
                return Err(ApiError::conflict(
                    "withdrawn",
                    "the player has withdrawn already",
                ));
            }
            Ok(vec![Event::Withdrawn {
                player,
                after_round: req.after_round.unwrap_or(t.rounds().len() as u32),
            }])
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    let player = xiangqi_tournament::PlayerId::new(req.player);
    Ok(created(WithdrawalView {
        player: req.player,
        withdrawn_after: player.and_then(|p| v.state.tournament.withdrawn_after(p)),
        seq: v.seq,
    }))
}

/// A penalty against a player in a round: a foul (for the 犯规 tie-break), a warning (CXA 2011
/// art. 18.1, any official) or a disqualification from the game (18.2: the organiser or the
/// chief arbiter, the first appointed, only). A disqualified player loses the game by forfeit,
/// and its live game, if it goes on, is declared so; sanctions rank by severity, then by count
/// (18.5).
#[utoipa::path(
    post, path = "/api/tournaments/{id}/penalties", tag = "tournaments", operation_id = "penalise_player",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = PenaltyRequest, content_type = "application/json"),
    responses((status = 201, description = "the penalty", body = PenaltyView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn penalise(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<PenaltyRequest>,
) -> Result<Response, ApiError> {
    let penalty = match req.penalty.trim().to_ascii_lowercase().as_str() {
        "foul" => Penalty::Foul,
        "warning" => Penalty::Warning,
        "game_disqualification" => Penalty::GameDisqualification,
        other => {
            return Err(ApiError::invalid(
                "penalty",
                format!("unknown penalty {other:?} (foul, warning, game_disqualification)"),
            ));
        }
    };
    // CXA 2011 art. 18.2: the chief arbiter disqualifies from a game; 18.1: any arbiter warns.
    let need = match penalty {
        Penalty::GameDisqualification => Need::Chief,
        Penalty::Foul | Penalty::Warning => Need::Official,
    };
    let guard = state
        .tournaments()
        .write_events(&id, &caller, need, |t| {
            let player = player_id("player", req.player, t)?;
            if req.round == 0 || req.round as usize > t.rounds().len() {
                return Err(ApiError::invalid("round", "not a paired round"));
            }
            Ok(vec![Event::Penalised {
                player,
                round: req.round,
                penalty,
            }])
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    let seq = v.seq;
    // CXA 2011 art. 18.2: the board's live game, if it still goes on, ends as the forfeit.
    let live = (penalty == Penalty::GameDisqualification)
        .then(|| disqualified_game(&v.state, req.player, req.round))
        .flatten();
    drop(guard);
    if let Some((game, token, result, color)) = live {
        let declare = crate::games::Claim::Declare {
            result: result.to_owned(),
            reason: format!("CXA 2011 art. 18.2: {color} is disqualified from the game"),
        };
        // A game over already keeps its result; the board has the forfeit.
        let _ = state
            .games()
            .claim(&game, Some(token.as_str()), declare)
            .await;
    }
    Ok(created(PenaltyView {
        player: req.player,
        round: req.round,
        penalty: &req.penalty,
        seq,
    }))
}

/// The live game of start number `player` in `round`, to end after a disqualification (CXA
/// 2011 art. 18.2): its id, the arbiter's token, the result to declare and the side out.
fn disqualified_game(
    s: &super::stream::TournamentState,
    player: u32,
    round: u32,
) -> Option<(String, String, &'static str, &'static str)> {
    let r = s
        .tournament
        .rounds()
        .get((round as usize).checked_sub(1)?)?;
    let g = r
        .games
        .iter()
        .find(|g| g.pairing.red.get() == player || g.pairing.black.get() == player)?;
    let live = s.meta.games.get(&(round, g.pairing.board))?;
    let (result, color) = if g.pairing.red.get() == player {
        ("0-1", "Red")
    } else {
        ("1-0", "Black")
    };
    Some((live.game.clone(), live.arbiter_token.clone(), result, color))
}

/// Appoints an arbiter. The first appointed is the chief arbiter (裁判长), who with the
/// organiser disqualifies from a game (CXA 2011 art. 18.2) and decides appeals (WXF 2018 art.
/// 12.4).
#[utoipa::path(
    post, path = "/api/tournaments/{id}/arbiters", tag = "tournaments", operation_id = "appoint_arbiter",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = ArbiterRequest, content_type = "application/json"),
    responses((status = 201, description = "the arbiters", body = ArbitersView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn appoint(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<ArbiterRequest>,
) -> Result<Response, ApiError> {
    let username = req.username.trim().to_ascii_lowercase();
    if !state.accounts().exists(&username).await? {
        return Err(ApiError::invalid("username", "no such account"));
    }
    let guard = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Owner,
            "appoint arbiters: only the tournament's organiser may",
            |s| {
                Ok(if s.meta.arbiters.contains(&username) {
                    Vec::new()
                } else {
                    vec![TournamentRecord::ArbiterAppointed(Appointed {
                        username: username.clone(),
                    })]
                })
            },
        )
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    Ok(created(ArbitersView {
        arbiters: &v.state.meta.arbiters,
        seq: v.seq,
    }))
}

#[utoipa::path(
    get, path = "/api/tournaments/{id}/standings", tag = "tournaments", operation_id = "tournament_standings",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the standings", body = StandingsView), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn standings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<StandingsView>, ApiError> {
    state
        .tournaments()
        .read(&id, |v| Json(StandingsView::new(&v.state.tournament)))
        .await
}

/// 队员总分制 (CXA 11.5, 14.8): the players' units (clubs) as teams, ranked by the sum of
/// their players' best places in this individual event, the smaller first, equal sums by the
/// best place; teams short of `count` placed players last.
#[utoipa::path(
    get, path = "/api/tournaments/{id}/team-places", tag = "tournaments", operation_id = "team_places",
    params(("id" = String, Path, description = "the tournament's id"), TeamPlacesQuery),
    responses((status = 200, description = "the teams by the sum of their players' places", body = TeamPlacesView), (status = 400, response = ErrorBody), (status = 404, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn team_places(
    State(state): State<AppState>,
    Path(id): Path<String>,
    QueryParams(q): QueryParams<TeamPlacesQuery>,
) -> Result<Json<TeamPlacesView>, ApiError> {
    let count = match q.count {
        None => None,
        Some(n) if (1..=1000).contains(&n) => Some(n as usize),
        Some(_) => return Err(ApiError::invalid("count", "1 to 1000")),
    };
    state
        .tournaments()
        .read(&id, |v| {
            Json(TeamPlacesView::new(&v.state.tournament, count))
        })
        .await
}

#[utoipa::path(
    get, path = "/api/tournaments/{id}/crosstable", tag = "tournaments", operation_id = "tournament_crosstable",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the crosstable", body = CrosstableView<'_>), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn crosstable(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state
        .tournaments()
        .read(&id, |v| {
            Json(CrosstableView::new(&v.state.tournament)).into_response()
        })
        .await
}

/// Draws start numbers by lot (抽签) before round 1: a round robin's places in the order
/// table, a knockout's or a double elimination's seeds (CXA 2011 arts. 10.1, 10.4, 12.1). The
/// seed is kept; a withdrawal before the start that leaves a round robin even redraws (14.4).
#[utoipa::path(
    post, path = "/api/tournaments/{id}/draw", tag = "tournaments", operation_id = "draw_lots",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = Option<DrawRequest>, content_type = "application/json"),
    responses((status = 201, description = "the draw", body = DrawView), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn draw_lots(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonOrEmpty(body): JsonOrEmpty<Option<serde_json::Map<String, serde_json::Value>>>,
) -> Result<Response, ApiError> {
    // An object or nothing: every field has a default, so serde would also take `[]`.
    let req: DrawRequest = match body {
        None => DrawRequest::default(),
        Some(fields) => {
            let bytes = serde_json::to_vec(&fields)
                .map_err(|e| ApiError::bad_request(None, e.to_string()))?;
            parse_body(&bytes)?
        }
    };
    let seed = match req.seed {
        Some(seed) => seed,
        None => random_seed()?,
    };
    let guard = state
        .tournaments()
        .write_events(&id, &caller, Need::Owner, |t| {
            if !t.rounds().is_empty() {
                return Err(ApiError::conflict(
                    "started",
                    "start numbers are drawn before round 1",
                ));
            }
            Ok(vec![Event::LotsDrawn { seed }])
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    let view = DrawView::new(&v.state.tournament, v.seq)
        .ok_or_else(|| ApiError::conflict("not_drawn", "no draw was made"))?;
    Ok(created(view))
}

/// The start-number draw in force (抽签; CXA 14.4 redraws counted).
#[utoipa::path(
    get, path = "/api/tournaments/{id}/draw", tag = "tournaments", operation_id = "show_draw",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the draw", body = DrawView), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn show_draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<DrawView>, ApiError> {
    state
        .tournaments()
        .read(&id, |v| DrawView::new(&v.state.tournament, v.seq))
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::conflict("not_drawn", "no start numbers were drawn"))
}

/// The event's rating report (等级分, Elo; neither book rates, see
/// `xiangqi_tournament::rating`): expected scores by the logistic curve, K from the organiser's
/// table, performance ratings for the unrated.
#[utoipa::path(
    get, path = "/api/tournaments/{id}/ratings", tag = "tournaments", operation_id = "tournament_ratings",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the rating report", body = RatingsView), (status = 404, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn ratings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<RatingsView>, ApiError> {
    state
        .tournaments()
        .read(&id, |v| Json(RatingsView::new(&v.state.tournament, v.seq)))
        .await
}

/// Sets how the event's ratings are computed: the organiser's K table, the cap on rating
/// differences, the games a performance rating needs. Recorded as an event; the latest applies.
#[utoipa::path(
    put, path = "/api/tournaments/{id}/rating-rules", tag = "tournaments", operation_id = "set_rating_rules",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = RatingRulesRequest, content_type = "application/json"),
    responses((status = 200, description = "the rating report under the new rules", body = RatingsView), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn set_rating_rules(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(fields): JsonBody<serde_json::Map<String, serde_json::Value>>,
) -> Result<Json<RatingsView>, ApiError> {
    // An object only: every field has a default, so serde would also take `[null, null]`.
    let bytes =
        serde_json::to_vec(&fields).map_err(|e| ApiError::bad_request(None, e.to_string()))?;
    let req: RatingRulesRequest = parse_body(&bytes)?;
    let defaults = RatingRules::default();
    let too_many = |g: u32| i32::try_from(g).is_err();
    if req
        .k_table
        .iter()
        .flatten()
        .any(|b| b.games_below.is_some_and(too_many))
    {
        return Err(ApiError::invalid(
            "k_table",
            "games_below at most 2,147,483,647",
        ));
    }
    let k_table = match req.k_table {
        Some(bands) => KTable::new(
            bands
                .into_iter()
                .map(|b| KBand {
                    games_below: b.games_below,
                    rating_below: b.rating_below,
                    k: b.k,
                })
                .collect(),
        )
        .map_err(|e| ApiError::invalid("k_table", e.to_string()))?,
        None => defaults.k_table,
    };
    let performance_after = req.performance_after.unwrap_or(defaults.performance_after);
    if !(1..=1000).contains(&performance_after) {
        return Err(ApiError::invalid(
            "performance_after",
            "from 1 to 1,000 games",
        ));
    }
    if req.prior_games.values().any(|&g| too_many(g)) {
        return Err(ApiError::invalid(
            "prior_games",
            "at most 2,147,483,647 games each",
        ));
    }
    let rules = RatingRules {
        k_table,
        difference_cap: match req.difference_cap {
            Some(0) => None,
            Some(cap) => Some(cap),
            None => defaults.difference_cap,
        },
        performance_after,
        prior_games: req.prior_games,
    };
    let guard = state
        .tournaments()
        .write_events(&id, &caller, Need::Owner, |t| {
            if let Some(&n) = rules
                .prior_games
                .keys()
                .find(|&&n| n == 0 || n as usize > t.players().len())
            {
                return Err(ApiError::invalid(
                    "prior_games",
                    format!("no player has start number {n}"),
                ));
            }
            Ok(vec![Event::RatingRulesSet { rules }])
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    Ok(Json(RatingsView::new(&v.state.tournament, v.seq)))
}

/// A knockout's bracket, round by round (CXA 2011 art. 10.4); a Swiss then knockout's from
/// its qualifiers (CXA 10.5); a double elimination's matches in playing order with the
/// winners' and losers' brackets, the grand final and its reset.
#[utoipa::path(
    get, path = "/api/tournaments/{id}/bracket", tag = "tournaments", operation_id = "tournament_bracket",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the bracket", body = BracketView), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn bracket(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<BracketView>, ApiError> {
    state
        .tournaments()
        .read(&id, |v| BracketView::new(&v.state.tournament))
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::conflict("not_a_knockout", "this format has no bracket"))
}

/// A group stage's groups with their standings, and its final once opened (CXA 2011 art. 10.2).
#[utoipa::path(
    get, path = "/api/tournaments/{id}/groups", tag = "tournaments", operation_id = "tournament_groups",
    params(("id" = String, Path, description = "the tournament's id")),
    responses((status = 200, description = "the groups", body = GroupsView<'_>), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn groups(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state
        .tournaments()
        .read(&id, |v| {
            GroupsView::new(&v.state)
                .map(|g| Json(g).into_response())
                .ok_or_else(|| ApiError::conflict("not_a_group_stage", "this format has no groups"))
        })
        .await?
}

/// Opens the final of a finished group stage as a tournament of its own, seeded with the top
/// players of each group, group winners first (CXA 2011 art. 10.2).
#[utoipa::path(
    post, path = "/api/tournaments/{id}/final", tag = "tournaments", operation_id = "open_final",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = FinalRequest, content_type = "application/json"),
    responses((status = 201, description = "the final, a tournament of its own", body = TournamentView<'_>), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn open_final(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<FinalRequest>,
) -> Result<Response, ApiError> {
    if !(1..=64).contains(&req.qualifiers) {
        return Err(ApiError::invalid("qualifiers", "1 to 64"));
    }
    let format = FormatSpec {
        format: Some(req.format.as_deref().unwrap_or("knockout").to_owned()),
        cycles: req.cycles,
        rounds: req.rounds,
        games: req.games,
        playoff_games: req.playoff_games,
        ..FormatSpec::default()
    }
    .format()?;
    if matches!(format, Format::Groups { .. }) {
        return Err(ApiError::invalid(
            "format",
            "a final is not another group stage",
        ));
    }
    let tournaments = state.tournaments();
    tournaments.settle(state.games(), &id).await;
    // The stage stays locked while its final is opened: one final a stage.
    let guard = tournaments.lock(&id).await?;
    let stage = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    stage.state.check(
        &caller,
        Need::Owner,
        "open the final: only the tournament's organiser may",
    )?;
    if stage.state.meta.final_id.is_some() {
        return Err(ApiError::conflict(
            "final_opened",
            "the final is open already",
        ));
    }
    let time_control = match req.time_control.as_deref() {
        Some(tc) => parse_time_control(Some(tc))?,
        None => stage.state.meta.time_control.clone(),
    };
    let name = match req.name.as_deref().map(str::trim) {
        Some(n) => checked_name("name", n)?,
        None => clip(
            format!("{} — 决赛 final", stage.state.tournament.name()),
            200,
        ),
    };
    let mut events = stage
        .state
        .tournament
        .final_events(&name, format, req.qualifiers as usize)?;
    // The final's games keep the stage's rules.
    let game_rules = stage.state.tournament.game_rules();
    if !game_rules.is_empty() {
        events.push(Event::GameRulesSet {
            rules: game_rules.clone(),
        });
    }
    let engine = stage.state.meta.engine;
    let (final_id, final_guard) = tournaments
        .open(&caller, events, engine, time_control, Some(id.clone()))
        .await?;
    tournaments
        .repo
        .update_locked(&id, guard, |next| {
            let link = TournamentRecord::FinalOpened(FinalLink {
                final_id: final_id.clone(),
            });
            next.apply(link.clone())?;
            Ok(vec![link])
        })
        .await?;
    let v = final_guard
        .as_ref()
        .ok_or(ApiError::NotFound("tournament"))?;
    Ok(created(TournamentView::new(&final_id, v.seq, &v.state)))
}

/// Keeps players apart in a Swiss's later pairings (CXA 2011 art. 10.3 and its appendix 3:
/// players of one unit 同单位 need not meet).
#[utoipa::path(
    post, path = "/api/tournaments/{id}/keep-apart", tag = "tournaments", operation_id = "keep_apart",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("session" = []), ("session_cookie" = [])),
    request_body(content = KeepApartRequest, content_type = "application/json"),
    responses((status = 201, description = "who is kept apart", body = KeptApartView), (status = 400, response = ErrorBody), (status = 401, response = ErrorBody), (status = 403, response = ErrorBody), (status = 404, response = ErrorBody), (status = 409, response = ErrorBody), (status = 422, response = ErrorBody), (status = 503, response = ErrorBody))
)]
pub(crate) async fn keep_apart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<KeepApartRequest>,
) -> Result<Response, ApiError> {
    if !req.clubs && req.players.len() < 2 {
        return Err(ApiError::invalid(
            "players",
            "at least two players, or `clubs`: true",
        ));
    }
    let guard = state
        .tournaments()
        .write_events(&id, &caller, Need::Owner, |t| {
            let players = req
                .players
                .iter()
                .enumerate()
                .map(|(k, &n)| player_id(&format!("players[{k}]"), n, t))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(vec![Event::KeptApart {
                clubs: req.clubs,
                players,
            }])
        })
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    Ok(created(KeptApartView {
        kept_apart: v.state.tournament.kept_apart(),
        seq: v.seq,
    }))
}
