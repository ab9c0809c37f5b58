//! Multi-ProbCut in the endgame (Buro, "Experiments with Multi-ProbCut and a
//! New High-Quality Evaluation Function for Othello", 1997, applied to the
//! exact search as Edax and Egaroucid do): at a null-window endgame node, a
//! shallow midgame search of depth `d` predicts the exact score as
//! `a * v_d + b` with a normal error of deviation `sigma(empties, d)`; when
//! the prediction is outside the window at the pass's confidence, the node
//! is cut without solving it.
//!
//! The model was fitted against exact scores of held-out game positions by
//! `othello train endcut` (`endcut_params.rs`): `a` and `b` per shallow
//! depth, `sigma = s0 + s1 * empties + s2 * d`. Such cuts are only made in
//! the selective passes that precede the exact one
//! ([`super::Searcher::end_selectivity`] above 0); their results are stored
//! in the table with their selectivity, so the exact pass takes only their
//! best moves.

use crate::board::Board;

use super::probcut::CONFIDENCES;
use super::Searcher;
use crate::score::MAX_SCORE;

mod params {
    include!("endcut_params.rs");
}

/// Smallest number of empties at which an endgame cut is tried (10 and 15
/// were measured: no better, and worse).
pub const MIN_EMPTIES: u32 = 12;
/// Positions the model was fitted on.
pub const FITTED_POSITIONS: usize = params::POSITIONS;
/// Deepest shallow search the model was fitted for.
pub const MAX_SHALLOW_DEPTH: u32 = params::LINE.len() as u32 - 1;
/// The selective passes before an exact solve of [`SOLVE_FROM`] or more
/// empties, as selectivities (indices into [`CONFIDENCES`]): one at 73%.
/// Measured on one thread against the exact solve alone (docs/benchmarks.md,
/// "Selective endgame search"): FForum #51, #52, #56 and #59 (27-34
/// empties) 14.8% fewer nodes together (#59 -73%, #51 -22%, #56 -18%, #52
/// +27%); 73% then 95%, 95% alone, and 87% alone cost more than 73% alone
/// ([`super::Searcher::end_passes`] sets the passes of one search).
pub const PASSES: [u8; 1] = [MEASURED_PASS];
/// The selectivity of the pass that was measured (73%).
pub const MEASURED_PASS: u8 = 5;
/// Exact solves of at least this many empties are preceded by the passes:
/// on FForum #45-#49 (24-26 empties) the pass cost 3.3% more nodes together
/// (#48 +15%, #49 +13%), from 20-23 empties it lost on four of #40-#44 and
/// on both of the bench's solves.
pub const SOLVE_FROM: u32 = 27;

/// The depth of the shallow search that predicts the exact score of a node
/// with `empties` empties: a third of them, of the same parity (half of
/// them cut as many nodes and cost more; a quarter cut fewer).
pub fn shallow_depth(empties: u32) -> u32 {
    let depth = (empties / 3).clamp(1, MAX_SHALLOW_DEPTH);
    if depth % 2 != empties % 2 {
        depth.saturating_sub(1).max(1)
    } else {
        depth
    }
}

/// `(a, b, sigma)` of the prediction of the exact score of a node with
/// `empties` empties from a shallow search of `depth`.
pub fn model(empties: u32, depth: u32) -> (f32, f32, f32) {
    let [a, b] = params::LINE[(depth as usize).min(params::LINE.len() - 1)];
    let [s0, s1, s2] = params::SIGMA;
    let sigma = s0 + s1 * empties as f32 + s2 * depth as f32;
    (a, b, sigma.max(1.0))
}

impl Searcher<'_> {
    /// Tries a selective cut at a null-window endgame node `(alpha, alpha +
    /// 1)`: the fail-hard bound if the shallow search predicts the exact
    /// score outside the window at the confidence of `end_selectivity`.
    pub(crate) fn endgame_probcut(
        &mut self,
        board: &Board,
        alpha: i32,
        empties: u32,
    ) -> Option<i32> {
        let depth = shallow_depth(empties);
        let (a, b, sigma) = model(empties, depth);
        let t = CONFIDENCES[self.end_selectivity as usize].1;
        let beta = alpha + 1;
        let saved = (self.selectivity, self.end_selectivity);
        // The shallow searches are plain, as the model was fitted.
        self.selectivity = 0;
        self.end_selectivity = 0;
        let high = ((beta as f32 + t * sigma - b) / a).ceil() as i32;
        let mut cut = None;
        if high <= MAX_SCORE && self.nws(board, high - 1, depth) >= high {
            cut = Some(beta);
        } else if !self.aborted {
            let low = ((alpha as f32 - t * sigma - b) / a).floor() as i32;
            if low >= -MAX_SCORE && self.nws(board, low, depth) <= low {
                cut = Some(alpha);
            }
        }
        (self.selectivity, self.end_selectivity) = saved;
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::NativeClock;
    use crate::notation::obf;
    use crate::position::Move;
    use crate::search::probcut::selectivity;
    use crate::search::tt::Table;
    use crate::search::{Limits, Silent};

    #[test]
    fn shallow_depths_keep_the_parity_and_stay_below() {
        for empties in MIN_EMPTIES..=60 {
            let d = shallow_depth(empties);
            assert!(
                d >= 1 && d < empties && d <= MAX_SHALLOW_DEPTH,
                "{empties} {d}"
            );
            assert_eq!(d % 2, empties % 2, "{empties} {d}");
        }
    }

    #[test]
    fn the_fitted_model_is_sane() {
        const { assert!(FITTED_POSITIONS >= 100) };
        for empties in MIN_EMPTIES..=40 {
            let depth = shallow_depth(empties);
            let (a, _, sigma) = model(empties, depth);
            assert!(
                a > 0.8 && a < 1.25 && (1.0..12.0).contains(&sigma),
                "{empties}"
            );
            // A deeper shallow search predicts better.
            assert!(model(empties, depth).2 <= model(empties, depth.saturating_sub(2)).2);
        }
    }

    #[test]
    fn a_lopsided_position_is_cut_only_when_selective() {
        // FForum #1 (14 empties) after its most lopsided moves: the exact
        // scores are in the file, far from the windows tried below.
        let problem = obf::parse(
            include_str!("../../../../tests/data/ffo/fforum-1-19.obf")
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap();
        let board = problem.position.board;
        let table = Table::new(4);
        let clock = NativeClock::new();
        let mut silent = Silent;
        let mut searcher = Searcher::new(&table, true, &Limits::default(), &clock, &mut silent);
        let mut tried = 0;
        for &(mv, score) in problem.scores.iter().filter(|(_, s)| s.abs() >= 18) {
            let Move::Play(square) = mv else { continue };
            let next = board.play(square).unwrap();
            let (exact, empties) = (-score, next.empty_count());
            assert!(empties >= MIN_EMPTIES);
            assert_eq!(searcher.endgame_pvs(&next, -MAX_SCORE, MAX_SCORE), exact);
            for percent in [73, 95] {
                searcher.end_selectivity = selectivity(percent).unwrap();
                // Far below the exact score: cut as above the window.
                let below = exact - 24;
                assert_eq!(
                    searcher.endgame_probcut(&next, below, empties),
                    Some(below + 1)
                );
                // Far above it: cut as below the window.
                let above = exact + 24;
                assert_eq!(searcher.endgame_probcut(&next, above, empties), Some(above));
            }
            // An exact search never cuts, and the selectivity is restored.
            searcher.end_selectivity = 0;
            assert_eq!(searcher.endgame_probcut(&next, exact - 24, empties), None);
            assert_eq!((searcher.selectivity, searcher.end_selectivity), (0, 0));
            tried += 1;
        }
        assert!(tried >= 2);
    }
}
