//! Searching on several threads. Every thread runs the same iterative
//! deepening on the same transposition table, and at every node of some
//! size a thread puts off the moves (after the first) that another thread
//! is searching, coming back to them once its other moves are done, when
//! their results are mostly in the table: the simplified ABDADA of Weill
//! and Kerrigan ([`super::busy`]). Measured on FForum #40-#44 with two
//! threads, it visits about 1.1 times the nodes of one thread, against 1.4
//! times for the Lazy SMP it replaced (helpers a ply deeper every other
//! iteration, root moves rotated), so the threads share the tree instead of
//! searching it twice. The main thread alone keeps the limits and reports;
//! when it ends, the helpers stop at their next poll. An analysis, which
//! scores every root move with a full window, shares the moves out: each
//! thread takes the next move not yet taken.
//!
//! The helpers run on the engine's [`ThreadPool`]: std's threads natively,
//! Web Workers given by the front end in the threaded WebAssembly build.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

use crate::board::Board;
use crate::clock::Clock;
use crate::eval::Evaluation;

use super::busy::Busy;
use super::root::Mode;
use super::threads::ThreadPool;
use super::tt::Table;
use super::{Limits, Observer, Progress, Searcher, NO_SCORE};

/// The most threads a search uses.
pub const MAX_THREADS: usize = 64;

/// A helper's clock: helpers stop on the main thread's word, never on time.
struct Timeless;

impl Clock for Timeless {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A helper's observer: silent, and stopped by the shared flag.
struct Helper<'a> {
    stop: &'a AtomicBool,
}

impl Observer for Helper<'_> {
    fn should_stop(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// What a parallel search shares besides the board and limits.
pub(super) struct Shared<'a> {
    pub pool: &'a dyn ThreadPool,
    pub table: &'a Table,
    pub use_table: bool,
    pub evaluation: Evaluation,
    pub threads: usize,
}

/// Searches `board` within `limits` on `shared.threads` threads: the main
/// thread's result, with every thread's nodes counted.
pub(super) fn search(
    shared: &Shared<'_>,
    board: &Board,
    limits: &Limits,
    clock: &dyn Clock,
    observer: &mut dyn Observer,
) -> Progress {
    let stop = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let busy = Busy::new();
    let helper_limits = Limits {
        time_ms: None,
        soft_time_ms: None,
        nodes: None,
        ..*limits
    };
    let helper = |helper: usize| {
        let mut observer = Helper { stop: &stop };
        let mut searcher = Searcher::new(
            shared.table,
            shared.use_table,
            &helper_limits,
            &Timeless,
            &mut observer,
        );
        searcher.evaluation = shared.evaluation;
        searcher.helper = helper as u32;
        searcher.team_nodes = Some(&helper_nodes);
        searcher.busy = Some(&busy);
        searcher.iterate(board, &helper_limits);
        searcher.publish_nodes();
    };
    let mut result = None;
    let mut main_nodes = 0;
    shared.pool.run(shared.threads - 1, &helper, &mut || {
        let mut searcher = Searcher::new(shared.table, shared.use_table, limits, clock, observer);
        searcher.evaluation = shared.evaluation;
        searcher.team_nodes = Some(&helper_nodes);
        searcher.busy = Some(&busy);
        result = Some(searcher.iterate(board, limits));
        main_nodes = searcher.nodes;
        stop.store(true, Ordering::Relaxed);
    });
    let mut result = result.expect("the main thread's search ran");
    // Every thread's nodes, the helpers' to their last one (the reports
    // counted the helpers' as far as they had published them).
    result.nodes = main_nodes + helper_nodes.load(Ordering::Relaxed);
    if result.elapsed_ms > 0.0 {
        result.nps = (result.nodes as f64 * 1000.0 / result.elapsed_ms) as u64;
    }
    result
}

/// The root's children shared out among threads, and their scores.
struct Shares<'s> {
    children: &'s [Board],
    /// The next child no thread has taken.
    next: &'s AtomicUsize,
    scores: &'s [AtomicI32],
    /// Children scored.
    done: &'s AtomicUsize,
}

impl Shares<'_> {
    /// Scores the children not yet taken, one at a time, with `searcher`
    /// until none is left or its limits stop it.
    fn take(&self, searcher: &mut Searcher<'_>, (alpha, beta): (i32, i32), mode: Mode) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            if index >= self.children.len() {
                return;
            }
            let score = searcher.child(&self.children[index], alpha, beta, mode);
            if searcher.aborted {
                return;
            }
            self.scores[index].store(score, Ordering::Relaxed);
            self.done.fetch_add(1, Ordering::Release);
        }
    }
}

/// The scores of the root's `children` in `mode` within `window`, shared
/// out among `threads` threads (the caller's searcher is one of them): each
/// takes the next child not yet taken. Fewer scores than children when the
/// caller's limits stopped it (the helpers then stop too).
pub(super) fn score_children(
    main: &mut Searcher<'_>,
    pool: &dyn ThreadPool,
    children: &[Board],
    (alpha, beta): (i32, i32),
    mode: Mode,
    threads: usize,
) -> Vec<i32> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let scores: Vec<AtomicI32> = children.iter().map(|_| AtomicI32::new(NO_SCORE)).collect();
    let done = AtomicUsize::new(0);
    let helper_nodes = AtomicU64::new(0);
    let (table, use_table, evaluation, selectivity) =
        (main.tt, main.use_table, main.evaluation, main.selectivity);
    let limits = Limits::default();
    let helper = |helper: usize| {
        let mut observer = Helper { stop: &stop };
        let mut searcher = Searcher::new(table, use_table, &limits, &Timeless, &mut observer);
        searcher.evaluation = evaluation;
        searcher.selectivity = selectivity;
        searcher.helper = helper as u32;
        let shares = Shares {
            children,
            next: &next,
            scores: &scores,
            done: &done,
        };
        shares.take(&mut searcher, (alpha, beta), mode);
        helper_nodes.fetch_add(searcher.nodes, Ordering::Relaxed);
    };
    let helpers = (threads.min(children.len()) - 1).min(pool.helpers());
    pool.run(helpers, &helper, &mut || {
        let shares = Shares {
            children,
            next: &next,
            scores: &scores,
            done: &done,
        };
        shares.take(main, (alpha, beta), mode);
        // Waits for the helpers' last children, still minding the limits.
        while !main.aborted && done.load(Ordering::Acquire) < children.len() {
            main.poll();
            pool.pause();
        }
        stop.store(true, Ordering::Relaxed);
    });
    main.nodes += helper_nodes.load(Ordering::Relaxed);
    if main.aborted {
        return Vec::new();
    }
    scores.iter().map(|s| s.load(Ordering::Relaxed)).collect()
}
