//! Repetition rulings: every case of `rulings.json` (under WXF 2018) and `rulings_cxa.json`
//! (under CXA 2011) ruled from its start position (the cases of `tests/data/rulings`, and the
//! optional ones of the shared data folder when it is found: see `tests/testdata`), and a walk
//! over the CCPD corpus (`corpus/derived/ccpd_iccs.tsv`, about 6,700 games; the record crate's
//! sample without the corpus) checking every position for a repetition and ruling the ones that
//! occur three times.
//!
//! `CARGO_TARGET_DIR=/work/target-arbiter cargo bench -p xiangqi-arbiter --bench rulings`
//!
//! The per-case figure divides the time of one pass by the number of cases; one case is one
//! cycle ruled (the cycle found, every move of it classified, the verdict given). The
//! explanation is written when it is first read (see `Explanation`), so it is not in the
//! figure. For counts that do not depend on the machine's load, profile the `rule_cases`
//! example with callgrind (see its docs).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::Value;
use xiangqi::{Move, Position, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{RuleSet, counted_from, occurrences, rule_cycle, rule_game};

#[path = "../tests/testdata/mod.rs"]
mod testdata;

/// The corpus file `name` (the shared corpus, else the record crate's sample), or `None` with a
/// message.
fn data(name: &str) -> Option<String> {
    match testdata::corpus_text(name) {
        Ok((_, text)) => Some(text),
        Err(e) => {
            eprintln!("skipping {name}: {e}");
            None
        }
    }
}

/// Reads a start FEN and ICCS moves; `None` if any of it does not parse or a move is illegal.
fn game(fen: &str, moves: impl Iterator<Item = impl AsRef<str>>) -> Option<(Position, Vec<Move>)> {
    let start: Position = fen.parse::<Fen>().ok()?.into_position().ok()?;
    let mut pos = start.clone();
    let mut list = Vec::new();
    for m in moves {
        let m = m.as_ref().parse::<Iccs>().ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(m);
        list.push(m);
    }
    Some((start, list))
}

fn cases(file: &str) -> Vec<(Position, Vec<Move>)> {
    let cases = testdata::cases(file).unwrap_or_else(|e| panic!("{e}"));
    cases
        .iter()
        .filter_map(|c| {
            let moves = c["moves"].as_array()?.iter().filter_map(Value::as_str);
            game(c["fen"].as_str()?, moves)
        })
        .collect()
}

fn bench_cases(c: &mut Criterion) {
    let mut group = c.benchmark_group("rulings");
    for (name, file, rules) in [
        ("rulings_wxf", "rulings.json", RuleSet::wxf2018()),
        ("rulings_cxa", "rulings_cxa.json", RuleSet::cxa2011()),
    ] {
        let cases = cases(file);
        if cases.is_empty() {
            continue;
        }
        group.throughput(Throughput::Elements(cases.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for (start, moves) in &cases {
                    black_box(rule_game(start, moves, &rules));
                }
            });
        });
    }
    group.finish();
}

/// Walks a game, hashing every position and looking for a threefold repetition since the last
/// capture after every ply, ruling each one found. Returns how many were ruled.
fn walk(start: &Position, moves: &[Move], rules: &RuleSet) -> usize {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut hashes = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    hashes.push(start.zobrist_hash());
    let mut since = 0;
    let mut ruled = 0;
    for (i, &m) in moves.iter().enumerate() {
        let Some(mut next) = positions.last().cloned() else {
            break;
        };
        next.play_unchecked(m);
        hashes.push(next.zobrist_hash());
        positions.push(next);
        if m.is_capture() {
            since = i + 1;
        }
        if let Some(occ) = occurrences(
            &hashes,
            counted_from(since, rules),
            rules.ruling_occurrences as usize,
        ) {
            black_box(rule_cycle(&positions, &moves[..=i], &occ, rules));
            ruled += 1;
        }
    }
    ruled
}

fn bench_corpus(c: &mut Criterion) {
    let Some(text) = data("derived/ccpd_iccs.tsv") else {
        return;
    };
    let games: Vec<(Position, Vec<Move>)> = text
        .lines()
        .filter_map(|line| {
            let mut cols = line.split('\t');
            let (_path, fen, moves) = (cols.next()?, cols.next()?, cols.next()?);
            game(fen, moves.split_whitespace())
        })
        .collect();
    let plies: usize = games.iter().map(|(_, m)| m.len()).sum();
    let rules = RuleSet::cxa2011();
    let ruled: usize = games.iter().map(|(s, m)| walk(s, m, &rules)).sum();
    eprintln!(
        "corpus: {} games, {plies} positions, {ruled} threefold repetitions ruled",
        games.len()
    );
    let mut group = c.benchmark_group("corpus");
    group.sample_size(10);
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("ccpd_every_position_cxa", |b| {
        b.iter(|| games.iter().map(|(s, m)| walk(s, m, &rules)).sum::<usize>());
    });
    group.finish();
}

criterion_group!(benches, bench_cases, bench_corpus);
criterion_main!(benches);
