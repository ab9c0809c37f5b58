//! The JS boundary: the only crate that knows wasm-bindgen.
//!
//! Positions cross as text (an OBF line, a transcript or a GGF record), moves
//! as square names, numbers as JS numbers; never as `u64`. Every bad input is
//! answered with a JS error whose message says what was wrong and whose
//! class and `code` say what kind of problem it is, decided here from the
//! type of the Rust error (`error`). The hand-written facade in
//! `pkg/index.js` checks argument types before calling in.
//!
//! One module a concept: `js` reads and makes JS values, `error` the
//! boundary's errors, `limits` the numbers the package checks (written
//! out as `pkg/limits.js`), `clock` the host's clock, `shapes` the 8x8
//! results, `notation` positions and games as text, `rules` the rules,
//! `options` limits and settings as JS gives them, `engine` the shared
//! engine, `search` searching, `players` the classic players, `explore`
//! the opening explorer and its index, `cli` the command line, `board` which board a call is for, `board96`
//! what the exports do on the 96-square board and `pool` the
//! threaded build's helper threads.

use wasm_bindgen::prelude::*;

mod board;
mod board96;
mod cli;
mod clock;
mod engine;
mod error;
mod explore;
mod js;
mod limits;
mod notation;
mod options;
mod players;
#[cfg(target_feature = "atomics")]
mod pool;
mod rules;
mod search;
mod shapes;
#[cfg(feature = "test-hooks")]
mod test_hooks;

/// Installs the panic hook so that a panic (a bug) reaches the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
