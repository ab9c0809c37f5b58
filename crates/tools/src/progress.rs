//! Progress bars for long native work (a book build, training steps,
//! matches, a solve of a file), drawn on standard error only when it is a
//! terminal: logs, pipes and the tests see the tool's lines alone, and the
//! output (standard output, ending with its JSON line) never a bar. The
//! wasm build has none (`othello_cli::Host::progress` does nothing there).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of steps, or nothing where standard error is not a terminal.
/// Shared by threads (a step may end on any of them).
pub struct Bar(Option<ProgressBar>);

impl Bar {
    /// A bar of `total` steps of `what`.
    pub fn new(what: &str, total: u64) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let bar = ProgressBar::new(total);
        let style =
            ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} ({elapsed}, {eta} left)")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_message(what.to_string());
        Bar(Some(bar))
    }

    /// Whether the bar is drawn (standard error is a terminal).
    pub fn drawn(&self) -> bool {
        self.0.is_some()
    }

    /// `done` steps are done: the bar moves, or where none is drawn the
    /// line `line` gives is written to standard error instead (the tool's
    /// progress lines in logs).
    pub fn set(&self, done: u64, line: impl FnOnce() -> String) {
        match &self.0 {
            Some(bar) => bar.set_position(done),
            None => eprintln!("{}", line()),
        }
    }

    /// `done` steps are done: the bar moves (nothing where none is drawn).
    pub fn move_to(&self, done: u64) {
        if let Some(bar) = &self.0 {
            bar.set_position(done);
        }
    }

    /// Runs `write` (a line of output) with the bar cleared, then draws it
    /// again.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.0 {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// `what` and `total` of this bar, to tell whether a step belongs to it.
    fn is(&self, what: &str, total: u64) -> bool {
        self.0
            .as_ref()
            .is_some_and(|bar| bar.message() == what && bar.length() == Some(total))
    }
}

impl Drop for Bar {
    /// The bar is cleared when its work ends (or fails).
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// The bar of the steps a host is told of (`othello_cli::Host::progress`):
/// one at a time, made on its first step and cleared after its last.
#[derive(Default)]
pub struct Steps(Option<Bar>);

impl Steps {
    /// `done` of `total` steps of `what`.
    pub fn step(&mut self, what: &str, done: u64, total: u64) {
        if !std::io::stderr().is_terminal() {
            return;
        }
        if !self.0.as_ref().is_some_and(|bar| bar.is(what, total)) {
            self.0 = Some(Bar::new(what, total));
        }
        if done >= total {
            self.0 = None;
        } else if let Some(bar) = &self.0 {
            bar.move_to(done);
        }
    }

    /// Runs `write` (a line of output) with the bar, if any, cleared.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.0 {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }
}
