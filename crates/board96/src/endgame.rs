//! The exact endgame solver: "when only 14 or fewer plies remain in the
//! game", the report searches to the end with the score feature alone,
//! maximising the final disc margin (empty cells to the winner).
//!
//! Alpha-beta to the end of the game; passes do not count against any
//! depth. With seven or more empty cells the moves are tried fewest
//! opponent replies first, an ordering the report does not describe but
//! which changes only the node count, never the score.

use crate::board::{flips, Board};
use crate::position::Move;
use crate::square::{Square, Squares};

/// The report's threshold: the solver takes over at 14 empty cells (82
/// discs on the board).
pub const SOLVE_EMPTIES: u32 = 14;

/// The solved score of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final score for the side to move with perfect play by both sides.
    pub score: i32,
    /// A move reaching it; `None` when the game is over.
    pub best: Option<Move>,
    /// Nodes visited.
    pub nodes: u64,
}

/// Solves `board` exactly (fast up to about 14 empty cells; any number is
/// accepted).
pub fn solve(board: &Board) -> Solution {
    let mut context = Context {
        nodes: 0,
        stop: None,
        aborted: false,
    };
    root(board, &mut context)
}

/// Solves `board` exactly unless `stop`, asked every 1024 nodes, answers
/// `true` first; then `None`. The same nodes and answer as [`solve`]
/// otherwise.
pub fn solve_with_stop(board: &Board, stop: &dyn Fn() -> bool) -> Option<Solution> {
    let mut context = Context {
        nodes: 0,
        stop: Some(stop),
        aborted: false,
    };
    let solution = root(board, &mut context);
    (!context.aborted).then_some(solution)
}

/// The solver's node count and optional stop test.
struct Context<'a> {
    nodes: u64,
    stop: Option<&'a dyn Fn() -> bool>,
    aborted: bool,
}

fn root(board: &Board, context: &mut Context) -> Solution {
    context.nodes = 1;
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.moves() == 0 {
            return Solution {
                score: board.final_score(),
                best: None,
                nodes: context.nodes,
            };
        }
        let score = -score(&passed, -97, 97, context);
        return Solution {
            score,
            best: Some(Move::Pass),
            nodes: context.nodes,
        };
    }
    let (mut alpha, beta) = (-97, 97);
    let mut best = None;
    for square in ordered(board, moves) {
        let child = board.play_flips(square, flips(board.player, board.opponent, square.index()));
        let value = -score(&child, -beta, -alpha, context);
        if value > alpha || best.is_none() {
            alpha = alpha.max(value);
            best = Some((value, square));
        }
    }
    let (score, square) = best.unwrap_or((alpha, Square::from_lowest_bit(moves)));
    Solution {
        score,
        best: Some(Move::Play(square)),
        nodes: context.nodes,
    }
}

/// The moves of `board`, fewest opponent replies first when seven or more
/// cells are empty, square order otherwise.
fn ordered(board: &Board, moves: u128) -> Vec<Square> {
    let mut list: Vec<Square> = Squares(moves).collect();
    if board.empty_count() >= 7 {
        list.sort_by_key(|square| {
            let child =
                board.play_flips(*square, flips(board.player, board.opponent, square.index()));
            child.moves().count_ones()
        });
    }
    list
}

/// The fail-soft alpha-beta value of `board` to the end of the game.
fn score(board: &Board, mut alpha: i32, beta: i32, context: &mut Context) -> i32 {
    context.nodes += 1;
    if context.nodes & 1023 == 0 && context.stop.is_some_and(|stop| stop()) {
        context.aborted = true;
    }
    if context.aborted {
        return 0;
    }
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        if passed.moves() == 0 {
            return board.final_score();
        }
        return -score(&passed, -beta, -alpha, context);
    }
    let mut best = -97;
    for square in ordered(board, moves) {
        let child = board.play_flips(square, flips(board.player, board.opponent, square.index()));
        let value = -score(&child, -beta, -alpha, context);
        if context.aborted {
            return 0;
        }
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}
