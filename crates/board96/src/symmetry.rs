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

/// A symmetry of the square, acting on columns `c` and rows `r` (0-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `(c, r)`.
    Identity,
    /// A quarter turn clockwise: `(9 - r, c)`.
    Rotate90,
    /// A half turn: `(9 - c, 9 - r)`.
    Rotate180,
    /// A quarter turn anticlockwise: `(r, 9 - c)`.
    Rotate270,
    /// Columns mirrored (a <-> j): `(9 - c, r)`.
    MirrorColumns,
    /// Rows mirrored (1 <-> 10): `(c, 9 - r)`.
    MirrorRows,
    /// The a1-j10 diagonal: `(r, c)`.
    Transpose,
    /// The j1-a10 diagonal: `(9 - r, 9 - c)`.
    AntiTranspose,
}

const N: u8 = SIZE - 1;

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The image of a cell given by column and row.
    fn cell(self, c: u8, r: u8) -> (u8, u8) {
        match self {
            Symmetry::Identity => (c, r),
            Symmetry::Rotate90 => (N - r, c),
            Symmetry::Rotate180 => (N - c, N - r),
            Symmetry::Rotate270 => (r, N - c),
            Symmetry::MirrorColumns => (N - c, r),
            Symmetry::MirrorRows => (c, N - r),
            Symmetry::Transpose => (r, c),
            Symmetry::AntiTranspose => (N - r, N - c),
        }
    }

    /// The image of a square (always a square: holes map to holes).
    pub fn square(self, square: Square) -> Square {
        let (c, r) = self.cell(square.column(), square.row());
        Square::at(c, r).unwrap_or(square)
    }

    /// The image of a bitboard of playable cells.
    pub fn bits(self, bits: u128) -> u128 {
        Squares(bits).fold(0, |image, s| image | self.square(s).bit())
    }

    /// The image of a board.
    pub fn board(self, board: &Board) -> Board {
        Board {
            player: self.bits(board.player),
            opponent: self.bits(board.opponent),
        }
    }
}

/// The canonical form of `board`: the least of its eight images (ordered by
/// the player's then the opponent's bitboard), with the symmetry that maps
/// `board` to it. Boards related by a symmetry have the same canonical form.
pub fn canonical(board: &Board) -> (Board, Symmetry) {
    Symmetry::ALL
        .into_iter()
        .map(|symmetry| (symmetry.board(board), symmetry))
        .min_by_key(|(image, _)| (image.player, image.opponent))
        .unwrap_or((*board, Symmetry::Identity))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::{HOLES, PLAYABLE};

    #[test]
    fn every_symmetry_keeps_the_holes_and_undoes_with_its_inverse() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.bits(PLAYABLE), PLAYABLE, "{symmetry:?}");
            for hole in HOLES {
                let (c, r) = symmetry.cell(hole % SIZE, hole / SIZE);
                assert!(
                    HOLES.contains(&(r * SIZE + c)),
                    "{symmetry:?} moves hole {hole}"
                );
            }
            for square in Square::all() {
                assert_eq!(symmetry.inverse().square(symmetry.square(square)), square);
            }
        }
        let images: std::collections::HashSet<_> = Symmetry::ALL
            .iter()
            .map(|s| s.square(Square::at(1, 0).unwrap()))
            .collect();
        assert_eq!(images.len(), 8, "b1 has eight distinct images");
    }

    #[test]
    fn the_start_is_fixed_by_four_symmetries() {
        let fixed: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|s| s.board(&Board::START) == Board::START)
            .collect();
        assert_eq!(
            fixed,
            [
                Symmetry::Identity,
                Symmetry::Rotate180,
                Symmetry::Transpose,
                Symmetry::AntiTranspose
            ]
        );
    }
}
