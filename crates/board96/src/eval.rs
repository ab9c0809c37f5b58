//! The report's evaluations: "greedy" (the disc difference) and "smart" (a
//! weighted sum of features with one weight per feature and two-ply stage),
//! after Snow, Patel and Jacobs, "Othello: The Moors of Venice".
//!
//! Every feature is computed for the side to move minus the other side (the
//! report writes white minus red; the board here is relative to the mover)
//! and with board shifts, as the report does:
//!
//! | feature | value |
//! |---|---|
//! | score | disc difference |
//! | mobility | legal moves |
//! | corners | corners held (a1, j1, a10, j10) |
//! | frontier | discs with an empty 8-neighbour |
//! | parity | global parity: +1 when the side to move plays the last move if nobody passes (an odd number of empties), -1 otherwise |
//! | access | empty regions (8-connected components of empty cells) the side can play into |
//! | local parity | percentage of regions that are odd and playable by the side, minus the same for the other side (our reading: the report gives no formula) |
//!
//! Stages: a board with `n` discs (4..=95) is in stage `(n - 4) / 2`, so 46
//! stages, as the report's 46 weights per feature.

use crate::position::RED;
use std::fmt;

use crate::board::{neighbours, Board, CORNERS};
use crate::position::Color;

/// Number of features of the smart evaluation.
pub const FEATURES: usize = 7;

/// Number of two-ply stages (the report's 46 weights per feature).
pub const STAGES: usize = 46;

/// The features' names, in the order of [`features`] and of the weight file.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "score",
    "mobility",
    "corners",
    "frontier",
    "parity",
    "access",
    "local_parity",
];

/// The value of a won game before the score is added: larger than any
/// evaluation, so the search prefers a sure win to any heuristic value.
pub const WIN: i32 = 1_000_000;

/// Evaluations are clamped to `±EVAL_LIMIT` so they stay below [`WIN`].
pub const EVAL_LIMIT: i32 = WIN - 1_000;

/// The two-ply stage of a board (0..46).
pub fn stage(board: &Board) -> usize {
    ((board.disc_count().saturating_sub(4) / 2) as usize).min(STAGES - 1)
}

/// The empty regions of a board: 8-connected components of empty cells,
/// lowest cell first. The holes are not empty, so they separate regions.
pub fn regions(board: &Board) -> Vec<u128> {
    let mut left = board.empties();
    let mut found = Vec::new();
    while left != 0 {
        let mut region = left & left.wrapping_neg();
        loop {
            let grown = (region | neighbours(region)) & left;
            if grown == region {
                break;
            }
            region = grown;
        }
        left &= !region;
        found.push(region);
    }
    found
}

/// The features of a board for the side to move, in [`FEATURE_NAMES`] order.
pub fn features(board: &Board) -> [i32; FEATURES] {
    let player_moves = board.moves();
    let opponent_moves = board.opponent_moves();
    let empties = board.empties();
    let near_empty = neighbours(empties);
    let count = |bits: u128| bits.count_ones() as i32;
    let parity = if board.empty_count() % 2 == 1 { 1 } else { -1 };
    let mut access = 0;
    let (mut player_odd, mut opponent_odd) = (0, 0);
    let all = regions(board);
    for region in &all {
        let odd = region.count_ones() % 2 == 1;
        if region & player_moves != 0 {
            access += 1;
            player_odd += i32::from(odd);
        }
        if region & opponent_moves != 0 {
            access -= 1;
            opponent_odd += i32::from(odd);
        }
    }
    let local_parity = if all.is_empty() {
        0
    } else {
        100 * (player_odd - opponent_odd) / all.len() as i32
    };
    [
        board.disc_difference(),
        count(player_moves) - count(opponent_moves),
        count(board.player & CORNERS) - count(board.opponent & CORNERS),
        count(board.player & near_empty) - count(board.opponent & near_empty),
        parity,
        access,
        local_parity,
    ]
}

/// How a search values its leaves, for the side to move.
pub trait Evaluator {
    /// The value of a position where the game goes on (below [`WIN`] in
    /// absolute value).
    fn evaluate(&self, board: &Board) -> i32;

    /// The value of a finished game.
    fn terminal(&self, board: &Board) -> i32;
}

/// The report's "greedy" evaluation: the disc difference; a finished game
/// is worth its final score (empties to the winner).
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Evaluator for Greedy {
    fn evaluate(&self, board: &Board) -> i32 {
        board.disc_difference()
    }

    fn terminal(&self, board: &Board) -> i32 {
        board.final_score()
    }
}

/// One weight per feature and stage: `stages[stage][feature]`. A plain data
/// type: build it, or read it from the text written by [`Weights::write`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The weights of each two-ply stage, in [`FEATURE_NAMES`] order.
    pub stages: [[i32; FEATURES]; STAGES],
}

/// Why a text is not a weight table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// A line does not have a stage number and one integer per feature.
    BadLine {
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A stage is missing (each of 0..46 must appear once).
    MissingStage {
        /// The stage.
        stage: usize,
    },
    /// A two-colour text lacks the `red` or the `white` table.
    MissingColour {
        /// `"red"` or `"white"`.
        colour: String,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::BadLine { line, reason } => write!(f, "weights: line {line}: {reason}"),
            WeightsError::MissingStage { stage } => {
                write!(
                    f,
                    "weights: stage {stage} is missing (expected 0..{STAGES})"
                )
            }
            WeightsError::MissingColour { colour } => {
                write!(f, "weights: the '{colour}' table is missing")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// Every weight equal to `weight` (the report's "uniform untrained
    /// weights" when 1; its learner starts from 0).
    pub fn uniform(weight: i32) -> Weights {
        Weights {
            stages: [[weight; FEATURES]; STAGES],
        }
    }

    /// Hand-set weights (the learned ones are [`ColourWeights::learned`]): each weight
    /// moves linearly from its opening value (stage 0) to its endgame value
    /// (stage 45), in hundredths of a disc per unit of the feature.
    ///
    /// | feature | opening | endgame |
    /// |---|---|---|
    /// | score | -20 | 100 |
    /// | mobility | 80 | 20 |
    /// | corners | 600 | 200 |
    /// | frontier | -40 | -10 |
    /// | parity | 0 | 300 |
    /// | access | 50 | 50 |
    /// | local parity (per percent) | 0 | 3 |
    ///
    /// The report observes that a disc deficit early is good, hence the
    /// negative opening score weight.
    pub fn hand() -> Weights {
        const ENDS: [(i32, i32); FEATURES] = [
            (-20, 100),
            (80, 20),
            (600, 200),
            (-40, -10),
            (0, 300),
            (50, 50),
            (0, 3),
        ];
        let mut stages = [[0; FEATURES]; STAGES];
        for (stage, weights) in stages.iter_mut().enumerate() {
            for (weight, (open, end)) in weights.iter_mut().zip(ENDS) {
                *weight = open + (end - open) * stage as i32 / (STAGES as i32 - 1);
            }
        }
        Weights { stages }
    }

    /// The table as text: a header comment, then one line per stage:
    /// `stage w_score w_mobility ...`.
    pub fn write(&self) -> String {
        let mut text = format!("# stage {}\n", FEATURE_NAMES.join(" "));
        for (stage, weights) in self.stages.iter().enumerate() {
            let values: Vec<String> = weights.iter().map(i32::to_string).collect();
            text += &format!("{stage} {}\n", values.join(" "));
        }
        text
    }

    /// Reads the text of [`Weights::write`]: blank lines and lines starting
    /// with `#` are skipped; each stage 0..46 appears exactly once.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut stages = [[0; FEATURES]; STAGES];
        let mut seen = [false; STAGES];
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |reason: String| WeightsError::BadLine {
                line: line_number,
                reason,
            };
            let numbers: Vec<&str> = line.split_whitespace().collect();
            if numbers.len() != FEATURES + 1 {
                return Err(bad(format!(
                    "{} numbers, expected {} (a stage and {FEATURES} weights)",
                    numbers.len(),
                    FEATURES + 1
                )));
            }
            let stage: usize = numbers[0]
                .parse()
                .ok()
                .filter(|s| *s < STAGES)
                .ok_or_else(|| bad(format!("stage '{}' is not 0..{STAGES}", numbers[0])))?;
            if seen[stage] {
                return Err(bad(format!("stage {stage} appears twice")));
            }
            seen[stage] = true;
            for (feature, word) in numbers[1..].iter().enumerate() {
                stages[stage][feature] = word.parse().map_err(|_| {
                    bad(format!(
                        "weight {} '{word}' is not an integer",
                        FEATURE_NAMES[feature]
                    ))
                })?;
            }
        }
        match seen.iter().position(|s| !s) {
            Some(stage) => Err(WeightsError::MissingStage { stage }),
            None => Ok(Weights { stages }),
        }
    }
}

/// The report's separate weights for each colour ("We trained separate
/// weights for the white and red players ... both players fared better
/// using their custom weights"): a player uses the set of its own colour,
/// the side to move at the root of its search, at every leaf.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourWeights {
    /// Red's weights.
    pub red: Weights,
    /// White's weights.
    pub white: Weights,
}

/// The learned weights committed in `data/learned-weights.txt`, written by
/// `othello train --board 96` (see `docs/board96.md` for the command).
pub const LEARNED_WEIGHTS: &str = include_str!("../data/learned-weights.txt");

impl ColourWeights {
    /// The same weights for both colours.
    pub fn both(weights: Weights) -> ColourWeights {
        ColourWeights {
            red: weights.clone(),
            white: weights,
        }
    }

    /// The weights of `color`.
    pub fn of(&self, color: Color) -> &Weights {
        match color {
            RED => &self.red,
            Color::White => &self.white,
        }
    }

    /// The learned weights ([`LEARNED_WEIGHTS`]), trained by the report's
    /// temporal-difference learner ([`crate::learn`]).
    pub fn learned() -> ColourWeights {
        // The committed file is checked by a test, so this cannot fail.
        ColourWeights::parse(LEARNED_WEIGHTS)
            .unwrap_or_else(|_| ColourWeights::both(Weights::hand()))
    }

    /// The two tables as text: a line `red`, Red's table as
    /// [`Weights::write`] writes it, a line `white`, White's table.
    pub fn write(&self) -> String {
        format!("red\n{}white\n{}", self.red.write(), self.white.write())
    }

    /// Reads the text of [`ColourWeights::write`] (comments and blank lines
    /// anywhere); a text without the `red` and `white` lines is one table
    /// for both colours. Line numbers in errors are those of `text`.
    pub fn parse(text: &str) -> Result<ColourWeights, WeightsError> {
        let section = |line: &str| match line.trim() {
            "red" => Some(RED),
            "white" => Some(Color::White),
            _ => None,
        };
        if !text.lines().any(|line| section(line).is_some()) {
            return Weights::parse(text).map(ColourWeights::both);
        }
        // Each colour's table is the text with every other line blanked, so
        // that the line numbers of its errors stay those of `text`.
        let table = |color: Color| -> Result<Weights, WeightsError> {
            let mut current = None;
            let mut seen = false;
            let mut kept = String::new();
            for (index, line) in text.lines().enumerate() {
                let trimmed = line.trim();
                if let Some(c) = section(line) {
                    if c == color && seen {
                        return Err(WeightsError::BadLine {
                            line: index + 1,
                            reason: format!("a second '{trimmed}' table"),
                        });
                    }
                    seen |= c == color;
                    current = Some(c);
                } else if current.is_none() && !trimmed.is_empty() && !trimmed.starts_with('#') {
                    return Err(WeightsError::BadLine {
                        line: index + 1,
                        reason: "a weight line before the 'red' or 'white' line".into(),
                    });
                } else if current == Some(color) {
                    kept += line;
                }
                kept.push('\n');
            }
            if !seen {
                return Err(WeightsError::MissingColour {
                    colour: crate::position::color_name(color).to_lowercase(),
                });
            }
            Weights::parse(&kept)
        };
        Ok(ColourWeights {
            red: table(RED)?,
            white: table(Color::White)?,
        })
    }
}

/// The report's "smart" evaluation: the features weighted by stage.
#[derive(Clone, Debug)]
pub struct Smart {
    /// The weights.
    pub weights: Weights,
}

impl Smart {
    /// The smart evaluation with the hand-set weights.
    pub fn hand() -> Smart {
        Smart {
            weights: Weights::hand(),
        }
    }
}

impl Evaluator for Smart {
    fn evaluate(&self, board: &Board) -> i32 {
        let weights = &self.weights.stages[stage(board)];
        let values = features(board);
        let sum: i64 = values
            .iter()
            .zip(weights)
            .map(|(&v, &w)| i64::from(v) * i64::from(w))
            .sum();
        sum.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
    }

    fn terminal(&self, board: &Board) -> i32 {
        let score = board.final_score();
        score.signum() * WIN + score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Squares;

    /// Cells with an empty 8-neighbour, found cell by cell.
    fn frontier_by_cells(discs: u128, empties: u128) -> u128 {
        Squares(discs)
            .filter(|s| {
                let (c, r) = (s.column() as i32, s.row() as i32);
                (-1..=1).any(|dr| {
                    (-1..=1).any(|dc| {
                        let (cc, rr) = (c + dc, r + dr);
                        (0..10).contains(&cc)
                            && (0..10).contains(&rr)
                            && empties >> (rr * 10 + cc) & 1 == 1
                    })
                })
            })
            .map(|s| s.bit())
            .sum()
    }

    #[test]
    fn start_features() {
        let board = Board::START;
        // 4 moves each, no corners, all four discs on the frontier, 92
        // empties (even: the second player moves last), one region.
        assert_eq!(features(&board), [0, 0, 0, 0, -1, 0, 0]);
        assert_eq!(regions(&board).len(), 1);
        assert_eq!(stage(&board), 0);
        assert_eq!(Greedy.evaluate(&board), 0);
    }

    #[test]
    fn holes_and_discs_separate_regions() {
        // A wall on column b and on a2 cuts off a1 and a3-a10; the holes cut
        // nothing alone.
        let wall: u128 = (0..10).map(|r| 1u128 << (r * 10 + 1)).sum::<u128>() | 1 << 10;
        let board = Board::new(wall, 0).unwrap();
        let found = regions(&board);
        let sizes: Vec<u32> = found.iter().map(|r| r.count_ones()).collect();
        assert_eq!(sizes, [1, 96 - 11 - 1 - 8, 8]);
        assert_eq!(found[0], 1);
        let frontier = neighbours(board.empties()) & board.player;
        assert_eq!(frontier, frontier_by_cells(board.player, board.empties()));
    }

    #[test]
    fn weights_round_trip_and_errors_are_located() {
        let hand = Weights::hand();
        assert_eq!(hand.stages[0], [-20, 80, 600, -40, 0, 50, 0]);
        assert_eq!(hand.stages[45], [100, 20, 200, -10, 300, 50, 3]);
        assert_eq!(Weights::parse(&hand.write()), Ok(hand.clone()));
        let text = hand.write().replacen("\n1 ", "\n1 x", 1);
        assert_eq!(
            Weights::parse(&text).unwrap_err().to_string(),
            "weights: line 3: weight score 'x-18' is not an integer"
        );
        let short: String = hand
            .write()
            .lines()
            .take(10)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            Weights::parse(&short),
            Err(WeightsError::MissingStage { stage: 9 })
        );
        assert!(Weights::parse("0 1 2").is_err());
        assert!(Weights::parse("99 1 2 3 4 5 6 7").is_err());
    }

    #[test]
    fn wins_outrank_evaluations() {
        let won = Board::new(1, 0).unwrap();
        let smart = Smart::hand();
        assert_eq!(smart.terminal(&won), WIN + 96);
        assert_eq!(smart.terminal(&won.pass()), -WIN - 96);
        assert!(smart.evaluate(&Board::START).abs() < EVAL_LIMIT);
    }
}
