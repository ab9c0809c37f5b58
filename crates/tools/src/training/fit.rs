//! Least-squares fitting of the pattern weights (Buro, "Experiments with
//! Multi-ProbCut and a New High-Quality Evaluation Function for Othello",
//! 1997, sections 3-5).
//!
//! Each stage is fitted on its own examples (and, for smoothing, those of
//! the neighbouring stages) by preconditioned conjugate gradients on the
//! least-squares normal equations, with a small ridge term. Configurations seen
//! fewer than `min_count` times in a stage are muted (weight 0) and then
//! filled in by linear interpolation from the nearest stages where they are
//! frequent enough.

use othello::eval::weights::{features, shared_positions, stage, FEATURES, LAYOUT, SCALE};

use super::dataset::Example;

/// Settings of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Number of stages.
    pub stages: usize,
    /// Conjugate gradient iterations (each a pass over the examples).
    pub epochs: usize,
    /// Ridge regularisation: shrinks weights seen in few examples.
    pub ridge: f32,
    /// Examples of stages up to this far away also train a stage.
    pub smoothing: usize,
    /// Configurations seen fewer times in a stage are muted there.
    pub min_count: u32,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            stages: 15,
            epochs: 40,
            ridge: 10.0,
            smoothing: 1,
            min_count: 50,
        }
    }
}

/// Examples turned into weight positions, grouped by stage.
pub struct FeatureSet {
    /// Per stage: the examples' features ([`FEATURES`] each, mapped to the shared weight).
    pub features: Vec<Vec<u32>>,
    /// Per stage: the examples' labels.
    pub labels: Vec<Vec<f32>>,
}

/// Computes the features of `examples` for `stages` stages.
pub fn feature_set(examples: &[Example], stages: usize) -> FeatureSet {
    let shared = shared_positions();
    let mut set = FeatureSet {
        features: vec![Vec::new(); stages],
        labels: vec![Vec::new(); stages],
    };
    for example in examples {
        let s = stage(example.board.empty_count(), stages);
        set.features[s].extend(features(&example.board).iter().map(|&f| shared[f as usize]));
        set.labels[s].push(example.label);
    }
    set
}

/// Fits one stage on the examples of stages `range` of `set`, whose rows
/// have `width` features each among `size` weights: the regularised normal
/// equations `(A'A + lambda I) w = A'y` solved by conjugate gradients with
/// the diagonal (the configurations' counts) as preconditioner; muted
/// weights stay 0. Returns the weights (in discs) and the count of each
/// weight's examples.
fn fit_stage(
    set: &FeatureSet,
    width: usize,
    size: usize,
    range: std::ops::RangeInclusive<usize>,
    options: &FitOptions,
) -> (Vec<f32>, Vec<u32>) {
    let rows = || {
        range.clone().flat_map(move |s| {
            set.features[s]
                .chunks_exact(width)
                .zip(set.labels[s].iter().copied())
        })
    };
    let mut counts = vec![0u32; size];
    for (features, _) in rows() {
        for &f in features {
            counts[f as usize] += 1;
        }
    }
    let lambda = options.ridge as f64;
    let active: Vec<bool> = counts.iter().map(|&n| n >= options.min_count).collect();
    let mask = |v: &mut Vec<f64>| {
        for (x, &on) in v.iter_mut().zip(&active) {
            if !on {
                *x = 0.0;
            }
        }
    };
    // A'v over the examples for a per-example vector given as a closure.
    let scatter = |per_row: &dyn Fn(&[u32], f32) -> f64| {
        let mut out = vec![0f64; size];
        for (features, label) in rows() {
            let value = per_row(features, label);
            for &f in features {
                out[f as usize] += value;
            }
        }
        out
    };
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let precondition = |r: &[f64]| -> Vec<f64> {
        r.iter()
            .zip(&counts)
            .map(|(x, &n)| x / (n as f64 + lambda))
            .collect()
    };
    let mut weights = vec![0f64; size];
    let mut residual = scatter(&|_, label| label as f64);
    mask(&mut residual);
    let mut z = precondition(&residual);
    let mut direction = z.clone();
    let mut rho = dot(&residual, &z);
    for _ in 0..options.epochs {
        if rho <= 0.0 {
            break;
        }
        let mut q = scatter(&|features, _| features.iter().map(|&f| direction[f as usize]).sum());
        for (x, p) in q.iter_mut().zip(&direction) {
            *x += lambda * p;
        }
        mask(&mut q);
        let alpha = rho / dot(&direction, &q);
        for ((w, r), (p, x)) in weights
            .iter_mut()
            .zip(residual.iter_mut())
            .zip(direction.iter().zip(&q))
        {
            *w += alpha * p;
            *r -= alpha * x;
        }
        z = precondition(&residual);
        let next = dot(&residual, &z);
        let beta = next / rho;
        rho = next;
        for (p, x) in direction.iter_mut().zip(&z) {
            *p = x + beta * *p;
        }
    }
    if std::env::var("OTHELLO_FIT_DEBUG").is_ok() {
        let (mut n, mut error) = (0usize, 0f64);
        for (features, label) in rows() {
            let p: f64 = features.iter().map(|&f| weights[f as usize]).sum();
            error += (p - label as f64).abs();
            n += 1;
        }
        eprintln!(
            "stages {range:?}: {n} examples, float mae {:.3}",
            error / n.max(1) as f64
        );
    }
    (weights.into_iter().map(|w| w as f32).collect(), counts)
}

/// Fits every stage of the engine's patterns; returns `stages` weight
/// vectors in discs, with muted configurations interpolated between stages.
pub fn fit(set: &FeatureSet, options: &FitOptions, threads: usize) -> Vec<Vec<f32>> {
    fit_stages(set, FEATURES, LAYOUT.size, options, threads)
}

/// Fits every stage of `set` (rows of `width` features among `size`
/// weights: the engine's patterns, or a design of `super::design`), each
/// with the examples of the stages `options.smoothing` away, on `threads`
/// threads; returns each stage's weights in discs, with muted
/// configurations interpolated between stages.
pub(super) fn fit_stages(
    set: &FeatureSet,
    width: usize,
    size: usize,
    options: &FitOptions,
    threads: usize,
) -> Vec<Vec<f32>> {
    let stages = options.stages;
    let fitted: Vec<(Vec<f32>, Vec<u32>)> = std::thread::scope(|scope| {
        let chunk = stages.div_ceil(threads.max(1));
        let workers: Vec<_> = (0..stages)
            .collect::<Vec<_>>()
            .chunks(chunk)
            .map(|part| {
                let part = part.to_vec();
                scope.spawn(move || {
                    part.into_iter()
                        .map(|s| {
                            let low = s.saturating_sub(options.smoothing);
                            let high = (s + options.smoothing).min(stages - 1);
                            fit_stage(set, width, size, low..=high, options)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a fitting thread"))
            .collect()
    });
    interpolate(fitted, size, options.min_count)
}

/// Gives each configuration (of `size`) never seen in a stage the linear
/// interpolation of the nearest stages before and after where it was
/// active (0 where none is); configurations seen but rarer than
/// `min_count` stay muted at 0.
fn interpolate(fitted: Vec<(Vec<f32>, Vec<u32>)>, size: usize, min_count: u32) -> Vec<Vec<f32>> {
    let stages = fitted.len();
    let mut out: Vec<Vec<f32>> = fitted.iter().map(|(w, _)| w.clone()).collect();
    for position in 0..size {
        let active: Vec<bool> = fitted
            .iter()
            .map(|(_, n)| n[position] >= min_count)
            .collect();
        for s in 0..stages {
            if active[s] || fitted[s].1[position] > 0 {
                continue;
            }
            let before = (0..s).rev().find(|&t| active[t]);
            let after = (s + 1..stages).find(|&t| active[t]);
            let value = |t: Option<usize>| t.map_or(0.0, |t| fitted[t].0[position]);
            out[s][position] = match (before, after) {
                (Some(b), Some(a)) => {
                    let x = (s - b) as f32 / (a - b) as f32;
                    value(before) * (1.0 - x) + value(after) * x
                }
                (Some(_), None) => value(before),
                (None, Some(_)) => value(after),
                (None, None) => 0.0,
            };
        }
    }
    out
}

/// The fitted weights as table values: each representative weight in
/// 1/[`SCALE`] disc, stage after stage.
pub fn quantize(weights: &[Vec<f32>]) -> Vec<i16> {
    let shared = shared_positions();
    weights
        .iter()
        .flat_map(|stage| {
            shared
                .iter()
                .enumerate()
                .filter(|(position, &share)| share as usize == *position)
                .map(|(position, _)| {
                    (stage[position] * SCALE as f32)
                        .round()
                        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Mean absolute error of `predict` over `examples`.
pub fn mean_absolute_error(examples: &[Example], predict: impl Fn(&Example) -> f32) -> f64 {
    let total: f64 = examples
        .iter()
        .map(|e| (predict(e) - e.label).abs() as f64)
        .sum();
    total / examples.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello::board::Board;

    /// Random boards with `empties` empty squares.
    fn boards(count: usize, empties: u32, seed: &mut u64) -> Vec<Board> {
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *seed >> 11
        };
        (0..count)
            .map(|_| {
                let mut filled = 0u64;
                while filled.count_ones() < 64 - empties {
                    filled |= 1 << (next() % 64);
                }
                let player = (next() ^ (next() << 20)) & filled;
                Board::new(player, filled & !player).unwrap()
            })
            .collect()
    }

    #[test]
    fn a_linear_target_of_the_features_is_recovered() {
        let mut seed = 3;
        let shared = shared_positions();
        // A target that is exactly a weighted sum of the features.
        let truth: Vec<f32> = (0..LAYOUT.size)
            .map(|i| ((shared[i] as u64 * 2654435761) % 17) as f32 / 4.0 - 2.0)
            .collect();
        let examples: Vec<Example> = boards(60_000, 14, &mut seed)
            .into_iter()
            .map(|board| Example {
                board,
                label: features(&board).iter().map(|&f| truth[f as usize]).sum(),
            })
            .collect();
        let options = FitOptions {
            stages: 15,
            epochs: 60,
            ridge: 0.01,
            smoothing: 0,
            min_count: 1,
        };
        let set = feature_set(&examples, options.stages);
        let s = stage(14, 15);
        let (weights, _) = fit_stage(&set, FEATURES, LAYOUT.size, s..=s, &options);
        let error = mean_absolute_error(&examples, |e| {
            features(&e.board)
                .iter()
                .map(|&f| weights[shared[f as usize] as usize])
                .sum()
        });
        assert!(error < 0.5, "mean absolute error {error}");
    }
}
