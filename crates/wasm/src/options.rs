//! Search limits and single settings as JS gives them (`{ depth: 10 }`,
//! `setThreads(4)`), read by the engine's one options reader with the
//! names JS callers write.

use othello::search::options::{OptionError, OptionsReader, SearchOptions, Setting, Value};
use wasm_bindgen::prelude::*;

use crate::error::error;
use crate::js::{describe, is_js_array, own_properties};

/// The limits' names as JS callers write them (`timeMs`, `evaluation`, `clock`).
pub fn js_name(setting: Setting) -> String {
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
pub fn limits_error(error: OptionError) -> JsError {
    self::error(format!("limits: {error}"))
}

/// Gives `value` to the reader as the JS type it has.
pub fn read_value(
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
pub fn read_limits(object: &JsValue) -> Result<SearchOptions, JsError> {
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
