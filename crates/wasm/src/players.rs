//! The classic players (PAIP's and BILL's programs, the 2001 alpha-beta
//! study's, or the engine at some setting) choosing a move.

use wasm_bindgen::prelude::*;

use othello::board::Status;
use othello::players::Player;
use othello::position::Move;
use othello::rng::Rng;

use crate::clock::JsClock;
use crate::error::{Error, Kind};
use crate::limits::SEEDS;
use crate::notation::read_position;

/// The move the player named by `spec` (`random`, `maximizer:<eval>`,
/// `minimax:<depth>:<eval>`, `alphabeta:<depth>:<eval>`, `iago:<depth>`,
/// `bill:<depth>`, `study-minimax|study-alphabeta|study-negascout:<difficulty>`,
/// `study-rules:<difficulty>[:<rules>]`, `engine:<key=value,...>`) makes in `position`: a square
/// name, or `"pa"` when the side to move must pass. `seed` (a whole number)
/// drives the random player.
#[wasm_bindgen(js_name = playerMove)]
pub fn player_move(spec: &str, position: &str, seed: f64) -> Result<String, Error> {
    let position = read_position(position)?;
    let (min, max) = (*SEEDS.start() as f64, *SEEDS.end() as f64);
    if !(seed.is_finite() && seed.fract() == 0.0 && (min..=max).contains(&seed)) {
        let shown = if seed.abs() < 1e16 {
            seed.to_string()
        } else {
            format!("{seed:e}")
        };
        return Err(Error::new(
            Kind::Range,
            format!("seed {shown} is not a whole number from {min} to {max}"),
        ));
    }
    let mut player = Player::from_spec(spec)?;
    match position.status() {
        Status::GameOver => Err(Error::new(
            Kind::Engine,
            "the game is over: no player can move",
        )),
        Status::MustPass => Ok(Move::Pass.to_string()),
        Status::Moves => {
            let mv = player.choose(&position, &mut Rng::new(seed as u64), &JsClock);
            Ok(mv.to_string())
        }
    }
}
