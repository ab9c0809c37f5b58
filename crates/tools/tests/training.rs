//! The committed evaluation table is reproducible: fitting the committed
//! exact endgame labels (`data/labels-16.txt.gz`) over the committed WTHOR
//! games (`data/wthor-games.txt.gz`), with the committed self-play
//! positions (`data/selfplay/`) counted twice, by the documented command
//! gives `crates/engine/src/eval/pattern.bin` byte for byte
//! (docs/evaluation.md, step 2); and a self-play chunk's games are played
//! again alike by its command (data/README.md).

mod common;

use common::{othello, repository, written_text};

#[test]
fn the_committed_table_is_refitted_byte_for_byte() {
    let games = repository("data/wthor-games.txt.gz");
    let labels = repository("data/labels-16.txt.gz");
    let selfplay = repository("data/selfplay");
    let out = std::env::temp_dir().join(format!("othello-refit-{}.bin", std::process::id()));
    let output = othello()
        .args([
            "train",
            "fit",
            "--games",
            games.to_str().unwrap(),
            "--labels",
            labels.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--extra",
            selfplay.to_str().unwrap(),
            "--extra-weight",
            "2",
            "--epochs",
            "12",
        ])
        .output()
        .expect("the othello binary runs");
    let summary = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let fitted = std::fs::read(&out).unwrap();
    std::fs::remove_file(&out).ok();
    let committed = std::fs::read(repository("crates/engine/src/eval/pattern.bin")).unwrap();
    assert_eq!(fitted.len(), committed.len(), "{summary}");
    assert!(
        fitted == committed,
        "the refitted table differs from crates/engine/src/eval/pattern.bin"
    );
}

/// Runs `othello train fit` with `extra` arguments after the committed
/// games and labels; returns whether it succeeded and its standard error.
fn fit_with(extra: &[&str]) -> (bool, String) {
    let games = repository("data/wthor-games.txt.gz");
    let labels = repository("data/labels-16.txt.gz");
    let out = std::env::temp_dir().join(format!("othello-bad-fit-{}.bin", std::process::id()));
    let output = othello()
        .args(["train", "fit", "--games", games.to_str().unwrap()])
        .args(["--labels", labels.to_str().unwrap()])
        .args(["--out", out.to_str().unwrap()])
        .args(extra)
        .output()
        .expect("the othello binary runs");
    std::fs::remove_file(&out).ok();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).to_string(),
    )
}

#[test]
fn bad_self_play_options_are_refused_before_fitting() {
    let (ok, stderr) = fit_with(&["--extra-weight", "2"]);
    assert!(
        !ok && stderr.contains("--extra-weight needs --extra"),
        "{stderr}"
    );
    let folder = std::env::temp_dir().join(format!("othello-empty-extra-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (ok, stderr) = fit_with(&["--extra", folder.to_str().unwrap()]);
    assert!(
        !ok && stderr.contains("holds no .txt or .txt.gz files"),
        "{stderr}"
    );
    std::fs::write(
        folder.join("a.txt"),
        "0000000810000000 0000001008000000 2\nnot a line\n",
    )
    .unwrap();
    let (ok, stderr) = fit_with(&["--extra", folder.to_str().unwrap(), "--extra-weight", "0"]);
    assert!(
        !ok && stderr.contains("--extra-weight must be at least 1"),
        "{stderr}"
    );
    let (ok, stderr) = fit_with(&["--extra", folder.to_str().unwrap()]);
    assert!(
        !ok && stderr.contains("a.txt") && stderr.contains("line 2"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&folder).ok();
}

/// The first game of a committed self-play chunk, played again by its
/// command (data/README.md) with the table it was played with, gives the
/// chunk's first lines: the labels are reproducible from the repository.
#[test]
fn a_committed_self_play_game_is_played_again_alike() {
    use std::io::Read;
    let out = std::env::temp_dir().join(format!("othello-selfplay-{}.txt", std::process::id()));
    let v1 = repository("data/pattern-v1.bin");
    let eval = format!("file:{}", v1.to_str().unwrap());
    let (_, played) = written_text(
        &[
            "train",
            "selfplay",
            "--first",
            "0",
            "--games",
            "1",
            "--label-depth",
            "10",
            "--label-confidence",
            "95",
            "--exact-empties",
            "20",
            "--threads",
            "1",
            "--eval",
            &eval,
            "--out",
            out.to_str().unwrap(),
        ],
        &out,
    );
    let chunk = std::fs::File::open(repository("data/selfplay/chunk-000000.txt.gz")).unwrap();
    let mut committed = String::new();
    flate2::read::GzDecoder::new(chunk)
        .read_to_string(&mut committed)
        .unwrap();
    let played: Vec<&str> = played.lines().collect();
    assert!(played.len() > 30, "a game's positions: {}", played.len());
    let committed: Vec<&str> = committed.lines().take(played.len()).collect();
    assert_eq!(played, committed);
}
