//! Maximum-weight matching on a dense general graph (Edmonds' blossom algorithm with the
//! primal-dual method, as described by Galil, "Efficient algorithms for finding maximum matching
//! in graphs", ACM Computing Surveys 1986). O(n³) per call.
//!
//! Written here rather than taken from a crate because the Dutch weights are several hundred bits
//! wide: the maintained Rust matchers (rustworkx-core) take `i128` weights at most.
//!
//! A weight of zero means "no edge". Dual variables are kept non-negative, so unsigned wide
//! integers suffice; vertex duals start at the largest weight.

use super::wide::Wide;

/// A directed view of an edge: `(from, to)`.
type Edge = (usize, usize);

const FREE: u8 = 0;
const OUTER: u8 = 1; // S
const INNER: u8 = 2; // T
const MARK: u8 = 4; // temporary mark while scanning for a blossom

/// Computes a maximum-weight matching of the complete graph on `n` vertices whose weights are
/// `w[i * n + j]` (symmetric; zero = no edge). Returns `mate`, with `mate[v] == v` for an
/// unmatched vertex.
pub fn max_weight_matching<const N: usize>(n: usize, w: &[Wide<N>]) -> Vec<usize> {
    if n == 0 || w.len() != n * n {
        return (0..n).collect();
    }
    let mut m = Matcher::new(n, w);
    m.solve();
    (0..n).map(|v| m.mate[v].unwrap_or(v)).collect()
}

struct Matcher<'a, const N: usize> {
    n: usize,
    w: &'a [Wide<N>],
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
    blossom_best: Vec<Option<Vec<Edge>>>,
    unused: Vec<usize>,
    dual: Vec<Wide<N>>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
}

impl<'a, const N: usize> Matcher<'a, N> {
    fn new(n: usize, w: &'a [Wide<N>]) -> Self {
        let maxw = w.iter().copied().max().unwrap_or(Wide::ZERO);
        let mut dual = vec![Wide::ZERO; 2 * n];
        for d in dual.iter_mut().take(n) {
            *d = maxw;
        }
        Self {
            n,
            w,
            mate: vec![None; n],
            label: vec![FREE; 2 * n],
            labelend: vec![None; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..2 * n).map(|b| (b < n).then_some(b)).collect(),
            bestedge: vec![None; 2 * n],
            blossom_best: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual,
            allowed: vec![false; n * n],
            queue: Vec::new(),
        }
    }

    fn weight(&self, i: usize, j: usize) -> Wide<N> {
        self.w[i * self.n + j]
    }

    fn slack(&self, (i, j): Edge) -> Wide<N> {
        let wt = self.weight(i, j);
        self.dual[i].add(&self.dual[j]).sub(&wt.add(&wt))
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
        self.allowed[i * self.n + j] = true;
        self.allowed[j * self.n + i] = true;
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
        let mut bestto: Vec<Option<Edge>> = vec![None; 2 * self.n];
        for &c in &path {
            let lists: Vec<Edge> = match self.blossom_best[c].take() {
                Some(list) => list,
                None => {
                    let mut l = Vec::new();
                    for leaf in self.leaves_of(c) {
                        for j in 0..self.n {
                            if j != leaf && !self.weight(leaf, j).is_zero() {
                                l.push((leaf, j));
                            }
                        }
                    }
                    l
                }
            };
            for (i, j) in lists {
                let bj = self.inblossom[j];
                if bj != b && self.label[bj] == OUTER {
                    let better = match bestto[bj] {
                        None => true,
                        Some(e) => self.slack((i, j)) < self.slack(e),
                    };
                    if better {
                        bestto[bj] = Some((i, j));
                    }
                }
            }
            self.bestedge[c] = None;
        }
        let list: Vec<Edge> = bestto.into_iter().flatten().collect();
        let mut best: Option<Edge> = None;
        for &e in &list {
            if best.is_none_or(|be| self.slack(e) < self.slack(be)) {
                best = Some(e);
            }
        }
        self.blossom_best[b] = Some(list);
        self.bestedge[b] = best;
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
        for (start, partner) in [(v, w), (w, v)] {
            let (mut s, mut j) = (start, partner);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = Some(j);
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
                j = j2;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _stage in 0..n {
            self.label.iter_mut().for_each(|l| *l = FREE);
            self.bestedge.iter_mut().for_each(|e| *e = None);
            for b in n..2 * n {
                self.blossom_best[b] = None;
            }
            self.allowed.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v].is_none() && self.label[self.inblossom[v]] == FREE {
                    self.assign_label(v, OUTER, None);
                }
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
                    for w in 0..n {
                        if w == v || self.weight(v, w).is_zero() {
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
                            if self.bestedge[bv].is_none_or(|e| kslack < self.slack(e)) {
                                self.bestedge[bv] = Some((v, w));
                            }
                        } else if self.label[w] == FREE
                            && self.bestedge[w].is_none_or(|e| kslack < self.slack(e))
                        {
                            self.bestedge[w] = Some((v, w));
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // Choose the dual adjustment.
                let mut kind = 1u8;
                let mut delta = self.dual[..n].iter().copied().min().unwrap_or(Wide::ZERO);
                let mut target: Option<Edge> = None;
                let mut target_blossom = 0usize;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == FREE
                        && let Some(e) = self.bestedge[v]
                    {
                        let d = self.slack(e);
                        if d < delta {
                            delta = d;
                            kind = 2;
                            target = Some(e);
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.parent[b].is_none()
                        && self.label[b] == OUTER
                        && let Some(e) = self.bestedge[b]
                    {
                        let d = self.slack(e).half();
                        if d < delta {
                            delta = d;
                            kind = 3;
                            target = Some(e);
                        }
                    }
                }
                for b in n..2 * n {
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
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        OUTER => self.dual[v] = self.dual[v].sub(&delta),
                        INNER => self.dual[v] = self.dual[v].add(&delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.base[b].is_some() && self.parent[b].is_none() {
                        match self.label[b] {
                            OUTER => self.dual[b] = self.dual[b].add(&delta),
                            INNER => self.dual[b] = self.dual[b].sub(&delta),
                            _ => {}
                        }
                    }
                }
                match (kind, target) {
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
            for b in n..2 * n {
                if self.parent[b].is_none()
                    && self.base[b].is_some()
                    && self.label[b] == OUTER
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
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
