//! `othello game --board 96`: whole games on the 96-square board between the
//! crate's players, replayed on `othello-board96`, and the errors for bad
//! player specs and options.

mod common;

use common::{number, raw, run, text};
use othello_board96::notation::transcript;
use othello_board96::position::RED;
use othello_board96::Status;

#[test]
fn a_seeded_game_replays_legally_to_its_score() {
    let line = "game --board 96 --red greedy:2 --white random --seed 7";
    let lines = run(line).unwrap();
    let json = lines.last().unwrap();
    assert!(
        json.starts_with("{\"command\":\"game\",\"board\":96,\"transcript\":\""),
        "{json}"
    );
    assert_eq!(text(json, "red_player").unwrap(), "greedy:2");
    assert_eq!(text(json, "white_player").unwrap(), "random");
    assert_eq!(number::<i64>(json, "seed"), 7);
    assert_eq!(raw(json, "red_ms_left"), "null");
    assert_eq!(raw(json, "clock_ms"), "null");
    assert_eq!(number::<i64>(json, "white_nodes"), 0);
    assert!(number::<i64>(json, "red_nodes") > 0);

    // The transcript replays on the crate's rules to a finished game whose
    // discs and score are the line's.
    let game = transcript::parse(&text(json, "transcript").unwrap()).unwrap();
    let end = game.position();
    assert_eq!(end.board.status(), Status::GameOver);
    assert_eq!(
        i64::from(end.discs(RED).count_ones()),
        number::<i64>(json, "red")
    );
    assert_eq!(
        i64::from(end.white().count_ones()),
        number::<i64>(json, "white")
    );
    assert_eq!(
        i64::from(end.final_score()),
        number::<i64>(json, "red_score")
    );

    // One line per move, passes included, in the game's order.
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    let played: Vec<&str> = lines
        .iter()
        .filter(|l| {
            l.trim_start()
                .split('.')
                .next()
                .is_some_and(|n| n.parse::<usize>().is_ok())
        })
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    assert_eq!(played, moves);
    let header = format!(
        "     a b c d e f g h i j   [R={} W={} ({:+})]",
        number::<i64>(json, "red"),
        number::<i64>(json, "white"),
        number::<i64>(json, "red_score")
    );
    assert!(lines.contains(&header), "{lines:?}");

    // The same seed gives the same game; another seed another one.
    assert_eq!(run(line).unwrap().last(), Some(json));
    let other = run("game --board 96 --red greedy:2 --white random --seed 8").unwrap();
    assert_ne!(
        text(other.last().unwrap(), "transcript").unwrap(),
        text(json, "transcript").unwrap()
    );
}

#[test]
fn a_clocked_side_reports_its_time_left() {
    let lines =
        run("game --board 96 --red smart-clock --white random --clock-ms 300 --seed 2").unwrap();
    let json = lines.last().unwrap();
    assert_eq!(number::<i64>(json, "clock_ms"), 300);
    assert!(number::<i64>(json, "red_ms_left") <= 300, "{json}");
    assert_eq!(raw(json, "white_ms_left"), "null");
    assert_eq!(text(json, "red_player").unwrap(), "smart-clock");
    let game = transcript::parse(&text(json, "transcript").unwrap()).unwrap();
    assert_eq!(game.position().board.status(), Status::GameOver);
    assert_eq!(
        i64::from(game.position().final_score()),
        number::<i64>(json, "red_score")
    );
}

#[test]
fn a_game_goes_on_from_an_opening_with_random_plies() {
    let line = "game --board 96 --red greedy:1 --white smart:1 --opening e4d4 --random-plies 6 --seed 5 --no-book";
    let lines = run(line).unwrap();
    let json = lines.last().unwrap();
    assert_eq!(number::<i64>(json, "random_plies"), 6);
    let game = transcript::parse(&text(json, "transcript").unwrap()).unwrap();
    assert_eq!(game.position().board.status(), Status::GameOver);
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves[..2], ["e4", "d4"]);
    // The opening's moves are not printed; the random plies bring the
    // discs to 4 + 6 and are marked, the players' moves give their nodes.
    let printed: Vec<&String> = lines.iter().filter(|l| l.starts_with("  ")).collect();
    assert!(printed[0].starts_with("  3. Red "), "{printed:?}");
    let random: Vec<&&String> = printed
        .iter()
        .filter(|l| l.ends_with(" (random)"))
        .collect();
    assert_eq!(random.len(), 4, "{printed:?}");
    assert!(printed[..4].iter().all(|l| l.ends_with(" (random)")));
    assert!(printed[4].contains(" nodes "), "{printed:?}");
    // Another seed, other random plies.
    let other = run(&line.replace("--seed 5", "--seed 6")).unwrap();
    assert_ne!(
        text(other.last().unwrap(), "transcript").unwrap()[..16],
        text(json, "transcript").unwrap()[..16]
    );
    assert_eq!(
        run("game --board 96 --red random --white random --opening e4c3").unwrap_err(),
        "game --board 96: --opening: transcript: move 2 'c3' (character 3) is not a square"
    );
}

#[test]
fn bad_specs_and_options_are_explained() {
    let forms = "(the specs are random, greedy:D, smart:D, smart-hand:D, smart-uniform:D (D from 1 to 30) or smart-clock (needs --clock-ms))";
    for (line, message) in [
        (
            "game --board 96 --red alphabeta:4 --white random",
            format!("game --board 96: --red 'alphabeta:4' is not a player spec {forms}"),
        ),
        (
            "game --board 96 --red random --white greedy:0",
            format!("game --board 96: --white 'greedy:0' is not a player spec {forms}"),
        ),
        (
            "game --board 96 --red smart:x --white random",
            format!("game --board 96: --red 'smart:x' is not a player spec {forms}"),
        ),
        (
            "game --board 96 --red random",
            format!("game --board 96: missing --white <spec> {forms}"),
        ),
        (
            "game --board 96 --white random",
            format!("game --board 96: missing --red <spec> {forms}"),
        ),
        (
            "game --board 96 --red smart-clock --white random",
            "game --board 96: smart-clock plays on a game clock: give --clock-ms N".to_string(),
        ),
        (
            "game --board 96 --red smart-clock --white random --clock-ms 0",
            "game --board 96: --clock-ms must be at least 1".to_string(),
        ),
        (
            "game --board 96 --red smart-clock --white random --clock-ms -1",
            "game --board 96: --clock-ms '-1' is not a whole number".to_string(),
        ),
        (
            "game --board 96 --red random --white random --clock-ms 100",
            "game --board 96: --clock-ms is for smart-clock players, and neither side is one"
                .to_string(),
        ),
        (
            "game --board 96 --red random --white random --seed x",
            "game --board 96: --seed 'x' is not a whole number".to_string(),
        ),
        (
            "game --board 96 --red random --white random --black random",
            "game --board 96: unknown option '--black' (it takes --red, --white, --clock-ms, --opening, --random-plies, --seed and --no-book)".to_string(),
        ),
        (
            "game --board 96 --red random --white",
            "game --board 96: --white needs a value".to_string(),
        ),
        (
            "game --board 9 --red random --white random",
            "--board must be 8 or 96, got '9'".to_string(),
        ),
    ] {
        assert_eq!(run(line).unwrap_err(), message, "{line}");
    }
}
