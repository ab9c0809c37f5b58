//! Times the opening explorer natively: reading its index and looking up
//! every position of the match openings (`data/openings.txt`: each
//! opening's first moves, from none to all), with the embedded book's
//! values. `node scripts/explorer-timing.mjs` does the same in wasm.
//!
//! `cargo run --release -p othello --example explorer_timing [-- pkg/explorer.bin]`

use std::time::Instant;

use othello::book::Book;
use othello::explorer::Explorer;
use othello::notation::transcript;

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| format!("{root}/pkg/explorer.bin"));
    let bytes = std::fs::read(&path).expect("the explorer index");
    let openings =
        std::fs::read_to_string(format!("{root}/data/openings.txt")).expect("the openings");
    let start = Instant::now();
    let book = Book::embedded();
    let book_ms = start.elapsed().as_secs_f64() * 1000.0;
    let mut read_ms = Vec::new();
    let mut explorer = None;
    for _ in 0..5 {
        let start = Instant::now();
        explorer = Some(Explorer::read(bytes.clone()).expect("an index"));
        read_ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    let explorer = explorer.expect("read");
    // Every opening's first moves, from none to all (as scripts/explorer-timing.mjs asks them).
    let mut games = Vec::new();
    for line in openings
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
    {
        for plies in 0..=line.len() / 2 {
            games.push(transcript::parse(&line[..2 * plies]).expect("an opening"));
        }
    }
    let mut lookups = Vec::new();
    let mut found_games = 0u64;
    for game in &games {
        let start = Instant::now();
        let found = explorer.explore_game(game, book);
        lookups.push(start.elapsed().as_secs_f64() * 1000.0);
        found_games += u64::from(found.results.games);
    }
    lookups.sort_by(f64::total_cmp);
    let mean = lookups.iter().sum::<f64>() / lookups.len() as f64;
    let p99 = lookups[lookups.len() * 99 / 100];
    read_ms.sort_by(f64::total_cmp);
    println!(
        "{{\"index_bytes\":{},\"positions\":{},\"book_decode_ms\":{:.1},\"read_ms_median\":{:.1},\"lookups\":{},\"games_found\":{},\"lookup_ms_median\":{:.4},\"lookup_ms_mean\":{:.4},\"lookup_ms_p99\":{:.4},\"lookup_ms_max\":{:.4}}}",
        bytes.len(),
        explorer.positions(),
        book_ms,
        read_ms[read_ms.len() / 2],
        lookups.len(),
        found_games,
        lookups[lookups.len() / 2],
        mean,
        p99,
        lookups[lookups.len() - 1]
    );
}
