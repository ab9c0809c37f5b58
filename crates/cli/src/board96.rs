//! `--board 96`: the shared commands on the 96-square board of the CS 221
//! report (crate `othello-board96`). `perft <depth> --board 96` counts move
//! paths from the start; `search <position> --board 96` runs the report's
//! search (alpha-beta, NegaScout or MTD(f), greedy or smart evaluation) to a
//! depth. Both CLIs print the same lines: time comes from the caller's
//! clock, never from the system.

use othello::clock::Clock;
use othello_board96::eval::{Evaluator, Greedy, Smart};
use othello_board96::notation::{line, transcript};
use othello_board96::search::{Algorithm, Search, SearchResult, TranspositionTable};
use othello_board96::{Move, Position};

use super::{nodes_per_second, Host};

/// The option that picks the board.
pub const BOARD_OPTION: &str = "--board";

/// Deepest perft `--board 96` accepts (the committed table's last depth;
/// about two minutes natively).
pub const MAX_PERFT96_DEPTH: u32 = 13;

/// Deepest search `--board 96` accepts.
pub const MAX_SEARCH96_DEPTH: u32 = 30;

/// Depth of `search --board 96` when `--depth` is not given.
pub const DEFAULT_SEARCH96_DEPTH: u32 = 6;

/// Transposition table of `search --board 96`: 2^18 entries (12 MiB).
const TABLE_BITS: u32 = 18;

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
pub fn take_board(args: &[String]) -> Result<(BoardKind, Vec<String>), String> {
    let mut kind = None;
    let mut rest = Vec::with_capacity(args.len());
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg != BOARD_OPTION {
            rest.push(arg.clone());
            continue;
        }
        let value = iter.next().ok_or("--board needs a value: 8 or 96")?;
        let named = match value.as_str() {
            "8" => BoardKind::Standard,
            "96" => BoardKind::Board96,
            other => return Err(format!("--board must be 8 or 96, got '{other}'")),
        };
        if kind.replace(named).is_some() {
            return Err("--board is given twice".to_string());
        }
    }
    Ok((kind.unwrap_or(BoardKind::Standard), rest))
}

/// Runs `command` with `--board 96` (its arguments without the option).
pub fn run(
    command: &str,
    args: &[String],
    host: &mut dyn Host,
    clock: &dyn Clock,
) -> Result<(), String> {
    match command {
        "perft" => run_perft(args, host, clock),
        "search" => run_search(args, host, clock),
        other => Err(format!(
            "{other} --board 96: not available on the 96-square board (perft and search take --board 96)"
        )),
    }
}

/// Whether an argument is an option (`--name`), not a position line that
/// starts with empty cells (`---...`) or a written pass (`--`).
fn is_option(arg: &str) -> bool {
    arg.strip_prefix("--")
        .is_some_and(|name| name.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
}

fn parse_perft_depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_PERFT96_DEPTH => Ok(depth),
        _ => Err(format!(
            "perft --board 96: depth '{text}' is not a whole number from 0 to {MAX_PERFT96_DEPTH}"
        )),
    }
}

/// `perft <depth> --board 96`: one line per depth, then a JSON summary.
fn run_perft(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let mut depth = None;
    for arg in args {
        match arg.as_str() {
            "--pass-free" => {
                return Err(
                    "perft --board 96: --pass-free is not available (a pass is always a ply on the 96-square board)"
                        .to_string(),
                )
            }
            flag if flag.starts_with("--") => {
                return Err(format!("perft --board 96: unknown option '{flag}'"))
            }
            text if depth.is_none() => depth = Some(parse_perft_depth(text)?),
            text => return Err(format!("perft --board 96: unexpected argument '{text}'")),
        }
    }
    let depth = depth.ok_or("perft --board 96: missing <depth>")?;
    let start_board = Position::START.board;
    let mut last = (1, 0.0);
    for ply in 1..=depth {
        let start = clock.now_ms();
        let nodes = othello_board96::perft::perft(&start_board, ply);
        last = (nodes, clock.now_ms() - start);
        host.print(&format!("perft {ply:>2} {nodes:>16}"));
    }
    let (nodes, ms) = last;
    host.print(&format!(
        "{{\"command\":\"perft\",\"board\":96,\"convention\":\"A\",\"depth\":{depth},\"nodes\":{nodes},\"ms\":{},\"nps\":{}}}",
        ms.round() as u64,
        nodes_per_second(nodes, ms)
    ));
    Ok(())
}

/// The evaluations `search --board 96` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EvalKind {
    Greedy,
    Smart,
}

impl EvalKind {
    fn name(self) -> &'static str {
        match self {
            EvalKind::Greedy => "greedy",
            EvalKind::Smart => "smart",
        }
    }
}

/// Options of `search <position> --board 96`.
#[derive(Clone, Debug, PartialEq)]
struct SearchOptions {
    positional: Vec<String>,
    depth: u32,
    algorithm: Algorithm,
    eval: EvalKind,
    nodes: Option<u64>,
    time_ms: Option<u64>,
}

const SEARCH_OPTIONS: &str = "--depth, --algorithm, --eval, --nodes and --time-ms";

fn whole(option: &str, text: &str, low: u64, high: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(format!(
            "search --board 96: {option} must be a whole number from {low} to {high}, got '{text}'"
        )),
    }
}

impl SearchOptions {
    fn parse(args: &[String]) -> Result<SearchOptions, String> {
        let mut options = SearchOptions {
            positional: Vec::new(),
            depth: DEFAULT_SEARCH96_DEPTH,
            algorithm: Algorithm::AlphaBeta,
            eval: EvalKind::Smart,
            nodes: None,
            time_ms: None,
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if !is_option(arg) {
                options.positional.push(arg.clone());
                continue;
            }
            let name = arg.as_str();
            if !["--depth", "--algorithm", "--eval", "--nodes", "--time-ms"].contains(&name) {
                return Err(format!(
                    "search --board 96: unknown option '{arg}' (it takes {SEARCH_OPTIONS})"
                ));
            }
            let value = iter
                .next()
                .ok_or_else(|| format!("search --board 96: {arg} needs a value"))?;
            match name {
                "--depth" => {
                    options.depth = whole(name, value, 1, u64::from(MAX_SEARCH96_DEPTH))? as u32
                }
                "--nodes" => options.nodes = Some(whole(name, value, 1, u64::MAX / 2)?),
                "--time-ms" => options.time_ms = Some(whole(name, value, 1, u64::MAX / 2)?),
                "--algorithm" => {
                    options.algorithm = Algorithm::ALL
                        .into_iter()
                        .find(|a| a.name() == value)
                        .ok_or_else(|| {
                            format!("search --board 96: --algorithm must be alphabeta, negascout or mtdf, got '{value}'")
                        })?
                }
                _ => {
                    options.eval = match value.as_str() {
                        "greedy" => EvalKind::Greedy,
                        "smart" => EvalKind::Smart,
                        _ => {
                            return Err(format!(
                                "search --board 96: --eval must be greedy or smart, got '{value}'"
                            ))
                        }
                    }
                }
            }
        }
        Ok(options)
    }
}

/// Whether `word` reads as the board part of a position line: longer than
/// a written pass and mostly cell letters (`R`, `W`, `-`, `.`, either case),
/// which a transcript holds only in written passes.
fn is_line_board(word: &str) -> bool {
    let cells = word
        .chars()
        .filter(|c| matches!(c.to_ascii_uppercase(), 'R' | 'W' | '-' | '.'))
        .count();
    word.chars().count() > 2 && 2 * cells > word.chars().count()
}

/// The position named by the positional words: a position line (board and
/// side to move, as one or two words) or a transcript from the start.
pub fn parse_position(words: &[String]) -> Result<Position, String> {
    if words.is_empty() {
        return Err("search --board 96: missing <position or transcript>".to_string());
    }
    let text = words.join(" ");
    let first = text.split_whitespace().next().unwrap_or("");
    if is_line_board(first) {
        line::parse(&text).map_err(|e| e.to_string())
    } else {
        transcript::parse(&text)
            .map(|game| game.position())
            .map_err(|e| e.to_string())
    }
}

fn move_name(mv: Option<Move>) -> String {
    mv.map_or_else(|| "--".to_string(), |m| m.to_string())
}

/// `search <position> --board 96`: iterative deepening from depth 1 to
/// `--depth`, one line per completed depth, then a JSON summary of the
/// deepest completed depth. `--nodes` and `--time-ms` stop the search early
/// (checked every 1024 nodes; depth 1 always completes).
fn run_search(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let options = SearchOptions::parse(args)?;
    let position = parse_position(&options.positional)?;
    let greedy = Greedy;
    let smart = Smart::hand();
    let evaluator: &dyn Evaluator = match options.eval {
        EvalKind::Greedy => &greedy,
        EvalKind::Smart => &smart,
    };
    host.print(&format!(
        "position {} ({} to move)",
        line::write(&position),
        position.to_move
    ));
    let start = clock.now_ms();
    let checks = std::cell::Cell::new(0u64);
    let stop = || {
        checks.set(checks.get() + 1);
        options.nodes.is_some_and(|n| checks.get() * 1024 >= n)
            || options
                .time_ms
                .is_some_and(|t| clock.now_ms() - start >= t as f64)
    };
    let mut table = TranspositionTable::new(TABLE_BITS);
    let mut search = Search::new(evaluator)
        .with_table(&mut table)
        .with_stop(&stop);
    let mut best: Option<SearchResult> = None;
    for depth in 1..=options.depth {
        let Some(result) = search.run(&position.board, depth, options.algorithm) else {
            break;
        };
        host.print(&format!(
            "depth {depth:>2} value {:+} best {} nodes {}",
            result.value,
            move_name(result.best),
            search.nodes()
        ));
        best = Some(result);
        if position.board.is_game_over() {
            break;
        }
    }
    let ms = clock.now_ms() - start;
    let nodes = search.nodes();
    let result = best.ok_or("search --board 96: stopped before depth 1 completed")?;
    host.print(&format!(
        "{{\"command\":\"search\",\"board\":96,\"best\":\"{}\",\"value\":{},\"depth\":{},\"algorithm\":\"{}\",\"eval\":\"{}\",\"nodes\":{nodes},\"ms\":{},\"nps\":{}}}",
        move_name(result.best),
        result.value,
        result.depth,
        options.algorithm.name(),
        options.eval.name(),
        ms.round() as u64,
        nodes_per_second(nodes, ms)
    ));
    Ok(())
}
