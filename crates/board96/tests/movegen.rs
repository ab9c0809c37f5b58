//! The bitboard move generator against the array-board reference
//! (`tests/common/reference.rs`): every position to depth 6 from the start,
//! and thousands of positions from seeded random playouts.

mod common;

use common::{grid_of, Rng};
use othello_board96::board::legal_moves_by_steps;
use othello_board96::{Board, Square, Status};

/// Checks one position: the same legal moves, the same board after each of
/// them, and the same status; returns the legal moves.
fn check(board: &Board) -> Vec<Square> {
    let grid = grid_of(board);
    let expected: Vec<(usize, usize)> = grid.moves();
    let found: Vec<Square> = board.move_list().collect();
    let found_cells: Vec<(usize, usize)> = found
        .iter()
        .map(|s| (s.row() as usize, s.column() as usize))
        .collect();
    assert_eq!(found_cells, expected, "moves of {board:?}");
    assert_eq!(
        board.moves(),
        legal_moves_by_steps(board.player, board.opponent)
    );
    for square in &found {
        let after = board.play(*square).expect("a listed move plays");
        let reference = grid.play(square.row() as usize, square.column() as usize);
        assert_eq!(grid_of(&after), reference, "{square} on {board:?}");
        assert_eq!(
            board.flips(*square).count_ones() as usize,
            grid.flips(square.row() as usize, square.column() as usize)
                .len()
        );
    }
    let reference_status = if !expected.is_empty() {
        Status::Moves
    } else if !grid.swapped().moves().is_empty() {
        Status::MustPass
    } else {
        Status::GameOver
    };
    assert_eq!(board.status(), reference_status);
    if reference_status == Status::GameOver {
        assert_eq!(board.final_score(), grid.final_score());
    }
    found
}

fn walk(board: &Board, depth: u32, positions: &mut u64) {
    *positions += 1;
    let moves = check(board);
    if depth == 0 {
        return;
    }
    if moves.is_empty() {
        if board.status() == Status::MustPass {
            walk(&board.pass(), depth - 1, positions);
        }
        return;
    }
    for square in moves {
        walk(
            &board.play(square).unwrap_or_default(),
            depth - 1,
            positions,
        );
    }
}

#[test]
fn every_position_to_depth_6_matches_the_reference() {
    let mut positions = 0;
    walk(&Board::START, 6, &mut positions);
    // 1 + 4 + 12 + 56 + 240 + 1328 + 7448 positions.
    assert_eq!(positions, 9089);
}

#[test]
fn random_playouts_match_the_reference() {
    let mut rng = Rng::new(96);
    let (mut positions, mut passes, mut early_ends) = (0, 0, 0);
    for _ in 0..300 {
        let mut board = Board::START;
        loop {
            positions += 1;
            let moves = check(&board);
            match board.status() {
                Status::GameOver => {
                    early_ends += usize::from(board.empty_count() > 0);
                    break;
                }
                Status::MustPass => {
                    passes += 1;
                    board = board.pass();
                }
                Status::Moves => {
                    let square = moves[rng.below(moves.len())];
                    board = board.play(square).unwrap_or_default();
                }
            }
        }
    }
    assert!(positions > 25_000, "{positions}");
    // Random games pass and end early often enough to test both.
    assert!(passes > 10, "{passes}");
    assert!(early_ends > 0, "{early_ends}");
}
