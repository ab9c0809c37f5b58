//! `evaltest <file.obf> [--eval pattern|standin|file:<table>] [--depth D [--confidence C]]`:
//! the static evaluation of each position (or the score of a search of
//! depth `D` with it) against the best score the file gives it.

use othello::board::Board;
use othello::clock::Clock;
use othello::engine::Engine;
use othello::notation::obf;
use othello::search::{probcut, Silent};
use othello::settings::{self, SearchOptions, Setting};
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::args;
use othello_cli::Host;

/// The search settings `evaltest` takes, as `--name`.
const SETTINGS: [Setting; 3] = [Setting::Depth, Setting::Confidence, Setting::Evaluation];

struct Options {
    path: String,
    /// The evaluation and, when the error of a search is asked for, its
    /// depth and Multi-ProbCut confidence.
    search: SearchOptions,
}

fn parse(args: &[String]) -> CliResult<Options> {
    let o = super::help::EVALTEST.read(args)?;
    let path = o.positional().map(str::to_string);
    let mut reader = args::reader(settings::flags);
    for (setting, value) in o.settings(&SETTINGS) {
        reader
            .read(setting, value)
            .map_err(|e| CliError::from(e).within("evaltest"))?;
    }
    o.finish()?;
    let path = path.ok_or_else(|| CliError::usage("evaltest: expected a <file.obf>"))?;
    if reader.has(Setting::Confidence) && !reader.has(Setting::Depth) {
        return Err(CliError::usage(
            "evaltest: --confidence applies to a search: give --depth too",
        ));
    }
    let search = reader
        .finish()
        .map_err(|e| CliError::setting("evaltest", e))?;
    Ok(Options { path, search })
}

/// Runs `evaltest`: prints the error by number of empties, then one JSON line.
pub fn run_evaltest(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args)?;
    let text = host.read_file(&options.path)?;
    let evaluation = options.search.evaluation;
    let limits = options.search.limits;
    let Some(depth) = limits.depth else {
        return report_error(
            host,
            &options.path,
            &text,
            evaluation.name(),
            &mut |board| evaluation.evaluate(board),
        );
    };
    let mut engine = Engine::new(16);
    engine.set_evaluation(evaluation);
    let name = format!(
        "{} depth {depth} confidence {}",
        evaluation.name(),
        probcut::confidence(limits.selectivity)
    );
    report_error(host, &options.path, &text, &name, &mut |board| {
        // An empty table for each position: its score does not depend on
        // the positions before it.
        engine.clear();
        engine.search(board, &limits, clock, &mut Silent).score
    })
}

/// Prints the mean absolute error of `evaluate` against the best score of
/// each position of the OBF `text`, by number of empties, then one JSON line
/// (`train fit --obf` uses it on the table it has just fitted).
pub fn report_error(
    host: &mut dyn Host,
    path: &str,
    text: &str,
    name: &str,
    evaluate: &mut dyn FnMut(&Board) -> i32,
) -> CliResult {
    // Per number of empties: positions and summed absolute error.
    let mut by_empties = [(0u32, 0i64); 61];
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let problem =
            obf::parse(line).map_err(|e| CliError::input(format!("{path}:{}", index + 1), e))?;
        let Some(best) = problem.scores.iter().map(|&(_, score)| score).max() else {
            return Err(CliError::usage(format!(
                "{path}:{}: the position has no score",
                index + 1
            )));
        };
        let board = problem.position.board;
        let error = (evaluate(&board) - best).abs() as i64;
        let slot = &mut by_empties[board.empty_count() as usize];
        slot.0 += 1;
        slot.1 += error;
    }
    host.print(&format!("evaluation {name}"));
    host.print("empties  positions    mae");
    for (empties, &(n, error)) in by_empties.iter().enumerate().filter(|(_, s)| s.0 > 0) {
        host.print(&format!(
            "{empties:>7}  {n:>9}  {:>5.2}",
            error as f64 / n as f64
        ));
    }
    let positions: u32 = by_empties.iter().map(|s| s.0).sum();
    let error: i64 = by_empties.iter().map(|s| s.1).sum();
    if positions == 0 {
        return Err(CliError::usage(format!("evaltest: {path} has no position")));
    }
    host.print(&summary::line(&json!({
        "command": "evaltest",
        "evaluation": name,
        "positions": positions,
        "mae": summary::round_to(error as f64 / positions as f64, 3),
    })));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::run;

    /// A host that serves one file and records what is printed.
    struct OneFile {
        text: String,
        printed: Vec<String>,
    }

    impl Host for OneFile {
        fn print(&mut self, line: &str) {
            self.printed.push(line.to_string());
        }

        fn read_file(&mut self, _path: &str) -> CliResult<String> {
            Ok(self.text.clone())
        }
    }

    /// FForum #1-#3 (14 empties each), from the committed test data.
    fn ffo_positions() -> String {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/ffo/fforum-1-19.obf"
        );
        let text = std::fs::read_to_string(path).expect("the committed FFO problems");
        text.lines().take(3).collect::<Vec<_>>().join("\n")
    }

    fn evaltest(args: &str) -> CliResult<Vec<String>> {
        let mut host = OneFile {
            text: ffo_positions(),
            printed: Vec::new(),
        };
        let args: Vec<String> = ["evaltest", "ffo.obf"]
            .into_iter()
            .chain(args.split_whitespace())
            .map(String::from)
            .collect();
        run(&args, &mut host, &othello::clock::NativeClock::new()).map(|()| host.printed)
    }

    #[test]
    fn a_search_to_the_end_has_no_error_and_the_static_evaluation_has_some() {
        let solved = evaltest("--depth 20").unwrap();
        assert_eq!(
            solved.last().unwrap(),
            "{\"command\":\"evaltest\",\"evaluation\":\"pattern depth 20 confidence 100\",\"positions\":3,\"mae\":0.0}"
        );
        let static_error = evaltest("").unwrap();
        let json = static_error.last().unwrap();
        assert!(json.starts_with(
            "{\"command\":\"evaltest\",\"evaluation\":\"pattern\",\"positions\":3,\"mae\":"
        ));
        assert!(!json.ends_with("\"mae\":0.000}"), "{json}");
    }

    #[test]
    fn bad_options_are_explained() {
        assert_eq!(
            evaltest("--depth 0").unwrap_err().to_string(),
            "evaltest: --depth must be a whole number from 1 to 60, got 0"
        );
        assert_eq!(
            evaltest("--confidence 96 --depth 4")
                .unwrap_err()
                .to_string(),
            "evaltest: confidence 96 is not a level (expected 100, 99, 98, 95, 87 or 73)"
        );
        assert!(evaltest("--confidence 95")
            .unwrap_err()
            .to_string()
            .contains("give --depth too"));
        assert!(evaltest("--eval file:/nonexistent.bin")
            .unwrap_err()
            .to_string()
            .contains("/nonexistent.bin"));
    }
}
