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

/// The first line of standard error of a run that must fail on its
/// command line.
fn usage_error(args: &[&str]) -> String {
    let out = output(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    let errors = String::from_utf8(out.stderr).unwrap();
    errors.lines().next().unwrap_or_default().to_string()
}

#[test]
fn each_command_lists_and_takes_only_the_search_settings_it_uses() {
    let options = |command: &[&str]| -> Vec<String> {
        let help = stdout_of(&[command, &["--help"]].concat());
        help.lines()
            .filter_map(|line| line.trim_start().strip_prefix("--"))
            .map(|rest| rest.split(' ').next().unwrap().to_string())
            .collect()
    };
    let solve = options(&["solve"]);
    assert_eq!(
        solve,
        ["exact", "wld", "time-ms", "nodes", "eval", "table-mb", "threads", "help"]
    );
    let search = options(&["search"]);
    let analyze = options(&["analyze"]);
    let nboard = options(&["nboard"]);
    for (command, list, takes, lacks) in [
        (
            "search",
            &search,
            &["depth", "book-variety", "no-book", "player"][..],
            &["lines"][..],
        ),
        (
            "analyze",
            &analyze,
            &["depth", "lines", "no-book"],
            &["book-variety", "book-seed"],
        ),
        (
            "nboard",
            &nboard,
            &["eval", "book-variety", "no-book"],
            &["depth", "time-ms", "lines", "exact"],
        ),
    ] {
        for name in takes {
            assert!(
                list.contains(&name.to_string()),
                "{command} --{name}: {list:?}"
            );
        }
        for name in lacks {
            assert!(
                !list.contains(&name.to_string()),
                "{command} --{name}: {list:?}"
            );
        }
    }
    // What a command does not list it refuses, as any unknown option.
    assert_eq!(
        usage_error(&["solve", "x.obf", "--book-variety", "3"]),
        "othello: solve: unknown option '--book-variety' \
         (it takes --exact, --wld, --time-ms, --nodes, --eval, --table-mb and --threads)"
    );
    assert_eq!(
        usage_error(&["solve", "x.obf", "--time", "3"]),
        "othello: solve: unknown option '--time' (did you mean '--time-ms'?)"
    );
    assert_eq!(
        usage_error(&["analyze", "f5", "--book-seed", "3"]),
        "othello: analyze: unknown option '--book-seed' (othello analyze --help lists them)"
    );
    assert_eq!(
        usage_error(&["nboard", "--depth", "8"]),
        "othello: nboard: unknown option '--depth' (it takes --eval, --table-mb, --threads, --book-variety, --book-seed and --no-book)"
    );
    // A search that is not an analysis says what --lines is for.
    for command in [&["solve", "x.obf"][..], &["search", "f5"]] {
        assert_eq!(
            usage_error(&[command, &["--lines", "3"]].concat()),
            "othello: --lines is for analyze, which gives the best moves each with its line \
             (a search finds the best move alone)"
        );
    }
}
