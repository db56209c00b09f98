//! A tournament's stream, typed: the server's `tournament_opened` (the organiser's account and
//! the Swiss engine), then the tournament's own [`Event`]s under their names (`created`,
//! `registered`, `round_paired`, `result_recorded`, `withdrawn`, `penalised`, …), and
//! `arbiter_appointed`, `board_game_started` (a live game for a board, with the tokens the
//! officials hand out) and `final_opened` (a group stage handing over to its final). Replayed,
//! they make a [`TournamentState`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use xiangqi_store::{NewEvent, StreamKind};
use xiangqi_tournament::{
    Book, ScoringScheme,
    swiss::{PairingSystem, cxa::Cxa, dutch::Dutch},
    tournament::{Event, Format, Tournament},
};

use crate::{
    accounts::Caller,
    error::ApiError,
    repo::{Aggregate, Envelope},
    stream::{TEAM_OPENED, TOURNAMENT_OPENED, new_event, to_payload},
};

/// The type of the first event of a tournament's stream.
pub const OPENED: &str = TOURNAMENT_OPENED;
/// The type of an arbiter's appointment.
pub const ARBITER_APPOINTED: &str = "arbiter_appointed";
/// The type of a live game started for a board: it keeps the players' tokens for the officials.
pub const BOARD_GAME_STARTED: &str = "board_game_started";
/// The type of the link from a group stage to its final (CXA 2011 art. 10.2).
pub const FINAL_OPENED: &str = "final_opened";

/// Which Swiss engine pairs a Swiss tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The FIDE Dutch system (C.04.3).
    Dutch,
    /// The CXA 2011 积分编排制 (arts. 10.3, 12.3).
    Cxa,
}

impl Engine {
    /// As the API and the store name it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dutch => "dutch",
            Engine::Cxa => "cxa",
        }
    }

    /// The engine a Swiss under `rules` is paired by unless the organiser chooses: a CXA event
    /// by 积分编排 (CXA 2011 arts. 10.3, 12.3), a WXF one by the FIDE Dutch system (WXF 2018
    /// names no pairing system of its own). Dutch stays a choice under either.
    pub fn by_the_book(rules: Book) -> Engine {
        match rules {
            Book::Cxa2011 => Engine::Cxa,
            Book::Wxf2018 => Engine::Dutch,
        }
    }

    /// `dutch` (or `fide`) or `cxa`.
    pub fn parse(text: &str) -> Option<Engine> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dutch" | "fide" => Some(Engine::Dutch),
            "cxa" => Some(Engine::Cxa),
            _ => None,
        }
    }

    /// The pairing system.
    pub fn system(self) -> &'static dyn PairingSystem {
        match self {
            Engine::Dutch => &Dutch,
            Engine::Cxa => &Cxa,
        }
    }
}

/// What the server stores first: who organises the tournament and what it keeps beside the
/// tournament's own events.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Opened {
    /// The organiser's account.
    pub owner: String,
    /// The Swiss engine.
    pub engine: Engine,
    /// When it was opened, in ms since the Unix epoch.
    #[serde(default)]
    pub created_at_ms: u64,
    /// The games' time control in `xiangqi clock`'s SPEC form; untimed games if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// The group stage this tournament is the final of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage_of: Option<String>,
}

/// A live game started for a board, with the tokens the officials hand out.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BoardGame {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The live game's id.
    pub game: String,
    /// Moves for Red.
    pub red_token: String,
    /// Moves for Black.
    pub black_token: String,
    /// The game's arbiter.
    pub arbiter_token: String,
}

/// An arbiter's appointment.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Appointed {
    /// The arbiter's account.
    pub username: String,
}

/// The link from a group stage to its final.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FinalLink {
    /// The final's id.
    #[serde(rename = "final")]
    pub final_id: String,
}

/// One event of a tournament's stream.
#[derive(Debug, Clone)]
pub enum TournamentRecord {
    /// `tournament_opened`.
    Opened(Opened),
    /// `arbiter_appointed`.
    ArbiterAppointed(Appointed),
    /// `board_game_started`.
    BoardGameStarted(BoardGame),
    /// `final_opened`.
    FinalOpened(FinalLink),
    /// The tournament's own events.
    Tournament(Event),
    /// The first event of a team event, in a stream written before team events had a kind of
    /// their own: not a tournament of players.
    TeamStream,
}

impl Envelope for TournamentRecord {
    fn decode(event_type: &str, payload: Value) -> Result<TournamentRecord, String> {
        let typed = match event_type {
            OPENED => serde_json::from_value(payload).map(TournamentRecord::Opened),
            ARBITER_APPOINTED => {
                serde_json::from_value(payload).map(TournamentRecord::ArbiterAppointed)
            }
            BOARD_GAME_STARTED => {
                serde_json::from_value(payload).map(TournamentRecord::BoardGameStarted)
            }
            FINAL_OPENED => serde_json::from_value(payload).map(TournamentRecord::FinalOpened),
            TEAM_OPENED => Ok(TournamentRecord::TeamStream),
            _ => serde_json::from_value(payload).map(TournamentRecord::Tournament),
        };
        typed.map_err(|e| e.to_string())
    }

    fn encode(&self) -> Result<NewEvent, ApiError> {
        let (kind, payload) = match self {
            TournamentRecord::Tournament(e) => return new_event(e, "event"),
            TournamentRecord::Opened(o) => (OPENED, to_payload(o)?),
            TournamentRecord::ArbiterAppointed(a) => (ARBITER_APPOINTED, to_payload(a)?),
            TournamentRecord::BoardGameStarted(b) => (BOARD_GAME_STARTED, to_payload(b)?),
            TournamentRecord::FinalOpened(f) => (FINAL_OPENED, to_payload(f)?),
            TournamentRecord::TeamStream => {
                return Err(ApiError::Corrupt("a team event in a tournament".into()));
            }
        };
        Ok(NewEvent::new(kind, payload))
    }
}

/// Who runs a tournament and what the server keeps beside its events.
#[derive(Debug, Clone)]
pub struct Meta {
    /// The organiser's account.
    pub owner: String,
    /// The Swiss engine.
    pub engine: Engine,
    /// The appointed arbiters, in order.
    pub arbiters: Vec<String>,
    /// When it was opened.
    pub created_at_ms: u64,
    /// The games' time control in `xiangqi clock`'s SPEC form; untimed games if absent.
    pub time_control: Option<String>,
    /// Live games by (round, board).
    pub games: BTreeMap<(u32, u32), BoardGame>,
    /// The group stage this tournament is the final of.
    pub stage_of: Option<String>,
    /// The final opened after this group stage.
    pub final_id: Option<String>,
}

/// A tournament replayed from its stream.
#[derive(Debug, Clone)]
pub struct TournamentState {
    /// The server's part.
    pub meta: Meta,
    /// The tournament.
    pub tournament: Tournament,
}

/// What a write needs of its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// The organiser.
    Owner,
    /// The organiser or an appointed arbiter.
    Official,
    /// The organiser or the chief arbiter (裁判长): the first arbiter appointed. CXA 2011 art.
    /// 18.2 (a game's disqualification); WXF 2018 art. 12.4 (an appeal's decision).
    Chief,
}

impl TournamentState {
    /// Whether `caller` may do what needs `need`.
    pub fn allows(&self, caller: &Caller, need: Need) -> bool {
        caller.username == self.meta.owner
            || (need == Need::Official && self.meta.arbiters.contains(&caller.username))
            || (need == Need::Chief && self.meta.arbiters.first() == Some(&caller.username))
    }

    /// `allows`, or the 403 that says who may `what`.
    pub fn check(&self, caller: &Caller, need: Need, what: &'static str) -> Result<(), ApiError> {
        if self.allows(caller, need) {
            Ok(())
        } else {
            Err(ApiError::NotAllowed(what))
        }
    }
}

impl Aggregate for TournamentState {
    type Event = TournamentRecord;
    const KINDS: &'static [StreamKind] = &[StreamKind::Tournament];
    const NOUN: &'static str = "tournament";
    type Side = ();

    fn open(first: TournamentRecord) -> Result<Option<TournamentState>, String> {
        match first {
            TournamentRecord::Opened(o) => {
                // The tournament itself comes with the next event; until then, an empty one.
                let tournament = Tournament::from_events([Event::Created {
                    name: String::new(),
                    rules: Book::Cxa2011,
                    format: Format::RoundRobin { cycles: 1 },
                    scoring: ScoringScheme::CXA,
                    tie_breaks: None,
                }])
                .map_err(|e| e.to_string())?;
                Ok(Some(TournamentState {
                    meta: Meta {
                        owner: o.owner,
                        engine: o.engine,
                        arbiters: Vec::new(),
                        created_at_ms: o.created_at_ms,
                        time_control: o.time_control,
                        games: BTreeMap::new(),
                        stage_of: o.stage_of,
                        final_id: None,
                    },
                    tournament,
                }))
            }
            TournamentRecord::TeamStream => Ok(None),
            other => Err(format!("{other:?}")),
        }
    }

    fn apply(&mut self, event: TournamentRecord) -> Result<(), ApiError> {
        match event {
            TournamentRecord::ArbiterAppointed(a) => {
                if !self.meta.arbiters.contains(&a.username) {
                    self.meta.arbiters.push(a.username);
                }
            }
            TournamentRecord::BoardGameStarted(g) => {
                self.meta.games.insert((g.round, g.board), g);
            }
            TournamentRecord::FinalOpened(f) => self.meta.final_id = Some(f.final_id),
            TournamentRecord::Tournament(e @ Event::Created { .. }) => {
                self.tournament = Tournament::from_events([e])?;
            }
            TournamentRecord::Tournament(e) => self.tournament.apply(e)?,
            TournamentRecord::Opened(_) | TournamentRecord::TeamStream => {
                return Err(ApiError::Corrupt("a second first event".into()));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// Each record reads back from what it stores, under the type names older servers wrote.
    #[test]
    fn records_are_stored_as_before_and_read_back() {
        let opened = json!({"owner": "olga", "engine": "cxa", "created_at_ms": 5});
        let r = TournamentRecord::decode(OPENED, opened.clone()).expect("reads");
        let stored = r.encode().expect("writes");
        assert_eq!(
            (stored.event_type.as_str(), &stored.payload),
            (OPENED, &opened)
        );
        // Fields older servers left out take their defaults.
        let r = TournamentRecord::decode(OPENED, json!({"owner": "o", "engine": "dutch"}));
        assert!(matches!(
            r,
            Ok(TournamentRecord::Opened(Opened {
                created_at_ms: 0,
                ..
            }))
        ));
        for (kind, payload) in [
            (ARBITER_APPOINTED, json!({"username": "ann"})),
            (FINAL_OPENED, json!({"final": "f1"})),
            (
                BOARD_GAME_STARTED,
                json!({"round": 1, "board": 2, "game": "g", "red_token": "r",
                       "black_token": "b", "arbiter_token": "a"}),
            ),
            (
                "withdrawn",
                json!({"event": "withdrawn", "player": 3, "after_round": 1}),
            ),
        ] {
            let stored = TournamentRecord::decode(kind, payload.clone())
                .and_then(|r| r.encode().map_err(|e| e.to_string()))
                .expect(kind);
            assert_eq!(
                (stored.event_type.as_str(), stored.payload),
                (kind, payload)
            );
        }
        // A team event's stream among the tournaments' opens no tournament; junk is an error.
        let team = TournamentRecord::decode(TEAM_OPENED, json!({"owner": "o"})).expect("reads");
        assert!(matches!(TournamentState::open(team), Ok(None)));
        assert!(TournamentRecord::decode(OPENED, json!({"engine": "cxa"})).is_err());
        assert!(TournamentRecord::decode("withdrawn", json!({"player": "x"})).is_err());
    }
}
