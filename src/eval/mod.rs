//! The static evaluation, in discs from the side to move's point of view.
//!
//! Two evaluations share one interface: the learned pattern evaluation
//! (seed 001, Buro) that the engine plays with, and the hand-weighted
//! stand-in of the search issue, kept as a yardstick for matches.

pub mod codec;
pub mod patterns;
pub mod standin;
pub mod table_file;
pub mod weights;

/// Largest magnitude an evaluation returns: a guess never claims a perfect score.
pub const MAX_EVAL: i32 = 63;

use std::sync::OnceLock;

use crate::board::Board;
use weights::Weights;

/// The pattern table file built into the engine (written by `othello train fit`).
const PATTERN_TABLE: &[u8] = include_bytes!("pattern.bin");

static PATTERN_WEIGHTS: OnceLock<Weights> = OnceLock::new();

/// Reads a pattern table file: checks its header against this build's
/// pattern set and scale, then expands the weights.
pub fn load_table(bytes: &[u8]) -> Result<Weights, String> {
    let (header, values) = table_file::read_table_file(bytes).map_err(|e| e.to_string())?;
    let expected = weights::table_header(header.stages as usize);
    if header.pattern_set != expected.pattern_set {
        return Err(format!(
            "evaluation table: pattern set {:08x}, this build uses {:08x}",
            header.pattern_set, expected.pattern_set
        ));
    }
    if header.scale != expected.scale || header.weights_per_stage != expected.weights_per_stage {
        return Err("evaluation table: scale or stage size differs from this build".to_string());
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
pub struct TableFile {
    /// `file:<path>`, as it was asked for.
    pub name: String,
    /// The table's weights.
    pub weights: Weights,
}

impl std::fmt::Debug for TableFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TableFile({})", self.name)
    }
}

impl PartialEq for TableFile {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for TableFile {}

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

    /// The evaluation called `name`, or a message listing the names.
    /// `file:<path>` reads a table file (native builds only); it is kept
    /// for the rest of the process.
    pub fn from_name(name: &str) -> Result<Evaluation, String> {
        if let Some(path) = name.strip_prefix("file:") {
            return read_table_file(path).map(|weights| {
                Evaluation::File(Box::leak(Box::new(TableFile {
                    name: name.to_string(),
                    weights,
                })))
            });
        }
        Evaluation::ALL
            .into_iter()
            .find(|evaluation| evaluation.name() == name)
            .ok_or_else(|| format!("unknown evaluation '{name}' (expected {EVALUATION_NAMES})"))
    }

    /// The value of `board` for the side to move, in discs, within `-MAX_EVAL..=MAX_EVAL`.
    #[inline]
    pub fn evaluate(self, board: &Board) -> i32 {
        match self {
            Evaluation::Pattern => pattern_weights().evaluate(board),
            Evaluation::StandIn => standin::evaluate(board),
            Evaluation::File(table) => table.weights.evaluate(board),
        }
    }
}

/// The evaluations a name can ask for, as error messages list them.
#[cfg(not(target_arch = "wasm32"))]
const EVALUATION_NAMES: &str = "pattern, standin or file:<path>";
#[cfg(target_arch = "wasm32")]
const EVALUATION_NAMES: &str = "pattern or standin";

/// The weights of the table file at `path`.
#[cfg(not(target_arch = "wasm32"))]
fn read_table_file(path: &str) -> Result<Weights, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("evaluation file {path}: {e}"))?;
    load_table(&bytes).map_err(|e| format!("evaluation file {path}: {e}"))
}

#[cfg(target_arch = "wasm32")]
fn read_table_file(path: &str) -> Result<Weights, String> {
    Err(format!(
        "evaluation file {path}: table files are read by the native tools only"
    ))
}

/// The default evaluation of `board` for the side to move, in discs.
pub fn evaluate(board: &Board) -> i32 {
    Evaluation::default().evaluate(board)
}

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
        assert!(load_table(&bytes).unwrap_err().contains("pattern set"));
        assert!(load_table(&write_table(1, &vec![0; count])).is_ok());
        assert!(load_table(b"OTHEVAL").is_err());
    }

    #[test]
    fn evaluations_are_named() {
        for evaluation in Evaluation::ALL {
            assert_eq!(Evaluation::from_name(evaluation.name()), Ok(evaluation));
        }
        assert!(Evaluation::from_name("best")
            .unwrap_err()
            .contains("'best'"));
    }

    #[test]
    fn a_table_file_evaluates_as_its_weights() {
        let path = std::env::temp_dir().join(format!("othello-eval-{}.bin", std::process::id()));
        std::fs::write(&path, PATTERN_TABLE).unwrap();
        let name = format!("file:{}", path.display());
        let evaluation = Evaluation::from_name(&name).unwrap();
        std::fs::remove_file(&path).ok();
        assert_eq!(evaluation.name(), name);
        let board = Board::START.play("f5".parse().unwrap()).unwrap();
        assert_eq!(
            evaluation.evaluate(&board),
            Evaluation::Pattern.evaluate(&board)
        );
        let missing = Evaluation::from_name("file:/nonexistent/table.bin").unwrap_err();
        assert!(missing.contains("/nonexistent/table.bin"), "{missing}");
    }
}
