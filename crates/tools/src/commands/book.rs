//! `book build`: the opening book's builder (docs/book.md). `book stats`
//! and `book probe` are shared with the Node tool (crate `othello-cli`).

use othello::board::Board;
use othello::book::file::write_book;
use othello::book::Book;
use othello::clock::Clock;
use othello::engine::Engine;
use othello::search::Silent;
use othello::settings::{self, Setting};
use othello_cli::Host;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::args;
use crate::book_builder::{build, BuildSettings};
use crate::training::wthor::read_games;
use othello::settings::OptionsReader;
use othello_cli::args::Parsed;

/// The search settings of the leaves.
const SETTINGS: [Setting; 4] = [
    Setting::Depth,
    Setting::Confidence,
    Setting::ExactFrom,
    Setting::Level,
];

/// `book build --games <file> --log <file> --out <book.bin> [--min-games N]
/// [--plies P] [--positions N] [--window D] [--threads T] [--table-mb M]
/// [--depth D | --level L ...]`.
pub fn run_book(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    match args.first().map(String::as_str) {
        Some("build") => run_build(&args[1..], host, clock),
        Some("check") => run_check(&args[1..], host, clock),
        Some(other) => Err(CliError::usage(format!("book: unknown step '{other}'"))),
        None => Err(CliError::usage(
            "book: expected a step (build, check, stats or probe)",
        )),
    }
}

/// The leaves' search settings among `o`, read by the engine's reader.
fn leaf_settings(o: &Parsed<'_>) -> CliResult<OptionsReader> {
    let mut reader = args::reader(settings::flags);
    for (setting, value) in o.settings(&SETTINGS) {
        reader
            .read(setting, value)
            .map_err(|e| CliError::from(e).within(o.command().name))?;
    }
    Ok(reader)
}

fn run_build(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let o = super::help::BOOK_BUILD.read(args)?;
    let (games, log, out) = (o.value("games"), o.value("log"), o.value("out"));
    let defaults = (20, 30, 60_000, 4, 64);
    let mut settings = BuildSettings {
        min_games: o.whole("min-games")?.unwrap_or(defaults.0),
        plies: o.whole("plies")?.unwrap_or(defaults.1),
        positions: o.whole("positions")?.unwrap_or(defaults.2),
        window: o.whole("window")?.unwrap_or(defaults.3),
        limits: Default::default(),
        table_mb: o.whole("table-mb")?.unwrap_or(defaults.4),
        threads: o
            .whole("threads")?
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let reader = leaf_settings(&o)?;
    o.finish()?;
    let search = reader
        .finish()
        .map_err(|e| CliError::setting("book build", e))?;
    if !search.stops() {
        return Err(CliError::usage(
            "book build: give the leaves' search a --depth or a --level",
        ));
    }
    settings.limits = search.limits;
    let games = read_games(games.ok_or_else(|| o.missing("games"))?)?;
    let log = log.ok_or_else(|| o.missing("log"))?;
    let out = out.ok_or_else(|| o.missing("out"))?;
    let started = clock.now_ms();
    let (book, report) = build(&games, &settings, log, host)?;
    let bytes = write_book(&book);
    std::fs::write(out, &bytes).map_err(|e| CliError::file(format!("book build: {out}"), e))?;
    host.print(&summary::line(&json!({
        "command": "book build",
        "positions": book.len(),
        "bytes": bytes.len(),
        "seeded": report.seeded,
        "added": report.added,
        "searched": report.searched,
        "resumed": report.resumed,
        "ms": summary::whole_ms(clock.now_ms() - started),
    })));
    Ok(())
}

/// `book check [--count N] [--threads T] --depth D [--confidence C]`: the
/// embedded book's values against a search of the same positions without
/// the book (`count` positions spread evenly over the book, shallow to
/// deep): the mean absolute difference, overall and by ply.
fn run_check(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let command = "book check";
    let o = super::help::BOOK_CHECK.read(args)?;
    let count: usize = o.whole("count")?.unwrap_or(200);
    let threads: usize = o
        .whole("threads")?
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let reader = leaf_settings(&o)?;
    o.finish()?;
    let search = reader.finish().map_err(|e| CliError::setting(command, e))?;
    if !search.stops() {
        return Err(CliError::usage(format!(
            "{command}: give the check's search a --depth or a --level"
        )));
    }
    let limits = search.limits;
    let book = Book::embedded();
    let mut positions: Vec<(Board, i32)> = book
        .entries()
        .map(|(board, entry)| (*board, entry.value))
        .collect();
    positions.sort_by_key(|(board, _)| {
        (
            std::cmp::Reverse(board.empty_count()),
            board.player,
            board.opponent,
        )
    });
    let step = (positions.len() as f64 / count.max(1) as f64).max(1.0);
    let sample: Vec<(Board, i32)> = (0..count.min(positions.len()))
        .map(|i| positions[(i as f64 * step) as usize])
        .collect();
    let started = clock.now_ms();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut scores = vec![0; sample.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut engine = Engine::new(64);
                    let clock = othello::clock::NativeClock::new();
                    let mut found = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((board, _)) = sample.get(i) else {
                            break;
                        };
                        engine.clear();
                        let result = engine.search(board, &limits, &clock, &mut Silent);
                        found.push((i, result.score));
                    }
                    found
                })
            })
            .collect();
        for worker in workers {
            for (i, score) in worker.join().expect("a check thread") {
                scores[i] = score;
            }
        }
    });
    let mut by_ply = std::collections::BTreeMap::new();
    let mut total = 0i64;
    for ((board, value), score) in sample.iter().zip(&scores) {
        let difference = i64::from((value - score).abs());
        total += difference;
        let bucket = by_ply
            .entry((60 - board.empty_count()) / 5 * 5)
            .or_insert((0i64, 0i64));
        bucket.0 += difference;
        bucket.1 += 1;
    }
    for (ply, (sum, n)) in &by_ply {
        host.print(&format!(
            "plies {ply:>2}-{:<2}: {n:>3} positions, mean |book - search| {:.2}",
            ply + 4,
            *sum as f64 / *n as f64
        ));
    }
    host.print(&summary::line(&json!({
        "command": "book check",
        "positions": sample.len(),
        "depth": limits.depth.unwrap_or(0),
        "confidence": othello::search::probcut::confidence(limits.selectivity),
        "mean_abs_diff": summary::round_to(total as f64 / sample.len().max(1) as f64, 3),
        "ms": summary::whole_ms(clock.now_ms() - started),
    })));
    Ok(())
}
