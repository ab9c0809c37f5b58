//! Multi-ProbCut (Buro, "Experiments with Multi-ProbCut and a New
//! High-Quality Evaluation Function for Othello", 1997, sections 7-9): at a
//! null-window node of height `h`, a shallow search of depth `d` predicts
//! the deep value as `a * v_d + b` with a normal error of deviation `sigma`;
//! when the prediction is outside the window with the chosen confidence, the
//! node is cut without the deep search.
//!
//! `a`, `b` and `sigma` were fitted per number of empties (in buckets of
//! ten) and height by `othello train probcut` from brute-force searches of
//! held-out game positions; they are in `probcut_params.rs`. As in Buro's
//! paper, the shallow checks are plain (non-selective) searches.

use crate::board::Board;

use super::Searcher;
use crate::score::MAX_SCORE;

mod params {
    include!("probcut_params.rs");
}

/// Confidence levels: the percentage, and the number of deviations `t` a
/// prediction must clear to cut (a two-sided normal bound, as Edax names them).
pub const CONFIDENCES: [(u32, f32); 6] = [
    (100, f32::INFINITY),
    (99, 3.3),
    (98, 2.6),
    (95, 2.0),
    (87, 1.5),
    (73, 1.1),
];

/// Smallest height at which a cut is tried.
const MIN_HEIGHT: u32 = 3;

/// A confidence that is not one of [`CONFIDENCES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConfidenceError {
    /// The percentage asked for.
    pub percent: u32,
}

impl std::fmt::Display for ConfidenceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "confidence {} is not a level (expected 100, 99, 98, 95, 87 or 73)",
            self.percent
        )
    }
}

impl std::error::Error for ConfidenceError {}

/// The selectivity (index into [`CONFIDENCES`]; 0 = no selective cut) of a
/// confidence in percent.
pub fn selectivity(percent: u32) -> Result<u8, ConfidenceError> {
    CONFIDENCES
        .iter()
        .position(|&(p, _)| p == percent)
        .map(|i| i as u8)
        .ok_or(ConfidenceError { percent })
}

/// The confidence in percent of a selectivity.
pub fn confidence(selectivity: u8) -> u32 {
    CONFIDENCES[selectivity as usize].0
}

/// The depth of the shallow search that predicts a search of height `h`
/// (Buro's Table 2 for 3-13: first check depths; half the height, of the
/// same parity, above).
pub fn shallow_depth(height: u32) -> u32 {
    const TABLE: [u32; 14] = [0, 0, 0, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4, 5];
    match height {
        h if (h as usize) < TABLE.len() => TABLE[h as usize],
        h => {
            let half = h / 2;
            if half % 2 == h % 2 {
                half
            } else {
                half - 1
            }
        }
    }
}

/// `(a, b, sigma)` for a node with `empties` empties searched to `height`.
pub fn model(empties: u32, height: u32) -> (f32, f32, f32) {
    let bucket = ((empties / 10) as usize).min(params::PROBCUT.len() - 1);
    let row = &params::PROBCUT[bucket];
    let [a, b, sigma] = row[(height as usize).min(row.len() - 1)];
    (a, b, sigma)
}

impl Searcher<'_> {
    /// Tries a selective cut at a null-window node `(alpha, alpha + 1)` of
    /// height `depth`: the fail-hard bound if the shallow search is
    /// confident enough, else `None`.
    pub(crate) fn probcut(&mut self, board: &Board, alpha: i32, depth: u32) -> Option<i32> {
        if self.selectivity == 0 || depth < MIN_HEIGHT {
            return None;
        }
        let empties = board.empty_count();
        let (a, b, sigma) = model(empties, depth);
        if a <= 0.0 {
            return None;
        }
        let t = CONFIDENCES[self.selectivity as usize].1;
        let shallow = shallow_depth(depth);
        let beta = alpha + 1;
        let saved = self.selectivity;
        self.selectivity = 0;
        let high = ((beta as f32 + t * sigma - b) / a).ceil() as i32;
        let mut cut = None;
        if high <= MAX_SCORE && self.nws(board, high - 1, shallow) >= high {
            cut = Some(beta);
        } else if !self.aborted {
            let low = ((alpha as f32 - t * sigma - b) / a).floor() as i32;
            if low >= -MAX_SCORE && self.nws(board, low, shallow) <= low {
                cut = Some(alpha);
            }
        }
        self.selectivity = saved;
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_confidences_match() {
        for (i, &(percent, _)) in CONFIDENCES.iter().enumerate() {
            assert_eq!(selectivity(percent), Ok(i as u8));
            assert_eq!(confidence(i as u8), percent);
        }
        assert_eq!(selectivity(90), Err(ConfidenceError { percent: 90 }));
    }

    #[test]
    fn shallow_depths_keep_the_parity_and_stay_below() {
        for h in MIN_HEIGHT..40 {
            let d = shallow_depth(h);
            assert!(d >= 1 && d < h, "{h} {d}");
        }
        assert_eq!(shallow_depth(8), 4);
        assert_eq!(shallow_depth(14), 6);
        assert_eq!(shallow_depth(15), 7);
    }

    #[test]
    fn fitted_models_are_sane() {
        for empties in 1..60 {
            for h in MIN_HEIGHT..20 {
                let (a, _, sigma) = model(empties, h);
                assert!(
                    a > 0.3 && a < 2.0 && sigma > 0.0 && sigma < 30.0,
                    "{empties} {h}"
                );
            }
        }
    }
}
