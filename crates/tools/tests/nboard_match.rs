//! `othello match` and `othello game` against another program that speaks
//! the NBoard protocol (`nboard:<command line>`): our own `othello nboard`
//! launched as an external engine plays legal, complete games with both
//! colours and every move's time recorded; fake engines written here (shell
//! scripts) that die, hang, or answer what is not a legal move stop the
//! match with a message that says so, never a hang.

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{field, number, othello, text};
use othello::notation;
use othello::position::Move;
use othello::Status;

/// The longest any command here may take before the test calls it hung
/// (each finishes in seconds; this is a guard, not a measurement).
const HUNG_AFTER: Duration = Duration::from_secs(120);

/// Runs `othello <args>` to its end, killing it (and failing) if it runs
/// past [`HUNG_AFTER`].
fn run_guarded(args: &[&str]) -> Output {
    let mut child = othello()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the othello binary runs");
    let started = Instant::now();
    while child
        .try_wait()
        .expect("the child can be waited on")
        .is_none()
    {
        if started.elapsed() > HUNG_AFTER {
            child.kill().ok();
            panic!("othello {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output")
}

/// The standard output lines of a run that must succeed.
fn lines_of(args: &[&str]) -> Vec<String> {
    let output = run_guarded(args);
    assert!(
        output.status.success(),
        "othello {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("text output")
        .lines()
        .map(String::from)
        .collect()
}

/// The error message of a run that must fail with exit status 1 or 2.
fn error_of(args: &[&str]) -> String {
    let output = run_guarded(args);
    assert!(!output.status.success(), "othello {args:?} succeeded");
    let text = String::from_utf8_lossy(&output.stderr);
    let first = text.lines().next().unwrap_or_default();
    first.strip_prefix("othello: ").unwrap_or(first).to_string()
}

/// `othello nboard` as an external engine's command line.
fn own_engine() -> String {
    format!("{} nboard", env!("CARGO_BIN_EXE_othello"))
}

/// A temporary path for this test process.
fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("nboard-match-{}-{name}", std::process::id()))
}

/// A fake engine: a shell script that answers `nboard` and `ping` as an
/// engine does, and `go` with `on_go` (shell commands).
fn fake_engine(name: &str, on_go: &str) -> PathBuf {
    let path = temporary(&format!("{name}.sh"));
    let script = format!(
        "while read -r word rest; do\n  case \"$word\" in\n    nboard) echo \"set myname fake\" ;;\n    ping) echo \"pong $rest\" ;;\n    go) {on_go} ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).expect("the script is written");
    path
}

/// A game line of `match`: its players' order (A black), discs and transcript.
struct GameLine {
    a_is_black: bool,
    black: u32,
    white: u32,
    transcript: String,
}

fn game_lines(lines: &[String]) -> Vec<GameLine> {
    lines
        .iter()
        .filter(|line| line.contains(" opening "))
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (black, white) = words[4].split_once('-').expect("the discs");
            GameLine {
                a_is_black: words[3] == "A",
                black: black.parse().unwrap(),
                white: white.parse().unwrap(),
                transcript: words.last().unwrap().to_string(),
            }
        })
        .collect()
}

/// Checks that `transcript` is a legal game played to its end with the
/// discs given.
fn assert_complete(game: &GameLine) {
    let replayed = notation::parse_game(&game.transcript).expect("a legal transcript");
    let end = replayed.position();
    assert_eq!(end.status(), Status::GameOver, "{}", game.transcript);
    assert_eq!(
        (end.black().count_ones(), end.white().count_ones()),
        (game.black, game.white),
        "{}",
        game.transcript
    );
}

#[test]
fn a_match_against_our_engine_over_nboard_plays_both_colours_and_times_every_move() {
    let out = temporary("record.txt");
    let external = format!("nboard:depth=2:{}", own_engine());
    let out_path = out.to_str().unwrap();
    let lines = lines_of(&[
        "match",
        "--a",
        "level=2",
        "--b",
        &external,
        "--openings",
        "2",
        "--out",
        out_path,
    ]);
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with(&format!("B: {external} (set myname othello-"))),
        "{lines:?}"
    );
    let games = game_lines(&lines);
    assert_eq!(games.len(), 4, "{lines:?}");
    // Each opening twice, A black first.
    let colours: Vec<bool> = games.iter().map(|game| game.a_is_black).collect();
    assert_eq!(colours, [true, false, true, false]);
    games.iter().for_each(assert_complete);
    let json = lines.last().unwrap();
    assert_eq!(number::<f64>(json, "games"), 4.0);
    assert_eq!(
        number::<f64>(json, "a_wins")
            + number::<f64>(json, "draws")
            + number::<f64>(json, "b_wins"),
        4.0
    );
    for side in ["a", "b"] {
        let mean = number::<f64>(json, &format!("{side}_ms_per_move"));
        let longest = number::<f64>(json, &format!("{side}_max_move_ms"));
        assert!(longest >= mean && mean >= 0.0, "{json}");
    }
    // Every exchange with the external engine takes some time.
    assert!(number::<f64>(json, "b_max_move_ms") > 0.0, "{json}");

    // The record: the command line, every line printed, and under each game
    // the moves after its opening with the time of each move chosen.
    let record = std::fs::read_to_string(&out).expect("the record file");
    std::fs::remove_file(&out).ok();
    let record: Vec<&str> = record.lines().collect();
    assert_eq!(
        record[0],
        format!("# othello match --a level=2 --b \"{external}\" --openings 2 --out {out_path}")
    );
    for line in &lines {
        assert!(record.contains(&line.as_str()), "{line} not in the record");
    }
    let mut b_times = Vec::new();
    for (at, line) in record
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains(" opening "))
    {
        let game = &game_lines(&[line.to_string()])[0];
        let times: Vec<&str> = record[at + 1]
            .strip_prefix("      ms: ")
            .expect("a times line under each game")
            .split("  ")
            .collect();
        let replayed = notation::parse_game(&game.transcript).unwrap();
        let moves = replayed.moves();
        let positions = replayed.positions();
        let first = moves.len() - times.len();
        assert!(
            (8..=10).contains(&first),
            "openings of 8 to 10 moves: {line}"
        );
        for (index, time) in times.iter().enumerate() {
            let (mv, ms) = time.split_once(' ').expect("a move and its time");
            let ply = first + index;
            assert_eq!(mv, moves[ply].to_string(), "{line}");
            // A pass is not chosen: it has no time; every other move has one.
            assert_eq!(ms == "-", moves[ply] == Move::Pass, "{time}");
            let b_is_black = !game.a_is_black;
            let black_moved = positions[ply].to_move == othello::Color::Black;
            if ms != "-" && black_moved == b_is_black {
                b_times.push(ms.parse::<f64>().expect("milliseconds"));
            }
        }
    }
    let b_mean = b_times.iter().sum::<f64>() / b_times.len() as f64;
    assert!(
        (b_mean - number::<f64>(json, "b_ms_per_move")).abs() <= 0.15,
        "the record's times average to the summary's: {b_mean} {json}"
    );
    let b_longest = b_times.iter().copied().fold(0.0, f64::max);
    assert!(
        (b_longest - number::<f64>(json, "b_max_move_ms")).abs() <= 0.051,
        "{json}"
    );
}

#[test]
fn several_jobs_start_an_external_engine_each_and_game_takes_one_too() {
    let external = format!("nboard:depth=1:{}", own_engine());
    let lines = lines_of(&[
        "match",
        "--a",
        "level=1",
        "--b",
        &external,
        "--openings",
        "3",
        "--jobs",
        "2",
        "--first-opening",
        "5",
    ]);
    let games = game_lines(&lines);
    assert_eq!(games.len(), 6, "{lines:?}");
    games.iter().for_each(assert_complete);
    let lines = lines_of(&["game", "--black", &external, "--white", "engine:level=1"]);
    let json = lines.last().unwrap();
    assert_eq!(
        text(json, "black_player").as_deref(),
        Some(external.as_str())
    );
    let transcript = text(json, "transcript").unwrap();
    let end = notation::parse_game(&transcript).unwrap().position();
    assert_eq!(end.status(), Status::GameOver, "{json}");
    assert_eq!(field(json, "black"), end.black().count_ones());
}

/// Runs a match of A (the engine) against the fake engine `script`; its
/// error message and the record file's last line.
fn match_against(script: &Path, options: &str) -> (String, String) {
    let out = temporary(&format!(
        "{}.txt",
        script.file_stem().unwrap().to_string_lossy()
    ));
    let external = format!("nboard:{options}sh {}", script.display());
    let error = error_of(&[
        "match",
        "--a",
        "level=1",
        "--b",
        &external,
        "--openings",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let record = std::fs::read_to_string(&out).unwrap_or_default();
    std::fs::remove_file(&out).ok();
    std::fs::remove_file(script).ok();
    (error, record.lines().last().unwrap_or_default().to_string())
}

#[test]
fn an_engine_that_dies_or_hangs_stops_the_match_with_a_clear_error() {
    let dies = fake_engine("dies", "echo 'out of memory' >&2; exit 3");
    let (error, last) = match_against(&dies, "");
    assert!(
        error.starts_with(
            "match: opening 1, A black: White's player at move 10: nboard engine 'sh "
        ),
        "{error}"
    );
    assert!(
        error.ends_with(
            "ended (exit status: 3) while waiting for its move after go; \
             its last words on standard error: out of memory"
        ),
        "{error}"
    );
    assert_eq!(last, format!("# stopped: {error}"));

    let hangs = fake_engine("hangs", ":");
    let (error, _) = match_against(&hangs, "timeout-ms=300:");
    assert!(
        error.ends_with("gave no answer in 300 ms while waiting for its move after go"),
        "{error}"
    );

    // An engine that never answers its first ping.
    let mute = temporary("mute.sh");
    std::fs::write(&mute, "while read -r line; do :; done\n").unwrap();
    let (error, _) = match_against(&mute, "timeout-ms=300:");
    assert!(
        error.ends_with("gave no answer in 300 ms while waiting for pong 1 after nboard 2"),
        "{error}"
    );

    let error = error_of(&[
        "match",
        "--a",
        "level=1",
        "--b",
        "nboard:/nonexistent/engine",
        "--openings",
        "1",
    ]);
    assert!(
        error.starts_with("nboard engine '/nonexistent/engine' cannot start: "),
        "{error}"
    );
}

#[test]
fn an_engine_that_answers_what_is_not_a_legal_move_stops_the_match() {
    for (name, answer, reason) in [
        (
            "garbage",
            "hello there",
            "not a line an NBoard engine sends",
        ),
        ("not-a-square", "=== z9/1.00/0.1", "not a square or a pass"),
        // No early position lets a1 be played.
        ("illegal", "=== a1 0 0", "a1 is illegal for White"),
        (
            "passes",
            "=== PA",
            "pass is illegal for White, who has a legal move",
        ),
    ] {
        let script = fake_engine(name, &format!("echo '{answer}'"));
        let (error, _) = match_against(&script, "");
        assert!(
            error.ends_with(&format!(
                "answered '{answer}' while waiting for its move after go: {reason}"
            )),
            "{name}: {error}"
        );
    }
}

#[test]
fn nboard_specs_and_settings_that_do_not_fit_are_refused() {
    for (args, message) in [
        (
            vec!["match", "--b", "nboard:depth=0:x", "--openings", "1"],
            "match: --b: player spec 'nboard:depth=0:x': depth must be a whole number from 1 to 60, got '0'",
        ),
        (
            vec!["match", "--a", "nboard:", "--openings", "1"],
            "match: --a: player spec 'nboard:': no command line after the options",
        ),
        (
            vec!["match", "--b", "nboard:x", "--openings", "1", "--clock-ms", "1000"],
            "match: --b: an nboard engine plays at its own depth: leave out --clock-ms",
        ),
        (
            vec!["match", "--b", "nboard:x", "--openings", "1", "--baseline", "b"],
            if cfg!(feature = "research") {
                "match: --baseline is for an engine side, and --b is an nboard engine"
            } else {
                "match: unknown option '--baseline'"
            },
        ),
        (
            vec!["game", "--white", "nboard:x", "--clock-ms", "1000"],
            "game: --clock-ms is for engine players, and --white 'nboard:x' is not one",
        ),
        (
            vec!["match", "--openings", "1", "--out", "/nonexistent/folder/match.txt"],
            "match: /nonexistent/folder/match.txt: ",
        ),
    ] {
        let error = error_of(&args);
        assert!(error.starts_with(message), "{args:?}: {error}");
    }
}

/// The committed FFO file's path, from the crate.
fn ffo_file(name: &str) -> String {
    format!("{}/../../tests/data/ffo/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn evaltest_asks_an_external_engine_and_judges_it_as_our_own_search() {
    // Our own engine over NBoard at depth 2 gives the scores and moves of
    // our depth-2 search: the same error and the same moves' losses.
    let file = ffo_file("fforum-20-39.obf");
    let external = format!("nboard:depth=2:{}", own_engine());
    let engine = lines_of(&["evaltest", &file, "--engine", &external]);
    let ours = lines_of(&["evaltest", &file, "--depth", "2"]);
    let (engine, ours) = (engine.last().unwrap(), ours.last().unwrap());
    let mae: f64 = number(engine, "mae");
    assert!(mae > 0.5, "a depth-2 search errs on 20 endgames: {engine}");
    assert_eq!(mae, number::<f64>(ours, "mae"), "{engine} against {ours}");
    assert_eq!(number::<u32>(engine, "positions"), 20);
    assert!(
        text(engine, "evaluation")
            .unwrap()
            .ends_with("(set myname othello-0.1.0)"),
        "{engine}"
    );

    let engine = lines_of(&["evaltest", &file, "--engine", &external, "--moves"]);
    let ours = lines_of(&["evaltest", &file, "--depth", "2", "--moves"]);
    let (engine, ours) = (engine.last().unwrap(), ours.last().unwrap());
    for key in ["mean_loss", "best_share", "outcome_worse_share"] {
        assert_eq!(
            number::<f64>(engine, key),
            number::<f64>(ours, key),
            "{key}: {engine} against {ours}"
        );
    }
    assert!(number::<f64>(ours, "mean_loss") > 0.0, "{ours}");
    // The engine does not say its nodes.
    assert_eq!(field(engine, "nodes"), serde_json::Value::Null, "{engine}");
}

#[test]
fn evaltest_refuses_an_engine_without_a_score_and_settings_beside_one() {
    let file = ffo_file("fforum-1-19.obf");
    let moveless = fake_engine("scoreless", "echo '=== G8'");
    let external = format!("nboard:sh {}", moveless.display());
    let error = error_of(&["evaltest", &file, "--engine", &external]);
    std::fs::remove_file(&moveless).ok();
    assert!(
        error.starts_with(&format!(
            "evaltest: {external} gave no score with its move g8 in "
        )),
        "{error}"
    );
    let error = error_of(&["evaltest", &file, "--engine", &external, "--depth", "3"]);
    assert!(error.contains("give it no --depth"), "{error}");
    let error = error_of(&["evaltest", &file, "--engine", "engine:level=3"]);
    assert!(
        error.contains("--engine takes another program that speaks the NBoard protocol"),
        "{error}"
    );
}
