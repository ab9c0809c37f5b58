//! The boundary's errors.

use wasm_bindgen::prelude::*;

/// A JS `Error` with `message`.
pub fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}
