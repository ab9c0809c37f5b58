//! An Othello engine: bitboard rules, notations and perft, built natively
//! and for WebAssembly from the same code.
#![deny(missing_docs)]

pub mod board;
pub mod cli;
pub mod clock;
pub mod eval;
pub mod game;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod players;
pub mod position;
pub mod search;
pub mod square;
pub mod stability;
pub mod symmetry;
pub mod time_manager;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;
mod wasm;

pub use board::{Board, Status};
pub use game::Game;
pub use position::{Color, Move, MoveError, Position};
pub use square::Square;
