//! Counting the games into an index file ([`super::file`]).
//!
//! Two passes over the games. The first hashes every position each game
//! reaches (canonical under the eight symmetries, passes played) and keeps
//! the hashes met at least twice: the positions that may have been reached
//! by two games. The second counts those positions exactly, by their
//! boards, with the results of each move the games played there; a
//! position that only shared its hash with another is dropped then. The
//! first pass keeps one word a position, not a board and its moves:
//! `othello explore build` of the 135,625 games peaks at about 100 MB.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::BuildHasherDefault;

use super::file::{self, Contents, Edge, Record, Stats};
use super::{canonical_position, next_position, normalized, MIN_GAMES};
use crate::book::BoardHasher;
use crate::position::{Color, Position};
use crate::square::{Square, Squares};

/// A game to count: when it was played, how it ended and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceGame {
    /// The year it was played.
    pub year: u16,
    /// Black's discs at the end.
    pub black_discs: u8,
    /// White's discs at the end.
    pub white_discs: u8,
    /// The moves from the start position, passes left out.
    pub moves: Vec<Square>,
}

/// Why games cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A move that is not legal where the game plays it.
    Illegal {
        /// The game's number (0 for the first).
        game: usize,
        /// The move's number (1 for the first).
        number: usize,
        /// The square.
        square: Square,
    },
    /// Final disc counts above 64 in all.
    Discs {
        /// The game's number.
        game: usize,
    },
    /// More games than a file holds.
    TooManyGames,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Illegal {
                game,
                number,
                square,
            } => write!(f, "game {game}: move {number} ({square}) is illegal"),
            BuildError::Discs { game } => {
                write!(f, "game {game}: more than 64 discs at the end")
            }
            BuildError::TooManyGames => write!(f, "more than 2^32 - 1 games"),
        }
    }
}

impl std::error::Error for BuildError {}

type Positions<V> = HashMap<Position, V, BuildHasherDefault<BoardHasher>>;

/// What a position of the index holds while the games are counted.
#[derive(Default)]
struct Node {
    ended: Option<Stats>,
    /// The positions the moves lead to (canonical) and their games.
    edges: Vec<(Position, Stats)>,
}

impl Node {
    fn games(&self) -> u32 {
        self.ended.map_or(0, |s| s.results.games)
            + self.edges.iter().map(|(_, s)| s.results.games).sum::<u32>()
    }
}

/// The index file of `games`: every position that at least
/// [`MIN_GAMES`] of them reached.
pub fn build(games: &[SourceGame]) -> Result<Vec<u8>, BuildError> {
    u32::try_from(games.len()).map_err(|_| BuildError::TooManyGames)?;
    let mut hashes = Vec::new();
    for (index, game) in games.iter().enumerate() {
        if u16::from(game.black_discs) + u16::from(game.white_discs) > 64 {
            return Err(BuildError::Discs { game: index });
        }
        replay(index, game, |position, _| hashes.push(hash(position)))?;
    }
    hashes.sort_unstable();
    // Sorted and distinct: searched by halves below.
    let shared: Vec<u64> = hashes
        .chunk_by(|a, b| a == b)
        .filter(|run| run.len() as u32 >= MIN_GAMES)
        .map(|run| run[0])
        .collect();
    drop(hashes);

    let mut nodes: Positions<Node> = HashMap::default();
    for (index, game) in games.iter().enumerate() {
        let difference = i32::from(game.black_discs) - i32::from(game.white_discs);
        replay(index, game, |position, next| {
            if shared.binary_search(&hash(position)).is_err() {
                return;
            }
            let node = nodes.entry(*position).or_default();
            let stats = match next {
                None => node.ended.get_or_insert_with(Stats::default),
                Some(child) => match node.edges.iter().position(|(c, _)| c == child) {
                    Some(at) => &mut node.edges[at].1,
                    None => {
                        node.edges.push((*child, Stats::default()));
                        &mut node.edges.last_mut().expect("just pushed").1
                    }
                },
            };
            stats.add(difference, index as u32);
        })?;
    }
    nodes.retain(|_, node| node.games() >= MIN_GAMES);

    let mut roots = Vec::new();
    let mut written: HashSet<Position, BuildHasherDefault<BoardHasher>> = HashSet::default();
    let mut tree = Vec::new();
    let start = canonical_position(&Position::START);
    // The start first, then the others, fewest discs first: the roots that
    // no position of the index leads to.
    let mut others: Vec<Position> = nodes.keys().copied().filter(|p| *p != start).collect();
    others.sort_by_key(|p| {
        (
            std::cmp::Reverse(p.board.empty_count()),
            p.to_move == Color::White,
            p.black(),
            p.white(),
        )
    });
    let candidates = nodes
        .contains_key(&start)
        .then_some(start)
        .into_iter()
        .chain(others);
    for root in candidates {
        if written.insert(root) {
            roots.push(root);
            write_subtree(&root, &nodes, &mut written, &mut tree);
        }
    }
    debug_assert_eq!(written.len(), nodes.len());
    Ok(file::write(&Contents {
        min_games: MIN_GAMES,
        years: &games.iter().map(|g| g.year).collect::<Vec<_>>(),
        discs: &games
            .iter()
            .map(|g| (g.black_discs, g.white_discs))
            .collect::<Vec<_>>(),
        positions: written.len() as u32,
        roots: &roots,
        tree: &tree,
    }))
}

/// Writes the record of `key` and, depth first, those of the positions its
/// moves lead to that are not written yet.
fn write_subtree(
    key: &Position,
    nodes: &Positions<Node>,
    written: &mut HashSet<Position, BuildHasherDefault<BoardHasher>>,
    tree: &mut Vec<u8>,
) {
    let node = &nodes[key];
    let mut edges: Vec<(Edge, Position)> = node
        .edges
        .iter()
        .map(|(child, stats)| {
            let square = Squares(key.board.moves())
                .find(|&square| {
                    next_position(key, square).map(|p| canonical_position(&p)) == Some(*child)
                })
                .expect("a game's move leads there from the canonical board too");
            let edge = Edge {
                square,
                stats: *stats,
                new: false,
            };
            (edge, *child)
        })
        .collect();
    edges.sort_by_key(|(edge, _)| edge.square);
    let mut new = Vec::new();
    for (edge, child) in &mut edges {
        if nodes.contains_key(child) && written.insert(*child) {
            edge.new = true;
            new.push(*child);
        }
    }
    file::write_record(
        tree,
        &Record {
            ended: node.ended,
            edges: edges.into_iter().map(|(edge, _)| edge).collect(),
        },
    );
    for child in new {
        write_subtree(&child, nodes, written, tree);
    }
}

/// Replays game number `index`, calling `visit` with each position it
/// reaches (canonical, passes played) and the next one (`None` at the end).
fn replay(
    index: usize,
    game: &SourceGame,
    mut visit: impl FnMut(&Position, Option<&Position>),
) -> Result<(), BuildError> {
    let mut position = normalized(Position::START);
    let mut key = canonical_position(&position);
    for (number, &square) in game.moves.iter().enumerate() {
        let next = next_position(&position, square).ok_or(BuildError::Illegal {
            game: index,
            number: number + 1,
            square,
        })?;
        let next_key = canonical_position(&next);
        visit(&key, Some(&next_key));
        position = next;
        key = next_key;
    }
    visit(&key, None);
    Ok(())
}

/// A hash of a canonical position for the first pass.
fn hash(position: &Position) -> u64 {
    let mix = |mut x: u64| {
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    };
    let color = match position.to_move {
        Color::Black => 0,
        Color::White => 0x9e37_79b9_7f4a_7c15,
    };
    mix(mix(position.board.player ^ color).wrapping_add(position.board.opponent))
}
