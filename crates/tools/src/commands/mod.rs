//! The native-only commands.

use othello::clock::Clock;
use othello_cli::Host;
use othello_cli::{CliError, CliResult};

mod args;
mod book;
mod book96;
mod contestant;
mod elo;
mod evaltest;
mod experiments;
mod explore;
mod game;
mod game96;
pub mod help;
mod match96;
mod match_file;
mod matches;
mod openings;
mod tournament;
mod train;
mod train96;
mod trainer;

/// `book build|count --board 96`, which the native tool runs before the
/// shared `book` command sees it; `None` for any other command line.
pub fn run_board96_book(
    args: &[String],
    host: &mut dyn Host,
    clock: &dyn Clock,
) -> Option<CliResult> {
    if args.first().map(String::as_str) != Some("book") {
        return None;
    }
    match othello_cli::board96::take_board(&args[1..]) {
        Ok((othello_cli::board96::BoardKind::Board96, rest)) => {
            Some(book96::run_book96(&rest, host, clock))
        }
        _ => None,
    }
}

/// Runs a native-only command line (without the program name).
pub fn run(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("book") => book::run_book(rest, host, clock),
        Some("evaltest") => evaltest::run_evaltest(rest, host, clock),
        Some("explore") => explore::run_explore(rest, host, clock),
        Some("experiments") => experiments::run_experiments(rest, host, clock),
        Some("game") => match othello_cli::board96::take_board(rest)? {
            (othello_cli::board96::BoardKind::Board96, rest) => {
                game96::run_game96(&rest, host, clock)
            }
            // `--board 8` is the default: the 8x8 game sees its arguments without it.
            (_, rest) => game::run_game(&rest, host, clock),
        },
        Some("train") => match othello_cli::board96::take_board(rest)? {
            (othello_cli::board96::BoardKind::Board96, rest) => {
                train96::run_train96(&rest, host, clock)
            }
            (_, rest) => train::run_train(&rest, host, clock),
        },
        Some("trainer") => trainer::run_trainer(rest, host, clock),
        Some("tournament") => tournament::run_tournament(rest, host, clock),
        Some("match") => match othello_cli::board96::take_board(rest)? {
            (othello_cli::board96::BoardKind::Board96, rest) => {
                match96::run_match96(&rest, host, clock)
            }
            (_, rest) => matches::run_match(&rest, host, clock),
        },
        Some("openings") => openings::run_openings(rest, host, clock),
        Some(other) => Err(othello_cli::args::unknown_command(&help::all(), other)),
        None => Err(CliError::usage("no command given")),
    }
}
