//! The learned weights: one table per pattern and stage, plus a parity term,
//! and the evaluation that sums them (Buro, "Experiments with Multi-ProbCut
//! and a New High-Quality Evaluation Function for Othello", 1997, section 5).
//!
//! A stage covers a few consecutive empties counts. Within a stage, the
//! weights of all patterns sit in one vector: pattern `p`'s configuration
//! `i` is at `LAYOUT.offsets[p] + i`; then come the two parity weights (even
//! and odd number of empties) and the mobility weights: one per number of
//! legal moves (0 to 31 and more) of the side to move, and of its opponent.
//! Buro's final evaluation dropped mobility, having 3 million positions;
//! with the examples here it lowers the error (see docs/evaluation.md).

use crate::board::Board;

use super::patterns::{canonical, index_lanes, indices, OCCURRENCES, OCCURRENCE_PATTERN, PATTERNS};
use super::MAX_EVAL;

/// Weight units per disc.
pub const SCALE: i32 = 64;

/// Mobility classes: 0 to 31 moves, the last one for 31 and more.
pub const MOBILITY_CLASSES: usize = 32;

/// Features of a position: the pattern occurrences, parity, and both sides' mobility.
pub const FEATURES: usize = OCCURRENCES + 3;

/// Where each pattern's table starts in a stage's weight vector.
pub struct Layout {
    /// Offset of each pattern of [`PATTERNS`].
    pub offsets: [usize; PATTERNS.len()],
    /// Offset of the two parity weights.
    pub parity: usize,
    /// Offset of the [`MOBILITY_CLASSES`] weights of the side to move's
    /// mobility, followed by as many for its opponent's.
    pub mobility: usize,
    /// Weights per stage.
    pub size: usize,
}

/// The layout of a stage's weights.
pub const LAYOUT: Layout = layout();

const fn layout() -> Layout {
    let mut offsets = [0usize; PATTERNS.len()];
    let mut next = 0;
    let mut p = 0;
    while p < PATTERNS.len() {
        offsets[p] = next;
        next += PATTERNS[p].size();
        p += 1;
    }
    Layout {
        offsets,
        parity: next,
        mobility: next + 2,
        size: next + 2 + 2 * MOBILITY_CLASSES,
    }
}

/// Offset of each occurrence's table, in the order of [`indices`] (a
/// `static`, read in place: a `const` iterated by value is copied first).
static OCCURRENCE_OFFSET: [u32; OCCURRENCE_PATTERN.len()] = occurrence_offsets();

const fn occurrence_offsets() -> [u32; OCCURRENCE_PATTERN.len()] {
    let mut out = [0u32; OCCURRENCE_PATTERN.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = LAYOUT.offsets[OCCURRENCE_PATTERN[i] as usize] as u32;
        i += 1;
    }
    out
}

/// The stage of a position with `empties` empty squares, among `stages`
/// stages of equal width from 60 empties down.
#[inline]
pub fn stage(empties: u32, stages: usize) -> usize {
    let width = 60usize.div_ceil(stages);
    ((60 - empties.min(60) as usize) / width).min(stages - 1)
}

/// Positions in a stage's weight vector of every feature of `board`: its
/// pattern occurrences, its parity weight and the two mobility weights.
#[inline]
pub fn features(board: &Board) -> [u32; FEATURES] {
    let mut out = [0u32; FEATURES];
    for (slot, (index, offset)) in indices(board).iter().zip(&OCCURRENCE_OFFSET).enumerate() {
        out[slot] = offset + index;
    }
    let globals = global_features(board, board.empty_count(), board.moves());
    for (slot, position) in out[OCCURRENCES..].iter_mut().zip(globals) {
        *slot = position as u32;
    }
    out
}

/// Positions in a stage's weight vector of the features other than the
/// patterns: parity, then the mobility of the side to move (`moves`, its
/// legal moves) and of its opponent.
#[inline]
fn global_features(board: &Board, empties: u32, moves: u64) -> [usize; 3] {
    let class = |moves: u64| (moves.count_ones() as usize).min(MOBILITY_CLASSES - 1);
    let theirs = crate::moves::legal_moves(board.opponent, board.player);
    [
        LAYOUT.parity + (empties & 1) as usize,
        LAYOUT.mobility + class(moves),
        LAYOUT.mobility + MOBILITY_CLASSES + class(theirs),
    ]
}

/// For every position of a stage vector, the position of the weight it
/// shares with its mirror configuration (itself for the representatives).
pub fn shared_positions() -> Vec<u32> {
    let mut out = Vec::with_capacity(LAYOUT.size);
    for (pattern, &offset) in PATTERNS.iter().zip(&LAYOUT.offsets) {
        out.extend(canonical(pattern).iter().map(|&c| offset as u32 + c));
    }
    out.extend((LAYOUT.parity..LAYOUT.size).map(|p| p as u32));
    out
}

/// A full set of weights: `stages` vectors of [`LAYOUT`]`.size` weights.
pub struct Weights {
    stages: usize,
    /// The stage of each number of empties (0-60), as [`stage`] gives it.
    stage_of: [u8; 61],
    weights: Vec<i16>,
}

impl std::fmt::Debug for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Weights {{ stages: {} }}", self.stages)
    }
}

impl Weights {
    /// Weights from the representatives' values (each mirror pair stored
    /// once, in position order, stage after stage), expanded to every position.
    pub fn from_representatives(
        stages: usize,
        values: &[i16],
    ) -> Result<Weights, super::TableError> {
        if stages == 0 {
            return Err(super::TableError::NoStages);
        }
        let shared = shared_positions();
        let per_stage = representative_count(&shared);
        if values.len() != stages * per_stage {
            return Err(super::TableError::WeightCount {
                found: values.len(),
                stages,
                per_stage,
            });
        }
        let mut weights = vec![0i16; stages * LAYOUT.size];
        for (stage, chunk) in values.chunks(per_stage).enumerate() {
            let out = &mut weights[stage * LAYOUT.size..(stage + 1) * LAYOUT.size];
            let mut next = chunk.iter();
            for (position, &share) in shared.iter().enumerate() {
                out[position] = if share as usize == position {
                    *next.next().expect("counted above")
                } else {
                    out[share as usize]
                };
            }
        }
        let stage_of = std::array::from_fn(|empties| stage(empties as u32, stages) as u8);
        Ok(Weights {
            stages,
            stage_of,
            weights,
        })
    }

    /// Number of stages.
    pub fn stages(&self) -> usize {
        self.stages
    }

    /// The value of `board` for the side to move in weight units (1/[`SCALE`] disc):
    /// the weights of [`features`], summed as they are found.
    #[inline]
    pub fn raw(&self, board: &Board) -> i32 {
        self.raw_given(board, board.empty_count(), board.moves())
    }

    /// [`Weights::raw`] of a board whose number of empties and legal moves
    /// (of the side to move) the caller has already found.
    #[inline]
    pub fn raw_given(&self, board: &Board, empties: u32, moves: u64) -> i32 {
        debug_assert_eq!(empties, board.empty_count());
        debug_assert_eq!(moves, board.moves());
        let table = self.stage_table(empties);
        let lanes = index_lanes(board);
        let mut sum = 0;
        for (&index, &offset) in lanes.iter().zip(&OCCURRENCE_OFFSET) {
            sum += i32::from(table[offset as usize + usize::from(index)]);
        }
        for position in global_features(board, empties, moves) {
            sum += i32::from(table[position]);
        }
        sum
    }

    /// The weights of the stage of positions with `empties` empty squares.
    #[inline]
    fn stage_table(&self, empties: u32) -> &[i16] {
        let stage = usize::from(self.stage_of[empties.min(60) as usize]);
        &self.weights[stage * LAYOUT.size..(stage + 1) * LAYOUT.size]
    }

    /// The value of `board` for the side to move, in discs, within `-MAX_EVAL..=MAX_EVAL`.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> i32 {
        to_discs(self.raw(board))
    }

    /// [`Weights::evaluate`] given the board's empties and legal moves
    /// (see [`Weights::raw_given`]).
    #[inline]
    pub fn evaluate_given(&self, board: &Board, empties: u32, moves: u64) -> i32 {
        to_discs(self.raw_given(board, empties, moves))
    }
}

/// Weight units rounded to discs, within `-MAX_EVAL..=MAX_EVAL`.
#[inline]
fn to_discs(raw: i32) -> i32 {
    ((raw + raw.signum() * SCALE / 2) / SCALE).clamp(-MAX_EVAL, MAX_EVAL)
}

/// A fingerprint of the pattern set: the squares and occurrences of every
/// pattern (FNV-1a), so that a table made for other patterns is refused.
pub fn pattern_set_fingerprint() -> u32 {
    let mut hash = 0x811c_9dc5u32;
    let mut add = |byte: u8| hash = (hash ^ byte as u32).wrapping_mul(0x0100_0193);
    for pattern in &PATTERNS {
        pattern.squares.iter().for_each(|&s| add(s));
        add(0xff);
        pattern.occurrences.iter().for_each(|&s| add(s));
        add(0xfe);
    }
    // The extra features: parity and mobility classes.
    add(FEATURES as u8);
    add(MOBILITY_CLASSES as u8);
    hash
}

/// The header of a table file of `stages` stages for this build.
pub fn table_header(stages: usize) -> super::table_file::TableHeader {
    super::table_file::TableHeader {
        pattern_set: pattern_set_fingerprint(),
        stages: stages as u16,
        weights_per_stage: representative_count(&shared_positions()) as u32,
        scale: SCALE as u16,
    }
}

/// Number of representative positions in a stage vector.
pub fn representative_count(shared: &[u32]) -> usize {
    shared
        .iter()
        .enumerate()
        .filter(|(position, &share)| share as usize == *position)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetry;

    #[test]
    fn stages_split_the_game_evenly() {
        assert_eq!(stage(60, 15), 0);
        assert_eq!(stage(57, 15), 0);
        assert_eq!(stage(56, 15), 1);
        assert_eq!(stage(1, 15), 14);
        assert_eq!(stage(0, 15), 14);
        assert_eq!(stage(59, 30), 0);
        assert_eq!(stage(58, 30), 1);
    }

    #[test]
    fn expanded_weights_evaluate_symmetric_boards_alike() {
        let shared = shared_positions();
        let count = representative_count(&shared);
        let values: Vec<i16> = (0..2 * count)
            .map(|i| ((i * 7919) % 201) as i16 - 100)
            .collect();
        let weights = Weights::from_representatives(2, &values).unwrap();
        let board = Board::START.play("f5".parse().unwrap()).unwrap();
        let board = board.play("d6".parse().unwrap()).unwrap();
        for symmetry in Symmetry::ALL {
            assert_eq!(weights.raw(&symmetry.board(&board)), weights.raw(&board));
        }
        assert!(Weights::from_representatives(3, &values).is_err());
        // The sum the engine evaluates is that of the features the training fits.
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2_000 {
            let filled = rng.next_u64() | rng.next_u64();
            let player = rng.next_u64() & filled;
            let board = Board::new(player, filled & !player).unwrap();
            let stage = stage(board.empty_count(), 2);
            let by_features: i32 = features(&board)
                .iter()
                .map(|&f| i32::from(weights.weights[stage * LAYOUT.size + f as usize]))
                .sum();
            assert_eq!(weights.raw(&board), by_features, "{board:?}");
        }
        assert_eq!(
            Weights::from_representatives(0, &[]).unwrap_err(),
            super::super::TableError::NoStages
        );
    }
}
