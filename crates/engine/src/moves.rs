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

/// The eight directions as bit shifts: positive shifts left, negative right.
const DIRECTIONS: [i32; 8] = [1, -1, 8, -8, 9, -9, 7, -7];

/// Shifts `bits` one step in direction `shift` (see [`DIRECTIONS`]), without wrapping.
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

/// Squares reached from `player` along the runs of `inside` (opponent discs
/// that may be passed over) in both directions of `step`, by doubling shifts.
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

/// Legal moves of `player` against `opponent`, all eight directions at once.
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let moves = line_moves(player, opponent & INNER_COLUMNS, 1)
        | line_moves(player, opponent & INNER_ROWS, 8)
        | line_moves(player, opponent & INNER, 7)
        | line_moves(player, opponent & INNER, 9);
    moves & empty
}

/// The squares from a square to the board's edge in one direction, the
/// square itself excluded: `RAYS[square][direction]`, directions as
/// [`DIRECTIONS`] (even indices toward higher bits, odd toward lower).
static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    let steps: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut direction = 0;
        while direction < 8 {
            let (dc, dr) = steps[direction];
            let (mut column, mut row) = (square % 8 + dc, square / 8 + dr);
            while column >= 0 && column < 8 && row >= 0 && row < 8 {
                rays[square as usize][direction] |= 1u64 << (row * 8 + column);
                column += dc;
                row += dr;
            }
            direction += 1;
        }
        square += 1;
    }
    rays
}

/// Flips along a ray toward higher bits: the opponent run up to the first
/// square that is not the opponent's, if that square is the player's.
#[inline(always)]
fn flips_up(player: u64, opponent: u64, ray: u64) -> u64 {
    let stops = ray & !opponent;
    let first = stops & stops.wrapping_neg();
    let run = first.wrapping_sub(1) & ray;
    run & (u64::from(first & player != 0)).wrapping_neg()
}

/// Flips along a ray toward lower bits (the first stop is the highest bit).
#[inline(always)]
fn flips_down(player: u64, opponent: u64, ray: u64) -> u64 {
    let stops = ray & !opponent;
    let first = (1u64 << 63) >> (stops | 1).leading_zeros();
    let run = ray & (u64::MAX << 1 << (63 - (stops | 1).leading_zeros()));
    run & (u64::from(first & stops & player != 0)).wrapping_neg()
}

/// The opponent discs that `player` flips by playing on square `index`
/// (0..64); empty when the move is illegal or the square is taken.
#[inline]
pub fn flips(player: u64, opponent: u64, index: usize) -> u64 {
    if (player | opponent) & (1u64 << index) != 0 {
        return 0;
    }
    let rays = &RAYS[index];
    flips_up(player, opponent, rays[0])
        | flips_down(player, opponent, rays[1])
        | flips_up(player, opponent, rays[2])
        | flips_down(player, opponent, rays[3])
        | flips_up(player, opponent, rays[4])
        | flips_down(player, opponent, rays[5])
        | flips_up(player, opponent, rays[6])
        | flips_down(player, opponent, rays[7])
}

/// Squares next to at least one disc of `discs`, taken or not; `& empties`
/// gives the potential mobility against those discs.
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    DIRECTIONS
        .iter()
        .fold(0, |around, &step| around | shift(discs, step))
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
