//! The report's opponents and whole games between them: a random player
//! (seeded), the greedy player (disc difference) at any depth, the smart
//! player at any depth or on a clock with the adaptive-depth time manager,
//! and [`play_game`].

use std::fmt;

use crate::clock::Clock;
use crate::endgame::{solve, SOLVE_EMPTIES};
use crate::eval::{ColourWeights, Evaluator, Greedy, Smart, Weights};
use crate::notation::transcript;
use crate::position::{Color, Game, Move, MoveError, Position};
use crate::search::{Algorithm, Search, TranspositionTable};
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

/// SplitMix64, a small seeded generator (reproducible games).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }
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
    rng: SplitMix64,
    seed: u64,
}

impl RandomPlayer {
    /// A random player from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SplitMix64(seed),
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
        let pick = self.rng.below(u64::from(moves.count_ones())) as usize;
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

    /// Nodes visited over all moves so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, position: &Position) -> Move {
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
/// cells. The side's total time is `total_ms`; the player keeps moving when
/// it runs out (at depth 4), and [`ClockedPlayer::remaining_ms`] says by how
/// much it overran.
pub struct ClockedPlayer<C: Clock> {
    evaluator: Smart,
    /// White's evaluation when it differs from Red's (`evaluator`).
    white_evaluator: Option<Smart>,
    table_colour: Option<Color>,
    clock: C,
    remaining_ms: f64,
    manager: TimeManager,
    table: TranspositionTable,
    nodes: u64,
    aborts: u32,
    depths: Vec<u32>,
}

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
            manager: TimeManager::new(),
            table: TranspositionTable::new(TABLE_BITS),
            nodes: 0,
            aborts: 0,
            depths: Vec::new(),
        }
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

    /// Searches abandoned past twice their allocation.
    pub fn aborts(&self) -> u32 {
        self.aborts
    }

    /// The depth of each finished midgame search, in order.
    pub fn depths(&self) -> &[u32] {
        &self.depths
    }

    /// Nodes visited over all moves so far (abandoned searches included).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn search_move(&mut self, position: &Position, start: f64) -> Move {
        let board = position.board;
        if self.white_evaluator.is_some() && self.table_colour != Some(position.to_move) {
            // The table's values belong to the other colour's weights.
            self.table.clear();
            self.table_colour = Some(position.to_move);
        }
        let moves_left = remaining_moves(board.empty_count());
        let mut tries = vec![0u32; 65];
        let mut depth = self
            .manager
            .depth(allocation(self.remaining_ms, moves_left));
        loop {
            let attempt_start = self.clock.now_ms();
            let budget = allocation(self.remaining_ms - (attempt_start - start), moves_left);
            tries[depth as usize] += 1;
            let unlimited = depth == MIN_DEPTH && tries[depth as usize] >= 2;
            let deadline = attempt_start + 2.0 * budget;
            let clock = &self.clock;
            let stop = move || clock.now_ms() > deadline;
            let evaluator = match (&self.white_evaluator, position.to_move) {
                (Some(white), Color::White) => white,
                _ => &self.evaluator,
            };
            let mut search = Search::new(evaluator).with_table(&mut self.table);
            if !unlimited {
                search = search.with_stop(&stop);
            }
            let result = search.run(&board, depth, Algorithm::AlphaBeta);
            self.nodes += search.nodes();
            let now = self.clock.now_ms();
            match result {
                Some(result) => {
                    self.manager.record(SearchCost {
                        depth,
                        nodes: result.nodes,
                        time_ms: now - attempt_start,
                    });
                    self.depths.push(depth);
                    return result.best.unwrap_or_else(|| first_move(position));
                }
                None => {
                    self.aborts += 1;
                    let budget = allocation(self.remaining_ms - (now - start), moves_left);
                    depth = self.manager.restart_depth(budget, depth, &tries);
                }
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
        let mv = if position.board.empty_count() <= SOLVE_EMPTIES {
            let solution = solve(&position.board);
            self.nodes += solution.nodes;
            solution.best.unwrap_or_else(|| first_move(position))
        } else {
            self.search_move(position, start)
        };
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
            self.player, self.color, self.ply, self.reason
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
            Status::MustPass => game.play(Move::Pass).map_err(|reason| PlayError {
                player: String::new(),
                color: position.to_move,
                ply: game.moves().len() + 1,
                reason,
            })?,
            Status::Moves => {
                let player: &mut dyn Player = match position.to_move {
                    Color::Red => &mut *red,
                    Color::White => &mut *white,
                };
                let mv = player.choose(&position);
                let ply = game.moves().len() + 1;
                let played = if mv == Move::Pass {
                    Err(MoveError::PassWithMoves {
                        color: position.to_move,
                    })
                } else {
                    game.play(mv)
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
        red_score: game.position().red_score(),
        game,
    })
}
