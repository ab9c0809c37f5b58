//! The engine's one random generator (SplitMix64), small and deterministic:
//! the random players of both boards, random openings, the book's variety, self-play and
//! test data draw from it, and the same seed always gives the same draws.

/// SplitMix64: 64 bits of state, one multiply-xorshift round per draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `[0, 1)` (53 random bits).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `0..n` (`n > 0`); the modulo bias is below 2^-58.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A seed for game `index` of a series started from `seed` (distinct streams).
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_draws() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let draws: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        assert_eq!(draws, (0..4).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(draws[0], Rng::new(8).next_u64());
        assert!((0..100).all(|_| a.below(5) < 5));
    }
}
