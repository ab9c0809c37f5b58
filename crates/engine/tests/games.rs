//! Proves the rules and notations on real tournament games from
//! `data/wthor-games.txt.gz` (the first 20,000 and the last 2,000):
//! every transcript replays legally, at least 95% of the games end with
//! neither side able to move and all of those score as recorded (Black minus
//! White, empties to the winner); the transcript, GGF and OBF writers round
//! trip; and each game played under any of the 8 symmetries from the
//! transformed start ends with the same disc counts.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use othello::notation::{ggf, obf, transcript};
use othello::symmetry::Symmetry;
use othello::{Color, Game, Move, Position, Status};

const GAMES_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/wthor-games.txt.gz");
const FIRST: usize = 20_000;
const LAST: usize = 2_000;
/// Games replayed under every symmetry.
const SYMMETRY_GAMES: usize = 1_000;

/// One line of the file: `year black_discs white_discs moves`.
struct Record {
    line: usize,
    black: i32,
    white: i32,
    moves: String,
}

/// The first [`FIRST`] and last [`LAST`] records, decompressed once by `gzip -dc`.
fn records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut child = Command::new("gzip")
            .arg("-dc")
            .arg(GAMES_FILE)
            .stdout(Stdio::piped())
            .spawn()
            .expect("cannot run gzip");
        let reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = Vec::with_capacity(FIRST);
        let mut last = VecDeque::with_capacity(LAST + 1);
        for (index, line) in reader.lines().enumerate() {
            let line = line.expect("gzip output is not text");
            let record = parse_record(index + 1, &line);
            if first.len() < FIRST {
                first.push(record);
            } else {
                last.push_back(record);
                if last.len() > LAST {
                    last.pop_front();
                }
            }
        }
        assert!(child.wait().unwrap().success(), "gzip failed");
        assert_eq!(first.len(), FIRST, "file is shorter than expected");
        first.extend(last);
        first
    })
}

fn parse_record(line: usize, text: &str) -> Record {
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(fields.len(), 4, "line {line}: '{text}'");
    let number = |i: usize| -> i32 {
        fields[i]
            .parse()
            .unwrap_or_else(|_| panic!("line {line}: bad number '{}'", fields[i]))
    };
    let _year = number(0);
    Record {
        line,
        black: number(1),
        white: number(2),
        moves: fields[3].to_string(),
    }
}

fn replay(record: &Record) -> Game {
    transcript::parse(&record.moves).unwrap_or_else(|error| panic!("line {}: {error}", record.line))
}

#[test]
fn games_replay_and_finished_games_score_as_recorded() {
    let (mut over, mut not_over) = (0usize, 0usize);
    for record in records() {
        let position = replay(record).position();
        if position.status() == Status::GameOver {
            over += 1;
            assert_eq!(
                position.final_score(),
                record.black - record.white,
                "line {}: final score",
                record.line
            );
        } else {
            not_over += 1;
        }
    }
    let total = over + not_over;
    println!("{total} games: {over} finished, {not_over} not finished");
    assert!(over * 100 >= total * 95, "only {over} of {total} finished");
}

#[test]
fn notations_round_trip() {
    for record in records() {
        let game = replay(record);
        let context = format!("line {}", record.line);
        assert_eq!(
            transcript::write(&game),
            record.moves.to_lowercase(),
            "{context}"
        );

        let ggf_record = ggf::GgfGame {
            game: game.clone(),
            tags: vec![("PC".to_string(), "WTHOR".to_string())],
        };
        let text = ggf::write(&ggf_record);
        let parsed = ggf::parse(&text).unwrap_or_else(|e| panic!("{context}: {e}\n{text}"));
        assert_eq!(parsed, ggf_record, "{context}: ggf");

        for position in game.positions().iter().step_by(10) {
            let line = obf::write_position(position);
            let parsed = obf::parse(&line).unwrap_or_else(|e| panic!("{context}: {e}\n{line}"));
            assert_eq!(parsed.position, *position, "{context}: {line}");
            assert!(parsed.scores.is_empty());
        }
    }
}

#[test]
fn symmetric_games_end_with_the_same_discs() {
    for record in &records()[..SYMMETRY_GAMES] {
        let game = replay(record);
        let end = game.position();
        for symmetry in Symmetry::ALL {
            let start = Position {
                board: symmetry.board(&Position::START.board),
                to_move: Color::Black,
            };
            let moves: String = game
                .moves()
                .iter()
                .filter_map(|mv| match mv {
                    Move::Play(square) => Some(symmetry.square(*square).to_string()),
                    Move::Pass => None,
                })
                .collect();
            let image = transcript::parse_from(start, &moves)
                .unwrap_or_else(|e| panic!("line {} {symmetry:?}: {e}", record.line));
            let image_end = image.position();
            let context = format!("line {} {symmetry:?}", record.line);
            assert_eq!(image.moves().len(), game.moves().len(), "{context}: passes");
            assert_eq!(
                image_end.black().count_ones(),
                end.black().count_ones(),
                "{context}"
            );
            assert_eq!(
                image_end.white().count_ones(),
                end.white().count_ones(),
                "{context}"
            );
            assert_eq!(image_end.board, symmetry.board(&end.board), "{context}");
            assert_eq!(image_end.to_move, end.to_move, "{context}");
        }
    }
}
