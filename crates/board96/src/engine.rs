//! The board's engine as the front ends run it (both command-line tools and
//! the npm package): a search of a position within limits (a depth, nodes,
//! time, or the side's game clock with the report's time manager), with
//! progress after each completed depth and a stop test, and an analysis
//! that values every legal move. Both are the report's smart player (or
//! the greedy one) as [`crate::players`] plays it: alpha-beta with the
//! transposition table to a depth, and with the smart evaluation the exact
//! solver from [`SOLVE_EMPTIES`] empty cells.
//!
//! A search here is iterative deepening from depth 1 with one table, so
//! that every completed depth can be reported; each depth's value is the
//! value of plain minimax to that depth (see [`crate::search`]), so the
//! final value is exactly [`SearchPlayer`](crate::players::SearchPlayer)'s
//! at the same depth (its move may differ between moves of equal value:
//! the table orders the moves differently).

use std::cell::{Cell, RefCell};
use std::fmt;

use crate::board::Board;
use crate::book::Book;
use crate::clock::Clock;
use crate::endgame::{solve_with_stop, SOLVE_EMPTIES};
use crate::eval::{ColourWeights, Evaluator, Greedy, Smart, Weights, EVAL_LIMIT, WIN};
use crate::players::{clocked_search, move_limit, move_overhead_ms, ClockedMove};
use crate::position::{Color, Move, Position};
use crate::search::{Algorithm, Search, SearchResult, TranspositionTable};
use crate::time_manager::{allocation, remaining_moves, SearchCost, TimeManager};

/// Depth of a search when no limit is given.
pub const DEFAULT_DEPTH: u32 = 6;

/// Deepest search accepted; also the depth of a search limited only by
/// nodes or time.
pub const MAX_DEPTH: u32 = 30;

/// Buckets of a search's transposition table: `2^TABLE_BITS` (12 MiB).
pub const TABLE_BITS: u32 = 18;

/// Progress reports come at least this often (in milliseconds) while a
/// depth is being searched.
pub const HEARTBEAT_MS: f64 = 250.0;

/// The evaluations a search can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The disc difference (the report's greedy player); no solver.
    Greedy,
    /// The smart evaluation with the learned weights of the side to move
    /// ([`ColourWeights::learned`]), in hundredths of a disc; the exact
    /// solver from [`SOLVE_EMPTIES`] empty cells. The report's agent.
    Smart,
    /// The smart evaluation with the hand-set weights ([`Weights::hand`]).
    SmartHand,
    /// The smart evaluation with uniform untrained weights
    /// ([`Weights::uniform`]), the report's yardstick for its learning.
    SmartUniform,
}

impl Evaluation {
    /// Every evaluation.
    pub const ALL: [Evaluation; 4] = [
        Evaluation::Greedy,
        Evaluation::Smart,
        Evaluation::SmartHand,
        Evaluation::SmartUniform,
    ];

    /// `"greedy"`, `"smart"`, `"smart-hand"` or `"smart-uniform"`.
    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Greedy => "greedy",
            Evaluation::Smart => "smart",
            Evaluation::SmartHand => "smart-hand",
            Evaluation::SmartUniform => "smart-uniform",
        }
    }

    /// The evaluation called `name`.
    pub fn from_name(name: &str) -> Option<Evaluation> {
        Evaluation::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The evaluation itself for `colour` to move at the root (the learned
    /// weights are Red's or White's; a search values its leaves with the
    /// weights of the side at its root, as the learner does).
    pub fn evaluator(self, colour: Color) -> Box<dyn Evaluator> {
        match self {
            Evaluation::Greedy => Box::new(Greedy),
            Evaluation::Smart => Box::new(Smart {
                weights: ColourWeights::learned().of(colour).clone(),
            }),
            Evaluation::SmartHand => Box::new(Smart {
                weights: Weights::hand(),
            }),
            Evaluation::SmartUniform => Box::new(Smart {
                weights: Weights::uniform(1),
            }),
        }
    }

    /// Whether the exact solver takes over at `empties` empty cells (the
    /// smart players' rule).
    pub fn solves(self, empties: u32) -> bool {
        self != Evaluation::Greedy && empties <= SOLVE_EMPTIES
    }

    /// A search value of this evaluation in discs for the side to move: the
    /// greedy value as it is; a smart value over 100 (its unit is the
    /// hundredth of a disc), except a won or lost game found by the search,
    /// worth `±WIN` plus its final score, which is that final score.
    pub fn discs(self, value: i32) -> f64 {
        match self {
            Evaluation::Greedy => f64::from(value),
            _ if value.abs() > EVAL_LIMIT => f64::from(value - value.signum() * WIN),
            _ => f64::from(value) / 100.0,
        }
    }
}

/// The side to move's game clock, for a search on the clock.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    /// Time left on the side's clock, in milliseconds.
    pub remaining_ms: f64,
    /// The time manager's memory of the side's previous searches, as the
    /// last report on the clock gave it ([`Report::history`]); empty for
    /// the side's first move.
    pub history: Vec<SearchCost>,
}

/// When a search stops: whichever of the depth, node and time limits is
/// reached first (each checked every 1024 nodes; depth 1 always
/// completes), or, on a clock, what the time manager decides.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Deepest iteration (1..=[`MAX_DEPTH`]); by default [`DEFAULT_DEPTH`],
    /// or [`MAX_DEPTH`] when a node or time limit is given.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Most milliseconds.
    pub time_ms: Option<f64>,
    /// The search at the root of each depth.
    pub algorithm: Algorithm,
    /// The evaluation.
    pub evaluation: Evaluation,
    /// Play on this clock with the report's time manager (alpha-beta, the
    /// smart evaluation; no other limit).
    pub clock: Option<GameClock>,
    /// Whether a position of the committed opening book is answered from
    /// it (the smart evaluation only, as the report's agent does; default
    /// `true`).
    pub book: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time_ms: None,
            algorithm: Algorithm::AlphaBeta,
            evaluation: Evaluation::Smart,
            clock: None,
            book: true,
        }
    }
}

impl Limits {
    /// The deepest iteration these limits allow.
    pub fn max_depth(&self) -> u32 {
        match self.depth {
            Some(depth) => depth,
            None if self.nodes.is_some() || self.time_ms.is_some() => MAX_DEPTH,
            None => DEFAULT_DEPTH,
        }
    }
}

/// How a value was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A search to a depth.
    Depth,
    /// The exact final score (the solver, or a finished game).
    Exact,
    /// The opening book's move and value (a depth-12 search).
    Book,
}

impl Kind {
    /// `"depth"`, `"exact"` or `"book"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Depth => "depth",
            Kind::Exact => "exact",
            Kind::Book => "book",
        }
    }
}

/// A progress report, and the result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The best move (`Move::Pass` for a forced pass); `None` when the game
    /// is over.
    pub best: Option<Move>,
    /// The value for the side to move in the evaluation's unit (discs for
    /// greedy and for an exact value, hundredths of a disc for smart).
    pub value: i32,
    /// How the value was found.
    pub kind: Kind,
    /// The deepest completed depth (the empty cells for a solve).
    pub depth: u32,
    /// The principal variation from the transposition table, starting with
    /// the best move.
    pub pv: Vec<Move>,
    /// Nodes visited (every depth, every abandoned search on a clock).
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// On a clock: the time manager's memory after this move, to give back
    /// as [`GameClock::history`] on the side's next move.
    pub history: Option<Vec<SearchCost>>,
    /// On a clock: the time after which a search of this move is abandoned
    /// (twice the allocation), in milliseconds.
    pub budget_ms: Option<f64>,
}

/// What a search tells its caller while it runs.
pub trait Observer {
    /// A depth was completed (or the position solved): the report so far.
    fn progress(&mut self, _report: &Report) {}

    /// The search is still on its next depth ([`HEARTBEAT_MS`] have passed
    /// since the last report): the last completed depth's report with the
    /// nodes and time so far.
    fn heartbeat(&mut self, _report: &Report) {}

    /// Polled every 1024 nodes: `true` ends the search with its deepest
    /// completed depth.
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// An observer that hears nothing and never stops.
pub struct Silent;

impl Observer for Silent {}

/// The principal variation: `best`, then the table's best moves (a pass
/// where the side must pass) for at most `depth` plies in all.
fn principal_variation(
    board: &Board,
    best: Option<Move>,
    depth: u32,
    table: Option<&TranspositionTable>,
) -> Vec<Move> {
    let Some(best) = best else {
        return Vec::new();
    };
    let mut pv = vec![best];
    let mut current = match best {
        Move::Pass => board.pass(),
        Move::Play(square) => board.play_flips(square, board.flips(square)),
    };
    while (pv.len() as u32) < depth && !current.is_game_over() {
        let mv = if current.moves() == 0 {
            Move::Pass
        } else {
            match table.and_then(|t| t.best_move(&current)) {
                Some(square) => Move::Play(square),
                None => break,
            }
        };
        pv.push(mv);
        current = match mv {
            Move::Pass => current.pass(),
            Move::Play(square) => current.play_flips(square, current.flips(square)),
        };
    }
    pv
}

/// Searches `position` within `limits`, telling `observer` of each
/// completed depth; time comes from `clock`. With the smart evaluation and
/// at most [`SOLVE_EMPTIES`] empty cells the position is solved exactly
/// (kind [`Kind::Exact`]); a solve stopped first (by the observer, or by
/// the node or time limit) gives way to the depth search, which the same
/// stop ends at its first poll. A finished game gives its final score with
/// no move.
pub fn search(
    position: &Position,
    limits: &Limits,
    clock: &dyn Clock,
    observer: &mut dyn Observer,
) -> Report {
    let start = clock.now_ms();
    let board = position.board;
    let evaluation = match limits.clock {
        Some(_) => Evaluation::Smart,
        None => limits.evaluation,
    };
    if let Some(report) = book_answer(position, limits, evaluation, clock, start) {
        observer.progress(&report);
        return report;
    }
    if evaluation.solves(board.empty_count()) {
        if let Some(report) = solve_within(position, limits, clock, observer, start) {
            observer.progress(&report);
            return report;
        }
        // Stopped before the solve finished: a depth search, which the same
        // stop ends at once with its depth 1 or more.
    }
    match &limits.clock {
        Some(game_clock) => search_on_clock(position, game_clock, clock, observer, start),
        None => search_to_depth(position, limits, evaluation, clock, observer, start),
    }
}

/// The committed opening book's answer for `position`, when the limits
/// allow it (the smart evaluation, `book` on) and the book has a move.
fn book_answer(
    position: &Position,
    limits: &Limits,
    evaluation: Evaluation,
    clock: &dyn Clock,
    start: f64,
) -> Option<Report> {
    if !limits.book || evaluation != Evaluation::Smart {
        return None;
    }
    let entry = Book::embedded().lookup(position)?;
    if entry.best == Move::Pass || position.play(entry.best).is_err() {
        return None;
    }
    Some(Report {
        best: Some(entry.best),
        value: entry.value,
        kind: Kind::Book,
        depth: entry.depth,
        pv: vec![entry.best],
        nodes: 0,
        elapsed_ms: clock.now_ms() - start,
        history: limits.clock.as_ref().map(|c| c.history.clone()),
        budget_ms: limits.clock.as_ref().map(|c| {
            2.0 * allocation(
                c.remaining_ms,
                remaining_moves(position.board.empty_count()),
            )
        }),
    })
}

/// The exact solve of `position` as a report, `None` when the observer,
/// the node limit or the time limit stopped it first, or on a clock the
/// move's limit (what the clocked player keeps back for its later moves).
fn solve_within(
    position: &Position,
    limits: &Limits,
    clock: &dyn Clock,
    observer: &mut dyn Observer,
    start: f64,
) -> Option<Report> {
    let board = position.board;
    let checks = Cell::new(0u64);
    let observer = RefCell::new(observer);
    let clock_limit = limits
        .clock
        .as_ref()
        .map(|game_clock| clock_limit(game_clock, start, board.empty_count()));
    let stop = || {
        checks.set(checks.get() + 1);
        observer.borrow_mut().should_stop()
            || match clock_limit {
                Some(limit) => clock.now_ms() > limit,
                None => {
                    limits.nodes.is_some_and(|n| checks.get() * 1024 >= n)
                        || limits.time_ms.is_some_and(|t| clock.now_ms() - start >= t)
                }
            }
    };
    let solution = solve_with_stop(&board, &stop)?;
    Some(Report {
        best: solution.best,
        value: solution.score,
        kind: Kind::Exact,
        depth: board.empty_count(),
        pv: solution.best.into_iter().collect(),
        nodes: solution.nodes,
        elapsed_ms: clock.now_ms() - start,
        history: limits.clock.as_ref().map(|c| c.history.clone()),
        budget_ms: limits
            .clock
            .as_ref()
            .map(|c| 2.0 * allocation(c.remaining_ms, remaining_moves(board.empty_count()))),
    })
}

/// Iterative deepening from depth 1 to the limits' depth.
fn search_to_depth(
    position: &Position,
    limits: &Limits,
    evaluation: Evaluation,
    clock: &dyn Clock,
    observer: &mut dyn Observer,
    start: f64,
) -> Report {
    let board = position.board;
    let evaluator = evaluation.evaluator(position.to_move);
    let observer = RefCell::new(observer);
    let last: RefCell<Option<Report>> = RefCell::new(None);
    let checks = Cell::new(0u64);
    let last_beat = Cell::new(start);
    let stop = || {
        checks.set(checks.get() + 1);
        let mut observer = observer.borrow_mut();
        if observer.should_stop() {
            return true;
        }
        if limits.nodes.is_some_and(|n| checks.get() * 1024 >= n) {
            return true;
        }
        let now = clock.now_ms();
        if limits.time_ms.is_some_and(|t| now - start >= t) {
            return true;
        }
        if now - last_beat.get() >= HEARTBEAT_MS {
            last_beat.set(now);
            if let Some(report) = last.borrow().as_ref() {
                observer.heartbeat(&Report {
                    nodes: report.nodes.max(checks.get() * 1024),
                    elapsed_ms: now - start,
                    ..report.clone()
                });
            }
        }
        false
    };
    let mut table = TranspositionTable::new(TABLE_BITS);
    let mut search = Search::new(evaluator.as_ref())
        .with_table(&mut table)
        .with_stop(&stop);
    for depth in 1..=limits.max_depth() {
        let Some(result) = search.run(&board, depth, limits.algorithm) else {
            break;
        };
        let over = board.is_game_over();
        let now = clock.now_ms();
        let report = Report {
            best: result.best,
            value: result.value,
            kind: if over { Kind::Exact } else { Kind::Depth },
            depth,
            pv: principal_variation(&board, result.best, depth, search.table()),
            nodes: search.nodes(),
            elapsed_ms: now - start,
            history: None,
            budget_ms: None,
        };
        last_beat.set(now);
        observer.borrow_mut().progress(&report);
        *last.borrow_mut() = Some(report);
        if over {
            break;
        }
    }
    let nodes = search.nodes();
    let elapsed_ms = clock.now_ms() - start;
    let found = last.into_inner();
    match found {
        Some(report) => Report {
            nodes,
            elapsed_ms,
            ..report
        },
        // Stopped within depth 1 (the stop came at once): depth 1 without
        // the stop test, a few hundred nodes at most.
        None => {
            let mut quick = Search::new(evaluator.as_ref());
            let result = quick
                .run(&board, 1, limits.algorithm)
                .unwrap_or(SearchResult {
                    value: 0,
                    best: None,
                    depth: 1,
                    nodes: 0,
                });
            Report {
                best: result.best,
                value: result.value,
                kind: if board.is_game_over() {
                    Kind::Exact
                } else {
                    Kind::Depth
                },
                depth: 1,
                pv: result.best.into_iter().collect(),
                nodes: nodes + quick.nodes(),
                elapsed_ms: clock.now_ms() - start,
                history: None,
                budget_ms: None,
            }
        }
    }
}

/// The clock reading by which a move on `game_clock` started at `start`
/// must end, as [`ClockedPlayer`](crate::players::ClockedPlayer) keeps time
/// back for its later moves ([`move_limit`], [`move_overhead_ms`] of the
/// time left).
fn clock_limit(game_clock: &GameClock, start: f64, empties: u32) -> f64 {
    let remaining = game_clock.remaining_ms;
    move_limit(start, remaining, move_overhead_ms(remaining), empties)
}

/// One move of the smart player on the clock ([`clocked_search`]), with a
/// fresh transposition table of the clocked player's size and the manager
/// rebuilt from the clock's history: the move a
/// [`ClockedPlayer`](crate::players::ClockedPlayer) with that history and
/// an empty table makes. A stop before the search finishes answers with
/// depth 1.
fn search_on_clock(
    position: &Position,
    game_clock: &GameClock,
    clock: &dyn Clock,
    observer: &mut dyn Observer,
    start: f64,
) -> Report {
    let board = position.board;
    let mut manager = TimeManager::from_history(&game_clock.history);
    let budget_ms = 2.0
        * allocation(
            game_clock.remaining_ms,
            remaining_moves(board.empty_count()),
        );
    let evaluator = Evaluation::Smart.evaluator(position.to_move);
    // The clocked player's table, so that a first move is exactly its move.
    let mut table = TranspositionTable::new(crate::players::TABLE_BITS);
    let report = if board.is_game_over() {
        Report {
            best: None,
            value: evaluator.terminal(&board),
            kind: Kind::Exact,
            depth: 0,
            pv: Vec::new(),
            nodes: 1,
            elapsed_ms: 0.0,
            history: None,
            budget_ms: None,
        }
    } else {
        let observer = RefCell::new(&mut *observer);
        let interrupt = || observer.borrow_mut().should_stop();
        let searched = clocked_search(
            evaluator.as_ref(),
            &mut table,
            &mut manager,
            ClockedMove {
                board: &board,
                start_ms: start,
                limit_ms: clock_limit(game_clock, start, board.empty_count()),
            },
            clock,
            Some(&interrupt),
        );
        match searched.result {
            Some(result) => Report {
                best: result.best,
                value: result.value,
                kind: Kind::Depth,
                depth: result.depth,
                pv: principal_variation(&board, result.best, result.depth, Some(&table)),
                nodes: searched.nodes,
                elapsed_ms: 0.0,
                history: None,
                budget_ms: None,
            },
            None => {
                let mut quick = Search::new(evaluator.as_ref());
                let result = quick.run(&board, 1, Algorithm::AlphaBeta);
                Report {
                    best: result.and_then(|r| r.best),
                    value: result.map_or(0, |r| r.value),
                    kind: Kind::Depth,
                    depth: 1,
                    pv: result.and_then(|r| r.best).into_iter().collect(),
                    nodes: quick.nodes(),
                    elapsed_ms: 0.0,
                    history: None,
                    budget_ms: None,
                }
            }
        }
    };
    let report = Report {
        elapsed_ms: clock.now_ms() - start,
        history: Some(manager.history().to_vec()),
        budget_ms: Some(budget_ms),
        ..report
    };
    observer.progress(&report);
    report
}

/// The value of one move, as [`analyze`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move (`Move::Pass` for a forced pass).
    pub mv: Move,
    /// Its value for the side to move, in the evaluation's unit (as
    /// [`Report::value`]).
    pub value: i32,
    /// How it was found.
    pub kind: Kind,
    /// The depth (the empty cells for a solve).
    pub depth: u32,
}

/// Every move's value: best first, ties in square order.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The moves valued (all of them unless the observer stopped it).
    pub moves: Vec<MoveValue>,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the observer stopped it before every move was valued.
    pub stopped: bool,
}

/// Why a position cannot be analyzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalyzeError {
    /// Neither side can move.
    GameOver {
        /// Red's final score.
        red_score: i32,
    },
}

impl fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyzeError::GameOver { red_score } => write!(
                f,
                "the game is over (Red's final score {red_score:+}): no move to analyze"
            ),
        }
    }
}

impl std::error::Error for AnalyzeError {}

/// Values every legal move of `position` (a side that must pass has the
/// one move `pa`): each move played and the position after it searched
/// with alpha-beta to `depth - 1` (one table for all), so the best value is
/// what [`search`] finds at `depth` with the same evaluation; with the
/// smart evaluation and at most [`SOLVE_EMPTIES`] empty cells, each move
/// solved exactly, as [`search`] solves. After each move the observer hears
/// the best move so far; when it asks to stop, the moves valued so far are
/// returned.
pub fn analyze(
    position: &Position,
    depth: u32,
    evaluation: Evaluation,
    clock: &dyn Clock,
    observer: &mut dyn Observer,
) -> Result<Analysis, AnalyzeError> {
    let board = position.board;
    if board.is_game_over() {
        return Err(AnalyzeError::GameOver {
            red_score: position.final_score(),
        });
    }
    let start = clock.now_ms();
    let moves: Vec<Move> = if board.moves() == 0 {
        vec![Move::Pass]
    } else {
        board.move_list().map(Move::Play).collect()
    };
    let solving = evaluation.solves(board.empty_count());
    let evaluator = evaluation.evaluator(position.to_move);
    let observer = RefCell::new(observer);
    let stopped = Cell::new(false);
    let stop = || {
        let asked = observer.borrow_mut().should_stop();
        stopped.set(stopped.get() || asked);
        asked
    };
    let mut table = TranspositionTable::new(TABLE_BITS);
    let mut search = Search::new(evaluator.as_ref())
        .with_table(&mut table)
        .with_stop(&stop);
    let mut solved_nodes = 0;
    let mut values: Vec<MoveValue> = Vec::with_capacity(moves.len());
    for mv in moves {
        let after = match mv {
            Move::Pass => board.pass(),
            Move::Play(square) => board.play_flips(square, board.flips(square)),
        };
        let value = if solving {
            let Some(solution) = solve_with_stop(&after, &stop) else {
                break;
            };
            solved_nodes += solution.nodes;
            MoveValue {
                mv,
                value: -solution.score,
                kind: Kind::Exact,
                depth: board.empty_count(),
            }
        } else {
            let Some(result) = search.run(&after, depth - 1, Algorithm::AlphaBeta) else {
                break;
            };
            MoveValue {
                mv,
                value: -result.value,
                kind: Kind::Depth,
                depth,
            }
        };
        values.push(value);
        // The first of the best values, as the sorted list will have it.
        let best = values
            .iter()
            .fold(None, |best: Option<&MoveValue>, v| match best {
                Some(b) if b.value >= v.value => Some(b),
                _ => Some(v),
            });
        if let Some(best) = best {
            let report = Report {
                best: Some(best.mv),
                value: best.value,
                kind: best.kind,
                depth: best.depth,
                pv: vec![best.mv],
                nodes: search.nodes() + solved_nodes,
                elapsed_ms: clock.now_ms() - start,
                history: None,
                budget_ms: None,
            };
            observer.borrow_mut().progress(&report);
        }
    }
    let nodes = search.nodes() + solved_nodes;
    // Stable: equal values keep square order.
    values.sort_by_key(|v| std::cmp::Reverse(v.value));
    Ok(Analysis {
        moves: values,
        nodes,
        stopped: stopped.get(),
    })
}
