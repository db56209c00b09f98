//! Tournaments over the API: each is a stream of events in the store ([`stream`]), replayed
//! into a [`Tournament`](xiangqi_tournament::tournament::Tournament) by the server's one
//! [`Repository`] (DESIGN, "Flow of one round").
//!
//! Pairing is pure: the server draws a seed, the tournament crate computes the round from the
//! events and the seed, and the `round_paired` event keeps the seed, so the same log always
//! gives the same tournament. A write catches the tournament up with the store, checks the
//! caller's role, applies the new events to a copy (the tournament refuses what its rules do
//! not allow, changing nothing), and appends them conditionally on the stream's last sequence
//! number: a replica that wrote first makes this one's append a 409, never a lost update.
//!
//! The tournament's time control is part of its creation (`tournament_opened`), checked by the
//! same parser as `xiangqi clock`, and every live game started for a board is created with it
//! and the tournament's rule set ([`boards`]). A board's result comes from its live game as a
//! domain event: when the game ends, [`Games`](crate::games::Games) publishes
//! [`GameReport`](crate::games::GameReport) and the tournament records it at once (no wait for
//! the score sheet), with the game's fouls as they are recorded (CXA 2011 art. 9). A board
//! that already has a result is never overwritten, so an arbiter's correction (after an
//! appeal, WXF 2018 art. 12.4) stands. Reading never writes.
//!
//! Every format of the tournament crate is paired by `POST …/rounds`: a Swiss then knockout
//! (CXA 10.5) shows its Swiss standings with the qualifiers marked and then its bracket; a Swiss
//! with bottom elimination (CXA 10.6) marks who is due out and who is out, and a hand-entered
//! pairing with an eliminated player is a 422; a double elimination (CXA 10.4) shows both
//! brackets, the grand final and its reset. A live game started for a board is found again from
//! its id (`GET /api/tournaments/by-game/{game}`), so the game page links back to the round.
//!
//! The parts: [`routes`] (the URL map), [`handlers`] (one function a route), [`form`] (the
//! requests), [`json`] (the views), [`stream`] (the events and their replay), [`boards`] (live
//! games for boards), [`results`] (their results), [`export`] (TRF, CSV, PGN).

mod boards;
mod export;
mod form;
mod handlers;
mod json;
mod results;
pub(crate) mod routes;
pub(crate) mod stream;

pub(crate) use form::parse_tie_break;

use std::{collections::HashMap, sync::Mutex as StdMutex, time::Duration};

use xiangqi_store::{Store, StreamKind};
use xiangqi_tournament::{
    Player,
    tournament::{Event, Tournament},
};

pub(crate) use self::routes::routes;
use self::stream::{Engine, Meta, Need, Opened, TournamentRecord, TournamentState};
use crate::{
    accounts::Caller,
    error::ApiError,
    repo::{Guard, Repository, Versioned},
};

/// Every tournament, with a copy of each read in this process.
pub struct Tournaments {
    repo: Repository<TournamentState>,
    /// Live games started for boards, by game id: (tournament, round, board), so that a game
    /// links back to its tournament. Filled as tournaments are read.
    boards: StdMutex<HashMap<String, (String, u32, u32)>>,
}

impl std::fmt::Debug for Tournaments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tournaments")
            .field("repo", &self.repo)
            .finish_non_exhaustive()
    }
}

/// How long a tournament nobody asks for stays in memory.
pub(crate) const TOURNAMENT_IDLE: Duration = Duration::from_secs(10 * 60);

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

impl Tournaments {
    /// Tournaments kept in `store`.
    pub fn new(store: Store) -> Tournaments {
        Tournaments {
            repo: Repository::new(store),
            boards: StdMutex::new(HashMap::new()),
        }
    }

    /// The store.
    pub(crate) fn store(&self) -> &Store {
        self.repo.store()
    }

    /// Drops the tournaments nobody has used for `idle`; returns how many.
    pub fn evict(&self, idle: Duration) -> usize {
        self.repo.evict(idle)
    }

    fn index_boards(&self, id: &str, meta: &Meta) {
        let mut boards = self.boards.lock().unwrap_or_else(|p| p.into_inner());
        for b in meta.games.values() {
            boards
                .entry(b.game.clone())
                .or_insert_with(|| (id.to_owned(), b.round, b.board));
        }
    }

    fn board_of(&self, game: &str) -> Option<(String, u32, u32)> {
        let boards = self.boards.lock().unwrap_or_else(|p| p.into_inner());
        boards.get(game).cloned()
    }

    /// Locks a tournament, caught up with the store, its boards' games indexed.
    async fn lock(&self, id: &str) -> Result<Guard<TournamentState>, ApiError> {
        let guard = self.repo.lock(id).await?;
        if let Some(v) = guard.as_ref() {
            self.index_boards(id, &v.state.meta);
        }
        Ok(guard)
    }

    /// Reads a tournament.
    async fn read<T>(
        &self,
        id: &str,
        f: impl FnOnce(&Versioned<TournamentState>) -> T,
    ) -> Result<T, ApiError> {
        let guard = self.lock(id).await?;
        let v = guard.as_ref().ok_or(ApiError::NotFound("tournament"))?;
        Ok(f(v))
    }

    /// Writes the events `decide` makes, if `caller` may (else a 403 saying who may `what`);
    /// returns the tournament as it is afterwards.
    async fn write(
        &self,
        id: &str,
        caller: &Caller,
        need: Need,
        what: &'static str,
        decide: impl FnOnce(&TournamentState) -> Result<Vec<TournamentRecord>, ApiError>,
    ) -> Result<Guard<TournamentState>, ApiError> {
        let guard = self
            .repo
            .write(id, |v| {
                v.state.check(caller, need, what)?;
                decide(&v.state)
            })
            .await?;
        if let Some(v) = guard.as_ref() {
            self.index_boards(id, &v.state.meta);
        }
        Ok(guard)
    }

    /// Writes the tournament crate's events `decide` makes, as [`Tournaments::write`].
    async fn write_events(
        &self,
        id: &str,
        caller: &Caller,
        need: Need,
        decide: impl FnOnce(&Tournament) -> Result<Vec<Event>, ApiError>,
    ) -> Result<Guard<TournamentState>, ApiError> {
        let what = match need {
            Need::Owner => "do this: only the tournament's organiser may",
            Need::Official => "do this: only the tournament's organiser and arbiters may",
            Need::Chief => "do this: only the tournament's organiser and chief arbiter may",
        };
        self.write(id, caller, need, what, |s| {
            Ok(decide(&s.tournament)?
                .into_iter()
                .map(TournamentRecord::Tournament)
                .collect())
        })
        .await
    }

    /// Opens a tournament from its first events: `tournament_opened` with the server's part,
    /// then `events`; returns its id and the tournament.
    async fn open(
        &self,
        caller: &Caller,
        events: Vec<Event>,
        engine: Engine,
        time_control: Option<String>,
        stage_of: Option<String>,
    ) -> Result<(String, Guard<TournamentState>), ApiError> {
        let id = crate::ids::random_hex(8)?;
        let opened = Opened {
            owner: caller.username.clone(),
            engine,
            created_at_ms: now_ms(),
            time_control,
            stage_of,
        };
        let mut all = vec![TournamentRecord::Opened(opened)];
        all.extend(events.into_iter().map(TournamentRecord::Tournament));
        let (_, guard) = self.repo.create(&id, all).await?;
        Ok((id, guard))
    }

    /// Every tournament's and team event's id (team events are listed here too, as the
    /// organiser's page lists them together).
    async fn ids(&self) -> Result<Vec<String>, ApiError> {
        use xiangqi_store::EventStore;
        let mut ids = self.store().streams(StreamKind::Tournament).await?;
        for id in self.store().streams(StreamKind::Team).await? {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        Ok(ids)
    }
}

/// Players from the request, checked, each named by its place in it.
fn players_from(list: Vec<form::NewPlayer>) -> Result<Vec<Player>, ApiError> {
    list.into_iter()
        .enumerate()
        .map(|(k, p)| p.into_player(&format!("players[{k}]")))
        .collect()
}

/// The spec a `POST /api/tournaments` body gives, read as the route reads it (the time control
/// and the engine, which are the server's, aside): the command line's `tournament new` is tested
/// to give the same spec for the same choices.
///
/// # Errors
///
/// The 400 or 422 the route would answer.
pub fn tournament_spec_of_form(
    body: &[u8],
) -> Result<xiangqi_tournament::spec::TournamentSpec, ApiError> {
    handlers::tournament_spec(crate::extract::parse_body::<form::NewTournament>(body)?)
}
