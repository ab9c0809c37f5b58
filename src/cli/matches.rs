//! `match`: the main engine under two sets of options, A and B, plays games
//! from distinct balanced openings (`data/openings.txt`), each opening twice
//! with the colours swapped.

use crate::clock::Clock;
use crate::notation::transcript;
use crate::players::{play_from, EngineOptions, Player, Rng, Spec};

use super::openings::embedded_openings;
use super::versus::number;
use super::Host;

struct Options {
    a: EngineOptions,
    b: EngineOptions,
    openings: usize,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let (mut a, mut b) = (String::new(), String::new());
    let mut openings = None;
    let mut limit = String::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let flag = arg.as_str();
        let mut value = || {
            iter.next()
                .map(String::as_str)
                .ok_or_else(|| format!("match: {flag} needs a value"))
        };
        match flag {
            "--a" => a = value()?.to_string(),
            "--b" => b = value()?.to_string(),
            "--openings" => openings = Some(number("match", flag, value()?)?),
            "--time-ms" => limit = format!("time-ms={}", value()?),
            "--depth" => limit = format!("depth={}", value()?),
            other => return Err(format!("match: unexpected argument '{other}'")),
        }
    }
    let available = embedded_openings().len();
    let openings = openings.ok_or("match: missing --openings")?;
    if openings == 0 || openings > available {
        return Err(format!("match: --openings must be from 1 to {available}"));
    }
    // The shared limit comes first, so each side's own options override it.
    let engine = |options: &str| {
        EngineOptions::parse(&format!("{limit},{options}")).map_err(|e| format!("match: {e}"))
    };
    Ok(Options {
        a: engine(&a)?,
        b: engine(&b)?,
        openings,
    })
}

/// `match --a <engine options> --b <engine options> --openings N [--time-ms T | --depth D]`.
pub fn run_match(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let options = parse(args)?;
    let mut a = Player::new(Spec::Engine(options.a))?;
    let mut b = Player::new(Spec::Engine(options.b))?;
    host.print(&format!("A: engine:{}", options.a.write()));
    host.print(&format!("B: engine:{}", options.b.write()));
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut disc_total = 0i64;
    let mut games = 0u32;
    for (index, opening) in embedded_openings()
        .into_iter()
        .take(options.openings)
        .enumerate()
    {
        let start =
            transcript::parse(opening).map_err(|e| format!("match: opening {}: {e}", index + 1))?;
        for a_is_black in [true, false] {
            let (black, white) = if a_is_black {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            let game = play_from(start.clone(), black, white, 0, &mut Rng::new(0), clock);
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
