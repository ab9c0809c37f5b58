//! The 96-square board as two `u128` bitboards relative to the side to move,
//! with legal moves and flips computed by shifts.
//!
//! Bit `row * 10 + column` stands for a cell of the 10x10 grid; bits 100..128
//! and the four holes are never set. Shifting moves every disc one step in a
//! direction; the result is masked with the playable cells (so a line never
//! runs into a hole or off the bottom or top) and, for the directions with a
//! sideways step, with the columns a line can reach (so it never wraps from
//! column j to column a of the next row). A hole is neither empty nor an
//! opponent disc, so a capture never passes across it.

use othello::rules::{Rules, SquareNameError};

use crate::position::Color;
use crate::square::{Square, Squares, PLAYABLE};

pub use othello::rules::Status;

/// Column a of every row.
const COLUMN_A: u128 = {
    let mut bits = 0u128;
    let mut row = 0;
    while row < 10 {
        bits |= 1 << (row * 10);
        row += 1;
    }
    bits
};

/// Column j of every row.
const COLUMN_J: u128 = COLUMN_A << 9;

/// The corners a1, j1, a10, j10.
pub const CORNERS: u128 = 1 | (1 << 9) | (1 << 90) | (1 << 99);

/// The eight directions: `(shift, towards higher bits, mask of the cells
/// the shifted discs may land on)`.
const DIRECTIONS: [(u32, bool, u128); 8] = [
    (1, true, PLAYABLE & !COLUMN_A),   // east
    (1, false, PLAYABLE & !COLUMN_J),  // west
    (10, true, PLAYABLE),              // south
    (10, false, PLAYABLE),             // north
    (11, true, PLAYABLE & !COLUMN_A),  // south-east
    (9, true, PLAYABLE & !COLUMN_J),   // south-west
    (9, false, PLAYABLE & !COLUMN_A),  // north-east
    (11, false, PLAYABLE & !COLUMN_J), // north-west
];

/// Every disc of `bits` moved one step in direction `direction` (0..8),
/// masked to the cells a disc may land on.
#[inline(always)]
pub fn shift(bits: u128, direction: usize) -> u128 {
    let (amount, up, mask) = DIRECTIONS[direction];
    if up {
        (bits << amount) & mask
    } else {
        (bits >> amount) & mask
    }
}

/// The cells next to (8-neighbourhood) any cell of `bits`, `bits` excluded.
#[inline]
pub fn neighbours(bits: u128) -> u128 {
    let mut around = 0;
    for direction in 0..8 {
        around |= shift(bits, direction);
    }
    around & !bits
}

/// `bits` shifted by `AMOUNT` bits towards higher bits (`UP`) or lower
/// ones, unmasked (callers mask the result).
#[inline(always)]
fn raw_shift<const AMOUNT: u32, const UP: bool>(bits: u128) -> u128 {
    if UP {
        bits << AMOUNT
    } else {
        bits >> AMOUNT
    }
}

/// The moves along one direction (`AMOUNT` bits a step, `UP` or down, the
/// opponent discs a line may enter in `mask`) by a parallel-prefix
/// (Kogge-Stone) fill: `pass1` holds the opponent discs a line may enter
/// from the previous cell (so neither a wrap to the next row nor a hole is
/// ever crossed), `pass2` and `pass4` two and four such steps in a row; the
/// fill reaches 1 + 2 + 4 + 1 = 8 opponent discs, the most a 10-cell line
/// holds between two cells.
#[inline(always)]
fn direction_moves<const AMOUNT: u32, const UP: bool>(
    player: u128,
    opponent: u128,
    empty: u128,
    mask: u128,
) -> u128 {
    let step = |bits: u128| raw_shift::<AMOUNT, UP>(bits);
    let pass1 = opponent & mask;
    let pass2 = pass1 & step(pass1);
    let pass4 = pass2 & step(step(pass2));
    let mut line = player;
    line |= pass1 & step(line);
    line |= pass2 & step(step(line));
    line |= pass4 & step(step(step(step(line))));
    line |= pass1 & step(line);
    step(line & opponent) & mask & empty
}

/// Legal moves of `player` against `opponent` as a bitboard: empty cells from
/// which a line of one or more opponent discs ends on a player disc.
#[inline]
pub fn legal_moves(player: u128, opponent: u128) -> u128 {
    let empty = PLAYABLE & !(player | opponent);
    let not_a = PLAYABLE & !COLUMN_A;
    let not_j = PLAYABLE & !COLUMN_J;
    direction_moves::<1, true>(player, opponent, empty, not_a)
        | direction_moves::<1, false>(player, opponent, empty, not_j)
        | direction_moves::<10, true>(player, opponent, empty, PLAYABLE)
        | direction_moves::<10, false>(player, opponent, empty, PLAYABLE)
        | direction_moves::<11, true>(player, opponent, empty, not_a)
        | direction_moves::<9, true>(player, opponent, empty, not_j)
        | direction_moves::<9, false>(player, opponent, empty, not_a)
        | direction_moves::<11, false>(player, opponent, empty, not_j)
}

/// Legal moves by the plain fill, one step at a time (kept to check
/// [`legal_moves`] and to compare their speed).
pub fn legal_moves_by_steps(player: u128, opponent: u128) -> u128 {
    let empty = PLAYABLE & !(player | opponent);
    let mut moves = 0;
    for direction in 0..8 {
        // A line holds at most 8 opponent discs between two cells.
        let mut line = shift(player, direction) & opponent;
        for _ in 0..7 {
            line |= shift(line, direction) & opponent;
        }
        moves |= shift(line, direction) & empty;
    }
    moves
}

/// The opponent discs flipped when `player` plays on the cell `index` (none
/// when the move is illegal).
#[inline]
pub fn flips(player: u128, opponent: u128, index: usize) -> u128 {
    let placed = 1u128 << index;
    let mut flipped = 0;
    for direction in 0..8 {
        let mut line = 0;
        let mut cell = shift(placed, direction);
        while cell & opponent != 0 {
            line |= cell;
            cell = shift(cell, direction);
        }
        if cell & player != 0 {
            flipped |= line;
        }
    }
    flipped
}

/// Two bitboards relative to the side to move (bit `row * 10 + column`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u128,
    /// Discs of the side that moved last.
    pub opponent: u128,
}

impl Board {
    /// The start position with Red to move: red on e6 and f5, white on e5
    /// and f6 (the 8x8 start moved one square inward).
    pub const START: Board = Board {
        player: (1 << 54) | (1 << 45),
        opponent: (1 << 44) | (1 << 55),
    };

    /// A board from two bitboards; `None` when they overlap or set a bit
    /// outside the 96 playable cells.
    pub fn new(player: u128, opponent: u128) -> Option<Board> {
        (player & opponent == 0 && (player | opponent) & !PLAYABLE == 0)
            .then_some(Board { player, opponent })
    }

    /// Empty playable cells.
    #[inline]
    pub fn empties(&self) -> u128 {
        PLAYABLE & !(self.player | self.opponent)
    }

    /// Number of empty cells.
    #[inline]
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Number of discs on the board.
    #[inline]
    pub fn disc_count(&self) -> u32 {
        (self.player | self.opponent).count_ones()
    }

    /// Legal moves of the side to move as a bitboard.
    #[inline]
    pub fn moves(&self) -> u128 {
        legal_moves(self.player, self.opponent)
    }

    /// Legal moves of the side that moved last (as if it were to move).
    #[inline]
    pub fn opponent_moves(&self) -> u128 {
        legal_moves(self.opponent, self.player)
    }

    /// Legal moves of the side to move, a1 first.
    pub fn move_list(&self) -> Squares {
        Squares(self.moves())
    }

    /// Whether playing on `square` is legal for the side to move.
    pub fn is_legal(&self, square: Square) -> bool {
        self.moves() & square.bit() != 0
    }

    /// The opponent discs that a move on `square` flips (none if illegal).
    #[inline]
    pub fn flips(&self, square: Square) -> u128 {
        if (self.player | self.opponent) & square.bit() != 0 {
            return 0;
        }
        flips(self.player, self.opponent, square.index())
    }

    /// The board after the side to move plays on `square`, flipping
    /// `flipped` (as given by [`Board::flips`]); the opponent then moves.
    #[inline]
    pub fn play_flips(&self, square: Square, flipped: u128) -> Board {
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

    /// Player discs minus opponent discs, empty cells counting for nobody.
    #[inline]
    pub fn disc_difference(&self) -> i32 {
        Rules::disc_difference(self)
    }

    /// The final score for the side to move: the disc difference with the
    /// empty cells given to the winner (none on a draw), as on the 8x8 board.
    pub fn final_score(&self) -> i32 {
        Rules::final_score(self)
    }
}

impl Rules for Board {
    type Square = Square;
    type Bits = u128;
    type Squares = Squares;

    const START: Board = Board::START;

    #[inline]
    fn from_sides(player: u128, opponent: u128) -> Option<Board> {
        Board::new(player, opponent)
    }
    #[inline]
    fn player(&self) -> u128 {
        self.player
    }
    #[inline]
    fn opponent(&self) -> u128 {
        self.opponent
    }
    #[inline]
    fn squares(bits: u128) -> Squares {
        Squares(bits)
    }
    fn parse_square(text: &str) -> Result<Square, SquareNameError> {
        text.parse::<Square>()
            .map_err(|error| SquareNameError(error.to_string()))
    }
    #[inline]
    fn moves(&self) -> u128 {
        Board::moves(self)
    }
    #[inline]
    fn flips(&self, square: Square) -> u128 {
        Board::flips(self, square)
    }
    #[inline]
    fn play_flips(&self, square: Square, flipped: u128) -> Board {
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
    /// Red takes Black's place.
    fn color_name(color: Color) -> &'static str {
        match color {
            Color::Black => "Red",
            Color::White => "White",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn names(bits: u128) -> Vec<String> {
        Squares(bits).map(|s| s.to_string()).collect()
    }

    #[test]
    fn start_is_the_8x8_start_moved_inward() {
        let board = Board::START;
        assert_eq!(names(board.player), ["f5", "e6"]);
        assert_eq!(names(board.opponent), ["e5", "f6"]);
        assert_eq!(names(board.moves()), ["e4", "d5", "g6", "f7"]);
        for square in board.move_list() {
            assert_eq!(board.flips(square).count_ones(), 1);
        }
        let after = board.play(square("e4")).unwrap();
        assert_eq!(names(after.opponent), ["e4", "e5", "f5", "e6"]);
        assert_eq!(names(after.player), ["f6"]);
        assert_eq!(board.play(square("a1")), None);
        assert_eq!(board.play(square("e5")), None);
        assert_eq!(board.status(), Status::Moves);
    }

    #[test]
    fn holes_break_lines() {
        // Player on a3, opponent on b3; c3 is a hole, so d3 is no move and a
        // line from d3 over the hole to b3 flips nothing.
        let board = Board::new(square("a3").bit(), square("b3").bit()).unwrap();
        assert_eq!(board.moves(), 0);
        let board =
            Board::new(square("a3").bit(), square("b3").bit() | square("d3").bit()).unwrap();
        assert_eq!(board.moves(), 0);
        assert_eq!(board.flips(square("e3")), 0);
        // Across the diagonal b2-c3-d4 neither.
        let board = Board::new(square("b2").bit(), square("d4").bit()).unwrap();
        assert_eq!(board.moves(), 0);
        assert_eq!(Board::new(1 << 22, 0), None);
    }

    #[test]
    fn lines_do_not_wrap_around_the_edges() {
        // j1 player, a2 opponent: a2 is "next" to j1 in bit order only.
        let board = Board::new(square("j1").bit(), square("a2").bit()).unwrap();
        assert_eq!(board.moves(), 0);
        let board = Board::new(square("a2").bit(), square("j1").bit()).unwrap();
        assert_eq!(board.moves(), 0);
        // A full row of eight opponent discs between two corners' columns.
        let row: u128 = (1..9).map(|c| 1u128 << c).sum();
        let board = Board::new(1, row).unwrap();
        assert_eq!(names(board.moves()), ["j1"]);
        assert_eq!(board.flips(square("j1")), row);
    }

    #[test]
    fn scores_give_empties_to_the_winner() {
        let board = Board::new(0b111, 0b1000).unwrap();
        assert_eq!(board.disc_difference(), 2);
        assert_eq!(board.final_score(), 2 + 92);
        assert_eq!(board.pass().final_score(), -94);
        let draw = Board::new(1, 1 << 99).unwrap();
        assert_eq!(draw.final_score(), 0);
        assert_eq!(draw.status(), Status::GameOver);
        let board = Board::new(1, 2 | 4).unwrap();
        assert_eq!(names(board.moves()), ["d1"]);
        assert_eq!(board.pass().status(), Status::MustPass);
    }
}
