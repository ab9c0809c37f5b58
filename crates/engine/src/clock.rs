//! Time for the engine, from a source that works natively, under Node and in
//! a Web Worker. The standard library's `Instant` panics on
//! wasm32-unknown-unknown, so
//! the engine only sees this trait; the JS boundary supplies a clock over
//! `performance.now()` and native builds use [`NativeClock`].

/// Milliseconds elapsed since some fixed start.
pub trait Clock {
    /// Milliseconds since the clock's start (fractions allowed).
    fn now_ms(&self) -> f64;
}

/// A borrowed clock reads as the clock it borrows, so that a holder of a
/// clock by value (a clocked player) can hold a `&dyn Clock`.
impl<C: Clock + ?Sized> Clock for &C {
    fn now_ms(&self) -> f64 {
        (**self).now_ms()
    }
}

/// The native clock, counting from its creation.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct NativeClock {
    start: std::time::Instant, // cfg(not(target_arch = "wasm32")): never built for wasm
}

#[cfg(not(target_arch = "wasm32"))]
impl NativeClock {
    /// A clock starting now.
    pub fn new() -> NativeClock {
        NativeClock {
            start: std::time::Instant::now(), // cfg(not(target_arch = "wasm32"))
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for NativeClock {
    fn default() -> Self {
        NativeClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for NativeClock {
    fn now_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }
}

/// A deterministic clock for tests and reproducible runs: every reading
/// advances it by a fixed step, so a time limit is a count of readings and
/// does not depend on the machine's load.
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
