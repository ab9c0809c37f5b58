//! Where time comes from: the engine's [`Clock`] (so one clock, native,
//! the host's or the JS boundary's, serves both boards), and its
//! deterministic [`StepClock`] for tests and reproducible runs. The search
//! and the time manager only see the trait.

#[cfg(not(target_arch = "wasm32"))]
pub use othello::clock::NativeClock;
pub use othello::clock::{Clock, StepClock};
