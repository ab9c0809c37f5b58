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

/// The most empties a level solves exactly. Measured (docs/benchmarks.md,
/// "Levels measured"): level 12 solving from 22 empties scored 49.4%
/// against the same level solving from 24 in 27% of its time, and the
/// page's Expert (level 14, 3 s a move) from 22 scored 50.0% against
/// itself from 26 in 32% of its time: beyond 22 empties the solve costs
/// several times a move's midgame search and wins nothing.
pub const MAX_EXACT_FROM: u32 = 22;

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
    /// depth 13); exact solve from twice the depth, at most
    /// [`MAX_EXACT_FROM`] empties. `None` outside [`LEVELS`] (the options
    /// reader says why).
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
            exact_from: (2 * n).min(MAX_EXACT_FROM),
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
            assert!(level.exact_from <= MAX_EXACT_FROM);
            assert_eq!(level.limits().exact_from, Some(level.exact_from));
            previous = level;
        }
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(MAX_LEVEL + 1), None);
    }
}
