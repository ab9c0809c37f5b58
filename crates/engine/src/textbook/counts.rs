//! What a search found, and what it cost: the counts of the 2001 study's
//! comparison (leaf nodes, total nodes, root searches).

use std::ops::{Add, AddAssign};

use crate::rules::Move;

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Nodes reached: the root, interior nodes, nodes the table answered,
    /// and leaves.
    pub nodes: u64,
    /// Leaves evaluated: calls of the evaluation, at the depth limit or at a
    /// finished game (a leaf value the table gave back is not counted).
    pub leaves: u64,
    /// Searches of the root: one for minimax, alpha-beta and NegaScout, one
    /// per null-window alpha-beta call for MTD(f), SSS* and DUAL*.
    pub calls: u64,
}

impl Add for Counts {
    type Output = Counts;
    fn add(self, other: Counts) -> Counts {
        Counts {
            nodes: self.nodes + other.nodes,
            leaves: self.leaves + other.leaves,
            calls: self.calls + other.calls,
        }
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        *self = *self + other;
    }
}

impl Counts {
    /// What was spent since `before` (counts only grow).
    pub fn since(self, before: Counts) -> Counts {
        Counts {
            nodes: self.nodes - before.nodes,
            leaves: self.leaves - before.leaves,
            calls: self.calls - before.calls,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult<S> {
    /// The value for the side to move.
    pub value: i32,
    /// The best move; `None` when the game is over at the root or the depth
    /// is 0.
    pub best: Option<Move<S>>,
    /// The depth searched.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}
