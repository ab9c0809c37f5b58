//! The subcommands both command-line tools run, the native `othello` binary
//! (crate `othello-tools`) and `node pkg/cli.mjs` (crate `othello-wasm`), so
//! both print the same lines for the same run: `perft`, `solve`, `search`,
//! `analyze`, `bench`, `book stats|probe`, `explore`, `soak` and `nboard`.
//!
//! The commands do no I/O themselves: the caller supplies a [`Host`] that
//! prints lines and reads files, and a [`Clock`].
#![deny(missing_docs)]

use std::sync::Arc;

use othello::clock::Clock;
use othello::explorer::Explorer;
use othello::perft::{perft, PassRule};
use othello::Board;

pub use error::{CliError, CliResult};

mod bench;
pub mod board96;
mod book;
pub mod error;
pub mod explore;
pub mod nboard;
pub mod searching;
pub mod soak;
pub mod summary;

/// Usage of the shared commands, shown with every command-line error.
pub const USAGE: &str = "usage:
  othello perft <depth> [--pass-free]
  othello perft <depth> --board 96    (the 96-square board of the CS 221 report, depth 0-13)
  othello search <position line or transcript> --board 96 [--depth N] [--algorithm alphabeta|negascout|mtdf]
    [--eval greedy|smart|smart-hand|smart-uniform] [--nodes N] [--time-ms N] [--no-book]    (depth 1-30, default 6,
    30 with --nodes or --time-ms; smart (learned weights) answers from the opening book; the smart ones solve exactly from 14 empties)
  othello analyze <position line or transcript> --board 96 [--depth N] [--eval greedy|smart|smart-hand|smart-uniform]
    (every legal move's value at the depth, best first; depth 1-30, default 6; smart solves from 14 empties)
  othello solve <file.obf> [--wld] [--table-mb N]
  othello search <position or transcript> [--depth N] [--time-ms N] [--nodes N] [--exact | --wld]
  othello search <position or transcript> --player <spec> [--seed S]    (the move a player makes: random, maximizer:<eval>,
    minimax:<depth>:<eval>, alphabeta:<depth>:<eval>, iago:<depth>, bill:<depth>, study-minimax|study-alphabeta|
    study-negascout:<difficulty>, study-rules:<difficulty>[:<rules>], engine:<key=value,...>; --seed feeds random)
  othello analyze <position or transcript> [--depth N] [--time-ms N] [--nodes N] [--exact | --wld] [--lines N]
    (every legal move's score; with --lines 1-5 the best N moves, each with its line, deepening as the limits say)
    (search and analyze also take --level 1-30, --confidence 100|99|98|95|87|73, --eval pattern|standin|file:<table>,
     and, like solve, nboard, soak and bench, --threads N: natively, solve, search and analyze use every core
     unless told, the others one; the wasm build searches on one)
  othello bench [--threads N]
  othello book stats | probe <position or transcript>    (the opening book; search and analyze take --no-book, --book-variety D, --book-seed S)
  othello explore <position or transcript>    (the tournament games that reached the position, by any move order and
    in any orientation, and the moves they played there: games, results, mean disc difference, the book's value)
  othello soak --games N [--time-ms T|LOW-HIGH] [--table-mb M] [--fresh-table] [--seed S] [--threads T]
  othello nboard [--table-mb M]    (the NBoard protocol, version 2, on standard input and output)";

/// Deepest perft the tools accept (depth 15 takes hours natively).
pub const MAX_PERFT_DEPTH: u32 = 20;

/// What the command-line tool needs from its surroundings besides a clock.
pub trait Host {
    /// Prints one line of output.
    fn print(&mut self, line: &str);
    /// Reads a whole text file (a [`CliError::File`] when it cannot).
    fn read_file(&mut self, path: &str) -> CliResult<String>;
    /// Reads the next line of input without its line end; `None` at the
    /// end of input (the default: a host with no input).
    fn read_line(&mut self) -> Option<String> {
        None
    }

    /// The opening explorer's index (`explore`): the native tool's is
    /// embedded in it, the Node tool's the package loads; the default is a
    /// host without one.
    fn explorer(&mut self) -> CliResult<Arc<Explorer>> {
        Err(CliError::failed(
            "explore: this tool has no opening explorer index",
        ))
    }
}

/// The commands [`run_shared`] runs.
const SHARED_COMMANDS: [&str; 9] = [
    "perft", "solve", "search", "analyze", "bench", "book", "explore", "soak", "nboard",
];

/// The commands only the native tool runs.
const NATIVE_COMMANDS: [&str; 7] = [
    "evaltest",
    "experiments",
    "game",
    "train",
    "tournament",
    "match",
    "openings",
];

/// Runs one command line of a shared command (without the program name);
/// `None` when `args` names no shared command (the caller may know it),
/// else the result, whose error says what was wrong. `--board 96` anywhere
/// after the command runs it on the 96-square board ([`board96`]: `perft`,
/// `search` and `analyze`); `--board 8` is the default.
pub fn run_shared(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Option<CliResult> {
    let command = args.first().map(String::as_str)?;
    if !SHARED_COMMANDS.contains(&command) {
        return None;
    }
    let (board, rest) = match board96::take_board(args.get(1..).unwrap_or_default()) {
        Ok(taken) => taken,
        Err(message) => return Some(Err(message)),
    };
    if board == board96::BoardKind::Board96 {
        return Some(board96::run(command, &rest, host, clock));
    }
    let rest = rest.as_slice();
    Some(match command {
        "perft" => run_perft(rest, host, clock),
        "solve" => searching::run_solve(rest, host, clock),
        "search" => searching::run_search(rest, host, clock),
        "analyze" => searching::run_analyze(rest, host, clock),
        "bench" => bench::run_bench(rest, host, clock),
        "book" => return book::run_book(rest, host, clock),
        "explore" => return explore::run_explore(rest, host),
        "soak" => soak::run_soak(rest, host, clock),
        "nboard" => nboard::run_nboard(rest, host, clock),
        _ => return None,
    })
}

/// Runs one command line where only the shared commands exist (the Node
/// tool): the native-only commands are refused with a message saying so.
pub fn run(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    if let Some(result) = run_shared(args, host, clock) {
        return result;
    }
    match args.first().map(String::as_str) {
        Some(command @ ("book" | "explore")) => Err(CliError::usage(format!(
            "{command} {}: only the native tool (cargo build --release; target/release/othello) runs it",
            args.get(1).map_or("", String::as_str)
        ))),
        Some(native) if NATIVE_COMMANDS.contains(&native) => Err(CliError::usage(format!(
            "{native}: only the native tool (cargo build --release; target/release/othello) runs it"
        ))),
        Some(other) => Err(CliError::usage(format!("unknown command '{other}'"))),
        None => Err(CliError::usage("no command given")),
    }
}

/// Options of `perft <depth> [--pass-free]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PerftOptions {
    depth: u32,
    rule: PassRule,
}

impl PerftOptions {
    fn parse(args: &[String]) -> CliResult<PerftOptions> {
        let mut depth = None;
        let mut rule = PassRule::Ply;
        for arg in args {
            match arg.as_str() {
                "--pass-free" => rule = PassRule::Free,
                flag if flag.starts_with("--") => {
                    return Err(CliError::usage(format!("unknown option '{flag}'")))
                }
                text if depth.is_none() => depth = Some(parse_depth(text)?),
                text => return Err(CliError::usage(format!("unexpected argument '{text}'"))),
            }
        }
        let depth = depth.ok_or_else(|| CliError::usage("perft: missing <depth>"))?;
        Ok(PerftOptions { depth, rule })
    }
}

fn parse_depth(text: &str) -> CliResult<u32> {
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_PERFT_DEPTH => Ok(depth),
        _ => Err(CliError::usage(format!(
            "perft: depth '{text}' is not a whole number from 0 to {MAX_PERFT_DEPTH}"
        ))),
    }
}

/// The convention's letter in `tests/data/perft.txt`.
fn convention(rule: PassRule) -> &'static str {
    match rule {
        PassRule::Ply => "A",
        PassRule::Free => "B",
    }
}

/// Nodes per second, 0 when no time was measured.
pub fn nodes_per_second(nodes: u64, ms: f64) -> u64 {
    if ms > 0.0 {
        (nodes as f64 * 1000.0 / ms) as u64
    } else {
        0
    }
}

fn run_perft(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = PerftOptions::parse(args)?;
    let mut last = (1, 0.0);
    for depth in 1..=options.depth {
        let start = clock.now_ms();
        let nodes = perft(&Board::START, depth, options.rule);
        last = (nodes, clock.now_ms() - start);
        host.print(&format!("perft {depth:>2} {nodes:>16}"));
    }
    let (nodes, ms) = last;
    host.print(&summary::line(&PerftSummary {
        command: "perft",
        board: None,
        convention: convention(options.rule),
        depth: options.depth,
        timing: summary::Timing::of(nodes, ms),
    }));
    Ok(())
}

/// The summary of `perft` (on either board).
#[derive(serde::Serialize)]
pub(crate) struct PerftSummary {
    pub(crate) command: &'static str,
    /// 96 on the 96-square board; left out on the 8x8 board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) board: Option<u32>,
    pub(crate) convention: &'static str,
    pub(crate) depth: u32,
    #[serde(flatten)]
    pub(crate) timing: summary::Timing,
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Recorder(Vec<String>);

    struct Frozen;

    impl Clock for Frozen {
        fn now_ms(&self) -> f64 {
            0.0
        }
    }

    impl Host for Recorder {
        fn print(&mut self, line: &str) {
            self.0.push(line.to_string());
        }

        fn read_file(&mut self, path: &str) -> CliResult<String> {
            Err(CliError::file(path, "no files here"))
        }
    }

    fn run_line(line: &str) -> Result<Vec<String>, String> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        let mut recorder = Recorder(Vec::new());
        run(&args, &mut recorder, &Frozen)
            .map(|()| recorder.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn perft_prints_each_depth_and_a_summary() {
        let lines = run_line("perft 3 --pass-free").unwrap();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[2], "perft  3               56");
        assert_eq!(
            lines[3],
            "{\"command\":\"perft\",\"convention\":\"B\",\"depth\":3,\"nodes\":56,\"ms\":0,\"nps\":0}"
        );
    }

    #[test]
    fn bad_command_lines_are_explained() {
        assert_eq!(run_line("").unwrap_err(), "no command given");
        assert_eq!(
            run_line("perfect 3").unwrap_err(),
            "unknown command 'perfect'"
        );
        assert_eq!(run_line("perft").unwrap_err(), "perft: missing <depth>");
        assert_eq!(
            run_line("perft 3 --fast").unwrap_err(),
            "unknown option '--fast'"
        );
        assert!(run_line("perft -1")
            .unwrap_err()
            .contains("'-1' is not a whole number"));
        assert!(run_line("perft 99").unwrap_err().contains("from 0 to 20"));
        assert_eq!(
            run_line("perft 3 4").unwrap_err(),
            "unexpected argument '4'"
        );
    }
}
