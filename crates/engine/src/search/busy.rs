//! Which positions the threads of a parallel search are searching right now,
//! so that a thread can put off a move another thread is already searching
//! and come back to it once the others are done: the "simplified ABDADA"
//! scheme (Weill, "The ABDADA Distributed Minimax Search Algorithm", 1996,
//! as simplified by Kerrigan: a small table of the positions in progress
//! instead of a counter in every transposition-table entry).
//!
//! With one thread there is no table and nothing is put off. The table is a
//! fixed array of 64-bit keys without locks: a slot holds the key of one
//! position in progress; a collision only makes a thread search a position
//! another is searching (what Lazy SMP does anyway) or not put off one it
//! could have, never changes a score.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::Board;

/// Slots in the table (a power of two): far more than the nodes in
/// progress at any moment (threads times the depth of the stack).
const SLOTS: usize = 1 << 12;

/// The positions being searched by some thread of a parallel search.
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

/// A position entered in the table, to leave it when its search is done.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    slot: usize,
    key: u64,
}

/// A key for `board`, never 0 (0 marks a free slot); mixed apart from the
/// transposition table's hash so the two tables' collisions are unrelated.
#[inline]
fn key(board: &Board) -> u64 {
    let h = board.player.wrapping_mul(0xd6e8_feb8_6659_fd93)
        ^ board
            .opponent
            .rotate_left(23)
            .wrapping_mul(0x9fb2_1c65_1e98_df25);
    (h ^ (h >> 32)) | 1
}

impl Busy {
    /// An empty table.
    pub(crate) fn new() -> Busy {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key >> 40) as usize & (SLOTS - 1)
    }

    /// Whether another thread is searching `board` now.
    #[inline]
    pub(crate) fn is_busy(&self, board: &Board) -> bool {
        let key = key(board);
        self.slots[Self::slot(key)].load(Ordering::Relaxed) == key
    }

    /// Marks `board` as being searched by this thread.
    #[inline]
    pub(crate) fn enter(&self, board: &Board) -> Entry {
        let key = key(board);
        let slot = Self::slot(key);
        self.slots[slot].store(key, Ordering::Relaxed);
        Entry { slot, key }
    }

    /// Unmarks an entered position (unless another position took its slot
    /// since).
    #[inline]
    pub(crate) fn leave(&self, entry: Entry) {
        let _ = self.slots[entry.slot].compare_exchange(
            entry.key,
            0,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }
}

/// The order in which a node's moves are searched: in a parallel search, a
/// first pass puts off the moves after the first that another thread is
/// searching, and a second pass searches them (by then most are in the
/// transposition table). Without a table of busy positions, one pass in
/// order.
pub(crate) struct Deferral<'a> {
    busy: Option<&'a Busy>,
    /// The moves put off, as bits of their indices.
    deferred: u64,
    second_pass: bool,
}

impl<'a> Deferral<'a> {
    /// The order for a node whose threads share `busy` (none: one thread,
    /// or a node too small to share).
    #[inline]
    pub(crate) fn new(busy: Option<&'a Busy>) -> Deferral<'a> {
        Deferral {
            busy,
            deferred: 0,
            second_pass: false,
        }
    }

    /// Whether the move at `index`, leading to `next`, is searched in this
    /// pass.
    #[inline]
    pub(crate) fn now(&mut self, index: usize, next: &Board) -> bool {
        let bit = 1u64 << index.min(63);
        if self.second_pass {
            return self.deferred & bit != 0;
        }
        match self.busy {
            Some(busy) if index > 0 && index < 64 && busy.is_busy(next) => {
                self.deferred |= bit;
                false
            }
            _ => true,
        }
    }

    /// Starts the second pass; `false` when no move was put off (or it was
    /// the second pass already).
    #[inline]
    pub(crate) fn next_pass(&mut self) -> bool {
        let again = !self.second_pass && self.deferred != 0;
        self.second_pass = true;
        again
    }

    /// Marks `next` as searched by this thread until [`Deferral::leave`].
    #[inline]
    pub(crate) fn enter(&self, next: &Board) -> Option<Entry> {
        self.busy.map(|busy| busy.enter(next))
    }

    /// Ends the mark of [`Deferral::enter`].
    #[inline]
    pub(crate) fn leave(&self, entry: Option<Entry>) {
        if let (Some(busy), Some(entry)) = (self.busy, entry) {
            busy.leave(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_busy_between_enter_and_leave() {
        let busy = Busy::new();
        let start = Board::START;
        let other = start.pass();
        assert!(!busy.is_busy(&start));
        let entry = busy.enter(&start);
        assert!(busy.is_busy(&start));
        assert!(!busy.is_busy(&other));
        busy.leave(entry);
        assert!(!busy.is_busy(&start));
    }

    #[test]
    fn busy_moves_after_the_first_are_put_off_to_a_second_pass() {
        let busy = Busy::new();
        let boards: Vec<Board> = (0..4)
            .map(|i| Board::new(1 << i, 1 << (i + 8)).unwrap())
            .collect();
        // Another thread searches the first and third moves.
        busy.enter(&boards[0]);
        busy.enter(&boards[2]);
        let mut order = Deferral::new(Some(&busy));
        let mut visited = Vec::new();
        loop {
            for (index, board) in boards.iter().enumerate() {
                if order.now(index, board) {
                    visited.push(index);
                }
            }
            if !order.next_pass() {
                break;
            }
        }
        // The first move is never put off.
        assert_eq!(visited, [0, 1, 3, 2]);
        let mut alone = Deferral::new(None);
        let all: Vec<usize> = (0..4).filter(|&i| alone.now(i, &boards[i])).collect();
        assert_eq!(all, [0, 1, 2, 3]);
        assert!(!alone.next_pass());
    }

    #[test]
    fn leaving_does_not_free_a_slot_taken_since() {
        let busy = Busy::new();
        let a = Board::START;
        let entry = busy.enter(&a);
        // Another key in the same slot.
        let stolen = Entry {
            slot: entry.slot,
            key: entry.key ^ 2,
        };
        busy.slots[entry.slot].store(stolen.key, Ordering::Relaxed);
        busy.leave(entry);
        assert_eq!(busy.slots[entry.slot].load(Ordering::Relaxed), stolen.key);
    }
}
