//! `othello match --board 96`: pairs of games between the 96-square board's
//! players from one opening with the colours swapped, every game replayed
//! on `othello-board96`, the summary's counts and Elo checked against the
//! games, and the errors for bad options.

mod common;

use common::{field, number, raw, run};
use othello_board96::notation::transcript;
use othello_board96::Status;

/// A game line: `N. opening K X r-w Y  A +s ...  transcript`: whether A
/// is Red, A's score and the transcript.
fn game_line(line: &str) -> (bool, i32, String) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let a_is_red = words[3] == "A";
    let score: i32 = words[7].parse().unwrap();
    (a_is_red, score, words.last().unwrap().to_string())
}

/// The games' lines of a match's output.
fn games(lines: &[String]) -> Vec<(bool, i32, String)> {
    lines
        .iter()
        .filter(|l| l.contains(". opening") && l.trim_start().starts_with(char::is_numeric))
        .map(|l| game_line(l))
        .collect()
}

#[test]
fn pairs_swap_colours_from_one_opening_and_the_summary_counts_the_games() {
    let line = "match --board 96 --a greedy:2 --b random --games 6 --opening-plies 4 --seed 5";
    let lines = run(line).unwrap();
    let played = games(&lines);
    assert_eq!(played.len(), 6);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for (index, (a_is_red, a_score, text)) in played.iter().enumerate() {
        // A is Red in the first game of each pair, White in the second.
        assert_eq!(*a_is_red, index % 2 == 0);
        let game = transcript::parse(text).expect("a legal transcript");
        let end = game.position();
        assert_eq!(end.board.status(), Status::GameOver, "{text}");
        let red_score = end.final_score();
        assert_eq!(*a_score, if *a_is_red { red_score } else { -red_score });
        match a_score.signum() {
            1 => wins += 1,
            -1 => losses += 1,
            _ => draws += 1,
        }
        // Both games of a pair open with the same four random plies.
        let pair_first = &played[index - index % 2].2;
        assert_eq!(text[..8], pair_first[..8], "pair {}", index / 2);
    }
    assert_ne!(played[0].2[..8], played[2].2[..8], "pairs open differently");
    let json = lines.last().unwrap();
    assert!(json.starts_with("{\"command\":\"match\",\"board\":96,\"games\":6,"));
    assert_eq!(number::<f64>(json, "a_wins"), f64::from(wins));
    assert_eq!(number::<f64>(json, "draws"), f64::from(draws));
    assert_eq!(number::<f64>(json, "b_wins"), f64::from(losses));
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / 6.0;
    assert!((number::<f64>(json, "a_score") - score).abs() < 1e-4);
    if score > 0.0 && score < 1.0 {
        let elo = -400.0 * (1.0 / score - 1.0).log10();
        assert!((number::<f64>(json, "elo") - elo).abs() < 0.06, "{json}");
        assert!(number::<f64>(json, "elo_low") <= number::<f64>(json, "elo"));
        assert!(number::<f64>(json, "elo_high") >= number::<f64>(json, "elo"));
    }
    assert_eq!(raw(json, "a"), "\"greedy:2\"");
    assert_eq!(number::<f64>(json, "b_nodes"), 0.0);
    assert!(number::<f64>(json, "a_nodes") > 0.0);
    // The same seed plays the same match.
    assert_eq!(run(line).unwrap(), lines);
}

#[test]
fn openings_come_from_a_file_of_transcripts_in_turn() {
    let path = std::env::temp_dir().join(format!("match96-openings-{}.txt", std::process::id()));
    std::fs::write(&path, "# two openings\ne4d6c7\n\nf7g7h7f8\n").unwrap();
    let line = format!(
        "match --board 96 --a greedy:1 --b greedy:2 --games 6 --openings-file {}",
        path.display()
    );
    let lines = run(&line).unwrap();
    let played = games(&lines);
    assert_eq!(played.len(), 6);
    for (index, (_, _, text)) in played.iter().enumerate() {
        let opening = ["e4d6c7", "f7g7h7f8"][index / 2 % 2];
        assert!(text.starts_with(opening), "game {index}: {text}");
    }
    let bad = std::env::temp_dir().join(format!("match96-bad-{}.txt", std::process::id()));
    std::fs::write(&bad, "e4d6c7\ne4c3\n").unwrap();
    let message = run(&format!(
        "match --board 96 --a greedy:1 --b random --games 2 --openings-file {}",
        bad.display()
    ))
    .unwrap_err();
    assert!(
        message.starts_with("match --board 96: ") && message.contains("line 2: transcript: move 2"),
        "{message}"
    );
    // `--openings` is the 8x8 match's count; here it names the right flag.
    let message = run(&format!(
        "match --board 96 --a greedy:1 --b random --games 2 --openings {}",
        path.display()
    ))
    .unwrap_err();
    assert!(message.contains("--openings-file FILE"), "{message}");
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(bad);
}

#[test]
fn a_clocked_side_reports_its_time_left() {
    // Whether the clocked side keeps time is the time manager's (its own
    // tests, on a clock that does not depend on the machine's load); here,
    // that the match reports it.
    let lines =
        run("match --board 96 --a smart-clock --b greedy:1 --games 2 --clock-ms 1500").unwrap();
    let json = lines.last().unwrap();
    let lost_on_time = number::<f64>(json, "lost_on_time");
    assert!((0.0..=2.0).contains(&lost_on_time), "{json}");
    assert_eq!(number::<f64>(json, "clock_ms"), 1500.0);
    assert!(number::<f64>(json, "a_nodes") > 0.0);
    let left = field(json, "a_ms_left");
    assert!(left["mean"].is_number(), "{json}");
    let min = left["min"].as_f64().expect("the least time left");
    assert!(min >= 0.0 || lost_on_time > 0.0, "{json}");
    assert_eq!(raw(json, "b_ms_left"), "null");
    assert_eq!(games(&lines).len(), 2);
    assert!(lines.iter().filter(|l| l.contains(" A-left ")).count() == 2);
}

#[test]
fn bad_options_are_named() {
    let forms = "(the specs are random, greedy:D, smart:D, smart-hand:D, smart-uniform:D (D from 1 to 30) or smart-clock (needs --clock-ms))";
    for (line, expected) in [
        (
            "match --board 96 --a greedy:2 --b random --games 3",
            "match --board 96: --games must be even (pairs with the colours swapped), from 2 to 100000, got 3".to_string(),
        ),
        (
            "match --board 96 --a greedy:2 --games 2",
            format!("match --board 96: missing --b <spec> {forms}"),
        ),
        (
            "match --board 96 --a greedy:2 --b random",
            "match --board 96: missing --games N".to_string(),
        ),
        (
            "match --board 96 --a alphabeta:3 --b random --games 2",
            format!("match --board 96: --a 'alphabeta:3' is not a player spec {forms}"),
        ),
        (
            "match --board 96 --a smart-clock --b random --games 2",
            "match --board 96: smart-clock plays on a game clock: give --clock-ms N".to_string(),
        ),
        (
            "match --board 96 --a smart-clock --b random --games 2 --clock-ms 0",
            "match --board 96: --clock-ms must be at least 1".to_string(),
        ),
        (
            "match --board 96 --a smart-clock --b random --games 2 --clock-ms -1",
            "match --board 96: --clock-ms '-1' is not a whole number".to_string(),
        ),
        (
            "match --board 96 --a random --b random --games 2 --clock-ms 5",
            "match --board 96: --clock-ms is for smart-clock players, and neither side is one"
                .to_string(),
        ),
        (
            "match --board 96 --a random --b random --games 2 --opening-plies 61",
            "match --board 96: --opening-plies must be from 0 to 60, got 61".to_string(),
        ),
        (
            "match --board 96 --a random --b random --games 2 --depth 3",
            "match --board 96: unknown option '--depth' (othello match --board 96 --help lists them)"
                .to_string(),
        ),
    ] {
        assert_eq!(run(line).unwrap_err(), expected, "{line}");
    }
}
