//! The searches against plain minimax: alpha-beta, NegaScout and MTD(f),
//! with and without the transposition table, return the minimax value on
//! many positions; the exact solver matches the reference's minimax to the
//! end of the game.

mod common;

use common::{grid_of, Rng};
use othello_board96::endgame::solve;
use othello_board96::eval::{Evaluator, Greedy, Smart};
use othello_board96::search::{minimax, Algorithm, Search, TranspositionTable};
use othello_board96::{Board, Move, Status};

/// A position after random moves until `empties` cells are empty (or the
/// game ends first).
fn random_position(rng: &mut Rng, empties: u32) -> Board {
    let mut board = Board::START;
    while board.empty_count() > empties {
        match board.status() {
            Status::GameOver => break,
            Status::MustPass => board = board.pass(),
            Status::Moves => {
                let moves: Vec<_> = board.move_list().collect();
                board = board
                    .play(moves[rng.below(moves.len())])
                    .unwrap_or_default();
            }
        }
    }
    board
}

fn check_against_minimax(
    evaluator: &dyn Evaluator,
    board: &Board,
    depth: u32,
    table: &mut TranspositionTable,
) {
    let expected = minimax(board, depth, evaluator);
    for algorithm in Algorithm::ALL {
        let plain = Search::new(evaluator)
            .run(board, depth, algorithm)
            .expect("no stop");
        assert_eq!(
            plain.value, expected.value,
            "{algorithm:?} depth {depth} {board:?}"
        );
        let with_table = Search::new(evaluator)
            .with_table(table)
            .run(board, depth, algorithm)
            .expect("no stop");
        assert_eq!(
            with_table.value, expected.value,
            "{algorithm:?}+TT depth {depth} {board:?}"
        );
        // The move found reaches the value one ply down.
        if let Some(Move::Play(square)) = with_table.best {
            let child = board.play(square).expect("a legal best move");
            assert_eq!(-minimax(&child, depth - 1, evaluator).value, expected.value);
        }
        if algorithm == Algorithm::AlphaBeta {
            // (NegaScout's re-searches and MTD(f)'s passes may visit more.)
            assert!(
                plain.nodes <= expected.nodes,
                "alpha-beta never visits more than minimax"
            );
        }
    }
}

#[test]
fn all_algorithms_return_the_minimax_value() {
    let mut rng = Rng::new(221);
    // One table per evaluation (a table's values belong to one evaluation)
    // for every search, so stale entries of other positions and depths are
    // met too.
    let mut greedy_table = TranspositionTable::new(12);
    let mut smart_table = TranspositionTable::new(12);
    let smart = Smart::hand();
    let mut positions = 0;
    for empties in [90, 80, 70, 60, 50, 40, 30, 20, 12, 6] {
        for _ in 0..4 {
            let board = random_position(&mut rng, empties);
            for depth in 1..=3 {
                check_against_minimax(&Greedy, &board, depth, &mut greedy_table);
                check_against_minimax(&smart, &board, depth, &mut smart_table);
            }
            check_against_minimax(&Greedy, &board, 4, &mut greedy_table);
            positions += 1;
        }
    }
    assert_eq!(positions, 40);
}

#[test]
fn mtdf_converges_from_any_guess() {
    let mut rng = Rng::new(7);
    for _ in 0..10 {
        let board = random_position(&mut rng, 70);
        let expected = minimax(&board, 3, &Greedy).value;
        let mut table = TranspositionTable::new(14);
        for guess in [-1000, -5, 0, 5, 1000] {
            let mut search = Search::new(&Greedy).with_table(&mut table);
            assert_eq!(
                search.mtdf(&board, 3, guess).map(|r| r.value),
                Some(expected)
            );
        }
    }
}

#[test]
fn the_table_saves_nodes_on_the_start_position() {
    let mut table = TranspositionTable::new(16);
    let without = Search::new(&Greedy)
        .run(&Board::START, 6, Algorithm::AlphaBeta)
        .unwrap();
    let mut search = Search::new(&Greedy).with_table(&mut table);
    let with = search.run(&Board::START, 6, Algorithm::AlphaBeta).unwrap();
    assert_eq!(with.value, without.value);
    assert!(
        with.nodes < without.nodes,
        "{} < {}",
        with.nodes,
        without.nodes
    );
}

#[test]
fn the_solver_matches_the_reference_to_the_end() {
    let mut rng = Rng::new(14);
    let mut solved = 0;
    for empties in [1, 2, 3, 4, 5, 6, 7, 8] {
        for _ in 0..6 {
            let board = random_position(&mut rng, empties);
            let solution = solve(&board);
            assert_eq!(solution.score, grid_of(&board).solve(), "{board:?}");
            // The move given reaches the score.
            match solution.best {
                Some(Move::Play(square)) => {
                    let child = board.play(square).expect("legal");
                    assert_eq!(-solve(&child).score, solution.score);
                }
                Some(Move::Pass) => assert_eq!(-solve(&board.pass()).score, solution.score),
                None => assert!(board.is_game_over()),
            }
            solved += 1;
        }
    }
    assert_eq!(solved, 48);
}

#[test]
fn the_solver_matches_alpha_beta_to_the_end_at_12_empties() {
    let mut rng = Rng::new(12);
    for _ in 0..3 {
        let board = random_position(&mut rng, 12);
        let depth = 2 * board.empty_count() + 1;
        let mut table = TranspositionTable::new(16);
        let deep = Search::new(&Greedy)
            .with_table(&mut table)
            .run(&board, depth, Algorithm::AlphaBeta)
            .unwrap();
        assert_eq!(solve(&board).score, deep.value);
    }
}

#[test]
fn a_pass_at_the_root_is_a_ply_and_the_best_move() {
    // The side to move has b1 and c1, the other side a1: the side to move
    // has no move, the other side can take d1.
    let board = Board::new(2 | 4, 1).expect("a board");
    assert_eq!(board.status(), Status::MustPass);
    for depth in 1..=3 {
        let expected = minimax(&board, depth, &Greedy);
        assert_eq!(expected.best, Some(Move::Pass));
        for algorithm in Algorithm::ALL {
            let mut table = TranspositionTable::new(10);
            let result = Search::new(&Greedy)
                .with_table(&mut table)
                .run(&board, depth, algorithm)
                .expect("no stop");
            assert_eq!(
                (result.value, result.best),
                (expected.value, Some(Move::Pass))
            );
        }
    }
    // Depth 1: the pass is the ply; the leaf is the other side to move with
    // 1 disc against 2, worth +1 to the side that passed.
    assert_eq!(minimax(&board, 1, &Greedy).value, 1);
    // Depth 2: the other side takes d1 (flipping b1 and c1): a finished
    // game, 0 discs against 4 with 92 empty cells: -(4 + 92).
    assert_eq!(minimax(&board, 2, &Greedy).value, -96);
}

#[test]
fn every_shared_search_returns_the_minimax_value() {
    // The searches of othello::textbook the report's are written with, and
    // the ones it lacks (SSS*, DUAL*, NegaScout's fail-safe, a table of
    // leaves), on this board: each with and without a table returns the
    // minimax value.
    use othello::textbook::{self, BoundsTable};
    let mut rng = Rng::new(2001);
    let smart = Smart::hand();
    let evaluators: [&dyn Evaluator; 2] = [&Greedy, &smart];
    let mut checked = 0;
    for empties in [88, 70, 50, 30, 14, 5] {
        for _ in 0..3 {
            let board = random_position(&mut rng, empties);
            for (e, &evaluator) in evaluators.iter().enumerate() {
                let mut tables = [BoundsTable::new(12), BoundsTable::new(12).storing_leaves()];
                for depth in 1..=3 - e as u32 {
                    let expected = minimax(&board, depth, evaluator).value;
                    for algorithm in textbook::Algorithm::ALL {
                        for (memory, fail_safe) in [(0, true), (0, false), (1, true), (2, true)] {
                            let mut search =
                                textbook::Search::new(evaluator).with_fail_safe(fail_safe);
                            let [bounds, leaves] = &mut tables;
                            if memory == 1 {
                                search = search.with_table(bounds);
                            } else if memory == 2 {
                                search = search.with_table(leaves);
                            }
                            let value =
                                search.run(&board, depth, algorithm).expect("no stop").value;
                            assert_eq!(
                                value, expected,
                                "{algorithm} {memory} depth {depth} {board:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 18 * (3 + 2) * 6 * 4);
}
