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
//! The table keeps one entry per bucket and always replaces it (the report's
//! policy). An entry holds the whole board (so a hit is never a collision),
//! a lower and an upper bound, the remaining depth and the best move. Bounds
//! are used only at exactly the depth they were searched to, so a search
//! with the table returns exactly the value of plain minimax to the same
//! depth (the tests check this); the best move orders the moves at any depth.

use crate::board::{flips, Board};
use crate::eval::Evaluator;
use crate::position::Move;
use crate::square::{Square, Squares};

/// Larger than any value a search returns.
pub const INFINITY: i32 = 1 << 28;

const NO_MOVE: u8 = u8::MAX;

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
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::NegaScout => "negascout",
            Algorithm::Mtdf => "mtdf",
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

/// One bucket of the transposition table.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    board: Board,
    lower: i32,
    upper: i32,
    depth: u8,
    best: u8,
    used: bool,
}

/// The transposition table: `2^bits` buckets of one entry, always replaced.
/// Its values belong to the evaluation that filled it: clear it (or use
/// another) before searching with another evaluation.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    entries: Vec<Entry>,
    /// Whether stored bounds cut the search (otherwise only the best move
    /// is used, to order the moves).
    cuts: bool,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (`bits` clamped to 1..=24; an entry takes
    /// 48 bytes, so 16 bits take 3 MiB and 20 bits 48 MiB).
    pub fn new(bits: u32) -> TranspositionTable {
        TranspositionTable {
            entries: vec![Entry::default(); 1 << bits.clamp(1, 24)],
            cuts: true,
        }
    }

    /// A table whose entries only order the moves (their best move first)
    /// and never cut the search with their bounds: the table the report
    /// describes ("stores the best move found so far"), for the experiment
    /// that measures what the table saves.
    pub fn ordering_only(bits: u32) -> TranspositionTable {
        TranspositionTable {
            cuts: false,
            ..TranspositionTable::new(bits)
        }
    }

    /// Empties every bucket.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn index(&self, board: &Board) -> usize {
        hash(board) as usize & (self.entries.len() - 1)
    }

    #[inline]
    fn probe(&self, board: &Board) -> Option<&Entry> {
        let entry = &self.entries[self.index(board)];
        (entry.used && entry.board == *board).then_some(entry)
    }

    #[inline]
    fn store(&mut self, board: &Board, depth: u32, lower: i32, upper: i32, best: u8) {
        let index = self.index(board);
        self.entries[index] = Entry {
            board: *board,
            lower,
            upper,
            depth: depth.min(u8::MAX as u32) as u8,
            best,
            used: true,
        };
    }

    /// The best move stored for `board`, if its entry is still there.
    pub fn best_move(&self, board: &Board) -> Option<Square> {
        self.probe(board)
            .and_then(|e| Square::new(e.best))
            .filter(|s| board.moves() & s.bit() != 0)
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The value for the side to move.
    pub value: i32,
    /// The best move; `None` when the game is over at the root or the depth
    /// is 0.
    pub best: Option<Move>,
    /// The depth searched.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// One search: an evaluation, an optional transposition table and an
/// optional stop test (called every 1024 nodes; when it answers `true` the
/// search is abandoned and [`Search::run`] returns `None`).
pub struct Search<'a> {
    evaluator: &'a dyn Evaluator,
    table: Option<&'a mut TranspositionTable>,
    stop: Option<&'a dyn Fn() -> bool>,
    nodes: u64,
    aborted: bool,
    root_best: Option<Move>,
}

impl<'a> Search<'a> {
    /// A search with `evaluator`, no table and no stop test.
    pub fn new(evaluator: &'a dyn Evaluator) -> Search<'a> {
        Search {
            evaluator,
            table: None,
            stop: None,
            nodes: 0,
            aborted: false,
            root_best: None,
        }
    }

    /// Uses `table` (kept between searches by the caller, as the report
    /// keeps its table between moves).
    pub fn with_table(mut self, table: &'a mut TranspositionTable) -> Search<'a> {
        self.table = Some(table);
        self
    }

    /// Abandons the search when `stop` answers `true`.
    pub fn with_stop(mut self, stop: &'a dyn Fn() -> bool) -> Search<'a> {
        self.stop = Some(stop);
        self
    }

    /// The transposition table, when the search has one.
    pub fn table(&self) -> Option<&TranspositionTable> {
        self.table.as_deref()
    }

    /// Nodes visited by this search object so far (over all runs).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `board` to `depth` plies with `algorithm`; `None` when the
    /// stop test ended it. MTD(f) starts from the static evaluation as its
    /// first guess (see [`Search::mtdf`] to give another).
    pub fn run(&mut self, board: &Board, depth: u32, algorithm: Algorithm) -> Option<SearchResult> {
        let start_nodes = self.nodes;
        self.aborted = false;
        self.root_best = None;
        let (value, best) = match algorithm {
            Algorithm::AlphaBeta => {
                let v = self.node::<false, true>(board, depth, -INFINITY, INFINITY);
                (v, self.root_best)
            }
            Algorithm::NegaScout => {
                let v = self.node::<true, true>(board, depth, -INFINITY, INFINITY);
                (v, self.root_best)
            }
            Algorithm::Mtdf => {
                let guess = self.evaluator.evaluate(board);
                return self.mtdf(board, depth, guess);
            }
        };
        (!self.aborted).then_some(SearchResult {
            value,
            best,
            depth,
            nodes: self.nodes - start_nodes,
        })
    }

    /// MTD(f) from the first guess `guess`: null-window searches, the
    /// window moved up on a fail high and down on a fail low, until the
    /// bounds meet (the report's "upper bound lower than the lower bound",
    /// corrected: it stops when lower >= upper).
    pub fn mtdf(&mut self, board: &Board, depth: u32, guess: i32) -> Option<SearchResult> {
        let start_nodes = self.nodes;
        self.aborted = false;
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        let mut value = guess.clamp(-INFINITY + 1, INFINITY - 1);
        let mut best = None;
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            self.root_best = None;
            value = self.node::<false, true>(board, depth, beta - 1, beta);
            if self.aborted {
                return None;
            }
            if value < beta {
                upper = value;
            } else {
                lower = value;
                best = self.root_best;
            }
        }
        Some(SearchResult {
            value,
            best,
            depth,
            nodes: self.nodes - start_nodes,
        })
    }

    /// A node of the search: alpha-beta (fail-soft) or, with `PVS`,
    /// NegaScout; at the `ROOT` the table only orders moves and the best
    /// move is kept in `root_best`.
    fn node<const PVS: bool, const ROOT: bool>(
        &mut self,
        board: &Board,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            if let Some(stop) = self.stop {
                if stop() {
                    self.aborted = true;
                }
            }
        }
        if self.aborted {
            return 0;
        }
        let moves = board.moves();
        if moves == 0 {
            let passed = board.pass();
            if passed.moves() == 0 {
                return self.evaluator.terminal(board);
            }
            if depth == 0 {
                return self.evaluator.evaluate(board);
            }
            if ROOT {
                self.root_best = Some(Move::Pass);
            }
            return -self.node::<PVS, false>(&passed, depth - 1, -beta, -alpha);
        }
        if depth == 0 {
            return self.evaluator.evaluate(board);
        }
        let mut hash_move = NO_MOVE;
        if let Some(table) = self.table.as_ref() {
            if let Some(entry) = table.probe(board) {
                hash_move = entry.best;
                if !ROOT && table.cuts && u32::from(entry.depth) == depth {
                    if entry.lower >= beta {
                        return entry.lower;
                    }
                    if entry.upper <= alpha || entry.lower == entry.upper {
                        return entry.upper;
                    }
                    alpha = alpha.max(entry.lower);
                    beta = beta.min(entry.upper);
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let first = if hash_move != NO_MOVE && moves >> hash_move & 1 == 1 {
            1u128 << hash_move
        } else {
            0
        };
        let mut best_value = -INFINITY;
        let mut best_square = NO_MOVE;
        for (searched, square) in Squares(first).chain(Squares(moves & !first)).enumerate() {
            let flipped = flips(board.player, board.opponent, square.index());
            let child = board.play_flips(square, flipped);
            let value = if !PVS || searched == 0 {
                -self.node::<PVS, false>(&child, depth - 1, -beta, -alpha)
            } else {
                let scout = -self.node::<PVS, false>(&child, depth - 1, -alpha - 1, -alpha);
                if scout > alpha && scout < beta {
                    // The true value is at least `scout`: re-search above it.
                    -self.node::<PVS, false>(&child, depth - 1, -beta, -(scout - 1))
                } else {
                    scout
                }
            };
            if self.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_square = square.index() as u8;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if ROOT {
            self.root_best = Square::new(best_square).map(Move::Play);
        }
        if let Some(table) = self.table.as_mut() {
            let (lower, upper) = if best_value <= alpha0 {
                (-INFINITY, best_value)
            } else if best_value >= beta0 {
                (best_value, INFINITY)
            } else {
                (best_value, best_value)
            };
            table.store(board, depth, lower, upper, best_square);
        }
        best_value
    }
}

/// Plain minimax (negamax) without pruning or table: the value for the side
/// to move, the first best move in square order, and the nodes visited.
/// The yardstick of the other searches.
pub fn minimax(board: &Board, depth: u32, evaluator: &dyn Evaluator) -> SearchResult {
    fn value(board: &Board, depth: u32, evaluator: &dyn Evaluator, nodes: &mut u64) -> i32 {
        *nodes += 1;
        let moves = board.moves();
        if moves == 0 {
            let passed = board.pass();
            if passed.moves() == 0 {
                return evaluator.terminal(board);
            }
            if depth == 0 {
                return evaluator.evaluate(board);
            }
            return -value(&passed, depth - 1, evaluator, nodes);
        }
        if depth == 0 {
            return evaluator.evaluate(board);
        }
        Squares(moves)
            .map(|s| {
                -value(
                    &board.play_flips(s, board.flips(s)),
                    depth - 1,
                    evaluator,
                    nodes,
                )
            })
            .max()
            .unwrap_or(-INFINITY)
    }
    let mut nodes = 1;
    let moves = board.moves();
    let (value, best) = if depth == 0 || board.is_game_over() {
        let v = if board.is_game_over() {
            evaluator.terminal(board)
        } else {
            evaluator.evaluate(board)
        };
        (v, None)
    } else if moves == 0 {
        let v = -value(&board.pass(), depth - 1, evaluator, &mut nodes);
        (v, Some(Move::Pass))
    } else {
        let mut best_value = -INFINITY - 1;
        let mut best_square = None;
        for square in Squares(moves) {
            let child = board.play_flips(square, board.flips(square));
            let v = -value(&child, depth - 1, evaluator, &mut nodes);
            if v > best_value {
                best_value = v;
                best_square = Some(square);
            }
        }
        (best_value, best_square.map(Move::Play))
    };
    SearchResult {
        value,
        best,
        depth,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Greedy;

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
