//! `match`: the main engine under two sets of options, A and B, plays games
//! from distinct balanced openings (`data/openings.txt`), or from a few
//! random plies (`--random-plies R` or `LOW-HIGH`, `--seed S`), each opening twice with the
//! colours swapped.

use othello::clock::Clock;
use othello::notation::transcript;
use othello::players::rng::derive_seed;
use othello::players::spec::{read_engine_options, write_engine_options};
use othello::players::{play_from, Player, Rng, Spec};
use othello::search::options::{self, SearchOptions};
use othello::Game;

use super::args::{self, number, read_table, Flags, ENGINE_SETTINGS};
use super::openings::embedded_openings;
use othello_cli::Host;

/// Most pairs of games from random openings.
const MAX_RANDOM_OPENINGS: usize = 10_000;

struct Options {
    a: SearchOptions,
    b: SearchOptions,
    openings: usize,
    /// Random plies from the start instead of the committed openings: pair
    /// `k` plays `low + k % (high - low + 1)` of them.
    random_plies: Option<(u32, u32)>,
    seed: u64,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let (mut a, mut b) = (String::new(), String::new());
    let mut openings = None;
    let (mut random_plies, mut seed) = (None, 1);
    // The settings both sides share (`--depth 4`), as `engine:` pairs.
    let mut shared = Vec::new();
    let mut reader = args::reader(options::flags);
    let mut flags = Flags::new("match", args);
    while let Some(flag) = flags.next() {
        match flag {
            "--a" => a = flags.value(flag)?.to_string(),
            "--b" => b = flags.value(flag)?.to_string(),
            "--openings" => openings = Some(number("match", flag, flags.value(flag)?)?),
            "--random-plies" => random_plies = Some(plies_range(flags.value(flag)?)?),
            "--seed" => seed = number("match", flag, flags.value(flag)?)?,
            _ => {
                let setting = args::setting_of(flag, &ENGINE_SETTINGS, options::flags)
                    .ok_or_else(|| flags.unexpected(flag))?;
                let word = flags.value(flag)?;
                args::read_word(&mut reader, setting, word).map_err(|e| format!("match: {e}"))?;
                shared.push(format!("{}={word}", setting.name()));
            }
        }
    }
    // Refuses shared settings that override one another (a level and a depth).
    reader.finish().map_err(|e| format!("match: {e}"))?;
    let available = match random_plies {
        Some(_) => MAX_RANDOM_OPENINGS,
        None => embedded_openings().len(),
    };
    let openings = openings.ok_or("match: missing --openings")?;
    if openings == 0 || openings > available {
        return Err(format!("match: --openings must be from 1 to {available}"));
    }
    // The shared settings come first, so each side's own options override them.
    let engine = |flag: &str, options: &str| {
        let pairs: Vec<&str> = shared.iter().map(String::as_str).chain([options]).collect();
        let text = pairs.join(",");
        read_engine_options(&text, Some(read_table)).map_err(|e| format!("match: {flag}: {e}"))
    };
    Ok(Options {
        a: engine("--a", &a)?,
        b: engine("--b", &b)?,
        openings,
        random_plies,
        seed,
    })
}

/// `R` or `LOW-HIGH` random plies.
fn plies_range(text: &str) -> Result<(u32, u32), String> {
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let low: u32 = number("match", "--random-plies", low)?;
    let high: u32 = number("match", "--random-plies", high)?;
    if low > high || high > 60 {
        return Err(format!(
            "match: --random-plies must be R or LOW-HIGH with LOW <= HIGH <= 60, got '{text}'"
        ));
    }
    Ok((low, high))
}

/// `match --a <engine options> --b <engine options> --openings N [--random-plies R --seed S]
/// [--time-ms T | --depth D | <other engine settings>]`.
pub fn run_match(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let options = parse(args)?;
    let mut a = Player::new(Spec::Engine(options.a)).map_err(|e| e.to_string())?;
    let mut b = Player::new(Spec::Engine(options.b)).map_err(|e| e.to_string())?;
    host.print(&format!("A: engine:{}", write_engine_options(&options.a)));
    host.print(&format!("B: engine:{}", write_engine_options(&options.b)));
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut disc_total = 0i64;
    let mut games = 0u32;
    let fixed = embedded_openings();
    for index in 0..options.openings {
        let start = match (options.random_plies, fixed.get(index)) {
            (None, Some(opening)) => transcript::parse(opening)
                .map_err(|e| format!("match: opening {}: {e}", index + 1))?,
            _ => Game::default(),
        };
        let plies = options
            .random_plies
            .map_or(0, |(low, high)| low + index as u32 % (high - low + 1));
        let pair_seed = derive_seed(options.seed, index as u64);
        for a_is_black in [true, false] {
            let (black, white) = if a_is_black {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            // Both games of a pair open with the same random plies.
            let mut rng = Rng::new(pair_seed);
            let game = play_from(start.clone(), black, white, plies, &mut rng, clock);
            let end = game.position();
            let (bd, wd) = (end.black().count_ones(), end.white().count_ones());
            let a_minus_b = if a_is_black {
                i64::from(bd) - i64::from(wd)
            } else {
                i64::from(wd) - i64::from(bd)
            };
            match a_minus_b.signum() {
                1 => wins += 1,
                -1 => losses += 1,
                _ => draws += 1,
            }
            disc_total += a_minus_b;
            games += 1;
            host.print(&format!(
                "{games:>4}. opening {:>3} {} {bd}-{wd} {}  A {a_minus_b:+}  {}",
                index + 1,
                if a_is_black { "A" } else { "B" },
                if a_is_black { "B" } else { "A" },
                transcript::write(&game)
            ));
        }
    }
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(games);
    let disc_average = disc_total as f64 / f64::from(games);
    host.print(&format!(
        "A against B: {wins} wins, {draws} draws, {losses} losses ({:.1}%), disc average {disc_average:+.2}",
        100.0 * score
    ));
    host.print(&format!(
        "{{\"command\":\"match\",\"games\":{games},\"a_wins\":{wins},\"draws\":{draws},\"b_wins\":{losses},\"a_score\":{score:.4},\"disc_average\":{disc_average:.2}}}"
    ));
    Ok(())
}
