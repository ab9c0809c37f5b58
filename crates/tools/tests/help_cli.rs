//! Every command's `--help`, `othello help <command>` and the list of
//! commands, written from the commands' definitions; wrong names answered
//! with the nearest right one.

mod common;

use common::output;

/// Standard output of a run that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = output(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("text output")
}

#[test]
fn every_command_has_its_help() {
    let list = stdout_of(&["--help"]);
    assert!(list.starts_with("usage: othello <command>"), "{list}");
    for name in [
        "perft",
        "solve",
        "search",
        "analyze",
        "bench",
        "book stats",
        "book probe",
        "explore",
        "soak",
        "nboard",
        "book build",
        "book check",
        "explore build",
        "evaltest",
        "train solve",
        "train fit",
        "train selfplay",
        "game",
        "match",
        "tournament",
        "openings",
        "experiments alphabeta-study",
    ] {
        assert!(list.contains(&format!("\n  {name} ")), "{name} in\n{list}");
        let words: Vec<&str> = name.split(' ').collect();
        let asked = stdout_of(&[words.as_slice(), &["--help"]].concat());
        assert!(
            asked.starts_with(&format!("othello {name}: ")),
            "{name}:\n{asked}"
        );
        assert!(asked.contains("\nusage:\n  othello "), "{name}:\n{asked}");
        assert_eq!(
            stdout_of(&[&["help"], words.as_slice()].concat()),
            asked,
            "help {name}"
        );
    }
}

#[test]
fn help_lists_a_commands_options() {
    let help = stdout_of(&["solve", "-h"]);
    for option in ["--wld", "--table-mb MB", "--threads N", "--help"] {
        assert!(help.contains(option), "{option} in\n{help}");
    }
    let help = stdout_of(&["search", "f5", "--board", "96", "--help"]);
    assert!(help.starts_with("othello search --board 96: "), "{help}");
    assert!(help.contains("--algorithm A"), "{help}");
}

#[test]
fn wrong_names_get_the_nearest_right_one() {
    let out = output(&["solve", "x.obf", "--wdl"]);
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.starts_with("othello: solve: unknown option '--wdl' (did you mean '--wld'?)\nusage: othello <command>"),
        "{errors}"
    );
    let out = output(&["serch", "f5"]);
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.starts_with("othello: unknown command 'serch' (did you mean 'search'?)"),
        "{errors}"
    );
    let out = output(&[]);
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8(out.stderr).unwrap();
    assert!(
        errors.starts_with("othello: no command given\nusage: othello <command>"),
        "{errors}"
    );
}
