//! A match's record (`match --out <file>`): every line the match prints,
//! after a first line with its command line, and below each game's line
//! the time its player spent on each move. The file is written as the
//! games end, so that a match that stops (an external engine that dies)
//! keeps the games played, followed by a line saying why it stopped.
//!
//! ```text
//! # othello match --a level=5 --b "nboard:depth=5:node nboard.js" --openings 10 --out m.txt
//! A: engine:level=5,...
//! B: nboard:depth=5:node nboard.js (set myname egaroucid-web)
//!    1. opening   1 A 40-24 B  A +16  f5d6c3d3c4f4...
//!       ms: c4 3.1  f4 0.4  ...  pa -  ...
//! ```
//!
//! The `ms:` line lists the moves played after the opening, each with the
//! milliseconds its player spent on it (`-` for a pass or a random ply).

use std::fs::File;
use std::io::Write;

use othello::players::Ply;
use othello::position::{Color, Move};
use othello_cli::{CliError, CliResult, Host};

/// A move played after the opening, with the time its player spent on it
/// when a player chose it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PlyTime {
    /// The side that made it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Milliseconds spent, for a move a player chose (not a pass or a
    /// random ply).
    pub ms: Option<f64>,
}

impl PlyTime {
    /// The time of a ply as the game loop reports it.
    pub(super) fn of(ply: &Ply) -> PlyTime {
        let chosen = !ply.random && ply.mv != Move::Pass;
        PlyTime {
            color: ply.color,
            mv: ply.mv,
            ms: chosen.then_some(ply.spent_ms),
        }
    }
}

/// The `ms:` line of a game.
pub(super) fn times_line(plies: &[PlyTime]) -> String {
    let times: Vec<String> = plies
        .iter()
        .map(|ply| match ply.ms {
            Some(ms) => format!("{} {ms:.1}", ply.mv),
            None => format!("{} -", ply.mv),
        })
        .collect();
    format!("      ms: {}", times.join("  "))
}

/// A host that prints through another and also writes each line to the
/// match's file, if there is one.
pub(super) struct Recorded<'h> {
    host: &'h mut dyn Host,
    file: Option<(String, File)>,
    /// The first write that failed.
    error: Option<CliError>,
}

impl<'h> Recorded<'h> {
    /// Prints through `host`; with `path`, creates the file (replacing one
    /// there) and writes `# othello match <args>` first.
    pub(super) fn new(
        host: &'h mut dyn Host,
        path: Option<&str>,
        args: &[String],
    ) -> CliResult<Recorded<'h>> {
        let file = match path {
            Some(path) => Some((
                path.to_string(),
                File::create(path).map_err(|e| CliError::file(format!("match: {path}"), e))?,
            )),
            None => None,
        };
        let mut recorded = Recorded {
            host,
            file,
            error: None,
        };
        // An argument with spaces (an NBoard engine's command line) is quoted.
        let args: Vec<String> = args
            .iter()
            .map(|arg| {
                if arg.contains(char::is_whitespace) {
                    format!("\"{arg}\"")
                } else {
                    arg.clone()
                }
            })
            .collect();
        recorded.note(&format!("# othello match {}", args.join(" ")));
        recorded.check()?;
        Ok(recorded)
    }

    /// Writes `line` to the file alone.
    pub(super) fn note(&mut self, line: &str) {
        if let Some((path, file)) = self.file.as_mut() {
            if let Err(e) = writeln!(file, "{line}").and_then(|()| file.flush()) {
                self.error
                    .get_or_insert_with(|| CliError::file(format!("match: {path}"), e));
            }
        }
    }

    /// The first write to the file that failed, if any.
    pub(super) fn check(&mut self) -> CliResult {
        match self.error.take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

impl Host for Recorded<'_> {
    fn print(&mut self, line: &str) {
        self.host.print(line);
        self.note(line);
    }

    fn read_file(&mut self, path: &str) -> CliResult<String> {
        self.host.read_file(path)
    }

    fn progress(&mut self, what: &str, done: u64, total: u64) {
        self.host.progress(what, done, total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello::square::Square;

    #[test]
    fn a_times_line_gives_each_move_its_time() {
        let f5 = Move::Play("f5".parse::<Square>().unwrap());
        let ply = |color, mv, ms| PlyTime { color, mv, ms };
        let plies = [
            ply(Color::Black, f5, None),
            ply(Color::White, f5, Some(12.345)),
            ply(Color::Black, Move::Pass, None),
        ];
        assert_eq!(times_line(&plies), "      ms: f5 -  f5 12.3  pa -");
    }
}
