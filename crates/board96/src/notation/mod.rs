//! The notations of the 96-square board: square names (see
//! [`crate::square`]), transcripts ([`transcript`]) and the one-line position
//! format ([`mod@line`]). Every error says what is wrong and where (the move's
//! number and character position, or the character's position); no input
//! makes a parser panic.

pub mod line;
pub mod transcript;

pub use line::LineError;
pub use transcript::TranscriptError;

use std::fmt;

use crate::position::{Game, Position};

/// The notation a text was read as by [`parse_game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Moves from the start position.
    Transcript,
    /// A position line.
    Line,
}

impl Format {
    /// `"transcript"` or `"line"`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Transcript => "transcript",
            Format::Line => "line",
        }
    }
}

/// Why a text is neither a transcript nor a position line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// It reads as a position line, with this error.
    Line(LineError),
    /// It reads as a transcript, with this error.
    Transcript(TranscriptError),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Line(e) => e.fmt(f),
            NotationError::Transcript(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {}

/// Whether `word` reads as the board part of a position line: longer than
/// a written pass and mostly cell letters (`R`, `W`, `-`, `.`, either case),
/// which a transcript holds only in written passes.
pub fn is_line_board(word: &str) -> bool {
    let cells = word
        .chars()
        .filter(|c| matches!(c.to_ascii_uppercase(), 'R' | 'W' | '-' | '.'))
        .count();
    word.chars().count() > 2 && 2 * cells > word.chars().count()
}

/// Reads a position line (board and side to move) or a transcript from the
/// start position (the empty text is the start): the notation, and the game
/// (a position line is a game with no moves from that position). Which one
/// is decided by the first word ([`is_line_board`]), so the error is the
/// one of the notation the text was meant in.
pub fn parse_game(text: &str) -> Result<(Format, Game), NotationError> {
    let first = text.split_whitespace().next().unwrap_or("");
    if is_line_board(first) {
        let position: Position = line::parse(text).map_err(NotationError::Line)?;
        Ok((Format::Line, Game::new(position)))
    } else {
        let game = transcript::parse(text).map_err(NotationError::Transcript)?;
        Ok((Format::Transcript, game))
    }
}
