//! Scores: final disc differences for the side to move, their bounds, and
//! how a score was found.

/// The best final disc difference: every square the side to move's.
pub const MAX_SCORE: i32 = 64;
/// Below every score: where a node's best starts before any move is searched.
pub const NO_SCORE: i32 = -MAX_SCORE - 1;

/// How a score was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// A midgame search to a fixed depth with the evaluation at the leaves.
    Depth,
    /// The sign is proven: win (positive), draw (0) or loss (negative).
    WinLossDraw,
    /// The exact final disc difference with best play.
    Exact,
    /// The opening book's value (a deep search negamaxed through the book).
    Book,
}

impl ScoreKind {
    /// `"depth"`, `"wld"`, `"exact"` or `"book"`, as the tools and the JS API write it.
    pub fn name(self) -> &'static str {
        match self {
            ScoreKind::Depth => "depth",
            ScoreKind::WinLossDraw => "wld",
            ScoreKind::Exact => "exact",
            ScoreKind::Book => "book",
        }
    }
}
