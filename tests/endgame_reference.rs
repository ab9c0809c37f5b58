//! The endgame solver against a plain alpha-beta written for obviousness,
//! on positions with 8-12 empties from random games.

use othello::clock::NativeClock;
use othello::search::{Engine, Limits, ScoreKind, Silent, Solve};
use othello::Board;

/// Plain negamax alpha-beta to the end of the game, fail-hard.
fn reference(board: &Board, mut alpha: i32, beta: i32) -> i32 {
    let moves = board.moves();
    if moves == 0 {
        if board.pass().moves() == 0 {
            return board.final_score();
        }
        return -reference(&board.pass(), -beta, -alpha);
    }
    for square in board.move_list() {
        let next = board.play(square).expect("legal");
        let score = -reference(&next, -beta, -alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A random position with `empties` empty squares (or fewer if the game ended).
fn random_position(rng: &mut Rng, empties: u32) -> Board {
    loop {
        let mut board = Board::START;
        while board.empty_count() > empties {
            let moves: Vec<_> = board.move_list().collect();
            if moves.is_empty() {
                if board.pass().moves() == 0 {
                    break;
                }
                board = board.pass();
                continue;
            }
            let square = moves[(rng.next() % moves.len() as u64) as usize];
            board = board.play(square).expect("legal");
        }
        if board.empty_count() == empties && !board.is_game_over() {
            return board;
        }
    }
}

#[test]
fn exact_scores_match_plain_alpha_beta() {
    let mut rng = Rng(2026);
    let mut engine = Engine::new(4);
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    for round in 0..200 {
        let empties = 8 + (round % 5) as u32;
        let board = random_position(&mut rng, empties);
        let expected = reference(&board, -64, 64);
        let result = engine.search(&board, &limits, &NativeClock::new(), &mut Silent);
        assert_eq!(result.kind, ScoreKind::Exact);
        assert_eq!(result.score, expected, "round {round} board {board:?}");
    }
}
