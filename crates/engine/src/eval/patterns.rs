//! Buro's pattern set (Buro, "Experiments with Multi-ProbCut and a New
//! High-Quality Evaluation Function for Othello", 1997, section 5): the
//! squares each pattern covers, and the base-3 index of every pattern
//! occurrence on a board.
//!
//! A pattern is defined once, on one corner or edge; its other occurrences
//! are the same squares seen through a symmetry of the board. Each square
//! counts 0 when empty, 1 for the side to move and 2 for the opponent, and the
//! first square of a pattern is the lowest base-3 digit.
//!
//! The indices are sums over the board's rows: for each row and each
//! filling of it by one side, a table gives what its discs add to every
//! occurrence's index, built once from the patterns' definitions, so an
//! evaluation adds sixteen table rows lane by lane.

use crate::board::Board;
use crate::symmetry::Symmetry;

/// One pattern of the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Short name, as the training tool prints it.
    pub name: &'static str,
    /// Squares of the defining occurrence, lowest base-3 digit first
    /// (bit indices: a1 = 0, h1 = 7, a2 = 8, ..., h8 = 63).
    pub squares: &'static [u8],
    /// The symmetries that bring each occurrence onto the defining one.
    pub occurrences: &'static [u8],
    /// Another order of the squares (a permutation of positions in `squares`)
    /// that reads the same configuration under the pattern's own mirror, if
    /// it has one: both configurations share one weight.
    pub mirror: Option<&'static [u8]>,
}

impl Pattern {
    /// Number of configurations: 3 to the number of squares.
    pub const fn size(&self) -> usize {
        3usize.pow(self.squares.len() as u32)
    }
}

const EDGES: [u8; 4] = [0, 2, 4, 5];
const CORNERS: [u8; 4] = [0, 1, 2, 3];
const ALL: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Reversal of a line of `N` squares.
const REVERSED: [u8; 8] = [7, 6, 5, 4, 3, 2, 1, 0];

/// The pattern set, in the order of the weight tables.
pub const PATTERNS: [Pattern; 11] = [
    Pattern {
        name: "edge+2x",
        squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
        occurrences: &EDGES,
        mirror: Some(&[7, 6, 5, 4, 3, 2, 1, 0, 9, 8]),
    },
    Pattern {
        name: "corner2x5",
        squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
        occurrences: &ALL,
        mirror: None,
    },
    Pattern {
        name: "corner3x3",
        squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18],
        occurrences: &CORNERS,
        mirror: Some(&[0, 3, 6, 1, 4, 7, 2, 5, 8]),
    },
    Pattern {
        name: "hv2",
        squares: &[8, 9, 10, 11, 12, 13, 14, 15],
        occurrences: &EDGES,
        mirror: Some(&REVERSED),
    },
    Pattern {
        name: "hv3",
        squares: &[16, 17, 18, 19, 20, 21, 22, 23],
        occurrences: &EDGES,
        mirror: Some(&REVERSED),
    },
    Pattern {
        name: "hv4",
        squares: &[24, 25, 26, 27, 28, 29, 30, 31],
        occurrences: &EDGES,
        mirror: Some(&REVERSED),
    },
    Pattern {
        name: "d8",
        squares: &[0, 9, 18, 27, 36, 45, 54, 63],
        occurrences: &[0, 1],
        mirror: Some(&REVERSED),
    },
    Pattern {
        name: "d7",
        squares: &[1, 10, 19, 28, 37, 46, 55],
        occurrences: &CORNERS,
        mirror: Some(&[6, 5, 4, 3, 2, 1, 0]),
    },
    Pattern {
        name: "d6",
        squares: &[2, 11, 20, 29, 38, 47],
        occurrences: &CORNERS,
        mirror: Some(&[5, 4, 3, 2, 1, 0]),
    },
    Pattern {
        name: "d5",
        squares: &[3, 12, 21, 30, 39],
        occurrences: &CORNERS,
        mirror: Some(&[4, 3, 2, 1, 0]),
    },
    Pattern {
        name: "d4",
        squares: &[4, 13, 22, 31],
        occurrences: &CORNERS,
        mirror: Some(&[3, 2, 1, 0]),
    },
];

/// Pattern occurrences on a board.
pub const OCCURRENCES: usize = 46;

/// Index of each occurrence's pattern in [`PATTERNS`], in the order
/// [`indices`] fills them.
pub const OCCURRENCE_PATTERN: [u8; OCCURRENCES] = occurrence_patterns();

const fn occurrence_patterns() -> [u8; OCCURRENCES] {
    let mut out = [0u8; OCCURRENCES];
    let mut slot = 0;
    let mut p = 0;
    while p < PATTERNS.len() {
        let mut i = 0;
        while i < PATTERNS[p].occurrences.len() {
            out[slot] = p as u8;
            slot += 1;
            i += 1;
        }
        p += 1;
    }
    out
}

/// Lanes of the row tables: the occurrences, padded to whole SIMD
/// registers of eight 16-bit lanes (the largest index, 3^10 - 1, fits).
pub(crate) const LANES: usize = OCCURRENCES.next_multiple_of(8);

/// `parts[row][byte][j]`: what the squares of `row` whose columns are
/// the set bits of `byte` add to occurrence `j`'s index when each holds
/// a disc of the side to move (the opponent's discs add twice as much).
type RowParts = [[[u16; LANES]; 256]; 8];

/// The row tables (192 KiB), built on first use from [`PATTERNS`].
fn row_parts() -> &'static RowParts {
    static PARTS: std::sync::OnceLock<Box<RowParts>> = std::sync::OnceLock::new();
    PARTS.get_or_init(build_row_parts)
}

fn build_row_parts() -> Box<RowParts> {
    // What a disc of the side to move on each square adds to each index:
    // occurrence `j` reads the defining square `squares[k]` (digit `k`)
    // of the board turned by its symmetry, which is the board's square
    // the inverse symmetry takes it to.
    let mut square_parts = [[0u16; LANES]; 64];
    let mut j = 0;
    for pattern in &PATTERNS {
        for &s in pattern.occurrences {
            let inverse = Symmetry(s).inverse();
            let mut power = 1u16;
            for &defining in pattern.squares {
                let square = inverse.bits(1 << defining).trailing_zeros() as usize;
                square_parts[square][j] = power;
                power = power.wrapping_mul(3);
            }
            j += 1;
        }
    }
    let mut parts: Box<RowParts> = vec![[[0u16; LANES]; 256]; 8]
        .into_boxed_slice()
        .try_into()
        .expect("eight rows");
    for (row, bytes) in parts.iter_mut().enumerate() {
        for (byte, lanes) in bytes.iter_mut().enumerate() {
            for column in (0..8).filter(|c| byte >> c & 1 != 0) {
                for (lane, part) in lanes.iter_mut().zip(square_parts[8 * row + column]) {
                    *lane += part;
                }
            }
        }
    }
    parts
}

/// The configuration index of every pattern occurrence on `board`
/// (relative to the side to move), in [`OCCURRENCE_PATTERN`] order, then
/// zeros up to [`LANES`]: the sum over the rows of their parts, sixteen
/// table rows added lane by lane (the compiler's SIMD: SSE2, simd128).
#[inline]
pub(crate) fn index_lanes(board: &Board) -> [u16; LANES] {
    let parts = row_parts();
    let mut sum = [0u16; LANES];
    for (row, bytes) in parts.iter().enumerate() {
        let mine = &bytes[usize::from((board.player >> (8 * row)) as u8)];
        let theirs = &bytes[usize::from((board.opponent >> (8 * row)) as u8)];
        for ((lane, &m), &t) in sum.iter_mut().zip(mine).zip(theirs) {
            *lane = lane.wrapping_add(m).wrapping_add(t.wrapping_mul(2));
        }
    }
    sum
}

/// The configuration index of every pattern occurrence on `board`
/// (relative to the side to move), in [`OCCURRENCE_PATTERN`] order.
#[inline]
pub fn indices(board: &Board) -> [u32; OCCURRENCES] {
    let lanes = index_lanes(board);
    std::array::from_fn(|j| u32::from(lanes[j]))
}

/// For each configuration of `pattern`, the configuration that stands for
/// it and its mirror image (the smaller index of the two).
pub fn canonical(pattern: &Pattern) -> Vec<u32> {
    let n = pattern.squares.len();
    (0..pattern.size() as u32)
        .map(|index| match pattern.mirror {
            None => index,
            Some(order) => {
                let digits = digits(index, n);
                let mirrored = order
                    .iter()
                    .rev()
                    .fold(0, |acc, &from| acc * 3 + digits[from as usize]);
                index.min(mirrored)
            }
        })
        .collect()
}

/// The base-3 digits of `index`, lowest first.
fn digits(mut index: u32, n: usize) -> Vec<u32> {
    (0..n)
        .map(|_| {
            let digit = index % 3;
            index /= 3;
            digit
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow way: each square of each occurrence looked up one by one.
    fn slow_indices(board: &Board) -> Vec<u32> {
        let mut out = Vec::new();
        for pattern in &PATTERNS {
            for &s in pattern.occurrences {
                let turned = Symmetry(s).board(board);
                let index = pattern.squares.iter().rev().fold(0, |acc, &sq| {
                    let bit = 1u64 << sq;
                    acc * 3
                        + u32::from(turned.player & bit != 0)
                        + 2 * u32::from(turned.opponent & bit != 0)
                });
                out.push(index);
            }
        }
        out
    }

    fn random_board(rng: &mut crate::rng::Rng) -> Board {
        let mut next = || rng.next_u64();
        let filled = next() | next();
        let player = next() & filled;
        Board::new(player, filled & !player).unwrap()
    }

    #[test]
    fn fast_indices_equal_the_square_by_square_ones() {
        let mut seed = crate::rng::Rng::new(7);
        for _ in 0..20_000 {
            let board = random_board(&mut seed);
            assert_eq!(indices(&board).to_vec(), slow_indices(&board), "{board:?}");
        }
    }

    #[test]
    fn occurrences_cover_distinct_square_sets() {
        for pattern in &PATTERNS {
            let mut seen: Vec<Vec<u8>> = Vec::new();
            for &s in pattern.occurrences {
                // The squares of the board that the occurrence reads.
                let inverse = Symmetry::ALL
                    .into_iter()
                    .find(|inv| (0..64).all(|q| inv.bits(Symmetry(s).bits(1 << q)) == 1 << q))
                    .unwrap();
                let mut squares: Vec<u8> = pattern
                    .squares
                    .iter()
                    .map(|&q| inverse.bits(1 << q).trailing_zeros() as u8)
                    .collect();
                squares.sort();
                assert!(
                    !seen.contains(&squares),
                    "{} repeats an occurrence",
                    pattern.name
                );
                seen.push(squares);
            }
        }
    }

    #[test]
    fn symmetric_boards_have_the_same_canonical_configurations() {
        let tables: Vec<Vec<u32>> = PATTERNS.iter().map(canonical).collect();
        let canonical_multiset = |board: &Board| {
            let mut out: Vec<(u8, u32)> = indices(board)
                .iter()
                .zip(OCCURRENCE_PATTERN)
                .map(|(&i, p)| (p, tables[p as usize][i as usize]))
                .collect();
            out.sort();
            out
        };
        let mut seed = crate::rng::Rng::new(11);
        for _ in 0..2_000 {
            let board = random_board(&mut seed);
            let expected = canonical_multiset(&board);
            for symmetry in Symmetry::ALL {
                assert_eq!(canonical_multiset(&symmetry.board(&board)), expected);
            }
        }
    }

    #[test]
    fn mirrors_are_involutions() {
        for pattern in &PATTERNS {
            let table = canonical(pattern);
            for (index, &c) in table.iter().enumerate() {
                assert!(c as usize <= index);
                assert_eq!(table[c as usize], c, "{}", pattern.name);
            }
        }
    }
}
