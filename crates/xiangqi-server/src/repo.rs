//! One event-sourced repository for every aggregate the server keeps (DESIGN, "Scaling out").
//!
//! An aggregate (a tournament, a team event) is a stream of events in the store; this process
//! keeps a copy of each one it has read, in a slot of its own. Every access locks the slot and
//! first catches the copy up with the store from its last sequence number, so another
//! replica's appends are seen. A write works on the copy itself: the new events are applied to
//! it and appended conditionally on the sequence number the copy was at. If the aggregate
//! refuses an event (its rules do not allow it), the copy is put back as it was, replayed from
//! the store up to that sequence number: a refusal pays for a second copy, an accepted write
//! (nearly every one) does not. A replica that wrote first makes the append fail: the copy is
//! dropped (the store is the truth) and the caller gets the 409 `concurrent_write` to retry. Copies nobody used
//! for a while leave memory ([`Repository::evict`]) and are replayed when next asked for.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex as StdMutex,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use serde_json::Value;
use tokio::sync::{Mutex, OwnedMutexGuard};
use xiangqi_store::{Deadline, EventStore, NewEvent, Store, StoredEvent, StreamKind};

use crate::{error::ApiError, stream::valid_id};

/// A stream's events as the server types them: each variant knows its stored type name and
/// payload, so no event is picked out of JSON by hand.
pub(crate) trait Envelope: Sized + Clone + Send + Sync + 'static {
    /// The event stored as `event_type` with `payload`; why not, if it does not read.
    ///
    /// # Errors
    /// A payload that does not fit its type (a bug or a hand-edited database).
    fn decode(event_type: &str, payload: Value) -> Result<Self, String>;

    /// A stored event, with what the store adds (its moment); [`Envelope::decode`] by default.
    ///
    /// # Errors
    /// As [`Envelope::decode`].
    fn decode_stored(stored: StoredEvent) -> Result<Self, String> {
        Self::decode(&stored.event_type, stored.payload)
    }

    /// The event as stored.
    ///
    /// # Errors
    /// Only if serialisation fails (it does not for these types).
    fn encode(&self) -> Result<NewEvent, ApiError>;
}

/// What a stream of events replays into.
pub(crate) trait Aggregate: Clone + Send + Sync + 'static {
    /// The stream's typed envelope.
    type Event: Envelope;
    /// Where the aggregate's streams are, the kind new streams go to first; an older kind
    /// after it is still read (data written before the kinds were split stays where it is).
    const KINDS: &'static [StreamKind];
    /// What a 404 names: `tournament`, `team event`.
    const NOUN: &'static str;
    /// What a slot keeps beside its copy and outlives a reload: a game's watchers and timer.
    type Side: Default + Send + Sync + 'static;

    /// The aggregate that a stream's first event opens; `None` when the stream is another
    /// sort's (a 404 for this one).
    ///
    /// # Errors
    /// A first event that opens nothing.
    fn open(first: Self::Event) -> Result<Option<Self>, String>;

    /// Applies one event, stored or new. A refusal leaves the aggregate as it was.
    ///
    /// # Errors
    /// Why the event is not valid now, as the API answers it.
    fn apply(&mut self, event: Self::Event) -> Result<(), ApiError>;

    /// The deadline an append stores with the stream (a running clock's), if the aggregate
    /// keeps one.
    fn deadline(&self) -> Option<Deadline> {
        None
    }
}

/// When a locked copy is checked against the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CatchUp {
    /// At every lock: other replicas' appends are read first (one query).
    EveryLock,
    /// When the copy is loaded, and when the owner asks ([`Repository::reload`]): the owner
    /// hears of other replicas' appends itself.
    OnDemand,
}

/// An aggregate as of a stream's sequence number.
#[derive(Debug, Clone)]
pub(crate) struct Versioned<A> {
    /// The stream's last sequence number the copy has seen.
    pub seq: u64,
    /// Which kind of stream holds it.
    pub kind: StreamKind,
    /// The aggregate.
    pub state: A,
}

/// A locked copy, caught up with the store; `None` once dropped after a failed append.
pub(crate) type Guard<A> = OwnedMutexGuard<Option<Versioned<A>>>;

/// One aggregate's place in memory: its copy, behind a lock, and what is kept beside it.
pub(crate) struct Slot<A: Aggregate> {
    cell: Arc<Mutex<Option<Versioned<A>>>>,
    /// When the copy was last asked for, in ms since the repository was made.
    used_ms: AtomicU64,
    side: A::Side,
}

impl<A: Aggregate> Slot<A> {
    /// What is kept beside the copy.
    pub fn side(&self) -> &A::Side {
        &self.side
    }
}

/// Every copy of one sort of aggregate this process holds.
pub(crate) struct Repository<A: Aggregate> {
    store: Store,
    slots: StdMutex<HashMap<String, Arc<Slot<A>>>>,
    started: Instant,
    catch_up: CatchUp,
}

impl<A: Aggregate> std::fmt::Debug for Repository<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Repository")
            .field("noun", &A::NOUN)
            .field("held", &self.held())
            .finish_non_exhaustive()
    }
}

impl<A: Aggregate> Repository<A> {
    /// Aggregates kept in `store`, each copy caught up at every lock.
    pub fn new(store: Store) -> Repository<A> {
        Repository::with_catch_up(store, CatchUp::EveryLock)
    }

    /// Aggregates kept in `store`, copies caught up as `catch_up` says.
    pub fn with_catch_up(store: Store, catch_up: CatchUp) -> Repository<A> {
        Repository {
            store,
            slots: StdMutex::new(HashMap::new()),
            started: Instant::now(),
            catch_up,
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn slot(&self, id: &str) -> Arc<Slot<A>> {
        let now = self.now_ms();
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let slot = Arc::clone(slots.entry(id.to_owned()).or_insert_with(|| {
            Arc::new(Slot {
                cell: Arc::new(Mutex::new(None)),
                used_ms: AtomicU64::new(now),
                side: A::Side::default(),
            })
        }));
        slot.used_ms.store(now, Ordering::Relaxed);
        slot
    }

    /// The slot of `id` if this process holds one (it is not made, nor marked as used).
    pub fn held_slot(&self, id: &str) -> Option<Arc<Slot<A>>> {
        let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.get(id).cloned()
    }

    /// The ids this process holds.
    pub fn held_ids(&self) -> Vec<String> {
        let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.keys().cloned().collect()
    }

    /// Drops the slot of `id` (its copy is read again when next asked for).
    pub fn forget(&self, id: &str) {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.remove(id);
    }

    /// How many copies this process holds.
    pub fn held(&self) -> usize {
        self.slots.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Drops the copies nobody has used for `idle` and nobody holds now; returns how many.
    pub fn evict(&self, idle: Duration) -> usize {
        let idle = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX);
        self.evict_with(|_, _, unused_ms| unused_ms < idle)
    }

    /// Drops the copies that nobody holds now and that `keep` (given the copy, what is kept
    /// beside it and the milliseconds since it was last asked for) does not keep; returns how
    /// many. `keep` may release what the side holds (a timer) when it answers no.
    pub fn evict_with(&self, keep: impl Fn(Option<&A>, &A::Side, u64) -> bool) -> usize {
        let now = self.now_ms();
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let before = slots.len();
        slots.retain(|_, slot| {
            if Arc::strong_count(slot) > 1 {
                return true;
            }
            let Ok(guard) = slot.cell.try_lock() else {
                return true;
            };
            let unused = now.saturating_sub(slot.used_ms.load(Ordering::Relaxed));
            keep(guard.as_ref().map(|v| &v.state), &slot.side, unused)
        });
        before - slots.len()
    }

    fn corrupt(id: &str, what: &str, e: &dyn std::fmt::Display) -> ApiError {
        ApiError::Corrupt(format!("{} {id}: {what}: {e}", A::NOUN))
    }

    /// Locks the aggregate `id`, caught up with the store.
    ///
    /// # Errors
    /// 404 for no such stream (or one of another sort); the store's; 500 for events that do
    /// not replay.
    pub async fn lock(&self, id: &str) -> Result<Guard<A>, ApiError> {
        Ok(self.lock_slot(id).await?.1)
    }

    /// [`Repository::lock`], with the slot (what is kept beside the copy).
    ///
    /// # Errors
    /// As [`Repository::lock`].
    pub async fn lock_slot(&self, id: &str) -> Result<(Arc<Slot<A>>, Guard<A>), ApiError> {
        if !valid_id(id) {
            return Err(ApiError::NotFound(A::NOUN));
        }
        let slot = self.slot(id);
        let mut guard = Arc::clone(&slot.cell).lock_owned().await;
        if guard.is_some() && self.catch_up == CatchUp::OnDemand {
            return Ok((slot, guard));
        }
        match self.catch_up(id, &mut guard).await {
            Ok(true) => Ok((slot, guard)),
            Ok(false) => {
                drop(guard);
                self.forget(id);
                Err(ApiError::NotFound(A::NOUN))
            }
            Err(e) => {
                *guard = None;
                Err(e)
            }
        }
    }

    /// Locks the copy of `id` if this process holds a slot for it (nothing is loaded).
    pub async fn lock_held(&self, id: &str) -> Option<(Arc<Slot<A>>, Guard<A>)> {
        let slot = self.held_slot(id)?;
        let guard = Arc::clone(&slot.cell).lock_owned().await;
        Some((slot, guard))
    }

    /// Catches the copy in `guard` up with the store (loads it if there is none); returns the
    /// events applied to a copy that was there. Events already `known` to follow the copy's
    /// last one (announced by the store with an append) are applied as they are if they start
    /// right after the copy's sequence number, without reading the store. On an error the
    /// copy is dropped.
    ///
    /// # Errors
    /// The store's; 500 for events that do not replay; 404 for no such stream.
    pub async fn refresh(
        &self,
        id: &str,
        guard: &mut Guard<A>,
        known: Vec<StoredEvent>,
    ) -> Result<(Vec<A::Event>, Option<i64>), ApiError> {
        let Some(v) = guard.as_mut() else {
            return match self.catch_up(id, guard).await {
                Ok(true) => Ok((Vec::new(), None)),
                Ok(false) => Err(ApiError::NotFound(A::NOUN)),
                Err(e) => {
                    **guard = None;
                    Err(e)
                }
            };
        };
        let follows = known.first().is_some_and(|e| e.seq == v.seq + 1);
        let stored = if follows {
            known
        } else {
            match self.store.load(v.kind, id, v.seq).await {
                Ok(s) => s,
                Err(e) => {
                    **guard = None;
                    return Err(e.into());
                }
            }
        };
        let mut applied = Vec::new();
        let mut newest = None;
        for e in stored {
            let (seq, kind) = (e.seq, e.event_type.clone());
            newest = Some(e.recorded_at_ms);
            let step = A::Event::decode_stored(e)
                .map_err(|err| Self::corrupt(id, &kind, &err))
                .and_then(|event| {
                    applied.push(event.clone());
                    v.state
                        .apply(event)
                        .map_err(|err| Self::corrupt(id, "replay", &err))
                });
            if let Err(err) = step {
                **guard = None;
                return Err(err);
            }
            v.seq = seq;
        }
        Ok((applied, newest))
    }

    /// Brings the copy up to the store's last event; whether the aggregate exists.
    async fn catch_up(&self, id: &str, cell: &mut Option<Versioned<A>>) -> Result<bool, ApiError> {
        if let Some(v) = cell.as_mut() {
            for e in self.store.load(v.kind, id, v.seq).await? {
                let (seq, kind) = (e.seq, e.event_type.clone());
                let event =
                    A::Event::decode_stored(e).map_err(|err| Self::corrupt(id, &kind, &err))?;
                v.state
                    .apply(event)
                    .map_err(|err| Self::corrupt(id, "replay", &err))?;
                v.seq = seq;
            }
            return Ok(true);
        }
        for &kind in A::KINDS {
            let stored = self.store.load(kind, id, 0).await?;
            let mut it = stored.into_iter();
            let Some(first) = it.next() else {
                continue;
            };
            let first_kind = first.event_type.clone();
            let mut seq = first.seq;
            let event = A::Event::decode_stored(first)
                .map_err(|err| Self::corrupt(id, &first_kind, &err))?;
            let Some(mut state) =
                A::open(event).map_err(|e| Self::corrupt(id, "first event", &e))?
            else {
                return Ok(false);
            };
            for e in it {
                let next_seq = e.seq;
                let e_kind = e.event_type.clone();
                let event =
                    A::Event::decode_stored(e).map_err(|err| Self::corrupt(id, &e_kind, &err))?;
                state
                    .apply(event)
                    .map_err(|err| Self::corrupt(id, "replay", &err))?;
                seq = next_seq;
            }
            *cell = Some(Versioned { seq, kind, state });
            return Ok(true);
        }
        Ok(false)
    }

    /// Reads the aggregate `id`, caught up with the store.
    ///
    /// # Errors
    /// As [`Repository::lock`].
    pub async fn read<T>(
        &self,
        id: &str,
        f: impl FnOnce(&Versioned<A>) -> T,
    ) -> Result<T, ApiError> {
        let guard = self.lock(id).await?;
        let v = guard.as_ref().ok_or(ApiError::NotFound(A::NOUN))?;
        Ok(f(v))
    }

    /// Changes the aggregate `id`, locked already (by [`Repository::lock`]): `change` works on
    /// the copy itself and returns the events it applied to it, which are appended
    /// conditionally on the copy's sequence number. Returns the locked copy as it is
    /// afterwards. A change that is refused (or applies nothing) may have touched the copy
    /// before it stopped: the copy is put back as it was, replayed from the store up to its own
    /// sequence number ([`Repository::restore`]), so only a refusal pays for a second copy, not
    /// every write.
    ///
    /// # Errors
    /// `change`'s (nothing is written); 409 `concurrent_write` when another replica wrote
    /// first (the copy is dropped); the store's.
    pub async fn update_locked(
        &self,
        id: &str,
        mut guard: Guard<A>,
        change: impl FnOnce(&mut A) -> Result<Vec<A::Event>, ApiError>,
    ) -> Result<Guard<A>, ApiError> {
        let current = guard.as_mut().ok_or(ApiError::NotFound(A::NOUN))?;
        let (kind, seq) = (current.kind, current.seq);
        let decided = change(&mut current.state).and_then(|events| {
            events
                .iter()
                .map(Envelope::encode)
                .collect::<Result<Vec<_>, _>>()
        });
        let new = match decided {
            Ok(new) if !new.is_empty() => new,
            outcome => {
                self.restore(id, &mut guard, kind, seq).await;
                return outcome.map(|_| guard);
            }
        };
        let appended = match guard.as_ref() {
            Some(changed) => self.append(kind, id, seq, &new, &changed.state).await,
            None => return Err(ApiError::NotFound(A::NOUN)),
        };
        match (appended, guard.as_mut()) {
            (Ok(last), Some(changed)) => {
                changed.seq = last;
                Ok(guard)
            }
            (Ok(_), None) => Err(ApiError::NotFound(A::NOUN)),
            (Err(e), _) => {
                // The copy holds a change the store does not: it goes (the store is the truth).
                *guard = None;
                Err(e.into())
            }
        }
    }

    /// Puts the copy in `guard` back as it was at `seq` of the stream `kind`/`id`: replayed
    /// from the store's events up to `seq`, not past it (a later event another replica wrote
    /// is caught up with, and told, as any other). If the store cannot be read the copy is
    /// dropped, and read again when next asked for.
    async fn restore(&self, id: &str, guard: &mut Guard<A>, kind: StreamKind, seq: u64) {
        **guard = self.replay_to(id, kind, seq).await.ok();
    }

    /// The aggregate `id` as of `seq` of its stream `kind`, replayed from the store.
    async fn replay_to(
        &self,
        id: &str,
        kind: StreamKind,
        seq: u64,
    ) -> Result<Versioned<A>, ApiError> {
        let stored = self.store.load(kind, id, 0).await?;
        let mut it = stored.into_iter().take_while(|e| e.seq <= seq);
        let first = it
            .next()
            .ok_or_else(|| ApiError::Corrupt(format!("{} {id}: no events", A::NOUN)))?;
        let first_kind = first.event_type.clone();
        let mut at = first.seq;
        let event =
            A::Event::decode_stored(first).map_err(|err| Self::corrupt(id, &first_kind, &err))?;
        let mut state = A::open(event)
            .map_err(|e| Self::corrupt(id, "first event", &e))?
            .ok_or_else(|| ApiError::Corrupt(format!("{} {id}: not opened", A::NOUN)))?;
        for e in it {
            let (next_seq, e_kind) = (e.seq, e.event_type.clone());
            let event =
                A::Event::decode_stored(e).map_err(|err| Self::corrupt(id, &e_kind, &err))?;
            state
                .apply(event)
                .map_err(|err| Self::corrupt(id, "replay", &err))?;
            at = next_seq;
        }
        if at != seq {
            return Err(ApiError::Corrupt(format!(
                "{} {id}: the store ends at {at}, the copy was at {seq}",
                A::NOUN
            )));
        }
        Ok(Versioned { seq, kind, state })
    }

    /// Writes the events `decide` makes of the aggregate, applied in order.
    ///
    /// # Errors
    /// As [`Repository::update_locked`]; the aggregate's refusal of an event.
    pub async fn write(
        &self,
        id: &str,
        decide: impl FnOnce(&Versioned<A>) -> Result<Vec<A::Event>, ApiError>,
    ) -> Result<Guard<A>, ApiError> {
        let guard = self.lock(id).await?;
        // Decided on the copy as it is: a refusal here has changed nothing.
        let events = decide(guard.as_ref().ok_or(ApiError::NotFound(A::NOUN))?)?;
        if events.is_empty() {
            return Ok(guard);
        }
        self.update_locked(id, guard, |state| {
            for e in events.iter().cloned() {
                state.apply(e)?;
            }
            Ok(events)
        })
        .await
    }

    /// Opens the stream `id` with `events`, the first of which opens the aggregate; returns it
    /// locked, with its slot.
    ///
    /// # Errors
    /// The aggregate's refusal of an event; 409 if the id is taken; the store's.
    pub async fn create(
        &self,
        id: &str,
        events: Vec<A::Event>,
    ) -> Result<(Arc<Slot<A>>, Guard<A>), ApiError> {
        let new = events
            .iter()
            .map(Envelope::encode)
            .collect::<Result<Vec<_>, _>>()?;
        let mut it = events.into_iter();
        let first = it
            .next()
            .ok_or_else(|| ApiError::Corrupt(format!("{} {id}: no events", A::NOUN)))?;
        let mut state = A::open(first)
            .map_err(|e| Self::corrupt(id, "first event", &e))?
            .ok_or_else(|| ApiError::Corrupt(format!("{} {id}: not opened", A::NOUN)))?;
        for e in it {
            state.apply(e)?;
        }
        let kind = A::KINDS
            .first()
            .copied()
            .ok_or_else(|| ApiError::Corrupt(format!("{}: no stream kind", A::NOUN)))?;
        let seq = self.append(kind, id, 0, &new, &state).await?;
        let slot = self.slot(id);
        let mut guard = Arc::clone(&slot.cell).lock_owned().await;
        *guard = Some(Versioned { seq, kind, state });
        Ok((slot, guard))
    }

    /// Appends `new` if the stream is at `seq`, with the deadline `state` keeps.
    async fn append(
        &self,
        kind: StreamKind,
        id: &str,
        seq: u64,
        new: &[NewEvent],
        state: &A,
    ) -> Result<u64, xiangqi_store::StoreError> {
        let start = Instant::now();
        let appended = match state.deadline() {
            Some(d) => self.store.append_with_deadline(kind, id, seq, new, d).await,
            None => self.store.append(kind, id, seq, new).await,
        };
        crate::telemetry::METRICS.append(start.elapsed());
        appended
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A tally that only counts up, opened by `open`.
    #[derive(Debug, Clone, PartialEq)]
    struct Tally(u64);

    #[derive(Debug, Clone)]
    enum TallyEvent {
        Open,
        Add(u64),
    }

    impl Envelope for TallyEvent {
        fn decode(event_type: &str, payload: Value) -> Result<TallyEvent, String> {
            match event_type {
                "open" => Ok(TallyEvent::Open),
                "add" => payload["n"]
                    .as_u64()
                    .map(TallyEvent::Add)
                    .ok_or_else(|| format!("{payload}")),
                other => Err(other.to_owned()),
            }
        }

        fn encode(&self) -> Result<NewEvent, ApiError> {
            Ok(match self {
                TallyEvent::Open => NewEvent::new("open", json!({})),
                TallyEvent::Add(n) => NewEvent::new("add", json!({"n": n})),
            })
        }
    }

    impl Aggregate for Tally {
        type Event = TallyEvent;
        const KINDS: &'static [StreamKind] = &[StreamKind::Team, StreamKind::Tournament];
        const NOUN: &'static str = "tally";
        type Side = ();

        fn open(first: TallyEvent) -> Result<Option<Tally>, String> {
            match first {
                TallyEvent::Open => Ok(Some(Tally(0))),
                TallyEvent::Add(_) => Ok(None),
            }
        }

        fn apply(&mut self, event: TallyEvent) -> Result<(), ApiError> {
            match event {
                TallyEvent::Add(0) => Err(ApiError::invalid("n", "adds at least one")),
                TallyEvent::Add(n) => {
                    self.0 += n;
                    Ok(())
                }
                TallyEvent::Open => Err(ApiError::invalid("n", "open once")),
            }
        }
    }

    async fn store() -> Store {
        Store::open("sqlite::memory:").await.expect("opens")
    }

    async fn value(repo: &Repository<Tally>, id: &str) -> Result<(u64, u64), ApiError> {
        repo.read(id, |v| (v.state.0, v.seq)).await
    }

    #[tokio::test]
    async fn a_write_is_kept_and_appended_only_if_accepted() {
        let repo = Repository::<Tally>::new(store().await);
        drop(
            repo.create("t", vec![TallyEvent::Open])
                .await
                .expect("created"),
        );
        drop(
            repo.write("t", |_| Ok(vec![TallyEvent::Add(2)]))
                .await
                .expect("adds"),
        );
        assert_eq!(value(&repo, "t").await.expect("reads"), (2, 2));
        // Refused halfway: the first event of the batch is not kept either.
        let refused = repo
            .write("t", |_| Ok(vec![TallyEvent::Add(5), TallyEvent::Add(0)]))
            .await;
        assert!(matches!(refused, Err(ApiError::Invalid { .. })));
        assert_eq!(value(&repo, "t").await.expect("reads"), (2, 2));
        assert_eq!(
            repo.store().last_seq(StreamKind::Team, "t").await.ok(),
            Some(2)
        );
        // Nothing to write: nothing appended.
        drop(repo.write("t", |_| Ok(Vec::new())).await.expect("no-op"));
        assert_eq!(value(&repo, "t").await.expect("reads"), (2, 2));
    }

    /// The copy is changed in place: a change that touches it and is then refused, or that
    /// touches it and applies no event, must leave the cached copy exactly as it was — at its
    /// own sequence number, not at a later one another writer appended meanwhile (that one is
    /// caught up with, and told, as any other).
    #[tokio::test]
    async fn a_refused_change_in_place_leaves_the_cached_copy_as_it_was() {
        let store = store().await;
        let (repo, other) = (
            Repository::<Tally>::with_catch_up(store.clone(), CatchUp::OnDemand),
            Repository::<Tally>::new(store),
        );
        drop(
            repo.create("t", vec![TallyEvent::Open, TallyEvent::Add(2)])
                .await
                .expect("created"),
        );
        // Another writer moves the stream on; the on-demand copy has not heard of it.
        drop(
            other
                .write("t", |_| Ok(vec![TallyEvent::Add(40)]))
                .await
                .expect("adds"),
        );
        let guard = repo.lock("t").await.expect("locks");
        let refused = repo
            .update_locked("t", guard, |next| {
                next.apply(TallyEvent::Add(5))?;
                next.apply(TallyEvent::Add(0))?;
                Ok(vec![TallyEvent::Add(5), TallyEvent::Add(0)])
            })
            .await;
        assert!(
            matches!(refused, Err(ApiError::Invalid { .. })),
            "{refused:?}"
        );
        assert_eq!(value(&repo, "t").await.expect("reads"), (2, 2));
        // Touched but nothing to write: nothing kept, nothing appended.
        let guard = repo.lock("t").await.expect("locks");
        let kept = repo
            .update_locked("t", guard, |next| {
                next.0 += 100;
                Ok(Vec::new())
            })
            .await
            .expect("no-op");
        assert_eq!(kept.as_ref().map(|v| (v.state.0, v.seq)), Some((2, 2)));
        drop(kept);
        assert_eq!(
            repo.store().last_seq(StreamKind::Team, "t").await.ok(),
            Some(3)
        );
        // The copy is still behind, and catching up applies the other writer's event once.
        let mut guard = repo.lock("t").await.expect("locks");
        // Events announced that do not follow the copy (the copy is at 2, this is 5) are
        // not applied: the store is read instead.
        let stray = |seq: u64, n: u64| StoredEvent {
            seq,
            event_type: "add".to_owned(),
            payload: json!({ "n": n }),
            recorded_at_ms: 0,
        };
        let (caught, _) = repo
            .refresh("t", &mut guard, vec![stray(5, 1000)])
            .await
            .expect("refreshes");
        assert_eq!(caught.len(), 1);
        drop(guard);
        assert_eq!(value(&repo, "t").await.expect("reads"), (42, 3));
        // Events announced that follow the copy are applied as they are, without reading the
        // store (which does not have this one).
        let mut guard = repo.lock("t").await.expect("locks");
        let (caught, _) = repo
            .refresh("t", &mut guard, vec![stray(4, 1000)])
            .await
            .expect("applies");
        assert_eq!(caught.len(), 1);
        assert_eq!(guard.as_ref().map(|v| (v.state.0, v.seq)), Some((1042, 4)));
        // Put the copy back in step with the store for what follows.
        *guard = None;
        drop(guard);
        assert_eq!(value(&repo, "t").await.expect("reads"), (42, 3));
        // An accepted change in place is kept, at the appended sequence number.
        drop(
            repo.write("t", |_| Ok(vec![TallyEvent::Add(1)]))
                .await
                .expect("adds"),
        );
        assert_eq!(value(&repo, "t").await.expect("reads"), (43, 4));
    }

    #[tokio::test]
    async fn another_writer_is_caught_up_with_and_a_lost_race_is_a_409() {
        let store = store().await;
        let (one, two) = (
            Repository::<Tally>::new(store.clone()),
            Repository::<Tally>::new(store),
        );
        drop(
            one.create("t", vec![TallyEvent::Open])
                .await
                .expect("created"),
        );
        assert_eq!(value(&two, "t").await.expect("reads"), (0, 1));
        drop(
            one.write("t", |_| Ok(vec![TallyEvent::Add(3)]))
                .await
                .expect("adds"),
        );
        // The other copy catches up from its sequence number on the next read.
        assert_eq!(value(&two, "t").await.expect("reads"), (3, 2));
        // A write decided on a copy another writer has overtaken loses: 409, copy dropped.
        let guard = two.lock("t").await.expect("locks");
        drop(
            one.write("t", |_| Ok(vec![TallyEvent::Add(1)]))
                .await
                .expect("adds"),
        );
        let lost = two
            .update_locked("t", guard, |next| {
                next.apply(TallyEvent::Add(10))?;
                Ok(vec![TallyEvent::Add(10)])
            })
            .await;
        assert!(
            matches!(&lost, Err(ApiError::Conflict { code, .. }) if *code == "concurrent_write"),
            "{lost:?}"
        );
        // Reloaded from the store: the winner's write, not the loser's.
        assert_eq!(value(&two, "t").await.expect("reads"), (4, 3));
    }

    #[tokio::test]
    async fn a_stream_of_an_older_kind_is_read_and_written_where_it_is() {
        let repo = Repository::<Tally>::new(store().await);
        let old = [
            TallyEvent::Open.encode().expect("encodes"),
            TallyEvent::Add(7).encode().expect("encodes"),
        ];
        repo.store()
            .append(StreamKind::Tournament, "old", 0, &old)
            .await
            .expect("appends");
        assert_eq!(value(&repo, "old").await.expect("reads"), (7, 2));
        drop(
            repo.write("old", |_| Ok(vec![TallyEvent::Add(1)]))
                .await
                .expect("adds"),
        );
        assert_eq!(
            repo.store()
                .last_seq(StreamKind::Tournament, "old")
                .await
                .ok(),
            Some(3)
        );
        assert_eq!(
            repo.store().last_seq(StreamKind::Team, "old").await.ok(),
            Some(0)
        );
        // Another sort's stream, an unknown id and a bad id are all 404s.
        let other = [TallyEvent::Add(1).encode().expect("encodes")];
        repo.store()
            .append(StreamKind::Team, "other", 0, &other)
            .await
            .expect("appends");
        for id in ["other", "none", "no/such"] {
            assert!(matches!(
                value(&repo, id).await,
                Err(ApiError::NotFound("tally"))
            ));
        }
    }

    #[tokio::test]
    async fn idle_copies_leave_memory_and_come_back_from_the_store() {
        let repo = Repository::<Tally>::new(store().await);
        drop(
            repo.create("t", vec![TallyEvent::Open, TallyEvent::Add(4)])
                .await
                .expect("created"),
        );
        let held = repo.lock("t").await.expect("locks");
        assert_eq!(repo.evict(Duration::ZERO), 0, "a locked copy stays");
        drop(held);
        assert_eq!(
            repo.evict(Duration::from_secs(60)),
            0,
            "a recent copy stays"
        );
        assert_eq!(repo.evict(Duration::ZERO), 1);
        assert_eq!(repo.held(), 0);
        assert_eq!(value(&repo, "t").await.expect("reads"), (4, 2));
    }
}
