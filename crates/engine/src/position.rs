//! A board together with the colour of the side to move, and moves on it.

use std::fmt;

use crate::board::{Board, Status};
use crate::square::Square;

/// A disc colour; Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player, `X` in OBF and `*` in GGF.
    Black,
    /// The second player, `O` in OBF and GGF.
    White,
}

impl Color {
    /// The other colour.
    pub fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `"Black"` or `"White"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a disc on a square, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a disc on the square.
    Play(Square),
    /// Pass (only legal when the side to move has no move and the game is not over).
    Pass,
}

impl fmt::Display for Move {
    /// The square name (`f5`) or `pa` for a pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(square) => write!(f, "{square}"),
            Move::Pass => f.write_str("pa"),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The square is taken or flips nothing.
    Illegal {
        /// The square tried.
        square: Square,
        /// Who tried it.
        color: Color,
    },
    /// A pass while the side to move has a legal move.
    PassWithMoves {
        /// Who tried to pass.
        color: Color,
    },
    /// Any move after neither side can move.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Illegal { square, color } => write!(f, "{square} is illegal for {color}"),
            MoveError::PassWithMoves { color } => {
                write!(f, "pass is illegal for {color}, who has a legal move")
            }
            MoveError::GameOver => f.write_str("the game is already over"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A board and the colour of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs, relative to the side to move.
    pub board: Board,
    /// The colour of the side to move.
    pub to_move: Color,
}

impl Default for Position {
    fn default() -> Self {
        Position::START
    }
}

impl Position {
    /// The standard start position, Black to move.
    pub const START: Position = Position {
        board: Board::START,
        to_move: Color::Black,
    };

    /// A position from Black's and White's discs (which must not overlap).
    pub fn from_colors(black: u64, white: u64, to_move: Color) -> Option<Position> {
        let board = match to_move {
            Color::Black => Board::new(black, white)?,
            Color::White => Board::new(white, black)?,
        };
        Some(Position { board, to_move })
    }

    /// Black's discs.
    pub fn black(&self) -> u64 {
        match self.to_move {
            Color::Black => self.board.player,
            Color::White => self.board.opponent,
        }
    }

    /// White's discs.
    pub fn white(&self) -> u64 {
        match self.to_move {
            Color::Black => self.board.opponent,
            Color::White => self.board.player,
        }
    }

    /// Whether the side to move can play, must pass, or the game is over.
    pub fn status(&self) -> Status {
        self.board.status()
    }

    /// The position after `mv`, or why it cannot be played.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        let status = self.status();
        if status == Status::GameOver {
            return Err(MoveError::GameOver);
        }
        let board = match mv {
            Move::Pass if status == Status::MustPass => self.board.pass(),
            Move::Pass => {
                return Err(MoveError::PassWithMoves {
                    color: self.to_move,
                })
            }
            Move::Play(square) => self.board.play(square).ok_or(MoveError::Illegal {
                square,
                color: self.to_move,
            })?,
        };
        Ok(Position {
            board,
            to_move: self.to_move.opposite(),
        })
    }

    /// Black's discs minus White's, empty squares counting for nobody.
    pub fn disc_difference(&self) -> i32 {
        self.black().count_ones() as i32 - self.white().count_ones() as i32
    }

    /// The tournament score from Black's side: the disc difference with the
    /// empty squares given to the winner.
    pub fn final_score(&self) -> i32 {
        match self.to_move {
            Color::Black => self.board.final_score(),
            Color::White => -self.board.final_score(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_reports_illegal_moves_by_colour() {
        let start = Position::START;
        let error = start.play(Move::Play("a1".parse().unwrap())).unwrap_err();
        assert_eq!(error.to_string(), "a1 is illegal for Black");
        let error = start.play(Move::Pass).unwrap_err();
        assert_eq!(
            error.to_string(),
            "pass is illegal for Black, who has a legal move"
        );
        let after = start.play(Move::Play("f5".parse().unwrap())).unwrap();
        assert_eq!(after.to_move, Color::White);
        assert_eq!(after.black().count_ones(), 4);
        assert_eq!(after.white().count_ones(), 1);
        assert_eq!(after.disc_difference(), 3);
    }
}
