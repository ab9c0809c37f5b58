//! Squares of the 96-square board and their names.
//!
//! Columns `a`-`j` run left to right and rows `1`-`10` top to bottom, so `a1`
//! is the top-left corner and `j10` the bottom-right one. A square's index is
//! `row * 10 + column` (0..100), which is also its bit in a board's `u128`.
//! The four holes c3, h3, c8 and h8 are not squares: they hold no disc.

use std::fmt;
use std::str::FromStr;

/// Board width and height.
pub const SIZE: u8 = 10;

/// The holes' indexes: c3, h3, c8, h8.
pub const HOLES: [u8; 4] = [22, 27, 72, 77];

/// The 96 playable cells as a bitboard.
pub const PLAYABLE: u128 = ((1u128 << 100) - 1) & !((1 << 22) | (1 << 27) | (1 << 72) | (1 << 77));

/// One of the 96 playable squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (`row * 10 + column`), or `None` for a
    /// hole or an index off the board.
    pub fn new(index: u8) -> Option<Square> {
        (index < 100 && PLAYABLE >> index & 1 == 1).then_some(Square(index))
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), or `None` for a
    /// hole or a cell off the board.
    pub fn at(column: u8, row: u8) -> Option<Square> {
        if column < SIZE && row < SIZE {
            Square::new(row * SIZE + column)
        } else {
            None
        }
    }

    /// The lowest set bit of a non-empty bitboard of playable cells.
    #[inline]
    pub fn from_lowest_bit(bits: u128) -> Square {
        debug_assert!(bits & PLAYABLE != 0 && bits & !PLAYABLE == 0);
        Square(bits.trailing_zeros() as u8)
    }

    /// Index `row * 10 + column` (a1 = 0, j1 = 9, a2 = 10, j10 = 99).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..10 (0 = a).
    #[inline]
    pub fn column(self) -> u8 {
        self.0 % SIZE
    }

    /// Row 0..10 (0 = row 1).
    #[inline]
    pub fn row(self) -> u8 {
        self.0 / SIZE
    }

    /// The square as a one-bit bitboard.
    #[inline]
    pub fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Every playable square in reading order, a1 to j10 (96 squares).
    pub fn all() -> impl Iterator<Item = Square> {
        Squares(PLAYABLE)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = (b'a' + self.column()) as char;
        write!(f, "{column}{}", self.row() + 1)
    }
}

/// Why a text is not a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not a column letter `a`-`j` followed by a row `1`-`10`.
    NotASquare {
        /// The text that was given.
        text: String,
    },
    /// One of the four holes (c3, h3, c8, h8), where no disc can stand.
    Hole {
        /// The hole's name as given.
        text: String,
    },
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::NotASquare { text } => {
                write!(f, "square: '{text}' is not a square (expected a1..j10)")
            }
            SquareError::Hole { text } => write!(
                f,
                "square: '{text}' is a hole (c3, h3, c8 and h8 hold no disc)"
            ),
        }
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads a name such as `e6`, `J10` or `a10`.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let not_a_square = || SquareError::NotASquare {
            text: text.to_string(),
        };
        let bytes = text.as_bytes();
        let column = match bytes.first() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase() - b'a',
            _ => return Err(not_a_square()),
        };
        let row = match &bytes[1..] {
            [d @ b'1'..=b'9'] => d - b'1',
            [b'1', b'0'] => 9,
            _ => return Err(not_a_square()),
        };
        if column >= SIZE {
            return Err(not_a_square());
        }
        Square::at(column, row).ok_or_else(|| SquareError::Hole {
            text: text.to_string(),
        })
    }
}

/// Iterator over the squares of a bitboard, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u128);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(Square::all().count(), 96);
        for square in Square::all() {
            let name = square.to_string();
            assert_eq!(name.parse::<Square>(), Ok(square));
            assert_eq!(name.to_uppercase().parse::<Square>(), Ok(square));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("j1".parse::<Square>().map(Square::index), Ok(9));
        assert_eq!("a2".parse::<Square>().map(Square::index), Ok(10));
        assert_eq!("a10".parse::<Square>().map(Square::index), Ok(90));
        assert_eq!("j10".parse::<Square>().map(Square::index), Ok(99));
    }

    #[test]
    fn holes_and_bad_names_are_typed_errors() {
        for hole in ["c3", "h3", "C8", "h8"] {
            assert_eq!(
                hole.parse::<Square>(),
                Err(SquareError::Hole { text: hole.into() })
            );
        }
        for text in ["", "a", "a0", "a11", "k1", "j01", "1a", "é1", "a1 ", "aa"] {
            let error = text.parse::<Square>().unwrap_err();
            assert_eq!(error, SquareError::NotASquare { text: text.into() });
            assert!(error.to_string().contains(&format!("'{text}'")));
        }
        assert_eq!(Square::new(22), None);
        assert_eq!(Square::new(100), None);
        assert_eq!(Square::at(10, 0), None);
    }
}
