//! `tournament`: PAIP's `round-robin` (Norvig, "Paradigms of Artificial
//! Intelligence Programming", 1992, section 18.8). Every pair
//! of players meets in `--pairs` pairs of games; both games of a pair start
//! from the same random opening (`--random-plies`, 10 by default) with the
//! colours swapped. Wins count 1, draws 1/2, and the cross table gives each
//! player's total and its score against each opponent.

use othello::clock::Clock;
use othello::notation::transcript;
use othello::players::{play_game, Player, Spec};
use othello::rng::derive_seed;
use othello::rng::Rng;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::args::parse_spec;
use othello_cli::Host;

/// Splits a comma-separated list of specs; pieces like `eval=standin` that
/// follow an `engine:` spec belong to it.
pub(super) fn split_specs(text: &str) -> CliResult<Vec<Spec>> {
    let mut texts: Vec<String> = Vec::new();
    for piece in text.split(',') {
        match texts.last_mut() {
            Some(last)
                if last.starts_with("engine") && piece.contains('=') && !piece.contains(':') =>
            {
                last.push(',');
                last.push_str(piece);
            }
            _ => texts.push(piece.to_string()),
        }
    }
    texts.iter().map(|text| parse_spec(text)).collect()
}

struct Options {
    players: Vec<Spec>,
    pairs: u32,
    random_plies: u32,
    seed: u64,
}

fn parse(args: &[String]) -> CliResult<Options> {
    let o = super::help::TOURNAMENT.read(args)?;
    let players = o.value("players").map(split_specs).transpose()?;
    let pairs: Option<u32> = o.whole("pairs")?;
    let random_plies = o.whole("random-plies")?.unwrap_or(10);
    let seed = o.whole("seed")?.unwrap_or(1);
    o.finish()?;
    let players = players.ok_or_else(|| CliError::usage("tournament: missing --players"))?;
    if players.len() < 2 {
        return Err(CliError::usage(
            "tournament: --players needs at least two specs",
        ));
    }
    let pairs = pairs.ok_or_else(|| CliError::usage("tournament: missing --pairs"))?;
    if pairs == 0 {
        return Err(CliError::usage("tournament: --pairs must be at least 1"));
    }
    Ok(Options {
        players,
        pairs,
        random_plies,
        seed,
    })
}

/// Points as PAIP prints them (`12.5`).
fn points(halves: u32) -> f64 {
    f64::from(halves) / 2.0
}

/// `tournament --players <spec>,<spec>,... --pairs N [--random-plies 10 --seed S]`.
pub fn run_tournament(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args)?;
    let n = options.players.len();
    let mut players = options
        .players
        .iter()
        .map(|&spec| Player::new(spec))
        .collect::<Result<Vec<_>, _>>()
        .map_err(CliError::from)?;
    // Half points of player i against player j, and disc differences.
    let mut halves = vec![vec![0u32; n]; n];
    let mut discs = vec![0i64; n];
    let mut games = vec![0u32; n];
    let (mut black_wins, mut white_wins, mut draws) = (0u32, 0u32, 0u32);
    let mut pair_index = 0;
    let mut game_number = 0;
    let total_games = (n * (n - 1)) as u64 * u64::from(options.pairs);
    for i in 0..n {
        for j in i + 1..n {
            for _ in 0..options.pairs {
                let pair_seed = derive_seed(options.seed, pair_index);
                pair_index += 1;
                for (black, white) in [(i, j), (j, i)] {
                    let mut rng = Rng::new(pair_seed);
                    let (low, high) = players.split_at_mut(black.max(white));
                    let (b, w) = if black < white {
                        (&mut low[black], &mut high[0])
                    } else {
                        (&mut high[0], &mut low[white])
                    };
                    let game = play_game(b, w, options.random_plies, &mut rng, clock);
                    let end = game.position();
                    let (bd, wd) = (end.black().count_ones(), end.white().count_ones());
                    let difference = i64::from(bd) - i64::from(wd);
                    match difference.signum() {
                        1 => {
                            halves[black][white] += 2;
                            black_wins += 1;
                        }
                        -1 => {
                            halves[white][black] += 2;
                            white_wins += 1;
                        }
                        _ => {
                            halves[black][white] += 1;
                            halves[white][black] += 1;
                            draws += 1;
                        }
                    }
                    discs[black] += difference;
                    discs[white] -= difference;
                    games[black] += 1;
                    games[white] += 1;
                    game_number += 1;
                    host.print(&format!(
                        "{game_number:>4}. {} {bd}-{wd} {} {}",
                        options.players[black],
                        options.players[white],
                        transcript::write(&game)
                    ));
                    host.progress("tournament", game_number, total_games);
                }
            }
        }
    }
    let totals: Vec<u32> = halves.iter().map(|row| row.iter().sum()).collect();
    let width = options
        .players
        .iter()
        .map(|s| s.to_string().len())
        .max()
        .unwrap_or(0)
        + 2;
    for i in 0..n {
        let cells: Vec<String> = (0..n)
            .map(|j| {
                if i == j {
                    "---".to_string()
                } else {
                    format!("{:.1}", points(halves[i][j]))
                }
            })
            .map(|cell| format!("{cell:>5}"))
            .collect();
        host.print(&format!(
            "{:<width$}{:>6}: {}   discs {:+.1}",
            options.players[i].to_string(),
            format!("{:.1}", points(totals[i])),
            cells.join(" "),
            discs[i] as f64 / f64::from(games[i].max(1))
        ));
    }
    let table: Vec<Vec<Option<f64>>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (i != j).then(|| points(halves[i][j])))
                .collect()
        })
        .collect();
    host.print(&summary::line(&json!({
        "command": "tournament",
        "players": options.players.iter().map(Spec::to_string).collect::<Vec<_>>(),
        "pairs": options.pairs,
        "random_plies": options.random_plies,
        "seed": options.seed,
        "games": game_number,
        "totals": totals.iter().map(|&h| points(h)).collect::<Vec<_>>(),
        "table": table,
        "disc_average": (0..n)
            .map(|i| summary::round_to(discs[i] as f64 / f64::from(games[i].max(1)), 2))
            .collect::<Vec<_>>(),
        "black_wins": black_wins,
        "white_wins": white_wins,
        "draws": draws,
    })));
    Ok(())
}
