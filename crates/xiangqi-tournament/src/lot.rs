//! Drawing lots (抽签) from a seed, so the same seed always gives the same draw.
//!
//! The generator is SplitMix64 (Steele, Lea, Flood 2014): tiny, well mixed and fully
//! specified, so a lot drawn today can be redrawn from its event years later.

/// A seeded source of lots.
#[derive(Debug, Clone)]
pub struct Lot {
    state: u64,
}

/// A mix of a round's seed and a line (a bracket line, a redraw), so that every line draws its
/// own lot from the one seed its event keeps.
pub(crate) fn line_seed(seed: u64, line: usize) -> u64 {
    Lot::new(seed ^ (line as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

impl Lot {
    /// A lot drawn from `seed`, the number kept in the event that drew it.
    #[must_use]
    pub fn new(seed: u64) -> Lot {
        Lot { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (0 when `n` is 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Heads or tails: `true` with probability ½.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draw() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        Lot::new(7).shuffle(&mut a);
        Lot::new(7).shuffle(&mut b);
        assert_eq!(a, b);
        let mut c: Vec<u32> = (0..20).collect();
        Lot::new(8).shuffle(&mut c);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn below_stays_in_range() {
        let mut lot = Lot::new(1);
        assert!((0..1000).all(|_| lot.below(6) < 6));
        assert_eq!(lot.below(0), 0);
    }
}
