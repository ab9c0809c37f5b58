//! Fitting Multi-ProbCut (Buro, "Experiments with Multi-ProbCut and a New
//! High-Quality Evaluation Function for Othello", 1997, section 9): pairs of
//! shallow and deep brute-force search values of held-out game positions, a
//! linear model `v_h = a * v_d + b` with the deviation `sigma` of its error,
//! per bucket of ten empties and per height `h` (with `d` the shallow depth
//! of `h`).

use othello::board::Board;
use othello::clock::NativeClock;
use othello::engine::Engine;
use othello::score::ScoreKind;
use othello::search::probcut::shallow_depth;
use othello::search::{Limits, Observer, Progress};

/// Records the score of each completed depth.
struct Depths(Vec<Option<i32>>);

impl Observer for Depths {
    fn progress(&mut self, p: &Progress) {
        if p.kind == ScoreKind::Depth && (p.depth as usize) < self.0.len() {
            self.0[p.depth as usize] = Some(p.score);
        }
    }
}

/// Brute-force values of `board` at depths 0 to `max_depth` (0: the static
/// evaluation); `None` past the end of the game.
pub fn depth_values(engine: &mut Engine, board: &Board, max_depth: u32) -> Vec<Option<i32>> {
    let mut depths = Depths(vec![None; max_depth as usize + 1]);
    depths.0[0] = Some(engine.evaluation().evaluate(board));
    let limits = Limits {
        depth: Some(max_depth.min(board.empty_count().saturating_sub(1))),
        ..Limits::default()
    };
    engine.clear();
    engine.search(board, &limits, &NativeClock::new(), &mut depths);
    depths.0
}

/// Least-squares line through `(x, y)` pairs: `(a, b, sigma)`.
pub fn fit_line(pairs: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = pairs.len() as f64;
    let (sx, sy) = pairs
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    let (mx, my) = (sx / n, sy / n);
    let sxx: f64 = pairs.iter().map(|&(x, _)| (x - mx) * (x - mx)).sum();
    let sxy: f64 = pairs.iter().map(|&(x, y)| (x - mx) * (y - my)).sum();
    let a = if sxx > 0.0 { sxy / sxx } else { 1.0 };
    let b = my - a * mx;
    let variance = pairs
        .iter()
        .map(|&(x, y)| (y - a * x - b).powi(2))
        .sum::<f64>()
        / n;
    (a, b, variance.sqrt())
}

/// Fits the model of every bucket (0-9, ..., 50-59, 60) and height
/// `0..=max_depth` from the values of the sampled positions; buckets and
/// heights without data take the nearest fitted ones.
pub fn fit_models(samples: &[(u32, Vec<Option<i32>>)], max_depth: u32) -> Vec<Vec<[f32; 3]>> {
    let mut models = vec![vec![[1.0f32, 0.0, 0.0]; max_depth as usize + 1]; 7];
    let mut fitted = [false; 7];
    for (bucket, row) in models.iter_mut().enumerate() {
        for h in 3..=max_depth {
            let d = shallow_depth(h) as usize;
            let pairs: Vec<(f64, f64)> = samples
                .iter()
                .filter(|(empties, _)| (*empties / 10) as usize == bucket)
                .filter_map(|(_, v)| Some((v[d]? as f64, v[h as usize]? as f64)))
                .collect();
            if pairs.len() >= 20 {
                let (a, b, sigma) = fit_line(&pairs);
                row[h as usize] = [a as f32, b as f32, sigma as f32];
                fitted[bucket] = true;
            }
        }
    }
    // Heights below 3 are never used; heights without data copy the one below.
    for row in models.iter_mut() {
        for h in 0..3 {
            row[h] = row[3];
        }
    }
    for bucket in 0..7 {
        if !fitted[bucket] {
            let nearest = (0..7)
                .filter(|&b| fitted[b])
                .min_by_key(|&b| (b as i32 - bucket as i32).abs())
                .expect("some bucket has data");
            models[bucket] = models[nearest].clone();
        }
    }
    models
}

/// The models as the Rust source of `crates/engine/src/search/probcut_params.rs`.
pub fn write_source(models: &[Vec<[f32; 3]>], positions: usize) -> String {
    let heights = models[0].len();
    let mut text = format!(
        "// Written by `othello train probcut` from {positions} held-out positions:\n\
         // per bucket of ten empties (0-9, 10-19, ..., 60), per height 0..={},\n\
         // `[a, b, sigma]` of `deep = a * shallow + b`, error deviation sigma.\n\
         pub const PROBCUT: [[[f32; 3]; {heights}]; {}] = [\n",
        heights - 1,
        models.len()
    );
    for row in models {
        text.push_str("    [\n");
        for [a, b, s] in row {
            text.push_str(&format!("        [{a:.4}, {b:.4}, {s:.4}],\n"));
        }
        text.push_str("    ],\n");
    }
    text.push_str("];\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_through_exact_points_has_no_error() {
        let pairs: Vec<(f64, f64)> = (0..10).map(|x| (x as f64, 2.0 * x as f64 + 1.0)).collect();
        let (a, b, sigma) = fit_line(&pairs);
        assert!((a - 2.0).abs() < 1e-9 && (b - 1.0).abs() < 1e-9 && sigma < 1e-9);
    }
}
