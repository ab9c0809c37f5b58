//! `--board 96`: the shared commands on the 96-square board of the CS 221
//! report (crate `othello-board96`). `perft <depth> --board 96` counts move
//! paths from the start; `search <position> --board 96` runs the report's
//! search (alpha-beta, NegaScout or MTD(f), greedy or smart evaluation) to a
//! depth; `analyze <position> --board 96` gives every legal move's value at
//! a depth. Both CLIs print the same lines: time comes from the caller's
//! clock, never from the system.

use othello::clock::Clock;
use othello_board96::engine::{self, Evaluation, Kind, Limits, Observer, Report};
use othello_board96::notation::{self, line};
use othello_board96::search::Algorithm;
use othello_board96::{Move, Position};

use super::args::{Command, Flag, Word};
use super::searching::BOARD_FLAG;
use super::{summary, CliError, CliResult, Host};
use serde::Serialize;

/// The option that picks the board.
pub const BOARD_OPTION: &str = "--board";

/// Deepest perft `--board 96` accepts (the committed table's last depth;
/// about two minutes natively).
pub const MAX_PERFT96_DEPTH: u32 = 13;

/// Deepest search `--board 96` accepts.
pub const MAX_SEARCH96_DEPTH: u32 = engine::MAX_DEPTH;

/// Depth of `search --board 96` when neither `--depth` nor a node or time
/// limit is given (with one, [`MAX_SEARCH96_DEPTH`]).
pub const DEFAULT_SEARCH96_DEPTH: u32 = engine::DEFAULT_DEPTH;

/// Which board a command line plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// The 8x8 board (the default).
    Standard,
    /// The 96-square board of the CS 221 report.
    Board96,
}

/// Removes `--board <8|96>` from `args` (the arguments after the command)
/// and says which board it names: the 8x8 board when absent. An error when
/// the value is missing or not 8 or 96, or when the option is given twice.
pub fn take_board(args: &[String]) -> CliResult<(BoardKind, Vec<String>)> {
    let mut kind = None;
    let mut rest = Vec::with_capacity(args.len());
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg != BOARD_OPTION {
            rest.push(arg.clone());
            continue;
        }
        let value = iter
            .next()
            .ok_or_else(|| CliError::usage("--board needs a value: 8 or 96"))?;
        let named = match value.as_str() {
            "8" => BoardKind::Standard,
            "96" => BoardKind::Board96,
            other => {
                return Err(CliError::usage(format!(
                    "--board must be 8 or 96, got '{other}'"
                )))
            }
        };
        if kind.replace(named).is_some() {
            return Err(CliError::usage("--board is given twice"));
        }
    }
    Ok((kind.unwrap_or(BoardKind::Standard), rest))
}

/// Runs `command` with `--board 96` (its arguments without the option).
pub fn run(command: &str, args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    match command {
        "perft" => run_perft(args, host, clock),
        "search" => run_search(args, host, clock),
        "analyze" => run_analyze(args, host, clock),
        other => Err(CliError::usage(format!(
            "{other} --board 96: not available on the 96-square board (perft, search and analyze take --board 96)"
        ))),
    }
}

/// `perft --board 96`.
pub(crate) const PERFT96: Command = Command {
    name: "perft --board 96",
    about: "counts the move paths of the 96-square board from the start (depth 0-13)",
    usage: &["perft <depth> --board 96"],
    notes: "A pass is always a ply on the 96-square board.",
    flags: &[&[BOARD_FLAG]],
};

/// The options of `search --board 96`.
const SEARCH96_FLAGS: [Flag; 7] = [
    Flag::value(
        "depth",
        "N",
        "the depth, 1-30 (6 unless given; 30 with --nodes or --time-ms)",
    ),
    Flag::value("algorithm", "A", "alphabeta, negascout or mtdf"),
    Flag::value(
        "eval",
        "E",
        "greedy, smart (learned weights), smart-hand or smart-uniform",
    ),
    Flag::value("nodes", "N", "the nodes after which the search stops"),
    Flag::value(
        "time-ms",
        "MS",
        "the time the search may take, in milliseconds",
    ),
    Flag::switch("no-book", "search even where the opening book answers"),
    BOARD_FLAG,
];

/// `search --board 96`.
pub(crate) const SEARCH96: Command = Command {
    name: "search --board 96",
    about: "the best move on the 96-square board, by the CS 221 report's search",
    usage: &["search <position line or transcript> --board 96 [--depth N] [--algorithm A] [--eval E] [--nodes N] [--time-ms N] [--no-book]"],
    notes: "smart answers from the opening book; the smart evaluations solve exactly from 14 empties.",
    flags: &[&SEARCH96_FLAGS],
};

/// `analyze --board 96`.
pub(crate) const ANALYZE96: Command = Command {
    name: "analyze --board 96",
    about: "every legal move's value on the 96-square board at a depth, best first",
    usage: &["analyze <position line or transcript> --board 96 [--depth N] [--eval E]"],
    notes: "smart solves from 14 empties.",
    flags: &[&[SEARCH96_FLAGS[0], SEARCH96_FLAGS[2], BOARD_FLAG]],
};

fn parse_perft_depth(text: &str) -> CliResult<u32> {
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_PERFT96_DEPTH => Ok(depth),
        _ => Err(CliError::usage(format!(
            "perft --board 96: depth '{text}' is not a whole number from 0 to {MAX_PERFT96_DEPTH}"
        ))),
    }
}

/// `perft <depth> --board 96`: one line per depth, then a JSON summary.
fn run_perft(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    if args.iter().any(|arg| arg == "--pass-free") {
        return Err(PERFT96.error(
            "--pass-free is not available (a pass is always a ply on the 96-square board)",
        ));
    }
    let mut depth = None;
    for word in PERFT96.parse(args)? {
        match word {
            Word::Positional(text) if depth.is_none() => depth = Some(parse_perft_depth(&text)?),
            other => return Err(PERFT96.unexpected(&other)),
        }
    }
    let depth = depth.ok_or_else(|| PERFT96.error("missing <depth>"))?;
    let start_board = Position::START.board;
    let mut last = (1, 0.0);
    for ply in 1..=depth {
        let start = clock.now_ms();
        let nodes = othello::perft::perft(&start_board, ply, othello::perft::PassRule::Ply);
        last = (nodes, clock.now_ms() - start);
        host.print(&format!("perft {ply:>2} {nodes:>16}"));
    }
    let (nodes, ms) = last;
    host.print(&summary::line(&crate::PerftSummary {
        command: "perft",
        board: Some(96),
        convention: "A",
        depth,
        timing: summary::Timing::of(nodes, ms),
    }));
    Ok(())
}

/// The position line every board-96 command prints first.
fn print_position(host: &mut dyn Host, position: &Position) {
    host.print(&format!(
        "position {} ({} to move)",
        line::write(position),
        position.to_move
    ));
}

/// Options of `search <position> --board 96`.
#[derive(Clone, Debug, PartialEq)]
struct SearchOptions {
    positional: Vec<String>,
    limits: Limits,
}

/// `text` as a whole number from `low` to `high`, the value of `option` of
/// `command` (the name its message starts with).
fn whole(command: &str, option: &str, text: &str, low: u64, high: u64) -> CliResult<u64> {
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(CliError::usage(format!(
            "{command} --board 96: {option} must be a whole number from {low} to {high}, got '{text}'"
        ))),
    }
}

/// The evaluation named by `--eval` of `command`.
fn eval_kind(command: &str, value: &str) -> CliResult<Evaluation> {
    Evaluation::from_name(value).ok_or_else(|| {
        CliError::usage(format!(
            "{command} --board 96: --eval must be greedy, smart, smart-hand or smart-uniform, got '{value}'"
        ))
    })
}

impl SearchOptions {
    fn parse(args: &[String]) -> CliResult<SearchOptions> {
        let mut options = SearchOptions {
            positional: Vec::new(),
            limits: Limits::default(),
        };
        for word in SEARCH96.parse(args)? {
            let (name, value) = match word {
                Word::Positional(text) => {
                    options.positional.push(text);
                    continue;
                }
                Word::Switch("no-book") => {
                    options.limits.book = false;
                    continue;
                }
                Word::Option(name, value) => (format!("--{name}"), value),
                other => return Err(SEARCH96.unexpected(&other)),
            };
            let (name, value) = (name.as_str(), value.as_str());
            match name {
                "--depth" => {
                    options.limits.depth =
                        Some(whole("search", name, value, 1, u64::from(MAX_SEARCH96_DEPTH))? as u32)
                }
                "--nodes" => {
                    options.limits.nodes = Some(whole("search", name, value, 1, u64::MAX / 2)?)
                }
                "--time-ms" => {
                    options.limits.time_ms =
                        Some(whole("search", name, value, 1, u64::MAX / 2)? as f64)
                }
                "--algorithm" => {
                    options.limits.algorithm = Algorithm::ALL
                        .into_iter()
                        .find(|a| a.name() == value)
                        .ok_or_else(|| CliError::usage(format!("search --board 96: --algorithm must be alphabeta, negascout or mtdf, got '{value}'")))?
                }
                _ => options.limits.evaluation = eval_kind("search", value)?,
            }
        }
        Ok(options)
    }
}

/// The position named by the positional words: a position line (board and
/// side to move, as one or two words) or a transcript from the start.
pub fn parse_position(words: &[String]) -> CliResult<Position> {
    position_of("search", words)
}

/// [`parse_position`] for `command` (the name its message starts with).
fn position_of(command: &str, words: &[String]) -> CliResult<Position> {
    if words.is_empty() {
        return Err(CliError::usage(format!(
            "{command} --board 96: missing <position or transcript>"
        )));
    }
    notation::parse_game(&words.join(" "))
        .map(|(_, game)| game.position())
        .map_err(|e| CliError::input("", e))
}

fn move_name(mv: Option<Move>) -> String {
    mv.map_or_else(|| "--".to_string(), |m| m.to_string())
}

/// Prints each completed depth of a `search --board 96`.
struct DepthLines<'a> {
    host: &'a mut dyn Host,
}

impl Observer for DepthLines<'_> {
    fn progress(&mut self, report: &Report) {
        if report.kind == Kind::Book {
            self.host.print(&format!(
                "book     value {:+} best {} (searched to depth {})",
                report.value,
                move_name(report.best),
                report.depth
            ));
            return;
        }
        self.host.print(&format!(
            "{} {:>2} value {:+} best {} nodes {}",
            if report.kind == Kind::Exact && report.depth > 1 {
                "exact"
            } else {
                "depth"
            },
            report.depth,
            report.value,
            move_name(report.best),
            report.nodes
        ));
    }
}

/// `search <position> --board 96`: [`engine::search`], iterative deepening
/// from depth 1 to `--depth`, one line per completed depth, then a JSON
/// summary of the deepest completed depth. `--nodes` and `--time-ms` stop
/// the search early (checked every 1024 nodes; depth 1 always completes).
/// With the smart evaluation a position with 14 empty cells or fewer is
/// solved exactly (one `exact` line; the value is the final score), and a
/// position of the committed opening book is answered from it, as the
/// report's agent does (one `book` line, kind `book`, no node searched),
/// unless `--no-book`.
fn run_search(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = SearchOptions::parse(args)?;
    let position = parse_position(&options.positional)?;
    print_position(host, &position);
    let limits = &options.limits;
    let result = engine::search(
        &position,
        limits,
        clock,
        &mut DepthLines { host: &mut *host },
    );
    #[derive(Serialize)]
    struct SearchSummary<'a> {
        command: &'a str,
        board: u32,
        best: String,
        value: i32,
        kind: &'a str,
        depth: u32,
        algorithm: &'a str,
        eval: &'a str,
        #[serde(flatten)]
        timing: summary::Timing,
    }
    host.print(&summary::line(&SearchSummary {
        command: "search",
        board: 96,
        best: move_name(result.best),
        value: result.value,
        kind: result.kind.name(),
        depth: result.depth,
        algorithm: limits.algorithm.name(),
        eval: limits.evaluation.name(),
        timing: summary::Timing::of(result.nodes, result.elapsed_ms),
    }));
    Ok(())
}

/// Options of `analyze <position> --board 96`.
struct AnalyzeOptions {
    positional: Vec<String>,
    depth: u32,
    eval: Evaluation,
}

impl AnalyzeOptions {
    fn parse(args: &[String]) -> CliResult<AnalyzeOptions> {
        let mut options = AnalyzeOptions {
            positional: Vec::new(),
            depth: DEFAULT_SEARCH96_DEPTH,
            eval: Evaluation::Smart,
        };
        for word in ANALYZE96.parse(args)? {
            let (name, value) = match word {
                Word::Positional(text) => {
                    options.positional.push(text);
                    continue;
                }
                Word::Option(name, value) => (format!("--{name}"), value),
                other => return Err(ANALYZE96.unexpected(&other)),
            };
            let (name, value) = (name.as_str(), value.as_str());
            if name == "--depth" {
                options.depth =
                    whole("analyze", name, value, 1, u64::from(MAX_SEARCH96_DEPTH))? as u32;
            } else {
                options.eval = eval_kind("analyze", value)?;
            }
        }
        Ok(options)
    }
}

/// `analyze <position> --board 96 [--depth N] [--eval greedy|smart|smart-hand|smart-uniform]`: the
/// value of every legal move for the side to move, each move played and
/// the position after it searched with alpha-beta to `depth - 1` (so the
/// best value is what `search --board 96` finds at `depth` with the same
/// evaluation), best first (ties in square order), one line per move, then
/// a JSON summary ([`engine::analyze`]). With the smart evaluation and 14
/// empty cells or fewer each move is solved exactly (`exact` lines, values
/// in discs), as `search` solves. A side that must pass has one move, `pa`
/// (a pass is a ply); a finished game is an error (no move to analyze).
fn run_analyze(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = AnalyzeOptions::parse(args)?;
    let position = position_of("analyze", &options.positional)?;
    let board = position.board;
    if !board.is_game_over() {
        print_position(host, &position);
        if board.moves() == 0 {
            host.print(&format!(
                "{} must pass: the only move is pa",
                position.to_move
            ));
        }
    }
    let start = clock.now_ms();
    let analysis = engine::analyze(
        &position,
        options.depth,
        options.eval,
        clock,
        &mut engine::Silent,
    )
    .map_err(|e| CliError::input("analyze --board 96", e))?;
    let ms = clock.now_ms() - start;
    let nodes = analysis.nodes;
    let kind = analysis.moves.first().map_or(Kind::Depth, |m| m.kind);
    for value in &analysis.moves {
        host.print(&format!(
            "{:<3} {:+7} {} {}",
            value.mv.to_string(),
            value.value,
            value.kind.name(),
            value.depth
        ));
    }
    #[derive(Serialize)]
    struct MoveValue {
        #[serde(rename = "move")]
        mv: String,
        value: i32,
    }
    #[derive(Serialize)]
    struct AnalyzeSummary<'a> {
        command: &'a str,
        board: u32,
        moves: Vec<MoveValue>,
        kind: &'a str,
        depth: u32,
        eval: &'a str,
        #[serde(flatten)]
        timing: summary::Timing,
    }
    host.print(&summary::line(&AnalyzeSummary {
        command: "analyze",
        board: 96,
        moves: analysis
            .moves
            .iter()
            .map(|m| MoveValue {
                mv: m.mv.to_string(),
                value: m.value,
            })
            .collect(),
        kind: kind.name(),
        depth: analysis.moves.first().map_or(options.depth, |m| m.depth),
        eval: options.eval.name(),
        timing: summary::Timing::of(nodes, ms),
    }));
    Ok(())
}
