//! The exact endgame solver: null-window searches to the end of the game.
//!
//! Following BILL (Lee and Mahajan, "BILL: A Table-Based,
//! Knowledge-Intensive Othello Program", 1986, section 3.1) and today's
//! strong public engines (Edax, Egaroucid): fastest-first move ordering (fewest replies for
//! the opponent) with the transposition table from [`TT_EMPTIES`] empties up
//! (below [`SMALL_TABLE_EMPTIES`] a small table of the searching thread's own),
//! the stability cutoff, and from [`SHALLOW_EMPTIES`] empties down the
//! code of [`super::last_empties`]. All functions are fail-soft: with window `(alpha, alpha + 1)` a result above
//! `alpha` is a lower bound, at or below it an upper bound.

use crate::board::Board;
use crate::eval::weights::SCALE;
use crate::moves::{flips, legal_moves, neighbours};
use crate::square::Square;

use super::busy::Deferral;
use super::endcut;
use super::last_empties::{odd_quadrants, solve_1, SHALLOW_EMPTIES};
use super::move_list::{Candidate, MoveList};
use super::tt::Store;
use super::Searcher;
use crate::score::NO_SCORE;

/// From this many empties up the endgame uses the transposition table
/// (from 7 rather than 8: 6% fewer nodes on FFO #40-#49, docs/benchmarks.md).
pub const TT_EMPTIES: u32 = 7;
/// Below this many empties the endgame keeps its results in the searching
/// thread's small table ([`SMALL_TABLE_MB`]), not the shared one: the
/// nodes near the leaves are most of the table's reads, and a read that
/// the caches hold costs a fraction of one from memory. Their transpositions
/// are mostly within a few plies, which the small table keeps. FFO #40-#49
/// in about 10% less time for 4% more nodes (docs/benchmarks.md, "Endgame
/// node count"; below 11, 12 and 13 measured, 12 kept).
pub const SMALL_TABLE_EMPTIES: u32 = 12;
/// MiB of the small table of [`SMALL_TABLE_EMPTIES`]: half of this
/// machine's 2 MiB level-2 cache (2 MiB measured: slower).
pub const SMALL_TABLE_MB: usize = 1;
/// A searching thread's small table ([`SMALL_TABLE_EMPTIES`]).
pub(super) enum SmallTable {
    /// The table is off, or the small table could not be allocated: the
    /// nodes near the leaves use the shared table (if any).
    Off,
    /// Not needed yet: a search that never reaches the endgame's last
    /// empties (most midgame searches) zeroes no megabyte for it.
    Unallocated,
    Ready(super::tt::Table),
}

impl SmallTable {
    /// The small table of a search that uses the table or not.
    pub(super) fn new(use_table: bool) -> SmallTable {
        if use_table {
            SmallTable::Unallocated
        } else {
            SmallTable::Off
        }
    }

    #[cold]
    fn allocate() -> SmallTable {
        super::tt::Table::try_new(SMALL_TABLE_MB).map_or(SmallTable::Off, SmallTable::Ready)
    }
}

/// From this many empties up, the children's table entries are probed first
/// (the first height whose children are in the table).
pub const ETC_EMPTIES: u32 = TT_EMPTIES + 1;
/// A node's table entry from a midgame search (not to the end) gives the
/// node's first move only if that search was deeper than this: the
/// ordering searches of [`Searcher::order_by_shallow_search`] (3 and 4
/// plies) leave best moves in the table for positions the endgame later
/// solves, and such a move, put first, overrode the fastest-first and
/// shallow-search order (FFO #40-#49 10.8% fewer nodes than with every
/// stored move; a threshold of 2 or 3 -6.0% or -9.6%, 5 to 8 -10.6% to
/// -10.7%, only the endgame's moves -8.1%; docs/benchmarks.md).
const MIDGAME_HINT_DEPTH: u32 = 4;
/// From this many empties up, moves are sorted by a shallow search, below
/// by the evaluation (from 19 rather than 18: FFO #40-#59 in 9-12% less
/// time for 6% more nodes, all of them on #55; docs/benchmarks.md).
pub const SEARCH_ORDER_EMPTIES: u32 = 19;
/// Weight of a move's shallow-search score (per disc) in the order of a
/// deep endgame node's moves, against the fastest-first key's 64 per
/// opponent reply: a disc of score weighs as much as a reply. Chosen on 12
/// WTHOR positions of 24 and 27 empties apart from the benchmark (3.5% fewer
/// nodes than 1024, with which the score alone decided), then checked on FFO
/// #40-#59 (docs/benchmarks.md, "Endgame move order").
const ORDER_SCORE_WEIGHT: i32 = 64;
/// From this many empties up to [`SEARCH_ORDER_EMPTIES`], moves are also
/// ordered by the evaluation of the position after each (docs/benchmarks.md,
/// "Endgame node count": 7% fewer nodes on FFO #40-#49 than its corner and
/// edge patterns alone, which gave 13% against none).
pub const EVAL_ORDER_EMPTIES: u32 = 12;
/// Weight of a move's evaluation (per disc, for the side that moves) in the
/// order of moves, against the fastest-first key's 64 per opponent reply.
/// Chosen on the 12 positions of [`ORDER_SCORE_WEIGHT`] (8, 12, 16, 20 and
/// 24 measured).
const EVAL_ORDER_WEIGHT: i32 = 16;
/// From this many empties up, a parallel search puts off moves another
/// thread is searching.
pub const DEFER_EMPTIES: u32 = 12;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Ordering weight of each disc the move makes stable at a corner.
const CORNER_STABILITY_WEIGHT: i32 = 16;

impl Searcher<'_> {
    /// Null-window endgame search: is the score above `alpha`? Exact, unless
    /// [`Searcher::end_selectivity`] allows selective cuts
    /// ([`Searcher::endgame_probcut`]).
    pub(crate) fn endgame_nws(&mut self, board: &Board, alpha: i32) -> i32 {
        self.endgame_nws_at(board, alpha, board.empty_count(), None)
    }

    /// [`Searcher::endgame_nws`] of a board with `empties` empty squares
    /// and, when the caller found them, its legal `moves`.
    fn endgame_nws_at(
        &mut self,
        board: &Board,
        alpha: i32,
        empties: u32,
        moves: Option<u64>,
    ) -> i32 {
        debug_assert_eq!(board.empty_count(), empties);
        if empties <= SHALLOW_EMPTIES {
            return self.shallow_nws(
                board.player,
                board.opponent,
                alpha,
                board.empties(),
                empties,
                moves.unwrap_or(board.empties()),
            );
        }
        if self.visit() {
            return 0;
        }
        if let Some(bound) = self.stability_cutoff(board, alpha, empties) {
            return bound;
        }
        let use_table = empties >= TT_EMPTIES;
        let selectivity = u32::from(self.end_selectivity);
        let mut hint = None;
        if use_table {
            if let Some(hit) = self.endgame_probe(board, empties) {
                if hit.depth >= empties && hit.selectivity <= selectivity {
                    if hit.lower > alpha {
                        return hit.lower;
                    }
                    if hit.upper <= alpha {
                        return hit.upper;
                    }
                }
                // The best move of a midgame search no deeper than the
                // ordering searches would go first past their order.
                if hit.depth >= empties || hit.depth > MIDGAME_HINT_DEPTH {
                    hint = hit.best;
                }
            }
        }
        let moves = moves.unwrap_or_else(|| board.moves());
        if moves == 0 {
            let replies = legal_moves(board.opponent, board.player);
            if replies == 0 {
                return board.final_score();
            }
            return -self.endgame_nws_at(&board.pass(), -alpha - 1, empties, Some(replies));
        }
        if selectivity > 0 && empties >= endcut::MIN_EMPTIES {
            if let Some(cut) = self.endgame_probcut(board, alpha, empties) {
                return cut;
            }
        }
        let mut list = self.lists.take(empties as usize);
        let score = self.endgame_nws_moves(board, alpha, empties, moves, hint, &mut list);
        self.lists.put(empties as usize, list);
        score
    }

    /// The rest of [`Searcher::endgame_nws`] at a node of `empties` (more
    /// than [`SHALLOW_EMPTIES`]) and some `moves`, with `list` to fill.
    fn endgame_nws_moves(
        &mut self,
        board: &Board,
        alpha: i32,
        empties: u32,
        moves: u64,
        hint: Option<Square>,
        list: &mut MoveList,
    ) -> i32 {
        let use_table = empties >= TT_EMPTIES;
        let selectivity = u32::from(self.end_selectivity);
        endgame_moves(board, moves, hint, list);
        if empties >= ETC_EMPTIES {
            if let Some(bound) = self.enhanced_cutoff(list, alpha, empties - 1, selectivity) {
                return bound;
            }
        }
        if (EVAL_ORDER_EMPTIES..SEARCH_ORDER_EMPTIES).contains(&empties) {
            self.order_by_evaluation(list, empties - 1, hint);
        }
        if empties >= SEARCH_ORDER_EMPTIES {
            self.order_by_shallow_search(list, empties, hint);
        }
        let mut best = NO_SCORE;
        let mut best_move = None;
        // In a parallel search, moves another thread is searching wait.
        let mut order = Deferral::new(self.busy.filter(|_| empties >= DEFER_EMPTIES));
        let mut first_pass = true;
        'passes: loop {
            for index in 0..list.len() {
                if first_pass {
                    // The move list is sorted as it is searched.
                    list.select(index);
                }
                let candidate = *list.get(index);
                if !order.now(index, &candidate.next) {
                    continue;
                }
                let entry = order.enter(&candidate.next);
                let score = -self.endgame_nws_at(
                    &candidate.next,
                    -alpha - 1,
                    empties - 1,
                    Some(candidate.replies),
                );
                order.leave(entry);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_move = Some(candidate.square);
                    if score > alpha {
                        break 'passes;
                    }
                }
            }
            first_pass = false;
            if !order.next_pass() {
                break;
            }
        }
        if use_table {
            self.endgame_store(
                board,
                empties,
                Store {
                    depth: empties,
                    selectivity,
                    alpha,
                    beta: alpha + 1,
                    score: best,
                    // Below a selective node that failed low the children's
                    // bounds are cut-off values: their best is no hint.
                    best: best_move.filter(|_| selectivity == 0 || best > alpha),
                },
            );
        }
        best
    }

    /// What the table for a node of `empties` knows of `board` (see
    /// [`SMALL_TABLE_EMPTIES`]). Always inlined in wasm, where V8 kept it a
    /// function, as the store below (docs/benchmarks.md, "Endgame nodes per
    /// second in wasm", change 5).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn endgame_probe(&self, board: &Board, empties: u32) -> Option<super::tt::Hit> {
        if empties < SMALL_TABLE_EMPTIES {
            match &self.small_table {
                SmallTable::Ready(small) => return small.probe(board),
                // Nothing of these nodes has been stored yet.
                SmallTable::Unallocated => return None,
                SmallTable::Off => {}
            }
        }
        self.probe(board)
    }

    /// Stores a result of a node of `empties` in its table (see
    /// [`SMALL_TABLE_EMPTIES`]), allocating the small table at its first use.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn endgame_store(&mut self, board: &Board, empties: u32, store: Store) {
        if empties < SMALL_TABLE_EMPTIES {
            if let SmallTable::Unallocated = self.small_table {
                self.small_table = SmallTable::allocate();
            }
            if let SmallTable::Ready(small) = &self.small_table {
                small.store(board, store);
                return;
            }
        }
        self.store(board, store)
    }

    /// Enhanced transposition cutoff: a child whose stored upper bound
    /// already proves this node above `alpha` ends the search at once.
    fn enhanced_cutoff(
        &self,
        list: &MoveList,
        alpha: i32,
        child_empties: u32,
        selectivity: u32,
    ) -> Option<i32> {
        // The first proof in the order of the moves' keys (the list is not
        // sorted yet).
        let mut found: Option<(i32, i32)> = None;
        for c in list.iter() {
            let Some(hit) = self.endgame_probe(&c.next, child_empties) else {
                continue;
            };
            let proven =
                hit.depth >= child_empties && hit.selectivity <= selectivity && -hit.upper > alpha;
            if proven && found.is_none_or(|(key, _)| c.key > key) {
                found = Some((c.key, -hit.upper));
            }
        }
        found.map(|(_, bound)| bound)
    }

    /// Adds the evaluation of the position after each move (for the side
    /// that moves; `child_empties` empties, the replies already found) to
    /// its key (the table's move stays first).
    fn order_by_evaluation(&self, list: &mut MoveList, child_empties: u32, hint: Option<Square>) {
        let Some(weights) = self.evaluation.weights() else {
            return;
        };
        for c in list.iter_mut() {
            if Some(c.square) != hint {
                let value = weights.raw_given(&c.next, child_empties, c.replies);
                c.key += -value * EVAL_ORDER_WEIGHT / SCALE;
            }
        }
    }

    /// Re-sorts deep endgame moves by a shallow midgame search of the
    /// position after each (the table's move stays first).
    fn order_by_shallow_search(&mut self, list: &mut MoveList, empties: u32, hint: Option<Square>) {
        // Called from SEARCH_ORDER_EMPTIES up.
        let depth = if empties >= 22 { 4 } else { 3 };
        // The searches in the fastest-first order leave the table as it was
        // measured.
        list.sort();
        for c in list.iter_mut() {
            if Some(c.square) != hint {
                c.key += -self.ordering_search(&c.next, depth) * ORDER_SCORE_WEIGHT;
            }
        }
        list.sort();
    }

    /// Exact endgame search with a window: principal variation search
    /// over [`Searcher::endgame_nws`].
    pub(crate) fn endgame_pvs(&mut self, board: &Board, alpha: i32, beta: i32) -> i32 {
        let empties = board.empty_count();
        if beta - alpha <= 1 {
            return self.endgame_nws(board, alpha);
        }
        if empties <= 1 || self.visit() {
            return if empties == 1 {
                solve_1(board.player, board.empties().trailing_zeros() as usize)
            } else {
                board.final_score()
            };
        }
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return board.final_score();
            }
            return -self.endgame_pvs(&board.pass(), -beta, -alpha);
        }
        let hint = self.probe(board).and_then(|hit| hit.best);
        let mut list = self.lists.take(empties as usize);
        let score = self.endgame_pvs_moves(board, alpha, beta, moves, hint, &mut list);
        self.lists.put(empties as usize, list);
        score
    }

    /// The rest of [`Searcher::endgame_pvs`] at a node with some `moves`,
    /// with `list` to fill.
    fn endgame_pvs_moves(
        &mut self,
        board: &Board,
        mut alpha: i32,
        beta: i32,
        moves: u64,
        hint: Option<Square>,
        list: &mut MoveList,
    ) -> i32 {
        let empties = board.empty_count();
        endgame_moves(board, moves, hint, list);
        list.sort();
        let original_alpha = alpha;
        let mut best = NO_SCORE;
        let mut best_move = None;
        let mut order = Deferral::new(self.busy.filter(|_| empties >= DEFER_EMPTIES));
        'passes: loop {
            for (index, candidate) in list.iter().enumerate() {
                if !order.now(index, &candidate.next) {
                    continue;
                }
                let entry = order.enter(&candidate.next);
                let mut score = if index == 0 {
                    -self.endgame_pvs(&candidate.next, -beta, -alpha)
                } else {
                    -self.endgame_nws(&candidate.next, -alpha - 1)
                };
                if index > 0 && score > alpha && score < beta && !self.aborted {
                    // A fail-soft bound from a re-search narrower than (alpha,
                    // beta) could undercut the null window's proof: re-search the full window.
                    score = -self.endgame_pvs(&candidate.next, -beta, -alpha);
                }
                order.leave(entry);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_move = Some(candidate.square);
                    alpha = alpha.max(score);
                    if score >= beta {
                        break 'passes;
                    }
                }
            }
            if !order.next_pass() {
                break;
            }
        }
        self.record_pv(board, original_alpha, beta, best_move);
        self.store(
            board,
            Store {
                depth: empties,
                selectivity: u32::from(self.end_selectivity),
                alpha: original_alpha,
                beta,
                score: best,
                best: best_move,
            },
        );
        best
    }
}

/// Fastest-first key: few opponent replies (`replies`, the legal moves of
/// `next`; corners counted twice), few
/// potential replies, odd quadrant, discs made stable at corners, and the
/// table's best move first.
#[inline]
fn endgame_key(next: &Board, replies: u64, square: Square, odd: u64, hint: Option<Square>) -> i32 {
    if Some(square) == hint {
        return i32::MAX;
    }
    let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
    let potential = (neighbours(next.opponent) & next.empties()).count_ones() as i32;
    let parity = i32::from(odd & square.bit() != 0);
    -mobility * 64 - potential * 4
        + parity * 16
        + corner_stability(next.opponent) * CORNER_STABILITY_WEIGHT
}

/// Discs of `discs` on corners and on the edge squares next to a corner they hold.
#[inline]
fn corner_stability(discs: u64) -> i32 {
    let held = discs & CORNERS;
    let next_to = ((held & 0x0100_0000_0000_0001) << 1)
        | ((held & 0x8000_0000_0000_0080) >> 1)
        | ((held & 0x0000_0000_0000_0081) << 8)
        | ((held & 0x8100_0000_0000_0000) >> 8);
    ((held | next_to) & discs).count_ones() as i32
}

/// The legal moves of `board` into `list` with their endgame keys, unsorted.
///
/// Always inlined in wasm, where the compiler would keep it a function
/// (see [`crate::moves::flips`]): 0.5% fewer instructions for FFO #40
/// under Node, the same nodes.
#[cfg_attr(target_arch = "wasm32", inline(always))]
#[cfg_attr(not(target_arch = "wasm32"), inline)]
fn endgame_moves(board: &Board, moves: u64, hint: Option<Square>, list: &mut MoveList) {
    let odd = odd_quadrants(board.empties());
    for square in crate::square::Squares(moves) {
        let f = flips(board.player, board.opponent, square.index());
        let next = board.play_flips(square, f);
        let replies = legal_moves(next.player, next.opponent);
        let key = endgame_key(&next, replies, square, odd, hint);
        list.push(Candidate {
            square,
            next,
            key,
            replies,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::NativeClock;
    use crate::score::MAX_SCORE;
    use crate::search::tt::Table;
    use crate::search::{Limits, Silent};

    #[test]
    fn null_windows_bound_the_exact_score() {
        let board = Board {
            player: 9259156845529477891,
            opponent: 2269917450165734652,
        };
        let table = Table::new(1);
        let clock = NativeClock::new();
        let mut silent = Silent;
        let mut searcher = Searcher::new(&table, false, &Limits::default(), &clock, &mut silent);
        for square in board.move_list() {
            let next = board.play(square).unwrap();
            let exact = searcher.endgame_pvs(&next, -MAX_SCORE, MAX_SCORE);
            for beta in (-60..=MAX_SCORE).step_by(4) {
                let score = searcher.endgame_pvs(&next, -MAX_SCORE, beta);
                if exact >= beta {
                    assert!(
                        score >= beta && score <= exact,
                        "{square} beta {beta}: {score} vs exact {exact}"
                    );
                } else {
                    assert_eq!(score, exact, "{square} beta {beta}");
                }
            }
            for alpha in -MAX_SCORE..MAX_SCORE {
                let score = searcher.endgame_nws(&next, alpha);
                if exact > alpha {
                    assert!(
                        score > alpha && score <= exact,
                        "{square} alpha {alpha}: {score} vs exact {exact}"
                    );
                } else {
                    assert!(
                        score <= alpha && score >= exact,
                        "{square} alpha {alpha}: {score} vs exact {exact}"
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod cutoff_tests {
    use super::*;
    use crate::clock::NativeClock;
    use crate::score::MAX_SCORE;
    use crate::search::tt::Table;
    use crate::search::{Limits, Silent};

    /// The exact score by plain negamax over every move.
    fn negamax(board: &Board) -> i32 {
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return board.final_score();
            }
            return -negamax(&board.pass());
        }
        crate::square::Squares(moves)
            .map(|square| -negamax(&board.play(square).unwrap()))
            .max()
            .unwrap()
    }

    /// Positions with `empties` empties from seeded random games (with passes).
    fn random_positions(empties: u32, count: usize, mut seed: u64) -> Vec<Board> {
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut board = Board::START;
            while board.empty_count() > empties && !board.is_game_over() {
                let moves: Vec<Square> = board.move_list().collect();
                if moves.is_empty() {
                    board = board.pass();
                    continue;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                board = board.play(moves[seed as usize % moves.len()]).unwrap();
            }
            if board.empty_count() == empties && !board.is_game_over() {
                positions.push(board);
            }
        }
        positions
    }

    #[test]
    fn cutoffs_near_the_end_keep_every_null_window_exact() {
        let table = Table::new(1);
        let clock = NativeClock::new();
        let mut silent = Silent;
        let mut searcher = Searcher::new(&table, false, &Limits::default(), &clock, &mut silent);
        let mut stability_cuts = 0;
        for empties in super::super::last_empties::STABILITY_EMPTIES..=TT_EMPTIES {
            for board in random_positions(empties, 40, 0x9e37_79b9_7f4a_7c15 + u64::from(empties)) {
                let exact = negamax(&board);
                for alpha in -MAX_SCORE..MAX_SCORE {
                    if searcher.stability_cutoff(&board, alpha, empties).is_some() {
                        stability_cuts += 1;
                    }
                    let score = searcher.endgame_nws(&board, alpha);
                    if exact > alpha {
                        assert!(score > alpha && score <= exact, "{board:?} alpha {alpha}");
                    } else {
                        assert!(score <= alpha && score >= exact, "{board:?} alpha {alpha}");
                    }
                }
            }
        }
        // The positions do exercise the cutoff.
        assert!(stability_cuts > 100, "{stability_cuts} stability cutoffs");
    }

    /// The positions `plies` moves (no passes) after `board`.
    fn descendants(board: &Board, plies: u32) -> Vec<Board> {
        if plies == 0 {
            return vec![*board];
        }
        board
            .move_list()
            .flat_map(|square| descendants(&board.play(square).unwrap(), plies - 1))
            .collect()
    }

    #[test]
    fn a_midgame_search_allocates_no_small_table_and_a_solve_does() {
        let clock = NativeClock::new();
        let shared = Table::new(4);
        let mut silent = Silent;
        let mut searcher = Searcher::new(&shared, true, &Limits::default(), &clock, &mut silent);
        searcher.pvs(&Board::START, -MAX_SCORE, MAX_SCORE, 6);
        assert!(matches!(searcher.small_table, SmallTable::Unallocated));
        let board = random_positions(SMALL_TABLE_EMPTIES + 2, 1, 0x9e37_79b9_7f4a_7c15)[0];
        searcher.endgame_nws(&board, 0);
        assert!(matches!(searcher.small_table, SmallTable::Ready(_)));
    }

    #[test]
    fn nodes_near_the_leaves_keep_their_results_in_the_small_table() {
        let clock = NativeClock::new();
        let mut in_small = 0;
        for board in random_positions(SMALL_TABLE_EMPTIES + 2, 8, 0x2545_f491_4f6c_dd1d) {
            let none = Table::new(1);
            let mut silent = Silent;
            let mut plain = Searcher::new(&none, false, &Limits::default(), &clock, &mut silent);
            let exact = plain.endgame_pvs(&board, -MAX_SCORE, MAX_SCORE);
            // Null windows on either side of the exact score (the
            // principal variation's nodes are stored in the shared table
            // at every depth).
            let shared = Table::new(4);
            let mut silent = Silent;
            let mut searcher =
                Searcher::new(&shared, true, &Limits::default(), &clock, &mut silent);
            assert_eq!(searcher.endgame_nws(&board, exact - 1), exact, "{board:?}");
            assert_eq!(searcher.endgame_nws(&board, exact), exact, "{board:?}");
            assert!(
                shared.probe(&board).is_some(),
                "{board:?}: the root is in the shared table"
            );
            let SmallTable::Ready(small) = &searcher.small_table else {
                panic!("{board:?}: no small table")
            };
            for below in descendants(&board, 3) {
                assert!(
                    shared.probe(&below).is_none(),
                    "{below:?} in the shared table"
                );
                in_small += usize::from(small.probe(&below).is_some());
            }
        }
        assert!(
            in_small > 10,
            "{in_small} positions of 11 empties in the small tables"
        );
    }
}
