//! The endgame trainer's positions (`data/trainer/endgame.obf`, made by
//! `othello trainer build`): every line of the shipped file is a legal
//! position of 10 to 24 empties with every legal move listed once, best
//! first, the best at least 2 discs ahead of the second; a sample of it is
//! solved again, move by move, by searches of the positions after each move
//! (not the analysis that wrote it); and the command, run on a few games,
//! writes positions that solve the same, goes on where it stopped instead
//! of starting again, writes the same file again from its log alone, and
//! says what is wrong with a bad command line.

mod common;

use common::{number, output, repository, run, run_args};
use othello::board::Board;
use othello::clock::NativeClock;
use othello::engine::Engine;
use othello::notation::obf::{self, Obf};
use othello::position::Move;
use othello::search::{Limits, Silent, Solve};
use othello::square::Squares;
use std::collections::HashSet;
use std::process::Command;

/// Reads the OBF lines of `text`, naming the file in a failure.
fn read(text: &str, name: &str) -> Vec<Obf> {
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            obf::parse(line).unwrap_or_else(|e| panic!("{name}:{}: {e}: {line}", index + 1))
        })
        .collect()
}

/// The exact score of every legal move of `board`, each found by an exact
/// search of the position after it (the opponent's score, negated).
fn solved_moves(engine: &mut Engine, board: &Board) -> Vec<(Move, i32)> {
    let exact = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    Squares(board.moves())
        .map(|square| {
            let next = board.play(square).expect("a legal move");
            let found = engine.search(&next, &exact, &NativeClock::new(), &mut Silent);
            (Move::Play(square), -found.score)
        })
        .collect()
}

/// Checks what every trainer position must be; `name` names the file.
fn check_position(entry: &Obf, name: &str) {
    let board = entry.position.board;
    let empties = board.empty_count();
    assert!((10..=24).contains(&empties), "{name}: {empties} empties");
    let legal: HashSet<Move> = Squares(board.moves()).map(Move::Play).collect();
    let listed: Vec<Move> = entry.scores.iter().map(|&(mv, _)| mv).collect();
    let distinct: HashSet<Move> = listed.iter().copied().collect();
    assert_eq!(distinct.len(), listed.len(), "{name}: a move listed twice");
    assert_eq!(
        distinct, legal,
        "{name}: the moves listed are not the legal moves"
    );
    assert!(listed.len() >= 2, "{name}: fewer than two moves");
    let scores: Vec<i32> = entry.scores.iter().map(|&(_, score)| score).collect();
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "{name}: not best first: {scores:?}"
    );
    assert!(
        scores[0] - scores[1] >= 2,
        "{name}: the best is not 2 discs ahead: {scores:?}"
    );
    assert!(
        scores
            .iter()
            .all(|score| score.abs() <= 64 && score % 2 == 0),
        "{name}: {scores:?}"
    );
}

/// Checks that every move's score in `entries` is what the engine finds.
fn check_solved(entries: &[&Obf], name: &str) {
    let mut engine = Engine::new(16);
    for entry in entries {
        let named = |moves: Vec<(Move, i32)>| {
            let mut named: Vec<(String, i32)> = moves
                .into_iter()
                .map(|(mv, s)| (mv.to_string(), s))
                .collect();
            named.sort();
            named
        };
        let expected = named(solved_moves(&mut engine, &entry.position.board));
        assert_eq!(
            named(entry.scores.clone()),
            expected,
            "{name}: {}",
            obf::write_position(&entry.position)
        );
    }
}

#[test]
fn the_shipped_positions_are_legal_best_first_and_solve_the_same() {
    let path = repository("data/trainer/endgame.obf");
    let text = std::fs::read_to_string(&path).expect("data/trainer/endgame.obf");
    let entries = read(&text, "endgame.obf");
    assert!(entries.len() >= 2000, "{} positions", entries.len());
    let mut seen = HashSet::new();
    for (index, entry) in entries.iter().enumerate() {
        let name = format!("endgame.obf:{}", index + 1);
        check_position(entry, &name);
        assert!(
            seen.insert(obf::write_position(&entry.position)),
            "{name}: a position twice"
        );
    }
    // Every band of the page has positions.
    for band in [10..=12, 13..=16, 17..=20, 21..=24] {
        let count = entries
            .iter()
            .filter(|e| band.contains(&e.position.board.empty_count()))
            .count();
        assert!(count > 0, "no positions of {band:?} empties");
    }
    // Twelve positions of 10 to 14 empties, spread through the file, solved again.
    let small: Vec<&Obf> = entries
        .iter()
        .filter(|e| e.position.board.empty_count() <= 14)
        .collect();
    let step = small.len() / 12;
    let sample: Vec<&Obf> = small
        .iter()
        .step_by(step.max(1))
        .take(12)
        .copied()
        .collect();
    assert_eq!(sample.len(), 12);
    check_solved(&sample, "endgame.obf");
}

/// A scratch directory of this test, empty.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("othello-trainer-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A games file of the first `count` games of the database, in `dir`.
fn first_games(dir: &std::path::Path, count: usize) -> std::path::PathBuf {
    let unpacked = Command::new("gzip")
        .arg("-dc")
        .arg(repository("data/wthor-games.txt.gz"))
        .output()
        .expect("gzip runs");
    assert!(unpacked.status.success());
    let text = String::from_utf8(unpacked.stdout).expect("text");
    let path = dir.join("games.txt");
    let lines: Vec<&str> = text.lines().take(count).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn a_build_solves_what_it_writes_and_resumes_where_it_stopped() {
    let dir = scratch("build");
    let games = first_games(&dir, 40);
    let (out, log) = (dir.join("t.obf"), dir.join("t.log"));
    let build = |empties: &str, per: &str| {
        let args = [
            "trainer",
            "build",
            "--games",
            games.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
            "--per-empties",
            per,
            "--empties",
            empties,
            "--seed",
            "3",
        ];
        let lines = run_args(&args).expect("trainer build runs");
        lines.last().cloned().unwrap()
    };
    let first = build("10-11", "1");
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(number::<usize>(&first, "positions"), 2, "{first}");
    assert_eq!(written.lines().count(), 2);
    // Again with more asked for: the first positions stay, the games tried are not tried again.
    let second = build("10-12", "1");
    assert_eq!(number::<usize>(&second, "added"), 1, "{second}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with(&written), "{text}");
    let log_text = std::fs::read_to_string(&log).unwrap();
    let tried: Vec<&str> = log_text
        .lines()
        .skip(1)
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    let distinct: HashSet<&&str> = tried.iter().collect();
    assert_eq!(
        distinct.len(),
        tried.len(),
        "a game tried twice: {log_text}"
    );
    assert_eq!(number::<usize>(&second, "tried_in_all"), tried.len());
    // All there: nothing is solved again.
    let third = build("10-12", "1");
    assert_eq!(number::<usize>(&third, "tried"), 0, "{third}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // Killed while writing a line (of the output, or of the log after it):
    // the part written is dropped and solved again.
    std::fs::write(&out, format!("{text}{}", &text[..40])).unwrap();
    let logged = std::fs::read_to_string(&log).unwrap();
    std::fs::write(&log, format!("{logged}17 1")).unwrap();
    let fourth = build("10-12", "1");
    assert_eq!(number::<usize>(&fourth, "positions"), 3, "{fourth}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    assert_eq!(std::fs::read_to_string(&log).unwrap(), logged);
    // The log alone: the same positions are solved again, the same lines written.
    std::fs::remove_file(&out).unwrap();
    let fifth = build("10-12", "1");
    assert_eq!(number::<usize>(&fifth, "tried"), 0, "{fifth}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    let entries = read(&text, "t.obf");
    for (index, entry) in entries.iter().enumerate() {
        check_position(entry, &format!("t.obf:{}", index + 1));
    }
    check_solved(&entries.iter().collect::<Vec<_>>(), "t.obf");
    // Another seed's log is not taken for this one's.
    let other = run_args(&[
        "trainer",
        "build",
        "--games",
        games.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
        "--seed",
        "4",
    ])
    .unwrap_err();
    assert!(
        other.contains("line 1") && other.contains("seed"),
        "{other}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_command_lines_are_explained() {
    assert_eq!(run("trainer").unwrap_err(), "trainer: expected build");
    assert_eq!(
        run("trainer build --out a --log b").unwrap_err(),
        "trainer build: missing --games <file>"
    );
    assert_eq!(
        run("trainer build --games g --out a --log b --per-empties x").unwrap_err(),
        "trainer build: --per-empties 'x' is not a whole number"
    );
    assert_eq!(
        run("trainer build --games g --out a --log b --empties 8-30").unwrap_err(),
        "trainer build: --empties '8-30' is not LOW-HIGH within 10-24"
    );
    assert_eq!(
        run("trainer build --games g --out a --log a").unwrap_err(),
        "trainer build: --out and --log must be different files"
    );
    assert_eq!(
        run("trainer build --games g --out a --log b --depth 3").unwrap_err(),
        "trainer build: unknown option '--depth' (it takes --games, --out, --log, --per-empties, --empties, --seed and --table-mb)"
    );
    let dir = scratch("bad");
    let missing = dir.join("missing.txt");
    let args = [
        "trainer",
        "build",
        "--games",
        missing.to_str().unwrap(),
        "--out",
        "a",
        "--log",
        "b",
    ];
    let error = run_args(&args).unwrap_err();
    assert!(error.contains("missing.txt"), "{error}");
    assert_eq!(
        output(&args).status.code(),
        Some(1),
        "a missing file: status 1"
    );
    assert_eq!(output(&["trainer"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}
