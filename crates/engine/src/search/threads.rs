//! Where a parallel search's helper threads come from. Natively, std spawns
//! them for each search ([`SpawnedThreads`]); a front end whose platform
//! cannot spawn threads from the engine (the browser's Web Workers, which
//! JavaScript must start) gives the engine a pool of its own through
//! [`crate::engine::Engine::set_thread_pool`].

/// Runs a parallel search's helpers each on a thread of its own.
pub trait ThreadPool: Send + Sync {
    /// The most helpers [`ThreadPool::run`] runs at once.
    fn helpers(&self) -> usize;

    /// Calls `helper(1)`, ..., `helper(helpers)`, each on another thread,
    /// while `main` runs on this one; returns when every call has returned.
    /// `helpers` is at most [`ThreadPool::helpers`].
    fn run(&self, helpers: usize, helper: &(dyn Fn(usize) + Sync), main: &mut dyn FnMut());

    /// Waits a moment: a thread waiting for its helpers between two looks
    /// at its limits. By default it sleeps [`PAUSE`].
    fn pause(&self) {
        std::thread::sleep(PAUSE);
    }
}

/// How long [`ThreadPool::pause`] sleeps by default.
pub const PAUSE: std::time::Duration = std::time::Duration::from_micros(200);

/// Helpers on threads std spawns for each search, as many as asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpawnedThreads;

impl ThreadPool for SpawnedThreads {
    fn helpers(&self) -> usize {
        usize::MAX
    }

    fn run(&self, helpers: usize, helper: &(dyn Fn(usize) + Sync), main: &mut dyn FnMut()) {
        std::thread::scope(|scope| {
            for index in 1..=helpers {
                scope.spawn(move || helper(index));
            }
            main();
        });
    }
}

/// The pool an engine starts with: std's threads where the platform has
/// them, none in WebAssembly (one thread until a front end gives a pool).
pub(crate) fn default_pool() -> Option<std::sync::Arc<dyn ThreadPool>> {
    if cfg!(target_arch = "wasm32") {
        None
    } else {
        Some(std::sync::Arc::new(SpawnedThreads))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn spawned_threads_run_every_helper_and_the_main_work() {
        let calls = AtomicUsize::new(0);
        let sum = AtomicUsize::new(0);
        let mut main_ran = false;
        SpawnedThreads.run(
            3,
            &|index| {
                calls.fetch_add(1, Ordering::Relaxed);
                sum.fetch_add(index, Ordering::Relaxed);
            },
            &mut || main_ran = true,
        );
        assert!(main_ran);
        assert_eq!(calls.load(Ordering::Relaxed), 3);
        assert_eq!(sum.load(Ordering::Relaxed), 1 + 2 + 3);
    }
}
