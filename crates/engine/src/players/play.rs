//! Playing a game out between two [`Player`]s, the one loop behind the
//! `game`, `match` and `tournament` commands: the first plies may be random
//! (PAIP's `random-othello-series`), and the players may play on a game
//! clock, on which a side whose time runs out loses. Each move leaves through
//! a callback, the game and the clocks through the return value.

use super::{move_number, Player};
use crate::board::Status;
use crate::clock::Clock;
use crate::game::Game;
use crate::position::{Color, Move};
use crate::rng::Rng;
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
    /// The game clock each side starts on (time left and increment), if any.
    pub clock: Option<GameClock>,
}

/// One move of a game as it was played.
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    /// The move's number in the game, from 1 (passes count).
    pub number: usize,
    /// The side that made it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Whether it was one of the random opening plies.
    pub random: bool,
    /// The search that chose it, for an engine player's moves.
    pub search: Option<SearchResult>,
    /// Milliseconds the player spent choosing it (0 for passes and random plies).
    pub spent_ms: f64,
    /// Time left on the mover's clock after it, the increment added (on a clock).
    pub left_ms: Option<f64>,
}

/// A game played out, with Black's figures first and White's second.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The game, to its end.
    pub game: Game,
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

/// The index of `color`'s figures in [`Played`].
pub fn side(color: Color) -> usize {
    usize::from(color == Color::White)
}

/// Plays on from `start` to the end of the game, Black's and White's
/// `players` choosing the moves that are neither passes nor random plies,
/// timed by `clock`. On a clock, a player's thinking time comes off its
/// clock and the increment goes on after each of its moves; an engine's
/// time manager decides its search's time. `on_ply` sees each move once
/// it is played.
pub fn play_from(
    start: Game,
    players: [&mut Player; 2],
    rules: &Rules,
    rng: &mut Rng,
    clock: &dyn Clock,
    on_ply: &mut dyn FnMut(&Ply),
) -> Played {
    let [black, white] = players;
    black.new_game();
    white.new_game();
    let increment_ms = rules.clock.map_or(0.0, |c| c.increment_ms);
    let mut played = Played {
        game: start,
        left_ms: [rules.clock.map(|c| c.remaining_ms); 2],
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
            mv: Move::Pass,
            random: false,
            search: None,
            spent_ms: 0.0,
            left_ms: played.left_ms[index],
        };
        match position.status() {
            Status::GameOver => return played,
            Status::MustPass => {}
            Status::Moves if move_number(&board) <= i64::from(rules.random_plies) => {
                let moves: Vec<_> = board.move_list().collect();
                ply.mv = Move::Play(moves[rng.below(moves.len())]);
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
                let choice = player.choose_on(&position, rng, clock, state.as_ref());
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
            .expect("players only make legal moves");
        on_ply(&ply);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        );
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
}
