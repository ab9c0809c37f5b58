//! `nboard`: the engine behind a GUI that speaks the NBoard protocol,
//! version 2 (Chris Welty, "NBoard Protocol", the NBoard/NTest project's
//! `Protocol.htm`), the protocol of Edax, Egaroucid and NTest.
//!
//! The GUI writes one command a line; the engine answers on its output:
//!
//! | from the GUI | the engine answers |
//! |---|---|
//! | `nboard 2` | `set myname <name>` |
//! | `set depth N` | nothing (the depth of later searches: level N, 1-30) |
//! | `set game <GGF>` | nothing (later commands concern the game's last position) |
//! | `set contempt N` | nothing (kept; this engine scores a draw as 0 whatever it is) |
//! | `move <move>[/<eval>[/<time>]]` | nothing (the move is played on the game) |
//! | `hint N` | `book` lines for book moves, `search` lines for the others, best first, N at most |
//! | `go` | `=== <move> <score> <seconds>` (a win/loss/draw proof reports its last midgame estimate when it agrees with the proof) |
//! | `ping N` | `pong N` |
//! | `learn` | `learned` |
//!
//! `status` lines tell what the engine does (`status thinking`, `status
//! waiting`, or what was wrong with a command) and `nodestats <nodes>
//! <seconds>` lines come while it searches. Commands are done one after the
//! other, so `pong N` comes only after the work of every command before
//! `ping N` (the protocol allows an engine to finish each search before
//! reading on). Unknown commands are ignored, as the protocol asks; a command
//! that cannot be done (a bad GGF record, an illegal move, a search before
//! any game) is answered with a `status` line saying why, and the session
//! goes on.

use othello::book::{BookChoice, EMBEDDED_LEAF_CONFIDENCE, EMBEDDED_LEAF_DEPTH};
use othello::clock::Clock;
use othello::engine::Engine;
use othello::game::Game;
use othello::notation::{ggf, transcript};
use othello::position::{Move, Position};
use othello::score::ScoreKind;
use othello::search::level::{Level, MAX_LEVEL};
use othello::search::{Limits, MoveScore, Observer, Progress};

use super::args;
use super::{searching, CliError, CliResult, Host};

/// The name the engine gives itself (`set myname`).
pub const ENGINE_NAME: &str = concat!("othello-", env!("CARGO_PKG_VERSION"));

/// The protocol version this module speaks.
pub const PROTOCOL_VERSION: u32 = 2;

/// The level searched before the GUI sets a depth.
const DEFAULT_LEVEL: u32 = 10;

/// One command of the GUI, read by [`parse_command`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `nboard <version>`.
    Nboard(u32),
    /// `set depth <n>`.
    SetDepth(u32),
    /// `set game <GGF>`: the record, not yet read.
    SetGame(String),
    /// `set contempt <n>`, in centi-discs.
    SetContempt(i32),
    /// `move <move>[/<eval>[/<time>]]`.
    Move(Move),
    /// `hint <n>`.
    Hint(usize),
    /// `go`.
    Go,
    /// `ping <n>`: the text after `ping`, given back as it came.
    Ping(String),
    /// `learn`.
    Learn,
    /// `quit` (not in the protocol; ends the session like the end of input).
    Quit,
    /// A command this engine does not know (ignored).
    Unknown,
}

/// Reads one line of the GUI; the error says what was wrong with a command
/// this module knows.
pub fn parse_command(line: &str) -> CliResult<Command> {
    let line = line.trim();
    let (word, rest) = split_word(line);
    let number = |what: &str, text: &str| {
        text.trim().parse::<i64>().map_err(|_| {
            CliError::usage(format!(
                "{what} needs a whole number, got '{}'",
                text.trim()
            ))
        })
    };
    Ok(match word {
        "nboard" => Command::Nboard(u32::try_from(number("nboard", rest)?).map_err(|_| {
            CliError::usage(format!(
                "nboard: version '{}' is not a version",
                rest.trim()
            ))
        })?),
        "set" => {
            let (name, value) = split_word(rest);
            match name {
                "depth" => {
                    let depth = number("set depth", value)?;
                    if depth < 1 {
                        return Err(CliError::usage(format!("set depth: {depth} is below 1")));
                    }
                    Command::SetDepth(u32::try_from(depth.min(i64::from(u32::MAX))).unwrap_or(1))
                }
                "game" => Command::SetGame(value.trim().to_string()),
                "contempt" => Command::SetContempt(
                    number("set contempt", value)?.clamp(i32::MIN.into(), i32::MAX.into()) as i32,
                ),
                _ => Command::Unknown,
            }
        }
        "move" => {
            let text = rest.trim().split('/').next().unwrap_or("").trim();
            let mv = transcript::parse_move::<othello::Board>(text).ok_or_else(|| {
                CliError::usage(format!("move: '{text}' is not a square or a pass"))
            })?;
            Command::Move(mv)
        }
        "hint" => {
            let count = number("hint", rest)?;
            if count < 1 {
                return Err(CliError::usage(format!("hint: {count} moves is below 1")));
            }
            Command::Hint(usize::try_from(count).unwrap_or(usize::MAX))
        }
        "go" => Command::Go,
        "ping" => Command::Ping(rest.trim().to_string()),
        "learn" => Command::Learn,
        "quit" => Command::Quit,
        _ => Command::Unknown,
    })
}

/// The first word of `text` and what follows it.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(end) => (&text[..end], &text[end..]),
        None => (text, ""),
    }
}

/// What the session does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// End the session.
    Quit,
}

/// An NBoard session: the game the GUI set and the engine that searches it.
pub struct Session {
    engine: Engine,
    game: Option<Game>,
    level: Level,
    /// The session's book (its `--no-book` and `--book-variety`), which a
    /// level without the book leaves.
    book: Option<BookChoice>,
    contempt: i32,
}

impl Session {
    /// A session searching with `engine`, before any command.
    pub fn new(engine: Engine) -> Session {
        let level = Level::new(DEFAULT_LEVEL).expect("the default level exists");
        let book = engine.book();
        let mut session = Session {
            engine,
            game: None,
            level,
            book,
            contempt: 0,
        };
        session.set_level(level);
        session
    }

    /// Searches at `level` from now on, with the session's book if the
    /// level plays from the book.
    fn set_level(&mut self, level: Level) {
        self.level = level;
        self.engine.set_book(self.book.filter(|_| level.book));
    }

    /// The contempt the GUI set, in centi-discs (kept, not used: the
    /// search scores a draw as 0).
    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    /// Does one line of the GUI, answering through `host`.
    pub fn handle(&mut self, line: &str, host: &mut dyn Host, clock: &dyn Clock) -> Flow {
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(message) => {
                host.print(&format!("status {message}"));
                return Flow::Continue;
            }
        };
        if let Err(message) = self.run(command.clone(), host, clock) {
            host.print(&format!("status {message}"));
        }
        match command {
            Command::Quit => Flow::Quit,
            _ => Flow::Continue,
        }
    }

    fn run(&mut self, command: Command, host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
        match command {
            Command::Nboard(version) => {
                if version != PROTOCOL_VERSION {
                    host.print(&format!(
                        "status protocol version {version} asked, this engine speaks version {PROTOCOL_VERSION}"
                    ));
                }
                host.print(&format!("set myname {ENGINE_NAME}"));
            }
            Command::SetDepth(depth) => {
                self.set_level(Level::new(depth.min(MAX_LEVEL)).expect("depth is 1 to MAX_LEVEL"));
            }
            Command::SetGame(text) => {
                let record = ggf::parse(&text).map_err(|e| CliError::input("set game", e))?;
                self.game = Some(record.game);
            }
            Command::SetContempt(contempt) => self.contempt = contempt,
            Command::Move(mv) => {
                let game = self
                    .game
                    .as_mut()
                    .ok_or_else(|| CliError::failed("move: no game set yet"))?;
                game.play_with_implicit_pass(mv)
                    .map_err(|e| CliError::input(format!("move {mv}"), e))?;
            }
            Command::Hint(count) => self.hint(count, host, clock)?,
            Command::Go => self.go(host, clock)?,
            Command::Ping(text) => host.print(format!("pong {text}").trim_end()),
            Command::Learn => host.print("learned"),
            Command::Quit | Command::Unknown => {}
        }
        Ok(())
    }

    /// The position searched: the end of the game, which must go on.
    fn position(&self, command: &str) -> CliResult<Position> {
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| CliError::failed(format!("{command}: no game set yet")))?;
        let position = game.position();
        if position.board.is_game_over() {
            return Err(CliError::failed(format!("{command}: the game is over")));
        }
        Ok(position)
    }

    fn limits(&self) -> Limits {
        self.level.limits()
    }

    /// Runs `work` on the engine after `status thinking`, with a
    /// `nodestats` line for each progress report; what it returned, the
    /// seconds it took, and the score of its last midgame iteration.
    fn think<T>(
        &mut self,
        host: &mut dyn Host,
        clock: &dyn Clock,
        work: impl FnOnce(&mut Engine, &Limits, &mut NodeStats) -> T,
    ) -> (T, f64, Option<i32>) {
        host.print("status thinking");
        let start = clock.now_ms();
        let limits = self.limits();
        let mut observer = NodeStats {
            host,
            estimate: None,
        };
        let found = work(&mut self.engine, &limits, &mut observer);
        let estimate = observer.estimate;
        (found, (clock.now_ms() - start) / 1000.0, estimate)
    }

    fn go(&mut self, host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
        let board = self.position("go")?.board;
        if board.moves() == 0 {
            host.print("=== pa 0.00 0.0");
            return Ok(());
        }
        let (result, seconds, estimate) = self.think(host, clock, |engine, limits, observer| {
            engine.search(&board, limits, clock, observer)
        });
        host.print(&format!("nodestats {} {seconds:.2}", result.nodes));
        let best = result
            .best
            .ok_or_else(|| CliError::failed("go: the search found no move"))?;
        let score = match result.kind {
            ScoreKind::WinLossDraw => proven_score(result.score, estimate),
            _ => result.score,
        };
        host.print(&format!("=== {best} {:.2} {seconds:.1}", f64::from(score)));
        host.print("status waiting");
        Ok(())
    }

    fn hint(&mut self, count: usize, host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
        let board = self.position("hint")?.board;
        if board.moves() == 0 {
            host.print("search pa 0.00 0 0");
            return Ok(());
        }
        let (analysis, seconds, _) = self.think(host, clock, |engine, limits, observer| {
            engine.analyze(&board, limits, clock, observer)
        });
        for m in analysis.moves.iter().take(count) {
            host.print(&hint_line(m));
        }
        host.print(&format!("nodestats {} {seconds:.2}", analysis.nodes));
        host.print("status waiting");
        Ok(())
    }
}

/// The score `go` reports for a win/loss/draw proof, whose own score
/// gives only the result (a bound such as +2, 0 or -2: a win by 20 discs
/// would read as a close game in the GUI): the estimate of the search's
/// last midgame iteration when it agrees with the proven result, else the
/// proof's score (a draw is 0).
fn proven_score(proof: i32, estimate: Option<i32>) -> i32 {
    match estimate {
        Some(estimate) if proof != 0 && estimate.signum() == proof.signum() => estimate,
        _ => proof,
    }
}

/// A hint: `book <move> <eval> 0 <depth> 0` for a book move (the depth of
/// the searches that scored the book's leaves), else `search <move> <eval>
/// 0 <depth>`; the depth is `100%` for a proven score, `D@C%` for a
/// selective search at C% confidence.
fn hint_line(m: &MoveScore) -> String {
    let eval = f64::from(m.score);
    match m.kind {
        ScoreKind::Book => format!(
            "book {} {eval:.2} 0 {EMBEDDED_LEAF_DEPTH}@{EMBEDDED_LEAF_CONFIDENCE}% 0",
            m.mv
        ),
        ScoreKind::Exact | ScoreKind::WinLossDraw => {
            format!("search {} {eval:.2} 0 100%", m.mv)
        }
        ScoreKind::Depth if m.confidence < 100 => {
            format!("search {} {eval:.2} 0 {}@{}%", m.mv, m.depth, m.confidence)
        }
        ScoreKind::Depth => format!("search {} {eval:.2} 0 {}", m.mv, m.depth),
    }
}

/// Prints `nodestats` with each progress report of a search, and keeps
/// the score of the last midgame iteration reported.
struct NodeStats<'h> {
    host: &'h mut dyn Host,
    estimate: Option<i32>,
}

impl Observer for NodeStats<'_> {
    fn progress(&mut self, progress: &Progress) {
        if progress.kind == ScoreKind::Depth && progress.depth > 0 {
            self.estimate = Some(progress.score);
        }
        self.host.print(&format!(
            "nodestats {} {:.2}",
            progress.nodes,
            progress.elapsed_ms.max(0.0) / 1000.0
        ));
    }
}

/// `nboard`.
pub(crate) const NBOARD: args::Command = args::Command {
    name: "nboard",
    about: "plays over the NBoard protocol (version 2) on standard input and output",
    usage: &["nboard [--table-mb M] [--threads N] [--eval E] [--no-book | --book-variety D [--book-seed S]]"],
    notes: "The engine's table, threads, evaluation and book for the session; NBoard's set depth sets its level\n(levels from 15 search the opening too, without the book).",
    flags: &[&searching::ENGINE_FLAGS, &searching::BOOK_FLAGS],
};

/// `nboard [--table-mb M]`: a session on the host's input until it ends or
/// the GUI sends `quit`.
pub fn run_nboard(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = searching::parse_options(&NBOARD, args)?;
    if let Some(word) = options.positional.first() {
        return Err(NBOARD.error(format!("unexpected argument '{word}'")));
    }
    let mut engine = options.engine(host)?;
    engine.set_threads(options.threads_or_one());
    let mut session = Session::new(engine);
    while let Some(line) = host.read_line() {
        if session.handle(&line, host, clock) == Flow::Quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{Frozen, Recorder};
    use othello::search::level::FIRST_LEVEL_WITHOUT_BOOK;

    #[test]
    fn set_depth_takes_the_levels_book_setting() {
        let mut engine = Engine::new(1);
        let book = Some(BookChoice {
            variety: 2,
            ..BookChoice::default()
        });
        engine.set_book(book);
        let mut session = Session::new(engine);
        assert_eq!(session.engine.book(), book, "the default level's book");
        let mut host = Recorder(Vec::new());
        let top = FIRST_LEVEL_WITHOUT_BOOK;
        session.handle(&format!("set depth {top}"), &mut host, &Frozen);
        assert_eq!(
            session.engine.book(),
            None,
            "level {top} searches the opening"
        );
        session.handle(&format!("set depth {}", top - 1), &mut host, &Frozen);
        assert_eq!(
            session.engine.book(),
            book,
            "level {} has the session's book",
            top - 1
        );
        assert!(host.0.is_empty(), "{:?}", host.0);
    }
}
