//! The static evaluation, in discs from the side to move's point of view.
//!
//! Two evaluations share one interface: the learned pattern evaluation
//! (seed 001, Buro) that the engine plays with, and the hand-weighted
//! stand-in of the search issue, kept as a yardstick for matches.

pub mod codec;
pub mod standin;
pub mod table_file;

/// Largest magnitude an evaluation returns: a guess never claims a perfect score.
pub const MAX_EVAL: i32 = 63;

use crate::board::Board;

/// Which static evaluation a search uses at its leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// The learned pattern tables (the default).
    #[default]
    Pattern,
    /// The hand-weighted stand-in (mobility, corners, edges).
    StandIn,
}

impl Evaluation {
    /// Every evaluation, the default first.
    pub const ALL: [Evaluation; 2] = [Evaluation::Pattern, Evaluation::StandIn];

    /// `"pattern"` or `"standin"`, as options and the tools write it.
    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Pattern => "pattern",
            Evaluation::StandIn => "standin",
        }
    }

    /// The evaluation called `name`, or a message listing the names.
    pub fn from_name(name: &str) -> Result<Evaluation, String> {
        Evaluation::ALL
            .into_iter()
            .find(|evaluation| evaluation.name() == name)
            .ok_or_else(|| format!("unknown evaluation '{name}' (expected pattern or standin)"))
    }

    /// The value of `board` for the side to move, in discs, within `-MAX_EVAL..=MAX_EVAL`.
    #[inline]
    pub fn evaluate(self, board: &Board) -> i32 {
        match self {
            // TEMPORARY until the pattern tables land in this session.
            Evaluation::Pattern => standin::evaluate(board),
            Evaluation::StandIn => standin::evaluate(board),
        }
    }
}

/// The default evaluation of `board` for the side to move, in discs.
pub fn evaluate(board: &Board) -> i32 {
    Evaluation::default().evaluate(board)
}
