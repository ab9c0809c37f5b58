//! The root of the search: iterative deepening, aspiration windows, the
//! hand-over to the endgame solver, and the analysis of every move.

use crate::board::{Board, Status};
use crate::eval::Evaluation;
use crate::position::Move;
use crate::square::Squares;

use super::busy::Deferral;
use super::children::{score_children, Mode};
use super::{Limits, Line, Progress, Searcher, Solve};
use crate::score::ScoreKind;
use crate::score::{MAX_SCORE, NO_SCORE};

/// Half-width of the aspiration window around the previous iteration's
/// score, a midgame depth's or an exact solve's (around the last midgame
/// depth's or selective pass's score). For solves, FFO #40-#49 (`othello
/// solve --threads 1 --table-mb 64`) took 663,063,752 nodes against
/// 691,037,112 with the whole window; +-2 cost 700,425,401, +-6 689,428,248.
const ASPIRATION: i32 = 4;
/// In solve mode, the midgame iterations before the solve stop at this
/// many plies short of the end ...
const PRESOLVE_GAP: u32 = 8;
/// ... and at most at this depth.
const PRESOLVE_MAX_DEPTH: u32 = 14;
/// ... searched with selective cuts at least this level (73% confidence):
/// they only order moves and fill the table for the exact solve.
const PRESOLVE_SELECTIVITY: u8 = 5;

/// A move of the root with the board after it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: Move,
    next: Board,
    /// Score at the last iteration that searched it exactly (for ordering).
    score: i32,
}

/// The score of one legal move, as [`crate::engine::Engine::analyze`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The move.
    pub mv: Move,
    /// Its score for the side to move, in discs.
    pub score: i32,
    /// How the score was found.
    pub kind: ScoreKind,
    /// Depth searched (the empties for a solve).
    pub depth: u32,
    /// Confidence of selective cuts in percent (100: none).
    pub confidence: u32,
}

/// What one root iteration found.
#[derive(Clone, Debug)]
struct Iteration {
    /// The best score (fail-soft bound outside the window).
    score: i32,
    /// Index of the best move in the root list.
    best: usize,
    /// Whether every move was searched (not aborted).
    complete: bool,
    /// Whether a move after the first was proven better than it before an abort.
    proven_better: bool,
    /// The moves of the lines found (indices in the root list, in the
    /// order found), as many as the search's lines (or the moves).
    lines: Vec<usize>,
}

fn root_moves(board: &Board, evaluation: Evaluation) -> Vec<RootMove> {
    let moves = board.moves();
    if moves == 0 {
        return vec![RootMove {
            mv: Move::Pass,
            next: board.pass(),
            score: 0,
        }];
    }
    Squares(moves)
        .filter_map(|square| {
            board.play(square).map(|next| RootMove {
                mv: Move::Play(square),
                next,
                score: -evaluation.evaluate(&next),
            })
        })
        .collect()
}

/// Puts the moves of the lines first, best first (the first found of
/// equals first), and the others after them by their scores.
fn lines_first(moves: &mut Vec<RootMove>, lines: &[usize]) {
    let mut first: Vec<RootMove> = lines.iter().map(|&i| moves[i]).collect();
    first.sort_by_key(|m| std::cmp::Reverse(m.score));
    let mut indices = lines.to_vec();
    indices.sort_unstable();
    for &i in indices.iter().rev() {
        moves.remove(i);
    }
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
    first.append(moves);
    *moves = first;
}

impl Searcher<'_> {
    /// Confidence in percent of the scores an iteration in `mode` finds.
    fn confidence(&self, mode: Mode) -> u32 {
        match mode {
            Mode::Solve => 100,
            Mode::Midgame(_) => super::probcut::confidence(self.selectivity),
        }
    }

    /// One principal variation search over the root moves: the best
    /// `self.lines` (at least one) are searched within the window, the
    /// others with a null window on the last of them (the best alone, as
    /// principal variation search does, for one line).
    fn root(&mut self, moves: &mut [RootMove], mut alpha: i32, beta: i32, mode: Mode) -> Iteration {
        let wanted = self.lines.max(1);
        let mut result = Iteration {
            score: NO_SCORE,
            best: 0,
            complete: false,
            proven_better: false,
            lines: Vec::with_capacity(wanted + 1),
        };
        // In a parallel search, moves another thread is searching wait.
        let mut order = Deferral::new(self.busy);
        'passes: loop {
            for index in 0..moves.len() {
                let next = moves[index].next;
                if !order.now(index, &next) {
                    continue;
                }
                let entry = order.enter(&next);
                // Until the lines are found, a move gets the window; then a
                // null window on the last line's score (alpha).
                let open = result.lines.len() < wanted;
                let mut score = if open {
                    self.child(&next, alpha, beta, mode)
                } else {
                    self.child(&next, alpha, alpha + 1, mode)
                };
                let proven = !self.aborted && !open && score > alpha;
                if proven {
                    if wanted == 1 {
                        // Proven better than every move before it, even if
                        // the re-search for its exact value is cut short.
                        result.best = index;
                        result.score = score;
                        result.proven_better = true;
                    }
                    if score < beta {
                        score = self.child(&next, alpha, beta, mode);
                    }
                }
                order.leave(entry);
                if self.aborted {
                    return result;
                }
                moves[index].score = score;
                if open || proven {
                    // A new line; past the lines wanted, the lowest of the
                    // others (the last found of equals) leaves.
                    result.lines.push(index);
                    if result.lines.len() > wanted {
                        let lowest = (0..wanted)
                            .rev()
                            .min_by_key(|&i| moves[result.lines[i]].score)
                            .unwrap_or(0);
                        result.lines.remove(lowest);
                    }
                    let best = *result
                        .lines
                        .iter()
                        .rev()
                        .max_by_key(|&&i| moves[i].score)
                        .unwrap_or(&index);
                    result.best = best;
                    result.score = moves[best].score;
                    if result.lines.len() == wanted {
                        let last = result.lines.iter().map(|&i| moves[i].score).min();
                        alpha = alpha.max(last.unwrap_or(alpha));
                        if alpha >= beta {
                            break 'passes;
                        }
                    }
                }
            }
            if !order.next_pass() {
                break;
            }
        }
        result.complete = true;
        result
    }

    /// Searches the root within a window, widening it on failure. Several
    /// lines are searched with the whole window (or the win/loss/draw one).
    fn root_with_window(
        &mut self,
        moves: &mut [RootMove],
        guess: Option<i32>,
        wld: bool,
        mode: Mode,
    ) -> Iteration {
        let (alpha, beta) = match (wld, guess) {
            (true, _) => (-1, 1),
            (false, Some(guess)) if self.lines <= 1 => (
                (guess - ASPIRATION).max(-MAX_SCORE),
                (guess + ASPIRATION).min(MAX_SCORE),
            ),
            _ => (-MAX_SCORE, MAX_SCORE),
        };
        let found = self.root(moves, alpha, beta, mode);
        let failed_low = found.score <= alpha && alpha > -MAX_SCORE;
        let failed_high = found.score >= beta && beta < MAX_SCORE;
        if !found.complete || wld || !(failed_low || failed_high) {
            return found;
        }
        if mode == Mode::Solve && self.end_selectivity == 0 {
            // An exact solve's bound is proven: the search goes on past it.
            return if failed_low {
                self.root(moves, -MAX_SCORE, alpha + 1, mode)
            } else {
                self.root(moves, beta - 1, MAX_SCORE, mode)
            };
        }
        self.root(moves, -MAX_SCORE, MAX_SCORE, mode)
    }

    /// Builds the report of an iteration.
    fn iteration_report(
        &self,
        board: &Board,
        root: &RootMove,
        score: i32,
        depth: u32,
        kind: ScoreKind,
    ) -> Progress {
        let pv = self.principal_variation(board, root.mv, depth);
        Progress {
            depth,
            confidence: if kind == ScoreKind::Depth {
                super::probcut::confidence(self.selectivity)
            } else {
                100
            },
            score,
            kind,
            best: Some(root.mv),
            pv,
            nodes: 0,
            nps: 0,
            elapsed_ms: 0.0,
            lines: Vec::new(),
        }
    }

    /// `lines` (moves with their scores, best first) as the lines of
    /// `report` (its kind, depth and confidence), when the search reports
    /// lines.
    fn add_lines(
        &self,
        board: &Board,
        lines: impl Iterator<Item = (Move, i32)>,
        report: &mut Progress,
    ) {
        if self.lines == 0 {
            return;
        }
        report.lines = lines
            .map(|(mv, score)| Line {
                mv,
                score,
                kind: report.kind,
                depth: report.depth,
                confidence: report.confidence,
                pv: self.principal_variation(board, mv, report.depth),
            })
            .collect();
    }

    /// The report for a finished game.
    fn game_over(&mut self, board: &Board) -> Progress {
        self.publish(Progress {
            depth: 0,
            confidence: 100,
            score: board.final_score(),
            kind: ScoreKind::Exact,
            best: None,
            pv: Vec::new(),
            nodes: 0,
            nps: 0,
            elapsed_ms: 0.0,
            lines: Vec::new(),
        })
    }

    /// The depth of the next iteration after `depth`.
    fn next_depth(depth: u32, empties: u32, limits: &Limits) -> u32 {
        let presolve = empties.saturating_sub(PRESOLVE_GAP).min(PRESOLVE_MAX_DEPTH);
        if limits.solve != Solve::Deepen && depth >= presolve {
            empties
        } else {
            (depth + 1).min(empties)
        }
    }

    /// Iterative deepening from `board` within `limits`.
    pub(crate) fn iterate(&mut self, board: &Board, limits: &Limits) -> Progress {
        if board.status() == Status::GameOver {
            return self.game_over(board);
        }
        let empties = board.empty_count();
        let mut moves = root_moves(board, self.evaluation);
        moves.retain(|m| !matches!(m.mv, Move::Play(square) if self.excluded & square.bit() != 0));
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        let max_depth = limits.depth.unwrap_or(u32::MAX).max(1);
        let soft = limits.soft_time_ms.unwrap_or(f64::INFINITY);
        let mut last: Option<Progress> = None;
        // Until the first iteration ends, periodic progress shows the best-ordered move.
        self.report =
            Some(self.iteration_report(board, &moves[0], moves[0].score, 0, ScoreKind::Depth));
        let mut depth = Self::next_depth(0, empties, limits);
        let selectivity = self.selectivity;
        // The selective endgame passes still to run before an exact solve,
        // each filling the table with best moves (see [`super::endcut`]).
        let selective = [limits.end_selectivity];
        let mut passes: &[u8] = match limits.solve {
            Solve::Exact if empties >= self.end_passes_from => self.end_passes,
            Solve::Selective => &selective,
            _ => &[],
        };
        loop {
            let mode = if depth >= empties {
                Mode::Solve
            } else {
                Mode::Midgame(depth)
            };
            self.selectivity = if mode != Mode::Solve && limits.solve != Solve::Deepen {
                selectivity.max(PRESOLVE_SELECTIVITY)
            } else {
                selectivity
            };
            let wld = mode == Mode::Solve && limits.solve == Solve::WinLossDraw;
            let guess = last.as_ref().map(|p| p.score);
            self.end_selectivity = match (mode, passes.split_first()) {
                (Mode::Solve, Some((&level, rest))) => {
                    passes = rest;
                    level
                }
                _ => 0,
            };
            self.pv_moves.clear();
            let found = self.root_with_window(&mut moves, guess, wld, mode);
            let end_selectivity = std::mem::take(&mut self.end_selectivity);
            let kind = match (mode, wld) {
                (Mode::Solve, _) if end_selectivity > 0 => ScoreKind::Depth,
                (Mode::Solve, true) => ScoreKind::WinLossDraw,
                (Mode::Solve, false) => ScoreKind::Exact,
                _ => ScoreKind::Depth,
            };
            let shown_depth = if mode == Mode::Solve { empties } else { depth };
            if !found.complete {
                // A move proven better than the last iteration's best at a
                // deeper midgame depth is played (BILL); a solve's bounds do
                // not compare with midgame scores, so an unfinished solve keeps
                // the last result.
                if found.proven_better && mode != Mode::Solve {
                    let previous_depth = last.as_ref().map_or(depth, |p| p.depth);
                    let previous_kind = last.as_ref().map_or(ScoreKind::Depth, |p| p.kind);
                    let mut report = self.iteration_report(
                        board,
                        &moves[found.best],
                        found.score,
                        previous_depth,
                        previous_kind,
                    );
                    let proven = (moves[found.best].mv, found.score);
                    self.add_lines(board, std::iter::once(proven), &mut report);
                    last = Some(self.publish(report));
                }
                break;
            }
            lines_first(&mut moves, &found.lines);
            let mut report =
                self.iteration_report(board, &moves[0], found.score, shown_depth, kind);
            if end_selectivity > 0 {
                report.confidence = super::probcut::confidence(end_selectivity);
            }
            let lines = moves.iter().take(found.lines.len());
            self.add_lines(board, lines.map(|m| (m.mv, m.score)), &mut report);
            if end_selectivity > 0 {
                last = Some(self.publish(report));
                if limits.solve == Solve::Selective && passes.is_empty() {
                    break;
                }
                // The next endgame pass (the exact one last).
                continue;
            }
            last = Some(self.publish(report));
            if mode == Mode::Solve || depth >= max_depth || self.elapsed_ms() >= soft {
                break;
            }
            depth = Self::next_depth(depth, empties, limits);
        }
        match last {
            Some(mut report) => {
                self.refresh(&mut report);
                report
            }
            None => {
                // Not even the first iteration finished: play the best-ordered
                // move (the best-ordered moves as the lines).
                let mut report =
                    self.iteration_report(board, &moves[0], moves[0].score, 0, ScoreKind::Depth);
                let ordered = moves.iter().take(self.lines);
                self.add_lines(board, ordered.map(|m| (m.mv, m.score)), &mut report);
                self.publish(report)
            }
        }
    }

    /// Scores every root move to the same depth, deepening until a limit.
    pub(crate) fn analyze(&mut self, board: &Board, limits: &Limits) -> Vec<super::MoveScore> {
        if board.status() == Status::GameOver {
            return Vec::new();
        }
        let empties = board.empty_count();
        let mut moves = root_moves(board, self.evaluation);
        let mut scores: Vec<Option<MoveScore>> = vec![None; moves.len()];
        let max_depth = limits.depth.unwrap_or(u32::MAX).max(1);
        let soft = limits.soft_time_ms.unwrap_or(f64::INFINITY);
        let mut depth = Self::next_depth(0, empties, limits);
        'deepen: loop {
            let mode = if depth >= empties {
                Mode::Solve
            } else {
                Mode::Midgame(depth)
            };
            let wld = mode == Mode::Solve && limits.solve == Solve::WinLossDraw;
            // A level's selective endgame search scores every move to the
            // end at its confidence.
            let selective = mode == Mode::Solve && limits.solve == Solve::Selective;
            self.end_selectivity = if selective { limits.end_selectivity } else { 0 };
            let (alpha, beta, kind) = match (mode, wld) {
                _ if selective => (-MAX_SCORE, MAX_SCORE, ScoreKind::Depth),
                (Mode::Solve, true) => (-1, 1, ScoreKind::WinLossDraw),
                (Mode::Solve, false) => (-MAX_SCORE, MAX_SCORE, ScoreKind::Exact),
                _ => (-MAX_SCORE, MAX_SCORE, ScoreKind::Depth),
            };
            let confidence = if selective {
                super::probcut::confidence(limits.end_selectivity)
            } else {
                self.confidence(mode)
            };
            let shown_depth = if mode == Mode::Solve { empties } else { depth };
            self.pv_moves.clear();
            let children: Vec<Board> = moves.iter().map(|root| root.next).collect();
            let found = match (self.threads, self.pool) {
                (threads, Some(pool)) if threads > 1 => {
                    score_children(self, pool, &children, (alpha, beta), mode, threads)
                }
                _ => {
                    let mut found = Vec::with_capacity(moves.len());
                    for next in &children {
                        let score = self.child(next, alpha, beta, mode);
                        if self.aborted {
                            break;
                        }
                        found.push(score);
                    }
                    found
                }
            };
            if self.aborted || found.len() < moves.len() {
                // Only whole depths are kept, so every move has the same depth.
                break 'deepen;
            }
            for ((root, slot), score) in moves.iter_mut().zip(scores.iter_mut()).zip(found) {
                root.score = score;
                *slot = Some(MoveScore {
                    mv: root.mv,
                    score,
                    kind,
                    depth: shown_depth,
                    confidence,
                });
            }
            if let Some(best) = moves.iter().max_by_key(|m| m.score) {
                let best = *best;
                let mut report = self.iteration_report(board, &best, best.score, shown_depth, kind);
                if selective {
                    report.confidence = confidence;
                }
                self.publish(report);
            }
            if mode == Mode::Solve || depth >= max_depth || self.elapsed_ms() >= soft {
                break;
            }
            depth = Self::next_depth(depth, empties, limits);
        }
        self.end_selectivity = 0;
        let mut result: Vec<MoveScore> = scores.into_iter().flatten().collect();
        if result.is_empty() {
            // Aborted before any depth completed: order by the static guess.
            result = moves
                .iter()
                .map(|m| MoveScore {
                    mv: m.mv,
                    score: m.score,
                    kind: ScoreKind::Depth,
                    depth: 0,
                    confidence: 100,
                })
                .collect();
        }
        result.sort_by_key(|m| std::cmp::Reverse(m.score));
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::NativeClock;
    use crate::notation::obf;
    use crate::search::endcut::{MEASURED_PASS, SOLVE_FROM};
    use crate::search::tt::Table;
    use crate::search::Observer;

    /// Records every report of a search.
    struct Reports(Vec<Progress>);

    impl Observer for Reports {
        fn progress(&mut self, progress: &Progress) {
            self.0.push(progress.clone());
        }
    }

    #[test]
    fn selective_endgame_passes_precede_the_exact_solve_and_leave_it_exact() {
        // Held-out positions with 24 empties (every fifth line of the file),
        // solved after a selective pass at 73%: the pass is reported with its
        // confidence, then the exact score of the file is proven.
        let file = include_str!("../../../../tests/data/heldout-20-24.obf");
        let limits = Limits {
            solve: Solve::Exact,
            ..Limits::default()
        };
        for line in file.lines().skip(4).step_by(5).take(2) {
            let position = obf::parse(line).unwrap();
            let board = position.position.board;
            let empties = board.empty_count();
            assert_eq!(empties, 24, "{line}");
            let (mv, score) = position.scores[0];
            let table = Table::new(16);
            let clock = NativeClock::new();
            let mut reports = Reports(Vec::new());
            let mut searcher = Searcher::new(&table, true, &limits, &clock, &mut reports);
            searcher.end_passes = &[MEASURED_PASS];
            // From 24 empties, for positions of the file (the default is
            // from more).
            searcher.end_passes_from = 24;
            let result = searcher.iterate(&board, &limits);
            assert_eq!(searcher.end_selectivity, 0);
            let selective: Vec<u32> = reports
                .0
                .iter()
                .filter(|p| p.depth == empties && p.kind == ScoreKind::Depth)
                .map(|p| p.confidence)
                .collect();
            assert!(!selective.is_empty(), "{line}");
            assert!(selective.iter().all(|&c| c == 73), "{line}");
            assert_eq!(result.kind, ScoreKind::Exact, "{line}");
            assert_eq!((result.best, result.score), (Some(mv), score), "{line}");
            // By default a solve of fewer than SOLVE_FROM empties has no pass.
            assert!(empties < SOLVE_FROM);
            let table = Table::new(16);
            let mut reports = Reports(Vec::new());
            let mut searcher = Searcher::new(&table, true, &limits, &clock, &mut reports);
            let result = searcher.iterate(&board, &limits);
            assert!(
                reports
                    .0
                    .iter()
                    .all(|p| p.depth < empties || p.kind == ScoreKind::Exact),
                "{line}"
            );
            assert_eq!((result.best, result.score), (Some(mv), score), "{line}");
        }
    }

    #[test]
    fn a_selective_endgame_searches_to_the_end_at_its_confidence_and_stops_there() {
        // FForum #1-#3 (14 empties), searched to the end with the endgame
        // cuts at 95%, as a level asks from `selective_from` empties: the
        // last report is that search (the end reached, at 95%), with no
        // exact solve after it, and its move is the best the file gives.
        let file = include_str!("../../../../tests/data/ffo/fforum-1-19.obf");
        let end_selectivity = super::super::probcut::selectivity(95).unwrap();
        for line in file.lines().take(3) {
            let problem = obf::parse(line).unwrap();
            let board = problem.position.board;
            let empties = board.empty_count();
            let limits = Limits {
                depth: Some(10),
                exact_from: Some(empties - 4),
                selective_from: Some(empties),
                end_selectivity,
                ..Limits::default()
            }
            .for_board(&board);
            assert_eq!(limits.solve, Solve::Selective);
            let table = Table::new(16);
            let clock = NativeClock::new();
            let mut reports = Reports(Vec::new());
            let mut searcher = Searcher::new(&table, true, &limits, &clock, &mut reports);
            let result = searcher.iterate(&board, &limits);
            assert_eq!(searcher.end_selectivity, 0);
            assert_eq!(
                (result.kind, result.depth, result.confidence),
                (ScoreKind::Depth, empties, 95),
                "{line}"
            );
            assert!(reports.0.iter().all(|p| p.kind == ScoreKind::Depth));
            let best = problem.scores.iter().map(|s| s.1).max().unwrap();
            let played = problem.scores.iter().find(|s| Some(s.0) == result.best);
            assert_eq!(played.map(|s| s.1), Some(best), "{line}");

            // An analysis scores every move so, at 95%.
            let mut reports = Reports(Vec::new());
            let mut searcher = Searcher::new(&table, true, &limits, &clock, &mut reports);
            let scores = searcher.analyze(&board, &limits);
            assert_eq!(searcher.end_selectivity, 0);
            assert_eq!(scores.len(), problem.scores.len(), "{line}");
            for score in &scores {
                assert_eq!(
                    (score.kind, score.depth, score.confidence),
                    (ScoreKind::Depth, empties, 95),
                    "{line}"
                );
            }
            assert_eq!(scores[0].score, best, "{line}");
        }
    }
}
