//! A team event's stream, typed: the server's `team_event_opened` (the organiser's account),
//! then the team crate's own [`TeamEvent`]s under their names. New team events are in streams
//! of the `team` kind; older ones are among the tournaments' streams, and are read and
//! written there.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use xiangqi_store::{NewEvent, StreamKind};
use xiangqi_tournament::team_tournament::{TeamEvent, TeamTournament};

use crate::{
    error::ApiError,
    repo::{Aggregate, Envelope},
    stream::{TEAM_OPENED, TOURNAMENT_OPENED, new_event, to_payload},
};

/// What the server stores first in a team event's stream.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TeamOpened {
    /// The organiser's account.
    pub owner: String,
    /// The numbers the organiser set for the event's games (CXA 2011 arts. 4.2.4, 8.1.8,
    /// 20.1, 22.1; WXF 2018 arts. 11.1, 12.4, 12.11); absent, the book's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_rules: Option<xiangqi_arbiter::EventRules>,
}

/// One event of a team event's stream.
#[derive(Debug, Clone)]
pub enum TeamRecord {
    /// `team_event_opened`.
    Opened(TeamOpened),
    /// The team crate's own events.
    Team(TeamEvent),
    /// The first event of a tournament of players (older team events share their kind of
    /// stream): not a team event.
    TournamentStream,
}

impl Envelope for TeamRecord {
    fn decode(event_type: &str, payload: Value) -> Result<TeamRecord, String> {
        match event_type {
            TEAM_OPENED => serde_json::from_value(payload).map(TeamRecord::Opened),
            TOURNAMENT_OPENED => Ok(TeamRecord::TournamentStream),
            _ => serde_json::from_value(payload).map(TeamRecord::Team),
        }
        .map_err(|e| e.to_string())
    }

    fn encode(&self) -> Result<NewEvent, ApiError> {
        match self {
            TeamRecord::Opened(o) => Ok(NewEvent::new(TEAM_OPENED, to_payload(o)?)),
            TeamRecord::Team(e) => new_event(e, "event"),
            TeamRecord::TournamentStream => {
                Err(ApiError::Corrupt("a tournament in a team event".into()))
            }
        }
    }
}

/// A team event replayed from its stream.
#[derive(Debug, Clone)]
pub struct TeamState {
    /// The organiser's account.
    pub(super) owner: String,
    /// The numbers set for the event's games.
    pub(super) game_rules: xiangqi_arbiter::EventRules,
    /// The event, once its `created` has been applied.
    pub(super) event: Option<TeamTournament>,
}

impl TeamState {
    pub(super) fn event(&self) -> Result<&TeamTournament, ApiError> {
        self.event
            .as_ref()
            .ok_or_else(|| ApiError::Corrupt("a team event without its creation".into()))
    }
}

impl Aggregate for TeamState {
    type Event = TeamRecord;
    /// New team events have a kind of their own; older ones are among the tournaments.
    const KINDS: &'static [StreamKind] = &[StreamKind::Team, StreamKind::Tournament];
    const NOUN: &'static str = "team event";
    type Side = ();

    fn open(first: TeamRecord) -> Result<Option<TeamState>, String> {
        Ok(match first {
            TeamRecord::Opened(o) => Some(TeamState {
                owner: o.owner,
                game_rules: o.game_rules.unwrap_or_default(),
                event: None,
            }),
            // A tournament of players (among the tournaments' streams).
            TeamRecord::TournamentStream => None,
            TeamRecord::Team(e) => return Err(format!("{e:?}")),
        })
    }

    fn apply(&mut self, event: TeamRecord) -> Result<(), ApiError> {
        match (event, self.event.as_mut()) {
            (TeamRecord::Team(e @ TeamEvent::Created { .. }), None) => {
                self.event = Some(TeamTournament::from_events([e])?);
            }
            (TeamRecord::Team(e), Some(t)) => t.apply(e)?,
            (e, _) => return Err(ApiError::Corrupt(format!("out of place: {e:?}"))),
        }
        Ok(())
    }
}
