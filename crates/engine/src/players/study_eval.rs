//! The evaluation of the 2001 alpha-beta study's programs. The study names
//! its features without numbers (its applets used another author's
//! evaluation, not given), so the weights here are ours:
//!
//! | feature | points for the side to move |
//! |---|---|
//! | disc count | [`DISC`] per disc more than the opponent |
//! | mobility | [`MOBILITY`] per legal move more than the opponent has |
//! | corners | [`CORNER`] per corner more than the opponent |
//! | edges | the edge table: each of the four edges (corners included, so a corner counts on both its edges, as the study wants) looked up in a 3^8 = 6,561-entry table, divided by [`EDGE_DIVISOR`] |
//! | X-squares | [`X_SQUARE`] off for each disc on a square diagonal to an empty corner, added for the opponent's |
//!
//! The edge table is the slice of PAIP's Iago edge table
//! ([`super::iago::edge_table`], 3^10 entries over an edge and its two
//! X-squares, built from static stability values by five sweeps of
//! probabilistic one-ply search, as PAIP's `init-edge-table` builds it)
//! where both X-squares are empty: the X-squares are the separate penalty
//! above, as the study lists them. A finished game is worth [`FINAL`]
//! points a disc of its final score, more than any position where the game
//! goes on.

use std::sync::OnceLock;

use super::edge::EDGES;
use super::iago;
use crate::board::Board;
use crate::moves;
use crate::textbook::Evaluation;

/// Points per disc of difference.
pub const DISC: i32 = 1;
/// Points per legal move of difference.
pub const MOBILITY: i32 = 4;
/// Points per corner of difference.
pub const CORNER: i32 = 30;
/// Points off per disc on an X-square next to an empty corner.
pub const X_SQUARE: i32 = 20;
/// The edge table's values (Iago's units) are divided by this.
pub const EDGE_DIVISOR: i32 = 100;
/// Points per disc of a finished game's score.
pub const FINAL: i32 = 1000;

/// Entries of the edge table: an edge's 8 squares, each empty, the side
/// to move's or the opponent's.
pub const EDGE_ENTRIES: usize = 6561;

/// The corners a1, h1, a8, h8.
pub const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// Each corner with its X-square: (a1, b2), (h1, g2), (a8, b7), (h8, g7).
const CORNER_X: [(u64, u64); 4] = [
    (1, 1 << 9),
    (1 << 7, 1 << 14),
    (1 << 56, 1 << 49),
    (1 << 63, 1 << 54),
];

/// The edge table, indexed by the base-3 number of an edge's squares from
/// corner to corner (the first the most significant; 0 empty, 1 the side
/// the value is for, 2 the other), in the evaluation's points.
pub fn edge_table() -> &'static [i32] {
    static TABLE: OnceLock<Vec<i32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let iago = iago::edge_table();
        // With both X-squares (the first and the last digit of Iago's
        // index) empty, Iago's index is three times the edge's own.
        (0..EDGE_ENTRIES)
            .map(|index| iago[3 * index] / EDGE_DIVISOR)
            .collect()
    })
}

/// The base-3 index of an edge's 8 squares for the side owning `me`.
#[inline]
fn edge_index(me: u64, other: u64, squares: &[u8]) -> usize {
    squares.iter().fold(0, |index, &square| {
        let digit = (me >> square & 1) + 2 * (other >> square & 1);
        index * 3 + digit as usize
    })
}

/// The edge table's value of the four edges for `me`.
pub fn edges(me: u64, other: u64) -> i32 {
    let table = edge_table();
    EDGES
        .iter()
        .map(|edge| table[edge_index(me, other, &edge[1..9])])
        .sum()
}

/// Discs of `discs` on an X-square next to an empty corner.
#[inline]
fn x_squares(discs: u64, empties: u64) -> i32 {
    CORNER_X
        .iter()
        .filter(|&&(corner, x)| empties & corner != 0 && discs & x != 0)
        .count() as i32
}

/// The study programs' evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct StudyEval;

impl StudyEval {
    /// The value of a position where the game goes on, for the side to move.
    pub fn value(board: &Board) -> i32 {
        let (me, other) = (board.player, board.opponent);
        let empties = board.empties();
        let discs = me.count_ones() as i32 - other.count_ones() as i32;
        let mobility = moves::legal_moves(me, other).count_ones() as i32
            - moves::legal_moves(other, me).count_ones() as i32;
        let corners = (me & CORNERS).count_ones() as i32 - (other & CORNERS).count_ones() as i32;
        let x = x_squares(me, empties) - x_squares(other, empties);
        DISC * discs + MOBILITY * mobility + CORNER * corners - X_SQUARE * x + edges(me, other)
    }
}

impl Evaluation<Board> for StudyEval {
    fn evaluate(&self, board: &Board) -> i32 {
        StudyEval::value(board)
    }

    fn terminal(&self, board: &Board) -> i32 {
        FINAL * board.final_score()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edge_table_is_iagos_with_empty_x_squares() {
        let table = edge_table();
        assert_eq!(table.len(), EDGE_ENTRIES);
        assert_eq!(table[0], 0);
        // a1 alone: the same as Iago's a1 with b2 and g2 empty.
        let a1 = 3usize.pow(7);
        assert_eq!(
            table[a1],
            iago::edge_table()[super::super::edge::index(1, 0, &EDGES[0])] / EDGE_DIVISOR
        );
        assert!(table[a1] > 0 && table[2 * a1] < 0);
    }

    #[test]
    fn the_start_is_even_and_features_count_for_the_side_to_move() {
        assert_eq!(StudyEval::value(&Board::START), 0);
        // Black on a1 and b2 (no X-square penalty: a1 is taken), White on
        // g2 next to an empty h1, White to move... from Black's side.
        let board = Board::new(1 | 1 << 9, 1 << 14).unwrap();
        let table = edge_table();
        let a1 = 3usize.pow(7);
        let mobility = MOBILITY
            * (board.moves().count_ones() as i32 - board.pass().moves().count_ones() as i32);
        // a1 lies on the top edge and on the a-file edge.
        let expected = DISC + CORNER + X_SQUARE + 2 * table[a1] + mobility;
        assert_eq!(StudyEval::value(&board), expected);
        // From White's side the edges are the opponent's corner (Iago's
        // table is not antisymmetric: it knows who moves next).
        let reverse = -DISC - CORNER - X_SQUARE + 2 * table[2 * a1] - mobility;
        assert_eq!(StudyEval::value(&board.pass()), reverse);
        assert_ne!(table[2 * a1], -table[a1]);
        assert_eq!(StudyEval.terminal(&Board::new(1, 0).unwrap()), 64 * FINAL);
    }
}
