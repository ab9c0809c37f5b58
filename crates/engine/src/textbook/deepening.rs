//! Iterative deepening of one algorithm, counted depth by depth: the
//! setting of Plaat, Schaeffer, Pijls and de Bruin's comparison, where every
//! algorithm deepens one ply at a time over the same table, and MTD(f)
//! takes the previous depth's value as its first guess.

use crate::clock::Clock;
use crate::rules::Rules;

use super::algorithm::Algorithm;
use super::alphabeta::Search;
use super::counts::Counts;
use super::evaluation::Evaluation;
use super::table::TableKey;

/// One depth of an iterative deepening.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Iteration {
    /// The depth searched.
    pub depth: u32,
    /// The root value at that depth.
    pub value: i32,
    /// What the search at this depth cost (not the shallower ones).
    pub counts: Counts,
    /// Milliseconds the search at this depth took.
    pub ms: f64,
}

impl<B: Rules + TableKey, E: Evaluation<B> + ?Sized> Search<'_, B, E> {
    /// Searches `board` with `algorithm` at depths 1, 2, ... `depth`, each
    /// depth's search after the last over the same table (MTD(f) from the
    /// last depth's value; at depth 1 from the static evaluation); `None`
    /// when the stop test ended it.
    pub fn deepen(
        &mut self,
        board: &B,
        algorithm: Algorithm,
        depth: u32,
        clock: &dyn Clock,
    ) -> Option<Vec<Iteration>> {
        let mut iterations = Vec::new();
        let mut guess = self.evaluation.evaluate(board);
        for d in 1..=depth {
            let before = self.counts;
            let start = clock.now_ms();
            let result = match algorithm {
                Algorithm::Mtdf => self.mtdf(board, d, guess)?,
                other => self.run(board, d, other)?,
            };
            guess = result.value;
            iterations.push(Iteration {
                depth: d,
                value: result.value,
                counts: self.counts.since(before),
                ms: clock.now_ms() - start,
            });
        }
        Some(iterations)
    }
}
