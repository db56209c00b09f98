//! Reads and checks every CCPD game (of the full corpus, else of the sample: see
//! `tests/testdata`) `N` times (default 3) and prints moves per second of
//! wall-clock time: `speed [N] [tree|validate]` — with the move tree (`pgn::Reader` then
//! `Game::resolve`) or without it (`validate::Validator`, the default). On a busy machine run it
//! under `perf stat` (or `/usr/bin/time`) and divide by the CPU time, or count instructions
//! with `valgrind --tool=callgrind`.

#[path = "../tests/testdata/mod.rs"]
mod testdata;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let tree = std::env::args().nth(2).is_some_and(|m| m == "tree");
    let dir = testdata::full("the full CCPD figure (reading the 674-game sample instead)")
        .unwrap_or_else(testdata::sample)
        .join("ccpd_big5_pgn");
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
            if tree {
                for game in xiangqi_record::pgn::Reader::new(bytes.as_slice(), None).flatten() {
                    let mut game = game;
                    if game.resolve().is_ok() {
                        moves += game.move_count();
                    }
                }
            } else {
                for checked in
                    xiangqi_record::validate::Validator::new(bytes.as_slice(), None).flatten()
                {
                    if checked.errors.is_empty() {
                        moves += checked.moves;
                    }
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
