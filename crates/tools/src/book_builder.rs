//! The opening book's builder (native only): seeds the book with the
//! positions tournament games reach often, searches the best move outside
//! the book of every book position (its *leaf*), negamaxes, and enlarges
//! the book along the lines whose values stay near the best, until it has
//! the positions asked for.
//!
//! The enlargement is the deviation approach of the strong engines' books
//! (Richard Delorme's Edax, `book deviate`; Takuto Yamana's Egaroucid): at a
//! position reached by moves within `window` discs of the best at every
//! step, a leaf within `window` of the position's value is played into the
//! book and searched in turn.
//!
//! Every search result and every added position is appended to a log file
//! as it comes, so a build that is stopped resumes where it was: the
//! positions of the log are not searched again.

use othello_cli::{CliError, CliResult, Host};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use othello::board::Board;
use othello::book::{Book, Leaf};
use othello::clock::{Clock, NativeClock};
use othello::engine::Engine;
use othello::search::{Limits, Silent};
use othello::square::{Square, Squares};
use othello::symmetry::canonical;
use othello::Move;

use crate::training::wthor::GameRecord;

/// What a build makes and how.
#[derive(Clone, Debug)]
pub struct BuildSettings {
    /// A position enters the seed when at least this many games reach it.
    pub min_games: usize,
    /// Only the positions of the first `plies` moves of a game are counted.
    pub plies: usize,
    /// The build stops enlarging once the book has this many positions.
    pub positions: usize,
    /// Moves and leaves within this many discs of the best are followed.
    pub window: i32,
    /// The search of every leaf.
    pub limits: Limits,
    /// Transposition table of each thread, in MiB.
    pub table_mb: usize,
    /// Search threads.
    pub threads: usize,
}

/// What a build did.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuildReport {
    /// Positions the games gave.
    pub seeded: usize,
    /// Positions the enlargement added.
    pub added: usize,
    /// Leaf searches run by this invocation (not those read from the log).
    pub searched: usize,
    /// Leaf searches read from the log.
    pub resumed: usize,
}

/// The positions of the games' first `plies` moves reached by at least
/// `min_games` games, canonical, that such positions connect to the start
/// (a position where the side to move must pass ends a game's count).
pub fn seed(games: &[GameRecord], min_games: usize, plies: usize) -> HashSet<Board> {
    let mut counts: HashMap<Board, usize> = HashMap::new();
    for game in games {
        let mut board = Board::START;
        let mut seen = HashSet::new();
        for &square in game.moves.iter().take(plies + 1) {
            if board.moves() == 0 {
                break;
            }
            let key = canonical(&board);
            if seen.insert(key) {
                *counts.entry(key).or_default() += 1;
            }
            match board.play(square) {
                Some(next) => board = next,
                None => break,
            }
        }
    }
    let often: HashSet<Board> = counts
        .into_iter()
        .filter(|&(_, count)| count >= min_games)
        .map(|(board, _)| board)
        .collect();
    // A position games reach often through several rarer ones (a
    // transposition) is kept only if some kept path leads to it.
    let mut reached = HashSet::new();
    let mut stack = vec![Board::START];
    while let Some(board) = stack.pop() {
        if !often.contains(&canonical(&board)) || !reached.insert(canonical(&board)) {
            continue;
        }
        stack.extend(Squares(board.moves()).filter_map(|square| board.play(square)));
    }
    reached
}

/// A line of the log.
enum LogLine {
    /// A position the enlargement added.
    Add(Board),
    /// The leaf search of a position: its move and score, or none.
    Leaf(Board, Option<(Square, i32)>),
}

fn hex(board: &Board) -> String {
    format!("{:016x} {:016x}", board.player, board.opponent)
}

fn write_line(line: &LogLine) -> String {
    match line {
        LogLine::Add(board) => format!("add {}", hex(board)),
        LogLine::Leaf(board, None) => format!("leaf {} -- 0", hex(board)),
        LogLine::Leaf(board, Some((square, score))) => {
            format!("leaf {} {square} {score}", hex(board))
        }
    }
}

fn read_line(line: &str) -> CliResult<LogLine> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let board = |player: &str, opponent: &str| -> CliResult<Board> {
        let player = u64::from_str_radix(player, 16).map_err(|e| CliError::input("", e))?;
        let opponent = u64::from_str_radix(opponent, 16).map_err(|e| CliError::input("", e))?;
        Board::new(player, opponent).ok_or_else(|| CliError::invalid("", "discs overlap"))
    };
    match fields.as_slice() {
        ["add", player, opponent] => Ok(LogLine::Add(board(player, opponent)?)),
        ["leaf", player, opponent, "--", _] => Ok(LogLine::Leaf(board(player, opponent)?, None)),
        ["leaf", player, opponent, square, score] => {
            let square: Square = square.parse().map_err(|e| CliError::input("", e))?;
            let score: i32 = score.parse().map_err(|e| CliError::input("", e))?;
            Ok(LogLine::Leaf(
                board(player, opponent)?,
                Some((square, score)),
            ))
        }
        _ => Err(CliError::invalid("", "not a log line")),
    }
}

/// The book being built: its positions (canonical) and their leaf searches.
struct Tree {
    members: HashSet<Board>,
    /// Leaf searches: the move (of the canonical board) and score, or none.
    leaves: HashMap<Board, Option<(Square, i32)>>,
    /// Leaf positions that cannot enter the book (the side to move passes).
    refused: HashSet<Board>,
}

impl Tree {
    /// The canonical position after `square` in canonical `board`.
    fn child(board: &Board, square: Square) -> Option<Board> {
        board.play(square).map(|next| canonical(&next))
    }

    /// Whether `board`'s leaf search is missing or now leads into the book.
    fn needs_search(&self, board: &Board) -> bool {
        match self.leaves.get(board) {
            None => true,
            Some(None) => false,
            Some(Some((square, _))) => {
                Tree::child(board, *square).is_none_or(|child| self.members.contains(&child))
            }
        }
    }

    /// The moves of `board` into the book, as bits (left out of its leaf search).
    fn book_moves(&self, board: &Board) -> u64 {
        Squares(board.moves())
            .filter(|&square| {
                Tree::child(board, square).is_some_and(|child| self.members.contains(&child))
            })
            .fold(0, |bits, square| bits | square.bit())
    }

    /// The book of the positions searched so far.
    fn book(&self) -> Book {
        Book::from_leaves(self.members.iter().filter_map(|board| {
            let leaf = self.leaves.get(board)?;
            let leaf = leaf.and_then(|(square, score)| {
                Some(Leaf {
                    child: Tree::child(board, square)?,
                    score,
                })
            });
            Some((*board, leaf))
        }))
    }
}

/// Builds the book from `games` with `settings`, appending to (and first
/// reading) the log at `log_path`; `host` prints a line now and then and
/// is told of the leaves searched.
pub fn build(
    games: &[GameRecord],
    settings: &BuildSettings,
    log_path: &str,
    host: &mut dyn Host,
) -> CliResult<(Book, BuildReport)> {
    let mut report = BuildReport::default();
    let mut tree = Tree {
        members: seed(games, settings.min_games, settings.plies),
        leaves: HashMap::new(),
        refused: HashSet::new(),
    };
    report.seeded = tree.members.len();
    if let Ok(text) = std::fs::read_to_string(log_path) {
        for (number, line) in text.lines().enumerate() {
            match read_line(line) {
                Ok(LogLine::Add(board)) => {
                    if tree.members.insert(board) {
                        report.added += 1;
                    }
                }
                Ok(LogLine::Leaf(board, leaf)) => {
                    tree.leaves.insert(board, leaf);
                    report.resumed += 1;
                }
                // A line cut short by a stop is the last one: skipped.
                Err(e) if number + 1 == text.lines().count() => {
                    host.print(&format!("book build: last log line skipped ({e})"));
                }
                Err(e) => {
                    return Err(e.within(&format!("book build: {log_path}: line {}", number + 1)))
                }
            }
        }
    }
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log_path)
        .map_err(|e| CliError::file(format!("book build: {log_path}"), e))?;
    let mut append = |line: LogLine| -> CliResult {
        writeln!(log, "{}", write_line(&line))
            .map_err(|e| CliError::file(format!("book build: {log_path}"), e))
    };
    host.print(&format!(
        "book build: {} positions seeded from {} games, {} added and {} searches read from the log",
        report.seeded,
        games.len(),
        report.added,
        report.resumed
    ));
    let clock = NativeClock::new();
    loop {
        // Shallow positions first, so that a stopped build has searched the
        // common openings.
        let mut pending: Vec<(Board, u64)> = tree
            .members
            .iter()
            .filter(|board| tree.needs_search(board))
            .map(|board| (*board, tree.book_moves(board)))
            .collect();
        pending.sort_by_key(|(board, _)| {
            (
                std::cmp::Reverse(board.empty_count()),
                board.player,
                board.opponent,
            )
        });
        if !pending.is_empty() {
            let total = pending.len();
            let started = clock.now_ms();
            let mut done = 0;
            search_leaves(&pending, settings, &mut |board, leaf| {
                tree.leaves.insert(board, leaf);
                append(LogLine::Leaf(board, leaf))?;
                report.searched += 1;
                done += 1;
                host.progress("book build: leaves", done as u64, total as u64);
                if done % 200 == 0 || done == total {
                    let seconds = (clock.now_ms() - started) / 1000.0;
                    host.print(&format!(
                        "book build: {done} of {total} leaves searched ({seconds:.0} s); {} positions",
                        tree.members.len()
                    ));
                }
                Ok(())
            })?;
        }
        if tree.members.len() >= settings.positions {
            break;
        }
        let book = tree.book();
        let candidates = enlarge(&book, settings.window, &tree);
        let room = settings.positions - tree.members.len();
        let mut added = 0;
        for child in candidates {
            if added == room {
                break;
            }
            if child.moves() == 0 {
                tree.refused.insert(child);
                continue;
            }
            if tree.members.insert(child) {
                append(LogLine::Add(child))?;
                added += 1;
            }
        }
        report.added += added;
        host.print(&format!(
            "book build: {added} positions added within {} discs of the best; {} positions",
            settings.window,
            tree.members.len()
        ));
        if added == 0 {
            break;
        }
    }
    Ok((tree.book(), report))
}

/// The leaves of the book positions on the lines that stay within `window`
/// discs of the best at every move, whose scores are within `window` of
/// their position's value: the positions to add next, shallow first.
fn enlarge(book: &Book, window: i32, tree: &Tree) -> Vec<Board> {
    let mut visited = HashSet::new();
    let mut out = Vec::new();
    let mut stack = vec![Board::START];
    while let Some(board) = stack.pop() {
        let key = canonical(&board);
        if !visited.insert(key) {
            continue;
        }
        let Some(entry) = book.entry(&board) else {
            continue;
        };
        if let Some(leaf) = entry.leaf {
            if leaf.score >= entry.value - window
                && !tree.refused.contains(&leaf.child)
                && !tree.members.contains(&leaf.child)
            {
                out.push(leaf.child);
            }
        }
        for m in book.moves(&board) {
            if m.score < entry.value - window {
                break;
            }
            if let Some(next) = board.play(m.square) {
                if book.contains(&next) {
                    stack.push(next);
                }
            }
        }
    }
    out.sort_by_key(|board| {
        (
            std::cmp::Reverse(board.empty_count()),
            board.player,
            board.opponent,
        )
    });
    out.dedup();
    out
}

/// The leaf of each `(board, book moves)`: the best move outside the
/// book, searched on `settings.threads` threads; `found` gets each result
/// as it comes (its error stops the searches).
fn search_leaves(
    pending: &[(Board, u64)],
    settings: &BuildSettings,
    found: &mut dyn FnMut(Board, Option<(Square, i32)>) -> CliResult,
) -> CliResult {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                let mut engine = Engine::new(settings.table_mb);
                let clock = NativeClock::new();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(board, excluded)) = pending.get(index) else {
                        break;
                    };
                    // A cleared table: each result depends on its position only.
                    engine.clear();
                    let leaf = engine
                        .search_excluding(&board, excluded, &settings.limits, &clock, &mut Silent)
                        .and_then(|result| match result.best {
                            Some(Move::Play(square)) => Some((square, result.score)),
                            _ => None,
                        });
                    if sender.send((board, leaf)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (board, leaf) in receiver.iter() {
            if let Err(error) = found(board, leaf) {
                // Stops the threads: they take no new position.
                next.store(pending.len(), Ordering::Relaxed);
                return Err(error);
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A host that prints nothing.
    struct Quiet;

    impl Host for Quiet {
        fn print(&mut self, _line: &str) {}

        fn read_file(&mut self, path: &str) -> CliResult<String> {
            Err(CliError::file(path, "no files here"))
        }
    }
    use crate::training::wthor::parse_games;

    const GAMES: &str = "\
1977 34 30 f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1
1978 40 24 f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1
1979 32 32 f5d6c3d3c4f4f6f3e6e7
1980 32 32 f5f6e6f4e3
1981 32 32 e6f4c3c4d3
";

    #[test]
    fn the_seed_keeps_positions_enough_games_reach_under_symmetry() {
        let games = parse_games(GAMES.as_bytes()).unwrap();
        // e6 is f5's mirror image: every game reaches the same first position.
        let seeded = seed(&games, 2, 60);
        let f5 = canonical(&Board::START.play("f5".parse().unwrap()).unwrap());
        assert!(seeded.contains(&canonical(&Board::START)));
        assert!(seeded.contains(&f5));
        // f5d6c3d3c4f4 is reached by three games, its c5 by two, f6 by one.
        let mut board = Board::START;
        for name in ["f5", "d6", "c3", "d3", "c4", "f4"] {
            board = board.play(name.parse().unwrap()).unwrap();
        }
        assert!(seeded.contains(&canonical(&board)));
        assert!(seeded.contains(&canonical(&board.play("c5".parse().unwrap()).unwrap())));
        assert!(!seeded.contains(&canonical(&board.play("f6".parse().unwrap()).unwrap())));
        assert_eq!(seed(&games, 2, 3).len(), 4);
    }

    #[test]
    fn a_small_build_searches_every_leaf_and_resumes_from_its_log() {
        let games = parse_games(GAMES.as_bytes()).unwrap();
        let settings = BuildSettings {
            min_games: 2,
            plies: 4,
            positions: 12,
            window: 4,
            limits: Limits {
                depth: Some(2),
                ..Limits::default()
            },
            table_mb: 1,
            threads: 2,
        };
        let log = std::env::temp_dir().join(format!("book-build-{}.log", std::process::id()));
        let log = log.to_str().unwrap().to_string();
        let _ = std::fs::remove_file(&log);
        let (book, report) = build(&games, &settings, &log, &mut Quiet).unwrap();
        assert_eq!(book.len(), 12);
        assert_eq!(report.seeded + report.added, 12);
        assert!(report.added > 0);
        for (board, entry) in book.entries() {
            assert!(
                entry.leaf.is_some()
                    || book.moves(board).len() == board.moves().count_ones() as usize
            );
            for m in book.moves(board) {
                assert!(board.is_legal(m.square));
            }
        }
        // The same build again reads every search from the log.
        let (again, report) = build(&games, &settings, &log, &mut Quiet).unwrap();
        assert_eq!(report.searched, 0);
        assert_eq!(again, book);
        std::fs::remove_file(&log).unwrap();
    }
}
