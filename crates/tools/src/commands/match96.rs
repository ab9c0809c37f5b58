//! `match --board 96`: two players of the 96-square board (the specs of
//! `game --board 96`) play pairs of games, each pair from the same opening
//! with the colours swapped. An opening is a transcript from a file (one
//! per line, taken in turn: `--openings-file F`), seeded random plies (`--opening-plies K`), or
//! the file's transcript followed by random plies. The result is A's score
//! with its Elo difference and a 95% interval, computed as the 8x8 `match`
//! computes them (module `elo`: the variance over the pairs). Each game is
//! played by the engine's game loop, as `game --board 96`'s.

use othello::clock::Clock;
use othello::players::play_from;
use othello::rng::derive_seed;
use othello::rng::Rng;
use othello_board96::notation::transcript;
use othello_board96::position::RED;
use othello_board96::square::Squares;
use othello_board96::{Game, Move, Position, Status};
use othello_cli::Host;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::elo::Pairs;
use super::game96::{clock_ms_of, rules, sides, Side, Spec96};
use super::help::MATCH96;
use super::matches::{extend, print_record};

const COMMAND: &str = "match --board 96";

/// Most games of one match.
const MAX_GAMES: u32 = 100_000;

struct Options {
    /// A's and B's players.
    specs: [Spec96; 2],
    games: u32,
    opening_plies: u32,
    openings: Option<String>,
    clock_ms: Option<u64>,
    seed: u64,
    book: bool,
}

fn parse(args: &[String]) -> CliResult<Options> {
    let o = MATCH96.read(args)?;
    let mut specs = [None, None];
    for (index, name) in ["a", "b"].into_iter().enumerate() {
        if let Some(text) = o.value(name) {
            specs[index] = Some(Spec96::parse(COMMAND, &format!("--{name}"), text)?);
        }
    }
    let games: Option<u32> = o.whole("games")?;
    let opening_plies = o.whole("opening-plies")?.unwrap_or(0);
    let openings = o.value("openings-file").map(String::from);
    if o.given("openings") {
        return Err(o.error(
            "the openings file is --openings-file FILE (--openings is the 8x8 match's count)",
        ));
    }
    let clock_ms = clock_ms_of(&o)?;
    let seed = o.whole("seed")?.unwrap_or(1);
    let book = !o.switch("no-book");
    o.finish()?;
    let specs = sides(&MATCH96, specs, ["--a", "--b"], clock_ms)?;
    let games = games.ok_or_else(|| MATCH96.error("missing --games N"))?;
    if games == 0 || games % 2 == 1 || games > MAX_GAMES {
        return Err(MATCH96.error(format!(
            "--games must be even (pairs with the colours swapped), from 2 to {MAX_GAMES}, got {games}"
        )));
    }
    if opening_plies > 60 {
        return Err(MATCH96.error(format!(
            "--opening-plies must be from 0 to 60, got {opening_plies}"
        )));
    }
    Ok(Options {
        specs,
        games,
        opening_plies,
        openings,
        clock_ms,
        seed,
        book,
    })
}

/// The transcripts of an openings file: one per line, blank lines and
/// `#` comments skipped; each must read on the 96-square board.
fn read_openings(host: &mut dyn Host, path: &str) -> CliResult<Vec<Game>> {
    let text = host.read_file(path)?;
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = transcript::parse(line)
            .map_err(|e| CliError::input(format!("{COMMAND}: {path} line {}", index + 1), e))?;
        openings.push(game);
    }
    if openings.is_empty() {
        return Err(CliError::usage(format!(
            "{COMMAND}: {path} holds no opening"
        )));
    }
    Ok(openings)
}

/// `plies` random moves after `game` (passes played as they come), from
/// `seed`; fewer when the game ends first.
fn random_plies(mut game: Game, plies: u32, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let position = game.position();
        let mv = match position.board.status() {
            Status::GameOver => break,
            Status::MustPass => Move::Pass,
            Status::Moves => {
                let moves = position.board.moves();
                let pick = rng.below(moves.count_ones() as usize);
                match Squares(moves).nth(pick) {
                    Some(square) => Move::Play(square),
                    None => break,
                }
            }
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// One finished game of the match.
struct Played {
    game: Game,
    /// Red's final score (empty cells to the winner).
    red_score: i32,
    nodes: [u64; 2],
    /// Time left on each clocked side's clock.
    ms_left: [Option<f64>; 2],
}

/// Plays `opening` to the end between `red` and `white` (indices into the
/// sides' specs) through the engine's game loop.
fn play(
    options: &Options,
    opening: &Game,
    [red, white]: [usize; 2],
    seed: u64,
    clock: &dyn Clock,
) -> CliResult<Played> {
    let mut seeds = Rng::new(seed);
    let mut side = |index: usize| {
        Side::new(
            options.specs[index],
            seeds.next_u64(),
            options.clock_ms,
            clock,
            options.book,
        )
    };
    let mut sides = [side(red), side(white)];
    let [red_side, white_side] = &mut sides;
    let played = play_from(
        opening.clone(),
        [red_side, white_side],
        &rules(0, options.clock_ms),
        &mut seeds,
        clock,
        &mut |_| {},
    )
    .map_err(|e| CliError::failed(format!("{COMMAND}: {e}")))?;
    let red_score = played.game.position().final_score();
    Ok(Played {
        game: played.game,
        red_score,
        nodes: [sides[0].nodes(), sides[1].nodes()],
        ms_left: played.left_ms,
    })
}

/// `match --board 96 --a <spec> --b <spec> --games N [--opening-plies K]
/// [--openings-file <file>] [--seed S] [--clock-ms N] [--no-book]`.
pub fn run_match96(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args)?;
    let openings = match &options.openings {
        Some(path) => read_openings(host, path)?,
        None => vec![Game::new(Position::START)],
    };
    let [a, b] = options.specs;
    host.print(&format!("A: {a}"));
    host.print(&format!("B: {b}"));
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut disc_total = 0i64;
    let mut nodes = [0u64; 2];
    let mut lost_on_time = 0u32;
    // Time left at the end of each game, for A's and B's clocked sides.
    let mut left: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut pairs = Pairs::default();
    let mut games = 0u32;
    for pair in 0..options.games / 2 {
        let pair_seed = derive_seed(options.seed, u64::from(pair));
        let base = &openings[pair as usize % openings.len()];
        let opening = random_plies(base.clone(), options.opening_plies, pair_seed);
        let opening_text = transcript::write(&opening);
        let mut scores = [0.0; 2];
        for (slot, a_is_red) in [true, false].into_iter().enumerate() {
            let (red, white) = if a_is_red { (0, 1) } else { (1, 0) };
            let game_seed = derive_seed(pair_seed, slot as u64 + 1);
            let played = play(&options, &opening, [red, white], game_seed, clock)?;
            let end = played.game.position();
            let (rd, wd) = (end.discs(RED).count_ones(), end.white().count_ones());
            let a_score = if a_is_red {
                played.red_score
            } else {
                -played.red_score
            };
            match a_score.signum() {
                1 => wins += 1,
                -1 => losses += 1,
                _ => draws += 1,
            }
            disc_total += i64::from(a_score);
            scores[slot] = (f64::from(a_score.signum()) + 1.0) / 2.0;
            games += 1;
            // Back from colours to A and B.
            let by_side = |values: [u64; 2]| {
                if a_is_red {
                    values
                } else {
                    [values[1], values[0]]
                }
            };
            let game_nodes = by_side(played.nodes);
            let ms_left = if a_is_red {
                played.ms_left
            } else {
                [played.ms_left[1], played.ms_left[0]]
            };
            let mut clocks = String::new();
            for (index, ms) in ms_left.iter().enumerate() {
                nodes[index] += game_nodes[index];
                if let Some(ms) = ms {
                    left[index].push(*ms);
                    lost_on_time += u32::from(*ms < 0.0);
                    clocks.push_str(&format!(
                        " {}-left {}",
                        ["A", "B"][index],
                        ms.round() as i64
                    ));
                }
            }
            host.print(&format!(
                "{games:>4}. opening {:>3} {} {rd}-{wd} {}  A {a_score:+}{clocks}  {}",
                pair + 1,
                if a_is_red { "A" } else { "B" },
                if a_is_red { "B" } else { "A" },
                transcript::write(&played.game)
            ));
        }
        if options.opening_plies > 0 || options.openings.is_some() {
            host.print(&format!("      opening {:>3}: {opening_text}", pair + 1));
        }
        pairs.push(scores[0], scores[1]);
    }
    let record = print_record(host, [wins, draws, losses], disc_total, &pairs);
    let time_left = |values: &[f64]| -> serde_json::Value {
        if values.is_empty() {
            return serde_json::Value::Null;
        }
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        json!({ "mean": summary::ms_left(Some(mean)), "min": summary::ms_left(Some(min)), "max": summary::ms_left(Some(max)) })
    };
    let mut line = json!({ "command": "match", "board": 96 });
    record.add_to(&mut line, games, [wins, draws, losses]);
    extend(
        &mut line,
        json!({
            "a": a.to_string(),
            "b": b.to_string(),
            "opening_plies": options.opening_plies,
            "openings_file": options.openings.as_deref(),
            "seed": options.seed,
            "book": options.book,
            "clock_ms": options.clock_ms,
            "a_nodes": nodes[0],
            "b_nodes": nodes[1],
            "a_ms_left": time_left(&left[0]),
            "b_ms_left": time_left(&left[1]),
            "lost_on_time": lost_on_time,
        }),
    );
    host.print(&summary::line(&line));
    Ok(())
}
