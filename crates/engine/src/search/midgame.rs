//! The midgame search: principal variation search (NegaScout) with
//! null-window searches below the first move, a transposition table and
//! move ordering, over the static evaluation.
//!
//! Following Snow, Patel and Jacobs, "Othello: The Moors of Venice" (a
//! Stanford CS 221 report: NegaScout with a transposition table) and
//! "Othello/Alpha-Beta Research" (a Spring 2001 student research project:
//! null-window searches: fail-soft bounds, re-search only when a null window
//! fails high inside the full window). When the remaining depth
//! reaches the end of the game, the exact endgame solver takes over.

use crate::board::Board;
use crate::moves::{flips, legal_moves, neighbours};
use crate::square::{Square, Squares};

use super::busy::Deferral;
use super::move_list::{Candidate, ListPool, MoveList};
use super::tt::Store;
use super::Searcher;
use crate::score::{MAX_SCORE, NO_SCORE};

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// From this depth up, moves are ordered by a shallow search.
const SHALLOW_ORDER_DEPTH: u32 = 4;
/// From this depth up, a parallel search puts off moves another thread is
/// searching.
const DEFER_DEPTH: u32 = 4;

impl Searcher<'_> {
    /// The value of `board` searched `depth` plies, within `(alpha, beta)`.
    pub(crate) fn pvs(&mut self, board: &Board, alpha: i32, beta: i32, depth: u32) -> i32 {
        self.midgame(board, alpha, beta, depth)
    }

    /// The full-window value of `board` at a shallow `depth`, to order moves
    /// (its lines are not recorded as the principal variation).
    pub(crate) fn ordering_search(&mut self, board: &Board, depth: u32) -> i32 {
        self.ordering += 1;
        let value = self.pvs(board, -MAX_SCORE, MAX_SCORE, depth);
        self.ordering -= 1;
        value
    }

    /// Null-window search: is the value of `board` at `depth` above `alpha`?
    pub(crate) fn nws(&mut self, board: &Board, alpha: i32, depth: u32) -> i32 {
        self.midgame(board, alpha, alpha + 1, depth)
    }

    fn midgame(&mut self, board: &Board, alpha: i32, beta: i32, depth: u32) -> i32 {
        let empties = board.empty_count();
        if depth >= empties {
            return self.endgame_pvs(board, alpha, beta);
        }
        if depth == 0 {
            self.nodes += 1;
            return self.evaluation.evaluate(board);
        }
        if self.visit() {
            return 0;
        }
        let hit = self.probe(board);
        if let Some(hit) = hit {
            // Only results of exactly this depth cut, so that a search gives the
            // same value with and without the table.
            // Principal variation nodes are searched again, so that the line
            // reported is the search's own, whatever the table kept.
            if hit.depth == depth
                && hit.selectivity <= u32::from(self.selectivity)
                && !self.is_pv_node(alpha, beta)
            {
                if hit.lower >= beta {
                    return hit.lower;
                }
                if hit.upper <= alpha {
                    return hit.upper;
                }
                if hit.lower == hit.upper {
                    return hit.lower;
                }
            }
        }
        let moves = board.moves();
        if beta - alpha == 1 && moves != 0 {
            if let Some(cut) = self.probcut(board, alpha, depth) {
                return cut;
            }
        }
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return board.final_score();
            }
            return -self.midgame(&board.pass(), -beta, -alpha, depth);
        }
        let slot = ListPool::MIDGAME + depth as usize;
        let mut list = self.lists.take(slot);
        self.ordered_moves(board, moves, depth, hit.and_then(|h| h.best), &mut list);
        let score = self.midgame_moves(board, (alpha, beta), depth, empties, &mut list);
        self.lists.put(slot, list);
        score
    }

    /// The rest of [`Searcher::midgame`] at a node whose moves are in
    /// `list` with their keys: the list is sorted as it is searched (a
    /// node cut by its first move sorts no further).
    fn midgame_moves(
        &mut self,
        board: &Board,
        (mut alpha, beta): (i32, i32),
        depth: u32,
        empties: u32,
        list: &mut MoveList,
    ) -> i32 {
        let original_alpha = alpha;
        let mut best = NO_SCORE;
        let mut best_move = None;
        // In a parallel search, moves another thread is searching wait.
        let shared = self
            .busy
            .filter(|_| depth >= DEFER_DEPTH && self.ordering == 0);
        let mut order = Deferral::new(shared);
        let mut first_pass = true;
        'passes: loop {
            for index in 0..list.len() {
                if first_pass {
                    list.select(index);
                }
                let candidate = *list.get(index);
                if !order.now(index, &candidate.next) {
                    continue;
                }
                let entry = order.enter(&candidate.next);
                let mut score = if depth == 1 {
                    // The children are leaves, whose value does not depend on
                    // the window: each evaluated once, with the legal moves
                    // the move order found.
                    self.nodes += 1;
                    let (next, replies) = (&candidate.next, candidate.replies);
                    -self.evaluation.evaluate_given(next, empties - 1, replies)
                } else if index == 0 || beta - alpha <= 1 {
                    -self.midgame(&candidate.next, -beta, -alpha, depth - 1)
                } else {
                    let probe = -self.nws(&candidate.next, -alpha - 1, depth - 1);
                    if probe > alpha && probe < beta && !self.aborted {
                        -self.midgame(&candidate.next, -beta, -alpha, depth - 1)
                    } else {
                        probe
                    }
                };
                order.leave(entry);
                if self.aborted {
                    return 0;
                }
                score = score.clamp(-MAX_SCORE, MAX_SCORE);
                if score > best {
                    best = score;
                    best_move = Some(candidate.square);
                    if score > alpha {
                        alpha = score;
                        if score >= beta {
                            break 'passes;
                        }
                    }
                }
            }
            if !order.next_pass() {
                break;
            }
            first_pass = false;
        }
        self.record_pv(board, original_alpha, beta, best_move);
        self.store(
            board,
            Store {
                depth,
                selectivity: u32::from(self.selectivity),
                alpha: original_alpha,
                beta,
                score: best,
                best: best_move,
            },
        );
        best
    }

    /// The legal moves of `board` into `list` with their keys, the best
    /// highest (for [`MoveList::select`]): the table's move, then by a
    /// shallow search (deep nodes) or by mobility; each with the
    /// opponent's replies.
    pub(crate) fn ordered_moves(
        &mut self,
        board: &Board,
        moves: u64,
        depth: u32,
        hint: Option<Square>,
        list: &mut MoveList,
    ) {
        for square in Squares(moves) {
            let f = flips(board.player, board.opponent, square.index());
            let next = board.play_flips(square, f);
            list.push(Candidate {
                square,
                next,
                key: 0,
                replies: 0,
            });
        }
        let shallow = match depth {
            d if d >= SHALLOW_ORDER_DEPTH + 6 => Some(2),
            d if d >= SHALLOW_ORDER_DEPTH => Some(0),
            _ => None,
        };
        for c in list.iter_mut() {
            c.replies = legal_moves(c.next.player, c.next.opponent);
            c.key = if Some(c.square) == hint {
                i32::MAX
            } else {
                let key = mobility_key(&c.next, c.square, c.replies);
                match shallow {
                    Some(d) => -self.ordering_search(&c.next, d) * 256 + key,
                    None => key,
                }
            };
        }
    }
}

/// Ordering key from the opponent's replies (`replies`, its legal moves in
/// `next`): fewer replies, fewer corner replies and fewer potential
/// replies first; corners taken first.
fn mobility_key(next: &Board, square: Square, replies: u64) -> i32 {
    let mobility = (replies.count_ones() + 2 * (replies & CORNERS).count_ones()) as i32;
    let potential = (neighbours(next.opponent) & next.empties()).count_ones() as i32;
    -mobility * 16 - potential * 2 + i32::from(CORNERS & square.bit() != 0) * 32
}
