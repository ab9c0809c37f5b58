//! Transcripts: moves written one after the other, `f5d6c3d3c4...`.
//!
//! Passes are implicit (a square played by the side that must pass is
//! played after its pass) and may also be written as `pa`, `ps`, `pass` or
//! `--`, in any case. Whitespace and commas between moves are ignored, and so
//! are move numbers, digits followed by `.` or `...` (`1. f5 d6 2. c3`,
//! `1.f5 2.d6`, `1... d6`): a square is always a letter and one digit, so a
//! number is never read as part of one.

use std::fmt;

use crate::game::Game;
use crate::position::{Move, MoveError, Position};
use crate::square::Square;

/// Why a text is not a transcript from the given position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError {
    /// Move `number` (1-based, as written) is not a square or pass.
    NotASquare {
        /// The move's number as written (explicit passes count, move
        /// numbers such as `1.` do not).
        number: usize,
        /// The two characters from a letter (or the single last one), the
        /// digits without a dot, or the single other character found.
        text: String,
    },
    /// Move `number` cannot be played.
    Illegal {
        /// The move's number as written.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        reason: MoveError,
    },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::NotASquare { number, text } => {
                write!(f, "transcript: move {number} '{text}' is not a square")
            }
            TranscriptError::Illegal {
                number,
                text,
                reason: MoveError::GameOver,
            } => write!(
                f,
                "transcript: move {number} {text} comes after the end of the game"
            ),
            TranscriptError::Illegal { number, reason, .. } => {
                write!(f, "transcript: move {number} {reason}")
            }
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

/// One token of a transcript, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// A square or a pass.
    Move(Move, String),
    /// Anything else: two characters from a letter or `-`, a run of digits
    /// without a dot, or a single other character.
    Unreadable(String),
}

/// The tokens of a transcript, move numbers left out.
struct Tokens {
    characters: Vec<char>,
    at: usize,
}

impl Tokens {
    fn new(text: &str) -> Tokens {
        let characters = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        Tokens { characters, at: 0 }
    }
}

impl Iterator for Tokens {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            let rest = &self.characters[self.at..];
            let first = *rest.first()?;
            let length = if first.is_ascii_digit() {
                let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
                let dots = rest[digits..]
                    .iter()
                    .take_while(|c| matches!(c, '.' | '\u{2026}'))
                    .count();
                if dots > 0 {
                    self.at += digits + dots;
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
            } else if first.is_ascii_alphabetic() || first == '-' {
                rest.len().min(2)
            } else {
                1
            };
            let text: String = rest[..length].iter().collect();
            self.at += length;
            return Some(match parse_move(&text) {
                Some(mv) => Token::Move(mv, text),
                None => Token::Unreadable(text),
            });
        }
    }
}

/// Whether `text` reads mostly as moves: at least one square or pass, and
/// no more unreadable tokens than moves (`f5 d6 zz` does, `hello world`
/// and `e4 is a good move` do not).
pub fn looks_like(text: &str) -> bool {
    let (mut moves, mut unreadable) = (0, 0);
    for token in Tokens::new(text) {
        match token {
            Token::Move(..) => moves += 1,
            Token::Unreadable(_) => unreadable += 1,
        }
    }
    moves > 0 && moves >= unreadable
}

/// Reads a transcript played from `start`.
pub fn parse_from(start: Position, text: &str) -> Result<Game, TranscriptError> {
    let mut game = Game::new(start);
    for (index, token) in Tokens::new(text).enumerate() {
        let number = index + 1;
        let (mv, text) = match token {
            Token::Move(mv, text) => (mv, text),
            Token::Unreadable(text) => return Err(TranscriptError::NotASquare { number, text }),
        };
        game.play_with_implicit_pass(mv)
            .map_err(|reason| TranscriptError::Illegal {
                number,
                text: text.to_ascii_lowercase(),
                reason,
            })?;
    }
    Ok(game)
}

/// Reads a transcript played from the standard start position.
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
        let game = parse("f5d6C3 d3c4").unwrap();
        assert_eq!(game.moves().len(), 5);
        assert_eq!(game.position().to_move, Color::White);
        assert_eq!(write(&game), "f5d6c3d3c4");
    }

    #[test]
    fn errors_name_the_move_and_the_reason() {
        let error = parse("f5d6h9").unwrap_err();
        assert_eq!(error.to_string(), "transcript: move 3 'h9' is not a square");
        let error = parse("f5f5").unwrap_err();
        assert_eq!(
            error.to_string(),
            "transcript: move 2 f5 is illegal for White"
        );
        let error = parse("f5pa").unwrap_err();
        assert_eq!(
            error.to_string(),
            "transcript: move 2 pass is illegal for White, who has a legal move"
        );
        let error = parse("f5d").unwrap_err();
        assert_eq!(error.to_string(), "transcript: move 2 'd' is not a square");
    }

    #[test]
    fn reads_numbered_move_lists_as_players_paste_them() {
        let plain = parse("f5d6c3d3").unwrap();
        for text in [
            "1. f5 d6 2. c3 d3",
            "1.f5 d6 2.c3 d3",
            "1.f5 1...d6 2.c3 2... d3",
            "1. F5 D6\n2. C3 D3\n",
            "f5, d6, c3, d3",
            "1. f5, d6, 2. c3, d3",
            "1\u{2026} f5 d6 2\u{2026} c3 d3",
        ] {
            assert_eq!(parse(text), Ok(plain.clone()), "{text:?}");
        }
        // Numbers of two digits, glued to the square before them.
        let long = parse("f5d6c3d3c4f4f6f3e6e7").unwrap();
        assert_eq!(
            parse("1.f5 d6 2.c3 d3 3.c4 f4 4.f6 f3 5.e6 e7"),
            Ok(long.clone())
        );
        assert_eq!(parse("f5d61.c3d3c4f4f6f3e6e7"), Ok(long));
    }

    #[test]
    fn passes_may_be_written_in_any_common_form() {
        // White (b1) cannot take a1; Black's c1 takes b1.
        let start = super::super::obf::parse(&format!("XO{} O", "-".repeat(62)))
            .unwrap()
            .position;
        let implicit = parse_from(start, "c1").unwrap();
        assert_eq!(implicit.moves().len(), 2);
        for text in [
            "pa c1",
            "PA C1",
            "ps c1",
            "-- c1",
            "pass c1",
            "Pass, c1",
            "1... pass 2. c1",
        ] {
            assert_eq!(parse_from(start, text), Ok(implicit.clone()), "{text:?}");
        }
        assert_eq!(
            parse("1. f5 PASS").unwrap_err().to_string(),
            "transcript: move 2 pass is illegal for White, who has a legal move"
        );
    }

    #[test]
    fn numbered_lists_keep_located_errors() {
        let error = parse("1. f5 d6 2. c3 a1").unwrap_err();
        assert_eq!(
            error,
            TranscriptError::Illegal {
                number: 4,
                text: "a1".into(),
                reason: MoveError::Illegal {
                    square: "a1".parse().unwrap(),
                    color: crate::position::Color::White
                }
            }
        );
        assert_eq!(
            error.to_string(),
            "transcript: move 4 a1 is illegal for White"
        );
        assert_eq!(
            parse("1. f5 d6 2. zz").unwrap_err().to_string(),
            "transcript: move 3 'zz' is not a square"
        );
        // A number without a dot is not a move number.
        assert_eq!(
            parse("f5 12 d6").unwrap_err().to_string(),
            "transcript: move 2 '12' is not a square"
        );
        assert_eq!(
            parse("f5! d6").unwrap_err().to_string(),
            "transcript: move 2 '!' is not a square"
        );
    }

    #[test]
    fn looks_like_needs_mostly_moves() {
        for text in ["f5", "f5 d6 zz", "f5d", "1. f5 d6 2. c3 a1", "pa"] {
            assert!(looks_like(text), "{text:?}");
        }
        for text in [
            "",
            "1.",
            "hello world",
            "e4 is a good move",
            "12345",
            "f5 hello",
        ] {
            assert!(!looks_like(text), "{text:?}");
        }
    }
}
