//! Search limits and single settings as JS gives them (`{ depth: 10 }`,
//! `setThreads(4)`), read by the engine's one options reader with the
//! names JS callers write.

use othello::settings::{OptionError, OptionsReader, SearchOptions, Setting, Value};
use wasm_bindgen::JsValue;

use crate::error::{Error, Given, Kind};
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
const JS_SETTINGS: [Setting; 13] = [
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
    Setting::Lines,
];

/// A refused setting as an error whose message follows `prefix`: a name
/// the caller does not have or a value of the wrong type is an argument
/// error, a number outside its range a range error, the rest (settings
/// that exclude each other, a confidence or an evaluation the engine does
/// not have) limits the engine refuses.
pub fn option_error(error: OptionError, given: Given, prefix: &str) -> Error {
    let kind = match &error {
        OptionError::Unknown { .. } | OptionError::NotFlag { .. } | OptionError::NotName { .. } => {
            Kind::Argument
        }
        OptionError::NotWhole { .. }
        | OptionError::NotPositiveTime { .. }
        | OptionError::NotClockTime { .. } => given.refused(),
        _ => Kind::Limits,
    };
    Error::new(kind, format!("{prefix}{error}"))
}

/// What a refused limit's message starts with.
const LIMITS: &str = "limits: ";

/// A refused limit (of the limits as a whole, no value in particular) as an error.
pub fn limits_error(error: OptionError) -> Error {
    option_error(error, Given::Other, LIMITS)
}

/// Gives `value` to the reader as the JS type it has.
fn give(reader: &mut OptionsReader, setting: Setting, value: &JsValue) -> Result<(), OptionError> {
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

/// Gives `value` to the reader; a refusal is an error of its kind
/// ([`option_error`]) whose message follows `prefix`.
pub fn read_value(
    reader: &mut OptionsReader,
    setting: Setting,
    value: &JsValue,
    prefix: &str,
) -> Result<(), Error> {
    give(reader, setting, value).map_err(|e| option_error(e, Given::of(value), prefix))
}

/// Reads the `clock` limit: `{ remainingMs, incrementMs }` (increment 0 by default).
fn read_clock(reader: &mut OptionsReader, value: &JsValue) -> Result<(), Error> {
    if !value.is_object() || is_js_array(value) {
        return Err(Error::new(
            Kind::Argument,
            format!(
                "limits: clock must be an object such as {{ remainingMs: 60000, incrementMs: 0 }}, got {}",
                describe(value)
            ),
        ));
    }
    let mut remaining = None;
    for (name, value) in own_properties(value, "limits: clock")? {
        if value.is_undefined() {
            continue;
        }
        match name.as_str() {
            "remainingMs" => remaining = Some(value),
            "incrementMs" => read_value(reader, Setting::Increment, &value, LIMITS)?,
            other => {
                return Err(Error::new(
                    Kind::Argument,
                    format!(
                    "limits: clock: unknown option '{other}' (expected remainingMs or incrementMs)"
                ),
                ))
            }
        }
    }
    let remaining = remaining.ok_or_else(|| {
        Error::new(
            Kind::Limits,
            "limits: clock.remainingMs is missing (the time left on the clock of the side to move, in milliseconds)",
        )
    })?;
    give(reader, Setting::Clock, &remaining).map_err(|e| match e {
        OptionError::NotClockTime { got, .. } => Error::new(
            Given::of(&remaining).refused(),
            format!(
                "limits: clock.remainingMs must be a finite number of milliseconds, 0 or more, got {got}"
            ),
        ),
        other => option_error(other, Given::of(&remaining), LIMITS),
    })
}

/// Search options read from a JS limits object: `{depth, nodes, timeMs,
/// exact, wld, level, confidence, evaluation, clock, book, bookVariety,
/// bookSeed, lines}`, by the engine's one options reader.
pub fn read_limits(object: &JsValue) -> Result<SearchOptions, Error> {
    let mut reader = OptionsReader::new(js_name);
    if object.is_undefined() || object.is_null() {
        return reader.finish().map_err(limits_error);
    }
    if !object.is_object() || is_js_array(object) {
        return Err(Error::new(
            Kind::Argument,
            "limits: expected an object such as { depth: 10 }",
        ));
    }
    for (name, value) in own_properties(object, "limits")? {
        if value.is_undefined() {
            continue;
        }
        // The board, which module `board` read: the 8x8 board's here.
        if name == "board" {
            if value.as_f64() == Some(8.0) {
                continue;
            }
            return Err(Error::new(
                Given::of(&value).refused(),
                format!(
                    "limits: board must be 8 for the 8x8 board, got {}",
                    describe(&value)
                ),
            ));
        }
        let setting = JS_SETTINGS
            .into_iter()
            .find(|&setting| js_name(setting) == name)
            .ok_or_else(|| limits_error(reader.unknown(&name, &JS_SETTINGS)))?;
        if setting == Setting::Clock {
            read_clock(&mut reader, &value)?;
        } else {
            read_value(&mut reader, setting, &value, LIMITS)?;
        }
    }
    reader.finish().map_err(limits_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(error: OptionError, given: Given) -> Kind {
        option_error(error, given, LIMITS).kind()
    }

    #[test]
    fn a_refused_setting_is_a_range_error_for_a_number_and_an_argument_error_for_another_type() {
        let not_whole = || OptionError::NotWhole {
            name: "depth".into(),
            min: 1,
            max: 60,
            got: "61".into(),
        };
        assert_eq!(kind(not_whole(), Given::Number), Kind::Range);
        assert_eq!(kind(not_whole(), Given::Other), Kind::Argument);
        let clock = OptionError::NotClockTime {
            name: "clock".into(),
            got: "-1".into(),
        };
        assert_eq!(kind(clock, Given::Number), Kind::Range);
        let flag = OptionError::NotFlag {
            name: "exact".into(),
            got: "'yes'".into(),
        };
        assert_eq!(kind(flag, Given::Other), Kind::Argument);
        let unknown = OptionError::Unknown {
            name: "deph".into(),
            expected: "depth".into(),
        };
        assert_eq!(kind(unknown, Given::Other), Kind::Argument);
        let exclusive = OptionError::Exclusive {
            first: "exact".into(),
            second: "wld".into(),
        };
        assert_eq!(kind(exclusive, Given::Other), Kind::Limits);
        assert_eq!(
            option_error(
                OptionError::LevelSets { what: "depth" },
                Given::Number,
                LIMITS
            )
            .message(),
            "limits: a level sets the depth: give a level or a depth, not both"
        );
    }
}
