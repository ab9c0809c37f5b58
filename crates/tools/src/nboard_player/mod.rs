//! A player that is another program speaking the NBoard protocol (version
//! 2; Chris Welty, "NBoard Protocol") as an engine, driven as NBoard's GUI
//! drives one: `othello match --b nboard:<command line>` plays it.
//!
//! | we send | when | it answers |
//! |---|---|---|
//! | `nboard 2`, `set depth N`, `ping 1` | once, at the start | `set myname <name>`, `pong 1` |
//! | `set game <GGF>` | before a move, when the game is not the one it knows plus moves | nothing |
//! | `move <square>` | before a move, for each move played since it was last told the game (its own included) | nothing |
//! | `go` | for each move | `=== <move>[/<eval>[/<time>]] [<eval> [<time>]]` |
//! | `quit` | at the end (then its input is closed) | it ends |
//!
//! While it thinks it may send `status`, `nodestats`, `book`, `search`
//! and `set` lines, which are read and passed over; any other line, a move
//! that is not a square or a pass, or one that is illegal is an error that
//! quotes the line. Every answer has a deadline (the spec's `timeout-ms`),
//! and an engine that ends is reported with its exit status and its last
//! words on standard error: a match never waits for ever on an engine.
//! A pass is never asked for (the game loop plays it), and after a pass
//! the engine is told the whole game again (`set game`).

pub mod process;
pub mod spec;

use std::time::{Duration, Instant};

use othello::game::Game;
use othello::notation::{ggf, transcript};
use othello::position::Move;

use process::{Ending, Process, Silence};
pub use spec::NboardSpec;

/// The protocol version this client speaks.
const PROTOCOL_VERSION: u32 = 2;

/// An engine that speaks the NBoard protocol, running.
pub struct NboardPlayer {
    spec: NboardSpec,
    process: Process,
    /// The name it gave (`set myname`), if any.
    name: Option<String>,
    /// The game it was last told about, `None` before the first move of a
    /// game.
    told: Option<Game>,
    /// The number of the last `ping`.
    pings: u64,
}

/// Why an NBoard engine gave no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NboardError {
    /// The program could not be started.
    #[error("nboard engine '{command}' cannot start: {reason}")]
    Start {
        /// The command line.
        command: String,
        /// The system's words.
        reason: String,
    },
    /// The program ended (or closed its output) before it answered.
    #[error("nboard engine '{command}' ended ({status}) while {waiting}{}", last_words(.stderr))]
    Ended {
        /// The command line.
        command: String,
        /// What it was asked (`waiting for its move after go`).
        waiting: String,
        /// Its exit status, or `still running` (its output closed).
        status: String,
        /// Its last lines on standard error.
        stderr: String,
    },
    /// No answer came in time.
    #[error("nboard engine '{command}' gave no answer in {timeout_ms} ms while {waiting}")]
    Timeout {
        /// The command line.
        command: String,
        /// What it was asked.
        waiting: String,
        /// The spec's `timeout-ms`.
        timeout_ms: u64,
    },
    /// A line that is not an answer of the protocol, or a wrong move.
    #[error("nboard engine '{command}' answered '{line}' while {waiting}: {reason}")]
    Answer {
        /// The command line.
        command: String,
        /// What it was asked.
        waiting: String,
        /// The line (cut to 200 characters).
        line: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// `; its last words on standard error: ...`, or nothing.
fn last_words(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; its last words on standard error: {stderr}")
    }
}

/// What a line of the engine is.
#[derive(Clone, Debug, PartialEq)]
enum Line<'a> {
    /// `=== <move>...`: the text after `===`.
    Move(&'a str),
    /// `pong <n>`: the text after `pong`.
    Pong(&'a str),
    /// `set myname <name>`.
    Name(&'a str),
    /// A line sent while thinking or waiting, passed over (`status`,
    /// `nodestats`, `book`, `search`, other `set` lines, `learned`, blank).
    Aside,
    /// Anything else.
    Unknown,
}

/// Reads one line of the engine.
fn classify(line: &str) -> Line<'_> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    match word {
        "===" => Line::Move(rest),
        "pong" => Line::Pong(rest),
        "set" => match rest.split_once(char::is_whitespace) {
            Some(("myname", name)) => Line::Name(name.trim()),
            _ => Line::Aside,
        },
        "" | "status" | "nodestats" | "book" | "search" | "learned" => Line::Aside,
        _ => Line::Unknown,
    }
}

/// The move of a `===` answer: its first word, before any `/`.
fn answered_move(text: &str) -> Option<Move> {
    let word = text.split_whitespace().next()?;
    transcript::parse_move::<othello::Board>(word.split('/').next()?)
}

/// The score of a `===` answer, in discs for the side to move: after the
/// move's `/` (`F5/-2.00/3.5`), or its second word (`F5 -2 0.001`); `None`
/// when it gives none or one that is not a number.
fn answered_score(text: &str) -> Option<f64> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let score = match first.split_once('/') {
        Some((_, rest)) => rest.split('/').next()?,
        None => words.next()?,
    };
    score.parse::<f64>().ok().filter(|score| score.is_finite())
}

/// An engine's answer to `go`: its move and the score it gave it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    /// The move, legal in the game it was asked about.
    pub mv: Move,
    /// Its score in discs for the side to move, if the engine gave one.
    pub score: Option<f64>,
}

impl NboardPlayer {
    /// Starts the engine of `spec`, says `nboard 2` and its depth, and waits
    /// for it to answer a `ping`.
    pub fn start(spec: &NboardSpec) -> Result<NboardPlayer, NboardError> {
        let process = Process::start(&spec.command).map_err(|e| NboardError::Start {
            command: spec.command.join(" "),
            reason: e.to_string(),
        })?;
        let mut player = NboardPlayer {
            spec: spec.clone(),
            process,
            name: None,
            told: None,
            pings: 0,
        };
        player.send(&format!("nboard {PROTOCOL_VERSION}"), "starting")?;
        if let Some(depth) = spec.depth {
            player.send(&format!("set depth {depth}"), "starting")?;
        }
        player.synchronise()?;
        Ok(player)
    }

    /// The engine as a record names it: its spec, and the name it gave
    /// itself (`... (set myname <name>)`).
    pub fn describe(&self) -> String {
        match &self.name {
            Some(name) => format!("{} (set myname {name})", self.spec),
            None => self.spec.to_string(),
        }
    }

    /// A new game starts: its first move will tell the engine the whole game.
    pub fn new_game(&mut self) {
        self.told = None;
    }

    /// The engine's move at the end of `game`, which has a legal move: the
    /// engine is told the game (the moves since it last moved, or the whole
    /// record), then asked to `go`; its answer must be a legal move.
    pub fn choose(&mut self, game: &Game) -> Result<Move, NboardError> {
        self.answer(game).map(|answer| answer.mv)
    }

    /// The engine's move at the end of `game` with the score it gave it
    /// (see [`NboardPlayer::choose`]).
    pub fn answer(&mut self, game: &Game) -> Result<Answer, NboardError> {
        let waiting = "waiting for its move after go";
        self.tell(game, waiting)?;
        self.send("go", waiting)?;
        let deadline = self.deadline();
        loop {
            let line = self.read(deadline, waiting)?;
            match classify(&line) {
                Line::Move(text) => {
                    let mv = answered_move(text).ok_or_else(|| {
                        self.answer_error(&line, waiting, "not a square or a pass")
                    })?;
                    // The engine does not play its move on its board: the
                    // next `move` lines tell it, as they tell the opponent's.
                    game.clone()
                        .play(mv)
                        .map_err(|e| self.answer_error(&line, waiting, &e.to_string()))?;
                    return Ok(Answer {
                        mv,
                        score: answered_score(text),
                    });
                }
                Line::Name(name) => self.name = Some(name.to_string()),
                Line::Aside | Line::Pong(_) => {}
                Line::Unknown => {
                    return Err(self.answer_error(
                        &line,
                        waiting,
                        "not a line an NBoard engine sends",
                    ))
                }
            }
        }
    }

    /// Tells the engine `game`: the moves played since the game it knows
    /// when there are only such moves and none is a pass, else the record.
    fn tell(&mut self, game: &Game, waiting: &str) -> Result<(), NboardError> {
        let since = self.told.as_ref().and_then(|told| {
            let known = told.moves();
            (told.start() == game.start() && game.moves().starts_with(known))
                .then(|| game.moves()[known.len()..].to_vec())
        });
        match since {
            Some(moves) if !moves.contains(&Move::Pass) => {
                for mv in moves {
                    self.send(&format!("move {mv}"), waiting)?;
                }
            }
            _ => {
                let record = ggf::GgfGame {
                    game: game.clone(),
                    tags: Vec::new(),
                };
                self.send(&format!("set game {}", ggf::write(&record)), waiting)?;
            }
        }
        self.told = Some(game.clone());
        Ok(())
    }

    /// Sends `ping N` and reads until `pong N`.
    fn synchronise(&mut self) -> Result<(), NboardError> {
        self.pings += 1;
        let ping = self.pings.to_string();
        let waiting = format!("waiting for pong {ping} after nboard {PROTOCOL_VERSION}");
        self.send(&format!("ping {ping}"), &waiting)?;
        let deadline = self.deadline();
        loop {
            let line = self.read(deadline, &waiting)?;
            match classify(&line) {
                Line::Pong(text) if text == ping => return Ok(()),
                Line::Name(name) => self.name = Some(name.to_string()),
                Line::Pong(_) | Line::Aside => {}
                Line::Move(_) => {
                    return Err(self.answer_error(
                        &line,
                        &waiting,
                        "a move, which nobody asked for",
                    ))
                }
                Line::Unknown => {
                    return Err(self.answer_error(
                        &line,
                        &waiting,
                        "not a line an NBoard engine sends",
                    ))
                }
            }
        }
    }

    fn deadline(&self) -> Instant {
        Instant::now() + Duration::from_millis(self.spec.timeout_ms)
    }

    fn command(&self) -> String {
        self.spec.command.join(" ")
    }

    fn send(&mut self, line: &str, waiting: &str) -> Result<(), NboardError> {
        self.process
            .send(line)
            .map_err(|ending| self.ended(ending, waiting))
    }

    fn read(&mut self, deadline: Instant, waiting: &str) -> Result<String, NboardError> {
        self.process
            .read_line(deadline)
            .map_err(|silence| match silence {
                Silence::Timeout => NboardError::Timeout {
                    command: self.command(),
                    waiting: waiting.to_string(),
                    timeout_ms: self.spec.timeout_ms,
                },
                Silence::Ended(ending) => self.ended(ending, waiting),
            })
    }

    fn ended(&self, ending: Ending, waiting: &str) -> NboardError {
        NboardError::Ended {
            command: self.command(),
            waiting: waiting.to_string(),
            status: ending.status,
            stderr: ending.stderr,
        }
    }

    fn answer_error(&self, line: &str, waiting: &str, reason: &str) -> NboardError {
        NboardError::Answer {
            command: self.command(),
            waiting: waiting.to_string(),
            line: line.chars().take(200).collect(),
            reason: reason.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello::square::Square;

    #[test]
    fn lines_are_told_apart() {
        assert_eq!(classify("=== F5/-2.00/3.5"), Line::Move("F5/-2.00/3.5"));
        assert_eq!(classify("=== d6 -1.00 0.0"), Line::Move("d6 -1.00 0.0"));
        assert_eq!(classify("pong 12"), Line::Pong("12"));
        assert_eq!(classify("set myname Edax 4.4"), Line::Name("Edax 4.4"));
        for aside in [
            "status Edax is thinking",
            "nodestats 35805 0.00",
            "",
            "  ",
            "set contempt 0",
            "book f5 0.00 0 12 0",
            "search d3 1.00 0 10",
            "learned",
        ] {
            assert_eq!(classify(aside), Line::Aside, "{aside}");
        }
        assert_eq!(classify("hello there"), Line::Unknown);
        assert_eq!(classify("==="), Line::Move(""));
    }

    #[test]
    fn answered_moves_are_read_with_or_without_slashes() {
        let f5 = Some(Move::Play("f5".parse::<Square>().unwrap()));
        assert_eq!(answered_move("F5/-2.00/3.5"), f5);
        assert_eq!(answered_move("f5 -2 0.001"), f5);
        assert_eq!(answered_move("PA 0 0"), Some(Move::Pass));
        assert_eq!(answered_move("z9"), None);
        assert_eq!(answered_move(""), None);
    }

    #[test]
    fn answered_scores_are_read_with_or_without_slashes() {
        assert_eq!(answered_score("F5/-2.00/3.5"), Some(-2.0));
        assert_eq!(answered_score("F5/17"), Some(17.0));
        assert_eq!(answered_score("f5 -2 0.001"), Some(-2.0));
        assert_eq!(answered_score("d2 17.50"), Some(17.5));
        assert_eq!(answered_score("F5"), None);
        assert_eq!(answered_score("F5//3.5"), None);
        assert_eq!(answered_score("F5 nan"), None);
        assert_eq!(answered_score("F5 x"), None);
    }
}
