//! The eight symmetries of a square board (the dihedral group D4), for
//! both boards: [`Symmetry`] names one and maps a cell of an `n` x `n` grid
//! ([`Symmetry::cell`], [`Symmetry::inverse`]); the 8x8 board's bitboards
//! are mapped here by bit tricks, the 96-square board's in its own crate by
//! cells.

use crate::board::Board;
use crate::square::Square;

/// One of the 8 symmetries: `0` is the identity; bit 0 mirrors columns
/// (a <-> h), bit 1 mirrors rows (1 <-> 8), bit 2 transposes (a2 <-> b1),
/// applied in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// All eight symmetries, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The symmetry that undoes this one. Each of the three steps undoes
    /// itself; a transposition turns a column mirror into a row mirror
    /// (mirroring columns then transposing equals transposing then
    /// mirroring rows), so with one the two mirrors trade places.
    pub fn inverse(self) -> Symmetry {
        if self.0 & 4 == 0 {
            self
        } else {
            Symmetry(4 | (self.0 & 1) << 1 | (self.0 & 2) >> 1)
        }
    }

    /// Where the cell at (`column`, `row`) of an `n` x `n` grid goes.
    pub fn cell(self, column: u8, row: u8, n: u8) -> (u8, u8) {
        let last = n - 1;
        let (mut column, mut row) = (column, row);
        if self.0 & 1 != 0 {
            column = last - column;
        }
        if self.0 & 2 != 0 {
            row = last - row;
        }
        if self.0 & 4 != 0 {
            (column, row) = (row, column);
        }
        (column, row)
    }

    /// Applies the symmetry to an 8x8 bitboard.
    pub fn bits(self, mut bits: u64) -> u64 {
        if self.0 & 1 != 0 {
            bits = mirror_columns(bits);
        }
        if self.0 & 2 != 0 {
            bits = bits.swap_bytes();
        }
        if self.0 & 4 != 0 {
            bits = transpose(bits);
        }
        bits
    }

    /// Applies the symmetry to a board.
    pub fn board(self, board: &Board) -> Board {
        Board {
            player: self.bits(board.player),
            opponent: self.bits(board.opponent),
        }
    }

    /// Applies the symmetry to a square.
    pub fn square(self, square: Square) -> Square {
        Square::from_lowest_bit(self.bits(square.bit()))
    }
}

/// The images of `bits` under all eight symmetries, in [`Symmetry::ALL`]
/// order, with one transposition and two column mirrors in all (the other
/// images follow by swapping rows, which is one byte swap).
#[inline]
pub fn images(bits: u64) -> [u64; 8] {
    let h = mirror_columns(bits);
    let t = transpose(bits);
    let th = mirror_columns(t);
    // Symmetry 5 (columns, then transpose) equals rows after transpose;
    // 6 (rows, then transpose) equals columns after transpose.
    [
        bits,
        h,
        bits.swap_bytes(),
        h.swap_bytes(),
        t,
        t.swap_bytes(),
        th,
        th.swap_bytes(),
    ]
}

/// The representative of `board`'s class under the eight symmetries: the
/// least of its images (by `player`, then `opponent`), so that symmetric
/// positions share one key (in the opening book, say).
pub fn canonical(board: &Board) -> Board {
    let players = images(board.player);
    let opponents = images(board.opponent);
    let mut best = (board.player, board.opponent);
    for (&player, &opponent) in players.iter().zip(opponents.iter()).skip(1) {
        best = best.min((player, opponent));
    }
    Board {
        player: best.0,
        opponent: best.1,
    }
}

/// Mirrors columns: a <-> h, b <-> g, ...
fn mirror_columns(bits: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let bits = ((bits >> 1) & K1) | ((bits & K1) << 1);
    let bits = ((bits >> 2) & K2) | ((bits & K2) << 2);
    ((bits >> 4) & K4) | ((bits & K4) << 4)
}

/// Transposes: the square at (column c, row r) goes to (column r, row c).
fn transpose(bits: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut bits = bits;
    let t = K4 & (bits ^ (bits << 28));
    bits ^= t ^ (t >> 28);
    let t = K2 & (bits ^ (bits << 14));
    bits ^= t ^ (t >> 14);
    let t = K1 & (bits ^ (bits << 7));
    bits ^= t ^ (t >> 7);
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moved(symmetry: Symmetry, column: u8, row: u8) -> (u8, u8) {
        let square = symmetry.square(Square::at(column, row).unwrap());
        (square.column(), square.row())
    }

    #[test]
    fn each_symmetry_maps_squares_as_defined() {
        for column in 0..8 {
            for row in 0..8 {
                assert_eq!(moved(Symmetry(0), column, row), (column, row));
                assert_eq!(moved(Symmetry(1), column, row), (7 - column, row));
                assert_eq!(moved(Symmetry(2), column, row), (column, 7 - row));
                assert_eq!(moved(Symmetry(4), column, row), (row, column));
                assert_eq!(moved(Symmetry(7), column, row), (7 - row, 7 - column));
            }
        }
    }

    #[test]
    fn cells_and_inverses_agree_with_the_bitboards() {
        for symmetry in Symmetry::ALL {
            for square in Square::all() {
                let (column, row) = symmetry.cell(square.column(), square.row(), 8);
                assert_eq!(Square::at(column, row), Some(symmetry.square(square)));
                assert_eq!(symmetry.inverse().square(symmetry.square(square)), square);
            }
        }
    }

    #[test]
    fn all_images_at_once_equal_one_at_a_time() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..1000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let expected: Vec<u64> = Symmetry::ALL.iter().map(|s| s.bits(x)).collect();
            assert_eq!(images(x).to_vec(), expected);
        }
    }

    #[test]
    fn symmetries_are_distinct_bijections() {
        let sample = 0x0123_4567_89ab_cdefu64;
        let images: Vec<u64> = Symmetry::ALL.iter().map(|s| s.bits(sample)).collect();
        for (i, a) in images.iter().enumerate() {
            assert_eq!(a.count_ones(), sample.count_ones());
            for b in &images[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn symmetric_boards_have_symmetric_moves() {
        let board = Board::START.play("f5".parse().unwrap()).unwrap();
        for symmetry in Symmetry::ALL {
            let image = symmetry.board(&board);
            assert_eq!(image.moves(), symmetry.bits(board.moves()));
        }
    }
}
