//! The JS boundary: the only module that knows wasm-bindgen.
//!
//! Positions cross as text (an OBF line, a transcript or a GGF record), moves
//! as square names, numbers as JS numbers; never as `u64`. Every bad input is
//! answered with a JS `Error` whose message says what was wrong. The
//! hand-written facade in `pkg/index.js` checks argument types before
//! calling in.

use crate::eval::Evaluation;
use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;

use std::cell::RefCell;

use crate::board::Status;
use crate::cli::{self, Host};
use crate::clock::Clock;
use crate::notation::{self, ggf, obf, transcript};
use crate::perft::{self, PassRule};
use crate::position::{Color, Move, Position};
use crate::search::{self, Engine, Limits, MoveScore, Observer, Progress, Solve};
use crate::square::Squares;
use crate::time_manager::{ClockState, TimeManager};
use crate::Game;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, present in windows, workers and Node.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The clock of the JS host.
struct JsClock;

impl Clock for JsClock {
    fn now_ms(&self) -> f64 {
        performance_now()
    }
}

/// Installs the panic hook so that a panic (a bug) reaches the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Sets `object[key] = value` on a plain object (which cannot fail).
fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// Reads a position given as an OBF line, a transcript or a GGF record.
fn read_game(text: &str) -> Result<Game, JsError> {
    notation::parse_game(text).map_err(error)
}

fn read_position(text: &str) -> Result<Position, JsError> {
    Ok(read_game(text)?.position())
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn move_names(position: &Position) -> Array {
    Squares(position.board.moves())
        .map(|square| JsValue::from_str(&square.to_string()))
        .collect()
}

/// The legal moves of a position as square names, a1 first (empty when the
/// side to move must pass or the game is over).
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(position: &str) -> Result<Array, JsError> {
    Ok(move_names(&read_position(position)?))
}

/// Plays `move` (a square name, or `pa`/`ps`/`--`/`pass`) and returns the
/// new position as an OBF line.
#[wasm_bindgen]
pub fn play(position: &str, mv: &str) -> Result<String, JsError> {
    let current = read_position(position)?;
    let parsed = transcript::parse_move(mv.trim())
        .ok_or_else(|| error(format!("move: '{mv}' is not a square or pass")))?;
    let next = current
        .play(parsed)
        .map_err(|reason| error(format!("move: {reason}")))?;
    Ok(obf::write_position(&next))
}

/// The state of a position: `{board, toMove, moves, status, black, white, empties}`
/// with `status` one of `"moves"`, `"pass"` (the side to move must pass) or `"gameover"`.
#[wasm_bindgen]
pub fn status(position: &str) -> Result<Object, JsError> {
    let position = read_position(position)?;
    let object = Object::new();
    set(&object, "position", obf::write_position(&position));
    set(&object, "board", obf::board_string(&position));
    set(&object, "toMove", color_name(position.to_move));
    set(&object, "moves", move_names(&position));
    let state = match position.status() {
        Status::Moves => "moves",
        Status::MustPass => "pass",
        Status::GameOver => "gameover",
    };
    set(&object, "status", state);
    set(&object, "black", position.black().count_ones());
    set(&object, "white", position.white().count_ones());
    set(&object, "empties", position.board.empty_count());
    Ok(object)
}

/// The score from Black's side: `{black, white, empties, discDifference,
/// final, gameOver}`, where `final` gives the empty squares to the winner.
#[wasm_bindgen]
pub fn score(position: &str) -> Result<Object, JsError> {
    let position = read_position(position)?;
    let object = Object::new();
    set(&object, "black", position.black().count_ones());
    set(&object, "white", position.white().count_ones());
    set(&object, "empties", position.board.empty_count());
    set(&object, "discDifference", position.disc_difference());
    set(&object, "final", position.final_score());
    set(&object, "gameOver", position.status() == Status::GameOver);
    Ok(object)
}

/// Reads a game or position in any notation: `{format, start, moves,
/// position, transcript, ggf}` with positions as OBF lines and moves as
/// names (passes explicit as `pa`).
#[wasm_bindgen(js_name = parseGame)]
pub fn parse_game(text: &str) -> Result<Object, JsError> {
    let game = read_game(text)?;
    let object = Object::new();
    let format = match notation::detect(text) {
        notation::Format::Transcript => "transcript",
        notation::Format::Obf => "obf",
        notation::Format::Ggf => "ggf",
    };
    set(&object, "format", format);
    set(&object, "start", obf::write_position(&game.start()));
    let moves: Array = game
        .moves()
        .iter()
        .map(|mv| JsValue::from_str(&mv.to_string()))
        .collect();
    set(&object, "moves", moves);
    set(&object, "position", obf::write_position(&game.position()));
    set(&object, "transcript", transcript::write(&game));
    let record = ggf::GgfGame {
        game,
        tags: Vec::new(),
    };
    set(&object, "ggf", ggf::write(&record));
    Ok(object)
}

/// Reads the GGF tags given as a JS object `{ PB: "Alice", PW: "Bob", ... }`:
/// names of capital letters that are not the ones the record writes itself.
fn read_tags(object: &JsValue) -> Result<Vec<(String, String)>, JsError> {
    if object.is_undefined() || object.is_null() {
        return Ok(Vec::new());
    }
    if !object.is_object() || Array::is_array(object) {
        return Err(error(
            "formatGame: tags must be an object such as { PB: 'Alice', PW: 'Bob' }",
        ));
    }
    let object: &Object = object.unchecked_ref();
    let mut tags = Vec::new();
    for key in Object::keys(object).iter() {
        let name = key.as_string().unwrap_or_default();
        let valid = (1..=8).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_uppercase());
        if !valid || ["GM", "TY", "BO", "B", "W"].contains(&name.as_str()) {
            return Err(error(format!(
                "formatGame: tag '{name}' is not a GGF property name of capital letters \
                 other than GM, TY, BO, B and W"
            )));
        }
        let value = Reflect::get(object, &key).unwrap_or(JsValue::UNDEFINED);
        let value = value.as_string().ok_or_else(|| {
            error(format!(
                "formatGame: tag {name} must be a string, got {}",
                describe(&value)
            ))
        })?;
        tags.push((name, value));
    }
    Ok(tags)
}

/// Writes a game or position given in any notation as `format`: `"obf"`
/// (the position after the moves), `"transcript"` (the moves, passes
/// implicit; only for games from the standard start) or `"ggf"` (a record
/// with the start position, the moves, the tags of a GGF input and then
/// `tags`, e.g. `{ PB: "Alice", PW: "Bob" }`).
#[wasm_bindgen(js_name = formatGame)]
pub fn format_game(text: &str, format: &str, tags: JsValue) -> Result<String, JsError> {
    let mut record = match notation::detect(text) {
        notation::Format::Ggf => ggf::parse(text).map_err(error)?,
        _ => ggf::GgfGame {
            game: read_game(text)?,
            tags: Vec::new(),
        },
    };
    let extra = read_tags(&tags)?;
    if format != "ggf" && !extra.is_empty() {
        return Err(error("formatGame: tags are only written in GGF"));
    }
    match format {
        "obf" => Ok(obf::write_position(&record.game.position())),
        "transcript" if record.game.start() != Position::START => Err(error(
            "formatGame: a transcript needs a game from the standard start position \
             (write it as OBF or GGF)",
        )),
        "transcript" => Ok(transcript::write(&record.game)),
        "ggf" => {
            for (name, value) in extra {
                record.tags.retain(|(old, _)| *old != name);
                record.tags.push((name, value));
            }
            Ok(ggf::write(&record))
        }
        other => Err(error(format!(
            "formatGame: notation '{other}' is not obf, transcript or ggf"
        ))),
    }
}

/// Panics on purpose, for the tests of the worker's crash recovery (a panic
/// traps the wasm module, which cannot be used afterwards). Not part of the
/// package's API.
#[doc(hidden)]
#[wasm_bindgen(js_name = crashForTests)]
pub fn crash_for_tests() {
    panic!("crashForTests: a deliberate panic");
}

/// Counts the leaves `depth` plies below the start position; `passFree`
/// chooses convention B (a pass costs no ply).
#[wasm_bindgen]
pub fn perft(depth: f64, pass_free: bool) -> Result<f64, JsError> {
    let max = f64::from(cli::MAX_PERFT_DEPTH);
    if !(depth.fract() == 0.0 && (0.0..=max).contains(&depth)) {
        return Err(error(format!(
            "perft: depth {depth} is not a whole number from 0 to {max}"
        )));
    }
    let rule = if pass_free {
        PassRule::Free
    } else {
        PassRule::Ply
    };
    Ok(perft::perft(&crate::Board::START, depth as u32, rule) as f64)
}

/// Prints and reads files through JS functions.
struct JsHost<'a> {
    print: &'a Function,
    read_file: &'a Function,
}

impl Host for JsHost<'_> {
    fn print(&mut self, line: &str) {
        let _ = self.print.call1(&JsValue::NULL, &JsValue::from_str(line));
    }

    fn read_file(&mut self, path: &str) -> Result<String, String> {
        let text = self
            .read_file
            .call1(&JsValue::NULL, &JsValue::from_str(path))
            .map_err(|e| match e.dyn_ref::<js_sys::Error>() {
                Some(error) => String::from(error.message()),
                None => format!("{path}: cannot be read"),
            })?;
        text.as_string()
            .ok_or_else(|| format!("{path}: not a text file"))
    }
}

/// Runs a command line of the `othello` tool, printing each line through
/// `print` and reading files through `readFile(path) -> string`.
#[wasm_bindgen(js_name = runCli)]
pub fn run_cli(args: Vec<String>, print: &Function, read_file: &Function) -> Result<(), JsError> {
    let mut host = JsHost { print, read_file };
    cli::run(&args, &mut host, &JsClock).map_err(error)
}

/// The command-line usage text.
#[wasm_bindgen(js_name = cliUsage)]
pub fn cli_usage() -> String {
    cli::USAGE.to_string()
}

thread_local! {
    /// The engine and its transposition table, kept between searches.
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// Largest transposition table accepted, in MiB.
const MAX_TABLE_MB: f64 = 1024.0;

/// Runs `f` with the engine, creating it with the default table on first use.
fn with_engine<T>(f: impl FnOnce(&mut Engine) -> T) -> Result<T, JsError> {
    ENGINE.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| error("search: the engine is already searching"))?;
        if slot.is_none() {
            *slot = Some(Engine::try_new(search::DEFAULT_TABLE_MB).map_err(error)?);
        }
        match slot.as_mut() {
            Some(engine) => Ok(f(engine)),
            None => Err(error("search: the engine could not be created")),
        }
    })
}

/// Sets the transposition table size in MiB (1 to 1024; 32 by default),
/// clearing it.
#[wasm_bindgen(js_name = setTableSize)]
pub fn set_table_size(megabytes: f64) -> Result<(), JsError> {
    if !(megabytes.fract() == 0.0 && (1.0..=MAX_TABLE_MB).contains(&megabytes)) {
        return Err(error(format!(
            "setTableSize: {megabytes} is not a whole number of MiB from 1 to {MAX_TABLE_MB}"
        )));
    }
    ENGINE.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| error("setTableSize: the engine is searching"))?;
        // Free the old table first so that both never need memory at once.
        *slot = None;
        let engine = Engine::try_new(megabytes as usize)
            .map_err(|message| error(format!("setTableSize: {message}")))?;
        *slot = Some(engine);
        Ok(())
    })
}

/// Forgets what earlier searches stored in the transposition table.
#[wasm_bindgen(js_name = clearTable)]
pub fn clear_table() -> Result<(), JsError> {
    with_engine(Engine::clear)
}

/// Reads a whole number option from `value`, within `min..=max`.
fn whole(name: &str, value: &JsValue, min: f64, max: f64) -> Result<f64, JsError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (min..=max).contains(&n) => Ok(n),
        _ => Err(error(format!(
            "limits: {name} must be a whole number from {min} to {max}, got {}",
            describe(value)
        ))),
    }
}

/// A value as an error message shows it: a string quoted, a number as JS
/// writes it, `null`, or the type of anything else.
fn describe(value: &JsValue) -> String {
    if value.is_null() {
        return "null".to_string();
    }
    if Array::is_array(value) {
        return "an array".to_string();
    }
    match value.as_string() {
        Some(text) => format!("'{text}'"),
        None => value
            .as_f64()
            .map(number_text)
            .unwrap_or_else(|| value.js_typeof().as_string().unwrap_or_default()),
    }
}

/// A number as JS writes it (`Infinity`, not Rust's `inf`).
fn number_text(n: f64) -> String {
    if n.is_infinite() {
        if n > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else {
        n.to_string()
    }
}

fn flag(name: &str, value: &JsValue) -> Result<bool, JsError> {
    value.as_bool().ok_or_else(|| {
        error(format!(
            "limits: {name} must be true or false, got {}",
            describe(value)
        ))
    })
}

/// The `clock` limit: the side to move's game clock.
#[derive(Clone, Copy, Debug, PartialEq)]
struct GameClock {
    /// Time left on its clock, in milliseconds.
    remaining_ms: f64,
    /// Time added to its clock after each of its moves, in milliseconds.
    increment_ms: f64,
}

/// What a search was asked for, read from a JS limits object.
struct Request {
    /// The limits (with a clock, only its selectivity is used).
    limits: Limits,
    /// The evaluation to search with.
    evaluation: Evaluation,
    /// The game clock to play on, if any.
    clock: Option<GameClock>,
}

/// Reads a time in milliseconds from `clock.<name>`: a finite number, 0 or more.
fn clock_ms(name: &str, value: &JsValue) -> Result<f64, JsError> {
    match value.as_f64() {
        Some(ms) if ms.is_finite() && ms >= 0.0 => Ok(ms),
        _ => Err(error(format!(
            "limits: clock.{name} must be a finite number of milliseconds, 0 or more, got {}",
            describe(value)
        ))),
    }
}

/// Reads the `clock` limit: `{ remainingMs, incrementMs }` (increment 0 by default).
fn read_clock(value: &JsValue) -> Result<GameClock, JsError> {
    if !value.is_object() || Array::is_array(value) {
        return Err(error(format!(
            "limits: clock must be an object such as {{ remainingMs: 60000, incrementMs: 0 }}, got {}",
            describe(value)
        )));
    }
    let object: &Object = value.unchecked_ref();
    let mut remaining_ms = None;
    let mut increment_ms = 0.0;
    for key in Object::keys(object).iter() {
        let name = key.as_string().unwrap_or_default();
        let value = Reflect::get(object, &key).unwrap_or(JsValue::UNDEFINED);
        if value.is_undefined() {
            continue;
        }
        match name.as_str() {
            "remainingMs" => remaining_ms = Some(clock_ms("remainingMs", &value)?),
            "incrementMs" => increment_ms = clock_ms("incrementMs", &value)?,
            other => {
                return Err(error(format!(
                    "limits: clock: unknown option '{other}' (expected remainingMs or incrementMs)"
                )))
            }
        }
    }
    let remaining_ms = remaining_ms.ok_or_else(|| {
        error("limits: clock.remainingMs is missing (the time left on the clock of the side to move, in milliseconds)")
    })?;
    Ok(GameClock {
        remaining_ms,
        increment_ms,
    })
}

/// Search limits read from a JS object: `{depth, nodes, timeMs, exact, wld,
/// level, confidence, evaluation, clock}`, with the evaluation to search
/// with and the game clock to play on.
fn read_limits(object: &JsValue) -> Result<Request, JsError> {
    let mut limits = Limits::default();
    let mut evaluation = Evaluation::default();
    let mut clock = None;
    if object.is_undefined() || object.is_null() {
        return Ok(Request {
            limits,
            evaluation,
            clock,
        });
    }
    if !object.is_object() || Array::is_array(object) {
        return Err(error("limits: expected an object such as { depth: 10 }"));
    }
    let object: &Object = object.unchecked_ref();
    let mut given = Vec::new();
    for key in Object::keys(object).iter() {
        let name = key.as_string().unwrap_or_default();
        let value = Reflect::get(object, &key).unwrap_or(JsValue::UNDEFINED);
        if value.is_undefined() {
            continue;
        }
        if value.as_bool() != Some(false) {
            given.push(name.clone());
        }
        match name.as_str() {
            "depth" => limits.depth = Some(whole("depth", &value, 1.0, 60.0)? as u32),
            "nodes" => limits.nodes = Some(whole("nodes", &value, 1.0, 9.0e15)? as u64),
            "timeMs" => match value.as_f64() {
                Some(ms) if ms.is_finite() && ms > 0.0 => limits.time_ms = Some(ms),
                _ => {
                    return Err(error(format!(
                        "limits: timeMs must be a positive number of milliseconds, got {}",
                        describe(&value)
                    )))
                }
            },
            "level" => {
                let n = whole("level", &value, 1.0, 30.0)? as u32;
                let level = crate::search::level::Level::new(n)
                    .map_err(|e| error(format!("limits: {e}")))?
                    .limits();
                limits.depth = level.depth;
                limits.selectivity = level.selectivity;
                limits.exact_from = level.exact_from;
            }
            "confidence" => {
                let percent = whole("confidence", &value, 0.0, 100.0)? as u32;
                limits.selectivity = crate::search::probcut::selectivity(percent)
                    .map_err(|e| error(format!("limits: {e}")))?;
            }
            "evaluation" => {
                let name = value.as_string().ok_or_else(|| {
                    error(format!(
                        "limits: evaluation must be 'pattern' or 'standin', got {}",
                        describe(&value)
                    ))
                })?;
                evaluation = Evaluation::from_name(&name).map_err(|e| error(format!("limits: {e}")))?;
            }
            "exact" => {
                if flag("exact", &value)? {
                    limits.solve = Solve::Exact;
                }
            }
            "wld" => {
                if flag("wld", &value)? {
                    limits.solve = Solve::WinLossDraw;
                }
            }
            "clock" => clock = Some(read_clock(&value)?),
            other => {
                return Err(error(format!(
                    "limits: unknown option '{other}' (expected depth, nodes, timeMs, exact, wld, level, confidence, evaluation or clock)"
                )))
            }
        }
    }
    // The shared check names options as the CLI does (`time-ms`); here they are JS keys.
    let key = |name: &str| {
        if name == "time-ms" {
            "timeMs".to_string()
        } else {
            name.to_string()
        }
    };
    let has = |name: &str| given.iter().any(|given| *given == key(name));
    crate::search::level::check_exclusive(&has, &key).map_err(|e| error(format!("limits: {e}")))?;
    Ok(Request {
        limits,
        evaluation,
        clock,
    })
}

fn move_value(mv: Option<Move>) -> JsValue {
    mv.map_or(JsValue::NULL, |m| JsValue::from_str(&m.to_string()))
}

/// A progress report or result as a plain object, with the hard limit the
/// time manager gave the move (`budgetMs`) for a search on a game clock.
fn progress_object(p: &Progress, budget_ms: Option<f64>) -> Object {
    let object = Object::new();
    set(&object, "best", move_value(p.best));
    set(&object, "score", p.score);
    set(&object, "kind", p.kind.name());
    set(&object, "depth", p.depth);
    set(&object, "selectivity", p.selectivity);
    let pv: Array =
        p.pv.iter()
            .map(|m| JsValue::from_str(&m.to_string()))
            .collect();
    set(&object, "pv", pv);
    set(&object, "nodes", p.nodes as f64);
    set(&object, "nps", p.nps as f64);
    set(&object, "elapsedMs", p.elapsed_ms);
    if let Some(ms) = budget_ms {
        set(&object, "budgetMs", ms);
    }
    object
}

fn move_score_object(m: &MoveScore) -> Object {
    let object = Object::new();
    set(&object, "move", m.mv.to_string());
    set(&object, "score", m.score);
    set(&object, "kind", m.kind.name());
    set(&object, "depth", m.depth);
    set(&object, "selectivity", m.selectivity);
    object
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
            let _ = callback.call1(&JsValue::NULL, &progress_object(progress, self.budget_ms));
        }
    }

    fn should_stop(&mut self) -> bool {
        self.should_stop
            .map(|f| {
                f.call0(&JsValue::NULL)
                    .map(|v| v.is_truthy())
                    .unwrap_or(true)
            })
            .unwrap_or(false)
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
/// selectivity, pv, nodes, nps, elapsedMs}` (and `budgetMs` on a clock).
#[wasm_bindgen]
pub fn search(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
) -> Result<Object, JsError> {
    let position = read_position(position)?;
    let request = read_limits(&limits)?;
    let board = position.board;
    let state = request.clock.map(|clock| ClockState {
        remaining_ms: clock.remaining_ms,
        increment_ms: clock.increment_ms,
        empties: board.empty_count(),
    });
    let manager = TimeManager::default();
    let mut observer = JsObserver {
        on_progress: on_progress.as_ref(),
        should_stop: should_stop.as_ref(),
        budget_ms: state.map(|state| manager.budget(&state).hard_ms),
    };
    let result = with_engine(|engine| {
        engine.set_evaluation(request.evaluation);
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
    Ok(progress_object(&result, observer.budget_ms))
}

/// Scores every legal move of a position within `limits` (as for
/// [`search`]); returns `[{move, score, kind, depth, selectivity}]`, best
/// first (a single `"pa"` when the side to move must pass, empty when the
/// game is over).
#[wasm_bindgen]
pub fn analyze(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
) -> Result<Array, JsError> {
    let position = read_position(position)?;
    let request = read_limits(&limits)?;
    if request.clock.is_some() {
        return Err(error(
            "limits: analyze does not take a clock (it scores every move; a clock is for \
             choosing one: use search, or give analyze a timeMs)",
        ));
    }
    let mut observer = JsObserver {
        on_progress: on_progress.as_ref(),
        should_stop: should_stop.as_ref(),
        budget_ms: None,
    };
    let analysis = with_engine(|engine| {
        engine.set_evaluation(request.evaluation);
        engine.analyze(&position.board, &request.limits, &JsClock, &mut observer)
    })?;
    Ok(analysis.moves.iter().map(move_score_object).collect())
}

/// The static evaluation of a position for the side to move, in discs:
/// the learned pattern evaluation, or the one named (`'pattern'` or `'standin'`).
#[wasm_bindgen]
pub fn evaluate(position: &str, evaluation: Option<String>) -> Result<i32, JsError> {
    let evaluation = match evaluation {
        None => Evaluation::default(),
        Some(name) => Evaluation::from_name(&name).map_err(|e| error(format!("evaluate: {e}")))?,
    };
    Ok(evaluation.evaluate(&read_position(position)?.board))
}

/// The default transposition table size in MiB.
#[wasm_bindgen(js_name = defaultTableSize)]
pub fn default_table_size() -> u32 {
    search::DEFAULT_TABLE_MB as u32
}

/// The move the player named by `spec` (`random`, `maximizer:<eval>`,
/// `minimax:<depth>:<eval>`, `alphabeta:<depth>:<eval>`, `iago:<depth>`,
/// `bill:<depth>`, `engine:<key=value,...>`) makes in `position`: a square
/// name, or `"pass"`. `seed` (a whole number) drives the random player.
#[wasm_bindgen(js_name = playerMove)]
pub fn player_move(spec: &str, position: &str, seed: f64) -> Result<String, JsError> {
    let position = read_position(position)?;
    crate::players::player_move(spec, &position, seed, &JsClock).map_err(error)
}
