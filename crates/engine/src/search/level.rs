//! Playing levels: a level is a midgame depth, the confidence of its
//! selective cuts, and the numbers of empties from which the endgame is
//! searched to the end instead: with selective cuts (the higher levels),
//! then for win, loss or draw, then exactly (Edax's levels have the first
//! three numbers; they are always told apart).

use std::ops::RangeInclusive;

use super::probcut::selectivity;
use super::Limits;

/// Highest level.
pub const MAX_LEVEL: u32 = 30;
/// The levels.
pub const LEVELS: RangeInclusive<u32> = 1..=MAX_LEVEL;

/// The most empties a level solves, for win, loss or draw. Measured
/// (docs/benchmarks.md, "Levels measured"): level 12 solving exactly from
/// 22 empties scored 49.4% against the same level solving from 24 in 27%
/// of its time, and the page's Expert (level 14, 3 s a move) from 22
/// scored 50.0% against itself from 26 in 32% of its time: beyond 22
/// empties a solve costs several times a move's midgame search and wins
/// nothing.
pub const MAX_SOLVE_FROM: u32 = 22;

/// How many empties before its exact solve a level solves for win, loss or
/// draw only: such a solve costs a fraction of an exact one (a tenth on
/// one-sided positions of 20 empties) and gives the game the same result.
pub const WLD_EMPTIES: u32 = 2;

/// The first level that spends its time as measured at the default level:
/// three plies deeper than its number at 73% confidence, a win/loss/draw
/// solve from twice its number of empties (at most [`MAX_SOLVE_FROM`]) and
/// the exact solve [`WLD_EMPTIES`] later. Level 10 so defined (two plies
/// deeper, as it first was) scored 60.8% against level 10 as it was (depth
/// 10 at 95%, exact from 20) with the first table in 89% of its time, and
/// level 12 52.0% against depth 12 at 95%, exact from 22, in 78% of its
/// time. Below it the endgame is cheap, the extra depth is not paid for by
/// the solve, and the levels keep their first definition (depth n at 95%,
/// exact from 2n).
pub const FIRST_DEEPER_LEVEL: u32 = 10;

/// Plies a level from [`FIRST_DEEPER_LEVEL`] searches beyond its number,
/// chosen against Egaroucid for Web's same level (docs/benchmarks.md,
/// "Levels against Egaroucid for Web"; 200 games each, one thread): levels
/// 12, 13 and 15 so defined scored 61.0%, 63.2% and 58.0% against its
/// levels 12, 13 and 15 at 0.61, 0.78 and 0.54 of its time per move. Two
/// plies beyond, levels 12, 13 and 15 scored 56.5%, 57.5% and 52.5%
/// against it; four beyond, level 12 took as long as it.
const EXTRA_DEPTH: u32 = 3;

/// Confidence of the selective cuts of a level from [`FIRST_DEEPER_LEVEL`].
const DEEPER_CONFIDENCE: u32 = 73;

/// The first level that searches the endgame to the end with selective
/// cuts before its win/loss/draw solve, [`SELECTIVE_END_EMPTIES`] earlier,
/// at [`END_CONFIDENCE`] (Egaroucid's levels 14-15 do so from 24 empties).
/// On the endgame trainer's 98 positions of 23 and 24 empties (`othello
/// evaltest <file> --level 15 --moves`; docs/benchmarks.md, "Levels
/// measured"), level 15's moves worsened the result (a win or draw to a
/// draw or loss) in 5.1% of them and lost 0.49 discs on average with its
/// depth-17 search; searched to the end at 95% they worsened none and lost
/// 0.06 discs, for about 38 times the nodes of those moves, a few moves a
/// game.
pub const FIRST_SELECTIVE_END_LEVEL: u32 = 14;

/// How many empties before its win/loss/draw solve a level from
/// [`FIRST_SELECTIVE_END_LEVEL`] searches to the end at [`END_CONFIDENCE`].
pub const SELECTIVE_END_EMPTIES: u32 = 2;

/// The confidence in percent of the endgame's selective cuts in a search to
/// the end before a solve (a level's, or `selective-from`'s): at 73% and
/// 87% the moves of the positions above worsened the result in 1.0% of
/// them.
pub const END_CONFIDENCE: u32 = 95;

/// The first level that searches from the first move instead of
/// answering from the opening book. The book's leaves are searches of
/// depth 14 at 73% (docs/book.md), shallower than these levels' own: against
/// Egaroucid for Web's level 15 (docs/benchmarks.md, "Levels against
/// Egaroucid for Web"; 200 games from the same 100 openings, colours
/// swapped), level 15 without the book scored 62.0%, with it 58.0% (141 of
/// the 200 games went the same way move for move; over the openings the
/// book cost 4.0 points, 95% interval 0.6 to 7.4). Below it the book stays:
/// level 10 with it scored 69.5% against that engine's level 10, without
/// it 62.5% (as levels were defined then), and at levels 12 to 14 it
/// changed nothing measurable (with it 0.2, 0.8 and -1.5 points, each 95%
/// interval holding 0, in 200, 200 and 100 games).
pub const FIRST_LEVEL_WITHOUT_BOOK: u32 = 15;

/// What a level means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Midgame search depth.
    pub depth: u32,
    /// Confidence of the Multi-ProbCut cuts in percent (100: none).
    pub confidence: u32,
    /// Positions with this many empties or fewer are solved exactly.
    pub exact_from: u32,
    /// Positions with this many empties or fewer (and more than
    /// `exact_from`) are solved for win, loss or draw.
    pub wld_from: u32,
    /// Positions with more empties than `wld_from` and at most this many
    /// are searched to the end with the endgame's selective cuts at
    /// `end_confidence` (none when it is `wld_from`: below
    /// [`FIRST_SELECTIVE_END_LEVEL`]).
    pub selective_from: u32,
    /// The confidence in percent of those cuts.
    pub end_confidence: u32,
    /// Whether a position of the opening book is answered from it (below
    /// [`FIRST_LEVEL_WITHOUT_BOOK`]; a front end's own book setting comes
    /// first).
    pub book: bool,
}

impl Level {
    /// Level `n`: below [`FIRST_DEEPER_LEVEL`], depth `n`, selective from
    /// depth 5 at 95%, exact from `2n` empties; from it, depth `n + 3` at
    /// 73%, win/loss/draw from `2n` empties (at most [`MAX_SOLVE_FROM`])
    /// and exact [`WLD_EMPTIES`] fewer; from [`FIRST_SELECTIVE_END_LEVEL`],
    /// searched to the end at [`END_CONFIDENCE`] from
    /// [`SELECTIVE_END_EMPTIES`] more; from [`FIRST_LEVEL_WITHOUT_BOOK`],
    /// without the opening book. `None` outside [`LEVELS`] (the options
    /// reader says why).
    pub fn new(n: u32) -> Option<Level> {
        if !LEVELS.contains(&n) {
            return None;
        }
        Some(match n {
            1..=4 => Level {
                depth: n,
                confidence: 100,
                exact_from: 2 * n,
                wld_from: 2 * n,
                selective_from: 2 * n,
                end_confidence: END_CONFIDENCE,
                book: true,
            },
            n if n < FIRST_DEEPER_LEVEL => Level {
                depth: n,
                confidence: 95,
                exact_from: 2 * n,
                wld_from: 2 * n,
                selective_from: 2 * n,
                end_confidence: END_CONFIDENCE,
                book: true,
            },
            n => {
                let wld_from = (2 * n).min(MAX_SOLVE_FROM);
                Level {
                    depth: n + EXTRA_DEPTH,
                    confidence: DEEPER_CONFIDENCE,
                    exact_from: wld_from - WLD_EMPTIES,
                    wld_from,
                    selective_from: if n >= FIRST_SELECTIVE_END_LEVEL {
                        wld_from + SELECTIVE_END_EMPTIES
                    } else {
                        wld_from
                    },
                    end_confidence: END_CONFIDENCE,
                    book: n < FIRST_LEVEL_WITHOUT_BOOK,
                }
            }
        })
    }

    /// The search limits of the level.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: Some(self.depth),
            selectivity: selectivity(self.confidence).expect("levels use listed confidences"),
            exact_from: Some(self.exact_from),
            wld_from: (self.wld_from > self.exact_from).then_some(self.wld_from),
            selective_from: (self.selective_from > self.wld_from).then_some(self.selective_from),
            end_selectivity: if self.selective_from > self.wld_from {
                selectivity(self.end_confidence).expect("levels use listed confidences")
            } else {
                0
            },
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_depth_and_endgame() {
        let mut previous = Level::new(1).unwrap();
        for n in 2..=MAX_LEVEL {
            let level = Level::new(n).unwrap();
            assert!(level.depth > previous.depth, "level {n}");
            assert!(level.depth >= n);
            assert!(level.exact_from >= previous.exact_from, "level {n}");
            assert!(level.wld_from >= previous.wld_from, "level {n}");
            assert!(level.exact_from <= level.wld_from);
            assert!(level.wld_from <= MAX_SOLVE_FROM);
            assert!(level.selective_from >= previous.selective_from, "level {n}");
            assert!(level.selective_from >= level.wld_from);
            let limits = level.limits();
            assert_eq!(limits.depth, Some(level.depth));
            assert_eq!(limits.exact_from, Some(level.exact_from));
            assert_eq!(limits.wld_from.unwrap_or(level.exact_from), level.wld_from);
            let selective = (n >= FIRST_SELECTIVE_END_LEVEL).then_some(level.wld_from + 2);
            assert_eq!(limits.selective_from, selective, "level {n}");
            assert_eq!(limits.end_selectivity > 0, selective.is_some(), "level {n}");
            previous = level;
        }
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(MAX_LEVEL + 1), None);
    }

    #[test]
    fn the_default_level_is_the_measured_one() {
        let level = Level::new(FIRST_DEEPER_LEVEL).unwrap();
        assert_eq!(
            (
                level.depth,
                level.confidence,
                level.exact_from,
                level.wld_from
            ),
            (13, 73, 18, 20)
        );
        let below = Level::new(FIRST_DEEPER_LEVEL - 1).unwrap();
        assert_eq!(
            (
                below.depth,
                below.confidence,
                below.exact_from,
                below.wld_from
            ),
            (9, 95, 18, 18)
        );
        let top = Level::new(15).unwrap();
        assert_eq!(
            (top.depth, top.exact_from, top.wld_from, top.selective_from),
            (18, 20, 22, 24)
        );
        assert!(!top.book);
        assert!((1..FIRST_LEVEL_WITHOUT_BOOK).all(|n| Level::new(n).unwrap().book));
        assert!((FIRST_LEVEL_WITHOUT_BOOK..=MAX_LEVEL).all(|n| !Level::new(n).unwrap().book));
    }
}
