//! The JS boundary of the 96-square board of the CS 221 report (crate
//! `othello-board96`): what the exports of the rules and the searches do
//! for a call on that board (module `board`), the direct API's
//! `{ board: 96 }`. Positions cross as position lines or transcripts, moves
//! as square names (`"pa"` for a pass); the search and the analysis are the
//! board-96 engine's ([`othello_board96::engine`]), the ones both
//! command-line tools run. Nothing here reaches the 8x8 engine.

use js_sys::{Array, Function, Object};
use othello_board96::position::RED;
use wasm_bindgen::prelude::*;

use std::cell::Cell;

use othello_board96::engine::{self, Evaluation, GameClock, Limits, MoveValue, Observer, Report};
use othello_board96::notation::{self, line, transcript, Format};
use othello_board96::search::Algorithm;
use othello_board96::time_manager::SearchCost;
use othello_board96::{Color, Game, Move, Position, Status};

use crate::clock::JsClock;
use crate::error::{Error, Given, Kind};
use crate::js::{describe, is_js_array, own_properties, send_progress, stop_asked, to_js};
use crate::limits::{DEPTHS_96, MAX_SAFE_NUMBER};
use crate::rules::{move_names, play_move, position_score};

/// The result objects, each named after the interface of `pkg/index.d.ts`
/// that declares it.
mod shapes {
    use serde::Serialize;

    /// The state of a 96-square position (`Status96`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Status {
        /// Always 96.
        pub board: u32,
        /// The position as a position line.
        pub position: String,
        /// The 96 playable cells a1..j10 (holes left out) as `R`, `W` or `-`.
        pub cells: String,
        /// `"red"` or `"white"`.
        pub to_move: &'static str,
        /// The legal moves in reading order.
        pub moves: Vec<String>,
        /// `"moves"`, `"pass"` or `"gameover"`.
        pub status: &'static str,
        /// Red discs.
        pub red: u32,
        /// White discs.
        pub white: u32,
        /// Empty cells.
        pub empties: u32,
    }

    /// A game read from a transcript or a position line (`ParsedGame96`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ParsedGame {
        /// `"transcript"` or `"line"`.
        pub format: &'static str,
        /// The start position as a position line.
        pub start: String,
        /// The moves, every pass written `pa`.
        pub moves: Vec<String>,
        /// The position after the moves as a position line.
        pub position: String,
        /// The moves as a transcript (passes implicit).
        pub transcript: String,
    }

    /// One search the time manager remembers (`ClockMemory96`'s entries).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Cost {
        /// Its depth.
        pub depth: u32,
        /// Its nodes.
        pub nodes: f64,
        /// Its milliseconds.
        pub time_ms: f64,
    }

    /// The time manager's memory between moves (`ClockMemory96`).
    #[derive(Serialize)]
    pub struct ClockMemory {
        /// The last searches, oldest first (at most two).
        pub history: Vec<Cost>,
    }

    /// A progress report or the result of a search (`Search96Report`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct SearchReport {
        /// Always 96.
        pub board: u32,
        /// The best move (`"pa"` for a forced pass), `null` at game over.
        pub best: Option<String>,
        /// The value for the side to move in discs.
        pub score: f64,
        /// The value in the evaluation's unit (hundredths of a disc for the
        /// smart evaluation's depth values), as the CLI prints it.
        pub value: i32,
        /// `"depth"` or `"exact"`.
        pub kind: &'static str,
        /// The deepest completed depth (the empty cells for a solve).
        pub depth: u32,
        /// The principal variation.
        pub pv: Vec<String>,
        /// Nodes visited.
        pub nodes: f64,
        /// Nodes per second.
        pub nps: f64,
        /// Milliseconds since the search started.
        pub elapsed_ms: f64,
        /// `"alphabeta"`, `"negascout"` or `"mtdf"`.
        pub algorithm: &'static str,
        /// `"greedy"` or `"smart"`.
        pub evaluation: &'static str,
        /// On a clock: the time manager's memory for the side's next move.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub clock_memory: Option<ClockMemory>,
        /// On a clock: when a search of this move is abandoned (twice the
        /// allocation), in milliseconds.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub budget_ms: Option<f64>,
    }

    /// The value of one move (`MoveScore96`).
    #[derive(Serialize)]
    pub struct MoveScore {
        /// The move (`"pa"` for a forced pass).
        #[serde(rename = "move")]
        pub mv: String,
        /// Its value for the side to move in discs.
        pub score: f64,
        /// Its value in the evaluation's unit.
        pub value: i32,
        /// `"depth"` or `"exact"`.
        pub kind: &'static str,
        /// The depth (the empty cells for a solve).
        pub depth: u32,
    }
}

/// Reads a 96-square position: a position line or a transcript from the start.
fn read_game(text: &str) -> Result<(Format, Game), Error> {
    Ok(notation::parse_game(text)?)
}

fn read_position(text: &str) -> Result<Position, Error> {
    Ok(read_game(text)?.1.position())
}

/// `"red"` or `"white"`, as the package names the 96-square board's colours.
fn color_name(color: Color) -> &'static str {
    match color {
        RED => "red",
        Color::White => "white",
    }
}

/// The legal moves of a 96-square position, in reading order (a1, b1, ...,
/// j10); empty when the side to move must pass or the game is over.
pub fn legal_moves(position: &str) -> Result<Array, Error> {
    let names = move_names(&read_position(position)?);
    Ok(names.iter().map(|name| JsValue::from_str(name)).collect())
}

/// Plays `move` (a square name, or `pa` for a forced pass) in a 96-square
/// position and returns the new position line.
pub fn play(position: &str, mv: &str) -> Result<String, Error> {
    let next = play_move(&read_position(position)?, mv)?;
    Ok(line::write(&next))
}

/// The state of a 96-square position: `{board: 96, position, cells, toMove,
/// moves, status, red, white, empties}`.
pub fn status(position: &str) -> Result<Object, Error> {
    let position = read_position(position)?;
    let state = match position.board.status() {
        Status::Moves => "moves",
        Status::MustPass => "pass",
        Status::GameOver => "gameover",
    };
    let written = line::write(&position);
    let status = shapes::Status {
        board: 96,
        cells: written[..96].to_string(),
        position: written,
        to_move: color_name(position.to_move),
        moves: move_names(&position),
        status: state,
        red: position.discs(RED).count_ones(),
        white: position.white().count_ones(),
        empties: position.board.empty_count(),
    };
    Ok(to_js(&status)?.unchecked_into())
}

/// The score of a 96-square position from Red's side: `{red, white,
/// empties, discDifference, final, gameOver}`.
pub fn score(position: &str) -> Result<Object, Error> {
    position_score(&read_position(position)?)
}

/// Reads a 96-square transcript or position line: `{format, start, moves,
/// position, transcript}`.
pub fn parse_game(text: &str) -> Result<Object, Error> {
    let (format, game) = read_game(text)?;
    let parsed = shapes::ParsedGame {
        format: format.name(),
        start: line::write(&game.start()),
        moves: game.moves().iter().map(Move::to_string).collect(),
        position: line::write(&game.position()),
        transcript: transcript::write(&game),
    };
    Ok(to_js(&parsed)?.unchecked_into())
}

/// The limits' names a 96-square search takes.
const SEARCH_KEYS: &str = "board, depth, nodes, timeMs, algorithm, evaluation, clock or book";

/// The limits' names a 96-square analysis takes.
const ANALYZE_KEYS: &str = "board, depth, evaluation or book";

/// The depths of a search, as JS numbers.
const DEPTHS: (f64, f64) = (*DEPTHS_96.start() as f64, *DEPTHS_96.end() as f64);

/// `value` as a whole number from `low` to `high`, the limit `name`.
fn whole(name: &str, value: &JsValue, low: f64, high: f64) -> Result<f64, Error> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (low..=high).contains(&n) => Ok(n),
        _ => Err(refused(
            value,
            format!(
                "limits: {name} must be a whole number from {low} to {}, got {}",
                if high == MAX_SAFE_NUMBER {
                    "2^53 - 1".to_string()
                } else {
                    high.to_string()
                },
                describe(value)
            ),
        )),
    }
}

/// An error refusing `value` for its range (a number) or its type (anything else).
fn refused(value: &JsValue, message: String) -> Error {
    Error::new(Given::of(value).refused(), message)
}

/// `value` as a finite number of milliseconds, at least `low`.
fn milliseconds(name: &str, value: &JsValue, low: f64) -> Result<f64, Error> {
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= low => Ok(n),
        _ => Err(refused(
            value,
            format!(
                "limits: {name} must be a finite number of milliseconds, {low} or more, got {}",
                describe(value)
            ),
        )),
    }
}

/// `value` as one of `names`: another name is limits the engine refuses,
/// a value that is not a string an argument of the wrong type.
fn one_of<'a>(name: &str, value: &JsValue, names: &[&'a str]) -> Result<&'a str, Error> {
    value
        .as_string()
        .and_then(|text| names.iter().copied().find(|n| *n == text))
        .ok_or_else(|| {
            let kind = if value.is_string() {
                Kind::Limits
            } else {
                Kind::Argument
            };
            Error::new(
                kind,
                format!(
                    "limits: {name} must be '{}', got {}",
                    names.join("', '"),
                    describe(value)
                ),
            )
        })
}

/// Checks `board` (it must say 96: the facade sends nothing else here).
fn check_board(value: &JsValue) -> Result<(), Error> {
    match value.as_f64() {
        Some(96.0) => Ok(()),
        _ => Err(refused(
            value,
            format!(
                "limits: board must be 96 for the 96-square board, got {}",
                describe(value)
            ),
        )),
    }
}

/// The own properties of a limits-like object such as `example`,
/// `undefined` values left out.
fn properties(
    object: &JsValue,
    what: &str,
    example: &str,
) -> Result<Vec<(String, JsValue)>, Error> {
    if !object.is_object() || is_js_array(object) {
        return Err(Error::new(
            Kind::Argument,
            format!(
                "{what} must be an object such as {example}, got {}",
                describe(object)
            ),
        ));
    }
    Ok(own_properties(object, what)?
        .into_iter()
        .filter(|(_, value)| !value.is_undefined())
        .collect())
}

/// Reads one search of the time manager's memory.
fn read_cost(value: &JsValue, at: &str) -> Result<SearchCost, Error> {
    let (mut depth, mut nodes, mut time_ms) = (None, None, None);
    for (name, value) in properties(value, at, "{ depth: 8, nodes: 1000, timeMs: 5 }")? {
        let key = format!("{at}.{name}");
        match name.as_str() {
            "depth" => depth = Some(whole(&key, &value, 1.0, 64.0)? as u32),
            "nodes" => nodes = Some(whole(&key, &value, 0.0, MAX_SAFE_NUMBER)? as u64),
            "timeMs" => time_ms = Some(milliseconds(&key, &value, 0.0)?),
            other => {
                return Err(Error::new(Kind::Argument, format!(
                    "{at}: unknown key '{other}' (expected depth, nodes and timeMs, as a report's clockMemory has them)"
                )))
            }
        }
    }
    match (depth, nodes, time_ms) {
        (Some(depth), Some(nodes), Some(time_ms)) => Ok(SearchCost {
            depth,
            nodes,
            time_ms,
        }),
        _ => Err(Error::new(
            Kind::Limits,
            format!(
                "{at}: needs depth, nodes and timeMs (pass back a report's clockMemory unchanged)"
            ),
        )),
    }
}

/// Reads `clock.memory`: `{ history: [{depth, nodes, timeMs}, ...] }` as a
/// report's `clockMemory` gave it (at most two searches).
fn read_memory(value: &JsValue) -> Result<Vec<SearchCost>, Error> {
    if value.is_null() {
        return Ok(Vec::new());
    }
    let at = "limits: clock.memory";
    let mut history = Vec::new();
    for (name, list) in properties(value, at, "a report's clockMemory")? {
        if name != "history" {
            return Err(Error::new(
                Kind::Argument,
                format!("{at}: unknown key '{name}' (pass back a report's clockMemory unchanged)"),
            ));
        }
        if !is_js_array(&list) {
            return Err(Error::new(
                Kind::Argument,
                format!("{at}.history must be an array, got {}", describe(&list)),
            ));
        }
        let entries = own_properties(&list, &format!("{at}.history"))?;
        if entries.len() > 2 {
            return Err(Error::new(
                Kind::Limits,
                format!(
                    "{at}.history holds at most 2 searches, got {}",
                    entries.len()
                ),
            ));
        }
        for (index, entry) in entries {
            history.push(read_cost(&entry, &format!("{at}.history[{index}]"))?);
        }
    }
    Ok(history)
}

/// Reads `clock`: `{ remainingMs, memory? }`.
fn read_clock(value: &JsValue) -> Result<GameClock, Error> {
    let mut remaining = None;
    let mut history = Vec::new();
    for (name, value) in properties(value, "limits: clock", "{ remainingMs: 60000 }")? {
        match name.as_str() {
            "remainingMs" => remaining = Some(milliseconds("clock.remainingMs", &value, 0.0)?),
            "memory" => history = read_memory(&value)?,
            other => {
                return Err(Error::new(
                    Kind::Argument,
                    format!(
                        "limits: clock: unknown key '{other}' (expected remainingMs or memory)"
                    ),
                ))
            }
        }
    }
    let remaining_ms = remaining.ok_or_else(|| {
        Error::new(Kind::Limits, "limits: clock.remainingMs is missing (the time left on the clock of the side to move, in milliseconds)")
    })?;
    Ok(GameClock {
        remaining_ms,
        history,
    })
}

/// The `book` limit: `true` or `false`.
fn read_book(value: &JsValue) -> Result<bool, Error> {
    value.as_bool().ok_or_else(|| {
        Error::new(
            Kind::Argument,
            format!(
                "limits: book must be true or false, got {}",
                describe(value)
            ),
        )
    })
}

/// Search limits from a JS object (`board` must be 96).
fn read_search_limits(object: &JsValue) -> Result<Limits, Error> {
    let mut limits = Limits::default();
    let mut named_evaluation = false;
    let mut named_algorithm = false;
    for (name, value) in properties(object, "limits", "{ board: 96, depth: 6 }")? {
        match name.as_str() {
            "board" => check_board(&value)?,
            "depth" => limits.depth = Some(whole("depth", &value, DEPTHS.0, DEPTHS.1)? as u32),
            "nodes" => limits.nodes = Some(whole("nodes", &value, 1.0, MAX_SAFE_NUMBER)? as u64),
            "timeMs" => {
                let ms = milliseconds("timeMs", &value, 0.0)?;
                if ms <= 0.0 {
                    return Err(Error::new(
                        Kind::Range,
                        "limits: timeMs must be more than 0 milliseconds, got 0",
                    ));
                }
                limits.time_ms = Some(ms);
            }
            "algorithm" => {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                let chosen = one_of("algorithm", &value, &names)?;
                limits.algorithm = Algorithm::ALL
                    .into_iter()
                    .find(|a| a.name() == chosen)
                    .unwrap_or(Algorithm::AlphaBeta);
                named_algorithm = limits.algorithm != Algorithm::AlphaBeta;
            }
            "evaluation" => {
                let names: Vec<&str> = Evaluation::ALL.iter().map(|e| e.name()).collect();
                let chosen = one_of("evaluation", &value, &names)?;
                limits.evaluation = Evaluation::from_name(chosen).unwrap_or(Evaluation::Smart);
                named_evaluation = limits.evaluation != Evaluation::Smart;
            }
            "clock" => limits.clock = Some(read_clock(&value)?),
            "book" => limits.book = read_book(&value)?,
            other => {
                return Err(Error::new(
                    Kind::Argument,
                    format!(
                "limits: unknown option '{other}' for the 96-square board (expected {SEARCH_KEYS})"
            ),
                ))
            }
        }
    }
    if limits.clock.is_some() {
        let other = [
            (limits.depth.is_some(), "depth"),
            (limits.nodes.is_some(), "nodes"),
            (limits.time_ms.is_some(), "timeMs"),
            (named_algorithm, "algorithm (other than 'alphabeta')"),
            (named_evaluation, "evaluation (other than 'smart')"),
        ]
        .into_iter()
        .find(|(given, _)| *given);
        if let Some((_, name)) = other {
            return Err(Error::new(Kind::Limits, format!(
                "limits: clock cannot be combined with {name}: on the clock the time manager chooses the depth of the smart player's alpha-beta search"
            )));
        }
    }
    Ok(limits)
}

/// Analysis limits from a JS object: the depth and the evaluation.
fn read_analyze_limits(object: &JsValue) -> Result<(u32, Evaluation), Error> {
    let mut depth = engine::DEFAULT_DEPTH;
    let mut evaluation = Evaluation::Smart;
    for (name, value) in properties(object, "limits", "{ board: 96, depth: 6 }")? {
        match name.as_str() {
            "board" => check_board(&value)?,
            "depth" => depth = whole("depth", &value, DEPTHS.0, DEPTHS.1)? as u32,
            "evaluation" => {
                let names: Vec<&str> = Evaluation::ALL.iter().map(|e| e.name()).collect();
                let chosen = one_of("evaluation", &value, &names)?;
                evaluation = Evaluation::from_name(chosen).unwrap_or(Evaluation::Smart);
            }
            // Accepted so that a search's limits serve an analysis too; an
            // analysis searches every move whatever it says.
            "book" => read_book(&value).map(|_| ())?,
            other => {
                return Err(Error::new(Kind::Argument, format!(
                    "limits: unknown option '{other}' for an analysis on the 96-square board (expected {ANALYZE_KEYS})"
                )))
            }
        }
    }
    Ok((depth, evaluation))
}

fn nodes_per_second(nodes: u64, ms: f64) -> f64 {
    if ms > 0.0 {
        (nodes as f64 * 1000.0 / ms).floor()
    } else {
        0.0
    }
}

/// A report as JS receives it.
fn report_shape(report: &Report, limits: &Limits) -> shapes::SearchReport {
    let evaluation = if limits.clock.is_some() {
        Evaluation::Smart
    } else {
        limits.evaluation
    };
    shapes::SearchReport {
        board: 96,
        best: report.best.map(|mv| mv.to_string()),
        score: score_of(evaluation, report.kind, report.value),
        value: report.value,
        kind: report.kind.name(),
        depth: report.depth,
        pv: report.pv.iter().map(Move::to_string).collect(),
        nodes: report.nodes as f64,
        nps: nodes_per_second(report.nodes, report.elapsed_ms),
        elapsed_ms: report.elapsed_ms,
        algorithm: limits.algorithm.name(),
        evaluation: evaluation.name(),
        clock_memory: report.history.as_ref().map(|history| shapes::ClockMemory {
            history: history
                .iter()
                .map(|cost| shapes::Cost {
                    depth: cost.depth,
                    nodes: cost.nodes as f64,
                    time_ms: cost.time_ms,
                })
                .collect(),
        }),
        budget_ms: report.budget_ms,
    }
}

/// A value in discs: an exact value already is one.
fn score_of(evaluation: Evaluation, kind: engine::Kind, value: i32) -> f64 {
    match kind {
        engine::Kind::Exact if value.abs() <= 96 => f64::from(value),
        _ => evaluation.discs(value),
    }
}

/// Sends reports to a JS callback and asks a JS function whether to stop.
struct JsObserver<'a> {
    on_progress: Option<&'a Function>,
    should_stop: Option<&'a Function>,
    limits: &'a Limits,
    /// Whether `shouldStop` said so once (it is not asked again).
    stopped: Cell<bool>,
}

impl JsObserver<'_> {
    fn send(&self, report: &Report) {
        if let Some(callback) = self.on_progress {
            send_progress(callback, &report_shape(report, self.limits));
        }
    }
}

impl Observer for JsObserver<'_> {
    fn progress(&mut self, report: &Report) {
        self.send(report);
    }

    fn heartbeat(&mut self, report: &Report) {
        self.send(report);
    }

    fn should_stop(&mut self) -> bool {
        if self.stopped.get() {
            return true;
        }
        let stop = self.should_stop.is_some_and(stop_asked);
        self.stopped.set(stop);
        stop
    }
}

/// Searches a 96-square position within `limits` (`{board: 96, depth,
/// nodes, timeMs, algorithm, evaluation, clock}`; depth 6 with the smart
/// evaluation by default), calling `onProgress(report)` after each
/// completed depth and at least every 250 ms, polling `shouldStop()`.
/// Returns `{board: 96, best, score, value, kind, depth, pv, nodes, nps,
/// elapsedMs, algorithm, evaluation}` (and `clockMemory`, `budgetMs` on a
/// clock).
pub fn search(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
) -> Result<Object, Error> {
    let position = read_position(position)?;
    let limits = read_search_limits(&limits)?;
    let mut observer = JsObserver {
        on_progress: on_progress.as_ref(),
        should_stop: should_stop.as_ref(),
        limits: &limits,
        stopped: Cell::new(false),
    };
    let report = engine::search(&position, &limits, &JsClock, &mut observer);
    Ok(to_js(&report_shape(&report, &limits))?.unchecked_into())
}

fn move_score(evaluation: Evaluation, value: &MoveValue) -> shapes::MoveScore {
    shapes::MoveScore {
        mv: value.mv.to_string(),
        score: score_of(evaluation, value.kind, value.value),
        value: value.value,
        kind: value.kind.name(),
        depth: value.depth,
    }
}

/// Values every legal move of a 96-square position (`{board: 96, depth,
/// evaluation}`, depth 6 smart by default): `[{move, score, value, kind,
/// depth}]`, best first, the values the CLI's `analyze --board 96` prints.
/// A side that must pass has the one move `"pa"`; a finished game is an
/// error. `onProgress` hears the best move so far after each move;
/// `shouldStop()` ends it with the moves valued so far.
pub fn analyze(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
) -> Result<Array, Error> {
    let position = read_position(position)?;
    let (depth, evaluation) = read_analyze_limits(&limits)?;
    let report_limits = Limits {
        depth: Some(depth),
        evaluation,
        ..Limits::default()
    };
    let mut observer = JsObserver {
        on_progress: on_progress.as_ref(),
        should_stop: should_stop.as_ref(),
        limits: &report_limits,
        stopped: Cell::new(false),
    };
    let analysis = engine::analyze(&position, depth, evaluation, &JsClock, &mut observer)
        .map_err(|e| Error::new(Kind::Engine, format!("analyze: {e}")))?;
    let moves: Vec<shapes::MoveScore> = analysis
        .moves
        .iter()
        .map(|value| move_score(evaluation, value))
        .collect();
    Ok(to_js(&moves)?.unchecked_into())
}
