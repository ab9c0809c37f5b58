//! The numbers the package checks its arguments against, defined once: the
//! engines' ranges, and the boundary's own (what a JS number holds
//! exactly). `pkg/limits.js` is written from them, so that the JS facade
//! and the worker client check the same numbers without a copy of their
//! own, and before any wasm is loaded (the client checks its options in its
//! constructor, before its worker exists); a test here writes the module
//! again and fails when the committed file differs
//! (`OTHELLO_WRITE_LIMITS=1 cargo test -p othello-wasm limits` writes it).

use std::ops::RangeInclusive;

use othello::settings::MAX_EXACT_WHOLE;
use othello_board96::engine as engine96;

/// The largest whole number that is exact in a JS number with every whole
/// number below it (2^53 - 1, `Number.MAX_SAFE_INTEGER`), as a JS number.
pub const MAX_SAFE_NUMBER: f64 = MAX_EXACT_WHOLE as f64;

/// The perft depths whose counts a JS number holds exactly: perft(13) is
/// 1,568,758,030,464,750 (below 2^53), perft(14) 9,795,914,085,489,952
/// (above). The command line counts deeper.
pub const PERFT_DEPTHS: RangeInclusive<u32> = 0..=13;

/// The depths of a search on the 96-square board.
pub const DEPTHS_96: RangeInclusive<u32> = 1..=engine96::MAX_DEPTH;

/// The seeds of `playerMove`: every whole number a JS number holds exactly.
pub const SEEDS: RangeInclusive<u64> = 0..=MAX_EXACT_WHOLE;

#[cfg(test)]
mod tests {
    use super::*;
    use othello::engine::DEFAULT_TABLE_MB;
    use othello::search::{level, probcut};
    use othello::settings;

    /// One export of `pkg/limits.js`: its name, its doc comment, its value as JS.
    struct Export {
        name: &'static str,
        doc: &'static str,
        value: String,
    }

    /// A range as the JS module has it: `{ min, max }`.
    fn range<T: std::fmt::Display>(range: &RangeInclusive<T>) -> String {
        format!(
            "Object.freeze({{ min: {}, max: {} }})",
            range.start(),
            range.end()
        )
    }

    /// What `pkg/limits.js` exports.
    fn exports() -> Vec<Export> {
        let confidences: Vec<String> = probcut::CONFIDENCES
            .iter()
            .map(|(percent, _)| percent.to_string())
            .collect();
        vec![
            Export {
                name: "TABLE_MB",
                doc: "Transposition table sizes in MiB (a size the wasm memory cannot hold is refused when the table is allocated).",
                value: range(&settings::TABLE_MB),
            },
            Export {
                name: "DEFAULT_TABLE_MB",
                doc: "The transposition table's size in MiB when none is given.",
                value: DEFAULT_TABLE_MB.to_string(),
            },
            Export {
                name: "THREADS",
                doc: "The threads a search may be given.",
                value: range(&settings::THREADS),
            },
            Export {
                name: "DEPTHS",
                doc: "The depths of a search on the 8x8 board.",
                value: range(&settings::DEPTHS),
            },
            Export {
                name: "LEVELS",
                doc: "The playing levels of the 8x8 engine.",
                value: range(&level::LEVELS),
            },
            Export {
                name: "CONFIDENCES",
                doc: "The confidences in percent of the selective search, surest first.",
                value: format!("Object.freeze([{}])", confidences.join(", ")),
            },
            Export {
                name: "LINES",
                doc: "The best moves an analysis may give with their lines (analyze's `lines`).",
                value: range(&settings::LINES),
            },
            Export {
                name: "BOOK_VARIETY",
                doc: "How many discs from the best a book move may be.",
                value: range(&settings::BOOK_VARIETY),
            },
            Export {
                name: "DEPTHS_96",
                doc: "The depths of a search on the 96-square board.",
                value: range(&DEPTHS_96),
            },
            Export {
                name: "PERFT_DEPTHS",
                doc: "The perft depths whose counts a JS number holds exactly (deeper counts pass 2^53).",
                value: range(&PERFT_DEPTHS),
            },
            Export {
                name: "SEEDS",
                doc: "The seeds of playerMove: whole numbers up to 2^53 - 1.",
                value: range(&SEEDS),
            },
        ]
    }

    /// `pkg/limits.js`, as written from the numbers above.
    pub fn js_module() -> String {
        let mut text = String::from(
            "// The numbers the package checks its arguments against, as the engine\n\
             // defines them (crates/wasm/src/limits.rs): written from them by\n\
             // `OTHELLO_WRITE_LIMITS=1 cargo test -p othello-wasm limits`, and\n\
             // `cargo test` fails when this file differs. Not to be edited by hand.\n",
        );
        for export in exports() {
            text.push_str(&format!(
                "\n/** {} */\nexport const {} = {};\n",
                export.doc, export.name, export.value
            ));
        }
        text
    }

    #[test]
    fn pkg_limits_js_is_written_from_these_numbers() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../pkg/limits.js");
        let written = js_module();
        if std::env::var_os("OTHELLO_WRITE_LIMITS").is_some() {
            std::fs::write(path, &written).expect("pkg/limits.js written");
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == written,
            "pkg/limits.js differs from the numbers of crates/wasm/src/limits.rs: \
             OTHELLO_WRITE_LIMITS=1 cargo test -p othello-wasm limits writes it"
        );
    }

    #[test]
    fn the_deepest_perft_fits_a_js_number_and_one_deeper_does_not() {
        // perft(13) and perft(14) of the start position (convention A).
        let (fits, passes) = (1_568_758_030_464_750_u64, 9_795_914_085_489_952_u64);
        assert_eq!(*PERFT_DEPTHS.end(), 13);
        assert!(fits <= MAX_EXACT_WHOLE && passes > MAX_EXACT_WHOLE);
        assert_eq!(MAX_SAFE_NUMBER, 9_007_199_254_740_991.0);
    }
}
