//! `soak`: many engine-against-engine games on the clock, every answer
//! checked. Each game starts with a few random moves, then both sides are
//! the engine with the same table (cleared before each game with
//! `--fresh-table`), each move searched within its time. Every move must be
//! legal and every score within the board's range; one proven score of each
//! game (exact or win/loss/draw, drawn at random) is checked against a
//! second solve by another engine; and each search's overrun of its
//! deadline is measured. The summary line ends the run:
//! `{"command":"soak","games":N,"errors":E,"overrun_ms":{"p50":..,"p99":..,"max":..},...}`.

use othello::board::Board;
use othello::book::Book;
use othello::clock::Clock;
use othello::engine::Engine;
use othello::game::Game;
use othello::position::{Move, Position};
use othello::rng::{derive_seed, Rng};
use othello::score::{ScoreKind, MAX_SCORE};
use othello::search::{Limits, Silent, Solve};

use othello::settings::Setting;

use super::args::{Command, Flag, Word};
use super::{searching, summary, CliError, CliResult, Host};
use serde::Serialize;

/// Games played when `--games` is not given.
const DEFAULT_GAMES: u64 = 10;
/// Milliseconds a move when `--time-ms` is not given: each move draws its
/// time from this range.
const DEFAULT_TIME_MS: (f64, f64) = (10.0, 100.0);
/// The most random moves a game starts with (each game draws 2 to this many).
const MAX_RANDOM_PLIES: u64 = 8;
/// The fewest random moves a game starts with.
const MIN_RANDOM_PLIES: u64 = 2;
/// Table of the checking engine, MiB.
const CHECK_TABLE_MB: usize = 16;
/// The longest time a move may be given, ms (a soak is many short searches).
const MAX_TIME_MS: f64 = 600_000.0;

/// `soak`.
pub(crate) const SOAK: Command = Command {
    name: "soak",
    about: "engine-against-engine games on the clock, every move and proven score checked",
    usage: &["soak [--games N] [--time-ms T|LOW-HIGH] [--table-mb M] [--fresh-table] [--seed S] [--threads T]"],
    notes: "Each game starts with 2 to 8 random moves; one proven score of each game is checked by a second solve.",
    flags: &[&[
        Flag::value("games", "N", "games to play (10 unless given)"),
        Flag::value("time-ms", "T|LOW-HIGH", "each move's time in ms, or a range each move draws from (10-100)"),
        Flag::value("seed", "S", "the seed of the random openings and times (1 unless given)"),
        Flag::switch("fresh-table", "clear the transposition table before each game"),
        Flag::setting(Setting::TableMb, Some("MB"), "the transposition table's size in MiB"),
        Flag::setting(Setting::Evaluation, Some("E"), "the evaluation: pattern, standin or file:<table>"),
        Flag::setting(Setting::Threads, Some("N"), "search threads (1 unless given)"),
    ]],
};

/// What `soak` was asked to do.
struct SoakOptions {
    games: u64,
    time_ms: (f64, f64),
    fresh_table: bool,
    seed: u64,
    options: searching::Options,
}

/// Reads `--time-ms T` or `--time-ms LOW-HIGH`.
fn parse_time(text: &str) -> CliResult<(f64, f64)> {
    let number = |part: &str| {
        part.trim()
            .parse::<f64>()
            .ok()
            .filter(|ms| ms.is_finite() && *ms >= 1.0 && *ms <= MAX_TIME_MS)
            .ok_or_else(|| CliError::usage(format!("soak: --time-ms '{text}' is not a time from 1 to {MAX_TIME_MS} ms or a range LOW-HIGH")))
    };
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (number(low)?, number(high)?),
        None => {
            let ms = number(text)?;
            (ms, ms)
        }
    };
    if low > high {
        return Err(CliError::usage(format!(
            "soak: --time-ms '{text}' runs from high to low"
        )));
    }
    Ok((low, high))
}

impl SoakOptions {
    fn parse(args: &[String]) -> CliResult<SoakOptions> {
        let mut games = DEFAULT_GAMES;
        let mut time_ms = DEFAULT_TIME_MS;
        let mut fresh_table = false;
        let mut seed = 1;
        let mut settings = Vec::new();
        for word in SOAK.parse(args)? {
            match word {
                Word::Option("games", text) => {
                    games = text
                        .parse::<u64>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| {
                            SOAK.error(format!("--games '{text}' is not a count of 1 or more"))
                        })?;
                }
                Word::Option("time-ms", text) => time_ms = parse_time(&text)?,
                Word::Option("seed", text) => {
                    seed = text.parse::<u64>().map_err(|_| {
                        SOAK.error(format!("--seed '{text}' is not a whole number"))
                    })?;
                }
                Word::Switch("fresh-table") => fresh_table = true,
                Word::Option(..) => settings.push(word),
                other => return Err(SOAK.unexpected(&other)),
            }
        }
        let options = searching::read_options(&SOAK, settings)?;
        Ok(SoakOptions {
            games,
            time_ms,
            fresh_table,
            seed,
            options,
        })
    }

    fn time_text(&self) -> String {
        let (low, high) = self.time_ms;
        if low == high {
            format!("{low}")
        } else {
            format!("{low}-{high}")
        }
    }
}

/// A proven score the game's search found, to be checked by a second solve.
#[derive(Clone, Copy, Debug)]
struct Proven {
    position: Position,
    score: i32,
    kind: ScoreKind,
    ply: usize,
}

/// The soak's tallies.
#[derive(Default)]
struct Tally {
    moves: u64,
    searches: u64,
    book_moves: u64,
    errors: u64,
    checked: u64,
    nodes: u64,
    overruns: Vec<f64>,
}

impl Tally {
    fn error(&mut self, host: &mut dyn Host, game: u64, ply: usize, message: &str) {
        self.errors += 1;
        host.print(&format!("error: game {game} move {}: {message}", ply + 1));
    }
}

/// The value at `fraction` (0 to 1) of the sorted `values`, by nearest rank.
fn percentile(sorted: &[f64], fraction: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (fraction * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Rounds to hundredths of a millisecond, for the summary.
fn hundredths(ms: f64) -> f64 {
    (ms * 100.0).round() / 100.0
}

/// `soak --games N [--time-ms T|LOW-HIGH] [--table-mb M] [--fresh-table] [--seed S]`.
pub fn run_soak(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let soak = SoakOptions::parse(args)?;
    let mut engine = soak.options.engine(host)?;
    engine.set_threads(soak.options.threads_or_one());
    let mut checker = Engine::try_new(CHECK_TABLE_MB).map_err(CliError::from)?;
    checker.set_evaluation(engine.evaluation());
    let base = soak.options.search.limits;
    let mut tally = Tally::default();
    // The tables are decoded once, before any search is timed: the soak
    // measures searches, and reports the one-time decoding apart.
    let start = clock.now_ms();
    engine.evaluation().evaluate(&Board::START);
    if engine.book().is_some() {
        Book::embedded();
    }
    let warmup_ms = clock.now_ms() - start;
    for index in 0..soak.games {
        let mut rng = Rng::new(derive_seed(soak.seed, index));
        if soak.fresh_table {
            engine.clear();
        }
        let game = play_game(
            &mut engine,
            &soak,
            &base,
            &mut rng,
            index,
            &mut tally,
            host,
            clock,
        );
        let proven = check_one(
            &mut checker,
            &game.1,
            &mut rng,
            index,
            &mut tally,
            host,
            clock,
        );
        let final_position = game.0.position();
        host.print(&format!(
            "game {:>5} moves {:>2} score {:+3} checked {} errors {}",
            index + 1,
            game.0.moves().len(),
            final_position.final_score(),
            if proven { "yes" } else { "no " },
            tally.errors
        ));
        host.progress("soak", index + 1, soak.games);
    }
    let ms = clock.now_ms() - start;
    tally.overruns.sort_by(f64::total_cmp);
    #[derive(Serialize)]
    struct Overruns {
        p50: f64,
        p99: f64,
        max: f64,
    }
    #[derive(Serialize)]
    struct SoakSummary {
        command: &'static str,
        games: u64,
        moves: u64,
        searches: u64,
        book_moves: u64,
        errors: u64,
        checked: u64,
        time_ms: String,
        table: &'static str,
        overrun_ms: Overruns,
        warmup_ms: u64,
        #[serde(flatten)]
        timing: summary::Timing,
    }
    host.print(&summary::line(&SoakSummary {
        command: "soak",
        games: soak.games,
        moves: tally.moves,
        searches: tally.searches,
        book_moves: tally.book_moves,
        errors: tally.errors,
        checked: tally.checked,
        time_ms: soak.time_text(),
        table: if soak.fresh_table { "fresh" } else { "reused" },
        overrun_ms: Overruns {
            p50: hundredths(percentile(&tally.overruns, 0.5)),
            p99: hundredths(percentile(&tally.overruns, 0.99)),
            max: hundredths(tally.overruns.last().copied().unwrap_or(0.0)),
        },
        warmup_ms: summary::whole_ms(warmup_ms),
        timing: summary::Timing::of(tally.nodes, ms),
    }));
    if tally.errors > 0 {
        return Err(CliError::failed(format!(
            "soak: {} errors (listed above)",
            tally.errors
        )));
    }
    Ok(())
}

/// Plays game `index`: random moves, then the engine on both sides. Returns
/// the game and the proven scores its searches found.
#[allow(clippy::too_many_arguments)]
fn play_game(
    engine: &mut Engine,
    soak: &SoakOptions,
    base: &Limits,
    rng: &mut Rng,
    index: u64,
    tally: &mut Tally,
    host: &mut dyn Host,
    clock: &dyn Clock,
) -> (Game, Vec<Proven>) {
    let mut game = Game::default();
    let mut proven = Vec::new();
    let random_plies = (MIN_RANDOM_PLIES
        + rng.below((MAX_RANDOM_PLIES - MIN_RANDOM_PLIES + 1) as usize) as u64)
        as usize;
    loop {
        let position = game.position();
        let board = position.board;
        let ply = game.moves().len();
        if board.is_game_over() {
            break;
        }
        let mv = if board.moves() == 0 {
            Move::Pass
        } else if ply < random_plies {
            let squares: Vec<_> = board.move_list().collect();
            Move::Play(squares[rng.below(squares.len())])
        } else {
            let (low, high) = soak.time_ms;
            let time_ms = low + (high - low) * (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let limits = Limits {
                time_ms: Some(time_ms),
                ..*base
            };
            // The deadline the search keeps to: a time per move may run past
            // its time in the endgame, within the bound (`Engine::limits_for`).
            let deadline_ms = engine
                .limits_for(&board, &limits)
                .time_ms
                .unwrap_or(time_ms);
            let started = clock.now_ms();
            let result = engine.search(&board, &limits, clock, &mut Silent);
            let elapsed = clock.now_ms() - started;
            tally.nodes += result.nodes;
            if result.kind == ScoreKind::Book {
                tally.book_moves += 1;
            } else {
                tally.searches += 1;
                tally.overruns.push((elapsed - deadline_ms).max(0.0));
            }
            if !(-MAX_SCORE..=MAX_SCORE).contains(&result.score) {
                tally.error(
                    host,
                    index,
                    ply,
                    &format!("score {} is off the board", result.score),
                );
            }
            if matches!(result.kind, ScoreKind::Exact | ScoreKind::WinLossDraw) {
                proven.push(Proven {
                    position,
                    score: result.score,
                    kind: result.kind,
                    ply,
                });
            }
            match result.best {
                Some(mv) => mv,
                None => {
                    tally.error(host, index, ply, "the search gave no move");
                    break;
                }
            }
        };
        tally.moves += 1;
        if let Err(error) = game.play(mv) {
            tally.error(host, index, ply, &format!("{mv}: {error}"));
            break;
        }
        let after = game.position().board;
        if after.player & after.opponent != 0
            || after.player.count_ones() + after.opponent.count_ones() > 64
        {
            tally.error(
                host,
                index,
                ply,
                &format!("{mv} left an inconsistent board"),
            );
            break;
        }
    }
    (game, proven)
}

/// Checks one of the game's proven scores, drawn at random, against a
/// solve by `checker` with a cleared table; whether there was one.
fn check_one(
    checker: &mut Engine,
    proven: &[Proven],
    rng: &mut Rng,
    index: u64,
    tally: &mut Tally,
    host: &mut dyn Host,
    clock: &dyn Clock,
) -> bool {
    if proven.is_empty() {
        return false;
    }
    let claim = proven[rng.below(proven.len())];
    checker.clear();
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    let solved = checker.search(&claim.position.board, &limits, clock, &mut Silent);
    tally.checked += 1;
    let agrees = match claim.kind {
        ScoreKind::WinLossDraw => claim.score.signum() == solved.score.signum(),
        _ => claim.score == solved.score,
    };
    if solved.kind != ScoreKind::Exact || !agrees {
        tally.error(
            host,
            index,
            claim.ply,
            &format!(
                "{} score {} but a second solve gives {} {}",
                claim.kind.name(),
                claim.score,
                solved.kind.name(),
                solved.score
            ),
        );
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn times_are_one_number_or_a_range() {
        assert_eq!(parse_time("50").unwrap(), (50.0, 50.0));
        assert_eq!(parse_time("10-100").unwrap(), (10.0, 100.0));
        assert!(parse_time("100-10")
            .unwrap_err()
            .to_string()
            .contains("high to low"));
        assert!(parse_time("0").is_err());
        assert!(parse_time("NaN").is_err());
        assert!(parse_time("-5").is_err());
        assert!(parse_time("10-").is_err());
    }

    /// The error `soak` gives for `line`.
    fn refusal(line: &str) -> String {
        match SoakOptions::parse(&words(line)) {
            Ok(_) => panic!("'{line}' was accepted"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn options_are_read_and_bad_ones_explained() {
        let Ok(soak) = SoakOptions::parse(&words(
            "--games 3 --time-ms 20 --fresh-table --seed 9 --table-mb 4",
        )) else {
            panic!("valid options refused");
        };
        assert_eq!(
            (soak.games, soak.time_ms, soak.fresh_table, soak.seed),
            (3, (20.0, 20.0), true, 9)
        );
        assert_eq!(soak.options.search.table_mb, Some(4));
        assert!(refusal("--games 0").contains("--games '0'"));
        assert!(refusal("--games").contains("needs a value"));
        assert!(refusal("--fast").contains("unknown option"));
        assert!(refusal("--table-mb 0").contains("table"));
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&values, 0.5), 50.0);
        assert_eq!(percentile(&values, 0.99), 99.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
        assert_eq!(percentile(&[3.0], 0.99), 3.0);
    }
}
