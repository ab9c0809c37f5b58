//! `othello book build|count --board 96`: a small book written, read back
//! by `othello-board96`, resumed without a search; the counts; the errors.

mod common;

use common::{raw, run};
use othello_board96::book::Book;

#[test]
fn a_small_book_is_built_read_and_resumed() {
    let dir = std::env::temp_dir().join(format!("book96-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("book.txt");
    let line = format!(
        "book build --board 96 --depth 3 --discs 8 --table-bits 12 --out {}",
        out.display()
    );
    let lines = run(&line).unwrap();
    let json = lines.last().unwrap();
    let book = Book::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(raw(json, "entries"), book.len().to_string());
    assert_eq!(raw(json, "searched"), book.len().to_string());
    assert_eq!(
        (book.depth, book.discs, book.eval.as_str()),
        (3, 8, "smart")
    );
    // One progress line per searched position, between the header and JSON.
    assert_eq!(lines.len(), book.len() + 2, "{lines:?}");
    // Started again, it takes every entry from the partial file.
    let again = run(&line).unwrap();
    assert_eq!(raw(again.last().unwrap(), "searched"), "0");
    assert_eq!(
        Book::parse(&std::fs::read_to_string(&out).unwrap()).unwrap(),
        book
    );
    // One disc more searches only the new positions.
    let more = run(&line.replace("--discs 8", "--discs 9")).unwrap();
    let bigger = Book::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        raw(more.last().unwrap(), "searched"),
        (bigger.len() - book.len()).to_string()
    );
    // A partial file of another depth is refused.
    let message = run(&line.replace("--depth 3", "--depth 4")).unwrap_err();
    assert!(
        message.contains("was started with other options"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn counts_and_errors() {
    let lines = run("book count --board 96 --discs 6").unwrap();
    assert_eq!(
        lines.last().unwrap(),
        "{\"command\":\"book count\",\"board\":96,\"discs\":6,\"red\":4,\"white\":1,\"positions\":5}"
    );
    for (line, expected) in [
        ("book build --board 96", "book --board 96: book build needs --out <file>"),
        ("book --board 96", "book --board 96: expected a step (build or count)"),
        (
            "book probe --board 96",
            "book --board 96: unknown step 'probe' (the steps are build and count)",
        ),
        (
            "book count --board 96 --discs 3",
            "book count --board 96: --discs must be from 4 to 30",
        ),
        (
            "book build --board 96 --out x --algorithm minimax",
            "book build --board 96: --algorithm must be alphabeta, negascout or mtdf, got 'minimax'",
        ),
    ] {
        assert_eq!(run(line).unwrap_err(), expected, "{line}");
    }
}
