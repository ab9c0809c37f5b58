//! Searching and analysing 8x8 positions with the shared engine, progress
//! sent to a JS callback, and the static evaluation.

use js_sys::{Array, Function, Object};
use othello::eval::{Evaluation, EvaluationError};
use wasm_bindgen::prelude::*;

use othello::position::Move;
use othello::search::{Line, MoveScore, Observer, Progress};
use othello::time_manager::{ClockState, TimeManager};

use crate::board::{search_board_of, BoardKind};
use crate::board96;
use crate::clock::JsClock;
use crate::engine::with_engine;
use crate::error::{Error, Kind};
use crate::js::{send_progress, stop_asked, to_js};
use crate::notation::read_position;
use crate::options::{js_name, limits_error, read_limits};
use crate::shapes;

/// A progress report or result, with the hard limit the time manager gave
/// the move (`budgetMs`) for a search on a game clock.
fn progress_report(p: &Progress, budget_ms: Option<f64>) -> shapes::SearchReport {
    shapes::SearchReport {
        best: p.best.map(|mv| mv.to_string()),
        score: p.score,
        kind: p.kind.name(),
        depth: p.depth,
        confidence: p.confidence,
        pv: p.pv.iter().map(Move::to_string).collect(),
        nodes: p.nodes as f64,
        nps: p.nps as f64,
        elapsed_ms: p.elapsed_ms,
        budget_ms,
        lines: p.lines.iter().map(analysis_line).collect(),
    }
}

fn analysis_line(line: &Line) -> shapes::AnalysisLine {
    shapes::AnalysisLine {
        mv: line.mv.to_string(),
        score: line.score,
        kind: line.kind.name(),
        depth: line.depth,
        confidence: line.confidence,
        pv: line.pv.iter().map(Move::to_string).collect(),
    }
}

fn move_score(m: &MoveScore) -> shapes::MoveScore {
    shapes::MoveScore {
        mv: m.mv.to_string(),
        score: m.score,
        kind: m.kind.name(),
        depth: m.depth,
        confidence: m.confidence,
    }
}

/// Sends progress to a JS callback and asks a JS function whether to stop.
struct JsObserver<'a> {
    on_progress: Option<&'a Function>,
    should_stop: Option<&'a Function>,
    /// The hard limit of a move on a game clock, shown in every report.
    budget_ms: Option<f64>,
}

impl Observer for JsObserver<'_> {
    fn progress(&mut self, progress: &Progress) {
        if let Some(callback) = self.on_progress {
            send_progress(callback, &progress_report(progress, self.budget_ms));
        }
    }

    fn should_stop(&mut self) -> bool {
        self.should_stop.is_some_and(stop_asked)
    }
}

/// Searches a position within `limits` (`{depth, nodes, timeMs, exact, wld,
/// level, confidence, evaluation, clock}`,
/// all optional; with none the search deepens until the game is solved).
/// With `clock: {remainingMs, incrementMs}` the engine plays on the side to
/// move's game clock: the time manager gives the move its soft and hard
/// limits (reported as `budgetMs`, the hard one).
/// `onProgress(report)` is called after every iteration and at least every
/// 250 ms; `shouldStop()` is polled and ends the search with its best move
/// so far when it returns true. Returns `{best, score, kind, depth,
/// confidence, pv, nodes, nps, elapsedMs}` (and `budgetMs` on a clock).
#[wasm_bindgen]
pub fn search(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
    board: JsValue,
) -> Result<Object, Error> {
    if search_board_of("search", &board, &limits, position)? == BoardKind::NinetySix {
        return board96::search(position, limits, on_progress, should_stop);
    }
    let position = read_position(position)?;
    let request = read_limits(&limits)?.or_default_level();
    request.refuse_lines(js_name).map_err(limits_error)?;
    let board = position.board;
    let state = request.clock.map(|clock| ClockState {
        remaining_ms: clock.remaining_ms,
        increment_ms: clock.increment_ms,
        empties: board.empty_count(),
    });
    let manager = TimeManager::default();
    let budget_ms = match &state {
        Some(state) => Some(with_engine(|engine| {
            engine.clock_budget(state, &manager).hard_ms
        })?),
        None => None,
    };
    let mut observer = JsObserver {
        on_progress: on_progress.as_ref(),
        should_stop: should_stop.as_ref(),
        budget_ms,
    };
    let result = with_engine(|engine| {
        engine.set_evaluation(request.evaluation);
        engine.set_book(request.book);
        match &state {
            Some(state) => engine.play_on_clock_with(
                &board,
                state,
                &manager,
                &request.limits,
                &JsClock,
                &mut observer,
            ),
            None => engine.search(&board, &request.limits, &JsClock, &mut observer),
        }
    })?;
    Ok(to_js(&progress_report(&result, observer.budget_ms))?.unchecked_into())
}

/// Scores every legal move of a position within `limits` (as for
/// [`search`]); returns `[{move, score, kind, depth, confidence}]`, best
/// first (a single `"pa"` when the side to move must pass, empty when the
/// game is over). With `lines: N` (1-5) the best N moves instead, each with
/// its line (`pv`), searched on the engine's threads without the book; every
/// report to `onProgress` carries them as `lines`.
#[wasm_bindgen]
pub fn analyze(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
    board: JsValue,
) -> Result<Array, Error> {
    if search_board_of("analyze", &board, &limits, position)? == BoardKind::NinetySix {
        return board96::analyze(position, limits, on_progress, should_stop);
    }
    let position = read_position(position)?;
    let request = read_limits(&limits)?.or_default_level();
    let analysis_limits = request.analysis_limits(js_name).map_err(limits_error)?;
    let mut observer = JsObserver {
        on_progress: on_progress.as_ref(),
        should_stop: should_stop.as_ref(),
        budget_ms: None,
    };
    if analysis_limits.lines > 0 {
        let result = with_engine(|engine| {
            engine.set_evaluation(request.evaluation);
            engine.analyze_lines(&position.board, &analysis_limits, &JsClock, &mut observer)
        })?;
        let lines: Vec<shapes::AnalysisLine> = result.lines.iter().map(analysis_line).collect();
        return Ok(to_js(&lines)?.unchecked_into());
    }
    let analysis = with_engine(|engine| {
        engine.set_evaluation(request.evaluation);
        engine.set_book(request.book);
        engine.analyze(&position.board, &analysis_limits, &JsClock, &mut observer)
    })?;
    let moves: Vec<shapes::MoveScore> = analysis.moves.iter().map(move_score).collect();
    Ok(to_js(&moves)?.unchecked_into())
}

/// The static evaluation of a position for the side to move, in discs:
/// the learned pattern evaluation, or the one named (`'pattern'` or `'standin'`).
#[wasm_bindgen]
pub fn evaluate(position: &str, evaluation: Option<String>) -> Result<i32, Error> {
    let evaluation = match evaluation {
        None => Evaluation::default(),
        Some(name) => Evaluation::from_name(&name).map_err(|e| {
            // A name the engine does not have is an argument the function
            // does not take; a table file, which this build cannot read, a
            // failure of the engine.
            let kind = match e {
                EvaluationError::Unknown { .. } => Kind::Argument,
                _ => Kind::Engine,
            };
            Error::new(kind, format!("evaluate: {e}"))
        })?,
    };
    Ok(evaluation.evaluate(&read_position(position)?.board))
}
