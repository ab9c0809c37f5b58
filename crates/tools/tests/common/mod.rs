//! What the integration tests of the `othello` binary share: running it,
//! the repository's files, and the fields of the JSON lines it prints.
//! Each test crate uses a part of it, hence `dead_code` is allowed here.
#![allow(dead_code)]

use std::fmt::Debug;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::str::FromStr;

/// The `othello` binary as a command, for a test to give it arguments,
/// input and pipes.
pub fn othello() -> Command {
    Command::new(env!("CARGO_BIN_EXE_othello"))
}

/// Runs the binary with `args` to its end.
pub fn output(args: &[&str]) -> Output {
    othello()
        .args(args)
        .output()
        .expect("the othello binary runs")
}

/// Runs the binary with `args`: its output lines, or the message of its
/// error (the first line it writes to standard error, without the
/// program's name).
pub fn run_args(args: &[&str]) -> Result<Vec<String>, String> {
    let output = output(args);
    if output.status.success() {
        let text = String::from_utf8(output.stdout).expect("text output");
        Ok(text.lines().map(String::from).collect())
    } else {
        let text = String::from_utf8(output.stderr).expect("text errors");
        let first = text.lines().next().unwrap_or_default();
        Err(first.strip_prefix("othello: ").unwrap_or(first).to_string())
    }
}

/// Runs the binary with `args`, which write the file `out`: its standard
/// output and the file's text (the file removed after reading). The run
/// must succeed.
pub fn written_text(args: &[&str], out: &std::path::Path) -> (String, String) {
    let output = output(args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(out).expect("the output file");
    std::fs::remove_file(out).ok();
    (String::from_utf8_lossy(&output.stdout).into_owned(), text)
}

/// [`run_args`] with the words of `line` as the arguments.
pub fn run(line: &str) -> Result<Vec<String>, String> {
    run_args(&line.split_whitespace().collect::<Vec<_>>())
}

/// A file of the repository, by its path from the root.
pub fn repository(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(path)
}

/// The value of `key` in a JSON line (the summary a command ends with),
/// read by `serde_json`.
pub fn field(json: &str, key: &str) -> serde_json::Value {
    let value: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("not JSON ({e}): {json}"));
    value
        .get(key)
        .cloned()
        .unwrap_or_else(|| panic!("no {key} in {json}"))
}

/// The JSON text of the value of `key` (`null`, `12`, `"f5"`, ...).
pub fn raw(json: &str, key: &str) -> String {
    field(json, key).to_string()
}

/// The number at `key` in a JSON line.
pub fn number<T: FromStr>(json: &str, key: &str) -> T
where
    T::Err: Debug,
{
    let raw = raw(json, key);
    raw.parse()
        .unwrap_or_else(|e| panic!("{key} is not a number: {raw} ({e:?})"))
}

/// The text of a string field of a JSON line, or `None` for `null`.
pub fn text(json: &str, key: &str) -> Option<String> {
    match field(json, key) {
        serde_json::Value::Null => None,
        serde_json::Value::String(text) => Some(text),
        other => panic!("{key} is not a string: {other}"),
    }
}
