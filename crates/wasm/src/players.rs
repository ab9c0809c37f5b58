//! The classic players (PAIP's and BILL's programs, or the engine at some
//! setting) choosing a move.

use wasm_bindgen::prelude::*;

use othello::board::Status;
use othello::players::{Player, Rng};
use othello::position::Move;

use crate::clock::JsClock;
use crate::error::error;
use crate::notation::read_position;

/// Largest seed accepted (every whole number up to it is exact in a double).
const MAX_SEED: f64 = 9_007_199_254_740_991.0;

/// The move the player named by `spec` (`random`, `maximizer:<eval>`,
/// `minimax:<depth>:<eval>`, `alphabeta:<depth>:<eval>`, `iago:<depth>`,
/// `bill:<depth>`, `engine:<key=value,...>`) makes in `position`: a square
/// name, or `"pa"` when the side to move must pass. `seed` (a whole number)
/// drives the random player.
#[wasm_bindgen(js_name = playerMove)]
pub fn player_move(spec: &str, position: &str, seed: f64) -> Result<String, JsError> {
    let position = read_position(position)?;
    if !(seed.is_finite() && seed.fract() == 0.0 && (0.0..=MAX_SEED).contains(&seed)) {
        let shown = if seed.abs() < 1e16 {
            seed.to_string()
        } else {
            format!("{seed:e}")
        };
        return Err(error(format!(
            "seed {shown} is not a whole number from 0 to {MAX_SEED}"
        )));
    }
    let mut player = Player::from_spec(spec).map_err(error)?;
    match position.status() {
        Status::GameOver => Err(error("the game is over: no player can move")),
        Status::MustPass => Ok(Move::Pass.to_string()),
        Status::Moves => {
            let mv = player.choose(&position, &mut Rng::new(seed as u64), &JsClock);
            Ok(mv.to_string())
        }
    }
}
