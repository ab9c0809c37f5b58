//! `othello train endcut` fits the endgame Multi-ProbCut model from held-out
//! game positions (docs/evaluation.md): a small run writes a model of the
//! committed shape, and bad options are refused with a message.

mod common;

use common::{output, repository, written_text};

#[test]
fn a_small_fit_writes_a_model_of_the_committed_shape() {
    let games = repository("data/wthor-games.txt.gz");
    let out = std::env::temp_dir().join(format!("othello-endcut-{}.rs", std::process::id()));
    let (summary, source) = written_text(
        &[
            "train",
            "endcut",
            "--games",
            games.to_str().unwrap(),
            "--positions",
            "40",
            "--min-empties",
            "10",
            "--max-empties",
            "11",
            "--max-depth",
            "4",
            "--out",
            out.to_str().unwrap(),
        ],
        &out,
    );
    assert!(
        source.contains("pub const POSITIONS: usize = 40;"),
        "{source}"
    );
    assert!(
        source.contains("pub const LINE: [[f32; 2]; 5] = ["),
        "{source}"
    );
    let sigma = source
        .lines()
        .find_map(|l| l.strip_prefix("pub const SIGMA: [f32; 3] = ["))
        .expect("a sigma line");
    let s0: f64 = sigma.split(',').next().unwrap().trim().parse().unwrap();
    assert!(s0.is_finite(), "{sigma}");
    // The committed model names the command that wrote it.
    let committed =
        std::fs::read_to_string(repository("crates/engine/src/search/endcut_params.rs")).unwrap();
    assert!(committed.starts_with("// Written by `othello train endcut"));
    assert!(
        summary.contains("\"command\":\"train endcut\",\"positions\":40"),
        "{summary}"
    );
}

#[test]
fn bad_options_are_refused() {
    let output = output(&[
        "train",
        "endcut",
        "--games",
        "x",
        "--max-empties",
        "40",
        "--out",
        "y",
    ]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("train endcut"));
}
