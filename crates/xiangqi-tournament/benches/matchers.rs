//! The Dutch engine's own matcher (`swiss::matching::Matching`) against the maintained Rust
//! weighted-matching crates, rustworkx-core (`max_weight_matching`) and integer-blossom
//! (`max_weight_matching`), on the same graphs: complete graphs of 200, 500 and 1,000 players
//! with seeded pseudo-random 40-bit weights (they fit the crates' `i64`/`i128`; ours holds them
//! as 128-bit `Wide<2>`, the narrowest the Dutch engine uses).
//!
//! `cargo bench -p xiangqi-tournament --features compare-matchers --bench matchers`
//!
//! - `a solve`: one maximum-weight matching from scratch (ours: `new`, every `set_weight`,
//!   `solve`; the crates: one call on a graph or matrix built beforehand).
//! - `d 100 changes`: the Dutch engine's workload. After a first solution, one player's edges
//!   all get new weights and the matching is asked again, 100 times. Ours repairs the kept
//!   solution (the time is for all 100); the crates can only solve from scratch, so their entry
//!   times one such re-solve and the 100 cost a hundred times that.
//!
//! The set-up checks, on every size, that the three give the same total weight on the first
//! graph and after the 100 changes (after each change, too, against integer-blossom at 200).
//! Times are CPU time of the bench thread, so they hold on a loaded machine. A solver whose
//! single run in the set-up took more than [`SLOW`] is not sampled: its single timed run
//! (CPU time) is printed instead.
//!
//! Figures (2026-11-30, rustc 1.95, rustworkx-core 0.18.1, integer-blossom 1.2.1; criterion
//! medians of CPU time on a shared 2-core machine; none was over [`SLOW`]). `d ours` is all
//! 100 repairs; `d rustworkx` and `d blossom` are one re-solve, so the 100 cost ×100:
//!
//! | players | a ours | a rustworkx | a blossom | d ours (100) | d rustworkx (1) | d blossom (1) |
//! | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
//! | 200 | 27.7 ms | 26.1 ms | 14.5 ms | 44.6 ms | 24.9 ms | 13.9 ms |
//! | 500 | 439 ms | 423 ms | 231 ms | 250 ms | 391 ms | 220 ms |
//! | 1,000 | 3.71 s | 8.25 s | 1.86 s | 1.48 s | 8.71 s | 1.87 s |
//!
//! From scratch, integer-blossom is about twice as fast as ours (ours carries 128-bit weights
//! and a weight-class table in which every random edge is its own class, its worst case). On
//! the Dutch workload ours repairs in 0.45 ms (200), 2.5 ms (500) and 14.8 ms (1,000) per
//! change: 31×, 88× and 126× less than integer-blossom re-solving, 56× to 590× less than
//! rustworkx-core. And neither crate can hold the Dutch weights (several hundred bits; `i128`
//! at most). The Dutch engine solves 79, 173, 273 and 523 times for `t100_next`,
//! `t300_5_next`, `t500_5_next` and `t1000_5_next` of `trf_samples` (calls to
//! `Matching::solve` counted with `valgrind --tool=callgrind`), and pairs `t1000_5_next` in
//! 0.62 CPU-s all told (`pairing/dutch/t1000_5_next (cpu time)`); 523 solves from scratch at
//! up to 1.86 s each (the complete graph of 1,000) would take up to 16 minutes.

use std::{convert::Infallible, time::Duration};

use criterion::{Criterion, criterion_group, criterion_main};
use rustworkx_core::petgraph::{graph::UnGraph, visit::EdgeRef};
use xiangqi_tournament::swiss::{Matching, Wide};

/// Limbs of our weights: `Wide<2>`, as for the smallest Dutch tournaments.
const LIMBS: usize = 2;
const SIZES: [usize; 3] = [200, 500, 1000];
/// Changes in the Dutch-like workload.
const CHANGES: usize = 100;
/// A solver slower than this for one run is timed once instead of sampled.
const SLOW: Duration = Duration::from_secs(10);

#[path = "../../../bench-support/cpu_time.rs"]
mod cpu_time;
use cpu_time::{cpu, cpu_time};

/// Runs `f` once, returning its result and the CPU time it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = cpu_time();
    let r = f();
    (r, cpu_time().saturating_sub(start))
}

/// SplitMix64: seeded, so every run measures the same graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A non-zero 40-bit weight.
    fn weight(&mut self) -> i64 {
        ((self.next() >> 24) | 1) as i64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A complete graph as a symmetric `n × n` weight matrix (zero on the diagonal).
struct Graph {
    n: usize,
    w: Vec<i64>,
}

impl Graph {
    fn random(n: usize, rng: &mut Rng) -> Self {
        let mut w = vec![0; n * n];
        for i in 0..n {
            for j in i + 1..n {
                let x = rng.weight();
                w[i * n + j] = x;
                w[j * n + i] = x;
            }
        }
        Self { n, w }
    }

    /// New weights for every edge of `v`.
    fn change(&mut self, v: usize, rng: &mut Rng) {
        let n = self.n;
        for u in (0..n).filter(|&u| u != v) {
            let x = rng.weight();
            self.w[v * n + u] = x;
            self.w[u * n + v] = x;
        }
    }

    /// The total weight of `pairs`, checking that they form a matching of this graph.
    fn total(&self, pairs: impl IntoIterator<Item = (usize, usize)>) -> i128 {
        let mut seen = vec![false; self.n];
        let mut total = 0;
        for (a, b) in pairs {
            assert!(a != b && !seen[a] && !seen[b], "not a matching: {a}-{b}");
            assert!(self.w[a * self.n + b] > 0, "{a}-{b} is not an edge");
            seen[a] = true;
            seen[b] = true;
            total += i128::from(self.w[a * self.n + b]);
        }
        total
    }

    /// The petgraph graph rustworkx-core reads (weights are looked up in the matrix).
    fn petgraph(&self) -> UnGraph<(), ()> {
        let n = self.n;
        let mut g = UnGraph::with_capacity(n, n * (n - 1) / 2);
        let nodes: Vec<_> = (0..n).map(|_| g.add_node(())).collect();
        for i in 0..n {
            for j in i + 1..n {
                if self.w[i * n + j] > 0 {
                    g.add_edge(nodes[i], nodes[j], ());
                }
            }
        }
        g
    }
}

fn wide(x: i64) -> Wide<LIMBS> {
    Wide::from_u64(x.unsigned_abs())
}

fn ours(g: &Graph) -> Matching<LIMBS> {
    let mut m = Matching::new(g.n);
    for i in 0..g.n {
        for j in i + 1..g.n {
            m.set_weight(i, j, wide(g.w[i * g.n + j]));
        }
    }
    m.solve();
    m
}

/// Our matching after new weights for `v`'s edges (`v` first, as `set_weight` asks).
fn ours_change(m: &mut Matching<LIMBS>, g: &Graph, v: usize) {
    for u in (0..g.n).filter(|&u| u != v) {
        m.set_weight(v, u, wide(g.w[v * g.n + u]));
    }
    m.solve();
}

fn ours_total(m: &Matching<LIMBS>, g: &Graph) -> i128 {
    g.total((0..g.n).map(|v| (v, m.mate_of(v))).filter(|&(v, u)| v < u))
}

fn rustworkx(pg: &UnGraph<(), ()>, g: &Graph) -> Vec<(usize, usize)> {
    rustworkx_core::max_weight_matching::max_weight_matching(
        pg,
        false,
        |e| {
            let (a, b) = (e.source().index(), e.target().index());
            Ok::<_, Infallible>(i128::from(g.w[a * g.n + b]))
        },
        false,
    )
    .unwrap_or_else(|e| match e {})
    .into_iter()
    .collect()
}

fn rustworkx_total(pairs: &[(usize, usize)], g: &Graph) -> i128 {
    g.total(pairs.iter().copied())
}

fn blossom(g: &Graph) -> Vec<Option<usize>> {
    integer_blossom::max_weight_matching(&g.w, g.n)
}

fn blossom_total(mate: &[Option<usize>], g: &Graph) -> i128 {
    g.total(
        mate.iter()
            .enumerate()
            .filter_map(|(v, &u)| u.filter(|&u| v < u).map(|u| (v, u))),
    )
}

/// Benches `f` with criterion, or prints `single` (a set-up run) if that took over [`SLOW`].
fn sample_or_print<T>(c: &mut Criterion, name: &str, single: Duration, mut f: impl FnMut() -> T) {
    if single > SLOW {
        eprintln!(
            "matchers/{name}: single timed run {:.2} s CPU (over {} s: not sampled)",
            single.as_secs_f64(),
            SLOW.as_secs()
        );
        return;
    }
    let mut group = c.benchmark_group("matchers");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function(format!("{name} (cpu time)"), |b| {
        b.iter_custom(|iters| cpu(iters, &mut f));
    });
    group.finish();
}

fn matchers(c: &mut Criterion) {
    for n in SIZES {
        let mut rng = Rng(0x5eed_0000 + n as u64);
        let mut g = Graph::random(n, &mut rng);
        let pg = g.petgraph();

        // (a) from scratch, and the check that all three agree.
        let (m, t_ours) = timed(|| ours(&g));
        let (rx, t_rx) = timed(|| rustworkx(&pg, &g));
        let (bl, t_bl) = timed(|| blossom(&g));
        let total = ours_total(&m, &g);
        assert_eq!(rustworkx_total(&rx, &g), total, "rustworkx-core, n = {n}");
        assert_eq!(blossom_total(&bl, &g), total, "integer-blossom, n = {n}");
        eprintln!(
            "n{n}: total weight {total}; set-up runs (CPU): ours {:.3} s, rustworkx-core {:.3} s, \
             integer-blossom {:.3} s",
            t_ours.as_secs_f64(),
            t_rx.as_secs_f64(),
            t_bl.as_secs_f64()
        );
        sample_or_print(c, &format!("n{n}/a solve/ours"), t_ours, || ours(&g));
        sample_or_print(c, &format!("n{n}/a solve/rustworkx-core"), t_rx, || {
            rustworkx(&pg, &g)
        });
        sample_or_print(c, &format!("n{n}/a solve/integer-blossom"), t_bl, || {
            blossom(&g)
        });

        // (d) 100 changes of one player's edges: ours repairs, checked against integer-blossom.
        let mut m = m;
        let (_, t_repairs) = timed(|| {
            for k in 0..CHANGES {
                let v = rng.below(n);
                g.change(v, &mut rng);
                ours_change(&mut m, &g, v);
                if n <= 200 || k + 1 == CHANGES {
                    let bl = blossom(&g);
                    assert_eq!(
                        ours_total(&m, &g),
                        blossom_total(&bl, &g),
                        "n = {n}, change {k}"
                    );
                }
            }
        });
        let (rx, t_rx) = timed(|| rustworkx(&pg, &g));
        let (bl, t_bl) = timed(|| blossom(&g));
        let total = ours_total(&m, &g);
        assert_eq!(rustworkx_total(&rx, &g), total, "rustworkx-core, n = {n}");
        assert_eq!(blossom_total(&bl, &g), total, "integer-blossom, n = {n}");
        eprintln!(
            "n{n}: after {CHANGES} changes, total weight {total}; set-up runs (CPU): \
             ours {CHANGES} repairs with checks {:.3} s, one re-solve: rustworkx-core {:.3} s, \
             integer-blossom {:.3} s",
            t_repairs.as_secs_f64(),
            t_rx.as_secs_f64(),
            t_bl.as_secs_f64()
        );
        // Each sample makes 100 more changes to the same kept matching.
        sample_or_print(
            c,
            &format!("n{n}/d {CHANGES} changes/ours (repair)"),
            Duration::ZERO,
            || {
                for _ in 0..CHANGES {
                    let v = rng.below(n);
                    g.change(v, &mut rng);
                    ours_change(&mut m, &g, v);
                }
            },
        );
        // The crates re-solve the changed graph from scratch: one re-solve; ×100 for the total.
        sample_or_print(
            c,
            &format!("n{n}/d 1 change/rustworkx-core (from scratch)"),
            t_rx,
            || rustworkx(&pg, &g),
        );
        sample_or_print(
            c,
            &format!("n{n}/d 1 change/integer-blossom (from scratch)"),
            t_bl,
            || blossom(&g),
        );
    }
}

criterion_group!(benches, matchers);
criterion_main!(benches);
