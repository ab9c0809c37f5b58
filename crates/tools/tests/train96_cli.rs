//! `othello train --board 96`: the file it writes holds the weights the
//! crate's learner gives for the same settings, with the command that makes
//! them; progress lines and a JSON summary; errors for bad settings.

mod common;

use common::run_args;
use othello_board96::eval::ColourWeights;
use othello_board96::learn::{train, Config};

#[test]
fn the_file_holds_the_learners_weights_and_its_command() {
    let out = std::env::temp_dir().join(format!("train96-{}.txt", std::process::id()));
    let out_text = out.to_str().unwrap();
    let settings = [
        "--games",
        "6",
        "--seed",
        "3",
        "--phase-plies",
        "2",
        "--depth",
        "2",
        "--exact-plies",
        "6",
        "--explore-depth",
        "1",
        "--first-stage",
        "41",
    ];
    let mut args = vec!["train", "--board", "96", "--out", out_text];
    args.extend(settings);
    let lines = run_args(&args).unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).ok();
    let config = Config {
        games: 6,
        seed: 3,
        phase_plies: 2,
        depth: 2,
        exact_plies: 6,
        explore_depth: 1,
        first_stage: 41,
        ..Config::default()
    };
    let expected = train(&config, &mut |_| {}).unwrap();
    assert_eq!(ColourWeights::parse(&text), Ok(expected.weights));
    // The header's command, run again, gives the same file.
    let command = text
        .lines()
        .find_map(|l| l.strip_prefix("# othello "))
        .expect("the command is in the header");
    assert!(command.contains("--games 6 --seed 3 --phase-plies 2 --depth 2 --exact-plies 6"));
    let again = std::env::temp_dir().join(format!("train96-again-{}.txt", std::process::id()));
    let mut rerun: Vec<&str> = command.split_whitespace().collect();
    rerun.extend(["--out", again.to_str().unwrap()]);
    run_args(&rerun).unwrap();
    let again_text = std::fs::read_to_string(&again).unwrap();
    std::fs::remove_file(&again).ok();
    assert_eq!(again_text, text);
    // 6 game lines and a phase line per phase (3), then the summary.
    assert_eq!(lines.len(), 3 * 7 + 1, "{lines:?}");
    assert!(lines[0].starts_with("phase 0 stages 43-45 game 1/6 samples "));
    assert!(lines[6].starts_with("phase 0 stages 43-45 exact samples "));
    let json = lines.last().unwrap();
    assert!(
        json.starts_with("{\"command\":\"train\",\"board\":96,\"out\":"),
        "{json}"
    );
    assert!(json.contains("\"games\":6,\"seed\":3,\"phase_plies\":2,\"depth\":2,\"exact_plies\":6,\"phases\":[{\"first\":43,\"last\":45,\"exact\":true,"));
}

#[test]
fn bad_settings_are_explained() {
    for (args, message) in [
        (
            vec!["train", "--board", "96"],
            "train --board 96: --out <file> is required",
        ),
        (
            vec!["train", "--board", "96", "--out", "x", "--games", "0"],
            "train --board 96: games must be at least 1",
        ),
        (
            vec!["train", "--board", "96", "--out", "x", "--phase-plies", "3"],
            "train --board 96: phase plies must be even, from 2 to 40",
        ),
        (
            vec!["train", "--board", "96", "--out", "x", "--alpha", "z"],
            "train --board 96: --alpha 'z' is not a number",
        ),
        (
            vec!["train", "--board", "96", "--out", "x", "--games"],
            "train --board 96: --games needs a value",
        ),
        (
            vec!["train", "--board", "96", "--out", "x", "--bogus", "1"],
            "train --board 96: unknown option '--bogus' (othello train --board 96 --help lists them)",
        ),
    ] {
        let error = run_args(&args).unwrap_err();
        assert_eq!(error, message, "{args:?}");
    }
}
