//! The boundary's errors: a message and the kind of problem it reports.
//! The kind is decided here, from the type of the Rust error each one comes
//! from (and for a refused setting from the JS value given: see
//! `options::option_error`), never from the message; it becomes the JS
//! error's class (`TypeError`, `RangeError` or `Error`) and its `code`, one
//! of the codes of `ERROR_CODES` in `pkg/errors.js`.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;

use othello::notation::{ggf::GgfError, NotationError};
use othello::players::PlayerError;
use othello::search::tt::AllocationError;
use othello_board96::notation::NotationError as Notation96Error;

/// What kind of problem an error reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An argument or option of the wrong type, or one the function does
    /// not take (a `TypeError`).
    Argument,
    /// A number outside its range, as an argument or a limit (a `RangeError`).
    Range,
    /// A position, transcript, OBF line or GGF record that cannot be read,
    /// or a game that cannot be written in the notation asked for.
    Notation,
    /// A move that is not legal in the position, or not a move.
    IllegalMove,
    /// Search limits the engine refuses, other than a number out of range.
    Limits,
    /// A player spec the engine does not know.
    Player,
    /// Data the engine was given to load (the explorer's index) that is
    /// not what it should be.
    Load,
    /// Any other failure of the engine.
    Engine,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::Argument,
        Kind::Range,
        Kind::Notation,
        Kind::IllegalMove,
        Kind::Limits,
        Kind::Player,
        Kind::Load,
        Kind::Engine,
    ];

    /// The error's `code`, as `ERROR_CODES` in `pkg/errors.js` has it.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Argument => "ERR_OTHELLO_ARGUMENT",
            Kind::Range => "ERR_OTHELLO_RANGE",
            Kind::Notation => "ERR_OTHELLO_NOTATION",
            Kind::IllegalMove => "ERR_OTHELLO_ILLEGAL_MOVE",
            Kind::Limits => "ERR_OTHELLO_LIMITS",
            Kind::Player => "ERR_OTHELLO_PLAYER",
            Kind::Load => "ERR_OTHELLO_LOAD",
            Kind::Engine => "ERR_OTHELLO_ENGINE",
        }
    }
}

/// Whether a refused value was a number: a number outside its range is a
/// range error, any other value where a number belongs an argument error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// A JS number (`NaN` and the infinities too).
    Number,
    /// Any other JS value, or none.
    Other,
}

impl Given {
    /// What `value` is.
    pub fn of(value: &JsValue) -> Given {
        if value.as_f64().is_some() {
            Given::Number
        } else {
            Given::Other
        }
    }

    /// The kind of an error refusing this value for its range or its type.
    pub fn refused(self) -> Kind {
        match self {
            Given::Number => Kind::Range,
            Given::Other => Kind::Argument,
        }
    }
}

/// An error as it crosses to JS: its kind and its message (boxed, so that
/// a `Result` that may hold one stays small).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(Box<Failure>);

/// What an [`Error`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Failure {
    kind: Kind,
    message: String,
}

impl Error {
    /// An error of `kind` saying `message`.
    pub fn new(kind: Kind, message: impl std::fmt::Display) -> Error {
        Error(Box::new(Failure {
            kind,
            message: message.to_string(),
        }))
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> Kind {
        self.0.kind
    }

    /// What was wrong, and where.
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl From<Error> for JsValue {
    /// A `TypeError` for [`Kind::Argument`], a `RangeError` for
    /// [`Kind::Range`], an `Error` for the others, with the kind's `code`.
    /// Not inlined: every export returns through it.
    #[inline(never)]
    fn from(error: Error) -> JsValue {
        let value: JsValue = match error.kind() {
            Kind::Argument => js_sys::TypeError::new(error.message()).into(),
            Kind::Range => js_sys::RangeError::new(error.message()).into(),
            _ => js_sys::Error::new(error.message()).into(),
        };
        // A property of a new Error: setting it cannot fail.
        let _ = Reflect::set(
            &value,
            &JsValue::from_str("code"),
            &JsValue::from_str(error.kind().code()),
        );
        value
    }
}

impl From<NotationError> for Error {
    fn from(error: NotationError) -> Error {
        Error::new(Kind::Notation, error)
    }
}

impl From<GgfError> for Error {
    fn from(error: GgfError) -> Error {
        Error::new(Kind::Notation, error)
    }
}

impl From<Notation96Error> for Error {
    fn from(error: Notation96Error) -> Error {
        Error::new(Kind::Notation, error)
    }
}

impl From<PlayerError> for Error {
    /// A spec the engine does not know; or a table it could not allocate.
    fn from(error: PlayerError) -> Error {
        let kind = match error {
            PlayerError::Spec(_) => Kind::Player,
            PlayerError::Table(_) => Kind::Engine,
        };
        Error::new(kind, error)
    }
}

impl From<AllocationError> for Error {
    fn from(error: AllocationError) -> Error {
        Error::new(Kind::Engine, error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes of `ERROR_CODES` in `pkg/errors.js`.
    fn package_codes() -> Vec<String> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../pkg/errors.js");
        let text = std::fs::read_to_string(path).expect("pkg/errors.js");
        let start = text
            .find("ERROR_CODES = Object.freeze({")
            .expect("ERROR_CODES");
        let end = start + text[start..].find("});").expect("the end of ERROR_CODES");
        text[start..end]
            .split('\'')
            .filter(|part| part.starts_with("ERR_OTHELLO_"))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_kind_has_a_code_of_the_package() {
        let codes = package_codes();
        assert!(codes.len() > Kind::ALL.len(), "{codes:?}");
        for kind in Kind::ALL {
            assert!(
                codes.iter().any(|code| code == kind.code()),
                "{kind:?}: {} is not in ERROR_CODES of pkg/errors.js",
                kind.code()
            );
        }
    }

    #[test]
    fn the_engine_s_errors_have_the_kind_of_their_type() {
        let Err(spec) = othello::players::Player::from_spec("bogus") else {
            panic!("bogus is not a player");
        };
        assert_eq!(Error::from(spec).kind(), Kind::Player);
        let Err(notation) = othello::notation::parse_game("f5f5") else {
            panic!("f5f5 is not a game");
        };
        assert_eq!(Error::from(notation).kind(), Kind::Notation);
        let Err(notation96) = othello_board96::notation::parse_game("e4z9") else {
            panic!("e4z9 is not a 96-square game");
        };
        assert_eq!(Error::from(notation96).kind(), Kind::Notation);
    }
}
