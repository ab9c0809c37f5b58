//! Two of the report's experiments on the same positions: nodes of
//! alpha-beta without and with the transposition table (the table kept
//! between moves, as in the report), and of NegaScout and MTD(f) with their
//! own tables, by game stage. MTD(f) runs twice: with the static
//! evaluation as its first guess, and with the value of the measured
//! side's previous search (the usual first guess; the report does not say
//! which it used), each with its own table. A last column searches with a
//! table that only orders the moves (its best move first) and never cuts
//! with its bounds, the table the report describes.
//!
//! `cargo run --release -p othello-board96 --example experiments96 -- GAMES DEPTH greedy|smart`
//!
//! Each game starts after 4 seeded random plies; the measured side (Red in
//! even games, White in odd ones) plays alpha-beta with the table at DEPTH
//! against the report's greedy player at depth 4. At every move of the
//! measured side with more than 14 empty cells the four searches run on the
//! same position and must return the same value (the rest of the game is
//! played by alpha-beta without counting).

use othello::rng::Rng;
use othello_board96::eval::{Evaluator, Greedy, Smart};
use othello_board96::players::{Player, SearchPlayer, TABLE_BITS};
use othello_board96::position::RED;
use othello_board96::search::{Algorithm, Search, TranspositionTable};
use othello_board96::square::Squares;
use othello_board96::{Color, Move, Position, Status};

/// What stops the program: a message for whoever ran it.
type Failure = Box<dyn std::error::Error>;

/// Stages reported: discs on the board in tens.
const BUCKETS: usize = 10;

/// The sum of a row of node counts.
fn total_of(row: &[u64; BUCKETS]) -> u64 {
    row.iter().sum()
}

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |at: usize, default: u32| -> Result<u32, Failure> {
        args.get(at).map_or(Ok(default), |text| {
            text.parse()
                .map_err(|_| format!("'{text}' is not a number").into())
        })
    };
    let games = number(0, 4)?;
    let depth = number(1, 6)?;
    let smart = Smart::hand();
    let evaluator: &dyn Evaluator = match args.get(2).map(String::as_str) {
        None | Some("greedy") => &Greedy,
        Some("smart") => &smart,
        Some(other) => return Err(format!("evaluation '{other}' is not greedy or smart").into()),
    };
    // nodes[algorithm][bucket]: 0 alpha-beta, 1 + table, 2 NegaScout, 3 MTD(f),
    // 4 MTD(f) from the previous value, 5 alpha-beta with a table that only
    // orders moves.
    let mut nodes = [[0u64; BUCKETS]; 6];
    let mut searches = [0u64; BUCKETS];
    let mut rng = Rng::new(96);
    let mut savings = Vec::new();
    for game in 0..games {
        let measured = if game % 2 == 0 { RED } else { Color::White };
        let mut tables: Vec<TranspositionTable> = (0..4)
            .map(|_| TranspositionTable::new(TABLE_BITS + 2))
            .collect();
        let mut previous: Option<i32> = None;
        let mut ordering = TranspositionTable::ordering_only(TABLE_BITS + 2);
        let before = (
            total_of(&nodes[0]),
            total_of(&nodes[1]),
            total_of(&nodes[5]),
        );
        let mut opponent = SearchPlayer::greedy(4);
        let mut position = Position::START;
        let mut plies = 0;
        loop {
            let board = position.board;
            let mv = match board.status() {
                Status::GameOver => break,
                Status::MustPass => Move::Pass,
                Status::Moves if plies < 4 => {
                    let moves = board.moves();
                    let pick = rng.below(moves.count_ones() as usize);
                    Squares(moves).nth(pick).map_or(Move::Pass, Move::Play)
                }
                Status::Moves if position.to_move != measured => opponent.choose(&position),
                Status::Moves if board.empty_count() <= 14 => Search::new(evaluator)
                    .run(&board, depth, Algorithm::AlphaBeta)
                    .and_then(|r| r.best)
                    .ok_or("no move")?,
                Status::Moves => {
                    let bucket = (board.disc_count() as usize / 10).min(BUCKETS - 1);
                    let plain = Search::new(evaluator)
                        .run(&board, depth, Algorithm::AlphaBeta)
                        .ok_or("stopped")?;
                    nodes[0][bucket] += plain.nodes;
                    let mut best = plain.best;
                    for (index, (algorithm, table)) in Algorithm::ALL
                        .into_iter()
                        .zip(tables.iter_mut())
                        .enumerate()
                    {
                        let result = Search::new(evaluator)
                            .with_table(table)
                            .run(&board, depth, algorithm)
                            .ok_or("stopped")?;
                        if result.value != plain.value {
                            return Err(format!("{algorithm:?} disagrees on {board:?}").into());
                        }
                        nodes[index + 1][bucket] += result.nodes;
                        if algorithm == Algorithm::AlphaBeta {
                            best = result.best;
                        }
                    }
                    let guess = previous.unwrap_or_else(|| evaluator.evaluate(&board));
                    let result = Search::new(evaluator)
                        .with_table(&mut tables[3])
                        .mtdf(&board, depth, guess)
                        .ok_or("stopped")?;
                    if result.value != plain.value {
                        return Err(format!("MTD(f) from {guess} disagrees on {board:?}").into());
                    }
                    nodes[4][bucket] += result.nodes;
                    let result = Search::new(evaluator)
                        .with_table(&mut ordering)
                        .run(&board, depth, Algorithm::AlphaBeta)
                        .ok_or("stopped")?;
                    if result.value != plain.value {
                        return Err(
                            format!("ordering-only alpha-beta disagrees on {board:?}").into()
                        );
                    }
                    nodes[5][bucket] += result.nodes;
                    previous = Some(plain.value);
                    searches[bucket] += 1;
                    best.ok_or("no move")?
                }
            };
            position = position.play(mv).map_err(|e| e.to_string())?;
            plies += 1;
        }
        let (ab, tt, order) = (
            total_of(&nodes[0]) - before.0,
            total_of(&nodes[1]) - before.1,
            total_of(&nodes[5]) - before.2,
        );
        let saved = 100.0 * (ab as f64 - tt as f64) / ab.max(1) as f64;
        let saved_order = 100.0 * (ab as f64 - order as f64) / ab.max(1) as f64;
        savings.push((saved, saved_order));
        println!(
            "# game {game}: Red {} alphabeta {ab} alphabeta_tt {tt} ({saved:.1}% fewer) alphabeta_order {order} ({saved_order:.1}% fewer)",
            position.final_score()
        );
    }
    println!(
        "discs searches alphabeta alphabeta_tt negascout_tt mtdf_tt mtdf_prev_tt alphabeta_order"
    );
    for bucket in 0..BUCKETS {
        if searches[bucket] > 0 {
            println!(
                "{}-{} {} {} {} {} {} {} {}",
                bucket * 10,
                bucket * 10 + 9,
                searches[bucket],
                nodes[0][bucket],
                nodes[1][bucket],
                nodes[2][bucket],
                nodes[3][bucket],
                nodes[4][bucket],
                nodes[5][bucket]
            );
        }
    }
    let total = total_of;
    let (ab, tt) = (total(&nodes[0]), total(&nodes[1]));
    println!(
        "total {} {ab} {tt} {} {} {} {}",
        searches.iter().sum::<u64>(),
        total(&nodes[2]),
        total(&nodes[3]),
        total(&nodes[4]),
        total(&nodes[5])
    );
    println!(
        "table saves {:.1}% of alpha-beta's nodes",
        100.0 * (ab as f64 - tt as f64) / ab.max(1) as f64
    );
    let games_measured = savings.len().max(1) as f64;
    println!(
        "per game on average ({} games): the table saves {:.1}%, an ordering-only table {:.1}%",
        savings.len(),
        savings.iter().map(|s| s.0).sum::<f64>() / games_measured,
        savings.iter().map(|s| s.1).sum::<f64>() / games_measured,
    );
    Ok(())
}
