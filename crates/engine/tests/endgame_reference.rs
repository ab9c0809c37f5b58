//! The endgame solver against a plain alpha-beta written for obviousness,
//! on positions with 8-12 empties from random games.

mod common;

use common::random_position;
use othello::clock::NativeClock;
use othello::engine::Engine;
use othello::rng::Rng;
use othello::score::ScoreKind;
use othello::search::{Limits, Silent, Solve};
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

#[test]
fn exact_scores_match_plain_alpha_beta() {
    let mut rng = Rng::new(2026);
    let mut engine = Engine::new(4);
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    for round in 0..200 {
        let empties = 8 + (round % 5) as u32;
        let board = random_position(&mut rng, |b| {
            b.empty_count() == empties && !b.is_game_over()
        });
        let expected = reference(&board, -64, 64);
        let result = engine.search(&board, &limits, &NativeClock::new(), &mut Silent);
        assert_eq!(result.kind, ScoreKind::Exact);
        assert_eq!(result.score, expected, "round {round} board {board:?}");
    }
}
