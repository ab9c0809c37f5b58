//! `train --board 96`: the CS 221 report's temporal-difference learner
//! (`othello_board96::learn`) from the command line. It prints a line per
//! game and per phase, writes the learned weights (Red's and White's
//! tables, with the command that made them as a comment) to `--out`, and
//! ends with a JSON summary line.

use othello::clock::Clock;
use othello_board96::learn::{train, Config, Event};
use othello_cli::Host;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use othello_cli::args::Word;

use super::args::number;
use super::help::TRAIN96;

/// The name the messages of `train --board 96` start with.
const COMMAND: &str = "train --board 96";

/// A decimal number such as `--alpha 0.05`.
fn decimal(flag: &str, text: &str) -> CliResult<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| CliError::usage(format!("{COMMAND}: {flag} '{text}' is not a number")))
}

/// The options: the learner's configuration and the output file.
fn parse(args: &[String]) -> CliResult<(Config, String)> {
    let mut config = Config::default();
    let mut out = None;
    for word in TRAIN96.parse(args)? {
        let Word::Option(name, value) = word else {
            return Err(TRAIN96.unexpected(&word));
        };
        let flag = &format!("--{name}");
        let value = value.as_str();
        match name {
            "out" => out = Some(value.to_string()),
            "games" => config.games = number(COMMAND, flag, value)?,
            "seed" => config.seed = number(COMMAND, flag, value)?,
            "phase-plies" => config.phase_plies = number(COMMAND, flag, value)?,
            "depth" => config.depth = number(COMMAND, flag, value)?,
            "exact-plies" => config.exact_plies = number(COMMAND, flag, value)?,
            "alpha" => config.alpha = decimal(flag, value)?,
            "gamma" => config.gamma = decimal(flag, value)?,
            "epochs" => config.epochs = number(COMMAND, flag, value)?,
            "random" => config.explore[0] = number(COMMAND, flag, value)?,
            "greedy" => config.explore[1] = number(COMMAND, flag, value)?,
            "explore-depth" => config.explore_depth = number(COMMAND, flag, value)?,
            "first-stage" => config.first_stage = number(COMMAND, flag, value)?,
            _ => return Err(TRAIN96.unexpected(&Word::Option(name, value.to_string()))),
        }
    }
    config
        .check()
        .map_err(|e| CliError::usage(format!("{COMMAND}: {}", e.0)))?;
    let out = out.ok_or_else(|| CliError::usage(format!("{COMMAND}: --out <file> is required")))?;
    Ok((config, out))
}

/// The command line that reproduces `config` (without `--out`).
fn command_line(config: &Config) -> String {
    format!(
        "othello train --board 96 --games {} --seed {} --phase-plies {} --depth {} --exact-plies {} --alpha {} --gamma {} --epochs {} --random {} --greedy {} --explore-depth {} --first-stage {}",
        config.games,
        config.seed,
        config.phase_plies,
        config.depth,
        config.exact_plies,
        config.alpha,
        config.gamma,
        config.epochs,
        config.explore[0],
        config.explore[1],
        config.explore_depth,
        config.first_stage,
    )
}

/// `train --board 96 --out <file> [--games N] [--seed S] [--phase-plies K]
/// [--depth D] [--exact-plies E] [--alpha A] [--gamma G] [--epochs N]
/// [--random P] [--greedy P] [--explore-depth D] [--first-stage S]`.
pub fn run_train96(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let (config, out) = parse(args)?;
    let start = clock.now_ms();
    let mut phase_lines = Vec::new();
    let mut phase_json = Vec::new();
    let training = train(&config, &mut |event| match event {
        Event::Game {
            index,
            phase,
            games,
            samples,
            nodes,
        } => host.print(&format!(
            "phase {index} stages {}-{} game {games}/{} samples {samples} nodes {nodes} ms {:.0}",
            phase.first,
            phase.last,
            config.games,
            clock.now_ms() - start
        )),
        Event::PhaseDone(report) => {
            let line = format!(
                "phase {} stages {}-{} {} samples {} nodes {} rms {:.2} -> {:.2} discs",
                report.index,
                report.phase.first,
                report.phase.last,
                if report.phase.exact {
                    "exact"
                } else {
                    "searched"
                },
                report.samples,
                report.nodes,
                report.rms_before,
                report.rms_after,
            );
            host.print(&format!("{line} ms {:.0}", clock.now_ms() - start));
            phase_lines.push(format!("# {line}\n"));
            phase_json.push(json!({
                "first": report.phase.first,
                "last": report.phase.last,
                "exact": report.phase.exact,
                "samples": report.samples,
                "nodes": report.nodes,
                "rms_before": summary::round_to(report.rms_before, 3),
                "rms_after": summary::round_to(report.rms_after, 3),
            }));
        }
    })
    .map_err(|e| CliError::usage(format!("{COMMAND}: {}", e.0)))?;
    let text = format!(
        "# Smart-evaluation weights for the 96-square board, learned by the CS 221 report's\n# temporal-difference learner (docs/board96.md), in hundredths of a disc per feature unit:\n# {}\n{}{}",
        command_line(&config),
        phase_lines.concat(),
        training.weights.write()
    );
    std::fs::write(&out, text).map_err(|e| CliError::file(format!("{COMMAND}: {out}"), e))?;
    host.print(&summary::line(&json!({
        "command": "train",
        "board": 96,
        "out": out,
        "games": config.games,
        "seed": config.seed,
        "phase_plies": config.phase_plies,
        "depth": config.depth,
        "exact_plies": config.exact_plies,
        "phases": phase_json,
        "ms": summary::whole_ms(clock.now_ms() - start),
    })));
    Ok(())
}
