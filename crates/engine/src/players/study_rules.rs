//! The 2001 alpha-beta study's rule-based move pruning: the move generator
//! itself drops moves a beginner is taught not to play, so the search never
//! sees them. The study lists its rules informally ("always fight for the
//! corner", "always try to grab the edges", "don't do anything which will
//! cause you to lose either of these two areas"); ours, applied in this
//! order at every node for both sides, each one only when the set says so:
//!
//! 1. `take-corners`: when a corner can be taken, only corner moves are kept.
//! 2. `keep-corners`: a move after which the opponent can take a corner it
//!    could not take before is dropped.
//! 3. `take-edges`: when one of the moves left is on an edge, only the edge
//!    moves are kept.
//! 4. `keep-edges`: a move after which the opponent can play on an edge
//!    square it could not play on before is dropped.
//!
//! A rule that would drop every move left is skipped, so a side with a
//! legal move always keeps one. The study program plays with the first two
//! ([`RuleSet::DEFAULT`]); the edge rules, measured, lose most games
//! (docs/alphabeta-study.md), so its preference for edges is its move
//! ordering (edges right after corners), not its pruning.

use std::fmt;

use crate::board::Board;
use crate::moves;
use crate::square::Squares;

use super::study_eval::CORNERS;

/// The squares of the four edges (rows 1 and 8, files a and h).
pub const EDGE_SQUARES: u64 = 0xFF00_0000_0000_00FF | 0x8181_8181_8181_8181;

/// A set of the rules, by their names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet(u8);

impl RuleSet {
    /// Take a corner when one can be taken.
    pub const TAKE_CORNERS: RuleSet = RuleSet(1);
    /// Never give the opponent a corner.
    pub const KEEP_CORNERS: RuleSet = RuleSet(2);
    /// Play on an edge when one can.
    pub const TAKE_EDGES: RuleSet = RuleSet(4);
    /// Never give the opponent an edge square.
    pub const KEEP_EDGES: RuleSet = RuleSet(8);
    /// The rules in their order, with their names.
    pub const NAMED: [(RuleSet, &'static str); 4] = [
        (RuleSet::TAKE_CORNERS, "take-corners"),
        (RuleSet::KEEP_CORNERS, "keep-corners"),
        (RuleSet::TAKE_EDGES, "take-edges"),
        (RuleSet::KEEP_EDGES, "keep-edges"),
    ];
    /// The study program's rules: the corner rules.
    pub const DEFAULT: RuleSet = RuleSet(1 | 2);

    /// Whether the set holds every rule of `rules`.
    pub fn contains(self, rules: RuleSet) -> bool {
        self.0 & rules.0 == rules.0
    }

    /// The set named by rule names joined by `+` (`take-corners+keep-corners`).
    pub fn parse(text: &str) -> Option<RuleSet> {
        text.split('+').try_fold(RuleSet(0), |set, name| {
            let (rule, _) = RuleSet::NAMED.iter().find(|(_, n)| *n == name)?;
            Some(RuleSet(set.0 | rule.0))
        })
    }

    /// The legal moves of the side to move the rules keep (none when it
    /// has none).
    pub fn moves(self, board: &Board) -> u64 {
        let legal = board.moves();
        let corners = legal & CORNERS;
        if corners != 0 && self.contains(RuleSet::TAKE_CORNERS) {
            return corners;
        }
        let mut moves = legal;
        if self.contains(RuleSet::KEEP_CORNERS) {
            moves = unless_empty(moves & !giving(board, moves, CORNERS), moves);
        }
        let edges = moves & EDGE_SQUARES;
        if edges != 0 && self.contains(RuleSet::TAKE_EDGES) {
            return edges;
        }
        if self.contains(RuleSet::KEEP_EDGES) {
            moves = unless_empty(moves & !giving(board, moves, EDGE_SQUARES), moves);
        }
        moves
    }
}

impl fmt::Display for RuleSet {
    /// The rule names joined by `+`, in their order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = RuleSet::NAMED
            .iter()
            .filter(|(rule, _)| self.contains(*rule))
            .map(|(_, name)| *name)
            .collect();
        f.write_str(&names.join("+"))
    }
}

/// The moves of `moves` after which the opponent gains a move in `area`.
fn giving(board: &Board, moves: u64, area: u64) -> u64 {
    let before = moves::legal_moves(board.opponent, board.player) & area;
    Squares(moves)
        .filter(|&square| {
            let after = board.play_flips(square, board.flips(square));
            after.moves() & area & !before != 0
        })
        .fold(0, |given, square| given | square.bit())
}

/// `kept` when it holds a move, else `moves` (a rule never drops every move).
fn unless_empty(kept: u64, moves: u64) -> u64 {
    if kept != 0 {
        kept
    } else {
        moves
    }
}

/// The moves the study program's rules ([`RuleSet::DEFAULT`]) keep.
pub fn rule_moves(board: &Board) -> u64 {
    RuleSet::DEFAULT.moves(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::transcript;

    fn board_after(moves: &str) -> Board {
        transcript::parse(moves).unwrap().position().board
    }

    fn names(bits: u64) -> Vec<String> {
        Squares(bits).map(|s| s.to_string()).collect()
    }

    fn square(name: &str) -> u64 {
        name.parse::<crate::square::Square>().unwrap().bit()
    }

    const EVERY: RuleSet = RuleSet(15);

    #[test]
    fn rule_sets_read_and_write_back() {
        assert_eq!(RuleSet::DEFAULT.to_string(), "take-corners+keep-corners");
        let every = "take-corners+keep-corners+take-edges+keep-edges";
        assert_eq!(RuleSet::parse(every), Some(EVERY));
        assert_eq!(RuleSet::parse(every).unwrap().to_string(), every);
        assert_eq!(RuleSet::parse("keep-edges"), Some(RuleSet::KEEP_EDGES));
        assert_eq!(RuleSet::parse("edges"), None);
        assert_eq!(RuleSet::parse(""), None);
    }

    #[test]
    fn the_rules_keep_a_legal_move_and_only_legal_moves() {
        let mut board = Board::START;
        let mut plies = 0;
        while !board.is_game_over() {
            for rules in [RuleSet::DEFAULT, EVERY] {
                let kept = rules.moves(&board);
                let legal = board.moves();
                assert_eq!(kept & !legal, 0);
                assert_eq!(kept == 0, legal == 0);
            }
            board = match Squares(EVERY.moves(&board)).last() {
                Some(square) => board.play(square).unwrap(),
                None => board.pass(),
            };
            plies += 1;
        }
        assert!(plies > 50);
    }

    #[test]
    fn a_corner_is_taken_when_it_can_be() {
        // c3 mine, b2 theirs: a1 is the only move.
        let board = Board::new(square("c3"), square("b2")).unwrap();
        assert_eq!(names(board.moves()), ["a1"]);
        assert_eq!(names(rule_moves(&board)), ["a1"]);
        // a1 or d4: a1 only.
        let board = Board::new(square("c3") | square("f4"), square("b2") | square("e4")).unwrap();
        assert_eq!(names(board.moves()), ["a1", "d4"]);
        assert_eq!(names(rule_moves(&board)), ["a1"]);
        assert_eq!(RuleSet::KEEP_CORNERS.moves(&board), board.moves());
    }

    /// The first WTHOR game after 18 moves, Black to move: X-squares
    /// g2, b7 and g7 next to empty corners would each let White take the
    /// corner (g7 flips f6, and h8 then takes g7, f6 and e5 from d4).
    const GAME: &str = "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2";
    const LEGAL: [&str; 17] = [
        "d1", "e1", "c2", "e2", "f2", "g2", "g3", "g4", "h4", "h5", "b6", "h6", "b7", "c7", "g7",
        "h7", "c8",
    ];

    #[test]
    fn no_move_hands_the_opponent_a_new_corner() {
        let board = board_after(GAME);
        assert_eq!(names(board.moves()), LEGAL);
        let kept: Vec<&str> = LEGAL
            .into_iter()
            .filter(|m| !["g2", "b7", "g7"].contains(m))
            .collect();
        assert_eq!(names(rule_moves(&board)), kept);
        assert_eq!(names(RuleSet::KEEP_CORNERS.moves(&board)), kept);
        assert_eq!(RuleSet::TAKE_CORNERS.moves(&board), board.moves());
    }

    #[test]
    fn the_edge_rules_keep_edges_and_drop_edge_gifts() {
        let board = board_after(GAME);
        assert_eq!(
            names(RuleSet::TAKE_EDGES.moves(&board)),
            ["d1", "e1", "h4", "h5", "h6", "h7", "c8"]
        );
        // Every move but g3 lets White onto an edge square it could not
        // play on before.
        let before = board.pass().moves() & EDGE_SQUARES;
        for square in Squares(board.moves()) {
            let after = board.play(square).unwrap();
            let gives = after.moves() & EDGE_SQUARES & !before != 0;
            assert_eq!(gives, square.to_string() != "g3", "{square}");
        }
        assert_eq!(names(RuleSet::KEEP_EDGES.moves(&board)), ["g3"]);
        // The start has no edge move: the edge rules keep every move.
        assert_eq!(EVERY.moves(&Board::START), Board::START.moves());
    }
}
