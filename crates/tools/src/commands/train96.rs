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

use othello_cli::args::Parsed;

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

/// Sets `value` to the whole number of `--name`, if given.
fn set<T: std::str::FromStr>(o: &Parsed, name: &str, value: &mut T) -> CliResult {
    if let Some(text) = o.value(name) {
        *value = number(COMMAND, &format!("--{name}"), text)?;
    }
    Ok(())
}

/// The options: the learner's configuration and the output file.
fn parse(args: &[String]) -> CliResult<(Config, String)> {
    let o = TRAIN96.read(args)?;
    let mut config = Config::default();
    let out = o.value("out").map(String::from);
    set(&o, "games", &mut config.games)?;
    set(&o, "seed", &mut config.seed)?;
    set(&o, "phase-plies", &mut config.phase_plies)?;
    set(&o, "depth", &mut config.depth)?;
    set(&o, "exact-plies", &mut config.exact_plies)?;
    set(&o, "epochs", &mut config.epochs)?;
    set(&o, "random", &mut config.explore[0])?;
    set(&o, "greedy", &mut config.explore[1])?;
    set(&o, "explore-depth", &mut config.explore_depth)?;
    set(&o, "first-stage", &mut config.first_stage)?;
    for (name, value) in [("alpha", &mut config.alpha), ("gamma", &mut config.gamma)] {
        if let Some(text) = o.value(name) {
            *value = decimal(&format!("--{name}"), text)?;
        }
    }
    o.finish()?;
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
