//! Transcripts: moves written one after the other, `e4f4g5...` (rows 1-10,
//! so `a10` is one square).
//!
//! As in the 8x8 transcripts of the project, passes are implicit (a square
//! played by the side that must pass is played after its pass) and may also
//! be written `pa`, `ps`, `pass` or `--` in any case. Whitespace and commas
//! between moves are ignored, and so are move numbers, digits followed by
//! `.` or `...` (`1. e4 f4 2. g5`). A square is a letter and one digit, or a
//! letter and `10`, so a number is never read as part of one.

use std::fmt;

use crate::position::{Game, Move, MoveError, Position};
use crate::square::Square;

/// Why a text is not a transcript from the given position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError {
    /// Move `number` is not a square or pass.
    NotASquare {
        /// The move's number as written (explicit passes count, move
        /// numbers such as `1.` do not), 1-based.
        number: usize,
        /// The 1-based character position where it starts.
        position: usize,
        /// The text read there.
        text: String,
    },
    /// Move `number` cannot be played.
    Illegal {
        /// The move's number as written, 1-based.
        number: usize,
        /// The 1-based character position where it starts.
        position: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        reason: MoveError,
    },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::NotASquare {
                number,
                position,
                text,
            } => write!(
                f,
                "transcript: move {number} '{text}' (character {position}) is not a square"
            ),
            TranscriptError::Illegal {
                number,
                position,
                text,
                reason: MoveError::GameOver,
            } => write!(
                f,
                "transcript: move {number} {text} (character {position}) comes after the end of the game"
            ),
            TranscriptError::Illegal {
                number,
                position,
                reason,
                ..
            } => write!(f, "transcript: move {number} (character {position}) {reason}"),
        }
    }
}

impl std::error::Error for TranscriptError {}

/// Reads one move token: a square name or a pass (`pa`, `ps`, `pass`, `--`).
pub fn parse_move(text: &str) -> Option<Move> {
    match text.to_ascii_lowercase().as_str() {
        "pa" | "ps" | "--" | "pass" => Some(Move::Pass),
        name => name.parse::<Square>().ok().map(Move::Play),
    }
}

/// One token of a transcript: its 1-based character position, its text and
/// the move it reads as.
type Token = (usize, String, Option<Move>);

/// Splits a transcript into tokens, move numbers and separators left out.
fn tokens(text: &str) -> Vec<Token> {
    let characters: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < characters.len() {
        let rest = &characters[at..];
        let first = rest[0];
        if first.is_whitespace() || first == ',' {
            at += 1;
            continue;
        }
        let length = if first.is_ascii_digit() {
            let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
            let dots = rest[digits..]
                .iter()
                .take_while(|c| matches!(c, '.' | '\u{2026}'))
                .count();
            if dots > 0 {
                at += digits + dots;
                continue;
            }
            digits
        } else if rest
            .iter()
            .take(4)
            .map(char::to_ascii_lowercase)
            .eq("pass".chars())
        {
            4
        } else if first.is_ascii_alphabetic() {
            // A letter and `10`, or a letter and one more character.
            if rest.len() >= 3
                && rest[1] == '1'
                && rest[2] == '0'
                && first.is_ascii_alphabetic()
                && first.to_ascii_lowercase() <= 'j'
            {
                3
            } else {
                rest.len().min(2)
            }
        } else if first == '-' {
            rest.len().min(2)
        } else {
            1
        };
        let word: String = rest[..length].iter().collect();
        let mv = parse_move(&word);
        tokens.push((at + 1, word, mv));
        at += length;
    }
    tokens
}

/// Whether `text` reads mostly as moves: at least one square or pass, and
/// no more unreadable tokens than moves.
pub fn looks_like(text: &str) -> bool {
    let all = tokens(text);
    let moves = all.iter().filter(|(_, _, mv)| mv.is_some()).count();
    moves > 0 && 2 * moves >= all.len()
}

/// Reads a transcript played from `start`.
pub fn parse_from(start: Position, text: &str) -> Result<Game, TranscriptError> {
    let mut game = Game::new(start);
    for (index, (position, word, mv)) in tokens(text).into_iter().enumerate() {
        let number = index + 1;
        let Some(mv) = mv else {
            return Err(TranscriptError::NotASquare {
                number,
                position,
                text: word,
            });
        };
        game.play_with_implicit_pass(mv)
            .map_err(|reason| TranscriptError::Illegal {
                number,
                position,
                text: word.to_ascii_lowercase(),
                reason,
            })?;
    }
    Ok(game)
}

/// Reads a transcript played from the start position.
pub fn parse(text: &str) -> Result<Game, TranscriptError> {
    parse_from(Position::START, text)
}

/// Writes the moves of `game` as a transcript with implicit passes.
pub fn write(game: &Game) -> String {
    game.moves()
        .iter()
        .filter(|mv| **mv != Move::Pass)
        .map(|mv| mv.to_string())
        .collect()
}

/// Writes the moves of `game` with every pass written as `pa`.
pub fn write_with_passes(game: &Game) -> String {
    game.moves().iter().map(|mv| mv.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Color;

    #[test]
    fn reads_a_short_game_and_writes_it_back() {
        let game = parse("f7g7H7 f8,f9").unwrap();
        assert_eq!(game.moves().len(), 5);
        assert_eq!(game.position().to_move, Color::White);
        assert_eq!(write(&game), "f7g7h7f8f9");
        assert_eq!(parse("1. f7 g7 2. h7 f8 3. f9").unwrap(), game);
        assert_eq!(parse("").unwrap().position(), Position::START);
    }

    #[test]
    fn row_ten_is_one_square() {
        let names: Vec<String> = tokens("a10j10b1 0").into_iter().map(|t| t.1).collect();
        assert_eq!(names, ["a10", "j10", "b1", "0"]);
        // A move number after a square of row 1 is still a move number.
        let names: Vec<String> = tokens("e1 10. f4").into_iter().map(|t| t.1).collect();
        assert_eq!(names, ["e1", "f4"]);
    }

    #[test]
    fn errors_say_which_move_and_where() {
        assert_eq!(
            parse("f7 g7 zz").unwrap_err(),
            TranscriptError::NotASquare {
                number: 3,
                position: 7,
                text: "zz".into()
            }
        );
        assert_eq!(
            parse("f7 c3").unwrap_err().to_string(),
            "transcript: move 2 'c3' (character 4) is not a square"
        );
        assert_eq!(
            parse("f7 g7 a1").unwrap_err().to_string(),
            "transcript: move 3 (character 7) a1 is illegal for Red"
        );
        assert_eq!(
            parse("f7 pa").unwrap_err().to_string(),
            "transcript: move 2 (character 4) pass is illegal for White, who has a move"
        );
        for text in ["é", "ée4", "1", "\u{2026}", "j", "j1", "-", "k10", "a1O"] {
            assert!(parse(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn looks_like_moves() {
        assert!(looks_like("e4 f4 zz"));
        assert!(!looks_like("hello world"));
        assert!(!looks_like(""));
    }
}
