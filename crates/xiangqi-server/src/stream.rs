//! What games, tournaments and team events share as streams of the store: their ids and how
//! an event becomes a stored one.

use serde::Serialize;
use serde_json::Value;
use xiangqi_store::{NewEvent, StoredEvent};

use crate::error::ApiError;

/// The type of the first event of a tournament's stream.
pub(crate) const TOURNAMENT_OPENED: &str = "tournament_opened";

/// The type of the first event of a team event's stream. Older servers kept team events among
/// the tournaments' streams, so a tournament's stream may start with it (and is then none).
pub(crate) const TEAM_OPENED: &str = "team_event_opened";

/// A stream's id as the store keys it: 1–64 characters of `[0-9a-zA-Z_-]`.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A value as a stored event's payload.
pub(crate) fn to_payload<E: Serialize>(e: &E) -> Result<Value, ApiError> {
    serde_json::to_value(e).map_err(|err| ApiError::Corrupt(format!("event: {err}")))
}

/// An event as stored: its JSON form, with the value of its serde `tag` field as its type.
pub(crate) fn new_event<E: Serialize>(e: &E, tag: &str) -> Result<NewEvent, ApiError> {
    let payload = to_payload(e)?;
    let kind = payload
        .get(tag)
        .and_then(Value::as_str)
        .unwrap_or("event")
        .to_owned();
    Ok(NewEvent::new(kind, payload))
}

/// A stored event as a stream's public log shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct LoggedEvent {
    seq: u64,
    #[serde(rename = "type")]
    event_type: String,
    recorded_at_ms: i64,
    /// The event's fields, as stored.
    #[schema(value_type = Object)]
    data: Value,
}

/// A stream's public log: its stored events, each payload's fields whose name `secret` matches
/// taken out (token hashes, tokens: they stay in the store).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct EventLog<'a> {
    id: &'a str,
    events: Vec<LoggedEvent>,
}

impl<'a> EventLog<'a> {
    /// The log of stream `id`.
    pub fn new(
        id: &'a str,
        stored: Vec<StoredEvent>,
        secret: impl Fn(&str) -> bool,
    ) -> EventLog<'a> {
        let events = stored
            .into_iter()
            .map(|e| {
                let mut data = e.payload;
                if let Some(o) = data.as_object_mut() {
                    o.retain(|k, _| !secret(k));
                }
                LoggedEvent {
                    seq: e.seq,
                    event_type: e.event_type,
                    recorded_at_ms: e.recorded_at_ms,
                    data,
                }
            })
            .collect();
        EventLog { id, events }
    }
}
