//! `game --black <spec> --white <spec>`: one game between two players named
//! by specs (see [`crate::players`]), optionally from random opening plies.

use crate::clock::Clock;
use crate::notation::{self, transcript};
use crate::players::{play_from, Player, Rng, Spec};
use crate::position::Position;
use crate::Game;

use super::Host;

/// Whether a `game` command line asks for players by spec.
pub(super) fn wants_players(args: &[String]) -> bool {
    args.iter().any(|arg| {
        matches!(
            arg.as_str(),
            "--black" | "--white" | "--random-plies" | "--seed"
        )
    })
}

/// Options of `game --black <spec> --white <spec> ...`.
struct Options {
    black: Spec,
    white: Spec,
    random_plies: u32,
    seed: u64,
    opening: Game,
}

/// A whole number option.
pub(super) fn number<T: std::str::FromStr>(
    command: &str,
    flag: &str,
    text: &str,
) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{command}: {flag} '{text}' is not a whole number"))
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut black = None;
    let mut white = None;
    let mut random_plies = 0;
    let mut seed = 1;
    let mut engine_limit = String::new();
    let mut opening = Game::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let flag = arg.as_str();
        let mut value = || {
            iter.next()
                .map(String::as_str)
                .ok_or_else(|| format!("game: {flag} needs a value"))
        };
        match flag {
            "--black" => black = Some(Spec::parse(value()?)?),
            "--white" => white = Some(Spec::parse(value()?)?),
            "--random-plies" => random_plies = number("game", flag, value()?)?,
            "--seed" => seed = number("game", flag, value()?)?,
            "--depth" => engine_limit = format!("depth={}", value()?),
            "--time-ms" => engine_limit = format!("time-ms={}", value()?),
            "--opening" => {
                opening = notation::parse_game(value()?).map_err(|e| e.to_string())?;
            }
            "--clock-ms" => {
                return Err(
                    "game: --clock-ms is for engine-only games (without --black/--white)".into(),
                )
            }
            other => return Err(format!("game: unexpected argument '{other}'")),
        }
    }
    // A side without a spec is the engine, limited by --depth or --time-ms if given.
    let engine = || Spec::parse(&format!("engine:{engine_limit}"));
    Ok(Options {
        black: black.map_or_else(engine, Ok)?,
        white: white.map_or_else(engine, Ok)?,
        random_plies,
        seed,
        opening,
    })
}

/// The board as PAIP prints it: a header with the disc counts, then rows 1-8.
pub(super) fn picture(position: &Position) -> Vec<String> {
    let (black, white) = (position.black(), position.white());
    let (b, w) = (black.count_ones() as i32, white.count_ones() as i32);
    let mut lines = vec![format!("    a b c d e f g h   [@={b} O={w} ({:+})]", b - w)];
    for row in 0..8 {
        let cells: Vec<&str> = (0..8)
            .map(|column| {
                let bit = 1u64 << (row * 8 + column);
                if black & bit != 0 {
                    "@"
                } else if white & bit != 0 {
                    "O"
                } else {
                    "."
                }
            })
            .collect();
        lines.push(format!("  {} {}", row + 1, cells.join(" ")));
    }
    lines
}

/// `game --black <spec> --white <spec> [--random-plies N --seed S] [--depth N | --time-ms N] [--opening T]`.
pub fn run_versus(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let options = parse(args)?;
    let mut black = Player::new(options.black)?;
    let mut white = Player::new(options.white)?;
    let mut rng = Rng::new(options.seed);
    let game = play_from(
        options.opening,
        &mut black,
        &mut white,
        options.random_plies,
        &mut rng,
        clock,
    );
    let mut position = game.start();
    for (ply, &mv) in game.moves().iter().enumerate() {
        let random =
            crate::players::move_number(&position.board) <= i64::from(options.random_plies);
        host.print(&format!(
            "{:>2}. {} {mv}{}",
            ply + 1,
            position.to_move,
            if random { " (random)" } else { "" }
        ));
        position = position.play(mv).map_err(|e| format!("game: {e}"))?;
    }
    for line in picture(&position) {
        host.print(&line);
    }
    host.print(&format!(
        "{{\"command\":\"game\",\"transcript\":\"{}\",\"black\":{},\"white\":{},\"black_player\":\"{}\",\"white_player\":\"{}\",\"random_plies\":{},\"seed\":{},\"black_ms_left\":null,\"white_ms_left\":null,\"lost_on_time\":null}}",
        transcript::write(&game),
        position.black().count_ones(),
        position.white().count_ones(),
        options.black,
        options.white,
        options.random_plies,
        options.seed
    ));
    Ok(())
}
