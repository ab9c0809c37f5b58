//! `explore <position or transcript>`: the tournament games that reached a
//! position (by any move order, in any orientation) and the moves they
//! played there, from the opening explorer's index, which the host gives
//! ([`Host::explorer`]). `explore build`, which writes the index, is the
//! native tool's.

use othello::book::Book;
use othello::explorer::{Exploration, Explorer};
use othello::notation;
use othello::Game;
use serde::Serialize;

use super::args::{Command, Word};
use super::{summary, CliError, CliResult, Host};

/// What the explorer says about a position: the object the package's
/// `explore()` returns (`Exploration` in `pkg/index.d.ts`) and the
/// summary line of `explore`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplorationSummary {
    /// Games that reached the position: 0 for one outside the index (fewer
    /// than two games), 1 when a transcript's last move leads there from a
    /// position of the index and one game played it.
    pub games: u32,
    /// Those Black won (more discs at the end).
    pub black_wins: u32,
    /// Those drawn.
    pub draws: u32,
    /// Those White won.
    pub white_wins: u32,
    /// Their mean final disc difference, Black minus White, to 0.01.
    pub average_disc: f64,
    /// The moves they played there, most played first.
    pub moves: Vec<MoveSummary>,
    /// A few of the games: the most recent of each move, then of those
    /// that ended there.
    pub samples: Vec<SampleSummary>,
}

/// A move games played (`ExploredMove`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveSummary {
    /// The square, in the orientation of the position given.
    #[serde(rename = "move")]
    pub mv: String,
    /// Games that played it.
    pub games: u32,
    /// Those Black won.
    pub black_wins: u32,
    /// Those drawn.
    pub draws: u32,
    /// Those White won.
    pub white_wins: u32,
    /// Their mean final disc difference, Black minus White, to 0.01.
    pub average_disc: f64,
    /// The opening book's value of the move for the side to move, in
    /// discs; `None` (`null`) when the book does not have it.
    pub book: Option<i32>,
    /// The other squares that lead to the same position (a position that
    /// is its own mirror image); empty otherwise.
    pub symmetric: Vec<String>,
}

/// A game that reached the position (`ExploredGame`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SampleSummary {
    /// Its number: its line in `data/wthor-games.txt.gz`, 0 for the first.
    pub game: u32,
    /// The year it was played.
    pub year: u16,
    /// Black's discs at the end.
    pub black_discs: u8,
    /// White's discs at the end.
    pub white_discs: u8,
    /// The move of `moves` it played there; `None` (`null`) when it ended
    /// there or its move is not in the index.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

impl ExplorationSummary {
    /// The summary of `exploration`.
    pub fn of(exploration: &Exploration) -> ExplorationSummary {
        let results = &exploration.results;
        ExplorationSummary {
            games: results.games,
            black_wins: results.black_wins,
            draws: results.draws,
            white_wins: results.white_wins,
            average_disc: summary::round_to(results.average_disc(), 2),
            moves: exploration
                .moves
                .iter()
                .map(|m| MoveSummary {
                    mv: m.square.to_string(),
                    games: m.results.games,
                    black_wins: m.results.black_wins,
                    draws: m.results.draws,
                    white_wins: m.results.white_wins,
                    average_disc: summary::round_to(m.results.average_disc(), 2),
                    book: m.book,
                    symmetric: m.symmetric.iter().map(|s| s.to_string()).collect(),
                })
                .collect(),
            samples: exploration
                .samples
                .iter()
                .map(|s| SampleSummary {
                    game: s.game.index,
                    year: s.game.year,
                    black_discs: s.game.black_discs,
                    white_discs: s.game.white_discs,
                    mv: s.square.map(|square| square.to_string()),
                })
                .collect(),
        }
    }
}

/// What the games say about the position `game` reaches
/// ([`Explorer::explore_game`], with the embedded book's values).
pub fn explore_game(explorer: &Explorer, game: &Game) -> ExplorationSummary {
    ExplorationSummary::of(&explorer.explore_game(game, Book::embedded()))
}

/// `explore <position or transcript>`; `None` for `explore build`, which
/// only the native tool runs.
pub fn run_explore(args: &[String], host: &mut dyn Host) -> Option<CliResult> {
    if args.first().map(String::as_str) == Some("build") {
        return None;
    }
    Some(explore(args, host))
}

/// `explore`.
pub(crate) const EXPLORE: Command = Command {
    name: "explore",
    about: "the tournament games that reached a position and the moves they played there",
    usage: &["explore <position or transcript>"],
    notes: "The games are found by any move order and in any orientation: games, results, mean disc difference\nand the book's value of each move played (docs/explorer.md).",
    flags: &[],
};

fn explore(args: &[String], host: &mut dyn Host) -> CliResult {
    let mut words = Vec::new();
    for word in EXPLORE.parse(args)? {
        match word {
            Word::Positional(text) => words.push(text),
            other => return Err(EXPLORE.unexpected(&other)),
        }
    }
    if words.is_empty() {
        return Err(EXPLORE.error("missing <position or transcript>"));
    }
    let explorer = host.explorer()?;
    let game = notation::parse_game(&words.join(" ")).map_err(|e| CliError::input("explore", e))?;
    let found = explore_game(&explorer, &game);
    host.print(&format!(
        "{} games: Black won {}, {} drawn, White won {}; mean disc difference {:+.2}{}",
        found.games,
        found.black_wins,
        found.draws,
        found.white_wins,
        found.average_disc,
        if found.games < explorer.min_games() {
            format!(
                " (the index holds the positions of {} games or more)",
                explorer.min_games()
            )
        } else {
            String::new()
        }
    ));
    for m in &found.moves {
        let book = m
            .book
            .map_or_else(|| "-".to_string(), |value| format!("{value:+}"));
        let also = if m.symmetric.is_empty() {
            String::new()
        } else {
            format!("  (= {})", m.symmetric.join(" "))
        };
        host.print(&format!(
            "{:<3} {:>7} games  {:>6} {:>5} {:>6}  mean {:+6.2}  book {:>3}{also}",
            m.mv, m.games, m.black_wins, m.draws, m.white_wins, m.average_disc, book
        ));
    }
    for sample in &found.samples {
        host.print(&format!(
            "game {} ({}) {}-{}{}",
            sample.game,
            sample.year,
            sample.black_discs,
            sample.white_discs,
            sample
                .mv
                .as_ref()
                .map_or(String::new(), |mv| format!(", played {mv}"))
        ));
    }
    #[derive(Serialize)]
    struct ExploreSummary<'a> {
        command: &'static str,
        #[serde(flatten)]
        found: &'a ExplorationSummary,
    }
    host.print(&summary::line(&ExploreSummary {
        command: "explore",
        found: &found,
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use othello::clock::Clock;
    use othello::explorer::build::{build, SourceGame};
    use othello::explorer::Explorer;

    use crate::{run, CliError, CliResult, Host};

    struct Frozen;

    impl Clock for Frozen {
        fn now_ms(&self) -> f64 {
            0.0
        }
    }

    /// Records the lines; has the explorer given, if any.
    struct Recorder(Vec<String>, Option<Arc<Explorer>>);

    impl Host for Recorder {
        fn print(&mut self, line: &str) {
            self.0.push(line.to_string());
        }

        fn read_file(&mut self, path: &str) -> CliResult<String> {
            Err(CliError::file(path, "no files here"))
        }

        fn explorer(&mut self) -> CliResult<Arc<Explorer>> {
            self.1.clone().ok_or_else(|| CliError::failed("no index"))
        }
    }

    fn game(year: u16, black: u8, white: u8, moves: &str) -> SourceGame {
        SourceGame {
            year,
            black_discs: black,
            white_discs: white,
            moves: moves
                .as_bytes()
                .chunks(2)
                .map(|pair| std::str::from_utf8(pair).unwrap().parse().unwrap())
                .collect(),
        }
    }

    fn run_line(line: &str, explorer: Option<Arc<Explorer>>) -> Result<Vec<String>, CliError> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        let mut recorder = Recorder(Vec::new(), explorer);
        run(&args, &mut recorder, &Frozen).map(|()| recorder.0)
    }

    #[test]
    fn explore_lists_the_moves_and_ends_with_the_exploration() {
        let bytes = build(&[
            game(1990, 40, 24, "f5d6c3"),
            game(1991, 20, 44, "f5d6c5"),
            game(1992, 33, 31, "f5f6"),
        ])
        .unwrap();
        let explorer = Arc::new(Explorer::read(bytes).unwrap());
        let lines = run_line("explore f5", Some(explorer)).unwrap();
        assert_eq!(
            lines[0],
            "3 games: Black won 2, 0 drawn, White won 1; mean disc difference -2.00"
        );
        assert!(lines[1].starts_with("d6        2 games"), "{}", lines[1]);
        let summary: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
        assert_eq!(summary["command"], "explore");
        assert_eq!(
            [
                &summary["games"],
                &summary["blackWins"],
                &summary["draws"],
                &summary["whiteWins"]
            ],
            [3, 2, 0, 1]
        );
        assert_eq!(summary["averageDisc"], -2.0);
        let f5 = othello::notation::transcript::parse("f5")
            .unwrap()
            .position();
        let book = othello::book::Book::embedded().moves(&f5.board);
        let book_value = |name: &str| {
            book.iter()
                .find(|m| m.square.to_string() == name)
                .map_or(serde_json::Value::Null, |m| m.score.into())
        };
        assert_eq!(
            summary["moves"],
            serde_json::json!([
                { "move": "d6", "games": 2, "blackWins": 1, "draws": 0, "whiteWins": 1, "averageDisc": -4.0,
                  "book": book_value("d6"), "symmetric": [] },
                { "move": "f6", "games": 1, "blackWins": 1, "draws": 0, "whiteWins": 0, "averageDisc": 2.0,
                  "book": book_value("f6"), "symmetric": [] },
            ])
        );
        assert_eq!(
            summary["samples"],
            serde_json::json!([
                { "game": 1, "year": 1991, "blackDiscs": 20, "whiteDiscs": 44, "move": "d6" },
                { "game": 2, "year": 1992, "blackDiscs": 33, "whiteDiscs": 31, "move": "f6" },
            ])
        );
    }

    #[test]
    fn explore_without_an_index_or_a_position_says_so() {
        assert_eq!(
            run_line("explore f5", None).unwrap_err().to_string(),
            "no index"
        );
        let error = run_line("explore", None).unwrap_err();
        assert!(error.is_usage());
        assert_eq!(
            error.to_string(),
            "explore: missing <position or transcript>"
        );
        assert_eq!(
            run_line("explore build", None).unwrap_err().to_string(),
            "explore build: only the native tool (cargo build --release; target/release/othello) runs it"
        );
    }
}
