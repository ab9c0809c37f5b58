//! `book build --board 96`: the report's opening book for the 96-square
//! board (crate `othello-board96`, module `book`), and `book count --board
//! 96`, the number of positions a book would search.
//!
//! The build appends every searched entry to `<out>.partial` as it goes, so
//! an interrupted build started again with the same options searches only
//! what is missing; the finished book is written to `<out>` and the partial
//! file kept (delete it by hand), so that a later build with more discs
//! and the same depth and evaluation starts from it.

use othello_board96::position::RED;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;
use std::io::Write;

use othello::clock::Clock;
use othello_board96::book::{self, Book, BookConfig, Entry};
use othello_board96::eval::{ColourWeights, Smart};
use othello_board96::search::Algorithm;
use othello_cli::Host;

use super::args::number;
use super::help::BOOK96;

const COMMAND: &str = "book --board 96";

/// `book build|count --board 96 ...`.
pub fn run_book96(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    match args.first().map(String::as_str) {
        Some("build") => run_build(&args[1..], host, clock),
        Some("count") => run_count(&args[1..], host),
        Some(other) => Err(CliError::usage(format!(
            "{COMMAND}: unknown step '{other}' (the steps are build and count)"
        ))),
        None => Err(CliError::usage(format!(
            "{COMMAND}: expected a step (build or count)"
        ))),
    }
}

struct Options {
    out: Option<String>,
    depth: u32,
    discs: u32,
    algorithm: Algorithm,
    weights: Option<String>,
    table_bits: u32,
}

fn parse(args: &[String], command: &'static str) -> CliResult<Options> {
    let o = BOOK96.read(args)?;
    let whole = |name: &str, default: u32| -> CliResult<u32> {
        o.value(name).map_or(Ok(default), |text| {
            number(command, &format!("--{name}"), text)
        })
    };
    let algorithm = match o.value("algorithm") {
        Some(name) => Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| {
                CliError::usage(format!(
                    "{command}: --algorithm must be alphabeta, negascout or mtdf, got '{name}'"
                ))
            })?,
        None => Algorithm::NegaScout,
    };
    let options = Options {
        out: o.value("out").map(String::from),
        depth: whole("depth", book::REPORT_DEPTH)?,
        discs: whole("discs", book::REPORT_DISCS)?,
        algorithm,
        weights: o.value("weights").map(String::from),
        table_bits: whole("table-bits", 20)?,
    };
    o.finish()?;
    if !(1..=20).contains(&options.depth) {
        return Err(CliError::usage(format!(
            "{command}: --depth must be from 1 to 20"
        )));
    }
    if !(4..=30).contains(&options.discs) {
        return Err(CliError::usage(format!(
            "{command}: --discs must be from 4 to 30"
        )));
    }
    if !(10..=24).contains(&options.table_bits) {
        return Err(CliError::usage(format!(
            "{command}: --table-bits must be from 10 to 24"
        )));
    }
    Ok(options)
}

/// `book count --board 96 [--discs N]`: positions per disc count and side
/// (the first legal move standing for the book side's move).
fn run_count(args: &[String], host: &mut dyn Host) -> CliResult {
    let options = parse(args, "book count --board 96")?;
    let counts = book::count_positions(options.discs, |position| {
        othello_board96::square::Squares(position.board.moves())
            .next()
            .map(othello_board96::Move::Play)
    });
    let mut totals = [0usize; 2];
    for (discs, [red, white]) in counts.iter().enumerate() {
        if red + white > 0 {
            host.print(&format!("discs {discs:>2} red {red:>6} white {white:>6}"));
            totals[0] += red;
            totals[1] += white;
        }
    }
    host.print(&summary::line(&json!({
        "command": "book count",
        "board": 96,
        "discs": options.discs,
        "red": totals[0],
        "white": totals[1],
        "positions": totals[0] + totals[1],
    })));
    Ok(())
}

/// Reads the entries an interrupted build left in `path` (none when the
/// file is absent).
fn read_partial(path: &str, depth: u32, discs: u32, eval: &str) -> CliResult<Book> {
    let mut earlier = Book::new(depth, discs, eval);
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(earlier),
        Err(e) => return Err(CliError::file(format!("{COMMAND}: {path}"), e)),
    };
    let mut lines = text.lines();
    // The disc limit only adds positions: a partial file of fewer discs serves.
    let header = format!("# partial book96 depth {depth} eval {eval}");
    if lines.next() != Some(header.as_str()) {
        return Err(CliError::usage(format!(
            "{COMMAND}: {path} was started with other options (its first line is not '{header}'): remove it or use them"
        )));
    }
    // A line cut short by an interruption does not read: it is searched again.
    for entry in lines.filter_map(|text| Entry::parse(text).ok()) {
        earlier.insert(&entry.position, entry.best, entry.value);
    }
    Ok(earlier)
}

/// `book build --board 96 --out <file> [--depth 12] [--discs 12]
/// [--algorithm negascout] [--weights <file>] [--table-bits 20]`.
fn run_build(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args, "book build --board 96")?;
    let out = options
        .out
        .clone()
        .ok_or_else(|| CliError::usage(format!("{COMMAND}: book build needs --out <file>")))?;
    // The learned weights of the smart player (Red's for Red's searches,
    // White's for White's) unless a weights file is given (one table for
    // both colours, or a `red` and a `white` table).
    let (weights, eval) = match &options.weights {
        None => (ColourWeights::learned(), "smart".to_string()),
        Some(path) => {
            let text = host.read_file(path)?;
            let weights = ColourWeights::parse(&text)
                .map_err(|e| CliError::input(format!("{COMMAND}: {path}"), e))?;
            let name = std::path::Path::new(path)
                .file_name()
                .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
            (
                weights,
                format!("smart-{}", name.replace(char::is_whitespace, "_")),
            )
        }
    };
    let red = Smart {
        weights: weights.red,
    };
    let white = Smart {
        weights: weights.white,
    };
    let config = BookConfig {
        depth: options.depth,
        discs: options.discs,
        evaluators: [&red, &white],
        eval: &eval,
        algorithm: options.algorithm,
        table_bits: options.table_bits,
    };
    let partial_path = format!("{out}.partial");
    let earlier = read_partial(&partial_path, options.depth, options.discs, &eval)?;
    let mut partial = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&partial_path)
        .map_err(|e| CliError::input(format!("{COMMAND}: {partial_path}"), e))?;
    if earlier.is_empty() {
        writeln!(
            partial,
            "# partial book96 depth {} eval {eval}",
            options.depth
        )
        .map_err(|e| CliError::input(format!("{COMMAND}: {partial_path}"), e))?;
    }
    host.print(&format!(
        "book --board 96: depth {} up to {} discs, eval {eval}, {}; {} entries from {partial_path}",
        options.depth,
        options.discs,
        options.algorithm.name(),
        earlier.len()
    ));
    let started = clock.now_ms();
    let mut last = started;
    let (mut searched, mut nodes) = (0u64, 0u64);
    let mut failure = None;
    let book = book::build(&config, &earlier, &mut |progress| {
        if !progress.searched {
            return;
        }
        let now = clock.now_ms();
        searched += 1;
        nodes += progress.nodes;
        let entry = progress.entry;
        if let Err(e) = writeln!(partial, "{}", entry.line()) {
            failure.get_or_insert(CliError::file(format!("{COMMAND}: {partial_path}"), e));
        }
        host.print(&format!(
            "{:>5}/{:<5} discs {:>2} {} {} {:>+6} nodes {:>10} ms {:>6} total {:>5.0} s",
            progress.done,
            progress.known,
            entry.position.board.disc_count(),
            if entry.position.to_move == RED {
                "R"
            } else {
                "W"
            },
            entry.best,
            entry.value,
            progress.nodes,
            (now - last).round() as u64,
            (now - started) / 1000.0,
        ));
        last = now;
    });
    if let Some(message) = failure {
        return Err(message);
    }
    std::fs::write(&out, book.write())
        .map_err(|e| CliError::file(format!("{COMMAND}: {out}"), e))?;
    let ms = clock.now_ms() - started;
    host.print(&summary::line(&json!({
        "command": "book build",
        "board": 96,
        "out": out,
        "entries": book.len(),
        "searched": searched,
        "depth": options.depth,
        "discs": options.discs,
        "eval": eval,
        "algorithm": options.algorithm.name(),
        "nodes": nodes,
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}
