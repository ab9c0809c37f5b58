//! The board layer: what every Othello board has in common, written once.
//!
//! A board kind (the 8x8 [`crate::Board`], the 96-square board of crate
//! `othello-board96`) implements [`Rules`]: its squares, its bitboards, its
//! legal moves and flips, passing and the final score. On top of that this
//! module defines, once for both boards, the colours ([`Color`]), moves and
//! passes ([`Move`]), a board with the colour to move ([`Position`]), why a
//! move is refused ([`MoveError`]) and a game record ([`Game`]); the
//! move-path count of [`crate::perft`] and the searches of the texts'
//! programs are written over the same trait. Each board module names its
//! instances (`othello::Position` is `Position<Board>`), so the 8x8 move
//! generator and search keep their specialised code paths.

use std::fmt;
use std::hash::Hash;

/// The bits of a bitboard (`u64` for the 8x8 board, `u128` for the 96 one).
pub trait Bitboard: Copy + Eq + Hash + fmt::Debug + Default + Send + Sync + 'static {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The number of bits set.
    fn count(self) -> u32;
}

impl Bitboard for u64 {
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
}

impl Bitboard for u128 {
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
}

/// Whether the side to move can play, must pass, or the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has at least one legal move.
    Moves,
    /// The side to move has no move but the opponent has: it must pass.
    MustPass,
    /// Neither side can move.
    GameOver,
}

/// The rules of Othello on one board: a board relative to the side to move
/// (`player` and `opponent` discs), its squares and its moves.
pub trait Rules: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// A square of the board.
    type Square: Copy + Eq + Ord + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// The bits of a set of squares.
    type Bits: Bitboard;
    /// The squares of a set, lowest bit first.
    type Squares: Iterator<Item = Self::Square>;

    /// The start position, the first player (Black, or Red on the 96-square
    /// board) to move.
    const START: Self;

    /// The board from the discs of the side to move and of the other side;
    /// `None` when they overlap or lie off the board.
    fn from_sides(player: Self::Bits, opponent: Self::Bits) -> Option<Self>;
    /// The discs of the side to move.
    fn player(&self) -> Self::Bits;
    /// The discs of the side that moved last.
    fn opponent(&self) -> Self::Bits;
    /// The squares of a set, lowest bit first.
    fn squares(bits: Self::Bits) -> Self::Squares;
    /// Parses a square's name (`f5`), or says why it names none.
    fn parse_square(text: &str) -> Result<Self::Square, SquareNameError>;

    /// The legal moves of the side to move.
    fn moves(&self) -> Self::Bits;
    /// The opponent discs a move on `square` flips (none if illegal).
    fn flips(&self, square: Self::Square) -> Self::Bits;
    /// The board after the side to move plays `square` flipping `flipped`
    /// (as [`Rules::flips`] gave them); the other side then moves.
    fn play_flips(&self, square: Self::Square, flipped: Self::Bits) -> Self;
    /// The board after the side to move passes.
    fn pass(&self) -> Self;
    /// The number of empty squares.
    fn empty_count(&self) -> u32;

    /// The board after a legal move on `square`, or `None` when illegal.
    #[inline]
    fn play(&self, square: Self::Square) -> Option<Self> {
        let flipped = self.flips(square);
        (!flipped.is_empty()).then(|| self.play_flips(square, flipped))
    }

    /// Whether the side to move can play, must pass, or the game is over.
    fn status(&self) -> Status {
        if !self.moves().is_empty() {
            Status::Moves
        } else if !self.pass().moves().is_empty() {
            Status::MustPass
        } else {
            Status::GameOver
        }
    }

    /// Player discs minus opponent discs, empty squares counting for nobody.
    #[inline]
    fn disc_difference(&self) -> i32 {
        self.player().count() as i32 - self.opponent().count() as i32
    }

    /// The tournament score for the side to move: the disc difference with
    /// the empty squares given to the winner (none on a draw).
    fn final_score(&self) -> i32 {
        let difference = self.disc_difference();
        let empties = self.empty_count() as i32;
        match difference {
            d if d > 0 => d + empties,
            d if d < 0 => d - empties,
            _ => 0,
        }
    }

    /// What the board calls a colour: `"Black"` and `"White"` unless the
    /// board says otherwise.
    fn color_name(color: Color) -> &'static str {
        match color {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

/// Why a text names no square of a board: the board's own message
/// (`'k1' is not a square (expected a1..j10)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareNameError(pub String);

impl fmt::Display for SquareNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SquareNameError {}

/// A disc colour; Black (Red on the 96-square board) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player, `X` in OBF, `*` in GGF, `R` in the 96-square
    /// board's position lines.
    Black,
    /// The second player, `O` in OBF and GGF, `W` in position lines.
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

    /// `"Black"` or `"White"` (a board may name them otherwise:
    /// [`Rules::color_name`]).
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
pub enum Move<S> {
    /// Place a disc on the square.
    Play(S),
    /// Pass (only legal when the side to move has no move and the game is not over).
    Pass,
}

impl<S: fmt::Display> fmt::Display for Move<S> {
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
pub enum MoveError<B: Rules> {
    /// The square is taken or flips nothing.
    Illegal {
        /// The square tried.
        square: B::Square,
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

impl<B: Rules> fmt::Display for MoveError<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Illegal { square, color } => {
                write!(f, "{square} is illegal for {}", B::color_name(*color))
            }
            MoveError::PassWithMoves { color } => write!(
                f,
                "pass is illegal for {}, who has a legal move",
                B::color_name(*color)
            ),
            MoveError::GameOver => f.write_str("the game is already over"),
        }
    }
}

impl<B: Rules> std::error::Error for MoveError<B> {}

/// A board and the colour of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B> {
    /// The discs, relative to the side to move.
    pub board: B,
    /// The colour of the side to move.
    pub to_move: Color,
}

impl<B: Rules> Default for Position<B> {
    fn default() -> Self {
        Position::START
    }
}

impl<B: Rules> Position<B> {
    /// The start position, the first player to move.
    pub const START: Position<B> = Position {
        board: B::START,
        to_move: Color::Black,
    };

    /// A position from each colour's discs; `None` when they overlap or
    /// lie off the board.
    pub fn from_colors(black: B::Bits, white: B::Bits, to_move: Color) -> Option<Position<B>> {
        let board = match to_move {
            Color::Black => B::from_sides(black, white)?,
            Color::White => B::from_sides(white, black)?,
        };
        Some(Position { board, to_move })
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> B::Bits {
        if color == self.to_move {
            self.board.player()
        } else {
            self.board.opponent()
        }
    }

    /// Black's discs (Red's on the 96-square board).
    pub fn black(&self) -> B::Bits {
        self.discs(Color::Black)
    }

    /// White's discs.
    pub fn white(&self) -> B::Bits {
        self.discs(Color::White)
    }

    /// Whether the side to move can play, must pass, or the game is over.
    pub fn status(&self) -> Status {
        self.board.status()
    }

    /// The position after `mv`, or why it cannot be played.
    pub fn play(&self, mv: Move<B::Square>) -> Result<Position<B>, MoveError<B>> {
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
        self.black().count() as i32 - self.white().count() as i32
    }

    /// The tournament score from Black's side (Red's): the disc difference
    /// with the empty squares given to the winner.
    pub fn final_score(&self) -> i32 {
        match self.to_move {
            Color::Black => self.board.final_score(),
            Color::White => -self.board.final_score(),
        }
    }
}

/// A start position and a legal sequence of moves with every pass explicit.
///
/// The moves can only be added through [`Game::play`], so they are always
/// legal and the final position is kept at hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<B: Rules> {
    start: Position<B>,
    moves: Vec<Move<B::Square>>,
    end: Position<B>,
}

impl<B: Rules> Default for Game<B> {
    fn default() -> Self {
        Game::new(Position::START)
    }
}

impl<B: Rules> Game<B> {
    /// A game with no move yet from `start`.
    pub fn new(start: Position<B>) -> Game<B> {
        Game {
            start,
            moves: Vec::new(),
            end: start,
        }
    }

    /// The position before the first move.
    pub fn start(&self) -> Position<B> {
        self.start
    }

    /// The moves played, every pass explicit.
    pub fn moves(&self) -> &[Move<B::Square>] {
        &self.moves
    }

    /// The position after every move.
    pub fn position(&self) -> Position<B> {
        self.end
    }

    /// The start position and the position after each move, in order.
    pub fn positions(&self) -> Vec<Position<B>> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(self.start);
        for &mv in &self.moves {
            let current = positions[positions.len() - 1];
            // Moves were checked by `play`, so replaying cannot fail.
            positions.push(current.play(mv).unwrap_or(current));
        }
        positions
    }

    /// Plays `mv` at the end of the game, or says why it is not legal (the
    /// game is then unchanged).
    pub fn play(&mut self, mv: Move<B::Square>) -> Result<Position<B>, MoveError<B>> {
        self.end = self.end.play(mv)?;
        self.moves.push(mv);
        Ok(self.end)
    }

    /// Plays a disc move, inserting the pass first when the side to move
    /// must pass (transcripts leave passes out).
    pub fn play_with_implicit_pass(
        &mut self,
        mv: Move<B::Square>,
    ) -> Result<Position<B>, MoveError<B>> {
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
