//! OBF position lines: `<64 squares> <side>[; MOVE:score; ...]`.
//!
//! The squares run a1, b1, ..., h1, a2, ..., h8 with `X` (Black), `O`
//! (White) and `-` (empty); the side to move is `X` or `O`. The optional
//! list gives moves with their exact scores, as in the FForum files.

use std::fmt;

use crate::board::Board;
use crate::position::{Color, Move, Position};

use super::transcript::parse_move;

/// A position and the scores of some of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obf {
    /// The position.
    pub position: Position,
    /// Moves with their scores for the side to move, in the file's order.
    pub scores: Vec<(Move, i32)>,
}

/// Why a line is not an OBF position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObfError {
    /// The board part does not have 64 squares.
    BoardLength {
        /// How many square characters were found.
        found: usize,
    },
    /// A board character is not `X`, `O` or `-`.
    BadSquare {
        /// The square's name.
        square: String,
        /// The character found.
        found: char,
    },
    /// Nothing follows the board.
    MissingSide,
    /// The side to move is not `X` or `O`.
    BadSide {
        /// The text found.
        found: String,
    },
    /// An entry of the move list is not `MOVE:score`.
    BadScore {
        /// The entry's number (1-based).
        number: usize,
        /// The entry as written.
        found: String,
    },
}

impl fmt::Display for ObfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObfError::BoardLength { found } => {
                write!(f, "obf: board has {found} squares, expected 64")
            }
            ObfError::BadSquare { square, found } => {
                write!(f, "obf: square {square} is '{found}', expected X, O or -")
            }
            ObfError::MissingSide => f.write_str("obf: the side to move (X or O) is missing"),
            ObfError::BadSide { found } => {
                write!(f, "obf: side to move '{found}' is not X or O")
            }
            ObfError::BadScore { number, found } => write!(
                f,
                "obf: move score {number} '{found}' is not MOVE:score (such as G8:+18)"
            ),
        }
    }
}

impl std::error::Error for ObfError {}

/// The colour of a board character, `Ok(None)` for an empty square.
pub(crate) fn disc_color(c: char) -> Result<Option<Color>, ()> {
    match c {
        'X' | 'x' | '*' => Ok(Some(Color::Black)),
        'O' | 'o' => Ok(Some(Color::White)),
        '-' | '.' | '_' => Ok(None),
        _ => Err(()),
    }
}

/// Whether `text` is an attempt at an OBF line: its first word has a run of
/// 40 or more board characters (`X`, `O`, `*`, `-` and the like, which no
/// transcript has), or is 64 characters followed by a one-character side.
pub fn looks_like(text: &str) -> bool {
    let mut words = text
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|word| !word.is_empty());
    let first = words.next().unwrap_or("");
    let (mut run, mut longest) = (0, 0);
    for c in first.chars() {
        run = if disc_color(c).is_ok() { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let board_and_side =
        first.chars().count() == 64 && words.next().is_some_and(|side| side.chars().count() == 1);
    longest >= 40 || board_and_side
}

/// Reads 64 board characters and a side to move into a position.
pub(crate) fn parse_board(squares: &str, side: &str) -> Result<Position, ObfError> {
    let count = squares.chars().count();
    if count != 64 {
        return Err(ObfError::BoardLength { found: count });
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (index, c) in squares.chars().enumerate() {
        match disc_color(c) {
            Ok(Some(Color::Black)) => black |= 1 << index,
            Ok(Some(Color::White)) => white |= 1 << index,
            Ok(None) => {}
            Err(()) => {
                let square = crate::square::Square::new(index as u8)
                    .map(|s| s.to_string())
                    .unwrap_or_default();
                return Err(ObfError::BadSquare { square, found: c });
            }
        }
    }
    let to_move = match disc_color(side.chars().next().unwrap_or(' ')) {
        Ok(Some(color)) if side.chars().count() == 1 => color,
        _ => {
            return Err(ObfError::BadSide {
                found: side.to_string(),
            })
        }
    };
    Ok(Position::from_colors(black, white, to_move).unwrap_or_default())
}

/// Reads one `MOVE:score` entry.
fn parse_score(number: usize, entry: &str) -> Result<(Move, i32), ObfError> {
    let error = || ObfError::BadScore {
        number,
        found: entry.to_string(),
    };
    let (mv, score) = entry.split_once(':').ok_or_else(error)?;
    let mv = parse_move::<Board>(mv.trim()).ok_or_else(error)?;
    let score = score.trim().parse::<i32>().map_err(|_| error())?;
    Ok((mv, score))
}

/// Reads an OBF line.
pub fn parse(line: &str) -> Result<Obf, ObfError> {
    let mut parts = line.trim().split(';');
    let head = parts.next().unwrap_or("");
    let mut words = head.split_whitespace();
    let squares = words.next().unwrap_or("");
    let side = words.next().ok_or(if squares.chars().count() == 64 {
        ObfError::MissingSide
    } else {
        ObfError::BoardLength {
            found: squares.chars().count(),
        }
    })?;
    let position = parse_board(squares, side)?;
    if let Some(extra) = words.next() {
        return Err(ObfError::BadSide {
            found: format!("{side} {extra}"),
        });
    }
    let scores = parts
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .enumerate()
        .map(|(index, entry)| parse_score(index + 1, entry))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Obf { position, scores })
}

/// The 64 board characters of a position, `X`, `O` and `-`.
pub fn board_string(position: &Position) -> String {
    let (black, white) = (position.black(), position.white());
    (0..64)
        .map(|index| {
            let bit = 1u64 << index;
            if black & bit != 0 {
                'X'
            } else if white & bit != 0 {
                'O'
            } else {
                '-'
            }
        })
        .collect()
}

/// Writes a position as an OBF line without scores.
pub fn write_position(position: &Position) -> String {
    let side = match position.to_move {
        Color::Black => 'X',
        Color::White => 'O',
    };
    format!("{} {side}", board_string(position))
}

/// Writes an OBF line, scores as `G8:+18;`.
pub fn write(obf: &Obf) -> String {
    let mut line = write_position(&obf.position);
    if !obf.scores.is_empty() {
        line.push(';');
    }
    for (mv, score) in &obf.scores {
        line.push_str(&format!(" {}:{score:+};", mv.to_string().to_uppercase()));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

    #[test]
    fn ffo_line_round_trips() {
        let obf = parse(FFO_1).unwrap();
        assert_eq!(obf.position.to_move, Color::Black);
        assert_eq!(obf.scores.len(), 8);
        assert_eq!(obf.scores[0], (Move::Play("g8".parse().unwrap()), 18));
        assert_eq!(write(&obf), FFO_1);
        assert_eq!(parse(&write(&obf)).unwrap(), obf);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let short = &FFO_1[1..];
        assert_eq!(
            parse(short).unwrap_err().to_string(),
            "obf: board has 63 squares, expected 64"
        );
        let bad = FFO_1.replacen('X', "Z", 1);
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "obf: square c1 is 'Z', expected X, O or -"
        );
        assert_eq!(
            parse(&FFO_1[..64]).unwrap_err().to_string(),
            "obf: the side to move (X or O) is missing"
        );
        let side = FFO_1.replacen(" X;", " Q;", 1);
        assert_eq!(
            parse(&side).unwrap_err().to_string(),
            "obf: side to move 'Q' is not X or O"
        );
        let score = FFO_1.replacen("H1:+12", "H1+12", 1);
        assert_eq!(
            parse(&score).unwrap_err().to_string(),
            "obf: move score 2 'H1+12' is not MOVE:score (such as G8:+18)"
        );
    }

    #[test]
    fn looks_like_needs_a_board() {
        assert!(looks_like(FFO_1));
        assert!(looks_like(&FFO_1[1..]));
        assert!(looks_like(&FFO_1[..50]));
        let typos = FFO_1.replace('X', "Z");
        assert!(looks_like(&typos), "64 characters and a side");
        for text in ["hello world", "xoxo", "f5d6c3", "1... d6", "--", ""] {
            assert!(!looks_like(text), "{text:?}");
        }
    }
}
