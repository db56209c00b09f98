//! Rules every case of a rulings file, for profiling with instruction counts (criterion's wall
//! time swings with the machine's load; callgrind's counts do not):
//!
//! ```sh
//! cargo build --release -p xiangqi-arbiter --example rule_cases
//! valgrind --tool=callgrind --toggle-collect='xiangqi_arbiter::repetition::rule_game*' \
//!     target/release/examples/rule_cases rulings_cxa.json cxa 1
//! ```
//!
//! Arguments: a rulings file of `tests/data/rulings` (with the optional cases of the shared data
//! folder when it is found, see `tests/testdata`) or `corpus/derived/ccpd_iccs.tsv` (the shared
//! corpus, else the record crate's sample: every threefold repetition is ruled), `cxa` or
//! `wxf`, how many passes, and `explain` to print every case's verdict and explanation (to compare the texts before and after a change),
//! `each` to print the time of each case, `list` to print each case's game (the corpus file
//! and the move number) and verdict (to find the games a change rules differently), `json` to
//! print each case's ruling whole (every move's analysis, the gains included); `symmetry` to
//! rule each case mirrored left to right and with the colours swapped as well, and `rotations`
//! to rule its last cycle from each of its positions, printing every case ruled otherwise,
//! and `explained` to check that what each ruling says of its moves holds on the board
//! (attackers and targets where it says, legal captures and forced lines) (the checks of
//! `tests/symmetry`, run over a whole file or the corpus); `only=N`
//! (alone or after one of those) rules only the case at index N. Prints the number of cases ruled and the verdicts' counts.

use std::{collections::BTreeMap, hint::black_box, process::ExitCode};

use serde_json::Value;
use xiangqi::{Move, Position, fen::Fen, iccs::Iccs};
use xiangqi_arbiter::{RuleSet, counted_from, occurrences, rule_game};

#[path = "../tests/testdata/mod.rs"]
mod testdata;

#[path = "../tests/symmetry/mod.rs"]
mod symmetry;

fn case(c: &Value) -> Option<(Position, Vec<Move>)> {
    let start: Position = c["fen"]
        .as_str()?
        .parse::<Fen>()
        .ok()?
        .into_position()
        .ok()?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for m in c["moves"].as_array()? {
        let m = m.as_str()?.parse::<Iccs>().ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Some((start, moves))
}

/// Every prefix of a corpus game that ends in a position occurring for the third time since
/// the last capture.
fn repetitions(
    name: &str,
    (start, moves): (Position, Vec<Move>),
    rules: &RuleSet,
) -> Vec<(String, Position, Vec<Move>)> {
    let mut pos = start.clone();
    let mut hashes = vec![pos.zobrist_hash()];
    let mut since = 0;
    let mut found = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        pos.play_unchecked(m);
        hashes.push(pos.zobrist_hash());
        if m.is_capture() {
            since = i + 1;
        }
        let need = rules.ruling_occurrences as usize;
        if occurrences(&hashes, counted_from(since, rules), need).is_some() {
            // The move number of the last move: two plies to a move, red first.
            let number = i / 2 + 1;
            found.push((
                format!("{name} move {number}"),
                start.clone(),
                moves[..=i].to_vec(),
            ));
        }
    }
    found
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).map_or("rulings_cxa.json", String::as_str);
    let rules = match args.get(2).map(String::as_str) {
        Some("wxf") => RuleSet::wxf2018(),
        _ => RuleSet::cxa2011(),
    };
    let passes: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(1);
    let games: Vec<(String, Position, Vec<Move>)> = if let Some(rel) = file.strip_prefix("corpus/")
    {
        let text = match testdata::corpus_text(rel) {
            Ok((_, text)) => text,
            Err(e) => {
                eprintln!("cannot read {file}: {e}");
                return ExitCode::FAILURE;
            }
        };
        text.lines()
            .filter_map(|line| {
                let mut cols = line.split('\t');
                let (name, fen, moves) = (cols.next()?, cols.next()?, cols.next()?);
                let moves = moves
                    .split_whitespace()
                    .map(|m| Value::String(m.to_owned()));
                let game =
                    case(&serde_json::json!({"fen": fen, "moves": moves.collect::<Vec<_>>()}))?;
                Some((name, game))
            })
            .flat_map(|(name, game)| repetitions(name, game, &rules))
            .collect()
    } else {
        let cases = match testdata::cases(file) {
            Ok(cases) => cases,
            Err(e) => {
                eprintln!("cannot read {file}: {e}");
                return ExitCode::FAILURE;
            }
        };
        cases
            .iter()
            .filter_map(|c| {
                let name = c["id"].as_str().unwrap_or("?").to_owned();
                case(c).map(|(start, moves)| (name, start, moves))
            })
            .collect()
    };
    let explain = args.get(4).is_some_and(|a| a == "explain");
    // `only=N`: rule only the case at index N.
    let games: Vec<(String, Position, Vec<Move>)> = match args
        .iter()
        .skip(4)
        .find_map(|a| a.strip_prefix("only="))
        .and_then(|n| n.parse::<usize>().ok())
    {
        Some(n) => games.into_iter().skip(n).take(1).collect(),
        None => games,
    };
    if args.get(4).is_some_and(|a| a == "each") {
        for (i, (_, start, moves)) in games.iter().enumerate() {
            let t = std::time::Instant::now();
            for _ in 0..passes {
                black_box(rule_game(start, moves, &rules));
            }
            println!(
                "{i}\t{:.1}",
                t.elapsed().as_secs_f64() * 1e6 / passes as f64
            );
        }
        return ExitCode::SUCCESS;
    }
    let check = args.get(4).map(String::as_str);
    if let Some(mode @ ("symmetry" | "rotations" | "explained")) = check {
        let (mut checked, mut differing) = (0, 0);
        for (name, start, moves) in &games {
            let outcome = match mode {
                "symmetry" => {
                    let verdict = rule_game(start, moves, &rules).map(|r| r.verdict);
                    symmetry::check(start, moves, &rules, verdict).map(|()| 1)
                }
                "rotations" => symmetry::rotations(start, moves, &rules),
                _ => match rule_game(start, moves, &rules) {
                    Some(ruling) => symmetry::boards::explained_soundly(start, moves, &ruling)
                        .map(|()| ruling.moves.len())
                        .map_err(|e| e.to_string()),
                    None => Ok(0),
                },
            };
            match outcome {
                Ok(n) => checked += n,
                Err(e) => {
                    differing += 1;
                    println!("{name}\t{e}");
                }
            }
        }
        println!(
            "{} cases, {checked} {mode} alike, {differing} cases ruled otherwise",
            games.len()
        );
        return ExitCode::SUCCESS;
    }
    let list = args.get(4).is_some_and(|a| a == "list");
    let json = args.get(4).is_some_and(|a| a == "json");
    let mut verdicts = BTreeMap::new();
    for pass in 0..passes {
        for (name, start, moves) in &games {
            let ruling = black_box(rule_game(start, moves, &rules));
            if pass == 0 {
                if list {
                    let code = ruling.as_ref().map_or("none", |r| r.verdict.code());
                    println!("{name}\t{code}");
                }
                if json {
                    match serde_json::to_string(&ruling) {
                        Ok(text) => println!("{name}\t{text}"),
                        Err(e) => println!("{name}\t{e}"),
                    }
                }
                if explain && let Some(r) = &ruling {
                    println!(
                        "{}\n{}\n{}\n",
                        r.verdict.code(),
                        r.explanation.zh(),
                        r.explanation.en()
                    );
                }
                let code = ruling.map_or("none", |r| r.verdict.code());
                *verdicts.entry(code).or_insert(0) += 1;
            }
        }
    }
    println!("{} cases ruled {passes} times: {verdicts:?}", games.len());
    ExitCode::SUCCESS
}
