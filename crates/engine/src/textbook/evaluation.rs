//! What a search asks of an evaluation: the value of a position where the
//! game goes on, and the value of a finished game, both for the side to
//! move.

use crate::rules::Rules;

/// An evaluation of the positions of board `B`, for the side to move.
pub trait Evaluation<B: Rules> {
    /// The value of a position where the game goes on (well inside
    /// ±[`super::INFINITY`]).
    fn evaluate(&self, board: &B) -> i32;

    /// The value of a finished game.
    fn terminal(&self, board: &B) -> i32;
}

/// The plainest evaluation on any board: the disc difference, and a finished
/// game's final score (empties to the winner).
#[derive(Clone, Copy, Debug, Default)]
pub struct DiscDifference;

impl<B: Rules> Evaluation<B> for DiscDifference {
    fn evaluate(&self, board: &B) -> i32 {
        board.disc_difference()
    }

    fn terminal(&self, board: &B) -> i32 {
        board.final_score()
    }
}
