//! `--board 96` through the shared command line: the lines `perft`,
//! `search` and `analyze` print on the 96-square board, and the errors for
//! what they refuse.

use othello::clock::Clock;
use othello_cli::{CliError, Host};

struct Recorder(Vec<String>);

impl Host for Recorder {
    fn print(&mut self, line: &str) {
        self.0.push(line.to_string());
    }

    fn read_file(&mut self, path: &str) -> Result<String, CliError> {
        Err(CliError::file(path, "no files here"))
    }
}

/// A clock that never moves, so that the lines (`"ms":0`) are exact.
struct Frozen;

impl Clock for Frozen {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

fn run_args(args: &[&str]) -> Result<Vec<String>, String> {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut recorder = Recorder(Vec::new());
    othello_cli::run(&args, &mut recorder, &Frozen)
        .map(|()| recorder.0)
        .map_err(|e| e.to_string())
}

fn run_line(line: &str) -> Result<Vec<String>, String> {
    run_args(&line.split_whitespace().collect::<Vec<_>>())
}

/// The committed perft table of the 96-square board: (depth, count).
fn perft_table() -> Vec<(u32, u64)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../board96/tests/data/perft96.txt"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut words = line.split_whitespace();
            let depth = words.next().unwrap().parse().unwrap();
            let count = words.next().unwrap().parse().unwrap();
            (depth, count)
        })
        .collect()
}

#[test]
fn perft_prints_the_committed_counts() {
    let table = perft_table();
    let lines = run_line("perft 6 --board 96").unwrap();
    assert_eq!(lines.len(), 7);
    for (depth, line) in (1..=6).zip(&lines) {
        let count = table.iter().find(|(d, _)| *d == depth).unwrap().1;
        assert_eq!(*line, format!("perft {depth:>2} {count:>16}"));
    }
    assert_eq!(lines[1], "perft  2               12");
    assert_eq!(
        lines[6],
        "{\"command\":\"perft\",\"board\":96,\"convention\":\"A\",\"depth\":6,\"nodes\":7448,\"ms\":0,\"nps\":0}"
    );
    // The option may come anywhere after the command.
    assert_eq!(run_line("perft --board 96 6").unwrap(), lines);
    assert_eq!(
        run_line("perft 0 --board 96").unwrap(),
        ["{\"command\":\"perft\",\"board\":96,\"convention\":\"A\",\"depth\":0,\"nodes\":1,\"ms\":0,\"nps\":0}"]
    );
}

#[test]
fn the_8x8_lines_do_not_change() {
    let lines = run_line("perft 3").unwrap();
    assert_eq!(
        lines[3],
        "{\"command\":\"perft\",\"convention\":\"A\",\"depth\":3,\"nodes\":56,\"ms\":0,\"nps\":0}"
    );
    assert_eq!(run_line("perft 3 --board 8").unwrap(), lines);
    assert_eq!(run_line("perft --board 8 3").unwrap(), lines);
}

#[test]
fn unsupported_combinations_are_explained() {
    let cases = [
        (
            "perft 3 --board 96 --pass-free",
            "perft --board 96: --pass-free is not available (a pass is always a ply on the 96-square board)",
        ),
        (
            "perft 14 --board 96",
            "perft --board 96: depth '14' is not a whole number from 0 to 13",
        ),
        (
            "perft x --board 96",
            "perft --board 96: depth 'x' is not a whole number from 0 to 13",
        ),
        ("perft --board 96", "perft --board 96: missing <depth>"),
        (
            "perft 3 4 --board 96",
            "perft --board 96: unexpected argument '4'",
        ),
        (
            "perft 3 --board 96 --fast",
            "perft --board 96: unknown option '--fast' (it takes no options)",
        ),
        ("perft 3 --board 7", "--board must be 8 or 96, got '7'"),
        ("perft 3 --board", "--board needs a value: 8 or 96"),
        ("search f7 --board", "--board needs a value: 8 or 96"),
        ("perft 3 --board 96 --board 96", "--board is given twice"),
        (
            "solve x.obf --board 96",
            "solve --board 96: not available on the 96-square board (perft, search and analyze take --board 96)",
        ),
        (
            "search --board 96",
            "search --board 96: missing <position or transcript>",
        ),
        (
            "search f7 --board 96 --level 3",
            "search --board 96: unknown option '--level' (it takes --depth, --algorithm, --eval, --nodes, --time-ms and --no-book)",
        ),
        (
            "search f7 --board 96 --depth 0",
            "search --board 96: --depth must be a whole number from 1 to 30, got '0'",
        ),
        (
            "search f7 --board 96 --depth",
            "search --board 96: --depth needs a value",
        ),
        (
            "search f7 --board 96 --algorithm minimax",
            "search --board 96: --algorithm must be alphabeta, negascout or mtdf, got 'minimax'",
        ),
        (
            "search f7 --board 96 --eval pattern",
            "search --board 96: --eval must be greedy, smart, smart-hand or smart-uniform, got 'pattern'",
        ),
        (
            "search f7g7a1 --board 96",
            "transcript: move 3 (character 5) a1 is illegal for Red",
        ),
        (
            "search f7c3 --board 96",
            "transcript: move 2 'c3' (character 3) is not a square",
        ),
        (
            "search RW-- R --board 96",
            "position: board has 4 cells, expected 96 (holes left out)",
        ),
    ];
    for (line, message) in cases {
        assert_eq!(run_line(line).unwrap_err(), message, "{line}");
    }
    let start = "------------------------------------------WR--------RW------------------------------------------";
    assert_eq!(
        run_args(&["search", start, "X", "--board", "96"]).unwrap_err(),
        "position: side to move 'X' (character 98) is not R or W"
    );
    assert_eq!(
        run_args(&["search", start, "--board", "96"]).unwrap_err(),
        "position: the side to move (R or W) is missing"
    );
    let bad_cell = format!("{}x{}", &start[..10], &start[11..]);
    assert_eq!(
        run_args(&["search", &bad_cell, "R", "--board", "96"]).unwrap_err(),
        "position: square a2 (character 11) is 'x', expected R, W or -"
    );
    // Native-only commands keep their own message.
    assert_eq!(
        run_line("game --board 96").unwrap_err(),
        "game: only the native tool (cargo build --release; target/release/othello) runs it"
    );
}

#[test]
fn search_prints_each_depth_and_a_summary() {
    let lines = run_line("search f7g7h7f8f9 --board 96 --depth 3 --eval greedy").unwrap();
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(lines[0].starts_with("position "), "{}", lines[0]);
    assert!(lines[0].ends_with(" W (White to move)"), "{}", lines[0]);
    assert!(lines[1].starts_with("depth  1 value "), "{}", lines[1]);
    let json = &lines[4];
    assert!(
        json.starts_with("{\"command\":\"search\",\"board\":96,\"best\":\""),
        "{json}"
    );
    assert!(
        json.contains(",\"depth\":3,\"algorithm\":\"alphabeta\",\"eval\":\"greedy\",\"nodes\":"),
        "{json}"
    );
    assert!(json.ends_with(",\"ms\":0,\"nps\":0}"), "{json}");

    // The same position as a position line gives the same lines.
    let line = lines[0]
        .strip_prefix("position ")
        .unwrap()
        .strip_suffix(" (White to move)")
        .unwrap();
    let mut args: Vec<&str> = vec!["search"];
    args.extend(line.split(' '));
    args.extend(["--board", "96", "--depth", "3", "--eval", "greedy"]);
    assert_eq!(run_args(&args).unwrap(), lines);
}

/// The value of `key` in a flat JSON line.
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let at = json.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
    let rest = &json[at..];
    rest[..rest.find([',', '}']).unwrap()].trim_matches('"')
}

#[test]
fn the_three_algorithms_agree_on_the_value() {
    for eval in ["greedy", "smart"] {
        let values: Vec<String> = ["alphabeta", "negascout", "mtdf"]
            .iter()
            .map(|algorithm| {
                let lines = run_line(&format!(
                    "search f7g7 --board 96 --depth 4 --algorithm {algorithm} --eval {eval} --no-book"
                ))
                .unwrap();
                let json = lines.last().unwrap();
                assert_eq!(field(json, "algorithm"), *algorithm);
                assert_eq!(field(json, "depth"), "4");
                field(json, "value").to_string()
            })
            .collect();
        assert!(values.iter().all(|v| *v == values[0]), "{eval}: {values:?}");
    }
}

#[test]
fn a_node_limit_stops_at_a_completed_depth() {
    let lines = run_line("search e4 --board 96 --depth 30 --nodes 2000 --no-book").unwrap();
    let json = lines.last().unwrap();
    let depth: u32 = field(json, "depth").parse().unwrap();
    assert!((1..30).contains(&depth), "{json}");
    assert!(
        field(json, "nodes").parse::<u64>().unwrap() < 10_000,
        "{json}"
    );
    assert_eq!(lines.len(), depth as usize + 2);
}

#[test]
fn a_pass_and_a_finished_game_at_the_root() {
    // White has no move, Red has c1: White passes.
    let must_pass = format!("RW{}", "-".repeat(94));
    let lines = run_args(&[
        "search", &must_pass, "W", "--board", "96", "--depth", "3", "--eval", "greedy",
    ])
    .unwrap();
    let json = lines.last().unwrap();
    assert_eq!(field(json, "best"), "pa", "{json}");
    assert_eq!(field(json, "value"), "-96", "{json}");
    // Neither side can move: the final score, no move, one depth.
    let over = "R".repeat(96);
    let lines = run_args(&["search", &over, "W", "--board", "96", "--eval", "greedy"]).unwrap();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[2],
        "{\"command\":\"search\",\"board\":96,\"best\":\"--\",\"value\":-96,\"kind\":\"exact\",\"depth\":1,\"algorithm\":\"alphabeta\",\"eval\":\"greedy\",\"nodes\":1,\"ms\":0,\"nps\":0}"
    );
}

/// The (move, value) pairs of an `analyze --board 96` JSON line.
fn analyzed_moves(json: &str) -> Vec<(String, i32)> {
    let list = &json[json.find("\"moves\":[").unwrap() + 9..];
    let list = &list[..list.find(']').unwrap()];
    list.split("},")
        .filter(|item| !item.is_empty())
        .map(|item| {
            let item = format!("{}}}", item.trim_end_matches('}'));
            (
                field(&item, "move").to_string(),
                field(&item, "value").parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn analyze_values_every_move_and_agrees_with_search() {
    for (position, depth, eval) in [
        ("f7g7", 1, "greedy"),
        ("f7g7", 4, "greedy"),
        ("f7g7", 3, "smart"),
        ("e4d4c4", 4, "smart"),
        ("e4d4c4g5g7d7h5g6f7g4f3g8g9e3d5c5b5b6c6a4", 3, "smart"),
        ("e4d4c4g5g7d7h5g6f7g4f3g8g9e3d5c5b5b6c6a4", 4, "greedy"),
    ] {
        let lines = run_line(&format!(
            "analyze {position} --board 96 --depth {depth} --eval {eval}"
        ))
        .unwrap();
        let json = lines.last().unwrap();
        assert!(
            json.starts_with("{\"command\":\"analyze\",\"board\":96,\"moves\":[{\"move\":\""),
            "{json}"
        );
        assert_eq!(field(json, "depth"), depth.to_string());
        assert_eq!(field(json, "eval"), eval);
        assert!(json.ends_with(",\"ms\":0,\"nps\":0}"), "{json}");
        let moves = analyzed_moves(json);
        // Every legal move once, best first.
        let position96 = othello_cli::board96::parse_position(&[position.to_string()]).unwrap();
        let mut legal: Vec<String> = position96
            .board
            .move_list()
            .map(|s| s.to_string())
            .collect();
        let mut named: Vec<String> = moves.iter().map(|(m, _)| m.clone()).collect();
        legal.sort();
        named.sort();
        assert_eq!(named, legal, "{json}");
        assert!(moves.windows(2).all(|w| w[0].1 >= w[1].1), "{json}");
        // One line per move after the position line, in the same order.
        assert_eq!(lines.len(), moves.len() + 2, "{lines:?}");
        for ((mv, value), line) in moves.iter().zip(&lines[1..]) {
            assert_eq!(*line, format!("{mv:<3} {value:+7} depth {depth}"));
        }
        // The best value is the search's at the same depth and evaluation,
        // and the search's best move is one of the moves with that value.
        let search = run_line(&format!(
            "search {position} --board 96 --depth {depth} --eval {eval} --no-book"
        ))
        .unwrap();
        let search = search.last().unwrap();
        let best: i32 = field(search, "value").parse().unwrap();
        assert_eq!(
            moves[0].1, best,
            "{position} {depth} {eval}: {json} / {search}"
        );
        assert!(
            moves
                .iter()
                .any(|(m, v)| m == field(search, "best") && *v == best),
            "{json} / {search}"
        );
    }
}

#[test]
fn analyze_a_pass_and_a_finished_game() {
    // White has no move, Red has c1: White's only move is the pass.
    let must_pass = format!("RW{}", "-".repeat(94));
    let lines = run_args(&[
        "analyze", &must_pass, "W", "--board", "96", "--depth", "3", "--eval", "greedy",
    ])
    .unwrap();
    assert_eq!(lines[1], "White must pass: the only move is pa");
    assert_eq!(lines[2], "pa      -96 depth 3");
    assert_eq!(
        analyzed_moves(lines.last().unwrap()),
        [("pa".to_string(), -96)]
    );
    // Neither side can move: an error that gives the final score.
    let over = "R".repeat(96);
    assert_eq!(
        run_args(&["analyze", &over, "W", "--board", "96"]).unwrap_err(),
        "analyze --board 96: the game is over (Red's final score +96): no move to analyze"
    );
}

#[test]
fn analyze_errors_are_explained() {
    for (line, message) in [
        (
            "analyze --board 96",
            "analyze --board 96: missing <position or transcript>",
        ),
        (
            "analyze f7 --board 96 --algorithm mtdf",
            "analyze --board 96: unknown option '--algorithm' (it takes --depth and --eval)",
        ),
        (
            "analyze f7 --board 96 --depth 31",
            "analyze --board 96: --depth must be a whole number from 1 to 30, got '31'",
        ),
        (
            "analyze f7 --board 96 --depth",
            "analyze --board 96: --depth needs a value",
        ),
        (
            "analyze f7 --board 96 --eval pattern",
            "analyze --board 96: --eval must be greedy, smart, smart-hand or smart-uniform, got 'pattern'",
        ),
        (
            "analyze f7a1 --board 96",
            "transcript: move 2 (character 3) a1 is illegal for White",
        ),
    ] {
        assert_eq!(run_line(line).unwrap_err(), message, "{line}");
    }
}

/// A position line after random moves (seeded) down to `empties` empty cells.
fn endgame_line(seed: u64, empties: u32) -> String {
    use othello_board96::players::{Player, RandomPlayer};
    use othello_board96::{Move, Position};
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed + 1)];
    let mut position = Position::START;
    let mut ply = 0;
    while position.board.empty_count() > empties && !position.board.is_game_over() {
        let mv = if position.board.moves() == 0 {
            Move::Pass
        } else {
            players[ply % 2].choose(&position)
        };
        position = position.play(mv).unwrap();
        ply += 1;
    }
    othello_board96::notation::line::write(&position)
}

#[test]
fn the_smart_evaluation_solves_from_fourteen_empties() {
    let line = endgame_line(1, 12);
    let words: Vec<&str> = line.split(' ').collect();
    let position = othello_board96::notation::line::parse(&line).unwrap();
    assert!(position.board.moves() != 0 && position.board.empty_count() <= 12);
    let solution = othello_board96::endgame::solve(&position.board);
    let empties = position.board.empty_count();
    let mut args = vec!["search", words[0], words[1], "--board", "96"];
    let lines = run_args(&args).unwrap();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[1],
        format!(
            "exact {empties:>2} value {:+} best {} nodes {}",
            solution.score,
            solution.best.unwrap(),
            solution.nodes
        )
    );
    let json = &lines[2];
    assert_eq!(field(json, "kind"), "exact");
    assert_eq!(field(json, "value"), solution.score.to_string());
    assert_eq!(field(json, "depth"), empties.to_string());
    // analyze solves every move: the best is the solved score.
    args[0] = "analyze";
    let lines = run_args(&args).unwrap();
    let json = lines.last().unwrap();
    assert_eq!(field(json, "kind"), "exact");
    let moves = analyzed_moves(json);
    assert_eq!(moves[0].1, solution.score);
    assert_eq!(moves.len(), position.board.moves().count_ones() as usize);
    assert!(
        lines[1].ends_with(&format!(" exact {empties}")),
        "{lines:?}"
    );
    // The greedy evaluation searches to its depth.
    args.extend(["--eval", "greedy", "--depth", "2"]);
    let lines = run_args(&args).unwrap();
    assert_eq!(field(lines.last().unwrap(), "kind"), "depth");
    args[0] = "search";
    let lines = run_args(&args).unwrap();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(field(lines.last().unwrap(), "kind"), "depth");
}

#[test]
fn search_answers_book_positions_from_the_book_unless_told() {
    use othello_board96::book::Book;
    use othello_board96::notation::transcript;
    // After e4 White is to move in a position of the committed book.
    let position = transcript::parse("e4").unwrap().position();
    let book = Book::embedded()
        .lookup(&position)
        .expect("e4 is in the book");
    let lines = run_line("search e4 --board 96 --depth 4").unwrap();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[1],
        format!(
            "book     value {:+} best {} (searched to depth {})",
            book.value, book.best, book.depth
        )
    );
    let json = &lines[2];
    assert_eq!(field(json, "kind"), "book");
    assert_eq!(field(json, "best"), book.best.to_string());
    assert_eq!(field(json, "value"), book.value.to_string());
    assert_eq!(field(json, "depth"), book.depth.to_string());
    assert_eq!(field(json, "nodes"), "0");
    // --no-book, or the greedy evaluation, searches as before.
    for line in [
        "search e4 --board 96 --depth 4 --no-book",
        "search e4 --board 96 --depth 4 --eval greedy",
    ] {
        let lines = run_line(line).unwrap();
        let json = lines.last().unwrap();
        assert_eq!(field(json, "kind"), "depth", "{json}");
        assert_eq!(field(json, "depth"), "4");
        assert!(field(json, "nodes").parse::<u64>().unwrap() > 4, "{json}");
        assert_eq!(lines.len(), 6, "{lines:?}");
    }
    // A position out of the book (more discs than it holds) is searched.
    let lines = run_line("search f7e7d4g5h5g4f4g7e8i6h7g8 --board 96 --depth 3").unwrap();
    assert_eq!(field(lines.last().unwrap(), "kind"), "depth");
}
