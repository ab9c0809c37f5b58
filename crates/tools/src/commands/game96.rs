//! `game --board 96`: one game on the 96-square board of the CS 221 report
//! (crate `othello-board96`) between two of its players, named by specs:
//! `random`, `greedy:D`, `smart:D` (the learned weights), `smart-hand:D`
//! (the hand-set weights), `smart-uniform:D` (uniform untrained weights) and
//! `smart-clock` (the report's adaptive-depth time manager on a game clock
//! of `--clock-ms`, learned weights), from the start or an opening,
//! optionally with random opening plies.
//!
//! The game is played by the engine's game loop ([`play_from`], the 8x8
//! `game`'s), which checks every move, passes for a side without a legal
//! move, ends the game when neither side can move and keeps the clock; a
//! side is a [`Side`], the crate's player as the loop's [`Mover`].

use std::convert::Infallible;

use othello::clock::Clock;
use othello::players::{play_from, Choice, Mover, Ply, Rules};
use othello::rng::Rng;
use othello::settings::GameClock;
use othello::time_manager::ClockState;
use othello_board96::book::Book;
use othello_board96::eval::{ColourWeights, Weights};
use othello_board96::notation::transcript;
use othello_board96::players::{ClockedPlayer, Player, RandomPlayer, SearchPlayer};
use othello_board96::position::{color_name, RED};
use othello_board96::square::Square;
use othello_board96::{Board, Color, Game, Position};
use othello_cli::args::Parsed;
use othello_cli::board96::MAX_SEARCH96_DEPTH;
use othello_cli::Host;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::help::GAME96;

/// The name the messages of `game --board 96` start with.
const COMMAND: &str = "game --board 96";

/// The player specs `game --board 96` and `match --board 96` take, as
/// their messages list them.
pub(super) const SPEC_FORMS: &str =
    "random, greedy:D, smart:D, smart-hand:D, smart-uniform:D (D from 1 to 30) or smart-clock (needs --clock-ms)";

/// The milliseconds of `--clock-ms` of a command, if given: a whole number
/// from 1 up.
pub(super) fn clock_ms_of(o: &Parsed) -> CliResult<Option<u64>> {
    match o.whole("clock-ms")? {
        Some(0) => Err(o.error("--clock-ms must be at least 1")),
        ms => Ok(ms),
    }
}

/// A player on the 96-square board, as a spec names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spec96 {
    /// A uniformly random legal move (seeded).
    Random,
    /// The greedy evaluation (disc difference), alpha-beta at a depth.
    Greedy(u32),
    /// The smart evaluation (the learned weights, Red's or White's),
    /// alpha-beta at a depth, the exact solver from 14 empty cells.
    Smart(u32),
    /// The same with the hand-set weights (`Weights::hand`).
    SmartHand(u32),
    /// The same with uniform untrained weights (`Weights::uniform(1)`).
    SmartUniform(u32),
    /// The smart player on the game clock (the adaptive-depth time manager).
    SmartClock,
}

impl Spec96 {
    /// Reads a spec, the value of `flag` of `command`; the error names it
    /// and lists the valid forms.
    pub(super) fn parse(command: &str, flag: &str, text: &str) -> CliResult<Spec96> {
        let bad = || {
            CliError::usage(format!(
                "{command}: {flag} '{text}' is not a player spec (the specs are {SPEC_FORMS})"
            ))
        };
        let depth = |digits: &str| match digits.parse::<u32>() {
            Ok(depth) if (1..=MAX_SEARCH96_DEPTH).contains(&depth) => Ok(depth),
            _ => Err(bad()),
        };
        match text.split_once(':') {
            None if text == "random" => Ok(Spec96::Random),
            None if text == "smart-clock" => Ok(Spec96::SmartClock),
            Some(("greedy", digits)) => depth(digits).map(Spec96::Greedy),
            Some(("smart", digits)) => depth(digits).map(Spec96::Smart),
            Some(("smart-hand", digits)) => depth(digits).map(Spec96::SmartHand),
            Some(("smart-uniform", digits)) => depth(digits).map(Spec96::SmartUniform),
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for Spec96 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spec96::Random => f.write_str("random"),
            Spec96::Greedy(depth) => write!(f, "greedy:{depth}"),
            Spec96::Smart(depth) => write!(f, "smart:{depth}"),
            Spec96::SmartHand(depth) => write!(f, "smart-hand:{depth}"),
            Spec96::SmartUniform(depth) => write!(f, "smart-uniform:{depth}"),
            Spec96::SmartClock => f.write_str("smart-clock"),
        }
    }
}

/// Options of `game --board 96`.
struct Options {
    /// Red's and White's players.
    specs: [Spec96; 2],
    /// Each clocked side's time for the game.
    clock_ms: Option<u64>,
    random_plies: u32,
    seed: u64,
    /// Whether the smart players consult the opening book.
    book: bool,
    opening: Game,
}

fn parse(args: &[String]) -> CliResult<Options> {
    let o = GAME96.read(args)?;
    let mut specs = [None, None];
    for (index, name) in ["red", "white"].into_iter().enumerate() {
        if let Some(text) = o.value(name) {
            specs[index] = Some(Spec96::parse(COMMAND, &format!("--{name}"), text)?);
        }
    }
    let clock_ms = clock_ms_of(&o)?;
    let random_plies = o.whole("random-plies")?.unwrap_or(0);
    let seed = o.whole("seed")?.unwrap_or(1);
    let book = !o.switch("no-book");
    let opening = match o.value("opening") {
        Some(text) => transcript::parse(text)
            .map_err(|e| CliError::input(format!("{COMMAND}: --opening"), e))?,
        None => Game::new(Position::START),
    };
    o.finish()?;
    let specs = sides(&GAME96, specs, ["--red", "--white"], clock_ms)?;
    Ok(Options {
        specs,
        clock_ms,
        random_plies,
        seed,
        book,
        opening,
    })
}

/// The two sides' specs of `command`, given by its `flags`, and whether
/// `clock_ms` is given exactly when one of them plays on a clock.
pub(super) fn sides(
    command: &othello_cli::args::Command,
    specs: [Option<Spec96>; 2],
    flags: [&str; 2],
    clock_ms: Option<u64>,
) -> CliResult<[Spec96; 2]> {
    let [Some(first), Some(second)] = specs else {
        let missing = flags[usize::from(specs[0].is_some())];
        return Err(command.error(format!(
            "missing {missing} <spec> (the specs are {SPEC_FORMS})"
        )));
    };
    let specs = [first, second];
    match (specs.contains(&Spec96::SmartClock), clock_ms) {
        (true, None) => Err(command.error("smart-clock plays on a game clock: give --clock-ms N")),
        (false, Some(_)) => {
            Err(command.error("--clock-ms is for smart-clock players, and neither side is one"))
        }
        _ => Ok(specs),
    }
}

/// The loop's rules of a game whose clocked sides have `clock_ms` each.
pub(super) fn rules(random_plies: u32, clock_ms: Option<u64>) -> Rules {
    Rules {
        random_plies,
        clock: clock_ms.map(|ms| GameClock {
            remaining_ms: ms as f64,
            increment_ms: 0.0,
        }),
    }
}

/// A side of the game: one of the crate's players.
pub(super) enum Side<'a> {
    Random(RandomPlayer),
    Search(SearchPlayer),
    Clocked(Box<ClockedPlayer<&'a dyn Clock>>),
}

impl<'a> Side<'a> {
    /// The player `spec` names: a random one from `seed`, a clocked one
    /// with `clock_ms` read from `clock`; the smart ones consult the
    /// committed opening book when `book` is set.
    pub(super) fn new(
        spec: Spec96,
        seed: u64,
        clock_ms: Option<u64>,
        clock: &'a dyn Clock,
        book: bool,
    ) -> Side<'a> {
        let book = book.then(Book::embedded);
        match spec {
            Spec96::Random => Side::Random(RandomPlayer::new(seed)),
            Spec96::Greedy(depth) => Side::Search(SearchPlayer::greedy(depth)),
            Spec96::Smart(depth) => {
                let player = SearchPlayer::smart_colours(depth, ColourWeights::learned());
                Side::Search(match book {
                    Some(book) => player.with_book(book),
                    None => player,
                })
            }
            Spec96::SmartHand(depth) => Side::Search(SearchPlayer::smart(depth, Weights::hand())),
            Spec96::SmartUniform(depth) => {
                Side::Search(SearchPlayer::smart(depth, Weights::uniform(1)))
            }
            Spec96::SmartClock => {
                let player = ClockedPlayer::new_colours(
                    ColourWeights::learned(),
                    clock_ms.unwrap_or(0) as f64,
                    clock,
                );
                Side::Clocked(Box::new(match book {
                    Some(book) => player.with_book(book),
                    None => player,
                }))
            }
        }
    }

    /// The player itself.
    fn player(&mut self) -> &mut dyn Player {
        match self {
            Side::Random(player) => player,
            Side::Search(player) => player,
            Side::Clocked(player) => player.as_mut(),
        }
    }

    /// Nodes searched so far (0 for the random player).
    pub(super) fn nodes(&self) -> u64 {
        match self {
            Side::Random(_) => 0,
            Side::Search(player) => player.nodes(),
            Side::Clocked(player) => player.nodes(),
        }
    }
}

/// The crate's player as a side of the engine's game loop: its search
/// reports the nodes it visited for the move; only `smart-clock` plays on
/// the game's clock, which the loop keeps and hands it before each move.
impl Mover<Board, u64> for Side<'_> {
    type Error = Infallible;

    /// Each game gets new sides: nothing to forget.
    fn new_game(&mut self) -> Result<(), Infallible> {
        Ok(())
    }

    fn choose_in(
        &mut self,
        game: &Game,
        _: &mut Rng,
        _: &dyn Clock,
        on_clock: Option<&ClockState>,
    ) -> Result<Choice<Board, u64>, Infallible> {
        if let (Side::Clocked(player), Some(state)) = (&mut *self, on_clock) {
            player.set_remaining_ms(state.remaining_ms);
        }
        let nodes = self.nodes();
        let mv = self.player().choose(&game.position());
        Ok(Choice {
            mv,
            search: Some(self.nodes() - nodes),
        })
    }

    fn plays_on_clock(&self) -> bool {
        matches!(self, Side::Clocked(_))
    }
}

/// `game --board 96 --red <spec> --white <spec> [--clock-ms N]
/// [--opening T] [--random-plies N] [--seed S] [--no-book]`:
/// one line per move (passes included) with the nodes and time the move
/// took and, for a clocked side, its time left; the final board; a JSON
/// summary with the transcript and Red's score (empty cells to the winner).
/// A random side's seed comes from `--seed` (default 1), a different one
/// for each colour, and so do the random opening plies. The smart sides
/// play the committed opening book's moves while it has them, unless
/// `--no-book`.
pub fn run_game96(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args)?;
    let mut seeds = Rng::new(options.seed);
    let [red_seed, white_seed] = [seeds.next_u64(), seeds.next_u64()];
    let [red, white] = options.specs;
    let mut sides = [
        Side::new(red, red_seed, options.clock_ms, clock, options.book),
        Side::new(white, white_seed, options.clock_ms, clock, options.book),
    ];
    let [red_side, white_side] = &mut sides;
    let played = play_from(
        options.opening,
        [red_side, white_side],
        &rules(options.random_plies, options.clock_ms),
        &mut seeds,
        clock,
        &mut |ply| host.print(&ply_line(ply)),
    )
    .map_err(|e| CliError::failed(format!("{COMMAND}: {e}")))?;
    let game = played.game;
    let end = game.position();
    let (red_discs, white_discs) = (end.discs(RED).count_ones(), end.white().count_ones());
    let red_score = end.final_score();
    for line in picture(&end) {
        host.print(&line);
    }
    host.print(&summary::line(&json!({
        "command": "game",
        "board": 96,
        "transcript": transcript::write(&game),
        "red": red_discs,
        "white": white_discs,
        "red_score": red_score,
        "red_player": red.to_string(),
        "white_player": white.to_string(),
        "random_plies": options.random_plies,
        "seed": options.seed,
        "red_nodes": sides[0].nodes(),
        "white_nodes": sides[1].nodes(),
        "red_ms_left": summary::ms_left(played.left_ms[0]),
        "white_ms_left": summary::ms_left(played.left_ms[1]),
        "lost_on_time": played.lost_on_time.map(|c: Color| color_name(c).to_lowercase()),
        "clock_ms": options.clock_ms,
    })));
    Ok(())
}

/// A move's line: its number, side and square, then `(random)` for a
/// random ply, or the nodes and time the player's move took and its time
/// left (on a clock).
fn ply_line(ply: &Ply<Board, u64>) -> String {
    let note = match ply.search {
        _ if ply.random => " (random)".to_string(),
        Some(nodes) => format!(
            " nodes {nodes:>9} ms {:>6} left {:>8}",
            ply.spent_ms.round() as u64,
            ply.left_ms
                .map_or("-".to_string(), |ms| format!("{}", ms.round() as i64)),
        ),
        None => String::new(),
    };
    format!(
        "{:>3}. {} {}{note}",
        ply.number,
        color_name(ply.color),
        ply.mv
    )
}

/// The board: a header with the disc counts and Red's score, then rows
/// 1-10 (`R` red, `W` white, `.` empty, a space for a hole).
fn picture(position: &Position) -> Vec<String> {
    let (red, white) = (position.discs(RED), position.white());
    let (r, w) = (red.count_ones(), white.count_ones());
    let mut lines = vec![format!(
        "     a b c d e f g h i j   [R={r} W={w} ({:+})]",
        position.final_score()
    )];
    for row in 0..10u8 {
        let cells: Vec<&str> = (0..10u8)
            .map(|column| match Square::at(column, row) {
                None => " ",
                Some(square) if red & square.bit() != 0 => "R",
                Some(square) if white & square.bit() != 0 => "W",
                Some(_) => ".",
            })
            .collect();
        lines.push(format!("  {:>2} {}", row + 1, cells.join(" ")));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_print_back() {
        for text in [
            "random",
            "greedy:1",
            "greedy:30",
            "smart:4",
            "smart-hand:2",
            "smart-uniform:3",
            "smart-clock",
        ] {
            assert_eq!(
                Spec96::parse(COMMAND, "--red", text).unwrap().to_string(),
                text
            );
        }
        for text in [
            "greedy", "greedy:0", "smart:31", "smart:x", "engine", "", "random:3",
        ] {
            let message = Spec96::parse(COMMAND, "--white", text)
                .unwrap_err()
                .to_string();
            assert!(message.contains(&format!("--white '{text}'")), "{message}");
            assert!(message.contains(SPEC_FORMS), "{message}");
        }
    }
}
