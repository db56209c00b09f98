//! What both stores' writers share: an append waiting in a queue, and the decision, in order,
//! of each append of a batch against its stream's stored sequence number (and those of the
//! appends before it in the batch), into the rows to write and each append's outcome.

use std::collections::HashMap;

use crate::{Deadline, NewEvent, StoreError, StreamKind, plan_append};

/// Queues one append for a store's writer task and waits for its commit (or refusal). A
/// writer that is gone (the store was dropped) answers as a closed pool.
pub(crate) async fn queue(
    writer: &tokio::sync::mpsc::UnboundedSender<Pending>,
    kind: StreamKind,
    id: &str,
    expected: u64,
    events: Vec<NewEvent>,
    deadline: Deadline,
) -> Outcome {
    let closed = || StoreError::Database(sqlx::Error::PoolClosed);
    let (reply, answer) = tokio::sync::oneshot::channel();
    let pending = Pending {
        kind,
        id: id.to_owned(),
        expected,
        events,
        deadline,
        reply,
    };
    writer.send(pending).map_err(|_| closed())?;
    answer.await.map_err(|_| closed())?
}

/// One append waiting for the writer.
pub(crate) struct Pending {
    pub(crate) kind: StreamKind,
    pub(crate) id: String,
    pub(crate) expected: u64,
    /// Empty for a change of the deadline alone.
    pub(crate) events: Vec<NewEvent>,
    pub(crate) deadline: Deadline,
    pub(crate) reply: tokio::sync::oneshot::Sender<Result<u64, StoreError>>,
}

/// What one append of a batch came to: its new last sequence number, or a conflict.
pub(crate) type Outcome = Result<u64, StoreError>;

/// A stream as a batch keys it.
pub(crate) type Key = (StreamKind, String);

/// The rows a batch writes, once checked.
#[derive(Default)]
pub(crate) struct Rows {
    /// Each stream's new last sequence number, in order.
    pub(crate) streams: Vec<(Key, u64)>,
    /// `(stream, seq, type, payload)`.
    pub(crate) events: Vec<(Key, u64, String, String)>,
    /// Each stream's deadline when it is set by the batch.
    pub(crate) set: Vec<(Key, u64)>,
    /// The streams whose deadline the batch clears.
    pub(crate) clear: Vec<Key>,
}

impl Rows {
    fn stream(&mut self, key: &Key, last: u64) {
        match self.streams.iter_mut().find(|(k, _)| k == key) {
            Some(row) => row.1 = last,
            None => self.streams.push((key.clone(), last)),
        }
    }

    fn deadline(&mut self, key: &Key, deadline: Deadline) {
        self.set.retain(|(k, _)| k != key);
        self.clear.retain(|k| k != key);
        match deadline {
            Deadline::Keep => {}
            Deadline::Clear => self.clear.push(key.clone()),
            Deadline::At(ms) => self.set.push((key.clone(), ms)),
        }
    }
}

/// Decides each append of the batch, in order.
pub(crate) fn check(
    batch: &[Pending],
    current: &mut HashMap<Key, u64>,
) -> Result<(Rows, Vec<Outcome>), StoreError> {
    let mut rows = Rows::default();
    let mut outcomes = Vec::with_capacity(batch.len());
    for p in batch {
        let key = (p.kind, p.id.clone());
        let actual = current.get(&key).copied().unwrap_or(0);
        let conflict = StoreError::Conflict {
            expected: p.expected,
            actual,
        };
        if p.events.is_empty() {
            // A change of the deadline alone, to an existing stream.
            if actual != p.expected || actual == 0 {
                outcomes.push(Err(conflict));
            } else {
                rows.deadline(&key, p.deadline);
                outcomes.push(Ok(actual));
            }
            continue;
        }
        let last = match plan_append(p.expected, &p.events) {
            Ok(l) => l,
            Err(e) => {
                outcomes.push(Err(e));
                continue;
            }
        };
        if actual != p.expected {
            outcomes.push(Err(conflict));
            continue;
        }
        rows.stream(&key, last);
        for (seq, e) in (p.expected + 1..).zip(&p.events) {
            rows.events.push((
                key.clone(),
                seq,
                e.event_type.clone(),
                e.payload.to_string(),
            ));
        }
        rows.deadline(&key, p.deadline);
        current.insert(key, last);
        outcomes.push(Ok(last));
    }
    Ok((rows, outcomes))
}
