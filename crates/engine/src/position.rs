//! A board together with the colour of the side to move, and moves on it:
//! the board layer's types ([`crate::rules`]) on the 8x8 board.

use crate::board::Board;
use crate::rules;
use crate::square::Square;

pub use crate::rules::Color;

/// A move on the 8x8 board: a disc on a square, or a pass.
pub type Move = rules::Move<Square>;

/// Why a move cannot be played on the 8x8 board.
pub type MoveError = rules::MoveError<Board>;

/// An 8x8 board and the colour of the side to move.
pub type Position = rules::Position<Board>;

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
