//! Player specs: the strings that name a player in the API, the CLIs and
//! the page (`random`, `maximizer:<eval>`, `minimax:<depth>:<eval>`,
//! `alphabeta:<depth>:<eval>`, `iago:<depth>`, `bill:<depth>`,
//! `study-minimax|study-alphabeta|study-negascout:<difficulty>`,
//! `study-rules:<difficulty>[:<rules>]`,
//! `engine:<key=value,...>`).

use std::fmt;

use super::paip_eval::PaipEval;
use super::study::{self, Program, StudyPlayer};
use super::study_rules::RuleSet;
use crate::search::probcut;
use crate::settings::{
    self, OptionError, OptionsReader, SearchOptions, Setting, TableReader, Value,
};

/// Deepest `minimax` search a spec may ask for (full width: 10^depth boards).
pub const MAX_MINIMAX_DEPTH: u32 = 8;
/// Deepest `alphabeta`, `iago` or `bill` search a spec may ask for.
pub const MAX_SEED_DEPTH: u32 = 12;
/// Transposition table of an `engine:` player unless `table-mb` says otherwise.
pub const DEFAULT_ENGINE_TABLE_MB: usize = 16;

/// The settings an `engine:` spec may give, in the order messages list them
/// (the tools' `game` and `match` take the same as flags for engine sides).
pub const ENGINE_SETTINGS: [Setting; 14] = [
    Setting::Depth,
    Setting::TimeMs,
    Setting::Nodes,
    Setting::Evaluation,
    Setting::TableMb,
    Setting::Confidence,
    Setting::Level,
    Setting::ExactFrom,
    Setting::WldFrom,
    Setting::SelectiveFrom,
    Setting::Book,
    Setting::BookVariety,
    Setting::BookSeed,
    Setting::Threads,
];

/// Milliseconds a move of an `engine:` player takes when nothing else says
/// when its search stops.
pub const DEFAULT_ENGINE_TIME_MS: f64 = 100.0;

/// Reads an `engine:` spec's `key=value` pairs separated by commas (`depth`,
/// `time-ms`, `nodes`, `eval`, `table-mb`, `confidence`, `level`,
/// `exact-from`, `wld-from`, `selective-from`; a later pair overrides an earlier one of the same key); no
/// limit at all means `time-ms=100`, no `table-mb` means
/// [`DEFAULT_ENGINE_TABLE_MB`]. `tables` reads `eval=file:<path>` tables
/// where the caller can read files.
pub fn read_engine_options(
    text: &str,
    tables: Option<TableReader>,
) -> Result<SearchOptions, SpecProblem> {
    let mut reader = OptionsReader::new(settings::words);
    if let Some(tables) = tables {
        reader = reader.with_tables(tables);
    }
    for pair in text.split(',').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| SpecProblem::NotKeyValue {
                pair: pair.to_string(),
            })?;
        let setting = Setting::named(key)
            .filter(|setting| ENGINE_SETTINGS.contains(setting))
            .ok_or_else(|| reader.unknown(key, &ENGINE_SETTINGS))?;
        reader.read(setting, Value::Word(value))?;
    }
    // Timed by default (a match or a game on a clock replaces the time),
    // read as a time so that the reader's rules for timed searches apply.
    if !reader.stops() {
        reader.read(Setting::TimeMs, Value::Number(DEFAULT_ENGINE_TIME_MS))?;
    }
    let mut options = reader.finish()?;
    options.table_mb.get_or_insert(DEFAULT_ENGINE_TABLE_MB);
    Ok(options)
}

/// The options of an `engine:` spec written back as `key=value` pairs.
pub fn write_engine_options(options: &SearchOptions) -> String {
    let limits = &options.limits;
    let mut pairs = Vec::new();
    if let Some(depth) = limits.depth {
        pairs.push(format!("depth={depth}"));
    }
    if let Some(ms) = limits.time_ms {
        pairs.push(format!("time-ms={ms}"));
    }
    if let Some(nodes) = limits.nodes {
        pairs.push(format!("nodes={nodes}"));
    }
    pairs.push(format!("eval={}", options.evaluation.name()));
    // A spec stopped by a time, or by nothing (a default time, or a game
    // clock), is selective unless told (`settings::TIMED_CONFIDENCE`), so
    // its confidence is written even when it is 100.
    let timed = limits.time_ms.is_some() || (limits.depth.is_none() && limits.nodes.is_none());
    if limits.selectivity != 0 || timed {
        pairs.push(format!(
            "confidence={}",
            probcut::confidence(limits.selectivity)
        ));
    }
    if let Some(empties) = limits.exact_from {
        pairs.push(format!("exact-from={empties}"));
    }
    if let Some(empties) = limits.wld_from {
        pairs.push(format!("wld-from={empties}"));
    }
    if let Some(empties) = limits.selective_from {
        pairs.push(format!("selective-from={empties}"));
    }
    match options.table_mb {
        Some(mb) if mb != DEFAULT_ENGINE_TABLE_MB => pairs.push(format!("table-mb={mb}")),
        _ => {}
    }
    match options.threads {
        Some(threads) if threads != 1 => pairs.push(format!("threads={threads}")),
        _ => {}
    }
    // The book is on unless a spec says otherwise.
    match options.book {
        None => pairs.push("book=false".to_string()),
        Some(choice) => {
            if let Some(file) = choice.file {
                pairs.push(format!("book={}", file.name));
            }
            if choice.variety != 0 {
                pairs.push(format!("book-variety={}", choice.variety));
            }
            if choice.seed != 0 {
                pairs.push(format!("book-seed={}", choice.seed));
            }
        }
    }
    pairs.join(",")
}

/// What is wrong with a spec.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecProblem {
    /// No player has this name.
    UnknownPlayer {
        /// The name given.
        name: String,
    },
    /// The spec does not have its player's form.
    Form {
        /// The form expected (`iago:<depth>`).
        expected: &'static str,
    },
    /// A search depth out of range.
    Depth(OptionError),
    /// A study program's difficulty out of range.
    Difficulty(OptionError),
    /// Rules the rule-based study program does not know.
    UnknownRules {
        /// The rules given.
        name: String,
    },
    /// A PAIP evaluation no player has.
    UnknownEvaluation {
        /// The name given.
        name: String,
    },
    /// An `engine:` option that is not `key=value`.
    NotKeyValue {
        /// The text between commas.
        pair: String,
    },
    /// An `engine:` option refused.
    Option(OptionError),
}

impl std::error::Error for SpecProblem {}

impl From<OptionError> for SpecProblem {
    fn from(error: OptionError) -> Self {
        SpecProblem::Option(error)
    }
}

impl fmt::Display for SpecProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecProblem::UnknownPlayer { name } => {
                write!(f, "unknown player '{name}' (expected {FORMS})")
            }
            SpecProblem::Form { expected } => write!(f, "expected {expected}"),
            SpecProblem::Depth(error)
            | SpecProblem::Difficulty(error)
            | SpecProblem::Option(error) => write!(f, "{error}"),
            SpecProblem::UnknownEvaluation { name } => write!(
                f,
                "unknown evaluation '{name}' (expected {})",
                PaipEval::NAMES
            ),
            SpecProblem::NotKeyValue { pair } => write!(f, "option '{pair}' is not key=value"),
            SpecProblem::UnknownRules { name } => {
                let names: Vec<&str> = RuleSet::NAMED.iter().map(|(_, n)| *n).collect();
                write!(
                    f,
                    "unknown rules '{name}' (expected rule names joined by '+': {})",
                    names.join(", ")
                )
            }
        }
    }
}

/// A spec that cannot be read: the spec and what is wrong with it.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecError {
    /// The spec as given.
    pub spec: String,
    /// What is wrong.
    pub problem: SpecProblem,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player spec '{}': {}", self.spec, self.problem)
    }
}

impl std::error::Error for SpecError {}

/// A player as a spec names it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spec {
    /// A uniformly random legal move.
    Random,
    /// PAIP's one-ply `maximizer`.
    Maximizer(PaipEval),
    /// PAIP's full-width `minimax-searcher` to a depth.
    Minimax(u32, PaipEval),
    /// PAIP's `alpha-beta-searcher` to a depth.
    AlphaBeta(u32, PaipEval),
    /// PAIP's `Iago`: `alpha-beta-searcher3` with the Iago evaluation.
    Iago(u32),
    /// `alpha-beta-searcher3` with BILL's evaluation.
    Bill(u32),
    /// A program of the 2001 alpha-beta study at a difficulty (1-5).
    Study(StudyPlayer),
    /// The main engine, with the options of its searches.
    Engine(SearchOptions),
}

/// The forms a spec can take, for error messages.
const FORMS: &str = "random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>, iago:<depth>, bill:<depth>, study-minimax:<difficulty>, study-alphabeta:<difficulty>, study-negascout:<difficulty>, study-rules:<difficulty>[:<rules>] or engine:<key=value,...>";

impl Spec {
    /// Whether `name` (a spec's text before its first `:`) names a player:
    /// `random`, `maximizer`, ..., `engine`.
    pub fn is_player_name(name: &str) -> bool {
        [
            "random",
            "maximizer",
            "minimax",
            "alphabeta",
            "iago",
            "bill",
            "engine",
        ]
        .contains(&name)
            || Program::from_spec_name(name).is_some()
    }

    /// Reads a spec; the error quotes the spec and says what is wrong.
    /// `engine:eval=file:<path>` is refused (see [`Spec::parse_with_tables`]).
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        Spec::parse_with_tables(text, None)
    }

    /// Reads a spec whose `engine:eval=file:<path>` tables are read by `tables`.
    pub fn parse_with_tables(text: &str, tables: Option<TableReader>) -> Result<Spec, SpecError> {
        Spec::parse_parts(text, tables).map_err(|problem| SpecError {
            spec: text.to_string(),
            problem,
        })
    }

    fn parse_parts(text: &str, tables: Option<TableReader>) -> Result<Spec, SpecProblem> {
        let parts: Vec<&str> = text.split(':').collect();
        let depth = |part: &str, max: u32| {
            part.parse::<u32>()
                .ok()
                .filter(|depth| (1..=max).contains(depth))
                .ok_or_else(|| {
                    SpecProblem::Depth(OptionError::NotWhole {
                        name: Setting::Depth.name().to_string(),
                        min: 1,
                        max: u64::from(max),
                        got: Value::Word(part).shown(),
                    })
                })
        };
        let arity = |count: usize, expected: &'static str| {
            if parts.len() == count {
                Ok(())
            } else {
                Err(SpecProblem::Form { expected })
            }
        };
        let difficulty = |part: &str| {
            part.parse::<u32>()
                .ok()
                .filter(|d| study::DIFFICULTIES.contains(d))
                .ok_or_else(|| {
                    SpecProblem::Difficulty(OptionError::NotWhole {
                        name: "difficulty".to_string(),
                        min: u64::from(*study::DIFFICULTIES.start()),
                        max: u64::from(*study::DIFFICULTIES.end()),
                        got: Value::Word(part).shown(),
                    })
                })
        };
        let eval = |name: &str| {
            PaipEval::from_name(name).ok_or_else(|| SpecProblem::UnknownEvaluation {
                name: name.to_string(),
            })
        };
        match parts[0] {
            "random" => arity(1, "random").map(|()| Spec::Random),
            "maximizer" => {
                arity(2, "maximizer:<eval>")?;
                Ok(Spec::Maximizer(eval(parts[1])?))
            }
            "minimax" => {
                arity(3, "minimax:<depth>:<eval>")?;
                let depth = depth(parts[1], MAX_MINIMAX_DEPTH)?;
                Ok(Spec::Minimax(depth, eval(parts[2])?))
            }
            "alphabeta" => {
                arity(3, "alphabeta:<depth>:<eval>")?;
                let depth = depth(parts[1], MAX_SEED_DEPTH)?;
                Ok(Spec::AlphaBeta(depth, eval(parts[2])?))
            }
            "iago" => {
                arity(2, "iago:<depth>")?;
                Ok(Spec::Iago(depth(parts[1], MAX_SEED_DEPTH)?))
            }
            "bill" => {
                arity(2, "bill:<depth>")?;
                Ok(Spec::Bill(depth(parts[1], MAX_SEED_DEPTH)?))
            }
            "engine" => {
                let options = text.strip_prefix("engine").unwrap_or_default();
                let options = options.strip_prefix(':').unwrap_or(options);
                Ok(Spec::Engine(read_engine_options(options, tables)?))
            }
            other => match Program::from_spec_name(other) {
                Some(program) => {
                    let rules_named = program == Program::Rules && parts.len() == 3;
                    if !rules_named {
                        arity(2, program.form())?;
                    }
                    let mut player = StudyPlayer::new(program, difficulty(parts[1])?);
                    if rules_named {
                        player.rules =
                            RuleSet::parse(parts[2]).ok_or_else(|| SpecProblem::UnknownRules {
                                name: parts[2].to_string(),
                            })?;
                    }
                    Ok(Spec::Study(player))
                }
                None => Err(SpecProblem::UnknownPlayer {
                    name: other.to_string(),
                }),
            },
        }
    }
}

impl fmt::Display for Spec {
    /// The canonical spec string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::Random => f.write_str("random"),
            Spec::Maximizer(eval) => write!(f, "maximizer:{}", eval.name()),
            Spec::Minimax(depth, eval) => write!(f, "minimax:{depth}:{}", eval.name()),
            Spec::AlphaBeta(depth, eval) => write!(f, "alphabeta:{depth}:{}", eval.name()),
            Spec::Iago(depth) => write!(f, "iago:{depth}"),
            Spec::Bill(depth) => write!(f, "bill:{depth}"),
            Spec::Study(player) => write!(f, "{player}"),
            Spec::Engine(options) => write!(f, "engine:{}", write_engine_options(options)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        Spec::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn specs_read_and_write_back() {
        for text in [
            "random",
            "maximizer:mobility",
            "minimax:3:count-difference",
            "alphabeta:4:weighted-squares",
            "alphabeta:2:modified-weighted-squares",
            "iago:3",
            "bill:4",
            "study-minimax:1",
            "study-alphabeta:3",
            "study-negascout:5",
            "study-rules:2",
            "study-rules:4:take-corners+take-edges",
            "engine:depth=6,eval=standin",
            "engine:nodes=100000,eval=pattern",
            "engine:time-ms=50,eval=pattern,confidence=100",
            "engine:time-ms=50,eval=pattern,confidence=73",
        ] {
            assert_eq!(Spec::parse(text).unwrap().to_string(), text);
        }
        // Timed by default, and so selective.
        assert_eq!(
            Spec::parse("engine:").unwrap().to_string(),
            "engine:time-ms=100,eval=pattern,confidence=95"
        );
        assert_eq!(
            Spec::parse("engine:time-ms=50").unwrap().to_string(),
            "engine:time-ms=50,eval=pattern,confidence=95"
        );
        // On a game clock (no time per move) a full-width engine says so.
        let mut clocked = read_engine_options("confidence=100", None).unwrap();
        clocked.limits.time_ms = None;
        let written = write_engine_options(&clocked);
        assert_eq!(written, "eval=pattern,confidence=100");
        assert_eq!(
            read_engine_options(&written, None)
                .unwrap()
                .limits
                .selectivity,
            0
        );
        assert_eq!(
            Spec::parse("engine").unwrap(),
            Spec::parse("engine:").unwrap()
        );
    }

    #[test]
    fn a_book_file_is_written_back_with_its_name() {
        // Any path reads as the embedded book's bytes.
        fn files(_path: &str) -> std::io::Result<Vec<u8>> {
            Ok(crate::book::file::EMBEDDED.to_vec())
        }
        let text = "engine:depth=6,eval=pattern,book=file:/tmp/old.bin,book-variety=2";
        let spec = Spec::parse_with_tables(text, Some(files)).unwrap();
        assert_eq!(spec.to_string(), text);
        let Spec::Engine(options) = spec else {
            panic!("an engine spec");
        };
        let choice = options.book.expect("the book is on");
        assert_eq!(
            choice.file.map(|f| f.name.as_str()),
            Some("file:/tmp/old.bin")
        );
        assert_eq!(choice.book().len(), crate::book::Book::embedded().len());
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        assert_eq!(
            error("alphabeta:x:mobility"),
            "player spec 'alphabeta:x:mobility': depth must be a whole number from 1 to 12, got 'x'"
        );
        assert_eq!(
            error("alphabeta:0:mobility"),
            "player spec 'alphabeta:0:mobility': depth must be a whole number from 1 to 12, got 0"
        );
        assert_eq!(
            error("minimax:9:mobility"),
            "player spec 'minimax:9:mobility': depth must be a whole number from 1 to 8, got 9"
        );
        assert!(error("maximizer:weighted").contains("unknown evaluation 'weighted'"));
        assert_eq!(error("iago"), "player spec 'iago': expected iago:<depth>");
        assert_eq!(error("random:3"), "player spec 'random:3': expected random");
        assert_eq!(
            error("study-rules:6"),
            "player spec 'study-rules:6': difficulty must be a whole number from 1 to 5, got 6"
        );
        assert_eq!(
            Spec::parse("study-rules:2:keep-corners+take-corners")
                .unwrap()
                .to_string(),
            "study-rules:2"
        );
        assert_eq!(
            error("study-rules:2:edges"),
            "player spec 'study-rules:2:edges': unknown rules 'edges' (expected rule names joined by '+': take-corners, keep-corners, take-edges, keep-edges)"
        );
        assert_eq!(
            error("study-alphabeta:2:take-corners"),
            "player spec 'study-alphabeta:2:take-corners': expected study-alphabeta:<difficulty>"
        );
        assert_eq!(
            error("study-negascout"),
            "player spec 'study-negascout': expected study-negascout:<difficulty>"
        );
        assert!(error("gnubg")
            .starts_with("player spec 'gnubg': unknown player 'gnubg' (expected random,"));
        assert_eq!(
            error("engine:depth=6,speed=9"),
            "player spec 'engine:depth=6,speed=9': unknown option 'speed' (expected depth, time-ms, nodes, eval, table-mb, confidence, level, exact-from, wld-from, selective-from, book, book-variety, book-seed or threads)"
        );
        assert_eq!(
            error("engine:depth=6,level=3"),
            "player spec 'engine:depth=6,level=3': a level sets the depth: give a level or a depth, not both"
        );
        assert_eq!(
            error("engine:eval=neural"),
            "player spec 'engine:eval=neural': unknown evaluation 'neural' (expected pattern or standin)"
        );
        assert_eq!(
            Spec::parse("engine:level=31").unwrap_err().problem,
            SpecProblem::Option(OptionError::NotWhole {
                name: "level".into(),
                min: 1,
                max: 30,
                got: "31".into()
            })
        );
        assert_eq!(
            error("engine:depth"),
            "player spec 'engine:depth': option 'depth' is not key=value"
        );
        assert_eq!(
            error("engine:time-ms=-5"),
            "player spec 'engine:time-ms=-5': time-ms must be a positive number of milliseconds, got -5"
        );
        assert_eq!(
            error(""),
            format!("player spec '': unknown player '' (expected {FORMS})")
        );
    }
}
