//! Squares of the 8x8 board and their standard names.
//!
//! Columns `a`-`h` run left to right and rows `1`-`8` top to bottom, so `a1`
//! is the top-left corner and `h8` the bottom-right one. A square's index is
//! `row * 8 + column`, which is also its bit in a bitboard and its position in
//! an OBF board string (a1, b1, ..., h1, a2, ..., h8).

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, `a1` = 0 to `h8` = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (0..64), or `None` when out of range.
    pub fn new(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), or `None` when off the board.
    pub fn at(column: u8, row: u8) -> Option<Square> {
        (column < 8 && row < 8).then(|| Square(row * 8 + column))
    }

    /// The lowest set bit of a non-empty bitboard as a square.
    #[inline]
    pub fn from_lowest_bit(bits: u64) -> Square {
        debug_assert!(bits != 0);
        Square(bits.trailing_zeros() as u8)
    }

    /// Index 0..64 (a1 = 0, h1 = 7, a2 = 8, h8 = 63).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..8 (0 = a).
    #[inline]
    pub fn column(self) -> u8 {
        self.0 & 7
    }

    /// Row 0..8 (0 = row 1).
    #[inline]
    pub fn row(self) -> u8 {
        self.0 >> 3
    }

    /// The square as a one-bit bitboard.
    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Every square, a1 to h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = (b'a' + self.column()) as char;
        let row = (b'1' + self.row()) as char;
        write!(f, "{column}{row}")
    }
}

/// Why a text is not a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError {
    /// The text that was given.
    pub text: String,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "square: '{}' is not a square (expected a1..h8)",
            self.text
        )
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads a name such as `d3` or `D3`.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let error = || SquareError {
            text: text.to_string(),
        };
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(error());
        }
        let column = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let row = bytes[1].wrapping_sub(b'1');
        Square::at(column, row).ok_or_else(error)
    }
}

/// Iterator over the squares of a bitboard, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::from_lowest_bit(self.0);
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
        for square in Square::all() {
            let name = square.to_string();
            assert_eq!(name.parse::<Square>(), Ok(square));
            assert_eq!(name.to_uppercase().parse::<Square>(), Ok(square));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("h1".parse::<Square>().map(Square::index), Ok(7));
        assert_eq!("a2".parse::<Square>().map(Square::index), Ok(8));
        assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
    }

    #[test]
    fn bad_names_are_rejected() {
        for text in ["", "a", "a0", "a9", "i1", "h9", "d33", "3d", "é1"] {
            let error = text.parse::<Square>().unwrap_err();
            assert!(error.to_string().contains(&format!("'{text}'")));
        }
    }

    #[test]
    fn squares_iterates_set_bits() {
        let names: Vec<String> = Squares(0x8000_0000_0000_0081)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, ["a1", "h1", "h8"]);
    }
}
