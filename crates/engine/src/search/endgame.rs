//! The exact endgame solver: null-window searches to the end of the game.
//!
//! Following BILL (Lee and Mahajan, "BILL: A Table-Based,
//! Knowledge-Intensive Othello Program", 1986, section 3.1) and today's
//! strong public engines (Edax, Egaroucid): fastest-first move ordering (fewest replies for
//! the opponent) with the transposition table from [`TT_EMPTIES`] empties up,
//! quadrant-parity ordering without table below [`SHALLOW_EMPTIES`], a
//! stability cutoff from [`STABILITY_EMPTIES`] empties up, and hand-written
//! code for the last four empties. All
//! functions are fail-soft: with window `(alpha, alpha + 1)` a result above
//! `alpha` is a lower bound, at or below it an upper bound.

use crate::board::Board;
use crate::moves::{flips, legal_moves, neighbours};
use crate::square::Square;
use crate::stability::stable_discs;

use super::busy::Deferral;
use super::endcut;
use super::move_list::{Candidate, MoveList};
use super::tt::Store;
use super::Searcher;
use crate::score::{MAX_SCORE, NO_SCORE};

/// From this many empties up the endgame uses the transposition table
/// (from 7 rather than 8: 6% fewer nodes on FFO #40-#49, docs/benchmarks.md).
pub const TT_EMPTIES: u32 = 7;
/// From this many empties up, the children's table entries are probed first
/// (the first height whose children are in the table).
pub const ETC_EMPTIES: u32 = TT_EMPTIES + 1;
/// From this many empties up, a node whose `alpha` the opponent's stable
/// discs already rule out is cut (from 3 empties rather than 7: 29% fewer
/// nodes on FFO #40-#49, and less time; docs/benchmarks.md).
pub const STABILITY_EMPTIES: u32 = 3;
/// From this many empties up, moves are sorted by a shallow search.
pub const SEARCH_ORDER_EMPTIES: u32 = 18;
/// Weight of a move's shallow-search score (per disc) in the order of a
/// deep endgame node's moves, against the fastest-first key's 64 per
/// opponent reply: a disc of score weighs as much as a reply. Chosen on 12
/// WTHOR positions of 24 and 27 empties apart from the benchmark (3.5% fewer
/// nodes than 1024, with which the score alone decided), then checked on FFO
/// #40-#59 (docs/benchmarks.md, "Endgame move order").
const ORDER_SCORE_WEIGHT: i32 = 64;
/// From this many empties up, a parallel search puts off moves another
/// thread is searching.
pub const DEFER_EMPTIES: u32 = 12;
/// At or below this many empties: parity ordering, no move sorting or table.
pub const SHALLOW_EMPTIES: u32 = 6;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Ordering weight of each disc the move makes stable at a corner.
const CORNER_STABILITY_WEIGHT: i32 = 16;
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// Squares grouped from best to worst to try first at equal parity.
const PRIORITY: [u64; 4] = [
    CORNERS,
    !(CORNERS | X_SQUARES | C_SQUARES),
    C_SQUARES,
    X_SQUARES,
];
/// The four quadrants of the board.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The empty squares in quadrants with an odd number of empties.
#[inline]
fn odd_quadrants(empties: u64) -> u64 {
    QUADRANTS
        .iter()
        .filter(|&&q| (empties & q).count_ones() & 1 == 1)
        .fold(0, |odd, q| odd | q)
        & empties
}

/// The empties in the order to try them, as eight groups: odd quadrants
/// first, then the even ones, each by square class (corners first, X-squares last).
#[inline]
fn parity_groups(empties: u64) -> [u64; 8] {
    let odd = odd_quadrants(empties);
    let even = empties & !odd;
    [
        odd & PRIORITY[0],
        odd & PRIORITY[1],
        odd & PRIORITY[2],
        odd & PRIORITY[3],
        even & PRIORITY[0],
        even & PRIORITY[1],
        even & PRIORITY[2],
        even & PRIORITY[3],
    ]
}

/// The empties in the order to try them (see [`parity_groups`]).
#[inline]
fn parity_order(empties: u64) -> impl Iterator<Item = Square> {
    parity_groups(empties)
        .into_iter()
        .flat_map(crate::square::Squares)
}

/// The final score for the side to move when nobody can move.
#[inline]
fn final_score(player: u64, opponent: u64) -> i32 {
    Board { player, opponent }.final_score()
}

/// The exact score with one empty square `x` left.
#[inline]
fn solve_1(player: u64, opponent: u64, x: Square) -> i32 {
    let discs = 2 * player.count_ones() as i32 - 63;
    let flipped = flips(player, opponent, x.index()).count_ones() as i32;
    if flipped > 0 {
        return discs + 2 * flipped + 1;
    }
    let flipped = flips(opponent, player, x.index()).count_ones() as i32;
    if flipped > 0 {
        return discs - 2 * flipped - 1;
    }
    if discs > 0 {
        discs + 1
    } else {
        discs - 1
    }
}

impl Searcher<'_> {
    /// Moves of the side to move over two empties, or `None` if it has none.
    fn try_2(&mut self, player: u64, opponent: u64, alpha: i32, x: [Square; 2]) -> Option<i32> {
        let mut best = None;
        for (a, b) in [(x[0], x[1]), (x[1], x[0])] {
            let f = flips(player, opponent, a.index());
            if f != 0 {
                self.nodes += 1;
                let score = -solve_1(opponent ^ f, player | f | a.bit(), b);
                if score > alpha {
                    return Some(score);
                }
                best = best.max(Some(score));
            }
        }
        best
    }

    fn solve_2(&mut self, player: u64, opponent: u64, alpha: i32, x: [Square; 2]) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.try_2(player, opponent, alpha, x) {
            return score;
        }
        match self.try_2(opponent, player, -alpha - 1, x) {
            Some(score) => -score,
            None => final_score(player, opponent),
        }
    }

    fn try_3(&mut self, player: u64, opponent: u64, alpha: i32, x: [Square; 3]) -> Option<i32> {
        let mut best = None;
        for (a, rest) in [
            (x[0], [x[1], x[2]]),
            (x[1], [x[0], x[2]]),
            (x[2], [x[0], x[1]]),
        ] {
            let f = flips(player, opponent, a.index());
            if f != 0 {
                let score = -self.solve_2(opponent ^ f, player | f | a.bit(), -alpha - 1, rest);
                if score > alpha {
                    return Some(score);
                }
                best = best.max(Some(score));
            }
        }
        best
    }

    fn solve_3(&mut self, player: u64, opponent: u64, alpha: i32, x: [Square; 3]) -> i32 {
        self.nodes += 1;
        if STABILITY_EMPTIES <= 3 {
            if let Some(bound) = self.stability_cutoff(&Board { player, opponent }, alpha, 3) {
                return bound;
            }
        }
        if let Some(score) = self.try_3(player, opponent, alpha, x) {
            return score;
        }
        match self.try_3(opponent, player, -alpha - 1, x) {
            Some(score) => -score,
            None => final_score(player, opponent),
        }
    }

    fn try_4(&mut self, player: u64, opponent: u64, alpha: i32, x: [Square; 4]) -> Option<i32> {
        let mut best = None;
        for i in 0..4 {
            let a = x[i];
            let f = flips(player, opponent, a.index());
            if f != 0 {
                let mut rest = [x[0]; 3];
                let mut k = 0;
                for (j, &square) in x.iter().enumerate() {
                    if j != i {
                        rest[k] = square;
                        k += 1;
                    }
                }
                let score = -self.solve_3(opponent ^ f, player | f | a.bit(), -alpha - 1, rest);
                if score > alpha {
                    return Some(score);
                }
                best = best.max(Some(score));
            }
        }
        best
    }

    fn solve_4(&mut self, player: u64, opponent: u64, alpha: i32, empties: u64) -> i32 {
        self.nodes += 1;
        if STABILITY_EMPTIES <= 4 {
            if let Some(bound) = self.stability_cutoff(&Board { player, opponent }, alpha, 4) {
                return bound;
            }
        }
        let mut x = [Square::from_lowest_bit(empties); 4];
        for (slot, square) in x.iter_mut().zip(parity_order(empties)) {
            *slot = square;
        }
        if let Some(score) = self.try_4(player, opponent, alpha, x) {
            return score;
        }
        match self.try_4(opponent, player, -alpha - 1, x) {
            Some(score) => -score,
            None => final_score(player, opponent),
        }
    }

    /// Null-window search near the end: parity order, no table, the
    /// stability cutoff from [`STABILITY_EMPTIES`] empties up.
    fn shallow_nws(&mut self, player: u64, opponent: u64, alpha: i32, empties: u64) -> i32 {
        match empties.count_ones() {
            0 => return final_score(player, opponent),
            1 => {
                self.nodes += 1;
                return solve_1(player, opponent, Square::from_lowest_bit(empties));
            }
            2 => {
                let a = Square::from_lowest_bit(empties);
                let b = Square::from_lowest_bit(empties & (empties - 1));
                return self.solve_2(player, opponent, alpha, [a, b]);
            }
            3 => {
                let mut x = [Square::from_lowest_bit(empties); 3];
                for (slot, square) in x.iter_mut().zip(parity_order(empties)) {
                    *slot = square;
                }
                return self.solve_3(player, opponent, alpha, x);
            }
            4 => return self.solve_4(player, opponent, alpha, empties),
            _ => {}
        }
        if self.visit() {
            return 0;
        }
        let count = empties.count_ones();
        if count >= STABILITY_EMPTIES {
            if let Some(bound) = self.stability_cutoff(&Board { player, opponent }, alpha, count) {
                return bound;
            }
        }
        let mut best = None;
        let moves = legal_moves(player, opponent);
        for group in parity_groups(empties) {
            let mut squares = group & moves;
            while squares != 0 {
                let square = Square::from_lowest_bit(squares);
                squares &= squares - 1;
                let f = flips(player, opponent, square.index());
                let bit = square.bit();
                let score =
                    -self.shallow_nws(opponent ^ f, player | f | bit, -alpha - 1, empties ^ bit);
                if score > alpha {
                    return score;
                }
                best = best.max(Some(score));
            }
        }
        match best {
            Some(score) => score,
            None if legal_moves(opponent, player) != 0 => {
                -self.shallow_nws(opponent, player, -alpha - 1, empties)
            }
            None => final_score(player, opponent),
        }
    }

    /// The upper bound that the opponent's stable discs allow, if it is at or below `alpha`.
    #[inline]
    fn stability_cutoff(&self, board: &Board, alpha: i32, empties: u32) -> Option<i32> {
        // Only worth its cost when alpha is high for this stage.
        if alpha < 2 * (empties as i32) - 8 || alpha < 8 {
            return None;
        }
        let bound = MAX_SCORE - 2 * stable_discs(board.opponent, board.player).count_ones() as i32;
        (bound <= alpha).then_some(bound)
    }

    /// Null-window endgame search: is the score above `alpha`? Exact, unless
    /// [`Searcher::end_selectivity`] allows selective cuts
    /// ([`Searcher::endgame_probcut`]).
    pub(crate) fn endgame_nws(&mut self, board: &Board, alpha: i32) -> i32 {
        let empties = board.empty_count();
        if empties <= SHALLOW_EMPTIES {
            return self.shallow_nws(board.player, board.opponent, alpha, board.empties());
        }
        if self.visit() {
            return 0;
        }
        if let Some(bound) = self.stability_cutoff(board, alpha, empties) {
            return bound;
        }
        let use_table = empties >= TT_EMPTIES;
        let selectivity = u32::from(self.end_selectivity);
        let mut hint = None;
        if use_table {
            if let Some(hit) = self.probe(board) {
                if hit.depth >= empties && hit.selectivity <= selectivity {
                    if hit.lower > alpha {
                        return hit.lower;
                    }
                    if hit.upper <= alpha {
                        return hit.upper;
                    }
                }
                hint = hit.best;
            }
        }
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return board.final_score();
            }
            return -self.endgame_nws(&board.pass(), -alpha - 1);
        }
        if selectivity > 0 && empties >= endcut::MIN_EMPTIES {
            if let Some(cut) = self.endgame_probcut(board, alpha, empties) {
                return cut;
            }
        }
        let mut list = ordered_endgame_moves(board, moves, hint);
        if empties >= ETC_EMPTIES {
            if let Some(bound) = self.enhanced_cutoff(&list, alpha, empties - 1, selectivity) {
                return bound;
            }
        }
        if empties >= SEARCH_ORDER_EMPTIES {
            self.order_by_shallow_search(&mut list, empties, hint);
        }
        let mut best = NO_SCORE;
        let mut best_move = None;
        // In a parallel search, moves another thread is searching wait.
        let mut order = Deferral::new(self.busy.filter(|_| empties >= DEFER_EMPTIES));
        'passes: loop {
            for (index, candidate) in list.iter().enumerate() {
                if !order.now(index, &candidate.next) {
                    continue;
                }
                let entry = order.enter(&candidate.next);
                let score = -self.endgame_nws(&candidate.next, -alpha - 1);
                order.leave(entry);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_move = Some(candidate.square);
                    if score > alpha {
                        break 'passes;
                    }
                }
            }
            if !order.next_pass() {
                break;
            }
        }
        if use_table {
            self.store(
                board,
                Store {
                    depth: empties,
                    selectivity,
                    alpha,
                    beta: alpha + 1,
                    score: best,
                    // Below a selective node that failed low the children's
                    // bounds are cut-off values: their best is no hint.
                    best: best_move.filter(|_| selectivity == 0 || best > alpha),
                },
            );
        }
        best
    }

    /// Enhanced transposition cutoff: a child whose stored upper bound
    /// already proves this node above `alpha` ends the search at once.
    fn enhanced_cutoff(
        &self,
        list: &MoveList,
        alpha: i32,
        child_empties: u32,
        selectivity: u32,
    ) -> Option<i32> {
        list.iter().find_map(|c| {
            let hit = self.probe(&c.next)?;
            let proven =
                hit.depth >= child_empties && hit.selectivity <= selectivity && -hit.upper > alpha;
            proven.then_some(-hit.upper)
        })
    }

    /// Re-sorts deep endgame moves by a shallow midgame search of the
    /// position after each (the table's move stays first).
    fn order_by_shallow_search(&mut self, list: &mut MoveList, empties: u32, hint: Option<Square>) {
        // Called from SEARCH_ORDER_EMPTIES (18) up.
        let depth = if empties >= 22 { 4 } else { 3 };
        for c in list.iter_mut() {
            if Some(c.square) != hint {
                c.key += -self.ordering_search(&c.next, depth) * ORDER_SCORE_WEIGHT;
            }
        }
        list.sort();
    }

    /// Exact endgame search with a window: principal variation search
    /// over [`Searcher::endgame_nws`].
    pub(crate) fn endgame_pvs(&mut self, board: &Board, mut alpha: i32, beta: i32) -> i32 {
        let empties = board.empty_count();
        if beta - alpha <= 1 {
            return self.endgame_nws(board, alpha);
        }
        if empties <= 1 || self.visit() {
            return if empties == 1 {
                solve_1(
                    board.player,
                    board.opponent,
                    Square::from_lowest_bit(board.empties()),
                )
            } else {
                board.final_score()
            };
        }
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return board.final_score();
            }
            return -self.endgame_pvs(&board.pass(), -beta, -alpha);
        }
        let hint = self.probe(board).and_then(|hit| hit.best);
        let list = ordered_endgame_moves(board, moves, hint);
        let original_alpha = alpha;
        let mut best = NO_SCORE;
        let mut best_move = None;
        let mut order = Deferral::new(self.busy.filter(|_| empties >= DEFER_EMPTIES));
        'passes: loop {
            for (index, candidate) in list.iter().enumerate() {
                if !order.now(index, &candidate.next) {
                    continue;
                }
                let entry = order.enter(&candidate.next);
                let mut score = if index == 0 {
                    -self.endgame_pvs(&candidate.next, -beta, -alpha)
                } else {
                    -self.endgame_nws(&candidate.next, -alpha - 1)
                };
                if index > 0 && score > alpha && score < beta && !self.aborted {
                    // A fail-soft bound from a re-search narrower than (alpha,
                    // beta) could undercut the null window's proof: re-search the full window.
                    score = -self.endgame_pvs(&candidate.next, -beta, -alpha);
                }
                order.leave(entry);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_move = Some(candidate.square);
                    alpha = alpha.max(score);
                    if score >= beta {
                        break 'passes;
                    }
                }
            }
            if !order.next_pass() {
                break;
            }
        }
        self.record_pv(board, original_alpha, beta, best_move);
        self.store(
            board,
            Store {
                depth: empties,
                selectivity: u32::from(self.end_selectivity),
                alpha: original_alpha,
                beta,
                score: best,
                best: best_move,
            },
        );
        best
    }
}

/// Fastest-first key: few opponent replies (corners counted twice), few
/// potential replies, odd quadrant, discs made stable at corners, and the
/// table's best move first.
#[inline]
fn endgame_key(next: &Board, square: Square, odd: u64, hint: Option<Square>) -> i32 {
    if Some(square) == hint {
        return i32::MAX;
    }
    let replies = legal_moves(next.player, next.opponent);
    let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
    let potential = (neighbours(next.opponent) & next.empties()).count_ones() as i32;
    let parity = i32::from(odd & square.bit() != 0);
    -mobility * 64 - potential * 4
        + parity * 16
        + corner_stability(next.opponent) * CORNER_STABILITY_WEIGHT
}

/// Discs of `discs` on corners and on the edge squares next to a corner they hold.
#[inline]
fn corner_stability(discs: u64) -> i32 {
    let held = discs & CORNERS;
    let next_to = ((held & 0x0100_0000_0000_0001) << 1)
        | ((held & 0x8000_0000_0000_0080) >> 1)
        | ((held & 0x0000_0000_0000_0081) << 8)
        | ((held & 0x8100_0000_0000_0000) >> 8);
    ((held | next_to) & discs).count_ones() as i32
}

/// The legal moves of `board` sorted best first for the endgame.
fn ordered_endgame_moves(board: &Board, moves: u64, hint: Option<Square>) -> MoveList {
    let odd = odd_quadrants(board.empties());
    let mut list = MoveList::new();
    for square in crate::square::Squares(moves) {
        let f = flips(board.player, board.opponent, square.index());
        let next = board.play_flips(square, f);
        let key = endgame_key(&next, square, odd, hint);
        list.push(Candidate { square, next, key });
    }
    list.sort();
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::NativeClock;
    use crate::search::tt::Table;
    use crate::search::{Limits, Silent};

    #[test]
    fn null_windows_bound_the_exact_score() {
        let board = Board {
            player: 9259156845529477891,
            opponent: 2269917450165734652,
        };
        let table = Table::new(1);
        let clock = NativeClock::new();
        let mut silent = Silent;
        let mut searcher = Searcher::new(&table, false, &Limits::default(), &clock, &mut silent);
        for square in board.move_list() {
            let next = board.play(square).unwrap();
            let exact = searcher.endgame_pvs(&next, -MAX_SCORE, MAX_SCORE);
            for beta in (-60..=MAX_SCORE).step_by(4) {
                let score = searcher.endgame_pvs(&next, -MAX_SCORE, beta);
                if exact >= beta {
                    assert!(
                        score >= beta && score <= exact,
                        "{square} beta {beta}: {score} vs exact {exact}"
                    );
                } else {
                    assert_eq!(score, exact, "{square} beta {beta}");
                }
            }
            for alpha in -MAX_SCORE..MAX_SCORE {
                let score = searcher.endgame_nws(&next, alpha);
                if exact > alpha {
                    assert!(
                        score > alpha && score <= exact,
                        "{square} alpha {alpha}: {score} vs exact {exact}"
                    );
                } else {
                    assert!(
                        score <= alpha && score >= exact,
                        "{square} alpha {alpha}: {score} vs exact {exact}"
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod cutoff_tests {
    use super::*;
    use crate::clock::NativeClock;
    use crate::search::tt::Table;
    use crate::search::{Limits, Silent};

    /// The exact score by plain negamax over every move.
    fn negamax(board: &Board) -> i32 {
        let moves = board.moves();
        if moves == 0 {
            if legal_moves(board.opponent, board.player) == 0 {
                return board.final_score();
            }
            return -negamax(&board.pass());
        }
        crate::square::Squares(moves)
            .map(|square| -negamax(&board.play(square).unwrap()))
            .max()
            .unwrap()
    }

    /// Positions with `empties` empties from seeded random games (with passes).
    fn random_positions(empties: u32, count: usize, mut seed: u64) -> Vec<Board> {
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut board = Board::START;
            while board.empty_count() > empties && !board.is_game_over() {
                let moves: Vec<Square> = board.move_list().collect();
                if moves.is_empty() {
                    board = board.pass();
                    continue;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                board = board.play(moves[seed as usize % moves.len()]).unwrap();
            }
            if board.empty_count() == empties && !board.is_game_over() {
                positions.push(board);
            }
        }
        positions
    }

    #[test]
    fn cutoffs_near_the_end_keep_every_null_window_exact() {
        let table = Table::new(1);
        let clock = NativeClock::new();
        let mut silent = Silent;
        let mut searcher = Searcher::new(&table, false, &Limits::default(), &clock, &mut silent);
        let mut stability_cuts = 0;
        for empties in STABILITY_EMPTIES..=TT_EMPTIES {
            for board in random_positions(empties, 40, 0x9e37_79b9_7f4a_7c15 + u64::from(empties)) {
                let exact = negamax(&board);
                for alpha in -MAX_SCORE..MAX_SCORE {
                    if searcher.stability_cutoff(&board, alpha, empties).is_some() {
                        stability_cuts += 1;
                    }
                    let score = searcher.endgame_nws(&board, alpha);
                    if exact > alpha {
                        assert!(score > alpha && score <= exact, "{board:?} alpha {alpha}");
                    } else {
                        assert!(score <= alpha && score >= exact, "{board:?} alpha {alpha}");
                    }
                }
            }
        }
        // The positions do exercise the cutoff.
        assert!(stability_cuts > 100, "{stability_cuts} stability cutoffs");
    }
}

#[cfg(test)]
mod order_tests {
    use super::*;

    #[test]
    fn priority_classes_partition_the_board() {
        assert_eq!(PRIORITY.iter().fold(0, |all, class| all | class), !0);
        assert_eq!(PRIORITY.iter().map(|c| c.count_ones()).sum::<u32>(), 64);
        let empties = 0xf00f_0000_1234_8001;
        let order: Vec<Square> = parity_order(empties).collect();
        assert_eq!(order.len() as u32, empties.count_ones());
    }
}
