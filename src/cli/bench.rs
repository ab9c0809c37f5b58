//! `bench`: a fixed set of positions searched to fixed depths. The total
//! node count is the bench signature; it must be the same in the native and
//! the wasm build (any difference means the builds search differently).

use crate::clock::Clock;
use crate::notation;
use crate::search::{Engine, Limits, Silent, Solve};

use super::{nodes_per_second, Host};

/// Table size of the bench (fixed: the signature depends on it).
const BENCH_TABLE_MB: usize = 16;

/// Positions (transcripts from tournament games) with the depth to search
/// them to; `None` solves exactly.
const POSITIONS: [(&str, Option<u32>); 8] = [
    ("f5d6c3d3c4f4f6f3e6e7", Some(11)),
    ("f5f6e6f4g5e7f7h5e3d3", Some(11)),
    ("f5d6c5f4e3f6d3e6g5c4f3c6d7g4", Some(11)),
    ("f5f4e3f6d3c5g5c4e6f3d6c6b5e7f7d7", Some(11)),
    ("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1f3f6e7f7g5g6", Some(10)),
    ("c4e3f6e6f5c5c3b4d3c6b5f4g6d6e7g5f7h6b3a5d7g4", Some(10)),
    (
        "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1f3f6e7f7g5g6h5g4h3e8d7f8c8c7g3h4d8b6a4a3a5e2f2f1",
        None,
    ),
    (
        "f5f6e6f4e3c5c4d3c3f3d6e7b4b5c6f7d7b6a5g5g6a4a3h6c7g4h5h4d8c8f8e8b3a6",
        None,
    ),
];

/// `bench`: prints each position's nodes and the signature line.
pub fn run_bench(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("bench: unexpected argument '{arg}'"));
    }
    let mut engine = Engine::new(BENCH_TABLE_MB);
    let (mut total_nodes, mut total_ms) = (0u64, 0.0);
    for (index, (transcript, depth)) in POSITIONS.iter().enumerate() {
        let board = notation::parse_game(transcript)
            .map_err(|e| format!("bench position {}: {e}", index + 1))?
            .position()
            .board;
        let limits = Limits {
            depth: *depth,
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
            "position {} empties {:>2} depth {:>2} best {} score {:+3} nodes {:>10}",
            index + 1,
            board.empty_count(),
            result.depth,
            result
                .best
                .map_or_else(|| "--".to_string(), |m| m.to_string()),
            result.score,
            result.nodes
        ));
    }
    host.print(&format!(
        "{{\"command\":\"bench\",\"signature\":{total_nodes},\"ms\":{},\"nps\":{}}}",
        total_ms.round() as u64,
        nodes_per_second(total_nodes, total_ms)
    ));
    Ok(())
}
