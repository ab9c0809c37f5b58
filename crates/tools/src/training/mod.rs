//! The training tool of the pattern evaluation (native only): reads the game
//! database, labels positions, fits the weights and writes the table file.

pub mod wthor;

use othello_cli::{CliError, CliResult};
use std::io::Read;

/// A reader of the text file at `path`, decompressed when its name ends in `.gz`.
pub fn open_text(path: &str) -> CliResult<Box<dyn Read>> {
    let file = std::fs::File::open(path).map_err(|e| CliError::file(path, e))?;
    Ok(if path.ends_with(".gz") {
        Box::new(flate2::read::GzDecoder::new(file))
    } else {
        Box::new(file)
    })
}

/// The whole text file at `path` (decompressed when it ends in `.gz`).
pub fn read_text(path: &str) -> CliResult<String> {
    let mut text = String::new();
    open_text(path)?
        .read_to_string(&mut text)
        .map_err(|e| CliError::file(path, e))?;
    Ok(text)
}

/// Whether game number `index` of the database (0-based) belongs to the
/// held-out set that is never trained on: one game in twenty.
pub fn is_heldout(index: usize) -> bool {
    index % 20 == 7
}

pub mod dataset;
pub mod design;
pub mod endcut;
pub mod fit;
pub mod labels;
pub mod probcut;
pub mod searched;
pub mod selfplay;
pub mod solve;
