//! The moves of a node with the board after each and an ordering key, kept
//! on the stack for the midgame and endgame searches.

use crate::board::Board;
use crate::square::Square;

/// Room for every legal move of any position: a move set is a 64-bit
/// bitboard. Positions from games have at most 33 legal moves, but set-up
/// positions have more (a local search found one with 35), and a list that
/// dropped one would make a node skip a move without a sign.
pub const MAX_MOVES: usize = 64;

/// A move with the board after it and its ordering key.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub square: Square,
    pub next: Board,
    pub key: i32,
    /// The legal moves of `next` where the list's search found them (the
    /// endgame's fastest-first key, the midgame's move order), so that the
    /// child need not; 0 elsewhere.
    pub replies: u64,
}

/// The candidates of one node.
pub(crate) struct MoveList {
    items: [Candidate; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        let empty = Candidate {
            square: Square::from_lowest_bit(1),
            next: Board::default(),
            key: 0,
            replies: 0,
        };
        MoveList {
            items: [empty; MAX_MOVES],
            len: 0,
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a candidate; a node never has more than [`MAX_MOVES`].
    pub fn push(&mut self, candidate: Candidate) {
        debug_assert!(self.len < MAX_MOVES, "more than {MAX_MOVES} moves");
        self.items[self.len] = candidate;
        self.len += 1;
    }

    /// The candidates in their order.
    pub fn iter(&self) -> impl Iterator<Item = &Candidate> {
        self.items[..self.len].iter()
    }

    /// The candidates, to change their keys.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Candidate> {
        self.items[..self.len].iter_mut()
    }

    /// Number of candidates.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The candidate at `index`.
    #[inline]
    pub fn get(&self, index: usize) -> &Candidate {
        &self.items[..self.len][index]
    }

    /// Sorts by key, highest first (stable, so equal keys keep square order).
    pub fn sort(&mut self) {
        self.items[..self.len].sort_by_key(|c| std::cmp::Reverse(c.key));
    }

    /// Brings the best of the candidates from `index` on to `index`, the
    /// others keeping their order: selecting at 0, 1, 2, ... gives the order
    /// of [`MoveList::sort`], and a node cut by its first moves sorts no
    /// further. Always inlined in wasm, where V8 kept it a function.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub fn select(&mut self, index: usize) {
        let rest = &mut self.items[index..self.len];
        let mut best = 0;
        for (i, candidate) in rest.iter().enumerate().skip(1) {
            if candidate.key > rest[best].key {
                best = i;
            }
        }
        rest[..=best].rotate_right(1);
    }
}

/// Move lists kept for reuse, one a slot, so that a node does not fill a
/// new list of [`MAX_MOVES`] candidates on the stack: a node takes the slot
/// of its height (its empties, or its depth in the midgame: see
/// [`ListPool::MIDGAME`]), which its descendants, all lower, leave alone.
pub(crate) struct ListPool {
    lists: Vec<Option<Box<MoveList>>>,
}

impl ListPool {
    /// The first midgame slot: the endgame's are its empties, the
    /// midgame's this plus the depth.
    pub const MIDGAME: usize = 65;

    /// An empty pool.
    pub fn new() -> ListPool {
        ListPool {
            lists: (0..2 * ListPool::MIDGAME).map(|_| None).collect(),
        }
    }

    /// An empty list for `slot` (a new one if the slot's is in use).
    #[inline]
    pub fn take(&mut self, slot: usize) -> Box<MoveList> {
        match self.lists.get_mut(slot).and_then(Option::take) {
            Some(mut list) => {
                list.clear();
                list
            }
            None => Box::new(MoveList::new()),
        }
    }

    /// Gives a list back to `slot`.
    #[inline]
    pub fn put(&mut self, slot: usize, list: Box<MoveList>) {
        if let Some(place) = self.lists.get_mut(slot) {
            *place = Some(list);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Squares;

    /// A position set up with 35 legal moves for the side to move (found by
    /// a local search over disc placements).
    const CROWDED: Board = Board {
        player: 0x0010_6620_243c_1000,
        opponent: 0x006e_004a_0a42_6a00,
    };

    #[test]
    fn selecting_one_by_one_gives_the_sorted_order() {
        let mut sorted = MoveList::new();
        let mut selected = MoveList::new();
        for (i, key) in [3, 7, 3, -1, 7, 0, 3, 12, -1].into_iter().enumerate() {
            let candidate = Candidate {
                square: Square::new(i as u8).unwrap(),
                next: Board::default(),
                key,
                replies: 0,
            };
            sorted.push(candidate);
            selected.push(candidate);
        }
        sorted.sort();
        for index in 0..selected.len() {
            selected.select(index);
        }
        let squares = |list: &MoveList| list.iter().map(|c| c.square).collect::<Vec<_>>();
        assert_eq!(squares(&selected), squares(&sorted));
        assert_eq!(selected.get(0).key, 12);
    }

    #[test]
    fn every_move_of_a_crowded_position_is_kept() {
        let moves = CROWDED.moves();
        assert_eq!(moves.count_ones(), 35);
        let mut list = MoveList::new();
        for square in Squares(moves) {
            let next = CROWDED.play(square).expect("a legal move");
            list.push(Candidate {
                square,
                next,
                key: 0,
                replies: 0,
            });
        }
        assert_eq!(list.iter().count(), 35);
        let kept: u64 = list.iter().map(|c| c.square.bit()).fold(0, |a, b| a | b);
        assert_eq!(kept, moves);
    }
}
