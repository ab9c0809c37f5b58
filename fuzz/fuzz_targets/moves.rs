//! The move generator against the slow reference of the engine's tests
//! (crates/engine/tests/common/reference.rs) on boards made of the input's
//! first 16 bytes: legal moves, flips, the board after each move, and perft
//! to depth 2.
#![no_main]

#[path = "../../crates/engine/tests/common/reference.rs"]
#[allow(dead_code)]
mod reference;

use libfuzzer_sys::fuzz_target;
use othello::perft::{perft, PassRule};
use othello::Board;
use reference::{Reference, Side};

fuzz_target!(|data: &[u8]| {
    if data.len() < 16 {
        return;
    }
    let word = |at: usize| u64::from_le_bytes(data[at..at + 8].try_into().expect("8 bytes"));
    let (occupied, split) = (word(0), word(8));
    let board = Board::new(occupied & split, occupied & !split).expect("disjoint");
    let reference = Reference::from_bits(board.player, board.opponent, Side::Black);
    assert_eq!(board.moves(), reference.legal_bits());
    assert_eq!(board.status(), reference.status());
    for square in board.move_list() {
        let (column, row) = (i32::from(square.column()), i32::from(square.row()));
        let flips = board.flips(square);
        assert_eq!(flips, reference.flips_bits(column, row));
        let after = board.play(square).expect("legal");
        assert_eq!(after.player & after.opponent, 0);
        assert_eq!(after, reference.play(column, row).board());
    }
    assert_eq!(perft(&board, 2, PassRule::Ply), reference.perft(2));
});
