//! perft counts from `tests/data/perft.json` (copied from the shared data; sources in
//! `tests/data/README.md`), each reproduced by Pikafish and Fairy-Stockfish.

use std::path::PathBuf;

use xiangqi::{Position, perft::perft};

/// Counts up to this many nodes run in `cargo test`; the rest in the ignored test.
const QUICK_LIMIT: u64 = 100_000_000;

struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("perft data missing: cannot read {} ({e})", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("perft.json is valid JSON");
    json.as_array()
        .expect("perft.json is an array")
        .iter()
        .map(|c| Case {
            fen: c["fen"].as_str().expect("fen").to_owned(),
            depth: c["depth"].as_u64().expect("depth") as u32,
            nodes: c["nodes"].as_u64().expect("nodes"),
        })
        .collect()
}

fn run(filter: impl Fn(&Case) -> bool) {
    let cases: Vec<Case> = cases().into_iter().filter(|c| filter(c)).collect();
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in &cases {
        let pos: Position = case
            .fen
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        let nodes = perft(&pos, case.depth);
        if nodes != case.nodes {
            failures.push(format!(
                "{} depth {}: {} expected, {} counted",
                case.fen, case.depth, case.nodes, nodes
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} perft counts differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn perft_counts_up_to_10_8_nodes() {
    run(|c| c.nodes <= QUICK_LIMIT);
}

#[test]
#[ignore = "billions of nodes: run with cargo test --release -- --ignored"]
fn perft_counts_above_10_8_nodes() {
    run(|c| c.nodes > QUICK_LIMIT);
}
