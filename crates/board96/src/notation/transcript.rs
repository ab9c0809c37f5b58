//! Transcripts on the 96-square board: `e4f4g5...`, rows 1-10, so `a10`
//! is one square. The board layer's transcript reader and writer
//! ([`othello::notation::transcript`]) serve both boards: passes implicit
//! or written `pa`, `ps`, `pass` or `--`; whitespace, commas and move
//! numbers (`1. e4 f4 2. g5`) skipped; errors with the move's number and
//! the character where it starts.

use othello::notation::transcript as board_layer;

use crate::board::Board;
use crate::position::{Game, Position};

pub use othello::notation::transcript::{
    looks_like, parse_from, parse_move, write, write_with_passes,
};

/// Why a text is not a transcript of the 96-square board.
pub type TranscriptError = board_layer::TranscriptError<Board>;

/// Reads a transcript played from the start position.
pub fn parse(text: &str) -> Result<Game, TranscriptError> {
    parse_from(Position::START, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::position::Color;
    use crate::position::Position;
    use othello::notation::transcript;

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
        assert_eq!(
            parse("a10").unwrap_err().to_string(),
            "transcript: move 1 (character 1) a10 is illegal for Red"
        );
        assert_eq!(
            parse("f7 j1 0").unwrap_err().to_string(),
            "transcript: move 2 (character 4) j1 is illegal for White"
        );
        // A move number after a square of row 1 is still a move number.
        assert_eq!(parse("f7 10. g7"), parse("f7 g7"));
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
            "transcript: move 2 (character 4) pass is illegal for White, who has a legal move"
        );
        for text in ["é", "ée4", "1", "\u{2026}", "j", "j1", "-", "k10", "a1O"] {
            assert!(parse(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn looks_like_moves() {
        assert!(transcript::looks_like::<Board>("e4 f4 zz"));
        assert!(!transcript::looks_like::<Board>("hello world"));
        assert!(!transcript::looks_like::<Board>(""));
    }
}
