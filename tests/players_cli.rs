//! The players on the command line: `game --black/--white`, `tournament`,
//! `match`, and the checks on player specs and `player_move`'s inputs.

use othello::cli::{self, Host};
use othello::clock::Clock;
use othello::notation;
use othello::players::{play_game, player_move, Player, Rng, Spec};
use othello::Status;

struct Recorder(Vec<String>);

impl Host for Recorder {
    fn print(&mut self, line: &str) {
        self.0.push(line.to_string());
    }

    fn read_file(&mut self, path: &str) -> Result<String, String> {
        Err(format!("{path}: no files here"))
    }
}

struct Frozen;

impl Clock for Frozen {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

fn run(line: &str) -> Result<Vec<String>, String> {
    let args: Vec<String> = line.split_whitespace().map(String::from).collect();
    let mut recorder = Recorder(Vec::new());
    cli::run(&args, &mut recorder, &Frozen).map(|()| recorder.0)
}

/// The number after `"key":` in a JSON line.
fn field(json: &str, key: &str) -> f64 {
    let start = json
        .find(&format!("\"{key}\":"))
        .unwrap_or_else(|| panic!("no {key} in {json}"));
    let rest = &json[start + key.len() + 3..];
    let end = rest.find([',', '}']).unwrap();
    rest[..end].parse().unwrap()
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
    assert_eq!(field(json, "black"), 24.0);
    assert_eq!(field(json, "white"), 40.0);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("    a b c d e f g h   [@=24 O=40 (-16)]")));
    // The transcript replays to the same final count.
    let transcript = json.split('"').nth(7).unwrap();
    let game = notation::parse_game(transcript).unwrap();
    assert_eq!(game.position().white().count_ones(), 40);
}

#[test]
fn random_plies_follow_the_seed() {
    let line = "game --black random --white maximizer:mobility --random-plies 10 --seed 5";
    let first = run(line).unwrap();
    assert_eq!(first, run(line).unwrap());
    let other = run(&line.replace("--seed 5", "--seed 6")).unwrap();
    assert_ne!(first.last(), other.last());
    assert_eq!(field(first.last().unwrap(), "random_plies"), 10.0);
}

#[test]
fn tournament_counts_every_game_once() {
    let lines = run("tournament --players maximizer:weighted-squares,random,alphabeta:2:mobility --pairs 2 --seed 3").unwrap();
    let json = lines.last().unwrap();
    assert!(json.starts_with("{\"command\":\"tournament\""));
    // 3 pairs of players x 2 pairs x 2 games.
    assert_eq!(field(json, "games"), 12.0);
    let totals = &json[json.find("\"totals\":[").unwrap() + 10..];
    let totals: f64 = totals[..totals.find(']').unwrap()]
        .split(',')
        .map(|t| t.parse::<f64>().unwrap())
        .sum();
    assert_eq!(totals, 12.0);
    assert_eq!(
        field(json, "black_wins") + field(json, "white_wins") + field(json, "draws"),
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
    assert_eq!(field(json, "games"), 4.0);
    assert_eq!(
        field(json, "a_wins") + field(json, "draws") + field(json, "b_wins"),
        4.0
    );
    let score = field(json, "a_score");
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
fn bad_specs_are_explained_on_the_command_line() {
    assert_eq!(
        run("game --black alphabeta:x:mobility").unwrap_err(),
        "player spec 'alphabeta:x:mobility': depth 'x' is not a number"
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
fn player_move_checks_its_inputs() {
    let start = notation::parse_game("").unwrap().position();
    assert_eq!(
        player_move("maximizer:count-difference", &start, 0.0, &Frozen).unwrap(),
        "d3"
    );
    assert!(player_move("random", &start, 1.5, &Frozen)
        .unwrap_err()
        .contains("seed 1.5"));
    assert!(player_move("random", &start, -1.0, &Frozen).is_err());
    assert!(player_move("random", &start, f64::NAN, &Frozen).is_err());
    assert!(player_move("alphabeta:99:mobility", &start, 0.0, &Frozen)
        .unwrap_err()
        .contains("depth '99'"));
    // Positions from random games: a forced pass answers "pass", a finished game an error.
    let mut passes = 0;
    for seed in 0..40 {
        let mut black = Player::from_spec("random").unwrap();
        let mut white = Player::from_spec("random").unwrap();
        let game = play_game(&mut black, &mut white, 0, &mut Rng::new(seed), &Frozen);
        for position in game.positions() {
            match position.status() {
                Status::MustPass => {
                    passes += 1;
                    assert_eq!(
                        player_move("iago:2", &position, 0.0, &Frozen).unwrap(),
                        "pass"
                    );
                }
                Status::GameOver => assert!(player_move("random", &position, 0.0, &Frozen)
                    .unwrap_err()
                    .contains("game is over")),
                Status::Moves => {}
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
        let mv = player_move(spec, &start, 3.0, &Frozen).unwrap();
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
