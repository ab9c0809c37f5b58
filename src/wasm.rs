//! The JS boundary: the only module that knows wasm-bindgen.
//!
//! Positions cross as text (an OBF line, a transcript or a GGF record), moves
//! as square names, numbers as JS numbers; never as `u64`. Every bad input is
//! answered with a JS `Error` whose message says what was wrong. The
//! hand-written facade in `pkg/index.js` checks argument types before
//! calling in.

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::board::Status;
use crate::cli::{self, Host};
use crate::clock::Clock;
use crate::notation::{self, ggf, obf, transcript};
use crate::perft::{self, PassRule};
use crate::position::{Color, Position};
use crate::square::Squares;
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
