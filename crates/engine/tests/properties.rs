//! Property tests (proptest): random inputs, shrunk to a smallest failing
//! case when a property fails.
//!
//! - The move generator against the slow reference of `common::reference`
//!   on arbitrary boards (reachable or not): legal moves, flips, and a board
//!   that stays consistent after every legal move; perft to depth 3 from
//!   random positions of random games equals the reference's count.
//! - Every parser (square names, moves, transcripts, OBF, GGF, any notation,
//!   player specs, search settings) on arbitrary text and on valid records
//!   mutated a few characters at a time: an answer or a typed error, never a
//!   panic; and what the parsers accept is what the writers wrote.
//!
//! `cargo test` runs each property on proptest's default 256 cases; a long
//! run sets the count: `PROPTEST_CASES=100000 cargo test --release -p
//! othello --test properties` (docs/reliability.md).

mod common;

use common::accepted::{check_accepted, check_any_text};
use common::reference::{Reference, Side};
use othello::notation::{self, ggf, obf, transcript};
use othello::perft::{perft, PassRule};
use othello::rng::Rng;
use othello::settings::{self, OptionsReader, Setting, Value};
use othello::{Board, Game, Move, Square, Status};
use proptest::prelude::*;

/// A game of `plies` random legal moves (passes included) from the start.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::default();
    for _ in 0..plies {
        let board = game.position().board;
        let mv = match board.status() {
            Status::GameOver => break,
            Status::MustPass => Move::Pass,
            Status::Moves => {
                let squares: Vec<Square> = board.move_list().collect();
                Move::Play(squares[rng.below(squares.len())])
            }
        };
        game.play(mv).expect("a legal move");
    }
    game
}

/// A board from any two words: the discs of `occupied`, split by `split`.
fn arbitrary_board(occupied: u64, split: u64) -> Board {
    Board::new(occupied & split, occupied & !split).expect("disjoint")
}

/// One edit of a text: delete, insert or replace the character at a place.
#[derive(Clone, Debug)]
enum Edit {
    Delete(prop::sample::Index),
    Insert(prop::sample::Index, char),
    Replace(prop::sample::Index, char),
}

/// Characters the notations use, and a few they do not.
fn notation_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(
            "abcdefghABCDEFGH12345678XO*-_. ;:[]()\\/+0\n\t#PAWBGMTYO"
                .chars()
                .collect::<Vec<_>>()
        ),
        any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<prop::sample::Index>().prop_map(Edit::Delete),
        (any::<prop::sample::Index>(), notation_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<prop::sample::Index>(), notation_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
    ]
}

/// `text` with `edits` applied, character by character.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        match edit {
            Edit::Delete(at) if !chars.is_empty() => {
                chars.remove(at.index(chars.len()));
            }
            Edit::Insert(at, c) => {
                let place = at.index(chars.len() + 1);
                chars.insert(place, *c);
            }
            Edit::Replace(at, c) if !chars.is_empty() => {
                let place = at.index(chars.len());
                chars[place] = *c;
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #[test]
    fn moves_and_flips_match_the_reference(occupied in any::<u64>(), split in any::<u64>(), sparse in any::<u64>()) {
        for occupied in [occupied, occupied & sparse] {
            let board = arbitrary_board(occupied, split);
            let reference = Reference::from_bits(board.player, board.opponent, Side::Black);
            prop_assert_eq!(board.moves(), reference.legal_bits());
            prop_assert_eq!(board.status(), reference.status());
            for square in board.move_list() {
                let flips = board.flips(square);
                let (column, row) = (i32::from(square.column()), i32::from(square.row()));
                prop_assert_eq!(flips, reference.flips_bits(column, row));
                // Playing keeps the board consistent: disjoint sides, one
                // more disc, the flipped discs taken from the opponent.
                let after = board.play(square).expect("legal");
                prop_assert_eq!(after.player & after.opponent, 0);
                prop_assert_eq!(after.opponent, board.player | flips | square.bit());
                prop_assert_eq!(after.player, board.opponent & !flips);
                prop_assert_eq!(after, reference.play(column, row).board());
                prop_assert_eq!(
                    (after.player | after.opponent).count_ones(),
                    (board.player | board.opponent).count_ones() + 1
                );
            }
            for square in Square::all().filter(|s| board.moves() & s.bit() == 0) {
                prop_assert_eq!(board.play(square), None);
                prop_assert_eq!(board.flips(square) & board.empties() & !square.bit(), 0);
            }
        }
    }

    #[test]
    fn perft_of_random_positions_matches_the_reference(seed in any::<u64>(), plies in 0usize..60) {
        let position = random_game(seed, plies).position();
        let reference = Reference::from_bits(position.board.player, position.board.opponent, Side::Black);
        for depth in 1..=3 {
            prop_assert_eq!(
                perft(&position.board, depth, PassRule::Ply),
                reference.perft(depth),
                "depth {} of {:?}", depth, position.board
            );
        }
    }

    #[test]
    fn perft_of_arbitrary_boards_matches_the_reference(occupied in any::<u64>(), split in any::<u64>()) {
        let board = arbitrary_board(occupied, split);
        let reference = Reference::from_bits(board.player, board.opponent, Side::Black);
        prop_assert_eq!(perft(&board, 2, PassRule::Ply), reference.perft(2));
    }

    #[test]
    fn square_and_move_names_read_only_what_they_should(text in "\\PC{0,4}") {
        // Short texts reach the square and move names (checked in check_any_text).
        check_any_text(&text);
    }

    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,200}") {
        // Each parser answers; an accepted game replays and round-trips.
        check_any_text(&text);
    }

    #[test]
    fn mutated_records_are_read_or_refused(seed in any::<u64>(), plies in 0usize..64, edits in prop::collection::vec(edit(), 1..6), tag in "\\PC{0,12}") {
        let game = random_game(seed, plies);
        let mut record = ggf::GgfGame { game: game.clone(), tags: vec![] };
        record.set_tag("PC", &tag).expect("a valid tag name");
        let texts = [
            transcript::write(&game),
            transcript::write_with_passes(&game),
            obf::write_position(&game.position()),
            ggf::write(&record),
        ];
        // Unmutated, every writer's text reads back to the same game.
        // Without passes, a pass that ends the record is left to the reader.
        let read = transcript::parse(&texts[0]).expect("a written transcript reads").position();
        let read = match game.moves().last() {
            Some(Move::Pass) => read.play(Move::Pass).expect("the side to move must pass"),
            _ => read,
        };
        prop_assert_eq!(read, game.position());
        prop_assert_eq!(transcript::parse(&texts[1]).map(|g| g.position()).ok(), Some(game.position()));
        prop_assert_eq!(obf::parse(&texts[2]).map(|o| o.position).ok(), Some(game.position()));
        let read = ggf::parse(&texts[3]).expect("a written record reads");
        prop_assert_eq!(read.game.position(), game.position());
        prop_assert_eq!(&read.tags, &record.tags);
        for text in &texts {
            let mutated = mutate(text, &edits);
            if let Ok(game) = notation::parse_game(&mutated) {
                check_accepted(&game);
            }
        }
    }

    #[test]
    fn settings_are_read_or_refused(choices in prop::collection::vec((any::<prop::sample::Index>(), "\\PC{0,12}", any::<f64>(), any::<bool>()), 1..6)) {
        let mut reader = OptionsReader::new(settings::flags);
        for (index, word, number, flag) in &choices {
            let setting = *index.get(&Setting::ALL);
            for value in [Value::Word(word), Value::Text(word), Value::Number(*number), Value::Flag(*flag)] {
                let _ = reader.read(setting, value);
            }
        }
        if let Ok(options) = reader.finish() {
            // Whatever was accepted is within the documented ranges.
            if let Some(depth) = options.limits.depth {
                prop_assert!(settings::DEPTHS.contains(&depth));
            }
            if let Some(mb) = options.table_mb {
                prop_assert!(settings::TABLE_MB.contains(&mb));
            }
            if let Some(ms) = options.limits.time_ms {
                prop_assert!(ms.is_finite() && ms >= 0.0);
            }
        }
    }
}
