//! Exact labels: the endgame of every game solved position by position.
//!
//! From the first position of a game with at most `empties` empty squares
//! to its end, each position's exact final disc difference (for the side to
//! move) is computed by the endgame solver. One engine per thread keeps its
//! transposition table from one position to the next, so the later
//! positions of a game cost little. Results do not depend on the threads.

use othello::search::{Limits, Solve};

use othello::engine::Engine;

use super::labels::{label_games, search_positions, GameLabels};
use super::wthor::GameRecord;

/// Solves the endgame of `game` from its first position with at most `empties` empties.
pub fn solve_game(engine: &mut Engine, game: &GameRecord, empties: u32) -> GameLabels {
    let positions = game.positions();
    let first = positions
        .iter()
        .position(|p| p.board.empty_count() <= empties)
        .unwrap_or(positions.len() - 1);
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    let scores = search_positions(engine, positions[first..].iter(), &limits);
    GameLabels { first, scores }
}

/// Solves the endgames of all `games` on `threads` threads, calling
/// `progress(done)` now and then.
pub fn solve_games(
    games: &[GameRecord],
    empties: u32,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<GameLabels> {
    label_games(games, threads, 16, progress, &|engine, game| {
        solve_game(engine, game, empties)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training::labels::{read_labels, write_labels};
    use crate::training::wthor::parse_games;

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
        let text = write_labels(std::slice::from_ref(&solved));
        assert_eq!(read_labels(&text).unwrap(), vec![solved]);
    }
}
