//! Proves the multi-line analysis (`Engine::analyze_lines`, `Limits::lines`)
//! against data and searches it does not share code with:
//!
//! - at a fixed depth its lines are the best moves of the analysis of every
//!   move at that depth, with the same scores, on positions of WTHOR games;
//! - solving, its lines are the best moves of the FFO files with their
//!   published scores (exactly, and in sign for win/loss/draw), on one
//!   thread and on several;
//! - one line is the search `Engine::search` makes (the same move, score,
//!   line and nodes);
//! - every iteration reports all its lines, best first, and an analysis
//!   stopped early still gives them;
//! - a position with fewer moves than lines, and a forced pass, give what
//!   they have.

use std::path::PathBuf;

use othello::clock::NativeClock;
use othello::engine::Engine;
use othello::notation::{obf, parse_game};
use othello::score::ScoreKind;
use othello::search::{Limits, Line, Observer, Progress, Silent, Solve, MAX_LINES};
use othello::{Board, Move, Status};

/// A file of `tests/data`.
fn data(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The positions of an FFO file with the scores it gives every move.
fn ffo(file: &str) -> Vec<obf::Obf> {
    data(&format!("ffo/{file}"))
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| obf::parse(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// Positions of the first WTHOR games after 12, 24 and 36 moves.
fn wthor_positions() -> Vec<Board> {
    let games = data("wthor-first-games.txt");
    let mut boards = Vec::new();
    for line in games.lines().take(3) {
        let moves = line.split_whitespace().last().expect("a transcript");
        for plies in [12, 24, 36] {
            let board = parse_game(&moves[..2 * plies])
                .unwrap_or_else(|e| panic!("{line}: {e}"))
                .position()
                .board;
            boards.push(board);
        }
    }
    boards
}

fn lines_limits(lines: u32, base: Limits) -> Limits {
    Limits { lines, ..base }
}

fn depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn solve(solve: Solve) -> Limits {
    Limits {
        solve,
        ..Limits::default()
    }
}

fn analyze_lines(engine: &mut Engine, board: &Board, limits: &Limits) -> Progress {
    engine.analyze_lines(board, limits, &NativeClock::new(), &mut Silent)
}

/// Whether `pv` is a sequence of legal moves (passes included) from `board`.
fn is_playable(board: &Board, pv: &[Move]) -> bool {
    let mut current = *board;
    for &mv in pv {
        current = match mv {
            Move::Play(square) => match current.play(square) {
                Some(next) => next,
                None => return false,
            },
            Move::Pass if current.status() == Status::MustPass => current.pass(),
            Move::Pass => return false,
        };
    }
    true
}

/// Checks what every result's lines must be: as many as asked (or the
/// moves), best first, the first the result's move, score and line, each
/// line starting with its move and playable.
fn check_shape(board: &Board, result: &Progress, wanted: usize) {
    let moves = board.moves().count_ones().max(1) as usize;
    assert_eq!(result.lines.len(), wanted.min(moves), "{result:?}");
    let first = &result.lines[0];
    assert_eq!(
        (Some(first.mv), first.score, &first.pv),
        (result.best, result.score, &result.pv)
    );
    for pair in result.lines.windows(2) {
        assert!(pair[0].score >= pair[1].score, "{:?}", result.lines);
    }
    for line in &result.lines {
        assert_eq!(line.pv.first(), Some(&line.mv), "{line:?}");
        assert!(is_playable(board, &line.pv), "{line:?}");
        assert_eq!(
            (line.kind, line.depth, line.confidence),
            (result.kind, result.depth, result.confidence)
        );
    }
    let mut distinct: Vec<Move> = result.lines.iter().map(|l| l.mv).collect();
    distinct.sort_by_key(|m| m.to_string());
    distinct.dedup();
    assert_eq!(distinct.len(), result.lines.len(), "{:?}", result.lines);
}

#[test]
fn at_a_fixed_depth_the_lines_are_the_best_moves_of_the_whole_analysis() {
    let clock = NativeClock::new();
    for board in wthor_positions() {
        let every = Engine::new(16).analyze(&board, &depth(6), &clock, &mut Silent);
        let mut scores: Vec<i32> = every.moves.iter().map(|m| m.score).collect();
        scores.sort_by_key(|&s| std::cmp::Reverse(s));
        for wanted in [2, 3, MAX_LINES] {
            let result = analyze_lines(
                &mut Engine::new(16),
                &board,
                &lines_limits(wanted, depth(6)),
            );
            check_shape(&board, &result, wanted as usize);
            assert_eq!((result.kind, result.depth), (ScoreKind::Depth, 6));
            let found: Vec<i32> = result.lines.iter().map(|l| l.score).collect();
            assert_eq!(found, scores[..found.len()], "{wanted} lines: {board:?}");
            // Each line's move has that score in the analysis (among equal
            // scores at the last line, either move may be shown).
            for line in &result.lines {
                let analysed = every.moves.iter().find(|m| m.mv == line.mv);
                assert_eq!(analysed.map(|m| m.score), Some(line.score), "{line:?}");
            }
        }
    }
}

/// Checks solved lines against an FFO position: the file's best scores, and
/// each line's move with its score in the file (in sign for `wld`).
fn check_solved(position: &obf::Obf, result: &Progress, wanted: usize, wld: bool) {
    let board = &position.position.board;
    check_shape(board, result, wanted);
    let sign = |s: i32| if wld { s.signum() } else { s };
    let expected: Vec<i32> = position
        .scores
        .iter()
        .take(result.lines.len())
        .map(|&(_, s)| sign(s))
        .collect();
    let found: Vec<i32> = result.lines.iter().map(|l| sign(l.score)).collect();
    assert_eq!(found, expected, "{:?}", position.position);
    for line in &result.lines {
        let published = position.scores.iter().find(|&&(mv, _)| mv == line.mv);
        assert_eq!(
            published.map(|&(_, s)| sign(s)),
            Some(sign(line.score)),
            "{line:?}"
        );
    }
}

#[test]
fn solving_the_lines_are_the_ffo_files_best_moves_with_their_scores() {
    for position in ffo("fforum-1-19.obf").iter().take(6) {
        let board = &position.position.board;
        let exact = analyze_lines(
            &mut Engine::new(16),
            board,
            &lines_limits(3, solve(Solve::Exact)),
        );
        assert_eq!(exact.kind, ScoreKind::Exact);
        assert_eq!(exact.depth, board.empty_count());
        check_solved(position, &exact, 3, false);
        let wld = analyze_lines(
            &mut Engine::new(16),
            board,
            &lines_limits(3, solve(Solve::WinLossDraw)),
        );
        assert_eq!(wld.kind, ScoreKind::WinLossDraw);
        check_solved(position, &wld, 3, true);
    }
}

#[test]
fn lines_on_several_threads_are_those_of_one() {
    for position in ffo("fforum-1-19.obf").iter().skip(6).take(4) {
        let mut engine = Engine::new(16);
        engine.set_threads(3);
        let result = analyze_lines(
            &mut engine,
            &position.position.board,
            &lines_limits(4, solve(Solve::Exact)),
        );
        check_solved(position, &result, 4, false);
    }
    for board in wthor_positions().into_iter().step_by(2) {
        let limits = lines_limits(3, depth(7));
        let alone = analyze_lines(&mut Engine::new(16), &board, &limits);
        let mut engine = Engine::new(16);
        engine.set_threads(3);
        let shared = analyze_lines(&mut engine, &board, &limits);
        let scores = |p: &Progress| p.lines.iter().map(|l| l.score).collect::<Vec<_>>();
        assert_eq!(scores(&shared), scores(&alone), "{board:?}");
    }
}

#[test]
fn one_line_is_the_search() {
    let clock = NativeClock::new();
    for board in wthor_positions() {
        for limits in [
            depth(8),
            Limits {
                selectivity: 3,
                ..depth(10)
            },
        ] {
            let search = Engine::new(16).search(&board, &limits, &clock, &mut Silent);
            let line = analyze_lines(&mut Engine::new(16), &board, &lines_limits(1, limits));
            assert_eq!(
                (line.best, line.score, line.depth, &line.pv, line.nodes),
                (
                    search.best,
                    search.score,
                    search.depth,
                    &search.pv,
                    search.nodes
                ),
                "{board:?}"
            );
            assert!(search.lines.is_empty(), "a search reports no lines");
            assert_eq!(
                line.lines,
                [Line {
                    mv: search.best.expect("a move"),
                    score: search.score,
                    kind: search.kind,
                    depth: search.depth,
                    confidence: search.confidence,
                    pv: search.pv.clone(),
                }]
            );
        }
    }
}

#[test]
fn an_analysis_stopped_early_still_gives_its_lines() {
    // Stopped by a node limit before the first iteration ends (the moves
    // in their static order), and inside later iterations (for one line, a
    // move proven better than the last iteration's best is its line).
    for board in wthor_positions() {
        for nodes in [1, 2_000, 30_000] {
            for wanted in [1, 3] {
                let limits = Limits {
                    nodes: Some(nodes),
                    lines: wanted,
                    ..Limits::default()
                };
                let result = analyze_lines(&mut Engine::new(16), &board, &limits);
                check_shape(&board, &result, wanted as usize);
            }
        }
    }
}

/// Records every report of a search.
struct Reports(Vec<Progress>);

impl Observer for Reports {
    fn progress(&mut self, progress: &Progress) {
        self.0.push(progress.clone());
    }
}

#[test]
fn every_iteration_reports_all_its_lines() {
    let board = wthor_positions()[1];
    let mut reports = Reports(Vec::new());
    let result = Engine::new(16).analyze_lines(
        &board,
        &lines_limits(3, depth(7)),
        &NativeClock::new(),
        &mut reports,
    );
    let with_lines: Vec<&Progress> = reports.0.iter().filter(|p| !p.lines.is_empty()).collect();
    let depths: Vec<u32> = with_lines.iter().map(|p| p.depth).collect();
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
    for report in &with_lines {
        check_shape(&board, report, 3);
    }
    assert_eq!(with_lines.last().map(|p| &p.lines), Some(&result.lines));
}

#[test]
fn fewer_moves_than_lines_and_a_forced_pass_give_what_they_have() {
    // FFO #20 has four moves: five lines give four.
    let position = &ffo("fforum-20-39.obf")[0];
    let board = position.position.board;
    assert_eq!(board.moves().count_ones(), 4);
    let result = analyze_lines(
        &mut Engine::new(16),
        &board,
        &lines_limits(5, solve(Solve::Exact)),
    );
    check_solved(position, &result, 5, false);
    // Only c1 against a1 and b1: the side to move must pass, one line.
    let bit = |name: &str| name.parse::<othello::Square>().unwrap().bit();
    let must_pass = Board::new(bit("c1"), bit("a1") | bit("b1")).unwrap();
    assert_eq!(must_pass.status(), Status::MustPass);
    let result = analyze_lines(&mut Engine::new(16), &must_pass, &lines_limits(3, depth(4)));
    check_shape(&must_pass, &result, 3);
    assert_eq!(result.lines[0].mv, Move::Pass);
    // A finished game has no line.
    let over = Board::new(bit("a1") | bit("h8"), bit("d4")).unwrap();
    let result = analyze_lines(&mut Engine::new(16), &over, &lines_limits(3, depth(4)));
    assert!(result.lines.is_empty());
    assert_eq!((result.best, result.score), (None, over.final_score()));
}
