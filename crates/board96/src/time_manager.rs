//! The report's adaptive-depth time manager (Snow, Patel and Jacobs,
//! "Othello: The Moors of Venice", after Cheung et al.), with the seed
//! notes' errata applied:
//!
//! - allocation `t_a = T_r / m_r`: the time left on the side's clock over
//!   its remaining moves, `m_r = ceil(empties / 2)` (our reading of "maximum
//!   number of remaining moves");
//! - the two previous searches give the effective branching factor
//!   `b = n^(1/d)` (printed `n^(-d)` in the report) and the time per node
//!   `t_n = t / n` (printed `n / t`), each averaged over the two;
//! - depth `d = ceil(0.7 + log_b(t_a / t_n))`, an odd depth rounded down to
//!   the even depth below (the report's prose; not in its formula), clamped
//!   to 4..=16; the first two searches use depth 8;
//! - a search running past twice the allocation is abandoned and restarted
//!   with a new allocation (see [`TimeManager::restart_depth`]); a depth is
//!   tried at most twice for one move, except depth 4, which is then
//!   searched without a limit.
//!
//! Time comes from the caller (a [`crate::clock::Clock`]), so the manager
//! itself is a pure calculation and its tests are deterministic.

/// The shallowest depth the manager chooses.
pub const MIN_DEPTH: u32 = 4;
/// The deepest depth the manager chooses.
pub const MAX_DEPTH: u32 = 16;
/// The depth of the first two searches (the report's default).
pub const FIRST_DEPTH: u32 = 8;

/// What one finished search cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchCost {
    /// Its depth.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: f64,
}

/// The time manager of one side: the costs of its last two searches.
#[derive(Clone, Debug, Default)]
pub struct TimeManager {
    history: Vec<SearchCost>,
}

/// The report's allocation: `remaining_ms / remaining_moves` (all the time
/// when no move is expected to remain).
pub fn allocation(remaining_ms: f64, remaining_moves: u32) -> f64 {
    remaining_ms.max(0.0) / f64::from(remaining_moves.max(1))
}

/// The side's remaining moves when `empties` cells are empty and it is to
/// move: `ceil(empties / 2)`.
pub fn remaining_moves(empties: u32) -> u32 {
    empties.div_ceil(2)
}

/// The report's depth formula: `ceil(0.7 + log_b(allocation / time per
/// node))`, odd depths rounded down to even, clamped to 4..=16.
pub fn depth_for(allocation_ms: f64, branching: f64, ms_per_node: f64) -> u32 {
    // (NaN counts as unknown: too little data to limit the depth.)
    if branching.is_nan() || branching <= 1.0 || ms_per_node.is_nan() || ms_per_node <= 0.0 {
        return MAX_DEPTH;
    }
    let ratio = allocation_ms / ms_per_node;
    if ratio.is_nan() || ratio <= 1.0 {
        return MIN_DEPTH;
    }
    let raw = (0.7 + ratio.ln() / branching.ln()).ceil();
    let depth = raw.clamp(0.0, 64.0) as u32;
    let even = depth - depth % 2;
    even.clamp(MIN_DEPTH, MAX_DEPTH)
}

impl TimeManager {
    /// A manager with no history.
    pub fn new() -> TimeManager {
        TimeManager::default()
    }

    /// A manager that remembers `history` (only the last two are kept), as
    /// [`TimeManager::history`] gave it: the manager of a side whose
    /// searches run in another process or call.
    pub fn from_history(history: &[SearchCost]) -> TimeManager {
        let mut manager = TimeManager::new();
        for &cost in history {
            manager.record(cost);
        }
        manager
    }

    /// The finished searches the manager remembers, oldest first (at most two).
    pub fn history(&self) -> &[SearchCost] {
        &self.history
    }

    /// Records a finished search (only the last two are kept).
    pub fn record(&mut self, cost: SearchCost) {
        self.history.push(cost);
        if self.history.len() > 2 {
            self.history.remove(0);
        }
    }

    /// The effective branching factor and the milliseconds per node,
    /// averaged over the last two searches; `None` before two searches.
    pub fn statistics(&self) -> Option<(f64, f64)> {
        if self.history.len() < 2 {
            return None;
        }
        let n = self.history.len() as f64;
        let branching = self
            .history
            .iter()
            .map(|c| (c.nodes.max(1) as f64).powf(1.0 / f64::from(c.depth.max(1))))
            .sum::<f64>()
            / n;
        let per_node = self
            .history
            .iter()
            .map(|c| c.time_ms / c.nodes.max(1) as f64)
            .sum::<f64>()
            / n;
        Some((branching, per_node))
    }

    /// The depth for a move given `allocation_ms`: [`FIRST_DEPTH`] for the
    /// first two searches, then [`depth_for`] with the statistics.
    pub fn depth(&self, allocation_ms: f64) -> u32 {
        match self.statistics() {
            None => FIRST_DEPTH,
            Some((branching, per_node)) => depth_for(allocation_ms, branching, per_node),
        }
    }

    /// The depth after a search to `aborted_depth` was abandoned, given the
    /// new allocation and how many times each depth was tried for this move
    /// (`tries[d]`): the formula's depth, no deeper than the abandoned one,
    /// and two plies shallower while that depth was already tried twice
    /// (depth 4 excepted).
    pub fn restart_depth(&self, allocation_ms: f64, aborted_depth: u32, tries: &[u32]) -> u32 {
        let mut depth = self.depth(allocation_ms).min(aborted_depth);
        while depth > MIN_DEPTH && tries.get(depth as usize).copied().unwrap_or(0) >= 2 {
            depth -= 2;
        }
        depth.max(MIN_DEPTH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_formula_rounds_to_even_and_clamps() {
        // b = 4, a million nodes' worth of time: log_4(1e6) = 9.97;
        // ceil(10.67) = 11, rounded down to 10.
        assert_eq!(depth_for(1_000.0, 4.0, 0.001), 10);
        // log_4(4^6) = 6 exactly: ceil(6.7) = 7 -> 6.
        assert_eq!(depth_for(4096.0, 4.0, 1.0), 6);
        // 0.3 above an integer rounds up: log_4 = 6.3 -> ceil(7.0) = 7 -> 6;
        // 6.31 -> ceil(7.01) = 8.
        assert_eq!(depth_for(4f64.powf(6.3), 4.0, 1.0), 6);
        assert_eq!(depth_for(4f64.powf(6.31), 4.0, 1.0), 8);
        assert_eq!(depth_for(1e30, 4.0, 1.0), MAX_DEPTH);
        assert_eq!(depth_for(0.5, 4.0, 1.0), MIN_DEPTH);
        assert_eq!(depth_for(100.0, 1.0, 1.0), MAX_DEPTH);
    }

    #[test]
    fn statistics_average_the_last_two_searches() {
        let mut manager = TimeManager::new();
        assert_eq!(manager.depth(1000.0), FIRST_DEPTH);
        manager.record(SearchCost {
            depth: 2,
            nodes: 1_000_000,
            time_ms: 1.0,
        });
        manager.record(SearchCost {
            depth: 4,
            nodes: 10_000,
            time_ms: 10.0,
        });
        manager.record(SearchCost {
            depth: 4,
            nodes: 256,
            time_ms: 2.56,
        });
        let (branching, per_node) = manager.statistics().unwrap();
        // (10^(4/4) + 256^(1/4)) / 2 = (10 + 4) / 2.
        assert!((branching - 7.0).abs() < 1e-9);
        assert!((per_node - 0.0055).abs() < 1e-12);
        assert_eq!(manager.depth(0.0055 * 7f64.powi(8)), 8);
        assert_eq!(allocation(60_000.0, 30), 2_000.0);
        assert_eq!(remaining_moves(91), 46);
        assert_eq!(remaining_moves(0), 0);
        assert_eq!(allocation(100.0, 0), 100.0);
    }

    #[test]
    fn restarts_never_try_a_depth_a_third_time() {
        let manager = TimeManager::new();
        let mut tries = vec![0; 20];
        assert_eq!(manager.restart_depth(1000.0, 8, &tries), 8);
        tries[8] = 2;
        assert_eq!(manager.restart_depth(1000.0, 8, &tries), 6);
        tries[6] = 2;
        tries[4] = 5;
        assert_eq!(manager.restart_depth(1000.0, 8, &tries), 4);
        assert_eq!(manager.restart_depth(1000.0, 6, &tries), 4);
    }
}
