//! CPU time of the running thread, for the benches' `(cpu time)` entries: criterion's wall
//! clock swings with whatever else the machine runs, a thread's CPU time does not. Included by
//! each bench with `#[path]` (benches of different crates share no library); each crate lists
//! `rustix` (feature `time`) among its Unix dev-dependencies.

use std::time::Duration;

/// CPU time used by this thread so far.
#[cfg(unix)]
pub fn cpu_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

#[cfg(not(unix))]
pub fn cpu_time() -> Duration {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
}

/// Times `iters` runs of `f` in CPU time.
pub fn cpu<T>(iters: u64, mut f: impl FnMut() -> T) -> Duration {
    let start = cpu_time();
    for _ in 0..iters {
        std::hint::black_box(f());
    }
    cpu_time().saturating_sub(start)
}
