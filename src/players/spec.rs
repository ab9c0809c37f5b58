//! Player specs: the strings that name a player in the API, the CLIs and
//! the page (`random`, `maximizer:<eval>`, `minimax:<depth>:<eval>`,
//! `alphabeta:<depth>:<eval>`, `iago:<depth>`, `bill:<depth>`,
//! `engine:<key=value,...>`).

use std::fmt;

use super::paip_eval::PaipEval;
use crate::eval::Evaluation;

/// Deepest `minimax` search a spec may ask for (full width: 10^depth boards).
pub const MAX_MINIMAX_DEPTH: u32 = 8;
/// Deepest `alphabeta`, `iago` or `bill` search a spec may ask for.
pub const MAX_SEED_DEPTH: u32 = 12;
/// Transposition table of an `engine:` player unless `table-mb` says otherwise.
pub const DEFAULT_ENGINE_TABLE_MB: usize = 16;

/// How the main engine is limited when it plays as a player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineOptions {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Milliseconds per move.
    pub time_ms: Option<f64>,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// The leaf evaluation.
    pub eval: Evaluation,
    /// Transposition table size in MiB.
    pub table_mb: usize,
    /// Confidence of the selective cuts in percent (100: none).
    pub confidence: u32,
    /// Solve exactly from this many empties (a level sets it).
    pub exact_from: Option<u32>,
}

impl Default for EngineOptions {
    /// 100 ms per move with the default evaluation.
    fn default() -> Self {
        EngineOptions {
            depth: None,
            time_ms: None,
            nodes: None,
            eval: Evaluation::default(),
            table_mb: DEFAULT_ENGINE_TABLE_MB,
            confidence: 100,
            exact_from: None,
        }
    }
}

impl EngineOptions {
    /// Reads `key=value` pairs separated by commas (`depth`, `time-ms`,
    /// `nodes`, `eval`, `table-mb`, `confidence`, `level`, `exact-from`);
    /// no limit at all means `time-ms=100`.
    pub fn parse(text: &str) -> Result<EngineOptions, String> {
        let mut options = EngineOptions::default();
        let mut keys = Vec::new();
        for pair in text.split(',').filter(|pair| !pair.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("option '{pair}' is not key=value"))?;
            keys.push(key);
            match key {
                "depth" => options.depth = Some(whole(key, value, 1, 60)? as u32),
                "time-ms" => {
                    let ms: f64 = value
                        .parse()
                        .ok()
                        .filter(|ms: &f64| ms.is_finite() && *ms > 0.0)
                        .ok_or_else(|| format!("time-ms '{value}' is not a positive number"))?;
                    options.time_ms = Some(ms);
                }
                "nodes" => options.nodes = Some(whole(key, value, 1, u64::MAX)?),
                "eval" => options.eval = Evaluation::from_name(value)?,
                "exact-from" => options.exact_from = Some(whole(key, value, 0, 60)? as u32),
                "table-mb" => options.table_mb = whole(key, value, 1, 4096)? as usize,
                "confidence" => {
                    let percent = whole(key, value, 0, 100)? as u32;
                    crate::search::probcut::selectivity(percent)?;
                    options.confidence = percent;
                }
                "level" => {
                    let level = crate::search::level::Level::new(whole(key, value, 1, 60)? as u32)?;
                    options.depth = Some(level.depth);
                    options.confidence = level.confidence;
                    options.exact_from = Some(level.exact_from);
                }
                _ => {
                    return Err(format!(
                        "unknown engine option '{key}' (expected depth, time-ms, nodes, eval, table-mb, confidence, level or exact-from)"
                    ))
                }
            }
        }
        let has = |key: &str| keys.contains(&key);
        crate::search::level::check_exclusive(&has, &|name| name.to_string())?;
        if options.depth.is_none() && options.time_ms.is_none() && options.nodes.is_none() {
            options.time_ms = Some(100.0);
        }
        Ok(options)
    }

    /// The options written back as `key=value` pairs.
    pub fn write(&self) -> String {
        let mut pairs = Vec::new();
        if let Some(depth) = self.depth {
            pairs.push(format!("depth={depth}"));
        }
        if let Some(ms) = self.time_ms {
            pairs.push(format!("time-ms={ms}"));
        }
        if let Some(nodes) = self.nodes {
            pairs.push(format!("nodes={nodes}"));
        }
        pairs.push(format!("eval={}", self.eval.name()));
        if self.confidence != 100 {
            pairs.push(format!("confidence={}", self.confidence));
        }
        if let Some(empties) = self.exact_from {
            pairs.push(format!("exact-from={empties}"));
        }
        if self.table_mb != DEFAULT_ENGINE_TABLE_MB {
            pairs.push(format!("table-mb={}", self.table_mb));
        }
        pairs.join(",")
    }
}

/// A whole number from `min` to `max`.
fn whole(key: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    let number: u64 = text
        .parse()
        .map_err(|_| format!("{key} '{text}' is not a number"))?;
    if (min..=max).contains(&number) {
        Ok(number)
    } else {
        Err(format!("{key} '{text}' is not from {min} to {max}"))
    }
}

/// A player as a spec names it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spec {
    /// A uniformly random legal move.
    Random,
    /// PAIP's one-ply `maximizer`.
    Maximizer(PaipEval),
    /// PAIP's full-width `minimax-searcher` to a depth.
    Minimax(u32, PaipEval),
    /// PAIP's `alpha-beta-searcher` to a depth.
    AlphaBeta(u32, PaipEval),
    /// PAIP's `Iago`: `alpha-beta-searcher3` with the Iago evaluation.
    Iago(u32),
    /// `alpha-beta-searcher3` with BILL's evaluation.
    Bill(u32),
    /// The main engine.
    Engine(EngineOptions),
}

/// The forms a spec can take, for error messages.
const FORMS: &str = "random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>, iago:<depth>, bill:<depth> or engine:<key=value,...>";

impl Spec {
    /// Reads a spec; the error quotes the spec and says what is wrong.
    pub fn parse(text: &str) -> Result<Spec, String> {
        Spec::parse_parts(text).map_err(|reason| format!("player spec '{text}': {reason}"))
    }

    fn parse_parts(text: &str) -> Result<Spec, String> {
        let parts: Vec<&str> = text.split(':').collect();
        let depth =
            |part: &str, max: u32| whole("depth", part, 1, u64::from(max)).map(|d| d as u32);
        let arity = |count: usize, form: &str| {
            if parts.len() == count {
                Ok(())
            } else {
                Err(format!("expected {form}"))
            }
        };
        match parts[0] {
            "random" => arity(1, "random").map(|()| Spec::Random),
            "maximizer" => {
                arity(2, "maximizer:<eval>")?;
                Ok(Spec::Maximizer(PaipEval::from_name(parts[1])?))
            }
            "minimax" => {
                arity(3, "minimax:<depth>:<eval>")?;
                let depth = depth(parts[1], MAX_MINIMAX_DEPTH)?;
                Ok(Spec::Minimax(depth, PaipEval::from_name(parts[2])?))
            }
            "alphabeta" => {
                arity(3, "alphabeta:<depth>:<eval>")?;
                let depth = depth(parts[1], MAX_SEED_DEPTH)?;
                Ok(Spec::AlphaBeta(depth, PaipEval::from_name(parts[2])?))
            }
            "iago" => {
                arity(2, "iago:<depth>")?;
                Ok(Spec::Iago(depth(parts[1], MAX_SEED_DEPTH)?))
            }
            "bill" => {
                arity(2, "bill:<depth>")?;
                Ok(Spec::Bill(depth(parts[1], MAX_SEED_DEPTH)?))
            }
            "engine" => {
                let options = text.strip_prefix("engine").unwrap_or_default();
                let options = options.strip_prefix(':').unwrap_or(options);
                Ok(Spec::Engine(EngineOptions::parse(options)?))
            }
            other => Err(format!("unknown player '{other}' (expected {FORMS})")),
        }
    }
}

impl fmt::Display for Spec {
    /// The canonical spec string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::Random => f.write_str("random"),
            Spec::Maximizer(eval) => write!(f, "maximizer:{}", eval.name()),
            Spec::Minimax(depth, eval) => write!(f, "minimax:{depth}:{}", eval.name()),
            Spec::AlphaBeta(depth, eval) => write!(f, "alphabeta:{depth}:{}", eval.name()),
            Spec::Iago(depth) => write!(f, "iago:{depth}"),
            Spec::Bill(depth) => write!(f, "bill:{depth}"),
            Spec::Engine(options) => write!(f, "engine:{}", options.write()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        Spec::parse(text).unwrap_err()
    }

    #[test]
    fn specs_read_and_write_back() {
        for text in [
            "random",
            "maximizer:mobility",
            "minimax:3:count-difference",
            "alphabeta:4:weighted-squares",
            "alphabeta:2:modified-weighted-squares",
            "iago:3",
            "bill:4",
            "engine:depth=6,eval=standin",
            "engine:nodes=100000,eval=pattern",
        ] {
            assert_eq!(Spec::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(
            Spec::parse("engine:").unwrap().to_string(),
            "engine:time-ms=100,eval=pattern"
        );
        assert_eq!(
            Spec::parse("engine").unwrap(),
            Spec::parse("engine:").unwrap()
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        assert_eq!(
            error("alphabeta:x:mobility"),
            "player spec 'alphabeta:x:mobility': depth 'x' is not a number"
        );
        assert_eq!(
            error("alphabeta:0:mobility"),
            "player spec 'alphabeta:0:mobility': depth '0' is not from 1 to 12"
        );
        assert_eq!(
            error("minimax:9:mobility"),
            "player spec 'minimax:9:mobility': depth '9' is not from 1 to 8"
        );
        assert!(error("maximizer:weighted").contains("unknown evaluation 'weighted'"));
        assert_eq!(error("iago"), "player spec 'iago': expected iago:<depth>");
        assert_eq!(error("random:3"), "player spec 'random:3': expected random");
        assert!(error("gnubg")
            .starts_with("player spec 'gnubg': unknown player 'gnubg' (expected random,"));
        assert_eq!(
            error("engine:depth=6,speed=9"),
            "player spec 'engine:depth=6,speed=9': unknown engine option 'speed' (expected depth, time-ms, nodes, eval, table-mb, confidence, level or exact-from)"
        );
        assert_eq!(
            error("engine:depth=6,level=3"),
            "player spec 'engine:depth=6,level=3': a level sets the depth: give a level or a depth, not both"
        );
        assert_eq!(
            error("engine:eval=neural"),
            "player spec 'engine:eval=neural': unknown evaluation 'neural' (expected pattern, standin or file:<path>)"
        );
        assert_eq!(
            error("engine:depth"),
            "player spec 'engine:depth': option 'depth' is not key=value"
        );
        assert_eq!(
            error("engine:time-ms=-5"),
            "player spec 'engine:time-ms=-5': time-ms '-5' is not a positive number"
        );
        assert_eq!(error(""), "player spec '': unknown player '' (expected random, maximizer:<eval>, minimax:<depth>:<eval>, alphabeta:<depth>:<eval>, iago:<depth>, bill:<depth> or engine:<key=value,...>)");
    }
}
