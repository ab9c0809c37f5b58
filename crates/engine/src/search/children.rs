//! The root's children: how each is searched in an iteration (a midgame
//! search to the root's depth or a solve), and an analysis's children
//! shared out among threads, each thread taking the next child not yet
//! taken.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

use super::team::{Helper, Timeless};
use super::threads::ThreadPool;
use super::{Limits, Searcher};
use crate::board::Board;
use crate::score::NO_SCORE;

/// How the children of the root are searched in an iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Midgame search to this depth (the root's depth).
    Midgame(u32),
    /// Exact (or, with a narrow window, win/loss/draw) solve.
    Solve,
}

impl Searcher<'_> {
    /// The value of a root child for the side that moved into it.
    pub(super) fn child(&mut self, next: &Board, alpha: i32, beta: i32, mode: Mode) -> i32 {
        match mode {
            Mode::Solve => -self.endgame_pvs(next, -beta, -alpha),
            Mode::Midgame(depth) => -self.pvs(next, -beta, -alpha, depth - 1),
        }
    }
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
    let (table, use_table, evaluation, selectivity, end_selectivity) = (
        main.tt,
        main.use_table,
        main.evaluation,
        main.selectivity,
        main.end_selectivity,
    );
    let limits = Limits::default();
    let helper = |helper: usize| {
        let mut observer = Helper { stop: &stop };
        let mut searcher = Searcher::new(table, use_table, &limits, &Timeless, &mut observer);
        searcher.evaluation = evaluation;
        searcher.selectivity = selectivity;
        searcher.end_selectivity = end_selectivity;
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
