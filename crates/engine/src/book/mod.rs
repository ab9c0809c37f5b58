//! The opening book: positions the book builder searched deeply, each
//! stored once under the eight symmetries, with the value of every book
//! move.
//!
//! A book position holds at most one *leaf*: its best move whose position is
//! not itself in the book, with the score a deep search gave it. The value
//! of a position is the negamax of its book moves: the best of its leaf's
//! score and, for each move that leads to another book position, minus that
//! position's value. This is the layout of the books of the strong engines
//! (Richard Delorme's Edax: links, one leaf, negamax; Takuto Yamana's
//! Egaroucid builds its book the same way), and BILL learned a book of its
//! own games (Lee and Mahajan, "BILL: A Table-Based, Knowledge-Intensive
//! Othello Program", 1986).
//!
//! The book the engine ships is embedded compressed ([`file`]) and decoded
//! on first use ([`Book::embedded`]).

pub mod file;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::board::Board;
use crate::named_file::NamedFile;
use crate::rng::Rng;
use crate::square::{Square, Squares};
use crate::symmetry::canonical;

/// A book position's best move outside the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The position after the move, in its canonical orientation
    /// ([`canonical`]), which tells the move in any orientation.
    pub child: Board,
    /// The move's score for the side to move, in discs.
    pub score: i32,
}

/// What the book keeps of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The negamax value for the side to move, in discs.
    pub value: i32,
    /// The best move outside the book, if any move is outside it.
    pub leaf: Option<Leaf>,
}

/// A move the book knows, with its score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub square: Square,
    /// Its value for the side to move, in discs.
    pub score: i32,
}

/// A hasher for boards: their bits are already well spread, so one
/// multiply-xorshift round of the words written is enough (the default
/// hasher, built against hostile keys, costs a third of the book's decoding).
#[derive(Default)]
pub struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The map of book positions.
type Entries = HashMap<Board, Entry, BuildHasherDefault<BoardHasher>>;

/// The midgame depth of the searches that scored the embedded book's leaves
/// (docs/book.md has the build command; a rebuild with another depth
/// changes it).
pub const EMBEDDED_LEAF_DEPTH: u32 = 14;
/// The confidence in percent of those searches' selective cuts.
pub const EMBEDDED_LEAF_CONFIDENCE: u32 = 73;

/// A book read from a file (native tools only, `book=file:<path>`), to
/// compare books in matches.
pub type BookFile = NamedFile<Book>;

/// An opening book: canonical positions with their entries.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    entries: Entries,
}

impl Book {
    /// The book embedded in the build, decoded on first use.
    ///
    /// # Panics
    /// When the embedded file is damaged (the build's tests decode it).
    pub fn embedded() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| file::read_book(file::EMBEDDED).expect("the embedded book decodes"))
    }

    /// A book of the positions given with their leaves (keys in any
    /// orientation; the leaves' children canonical), with every value
    /// negamaxed. A leaf whose position is in the book is dropped: it is a
    /// book move.
    pub fn from_leaves(leaves: impl IntoIterator<Item = (Board, Option<Leaf>)>) -> Book {
        let mut entries: Entries = leaves
            .into_iter()
            .map(|(board, leaf)| {
                let entry = Entry {
                    value: NO_VALUE,
                    leaf,
                };
                (canonical(&board), entry)
            })
            .collect();
        let in_book: Vec<Board> = entries
            .iter()
            .filter(|(_, entry)| {
                entry
                    .leaf
                    .is_some_and(|leaf| entries.contains_key(&leaf.child))
            })
            .map(|(board, _)| *board)
            .collect();
        for board in in_book {
            if let Some(entry) = entries.get_mut(&board) {
                entry.leaf = None;
            }
        }
        for entry in entries.values_mut() {
            entry.value = entry.leaf.map_or(NO_VALUE, |leaf| leaf.score);
        }
        let keys: Vec<Board> = entries.keys().copied().collect();
        let mut done = HashSet::with_capacity(keys.len());
        for key in keys {
            negamax(&key, &mut entries, &mut done);
        }
        Book { entries }
    }

    /// A book of entries whose values are negamaxed already (a book file's;
    /// keys canonical).
    pub(crate) fn from_entries(entries: impl IntoIterator<Item = (Board, Entry)>) -> Book {
        Book {
            entries: entries.into_iter().collect(),
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of `board` (in any orientation), if it is in the book.
    pub fn entry(&self, board: &Board) -> Option<&Entry> {
        self.entries.get(&canonical(board))
    }

    /// Whether `board` (in any orientation) is in the book.
    pub fn contains(&self, board: &Board) -> bool {
        self.entry(board).is_some()
    }

    /// Every position and its entry, canonical, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (&Board, &Entry)> {
        self.entries.iter()
    }

    /// The moves of `board` the book knows (those leading to book
    /// positions, and the leaf), best first (ties in square order); empty
    /// when `board` is not in the book.
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        let Some(entry) = self.entry(board) else {
            return Vec::new();
        };
        let mut moves: Vec<BookMove> = Squares(board.moves())
            .filter_map(|square| {
                let child = canonical(&board.play(square)?);
                let score = match self.entries.get(&child) {
                    Some(next) => -next.value,
                    None => entry.leaf.filter(|leaf| leaf.child == child)?.score,
                };
                Some(BookMove { square, score })
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        moves
    }

    /// The book's move in `board`: one drawn by `seed` among the moves
    /// within `variety` discs of the best (with 0, among the best ones).
    pub fn choose(&self, board: &Board, variety: u32, seed: u64) -> Option<BookMove> {
        let moves = self.moves(board);
        let best = moves.first()?.score;
        let near = moves
            .iter()
            .take_while(|m| m.score >= best - variety as i32)
            .count();
        Some(moves[Rng::new(seed).below(near)])
    }

    /// The line of best book moves from `board` (empty when it is not in the book).
    pub fn line(&self, board: &Board) -> Vec<Square> {
        let mut line = Vec::new();
        let mut board = *board;
        while let Some(best) = self.moves(&board).first() {
            line.push(best.square);
            match board.play(best.square) {
                Some(next) if next.moves() != 0 => board = next,
                _ => break,
            }
        }
        line
    }
}

/// The value of a position before its moves are known: below every score.
const NO_VALUE: i32 = -crate::score::MAX_SCORE - 1;

/// Negamaxes the value of `key` (canonical) from its leaf and its book
/// children, each computed once (`done`).
fn negamax(key: &Board, entries: &mut Entries, done: &mut HashSet<Board>) -> i32 {
    if done.contains(key) {
        return entries[key].value;
    }
    let mut value = entries[key].value;
    for square in Squares(key.moves()) {
        let Some(child) = key.play(square).map(|next| canonical(&next)) else {
            continue;
        };
        if entries.contains_key(&child) {
            value = value.max(-negamax(&child, entries, done));
        }
    }
    if let Some(entry) = entries.get_mut(key) {
        entry.value = value;
    }
    done.insert(*key);
    value
}

/// How the opening book chooses its move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookChoice {
    /// Moves within this many discs of the best book move may be chosen
    /// (0: a best one; equal ones are drawn by the seed).
    pub variety: u32,
    /// Draws the move among those (the same seed, the same move).
    pub seed: u64,
    /// The book consulted: `None` for the embedded one ([`Book::embedded`]),
    /// or a book file (`book=file:<path>`, read by a native front end), so
    /// that two books can play a match in one process.
    pub file: Option<&'static BookFile>,
}

impl BookChoice {
    /// The book this choice consults.
    pub fn book(&self) -> &'static Book {
        self.file.map_or_else(Book::embedded, |file| &file.contents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetry;

    fn square(name: &str) -> Square {
        name.parse().expect("a square")
    }

    /// The start, f5 (and its symmetric replies) in the book; d6 the leaf of f5.
    fn small_book() -> Book {
        let start = Board::START;
        let f5 = start.play(square("f5")).unwrap();
        let f5d6 = f5.play(square("d6")).unwrap();
        let f5f6 = f5.play(square("f6")).unwrap();
        Book::from_leaves([
            (start, None),
            (
                f5,
                Some(Leaf {
                    child: canonical(&f5d6),
                    score: 1,
                }),
            ),
            (
                f5f6,
                Some(Leaf {
                    child: canonical(&f5f6.play(square("e6")).unwrap()),
                    score: -3,
                }),
            ),
        ])
    }

    #[test]
    fn values_are_negamaxed_and_every_opening_move_is_a_book_move() {
        let book = small_book();
        assert_eq!(book.len(), 3);
        let f5 = Board::START.play(square("f5")).unwrap();
        // f5's moves: d6 (the leaf, +1) and f6 (to a book position worth -3 for White's opponent).
        let moves = book.moves(&f5);
        assert_eq!(
            moves,
            vec![
                BookMove {
                    square: square("f6"),
                    score: 3
                },
                BookMove {
                    square: square("d6"),
                    score: 1
                },
            ]
        );
        assert_eq!(book.entry(&f5).unwrap().value, 3);
        // The four opening moves are symmetric: all lead to f5's class.
        let start = book.moves(&Board::START);
        assert_eq!(start.len(), 4);
        assert!(start.iter().all(|m| m.score == -3));
        assert_eq!(book.line(&f5).first(), Some(&square("f6")));
    }

    #[test]
    fn symmetric_positions_probe_alike() {
        let book = small_book();
        let f5 = Board::START.play(square("f5")).unwrap();
        for symmetry in Symmetry::ALL {
            let image = symmetry.board(&f5);
            let moves = book.moves(&image);
            let mapped: Vec<BookMove> = book
                .moves(&f5)
                .into_iter()
                .map(|m| BookMove {
                    square: symmetry.square(m.square),
                    score: m.score,
                })
                .collect();
            assert_eq!(moves, mapped, "symmetry {symmetry:?}");
        }
        assert!(book.moves(&f5.play(square("d6")).unwrap()).is_empty());
    }

    #[test]
    fn variety_draws_only_moves_within_the_window() {
        let book = small_book();
        let f5 = Board::START.play(square("f5")).unwrap();
        for seed in 0..50 {
            assert_eq!(book.choose(&f5, 0, seed).unwrap().square, square("f6"));
        }
        let drawn: std::collections::HashSet<Square> = (0..50)
            .map(|seed| book.choose(&f5, 2, seed).unwrap().square)
            .collect();
        assert_eq!(drawn.len(), 2);
        assert_eq!(book.choose(&f5.play(square("d6")).unwrap(), 5, 1), None);
    }
}
