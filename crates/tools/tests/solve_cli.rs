//! `othello solve <file.obf>`: the FFO file's published scores on one
//! thread and on two, and the summary saying how many threads solved them.

mod common;

use common::{number, repository, text};

/// The summary of `othello solve` on FFO #1-#19 (14-20 empties) with `args`.
fn solve_summary(args: &[&str]) -> String {
    let file = repository("tests/data/ffo/fforum-1-19.obf");
    let file = file.to_str().expect("a UTF-8 path");
    let mut command = vec!["solve", file];
    command.extend_from_slice(args);
    let output = common::run_args(&command).unwrap();
    output.last().expect("a summary").clone()
}

#[test]
fn the_summary_says_the_threads_that_solved_the_published_scores() {
    for threads in [1, 2] {
        let summary = solve_summary(&["--threads", &threads.to_string(), "--table-mb", "16"]);
        assert_eq!(text(&summary, "command").as_deref(), Some("solve"));
        assert_eq!(number::<u64>(&summary, "positions"), 19, "{summary}");
        assert_eq!(number::<u64>(&summary, "correct"), 19, "{summary}");
        assert_eq!(number::<u64>(&summary, "threads"), threads, "{summary}");
    }
}
