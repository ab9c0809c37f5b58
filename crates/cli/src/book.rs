//! `book stats` and `book probe`: the opening book embedded in the build
//! (`book build`, which makes it, is the native tool's).

use othello::book::{file, Book};
use othello::clock::Clock;
use othello::notation;

use super::args::{Command, Word};
use super::{summary, CliError, CliResult, Host};
use serde::Serialize;

/// `book stats`.
pub(crate) const STATS: Command = Command {
    name: "book stats",
    about: "the embedded opening book: positions, size, leaves, decoding time",
    usage: &["book stats"],
    notes: "",
    flags: &[],
};

/// `book probe`.
pub(crate) const PROBE: Command = Command {
    name: "book probe",
    about: "the opening book's moves and values in a position",
    usage: &["book probe <position or transcript>"],
    notes: "search and analyze take --no-book, --book-variety D and --book-seed S.",
    flags: &[],
};

/// `book stats | probe <position or transcript>`; `None` for `book build`
/// and `book check`, which only the native tool runs.
pub fn run_book(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Option<CliResult> {
    let rest = args.get(1..).unwrap_or_default();
    Some(match args.first().map(String::as_str) {
        Some("stats") => STATS.parse(rest).and_then(|words| match words.first() {
            Some(word) => Err(STATS.unexpected(word)),
            None => stats(host, clock),
        }),
        Some("probe") => probe(rest, host),
        Some("build" | "check") => return None,
        Some(other) => Err(CliError::usage(format!(
            "book: unknown step '{other}' (expected stats, probe, build or check)"
        ))),
        None => Err(CliError::usage(
            "book: expected a step (stats, probe, build or check)",
        )),
    })
}

fn stats(host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let bytes = file::EMBEDDED;
    let start = clock.now_ms();
    let book = file::read_book(bytes).map_err(|e| CliError::input("book stats", e))?;
    let decode_ms = clock.now_ms() - start;
    let mut by_empties = std::collections::BTreeMap::new();
    let mut leaves = 0;
    for (board, entry) in book.entries() {
        *by_empties.entry(board.empty_count()).or_insert(0usize) += 1;
        leaves += usize::from(entry.leaf.is_some());
    }
    let plies: Vec<String> = by_empties
        .iter()
        .rev()
        .map(|(empties, count)| format!("{}:{count}", 60 - empties))
        .collect();
    host.print(&format!("positions by ply: {}", plies.join(" ")));
    #[derive(Serialize)]
    struct StatsSummary {
        command: &'static str,
        positions: usize,
        bytes: usize,
        leaves: usize,
        decode_ms: f64,
        start_value: i32,
    }
    host.print(&summary::line(&StatsSummary {
        command: "book",
        positions: book.len(),
        bytes: bytes.len(),
        leaves,
        decode_ms: (decode_ms * 10.0).round() / 10.0,
        start_value: book
            .entry(&othello::Board::START)
            .map_or(0, |entry| entry.value),
    }));
    Ok(())
}

fn probe(args: &[String], host: &mut dyn Host) -> CliResult {
    let mut words = Vec::new();
    for word in PROBE.parse(args)? {
        match word {
            Word::Positional(text) => words.push(text),
            other => return Err(PROBE.unexpected(&other)),
        }
    }
    if words.is_empty() {
        return Err(PROBE.error("missing <position or transcript>"));
    }
    let position = notation::parse_game(&words.join(" "))
        .map_err(|e| CliError::input("book probe", e))?
        .position();
    let book = Book::embedded();
    let moves = book.moves(&position.board);
    for m in &moves {
        host.print(&format!("{:<3} {:+3}", m.square.to_string(), m.score));
    }
    #[derive(Serialize)]
    struct BookMove {
        #[serde(rename = "move")]
        mv: String,
        score: i32,
    }
    #[derive(Serialize)]
    struct ProbeSummary {
        command: &'static str,
        in_book: bool,
        moves: Vec<BookMove>,
    }
    host.print(&summary::line(&ProbeSummary {
        command: "book probe",
        in_book: book.contains(&position.board),
        moves: moves
            .iter()
            .map(|m| BookMove {
                mv: m.square.to_string(),
                score: m.score,
            })
            .collect(),
    }));
    Ok(())
}
