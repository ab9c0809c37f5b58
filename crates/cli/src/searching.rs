//! `solve`, `search` and `analyze`: the search as the command line runs it.

use othello::board::Status;
use othello::engine::Engine;
use othello::notation::{self, obf};
use othello::players::{Player, Spec};
use othello::position::{Move, Position};
use othello::rng::Rng;
use othello::score::ScoreKind;
use othello::search::{MoveScore, Observer, Progress, Silent, Solve};
use othello::settings::{self, OptionsReader, SearchOptions, Setting, TableReader, Value};

use othello::clock::Clock;

use super::args::{Command, Flag, Word};
use super::{summary, CliError, CliResult, Host};
use serde::Serialize;

/// A search's limits: when it stops.
const LIMIT_FLAGS: [Flag; 7] = [
    setting_flag(Setting::Depth),
    setting_flag(Setting::TimeMs),
    setting_flag(Setting::Nodes),
    setting_flag(Setting::Exact),
    setting_flag(Setting::Wld),
    setting_flag(Setting::Level),
    setting_flag(Setting::Confidence),
];

/// The engine a command makes: its evaluation, table and threads.
pub(crate) const ENGINE_FLAGS: [Flag; 3] = [
    setting_flag(Setting::Evaluation),
    setting_flag(Setting::TableMb),
    setting_flag(Setting::Threads),
];

/// The opening book's moves: off, or drawn among those near the best.
pub(crate) const BOOK_FLAGS: [Flag; 3] = [
    setting_flag(Setting::BookVariety),
    setting_flag(Setting::BookSeed),
    NO_BOOK_FLAG,
];

/// What `solve` takes besides the engine: a solve (exact, or with `--wld`
/// win/loss/draw), which a time or nodes may cut short; never the book.
const SOLVE_FLAGS: [Flag; 4] = [
    setting_flag(Setting::Exact),
    setting_flag(Setting::Wld),
    setting_flag(Setting::TimeMs),
    setting_flag(Setting::Nodes),
];

/// `--no-book`.
const NO_BOOK_FLAG: Flag = Flag::switch(NO_BOOK, "answer from the search, never the opening book");

/// The option of a search setting, with its value's name and its help: one
/// text a setting, whichever command lists it.
pub const fn setting_flag(setting: Setting) -> Flag {
    let (value, about) = match setting {
        Setting::Depth => (Some("N"), "deepest midgame iteration, 1-60"),
        Setting::TimeMs => (Some("MS"), "the time the search may take, in milliseconds"),
        Setting::Nodes => (Some("N"), "the nodes after which the search stops"),
        Setting::Exact => (None, "stop once the exact score is proven"),
        Setting::Wld => (None, "stop once win, loss or draw is proven"),
        Setting::Level => (
            Some("1-30"),
            "a playing level: depth, confidence and the solves at once",
        ),
        Setting::Confidence => (
            Some("C"),
            "the selective cuts' confidence: 100, 99, 98, 95, 87 or 73",
        ),
        Setting::ExactFrom => (Some("E"), "solve exactly from E empties"),
        Setting::WldFrom => (Some("E"), "solve win/loss/draw from E empties"),
        Setting::SelectiveFrom => (
            Some("E"),
            "search to the end with the endgame's selective cuts from E empties",
        ),
        Setting::Evaluation => (
            Some("E"),
            "the evaluation: pattern, standin or file:<table>",
        ),
        Setting::TableMb => (Some("MB"), "the transposition table's size in MiB"),
        Setting::Clock => (Some("MS"), "a game clock for each side, in milliseconds"),
        Setting::Increment => (Some("MS"), "time added to the clock after each move"),
        Setting::Book => (
            Some("B"),
            "the opening book: true, false or file:<book.bin>",
        ),
        Setting::BookVariety => (
            Some("D"),
            "book moves within D discs of the best may be played",
        ),
        Setting::BookSeed => (Some("S"), "the seed that draws among those book moves"),
        Setting::Threads => (
            Some("N"),
            "search threads (natively every core unless given; the Node CLI one unless given)",
        ),
        Setting::Lines => (Some("1-5"), "analyze: the best N moves, each with its line"),
    };
    Flag::setting(setting, value, about)
}

/// The option that turns the opening book off.
const NO_BOOK: &str = "no-book";

/// `--board 8|96`, read before the command's own options.
pub(crate) const BOARD_FLAG: Flag = Flag::value(
    "board",
    "8|96",
    "the board: 8 (the default) or 96, the CS 221 report's 96 squares",
);

/// `solve`.
pub(crate) const SOLVE: Command = Command {
    name: "solve",
    about: "solves each position of an OBF file exactly (or win/loss/draw) and checks the scores it gives",
    usage: &["solve <file.obf> [--wld] [--table-mb N] [--threads N] [--eval E]"],
    notes: "Each line of the file is a board, the side to move and optionally the best moves and scores;\nnatively solve uses every core unless --threads says otherwise.",
    flags: &[&SOLVE_FLAGS, &ENGINE_FLAGS],
};

/// `search`.
pub(crate) const SEARCH: Command = Command {
    name: "search",
    about: "the engine's best move in a position, deepening as the limits say",
    usage: &[
        "search <position or transcript> [--depth N] [--time-ms N] [--nodes N] [--exact | --wld] [--level L] ...",
        "search <position or transcript> --player <spec> [--seed S]",
    ],
    notes: "A position: a transcript (f5d6c3...), an OBF line (64 squares of X, O and -, then the side to move)\nor a GGF record.\n--player: the move a player makes: random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>,\n  iago:<depth>, bill:<depth>, study-minimax|study-alphabeta|study-negascout:<difficulty>,\n  study-rules:<difficulty>[:<rules>], engine:<key=value,...>; --seed feeds random.\nWithout a limit the search plays at the default level.",
    flags: &[
        &LIMIT_FLAGS,
        &ENGINE_FLAGS,
        &BOOK_FLAGS,
        &[
            Flag::value(PLAYER, "<spec>", "the move this player makes instead of the engine's search"),
            Flag::value("seed", "S", "with --player: the random player's seed (0 unless given)"),
            BOARD_FLAG,
        ],
    ],
};

/// `analyze`.
pub(crate) const ANALYZE: Command = Command {
    name: "analyze",
    about: "every legal move's score, or with --lines N the best N moves with their lines",
    usage: &["analyze <position or transcript> [--depth N] [--time-ms N] [--nodes N] [--exact | --wld] [--lines N] ..."],
    notes: "",
    flags: &[
        &LIMIT_FLAGS,
        &ENGINE_FLAGS,
        // The book gives its moves' values (no variety among them).
        &[setting_flag(Setting::Lines), NO_BOOK_FLAG],
        &[BOARD_FLAG],
    ],
};

/// Options shared by the searching subcommands.
pub(crate) struct Options {
    /// The arguments that are not options.
    pub(crate) positional: Vec<String>,
    /// The search settings read from the options.
    pub(crate) search: SearchOptions,
}

impl Options {
    fn table_mb(&self) -> usize {
        self.search
            .table_mb
            .unwrap_or(othello::engine::DEFAULT_TABLE_MB)
    }

    /// A new engine with the options' table size, evaluation, book and threads
    /// (`solve`, `search` and `analyze`: every core of the machine unless
    /// `--threads` says otherwise; in wasm the threads its host started, one
    /// unless the Node CLI was given `--threads`).
    pub(crate) fn engine(&self, host: &dyn Host) -> CliResult<Engine> {
        let mut engine = Engine::try_new(self.table_mb()).map_err(CliError::from)?;
        use_host_threads(&mut engine, host);
        engine.set_evaluation(self.search.evaluation);
        engine.set_book(self.search.book);
        engine.set_threads(self.search.threads.unwrap_or_else(machine_threads));
        Ok(engine)
    }

    /// The threads given, else one (`bench`, `soak` and `nboard`, whose
    /// figures must not depend on the machine's cores).
    pub(crate) fn threads_or_one(&self) -> usize {
        self.search.threads.unwrap_or(1)
    }
}

/// Gives `engine` the host's thread pool, where the host has one (the Node
/// tool's helpers); natively the engine keeps its own.
pub(crate) fn use_host_threads(engine: &mut Engine, host: &dyn Host) {
    if let Some(pool) = host.thread_pool() {
        engine.set_thread_pool(Some(pool));
    }
}

/// The cores of this machine (1 where that cannot be known, and in wasm).
pub(crate) fn machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Reads an evaluation table file (`--eval file:<path>`), natively.
#[cfg(not(target_arch = "wasm32"))]
const TABLES: Option<TableReader> = Some(|path| std::fs::read(path));
/// The Node tool reads no table files.
#[cfg(target_arch = "wasm32")]
const TABLES: Option<TableReader> = None;

/// Reads the options of a command that takes search settings: those its
/// definition lists, read by the engine's settings reader; other words are
/// positional.
pub(crate) fn parse_options(command: &Command, args: &[String]) -> CliResult<Options> {
    refuse_lines(command, args)?;
    read_options(command, command.parse(args)?)
}

/// A search that is not an analysis (a command that takes `--exact` and not
/// `--lines`) answers `--lines` with what it is for, rather than as an
/// unknown option.
fn refuse_lines(command: &Command, args: &[String]) -> CliResult {
    let takes = |name: &str| command.options().any(|flag| flag.name == name);
    let lines = Setting::Lines.name();
    let given = args.iter().any(|arg| {
        arg.strip_prefix("--")
            .is_some_and(|rest| rest.split('=').next() == Some(lines))
    });
    if given && takes(Setting::Exact.name()) && !takes(lines) {
        return Err(CliError::from(
            settings::OptionError::LinesOutsideAnalysis {
                lines: settings::flags(Setting::Lines),
            },
        ));
    }
    Ok(())
}

/// Reads the settings among `words` (of `command`): each option a setting
/// of the engine's settings reader, or `--no-book`.
pub(crate) fn read_options(command: &Command, words: Vec<Word>) -> CliResult<Options> {
    let mut reader = OptionsReader::new(settings::flags);
    if let Some(tables) = TABLES {
        reader = reader.with_tables(tables);
    }
    let mut positional = Vec::new();
    for word in words {
        let (name, value) = match &word {
            Word::Positional(text) => {
                positional.push(text.clone());
                continue;
            }
            Word::Switch(NO_BOOK) => (NO_BOOK, Value::Flag(false)),
            Word::Switch(name) => (*name, Value::Flag(true)),
            Word::Option(name, value) => (*name, Value::Word(value)),
        };
        let setting = match name {
            NO_BOOK => Setting::Book,
            _ => Setting::named(name)
                .ok_or_else(|| command.error(format!("--{name} is taken only with --{PLAYER}")))?,
        };
        reader.read(setting, value).map_err(CliError::from)?;
    }
    let search = reader.finish().map_err(CliError::from)?;
    Ok(Options { positional, search })
}

/// The position named by the positional arguments (an OBF line may come as two words).
fn position_argument(words: &[String], command: &str) -> CliResult<Position> {
    if words.is_empty() {
        return Err(CliError::usage(format!(
            "{command}: missing <position or transcript>"
        )));
    }
    let text = words.join(" ");
    notation::parse_game(&text)
        .map(|game| game.position())
        .map_err(|e| CliError::input("", e))
}

fn move_name(mv: Option<Move>) -> String {
    mv.map_or_else(|| "--".to_string(), |m| m.to_string())
}

fn pv_text(pv: &[Move]) -> String {
    pv.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
}

/// Prints each completed iteration once.
struct Printer<'h> {
    host: &'h mut dyn Host,
    last: Option<(u32, i32, Option<Move>)>,
}

impl Observer for Printer<'_> {
    fn progress(&mut self, p: &Progress) {
        let key = (p.depth, p.score, p.best);
        if self.last == Some(key) {
            return;
        }
        self.last = Some(key);
        self.host.print(&format!(
            "depth {:>2} {:<5} score {:+3} best {} pv {}",
            p.depth,
            match p.kind {
                ScoreKind::Depth => "",
                kind => kind.name(),
            },
            p.score,
            move_name(p.best),
            pv_text(&p.pv)
        ));
    }
}

/// `search <position> [limits]`, or `search <position> --player <spec>
/// [--seed S]`: the move the player makes there.
pub fn run_search(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    refuse_lines(&SEARCH, args)?;
    let words = SEARCH.parse(args)?;
    if words
        .iter()
        .any(|word| matches!(word, Word::Option(PLAYER, _)))
    {
        return run_player(words, host, clock);
    }
    let options = read_options(&SEARCH, words)?;
    let position = position_argument(&options.positional, "search")?;
    let mut engine = options.engine(host)?;
    let limits = options.search.or_default_level().limits;
    let start = clock.now_ms();
    let result = {
        let mut printer = Printer { host, last: None };
        engine.search(&position.board, &limits, clock, &mut printer)
    };
    let ms = clock.now_ms() - start;
    #[derive(Serialize)]
    struct SearchSummary {
        command: &'static str,
        best: String,
        score: i32,
        kind: &'static str,
        depth: u32,
        confidence: u32,
        pv: String,
        #[serde(flatten)]
        timing: summary::Timing,
    }
    host.print(&summary::line(&SearchSummary {
        command: "search",
        best: move_name(result.best),
        score: result.score,
        kind: result.kind.name(),
        depth: result.depth,
        confidence: result.confidence,
        pv: pv_text(&result.pv),
        timing: summary::Timing::of(result.nodes, ms),
    }));
    Ok(())
}

/// The option of `search` that names a player instead of the engine.
const PLAYER: &str = "player";

/// `search <position> --player <spec> [--seed S]`: the move the player a
/// spec names (the package's `playerMove`) makes; `--seed` feeds the random
/// player (0 unless given). A player's spec holds its settings, so no
/// search setting is taken beside it.
fn run_player(words: Vec<Word>, host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let mut spec = None;
    let mut seed: u64 = 0;
    let mut positional = Vec::new();
    for word in words {
        match word {
            Word::Option(PLAYER, value) => spec = Some(value),
            Word::Option("seed", text) => {
                seed = text
                    .parse()
                    .ok()
                    .filter(|seed| settings::BOOK_SEEDS.contains(seed))
                    .ok_or_else(|| {
                        SEARCH.error(format!(
                            "--seed must be a whole number from 0 to {}, got '{text}'",
                            settings::MAX_EXACT_WHOLE
                        ))
                    })?;
            }
            Word::Option(name, _) | Word::Switch(name) => {
                return Err(SEARCH.error(format!(
                    "--{name} is not taken with --player (a player's spec holds its settings)"
                )))
            }
            Word::Positional(text) => positional.push(text),
        }
    }
    let text = spec.unwrap_or_default();
    let spec = Spec::parse_with_tables(&text, TABLES).map_err(|e| CliError::input("", e))?;
    let position = position_argument(&positional, "search")?;
    if position.status() == Status::GameOver {
        return Err(CliError::invalid(
            "",
            "the game is over: no player can move",
        ));
    }
    let mut player = Player::new(spec).map_err(CliError::from)?;
    let start = clock.now_ms();
    let mv = player.choose(&position, &mut Rng::new(seed), clock);
    let ms = clock.now_ms() - start;
    host.print(&format!("{}: {mv}", spec));
    #[derive(Serialize)]
    struct PlayerSummary {
        command: &'static str,
        player: String,
        best: String,
        seed: u64,
        ms: u64,
    }
    host.print(&summary::line(&PlayerSummary {
        command: "search",
        player: spec.to_string(),
        best: mv.to_string(),
        seed,
        ms: summary::whole_ms(ms),
    }));
    Ok(())
}

/// A move of an analysis, as its summary lists it.
#[derive(Serialize)]
struct MoveSummary {
    #[serde(rename = "move")]
    mv: String,
    score: i32,
    kind: &'static str,
    depth: u32,
    confidence: u32,
}

impl MoveSummary {
    fn of(m: &MoveScore) -> MoveSummary {
        MoveSummary {
            mv: m.mv.to_string(),
            score: m.score,
            kind: m.kind.name(),
            depth: m.depth,
            confidence: m.confidence,
        }
    }
}

/// `analyze <position> [limits]`: every move's score, or with `--lines N`
/// the best N moves with their lines.
pub fn run_analyze(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = read_options(&ANALYZE, ANALYZE.parse(args)?)?;
    let position = position_argument(&options.positional, "analyze")?;
    let mut engine = options.engine(host)?;
    let limits = options.search.or_default_level().limits;
    if limits.lines > 0 {
        return run_lines(&position, &mut engine, &limits, host, clock);
    }
    let start = clock.now_ms();
    let analysis = engine.analyze(&position.board, &limits, clock, &mut Silent);
    let ms = clock.now_ms() - start;
    for m in &analysis.moves {
        host.print(&format!(
            "{:<3} {:+3} {}",
            m.mv.to_string(),
            m.score,
            found_at(m.kind, m.depth)
        ));
    }
    #[derive(Serialize)]
    struct AnalyzeSummary {
        command: &'static str,
        moves: Vec<MoveSummary>,
        #[serde(flatten)]
        timing: summary::Timing,
    }
    host.print(&summary::line(&AnalyzeSummary {
        command: "analyze",
        moves: analysis.moves.iter().map(MoveSummary::of).collect(),
        timing: summary::Timing::of(analysis.nodes, ms),
    }));
    Ok(())
}

/// How a score was found, as the analysis prints it: `depth 12`, `exact`.
fn found_at(kind: ScoreKind, depth: u32) -> String {
    match kind {
        ScoreKind::Depth => format!("depth {depth}"),
        kind => kind.name().to_string(),
    }
}

/// A line of a multi-line analysis, as its summary lists it.
#[derive(Serialize)]
struct LineSummary {
    #[serde(rename = "move")]
    mv: String,
    score: i32,
    kind: &'static str,
    depth: u32,
    confidence: u32,
    pv: String,
}

/// Prints the lines of each completed iteration once.
struct LinesPrinter<'h> {
    host: &'h mut dyn Host,
    last: Option<(u32, ScoreKind, u32)>,
}

impl Observer for LinesPrinter<'_> {
    fn progress(&mut self, p: &Progress) {
        let key = (p.depth, p.kind, p.confidence);
        if p.lines.is_empty() || self.last == Some(key) {
            return;
        }
        self.last = Some(key);
        let lines: Vec<String> = p
            .lines
            .iter()
            .map(|line| format!("{} {:+}", line.mv, line.score))
            .collect();
        self.host.print(&format!(
            "depth {:>2} {:<5} lines {}",
            p.depth,
            match p.kind {
                ScoreKind::Depth => "",
                kind => kind.name(),
            },
            lines.join(", ")
        ));
    }
}

/// `analyze <position> --lines N [limits]`: the best N moves, each with
/// its score and line, deepening as the limits say.
fn run_lines(
    position: &Position,
    engine: &mut Engine,
    limits: &othello::search::Limits,
    host: &mut dyn Host,
    clock: &dyn Clock,
) -> CliResult {
    let start = clock.now_ms();
    let result = {
        let mut printer = LinesPrinter { host, last: None };
        engine.analyze_lines(&position.board, limits, clock, &mut printer)
    };
    let ms = clock.now_ms() - start;
    for (rank, line) in result.lines.iter().enumerate() {
        host.print(&format!(
            "{} {:<3} {:+3} {} pv {}",
            rank + 1,
            line.mv.to_string(),
            line.score,
            found_at(line.kind, line.depth),
            pv_text(&line.pv)
        ));
    }
    #[derive(Serialize)]
    struct LinesSummary {
        command: &'static str,
        lines: Vec<LineSummary>,
        #[serde(flatten)]
        timing: summary::Timing,
    }
    host.print(&summary::line(&LinesSummary {
        command: "analyze",
        lines: result
            .lines
            .iter()
            .map(|line| LineSummary {
                mv: line.mv.to_string(),
                score: line.score,
                kind: line.kind.name(),
                depth: line.depth,
                confidence: line.confidence,
                pv: pv_text(&line.pv),
            })
            .collect(),
        timing: summary::Timing::of(result.nodes, ms),
    }));
    Ok(())
}

/// Whether `found` (move, score) is right for the file's scores.
fn is_correct(found: (Option<Move>, i32), scores: &[(Move, i32)], wld: bool) -> bool {
    let Some(best) = scores.iter().map(|&(_, s)| s).max() else {
        return false;
    };
    let (mv, score) = found;
    let same = |a: i32, b: i32| {
        if wld {
            a.signum() == b.signum()
        } else {
            a == b
        }
    };
    same(score, best) && scores.iter().any(|&(m, s)| Some(m) == mv && same(s, best))
}

/// `solve <file.obf> [--wld]`: every position of the file solved.
pub fn run_solve(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let options = parse_options(&SOLVE, args)?;
    let [path] = options.positional.as_slice() else {
        return Err(CliError::usage("solve: expected exactly one <file.obf>"));
    };
    let wld = options.search.limits.solve == Solve::WinLossDraw;
    let mut limits = options.search.limits;
    if !wld {
        limits.solve = Solve::Exact;
    }
    let text = host.read_file(path)?;
    let mut engine = options.engine(host)?;
    // A solve proves its score: never a book value.
    engine.set_book(None);
    let evaluation = options.search.evaluation;
    // The tables are decoded before the first position's clock starts.
    let start = clock.now_ms();
    evaluation.evaluate(&othello::board::Board::START);
    host.print(&format!(
        "evaluation {} ready in {} ms",
        evaluation.name(),
        (clock.now_ms() - start).round() as u64
    ));
    let (mut positions, mut correct, mut nodes, mut total_ms) = (0, 0, 0u64, 0.0);
    let is_position = |line: &str| !(line.trim().is_empty() || line.trim_start().starts_with('#'));
    let total = text.lines().filter(|line| is_position(line)).count() as u64;
    for (index, line) in text.lines().enumerate() {
        if !is_position(line) {
            continue;
        }
        let problem =
            obf::parse(line).map_err(|e| CliError::input(format!("{path}:{}", index + 1), e))?;
        engine.clear();
        let start = clock.now_ms();
        let result = engine.search(&problem.position.board, &limits, clock, &mut Silent);
        let ms = clock.now_ms() - start;
        let ok = is_correct((result.best, result.score), &problem.scores, wld);
        positions += 1;
        correct += usize::from(ok);
        nodes += result.nodes;
        total_ms += ms;
        host.print(&format!(
            "#{:<3} {:<3} {:+3} {:<5} {:<5} nodes {:>12} ms {:>8} nodes/s {:>11}",
            positions,
            move_name(result.best),
            result.score,
            result.kind.name(),
            if ok { "ok" } else { "WRONG" },
            result.nodes,
            ms.round() as u64,
            crate::nodes_per_second(result.nodes, ms)
        ));
        host.progress("solve", positions as u64, total);
    }
    host.print(&format!(
        "total {correct}/{positions} ok nodes {nodes:>12} ms {:>8} nodes/s {:>11}",
        total_ms.round() as u64,
        crate::nodes_per_second(nodes, total_ms)
    ));
    #[derive(Serialize)]
    struct SolveSummary {
        command: &'static str,
        positions: u64,
        correct: u64,
        /// The threads the search ran on.
        threads: usize,
        #[serde(flatten)]
        timing: summary::Timing,
    }
    host.print(&summary::line(&SolveSummary {
        command: "solve",
        positions: positions as u64,
        correct: correct as u64,
        threads: engine.threads(),
        timing: summary::Timing::of(nodes, total_ms),
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_starting_with_empty_squares_are_positions() {
        let board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let options = parse_options(
            &SEARCH,
            &[board.to_string(), "--depth".to_string(), "3".to_string()],
        )
        .unwrap();
        assert_eq!(options.positional, [board]);
        assert_eq!(options.search.limits.depth, Some(3));
        assert!(parse_options(&SEARCH, &["--fast".to_string()]).is_err());
    }
}
