//! The one-line position format, after OBF: the 96 playable cells in reading
//! order (a1, b1, ..., j1, a2, ..., j10, the holes c3, h3, c8 and h8 left
//! out), `R` for red, `W` for white and `-` for empty, then a space and the
//! side to move, `R` or `W`. Lower case and `.` for empty are read too.
//!
//! The start position:
//! `------------------------------------------WR--------RW------------------------------------------ R`.

use crate::position::{letter, RED};
use std::fmt;

use crate::position::{Color, Position};
use crate::square::Square;

/// Why a text is not a position line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The board part (up to the first whitespace) does not have 96 cells.
    Length {
        /// How many characters it has.
        found: usize,
    },
    /// A board character is not `R`, `W` or `-`.
    BadCell {
        /// The cell's square.
        square: Square,
        /// The character's 1-based position in the line.
        position: usize,
        /// The character found.
        found: char,
    },
    /// Nothing follows the board.
    MissingSide,
    /// The side to move is not `R` or `W`.
    BadSide {
        /// Its 1-based character position.
        position: usize,
        /// The text found.
        found: String,
    },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Length { found } => write!(
                f,
                "position: board has {found} cells, expected 96 (holes left out)"
            ),
            LineError::BadCell {
                square,
                position,
                found,
            } => write!(
                f,
                "position: square {square} (character {position}) is '{found}', expected R, W or -"
            ),
            LineError::MissingSide => f.write_str("position: the side to move (R or W) is missing"),
            LineError::BadSide { position, found } => write!(
                f,
                "position: side to move '{found}' (character {position}) is not R or W"
            ),
        }
    }
}

impl std::error::Error for LineError {}

/// Reads a position line.
pub fn parse(text: &str) -> Result<Position, LineError> {
    let characters: Vec<char> = text.chars().collect();
    let start = characters.iter().take_while(|c| c.is_whitespace()).count();
    let board_length = characters[start..]
        .iter()
        .take_while(|c| !c.is_whitespace())
        .count();
    if board_length != 96 {
        return Err(LineError::Length {
            found: board_length,
        });
    }
    let (mut red, mut white) = (0u128, 0u128);
    for (offset, square) in Square::all().enumerate() {
        let c = characters[start + offset];
        match c {
            'R' | 'r' => red |= square.bit(),
            'W' | 'w' => white |= square.bit(),
            '-' | '.' => {}
            found => {
                return Err(LineError::BadCell {
                    square,
                    position: start + offset + 1,
                    found,
                })
            }
        }
    }
    let after = start + board_length;
    let side_start = after
        + characters[after..]
            .iter()
            .take_while(|c| c.is_whitespace())
            .count();
    let side: String = characters[side_start..]
        .iter()
        .collect::<String>()
        .trim_end()
        .to_string();
    let to_move = match side.as_str() {
        "" => return Err(LineError::MissingSide),
        "R" | "r" => RED,
        "W" | "w" => Color::White,
        _ => {
            return Err(LineError::BadSide {
                position: side_start + 1,
                found: side,
            })
        }
    };
    // Red and white are disjoint and on playable cells by construction.
    Position::from_colors(red, white, to_move).ok_or(LineError::MissingSide)
}

/// Writes a position line.
pub fn write(position: &Position) -> String {
    let (red, white) = (position.discs(RED), position.white());
    let mut line: String = Square::all()
        .map(|square| {
            if red & square.bit() != 0 {
                'R'
            } else if white & square.bit() != 0 {
                'W'
            } else {
                '-'
            }
        })
        .collect();
    line.push(' ');
    line.push(letter(position.to_move));
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str =
        "------------------------------------------WR--------RW------------------------------------------ R";

    #[test]
    fn the_start_round_trips() {
        assert_eq!(write(&Position::START), START);
        assert_eq!(parse(START), Ok(Position::START));
        assert_eq!(
            parse(&format!("  {}  \n", START.to_lowercase())),
            Ok(Position::START)
        );
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(parse(&START[1..]), Err(LineError::Length { found: 95 }));
        assert_eq!(parse(""), Err(LineError::Length { found: 0 }));
        let bad = START.replacen('W', "X", 1);
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "position: square e5 (character 43) is 'X', expected R, W or -"
        );
        assert_eq!(parse(&START[..96]), Err(LineError::MissingSide));
        assert_eq!(
            parse(&format!("{} Red", &START[..96]))
                .unwrap_err()
                .to_string(),
            "position: side to move 'Red' (character 98) is not R or W"
        );
        // Multi-byte characters are counted as characters, never split.
        let accents = "é".repeat(96) + " R";
        assert_eq!(
            parse(&accents),
            Err(LineError::BadCell {
                square: "a1".parse().unwrap(),
                position: 1,
                found: 'é'
            })
        );
    }
}
