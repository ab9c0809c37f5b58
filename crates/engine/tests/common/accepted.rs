//! What every parser must give of a game it accepts, shared by the property
//! tests and the fuzz targets (fuzz/, which include this file).

use othello::notation::ggf;
use othello::Game;

/// A game read from any notation must replay (its moves are legal from its
/// start), and the GGF record written for it reads back to the same game.
pub fn check_accepted(game: &Game) {
    let mut replay = Game::new(game.start());
    for &mv in game.moves() {
        replay.play(mv).expect("an accepted game replays");
    }
    assert_eq!(replay.position(), game.position());
    let record = ggf::write(&ggf::GgfGame {
        game: game.clone(),
        tags: vec![],
    });
    let again = ggf::parse(&record)
        .expect("a written record reads back")
        .game;
    assert_eq!(again.position(), game.position());
    assert_eq!(again.moves(), game.moves());
}
