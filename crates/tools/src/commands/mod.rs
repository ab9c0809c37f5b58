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

#[cfg(test)]
mod tests {
    use super::*;
    use othello::clock::StepClock;

    /// A host with no files, that keeps what is printed.
    struct NoFiles;

    impl Host for NoFiles {
        fn print(&mut self, _line: &str) {}

        fn read_file(&mut self, path: &str) -> CliResult<String> {
            Err(CliError::file(path, "no files here"))
        }
    }

    /// Every native command's definition is the one its reading reads: with
    /// no options and one stray argument, each command asks for every
    /// option its definition lists (else `Parsed::finish` says which it
    /// never read) and then refuses the stray argument, or takes it as its
    /// file and fails to read it, before doing any work. The 96-square
    /// board's book is called by its `build` step, as the tool calls it
    /// (`run_board96_book` before the other commands).
    #[test]
    fn every_native_command_reads_every_option_it_defines() {
        let shared: Vec<&str> = othello_cli::COMMANDS
            .iter()
            .map(|command| command.name)
            .collect();
        let mut read = 0;
        for command in help::all() {
            if shared.contains(&command.name) {
                continue;
            }
            let mut args: Vec<String> = command.name.split(' ').map(String::from).collect();
            if command.name == help::BOOK96.name {
                args.insert(1, "build".to_string());
            }
            args.push("stray".to_string());
            let clock = StepClock::new(1.0);
            let error = run_board96_book(&args, &mut NoFiles, &clock)
                .unwrap_or_else(|| run(&args, &mut NoFiles, &clock))
                .expect_err(command.name)
                .to_string();
            assert!(
                error == format!("{}: unexpected argument 'stray'", command.name)
                    || error.starts_with("stray: no files here"),
                "{}: {error}",
                command.name
            );
            read += 1;
        }
        assert_eq!(read, 23);
    }
}
