//! Self-play examples from varied openings: games that start with random
//! moves (positions people never play), continued by the engine, each
//! position labelled by a deeper search with the previous evaluation
//! (bootstrapping, where Buro, "Experiments with Multi-ProbCut and a New
//! High-Quality Evaluation Function for Othello", 1997, section 5, labels by
//! game results) or, near the end, by an exact solve.

use othello_cli::{CliError, CliResult};
use std::sync::atomic::{AtomicUsize, Ordering};

use othello::board::Board;
use othello::clock::NativeClock;
use othello::engine::Engine;
use othello::eval::Evaluation;
use othello::rng::Rng;
use othello::search::level::Level;
use othello::search::{Limits, Silent, Solve};
use othello::square::Squares;

use super::dataset::Example;

/// Settings of the self-play games.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Random moves at the start of each game.
    pub random_plies: u32,
    /// Depth of the engine's moves after them.
    pub play_depth: u32,
    /// A playing level for the engine's moves after them, in place of
    /// `play_depth` (its depth, confidence and endgame solves).
    pub play_level: Option<Level>,
    /// Depth of the search that labels a position.
    pub label_depth: u32,
    /// Positions with this many empties or fewer are labelled exactly.
    pub exact_empties: u32,
    /// Multi-ProbCut selectivity of the labelling search (0: none).
    pub label_selectivity: u8,
    /// The evaluation that plays and labels (the built-in table by
    /// default; a table file reproduces examples made with it).
    pub evaluation: Evaluation,
}

/// A labelled position of a self-play game and the game's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    /// The position and its search's (or exact solve's) label.
    pub example: Example,
    /// The game's final disc difference, empties to the winner, for the
    /// side to move in the position.
    pub result: i32,
}

/// The labelled positions of self-play game number `game`.
pub fn play_game(engine: &mut Engine, game: u64, settings: &SelfPlay) -> Vec<Played> {
    let clock = NativeClock::new();
    let mut rng = Rng::new(game.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5eed);
    let mut board = Board::START;
    // Each position with whether its side to move is the one to move at the end.
    let mut positions = Vec::new();
    let mut ply = 0;
    let mut flipped_sides = false;
    while !board.is_game_over() {
        let moves = board.moves();
        if moves == 0 {
            board = board.pass();
            flipped_sides = !flipped_sides;
            continue;
        }
        let square = if ply < settings.random_plies {
            let n = moves.count_ones() as u64;
            Squares(moves)
                .nth((rng.next_u64() % n) as usize)
                .expect("a legal move")
        } else {
            positions.push((board, flipped_sides));
            let limits = match settings.play_level {
                Some(level) => level.limits(),
                None => Limits {
                    depth: Some(settings.play_depth),
                    ..Limits::default()
                },
            };
            match engine.search(&board, &limits, &clock, &mut Silent).best {
                Some(othello::position::Move::Play(square)) => square,
                _ => Squares(moves).next().expect("a legal move"),
            }
        };
        board = board.play(square).expect("legal");
        flipped_sides = !flipped_sides;
        ply += 1;
    }
    // The final score for the side to move at the end, and so for each position.
    let last = board.final_score();
    positions
        .into_iter()
        .map(|(board, flipped)| {
            let limits = if board.empty_count() <= settings.exact_empties {
                Limits {
                    solve: Solve::Exact,
                    ..Limits::default()
                }
            } else {
                Limits {
                    depth: Some(settings.label_depth),
                    selectivity: settings.label_selectivity,
                    ..Limits::default()
                }
            };
            let label = engine.search(&board, &limits, &clock, &mut Silent).score;
            Played {
                example: Example {
                    board,
                    label: label as f32,
                },
                // `flipped`: the side to move here is not the one at the end.
                result: if flipped == flipped_sides {
                    last
                } else {
                    -last
                },
            }
        })
        .collect()
}

/// Plays self-play games number `first..first + games` on `threads` threads
/// (the result does not depend on the threads), calling `progress(done)`
/// every 100 games.
pub fn play_games(
    first: usize,
    games: usize,
    settings: &SelfPlay,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Played> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut results: Vec<(usize, Vec<Played>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut engine = Engine::new(16);
                    engine.set_evaluation(settings.evaluation);
                    let mut out = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= games {
                            break;
                        }
                        engine.clear();
                        out.push((
                            index,
                            play_game(&mut engine, (first + index) as u64, settings),
                        ));
                        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if finished.is_multiple_of(100) {
                            progress(finished);
                        }
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play thread"))
            .collect()
    });
    results.sort_by_key(|(index, _)| *index);
    results
        .into_iter()
        .flat_map(|(_, examples)| examples)
        .collect()
}

/// Writes examples, one per line: `player opponent label` (bitboards in hex).
pub fn write_examples(examples: &[Example]) -> String {
    examples
        .iter()
        .map(|e| {
            format!(
                "{:016x} {:016x} {}\n",
                e.board.player, e.board.opponent, e.label
            )
        })
        .collect()
}

/// Writes played positions, one per line: `player opponent label result`
/// (bitboards in hex; [`read_examples`] reads the first three words).
pub fn write_played(played: &[Played]) -> String {
    played
        .iter()
        .map(|p| {
            let e = p.example;
            format!(
                "{:016x} {:016x} {} {}\n",
                e.board.player, e.board.opponent, e.label, p.result
            )
        })
        .collect()
}

/// Reads what [`write_examples`] wrote (and the first three words of
/// each line of what [`write_played`] wrote).
pub fn read_examples(text: &str) -> CliResult<Vec<Example>> {
    text.lines()
        .enumerate()
        .map(|(number, line)| {
            let bad = || {
                CliError::invalid(
                    "examples",
                    format!("line {} is not 'player opponent label'", number + 1),
                )
            };
            let mut words = line.split_whitespace();
            let player =
                u64::from_str_radix(words.next().ok_or_else(bad)?, 16).map_err(|_| bad())?;
            let opponent =
                u64::from_str_radix(words.next().ok_or_else(bad)?, 16).map_err(|_| bad())?;
            let label: f32 = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            let board = Board::new(player, opponent).ok_or_else(bad)?;
            Ok(Example { board, label })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_play_is_reproducible_and_round_trips() {
        let settings = SelfPlay {
            random_plies: 10,
            play_depth: 1,
            play_level: None,
            label_depth: 1,
            exact_empties: 6,
            label_selectivity: 0,
            evaluation: Evaluation::Pattern,
        };
        let a = play_games(0, 3, &settings, 2, &|_| {});
        let b = play_games(0, 3, &settings, 1, &|_| {});
        let later = play_games(1, 2, &settings, 1, &|_| {});
        let from_second: usize = a.len() - later.len();
        assert_eq!(a[from_second..], later[..]);
        assert_eq!(a, b);
        assert!(a.len() > 3 * 40);
        let examples: Vec<Example> = a.iter().map(|p| p.example).collect();
        assert!(examples
            .iter()
            .all(|e| e.board.empty_count() <= 50 && e.label.abs() <= 64.0));
        assert_eq!(read_examples(&write_examples(&examples)).unwrap(), examples);
        assert_eq!(read_examples(&write_played(&a)).unwrap(), examples);
    }

    /// Played at a level that solves exactly from 6 empties, a game's
    /// result is every late position's exact label, seen from its side to
    /// move; earlier positions carry the same result with the sign of
    /// their side.
    #[test]
    fn a_game_s_result_is_its_exact_labels_near_the_end() {
        let settings = SelfPlay {
            random_plies: 10,
            play_depth: 1,
            play_level: Level::new(3),
            label_depth: 1,
            exact_empties: 6,
            label_selectivity: 0,
            evaluation: Evaluation::Pattern,
        };
        let played = play_games(0, 4, &settings, 1, &|_| {});
        let late: Vec<&Played> = played
            .iter()
            .filter(|p| p.example.board.empty_count() <= 6)
            .collect();
        assert!(late.len() >= 4 * 4, "late positions: {}", late.len());
        for p in late {
            assert_eq!(p.example.label as i32, p.result, "{:?}", p.example.board);
        }
        assert!(played.iter().any(|p| p.result > 0) && played.iter().any(|p| p.result < 0));
    }
}
