//! The table of alpha-beta with memory: per position, a lower and an upper
//! bound on its value at one depth and the best move found (Plaat et al.'s
//! `f-` and `f+`; the 2001 study's `alphabeta'`). One entry per bucket,
//! always replaced (the CS 221 report's policy); an entry holds the whole
//! board, so a hit is never another position.

use crate::board::Board;
use crate::rules::Rules;

/// A board's 64-bit key for the table's buckets.
pub trait TableKey {
    /// A well-mixed hash of the board (every input bit reaching every
    /// output bit).
    fn table_key(&self) -> u64;
}

impl TableKey for Board {
    /// Each bitboard multiplied by its own odd constant, summed, then a
    /// xorshift-multiply finaliser.
    #[inline]
    fn table_key(&self) -> u64 {
        let mut h = (self.player ^ (self.player >> 31))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(
                (self.opponent ^ (self.opponent >> 29)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
            );
        h ^= h >> 32;
        h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^ (h >> 32)
    }
}

/// One bucket.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<B: Rules> {
    pub(super) board: B,
    pub(super) lower: i32,
    pub(super) upper: i32,
    pub(super) depth: u8,
    pub(super) best: Option<B::Square>,
    used: bool,
}

impl<B: Rules> Entry<B> {
    const EMPTY: Entry<B> = Entry {
        board: B::START,
        lower: 0,
        upper: 0,
        depth: 0,
        best: None,
        used: false,
    };
}

/// The table: `2^bits` buckets of one entry, always replaced. Its values
/// belong to the evaluation (and move generator) that filled it: clear it,
/// or use another, before searching with another.
#[derive(Clone, Debug)]
pub struct BoundsTable<B: Rules> {
    entries: Vec<Entry<B>>,
    /// Whether stored bounds cut the search (otherwise only the best move
    /// is used, to order the moves).
    pub(super) cuts: bool,
    /// Whether leaves' values are stored too (the study's `alphabeta'`
    /// stores them: a leaf met again is not evaluated again).
    pub(super) leaves: bool,
}

impl<B: Rules + TableKey> BoundsTable<B> {
    /// A table of `2^bits` entries (`bits` clamped to 1..=24; an entry of
    /// the 8x8 board takes 32 bytes, of the 96-square board 48).
    pub fn new(bits: u32) -> BoundsTable<B> {
        BoundsTable {
            entries: vec![Entry::EMPTY; 1 << bits.clamp(1, 24)],
            cuts: true,
            leaves: false,
        }
    }

    /// A table whose entries only order the moves (their best move first)
    /// and never cut the search with their bounds.
    pub fn ordering_only(bits: u32) -> BoundsTable<B> {
        BoundsTable {
            cuts: false,
            ..BoundsTable::new(bits)
        }
    }

    /// The same table storing the leaves' values as well.
    pub fn storing_leaves(self) -> BoundsTable<B> {
        BoundsTable {
            leaves: true,
            ..self
        }
    }

    /// Empties every bucket.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
    }

    #[inline]
    fn index(&self, board: &B) -> usize {
        board.table_key() as usize & (self.entries.len() - 1)
    }

    #[inline]
    pub(super) fn probe(&self, board: &B) -> Option<&Entry<B>> {
        let entry = &self.entries[self.index(board)];
        (entry.used && entry.board == *board).then_some(entry)
    }

    #[inline]
    pub(super) fn store(
        &mut self,
        board: &B,
        depth: u32,
        lower: i32,
        upper: i32,
        best: Option<B::Square>,
    ) {
        let index = self.index(board);
        self.entries[index] = Entry {
            board: *board,
            lower,
            upper,
            depth: depth.min(u32::from(u8::MAX)) as u8,
            best,
            used: true,
        };
    }

    /// The best move stored for `board`, if its entry is still there and
    /// the move is legal.
    pub fn best_move(&self, board: &B) -> Option<B::Square> {
        let best = self.probe(board)?.best?;
        B::squares(board.moves())
            .any(|square| square == best)
            .then_some(best)
    }

    /// The bounds stored for `board` and the depth they hold at, if its
    /// entry is still there.
    pub fn bounds(&self, board: &B) -> Option<(i32, i32, u32)> {
        self.probe(board)
            .map(|entry| (entry.lower, entry.upper, u32::from(entry.depth)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    #[test]
    fn keys_spread_single_discs() {
        let mut buckets = std::collections::HashSet::new();
        for square in Square::all() {
            buckets.insert(Board::new(square.bit(), 0).unwrap().table_key() & 1023);
            buckets.insert(Board::new(0, square.bit()).unwrap().table_key() & 1023);
        }
        assert!(buckets.len() > 110, "{}", buckets.len());
    }

    #[test]
    fn an_entry_is_found_only_for_its_board() {
        let mut table = BoundsTable::<Board>::new(4);
        let start = Board::START;
        table.store(&start, 3, -2, 5, start.move_list().next());
        assert_eq!(table.bounds(&start), Some((-2, 5, 3)));
        assert_eq!(table.best_move(&start), start.move_list().next());
        assert_eq!(table.bounds(&start.pass()), None);
        table.clear();
        assert_eq!(table.bounds(&start), None);
    }
}
