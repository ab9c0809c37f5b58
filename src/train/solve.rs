//! Exact labels: the endgame of every game solved position by position.
//!
//! From the first position of a game with at most `empties` empty squares
//! to its end, each position's exact final disc difference (for the side to
//! move) is computed by the endgame solver. One engine per thread keeps its
//! transposition table from one position to the next, so the later
//! positions of a game cost little. Results do not depend on the threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::clock::NativeClock;
use crate::search::{Engine, Limits, Silent, Solve};

use super::wthor::GameRecord;

/// The exact scores of one game's endgame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedEndgame {
    /// Index of the game's first solved position in [`GameRecord::positions`].
    pub first: usize,
    /// Exact score of each position from `first` to the end, for its side to move.
    pub scores: Vec<i8>,
}

/// Solves the endgame of `game` from its first position with at most `empties` empties.
pub fn solve_game(engine: &mut Engine, game: &GameRecord, empties: u32) -> SolvedEndgame {
    let positions = game.positions();
    let first = positions
        .iter()
        .position(|p| p.board.empty_count() <= empties)
        .unwrap_or(positions.len() - 1);
    let clock = NativeClock::new();
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    let scores = positions[first..]
        .iter()
        .map(|p| {
            if p.board.is_game_over() {
                p.board.final_score() as i8
            } else {
                engine.search(&p.board, &limits, &clock, &mut Silent).score as i8
            }
        })
        .collect();
    SolvedEndgame { first, scores }
}

/// Solves the endgames of all `games` on `threads` threads, calling
/// `progress(done)` now and then.
pub fn solve_games(
    games: &[GameRecord],
    empties: u32,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<SolvedEndgame> {
    label_games(games, threads, 16, progress, &|engine, game| {
        solve_game(engine, game, empties)
    })
}

/// Labels all `games` with `label` on `threads` threads (one engine of
/// `table_mb` MiB each), calling `progress(done)` every 1,000 games; the
/// results are in the games' order.
pub fn label_games(
    games: &[GameRecord],
    threads: usize,
    table_mb: usize,
    progress: &(dyn Fn(usize) + Sync),
    label: &(dyn Fn(&mut Engine, &GameRecord) -> SolvedEndgame + Sync),
) -> Vec<SolvedEndgame> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut results: Vec<Option<SolvedEndgame>> = vec![None; games.len()];
    let chunks: Vec<Vec<(usize, SolvedEndgame)>> = std::thread::scope(|scope| {
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

/// Writes solved endgames, one line per game: `first score score ...`.
pub fn write_solved(solved: &[SolvedEndgame]) -> String {
    let mut text = String::new();
    for s in solved {
        text.push_str(&s.first.to_string());
        for score in &s.scores {
            text.push(' ');
            text.push_str(&score.to_string());
        }
        text.push('\n');
    }
    text
}

/// Reads what [`write_solved`] wrote.
pub fn read_solved(text: &str) -> Result<Vec<SolvedEndgame>, String> {
    text.lines()
        .enumerate()
        .map(|(number, line)| {
            let mut numbers = line.split_whitespace().map(|w| w.parse::<i64>());
            let bad = || format!("labels: line {} is not 'first score...'", number + 1);
            let first = numbers.next().ok_or_else(bad)?.map_err(|_| bad())? as usize;
            let scores = numbers
                .map(|n| {
                    n.ok()
                        .filter(|n| n.abs() <= 64)
                        .map(|n| n as i8)
                        .ok_or_else(bad)
                })
                .collect::<Result<_, _>>()?;
            Ok(SolvedEndgame { first, scores })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::wthor::parse_games;

    #[test]
    fn the_last_position_scores_the_database_result() {
        let line = "1977 34 30 f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1";
        let games = parse_games(line.as_bytes()).unwrap();
        let mut engine = Engine::new(1);
        let solved = solve_game(&mut engine, &games[0], 8);
        assert_eq!(solved.first, 52);
        assert_eq!(solved.scores.len(), 9);
        // The game ends 34-30 with Black having... the final position's side to
        // move is the side after h1; the database's disc difference, signed.
        let last = *solved.scores.last().unwrap() as i32;
        assert_eq!(last.abs(), 4);
        // A solved score is at least what the game reached from there.
        let text = write_solved(std::slice::from_ref(&solved));
        assert_eq!(read_solved(&text).unwrap(), vec![solved]);
    }
}
