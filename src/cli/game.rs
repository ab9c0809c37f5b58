//! `game`: the engine plays both sides from the start (or a given opening)
//! under a game clock, a fixed time per move or a fixed depth.

use crate::clock::Clock;
use crate::notation::{self, transcript};
use crate::position::Move;
use crate::search::{Engine, Limits, ScoreKind, Silent, DEFAULT_TABLE_MB};
use crate::time_manager::{ClockState, TimeManager};
use crate::Game;

use super::Host;

/// How each move's search is limited.
enum Control {
    /// A game clock of this many milliseconds per side.
    Clock(f64),
    /// A fixed time per move.
    MoveTime(f64),
    /// A fixed depth per move.
    Depth(u32),
}

fn parse(args: &[String]) -> Result<(Control, Game), String> {
    let mut control = Control::Clock(60_000.0);
    let mut game = Game::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || {
            iter.next()
                .ok_or_else(|| format!("game: {arg} needs a value"))
        };
        match arg.as_str() {
            "--clock-ms" | "--time-ms" => {
                let text = value()?;
                let ms: f64 = text
                    .parse()
                    .ok()
                    .filter(|ms: &f64| ms.is_finite() && *ms > 0.0)
                    .ok_or_else(|| format!("game: {arg} '{text}' is not a positive number"))?;
                control = if arg == "--clock-ms" {
                    Control::Clock(ms)
                } else {
                    Control::MoveTime(ms)
                };
            }
            "--depth" => {
                let text = value()?;
                let depth = text
                    .parse()
                    .ok()
                    .filter(|d| (1..=60).contains(d))
                    .ok_or_else(|| format!("game: --depth '{text}' is not from 1 to 60"))?;
                control = Control::Depth(depth);
            }
            "--opening" => {
                game = notation::parse_game(value()?).map_err(|e| e.to_string())?;
            }
            other => return Err(format!("game: unexpected argument '{other}'")),
        }
    }
    Ok((control, game))
}

/// `game [--clock-ms N | --time-ms N | --depth N] [--opening <transcript>]`.
pub fn run_game(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> Result<(), String> {
    if super::versus::wants_players(args) {
        return super::versus::run_versus(args, host, clock);
    }
    let (control, mut game) = parse(args)?;
    let mut engines = [Engine::new(DEFAULT_TABLE_MB), Engine::new(DEFAULT_TABLE_MB)];
    let start_ms = match control {
        Control::Clock(ms) => ms,
        _ => f64::INFINITY,
    };
    let mut left = [start_ms, start_ms];
    let manager = TimeManager::default();
    let mut lost_on_time = None;
    while !game.position().board.is_game_over() {
        let position = game.position();
        let side = usize::from(position.to_move != crate::Color::Black);
        let board = position.board;
        let started = clock.now_ms();
        let result = match control {
            Control::Clock(_) => {
                let state = ClockState {
                    remaining_ms: left[side],
                    increment_ms: 0.0,
                    empties: board.empty_count(),
                };
                engines[side].play_on_clock(&board, &state, &manager, clock, &mut Silent)
            }
            Control::MoveTime(ms) => {
                let limits = Limits {
                    time_ms: Some(ms),
                    ..Limits::default()
                };
                engines[side].search(&board, &limits, clock, &mut Silent)
            }
            Control::Depth(depth) => {
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                engines[side].search(&board, &limits, clock, &mut Silent)
            }
        };
        let spent = clock.now_ms() - started;
        left[side] -= spent;
        let mv = result.best.unwrap_or(Move::Pass);
        game.play(mv)
            .map_err(|e| format!("game: the engine chose {mv}: {e}"))?;
        host.print(&format!(
            "{:>2}. {} {mv} {:+3} {:<5} depth {:>2} ms {:>6} left {:>8}",
            game.moves().len(),
            position.to_move,
            result.score,
            match result.kind {
                ScoreKind::Depth => "",
                kind => kind.name(),
            },
            result.depth,
            spent.round() as u64,
            if left[side].is_finite() {
                format!("{}", left[side].round() as i64)
            } else {
                "-".to_string()
            },
        ));
        if left[side] < 0.0 && lost_on_time.is_none() {
            lost_on_time = Some(position.to_move);
        }
    }
    let end = game.position();
    let left_json = |ms: f64| {
        if ms.is_finite() {
            format!("{}", ms.round() as i64)
        } else {
            "null".to_string()
        }
    };
    host.print(&format!(
        "{{\"command\":\"game\",\"transcript\":\"{}\",\"black\":{},\"white\":{},\"black_ms_left\":{},\"white_ms_left\":{},\"lost_on_time\":{}}}",
        transcript::write(&game),
        end.black().count_ones(),
        end.white().count_ones(),
        left_json(left[0]),
        left_json(left[1]),
        lost_on_time.map_or("null".to_string(), |c| format!("\"{}\"", c.name().to_lowercase()))
    ));
    Ok(())
}
