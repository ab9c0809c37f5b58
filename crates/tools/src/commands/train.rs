//! `train` (native only): the evaluation's training tool.

use othello_cli::args::{Command, Flag, Parsed};
use othello_cli::{summary, CliError, CliResult};
use serde_json::json;

use crate::training::wthor::read_games;
use othello::clock::Clock;
use othello::notation::obf;
use othello::position::{Color, Position};
use othello::search::{probcut, Limits};
use othello::settings::{self, SearchOptions, Setting, Spelling};

use super::args;
use crate::progress::Bar;

use othello_cli::Host;

/// `train heldout --games <file> --count N --out <file.obf> [--min-empties A]
/// [--max-empties B]`: positions of held-out games with A..=B empties
/// (cycling through them, one per game), each with its exact best move and score.
fn run_heldout(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    use othello::engine::Engine;
    use othello::search::{Limits, Silent, Solve};
    let o = options(&STEP_HELDOUT, args)?;
    let count = number(&o, "count", 300usize)?;
    let low = number(&o, "min-empties", 20u32)?;
    let high = number(&o, "max-empties", 24u32)?;
    let (out, games) = (o.value("out"), o.value("games"));
    o.finish()?;
    let out = required("heldout", out, "out")?;
    let games = read_games(required("heldout", games, "games")?)?;
    let start = clock.now_ms();
    let mut engine = Engine::new(64);
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    let mut lines = String::new();
    let mut empties = low;
    let mut written = 0;
    for (index, game) in games.iter().enumerate() {
        if written == count {
            break;
        }
        if !crate::training::is_heldout(index) {
            continue;
        }
        let positions = game.positions();
        let Some((ply, p)) = positions
            .iter()
            .enumerate()
            .find(|(_, p)| p.board.empty_count() == empties)
        else {
            continue;
        };
        let result = engine.search(&p.board, &limits, clock, &mut Silent);
        let Some(best) = result.best else { continue };
        let color = if ply_color_is_black(&positions[..=ply]) {
            Color::Black
        } else {
            Color::White
        };
        let (black, white) = match color {
            Color::Black => (p.board.player, p.board.opponent),
            Color::White => (p.board.opponent, p.board.player),
        };
        let position = Position::from_colors(black, white, color)
            .ok_or_else(|| CliError::usage("train heldout: overlapping discs"))?;
        let obf = obf::Obf {
            position,
            scores: vec![(best, result.score)],
        };
        lines.push_str(&obf::write(&obf));
        lines.push('\n');
        written += 1;
        empties = if empties == high { low } else { empties + 1 };
    }
    std::fs::write(out, lines).map_err(|e| CliError::file(format!("train heldout: {out}"), e))?;
    let ms = clock.now_ms() - start;
    host.print(&summary::line(&json!({
        "command": "train heldout",
        "positions": written,
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}

/// Whether Black is to move at the last of `positions` (a game's positions
/// from the start): the side changes at each move unless the next side passed.
fn ply_color_is_black(positions: &[crate::training::wthor::GamePosition]) -> bool {
    let mut black = true;
    for pair in positions.windows(2) {
        let (parent, child) = (pair[0].board, pair[1].board);
        let same = parent.player != 0 && child.player & parent.player == parent.player;
        if !same {
            black = !black;
        }
    }
    black
}

/// `train solve --games <file> --empties E --out <file> [--threads N]`:
/// exact scores of every training game's endgame from `E` empties.
fn run_solve(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    let o = options(&STEP_SOLVE, args)?;
    let empties = number(&o, "empties", 16u32)?;
    let threads = number(&o, "threads", 2usize)?;
    let limit = number(&o, "limit", usize::MAX)?;
    let (out, games) = (o.value("out"), o.value("games"));
    o.finish()?;
    let out = required("solve", out, "out")?;
    let games = read_games(required("solve", games, "games")?)?;
    let games: Vec<_> = games.into_iter().take(limit).collect();
    let start = clock.now_ms();
    let total = games.len();
    let bar = Bar::new("train solve", total as u64);
    let solved = crate::training::solve::solve_games(&games, empties, threads, &|done| {
        bar.set(done as u64, || format!("train solve: {done}/{total} games"));
    });
    drop(bar);
    std::fs::write(out, crate::training::labels::write_labels(&solved))
        .map_err(|e| CliError::file(format!("train solve: {out}"), e))?;
    let ms = clock.now_ms() - start;
    host.print(&summary::line(&json!({
        "command": "train solve",
        "games": total,
        "empties": empties,
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}

/// `train search --games <file> --out <file> [--most-empties 36]
/// [--least-empties 17] [--depth 7] [--confidence 95] [--eval <name>]
/// [--threads N] [--limit N]`: search labels (with the built-in evaluation,
/// or `file:<table>`) of every game's positions in that range of empties,
/// for `train fit --searched`.
fn run_search(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    use crate::training::searched::{label_game, SearchLabels};
    let o = options(&STEP_SEARCH, args)?;
    let search = search_options(
        "search",
        &o,
        &[Setting::Depth, Setting::Confidence, Setting::Evaluation],
        settings::flags,
        limited(7, 95),
    )?;
    let evaluation = search.evaluation;
    let (out, games) = (o.value("out"), o.value("games"));
    let settings = SearchLabels {
        most_empties: number(&o, "most-empties", 36u32)?,
        least_empties: number(&o, "least-empties", 17u32)?,
        depth: search.limits.depth.unwrap_or(7),
        selectivity: search.limits.selectivity,
    };
    if settings.least_empties > settings.most_empties {
        return Err(CliError::usage(
            "train search: expected --least-empties <= --most-empties",
        ));
    }
    let threads = number(&o, "threads", 2usize)?;
    let limit = number(&o, "limit", usize::MAX)?;
    o.finish()?;
    let out = required("search", out, "out")?;
    let games = read_games(required("search", games, "games")?)?;
    let games: Vec<_> = games.into_iter().take(limit).collect();
    let start = clock.now_ms();
    let total = games.len();
    let bar = Bar::new("train search", total as u64);
    let labels = crate::training::labels::label_games(
        &games,
        threads,
        4,
        &|done| {
            bar.set(done as u64, || {
                format!("train search: {done}/{total} games")
            })
        },
        &|engine, game| {
            engine.set_evaluation(evaluation);
            label_game(engine, game, &settings)
        },
    );
    std::fs::write(out, crate::training::labels::write_labels(&labels))
        .map_err(|e| CliError::file(format!("train search: {out}"), e))?;
    let positions: usize = labels.iter().map(|l| l.scores.len()).sum();
    let ms = clock.now_ms() - start;
    host.print(&summary::line(&json!({
        "command": "train search",
        "games": total,
        "positions": positions,
        "depth": settings.depth,
        "confidence": probcut::confidence(settings.selectivity),
        "eval": evaluation.name(),
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}

/// `train fit --games <file> --labels <file> --out <file> [--stages N]
/// [--epochs N] [--ridge X] [--smoothing N] [--min-count N] [--threads N]
/// [--extra <self-play examples: a file, or a folder whose `*.txt` and
/// `*.txt.gz` files are read in name order; several, separated by commas,
/// are read in the order given>] [--extra-weight <times each
/// self-play example counts, default 1>] [--deeper <labels of the first games,
/// solved from more empties>] [--searched <search labels, `train search`>] [--obf <exact positions to score the table on>]`.
fn run_fit(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    use crate::training::{dataset, fit, labels};
    let o = options(&STEP_FIT, args)?;
    let defaults = fit::FitOptions::default();
    let fit_options = fit::FitOptions {
        stages: number(&o, "stages", defaults.stages)?,
        epochs: number(&o, "epochs", defaults.epochs)?,
        ridge: number(&o, "ridge", defaults.ridge)?,
        smoothing: number(&o, "smoothing", defaults.smoothing)?,
        min_count: number(&o, "min-count", defaults.min_count)?,
    };
    let threads = number(&o, "threads", 2usize)?;
    let (extra, extra_weight) = (o.value("extra"), number(&o, "extra-weight", 1usize)?);
    let (games, labels_path, out) = (o.value("games"), o.value("labels"), o.value("out"));
    let (deeper, searched, obf) = (o.value("deeper"), o.value("searched"), o.value("obf"));
    o.finish()?;
    let (games, labels_path, out) = (
        required("fit", games, "games")?,
        required("fit", labels_path, "labels")?,
        required("fit", out, "out")?,
    );
    if extra.is_none() && o.given("extra-weight") {
        return Err(CliError::usage("train fit: --extra-weight needs --extra"));
    }
    let start = clock.now_ms();
    let (extra, extra_weight) = read_extra(extra, extra_weight)?;
    let games = read_games(games)?;
    let text = read_text("fit", labels_path)?;
    let mut solved = labels::read_labels(&text)?;
    if let Some(path) = deeper {
        // Labels solved from more empties for the first games replace theirs.
        let text = read_text("fit", path)?;
        let deeper = labels::read_labels(&text)?;
        if deeper.len() > solved.len() {
            return Err(CliError::usage(format!(
                "train fit: {path} has more games than --labels"
            )));
        }
        solved.splice(..deeper.len(), deeper);
    }
    if solved.len() != games.len() {
        return Err(CliError::usage(format!(
            "train fit: {} labels for {} games",
            solved.len(),
            games.len()
        )));
    }
    let searched = match searched {
        Some(path) => {
            let values = labels::read_labels(&read_text("fit", path)?)?;
            if values.len() != games.len() {
                return Err(CliError::usage(format!(
                    "train fit: {path} has {} games, the database {}",
                    values.len(),
                    games.len()
                )));
            }
            values
        }
        None => Vec::new(),
    };
    let (train_games, train_solved) = (held_out(&games, false), held_out(&solved, false));
    let (test_games, test_solved) = (held_out(&games, true), held_out(&solved, true));
    let mut examples = dataset::examples(&train_games, &train_solved, &held_out(&searched, false));
    for _ in 0..extra_weight {
        examples.extend_from_slice(&extra);
    }
    let tests = dataset::examples(&test_games, &test_solved, &held_out(&searched, true));
    eprintln!(
        "train fit: {} training examples, {} held-out",
        examples.len(),
        tests.len()
    );
    let set = fit::feature_set(&examples, fit_options.stages);
    let weights = fit::fit(&set, &fit_options, threads);
    let values = fit::quantize(&weights);
    let table = othello::eval::weights::Weights::from_representatives(fit_options.stages, &values)
        .map_err(|e| CliError::input("train fit", e))?;
    report_errors(host, &table, &examples, &tests);
    let bytes = othello::eval::write_table(fit_options.stages, &values);
    std::fs::write(out, &bytes).map_err(|e| CliError::file(format!("train fit: {out}"), e))?;
    let ms = clock.now_ms() - start;
    let train_mae =
        crate::training::fit::mean_absolute_error(&examples, |e| table.raw(&e.board) as f32 / 64.0);
    let test_mae =
        crate::training::fit::mean_absolute_error(&tests, |e| table.raw(&e.board) as f32 / 64.0);
    if let Some(path) = obf {
        // The new table against exact scores (e.g. tests/data/heldout-20-24.obf).
        let text = read_text("fit", path)?;
        super::evaltest::report_error(host, path, &text, "fitted", &mut |position| {
            Ok(table.evaluate(&position.board))
        })?;
    }
    host.print(&summary::line(&json!({
        "command": "train fit",
        "examples": examples.len(),
        "train_mae": summary::round_to(train_mae, 3),
        "heldout_mae": summary::round_to(test_mae, 3),
        "bytes": bytes.len(),
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}

/// `train design --games <file> --labels <file> --extra <paths> [--set buro]
/// [--globals parity,mobility] [--stages 15] [--epochs 12] [--ridge X]
/// [--smoothing N] [--min-count N] [--extra-weight 2] [--deeper <file>]
/// [--holdout-every 10] [--threads N] [--obf <file>]`: fits an evaluation
/// design defined at run time (`training::design`) on the data of `train
/// fit`, every `--holdout-every`-th self-play file held out beside the
/// held-out games, and prints its errors by empties, on the training data,
/// on the held-out data and against the exact scores of `--obf`, with its
/// table's size.
fn run_design(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    use crate::training::{dataset, design, labels};
    let o = options(&STEP_DESIGN, args)?;
    let set_name = o.value("set").unwrap_or("buro");
    let patterns = design::patterns(set_name).ok_or_else(|| {
        CliError::usage(format!(
            "train design: --set '{set_name}': expected buro, buro+2 or wide"
        ))
    })?;
    let globals_text = o.value("globals").unwrap_or("parity,mobility");
    let globals = design::Globals::parse(globals_text).ok_or_else(|| {
        CliError::usage(format!(
            "train design: --globals '{globals_text}': expected parity, mobility, potential, stable or none, separated by commas"
        ))
    })?;
    let defaults = crate::training::fit::FitOptions::default();
    let fit_options = crate::training::fit::FitOptions {
        stages: number(&o, "stages", defaults.stages)?,
        epochs: number(&o, "epochs", 12)?,
        ridge: number(&o, "ridge", defaults.ridge)?,
        smoothing: number(&o, "smoothing", defaults.smoothing)?,
        min_count: number(&o, "min-count", defaults.min_count)?,
    };
    if !(1..=60).contains(&fit_options.stages) {
        return Err(CliError::usage("train design: --stages must be 1 to 60"));
    }
    let weight = number(&o, "extra-weight", 2usize)?;
    let every = number(&o, "holdout-every", 10usize)?.max(1);
    let threads = number(&o, "threads", 2usize)?;
    let (games, labels_path) = (o.value("games"), o.value("labels"));
    let (extra_paths, deeper, obf) = (o.value("extra"), o.value("deeper"), o.value("obf"));
    o.finish()?;
    let (games, labels_path) = (
        required("design", games, "games")?,
        required("design", labels_path, "labels")?,
    );
    let start = clock.now_ms();
    // Self-play files: every `every`-th held out.
    let (mut extra, mut extra_tests) = (Vec::new(), Vec::new());
    if let Some(paths) = extra_paths {
        for (index, file) in extra_files(paths)?.iter().enumerate() {
            let text = read_text("design", file)?;
            let read = crate::training::selfplay::read_examples(&text)
                .map_err(|e| e.within(&format!("train design: {file}")))?;
            if index % every == every - 1 {
                extra_tests.extend(read);
            } else {
                extra.extend(read);
            }
        }
    }
    let games = read_games(games)?;
    let mut solved = labels::read_labels(&read_text("design", labels_path)?)?;
    if let Some(path) = deeper {
        let deeper = labels::read_labels(&read_text("design", path)?)?;
        if deeper.len() > solved.len() {
            return Err(CliError::usage(format!(
                "train design: {path} has more games than --labels"
            )));
        }
        solved.splice(..deeper.len(), deeper);
    }
    if solved.len() != games.len() {
        return Err(CliError::usage(format!(
            "train design: {} labels for {} games",
            solved.len(),
            games.len()
        )));
    }
    let mut examples = dataset::examples(&held_out(&games, false), &held_out(&solved, false), &[]);
    let game_tests = dataset::examples(&held_out(&games, true), &held_out(&solved, true), &[]);
    for _ in 0..weight {
        examples.extend_from_slice(&extra);
    }
    eprintln!(
        "train design: {} training examples; held out: {} of games, {} of self-play",
        examples.len(),
        game_tests.len(),
        extra_tests.len()
    );
    let plan = design::Design::new(&patterns, globals, fit_options.stages);
    let fitted = design::fit(&plan, &examples, &fit_options, threads);
    let table = design::Table::new(plan, &fitted);
    let fit_ms = clock.now_ms() - start;
    let mae = |set: &[crate::training::dataset::Example]| {
        crate::training::fit::mean_absolute_error(set, |e| table.raw(&e.board) as f32 / 64.0)
    };
    host.print("empties  train-mae  selfplay-train  games-heldout  selfplay-heldout  selfplay-n");
    for low in (0..60).step_by(4) {
        let range = low + 1..=low + 4;
        let pick = |set: &[crate::training::dataset::Example]| {
            set.iter()
                .filter(|e| range.contains(&e.board.empty_count()))
                .copied()
                .collect::<Vec<_>>()
        };
        let (a, b, c) = (pick(&examples), pick(&game_tests), pick(&extra_tests));
        host.print(&format!(
            "{:>2}-{:<2}  {:>9.2}  {:>14.2}  {:>13.2}  {:>16.2}  {:>10}",
            low + 1,
            low + 4,
            mae(&a),
            mae(&pick(&extra)),
            mae(&b),
            mae(&c),
            c.len()
        ));
    }
    let (train_mae, games_mae, selfplay_mae) =
        (mae(&examples), mae(&game_tests), mae(&extra_tests));
    if let Some(path) = obf {
        let text = read_text("design", path)?;
        super::evaltest::report_error(host, path, &text, set_name, &mut |position| {
            Ok(table.evaluate(&position.board))
        })?;
    }
    let values = table.values();
    let compressed = othello::eval::codec::compress(&values);
    // Native time to decode the compressed weights (the engine decodes its
    // table on first use; docs/benchmarks.md has the wasm's time for today's).
    let timer = std::time::Instant::now();
    let decoded = othello::eval::codec::decompress(&compressed, values.len())
        .map_err(|e| CliError::input("train design", e))?;
    let decode_ms = timer.elapsed().as_secs_f64() * 1000.0;
    if decoded != values {
        return Err(CliError::usage(
            "train design: the codec did not round-trip",
        ));
    }
    // Evaluations a second of this (generic, unoptimised) feature code.
    let boards: Vec<_> = game_tests.iter().take(200_000).map(|e| e.board).collect();
    let timer = std::time::Instant::now();
    let mut sum = 0i64;
    for board in &boards {
        sum += table.raw(board) as i64;
    }
    let seconds = timer.elapsed().as_secs_f64().max(1e-9);
    std::hint::black_box(sum);
    host.print(&summary::line(&json!({
        "command": "train design",
        "set": set_name,
        "globals": globals_text,
        "stages": fit_options.stages,
        "occurrences": table.design.occurrence_count(),
        "weights": values.len(),
        "compressed_bytes": compressed.len(),
        "decode_ms": summary::round_to(decode_ms, 1),
        "examples": examples.len(),
        "train_mae": summary::round_to(train_mae, 3),
        "games_heldout_mae": summary::round_to(games_mae, 3),
        "selfplay_heldout_mae": summary::round_to(selfplay_mae, 3),
        "generic_evals_per_second": (boards.len() as f64 / seconds).round(),
        "fit_ms": summary::whole_ms(fit_ms),
    })));
    Ok(())
}

/// The self-play examples of `--extra` and how many times each counts
/// (`--extra-weight`); none without `--extra`.
fn read_extra(
    paths: Option<&str>,
    weight: usize,
) -> CliResult<(Vec<crate::training::dataset::Example>, usize)> {
    let Some(paths) = paths else {
        return Ok((Vec::new(), 0));
    };
    if weight == 0 {
        return Err(CliError::usage(
            "train fit: --extra-weight must be at least 1",
        ));
    }
    let mut extra = Vec::new();
    for file in extra_files(paths)? {
        let text = read_text("fit", &file)?;
        let read = crate::training::selfplay::read_examples(&text)
            .map_err(|e| e.within(&format!("train fit: {file}")))?;
        extra.extend(read);
    }
    eprintln!(
        "train fit: {} self-play examples, each counted {weight} times",
        extra.len()
    );
    Ok((extra, weight))
}

/// The example files of `--extra`: those of each comma-separated path, in
/// the order the paths are given (`data/selfplay,more-chunks`).
fn extra_files(paths: &str) -> CliResult<Vec<String>> {
    let mut files = Vec::new();
    for path in paths.split(',') {
        if path.is_empty() {
            return Err(CliError::usage(format!(
                "train fit: --extra '{paths}' has an empty path (paths are separated by single commas)"
            )));
        }
        files.extend(example_files(path)?);
    }
    Ok(files)
}

/// The example files at `path`: the file itself, or the `*.txt` and
/// `*.txt.gz` files of a folder in name order.
fn example_files(path: &str) -> CliResult<Vec<String>> {
    let metadata =
        std::fs::metadata(path).map_err(|e| CliError::file(format!("train fit: {path}"), e))?;
    if !metadata.is_dir() {
        return Ok(vec![path.to_string()]);
    }
    let entries =
        std::fs::read_dir(path).map_err(|e| CliError::file(format!("train fit: {path}"), e))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| CliError::file(format!("train fit: {path}"), e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".txt") || name.ends_with(".txt.gz") {
            files.push(entry.path().to_string_lossy().into_owned());
        }
    }
    if files.is_empty() {
        return Err(CliError::usage(format!(
            "train fit: {path} holds no .txt or .txt.gz files"
        )));
    }
    files.sort();
    Ok(files)
}

/// The items (one per game of the database, in its order) of the held-out
/// games, or of the training games.
fn held_out<T>(items: &[T], heldout: bool) -> Vec<&T> {
    items
        .iter()
        .enumerate()
        .filter(|(i, _)| crate::training::is_heldout(*i) == heldout)
        .map(|(_, item)| item)
        .collect()
}

/// Prints the mean absolute error by empties, training and held-out.
fn report_errors(
    host: &mut dyn Host,
    table: &othello::eval::weights::Weights,
    examples: &[crate::training::dataset::Example],
    tests: &[crate::training::dataset::Example],
) {
    host.print("empties  train-mae  heldout-mae  heldout-n");
    for low in (0..60).step_by(4) {
        let range = low + 1..=low + 4;
        let pick =
            |set: &[crate::training::dataset::Example]| -> Vec<crate::training::dataset::Example> {
                set.iter()
                    .filter(|e| range.contains(&e.board.empty_count()))
                    .copied()
                    .collect()
            };
        let (a, b) = (pick(examples), pick(tests));
        let mae = |set: &[crate::training::dataset::Example]| {
            crate::training::fit::mean_absolute_error(set, |e| table.raw(&e.board) as f32 / 64.0)
        };
        host.print(&format!(
            "{:>2}-{:<2}  {:>9.2}  {:>11.2}  {:>9}",
            low + 1,
            low + 4,
            mae(&a),
            mae(&b),
            b.len()
        ));
    }
}

/// `train probcut --games <file> --positions N --max-depth H --out <file.rs>`:
/// fits Multi-ProbCut's models on held-out positions (10 to 59 empties).
fn run_probcut(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    use crate::training::probcut::{depth_values, fit_models, write_source};
    let o = options(&STEP_PROBCUT, args)?;
    let count = number(&o, "positions", 250usize)?;
    let max_depth = search_options(
        "probcut",
        &o,
        &[Setting::Depth],
        max_flags,
        limited(10, 100),
    )?
    .limits
    .depth
    .unwrap_or(10);
    let (out, games) = (o.value("out"), o.value("games"));
    o.finish()?;
    let out = required("probcut", out, "out")?;
    let games = read_games(required("probcut", games, "games")?)?;
    let start = clock.now_ms();
    let mut engine = othello::engine::Engine::new(32);
    let mut samples = Vec::new();
    // Empties cycle through 10..=59 in steps of 7 (coprime with 50).
    let positions = heldout_positions(&games, count, 10, |e| 10 + (e - 10 + 7) % 50);
    let bar = Bar::new("train probcut", positions.len() as u64);
    for (empties, board) in positions {
        samples.push((empties, depth_values(&mut engine, &board, max_depth)));
        if bar.drawn() {
            bar.move_to(samples.len() as u64);
        } else if samples.len() % 25 == 0 {
            eprintln!("train probcut: {} positions", samples.len());
        }
    }
    let models = fit_models(&samples, max_depth);
    // The static evaluation against the deepest search, by bucket of empties.
    for bucket in 1..6u32 {
        let pairs: Vec<(i32, i32)> = samples
            .iter()
            .filter(|(empties, _)| empties / 10 == bucket)
            .filter_map(|(_, v)| Some((v[0]?, v[max_depth as usize]?)))
            .collect();
        let mae = pairs.iter().map(|(a, b)| (a - b).abs()).sum::<i32>() as f64
            / pairs.len().max(1) as f64;
        host.print(&format!(
            "empties {}-{}: static evaluation against depth {max_depth}: mae {mae:.2} over {} positions",
            bucket * 10,
            bucket * 10 + 9,
            pairs.len()
        ));
    }
    std::fs::write(out, write_source(&models, samples.len()))
        .map_err(|e| CliError::file(format!("train probcut: {out}"), e))?;
    for (bucket, row) in models.iter().enumerate() {
        let line: Vec<String> = row
            .iter()
            .skip(3)
            .map(|[a, b, s]| format!("{a:.2}/{b:+.1}/{s:.1}"))
            .collect();
        host.print(&format!(
            "empties {:>2}-{:<2} {}",
            bucket * 10,
            bucket * 10 + 9,
            line.join(" ")
        ));
    }
    let ms = clock.now_ms() - start;
    host.print(&summary::line(&json!({
        "command": "train probcut",
        "positions": samples.len(),
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}

/// Up to `count` positions of held-out games, one a game, with their
/// empties: the first game's position with `first` empties, then the next
/// game's with `next(first)`, and so on (a game without such a position,
/// or where the side to move must pass there, is skipped).
fn heldout_positions(
    games: &[crate::training::wthor::GameRecord],
    count: usize,
    first: u32,
    next: impl Fn(u32) -> u32,
) -> Vec<(u32, othello::Board)> {
    let mut out = Vec::new();
    let mut empties = first;
    for (index, game) in games.iter().enumerate() {
        if out.len() == count {
            break;
        }
        if !crate::training::is_heldout(index) {
            continue;
        }
        let found = game
            .positions()
            .into_iter()
            .find(|p| p.board.empty_count() == empties);
        let Some(p) = found.filter(|p| p.board.moves() != 0) else {
            continue;
        };
        out.push((empties, p.board));
        empties = next(empties);
    }
    out
}

/// `train endcut --games <file> --positions N [--min-empties A]
/// [--max-empties B] [--max-depth D] --out <file.rs>`: the endgame
/// Multi-ProbCut model from positions of held-out games with A..=B empties
/// (cycling, one per game), their exact scores against plain searches of
/// depths 0..=D.
fn run_endcut(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    use crate::training::endcut::{fit, sample, write_source};
    let o = options(&STEP_ENDCUT, args)?;
    let count = number(&o, "positions", 520usize)?;
    let low = number(&o, "min-empties", 10u32)?;
    let high = number(&o, "max-empties", 22u32)?;
    let max_depth = number(&o, "max-depth", 12u32)?;
    let (out, games_path) = (o.value("out"), o.value("games"));
    o.finish()?;
    if low < 2 || high < low || high > 30 || max_depth == 0 || max_depth > 20 {
        return Err(CliError::usage(
            "train endcut: expected 2 <= min-empties <= max-empties <= 30, 1 <= max-depth <= 20",
        ));
    }
    let out = required("endcut", out, "out")?;
    let games_path = required("endcut", games_path, "games")?;
    let games = read_games(games_path)?;
    let start = clock.now_ms();
    let mut engine = othello::engine::Engine::new(64);
    let mut samples = Vec::new();
    let positions = heldout_positions(&games, count, low, |e| if e == high { low } else { e + 1 });
    let bar = Bar::new("train endcut", positions.len() as u64);
    for (_, board) in positions {
        samples.push(sample(&mut engine, &board, max_depth));
        if bar.drawn() {
            bar.move_to(samples.len() as u64);
        } else if samples.len() % 50 == 0 {
            eprintln!("train endcut: {} positions", samples.len());
        }
    }
    let model = fit(&samples, max_depth);
    let command = format!(
        "othello train endcut --games {games_path} --positions {count} --min-empties {low} --max-empties {high} --max-depth {max_depth}"
    );
    std::fs::write(out, write_source(&model, samples.len(), &command))
        .map_err(|e| CliError::file(format!("train endcut: {out}"), e))?;
    for (d, [a, b]) in model.line.iter().enumerate() {
        let cells: Vec<String> = model
            .cells
            .iter()
            .filter(|c| c.1 as usize == d)
            .map(|(e, _, n, s)| format!("{e}:{s:.1}({n})"))
            .collect();
        host.print(&format!(
            "depth {d:>2}: a {a:.3} b {b:+.2}; sigma by empties {}",
            cells.join(" ")
        ));
    }
    let [s0, s1, s2] = model.sigma;
    let ms = clock.now_ms() - start;
    host.print(&summary::line(&json!({
        "command": "train endcut",
        "positions": samples.len(),
        "sigma": ([s0, s1, s2].map(|s| summary::round_to(s, 3))),
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}

/// `train selfplay --games N --out <file> [--first F] [--random-plies R]
/// [--play-depth D | --play-level V] [--label-depth L] [--label-confidence P]
/// [--exact-empties E] [--eval E] [--results yes|no] [--threads N]`:
/// labelled positions of self-play games number F..F+N from random
/// openings, played (at depth D or level V) and labelled with the built-in
/// evaluation or `--eval` (`file:<table>` reproduces examples made with
/// another table); `--results yes` adds each game's result as a fourth
/// column.
fn run_selfplay(args: &[String], host: &mut dyn Host, clock: &dyn Clock) -> CliResult {
    use crate::training::selfplay::{play_games, write_examples, write_played, SelfPlay};
    let o = options(&STEP_SELFPLAY, args)?;
    let games = number(&o, "games", 1000usize)?;
    let play_level = match o.value("play-level") {
        None => None,
        Some(text) => {
            if o.given("play-depth") {
                return Err(CliError::usage(
                    "train selfplay: --play-depth and --play-level exclude each other",
                ));
            }
            let level = text
                .parse()
                .ok()
                .and_then(othello::search::level::Level::new);
            Some(level.ok_or_else(|| {
                CliError::usage(format!(
                    "train selfplay: --play-level '{text}' is not a level (1-{})",
                    othello::search::level::MAX_LEVEL
                ))
            })?)
        }
    };
    let results = match o.value("results") {
        None | Some("no") => false,
        Some("yes") => true,
        Some(other) => {
            return Err(CliError::usage(format!(
                "train selfplay: --results '{other}': expected yes or no"
            )))
        }
    };
    let play = search_options(
        "selfplay",
        &o,
        &[Setting::Depth],
        play_flags,
        limited(4, 100),
    )?;
    let mut label_defaults = limited(6, 100);
    label_defaults.limits.exact_from = Some(14);
    let label = search_options(
        "selfplay",
        &o,
        &[
            Setting::Depth,
            Setting::Confidence,
            Setting::ExactFrom,
            Setting::Evaluation,
        ],
        label_flags,
        label_defaults,
    )?;
    let settings = SelfPlay {
        random_plies: number(&o, "random-plies", 12u32)?,
        play_depth: play.limits.depth.unwrap_or(4),
        play_level,
        label_depth: label.limits.depth.unwrap_or(6),
        exact_empties: label.limits.exact_from.unwrap_or(14),
        label_selectivity: label.limits.selectivity,
        evaluation: label.evaluation,
    };
    let first = number(&o, "first", 0usize)?;
    let threads = number(&o, "threads", 2usize)?;
    let out = o.value("out");
    o.finish()?;
    let out = required("selfplay", out, "out")?;
    let start = clock.now_ms();
    let bar = Bar::new("train selfplay", games as u64);
    let played = play_games(first, games, &settings, threads, &|done| {
        bar.set(done as u64, || {
            format!("train selfplay: {done}/{games} games")
        });
    });
    drop(bar);
    let text = if results {
        write_played(&played)
    } else {
        write_examples(&played.iter().map(|p| p.example).collect::<Vec<_>>())
    };
    std::fs::write(out, text).map_err(|e| CliError::file(format!("train selfplay: {out}"), e))?;
    let ms = clock.now_ms() - start;
    host.print(&summary::line(&json!({
        "command": "train selfplay",
        "first": first,
        "games": games,
        "examples": played.len(),
        "ms": summary::whole_ms(ms),
    })));
    Ok(())
}

/// `train check --games <file> --labels <file> --count N`: solves the first
/// positions of the labelled endgames again with a fresh table and counts
/// the labels that differ.
fn run_check(args: &[String], host: &mut dyn Host, _clock: &dyn Clock) -> CliResult {
    use othello::engine::Engine;
    use othello::search::{Limits, Silent, Solve};
    let o = options(&STEP_CHECK, args)?;
    let count = number(&o, "count", 100usize)?;
    let (games, path) = (o.value("games"), o.value("labels"));
    o.finish()?;
    let games = read_games(required("check", games, "games")?)?;
    let path = required("check", path, "labels")?;
    let text = read_text("check", path)?;
    let solved = crate::training::labels::read_labels(&text)?;
    let clock = othello::clock::NativeClock::new();
    let limits = Limits {
        solve: Solve::Exact,
        ..Limits::default()
    };
    let (mut checked, mut wrong) = (0, 0);
    for (game, s) in games.iter().zip(&solved).step_by(97).take(count) {
        let positions = game.positions();
        for (offset, &label) in s.scores.iter().enumerate().step_by(3) {
            let board = positions[s.first + offset].board;
            if board.is_game_over() {
                continue;
            }
            let mut engine = Engine::new(4);
            let score = engine.search(&board, &limits, &clock, &mut Silent).score;
            checked += 1;
            if score != label as i32 {
                wrong += 1;
                host.print(&format!(
                    "{:016x} {:016x} label {label} solved {score}",
                    board.player, board.opponent
                ));
            }
        }
    }
    host.print(&summary::line(&json!({
        "command": "train check",
        "checked": checked,
        "wrong": wrong,
    })));
    Ok(())
}

/// `train heldout`.
const STEP_HELDOUT: Command = Command {
    name: "train heldout",
    about: "exact scores of held-out positions, for the evaluation's tests",
    usage: &[
        "train heldout --games <file> [--count N] --out <file> [--min-empties E] [--max-empties E]",
    ],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("count", "N", "positions"),
        Flag::value("out", "<file>", "the file written"),
        Flag::value("min-empties", "E", "positions with E empties or more"),
        Flag::value("max-empties", "E", "positions with E empties or fewer"),
    ]],
};

/// `train search`.
const STEP_SEARCH: Command = Command {
    name: "train search",
    about: "search labels of every game's positions in a range of empties, for train fit --searched",
    usage: &["train search --games <file> --out <file> [--most-empties E] [--least-empties E] [--depth N] [--confidence C] [--eval E] [--threads N] [--limit N]"],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("out", "<file>", "the file written"),
        Flag::value("most-empties", "E", "positions with E empties or fewer"),
        Flag::value("least-empties", "E", "positions with E empties or more"),
        Flag::value("depth", "N", "the labelling search depth"),
        Flag::value("confidence", "C", "its selective cuts' confidence"),
        Flag::value("eval", "E", "the evaluation: pattern, standin or file:<table>"),
        Flag::value("threads", "N", "threads"),
        Flag::value("limit", "N", "the first N games only"),
    ]],
};

/// `train fit`.
const STEP_FIT: Command = Command {
    name: "train fit",
    about: "fits the pattern evaluation to labels",
    usage: &["train fit --games <file> --labels <file> --out <file> [--stages N] [--epochs N] [--ridge R] [--smoothing S] [--min-count N] [--threads N] [--extra <paths>] [--extra-weight W] [--deeper <file>] [--searched <file>] [--obf <file>]"],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("labels", "<file>", "the exact labels (train solve)"),
        Flag::value("out", "<file>", "the file written"),
        Flag::value("stages", "N", "stages of the evaluation"),
        Flag::value("epochs", "N", "passes over the examples"),
        Flag::value("ridge", "R", "the ridge penalty"),
        Flag::value("smoothing", "S", "the smoothing of rare patterns"),
        Flag::value("min-count", "N", "patterns seen fewer times are left at 0"),
        Flag::value("threads", "N", "threads"),
        Flag::value("extra", "<paths>", "self-play example files or folders, comma-separated"),
        Flag::value("extra-weight", "W", "each self-play example counted W times"),
        Flag::value("deeper", "<file>", "labels solved from more empties for the first games"),
        Flag::value("searched", "<file>", "search labels (train search)"),
        Flag::value("obf", "<file>", "an OBF file whose scores the fit reports"),
    ]],
};

/// `train design`.
const STEP_DESIGN: Command = Command {
    name: "train design",
    about: "fits an evaluation design chosen at run time and reports its held-out errors and size",
    usage: &["train design --games <file> --labels <file> --extra <paths> [--set buro|buro+2|wide] [--globals parity,mobility,potential,stable|none] [--stages 15] [--epochs 12] [--ridge R] [--smoothing S] [--min-count N] [--extra-weight 2] [--deeper <file>] [--holdout-every 10] [--threads N] [--obf <file>]"],
    notes: "docs/evaluation.md (\"Measuring evaluation designs\") explains it.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("labels", "<file>", "the exact labels (train solve)"),
        Flag::value("extra", "<paths>", "self-play example files or folders, comma-separated"),
        Flag::value("extra-weight", "W", "each self-play example counted W times"),
        Flag::value("deeper", "<file>", "labels solved from more empties for the first games"),
        Flag::value("set", "S", "the pattern set: buro, buro+2 or wide"),
        Flag::value("globals", "G", "whole-board features: parity, mobility, potential, stable or none"),
        Flag::value("stages", "N", "stages of the evaluation"),
        Flag::value("epochs", "N", "passes over the examples"),
        Flag::value("ridge", "R", "the ridge penalty"),
        Flag::value("smoothing", "S", "the smoothing of rare patterns"),
        Flag::value("min-count", "N", "patterns seen fewer times are left at 0"),
        Flag::value("holdout-every", "N", "every N-th self-play file held out"),
        Flag::value("threads", "N", "threads"),
        Flag::value("obf", "<file>", "an OBF file whose scores the fit reports"),
    ]],
};

/// `train probcut`.
const STEP_PROBCUT: Command = Command {
    name: "train probcut",
    about: "the selective cuts' models from searches of held-out positions",
    usage: &["train probcut --games <file> [--positions N] [--max-depth D] --out <file>"],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("positions", "N", "positions"),
        Flag::value("max-depth", "D", "the deepest search"),
        Flag::value("out", "<file>", "the file written"),
    ]],
};

/// `train endcut`.
const STEP_ENDCUT: Command = Command {
    name: "train endcut",
    about: "the endgame cuts' models against exact scores",
    usage: &["train endcut --games <file> [--positions N] [--min-empties E] [--max-empties E] [--max-depth D] --out <file>"],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("positions", "N", "positions"),
        Flag::value("min-empties", "E", "positions with E empties or more"),
        Flag::value("max-empties", "E", "positions with E empties or fewer"),
        Flag::value("max-depth", "D", "the deepest search"),
        Flag::value("out", "<file>", "the file written"),
    ]],
};

/// `train selfplay`.
const STEP_SELFPLAY: Command = Command {
    name: "train selfplay",
    about: "self-play games from random openings, labelled by a search",
    usage: &["train selfplay --games <file> [--first N] --out <file> [--random-plies N] [--play-depth D] [--play-level L] [--label-depth D] [--label-confidence C] [--exact-empties E] [--eval E] [--results <file>] [--threads N]"],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "N", "games played"),
        Flag::value("first", "N", "the first game's number"),
        Flag::value("out", "<file>", "the file written"),
        Flag::value("random-plies", "N", "random opening plies"),
        Flag::value("play-depth", "D", "the players' depth"),
        Flag::value("play-level", "L", "the players' level"),
        Flag::value("label-depth", "D", "the labelling search's depth"),
        Flag::value("label-confidence", "C", "its selective cuts' confidence"),
        Flag::value("exact-empties", "E", "solve exactly from E empties"),
        Flag::value("eval", "E", "the evaluation: pattern, standin or file:<table>"),
        Flag::value("results", "yes|no", "yes: each game's result as a fourth column"),
        Flag::value("threads", "N", "threads"),
    ]],
};

/// `train check`.
const STEP_CHECK: Command = Command {
    name: "train check",
    about: "the labels against new solves",
    usage: &["train check --games <file> --labels <file> [--count N]"],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("labels", "<file>", "the exact labels (train solve)"),
        Flag::value("count", "N", "positions"),
    ]],
};

/// `train solve`.
const STEP_SOLVE: Command = Command {
    name: "train solve",
    about: "exact labels: each game solved from a number of empties",
    usage: &["train solve --games <file> --out <file> [--empties 16] [--threads 2] [--limit N]"],
    notes: "docs/evaluation.md explains the steps.",
    flags: &[&[
        Flag::value("games", "<file>", "the games (data/wthor-games.txt.gz)"),
        Flag::value("out", "<file>", "the labels written"),
        Flag::value("empties", "E", "solve each game from E empties (16)"),
        Flag::value("threads", "N", "threads (2)"),
        Flag::value("limit", "N", "the first N games only"),
    ]],
};

/// The steps of `train`, as their help and the list of commands show them.
pub const STEPS: [&Command; 9] = [
    &STEP_SOLVE,
    &STEP_SEARCH,
    &STEP_FIT,
    &STEP_DESIGN,
    &STEP_HELDOUT,
    &STEP_PROBCUT,
    &STEP_ENDCUT,
    &STEP_SELFPLAY,
    &STEP_CHECK,
];

/// The steps' names.
const STEP_NAMES: [&str; 9] = [
    "solve", "search", "fit", "design", "heldout", "probcut", "endcut", "selfplay", "check",
];

/// Runs `train <step> ...`.
pub fn run_train(args: &[String], host: &mut dyn Host, _clock: &dyn Clock) -> CliResult {
    match args.first().map(String::as_str) {
        Some("heldout") => run_heldout(&args[1..], host, _clock),
        Some("solve") => run_solve(&args[1..], host, _clock),
        Some("search") => run_search(&args[1..], host, _clock),
        Some("fit") => run_fit(&args[1..], host, _clock),
        Some("design") => run_design(&args[1..], host, _clock),
        Some("probcut") => run_probcut(&args[1..], host, _clock),
        Some("endcut") => run_endcut(&args[1..], host, _clock),
        Some("selfplay") => run_selfplay(&args[1..], host, _clock),
        Some("check") => run_check(&args[1..], host, _clock),
        Some(other) => Err(CliError::usage(format!(
            "train: unknown step '{other}' (expected {})",
            STEP_NAMES.join(", ")
        ))),
        None => Err(CliError::usage(format!(
            "train: expected a step ({})",
            STEP_NAMES.join(", ")
        ))),
    }
}

/// A step's options, read by its definition.
type StepOptions<'c> = Parsed<'c>;

/// `value`, the value of `--name`, which step `step` requires.
fn required<'a>(step: &str, value: Option<&'a str>, name: &str) -> CliResult<&'a str> {
    value.ok_or_else(|| CliError::usage(format!("train {step}: --{name} is required")))
}

/// Reads the `--flag value` pairs of `step`, which defines them.
fn options<'c>(step: &'c Command, args: &[String]) -> CliResult<StepOptions<'c>> {
    step.read(args)
}

/// The text file at `path` (gzipped or not), errors naming the step.
fn read_text(step: &str, path: &str) -> CliResult<String> {
    crate::training::read_text(path).map_err(|e| CliError::input(format!("train {step}"), e))
}

/// Search options limited to `depth` at `confidence` percent (the
/// defaults of a step's searches).
fn limited(depth: u32, confidence: u32) -> SearchOptions {
    SearchOptions {
        limits: Limits {
            depth: Some(depth),
            selectivity: probcut::selectivity(confidence).expect("a confidence level"),
            ..Limits::default()
        },
        ..SearchOptions::default()
    }
}

/// The search settings among a step's options (`o`), read over `defaults`
/// by the engine's reader, so that their ranges and messages are the
/// engine's: `spell` gives each setting of `known` its flag (`--depth`,
/// or `--label-depth` for the search that labels positions).
fn search_options(
    step: &str,
    o: &StepOptions,
    known: &[Setting],
    spell: Spelling,
    defaults: SearchOptions,
) -> CliResult<SearchOptions> {
    let mut reader = args::reader(spell).starting_from(defaults);
    for &setting in known {
        let flag = spell(setting);
        if let Some(word) = o.value(flag.trim_start_matches("--")) {
            args::read_word(&mut reader, setting, word)
                .map_err(|e| e.within(&format!("train {step}")))?;
        }
    }
    reader
        .finish()
        .map_err(|e| CliError::setting(format!("train {step}"), e))
}

/// How `train selfplay` names its labelling search's settings:
/// `--label-depth`, `--label-confidence`, `--exact-empties` and `--eval`
/// (which plays the games too).
fn label_flags(setting: Setting) -> String {
    match setting {
        Setting::ExactFrom => "--exact-empties".to_string(),
        Setting::Evaluation => "--eval".to_string(),
        other => format!("--label-{}", other.name()),
    }
}

/// How `train selfplay` names its playing search's depth: `--play-depth`.
fn play_flags(setting: Setting) -> String {
    format!("--play-{}", setting.name())
}

/// How `train probcut` names its deepest search: `--max-depth`.
fn max_flags(setting: Setting) -> String {
    format!("--max-{}", setting.name())
}

/// A number option, or its default.
fn number<T: std::str::FromStr>(options: &StepOptions, name: &str, default: T) -> CliResult<T> {
    Ok(options.number(name)?.unwrap_or(default))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder holding `names`.
    fn folder_with(tag: &str, names: &[&str]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("othello-extra-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for name in names {
            std::fs::write(dir.join(name), "").unwrap();
        }
        dir
    }

    #[test]
    fn extra_reads_the_folders_given_in_their_order_and_each_in_name_order() {
        let first = folder_with(
            "first",
            &["chunk-000200.txt.gz", "chunk-000000.txt.gz", "notes.md"],
        );
        let second = folder_with("second", &["chunk-000100.txt"]);
        let paths = format!("{},{}", first.display(), second.display());
        let names: Vec<String> = extra_files(&paths)
            .unwrap()
            .iter()
            .map(|file| {
                let path = std::path::Path::new(file);
                let folder = path
                    .parent()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_string_lossy();
                format!("{}/{}", folder, path.file_name().unwrap().to_string_lossy())
            })
            .collect();
        let (a, b) = (
            first.file_name().unwrap().to_string_lossy().into_owned(),
            second.file_name().unwrap().to_string_lossy().into_owned(),
        );
        assert_eq!(
            names,
            [
                format!("{a}/chunk-000000.txt.gz"),
                format!("{a}/chunk-000200.txt.gz"),
                format!("{b}/chunk-000100.txt"),
            ]
        );
        let error = extra_files(&format!("{},", first.display()))
            .unwrap_err()
            .to_string();
        assert!(error.contains("empty path"), "{error}");
        let error = extra_files("no-such-folder-here").unwrap_err().to_string();
        assert!(
            error.starts_with("train fit: no-such-folder-here:"),
            "{error}"
        );
        std::fs::remove_dir_all(first).unwrap();
        std::fs::remove_dir_all(second).unwrap();
    }
}
