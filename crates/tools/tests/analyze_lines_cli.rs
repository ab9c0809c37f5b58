//! `othello analyze <position> --lines N`: the best N moves with their
//! lines, checked against the FFO file's published scores, against the
//! analysis of every move and against `search`, and the refusals of
//! `--lines` where it does not belong.

mod common;

use common::{field, number, repository, run, text};

/// The first position of an FFO file, with the scores it gives every move
/// (`G8:+18; H1:+12; ...`), best first.
fn ffo_first(file: &str) -> (String, Vec<(String, i64)>) {
    let path = repository(&format!("tests/data/ffo/{file}"));
    let content = std::fs::read_to_string(path).expect("the FFO file");
    let line = content.lines().next().expect("a position");
    let (board, scores) = line.split_once(';').expect("an OBF line");
    let scores = scores
        .split(';')
        .filter_map(|entry| entry.trim().split_once(':'))
        .map(|(mv, score)| (mv.to_lowercase(), score.parse().expect("a score")))
        .collect();
    (board.to_string(), scores)
}

/// The lines of a summary: (move, score, kind, depth, pv).
fn lines_of(json: &str) -> Vec<(String, i64, String, u64, String)> {
    let lines = field(json, "lines");
    lines
        .as_array()
        .expect("a list of lines")
        .iter()
        .map(|line| {
            let line = line.to_string();
            (
                text(&line, "move").expect("a move"),
                number(&line, "score"),
                text(&line, "kind").expect("a kind"),
                number(&line, "depth"),
                text(&line, "pv").expect("a line"),
            )
        })
        .collect()
}

#[test]
fn solved_lines_are_the_ffo_files_best_moves_with_their_scores() {
    let (board, scores) = ffo_first("fforum-1-19.obf");
    let output = common::run_args(&["analyze", &board, "--lines", "3", "--exact"]).unwrap();
    let summary = output.last().expect("a summary");
    assert_eq!(text(summary, "command").as_deref(), Some("analyze"));
    let lines = lines_of(summary);
    assert_eq!(lines.len(), 3);
    let found: Vec<i64> = lines.iter().map(|l| l.1).collect();
    let published: Vec<i64> = scores.iter().take(3).map(|s| s.1).collect();
    assert_eq!(found, published);
    for (mv, score, kind, depth, pv) in &lines {
        assert_eq!(kind, "exact");
        assert_eq!(*depth, 14);
        assert!(scores.contains(&(mv.clone(), *score)), "{mv} {score}");
        assert!(pv.starts_with(mv.as_str()), "{pv}");
    }
    // Each completed iteration is printed with its lines, then each line.
    assert!(output
        .iter()
        .any(|l| l.starts_with("depth 14 exact lines ")));
    assert!(output[output.len() - 4].starts_with("1 g8  +18 exact pv g8 "));
}

#[test]
fn lines_at_a_depth_are_the_best_of_every_move_and_one_is_the_search() {
    let position = "f5d6c3d3c4f4c5b3c2e6c6b4";
    let every = run(&format!(
        "analyze {position} --depth 7 --threads 1 --no-book"
    ))
    .unwrap();
    let moves = field(every.last().unwrap(), "moves");
    let best: Vec<i64> = moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["score"].as_i64().unwrap())
        .collect();
    let lines = run(&format!(
        "analyze {position} --depth 7 --threads 1 --lines 4"
    ))
    .unwrap();
    let found: Vec<i64> = lines_of(lines.last().unwrap())
        .iter()
        .map(|l| l.1)
        .collect();
    assert_eq!(found, best[..4]);

    let search = run(&format!(
        "search {position} --depth 9 --threads 1 --no-book"
    ))
    .unwrap();
    let one = run(&format!(
        "analyze {position} --depth 9 --threads 1 --lines 1"
    ))
    .unwrap();
    let (search, one) = (search.last().unwrap(), one.last().unwrap());
    let line = &lines_of(one)[0];
    assert_eq!(
        (&line.0, line.1, &line.4),
        (
            &text(search, "best").unwrap(),
            number::<i64>(search, "score"),
            &text(search, "pv").unwrap()
        )
    );
    assert_eq!(number::<u64>(one, "nodes"), number::<u64>(search, "nodes"));
}

#[test]
fn lines_belong_to_analyze_and_number_one_to_five() {
    let error = run("search f5d6 --lines 3").unwrap_err();
    assert_eq!(
        error,
        "--lines is for analyze, which gives the best moves each with its line \
         (a search finds the best move alone)"
    );
    // bench's positions and depths are fixed: it takes --threads alone.
    let error = run("bench --lines 3").unwrap_err();
    assert_eq!(
        error,
        "bench: unknown option '--lines' (it takes --threads)"
    );
    for bad in ["0", "6", "x"] {
        let error = run(&format!("analyze f5d6 --lines {bad}")).unwrap_err();
        assert!(
            error.starts_with("--lines must be a whole number from 1 to 5"),
            "{error}"
        );
    }
}
