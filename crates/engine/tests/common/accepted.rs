//! What every parser must give of a game it accepts, shared by the property
//! tests and the fuzz targets (fuzz/, which include this file).

use othello::notation::{self, ggf, obf, transcript};
use othello::players::Spec;
use othello::{Game, Square};

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

/// Every parser on `text`: an answer or a typed error, never a panic; an
/// accepted game passes [`check_accepted`], an accepted OBF line or square
/// name reads back from what is written for it.
pub fn check_any_text(text: &str) {
    if let Ok(game) = notation::parse_game(text) {
        check_accepted(&game);
    }
    if let Ok(game) = transcript::parse(text) {
        check_accepted(&game);
    }
    if let Ok(record) = ggf::parse(text) {
        check_accepted(&record.game);
    }
    if let Ok(problem) = obf::parse(text) {
        assert_eq!(obf::parse(&obf::write(&problem)).ok(), Some(problem));
    }
    if let Ok(square) = text.parse::<Square>() {
        assert_eq!(square.to_string(), text.to_ascii_lowercase());
    }
    if let Some(mv) = transcript::parse_move::<othello::Board>(text) {
        assert_eq!(
            transcript::parse_move::<othello::Board>(&mv.to_string()),
            Some(mv)
        );
    }
    let _ = Spec::parse(text);
}
