//! The training tool of the pattern evaluation (native only): reads the game
//! database, labels positions, fits the weights and writes the table file.

pub mod wthor;

/// Whether game number `index` of the database (0-based) belongs to the
/// held-out set that is never trained on: one game in twenty.
pub fn is_heldout(index: usize) -> bool {
    index % 20 == 7
}

pub mod dataset;
pub mod fit;
pub mod probcut;
pub mod selfplay;
pub mod solve;
