//! Every parser on arbitrary text: an answer or a typed error, never a
//! panic; a game any of them accepts replays from its start and reads back
//! from the GGF record written for it.
#![no_main]

#[path = "../../crates/engine/tests/common/accepted.rs"]
mod accepted;

use accepted::check_any_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_any_text(&String::from_utf8_lossy(data));
});
