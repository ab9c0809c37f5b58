//! Fitting endgame Multi-ProbCut (the model of
//! `othello::search::endcut`): for held-out game positions, the exact score
//! and the values of plain midgame searches at depths 0 to `max_depth`; a
//! line `exact = a * v_d + b` per shallow depth `d` (all empties pooled),
//! then the deviation of its error per number of empties and depth, and a
//! plane `sigma = s0 + s1 * empties + s2 * d` through those deviations
//! (weighted by their counts) that extends the model past the empties fitted.

use othello::board::Board;
use othello::clock::NativeClock;
use othello::engine::Engine;
use othello::search::{Limits, Silent, Solve};

use super::probcut::{depth_values, fit_line};

/// One fitted position: its empties, exact score and shallow values by depth.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Empty squares.
    pub empties: u32,
    /// The exact score for the side to move.
    pub exact: i32,
    /// Plain search values at depths 0..=max_depth (`None` at or past the end).
    pub values: Vec<Option<i32>>,
}

/// The exact score and shallow values of `board`.
pub fn sample(engine: &mut Engine, board: &Board, max_depth: u32) -> Sample {
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    engine.clear();
    let exact = engine
        .search(board, &limits, &NativeClock::new(), &mut Silent)
        .score;
    Sample {
        empties: board.empty_count(),
        exact,
        values: depth_values(engine, board, max_depth),
    }
}

/// The fitted model: `[a, b]` per depth `0..=max_depth`, the sigma plane
/// `[s0, s1, s2]`, and the measured `(empties, depth, count, sigma)` cells.
#[derive(Clone, Debug)]
pub struct Model {
    /// `[a, b]` per shallow depth.
    pub line: Vec<[f64; 2]>,
    /// `sigma = s0 + s1 * empties + s2 * depth`.
    pub sigma: [f64; 3],
    /// The deviations measured per number of empties and depth.
    pub cells: Vec<(u32, u32, usize, f64)>,
}

/// Cells with fewer pairs than this are not used for the sigma plane.
const MIN_CELL: usize = 10;

/// Fits the model to `samples` (depths with too few pairs keep `[1, 0]`).
pub fn fit(samples: &[Sample], max_depth: u32) -> Model {
    let pair =
        |s: &Sample, d: usize| Some((f64::from(s.values.get(d).copied()??), f64::from(s.exact)));
    let mut line = vec![[1.0, 0.0]; max_depth as usize + 1];
    let mut cells = Vec::new();
    for (d, fitted) in line.iter_mut().enumerate() {
        let pairs: Vec<(f64, f64)> = samples.iter().filter_map(|s| pair(s, d)).collect();
        if pairs.len() < 2 * MIN_CELL {
            continue;
        }
        let (a, b, _) = fit_line(&pairs);
        *fitted = [a, b];
        let mut empties: Vec<u32> = samples.iter().map(|s| s.empties).collect();
        empties.sort_unstable();
        empties.dedup();
        for e in empties {
            let errors: Vec<f64> = samples
                .iter()
                .filter(|s| s.empties == e)
                .filter_map(|s| pair(s, d))
                .map(|(x, y)| y - a * x - b)
                .collect();
            if errors.len() >= MIN_CELL {
                let n = errors.len() as f64;
                let sigma = (errors.iter().map(|r| r * r).sum::<f64>() / n).sqrt();
                cells.push((e, d as u32, errors.len(), sigma));
            }
        }
    }
    Model {
        line,
        sigma: fit_plane(&cells),
        cells,
    }
}

/// Weighted least squares of `sigma = s0 + s1 * e + s2 * d` over the cells.
fn fit_plane(cells: &[(u32, u32, usize, f64)]) -> [f64; 3] {
    let mut m = [[0.0f64; 4]; 3];
    for &(e, d, n, sigma) in cells {
        let x = [1.0, f64::from(e), f64::from(d)];
        let w = n as f64;
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += w * x[i] * x[j];
            }
            m[i][3] += w * x[i] * sigma;
        }
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..3 {
        let pivot = (col..3)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .unwrap_or(col);
        m.swap(col, pivot);
        if m[col][col].abs() < 1e-12 {
            return [0.0; 3];
        }
        let pivot_row = m[col];
        for (index, row) in m.iter_mut().enumerate() {
            if index != col {
                let f = row[col] / pivot_row[col];
                for (value, pivot_value) in row.iter_mut().zip(pivot_row).skip(col) {
                    *value -= f * pivot_value;
                }
            }
        }
    }
    [m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]]
}

/// The model as the Rust source of `crates/engine/src/search/endcut_params.rs`.
pub fn write_source(model: &Model, positions: usize, command: &str) -> String {
    let mut text = format!(
        "// Written by `{command}`\n\
         // from {positions} held-out positions: `[a, b]` of `exact = a * v_d + b` per\n\
         // shallow depth d, and `sigma = s0 + s1 * empties + s2 * d`.\n\
         pub const POSITIONS: usize = {positions};\n\
         pub const LINE: [[f32; 2]; {}] = [\n",
        model.line.len()
    );
    for [a, b] in &model.line {
        text.push_str(&format!("    [{a:.4}, {b:.4}],\n"));
    }
    let [s0, s1, s2] = model.sigma;
    text.push_str(&format!(
        "];\npub const SIGMA: [f32; 3] = [{s0:.4}, {s1:.4}, {s2:.4}];\n"
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plane_through_exact_cells_is_recovered() {
        let mut cells = Vec::new();
        for e in 10..20 {
            for d in 1..8 {
                cells.push((e, d, 12, 3.0 + 0.25 * f64::from(e) - 0.5 * f64::from(d)));
            }
        }
        let [s0, s1, s2] = fit_plane(&cells);
        assert!((s0 - 3.0).abs() < 1e-9 && (s1 - 0.25).abs() < 1e-9 && (s2 + 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_perfect_predictor_has_no_error() {
        let samples: Vec<Sample> = (0..40)
            .map(|i| Sample {
                empties: 12 + (i % 2) as u32,
                exact: 2 * i - 40,
                values: vec![Some(i - 20), Some(2 * i - 40)],
            })
            .collect();
        let model = fit(&samples, 1);
        assert!((model.line[1][0] - 1.0).abs() < 1e-9 && model.line[1][1].abs() < 1e-9);
        assert!(model.cells.iter().filter(|c| c.1 == 1).all(|c| c.3 < 1e-9));
    }
}
