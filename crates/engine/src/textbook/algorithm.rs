//! The algorithms of the family by name, as the commands and the
//! comparison name them.

use std::fmt;

/// A search algorithm of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax (negamax): every node to the depth.
    Minimax,
    /// Fail-soft alpha-beta with the full window; with a table, alpha-beta
    /// with memory.
    AlphaBeta,
    /// NegaScout (Reinefeld): the first move with the full window, the
    /// others with a null window, re-searched when they fail high.
    NegaScout,
    /// MTD(f): null-window alpha-beta with memory from a first guess, the
    /// window moved up after a fail high and down after a fail low.
    Mtdf,
    /// SSS* as null-window alpha-beta with memory from above (MT-SSS*):
    /// every call fails low until the value is reached.
    SssStar,
    /// DUAL* from below (MT-DUAL*): every call fails high until the value is
    /// reached.
    DualStar,
}

impl Algorithm {
    /// Every algorithm, in the order the comparison lists them.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::NegaScout,
        Algorithm::Mtdf,
        Algorithm::SssStar,
        Algorithm::DualStar,
    ];

    /// The name commands take: `minimax`, `alphabeta`, `negascout`, `mtdf`,
    /// `sss` or `dual`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::NegaScout => "negascout",
            Algorithm::Mtdf => "mtdf",
            Algorithm::SssStar => "sss",
            Algorithm::DualStar => "dual",
        }
    }

    /// The algorithm a name names.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Whether the algorithm drives null-window searches over the table
    /// (MTD(f), SSS*, DUAL*).
    pub fn is_driver(self) -> bool {
        matches!(
            self,
            Algorithm::Mtdf | Algorithm::SssStar | Algorithm::DualStar
        )
    }
}

impl fmt::Display for Algorithm {
    /// The name the literature writes: `Minimax`, `AlphaBeta`, `NegaScout`,
    /// `MTD(f)`, `SSS*`, `DUAL*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "AlphaBeta",
            Algorithm::NegaScout => "NegaScout",
            Algorithm::Mtdf => "MTD(f)",
            Algorithm::SssStar => "SSS*",
            Algorithm::DualStar => "DUAL*",
        })
    }
}
