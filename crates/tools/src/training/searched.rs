//! Search labels: positions beyond the endgame solver's reach labelled by a
//! depth-limited search with the current evaluation.
//!
//! Buro ("Experiments with Multi-ProbCut and a New High-Quality Evaluation
//! Function for Othello", 1997, section 5) labels positions by the negamax of
//! game results over the tree of all games; before the solved endgame, that
//! is the value of the line the players chose, and the players' mistakes over
//! the next plies make it a noisy label. A search of a few plies with the
//! previous evaluation is a much better estimate of the exact score (on the
//! held-out positions at 20-24 empties: mean absolute error 3.99 at depth 7
//! against 6.6 for the static evaluation), so a fit can bootstrap from it
//! (`train fit --searched`). The committed table does not: tables fitted to
//! these labels are more accurate but played no stronger (docs/evaluation.md).
//! Each game starts with an empty transposition table, so a label depends on
//! its game only, not on the threads.

use othello::search::Limits;

use othello::engine::Engine;

use super::labels::{search_positions, GameLabels};
use super::wthor::GameRecord;

/// Which positions get a search label, and how deep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLabels {
    /// Positions with at most this many empties are labelled...
    pub most_empties: u32,
    /// ...down to this many.
    pub least_empties: u32,
    /// Midgame depth of each search.
    pub depth: u32,
    /// Multi-ProbCut selectivity of each search (0: none; see
    /// [`othello::search::probcut::selectivity`]).
    pub selectivity: u8,
}

/// The search values of the positions of `game` with `least_empties` to
/// `most_empties` empties, in the labels' format: `first` is the index of
/// the first of them in [`GameRecord::positions`].
pub fn label_game(engine: &mut Engine, game: &GameRecord, settings: &SearchLabels) -> GameLabels {
    engine.clear();
    let positions = game.positions();
    let first = positions
        .iter()
        .position(|p| p.board.empty_count() <= settings.most_empties)
        .unwrap_or(positions.len());
    let limits = Limits {
        depth: Some(settings.depth),
        selectivity: settings.selectivity,
        ..Limits::default()
    };
    let in_range = positions[first..]
        .iter()
        .take_while(|p| p.board.empty_count() >= settings.least_empties);
    let scores = search_positions(engine, in_range, &limits);
    GameLabels { first, scores }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training::wthor::parse_games;
    use othello::clock::NativeClock;
    use othello::search::Silent;

    #[test]
    fn the_labelled_positions_are_those_of_the_range_and_independent_of_history() {
        let line = "1977 34 30 f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1";
        let games = parse_games(line.as_bytes()).unwrap();
        let settings = SearchLabels {
            most_empties: 24,
            least_empties: 21,
            depth: 3,
            selectivity: 0,
        };
        let mut engine = Engine::new(1);
        let labels = label_game(&mut engine, &games[0], &settings);
        let positions = games[0].positions();
        assert_eq!(positions[labels.first].board.empty_count(), 24);
        assert_eq!(labels.scores.len(), 4);
        // The first label is the search of its position with a fresh engine.
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let board = positions[labels.first].board;
        let alone = Engine::new(1).search(&board, &limits, &NativeClock::new(), &mut Silent);
        assert_eq!(alone.score, labels.scores[0] as i32);
        // A second labelling after other searches gives the same labels.
        assert_eq!(label_game(&mut engine, &games[0], &settings), labels);
    }
}
