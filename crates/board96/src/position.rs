//! A board with the colour of the side to move, moves on it, and a game
//! record: the board layer's types ([`othello::rules`]) on the 96-square
//! board, where Red takes Black's place.

use othello::rules;

use crate::board::Board;
use crate::square::Square;

pub use othello::rules::Color;

/// The first player of the 96-square board, Black's place: `R` in the
/// position format, named "Red" ([`othello::rules::Rules::color_name`]).
pub const RED: Color = Color::Black;

/// A move on the 96-square board: a disc on a square, or a pass.
pub type Move = rules::Move<Square>;

/// Why a move cannot be played on the 96-square board.
pub type MoveError = rules::MoveError<Board>;

/// A 96-square board and the colour of the side to move.
pub type Position = rules::Position<Board>;

/// A start position and the moves played from it, passes explicit.
pub type Game = rules::Game<Board>;

/// `'R'` or `'W'`: a colour in the position format.
pub fn letter(color: Color) -> char {
    match color {
        Color::Black => 'R',
        Color::White => 'W',
    }
}

/// `"Red"` or `"White"`.
pub fn color_name(color: Color) -> &'static str {
    <Board as rules::Rules>::color_name(color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_the_side_to_move() {
        let start = Position::START;
        assert_eq!(start.discs(RED), Board::START.player);
        let after = start.play(Move::Play("e4".parse().unwrap())).unwrap();
        assert_eq!(after.to_move, Color::White);
        assert_eq!(after.discs(RED).count_ones(), 4);
        assert_eq!(after.white().count_ones(), 1);
        assert_eq!(
            Position::from_colors(after.discs(RED), after.white(), Color::White),
            Some(after)
        );
        assert_eq!(
            start.play(Move::Pass),
            Err(MoveError::PassWithMoves { color: RED })
        );
        let error = start.play(Move::Play("a1".parse().unwrap())).unwrap_err();
        assert_eq!(error.to_string(), "a1 is illegal for Red");
    }
}
