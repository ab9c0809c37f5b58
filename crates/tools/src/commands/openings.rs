//! `openings`: picks distinct, balanced openings from a games file (one game
//! a line: year, black discs, white discs, moves), as `match` uses them.
//!
//! The committed `data/openings.txt` was made by
//! `zcat data/wthor-games.txt.gz > /tmp/wthor-games.txt &&
//!  othello openings /tmp/wthor-games.txt --count 200 > data/openings.txt`.

use othello_cli::{summary, CliError, CliResult};
use serde_json::json;
use std::collections::HashSet;

use othello::clock::Clock;
use othello::engine::Engine;
use othello::eval::Evaluation;
use othello::notation::transcript;
use othello::search::{Limits, Silent};
use othello::symmetry::canonical;

use othello_cli::Host;

/// Largest |score| (discs, standin evaluation, depth 4) of a balanced opening.
pub const BALANCE_DISCS: i32 = 4;
/// Depth of the balance check.
pub const BALANCE_DEPTH: u32 = 4;

/// The openings committed in `data/openings.txt`.
pub const OPENINGS_FILE: &str = include_str!("../../../../data/openings.txt");

/// The transcript lines of a file in the form `openings` writes, with their
/// line numbers (from 1): blank lines, `#` comments and the JSON summary
/// line skipped.
pub fn opening_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(str::trim)
        .enumerate()
        .map(|(index, line)| (index + 1, line))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#') && !line.starts_with('{'))
}

/// `openings <games.txt> [--count N]`: game k gives its first 8, 9 or 10
/// moves (k mod 3); repeats (up to symmetry) and openings a depth-4 standin
/// search scores beyond ±4 discs are skipped.
pub fn run_openings(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let o = super::help::OPENINGS.read(args)?;
    let path = o.positional().map(str::to_string);
    let count: usize = o.whole("count")?.unwrap_or(200);
    o.finish()?;
    let path = path.ok_or_else(|| CliError::usage("openings: missing <games.txt>"))?;
    let text = host.read_file(&path)?;
    let mut engine = Engine::new(16);
    engine.set_evaluation(Evaluation::StandIn);
    let limits = Limits {
        depth: Some(BALANCE_DEPTH),
        ..Limits::default()
    };
    let mut seen = HashSet::new();
    let (mut read, mut distinct, mut chosen) = (0usize, 0usize, 0usize);
    host.print(&format!(
        "# {count} openings from {path}: game k's first 8 + (k mod 3) moves, distinct up to symmetry, |depth-{BALANCE_DEPTH} standin score| <= {BALANCE_DISCS}"
    ));
    for (k, line) in text.lines().enumerate() {
        if chosen == count {
            break;
        }
        let Some(moves) = line.split_whitespace().nth(3) else {
            continue;
        };
        read += 1;
        let plies = 8 + k % 3;
        let Some(prefix) = moves.get(..2 * plies) else {
            continue;
        };
        let Ok(game) = transcript::parse(prefix) else {
            continue;
        };
        let board = game.position().board;
        if game.moves().len() != plies || !seen.insert(canonical(&board)) {
            continue;
        }
        distinct += 1;
        let result = engine.search(&board, &limits, clock, &mut Silent);
        if result.score.abs() <= BALANCE_DISCS {
            chosen += 1;
            host.print(prefix);
        }
    }
    host.print(&summary::line(&json!({
        "command": "openings",
        "read": read,
        "distinct": distinct,
        "chosen": chosen,
    })));
    Ok(())
}
