//! Positions and games as the 8x8 functions read them (an OBF line, a
//! transcript or a GGF record), and `parseGame` and `formatGame`.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use othello::notation::{self, ggf, obf, transcript};
use othello::position::Position;
use othello::Game;

use crate::board::{board_of, looks_like_board96, BoardKind};
use crate::board96;
use crate::error::{Error, Kind};
use crate::js::{describe, is_js_array, own_properties, to_js};
use crate::shapes;

/// Reads a position given as an OBF line, a transcript or a GGF record.
pub fn read_game(text: &str) -> Result<Game, Error> {
    notation::parse_game(text).map_err(|e| {
        if looks_like_board96(text) {
            Error::new(
                Kind::Notation,
                format!("{e} (this looks like a 96-square position: pass {{ board: 96 }})"),
            )
        } else {
            Error::from(e)
        }
    })
}

/// The position a text gives (after its moves, for a game).
pub fn read_position(text: &str) -> Result<Position, Error> {
    Ok(read_game(text)?.position())
}

/// Reads a game or position in any notation: `{format, start, moves,
/// position, transcript, ggf}` with positions as OBF lines and moves as
/// names (passes explicit as `pa`); on the 96-square board a transcript or
/// position line, `{format, start, moves, position, transcript}`.
#[wasm_bindgen(js_name = parseGame)]
pub fn parse_game(text: &str, board: JsValue) -> Result<Object, Error> {
    if board_of("parseGame", &board, text)? == BoardKind::NinetySix {
        return board96::parse_game(text);
    }
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

/// A name that cannot be a GGF tag, as the error of `formatGame` shows it:
/// a key of `tags` the function does not take.
fn tag_error(e: ggf::TagError) -> Error {
    Error::new(
        Kind::Argument,
        format!("formatGame: {}", e.to_string().trim_start_matches("ggf: ")),
    )
}

/// Reads the GGF tags given as a JS object `{ PB: "Alice", PW: "Bob", ... }`
/// as `(name, value)` pairs; the engine's [`ggf::check_tag_name`] says which
/// names can be tags.
fn read_tags(object: &JsValue) -> Result<Vec<(String, String)>, Error> {
    if object.is_undefined() || object.is_null() {
        return Ok(Vec::new());
    }
    if !object.is_object() || is_js_array(object) {
        return Err(Error::new(
            Kind::Argument,
            "formatGame: tags must be an object such as { PB: 'Alice', PW: 'Bob' }",
        ));
    }
    let mut tags = Vec::new();
    for (name, value) in own_properties(object, "formatGame: tags")? {
        ggf::check_tag_name(&name).map_err(tag_error)?;
        let value = value.as_string().ok_or_else(|| {
            Error::new(
                Kind::Argument,
                format!(
                    "formatGame: tag {name} must be a string, got {}",
                    describe(&value)
                ),
            )
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
pub fn format_game(text: &str, format: &str, tags: JsValue) -> Result<String, Error> {
    let mut record = match notation::detect(text) {
        notation::Format::Ggf => ggf::parse(text)?,
        _ => ggf::GgfGame {
            game: read_game(text)?,
            tags: Vec::new(),
        },
    };
    let extra = read_tags(&tags)?;
    if format != "ggf" && !extra.is_empty() {
        return Err(Error::new(
            Kind::Argument,
            "formatGame: tags are only written in GGF",
        ));
    }
    match format {
        "obf" => Ok(obf::write_position(&record.game.position())),
        "transcript" if record.game.start() != Position::START => Err(Error::new(
            Kind::Notation,
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
        other => Err(Error::new(
            Kind::Argument,
            format!("formatGame: notation '{other}' is not obf, transcript or ggf"),
        )),
    }
}
