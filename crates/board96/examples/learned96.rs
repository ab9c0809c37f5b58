//! Matches between two players of the 96-square board, for the learned
//! agent's experiments (docs/board96.md, "Learning"):
//!
//! ```text
//! cargo run --release -p othello-board96 --example learned96 -- \
//!     --a smart:4 --b greedy:4 --games 200 --random-plies 6 --seed 1 [--weights FILE]
//! ```
//!
//! Player specs: `random`, `greedy:D`, `smart:D` (the learned weights, or
//! those of `--weights FILE`), `smart-hand:D` (`Weights::hand`),
//! `smart-uniform:D` (`Weights::uniform(1)`, the report's untrained
//! weights). Each opening is `--random-plies` seeded random plies from the
//! start, played twice with the colours swapped, so `--games` must be even.
//! A prints one line per pair of games and a summary: A's wins, draws and
//! losses, its score (a win 1, a draw 1/2) with a 95% interval, its mean
//! disc margin, and the time taken.

use othello_board96::position::RED;
use std::time::Instant;

use othello::rng::Rng;
use othello_board96::eval::{ColourWeights, Weights};
use othello_board96::players::{play_game, Player, RandomPlayer, SearchPlayer};
use othello_board96::square::Squares;
use othello_board96::{Color, Move, Position, Status};

/// What stops the program: a message for whoever ran it.
type Failure = Box<dyn std::error::Error>;

/// A player from its spec.
fn player(spec: &str, learned: &ColourWeights, seed: u64) -> Result<Box<dyn Player>, Failure> {
    let bad =
        || format!("'{spec}' is not random, greedy:D, smart:D, smart-hand:D or smart-uniform:D");
    if spec == "random" {
        return Ok(Box::new(RandomPlayer::new(seed)));
    }
    let (kind, depth) = spec.split_once(':').ok_or_else(bad)?;
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| (1..=20).contains(d))
        .ok_or_else(bad)?;
    Ok(Box::new(match kind {
        "greedy" => SearchPlayer::greedy(depth),
        "smart" => SearchPlayer::smart_colours(depth, learned.clone()),
        "smart-hand" => SearchPlayer::smart(depth, Weights::hand()).with_label(spec),
        "smart-uniform" => SearchPlayer::smart(depth, Weights::uniform(1)).with_label(spec),
        _ => return Err(bad().into()),
    }))
}

/// The start after `plies` seeded random plies (fewer if the game ends).
fn opening(plies: u32, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut position = Position::START;
    for _ in 0..plies {
        let mv = match position.board.status() {
            Status::GameOver => break,
            Status::MustPass => Move::Pass,
            Status::Moves => {
                let moves = position.board.moves();
                let pick = rng.below(moves.count_ones() as usize);
                Squares(moves).nth(pick).map_or(Move::Pass, Move::Play)
            }
        };
        position = position.play(mv).unwrap_or(position);
    }
    position
}

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut a, mut b) = (String::new(), String::new());
    let (mut games, mut plies, mut seed) = (200u32, 6u32, 1u64);
    let mut learned = ColourWeights::learned();
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let value = iter.next().ok_or(format!("{flag} needs a value"))?;
        let whole = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: '{v}' is not a number"))
        };
        match flag.as_str() {
            "--a" => a = value.clone(),
            "--b" => b = value.clone(),
            "--games" => games = whole(value)? as u32,
            "--random-plies" => plies = whole(value)? as u32,
            "--seed" => seed = whole(value)?,
            "--weights" => {
                let text = std::fs::read_to_string(value).map_err(|e| format!("{value}: {e}"))?;
                learned = ColourWeights::parse(&text).map_err(|e| format!("{value}: {e}"))?;
            }
            _ => return Err(format!("unknown option {flag}").into()),
        }
    }
    if a.is_empty() || b.is_empty() || games == 0 || games % 2 == 1 {
        return Err("give --a SPEC --b SPEC and an even --games".into());
    }
    let started = Instant::now();
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut scores = Vec::new();
    let mut margin = 0i64;
    for pair in 0..games / 2 {
        let start = opening(
            plies,
            seed.wrapping_mul(1_000_003).wrapping_add(u64::from(pair)),
        );
        let mut line = format!("opening {pair:>3}:");
        for a_colour in [RED, Color::White] {
            let game_seed = seed ^ (u64::from(pair) << 20);
            let mut pa = player(&a, &learned, game_seed)?;
            let mut pb = player(&b, &learned, game_seed + 1)?;
            let record = match a_colour {
                RED => play_game(pa.as_mut(), pb.as_mut(), start),
                Color::White => play_game(pb.as_mut(), pa.as_mut(), start),
            }
            .map_err(|e| e.to_string())?;
            let a_score = match a_colour {
                RED => record.red_score,
                Color::White => -record.red_score,
            };
            margin += i64::from(a_score);
            let points = match a_score.signum() {
                1 => {
                    wins += 1;
                    1.0
                }
                0 => {
                    draws += 1;
                    0.5
                }
                _ => {
                    losses += 1;
                    0.0
                }
            };
            scores.push(points);
            line += &format!(" A as {a_colour} {a_score:+}");
        }
        println!("{line}");
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (variance / n).sqrt();
    println!(
        "A {a} vs B {b}: {games} games ({plies} random plies, seed {seed}): A {wins} wins {draws} draws {losses} losses, score {:.1}% +- {:.1}% (95%), mean margin {:+.1} discs, {:.0} s",
        100.0 * mean,
        100.0 * half,
        margin as f64 / n,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
