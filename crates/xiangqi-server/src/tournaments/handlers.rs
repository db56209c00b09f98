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
    GameResult, Player, report,
    round_robin::Pairing,
    tournament::{Event, Format, Penalty, TournamentError},
};

use super::{
    form::{
        ArbiterRequest, FinalRequest, FormatRequest, KeepApartRequest, MAX_PLAYERS, NewTournament,
        PairRequest, PenaltyRequest, PlayersBody, ResultRequest, WithdrawalRequest, clip, number,
        parse_tie_break, parse_time_control, player_id,
    },
    json::{
        ArbitersView, BracketView, CrosstableView, GroupsView, KeptApartView, PenaltyView,
        RegisteredPlayers, RoundView, StandingsView, TournamentList, TournamentView,
        WithdrawalView,
    },
    players_from,
    stream::{Appointed, Engine, FinalLink, Need, TournamentRecord},
};
use crate::{
    AppState,
    accounts::Caller,
    competition::{checked_name, rules_named, scoring_named},
    created,
    error::ApiError,
    extract::{JsonBody, JsonOrEmpty, parse_body},
    ids::random_seed,
    repo::Aggregate,
};

pub(super) async fn list(State(state): State<AppState>) -> Result<Json<TournamentList>, ApiError> {
    Ok(Json(TournamentList {
        tournaments: state.tournaments().ids().await?,
    }))
}

pub(super) async fn create(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(req): JsonBody<NewTournament>,
) -> Result<Response, ApiError> {
    let name = checked_name("name", &req.name)?;
    let rules = rules_named(req.rules.as_deref())?;
    let format = FormatRequest {
        format: req.format.as_deref(),
        cycles: req.cycles,
        rounds: req.rounds,
        games: req.games,
        playoff_games: req.playoff_games,
        groups: req.groups,
        qualifiers: req.qualifiers,
        per_round: req.per_round,
        keep: req.keep,
        reset: req.reset,
    }
    .parse()?;
    let time_control = parse_time_control(req.time_control.as_deref())?;
    let scoring = scoring_named(req.scoring.as_deref())?;
    let tie_breaks = match &req.tie_breaks {
        None => None,
        Some(list) => Some(
            list.iter()
                .map(|t| parse_tie_break(t))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let engine = match &req.engine {
        None => Engine::Dutch,
        Some(e) => Engine::parse(e).ok_or_else(|| {
            ApiError::invalid("engine", format!("unknown engine {e:?} (dutch or cxa)"))
        })?,
    };
    let players = players_from(req.players.unwrap_or_default())?;
    if players.len() > MAX_PLAYERS {
        return Err(ApiError::invalid(
            "players",
            format!("at most {MAX_PLAYERS}"),
        ));
    }
    let mut events = vec![Event::Created {
        name,
        rules,
        format,
        scoring,
        tie_breaks,
    }];
    events.extend(
        players
            .into_iter()
            .map(|player| Event::Registered { player }),
    );
    let (id, guard) = state
        .tournaments()
        .open(&caller, events, engine, time_control, None)
        .await?;
    let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    Ok(created(TournamentView::new(&id, v.seq, &v.state)))
}

pub(super) async fn show(
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
pub(super) async fn register(
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
pub(super) async fn pair(
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
                            Format::Knockout { .. } | Format::DoubleElimination { .. }
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
        .map(|r| RoundView::new(r, &v.state.meta));
    Ok(created(last))
}

pub(super) async fn show_round(
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

pub(super) async fn record_result(
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

pub(super) async fn withdraw(
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

pub(super) async fn penalise(
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
    let guard = state
        .tournaments()
        .write_events(&id, &caller, Need::Official, |t| {
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
    Ok(created(PenaltyView {
        player: req.player,
        round: req.round,
        penalty: &req.penalty,
        seq: v.seq,
    }))
}

pub(super) async fn appoint(
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

pub(super) async fn standings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<StandingsView>, ApiError> {
    state
        .tournaments()
        .read(&id, |v| Json(StandingsView::new(&v.state.tournament)))
        .await
}

pub(super) async fn crosstable(
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

/// A knockout's bracket, round by round (CXA 2011 art. 10.4); a Swiss then knockout's from
/// its qualifiers (CXA 10.5); a double elimination's matches in playing order with the
/// winners' and losers' brackets, the grand final and its reset.
pub(super) async fn bracket(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<BracketView>, ApiError> {
    state
        .tournaments()
        .read(&id, |v| BracketView::new(&v.state.tournament))
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound("bracket: not a knockout"))
}

/// A group stage's groups with their standings, and its final once opened (CXA 2011 art. 10.2).
pub(super) async fn groups(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state
        .tournaments()
        .read(&id, |v| {
            GroupsView::new(&v.state)
                .map(|g| Json(g).into_response())
                .ok_or(ApiError::NotFound("groups: not a group stage"))
        })
        .await?
}

/// Opens the final of a finished group stage as a tournament of its own, seeded with the top
/// players of each group, group winners first (CXA 2011 art. 10.2).
pub(super) async fn open_final(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    JsonBody(req): JsonBody<FinalRequest>,
) -> Result<Response, ApiError> {
    if !(1..=64).contains(&req.qualifiers) {
        return Err(ApiError::invalid("qualifiers", "1 to 64"));
    }
    let format = FormatRequest {
        format: Some(req.format.as_deref().unwrap_or("knockout")),
        cycles: req.cycles,
        rounds: req.rounds,
        games: req.games,
        playoff_games: req.playoff_games,
        groups: None,
        qualifiers: None,
        per_round: None,
        keep: None,
        reset: None,
    }
    .parse()?;
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
    let events = stage
        .state
        .tournament
        .final_events(&name, format, req.qualifiers as usize)?;
    let engine = stage.state.meta.engine;
    let (final_id, final_guard) = tournaments
        .open(&caller, events, engine, time_control, Some(id.clone()))
        .await?;
    tournaments
        .repo
        .update_locked(&id, guard, |_, next| {
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
pub(super) async fn keep_apart(
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
