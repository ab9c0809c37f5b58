//! The notations of the 96-square board: square names (see
//! [`crate::square`]), transcripts ([`transcript`]) and the one-line position
//! format ([`mod@line`]). Every error says what is wrong and where (the move's
//! number and character position, or the character's position); no input
//! makes a parser panic.

pub mod line;
pub mod transcript;

pub use line::LineError;
pub use transcript::TranscriptError;
