//! Every parser on arbitrary text: an answer or a typed error, never a
//! panic; a game any of them accepts replays from its start and reads back
//! from the GGF record written for it.
#![no_main]

#[path = "../../crates/engine/tests/common/accepted.rs"]
mod accepted;

use accepted::check_accepted;
use libfuzzer_sys::fuzz_target;
use othello::notation::{self, ggf, obf, transcript};
use othello::players::Spec;
use othello::Square;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(game) = notation::parse_game(&text) {
        check_accepted(&game);
    }
    if let Ok(game) = transcript::parse(&text) {
        check_accepted(&game);
    }
    if let Ok(record) = ggf::parse(&text) {
        check_accepted(&record.game);
    }
    if let Ok(problem) = obf::parse(&text) {
        assert_eq!(obf::parse(&obf::write(&problem)).ok(), Some(problem));
    }
    if let Ok(square) = text.parse::<Square>() {
        assert_eq!(square.to_string(), text.to_ascii_lowercase());
    }
    let _ = transcript::parse_move(&text);
    let _ = Spec::parse(&text);
});
