//! The JSON line every command ends with: one object, written by
//! `serde_json` from a typed value, so that a program (or a test) reads it
//! with any JSON parser, and the native and Node tools print the same line
//! for the same run.

use serde::Serialize;

/// `value` as one line of JSON.
pub fn line(value: &impl Serialize) -> String {
    // The summaries are structs of numbers, strings, lists and options:
    // they always serialize.
    serde_json::to_string(value).expect("a summary serializes")
}

/// Milliseconds as the summaries give them: whole.
pub fn whole_ms(ms: f64) -> u64 {
    ms.round().max(0.0) as u64
}

/// Time left on a clock, whole milliseconds (below 0 when it flagged), or
/// `None` (`null`) for a side without a clock.
pub fn ms_left(ms: Option<f64>) -> Option<i64> {
    ms.map(|ms| ms.round() as i64)
}

/// `value` rounded to `places` decimals, as the summaries give fractions.
pub fn round_to(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale
}

/// `value` when it is a number (an Elo of a match won or lost in every
/// game is infinite: `null` in the summary).
pub fn finite(value: f64) -> Option<f64> {
    value.is_finite().then_some(value)
}

/// The timing every summary ends with.
#[derive(Serialize)]
pub struct Timing {
    /// Nodes visited.
    pub nodes: u64,
    /// Milliseconds, whole.
    pub ms: u64,
    /// Nodes per second (0 when no time was measured).
    pub nps: u64,
}

impl Timing {
    /// The timing of `nodes` in `ms` milliseconds.
    pub fn of(nodes: u64, ms: f64) -> Timing {
        Timing {
            nodes,
            ms: whole_ms(ms),
            nps: crate::nodes_per_second(nodes, ms),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_is_one_line_of_json_in_field_order() {
        #[derive(Serialize)]
        struct Example<'a> {
            command: &'a str,
            text: &'a str,
            #[serde(flatten)]
            timing: Timing,
        }
        let written = line(&Example {
            command: "x",
            text: "a \"quoted\"\nline",
            timing: Timing::of(1500, 1000.4),
        });
        assert_eq!(
            written,
            r#"{"command":"x","text":"a \"quoted\"\nline","nodes":1500,"ms":1000,"nps":1499}"#
        );
    }
}
