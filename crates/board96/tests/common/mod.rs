//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod reference;

use othello_board96::Board;
use reference::{Cell, Grid};

/// The reference grid of a bitboard board (built cell by cell from the
/// bit layout `row * 10 + column`).
pub fn grid_of(board: &Board) -> Grid {
    let mut grid = Grid::start();
    for row in 0..10 {
        for column in 0..10 {
            if grid.cells[row][column] == Cell::Hole {
                continue;
            }
            let bit = 1u128 << (row * 10 + column);
            grid.cells[row][column] = if board.player & bit != 0 {
                Cell::Mine
            } else if board.opponent & bit != 0 {
                Cell::Theirs
            } else {
                Cell::Empty
            };
        }
    }
    grid
}

/// A small deterministic generator (SplitMix64) for the tests' playouts.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
