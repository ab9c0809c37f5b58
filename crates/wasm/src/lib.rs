//! The JS boundary: the only crate that knows wasm-bindgen.
//!
//! Positions cross as text (an OBF line, a transcript or a GGF record), moves
//! as square names, numbers as JS numbers; never as `u64`. Every bad input is
//! answered with a JS `Error` whose message says what was wrong. The
//! hand-written facade in `pkg/index.js` checks argument types before
//! calling in.

use js_sys::{Array, Function, Object, Reflect};
use othello::eval::Evaluation;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use std::cell::{Cell, RefCell};

use othello::board::Status;
use othello::clock::Clock;
use othello::engine::Engine;
use othello::notation::{self, ggf, obf, transcript};
use othello::perft::{self, PassRule};
use othello::players::Player;
use othello::position::{Color, Move, Position};
use othello::rng::Rng;
use othello::search::{self, MoveScore, Observer, Progress};
use othello::settings::{self, OptionError, OptionsReader, SearchOptions, Setting, Value};
use othello::square::Squares;
use othello::time_manager::{ClockState, TimeManager};
use othello::Game;
use othello_cli::{self as cli, Host};

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, present in windows, workers and Node.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

// A JS exception must never unwind through the module: it skips the
// epilogues of the Rust frames it crosses, leaking the module's stack (a few
// hundred such calls and the module traps). So the caller's code (a getter,
// a Proxy trap, a callback) is only ever run through imports marked `catch`.
#[wasm_bindgen]
extern "C" {
    /// `Object.keys(object)`; an `Err` holds what a Proxy trap threw.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(object: &JsValue) -> Result<Array, JsValue>;

    /// `Array.isArray(value)`; an `Err` for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// Whether `value` is an array (a revoked Proxy is not).
fn is_js_array(value: &JsValue) -> bool {
    is_array(value).unwrap_or(false)
}

/// The message of a thrown JS `Error`, when it has a non-empty one.
fn error_message(thrown: &JsValue) -> Option<String> {
    thrown.dyn_ref::<js_sys::Error>()?;
    Reflect::get(thrown, &JsValue::from_str("message"))
        .ok()?
        .as_string()
        .filter(|message| !message.is_empty())
}

/// What a thrown JS value says: an `Error`'s message, a string, or its type.
fn thrown_text(thrown: &JsValue) -> String {
    error_message(thrown)
        .or_else(|| thrown.as_string().filter(|text| !text.is_empty()))
        .unwrap_or_else(|| format!("a thrown {}", describe(thrown)))
}

/// The own enumerable properties of a JS object as `(name, value)` pairs;
/// a getter or Proxy trap that throws is an error saying that `what` (or
/// `what.name`) could not be read.
fn own_properties(object: &JsValue, what: &str) -> Result<Vec<(String, JsValue)>, JsError> {
    let unreadable = |what: &str, thrown: JsValue| {
        error(format!(
            "{what} could not be read: {}",
            thrown_text(&thrown)
        ))
    };
    let keys = object_keys(object).map_err(|thrown| unreadable(what, thrown))?;
    keys.iter()
        .map(|key| {
            let name = key.as_string().unwrap_or_default();
            let value = Reflect::get(object, &key)
                .map_err(|thrown| unreadable(&format!("{what}.{name}"), thrown))?;
            Ok((name, value))
        })
        .collect()
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

/// The result objects as JS receives them, each named after the interface
/// of `pkg/index.d.ts` that declares it (`tests/node/shapes.test.mjs` checks
/// their keys against it). Numbers are JS numbers: counts of nodes are `f64`,
/// never `u64` (which would cross as a BigInt).
#[cfg(target_feature = "atomics")]
mod pool;

mod board96;

mod shapes {
    use serde::Serialize;

    /// The state of a position (`Status`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Status {
        /// The position as an OBF line.
        pub position: String,
        /// The 64 squares a1..h8 as `X`, `O` or `-`.
        pub board: String,
        /// `"black"` or `"white"`.
        pub to_move: &'static str,
        /// The legal moves, a1 first.
        pub moves: Vec<String>,
        /// `"moves"`, `"pass"` or `"gameover"`.
        pub status: &'static str,
        /// Black discs.
        pub black: u32,
        /// White discs.
        pub white: u32,
        /// Empty squares.
        pub empties: u32,
    }

    /// The score of a position from Black's side (`Score`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Score {
        /// Black discs.
        pub black: u32,
        /// White discs.
        pub white: u32,
        /// Empty squares.
        pub empties: u32,
        /// Black discs minus White discs.
        pub disc_difference: i32,
        /// The disc difference with the empty squares given to the winner.
        #[serde(rename = "final")]
        pub final_score: i32,
        /// Whether neither side can move.
        pub game_over: bool,
    }

    /// A game read from any notation (`ParsedGame`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ParsedGame {
        /// `"transcript"`, `"obf"` or `"ggf"`.
        pub format: &'static str,
        /// The start position as an OBF line.
        pub start: String,
        /// The moves as square names, passes as `pa`.
        pub moves: Vec<String>,
        /// The position after the moves as an OBF line.
        pub position: String,
        /// The moves as a transcript.
        pub transcript: String,
        /// The game as a GGF record.
        pub ggf: String,
    }

    /// A progress report or the result of a search (`SearchReport`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct SearchReport {
        /// The best move, `null` when there is none (the game is over).
        pub best: Option<String>,
        /// Score for the side to move, in discs.
        pub score: i32,
        /// `"depth"`, `"wld"` or `"exact"`.
        pub kind: &'static str,
        /// Depth of the last completed iteration.
        pub depth: u32,
        /// Confidence of the selective cuts, in percent.
        pub confidence: u32,
        /// The principal variation.
        pub pv: Vec<String>,
        /// Nodes visited.
        pub nodes: f64,
        /// Nodes per second.
        pub nps: f64,
        /// Milliseconds since the search started.
        pub elapsed_ms: f64,
        /// The hard limit of a move on a game clock; absent otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub budget_ms: Option<f64>,
    }

    /// The score of one move, as analyze gives it (`MoveScore`).
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct MoveScore {
        /// The move (`"pa"` for a forced pass).
        #[serde(rename = "move")]
        pub mv: String,
        /// Its score for the side to move, in discs.
        pub score: i32,
        /// `"depth"`, `"wld"` or `"exact"`.
        pub kind: &'static str,
        /// Depth searched.
        pub depth: u32,
        /// Confidence of the selective cuts, in percent.
        pub confidence: u32,
    }
}

/// A result as a plain JS value: structs as plain objects, vectors as
/// arrays, `None` as `null` (fields skipped when `None` are absent).
fn to_js(value: &impl Serialize) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| error(format!("result: {e}")))
}

fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// Reads a position given as an OBF line, a transcript or a GGF record.
fn read_game(text: &str) -> Result<Game, JsError> {
    notation::parse_game(text).map_err(|e| {
        if board96::looks_like_board96(text) {
            error(format!(
                "{e} (this looks like a 96-square position: pass {{ board: 96 }})"
            ))
        } else {
            error(e)
        }
    })
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

fn move_names(position: &Position) -> Vec<String> {
    Squares(position.board.moves())
        .map(|square| square.to_string())
        .collect()
}

/// The legal moves of a position as square names, a1 first (empty when the
/// side to move must pass or the game is over).
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(position: &str) -> Result<Array, JsError> {
    let names = move_names(&read_position(position)?);
    Ok(names.iter().map(|name| JsValue::from_str(name)).collect())
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

/// The state of a position: `{position, board, toMove, moves, status, black,
/// white, empties}` with `status` one of `"moves"`, `"pass"` (the side to move
/// must pass) or `"gameover"`.
#[wasm_bindgen]
pub fn status(position: &str) -> Result<Object, JsError> {
    let position = read_position(position)?;
    let state = match position.status() {
        Status::Moves => "moves",
        Status::MustPass => "pass",
        Status::GameOver => "gameover",
    };
    let status = shapes::Status {
        position: obf::write_position(&position),
        board: obf::board_string(&position),
        to_move: color_name(position.to_move),
        moves: move_names(&position),
        status: state,
        black: position.black().count_ones(),
        white: position.white().count_ones(),
        empties: position.board.empty_count(),
    };
    Ok(to_js(&status)?.unchecked_into())
}

/// The score from Black's side: `{black, white, empties, discDifference,
/// final, gameOver}`, where `final` gives the empty squares to the winner.
#[wasm_bindgen]
pub fn score(position: &str) -> Result<Object, JsError> {
    let position = read_position(position)?;
    let score = shapes::Score {
        black: position.black().count_ones(),
        white: position.white().count_ones(),
        empties: position.board.empty_count(),
        disc_difference: position.disc_difference(),
        final_score: position.final_score(),
        game_over: position.status() == Status::GameOver,
    };
    Ok(to_js(&score)?.unchecked_into())
}

/// Reads a game or position in any notation: `{format, start, moves,
/// position, transcript, ggf}` with positions as OBF lines and moves as
/// names (passes explicit as `pa`).
#[wasm_bindgen(js_name = parseGame)]
pub fn parse_game(text: &str) -> Result<Object, JsError> {
    let game = read_game(text)?;
    let format = match notation::detect(text) {
        notation::Format::Transcript => "transcript",
        notation::Format::Obf => "obf",
        notation::Format::Ggf => "ggf",
    };
    let parsed = shapes::ParsedGame {
        format,
        start: obf::write_position(&game.start()),
        moves: game.moves().iter().map(|mv| mv.to_string()).collect(),
        position: obf::write_position(&game.position()),
        transcript: transcript::write(&game),
        ggf: ggf::write(&ggf::GgfGame {
            game,
            tags: Vec::new(),
        }),
    };
    Ok(to_js(&parsed)?.unchecked_into())
}

/// A GGF tag name as the error of `formatGame` shows it.
fn tag_error(e: ggf::TagError) -> JsError {
    error(format!(
        "formatGame: {}",
        e.to_string().trim_start_matches("ggf: ")
    ))
}

/// Reads the GGF tags given as a JS object `{ PB: "Alice", PW: "Bob", ... }`
/// as `(name, value)` pairs; the engine's [`ggf::check_tag_name`] says which
/// names can be tags.
fn read_tags(object: &JsValue) -> Result<Vec<(String, String)>, JsError> {
    if object.is_undefined() || object.is_null() {
        return Ok(Vec::new());
    }
    if !object.is_object() || is_js_array(object) {
        return Err(error(
            "formatGame: tags must be an object such as { PB: 'Alice', PW: 'Bob' }",
        ));
    }
    let mut tags = Vec::new();
    for (name, value) in own_properties(object, "formatGame: tags")? {
        ggf::check_tag_name(&name).map_err(tag_error)?;
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
/// with the start position, the moves and the tags of a GGF input, then
/// `tags`, e.g. `{ PB: "Alice", PW: "Bob" }`: a tag already there keeps its
/// place with the new value, a new one goes last).
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
            for (name, value) in &extra {
                record.set_tag(name, value).map_err(tag_error)?;
            }
            Ok(ggf::write(&record))
        }
        other => Err(error(format!(
            "formatGame: notation '{other}' is not obf, transcript or ggf"
        ))),
    }
}

/// Panics on purpose, for the tests of the worker's crash recovery (a panic
/// traps the wasm module, which cannot be used afterwards): on this thread,
/// or with `place` 1 (`pool::CRASH_IN_A_HELPER`) in a helper thread of the threaded
/// build's pool (on this thread where there is none). Only in the test
/// build (feature `test-hooks`); not part of the package's API.
#[cfg(feature = "test-hooks")]
#[doc(hidden)]
#[wasm_bindgen(js_name = crashForTests)]
pub fn crash_for_tests(place: u32) {
    #[cfg(target_feature = "atomics")]
    if place == pool::CRASH_IN_A_HELPER {
        pool::crash_a_helper();
    }
    let _ = place;
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
    Ok(perft::perft(&othello::Board::START, depth as u32, rule) as f64)
}

/// Prints and reads files through JS functions.
struct JsHost<'a> {
    print: &'a Function,
    read_file: &'a Function,
    read_line: &'a Function,
}

impl Host for JsHost<'_> {
    fn print(&mut self, line: &str) {
        let _ = self.print.call1(&JsValue::NULL, &JsValue::from_str(line));
    }

    fn read_file(&mut self, path: &str) -> Result<String, cli::CliError> {
        let text = self
            .read_file
            .call1(&JsValue::NULL, &JsValue::from_str(path))
            .map_err(|e| match error_message(&e) {
                Some(message) => cli::CliError::failed(message),
                None => cli::CliError::file(path, "cannot be read"),
            })?;
        text.as_string()
            .ok_or_else(|| cli::CliError::file(path, "not a text file"))
    }

    /// The next line from `readLine()`; a string ends the line, anything
    /// else (null, a throw) ends the input.
    fn read_line(&mut self) -> Option<String> {
        self.read_line
            .call0(&JsValue::NULL)
            .ok()
            .and_then(|line| line.as_string())
    }
}

/// Runs a command line of the `othello` tool, printing each line through
/// `print`, reading files through `readFile(path) -> string` and input
/// lines through `readLine() -> string | null` (null at the end).
#[wasm_bindgen(js_name = runCli)]
pub fn run_cli(
    args: Vec<String>,
    print: &Function,
    read_file: &Function,
    read_line: &Function,
) -> Result<(), JsError> {
    let mut host = JsHost {
        print,
        read_file,
        read_line,
    };
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
    /// The threads asked for by `setThreads`, kept when the engine is made anew.
    static THREADS: Cell<usize> = const { Cell::new(1) };
}

/// An engine with a table of about `table_mb` MiB, on the build's threads:
/// the threaded build's pool workers (as many as have joined, up to the
/// threads asked for), one thread in the single-thread build.
fn new_engine(table_mb: usize) -> Result<Engine, search::tt::AllocationError> {
    let mut engine = Engine::try_new(table_mb)?;
    use_threads(&mut engine);
    Ok(engine)
}

fn use_threads(engine: &mut Engine) {
    #[cfg(target_feature = "atomics")]
    engine.set_thread_pool(Some(std::sync::Arc::new(pool::Workers)));
    engine.set_threads(THREADS.get());
}

/// Searches and analyses from now on run on `threads` threads (1 to 64), or
/// on as many as this build has if fewer: in the threaded build the pool
/// workers that have joined and this thread, in the single-thread build
/// one. Returns the threads in use. Searches with only a node limit stay on
/// one thread (they are reproducible).
#[wasm_bindgen(js_name = setThreads)]
pub fn set_threads(threads: f64) -> Result<u32, JsError> {
    let mut reader = OptionsReader::new(|_| "setThreads: threads".to_string());
    read_value(&mut reader, Setting::Threads, &JsValue::from_f64(threads))
        .map_err(|e| error(e.to_string()))?;
    THREADS.set(threads as usize);
    with_engine(|engine| {
        use_threads(engine);
        engine.threads() as u32
    })
}

/// Whether this is the threaded build (shared memory, pool workers).
#[wasm_bindgen(js_name = threadedBuild)]
pub fn threaded_build() -> bool {
    cfg!(target_feature = "atomics")
}

/// Runs `f` with the engine, creating it with the default table on first use.
fn with_engine<T>(f: impl FnOnce(&mut Engine) -> T) -> Result<T, JsError> {
    ENGINE.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| error("search: the engine is already searching"))?;
        if slot.is_none() {
            *slot = Some(new_engine(othello::engine::DEFAULT_TABLE_MB).map_err(error)?);
        }
        match slot.as_mut() {
            Some(engine) => Ok(f(engine)),
            None => Err(error("search: the engine could not be created")),
        }
    })
}

/// Sets the transposition table size in MiB (1 to 4096, as far as the
/// memory holds it; 32 by default), clearing it.
#[wasm_bindgen(js_name = setTableSize)]
pub fn set_table_size(megabytes: f64) -> Result<(), JsError> {
    let mut reader = OptionsReader::new(|_| "setTableSize: megabytes".to_string());
    read_value(&mut reader, Setting::TableMb, &JsValue::from_f64(megabytes))
        .map_err(|e| error(e.to_string()))?;
    ENGINE.with(|cell| {
        let mut slot = cell
            .try_borrow_mut()
            .map_err(|_| error("setTableSize: the engine is searching"))?;
        // Free the old table first so that both never need memory at once.
        *slot = None;
        let engine =
            new_engine(megabytes as usize).map_err(|e| error(format!("setTableSize: {e}")))?;
        *slot = Some(engine);
        Ok(())
    })
}

/// Forgets what earlier searches stored in the transposition table.
#[wasm_bindgen(js_name = clearTable)]
pub fn clear_table() -> Result<(), JsError> {
    with_engine(Engine::clear)
}

/// A value as an error message shows it: a string quoted, a number as JS
/// writes it, `null`, or the type of anything else.
fn describe(value: &JsValue) -> String {
    if value.is_null() {
        return "null".to_string();
    }
    if is_js_array(value) {
        return "an array".to_string();
    }
    match value.as_string() {
        Some(text) => format!("'{text}'"),
        None => value
            .as_f64()
            .map(settings::number_text)
            .unwrap_or_else(|| value.js_typeof().as_string().unwrap_or_default()),
    }
}

/// The limits' names as JS callers write them (`timeMs`, `evaluation`, `clock`).
fn js_name(setting: Setting) -> String {
    match setting {
        Setting::TimeMs => "timeMs".to_string(),
        Setting::Evaluation => "evaluation".to_string(),
        Setting::Clock => "clock".to_string(),
        Setting::Increment => "clock.incrementMs".to_string(),
        Setting::TableMb => "tableMb".to_string(),
        Setting::ExactFrom => "exactFrom".to_string(),
        Setting::WldFrom => "wldFrom".to_string(),
        Setting::BookVariety => "bookVariety".to_string(),
        Setting::BookSeed => "bookSeed".to_string(),
        other => other.name().to_string(),
    }
}

/// The limits a JS caller may give (`clock` is an object read apart).
const JS_SETTINGS: [Setting; 12] = [
    Setting::Depth,
    Setting::Nodes,
    Setting::TimeMs,
    Setting::Exact,
    Setting::Wld,
    Setting::Level,
    Setting::Confidence,
    Setting::Evaluation,
    Setting::Clock,
    Setting::Book,
    Setting::BookVariety,
    Setting::BookSeed,
];

/// A refused limit as a JS error.
fn limits_error(error: OptionError) -> JsError {
    self::error(format!("limits: {error}"))
}

/// Gives `value` to the reader as the JS type it has.
fn read_value(
    reader: &mut OptionsReader,
    setting: Setting,
    value: &JsValue,
) -> Result<(), OptionError> {
    let text = value.as_string();
    let shown = describe(value);
    let value = match (&text, value.as_f64(), value.as_bool()) {
        (Some(text), _, _) => Value::Text(text),
        (None, Some(n), _) => Value::Number(n),
        (None, None, Some(flag)) => Value::Flag(flag),
        (None, None, None) => Value::Other(&shown),
    };
    reader.read(setting, value)
}

/// Reads the `clock` limit: `{ remainingMs, incrementMs }` (increment 0 by default).
fn read_clock(reader: &mut OptionsReader, value: &JsValue) -> Result<(), JsError> {
    if !value.is_object() || is_js_array(value) {
        return Err(error(format!(
            "limits: clock must be an object such as {{ remainingMs: 60000, incrementMs: 0 }}, got {}",
            describe(value)
        )));
    }
    let mut remaining = None;
    for (name, value) in own_properties(value, "limits: clock")? {
        if value.is_undefined() {
            continue;
        }
        match name.as_str() {
            "remainingMs" => remaining = Some(value),
            "incrementMs" => {
                read_value(reader, Setting::Increment, &value).map_err(limits_error)?
            }
            other => {
                return Err(error(format!(
                    "limits: clock: unknown option '{other}' (expected remainingMs or incrementMs)"
                )))
            }
        }
    }
    let remaining = remaining.ok_or_else(|| {
        error("limits: clock.remainingMs is missing (the time left on the clock of the side to move, in milliseconds)")
    })?;
    read_value(reader, Setting::Clock, &remaining).map_err(|e| match e {
        OptionError::NotClockTime { got, .. } => error(format!(
            "limits: clock.remainingMs must be a finite number of milliseconds, 0 or more, got {got}"
        )),
        other => limits_error(other),
    })
}

/// Search options read from a JS limits object: `{depth, nodes, timeMs,
/// exact, wld, level, confidence, evaluation, clock, book, bookVariety,
/// bookSeed}`, by the engine's one options reader.
fn read_limits(object: &JsValue) -> Result<SearchOptions, JsError> {
    let mut reader = OptionsReader::new(js_name);
    if object.is_undefined() || object.is_null() {
        return reader.finish().map_err(limits_error);
    }
    if !object.is_object() || is_js_array(object) {
        return Err(error("limits: expected an object such as { depth: 10 }"));
    }
    for (name, value) in own_properties(object, "limits")? {
        if value.is_undefined() {
            continue;
        }
        let setting = JS_SETTINGS
            .into_iter()
            .find(|&setting| js_name(setting) == name)
            .ok_or_else(|| limits_error(reader.unknown(&name, &JS_SETTINGS)))?;
        if setting == Setting::Clock {
            read_clock(&mut reader, &value)?;
        } else {
            read_value(&mut reader, setting, &value).map_err(limits_error)?;
        }
    }
    reader.finish().map_err(limits_error)
}

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
            if let Ok(report) = to_js(&progress_report(progress, self.budget_ms)) {
                let _ = callback.call1(&JsValue::NULL, &report);
            }
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
/// confidence, pv, nodes, nps, elapsedMs}` (and `budgetMs` on a clock).
#[wasm_bindgen]
pub fn search(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
) -> Result<Object, JsError> {
    let position = read_position(position)?;
    let request = read_limits(&limits)?.or_default_level();
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
/// game is over).
#[wasm_bindgen]
pub fn analyze(
    position: &str,
    limits: JsValue,
    on_progress: Option<Function>,
    should_stop: Option<Function>,
) -> Result<Array, JsError> {
    let position = read_position(position)?;
    let request = read_limits(&limits)?.or_default_level();
    let analysis_limits = request.analysis_limits(js_name).map_err(limits_error)?;
    let mut observer = JsObserver {
        on_progress: on_progress.as_ref(),
        should_stop: should_stop.as_ref(),
        budget_ms: None,
    };
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
    othello::engine::DEFAULT_TABLE_MB as u32
}

/// Largest seed accepted (every whole number up to it is exact in a double).
const MAX_SEED: f64 = 9_007_199_254_740_991.0;

/// The move the player named by `spec` (`random`, `maximizer:<eval>`,
/// `minimax:<depth>:<eval>`, `alphabeta:<depth>:<eval>`, `iago:<depth>`,
/// `bill:<depth>`, `engine:<key=value,...>`) makes in `position`: a square
/// name, or `"pa"` when the side to move must pass. `seed` (a whole number)
/// drives the random player.
#[wasm_bindgen(js_name = playerMove)]
pub fn player_move(spec: &str, position: &str, seed: f64) -> Result<String, JsError> {
    let position = read_position(position)?;
    if !(seed.is_finite() && seed.fract() == 0.0 && (0.0..=MAX_SEED).contains(&seed)) {
        let shown = if seed.abs() < 1e16 {
            seed.to_string()
        } else {
            format!("{seed:e}")
        };
        return Err(error(format!(
            "seed {shown} is not a whole number from 0 to {MAX_SEED}"
        )));
    }
    let mut player = Player::from_spec(spec).map_err(error)?;
    match position.status() {
        Status::GameOver => Err(error("the game is over: no player can move")),
        Status::MustPass => Ok(Move::Pass.to_string()),
        Status::Moves => {
            let mv = player.choose(&position, &mut Rng::new(seed as u64), &JsClock);
            Ok(mv.to_string())
        }
    }
}
