//! A game record: a start position and the moves played from it.

use crate::board::Status;
use crate::position::{Move, MoveError, Position};

/// A start position and a legal sequence of moves with every pass explicit.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    /// The position before the first move.
    pub start: Position,
    /// The moves, passes included.
    pub moves: Vec<Move>,
}

impl Game {
    /// A game with no move yet from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
        }
    }

    /// The position after every move.
    pub fn position(&self) -> Position {
        self.positions().last().copied().unwrap_or(self.start)
    }

    /// The start position and the position after each move, in order.
    ///
    /// The moves are trusted to be legal (as [`Game::play`] keeps them); an
    /// illegal one stops the list early.
    pub fn positions(&self) -> Vec<Position> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(self.start);
        let mut current = self.start;
        for &mv in &self.moves {
            match current.play(mv) {
                Ok(next) => current = next,
                Err(_) => break,
            }
            positions.push(current);
        }
        positions
    }

    /// Plays `mv` at the end of the game, or says why it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<Position, MoveError> {
        let next = self.position().play(mv)?;
        self.moves.push(mv);
        Ok(next)
    }

    /// Plays a disc move, inserting the pass first when the side to move must pass.
    pub fn play_with_implicit_pass(&mut self, mv: Move) -> Result<Position, MoveError> {
        let position = self.position();
        if matches!(mv, Move::Play(_)) && position.status() == Status::MustPass {
            let passed = position.play(Move::Pass)?;
            let next = passed.play(mv)?;
            self.moves.push(Move::Pass);
            self.moves.push(mv);
            return Ok(next);
        }
        self.play(mv)
    }
}
