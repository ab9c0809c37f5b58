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
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Square(e) => e.fmt(f),
            NotationError::Transcript(e) => e.fmt(f),
            NotationError::Obf(e) => e.fmt(f),
            NotationError::Ggf(e) => e.fmt(f),
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
    /// `f5d6c3...` from the start position.
    Transcript,
    /// `<64 squares> <side>[; MOVE:score ...]`.
    Obf,
    /// `(;GM[Othello]...;)`.
    Ggf,
}

/// Guesses the notation of `text`: GGF starts with `(;`; OBF when the first
/// word has a disc character (`X`, `O`, `*`), which a transcript never has, or
/// is 64 characters followed by a one-character side; anything else is a
/// transcript.
pub fn detect(text: &str) -> Format {
    let text = text.trim_start();
    if text.starts_with("(;") {
        return Format::Ggf;
    }
    let mut words = text.split(|c: char| c.is_whitespace() || c == ';');
    let first = words.next().unwrap_or("");
    let has_disc = first.contains(['X', 'x', 'O', 'o', '*']);
    let board_and_side =
        first.chars().count() == 64 && words.next().is_some_and(|side| side.chars().count() == 1);
    if has_disc || board_and_side {
        Format::Obf
    } else {
        Format::Transcript
    }
}

/// Reads a game or position in any of the notations ([`detect`] chooses);
/// an OBF line becomes a game with no moves.
pub fn parse_game(text: &str) -> Result<Game, NotationError> {
    Ok(match detect(text) {
        Format::Ggf => ggf::parse(text)?.game,
        Format::Obf => Game::new(obf::parse(text)?.position),
        Format::Transcript => transcript::parse(text)?,
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
}
