//! `trainer build`: the endgame trainer's positions (docs/page.md), taken
//! from tournament games and solved exactly.
//!
//! The games are tried in an order drawn from `--seed`, one position a
//! game: the position of the game with a given number of empties, the
//! empties count that has the fewest positions so far (of those in
//! `--empties` that have fewer than `--per-empties`). A position is kept
//! when it has at least two legal moves and its best move is worth at least
//! [`MIN_MARGIN`] discs more than the second best: first the two best moves
//! are solved exactly (a two-line analysis, which proves the others no
//! better), and only a kept position has every legal move solved exactly.
//! Each kept position is appended to `--out` as an OBF line, its moves best
//! first with their exact scores (the form of `tests/data/ffo/*.obf`); each
//! game tried is appended to `--log` with what became of it. Started again
//! with the same files and seed, the command reads both and goes on where
//! it stopped: a crash or kill loses at most the position being solved.
//! The log is the recipe of the output: with the log alone, the command
//! solves the positions it kept again, in its order, and writes the same
//! lines before it goes on.

use std::fs::OpenOptions;
use std::io::Write;
use std::ops::RangeInclusive;

use othello::board::Board;
use othello::clock::Clock;
use othello::engine::Engine;
use othello::notation::obf;
use othello::position::{Color, Move, Position};
use othello::rng::Rng;
use othello::search::{Limits, Silent, Solve};
use othello_cli::summary::{self, Timing};
use othello_cli::{CliError, CliResult, Host};
use serde::Serialize;

use crate::training::wthor::{read_games, GameRecord};
use othello_cli::args::Parsed;

/// The least difference in discs between the best and the second best move
/// of a kept position.
pub const MIN_MARGIN: i32 = 2;
/// The fewest and most empties a trainer position may have.
pub const EMPTIES: RangeInclusive<u32> = 10..=24;
/// The transposition table's size in megabytes unless `--table-mb` says.
const TABLE_MB: usize = 64;
/// The first line of a log, followed by the seed.
const LOG_HEADER: &str = "# othello trainer build --seed";

/// `trainer build ...`.
pub fn run_trainer(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    match args.first().map(String::as_str) {
        Some("build") => run_build(&args[1..], host, clock),
        Some(other) => Err(CliError::usage(format!(
            "trainer: unknown subcommand '{other}', expected build"
        ))),
        None => Err(CliError::usage("trainer: expected build")),
    }
}

/// What the command line asks for.
struct Options<'a> {
    games: &'a str,
    out: &'a str,
    log: &'a str,
    per_empties: usize,
    empties: RangeInclusive<u32>,
    seed: u64,
    table_mb: usize,
}

fn read_options<'a>(o: &'a Parsed<'_>) -> CliResult<Options<'a>> {
    let (games, out, log) = (o.value("games"), o.value("out"), o.value("log"));
    let mut options = Options {
        games: "",
        out: "",
        log: "",
        per_empties: o.whole("per-empties")?.unwrap_or(140),
        empties: o.value("empties").map_or(Ok(EMPTIES), empties_range)?,
        seed: o.whole("seed")?.unwrap_or(1),
        table_mb: o.whole("table-mb")?.unwrap_or(TABLE_MB),
    };
    o.finish()?;
    options.games = games.ok_or_else(|| o.missing("games"))?;
    options.out = out.ok_or_else(|| o.missing("out"))?;
    options.log = log.ok_or_else(|| o.missing("log"))?;
    if options.table_mb == 0 {
        return Err(CliError::usage(
            "trainer build: --table-mb must be at least 1",
        ));
    }
    if options.out == options.log {
        return Err(CliError::usage(
            "trainer build: --out and --log must be different files",
        ));
    }
    Ok(options)
}

/// `LOW-HIGH` (or one count) within [`EMPTIES`].
fn empties_range(text: &str) -> CliResult<RangeInclusive<u32>> {
    let bad = || {
        CliError::usage(format!(
            "trainer build: --empties '{text}' is not LOW-HIGH within {}-{}",
            EMPTIES.start(),
            EMPTIES.end()
        ))
    };
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let low: u32 = low.trim().parse().map_err(|_| bad())?;
    let high: u32 = high.trim().parse().map_err(|_| bad())?;
    if low > high || !EMPTIES.contains(&low) || !EMPTIES.contains(&high) {
        return Err(bad());
    }
    Ok(low..=high)
}

/// The order in which the games are tried: all of them, shuffled by `seed`.
fn game_order(games: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..games).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// The position of `game` with `empties` empty squares (the side to move
/// has a move there: a pass is played first), `None` when the game ended
/// before it.
pub fn position_at(game: &GameRecord, empties: u32) -> Option<Position> {
    let mut position = Position {
        board: Board::START,
        to_move: Color::Black,
    };
    for &square in &game.moves {
        if position.board.moves() == 0 {
            position = position.play(Move::Pass).ok()?;
        }
        if position.board.empty_count() == empties {
            return Some(position);
        }
        position = position.play(Move::Play(square)).ok()?;
    }
    None
}

/// What became of a game tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Its position was solved and written.
    Kept,
    /// The best move is worth less than [`MIN_MARGIN`] more than the second.
    Close,
    /// The position has one legal move.
    OneMove,
    /// The game ended before so many empties.
    Short,
}

impl Verdict {
    fn word(self) -> &'static str {
        match self {
            Verdict::Kept => "kept",
            Verdict::Close => "close",
            Verdict::OneMove => "one-move",
            Verdict::Short => "short",
        }
    }

    fn read(word: &str) -> Option<Verdict> {
        [
            Verdict::Kept,
            Verdict::Close,
            Verdict::OneMove,
            Verdict::Short,
        ]
        .into_iter()
        .find(|verdict| verdict.word() == word)
    }
}

/// One line of the log: a game tried at an empties count.
struct Tried {
    game: usize,
    empties: u32,
    verdict: Verdict,
}

/// Reads the log at `path` (none yet: empty), made with `seed`, of a
/// database of `games` games. A last line cut short by a crash is cut
/// from the file (its game is tried again).
fn read_log(path: &str, seed: u64, games: usize) -> CliResult<Vec<Tried>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(CliError::file(path, e)),
    };
    let whole = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
    if whole.len() < text.len() {
        std::fs::write(path, whole).map_err(|e| CliError::file(path, e))?;
    }
    let mut lines = whole.lines().enumerate();
    let header = format!("{LOG_HEADER} {seed}");
    match lines.next() {
        None => return Ok(Vec::new()),
        Some((_, line)) if line == header => {}
        Some((_, line)) => {
            return Err(CliError::invalid(
                format!("{path}: line 1"),
                format!("'{line}' is not '{header}': the log of another seed or file"),
            ))
        }
    }
    let mut tried = Vec::new();
    for (index, line) in lines {
        let context = || format!("{path}: line {}", index + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let entry = match words[..] {
            [game, empties, verdict] => game
                .parse::<usize>()
                .ok()
                .filter(|&game| game < games)
                .zip(empties.parse::<u32>().ok().filter(|e| EMPTIES.contains(e)))
                .zip(Verdict::read(verdict))
                .map(|((game, empties), verdict)| Tried {
                    game,
                    empties,
                    verdict,
                }),
            [] => continue,
            _ => None,
        };
        tried.push(entry.ok_or_else(|| {
            CliError::invalid(
                context(),
                format!("'{line}' is not 'GAME EMPTIES kept|close|one-move|short'"),
            )
        })?);
    }
    Ok(tried)
}

/// The positions already in the output at `path` (none yet: empty); a last
/// line cut short by a crash is left out.
fn read_out(path: &str) -> CliResult<Vec<String>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(CliError::file(path, e)),
    };
    let whole = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    Ok(whole.lines().map(String::from).collect())
}

/// Every legal move of a position with its exact score, best first (ties
/// in square order).
pub struct Solved {
    /// The moves and their scores for the side to move.
    pub moves: Vec<(Move, i32)>,
}

/// Solves the two best moves of `board`; when the best is worth at least
/// [`MIN_MARGIN`] more, every move, else `None`.
fn solve(
    engine: &mut Engine,
    board: &Board,
    clock: &dyn Clock,
) -> CliResult<(Option<Solved>, u64)> {
    let exact = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    let two = engine.analyze_lines(board, &Limits { lines: 2, ..exact }, clock, &mut Silent);
    let mut nodes = two.nodes;
    let [first, second] = &two.lines[..] else {
        return Err(CliError::failed(format!(
            "trainer build: a two-line analysis gave {} lines",
            two.lines.len()
        )));
    };
    if first.score - second.score < MIN_MARGIN {
        return Ok((None, nodes));
    }
    let analysis = engine.analyze(board, &exact, clock, &mut Silent);
    nodes += analysis.nodes;
    let mut moves: Vec<(Move, i32)> = analysis.moves.iter().map(|m| (m.mv, m.score)).collect();
    moves.sort_by_key(|&(mv, score)| (-score, square_index(mv)));
    // The analysis and the two lines are separate solves: they agree, or the engine is wrong.
    if moves.len() < 2 || moves[0].1 != first.score || moves[1].1 != second.score {
        return Err(CliError::failed(format!(
            "trainer build: the analysis of {} does not agree with its two best lines ({} {}, {} {})",
            obf::write_position(&Position {
                board: *board,
                to_move: Color::Black
            }),
            first.mv,
            first.score,
            second.mv,
            second.score
        )));
    }
    Ok((Some(Solved { moves }), nodes))
}

fn square_index(mv: Move) -> usize {
    match mv {
        Move::Play(square) => square.index(),
        Move::Pass => 64,
    }
}

/// A position and its solved moves as an OBF line (`... X; G8:+18; H1:+12;`).
pub fn obf_line(position: &Position, moves: &[(Move, i32)]) -> String {
    let mut line = obf::write_position(position);
    for (mv, score) in moves {
        line.push_str(&format!("; {}:{score:+}", mv.to_string().to_uppercase()));
    }
    line.push(';');
    line
}

/// Appends `line` and a newline to the file at `path`, flushed.
fn append(path: &str, line: &str) -> CliResult {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| CliError::file(path, e))?;
    file.write_all(format!("{line}\n").as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| CliError::file(path, e))
}

/// What one empties count came to.
#[derive(Serialize)]
struct EmptiesSummary {
    empties: u32,
    /// Positions in the output.
    positions: usize,
    /// Games tried at this count in this run.
    tried: usize,
    /// Positions kept in this run.
    kept: usize,
    /// Milliseconds of this run's searches at this count, all games tried.
    ms: u64,
    /// Mean milliseconds a kept position cost in this run (its share of
    /// the games not kept included), or `null` when none was kept.
    ms_per_kept: Option<u64>,
}

/// The summary line.
#[derive(Serialize)]
struct BuildSummary<'a> {
    command: &'static str,
    out: &'a str,
    log: &'a str,
    seed: u64,
    /// Positions in the output.
    positions: usize,
    /// Positions added in this run.
    added: usize,
    /// Games tried in this run, and in all runs.
    tried: usize,
    tried_in_all: usize,
    /// Whether every empties count asked for has its positions.
    complete: bool,
    empties: Vec<EmptiesSummary>,
    #[serde(flatten)]
    timing: Timing,
}

/// Per empties count: positions in the output, and this run's tries,
/// keeps and milliseconds.
#[derive(Clone, Copy, Default)]
struct Count {
    positions: usize,
    tried: usize,
    kept: usize,
    ms: f64,
}

fn run_build(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let parsed = super::help::TRAINER_BUILD.read(args)?;
    let options = read_options(&parsed)?;
    let start = clock.now_ms();
    let games = read_games(options.games)?;
    if games.is_empty() {
        return Err(CliError::invalid(options.games, "no games"));
    }
    let log = read_log(options.log, options.seed, games.len())?;
    let mut out = read_out(options.out)?;
    // The kept positions of the log, in order, are the output's lines.
    let kept: Vec<&Tried> = log.iter().filter(|t| t.verdict == Verdict::Kept).collect();
    for (number, (line, tried)) in out.iter().zip(&kept).enumerate() {
        let expected = position_at(&games[tried.game], tried.empties)
            .map(|position| obf::write_position(&position));
        let found = line.split(';').next().unwrap_or("");
        if expected.as_deref() != Some(found) {
            return Err(CliError::invalid(
                format!("{}: line {}", options.out, number + 1),
                format!(
                    "not the position of game {} at {} empties that {} names",
                    tried.game, tried.empties, options.log
                ),
            ));
        }
    }
    if out.len() > kept.len()
        || std::fs::metadata(options.out)
            .is_ok_and(|m| m.len() as usize != out.iter().map(|line| line.len() + 1).sum::<usize>())
    {
        // Written before the crash that kept its game out of the log: solved again.
        out.truncate(kept.len());
        let text: String = out.iter().map(|line| format!("{line}\n")).collect();
        std::fs::write(options.out, text).map_err(|e| CliError::file(options.out, e))?;
        host.print(&format!(
            "{}: cut back to the {} positions the log names",
            options.out,
            out.len()
        ));
    }
    let mut engine = Engine::try_new(options.table_mb)?;
    let mut nodes = 0u64;
    if out.len() < kept.len() {
        // The log is the recipe: the positions it kept that the output lacks
        // (all of them for a new output) are solved again, in its order.
        host.print(&format!(
            "{}: {} positions, {} kept in {}: solving the others again",
            options.out,
            out.len(),
            kept.len(),
            options.log
        ));
        for tried in &kept[out.len()..] {
            let position = position_at(&games[tried.game], tried.empties);
            let solved = match position {
                Some(position) => solve(&mut engine, &position.board, clock)?,
                None => (None, 0),
            };
            nodes += solved.1;
            let (Some(position), (Some(solved), _)) = (position, solved) else {
                return Err(CliError::invalid(
                    options.log,
                    format!(
                        "game {} at {} empties is logged as kept but is not a trainer position",
                        tried.game, tried.empties
                    ),
                ));
            };
            let line = obf_line(&position, &solved.moves);
            append(options.out, &line)?;
            out.push(line);
        }
    }
    if log.is_empty() {
        // A new log (or an empty file): its header first.
        std::fs::write(options.log, format!("{LOG_HEADER} {}\n", options.seed))
            .map_err(|e| CliError::file(options.log, e))?;
    }

    let mut counts = [Count::default(); 25];
    for tried in &kept {
        counts[tried.empties as usize].positions += 1;
    }
    let mut used = vec![false; games.len()];
    for tried in &log {
        used[tried.game] = true;
    }
    let (mut added, mut tried_now) = (0, 0);
    let per = options.per_empties;
    let mut order = game_order(games.len(), options.seed)
        .into_iter()
        .filter(|&game| !used[game]);
    host.print(&format!(
        "{} games; {} tried before, {} positions; {} per empties count from {} to {}",
        games.len(),
        log.len(),
        out.len(),
        per,
        options.empties.start(),
        options.empties.end()
    ));
    // The count with the fewest positions (the fewest empties first) that wants more.
    while let Some(empties) = options
        .empties
        .clone()
        .filter(|&e| counts[e as usize].positions < per)
        .min_by_key(|&e| (counts[e as usize].positions, e))
    {
        let Some(game) = order.next() else {
            host.print("every game has been tried");
            break;
        };
        let begun = clock.now_ms();
        let (verdict, line, searched) = match position_at(&games[game], empties) {
            None => (Verdict::Short, None, 0),
            Some(position) if position.board.moves().count_ones() < 2 => {
                (Verdict::OneMove, None, 0)
            }
            Some(position) => match solve(&mut engine, &position.board, clock)? {
                (Some(solved), searched) => (
                    Verdict::Kept,
                    Some(obf_line(&position, &solved.moves)),
                    searched,
                ),
                (None, searched) => (Verdict::Close, None, searched),
            },
        };
        let ms = clock.now_ms() - begun;
        nodes += searched;
        if let Some(line) = &line {
            append(options.out, line)?;
        }
        append(options.log, &format!("{game} {empties} {}", verdict.word()))?;
        tried_now += 1;
        let count = &mut counts[empties as usize];
        count.tried += 1;
        count.ms += ms;
        if let Some(line) = line {
            count.kept += 1;
            count.positions += 1;
            added += 1;
            host.print(&format!(
                "game {game}, {empties} empties: kept, {:.1} s ({} at {empties}) {line}",
                ms / 1000.0,
                count.positions
            ));
        } else {
            host.print(&format!(
                "game {game}, {empties} empties: {}, {:.1} s",
                verdict.word(),
                ms / 1000.0
            ));
        }
        let (have, want) = options.empties.clone().fold((0, 0), |(have, want), e| {
            (have + counts[e as usize].positions.min(per), want + per)
        });
        host.progress("trainer build", have as u64, want as u64);
    }
    let empties: Vec<EmptiesSummary> = options
        .empties
        .clone()
        .map(|e| {
            let count = counts[e as usize];
            EmptiesSummary {
                empties: e,
                positions: count.positions,
                tried: count.tried,
                kept: count.kept,
                ms: summary::whole_ms(count.ms),
                ms_per_kept: (count.kept > 0)
                    .then(|| summary::whole_ms(count.ms / count.kept as f64)),
            }
        })
        .collect();
    host.print(&summary::line(&BuildSummary {
        command: "trainer build",
        out: options.out,
        log: options.log,
        seed: options.seed,
        positions: out.len() + added,
        added,
        tried: tried_now,
        tried_in_all: log.len() + tried_now,
        complete: empties.iter().all(|e| e.positions >= per),
        empties,
        timing: Timing::of(nodes, clock.now_ms() - start),
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empties_ranges_are_read_within_the_trainers() {
        assert_eq!(empties_range("10-24").unwrap(), 10..=24);
        assert_eq!(empties_range("12").unwrap(), 12..=12);
        for bad in ["9-12", "12-10", "10-25", "x", "10-"] {
            let error = empties_range(bad).unwrap_err();
            assert!(error.is_usage(), "{bad}");
            assert!(error.to_string().contains(bad), "{error}");
        }
    }

    #[test]
    fn the_order_is_every_game_once_and_the_seeds() {
        let order = game_order(1000, 1);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..1000).collect::<Vec<_>>());
        assert_eq!(order, game_order(1000, 1));
        assert_ne!(order, game_order(1000, 2));
    }

    #[test]
    fn an_obf_line_names_moves_as_the_ffo_files_do() {
        let position = Position {
            board: Board::START,
            to_move: Color::Black,
        };
        let square = |name: &str| Move::Play(name.parse().unwrap());
        let line = obf_line(&position, &[(square("d3"), 0), (square("c4"), -2)]);
        assert_eq!(
            line,
            "---------------------------OX------XO--------------------------- X; D3:+0; C4:-2;"
        );
        let read = obf::parse(&line).unwrap();
        assert_eq!(read.position, position);
        assert_eq!(read.scores, vec![(square("d3"), 0), (square("c4"), -2)]);
    }
}
