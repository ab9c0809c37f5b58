//! `--board 96`: the shared commands on the 96-square board of the CS 221
//! report (crate `othello-board96`). `perft <depth> --board 96` counts move
//! paths from the start; `search <position> --board 96` runs the report's
//! search (alpha-beta, NegaScout or MTD(f), greedy or smart evaluation) to a
//! depth; `analyze <position> --board 96` gives every legal move's value at
//! a depth. Both CLIs print the same lines: time comes from the caller's
//! clock, never from the system.

use othello::clock::Clock;
use othello_board96::eval::{ColourWeights, Evaluator, Greedy, Smart, Weights};
use othello_board96::notation::{line, transcript};
use othello_board96::search::{Algorithm, Search, SearchResult, TranspositionTable};
use othello_board96::{Color, Move, Position};

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
        "analyze" => run_analyze(args, host, clock),
        other => Err(format!(
            "{other} --board 96: not available on the 96-square board (perft, search and analyze take --board 96)"
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

/// The position line every board-96 command prints first.
fn print_position(host: &mut dyn Host, position: &Position) {
    host.print(&format!(
        "position {} ({} to move)",
        line::write(position),
        position.to_move
    ));
}

/// The evaluations `search --board 96` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EvalKind {
    Greedy,
    /// The learned weights of the side to move.
    Smart,
    /// The hand-set weights.
    SmartHand,
    /// Uniform untrained weights.
    SmartUniform,
}

impl EvalKind {
    /// The evaluation itself for `color` to move (the smart one takes the
    /// learned weights of that colour).
    fn evaluator(self, color: Color) -> Box<dyn Evaluator> {
        match self {
            EvalKind::Greedy => Box::new(Greedy),
            EvalKind::Smart => Box::new(Smart {
                weights: ColourWeights::learned().of(color).clone(),
            }),
            EvalKind::SmartHand => Box::new(Smart::hand()),
            EvalKind::SmartUniform => Box::new(Smart {
                weights: Weights::uniform(1),
            }),
        }
    }

    fn name(self) -> &'static str {
        match self {
            EvalKind::Greedy => "greedy",
            EvalKind::Smart => "smart",
            EvalKind::SmartHand => "smart-hand",
            EvalKind::SmartUniform => "smart-uniform",
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

/// `text` as a whole number from `low` to `high`, the value of `option` of
/// `command` (the name its message starts with).
fn whole(command: &str, option: &str, text: &str, low: u64, high: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(format!(
            "{command} --board 96: {option} must be a whole number from {low} to {high}, got '{text}'"
        )),
    }
}

/// The evaluation named by `--eval` of `command`.
fn eval_kind(command: &str, value: &str) -> Result<EvalKind, String> {
    match value {
        "greedy" => Ok(EvalKind::Greedy),
        "smart" => Ok(EvalKind::Smart),
        "smart-hand" => Ok(EvalKind::SmartHand),
        "smart-uniform" => Ok(EvalKind::SmartUniform),
        _ => Err(format!(
            "{command} --board 96: --eval must be greedy, smart, smart-hand or smart-uniform, got '{value}'"
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
                    options.depth =
                        whole("search", name, value, 1, u64::from(MAX_SEARCH96_DEPTH))? as u32
                }
                "--nodes" => options.nodes = Some(whole("search", name, value, 1, u64::MAX / 2)?),
                "--time-ms" => options.time_ms = Some(whole("search", name, value, 1, u64::MAX / 2)?),
                "--algorithm" => {
                    options.algorithm = Algorithm::ALL
                        .into_iter()
                        .find(|a| a.name() == value)
                        .ok_or_else(|| {
                            format!("search --board 96: --algorithm must be alphabeta, negascout or mtdf, got '{value}'")
                        })?
                }
                _ => options.eval = eval_kind("search", value)?,
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
    position_of("search", words)
}

/// [`parse_position`] for `command` (the name its message starts with).
fn position_of(command: &str, words: &[String]) -> Result<Position, String> {
    if words.is_empty() {
        return Err(format!(
            "{command} --board 96: missing <position or transcript>"
        ));
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
    let evaluator = options.eval.evaluator(position.to_move);
    let evaluator = evaluator.as_ref();
    print_position(host, &position);
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

/// Options of `analyze <position> --board 96`.
struct AnalyzeOptions {
    positional: Vec<String>,
    depth: u32,
    eval: EvalKind,
}

impl AnalyzeOptions {
    fn parse(args: &[String]) -> Result<AnalyzeOptions, String> {
        let mut options = AnalyzeOptions {
            positional: Vec::new(),
            depth: DEFAULT_SEARCH96_DEPTH,
            eval: EvalKind::Smart,
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if !is_option(arg) {
                options.positional.push(arg.clone());
                continue;
            }
            let name = arg.as_str();
            if !["--depth", "--eval"].contains(&name) {
                return Err(format!(
                    "analyze --board 96: unknown option '{arg}' (it takes --depth and --eval)"
                ));
            }
            let value = iter
                .next()
                .ok_or_else(|| format!("analyze --board 96: {arg} needs a value"))?;
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
/// a JSON summary. A side that must pass has one move, `pa` (a pass is a
/// ply); a finished game is an error (no move to analyze).
fn run_analyze(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let options = AnalyzeOptions::parse(args)?;
    let position = position_of("analyze", &options.positional)?;
    let board = position.board;
    if board.is_game_over() {
        return Err(format!(
            "analyze --board 96: the game is over (Red's final score {:+}): no move to analyze",
            position.red_score()
        ));
    }
    let evaluator = options.eval.evaluator(position.to_move);
    let evaluator = evaluator.as_ref();
    print_position(host, &position);
    let moves: Vec<Move> = if board.moves() == 0 {
        host.print(&format!(
            "{} must pass: the only move is pa",
            position.to_move
        ));
        vec![Move::Pass]
    } else {
        board.move_list().map(Move::Play).collect()
    };
    let start = clock.now_ms();
    let mut table = TranspositionTable::new(TABLE_BITS);
    let mut search = Search::new(evaluator).with_table(&mut table);
    let mut values = Vec::with_capacity(moves.len());
    for mv in moves {
        let after = position
            .play(mv)
            .map_err(|e| format!("analyze --board 96: {e}"))?;
        let result = search
            .run(&after.board, options.depth - 1, Algorithm::AlphaBeta)
            .ok_or("analyze --board 96: the search stopped")?;
        values.push((mv, -result.value));
    }
    let ms = clock.now_ms() - start;
    let nodes = search.nodes();
    // Stable: equal values keep square order.
    values.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
    for (mv, value) in &values {
        host.print(&format!(
            "{:<3} {value:+7} depth {}",
            mv.to_string(),
            options.depth
        ));
    }
    let list: Vec<String> = values
        .iter()
        .map(|(mv, value)| format!("{{\"move\":\"{mv}\",\"value\":{value}}}"))
        .collect();
    host.print(&format!(
        "{{\"command\":\"analyze\",\"board\":96,\"moves\":[{}],\"depth\":{},\"eval\":\"{}\",\"nodes\":{nodes},\"ms\":{},\"nps\":{}}}",
        list.join(","),
        options.depth,
        options.eval.name(),
        ms.round() as u64,
        nodes_per_second(nodes, ms)
    ));
    Ok(())
}
