//! The command-line tool's subcommands, shared by the native `othello` binary
//! and `node pkg/cli.mjs`, so both print the same lines for the same run.
//!
//! The engine does no I/O: the caller supplies a [`Host`] that prints lines,
//! tells the time and reads files.

use crate::clock::Clock;
use crate::perft::{perft, PassRule};
use crate::Board;

mod bench;
mod evaltest;
mod game;
mod matches;
mod openings;
mod searching;
mod tournament;
#[cfg(not(target_arch = "wasm32"))]
mod train;
mod versus;

/// Usage text shown with every command-line error.
pub const USAGE: &str = "usage:
  othello perft <depth> [--pass-free]
  othello solve <file.obf> [--wld] [--table-mb N]
  othello search <position or transcript> [--depth N] [--time-ms N] [--nodes N] [--exact | --wld]
  othello analyze <position or transcript> [--depth N] [--time-ms N] [--nodes N] [--exact | --wld]
    (search and analyze also take --level 1-30, --confidence 100|99|98|95|87|73, --eval pattern|standin|file:<table>)
  othello bench
  othello evaltest <file.obf> [--eval pattern|standin|file:<table>] [--depth N [--confidence C]]
  othello train solve|search|fit|heldout|probcut|selfplay|check ... (native only; see src/cli/train.rs)
  othello game [--clock-ms N | --time-ms N | --depth N] [--opening <transcript>]
  othello game --black <spec> --white <spec> [--random-plies N --seed S] [--time-ms N | --depth N]
  othello tournament --players <spec>,<spec>,... --pairs N [--random-plies 10 --seed S]
  othello match --a <engine options> --b <engine options> --openings N [--time-ms T | --depth D]
  othello openings <games.txt> [--count N]
player specs: random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>,
  iago:<depth>, bill:<depth>, engine:<key=value,...> (keys depth, time-ms, nodes, eval,
  table-mb, confidence, level, exact-from);
  <eval>: count-difference, weighted-squares, modified-weighted-squares, mobility";

/// Deepest perft the tools accept (depth 15 takes hours natively).
pub const MAX_PERFT_DEPTH: u32 = 20;

/// What the command-line tool needs from its surroundings besides a clock.
pub trait Host {
    /// Prints one line of output.
    fn print(&mut self, line: &str);
    /// Reads a whole text file.
    fn read_file(&mut self, path: &str) -> Result<String, String>;
}

/// Runs one command line (without the program name); the error says what was wrong.
pub fn run(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("perft") => run_perft(&args[1..], host, clock),
        Some("solve") => searching::run_solve(&args[1..], host, clock),
        Some("search") => searching::run_search(&args[1..], host, clock),
        Some("analyze") => searching::run_analyze(&args[1..], host, clock),
        Some("bench") => bench::run_bench(&args[1..], host, clock),
        Some("evaltest") => evaltest::run_evaltest(&args[1..], host, clock),
        Some("game") => game::run_game(&args[1..], host, clock),
        #[cfg(not(target_arch = "wasm32"))]
        Some("train") => train::run_train(&args[1..], host, clock),
        #[cfg(target_arch = "wasm32")]
        Some("train") => Err("train: only the native tool trains the evaluation".to_string()),
        Some("tournament") => tournament::run_tournament(&args[1..], host, clock),
        Some("match") => matches::run_match(&args[1..], host, clock),
        Some("openings") => openings::run_openings(&args[1..], host, clock),
        Some(other) => Err(format!("unknown command '{other}'")),
        None => Err("no command given".to_string()),
    }
}

/// Options of `perft <depth> [--pass-free]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PerftOptions {
    depth: u32,
    rule: PassRule,
}

impl PerftOptions {
    fn parse(args: &[String]) -> Result<PerftOptions, String> {
        let mut depth = None;
        let mut rule = PassRule::Ply;
        for arg in args {
            match arg.as_str() {
                "--pass-free" => rule = PassRule::Free,
                flag if flag.starts_with("--") => return Err(format!("unknown option '{flag}'")),
                text if depth.is_none() => depth = Some(parse_depth(text)?),
                text => return Err(format!("unexpected argument '{text}'")),
            }
        }
        let depth = depth.ok_or("perft: missing <depth>")?;
        Ok(PerftOptions { depth, rule })
    }
}

fn parse_depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_PERFT_DEPTH => Ok(depth),
        _ => Err(format!(
            "perft: depth '{text}' is not a whole number from 0 to {MAX_PERFT_DEPTH}"
        )),
    }
}

/// The convention's letter in `shared/data/perft.txt`.
fn convention(rule: PassRule) -> &'static str {
    match rule {
        PassRule::Ply => "A",
        PassRule::Free => "B",
    }
}

/// Nodes per second, 0 when no time was measured.
pub(crate) fn nodes_per_second(nodes: u64, ms: f64) -> u64 {
    if ms > 0.0 {
        (nodes as f64 * 1000.0 / ms) as u64
    } else {
        0
    }
}

fn run_perft(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let options = PerftOptions::parse(args)?;
    let mut last = (1, 0.0);
    for depth in 1..=options.depth {
        let start = clock.now_ms();
        let nodes = perft(&Board::START, depth, options.rule);
        last = (nodes, clock.now_ms() - start);
        host.print(&format!("perft {depth:>2} {nodes:>16}"));
    }
    let (nodes, ms) = last;
    host.print(&format!(
        "{{\"command\":\"perft\",\"convention\":\"{}\",\"depth\":{},\"nodes\":{nodes},\"ms\":{},\"nps\":{}}}",
        convention(options.rule),
        options.depth,
        ms.round() as u64,
        nodes_per_second(nodes, ms)
    ));
    Ok(())
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

        fn read_file(&mut self, path: &str) -> Result<String, String> {
            Err(format!("{path}: no files here"))
        }
    }

    fn run_line(line: &str) -> Result<Vec<String>, String> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        let mut recorder = Recorder(Vec::new());
        run(&args, &mut recorder, &Frozen).map(|()| recorder.0)
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
