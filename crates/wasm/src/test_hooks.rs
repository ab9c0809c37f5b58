//! The test build's hooks (feature `test-hooks`); not part of the package's API.

use wasm_bindgen::prelude::*;

#[cfg(target_feature = "atomics")]
use crate::pool;

/// Panics on purpose, for the tests of the worker's crash recovery (a panic
/// traps the wasm module, which cannot be used afterwards): on this thread,
/// or with `place` 1 (`pool::CRASH_IN_A_HELPER`) in a helper thread of the threaded
/// build's pool (on this thread where there is none). Only in the test
/// build (feature `test-hooks`); not part of the package's API.
#[doc(hidden)]
#[wasm_bindgen(js_name = crashForTests)]
pub fn crash_for_tests(place: u32) {
    #[cfg(target_feature = "atomics")]
    if place == pool::CRASH_IN_A_HELPER {
        pool::crash_a_helper();
    }
    let _ = place;
    panic!("crashForTests: a deliberate panic");
}
