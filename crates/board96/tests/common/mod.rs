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

/// The engine's generator, for the tests' playouts.
#[allow(unused_imports)]
pub use othello::rng::Rng;
