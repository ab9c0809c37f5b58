//! `experiments alphabeta-study`: the comparison the 2001 alpha-beta study
//! quotes from Plaat, Schaeffer, Pijls and de Bruin (leaf nodes, total
//! nodes and time of AlphaBeta, NegaScout, MTD(f), SSS* and DUAL* by
//! depth, NegaScout = 100), reproduced on midgame positions of real games
//! with the study programs' evaluation; and the study's own programs, which
//! search without a table, side by side (docs/alphabeta-study.md).
//!
//! With a table, every algorithm deepens from depth 1 over its own table
//! (cleared for each position), as in Plaat et al.'s experiments; the
//! counts at depth d are those of the whole deepening to d. Without a
//! table, each program searches once at the depth. Every algorithm must
//! return NegaScout's value at every depth (the command fails otherwise).

use std::collections::HashSet;
use std::ops::RangeInclusive;

use othello_cli::{summary, CliError, CliResult, Host};
use serde_json::{json, Value};

use othello::board::Board;
use othello::clock::Clock;
use othello::notation::{obf, transcript};
use othello::players::study::order_rank;
use othello::players::study_eval::StudyEval;
use othello::players::study_rules::RuleSet;
use othello::rng::Rng;
use othello::rules::Status;
use othello::textbook::{Algorithm, BoundsTable, Counts, Search};

use super::args::number;
use crate::training::read_text;

/// The games the positions come from unless `--games` says otherwise.
pub const DEFAULT_GAMES: &str = "data/wthor-games.txt.gz";

/// The algorithms compared with a table, in the order the text quotes them.
const WITH_TABLE: [Algorithm; 5] = [
    Algorithm::AlphaBeta,
    Algorithm::NegaScout,
    Algorithm::Mtdf,
    Algorithm::SssStar,
    Algorithm::DualStar,
];

/// The searches without a table: the study's four programs and NegaScout
/// without its fail-safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plain {
    Minimax,
    AlphaBeta,
    NegaScout,
    NegaScoutNoFailSafe,
    Rules,
}

impl Plain {
    const ALL: [Plain; 5] = [
        Plain::Minimax,
        Plain::AlphaBeta,
        Plain::NegaScout,
        Plain::NegaScoutNoFailSafe,
        Plain::Rules,
    ];

    fn name(self) -> &'static str {
        match self {
            Plain::Minimax => "Minimax",
            Plain::AlphaBeta => "AlphaBeta",
            Plain::NegaScout => "NegaScout",
            Plain::NegaScoutNoFailSafe => "NegaScout, no fail-safe",
            Plain::Rules => "AlphaBeta + rules",
        }
    }
}

/// What the command was asked.
struct Options {
    games: String,
    positions: usize,
    seed: u64,
    discs: RangeInclusive<u32>,
    depth: u32,
    plain_depth: u32,
    minimax_depth: u32,
    rules_depth: u32,
    table_bits: u32,
    store_leaves: bool,
    rules: RuleSet,
}

fn parse_options(args: &[String]) -> CliResult<Options> {
    const COMMAND: &str = "experiments alphabeta-study";
    let o = super::help::EXPERIMENTS.read(args)?;
    let discs = match o.value("discs") {
        None => 20..=40,
        Some(text) => {
            let (low, high) = text.split_once('-').ok_or_else(|| {
                CliError::usage(format!("{COMMAND}: --discs '{text}' is not LOW-HIGH"))
            })?;
            let (low, high): (u32, u32) = (
                number(COMMAND, "--discs", low)?,
                number(COMMAND, "--discs", high)?,
            );
            if !(5 <= low && low <= high && high <= 63) {
                return Err(CliError::usage(format!(
                    "{COMMAND}: --discs must be LOW-HIGH with 5 <= LOW <= HIGH <= 63, got '{text}'"
                )));
            }
            low..=high
        }
    };
    let rules = match o.value("rules") {
        None => RuleSet::DEFAULT,
        Some(text) => RuleSet::parse(text).ok_or_else(|| {
            CliError::usage(format!(
                "{COMMAND}: --rules '{text}' is not rule names joined by '+' (take-corners, keep-corners, take-edges, keep-edges)"
            ))
        })?,
    };
    let options = Options {
        games: o.value("games").unwrap_or(DEFAULT_GAMES).to_string(),
        positions: o.whole("positions")?.unwrap_or(30),
        seed: o.whole("seed")?.unwrap_or(2001),
        discs,
        depth: o.whole("depth")?.unwrap_or(8),
        plain_depth: o.whole("plain-depth")?.unwrap_or(7),
        minimax_depth: o.whole("minimax-depth")?.unwrap_or(5),
        rules_depth: o.whole("rules-depth")?.unwrap_or(8),
        table_bits: o.whole("table-bits")?.unwrap_or(20),
        store_leaves: o.switch("store-leaves"),
        rules,
    };
    o.finish()?;
    let in_range = |name: &str, value: u32, range: RangeInclusive<u32>| {
        if range.contains(&value) {
            Ok(())
        } else {
            Err(CliError::usage(format!(
                "{COMMAND}: {name} must be from {} to {}, got {value}",
                range.start(),
                range.end()
            )))
        }
    };
    in_range("--depth", options.depth, 2..=14)?;
    in_range("--plain-depth", options.plain_depth, 1..=12)?;
    in_range("--minimax-depth", options.minimax_depth, 0..=8)?;
    in_range("--rules-depth", options.rules_depth, 1..=20)?;
    in_range("--table-bits", options.table_bits, 10..=24)?;
    if !(1..=1000).contains(&options.positions) {
        return Err(CliError::usage(format!(
            "{COMMAND}: --positions must be from 1 to 1000, got {}",
            options.positions
        )));
    }
    Ok(options)
}

/// A position of the comparison: where it comes from and the board.
struct Sample {
    line: usize,
    moves: usize,
    board: Board,
    obf: String,
}

/// `count` distinct positions, each drawn from a game drawn from `text`
/// (one game a line: year, black discs, white discs, moves), at a move
/// drawn among those whose disc count is in `discs` and where the side to
/// move has a move.
fn pick_positions(
    text: &str,
    count: usize,
    seed: u64,
    discs: &RangeInclusive<u32>,
) -> CliResult<Vec<Sample>> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return Err(CliError::invalid("games", "no game in the file"));
    }
    let mut rng = Rng::new(seed);
    let mut samples = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..count * 100 {
        if samples.len() == count {
            break;
        }
        let index = rng.below(lines.len());
        let moves = lines[index].split_whitespace().nth(3).unwrap_or("");
        let game = transcript::parse(moves)
            .map_err(|e| CliError::input(format!("games: line {}", index + 1), e))?;
        let candidates: Vec<(usize, othello::Position)> = game
            .positions()
            .into_iter()
            .enumerate()
            .filter(|(_, p)| {
                let discs_on = 64 - p.board.empty_count();
                discs.contains(&discs_on) && p.status() == Status::Moves
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let (plies, position) = candidates[rng.below(candidates.len())];
        if seen.insert(position.board) {
            samples.push(Sample {
                line: index + 1,
                moves: plies,
                board: position.board,
                obf: obf::write_position(&position),
            });
        }
    }
    if samples.len() < count {
        return Err(CliError::invalid(
            "games",
            format!("only {} positions with those discs", samples.len()),
        ));
    }
    Ok(samples)
}

/// What a search cost, summed over the positions.
#[derive(Clone, Copy, Debug, Default)]
struct Cost {
    counts: Counts,
    ms: f64,
    /// Root calls of the search at the depth alone (not the shallower
    /// ones), and the most of one position.
    calls_here: u64,
    most_calls: u64,
}

/// `experiments <name> ...`: the experiments of the texts that have one
/// (`alphabeta-study`).
pub fn run_experiments(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    match args.first().map(String::as_str) {
        Some("alphabeta-study") => run_alphabeta_study(&args[1..], host, clock),
        Some(other) => Err(CliError::usage(format!(
            "experiments: unknown experiment '{other}' (expected alphabeta-study)"
        ))),
        None => Err(CliError::usage(
            "experiments: missing the experiment (alphabeta-study)",
        )),
    }
}

fn run_alphabeta_study(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse_options(args)?;
    let start = clock.now_ms();
    let text = read_text(&options.games)?;
    let samples = pick_positions(&text, options.positions, options.seed, &options.discs)?;
    drop(text);
    host.print(&format!(
        "{} positions of {}-{} discs from {} (seed {}):",
        samples.len(),
        options.discs.start(),
        options.discs.end(),
        options.games,
        options.seed
    ));
    for (at, sample) in samples.iter().enumerate() {
        host.print(&format!(
            "  {:>2}. line {} after {} moves: {}",
            at + 1,
            sample.line,
            sample.moves,
            sample.obf
        ));
    }
    let depth = options.depth as usize;
    // costs[algorithm][depth - 1], summed over positions; with a table, each
    // depth's counts are those of the whole deepening to it.
    let mut with_table = vec![vec![Cost::default(); depth]; WITH_TABLE.len()];
    let mut table: BoundsTable<Board> = BoundsTable::new(options.table_bits);
    if options.store_leaves {
        table = table.storing_leaves();
    }
    for sample in &samples {
        let mut values: Vec<Vec<i32>> = Vec::new();
        for (a, &algorithm) in WITH_TABLE.iter().enumerate() {
            table.clear();
            let mut search = Search::new(&StudyEval)
                .with_order(order_rank)
                .with_table(&mut table);
            let iterations = search
                .deepen(&sample.board, algorithm, options.depth, clock)
                .ok_or_else(|| CliError::failed("a search without a stop test stopped"))?;
            let mut total = Cost::default();
            for (d, iteration) in iterations.iter().enumerate() {
                total.counts += iteration.counts;
                total.ms += iteration.ms;
                let cost = &mut with_table[a][d];
                cost.counts += total.counts;
                cost.ms += total.ms;
                cost.calls_here += iteration.counts.calls;
                cost.most_calls = cost.most_calls.max(iteration.counts.calls);
            }
            values.push(iterations.iter().map(|i| i.value).collect());
        }
        check_values(&values, sample, |a| WITH_TABLE[a].to_string())?;
    }
    let plain_depth = |plain: Plain| match plain {
        Plain::Minimax => options.minimax_depth,
        Plain::Rules => options.rules_depth,
        _ => options.plain_depth,
    };
    let plain_most = Plain::ALL
        .iter()
        .map(|&p| plain_depth(p))
        .max()
        .unwrap_or(0) as usize;
    let mut plain = vec![vec![Cost::default(); plain_most]; Plain::ALL.len()];
    // By depth: positions where NegaScout evaluated fewer, as many, more
    // leaves than AlphaBeta.
    let mut against = vec![[0usize; 3]; plain_most];
    let rules = options.rules;
    let generator = move |board: &Board| rules.moves(board);
    for sample in &samples {
        let mut values: Vec<Vec<i32>> = Vec::new();
        let mut leaves = vec![[0u64; 2]; plain_most];
        for (p, &program) in Plain::ALL.iter().enumerate() {
            let mut found = Vec::new();
            for d in 1..=plain_depth(program) {
                let mut search = Search::new(&StudyEval).with_order(order_rank);
                let algorithm = match program {
                    Plain::Minimax => Algorithm::Minimax,
                    Plain::AlphaBeta => Algorithm::AlphaBeta,
                    Plain::NegaScout => Algorithm::NegaScout,
                    Plain::NegaScoutNoFailSafe => {
                        search = search.with_fail_safe(false);
                        Algorithm::NegaScout
                    }
                    Plain::Rules => {
                        search = search.with_moves(&generator);
                        Algorithm::AlphaBeta
                    }
                };
                let begin = clock.now_ms();
                let result = search
                    .run(&sample.board, d, algorithm)
                    .ok_or_else(|| CliError::failed("a search without a stop test stopped"))?;
                let cost = &mut plain[p][d as usize - 1];
                cost.counts += search.counts();
                cost.ms += clock.now_ms() - begin;
                found.push(result.value);
                match program {
                    Plain::AlphaBeta => leaves[d as usize - 1][0] = search.counts().leaves,
                    Plain::NegaScout => leaves[d as usize - 1][1] = search.counts().leaves,
                    _ => {}
                }
            }
            // The rules search another tree: their values are their own.
            if program != Plain::Rules {
                values.push(found);
            }
        }
        check_values(&values, sample, |a| Plain::ALL[a].name().to_string())?;
        for (d, tally) in against
            .iter_mut()
            .enumerate()
            .take(options.plain_depth as usize)
        {
            let [alpha_beta, negascout] = leaves[d];
            let at = match negascout.cmp(&alpha_beta) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 2,
            };
            tally[at] += 1;
        }
    }
    print_tables(host, &options, &with_table, &plain, &against, samples.len());
    let mut rows = Vec::new();
    for (a, costs) in with_table.iter().enumerate() {
        for (d, cost) in costs.iter().enumerate() {
            rows.push(row(true, d, WITH_TABLE[a].name(), cost));
        }
    }
    for (p, costs) in plain.iter().enumerate() {
        for (d, cost) in costs
            .iter()
            .enumerate()
            .take(plain_depth(Plain::ALL[p]) as usize)
        {
            let name = match Plain::ALL[p] {
                Plain::Minimax => "minimax",
                Plain::AlphaBeta => "alphabeta",
                Plain::NegaScout => "negascout",
                Plain::NegaScoutNoFailSafe => "negascout-no-fail-safe",
                Plain::Rules => "rules",
            };
            rows.push(row(false, d, name, cost));
        }
    }
    host.print(&summary::line(&json!({
        "command": "experiments",
        "experiment": "alphabeta-study",
        "games": options.games,
        "positions": samples.len(),
        "seed": options.seed,
        "discs": [*options.discs.start(), *options.discs.end()],
        "depth": options.depth,
        "table_bits": options.table_bits,
        "store_leaves": options.store_leaves,
        "rules": options.rules.to_string(),
        "rows": rows,
        "ms": summary::whole_ms(clock.now_ms() - start),
    })));
    Ok(())
}

/// One row of the summary: what `algorithm` cost at a depth (`d + 1`),
/// with or without a table.
fn row(table: bool, d: usize, algorithm: &'static str, cost: &Cost) -> Value {
    json!({
        "table": table,
        "depth": d + 1,
        "algorithm": algorithm,
        "leaves": cost.counts.leaves,
        "nodes": cost.counts.nodes,
        "calls": if table { cost.calls_here } else { cost.counts.calls },
        "ms": summary::whole_ms(cost.ms),
    })
}

/// Fails unless every list of values (one per algorithm, by depth) is the
/// first's as far as it goes.
fn check_values(values: &[Vec<i32>], sample: &Sample, name: impl Fn(usize) -> String) -> CliResult {
    let Some(reference) = values.first() else {
        return Ok(());
    };
    for (a, found) in values.iter().enumerate().skip(1) {
        for (d, (&value, &expected)) in found.iter().zip(reference).enumerate() {
            if value != expected {
                return Err(CliError::failed(format!(
                    "{} found {value} where {} found {expected} at depth {} in {}",
                    name(a),
                    name(0),
                    d + 1,
                    sample.obf
                )));
            }
        }
    }
    Ok(())
}

/// `part` of `whole` as a percentage with one decimal.
fn percent(part: f64, whole: f64) -> String {
    if whole > 0.0 {
        format!("{:.1}", 100.0 * part / whole)
    } else {
        "-".to_string()
    }
}

fn print_tables(
    host: &mut dyn Host,
    options: &Options,
    with_table: &[Vec<Cost>],
    plain: &[Vec<Cost>],
    against: &[[usize; 3]],
    positions: usize,
) {
    let baseline = WITH_TABLE
        .iter()
        .position(|&a| a == Algorithm::NegaScout)
        .unwrap_or(0);
    let names: Vec<String> = WITH_TABLE.iter().map(|a| a.to_string()).collect();
    type Measure = fn(&Cost) -> f64;
    let measures: [(&str, Measure); 3] = [
        ("leaf nodes", |c| c.counts.leaves as f64),
        ("total nodes", |c| c.counts.nodes as f64),
        ("time", |c| c.ms),
    ];
    host.print("");
    host.print(&format!(
        "With a table of 2^{} entries ({}), deepening from depth 1 (counts of the whole deepening), NegaScout = 100:",
        options.table_bits,
        if options.store_leaves {
            "leaves stored"
        } else {
            "leaves not stored"
        }
    ));
    for (measure, of) in measures {
        host.print("");
        host.print(&format!(
            "| depth | NegaScout {measure} | {} |",
            names.join(" | ")
        ));
        host.print(&format!("|---|---|{}", "---|".repeat(names.len())));
        for (d, base_cost) in with_table[baseline].iter().enumerate().skip(1) {
            let base = of(base_cost);
            let cells: Vec<String> = with_table
                .iter()
                .map(|c| percent(of(&c[d]), base))
                .collect();
            let shown = if measure == "time" {
                format!("{base:.0} ms")
            } else {
                format!("{base:.0}")
            };
            host.print(&format!("| {} | {shown} | {} |", d + 1, cells.join(" | ")));
        }
    }
    host.print("");
    host.print("Null-window calls of the root at the depth (mean per position, most):");
    host.print("");
    let drivers: Vec<usize> = (0..WITH_TABLE.len())
        .filter(|&a| WITH_TABLE[a].is_driver())
        .collect();
    let driver_names: Vec<String> = drivers.iter().map(|&a| names[a].clone()).collect();
    host.print(&format!("| depth | {} |", driver_names.join(" | ")));
    host.print(&format!("|---|{}", "---|".repeat(drivers.len())));
    for d in (1..options.depth as usize).take_while(|&d| d < with_table[baseline].len()) {
        let cells: Vec<String> = drivers
            .iter()
            .map(|&a| &with_table[a][d])
            .map(|cost| {
                format!(
                    "{:.1} ({})",
                    cost.calls_here as f64 / positions as f64,
                    cost.most_calls
                )
            })
            .collect();
        host.print(&format!("| {} | {} |", d + 1, cells.join(" | ")));
    }
    host.print("");
    host.print(&format!(
        "Without a table, one search at the depth (the study's programs; the rules: {}), NegaScout = 100:",
        options.rules
    ));
    host.print("");
    let plain_baseline = Plain::ALL
        .iter()
        .position(|&p| p == Plain::NegaScout)
        .unwrap_or(0);
    let plain_names: Vec<&str> = Plain::ALL.iter().map(|p| p.name()).collect();
    host.print(&format!(
        "| depth | NegaScout leaf nodes | {} | NegaScout against AlphaBeta: fewer, as many, more leaves (positions) | mean nodes: {} |",
        plain_names.join(" | "),
        plain_names.join(" | ")
    ));
    host.print(&format!(
        "|---|---|{}---|",
        "---|".repeat(2 * plain_names.len())
    ));
    let rows = plain.iter().map(Vec::len).max().unwrap_or(0);
    for d in 0..rows {
        let base = plain[plain_baseline]
            .get(d)
            .map_or(0.0, |c| c.counts.leaves as f64);
        let known = |c: &Cost| c.counts.nodes > 0;
        let leaves: Vec<String> = plain
            .iter()
            .map(|costs| match costs.get(d).filter(|c| known(c)) {
                Some(cost) => percent(cost.counts.leaves as f64, base),
                None => "-".to_string(),
            })
            .collect();
        let nodes: Vec<String> = plain
            .iter()
            .map(|costs| match costs.get(d).filter(|c| known(c)) {
                Some(cost) => format!("{:.0}", cost.counts.nodes as f64 / positions as f64),
                None => "-".to_string(),
            })
            .collect();
        let shown_base = if base > 0.0 {
            format!("{base:.0}")
        } else {
            "-".to_string()
        };
        let tally = match against.get(d) {
            Some(&[fewer, same, more]) if fewer + same + more > 0 => {
                format!("{fewer}, {same}, {more}")
            }
            _ => "-".to_string(),
        };
        host.print(&format!(
            "| {} | {shown_base} | {} | {tally} | {} |",
            d + 1,
            leaves.join(" | "),
            nodes.join(" | ")
        ));
    }
    host.print("");
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = include_str!("../../../../tests/data/wthor-first-games.txt");

    #[test]
    fn positions_are_drawn_from_the_games_with_the_discs_asked() {
        let samples = pick_positions(GAMES, 8, 7, &(20..=40)).unwrap();
        assert_eq!(samples.len(), 8);
        for sample in &samples {
            let discs = 64 - sample.board.empty_count();
            assert!((20..=40).contains(&discs), "{discs}");
            assert_eq!(discs as usize, sample.moves + 4);
            assert!(sample.board.moves() != 0);
        }
        let again = pick_positions(GAMES, 8, 7, &(20..=40)).unwrap();
        assert!(samples.iter().zip(&again).all(|(a, b)| a.board == b.board));
        assert!(pick_positions(GAMES, 400, 7, &(20..=40)).is_err());
    }
}
