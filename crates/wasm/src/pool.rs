//! The threaded build's helper threads: Web Workers (`worker_threads` under
//! Node) that `pkg/pool-worker.js` starts on the module's shared memory.
//! Each calls [`pool_worker_main`], which never returns: it waits for a
//! search's helper work, runs it and waits again. The engine reaches them
//! through [`Workers`], its [`ThreadPool`].
//!
//! Only in the build with atomics (`target_feature = "atomics"`); the
//! waiting uses std's `Mutex` and `Condvar`, which block with
//! `memory.atomic.wait32`: allowed in workers, and the engine itself runs in
//! a worker in the threaded build (never on a page's main thread).

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use othello::search::ThreadPool;
use wasm_bindgen::prelude::*;

/// Helper work, for as long as [`ThreadPool::run`] waits for it.
type Job = &'static (dyn Fn(usize) + Sync);

/// What the workers and the searching thread share.
struct State {
    /// Workers waiting for work; a worker's helper number is its order of arrival (1, 2, ...).
    workers: usize,
    /// The current helper work and the helpers it takes (numbers 1 to `wanted`).
    job: Option<Job>,
    wanted: usize,
    /// Counts the jobs given out, so that a worker takes each one once.
    generation: u64,
    /// Helpers of the current job that have returned.
    finished: usize,
}

static STATE: Mutex<State> = Mutex::new(State {
    workers: 0,
    job: None,
    wanted: 0,
    generation: 0,
    finished: 0,
});
/// Signalled when a job is given out.
static WORK: Condvar = Condvar::new();
/// Signalled when a helper returns from a job.
static DONE: Condvar = Condvar::new();

fn state() -> MutexGuard<'static, State> {
    // A panic aborts the module (panic = "abort"), so the lock is never poisoned
    // in use; take the state as it is regardless.
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The workers that have joined, as the engine's thread pool.
#[derive(Clone, Copy, Debug, Default)]
pub struct Workers;

impl ThreadPool for Workers {
    fn helpers(&self) -> usize {
        state().workers
    }

    fn run(&self, helpers: usize, helper: &(dyn Fn(usize) + Sync), main: &mut dyn FnMut()) {
        let helpers = helpers.min(self.helpers());
        if helpers == 0 {
            main();
            return;
        }
        // SAFETY: the reference is only used by the helpers of this job, and
        // this function waits below until every one of them has returned
        // from it (and clears it) before `helper`'s borrow ends. A panic in
        // `main` aborts the whole module (panic = "abort"), so no unwinding
        // can skip the wait.
        let job: Job = unsafe {
            std::mem::transmute::<&(dyn Fn(usize) + Sync), &'static (dyn Fn(usize) + Sync)>(helper)
        };
        {
            let mut state = state();
            state.job = Some(job);
            state.wanted = helpers;
            state.finished = 0;
            state.generation += 1;
        }
        WORK.notify_all();
        main();
        let mut state = state();
        while state.finished < state.wanted {
            state = DONE.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
        state.job = None;
        state.wanted = 0;
    }

    /// Spins for a moment instead of sleeping: `std::thread::sleep` (a
    /// `memory.atomic.wait32` with a timeout) did not come back under Node
    /// 20's V8 (an analysis on two threads hung at its first such wait),
    /// while waits without a timeout (the mutex, the condition variables)
    /// work.
    fn pause(&self) {
        for _ in 0..PAUSE_SPINS {
            std::hint::spin_loop();
        }
    }
}

/// Spins of [`Workers::pause`]: a few microseconds.
const PAUSE_SPINS: u32 = 2_000;

/// A pool worker's life: joins the pool, then runs the helper work it is
/// given, forever. Called by `pkg/pool-worker.js` once the module runs on
/// the shared memory; it never returns (the worker is ended from outside).
#[wasm_bindgen(js_name = poolWorkerMain)]
pub fn pool_worker_main() {
    let (number, mut seen) = {
        let mut state = state();
        state.workers += 1;
        (state.workers, state.generation)
    };
    loop {
        let job = {
            let mut state = state();
            loop {
                if state.generation != seen {
                    seen = state.generation;
                    if number <= state.wanted {
                        break state.job;
                    }
                }
                state = WORK.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
        };
        if let Some(job) = job {
            job(number);
        }
        state().finished += 1;
        DONE.notify_all();
    }
}

/// `crashForTests`'s place for a panic in a helper thread.
#[cfg(feature = "test-hooks")]
pub const CRASH_IN_A_HELPER: u32 = 1;

/// Runs helper work that panics on one pool worker (for the tests of crash
/// recovery): that worker's module traps and this thread waits for it for
/// good, as it would after a bug in a helper; `pkg/pool-worker.js` reports
/// the trap to the client, which ends the engine's worker. Returns at once
/// if no worker has joined.
#[cfg(feature = "test-hooks")]
pub fn crash_a_helper() {
    Workers.run(
        1,
        &|_| panic!("crashForTests: a deliberate panic in a helper thread"),
        &mut || {},
    );
}

/// The workers that have joined the pool so far.
#[wasm_bindgen(js_name = poolWorkers)]
pub fn pool_workers() -> u32 {
    state().workers as u32
}
