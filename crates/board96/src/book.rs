//! The report's opening book (Snow, Patel and Jacobs, "Othello: The Moors
//! of Venice", section 6): depth-12 searches for the positions with up to
//! 12 discs that a side can meet when it plays its book moves. For one side
//! the builder searches that side's best move; at the other side's
//! positions it follows every reply; and so on until the discs pass the
//! limit. The book for Red holds Red-to-move positions only, the book for
//! White White-to-move positions only, so the two live in one [`Book`].
//!
//! The book is a map of its own, apart from the transposition table (whose
//! entries are replaced; the report used a separate hash map for the same
//! reason). Keys are canonical under the eight symmetries of the square
//! ([`crate::symmetry`]): the holes are symmetric, so a position and its
//! images share a game tree, and the evaluations value them alike. A lookup
//! maps the stored move back onto the position asked about.
//!
//! The book belongs to the evaluation it was built with: when the smart
//! weights change, build it again (`othello book build --board 96`, see
//! `docs/board96.md`).
//!
//! File format (text): `#` comment lines, then a header of `key value`
//! lines in this order: `book96 1` (the format's version), `depth`,
//! `discs`, `eval`, `entries` (the count) and `checksum` (FNV-1a, 64 bits,
//! of the entry lines joined by newlines, 16 hex digits); then one entry per
//! line: the canonical position line (96 cells and the side to move), the
//! book move and its value, sorted.

use crate::position::RED;
use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;

use crate::eval::Evaluator;
use crate::notation::line::{self, LineError};
use crate::notation::transcript::parse_move;
use crate::position::{Color, Move, Position};
use crate::search::{Algorithm, Search, TranspositionTable};
use crate::symmetry::{self, canonical, Symmetry};
use crate::Status;

/// The format version this code reads and writes.
pub const VERSION: u32 = 1;

/// The report's book: depth-12 searches...
pub const REPORT_DEPTH: u32 = 12;
/// ... for positions with up to 12 discs.
pub const REPORT_DISCS: u32 = 12;

/// The committed book (`crates/board96/data/book96.txt`).
const EMBEDDED: &str = include_str!("../data/book96.txt");

/// A book move as a lookup answers it, in the position's own squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub best: Move,
    /// Its value for the side to move at the book's depth.
    pub value: i32,
    /// The depth it was searched to.
    pub depth: u32,
}

/// One entry: a canonical position, its move and value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position in canonical form ([`canonical`]).
    pub position: Position,
    /// The best move found (in the canonical position's squares).
    pub best: Move,
    /// Its value for the side to move.
    pub value: i32,
}

/// An opening book: canonical positions to moves, with how it was built.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// The search depth of every entry.
    pub depth: u32,
    /// The most discs of a searched position.
    pub discs: u32,
    /// The evaluation's name (for example `smart-hand`).
    pub eval: String,
    entries: HashMap<Position, (Move, i32)>,
}

/// The key of a position: its canonical board with the side to move, and
/// the symmetry that maps the position onto it.
fn key(position: &Position) -> (Position, Symmetry) {
    let (board, symmetry) = canonical(&position.board);
    (
        Position {
            board,
            to_move: position.to_move,
        },
        symmetry,
    )
}

/// The image of a move under a symmetry.
fn map_move(symmetry: Symmetry, mv: Move) -> Move {
    match mv {
        Move::Play(square) => Move::Play(symmetry::square(symmetry, square)),
        Move::Pass => Move::Pass,
    }
}

impl Book {
    /// An empty book for `depth`, `discs` and the evaluation `eval`.
    pub fn new(depth: u32, discs: u32, eval: &str) -> Book {
        Book {
            depth,
            discs,
            eval: eval.to_string(),
            entries: HashMap::new(),
        }
    }

    /// The committed book, read once (an empty book if it failed to read,
    /// which the crate's tests rule out).
    pub fn embedded() -> &'static Book {
        static BOOK: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
        BOOK.get_or_init(|| Book::parse(EMBEDDED).unwrap_or_default())
    }

    /// Entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book move for `position` (or any of its images), in the
    /// position's own squares.
    pub fn lookup(&self, position: &Position) -> Option<BookMove> {
        let (canonical, symmetry) = key(position);
        self.entries.get(&canonical).map(|&(best, value)| BookMove {
            best: map_move(symmetry.inverse(), best),
            value,
            depth: self.depth,
        })
    }

    /// Adds (or replaces) the move of `position`, given in its own squares.
    pub fn insert(&mut self, position: &Position, best: Move, value: i32) {
        let (canonical, symmetry) = key(position);
        self.entries
            .insert(canonical, (map_move(symmetry, best), value));
    }

    /// The entries, sorted by their position lines.
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries: Vec<(String, Entry)> = self
            .entries
            .iter()
            .map(|(&position, &(best, value))| {
                (
                    line::write(&position),
                    Entry {
                        position,
                        best,
                        value,
                    },
                )
            })
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.into_iter().map(|(_, entry)| entry).collect()
    }

    /// The book as text (see the module's documentation).
    pub fn write(&self) -> String {
        let lines: Vec<String> = self.entries().iter().map(Entry::line).collect();
        let body = lines.join("\n");
        let mut text = String::new();
        text.push_str("# Opening book of the 96-square board (CS 221 report, section 6),\n");
        text.push_str("# built by `othello book build --board 96` (docs/board96.md).\n");
        text.push_str("# Entry: canonical position line, side to move, move, value.\n");
        text.push_str(&format!(
            "book96 {VERSION}\ndepth {}\ndiscs {}\neval {}\nentries {}\nchecksum {:016x}\n",
            self.depth,
            self.discs,
            self.eval,
            lines.len(),
            checksum(&body)
        ));
        if !body.is_empty() {
            text.push_str(&body);
            text.push('\n');
        }
        text
    }

    /// Reads a book written by [`Book::write`]: the header, every entry a
    /// canonical position with a legal move, no position twice, the count
    /// and the checksum right.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.trim_end()))
            .filter(|(_, line)| !line.starts_with('#'));
        let mut field = |name: &'static str| -> Result<(usize, String), BookError> {
            let (number, line) = lines.next().ok_or(BookError::Header {
                line: 0,
                expected: name,
                found: String::new(),
            })?;
            match line.split_once(' ') {
                Some((key, value)) if key == name => Ok((number, value.trim().to_string())),
                _ => Err(BookError::Header {
                    line: number,
                    expected: name,
                    found: line.to_string(),
                }),
            }
        };
        let (_, version) = field("book96")?;
        if version != VERSION.to_string() {
            return Err(BookError::Version { found: version });
        }
        let number = |(line, value): (usize, String), name: &'static str| {
            value.parse::<u64>().map_err(|_| BookError::Header {
                line,
                expected: name,
                found: value,
            })
        };
        let depth = number(field("depth")?, "depth")? as u32;
        let discs = number(field("discs")?, "discs")? as u32;
        let (_, eval) = field("eval")?;
        let count = number(field("entries")?, "entries")?;
        let (checksum_line, checksum_text) = field("checksum")?;
        let expected_checksum =
            u64::from_str_radix(&checksum_text, 16).map_err(|_| BookError::Header {
                line: checksum_line,
                expected: "checksum",
                found: checksum_text.clone(),
            })?;
        let mut book = Book::new(depth, discs, &eval);
        let mut body = Vec::new();
        for (number, text) in lines {
            let entry = parse_entry(text).map_err(|reason| BookError::Entry {
                line: number,
                reason,
            })?;
            if book.entries.contains_key(&entry.position) {
                return Err(BookError::Entry {
                    line: number,
                    reason: EntryError::Duplicate,
                });
            }
            book.entries
                .insert(entry.position, (entry.best, entry.value));
            body.push(text);
        }
        if body.len() as u64 != count {
            return Err(BookError::Count {
                header: count,
                found: body.len() as u64,
            });
        }
        let found = checksum(&body.join("\n"));
        if found != expected_checksum {
            return Err(BookError::Checksum {
                header: expected_checksum,
                found,
            });
        }
        Ok(book)
    }
}

impl Entry {
    /// The entry's line in a book file.
    pub fn line(&self) -> String {
        format!(
            "{} {} {}",
            line::write(&self.position),
            self.best,
            self.value
        )
    }

    /// Reads an entry line: a canonical position, a legal move, a value.
    pub fn parse(text: &str) -> Result<Entry, EntryError> {
        parse_entry(text)
    }
}

/// Reads one entry line.
fn parse_entry(text: &str) -> Result<Entry, EntryError> {
    let mut words = text.split_whitespace();
    let (Some(cells), Some(side), Some(mv), Some(value), None) = (
        words.next(),
        words.next(),
        words.next(),
        words.next(),
        words.next(),
    ) else {
        return Err(EntryError::Fields);
    };
    let position = line::parse(&format!("{cells} {side}")).map_err(EntryError::Position)?;
    if key(&position).0 != position {
        return Err(EntryError::NotCanonical);
    }
    let best = parse_move::<crate::Board>(mv).ok_or_else(|| EntryError::Move(mv.to_string()))?;
    if position.play(best).is_err() {
        return Err(EntryError::Illegal(best));
    }
    let value = value
        .parse::<i32>()
        .map_err(|_| EntryError::Value(value.to_string()))?;
    Ok(Entry {
        position,
        best,
        value,
    })
}

/// FNV-1a, 64 bits.
fn checksum(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Why a book entry line is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// Not four fields (cells, side, move, value).
    Fields,
    /// The position is not a position line.
    Position(LineError),
    /// The position is not in canonical form.
    NotCanonical,
    /// The move is not a square or a pass.
    Move(String),
    /// The move cannot be played in the position.
    Illegal(Move),
    /// The value is not a whole number.
    Value(String),
    /// The position is in the book already.
    Duplicate,
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::Fields => {
                f.write_str("expected a position line, the side to move, a move and a value")
            }
            EntryError::Position(error) => write!(f, "{error}"),
            EntryError::NotCanonical => {
                f.write_str("the position is not in canonical form (the least of its images)")
            }
            EntryError::Move(text) => write!(f, "move '{text}' is not a square or pa"),
            EntryError::Illegal(mv) => write!(f, "move {mv} is illegal in the position"),
            EntryError::Value(text) => write!(f, "value '{text}' is not a whole number"),
            EntryError::Duplicate => f.write_str("the position is in the book twice"),
        }
    }
}

/// Why a text is not a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// A header line is missing or malformed (`line` 0: the text ended).
    Header {
        /// The 1-based line number.
        line: usize,
        /// The key expected there.
        expected: &'static str,
        /// What was found.
        found: String,
    },
    /// The format version is not [`VERSION`].
    Version {
        /// The version found.
        found: String,
    },
    /// An entry line is refused.
    Entry {
        /// The 1-based line number.
        line: usize,
        /// Why.
        reason: EntryError,
    },
    /// The header's count differs from the entries.
    Count {
        /// The header's count.
        header: u64,
        /// Entries read.
        found: u64,
    },
    /// The header's checksum differs from the entries'.
    Checksum {
        /// The header's.
        header: u64,
        /// The entries'.
        found: u64,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Header {
                line: 0, expected, ..
            } => write!(
                f,
                "book: the text ends before the header's '{expected}' line"
            ),
            BookError::Header {
                line,
                expected,
                found,
            } => write!(
                f,
                "book: line {line}: expected the header line '{expected} <value>', found '{found}'"
            ),
            BookError::Version { found } => write!(
                f,
                "book: version '{found}' is not {VERSION}, the version this program reads"
            ),
            BookError::Entry { line, reason } => write!(f, "book: line {line}: {reason}"),
            BookError::Count { header, found } => write!(
                f,
                "book: the header says {header} entries, the file has {found}"
            ),
            BookError::Checksum { header, found } => write!(
                f,
                "book: checksum {found:016x} of the entries differs from the header's {header:016x}"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// How to build a book.
pub struct BookConfig<'a> {
    /// Search depth.
    pub depth: u32,
    /// The most discs of a searched position.
    pub discs: u32,
    /// The evaluation for Red's searches and the one for White's (the
    /// same, or a colour's own weights).
    pub evaluators: [&'a dyn Evaluator; 2],
    /// The evaluation's name, written in the header.
    pub eval: &'a str,
    /// The search: iterative deepening two plies at a time (the report's
    /// step) to `depth` with this algorithm and one table per position.
    pub algorithm: Algorithm,
    /// The table's size, `2^table_bits` entries.
    pub table_bits: u32,
}

/// One book position done.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The entry.
    pub entry: Entry,
    /// Positions done so far (this one included).
    pub done: usize,
    /// Positions known so far (done and queued).
    pub known: usize,
    /// Nodes of its search (0 when it came from the earlier book).
    pub nodes: u64,
    /// Whether it was searched now (not taken from the earlier book).
    pub searched: bool,
}

/// Searches one position for the book: iterative deepening by two plies
/// (from the depth's parity) with one table, the best move and value at
/// `depth`, and the nodes.
pub fn search_entry(position: &Position, config: &BookConfig) -> Option<(Move, i32, u64)> {
    let evaluator = config.evaluators[usize::from(position.to_move == Color::White)];
    let mut table = TranspositionTable::new(config.table_bits);
    let mut search = Search::new(evaluator).with_table(&mut table);
    let mut result = None;
    let mut depth = 2 - config.depth % 2;
    while depth <= config.depth {
        result = search.run(&position.board, depth, config.algorithm);
        depth += 2;
    }
    let nodes = search.nodes();
    result.and_then(|r| r.best.map(|best| (best, r.value, nodes)))
}

/// The positions of the book in the order the builder meets them: for each
/// side (Red, then White), breadth first from the start, the side's
/// positions with up to `discs` discs (canonical, once each). `choose`
/// gives the side's move at each of its positions; the other side's every
/// reply is followed.
fn walk(discs: u32, mut choose: impl FnMut(&Position, usize, usize) -> Option<Move>) {
    let mut done = 0;
    for side in [RED, Color::White] {
        let mut seen = HashSet::new();
        let mut queue = VecDeque::new();
        let start = key(&Position::START).0;
        seen.insert(start);
        queue.push_back(start);
        let push =
            |position: Position, seen: &mut HashSet<Position>, queue: &mut VecDeque<Position>| {
                let canonical = key(&position).0;
                if canonical.board.disc_count() <= discs && seen.insert(canonical) {
                    queue.push_back(canonical);
                }
            };
        while let Some(position) = queue.pop_front() {
            match position.board.status() {
                Status::GameOver => {}
                Status::MustPass => {
                    if let Ok(next) = position.play(Move::Pass) {
                        push(next, &mut seen, &mut queue);
                    }
                }
                Status::Moves if position.to_move == side => {
                    done += 1;
                    let known = done + queue.len();
                    if let Some(next) =
                        choose(&position, done, known).and_then(|mv| position.play(mv).ok())
                    {
                        push(next, &mut seen, &mut queue);
                    }
                }
                Status::Moves => {
                    for square in crate::square::Squares(position.board.moves()) {
                        if let Ok(next) = position.play(Move::Play(square)) {
                            push(next, &mut seen, &mut queue);
                        }
                    }
                }
            }
        }
    }
}

/// Builds the book: every position of the walk (see the module) searched
/// with `config`, except those `earlier` holds (an interrupted build's
/// entries, taken as they are). `progress` hears of each position.
pub fn build(config: &BookConfig, earlier: &Book, progress: &mut dyn FnMut(Progress)) -> Book {
    let mut book = Book::new(config.depth, config.discs, config.eval);
    walk(config.discs, |position, done, known| {
        let (best, value, nodes, searched) = match earlier.entries.get(position) {
            Some(&(best, value)) => (best, value, 0, false),
            None => {
                let (best, value, nodes) = search_entry(position, config)?;
                (best, value, nodes, true)
            }
        };
        book.entries.insert(*position, (best, value));
        progress(Progress {
            entry: Entry {
                position: *position,
                best,
                value,
            },
            done,
            known,
            nodes,
            searched,
        });
        Some(best)
    });
    book
}

/// Counts the positions a book of `discs` would search, for each disc
/// count (index = discs) and side (0 Red, 1 White), taking `choose` as
/// the book side's move (the first legal move gives the shape of any
/// book: the count depends on the replies, not on the moves chosen, up to
/// transpositions).
pub fn count_positions(
    discs: u32,
    mut choose: impl FnMut(&Position) -> Option<Move>,
) -> Vec<[usize; 2]> {
    let mut counts = vec![[0usize; 2]; discs as usize + 1];
    walk(discs, |position, _, _| {
        counts[position.board.disc_count() as usize]
            [usize::from(position.to_move == Color::White)] += 1;
        choose(position)
    });
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Greedy, Smart};

    fn small_config<'a>(evaluator: &'a dyn Evaluator) -> BookConfig<'a> {
        BookConfig {
            depth: 3,
            discs: 8,
            evaluators: [evaluator, evaluator],
            eval: "greedy",
            algorithm: Algorithm::AlphaBeta,
            table_bits: 12,
        }
    }

    #[test]
    fn a_small_book_round_trips_and_resumes() {
        let config = small_config(&Greedy);
        let mut heard = Vec::new();
        let book = build(&config, &Book::default(), &mut |p| heard.push(p));
        assert_eq!(heard.len(), book.len());
        assert!(heard.iter().all(|p| p.searched && p.nodes > 0));
        assert!(book.len() > 10, "{}", book.len());
        let text = book.write();
        assert_eq!(Book::parse(&text).unwrap(), book);
        assert_eq!(Book::parse(&text).unwrap().write(), text);
        // Resuming from half the entries searches only the other half.
        let mut half = Book::new(3, 8, "greedy");
        for entry in book.entries().iter().step_by(2) {
            half.insert(&entry.position, entry.best, entry.value);
        }
        let mut searched = 0;
        let again = build(&config, &half, &mut |p| searched += usize::from(p.searched));
        assert_eq!(again, book);
        assert_eq!(searched, book.len() - half.len());
    }

    #[test]
    fn the_evaluations_value_images_alike() {
        let smart = Smart::hand();
        let mut position = Position::START;
        let mut rng = othello::rng::Rng::new(7);
        while position.board.status() == Status::Moves {
            let moves: Vec<_> = crate::square::Squares(position.board.moves()).collect();
            let square = moves[rng.below(moves.len())];
            position = position.play(Move::Play(square)).unwrap();
            for symmetry in Symmetry::ALL {
                let image = symmetry::board(symmetry, &position.board);
                assert_eq!(smart.evaluate(&image), smart.evaluate(&position.board));
                assert_eq!(
                    image.moves(),
                    symmetry::bits(symmetry, position.board.moves())
                );
            }
        }
    }
}
