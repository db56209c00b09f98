//! Counts perft nodes from a FEN to a depth, for instruction counts under callgrind:
//! `perft_count [FEN] [DEPTH]` (the start position to depth 4 by default).

use xiangqi::{Position, perft::perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let fen = args
        .next()
        .unwrap_or_else(|| xiangqi::fen::INITIAL.to_string());
    let depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(4);
    let pos: Position = match fen.parse() {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    println!("{}", perft(&pos, depth));
}
