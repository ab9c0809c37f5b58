//! The committed evaluation table is reproducible: fitting the committed
//! exact endgame labels (`data/labels-16.txt.gz`) over the shared WTHOR
//! games with the documented command gives `src/eval/pattern.bin` byte for
//! byte (docs/evaluation.md, step 2).

use std::path::Path;

use othello::cli::{self, Host};
use othello::clock::NativeClock;

struct Recorder(Vec<String>);

impl Host for Recorder {
    fn print(&mut self, line: &str) {
        self.0.push(line.to_string());
    }

    fn read_file(&mut self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

#[test]
fn the_committed_table_is_refitted_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let games = root.join("../shared/data/wthor-games.txt.gz");
    let labels = root.join("data/labels-16.txt.gz");
    let out = std::env::temp_dir().join(format!("othello-refit-{}.bin", std::process::id()));
    let args: Vec<String> = [
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
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut recorder = Recorder(Vec::new());
    cli::run(&args, &mut recorder, &NativeClock::new()).unwrap();
    let fitted = std::fs::read(&out).unwrap();
    std::fs::remove_file(&out).ok();
    let committed = std::fs::read(root.join("src/eval/pattern.bin")).unwrap();
    assert_eq!(fitted.len(), committed.len(), "{:?}", recorder.0.last());
    assert!(
        fitted == committed,
        "the refitted table differs from src/eval/pattern.bin"
    );
}
