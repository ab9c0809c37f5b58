//! Perft: the number of move sequences of a given length, proving the rules.
//!
//! Two pass conventions are in use (see `tests/data/perft.txt`):
//! - [`PassRule::Ply`] (A): a pass consumes one ply of depth; a finished game
//!   reached before full depth counts as one leaf.
//! - [`PassRule::Free`] (B): a pass consumes no depth; a finished game counts
//!   as one leaf.

use crate::rules::{Bitboard, Rules};

/// How a pass counts against the depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassRule {
    /// Convention A: a pass is a ply.
    Ply,
    /// Convention B: a pass is free.
    Free,
}

/// The number of leaves `depth` plies below `board`, on either board.
pub fn perft<B: Rules>(board: &B, depth: u32, rule: PassRule) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if moves.is_empty() {
        let passed = board.pass();
        if passed.moves().is_empty() {
            return 1;
        }
        return match rule {
            PassRule::Ply => perft(&passed, depth - 1, rule),
            PassRule::Free => perft(&passed, depth, rule),
        };
    }
    if depth == 1 {
        return u64::from(moves.count());
    }
    B::squares(moves)
        .map(|square| {
            let flipped = board.flips(square);
            perft(&board.play_flips(square, flipped), depth - 1, rule)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn shallow_counts() {
        let counts = [1, 4, 12, 56, 244, 1396];
        for (depth, &count) in counts.iter().enumerate() {
            assert_eq!(perft(&Board::START, depth as u32, PassRule::Ply), count);
        }
    }
}
