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
use othello::search::ThreadPool;
use othello::Board;

pub use error::{CliError, CliResult};

use args::{Command, Flag, Word};

pub mod args;
mod bench;
pub mod board96;
mod book;
pub mod error;
pub mod explore;
pub mod nboard;
pub mod searching;
pub mod soak;
pub mod summary;

/// The shared commands, as their help and the list of commands show them.
pub const COMMANDS: [&Command; 13] = [
    &PERFT,
    &board96::PERFT96,
    &searching::SOLVE,
    &searching::SEARCH,
    &board96::SEARCH96,
    &searching::ANALYZE,
    &board96::ANALYZE96,
    &bench::BENCH,
    &book::STATS,
    &book::PROBE,
    &explore::EXPLORE,
    &soak::SOAK,
    &nboard::NBOARD,
];

/// What the Node tool's list of commands says below them.
const NODE_FOOTER: &str = "
only the native tool (cargo build --release; target/release/othello) runs book build|check, explore build,
evaltest, experiments, game, match, openings, tournament and train";

/// The Node tool's list of commands (`node pkg/cli.mjs --help`), shown
/// with every command-line error.
pub fn usage() -> String {
    args::overview(&COMMANDS, NODE_FOOTER)
}

/// `perft`.
const PERFT: Command = Command {
    name: "perft",
    about: "counts the move paths from the start to each depth (tests/data/perft.txt)",
    usage: &["perft <depth> [--pass-free]"],
    notes: "depth: 0 to 20 (15 takes hours natively).",
    flags: &[&[
        Flag::switch(
            "pass-free",
            "a pass is no ply (convention B; by default a pass is a ply, convention A)",
        ),
        searching::BOARD_FLAG,
    ]],
};

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

    /// How far long work has come: `done` of `total` steps of `what`
    /// (`"solve"`, `"soak"`), said after each step. The native tool draws a
    /// progress bar on standard error when that is a terminal (never in
    /// its output); the default, and the Node tool, show nothing.
    fn progress(&mut self, _what: &str, _done: u64, _total: u64) {}

    /// The threads a command's engine runs its helpers on, where the
    /// engine has none of its own (the wasm build: the Node tool's pool
    /// workers); the default, and the native tool, give none.
    fn thread_pool(&self) -> Option<Arc<dyn ThreadPool>> {
        None
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

/// The refusal of a command only the native tool runs, named by `args`
/// (a command line, or the words after `help`).
fn native_only(args: &[String]) -> Option<CliError> {
    let native = |what: String| {
        Some(CliError::usage(format!(
            "{what}: only the native tool (cargo build --release; target/release/othello) runs it"
        )))
    };
    match (
        args.first().map(String::as_str),
        args.get(1).map(String::as_str),
    ) {
        (Some(command @ "book"), Some(step @ ("build" | "check")))
        | (Some(command @ "explore"), Some(step @ "build")) => native(format!("{command} {step}")),
        (Some(command), _) if NATIVE_COMMANDS.contains(&command) => native(command.to_string()),
        _ => None,
    }
}

/// Runs one command line where only the shared commands exist (the Node
/// tool): the native-only commands are refused with a message saying so;
/// `--help`, `-h` and `help [command]` print the help.
pub fn run(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let topic = match args.first().map(String::as_str) {
        Some("help") => &args[1..],
        _ => args,
    };
    if let Some(refusal) = native_only(topic) {
        return Err(refusal);
    }
    if let Some(help) = args::help_request(&COMMANDS, args, NODE_FOOTER) {
        host.print(&help?);
        return Ok(());
    }
    if let Some(result) = run_shared(args, host, clock) {
        return result;
    }
    match args.first() {
        Some(other) => Err(args::unknown_command(&COMMANDS, other)),
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
        for word in PERFT.parse(args)? {
            match word {
                Word::Positional(text) if depth.is_none() => depth = Some(parse_depth(&text)?),
                Word::Switch("pass-free") => rule = PassRule::Free,
                other => return Err(PERFT.unexpected(&other)),
            }
        }
        let depth = depth.ok_or_else(|| PERFT.error("missing <depth>"))?;
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
pub(crate) mod tests {
    use super::*;

    /// A host that keeps what the command prints (for the commands' tests).
    pub(crate) struct Recorder(pub(crate) Vec<String>);

    /// A clock that never moves.
    pub(crate) struct Frozen;

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
            "unknown command 'perfect' (did you mean 'perft'?)"
        );
        assert_eq!(run_line("perft").unwrap_err(), "perft: missing <depth>");
        assert_eq!(
            run_line("perft 3 --fast").unwrap_err(),
            "perft: unknown option '--fast' (it takes --pass-free)"
        );
        assert!(run_line("perft -1")
            .unwrap_err()
            .contains("'-1' is not a whole number"));
        assert!(run_line("perft 99").unwrap_err().contains("from 0 to 20"));
        assert_eq!(
            run_line("perft 3 4").unwrap_err(),
            "perft: unexpected argument '4'"
        );
    }
}
