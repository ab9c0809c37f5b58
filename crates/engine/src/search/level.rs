//! Playing levels: a level is a midgame depth, the confidence of its
//! selective cuts, and the number of empties from which the endgame is
//! solved exactly instead (the three numbers of Edax's levels, always told
//! apart).

use std::ops::RangeInclusive;

use super::probcut::selectivity;
use super::Limits;

/// Highest level.
pub const MAX_LEVEL: u32 = 30;
/// The levels.
pub const LEVELS: RangeInclusive<u32> = 1..=MAX_LEVEL;

/// What a level means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Midgame search depth.
    pub depth: u32,
    /// Confidence of the Multi-ProbCut cuts in percent (100: none).
    pub confidence: u32,
    /// Positions with this many empties or fewer are solved exactly.
    pub exact_from: u32,
}

impl Level {
    /// Level `n`: depth `n`; selective from depth 5 (95%, and 87% from
    /// depth 13); exact solve from twice the depth, at most 26 empties
    /// (about a second with this solver). `None` outside [`LEVELS`] (the
    /// options reader says why).
    pub fn new(n: u32) -> Option<Level> {
        if !LEVELS.contains(&n) {
            return None;
        }
        let confidence = match n {
            1..=4 => 100,
            5..=12 => 95,
            _ => 87,
        };
        Some(Level {
            depth: n,
            confidence,
            exact_from: (2 * n).min(26),
        })
    }

    /// The search limits of the level.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: Some(self.depth),
            selectivity: selectivity(self.confidence).expect("levels use listed confidences"),
            exact_from: Some(self.exact_from),
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_depth_and_endgame() {
        let mut previous = Level::new(1).unwrap();
        for n in 2..=MAX_LEVEL {
            let level = Level::new(n).unwrap();
            assert!(level.depth > previous.depth);
            assert!(level.exact_from >= previous.exact_from);
            assert_eq!(level.limits().depth, Some(n));
            previous = level;
        }
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(MAX_LEVEL + 1), None);
    }
}
