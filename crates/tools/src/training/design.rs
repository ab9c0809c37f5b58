//! Evaluation designs defined at run time, to measure a pattern set, a
//! number of stages and global features before one is built into the engine
//! (`othello train design`, docs/evaluation.md "Measuring designs").
//!
//! A design is a list of patterns, each given by its squares on one corner
//! or edge; its occurrences are the distinct square sets of its eight
//! images under the board's symmetries. Each occurrence's configuration
//! (base 3: empty 0, side to move 1, opponent 2) indexes one weight of its
//! pattern, per stage; configurations do not share weights with their
//! mirror images, which costs examples but no accuracy. Global features
//! (parity, mobility, potential mobility, stable discs) add one weight per
//! class. The weights are fitted as the engine's table is
//! (`super::fit`): least squares per stage by preconditioned conjugate
//! gradients, the neighbouring stages' examples included, a ridge term,
//! rare configurations muted and unseen ones interpolated between stages.

use othello::board::Board;
use othello::eval::weights::stage;
use othello::symmetry::Symmetry;

use super::dataset::Example;
use super::fit::{fit_stages, FeatureSet, FitOptions};

/// A pattern: a name and the squares of its defining occurrence (a1 = 0,
/// h1 = 7, a2 = 8, ..., h8 = 63).
pub type PatternSquares = (&'static str, &'static [u8]);

/// The engine's pattern set (`othello::eval::patterns::PATTERNS`).
const BURO: [PatternSquares; 11] = [
    ("edge+2x", &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14]),
    ("corner2x5", &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12]),
    ("corner3x3", &[0, 1, 2, 8, 9, 10, 16, 17, 18]),
    ("hv2", &[8, 9, 10, 11, 12, 13, 14, 15]),
    ("hv3", &[16, 17, 18, 19, 20, 21, 22, 23]),
    ("hv4", &[24, 25, 26, 27, 28, 29, 30, 31]),
    ("d8", &[0, 9, 18, 27, 36, 45, 54, 63]),
    ("d7", &[1, 10, 19, 28, 37, 46, 55]),
    ("d6", &[2, 11, 20, 29, 38, 47]),
    ("d5", &[3, 12, 21, 30, 39]),
    ("d4", &[4, 13, 22, 31]),
];

/// Ten-square patterns of later engines' kind: corner regions and
/// diagonals that see the corners and C-squares around them.
const WIDE: [PatternSquares; 6] = [
    // a1-d1, a2-c2, a3-b3, a4
    ("triangle", &[0, 1, 2, 3, 8, 9, 10, 16, 17, 24]),
    // a1, c1-f1, h1, c2-f2
    ("edge-block", &[0, 2, 3, 4, 5, 7, 10, 11, 12, 13]),
    // b1-h7 with both corners a1 and h8
    ("d7+corners", &[1, 10, 19, 28, 37, 46, 55, 0, 63]),
    // c1-h6 with the squares b1, a1 and h7, h8 towards the corners beyond its ends
    ("d6+corners", &[2, 11, 20, 29, 38, 47, 1, 0, 55, 63]),
    // the main diagonal with the corners' C-squares b1 and a2
    ("d8+c", &[0, 9, 18, 27, 36, 45, 54, 63, 1, 8]),
    // a1-b1-c1, a2-b2-c2 and the X-square diagonal to d4, e5 (a corner fan)
    ("corner-fan", &[0, 1, 2, 8, 9, 10, 16, 18, 27, 36]),
];

/// The pattern list of the design named `name`: `buro` (the engine's),
/// `buro+2` (with the triangle and the edge block), `wide` (with all of
/// [`WIDE`]).
pub fn patterns(name: &str) -> Option<Vec<PatternSquares>> {
    match name {
        "buro" => Some(BURO.to_vec()),
        "buro+2" => Some(BURO.iter().chain(&WIDE[..2]).copied().collect()),
        "wide" => Some(BURO.iter().chain(&WIDE).copied().collect()),
        _ => None,
    }
}

/// A global feature's class of a board.
type Classify = fn(&Board) -> u32;

/// The global features a design can add, each one weight per class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Globals {
    /// Even or odd number of empties: 2 classes.
    pub parity: bool,
    /// Legal moves of each side: 32 classes each (31 and more together).
    pub mobility: bool,
    /// Empty squares next to the other side's discs, for each side: 40
    /// classes each.
    pub potential: bool,
    /// Stable discs of each side (`othello::stability::stable_discs`): 65
    /// classes each.
    pub stable: bool,
}

impl Globals {
    /// Reads a comma-separated list of `parity`, `mobility`, `potential`,
    /// `stable` (or `none`).
    pub fn parse(text: &str) -> Option<Globals> {
        let mut out = Globals::default();
        for word in text.split(',') {
            match word {
                "parity" => out.parity = true,
                "mobility" => out.mobility = true,
                "potential" => out.potential = true,
                "stable" => out.stable = true,
                "none" => {}
                _ => return None,
            }
        }
        Some(out)
    }

    /// The (classes, per-board class) of each global feature in use.
    fn list(&self) -> Vec<(u32, Classify)> {
        let mut out: Vec<(u32, Classify)> = Vec::new();
        if self.parity {
            out.push((2, |b| b.empty_count() & 1));
        }
        if self.mobility {
            out.push((32, |b| b.moves().count_ones().min(31)));
            out.push((32, |b| {
                othello::moves::legal_moves(b.opponent, b.player)
                    .count_ones()
                    .min(31)
            }));
        }
        if self.potential {
            out.push((40, |b| potential(b.opponent, b).min(39)));
            out.push((40, |b| potential(b.player, b).min(39)));
        }
        if self.stable {
            out.push((65, |b| {
                othello::stability::stable_discs(b.player, b.opponent).count_ones()
            }));
            out.push((65, |b| {
                othello::stability::stable_discs(b.opponent, b.player).count_ones()
            }));
        }
        out
    }
}

/// Empty squares next to a disc of `discs` (the other side's, for the
/// potential mobility of the side that could play there).
fn potential(discs: u64, board: &Board) -> u32 {
    let empty = !(board.player | board.opponent);
    let not_a = 0xfefe_fefe_fefe_fefeu64;
    let not_h = 0x7f7f_7f7f_7f7f_7f7fu64;
    let spread = (discs << 8)
        | (discs >> 8)
        | ((discs << 1) & not_a)
        | ((discs >> 1) & not_h)
        | ((discs << 9) & not_a)
        | ((discs << 7) & not_h)
        | ((discs >> 7) & not_a)
        | ((discs >> 9) & not_h);
    (spread & empty).count_ones()
}

/// A design ready to compute features: every occurrence's squares and the
/// offset of its pattern's weights.
pub struct Design {
    /// Per occurrence: its pattern's number and its squares.
    occurrences: Vec<(usize, Vec<u8>)>,
    /// Per pattern: the offset of its table and, for every configuration,
    /// the one it shares a weight with (the least of its images under the
    /// symmetries that map the pattern's squares onto themselves).
    tables: Vec<(u32, Vec<u32>)>,
    globals: Vec<(u32, u32, Classify)>,
    /// Weights per stage.
    pub size: usize,
    /// Number of stages.
    pub stages: usize,
}

impl Design {
    /// The design of `patterns` and `globals` with `stages` stages.
    pub fn new(patterns: &[PatternSquares], globals: Globals, stages: usize) -> Design {
        let mut occurrences = Vec::new();
        let mut tables = Vec::new();
        let mut next = 0u32;
        for (number, (_, squares)) in patterns.iter().enumerate() {
            let mut seen: Vec<u64> = Vec::new();
            for symmetry in Symmetry::ALL {
                let image: Vec<u8> = squares
                    .iter()
                    .map(|&s| symmetry.bits(1u64 << s).trailing_zeros() as u8)
                    .collect();
                let set = image.iter().fold(0u64, |m, &s| m | 1 << s);
                if !seen.contains(&set) {
                    seen.push(set);
                    occurrences.push((number, image));
                }
            }
            tables.push((next, shared_configurations(squares)));
            next += 3u32.pow(squares.len() as u32);
        }
        let mut list = Vec::new();
        for (classes, class) in globals.list() {
            list.push((next, classes, class));
            next += classes;
        }
        Design {
            occurrences,
            tables,
            globals: list,
            size: next as usize,
            stages,
        }
    }

    /// Number of features of a board (one weight each).
    pub fn feature_count(&self) -> usize {
        self.occurrences.len() + self.globals.len()
    }

    /// Number of pattern occurrences (table lookups of the patterns).
    pub fn occurrence_count(&self) -> usize {
        self.occurrences.len()
    }

    /// Appends the weight positions of `board`'s features to `out`.
    pub fn features(&self, board: &Board, out: &mut Vec<u32>) {
        self.each_feature(board, |f| out.push(f));
    }

    /// Calls `visit` with the weight position of each of `board`'s features.
    pub fn each_feature(&self, board: &Board, mut visit: impl FnMut(u32)) {
        for (pattern, squares) in &self.occurrences {
            let mut index = 0u32;
            for &s in squares.iter().rev() {
                let digit = ((board.player >> s) & 1) + 2 * ((board.opponent >> s) & 1);
                index = index * 3 + digit as u32;
            }
            let (offset, shared) = &self.tables[*pattern];
            visit(offset + shared[index as usize]);
        }
        for &(offset, classes, class) in &self.globals {
            visit(offset + class(board).min(classes - 1));
        }
    }

    /// Whether the weight at `position` of a stage is one the table holds
    /// (not one that shares another configuration's).
    pub fn is_representative(&self, position: usize) -> bool {
        let position = position as u32;
        self.tables.iter().all(|(offset, shared)| {
            position < *offset
                || position >= offset + shared.len() as u32
                || shared[(position - offset) as usize] == position - offset
        })
    }

    /// The stage of `board`.
    pub fn stage(&self, board: &Board) -> usize {
        stage(board.empty_count(), self.stages)
    }
}

/// For every configuration of a pattern on `squares`, the least index among
/// its images under the symmetries of the board that map the squares onto
/// themselves (a mirror of an edge, a diagonal, a corner block): those
/// configurations are the same position seen in the mirror and share a weight.
fn shared_configurations(squares: &[u8]) -> Vec<u32> {
    let set = squares.iter().fold(0u64, |m, &s| m | 1 << s);
    // Each self-symmetry as a permutation: digit i goes to position perm[i].
    let perms: Vec<Vec<usize>> = Symmetry::ALL
        .iter()
        .filter_map(|symmetry| {
            let image: Vec<u8> = squares
                .iter()
                .map(|&s| symmetry.bits(1u64 << s).trailing_zeros() as u8)
                .collect();
            if image.iter().fold(0u64, |m, &s| m | 1 << s) != set {
                return None;
            }
            Some(
                image
                    .iter()
                    .map(|q| squares.iter().position(|s| s == q).expect("in the set"))
                    .collect(),
            )
        })
        .collect();
    let n = squares.len();
    let size = 3usize.pow(n as u32);
    let mut digits = vec![0u32; n];
    (0..size)
        .map(|index| {
            let mut rest = index as u32;
            for d in digits.iter_mut() {
                *d = rest % 3;
                rest /= 3;
            }
            perms
                .iter()
                .map(|perm| {
                    let mut moved = vec![0u32; n];
                    for (i, &d) in digits.iter().enumerate() {
                        moved[perm[i]] = d;
                    }
                    moved.iter().rev().fold(0u32, |acc, &d| acc * 3 + d)
                })
                .min()
                .expect("the identity")
        })
        .collect()
}

/// Fits `design` on `examples` (by `super::fit`'s least squares); returns
/// the weights of each stage, in discs.
pub fn fit(
    design: &Design,
    examples: &[Example],
    options: &FitOptions,
    threads: usize,
) -> Vec<Vec<f32>> {
    let mut rows = FeatureSet {
        features: vec![Vec::new(); design.stages],
        labels: vec![Vec::new(); design.stages],
    };
    for example in examples {
        let s = design.stage(&example.board);
        design.features(&example.board, &mut rows.features[s]);
        rows.labels[s].push(example.label);
    }
    let options = FitOptions {
        stages: design.stages,
        ..*options
    };
    fit_stages(
        &rows,
        design.feature_count(),
        design.size,
        &options,
        threads,
    )
}

/// A fitted design as the engine would hold it: weights in 1/64 disc.
pub struct Table {
    /// The design.
    pub design: Design,
    /// Per stage, `design.size` weights.
    pub weights: Vec<Vec<i16>>,
}

impl Table {
    /// Quantizes fitted weights (in discs) to 1/64 disc.
    pub fn new(design: Design, fitted: &[Vec<f32>]) -> Table {
        let weights = fitted
            .iter()
            .map(|stage| {
                stage
                    .iter()
                    .map(|&w| (w * 64.0).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16)
                    .collect()
            })
            .collect();
        Table { design, weights }
    }

    /// The evaluation in 1/64 disc.
    pub fn raw(&self, board: &Board) -> i32 {
        let table = &self.weights[self.design.stage(board)];
        let mut sum = 0;
        self.design
            .each_feature(board, |f| sum += table[f as usize] as i32);
        sum
    }

    /// The evaluation in discs, rounded and bounded as the engine's.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let raw = self.raw(board);
        ((raw + raw.signum() * 32) / 64).clamp(-othello::eval::MAX_EVAL, othello::eval::MAX_EVAL)
    }

    /// The weights a table file would hold (one per shared pair), stage
    /// after stage.
    pub fn values(&self) -> Vec<i16> {
        let keep: Vec<bool> = (0..self.design.size)
            .map(|p| self.design.is_representative(p))
            .collect();
        self.weights
            .iter()
            .flat_map(|stage| stage.iter().zip(&keep).filter(|(_, &k)| k).map(|(&w, _)| w))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_pattern_set_has_its_46_occurrences_and_weights() {
        let design = Design::new(&BURO, Globals::default(), 15);
        assert_eq!(design.occurrence_count(), 46);
        assert_eq!(
            design.size,
            othello::eval::weights::LAYOUT.parity,
            "the same configurations as the engine's layout"
        );
        // Mirror configurations share weights as in the engine's table.
        let shared = othello::eval::weights::shared_positions();
        let engine = (0..design.size)
            .filter(|&p| shared[p] as usize == p)
            .count();
        let ours = (0..design.size)
            .filter(|&p| design.is_representative(p))
            .count();
        assert_eq!(ours, engine);
    }

    #[test]
    fn occurrences_cover_the_images_of_the_defining_squares() {
        let design = Design::new(&[("corner3x3", BURO[2].1)], Globals::default(), 15);
        let sets: Vec<u64> = design
            .occurrences
            .iter()
            .map(|(_, s)| s.iter().fold(0, |m, &q| m | 1 << q))
            .collect();
        // The four corners' 3x3 blocks.
        assert_eq!(
            sets,
            [
                0x0000_0000_0007_0707,
                0x0000_0000_00e0_e0e0,
                0x0707_0700_0000_0000,
                0xe0e0_e000_0000_0000
            ]
        );
    }

    #[test]
    fn the_starting_position_has_ten_potential_moves_a_side_and_even_parity() {
        let board = Board::START;
        assert_eq!(potential(board.opponent, &board), 10);
        let globals = Globals::parse("parity,potential").unwrap();
        let design = Design::new(&[], globals, 15);
        let mut out = Vec::new();
        design.features(&board, &mut out);
        assert_eq!(out, [0, 2 + 10, 2 + 40 + 10]);
        assert!(Globals::parse("parity,nonsense").is_none());
    }
}
