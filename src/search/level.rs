//! Playing levels: a level is a midgame depth, the confidence of its
//! selective cuts, and the number of empties from which the endgame is
//! solved exactly instead (engines.md: tell the three apart).

use super::probcut::selectivity;
use super::Limits;

/// Highest level.
pub const MAX_LEVEL: u32 = 30;

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
    /// Level `n` (1 to [`MAX_LEVEL`]): depth `n`; selective from depth 5
    /// (95%, and 87% from depth 13); exact solve from twice the depth, at
    /// most 26 empties (about a second with this solver).
    pub fn new(n: u32) -> Result<Level, String> {
        if !(1..=MAX_LEVEL).contains(&n) {
            return Err(format!("level {n} is not from 1 to {MAX_LEVEL}"));
        }
        let confidence = match n {
            1..=4 => 100,
            5..=12 => 95,
            _ => 87,
        };
        Ok(Level {
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

/// Refuses a level given together with a depth or a confidence, which the
/// level sets itself: the result must not depend on the order of the options.
pub fn check_alone(level: bool, depth: bool, confidence: bool) -> Result<(), String> {
    match (level, depth, confidence) {
        (true, true, _) => Err("a level sets the depth: give a level or a depth, not both".into()),
        (true, _, true) => {
            Err("a level sets the confidence: give a level or a confidence, not both".into())
        }
        _ => Ok(()),
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
        assert!(Level::new(0).is_err());
        assert!(Level::new(31).unwrap_err().contains("31"));
    }

    #[test]
    fn a_level_goes_alone() {
        assert!(check_alone(true, false, false).is_ok());
        assert!(check_alone(false, true, true).is_ok());
        assert!(check_alone(true, true, false)
            .unwrap_err()
            .contains("depth"));
        assert!(check_alone(true, false, true)
            .unwrap_err()
            .contains("confidence"));
    }
}
