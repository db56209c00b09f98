//! The flag timers of the games a process holds: one queue of moments, ordered, and one task
//! that sleeps until the earliest ([`Timers::next_due`]). Setting a game's timer (at every
//! move) replaces its entry in the queue; a task spawned for each move, and the old one
//! aborted, cost a tenth of a move's time under load.

use std::{collections::BTreeMap, sync::Mutex};

use tokio::{sync::Notify, time::Instant};

/// A timer in the queue: its moment, and a number that tells it from any other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TimerKey {
    at: Instant,
    n: u64,
}

/// The queue of every flag timer set, by moment.
#[derive(Debug, Default)]
pub struct Timers {
    queue: Mutex<Queue>,
    wake: Notify,
}

#[derive(Debug, Default)]
struct Queue {
    /// Each timer's game.
    by_time: BTreeMap<TimerKey, String>,
    /// The number of the next timer set.
    next: u64,
    /// Whether the task that fires the timers was started.
    running: bool,
}

impl Timers {
    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Sets a timer for game `id` at `at`, in place of `old` (if it is still set); returns
    /// the new timer's key.
    pub fn set(&self, id: &str, at: Instant, old: Option<TimerKey>) -> TimerKey {
        let mut queue = self.queue();
        if let Some(old) = old {
            queue.by_time.remove(&old);
        }
        let key = TimerKey { at, n: queue.next };
        queue.next = queue.next.wrapping_add(1);
        let earliest = queue
            .by_time
            .first_key_value()
            .is_none_or(|(first, _)| key < *first);
        queue.by_time.insert(key, id.to_owned());
        drop(queue);
        if earliest {
            // The task sleeps until a later moment: it looks again.
            self.wake.notify_one();
        }
        key
    }

    /// Takes the timer `key` out of the queue, if it is still there.
    pub fn cancel(&self, key: TimerKey) {
        self.queue().by_time.remove(&key);
    }

    /// How many timers are set.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.queue().by_time.len()
    }

    /// Whether the task that fires the timers is to be started now: true the first time only.
    pub fn start(&self) -> bool {
        !std::mem::replace(&mut self.queue().running, true)
    }

    /// Wakes the task that waits in [`Timers::next_due`] (its owner is going).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Waits until the earliest timer's moment (or until the queue changes), then takes the
    /// timers that are due out of the queue and returns them, with their games (none if the
    /// wait was only woken).
    pub async fn next_due(&self) -> Vec<(String, TimerKey)> {
        // Made before the queue is read: a timer set meanwhile leaves a permit, not lost.
        let changed = self.wake.notified();
        let earliest = self.queue().by_time.first_key_value().map(|(k, _)| k.at);
        match earliest {
            Some(at) => {
                tokio::select! {
                    () = tokio::time::sleep_until(at) => {}
                    () = changed => {}
                }
            }
            None => changed.await,
        }
        let now = Instant::now();
        let mut queue = self.queue();
        let later = queue.by_time.split_off(&TimerKey {
            at: now,
            n: u64::MAX,
        });
        std::mem::replace(&mut queue.by_time, later)
            .into_iter()
            .map(|(key, id)| (id, key))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Timers fire in the order of their moments, a replaced timer not at all, a cancelled
    /// one not at all, and a timer set earlier than the one the task sleeps for wakes it.
    #[tokio::test]
    async fn timers_fire_at_their_moments_and_only_the_last_set() {
        let timers = Timers::default();
        let start = Instant::now();
        let ms = Duration::from_millis;
        let a = timers.set("a", start + ms(30), None);
        // Replaced: the first moment of "a" never fires.
        timers.set("a", start + ms(90), Some(a));
        let b = timers.set("b", start + ms(60), None);
        timers.cancel(b);
        timers.set("c", start + ms(45), None);
        assert_eq!(timers.len(), 2);
        let mut fired = Vec::new();
        while fired.len() < 2 {
            for (id, _) in timers.next_due().await {
                fired.push((id, start.elapsed()));
            }
        }
        let ids: Vec<&str> = fired.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["c", "a"]);
        assert!(fired[0].1 >= ms(45), "{fired:?}");
        assert!(fired[1].1 >= ms(90), "{fired:?}");
        assert_eq!(timers.len(), 0);
        // A timer set while the task sleeps for a later one wakes it at its own moment.
        let late = Instant::now() + ms(10_000);
        timers.set("late", late, None);
        let early = Instant::now() + ms(20);
        let waiter = async {
            loop {
                let due = timers.next_due().await;
                if !due.is_empty() {
                    return due;
                }
            }
        };
        let setter = async {
            tokio::time::sleep(ms(5)).await;
            timers.set("early", early, None);
        };
        let (due, ()) = tokio::join!(waiter, setter);
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].0, "early");
        assert!(Instant::now() >= early && Instant::now() < late);
    }
}
