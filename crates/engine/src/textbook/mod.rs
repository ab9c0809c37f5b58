//! The textbook searches of the texts the engine was built from, written
//! once for any board ([`crate::rules::Rules`]) and any evaluation
//! ([`Evaluation`]): plain minimax, fail-soft alpha-beta, NegaScout
//! (Reinefeld), alpha-beta with memory (a table of bounds,
//! [`BoundsTable`]) and the null-window drivers over it, MTD(f), SSS* and
//! DUAL* (Plaat, Schaeffer, Pijls and de Bruin). The 2001 alpha-beta study's
//! programs (`crate::players::study`) and the CS 221 report's searches on the
//! 96-square board (crate `othello-board96`) both run on them.
//!
//! Values are negamax (for the side to move); a pass is a ply of the depth,
//! as in both texts. Every search counts what it visits ([`Counts`]): every
//! node reached (the root, interior nodes, nodes answered by the table and
//! leaves), the leaves evaluated, and the root searches a driver made.
//! A table's bounds are used only at the depth they were searched to, so
//! every algorithm, with or without a table, returns the value of plain
//! minimax to the same depth (the tests check it on both boards).
//!
//! | module | what it holds |
//! |---|---|
//! | [`evaluation`] | what a search asks of an evaluation; the disc difference |
//! | [`counts`] | what a search found and what it cost |
//! | [`table`] | the table of bounds and best moves |
//! | [`algorithm`] | the algorithms by name |
//! | [`alphabeta`] | the search: minimax, alpha-beta, NegaScout, with or without the table |
//! | [`mtd`] | MTD(f), SSS* and DUAL*: null-window alpha-beta with memory, driven from a guess, from above, from below |
//! | [`deepening`] | iterative deepening of one algorithm, counted depth by depth (the comparison's setting) |

pub mod algorithm;
pub mod alphabeta;
pub mod counts;
pub mod deepening;
pub mod evaluation;
pub mod mtd;
pub mod table;

pub use algorithm::Algorithm;
pub use alphabeta::{minimax, Search};
pub use counts::{Counts, SearchResult};
pub use deepening::Iteration;
pub use evaluation::{DiscDifference, Evaluation};
pub use table::{BoundsTable, TableKey};

/// Larger than any value a search returns.
pub const INFINITY: i32 = 1 << 28;
