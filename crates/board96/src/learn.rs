//! The report's temporal-difference learner for the smart evaluation (Snow,
//! Patel and Jacobs, "Othello: The Moors of Venice", section 5.3): one
//! weight per feature and two-ply stage, separate weights for Red and
//! White, trained backwards from the endgame.
//!
//! - The weights start at zero. The first phase trains the stages of the
//!   last `exact_plies` plies (14: boards with 82 to 95 discs, stages 39 to
//!   45) against the exact value `V*`, the solved score.
//! - Each following phase trains the `phase_plies / 2` stages before it
//!   (k = 8 plies: four stages) against the value of a search of depth
//!   `depth` (k) from the position: `V(s*)`, the value of the leaf the
//!   minimax search returns. The search's leaves lie in stages already
//!   trained, so "the evaluation function always uses weights whose training
//!   has completed" (a leaf reached through a pass can fall in the stage
//!   being trained: it is valued with the weights of the first finished
//!   stage).
//! - The games are self-play. Before the phase each move is random (10%),
//!   greedy (20%) or smart with uniform untrained weights (70%), for
//!   diversity; in the phase both sides play the move of the search (or the
//!   solver) that gives the target. A position is a sample for the weights
//!   of its side to move and its stage.
//! - The update is the report's `w_i += alpha * gamma^j * f_i(s) * (V(s*) -
//!   V(s))`, with two choices the report leaves open: each feature is divided
//!   by a fixed scale ([`FEATURE_SCALES`]) and the step by `1 + |f|^2`
//!   (normalised least mean squares, so one `alpha` suits every feature and
//!   stage), and, since the targets of a phase use only frozen weights, the
//!   phase's samples are swept `epochs` times in a seeded random order.
//!
//! Values are in hundredths of a disc (the unit of [`Weights::hand`]); the
//! weights are rounded to integers at the end of each phase. Pure: no I/O,
//! a seeded generator, progress through a callback.

use crate::position::RED;
use std::fmt;

use crate::endgame::solve;
use crate::eval::{
    features, stage, ColourWeights, Evaluator, Greedy, Smart, Weights, EVAL_LIMIT, FEATURES,
    STAGES, WIN,
};
use crate::position::{Color, Move, Position};
use crate::search::{Algorithm, Search, TranspositionTable};
use crate::square::Squares;
use crate::Status;
use othello::rng::Rng;

/// The typical size of each feature (score, mobility, corners, frontier,
/// parity, access, local parity): the update divides each feature by it.
pub const FEATURE_SCALES: [f64; FEATURES] = [10.0, 10.0, 1.0, 10.0, 1.0, 2.0, 50.0];

/// Buckets of each transposition table of the learner: `2^16`.
const TABLE_BITS: u32 = 16;

/// The learner's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Self-play games per phase.
    pub games: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// Plies trained per phase after the first (the report's k = 8).
    pub phase_plies: u32,
    /// Search depth of the targets (the report: k).
    pub depth: u32,
    /// Plies at the end of the game trained against exact values (14).
    pub exact_plies: u32,
    /// Learning rate alpha.
    pub alpha: f64,
    /// Decay gamma (the report: 1 played best).
    pub gamma: f64,
    /// Sweeps over a phase's samples.
    pub epochs: usize,
    /// Percentages of random and greedy moves before the phase (10 and 20;
    /// the rest, 70, are smart moves with uniform weights).
    pub explore: [u32; 2],
    /// Depth of the greedy and smart moves before the phase.
    pub explore_depth: u32,
    /// The earliest stage trained (0 trains them all; a larger value stops
    /// early, for short runs).
    pub first_stage: usize,
}

impl Default for Config {
    /// The report's settings (k = 8, depth 8, 14 exact plies, 10/20/70,
    /// gamma 1) with our choices for the rest.
    fn default() -> Config {
        Config {
            games: 100,
            seed: 1,
            phase_plies: 8,
            depth: 8,
            exact_plies: 14,
            alpha: 0.1,
            gamma: 1.0,
            epochs: 50,
            explore: [10, 20],
            explore_depth: 2,
            first_stage: 0,
        }
    }
}

/// Why a configuration cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "learn: {}", self.0)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Checks the settings.
    pub fn check(&self) -> Result<(), ConfigError> {
        let bad = |m: &str| Err(ConfigError(m.to_string()));
        if self.games == 0 {
            return bad("games must be at least 1");
        }
        if self.phase_plies < 2 || self.phase_plies % 2 == 1 || self.phase_plies > 40 {
            return bad("phase plies must be even, from 2 to 40");
        }
        if self.exact_plies < 2 || self.exact_plies % 2 == 1 || self.exact_plies > 20 {
            return bad("exact plies must be even, from 2 to 20");
        }
        if !(1..=12).contains(&self.depth) {
            return bad("depth must be from 1 to 12");
        }
        if !(1..=6).contains(&self.explore_depth) {
            return bad("explore depth must be from 1 to 6");
        }
        if self.explore[0] + self.explore[1] > 100 {
            return bad("random and greedy percentages must add to at most 100");
        }
        if !(self.alpha > 0.0 && self.alpha <= 1.0) {
            return bad("alpha must be in (0, 1]");
        }
        if !(self.gamma > 0.0 && self.gamma <= 1.0) {
            return bad("gamma must be in (0, 1]");
        }
        if self.epochs == 0 || self.epochs > 1000 {
            return bad("epochs must be from 1 to 1000");
        }
        if self.first_stage >= STAGES {
            return bad("first stage must be below 46");
        }
        Ok(())
    }

    /// The phases in training order: the exact phase first, then earlier
    /// and earlier stages down to `first_stage`.
    pub fn phases(&self) -> Vec<Phase> {
        let mut phases = Vec::new();
        let exact_first = STAGES - (self.exact_plies / 2) as usize;
        let mut first = exact_first.max(self.first_stage);
        phases.push(Phase {
            first,
            last: STAGES - 1,
            exact: true,
        });
        let per_phase = (self.phase_plies / 2) as usize;
        while first > self.first_stage {
            let last = first - 1;
            first = last.saturating_sub(per_phase - 1).max(self.first_stage);
            phases.push(Phase {
                first,
                last,
                exact: false,
            });
        }
        phases
    }
}

/// A training phase: the stages `first..=last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The earliest stage trained.
    pub first: usize,
    /// The latest stage trained.
    pub last: usize,
    /// Whether the targets are exact (the solver) or searched.
    pub exact: bool,
}

impl Phase {
    /// The fewest discs of a board in the phase.
    pub fn min_discs(&self) -> u32 {
        4 + 2 * self.first as u32
    }

    /// The most discs of a board in the phase.
    pub fn max_discs(&self) -> u32 {
        (5 + 2 * self.last as u32).min(95)
    }
}

/// One training example: a position's side to move and stage, its
/// features, and the target value (hundredths of a disc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The side to move.
    pub color: Color,
    /// The two-ply stage.
    pub stage: usize,
    /// The features for the side to move.
    pub features: [i32; FEATURES],
    /// `V(s*)`: the exact or searched value for the side to move.
    pub target: f64,
}

/// What a phase did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhaseReport {
    /// The phase.
    pub phase: Phase,
    /// Its index in training order (0 = the exact phase).
    pub index: usize,
    /// Samples collected.
    pub samples: usize,
    /// Nodes of the searches and solves giving the targets.
    pub nodes: u64,
    /// Root mean square of the targets, in discs: the error of zero weights.
    pub rms_before: f64,
    /// Root mean square error of the rounded learned weights on the
    /// phase's samples, in discs.
    pub rms_after: f64,
}

/// Progress of the learner, as it reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// A game of a phase ended.
    Game {
        /// The phase's index in training order.
        index: usize,
        /// The phase.
        phase: Phase,
        /// Games played in the phase so far.
        games: usize,
        /// Samples so far in the phase.
        samples: usize,
        /// Nodes so far in the phase.
        nodes: u64,
    },
    /// A phase's weights are fitted.
    PhaseDone(PhaseReport),
}

/// The learner's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    /// The learned weights (stages before `first_stage` stay zero).
    pub weights: ColourWeights,
    /// One report per phase, in training order.
    pub phases: Vec<PhaseReport>,
}

/// Weights being learned: `[colour][stage][feature]`, in hundredths of a
/// disc per unit of the feature.
type Table = [[[f64; FEATURES]; STAGES]; 2];

fn colour_index(color: Color) -> usize {
    usize::from(color == Color::White)
}

/// The rounded integer weights of `table` for `color`, with the stages
/// before `finished` given the weights of stage `finished` (so a leaf in
/// an unfinished stage uses the nearest finished one).
fn frozen(table: &Table, color: Color, finished: usize) -> Weights {
    let mut weights = Weights::uniform(0);
    for (stage, row) in weights.stages.iter_mut().enumerate() {
        let source = &table[colour_index(color)][stage.max(finished)];
        for (w, v) in row.iter_mut().zip(source) {
            *w = v.round() as i32;
        }
    }
    weights
}

/// A searched or solved value converted to hundredths of a disc: a won or
/// lost game (beyond the evaluation limit) becomes its final score.
fn centi_discs(value: i32) -> f64 {
    if value.abs() > EVAL_LIMIT {
        let score = value - value.signum() * WIN;
        f64::from(score) * 100.0
    } else {
        f64::from(value)
    }
}

/// The value of the weights `w` on `features`.
fn predict(w: &[f64; FEATURES], features: &[i32; FEATURES]) -> f64 {
    w.iter().zip(features).map(|(w, &f)| w * f64::from(f)).sum()
}

/// The move-choosing players before a phase: greedy and smart (uniform
/// weights) alpha-beta searches of `depth`, each with a table kept from
/// move to move, and no solver (it is not part of the report's mix).
struct Explorers {
    random: Rng,
    greedy: (Greedy, TranspositionTable),
    smart: (Smart, TranspositionTable),
    depth: u32,
    percent: [u32; 2],
}

impl Explorers {
    fn new(random: Rng, config: &Config) -> Explorers {
        Explorers {
            random,
            greedy: (Greedy, TranspositionTable::new(TABLE_BITS)),
            smart: (
                Smart {
                    weights: Weights::uniform(1),
                },
                TranspositionTable::new(TABLE_BITS),
            ),
            depth: config.explore_depth,
            percent: config.explore,
        }
    }

    fn choose(&mut self, position: &Position) -> Move {
        let roll = self.random.below(100) as u32;
        let moves = position.board.moves();
        let first = Squares(moves).next().map_or(Move::Pass, Move::Play);
        if roll < self.percent[0] {
            let pick = self.random.below(moves.count_ones() as usize);
            return Squares(moves).nth(pick).map_or(first, Move::Play);
        }
        let (evaluator, table): (&dyn Evaluator, &mut TranspositionTable) =
            if roll < self.percent[0] + self.percent[1] {
                (&self.greedy.0, &mut self.greedy.1)
            } else {
                (&self.smart.0, &mut self.smart.1)
            };
        Search::new(evaluator)
            .with_table(table)
            .run(&position.board, self.depth, Algorithm::AlphaBeta)
            .and_then(|r| r.best)
            .unwrap_or(first)
    }
}

/// The target of a position in `phase` and the move that reaches it: the
/// solver in the exact phase, else an iterative-deepening search (two plies
/// at a time, as the report tried, NegaScout with a table; the value is
/// that of minimax to `depth`) with the side to move's frozen weights.
fn target(
    position: &Position,
    phase: &Phase,
    depth: u32,
    evaluators: &[Smart; 2],
    tables: &mut [TranspositionTable; 2],
    nodes: &mut u64,
) -> (f64, Move) {
    let board = &position.board;
    if phase.exact {
        let solution = solve(board);
        *nodes += solution.nodes;
        return (
            f64::from(solution.score) * 100.0,
            solution.best.unwrap_or(Move::Pass),
        );
    }
    let side = colour_index(position.to_move);
    let mut search = Search::new(&evaluators[side]).with_table(&mut tables[side]);
    let mut result = None;
    let start = 2 - depth % 2;
    for d in (start..=depth).step_by(2) {
        result = search.run(board, d, Algorithm::NegaScout);
    }
    *nodes += search.nodes();
    match result {
        Some(r) => (centi_discs(r.value), r.best.unwrap_or(Move::Pass)),
        None => (0.0, Move::Pass),
    }
}

/// Plays one self-play game for `phase` and collects its samples.
fn play_phase_game(
    config: &Config,
    phase: &Phase,
    explorers: &mut Explorers,
    evaluators: &[Smart; 2],
    tables: &mut [TranspositionTable; 2],
    samples: &mut Vec<Sample>,
    nodes: &mut u64,
) {
    let mut position = Position::START;
    loop {
        let discs = position.board.disc_count();
        if discs > phase.max_discs() {
            return;
        }
        let mv = match position.board.status() {
            Status::GameOver => return,
            Status::MustPass => Move::Pass,
            Status::Moves if discs < phase.min_discs() => explorers.choose(&position),
            Status::Moves => {
                let (value, mv) = target(&position, phase, config.depth, evaluators, tables, nodes);
                samples.push(Sample {
                    color: position.to_move,
                    stage: stage(&position.board),
                    features: features(&position.board),
                    target: value,
                });
                mv
            }
        };
        match position.play(mv) {
            Ok(next) => position = next,
            // A search always answers a legal move; stop the game if not.
            Err(_) => return,
        }
    }
}

/// Fits the weights of the stages of a phase to its samples: the report's
/// update, normalised, swept `epochs` times in a seeded order; then the
/// weights are rounded to whole hundredths of a disc (those of the earlier
/// phases already are).
fn fit(config: &Config, table: &mut Table, samples: &[Sample], rng: &mut Rng) {
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut updates = [[0i32; STAGES]; 2];
    for _ in 0..config.epochs {
        for i in (1..order.len()).rev() {
            let j = rng.below(i + 1);
            order.swap(i, j);
        }
        for &index in &order {
            let sample = &samples[index];
            let side = colour_index(sample.color);
            let w = &mut table[side][sample.stage];
            let scaled: Vec<f64> = sample
                .features
                .iter()
                .zip(FEATURE_SCALES)
                .map(|(&f, s)| f64::from(f) / s)
                .collect();
            let norm: f64 = 1.0 + scaled.iter().map(|x| x * x).sum::<f64>();
            let error = sample.target - predict(w, &sample.features);
            let j = &mut updates[side][sample.stage];
            let step = config.alpha * config.gamma.powi(*j) * error / norm;
            *j = j.saturating_add(1);
            for ((w, x), s) in w.iter_mut().zip(&scaled).zip(FEATURE_SCALES) {
                // In the scaled space the weight is w * s; its update is
                // step * x, so w itself moves by step * x / s.
                *w += step * x / s;
            }
        }
    }
    for w in table.iter_mut().flat_map(|colour| colour.iter_mut()) {
        for v in w.iter_mut() {
            *v = v.round();
        }
    }
}

/// Root mean square, in discs, of `target - prediction` over `samples`
/// (zero weights when `table` is `None`).
fn rms(table: Option<&Table>, samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let predicted = table.map_or(0.0, |t| {
                predict(&t[colour_index(s.color)][s.stage], &s.features)
            });
            let error = (s.target - predicted) / 100.0;
            error * error
        })
        .sum();
    (sum / samples.len() as f64).sqrt()
}

/// Runs the learner: every phase of `config`, from the endgame back to
/// `first_stage`, calling `progress` after each game and each phase.
pub fn train(config: &Config, progress: &mut dyn FnMut(&Event)) -> Result<Training, ConfigError> {
    config.check()?;
    let mut rng = Rng::new(config.seed);
    let mut explorers = Explorers::new(Rng::new(rng.next_u64()), config);
    let mut table: Table = [[[0.0; FEATURES]; STAGES]; 2];
    let mut reports = Vec::new();
    for (index, phase) in config.phases().into_iter().enumerate() {
        let finished = phase.last + 1;
        let evaluators = [RED, Color::White].map(|color| Smart {
            weights: frozen(&table, color, finished.min(STAGES - 1)),
        });
        let mut tables = [
            TranspositionTable::new(TABLE_BITS),
            TranspositionTable::new(TABLE_BITS),
        ];
        let mut samples = Vec::new();
        let mut nodes = 0;
        for game in 0..config.games {
            play_phase_game(
                config,
                &phase,
                &mut explorers,
                &evaluators,
                &mut tables,
                &mut samples,
                &mut nodes,
            );
            progress(&Event::Game {
                index,
                phase,
                games: game + 1,
                samples: samples.len(),
                nodes,
            });
        }
        let rms_before = rms(None, &samples);
        fit(config, &mut table, &samples, &mut rng);
        let report = PhaseReport {
            phase,
            index,
            samples: samples.len(),
            nodes,
            rms_before,
            rms_after: rms(Some(&table), &samples),
        };
        progress(&Event::PhaseDone(report));
        reports.push(report);
    }
    Ok(Training {
        weights: ColourWeights {
            red: frozen(&table, RED, 0),
            white: frozen(&table, Color::White, 0),
        },
        phases: reports,
    })
}
