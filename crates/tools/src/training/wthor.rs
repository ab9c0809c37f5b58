//! The game database in `data/wthor-games.txt.gz`: one game per
//! line, `year black-discs white-discs moves` (moves as a transcript).

use othello_cli::{CliError, CliResult};
use std::io::{BufRead, BufReader};

use othello::board::Board;
use othello::notation::transcript;
use othello::position::Move;
use othello::square::Square;

/// One game of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Year the game was played.
    pub year: u16,
    /// Black's discs at the end, as the database gives them.
    pub black: u8,
    /// White's discs at the end.
    pub white: u8,
    /// The moves played, passes left out.
    pub moves: Vec<Square>,
}

/// A position of a game: the board before a move, relative to the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GamePosition {
    /// The board, side to move first.
    pub board: Board,
    /// The move the game played there (`None` at the end of the game).
    pub played: Option<Square>,
}

/// Reads games from text (`year black white moves` per line); a line that
/// cannot be read is reported with its number.
pub fn parse_games(reader: impl BufRead) -> CliResult<Vec<GameRecord>> {
    let mut games = Vec::new();
    for (number, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| CliError::file(format!("games: line {}", number + 1), e))?;
        if line.trim().is_empty() {
            continue;
        }
        games.push(
            parse_line(&line)
                .map_err(|e| CliError::input(format!("games: line {}", number + 1), e))?,
        );
    }
    Ok(games)
}

fn parse_line(line: &str) -> CliResult<GameRecord> {
    let mut words = line.split_whitespace();
    let mut number = |what: &str| -> CliResult<u16> {
        let word = words
            .next()
            .ok_or_else(|| CliError::invalid("", format!("missing {what}")))?;
        word.parse()
            .map_err(|_| CliError::invalid("", format!("{what} '{word}' is not a number")))
    };
    let year = number("year")?;
    let black = number("black discs")? as u8;
    let white = number("white discs")? as u8;
    let text = words.next().unwrap_or("");
    let game = transcript::parse(text).map_err(|e| CliError::input("", e))?;
    let moves = game
        .moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Play(square) => Some(*square),
            Move::Pass => None,
        })
        .collect();
    Ok(GameRecord {
        year,
        black,
        white,
        moves,
    })
}

/// Reads the gzipped database at `path`.
pub fn read_games(path: &str) -> CliResult<Vec<GameRecord>> {
    parse_games(BufReader::new(
        super::open_text(path).map_err(|e| e.within("games"))?,
    ))
}

impl GameRecord {
    /// The positions of the game in order, from the start to the last
    /// position (passes are played silently: a position is always one where
    /// the side to move has a move, or the final one).
    pub fn positions(&self) -> Vec<GamePosition> {
        let mut board = Board::START;
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        for &square in &self.moves {
            if board.moves() == 0 {
                board = board.pass();
            }
            out.push(GamePosition {
                board,
                played: Some(square),
            });
            board = board
                .play(square)
                .expect("transcript::parse checked every move");
        }
        if board.moves() == 0 && !board.is_game_over() {
            board = board.pass();
        }
        out.push(GamePosition {
            board,
            played: None,
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_line_replays_to_its_final_score() {
        let line = "1977 34 30 f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1";
        let games = parse_games(line.as_bytes()).unwrap();
        let positions = games[0].positions();
        assert_eq!(positions.len(), 61);
        let last = positions.last().unwrap().board;
        assert!(last.is_game_over());
        assert_eq!(last.player.count_ones() + last.opponent.count_ones(), 64);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let error = parse_games("1977 34 30 f5d6\n1977 x 30 f5".as_bytes())
            .unwrap_err()
            .to_string();
        assert!(error.contains("line 2") && error.contains("'x'"), "{error}");
        let error = parse_games("1977 34 30 f5f5".as_bytes())
            .unwrap_err()
            .to_string();
        assert!(error.contains("line 1"), "{error}");
    }
}
