//! A whole game under a game clock never loses on time: the engine plays both
//! sides with the time manager's budgets on a simulated clock that advances
//! four milliseconds each time the search looks at it (about every 1,024
//! nodes), so the run is deterministic and quick while the budgets are real,
//! and uses most of its time.

use othello::clock::{Clock, StepClock};
use othello::engine::Engine;
use othello::search::Silent;
use othello::time_manager::{ClockState, TimeManager};
use othello::{Color, Game, Move};

#[test]
fn a_sixty_second_game_never_loses_on_time() {
    let clock = StepClock::new(4.0);
    let manager = TimeManager::default();
    let mut engines = [Engine::new(16), Engine::new(16)];
    let mut left = [60_000.0f64, 60_000.0];
    let mut game = Game::default();
    let mut spent_at_solve = None;
    while !game.position().board.is_game_over() {
        let position = game.position();
        let side = usize::from(position.to_move == Color::White);
        let state = ClockState {
            remaining_ms: left[side],
            increment_ms: 0.0,
            empties: position.board.empty_count(),
        };
        let started = clock.now_ms();
        let result =
            engines[side].play_on_clock(&position.board, &state, &manager, &clock, &mut Silent);
        let spent = clock.now_ms() - started;
        left[side] -= spent;
        assert!(
            left[side] > 0.0,
            "{} ran out of time at move {}",
            position.to_move,
            game.moves().len() + 1
        );
        if state.empties == manager.exact_solve_empties && spent_at_solve.is_none() {
            spent_at_solve = Some(spent);
        }
        game.play(result.best.unwrap_or(Move::Pass))
            .expect("the engine plays legal moves");
    }
    let end = game.position();
    assert_eq!(
        end.black().count_ones() + end.white().count_ones() + end.board.empty_count(),
        64
    );
    eprintln!(
        "time left: black {:.0} ms, white {:.0} ms; spent at the solve: {spent_at_solve:?}",
        left[0], left[1]
    );
    // Most of the clock is used (`TimeManager::baseline` left about half).
    for ms in left {
        assert!(ms < 0.25 * 60_000.0, "{ms} ms left");
    }
}
