//! The native command-line tool (`othello perft|solve|search|analyze|bench`).
//! Subcommands live in [`othello::cli`], shared with `node pkg/cli.mjs`.

use std::process::ExitCode;

use othello::cli::{self, Host};
use othello::clock::NativeClock;

/// Prints to standard output and reads files from disk.
struct Terminal;

impl Host for Terminal {
    fn print(&mut self, line: &str) {
        println!("{line}");
    }

    fn read_file(&mut self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli::run(&args, &mut Terminal, &NativeClock::new()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("othello: {message}\n{}", cli::USAGE);
            ExitCode::from(2)
        }
    }
}
