//! `game`: one game between two players, each named by a player spec (see
//! [`othello::players`]; a side without one is the engine), from the start
//! or an opening, optionally with random opening plies. The engine sides
//! play on a game clock (the engine's time manager), with a time per move,
//! to a depth, or with any other setting of an `engine:` spec.

use othello::clock::Clock;
use othello::notation::{self, transcript};
use othello::players::spec::{DEFAULT_ENGINE_TABLE_MB, DEFAULT_ENGINE_TIME_MS};
use othello::players::{move_number, Player, Rng, Spec};
use othello::position::{Move, Position};
use othello::search::options::{self, GameClock, OptionError, SearchOptions, Setting};
use othello::search::{Engine, Limits, ScoreKind, Silent};
use othello::time_manager::{ClockState, TimeManager};
use othello::{Board, Color, Game, Status};

use super::args::{self, json_string, number, Flags, ENGINE_SETTINGS};
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
    players: [Spec; 2],
    /// The game clock every engine side plays on, if any.
    clock: Option<GameClock>,
    random_plies: u32,
    seed: u64,
    opening: Game,
}

/// The index of `color`'s side in [`Options::players`].
fn side(color: Color) -> usize {
    usize::from(color == Color::White)
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

fn parse(args: &[String]) -> Result<Options, String> {
    let mut specs: [Option<(String, Spec)>; 2] = [None, None];
    let mut reader = args::reader(options::flags);
    let mut random_plies = 0;
    let mut seed = 1;
    let mut opening = Game::default();
    let mut flags = Flags::new("game", args);
    while let Some(flag) = flags.next() {
        match flag {
            "--black" | "--white" => {
                let text = flags.value(flag)?;
                let color = if flag == "--black" {
                    Color::Black
                } else {
                    Color::White
                };
                specs[side(color)] = Some((text.to_string(), args::parse_spec(text)?));
            }
            "--random-plies" => random_plies = number("game", flag, flags.value(flag)?)?,
            "--seed" => seed = number("game", flag, flags.value(flag)?)?,
            "--opening" => {
                opening = notation::parse_game(flags.value(flag)?)
                    .map_err(|e| format!("game: --opening: {e}"))?;
            }
            _ => match args::setting_of(flag, &ENGINE_SETTINGS, options::flags)
                .or_else(|| args::setting_of(flag, &CLOCK_SETTINGS, options::flags))
            {
                Some(setting) => args::read_word(&mut reader, setting, flags.value(flag)?)?,
                None => return Err(flags.unexpected(flag)),
            },
        }
    }
    let engine_setting = ENGINE_SETTINGS
        .into_iter()
        .find(|&setting| reader.has(setting));
    // Refuses a clock with a depth, a level with a depth, and so on.
    let mut shared = reader.finish().map_err(|e| e.to_string())?;
    let clock = shared.clock.take();
    if let (Some(setting), [Some(_), Some(_)]) = (engine_setting, &specs) {
        return Err(format!(
            "game: {} is for a side without a spec, and --black and --white both have one",
            options::flags(setting)
        ));
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
    let [black, white] = specs.map(|spec| spec.map_or(Spec::Engine(shared), |(_, spec)| spec));
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
fn check_on_clock(color: Color, (text, spec): &(String, Spec)) -> Result<(), String> {
    let flag = format!("--{}", color.name().to_lowercase());
    let clock = options::flags(Setting::Clock);
    if !matches!(spec, Spec::Engine(_)) {
        return Err(format!(
            "game: {clock} is for engine players, and {flag} '{text}' is not one: \
             leave out {clock}, or give {flag} an engine:... spec"
        ));
    }
    match stopping_key(text) {
        Some(key) => Err(OptionError::StoppedByClock {
            clock,
            other: format!("{key} in {flag} '{text}'"),
        }
        .to_string()),
        None => Ok(()),
    }
}

/// A side of the game: the engine, searched here so that its moves can be
/// shown with their score, depth and time, or another player.
enum Side {
    Engine {
        engine: Engine,
        /// The spec's limits (on a clock, only its selectivity and exact
        /// solves are kept: the time manager decides when a search stops).
        limits: Limits,
    },
    Other(Player),
}

impl Side {
    fn new(spec: Spec, on_clock: bool) -> Result<Side, String> {
        match spec {
            Spec::Engine(SearchOptions {
                limits,
                evaluation,
                table_mb,
                threads,
                ..
            }) => {
                let table_mb = table_mb.unwrap_or(DEFAULT_ENGINE_TABLE_MB);
                let mut engine = Engine::try_new(table_mb).map_err(|e| e.to_string())?;
                engine.set_evaluation(evaluation);
                engine.set_threads(threads.unwrap_or(1));
                // Decodes the evaluation's tables now, not on the first move's clock.
                evaluation.evaluate(&Board::START);
                let limits = if on_clock {
                    // No stopping setting was given (see check_on_clock), so
                    // the only time limit is a spec's default one.
                    Limits {
                        depth: None,
                        nodes: None,
                        time_ms: None,
                        ..limits
                    }
                } else {
                    limits
                };
                Ok(Side::Engine { engine, limits })
            }
            other => Ok(Side::Other(Player::new(other).map_err(|e| e.to_string())?)),
        }
    }
}

/// Milliseconds as the JSON line writes them: rounded, or `null`.
fn ms_json(ms: Option<f64>) -> String {
    ms.map_or_else(|| "null".to_string(), |ms| format!("{}", ms.round() as i64))
}

/// `game [--black <spec>] [--white <spec>] [--clock-ms N [--increment-ms M]
/// | --time-ms N | --depth N | <other engine settings>] [--opening T]
/// [--random-plies N] [--seed S]`.
pub fn run_game(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    let options = parse(args)?;
    let on_clock = options.clock.is_some();
    let [black, white] = options.players;
    let mut sides = [Side::new(black, on_clock)?, Side::new(white, on_clock)?];
    let increment_ms = options.clock.map_or(0.0, |c| c.increment_ms);
    let mut left = [options.clock.map(|c| c.remaining_ms); 2];
    let manager = TimeManager::default();
    let mut rng = Rng::new(options.seed);
    let mut lost_on_time = None;
    let mut game = options.opening;
    loop {
        let position = game.position();
        let status = position.status();
        if status == Status::GameOver {
            break;
        }
        let color = position.to_move;
        let index = side(color);
        let ply = game.moves().len() + 1;
        let board = position.board;
        let (mv, note) = match (status, &mut sides[index]) {
            (Status::MustPass, _) => (Move::Pass, String::new()),
            _ if move_number(&board) <= i64::from(options.random_plies) => {
                // As `players::play_from` chooses them.
                let moves: Vec<_> = board.move_list().collect();
                (
                    Move::Play(moves[rng.below(moves.len())]),
                    " (random)".to_string(),
                )
            }
            (_, Side::Other(player)) => (player.choose(&position, &mut rng, clock), String::new()),
            (_, Side::Engine { engine, limits }) => {
                let started = clock.now_ms();
                let result = match left[index] {
                    Some(remaining_ms) => {
                        let state = ClockState {
                            remaining_ms,
                            increment_ms,
                            empties: board.empty_count(),
                        };
                        engine.play_on_clock_with(
                            &board,
                            &state,
                            &manager,
                            limits,
                            clock,
                            &mut Silent,
                        )
                    }
                    None => engine.search(&board, limits, clock, &mut Silent),
                };
                let spent = clock.now_ms() - started;
                if let Some(ms) = left[index].as_mut() {
                    *ms -= spent;
                    if *ms < 0.0 && lost_on_time.is_none() {
                        lost_on_time = Some(color);
                    }
                    *ms += increment_ms;
                }
                let note = format!(
                    " {:+3} {:<5} depth {:>2} ms {:>6} left {:>8}",
                    result.score,
                    match result.kind {
                        ScoreKind::Depth => "",
                        kind => kind.name(),
                    },
                    result.depth,
                    spent.round() as u64,
                    left[index].map_or("-".to_string(), |ms| format!("{}", ms.round() as i64)),
                );
                (result.best.unwrap_or(Move::Pass), note)
            }
        };
        game.play(mv)
            .map_err(|e| format!("game: {color} chose {mv}: {e}"))?;
        host.print(&format!("{ply:>2}. {color} {mv}{note}"));
    }
    let end = game.position();
    for line in picture(&end) {
        host.print(&line);
    }
    let [black, white] = options.players;
    host.print(&format!(
        "{{\"command\":\"game\",\"transcript\":\"{}\",\"black\":{},\"white\":{},\"black_player\":{},\"white_player\":{},\"random_plies\":{},\"seed\":{},\"black_ms_left\":{},\"white_ms_left\":{},\"lost_on_time\":{},\"clock_ms\":{},\"increment_ms\":{}}}",
        transcript::write(&game),
        end.black().count_ones(),
        end.white().count_ones(),
        json_string(&black.to_string()),
        json_string(&white.to_string()),
        options.random_plies,
        options.seed,
        ms_json(left[0]),
        ms_json(left[1]),
        lost_on_time.map_or("null".to_string(), |c: Color| json_string(&c.name().to_lowercase())),
        ms_json(options.clock.map(|c| c.remaining_ms)),
        ms_json(options.clock.map(|c| c.increment_ms)),
    ));
    Ok(())
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
