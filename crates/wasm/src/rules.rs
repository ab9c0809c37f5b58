//! The rules of the 8x8 board: legal moves, playing a move, a position's
//! status and score, and perft.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use othello::board::Status;
use othello::notation::obf;
use othello::notation::transcript;
use othello::perft::{self, PassRule};
use othello::position::{Color, Position};
use othello::square::Squares;

use crate::error::{Error, Kind};
use crate::js::to_js;
use crate::limits::PERFT_DEPTHS;
use crate::notation::read_position;
use crate::shapes;

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
pub fn legal_moves(position: &str) -> Result<Array, Error> {
    let names = move_names(&read_position(position)?);
    Ok(names.iter().map(|name| JsValue::from_str(name)).collect())
}

/// Plays `move` (a square name, or `pa`/`ps`/`--`/`pass`) and returns the
/// new position as an OBF line.
#[wasm_bindgen]
pub fn play(position: &str, mv: &str) -> Result<String, Error> {
    let current = read_position(position)?;
    let parsed = transcript::parse_move::<othello::Board>(mv.trim()).ok_or_else(|| {
        Error::new(
            Kind::IllegalMove,
            format!("move: '{mv}' is not a square or pass"),
        )
    })?;
    let next = current
        .play(parsed)
        .map_err(|reason| Error::new(Kind::IllegalMove, format!("move: {reason}")))?;
    Ok(obf::write_position(&next))
}

/// The state of a position: `{position, board, toMove, moves, status, black,
/// white, empties}` with `status` one of `"moves"`, `"pass"` (the side to move
/// must pass) or `"gameover"`.
#[wasm_bindgen]
pub fn status(position: &str) -> Result<Object, Error> {
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
pub fn score(position: &str) -> Result<Object, Error> {
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

/// Counts the leaves `depth` plies below the start position; `passFree`
/// chooses convention B (a pass costs no ply). Only depths whose counts a
/// JS number holds exactly ([`PERFT_DEPTHS`]).
#[wasm_bindgen]
pub fn perft(depth: f64, pass_free: bool) -> Result<f64, Error> {
    let (min, max) = (
        f64::from(*PERFT_DEPTHS.start()),
        f64::from(*PERFT_DEPTHS.end()),
    );
    if !(depth.fract() == 0.0 && (min..=max).contains(&depth)) {
        return Err(Error::new(
            Kind::Range,
            format!("perft: depth {depth} is not a whole number from {min} to {max}"),
        ));
    }
    let rule = if pass_free {
        PassRule::Free
    } else {
        PassRule::Ply
    };
    Ok(perft::perft(&othello::Board::START, depth as u32, rule) as f64)
}
