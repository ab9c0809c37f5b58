//! `othello nboard` (the NBoard protocol on standard input and output) and
//! `othello soak`, run as a GUI or a user runs them: scripted exchanges
//! checked against data nobody here wrote (FForum problem #1's exact scores,
//! the first WTHOR game of tests/data with its passes), and a short soak.

use std::io::Write;
use std::process::Stdio;

mod common;

use common::{field, number, othello, repository};

/// Runs `othello <args>` with `input` on its standard input; its output lines.
fn run_with_input(args: &[&str], input: &str) -> (bool, Vec<String>, String) {
    let mut child = othello()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the othello binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("the script is written");
    let output = child.wait_with_output().expect("the binary ends");
    let lines = String::from_utf8(output.stdout)
        .expect("text output")
        .lines()
        .map(String::from)
        .collect();
    (
        output.status.success(),
        lines,
        String::from_utf8_lossy(&output.stderr).to_string(),
    )
}

/// The session's answers other than `nodestats` and `status` lines.
fn answers(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|line| !line.starts_with("nodestats ") && !line.starts_with("status "))
        .collect()
}

/// FForum problem #1 from tests/data: its board and the exact score of each move.
fn ffo_1() -> (String, Vec<(String, i32)>) {
    ffo_problem("fforum-1-19.obf", 0)
}

/// Problem `index` (from 0) of an FFO file in tests/data/ffo: its board and
/// the exact score of each move.
fn ffo_problem(file: &str, index: usize) -> (String, Vec<(String, i32)>) {
    let text = std::fs::read_to_string(repository(&format!("tests/data/ffo/{file}")))
        .expect("the FFO problems are committed");
    let line = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .nth(index)
        .expect("the problem");
    let mut parts = line.split(';');
    let board = parts.next().expect("a board").trim().to_string();
    let scores = parts
        .filter_map(|part| {
            let (mv, score) = part.trim().split_once(':')?;
            Some((mv.to_ascii_lowercase(), score.parse().ok()?))
        })
        .collect();
    (board, scores)
}

/// The GGF record NBoard sends for an OBF board (`*` black, `O` white).
fn nboard_record(obf: &str) -> String {
    let (squares, side) = obf.split_once(' ').expect("board and side");
    let squares = squares.replace('X', "*");
    let side = if side.trim() == "X" { "*" } else { "O" };
    format!(
        "(;GM[Othello]PC[NBoard]PB[engine]PW[player]RE[?]TI[15:00]TY[8]BO[8 {squares} {side}];)"
    )
}

/// The lines of an NBoard session at level 10 (`set depth 10`) on the OBF
/// `board`, with `commands` (one a line) after `set game`; the tool must
/// end well.
fn level_10_session(board: &str, commands: &str) -> Vec<String> {
    let script = format!(
        "nboard 2\nset depth 10\nset game {}\n{commands}",
        nboard_record(board)
    );
    let (ok, lines, stderr) = run_with_input(&["nboard"], &script);
    assert!(ok, "{stderr}");
    lines
}

#[test]
fn nboard_plays_and_hints_the_exact_scores_of_ffo_1() {
    let (board, scores) = ffo_1();
    let best = scores.iter().map(|&(_, s)| s).max().expect("scores");
    let lines = level_10_session(&board, "ping 1\ngo\nhint 3\nping 2\n");
    let answers = answers(&lines);
    assert!(answers[0].starts_with("set myname othello-"), "{lines:?}");
    assert_eq!(answers[1], "pong 1");
    // `=== <move> <score> <seconds>`: a best move with its exact score.
    let played: Vec<&str> = answers[2].split_whitespace().collect();
    assert_eq!(played[0], "===", "{lines:?}");
    let score_of = |mv: &str| scores.iter().find(|(m, _)| m == mv).map(|&(_, s)| s);
    assert_eq!(score_of(played[1]), Some(best), "{lines:?}");
    assert_eq!(played[2].parse::<f64>().unwrap(), f64::from(best));
    assert!(played[3].parse::<f64>().unwrap() >= 0.0);
    // Three hints, best first, each with its exact score, proven (100%).
    let mut sorted: Vec<i32> = scores.iter().map(|&(_, s)| s).collect();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for (index, line) in answers[3..6].iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], "search", "{lines:?}");
        let score: f64 = words[2].parse().unwrap();
        assert_eq!(score, f64::from(sorted[index]), "{line}");
        assert_eq!(score_of(words[1]), Some(sorted[index]), "{line}");
        assert_eq!(&words[3..], ["0", "100%"], "{line}");
    }
    assert_eq!(answers[6], "pong 2");
    assert_eq!(answers.len(), 7, "{lines:?}");
    // A status line before and after each search, and node counts between.
    assert!(lines.iter().any(|l| l == "status thinking"));
    assert!(lines.iter().any(|l| l.starts_with("nodestats ")));
}

#[test]
fn nboard_hints_count_discs_where_its_level_plays_on_a_win_loss_draw_proof() {
    // FFO #24: 19 empties, where level 10 plays on a win/loss/draw proof
    // (from 20 empties; exact from 18). Its hints still count discs.
    let (board, scores) = ffo_problem("fforum-20-39.obf", 4);
    assert_eq!(board.matches('-').count(), 19);
    let lines = level_10_session(&board, "hint 3\nping 1\n");
    let answers = answers(&lines);
    let mut sorted: Vec<i32> = scores.iter().map(|&(_, s)| s).collect();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for (index, line) in answers[1..4].iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], "search", "{lines:?}");
        assert_eq!(
            words[2].parse::<f64>().unwrap(),
            f64::from(sorted[index]),
            "{line}"
        );
        assert_eq!(&words[3..], ["0", "100%"], "{line}");
    }
    assert_eq!(answers[4], "pong 1");
}

#[test]
fn nboard_go_on_a_win_loss_draw_proof_reports_discs_not_the_proof_s_bound() {
    // A problem of tests/data with 20 empties, where level 10 plays on a
    // win/loss/draw proof, whose best move wins by 10 discs. The proof
    // alone says "a win" (+2 as a score: a close game in the GUI); `go`
    // reports the search's estimate in discs, which agrees with the proof.
    let (board, scores) = ffo_problem("fforum-20-39.obf", 9);
    assert_eq!(board.matches('-').count(), 20);
    let best = scores.iter().map(|&(_, s)| s).max().expect("scores");
    assert_eq!(best, 10);
    let lines = level_10_session(&board, "go\nping 1\n");
    let answers = answers(&lines);
    let played: Vec<&str> = answers[1].split_whitespace().collect();
    assert_eq!(played[0], "===", "{lines:?}");
    // The move wins (the proof), and its score is a win closer to the
    // exact +10 than the proof's bound is.
    let score_of = |mv: &str| scores.iter().find(|(m, _)| m == mv).map(|&(_, s)| s);
    assert!(score_of(played[1]).is_some_and(|s| s > 0), "{lines:?}");
    let reported: f64 = played[2].parse().unwrap();
    assert!(reported > 0.0, "{lines:?}");
    assert!(
        (reported - 10.0).abs() < 8.0,
        "reported {reported}: {lines:?}"
    );
    assert_eq!(answers[2], "pong 1");
}

#[test]
fn nboard_follows_a_tournament_game_with_its_passes() {
    // The first game of tests/data/wthor-first-games.txt (WTHOR, 1977):
    // White has no move after Black's 54th disc, and Black none after the 57th.
    let line = std::fs::read_to_string(repository("tests/data/wthor-first-games.txt"))
        .expect("the WTHOR games are committed");
    let transcript = line
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .nth(3)
        .unwrap()
        .to_string();
    let moves: Vec<&str> = (0..transcript.len())
        .step_by(2)
        .map(|i| &transcript[i..i + 2])
        .collect();
    assert_eq!(moves.len(), 60);
    let mut script = String::from("nboard 2\nset depth 2\nset game (;GM[Othello]TY[8];)\n");
    for (index, mv) in moves.iter().enumerate() {
        if index == 53 {
            // The GUI asks the engine to move where it must pass, then passes.
            script.push_str("ping 53\ngo\nmove PA\n");
        }
        // NBoard's move syntax: the square, the evaluation and the time.
        script.push_str(&format!("move {}/0.00/1.5\n", mv.to_ascii_uppercase()));
    }
    // The pass before move 58 was left to the engine; the game is now over.
    script.push_str("go\nhint 1\nlearn\nping 60\n");
    let (ok, lines, stderr) = run_with_input(&["nboard"], &script);
    assert!(ok, "{stderr}");
    let statuses: Vec<&String> = lines.iter().filter(|l| l.starts_with("status ")).collect();
    let expected_statuses = [
        "status thinking",
        "status waiting",
        "status go: the game is over",
        "status hint: the game is over",
    ];
    let kept: Vec<&str> = statuses
        .iter()
        .map(|l| l.as_str())
        .filter(|l| *l != "status thinking" && *l != "status waiting")
        .collect();
    assert_eq!(
        kept,
        &expected_statuses[2..],
        "no move was refused: {lines:?}"
    );
    assert_eq!(
        answers(&lines),
        [
            "set myname othello-0.1.0"
                .replace("0.1.0", env!("CARGO_PKG_VERSION"))
                .as_str(),
            "pong 53",
            "=== pa 0.00 0.0",
            "learned",
            "pong 60"
        ]
    );
}

#[test]
fn nboard_answers_bad_commands_with_a_status_and_goes_on() {
    let script = "nboard 2\nhint 2\nset game (;GM[Chess];)\nset depth x\nmove Z9\nset game (;GM[Othello];)\nmove F5\nmove F5\nfrobnicate\nset frobs 3\nping 7\n";
    let (ok, lines, stderr) = run_with_input(&["nboard"], script);
    assert!(ok, "{stderr}");
    let statuses: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("status "))
        .collect();
    assert_eq!(statuses.len(), 5, "{lines:?}");
    assert_eq!(statuses[0], "hint: no game set yet");
    assert!(statuses[1].starts_with("set game: ggf:"), "{}", statuses[1]);
    assert!(statuses[2].contains("whole number"), "{}", statuses[2]);
    assert!(statuses[3].contains("'Z9'"), "{}", statuses[3]);
    assert!(statuses[4].starts_with("move f5: "), "{}", statuses[4]);
    // Unknown commands are ignored; the session still answers.
    assert_eq!(lines.last().map(String::as_str), Some("pong 7"));
    let (ok, _, stderr) = run_with_input(&["nboard", "--table-mb"], "");
    assert!(!ok);
    assert!(stderr.contains("needs a value"), "{stderr}");
}

#[test]
fn a_short_soak_finds_no_error() {
    let (ok, lines, stderr) = run_with_input(
        &["soak", "--games", "2", "--time-ms", "5-20", "--seed", "11"],
        "",
    );
    assert!(ok, "{stderr}");
    let summary = lines.last().expect("a summary");
    assert!(summary.starts_with("{\"command\":\"soak\""), "{summary}");
    assert_eq!(number::<f64>(summary, "games"), 2.0);
    assert_eq!(number::<f64>(summary, "errors"), 0.0);
    assert!(number::<f64>(summary, "searches") > 20.0, "{summary}");
    assert!(number::<f64>(summary, "checked") >= 1.0, "{summary}");
    let overrun = field(summary, "overrun_ms");
    let ms = |key: &str| overrun[key].as_f64().expect("milliseconds");
    assert!(
        ms("max") >= ms("p99") && ms("p99") >= ms("p50"),
        "{summary}"
    );
    assert_eq!(lines.iter().filter(|l| l.starts_with("game ")).count(), 2);
    let (ok, _, stderr) = run_with_input(&["soak", "--time-ms", "100-10"], "");
    assert!(!ok);
    assert!(stderr.contains("high to low"), "{stderr}");
}

#[test]
fn a_closed_output_ends_the_tool_quietly() {
    use std::io::{BufRead, BufReader};
    // `othello perft 9 | head -1`: the reader goes away after one line.
    let mut child = othello()
        .args(["perft", "9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the othello binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout is piped"))
        .read_line(&mut first)
        .expect("a line");
    assert_eq!(first.trim(), "perft  1                4");
    let output = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.status.success(), "{:?} {stderr}", output.status);
}
