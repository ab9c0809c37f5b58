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

/// The 15 diagonals parallel to a1-h8, and the 15 parallel to h1-a8.
const DIAGONALS: [u64; 15] = diagonals(9);
const ANTI_DIAGONALS: [u64; 15] = diagonals(7);

/// Lines of squares whose index steps by `step` (9: down-right, 7: down-left).
const fn diagonals(step: i32) -> [u64; 15] {
    let mut lines = [0u64; 15];
    let mut square = 0;
    while square < 64 {
        let (column, row) = (square % 8, square / 8);
        let line = if step == 9 {
            column - row + 7
        } else {
            column + row
        };
        lines[line as usize] |= 1u64 << square;
        square += 1;
    }
    lines
}

/// Squares on full rows.
fn full_rows(occupied: u64) -> u64 {
    (0..8)
        .map(|row| ROW_1 << (8 * row))
        .filter(|&line| occupied & line == line)
        .fold(0, |full, line| full | line)
}

/// Squares on full columns.
fn full_columns(occupied: u64) -> u64 {
    let mut columns = occupied;
    columns &= columns >> 32;
    columns &= columns >> 16;
    columns &= columns >> 8;
    (columns & ROW_1).wrapping_mul(FILE_A)
}

/// Squares on full lines among `lines`.
fn full_lines(occupied: u64, lines: &[u64; 15]) -> u64 {
    lines
        .iter()
        .filter(|&&line| occupied & line == line)
        .fold(0, |full, line| full | line)
}

/// A safe subset of the stable discs of `own` (the other discs are `other`).
pub fn stable_discs(own: u64, other: u64) -> u64 {
    let occupied = own | other;
    let rows = full_rows(occupied);
    let columns = full_columns(occupied);
    let diagonals = full_lines(occupied, &DIAGONALS);
    let anti = full_lines(occupied, &ANTI_DIAGONALS);
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

    #[test]
    fn a_disc_between_corner_and_opponent_run_needs_its_own_anchor() {
        // Own b1 only with the opponent on a1: b1 is anchored by nothing of its own.
        let stable = stable_discs(1 << 1, 1);
        assert_eq!(stable, 0);
    }
}
