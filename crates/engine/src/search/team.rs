//! What a helper thread of a parallel search or analysis runs with: a clock
//! that never runs out and an observer stopped by the shared flag (the main
//! thread alone keeps the limits).

use std::sync::atomic::{AtomicBool, Ordering};

use super::Observer;
use crate::clock::Clock;

/// A helper's clock: helpers stop on the main thread's word, never on time.
pub(super) struct Timeless;

impl Clock for Timeless {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A helper's observer: silent, and stopped by the shared flag.
pub(super) struct Helper<'a> {
    pub(super) stop: &'a AtomicBool,
}

impl Observer for Helper<'_> {
    fn should_stop(&mut self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}
