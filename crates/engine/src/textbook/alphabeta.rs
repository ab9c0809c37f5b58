//! The search: plain minimax, fail-soft alpha-beta and NegaScout, with or
//! without the table of bounds (with it, alpha-beta with memory), over any
//! board and evaluation. The drivers MTD(f), SSS* and DUAL* ([`super::mtd`])
//! call the same node with null windows.
//!
//! Moves are tried in the board's square order, or by a static ordering
//! ([`Search::with_order`], stable, so ties keep square order), with the
//! table's best move first. A move generator may replace the legal moves
//! ([`Search::with_moves`]: the 2001 study's rule-based pruning); passes
//! and the end of the game always follow the legal moves.

use crate::rules::{Bitboard, Move, Rules};

use super::algorithm::Algorithm;
use super::counts::{Counts, SearchResult};
use super::evaluation::Evaluation;
use super::table::{BoundsTable, TableKey};
use super::INFINITY;

/// A move generator: the moves a search tries at a board.
pub type Generator<'a, B> = &'a dyn Fn(&B) -> <B as Rules>::Bits;

/// More moves than a position of either board has.
const MAX_MOVES: usize = 128;

/// The moves of a node in the order they are tried.
struct MoveList<S> {
    squares: [Option<S>; MAX_MOVES],
    len: usize,
}

impl<S: Copy + Eq> MoveList<S> {
    fn get(&self, at: usize) -> Option<S> {
        self.squares[..self.len].get(at).copied().flatten()
    }
}

/// One search: an evaluation, an optional table, an optional stop test
/// (asked every 1024 nodes; when it answers `true` the search is abandoned
/// and the root call returns `None`), the move generator and order, and the
/// counts of everything it visited (over all its runs).
pub struct Search<'a, B: Rules + TableKey, E: Evaluation<B> + ?Sized> {
    pub(super) evaluation: &'a E,
    pub(super) table: Option<&'a mut BoundsTable<B>>,
    stop: Option<&'a dyn Fn() -> bool>,
    generator: Option<Generator<'a, B>>,
    order: Option<fn(B::Square) -> i32>,
    fail_safe: bool,
    pub(super) counts: Counts,
    pub(super) aborted: bool,
    pub(super) root_best: Option<Move<B::Square>>,
}

impl<'a, B: Rules + TableKey, E: Evaluation<B> + ?Sized> Search<'a, B, E> {
    /// A search with `evaluation`, no table, no stop test, the legal moves
    /// in square order, and NegaScout's fail-safe on.
    pub fn new(evaluation: &'a E) -> Search<'a, B, E> {
        Search {
            evaluation,
            table: None,
            stop: None,
            generator: None,
            order: None,
            fail_safe: true,
            counts: Counts::default(),
            aborted: false,
            root_best: None,
        }
    }

    /// Uses `table` (kept between searches by the caller).
    pub fn with_table(mut self, table: &'a mut BoundsTable<B>) -> Search<'a, B, E> {
        self.table = Some(table);
        self
    }

    /// Abandons the search when `stop` answers `true`.
    pub fn with_stop(mut self, stop: &'a dyn Fn() -> bool) -> Search<'a, B, E> {
        self.stop = Some(stop);
        self
    }

    /// Searches the moves `generator` gives (a subset of the legal moves,
    /// never empty when there is a legal move) instead of every legal move.
    pub fn with_moves(mut self, generator: Generator<'a, B>) -> Search<'a, B, E> {
        self.generator = Some(generator);
        self
    }

    /// Tries moves by `rank`, highest first (ties in square order), after
    /// the table's best move.
    pub fn with_order(mut self, rank: fn(B::Square) -> i32) -> Search<'a, B, E> {
        self.order = Some(rank);
        self
    }

    /// NegaScout's fail-safe (on unless told): a null-window value above
    /// alpha is not searched again at the two lowest levels (a node with 1
    /// or 2 plies left, as the 2001 text's prose says; its printed condition
    /// inverts the depth test), where it is exact:
    /// a leaf's value is, and a fail-soft node one ply above the leaves
    /// returns the exact maximum unless it cuts, which makes the value no
    /// more than alpha here (the table holds only such values at that
    /// depth). Off, every fail high inside the window is searched again
    /// (the CS 221 report's NegaScout).
    pub fn with_fail_safe(mut self, on: bool) -> Search<'a, B, E> {
        self.fail_safe = on;
        self
    }

    /// The table, when the search has one.
    pub fn table(&self) -> Option<&BoundsTable<B>> {
        self.table.as_deref()
    }

    /// Nodes visited by this search object so far (over all runs).
    pub fn nodes(&self) -> u64 {
        self.counts.nodes
    }

    /// Everything this search object visited so far (over all runs).
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Searches `board` to `depth` plies with `algorithm`; `None` when the
    /// stop test ended it. MTD(f) starts from the static evaluation as its
    /// first guess ([`Search::mtdf`] takes another).
    pub fn run(
        &mut self,
        board: &B,
        depth: u32,
        algorithm: Algorithm,
    ) -> Option<SearchResult<B::Square>> {
        match algorithm {
            Algorithm::Minimax => self.minimax(board, depth),
            Algorithm::AlphaBeta => self.alpha_beta(board, depth, -INFINITY, INFINITY),
            Algorithm::NegaScout => self.negascout(board, depth, -INFINITY, INFINITY),
            Algorithm::Mtdf => {
                let guess = self.evaluation.evaluate(board);
                self.mtdf(board, depth, guess)
            }
            Algorithm::SssStar => self.sss_star(board, depth),
            Algorithm::DualStar => self.dual_star(board, depth),
        }
    }

    /// Fail-soft alpha-beta of `board` with the window (`alpha`, `beta`):
    /// a value `v` with `alpha < v < beta` is the minimax value, `v <=
    /// alpha` an upper bound on it (a fail low), `v >= beta` a lower bound
    /// (a fail high).
    pub fn alpha_beta(
        &mut self,
        board: &B,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<SearchResult<B::Square>> {
        self.root_call(depth, |search| {
            search.node::<false, true>(board, depth, alpha, beta)
        })
    }

    /// NegaScout of `board` with the window (`alpha`, `beta`), failing soft
    /// as [`Search::alpha_beta`] does.
    pub fn negascout(
        &mut self,
        board: &B,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<SearchResult<B::Square>> {
        self.root_call(depth, |search| {
            search.node::<true, true>(board, depth, alpha, beta)
        })
    }

    /// Plain minimax: every node to the depth; the first best move in the
    /// search's order.
    pub fn minimax(&mut self, board: &B, depth: u32) -> Option<SearchResult<B::Square>> {
        self.root_call(depth, |search| search.minimax_node::<true>(board, depth))
    }

    /// One search of the root.
    fn root_call(
        &mut self,
        depth: u32,
        search: impl FnOnce(&mut Self) -> i32,
    ) -> Option<SearchResult<B::Square>> {
        let before = self.counts;
        self.aborted = false;
        self.root_best = None;
        self.counts.calls += 1;
        let value = search(self);
        (!self.aborted).then(|| SearchResult {
            value,
            best: self.root_best,
            depth,
            nodes: self.counts.since(before).nodes,
        })
    }

    /// Counts a node and asks the stop test every 1024 nodes; whether the
    /// search goes on.
    #[inline]
    fn enter(&mut self) -> bool {
        self.counts.nodes += 1;
        if self.counts.nodes & 1023 == 0 {
            if let Some(stop) = self.stop {
                if stop() {
                    self.aborted = true;
                }
            }
        }
        !self.aborted
    }

    /// The value of a finished game.
    #[inline]
    fn terminal(&mut self, board: &B) -> i32 {
        self.counts.leaves += 1;
        self.evaluation.terminal(board)
    }

    /// The value of a leaf where the game goes on: from the table when it
    /// stores leaves and holds this one, else evaluated (and stored).
    #[inline]
    fn leaf(&mut self, board: &B) -> i32 {
        if let Some(table) = self.table.as_deref_mut().filter(|table| table.leaves) {
            if let Some(entry) = table.probe(board) {
                if entry.depth == 0 && entry.lower == entry.upper {
                    return entry.lower;
                }
            }
            self.counts.leaves += 1;
            let value = self.evaluation.evaluate(board);
            table.store(board, 0, value, value, None);
            return value;
        }
        self.counts.leaves += 1;
        self.evaluation.evaluate(board)
    }

    /// The moves to try at `board` (whose legal moves are `legal`, not
    /// none): the generator's or the legal ones, by the order, `first`
    /// (the table's best move) in front when it is one of them.
    fn move_list(
        &self,
        board: &B,
        legal: B::Bits,
        first: Option<B::Square>,
    ) -> MoveList<B::Square> {
        let moves = match self.generator {
            Some(generator) => generator(board),
            None => legal,
        };
        let mut list = MoveList {
            squares: [None; MAX_MOVES],
            len: 0,
        };
        for square in B::squares(moves).take(MAX_MOVES) {
            list.squares[list.len] = Some(square);
            list.len += 1;
        }
        let squares = &mut list.squares[..list.len];
        if let Some(rank) = self.order {
            // Equal ranks keep square order.
            squares.sort_unstable_by_key(|square| square.map(|s| (-rank(s), s)));
        }
        if let Some(first) = first {
            if let Some(at) = squares.iter().position(|&s| s == Some(first)) {
                squares[..=at].rotate_right(1);
            }
        }
        list
    }

    /// A node of alpha-beta (fail-soft) or, with `PVS`, NegaScout; at the
    /// `ROOT` the table only orders moves and the best move is kept in
    /// `root_best`.
    pub(super) fn node<const PVS: bool, const ROOT: bool>(
        &mut self,
        board: &B,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        let legal = board.moves();
        if legal.is_empty() {
            let passed = board.pass();
            if passed.moves().is_empty() {
                return self.terminal(board);
            }
            if depth == 0 {
                return self.leaf(board);
            }
            if ROOT {
                self.root_best = Some(Move::Pass);
            }
            return -self.node::<PVS, false>(&passed, depth - 1, -beta, -alpha);
        }
        if depth == 0 {
            return self.leaf(board);
        }
        let mut hash_move = None;
        if let Some(table) = self.table.as_deref() {
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
        let list = self.move_list(board, legal, hash_move);
        let mut best_value = -INFINITY;
        let mut best_square = None;
        let mut searched = 0;
        while let Some(square) = list.get(searched) {
            let child = board.play_flips(square, board.flips(square));
            let value = if !PVS || searched == 0 {
                -self.node::<PVS, false>(&child, depth - 1, -beta, -alpha)
            } else {
                let scout = -self.node::<PVS, false>(&child, depth - 1, -alpha - 1, -alpha);
                let exact = self.fail_safe && depth <= 2;
                if scout > alpha && scout < beta && !exact {
                    // The true value is at least `scout`: search again above it.
                    -self.node::<PVS, false>(&child, depth - 1, -beta, -(scout - 1))
                } else {
                    scout
                }
            };
            searched += 1;
            if self.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_square = Some(square);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if ROOT {
            self.root_best = best_square.map(Move::Play);
        }
        if let Some(table) = self.table.as_deref_mut() {
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

    /// A node of plain minimax (no table, no pruning).
    fn minimax_node<const ROOT: bool>(&mut self, board: &B, depth: u32) -> i32 {
        if !self.enter() {
            return 0;
        }
        let legal = board.moves();
        if legal.is_empty() {
            let passed = board.pass();
            if passed.moves().is_empty() {
                return self.terminal(board);
            }
            if depth == 0 {
                return self.leaf(board);
            }
            if ROOT {
                self.root_best = Some(Move::Pass);
            }
            return -self.minimax_node::<false>(&passed, depth - 1);
        }
        if depth == 0 {
            return self.leaf(board);
        }
        let list = self.move_list(board, legal, None);
        let mut best_value = -INFINITY - 1;
        let mut best_square = None;
        let mut at = 0;
        while let Some(square) = list.get(at) {
            at += 1;
            let child = board.play_flips(square, board.flips(square));
            let value = -self.minimax_node::<false>(&child, depth - 1);
            if self.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_square = Some(square);
            }
        }
        if ROOT {
            self.root_best = best_square.map(Move::Play);
        }
        best_value
    }
}

/// Plain minimax (negamax) without pruning or table: the value for the side
/// to move, the first best move in square order, and the nodes visited.
/// The yardstick of the other searches.
pub fn minimax<B: Rules + TableKey, E: Evaluation<B> + ?Sized>(
    board: &B,
    depth: u32,
    evaluation: &E,
) -> SearchResult<B::Square> {
    let mut search = Search::new(evaluation);
    // No stop test: the search always ends.
    search.minimax(board, depth).unwrap_or(SearchResult {
        value: 0,
        best: None,
        depth,
        nodes: search.nodes(),
    })
}
