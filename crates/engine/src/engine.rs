//! The engine: what a front end holds between searches (the transposition
//! table, the evaluation, the threads and the node rate that times the
//! endgame) and asks to search, analyse or play on a clock. A position of
//! the opening book is answered from the book here; the search below
//! ([`crate::search`]) knows no book.

use std::sync::Arc;

use crate::board::Board;
use crate::book::{Book, BookChoice};
use crate::clock::Clock;
use crate::eval::Evaluation;
use crate::position::Move;
use crate::score::ScoreKind;
use crate::search::tt::{self, Table};
use crate::search::{
    parallel, threads, Analysis, Limits, MoveScore, Observer, Progress, SearchResult, Searcher,
    Solve, ThreadPool, MAX_LINES,
};
use crate::time_manager::{self, ClockState, MoveBudget, TimeManager};

/// Default transposition table size.
pub const DEFAULT_TABLE_MB: usize = 32;

/// The engine's state kept between searches: its transposition table.
pub struct Engine {
    table: Table,
    use_table: bool,
    evaluation: Evaluation,
    threads: usize,
    /// Where helper threads come from; none: one thread only.
    pool: Option<Arc<dyn ThreadPool>>,
    /// Nodes per millisecond of the last midgame search long enough to tell
    /// ([`MIN_RATE_SAMPLE_MS`]): what the time per move and the clock
    /// predict an exact solve's time from.
    node_rate: Option<f64>,
    /// Whether (and how) a position of the opening book is answered from
    /// it at once instead of searched (`None`: never).
    book: Option<BookChoice>,
}

/// A search shorter than this (in milliseconds) does not update the
/// engine's node rate.
const MIN_RATE_SAMPLE_MS: f64 = 20.0;

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_TABLE_MB)
    }
}

impl Engine {
    /// An engine with a transposition table of about `table_mb` MiB.
    ///
    /// # Panics
    /// When the table cannot be allocated; [`Engine::try_new`] reports it instead.
    pub fn new(table_mb: usize) -> Engine {
        Engine::with_table(Table::new(table_mb), true)
    }

    /// An engine with a table of about `table_mb` MiB, or why it cannot be allocated.
    pub fn try_new(table_mb: usize) -> Result<Engine, tt::AllocationError> {
        Ok(Engine::with_table(Table::try_new(table_mb)?, true))
    }

    /// An engine that never uses its transposition table (for tests that
    /// compare searches with and without it).
    pub fn without_table() -> Engine {
        Engine::with_table(Table::new(1), false)
    }

    /// An engine on `table` (used or not), with the defaults: the built-in
    /// evaluation, one thread, no book.
    fn with_table(table: Table, use_table: bool) -> Engine {
        Engine {
            table,
            use_table,
            evaluation: Evaluation::default(),
            threads: 1,
            pool: threads::default_pool(),
            node_rate: None,
            book: None,
        }
    }

    /// Uses `evaluation` at the leaves from the next search on.
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
    }

    /// The evaluation the searches use.
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// From the next search on, answers a position of the opening book
    /// from it at once, choosing as `book` says (`None`, the default: never;
    /// every position is searched).
    pub fn set_book(&mut self, book: Option<BookChoice>) {
        self.book = book;
    }

    /// How the searches use the opening book (`None`: not at all).
    pub fn book(&self) -> Option<BookChoice> {
        self.book
    }

    /// Searches on `threads` threads from the next search on (1 to
    /// [`Engine::max_threads`]): a search by Lazy SMP, an analysis by
    /// sharing out its moves. Searches with only a node limit stay on one
    /// thread, so that they are reproducible.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, self.max_threads());
    }

    /// The most threads a search can use: 1 without a thread pool (the
    /// WebAssembly build until its front end gives one), else the pool's
    /// helpers and this thread, at most [`parallel::MAX_THREADS`].
    pub fn max_threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |pool| {
            pool.helpers().saturating_add(1).min(parallel::MAX_THREADS)
        })
    }

    /// Runs the helper threads of later searches on `pool` (`None`: one
    /// thread only); the threads in use are capped to what it has.
    pub fn set_thread_pool(&mut self, pool: Option<Arc<dyn ThreadPool>>) {
        self.pool = pool;
        self.threads = self.threads.min(self.max_threads());
    }

    /// The threads a search uses.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything searched so far.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Starts a search: older entries of the table are replaced first, and
    /// the evaluation's tables (decoded on first use) are decoded here,
    /// before any searcher's clock starts, so decoding never eats into a
    /// deadline.
    fn prepare(&mut self) {
        self.table.new_search();
        self.evaluation.evaluate(&Board::START);
    }

    fn searcher<'a>(
        &'a mut self,
        limits: &Limits,
        clock: &'a dyn Clock,
        observer: &'a mut dyn Observer,
    ) -> Searcher<'a> {
        self.prepare();
        let mut searcher = Searcher::new(&self.table, self.use_table, limits, clock, observer);
        searcher.evaluation = self.evaluation;
        searcher.pool = self.pool.as_deref();
        searcher
    }

    /// Searches `board` within `limits`, reporting through `observer`; a
    /// position of the opening book is answered from it at once when the
    /// engine uses the book ([`Engine::set_book`]).
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        if let Some(choice) = self.book {
            if let Some(result) = book_move(board, &choice, clock) {
                observer.progress(&result);
                return result;
            }
        }
        let limits = self.limits_for(board, limits);
        let result = self.search_within(board, &limits, clock, observer);
        if result.kind == ScoreKind::Depth
            && result.elapsed_ms >= MIN_RATE_SAMPLE_MS
            && result.nodes > 0
        {
            self.node_rate = Some(result.nodes as f64 / result.elapsed_ms);
        }
        result
    }

    /// The limits that a search of `board` (outside the book) keeps to:
    /// `limits` with the exact solve that `exact_from` asks for, and, for a
    /// time per move (a time limit alone, with no depth, nodes, soft limit,
    /// exact-from or solve), the endgame's extension: a move that an exact
    /// solve is predicted to decide gets up to
    /// [`time_manager::ENDGAME_TIME_FACTOR`] times its time to solve it
    /// (see [`time_manager::endgame_solve_ms`]; the prediction uses this
    /// engine's node rate on its last midgame search, so an engine's first search
    /// never gets it).
    pub fn limits_for(&self, board: &Board, limits: &Limits) -> Limits {
        let limits = &limits.for_board(board);
        let time_alone = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.soft_time_ms.is_none()
            && limits.exact_from.is_none()
            && limits.wld_from.is_none()
            && limits.selective_from.is_none()
            && limits.solve == Solve::Deepen;
        match limits.time_ms {
            Some(time_ms) if time_alone => {
                match time_manager::endgame_solve_ms(time_ms, board.empty_count(), self.node_rate) {
                    Some(hard_ms) => Limits {
                        time_ms: Some(hard_ms),
                        solve: Solve::Exact,
                        ..*limits
                    },
                    None => *limits,
                }
            }
            _ => *limits,
        }
    }

    /// [`Engine::search`] past the book, within `limits` as they are.
    fn search_within(
        &mut self,
        board: &Board,
        limits: &Limits,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        let limits = *limits;
        if self.threads > 1 && !limits.node_limited() {
            self.prepare();
            let pool = self
                .pool
                .as_ref()
                .expect("more than one thread only with a pool");
            let shared = parallel::Shared {
                pool: pool.as_ref(),
                table: &self.table,
                use_table: self.use_table,
                evaluation: self.evaluation,
                threads: self.threads,
            };
            return parallel::search(&shared, board, &limits, clock, observer);
        }
        let mut searcher = self.searcher(&limits, clock, observer);
        searcher.iterate(board, &limits)
    }

    /// Searches `board` as [`Engine::search`] does with the moves to the
    /// squares of `excluded` left out at the root: the best of the other
    /// moves (the opening book's builder searches the best move outside the
    /// book so). `None` when no legal move is left.
    pub fn search_excluding(
        &mut self,
        board: &Board,
        excluded: u64,
        limits: &Limits,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> Option<SearchResult> {
        if board.moves() & !excluded == 0 {
            return None;
        }
        let limits = limits.for_board(board);
        let mut searcher = self.searcher(&limits, clock, observer);
        searcher.excluded = excluded;
        Some(searcher.iterate(board, &limits))
    }

    /// Chooses a move under a game clock: the time manager turns the time
    /// left into a soft budget and a hard limit, and the search keeps to them.
    pub fn play_on_clock(
        &mut self,
        board: &Board,
        state: &ClockState,
        manager: &TimeManager,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        let base = Limits::default();
        self.play_on_clock_with(board, state, manager, &base, clock, observer)
    }

    /// [`Engine::play_on_clock`] with the other limits of `base` (a
    /// selectivity, say): the budget's soft and hard limits replace its time
    /// limits, the rest are kept, and whichever limit comes first ends the
    /// search.
    pub fn play_on_clock_with(
        &mut self,
        board: &Board,
        state: &ClockState,
        manager: &TimeManager,
        base: &Limits,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        let limits = clock_limits(&self.clock_budget(state, manager), base);
        self.search(board, &limits, clock, observer)
    }

    /// The budget that [`Engine::play_on_clock`] gives a move on `state`'s
    /// clock: `manager`'s, at this engine's node rate on its last midgame
    /// search (see [`TimeManager::budget_at_rate`]).
    pub fn clock_budget(&self, state: &ClockState, manager: &TimeManager) -> MoveBudget {
        manager.budget_at_rate(state, self.node_rate)
    }

    /// The score of every legal move of `board`, best first, searched
    /// within `limits` (each move gets the same depth). An analysis scores
    /// moves in discs: where `limits` would only prove win, loss or draw
    /// (`wld_from`, a level's play), it solves exactly ([`Limits::for_analysis`]).
    pub fn analyze(
        &mut self,
        board: &Board,
        limits: &Limits,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> Analysis {
        let limits = limits.for_analysis().for_board(board);
        let threads = if limits.node_limited() {
            1
        } else {
            self.threads
        };
        let book = self.book;
        let mut searcher = self.searcher(&limits, clock, observer);
        searcher.threads = threads;
        let mut moves = searcher.analyze(board, &limits);
        if let Some(choice) = book {
            with_book_values(board, choice.book(), &mut moves);
        }
        Analysis {
            moves,
            nodes: searcher.nodes,
            elapsed_ms: searcher.elapsed_ms(),
        }
    }

    /// The best `limits.lines` moves of `board` (1 to [`MAX_LINES`]; 0 is
    /// taken as 1), each with its score and line, searched within `limits`
    /// as an analysis ([`Limits::for_analysis`]) on the engine's threads:
    /// the reports after every iteration and the result carry them, best
    /// first ([`Progress::lines`]; the first is the report's best move).
    /// Every line is searched: the opening book is not used. With one line
    /// it is the search [`Engine::search`] makes, without the book.
    pub fn analyze_lines(
        &mut self,
        board: &Board,
        limits: &Limits,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        let limits = Limits {
            lines: limits.lines.clamp(1, MAX_LINES),
            ..limits.for_analysis().for_board(board)
        };
        self.search_within(board, &limits, clock, observer)
    }
}

/// The opening book's answer in `board`: its move (chosen as `choice`
/// says) with the book value, and the line of best book moves after it.
fn book_move(board: &Board, choice: &BookChoice, clock: &dyn Clock) -> Option<SearchResult> {
    // Decoded once per process, on first use (tens of milliseconds): not
    // this move's time, like the evaluation tables' decoding.
    let book = choice.book();
    let start_ms = clock.now_ms();
    let chosen = book.choose(board, choice.variety, choice.seed)?;
    let mut pv = vec![Move::Play(chosen.square)];
    if let Some(next) = board.play(chosen.square) {
        pv.extend(book.line(&next).into_iter().map(Move::Play));
    }
    Some(Progress {
        depth: 0,
        confidence: 100,
        score: chosen.score,
        kind: ScoreKind::Book,
        best: Some(Move::Play(chosen.square)),
        pv,
        nodes: 0,
        nps: 0,
        elapsed_ms: clock.now_ms() - start_ms,
        lines: Vec::new(),
    })
}

/// Gives the book moves of an analysed `board` their values in `book`
/// (kind [`ScoreKind::Book`]), best first again.
fn with_book_values(board: &Board, book: &Book, moves: &mut [MoveScore]) {
    let book = book.moves(board);
    for entry in moves.iter_mut() {
        if let Some(known) = book.iter().find(|m| entry.mv == Move::Play(m.square)) {
            entry.score = known.score;
            entry.kind = ScoreKind::Book;
            entry.depth = 0;
            entry.confidence = 100;
        }
    }
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
}

/// The limits of a move on a game clock: `base` (for its selectivity and
/// evaluation settings) within the budget's soft and hard limits. When the
/// budget says the endgame is to be solved now, the search solves it
/// exactly with no soft limit, so that it is not stopped between the
/// midgame iterations and the solve, up to the hard limit (BILL's alarm set
/// for the endgame).
fn clock_limits(budget: &MoveBudget, base: &Limits) -> Limits {
    if budget.solve_now {
        Limits {
            time_ms: Some(budget.hard_ms),
            soft_time_ms: None,
            solve: Solve::Exact,
            ..*base
        }
    } else {
        Limits {
            time_ms: Some(budget.hard_ms),
            soft_time_ms: Some(budget.soft_ms),
            ..*base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{probcut, Silent};

    #[test]
    fn a_position_within_the_solve_empties_is_solved_as_they_say() {
        let board = Board::START;
        let empties = board.empty_count();
        let limits = |exact_from, wld_from| Limits {
            depth: Some(12),
            exact_from,
            wld_from,
            ..Limits::default()
        };
        let solve = |limits: Limits| {
            let for_board = limits.for_board(&board);
            (for_board.depth, for_board.solve)
        };
        assert_eq!(solve(limits(None, None)), (Some(12), Solve::Deepen));
        assert_eq!(
            solve(limits(Some(empties - 1), Some(empties - 1))),
            (Some(12), Solve::Deepen)
        );
        assert_eq!(
            solve(limits(Some(empties - 2), Some(empties))),
            (None, Solve::WinLossDraw)
        );
        assert_eq!(
            solve(limits(Some(empties), Some(empties + 2))),
            (None, Solve::Exact)
        );
        assert_eq!(
            solve(limits(None, Some(empties))),
            (None, Solve::WinLossDraw)
        );
        // A solve asked for outright is kept.
        let exact = Limits {
            solve: Solve::Exact,
            ..limits(None, Some(empties))
        };
        assert_eq!(solve(exact), (None, Solve::Exact));
        // An analysis solves exactly wherever the limits would solve at all.
        let analysis = limits(Some(empties - 2), Some(empties)).for_analysis();
        assert_eq!(
            (analysis.exact_from, analysis.wld_from),
            (Some(empties), None)
        );
        assert_eq!(solve(analysis), (None, Solve::Exact));
        assert_eq!(limits(None, None).for_analysis(), limits(None, None));
    }

    #[test]
    fn on_a_clock_the_endgame_is_solved_without_a_soft_limit() {
        let base = Limits {
            selectivity: 3,
            ..Limits::default()
        };
        let manager = TimeManager::default();
        let state = |empties| ClockState {
            remaining_ms: 30_000.0,
            increment_ms: 0.0,
            empties,
        };
        let midgame = manager.budget(&state(manager.exact_solve_empties + 1));
        let limits = clock_limits(&midgame, &base);
        assert!(!midgame.solve_now);
        assert_eq!(limits.soft_time_ms, Some(midgame.soft_ms));
        assert_eq!(limits.time_ms, Some(midgame.hard_ms));
        assert_eq!(limits.solve, Solve::Deepen);
        let endgame = manager.budget(&state(manager.exact_solve_empties));
        let limits = clock_limits(&endgame, &base);
        assert!(endgame.solve_now);
        assert_eq!(limits.soft_time_ms, None);
        assert_eq!(limits.time_ms, Some(endgame.hard_ms));
        assert_eq!(limits.solve, Solve::Exact);
        assert_eq!(limits.selectivity, 3);
    }

    /// The start position on a 5-second clock.
    fn five_seconds_left() -> (Board, ClockState) {
        let board = Board::START;
        let state = ClockState {
            remaining_ms: 5_000.0,
            increment_ms: 0.0,
            empties: board.empty_count(),
        };
        (board, state)
    }

    /// The move chosen on that clock from `base`, with a fresh engine.
    fn on_clock(base: &Limits) -> SearchResult {
        let (board, state) = five_seconds_left();
        let clock = crate::clock::StepClock::new(1.0);
        let manager = TimeManager::default();
        let mut engine = Engine::new(1);
        engine.play_on_clock_with(&board, &state, &manager, base, &clock, &mut Silent)
    }

    #[test]
    fn play_on_clock_keeps_the_selectivity_of_its_base_limits() {
        let (board, state) = five_seconds_left();
        let hard_ms = TimeManager::default().budget(&state).hard_ms;
        let plain = on_clock(&Limits::default());
        assert_eq!(plain.confidence, 100);
        assert!(plain.depth >= 2, "{plain:?}");
        assert!(plain.elapsed_ms <= hard_ms + 1.0, "{plain:?} {hard_ms}");
        // play_on_clock is play_on_clock_with the default limits.
        let clock = crate::clock::StepClock::new(1.0);
        let manager = TimeManager::default();
        let same = Engine::new(1).play_on_clock(&board, &state, &manager, &clock, &mut Silent);
        assert_eq!(same, plain);
        // The budget replaces the base's time limits; its selectivity stays.
        let base = Limits {
            selectivity: probcut::selectivity(95).unwrap(),
            time_ms: Some(1.0e9),
            soft_time_ms: Some(1.0e9),
            ..Limits::default()
        };
        let selective = on_clock(&base);
        assert_eq!(selective.confidence, 95);
        assert!(selective.depth >= 2, "{selective:?}");
        assert!(selective.elapsed_ms <= hard_ms + 1.0, "{selective:?}");
    }
}
