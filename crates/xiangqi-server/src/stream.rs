//! What games, tournaments and team events share as streams of the store: their ids and how
//! an event becomes a stored one.

use serde::Serialize;
use serde_json::Value;
use xiangqi_store::NewEvent;

use crate::error::ApiError;

/// A stream's id as the store keys it: 1–64 characters of `[0-9a-zA-Z_-]`.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// An event as stored: its JSON form, with the value of its serde `tag` field as its type.
pub(crate) fn new_event<E: Serialize>(e: &E, tag: &str) -> Result<NewEvent, ApiError> {
    let payload =
        serde_json::to_value(e).map_err(|err| ApiError::Corrupt(format!("event: {err}")))?;
    let kind = payload
        .get(tag)
        .and_then(Value::as_str)
        .unwrap_or("event")
        .to_owned();
    Ok(NewEvent::new(kind, payload))
}
