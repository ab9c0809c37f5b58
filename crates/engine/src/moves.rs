//! Legal moves and flips by bitboard shifts.
//!
//! Bit `row * 8 + column` holds square `(column, row)`: shifting left by 1
//! moves a disc one column east, by 8 one row south, by 9 south-east and by
//! 7 south-west; right shifts go the other way. Masks drop the discs that
//! would wrap around the board's left or right edge.

/// Squares not on column a.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Squares not on column h.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Squares off the left and right edges.
const INNER_COLUMNS: u64 = 0x7e7e_7e7e_7e7e_7e7e;
/// Squares off the top and bottom edges.
const INNER_ROWS: u64 = 0x00ff_ffff_ffff_ff00;
/// Squares off all four edges.
const INNER: u64 = INNER_COLUMNS & INNER_ROWS;

/// Shifts `bits` one step in direction `shift` (1, -1, 8, -8, 9, -9, 7 or
/// -7: positive shifts left, negative right), without wrapping.
#[inline(always)]
pub fn shift(bits: u64, shift: i32) -> u64 {
    match shift {
        1 => (bits << 1) & NOT_A,
        -1 => (bits >> 1) & NOT_H,
        8 => bits << 8,
        -8 => bits >> 8,
        9 => (bits << 9) & NOT_A,
        -9 => (bits >> 9) & NOT_H,
        7 => (bits << 7) & NOT_H,
        -7 => (bits >> 7) & NOT_A,
        _ => unreachable!("not a direction"),
    }
}

/// Legal moves of `player` against `opponent`, all eight directions at once.
///
/// East by an addition (the opponent's inner discs plus the first disc of
/// each run next to one of the player's carry past the run), west by
/// doubling shifts, the six others by [`vertical_moves`].
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let inner_columns = opponent & INNER_COLUMNS;
    let east = inner_columns.wrapping_add((player << 1) & inner_columns);
    let west_inside = inner_columns & (inner_columns >> 1);
    let mut west = inner_columns & (player >> 1);
    west |= inner_columns & (west >> 1);
    west |= west_inside & (west >> 2);
    west |= west_inside & (west >> 2);
    (east | west >> 1 | vertical_moves(player, opponent)) & empty
}

/// Squares reached from `player` along the runs of `inside` (opponent discs
/// that may be passed over) in both directions of `step`, by doubling shifts.
#[cfg(any(
    not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )),
    test
))]
#[inline(always)]
fn line_moves(player: u64, inside: u64, step: u32) -> u64 {
    let double = 2 * step;
    let forward_inside = inside & (inside << step);
    let mut forward = inside & (player << step);
    forward |= inside & (forward << step);
    forward |= forward_inside & (forward << double);
    forward |= forward_inside & (forward << double);
    let backward_inside = inside & (inside >> step);
    let mut backward = inside & (player >> step);
    backward |= inside & (backward >> step);
    backward |= backward_inside & (backward >> double);
    backward |= backward_inside & (backward >> double);
    (forward << step) | (backward >> step)
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
use self::vertical_moves_by_shifts as vertical_moves;

/// The moves along columns and diagonals, both ways, a direction at a time.
#[cfg(any(
    not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )),
    test
))]
#[inline(always)]
fn vertical_moves_by_shifts(player: u64, opponent: u64) -> u64 {
    line_moves(player, opponent & INNER_ROWS, 8)
        | line_moves(player, opponent & INNER, 9)
        | line_moves(player, opponent & INNER, 7)
}

/// The moves along columns and diagonals, both ways: the board and its
/// vertical mirror side by side in the two lanes of one SSE2 register (SSE2
/// is part of every x86-64 processor), both shifted toward higher bits
/// (south, south-east and south-west on the board are north, north-east and
/// north-west on the mirror), the masks being the same on both.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn vertical_moves(player: u64, opponent: u64) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si64, _mm_or_si128, _mm_set1_epi64x, _mm_set_epi64x,
        _mm_slli_epi64, _mm_unpackhi_epi64,
    };
    /// # Safety
    /// SSE2 only, which every x86-64 processor has.
    #[inline(always)]
    unsafe fn forward<const STEP: i32, const DOUBLE: i32>(
        player: __m128i,
        inside: __m128i,
    ) -> __m128i {
        let run_inside = _mm_and_si128(inside, _mm_slli_epi64::<STEP>(inside));
        let mut run = _mm_and_si128(inside, _mm_slli_epi64::<STEP>(player));
        run = _mm_or_si128(run, _mm_and_si128(inside, _mm_slli_epi64::<STEP>(run)));
        run = _mm_or_si128(
            run,
            _mm_and_si128(run_inside, _mm_slli_epi64::<DOUBLE>(run)),
        );
        run = _mm_or_si128(
            run,
            _mm_and_si128(run_inside, _mm_slli_epi64::<DOUBLE>(run)),
        );
        _mm_slli_epi64::<STEP>(run)
    }
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor
    // runs these instructions.
    unsafe {
        let players = _mm_set_epi64x(player.swap_bytes() as i64, player as i64);
        let opponents = _mm_set_epi64x(opponent.swap_bytes() as i64, opponent as i64);
        let inner_rows = _mm_and_si128(opponents, _mm_set1_epi64x(INNER_ROWS as i64));
        let inner = _mm_and_si128(opponents, _mm_set1_epi64x(INNER as i64));
        let moves = _mm_or_si128(
            forward::<8, 16>(players, inner_rows),
            _mm_or_si128(
                forward::<9, 18>(players, inner),
                forward::<7, 14>(players, inner),
            ),
        );
        let board = _mm_cvtsi128_si64(moves) as u64;
        let mirror = _mm_cvtsi128_si64(_mm_unpackhi_epi64(moves, moves)) as u64;
        board | mirror.swap_bytes()
    }
}

/// The moves along columns and diagonals, both ways: the board and its
/// vertical mirror side by side in the two lanes of one WebAssembly SIMD
/// register (the wasm build enables `simd128`), as in the SSE2 version. The
/// mirror is a byte shuffle of the board (wasm has no byte swap of a 64-bit
/// word), and one shuffle brings the mirror's moves back onto the board.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn vertical_moves(player: u64, opponent: u64) -> u64 {
    use core::arch::wasm32::{
        i64x2_shl, i8x16_shuffle, u64x2_extract_lane, u64x2_splat, v128, v128_and, v128_or,
    };
    /// Both lanes of `bits`: the board in lane 0, its vertical mirror (its
    /// rows, one a byte, in reverse order) in lane 1.
    #[inline(always)]
    fn with_mirror(bits: u64) -> v128 {
        let both = u64x2_splat(bits);
        i8x16_shuffle::<0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8>(both, both)
    }
    #[inline(always)]
    fn forward(player: v128, inside: v128, step: u32) -> v128 {
        let double = 2 * step;
        let run_inside = v128_and(inside, i64x2_shl(inside, step));
        let mut run = v128_and(inside, i64x2_shl(player, step));
        run = v128_or(run, v128_and(inside, i64x2_shl(run, step)));
        run = v128_or(run, v128_and(run_inside, i64x2_shl(run, double)));
        run = v128_or(run, v128_and(run_inside, i64x2_shl(run, double)));
        i64x2_shl(run, step)
    }
    let players = with_mirror(player);
    let opponents = with_mirror(opponent);
    let inner_rows = v128_and(opponents, u64x2_splat(INNER_ROWS));
    let inner = v128_and(opponents, u64x2_splat(INNER));
    let moves = v128_or(
        forward(players, inner_rows, 8),
        v128_or(forward(players, inner, 9), forward(players, inner, 7)),
    );
    // Lane 1's bytes reversed into lane 0, beside the board's own moves.
    let unmirrored =
        i8x16_shuffle::<15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7>(moves, moves);
    u64x2_extract_lane::<0>(v128_or(moves, unmirrored))
}

/// The opponent discs that `player` flips by playing on square `index`
/// (0..64); empty when the move is illegal or the square is taken.
///
/// Line by line: each of the four lines through the square is read as two
/// bytes (the player's and the opponent's discs along it), a table gives
/// the squares that end a run of opponent discs from the square, the
/// player's discs among them give the line's flips from a second table, and
/// these go back onto the board ("kindergarten" bitboards).
///
/// Always inlined in wasm: the compiler would keep it a function there,
/// and a call in wasm costs more than natively (V8 saves every live
/// register around a call); the same node count, 1.7% fewer instructions
/// for FFO #40 under Node (docs/benchmarks.md).
#[cfg_attr(target_arch = "wasm32", inline(always))]
#[cfg_attr(not(target_arch = "wasm32"), inline)]
pub fn flips(player: u64, opponent: u64, index: usize) -> u64 {
    if (player | opponent) & (1u64 << index) != 0 {
        return 0;
    }
    let (column, row) = (index & 7, index >> 3);
    let [diagonal, anti_diagonal] = DIAGONALS_THROUGH[index];
    // A line's discs as a byte: the row's by column, the column's by row,
    // a diagonal's by column (the multiplications gather one bit a row).
    let in_row = |discs: u64| (discs >> (row * 8)) as u8 as usize;
    let in_column =
        |discs: u64| (((discs >> column) & FILE_A).wrapping_mul(COLUMN_TO_BYTE) >> 56) as usize;
    let on = |discs: u64, line: u64| ((discs & line).wrapping_mul(FILE_A) >> 56) as usize;
    let line_flips = |at: usize, own: usize, other: usize| {
        u64::from(LINE_FLIPS[at][usize::from(OUTFLANKS[at][other]) & own])
    };
    let along_row = line_flips(column, in_row(player), in_row(opponent)) << (row * 8);
    let along_column = (line_flips(row, in_column(player), in_column(opponent))
        .wrapping_mul(BYTE_TO_COLUMN)
        & FILE_A)
        << column;
    let along_diagonal = line_flips(column, on(player, diagonal), on(opponent, diagonal))
        .wrapping_mul(FILE_A)
        & diagonal;
    let along_anti = line_flips(
        column,
        on(player, anti_diagonal),
        on(opponent, anti_diagonal),
    )
    .wrapping_mul(FILE_A)
        & anti_diagonal;
    along_row | along_column | along_diagonal | along_anti
}

/// Gathers column a (one bit a row) into the top byte, row `r` at bit `56 + r`.
const COLUMN_TO_BYTE: u64 = 0x0102_0408_1020_4080;
/// Spreads bits 1-6 of a byte onto column a, bit `r` at row `r` (bits 0 and
/// 7, which would carry, are never flips: a line's end has nothing beyond it).
const BYTE_TO_COLUMN: u64 = 0x0002_0408_1020_4081;

/// `OUTFLANKS[at][other]`: on a line of eight squares, the square just past
/// each run of `other`'s discs that starts next to position `at`, in both
/// directions (a run reaching the line's end has none).
static OUTFLANKS: [[u8; 256]; 8] = outflanks();

const fn outflanks() -> [[u8; 256]; 8] {
    let mut outflanks = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut other = 0;
        while other < 256 {
            let mut found = 0u8;
            let mut i = at + 1;
            while i < 8 && other & (1 << i) != 0 {
                i += 1;
            }
            if i < 8 && i > at + 1 {
                found |= 1 << i;
            }
            let mut i = at as i32 - 1;
            while i >= 0 && other & (1 << i) != 0 {
                i -= 1;
            }
            if i >= 0 && i < at as i32 - 1 {
                found |= 1 << i;
            }
            outflanks[at][other] = found;
            other += 1;
        }
        at += 1;
    }
    outflanks
}

/// `LINE_FLIPS[at][ends]`: the squares strictly between position `at` and
/// each square of `ends` (at most one on each side).
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut flips = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut ends = 0;
        while ends < 256 {
            let mut between = 0u8;
            let mut i = 0;
            while i < 8 {
                if ends & (1 << i) != 0 {
                    let (low, high) = if i < at { (i, at) } else { (at, i) };
                    let mut j = low + 1;
                    while j < high {
                        between |= 1 << j;
                        j += 1;
                    }
                }
                i += 1;
            }
            flips[at][ends] = between;
            ends += 1;
        }
        at += 1;
    }
    flips
}

/// Column a, one bit a row.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `LINE_FLIP_COUNTS[at][own]`: the discs a move at position `at` (0..8) of
/// a line of eight squares flips when every other square of the line is
/// taken, `own`'s set bits by the mover and its clear bits by the other
/// side. Positions past the ends of a shorter line read as clear bits
/// there, which no run reaching them can flip: the same count.
static LINE_FLIP_COUNTS: [[u8; 256]; 8] = line_flip_counts();

const fn line_flip_counts() -> [[u8; 256]; 8] {
    let mut counts = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut own = 0;
        while own < 256 {
            let mut count = 0;
            // Toward higher positions, then lower: the run of the other
            // side's discs up to the mover's first disc.
            let mut i = at + 1;
            while i < 8 && own & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - at - 1;
            }
            let mut i = at as i32 - 1;
            while i >= 0 && own & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += at - i as usize - 1;
            }
            counts[at][own] = count as u8;
            own += 1;
        }
        at += 1;
    }
    counts
}

/// The diagonal (a1-h8 direction) and anti-diagonal (h1-a8) through each
/// square, the square included.
static DIAGONALS_THROUGH: [[u64; 2]; 64] = diagonals_through();

const fn diagonals_through() -> [[u64; 2]; 64] {
    let mut lines = [[0u64; 2]; 64];
    let mut square = 0;
    while square < 64 {
        let mut other = 0;
        while other < 64 {
            let (c, r, oc, or) = (square % 8, square / 8, other % 8, other / 8);
            if oc - or == c - r {
                lines[square as usize][0] |= 1 << other;
            }
            if oc + or == c + r {
                lines[square as usize][1] |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    lines
}

/// How many discs `player` flips by playing on square `index` when it is
/// the board's last empty square (every other square taken, the
/// opponent's discs being the rest): the final move's flips counted from
/// `player`'s discs alone, line by line through a table, without the
/// flips themselves. 0 when the move is illegal.
#[inline]
pub fn last_flip_count(player: u64, index: usize) -> u32 {
    let (column, row) = (index & 7, index >> 3);
    let [diagonal, anti_diagonal] = DIAGONALS_THROUGH[index];
    // Each line's discs as eight bits, by column (row, diagonals) or by row
    // (column): the multiplications gather one bit a row into the top byte.
    let along_row = (player >> (row * 8)) as u8 as usize;
    let along_column =
        (((player >> column) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let along_diagonal = ((player & diagonal).wrapping_mul(FILE_A) >> 56) as usize;
    let along_anti = ((player & anti_diagonal).wrapping_mul(FILE_A) >> 56) as usize;
    u32::from(LINE_FLIP_COUNTS[column][along_row])
        + u32::from(LINE_FLIP_COUNTS[row][along_column])
        + u32::from(LINE_FLIP_COUNTS[column][along_diagonal])
        + u32::from(LINE_FLIP_COUNTS[column][along_anti])
}

/// Squares next to at least one disc of `discs`, taken or not; `& empties`
/// gives the potential mobility against those discs.
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    // East and west, then those squares and the discs a row up and down.
    let sideways = ((discs << 1) & NOT_A) | ((discs >> 1) & NOT_H);
    let columns = sideways | discs;
    sideways | (columns << 8) | (columns >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_moves() {
        let black = (1 << 28) | (1 << 35);
        let white = (1 << 27) | (1 << 36);
        // d3 (19), c4 (26), f5 (37), e6 (44)
        assert_eq!(
            legal_moves(black, white),
            (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44)
        );
        assert_eq!(flips(black, white, 37), 1 << 36);
        assert_eq!(flips(black, white, 0), 0);
    }

    #[test]
    fn last_flip_counts_are_the_flips_of_the_last_move() {
        // Random full boards but one square, from a fixed generator.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let index = (seed >> 58) as usize;
            let player = seed.rotate_left(17) & !(1 << index);
            let opponent = !player & !(1 << index);
            assert_eq!(
                last_flip_count(player, index),
                flips(player, opponent, index).count_ones(),
                "{player:#x} at {index}"
            );
            assert_eq!(
                last_flip_count(opponent, index),
                flips(opponent, player, index).count_ones(),
                "{opponent:#x} at {index}"
            );
        }
    }

    #[test]
    fn both_ways_of_finding_the_vertical_moves_agree() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..50_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let taken = seed | seed.rotate_left(7 * (i % 9));
            let player = taken & seed.rotate_left(31);
            let opponent = taken & !player;
            assert_eq!(
                vertical_moves(player, opponent),
                vertical_moves_by_shifts(player, opponent),
                "{player:#x} {opponent:#x}"
            );
        }
    }

    #[test]
    fn shifts_do_not_wrap() {
        let h_file = 0x8080_8080_8080_8080u64;
        let a_file = 0x0101_0101_0101_0101u64;
        assert_eq!(shift(h_file, 1), 0);
        assert_eq!(shift(a_file, -1), 0);
        assert_eq!(shift(h_file, 9), 0);
        assert_eq!(shift(a_file, 7), 0);
        assert_eq!(shift(h_file, -7), 0);
        assert_eq!(shift(a_file, -9), 0);
    }
}
