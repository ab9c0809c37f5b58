//! The 2001 alpha-beta study's four programs ("Othello/Alpha-Beta
//! Research", a Spring 2001 advanced-AI project page): minimax, alpha-beta,
//! NegaScout without a transposition table, and alpha-beta with rule-based
//! move pruning ([`super::study_rules`]), all with one evaluation
//! ([`super::study_eval`]) and a static move ordering (corners first, then
//! edges, the inner squares, the squares next to a corner last), each with a
//! difficulty setting that sets its depth. They run on the shared searches
//! of [`crate::textbook`].

use std::fmt;

use super::study_eval::{StudyEval, CORNERS};
use super::study_rules::{RuleSet, EDGE_SQUARES};
use crate::board::Board;
use crate::position::Move;
use crate::square::Square;
use crate::textbook::{Algorithm, Counts, Search, SearchResult};

/// The difficulty settings, easiest first.
pub const DIFFICULTIES: std::ops::RangeInclusive<u32> = 1..=5;

/// The X-squares b2, g2, b7, g7.
const X_SQUARES: u64 = 1 << 9 | 1 << 14 | 1 << 49 | 1 << 54;

/// The C-squares: the edge squares next to a corner.
const C_SQUARES: u64 = 1 << 1 | 1 << 6 | 1 << 8 | 1 << 15 | 1 << 48 | 1 << 55 | 1 << 57 | 1 << 62;

/// The static ordering table the study describes: corners first (4), then
/// the other edge squares (3), the inner squares (2), the C-squares (1) and
/// the X-squares (0).
pub fn order_rank(square: Square) -> i32 {
    let bit = square.bit();
    if bit & CORNERS != 0 {
        4
    } else if bit & X_SQUARES != 0 {
        0
    } else if bit & C_SQUARES != 0 {
        1
    } else if bit & EDGE_SQUARES != 0 {
        3
    } else {
        2
    }
}

/// One of the study's four programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Program {
    /// Minimax: every move to the depth.
    Minimax,
    /// Alpha-beta.
    AlphaBeta,
    /// NegaScout without a transposition table.
    NegaScout,
    /// Alpha-beta over the moves the rules keep.
    Rules,
}

impl Program {
    /// The four programs.
    pub const ALL: [Program; 4] = [
        Program::Minimax,
        Program::AlphaBeta,
        Program::NegaScout,
        Program::Rules,
    ];

    /// The spec's name: `study-minimax`, `study-alphabeta`,
    /// `study-negascout` or `study-rules`.
    pub fn spec_name(self) -> &'static str {
        match self {
            Program::Minimax => "study-minimax",
            Program::AlphaBeta => "study-alphabeta",
            Program::NegaScout => "study-negascout",
            Program::Rules => "study-rules",
        }
    }

    /// The spec's form, for messages: `study-alphabeta:<difficulty>`
    /// (the rule-based program also takes its rules:
    /// `study-rules:<difficulty>[:<rules>]`).
    pub fn form(self) -> &'static str {
        match self {
            Program::Minimax => "study-minimax:<difficulty>",
            Program::AlphaBeta => "study-alphabeta:<difficulty>",
            Program::NegaScout => "study-negascout:<difficulty>",
            Program::Rules => "study-rules:<difficulty>[:<rules>]",
        }
    }

    /// The program a spec's name names.
    pub fn from_spec_name(name: &str) -> Option<Program> {
        Program::ALL.into_iter().find(|p| p.spec_name() == name)
    }

    /// The depth a difficulty (1-5) searches to: at difficulty `k`, the
    /// deepest depth at which the program's search costs at most 6·10^(k+1)
    /// nodes a move on average, measured on the study comparison's 30
    /// midgame positions (`othello experiments alphabeta-study`, the table
    /// without a transposition table; docs/alphabeta-study.md), so that a
    /// difficulty costs about the same whatever the program.
    pub fn depth(self, difficulty: u32) -> u32 {
        let at = difficulty.clamp(*DIFFICULTIES.start(), *DIFFICULTIES.end()) as usize - 1;
        let depths: [u32; 5] = match self {
            Program::Minimax => [2, 3, 4, 5, 6],
            Program::AlphaBeta => [3, 4, 6, 7, 8],
            Program::NegaScout | Program::Rules => [3, 4, 6, 7, 9],
        };
        depths[at]
    }

    /// The search the program runs.
    pub fn algorithm(self) -> Algorithm {
        match self {
            Program::Minimax => Algorithm::Minimax,
            Program::AlphaBeta | Program::Rules => Algorithm::AlphaBeta,
            Program::NegaScout => Algorithm::NegaScout,
        }
    }
}

/// A study program at a difficulty, with the rules it prunes by (the
/// rule-based program only): what a `study-...` spec names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StudyPlayer {
    /// The program.
    pub program: Program,
    /// The difficulty (1-5), which sets the depth.
    pub difficulty: u32,
    /// The rules of [`Program::Rules`] ([`RuleSet::DEFAULT`] unless a spec
    /// names others; the other programs have none).
    pub rules: RuleSet,
}

impl StudyPlayer {
    /// `program` at `difficulty`, with the study program's rules.
    pub fn new(program: Program, difficulty: u32) -> StudyPlayer {
        StudyPlayer {
            program,
            difficulty,
            rules: RuleSet::DEFAULT,
        }
    }

    /// The depth the player searches to.
    pub fn depth(&self) -> u32 {
        self.program.depth(self.difficulty)
    }

    /// The player's search of `board` to `depth`: its value, best move and
    /// what it cost.
    pub fn search(&self, board: &Board, depth: u32) -> (SearchResult<Square>, Counts) {
        let rules = self.rules;
        let generator = move |board: &Board| rules.moves(board);
        let mut search = Search::new(&StudyEval).with_order(order_rank);
        if self.program == Program::Rules {
            search = search.with_moves(&generator);
        }
        let result = search
            .run(board, depth, self.program.algorithm())
            // No stop test: the search always ends.
            .unwrap_or(SearchResult {
                value: 0,
                best: None,
                depth,
                nodes: 0,
            });
        (result, search.counts())
    }

    /// The move the player makes (`None` when it has no move: a pass, or
    /// the end of the game).
    pub fn choose(&self, board: &Board) -> Option<Square> {
        match self.search(board, self.depth()).0.best {
            Some(Move::Play(square)) => Some(square),
            _ => None,
        }
    }
}

impl fmt::Display for StudyPlayer {
    /// The canonical spec: `study-rules:3`, with its rules when they are
    /// not the program's (`study-rules:3:take-corners`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.program, self.difficulty)?;
        if self.program == Program::Rules && self.rules != RuleSet::DEFAULT {
            write!(f, ":{}", self.rules)?;
        }
        Ok(())
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ordering_ranks_corners_first_and_x_squares_last() {
        let rank = |name: &str| order_rank(name.parse().unwrap());
        assert_eq!(["a1", "c1", "c3", "b1", "b2"].map(rank), [4, 3, 2, 1, 0]);
        assert_eq!(["h8", "h3", "e4", "h7", "g7"].map(rank), [4, 3, 2, 1, 0]);
    }

    #[test]
    fn difficulties_deepen_every_program() {
        for program in Program::ALL {
            let depths: Vec<u32> = DIFFICULTIES.map(|d| program.depth(d)).collect();
            assert!(
                depths.windows(2).all(|w| w[0] < w[1]),
                "{program}: {depths:?}"
            );
            // Pruning searches deeper than minimax at every difficulty.
            if program != Program::Minimax {
                assert!(DIFFICULTIES
                    .into_iter()
                    .all(|d| program.depth(d) > Program::Minimax.depth(d)));
            }
        }
        assert_eq!(Program::Rules.depth(9), Program::Rules.depth(5));
    }

    #[test]
    fn each_program_plays_a_legal_move() {
        for program in Program::ALL {
            for difficulty in [1, 2] {
                let player = StudyPlayer::new(program, difficulty);
                let square = player.choose(&Board::START).unwrap();
                assert!(Board::START.is_legal(square));
            }
            let over = Board::new(1, 0).unwrap();
            assert_eq!(StudyPlayer::new(program, 1).choose(&over), None);
        }
    }
}
