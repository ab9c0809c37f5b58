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
//! when it ends, the helpers stop at their next poll. (An analysis, which
//! scores every root move with a full window, shares the moves out instead:
//! `children`.)
//!
//! The helpers run on the engine's [`ThreadPool`]: std's threads natively,
//! Web Workers given by the front end in the threaded WebAssembly build.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::board::Board;
use crate::clock::Clock;
use crate::eval::Evaluation;

use super::busy::Busy;
use super::team::{Helper, Timeless};
use super::threads::ThreadPool;
use super::tt::Table;
use super::{Limits, Observer, Progress, Searcher};

/// The most threads a search uses.
pub const MAX_THREADS: usize = 64;

/// What a parallel search shares besides the board and limits.
pub(crate) struct Shared<'a> {
    pub pool: &'a dyn ThreadPool,
    pub table: &'a Table,
    pub use_table: bool,
    pub evaluation: Evaluation,
    pub threads: usize,
}

/// Searches `board` within `limits` on `shared.threads` threads: the main
/// thread's result, with every thread's nodes counted.
pub(crate) fn search(
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
