//! Stable discs: discs that no sequence of moves can ever flip.
//!
//! A disc is stable when, on each of its four lines (row, column and the two
//! diagonals), the line is full or one of its two neighbours on that line is
//! off the board or a stable disc of the same colour. Starting from no stable
//! disc and repeating until nothing changes finds a safe subset of the stable
//! discs (corners, the edge runs they anchor, full lines), used by the
//! endgame solver's stability cutoff.

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

/// A safe subset of the stable discs of `own` (the other discs are `other`).
pub fn stable_discs(own: u64, other: u64) -> u64 {
    let occupied = own | other;
    let rows = full_rows(occupied);
    let columns = full_columns(occupied);
    let diagonals = full_diagonals(occupied);
    let anti = full_anti_diagonals(occupied);
    let mut stable = 0u64;
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
        let next = own
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
    fn a_disc_between_corner_and_opponent_run_needs_its_own_anchor() {
        // Own b1 only with the opponent on a1: b1 is anchored by nothing of its own.
        let stable = stable_discs(1 << 1, 1);
        assert_eq!(stable, 0);
    }
}
