//! Reading and checking real collections: the 6,674 Big5 Chinese-notation PGN games of CCPD
//! (`ccpd_big5_pgn` of the full corpus, see `tests/testdata`; without it the 674 games of the
//! sample in `tests/data/corpus`, a figure not to compare with the full one), the daily work of arbiters and databases. The issue's
//! goal is ≥ 3 million moves a second, parsed and checked for legality, on one thread.
//!
//! `cargo bench -p xiangqi-record --bench ccpd`; throughput is in moves (main-line plies).
//! `validate` is the tree-less checker (`validate::Validator`, what `xiangqi convert --check`
//! runs); `read+check` builds each game's move tree and resolves it. The `(cpu time)` entries
//! time the thread's CPU time instead of the wall clock (Unix), the figure to quote on a
//! shared, loaded machine.

use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi_record::{Encoding, pgn, validate::Validator};

#[path = "../tests/testdata/mod.rs"]
mod testdata;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the corpus").flatten() {
        let p = entry.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")) {
            out.push(p);
        }
    }
}

fn load() -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    let corpus = testdata::full("the full CCPD figure (reading the 674-game sample instead)")
        .unwrap_or_else(testdata::sample);
    files(&corpus.join("ccpd_big5_pgn"), &mut paths);
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn read_and_check(records: &[Vec<u8>], encoding: Option<Encoding>) -> usize {
    let mut moves = 0;
    for bytes in records {
        for game in pgn::Reader::new(bytes.as_slice(), encoding).flatten() {
            let mut game = game;
            if game.resolve().is_ok() {
                moves += game.move_count();
            }
        }
    }
    moves
}

fn validate(records: &[Vec<u8>], encoding: Option<Encoding>) -> usize {
    let mut moves = 0;
    for bytes in records {
        for checked in Validator::new(bytes.as_slice(), encoding).flatten() {
            if checked.errors.is_empty() {
                moves += checked.moves;
            }
        }
    }
    moves
}

#[path = "../../../bench-support/cpu_time.rs"]
mod cpu_time;
use cpu_time::cpu;

fn bench(c: &mut Criterion) {
    let records = load();
    let moves = read_and_check(&records, None);
    assert_eq!(
        validate(&records, None),
        moves,
        "both readers count the same moves"
    );
    let mut group = c.benchmark_group("ccpd");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("validate (encoding detected, cpu time)", |b| {
        b.iter_custom(|iters| cpu(iters, || validate(&records, None)));
    });
    group.bench_function("read+check (encoding detected, cpu time)", |b| {
        b.iter_custom(|iters| cpu(iters, || read_and_check(&records, None)));
    });
    group.bench_function("validate (encoding detected)", |b| {
        b.iter(|| validate(&records, None));
    });
    group.bench_function("validate (big5 given)", |b| {
        b.iter(|| validate(&records, Some(Encoding::Big5)));
    });
    group.bench_function("read+check (encoding detected)", |b| {
        b.iter(|| read_and_check(&records, None));
    });
    group.bench_function("read+check (big5 given)", |b| {
        b.iter(|| read_and_check(&records, Some(Encoding::Big5)));
    });
    let games: Vec<_> = records
        .iter()
        .flat_map(|b| pgn::Reader::new(b.as_slice(), None).flatten())
        .collect();
    group.bench_function("check only (already parsed)", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &games {
                let mut g = g.clone();
                if g.resolve().is_ok() {
                    n += 1;
                }
            }
            n
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
