//! Playing a game out between two sides, the one loop behind the `game`,
//! `match` and `tournament` commands on either board (written over the
//! board layer's [`BoardRules`]): the first plies may be random (PAIP's
//! `random-othello-series`), and the players may play on a game clock, on
//! which a side whose time runs out loses. Each move leaves through a
//! callback, the game and the clocks through the return value.
//!
//! A side is a [`Mover`]: a [`Player`], whose move is a function of the
//! position and never fails, a 96-square board's player, or a front end's
//! player that sees the whole game and may fail (another program, spoken
//! to over a protocol, which keeps the game's history and may die or
//! answer nonsense); the loop checks every move it is given.

use std::fmt;

use super::{Choice, Player};
use crate::board::Board;
use crate::clock::Clock;
use crate::position::Color;
use crate::rng::Rng;
use crate::rules::{self, Bitboard, Rules as BoardRules, Status};
use crate::search::SearchResult;
use crate::settings::GameClock;
use crate::time_manager::ClockState;

/// How a game is played, besides by whom.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rules {
    /// The disc moves from the start of the game that are uniformly random
    /// instead of the players' (PAIP's `switch-strategies`); passes cost
    /// none, and an opening longer than this gets none.
    pub random_plies: u32,
    /// The game clock each side that plays on a clock
    /// ([`Mover::plays_on_clock`]) starts on (time left and increment), if any.
    pub clock: Option<GameClock>,
}

/// One move of a game on board `B` as it was played; `S` is what a
/// player's search reports (see [`Choice`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Ply<B: BoardRules = Board, S = SearchResult> {
    /// The move's number in the game, from 1 (passes count).
    pub number: usize,
    /// The side that made it.
    pub color: Color,
    /// The move.
    pub mv: rules::Move<B::Square>,
    /// Whether it was one of the random opening plies.
    pub random: bool,
    /// The search that chose it, for a searching player's moves.
    pub search: Option<S>,
    /// Milliseconds the player spent choosing it (0 for passes and random plies).
    pub spent_ms: f64,
    /// Time left on the mover's clock after it, the increment added (on a clock).
    pub left_ms: Option<f64>,
}

/// A game played out, with Black's (Red's) figures first and White's second.
#[derive(Clone, Debug, PartialEq)]
pub struct Played<B: BoardRules = Board> {
    /// The game, to its end.
    pub game: rules::Game<B>,
    /// Time left on each side's clock at the end (on a clock).
    pub left_ms: [Option<f64>; 2],
    /// The side whose clock ran out first, if any: it lost the game,
    /// whatever the discs (the game is still played to its end).
    pub lost_on_time: Option<Color>,
    /// Milliseconds each player spent choosing moves.
    pub spent_ms: [f64; 2],
    /// The moves each player chose (passes and random plies not counted).
    pub chosen: [u32; 2],
}

/// One side of a game on board `B` as [`play_from`] asks it for moves; `S`
/// is what its searches report.
pub trait Mover<B: BoardRules = Board, S = SearchResult> {
    /// Why the side could not give a move.
    type Error;

    /// A game starts: the side forgets what earlier games taught it, so
    /// that each game of a series is played the same way whatever came
    /// before.
    fn new_game(&mut self) -> Result<(), Self::Error>;

    /// The move of the side to move at the end of `game`, which has a
    /// legal move: one of them. `rng` feeds random players, `clock` times
    /// searches, and `on_clock` is the mover's game clock if it plays on
    /// one (see [`Player::choose_on`]).
    fn choose_in(
        &mut self,
        game: &rules::Game<B>,
        rng: &mut Rng,
        clock: &dyn Clock,
        on_clock: Option<&ClockState>,
    ) -> Result<Choice<B, S>, Self::Error>;

    /// Whether the side plays on the game's clock ([`Rules::clock`]) when
    /// there is one: every side unless it says otherwise.
    fn plays_on_clock(&self) -> bool {
        true
    }
}

impl Mover for Player {
    /// A player always has a move.
    type Error = std::convert::Infallible;

    fn new_game(&mut self) -> Result<(), Self::Error> {
        Player::new_game(self);
        Ok(())
    }

    fn choose_in(
        &mut self,
        game: &rules::Game<Board>,
        rng: &mut Rng,
        clock: &dyn Clock,
        on_clock: Option<&ClockState>,
    ) -> Result<Choice, Self::Error> {
        Ok(self.choose_on(&game.position(), rng, clock, on_clock))
    }
}

/// Why a game on board `B` could not be played to its end: a side failed,
/// or gave a move that is not legal.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError<E, B: BoardRules = Board> {
    /// The side of `color` could not give its move at move `number`.
    Mover {
        /// The side that failed.
        color: Color,
        /// The number of the move it was asked for (from 1, passes count).
        number: usize,
        /// Its error.
        error: E,
    },
    /// The side of `color` gave a move that cannot be played.
    Illegal {
        /// The side.
        color: Color,
        /// The number of the move (from 1, passes count).
        number: usize,
        /// Why the move cannot be played.
        error: rules::MoveError<B>,
    },
}

impl<E: fmt::Display, B: BoardRules> fmt::Display for PlayError<E, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Mover {
                color,
                number,
                error,
            } => write!(
                f,
                "{}'s player at move {number}: {error}",
                B::color_name(*color)
            ),
            PlayError::Illegal {
                color,
                number,
                error,
            } => write!(
                f,
                "{}'s player at move {number}: {error}",
                B::color_name(*color)
            ),
        }
    }
}

impl<E: fmt::Debug + fmt::Display, B: BoardRules> std::error::Error for PlayError<E, B> {}

/// The index of `color`'s figures in [`Played`].
pub fn side(color: Color) -> usize {
    usize::from(color == Color::White)
}

/// PAIP's `*move-number*` on any board: one more than the discs played so
/// far (passes do not count).
fn move_number<B: BoardRules>(board: &B) -> i64 {
    i64::from(board.player().count() + board.opponent().count()) - 3
}

/// Plays on from `start` to the end of the game, Black's (Red's) and
/// White's `players` choosing the moves that are neither passes nor random
/// plies, timed by `clock`. On a clock, the thinking time of a player that
/// plays on it comes off its clock and the increment goes on after each of
/// its moves; an engine's time manager decides its search's time. `on_ply`
/// sees each move once it is played. A side that fails, or gives a move
/// that cannot be played, ends the game with an error.
pub fn play_from<B: BoardRules, S, E>(
    start: rules::Game<B>,
    players: [&mut dyn Mover<B, S, Error = E>; 2],
    rules: &Rules,
    rng: &mut Rng,
    clock: &dyn Clock,
    on_ply: &mut dyn FnMut(&Ply<B, S>),
) -> Result<Played<B>, PlayError<E, B>> {
    let [black, white] = players;
    for (color, side) in [(Color::Black, &mut *black), (Color::White, &mut *white)] {
        side.new_game().map_err(|error| PlayError::Mover {
            color,
            number: start.moves().len() + 1,
            error,
        })?;
    }
    let increment_ms = rules.clock.map_or(0.0, |c| c.increment_ms);
    let timed = |side: &dyn Mover<B, S, Error = E>| {
        rules
            .clock
            .filter(|_| side.plays_on_clock())
            .map(|c| c.remaining_ms)
    };
    let mut played = Played {
        left_ms: [timed(&*black), timed(&*white)],
        game: start,
        lost_on_time: None,
        spent_ms: [0.0; 2],
        chosen: [0; 2],
    };
    loop {
        let position = played.game.position();
        let board = position.board;
        let color = position.to_move;
        let index = side(color);
        let mut ply = Ply {
            number: played.game.moves().len() + 1,
            color,
            mv: rules::Move::Pass,
            random: false,
            search: None,
            spent_ms: 0.0,
            left_ms: played.left_ms[index],
        };
        match position.status() {
            Status::GameOver => return Ok(played),
            Status::MustPass => {}
            Status::Moves if move_number(&board) <= i64::from(rules.random_plies) => {
                let moves: Vec<B::Square> = B::squares(board.moves()).collect();
                ply.mv = rules::Move::Play(moves[rng.below(moves.len())]);
                ply.random = true;
            }
            Status::Moves => {
                let player = if index == 0 { &mut *black } else { &mut *white };
                let state = played.left_ms[index].map(|remaining_ms| ClockState {
                    remaining_ms,
                    increment_ms,
                    empties: board.empty_count(),
                });
                let started = clock.now_ms();
                let choice = player
                    .choose_in(&played.game, rng, clock, state.as_ref())
                    .map_err(|error| PlayError::Mover {
                        color,
                        number: ply.number,
                        error,
                    })?;
                ply.spent_ms = clock.now_ms() - started;
                ply.mv = choice.mv;
                ply.search = choice.search;
                played.spent_ms[index] += ply.spent_ms;
                played.chosen[index] += 1;
                if let Some(ms) = played.left_ms[index].as_mut() {
                    *ms -= ply.spent_ms;
                    if *ms < 0.0 && played.lost_on_time.is_none() {
                        played.lost_on_time = Some(color);
                    }
                    *ms += increment_ms;
                }
                ply.left_ms = played.left_ms[index];
            }
        }
        played
            .game
            .play(ply.mv)
            .map_err(|error| PlayError::Illegal {
                color,
                number: ply.number,
                error,
            })?;
        on_ply(&ply);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::Move;
    use std::cell::Cell;

    /// A clock that ticks four milliseconds per reading, so that every
    /// move costs time and the run is deterministic.
    struct Ticking(Cell<f64>);

    impl Clock for Ticking {
        fn now_ms(&self) -> f64 {
            self.0.set(self.0.get() + 4.0);
            self.0.get()
        }
    }

    #[test]
    fn the_clocks_keep_account_and_the_first_side_out_of_time_loses() {
        const START_MS: f64 = 40.0;
        const INCREMENT_MS: f64 = 1.0;
        let clock = Ticking(Cell::new(0.0));
        let mut black = Player::from_spec("engine:table-mb=1").unwrap();
        let mut white = Player::from_spec("random").unwrap();
        let rules = Rules {
            random_plies: 2,
            clock: Some(GameClock {
                remaining_ms: START_MS,
                increment_ms: INCREMENT_MS,
            }),
        };
        let mut plies = Vec::new();
        let played = play_from(
            Game::default(),
            [&mut black, &mut white],
            &rules,
            &mut Rng::new(1),
            &clock,
            &mut |ply| plies.push(ply.clone()),
        )
        .unwrap();
        assert!(played.game.position().board.is_game_over());
        assert_eq!(plies.len(), played.game.moves().len());
        for (index, (ply, mv)) in plies.iter().zip(played.game.moves()).enumerate() {
            assert_eq!((ply.number, ply.mv), (index + 1, *mv));
        }
        assert!(plies[..2].iter().all(|ply| ply.random));
        assert!(plies[2..].iter().all(|ply| !ply.random));
        for color in [Color::Black, Color::White] {
            let chosen: Vec<&Ply> = plies
                .iter()
                .filter(|ply| ply.color == color && !ply.random && ply.mv != Move::Pass)
                .collect();
            let spent: f64 = chosen.iter().map(|ply| ply.spent_ms).sum();
            assert_eq!(played.chosen[side(color)] as usize, chosen.len());
            assert!((played.spent_ms[side(color)] - spent).abs() < 1e-9);
            let left = START_MS - spent + INCREMENT_MS * chosen.len() as f64;
            assert!((played.left_ms[side(color)].unwrap() - left).abs() < 1e-9);
            // Only the engine's moves come with its search.
            let engine = color == Color::Black;
            assert!(chosen.iter().all(|ply| ply.search.is_some() == engine));
        }
        // The first move that took a clock below zero (before its
        // increment) lost the game.
        let first_out = plies
            .iter()
            .find(|ply| ply.left_ms.is_some_and(|ms| ms - INCREMENT_MS < 0.0) && ply.spent_ms > 0.0)
            .map(|ply| ply.color);
        assert!(
            first_out.is_some(),
            "a 40 ms clock at 4 ms a reading runs out"
        );
        assert_eq!(played.lost_on_time, first_out);
    }

    /// A side that plays a fixed list of moves, then fails.
    struct Scripted(Vec<Move>);

    impl Mover for Scripted {
        type Error = &'static str;

        fn new_game(&mut self) -> Result<(), Self::Error> {
            Ok(())
        }

        fn choose_in(
            &mut self,
            _: &Game,
            _: &mut Rng,
            _: &dyn Clock,
            _: Option<&ClockState>,
        ) -> Result<Choice, Self::Error> {
            if self.0.is_empty() {
                return Err("out of moves");
            }
            Ok(Choice {
                mv: self.0.remove(0),
                search: None,
            })
        }
    }

    /// Plays `black` against `white` from the start with no clock.
    fn play_scripted(
        black: Vec<&str>,
        white: Vec<&str>,
    ) -> Result<Played, PlayError<&'static str>> {
        let moves = |names: Vec<&str>| {
            Scripted(
                names
                    .iter()
                    .map(|name| {
                        crate::notation::transcript::parse_move::<crate::Board>(name).unwrap()
                    })
                    .collect(),
            )
        };
        let (mut black, mut white) = (moves(black), moves(white));
        play_from(
            Game::default(),
            [&mut black, &mut white],
            &Rules::default(),
            &mut Rng::new(1),
            &Ticking(Cell::new(0.0)),
            &mut |_| {},
        )
    }

    #[test]
    fn a_side_that_fails_or_plays_an_illegal_move_ends_the_game_with_an_error() {
        let failed = play_scripted(vec!["f5", "c3"], vec!["d6"]).unwrap_err();
        assert_eq!(
            failed,
            PlayError::Mover {
                color: Color::White,
                number: 4,
                error: "out of moves"
            }
        );
        assert_eq!(failed.to_string(), "White's player at move 4: out of moves");
        let illegal = play_scripted(vec!["f5", "a1"], vec!["d6"]).unwrap_err();
        assert_eq!(
            illegal.to_string(),
            "Black's player at move 3: a1 is illegal for Black"
        );
        let pass = play_scripted(vec!["pa"], vec![]).unwrap_err();
        assert!(
            matches!(pass, PlayError::Illegal { number: 1, .. }),
            "{pass}"
        );
    }
}
