//! The front ends' engine (`othello_board96::engine`): its searches give
//! the values of plain searches and of the players at the same depth, the
//! smart evaluation solves from 14 empty cells as the smart player does,
//! the analysis agrees with the search, limits and stops end it at a
//! completed depth, and a move on the clock is the clocked player's.

use othello_board96::clock::{Clock, StepClock};
use othello_board96::endgame::{solve, SOLVE_EMPTIES};
use othello_board96::engine::{
    self, Evaluation, GameClock, Kind, Limits, Observer, Report, Silent,
};
use othello_board96::eval::{ColourWeights, Smart, Weights};
use othello_board96::notation::transcript;
use othello_board96::players::{ClockedPlayer, Player, RandomPlayer, SearchPlayer};
use othello_board96::search::{minimax, Algorithm, Search};
use othello_board96::time_manager::{allocation, remaining_moves, SearchCost, TimeManager};
use othello_board96::{Game, Move, Position};

/// A clock that never moves.
struct Frozen;

impl Clock for Frozen {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

fn position(moves: &str) -> Position {
    transcript::parse(moves).unwrap().position()
}

/// The position after `plies` moves of two seeded random players.
fn random_position(seed: u64, plies: usize) -> Position {
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed + 1000)];
    let mut game = Game::new(Position::START);
    for ply in 0..plies {
        let current = game.position();
        if current.board.is_game_over() {
            break;
        }
        let mv = if current.board.moves() == 0 {
            Move::Pass
        } else {
            players[ply % 2].choose(&current)
        };
        game.play(mv).unwrap();
    }
    game.position()
}

/// The position reached from `position` by playing `mv`.
fn after(position: &Position, mv: Move) -> Position {
    position.play(mv).unwrap()
}

/// Limits that search every position (the opening book off: these tests
/// are about the search; `the_book_answers_first_unless_turned_off` is
/// about the book).
fn searching() -> Limits {
    Limits {
        book: false,
        ..Limits::default()
    }
}

#[test]
fn the_value_is_minimax_and_the_move_reaches_it() {
    for (moves, depth, evaluation) in [
        ("e4", 4, Evaluation::Smart),
        ("e4f4g5", 3, Evaluation::Greedy),
        ("f7g7h7f8f9", 4, Evaluation::Smart),
    ] {
        let start = position(moves);
        let evaluator = evaluation.evaluator(start.to_move);
        let plain = minimax(&start.board, depth, evaluator.as_ref());
        for algorithm in Algorithm::ALL {
            let limits = Limits {
                depth: Some(depth),
                algorithm,
                evaluation,
                ..searching()
            };
            let report = engine::search(&start, &limits, &Frozen, &mut Silent);
            assert_eq!(report.value, plain.value, "{moves} {algorithm:?}");
            assert_eq!(report.depth, depth);
            assert_eq!(report.kind, Kind::Depth);
            assert_eq!(report.pv.first().copied(), report.best);
            // The best move's child, searched one ply less, has the value.
            let best = report.best.unwrap();
            let child = minimax(&after(&start, best).board, depth - 1, evaluator.as_ref());
            assert_eq!(-child.value, report.value, "{moves} {algorithm:?} {best}");
            // The principal variation is a line of legal moves.
            let mut line = start;
            for mv in &report.pv {
                line = after(&line, *mv);
            }
        }
    }
}

#[test]
fn the_smart_value_is_the_smart_players_search() {
    // SearchPlayer::smart searches once to its depth with alpha-beta: the
    // same value as iterative deepening here (the table never changes a
    // value, only the order of the moves).
    let start = random_position(7, 20);
    let smart = Smart {
        weights: Weights::hand(),
    };
    let direct = Search::new(&smart)
        .run(&start.board, 5, Algorithm::AlphaBeta)
        .unwrap();
    let limits = Limits {
        depth: Some(5),
        evaluation: Evaluation::SmartHand,
        ..searching()
    };
    let report = engine::search(&start, &limits, &Frozen, &mut Silent);
    assert_eq!(report.value, direct.value);
    let mut player = SearchPlayer::smart(5, Weights::hand());
    let chosen = player.choose(&start);
    let value_of = |mv: Move| {
        -Search::new(&smart)
            .run(&after(&start, mv).board, 4, Algorithm::AlphaBeta)
            .unwrap()
            .value
    };
    assert_eq!(value_of(chosen), report.value);
    assert_eq!(value_of(report.best.unwrap()), report.value);
}

/// Plays random moves from `seed` until at most `empties` cells are empty.
fn endgame_position(seed: u64, empties: u32) -> Position {
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed + 1)];
    let mut game = Game::new(Position::START);
    let mut ply = 0;
    while game.position().board.empty_count() > empties && !game.position().board.is_game_over() {
        let current = game.position();
        let mv = if current.board.moves() == 0 {
            Move::Pass
        } else {
            players[ply % 2].choose(&current)
        };
        game.play(mv).unwrap();
        ply += 1;
    }
    game.position()
}

#[test]
fn the_smart_evaluation_solves_from_fourteen_empties() {
    let mut solved = 0;
    for seed in 0..6 {
        let start = endgame_position(seed, 12);
        if start.board.is_game_over() || start.board.moves() == 0 {
            continue;
        }
        solved += 1;
        let report = engine::search(&start, &searching(), &Frozen, &mut Silent);
        let solution = solve(&start.board);
        assert_eq!(report.kind, Kind::Exact);
        assert_eq!(report.value, solution.score);
        assert_eq!(report.depth, start.board.empty_count());
        assert_eq!(report.nodes, solution.nodes);
        // The smart player makes the same move.
        let mut player = SearchPlayer::smart(6, Weights::hand());
        assert_eq!(Some(player.choose(&start)), report.best);
        // The analysis solves every move; its best is the solved score.
        let analysis = engine::analyze(&start, 6, Evaluation::Smart, &Frozen, &mut Silent).unwrap();
        assert!(analysis.moves.iter().all(|m| m.kind == Kind::Exact));
        assert_eq!(analysis.moves[0].value, solution.score);
        assert_eq!(
            analysis.moves.len(),
            start.board.moves().count_ones() as usize
        );
        // The greedy evaluation does not solve.
        let greedy = Limits {
            depth: Some(2),
            evaluation: Evaluation::Greedy,
            ..searching()
        };
        let report = engine::search(&start, &greedy, &Frozen, &mut Silent);
        assert_eq!(report.depth, 2);
        assert!(start.board.empty_count() <= SOLVE_EMPTIES);
    }
    assert!(solved >= 3, "{solved}");
}

#[test]
fn the_analysis_agrees_with_the_search() {
    for (seed, plies, depth, evaluation) in [
        (1, 10, 3, Evaluation::Smart),
        (2, 30, 2, Evaluation::Greedy),
        (3, 50, 3, Evaluation::Greedy),
    ] {
        let start = random_position(seed, plies);
        let analysis = engine::analyze(&start, depth, evaluation, &Frozen, &mut Silent).unwrap();
        let limits = Limits {
            depth: Some(depth),
            evaluation,
            ..searching()
        };
        let report = engine::search(&start, &limits, &Frozen, &mut Silent);
        assert_eq!(analysis.moves[0].value, report.value);
        assert!(analysis.moves.windows(2).all(|w| w[0].value >= w[1].value));
        assert!(analysis
            .moves
            .iter()
            .any(|m| Some(m.mv) == report.best && m.value == report.value));
    }
}

/// Records what a search reports and stops after `stop_after` polls.
struct Recorder {
    reports: Vec<Report>,
    polls: u32,
    stop_after: u32,
}

impl Observer for Recorder {
    fn progress(&mut self, report: &Report) {
        self.reports.push(report.clone());
    }

    fn should_stop(&mut self) -> bool {
        self.polls += 1;
        self.polls > self.stop_after
    }
}

#[test]
fn progress_comes_after_each_depth_and_a_stop_keeps_the_deepest() {
    let start = position("e4f4g5");
    let mut recorder = Recorder {
        reports: Vec::new(),
        polls: 0,
        stop_after: u32::MAX,
    };
    let limits = Limits {
        depth: Some(5),
        ..searching()
    };
    let report = engine::search(&start, &limits, &Frozen, &mut recorder);
    let depths: Vec<u32> = recorder.reports.iter().map(|r| r.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(recorder.reports.last(), Some(&report));
    assert!(recorder.reports.windows(2).all(|w| w[0].nodes < w[1].nodes));
    // Stopped after a few polls (every 1024 nodes): a completed depth.
    let mut stopped = Recorder {
        reports: Vec::new(),
        polls: 0,
        stop_after: 3,
    };
    let deep = Limits {
        depth: Some(30),
        ..searching()
    };
    let report = engine::search(&start, &deep, &Frozen, &mut stopped);
    assert!(report.depth < 30);
    assert_eq!(
        Some(&report.depth),
        stopped.reports.last().map(|r| &r.depth)
    );
    // Stopped at the first poll (after 1024 nodes): the depths completed
    // before it, at least depth 1.
    let mut at_once = Recorder {
        reports: Vec::new(),
        polls: 0,
        stop_after: 0,
    };
    let mut limits = deep.clone();
    limits.evaluation = Evaluation::Greedy;
    let report = engine::search(&random_position(4, 40), &limits, &Frozen, &mut at_once);
    assert_eq!(at_once.polls, 1);
    assert!(report.depth >= 1);
    assert_eq!(
        Some(&report.depth),
        at_once.reports.last().map(|r| &r.depth)
    );
    assert!(report.best.is_some());
}

#[test]
fn node_and_time_limits_end_at_a_completed_depth() {
    let start = position("e4");
    let limits = Limits {
        nodes: Some(5_000),
        ..searching()
    };
    assert_eq!(limits.max_depth(), engine::MAX_DEPTH);
    let report = engine::search(&start, &limits, &Frozen, &mut Silent);
    assert!((1..30).contains(&report.depth), "{report:?}");
    // 1 ms per reading: 40 ms is over within a few thousand nodes.
    let limits = Limits {
        time_ms: Some(40.0),
        ..searching()
    };
    let report = engine::search(&start, &limits, &StepClock::new(1.0), &mut Silent);
    assert!((1..30).contains(&report.depth), "{report:?}");
    assert!(report.nodes < 100_000, "{report:?}");
}

#[test]
fn a_finished_game_and_a_forced_pass() {
    let over = othello_board96::notation::line::parse(&format!("{} W", "R".repeat(96))).unwrap();
    let report = engine::search(&over, &searching(), &Frozen, &mut Silent);
    assert_eq!(report.best, None);
    assert_eq!(report.kind, Kind::Exact);
    assert_eq!(report.value, -96);
    assert_eq!(
        engine::analyze(&over, 3, Evaluation::Smart, &Frozen, &mut Silent)
            .unwrap_err()
            .to_string(),
        "the game is over (Red's final score +96): no move to analyze"
    );
    // White has no move, Red has c1.
    let pass = othello_board96::notation::line::parse(&format!("RW{} W", "-".repeat(94))).unwrap();
    let limits = Limits {
        depth: Some(3),
        evaluation: Evaluation::Greedy,
        ..searching()
    };
    let report = engine::search(&pass, &limits, &Frozen, &mut Silent);
    assert_eq!(report.best, Some(Move::Pass));
    let analysis = engine::analyze(&pass, 3, Evaluation::Greedy, &Frozen, &mut Silent).unwrap();
    assert_eq!(analysis.moves.len(), 1);
    assert_eq!(analysis.moves[0].mv, Move::Pass);
    assert_eq!(analysis.moves[0].value, report.value);
}

#[test]
fn a_first_move_on_the_clock_is_the_clocked_players() {
    let start = position("e4f4");
    let total_ms = 60_000.0;
    // The engine's smart evaluation is the learned one, each colour its own.
    let mut player =
        ClockedPlayer::new_colours(ColourWeights::learned(), total_ms, StepClock::new(1.0));
    let chosen = player.choose(&start);
    let limits = Limits {
        clock: Some(GameClock {
            remaining_ms: total_ms,
            history: Vec::new(),
        }),
        ..searching()
    };
    let report = engine::search(&start, &limits, &StepClock::new(1.0), &mut Silent);
    assert_eq!(report.best, Some(chosen));
    assert_eq!(report.depth, 8);
    assert_eq!(player.depths(), [8]);
    assert_eq!(report.nodes, player.nodes());
    let history = report.history.clone().unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].depth, 8);
    let moves_left = remaining_moves(start.board.empty_count());
    assert_eq!(
        report.budget_ms,
        Some(2.0 * allocation(total_ms, moves_left))
    );
}

#[test]
fn the_clock_memory_chooses_the_next_depth() {
    // Two searches of depth 4, 10,000 nodes in 10 ms: branching 10, 1 us
    // per node; an allocation of 10^5.3 us gives ceil(0.7 + 5.3) = 6.
    let history = vec![
        SearchCost {
            depth: 4,
            nodes: 10_000,
            time_ms: 10.0,
        };
        2
    ];
    let start = random_position(11, 24);
    let moves_left = remaining_moves(start.board.empty_count());
    let remaining_ms = 10f64.powf(5.3) * 0.001 * f64::from(moves_left);
    let expected = TimeManager::from_history(&history).depth(allocation(remaining_ms, moves_left));
    assert_eq!(expected, 6);
    let limits = Limits {
        clock: Some(GameClock {
            remaining_ms,
            history: history.clone(),
        }),
        ..searching()
    };
    let report = engine::search(&start, &limits, &Frozen, &mut Silent);
    assert_eq!(report.depth, 6);
    let after = report.history.unwrap();
    assert_eq!(after.len(), 2);
    assert_eq!(after[0], history[1]);
    assert_eq!(after[1].depth, 6);
    assert_eq!(after[1].nodes, report.nodes);
}

#[test]
fn evaluations_convert_to_discs() {
    assert_eq!(Evaluation::Smart.discs(-137), -1.37);
    assert_eq!(Evaluation::Greedy.discs(-13), -13.0);
    let won = Smart {
        weights: Weights::hand(),
    };
    use othello_board96::eval::Evaluator;
    let board = othello_board96::Board::new(1, 0).unwrap();
    assert_eq!(Evaluation::Smart.discs(won.terminal(&board)), 96.0);
    assert_eq!(Evaluation::Smart.discs(won.terminal(&board.pass())), -96.0);
    assert_eq!(Evaluation::from_name("smart"), Some(Evaluation::Smart));
    assert_eq!(Evaluation::from_name("pattern"), None);
}

#[test]
fn a_stop_or_a_limit_ends_the_solve_with_a_depth_search() {
    let start = endgame_position(1, 14);
    assert!(start.board.empty_count() <= SOLVE_EMPTIES && start.board.moves() != 0);
    let solution = solve(&start.board);
    assert!(solution.nodes > 2048, "{solution:?}");
    // Stopped at its second poll: no exact value, a depth search instead.
    let mut stopped = Recorder {
        reports: Vec::new(),
        polls: 0,
        stop_after: 1,
    };
    let report = engine::search(&start, &searching(), &Frozen, &mut stopped);
    assert_eq!(report.kind, Kind::Depth);
    assert!(report.depth >= 1);
    assert!(
        start.board.moves()
            & report.best.map_or(0, |mv| match mv {
                Move::Play(square) => square.bit(),
                Move::Pass => 0,
            })
            != 0
    );
    // A node limit below the solve's nodes: the same.
    let limits = Limits {
        nodes: Some(1024),
        ..searching()
    };
    assert_eq!(
        engine::search(&start, &limits, &Frozen, &mut Silent).kind,
        Kind::Depth
    );
    // Enough nodes: solved.
    let limits = Limits {
        nodes: Some(solution.nodes + 1024),
        ..searching()
    };
    let report = engine::search(&start, &limits, &Frozen, &mut Silent);
    assert_eq!((report.kind, report.value), (Kind::Exact, solution.score));
    // The analysis stops between (or within) the moves' solves with the moves valued so far.
    let mut stopped = Recorder {
        reports: Vec::new(),
        polls: 0,
        stop_after: 1,
    };
    let analysis = engine::analyze(&start, 6, Evaluation::Smart, &Frozen, &mut stopped).unwrap();
    assert!(analysis.moves.len() < start.board.moves().count_ones() as usize);
    assert!(analysis.stopped);
}

#[test]
fn the_book_answers_first_unless_turned_off() {
    use othello_board96::book::Book;
    let after_e4 = position("e4");
    let entry = Book::embedded()
        .lookup(&after_e4)
        .expect("e4 is in the book");
    let report = engine::search(&after_e4, &Limits::default(), &Frozen, &mut Silent);
    assert_eq!(report.kind, Kind::Book);
    assert_eq!(report.best, Some(entry.best));
    assert_eq!(report.value, entry.value);
    assert_eq!(report.depth, entry.depth);
    assert_eq!(report.nodes, 0);
    // On a clock too, the manager's memory going through unchanged.
    let on_clock = Limits {
        clock: Some(GameClock {
            remaining_ms: 10_000.0,
            history: Vec::new(),
        }),
        ..Limits::default()
    };
    let report = engine::search(&after_e4, &on_clock, &Frozen, &mut Silent);
    assert_eq!((report.kind, report.best), (Kind::Book, Some(entry.best)));
    assert_eq!(report.history, Some(Vec::new()));
    // Turned off, or with the greedy evaluation, the position is searched.
    for limits in [
        searching(),
        Limits {
            evaluation: Evaluation::Greedy,
            ..Limits::default()
        },
    ] {
        let report = engine::search(&after_e4, &limits, &Frozen, &mut Silent);
        assert_eq!(report.kind, Kind::Depth);
        assert!(report.nodes > 0);
    }
}
