//! `xiangqi perft`: count the move sequences of a given length, to check and time the move
//! generator.

use std::time::Instant;

use anyhow::{Context, Result};
use xiangqi::{Position, perft};

/// Shown at the end of `xiangqi perft --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi perft 3
  xiangqi perft 2 --divide --fen \"3k5/9/9/9/9/9/9/9/4A4/4K4 w\"
";

/// Count legal move sequences from a position (bulk counting at the leaves, single thread).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Plies to look ahead (0–20).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    /// Start position as FEN; the initial position if omitted.
    #[arg(long, default_value = xiangqi::fen::INITIAL)]
    fen: String,
    /// Print the count below each legal first move (ICCS), as engines do.
    #[arg(long)]
    divide: bool,
    /// Print one JSON line: {"fen","depth","nodes","seconds","nps"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let pos: Position = args
        .fen
        .parse()
        .with_context(|| format!("bad FEN {:?}", args.fen))?;
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in perft::divide(&pos, args.depth) {
            if !args.json {
                println!("{m}: {n}");
            }
            total += n;
        }
        total
    } else {
        perft::perft(&pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    if args.json {
        let line = serde_json::json!({
            "fen": args.fen,
            "depth": args.depth,
            "nodes": nodes,
            "seconds": seconds,
            "nps": nps,
        });
        println!("{line}");
    } else {
        if args.divide {
            println!();
        }
        println!("nodes {nodes}");
        println!("time {seconds:.3} s, {nps} nodes/s");
    }
    Ok(())
}
