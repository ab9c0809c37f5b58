//! The search: iterative deepening at the root with aspiration windows over
//! a principal variation search, handing over to the exact endgame solver
//! when the remaining depth reaches the end of the game.
//!
//! Follows BILL (Lee and Mahajan, "BILL: A Table-Based, Knowledge-Intensive
//! Othello Program", 1986, section 3.1): zero-window searches, iterative
//! deepening with the best move of the last completed iteration (or a move
//! proven better in an unfinished one), timing by a soft budget and a hard
//! limit, and the endgame solved once it is within reach; Snow, Patel and
//! Jacobs, "Othello: The Moors of Venice" (Stanford CS 221 report) for
//! NegaScout with a transposition table; "Othello/Alpha-Beta Research" (a
//! Spring 2001 student research project) for null-window pitfalls.
//!
//! The engine does no I/O: progress goes out through an [`Observer`], time
//! comes from a [`Clock`].

mod busy;
pub mod endcut;
mod endgame;
pub mod level;
mod midgame;
mod move_list;
pub mod options;
pub mod parallel;
pub mod probcut;
mod root;
pub mod threads;
pub mod tt;

use crate::board::Board;
use crate::book::{Book, BookFile};
use crate::clock::Clock;
use crate::eval::Evaluation;
use crate::position::Move;
use crate::time_manager::{self, ClockState, MoveBudget, TimeManager};

pub use root::MoveScore;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
pub use threads::{SpawnedThreads, ThreadPool};
use tt::Table;

/// The best final disc difference: every square the side to move's.
pub const MAX_SCORE: i32 = 64;
/// Below every score: where a node's best starts before any move is searched.
pub const NO_SCORE: i32 = -MAX_SCORE - 1;

/// How a score was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// A midgame search to a fixed depth with the evaluation at the leaves.
    Depth,
    /// The sign is proven: win (positive), draw (0) or loss (negative).
    WinLossDraw,
    /// The exact final disc difference with best play.
    Exact,
    /// The opening book's value (a deep search negamaxed through the book).
    Book,
}

impl ScoreKind {
    /// `"depth"`, `"wld"`, `"exact"` or `"book"`, as the tools and the JS API write it.
    pub fn name(self) -> &'static str {
        match self {
            ScoreKind::Depth => "depth",
            ScoreKind::WinLossDraw => "wld",
            ScoreKind::Exact => "exact",
            ScoreKind::Book => "book",
        }
    }
}

/// What to solve beyond a depth-limited search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Solve {
    /// Deepen until another limit stops the search (solving the endgame if reached).
    #[default]
    Deepen,
    /// Stop once win, loss or draw is proven.
    WinLossDraw,
    /// Stop once the exact score is proven.
    Exact,
}

/// When a search stops; whichever limit comes first ends it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Deepest midgame iteration (a depth at or past the end of the game solves it).
    pub depth: Option<u32>,
    /// Nodes after which the search stops (searches with only this limit are
    /// reproducible). It is checked at interior nodes, so the few leaves below
    /// the last check may take the count slightly past it.
    pub nodes: Option<u64>,
    /// Hard deadline in milliseconds after the start of the search. A time
    /// limit alone (a time per move: no depth, nodes, soft limit,
    /// exact-from or solve) may be extended in the endgame, up to
    /// [`time_manager::ENDGAME_TIME_FACTOR`] times it, to finish an exact
    /// solve that the engine's node rate predicts within that bound (see
    /// [`Engine::limits_for`]).
    pub time_ms: Option<f64>,
    /// Soft budget in milliseconds: no new iteration starts after it.
    pub soft_time_ms: Option<f64>,
    /// Whether to stop at a proven win/loss/draw or exact score.
    pub solve: Solve,
    /// Multi-ProbCut level of the midgame search: an index into
    /// [`probcut::CONFIDENCES`] (0, the default: no selective cut; see
    /// [`probcut::selectivity`] to get it from a confidence in percent).
    pub selectivity: u8,
    /// Positions with this many empties or fewer are solved exactly
    /// (whatever the depth), as a [`level::Level`] asks.
    pub exact_from: Option<u32>,
    /// Positions with this many empties or fewer (and more than
    /// `exact_from`) are solved for win, loss or draw only, as a
    /// [`level::Level`] asks: about a tenth of an exact solve's nodes in
    /// one-sided positions, and the same result of the game.
    pub wld_from: Option<u32>,
    /// Whether (and how) a position of the opening book is answered from
    /// it at once instead of searched (`None`: never).
    pub book: Option<BookChoice>,
}

/// How the opening book chooses its move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookChoice {
    /// Moves within this many discs of the best book move may be chosen
    /// (0: a best one; equal ones are drawn by the seed).
    pub variety: u32,
    /// Draws the move among those (the same seed, the same move).
    pub seed: u64,
    /// The book consulted: `None` for the embedded one ([`Book::embedded`]),
    /// or a book file (`book=file:<path>`, read by a native front end), so
    /// that two books can play a match in one process.
    pub file: Option<&'static BookFile>,
}

impl BookChoice {
    /// The book this choice consults.
    pub fn book(&self) -> &'static Book {
        self.file.map_or_else(Book::embedded, |file| &file.contents)
    }
}

impl Limits {
    /// Whether only a node count stops the search: such a search is kept on
    /// one thread, so that it is reproducible.
    fn node_limited(&self) -> bool {
        self.nodes.is_some() && self.time_ms.is_none()
    }

    /// These limits for an analysis: the exact solve starts where the
    /// win/loss/draw solve would (an analysis is read for its discs; a
    /// win/loss/draw solve asked for outright, `solve`, stays).
    pub fn for_analysis(&self) -> Limits {
        match self.wld_from {
            Some(wld_from) => Limits {
                exact_from: Some(self.exact_from.map_or(wld_from, |e| e.max(wld_from))),
                wld_from: None,
                ..*self
            },
            None => *self,
        }
    }

    /// The limits for `board`: an exact solve when it is within
    /// `exact_from`, else a win/loss/draw solve when it is within
    /// `wld_from`.
    fn for_board(&self, board: &Board) -> Limits {
        let empties = board.empty_count();
        let within = |from: Option<u32>| from.is_some_and(|from| empties <= from);
        let solve = if within(self.exact_from) {
            Solve::Exact
        } else if within(self.wld_from) {
            Solve::WinLossDraw
        } else {
            return *self;
        };
        Limits {
            depth: None,
            solve: if self.solve == Solve::Deepen {
                solve
            } else {
                self.solve
            },
            ..*self
        }
    }
}

/// A report on a search in progress or finished.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Depth of the last completed iteration (the empties for a solve).
    pub depth: u32,
    /// Confidence of selective cuts in percent (100: no selective search).
    pub confidence: u32,
    /// Score for the side to move, in discs.
    pub score: i32,
    /// How the score was found.
    pub kind: ScoreKind,
    /// The best move (`None` when the game is over).
    pub best: Option<Move>,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
}

/// The scores of every legal move.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Each legal move (or the pass) with its score, best first.
    pub moves: Vec<MoveScore>,
    /// Nodes visited.
    pub nodes: u64,
    /// Milliseconds taken.
    pub elapsed_ms: f64,
}

/// The outcome of a search: the last progress report.
pub type SearchResult = Progress;

/// Receives progress and may ask the search to stop.
pub trait Observer {
    /// Called after every iteration and at least every 250 ms.
    fn progress(&mut self, _progress: &Progress) {}
    /// Polled often during the search; `true` stops it with its best move so far.
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// An observer that ignores everything.
pub struct Silent;

impl Observer for Silent {}

/// Nodes between two looks at the clock, the stop flag and the node limit.
const POLL_INTERVAL: u64 = 1024;
/// Milliseconds between two progress reports within an iteration.
const PROGRESS_INTERVAL_MS: f64 = 250.0;
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
        Engine {
            table: Table::new(table_mb),
            use_table: true,
            evaluation: Evaluation::default(),
            threads: 1,
            pool: threads::default_pool(),
            node_rate: None,
        }
    }

    /// An engine with a table of about `table_mb` MiB, or why it cannot be allocated.
    pub fn try_new(table_mb: usize) -> Result<Engine, tt::AllocationError> {
        Ok(Engine {
            table: Table::try_new(table_mb)?,
            use_table: true,
            evaluation: Evaluation::default(),
            threads: 1,
            pool: threads::default_pool(),
            node_rate: None,
        })
    }

    /// An engine that never uses its transposition table (for tests that
    /// compare searches with and without it).
    pub fn without_table() -> Engine {
        Engine {
            table: Table::new(1),
            use_table: false,
            evaluation: Evaluation::default(),
            threads: 1,
            pool: threads::default_pool(),
            node_rate: None,
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
    /// position of the opening book is answered from it at once when
    /// `limits.book` says so.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        clock: &dyn Clock,
        observer: &mut dyn Observer,
    ) -> SearchResult {
        if let Some(choice) = limits.book {
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
        let mut searcher = self.searcher(&limits, clock, observer);
        searcher.threads = threads;
        let mut moves = searcher.analyze(board, &limits);
        if let Some(choice) = limits.book {
            with_book_values(board, choice.book(), &mut moves);
        }
        Analysis {
            moves,
            nodes: searcher.nodes,
            elapsed_ms: searcher.elapsed_ms(),
        }
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

/// One search in progress.
pub(crate) struct Searcher<'a> {
    tt: &'a Table,
    use_table: bool,
    clock: &'a dyn Clock,
    observer: &'a mut dyn Observer,
    /// Nodes visited.
    pub nodes: u64,
    node_limit: u64,
    deadline_ms: f64,
    start_ms: f64,
    next_poll: u64,
    last_report_ms: f64,
    /// Set once a limit or the observer stopped the search.
    pub aborted: bool,
    /// The static evaluation at the leaves.
    pub evaluation: Evaluation,
    /// Multi-ProbCut level (0: no selective cuts), see [`probcut::CONFIDENCES`].
    pub selectivity: u8,
    /// Multi-ProbCut level of the endgame solver (0: exact), set by the
    /// root for the selective passes before an exact solve
    /// ([`endcut`]).
    pub end_selectivity: u8,
    /// The selectivities of the selective endgame passes before an exact
    /// solve ([`endcut::PASSES`]: none by default).
    pub end_passes: &'static [u8],
    /// The latest report, re-sent with fresh counts during long iterations.
    report: Option<Progress>,
    /// The best move found at each full-window (principal variation) node
    /// of the current iteration: the line reported does not depend on what
    /// the transposition table kept.
    pv_moves: std::collections::HashMap<Board, crate::square::Square>,
    /// Above 0 while a move-ordering search runs.
    ordering: u32,
    /// Root moves left out of the search (squares as bits).
    excluded: u64,
    /// 0 for the main thread; a helper's number in a parallel search.
    pub helper: u32,
    /// Threads an analysis scores the moves on (0 or 1: this one alone).
    pub threads: usize,
    /// Where an analysis's helper threads come from.
    pool: Option<&'a dyn ThreadPool>,
    /// In a parallel search, the helpers' nodes as they go: each helper
    /// adds its new nodes at every poll, and the main thread's reports count
    /// them (so nodes and nodes/s are the whole search's while it runs).
    team_nodes: Option<&'a AtomicU64>,
    /// A helper's nodes already added to `team_nodes`.
    published_nodes: u64,
    /// In a parallel search, the positions the threads are searching now:
    /// moves another thread is searching are put off (see [`busy`]).
    busy: Option<&'a busy::Busy>,
}

impl<'a> Searcher<'a> {
    fn new(
        tt: &'a Table,
        use_table: bool,
        limits: &Limits,
        clock: &'a dyn Clock,
        observer: &'a mut dyn Observer,
    ) -> Searcher<'a> {
        let start_ms = clock.now_ms();
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        Searcher {
            tt,
            use_table,
            clock,
            observer,
            nodes: 0,
            node_limit,
            deadline_ms: limits.time_ms.map_or(f64::INFINITY, |t| start_ms + t),
            start_ms,
            next_poll: POLL_INTERVAL.min(node_limit),
            last_report_ms: start_ms,
            aborted: false,
            evaluation: Evaluation::default(),
            selectivity: limits.selectivity,
            end_selectivity: 0,
            end_passes: &endcut::PASSES,
            report: None,
            pv_moves: std::collections::HashMap::new(),
            ordering: 0,
            excluded: 0,
            helper: 0,
            threads: 1,
            pool: None,
            team_nodes: None,
            published_nodes: 0,
            busy: None,
        }
    }

    /// Counts a node; `true` when the search must stop.
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        self.aborted
    }

    /// Looks at the node limit, the clock and the stop flag; sends progress.
    #[cold]
    fn poll(&mut self) {
        self.next_poll = (self.nodes + POLL_INTERVAL).min(self.node_limit);
        if self.helper > 0 {
            self.publish_nodes();
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
            return;
        }
        let now = self.clock.now_ms();
        if now >= self.deadline_ms || self.observer.should_stop() {
            self.aborted = true;
            return;
        }
        if now - self.last_report_ms >= PROGRESS_INTERVAL_MS {
            self.last_report_ms = now;
            if let Some(mut report) = self.report.clone() {
                self.refresh(&mut report);
                self.observer.progress(&report);
            }
        }
    }

    /// What the table knows of `board` (nothing when the table is off).
    #[inline]
    fn probe(&self, board: &Board) -> Option<tt::Hit> {
        if self.use_table {
            self.tt.probe(board)
        } else {
            None
        }
    }

    /// Stores a result in the table (unless the table is off).
    #[inline]
    fn store(&mut self, board: &Board, store: tt::Store) {
        if self.use_table {
            self.tt.store(board, store);
        }
    }

    /// Milliseconds since the search started.
    fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    /// Updates the counters of a report.
    fn refresh(&self, report: &mut Progress) {
        let helpers = match (self.helper, self.team_nodes) {
            (0, Some(team)) => team.load(Ordering::Relaxed),
            _ => 0,
        };
        report.nodes = self.nodes + helpers;
        report.elapsed_ms = self.elapsed_ms();
        report.nps = if report.elapsed_ms > 0.0 {
            (report.nodes as f64 * 1000.0 / report.elapsed_ms) as u64
        } else {
            0
        };
    }

    /// A helper adds its nodes since the last time to the team's count.
    fn publish_nodes(&mut self) {
        if let Some(team) = self.team_nodes {
            team.fetch_add(self.nodes - self.published_nodes, Ordering::Relaxed);
            self.published_nodes = self.nodes;
        }
    }

    /// Records and sends a report.
    fn publish(&mut self, mut report: Progress) -> Progress {
        self.refresh(&mut report);
        self.last_report_ms = self.clock.now_ms();
        self.observer.progress(&report);
        self.report = Some(report.clone());
        report
    }

    /// Whether a node searched with the window `(alpha, beta)` is on the
    /// principal variation: an open window outside move-ordering searches.
    #[inline]
    fn is_pv_node(&self, alpha: i32, beta: i32) -> bool {
        beta - alpha > 1 && self.ordering == 0
    }

    /// Records `best` as the move of the principal variation at `board`,
    /// searched with the window `(alpha, beta)`, when it is a PV node.
    #[inline]
    fn record_pv(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        best: Option<crate::square::Square>,
    ) {
        if let Some(square) = best.filter(|_| self.is_pv_node(alpha, beta)) {
            self.pv_moves.insert(*board, square);
        }
    }

    /// The principal variation recorded by the last iteration (or, past its
    /// end, from the table), starting from `board`.
    fn principal_variation(&self, board: &Board, first: Move, length: u32) -> Vec<Move> {
        let mut pv = vec![first];
        let mut current = match first {
            Move::Play(square) => match board.play(square) {
                Some(next) => next,
                None => return pv,
            },
            Move::Pass => board.pass(),
        };
        while (pv.len() as u32) < length.max(1) {
            if current.moves() == 0 {
                if current.pass().moves() == 0 {
                    break;
                }
                pv.push(Move::Pass);
                current = current.pass();
                continue;
            }
            let recorded = self.pv_moves.get(&current).copied();
            let Some(square) = recorded.or_else(|| self.probe(&current).and_then(|hit| hit.best))
            else {
                break;
            };
            let Some(next) = current.play(square) else {
                break;
            };
            pv.push(Move::Play(square));
            current = next;
        }
        pv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A clock that advances one millisecond each time it is read, so that
    /// a search on a game clock is reproducible.
    struct TickingClock(Cell<f64>);

    impl Clock for TickingClock {
        fn now_ms(&self) -> f64 {
            let now = self.0.get() + 1.0;
            self.0.set(now);
            now
        }
    }

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
        let clock = TickingClock(Cell::new(0.0));
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
        let clock = TickingClock(Cell::new(0.0));
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
