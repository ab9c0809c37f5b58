//! The null-window drivers over alpha-beta with memory (Plaat, Schaeffer,
//! Pijls and de Bruin's MT framework, as the 2001 study describes it):
//! each call of the root is a null-window alpha-beta (the study's
//! `alphabeta'`) whose fail low is an upper bound and fail high a lower
//! bound on the value; the table keeps what earlier calls found.
//!
//! - MTD(f) starts from a guess and moves the window towards the value.
//! - SSS* starts from above (+infinity): every call fails low, lowering the
//!   bound, until one fails high at the bound itself.
//! - DUAL* starts from below (-infinity): every call fails high until one
//!   fails low at the bound.
//!
//! The study's pseudocode is corrected: MTD(f) loops while `lower < upper`
//! (the text's `upper < lower` never runs), and SSS* and DUAL* start with a
//! bound set (the text leaves `g` unset).

use crate::rules::{Move, Rules};

use super::alphabeta::Search;
use super::counts::SearchResult;
use super::evaluation::Evaluation;
use super::table::TableKey;
use super::INFINITY;

impl<B: Rules + TableKey, E: Evaluation<B> + ?Sized> Search<'_, B, E> {
    /// One null-window call of the root with the window (`beta - 1`,
    /// `beta`): the value, and the best move when it failed high (a move
    /// proving the lower bound); `None` when the stop test ended it.
    fn null_window(
        &mut self,
        board: &B,
        depth: u32,
        beta: i32,
    ) -> Option<(i32, Option<Move<B::Square>>)> {
        self.root_best = None;
        self.counts.calls += 1;
        let value = self.node::<false, true>(board, depth, beta - 1, beta);
        if self.aborted {
            return None;
        }
        Some((value, (value >= beta).then_some(self.root_best).flatten()))
    }

    /// Runs `driver` as one root search and reports it.
    fn drive(
        &mut self,
        depth: u32,
        driver: impl FnOnce(&mut Self) -> Option<(i32, Option<Move<B::Square>>)>,
    ) -> Option<SearchResult<B::Square>> {
        let before = self.counts;
        self.aborted = false;
        let (value, best) = driver(self)?;
        Some(SearchResult {
            value,
            best,
            depth,
            nodes: self.counts.since(before).nodes,
        })
    }

    /// MTD(f) from the first guess `guess`: null-window calls, the window
    /// moved up after a fail high and down after a fail low, until the
    /// bounds meet.
    pub fn mtdf(&mut self, board: &B, depth: u32, guess: i32) -> Option<SearchResult<B::Square>> {
        self.drive(depth, |search| {
            let (mut lower, mut upper) = (-INFINITY, INFINITY);
            let mut value = guess.clamp(-INFINITY + 1, INFINITY - 1);
            let mut best = None;
            while lower < upper {
                let beta = if value == lower { value + 1 } else { value };
                let (found, proving) = search.null_window(board, depth, beta)?;
                value = found;
                if value < beta {
                    upper = value;
                } else {
                    lower = value;
                    best = proving;
                }
            }
            Some((value, best))
        })
    }

    /// SSS* as MT-SSS*: from the bound +infinity, calls with the window
    /// (`bound - 1`, `bound`) until one returns the bound itself (every
    /// other call fails low and gives the next, lower bound). The same
    /// calls as MTD(+infinity).
    pub fn sss_star(&mut self, board: &B, depth: u32) -> Option<SearchResult<B::Square>> {
        self.drive(depth, |search| {
            let mut bound = INFINITY;
            loop {
                let (value, proving) = search.null_window(board, depth, bound)?;
                if value >= bound {
                    return Some((value, proving));
                }
                bound = value;
            }
        })
    }

    /// DUAL* as MT-DUAL*: from the bound -infinity, calls with the window
    /// (`bound`, `bound + 1`) until one returns the bound itself (every
    /// other call fails high and gives the next, higher bound, and the move
    /// that proves it). The same calls as MTD(-infinity).
    pub fn dual_star(&mut self, board: &B, depth: u32) -> Option<SearchResult<B::Square>> {
        self.drive(depth, |search| {
            let mut bound = -INFINITY;
            let mut best = None;
            loop {
                let (value, proving) = search.null_window(board, depth, bound + 1)?;
                if value <= bound {
                    return Some((value, best));
                }
                bound = value;
                best = proving;
            }
        })
    }
}
