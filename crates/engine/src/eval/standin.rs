//! The static evaluation, in discs from the side to move's point of view.
//!
//! This is the STAND-IN evaluation the search was first built on: a
//! hand-weighted sum of mobility, potential mobility, corners, X- and
//! C-squares and edges (the features BILL, in Lee and Mahajan, "BILL: A
//! Table-Based, Knowledge-Intensive Othello Program", 1986, section 3.2, and
//! PAIP's Iago evaluation, in Norvig, "Paradigms of Artificial Intelligence
//! Programming", 1992, chapter 18, start from). The learned pattern
//! evaluation (Buro, "Experiments with Multi-ProbCut and a New High-Quality
//! Evaluation Function for Othello", 1997) replaces it behind the same
//! interface ([`super::Evaluation`]).

use super::MAX_EVAL;
use crate::board::Board;
use crate::moves::{legal_moves, neighbours};

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// X-squares (diagonally next to a corner), listed with their corner.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];
/// C-squares (next to a corner on an edge), listed with their corner.
const C_SQUARES: [(u64, u64); 4] = [
    ((1 << 1) | (1 << 8), 1),
    ((1 << 6) | (1 << 15), 1 << 7),
    ((1 << 48) | (1 << 57), 1 << 56),
    ((1 << 55) | (1 << 62), 1 << 63),
];
const EDGES: u64 = 0xff81_8181_8181_81ff;

/// Weights in 1/16 disc.
const W_MOBILITY: i32 = 12;
const W_POTENTIAL: i32 = 5;
const W_CORNER: i32 = 120;
const W_X_SQUARE: i32 = -60;
const W_C_SQUARE: i32 = -20;
const W_EDGE: i32 = 4;

fn count(bits: u64) -> i32 {
    bits.count_ones() as i32
}

/// Discs of `discs` on X- or C-squares whose corner is still empty.
fn risky(discs: u64, empties: u64, squares: &[(u64, u64); 4]) -> i32 {
    squares
        .iter()
        .filter(|(_, corner)| empties & corner != 0)
        .map(|(squares, _)| count(discs & squares))
        .sum()
}

/// Features of one side, in 1/16 disc.
fn side_score(player: u64, opponent: u64) -> i32 {
    let empties = !(player | opponent);
    let mobility = count(legal_moves(player, opponent));
    let potential = count(neighbours(opponent) & empties);
    mobility * W_MOBILITY
        + potential * W_POTENTIAL
        + count(player & CORNERS) * W_CORNER
        + risky(player, empties, &X_SQUARES) * W_X_SQUARE
        + risky(player, empties, &C_SQUARES) * W_C_SQUARE
        + count(player & EDGES & !CORNERS) * W_EDGE
}

/// The evaluation of `board` for the side to move, in discs, within
/// `-MAX_EVAL..=MAX_EVAL`.
pub fn evaluate(board: &Board) -> i32 {
    let sixteenths =
        side_score(board.player, board.opponent) - side_score(board.opponent, board.player);
    (sixteenths / 16).clamp(-MAX_EVAL, MAX_EVAL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetry;

    #[test]
    fn start_is_even_and_symmetric() {
        assert_eq!(evaluate(&Board::START), 0);
        let board = Board::START.play("f5".parse().unwrap()).unwrap();
        for symmetry in Symmetry::ALL {
            assert_eq!(evaluate(&symmetry.board(&board)), evaluate(&board));
        }
    }

    #[test]
    fn a_corner_is_worth_having() {
        // Player on a1 and opponent elsewhere on the edge: the corner owner leads.
        let board = Board::new(1, 1 << 20).unwrap();
        assert!(evaluate(&board) > 0);
        assert!(evaluate(&board.pass()) < 0);
    }
}
