//! `bench`: a fixed set of positions searched to fixed depths. The total
//! node count is the bench signature; it must be the same in the native and
//! the wasm build (any difference means the builds search differently).

use othello::clock::Clock;
use othello::engine::Engine;
use othello::notation;
use othello::search::{Limits, Silent, Solve};

use super::args::{Command, Flag};
use super::{nodes_per_second, searching, summary, CliError, CliResult, Host};
use othello::settings::Setting;

/// Table size of the bench (fixed: the signature depends on it).
const BENCH_TABLE_MB: usize = 16;

/// Positions (openings of WTHOR tournament games) with the depth to search
/// them to (`None` solves exactly) and the confidence of the selective cuts.
const POSITIONS: [(&str, Option<u32>, u32); 7] = [
    ("f5d6c3d3c4f4c5b3c2e6c6b4b5d2", Some(10), 100),
    ("f5d6c3d3c4b5b4f4f6f3e3g5g4h3c7e7c5c2d2e6", Some(10), 100),
    (
        "f5d6c3d3c4f4c5b4b3c6c2c1e6e3d2f3e2g6d1b5d7f2a6a5a3a4",
        Some(9),
        100,
    ),
    (
        "f5f6e6f4g5e7d7g6g4h5e8c5h4h3h6h7c4f7f3d6e3d3c7c8g3d2d8f8b5h2f2c3",
        Some(9),
        100,
    ),
    ("f5d6c3d3c4f4c5b3c2e6c6b4b5d2", Some(15), 95),
    (
        "f5f6e6f4d3c5c4e3c6e7f2e2f1c2d2c3b4d1e1c1b1d6d7c8f3b6b3b5a6a4a7g2a3a2c7b8d8e8",
        None,
        100,
    ),
    (
        "f5d6c3d3c4f4f3e3c6c5e6d7b5b6c7a4a5b3f2f6e7b4a3f7g5g6h6d8f8c8e8g8g7h8h7h5g4a7a6a2",
        None,
        100,
    ),
];

/// `bench`: its positions, depths and table are fixed; only the threads may be given.
pub(crate) const BENCH: Command = Command {
    name: "bench",
    about:
        "searches fixed positions to fixed depths: nodes, time and a signature of the node counts",
    usage: &["bench [--threads N]"],
    notes: "The positions, depths and table are fixed. On one thread (the default) the signature is\nreproducible; on more the threads race.",
    flags: &[&[Flag::setting(
        Setting::Threads,
        Some("N"),
        "search threads (1 unless given)",
    )]],
};

/// Evaluations timed for the evaluations-per-second figure.
const EVALUATIONS: usize = 1_000_000;

/// `bench [--threads N]`: prints each position's nodes and the signature
/// line. On one thread (the default) the signature is reproducible; on
/// more, the threads race and the node count varies from run to run.
pub fn run_bench(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = searching::parse_options(&BENCH, args)?;
    if let Some(arg) = options.positional.first() {
        return Err(BENCH.error(format!("unexpected argument '{arg}'")));
    }
    let mut engine = Engine::new(BENCH_TABLE_MB);
    searching::use_host_threads(&mut engine, host);
    engine.set_threads(options.threads_or_one());
    let (mut total_nodes, mut total_ms) = (0u64, 0.0);
    let mut boards = Vec::new();
    for (index, (transcript, depth, confidence)) in POSITIONS.iter().enumerate() {
        let board = notation::parse_game(transcript)
            .map_err(|e| CliError::input(format!("bench position {}", index + 1), e))?
            .position()
            .board;
        boards.push(board);
        let limits = Limits {
            depth: *depth,
            selectivity: othello::search::probcut::selectivity(*confidence)
                .map_err(|e| CliError::input(format!("bench position {}", index + 1), e))?,
            solve: if depth.is_none() {
                Solve::Exact
            } else {
                Solve::Deepen
            },
            ..Limits::default()
        };
        engine.clear();
        let start = clock.now_ms();
        let result = engine.search(&board, &limits, clock, &mut Silent);
        let ms = clock.now_ms() - start;
        total_nodes += result.nodes;
        total_ms += ms;
        host.print(&format!(
            "position {} empties {:>2} depth {:>2}@{:<3} best {} score {:+3} nodes {:>10}",
            index + 1,
            board.empty_count(),
            result.depth,
            result.confidence,
            result
                .best
                .map_or_else(|| "--".to_string(), |m| m.to_string()),
            result.score,
            result.nodes
        ));
    }
    let eval_ms = time_evaluations(&boards, engine.evaluation(), clock);
    #[derive(serde::Serialize)]
    struct BenchSummary {
        command: &'static str,
        signature: u64,
        threads: usize,
        ms: u64,
        nps: u64,
        evals_per_second: u64,
    }
    host.print(&summary::line(&BenchSummary {
        command: "bench",
        signature: total_nodes,
        threads: engine.threads(),
        ms: summary::whole_ms(total_ms),
        nps: nodes_per_second(total_nodes, total_ms),
        evals_per_second: nodes_per_second(EVALUATIONS as u64, eval_ms),
    }));
    Ok(())
}

/// Milliseconds for [`EVALUATIONS`] static evaluations of the positions
/// after each legal move of `boards` (and their images under symmetry).
fn time_evaluations(
    boards: &[othello::Board],
    evaluation: othello::eval::Evaluation,
    clock: &dyn Clock,
) -> f64 {
    let mut sample = Vec::new();
    for board in boards {
        for square in board.move_list() {
            if let Some(next) = board.play(square) {
                sample.extend(
                    othello::symmetry::Symmetry::ALL
                        .iter()
                        .map(|s| s.board(&next)),
                );
            }
        }
    }
    let start = clock.now_ms();
    let mut checksum = 0i64;
    for board in sample.iter().cycle().take(EVALUATIONS) {
        checksum += i64::from(evaluation.evaluate(std::hint::black_box(board)));
    }
    std::hint::black_box(checksum);
    clock.now_ms() - start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_legal_and_unfinished() {
        for (transcript, depth, confidence) in POSITIONS {
            let game = notation::parse_game(transcript).unwrap();
            let board = game.position().board;
            assert!(othello::search::probcut::selectivity(confidence).is_ok());
            assert!(!board.is_game_over(), "{transcript}");
            assert!(depth.is_some() || board.empty_count() <= 24, "{transcript}");
        }
    }
}
