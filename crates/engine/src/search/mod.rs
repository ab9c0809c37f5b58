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
mod children;
pub mod endcut;
mod endgame;
mod last_empties;
pub mod level;
mod midgame;
mod move_list;
pub mod parallel;
pub mod probcut;
mod root;
mod team;
pub mod threads;
pub mod tt;

use crate::board::Board;
use crate::clock::Clock;
use crate::eval::Evaluation;
use crate::position::Move;
use crate::score::ScoreKind;

pub use root::MoveScore;
use std::sync::atomic::{AtomicU64, Ordering};
pub use threads::{SpawnedThreads, ThreadPool};
use tt::Table;

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
    /// Search to the end of the game with the endgame's selective cuts at
    /// [`Limits::end_selectivity`] and stop there (a level's endgame search
    /// before its win/loss/draw and exact solves: see [`Limits::selective_from`]).
    Selective,
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
    /// [`crate::time_manager::ENDGAME_TIME_FACTOR`] times it, to finish an exact
    /// solve that the engine's node rate predicts within that bound (see
    /// [`crate::engine::Engine::limits_for`]).
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
    /// Positions with this many empties or fewer (and more than
    /// `wld_from` and `exact_from`) are searched to the end with the
    /// endgame's selective cuts at [`Limits::end_selectivity`], as a
    /// [`level::Level`] asks: a score at that confidence, at a fraction of
    /// an exact solve's nodes.
    pub selective_from: Option<u32>,
    /// The endgame's selective cuts of a search from `selective_from`: an
    /// index into [`probcut::CONFIDENCES`] (see [`super::endcut`]).
    pub end_selectivity: u8,
    /// The best moves whose lines the search finds and reports (a
    /// multi-line analysis, up to [`MAX_LINES`]): each iteration scores
    /// that many moves exactly and proves the others no better than the
    /// last of them (see [`Progress::lines`]). 0, the default, and 1 search
    /// the same way (the best move alone); 0 reports no lines.
    pub lines: u32,
}

/// The most lines a multi-line analysis finds ([`Limits::lines`]).
pub const MAX_LINES: u32 = 5;

impl Limits {
    /// Whether only a node count stops the search: such a search is kept on
    /// one thread, so that it is reproducible.
    pub(crate) fn node_limited(&self) -> bool {
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
    pub(crate) fn for_board(&self, board: &Board) -> Limits {
        let empties = board.empty_count();
        let within = |from: Option<u32>| from.is_some_and(|from| empties <= from);
        let solve = if within(self.exact_from) {
            Solve::Exact
        } else if within(self.wld_from) {
            Solve::WinLossDraw
        } else if within(self.selective_from) && self.end_selectivity > 0 {
            Solve::Selective
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
    /// In a search with [`Limits::lines`], the best lines of the last
    /// completed iteration, best first (the first is `best`, `score` and
    /// `pv`); fewer when the position has fewer moves, none before the
    /// first iteration ends or without `lines`.
    pub lines: Vec<Line>,
}

/// One of the best lines of a multi-line search ([`Limits::lines`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its first move.
    pub mv: Move,
    /// Its score for the side to move, in discs (for a win/loss/draw
    /// solve, only its sign is proven).
    pub score: i32,
    /// How the score was found.
    pub kind: ScoreKind,
    /// Depth searched (the empties for a solve).
    pub depth: u32,
    /// Confidence of selective cuts in percent (100: none).
    pub confidence: u32,
    /// The principal variation, starting with the move.
    pub pv: Vec<Move>,
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
    /// solve of [`Searcher::end_passes_from`] or more empties
    /// ([`endcut::PASSES`] by default).
    pub end_passes: &'static [u8],
    /// The fewest empties of an exact solve that [`Searcher::end_passes`]
    /// precede ([`endcut::SOLVE_FROM`] by default).
    pub end_passes_from: u32,
    /// The latest report, re-sent with fresh counts during long iterations.
    report: Option<Progress>,
    /// The best move found at each full-window (principal variation) node
    /// of the current iteration: the line reported does not depend on what
    /// the transposition table kept.
    pv_moves: std::collections::HashMap<Board, crate::square::Square>,
    /// Above 0 while a move-ordering search runs.
    ordering: u32,
    /// Root moves left out of the search (squares as bits).
    pub(crate) excluded: u64,
    /// The lines the root finds ([`Limits::lines`]; 0: one, unreported).
    lines: usize,
    /// 0 for the main thread; a helper's number in a parallel search.
    pub helper: u32,
    /// Threads an analysis scores the moves on (0 or 1: this one alone).
    pub threads: usize,
    /// Where an analysis's helper threads come from.
    pub(crate) pool: Option<&'a dyn ThreadPool>,
    /// In a parallel search, the helpers' nodes as they go: each helper
    /// adds its new nodes at every poll, and the main thread's reports count
    /// them (so nodes and nodes/s are the whole search's while it runs).
    team_nodes: Option<&'a AtomicU64>,
    /// A helper's nodes already added to `team_nodes`.
    published_nodes: u64,
    /// In a parallel search, the positions the threads are searching now:
    /// moves another thread is searching are put off (see [`busy`]).
    busy: Option<&'a busy::Busy>,
    /// The nodes' move lists, reused.
    lists: move_list::ListPool,
    /// This thread's table for the endgame's nodes near the leaves
    /// ([`endgame::SMALL_TABLE_EMPTIES`]), allocated at their first store.
    small_table: endgame::SmallTable,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
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
            end_passes_from: endcut::SOLVE_FROM,
            report: None,
            pv_moves: std::collections::HashMap::new(),
            ordering: 0,
            excluded: 0,
            lines: limits.lines.min(MAX_LINES) as usize,
            helper: 0,
            threads: 1,
            pool: None,
            team_nodes: None,
            published_nodes: 0,
            busy: None,
            lists: move_list::ListPool::new(),
            small_table: endgame::SmallTable::new(use_table),
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
    pub(crate) fn elapsed_ms(&self) -> f64 {
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
