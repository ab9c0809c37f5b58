//! Proves `perft` from the start position against the published counts in
//! `tests/data/perft.txt`, for depths 1 to 9 and both pass conventions:
//! column A is [`PassRule::Ply`] (a pass uses a ply) and column B is
//! [`PassRule::Free`] (a pass uses no depth).

use othello::perft::{perft, PassRule};
use othello::Board;

const PERFT_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft.txt");

/// The deepest depth checked; deeper rows of the file take too long for `cargo test`.
const MAX_DEPTH: u32 = 9;

/// One data row: depth, count under convention A, count under convention B.
fn rows() -> Vec<(u32, u64, u64)> {
    let text = std::fs::read_to_string(PERFT_FILE)
        .unwrap_or_else(|error| panic!("cannot read {PERFT_FILE}: {error}"));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 3, "bad perft row '{line}'");
            let number = |i: usize| -> u64 {
                fields[i]
                    .parse()
                    .unwrap_or_else(|_| panic!("bad number in '{line}'"))
            };
            (number(0) as u32, number(1), number(2))
        })
        .collect()
}

#[test]
fn perft_matches_the_file_for_both_pass_rules() {
    let rows: Vec<_> = rows()
        .into_iter()
        .filter(|&(depth, _, _)| depth <= MAX_DEPTH)
        .collect();
    let depths: Vec<u32> = rows.iter().map(|row| row.0).collect();
    assert_eq!(
        depths,
        (1..=MAX_DEPTH).collect::<Vec<_>>(),
        "missing depths"
    );
    for (depth, ply, free) in rows {
        assert_eq!(
            perft(&Board::START, depth, PassRule::Ply),
            ply,
            "depth {depth}, convention A"
        );
        assert_eq!(
            perft(&Board::START, depth, PassRule::Free),
            free,
            "depth {depth}, convention B"
        );
    }
}
