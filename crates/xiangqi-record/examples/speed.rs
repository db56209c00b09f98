//! Reads and checks every CCPD game `N` times (default 3) and prints moves per second of
//! wall-clock time. On a busy machine run it under `perf stat` and divide by the task clock.

use std::path::Path;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/corpus/ccpd_big5_pgn");
    let mut paths = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                paths.push(p);
            }
        }
    }
    let records: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let clock = std::time::Instant::now();
    let mut moves = 0usize;
    for _ in 0..rounds {
        for bytes in &records {
            for game in xiangqi_record::pgn::Reader::new(bytes.as_slice(), None).flatten() {
                let mut game = game;
                if game.resolve().is_ok() {
                    moves += game.move_count();
                }
            }
        }
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{moves} moves in {secs:.3} s: {:.0} moves/s (wall clock)",
        moves as f64 / secs
    );
}
