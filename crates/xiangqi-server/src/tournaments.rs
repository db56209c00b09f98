//! Tournaments over the API: each is a stream of events in the store, replayed into a
//! [`Tournament`] (DESIGN, "Flow of one round").
//!
//! The stream holds the server's `tournament_opened` (the organiser's account and the Swiss
//! engine), then the tournament's own [`Event`]s under their names (`created`, `registered`,
//! `round_paired`, `result_recorded`, `withdrawn`, `penalised`), and `arbiter_appointed` when
//! the organiser appoints one, `board_game_started` when an official starts a live game for a
//! board, and `final_opened` when a group stage hands over to its final. Pairing is pure: the server draws a seed, the tournament crate
//! computes the round from the events and the seed, and the `round_paired` event keeps the
//! seed, so the same log always gives the same tournament.
//!
//! A write catches the cached tournament up with the store, checks the caller's role, applies
//! the new events to a copy (the tournament refuses what its rules do not allow, changing
//! nothing), and appends them conditionally on the stream's last sequence number: a replica
//! that wrote first makes this one's append a 409, never a lost update.
//!
//! The tournament's time control is part of its creation (`tournament_opened`), checked by the
//! same parser as `xiangqi clock`, and every live game started for a board is created with it
//! and the tournament's rule set. A board's result comes from its live game as soon as the game
//! ends (no wait for the score sheet): the server records it the next time anyone reads the
//! tournament, a round, the standings or the crosstable, or pairs the next round. A board that
//! already has a result is never overwritten, so an arbiter's correction (after an appeal,
//! WXF 2018 art. 12.4) stands.
//!
//! Every format of the tournament crate is paired by `POST …/rounds`: a Swiss then knockout
//! (CXA 10.5) shows its Swiss standings with the qualifiers marked and then its bracket; a Swiss
//! with bottom elimination (CXA 10.6) marks who is due out and who is out, and a hand-entered
//! pairing with an eliminated player is a 422; a double elimination (CXA 10.4) shows both
//! brackets, the grand final and its reset. A live game started for a board is found again from
//! its id (`GET /api/tournaments/by-game/{game}`), so the game page links back to the round.

use std::{
    collections::{BTreeMap, HashMap},
    sync::{Arc, Mutex as StdMutex},
};

use axum::{
    Json, Router,
    body::Bytes,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post, put},
};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use xiangqi_arbiter::TimeControl;
use xiangqi_store::{EventStore, NewEvent, Store, StreamKind};
use xiangqi_tournament::{
    GameResult, Outcome, Player, PlayerId, RuleSet, ScoringScheme,
    double_elimination::Part,
    knockout::{Decision, KnockoutMatch, MatchFormat},
    report,
    round_robin::Pairing,
    swiss::{PairingSystem, cxa::Cxa, dutch::Dutch},
    tiebreak::TieBreak,
    tournament::{Event, Format, Penalty, Round, Tournament, TournamentError},
    trf,
};

use crate::stream::{new_event, valid_id};
use crate::{
    ApiError, AppState,
    accounts::Caller,
    games::{Games, NewGame, random_hex},
    parse_body,
};

/// The type of the first event of a tournament's stream.
pub const OPENED: &str = "tournament_opened";
/// The type of an arbiter's appointment.
pub const ARBITER_APPOINTED: &str = "arbiter_appointed";
/// The type of a live game started for a board: it keeps the players' tokens for the officials.
pub const BOARD_GAME_STARTED: &str = "board_game_started";
/// The type of the link from a group stage to its final (CXA 2011 art. 10.2).
pub const FINAL_OPENED: &str = "final_opened";

/// The most players a tournament takes (a pairing must stay fast).
const MAX_PLAYERS: usize = 2000;

/// Which Swiss engine pairs a Swiss tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The FIDE Dutch system (C.04.3).
    Dutch,
    /// The CXA 2011 积分编排制 (arts. 10.3, 12.3).
    Cxa,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            Engine::Dutch => "dutch",
            Engine::Cxa => "cxa",
        }
    }

    fn parse(text: &str) -> Option<Engine> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dutch" | "fide" => Some(Engine::Dutch),
            "cxa" => Some(Engine::Cxa),
            _ => None,
        }
    }

    fn system(self) -> &'static dyn PairingSystem {
        match self {
            Engine::Dutch => &Dutch,
            Engine::Cxa => &Cxa,
        }
    }
}

/// A live game started for a board, with the tokens the officials hand out.
#[derive(Debug, Clone, serde::Serialize, Deserialize)]
struct BoardGame {
    round: u32,
    board: u32,
    game: String,
    red_token: String,
    black_token: String,
    arbiter_token: String,
}

/// Who runs a tournament and what the server keeps beside its events.
#[derive(Debug, Clone)]
struct Meta {
    owner: String,
    engine: Engine,
    arbiters: Vec<String>,
    created_at_ms: u64,
    /// The games' time control in `xiangqi clock`'s SPEC form; untimed games if absent.
    time_control: Option<String>,
    /// Live games by (round, board).
    games: BTreeMap<(u32, u32), BoardGame>,
    /// The group stage this tournament is the final of.
    stage_of: Option<String>,
    /// The final opened after this group stage.
    final_id: Option<String>,
}

/// A tournament replayed up to `seq`.
#[derive(Debug, Clone)]
struct Cached {
    seq: u64,
    meta: Meta,
    tournament: Tournament,
}

/// What a write needs of its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// The organiser.
    Owner,
    /// The organiser or an appointed arbiter.
    Official,
}

impl Cached {
    fn allows(&self, caller: &Caller, need: Need) -> bool {
        caller.username == self.meta.owner
            || (need == Need::Official && self.meta.arbiters.contains(&caller.username))
    }
}

/// Every tournament, cached in this process.
pub struct Tournaments {
    store: Store,
    cache: StdMutex<HashMap<String, Arc<Mutex<Option<Cached>>>>>,
    /// Live games started for boards, by game id: (tournament, round, board), so that a game
    /// links back to its tournament. Filled as tournaments are read.
    boards: StdMutex<HashMap<String, (String, u32, u32)>>,
}

impl std::fmt::Debug for Tournaments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tournaments").finish_non_exhaustive()
    }
}

fn corrupt(id: &str, what: &str, e: &dyn std::fmt::Display) -> ApiError {
    ApiError::Corrupt(format!("tournament {id}: {what}: {e}"))
}

/// The tournament crate's refusals, as the API answers them.
fn refused(e: TournamentError) -> ApiError {
    let message = e.to_string();
    match e {
        TournamentError::UnknownPlayer(_) => ApiError::invalid("player", message),
        TournamentError::PairedTwice { .. } | TournamentError::BadBoards(_) => {
            ApiError::invalid("games", message)
        }
        TournamentError::InvalidFormat(_) => ApiError::invalid("format", message),
        TournamentError::NoSuchGame { .. } => ApiError::NotFound("game in this round"),
        TournamentError::FutureRound { .. } => ApiError::invalid("after_round", message),
        TournamentError::NotCreated | TournamentError::AlreadyCreated => ApiError::Corrupt(message),
        TournamentError::RegistrationClosed => ApiError::conflict("registration_closed", message),
        TournamentError::WrongRound { .. } => ApiError::conflict("wrong_round", message),
        TournamentError::RoundIncomplete(_) => ApiError::conflict("round_incomplete", message),
        TournamentError::AllRoundsPaired(_) => ApiError::conflict("all_rounds_paired", message),
        TournamentError::Withdrawn { .. } => ApiError::conflict("withdrawn", message),
        // CXA 10.6: an eliminated player is out of every later round's pairing.
        TournamentError::Eliminated { .. } => ApiError::invalid("games", message),
        TournamentError::StageUnfinished(..) => ApiError::conflict("stage_unfinished", message),
        TournamentError::NotInBracket(_) => ApiError::invalid("games", message),
        TournamentError::TooFewPlayers => ApiError::conflict("too_few_players", message),
        TournamentError::NeedsPairings | TournamentError::Pairing(_) => {
            ApiError::conflict("pairing_failed", message)
        }
        _ => ApiError::conflict("refused", message),
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

fn random_seed() -> Result<u64, ApiError> {
    let mut b = [0u8; 8];
    getrandom::getrandom(&mut b)
        .map_err(|e| ApiError::Corrupt(format!("no randomness for a seed: {e}")))?;
    Ok(u64::from_le_bytes(b) >> 11) // within JSON's exact integers
}

impl Tournaments {
    /// Tournaments kept in `store`.
    pub fn new(store: Store) -> Tournaments {
        Tournaments {
            store,
            cache: StdMutex::new(HashMap::new()),
            boards: StdMutex::new(HashMap::new()),
        }
    }

    fn slot(&self, id: &str) -> Arc<Mutex<Option<Cached>>> {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        Arc::clone(cache.entry(id.to_owned()).or_default())
    }

    fn index_board(&self, id: &str, b: &BoardGame) {
        let mut boards = self.boards.lock().unwrap_or_else(|p| p.into_inner());
        boards.insert(b.game.clone(), (id.to_owned(), b.round, b.board));
    }

    fn board_of(&self, game: &str) -> Option<(String, u32, u32)> {
        let boards = self.boards.lock().unwrap_or_else(|p| p.into_inner());
        boards.get(game).cloned()
    }

    /// The tournament, round and board a live game was started for. A game not seen yet sends
    /// the server through every stored tournament once (reading each fills the index).
    async fn find_board(&self, game: &str) -> Result<Option<(String, u32, u32)>, ApiError> {
        if let Some(found) = self.board_of(game) {
            return Ok(Some(found));
        }
        for id in self.store.streams(StreamKind::Tournament).await? {
            if self.board_of(game).is_some() {
                break;
            }
            // Team events and unreadable streams have no boards of ours: skip them.
            let _ = self.lock(&id).await;
        }
        Ok(self.board_of(game))
    }

    fn forget(&self, id: &str) {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.remove(id);
    }

    /// Locks a tournament, caught up with the store.
    async fn lock(
        &self,
        id: &str,
    ) -> Result<tokio::sync::OwnedMutexGuard<Option<Cached>>, ApiError> {
        if !valid_id(id) {
            return Err(ApiError::NotFound("tournament"));
        }
        let slot = self.slot(id);
        let mut guard = slot.lock_owned().await;
        let after = guard.as_ref().map_or(0, |c| c.seq);
        let stored = match self.store.load(StreamKind::Tournament, id, after).await {
            Ok(s) => s,
            Err(e) => {
                *guard = None;
                return Err(e.into());
            }
        };
        if guard.is_none() && stored.is_empty() {
            drop(guard);
            self.forget(id);
            return Err(ApiError::NotFound("tournament"));
        }
        for e in stored {
            if e.event_type == BOARD_GAME_STARTED {
                if let Ok(b) = serde_json::from_value::<BoardGame>(e.payload.clone()) {
                    self.index_board(id, &b);
                }
            }
            if let Err(err) = Self::replay(id, &mut guard, e.seq, &e.event_type, e.payload) {
                *guard = None;
                return Err(err);
            }
        }
        Ok(guard)
    }

    /// Applies one stored event to the cache.
    fn replay(
        id: &str,
        cached: &mut Option<Cached>,
        seq: u64,
        event_type: &str,
        payload: Value,
    ) -> Result<(), ApiError> {
        match (event_type, cached.as_mut()) {
            (OPENED, None) => {
                let owner = payload.get("owner").and_then(Value::as_str);
                let engine = payload
                    .get("engine")
                    .and_then(Value::as_str)
                    .and_then(Engine::parse);
                let (Some(owner), Some(engine)) = (owner, engine) else {
                    return Err(corrupt(id, "opened", &payload));
                };
                // The tournament itself comes with the next event; until then, an empty one.
                *cached = Some(Cached {
                    seq,
                    meta: Meta {
                        owner: owner.to_owned(),
                        engine,
                        arbiters: Vec::new(),
                        created_at_ms: payload
                            .get("created_at_ms")
                            .and_then(Value::as_u64)
                            .unwrap_or(0),
                        time_control: payload
                            .get("time_control")
                            .and_then(Value::as_str)
                            .map(str::to_owned),
                        games: BTreeMap::new(),
                        stage_of: payload
                            .get("stage_of")
                            .and_then(Value::as_str)
                            .map(str::to_owned),
                        final_id: None,
                    },
                    tournament: Tournament::from_events([Event::Created {
                        name: String::new(),
                        rules: RuleSet::Cxa2011,
                        format: Format::RoundRobin { cycles: 1 },
                        scoring: ScoringScheme::CXA,
                        tie_breaks: None,
                    }])
                    .map_err(|e| corrupt(id, "placeholder", &e))?,
                });
                Ok(())
            }
            // A team event shares the stream kind; it is not a tournament of players.
            (crate::teams::TEAM_OPENED, None) => Err(ApiError::NotFound("tournament")),
            (_, None) => Err(corrupt(id, "first event", &event_type)),
            (ARBITER_APPOINTED, Some(c)) => {
                let name = payload
                    .get("username")
                    .and_then(Value::as_str)
                    .ok_or_else(|| corrupt(id, "arbiter", &payload))?;
                if !c.meta.arbiters.iter().any(|a| a == name) {
                    c.meta.arbiters.push(name.to_owned());
                }
                c.seq = seq;
                Ok(())
            }
            (BOARD_GAME_STARTED, Some(c)) => {
                let g: BoardGame =
                    serde_json::from_value(payload).map_err(|e| corrupt(id, event_type, &e))?;
                c.meta.games.insert((g.round, g.board), g);
                c.seq = seq;
                Ok(())
            }
            (FINAL_OPENED, Some(c)) => {
                let f = payload
                    .get("final")
                    .and_then(Value::as_str)
                    .ok_or_else(|| corrupt(id, event_type, &payload))?;
                c.meta.final_id = Some(f.to_owned());
                c.seq = seq;
                Ok(())
            }
            (_, Some(c)) => {
                let event: Event =
                    serde_json::from_value(payload).map_err(|e| corrupt(id, event_type, &e))?;
                if matches!(event, Event::Created { .. }) {
                    c.tournament =
                        Tournament::from_events([event]).map_err(|e| corrupt(id, "created", &e))?;
                } else {
                    c.tournament
                        .apply(event)
                        .map_err(|e| corrupt(id, "replay", &e))?;
                }
                c.seq = seq;
                Ok(())
            }
        }
    }

    /// Reads a tournament.
    async fn read<T>(&self, id: &str, f: impl FnOnce(&Cached) -> T) -> Result<T, ApiError> {
        let guard = self.lock(id).await?;
        let cached = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
        Ok(f(cached))
    }

    /// Writes the events `make` computes, if `caller` may; returns what `view` makes of the
    /// tournament afterwards.
    async fn write<T>(
        &self,
        id: &str,
        caller: &Caller,
        need: Need,
        make: impl FnOnce(&Cached) -> Result<Vec<Event>, ApiError>,
        view: impl FnOnce(&Cached) -> T,
    ) -> Result<T, ApiError> {
        let mut guard = self.lock(id).await?;
        let cached = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
        if !cached.allows(caller, need) {
            return Err(ApiError::NotAllowed(match need {
                Need::Owner => "do this: only the tournament's organiser may",
                Need::Official => "do this: only the tournament's organiser and arbiters may",
            }));
        }
        let events = make(cached)?;
        let mut next = cached.clone();
        for e in &events {
            next.tournament.apply(e.clone()).map_err(refused)?;
        }
        let new = events
            .iter()
            .map(|e| new_event(e, "event"))
            .collect::<Result<Vec<_>, _>>()?;
        if !new.is_empty() {
            match self
                .store
                .append(StreamKind::Tournament, id, cached.seq, &new)
                .await
            {
                Ok(seq) => next.seq = seq,
                Err(e) => {
                    *guard = None;
                    return Err(e.into());
                }
            }
        }
        let out = view(&next);
        *guard = Some(next);
        Ok(out)
    }

    /// Records on their boards the results of the live games that have ended since the last
    /// look (a board that has a result already keeps it). Best effort: a store error or a
    /// replica that wrote first leaves the boards for the next reader.
    async fn collect(&self, games: &Arc<Games>, id: &str) {
        let Ok(mut guard) = self.lock(id).await else {
            return;
        };
        let Some(cached) = guard.as_ref() else {
            return;
        };
        let open: Vec<(u32, u32, String)> = cached
            .meta
            .games
            .values()
            .filter(|b| {
                cached
                    .tournament
                    .rounds()
                    .get((b.round as usize).wrapping_sub(1))
                    .and_then(|r| r.games.get((b.board as usize).wrapping_sub(1)))
                    .is_some_and(|g| g.result.is_none())
            })
            .map(|b| (b.round, b.board, b.game.clone()))
            .collect();
        let mut events = Vec::new();
        for (round, board, game) in open {
            let Ok(view) = games.view(&game).await else {
                continue;
            };
            if view["status"] != "ended" {
                continue;
            }
            if let Some(result) = view["result"]
                .as_str()
                .and_then(|r| r.parse::<GameResult>().ok())
            {
                events.push(Event::ResultRecorded {
                    round,
                    board,
                    result,
                });
            }
        }
        if events.is_empty() {
            return;
        }
        let mut next = cached.clone();
        if events
            .iter()
            .any(|e| next.tournament.apply(e.clone()).is_err())
        {
            return;
        }
        let Ok(new) = events
            .iter()
            .map(|e| new_event(e, "event"))
            .collect::<Result<Vec<_>, _>>()
        else {
            return;
        };
        match self
            .store
            .append(StreamKind::Tournament, id, cached.seq, &new)
            .await
        {
            Ok(seq) => {
                next.seq = seq;
                *guard = Some(next);
            }
            Err(_) => *guard = None,
        }
    }

    /// Creates a tournament owned by `caller`; returns its id and view.
    ///
    /// # Errors
    /// 422 naming the field at fault.
    async fn create(
        &self,
        caller: &Caller,
        req: NewTournament,
    ) -> Result<(String, Value), ApiError> {
        let name = req.name.trim().to_owned();
        if name.is_empty() || name.len() > 200 {
            return Err(ApiError::invalid("name", "1 to 200 bytes"));
        }
        let rules = match &req.rules {
            None => RuleSet::Cxa2011,
            Some(r) => r.replace(['-', '_', ' '], "").parse().map_err(
                |e: xiangqi_tournament::ParseError| ApiError::invalid("rules", e.to_string()),
            )?,
        };
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
        let scoring = match &req.scoring {
            None => ScoringScheme::CXA,
            Some(s) => ScoringScheme::by_name(s.trim()).ok_or_else(|| {
                ApiError::invalid(
                    "scoring",
                    format!("unknown scoring {s:?} (2-1-0, 1-0.5-0, 3-1-0, 3-0-1-2)"),
                )
            })?,
        };
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
        let players = req
            .players
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(k, p)| p.into_player(&format!("players[{k}]")))
            .collect::<Result<Vec<_>, _>>()?;
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
        self.open(caller, events, engine, time_control, None).await
    }

    /// Opens a tournament from its first events: `tournament_opened` with the server's part,
    /// then `events`.
    async fn open(
        &self,
        caller: &Caller,
        events: Vec<Event>,
        engine: Engine,
        time_control: Option<String>,
        stage_of: Option<String>,
    ) -> Result<(String, Value), ApiError> {
        let tournament = Tournament::from_events(events.clone()).map_err(refused)?;
        let id = random_hex(8)?;
        let meta = Meta {
            owner: caller.username.clone(),
            engine,
            arbiters: Vec::new(),
            created_at_ms: now_ms(),
            time_control,
            games: BTreeMap::new(),
            stage_of,
            final_id: None,
        };
        let mut opened = json!({"owner": meta.owner, "engine": engine.name(), "created_at_ms": meta.created_at_ms});
        if let Some(o) = opened.as_object_mut() {
            if let Some(tc) = &meta.time_control {
                o.insert("time_control".into(), json!(tc));
            }
            if let Some(s) = &meta.stage_of {
                o.insert("stage_of".into(), json!(s));
            }
        }
        let mut new = vec![NewEvent::new(OPENED, opened)];
        for e in &events {
            new.push(new_event(e, "event")?);
        }
        let seq = self
            .store
            .append(StreamKind::Tournament, &id, 0, &new)
            .await?;
        let cached = Cached {
            seq,
            meta,
            tournament,
        };
        let view = tournament_view(&id, &cached);
        *self.slot(&id).lock().await = Some(cached);
        Ok((id, view))
    }
}

/// A time control checked by the parser of `xiangqi clock` (`60m+30s`, `90m/40,30m`,
/// `5m;30s`, …), in its canonical form.
fn parse_time_control(text: Option<&str>) -> Result<Option<String>, ApiError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => {
            let control = t
                .parse::<TimeControl>()
                .map_err(|e| ApiError::invalid("time_control", e.to_string()))?;
            Ok(Some(control.to_string()))
        }
    }
}

/// The format fields of a request to create a tournament or open a final.
struct FormatRequest<'a> {
    format: Option<&'a str>,
    cycles: Option<u32>,
    rounds: Option<u32>,
    games: Option<u32>,
    playoff_games: Option<u32>,
    groups: Option<u32>,
    /// Swiss then knockout: players who go through.
    qualifiers: Option<u32>,
    /// Swiss with elimination: players out after each round past half.
    per_round: Option<u32>,
    /// Swiss with elimination: players left for the last round.
    keep: Option<u32>,
    /// Double elimination: a second grand final if the losers' champion wins the first.
    reset: Option<bool>,
}

impl FormatRequest<'_> {
    /// The format, or a 422 naming the field at fault.
    fn parse(&self) -> Result<Format, ApiError> {
        let name = self.format.map(str::to_ascii_lowercase);
        let kind = match name.as_deref() {
            None | Some("round_robin") | Some("roundrobin") | Some("double_round_robin") => {
                "round_robin"
            }
            Some(
                k @ ("swiss" | "knockout" | "groups" | "swiss_knockout" | "swiss_elimination"
                | "double_elimination"),
            ) => k,
            Some(other) => {
                return Err(ApiError::invalid(
                    "format",
                    format!(
                        "unknown format {other:?} (round_robin, double_round_robin, swiss, knockout, groups, swiss_knockout, swiss_elimination, double_elimination)"
                    ),
                ));
            }
        };
        // Each format's own fields; any other is a mistake worth naming.
        for (field, given, formats) in [
            (
                "qualifiers",
                self.qualifiers.is_some(),
                &["swiss_knockout"][..],
            ),
            (
                "per_round",
                self.per_round.is_some(),
                &["swiss_elimination"][..],
            ),
            ("keep", self.keep.is_some(), &["swiss_elimination"][..]),
            ("reset", self.reset.is_some(), &["double_elimination"][..]),
        ] {
            if given && !formats.contains(&kind) {
                return Err(ApiError::invalid(
                    field,
                    format!("not a field of the {kind} format"),
                ));
            }
        }
        let not_for = |field: &str, given: bool| {
            if given {
                Err(ApiError::invalid(
                    field,
                    format!("not a field of the {kind} format"),
                ))
            } else {
                Ok(())
            }
        };
        let swiss_rounds = || {
            let rounds = self
                .rounds
                .ok_or_else(|| ApiError::invalid("rounds", "a swiss needs its number of rounds"))?;
            if (1..=50).contains(&rounds) {
                Ok(rounds)
            } else {
                Err(ApiError::invalid("rounds", "1 to 50"))
            }
        };
        let games = || match self.games.unwrap_or(1) {
            1 => Ok(MatchFormat::OneGame),
            2 => Ok(MatchFormat::TwoGames),
            3 => Ok(MatchFormat::BestOfThree),
            _ => Err(ApiError::invalid(
                "games",
                "1 (one game), 2 (two games) or 3 (best of three)",
            )),
        };
        let playoff_games = || {
            let p = self.playoff_games.unwrap_or(0);
            if p > 10 {
                Err(ApiError::invalid("playoff_games", "0 to 10"))
            } else {
                Ok(p)
            }
        };
        let cycles = |default: u32| {
            let c = self.cycles.unwrap_or(default);
            if (1..=2).contains(&c) {
                Ok(c)
            } else {
                Err(ApiError::invalid("cycles", "1 or 2"))
            }
        };
        Ok(match kind {
            "round_robin" => {
                if self.rounds.is_some() {
                    return Err(ApiError::invalid(
                        "rounds",
                        "a round robin has as many rounds as its table: give `cycles`",
                    ));
                }
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                let double = name.as_deref() == Some("double_round_robin");
                Format::RoundRobin {
                    cycles: cycles(if double { 2 } else { 1 })?,
                }
            }
            "swiss" => {
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                Format::Swiss {
                    rounds: swiss_rounds()?,
                }
            }
            "knockout" => {
                not_for("rounds", self.rounds.is_some())?;
                not_for("groups", self.groups.is_some())?;
                Format::Knockout {
                    games: games()?,
                    playoff_games: playoff_games()?,
                }
            }
            "swiss_knockout" => {
                not_for("groups", self.groups.is_some())?;
                let rounds = swiss_rounds()?;
                let qualifiers = self.qualifiers.ok_or_else(|| {
                    ApiError::invalid("qualifiers", "how many go through to the knockout")
                })?;
                if !(2..=256).contains(&qualifiers) {
                    return Err(ApiError::invalid("qualifiers", "2 to 256"));
                }
                Format::SwissKnockout {
                    rounds,
                    qualifiers,
                    games: games()?,
                    playoff_games: playoff_games()?,
                }
            }
            "swiss_elimination" => {
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                let rounds = swiss_rounds()?;
                let per_round = self.per_round.ok_or_else(|| {
                    ApiError::invalid("per_round", "how many are out after each round past half")
                })?;
                if !(1..=1000).contains(&per_round) {
                    return Err(ApiError::invalid("per_round", "1 to 1000"));
                }
                let keep = self.keep.ok_or_else(|| {
                    ApiError::invalid("keep", "how many are left for the last round")
                })?;
                if !(2..=2000).contains(&keep) {
                    return Err(ApiError::invalid("keep", "2 to 2000"));
                }
                Format::SwissElimination {
                    rounds,
                    per_round,
                    keep,
                }
            }
            "double_elimination" => {
                not_for("rounds", self.rounds.is_some())?;
                not_for("games", self.games.is_some())?;
                not_for("groups", self.groups.is_some())?;
                Format::DoubleElimination {
                    reset: self.reset.unwrap_or(true),
                    playoff_games: playoff_games()?,
                }
            }
            _ => {
                not_for("rounds", self.rounds.is_some())?;
                not_for("games", self.games.is_some())?;
                let groups = self.groups.ok_or_else(|| {
                    ApiError::invalid("groups", "a group stage needs its number of groups")
                })?;
                if !(1..=64).contains(&groups) {
                    return Err(ApiError::invalid("groups", "1 to 64"));
                }
                Format::Groups {
                    groups,
                    cycles: cycles(1)?,
                }
            }
        })
        .and_then(|f| {
            if self.playoff_games.is_some()
                && !matches!(
                    f,
                    Format::Knockout { .. }
                        | Format::SwissKnockout { .. }
                        | Format::DoubleElimination { .. }
                )
            {
                Err(ApiError::invalid(
                    "playoff_games",
                    "only a knockout has play-offs",
                ))
            } else {
                Ok(f)
            }
        })
    }
}

fn parse_tie_break(text: &str) -> Result<TieBreak, ApiError> {
    let t = text.trim();
    TieBreak::ALL
        .into_iter()
        .find(|tb| {
            tb.code().eq_ignore_ascii_case(t)
                || tb.chinese() == t
                || format!("{tb:?}").eq_ignore_ascii_case(&t.replace(['_', ' '], ""))
        })
        .ok_or_else(|| {
            let codes: Vec<&str> = TieBreak::ALL.iter().map(|tb| tb.code()).collect();
            ApiError::invalid(
                "tie_breaks",
                format!("unknown tie-break {t:?} (one of {})", codes.join(", ")),
            )
        })
}

// ---------------------------------------------------------------------------------------------
// Requests

/// A tournament as a request to create it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTournament {
    name: String,
    /// `cxa2011` (default) or `wxf2018`.
    rules: Option<String>,
    /// `round_robin` (default), `double_round_robin`, `swiss`, `knockout`, `groups`,
    /// `swiss_knockout`, `swiss_elimination` or `double_elimination`.
    format: Option<String>,
    /// Round robin and groups: 1 or 2 cycles.
    cycles: Option<u32>,
    /// Swiss: the number of rounds.
    rounds: Option<u32>,
    /// Knockout: games per match, 1, 2 or 3 (best of three).
    games: Option<u32>,
    /// Knockout: rapid play-off games at most after a level match (WXF 10.1), then a lot.
    playoff_games: Option<u32>,
    /// Groups: the number of groups (CXA 10.2).
    groups: Option<u32>,
    /// Swiss then knockout: players who go through to the knockout (CXA 10.5).
    qualifiers: Option<u32>,
    /// Swiss with elimination: players out after each round past half (CXA 10.6).
    per_round: Option<u32>,
    /// Swiss with elimination: players left for the last round (CXA 10.6).
    keep: Option<u32>,
    /// Double elimination: a second grand final if the losers' champion wins the first
    /// (default true).
    reset: Option<bool>,
    /// The games' time control, as `xiangqi clock` reads it (`60m+30s`, `90m/40,30m`, …).
    time_control: Option<String>,
    /// `2-1-0` (default), `1-0.5-0`, `3-1-0`, `3-0-1-2`.
    scoring: Option<String>,
    /// Tie-break codes in order (`SB`, `WIN`, …); the book's order by default.
    tie_breaks: Option<Vec<String>>,
    /// Swiss engine: `dutch` (default) or `cxa`.
    engine: Option<String>,
    /// Entries, registered in order.
    players: Option<Vec<NewPlayer>>,
}

/// A player as a request to register.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPlayer {
    name: String,
    rating: Option<u16>,
    club: Option<String>,
    federation: Option<String>,
}

impl NewPlayer {
    fn into_player(self, at: &str) -> Result<Player, ApiError> {
        let name = self.name.trim().to_owned();
        if name.is_empty() || name.len() > 200 {
            return Err(ApiError::invalid(&format!("{at}.name"), "1 to 200 bytes"));
        }
        for (field, v) in [("club", &self.club), ("federation", &self.federation)] {
            if v.as_ref().is_some_and(|s| s.len() > 200) {
                return Err(ApiError::invalid(
                    &format!("{at}.{field}"),
                    "at most 200 bytes",
                ));
            }
        }
        Ok(Player {
            name,
            rating: self.rating,
            club: self.club.filter(|s| !s.trim().is_empty()),
            federation: self.federation.filter(|s| !s.trim().is_empty()),
        })
    }
}

/// Players: one, a list, or `{"players": [...]}`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum PlayersBody {
    Wrapped { players: Vec<NewPlayer> },
    List(Vec<NewPlayer>),
    One(NewPlayer),
}

/// A game of a round given by the arbiter.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GivenGame {
    red: u32,
    black: u32,
}

/// A request to pair the next round.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PairRequest {
    /// The seed of any lot the engine draws; drawn by the server if absent.
    seed: Option<u64>,
    /// Pairings given by the arbiter instead of computed.
    games: Option<Vec<GivenGame>>,
    /// Byes given with them.
    byes: Option<Vec<u32>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultRequest {
    result: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawalRequest {
    player: u32,
    /// The last round the player took part in; the last paired round by default.
    after_round: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PenaltyRequest {
    player: u32,
    round: u32,
    /// `foul`, `warning` or `game_disqualification`.
    penalty: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArbiterRequest {
    username: String,
}

fn player_id(field: &str, n: u32, t: &Tournament) -> Result<PlayerId, ApiError> {
    PlayerId::new(n)
        .filter(|p| p.index() < t.players().len())
        .ok_or_else(|| ApiError::invalid(field, format!("no player with start number {n}")))
}

// ---------------------------------------------------------------------------------------------
// Views

pub(crate) fn format_view(f: Format) -> Value {
    match f {
        Format::RoundRobin { cycles } => json!({"type": "round_robin", "cycles": cycles}),
        Format::Swiss { rounds } => json!({"type": "swiss", "rounds": rounds}),
        Format::Groups { groups, cycles } => {
            json!({"type": "groups", "groups": groups, "cycles": cycles})
        }
        Format::Knockout {
            games,
            playoff_games,
        } => {
            json!({"type": "knockout", "games": games.max_games(), "playoff_games": playoff_games})
        }
        Format::SwissKnockout {
            rounds,
            qualifiers,
            games,
            playoff_games,
        } => json!({
            "type": "swiss_knockout", "rounds": rounds, "qualifiers": qualifiers,
            "games": games.max_games(), "playoff_games": playoff_games,
        }),
        Format::SwissElimination {
            rounds,
            per_round,
            keep,
        } => {
            json!({"type": "swiss_elimination", "rounds": rounds, "per_round": per_round, "keep": keep})
        }
        Format::DoubleElimination {
            reset,
            playoff_games,
        } => json!({"type": "double_elimination", "reset": reset, "playoff_games": playoff_games}),
    }
}

pub(crate) fn rules_name(r: RuleSet) -> &'static str {
    match r {
        RuleSet::Cxa2011 => "cxa2011",
        RuleSet::Wxf2018 => "wxf2018",
    }
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
        Outcome::ForfeitWin => "forfeit_win",
        Outcome::ForfeitLoss => "forfeit_loss",
        Outcome::Bye => "bye",
    }
}

fn round_view(r: &Round, meta: &Meta) -> Value {
    json!({
        "round": r.number,
        "games": r.games.iter().map(|g| json!({
            "board": g.pairing.board,
            "red": g.pairing.red.get(),
            "black": g.pairing.black.get(),
            "result": g.result.map(GameResult::notation),
            "game": meta.games.get(&(r.number, g.pairing.board)).map(|b| &b.game),
        })).collect::<Vec<_>>(),
        "byes": r.byes.iter().map(|p| p.get()).collect::<Vec<_>>(),
        "seed": r.seed,
        "complete": r.games.iter().all(|g| g.result.is_some()),
    })
}

fn tournament_view(id: &str, c: &Cached) -> Value {
    let t = &c.tournament;
    json!({
        "id": id,
        "name": t.name(),
        "rules": rules_name(t.rules()),
        "format": format_view(t.format()),
        "scoring": {
            "win": t.scoring().win.to_string(),
            "draw_red": t.scoring().draw_red.to_string(),
            "draw_black": t.scoring().draw_black.to_string(),
            "loss": t.scoring().loss.to_string(),
        },
        "tie_breaks": t.tie_break_order().iter().map(|tb| tb.code()).collect::<Vec<_>>(),
        "engine": c.meta.engine.name(),
        "organiser": c.meta.owner,
        "arbiters": c.meta.arbiters,
        "created_at_ms": c.meta.created_at_ms,
        "time_control": c.meta.time_control,
        "kept_apart": t.kept_apart(),
        "stage_of": c.meta.stage_of,
        "final": c.meta.final_id,
        "seq": c.seq,
        "total_rounds": t.total_rounds(),
        "players": t.players().iter().enumerate().map(|(i, p)| {
            let id = PlayerId::from_index(i);
            json!({
                "no": id.get(), "name": p.name, "rating": p.rating, "club": p.club,
                "federation": p.federation, "withdrawn_after": t.withdrawn_after(id),
                "eliminated_after": t.eliminated_after(id),
            })
        }).collect::<Vec<_>>(),
        "qualifiers": t.qualifiers().iter().map(|p| p.get()).collect::<Vec<_>>(),
        "in_knockout_stage": t.in_knockout_stage(),
        "elimination_due": t.elimination_due().iter().map(|p| p.get()).collect::<Vec<_>>(),
        "champion": t.champion().map(PlayerId::get),
        "rounds": t.rounds().iter().map(|r| round_view(r, &c.meta)).collect::<Vec<_>>(),
    })
}

/// The standings, each row marked with what the format makes of it: withdrawn, eliminated
/// (CXA 10.6), going through to the knockout (CXA 10.5), or due to be out after this round.
fn standings_view(t: &Tournament) -> Value {
    let order = t.tie_break_order();
    let qualifiers = t.qualifiers();
    let due = t.elimination_due();
    json!({
        "tie_breaks": order.iter().map(|tb| json!({"code": tb.code(), "zh": tb.chinese()})).collect::<Vec<_>>(),
        "standings": t.standings().into_iter().map(|s| {
            let id = PlayerId::from_index(s.competitor);
            json!({
                "rank": s.rank,
                "no": s.competitor + 1,
                "name": t.players().get(s.competitor).map(|p| p.name.as_str()),
                "score": s.score.to_string(),
                "tie_breaks": s.tie_breaks.iter().map(|v| v.text()).collect::<Vec<_>>(),
                "withdrawn_after": t.withdrawn_after(id),
                "eliminated_after": t.eliminated_after(id),
                "qualifier": qualifiers.contains(&id),
                "elimination_due": due.contains(&id),
            })
        }).collect::<Vec<_>>(),
        "in_knockout_stage": t.in_knockout_stage(),
    })
}

/// The crosstable; a Swiss then knockout's is its Swiss stage's (CXA 10.5: the knockout is
/// the bracket).
fn crosstable_view(t: &Tournament) -> Value {
    let results = t.results();
    let scoring = t.scoring();
    let shown = match t.format() {
        Format::SwissKnockout { rounds, .. } => t.rounds().len().min(rounds as usize),
        _ => t.rounds().len(),
    };
    json!({
        "rounds": shown,
        "rows": t.standings().into_iter().map(|s| {
            let row = results.get(s.competitor).map(Vec::as_slice).unwrap_or_default();
            json!({
                "rank": s.rank,
                "no": s.competitor + 1,
                "name": t.players().get(s.competitor).map(|p| p.name.as_str()),
                "score": s.score.to_string(),
                "results": row.iter().filter(|r| r.round as usize <= shown).map(|r| json!({
                    "round": r.round,
                    "opponent": r.opponent.map(PlayerId::get),
                    "color": r.color.map(|c| match c {
                        xiangqi_tournament::Color::Red => "red",
                        xiangqi_tournament::Color::Black => "black",
                    }),
                    "outcome": outcome_name(r.outcome),
                    "points": scoring.points(r.outcome, r.color).to_string(),
                })).collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
    })
}

// ---------------------------------------------------------------------------------------------
// Routes

/// The tournament routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(show))
        .route("/api/tournaments/{id}/players", post(register))
        .route("/api/tournaments/{id}/rounds", post(pair))
        .route("/api/tournaments/{id}/rounds/{round}", get(show_round))
        .route(
            "/api/tournaments/{id}/rounds/{round}/boards/{board}/result",
            put(record_result),
        )
        .route("/api/tournaments/{id}/withdrawals", post(withdraw))
        .route("/api/tournaments/{id}/penalties", post(penalise))
        .route("/api/tournaments/{id}/arbiters", post(appoint))
        .route("/api/tournaments/{id}/standings", get(standings))
        .route("/api/tournaments/{id}/crosstable", get(crosstable))
        .route("/api/tournaments/{id}/export.trf", get(export_trf))
        .route("/api/tournaments/{id}/export.csv", get(export_csv))
        .route("/api/tournaments/{id}/export.pgn", get(export_pgn))
        .route("/api/tournaments/{id}/events", get(events))
        .route(
            "/api/tournaments/{id}/rounds/{round}/games",
            get(board_games).post(start_games),
        )
        .route("/api/tournaments/{id}/bracket", get(bracket))
        .route("/api/tournaments/{id}/groups", get(groups))
        .route("/api/tournaments/{id}/final", post(open_final))
        .route("/api/tournaments/{id}/keep-apart", post(keep_apart))
        .route("/api/tournaments/by-game/{game}", get(by_game))
}

/// The tournament board a live game was started for, so the game page links back to it.
async fn by_game(
    State(state): State<AppState>,
    Path(game): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if !valid_id(&game) {
        return Err(ApiError::NotFound("tournament game"));
    }
    let tournaments = state.tournaments();
    let (id, round, board) = tournaments
        .find_board(&game)
        .await?
        .ok_or(ApiError::NotFound("tournament game"))?;
    let name = tournaments
        .read(&id, |c| c.tournament.name().to_owned())
        .await?;
    Ok(Json(
        json!({"tournament": id, "name": name, "round": round, "board": board, "game": game}),
    ))
}

async fn list(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let ids = state
        .tournaments()
        .store
        .streams(StreamKind::Tournament)
        .await?;
    Ok(Json(json!({"tournaments": ids})))
}

async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: NewTournament = parse_body(&body)?;
    let (_, view) = state.tournaments().create(&caller, req).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    state.tournaments().collect(state.games(), &id).await;
    Ok(Json(
        state
            .tournaments()
            .read(&id, |c| tournament_view(&id, c))
            .await?,
    ))
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

async fn register(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let players: Vec<Player> = if is_csv(&headers) {
        let text = std::str::from_utf8(&body)
            .map_err(|_| ApiError::bad_request(None, "the CSV is not UTF-8"))?;
        report::read_entries(text).map_err(|e| ApiError::invalid("players", e.to_string()))?
    } else {
        let list = match parse_body::<PlayersBody>(&body)? {
            PlayersBody::Wrapped { players } | PlayersBody::List(players) => players,
            PlayersBody::One(p) => vec![p],
        };
        list.into_iter()
            .enumerate()
            .map(|(k, p)| p.into_player(&format!("players[{k}]")))
            .collect::<Result<_, _>>()?
    };
    if players.is_empty() {
        return Err(ApiError::invalid("players", "no player given"));
    }
    let count = players.len();
    let view = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Official,
            |c| {
                if c.tournament.players().len() + count > MAX_PLAYERS {
                    return Err(ApiError::invalid(
                        "players",
                        format!("at most {MAX_PLAYERS}"),
                    ));
                }
                Ok(players
                    .into_iter()
                    .map(|player| Event::Registered { player })
                    .collect())
            },
            |c| {
                let all = c.tournament.players();
                let first = all.len() - count;
                json!({"players": all[first..].iter().enumerate().map(|(k, p)| json!({
                    "no": first + k + 1, "name": p.name, "rating": p.rating,
                    "club": p.club, "federation": p.federation,
                })).collect::<Vec<_>>(), "seq": c.seq})
            },
        )
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn pair(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: PairRequest = if body.iter().all(u8::is_ascii_whitespace) {
        PairRequest::default()
    } else {
        parse_body(&body)?
    };
    let seed = match req.seed {
        Some(s) => s,
        None => random_seed()?,
    };
    // The last round's live games may have ended since anyone looked.
    state.tournaments().collect(state.games(), &id).await;
    let view = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Official,
            |c| {
                let t = &c.tournament;
                let round = t.rounds().len() as u32 + 1;
                let event = match (req.games, req.byes) {
                    (None, None) => match t.format() {
                        Format::RoundRobin { .. } | Format::Groups { .. } => {
                            t.pair_next_round().map_err(refused)?
                        }
                        Format::Swiss { .. } => {
                            if round > t.total_rounds() {
                                return Err(refused(TournamentError::AllRoundsPaired(
                                    t.total_rounds(),
                                )));
                            }
                            if t.players().len() < 2 {
                                return Err(refused(TournamentError::TooFewPlayers));
                            }
                            t.pair_swiss(c.meta.engine.system(), seed)
                                .map_err(refused)?
                        }
                        Format::Knockout { .. } => t.pair_knockout(seed).map_err(refused)?,
                        _ => t.pair_next(c.meta.engine.system(), seed).map_err(refused)?,
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
                Ok(vec![event])
            },
            |c| {
                c.tournament
                    .rounds()
                    .last()
                    .map(|r| round_view(r, &c.meta))
                    .unwrap_or(Value::Null)
            },
        )
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn show_round(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    state.tournaments().collect(state.games(), &id).await;
    state
        .tournaments()
        .read(&id, |c| {
            c.tournament
                .rounds()
                .iter()
                .find(|r| r.number == round)
                .map(|r| round_view(r, &c.meta))
        })
        .await?
        .map(Json)
        .ok_or(ApiError::NotFound("round"))
}

async fn record_result(
    State(state): State<AppState>,
    Path((id, round, board)): Path<(String, String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let board: u32 = board.parse().map_err(|_| ApiError::NotFound("board"))?;
    let req: ResultRequest = parse_body(&body)?;
    let result: GameResult = req
        .result
        .parse()
        .map_err(|e: xiangqi_tournament::ParseError| ApiError::invalid("result", e.to_string()))?;
    let view = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Official,
            |c| {
                if !c.tournament.rounds().iter().any(|r| r.number == round) {
                    return Err(ApiError::NotFound("round"));
                }
                Ok(vec![Event::ResultRecorded {
                    round,
                    board,
                    result,
                }])
            },
            |c| {
                c.tournament
                    .rounds()
                    .iter()
                    .find(|r| r.number == round)
                    .map(|r| round_view(r, &c.meta))
                    .unwrap_or(Value::Null)
            },
        )
        .await?;
    Ok(Json(view))
}

async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: WithdrawalRequest = parse_body(&body)?;
    let view = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Official,
            |c| {
                let t = &c.tournament;
                let player = player_id("player", req.player, t)?;
                if t.withdrawn_after(player).is_some() {
                    return Err(ApiError::conflict("withdrawn", "the player has withdrawn already"));
                }
                Ok(vec![Event::Withdrawn {
                    player,
                    after_round: req.after_round.unwrap_or(t.rounds().len() as u32),
                }])
            },
            |c| {
                let id = PlayerId::new(req.player);
                json!({"player": req.player, "withdrawn_after": id.and_then(|p| c.tournament.withdrawn_after(p)), "seq": c.seq})
            },
        )
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn penalise(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: PenaltyRequest = parse_body(&body)?;
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
    let view = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Official,
            |c| {
                let player = player_id("player", req.player, &c.tournament)?;
                if req.round == 0 || req.round as usize > c.tournament.rounds().len() {
                    return Err(ApiError::invalid("round", "not a paired round"));
                }
                Ok(vec![Event::Penalised {
                    player,
                    round: req.round,
                    penalty,
                }])
            },
            |c| json!({"player": req.player, "round": req.round, "penalty": req.penalty, "seq": c.seq}),
        )
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn appoint(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: ArbiterRequest = parse_body(&body)?;
    let username = req.username.trim().to_ascii_lowercase();
    if !state.accounts().exists(&username).await? {
        return Err(ApiError::invalid("username", "no such account"));
    }
    let tournaments = state.tournaments();
    let mut guard = tournaments.lock(&id).await?;
    let cached = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    if !cached.allows(&caller, Need::Owner) {
        return Err(ApiError::NotAllowed(
            "appoint arbiters: only the tournament's organiser may",
        ));
    }
    let mut next = cached.clone();
    if !next.meta.arbiters.contains(&username) {
        let event = NewEvent::new(ARBITER_APPOINTED, json!({"username": username}));
        match tournaments
            .store
            .append(StreamKind::Tournament, &id, cached.seq, &[event])
            .await
        {
            Ok(seq) => next.seq = seq,
            Err(e) => {
                *guard = None;
                return Err(e.into());
            }
        }
        next.meta.arbiters.push(username);
    }
    let view = json!({"arbiters": next.meta.arbiters, "seq": next.seq});
    *guard = Some(next);
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn standings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    state.tournaments().collect(state.games(), &id).await;
    Ok(Json(
        state
            .tournaments()
            .read(&id, |c| standings_view(&c.tournament))
            .await?,
    ))
}

async fn crosstable(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    state.tournaments().collect(state.games(), &id).await;
    Ok(Json(
        state
            .tournaments()
            .read(&id, |c| crosstable_view(&c.tournament))
            .await?,
    ))
}

fn attachment(content_type: &'static str, filename: String, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response()
}

async fn export_trf(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    state.tournaments().collect(state.games(), &id).await;
    let text = state
        .tournaments()
        .read(&id, |c| trf::export(&c.tournament))
        .await?;
    Ok(attachment(
        "text/plain; charset=utf-8",
        format!("{id}.trf"),
        text,
    ))
}

#[derive(Debug, Deserialize)]
struct CsvQuery {
    /// `standings` (default), `crosstable` or `players`.
    table: Option<String>,
}

async fn export_csv(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<CsvQuery>,
) -> Result<Response, ApiError> {
    let table = q.table.unwrap_or_else(|| "standings".to_owned());
    let write: fn(&Tournament) -> String = match table.as_str() {
        "standings" => report::standings_csv,
        "crosstable" => report::crosstable_csv,
        "players" => |t| report::write_entries(t.players()),
        other => {
            return Err(ApiError::invalid(
                "table",
                format!("unknown table {other:?} (standings, crosstable, players)"),
            ));
        }
    };
    state.tournaments().collect(state.games(), &id).await;
    let text = state
        .tournaments()
        .read(&id, |c| write(&c.tournament))
        .await?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        format!("{id}-{table}.csv"),
        text,
    ))
}

#[derive(Debug, Deserialize)]
struct PgnExportQuery {
    /// Only this round's games.
    round: Option<u32>,
}

/// Every live game of the tournament (or of `?round=N`) as one PGN file, in round and board
/// order, each with the tournament's name as `Event` and `Round "r.b"` (round.board), so that
/// a database sorts the games as the pairing sheets do. Boards without a live game (results
/// entered by hand, byes, forfeits) are skipped: a PGN game is a record of moves, a move-less
/// game would enter readers' databases as one played, and those results are in the TRF and
/// CSV exports. `Result` is the result sheet's when it holds a played result (CXA 9: the signed
/// sheet is the record), so an arbiter's correction shows in the file.
async fn export_pgn(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<PgnExportQuery>,
) -> Result<Response, ApiError> {
    state.tournaments().collect(state.games(), &id).await;
    let (name, boards) = state
        .tournaments()
        .read(&id, |c| {
            let rounds = u32::try_from(c.tournament.rounds().len()).unwrap_or(u32::MAX);
            // The result sheet wins over the game's own result: an arbiter's correction (after
            // an appeal, say) is what the tournament counts, so the file says the same.
            let sheet = |round: u32, board: u32| {
                let r = c.tournament.rounds().get(round.checked_sub(1)? as usize)?;
                let g = r.games.iter().find(|g| g.pairing.board == board)?;
                match g.result? {
                    GameResult::RedWins => Some("1-0"),
                    GameResult::BlackWins => Some("0-1"),
                    GameResult::Draw => Some("1/2-1/2"),
                    _ => None,
                }
            };
            let boards: Vec<(u32, u32, String, Option<&'static str>)> = c
                .meta
                .games
                .values()
                .filter(|b| q.round.is_none_or(|r| r == b.round))
                .map(|b| (b.round, b.board, b.game.clone(), sheet(b.round, b.board)))
                .collect();
            (c.tournament.name().to_owned(), rounds, boards)
        })
        .await
        .and_then(|(name, rounds, boards)| match q.round {
            Some(r) if r == 0 || r > rounds => Err(ApiError::NotFound("round")),
            _ => Ok((name, boards)),
        })?;
    let options = xiangqi_record::pgn::WriteOptions::default();
    let mut out = String::new();
    for (round, board, game, sheet_result) in boards {
        // A game lost from the store is left out rather than failing the whole file.
        let Ok(mut record) = state.games().pgn_record(&game).await else {
            continue;
        };
        record.set_tag("Event", name.clone());
        if let Some(result) = sheet_result {
            record.set_tag("Result", result);
        }
        record.set_tag("Round", format!("{round}.{board}"));
        // Seven Tag Roster order: Event, then Round before the players.
        if let Some(at) = record.tags.iter().position(|(n, _)| n == "Round") {
            let tag = record.tags.remove(at);
            let after_event = record
                .tags
                .iter()
                .position(|(n, _)| n == "Event")
                .map_or(0, |e| e + 1);
            record.tags.insert(after_event, tag);
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&xiangqi_record::pgn::write_game(&record, &options));
    }
    let filename = match q.round {
        Some(r) => format!("{id}-round{r}.pgn"),
        None => format!("{id}.pgn"),
    };
    Ok(attachment(
        "application/x-chess-pgn; charset=utf-8",
        filename,
        out,
    ))
}

async fn events(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if !valid_id(&id) {
        return Err(ApiError::NotFound("tournament"));
    }
    let stored = state
        .tournaments()
        .store
        .load(StreamKind::Tournament, &id, 0)
        .await?;
    if stored.is_empty() {
        return Err(ApiError::NotFound("tournament"));
    }
    let mut out = Vec::with_capacity(stored.len());
    for e in stored {
        let mut payload = e.payload;
        // The players' tokens are for the officials only (`GET …/rounds/{round}/games`).
        if let Some(o) = payload.as_object_mut() {
            o.retain(|k, _| !k.ends_with("_token"));
        }
        out.push(json!({"seq": e.seq, "type": e.event_type, "recorded_at_ms": e.recorded_at_ms, "data": payload}));
    }
    Ok(Json(json!({"id": id, "events": out})))
}

/// Which boards to start live games for; every board without a game or a result by default.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct StartRequest {
    boards: Option<Vec<u32>>,
}

fn board_game_view(b: &BoardGame) -> Value {
    json!({
        "board": b.board,
        "game": b.game,
        "red_token": b.red_token,
        "black_token": b.black_token,
        "arbiter_token": b.arbiter_token,
    })
}

/// The round's live games with the players' and arbiter's tokens, for the officials to hand out.
fn round_games_view(meta: &Meta, round: u32) -> Value {
    json!({
        "round": round,
        "time_control": meta.time_control,
        "games": meta.games.range((round, 0)..=(round, u32::MAX)).map(|(_, b)| board_game_view(b)).collect::<Vec<_>>(),
    })
}

/// At most `max` bytes of `text`, cut at a character boundary.
fn clip(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

/// Starts live games for a paired round's boards, each with the tournament's rule set and
/// time control and the players' names; a board with a game or a result already is skipped.
async fn start_games(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    let req: StartRequest = if body.iter().all(u8::is_ascii_whitespace) {
        StartRequest::default()
    } else {
        parse_body(&body)?
    };
    let tournaments = state.tournaments();
    let mut guard = tournaments.lock(&id).await?;
    let cached = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    if !cached.allows(&caller, Need::Official) {
        return Err(ApiError::NotAllowed(
            "start games: only the tournament's organiser and arbiters may",
        ));
    }
    let t = &cached.tournament;
    let r = t
        .rounds()
        .iter()
        .find(|r| r.number == round)
        .ok_or(ApiError::NotFound("round"))?;
    if let Some(boards) = &req.boards {
        if let Some(b) = boards
            .iter()
            .find(|&&b| b == 0 || b as usize > r.games.len())
        {
            return Err(ApiError::invalid(
                "boards",
                format!("no board {b} in round {round}"),
            ));
        }
    }
    let mut started = Vec::new();
    for g in &r.games {
        let board = g.pairing.board;
        let wanted = req.boards.as_ref().is_none_or(|b| b.contains(&board));
        if !wanted || g.result.is_some() || cached.meta.games.contains_key(&(round, board)) {
            continue;
        }
        let name = |p: PlayerId| t.players().get(p.index()).map(|p| p.name.clone());
        let new = NewGame {
            rules: Some(rules_name(t.rules()).to_owned()),
            fen: None,
            time_control: cached.meta.time_control.clone(),
            red: name(g.pairing.red),
            black: name(g.pairing.black),
            event: Some(clip(format!("{} R{round} B{board}", t.name()), 200)),
        };
        let (tokens, _) = state.games().create(new).await?;
        started.push(BoardGame {
            round,
            board,
            game: tokens.id,
            red_token: tokens.red_token,
            black_token: tokens.black_token,
            arbiter_token: tokens.arbiter_token,
        });
    }
    let mut next = cached.clone();
    if !started.is_empty() {
        let events = started
            .iter()
            .map(|b| {
                serde_json::to_value(b)
                    .map(|v| NewEvent::new(BOARD_GAME_STARTED, v))
                    .map_err(|e| ApiError::Corrupt(format!("board game: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        match tournaments
            .store
            .append(StreamKind::Tournament, &id, cached.seq, &events)
            .await
        {
            Ok(seq) => next.seq = seq,
            Err(e) => {
                *guard = None;
                return Err(e.into());
            }
        }
        for b in started {
            tournaments.index_board(&id, &b);
            next.meta.games.insert((b.round, b.board), b);
        }
    }
    let view = round_games_view(&next.meta, round);
    *guard = Some(next);
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// A round's live games with their tokens: officials only.
async fn board_games(
    State(state): State<AppState>,
    Path((id, round)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let round: u32 = round.parse().map_err(|_| ApiError::NotFound("round"))?;
    state
        .tournaments()
        .read(&id, |c| {
            if !c.allows(&caller, Need::Official) {
                return Err(ApiError::NotAllowed(
                    "see the tokens: only the tournament's organiser and arbiters may",
                ));
            }
            if !c.tournament.rounds().iter().any(|r| r.number == round) {
                return Err(ApiError::NotFound("round"));
            }
            Ok(Json(round_games_view(&c.meta, round)))
        })
        .await?
}

fn decision_name(d: Decision) -> &'static str {
    match d {
        Decision::Open => "open",
        Decision::Bye => "bye",
        Decision::Games => "games",
        Decision::Playoff => "playoff",
        Decision::Lot => "lot",
        Decision::Walkover => "walkover",
    }
}

fn color_name(c: xiangqi_tournament::Color) -> &'static str {
    match c {
        xiangqi_tournament::Color::Red => "red",
        xiangqi_tournament::Color::Black => "black",
    }
}

pub(crate) fn match_view(m: &KnockoutMatch) -> Value {
    json!({
        "first": m.first.map(PlayerId::get),
        "second": m.second.map(PlayerId::get),
        "winner": m.winner.map(PlayerId::get),
        "decision": decision_name(m.decision),
        "games": m.games.iter().map(|g| json!({
            "round": g.round,
            "board": g.board,
            "first_color": color_name(g.first_color),
            "first_outcome": g.outcome.map(outcome_name),
            "playoff": g.playoff,
            "double_forfeit": g.double_forfeit,
        })).collect::<Vec<_>>(),
    })
}

fn part_view(p: Part) -> Value {
    match p {
        Part::Winners(r) => json!({"bracket": "winners", "round": r}),
        Part::Losers(r) => json!({"bracket": "losers", "round": r}),
        Part::GrandFinal => json!({"bracket": "grand_final"}),
        Part::Reset => json!({"bracket": "reset"}),
    }
}

/// A knockout's bracket, round by round (CXA 2011 art. 10.4); a Swiss then knockout's from
/// its qualifiers (CXA 10.5); a double elimination's matches in playing order with the
/// winners' and losers' brackets, the grand final and its reset.
async fn bracket(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    state.tournaments().collect(state.games(), &id).await;
    state
        .tournaments()
        .read(&id, |c| {
            let t = &c.tournament;
            let champion = t.champion().map(PlayerId::get);
            match t.format() {
                Format::Knockout { .. } => Ok(Json(json!({
                    "rounds": t.bracket().iter().map(|r| r.iter().map(match_view).collect::<Vec<_>>()).collect::<Vec<_>>(),
                    "champion": champion,
                }))),
                Format::SwissKnockout { rounds, .. } => Ok(Json(json!({
                    "stage": if t.in_knockout_stage() { "knockout" } else { "swiss" },
                    "first_round": rounds + 1,
                    "qualifiers": t.qualifiers().iter().map(|p| p.get()).collect::<Vec<_>>(),
                    "rounds": t.bracket().iter().map(|r| r.iter().map(match_view).collect::<Vec<_>>()).collect::<Vec<_>>(),
                    "champion": champion,
                }))),
                Format::DoubleElimination { reset, .. } => Ok(Json(json!({
                    "reset": reset,
                    "matches": t.double_bracket().iter().map(|m| {
                        let mut v = match_view(&m.line);
                        if let Some(o) = v.as_object_mut() {
                            o.insert("part".into(), part_view(m.part));
                            o.insert("loser".into(), json!(m.loser.map(PlayerId::get)));
                            o.insert("needed".into(), json!(m.needed));
                        }
                        v
                    }).collect::<Vec<_>>(),
                    "champion": champion,
                }))),
                _ => Err(ApiError::NotFound("bracket: not a knockout")),
            }
        })
        .await?
}

/// A group stage's groups with their standings, and its final once opened (CXA 2011 art. 10.2).
async fn groups(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    state.tournaments().collect(state.games(), &id).await;
    state
        .tournaments()
        .read(&id, |c| {
            let t = &c.tournament;
            if !matches!(t.format(), Format::Groups { .. }) {
                return Err(ApiError::NotFound("groups: not a group stage"));
            }
            let standings = t.group_standings();
            let groups: Vec<Value> = t
                .groups()
                .iter()
                .zip(standings.iter().map(Some).chain(std::iter::repeat(None)))
                .enumerate()
                .map(|(k, (members, st))| {
                    json!({
                        "group": k + 1,
                        "players": members.iter().map(|p| p.get()).collect::<Vec<_>>(),
                        "standings": st.map(|st| st.iter().map(|s| json!({
                            "rank": s.rank,
                            "no": s.competitor + 1,
                            "name": t.players().get(s.competitor).map(|p| p.name.as_str()),
                            "score": s.score.to_string(),
                            "tie_breaks": s.tie_breaks.iter().map(|v| v.text()).collect::<Vec<_>>(),
                        })).collect::<Vec<_>>()).unwrap_or_default(),
                    })
                })
                .collect();
            Ok(Json(json!({
                "groups": groups,
                "tie_breaks": t.tie_break_order().iter().map(|tb| tb.code()).collect::<Vec<_>>(),
                "final": c.meta.final_id,
            })))
        })
        .await?
}

/// A request to open the final of a group stage.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FinalRequest {
    /// The final's name; the stage's name and "final" by default.
    name: Option<String>,
    /// How many go through from each group (CXA 10.2).
    qualifiers: u32,
    /// The final's format: `knockout` (default), `round_robin`, `double_round_robin`, `swiss`.
    format: Option<String>,
    cycles: Option<u32>,
    rounds: Option<u32>,
    games: Option<u32>,
    playoff_games: Option<u32>,
    /// The final's time control; the stage's by default.
    time_control: Option<String>,
}

/// Opens the final of a finished group stage as a tournament of its own, seeded with the top
/// players of each group, group winners first (CXA 2011 art. 10.2).
async fn open_final(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: FinalRequest = parse_body(&body)?;
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
    state.tournaments().collect(state.games(), &id).await;
    let mut guard = tournaments.lock(&id).await?;
    let cached = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
    if !cached.allows(&caller, Need::Owner) {
        return Err(ApiError::NotAllowed(
            "open the final: only the tournament's organiser may",
        ));
    }
    if cached.meta.final_id.is_some() {
        return Err(ApiError::conflict(
            "final_opened",
            "the final is open already",
        ));
    }
    let time_control = match req.time_control.as_deref() {
        Some(tc) => parse_time_control(Some(tc))?,
        None => cached.meta.time_control.clone(),
    };
    let name = match req.name.as_deref().map(str::trim) {
        Some(n) if !n.is_empty() && n.len() <= 200 => n.to_owned(),
        Some(_) => return Err(ApiError::invalid("name", "1 to 200 bytes")),
        None => clip(format!("{} — 决赛 final", cached.tournament.name()), 200),
    };
    let events = cached
        .tournament
        .final_events(&name, format, req.qualifiers as usize)
        .map_err(refused)?;
    let (final_id, view) = tournaments
        .open(
            &caller,
            events,
            cached.meta.engine,
            time_control,
            Some(id.clone()),
        )
        .await?;
    let mut next = cached.clone();
    let event = NewEvent::new(FINAL_OPENED, json!({"final": final_id}));
    match tournaments
        .store
        .append(StreamKind::Tournament, &id, cached.seq, &[event])
        .await
    {
        Ok(seq) => next.seq = seq,
        Err(e) => {
            *guard = None;
            return Err(e.into());
        }
    }
    next.meta.final_id = Some(final_id);
    *guard = Some(next);
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// Players to keep apart in a Swiss.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeepApartRequest {
    /// Keep every two players of one club apart.
    #[serde(default)]
    clubs: bool,
    /// Start numbers of players who must not meet one another.
    #[serde(default)]
    players: Vec<u32>,
}

/// Keeps players apart in a Swiss's later pairings (CXA 2011 art. 10.3 and its appendix 3:
/// players of one unit 同单位 need not meet).
async fn keep_apart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let caller = state.accounts().require(&headers).await?;
    let req: KeepApartRequest = parse_body(&body)?;
    if !req.clubs && req.players.len() < 2 {
        return Err(ApiError::invalid(
            "players",
            "at least two players, or `clubs`: true",
        ));
    }
    let view = state
        .tournaments()
        .write(
            &id,
            &caller,
            Need::Owner,
            |c| {
                let players = req
                    .players
                    .iter()
                    .enumerate()
                    .map(|(k, &n)| player_id(&format!("players[{k}]"), n, &c.tournament))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(vec![Event::KeptApart {
                    clubs: req.clubs,
                    players,
                }])
            },
            |c| json!({"kept_apart": c.tournament.kept_apart(), "seq": c.seq}),
        )
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}
