//! `game`: one game between two players, each named by a player spec (see
//! [`othello::players`]; a side without one is the engine) or an `nboard:`
//! spec (another program speaking the NBoard protocol), from the start or
//! an opening, optionally with random opening plies. The engine sides play
//! on a game clock (the engine's time manager), with a time per move, to a
//! depth, or with any other setting of an `engine:` spec.

use othello::clock::Clock;
use othello::notation::{self, transcript};
use othello::players::play::side;
use othello::players::spec::{DEFAULT_ENGINE_TABLE_MB, DEFAULT_ENGINE_TIME_MS};
use othello::players::{play_from, Mover, Ply, Rules, Spec};
use othello::position::Position;
use othello::rng::Rng;
use othello::score::ScoreKind;
use othello::settings::{self, GameClock, OptionError, Setting};
use othello::{Color, Game};
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::args::{self, ENGINE_SETTINGS};
use super::contestant::{play_error, SideSpec};
use othello_cli::Host;

/// The game clock's settings, which `game` takes as flags for every engine
/// side besides an engine player's settings ([`ENGINE_SETTINGS`]) for the
/// sides without a spec.
const CLOCK_SETTINGS: [Setting; 2] = [Setting::Clock, Setting::Increment];

/// The `engine:` spec settings that say when a search stops, which a game
/// clock decides instead.
const STOPPING: [Setting; 4] = [
    Setting::Depth,
    Setting::TimeMs,
    Setting::Nodes,
    Setting::Level,
];

/// Options of `game`.
struct Options {
    /// Black's and White's players.
    players: [SideSpec; 2],
    /// The game clock every engine side plays on, if any.
    clock: Option<GameClock>,
    random_plies: u32,
    seed: u64,
    opening: Game,
}

/// The first `engine:` setting of an engine spec's text that says when its
/// search stops (which a clock refuses), as written.
fn stopping_key(text: &str) -> Option<&str> {
    let pairs = text.strip_prefix("engine")?;
    pairs
        .strip_prefix(':')
        .unwrap_or(pairs)
        .split(',')
        .filter_map(|pair| pair.split_once('=').map(|(key, _)| key))
        .find(|key| Setting::named(key).is_some_and(|setting| STOPPING.contains(&setting)))
}

fn parse(args: &[String]) -> CliResult<Options> {
    let o = super::help::GAME.read(args)?;
    let mut specs: [Option<(String, SideSpec)>; 2] = [None, None];
    for color in [Color::Black, Color::White] {
        if let Some(text) = o.value(&color.name().to_lowercase()) {
            specs[side(color)] = Some((text.to_string(), SideSpec::parse(text)?));
        }
    }
    let random_plies = o.whole("random-plies")?.unwrap_or(0);
    let seed = o.whole("seed")?.unwrap_or(1);
    let opening = match o.value("opening") {
        Some(text) => {
            notation::parse_game(text).map_err(|e| CliError::input("game: --opening", e))?
        }
        None => Game::default(),
    };
    let mut reader = args::reader(settings::flags);
    let known: Vec<Setting> = ENGINE_SETTINGS.into_iter().chain(CLOCK_SETTINGS).collect();
    for (setting, value) in o.settings(&known) {
        reader.read(setting, value).map_err(CliError::from)?;
    }
    o.finish()?;
    let engine_setting = ENGINE_SETTINGS
        .into_iter()
        .find(|&setting| reader.has(setting));
    // Refuses a clock with a depth, a level with a depth, and so on.
    let mut shared = reader.finish().map_err(CliError::from)?;
    let clock = shared.clock.take();
    if let (Some(setting), [Some(_), Some(_)]) = (engine_setting, &specs) {
        return Err(CliError::usage(format!(
            "game: {} is for a side without a spec, and --black and --white both have one",
            settings::flags(setting)
        )));
    }
    if clock.is_some() {
        for (color, spec) in [Color::Black, Color::White]
            .into_iter()
            .filter_map(|color| specs[side(color)].as_ref().map(|spec| (color, spec)))
        {
            check_on_clock(color, spec)?;
        }
    }
    // A side without a spec is the engine with the settings given, as an
    // `engine:` spec with them would be.
    if clock.is_none() && !shared.stops() {
        shared.limits.time_ms = Some(DEFAULT_ENGINE_TIME_MS);
    }
    shared.table_mb.get_or_insert(DEFAULT_ENGINE_TABLE_MB);
    let [black, white] =
        specs.map(|spec| spec.map_or(SideSpec::Player(Spec::Engine(shared)), |(_, spec)| spec));
    Ok(Options {
        players: [black, white],
        clock,
        random_plies,
        seed,
        opening,
    })
}

/// Whether the player `spec` (its text and itself) of `color` may play on
/// a clock: only an engine may, and only when its spec leaves the time
/// manager to decide when its searches stop.
fn check_on_clock(color: Color, (text, spec): &(String, SideSpec)) -> CliResult {
    let flag = format!("--{}", color.name().to_lowercase());
    let clock = settings::flags(Setting::Clock);
    if !matches!(spec, SideSpec::Player(Spec::Engine(_))) {
        return Err(CliError::usage(format!(
            "game: {clock} is for engine players, and {flag} '{text}' is not one: \
             leave out {clock}, or give {flag} an engine:... spec"
        )));
    }
    match stopping_key(text) {
        Some(key) => Err(CliError::setting(
            "",
            OptionError::StoppedByClock {
                clock,
                other: format!("{key} in {flag} '{text}'"),
            },
        )),
        None => Ok(()),
    }
}

/// `game [--black <spec>] [--white <spec>] [--clock-ms N [--increment-ms M]
/// | --time-ms N | --depth N | <other engine settings>] [--opening T]
/// [--random-plies N] [--seed S]`.
pub fn run_game(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args)?;
    let [black, white] = &options.players;
    let (mut black, mut white) = (black.start()?, white.start()?);
    let rules = Rules {
        random_plies: options.random_plies,
        clock: options.clock,
    };
    let mut rng = Rng::new(options.seed);
    let players: [&mut dyn Mover<Error = _>; 2] = [&mut black, &mut white];
    let played = play_from(
        options.opening,
        players,
        &rules,
        &mut rng,
        clock,
        &mut |ply| host.print(&ply_line(ply)),
    )
    .map_err(|e| play_error("game", e))?;
    let game = played.game;
    let end = game.position();
    for line in picture(&end) {
        host.print(&line);
    }
    let [black, white] = &options.players;
    host.print(&summary::line(&json!({
        "command": "game",
        "transcript": transcript::write(&game),
        "black": end.black().count_ones(),
        "white": end.white().count_ones(),
        "black_player": black.to_string(),
        "white_player": white.to_string(),
        "random_plies": options.random_plies,
        "seed": options.seed,
        "black_ms_left": summary::ms_left(played.left_ms[0]),
        "white_ms_left": summary::ms_left(played.left_ms[1]),
        "lost_on_time": played.lost_on_time.map(|c: Color| c.name().to_lowercase()),
        "clock_ms": summary::ms_left(options.clock.map(|c| c.remaining_ms)),
        "increment_ms": summary::ms_left(options.clock.map(|c| c.increment_ms)),
    })));
    Ok(())
}

/// A move's line: its number, side and square, then `(random)` for a
/// random ply, or the engine's score, depth, time spent and time left.
fn ply_line(ply: &Ply) -> String {
    let note = match &ply.search {
        _ if ply.random => " (random)".to_string(),
        Some(result) => format!(
            " {:+3} {:<5} depth {:>2} ms {:>6} left {:>8}",
            result.score,
            match result.kind {
                ScoreKind::Depth => "",
                kind => kind.name(),
            },
            result.depth,
            ply.spent_ms.round() as u64,
            ply.left_ms
                .map_or("-".to_string(), |ms| format!("{}", ms.round() as i64)),
        ),
        None => String::new(),
    };
    format!("{:>2}. {} {}{note}", ply.number, ply.color, ply.mv)
}

/// The board as PAIP prints it: a header with the disc counts, then rows 1-8.
fn picture(position: &Position) -> Vec<String> {
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
