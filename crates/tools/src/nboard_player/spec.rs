//! The spec of a player outside the project that speaks the NBoard
//! protocol: `nboard:[<key=value,...>:]<command line>`.
//!
//! The command line is words separated by spaces (no quoting: a program
//! whose path has spaces needs a wrapper script); the options, if any, come
//! first and end at the first `:`: `depth` (sent as `set depth N`, which
//! most engines read as their level; none: the engine's own default) and
//! `timeout-ms` (the longest wait for any answer, [`DEFAULT_TIMEOUT_MS`]
//! unless given). The text before the first `:` is read as options when it
//! holds no space and each of its comma-separated pieces is `key=value`,
//! so `nboard::<command>` gives a command that would otherwise look like
//! options.

use std::fmt;

/// What a spec of this kind starts with.
pub const PREFIX: &str = "nboard:";

/// The longest wait for an answer unless `timeout-ms` says otherwise: long
/// enough for a deep level on a loaded machine, short enough that a hung
/// engine is reported within a minute.
pub const DEFAULT_TIMEOUT_MS: u64 = 60_000;

/// The longest `timeout-ms`: an hour.
pub const MAX_TIMEOUT_MS: u64 = 3_600_000;

/// The deepest `depth` (NBoard's depths and Egaroucid's levels go to 60).
pub const MAX_DEPTH: u32 = 60;

/// The keys of the options, as messages list them.
const KEYS: &str = "depth, timeout-ms";

/// A player that is another program speaking the NBoard protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NboardSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `set depth N`, if given.
    pub depth: Option<u32>,
    /// The longest wait for any answer, in milliseconds.
    pub timeout_ms: u64,
}

/// What is wrong with an `nboard:` spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NboardSpecProblem {
    /// Nothing to run.
    #[error(
        "no command line after the options (expected nboard:[<key=value,...>:]<command line>)"
    )]
    NoCommand,
    /// An option with a key no option has.
    #[error("unknown option '{key}' (expected {KEYS})")]
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// A depth that is not a whole number from 1 to [`MAX_DEPTH`].
    #[error("depth must be a whole number from 1 to {MAX_DEPTH}, got '{value}'")]
    Depth {
        /// The value given.
        value: String,
    },
    /// A timeout that is not a whole number from 1 to [`MAX_TIMEOUT_MS`].
    #[error("timeout-ms must be a whole number from 1 to {MAX_TIMEOUT_MS}, got '{value}'")]
    Timeout {
        /// The value given.
        value: String,
    },
}

/// An `nboard:` spec that cannot be read: the spec and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("player spec '{spec}': {problem}")]
pub struct NboardSpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong with it.
    pub problem: NboardSpecProblem,
}

impl NboardSpec {
    /// Reads `text` if it is an `nboard:` spec (`None` if it is not one).
    pub fn parse(text: &str) -> Option<Result<NboardSpec, NboardSpecError>> {
        let rest = text.strip_prefix(PREFIX)?;
        Some(read(rest).map_err(|problem| NboardSpecError {
            spec: text.to_string(),
            problem,
        }))
    }
}

/// The options and the command line after the prefix.
fn read(rest: &str) -> Result<NboardSpec, NboardSpecProblem> {
    let (options, command) = match rest.split_once(':') {
        Some((options, command)) if looks_like_options(options) => (options, command),
        _ => ("", rest),
    };
    let mut spec = NboardSpec {
        command: command.split_whitespace().map(String::from).collect(),
        depth: None,
        timeout_ms: DEFAULT_TIMEOUT_MS,
    };
    for (key, value) in options.split(',').filter_map(|pair| pair.split_once('=')) {
        match key {
            "depth" => {
                spec.depth = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|depth| (1..=MAX_DEPTH).contains(depth))
                        .ok_or_else(|| NboardSpecProblem::Depth {
                            value: value.to_string(),
                        })?,
                )
            }
            "timeout-ms" => {
                spec.timeout_ms = value
                    .parse()
                    .ok()
                    .filter(|ms| (1..=MAX_TIMEOUT_MS).contains(ms))
                    .ok_or_else(|| NboardSpecProblem::Timeout {
                        value: value.to_string(),
                    })?
            }
            _ => {
                return Err(NboardSpecProblem::UnknownKey {
                    key: key.to_string(),
                })
            }
        }
    }
    if spec.command.is_empty() {
        return Err(NboardSpecProblem::NoCommand);
    }
    Ok(spec)
}

/// Whether the text before the first `:` is options: no space, and every
/// comma-separated piece `key=value` (or nothing at all).
fn looks_like_options(text: &str) -> bool {
    !text.contains(char::is_whitespace)
        && (text.is_empty() || text.split(',').all(|pair| pair.contains('=')))
}

impl fmt::Display for NboardSpec {
    /// The spec as it reads back: the options that differ from the
    /// defaults, then the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut options = Vec::new();
        if let Some(depth) = self.depth {
            options.push(format!("depth={depth}"));
        }
        if self.timeout_ms != DEFAULT_TIMEOUT_MS {
            options.push(format!("timeout-ms={}", self.timeout_ms));
        }
        let command = self.command.join(" ");
        // A command whose first word holds a ':' is written after an empty
        // options part, so that it is not read as options.
        let first = command.split_whitespace().next().unwrap_or_default();
        if options.is_empty() && !first.contains(':') {
            write!(f, "{PREFIX}{command}")
        } else {
            write!(f, "{PREFIX}{}:{command}", options.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> Result<NboardSpec, String> {
        NboardSpec::parse(text)
            .expect("an nboard: spec")
            .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_options_then_the_command_line() {
        let read = spec("nboard:depth=5,timeout-ms=2000:node engines/nboard.js --quiet").unwrap();
        assert_eq!(read.command, ["node", "engines/nboard.js", "--quiet"]);
        assert_eq!((read.depth, read.timeout_ms), (Some(5), 2000));
        assert_eq!(
            read.to_string(),
            "nboard:depth=5,timeout-ms=2000:node engines/nboard.js --quiet"
        );
        let plain = spec("nboard:target/release/othello nboard").unwrap();
        assert_eq!(plain.command, ["target/release/othello", "nboard"]);
        assert_eq!((plain.depth, plain.timeout_ms), (None, DEFAULT_TIMEOUT_MS));
        assert_eq!(plain.to_string(), "nboard:target/release/othello nboard");
        // A ':' after a space belongs to the command line.
        let colon = spec("nboard:engine --log a:b").unwrap();
        assert_eq!(colon.command, ["engine", "--log", "a:b"]);
        // An empty options part lets a command's first word hold ':' and '='.
        let odd = spec("nboard::x=y:z --go").unwrap();
        assert_eq!(odd.command, ["x=y:z", "--go"]);
        assert_eq!(spec(&odd.to_string()).unwrap(), odd);
        assert!(NboardSpec::parse("engine:depth=5").is_none());
    }

    #[test]
    fn says_what_is_wrong() {
        for (text, message) in [
            ("nboard:", "no command line"),
            ("nboard:depth=5:", "no command line"),
            (
                "nboard:depth=0:x",
                "depth must be a whole number from 1 to 60, got '0'",
            ),
            ("nboard:depth=61:x", "got '61'"),
            (
                "nboard:timeout-ms=0:x",
                "timeout-ms must be a whole number from 1 to 3600000, got '0'",
            ),
            (
                "nboard:level=3:x",
                "unknown option 'level' (expected depth, timeout-ms)",
            ),
        ] {
            let error = spec(text).unwrap_err();
            assert!(
                error.starts_with(&format!("player spec '{text}': ")) && error.contains(message),
                "{text}: {error}"
            );
        }
    }
}
