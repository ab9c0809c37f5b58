//! Which board a call is for. Every export of the rules and the searches
//! takes either board: the 8x8 board or the 96-square board of the CS 221
//! report (module `board96`). The caller names it (a last `board`
//! argument of 8 or 96; for a search, also `limits.board`), or else the
//! position's text tells: a text the 8x8 board cannot read that looks like
//! a 96-square position is one, anything else is for the 8x8 board (whose
//! reader then says what is wrong, with a hint when the text looks like a
//! 96-square position).

use wasm_bindgen::prelude::*;

use othello_board96::notation as notation96;
use othello_board96::notation::transcript as transcript96;

use crate::error::{Error, Given, Kind};
use crate::js::{describe, error_message};

/// A board a call can be for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// The 8x8 board.
    Eight,
    /// The 96-square board of the CS 221 report.
    NinetySix,
}

/// The board `board` names for the export `name` (8 or 96), or when it is
/// `undefined` (or `null`) the one `text` is for. A number other than 8
/// or 96 is a `RangeError`, any other value a `TypeError`.
pub fn board_of(name: &str, board: &JsValue, text: &str) -> Result<BoardKind, Error> {
    if board.is_undefined() || board.is_null() {
        return Ok(board_of_text(text));
    }
    match board.as_f64() {
        Some(8.0) => Ok(BoardKind::Eight),
        Some(96.0) => Ok(BoardKind::NinetySix),
        _ => Err(Error::new(
            Given::of(board).refused(),
            format!("{name}: board must be 8 or 96, got {}", describe(board)),
        )),
    }
}

/// The board of a search or an analysis (the export `name`): `board` when
/// given, else `limits.board` when given, else the one `text` is for.
pub fn search_board_of(
    name: &str,
    board: &JsValue,
    limits: &JsValue,
    text: &str,
) -> Result<BoardKind, Error> {
    if !(board.is_undefined() || board.is_null()) || !limits.is_object() {
        return board_of(name, board, text);
    }
    let named = js_sys::Reflect::get(limits, &JsValue::from_str("board")).map_err(|thrown| {
        let reason = error_message(&thrown).unwrap_or_else(|| describe(&thrown));
        Error::new(
            Kind::Argument,
            format!("{name}: limits.board could not be read: {reason}"),
        )
    })?;
    board_of(name, &named, text)
}

/// The board `text` is for: the 96-square board when the 8x8 board cannot
/// read it and the 96-square board can, or it looks like a 96-square
/// position; else the 8x8 board (both read the empty text, the start).
pub fn board_of_text(text: &str) -> BoardKind {
    if othello::notation::parse_game(text).is_err()
        && (notation96::parse_game(text).is_ok() || looks_like_board96(text))
    {
        BoardKind::NinetySix
    } else {
        BoardKind::Eight
    }
}

/// Whether `text` looks like a 96-square position (a 96-cell position line,
/// or a transcript with a square the 8x8 board lacks).
pub fn looks_like_board96(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    let cells = first.chars().count() == 96
        && first
            .chars()
            .all(|c| matches!(c.to_ascii_uppercase(), 'R' | 'W' | '-' | '.'));
    cells
        || (transcript96::looks_like::<othello_board96::Board>(text)
            && notation96::parse_game(text).is_ok()
            && text.to_ascii_lowercase().contains(['i', 'j', '9'])
            || text.contains("10"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_tells_the_board_when_the_caller_does_not() {
        let start96 = "------------------------------------------WR--------RW------------------------------------------ R";
        for (text, kind) in [
            ("", BoardKind::Eight),
            ("f5d6", BoardKind::Eight),
            ("e4d4", BoardKind::NinetySix),
            (start96, BoardKind::NinetySix),
            ("e4d4c4g5g7", BoardKind::NinetySix),
            ("e4j10", BoardKind::NinetySix),
            ("e4c3", BoardKind::Eight),
            ("zz", BoardKind::Eight),
        ] {
            assert_eq!(board_of_text(text), kind, "{text}");
        }
    }
}
