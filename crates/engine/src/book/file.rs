//! The book file: a small checked header and the book's tree compressed by
//! the evaluation table's entropy coder ([`crate::eval::codec`]).
//!
//! # Layout (little-endian throughout)
//!
//! | offset | size | field                                                   |
//! |-------:|-----:|---------------------------------------------------------|
//! |      0 |    8 | magic `b"OTHBOOK\x1a"`                                   |
//! |      8 |    2 | format version, [`FORMAT_VERSION`]                      |
//! |     10 |    4 | number of positions                                     |
//! |     14 |    4 | number of coded values                                  |
//! |     18 |    4 | payload length in bytes                                 |
//! |     22 |    4 | CRC-32 of the decoded values as little-endian `i16`s    |
//! |     26 |    4 | CRC-32 of bytes 0..26 (the header above)                |
//! |     30 |    n | payload: the values, [`crate::eval::codec`]             |
//!
//! # The values
//!
//! The positions are written once each, depth first from the start
//! position, as the moves that reach them are replayed; nothing of a board
//! is stored. A position's record is: `k`, the number of its moves that lead
//! to book positions not written yet, then the indices of those `k` moves
//! among its legal moves (in square order); then the index of its leaf's
//! move (`-1` for none), the leaf's score and the position's negamaxed
//! value. The records of those `k` positions follow, each with its own
//! subtree, in order. Reading replays the same moves from the start, so
//! each record meets its position in the orientation it was written in.

use std::collections::HashSet;
use std::fmt;

use super::{Book, Entry, Leaf};
use crate::board::Board;
use crate::eval::codec::{self, CodecError};
use crate::eval::table_file::{crc32, weights_crc32};
use crate::square::Squares;
use crate::symmetry::canonical;

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"OTHBOOK\x1a";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// Bytes before the payload.
pub const HEADER_LEN: usize = 30;
/// The book file the builder made (`othello book build`, docs/book.md),
/// embedded in the build.
pub static EMBEDDED: &[u8] = include_bytes!("book.bin");
/// Index written for a position without a leaf.
const NO_LEAF: i16 = -1;

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookFileError {
    /// The file is shorter than its header.
    TooShort {
        /// Bytes in the file.
        len: usize,
    },
    /// The first eight bytes are not [`MAGIC`].
    BadMagic,
    /// A format version this code does not read.
    UnsupportedVersion {
        /// The file's version.
        found: u16,
    },
    /// The header's checksum does not match its bytes.
    HeaderChecksum,
    /// The payload length in the header does not match the file's size.
    PayloadLength {
        /// The length the header gives.
        declared: u32,
        /// The bytes after the header.
        actual: usize,
    },
    /// The payload does not decode.
    Payload(CodecError),
    /// The decoded values' checksum does not match the header's.
    ValuesChecksum,
    /// The values do not describe a tree of legal moves.
    Tree {
        /// The index of the first value that does not fit.
        at: usize,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The tree has another number of positions than the header.
    PositionCount {
        /// The header's count.
        declared: u32,
        /// The positions the tree holds.
        actual: usize,
    },
}

impl fmt::Display for BookFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookFileError::TooShort { len } => write!(
                f,
                "book file too short: {len} bytes, the header alone is {HEADER_LEN}"
            ),
            BookFileError::BadMagic => write!(f, "not a book file (bad magic bytes)"),
            BookFileError::UnsupportedVersion { found } => write!(
                f,
                "book file version {found} is not supported (this build reads version {FORMAT_VERSION})"
            ),
            BookFileError::HeaderChecksum => write!(f, "book file header checksum mismatch"),
            BookFileError::PayloadLength { declared, actual } => write!(
                f,
                "book file payload is {actual} bytes, the header says {declared}"
            ),
            BookFileError::Payload(error) => write!(f, "book file payload: {error}"),
            BookFileError::ValuesChecksum => write!(f, "book file values checksum mismatch"),
            BookFileError::Tree { at, problem } => {
                write!(f, "book file tree: value {at}: {problem}")
            }
            BookFileError::PositionCount { declared, actual } => write!(
                f,
                "book file holds {actual} positions, the header says {declared}"
            ),
        }
    }
}

impl std::error::Error for BookFileError {}

/// The bytes of `book`'s file: the positions reachable from the start
/// through book moves (a book made by the builder has no others).
pub fn write_book(book: &Book) -> Vec<u8> {
    let mut values = Vec::new();
    let mut written = HashSet::new();
    let start = Board::START;
    let mut positions = 0u32;
    if book.contains(&start) {
        written.insert(canonical(&start));
        write_subtree(book, &start, &mut written, &mut values, &mut positions);
    }
    let payload = codec::compress(&values);
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&positions.to_le_bytes());
    bytes.extend_from_slice(&(values.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&weights_crc32(&values).to_le_bytes());
    let header_crc = crc32(&bytes);
    bytes.extend_from_slice(&header_crc.to_le_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

fn write_subtree(
    book: &Book,
    board: &Board,
    written: &mut HashSet<Board>,
    values: &mut Vec<i16>,
    positions: &mut u32,
) {
    *positions += 1;
    let entry = *book.entry(board).expect("only book positions are written");
    let mut new = Vec::new();
    let mut leaf_index = NO_LEAF;
    for (index, square) in Squares(board.moves()).enumerate() {
        let Some(next) = board.play(square) else {
            continue;
        };
        let child = canonical(&next);
        if book.entries.contains_key(&child) {
            if written.insert(child) {
                new.push((index, next));
            }
        } else if leaf_index == NO_LEAF && entry.leaf.is_some_and(|leaf| leaf.child == child) {
            leaf_index = index as i16;
        }
    }
    values.push(new.len() as i16);
    values.extend(new.iter().map(|&(index, _)| index as i16));
    values.push(leaf_index);
    values.push(entry.leaf.map_or(0, |leaf| leaf.score as i16));
    values.push(entry.value as i16);
    for (_, next) in new {
        write_subtree(book, &next, written, values, positions);
    }
}

/// The book in `bytes`, or why they are not a book file of this build.
pub fn read_book(bytes: &[u8]) -> Result<Book, BookFileError> {
    if bytes.len() < HEADER_LEN {
        return Err(BookFileError::TooShort { len: bytes.len() });
    }
    if bytes[..8] != MAGIC {
        return Err(BookFileError::BadMagic);
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let version = u16_at(8);
    if version != FORMAT_VERSION {
        return Err(BookFileError::UnsupportedVersion { found: version });
    }
    if crc32(&bytes[..26]) != u32_at(26) {
        return Err(BookFileError::HeaderChecksum);
    }
    let (positions, count, declared) = (u32_at(10), u32_at(14), u32_at(18));
    let payload = &bytes[HEADER_LEN..];
    if payload.len() != declared as usize {
        return Err(BookFileError::PayloadLength {
            declared,
            actual: payload.len(),
        });
    }
    let values = codec::decompress(payload, count as usize).map_err(BookFileError::Payload)?;
    if weights_crc32(&values) != u32_at(22) {
        return Err(BookFileError::ValuesChecksum);
    }
    let mut entries = Vec::with_capacity(positions as usize);
    let mut reader = TreeReader {
        values: &values,
        at: 0,
    };
    if !values.is_empty() {
        reader.subtree(&Board::START, &mut entries)?;
    }
    if reader.at != values.len() {
        return Err(BookFileError::Tree {
            at: reader.at,
            problem: "values after the end of the tree",
        });
    }
    if entries.len() != positions as usize {
        return Err(BookFileError::PositionCount {
            declared: positions,
            actual: entries.len(),
        });
    }
    Ok(Book::from_entries(entries))
}

/// Reads records depth first.
struct TreeReader<'a> {
    values: &'a [i16],
    at: usize,
}

impl TreeReader<'_> {
    fn next(&mut self) -> Result<i16, BookFileError> {
        let value = self
            .values
            .get(self.at)
            .copied()
            .ok_or(BookFileError::Tree {
                at: self.at,
                problem: "the tree ends early",
            })?;
        self.at += 1;
        Ok(value)
    }

    fn error(&self, problem: &'static str) -> BookFileError {
        BookFileError::Tree {
            at: self.at - 1,
            problem,
        }
    }

    /// The move of `board` with `index` among its legal moves, and the position after it.
    fn child(&self, board: &Board, index: i16) -> Result<Board, BookFileError> {
        usize::try_from(index)
            .ok()
            .and_then(|index| Squares(board.moves()).nth(index))
            .and_then(|square| board.play(square))
            .ok_or_else(|| self.error("not the index of a legal move"))
    }

    fn subtree(
        &mut self,
        board: &Board,
        entries: &mut Vec<(Board, Entry)>,
    ) -> Result<(), BookFileError> {
        let count = self.next()?;
        if !(0..=64).contains(&count) {
            return Err(self.error("not a number of moves"));
        }
        let mut children = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let index = self.next()?;
            children.push(self.child(board, index)?);
        }
        let leaf_index = self.next()?;
        let score = i32::from(self.next()?);
        let leaf = if leaf_index == NO_LEAF {
            None
        } else {
            let child = canonical(&self.child(board, leaf_index)?);
            if score.abs() > crate::score::MAX_SCORE {
                return Err(self.error("not a score"));
            }
            Some(Leaf { child, score })
        };
        let value = i32::from(self.next()?);
        if value.abs() > crate::score::MAX_SCORE {
            return Err(self.error("not a value"));
        }
        entries.push((canonical(board), Entry { value, leaf }));
        for child in children {
            self.subtree(&child, entries)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    /// A book of every position of the first three plies, with made-up leaves.
    fn three_plies() -> Book {
        let mut positions = vec![Board::START];
        let mut frontier = vec![Board::START];
        for _ in 0..3 {
            let mut next = Vec::new();
            for board in &frontier {
                for square in Squares(board.moves()) {
                    next.push(board.play(square).unwrap());
                }
            }
            positions.extend(next.iter().copied());
            frontier = next;
        }
        Book::from_leaves(positions.iter().enumerate().map(|(i, board)| {
            let square: Square = Squares(board.moves()).last().unwrap();
            let child = canonical(&board.play(square).unwrap());
            (
                *board,
                Some(Leaf {
                    child,
                    score: (i % 7) as i32 - 3,
                }),
            )
        }))
        // (The leaves of the first two plies lead into the book: dropped.)
    }

    #[test]
    fn a_book_round_trips() {
        let book = three_plies();
        let bytes = write_book(&book);
        let read = read_book(&bytes).unwrap();
        assert_eq!(read.len(), book.len());
        for (board, entry) in book.entries() {
            assert_eq!(read.entry(board), Some(entry));
            assert_eq!(read.moves(board), book.moves(board));
        }
        assert_eq!(read_book(&write_book(&Book::default())).unwrap().len(), 0);
    }

    #[test]
    fn damaged_files_are_errors() {
        let bytes = write_book(&three_plies());
        assert_eq!(
            read_book(&bytes[..10]),
            Err(BookFileError::TooShort { len: 10 })
        );
        let mut bad = bytes.clone();
        bad[0] ^= 1;
        assert_eq!(read_book(&bad), Err(BookFileError::BadMagic));
        for at in 8..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(
                read_book(&bad).is_err(),
                "a flipped bit at byte {at} was not noticed"
            );
        }
        assert!(read_book(&bytes[..bytes.len() - 1]).is_err());
    }

    #[test]
    fn the_embedded_book_decodes_and_its_moves_are_legal() {
        let book = Book::embedded();
        for (board, entry) in book.entries() {
            assert!(board.moves() != 0, "a book position has moves");
            if let Some(leaf) = entry.leaf {
                assert!(Squares(board.moves())
                    .any(|square| canonical(&board.play(square).unwrap()) == leaf.child));
            }
            for m in book.moves(board) {
                assert!(board.is_legal(m.square));
                assert!(m.score.abs() <= crate::score::MAX_SCORE);
            }
        }
    }

    #[test]
    fn the_embedded_book_probes_symmetric_positions_alike() {
        use crate::symmetry::Symmetry;
        let book = Book::embedded();
        for (board, _) in book.entries().take(500) {
            let moves = book.moves(board);
            assert!(!moves.is_empty());
            for symmetry in Symmetry::ALL {
                let mapped: Vec<(Square, i32)> = moves
                    .iter()
                    .map(|m| (symmetry.square(m.square), m.score))
                    .collect();
                let mut probed: Vec<(Square, i32)> = book
                    .moves(&symmetry.board(board))
                    .iter()
                    .map(|m| (m.square, m.score))
                    .collect();
                let mut expected = mapped;
                // Equal scores may come in another square order.
                expected.sort_by_key(|&(square, score)| (-score, square.index()));
                probed.sort_by_key(|&(square, score)| (-score, square.index()));
                assert_eq!(probed, expected);
            }
        }
    }
}
