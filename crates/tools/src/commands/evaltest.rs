//! `evaltest <file.obf> [--eval pattern|standin|file:<table>] [--depth D
//! [--confidence C] | --level L | --engine nboard:<spec>] [--moves]`: the
//! static evaluation of each position (or the score of a search of depth
//! `D`, or of level `L`, with it; or the score another program gives its
//! move over the NBoard protocol) against the best score the file gives it;
//! with `--moves`, the move that search plays against the file's score of
//! every move: the discs it loses to the best, how often it plays a best
//! move, and its time and nodes.

use othello::clock::Clock;
use othello::engine::Engine;
use othello::notation::obf;
use othello::position::{Move, Position};
use othello::rules::Game;
use othello::search::{probcut, Silent};
use othello::settings::{self, SearchOptions, Setting};
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::args;
use crate::nboard_player::{NboardPlayer, NboardSpec};
use othello_cli::Host;

/// The search settings `evaltest` takes, as `--name`.
const SETTINGS: [Setting; 4] = [
    Setting::Depth,
    Setting::Confidence,
    Setting::Level,
    Setting::Evaluation,
];

struct Options {
    path: String,
    /// The evaluation and, when the error of a search is asked for, its
    /// depth and Multi-ProbCut confidence (or its level).
    search: SearchOptions,
    /// The level asked for, as given.
    level: Option<String>,
    /// Whether the search's move is judged, not its score.
    moves: bool,
    /// Another program's search in place of ours.
    engine: Option<NboardSpec>,
}

/// What a search played in one position.
struct Played {
    mv: Move,
    ms: f64,
    /// Its nodes, where the search says (an NBoard engine does not).
    nodes: Option<u64>,
}

fn parse(args: &[String]) -> CliResult<Options> {
    let o = super::help::EVALTEST.read(args)?;
    let path = o.positional().map(str::to_string);
    let moves = o.switch("moves");
    let engine = o.value("engine").map(engine_spec).transpose()?;
    let mut reader = args::reader(settings::flags);
    let mut level = None;
    for (setting, value) in o.settings(&SETTINGS) {
        if setting == Setting::Level {
            level = Some(value.shown());
        }
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
    if engine.is_some() && SETTINGS.iter().any(|&setting| reader.has(setting)) {
        return Err(CliError::usage(
            "evaltest: --engine searches with its own settings: give it no --depth, --confidence, --level or --eval (its depth goes in its spec: nboard:depth=N:<command>)",
        ));
    }
    if moves && !reader.has(Setting::Depth) && !reader.has(Setting::Level) && engine.is_none() {
        return Err(CliError::usage(
            "evaltest: --moves judges a search's moves: give --depth, --level or --engine",
        ));
    }
    let search = reader
        .finish()
        .map_err(|e| CliError::setting("evaltest", e))?;
    Ok(Options {
        path,
        search,
        level,
        moves,
        engine,
    })
}

/// Reads `--engine`: an NBoard engine's spec.
fn engine_spec(text: &str) -> CliResult<NboardSpec> {
    match NboardSpec::parse(text) {
        Some(spec) => spec.map_err(|e| CliError::input("evaltest: --engine", e)),
        None => Err(CliError::usage(format!(
            "evaltest: --engine takes another program that speaks the NBoard protocol, nboard:[<key=value,...>:]<command line>, not '{text}'"
        ))),
    }
}

/// Runs `evaltest` with another program's search: the score it gives its
/// move in each position (or the move itself, with `moves`).
fn run_engine(
    host: &mut dyn Host,
    clock: &dyn Clock,
    options: &Options,
    spec: &NboardSpec,
    text: &str,
) -> CliResult {
    let mut engine =
        NboardPlayer::start(spec).map_err(|e| CliError::failed(format!("evaltest: {e}")))?;
    let name = engine.describe();
    // Each position is a new game whose record starts from it.
    let mut ask = |position: &Position| {
        if position.board.moves() == 0 {
            return Err(CliError::usage(format!(
                "evaltest: {}: the side to move must pass, and an NBoard engine is never asked for a pass",
                obf::write_position(position)
            )));
        }
        engine.new_game();
        let started = clock.now_ms();
        let answer = engine
            .answer(&Game::new(*position))
            .map_err(|e| CliError::failed(format!("evaltest: {e}")))?;
        Ok((answer, clock.now_ms() - started))
    };
    if options.moves {
        return report_moves(host, &options.path, text, &name, &mut |position| {
            let (answer, ms) = ask(position)?;
            Ok(Played {
                mv: answer.mv,
                ms,
                nodes: None,
            })
        });
    }
    report_error(host, &options.path, text, &name, &mut |position| {
        let (answer, _) = ask(position)?;
        let score = answer.score.ok_or_else(|| {
            CliError::failed(format!(
                "evaltest: {spec} gave no score with its move {} in {}",
                answer.mv,
                obf::write_position(position)
            ))
        })?;
        Ok(score.round() as i32)
    })
}

/// Runs `evaltest`: prints the error by number of empties, then one JSON line.
pub fn run_evaltest(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args)?;
    let text = host.read_file(&options.path)?;
    if let Some(spec) = &options.engine {
        return run_engine(host, clock, &options, spec, &text);
    }
    let evaluation = options.search.evaluation;
    let limits = options.search.limits;
    let Some(depth) = limits.depth else {
        return report_error(
            host,
            &options.path,
            &text,
            evaluation.name(),
            &mut |position| Ok(evaluation.evaluate(&position.board)),
        );
    };
    let mut engine = Engine::new(16);
    engine.set_evaluation(evaluation);
    let name = match &options.level {
        Some(level) => format!("{} level {level}", evaluation.name()),
        None => format!(
            "{} depth {depth} confidence {}",
            evaluation.name(),
            probcut::confidence(limits.selectivity)
        ),
    };
    if options.moves {
        return report_moves(host, &options.path, &text, &name, &mut |position| {
            engine.clear();
            let found = engine.search(&position.board, &limits, clock, &mut Silent);
            Ok(Played {
                mv: found.best.unwrap_or(Move::Pass),
                ms: found.elapsed_ms,
                nodes: Some(found.nodes),
            })
        });
    }
    report_error(host, &options.path, &text, &name, &mut |position| {
        // An empty table for each position: its score does not depend on
        // the positions before it.
        engine.clear();
        Ok(engine
            .search(&position.board, &limits, clock, &mut Silent)
            .score)
    })
}

/// The OBF positions of `text` with the best score of each, in order.
fn problems(path: &str, text: &str) -> CliResult<Vec<(obf::Obf, i32)>> {
    let mut problems = Vec::new();
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
        problems.push((problem, best));
    }
    if problems.is_empty() {
        return Err(CliError::usage(format!("evaltest: {path} has no position")));
    }
    Ok(problems)
}

/// Prints, by number of empties, what the move that `search` plays in each
/// position of the OBF `text` loses against the best of the file's scores
/// (which must score every legal move), how often it is a best move, how
/// often it worsens the result (a win or draw to a draw or loss), and the
/// search's time and nodes; then one JSON line.
fn report_moves(
    host: &mut dyn Host,
    path: &str,
    text: &str,
    name: &str,
    search: &mut dyn FnMut(&Position) -> CliResult<Played>,
) -> CliResult {
    #[derive(Default, Clone, Copy)]
    struct Tally {
        positions: u32,
        loss: i64,
        best: u32,
        /// Moves that turn the best move's win or draw into a draw or loss.
        worse: u32,
        ms: f64,
        nodes: u64,
    }
    let mut by_empties = [Tally::default(); 61];
    let mut known_nodes = true;
    for (problem, best) in problems(path, text)? {
        let board = problem.position.board;
        let found = search(&problem.position)?;
        let played = found.mv;
        let Some(&(_, score)) = problem.scores.iter().find(|&&(mv, _)| mv == played) else {
            return Err(CliError::usage(format!(
                "{path}: the file gives no score to {played}, which the search played in {}: --moves needs every legal move scored",
                obf::write_position(&problem.position)
            )));
        };
        let tally = &mut by_empties[board.empty_count() as usize];
        tally.positions += 1;
        tally.loss += i64::from(best - score);
        tally.best += u32::from(score == best);
        tally.worse += u32::from(score.signum() < best.signum());
        tally.ms += found.ms;
        tally.nodes += found.nodes.unwrap_or(0);
        known_nodes &= found.nodes.is_some();
    }
    host.print(&format!("moves of {name}"));
    host.print("empties  positions   loss   best  outcome     ms/move    nodes/move");
    let mut total = Tally::default();
    for (empties, t) in by_empties
        .iter()
        .enumerate()
        .filter(|(_, t)| t.positions > 0)
    {
        let n = f64::from(t.positions);
        let nodes = match known_nodes {
            true => format!("{:.0}", t.nodes as f64 / n),
            false => "-".to_string(),
        };
        host.print(&format!(
            "{empties:>7}  {:>9}  {:>5.2}  {:>4.0}%  {:>6.1}%  {:>10.1}  {nodes:>12}",
            t.positions,
            t.loss as f64 / n,
            100.0 * f64::from(t.best) / n,
            100.0 * f64::from(t.worse) / n,
            t.ms / n,
        ));
        total.positions += t.positions;
        total.loss += t.loss;
        total.best += t.best;
        total.worse += t.worse;
        total.ms += t.ms;
        total.nodes += t.nodes;
    }
    let n = f64::from(total.positions);
    host.print(&summary::line(&json!({
        "command": "evaltest",
        "evaluation": name,
        "positions": total.positions,
        "mean_loss": summary::round_to(total.loss as f64 / n, 3),
        "best_share": summary::round_to(f64::from(total.best) / n, 3),
        "outcome_worse_share": summary::round_to(f64::from(total.worse) / n, 3),
        "ms": summary::round_to(total.ms, 1),
        "nodes": known_nodes.then_some(total.nodes),
    })));
    Ok(())
}

/// Prints the mean absolute error of `evaluate` against the best score of
/// each position of the OBF `text`, by number of empties, then one JSON line
/// (`train fit --obf` uses it on the table it has just fitted).
pub fn report_error(
    host: &mut dyn Host,
    path: &str,
    text: &str,
    name: &str,
    evaluate: &mut dyn FnMut(&Position) -> CliResult<i32>,
) -> CliResult {
    // Per number of empties: positions and summed absolute error.
    let mut by_empties = [(0u32, 0i64); 61];
    for (problem, best) in problems(path, text)? {
        let board = problem.position.board;
        let error = (evaluate(&problem.position)? - best).abs() as i64;
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

    #[test]
    fn the_moves_of_a_search_are_judged_by_the_scores_of_every_move() {
        // Solved to the end, every move is a best one; the file scores every
        // move of FForum #1-#3.
        let solved = evaltest("--level 10 --moves").unwrap();
        let json: serde_json::Value = serde_json::from_str(solved.last().unwrap()).unwrap();
        assert_eq!(json["evaluation"], "pattern level 10");
        assert_eq!(json["positions"], 3);
        assert_eq!(json["mean_loss"], 0.0);
        assert_eq!(json["best_share"], 1.0);
        assert_eq!(json["outcome_worse_share"], 0.0);
        assert!(json["nodes"].as_u64().unwrap() > 0);
        assert!(
            solved
                .iter()
                .any(|l| l.starts_with("     14          3   0.00   100%     0.0%")),
            "{solved:?}"
        );
        // FForum #1 with only its worst move scored: the solve plays G8,
        // which the file does not score.
        let mut host = OneFile {
            text: "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G2:-24;"
                .to_string(),
            printed: Vec::new(),
        };
        let args: Vec<String> = ["evaltest", "one.obf", "--depth", "20", "--moves"]
            .into_iter()
            .map(String::from)
            .collect();
        let error = run(&args, &mut host, &othello::clock::NativeClock::new()).unwrap_err();
        assert!(error.to_string().contains("no score to g8"), "{error}");
        assert!(evaltest("--moves")
            .unwrap_err()
            .to_string()
            .contains("give --depth, --level or --engine"));
    }
}
