// The numbers the package checks its arguments against, as the engine
// defines them (crates/wasm/src/limits.rs): written from them by
// `OTHELLO_WRITE_LIMITS=1 cargo test -p othello-wasm limits`, and
// `cargo test` fails when this file differs. Not to be edited by hand.

/** Transposition table sizes in MiB (a size the wasm memory cannot hold is refused when the table is allocated). */
export const TABLE_MB = Object.freeze({ min: 1, max: 4096 });

/** The transposition table's size in MiB when none is given. */
export const DEFAULT_TABLE_MB = 32;

/** The threads a search may be given. */
export const THREADS = Object.freeze({ min: 1, max: 64 });

/** The depths of a search on the 8x8 board. */
export const DEPTHS = Object.freeze({ min: 1, max: 60 });

/** The playing levels of the 8x8 engine. */
export const LEVELS = Object.freeze({ min: 1, max: 30 });

/** The confidences in percent of the selective search, surest first. */
export const CONFIDENCES = Object.freeze([100, 99, 98, 95, 87, 73]);

/** The best moves an analysis may give with their lines (analyze's `lines`). */
export const LINES = Object.freeze({ min: 1, max: 5 });

/** How many discs from the best a book move may be. */
export const BOOK_VARIETY = Object.freeze({ min: 0, max: 64 });

/** The depths of a search on the 96-square board. */
export const DEPTHS_96 = Object.freeze({ min: 1, max: 30 });

/** The perft depths whose counts a JS number holds exactly (deeper counts pass 2^53). */
export const PERFT_DEPTHS = Object.freeze({ min: 0, max: 13 });

/** The seeds of playerMove: whole numbers up to 2^53 - 1. */
export const SEEDS = Object.freeze({ min: 0, max: 9007199254740991 });
