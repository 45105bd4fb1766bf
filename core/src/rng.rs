//! Seeded, portable randomness. Every random choice in the engine (wall shuffle, dice, bots)
//! goes through [`Rng`], so a seed reproduces a game on any platform and build.
//!
//! A minimal SplitMix64 generator: small, fast and good enough for shuffling; the API
//! (`new`, `next_u64`, `below`) is the one the rest of the workspace relies on.

/// A deterministic pseudo-random generator (SplitMix64).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole output is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (0 when `n` is 0). Uses rejection so no value is favoured,
    /// which keeps shuffles unbiased.
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_below_stays_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            assert!(a.below(6) < 6);
            b.below(6);
        }
        assert_eq!(Rng::new(1).below(0), 0);
    }
}
