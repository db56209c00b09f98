//! Dutch and CXA pairing of the `trf_samples/` tournaments (100 to 9,999 players).
//!
//! `cargo bench -p xiangqi-tournament --bench pairing` runs 100 to 1,000 players;
//! `PAIRING_BENCH_LARGE=1` adds 2,000 and 9,999 (gzipped, read through `gzip -dc`). The Dutch
//! engine keeps one dense matching graph (a 4-byte weight class per pair) and the weight classes
//! of the brackets at hand: at its peak about 0.5 GB for `t9999_5_next` and 1.1 GB for a first
//! round of 9,999 players (one score group); a tournament too large for it is reported here as
//! skipped. The `(cpu time)` entries time the thread's CPU time instead of
//! the wall clock (Unix): the figure to quote on a shared, loaded machine.

use std::{path::PathBuf, process::Command, time::Duration};

use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi_tournament::{
    swiss::{PairingSystem, cxa::Cxa, dutch::Dutch},
    trf,
};

fn samples() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tournament/trf_samples"
    ))
}

fn load(name: &str) -> Option<String> {
    let path = samples().join(name);
    if name.ends_with(".gz") {
        let out = Command::new("gzip").arg("-dc").arg(&path).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        std::fs::read_to_string(path).ok()
    }
}

#[path = "../../../bench-support/cpu_time.rs"]
mod cpu_time;
use cpu_time::cpu;

fn pairing(c: &mut Criterion) {
    let large = std::env::var_os("PAIRING_BENCH_LARGE").is_some();
    let mut files = vec![
        "t100_next.trf",
        "t300_5_next.trf",
        "t500_5_next.trf",
        "t1000_5_next.trf",
    ];
    if large {
        files.extend(["t2000_5_next.trf", "t9999_5_next.trf.gz"]);
    }
    let mut group = c.benchmark_group("pairing");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for file in files {
        let Some(text) = load(file) else {
            eprintln!("skipping {file}: not found");
            continue;
        };
        let input = trf::swiss_input(&text).expect("a valid sample");
        let name = file.split('.').next().unwrap_or(file);
        if let Err(e) = Dutch.pair(&input) {
            eprintln!("skipping dutch/{name}: {e}");
        } else {
            group.bench_function(format!("dutch/{name}"), |b| {
                b.iter(|| Dutch.pair(&input).expect("a pairing"));
            });
            group.bench_function(format!("dutch/{name} (cpu time)"), |b| {
                b.iter_custom(|iters| cpu(iters, || Dutch.pair(&input).expect("a pairing")));
            });
        }
        group.bench_function(format!("cxa/{name}"), |b| {
            b.iter(|| Cxa.pair(&input).expect("a pairing"));
        });
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
