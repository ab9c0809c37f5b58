//! Helpers shared by the integration tests: random positions reached by
//! legal play, drawn with the engine's deterministic generator.
#![allow(dead_code)]

use othello::rng::Rng;
use othello::{Board, Status};

/// Plays uniformly random legal moves from the start until `done` accepts a
/// position (restarting when a game ends first).
pub fn random_position(rng: &mut Rng, done: impl Fn(&Board) -> bool) -> Board {
    loop {
        let mut board = Board::START;
        loop {
            if done(&board) {
                return board;
            }
            match board.status() {
                Status::GameOver => break,
                Status::MustPass => board = board.pass(),
                Status::Moves => {
                    let moves: Vec<_> = board.move_list().collect();
                    board = board.play(moves[rng.below(moves.len())]).expect("legal");
                }
            }
        }
    }
}

pub mod accepted;
pub mod reference;
