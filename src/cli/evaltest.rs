//! `evaltest <file.obf> [--eval pattern|standin]`: the static evaluation of
//! each position against the best score the file gives it.

use crate::board::Board;
use crate::clock::Clock;
use crate::eval::Evaluation;
use crate::notation::obf;

use super::Host;

struct Options {
    path: String,
    evaluation: Evaluation,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut path = None;
    let mut evaluation = Evaluation::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--eval" => {
                let name = iter.next().ok_or("evaltest: --eval needs a value")?;
                evaluation = Evaluation::from_name(name).map_err(|e| format!("evaltest: {e}"))?;
            }
            option if option.starts_with("--") => {
                return Err(format!("evaltest: unknown option '{option}'"))
            }
            file if path.is_none() => path = Some(file.to_string()),
            extra => return Err(format!("evaltest: unexpected argument '{extra}'")),
        }
    }
    let path = path.ok_or("evaltest: expected a <file.obf>")?;
    Ok(Options { path, evaluation })
}

/// Runs `evaltest`: prints the error by number of empties, then one JSON line.
pub fn run_evaltest(
    args: &[String],
    host: &mut dyn Host,
    _clock: &dyn Clock,
) -> Result<(), String> {
    let options = parse(args)?;
    let text = host.read_file(&options.path)?;
    let evaluation = options.evaluation;
    report_error(host, &options.path, &text, evaluation.name(), &|board| {
        evaluation.evaluate(board)
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
    evaluate: &dyn Fn(&Board) -> i32,
) -> Result<(), String> {
    // Per number of empties: positions and summed absolute error.
    let mut by_empties = [(0u32, 0i64); 61];
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let problem = obf::parse(line).map_err(|e| format!("{path}:{}: {e}", index + 1))?;
        let Some(best) = problem.scores.iter().map(|&(_, score)| score).max() else {
            return Err(format!("{path}:{}: the position has no score", index + 1));
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
        return Err(format!("evaltest: {path} has no position"));
    }
    host.print(&format!(
        "{{\"command\":\"evaltest\",\"evaluation\":\"{name}\",\"positions\":{positions},\"mae\":{:.3}}}",
        error as f64 / positions as f64
    ));
    Ok(())
}
