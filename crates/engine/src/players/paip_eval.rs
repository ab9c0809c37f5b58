//! The evaluation functions of PAIP chapter 18 (Norvig, "Paradigms of
//! Artificial Intelligence Programming", 1992): count-difference,
//! weighted-squares, modified-weighted-squares and mobility, each scoring a
//! board for one side (`me`) whoever is to move, as the chapter's
//! `(eval-fn player board)` does.

use crate::moves;

/// PAIP's `*weights*`, a1..h8 (row 1 first).
pub const WEIGHTS: [i64; 64] = [
    120, -20, 20, 5, 5, 20, -20, 120, //
    -20, -40, -5, -5, -5, -5, -40, -20, //
    20, -5, 15, 3, 3, 15, -5, 20, //
    5, -5, 3, 3, 3, 3, -5, 5, //
    5, -5, 3, 3, 3, 3, -5, 5, //
    20, -5, 15, 3, 3, 15, -5, 20, //
    -20, -40, -5, -5, -5, -5, -40, -20, //
    120, -20, 20, 5, 5, 20, -20, 120,
];

/// One of the chapter's simple evaluation functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaipEval {
    /// Own discs minus the opponent's (`count-difference`).
    CountDifference,
    /// Sum of [`WEIGHTS`] of own discs minus the opponent's (`weighted-squares`).
    WeightedSquares,
    /// Weighted squares, re-weighting a corner's neighbours to +5 once the
    /// corner is taken (`modified-weighted-squares`).
    ModifiedWeightedSquares,
    /// Number of legal moves (the chapter's first `mobility`).
    Mobility,
}

impl PaipEval {
    /// Every evaluation, in the order the chapter introduces them.
    pub const ALL: [PaipEval; 4] = [
        PaipEval::CountDifference,
        PaipEval::WeightedSquares,
        PaipEval::ModifiedWeightedSquares,
        PaipEval::Mobility,
    ];

    /// The name used in player specs.
    pub fn name(self) -> &'static str {
        match self {
            PaipEval::CountDifference => "count-difference",
            PaipEval::WeightedSquares => "weighted-squares",
            PaipEval::ModifiedWeightedSquares => "modified-weighted-squares",
            PaipEval::Mobility => "mobility",
        }
    }

    /// The names, as messages list them.
    pub const NAMES: &'static str =
        "count-difference, weighted-squares, modified-weighted-squares or mobility";

    /// The evaluation called `name`.
    pub fn from_name(name: &str) -> Option<PaipEval> {
        PaipEval::ALL.into_iter().find(|eval| eval.name() == name)
    }

    /// The value of the board for the side owning `me` against `other`.
    pub fn evaluate(self, me: u64, other: u64) -> i64 {
        match self {
            PaipEval::CountDifference => me.count_ones() as i64 - other.count_ones() as i64,
            PaipEval::WeightedSquares => weighted_squares(me, other),
            PaipEval::ModifiedWeightedSquares => modified_weighted_squares(me, other),
            PaipEval::Mobility => moves::legal_moves(me, other).count_ones() as i64,
        }
    }
}

/// Sum of the weights of `bits`.
fn weight_sum(mut bits: u64) -> i64 {
    let mut sum = 0;
    while bits != 0 {
        sum += WEIGHTS[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    sum
}

/// PAIP's `weighted-squares`.
pub fn weighted_squares(me: u64, other: u64) -> i64 {
    weight_sum(me) - weight_sum(other)
}

/// The corners a1, h1, a8, h8 with their three neighbours each.
const CORNER_NEIGHBOURS: [(u32, u64); 4] = [
    (0, (1 << 1) | (1 << 8) | (1 << 9)),
    (7, (1 << 6) | (1 << 14) | (1 << 15)),
    (56, (1 << 48) | (1 << 49) | (1 << 57)),
    (63, (1 << 54) | (1 << 55) | (1 << 62)),
];

/// PAIP's `modified-weighted-squares`: for each taken corner, each taken
/// neighbour counts `5 - weight` more for its owner.
pub fn modified_weighted_squares(me: u64, other: u64) -> i64 {
    let mut value = weighted_squares(me, other);
    let taken = me | other;
    for (corner, neighbours) in CORNER_NEIGHBOURS {
        if taken & (1 << corner) == 0 {
            continue;
        }
        let mut around = neighbours & taken;
        while around != 0 {
            let square = around.trailing_zeros() as usize;
            let sign = if me & (1 << square) != 0 { 1 } else { -1 };
            value += (5 - WEIGHTS[square]) * sign;
            around &= around - 1;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn the_weights_sum_to_376_and_the_start_is_even() {
        assert_eq!(WEIGHTS.iter().sum::<i64>(), 376);
        let start = Board::START;
        for eval in PaipEval::ALL {
            let value = eval.evaluate(start.player, start.opponent);
            let expected = if eval == PaipEval::Mobility { 4 } else { 0 };
            assert_eq!(value, expected, "{}", eval.name());
        }
    }

    #[test]
    fn a_taken_corner_turns_its_neighbours_to_five() {
        // Me on a1 and b1, the opponent on b2: b1 counts 5, b2 counts -5.
        let me = 1 | 2;
        let other = 1 << 9;
        assert_eq!(weighted_squares(me, other), 120 - 20 + 40);
        assert_eq!(modified_weighted_squares(me, other), 120 + 5 - 5);
        assert_eq!(PaipEval::from_name("weighted"), None);
        assert_eq!(PaipEval::from_name("mobility"), Some(PaipEval::Mobility));
    }
}
