//! Perft: the number of move sequences of a given length, proving the rules.
//!
//! A pass consumes one ply (the report's convention, and convention A of the
//! 8x8 table); a finished game reached before full depth counts as one leaf.

use crate::board::Board;
use crate::square::Squares;

/// The number of leaves `depth` plies below `board`.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.moves() == 0 {
            return 1;
        }
        return perft(&passed, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    Squares(moves)
        .map(|square| {
            let flipped = crate::board::flips(board.player, board.opponent, square.index());
            perft(&board.play_flips(square, flipped), depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_plies_match_the_8x8_game() {
        // Far from the edges and holes the first three plies are the 8x8 game's.
        for (depth, count) in [(0, 1), (1, 4), (2, 12), (3, 56)] {
            assert_eq!(perft(&Board::START, depth), count);
        }
    }
}
