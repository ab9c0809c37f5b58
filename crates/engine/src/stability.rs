//! Stable discs: discs that no sequence of moves can ever flip.
//!
//! A disc is stable when, on each of its four lines (row, column and the two
//! diagonals), the line is full or one of its two neighbours on that line is
//! off the board or a stable disc of the same colour. Starting from the
//! discs stable along the four edges (an edge disc can only be flipped
//! along its edge: a table gives them for every filling of an edge) and
//! repeating until nothing changes finds a safe subset of the stable discs
//! (corners, edge discs, full lines), used by the endgame solver's
//! stability cutoff.

use std::sync::OnceLock;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0x0000_0000_0000_00ff;
const ROW_8: u64 = 0xff00_0000_0000_0000;

/// Squares on full rows.
#[inline]
fn full_rows(occupied: u64) -> u64 {
    // Bit 8r ends up set when the whole of row r is.
    let mut rows = occupied;
    rows &= rows >> 1;
    rows &= rows >> 2;
    rows &= rows >> 4;
    (rows & FILE_A).wrapping_mul(0xff)
}

/// Squares on full columns.
#[inline]
fn full_columns(occupied: u64) -> u64 {
    let mut columns = occupied;
    columns &= columns >> 32;
    columns &= columns >> 16;
    columns &= columns >> 8;
    (columns & ROW_1).wrapping_mul(FILE_A)
}

/// Columns `a`.. to the `n`th, or the last `n` ([`FILE_A`]-based masks).
const fn files(first: u32, count: u32) -> u64 {
    let mut files = 0;
    let mut i = 0;
    while i < count {
        files |= FILE_A << (first + i);
        i += 1;
    }
    files
}

/// Rows from the `first`th (0 = row 1), `count` of them.
const fn rows(first: u32, count: u32) -> u64 {
    let mut rows = 0;
    let mut i = 0;
    while i < count {
        rows |= ROW_1 << (8 * (first + i));
        i += 1;
    }
    rows
}

/// Occupied squares whose line in one direction is occupied up to the
/// board's edge, by doubling steps: `ends[k]` holds the squares from which
/// 2^k steps leave the board, `step` shifts one square that way (toward
/// higher bits when `up`).
#[inline(always)]
fn full_toward(occupied: u64, step: u32, up: bool, ends: [u64; 3]) -> u64 {
    let shift = |bits: u64, n: u32| if up { bits >> n } else { bits << n };
    let mut full = occupied & (shift(occupied, step) | ends[0]);
    full &= shift(full, 2 * step) | ends[1];
    full &= shift(full, 4 * step) | ends[2];
    full
}

/// Squares on full diagonals (a1-h8 direction).
#[inline]
fn full_diagonals(occupied: u64) -> u64 {
    // Down-right (+9) leaves the board past column h or row 8, up-left past a or 1.
    full_toward(
        occupied,
        9,
        true,
        [
            files(7, 1) | rows(7, 1),
            files(6, 2) | rows(6, 2),
            files(4, 4) | rows(4, 4),
        ],
    ) & full_toward(
        occupied,
        9,
        false,
        [
            files(0, 1) | rows(0, 1),
            files(0, 2) | rows(0, 2),
            files(0, 4) | rows(0, 4),
        ],
    )
}

/// Squares on full anti-diagonals (h1-a8 direction).
#[inline]
fn full_anti_diagonals(occupied: u64) -> u64 {
    // Down-left (+7) leaves the board past column a or row 8, up-right past h or 1.
    full_toward(
        occupied,
        7,
        true,
        [
            files(0, 1) | rows(7, 1),
            files(0, 2) | rows(6, 2),
            files(0, 4) | rows(4, 4),
        ],
    ) & full_toward(
        occupied,
        7,
        false,
        [
            files(7, 1) | rows(0, 1),
            files(6, 2) | rows(0, 2),
            files(4, 4) | rows(0, 4),
        ],
    )
}

/// The discs of either colour on one edge (a byte each, bit `i` the edge's
/// `i`th square) that no sequence of moves on the edge can flip: for each
/// empty square and each colour playing there (legal or not along the edge,
/// as a move may be legal through another line), the discs it flips are not
/// stable, nor those unstable in the edge that results.
fn edge_stable(own: u8, other: u8, memo: &mut [u8]) -> u8 {
    let index = usize::from(own) << 8 | usize::from(other);
    if memo[index] != 0xff {
        return memo[index];
    }
    let mut stable = own | other;
    let empty = !(own | other);
    for square in 0..8 {
        if empty & (1 << square) == 0 {
            continue;
        }
        for (mover, waiting) in [(own, other), (other, own)] {
            // The result is a set of squares: the same whichever colour
            // comes first.
            let flipped = edge_flips(mover, waiting, square);
            stable &=
                !flipped & edge_stable(mover | flipped | 1 << square, waiting & !flipped, memo);
        }
    }
    memo[index] = stable;
    stable
}

/// The discs of `waiting` a disc of `mover` on `square` flips along an edge.
fn edge_flips(mover: u8, waiting: u8, square: u32) -> u8 {
    let mut flipped = 0;
    for step in [1i32, -1] {
        let mut run = 0u8;
        let mut at = square as i32 + step;
        while (0..8).contains(&at) && waiting & (1 << at) != 0 {
            run |= 1 << at;
            at += step;
        }
        if (0..8).contains(&at) && mover & (1 << at) != 0 {
            flipped |= run;
        }
    }
    flipped
}

/// [`edge_stable`] of every edge, indexed by `own << 8 | other`.
fn edge_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut memo = vec![0xffu8; 1 << 16];
        for own in 0..=255u8 {
            for other in 0..=255u8 {
                if own & other == 0 {
                    edge_stable(own, other, &mut memo);
                }
            }
        }
        memo
    })
}

/// Column a's squares as a byte (bit `r` = row `r`).
#[inline(always)]
fn column_a_byte(discs: u64) -> usize {
    ((discs & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// A byte (bit `r` = row `r`) as the squares of column a (row 8 apart: in
/// the multiplication bits 0 and 7 would both land on bit 7 and carry).
#[inline(always)]
fn byte_column_a(byte: u8) -> u64 {
    (u64::from(byte & 0x7f).wrapping_mul(0x0002_0408_1020_4081) & FILE_A)
        | u64::from(byte >> 7) << 56
}

/// The discs of `own` that are stable along the four edges.
#[inline]
fn edge_stable_discs(own: u64, other: u64) -> u64 {
    let table = edge_table();
    let at = |own: usize, other: usize| table[own << 8 | other];
    let row_1 = at(own as u8 as usize, other as u8 as usize);
    let row_8 = at((own >> 56) as usize, (other >> 56) as usize);
    let column_a = at(column_a_byte(own), column_a_byte(other));
    let column_h = at(column_a_byte(own >> 7), column_a_byte(other >> 7));
    (u64::from(row_1)
        | u64::from(row_8) << 56
        | byte_column_a(column_a)
        | byte_column_a(column_h) << 7)
        & own
}

/// A safe subset of the stable discs of `own` (the other discs are `other`).
pub fn stable_discs(own: u64, other: u64) -> u64 {
    let occupied = own | other;
    let rows = full_rows(occupied);
    let columns = full_columns(occupied);
    let diagonals = full_diagonals(occupied);
    let anti = full_anti_diagonals(occupied);
    let edges = edge_stable_discs(own, other);
    let mut stable = edges;
    loop {
        // A neighbour is "safe" if off the board or a stable own disc.
        let west = (stable << 1) | FILE_A;
        let east = (stable >> 1) | FILE_H;
        let north = (stable << 8) | ROW_1;
        let south = (stable >> 8) | ROW_8;
        let north_west = (stable << 9) | FILE_A | ROW_1;
        let south_east = (stable >> 9) | FILE_H | ROW_8;
        let north_east = (stable << 7) | FILE_H | ROW_1;
        let south_west = (stable >> 7) | FILE_A | ROW_8;
        let next = edges
            | own
                & (rows | west | east)
                & (columns | north | south)
                & (diagonals | north_west | south_east)
                & (anti | north_east | south_west);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_their_edge_runs_are_stable() {
        // a1, b1, c1 own; d1 empty; h8 own; e5 own in the middle.
        let own = 0b111 | (1 << 63) | (1 << 36);
        let stable = stable_discs(own, 0);
        assert_eq!(stable, 0b111 | (1 << 63));
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let own = 0x5555_aaaa_5555_aaaa;
        assert_eq!(stable_discs(own, !own), own);
        assert_eq!(stable_discs(!own, own), !own);
    }

    /// Squares on full lines in direction `(dc, dr)`, walked square by square.
    fn full_lines_walked(occupied: u64, dc: i32, dr: i32) -> u64 {
        let mut full = 0;
        for square in 0..64 {
            let (c, r) = (square % 8, square / 8);
            let mut on_full_line = true;
            for sign in [1, -1] {
                let (mut c, mut r) = (c, r);
                while (0..8).contains(&c) && (0..8).contains(&r) {
                    on_full_line &= occupied & (1 << (r * 8 + c)) != 0;
                    c += sign * dc;
                    r += sign * dr;
                }
            }
            if on_full_line {
                full |= 1 << square;
            }
        }
        full
    }

    #[test]
    fn full_lines_are_found_in_every_direction() {
        let mut seed = 0x853c_49e6_748f_ea9bu64;
        for i in 0..5_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Mostly full boards, where full lines are common.
            let occupied =
                seed | seed.rotate_left(23) | if i % 2 == 0 { seed.rotate_left(41) } else { 0 };
            assert_eq!(full_rows(occupied), full_lines_walked(occupied, 1, 0));
            assert_eq!(full_columns(occupied), full_lines_walked(occupied, 0, 1));
            assert_eq!(full_diagonals(occupied), full_lines_walked(occupied, 1, 1));
            assert_eq!(
                full_anti_diagonals(occupied),
                full_lines_walked(occupied, -1, 1)
            );
        }
    }

    #[test]
    fn edge_discs_are_stable_when_no_edge_move_can_flip_them() {
        // Row 1: own b1 between the opponent's a1 and c1-g1, h1 empty: the
        // opponent's run can only turn own (the player taking h1), which
        // leaves b1 in a run the player ends at h1.
        assert_eq!(stable_discs(0b10, 0b0111_1101), 0b10);
        // Own b1 c1 between the opponent's a1 and d1, e1 empty: the player
        // takes e1 (flipping d1), then the opponent f1 flips b1 to e1.
        assert_eq!(stable_discs(0b0110, 0b1001), 0);
        // Own b1 c1 with a1 and d1 empty: the opponent takes a1, then d1.
        assert_eq!(stable_discs(0b0110, 0), 0);
        // The first case on column h, and with both corners of column a.
        let column = |column: u32, rows: u64| {
            (0..8)
                .filter(|r| rows & 1 << r != 0)
                .fold(0, |bits, r| bits | 1u64 << (8 * r + column))
        };
        assert_eq!(
            stable_discs(column(7, 0b10), column(7, 0b0111_1101)),
            column(7, 0b10)
        );
        assert_eq!(stable_discs(column(0, 0x81), 0), column(0, 0x81));
        for byte in 0..=255u8 {
            assert_eq!(column_a_byte(byte_column_a(byte)), usize::from(byte));
        }
    }

    /// Every disc `stable_discs` calls stable keeps its colour through
    /// random legal games from random positions.
    #[test]
    fn stable_discs_never_flip() {
        use crate::board::Board;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..3_000 {
            let mut board = Board::START;
            let plies = 20 + next() % 40;
            for _ in 0..plies {
                let moves: Vec<_> = board.move_list().collect();
                if moves.is_empty() {
                    board = board.pass();
                    continue;
                }
                board = board.play(moves[next() as usize % moves.len()]).unwrap();
            }
            let stable = stable_discs(board.player, board.opponent);
            checked += stable.count_ones();
            // Play on at random: the stable discs stay the first player's.
            let (mut turn, mut first_to_move) = (board, true);
            while !turn.is_game_over() {
                let moves: Vec<_> = turn.move_list().collect();
                turn = if moves.is_empty() {
                    turn.pass()
                } else {
                    turn.play(moves[next() as usize % moves.len()]).unwrap()
                };
                first_to_move = !first_to_move;
                let first = if first_to_move {
                    turn.player
                } else {
                    turn.opponent
                };
                assert_eq!(stable & first, stable, "{board:?}");
            }
        }
        assert!(checked > 10_000, "{checked} stable discs checked");
    }

    #[test]
    fn a_disc_between_corner_and_opponent_run_needs_its_own_anchor() {
        // Own b1 only with the opponent on a1: b1 is anchored by nothing of its own.
        let stable = stable_discs(1 << 1, 1);
        assert_eq!(stable, 0);
    }
}
