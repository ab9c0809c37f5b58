//! Helpers shared by the integration tests: a deterministic generator and
//! random positions reached by legal play.
#![allow(dead_code)]

use othello::{Board, Status};

/// A tiny deterministic PRNG (splitmix64).
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0); the tiny modulo bias does not matter here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Plays uniformly random legal moves from the start until `done` accepts a
/// position (restarting when a game ends first).
pub fn random_position(rng: &mut SplitMix64, done: impl Fn(&Board) -> bool) -> Board {
    loop {
        let mut board = Board::START;
        loop {
            if done(&board) {
                return board;
            }
            match board.status() {
                Status::GameOver => break,
                Status::MustPass => board = board.pass(),
                Status::Moves => {
                    let moves: Vec<_> = board.move_list().collect();
                    board = board.play(moves[rng.below(moves.len())]).expect("legal");
                }
            }
        }
    }
}
