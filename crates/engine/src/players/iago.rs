//! The Iago-style evaluation of PAIP chapter 18 (Norvig, "Paradigms of
//! Artificial Intelligence Programming", 1992, section 18.12): edge stability from a 59,049-entry table built as the chapter builds it
//! (static values, then five sweeps of one-ply probabilistic search over
//! the edge), current and potential mobility, and coefficients that change
//! with the move number.

use std::sync::OnceLock;

use super::edge::{self, Cell, EDGES, EDGE_CONFIGURATIONS, TOP_EDGE};
use crate::board::Board;
use crate::moves;

/// Stability classes of an edge disc (PAIP's `piece-stability`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stability {
    /// Can never be flipped.
    Stable = 0,
    /// Might be flipped.
    SemiStable = 1,
    /// Can be flipped at once by a move on an empty square.
    Unstable = 2,
}

/// PAIP's `*static-edge-table*`, rows in [`TOP_EDGE`] order, columns
/// stable / semi-stable / unstable (the impossible cells are 0).
const STATIC_EDGE_TABLE: [[i32; 3]; 10] = [
    [0, 0, -2000],
    [700, 0, 0],
    [1200, 200, -25],
    [1000, 200, 75],
    [1000, 200, 50],
    [1000, 200, 50],
    [1000, 200, 75],
    [1200, 200, -25],
    [700, 0, 0],
    [0, 0, -2000],
];

/// The top-edge slots 1..=8 (a1..h1) as cells, for the side whose digit is 1.
fn row(board: &Board) -> [Cell; 8] {
    std::array::from_fn(|column| edge::cell(board, edge::slot_square(column + 1)))
}

/// The opposite cell (empty stays empty).
fn opposite(cell: Cell) -> Cell {
    match cell {
        Cell::Mine => Cell::Theirs,
        Cell::Theirs => Cell::Mine,
        Cell::Empty => Cell::Empty,
    }
}

/// PAIP's `piece-stability` of the disc in `slot` of the top edge.
pub fn piece_stability(board: &Board, slot: usize) -> Stability {
    if edge::is_corner_slot(slot) {
        return Stability::Stable;
    }
    if edge::is_x_slot(slot) {
        let corner = edge::slot_square(edge::partner_slot(slot));
        return if edge::cell(board, corner) == Cell::Empty {
            Stability::Unstable
        } else {
            Stability::SemiStable
        };
    }
    let cells = row(board);
    let column = slot - 1;
    let own = cells[column];
    let theirs = opposite(own);
    // The first cell that is not the disc's colour on each side (None: a wall to the end).
    let p1 = cells[column..].iter().copied().find(|&c| c != own);
    let p2 = cells[..column].iter().rev().copied().find(|&c| c != own);
    let empty = Some(Cell::Empty);
    let opponent = Some(theirs);
    if (p1 == empty && p2 == opponent) || (p2 == empty && p1 == opponent) {
        Stability::Unstable
    } else if (p1 == opponent && p2 == opponent && cells.contains(&Cell::Empty))
        || (p1 == empty && p2 == empty)
    {
        Stability::SemiStable
    } else {
        Stability::Stable
    }
}

/// PAIP's `static-edge-stability` of the top edge of `board`.
pub fn static_edge_stability(board: &Board) -> i32 {
    (0..10)
        .map(|slot| {
            let value = || STATIC_EDGE_TABLE[slot][piece_stability(board, slot) as usize];
            match edge::cell(board, edge::slot_square(slot)) {
                Cell::Empty => 0,
                Cell::Mine => value(),
                Cell::Theirs => -value(),
            }
        })
        .sum()
}

/// Rounds like Lisp's one-argument `round` on a single float (half to even).
fn round_float(value: f32) -> i32 {
    value.round_ties_even() as i32
}

/// PAIP's `combine-edge-moves`: (probability, value) pairs sorted best
/// first; each adds `prob * p * v` and leaves `prob * (1 - p)`.
pub fn combine_edge_moves(mut possibilities: Vec<(f32, i32)>) -> i32 {
    possibilities.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
    let mut prob: f32 = 1.0;
    let mut value: f32 = 0.0;
    for (p, v) in possibilities {
        if prob < 0.0 {
            break;
        }
        value += prob * p * v as f32;
        prob -= prob * p;
    }
    round_float(value)
}

/// PAIP's `possible-edge-moves-value` of configuration `index`.
fn possible_edge_moves_value(table: &[i32], index: usize) -> i32 {
    let board = edge::board_of(index);
    let mut possibilities = vec![(1.0f32, table[index])];
    for slot in 0..10 {
        let square = edge::slot_square(slot);
        if edge::cell(&board, square) != Cell::Empty {
            continue;
        }
        let flipped = board.flips(square);
        let next = board.play_flips(square, flipped);
        let reply = edge::index(next.player, next.opponent, &TOP_EDGE);
        possibilities.push((edge::paip_move_probability(&board, slot), -table[reply]));
    }
    combine_edge_moves(possibilities)
}

/// Builds the table the way `init-edge-table` does: static values for every
/// configuration, then five sweeps from 9 discs down to 1.
pub fn build_edge_table() -> Vec<i32> {
    let mut table: Vec<i32> = (0..EDGE_CONFIGURATIONS)
        .map(|index| static_edge_stability(&edge::board_of(index)))
        .collect();
    let mut by_discs: Vec<Vec<usize>> = vec![Vec::new(); 11];
    for index in 0..EDGE_CONFIGURATIONS {
        by_discs[edge::disc_count(index) as usize].push(index);
    }
    for _ in 0..5 {
        for discs in (1..=9).rev() {
            for &index in &by_discs[discs] {
                table[index] = possible_edge_moves_value(&table, index);
            }
        }
    }
    table
}

/// The edge table, built on first use (well under a second).
pub fn edge_table() -> &'static [i32] {
    static TABLE: OnceLock<Vec<i32>> = OnceLock::new();
    TABLE.get_or_init(build_edge_table)
}

/// PAIP's `edge-stability`: the four edges' table values for `me`.
pub fn edge_stability(me: u64, other: u64) -> i64 {
    let table = edge_table();
    EDGES
        .iter()
        .map(|squares| i64::from(table[edge::index(me, other, squares)]))
        .sum()
}

/// PAIP's second `mobility`: (current, current + potential) for `me`, where
/// potential counts empty squares next to an opposing disc.
pub fn mobility(me: u64, other: u64) -> (i64, i64) {
    let empties = !(me | other);
    let current = moves::legal_moves(me, other).count_ones() as i64;
    let near_other = (moves::neighbours(other) & empties).count_ones() as i64;
    (current, near_other.max(current))
}

/// Lisp's two-argument `round`: `numerator / denominator` to the nearest
/// integer, halves to even (`denominator > 0`).
pub fn round_div(numerator: i64, denominator: i64) -> i64 {
    let quotient = numerator.div_euclid(denominator);
    let twice_remainder = 2 * numerator.rem_euclid(denominator);
    if twice_remainder > denominator || (twice_remainder == denominator && quotient % 2 != 0) {
        quotient + 1
    } else {
        quotient
    }
}

/// PAIP's `Iago-eval` for `me` at game move `move_number` (1 for the first move).
pub fn iago_eval(me: u64, other: u64, move_number: i64) -> i64 {
    let c_edge = 312_000 + 6_240 * move_number;
    let c_current = if move_number < 25 {
        50_000 + 2_000 * move_number
    } else {
        75_000 + 1_000 * move_number
    };
    let c_potential = 20_000;
    let (p_current, p_potential) = mobility(me, other);
    let (o_current, o_potential) = mobility(other, me);
    round_div(c_edge * edge_stability(me, other), 32_000)
        + round_div(
            c_current * (p_current - o_current),
            p_current + o_current + 2,
        )
        + round_div(
            c_potential * (p_potential - o_potential),
            p_potential + o_potential + 2,
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top(cells: &str) -> Board {
        // Ten characters in TOP_EDGE order: '.', 'x' (digit 1), 'o' (digit 2).
        let mut board = Board::default();
        for (slot, c) in cells.chars().enumerate() {
            let bit = 1u64 << TOP_EDGE[slot];
            match c {
                'x' => board.player |= bit,
                'o' => board.opponent |= bit,
                _ => {}
            }
        }
        board
    }

    #[test]
    fn stability_follows_the_chapter() {
        // a1 x, b1 x: a wall to the corner, stable; c1 x next to an empty d1 with o beyond? no.
        let board = top(".xx.......");
        assert_eq!(piece_stability(&board, 1), Stability::Stable);
        assert_eq!(piece_stability(&board, 2), Stability::Stable);
        // b1 x between an empty a1 and an opponent c1: unstable.
        let board = top("..xo......");
        assert_eq!(piece_stability(&board, 2), Stability::Unstable);
        // d1 alone: both sides empty, semi-stable.
        let board = top("....x.....");
        assert_eq!(piece_stability(&board, 4), Stability::SemiStable);
        // b2 with a1 empty: unstable, worth -2000 for its owner.
        assert_eq!(static_edge_stability(&top("x.........")), -2000);
        assert_eq!(
            static_edge_stability(&top("oxxxxxxxxo")),
            700 * 2 + 1200 * 2 + 1000 * 4
        );
    }

    #[test]
    fn rounding_is_lisp_round() {
        assert_eq!(round_div(5, 2), 2);
        assert_eq!(round_div(7, 2), 4);
        assert_eq!(round_div(-5, 2), -2);
        assert_eq!(round_div(-7, 2), -4);
        assert_eq!(round_div(10, 3), 3);
        assert_eq!(round_div(-10, 3), -3);
        assert_eq!(combine_edge_moves(vec![(1.0, 10), (0.5, 40)]), 25);
    }

    #[test]
    fn the_edge_table_is_antisymmetric_and_values_the_corner() {
        let table = edge_table();
        assert_eq!(table.len(), EDGE_CONFIGURATIONS);
        assert_eq!(table[0], 0);
        // Owning a1 is worth more than the opponent owning it.
        let mine = edge::index(1, 0, &TOP_EDGE);
        let theirs = edge::index(0, 1, &TOP_EDGE);
        assert!(
            table[mine] > 0 && table[theirs] < table[mine],
            "{} {}",
            table[mine],
            table[theirs]
        );
        // An X-square with its corner empty is a liability.
        assert!(table[edge::index(1 << 9, 0, &TOP_EDGE)] < 0);
        let start = Board::START;
        assert_eq!(edge_stability(start.player, start.opponent), 0);
    }
}
