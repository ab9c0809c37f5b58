//! The last empties of an exact solve, by code of their own: null-window
//! searches without a move list or transposition table, the empties tried
//! in parity order (odd quadrants first), a stability cutoff before a node
//! is searched, hand-written searches of the last four empties and the final
//! move's score from a count of its flips (no flips computed).
//!
//! Every function is fail-soft on the window `(alpha, alpha + 1)`: a result
//! above `alpha` is a lower bound on the exact score, at or below it an
//! upper bound. The general solver ([`super::endgame`]) hands a node over
//! from [`SHALLOW_EMPTIES`] empties down.

use crate::board::Board;
use crate::moves::{flips, last_flip_count, legal_moves};
use crate::score::MAX_SCORE;
use crate::stability::stable_discs;

use super::Searcher;

/// At or below this many empties: parity ordering, no move sorting or table.
pub const SHALLOW_EMPTIES: u32 = 6;
/// From this many empties up, a node whose `alpha` the opponent's stable
/// discs already rule out is cut (from 3 empties rather than 7: 29% fewer
/// nodes on FFO #40-#49, and less time; docs/benchmarks.md).
pub const STABILITY_EMPTIES: u32 = 3;

const CORNERS: u64 = 0x8100_0000_0000_0081;
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// Squares grouped from best to worst to try first at equal parity.
const PRIORITY: [u64; 4] = [
    CORNERS,
    !(CORNERS | X_SQUARES | C_SQUARES),
    C_SQUARES,
    X_SQUARES,
];

/// The squares around each square: a move there flips nothing unless one
/// of them holds an opponent disc.
static AROUND: [u64; 64] = around();

const fn around() -> [u64; 64] {
    let mut around = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (column, row) = (square % 8, square / 8);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (c, r) = (column + dc, row + dr);
                if (dr != 0 || dc != 0) && c >= 0 && c < 8 && r >= 0 && r < 8 {
                    around[square as usize] |= 1 << (r * 8 + c);
                }
                dc += 1;
            }
            dr += 1;
        }
        square += 1;
    }
    around
}

/// The empty squares in quadrants with an odd number of empties.
///
/// The quadrants' parities by folding (no bit counts): after the first two
/// steps bit `8r` holds the parity of row `r`'s left half and bit `8r + 4`
/// of its right half, after the last two bits 0, 4, 32 and 36 hold those of
/// the four quadrants, which the multiplication spreads over each quadrant.
#[inline]
pub(crate) fn odd_quadrants(empties: u64) -> u64 {
    let mut parity = empties ^ (empties >> 1);
    parity ^= parity >> 2;
    parity ^= parity >> 8;
    parity ^= parity >> 16;
    (parity & 0x0000_0011_0000_0011).wrapping_mul(0x0f0f_0f0f) & empties
}

/// The empties in the order to try them, as eight groups: odd quadrants
/// first, then the even ones, each by square class (corners first, X-squares last).
#[inline]
fn parity_groups(empties: u64) -> [u64; 8] {
    let odd = odd_quadrants(empties);
    let even = empties & !odd;
    [
        odd & PRIORITY[0],
        odd & PRIORITY[1],
        odd & PRIORITY[2],
        odd & PRIORITY[3],
        even & PRIORITY[0],
        even & PRIORITY[1],
        even & PRIORITY[2],
        even & PRIORITY[3],
    ]
}

/// The first `N` empties (there are exactly `N`) as square indices in
/// parity order (see [`parity_groups`]).
#[inline]
fn parity_squares<const N: usize>(empties: u64) -> [usize; N] {
    let mut squares = [0; N];
    let mut k = 0;
    for group in parity_groups(empties) {
        let mut bits = group;
        while bits != 0 && k < N {
            squares[k] = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            k += 1;
        }
    }
    squares
}

/// The final score for the side to move when nobody can move.
#[inline]
fn final_score(player: u64, opponent: u64) -> i32 {
    Board { player, opponent }.final_score()
}

/// The flips of a move of `player` on `square`, 0 when illegal; a square
/// with no opponent disc around it is ruled out without computing them.
#[inline(always)]
fn flips_near(player: u64, opponent: u64, square: usize) -> u64 {
    if AROUND[square & 63] & opponent == 0 {
        0
    } else {
        flips(player, opponent, square)
    }
}

/// The exact score for `player` to move with one empty square `x` left
/// (every other square taken, the opponent's discs being the rest).
#[inline(always)]
pub(crate) fn solve_1(player: u64, x: usize) -> i32 {
    let discs = 2 * player.count_ones() as i32 - 63;
    let flipped = last_flip_count(player, x) as i32;
    if flipped > 0 {
        return discs + 2 * flipped + 1;
    }
    let flipped = last_flip_count(!player & !(1 << x), x) as i32;
    if flipped > 0 {
        return discs - 2 * flipped - 1;
    }
    if discs > 0 {
        discs + 1
    } else {
        discs - 1
    }
}

impl Searcher<'_> {
    /// The upper bound that the opponent's stable discs allow, if it is at
    /// or below `alpha`.
    #[inline]
    pub(crate) fn stability_cutoff(&self, board: &Board, alpha: i32, empties: u32) -> Option<i32> {
        // Only worth its cost when alpha is high for this stage.
        if alpha < 2 * (empties as i32) - 8 || alpha < 8 {
            return None;
        }
        // Not even every opponent disc stable would bring the bound down
        // to alpha: no need to find them.
        if MAX_SCORE - 2 * board.opponent.count_ones() as i32 > alpha {
            return None;
        }
        let bound = MAX_SCORE - 2 * stable_discs(board.opponent, board.player).count_ones() as i32;
        (bound <= alpha).then_some(bound)
    }

    /// The moves of `player` over two empties, or `None` if it has none.
    #[inline(always)]
    fn try_2(&mut self, player: u64, opponent: u64, alpha: i32, x: [usize; 2]) -> Option<i32> {
        // Written out for the two orders (no loop over an array of them).
        let (a, b) = (x[0] & 63, x[1] & 63);
        let f = flips_near(player, opponent, a);
        let first = if f != 0 {
            self.nodes += 1;
            let score = -solve_1(opponent ^ f, b);
            if score > alpha {
                return Some(score);
            }
            Some(score)
        } else {
            None
        };
        let f = flips_near(player, opponent, b);
        if f != 0 {
            self.nodes += 1;
            let score = -solve_1(opponent ^ f, a);
            return first.max(Some(score));
        }
        first
    }

    /// Inlined into [`Self::solve_3`] in wasm, where a call costs more than
    /// natively (see [`crate::moves::flips`]): 0.5% fewer instructions on
    /// FFO #40 under Node, the same nodes.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn solve_2(&mut self, player: u64, opponent: u64, alpha: i32, x: [usize; 2]) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.try_2(player, opponent, alpha, x) {
            return score;
        }
        match self.try_2(opponent, player, -alpha - 1, x) {
            Some(score) => -score,
            None => final_score(player, opponent),
        }
    }

    #[inline(always)]
    fn try_3(&mut self, player: u64, opponent: u64, alpha: i32, x: [usize; 3]) -> Option<i32> {
        let mut best = None;
        for (a, rest) in [
            (x[0], [x[1], x[2]]),
            (x[1], [x[0], x[2]]),
            (x[2], [x[0], x[1]]),
        ] {
            let f = flips_near(player, opponent, a);
            if f != 0 {
                let next = (opponent ^ f, player | f | (1 << a));
                let score = -self.solve_2(next.0, next.1, -alpha - 1, rest);
                if score > alpha {
                    return Some(score);
                }
                best = best.max(Some(score));
            }
        }
        best
    }

    fn solve_3(&mut self, player: u64, opponent: u64, alpha: i32, x: [usize; 3]) -> i32 {
        self.nodes += 1;
        if STABILITY_EMPTIES <= 3 {
            if let Some(bound) = self.stability_cutoff(&Board { player, opponent }, alpha, 3) {
                return bound;
            }
        }
        if let Some(score) = self.try_3(player, opponent, alpha, x) {
            return score;
        }
        match self.try_3(opponent, player, -alpha - 1, x) {
            Some(score) => -score,
            None => final_score(player, opponent),
        }
    }

    #[inline(always)]
    fn try_4(&mut self, player: u64, opponent: u64, alpha: i32, x: [usize; 4]) -> Option<i32> {
        let mut best = None;
        for (a, rest) in [
            (x[0], [x[1], x[2], x[3]]),
            (x[1], [x[0], x[2], x[3]]),
            (x[2], [x[0], x[1], x[3]]),
            (x[3], [x[0], x[1], x[2]]),
        ] {
            let f = flips_near(player, opponent, a);
            if f != 0 {
                let next = (opponent ^ f, player | f | (1 << a));
                let score = -self.solve_3(next.0, next.1, -alpha - 1, rest);
                if score > alpha {
                    return Some(score);
                }
                best = best.max(Some(score));
            }
        }
        best
    }

    fn solve_4(&mut self, player: u64, opponent: u64, alpha: i32, empties: u64) -> i32 {
        self.nodes += 1;
        if STABILITY_EMPTIES <= 4 {
            if let Some(bound) = self.stability_cutoff(&Board { player, opponent }, alpha, 4) {
                return bound;
            }
        }
        let x = parity_squares::<4>(empties);
        if let Some(score) = self.try_4(player, opponent, alpha, x) {
            return score;
        }
        match self.try_4(opponent, player, -alpha - 1, x) {
            Some(score) => -score,
            None => final_score(player, opponent),
        }
    }

    /// Null-window search of a position with at most [`SHALLOW_EMPTIES`]
    /// empties (`empties`, `count` of them): parity order, no table, the
    /// stability cutoff from [`STABILITY_EMPTIES`] empties up. Of 5 or 6
    /// empties, only the squares of `tries` are tried: the empties, or the
    /// legal moves where the caller found them.
    pub(crate) fn shallow_nws(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        empties: u64,
        count: u32,
        tries: u64,
    ) -> i32 {
        debug_assert_eq!(empties.count_ones(), count);
        match count {
            0 => return final_score(player, opponent),
            1 => {
                self.nodes += 1;
                return solve_1(player, empties.trailing_zeros() as usize);
            }
            2 => {
                let a = empties.trailing_zeros() as usize;
                let b = (empties & (empties - 1)).trailing_zeros() as usize;
                return self.solve_2(player, opponent, alpha, [a, b]);
            }
            3 => {
                let x = parity_squares::<3>(empties);
                return self.solve_3(player, opponent, alpha, x);
            }
            4 => return self.solve_4(player, opponent, alpha, empties),
            _ => {}
        }
        if self.visit() {
            return 0;
        }
        if count >= STABILITY_EMPTIES {
            if let Some(bound) = self.stability_cutoff(&Board { player, opponent }, alpha, count) {
                return bound;
            }
        }
        let mut best = None;
        // No move generation: each empty's flips, none for an illegal move.
        for group in parity_groups(empties) {
            let mut squares = group & tries;
            while squares != 0 {
                let square = squares.trailing_zeros() as usize;
                squares &= squares - 1;
                let f = flips_near(player, opponent, square);
                if f == 0 {
                    continue;
                }
                let bit = 1 << square;
                let score = -self.shallow_nws(
                    opponent ^ f,
                    player | f | bit,
                    -alpha - 1,
                    empties ^ bit,
                    count - 1,
                    empties ^ bit,
                );
                if score > alpha {
                    return score;
                }
                best = best.max(Some(score));
            }
        }
        if let Some(score) = best {
            return score;
        }
        match legal_moves(opponent, player) {
            0 => final_score(player, opponent),
            replies => -self.shallow_nws(opponent, player, -alpha - 1, empties, count, replies),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priority_classes_partition_the_board() {
        assert_eq!(PRIORITY.iter().fold(0, |all, class| all | class), !0);
        assert_eq!(PRIORITY.iter().map(|c| c.count_ones()).sum::<u32>(), 64);
        let empties = 0xf00f_0000_1234_8001u64;
        let order = parity_squares::<15>(empties);
        assert_eq!(order.iter().fold(0u64, |all, &s| all | 1 << s), empties);
    }

    /// The four quadrants of the board.
    const QUADRANTS: [u64; 4] = [
        0x0000_0000_0f0f_0f0f,
        0x0000_0000_f0f0_f0f0,
        0x0f0f_0f0f_0000_0000,
        0xf0f0_f0f0_0000_0000,
    ];

    #[test]
    fn odd_quadrants_are_those_with_an_odd_count() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let empties = seed & seed.rotate_left(29);
            let counted = QUADRANTS
                .iter()
                .filter(|&&q| (empties & q).count_ones() % 2 == 1)
                .fold(0, |odd, q| odd | q)
                & empties;
            assert_eq!(odd_quadrants(empties), counted, "{empties:#x}");
        }
    }

    #[test]
    fn around_holds_the_neighbours() {
        assert_eq!(AROUND[0], 0x302);
        assert_eq!(AROUND[63], 0x40c0_0000_0000_0000);
        assert!(AROUND.iter().all(|a| (3..=8).contains(&a.count_ones())));
    }
}
