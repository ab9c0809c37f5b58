//! The seeds' own players as opponents: PAIP chapter 18's random player,
//! maximizer, minimax and alpha-beta searchers and Iago (Norvig, "Paradigms
//! of Artificial Intelligence Programming", 1992), BILL's evaluation (Lee and
//! Mahajan, "BILL: A Table-Based, Knowledge-Intensive Othello Program",
//! 1986), the four programs of the 2001 alpha-beta study
//! ("Othello/Alpha-Beta Research"), and the main engine, each named by a
//! [`Spec`].
//!
//! A [`Player`] chooses moves; [`play_game`] plays one game between two
//! players, with optional random opening plies as in PAIP's
//! `random-othello-series`, and [`play_from`] plays on from an opening,
//! optionally on a game clock.

pub mod bill;
pub mod edge;
pub mod iago;
pub mod paip_eval;
pub mod paip_search;
pub mod play;
pub mod spec;
pub mod study;
pub mod study_eval;
pub mod study_rules;

use crate::board::Board;
use crate::clock::Clock;
use crate::engine::Engine;
use crate::game::Game;
use crate::position::{Move, Position};
use crate::search::tt::AllocationError;
use crate::search::{Limits, SearchResult, Silent};
use crate::square::Square;
use crate::time_manager::{ClockState, TimeManager};

use crate::rng::Rng;
pub use paip_eval::PaipEval;
pub use play::{play_from, Mover, PlayError, Played, Ply, Rules};
pub use spec::{Spec, SpecError, SpecProblem};

use paip_search::{LOSS, WIN};

/// A player: its spec and, for the main engine, the engine with its table
/// and the time manager it plays on a game clock with.
pub struct Player {
    spec: Spec,
    engine: Option<Engine>,
    manager: TimeManager,
}

/// A move a player chose on board `B`, with what the search that chose it
/// found, `S` (an 8x8 engine's [`SearchResult`]; a 96-square player's
/// count of nodes).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<B: crate::rules::Rules = Board, S = SearchResult> {
    /// The move.
    pub mv: crate::rules::Move<B::Square>,
    /// The search, for a searching player's move (not a pass).
    pub search: Option<S>,
}

impl Player {
    /// The player `spec` names; an `engine:` player allocates its table
    /// and decodes its evaluation's tables and its book here (not on its
    /// first move's clock).
    pub fn new(spec: Spec) -> Result<Player, AllocationError> {
        let engine = match spec {
            Spec::Engine(options) => {
                let table_mb = options.table_mb.unwrap_or(spec::DEFAULT_ENGINE_TABLE_MB);
                let mut engine = Engine::try_new(table_mb)?;
                engine.set_evaluation(options.evaluation);
                engine.set_book(options.book);
                engine.set_threads(options.threads.unwrap_or(1));
                options.evaluation.evaluate(&Board::START);
                if let Some(choice) = options.book {
                    choice.book();
                }
                Some(engine)
            }
            _ => None,
        };
        Ok(Player {
            spec,
            engine,
            manager: TimeManager::default(),
        })
    }

    /// The player a spec string names.
    pub fn from_spec(text: &str) -> Result<Player, PlayerError> {
        Ok(Player::new(Spec::parse(text)?)?)
    }

    /// The player's spec.
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// Sets the time manager an engine player turns its game clock into a
    /// time for each move with ([`TimeManager::default`] unless set).
    pub fn set_time_manager(&mut self, manager: TimeManager) {
        self.manager = manager;
    }

    /// Forgets what the engine learnt in earlier games, so that each game
    /// of a series is played the same way whatever came before.
    pub fn new_game(&mut self) {
        if let Some(engine) = self.engine.as_mut() {
            engine.clear();
        }
    }

    /// The move the player makes in `position`: a pass when it has no move
    /// (the game must not be over), else one of its legal moves. `rng` feeds
    /// the random player; `clock` times the engine.
    pub fn choose(&mut self, position: &Position, rng: &mut Rng, clock: &dyn Clock) -> Move {
        self.choose_on(position, rng, clock, None).mv
    }

    /// The move the player makes in `position`, as [`Player::choose`]
    /// makes it, on the game clock `on_clock` says if any: an engine's time
    /// manager then decides when its search stops (its spec's depth, nodes
    /// and times give way; its selectivity and exact solves are kept), and
    /// the other players, which take no time to speak of, ignore it.
    pub fn choose_on(
        &mut self,
        position: &Position,
        rng: &mut Rng,
        clock: &dyn Clock,
        on_clock: Option<&ClockState>,
    ) -> Choice {
        let board = position.board;
        if board.moves() == 0 {
            return Choice {
                mv: Move::Pass,
                search: None,
            };
        }
        let mut search = None;
        let chosen = match self.spec {
            Spec::Random => {
                let moves: Vec<Square> = board.move_list().collect();
                Some(moves[rng.below(moves.len())])
            }
            Spec::Maximizer(eval) => paip_search::maximizer(&board, &paip(eval)),
            Spec::Minimax(depth, eval) => paip_search::minimax(&board, depth, &paip(eval)).1,
            Spec::AlphaBeta(depth, eval) => {
                paip_search::alpha_beta(&board, LOSS, WIN, depth, &paip(eval)).1
            }
            Spec::Iago(depth) => {
                let move_number = move_number(&board);
                let eval = move |me, other| iago::iago_eval(me, other, move_number);
                paip_search::alpha_beta3(&board, LOSS, WIN, depth, &eval, None).1
            }
            Spec::Bill(depth) => {
                paip_search::alpha_beta3(&board, LOSS, WIN, depth, &bill::bill_eval, None).1
            }
            Spec::Study(player) => player.choose(&board),
            Spec::Engine(options) => {
                let table_mb = options.table_mb.unwrap_or(spec::DEFAULT_ENGINE_TABLE_MB);
                let engine = self.engine.get_or_insert_with(|| Engine::new(table_mb));
                let result = match on_clock {
                    Some(state) => {
                        let base = Limits {
                            depth: None,
                            nodes: None,
                            time_ms: None,
                            soft_time_ms: None,
                            ..options.limits
                        };
                        engine.play_on_clock_with(
                            &board,
                            state,
                            &self.manager,
                            &base,
                            clock,
                            &mut Silent,
                        )
                    }
                    None => engine.search(&board, &options.limits, clock, &mut Silent),
                };
                let best = match result.best {
                    Some(Move::Play(square)) => Some(square),
                    _ => None,
                };
                search = Some(result);
                best
            }
        };
        // Every searcher returns a legal move when there is one; fall back to the first.
        let square = chosen
            .filter(|square| board.is_legal(*square))
            .unwrap_or_else(|| Square::from_lowest_bit(board.moves()));
        Choice {
            mv: Move::Play(square),
            search,
        }
    }
}

/// A PAIP evaluation as the searches take it.
fn paip(eval: PaipEval) -> impl Fn(u64, u64) -> i64 {
    move |me, other| eval.evaluate(me, other)
}

/// PAIP's `*move-number*` for the move about to be played: one more than the
/// discs played so far (passes do not count).
pub fn move_number(board: &Board) -> i64 {
    i64::from((board.player | board.opponent).count_ones()) - 3
}

/// Plays a game from the start: `black` and `white` choose moves, except
/// for the first `random_plies` disc moves, which are uniformly random
/// (PAIP's `switch-strategies`). Passes are recorded and cost no random ply.
pub fn play_game(
    black: &mut Player,
    white: &mut Player,
    random_plies: u32,
    rng: &mut Rng,
    clock: &dyn Clock,
) -> Game {
    let rules = Rules {
        random_plies,
        clock: None,
    };
    play_from(
        Game::default(),
        [black, white],
        &rules,
        rng,
        clock,
        &mut |_| {},
    )
    .expect("players only make legal moves")
    .game
}

/// Why a player cannot be made.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerError {
    /// The spec is wrong.
    Spec(SpecError),
    /// The engine's table cannot be allocated.
    Table(AllocationError),
}

impl std::fmt::Display for PlayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerError::Spec(error) => write!(f, "{error}"),
            PlayerError::Table(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for PlayerError {}

impl From<SpecError> for PlayerError {
    fn from(error: SpecError) -> Self {
        PlayerError::Spec(error)
    }
}

impl From<AllocationError> for PlayerError {
    fn from(error: AllocationError) -> Self {
        PlayerError::Table(error)
    }
}
