//! Reading JS values at the boundary and making them: whether a value is an
//! array, what a thrown value says, an object's own properties, a value as
//! an error message shows it, and results as plain JS values.
//!
//! A JS exception must never unwind through the module: it skips the
//! epilogues of the Rust frames it crosses, leaking the module's stack (a few
//! hundred such calls and the module traps). So the caller's code (a getter,
//! a Proxy trap, a callback) is only ever run through imports marked `catch`.

use js_sys::{Array, Function, Reflect};
use othello::settings;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::{Error, Kind};

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
pub fn is_js_array(value: &JsValue) -> bool {
    is_array(value).unwrap_or(false)
}

/// The message of a thrown JS `Error`, when it has a non-empty one.
pub fn error_message(thrown: &JsValue) -> Option<String> {
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
/// a getter or Proxy trap that throws is an argument error saying that
/// `what` (or `what.name`) could not be read.
pub fn own_properties(object: &JsValue, what: &str) -> Result<Vec<(String, JsValue)>, Error> {
    let unreadable = |what: &str, thrown: JsValue| {
        Error::new(
            Kind::Argument,
            format!("{what} could not be read: {}", thrown_text(&thrown)),
        )
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

/// A value as an error message shows it: a string quoted, a number as JS
/// writes it, `null`, or the type of anything else.
pub fn describe(value: &JsValue) -> String {
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

/// A result as a plain JS value: structs as plain objects, vectors as
/// arrays, `None` as `null` (fields skipped when `None` are absent).
pub fn to_js(value: &impl Serialize) -> Result<JsValue, Error> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| Error::new(Kind::Engine, format!("result: {e}")))
}

/// Sends a progress report (a result shape) to the caller's `onProgress`;
/// what the callback throws is ignored (the search goes on).
pub fn send_progress(on_progress: &Function, report: &impl Serialize) {
    if let Ok(value) = to_js(report) {
        let _ = on_progress.call1(&JsValue::NULL, &value);
    }
}

/// Whether the caller's `shouldStop()` asks a search to stop: a truthy
/// answer, or a throw.
pub fn stop_asked(should_stop: &Function) -> bool {
    should_stop
        .call0(&JsValue::NULL)
        .map(|answer| answer.is_truthy())
        .unwrap_or(true)
}
