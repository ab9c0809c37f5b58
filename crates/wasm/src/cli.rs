//! The command-line tool's commands (`othello perft 9`, `nboard`, ...) run
//! from JS, printing and reading through JS functions.

use std::sync::Arc;

use js_sys::Function;
use othello::explorer::Explorer;
use wasm_bindgen::prelude::*;

use othello_cli::{self as cli, CliError, Host};

use crate::clock::JsClock;
use crate::error::{Error, Kind};
use crate::js::error_message;

/// Prints and reads files through JS functions.
struct JsHost<'a> {
    print: &'a Function,
    read_file: &'a Function,
    read_line: &'a Function,
}

impl Host for JsHost<'_> {
    /// The threaded build's pool workers (those the Node tool started for
    /// `--threads`); the single-thread build has none (the default).
    #[cfg(target_feature = "atomics")]
    fn thread_pool(&self) -> Option<Arc<dyn othello::search::ThreadPool>> {
        Some(Arc::new(crate::pool::Workers))
    }

    fn print(&mut self, line: &str) {
        let _ = self.print.call1(&JsValue::NULL, &JsValue::from_str(line));
    }

    fn read_file(&mut self, path: &str) -> Result<String, CliError> {
        let text = self
            .read_file
            .call1(&JsValue::NULL, &JsValue::from_str(path))
            .map_err(|e| {
                let reason = error_message(&e).unwrap_or_else(|| "cannot be read".to_string());
                CliError::file(path, reason)
            })?;
        text.as_string()
            .ok_or_else(|| CliError::file(path, "not a text file"))
    }

    /// The index `loadExplorer` loaded (the Node tool loads it before
    /// `explore`).
    fn explorer(&mut self) -> Result<Arc<Explorer>, CliError> {
        crate::explore::loaded().ok_or_else(|| {
            CliError::failed(
                "explore: the explorer's index is not loaded (the package's loadExplorer() reads pkg/explorer.bin)",
            )
        })
    }

    /// The next line from `readLine()`; a string ends the line, anything
    /// else (null, a throw) ends the input.
    fn read_line(&mut self) -> Option<String> {
        self.read_line
            .call0(&JsValue::NULL)
            .ok()
            .and_then(|line| line.as_string())
    }
}

/// Runs a command line of the `othello` tool, printing each line through
/// `print`, reading files through `readFile(path) -> string` and input
/// lines through `readLine() -> string | null` (null at the end).
#[wasm_bindgen(js_name = runCli)]
pub fn run_cli(
    args: Vec<String>,
    print: &Function,
    read_file: &Function,
    read_line: &Function,
) -> Result<(), Error> {
    let mut host = JsHost {
        print,
        read_file,
        read_line,
    };
    cli::run(&args, &mut host, &JsClock).map_err(|error| Error::new(cli_kind(&error), error))
}

/// The kind of a command's error: a wrong command line is an argument
/// error (`node pkg/cli.mjs` then shows the usage and exits 2, as the
/// native tool does), input that cannot be read a notation error, and an
/// error of the work (a file, the memory, a failed check) the engine's.
fn cli_kind(error: &CliError) -> Kind {
    match error {
        _ if error.is_usage() => Kind::Argument,
        CliError::Input { .. } => Kind::Notation,
        _ => Kind::Engine,
    }
}

/// The command-line usage: the list of commands, one line each (what
/// `node pkg/cli.mjs --help` prints and every command-line error shows).
#[wasm_bindgen(js_name = cliUsage)]
pub fn cli_usage() -> String {
    cli::usage()
}
