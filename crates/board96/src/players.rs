//! The report's opponents and whole games between them: a random player
//! (seeded), the greedy player (disc difference) at any depth, the smart
//! player at any depth or on a clock with the adaptive-depth time manager,
//! and [`play_game`].

use crate::position::RED;
use std::fmt;

use othello::rng::Rng;

use crate::board::Board;
use crate::book::Book;
use crate::clock::Clock;
use crate::endgame::{solve, solve_with_stop, SOLVE_EMPTIES};
use crate::eval::{ColourWeights, Evaluator, Greedy, Smart, Weights};
use crate::notation::transcript;
use crate::position::{Color, Game, Move, MoveError, Position};
use crate::search::{Algorithm, Search, SearchResult, TranspositionTable};
use crate::square::Squares;
use crate::time_manager::{allocation, remaining_moves, SearchCost, TimeManager, MIN_DEPTH};
use crate::Status;

/// Buckets of a player's transposition table: `2^TABLE_BITS` (3 MiB).
pub const TABLE_BITS: u32 = 16;

/// A program that chooses moves.
pub trait Player {
    /// A short description, such as `greedy:4`.
    fn name(&self) -> String;

    /// The move to play in `position`, where the side to move has at least
    /// one legal move (passes are played by [`play_game`]).
    fn choose(&mut self, position: &Position) -> Move;
}

/// The first legal move, the fallback when a search gives none.
fn first_move(position: &Position) -> Move {
    Squares(position.board.moves())
        .next()
        .map_or(Move::Pass, Move::Play)
}

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
    seed: u64,
}

impl RandomPlayer {
    /// A random player from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
            seed,
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        format!("random:{}", self.seed)
    }

    fn choose(&mut self, position: &Position) -> Move {
        let moves = position.board.moves();
        let pick = self.rng.below(moves.count_ones() as usize);
        Squares(moves)
            .nth(pick)
            .map_or_else(|| first_move(position), Move::Play)
    }
}

/// A fixed-depth searcher: the greedy or the smart evaluation, a table kept
/// between moves, and optionally the exact solver from 14 empty cells.
pub struct SearchPlayer {
    label: String,
    evaluator: Box<dyn Evaluator>,
    /// White's evaluation when it differs from Red's (`evaluator`).
    white_evaluator: Option<Box<dyn Evaluator>>,
    /// The colour the table's values belong to.
    table_colour: Option<Color>,
    depth: u32,
    algorithm: Algorithm,
    table: TranspositionTable,
    solve_from: Option<u32>,
    book: Option<&'static Book>,
    nodes: u64,
}

impl SearchPlayer {
    /// The report's greedy player: disc difference, alpha-beta to `depth`,
    /// no solver.
    pub fn greedy(depth: u32) -> SearchPlayer {
        SearchPlayer {
            label: format!("greedy:{depth}"),
            evaluator: Box::new(Greedy),
            white_evaluator: None,
            table_colour: None,
            depth,
            algorithm: Algorithm::AlphaBeta,
            table: TranspositionTable::new(TABLE_BITS),
            solve_from: None,
            book: None,
            nodes: 0,
        }
    }

    /// The smart player: the smart evaluation with `weights`, alpha-beta to
    /// `depth`, the exact solver from 14 empty cells.
    pub fn smart(depth: u32, weights: Weights) -> SearchPlayer {
        SearchPlayer {
            label: format!("smart:{depth}"),
            evaluator: Box::new(Smart { weights }),
            white_evaluator: None,
            table_colour: None,
            depth,
            algorithm: Algorithm::AlphaBeta,
            table: TranspositionTable::new(TABLE_BITS),
            solve_from: Some(SOLVE_EMPTIES),
            book: None,
            nodes: 0,
        }
    }

    /// The smart player with a weight set per colour: Red's weights when it
    /// moves for Red, White's when it moves for White (the report's
    /// separately trained weights).
    pub fn smart_colours(depth: u32, weights: ColourWeights) -> SearchPlayer {
        let ColourWeights { red, white } = weights;
        let mut player = SearchPlayer::smart(depth, red);
        player.white_evaluator = Some(Box::new(Smart { weights: white }));
        player
    }

    /// The same player named `label` (as `name` answers it).
    pub fn with_label(mut self, label: &str) -> SearchPlayer {
        self.label = label.to_string();
        self
    }

    /// The same player searching with `algorithm`.
    pub fn with_algorithm(mut self, algorithm: Algorithm) -> SearchPlayer {
        self.algorithm = algorithm;
        self.label = format!("{}:{}", self.label, algorithm.name());
        self
    }

    /// The same player consulting `book` before it searches (the report's
    /// agent); a book move costs no node.
    pub fn with_book(mut self, book: &'static Book) -> SearchPlayer {
        self.book = Some(book);
        self
    }

    /// Nodes visited over all moves so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The book's move for `position`, if it has one that can be played.
fn book_move(book: Option<&Book>, position: &Position) -> Option<Move> {
    book.and_then(|b| b.lookup(position))
        .map(|m| m.best)
        .filter(|&mv| mv != Move::Pass && position.play(mv).is_ok())
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, position: &Position) -> Move {
        if let Some(mv) = book_move(self.book, position) {
            return mv;
        }
        let board = &position.board;
        if self.solve_from.is_some_and(|e| board.empty_count() <= e) {
            let solution = solve(board);
            self.nodes += solution.nodes;
            return solution.best.unwrap_or_else(|| first_move(position));
        }
        let evaluator = match (&self.white_evaluator, position.to_move) {
            (Some(white), Color::White) => white.as_ref(),
            _ => self.evaluator.as_ref(),
        };
        if self.white_evaluator.is_some() && self.table_colour != Some(position.to_move) {
            // The table's values belong to the other colour's weights.
            self.table.clear();
            self.table_colour = Some(position.to_move);
        }
        let mut search = Search::new(evaluator).with_table(&mut self.table);
        let result = search.run(board, self.depth.max(1), self.algorithm);
        self.nodes += search.nodes();
        result
            .and_then(|r| r.best)
            .unwrap_or_else(|| first_move(position))
    }
}

/// The smart player on a clock: the report's adaptive-depth time manager
/// chooses each depth; a search running past twice its allocation is
/// abandoned and restarted shallower; the solver takes over at 14 empty
/// cells; an opening book, if given, answers first.
///
/// It never overruns its clock, given a clock whose readings between two
/// stop tests (1024 nodes) and around them take less than the move
/// overhead ([`ClockedPlayer::with_move_overhead_ms`]; by default a
/// thousandth of the clock, at least [`MOVE_OVERHEAD_MS`]):
/// every move keeps back one overhead for each of the side's possible
/// later moves (at most one per empty cell), every search and the solver
/// stop at that limit, and a move whose search or solve was stopped there,
/// or that starts without time beyond the reserve, is the best move of a
/// one-ply search, which reads no clock.
pub struct ClockedPlayer<C: Clock> {
    evaluator: Smart,
    /// White's evaluation when it differs from Red's (`evaluator`).
    white_evaluator: Option<Smart>,
    table_colour: Option<Color>,
    clock: C,
    remaining_ms: f64,
    overhead_ms: f64,
    manager: TimeManager,
    table: TranspositionTable,
    book: Option<&'static Book>,
    nodes: u64,
    aborts: u32,
    quick_moves: u32,
    depths: Vec<u32>,
}

/// The least default [`ClockedPlayer::with_move_overhead_ms`]: the default
/// is a thousandth of the clock (10 ms on a 10 s clock: on a loaded machine
/// the wall time between two stop tests can be several times the 1-2 ms
/// that 1024 nodes take), and at least this.
pub const MOVE_OVERHEAD_MS: f64 = 2.0;

impl<C: Clock> ClockedPlayer<C> {
    /// A clocked smart player with `weights`, `total_ms` for the game and
    /// time read from `clock`.
    pub fn new(weights: Weights, total_ms: f64, clock: C) -> ClockedPlayer<C> {
        ClockedPlayer {
            evaluator: Smart { weights },
            white_evaluator: None,
            table_colour: None,
            clock,
            remaining_ms: total_ms,
            overhead_ms: move_overhead_ms(total_ms),
            manager: TimeManager::new(),
            table: TranspositionTable::new(TABLE_BITS),
            book: None,
            nodes: 0,
            aborts: 0,
            quick_moves: 0,
            depths: Vec::new(),
        }
    }

    /// The same player consulting `book` before it searches.
    pub fn with_book(mut self, book: &'static Book) -> ClockedPlayer<C> {
        self.book = Some(book);
        self
    }

    /// The time kept back for each later move (see the type's
    /// documentation).
    pub fn with_move_overhead_ms(mut self, overhead_ms: f64) -> ClockedPlayer<C> {
        self.overhead_ms = overhead_ms.max(0.0);
        self
    }

    /// A clocked smart player with a weight set per colour (Red's when it
    /// moves for Red, White's when it moves for White).
    pub fn new_colours(weights: ColourWeights, total_ms: f64, clock: C) -> ClockedPlayer<C> {
        let ColourWeights { red, white } = weights;
        let mut player = ClockedPlayer::new(red, total_ms, clock);
        player.white_evaluator = Some(Smart { weights: white });
        player
    }

    /// Time left on the side's clock (negative once overrun).
    pub fn remaining_ms(&self) -> f64 {
        self.remaining_ms
    }

    /// Sets the time left on the side's clock, for a game loop that keeps
    /// the clock itself (the player then spends from this reading on).
    pub fn set_remaining_ms(&mut self, remaining_ms: f64) {
        self.remaining_ms = remaining_ms;
    }

    /// Searches abandoned past twice their allocation or at the reserve.
    pub fn aborts(&self) -> u32 {
        self.aborts
    }

    /// Moves played by the one-ply fallback for want of time.
    pub fn quick_moves(&self) -> u32 {
        self.quick_moves
    }

    /// The depth of each finished midgame search, in order.
    pub fn depths(&self) -> &[u32] {
        &self.depths
    }

    /// Nodes visited over all moves so far (abandoned searches included).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The evaluation of the side moving for `colour`.
    fn evaluator_for(&self, colour: Color) -> &Smart {
        match (&self.white_evaluator, colour) {
            (Some(white), Color::White) => white,
            _ => &self.evaluator,
        }
    }

    /// The best move of a one-ply search: a bounded number of evaluations
    /// and no clock reading.
    fn quick_move(&mut self, position: &Position) -> Move {
        self.quick_moves += 1;
        let mut search = Search::new(self.evaluator_for(position.to_move));
        let result = search.run(&position.board, 1, Algorithm::AlphaBeta);
        self.nodes += search.nodes();
        result
            .and_then(|r| r.best)
            .unwrap_or_else(|| first_move(position))
    }

    /// The midgame move of [`clocked_search`], which must end by the clock
    /// reading `limit`; `None` when `limit` stopped its search.
    fn search_move(&mut self, position: &Position, start: f64, limit: f64) -> Option<Move> {
        if self.white_evaluator.is_some() && self.table_colour != Some(position.to_move) {
            // The table's values belong to the other colour's weights.
            self.table.clear();
            self.table_colour = Some(position.to_move);
        }
        let evaluator = match (&self.white_evaluator, position.to_move) {
            (Some(white), Color::White) => white,
            _ => &self.evaluator,
        };
        let searched = clocked_search(
            evaluator,
            &mut self.table,
            &mut self.manager,
            ClockedMove {
                board: &position.board,
                start_ms: start,
                limit_ms: limit,
            },
            &self.clock,
            None,
        );
        self.nodes += searched.nodes;
        self.aborts += searched.aborts;
        let result = searched.result?;
        self.depths.push(result.depth);
        Some(result.best.unwrap_or_else(|| first_move(position)))
    }
}

/// The move [`clocked_search`] chooses.
#[derive(Clone, Copy, Debug)]
pub struct ClockedMove<'a> {
    /// The board (the side to move has a legal move or must pass).
    pub board: &'a Board,
    /// The clock's reading when the move started.
    pub start_ms: f64,
    /// The clock's reading by which the move must end: the time left on
    /// the side's clock less what it keeps back for its later moves
    /// ([`move_limit`]).
    pub limit_ms: f64,
}

/// What [`clocked_search`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockedSearch {
    /// The finished search (its nodes are its own); `None` when the move's
    /// limit or the interrupt stopped it.
    pub result: Option<SearchResult>,
    /// Nodes of every attempt, the abandoned ones included.
    pub nodes: u64,
    /// Searches abandoned past twice their allocation or at the limit.
    pub aborts: u32,
}

/// The time kept back for each of a side's later moves with `total_ms` on
/// its clock: a thousandth of it, at least [`MOVE_OVERHEAD_MS`].
pub fn move_overhead_ms(total_ms: f64) -> f64 {
    (total_ms / 1000.0).max(MOVE_OVERHEAD_MS)
}

/// The clock reading by which a move started at `start_ms` with
/// `remaining_ms` on the clock must end: one `overhead_ms` is kept back for
/// each of the side's possible later moves (at most one per empty cell).
pub fn move_limit(start_ms: f64, remaining_ms: f64, overhead_ms: f64, empties: u32) -> f64 {
    start_ms + remaining_ms - overhead_ms * f64::from(empties)
}

/// One midgame move of the smart player on a clock: the time manager
/// chooses the depth from the allocation of the time up to the move's
/// limit; a search running past twice its allocation is abandoned and
/// restarted shallower (see [`TimeManager::restart_depth`]); every search
/// stops at the limit; every finished search is recorded in `manager`.
/// `interrupt`, polled with the search's stop test, ends it early. The
/// result is `None` when the limit or the interrupt stopped the move.
pub fn clocked_search(
    evaluator: &dyn Evaluator,
    table: &mut TranspositionTable,
    manager: &mut TimeManager,
    request: ClockedMove,
    clock: &dyn Clock,
    interrupt: Option<&dyn Fn() -> bool>,
) -> ClockedSearch {
    let ClockedMove {
        board,
        start_ms: start,
        limit_ms: limit,
    } = request;
    let moves_left = remaining_moves(board.empty_count());
    let usable = |now: f64| limit - now;
    let mut tries = vec![0u32; 65];
    let mut depth = manager.depth(allocation(usable(start), moves_left));
    let mut searched = ClockedSearch {
        result: None,
        nodes: 0,
        aborts: 0,
    };
    let interrupted = std::cell::Cell::new(false);
    loop {
        let attempt_start = clock.now_ms();
        let budget = allocation(usable(attempt_start), moves_left);
        tries[depth as usize] += 1;
        let unlimited = depth == MIN_DEPTH && tries[depth as usize] >= 2;
        let deadline = if unlimited {
            limit
        } else {
            (attempt_start + 2.0 * budget).min(limit)
        };
        let stop = || {
            let asked = interrupt.is_some_and(|interrupt| interrupt());
            interrupted.set(interrupted.get() || asked);
            asked || clock.now_ms() > deadline
        };
        let mut search = Search::new(evaluator)
            .with_table(&mut *table)
            .with_stop(&stop);
        let result = search.run(board, depth, Algorithm::AlphaBeta);
        searched.nodes += search.nodes();
        let now = clock.now_ms();
        if interrupted.get() {
            return searched;
        }
        match result {
            Some(result) => {
                manager.record(SearchCost {
                    depth,
                    nodes: result.nodes,
                    time_ms: now - attempt_start,
                });
                searched.result = Some(result);
                return searched;
            }
            None => {
                searched.aborts += 1;
                if deadline >= limit || now >= limit {
                    return searched;
                }
                depth = manager.restart_depth(allocation(usable(now), moves_left), depth, &tries);
            }
        }
    }
}

impl<C: Clock> Player for ClockedPlayer<C> {
    fn name(&self) -> String {
        "smart:clock".into()
    }

    fn choose(&mut self, position: &Position) -> Move {
        let start = self.clock.now_ms();
        let empties = position.board.empty_count();
        // This move and every later one of the side (one per empty cell at
        // most) keep an overhead back.
        let limit = move_limit(start, self.remaining_ms, self.overhead_ms, empties);
        let mv = if let Some(mv) = book_move(self.book, position) {
            Some(mv)
        } else if limit <= start {
            None
        } else if empties <= SOLVE_EMPTIES {
            let clock = &self.clock;
            let stop = move || clock.now_ms() > limit;
            solve_with_stop(&position.board, &stop).map(|solution| {
                self.nodes += solution.nodes;
                solution.best.unwrap_or_else(|| first_move(position))
            })
        } else {
            self.search_move(position, start, limit)
        };
        let mv = mv.unwrap_or_else(|| self.quick_move(position));
        self.remaining_ms -= self.clock.now_ms() - start;
        mv
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The moves, passes included.
    pub game: Game,
    /// The transcript (passes implicit).
    pub transcript: String,
    /// Red's final score: red discs minus white discs, empty cells to the
    /// winner.
    pub red_score: i32,
}

/// A player answered a move that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The player's name.
    pub player: String,
    /// Its colour.
    pub color: Color,
    /// The 1-based ply (passes counted).
    pub ply: usize,
    /// Why the move is refused.
    pub reason: MoveError,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game: {} ({}) at ply {}: {}",
            self.player,
            crate::position::color_name(self.color),
            self.ply,
            self.reason
        )
    }
}

impl std::error::Error for PlayError {}

/// Plays a whole game from `start` between `red` and `white`, passing for a
/// side without a move, until neither side can move.
pub fn play_game(
    red: &mut dyn Player,
    white: &mut dyn Player,
    start: Position,
) -> Result<GameRecord, PlayError> {
    let mut game = Game::new(start);
    loop {
        let position = game.position();
        match position.board.status() {
            Status::GameOver => break,
            Status::MustPass => game
                .play(Move::Pass)
                .map_err(|reason| PlayError {
                    player: String::new(),
                    color: position.to_move,
                    ply: game.moves().len() + 1,
                    reason,
                })
                .map(drop)?,
            Status::Moves => {
                let player: &mut dyn Player = match position.to_move {
                    RED => &mut *red,
                    Color::White => &mut *white,
                };
                let mv = player.choose(&position);
                let ply = game.moves().len() + 1;
                let played = if mv == Move::Pass {
                    Err(MoveError::PassWithMoves {
                        color: position.to_move,
                    })
                } else {
                    game.play(mv).map(drop)
                };
                if let Err(reason) = played {
                    return Err(PlayError {
                        player: player.name(),
                        color: position.to_move,
                        ply,
                        reason,
                    });
                }
            }
        }
    }
    Ok(GameRecord {
        transcript: transcript::write(&game),
        red_score: game.position().final_score(),
        game,
    })
}
