//! The notations people paste: square names, transcripts, OBF lines and GGF records.

pub mod ggf;
pub mod obf;
pub mod transcript;

use std::fmt;

use crate::game::Game;
use crate::square::SquareError;

pub use ggf::GgfError;
pub use obf::ObfError;
pub use transcript::TranscriptError;

/// Why a pasted text is not a square, transcript, OBF line or GGF record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A bad square name.
    Square(SquareError),
    /// A bad transcript.
    Transcript(TranscriptError),
    /// A bad OBF line.
    Obf(ObfError),
    /// A bad GGF record.
    Ggf(GgfError),
    /// A text that is none of the notations (not mostly moves, no OBF board,
    /// no GGF record).
    Unrecognized {
        /// The text's first characters, whitespace collapsed, shortened to
        /// at most 30 characters with `...`.
        start: String,
    },
}

impl NotationError {
    /// The error for a text that is none of the notations.
    pub fn unrecognized(text: &str) -> NotationError {
        const LIMIT: usize = 30;
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let start = if words.chars().count() <= LIMIT {
            words
        } else {
            let cut: String = words.chars().take(LIMIT - 3).collect();
            format!("{}...", cut.trim_end())
        };
        NotationError::Unrecognized { start }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Square(e) => e.fmt(f),
            NotationError::Transcript(e) => e.fmt(f),
            NotationError::Obf(e) => e.fmt(f),
            NotationError::Ggf(e) => e.fmt(f),
            NotationError::Unrecognized { start } => {
                write!(f, "not a transcript, OBF line or GGF record: \"{start}\"")
            }
        }
    }
}

impl std::error::Error for NotationError {}

impl From<SquareError> for NotationError {
    fn from(e: SquareError) -> Self {
        NotationError::Square(e)
    }
}
impl From<TranscriptError> for NotationError {
    fn from(e: TranscriptError) -> Self {
        NotationError::Transcript(e)
    }
}
impl From<ObfError> for NotationError {
    fn from(e: ObfError) -> Self {
        NotationError::Obf(e)
    }
}
impl From<GgfError> for NotationError {
    fn from(e: GgfError) -> Self {
        NotationError::Ggf(e)
    }
}

/// The notation a pasted text is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `f5d6c3...` (or `1. f5 d6 2. c3`) from the start position.
    Transcript,
    /// `<64 squares> <side>[; MOVE:score ...]`.
    Obf,
    /// `(;GM[Othello]...;)`.
    Ggf,
}

/// Guesses the notation of `text`: GGF starts with `(;`; OBF when
/// [`obf::looks_like`] (a run of 40 or more board characters, or 64
/// characters and a one-character side); anything else is a transcript.
pub fn detect(text: &str) -> Format {
    let text = text.trim_start();
    if text.starts_with("(;") {
        Format::Ggf
    } else if obf::looks_like(text) {
        Format::Obf
    } else {
        Format::Transcript
    }
}

/// Reads a game or position in any of the notations ([`detect`] chooses);
/// an OBF line becomes a game with no moves. A text that fails as a
/// transcript gets the transcript's error only when it is mostly moves
/// ([`transcript::looks_like`]); otherwise [`NotationError::Unrecognized`].
pub fn parse_game(text: &str) -> Result<Game, NotationError> {
    Ok(match detect(text) {
        Format::Ggf => ggf::parse(text)?.game,
        Format::Obf => Game::new(obf::parse(text)?.position),
        Format::Transcript => match transcript::parse(text) {
            Ok(game) => game,
            Err(error) if transcript::looks_like::<crate::Board>(text) => return Err(error.into()),
            Err(_) => return Err(NotationError::unrecognized(text)),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_notation() {
        assert_eq!(detect("f5d6"), Format::Transcript);
        assert_eq!(detect(""), Format::Transcript);
        assert_eq!(detect("  (;GM[Othello];)"), Format::Ggf);
        let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27) + " X";
        assert_eq!(detect(&board), Format::Obf);
        // A board one square short is still read as OBF, and the error says so.
        let error = parse_game(&board[1..]).unwrap_err();
        assert_eq!(error.to_string(), "obf: board has 63 squares, expected 64");
    }

    #[test]
    fn every_notation_reaches_the_same_position() {
        let game = parse_game("f5d6c3d3c4").unwrap();
        let position = game.position();
        let line = obf::write_position(&position);
        assert_eq!(parse_game(&line).unwrap().position(), position);
        let record = ggf::write(&ggf::GgfGame {
            game: game.clone(),
            tags: vec![],
        });
        assert_eq!(parse_game(&record).unwrap().position(), position);
    }

    #[test]
    fn a_numbered_move_list_is_a_transcript() {
        let numbered = parse_game("1. f5 d6 2. c3 d3").unwrap();
        let plain = parse_game("f5d6c3d3").unwrap();
        assert_eq!(numbered, plain);
        assert_eq!(numbered.moves().len(), 4);
        assert_eq!(
            obf::write_position(&numbered.position()),
            "------------------XO-------OX------OXX-----O-------------------- X"
        );
        assert_eq!(detect("1. f5 d6 2. c3 d3"), Format::Transcript);
    }

    #[test]
    fn text_in_no_notation_says_so() {
        for (text, start) in [
            ("hello world", "hello world"),
            ("12345", "12345"),
            ("e4 is a good move", "e4 is a good move"),
            ("  hello\n\n  world  ", "hello world"),
            (
                "a long sentence pasted into the box by mistake",
                "a long sentence pasted into...",
            ),
        ] {
            let error = parse_game(text).unwrap_err();
            assert_eq!(
                error,
                NotationError::Unrecognized {
                    start: start.into()
                },
                "{text:?}"
            );
        }
        assert_eq!(
            parse_game("hello world").unwrap_err().to_string(),
            "not a transcript, OBF line or GGF record: \"hello world\""
        );
        // The empty transcript is the start position.
        let empty = parse_game("").unwrap();
        assert!(empty.moves().is_empty());
        assert_eq!(empty.position(), crate::position::Position::START);
    }

    #[test]
    fn attempts_at_a_notation_keep_its_precise_error() {
        assert_eq!(
            parse_game("f5 d6 c3 a1").unwrap_err().to_string(),
            "transcript: move 4 (character 10) a1 is illegal for White"
        );
        assert_eq!(
            parse_game("f5 d6 zz").unwrap_err().to_string(),
            "transcript: move 3 'zz' (character 7) is not a square"
        );
        let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27);
        // A bad character breaks the run, but 64 characters and a side are still OBF.
        let bad = board.replacen('X', "Z", 1) + " X";
        assert_eq!(
            parse_game(&bad).unwrap_err().to_string(),
            "obf: square e4 is 'Z', expected X, O or -"
        );
        assert_eq!(
            parse_game(&board).unwrap_err().to_string(),
            "obf: the side to move (X or O) is missing"
        );
        assert!(matches!(
            parse_game("(;GM[Chess];)"),
            Err(NotationError::Ggf(GgfError::NotOthello { .. }))
        ));
        let record = "(;GM[Othello]PB[Alice]PW[Bob]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3]W[d3];)";
        assert_eq!(
            parse_game(record).unwrap(),
            parse_game("1. f5 d6 2. c3 d3").unwrap()
        );
    }
}
