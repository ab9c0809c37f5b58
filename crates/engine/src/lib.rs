//! An Othello engine: rules, notations, search and a learned evaluation, the
//! same code natively and in WebAssembly. It does no I/O: time comes from a
//! [`clock::Clock`], progress leaves through a [`search::Observer`], and the
//! front ends (crates `othello-cli`, `othello-tools`, `othello-wasm`) read
//! and print.
//!
//! The modules, from the rules up:
//!
//! | module | what it holds |
//! |---|---|
//! | [`rules`] | the board layer: what both boards share (colours, moves and passes, positions, games), over a board's [`rules::Rules`] |
//! | [`square`] | squares `a1`-`h8` and bitboard iteration |
//! | [`moves`] | legal moves and flips by bitboard shifts |
//! | [`board`] | the board as `player`/`opponent` bitboards; play, pass, status |
//! | [`stability`] | stable discs |
//! | [`symmetry`] | the eight symmetries of the board |
//! | [`position`] | a board with the colour to move; [`Move`] (a square or a pass) |
//! | [`game`] | a game record: a start position and its moves |
//! | [`perft`] | move-path counts under both pass conventions |
//! | [`notation`] | square names, transcripts, OBF lines and GGF records, with located errors |
//! | [`score`] | scores in discs, their bounds, and how a score was found |
//! | [`rng`] | the one random generator (Rng) |
//! | [`clock`] | where time comes from |
//! | [`named_file`] | tables and books read from files by native front ends |
//! | [`eval`] | the learned pattern evaluation (an embedded table file), the stand-in |
//! | [`book`] | the opening book: positions under the 8 symmetries, negamaxed book moves, the embedded file, how a move is chosen from it |
//! | [`explorer`] | the opening explorer: the tournament games that reached a position, their results and the moves they played, from an index file |
//! | [`time_manager`] | the game-clock budget of a move |
//! | [`search`] | the search: iterative deepening PVS, Multi-ProbCut, the exact solver, parallel search, levels; it knows no book |
//! | [`engine`] | the facade front ends hold: table, evaluation, threads, book; search, analyse, play on a clock |
//! | [`settings`] | the one reader of search settings, whatever the front end (`depth=10`, `--depth 10`, `{ depth: 10 }`) |
//! | [`textbook`] | the texts' searches over any board: minimax, alpha-beta, NegaScout, alpha-beta with memory, MTD(f), SSS*, DUAL*, with node counts |
//! | [`players`] | the classic programs as opponents (PAIP, Iago, BILL) and player specs |
//!
//! The modules depend on one another in that order, without cycles
//! (`tests/module_graph.rs` checks it).
#![deny(missing_docs)]

pub mod board;
pub mod book;
pub mod clock;
pub mod engine;
pub mod eval;
pub mod explorer;
pub mod game;
mod huge_pages;
pub mod moves;
pub mod named_file;
pub mod notation;
pub mod perft;
pub mod players;
pub mod position;
pub mod rng;
pub mod rules;
pub mod score;
pub mod search;
pub mod settings;
pub mod square;
pub mod stability;
pub mod symmetry;
pub mod textbook;
pub mod time_manager;

pub use board::{Board, Status};
pub use engine::Engine;
pub use game::Game;
pub use position::{Color, Move, MoveError, Position};
pub use square::Square;
