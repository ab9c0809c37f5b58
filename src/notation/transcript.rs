//! Transcripts: moves written one after the other, `f5d6c3d3c4...`.
//!
//! Passes are implicit (a square played by the side that must pass is
//! played after its pass) and may also be written as `pa`, `ps` or `--`.
//! Whitespace between moves is ignored.

use std::fmt;

use crate::game::Game;
use crate::position::{Move, MoveError, Position};
use crate::square::Square;

/// Why a text is not a transcript from the given position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError {
    /// Move `number` (1-based, as written) is not a square or pass.
    NotASquare {
        /// The move's number as written (explicit passes count).
        number: usize,
        /// The two characters (or the single last one) found.
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

/// Reads one move token: a square name or a pass (`pa`, `ps`, `--`).
pub fn parse_move(text: &str) -> Option<Move> {
    match text.to_ascii_lowercase().as_str() {
        "pa" | "ps" | "--" | "pass" => Some(Move::Pass),
        name => name.parse::<Square>().ok().map(Move::Play),
    }
}

/// Reads a transcript played from `start`.
pub fn parse_from(start: Position, text: &str) -> Result<Game, TranscriptError> {
    let characters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut game = Game::new(start);
    for (index, chunk) in characters.chunks(2).enumerate() {
        let number = index + 1;
        let token: String = chunk.iter().collect();
        let mv = parse_move(&token).ok_or_else(|| TranscriptError::NotASquare {
            number,
            text: token.clone(),
        })?;
        game.play_with_implicit_pass(mv)
            .map_err(|reason| TranscriptError::Illegal {
                number,
                text: token.to_ascii_lowercase(),
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
}
