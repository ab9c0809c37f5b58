//! The textbook searches on the 8x8 board: every algorithm (minimax,
//! alpha-beta, NegaScout with and without its fail-safe, MTD(f), SSS*,
//! DUAL*), with and without the table of bounds, and with the table
//! storing leaves, returns the root value of plain minimax at small depths
//! and of full-window alpha-beta at larger ones, on positions of real games
//! (the first WTHOR games, `tests/data/wthor-first-games.txt`) and of random
//! play; also over the rule-pruned moves of the 2001 study's program. The
//! null-window cases hold as the literature states them (the 2001 text
//! writes them with alpha and beta swapped), and SSS* and DUAL* are MTD(f)
//! from above and from below.

mod common;

use othello::board::Board;
use othello::notation::transcript;
use othello::players::study::order_rank;
use othello::players::study_eval::StudyEval;
use othello::players::study_rules::rule_moves;
use othello::rng::Rng;
use othello::rules::Move;
use othello::square::Square;
use othello::textbook::{
    minimax, Algorithm, BoundsTable, DiscDifference, Evaluation, Search, INFINITY,
};

const GAMES: &str = include_str!("../../../tests/data/wthor-first-games.txt");

/// Positions of the first WTHOR games every 7 plies, and of random play.
fn positions() -> Vec<Board> {
    let mut found = Vec::new();
    for line in GAMES.lines().filter(|l| !l.trim().is_empty()) {
        let moves = line.split_whitespace().nth(3).expect("a transcript");
        let game = transcript::parse(moves).expect("a WTHOR game replays");
        found.extend(
            game.positions()
                .iter()
                .step_by(7)
                .map(|position| position.board),
        );
    }
    let mut rng = Rng::new(2001);
    for empties in [56, 48, 40, 32, 24, 16, 10, 6, 3] {
        found.push(common::random_position(&mut rng, |b| {
            b.empty_count() <= empties
        }));
    }
    found
}

/// The three ways a search may keep a table.
#[derive(Clone, Copy, Debug)]
enum Memory {
    None,
    Bounds,
    BoundsAndLeaves,
}

/// Every algorithm's value at `depth`, with and without the table (one
/// table per setting, kept over positions so that stale entries are met).
fn values<E: Evaluation<Board>>(
    board: &Board,
    depth: u32,
    evaluation: &E,
    generator: Option<fn(&Board) -> u64>,
    tables: &mut [BoundsTable<Board>; 2],
) -> Vec<(String, i32, Option<Move<Square>>)> {
    let mut found = Vec::new();
    // Minimax only where it is cheap.
    let algorithms = Algorithm::ALL
        .into_iter()
        .filter(|&a| a != Algorithm::Minimax || depth <= 4);
    for algorithm in algorithms {
        for memory in [Memory::None, Memory::Bounds, Memory::BoundsAndLeaves] {
            for fail_safe in [true, false] {
                if !fail_safe && algorithm != Algorithm::NegaScout {
                    continue;
                }
                let [bounds, leaves] = &mut *tables;
                let mut search = Search::new(evaluation)
                    .with_order(order_rank)
                    .with_fail_safe(fail_safe);
                if let Some(generator) = &generator {
                    search = search.with_moves(generator);
                }
                match memory {
                    Memory::None => {}
                    Memory::Bounds => search = search.with_table(bounds),
                    Memory::BoundsAndLeaves => search = search.with_table(leaves),
                }
                let result = search.run(board, depth, algorithm).expect("no stop");
                found.push((
                    format!("{algorithm} {memory:?} fail-safe {fail_safe}"),
                    result.value,
                    result.best,
                ));
            }
        }
    }
    found
}

fn tables() -> [BoundsTable<Board>; 2] {
    [BoundsTable::new(12), BoundsTable::new(12).storing_leaves()]
}

/// The value one ply below `best` (the value of the move found).
fn value_after<E: Evaluation<Board>>(
    board: &Board,
    best: Move<Square>,
    depth: u32,
    evaluation: &E,
) -> i32 {
    let child = match best {
        Move::Play(square) => board.play(square).expect("a legal best move"),
        Move::Pass => board.pass(),
    };
    -minimax(&child, depth - 1, evaluation).value
}

#[test]
fn every_algorithm_returns_the_minimax_value_at_small_depths() {
    let positions = positions();
    assert!(positions.len() >= 50, "{}", positions.len());
    let mut disc_tables = tables();
    let mut study_tables = tables();
    let mut checked = 0;
    for board in &positions {
        for depth in 1..=3 {
            let expected = minimax(board, depth, &DiscDifference).value;
            for (name, value, _) in values(board, depth, &DiscDifference, None, &mut disc_tables) {
                assert_eq!(value, expected, "{name} depth {depth} {board:?}");
                checked += 1;
            }
            let expected = minimax(board, depth, &StudyEval).value;
            for (name, value, best) in values(board, depth, &StudyEval, None, &mut study_tables) {
                assert_eq!(value, expected, "{name} depth {depth} {board:?}");
                if let Some(best) = best {
                    assert_eq!(
                        value_after(board, best, depth, &StudyEval),
                        expected,
                        "{name}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}

#[test]
fn every_algorithm_returns_the_alpha_beta_value_deeper() {
    let mut tables = tables();
    for board in positions().iter().step_by(3) {
        for depth in [4, 5] {
            let expected = Search::new(&StudyEval)
                .run(board, depth, Algorithm::AlphaBeta)
                .expect("no stop")
                .value;
            for (name, value, _) in values(board, depth, &StudyEval, None, &mut tables) {
                assert_eq!(value, expected, "{name} depth {depth} {board:?}");
            }
        }
    }
}

#[test]
fn over_the_rules_every_algorithm_returns_the_same_value() {
    let mut tables = tables();
    for board in positions().iter().step_by(2) {
        for depth in 1..=4 {
            // The value is the pruned tree's: minimax over the rules' moves.
            let found = values(board, depth, &StudyEval, Some(rule_moves), &mut tables);
            assert!(found[0].0.starts_with("Minimax"));
            let minimax_value = found[0].1;
            for (name, value, _) in &found {
                assert_eq!(*value, minimax_value, "{name} depth {depth} {board:?}");
            }
        }
    }
}

#[test]
fn null_window_results_are_bounds_on_the_value() {
    // A call with the window (alpha, beta) returning v: alpha < v < beta is
    // the value, v <= alpha an upper bound on it, v >= beta a lower bound.
    let mut rng = Rng::new(17);
    let mut cases = [0; 3];
    for board in positions() {
        let value = minimax(&board, 3, &StudyEval).value;
        for _ in 0..4 {
            let alpha = value - 40 + rng.below(80) as i32;
            let beta = alpha
                + 1
                + if rng.below(2) == 0 {
                    0
                } else {
                    rng.below(30) as i32
                };
            for memory in [false, true] {
                let mut table = BoundsTable::new(10);
                let mut search = Search::new(&StudyEval);
                if memory {
                    search = search.with_table(&mut table);
                }
                let found = search
                    .alpha_beta(&board, 3, alpha, beta)
                    .expect("no stop")
                    .value;
                if found <= alpha {
                    assert!(value <= found, "fail low: {value} <= {found}");
                    cases[0] += 1;
                } else if found >= beta {
                    assert!(value >= found, "fail high: {value} >= {found}");
                    cases[2] += 1;
                } else {
                    assert_eq!(found, value);
                    cases[1] += 1;
                }
            }
        }
    }
    assert!(cases.iter().all(|&n| n > 10), "{cases:?}");
}

#[test]
fn sss_and_dual_are_mtd_from_above_and_below() {
    for board in positions().iter().step_by(4) {
        let run = |driver: &dyn Fn(&mut Search<'_, Board, StudyEval>) -> i32| {
            let mut table = BoundsTable::new(14);
            let mut search = Search::new(&StudyEval).with_table(&mut table);
            let value = driver(&mut search);
            (value, search.counts())
        };
        let sss = run(&|s| s.sss_star(board, 4).unwrap().value);
        let from_above = run(&|s| s.mtdf(board, 4, INFINITY).unwrap().value);
        assert_eq!(sss, from_above);
        let dual = run(&|s| s.dual_star(board, 4).unwrap().value);
        let from_below = run(&|s| s.mtdf(board, 4, -INFINITY).unwrap().value);
        assert_eq!(dual, from_below);
        assert_eq!(sss.0, dual.0);
        // From the value itself MTD(f) needs two calls: a fail high at the
        // value, then a fail low just above it.
        let exact = run(&|s| s.mtdf(board, 4, sss.0).unwrap().value);
        assert_eq!((exact.0, exact.1.calls), (sss.0, 2));
    }
}

#[test]
fn a_stop_abandons_every_algorithm() {
    let stop = || true;
    for algorithm in Algorithm::ALL {
        let mut table = BoundsTable::new(10);
        let mut search = Search::new(&StudyEval)
            .with_table(&mut table)
            .with_stop(&stop);
        assert_eq!(search.run(&Board::START, 9, algorithm), None, "{algorithm}");
        assert!(search.nodes() >= 1024);
    }
    // Depth 1 from the start: four leaves, each worth the same.
    let mut search = Search::new(&DiscDifference);
    let result = search.run(&Board::START, 1, Algorithm::AlphaBeta).unwrap();
    assert_eq!(
        (result.value, result.nodes, search.counts().leaves),
        (3, 5, 4)
    );
}
