//! Node counts of the report's searches on the 96-square board, a first
//! look at its experiments: `cargo run --release -p othello-board96
//! --example search96 -- [MAX_DEPTH] [greedy|smart]`.
//!
//! For each depth from the start position and from a midgame position (the
//! start after 20 seeded random moves) it prints the value and the nodes of
//! alpha-beta without and with the transposition table, NegaScout with the
//! table and MTD(f) with the table (each with a fresh table of 2^20
//! entries). Every algorithm must return alpha-beta's value.

use othello::rng::Rng;
use othello_board96::eval::{Evaluator, Greedy, Smart};
use othello_board96::players::TABLE_BITS;
use othello_board96::search::{Algorithm, Search, TranspositionTable};
use othello_board96::square::Squares;
use othello_board96::{Board, Status};

/// What stops the program: a message for whoever ran it.
type Failure = Box<dyn std::error::Error>;

fn midgame() -> Board {
    let mut rng = Rng::new(20);
    let mut board = Board::START;
    for _ in 0..20 {
        match board.status() {
            Status::GameOver => break,
            Status::MustPass => board = board.pass(),
            Status::Moves => {
                let moves = board.moves();
                let pick = rng.below(moves.count_ones() as usize);
                if let Some(square) = Squares(moves).nth(pick) {
                    board = board.play(square).unwrap_or(board);
                }
            }
        }
    }
    board
}

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max_depth: u32 = match args.first() {
        Some(text) => text
            .parse()
            .map_err(|_| format!("depth '{text}' is not a number"))?,
        None => 7,
    };
    let smart = Smart::hand();
    let evaluator: &dyn Evaluator = match args.get(1).map(String::as_str) {
        None | Some("greedy") => &Greedy,
        Some("smart") => &smart,
        Some(other) => return Err(format!("evaluation '{other}' is not greedy or smart").into()),
    };
    println!("position depth value ab_nodes ab_tt_nodes negascout_tt_nodes mtdf_tt_nodes");
    for (name, board) in [("start", Board::START), ("midgame", midgame())] {
        for depth in 1..=max_depth {
            let plain = Search::new(evaluator)
                .run(&board, depth, Algorithm::AlphaBeta)
                .ok_or("stopped")?;
            let mut counts = Vec::new();
            for algorithm in Algorithm::ALL {
                let mut table = TranspositionTable::new(TABLE_BITS + 4);
                let result = Search::new(evaluator)
                    .with_table(&mut table)
                    .run(&board, depth, algorithm)
                    .ok_or("stopped")?;
                if result.value != plain.value {
                    return Err(format!("{algorithm:?} disagrees at depth {depth}").into());
                }
                counts.push(result.nodes.to_string());
            }
            println!(
                "{name} {depth} {} {} {}",
                plain.value,
                plain.nodes,
                counts.join(" ")
            );
        }
    }
    Ok(())
}
