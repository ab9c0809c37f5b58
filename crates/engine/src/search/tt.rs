//! The transposition table: bounds on the score of positions already
//! searched, with the best move found, kept between moves.
//!
//! Entries are keyed by the full board (both bitboards are stored and
//! compared, so a hash collision can never return another position's
//! score), grouped in buckets of two; a new result replaces the entry of
//! the same position, else the older or shallower one. An exact endgame
//! bound (searched to the end of the game, no selective cut) is never
//! replaced by a shallower result of the same position: the endgame's
//! move-ordering searches would otherwise overwrite the solved bounds of the
//! children they order (11% more nodes on FFO #40-#49).
//!
//! The table is shared by the threads of a parallel search without locks:
//! an entry is three atomic words, the data (bounds, move, depth, age) and
//! each bitboard XORed with the data (Hyatt and Mann's lockless hashing, "A
//! lockless transposition-table implementation for parallel search"). A
//! read that catches another thread's write half done finds words that do
//! not agree, so the keys do not match its board and it is a miss, never a
//! wrong score. With one thread the table behaves exactly as a plain one.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::Board;
use crate::score::MAX_SCORE;
use crate::square::Square;

/// Entries in one bucket: two on one cache line. Five on two lines (a
/// quarter more entries) took 0.9% fewer nodes on FFO #40-#49 and 21% more
/// time (docs/benchmarks.md, "Endgame node count").
const BUCKET: usize = 2;
/// Bytes in one bucket: its entries padded to a cache line, so that a probe
/// reads one line (two 24-byte entries would straddle two lines in a third
/// of the buckets).
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();
/// `best` value meaning no move.
const NO_MOVE: u8 = 64;

/// One stored position, unpacked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

impl Entry {
    /// The data word: bounds, move, depth, selectivity and age, a byte each.
    fn data(&self) -> u64 {
        u64::from(self.lower as u8)
            | u64::from(self.upper as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.depth) << 24
            | u64::from(self.selectivity) << 32
            | u64::from(self.age) << 40
    }
}

/// One entry as the table holds it: the data and each bitboard XOR the data.
#[derive(Debug, Default)]
struct Slot {
    player: AtomicU64,
    opponent: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry (keys that match no board when a write was half done).
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let byte = |shift: u32| (data >> shift) as u8;
        Entry {
            player: self.player.load(Ordering::Relaxed) ^ data,
            opponent: self.opponent.load(Ordering::Relaxed) ^ data,
            lower: byte(0) as i8,
            upper: byte(8) as i8,
            best: byte(16),
            depth: byte(24),
            selectivity: byte(32),
            age: byte(40),
        }
    }

    #[inline]
    fn save(&self, entry: &Entry) {
        let data = entry.data();
        self.data.store(data, Ordering::Relaxed);
        self.player.store(entry.player ^ data, Ordering::Relaxed);
        self.opponent
            .store(entry.opponent ^ data, Ordering::Relaxed);
    }
}

/// The entries one hash selects, on one cache line.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; BUCKET],
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

/// A fixed-size table of bucketed entries, shared by the threads of a search.
pub struct Table {
    buckets: Vec<Bucket>,
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
        let count = (bytes / BUCKET_BYTES).max(1);
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|_| AllocationError { megabytes })?;
        // Before the entries are written, so that their pages are huge.
        crate::huge_pages::advise(buckets.spare_capacity_mut());
        buckets.resize_with(count, Bucket::default);
        Ok(Table {
            buckets,
            mask: count - 1,
            age: 0,
        })
    }

    /// Bytes used by the entries.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.age = 0;
    }

    /// Marks the start of a new search: entries from older searches are
    /// replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, board: &Board) -> &[Slot; BUCKET] {
        &self.buckets[hash(board) as usize & self.mask].slots
    }

    /// What the table knows of `board`.
    #[inline]
    pub fn probe(&self, board: &Board) -> Option<Hit> {
        self.bucket(board)
            .iter()
            .map(Slot::load)
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
    pub fn store(&self, board: &Board, store: Store) {
        let age = self.age;
        let slots = self.bucket(board);
        let bucket: [Entry; BUCKET] = std::array::from_fn(|i| slots[i].load());
        let slot = match bucket
            .iter()
            .position(|e| e.player == board.player && e.opponent == board.opponent)
        {
            Some(index) => index,
            None => replacement(&bucket, age),
        };
        let entry = bucket[slot];
        let same = entry.player == board.player && entry.opponent == board.opponent;
        let depth = store.depth.min(255) as u8;
        if same && entry.selectivity == 0 && solved(&entry, board) && depth < entry.depth {
            return;
        }
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
        slots[slot].save(&Entry {
            player: board.player,
            opponent: board.opponent,
            lower,
            upper,
            best,
            depth,
            selectivity,
            age,
        });
    }
}

/// Whether `entry` (of `board`) holds bounds searched to the end of the game.
#[inline]
fn solved(entry: &Entry, board: &Board) -> bool {
    u32::from(entry.depth) >= board.empty_count()
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
        let table = Table::new(1);
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
        let mut table = table;
        table.clear();
        assert_eq!(table.probe(&board), None);
    }

    #[test]
    fn a_shallower_result_keeps_the_solved_bounds_of_a_position() {
        let table = Table::new(1);
        let board = Board::START;
        let empties = board.empty_count();
        // A solved bound (depth = empties), then a shallow search's result.
        table.store(&board, store(empties, 0, 1, 6));
        table.store(&board, store(3, -64, 64, -2));
        let hit = table.probe(&board).unwrap();
        assert_eq!((hit.lower, hit.upper, hit.depth), (6, 64, empties));
        // A midgame result stays replaceable by a shallower one.
        let other = board.play(board.move_list().next().unwrap()).unwrap();
        table.store(&other, store(5, -64, 64, 1));
        table.store(&other, store(3, -64, 64, -2));
        let hit = table.probe(&other).unwrap();
        assert_eq!((hit.lower, hit.upper, hit.depth), (-2, -2, 3));
        // Selective endgame bounds are not protected.
        let third = other.play(other.move_list().next().unwrap()).unwrap();
        let mut selective = store(third.empty_count(), 0, 1, 4);
        selective.selectivity = 3;
        table.store(&third, selective);
        table.store(&third, store(2, -64, 64, 0));
        assert_eq!(table.probe(&third).unwrap().depth, 2);
    }

    #[test]
    fn entries_pack_and_unpack_every_field() {
        let entry = Entry {
            player: 0x0123_4567_89ab_cdef,
            opponent: 0x0010_2030_4050_6070 & !0x0123_4567_89ab_cdef,
            lower: -64,
            upper: 37,
            best: 63,
            depth: 255,
            selectivity: 6,
            age: 200,
        };
        let slot = Slot::default();
        slot.save(&entry);
        assert_eq!(slot.load(), entry);
    }

    #[test]
    fn a_half_written_entry_is_a_miss() {
        let table = Table::new(1);
        let board = Board::START;
        table.store(&board, store(5, -64, 64, 3));
        assert!(table.probe(&board).is_some());
        // Another thread's write that changed the data word only so far.
        let slot = table
            .bucket(&board)
            .iter()
            .find(|s| s.load().player == board.player)
            .unwrap();
        slot.data.fetch_xor(1 << 24, Ordering::Relaxed);
        assert_eq!(table.probe(&board), None);
    }

    #[test]
    fn threads_share_the_table() {
        let table = Table::new(1);
        let boards: Vec<Board> = (0..4)
            .map(|i| Board::new(1 << i, 1 << (i + 8)).unwrap())
            .collect();
        std::thread::scope(|scope| {
            for (i, board) in boards.iter().enumerate() {
                let table = &table;
                scope.spawn(move || table.store(board, store(i as u32 + 1, -64, 64, i as i32)));
            }
        });
        for (i, board) in boards.iter().enumerate() {
            let hit = table.probe(board).unwrap();
            assert_eq!((hit.lower, hit.depth), (i as i32, i as u32 + 1));
        }
    }
}
