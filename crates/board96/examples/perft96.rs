//! Prints the perft table of the 96-square board from the start position:
//! `cargo run --release -p othello-board96 --example perft96 -- 9 [--reference DEPTH]`.
//!
//! Each line is `depth count seconds nodes/s`; with `--reference DEPTH` the
//! simple array-board reference of `tests/common/reference.rs` recounts the
//! depths up to DEPTH and the line ends with `reference=<count>` (the
//! program stops with an error if they differ).

#[path = "../tests/common/reference.rs"]
#[allow(dead_code)]
mod reference;

use std::time::Instant;

use othello::perft::{perft, PassRule};
use othello_board96::Board;

/// What stops the program: a message for whoever ran it.
type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = match args.first() {
        Some(text) => text
            .parse()
            .map_err(|_| format!("depth '{text}' is not a number"))?,
        None => 9,
    };
    let reference_depth: Option<u32> = match args.iter().position(|a| a == "--reference") {
        Some(at) => {
            let text = args.get(at + 1).ok_or("--reference needs a depth")?;
            Some(
                text.parse()
                    .map_err(|_| format!("reference depth '{text}' is not a number"))?,
            )
        }
        None => None,
    };
    for d in 0..=depth {
        let start = Instant::now();
        let count = perft(&Board::START, d, PassRule::Ply);
        let seconds = start.elapsed().as_secs_f64();
        let mut line = format!(
            "{d} {count} {seconds:.3} {:.0}",
            count as f64 / seconds.max(1e-9)
        );
        if reference_depth.is_some_and(|r| d <= r) {
            let expected = reference::Grid::start().perft(d);
            if expected != count {
                return Err(format!("depth {d}: bitboard {count}, reference {expected}").into());
            }
            line += &format!(" reference={expected}");
        }
        println!("{line}");
    }
    Ok(())
}
