//! `match`: the main engine under two sets of options, A and B (or a
//! player spec such as `iago:4` or `study-rules:3`, or an NBoard engine, on
//! either side), plays games
//! from distinct balanced openings (`data/openings.txt`, or the
//! transcripts of `--openings-file F` in the same form), or from a few
//! random plies (`--random-plies R` or `LOW-HIGH`, `--seed S`), each opening twice with the
//! colours swapped. The result is A's score with its Elo difference and a
//! 95% interval; `--sprt ELO0,ELO1` stops as soon as a sequential
//! probability ratio test tells A is ELO1 better than B rather than ELO0
//! (or the reverse), at 5% error each way, `--openings` being the most
//! pairs it plays. `--clock-ms N [--increment-ms M]` plays every game on a
//! game clock (the engine's time manager decides each move's time; a side
//! whose clock runs out loses the game); in a tool built with the
//! `research` feature, `--baseline a|b` gives that side the baseline time
//! policies (BILL's clock manager, `TimeManager::baseline`, and a time per
//! move spent flat, never past `time-ms`, with no longer move for an
//! endgame solve), so that the tuned ones are measured against them in one
//! binary (docs/benchmarks.md). Each game's line gives
//! both sides' time: left on the clock, or the average per move. `--jobs
//! N` plays N pairs at once, each thread with its own two players and
//! clock (one game per core keeps timed games fair); the lines come in the
//! order the pairs end.
//!
//! A side may also be another program that speaks the NBoard protocol
//! (`--b nboard:[<key=value,...>:]<command line>`, [`crate::nboard_player`]),
//! which plays at its own depth: the shared settings are for the engine
//! sides, and a game clock or the baseline policies are refused for it.
//! Each side's time per move (mean and longest) ends the match, and
//! `--out F` writes the match's record with the time of every move
//! ([`super::match_file`]).

use othello_cli::{summary, CliError, CliResult};
use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use othello::clock::{Clock, NativeClock};
use othello::notation::transcript;
use othello::players::play::side;
use othello::players::spec::read_engine_options;
use othello::players::{play_from, Mover, Played, Rules, Spec};
use othello::rng::derive_seed;
use othello::rng::Rng;
use othello::settings::{self, GameClock, SearchOptions};
#[cfg(feature = "research")]
use othello::time_manager::TimeManager;
use othello::{Color, Game};

use super::args::{self, number, read_table, ENGINE_SETTINGS};
use super::contestant::{play_error, Contestant, SideSpec};
use super::elo::{self, Pairs, Verdict};
use super::match_file::{times_line, PlyTime, Recorded};
use super::openings::{opening_lines, OPENINGS_FILE};
use crate::nboard_player::{NboardError, NboardSpec};
use othello_cli::args::Parsed;
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

impl MatchRecord {
    /// Adds the record's fields to a match's summary `line` (an object):
    /// the games, A's `[wins, draws, losses]`, score, disc average and the
    /// Elo difference with its interval, as both matches write them.
    pub(super) fn add_to(
        &self,
        line: &mut serde_json::Value,
        games: u32,
        [wins, draws, losses]: [u32; 3],
    ) {
        extend(
            line,
            json!({
                "games": games,
                "a_wins": wins,
                "draws": draws,
                "b_wins": losses,
                "a_score": summary::round_to(self.score, 4),
                "disc_average": summary::round_to(self.disc_average, 2),
                "elo": elo_json(self.elo),
                "elo_low": elo_json(self.low),
                "elo_high": elo_json(self.high),
            }),
        );
    }
}

/// Adds the fields of object `more` to object `line`, in their order.
pub(super) fn extend(line: &mut serde_json::Value, more: serde_json::Value) {
    if let (Some(line), serde_json::Value::Object(more)) = (line.as_object_mut(), more) {
        line.extend(more);
    }
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
fn elo_json(elo: f64) -> Option<f64> {
    summary::finite(elo).map(|elo| summary::round_to(elo, 1))
}

/// Most pairs of games from random openings.
const MAX_RANDOM_OPENINGS: usize = 10_000;

/// Most pairs played at once (`--jobs`).
const MAX_JOBS: usize = 256;

struct Options {
    /// The sides: engines with their options, or NBoard engines.
    a: SideSpec,
    b: SideSpec,
    openings: usize,
    /// The openings, read once: the transcripts of `data/openings.txt`, or
    /// those of `--openings-file` (each checked to replay legally).
    starts: Vec<Game>,
    /// `--first-opening K`: the index (from 0) of the first pair's opening,
    /// so that one match can be split over several runs.
    first: usize,
    /// Random plies from the start instead of the committed openings: pair
    /// `k` plays `low + k % (high - low + 1)` of them.
    random_plies: Option<(u32, u32)>,
    seed: u64,
    /// `--sprt ELO0,ELO1`: the hypotheses of the sequential test.
    sprt: Option<(f64, f64)>,
    /// `--clock-ms N [--increment-ms M]`: each side's game clock.
    clock: Option<GameClock>,
    /// `--baseline a|b`: the side (A true, B false) given the baseline
    /// time policies (see the module doc).
    baseline: Option<bool>,
    /// `--jobs N`: pairs played at once, each on its own thread with its
    /// own two players.
    jobs: usize,
    /// `--out F`: the file the match's record goes to.
    out: Option<String>,
}

fn parse(args: &[String], host: &mut dyn Host) -> CliResult<Options> {
    let o = super::help::MATCH.read(args)?;
    let a = o.value("a").unwrap_or_default().to_string();
    let b = o.value("b").unwrap_or_default().to_string();
    let openings: Option<usize> = o.whole("openings")?;
    let openings_file = o.value("openings-file").map(str::to_string);
    let random_plies = o.value("random-plies").map(plies_range).transpose()?;
    let seed = o.whole("seed")?.unwrap_or(1);
    let sprt = o.value("sprt").map(sprt_bounds).transpose()?;
    let clock_ms = o
        .value("clock-ms")
        .map(|text| milliseconds("--clock-ms", text))
        .transpose()?;
    let increment_ms = o
        .value("increment-ms")
        .map(|text| milliseconds("--increment-ms", text))
        .transpose()?;
    let jobs = o.whole("jobs")?.unwrap_or(1);
    let first_opening: usize = o.whole("first-opening")?.unwrap_or(1);
    let out = o.value("out").map(str::to_string);
    let baseline = baseline_side(&o)?;
    // The settings both sides share (`--depth 4`), as `engine:` pairs.
    let mut shared = Vec::new();
    let mut reader = args::reader(settings::flags);
    for (setting, value) in o.settings(&ENGINE_SETTINGS) {
        reader
            .read(setting, value)
            .map_err(|e| CliError::from(e).within("match"))?;
        if let othello::settings::Value::Word(word) = value {
            shared.push(format!("{}={word}", setting.name()));
        }
    }
    o.finish()?;
    // Refuses shared settings that override one another (a level and a depth).
    reader.finish().map_err(|e| CliError::setting("match", e))?;
    let starts = match (&openings_file, random_plies) {
        (Some(_), Some(_)) => {
            return Err(CliError::usage(
                "match: --openings-file and --random-plies exclude each other",
            ))
        }
        (Some(path), None) => read_openings(path, host)?,
        (None, None) => embedded_starts()?,
        (None, Some(_)) => Vec::new(),
    };
    let available = match random_plies {
        Some(_) => MAX_RANDOM_OPENINGS,
        None => starts.len(),
    };
    let openings = openings.ok_or_else(|| CliError::usage("match: missing --openings"))?;
    if openings == 0 || openings > available {
        return Err(CliError::usage(format!(
            "match: --openings must be from 1 to {available}"
        )));
    }
    if first_opening == 0 || first_opening - 1 + openings > available {
        return Err(CliError::usage(format!(
            "match: --first-opening {first_opening} with --openings {openings} goes past opening {available}"
        )));
    }
    if !(1..=MAX_JOBS).contains(&jobs) {
        return Err(CliError::usage(format!(
            "match: --jobs must be from 1 to {MAX_JOBS}"
        )));
    }
    let clock = match (clock_ms, increment_ms) {
        (Some(remaining_ms), increment_ms) => Some(GameClock {
            remaining_ms,
            increment_ms: increment_ms.unwrap_or(0.0),
        }),
        (None, Some(_)) => return Err(CliError::usage("match: --increment-ms needs --clock-ms")),
        (None, None) => None,
    };
    // An NBoard engine plays at its own depth, on no clock and with its
    // own time policies.
    let side = |flag: &str, text: &str, is_baseline: bool| {
        let Some(spec) = NboardSpec::parse(text) else {
            // A side named by a player spec (not `engine:`) plays as it says.
            let name = text.split(':').next().unwrap_or_default();
            if Spec::is_player_name(name) && name != "engine" {
                if clock.is_some() {
                    return Err(CliError::usage(format!(
                        "match: {flag}: --clock-ms is for engines, not for {text}"
                    )));
                }
                let spec = Spec::parse_with_tables(text, Some(read_table))
                    .map_err(|e| CliError::input(format!("match: {flag}"), e))?;
                return Ok(SideSpec::Player(spec));
            }
            let text = text.strip_prefix("engine:").unwrap_or(text);
            let options = engine_options(flag, text, &shared, clock)?;
            return Ok(SideSpec::Player(Spec::Engine(options)));
        };
        let spec = spec.map_err(|e| CliError::input(format!("match: {flag}"), e))?;
        if clock.is_some() {
            return Err(CliError::usage(format!(
                "match: {flag}: an nboard engine plays at its own depth: leave out --clock-ms"
            )));
        }
        if is_baseline {
            return Err(CliError::usage(format!(
                "match: --baseline is for an engine side, and {flag} is an nboard engine"
            )));
        }
        Ok(SideSpec::Nboard(spec))
    };
    Ok(Options {
        a: side("--a", &a, baseline == Some(true))?,
        b: side("--b", &b, baseline == Some(false))?,
        openings,
        starts,
        first: first_opening - 1,
        random_plies,
        seed,
        sprt,
        clock,
        baseline,
        jobs,
        out,
    })
}

/// The options of an engine side: the match's shared settings, then the
/// side's own `engine:` pairs (which override them), on the game clock if
/// there is one.
fn engine_options(
    flag: &str,
    options: &str,
    shared: &[String],
    clock: Option<GameClock>,
) -> CliResult<SearchOptions> {
    let pairs: Vec<&str> = shared.iter().map(String::as_str).chain([options]).collect();
    let text = pairs.join(",");
    let mut options = read_engine_options(&text, Some(read_table))
        .map_err(|e| CliError::input(format!("match: {flag}"), e))?;
    if clock.is_some() {
        if options.limits.depth.is_some() || options.limits.nodes.is_some() {
            return Err(CliError::usage(format!(
                "match: {flag}: on --clock-ms the time manager decides when a search \
                 stops: leave out depth, nodes and level"
            )));
        }
        // The time per move an engine spec gets by default is the clock's to decide.
        options.limits.time_ms = None;
    }
    Ok(options)
}

/// The openings of a file: one transcript a line, in the form of
/// `data/openings.txt`; each must replay legally from the start.
fn read_openings(path: &str, host: &mut dyn Host) -> CliResult<Vec<Game>> {
    let text = host
        .read_file(path)
        .map_err(|e| e.within("match: --openings-file"))?;
    replay_openings(&text, path)
}

/// The committed openings (`data/openings.txt`, embedded), replayed.
fn embedded_starts() -> CliResult<Vec<Game>> {
    replay_openings(OPENINGS_FILE, "data/openings.txt")
}

/// Replays the transcript lines of `text` ([`opening_lines`]) from the
/// start; `source` names the file in errors.
fn replay_openings(text: &str, source: &str) -> CliResult<Vec<Game>> {
    let starts = opening_lines(text)
        .map(|(number, line)| {
            transcript::parse(line)
                .map_err(|e| CliError::input(format!("match: {source} line {number}"), e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if starts.is_empty() {
        return Err(CliError::usage(format!(
            "match: {source} holds no openings"
        )));
    }
    Ok(starts)
}

/// A clock time in milliseconds: a finite number from 1 up.
fn milliseconds(flag: &str, text: &str) -> CliResult<f64> {
    match text.parse::<f64>() {
        Ok(ms) if ms.is_finite() && ms >= 1.0 => Ok(ms),
        _ => Err(CliError::usage(format!(
            "match: {flag} must be a number of milliseconds from 1 up, got '{text}'"
        ))),
    }
}

/// One side of a match: who plays it, its time policies and the time it
/// spent.
struct Side {
    spec: SideSpec,
    /// The baseline time policies (see the module doc).
    baseline: bool,
    /// Milliseconds spent choosing moves and the moves chosen (passes and
    /// random plies not counted), over the whole match.
    spent_ms: f64,
    moves: u32,
    /// The longest time spent on one move.
    max_ms: f64,
    /// Games lost on time.
    flags: u32,
}

impl Side {
    fn new(spec: SideSpec, baseline: bool) -> Side {
        Side {
            spec,
            baseline,
            spent_ms: 0.0,
            moves: 0,
            max_ms: 0.0,
            flags: 0,
        }
    }

    /// Adds this side's figures of a game it played as `color`.
    fn tally(&mut self, game: &GamePlayed, color: Color) {
        let played = &game.played;
        self.spent_ms += played.spent_ms[side(color)];
        self.moves += played.chosen[side(color)];
        self.flags += u32::from(played.lost_on_time == Some(color));
        for ply in game.plies.iter().filter(|ply| ply.color == color) {
            self.max_ms = self.max_ms.max(ply.ms.unwrap_or(0.0));
        }
    }

    /// Average milliseconds per move chosen.
    fn ms_per_move(&self) -> f64 {
        self.spent_ms / f64::from(self.moves.max(1))
    }
}

/// The side `--baseline a|b` names: A (true) or B (false).
#[cfg(feature = "research")]
fn baseline_side(o: &Parsed<'_>) -> CliResult<Option<bool>> {
    match o.value("baseline") {
        None => Ok(None),
        Some("a") => Ok(Some(true)),
        Some("b") => Ok(Some(false)),
        Some(other) => Err(CliError::usage(format!(
            "match: --baseline must be a or b, got '{other}'"
        ))),
    }
}

/// No side has the baseline policies in a tool built without the
/// `research` feature (whose `match` has no `--baseline`).
#[cfg(not(feature = "research"))]
fn baseline_side(_: &Parsed<'_>) -> CliResult<Option<bool>> {
    Ok(None)
}

/// The player of a side: an engine player with its options, or a started
/// NBoard engine; with the `research` feature, a baseline engine side.
/// Each thread that plays games has its own players.
fn player_of(spec: &SideSpec, baseline: bool) -> CliResult<Contestant> {
    match spec {
        #[cfg(feature = "research")]
        SideSpec::Player(Spec::Engine(options)) if baseline => baseline_player(*options),
        other => {
            debug_assert!(!baseline || cfg!(feature = "research"));
            other.start()
        }
    }
}

/// An engine side with the baseline time policies: a time per move flat
/// (its time is also its soft limit, so it never gets the endgame's
/// extension, which is for a time limit alone, see `Engine::search`) and a
/// clock with `TimeManager::baseline`.
#[cfg(feature = "research")]
fn baseline_player(options: SearchOptions) -> CliResult<Contestant> {
    let mut played = options;
    if played.limits.soft_time_ms.is_none() {
        played.limits.soft_time_ms = played.limits.time_ms;
    }
    let mut player = othello::players::Player::new(Spec::Engine(played)).map_err(CliError::from)?;
    player.set_time_manager(TimeManager::baseline());
    Ok(Contestant::Player(player))
}

/// One game of a match.
struct GamePlayed {
    played: Played,
    /// Whether A had black.
    a_is_black: bool,
    /// The moves played after the opening, with their times.
    plies: Vec<PlyTime>,
}

/// The two games of one opening, colours swapped.
struct PairPlayed {
    /// The opening's index (from 0).
    index: usize,
    /// Each game: A black first.
    games: [GamePlayed; 2],
}

/// The start of pair `index`: its opening, or the start position when
/// the pair opens with random plies.
fn opening(options: &Options, index: usize) -> Game {
    options.starts.get(index).cloned().unwrap_or_default()
}

/// Plays pair `index`: A (`a`) takes black, then white.
fn play_pair(
    options: &Options,
    index: usize,
    [a, b]: [&mut Contestant; 2],
    clock: &dyn Clock,
) -> CliResult<PairPlayed> {
    let start = opening(options, index);
    let plies = options
        .random_plies
        .map_or(0, |(low, high)| low + index as u32 % (high - low + 1));
    let pair_seed = derive_seed(options.seed, index as u64);
    let rules = Rules {
        random_plies: plies,
        clock: options.clock,
    };
    let play = |a_is_black: bool, a: &mut Contestant, b: &mut Contestant| {
        let players: [&mut dyn Mover<Error = NboardError>; 2] =
            if a_is_black { [a, b] } else { [b, a] };
        // Both games of a pair open with the same random plies.
        let mut rng = Rng::new(pair_seed);
        let mut times = Vec::new();
        let played = play_from(
            start.clone(),
            players,
            &rules,
            &mut rng,
            clock,
            &mut |ply| times.push(PlyTime::of(ply)),
        )
        .map_err(|e| {
            let game = if a_is_black { "A black" } else { "A white" };
            play_error(&format!("match: opening {}, {game}", index + 1), e)
        })?;
        Ok::<_, CliError>(GamePlayed {
            played,
            a_is_black,
            plies: times,
        })
    };
    let first = play(true, a, b)?;
    let second = play(false, a, b)?;
    Ok(PairPlayed {
        index,
        games: [first, second],
    })
}

/// A match's results so far, from A's side.
#[derive(Default)]
struct Record {
    wins: u32,
    draws: u32,
    losses: u32,
    disc_total: i64,
    games: u32,
    pairs: Pairs,
}

impl Record {
    /// Scores and prints a pair's two games (with each move's time in the
    /// record file), and adds each side's time.
    fn add(&mut self, pair: &PairPlayed, [a, b]: [&mut Side; 2], out: &mut Recorded) {
        let mut scores = [0.0; 2];
        for (slot, game_played) in pair.games.iter().enumerate() {
            let GamePlayed {
                played, a_is_black, ..
            } = game_played;
            let (a_color, b_color) = if *a_is_black {
                (Color::Black, Color::White)
            } else {
                (Color::White, Color::Black)
            };
            a.tally(game_played, a_color);
            b.tally(game_played, b_color);
            let game = &played.game;
            let end = game.position();
            let (bd, wd) = (end.black().count_ones(), end.white().count_ones());
            let a_minus_b = if *a_is_black {
                i64::from(bd) - i64::from(wd)
            } else {
                i64::from(wd) - i64::from(bd)
            };
            // A side whose clock ran out first loses, whatever the discs.
            let a_minus_b = match played.lost_on_time {
                Some(color) if color == a_color => -(a_minus_b.abs().max(1)),
                Some(_) => a_minus_b.abs().max(1),
                None => a_minus_b,
            };
            match a_minus_b.signum() {
                1 => self.wins += 1,
                -1 => self.losses += 1,
                _ => self.draws += 1,
            }
            self.disc_total += a_minus_b;
            self.games += 1;
            scores[slot] = (a_minus_b.signum() as f64 + 1.0) / 2.0;
            let time = match played.left_ms {
                [Some(_), Some(_)] => format!(
                    "  left A {} B {} ms{}",
                    played.left_ms[side(a_color)].unwrap_or(0.0).round() as i64,
                    played.left_ms[side(b_color)].unwrap_or(0.0).round() as i64,
                    played
                        .lost_on_time
                        .map_or(String::new(), |color| format!(" ({color} lost on time)"))
                ),
                _ => String::new(),
            };
            out.print(&format!(
                "{:>4}. opening {:>3} {} {bd}-{wd} {}  A {a_minus_b:+}{time}  {}",
                self.games,
                pair.index + 1,
                if *a_is_black { "A" } else { "B" },
                if *a_is_black { "B" } else { "A" },
                transcript::write(game)
            ));
            out.note(&times_line(&game_played.plies));
        }
        self.pairs.push(scores[0], scores[1]);
    }
}

/// `ELO0,ELO1` with ELO0 < ELO1, each within ±1000.
fn sprt_bounds(text: &str) -> CliResult<(f64, f64)> {
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
        CliError::usage(format!(
            "match: --sprt must be ELO0,ELO1 with ELO0 < ELO1 (e.g. 0,20), got '{text}'"
        ))
    })
}

/// `R` or `LOW-HIGH` random plies.
fn plies_range(text: &str) -> CliResult<(u32, u32)> {
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let low: u32 = number("match", "--random-plies", low)?;
    let high: u32 = number("match", "--random-plies", high)?;
    if low > high || high > 60 {
        return Err(CliError::usage(format!(
            "match: --random-plies must be R or LOW-HIGH with LOW <= HIGH <= 60, got '{text}'"
        )));
    }
    Ok((low, high))
}

/// `match --a <engine options> --b <engine options> --openings N [--random-plies R --seed S]
/// [--time-ms T | --depth D | <other engine settings>] [--jobs N] [--out F]`
/// (either side may be `nboard:...`).
pub fn run_match(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args, host)?;
    let mut out = Recorded::new(host, options.out.as_deref(), args)?;
    let played = play_match(options, &mut out, clock);
    if let Err(error) = &played {
        out.note(&format!("# stopped: {error}"));
    }
    played.and_then(|()| out.check())
}

/// Plays the match of `options`, printing through `out`.
fn play_match(options: Options, out: &mut Recorded, clock: &dyn Clock) -> CliResult {
    let mut a = Side::new(options.a.clone(), options.baseline == Some(true));
    let mut b = Side::new(options.b.clone(), options.baseline == Some(false));
    let mut players = [
        player_of(&a.spec, a.baseline)?,
        player_of(&b.spec, b.baseline)?,
    ];
    for (letter, side, player) in [("A", &a, &players[0]), ("B", &b, &players[1])] {
        let policy = if side.baseline {
            " (baseline time policies)"
        } else {
            ""
        };
        out.print(&format!("{letter}: {}{policy}", player.describe()));
    }
    if let Some(setting) = options.clock {
        out.print(&format!(
            "on a clock of {} ms a side, {} ms added after each move",
            setting.remaining_ms, setting.increment_ms
        ));
    }
    out.check()?;
    let mut record = Record::default();
    let mut pairs_played = 0u64;
    let bounds = elo::sprt_bounds(SPRT_ERROR, SPRT_ERROR);
    let mut verdict = Verdict::Continue;
    // After each pair: whether the SPRT has decided.
    let mut decided = |record: &Record| match options.sprt {
        Some((elo0, elo1)) => {
            verdict = elo::verdict(record.pairs.llr(elo0, elo1), bounds);
            verdict != Verdict::Continue
        }
        None => false,
    };
    if options.jobs == 1 {
        for index in options.first..options.first + options.openings {
            let [pa, pb] = &mut players;
            let pair = play_pair(&options, index, [pa, pb], clock)?;
            record.add(&pair, [&mut a, &mut b], out);
            pairs_played += 1;
            out.progress("match", pairs_played, options.openings as u64);
            out.check()?;
            if decided(&record) {
                break;
            }
        }
    } else {
        // Each thread has its own players.
        drop(players);
        let next = AtomicUsize::new(options.first);
        let stop = AtomicBool::new(false);
        let (sender, receiver) = mpsc::channel();
        let sides = [(a.spec.clone(), a.baseline), (b.spec.clone(), b.baseline)];
        let (options, sides) = (&options, &sides);
        let outcome = std::thread::scope(|scope| {
            for _ in 0..options.jobs.min(options.openings) {
                let sender = sender.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || {
                    // Each thread times its games on its own clock.
                    let clock = NativeClock::new();
                    let made = player_of(&sides[0].0, sides[0].1)
                        .and_then(|a| Ok([a, player_of(&sides[1].0, sides[1].1)?]));
                    let [mut pa, mut pb] = match made {
                        Ok(players) => players,
                        Err(e) => {
                            let _ = sender.send(Err(e));
                            return;
                        }
                    };
                    while !stop.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= options.first + options.openings {
                            break;
                        }
                        let pair = play_pair(options, index, [&mut pa, &mut pb], &clock);
                        let failed = pair.is_err();
                        if sender.send(pair).is_err() || failed {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            for pair in receiver {
                let pair = match pair {
                    Ok(pair) => pair,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                };
                record.add(&pair, [&mut a, &mut b], out);
                pairs_played += 1;
                out.progress("match", pairs_played, options.openings as u64);
                if let Err(e) = out.check() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                if decided(&record) {
                    // The pairs under way finish; none starts.
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
            }
            Ok(())
        });
        outcome?;
    }
    let Record {
        wins,
        draws,
        losses,
        disc_total,
        games,
        pairs,
    } = record;
    let record = print_record(out, [wins, draws, losses], disc_total, &pairs);
    out.print(&format!(
        "time per move: A {:.1} ms, B {:.1} ms (over {} and {} moves; longest A {:.1} ms, B {:.1} ms); lost on time: A {}, B {}",
        a.ms_per_move(),
        b.ms_per_move(),
        a.moves,
        b.moves,
        a.max_ms,
        b.max_ms,
        a.flags,
        b.flags
    ));
    let sprt = match options.sprt {
        Some((elo0, elo1)) => {
            let llr = pairs.llr(elo0, elo1);
            out.print(&format!(
                "SPRT elo0 {elo0} elo1 {elo1}: LLR {llr:.2} within ({:.2}, {:.2}): {}",
                bounds.0,
                bounds.1,
                verdict.name()
            ));
            Some(json!({
                "elo0": elo0,
                "elo1": elo1,
                "llr": summary::round_to(llr, 3),
                "lower": summary::round_to(bounds.0, 3),
                "upper": summary::round_to(bounds.1, 3),
                "result": verdict.name(),
            }))
        }
        None => None,
    };
    let mut line = json!({ "command": "match" });
    record.add_to(&mut line, games, [wins, draws, losses]);
    extend(
        &mut line,
        json!({
            "a_ms_per_move": summary::round_to(a.ms_per_move(), 1),
            "b_ms_per_move": summary::round_to(b.ms_per_move(), 1),
            "a_max_move_ms": summary::round_to(a.max_ms, 1),
            "b_max_move_ms": summary::round_to(b.max_ms, 1),
            "a_lost_on_time": a.flags,
            "b_lost_on_time": b.flags,
        }),
    );
    if let Some(sprt) = sprt {
        line["sprt"] = sprt;
    }
    out.print(&summary::line(&line));
    Ok(())
}
