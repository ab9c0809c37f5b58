//! `game --board 96`: one game on the 96-square board of the CS 221 report
//! (crate `othello-board96`) between two of its players, named by specs:
//! `random`, `greedy:D`, `smart:D` (the learned weights), `smart-hand:D`
//! (the hand-set weights), `smart-uniform:D` (uniform untrained weights) and
//! `smart-clock` (the report's adaptive-depth time manager on a game clock
//! of `--clock-ms`, learned weights).
//!
//! Every move comes from the crate's players and is played through its
//! rules; a side without a legal move passes, and the game ends when
//! neither side can move.

use othello::clock::Clock;
use othello::rng::Rng;
use othello_board96::book::Book;
use othello_board96::eval::{ColourWeights, Weights};
use othello_board96::notation::transcript;
use othello_board96::players::{ClockedPlayer, Player, RandomPlayer, SearchPlayer};
use othello_board96::position::{color_name, RED};
use othello_board96::square::Square;
use othello_board96::{Color, Game, Move, Position, Status};
use othello_cli::board96::MAX_SEARCH96_DEPTH;
use othello_cli::Host;
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use super::args::{number, Flags};

/// The name the messages of `game --board 96` start with.
const COMMAND: &str = "game --board 96";

/// The player specs `game --board 96` and `match --board 96` take, as
/// their messages list them.
pub(super) const SPEC_FORMS: &str =
    "random, greedy:D, smart:D, smart-hand:D, smart-uniform:D (D from 1 to 30) or smart-clock (needs --clock-ms)";

/// The milliseconds of `--clock-ms` for `command`: a whole number from 1 up.
pub(super) fn clock_ms_of(command: &str, text: &str) -> CliResult<u64> {
    match number(command, "--clock-ms", text)? {
        0 => Err(CliError::usage(format!(
            "{command}: --clock-ms must be at least 1"
        ))),
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
    seed: u64,
    /// Whether the smart players consult the opening book.
    book: bool,
}

fn parse(args: &[String]) -> CliResult<Options> {
    let mut specs = [None, None];
    let mut clock_ms = None;
    let mut seed = 1;
    let mut book = true;
    let args = &super::help::GAME96.tokens(args)?;
    let mut flags = Flags::new(COMMAND, args);
    while let Some(flag) = flags.next() {
        match flag {
            "--red" | "--white" => {
                let text = flags.value(flag)?;
                specs[usize::from(flag == "--white")] = Some(Spec96::parse(COMMAND, flag, text)?);
            }
            "--clock-ms" => clock_ms = Some(clock_ms_of(COMMAND, flags.value(flag)?)?),
            "--seed" => seed = number(COMMAND, flag, flags.value(flag)?)?,
            "--no-book" => book = false,
            _ => return Err(flags.unexpected(flag)),
        }
    }
    let [Some(red), Some(white)] = specs else {
        let missing = if specs[0].is_none() {
            "--red"
        } else {
            "--white"
        };
        return Err(CliError::usage(format!(
            "{COMMAND}: missing {missing} <spec> (the specs are {SPEC_FORMS})"
        )));
    };
    let specs = [red, white];
    let clocked = specs.contains(&Spec96::SmartClock);
    match (clocked, clock_ms) {
        (true, None) => Err(CliError::usage(format!(
            "{COMMAND}: smart-clock plays on a game clock: give --clock-ms N"
        ))),
        (false, Some(_)) => Err(CliError::usage(format!(
            "{COMMAND}: --clock-ms is for smart-clock players, and neither side is one"
        ))),
        _ => Ok(Options {
            specs,
            clock_ms,
            seed,
            book,
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
    pub(super) fn player(&mut self) -> &mut dyn Player {
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

    /// Time left on the side's clock, for a clocked side.
    pub(super) fn remaining_ms(&self) -> Option<f64> {
        match self {
            Side::Clocked(player) => Some(player.remaining_ms()),
            _ => None,
        }
    }
}

/// `game --board 96 --red <spec> --white <spec> [--clock-ms N] [--seed S]
/// [--no-book]`:
/// one line per move (passes included) with the nodes and time the move
/// took and, for a clocked side, its time left; the final board; a JSON
/// summary with the transcript and Red's score (empty cells to the winner).
/// A random side's seed comes from `--seed` (default 1), a different one
/// for each colour. The smart sides play the committed opening book's
/// moves while it has them, unless `--no-book`.
pub fn run_game96(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse(args)?;
    let mut seeds = Rng::new(options.seed);
    let [red_seed, white_seed] = [seeds.next_u64(), seeds.next_u64()];
    let [red, white] = options.specs;
    let mut sides = [
        Side::new(red, red_seed, options.clock_ms, clock, options.book),
        Side::new(white, white_seed, options.clock_ms, clock, options.book),
    ];
    let mut lost_on_time = None;
    let mut game = Game::new(Position::START);
    loop {
        let position = game.position();
        let status = position.board.status();
        if status == Status::GameOver {
            break;
        }
        let color = position.to_move;
        let side = &mut sides[usize::from(color == Color::White)];
        let ply = game.moves().len() + 1;
        let (mv, note) = if status == Status::MustPass {
            (Move::Pass, String::new())
        } else {
            let (nodes, started) = (side.nodes(), clock.now_ms());
            let mv = side.player().choose(&position);
            let spent = clock.now_ms() - started;
            let left = side.remaining_ms();
            if left.is_some_and(|ms| ms < 0.0) && lost_on_time.is_none() {
                lost_on_time = Some(color);
            }
            let note = format!(
                " nodes {:>9} ms {:>6} left {:>8}",
                side.nodes() - nodes,
                spent.round() as u64,
                left.map_or("-".to_string(), |ms| format!("{}", ms.round() as i64)),
            );
            (mv, note)
        };
        game.play(mv).map_err(|e| {
            CliError::input(format!("{COMMAND}: {} chose {mv}", color_name(color)), e)
        })?;
        host.print(&format!("{ply:>3}. {} {mv}{note}", color_name(color)));
    }
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
        "seed": options.seed,
        "red_nodes": sides[0].nodes(),
        "white_nodes": sides[1].nodes(),
        "red_ms_left": summary::ms_left(sides[0].remaining_ms()),
        "white_ms_left": summary::ms_left(sides[1].remaining_ms()),
        "lost_on_time": lost_on_time.map(|c: Color| color_name(c).to_lowercase()),
        "clock_ms": options.clock_ms,
    })));
    Ok(())
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
