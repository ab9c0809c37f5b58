//! `tournament`: PAIP's `round-robin` (seed 002, section 18.8). Every pair
//! of players meets in `--pairs` pairs of games; both games of a pair start
//! from the same random opening (`--random-plies`, 10 by default) with the
//! colours swapped. Wins count 1, draws 1/2, and the cross table gives each
//! player's total and its score against each opponent.

use crate::clock::Clock;
use crate::notation::transcript;
use crate::players::rng::derive_seed;
use crate::players::{play_game, Player, Rng, Spec};

use super::versus::number;
use super::Host;

/// Splits a comma-separated list of specs; pieces like `eval=standin` that
/// follow an `engine:` spec belong to it.
pub(super) fn split_specs(text: &str) -> Result<Vec<Spec>, String> {
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
    texts.iter().map(|text| Spec::parse(text)).collect()
}

struct Options {
    players: Vec<Spec>,
    pairs: u32,
    random_plies: u32,
    seed: u64,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut players = None;
    let mut pairs = None;
    let mut random_plies = 10;
    let mut seed = 1;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let flag = arg.as_str();
        let mut value = || {
            iter.next()
                .map(String::as_str)
                .ok_or_else(|| format!("tournament: {flag} needs a value"))
        };
        match flag {
            "--players" => players = Some(split_specs(value()?)?),
            "--pairs" => pairs = Some(number("tournament", flag, value()?)?),
            "--random-plies" => random_plies = number("tournament", flag, value()?)?,
            "--seed" => seed = number("tournament", flag, value()?)?,
            other => return Err(format!("tournament: unexpected argument '{other}'")),
        }
    }
    let players = players.ok_or("tournament: missing --players")?;
    if players.len() < 2 {
        return Err("tournament: --players needs at least two specs".into());
    }
    let pairs = pairs.ok_or("tournament: missing --pairs")?;
    if pairs == 0 {
        return Err("tournament: --pairs must be at least 1".into());
    }
    Ok(Options {
        players,
        pairs,
        random_plies,
        seed,
    })
}

/// Points as PAIP prints them (`12.5`).
fn points(halves: u32) -> String {
    format!("{:.1}", f64::from(halves) / 2.0)
}

/// `tournament --players <spec>,<spec>,... --pairs N [--random-plies 10 --seed S]`.
pub fn run_tournament(
    args: &[String],
    host: &mut dyn Host,
    clock: &dyn Clock,
) -> Result<(), String> {
    let options = parse(args)?;
    let n = options.players.len();
    let mut players = options
        .players
        .iter()
        .map(|&spec| Player::new(spec))
        .collect::<Result<Vec<_>, _>>()?;
    // Half points of player i against player j, and disc differences.
    let mut halves = vec![vec![0u32; n]; n];
    let mut discs = vec![0i64; n];
    let mut games = vec![0u32; n];
    let (mut black_wins, mut white_wins, mut draws) = (0u32, 0u32, 0u32);
    let mut pair_index = 0;
    let mut game_number = 0;
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
                    points(halves[i][j])
                }
            })
            .map(|cell| format!("{cell:>5}"))
            .collect();
        host.print(&format!(
            "{:<width$}{:>6}: {}   discs {:+.1}",
            options.players[i].to_string(),
            points(totals[i]),
            cells.join(" "),
            discs[i] as f64 / f64::from(games[i].max(1))
        ));
    }
    let quote = |spec: &Spec| format!("\"{spec}\"");
    let table: Vec<String> = (0..n)
        .map(|i| {
            let row: Vec<String> = (0..n)
                .map(|j| {
                    if i == j {
                        "null".into()
                    } else {
                        points(halves[i][j])
                    }
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    host.print(&format!(
        "{{\"command\":\"tournament\",\"players\":[{}],\"pairs\":{},\"random_plies\":{},\"seed\":{},\"games\":{game_number},\"totals\":[{}],\"table\":[{}],\"disc_average\":[{}],\"black_wins\":{black_wins},\"white_wins\":{white_wins},\"draws\":{draws}}}",
        options.players.iter().map(quote).collect::<Vec<_>>().join(","),
        options.pairs,
        options.random_plies,
        options.seed,
        totals.iter().map(|&h| points(h)).collect::<Vec<_>>().join(","),
        table.join(","),
        (0..n)
            .map(|i| format!("{:.2}", discs[i] as f64 / f64::from(games[i].max(1))))
            .collect::<Vec<_>>()
            .join(","),
    ));
    Ok(())
}
