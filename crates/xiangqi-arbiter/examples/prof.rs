use std::{fs, time::Instant};
use serde_json::Value;
use xiangqi::{Position, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{RuleSet, rule_game};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = &args[1];
    let rules = if file.contains("cxa") { RuleSet::cxa2011() } else { RuleSet::wxf2018() };
    let reps: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let text = fs::read_to_string(format!("/work/shared/data/{file}")).unwrap();
    let Value::Array(cases) = serde_json::from_str::<Value>(&text).unwrap() else { panic!() };
    let mut rows = Vec::new();
    let mut total = 0.0;
    let only = std::env::var("CASE").ok();
    for c in &cases {
        if only.as_ref().is_some_and(|o| c["id"].as_str() != Some(o.as_str())) { continue; }
        let Ok(f) = c["fen"].as_str().unwrap().parse::<Fen>() else { continue };
        let Ok(start) = f.into_position() else { continue };
        let start: Position = start;
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for m in c["moves"].as_array().unwrap() {
            let m = m.as_str().unwrap().parse::<Iccs>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        let t = Instant::now();
        for _ in 0..reps { std::hint::black_box(rule_game(&start, &moves, &rules)); }
        let us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
        total += us;
        rows.push((us, c["id"].as_str().unwrap().to_owned(), moves.len()));
    }
    rows.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for r in rows.iter().take(15) { println!("{:8.1} µs  {} ({} plies)", r.0, r.1, r.2); }
    let mut v: Vec<f64> = rows.iter().map(|r| r.0).collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("mean {:.1} µs, median {:.1} µs over {} cases", total / rows.len() as f64, v[v.len()/2], rows.len());
}
