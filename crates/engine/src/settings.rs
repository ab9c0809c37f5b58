//! What a caller asks of a search, read in one place whatever the front
//! end: the command line (`--depth 10`), player specs (`depth=10`), the JS
//! boundary (`{ depth: 10 }`) and any later protocol give their settings to
//! an [`OptionsReader`] as a [`Setting`] and a [`Value`]; the reader checks
//! each against the ranges below, refuses settings that would override one
//! another, and gives [`SearchOptions`]. Its errors name the settings as the
//! caller's users write them (a [`Spelling`]).

use std::fmt;
use std::ops::RangeInclusive;

use crate::book::BookChoice;
use crate::book::BookFile;
use crate::eval::{Evaluation, EvaluationError};
use crate::named_file::FILE_PREFIX;
use crate::search::level::{self, Level, LEVELS};
use crate::search::probcut::{self, ConfidenceError};
use crate::search::{Limits, Solve};

/// Depths a search may be limited to.
pub const DEPTHS: RangeInclusive<u32> = 1..=60;
/// Numbers of empties from which a search may solve exactly.
pub const EXACT_FROM: RangeInclusive<u32> = 0..=60;
/// Transposition table sizes in MiB (a size the memory cannot hold is
/// refused when the table is allocated).
pub const TABLE_MB: RangeInclusive<usize> = 1..=4096;
/// The threads a search may ask for (capped by what the engine has: see `Engine::max_threads`).
pub const THREADS: RangeInclusive<u32> = 1..=crate::search::parallel::MAX_THREADS as u32;
/// The lines a multi-line analysis may find (see [`Limits::lines`]).
pub const LINES: RangeInclusive<u32> = 1..=crate::search::MAX_LINES;
/// Node limits: up to a count every JS number holds exactly.
pub const NODES: RangeInclusive<u64> = 1..=9_000_000_000_000_000;
/// Confidences in percent a setting may name (only the levels of
/// [`probcut::CONFIDENCES`] are accepted).
pub const CONFIDENCE_PERCENT: RangeInclusive<u32> = 0..=100;
/// The book's variety in discs (0: one of the best book moves).
pub const BOOK_VARIETY: RangeInclusive<u32> = 0..=64;
/// The largest whole number that is exact in a double (a JS number) with
/// every whole number below it: 2^53 - 1.
pub const MAX_EXACT_WHOLE: u64 = (1 << 53) - 1;
/// The book's seeds: whole numbers exact in a double (JS numbers).
pub const BOOK_SEEDS: RangeInclusive<u64> = 0..=MAX_EXACT_WHOLE;
/// The level a search gets when nothing says when it stops: deep enough to
/// play well, quick enough (about a second at most) for any caller.
pub const DEFAULT_LEVEL: u32 = 10;
/// The confidence of the selective cuts (Multi-ProbCut) of a search that a
/// time or a game clock stops, when none is given: the time the cuts save
/// buys depth. Measured by matches at 100 ms a move (docs/benchmarks.md,
/// "Selectivity of timed searches"): 73% against no cut scored 67% (+125
/// Elo), 73% against 95% 47% (-21 Elo, -50 to +8), so 95%, which the page's
/// Master level, hints and analysis already used. Buro ("Experiments with
/// Multi-ProbCut and a New High-Quality Evaluation Function for Othello",
/// Table 3) found MPC 80% against brute force in 30-minute games.
pub const TIMED_CONFIDENCE: u32 = 95;

/// The selectivity of [`TIMED_CONFIDENCE`].
fn timed_selectivity() -> u8 {
    probcut::selectivity(TIMED_CONFIDENCE).expect("a listed confidence")
}

/// One setting of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Deepest midgame iteration ([`DEPTHS`]).
    Depth,
    /// Nodes after which the search stops ([`NODES`]).
    Nodes,
    /// Hard deadline in milliseconds (a time per move when it is the only
    /// limit: up to three times it in the endgame, see [`Limits::time_ms`]).
    TimeMs,
    /// A playing level ([`LEVELS`]): depth, confidence, exact-from and
    /// wld-from at once.
    Level,
    /// Confidence of the selective cuts, in percent.
    Confidence,
    /// Solve exactly from this many empties ([`EXACT_FROM`]).
    ExactFrom,
    /// Solve for win, loss or draw from this many empties ([`EXACT_FROM`]).
    WldFrom,
    /// Search to the end with the endgame's selective cuts at
    /// [`level::END_CONFIDENCE`] from this many empties ([`EXACT_FROM`];
    /// [`Limits::selective_from`]).
    SelectiveFrom,
    /// Stop once the exact score is proven.
    Exact,
    /// Stop once win, loss or draw is proven.
    Wld,
    /// The leaf evaluation, by name.
    Evaluation,
    /// Transposition table size in MiB ([`TABLE_MB`]).
    TableMb,
    /// Time left on the side to move's game clock, in milliseconds.
    Clock,
    /// Time added to that clock after each move, in milliseconds.
    Increment,
    /// Whether a position of the opening book is answered from it (on unless turned off, or a level from [`level::FIRST_LEVEL_WITHOUT_BOOK`] is read and neither the book nor its variety or seed is given; the engine's own [`Limits`] default has no book, so the bench and the engine's tests search).
    Book,
    /// Book moves within this many discs of the best may be chosen ([`BOOK_VARIETY`]).
    BookVariety,
    /// The seed that draws among those moves ([`BOOK_SEEDS`]).
    BookSeed,
    /// Threads of the search ([`THREADS`]).
    Threads,
    /// The best moves an analysis gives with their lines ([`LINES`];
    /// [`Limits::lines`]).
    Lines,
}

impl Setting {
    /// Every setting.
    pub const ALL: [Setting; 19] = [
        Setting::Depth,
        Setting::Nodes,
        Setting::TimeMs,
        Setting::Level,
        Setting::Confidence,
        Setting::ExactFrom,
        Setting::WldFrom,
        Setting::SelectiveFrom,
        Setting::Exact,
        Setting::Wld,
        Setting::Evaluation,
        Setting::TableMb,
        Setting::Clock,
        Setting::Increment,
        Setting::Book,
        Setting::BookVariety,
        Setting::BookSeed,
        Setting::Threads,
        Setting::Lines,
    ];

    /// The settings that say when a search stops (a game clock decides
    /// that itself, so it excludes them).
    const STOPPING: [Setting; 6] = [
        Setting::TimeMs,
        Setting::Depth,
        Setting::Nodes,
        Setting::Level,
        Setting::Exact,
        Setting::Wld,
    ];

    /// The name as the command line (after `--`) and player specs write it.
    pub const fn name(self) -> &'static str {
        match self {
            Setting::Depth => "depth",
            Setting::Nodes => "nodes",
            Setting::TimeMs => "time-ms",
            Setting::Level => "level",
            Setting::Confidence => "confidence",
            Setting::ExactFrom => "exact-from",
            Setting::WldFrom => "wld-from",
            Setting::SelectiveFrom => "selective-from",
            Setting::Exact => "exact",
            Setting::Wld => "wld",
            Setting::Evaluation => "eval",
            Setting::TableMb => "table-mb",
            Setting::Clock => "clock-ms",
            Setting::Increment => "increment-ms",
            Setting::Book => "book",
            Setting::BookVariety => "book-variety",
            Setting::BookSeed => "book-seed",
            Setting::Threads => "threads",
            Setting::Lines => "lines",
        }
    }

    /// The setting of that [`Setting::name`].
    pub fn named(name: &str) -> Option<Setting> {
        Setting::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A level's depth and where its endgame searches start (selective, win/loss/draw,
/// exact), from `level`'s limits into `limits`.
fn take_depth_and_endgame(limits: &mut Limits, level: &Limits) {
    limits.depth = level.depth;
    limits.exact_from = level.exact_from;
    limits.wld_from = level.wld_from;
    limits.selective_from = level.selective_from;
    limits.end_selectivity = level.end_selectivity;
}

/// How a front end's users write a setting's name in messages.
pub type Spelling = fn(Setting) -> String;

/// Player specs' spelling: `depth`, `time-ms`.
pub fn words(setting: Setting) -> String {
    setting.name().to_string()
}

/// The command line's spelling: `--depth`, `--time-ms`.
pub fn flags(setting: Setting) -> String {
    format!("--{}", setting.name())
}

/// A setting's value as a front end has it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// A word of a command line or a spec: numbers and `true`/`false` are read from it.
    Word(&'a str),
    /// A string from a typed caller (JS): only a name (the evaluation) is read from it.
    Text(&'a str),
    /// A number from a typed caller.
    Number(f64),
    /// A flag: a bare command-line flag is `true`.
    Flag(bool),
    /// A value of another type, as a message shows it (`null`, `an object`).
    Other(&'a str),
}

impl Value<'_> {
    /// The value as a message shows it: a number as written, text quoted.
    pub fn shown(&self) -> String {
        match *self {
            Value::Word(word) if word.parse::<f64>().is_ok() => word.to_string(),
            Value::Word(text) | Value::Text(text) => format!("'{text}'"),
            Value::Number(n) => number_text(n),
            Value::Flag(flag) => flag.to_string(),
            Value::Other(description) => description.to_string(),
        }
    }

    fn number(&self) -> Option<f64> {
        match *self {
            Value::Word(word) => word.parse().ok(),
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    fn flag(&self) -> Option<bool> {
        match *self {
            Value::Word("true") => Some(true),
            Value::Word("false") => Some(false),
            Value::Flag(flag) => Some(flag),
            _ => None,
        }
    }
}

/// A number as JS writes it (`Infinity`, not Rust's `inf`).
pub fn number_text(n: f64) -> String {
    if n.is_infinite() {
        if n > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else {
        n.to_string()
    }
}

/// The side to move's game clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameClock {
    /// Time left on it, in milliseconds.
    pub remaining_ms: f64,
    /// Time added to it after each of its moves, in milliseconds.
    pub increment_ms: f64,
}

/// What a caller asked of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchOptions {
    /// When the search stops and how selective it is (on a clock, only the
    /// selectivity is used: the time manager decides the rest).
    pub limits: Limits,
    /// The leaf evaluation.
    pub evaluation: Evaluation,
    /// The transposition table size in MiB, when given.
    pub table_mb: Option<usize>,
    /// The game clock to play on, when given.
    pub clock: Option<GameClock>,
    /// The threads to search on, when given.
    pub threads: Option<usize>,
    /// Whether (and how) a position of the opening book is answered from
    /// it at once instead of searched (`None`: never).
    pub book: Option<BookChoice>,
}

impl SearchOptions {
    /// Whether anything stops the search before the game is solved to the
    /// end: a depth, nodes, a time, a clock, or a win/loss/draw or exact
    /// solve (which ends with the proof).
    pub fn stops(&self) -> bool {
        let l = &self.limits;
        l.depth.is_some()
            || l.nodes.is_some()
            || l.time_ms.is_some()
            || l.soft_time_ms.is_some()
            || l.solve != Solve::Deepen
            || self.clock.is_some()
    }

    /// These options, with [`DEFAULT_LEVEL`]'s depth and exact solve (and
    /// its confidence unless one was given) when nothing else stops the
    /// search: a search asked for without limits ends.
    pub fn or_default_level(mut self) -> SearchOptions {
        if !self.stops() {
            let level = Level::new(DEFAULT_LEVEL)
                .expect("the default level is a level")
                .limits();
            take_depth_and_endgame(&mut self.limits, &level);
            if self.limits.selectivity == 0 {
                self.limits.selectivity = level.selectivity;
            }
        }
        self
    }

    /// The limits of an analysis (scores for every move), which cannot
    /// play on a clock; `spell` names the settings in the message.
    pub fn analysis_limits(&self, spell: Spelling) -> Result<Limits, OptionError> {
        match self.clock {
            Some(_) => Err(OptionError::ClockInAnalysis {
                clock: spell(Setting::Clock),
                time: spell(Setting::TimeMs),
            }),
            None => Ok(self.limits),
        }
    }

    /// Refuses lines given to anything but an analysis (a search finds the
    /// best move alone); `spell` names the setting in the message.
    pub fn refuse_lines(&self, spell: Spelling) -> Result<(), OptionError> {
        if self.limits.lines == 0 {
            return Ok(());
        }
        Err(OptionError::LinesOutsideAnalysis {
            lines: spell(Setting::Lines),
        })
    }
}

/// Why a setting or a set of settings is refused. Each variant carries the
/// names as the caller's users write them.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionError {
    /// A whole number outside its range (or not a whole number).
    NotWhole {
        /// The setting's name.
        name: String,
        /// The smallest value.
        min: u64,
        /// The largest value.
        max: u64,
        /// The value given, as shown.
        got: String,
    },
    /// A time that is not a positive number of milliseconds.
    NotPositiveTime {
        /// The setting's name.
        name: String,
        /// The value given, as shown.
        got: String,
    },
    /// A clock time that is not a finite number of milliseconds, 0 or more.
    NotClockTime {
        /// The setting's name.
        name: String,
        /// The value given, as shown.
        got: String,
    },
    /// A flag that is not true or false.
    NotFlag {
        /// The setting's name.
        name: String,
        /// The value given, as shown.
        got: String,
    },
    /// A name (the evaluation's) that is not text.
    NotName {
        /// The setting's name.
        name: String,
        /// The value given, as shown.
        got: String,
    },
    /// A book file (`file:<path>`) that cannot be had.
    BookFile {
        /// The setting's name.
        name: String,
        /// The file's path.
        path: String,
        /// Why it was refused.
        reason: String,
    },
    /// A confidence that is not a level.
    Confidence(ConfidenceError),
    /// An evaluation that cannot be had.
    Evaluation(EvaluationError),
    /// A level given with a depth or a confidence, which it sets itself.
    LevelSets {
        /// `"depth"` or `"confidence"`.
        what: &'static str,
    },
    /// Two settings that exclude each other (exact and win/loss/draw, a
    /// level and the empties a solve starts from).
    Exclusive {
        /// The first setting's name.
        first: String,
        /// The second setting's name.
        second: String,
    },
    /// A game clock with a setting that says when the search stops.
    StoppedByClock {
        /// The clock's name.
        clock: String,
        /// The other setting's name.
        other: String,
    },
    /// An increment without a clock.
    IncrementWithoutClock {
        /// The increment's name.
        increment: String,
        /// The clock's name.
        clock: String,
    },
    /// A clock given to an analysis.
    ClockInAnalysis {
        /// The clock's name.
        clock: String,
        /// The time limit's name.
        time: String,
    },
    /// Lines given to a search, which finds the best move alone.
    LinesOutsideAnalysis {
        /// The lines' name.
        lines: String,
    },
    /// A setting this front end does not have.
    Unknown {
        /// The name given.
        name: String,
        /// The names it has, as a list (`a, b or c`).
        expected: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::NotWhole {
                name,
                min,
                max,
                got,
            } => write!(
                f,
                "{name} must be a whole number from {min} to {max}, got {got}"
            ),
            OptionError::NotPositiveTime { name, got } => write!(
                f,
                "{name} must be a positive number of milliseconds, got {got}"
            ),
            OptionError::NotClockTime { name, got } => write!(
                f,
                "{name} must be a finite number of milliseconds, 0 or more, got {got}"
            ),
            OptionError::NotFlag { name, got } => {
                write!(f, "{name} must be true or false, got {got}")
            }
            OptionError::NotName { name, got } => write!(
                f,
                "{name} must be the name of an evaluation ('pattern' or 'standin'), got {got}"
            ),
            OptionError::BookFile { name, path, reason } => {
                write!(f, "{name} file:{path}: {reason}")
            }
            OptionError::Confidence(error) => write!(f, "{error}"),
            OptionError::Evaluation(error) => write!(f, "{error}"),
            OptionError::LevelSets { what } => {
                write!(
                    f,
                    "a level sets the {what}: give a level or a {what}, not both"
                )
            }
            OptionError::Exclusive { first, second } => {
                write!(f, "{first} and {second} exclude each other")
            }
            OptionError::StoppedByClock { clock, other } => write!(
                f,
                "{clock} and {other} exclude each other: on a clock the time manager decides \
                 when the search stops (a confidence may be given with it)"
            ),
            OptionError::IncrementWithoutClock { increment, clock } => {
                write!(f, "{increment} needs {clock} (the time left on the clock)")
            }
            OptionError::ClockInAnalysis { clock, time } => write!(
                f,
                "analyze does not take a {clock} (it scores every move; a clock is for \
                 choosing one: use search, or give analyze a {time})"
            ),
            OptionError::LinesOutsideAnalysis { lines } => write!(
                f,
                "{lines} is for analyze, which gives the best moves each with its line \
                 (a search finds the best move alone)"
            ),
            OptionError::Unknown { name, expected } => {
                write!(f, "unknown option '{name}' (expected {expected})")
            }
        }
    }
}

impl std::error::Error for OptionError {}

impl From<ConfidenceError> for OptionError {
    fn from(error: ConfidenceError) -> Self {
        OptionError::Confidence(error)
    }
}

impl From<EvaluationError> for OptionError {
    fn from(error: EvaluationError) -> Self {
        OptionError::Evaluation(error)
    }
}

/// Reads a file named `file:<path>` (an evaluation table, a book): the
/// bytes, or why they cannot be read. The engine does no I/O itself: a
/// native front end gives a reader of its file system.
pub type TableReader = fn(&str) -> std::io::Result<Vec<u8>>;

/// Reads settings one by one into [`SearchOptions`].
pub struct OptionsReader {
    spell: Spelling,
    tables: Option<TableReader>,
    options: SearchOptions,
    increment_ms: Option<f64>,
    /// Whether the book is on, and how it chooses (kept apart so that the
    /// order of `book`, `book-variety` and `book-seed` does not matter).
    book: Option<bool>,
    book_choice: BookChoice,
    /// Whether the level read (if any) plays from the book: the book's
    /// default when `book` is not given.
    level_book: bool,
    given: Vec<Setting>,
}

impl OptionsReader {
    /// A reader whose messages name settings with `spell`.
    pub fn new(spell: Spelling) -> OptionsReader {
        OptionsReader {
            spell,
            tables: None,
            options: SearchOptions::default(),
            increment_ms: None,
            book: None,
            book_choice: BookChoice::default(),
            level_book: true,
            given: Vec::new(),
        }
    }

    /// Lets `file:<path>` evaluations and books be read with `tables`
    /// (native front ends).
    pub fn with_tables(mut self, tables: TableReader) -> OptionsReader {
        self.tables = Some(tables);
        self
    }

    /// Starts from `options` instead of the defaults (their book setting included).
    pub fn starting_from(mut self, options: SearchOptions) -> OptionsReader {
        self.book = Some(options.book.is_some());
        self.book_choice = options.book.unwrap_or_default();
        self.options = options;
        self
    }

    /// The error for a name that none of `known` has, listing them.
    pub fn unknown(&self, name: &str, known: &[Setting]) -> OptionError {
        let names: Vec<String> = known.iter().map(|&s| (self.spell)(s)).collect();
        let expected = match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        OptionError::Unknown {
            name: name.to_string(),
            expected,
        }
    }

    /// Reads one setting. A flag given as `false` counts as not given.
    pub fn read(&mut self, setting: Setting, value: Value) -> Result<(), OptionError> {
        match setting {
            Setting::Depth => {
                self.options.limits.depth = Some(self.whole(setting, &value, DEPTHS)?);
            }
            Setting::Nodes => {
                let range = *NODES.start() as f64..=*NODES.end() as f64;
                let nodes = self.whole_f64(setting, &value, range)?;
                self.options.limits.nodes = Some(nodes as u64);
            }
            Setting::TimeMs => {
                let ms = value
                    .number()
                    .filter(|ms| ms.is_finite() && *ms > 0.0)
                    .ok_or_else(|| OptionError::NotPositiveTime {
                        name: (self.spell)(setting),
                        got: value.shown(),
                    })?;
                self.options.limits.time_ms = Some(ms);
            }
            Setting::Level => {
                let n = self.whole(setting, &value, LEVELS)?;
                let level = Level::new(n).expect("within LEVELS");
                self.level_book = level.book;
                let level = level.limits();
                let limits = &mut self.options.limits;
                take_depth_and_endgame(limits, &level);
                limits.selectivity = level.selectivity;
            }
            Setting::SelectiveFrom => {
                let empties = self.whole(setting, &value, EXACT_FROM)?;
                let limits = &mut self.options.limits;
                limits.selective_from = Some(empties);
                limits.end_selectivity = probcut::selectivity(level::END_CONFIDENCE)?;
            }
            Setting::Confidence => {
                let percent = self.whole(setting, &value, CONFIDENCE_PERCENT)?;
                self.options.limits.selectivity = probcut::selectivity(percent)?;
            }
            Setting::ExactFrom => {
                let empties = self.whole(setting, &value, EXACT_FROM)?;
                self.options.limits.exact_from = Some(empties);
            }
            Setting::WldFrom => {
                let empties = self.whole(setting, &value, EXACT_FROM)?;
                self.options.limits.wld_from = Some(empties);
            }
            Setting::Exact | Setting::Wld => {
                let on = value.flag().ok_or_else(|| OptionError::NotFlag {
                    name: (self.spell)(setting),
                    got: value.shown(),
                })?;
                if !on {
                    return Ok(());
                }
                self.options.limits.solve = if setting == Setting::Exact {
                    Solve::Exact
                } else {
                    Solve::WinLossDraw
                };
            }
            Setting::Evaluation => {
                let name = match value {
                    Value::Word(name) | Value::Text(name) => name,
                    _ => {
                        return Err(OptionError::NotName {
                            name: (self.spell)(setting),
                            got: value.shown(),
                        })
                    }
                };
                self.options.evaluation = self.evaluation(name)?;
            }
            Setting::TableMb => {
                let range = *TABLE_MB.start() as u32..=*TABLE_MB.end() as u32;
                self.options.table_mb = Some(self.whole(setting, &value, range)? as usize);
            }
            Setting::Threads => {
                self.options.threads = Some(self.whole(setting, &value, THREADS)? as usize);
            }
            Setting::Lines => {
                self.options.limits.lines = self.whole(setting, &value, LINES)?;
            }
            Setting::Book => {
                // `file:<path>` turns the book on with that file; `true`
                // turns it on (the file's, if one was named), `false` off.
                let file = match value {
                    Value::Word(name) | Value::Text(name) => name.strip_prefix(FILE_PREFIX),
                    _ => None,
                };
                let on = match file {
                    Some(path) => {
                        self.book_choice.file = Some(self.book_file(setting, path)?);
                        true
                    }
                    None => value.flag().ok_or_else(|| OptionError::NotFlag {
                        name: (self.spell)(setting),
                        got: value.shown(),
                    })?,
                };
                self.book = Some(on);
            }
            Setting::BookVariety => {
                self.book_choice.variety = self.whole(setting, &value, BOOK_VARIETY)?;
            }
            Setting::BookSeed => {
                let range = *BOOK_SEEDS.start() as f64..=*BOOK_SEEDS.end() as f64;
                self.book_choice.seed = self.whole_f64(setting, &value, range)? as u64;
            }
            Setting::Clock | Setting::Increment => {
                let ms = value
                    .number()
                    .filter(|ms| ms.is_finite() && *ms >= 0.0)
                    .ok_or_else(|| OptionError::NotClockTime {
                        name: (self.spell)(setting),
                        got: value.shown(),
                    })?;
                if setting == Setting::Clock {
                    let increment_ms = self.increment_ms.unwrap_or(0.0);
                    self.options.clock = Some(GameClock {
                        remaining_ms: ms,
                        increment_ms,
                    });
                } else {
                    self.increment_ms = Some(ms);
                    if let Some(clock) = self.options.clock.as_mut() {
                        clock.increment_ms = ms;
                    }
                }
            }
        }
        self.given.push(setting);
        Ok(())
    }

    /// The evaluation called `name`: built in, or a table file when this
    /// reader can read them.
    fn evaluation(&self, name: &str) -> Result<Evaluation, EvaluationError> {
        let Some(path) = name.strip_prefix(FILE_PREFIX) else {
            return Evaluation::from_name(name).map_err(|error| match error {
                EvaluationError::Unknown { name, .. } => EvaluationError::Unknown {
                    name,
                    files: self.tables.is_some(),
                },
                other => other,
            });
        };
        let read = self.tables.ok_or_else(|| EvaluationError::NoFiles {
            name: name.to_string(),
        })?;
        let bytes = read(path).map_err(|e| EvaluationError::Unreadable {
            name: name.to_string(),
            reason: e.to_string(),
        })?;
        Evaluation::from_table(name, &bytes)
    }

    /// The book file at `path` (`book=file:<path>`), read with this
    /// reader's file reader and kept for the rest of the process.
    fn book_file(&self, setting: Setting, path: &str) -> Result<&'static BookFile, OptionError> {
        let refused = |reason: String| OptionError::BookFile {
            name: (self.spell)(setting),
            path: path.to_string(),
            reason,
        };
        let read = self
            .tables
            .ok_or_else(|| refused("book files are read by the native tools only".into()))?;
        let bytes = read(path).map_err(|e| refused(e.to_string()))?;
        let book = crate::book::file::read_book(&bytes).map_err(|e| refused(e.to_string()))?;
        Ok(BookFile::keep(format!("{FILE_PREFIX}{path}"), book))
    }

    fn whole(
        &self,
        setting: Setting,
        value: &Value,
        range: RangeInclusive<u32>,
    ) -> Result<u32, OptionError> {
        let wide = f64::from(*range.start())..=f64::from(*range.end());
        self.whole_f64(setting, value, wide).map(|n| n as u32)
    }

    fn whole_f64(
        &self,
        setting: Setting,
        value: &Value,
        range: RangeInclusive<f64>,
    ) -> Result<f64, OptionError> {
        value
            .number()
            .filter(|n| n.fract() == 0.0 && range.contains(n))
            .ok_or_else(|| OptionError::NotWhole {
                name: (self.spell)(setting),
                min: *range.start() as u64,
                max: *range.end() as u64,
                got: value.shown(),
            })
    }

    /// Whether `setting` was read.
    pub fn has(&self, setting: Setting) -> bool {
        self.given.contains(&setting)
    }

    /// Whether the settings read so far say when the search stops
    /// ([`SearchOptions::stops`]).
    pub fn stops(&self) -> bool {
        self.options.stops()
    }

    /// Whether the settings read say how selective the search is (a
    /// confidence, or a level, which sets one).
    fn sets_selectivity(&self) -> bool {
        self.has(Setting::Confidence) || self.has(Setting::Level)
    }

    /// The options read, once the settings that would override one another
    /// are refused (so that a result never depends on their order): a level
    /// with a depth or a confidence, an exact solve with a win/loss/draw
    /// one, a game clock with anything that says when the search stops, and
    /// an increment without a clock. A search stopped by a time or a clock
    /// with neither a confidence nor a level is selective at
    /// [`TIMED_CONFIDENCE`].
    pub fn finish(self) -> Result<SearchOptions, OptionError> {
        let has = |setting| self.has(setting);
        let spell = self.spell;
        if has(Setting::Level) && has(Setting::Depth) {
            return Err(OptionError::LevelSets { what: "depth" });
        }
        if has(Setting::Level) && has(Setting::Confidence) {
            return Err(OptionError::LevelSets { what: "confidence" });
        }
        // A level sets where its solves start too.
        for solve_from in [Setting::ExactFrom, Setting::WldFrom, Setting::SelectiveFrom] {
            if has(Setting::Level) && has(solve_from) {
                return Err(OptionError::Exclusive {
                    first: spell(Setting::Level),
                    second: spell(solve_from),
                });
            }
        }
        if has(Setting::Exact) && has(Setting::Wld) {
            return Err(OptionError::Exclusive {
                first: spell(Setting::Exact),
                second: spell(Setting::Wld),
            });
        }
        if has(Setting::Clock) {
            if let Some(&other) = Setting::STOPPING.iter().find(|&&s| has(s)) {
                return Err(OptionError::StoppedByClock {
                    clock: spell(Setting::Clock),
                    other: spell(other),
                });
            }
        } else if has(Setting::Increment) {
            return Err(OptionError::IncrementWithoutClock {
                increment: spell(Setting::Increment),
                clock: spell(Setting::Clock),
            });
        }
        let mut options = self.options;
        // A book's variety or seed asks for the book, whatever the level.
        let asked = has(Setting::BookVariety) || has(Setting::BookSeed);
        options.book = self
            .book
            .unwrap_or(self.level_book || asked)
            .then_some(self.book_choice);
        if (has(Setting::TimeMs) || has(Setting::Clock)) && !self.sets_selectivity() {
            options.limits.selectivity = timed_selectivity();
        }
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options of `pairs` read as player-spec words.
    fn read(pairs: &[(&str, &str)]) -> Result<SearchOptions, OptionError> {
        read_with(OptionsReader::new(words), pairs)
    }

    /// The options of `pairs` read as player-spec words by `reader`.
    fn read_with(
        mut reader: OptionsReader,
        pairs: &[(&str, &str)],
    ) -> Result<SearchOptions, OptionError> {
        for &(name, value) in pairs {
            let setting = Setting::named(name).expect("a setting");
            reader.read(setting, Value::Word(value))?;
        }
        reader.finish()
    }

    fn error(pairs: &[(&str, &str)]) -> String {
        read(pairs).unwrap_err().to_string()
    }

    #[test]
    fn settings_are_read_from_words_and_numbers() {
        let options = read(&[("depth", "12"), ("confidence", "95"), ("table-mb", "8")]).unwrap();
        assert_eq!(options.limits.depth, Some(12));
        assert_eq!(
            options.limits.selectivity,
            probcut::selectivity(95).unwrap()
        );
        assert_eq!(options.table_mb, Some(8));
        let level = read(&[("level", "7")]).unwrap();
        assert_eq!(level.limits, Level::new(7).unwrap().limits());
        assert_eq!(level.book, Some(BookChoice::default()));
        // From FIRST_LEVEL_WITHOUT_BOOK a level searches the opening too,
        // unless the book is asked for.
        let top = level::FIRST_LEVEL_WITHOUT_BOOK.to_string();
        assert_eq!(read(&[("level", top.as_str())]).unwrap().book, None);
        let asked = read(&[("book", "true"), ("level", top.as_str())]).unwrap();
        assert_eq!(asked.book, Some(BookChoice::default()));
        let varied = read(&[("level", top.as_str()), ("book-variety", "2")]).unwrap();
        assert_eq!(varied.book.map(|choice| choice.variety), Some(2));
        let mut reader = OptionsReader::new(words);
        reader.read(Setting::TimeMs, Value::Number(50.0)).unwrap();
        reader.read(Setting::Exact, Value::Flag(false)).unwrap();
        let options = reader.finish().unwrap();
        assert_eq!(options.limits.time_ms, Some(50.0));
        assert_eq!(options.limits.solve, Solve::Deepen);
    }

    #[test]
    fn the_solves_start_where_the_level_or_the_settings_say() {
        let level = read(&[("level", "10")]).unwrap().limits;
        assert_eq!((level.exact_from, level.wld_from), (Some(18), Some(20)));
        let given = read(&[("depth", "8"), ("wld-from", "16"), ("exact-from", "12")]).unwrap();
        assert_eq!(given.limits.exact_from, Some(12));
        assert_eq!(given.limits.wld_from, Some(16));
        assert_eq!(
            error(&[("level", "10"), ("exact-from", "10")]),
            "level and exact-from exclude each other"
        );
        assert_eq!(
            error(&[("wld-from", "10"), ("level", "10")]),
            "level and wld-from exclude each other"
        );
        assert!(error(&[("wld-from", "61")]).contains("wld-from"));
    }

    #[test]
    fn every_setting_is_named_once() {
        for setting in Setting::ALL {
            assert_eq!(Setting::named(setting.name()), Some(setting));
        }
        assert_eq!(Setting::named("speed"), None);
    }

    #[test]
    fn values_out_of_range_are_explained_with_the_callers_spelling() {
        assert_eq!(
            error(&[("depth", "0")]),
            "depth must be a whole number from 1 to 60, got 0"
        );
        assert_eq!(
            error(&[("depth", "x")]),
            "depth must be a whole number from 1 to 60, got 'x'"
        );
        assert_eq!(
            error(&[("level", "31")]),
            "level must be a whole number from 1 to 30, got 31"
        );
        assert_eq!(
            error(&[("table-mb", "5000")]),
            "table-mb must be a whole number from 1 to 4096, got 5000"
        );
        assert_eq!(
            error(&[("time-ms", "-5")]),
            "time-ms must be a positive number of milliseconds, got -5"
        );
        assert_eq!(
            error(&[("confidence", "90")]),
            "confidence 90 is not a level (expected 100, 99, 98, 95, 87 or 73)"
        );
        assert_eq!(
            error(&[("eval", "neural")]),
            "unknown evaluation 'neural' (expected pattern or standin)"
        );
        let mut native = OptionsReader::new(words).with_tables(|_| Ok(Vec::new()));
        assert_eq!(
            native
                .read(Setting::Evaluation, Value::Word("neural"))
                .unwrap_err()
                .to_string(),
            "unknown evaluation 'neural' (expected pattern, standin or file:<path>)"
        );
        assert_eq!(
            error(&[("eval", "file:/tables/x.bin")]),
            "evaluation 'file:/tables/x.bin': table files are read by the native tools only"
        );
        let mut reader = OptionsReader::new(flags);
        let wrong = reader.read(Setting::Nodes, Value::Number(f64::INFINITY));
        assert_eq!(
            wrong.unwrap_err().to_string(),
            "--nodes must be a whole number from 1 to 9000000000000000, got Infinity"
        );
        let wrong = reader.read(Setting::Exact, Value::Text("yes"));
        assert_eq!(
            wrong.unwrap_err().to_string(),
            "--exact must be true or false, got 'yes'"
        );
        let wrong = reader.read(Setting::Evaluation, Value::Number(3.0));
        assert!(matches!(wrong, Err(OptionError::NotName { .. })));
    }

    #[test]
    fn settings_that_override_one_another_are_refused() {
        assert_eq!(
            error(&[("level", "5"), ("depth", "3")]),
            "a level sets the depth: give a level or a depth, not both"
        );
        assert_eq!(
            error(&[("confidence", "95"), ("level", "5")]),
            "a level sets the confidence: give a level or a confidence, not both"
        );
        assert_eq!(
            error(&[("exact", "true"), ("wld", "true")]),
            "exact and wld exclude each other"
        );
        for other in Setting::STOPPING {
            let value = if matches!(other, Setting::Exact | Setting::Wld) {
                "true"
            } else {
                "5"
            };
            let message = error(&[("clock-ms", "1000"), (other.name(), value)]);
            assert!(
                message.starts_with(&format!("clock-ms and {} exclude each other", other.name())),
                "{message}"
            );
        }
        assert!(read(&[("clock-ms", "1000"), ("confidence", "95")]).is_ok());
        assert_eq!(
            error(&[("increment-ms", "100")]),
            "increment-ms needs clock-ms (the time left on the clock)"
        );
        let clock = read(&[("increment-ms", "100"), ("clock-ms", "60000")])
            .unwrap()
            .clock;
        assert_eq!(
            clock,
            Some(GameClock {
                remaining_ms: 60000.0,
                increment_ms: 100.0
            })
        );
    }

    #[test]
    fn timed_searches_are_selective_unless_told_otherwise() {
        let timed = probcut::selectivity(TIMED_CONFIDENCE).unwrap();
        let selectivity = |pairs: &[(&str, &str)]| read(pairs).unwrap().limits.selectivity;
        assert_eq!(selectivity(&[("time-ms", "100")]), timed);
        assert_eq!(selectivity(&[("clock-ms", "60000")]), timed);
        assert_eq!(selectivity(&[("depth", "8"), ("time-ms", "100")]), timed);
        // A confidence or a level given says otherwise, in any order.
        let none = [("confidence", "100"), ("time-ms", "100")];
        assert_eq!(selectivity(&none), 0);
        let given = [("time-ms", "100"), ("confidence", "95")];
        assert_eq!(selectivity(&given), probcut::selectivity(95).unwrap());
        let level = [("time-ms", "100"), ("level", "3")];
        assert_eq!(selectivity(&level), 0);
        // Searches stopped by a depth or nodes alone stay as they were.
        assert_eq!(selectivity(&[("depth", "8")]), 0);
        assert_eq!(selectivity(&[("nodes", "1000")]), 0);
    }

    /// Reads `tiny` as a book file of one position (the start, its leaf
    /// f5 at +7), `damaged` as bytes that are not a book, and nothing else.
    fn book_files(path: &str) -> std::io::Result<Vec<u8>> {
        use crate::board::Board;
        use crate::book::{file, Book, Leaf};
        use crate::square::Square;
        let f5: Square = "f5".parse().expect("a square");
        let child = crate::symmetry::canonical(&Board::START.play(f5).expect("legal"));
        match path {
            "tiny" => Ok(file::write_book(&Book::from_leaves([(
                Board::START,
                Some(Leaf { child, score: 7 }),
            )]))),
            "damaged" => Ok(b"OTHBOOK".to_vec()),
            _ => Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{path}: no such file"),
            )),
        }
    }

    #[test]
    fn a_book_file_is_read_by_front_ends_that_read_files() {
        let read_with_files = |pairs: &[(&str, &str)]| {
            read_with(OptionsReader::new(words).with_tables(book_files), pairs)
        };
        let choice = read_with_files(&[("book", "file:tiny"), ("book-variety", "3")])
            .unwrap()
            .book
            .expect("the book is on");
        assert_eq!(choice.variety, 3);
        let book = choice.book();
        assert_eq!(book.len(), 1);
        assert_eq!(book.entry(&crate::board::Board::START).unwrap().value, 7);
        // Turned off after it, the book is off.
        let off = read_with_files(&[("book", "file:tiny"), ("book", "false")]).unwrap();
        assert_eq!(off.book, None);
        let refused = |pairs: &[(&str, &str)]| read_with_files(pairs).unwrap_err().to_string();
        assert_eq!(
            refused(&[("book", "file:missing")]),
            "book file:missing: missing: no such file"
        );
        assert_eq!(
            refused(&[("book", "file:damaged")]),
            "book file:damaged: book file too short: 7 bytes, the header alone is 30"
        );
        assert_eq!(
            error(&[("book", "file:tiny")]),
            "book file:tiny: book files are read by the native tools only"
        );
    }

    #[test]
    fn the_book_is_on_unless_turned_off_in_any_order() {
        assert_eq!(read(&[]).unwrap().book, Some(BookChoice::default()));
        let choice = Some(BookChoice {
            variety: 2,
            seed: 9,
            file: None,
        });
        let pairs = [("book-variety", "2"), ("book-seed", "9")];
        assert_eq!(read(&pairs).unwrap().book, choice);
        let off = [("book-seed", "9"), ("book", "false"), ("book-variety", "2")];
        assert_eq!(read(&off).unwrap().book, None);
        let on_again = [
            ("book", "false"),
            ("book", "true"),
            ("book-variety", "2"),
            ("book-seed", "9"),
        ];
        assert_eq!(read(&on_again).unwrap().book, choice);
        assert_eq!(
            error(&[("book-variety", "65")]),
            "book-variety must be a whole number from 0 to 64, got 65"
        );
        assert_eq!(
            error(&[("book", "maybe")]),
            "book must be true or false, got 'maybe'"
        );
    }

    #[test]
    fn a_search_without_limits_gets_the_default_level() {
        let none = read(&[]).unwrap();
        assert!(!none.stops());
        let bounded = none.or_default_level();
        assert!(bounded.stops());
        assert_eq!(bounded.limits, Level::new(DEFAULT_LEVEL).unwrap().limits());
        assert_eq!(bounded.book, Some(BookChoice::default()));
        let selective = read(&[("confidence", "87")]).unwrap().or_default_level();
        assert_eq!(
            selective.limits.selectivity,
            probcut::selectivity(87).unwrap()
        );
        let exact = read(&[("exact", "true")]).unwrap();
        assert_eq!(exact.or_default_level(), exact);
    }

    #[test]
    fn unknown_names_list_what_the_front_end_has() {
        let reader = OptionsReader::new(flags);
        let known = [Setting::Depth, Setting::TimeMs, Setting::Exact];
        assert_eq!(
            reader.unknown("--fast", &known).to_string(),
            "unknown option '--fast' (expected --depth, --time-ms or --exact)"
        );
    }

    #[test]
    fn an_analysis_takes_no_clock() {
        let clocked = read(&[("clock-ms", "1000")]).unwrap();
        assert!(clocked
            .analysis_limits(words)
            .unwrap_err()
            .to_string()
            .starts_with("analyze does not take a clock-ms"));
        assert!(read(&[]).unwrap().analysis_limits(words).is_ok());
    }
}
