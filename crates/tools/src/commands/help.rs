//! The native-only commands: what each takes and their help (the shared
//! ones are `othello_cli::COMMANDS`). Each command reads its arguments by
//! its definition here ([`Command::read`]: an unknown option is refused
//! with the nearest name, and a defined option the command never asks for
//! fails the test that reads every command).

use othello::settings::Setting;
use othello_cli::args::{Command, Flag};
use othello_cli::searching::setting_flag;

/// An engine player's settings as flags (the keys of an `engine:` spec,
/// `othello::players::spec::ENGINE_SETTINGS`), which `game` and `match`
/// take for their engine sides.
const ENGINE_FLAGS: [Flag; 14] = [
    setting_flag(Setting::Depth),
    setting_flag(Setting::TimeMs),
    setting_flag(Setting::Nodes),
    setting_flag(Setting::Evaluation),
    setting_flag(Setting::TableMb),
    setting_flag(Setting::Confidence),
    setting_flag(Setting::Level),
    setting_flag(Setting::ExactFrom),
    setting_flag(Setting::WldFrom),
    setting_flag(Setting::SelectiveFrom),
    setting_flag(Setting::Book),
    setting_flag(Setting::BookVariety),
    setting_flag(Setting::BookSeed),
    setting_flag(Setting::Threads),
];

/// A game clock's settings (`game`).
const CLOCK_FLAGS: [Flag; 2] = [
    setting_flag(Setting::Clock),
    setting_flag(Setting::Increment),
];

/// The book's leaf searches (`book build`, `book check`).
const LEAF_FLAGS: [Flag; 4] = [
    Flag::setting(Setting::Depth, Some("D"), "the leaves' search depth"),
    Flag::setting(
        Setting::Confidence,
        Some("C"),
        "the selective cuts' confidence",
    ),
    Flag::setting(
        Setting::ExactFrom,
        Some("E"),
        "solve exactly from E empties",
    ),
    Flag::setting(
        Setting::Level,
        Some("L"),
        "a playing level in place of --depth",
    ),
];

/// `--board 8|96`, read before the command's options.
const BOARD: Flag = Flag::value("board", "8|96", "the board: 8 (the default) or 96");

/// `book build`.
pub const BOOK_BUILD: Command = Command {
    name: "book build",
    about: "builds the opening book from a game file and a search of its positions",
    usage: &[
        "book build --games <file> --log <file> --out <book.bin> [--min-games N] [--plies P]
    [--positions N] [--window D] [--threads T] [--table-mb M] --depth D|--level L [--confidence C]",
    ],
    notes: "docs/book.md explains the steps and the figures.",
    flags: &[
        &[
            Flag::value(
                "games",
                "<file>",
                "the games whose positions the book holds",
            ),
            Flag::value(
                "log",
                "<file>",
                "the searched leaves' log, read again to resume",
            ),
            Flag::value("out", "<book.bin>", "the book written"),
            Flag::value("min-games", "N", "positions reached by N games or more"),
            Flag::value("plies", "P", "positions up to P plies"),
            Flag::value("positions", "N", "at most N positions"),
            Flag::value("window", "D", "moves within D discs of the best are kept"),
            Flag::value("threads", "T", "positions searched at once"),
            Flag::value("table-mb", "M", "each search's table in MiB"),
        ],
        &LEAF_FLAGS,
    ],
};

/// `book check`.
pub const BOOK_CHECK: Command = Command {
    name: "book check",
    about: "the book's values against a search",
    usage: &["book check [--count N] [--threads T] --depth D|--level L [--confidence C]"],
    notes: "",
    flags: &[
        &[
            Flag::value("count", "N", "positions checked"),
            Flag::value("threads", "T", "positions searched at once"),
        ],
        &LEAF_FLAGS,
    ],
};

/// `book build|count --board 96` (its messages start `book --board 96`).
pub const BOOK96: Command = Command {
    name: "book --board 96",
    about: "the CS 221 report's book of the 96-square board; resumes from <file>.partial",
    usage: &[
        "book build --board 96 --out <file> [--depth 12] [--discs 12] [--algorithm alphabeta|negascout|mtdf]
    [--weights <file>] [--table-bits B]",
        "book count --board 96 [--discs N]   (positions such a book searches)",
    ],
    notes: "",
    flags: &[&[
        Flag::value("out", "<file>", "the book written"),
        Flag::value("depth", "D", "each position's search depth (12)"),
        Flag::value("discs", "N", "positions with up to N discs (12)"),
        Flag::value("algorithm", "A", "alphabeta, negascout or mtdf"),
        Flag::value("weights", "<file>", "the evaluation's weights (the learned ones unless given)"),
        Flag::value("table-bits", "B", "a table of 2^B entries"),
        BOARD,
    ]],
};

/// `explore build`.
pub const EXPLORE_BUILD: Command = Command {
    name: "explore build",
    about: "the opening explorer's index, pkg/explorer.bin (docs/explorer.md)",
    usage: &["explore build --games <file> --out <file>"],
    notes: "",
    flags: &[&[
        Flag::value("games", "<file>", "the games indexed"),
        Flag::value("out", "<file>", "the index written"),
    ]],
};

/// `trainer build`.
pub const TRAINER_BUILD: Command = Command {
    name: "trainer build",
    about: "the endgame trainer's positions: one a game, the best move 2 discs or more ahead, every move solved",
    usage: &["trainer build --games <file> --out <file.obf> --log <file> [--per-empties 140] [--empties 10-24] [--seed 1] [--table-mb 64]"],
    notes: "Resumes from --log; the log alone writes the same positions again (data/README.md, docs/page.md).",
    flags: &[&[
        Flag::value("games", "<file>", "the games the positions come from"),
        Flag::value("out", "<file.obf>", "the positions written, every move's exact score"),
        Flag::value("log", "<file>", "every game tried, read back to resume"),
        Flag::value("per-empties", "N", "positions for each number of empties (140)"),
        Flag::value("empties", "LOW-HIGH", "the numbers of empties, within 10-24"),
        Flag::value("seed", "S", "the order in which games are tried (1)"),
        Flag::value("table-mb", "MB", "the solver's transposition table in MiB (64)"),
    ]],
};

/// `evaltest`.
pub const EVALTEST: Command = Command {
    name: "evaltest",
    about: "the evaluation's (or a search's) scores against an OBF file's",
    usage: &[
        "evaltest <file.obf> [--eval pattern|standin|file:<table>] [--depth N [--confidence C] | --level L] [--moves]",
        "evaltest <file.obf> --engine nboard:[<key=value,...>:]<command line> [--moves]",
    ],
    notes: "With --moves the file must score every legal move (as data/trainer/endgame.obf and tests/data/ffo do): each position's move is judged by the discs it loses to the best.\n--engine asks another program that speaks the NBoard protocol (as match's nboard: sides) for its move in each position, with its depth from the spec (nboard:depth=8:<command>): the score it gives that move is its score of the position.",
    flags: &[&[
        Flag::setting(
            Setting::Evaluation,
            Some("E"),
            "the evaluation: pattern, standin or file:<table>",
        ),
        Flag::setting(
            Setting::Depth,
            Some("N"),
            "a search of N plies in place of the evaluation alone",
        ),
        Flag::setting(
            Setting::Confidence,
            Some("C"),
            "that search's selective cuts' confidence",
        ),
        Flag::setting(
            Setting::Level,
            Some("L"),
            "a playing level's search in place of the evaluation alone",
        ),
        Flag::value(
            "engine",
            "nboard:<spec>",
            "another program's search over the NBoard protocol in place of ours",
        ),
        Flag::switch(
            "moves",
            "judge the move the search plays (discs lost to the best, best share, time, nodes)",
        ),
    ]],
};

/// `train --board 96`.
pub const TRAIN96: Command = Command {
    name: "train --board 96",
    about: "the 96-square board's learner (docs/board96.md)",
    usage: &["train --board 96 --out <file> [--games N] [--seed S] [--phase-plies K] [--depth D] [--exact-plies E]
    [--alpha A] [--gamma G] [--epochs N] [--random R] [--greedy G] [--explore-depth D] [--first-stage S]"],
    notes: "",
    flags: &[&[
        Flag::value("out", "<file>", "the weights written"),
        Flag::value("games", "N", "self-play games"),
        Flag::value("seed", "S", "the games' seed"),
        Flag::value("phase-plies", "K", "plies of each stage"),
        Flag::value("depth", "D", "the players' search depth"),
        Flag::value("exact-plies", "E", "solve exactly in the last E plies"),
        Flag::value("alpha", "A", "the learning rate"),
        Flag::value("gamma", "G", "the discount"),
        Flag::value("epochs", "N", "passes over the games"),
        Flag::value("random", "R", "random moves per game"),
        Flag::value("greedy", "G", "greedy moves per game"),
        Flag::value("explore-depth", "D", "the exploring moves' depth"),
        Flag::value("first-stage", "S", "the first stage learned"),
        BOARD,
    ]],
};

/// `game`.
pub const GAME: Command = Command {
    name: "game",
    about: "one game between two players, move by move",
    usage: &["game [--black <spec>] [--white <spec>] [--opening <transcript>] [--random-plies N --seed S]
    [--clock-ms N [--increment-ms M] | --time-ms N | --depth N | --level N ...]"],
    notes: "A side without a spec is the engine, with the settings given.",
    flags: &[
        &[
            Flag::value("black", "<spec>", "Black's player"),
            Flag::value("white", "<spec>", "White's player"),
            Flag::value("opening", "<transcript>", "the game starts after these moves"),
            Flag::value("random-plies", "N", "then N random moves"),
            Flag::value("seed", "S", "the random moves' seed"),
        ],
        &CLOCK_FLAGS,
        &ENGINE_FLAGS,
        &[BOARD],
    ],
};

/// `game --board 96`.
pub const GAME96: Command = Command {
    name: "game --board 96",
    about: "one game on the 96-square board",
    usage: &["game --board 96 --red <spec96> --white <spec96> [--clock-ms N] [--opening <transcript>]
    [--random-plies N] [--seed S] [--no-book]"],
    notes: "<spec96>: random, greedy:D, smart:D (learned weights), smart-hand:D, smart-uniform:D (D 1-30),
smart-clock (the time manager on --clock-ms)",
    flags: &[&[
        Flag::value("red", "<spec96>", "Red's player"),
        Flag::value("white", "<spec96>", "White's player"),
        Flag::value("clock-ms", "N", "a game clock for each side, in milliseconds"),
        Flag::value("opening", "<transcript>", "the game starts after these moves"),
        Flag::value("random-plies", "N", "then N random moves"),
        Flag::value("seed", "S", "the random players' and moves' seed"),
        Flag::switch("no-book", "no opening book"),
        BOARD,
    ]],
};

/// `match`.
pub const MATCH: Command = Command {
    name: "match",
    about: "pairs of games from the same openings, colours swapped: Elo with a 95% interval, or an SPRT",
    usage: &["match --a <engine options or spec> --b <engine options or spec> --openings N
    [--openings-file F | --random-plies R|LOW-HIGH --seed S] [--sprt ELO0,ELO1] [--time-ms T | --depth D ...]
    [--clock-ms N [--increment-ms M]] [--jobs N] [--first-opening K] [--out F]"],
    notes: "--a or --b nboard:...: another engine over the NBoard protocol, at its own depth.
A tool built with the research feature also takes --baseline a|b (docs/benchmarks.md).",
    flags: &[
        &[
            Flag::value("a", "<options or spec>", "the first side: engine options (key=value,...) or a player spec"),
            Flag::value("b", "<options or spec>", "the second side"),
            Flag::value("openings", "N", "pairs of games, one opening each"),
            Flag::value("openings-file", "F", "one transcript a line, as data/openings.txt, in place of it"),
            Flag::value("random-plies", "R|LOW-HIGH", "random openings of R plies"),
            Flag::value("seed", "S", "their seed"),
            Flag::value("sprt", "ELO0,ELO1", "stop when a sequential test decides between the two"),
            Flag::value("clock-ms", "N", "a game clock for both sides"),
            Flag::value("increment-ms", "M", "time added to the clock after each move"),
            Flag::value("jobs", "N", "pairs at once, one thread each"),
            Flag::value("first-opening", "K", "the opening to start from, to split a match over runs"),
            Flag::value("out", "F", "the match's record, every move timed"),
        ],
        &BASELINE_FLAGS,
        &ENGINE_FLAGS,
        &[BOARD],
    ],
};

/// `match --baseline a|b`, in a tool built with the `research` feature.
#[cfg(feature = "research")]
const BASELINE_FLAGS: [Flag; 1] = [Flag::value(
    "baseline",
    "a|b",
    "that side's baseline time policies: BILL's clock manager, a flat time per move",
)];
/// None in the shipped tool.
#[cfg(not(feature = "research"))]
const BASELINE_FLAGS: [Flag; 0] = [];

/// `match --board 96`.
pub const MATCH96: Command = Command {
    name: "match --board 96",
    about: "pairs of games on the 96-square board from one opening, colours swapped: Elo with a 95% interval",
    usage: &["match --board 96 --a <spec96> --b <spec96> --games N [--opening-plies K] [--openings-file <file>]
    [--seed S] [--clock-ms N] [--no-book]"],
    notes: "",
    flags: &[&[
        Flag::value("a", "<spec96>", "the first player"),
        Flag::value("b", "<spec96>", "the second player"),
        Flag::value("games", "N", "games, in pairs"),
        Flag::value("opening-plies", "K", "random opening plies"),
        Flag::value("openings-file", "<file>", "openings, one transcript a line"),
        Flag::value("openings", "N", "(the 8x8 match's count; here --openings-file)"),
        Flag::value("seed", "S", "the openings' seed"),
        Flag::value("clock-ms", "N", "a game clock for each side"),
        Flag::switch("no-book", "no opening book"),
        BOARD,
    ]],
};

/// `tournament`.
pub const TOURNAMENT: Command = Command {
    name: "tournament",
    about: "a round robin of players, pairs of games from random openings",
    usage: &["tournament --players <spec>,<spec>,... --pairs N [--random-plies 10 --seed S]"],
    notes: "",
    flags: &[&[
        Flag::value("players", "<spec>,...", "the players"),
        Flag::value("pairs", "N", "pairs of games each two players play"),
        Flag::value("random-plies", "N", "random opening plies (10)"),
        Flag::value("seed", "S", "their seed"),
    ]],
};

/// `openings`.
pub const OPENINGS: Command = Command {
    name: "openings",
    about: "the most played openings of a game file",
    usage: &["openings <games.txt> [--count N]"],
    notes: "",
    flags: &[&[Flag::value("count", "N", "openings shown")]],
};

/// `experiments alphabeta-study`.
pub const EXPERIMENTS: Command = Command {
    name: "experiments alphabeta-study",
    about: "the 2001 study's comparison: leaf nodes, nodes and time by algorithm and depth, NegaScout = 100",
    usage: &["experiments alphabeta-study [--games data/wthor-games.txt.gz] [--positions 30] [--seed 2001]
    [--discs 20-40] [--depth 8] [--plain-depth 7] [--minimax-depth 5] [--rules-depth 8] [--rules <rules>]
    [--table-bits 20] [--store-leaves]"],
    notes: "",
    flags: &[&[
        Flag::value("games", "<file>", "the games the positions come from"),
        Flag::value("positions", "N", "positions searched"),
        Flag::value("seed", "S", "the positions' seed"),
        Flag::value("discs", "LOW-HIGH", "positions with LOW to HIGH discs"),
        Flag::value("depth", "D", "the deepest search"),
        Flag::value("plain-depth", "D", "the deepest plain alpha-beta search"),
        Flag::value("minimax-depth", "D", "the deepest minimax search"),
        Flag::value("rules-depth", "D", "the rules player's depth"),
        Flag::value("rules", "<rules>", "rule names joined by +"),
        Flag::value("table-bits", "B", "a table of 2^B entries"),
        Flag::switch("store-leaves", "the table stores the leaves too"),
    ]],
};

/// The native-only commands but `train`'s steps.
const COMMANDS: [&Command; 14] = [
    &BOOK_BUILD,
    &BOOK_CHECK,
    &BOOK96,
    &EXPLORE_BUILD,
    &TRAINER_BUILD,
    &EVALTEST,
    &TRAIN96,
    &GAME,
    &GAME96,
    &MATCH,
    &MATCH96,
    &TOURNAMENT,
    &OPENINGS,
    &EXPERIMENTS,
];

/// Every command of the native tool, the shared ones first.
pub fn all() -> Vec<&'static Command> {
    othello_cli::COMMANDS
        .into_iter()
        .chain(COMMANDS)
        .chain(super::train::STEPS)
        .collect()
}

/// What the native tool's list of commands says below them.
pub const FOOTER: &str = SPECS;

/// What the player specs of `game`, `match`, `tournament` and `search
/// --player` may be.
const SPECS: &str = "
player specs (game, match, tournament, search --player):
  random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>, iago:<depth>, bill:<depth>, study-minimax|study-alphabeta|study-negascout:<difficulty 1-5>,
  study-rules:<difficulty 1-5>[:<rules joined by +: take-corners, keep-corners, take-edges, keep-edges>],
  engine:<key=value,...> (keys depth, time-ms, nodes, eval, table-mb, confidence, level, exact-from, wld-from,
  selective-from, book (true, false or file:<book.bin>), book-variety, book-seed, threads);
  <eval>: count-difference, weighted-squares, modified-weighted-squares, mobility;
  in game and match, nboard:[depth=N,timeout-ms=T:]<command line>: a program speaking the NBoard protocol
  (set depth N: its level; T: the longest wait for an answer, 60000 by default)";
