//! The static evaluation, in discs from the side to move's point of view.
//!
//! Two evaluations share one interface: the learned pattern evaluation
//! (Buro, "Experiments with Multi-ProbCut and a New High-Quality Evaluation
//! Function for Othello", 1997) that the engine plays with, and the
//! hand-weighted stand-in the search was first built on, kept as a yardstick
//! for matches.

pub mod codec;
pub mod patterns;
pub mod standin;
pub mod table_file;
pub mod weights;

/// Largest magnitude an evaluation returns: a guess never claims a perfect score.
pub const MAX_EVAL: i32 = 63;

use std::sync::OnceLock;

use crate::board::Board;
use crate::named_file::NamedFile;
use weights::Weights;

/// The pattern table file built into the engine (written by `othello train fit`).
const PATTERN_TABLE: &[u8] = include_bytes!("pattern.bin");

static PATTERN_WEIGHTS: OnceLock<Weights> = OnceLock::new();

/// Why a pattern table cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The file itself is damaged or of another format.
    File(table_file::TableFileError),
    /// The table was fitted for another pattern set.
    PatternSet {
        /// The fingerprint in the file.
        found: u32,
        /// This build's fingerprint.
        expected: u32,
    },
    /// The scale or the number of weights per stage differs from this build.
    Layout,
    /// The header gives no stage.
    NoStages,
    /// The payload holds another number of weights than the header says.
    WeightCount {
        /// Weights in the payload.
        found: usize,
        /// Stages in the header.
        stages: usize,
        /// Weights per stage in this build.
        per_stage: usize,
    },
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::File(error) => write!(f, "{error}"),
            TableError::PatternSet { found, expected } => write!(
                f,
                "evaluation table: pattern set {found:08x}, this build uses {expected:08x}"
            ),
            TableError::Layout => {
                f.write_str("evaluation table: scale or stage size differs from this build")
            }
            TableError::NoStages => f.write_str("evaluation table: no stages"),
            TableError::WeightCount {
                found,
                stages,
                per_stage,
            } => write!(
                f,
                "evaluation table: {found} weights for {stages} stages of {per_stage}"
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl From<table_file::TableFileError> for TableError {
    fn from(error: table_file::TableFileError) -> Self {
        TableError::File(error)
    }
}

/// Reads a pattern table file: checks its header against this build's
/// pattern set and scale, then expands the weights.
pub fn load_table(bytes: &[u8]) -> Result<Weights, TableError> {
    let (header, values) = table_file::read_table_file(bytes)?;
    let expected = weights::table_header(header.stages as usize);
    if header.pattern_set != expected.pattern_set {
        return Err(TableError::PatternSet {
            found: header.pattern_set,
            expected: expected.pattern_set,
        });
    }
    if header.scale != expected.scale || header.weights_per_stage != expected.weights_per_stage {
        return Err(TableError::Layout);
    }
    Weights::from_representatives(header.stages as usize, &values)
}

/// Writes a pattern table file of `stages` stages from the representatives' values.
pub fn write_table(stages: usize, values: &[i16]) -> Vec<u8> {
    table_file::write_table_file(&weights::table_header(stages), values)
}

/// The built-in pattern weights, decoded on first use.
pub fn pattern_weights() -> &'static Weights {
    PATTERN_WEIGHTS.get_or_init(|| {
        load_table(PATTERN_TABLE).expect("the built-in table is checked by the tests")
    })
}

/// A pattern table read from a file (native tools only), to compare tables in matches.
pub type TableFile = NamedFile<Weights>;

/// Which static evaluation a search uses at its leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// The learned pattern tables (the default).
    #[default]
    Pattern,
    /// The hand-weighted stand-in (mobility, corners, edges).
    StandIn,
    /// Another pattern table file of this build's pattern set (`file:<path>`).
    File(&'static TableFile),
}

impl Evaluation {
    /// Every evaluation, the default first.
    pub const ALL: [Evaluation; 2] = [Evaluation::Pattern, Evaluation::StandIn];

    /// `"pattern"`, `"standin"` or `"file:<path>"`, as options and the tools write it.
    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Pattern => "pattern",
            Evaluation::StandIn => "standin",
            Evaluation::File(table) => &table.name,
        }
    }

    /// The built-in evaluation called `name` (`pattern` or `standin`).
    /// A table file is read by the caller and given to
    /// [`Evaluation::from_table`]; a `file:<path>` name given here is refused
    /// as one this caller cannot read.
    pub fn from_name(name: &str) -> Result<Evaluation, EvaluationError> {
        if name.starts_with(FILE_PREFIX) {
            return Err(EvaluationError::NoFiles {
                name: name.to_string(),
            });
        }
        Evaluation::ALL
            .into_iter()
            .find(|evaluation| evaluation.name() == name)
            .ok_or_else(|| EvaluationError::Unknown {
                name: name.to_string(),
                files: false,
            })
    }

    /// The evaluation of a pattern table file's bytes, named `name` (the
    /// tools use `file:<path>`); it is kept for the rest of the process.
    pub fn from_table(name: &str, bytes: &[u8]) -> Result<Evaluation, EvaluationError> {
        let weights = load_table(bytes).map_err(|error| EvaluationError::Table {
            name: name.to_string(),
            error,
        })?;
        Ok(Evaluation::File(TableFile::keep(name.to_string(), weights)))
    }

    /// The pattern weights of this evaluation (none for the stand-in).
    #[inline]
    pub fn weights(self) -> Option<&'static Weights> {
        match self {
            Evaluation::Pattern => Some(pattern_weights()),
            Evaluation::StandIn => None,
            Evaluation::File(table) => Some(&table.contents),
        }
    }

    /// The value of `board` for the side to move, in discs, within `-MAX_EVAL..=MAX_EVAL`.
    #[inline]
    pub fn evaluate(self, board: &Board) -> i32 {
        match self {
            Evaluation::Pattern => pattern_weights().evaluate(board),
            Evaluation::StandIn => standin::evaluate(board),
            Evaluation::File(table) => table.contents.evaluate(board),
        }
    }

    /// [`Evaluation::evaluate`] of a board whose number of empties and
    /// legal moves (of the side to move) the caller has already found: the
    /// same value.
    #[inline]
    pub fn evaluate_given(self, board: &Board, empties: u32, moves: u64) -> i32 {
        match self {
            Evaluation::Pattern => pattern_weights().evaluate_given(board, empties, moves),
            Evaluation::StandIn => standin::evaluate(board),
            Evaluation::File(table) => table.contents.evaluate_given(board, empties, moves),
        }
    }
}

/// How a table file's evaluation is named: `file:<path>`.
pub use crate::named_file::FILE_PREFIX;

/// Why an evaluation cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvaluationError {
    /// No built-in evaluation has this name.
    Unknown {
        /// The name asked for.
        name: String,
        /// Whether the caller reads table files (`file:<path>`).
        files: bool,
    },
    /// A table file's bytes are not a table of this build.
    Table {
        /// The name it was asked for by (`file:<path>`).
        name: String,
        /// What is wrong with it.
        error: TableError,
    },
    /// The caller cannot read table files (the wasm build).
    NoFiles {
        /// The name asked for.
        name: String,
    },
    /// The table file could not be read.
    Unreadable {
        /// The name asked for.
        name: String,
        /// The reader's message.
        reason: String,
    },
}

impl std::fmt::Display for EvaluationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvaluationError::Unknown { name, files: true } => write!(
                f,
                "unknown evaluation '{name}' (expected pattern, standin or file:<path>)"
            ),
            EvaluationError::Unknown { name, files: false } => {
                write!(
                    f,
                    "unknown evaluation '{name}' (expected pattern or standin)"
                )
            }
            EvaluationError::Table { name, error } => {
                write!(f, "evaluation '{name}': {error}")
            }
            EvaluationError::NoFiles { name } => write!(
                f,
                "evaluation '{name}': table files are read by the native tools only"
            ),
            EvaluationError::Unreadable { name, reason } => {
                write!(f, "evaluation '{name}': {reason}")
            }
        }
    }
}

impl std::error::Error for EvaluationError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_loads() {
        let weights = load_table(PATTERN_TABLE).unwrap();
        // The start is a draw with best play; the table knows it is close.
        assert!(weights.evaluate(&Board::START).abs() <= 3);
    }

    #[test]
    fn a_table_of_another_pattern_set_is_refused() {
        let mut header = weights::table_header(1);
        header.pattern_set ^= 1;
        let count = header.weights_per_stage as usize;
        let bytes = table_file::write_table_file(&header, &vec![0; count]);
        assert_eq!(
            load_table(&bytes).unwrap_err(),
            TableError::PatternSet {
                found: header.pattern_set,
                expected: header.pattern_set ^ 1
            }
        );
        assert!(load_table(&write_table(1, &vec![0; count])).is_ok());
        assert!(load_table(b"OTHEVAL").is_err());
    }

    #[test]
    fn evaluations_are_named() {
        for evaluation in Evaluation::ALL {
            assert_eq!(Evaluation::from_name(evaluation.name()), Ok(evaluation));
        }
        let error = Evaluation::from_name("best").unwrap_err();
        assert_eq!(
            error,
            EvaluationError::Unknown {
                name: "best".into(),
                files: false
            }
        );
        assert_eq!(
            error.to_string(),
            "unknown evaluation 'best' (expected pattern or standin)"
        );
    }

    #[test]
    fn a_table_file_evaluates_as_its_weights() {
        let evaluation = Evaluation::from_table("file:copy.bin", PATTERN_TABLE).unwrap();
        assert_eq!(evaluation.name(), "file:copy.bin");
        let board = Board::START.play("f5".parse().unwrap()).unwrap();
        assert_eq!(
            evaluation.evaluate(&board),
            Evaluation::Pattern.evaluate(&board)
        );
        let broken = Evaluation::from_table("file:broken.bin", b"OTHEVAL").unwrap_err();
        assert!(matches!(broken, EvaluationError::Table { .. }), "{broken}");
        assert!(broken
            .to_string()
            .starts_with("evaluation 'file:broken.bin': "));
    }
}
