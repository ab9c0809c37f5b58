//! The parsers on arbitrary text: typed errors, never a panic, and what is
//! written reads back.

mod common;

use common::Rng;
use othello_board96::notation::{line, transcript};
use othello_board96::players::{play_game, RandomPlayer};
use othello_board96::{Position, Square};

const ALPHABET: [char; 24] = [
    'a', 'c', 'e', 'j', 'k', 'p', 's', '0', '1', '3', '9', '-', '.', ' ', ',', '\n', 'R', 'W', 'r',
    'w', 'X', 'é', '…', '\u{0}',
];

fn random_text(rng: &mut Rng, length: usize) -> String {
    (0..length)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

#[test]
fn arbitrary_text_gives_errors_not_panics() {
    let mut rng = Rng::new(2001);
    let mut errors = 0;
    for _ in 0..20_000 {
        let length = rng.below(120);
        let text = random_text(&mut rng, length);
        errors += usize::from(transcript::parse(&text).is_err());
        errors += usize::from(line::parse(&text).is_err());
        errors += usize::from(text.parse::<Square>().is_err());
        // Board-shaped text: 96 cells and a side, one character changed.
        let mut cells: Vec<char> = (0..96).map(|_| ['R', 'W', '-'][rng.below(3)]).collect();
        let at = rng.below(96);
        cells[at] = ALPHABET[rng.below(ALPHABET.len())];
        let board: String = cells.iter().collect();
        let side = ["R", "W", "", "X", "é", "R R"][rng.below(6)];
        match line::parse(&format!("{board} {side}")) {
            Ok(position) => assert_eq!(line::parse(&line::write(&position)), Ok(position)),
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
    assert!(errors > 50_000, "{errors}");
}

#[test]
fn whole_games_round_trip_through_both_notations() {
    for seed in 0..10 {
        let record = play_game(
            &mut RandomPlayer::new(seed),
            &mut RandomPlayer::new(seed + 1),
            Position::START,
        )
        .expect("legal");
        let with_passes = transcript::write_with_passes(&record.game);
        assert_eq!(transcript::parse(&with_passes).as_ref(), Ok(&record.game));
        // Every position of the game reads back from its line.
        let mut game = othello_board96::Game::new(Position::START);
        for mv in record.game.moves() {
            game.play(*mv).expect("legal");
            let position = game.position();
            assert_eq!(line::parse(&line::write(&position)), Ok(position));
        }
    }
}
