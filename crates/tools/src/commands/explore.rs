//! `explore build`: counts the game database into the opening explorer's
//! index (docs/explorer.md). `explore <position>`, which reads the index,
//! is shared with the Node tool (crate `othello-cli`).

use othello::clock::Clock;
use othello::explorer::build::{build, SourceGame};
use othello::explorer::Explorer;
use othello_cli::Host;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::args::Flags;
use crate::training::wthor::read_games;

/// `explore build --games <file> --out <file>`.
pub fn run_explore(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    match args.first().map(String::as_str) {
        Some("build") => run_build(&args[1..], host, clock),
        _ => Err(CliError::usage(
            "explore: expected a position or transcript, or build",
        )),
    }
}

fn run_build(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let (mut games_path, mut out) = (None, None);
    let args = &super::help::EXPLORE_BUILD.tokens(args)?;
    let mut flags = Flags::new("explore build", args);
    while let Some(flag) = flags.next() {
        match flag {
            "--games" => games_path = Some(flags.value(flag)?),
            "--out" => out = Some(flags.value(flag)?),
            other => return Err(flags.unexpected(other)),
        }
    }
    let games_path =
        games_path.ok_or_else(|| CliError::usage("explore build: missing --games <file>"))?;
    let out = out.ok_or_else(|| CliError::usage("explore build: missing --out <file>"))?;
    let start = clock.now_ms();
    let games: Vec<SourceGame> = read_games(games_path)?
        .into_iter()
        .map(|game| SourceGame {
            year: game.year,
            black_discs: game.black,
            white_discs: game.white,
            moves: game.moves,
        })
        .collect();
    let read_ms = clock.now_ms() - start;
    let bytes = build(&games).map_err(|e| CliError::input(games_path, e))?;
    let build_ms = clock.now_ms() - start - read_ms;
    std::fs::write(out, &bytes).map_err(|e| CliError::file(out, e))?;
    let explorer =
        Explorer::read(bytes.clone()).map_err(|e| CliError::failed(format!("{out}: {e}")))?;
    host.print(&format!(
        "{} games, {} positions reached by {} or more, {} bytes",
        explorer.games(),
        explorer.positions(),
        explorer.min_games(),
        bytes.len()
    ));
    host.print(&summary::line(&json!({
        "command": "explore build",
        "games": explorer.games(),
        "positions": explorer.positions(),
        "min_games": explorer.min_games(),
        "bytes": bytes.len(),
        "read_ms": summary::whole_ms(read_ms),
        "build_ms": summary::whole_ms(build_ms),
    })));
    Ok(())
}
