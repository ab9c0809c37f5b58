//! Labels of a run of each game's positions, the format the training files
//! keep them in, and the labelling of many games on several threads. Exact
//! endgame scores ([`super::solve`]) and search values ([`super::searched`])
//! are both labels of this kind.

use othello_cli::{CliError, CliResult};
use std::sync::atomic::{AtomicUsize, Ordering};

use othello::clock::NativeClock;
use othello::engine::Engine;
use othello::search::{Limits, Silent};

use super::wthor::{GamePosition, GameRecord};

/// The values of consecutive positions of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLabels {
    /// Index of the first labelled position in [`GameRecord::positions`].
    pub first: usize,
    /// The value of each position from `first` on, for its side to move.
    pub scores: Vec<i8>,
}

/// The value of each of `positions` for its side to move: the final score
/// where the game is over, else the score of a search within `limits` (one
/// engine, so later positions reuse what the earlier searches stored).
pub fn search_positions<'a>(
    engine: &mut Engine,
    positions: impl Iterator<Item = &'a GamePosition>,
    limits: &Limits,
) -> Vec<i8> {
    let clock = NativeClock::new();
    positions
        .map(|p| {
            if p.board.is_game_over() {
                p.board.final_score() as i8
            } else {
                engine.search(&p.board, limits, &clock, &mut Silent).score as i8
            }
        })
        .collect()
}

/// Labels all `games` with `label` on `threads` threads (one engine of
/// `table_mb` MiB each), calling `progress(done)` every 1,000 games; the
/// results are in the games' order.
pub fn label_games(
    games: &[GameRecord],
    threads: usize,
    table_mb: usize,
    progress: &(dyn Fn(usize) + Sync),
    label: &(dyn Fn(&mut Engine, &GameRecord) -> GameLabels + Sync),
) -> Vec<GameLabels> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut results: Vec<Option<GameLabels>> = vec![None; games.len()];
    let chunks: Vec<Vec<(usize, GameLabels)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut engine = Engine::new(table_mb);
                    let mut out = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= games.len() {
                            break;
                        }
                        out.push((index, label(&mut engine, &games[index])));
                        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if finished.is_multiple_of(1000) {
                            progress(finished);
                        }
                    }
                    out
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for (index, solved) in chunks.into_iter().flatten() {
        results[index] = Some(solved);
    }
    results.into_iter().map(|r| r.unwrap()).collect()
}

/// Writes labels, one line per game: `first score score ...`.
pub fn write_labels(labels: &[GameLabels]) -> String {
    let mut text = String::new();
    for s in labels {
        text.push_str(&s.first.to_string());
        for score in &s.scores {
            text.push(' ');
            text.push_str(&score.to_string());
        }
        text.push('\n');
    }
    text
}

/// Reads what [`write_labels`] wrote.
pub fn read_labels(text: &str) -> CliResult<Vec<GameLabels>> {
    text.lines()
        .enumerate()
        .map(|(number, line)| {
            let mut numbers = line.split_whitespace().map(|w| w.parse::<i64>());
            let bad = || {
                CliError::invalid(
                    "labels",
                    format!("line {} is not 'first score...'", number + 1),
                )
            };
            let first = numbers.next().ok_or_else(bad)?.map_err(|_| bad())? as usize;
            let scores = numbers
                .map(|n| {
                    n.ok()
                        .filter(|n| n.abs() <= 64)
                        .map(|n| n as i8)
                        .ok_or_else(bad)
                })
                .collect::<Result<_, _>>()?;
            Ok(GameLabels { first, scores })
        })
        .collect()
}
