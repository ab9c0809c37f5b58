//! Edges with their two X-squares, as Iago and BILL see them: ten squares
//! coded as a base-3 number (0 empty, 1 the side the value is for, 2 the
//! other side), the first square the most significant digit. Both Norvig's
//! PAIP chapter 18 and Lee and Mahajan's BILL paper build a 3^10 =
//! 59,049-entry table over these indexes.

use crate::board::Board;
use crate::square::Square;

/// Number of edge configurations.
pub const EDGE_CONFIGURATIONS: usize = 59_049;

/// The four edges with their X-squares, in PAIP's `edge-and-x-lists` order
/// (b2 a1 b1 .. h1 g2; b7 a8 .. h8 g7; b2 a1 a2 .. a8 b7; g2 h1 h2 .. h8 g7).
pub const EDGES: [[u8; 10]; 4] = [
    [9, 0, 1, 2, 3, 4, 5, 6, 7, 14],
    [49, 56, 57, 58, 59, 60, 61, 62, 63, 54],
    [9, 0, 8, 16, 24, 32, 40, 48, 56, 49],
    [14, 7, 15, 23, 31, 39, 47, 55, 63, 54],
];

/// The top edge: where the tables are computed.
pub const TOP_EDGE: [u8; 10] = EDGES[0];

/// The base-3 index of `squares` for the side owning `me`.
#[inline]
pub fn index(me: u64, other: u64, squares: &[u8; 10]) -> usize {
    squares.iter().fold(0, |index, &square| {
        let bit = 1u64 << square;
        let digit = if me & bit != 0 {
            1
        } else if other & bit != 0 {
            2
        } else {
            0
        };
        index * 3 + digit
    })
}

/// The top edge of configuration `index` as a board for the side whose digit is 1.
pub fn board_of(mut index: usize) -> Board {
    let mut board = Board::default();
    for &square in TOP_EDGE.iter().rev() {
        match index % 3 {
            1 => board.player |= 1 << square,
            2 => board.opponent |= 1 << square,
            _ => {}
        }
        index /= 3;
    }
    board
}

/// Discs in configuration `index`.
pub fn disc_count(index: usize) -> u32 {
    let board = board_of(index);
    (board.player | board.opponent).count_ones()
}

/// Position of `square` in [`TOP_EDGE`] (0 and 9 are the X-squares, 1 and 8 the corners).
pub fn slot(square: Square) -> Option<usize> {
    TOP_EDGE.iter().position(|&s| s as usize == square.index())
}

/// Whether a slot of [`TOP_EDGE`] is an X-square.
pub fn is_x_slot(slot: usize) -> bool {
    slot == 0 || slot == 9
}

/// Whether a slot of [`TOP_EDGE`] is a corner.
pub fn is_corner_slot(slot: usize) -> bool {
    slot == 1 || slot == 8
}

/// The corner slot next to an X slot and the other way round.
pub fn partner_slot(slot: usize) -> usize {
    match slot {
        0 => 1,
        1 => 0,
        8 => 9,
        9 => 8,
        _ => slot,
    }
}

/// The square of a slot of [`TOP_EDGE`].
pub fn slot_square(slot: usize) -> Square {
    Square::new(TOP_EDGE[slot]).expect("edge squares are on the board")
}

/// What a square holds, from the point of view of the side whose digit is 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No disc.
    Empty,
    /// A disc of the side to move.
    Mine,
    /// A disc of the other side.
    Theirs,
}

/// The cell of `square` on `board` (player = digit 1).
pub fn cell(board: &Board, square: Square) -> Cell {
    if board.player & square.bit() != 0 {
        Cell::Mine
    } else if board.opponent & square.bit() != 0 {
        Cell::Theirs
    } else {
        Cell::Empty
    }
}

/// The chapter's `edge-move-probability` (Iago's fabricated odds that the
/// side to move can play on `square` of the top edge): 0.5 on an X-square,
/// 1 when the move flips now, a corner 0.1 / 0.001 / 0.9 as its X-square is
/// empty / own / the opponent's, else by own and opposing neighbours on the
/// edge, halved when the opponent could play there. Single floats as in Lisp.
pub fn paip_move_probability(board: &Board, slot: usize) -> f32 {
    const BY_NEIGHBOURS: [[f32; 3]; 3] = [[0.1, 0.4, 0.7], [0.05, 0.3, 0.0], [0.01, 0.0, 0.0]];
    let square = slot_square(slot);
    if is_x_slot(slot) {
        return 0.5;
    }
    if board.is_legal(square) {
        return 1.0;
    }
    if is_corner_slot(slot) {
        return match cell(board, slot_square(partner_slot(slot))) {
            Cell::Empty => 0.1,
            Cell::Mine => 0.001,
            Cell::Theirs => 0.9,
        };
    }
    let neighbours = |bits: u64| {
        [square.index() - 1, square.index() + 1]
            .iter()
            .filter(|&&n| bits & (1 << n) != 0)
            .count()
    };
    let odds = BY_NEIGHBOURS[neighbours(board.player)][neighbours(board.opponent)];
    if board.pass().is_legal(square) {
        odds / 2.0
    } else {
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_and_boards_round_trip() {
        for index in [0, 1, 2, 3, 100, 29_524, EDGE_CONFIGURATIONS - 1] {
            let board = board_of(index);
            assert_eq!(super::index(board.player, board.opponent, &TOP_EDGE), index);
        }
        // b2 mine and g2 theirs: 1 * 3^9 + 2.
        let board = board_of(19_685);
        assert_eq!(board.player, 1 << 9);
        assert_eq!(board.opponent, 1 << 14);
        assert_eq!(disc_count(19_685), 2);
    }
}
