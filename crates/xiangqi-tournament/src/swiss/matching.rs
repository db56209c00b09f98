//! Maximum-weight matching on a dense general graph (Edmonds' blossom algorithm with the
//! primal-dual method, as described by Galil, "Efficient algorithms for finding maximum matching
//! in graphs", ACM Computing Surveys 1986). O(n³) for a first solution.
//!
//! The matching can be kept and repaired: the Dutch engine changes the weights around a few
//! players at a time and asks again, hundreds of times per round (523 for 1,000 players). [`Matching`] keeps the optimal
//! matching and its dual variables between calls; after a change it frees only the players
//! touched (their blossoms are dissolved by moving each blossom's dual onto its vertices, which
//! keeps every slack non-negative), gives each a dual large enough for its new weights and
//! augments from them. An exposed vertex whose dual falls to zero may stay exposed, so the search
//! also ends at such a vertex, and a labelled vertex whose dual reaches zero is made exposed by
//! flipping the path to its root. Each change then costs O(k·n²) for k players touched instead of
//! O(n³). bbpPairings' matcher works the same way (Galil, Micali and Gabow 1986, "with slight
//! modification to allow for updates"); the code here is our own.
//!
//! Two more savings keep the repairs cheap: exposed vertices joined by a tight edge are paired
//! before any search, and the slack of each best edge is remembered until the duals next change.
//! On 1,000 players this took the Dutch engine from 1,053 to about 1.5 CPU-s.
//!
//! Written here rather than taken from a crate because the Dutch weights are several hundred bits
//! wide and the engine needs the repair step: the maintained Rust matchers take primitive integer
//! weights and solve from scratch on each call (rustworkx-core's `max_weight_matching`: `i128`
//! from a weight closure; integer-blossom 1.2: `i32`/`i64`/`i128` through its `Weight` trait,
//! with pooled buffers but no kept duals). `benches/matchers.rs` (feature `compare-matchers`)
//! measures both on the same graphs: from scratch integer-blossom is about twice as fast as this
//! matcher, but on the engine's workload (one player's edges changed, solved again) this one
//! repairs in 14.8 ms at 1,000 vertices where integer-blossom re-solves in 1.87 s and
//! rustworkx-core in 8.7 s: 523 such solves would take minutes instead of 0.6 s.
//!
//! A weight of zero means "no edge". Dual variables are kept non-negative, so unsigned wide
//! integers suffice; on a first solution vertex duals start at the largest weight.

use std::collections::HashMap;

use super::wide::Wide;

/// Hashes the limbs of a weight by multiply and rotate: the classes are looked up once per
/// edge set, and the default SipHash over several hundred bits cost more than the lookup.
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct BuildLimbHasher;

#[derive(Default)]
pub(super) struct LimbHasher(u64);

impl std::hash::BuildHasher for BuildLimbHasher {
    type Hasher = LimbHasher;
    fn build_hasher(&self) -> LimbHasher {
        LimbHasher(0)
    }
}

impl std::hash::Hasher for LimbHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut limb = [0u8; 8];
            limb[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(limb));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// A directed view of an edge: `(from, to)`.
type Edge = (usize, usize);

const FREE: u8 = 0;
const OUTER: u8 = 1; // S
const INNER: u8 = 2; // T
const MARK: u8 = 4; // temporary mark while scanning for a blossom

/// Computes a maximum-weight matching of the complete graph on `n` vertices whose weights are
/// `w[i * n + j]` (symmetric; zero = no edge). Returns `mate`, with `mate[v] == v` for an
/// unmatched vertex.
#[cfg(test)]
pub fn max_weight_matching<const N: usize>(n: usize, w: &[Wide<N>]) -> Vec<usize> {
    let mut m = Matching::new(n);
    if w.len() == n * n {
        for i in 0..n {
            for j in i + 1..n {
                m.set_weight(i, j, w[i * n + j]);
            }
        }
    }
    m.solve();
    (0..n).map(|v| m.mate_of(v)).collect()
}

/// A maximum-weight matching that is kept between calls and repaired after weight changes.
#[derive(Debug)]
pub struct Matching<const N: usize> {
    n: usize,
    /// Each edge's weight class, row by row: an index into `classes` (0 = no edge). The Dutch
    /// weights repeat a great deal (players far below the bracket share a few), so a 4-byte
    /// class per edge instead of a several-hundred-bit weight lets 10,000 players fit in memory.
    cls: Vec<u32>,
    /// Twice the weight of each class (slacks are `dual[i] + dual[j] - 2 w`); class 0 is zero.
    classes: Vec<Wide<N>>,
    class_of: HashMap<Wide<N>, u32, BuildLimbHasher>,
    /// The number of classes after the last compaction (see [`Matching::intern`]).
    live_classes: usize,
    /// Vertices still in the graph ([`Matching::remove_pair`] takes them out).
    active: Vec<bool>,
    /// Vertices whose edges changed in a way the kept duals do not cover.
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    /// Whether a solution (and its duals) is kept.
    solved: bool,
    mate: Vec<Option<usize>>,
    label: Vec<u8>,
    labelend: Vec<Option<Edge>>,
    inblossom: Vec<usize>,
    parent: Vec<Option<usize>>,
    childs: Vec<Vec<usize>>,
    /// `endps[b][i] = (a, c)` with `a` in `childs[b][i]`, `c` in `childs[b][i + 1]` (cyclic).
    endps: Vec<Vec<Edge>>,
    base: Vec<Option<usize>>,
    bestedge: Vec<Option<Edge>>,
    /// The slack of `bestedge[x]` as computed at `epoch` (duals change only between epochs).
    best_slack: Vec<(u64, Wide<N>)>,
    epoch: u64,
    blossom_best: Vec<Option<Vec<Edge>>>,
    unused: Vec<usize>,
    dual: Vec<Wide<N>>,
    allowed: Vec<bool>,
    /// The entries of `allowed` set in this stage, to clear them cheaply.
    allowed_list: Vec<usize>,
    queue: Vec<usize>,
    /// One past the highest blossom number used so far: blossom loops stop there.
    blossom_top: usize,
    /// The vertices in the graph, gathered at the start of each search.
    live: Vec<usize>,
}

impl<const N: usize> Matching<N> {
    /// A graph of `n` vertices and no edges.
    pub fn new(n: usize) -> Self {
        Self {
            n,
            cls: vec![0; n * n],
            classes: vec![Wide::ZERO],
            class_of: [(Wide::ZERO, 0)].into_iter().collect(),
            live_classes: 1,
            active: vec![true; n],
            dirty: vec![false; n],
            dirty_list: Vec::new(),
            solved: false,
            mate: vec![None; n],
            label: vec![FREE; 2 * n],
            labelend: vec![None; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..2 * n).map(|b| (b < n).then_some(b)).collect(),
            bestedge: vec![None; 2 * n],
            best_slack: vec![(0, Wide::ZERO); 2 * n],
            epoch: 1,
            blossom_best: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual: vec![Wide::ZERO; 2 * n],
            allowed: vec![false; n * n],
            allowed_list: Vec::new(),
            queue: Vec::new(),
            blossom_top: n,
            live: Vec::new(),
        }
    }

    /// The vertex matched to `v` (`v` itself if unmatched) in the last solution.
    pub fn mate_of(&self, v: usize) -> usize {
        self.mate[v].unwrap_or(v)
    }

    /// Sets the weight of edge `a`–`b` (zero = no edge). Only `a` is repaired if the kept
    /// solution no longer fits, so put the vertex whose edges change first.
    pub fn set_weight(&mut self, a: usize, b: usize, w: Wide<N>) {
        let w2 = w.add(&w);
        if a == b || !self.active[a] || !self.active[b] || self.w2(a * self.n + b) == w2 {
            return;
        }
        let c = self.intern(w2);
        self.cls[a * self.n + b] = c;
        self.cls[b * self.n + a] = c;
        if !self.solved || self.dirty[a] || self.dirty[b] {
            return;
        }
        // The kept solution still fits if the edge is not matched, not inside a blossom, and
        // its slack stays non-negative.
        let fits = self.mate[a] != Some(b)
            && self.inblossom[a] != self.inblossom[b]
            && self.dual[a].add(&self.dual[b]) >= w2;
        if !fits {
            self.dirty[a] = true;
            self.dirty_list.push(a);
        }
    }

    /// Takes the matched pair `a`–`b` out of the graph (the rest of the solution stays optimal
    /// or is repaired on the next [`Matching::solve`]).
    pub fn remove_pair(&mut self, a: usize, b: usize) {
        if self.solved
            && !(self.inblossom[a] == a && self.inblossom[b] == b && self.mate[a] == Some(b))
        {
            self.free(a);
            self.free(b);
        }
        for v in [a, b] {
            for u in 0..self.n {
                self.cls[v * self.n + u] = 0;
                self.cls[u * self.n + v] = 0;
            }
            self.active[v] = false;
            self.mate[v] = None;
            self.dual[v] = Wide::ZERO;
        }
    }

    /// Leaves `v` out of the graph until [`Matching::enter`]; only before the first solve.
    pub fn leave_out(&mut self, v: usize) {
        if !self.solved && v < self.n {
            self.active[v] = false;
        }
    }

    /// Brings back a vertex left out, exposed and without edges (set them next). A dual of
    /// zero keeps the kept solution optimal until an edge's weight says otherwise.
    pub fn enter(&mut self, v: usize) {
        if v < self.n && !self.active[v] {
            self.active[v] = true;
            self.mate[v] = None;
            self.dual[v] = Wide::ZERO;
        }
    }

    /// Whether `v` is in the graph and unmatched in the last solution.
    pub fn is_exposed(&self, v: usize) -> bool {
        self.active[v] && self.mate[v].is_none()
    }

    /// Adds `lift2[i] + lift2[j]` to twice the weight of every edge `i`–`j` in the graph and
    /// `lift2[v]` to each vertex's dual: every slack stays as it was, so the kept matching stays
    /// optimal among matched vertices, and an exposed vertex now has a positive dual, which the
    /// next [`Matching::solve`] searches from. Each `lift2` must be even.
    pub fn lift(&mut self, lift2: &[Wide<N>]) {
        let n = self.n;
        let live: Vec<usize> = (0..n).filter(|&v| self.active[v]).collect();
        for &i in &live {
            for &j in &live {
                let k = i * n + j;
                if i < j && self.cls[k] != 0 {
                    let w2 = self.w2(k).add(&lift2[i]).add(&lift2[j]);
                    let c = self.intern(w2);
                    self.cls[k] = c;
                    self.cls[j * n + i] = c;
                }
            }
            self.dual[i] = self.dual[i].add(&lift2[i]);
        }
        self.epoch += 1;
    }

    /// Makes `v` a single, exposed vertex, keeping every slack non-negative. Its former partner
    /// (or its blossom's) becomes exposed.
    fn free(&mut self, v: usize) {
        let b = self.inblossom[v];
        let base = if b < self.n {
            v
        } else {
            self.base[b].unwrap_or(v)
        };
        if let Some(m) = self.mate[base] {
            self.mate[base] = None;
            self.mate[m] = None;
        }
        if b >= self.n {
            self.augment_blossom(b, v);
            self.mate[v] = None;
            self.dissolve_to(v);
        } else {
            self.mate[v] = None;
        }
    }

    /// Dissolves the blossoms around `v`, which must be their base, moving each blossom's dual
    /// onto its vertices: edges inside keep their slack, edges leaving gain.
    fn dissolve_to(&mut self, v: usize) {
        loop {
            let b = self.inblossom[v];
            if b == v {
                return;
            }
            let z = self.dual[b];
            if !z.is_zero() {
                for leaf in self.leaves_of(b) {
                    self.dual[leaf] = self.dual[leaf].add(&z);
                }
                self.dual[b] = Wide::ZERO;
            }
            self.expand_blossom(b, true);
        }
    }

    /// Frees the vertices whose edges changed and gives each the smallest even dual that keeps
    /// its edges' slack non-negative; then makes every exposed dual even, so that all roots of
    /// the search share a parity (halving an outer–outer slack stays exact).
    fn repair(&mut self) {
        let dirty = std::mem::take(&mut self.dirty_list);
        for &v in &dirty {
            if self.active[v] {
                self.free(v);
            }
        }
        let one = Wide::from_u64(1);
        for &v in &dirty {
            self.dirty[v] = false;
            if !self.active[v] {
                continue;
            }
            let mut need = Wide::ZERO;
            for u in 0..self.n {
                if u != v && self.cls[v * self.n + u] != 0 {
                    let twice = self.w2(v * self.n + u);
                    if twice > self.dual[u] {
                        let d = twice.sub(&self.dual[u]);
                        if d > need {
                            need = d;
                        }
                    }
                }
            }
            if need.0[0] & 1 == 1 {
                need = need.add(&one);
            }
            self.dual[v] = need;
        }
        for v in 0..self.n {
            if self.active[v] && self.mate[v].is_none() && self.dual[v].0[0] & 1 == 1 {
                self.dissolve_to(v);
                self.dual[v] = self.dual[v].add(&one);
            }
        }
        self.pair_tight_exposed();
        self.dirty_list = dirty;
        self.dirty_list.clear();
    }

    /// Pairs exposed single vertices joined by a tight edge at once (a path of one edge between
    /// two exposed vertices): each such pair saves a stage of the search.
    fn pair_tight_exposed(&mut self) {
        for v in 0..self.n {
            if !self.active[v]
                || self.mate[v].is_some()
                || self.inblossom[v] != v
                || self.dual[v].is_zero()
            {
                continue;
            }
            let row = v * self.n;
            for u in 0..self.n {
                if u != v
                    && self.cls[row + u] != 0
                    && self.mate[u].is_none()
                    && self.inblossom[u] == u
                    && self.active[u]
                    && self.slack((v, u)).is_zero()
                {
                    self.mate[v] = Some(u);
                    self.mate[u] = Some(v);
                    break;
                }
            }
        }
    }

    /// Computes (or repairs) the maximum-weight matching; read it with [`Matching::mate_of`].
    pub fn solve(&mut self) {
        self.epoch += 1;
        if self.solved {
            self.repair();
        } else {
            let maxw = self.max_class().half();
            for v in 0..self.n {
                self.dual[v] = if self.active[v] { maxw } else { Wide::ZERO };
            }
            self.solved = true;
            self.pair_tight_exposed();
        }
        self.run();
    }

    /// The slack of `bestedge[x]`, computed once per epoch.
    fn best_slack_of(&mut self, x: usize) -> Option<Wide<N>> {
        let e = self.bestedge[x]?;
        if self.best_slack[x].0 != self.epoch {
            self.best_slack[x] = (self.epoch, self.slack(e));
        }
        Some(self.best_slack[x].1)
    }

    fn set_best(&mut self, x: usize, e: Edge, slack: Wide<N>) {
        self.bestedge[x] = Some(e);
        self.best_slack[x] = (self.epoch, slack);
    }

    fn has_edge(&self, i: usize, j: usize) -> bool {
        self.cls[i * self.n + j] != 0
    }

    /// Twice the weight of the edge at `k` (`i * n + j`).
    fn w2(&self, k: usize) -> Wide<N> {
        self.classes[self.cls[k] as usize]
    }

    /// The class of weight `w2`, creating it if new. Stale classes are dropped when the table
    /// has doubled since the last compaction, so it stays proportional to the weights in use.
    fn intern(&mut self, w2: Wide<N>) -> u32 {
        if let Some(&c) = self.class_of.get(&w2) {
            return c;
        }
        if self.classes.len() >= (2 * self.live_classes).max(1 << 16) {
            self.compact();
        }
        let c = self.classes.len() as u32;
        self.classes.push(w2);
        self.class_of.insert(w2, c);
        c
    }

    /// Renumbers the classes still used by some edge.
    fn compact(&mut self) {
        let mut renum: Vec<u32> = vec![u32::MAX; self.classes.len()];
        renum[0] = 0;
        let mut kept = vec![Wide::ZERO];
        for c in self.cls.iter_mut() {
            let old = *c as usize;
            if renum[old] == u32::MAX {
                renum[old] = kept.len() as u32;
                kept.push(self.classes[old]);
            }
            *c = renum[old];
        }
        self.class_of = kept
            .iter()
            .enumerate()
            .map(|(i, &w)| (w, i as u32))
            .collect();
        self.classes = kept;
        self.live_classes = self.classes.len();
    }

    /// The largest weight class in use (twice the largest weight).
    fn max_class(&self) -> Wide<N> {
        let mut used = vec![false; self.classes.len()];
        for &c in &self.cls {
            used[c as usize] = true;
        }
        (0..self.classes.len())
            .filter(|&c| used[c])
            .map(|c| self.classes[c])
            .max()
            .unwrap_or(Wide::ZERO)
    }

    fn slack(&self, (i, j): Edge) -> Wide<N> {
        self.dual[i].add_sub(&self.dual[j], &self.w2(i * self.n + j))
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.childs[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn set_allowed(&mut self, (i, j): Edge) {
        if !self.allowed[i * self.n + j] {
            self.allowed[i * self.n + j] = true;
            self.allowed[j * self.n + i] = true;
            self.allowed_list.push(i * self.n + j);
            self.allowed_list.push(j * self.n + i);
        }
    }

    fn assign_label(&mut self, w: usize, t: u8, src: Option<usize>) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        let le = src.map(|s| (s, w));
        self.labelend[w] = le;
        self.labelend[b] = le;
        self.bestedge[w] = None;
        self.bestedge[b] = None;
        if t == OUTER {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else if let Some(base) = self.base[b]
            && let Some(m) = self.mate[base]
        {
            self.assign_label(m, OUTER, Some(base));
        }
    }

    /// Traces back from `v` and `w` to find a common ancestor base (a new blossom) or `None`
    /// (an augmenting path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(cur) = v {
            let b = self.inblossom[cur];
            if self.label[b] & MARK != 0 {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = OUTER | MARK;
            v = match self.labelend[b] {
                None => None,
                Some((t, _)) => {
                    let bt = self.inblossom[t];
                    self.labelend[bt].map(|(s, _)| s)
                }
            };
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        found
    }

    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unused.pop() else { return };
        self.blossom_top = self.blossom_top.max(b + 1);
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[bb] = Some(b);
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = Some(b);
            path.push(bv);
            let Some(le) = self.labelend[bv] else { break };
            endps.push(le);
            bv = self.inblossom[le.0];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push((v, w));
        while bw != bb {
            self.parent[bw] = Some(b);
            path.push(bw);
            let Some(le) = self.labelend[bw] else { break };
            endps.push((le.1, le.0));
            bw = self.inblossom[le.0];
        }
        self.childs[b] = path.clone();
        self.endps[b] = endps;
        self.label[b] = OUTER;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = Wide::ZERO;
        for leaf in self.leaves_of(b) {
            if self.label[self.inblossom[leaf]] == INNER {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        let mut bestto: Vec<Option<(Edge, Wide<N>)>> = vec![None; 2 * self.n];
        for &c in &path {
            match self.blossom_best[c].take() {
                Some(list) => {
                    for (i, j) in list {
                        self.consider_best(&mut bestto, b, (i, j));
                    }
                }
                None => {
                    let mut leaves = Vec::new();
                    self.leaves(c, &mut leaves);
                    for leaf in leaves {
                        for j in 0..self.n {
                            if j != leaf && self.has_edge(leaf, j) {
                                self.consider_best(&mut bestto, b, (leaf, j));
                            }
                        }
                    }
                }
            }
            self.bestedge[c] = None;
        }
        let mut best: Option<(Edge, Wide<N>)> = None;
        let mut list = Vec::new();
        for (e, s) in bestto.into_iter().flatten() {
            list.push(e);
            if best.is_none_or(|(_, bs)| s < bs) {
                best = Some((e, s));
            }
        }
        self.blossom_best[b] = Some(list);
        self.bestedge[b] = None;
        if let Some((e, s)) = best {
            self.set_best(b, e, s);
        }
    }

    /// Keeps in `bestto` the least-slack edge from new blossom `b` to each outer blossom.
    fn consider_best(&self, bestto: &mut [Option<(Edge, Wide<N>)>], b: usize, (i, j): Edge) {
        let bj = self.inblossom[j];
        if bj != b && self.label[bj] == OUTER {
            let s = self.slack((i, j));
            if bestto[bj].is_none_or(|(_, bs)| s < bs) {
                bestto[bj] = Some(((i, j), s));
            }
        }
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = std::mem::take(&mut self.childs[b]);
        for &s in &childs {
            self.parent[s] = None;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        let endps = std::mem::take(&mut self.endps[b]);
        if !endstage
            && self.label[b] == INNER
            && let Some(le) = self.labelend[b]
        {
            let len = childs.len() as isize;
            let at = |j: isize| (j.rem_euclid(len)) as usize;
            let entry = self.inblossom[le.1];
            let Some(pos) = childs.iter().position(|&c| c == entry) else {
                return;
            };
            let mut j = pos as isize;
            let forward = j & 1 == 1;
            if forward {
                j -= len;
            }
            let step: isize = if forward { 1 } else { -1 };
            // The edge from the current child to the next one in the walking direction.
            let next_edge = |j: isize| -> Edge {
                if forward {
                    endps[at(j)]
                } else {
                    let (a, c) = endps[at(j - 1)];
                    (c, a)
                }
            };
            let mut p = le;
            while j != 0 {
                self.label[p.1] = FREE;
                let q = next_edge(j);
                self.label[q.1] = FREE;
                self.assign_label(p.1, INNER, Some(p.0));
                self.set_allowed(q);
                j += step;
                p = next_edge(j);
                self.set_allowed(p);
                j += step;
            }
            let bv = childs[at(j)];
            self.label[p.1] = INNER;
            self.label[bv] = INNER;
            self.labelend[p.1] = Some(p);
            self.labelend[bv] = Some(p);
            self.bestedge[bv] = None;
            j += step;
            while childs[at(j)] != entry {
                let bv = childs[at(j)];
                if self.label[bv] == OUTER {
                    j += step;
                    continue;
                }
                let labelled = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&v| self.label[v] != FREE);
                if let Some(v) = labelled {
                    self.label[v] = FREE;
                    if let Some(bb) = self.base[bv]
                        && let Some(m) = self.mate[bb]
                    {
                        self.label[m] = FREE;
                    }
                    let src = self.labelend[v].map(|e| e.0);
                    self.assign_label(v, INNER, src);
                }
                j += step;
            }
        }
        self.label[b] = FREE;
        self.labelend[b] = None;
        self.base[b] = None;
        self.blossom_best[b] = None;
        self.bestedge[b] = None;
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges inside blossom `b` so that `v` becomes its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            match self.parent[t] {
                Some(p) => t = p,
                None => return,
            }
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[b].len() as isize;
        let at = |j: isize| (j.rem_euclid(len)) as usize;
        let Some(i) = self.childs[b].iter().position(|&c| c == t) else {
            return;
        };
        let mut j = i as isize;
        let forward = j & 1 == 1;
        if forward {
            j -= len;
        }
        let step: isize = if forward { 1 } else { -1 };
        while j != 0 {
            j += step;
            let child = self.childs[b][at(j)];
            let p = if forward {
                self.endps[b][at(j)]
            } else {
                let (a, c) = self.endps[b][at(j - 1)];
                (c, a)
            };
            if child >= self.n {
                self.augment_blossom(child, p.0);
            }
            j += step;
            let child = self.childs[b][at(j)];
            if child >= self.n {
                self.augment_blossom(child, p.1);
            }
            self.mate[p.0] = Some(p.1);
            self.mate[p.1] = Some(p.0);
        }
        self.childs[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        let first = self.childs[b][0];
        self.base[b] = self.base[first];
    }

    fn augment_matching(&mut self, v: usize, w: usize) {
        self.flip_to_root(v, Some(w));
        self.flip_to_root(w, Some(v));
    }

    /// Matches `s` to `partner` (or leaves it exposed) and flips the alternating path from `s`
    /// to the root of its tree.
    fn flip_to_root(&mut self, s: usize, partner: Option<usize>) {
        let (mut s, mut j) = (s, partner);
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = j;
            let Some((t, _)) = self.labelend[bs] else {
                break;
            };
            let bt = self.inblossom[t];
            let Some((s2, j2)) = self.labelend[bt] else {
                break;
            };
            if bt >= self.n {
                self.augment_blossom(bt, j2);
            }
            self.mate[j2] = Some(s2);
            s = s2;
            j = Some(j2);
        }
    }

    /// The base vertex of top-level blossom `b`.
    fn base_of(&self, b: usize) -> usize {
        if b < self.n {
            b
        } else {
            self.base[b].unwrap_or(b)
        }
    }

    /// The primal-dual stages. The roots are the exposed vertices with a positive dual; a stage
    /// ends with an augmenting path to another root or to an exposed vertex of dual zero, or when
    /// a labelled vertex's dual reaches zero (it is then made exposed).
    fn run(&mut self) {
        let n = self.n;
        // Only the vertices in the graph and the blossoms ever made are visited.
        let mut live = std::mem::take(&mut self.live);
        live.clear();
        live.extend((0..n).filter(|&v| self.active[v]));
        let top = self.blossom_top;
        for v in (0..n).chain(n..top) {
            self.label[v] = FREE;
            self.labelend[v] = None;
            self.bestedge[v] = None;
        }
        let mut stages = 0usize;
        loop {
            stages += 1;
            if stages > 4 * n + 16 {
                break;
            }
            for &v in &live {
                self.label[v] = FREE;
                self.labelend[v] = None;
                self.bestedge[v] = None;
            }
            for b in n..self.blossom_top {
                self.label[b] = FREE;
                self.labelend[b] = None;
                self.bestedge[b] = None;
                self.blossom_best[b] = None;
            }
            for k in std::mem::take(&mut self.allowed_list) {
                self.allowed[k] = false;
            }
            self.queue.clear();
            let mut roots = false;
            for &v in &live {
                if self.active[v]
                    && self.mate[v].is_none()
                    && !self.dual[v].is_zero()
                    && self.label[self.inblossom[v]] == FREE
                {
                    self.assign_label(v, OUTER, None);
                    roots = true;
                }
            }
            if !roots {
                break;
            }
            let mut augmented = false;
            // Each stage makes at most O(n) dual adjustments; the bound only guards against a
            // logic error turning into a hang.
            let mut guard = 0usize;
            loop {
                guard += 1;
                if guard > 16 * n + 64 {
                    break;
                }
                while let Some(v) = self.queue.pop() {
                    for &w in &live {
                        if w == v || self.cls[v * n + w] == 0 {
                            continue;
                        }
                        let bv = self.inblossom[v];
                        let bw = self.inblossom[w];
                        if bv == bw {
                            continue;
                        }
                        let mut kslack = Wide::ZERO;
                        if !self.allowed[v * n + w] {
                            kslack = self.slack((v, w));
                            if kslack.is_zero() {
                                self.set_allowed((v, w));
                            }
                        }
                        if self.allowed[v * n + w] {
                            if self.label[bw] == FREE {
                                if self.mate[self.base_of(bw)].is_none() {
                                    // An exposed vertex of dual zero: an augmenting path.
                                    self.labelend[bw] = None;
                                    self.augment_matching(v, w);
                                    augmented = true;
                                    break;
                                }
                                self.assign_label(w, INNER, Some(v));
                            } else if self.label[bw] == OUTER {
                                match self.scan_blossom(v, w) {
                                    Some(base) => self.add_blossom(base, v, w),
                                    None => {
                                        self.augment_matching(v, w);
                                        augmented = true;
                                        break;
                                    }
                                }
                            } else if self.label[w] == FREE {
                                self.label[w] = INNER;
                                self.labelend[w] = Some((v, w));
                            }
                        } else if self.label[bw] == OUTER {
                            if self.best_slack_of(bv).is_none_or(|s| kslack < s) {
                                self.set_best(bv, (v, w), kslack);
                            }
                        } else if self.label[w] == FREE
                            && self.best_slack_of(w).is_none_or(|s| kslack < s)
                        {
                            self.set_best(w, (v, w), kslack);
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // Choose the dual adjustment: first the smallest dual of an outer vertex (an
                // exposed one on ties, so a finished search changes nothing).
                let mut kind = 0u8;
                let mut delta = Wide::ZERO;
                let mut zero_vertex = 0usize;
                for &v in &live {
                    if self.label[self.inblossom[v]] == OUTER {
                        let d = self.dual[v];
                        let better = kind == 0
                            || d < delta
                            || (d == delta
                                && self.mate[v].is_none()
                                && self.mate[zero_vertex].is_some());
                        if better {
                            delta = d;
                            kind = 1;
                            zero_vertex = v;
                        }
                    }
                }
                if kind == 0 {
                    break;
                }
                let mut target: Option<Edge> = None;
                let mut target_blossom = 0usize;
                for &v in &live {
                    if self.label[self.inblossom[v]] == FREE
                        && let Some(e) = self.bestedge[v]
                        && let Some(d) = self.best_slack_of(v)
                        && d < delta
                    {
                        delta = d;
                        kind = 2;
                        target = Some(e);
                    }
                }
                let top = self.blossom_top;
                for b in live.iter().copied().chain(n..top) {
                    if self.parent[b].is_none()
                        && self.label[b] == OUTER
                        && let Some(e) = self.bestedge[b]
                        && let Some(d) = self.best_slack_of(b)
                    {
                        let d = d.half();
                        if d < delta {
                            delta = d;
                            kind = 3;
                            target = Some(e);
                        }
                    }
                }
                for b in n..top {
                    if self.base[b].is_some()
                        && self.parent[b].is_none()
                        && self.label[b] == INNER
                        && self.dual[b] < delta
                    {
                        delta = self.dual[b];
                        kind = 4;
                        target_blossom = b;
                    }
                }
                self.epoch += 1;
                for &v in &live {
                    match self.label[self.inblossom[v]] {
                        OUTER => self.dual[v] = self.dual[v].sub(&delta),
                        INNER => self.dual[v] = self.dual[v].add(&delta),
                        _ => {}
                    }
                }
                for b in n..top {
                    if self.base[b].is_some() && self.parent[b].is_none() {
                        match self.label[b] {
                            OUTER => self.dual[b] = self.dual[b].add(&delta),
                            INNER => self.dual[b] = self.dual[b].sub(&delta),
                            _ => {}
                        }
                    }
                }
                match (kind, target) {
                    (1, _) => {
                        // The vertex may stay exposed: flip the path from its root to it.
                        if self.mate[zero_vertex].is_some() {
                            self.flip_to_root(zero_vertex, None);
                        }
                        augmented = true;
                        break;
                    }
                    (2, Some((i, j))) => {
                        self.set_allowed((i, j));
                        let s = if self.label[self.inblossom[i]] == FREE {
                            j
                        } else {
                            i
                        };
                        self.queue.push(s);
                    }
                    (3, Some((i, j))) => {
                        self.set_allowed((i, j));
                        self.queue.push(i);
                    }
                    (4, _) => self.expand_blossom(target_blossom, false),
                    _ => break,
                }
            }
            if !augmented {
                break;
            }
            // Blossoms of dual zero are rebuilt when needed: keeping them makes later stages
            // recompute their edge lists, which costs more.
            for b in n..self.blossom_top {
                if self.parent[b].is_none()
                    && self.base[b].is_some()
                    && self.label[b] == OUTER
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        self.live = live;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn brute(n: usize, w: &[u64]) -> u64 {
        fn go(n: usize, w: &[u64], used: u32, i: usize) -> u64 {
            if i == n {
                return 0;
            }
            if used & (1 << i) != 0 {
                return go(n, w, used, i + 1);
            }
            let mut best = go(n, w, used | (1 << i), i + 1);
            for j in i + 1..n {
                if used & (1 << j) == 0 && w[i * n + j] > 0 {
                    best = best.max(w[i * n + j] + go(n, w, used | (1 << i) | (1 << j), i + 1));
                }
            }
            best
        }
        go(n, w, 0, 0)
    }

    fn run(n: usize, w: &[u64]) -> (Vec<usize>, u64) {
        let ww: Vec<Wide<1>> = w.iter().map(|&x| Wide::from_u64(x)).collect();
        let mate = max_weight_matching(n, &ww);
        let mut total = 0;
        for v in 0..n {
            if mate[v] > v {
                total += w[v * n + mate[v]];
            }
        }
        (mate, total)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn matches_brute_force(n in 1usize..11, seed in proptest::collection::vec(0u64..20, 121)) {
            let mut w = vec![0u64; n * n];
            for i in 0..n {
                for j in i + 1..n {
                    let x = seed[i * 11 + j];
                    let x = if x < 6 { 0 } else { x };
                    w[i * n + j] = x;
                    w[j * n + i] = x;
                }
            }
            let (mate, total) = run(n, &w);
            for v in 0..n {
                prop_assert_eq!(mate[mate[v]], v);
                if mate[v] != v {
                    prop_assert!(w[v * n + mate[v]] > 0);
                }
            }
            prop_assert_eq!(total, brute(n, &w));
        }
    }

    fn total(m: &Matching<1>, n: usize, w: &[u64]) -> u64 {
        let mut t = 0;
        for v in 0..n {
            let u = m.mate_of(v);
            if u > v {
                assert_eq!(m.mate_of(u), v, "the matching is symmetric");
                assert!(w[v * n + u] > 0, "only edges are matched");
                t += w[v * n + u];
            }
        }
        t
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// The repaired matching stays optimal through weight changes around a few vertices and
        /// the removal of matched pairs, as the Dutch engine uses it.
        #[test]
        fn repair_matches_brute_force(
            n in 2usize..11,
            seed in proptest::collection::vec(0u64..24, 121),
            steps in proptest::collection::vec((0usize..11, 0usize..11, 0u64..24, 0u8..4), 1..12),
        ) {
            let mut w = vec![0u64; n * n];
            let mut m = Matching::<1>::new(n);
            for i in 0..n {
                for j in i + 1..n {
                    let x = seed[i * 11 + j];
                    let x = if x < 6 { 0 } else { x };
                    w[i * n + j] = x;
                    w[j * n + i] = x;
                    m.set_weight(i, j, Wide::from_u64(x));
                }
            }
            let mut gone = vec![false; n];
            m.solve();
            prop_assert_eq!(total(&m, n, &w), brute(n, &w));
            for (a, b, x, op) in steps {
                let (a, b) = (a % n, b % n);
                if op == 0 {
                    // Take out a matched pair.
                    let u = m.mate_of(a);
                    if u == a || gone[a] {
                        continue;
                    }
                    m.remove_pair(a, u);
                    for v in [a, u] {
                        gone[v] = true;
                        for k in 0..n {
                            w[v * n + k] = 0;
                            w[k * n + v] = 0;
                        }
                    }
                } else {
                    // Change every edge of `a` (op 1) or one edge (otherwise).
                    if gone[a] {
                        continue;
                    }
                    for k in 0..n {
                        if k == a || gone[k] || (op != 1 && k != b) {
                            continue;
                        }
                        let y = (x * (k as u64 + 3) + op as u64) % 24;
                        let y = if y < 5 { 0 } else { y };
                        w[a * n + k] = y;
                        w[k * n + a] = y;
                        m.set_weight(a, k, Wide::from_u64(y));
                    }
                }
                m.solve();
                prop_assert_eq!(total(&m, n, &w), brute(n, &w));
            }
        }
    }

    /// Many short-lived weights: the class table is compacted and the kept weights survive it.
    #[test]
    fn weight_classes_are_compacted() {
        let n = 8;
        let mut m = Matching::<1>::new(n);
        let mut w = vec![0u64; n * n];
        m.solve();
        for k in 0..200_000u64 {
            let (i, j) = ((k % 7) as usize, 7);
            let x = 1_000 + k;
            w[i * n + j] = x;
            w[j * n + i] = x;
            m.set_weight(i, j, Wide::from_u64(x));
            if k % 50_000 == 0 {
                m.solve();
                assert_eq!(total(&m, n, &w), brute(n, &w));
            }
        }
        for (i, j, x) in [(0, 1, 5u64), (2, 3, 9), (4, 5, 2), (1, 6, 30)] {
            w[i * n + j] = x;
            w[j * n + i] = x;
            m.set_weight(i, j, Wide::from_u64(x));
        }
        m.solve();
        assert!(
            m.classes.len() < 100_000,
            "{} classes kept",
            m.classes.len()
        );
        assert_eq!(total(&m, n, &w), brute(n, &w));
    }

    #[test]
    fn blossom_case() {
        // A triangle with a pendant: the odd cycle must be shrunk to find the optimum.
        let n = 4;
        let mut w = vec![0u64; 16];
        for &(i, j, x) in &[(0, 1, 8), (1, 2, 9), (0, 2, 10), (2, 3, 7)] {
            w[i * n + j] = x;
            w[j * n + i] = x;
        }
        let (mate, total) = run(n, &w);
        assert_eq!(total, 15);
        assert_eq!(mate[2], 3);
    }
}
