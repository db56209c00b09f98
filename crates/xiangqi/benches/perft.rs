//! perft from the start position and a middlegame, single-threaded, bulk-counting at the
//! leaves. Leaf nodes per second = nodes / time; compare with Pikafish's `go perft 5`.
//!
//! `cargo bench -p xiangqi --bench perft`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Position, perft::perft};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth) in [
        ("start_d4", xiangqi::fen::INITIAL, 4),
        ("start_d5", xiangqi::fen::INITIAL, 5),
        (
            "middlegame_d4",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            4,
        ),
    ] {
        let pos: Position = fen.parse().expect("valid FEN");
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| perft(&pos, depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
