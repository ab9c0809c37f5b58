//! The transposition table: bounds on the score of positions already
//! searched, with the best move found, kept between moves.
//!
//! Entries are keyed by the full board (both bitboards are stored and
//! compared, so a hash collision can never return another position's
//! score), grouped in buckets of two; a new result replaces the entry of
//! the same position, else the older or shallower one.

use super::MAX_SCORE;
use crate::board::Board;
use crate::square::Square;

/// Bytes in one entry.
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
/// Entries in one bucket.
const BUCKET: usize = 2;
/// `best` value meaning no move.
const NO_MOVE: u8 = 64;

/// One stored position.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best: u8,
    depth: u8,
    selectivity: u8,
    age: u8,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best move found, if any.
    pub best: Option<Square>,
    /// The depth the bounds were searched to.
    pub depth: u32,
    /// The selectivity they were searched at (0 = no selective cut).
    pub selectivity: u32,
}

/// A result to store.
#[derive(Clone, Copy, Debug)]
pub struct Store {
    /// Depth searched.
    pub depth: u32,
    /// Selectivity searched at (0 = none).
    pub selectivity: u32,
    /// The window the search had.
    pub alpha: i32,
    /// The window the search had.
    pub beta: i32,
    /// The fail-soft score it returned.
    pub score: i32,
    /// Its best move.
    pub best: Option<Square>,
}

/// A fixed-size table of bucketed entries.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

/// A 64-bit mix of the two bitboards.
#[inline]
fn hash(board: &Board) -> u64 {
    let h = board.player.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ board
            .opponent
            .rotate_left(31)
            .wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    h ^ (h >> 29)
}

/// A transposition table the memory cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocationError {
    /// The size asked for, in MiB.
    pub megabytes: usize,
}

impl std::fmt::Display for AllocationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate a {} MiB transposition table",
            self.megabytes
        )
    }
}

impl std::error::Error for AllocationError {}

impl Table {
    /// A table using about `megabytes` MiB (rounded down to a power of two
    /// number of buckets, at least one).
    ///
    /// # Panics
    /// When the memory cannot be allocated; [`Table::try_new`] reports it instead.
    pub fn new(megabytes: usize) -> Table {
        match Table::try_new(megabytes) {
            Ok(table) => table,
            Err(error) => panic!("{error}"),
        }
    }

    /// A table using about `megabytes` MiB, or why it cannot be allocated.
    pub fn try_new(megabytes: usize) -> Result<Table, AllocationError> {
        // On a 32-bit target (wasm32) 4096 MiB does not fit in a usize.
        let bytes = megabytes
            .max(1)
            .checked_mul(1 << 20)
            .ok_or(AllocationError { megabytes })?;
        let buckets = (bytes / (ENTRY_BYTES * BUCKET)).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(buckets * BUCKET)
            .map_err(|_| AllocationError { megabytes })?;
        entries.resize(buckets * BUCKET, Entry::default());
        Ok(Table {
            entries,
            mask: buckets - 1,
            age: 0,
        })
    }

    /// Bytes used by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// Marks the start of a new search: entries from older searches are
    /// replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, board: &Board) -> usize {
        (hash(board) as usize & self.mask) * BUCKET
    }

    /// What the table knows of `board`.
    #[inline]
    pub fn probe(&self, board: &Board) -> Option<Hit> {
        let start = self.bucket(board);
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.player == board.player && e.opponent == board.opponent && e.depth > 0)
            .map(|e| Hit {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: Square::new(e.best),
                depth: u32::from(e.depth),
                selectivity: u32::from(e.selectivity),
            })
    }

    /// Stores a search result for `board`.
    pub fn store(&mut self, board: &Board, store: Store) {
        let start = self.bucket(board);
        let age = self.age;
        let bucket = &mut self.entries[start..start + BUCKET];
        let slot = match bucket
            .iter()
            .position(|e| e.player == board.player && e.opponent == board.opponent)
        {
            Some(index) => index,
            None => replacement(bucket, age),
        };
        let entry = &mut bucket[slot];
        let same = entry.player == board.player && entry.opponent == board.opponent;
        let depth = store.depth.min(255) as u8;
        let selectivity = store.selectivity.min(255) as u8;
        let (mut lower, mut upper) = (-64i8, 64i8);
        if same && entry.depth == depth && entry.selectivity == selectivity {
            lower = entry.lower;
            upper = entry.upper;
        }
        let score = store.score.clamp(-MAX_SCORE, MAX_SCORE) as i8;
        if store.score > store.alpha {
            lower = lower.max(score);
        }
        if store.score < store.beta {
            upper = upper.min(score);
        }
        if lower > upper {
            // Bounds from different windows disagree only through search
            // instability: trust the new result alone.
            (lower, upper) = if store.score <= store.alpha {
                (-MAX_SCORE as i8, score)
            } else if store.score >= store.beta {
                (score, MAX_SCORE as i8)
            } else {
                (score, score)
            };
        }
        let best = match store.best {
            Some(square) => square.index() as u8,
            None if same => entry.best,
            None => NO_MOVE,
        };
        *entry = Entry {
            player: board.player,
            opponent: board.opponent,
            lower,
            upper,
            best,
            depth,
            selectivity,
            age,
        };
    }
}

/// The slot of a bucket to overwrite: an old entry first, then the shallowest.
fn replacement(bucket: &[Entry], age: u8) -> usize {
    let priority = |e: &Entry| (e.age == age, e.depth);
    (0..bucket.len())
        .min_by_key(|&i| priority(&bucket[i]))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(depth: u32, alpha: i32, beta: i32, score: i32) -> Store {
        Store {
            depth,
            selectivity: 0,
            alpha,
            beta,
            score,
            best: Square::new(19),
        }
    }

    #[test]
    fn bounds_tighten_and_are_keyed_by_the_whole_board() {
        let mut table = Table::new(1);
        let board = Board::START;
        assert_eq!(table.probe(&board), None);
        table.store(&board, store(5, 0, 1, 3));
        let hit = table.probe(&board).unwrap();
        assert_eq!((hit.lower, hit.upper, hit.depth), (3, 64, 5));
        assert_eq!(hit.best.map(|s| s.to_string()), Some("d3".to_string()));
        table.store(&board, store(5, 6, 7, 5));
        let hit = table.probe(&board).unwrap();
        assert_eq!((hit.lower, hit.upper), (3, 5));
        assert_eq!(table.probe(&board.pass()), None);
        table.clear();
        assert_eq!(table.probe(&board), None);
    }
}
