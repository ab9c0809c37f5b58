//! Training examples: every distinct position of the training games with a
//! label for the side to move.
//!
//! Labels follow Buro ("Experiments with Multi-ProbCut and a New
//! High-Quality Evaluation Function for Othello", 1997, section 5): the
//! positions of all games form a tree (a graph, as transpositions and
//! symmetric positions are merged), and each position gets the negamax of
//! its children's values. The leaves are exact: the endgame of every game
//! was solved from a fixed number of empties on (see [`super::solve`]), so a
//! label is the game's result with perfect play from there and the best
//! choice seen in the games before.

use std::collections::HashMap;

use othello::board::Board;
use othello::symmetry::canonical;

use super::labels::GameLabels;
use super::wthor::GameRecord;

/// A position and its label, in discs for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    /// The board, side to move first.
    pub board: Board,
    /// The label.
    pub label: f32,
}

/// A node of the game graph.
struct Node {
    /// The exact value, when the position was solved.
    exact: Option<i8>,
    /// Children, with `true` when the child has the same side to move (the
    /// opponent had to pass).
    children: Vec<(u32, bool)>,
}

/// The graph of all positions of `games` (each paired with its solved endgame).
struct Graph {
    ids: HashMap<Board, u32>,
    nodes: Vec<Node>,
    boards: Vec<Board>,
}

impl Graph {
    fn id(&mut self, board: &Board) -> u32 {
        let key = canonical(board);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.nodes.len() as u32;
        self.ids.insert(key, id);
        self.nodes.push(Node {
            exact: None,
            children: Vec::new(),
        });
        self.boards.push(key);
        id
    }

    /// Adds the positions of `game` with the values that `labels` give
    /// (each covering some of its positions; later ones take precedence).
    fn add_game(&mut self, game: &GameRecord, labels: &[&GameLabels]) {
        let positions = game.positions();
        let mut previous: Option<(u32, Board)> = None;
        for (index, p) in positions.iter().enumerate() {
            let id = self.id(&p.board);
            for set in labels {
                if let Some(&score) = index.checked_sub(set.first).and_then(|i| set.scores.get(i)) {
                    self.nodes[id as usize].exact = Some(score);
                }
            }
            if let Some((parent, parent_board)) = previous {
                let same_side = same_side_to_move(&parent_board, &p.board);
                let children = &mut self.nodes[parent as usize].children;
                if !children.iter().any(|&(c, _)| c == id) {
                    children.push((id, same_side));
                }
            }
            previous = Some((id, p.board));
        }
    }

    /// Negamax values of all nodes (exact where known).
    fn values(&self) -> Vec<i8> {
        let mut values: Vec<Option<i8>> = vec![None; self.nodes.len()];
        // Children have fewer empties than their parents: by empties, fewest first.
        let mut order: Vec<u32> = (0..self.nodes.len() as u32).collect();
        order.sort_by_key(|&id| self.boards[id as usize].empty_count());
        for id in order {
            let node = &self.nodes[id as usize];
            let value = node.exact.unwrap_or_else(|| {
                node.children
                    .iter()
                    .filter_map(|&(child, same)| {
                        values[child as usize].map(|v| if same { v } else { -v })
                    })
                    .max()
                    .unwrap_or(0)
            });
            values[id as usize] = Some(value);
        }
        values.into_iter().map(|v| v.unwrap_or(0)).collect()
    }
}

/// Whether `child` (a position after `parent` and perhaps a pass) has the
/// same side to move as `parent`: the mover keeps all its discs, so the
/// child's side to move owns all of the parent's side to move's discs.
fn same_side_to_move(parent: &Board, child: &Board) -> bool {
    parent.player != 0 && child.player & parent.player == parent.player
}

/// The training examples of `games`: every distinct position, labelled by
/// negamax over the game graph. `solved` pairs each game with its solved
/// endgame; `searched`, if not empty, pairs each with search labels of
/// positions before it, which count as known values too.
pub fn examples(
    games: &[&GameRecord],
    solved: &[&GameLabels],
    searched: &[&GameLabels],
) -> Vec<Example> {
    let mut graph = Graph {
        ids: HashMap::new(),
        nodes: Vec::new(),
        boards: Vec::new(),
    };
    for (index, (game, solved)) in games.iter().zip(solved).enumerate() {
        match searched.get(index) {
            Some(search) => graph.add_game(game, &[search, solved]),
            None => graph.add_game(game, &[solved]),
        }
    }
    let values = graph.values();
    graph
        .boards
        .iter()
        .zip(values)
        .filter(|(board, _)| !board.is_game_over())
        .map(|(&board, value)| Example {
            board,
            label: value as f32,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training::solve::solve_game;
    use crate::training::wthor::parse_games;
    use othello::engine::Engine;

    #[test]
    fn labels_are_the_best_value_among_the_games() {
        // Two games that share their first 50 moves, then differ.
        let a = "1977 34 30 f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1";
        let games = parse_games(a.as_bytes()).unwrap();
        let mut engine = Engine::new(1);
        let solved = solve_game(&mut engine, &games[0], 10);
        let examples = examples(&[&games[0]], &[&solved], &[]);
        // One example per position of the game but the final one.
        assert_eq!(examples.len(), 60);
        // Before the solved part, a single game passes its first exact value up,
        // signed for each side to move.
        let positions = games[0].positions();
        let first_exact = solved.scores[0] as f32;
        for (index, p) in positions[..solved.first].iter().enumerate() {
            let example = examples
                .iter()
                .find(|e| e.board == canonical(&p.board))
                .unwrap();
            let plies_to_go = (solved.first - index) as u32;
            let sign = if passes_between(&positions[index..=solved.first]) % 2 == plies_to_go % 2 {
                1.0
            } else {
                -1.0
            };
            assert_eq!(example.label, sign * first_exact, "position {index}");
        }
    }

    #[test]
    fn search_labels_are_known_values_before_the_solved_endgame() {
        let a = "1977 34 30 f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1";
        let games = parse_games(a.as_bytes()).unwrap();
        let mut engine = Engine::new(1);
        let solved = solve_game(&mut engine, &games[0], 10);
        // Invented values for the four positions from 14 to 11 empties (46-49).
        let searched = GameLabels {
            first: 46,
            scores: vec![5, -7, 9, -11],
        };
        let examples = examples(&[&games[0]], &[&solved], &[&searched]);
        let positions = games[0].positions();
        let label = |index: usize| {
            examples
                .iter()
                .find(|e| e.board == canonical(&positions[index].board))
                .unwrap()
                .label
        };
        for (offset, &score) in searched.scores.iter().enumerate() {
            assert_eq!(label(46 + offset), score as f32);
        }
        // The solved endgame keeps its exact values; earlier positions take
        // the first search label through the negamax.
        assert_eq!(label(solved.first), solved.scores[0] as f32);
        assert_eq!(label(45).abs(), 5.0);
        assert_eq!(examples.len(), 60);
    }

    /// Number of side changes along a sequence of positions.
    fn passes_between(positions: &[crate::training::wthor::GamePosition]) -> u32 {
        positions
            .windows(2)
            .filter(|w| same_side_to_move(&w[0].board, &w[1].board))
            .count() as u32
    }
}
