//! The 96-square board of the CS 221 report "Othello: The Moors of Venice"
//! (Snow, Patel and Jacobs, Stanford, 2001): a 10x10 grid without the four
//! cells c3, h3, c8 and h8, red against white. Rules, notation, the
//! report's search (alpha-beta with a transposition table, NegaScout,
//! MTD(f)), its evaluations, endgame solver, adaptive-depth time manager and
//! players. No I/O: time comes from a [`clock::Clock`], results leave
//! through return values.
//!
//! | module | what it holds |
//! |---|---|
//! | [`square`] | squares `a1`-`j10`, the holes, bitboard iteration |
//! | [`board`] | the board as `player`/`opponent` `u128` bitboards; moves and flips by shifts |
//! | [`position`] | a board with the colour to move, [`Move`], [`Game`] |
//! | [`notation`] | transcripts and the one-line position format, with located errors |
//! | [`eval`] | the "greedy" and "smart" evaluations, the stage weight table |
//! | [`learn`] | the report's temporal-difference learner of the smart weights |
//! | [`search`] | minimax, alpha-beta, NegaScout and MTD(f) with a transposition table |
//! | [`endgame`] | the exact solver (14 empties and fewer) |
//! | [`clock`] | where time comes from |
//! | [`time_manager`] | the report's adaptive-depth time manager |
//! | [`players`] | random, greedy, smart and clocked players; whole games |
//! | [`engine`] | what the front ends run: a search within limits or on a clock, with progress; every move's value |
//! | [`symmetry`] | the eight symmetries of the square, canonical boards |
//! | [`book`] | the report's opening book: its builder, file format and lookup |
//!
//! See `docs/board96.md` for the rules chosen where the report is silent.
#![deny(missing_docs)]

pub mod board;
pub mod book;
pub mod clock;
pub mod endgame;
pub mod engine;
pub mod eval;
pub mod learn;
pub mod notation;
pub mod players;
pub mod position;
pub mod search;
pub mod square;
pub mod symmetry;
pub mod time_manager;

pub use board::{Board, Status};
pub use position::{Color, Game, Move, MoveError, Position};
pub use square::{Square, SquareError};
