//! The rules: legal moves, playing a move, a position's status and score
//! on either board (the 96-square board's in module `board96`, chosen by
//! module `board`), and the 8x8 board's perft.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use othello::notation::obf;
use othello::notation::transcript;
use othello::perft::{self, PassRule};
use othello::position::Color;
use othello::rules::{self, Bitboard, Rules, Status};

use crate::board::{board_of, BoardKind};
use crate::board96;
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

/// The legal moves of a position on either board as square names, lowest
/// square first (a1, then along the first row).
pub fn move_names<B: Rules>(position: &rules::Position<B>) -> Vec<String> {
    B::squares(position.board.moves())
        .map(|square| square.to_string())
        .collect()
}

/// `mv` (a square name, or `pa`/`ps`/`--`/`pass`) played in `position` on
/// either board, or why it cannot be.
pub fn play_move<B: Rules>(
    position: &rules::Position<B>,
    mv: &str,
) -> Result<rules::Position<B>, Error> {
    let parsed = transcript::parse_move::<B>(mv.trim()).ok_or_else(|| {
        Error::new(
            Kind::IllegalMove,
            format!("move: '{mv}' is not a square or pass"),
        )
    })?;
    position
        .play(parsed)
        .map_err(|reason| Error::new(Kind::IllegalMove, format!("move: {reason}")))
}

/// The score of a position on either board from the first player's side
/// (Black's, or Red's on the 96-square board).
pub fn position_score<B: Rules>(position: &rules::Position<B>) -> Result<Object, Error> {
    let first = position.black().count();
    let red = B::color_name(Color::Black) == "Red";
    let score = shapes::Score {
        black: (!red).then_some(first),
        red: red.then_some(first),
        white: position.white().count(),
        empties: position.board.empty_count(),
        disc_difference: position.disc_difference(),
        final_score: position.final_score(),
        game_over: position.status() == Status::GameOver,
    };
    Ok(to_js(&score)?.unchecked_into())
}

/// The legal moves of a position as square names, a1 first (empty when the
/// side to move must pass or the game is over), on `board` (8 or 96; when
/// undefined, the board the position's text is for).
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(position: &str, board: JsValue) -> Result<Array, Error> {
    if board_of("legalMoves", &board, position)? == BoardKind::NinetySix {
        return board96::legal_moves(position);
    }
    let names = move_names(&read_position(position)?);
    Ok(names.iter().map(|name| JsValue::from_str(name)).collect())
}

/// Plays `move` (a square name, or `pa`/`ps`/`--`/`pass`) and returns the
/// new position as an OBF line (a position line on the 96-square board).
#[wasm_bindgen]
pub fn play(position: &str, mv: &str, board: JsValue) -> Result<String, Error> {
    if board_of("play", &board, position)? == BoardKind::NinetySix {
        return board96::play(position, mv);
    }
    let next = play_move(&read_position(position)?, mv)?;
    Ok(obf::write_position(&next))
}

/// The state of a position: `{position, board, toMove, moves, status, black,
/// white, empties}` with `status` one of `"moves"`, `"pass"` (the side to move
/// must pass) or `"gameover"` (on the 96-square board `{board: 96,
/// position, cells, toMove, moves, status, red, white, empties}`).
#[wasm_bindgen]
pub fn status(position: &str, board: JsValue) -> Result<Object, Error> {
    if board_of("status", &board, position)? == BoardKind::NinetySix {
        return board96::status(position);
    }
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
/// final, gameOver}`, where `final` gives the empty squares to the winner
/// (from Red's side, `red` for `black`, on the 96-square board).
#[wasm_bindgen]
pub fn score(position: &str, board: JsValue) -> Result<Object, Error> {
    if board_of("score", &board, position)? == BoardKind::NinetySix {
        return board96::score(position);
    }
    position_score(&read_position(position)?)
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
