//! The opening book: the committed book reads, holds every position its
//! walk meets (the book side's moves, every reply of the other side) and
//! only legal moves, answers a position and its seven images alike, and
//! its moves are those of a fresh search; a small book built here equals
//! fresh searches entry by entry; damaged files are refused with typed
//! errors.

use othello_board96::book::{self, Book, BookConfig, BookError, EntryError};
use othello_board96::eval::{ColourWeights, Evaluator, Smart};
use othello_board96::search::{Algorithm, Search};
use othello_board96::symmetry::Symmetry;
use othello_board96::{Move, Position};

const EMBEDDED: &str = include_str!("../data/book96.txt");

fn image(symmetry: Symmetry, position: &Position) -> Position {
    Position {
        board: othello_board96::symmetry::board(symmetry, &position.board),
        to_move: position.to_move,
    }
}

fn image_move(symmetry: Symmetry, mv: Move) -> Move {
    match mv {
        Move::Play(square) => Move::Play(othello_board96::symmetry::square(symmetry, square)),
        Move::Pass => Move::Pass,
    }
}

#[test]
fn the_committed_book_is_complete_legal_and_symmetric() {
    let book = Book::parse(EMBEDDED).expect("the committed book reads");
    assert_eq!(&book, Book::embedded());
    assert_eq!(book.depth, book::REPORT_DEPTH);
    assert!(book.discs >= 9, "{}", book.discs);
    // Built with the smart player's learned weights (each colour its own).
    assert_eq!(book.eval, "smart");
    // The walk with the book's own moves meets exactly the book's entries.
    let mut missing = 0;
    let counts = book::count_positions(book.discs, |position| {
        let found = book.lookup(position);
        missing += usize::from(found.is_none());
        found.map(|m| m.best)
    });
    assert_eq!(missing, 0);
    assert_eq!(counts.iter().flatten().sum::<usize>(), book.len());
    for entry in book.entries() {
        let stored = book.lookup(&entry.position).unwrap();
        assert_eq!(stored.best, entry.best);
        assert!(entry.position.board.disc_count() <= book.discs);
        for symmetry in Symmetry::ALL {
            let seen = image(symmetry, &entry.position);
            let answer = book.lookup(&seen).expect("every image is found");
            assert_eq!(answer.value, entry.value);
            assert!(seen.play(answer.best).is_ok(), "{:?}", answer.best);
            // The answer is the stored move's image, or (for a position
            // that an image maps onto itself) a move of the same value.
            if answer.best != image_move(symmetry, entry.best) {
                let symmetric = Symmetry::ALL.into_iter().any(|s| {
                    image(s, &seen) == seen
                        && image_move(s, answer.best) == image_move(symmetry, entry.best)
                });
                assert!(symmetric, "{symmetry:?}: {:?}", entry);
            }
        }
    }
}

#[test]
fn the_committed_book_agrees_with_a_fresh_search_at_the_start() {
    // The first entries (4 and 5 discs) searched again to depth 12 without a
    // table: the same value, and the book move reaches it.
    let book = Book::embedded();
    let learned = ColourWeights::learned();
    for transcript in ["", "e4"] {
        let position = othello_board96::notation::transcript::parse(transcript)
            .unwrap()
            .position();
        // The weights of the side whose book position it is.
        let smart = Smart {
            weights: learned.of(position.to_move).clone(),
        };
        let entry = book.lookup(&position).expect("in the book");
        let fresh = Search::new(&smart)
            .run(&position.board, 12, Algorithm::NegaScout)
            .unwrap();
        assert_eq!(fresh.value, entry.value, "{transcript}");
        let child = position.play(entry.best).unwrap();
        let reply = Search::new(&smart)
            .run(&child.board, 11, Algorithm::NegaScout)
            .unwrap();
        assert_eq!(-reply.value, entry.value, "{transcript}");
    }
}

#[test]
fn a_small_book_equals_fresh_searches() {
    let smart = Smart::hand();
    let evaluator: &dyn Evaluator = &smart;
    let config = BookConfig {
        depth: 4,
        discs: 9,
        evaluators: [evaluator, evaluator],
        eval: "smart-hand",
        algorithm: Algorithm::Mtdf,
        table_bits: 14,
    };
    let built = book::build(&config, &Book::default(), &mut |_| {});
    assert!(built.len() > 30, "{}", built.len());
    for entry in built.entries() {
        let board = entry.position.board;
        let fresh = Search::new(&smart)
            .run(&board, 4, Algorithm::AlphaBeta)
            .unwrap();
        assert_eq!(fresh.value, entry.value, "{entry:?}");
        let child = entry.position.play(entry.best).unwrap();
        let reply = Search::new(&smart)
            .run(&child.board, 3, Algorithm::AlphaBeta)
            .unwrap();
        assert_eq!(-reply.value, entry.value, "{entry:?}");
    }
    let text = built.write();
    assert_eq!(Book::parse(&text).unwrap(), built);
}

#[test]
fn damaged_books_are_refused_with_typed_errors() {
    let text = EMBEDDED.to_string();
    let lines: Vec<&str> = text.lines().collect();
    let first_entry = lines
        .iter()
        .position(|l| l.starts_with("checksum"))
        .unwrap()
        + 1;
    let with = |index: usize, replacement: &str| {
        let mut changed = lines.clone();
        changed[index] = replacement;
        changed.join("\n")
    };
    let header = |key: &str| lines.iter().position(|l| l.starts_with(key)).unwrap();
    // An entry's value changed: the checksum tells.
    let entry = lines[first_entry];
    let (rest, value) = entry.rsplit_once(' ').unwrap();
    let other_value = format!("{rest} {}", value.parse::<i32>().unwrap() + 1);
    assert!(matches!(
        Book::parse(&with(first_entry, &other_value)),
        Err(BookError::Checksum { .. })
    ));
    // One entry fewer: the count tells.
    let mut fewer = lines.clone();
    fewer.remove(first_entry);
    assert!(matches!(
        Book::parse(&fewer.join("\n")),
        Err(BookError::Count { .. })
    ));
    assert_eq!(
        Book::parse(&with(header("book96"), "book96 2")),
        Err(BookError::Version {
            found: "2".to_string()
        })
    );
    assert!(matches!(
        Book::parse(&with(header("depth"), "deep 12")),
        Err(BookError::Header {
            expected: "depth",
            ..
        })
    ));
    assert!(matches!(
        Book::parse("book96 1\n"),
        Err(BookError::Header {
            line: 0,
            expected: "depth",
            ..
        })
    ));
    let (cells, _) = entry.split_once(' ').unwrap();
    let side = entry.split_whitespace().nth(1).unwrap();
    for (line, reason) in [
        (format!("{cells} {side} a1 0"), "illegal"),
        (format!("{cells} {side} c3 0"), "not a square"),
        (format!("{cells} {side}"), "fields"),
        (format!("{} {side} e4 0", &cells[1..]), "position"),
        (format!("{rest} x{value}"), "value"),
    ] {
        match Book::parse(&with(first_entry, &line)) {
            Err(BookError::Entry {
                line: at,
                reason: found,
            }) => {
                assert_eq!(at, first_entry + 1);
                let ok = match reason {
                    "illegal" => matches!(found, EntryError::Illegal(_)),
                    "not a square" => matches!(found, EntryError::Move(_)),
                    "fields" => found == EntryError::Fields,
                    "position" => matches!(found, EntryError::Position(_)),
                    _ => matches!(found, EntryError::Value(_)),
                };
                assert!(ok, "{line}: {found:?}");
                assert!(BookError::Entry {
                    line: at,
                    reason: found
                }
                .to_string()
                .starts_with(&format!("book: line {at}: ")));
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    // An entry written under another symmetry than the canonical one.
    let position = othello_board96::notation::line::parse(&format!("{cells} {side}")).unwrap();
    let other = Symmetry::ALL
        .into_iter()
        .map(|s| image(s, &position))
        .find(|p| *p != position)
        .unwrap();
    let line = format!("{} e4 0", othello_board96::notation::line::write(&other));
    assert!(matches!(
        Book::parse(&with(first_entry, &line)),
        Err(BookError::Entry {
            reason: EntryError::NotCanonical,
            ..
        })
    ));
    // The same entry twice.
    let mut twice = lines.clone();
    twice.insert(first_entry, entry);
    assert!(matches!(
        Book::parse(&twice.join("\n")),
        Err(BookError::Entry {
            reason: EntryError::Duplicate,
            ..
        })
    ));
}
