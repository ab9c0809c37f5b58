//! A game record: a start position and the moves played from it.

use crate::board::Status;
use crate::position::{Move, MoveError, Position};

/// A start position and a legal sequence of moves with every pass explicit.
///
/// The moves can only be added through [`Game::play`], so they are always
/// legal and the final position is kept at hand.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    end: Position,
}

impl Game {
    /// A game with no move yet from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            end: start,
        }
    }

    /// The position before the first move.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The moves played, every pass explicit.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after every move.
    pub fn position(&self) -> Position {
        self.end
    }

    /// The start position and the position after each move, in order.
    pub fn positions(&self) -> Vec<Position> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(self.start);
        for &mv in &self.moves {
            let current = positions[positions.len() - 1];
            // Moves were checked by `play`, so replaying cannot fail.
            positions.push(current.play(mv).unwrap_or(current));
        }
        positions
    }

    /// Plays `mv` at the end of the game, or says why it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<Position, MoveError> {
        self.end = self.end.play(mv)?;
        self.moves.push(mv);
        Ok(self.end)
    }

    /// Plays a disc move, inserting the pass first when the side to move must pass.
    pub fn play_with_implicit_pass(&mut self, mv: Move) -> Result<Position, MoveError> {
        let position = self.position();
        if matches!(mv, Move::Play(_)) && position.status() == Status::MustPass {
            let next = position.play(Move::Pass)?.play(mv)?;
            self.moves.extend([Move::Pass, mv]);
            self.end = next;
            return Ok(next);
        }
        self.play(mv)
    }
}
