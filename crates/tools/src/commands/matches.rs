//! `match`: the main engine under two sets of options, A and B, plays games
//! from distinct balanced openings (`data/openings.txt`), or from a few
//! random plies (`--random-plies R` or `LOW-HIGH`, `--seed S`), each opening twice with the
//! colours swapped. The result is A's score with its Elo difference and a
//! 95% interval; `--sprt ELO0,ELO1` stops as soon as a sequential
//! probability ratio test tells A is ELO1 better than B rather than ELO0
//! (or the reverse), at 5% error each way, `--openings` being the most
//! pairs it plays.

use othello::clock::Clock;
use othello::notation::transcript;
use othello::players::rng::derive_seed;
use othello::players::spec::{read_engine_options, write_engine_options};
use othello::players::{play_from, Player, Rng, Spec};
use othello::search::options::{self, SearchOptions};
use othello::Game;

use super::args::{self, number, read_table, Flags, ENGINE_SETTINGS};
use super::elo::{self, Pairs, Verdict};
use super::openings::embedded_openings;
use othello_cli::Host;

/// The SPRT's error each way (accepting ELO1 when ELO0 holds, and the reverse).
const SPRT_ERROR: f64 = 0.05;

/// An Elo difference as the summary writes it: `+35.2`, or `inf`/`-inf`.
/// A match's record from A's side, as [`print_record`] prints it.
pub(super) struct MatchRecord {
    /// A's score: wins and half the draws over the games.
    pub score: f64,
    /// A's mean disc difference.
    pub disc_average: f64,
    /// The Elo difference and its 95% interval.
    pub low: f64,
    pub elo: f64,
    pub high: f64,
}

/// Prints A's record (`[wins, draws, losses]`, the disc total) and the
/// Elo difference of the game pairs with its 95% interval; both matches
/// (8x8 and the 96-square board) end so.
pub(super) fn print_record(
    host: &mut dyn Host,
    [wins, draws, losses]: [u32; 3],
    disc_total: i64,
    pairs: &Pairs,
) -> MatchRecord {
    let games = wins + draws + losses;
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(games);
    let disc_average = disc_total as f64 / f64::from(games);
    host.print(&format!(
        "A against B: {wins} wins, {draws} draws, {losses} losses ({:.1}%), disc average {disc_average:+.2}",
        100.0 * score
    ));
    let (low, elo, high) = pairs.elo_interval();
    host.print(&format!(
        "Elo difference {} (95% interval {} to {}, {} pairs)",
        elo_text(elo),
        elo_text(low),
        elo_text(high),
        pairs.len()
    ));
    MatchRecord {
        score,
        disc_average,
        low,
        elo,
        high,
    }
}

pub(super) fn elo_text(elo: f64) -> String {
    if elo.is_finite() {
        format!("{elo:+.1}")
    } else if elo > 0.0 {
        "+inf".to_string()
    } else {
        "-inf".to_string()
    }
}

/// An Elo difference in the JSON line: a number, or `null` when infinite.
pub(super) fn elo_json(elo: f64) -> String {
    if elo.is_finite() {
        format!("{elo:.1}")
    } else {
        "null".to_string()
    }
}

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
    /// `--sprt ELO0,ELO1`: the hypotheses of the sequential test.
    sprt: Option<(f64, f64)>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let (mut a, mut b) = (String::new(), String::new());
    let mut openings = None;
    let (mut random_plies, mut seed, mut sprt) = (None, 1, None);
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
            "--sprt" => sprt = Some(sprt_bounds(flags.value(flag)?)?),
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
        sprt,
    })
}

/// `ELO0,ELO1` with ELO0 < ELO1, each within ±1000.
fn sprt_bounds(text: &str) -> Result<(f64, f64), String> {
    let parsed = text.split_once(',').and_then(|(low, high)| {
        let low: f64 = low.trim().parse().ok()?;
        let high: f64 = high.trim().parse().ok()?;
        (low.is_finite()
            && high.is_finite()
            && low < high
            && low.abs() <= 1000.0
            && high.abs() <= 1000.0)
            .then_some((low, high))
    });
    parsed.ok_or_else(|| {
        format!("match: --sprt must be ELO0,ELO1 with ELO0 < ELO1 (e.g. 0,20), got '{text}'")
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
    let mut pairs = Pairs::default();
    let bounds = elo::sprt_bounds(SPRT_ERROR, SPRT_ERROR);
    let mut verdict = Verdict::Continue;
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
        let mut pair = [0.0; 2];
        for (slot, a_is_black) in [true, false].into_iter().enumerate() {
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
            pair[slot] = (a_minus_b.signum() as f64 + 1.0) / 2.0;
            host.print(&format!(
                "{games:>4}. opening {:>3} {} {bd}-{wd} {}  A {a_minus_b:+}  {}",
                index + 1,
                if a_is_black { "A" } else { "B" },
                if a_is_black { "B" } else { "A" },
                transcript::write(&game)
            ));
        }
        pairs.push(pair[0], pair[1]);
        if let Some((elo0, elo1)) = options.sprt {
            verdict = elo::verdict(pairs.llr(elo0, elo1), bounds);
            if verdict != Verdict::Continue {
                break;
            }
        }
    }
    let MatchRecord {
        score,
        disc_average,
        low,
        elo,
        high,
    } = print_record(host, [wins, draws, losses], disc_total, &pairs);
    let sprt = match options.sprt {
        Some((elo0, elo1)) => {
            let llr = pairs.llr(elo0, elo1);
            host.print(&format!(
                "SPRT elo0 {elo0} elo1 {elo1}: LLR {llr:.2} within ({:.2}, {:.2}): {}",
                bounds.0,
                bounds.1,
                verdict.name()
            ));
            format!(
                ",\"sprt\":{{\"elo0\":{elo0},\"elo1\":{elo1},\"llr\":{llr:.3},\"lower\":{:.3},\"upper\":{:.3},\"result\":\"{}\"}}",
                bounds.0,
                bounds.1,
                verdict.name()
            )
        }
        None => String::new(),
    };
    host.print(&format!(
        "{{\"command\":\"match\",\"games\":{games},\"a_wins\":{wins},\"draws\":{draws},\"b_wins\":{losses},\"a_score\":{score:.4},\"disc_average\":{disc_average:.2},\"elo\":{},\"elo_low\":{},\"elo_high\":{}{sprt}}}",
        elo_json(elo),
        elo_json(low),
        elo_json(high)
    ));
    Ok(())
}
