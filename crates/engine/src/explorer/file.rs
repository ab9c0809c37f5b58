//! The explorer's index file: the games' years and final disc counts, and
//! the positions reached by at least two games with the results of every
//! move played from them, written depth first from a few root positions so
//! that no position's board is stored (reading replays the moves).
//!
//! # Layout (little-endian throughout)
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0 | 8 | magic `b"OTHEXPL\x1a"` |
//! | 8 | 2 | format version, [`FORMAT_VERSION`] |
//! | 10 | 2 | the least number of games of a position in the index ([`super::MIN_GAMES`]) |
//! | 12 | 4 | `G`: games counted |
//! | 16 | 4 | `P`: positions |
//! | 20 | 4 | `R`: roots |
//! | 24 | 2 | `Y`: year runs |
//! | 26 | 4 | `T`: bytes of the tree |
//! | 30 | 6 `Y` | year runs: a year (`u16`) and the number of consecutive games played in it (`u32`), in game order |
//! | | 2 `G` | each game's final discs: Black's, then White's (a byte each) |
//! | | 17 `R` | the roots: Black's discs and White's discs (`u64` each) and the side to move (0 Black, 1 White), canonical |
//! | | `T` | the tree: the records of the positions |
//! | | 4 | CRC-32 of every byte before it |
//!
//! # Records
//!
//! A position's record is, in LEB128 varints: `2 e + f`, where `e` is the
//! number of its moves that games played and `f` is 1 when games ended in
//! it; when `f` is 1, the *results* of those games; then each move, in
//! square order: a byte, the square (`0`-`63`, `a1` = 0, in the record's
//! canonical orientation) plus [`ONE_GAME`] when one game played it and
//! [`NEW_RECORD`] when the position it leads to is in the index and its
//! record comes next; then, for one game, its disc difference (zigzag) and
//! its number, else the move's *results*. Results are: games, Black's wins,
//! draws, the sum of the disc differences (zigzag) and the number of the
//! most recent game (the highest number: the games are in the order they
//! were played).
//!
//! The tree holds each root's record followed by the records its moves
//! lead to, depth first: after a record come the records of its moves
//! flagged [`NEW_RECORD`], in order, each with its own. The first root is
//! the start position; the others are positions in the index that no
//! other position of the index leads to (games reached them from
//! positions that one game reached).

use std::fmt;
use std::ops::Range;

use super::Results;
use crate::eval::table_file::crc32;
use crate::position::{Color, Position};
use crate::square::Square;

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"OTHEXPL\x1a";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// Bytes before the year runs.
pub const HEADER_LEN: usize = 30;
/// Bytes of a year run.
const YEAR_RUN_LEN: usize = 6;
/// Bytes of a root.
const ROOT_LEN: usize = 17;
/// Bytes of the checksum at the end.
const CRC_LEN: usize = 4;
/// Added to a move's square when one game played it.
pub const ONE_GAME: u8 = 0x40;
/// Added to a move's square when its position's record comes next.
pub const NEW_RECORD: u8 = 0x80;

/// Why bytes are not an explorer index this build reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplorerFileError {
    /// Fewer bytes than the header and checksum.
    TooShort {
        /// Bytes given.
        len: usize,
    },
    /// The first eight bytes are not [`MAGIC`].
    BadMagic,
    /// A format version this code does not read.
    UnsupportedVersion {
        /// The file's version.
        found: u16,
    },
    /// The sections the header declares do not add up to the file's size.
    Length {
        /// The size the header gives.
        declared: usize,
        /// The bytes given.
        actual: usize,
    },
    /// The checksum does not match the bytes.
    Checksum,
    /// A section's values are not consistent.
    Invalid {
        /// Which section (`"years"`, `"discs"`, `"roots"`, `"tree"`).
        section: &'static str,
        /// The byte offset of the first value that does not fit.
        at: usize,
        /// What is wrong with it.
        problem: &'static str,
    },
}

impl fmt::Display for ExplorerFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplorerFileError::TooShort { len } => write!(
                f,
                "explorer index too short: {len} bytes, the header alone is {}",
                HEADER_LEN + CRC_LEN
            ),
            ExplorerFileError::BadMagic => {
                write!(f, "not an explorer index (bad magic bytes)")
            }
            ExplorerFileError::UnsupportedVersion { found } => write!(
                f,
                "explorer index version {found} is not supported (this build reads version {FORMAT_VERSION})"
            ),
            ExplorerFileError::Length { declared, actual } => write!(
                f,
                "explorer index is {actual} bytes, its header says {declared}"
            ),
            ExplorerFileError::Checksum => write!(f, "explorer index checksum mismatch"),
            ExplorerFileError::Invalid {
                section,
                at,
                problem,
            } => write!(f, "explorer index {section}, byte {at}: {problem}"),
        }
    }
}

impl std::error::Error for ExplorerFileError {}

/// The results of a set of games and the most recent of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stats {
    /// Their results.
    pub results: Results,
    /// The number of the most recent game.
    pub latest: u32,
}

impl Stats {
    /// Counts game number `game`, whose disc difference is `difference`.
    pub fn add(&mut self, difference: i32, game: u32) {
        self.results.add(&Results::of_game(difference));
        self.latest = if self.results.games == 1 {
            game
        } else {
            self.latest.max(game)
        };
    }
}

/// A move of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    /// The square, in the record's orientation.
    pub square: Square,
    /// The games that played it.
    pub stats: Stats,
    /// Whether its position's record comes next.
    pub new: bool,
}

/// A position's record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    /// The games that ended in the position, if any.
    pub ended: Option<Stats>,
    /// The moves games played, in square order.
    pub edges: Vec<Edge>,
}

impl Record {
    /// The results of every game that reached the position.
    pub fn results(&self) -> Results {
        let mut results = self.ended.map(|s| s.results).unwrap_or_default();
        for edge in &self.edges {
            results.add(&edge.stats.results);
        }
        results
    }
}

/// The sections of a file, checked to fit together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sections {
    /// The least number of games of a position in the index.
    pub min_games: u32,
    /// Games counted.
    pub games: u32,
    /// Positions in the tree.
    pub positions: u32,
    /// Year runs: (year, games).
    pub years: Vec<(u16, u32)>,
    /// Where the discs are.
    pub discs: Range<usize>,
    /// The roots, canonical.
    pub roots: Vec<Position>,
    /// Where the tree is.
    pub tree: Range<usize>,
}

/// What [`write`] writes.
pub(crate) struct Contents<'a> {
    /// The least number of games of a position in the index.
    pub min_games: u32,
    /// Every game's year, in order.
    pub years: &'a [u16],
    /// Every game's final discs: Black's, White's.
    pub discs: &'a [(u8, u8)],
    /// Positions in the tree.
    pub positions: u32,
    /// The roots, canonical.
    pub roots: &'a [Position],
    /// The records.
    pub tree: &'a [u8],
}

/// The bytes of an index file.
pub(crate) fn write(contents: &Contents) -> Vec<u8> {
    let mut runs: Vec<(u16, u32)> = Vec::new();
    for &year in contents.years {
        match runs.last_mut() {
            Some((last, count)) if *last == year => *count += 1,
            _ => runs.push((year, 1)),
        }
    }
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(contents.min_games as u16).to_le_bytes());
    bytes.extend_from_slice(&(contents.discs.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&contents.positions.to_le_bytes());
    bytes.extend_from_slice(&(contents.roots.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&(runs.len() as u16).to_le_bytes());
    bytes.extend_from_slice(&(contents.tree.len() as u32).to_le_bytes());
    for (year, count) in runs {
        bytes.extend_from_slice(&year.to_le_bytes());
        bytes.extend_from_slice(&count.to_le_bytes());
    }
    for &(black, white) in contents.discs {
        bytes.extend_from_slice(&[black, white]);
    }
    for root in contents.roots {
        bytes.extend_from_slice(&root.black().to_le_bytes());
        bytes.extend_from_slice(&root.white().to_le_bytes());
        bytes.push(u8::from(root.to_move == Color::White));
    }
    bytes.extend_from_slice(contents.tree);
    let crc = crc32(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    bytes
}

/// The sections of `bytes`, or why they are not an index file.
pub(crate) fn sections(bytes: &[u8]) -> Result<Sections, ExplorerFileError> {
    if bytes.len() < HEADER_LEN + CRC_LEN {
        return Err(ExplorerFileError::TooShort { len: bytes.len() });
    }
    if bytes[..8] != MAGIC {
        return Err(ExplorerFileError::BadMagic);
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let u64_at = |at: usize| {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(word)
    };
    let version = u16_at(8);
    if version != FORMAT_VERSION {
        return Err(ExplorerFileError::UnsupportedVersion { found: version });
    }
    let min_games = u32::from(u16_at(10));
    let games = u32_at(12);
    let positions = u32_at(16);
    let roots = u32_at(20) as usize;
    let runs = usize::from(u16_at(24));
    let tree_len = u32_at(26) as usize;
    let years_at = HEADER_LEN;
    let discs_at = years_at + runs * YEAR_RUN_LEN;
    let roots_at = discs_at + 2 * games as usize;
    let tree_at = roots_at + roots * ROOT_LEN;
    let declared = tree_at + tree_len + CRC_LEN;
    if declared != bytes.len() {
        return Err(ExplorerFileError::Length {
            declared,
            actual: bytes.len(),
        });
    }
    let end = bytes.len() - CRC_LEN;
    if crc32(&bytes[..end]) != u32_at(end) {
        return Err(ExplorerFileError::Checksum);
    }
    let invalid = |section, at, problem| ExplorerFileError::Invalid {
        section,
        at,
        problem,
    };
    if min_games < 2 {
        return Err(invalid(
            "header",
            10,
            "the least number of games is below 2",
        ));
    }
    let mut years = Vec::with_capacity(runs);
    let mut counted = 0u64;
    for run in 0..runs {
        let at = years_at + run * YEAR_RUN_LEN;
        let count = u32_at(at + 2);
        if count == 0 {
            return Err(invalid("years", at, "a run of no games"));
        }
        counted += u64::from(count);
        years.push((u16_at(at), count));
    }
    if counted != u64::from(games) {
        return Err(invalid(
            "years",
            years_at,
            "the runs do not count every game",
        ));
    }
    for game in 0..games as usize {
        let at = discs_at + 2 * game;
        if u16::from(bytes[at]) + u16::from(bytes[at + 1]) > 64 {
            return Err(invalid("discs", at, "more than 64 discs"));
        }
    }
    let mut root_positions = Vec::with_capacity(roots);
    for root in 0..roots {
        let at = roots_at + root * ROOT_LEN;
        let to_move = match bytes[at + 16] {
            0 => Color::Black,
            1 => Color::White,
            _ => return Err(invalid("roots", at + 16, "not a side to move")),
        };
        let position = Position::from_colors(u64_at(at), u64_at(at + 8), to_move)
            .ok_or(invalid("roots", at, "black and white discs overlap"))?;
        root_positions.push(position);
    }
    Ok(Sections {
        min_games,
        games,
        positions,
        years,
        discs: discs_at..roots_at,
        roots: root_positions,
        tree: tree_at..tree_at + tree_len,
    })
}

/// Writes `record` at the end of `out`.
pub(crate) fn write_record(out: &mut Vec<u8>, record: &Record) {
    let edges = record.edges.len() as u64;
    write_varint(out, 2 * edges + u64::from(record.ended.is_some()));
    if let Some(stats) = &record.ended {
        write_stats(out, stats);
    }
    for edge in &record.edges {
        let mut tag = edge.square.index() as u8;
        if edge.new {
            tag |= NEW_RECORD;
        }
        if edge.stats.results.games == 1 {
            out.push(tag | ONE_GAME);
            write_varint(out, zigzag(edge.stats.results.disc_sum));
            write_varint(out, u64::from(edge.stats.latest));
        } else {
            out.push(tag);
            write_stats(out, &edge.stats);
        }
    }
}

fn write_stats(out: &mut Vec<u8>, stats: &Stats) {
    let results = &stats.results;
    write_varint(out, u64::from(results.games));
    write_varint(out, u64::from(results.black_wins));
    write_varint(out, u64::from(results.draws));
    write_varint(out, zigzag(results.disc_sum));
    write_varint(out, u64::from(stats.latest));
}

/// Reads the record at `*at` in `bytes` (an index file's), moving `*at`
/// past it; `games` is the number of games in the file.
pub(crate) fn read_record(
    bytes: &[u8],
    at: &mut usize,
    end: usize,
    games: u32,
) -> Result<Record, ExplorerFileError> {
    let mut reader = Reader { bytes, at, end };
    let head = reader.varint()?;
    if head >> 1 > 64 {
        return Err(reader.invalid("more moves than squares"));
    }
    let mut record = Record {
        ended: None,
        edges: Vec::with_capacity((head >> 1) as usize),
    };
    if head & 1 == 1 {
        record.ended = Some(reader.stats(games, 1)?);
    }
    for _ in 0..head >> 1 {
        let tag = reader.byte()?;
        // The mask keeps the value below 64.
        let square = Square::new(tag & 0x3f).ok_or(reader.invalid("not a square"))?;
        let stats = if tag & ONE_GAME != 0 {
            let difference = unzigzag(reader.varint()?);
            if difference.unsigned_abs() > 64 {
                return Err(reader.invalid("a disc difference beyond 64"));
            }
            let game = reader.game(games)?;
            let mut stats = Stats::default();
            stats.add(difference as i32, game);
            stats
        } else {
            reader.stats(games, 2)?
        };
        if record
            .edges
            .last()
            .is_some_and(|last| last.square >= square)
        {
            return Err(reader.invalid("moves out of square order"));
        }
        record.edges.push(Edge {
            square,
            stats,
            new: tag & NEW_RECORD != 0,
        });
    }
    Ok(record)
}

/// Reads the record at `*at` as far as the tree's shape needs, moving
/// `*at` past it: the squares of its moves flagged [`NEW_RECORD`] are
/// pushed on `new`. The results are skipped; [`read_record`] checks them
/// when a lookup reads the record.
pub(crate) fn read_links(
    bytes: &[u8],
    at: &mut usize,
    end: usize,
    new: &mut Vec<Square>,
) -> Result<(), ExplorerFileError> {
    let mut reader = Reader { bytes, at, end };
    let head = reader.varint()?;
    if head >> 1 > 64 {
        return Err(reader.invalid("more moves than squares"));
    }
    if head & 1 == 1 {
        reader.skip(STATS_VALUES)?;
    }
    let mut last = None;
    for _ in 0..head >> 1 {
        let tag = reader.byte()?;
        let square = tag & 0x3f;
        if last.is_some_and(|last| last >= square) {
            return Err(reader.invalid("moves out of square order"));
        }
        last = Some(square);
        reader.skip(if tag & ONE_GAME != 0 { 2 } else { STATS_VALUES })?;
        if tag & NEW_RECORD != 0 {
            new.extend(Square::new(square));
        }
    }
    Ok(())
}

/// The numbers of a move's results: games, Black's wins, draws, disc sum,
/// most recent game.
const STATS_VALUES: usize = 5;

/// Reads varints from `bytes[*at..end]`.
struct Reader<'a, 'b> {
    bytes: &'a [u8],
    at: &'b mut usize,
    end: usize,
}

impl Reader<'_, '_> {
    fn invalid(&self, problem: &'static str) -> ExplorerFileError {
        ExplorerFileError::Invalid {
            section: "tree",
            at: *self.at,
            problem,
        }
    }

    fn byte(&mut self) -> Result<u8, ExplorerFileError> {
        if *self.at >= self.end {
            return Err(self.invalid("the tree ends inside a record"));
        }
        let byte = self.bytes[*self.at];
        *self.at += 1;
        Ok(byte)
    }

    fn varint(&mut self) -> Result<u64, ExplorerFileError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(self.invalid("a number longer than 64 bits"))
    }

    /// Skips `count` varints.
    fn skip(&mut self, count: usize) -> Result<(), ExplorerFileError> {
        for _ in 0..count {
            self.varint()?;
        }
        Ok(())
    }

    fn count(&mut self, limit: u32) -> Result<u32, ExplorerFileError> {
        let value = self.varint()?;
        if value > u64::from(limit) {
            return Err(self.invalid("more games than the file holds"));
        }
        Ok(value as u32)
    }

    fn game(&mut self, games: u32) -> Result<u32, ExplorerFileError> {
        let value = self.varint()?;
        if value >= u64::from(games) {
            return Err(self.invalid("a game number beyond the games"));
        }
        Ok(value as u32)
    }

    /// Results of at least `least` games and the most recent one.
    fn stats(&mut self, games: u32, least: u32) -> Result<Stats, ExplorerFileError> {
        let count = self.count(games)?;
        if count < least {
            return Err(self.invalid("too few games"));
        }
        let black_wins = self.count(games)?;
        let draws = self.count(games)?;
        if u64::from(black_wins) + u64::from(draws) > u64::from(count) {
            return Err(self.invalid("more wins and draws than games"));
        }
        let disc_sum = unzigzag(self.varint()?);
        if disc_sum.unsigned_abs() > 64 * u64::from(count) {
            return Err(self.invalid("a disc sum beyond 64 a game"));
        }
        let latest = self.game(games)?;
        Ok(Stats {
            results: Results {
                games: count,
                black_wins,
                draws,
                white_wins: count - black_wins - draws,
                disc_sum,
            },
            latest,
        })
    }
}

fn write_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)) as u64
}

fn unzigzag(value: u64) -> i64 {
    ((value >> 1) as i64) ^ -((value & 1) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_and_zigzag_round_trip() {
        for value in [0i64, 1, -1, 63, -64, 64, 1000, -1000, i64::MAX, i64::MIN] {
            let mut out = Vec::new();
            write_varint(&mut out, zigzag(value));
            let mut at = 0;
            let mut reader = Reader {
                bytes: &out,
                at: &mut at,
                end: out.len(),
            };
            assert_eq!(unzigzag(reader.varint().unwrap()), value);
            assert_eq!(at, out.len());
        }
    }

    #[test]
    fn records_round_trip() {
        let mut one = Stats::default();
        one.add(-6, 7);
        let mut many = Stats::default();
        many.add(10, 3);
        many.add(0, 9);
        many.add(-2, 5);
        let record = Record {
            ended: Some(many),
            edges: vec![
                Edge {
                    square: Square::new(19).unwrap(),
                    stats: one,
                    new: false,
                },
                Edge {
                    square: Square::new(37).unwrap(),
                    stats: many,
                    new: true,
                },
            ],
        };
        let mut out = Vec::new();
        write_record(&mut out, &record);
        let mut at = 0;
        assert_eq!(
            read_record(&out, &mut at, out.len(), 10),
            Ok(record.clone())
        );
        assert_eq!(at, out.len());
        assert_eq!(record.results().games, 7);
        assert_eq!(many.latest, 9);
        assert_eq!(
            (
                many.results.black_wins,
                many.results.draws,
                many.results.white_wins
            ),
            (1, 1, 1)
        );
        // A game number beyond the file's games, and a cut record.
        let mut at = 0;
        assert!(read_record(&out, &mut at, out.len(), 9).is_err());
        let mut at = 0;
        assert!(read_record(&out, &mut at, out.len() - 1, 10).is_err());
    }
}
