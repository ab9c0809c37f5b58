//! Perft from the start against the committed table
//! (`tests/data/perft96.txt`, produced by the `perft96` example, where the
//! bitboard and the array-board reference agree), and the reference itself
//! at shallow depths.

mod common;

use othello::perft::{perft, PassRule};
use othello_board96::Board;

/// `(depth, count)` lines of the table, comments skipped.
fn table() -> Vec<(u32, u64)> {
    include_str!("data/perft96.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace();
            let depth = words.next().and_then(|w| w.parse().ok());
            let count = words.next().and_then(|w| w.parse().ok());
            match (depth, count) {
                (Some(d), Some(c)) => (d, c),
                _ => panic!("bad line in perft96.txt: {line}"),
            }
        })
        .collect()
}

#[test]
fn bitboard_perft_matches_the_table() {
    let table = table();
    assert!(table.len() >= 10, "the table goes to depth 9 at least");
    let mut checked = 0;
    // Depths up to 20 million leaves run in well under a second.
    for (depth, count) in table.into_iter().filter(|(_, c)| *c <= 20_000_000) {
        assert_eq!(
            perft(&Board::START, depth, PassRule::Ply),
            count,
            "depth {depth}"
        );
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn reference_perft_matches_the_table() {
    let start = common::reference::Grid::start();
    for (depth, count) in table().into_iter().filter(|(d, _)| *d <= 6) {
        assert_eq!(start.perft(depth), count, "depth {depth}");
    }
}
