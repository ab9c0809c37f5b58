//! The board relative to the side to move: `player` discs and `opponent` discs.

use crate::moves;
use crate::rules::{Rules, SquareNameError};
use crate::square::{Square, Squares};

pub use crate::rules::Status;

/// Two bitboards relative to the side to move (bit `row * 8 + column`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the side that moved last.
    pub opponent: u64,
}

impl Board {
    /// The standard start position with Black (the side to move) on d5 and e4.
    pub const START: Board = Board {
        player: (1 << 28) | (1 << 35),
        opponent: (1 << 27) | (1 << 36),
    };

    /// A board from the two bitboards; `None` when they overlap.
    pub fn new(player: u64, opponent: u64) -> Option<Board> {
        (player & opponent == 0).then_some(Board { player, opponent })
    }

    /// Empty squares.
    #[inline]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Number of empty squares.
    #[inline]
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Legal moves of the side to move as a bitboard.
    #[inline]
    pub fn moves(&self) -> u64 {
        moves::legal_moves(self.player, self.opponent)
    }

    /// Legal moves of the side to move, a1 first.
    pub fn move_list(&self) -> Squares {
        Squares(self.moves())
    }

    /// Whether playing on `square` is legal for the side to move.
    pub fn is_legal(&self, square: Square) -> bool {
        self.moves() & square.bit() != 0
    }

    /// The opponent discs that a move on `square` flips (empty if illegal).
    #[inline]
    pub fn flips(&self, square: Square) -> u64 {
        moves::flips(self.player, self.opponent, square.index())
    }

    /// The board after the side to move plays on `square`, flipping
    /// `flipped` (as given by [`Board::flips`]); the opponent then moves.
    #[inline]
    pub fn play_flips(&self, square: Square, flipped: u64) -> Board {
        Board {
            player: self.opponent ^ flipped,
            opponent: self.player | flipped | square.bit(),
        }
    }

    /// The board after a legal move on `square`, or `None` if it is illegal.
    pub fn play(&self, square: Square) -> Option<Board> {
        Rules::play(self, square)
    }

    /// The board after the side to move passes.
    #[inline]
    pub fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Whether the side to move can play, must pass, or the game is over.
    pub fn status(&self) -> Status {
        Rules::status(self)
    }

    /// Whether neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.status() == Status::GameOver
    }

    /// Player discs minus opponent discs, empty squares counting for nobody.
    #[inline]
    pub fn disc_difference(&self) -> i32 {
        Rules::disc_difference(self)
    }

    /// The tournament score for the side to move: the disc difference with
    /// the empty squares given to the winner (none on a draw).
    pub fn final_score(&self) -> i32 {
        Rules::final_score(self)
    }
}

impl Rules for Board {
    type Square = Square;
    type Bits = u64;
    type Squares = Squares;

    const START: Board = Board::START;

    #[inline]
    fn from_sides(player: u64, opponent: u64) -> Option<Board> {
        Board::new(player, opponent)
    }
    #[inline]
    fn player(&self) -> u64 {
        self.player
    }
    #[inline]
    fn opponent(&self) -> u64 {
        self.opponent
    }
    #[inline]
    fn squares(bits: u64) -> Squares {
        Squares(bits)
    }
    fn parse_square(text: &str) -> Result<Square, SquareNameError> {
        text.parse::<Square>()
            .map_err(|error| SquareNameError(error.to_string()))
    }
    #[inline]
    fn moves(&self) -> u64 {
        Board::moves(self)
    }
    #[inline]
    fn flips(&self, square: Square) -> u64 {
        Board::flips(self, square)
    }
    #[inline]
    fn play_flips(&self, square: Square, flipped: u64) -> Board {
        Board::play_flips(self, square, flipped)
    }
    #[inline]
    fn pass(&self) -> Board {
        Board::pass(self)
    }
    #[inline]
    fn empty_count(&self) -> u32 {
        Board::empty_count(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn start_has_four_moves_and_one_flip_each() {
        let board = Board::START;
        let names: Vec<String> = board.move_list().map(|s| s.to_string()).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
        for square in board.move_list() {
            assert_eq!(board.flips(square).count_ones(), 1);
        }
        let after = board.play(square("f5")).unwrap();
        assert_eq!(after.opponent.count_ones(), 4);
        assert_eq!(after.player.count_ones(), 1);
        assert_eq!(board.play(square("a1")), None);
        assert_eq!(board.status(), Status::Moves);
    }

    #[test]
    fn scores_give_empties_to_the_winner() {
        let board = Board::new(0b111, 0b1000).unwrap();
        assert_eq!(board.disc_difference(), 2);
        assert_eq!(board.final_score(), 2 + 60);
        assert_eq!(board.pass().final_score(), -62);
        let draw = Board::new(1, 1 << 63).unwrap();
        assert_eq!(draw.final_score(), 0);
        assert_eq!(draw.status(), Status::GameOver);
    }

    #[test]
    fn pass_and_game_over_are_told_apart() {
        // Player a1, opponent h8: nobody can play.
        let board = Board::new(1, 1 << 63).unwrap();
        assert_eq!(board.status(), Status::GameOver);
        // Player a1, opponent b1 c1: the player takes d1, the opponent has nothing.
        let board = Board::new(1, 2 | 4).unwrap();
        assert_eq!(board.moves(), 8);
        assert_eq!(board.pass().status(), Status::MustPass);
    }
}
