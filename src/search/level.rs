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

/// Options that say when a search stops, which a game clock decides itself.
const STOPPED_BY_A_CLOCK: [&str; 6] = ["time-ms", "depth", "nodes", "level", "exact", "wld"];

/// Refuses options that would override one another, so that a result never
/// depends on their order: a level with a depth or a confidence (the level
/// sets both), an exact solve with a win/loss/draw one, and a game clock
/// with any option that says when the search stops. `has(name)` says
/// whether the option `name` (`level`, `depth`, `confidence`, `exact`,
/// `wld`, `clock`, `time-ms`, `nodes`) was given; `spell(name)` writes it as
/// the caller's users do.
pub fn check_exclusive(
    has: &dyn Fn(&str) -> bool,
    spell: &dyn Fn(&str) -> String,
) -> Result<(), String> {
    if has("level") && has("depth") {
        return Err("a level sets the depth: give a level or a depth, not both".into());
    }
    if has("level") && has("confidence") {
        return Err("a level sets the confidence: give a level or a confidence, not both".into());
    }
    if has("exact") && has("wld") {
        return Err(format!(
            "{} and {} exclude each other",
            spell("exact"),
            spell("wld")
        ));
    }
    if has("clock") {
        if let Some(other) = STOPPED_BY_A_CLOCK.iter().find(|name| has(name)) {
            return Err(format!(
                "{} and {} exclude each other: on a clock the time manager decides when the \
                 search stops (a confidence may be given with it)",
                spell("clock"),
                spell(other)
            ));
        }
    }
    Ok(())
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

    /// `check_exclusive` for the options given in `names`, spelt as they are.
    fn check_alone(names: &[&str]) -> Result<(), String> {
        check_exclusive(&|name| names.contains(&name), &|name| name.to_string())
    }

    #[test]
    fn a_level_goes_alone() {
        assert!(check_alone(&["level"]).is_ok());
        assert!(check_alone(&["depth", "confidence"]).is_ok());
        assert!(check_alone(&["level", "depth"])
            .unwrap_err()
            .contains("depth"));
        assert!(check_alone(&["level", "confidence"])
            .unwrap_err()
            .contains("confidence"));
        assert_eq!(
            check_alone(&["exact", "wld"]).unwrap_err(),
            "exact and wld exclude each other"
        );
    }

    #[test]
    fn a_clock_decides_when_the_search_stops() {
        assert!(check_alone(&["clock", "confidence"]).is_ok());
        for other in STOPPED_BY_A_CLOCK {
            let error = check_alone(&["clock", other]).unwrap_err();
            assert!(
                error.starts_with(&format!("clock and {other} exclude each other")),
                "{error}"
            );
        }
    }
}
