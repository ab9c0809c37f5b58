//! The native-only commands as their help and the list of commands show
//! them (the shared ones are `othello_cli::COMMANDS`). Their options are
//! read by each command's own loop; the usage lines here name them.

use othello_cli::args::Command;

/// A native-only command whose options its usage lines name.
const fn command(
    name: &'static str,
    about: &'static str,
    usage: &'static [&'static str],
    notes: &'static str,
) -> Command {
    Command {
        name,
        about,
        usage,
        notes,
        flags: &[],
    }
}

/// What the player specs of `game`, `match`, `tournament` and `search
/// --player` may be.
const SPECS: &str = "player specs: random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>,
  iago:<depth>, bill:<depth>, study-minimax|study-alphabeta|study-negascout:<difficulty 1-5>,
  study-rules:<difficulty 1-5>[:<rules joined by +: take-corners, keep-corners, take-edges, keep-edges>],
  engine:<key=value,...> (keys depth, time-ms, nodes, eval, table-mb, confidence, level, exact-from, wld-from,
  book (true, false or file:<book.bin>), book-variety, book-seed, threads);
  <eval>: count-difference, weighted-squares, modified-weighted-squares, mobility;
  in game and match, nboard:[depth=N,timeout-ms=T:]<command line>: a program speaking the NBoard protocol
  (set depth N: its level; T: the longest wait for an answer, 60000 by default)";

/// The native-only commands.
pub const COMMANDS: [Command; 14] = [
    command(
        "book build",
        "builds the opening book from a game file and a search of its positions",
        &["book build --games <file> --log <file> --out <book.bin> [--min-games N] [--plies P]
    [--positions N] [--window D] [--threads T] [--table-mb M] --depth D|--level L [--confidence C]"],
        "",
    ),
    command(
        "book check",
        "the book's values against a search",
        &["book check [--count N] [--threads T] --depth D|--level L [--confidence C]"],
        "",
    ),
    command(
        "book build --board 96",
        "the CS 221 report's book of the 96-square board; resumes from <file>.partial",
        &[
            "book build --board 96 --out <file> [--depth 12] [--discs 12] [--algorithm alphabeta|negascout|mtdf]
    [--weights <file>] [--table-bits B]",
            "book count --board 96 [--discs N]   (positions such a book searches)",
        ],
        "",
    ),
    command(
        "explore build",
        "the opening explorer's index, pkg/explorer.bin (docs/explorer.md)",
        &["explore build --games <file> --out <file>"],
        "",
    ),
    command(
        "evaltest",
        "the evaluation's (or a search's) scores against an OBF file's",
        &["evaltest <file.obf> [--eval pattern|standin|file:<table>] [--depth N [--confidence C]]"],
        "",
    ),
    command(
        "train",
        "training the evaluation: solve, search, fit, heldout, probcut, endcut, selfplay, check",
        &["train solve|search|fit|heldout|probcut|endcut|selfplay|check ...   (see crates/tools/src/commands/train.rs)"],
        "",
    ),
    command(
        "train --board 96",
        "the 96-square board's learner (docs/board96.md)",
        &["train --board 96 --out <file> [--games N] [--seed S] [--phase-plies K] [--depth D] [--exact-plies E]
    [--alpha A] [--epochs N] [--first-stage S] ..."],
        "",
    ),
    command(
        "game",
        "one game between two players, move by move",
        &["game [--black <spec>] [--white <spec>] [--opening <transcript>] [--random-plies N --seed S]
    [--clock-ms N [--increment-ms M] | --time-ms N | --depth N | --level N ...]"],
        "A side without a spec is the engine, with the search settings given.",
    ),
    command(
        "game --board 96",
        "one game on the 96-square board",
        &["game --board 96 --red <spec96> --white <spec96> [--clock-ms N] [--seed S] [--no-book]"],
        "<spec96>: random, greedy:D, smart:D (learned weights), smart-hand:D, smart-uniform:D (D 1-30),
smart-clock (the time manager on --clock-ms)",
    ),
    command(
        "match",
        "pairs of games from the same openings, colours swapped: Elo with a 95% interval, or an SPRT",
        &["match --a <engine options or spec> --b <engine options or spec> --openings N
    [--openings-file F | --random-plies R|LOW-HIGH --seed S] [--sprt ELO0,ELO1] [--time-ms T | --depth D ...]
    [--clock-ms N [--increment-ms M]] [--baseline a|b] [--jobs N] [--first-opening K] [--out F]"],
        "--clock-ms: a game clock for both; --baseline: that side's baseline time policies, BILL's clock manager and
a flat time per move; --openings-file: one transcript a line, as data/openings.txt; --jobs: pairs at once,
one thread each; --first-opening: the opening to start from, to split a match over runs; --out: the match's
record, every move timed; --a or --b nboard:...: another engine over the NBoard protocol, at its own depth.",
    ),
    command(
        "match --board 96",
        "pairs of games on the 96-square board from one opening, colours swapped: Elo with a 95% interval",
        &["match --board 96 --a <spec96> --b <spec96> --games N [--opening-plies K] [--openings-file <file>]
    [--seed S] [--clock-ms N] [--no-book]"],
        "",
    ),
    command(
        "tournament",
        "a round robin of players, pairs of games from random openings",
        &["tournament --players <spec>,<spec>,... --pairs N [--random-plies 10 --seed S]"],
        "",
    ),
    command(
        "openings",
        "the most played openings of a game file",
        &["openings <games.txt> [--count N]"],
        "",
    ),
    command(
        "experiments",
        "the 2001 study's comparison: leaf nodes, nodes and time by algorithm and depth, NegaScout = 100",
        &["experiments alphabeta-study [--games data/wthor-games.txt.gz] [--positions 30] [--seed 2001] [--discs 20-40]
    [--depth 8] [--plain-depth 7] [--minimax-depth 5] [--rules-depth 8] [--rules <rules>] [--table-bits 20]
    [--store-leaves]"],
        "",
    ),
];

/// Every command of the native tool, the shared ones first.
pub fn all() -> Vec<&'static Command> {
    othello_cli::COMMANDS
        .into_iter()
        .chain(COMMANDS.iter())
        .collect()
}

/// What the native tool's list of commands says below them.
pub const FOOTER: &str = SPECS;
