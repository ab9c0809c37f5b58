//! Where time comes from: the engine's [`Clock`] (so one clock, native,
//! the host's or the JS boundary's, serves both boards), and a
//! deterministic [`StepClock`] for tests and reproducible runs. The search
//! and the time manager only see the trait.

pub use othello::clock::Clock;
#[cfg(not(target_arch = "wasm32"))]
pub use othello::clock::NativeClock;

/// A deterministic clock for tests and reproducible runs: every reading
/// advances it by a fixed step.
#[derive(Debug)]
pub struct StepClock {
    now: std::cell::Cell<f64>,
    step_ms: f64,
}

impl StepClock {
    /// A clock at 0 ms that advances `step_ms` at each reading.
    pub fn new(step_ms: f64) -> StepClock {
        StepClock {
            now: std::cell::Cell::new(0.0),
            step_ms,
        }
    }
}

impl Clock for StepClock {
    fn now_ms(&self) -> f64 {
        let now = self.now.get();
        self.now.set(now + self.step_ms);
        now
    }
}
