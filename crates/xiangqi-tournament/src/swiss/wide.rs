//! Fixed-width unsigned integers for matching weights.
//!
//! The Dutch criteria are ranked lexicographically; each becomes a bit field of one edge weight,
//! so a weight needs a few hundred bits for a large tournament. `Wide<N>` holds `N` 64-bit limbs,
//! least significant first. All arithmetic wraps (the matcher keeps its values non-negative by
//! construction), so nothing here can panic.

use std::cmp::Ordering;

/// An unsigned integer of `64 * N` bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> Wide<N> {
    /// Zero.
    pub const ZERO: Self = Self([0; N]);

    /// The value `v`.
    #[inline]
    pub fn from_u64(v: u64) -> Self {
        let mut r = Self::ZERO;
        if N > 0 {
            r.0[0] = v;
        }
        r
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// `self + o`, wrapping.
    #[must_use]
    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        let mut r = Self::ZERO;
        let mut carry = false;
        for i in 0..N {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            r.0[i] = s2;
            carry = c1 || c2;
        }
        r
    }

    /// `self - o`, wrapping.
    #[must_use]
    #[inline]
    pub fn sub(&self, o: &Self) -> Self {
        let mut r = Self::ZERO;
        let mut borrow = false;
        for i in 0..N {
            let (d1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            r.0[i] = d2;
            borrow = b1 || b2;
        }
        r
    }

    /// `self + o - c`, wrapping, in one pass (the slack of an edge).
    #[must_use]
    #[inline]
    pub fn add_sub(&self, o: &Self, c: &Self) -> Self {
        let mut r = Self::ZERO;
        let (mut carry, mut borrow) = (false, false);
        for i in 0..N {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            carry = c1 || c2;
            let (d1, b1) = s2.overflowing_sub(c.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            borrow = b1 || b2;
            r.0[i] = d2;
        }
        r
    }

    /// `self - v`, wrapping.
    #[must_use]
    pub fn sub_u64(&self, v: u64) -> Self {
        self.sub(&Self::from_u64(v))
    }

    /// `self << k` (bits shifted past the top are lost).
    #[must_use]
    #[inline]
    pub fn shl(&self, k: u32) -> Self {
        let mut r = Self::ZERO;
        let limbs = (k / 64) as usize;
        if limbs >= N {
            return r;
        }
        let bits = k % 64;
        if bits == 0 {
            r.0[limbs..].copy_from_slice(&self.0[..N - limbs]);
        } else {
            r.0[limbs] = self.0[0] << bits;
            for i in limbs + 1..N {
                let src = i - limbs;
                r.0[i] = (self.0[src] << bits) | (self.0[src - 1] >> (64 - bits));
            }
        }
        r
    }

    /// `self + (v << k)`, wrapping (bits shifted past the top are lost): lays a field into a
    /// weight without shifting the whole of it.
    #[inline]
    #[must_use]
    pub fn add_u64_shl(&self, v: u64, k: u32) -> Self {
        let limb = (k / 64) as usize;
        if limb >= N || v == 0 {
            return *self;
        }
        let bits = k % 64;
        let mut r = *self;
        let (s, mut carry) = r.0[limb].overflowing_add(v << bits);
        r.0[limb] = s;
        let mut add = if bits == 0 { 0 } else { v >> (64 - bits) };
        for i in limb + 1..N {
            if add == 0 && !carry {
                break;
            }
            let (s1, c1) = r.0[i].overflowing_add(add);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            r.0[i] = s2;
            carry = c1 || c2;
            add = 0;
        }
        r
    }

    /// `self >> 1`.
    #[must_use]
    #[inline]
    pub fn half(&self) -> Self {
        let mut r = Self::ZERO;
        for i in 0..N {
            let hi = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            r.0[i] = (self.0[i] >> 1) | hi;
        }
        r
    }

    /// Bitwise or.
    #[must_use]
    #[inline]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..N {
            r.0[i] |= o.0[i];
        }
        r
    }

    /// `2^k`.
    pub fn bit(k: u32) -> Self {
        Self::from_u64(1).shl(k)
    }

    /// `2^k - 1`.
    pub fn ones(k: u32) -> Self {
        Self::bit(k).sub_u64(1)
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, o: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn to_u128(w: Wide<2>) -> u128 {
        u128::from(w.0[0]) | (u128::from(w.0[1]) << 64)
    }

    fn from_u128(v: u128) -> Wide<2> {
        Wide([v as u64, (v >> 64) as u64])
    }

    proptest! {
        #[test]
        fn arithmetic_matches_u128(a: u128, b: u128, k in 0u32..128) {
            prop_assert_eq!(to_u128(from_u128(a).add(&from_u128(b))), a.wrapping_add(b));
            prop_assert_eq!(to_u128(from_u128(a).sub(&from_u128(b))), a.wrapping_sub(b));
            prop_assert_eq!(to_u128(from_u128(a).shl(k)), a << k);
            prop_assert_eq!(to_u128(from_u128(a).half()), a >> 1);
            prop_assert_eq!(
                to_u128(from_u128(a).add_sub(&from_u128(b), &from_u128(k.into()))),
                a.wrapping_add(b).wrapping_sub(k.into())
            );
            prop_assert_eq!(from_u128(a).cmp(&from_u128(b)), a.cmp(&b));
            let v = b as u64;
            prop_assert_eq!(
                to_u128(from_u128(a).add_u64_shl(v, k)),
                a.wrapping_add(u128::from(v) << k)
            );
        }
    }
}
