//! The native command-line tool: `othello perft|solve|search|analyze|bench`,
//! the commands it shares with `node pkg/cli.mjs` (crate `othello-cli`), and
//! the native-only ones: games, tournaments, matches, opening statistics,
//! evaluation tests and training.
#![deny(missing_docs)]

use othello_cli::{CliError, CliResult};
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};

use othello::clock::{Clock, NativeClock};
use othello::explorer::{Explorer, ExplorerFileError};
use othello_cli::Host;

mod book_builder;
mod commands;
mod nboard_player;
mod progress;
mod training;

/// The opening explorer's index (`othello explore build`,
/// docs/explorer.md), embedded so that `othello explore` needs no file
/// wherever it runs.
static EXPLORER_INDEX: &[u8] = include_bytes!("../../../pkg/explorer.bin");

/// Prints to standard output, reads files from disk and draws the
/// progress of long work on standard error when that is a terminal.
#[derive(Default)]
struct Terminal {
    steps: progress::Steps,
}

impl Host for Terminal {
    /// Prints a line; when standard output is closed (`othello ... | head`),
    /// the tool ends quietly instead of panicking.
    fn print(&mut self, line: &str) {
        use std::io::Write;
        let written = self.steps.suspend(|| {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{line}").and_then(|()| out.flush())
        });
        if written.is_err() {
            std::process::exit(0);
        }
    }

    fn progress(&mut self, what: &str, done: u64, total: u64) {
        self.steps.step(what, done, total);
    }

    fn read_file(&mut self, path: &str) -> CliResult<String> {
        std::fs::read_to_string(path).map_err(|e| CliError::file(path, e))
    }

    fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        match std::io::stdin().read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
        }
    }

    /// The embedded index, read on first use.
    fn explorer(&mut self) -> CliResult<Arc<Explorer>> {
        static EXPLORER: OnceLock<Result<Arc<Explorer>, ExplorerFileError>> = OnceLock::new();
        EXPLORER
            .get_or_init(|| Explorer::read(EXPLORER_INDEX.to_vec()).map(Arc::new))
            .clone()
            .map_err(|e| CliError::failed(format!("explore: the embedded index: {e}")))
    }
}

/// Runs one command line (without the program name); the error says what was wrong.
fn run(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    if let Some(help) =
        othello_cli::args::help_request(&commands::help::all(), args, commands::help::FOOTER)
    {
        host.print(&help?);
        return Ok(());
    }
    if let Some(result) = commands::run_board96_book(args, host, clock) {
        return result;
    }
    if let Some(result) = othello_cli::run_shared(args, host, clock) {
        return result;
    }
    commands::run(args, host, clock)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args, &mut Terminal::default(), &NativeClock::new()) {
        Ok(()) => ExitCode::SUCCESS,
        // A wrong command line gets the usage after its message; an error
        // of the work (a file, an input, a failed check) only its message.
        Err(error) if error.is_usage() => {
            let overview =
                othello_cli::args::overview(&commands::help::all(), commands::help::FOOTER);
            eprintln!("othello: {error}\n{overview}");
            ExitCode::from(error.exit_status())
        }
        Err(error) => {
            eprintln!("othello: {error}");
            ExitCode::from(error.exit_status())
        }
    }
}
