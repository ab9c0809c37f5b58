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
mod training;

/// Usage of the commands only the native tool has.
const NATIVE_USAGE: &str = "
  othello book build --games <file> --log <file> --out <book.bin> [--min-games N] [--plies P]
    [--positions N] [--window D] [--threads T] [--table-mb M] --depth D|--level L [--confidence C]
  othello book check [--count N] [--threads T] --depth D|--level L [--confidence C]   (book values against a search)
  othello book build --board 96 --out <file> [--depth 12] [--discs 12] [--algorithm alphabeta|negascout|mtdf]
    [--weights <file>] [--table-bits B]   (the CS 221 report's book; resumes from <file>.partial)
  othello book count --board 96 [--discs N]   (positions such a book searches)
  othello explore build --games <file> --out <file>   (the opening explorer's index, pkg/explorer.bin: docs/explorer.md)
  othello trainer build --games <file> --out <file.obf> --log <file> [--per-empties 140] [--empties 10-24] [--seed 1]
    [--table-mb 64]   (the endgame trainer's positions: one a game, best move 2 discs or more ahead, every move solved;
    resumes from --log: docs/page.md)
  othello evaltest <file.obf> [--eval pattern|standin|file:<table>] [--depth N [--confidence C]]
  othello train solve|search|fit|heldout|probcut|endcut|selfplay|check ... (native only; see crates/tools/src/commands/train.rs)
  othello train --board 96 --out <file> [--games N] [--seed S] [--phase-plies K] [--depth D] [--exact-plies E]
    [--alpha A] [--epochs N] [--first-stage S] ... (the 96-square board's learner; see docs/board96.md)
  othello game [--black <spec>] [--white <spec>] [--opening <transcript>] [--random-plies N --seed S]
    [--clock-ms N [--increment-ms M] | --time-ms N | --depth N | --level N ...] (a side without a spec is the engine;
    a spec may be nboard:...)
  othello game --board 96 --red <spec96> --white <spec96> [--clock-ms N] [--seed S]
    [--no-book]   (the 96-square board; <spec96>: random, greedy:D, smart:D (learned weights), smart-hand:D,
    smart-uniform:D (D 1-30), smart-clock (the time manager on --clock-ms))
  othello match --board 96 --a <spec96> --b <spec96> --games N [--opening-plies K] [--openings-file <transcripts file>]
    [--seed S] [--clock-ms N] [--no-book]   (pairs of games from one opening, colours swapped; Elo with a 95% interval)
  othello tournament --players <spec>,<spec>,... --pairs N [--random-plies 10 --seed S]
  othello match --a <engine options or spec> --b <engine options or spec> --openings N [--openings-file F | --random-plies R|LOW-HIGH --seed S] [--sprt ELO0,ELO1] [--time-ms T | --depth D ...]
    [--clock-ms N [--increment-ms M]] [--baseline a|b] [--jobs N] [--first-opening K] [--out F]   (--clock-ms: a game clock for both;
     --baseline: that side's baseline time policies, BILL's clock manager and a flat time per move;
     --openings-file: one transcript a line, as data/openings.txt, in place of it; --jobs: pairs at once, one thread each;
     --first-opening: the opening to start from, to split a match over runs; --out: the match's record, every move timed;
     --a or --b nboard:...: another engine over the NBoard protocol, at its own depth)
  othello openings <games.txt> [--count N]
  othello experiments alphabeta-study [--games data/wthor-games.txt.gz] [--positions 30] [--seed 2001] [--discs 20-40]
    [--depth 8] [--plain-depth 7] [--minimax-depth 5] [--rules-depth 8] [--rules <rules>] [--table-bits 20] [--store-leaves]
    (the 2001 study's comparison: leaf nodes, nodes and time by algorithm and depth, NegaScout = 100)
player specs: random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>,
  iago:<depth>, bill:<depth>, study-minimax|study-alphabeta|study-negascout:<difficulty 1-5>,
  study-rules:<difficulty 1-5>[:<rules joined by +: take-corners, keep-corners, take-edges, keep-edges>],
  engine:<key=value,...> (keys depth, time-ms, nodes, eval,
  table-mb, confidence, level, exact-from, wld-from, book (true, false or file:<book.bin>), book-variety,
  book-seed, threads);
  <eval>: count-difference, weighted-squares, modified-weighted-squares, mobility;
  in game and match, nboard:[depth=N,timeout-ms=T:]<command line>: a program speaking the NBoard protocol
  (set depth N: its level; T: the longest wait for an answer, 60000 by default)";

/// The opening explorer's index (`othello explore build`,
/// docs/explorer.md), embedded so that `othello explore` needs no file
/// wherever it runs.
static EXPLORER_INDEX: &[u8] = include_bytes!("../../../pkg/explorer.bin");

/// Prints to standard output and reads files from disk.
struct Terminal;

impl Host for Terminal {
    /// Prints a line; when standard output is closed (`othello ... | head`),
    /// the tool ends quietly instead of panicking.
    fn print(&mut self, line: &str) {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            std::process::exit(0);
        }
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
    match run(&args, &mut Terminal, &NativeClock::new()) {
        Ok(()) => ExitCode::SUCCESS,
        // A wrong command line gets the usage after its message; an error
        // of the work (a file, an input, a failed check) only its message.
        Err(error) if error.is_usage() => {
            eprintln!("othello: {error}\n{}{NATIVE_USAGE}", othello_cli::USAGE);
            ExitCode::from(error.exit_status())
        }
        Err(error) => {
            eprintln!("othello: {error}");
            ExitCode::from(error.exit_status())
        }
    }
}
