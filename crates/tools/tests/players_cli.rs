//! The players on the command line: `game` (player specs, the engine on a
//! clock, by time or by depth), `tournament`, `match`, `search --player`,
//! the 2001 study's programs and its comparison (`experiments
//! alphabeta-study`), and the checks on player specs and `player_move`'s
//! inputs.

mod common;

use common::{field, number, raw, run, run_args, text};
use othello::clock::Clock;
use othello::notation;
use othello::players::{play_game, Player, Spec};
use othello::rng::Rng;
use othello::Status;

struct Frozen;

impl Clock for Frozen {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

#[test]
fn game_between_specs_ends_with_the_paip_score() {
    let lines =
        run("game --black alphabeta:4:count-difference --white alphabeta:4:weighted-squares")
            .unwrap();
    let json = lines.last().unwrap();
    assert!(
        json.starts_with("{\"command\":\"game\",\"transcript\":\"d3"),
        "{json}"
    );
    assert_eq!(number::<f64>(json, "black"), 24.0);
    assert_eq!(number::<f64>(json, "white"), 40.0);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("    a b c d e f g h   [@=24 O=40 (-16)]")));
    // The transcript replays to the same final count.
    let transcript = text(json, "transcript").unwrap();
    let game = notation::parse_game(&transcript).unwrap();
    assert_eq!(game.position().white().count_ones(), 40);
}

#[test]
fn the_engine_plays_both_sides_on_a_clock_from_an_opening() {
    let lines = run("game --clock-ms 2000 --increment-ms 10 --opening f5d6c3").unwrap();
    let json = lines.last().unwrap();
    let transcript = text(json, "transcript").unwrap();
    assert!(transcript.starts_with("f5d6c3"), "{json}");
    let end = notation::parse_game(&transcript).unwrap().position();
    assert_eq!(end.status(), Status::GameOver, "{json}");
    assert_eq!(
        number::<f64>(json, "black"),
        f64::from(end.black().count_ones())
    );
    assert_eq!(
        text(json, "black_player").as_deref(),
        Some("engine:eval=pattern,confidence=95")
    );
    assert_eq!(
        text(json, "white_player").as_deref(),
        Some("engine:eval=pattern,confidence=95")
    );
    assert_eq!(number::<f64>(json, "clock_ms"), 2000.0);
    assert_eq!(number::<f64>(json, "increment_ms"), 10.0);
    // Each side's clock: what it had, less its thinking, plus its increments.
    for side in ["black_ms_left", "white_ms_left"] {
        let left = number::<f64>(json, side);
        assert!(left <= 2000.0 + 10.0 * 32.0, "{json}");
    }
    assert!(
        matches!(
            text(json, "lost_on_time").as_deref(),
            None | Some("black" | "white")
        ),
        "{json}"
    );
    // The opening's three moves are not replayed: the first line is move 4.
    assert!(lines[0].starts_with(" 4. White "), "{}", lines[0]);
    assert!(lines[0].contains(" left "), "{}", lines[0]);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("    a b c d e f g h   [@=")));
}

#[test]
fn a_spec_plays_the_engine_by_depth() {
    let line = "game --black alphabeta:2:weighted-squares --depth 2 --book false";
    let lines = run(line).unwrap();
    let json = lines.last().unwrap();
    assert_eq!(
        Some(json),
        run(line).unwrap().last(),
        "a depth-limited game is reproducible"
    );
    assert_eq!(
        text(json, "black_player").as_deref(),
        Some("alphabeta:2:weighted-squares")
    );
    assert_eq!(
        text(json, "white_player").as_deref(),
        Some("engine:depth=2,eval=pattern,book=false")
    );
    for key in ["black_ms_left", "white_ms_left", "lost_on_time", "clock_ms"] {
        assert_eq!(text(json, key), None, "{json}");
    }
    let end = notation::parse_game(&text(json, "transcript").unwrap())
        .unwrap()
        .position();
    assert_eq!(end.status(), Status::GameOver);
    // The engine's moves show their search, the other player's only the move.
    assert_eq!(lines[0], " 1. Black d3");
    assert!(
        lines[1].starts_with(" 2. White ") && lines[1].contains("depth  2"),
        "{}",
        lines[1]
    );
    // With its book (the default), the engine answers the opening from it.
    let lines = run("game --black alphabeta:2:weighted-squares --depth 2").unwrap();
    assert!(lines[1].contains("book"), "{}", lines[1]);
}

#[test]
fn a_player_without_a_move_passes() {
    let lines = run("game --black random --white random --seed 1").unwrap();
    assert!(
        lines.iter().any(|l| l.ends_with(" pa")),
        "no pass: {lines:?}"
    );
    let transcript = text(lines.last().unwrap(), "transcript").unwrap();
    let end = notation::parse_game(&transcript).unwrap().position();
    assert_eq!(end.status(), Status::GameOver);
}

#[test]
fn a_clock_is_for_engines_that_it_alone_limits() {
    assert_eq!(
        run("game --black random --clock-ms 1000").unwrap_err(),
        "game: --clock-ms is for engine players, and --black 'random' is not one: \
         leave out --clock-ms, or give --black an engine:... spec"
    );
    assert_eq!(
        run("game --clock-ms 1000 --depth 4").unwrap_err(),
        "--clock-ms and --depth exclude each other: on a clock the time manager decides \
         when the search stops (a confidence may be given with it)"
    );
    assert!(run("game --white engine:level=5 --clock-ms 1000")
        .unwrap_err()
        .starts_with("--clock-ms and level in --white 'engine:level=5' exclude each other"));
    assert_eq!(
        run("game --increment-ms 100").unwrap_err(),
        "--increment-ms needs --clock-ms (the time left on the clock)"
    );
    assert_eq!(
        run("game --black random --white iago:2 --time-ms 50").unwrap_err(),
        "game: --time-ms is for a side without a spec, and --black and --white both have one"
    );
}

#[test]
fn bad_values_are_explained_with_the_engines_messages() {
    for (line, message) in [
        (
            "game --depth 0",
            "--depth must be a whole number from 1 to 60, got 0",
        ),
        (
            "game --time-ms soon",
            "--time-ms must be a positive number of milliseconds, got 'soon'",
        ),
        (
            "game --clock-ms -5",
            "--clock-ms must be a finite number of milliseconds, 0 or more, got -5",
        ),
        (
            "game --confidence 90",
            "confidence 90 is not a level (expected 100, 99, 98, 95, 87 or 73)",
        ),
        (
            "game --random-plies x",
            "game: --random-plies 'x' is not a whole number",
        ),
        (
            "match --a eval=standin --openings 2 --depth 61",
            "match: --depth must be a whole number from 1 to 60, got 61",
        ),
        (
            "match --openings 2 --level 3 --depth 4",
            "match: a level sets the depth: give a level or a depth, not both",
        ),
        (
            "train search --depth 0 --out x",
            "train search: --depth must be a whole number from 1 to 60, got 0",
        ),
        (
            "train selfplay --label-depth 99 --out x",
            "train selfplay: --label-depth must be a whole number from 1 to 60, got 99",
        ),
        (
            "train selfplay --label-confidence 96 --out x",
            "train selfplay: confidence 96 is not a level (expected 100, 99, 98, 95, 87 or 73)",
        ),
        (
            "train probcut --max-depth 0 --out x",
            "train probcut: --max-depth must be a whole number from 1 to 60, got 0",
        ),
    ] {
        assert_eq!(run(line).unwrap_err(), message, "{line}");
    }
}

#[test]
fn random_plies_follow_the_seed() {
    let line = "game --black random --white maximizer:mobility --random-plies 10 --seed 5";
    let first = run(line).unwrap();
    assert_eq!(first, run(line).unwrap());
    let other = run(&line.replace("--seed 5", "--seed 6")).unwrap();
    assert_ne!(first.last(), other.last());
    assert_eq!(number::<f64>(first.last().unwrap(), "random_plies"), 10.0);
}

#[test]
fn tournament_counts_every_game_once() {
    let lines = run("tournament --players maximizer:weighted-squares,random,alphabeta:2:mobility --pairs 2 --seed 3").unwrap();
    let json = lines.last().unwrap();
    assert!(json.starts_with("{\"command\":\"tournament\""));
    // 3 pairs of players x 2 pairs x 2 games.
    assert_eq!(number::<f64>(json, "games"), 12.0);
    let totals: f64 = field(json, "totals")
        .as_array()
        .expect("a list of totals")
        .iter()
        .map(|t| t.as_f64().expect("a number"))
        .sum();
    assert_eq!(totals, 12.0);
    assert_eq!(
        number::<f64>(json, "black_wins")
            + number::<f64>(json, "white_wins")
            + number::<f64>(json, "draws"),
        12.0
    );
    // Both games of a pair share the random opening: their first ten moves agree.
    let transcripts: Vec<&str> = lines[..12]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    assert_eq!(transcripts[0][..20], transcripts[1][..20]);
    assert_ne!(transcripts[0][..20], transcripts[2][..20]);
}

#[test]
fn match_plays_each_opening_with_both_colours() {
    let lines = run("match --a eval=pattern --b eval=standin --openings 2 --depth 1").unwrap();
    let json = lines.last().unwrap();
    assert!(json.starts_with("{\"command\":\"match\""), "{json}");
    assert_eq!(number::<f64>(json, "games"), 4.0);
    assert_eq!(
        number::<f64>(json, "a_wins")
            + number::<f64>(json, "draws")
            + number::<f64>(json, "b_wins"),
        4.0
    );
    let score = number::<f64>(json, "a_score");
    assert!((0.0..=1.0).contains(&score));
    assert!(lines.iter().filter(|l| l.contains("opening   1")).count() == 2);
    assert!(run("match --a eval=nope --b eval=standin --openings 2")
        .unwrap_err()
        .contains("unknown evaluation 'nope'"));
    assert!(run("match --openings 100000")
        .unwrap_err()
        .contains("--openings must be from 1 to"));
}

#[test]
fn match_plays_the_openings_of_a_file_and_refuses_a_bad_one() {
    let dir = std::env::temp_dir();
    let path = dir.join(format!("match-openings-{}.txt", std::process::id()));
    std::fs::write(&path, "# two openings\nf5d6c3d3c4\n\nf5f6e6f4\n").unwrap();
    let file = path.display();
    let lines = run(&format!(
        "match --a depth=1 --b depth=2 --openings 2 --openings-file {file}"
    ))
    .unwrap();
    let games: Vec<&String> = lines.iter().filter(|l| l.contains(" opening ")).collect();
    assert_eq!(games.len(), 4, "{lines:?}");
    // Each game's transcript starts with its pair's opening, both colours.
    for (game, opening) in games
        .iter()
        .zip(["f5d6c3d3c4", "f5d6c3d3c4", "f5f6e6f4", "f5f6e6f4"])
    {
        let transcript = game.split_whitespace().last().unwrap();
        assert!(transcript.starts_with(opening), "{game}");
    }
    assert!(run(&format!("match --openings 3 --openings-file {file}"))
        .unwrap_err()
        .contains("--openings must be from 1 to 2"));
    assert!(run(&format!(
        "match --openings 1 --openings-file {file} --random-plies 4"
    ))
    .unwrap_err()
    .contains("exclude each other"));
    std::fs::write(&path, "f5d6c3d3c4\nf5f5\n").unwrap();
    let error = run(&format!("match --openings 1 --openings-file {file}")).unwrap_err();
    assert!(
        error.contains("line 2: transcript: move 2 (character 3) f5 is illegal"),
        "{error}"
    );
    std::fs::write(&path, "# nothing\n").unwrap();
    assert!(run(&format!("match --openings 1 --openings-file {file}"))
        .unwrap_err()
        .contains("holds no openings"));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn match_reports_elo_and_stops_when_the_sprt_decides() {
    // Depth 4 against depth 1: the SPRT decides for A long before 60 pairs.
    let lines =
        run("match --a depth=4,book=false --b depth=1,book=false --openings 60 --sprt 0,50")
            .unwrap();
    let json = lines.last().unwrap();
    let games = number::<f64>(json, "games");
    assert!(games < 120.0, "stopped early: {json}");
    assert!(json.contains("\"result\":\"H1\""), "{json}");
    let sprt = field(json, "sprt");
    assert!(sprt["llr"].as_f64() >= sprt["upper"].as_f64(), "{json}");
    assert!(number::<f64>(json, "elo_low") > 0.0, "{json}");
    assert!(lines.iter().any(|l| l.starts_with("Elo difference +")));
    assert!(
        run("match --a depth=1 --b depth=1 --openings 2 --sprt 20,0")
            .unwrap_err()
            .contains("ELO0 < ELO1")
    );
}

#[test]
fn match_on_a_clock_reports_the_clocks() {
    // Whether a side keeps time is the time manager's (its tests run on a
    // clock that does not depend on the machine's load); here, that the
    // match counts and reports it. A tool built with the `research`
    // feature plays B with the baseline time policies.
    let research = cfg!(feature = "research");
    let lines = if research {
        run("match --openings 1 --clock-ms 1500 --baseline b").unwrap()
    } else {
        run("match --openings 1 --clock-ms 1500").unwrap()
    };
    let json = lines.last().unwrap();
    assert_eq!(number::<f64>(json, "games"), 2.0, "{json}");
    let flags = number::<f64>(json, "a_lost_on_time") + number::<f64>(json, "b_lost_on_time");
    assert!((0.0..=2.0).contains(&flags), "{json}");
    assert!(number::<f64>(json, "a_ms_per_move") > 0.0, "{json}");
    assert_eq!(
        lines
            .iter()
            .any(|l| l.starts_with("B: ") && l.ends_with("(baseline time policies)")),
        research
    );
    // Each game's line gives the time left on both clocks.
    let games: Vec<&String> = lines.iter().filter(|l| l.contains(" opening ")).collect();
    assert_eq!(games.len(), 2);
    for line in games {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "left").expect("time left");
        for ms in [words[at + 2], words[at + 4]] {
            let ms: f64 = ms.parse().unwrap();
            assert!(ms < 1500.0 && (ms >= 0.0 || flags > 0.0), "{line}");
        }
    }
    for (line, message) in [
        (
            "match --openings 1 --baseline c",
            if research {
                "--baseline must be a or b"
            } else {
                "match: unknown option '--baseline'"
            },
        ),
        (
            "match --openings 1 --increment-ms 5",
            "--increment-ms needs --clock-ms",
        ),
        (
            "match --openings 1 --clock-ms 0",
            "--clock-ms must be a number",
        ),
        (
            "match --openings 1 --clock-ms 1000 --depth 3",
            "leave out depth",
        ),
    ] {
        let error = run(line).unwrap_err();
        assert!(error.contains(message), "{line}: {error}");
    }
}

#[test]
fn match_from_random_plies_opens_both_games_of_a_pair_alike() {
    let line = "match --a book=false --b book=false,eval=standin --openings 2 --random-plies 3 --seed 5 --depth 1";
    let lines = run(line).unwrap();
    assert_eq!(number::<f64>(lines.last().unwrap(), "games"), 4.0);
    // Each game line ends with its transcript: a pair shares its first three plies.
    let openings: Vec<String> = lines
        .iter()
        .filter(|l| l.contains(" opening "))
        .map(|l| l.split_whitespace().last().unwrap()[..6].to_string())
        .collect();
    assert_eq!(openings.len(), 4);
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(
        openings[0], openings[2],
        "pairs open differently: {openings:?}"
    );
    // The same seed plays the same games (the times per move may differ).
    let untimed = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| !l.contains("ms"))
            .cloned()
            .collect()
    };
    assert_eq!(
        untimed(&run(line).unwrap()),
        untimed(&lines),
        "the same seed, the same match"
    );
}

#[test]
fn bad_specs_are_explained_on_the_command_line() {
    assert_eq!(
        run("game --black alphabeta:x:mobility").unwrap_err(),
        "player spec 'alphabeta:x:mobility': depth must be a whole number from 1 to 12, got 'x'"
    );
    assert!(run("tournament --players random --pairs 1")
        .unwrap_err()
        .contains("at least two"));
    assert!(run("game --black random --clock-ms 100")
        .unwrap_err()
        .contains("--clock-ms"));
    assert_eq!(
        run("tournament --players random,random --pairs x").unwrap_err(),
        "tournament: --pairs 'x' is not a whole number"
    );
}

#[test]
fn engine_specs_keep_their_commas_in_lists() {
    let lines =
        run("tournament --players engine:depth=2,eval=standin,random --pairs 1 --random-plies 4")
            .unwrap();
    assert!(lines
        .last()
        .unwrap()
        .contains("\"players\":[\"engine:depth=2,eval=standin\",\"random\"]"));
}

#[test]
fn players_choose_legal_moves_and_pass_when_they_must() {
    let start = notation::parse_game("").unwrap().position();
    let choose = |spec: &str, position: &othello::Position, seed: u64| {
        Player::from_spec(spec)
            .unwrap()
            .choose(position, &mut Rng::new(seed), &Frozen)
    };
    assert_eq!(
        choose("maximizer:count-difference", &start, 0).to_string(),
        "d3"
    );
    assert_eq!(
        Player::from_spec("alphabeta:99:mobility")
            .err()
            .unwrap()
            .to_string(),
        "player spec 'alphabeta:99:mobility': depth must be a whole number from 1 to 12, got 99"
    );
    // Positions from random games: a forced pass is a pass.
    let mut passes = 0;
    for seed in 0..40 {
        let mut black = Player::from_spec("random").unwrap();
        let mut white = Player::from_spec("random").unwrap();
        let game = play_game(&mut black, &mut white, 0, &mut Rng::new(seed), &Frozen);
        for position in game.positions() {
            if position.status() == Status::MustPass {
                passes += 1;
                assert_eq!(choose("iago:2", &position, 0), othello::Move::Pass);
            }
        }
    }
    assert!(passes > 0, "no pass in 40 random games");
    // Every player answers a legal move from the start.
    for spec in [
        "random",
        "iago:2",
        "bill:2",
        "minimax:2:mobility",
        "engine:depth=2",
    ] {
        let mv = choose(spec, &start, 3).to_string();
        assert!(
            ["d3", "c4", "f5", "e6"].contains(&mv.as_str()),
            "{spec}: {mv}"
        );
    }
    assert!(Player::new(Spec::parse("engine:table-mb=1").unwrap()).is_ok());
}

#[test]
fn a_level_with_a_depth_or_exact_with_wld_is_refused() {
    let error = run("search f5d6 --depth 3 --level 5").unwrap_err();
    assert_eq!(
        error,
        "a level sets the depth: give a level or a depth, not both"
    );
    let error = run("analyze f5d6 --level 5 --confidence 99").unwrap_err();
    assert!(error.contains("a level sets the confidence"), "{error}");
    let error = run("search f5d6 --exact --wld").unwrap_err();
    assert_eq!(error, "--exact and --wld exclude each other");
}

#[test]
fn match_on_several_threads_plays_the_same_games() {
    // Fixed-depth games do not depend on timing, so three threads play the
    // games that one plays, in another order.
    let games = |jobs: &str| {
        let line = format!("match --a depth=2 --b depth=1,eval=standin --openings 6 --jobs {jobs}");
        let lines = run(&line).unwrap();
        let mut games: Vec<String> = lines
            .iter()
            .filter(|l| l.contains(" opening "))
            .map(|l| l.split_once(". ").unwrap().1.to_string())
            .collect();
        games.sort();
        let json = lines.last().unwrap().clone();
        (games, json)
    };
    let (one, one_json) = games("1");
    let (three, three_json) = games("3");
    assert_eq!(one.len(), 12);
    assert_eq!(one, three);
    for key in ["a_wins", "draws", "b_wins", "disc_average", "elo"] {
        assert_eq!(raw(&one_json, key), raw(&three_json, key), "{key}");
    }
    assert!(run("match --openings 2 --jobs 0")
        .unwrap_err()
        .contains("--jobs must be from 1 to"));
}

#[test]
fn match_from_a_later_opening_plays_those_openings() {
    let lines = run("match --depth 1 --openings 2 --first-opening 7 --jobs 2").unwrap();
    let mut openings: Vec<&str> = lines
        .iter()
        .filter(|l| l.contains(" opening "))
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    openings.sort();
    assert_eq!(openings, ["7", "7", "8", "8"]);
    assert!(run("match --depth 1 --openings 2 --first-opening 200")
        .unwrap_err()
        .contains("goes past opening 200"));
}

#[test]
fn the_study_programs_play_complete_legal_games() {
    let lines = run("tournament --players study-minimax:1,study-alphabeta:2,study-negascout:2,study-rules:2 --pairs 1 --random-plies 4 --seed 3").unwrap();
    let json = lines.last().unwrap();
    assert_eq!(number::<f64>(json, "games"), 12.0);
    for line in &lines[..12] {
        // `N. black B-W white transcript`: the transcript replays to a
        // finished game with the discs the line gives.
        let words: Vec<&str> = line.split_whitespace().collect();
        let game = notation::parse_game(words[4]).unwrap_or_else(|e| panic!("{e}: {line}"));
        let end = game.position();
        assert_eq!(end.status(), Status::GameOver, "{line}");
        let score = format!("{}-{}", end.black().count_ones(), end.white().count_ones());
        assert_eq!(words[2], score, "{line}");
    }
    // A game from the command line: the rules program against PAIP's.
    let json = run("game --black study-rules:3 --white alphabeta:2:weighted-squares")
        .unwrap()
        .pop()
        .unwrap();
    assert_eq!(
        text(&json, "black_player").as_deref(),
        Some("study-rules:3")
    );
    let game = notation::parse_game(&text(&json, "transcript").unwrap()).unwrap();
    assert_eq!(game.position().status(), Status::GameOver);
    // And in a match, against the engine.
    let lines = run("match --a study-negascout:2 --b depth=1,eval=standin --openings 1").unwrap();
    assert_eq!(lines[0], "A: study-negascout:2");
    assert_eq!(lines[1], "B: engine:depth=1,eval=standin");
    assert_eq!(number::<f64>(lines.last().unwrap(), "games"), 2.0);
    assert_eq!(
        run("match --a study-rules:9 --b depth=1 --openings 1").unwrap_err(),
        "match: --a: player spec 'study-rules:9': difficulty must be a whole number from 1 to 5, got 9"
    );
    assert_eq!(
        run("match --a study-rules:2 --b depth=1 --openings 1 --clock-ms 500").unwrap_err(),
        "match: --a: --clock-ms is for engines, not for study-rules:2"
    );
}

#[test]
fn search_names_the_move_of_a_player() {
    // The 2001 study's programs take the corner a1 (b2 theirs, c3 mine:
    // a1 flips b2, the only move).
    let position = "---------O--------X--------------------------------------------- X";
    for spec in [
        "study-minimax:1",
        "study-alphabeta:2",
        "study-negascout:2",
        "study-rules:1",
    ] {
        let lines = run_args(&["search", position, "--player", spec]).unwrap();
        assert_eq!(lines[0], format!("{spec}: a1"));
        assert_eq!(text(&lines[1], "best").as_deref(), Some("a1"), "{spec}");
        assert_eq!(text(&lines[1], "player").as_deref(), Some(spec));
    }
    // The random player follows its seed; a pass is "pa".
    let first = run("search f5d6 --player random --seed 9").unwrap();
    assert_eq!(first, run("search f5d6 --player random --seed 9").unwrap());
    // Black (b1) cannot move; White (a1) can take c1.
    let pass = "OX-------------------------------------------------------------- X";
    let lines = run_args(&["search", pass, "--player", "study-rules:2"]).unwrap();
    assert_eq!(text(&lines[1], "best").as_deref(), Some("pa"));
    assert_eq!(
        run("search f5 --player study-rules:6").unwrap_err(),
        "player spec 'study-rules:6': difficulty must be a whole number from 1 to 5, got 6"
    );
    assert_eq!(
        run("search f5 --player random --depth 4").unwrap_err(),
        "search: --depth is not taken with --player (a player's spec holds its settings)"
    );
    let over = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O";
    assert_eq!(
        run_args(&["search", over, "--player", "random"]).unwrap_err(),
        "the game is over: no player can move"
    );
}

#[test]
fn the_comparison_runs_on_positions_of_real_games() {
    let games = common::repository("tests/data/wthor-first-games.txt");
    let games = games.to_str().unwrap();
    let lines = run_args(&[
        "experiments",
        "alphabeta-study",
        "--games",
        games,
        "--positions",
        "3",
        "--depth",
        "3",
        "--plain-depth",
        "3",
        "--minimax-depth",
        "2",
        "--rules-depth",
        "3",
        "--table-bits",
        "12",
    ])
    .unwrap();
    let json = lines.last().unwrap();
    assert_eq!(number::<f64>(json, "positions"), 3.0);
    let rows = field(json, "rows");
    let rows = rows.as_array().unwrap();
    // 5 algorithms x 3 depths with a table; minimax to 2, four others to 3.
    assert_eq!(rows.len(), 15 + 2 + 4 * 3);
    let cell = |table: bool, algorithm: &str, depth: u64, key: &str| {
        rows.iter()
            .find(|r| r["table"] == table && r["algorithm"] == algorithm && r["depth"] == depth)
            .map(|r| r[key].as_u64().unwrap())
            .unwrap_or_else(|| panic!("no row {table} {algorithm} {depth}"))
    };
    // Depth 1 is the same one-ply search for every full-window algorithm:
    // one leaf a legal move.
    assert_eq!(
        cell(false, "minimax", 1, "leaves"),
        cell(false, "alphabeta", 1, "leaves")
    );
    assert_eq!(
        cell(true, "alphabeta", 1, "leaves"),
        cell(false, "alphabeta", 1, "leaves")
    );
    // Minimax looks at every leaf; alpha-beta at no more.
    assert!(cell(false, "minimax", 2, "leaves") > cell(false, "alphabeta", 2, "leaves"));
    // A driver calls the root at least twice per depth.
    assert!(cell(true, "mtdf", 3, "calls") >= 6);
    assert_eq!(cell(true, "negascout", 3, "calls"), 3);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("| depth | NegaScout leaf nodes | AlphaBeta |")));
    assert_eq!(
        run("experiments alphabeta-study --discs 30-20").unwrap_err(),
        "experiments alphabeta-study: --discs must be LOW-HIGH with 5 <= LOW <= HIGH <= 63, got '30-20'"
    );
    assert_eq!(
        run("experiments sorting").unwrap_err(),
        "experiments: unknown experiment 'sorting' (expected alphabeta-study)"
    );
}
