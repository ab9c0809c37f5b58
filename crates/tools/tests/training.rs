//! The committed evaluation table is reproducible: fitting the committed
//! exact endgame labels (`data/labels-16.txt.gz`) over the committed WTHOR
//! games (`data/wthor-games.txt.gz`) with the documented command gives
//! `crates/engine/src/eval/pattern.bin` byte for byte (docs/evaluation.md,
//! step 2).

use std::path::Path;
use std::process::Command;

#[test]
fn the_committed_table_is_refitted_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let games = root.join("data/wthor-games.txt.gz");
    let labels = root.join("data/labels-16.txt.gz");
    let out = std::env::temp_dir().join(format!("othello-refit-{}.bin", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_othello"))
        .args([
            "train",
            "fit",
            "--games",
            games.to_str().unwrap(),
            "--labels",
            labels.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
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
    let committed = std::fs::read(root.join("crates/engine/src/eval/pattern.bin")).unwrap();
    assert_eq!(fitted.len(), committed.len(), "{summary}");
    assert!(
        fitted == committed,
        "the refitted table differs from crates/engine/src/eval/pattern.bin"
    );
}
