//! The opening explorer against the games file itself: the committed index
//! (`pkg/explorer.bin`, which the native tool embeds) is what `othello
//! explore build` writes from `data/wthor-games.txt.gz`, and what `othello
//! explore` answers for a few positions equals a recount straight from the
//! games file that shares no code with the explorer: the games are read by
//! `gzip -dc` and replayed move by move, and a position is matched against
//! its eight images computed here square by square.

mod common;

use std::collections::BTreeMap;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use common::{field, output, repository, run, run_args};
use othello::notation::transcript;
use othello::{Color, Move, Position};

/// One game of the file: its final discs and its positions, each with the
/// move played there (`None` at the end).
struct Record {
    black: i32,
    white: i32,
    /// (Black's discs, White's discs, Black to move, the move's square index).
    positions: Vec<(u64, u64, bool, Option<usize>)>,
}

/// Every game of the file, read once.
fn records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut child = Command::new("gzip")
            .arg("-dc")
            .arg(repository("data/wthor-games.txt.gz"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("gzip runs");
        let mut text = String::new();
        child
            .stdout
            .take()
            .expect("gzip's output")
            .read_to_string(&mut text)
            .expect("the games as text");
        assert!(child.wait().expect("gzip ends").success());
        text.lines()
            .map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                let game = transcript::parse(words[3]).expect("a legal game");
                let mut position = Position::START;
                let mut positions = Vec::new();
                for mv in game.moves() {
                    match mv {
                        Move::Play(square) => positions.push((
                            position.black(),
                            position.white(),
                            position.to_move == Color::Black,
                            Some(square.index()),
                        )),
                        Move::Pass => {}
                    }
                    position = position.play(*mv).expect("a legal move");
                }
                positions.push((
                    position.black(),
                    position.white(),
                    position.to_move == Color::Black,
                    None,
                ));
                Record {
                    black: words[1].parse().expect("Black's discs"),
                    white: words[2].parse().expect("White's discs"),
                    positions,
                }
            })
            .collect()
    })
}

/// Square `index` under symmetry `s`: bit 0 mirrors the columns, bit 1
/// the rows, bit 2 then swaps column and row.
fn image_square(s: usize, index: usize) -> usize {
    let (mut column, mut row) = (index % 8, index / 8);
    if s & 1 != 0 {
        column = 7 - column;
    }
    if s & 2 != 0 {
        row = 7 - row;
    }
    if s & 4 != 0 {
        (column, row) = (row, column);
    }
    row * 8 + column
}

fn image_bits(s: usize, bits: u64) -> u64 {
    (0..64)
        .filter(|&i| bits >> i & 1 != 0)
        .fold(0, |image, i| image | 1 << image_square(s, i))
}

/// The square under symmetry `s` is `index`: its preimage.
fn preimage_square(s: usize, index: usize) -> usize {
    (0..64)
        .find(|&i| image_square(s, i) == index)
        .expect("a bijection")
}

/// Results: games, Black's wins, draws, White's wins, disc sum, latest game.
#[derive(Debug, Default, PartialEq, Eq, Clone, Copy)]
struct Tally(u32, u32, u32, u32, i64, usize);

impl Tally {
    fn add(&mut self, game: usize, black: i32, white: i32) {
        self.0 += 1;
        self.1 += u32::from(black > white);
        self.2 += u32::from(black == white);
        self.3 += u32::from(black < white);
        self.4 += i64::from(black - white);
        self.5 = self.5.max(game);
    }
}

/// The games that reached the position after `moves` in any orientation,
/// and the moves they played there, named in its orientation (the first
/// image that matches gives the name).
fn recount(moves: &str) -> (Tally, BTreeMap<usize, Tally>) {
    let target = transcript::parse(moves).expect("a transcript").position();
    let images: Vec<(u64, u64)> = (0..8)
        .map(|s| (image_bits(s, target.black()), image_bits(s, target.white())))
        .collect();
    let black_to_move = target.to_move == Color::Black;
    let discs = (target.black() | target.white()).count_ones();
    let mut total = Tally::default();
    let mut by_move = BTreeMap::new();
    for (game, record) in records().iter().enumerate() {
        let Some((s, played)) =
            record
                .positions
                .iter()
                .find_map(|&(black, white, to_move, played)| {
                    if to_move != black_to_move || (black | white).count_ones() != discs {
                        return None;
                    }
                    images
                        .iter()
                        .position(|&image| image == (black, white))
                        .map(|s| (s, played))
                })
        else {
            continue;
        };
        total.add(game, record.black, record.white);
        if let Some(square) = played {
            by_move
                .entry(preimage_square(s, square))
                .or_insert_with(Tally::default)
                .add(game, record.black, record.white);
        }
    }
    (total, by_move)
}

fn square_name(index: usize) -> String {
    format!("{}{}", (b'a' + (index % 8) as u8) as char, index / 8 + 1)
}

/// The summary line of `othello explore <moves>`.
fn explore(moves: &str) -> String {
    let lines = run_args(&["explore", moves]).expect("explore runs");
    lines.last().expect("a summary").clone()
}

fn tally_of(value: &serde_json::Value) -> (u32, u32, u32, u32) {
    let number = |key: &str| value[key].as_u64().expect("a count") as u32;
    (
        number("games"),
        number("blackWins"),
        number("draws"),
        number("whiteWins"),
    )
}

/// Asserts that the explorer's answer for `moves` is the recount's.
fn assert_recounted(moves: &str) -> (Tally, usize) {
    let (total, by_move) = recount(moves);
    let summary: serde_json::Value = serde_json::from_str(&explore(moves)).expect("JSON");
    assert_eq!(
        tally_of(&summary),
        (total.0, total.1, total.2, total.3),
        "{moves}: the games that reached it"
    );
    let listed = summary["moves"].as_array().expect("moves");
    assert_eq!(listed.len(), by_move.len(), "{moves}: the moves played");
    for entry in listed {
        let name = entry["move"].as_str().expect("a move");
        let (&square, tally) = by_move
            .iter()
            .find(|(&square, _)| square_name(square) == name)
            .unwrap_or_else(|| panic!("{moves}: {name} was not played"));
        assert_eq!(
            tally_of(entry),
            (tally.0, tally.1, tally.2, tally.3),
            "{moves} {name}"
        );
        let average = (tally.4 as f64 / f64::from(tally.0) * 100.0).round() / 100.0;
        assert_eq!(
            entry["averageDisc"].as_f64(),
            Some(average),
            "{moves} {name}"
        );
        let sample = summary["samples"]
            .as_array()
            .expect("samples")
            .iter()
            .find(|s| s["move"].as_str() == Some(name))
            .expect("a sample of each move");
        assert_eq!(
            sample["game"].as_u64(),
            Some(tally.5 as u64),
            "{moves} {name}: the latest game"
        );
        assert_eq!(name, square_name(square));
    }
    let counts: Vec<u64> = listed
        .iter()
        .map(|m| m["games"].as_u64().unwrap())
        .collect();
    assert!(
        counts.windows(2).all(|w| w[0] >= w[1]),
        "{moves}: most played first"
    );
    (total, by_move.len())
}

#[test]
fn the_committed_index_is_the_build_of_the_games_file() {
    let out = std::env::temp_dir().join(format!("explorer-{}.bin", std::process::id()));
    let lines = run_args(&[
        "explore",
        "build",
        "--games",
        repository("data/wthor-games.txt.gz").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
    .expect("explore build runs");
    let built = std::fs::read(&out).expect("the index written");
    std::fs::remove_file(&out).ok();
    let summary = lines.last().unwrap();
    assert_eq!(field(summary, "games"), records().len());
    assert_eq!(field(summary, "bytes"), built.len());
    let committed = std::fs::read(repository("pkg/explorer.bin")).expect("pkg/explorer.bin");
    assert!(
        built == committed,
        "pkg/explorer.bin is not the build of data/wthor-games.txt.gz: run the command of docs/explorer.md"
    );
}

#[test]
fn counts_equal_a_recount_from_the_games_file() {
    // The tiger (50,188 games), a position reached by many move orders,
    // and one of three games, reached by three.
    let (tiger, moves) = assert_recounted("f5d6c3d3c4");
    assert!(tiger.0 > 10_000 && moves > 3, "{tiger:?}");
    let (transposed, _) = assert_recounted("f5f6e6f4e3c5c6d3f3d2e2");
    let (deep, _) = assert_recounted("f5f6e6f4g5h6g6d6h5h4");
    assert!(transposed.0 >= 2 && deep.0 >= 2);
    // The tiger in another orientation: its moves named in that one.
    let (mirrored, _) = assert_recounted("e6f4c3c4d3");
    assert_eq!(mirrored, tiger);
}

#[test]
fn the_start_is_every_game_and_its_four_moves_are_one() {
    let summary: serde_json::Value = serde_json::from_str(&explore("")).expect("JSON");
    let games = records().len() as u64;
    assert_eq!(summary["games"].as_u64(), Some(games));
    let moves = summary["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "d3");
    assert_eq!(moves[0]["symmetric"], serde_json::json!(["c4", "f5", "e6"]));
    assert_eq!(moves[0]["games"].as_u64(), Some(games));
    let black_wins = records().iter().filter(|r| r.black > r.white).count() as u64;
    assert_eq!(summary["blackWins"].as_u64(), Some(black_wins));
}

#[test]
fn a_position_one_game_reached_is_that_game_after_a_move_from_the_index() {
    let line = "f5d6c3d3c4f4f6";
    let (_, by_move) = recount(line);
    let (&square, tally) = by_move
        .iter()
        .find(|(_, t)| t.0 == 1)
        .expect("a move one game played");
    let after = format!("{line}{}", square_name(square));
    let (total, _) = recount(&after);
    assert_eq!(total, *tally, "that game alone reached it");
    let summary: serde_json::Value = serde_json::from_str(&explore(&after)).expect("JSON");
    assert_eq!(tally_of(&summary), (1, tally.1, tally.2, tally.3));
    assert_eq!(summary["samples"][0]["game"].as_u64(), Some(tally.5 as u64));
    assert_eq!(summary["moves"], serde_json::json!([]));
    // The same position as a board alone: outside the index, no move known.
    let board =
        othello::notation::obf::write_position(&transcript::parse(&after).unwrap().position());
    let summary = explore(&board);
    assert_eq!(field(&summary, "games"), 0);
    assert_eq!(field(&summary, "samples"), serde_json::json!([]));
}

#[test]
fn bad_command_lines_are_explained() {
    assert_eq!(
        run("explore").unwrap_err(),
        "explore: missing <position or transcript>"
    );
    assert_eq!(
        run("explore f5 --depth 3").unwrap_err(),
        "explore: unknown option '--depth' (it takes no options)"
    );
    assert!(run("explore f5f5").unwrap_err().starts_with("explore: "));
    assert!(run("explore f5 --board 96")
        .unwrap_err()
        .contains("not available on the 96-square board"));
    assert_eq!(
        run("explore build --out x").unwrap_err(),
        "explore build: missing --games <file>"
    );
    let status = output(&["explore", "f5f5"]).status.code();
    assert_eq!(status, Some(1), "input the engine cannot read: status 1");
    assert_eq!(output(&["explore"]).status.code(), Some(2));
}
