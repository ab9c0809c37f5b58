//! A board with the colour of the side to move, moves on it, and a game
//! record (a start position and its moves).

use std::fmt;

use crate::board::{Board, Status};
use crate::square::Square;

/// A disc colour; Red moves first (Red takes Black's place).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player, `R` in the position format.
    Red,
    /// The second player, `W` in the position format.
    White,
}

impl Color {
    /// The other colour.
    pub fn opposite(self) -> Color {
        match self {
            Color::Red => Color::White,
            Color::White => Color::Red,
        }
    }

    /// `"Red"` or `"White"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::White => "White",
        }
    }

    /// `'R'` or `'W'`.
    pub fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::White => 'W',
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
    /// The square name (`f5`, `j10`) or `pa` for a pass.
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
                write!(f, "pass is illegal for {color}, who has a move")
            }
            MoveError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A board and the colour of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs, relative to the side to move.
    pub board: Board,
    /// Who moves.
    pub to_move: Color,
}

impl Position {
    /// The start position, Red to move.
    pub const START: Position = Position {
        board: Board::START,
        to_move: Color::Red,
    };

    /// Red's discs.
    pub fn red(&self) -> u128 {
        match self.to_move {
            Color::Red => self.board.player,
            Color::White => self.board.opponent,
        }
    }

    /// White's discs.
    pub fn white(&self) -> u128 {
        match self.to_move {
            Color::Red => self.board.opponent,
            Color::White => self.board.player,
        }
    }

    /// The position from Red's and White's discs; `None` when they overlap
    /// or touch a hole or a cell off the board.
    pub fn from_colors(red: u128, white: u128, to_move: Color) -> Option<Position> {
        let board = match to_move {
            Color::Red => Board::new(red, white)?,
            Color::White => Board::new(white, red)?,
        };
        Some(Position { board, to_move })
    }

    /// The position after `mv`, or why it cannot be played.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        let status = self.board.status();
        match (mv, status) {
            (_, Status::GameOver) => Err(MoveError::GameOver),
            (Move::Pass, Status::MustPass) => Ok(Position {
                board: self.board.pass(),
                to_move: self.to_move.opposite(),
            }),
            (Move::Pass, _) => Err(MoveError::PassWithMoves {
                color: self.to_move,
            }),
            (Move::Play(square), _) => match self.board.play(square) {
                Some(board) => Ok(Position {
                    board,
                    to_move: self.to_move.opposite(),
                }),
                None => Err(MoveError::Illegal {
                    square,
                    color: self.to_move,
                }),
            },
        }
    }

    /// Red's final score (red discs minus white discs, empty cells to the
    /// winner); meaningful once the game is over.
    pub fn red_score(&self) -> i32 {
        match self.to_move {
            Color::Red => self.board.final_score(),
            Color::White => -self.board.final_score(),
        }
    }
}

/// A game: a start position and the moves played from it (passes written
/// out as [`Move::Pass`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    current: Position,
}

impl Game {
    /// A game with no moves from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            current: start,
        }
    }

    /// The start position.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The moves played, passes included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after the moves.
    pub fn position(&self) -> Position {
        self.current
    }

    /// Plays `mv`, or says why it cannot be played (the game is unchanged).
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.current = self.current.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// Plays `mv`, first passing when the side to move must pass and `mv` is
    /// a square (transcripts leave passes out).
    pub fn play_with_implicit_pass(&mut self, mv: Move) -> Result<(), MoveError> {
        if mv != Move::Pass && self.current.board.status() == Status::MustPass {
            let passed = self.current.play(Move::Pass)?;
            let after = passed.play(mv)?;
            self.moves.push(Move::Pass);
            self.moves.push(mv);
            self.current = after;
            return Ok(());
        }
        self.play(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_the_side_to_move() {
        let start = Position::START;
        assert_eq!(start.red(), Board::START.player);
        let after = start.play(Move::Play("e4".parse().unwrap())).unwrap();
        assert_eq!(after.to_move, Color::White);
        assert_eq!(after.red().count_ones(), 4);
        assert_eq!(after.white().count_ones(), 1);
        assert_eq!(
            Position::from_colors(after.red(), after.white(), Color::White),
            Some(after)
        );
        assert_eq!(
            start.play(Move::Pass),
            Err(MoveError::PassWithMoves { color: Color::Red })
        );
        let error = start.play(Move::Play("a1".parse().unwrap())).unwrap_err();
        assert_eq!(error.to_string(), "a1 is illegal for Red");
    }
}
