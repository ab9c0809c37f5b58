//! The report's search (Snow, Patel and Jacobs, "Othello: The Moors of
//! Venice"): fixed-depth minimax with alpha-beta, a transposition table and
//! move ordering by the table's best move, with NegaScout and MTD(f) as
//! alternatives. A pass counts as a ply of the depth, as in the report.
//!
//! Every search counts the nodes it visits (one per position reached, the
//! root and leaves included), so that the report's experiments (nodes with
//! and without the table; minimax against NegaScout against MTD(f)) can be
//! measured. Searches are negamax: values are for the side to move.
//!
//! The searches are the shared ones of `othello::textbook`, written once
//! for both boards; this module names them for the 96-square board and keeps
//! the report's NegaScout, which searches every fail high inside the window
//! again. The table keeps one entry per bucket and always replaces it (the
//! report's policy). An entry holds the whole board (so a hit is never a collision),
//! a lower and an upper bound, the remaining depth and the best move. Bounds
//! are used only at exactly the depth they were searched to, so a search
//! with the table returns exactly the value of plain minimax to the same
//! depth (the tests check this); the best move orders the moves at any depth.

use othello::textbook::{self, BoundsTable, Evaluation, TableKey};

use crate::board::Board;
use crate::eval::Evaluator;
use crate::square::Square;

pub use othello::textbook::INFINITY;

/// Which search runs at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Minimax with alpha-beta pruning (the report's final choice).
    AlphaBeta,
    /// NegaScout (Reinefeld): the first move with the full window, the
    /// others with a null window, re-searched when they fail high.
    NegaScout,
    /// MTD(f) (Plaat): null-window alpha-beta searches from a first guess
    /// until the lower and upper bounds meet.
    Mtdf,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 3] = [Algorithm::AlphaBeta, Algorithm::NegaScout, Algorithm::Mtdf];

    /// `"alphabeta"`, `"negascout"` or `"mtdf"`.
    pub fn name(self) -> &'static str {
        self.textbook().name()
    }

    /// The shared search's algorithm.
    fn textbook(self) -> textbook::Algorithm {
        match self {
            Algorithm::AlphaBeta => textbook::Algorithm::AlphaBeta,
            Algorithm::NegaScout => textbook::Algorithm::NegaScout,
            Algorithm::Mtdf => textbook::Algorithm::Mtdf,
        }
    }
}

/// A well-mixing 64-bit hash of a board: each 64-bit half of the two `u128`
/// bitboards multiplied by its own odd constant, summed, then a
/// xorshift-multiply finaliser so that every input bit reaches every
/// output bit.
#[inline]
pub fn hash(board: &Board) -> u64 {
    let halves = [
        board.player as u64,
        (board.player >> 64) as u64,
        board.opponent as u64,
        (board.opponent >> 64) as u64,
    ];
    const KEYS: [u64; 4] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0xD6E8_FEB8_6659_FD93,
    ];
    let mut h = halves.iter().zip(KEYS).fold(0u64, |h, (&x, k)| {
        h.wrapping_add((x ^ (x >> 31)).wrapping_mul(k))
    });
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^= h >> 32;
    h
}

impl TableKey for Board {
    #[inline]
    fn table_key(&self) -> u64 {
        hash(self)
    }
}

/// The report's evaluations as the shared search takes them.
impl Evaluation<Board> for dyn Evaluator + '_ {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        Evaluator::evaluate(self, board)
    }

    #[inline]
    fn terminal(&self, board: &Board) -> i32 {
        Evaluator::terminal(self, board)
    }
}

/// The transposition table: `2^bits` buckets of one entry, always replaced
/// ([`othello::textbook::BoundsTable`]; `new(bits)`, `bits` clamped to
/// 1..=24, an entry 48 bytes, so 16 bits take 3 MiB and 20 bits 48 MiB).
/// `ordering_only(bits)` makes the table the report describes ("stores the
/// best move found so far"): its entries order the moves and never cut the
/// search, for the experiment that measures what the table saves. Its
/// values belong to the evaluation that filled it: clear it (or use
/// another) before searching with another evaluation.
pub type TranspositionTable = BoundsTable<Board>;

/// What a search found.
pub type SearchResult = textbook::SearchResult<Square>;

/// One search: an evaluation, an optional transposition table and an
/// optional stop test (called every 1024 nodes; when it answers `true` the
/// search is abandoned and [`Search::run`] returns `None`). The shared
/// search ([`othello::textbook`]) with the report's NegaScout, which
/// searches every fail high inside the window again.
pub struct Search<'a>(textbook::Search<'a, Board, dyn Evaluator + 'a>);

impl<'a> Search<'a> {
    /// A search with `evaluator`, no table and no stop test.
    pub fn new(evaluator: &'a dyn Evaluator) -> Search<'a> {
        Search(textbook::Search::new(evaluator).with_fail_safe(false))
    }

    /// Uses `table` (kept between searches by the caller, as the report
    /// keeps its table between moves).
    pub fn with_table(self, table: &'a mut TranspositionTable) -> Search<'a> {
        Search(self.0.with_table(table))
    }

    /// Abandons the search when `stop` answers `true`.
    pub fn with_stop(self, stop: &'a dyn Fn() -> bool) -> Search<'a> {
        Search(self.0.with_stop(stop))
    }

    /// The transposition table, when the search has one.
    pub fn table(&self) -> Option<&TranspositionTable> {
        self.0.table()
    }

    /// Nodes visited by this search object so far (over all runs).
    pub fn nodes(&self) -> u64 {
        self.0.nodes()
    }

    /// Searches `board` to `depth` plies with `algorithm`; `None` when the
    /// stop test ended it. MTD(f) starts from the static evaluation as its
    /// first guess (see [`Search::mtdf`] to give another).
    pub fn run(&mut self, board: &Board, depth: u32, algorithm: Algorithm) -> Option<SearchResult> {
        self.0.run(board, depth, algorithm.textbook())
    }

    /// MTD(f) from the first guess `guess`: null-window searches, the
    /// window moved up on a fail high and down on a fail low, until the
    /// bounds meet (the report's "upper bound lower than the lower bound",
    /// corrected: it stops when lower >= upper).
    pub fn mtdf(&mut self, board: &Board, depth: u32, guess: i32) -> Option<SearchResult> {
        self.0.mtdf(board, depth, guess)
    }
}

/// Plain minimax (negamax) without pruning or table: the value for the side
/// to move, the first best move in square order, and the nodes visited.
/// The yardstick of the other searches.
pub fn minimax(board: &Board, depth: u32, evaluator: &dyn Evaluator) -> SearchResult {
    textbook::minimax(board, depth, evaluator)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Greedy;
    use crate::position::Move;

    #[test]
    fn hash_spreads_single_bits() {
        // Boards differing in one cell land in many different buckets.
        let mut buckets = std::collections::HashSet::new();
        for square in Square::all() {
            let board = Board::new(square.bit(), 0).unwrap_or_default();
            buckets.insert(hash(&board) & 1023);
        }
        assert!(buckets.len() > 80, "{}", buckets.len());
    }

    #[test]
    fn an_ordering_only_table_keeps_the_minimax_value() {
        // Positions along a greedy game; the table kept across them, so that
        // its stale best moves are met as well.
        let mut table = TranspositionTable::ordering_only(10);
        let mut board = Board::START;
        for _ in 0..12 {
            for depth in 1..=4 {
                let plain = minimax(&board, depth, &Greedy);
                let result = Search::new(&Greedy)
                    .with_table(&mut table)
                    .run(&board, depth, Algorithm::AlphaBeta)
                    .unwrap();
                assert_eq!(result.value, plain.value);
                assert!(result.nodes <= plain.nodes);
            }
            let Some(Move::Play(square)) = minimax(&board, 2, &Greedy).best else {
                break;
            };
            board = board.play(square).unwrap();
        }
    }

    #[test]
    fn a_stop_abandons_the_search() {
        let stop = || true;
        let mut search = Search::new(&Greedy).with_stop(&stop);
        assert_eq!(search.run(&Board::START, 8, Algorithm::AlphaBeta), None);
        assert!(search.nodes() >= 1024);
        let mut search = Search::new(&Greedy);
        let result = search.run(&Board::START, 1, Algorithm::AlphaBeta).unwrap();
        assert_eq!(result.value, 3);
        assert_eq!(result.nodes, 5);
    }
}
