//! `explore build`: counts the game database into the opening explorer's
//! index (docs/explorer.md). `explore <position>`, which reads the index,
//! is shared with the Node tool (crate `othello-cli`).

use othello::clock::Clock;
use othello::explorer::build::{build, SourceGame};
use othello::explorer::Explorer;
use othello_cli::Host;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use crate::training::wthor::read_games;
use othello_cli::args::Parsed;

/// `explore build --games <file> --out <file>`.
pub fn run_explore(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    match args.first().map(String::as_str) {
        Some("build") => run_build(&args[1..], host, clock),
        _ => Err(CliError::usage(
            "explore: expected a position or transcript, or build",
        )),
    }
}

/// What `explore build` reads and writes.
struct Options<'a> {
    games: &'a str,
    out: &'a str,
}

fn read_options<'a>(o: &'a Parsed<'_>) -> CliResult<Options<'a>> {
    let (games, out) = (o.value("games"), o.value("out"));
    o.finish()?;
    Ok(Options {
        games: games.ok_or_else(|| o.missing("games"))?,
        out: out.ok_or_else(|| o.missing("out"))?,
    })
}

fn run_build(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let parsed = super::help::EXPLORE_BUILD.read(args)?;
    let Options {
        games: games_path,
        out,
    } = read_options(&parsed)?;
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
