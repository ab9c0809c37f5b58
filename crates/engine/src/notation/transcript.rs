//! Transcripts: moves written one after the other, `f5d6c3d3c4...`, on
//! either board (the 96-square board's rows run to 10, so `a10` is one
//! square there).
//!
//! Passes are implicit (a square played by the side that must pass is
//! played after its pass) and may also be written as `pa`, `ps`, `pass` or
//! `--`, in any case. Whitespace and commas between moves are ignored, and so
//! are move numbers, digits followed by `.` or `...` (`1. f5 d6 2. c3`,
//! `1.f5 2.d6`, `1... d6`): a square is always a letter and one digit (or a
//! letter and `10` where the board has a tenth row), so a number is never
//! read as part of one. Errors name the move's number and the character
//! where it starts.

use std::fmt;

use crate::board::Board;
use crate::rules::{Game, Move, MoveError, Position, Rules};

/// Why a text is not a transcript from the given position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError<B: Rules = Board> {
    /// Move `number` (1-based, as written) is not a square or pass.
    NotASquare {
        /// The move's number as written (explicit passes count, move
        /// numbers such as `1.` do not).
        number: usize,
        /// Where the move starts in the text (1-based, in characters).
        position: usize,
        /// The two characters from a letter (or the single last one), the
        /// digits without a dot, or the single other character found.
        text: String,
    },
    /// Move `number` cannot be played.
    Illegal {
        /// The move's number as written.
        number: usize,
        /// Where the move starts in the text (1-based, in characters).
        position: usize,
        /// The move as written, in lower case.
        text: String,
        /// Why it cannot be played.
        reason: MoveError<B>,
    },
}

impl<B: Rules> fmt::Display for TranscriptError<B> {
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

impl<B: Rules> std::error::Error for TranscriptError<B> {}

/// Reads one move: a square's name or a pass (`pa`, `ps`, `--`, `pass`,
/// any case); `None` for anything else.
pub fn parse_move<B: Rules>(text: &str) -> Option<Move<B::Square>> {
    match text.to_ascii_lowercase().as_str() {
        "pa" | "ps" | "--" | "pass" => Some(Move::Pass),
        name => B::parse_square(name).ok().map(Move::Play),
    }
}

/// A move as written: where it starts (1-based, in characters), its text,
/// and the move when it is one.
type Token<S> = (usize, String, Option<Move<S>>);

/// The moves of `text` in order, skipping whitespace, commas and move
/// numbers between them.
fn tokens<B: Rules>(text: &str) -> Vec<Token<B::Square>> {
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
            // A letter and `10` where the board has such a square, else a
            // letter and one more character.
            let three: String = rest.iter().take(3).collect();
            if three.ends_with("10") && B::parse_square(&three).is_ok() {
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
        let mv = parse_move::<B>(&word);
        tokens.push((at + 1, word, mv));
        at += length;
    }
    tokens
}

/// Whether `text` is mostly moves (at least one, and no fewer than the
/// unreadable pieces): worth reporting a transcript error for, rather than
/// "not a notation".
pub fn looks_like<B: Rules>(text: &str) -> bool {
    let all = tokens::<B>(text);
    let moves = all.iter().filter(|(_, _, mv)| mv.is_some()).count();
    moves > 0 && 2 * moves >= all.len()
}

/// Reads the moves of `text` from `start`, or says which move is wrong.
pub fn parse_from<B: Rules>(start: Position<B>, text: &str) -> Result<Game<B>, TranscriptError<B>> {
    let mut game = Game::new(start);
    for (index, (position, word, mv)) in tokens::<B>(text).into_iter().enumerate() {
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

/// Reads a transcript from the 8x8 start position.
pub fn parse(text: &str) -> Result<crate::game::Game, TranscriptError> {
    parse_from(Position::START, text)
}

/// The moves of `game` without passes (`f5d6c3`).
pub fn write<B: Rules>(game: &Game<B>) -> String {
    game.moves()
        .iter()
        .filter(|mv| **mv != Move::Pass)
        .map(|mv| mv.to_string())
        .collect()
}

/// The moves of `game` with every pass written `pa` (`f5d6pac3`).
pub fn write_with_passes<B: Rules>(game: &Game<B>) -> String {
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
        assert_eq!(
            error.to_string(),
            "transcript: move 3 'h9' (character 5) is not a square"
        );
        let error = parse("f5f5").unwrap_err();
        assert_eq!(
            error.to_string(),
            "transcript: move 2 (character 3) f5 is illegal for White"
        );
        let error = parse("f5pa").unwrap_err();
        assert_eq!(
            error.to_string(),
            "transcript: move 2 (character 3) pass is illegal for White, who has a legal move"
        );
        let error = parse("f5d").unwrap_err();
        assert_eq!(
            error.to_string(),
            "transcript: move 2 'd' (character 3) is not a square"
        );
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
            "transcript: move 2 (character 7) pass is illegal for White, who has a legal move"
        );
    }

    #[test]
    fn numbered_lists_keep_located_errors() {
        let error = parse("1. f5 d6 2. c3 a1").unwrap_err();
        assert_eq!(
            error,
            TranscriptError::Illegal {
                number: 4,
                position: 16,
                text: "a1".into(),
                reason: MoveError::Illegal {
                    square: "a1".parse().unwrap(),
                    color: crate::position::Color::White
                }
            }
        );
        assert_eq!(
            error.to_string(),
            "transcript: move 4 (character 16) a1 is illegal for White"
        );
        assert_eq!(
            parse("1. f5 d6 2. zz").unwrap_err().to_string(),
            "transcript: move 3 'zz' (character 13) is not a square"
        );
        // A number without a dot is not a move number.
        assert_eq!(
            parse("f5 12 d6").unwrap_err().to_string(),
            "transcript: move 2 '12' (character 4) is not a square"
        );
        assert_eq!(
            parse("f5! d6").unwrap_err().to_string(),
            "transcript: move 2 '!' (character 3) is not a square"
        );
    }

    #[test]
    fn looks_like_needs_mostly_moves() {
        for text in ["f5", "f5 d6 zz", "f5d", "1. f5 d6 2. c3 a1", "pa"] {
            assert!(looks_like::<Board>(text), "{text:?}");
        }
        for text in [
            "",
            "1.",
            "hello world",
            "e4 is a good move",
            "12345",
            "f5 hello",
        ] {
            assert!(!looks_like::<Board>(text), "{text:?}");
        }
    }
}
