//! The native command-line tool: `othello perft <depth> [--pass-free]`.
//! Subcommands live in [`othello::cli`], shared with `node pkg/cli.mjs`.

use std::process::ExitCode;

use othello::cli::{self, Host};
use othello::clock::{Clock, NativeClock};

/// Prints to standard output and times with the native clock.
struct Terminal {
    clock: NativeClock,
}

impl Clock for Terminal {
    fn now_ms(&self) -> f64 {
        self.clock.now_ms()
    }
}

impl Host for Terminal {
    fn print(&mut self, line: &str) {
        println!("{line}");
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut terminal = Terminal {
        clock: NativeClock::new(),
    };
    match cli::run(&args, &mut terminal) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("othello: {message}\n{}", cli::USAGE);
            ExitCode::from(2)
        }
    }
}
