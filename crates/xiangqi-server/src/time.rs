//! The server's time scale: milliseconds since the Unix epoch at start-up, advanced by the
//! monotonic clock. Game clocks run on it, so a jump of the wall clock while the server runs
//! changes no one's time, and stored moments stay meaningful to a restarted server or another
//! replica (whose scale is anchored to the same wall clock).

use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// A monotonic clock anchored to the wall clock once.
#[derive(Debug, Clone, Copy)]
pub struct TimeSource {
    anchor_ms: u64,
    start: Instant,
}

impl Default for TimeSource {
    fn default() -> TimeSource {
        TimeSource::new()
    }
}

impl TimeSource {
    /// Anchors now.
    pub fn new() -> TimeSource {
        let anchor_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0);
        TimeSource {
            anchor_ms,
            start: Instant::now(),
        }
    }

    /// Now, in milliseconds on this scale.
    pub fn now_ms(&self) -> u64 {
        let elapsed = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.anchor_ms.saturating_add(elapsed)
    }

    /// The monotonic instant at which this scale reads `ms` (now if that is past).
    pub fn instant_at(&self, ms: u64) -> tokio::time::Instant {
        let now = self.now_ms();
        let wait = std::time::Duration::from_millis(ms.saturating_sub(now));
        tokio::time::Instant::now() + wait
    }
}
