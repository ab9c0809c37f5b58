//! The eight symmetries of the square (the dihedral group D4) on the
//! 10x10 grid. The holes c3, h3, c8 and h8 sit at columns and rows 2 and 7,
//! which every one of them maps onto each other (`2 <-> 9 - 2 = 7`), so each
//! symmetry maps playable cells to playable cells, lines to lines and legal
//! moves to legal moves: a position and its image have the same game tree.
//! The start position is fixed by four of them (identity, transposition,
//! anti-transposition and the half turn); the other four swap its colours.
//! The evaluations read no square in particular (disc counts, mobility,
//! the four corners, frontier, parity and regions), so they value a
//! position and its image alike; the opening book relies on it.

use crate::board::Board;
use crate::square::{Square, Squares, SIZE};

pub use othello::symmetry::Symmetry;

/// The image of `square` under `symmetry` (a hole never is one, and no
/// square maps to one).
pub fn square(symmetry: Symmetry, square: Square) -> Square {
    let (column, row) = symmetry.cell(square.column(), square.row(), SIZE);
    Square::at(column, row).unwrap_or(square)
}

/// The image of a set of squares.
pub fn bits(symmetry: Symmetry, bits: u128) -> u128 {
    Squares(bits).fold(0, |image, s| image | square(symmetry, s).bit())
}

/// The image of a board.
pub fn board(symmetry: Symmetry, board: &Board) -> Board {
    Board {
        player: bits(symmetry, board.player),
        opponent: bits(symmetry, board.opponent),
    }
}

/// The canonical form of `board`: the least of its eight images (ordered by
/// the player's then the opponent's bitboard), with the symmetry that maps
/// `board` to it. Boards related by a symmetry have the same canonical form.
pub fn canonical(start: &Board) -> (Board, Symmetry) {
    Symmetry::ALL
        .into_iter()
        .map(|symmetry| (board(symmetry, start), symmetry))
        .min_by_key(|(image, _)| (image.player, image.opponent))
        .unwrap_or((*start, Symmetry(0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::{HOLES, PLAYABLE};

    #[test]
    fn every_symmetry_keeps_the_holes_and_undoes_with_its_inverse() {
        for symmetry in Symmetry::ALL {
            assert_eq!(bits(symmetry, PLAYABLE), PLAYABLE, "{symmetry:?}");
            for hole in HOLES {
                let (c, r) = symmetry.cell(hole % SIZE, hole / SIZE, SIZE);
                assert!(
                    HOLES.contains(&(r * SIZE + c)),
                    "{symmetry:?} moves hole {hole}"
                );
            }
            for each in Square::all() {
                assert_eq!(square(symmetry.inverse(), square(symmetry, each)), each);
            }
        }
        let images: std::collections::HashSet<_> = Symmetry::ALL
            .iter()
            .map(|&s| square(s, Square::at(1, 0).unwrap()))
            .collect();
        assert_eq!(images.len(), 8, "b1 has eight distinct images");
    }

    #[test]
    fn the_start_is_fixed_by_four_symmetries() {
        // The identity, the half turn (both mirrors), the transposition and
        // the anti-transposition (both mirrors, then transposing).
        let fixed: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|&s| board(s, &Board::START) == Board::START)
            .collect();
        assert_eq!(fixed, [Symmetry(0), Symmetry(3), Symmetry(4), Symmetry(7)]);
    }
}
