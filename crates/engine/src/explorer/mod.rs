//! The opening explorer: the tournament games that reached a position, by
//! any move order and in any of its eight orientations, how they ended, and
//! for each move played from it the games that played it, how those ended
//! and their mean final disc difference.
//!
//! The games are counted once ([`build::build`]) into an index file
//! ([`file`]); an [`Explorer`] reads the file's bytes (the front ends fetch
//! or read them: this module does no I/O) and answers
//! [`Explorer::explore`].
//!
//! A position is its board, the side to move and its seven symmetric
//! images, with a pass played when the side to move has no move (the
//! position explored is then the one after the pass). The index holds the
//! positions that at least [`MIN_GAMES`] games reached: for them every
//! count is exact. A position outside the index was reached by one game or
//! none.
//!
//! A move is named in the orientation of the position asked about. Moves
//! that lead to the same position are one move (in a position that is its
//! own mirror image, the mirrored moves): it is named by the first of its
//! squares in the order a1, b1, ..., h8, and the others are listed with it.

pub mod build;
pub mod file;

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::book::{BoardHasher, Book};
use crate::game::Game;
use crate::position::{Move, Position};
use crate::square::{Square, Squares};
use crate::symmetry::canonical;

pub use file::ExplorerFileError;

/// The least number of games of a position in the index. Of the 5,767,013
/// positions that the 135,625 games of the database reach, 5,582,684 are
/// reached by one game: keeping them would take about thirty times the
/// bytes, and the results of one game are that game's own.
pub const MIN_GAMES: u32 = 2;

/// How a set of games ended, from their final disc counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    /// Games.
    pub games: u32,
    /// Games Black ended with more discs.
    pub black_wins: u32,
    /// Games that ended with as many discs each.
    pub draws: u32,
    /// Games White ended with more discs.
    pub white_wins: u32,
    /// The sum over the games of Black's final discs minus White's.
    pub disc_sum: i64,
}

impl Results {
    /// One game that Black ended `difference` discs ahead (behind when negative).
    pub fn of_game(difference: i32) -> Results {
        Results {
            games: 1,
            black_wins: u32::from(difference > 0),
            draws: u32::from(difference == 0),
            white_wins: u32::from(difference < 0),
            disc_sum: i64::from(difference),
        }
    }

    /// Adds the games of `other` (saturating: an index file's counts come
    /// from outside).
    pub fn add(&mut self, other: &Results) {
        self.games = self.games.saturating_add(other.games);
        self.black_wins = self.black_wins.saturating_add(other.black_wins);
        self.draws = self.draws.saturating_add(other.draws);
        self.white_wins = self.white_wins.saturating_add(other.white_wins);
        self.disc_sum = self.disc_sum.saturating_add(other.disc_sum);
    }

    /// The mean final disc difference, Black minus White (0 for no game).
    pub fn average_disc(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.disc_sum as f64 / f64::from(self.games)
        }
    }
}

/// A game of the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRef {
    /// Its number: its line in the games file, 0 for the first.
    pub index: u32,
    /// The year it was played.
    pub year: u16,
    /// Black's discs at the end.
    pub black_discs: u8,
    /// White's discs at the end.
    pub white_discs: u8,
}

/// A move games played from the position explored.
#[derive(Clone, Debug, PartialEq)]
pub struct ExploredMove {
    /// The move, in the orientation of the position asked about.
    pub square: Square,
    /// The other squares that lead to the same position (in a position that
    /// is its own mirror image), in square order; empty otherwise.
    pub symmetric: Vec<Square>,
    /// The games that played it.
    pub results: Results,
    /// The most recent of them.
    pub latest: GameRef,
    /// The opening book's value of the move for the side to move, in discs,
    /// when the book has it.
    pub book: Option<i32>,
}

/// A game that reached the position explored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The game.
    pub game: GameRef,
    /// The move of [`Exploration::moves`] it played there; `None` when it
    /// ended there, or when the index does not know its move.
    pub square: Option<Square>,
}

/// What the games say about a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Exploration {
    /// The position explored: the one asked about, or the one after its
    /// pass when the side to move had no move.
    pub position: Position,
    /// Whether the position is in the index (at least [`MIN_GAMES`] games).
    pub indexed: bool,
    /// Every game that reached it.
    pub results: Results,
    /// The moves played from it, most played first (then in square order).
    pub moves: Vec<ExploredMove>,
    /// A few games that reached it: the most recent game of each move, in
    /// the order of the moves, then the most recent of those that ended
    /// there.
    pub samples: Vec<Sample>,
}

/// The explorer over an index file's games.
#[derive(Clone, Debug)]
pub struct Explorer {
    bytes: Vec<u8>,
    sections: file::Sections,
    /// The first game of each year run.
    run_starts: Vec<u32>,
    /// Each canonical position's record: where it starts in `bytes`.
    records: Records,
}

/// Canonical positions and where their records start.
type Records = HashMap<Position, u32, BuildHasherDefault<BoardHasher>>;

impl Explorer {
    /// The explorer of an index file (the bytes [`build::build`] wrote), or
    /// why the bytes are not one. Reading checks the header, the checksum
    /// and the tree's shape; a lookup checks the record it reads (one that
    /// does not read answers as a position outside the index).
    pub fn read(bytes: Vec<u8>) -> Result<Explorer, ExplorerFileError> {
        let sections = file::sections(&bytes)?;
        let mut run_starts = Vec::with_capacity(sections.years.len());
        let mut first = 0;
        for &(_, count) in &sections.years {
            run_starts.push(first);
            first += count;
        }
        let mut records = HashMap::default();
        records.reserve(sections.positions as usize);
        let mut at = sections.tree.start;
        for root in &sections.roots {
            if canonical_position(root) != *root {
                return Err(ExplorerFileError::Invalid {
                    section: "roots",
                    at: sections.discs.end,
                    problem: "a root that is not canonical",
                });
            }
            read_subtree(
                &bytes,
                &sections,
                *root,
                &mut at,
                &mut records,
                &mut Vec::new(),
            )?;
        }
        let invalid = |at, problem| ExplorerFileError::Invalid {
            section: "tree",
            at,
            problem,
        };
        if at != sections.tree.end {
            return Err(invalid(at, "bytes after the last record"));
        }
        if records.len() != sections.positions as usize {
            return Err(invalid(at, "another number of positions than the header's"));
        }
        Ok(Explorer {
            bytes,
            sections,
            run_starts,
            records,
        })
    }

    /// The games counted.
    pub fn games(&self) -> u32 {
        self.sections.games
    }

    /// The positions in the index.
    pub fn positions(&self) -> usize {
        self.records.len()
    }

    /// The least number of games of a position in the index.
    pub fn min_games(&self) -> u32 {
        self.sections.min_games
    }

    /// Game number `index` (`None` beyond the games).
    pub fn game(&self, index: u32) -> Option<GameRef> {
        if index >= self.sections.games {
            return None;
        }
        let run = self.run_starts.partition_point(|&start| start <= index) - 1;
        let at = self.sections.discs.start + 2 * index as usize;
        Some(GameRef {
            index,
            year: self.sections.years[run].0,
            black_discs: self.bytes[at],
            white_discs: self.bytes[at + 1],
        })
    }

    /// The games that reached `position`, and the moves they played there
    /// with their results and the `book`'s values.
    pub fn explore(&self, position: &Position, book: &Book) -> Exploration {
        let position = normalized(*position);
        let key = canonical_position(&position);
        let mut exploration = Exploration {
            position,
            indexed: false,
            results: Results::default(),
            moves: Vec::new(),
            samples: Vec::new(),
        };
        let Some(record) = self.record(&key) else {
            return exploration;
        };
        exploration.indexed = true;
        exploration.results = record.results();
        // The moves of the position asked about, by the position each leads to.
        let children: Vec<(Square, Option<Position>)> = Squares(position.board.moves())
            .map(|square| {
                let child = next_position(&position, square).map(|p| canonical_position(&p));
                (square, child)
            })
            .collect();
        let book_moves = book.moves(&position.board);
        for edge in &record.edges {
            let child = next_position(&key, edge.square).map(|p| canonical_position(&p));
            let squares: Vec<Square> = children
                .iter()
                .filter(|(_, c)| *c == child)
                .map(|(square, _)| *square)
                .collect();
            let Some((&square, symmetric)) = squares.split_first() else {
                continue;
            };
            let Some(latest) = self.game(edge.stats.latest) else {
                continue;
            };
            exploration.moves.push(ExploredMove {
                square,
                symmetric: symmetric.to_vec(),
                results: edge.stats.results,
                latest,
                book: book_moves
                    .iter()
                    .find(|m| squares.contains(&m.square))
                    .map(|m| m.score),
            });
        }
        exploration
            .moves
            .sort_by_key(|m| (std::cmp::Reverse(m.results.games), m.square));
        exploration.samples = exploration
            .moves
            .iter()
            .map(|m| Sample {
                game: m.latest,
                square: Some(m.square),
            })
            .collect();
        if let Some(game) = record.ended.and_then(|s| self.game(s.latest)) {
            exploration.samples.push(Sample { game, square: None });
        }
        exploration
    }

    /// [`Explorer::explore`] of the position `game` reaches. When that
    /// position is outside the index but the one before its last move is
    /// in it, and one game played that move there, that game is the one
    /// game that reached it (its moves from there are not in the index).
    pub fn explore_game(&self, game: &Game, book: &Book) -> Exploration {
        let mut exploration = self.explore(&game.position(), book);
        if exploration.indexed {
            return exploration;
        }
        let positions = game.positions();
        let last = game
            .moves()
            .iter()
            .rposition(|mv| matches!(mv, Move::Play(_)));
        let Some((before, Move::Play(square))) = last.map(|i| (positions[i], game.moves()[i]))
        else {
            return exploration;
        };
        let previous = self.explore(&before, book);
        let played = previous
            .moves
            .iter()
            .find(|m| m.square == square || m.symmetric.contains(&square));
        if let Some(m) = played.filter(|m| m.results.games == 1) {
            exploration.results = m.results;
            exploration.samples = vec![Sample {
                game: m.latest,
                square: None,
            }];
        }
        exploration
    }

    /// The record of canonical `key`, if it is in the index.
    fn record(&self, key: &Position) -> Option<file::Record> {
        let mut at = *self.records.get(key)? as usize;
        file::read_record(
            &self.bytes,
            &mut at,
            self.sections.tree.end,
            self.sections.games,
        )
        .ok()
    }
}

/// Reads the record of `key` at `*at` and, depth first, the records after
/// it that its moves lead to.
fn read_subtree(
    bytes: &[u8],
    sections: &file::Sections,
    key: Position,
    at: &mut usize,
    records: &mut Records,
    new: &mut Vec<Square>,
) -> Result<(), ExplorerFileError> {
    let start = *at;
    let invalid = |problem| ExplorerFileError::Invalid {
        section: "tree",
        at: start,
        problem,
    };
    if records.insert(key, start as u32).is_some() {
        return Err(invalid("a position written twice"));
    }
    // The squares of the moves to the records that follow, on top of
    // those of the records above this one.
    let base = new.len();
    file::read_links(bytes, at, sections.tree.end, new)?;
    for index in base..new.len() {
        let child = next_position(&key, new[index]).ok_or(invalid("an illegal move"))?;
        read_subtree(
            bytes,
            sections,
            canonical_position(&child),
            at,
            records,
            new,
        )?;
    }
    new.truncate(base);
    Ok(())
}

/// `position`, with the pass played when the side to move has no move but
/// the game is not over.
pub(crate) fn normalized(position: Position) -> Position {
    if position.board.moves() == 0 && position.board.pass().moves() != 0 {
        Position {
            board: position.board.pass(),
            to_move: position.to_move.opposite(),
        }
    } else {
        position
    }
}

/// The position after `square` in `position`, the next pass played;
/// `None` when the move is not legal.
pub(crate) fn next_position(position: &Position, square: Square) -> Option<Position> {
    let board = position.board.play(square)?;
    Some(normalized(Position {
        board,
        to_move: position.to_move.opposite(),
    }))
}

/// `position` with its board in canonical orientation.
pub(crate) fn canonical_position(position: &Position) -> Position {
    Position {
        board: canonical(&position.board),
        to_move: position.to_move,
    }
}

#[cfg(test)]
mod tests {
    use super::build::{build, SourceGame};
    use super::*;
    use crate::notation::transcript;

    fn source(year: u16, black: u8, white: u8, moves: &str) -> SourceGame {
        let game = transcript::parse(moves).unwrap();
        SourceGame {
            year,
            black_discs: black,
            white_discs: white,
            moves: game
                .moves()
                .iter()
                .filter_map(|m| match m {
                    Move::Play(square) => Some(*square),
                    Move::Pass => None,
                })
                .collect(),
        }
    }

    fn position(moves: &str) -> Position {
        transcript::parse(moves).unwrap().position()
    }

    fn explorer(games: &[SourceGame]) -> Explorer {
        Explorer::read(build(games).unwrap()).unwrap()
    }

    fn names(exploration: &Exploration) -> Vec<(String, u32)> {
        exploration
            .moves
            .iter()
            .map(|m| (m.square.to_string(), m.results.games))
            .collect()
    }

    /// Three games: the first two open f5 d6 and part; the third is the
    /// second's first three moves mirrored in the a8-h1 diagonal (d3 c5 d6
    /// for f5 d6 c5) and ends there.
    fn three_games() -> Vec<SourceGame> {
        vec![
            source(1990, 40, 24, "f5d6c3d3c4"),
            source(1991, 20, 44, "f5d6c5f4"),
            source(1992, 32, 32, "d3c5d6"),
        ]
    }

    #[test]
    fn symmetric_openings_are_one_position() {
        let explorer = explorer(&three_games());
        let start = explorer.explore(&Position::START, Book::embedded());
        assert!(start.indexed);
        assert_eq!(start.results.games, 3);
        assert_eq!(
            (
                start.results.black_wins,
                start.results.draws,
                start.results.white_wins
            ),
            (1, 1, 1)
        );
        // The start is its own mirror image: its four moves are one, named d3.
        assert_eq!(names(&start), vec![("d3".to_string(), 3)]);
        let symmetric: Vec<String> = start.moves[0]
            .symmetric
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(symmetric, ["c4", "f5", "e6"]);
        assert_eq!(start.moves[0].latest.year, 1992);
        // f5 and d3 are the same position: d3c5 is f5d6 mirrored.
        let f5 = explorer.explore(&position("f5"), Book::embedded());
        assert_eq!(names(&f5), vec![("d6".to_string(), 3)]);
        let d3 = explorer.explore(&position("d3"), Book::embedded());
        assert_eq!(names(&d3), vec![("c5".to_string(), 3)]);
        let f5d6 = explorer.explore(&position("f5d6"), Book::embedded());
        assert_eq!(f5d6.results.games, 3);
        assert_eq!(f5d6.results.disc_sum, 16 - 24);
        // c3 for the first game; c5 (f6 from d3c5 mirrored) for the other two.
        assert_eq!(
            names(&f5d6),
            vec![("c5".to_string(), 2), ("c3".to_string(), 1)]
        );
        let c5 = &f5d6.moves[0];
        assert_eq!(c5.results.disc_sum, -24);
        assert_eq!(c5.results.average_disc(), -12.0);
        assert_eq!(f5d6.samples.len(), 2);
        assert_eq!(f5d6.samples[1].game.index, 0);
    }

    #[test]
    fn positions_of_one_game_are_outside_the_index() {
        let explorer = explorer(&three_games());
        assert_eq!(explorer.positions(), 4);
        let after = explorer.explore(&position("f5d6c3"), Book::embedded());
        assert!(!after.indexed);
        assert_eq!(after.results.games, 0);
        // Given the moves, the one game that played c3 is known.
        let game = transcript::parse("f5d6c3").unwrap();
        let after = explorer.explore_game(&game, Book::embedded());
        assert_eq!(after.results.games, 1);
        assert_eq!(after.samples[0].game.index, 0);
        assert_eq!(after.samples[0].game.black_discs, 40);
        let deeper =
            explorer.explore_game(&transcript::parse("f5d6c3d3").unwrap(), Book::embedded());
        assert_eq!(deeper.results.games, 0);
    }

    #[test]
    fn a_position_two_games_reach_from_positions_of_one_is_a_root() {
        // Both reach the tiger, through c3 and through c4: the positions
        // between are one game's each, so no position of the index leads
        // to the tiger, which the file writes as a root of its own.
        let explorer = explorer(&[
            source(2001, 40, 24, "f5d6c3d3c4f4"),
            source(2002, 30, 34, "f5d6c4d3c3b3"),
        ]);
        assert_eq!(explorer.positions(), 4);
        let tiger = explorer.explore(&position("f5d6c4d3c3"), Book::embedded());
        assert!(tiger.indexed);
        assert_eq!(
            names(&tiger),
            vec![("b3".to_string(), 1), ("f4".to_string(), 1)]
        );
        assert_eq!(tiger.results.disc_sum, 16 - 4);
        for line in ["f5d6c3", "f5d6c3d3"] {
            let one = explorer.explore_game(&transcript::parse(line).unwrap(), Book::embedded());
            assert!(!one.indexed, "{line}");
        }
        let one = explorer.explore_game(&transcript::parse("f5d6c4").unwrap(), Book::embedded());
        assert_eq!(one.samples[0].game.year, 2002);
    }

    #[test]
    fn a_position_where_the_side_to_move_must_pass_is_explored_after_the_pass() {
        // The third game of the database passes three times.
        let line = include_str!("../../../../tests/data/wthor-first-games.txt")
            .lines()
            .nth(2)
            .expect("three games");
        let words: Vec<&str> = line.split_whitespace().collect();
        let game = source(
            1977,
            words[1].parse().unwrap(),
            words[2].parse().unwrap(),
            words[3],
        );
        let explorer = explorer(&[game.clone(), game]);
        let played = transcript::parse(words[3]).unwrap();
        let pass = played
            .moves()
            .iter()
            .position(|m| *m == Move::Pass)
            .expect("a pass");
        let positions = played.positions();
        let found = explorer.explore(&positions[pass], Book::embedded());
        assert_eq!(found.position, positions[pass + 1]);
        assert_eq!(found.results.games, 2);
        let Move::Play(next) = played.moves()[pass + 1] else {
            panic!("a move after the pass");
        };
        assert_eq!(found.moves[0].square, next);
        // The end of the game: the games ended there, no move.
        let end = explorer.explore(&played.position(), Book::embedded());
        assert_eq!((end.results.games, end.moves.len()), (2, 0));
        assert_eq!(end.samples[0].square, None);
    }

    #[test]
    fn damaged_files_are_refused() {
        let bytes = build(&three_games()).unwrap();
        assert!(Explorer::read(bytes.clone()).is_ok());
        for at in [0, 8, 12, bytes.len() / 2, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert!(Explorer::read(damaged).is_err(), "byte {at}");
        }
        assert_eq!(
            Explorer::read(bytes[..10].to_vec()).unwrap_err(),
            ExplorerFileError::TooShort { len: 10 }
        );
        assert!(Explorer::read(bytes[..bytes.len() - 1].to_vec()).is_err());
    }

    #[test]
    fn illegal_games_are_refused() {
        let mut game = source(1990, 40, 24, "f5d6");
        game.moves.push("a1".parse().unwrap());
        assert_eq!(
            build(&[game]).unwrap_err(),
            build::BuildError::Illegal {
                game: 0,
                number: 3,
                square: "a1".parse().unwrap()
            }
        );
        assert!(build(&[source(1990, 40, 40, "f5")]).is_err());
    }
}
