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

/// Tells each append of a written batch its outcome, and empties the batch. A failed
/// transaction was rolled back, nothing of the batch written: every append gets its error.
pub(crate) fn answer(batch: &mut Vec<Pending>, written: Result<Vec<Outcome>, StoreError>) {
    match written {
        Ok(outcomes) => {
            for (p, outcome) in batch.drain(..).zip(outcomes) {
                let _ = p.reply.send(outcome);
            }
        }
        Err(e) => {
            let message = e.to_string();
            for p in batch.drain(..) {
                let _ = p.reply.send(Err(StoreError::Database(sqlx::Error::Protocol(
                    message.clone(),
                ))));
            }
        }
    }
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

/// [`Rows`] while a batch is checked: each stream's row found by its key, not by a walk
/// through the rows before it (a batch of thousands of appends walked millions).
#[derive(Default)]
struct Building {
    streams: Vec<(Key, u64)>,
    stream_row: HashMap<Key, usize>,
    events: Vec<(Key, u64, String, String)>,
    /// The last deadline change asked for each stream, in the order the streams first asked.
    deadlines: Vec<(Key, Deadline)>,
    deadline_row: HashMap<Key, usize>,
}

impl Building {
    fn stream(&mut self, key: &Key, last: u64) {
        match self.stream_row.get(key) {
            Some(&row) => self.streams[row].1 = last,
            None => {
                self.stream_row.insert(key.clone(), self.streams.len());
                self.streams.push((key.clone(), last));
            }
        }
    }

    /// A change of the stream's deadline; keeping it changes nothing, not even what an append
    /// before it in the batch set (appends apply in order, as if committed one by one).
    fn deadline(&mut self, key: &Key, deadline: Deadline) {
        if matches!(deadline, Deadline::Keep) {
            return;
        }
        match self.deadline_row.get(key) {
            Some(&row) => self.deadlines[row].1 = deadline,
            None => {
                self.deadline_row.insert(key.clone(), self.deadlines.len());
                self.deadlines.push((key.clone(), deadline));
            }
        }
    }

    /// The rows to write: a stream's last deadline change decides.
    fn finish(self) -> Rows {
        let mut rows = Rows {
            streams: self.streams,
            events: self.events,
            ..Rows::default()
        };
        for (key, deadline) in self.deadlines {
            match deadline {
                Deadline::Keep => {}
                Deadline::Clear => rows.clear.push(key),
                Deadline::At(ms) => rows.set.push((key, ms)),
            }
        }
        rows
    }
}

/// Decides each append of the batch, in order.
pub(crate) fn check(
    batch: &[Pending],
    current: &mut HashMap<Key, u64>,
) -> Result<(Rows, Vec<Outcome>), StoreError> {
    let mut rows = Building::default();
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
    Ok((rows.finish(), outcomes))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn append(id: &str, expected: u64, events: usize, deadline: Deadline) -> Pending {
        let (reply, _) = tokio::sync::oneshot::channel();
        Pending {
            kind: StreamKind::Game,
            id: id.to_owned(),
            expected,
            events: (0..events)
                .map(|i| NewEvent::new("move", json!({ "n": i })))
                .collect(),
            deadline,
            reply,
        }
    }

    fn key(id: &str) -> Key {
        (StreamKind::Game, id.to_owned())
    }

    /// Appends to one stream in one batch are decided in order, as if committed one by one:
    /// the stream's row carries the last sequence number, and a later append that keeps the
    /// deadline keeps the one an earlier append set.
    #[test]
    fn a_batch_decides_its_appends_in_order() {
        let batch = [
            append("a", 1, 1, Deadline::At(500)),
            append("b", 0, 2, Deadline::At(700)),
            append("a", 2, 2, Deadline::Keep),
            append("b", 2, 1, Deadline::Clear),
            // Stale: "a" is at 4 by now.
            append("a", 2, 1, Deadline::Clear),
        ];
        let mut current = HashMap::from([(key("a"), 1)]);
        let (rows, outcomes) = check(&batch, &mut current).unwrap();
        assert_eq!(rows.streams, vec![(key("a"), 4), (key("b"), 3)]);
        assert_eq!(rows.events.len(), 6);
        assert_eq!(rows.set, vec![(key("a"), 500)]);
        assert_eq!(rows.clear, vec![key("b")]);
        assert_eq!(outcomes.len(), 5);
        assert!(matches!(outcomes[2], Ok(4)));
        assert!(matches!(
            outcomes[4],
            Err(StoreError::Conflict {
                expected: 2,
                actual: 4
            })
        ));
    }
}
