//! A game record on the 8x8 board: a start position and the moves played
//! from it (the board layer's [`crate::rules::Game`]).

use crate::board::Board;

/// A start position and a legal sequence of moves with every pass explicit.
pub type Game = crate::rules::Game<Board>;
