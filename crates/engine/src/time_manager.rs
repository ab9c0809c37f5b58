//! The game-clock time manager: how long to think about one move.
//!
//! The policy follows BILL (Lee & Mahajan 1986, section 3.1.3 "Timing",
//! itself modelled on Hitech):
//!
//! - **Allocation.** Each of our remaining moves has an allocation weight,
//!   and a move's allocation (its *target*) is the usable time on the clock
//!   times its weight over the total weight still to come. As in BILL, the
//!   weight grows as the game goes on (from [`TimeManager::opening_weight`]
//!   at 60 empties to 1 at the solve). The exact endgame solve and the moves
//!   after it count as [`TimeManager::solve_weight`] midgame moves: that is
//!   the endgame reserve. In absolute terms it stays about the same all game,
//!   so as a share of what is left it grows as the endgame comes closer.
//!   The number of midgame moves still to play is
//!   `ceil((empties - exact_solve_empties) / 2)`, at least 1.
//! - **Soft and hard limits.** BILL starts no new iteration after 40% of
//!   the allocation and sets an alarm at 180% of it. We return these as
//!   [`MoveBudget::soft_ms`] and [`MoveBudget::hard_ms`]. BILL's middle rule
//!   ("between 40% and 100%, go on only if the last two depths disagree") is
//!   the search's own choice: it can compute `soft_ms / soft_ratio` itself.
//! - **Overrun guard.** In the midgame, the hard limit is at most
//!   `usable / (moves_to_solve + guard_reserve_moves)`. So even if every
//!   midgame move ran to its hard limit, at least
//!   `guard_reserve_moves / (moves_to_solve + guard_reserve_moves)` of
//!   today's usable time would be left for the solve. The product telescopes,
//!   and with the defaults the bound is 2.5/22.5 = 11% from the first move.
//! - **Endgame.** BILL's endgame search has no iterative deepening, so 180%
//!   of a midgame allocation is not enough. When BILL solves, it sets the
//!   alarm so that just enough time is left for the endgame searches on its
//!   later moves. Here, at `empties <= exact_solve_empties`, `solve_now` is
//!   set and the hard limit is [`TimeManager::solve_fraction`] of the usable
//!   time. The rest stays for later moves, which solve smaller positions
//!   (each about an order of magnitude cheaper, and faster still once the
//!   hash table holds the first solve).
//! - **Early solve.** With a node rate measured on the engine's midgame
//!   searches ([`TimeManager::budget_at_rate`]), a position of up to
//!   [`TimeManager::early_solve_empties`] empties is solved at once when the
//!   solve is predicted ([`predicted_solve_ms`]) to take at most
//!   [`TimeManager::early_solve_share`] of the usable time: with a long
//!   clock the exact endgame starts before `exact_solve_empties`.
//! - **Tuning.** BILL's soft limit at 40% of the target and an
//!   endgame reserve of 8 midgame moves left half the clock unused at the
//!   end (60 s a side: about 30 s left), because our solve at 20 empties
//!   takes a fraction of a second to a few seconds and the hash table makes
//!   the later solves nearly free. The defaults now stop iterating after
//!   50% of the target, reserve 2 midgame moves for the endgame, keep the
//!   overrun guard at 2.5 moves, let the first solve take 70% of the usable
//!   time, and solve early when it fits; `TimeManager::baseline` (with the
//!   `research` feature, outside the shipped builds) keeps the old values
//!   for matches (docs/benchmarks.md, "A game on the clock").
//! - **Increment.** [`TimeManager::increment_fraction`] of the increment is
//!   added to both the target and the hard cap, because it comes back after
//!   the move.
//! - **Never flag.** `hard_ms <= remaining_ms - safety_margin_ms`, and
//!   [`TimeManager::move_overhead_ms`] is kept back for every move we still
//!   have to play. Both limits are at least [`TimeManager::min_budget_ms`],
//!   so a move is always produced: the search always has a depth-1 move.
//!   When the clock is almost empty, that floor is the one exception to the
//!   bound.
//!
//! No `std::time` here: the caller measures the time (see `crate::clock`).

/// Empty squares at the start of a game (64 squares minus the 4 first discs).
const START_EMPTIES: u32 = 60;

/// What the time manager knows when a move is to be chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockState {
    /// Time left on our clock for the rest of the game, in milliseconds.
    pub remaining_ms: f64,
    /// Time added to our clock after each of our moves (0 for sudden death).
    pub increment_ms: f64,
    /// Empty squares on the board now (60 at the start).
    pub empties: u32,
}

/// The budget for one move, in milliseconds from the start of this move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveBudget {
    /// Start no new iteration after this much time has elapsed on this move.
    pub soft_ms: f64,
    /// Abort the search at this point (it returns its best move so far).
    /// Always `>= soft_ms`.
    pub hard_ms: f64,
    /// Whether an exact endgame solve should be attempted with this budget.
    pub solve_now: bool,
}

/// Turns the game clock into a budget for each move (BILL 3.1.3). All
/// tunables are public. [`TimeManager::default`] gives the tested values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeManager {
    /// Solve exactly at or below this many empties (default 20).
    pub exact_solve_empties: u32,
    /// Never let the hard limit come closer than this to the end of our
    /// clock, in milliseconds (default 50).
    pub safety_margin_ms: f64,
    /// Time lost outside the search on each move (messages, move entry),
    /// kept back for every move we still have to play, in milliseconds
    /// (default 10).
    pub move_overhead_ms: f64,
    /// Share of the target after which no new iteration starts (BILL: 0.4;
    /// default 0.5).
    pub soft_ratio: f64,
    /// Share of the target at which the search is aborted (BILL: 1.8).
    pub hard_ratio: f64,
    /// Allocation weight of a move at 60 empties. It rises linearly to 1 at
    /// `exact_solve_empties` (default 0.6).
    pub opening_weight: f64,
    /// Weight of the endgame (the solve and the moves after it), in midgame
    /// moves: the endgame reserve (default 2; it was 8).
    pub solve_weight: f64,
    /// Overrun guard, counted in moves. If every midgame move ran to its hard
    /// limit, `guard_reserve_moves / (moves_to_solve + guard_reserve_moves)`
    /// of the usable time would still be left for the solve (default 2.5).
    pub guard_reserve_moves: f64,
    /// Share of the usable time that one solving move may take as its hard
    /// limit. The rest stays for later moves (default 0.7).
    pub solve_fraction: f64,
    /// Share of the increment that each move may spend (default 0.8).
    pub increment_fraction: f64,
    /// With the engine's node rate, the endgame reserve is at most this
    /// many times the solve at `exact_solve_empties` is predicted to take
    /// ([`predicted_solve_ms`]; default 3, 0: the weight alone).
    pub solve_reserve_factor: f64,
    /// Solve exactly before `exact_solve_empties`, from up to this many
    /// empties, when the engine's node rate predicts the solve (see
    /// [`predicted_solve_nodes`]) within `early_solve_share` of the usable
    /// time (default 26; at or below `exact_solve_empties`: never early).
    pub early_solve_empties: u32,
    /// Share of the usable time an early solve is predicted to take at most
    /// (default 0.5). Its hard limit is the solve's, `solve_fraction` of the
    /// usable time, so an early solve may run over its prediction by
    /// `solve_fraction / early_solve_share` before it is given up (the move
    /// then is the one of the iterations before the solve).
    pub early_solve_share: f64,
    /// Smallest soft or hard limit, in milliseconds (default 1).
    pub min_budget_ms: f64,
}

impl Default for TimeManager {
    fn default() -> Self {
        TimeManager {
            exact_solve_empties: 20,
            safety_margin_ms: 50.0,
            move_overhead_ms: 10.0,
            soft_ratio: 0.5,
            hard_ratio: 1.8,
            opening_weight: 0.6,
            solve_weight: 2.0,
            guard_reserve_moves: 2.5,
            solve_fraction: 0.7,
            increment_fraction: 0.8,
            solve_reserve_factor: 3.0,
            early_solve_empties: 26,
            early_solve_share: 0.5,
            min_budget_ms: 1.0,
        }
    }
}

impl TimeManager {
    /// BILL's allocation, untuned (soft 0.4, an endgame reserve of 8
    /// midgame moves; see "Tuning" in the module doc): kept so that matches can
    /// measure the tuned [`TimeManager::default`] against it (the
    /// `research` feature; the unit tests compare the two).
    #[cfg(any(test, feature = "research"))]
    pub fn baseline() -> TimeManager {
        TimeManager {
            exact_solve_empties: 20,
            safety_margin_ms: 50.0,
            move_overhead_ms: 10.0,
            soft_ratio: 0.4,
            hard_ratio: 1.8,
            opening_weight: 0.6,
            solve_weight: 8.0,
            guard_reserve_moves: 5.0,
            solve_fraction: 0.5,
            increment_fraction: 0.8,
            solve_reserve_factor: 0.0,
            early_solve_empties: 20,
            early_solve_share: 0.0,
            min_budget_ms: 1.0,
        }
    }

    /// The soft and hard limits for the move about to be chosen, and whether
    /// to solve the endgame exactly. A negative or NaN time counts as 0.
    pub fn budget(&self, clock: &ClockState) -> MoveBudget {
        self.budget_at_rate(clock, None)
    }

    /// [`TimeManager::budget`] for an engine whose midgame searches visit
    /// about `nodes_per_ms` nodes a millisecond (measured on its earlier moves;
    /// `None` when not known yet): between `exact_solve_empties` and
    /// `early_solve_empties`, the endgame is solved as soon as its solve is
    /// predicted to fit in `early_solve_share` of the usable time.
    pub fn budget_at_rate(&self, clock: &ClockState, nodes_per_ms: Option<f64>) -> MoveBudget {
        let solve_now = clock.empties <= self.exact_solve_empties
            || (clock.empties <= self.early_solve_empties
                && nodes_per_ms.is_some_and(|rate| {
                    predicted_solve_ms(clock.empties, rate)
                        <= self.early_solve_share * self.usable_ms(clock)
                }));
        let (target, cap) = if solve_now {
            self.solve_target_and_cap(clock)
        } else {
            self.midgame_target_and_cap(clock, nodes_per_ms)
        };
        self.limits(target, cap.min(self.spendable_ms(clock)), solve_now)
    }

    /// Turns a target and a cap on the hard limit into the budget.
    fn limits(&self, target: f64, cap: f64, solve_now: bool) -> MoveBudget {
        let hard_ms = (self.hard_ratio * target).min(cap).max(self.min_budget_ms);
        let soft_ms = (self.soft_ratio * target)
            .min(hard_ms)
            .max(self.min_budget_ms);
        MoveBudget {
            soft_ms,
            hard_ms,
            solve_now,
        }
    }

    /// Midgame: this move's share of the allocation weight still to come,
    /// with the hard limit capped by the overrun guard.
    ///
    /// With the engine's node rate, the endgame reserve is the smaller of
    /// `solve_weight` midgame moves and `solve_reserve_factor` times the
    /// predicted solve at `exact_solve_empties`; in the second case, the
    /// guard lets the hard limit reach the time beyond that reserve shared
    /// among the midgame moves left, so the reserve is kept even if every
    /// move runs to its hard limit.
    fn midgame_target_and_cap(&self, clock: &ClockState, nodes_per_ms: Option<f64>) -> (f64, f64) {
        let usable = self.usable_ms(clock);
        let increment = self.increment_share_ms(clock);
        let midgame_weight = self.midgame_weight_left(clock.empties);
        let moves = self.moves_to_solve(clock.empties) as f64;
        let weight_reserve = usable * self.solve_weight / (midgame_weight + self.solve_weight);
        let guard_cap = usable / (moves + self.guard_reserve_moves);
        let predicted_reserve = nodes_per_ms
            .filter(|_| self.solve_reserve_factor > 0.0)
            .map(|rate| {
                self.solve_reserve_factor * predicted_solve_ms(self.exact_solve_empties, rate)
            });
        let (reserve, cap) = match predicted_reserve {
            Some(reserve) if reserve < weight_reserve => {
                (reserve, guard_cap.max((usable - reserve) / moves))
            }
            _ => (weight_reserve, guard_cap),
        };
        let target = (usable - reserve) * self.move_weight(clock.empties) / midgame_weight;
        (target + increment, cap + increment)
    }

    /// Endgame: a generous share of the usable time, and the rest kept for
    /// the solves on our later moves.
    fn solve_target_and_cap(&self, clock: &ClockState) -> (f64, f64) {
        let cap = self.solve_fraction * self.usable_ms(clock) + self.increment_share_ms(clock);
        (cap / self.hard_ratio, cap)
    }

    /// Time left once the safety margin and the overhead of every move we
    /// still have to play are taken off.
    fn usable_ms(&self, clock: &ClockState) -> f64 {
        let overhead = self.move_overhead_ms * our_moves_left(clock.empties) as f64;
        non_negative(non_negative(clock.remaining_ms) - self.safety_margin_ms - overhead)
    }

    /// The most any hard limit may be: all but the safety margin.
    fn spendable_ms(&self, clock: &ClockState) -> f64 {
        (non_negative(clock.remaining_ms) - self.safety_margin_ms).max(self.min_budget_ms)
    }

    /// The part of the increment this move may spend.
    fn increment_share_ms(&self, clock: &ClockState) -> f64 {
        self.increment_fraction * non_negative(clock.increment_ms)
    }

    /// Our midgame moves before the exact solve, this one included (at least 1).
    fn moves_to_solve(&self, empties: u32) -> u32 {
        empties
            .saturating_sub(self.exact_solve_empties)
            .div_ceil(2)
            .max(1)
    }

    /// Total allocation weight of this move and our later midgame moves.
    fn midgame_weight_left(&self, empties: u32) -> f64 {
        (0..self.moves_to_solve(empties))
            .map(|i| self.move_weight(empties.saturating_sub(2 * i)))
            .sum()
    }

    /// Allocation weight of a midgame move: it grows as the game goes on.
    fn move_weight(&self, empties: u32) -> f64 {
        let span = START_EMPTIES
            .saturating_sub(self.exact_solve_empties)
            .max(1) as f64;
        let progress = (START_EMPTIES.saturating_sub(empties) as f64 / span).min(1.0);
        self.opening_weight + (1.0 - self.opening_weight) * progress
    }
}

/// Exact-solve nodes of a game position at 20 empties, about the 75th
/// percentile of 12 WTHOR game positions (the median was 3.9 M; see
/// docs/benchmarks.md, "Time per move").
const SOLVE_NODES_AT_20: f64 = 8.0e6;
/// Growth of the exact-solve nodes per empty square (medians: 0.65 M at 18,
/// 3.9 M at 20, 17 M at 22 empties).
const SOLVE_NODES_GROWTH: f64 = 2.3;

/// How many times faster an exact solve visits its nodes than a midgame
/// search (no evaluation at the leaves): on one thread of the same loaded
/// machine, 5.0 M nodes/s solving a game position at 20 empties against
/// 0.58-0.73 M nodes/s searching it and an opening position for a second.
const SOLVE_SPEEDUP: f64 = 6.0;

/// Nodes that an exact solve (with the iterations before it) of a game
/// position with `empties` empty squares takes, as predicted for planning:
/// about three positions in four take fewer.
pub fn predicted_solve_nodes(empties: u32) -> f64 {
    SOLVE_NODES_AT_20 * SOLVE_NODES_GROWTH.powi(empties as i32 - 20)
}

/// Milliseconds that an exact solve at `empties` is predicted to take on an
/// engine whose midgame searches visit `midgame_nodes_per_ms` nodes a
/// millisecond ([`predicted_solve_nodes`] at [`SOLVE_SPEEDUP`] times that
/// rate); infinite when the rate is not positive.
pub fn predicted_solve_ms(empties: u32, midgame_nodes_per_ms: f64) -> f64 {
    if midgame_nodes_per_ms > 0.0 {
        predicted_solve_nodes(empties) / (SOLVE_SPEEDUP * midgame_nodes_per_ms)
    } else {
        f64::INFINITY
    }
}

/// Time per move: how much longer than its time (`time_ms`) a move may
/// take when it solves the endgame exactly. The bound on any move.
pub const ENDGAME_TIME_FACTOR: f64 = 3.0;
/// Time per move: the most empties at which a move may solve exactly
/// beyond its time.
pub const ENDGAME_SOLVE_EMPTIES: u32 = 24;
/// Time per move: an exact solve beyond the move's time is started only if
/// it is predicted to take at most this share of the bound.
const ENDGAME_PREDICTED_SHARE: f64 = 0.7;

/// Time per move: the hard limit under which a move of `time_ms` at
/// `empties` empties solves the endgame exactly, when an engine whose midgame
/// searches visit `nodes_per_ms` nodes a millisecond is predicted ([`predicted_solve_nodes`]) to solve it
/// within [`ENDGAME_PREDICTED_SHARE`] of [`ENDGAME_TIME_FACTOR`] times `time_ms`; `None` when the
/// move keeps to `time_ms`. So no move takes more than
/// `ENDGAME_TIME_FACTOR * time_ms`, and only the first moves of the
/// endgame come near it: the solves after the first are much quicker.
pub fn endgame_solve_ms(time_ms: f64, empties: u32, nodes_per_ms: Option<f64>) -> Option<f64> {
    let rate = nodes_per_ms?;
    let bound = ENDGAME_TIME_FACTOR * time_ms;
    (empties <= ENDGAME_SOLVE_EMPTIES
        && predicted_solve_ms(empties, rate) <= ENDGAME_PREDICTED_SHARE * bound)
        .then_some(bound)
}

/// Our moves until the board is full, this one included (at least 1).
fn our_moves_left(empties: u32) -> u32 {
    empties.div_ceil(2).max(1)
}

/// `x`, or 0 if it is negative or NaN.
fn non_negative(x: f64) -> f64 {
    if x > 0.0 {
        x
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME_MS: f64 = 60_000.0;
    const OVERHEAD_MS: f64 = 5.0;

    /// One of our moves in a simulated game.
    #[derive(Debug)]
    struct Step {
        clock: ClockState,
        budget: MoveBudget,
        left_after_ms: f64,
    }

    /// Plays our 30 moves (60, 58, ... 2 empties). Each move takes
    /// `spend(budget)` plus [`OVERHEAD_MS`], then the increment is added.
    fn simulate(start_ms: f64, increment_ms: f64, spend: impl Fn(&MoveBudget) -> f64) -> Vec<Step> {
        let tm = TimeManager::default();
        let mut remaining_ms = start_ms;
        let mut steps = Vec::new();
        for empties in (1..=30).rev().map(|i| 2 * i) {
            let clock = ClockState {
                remaining_ms,
                increment_ms,
                empties,
            };
            let budget = tm.budget(&clock);
            remaining_ms -= spend(&budget) + OVERHEAD_MS;
            steps.push(Step {
                clock,
                budget,
                left_after_ms: remaining_ms,
            });
            remaining_ms += increment_ms;
        }
        steps
    }

    /// The worst case: every move runs to its hard limit.
    fn worst_case(b: &MoveBudget) -> f64 {
        b.hard_ms
    }

    /// A typical move: it stops at its target (soft / soft_ratio).
    fn typical(b: &MoveBudget) -> f64 {
        (b.soft_ms / TimeManager::default().soft_ratio).min(b.hard_ms)
    }

    fn at(steps: &[Step], empties: u32) -> &Step {
        steps.iter().find(|s| s.clock.empties == empties).unwrap()
    }

    fn budget(remaining_ms: f64, increment_ms: f64, empties: u32) -> MoveBudget {
        TimeManager::default().budget(&ClockState {
            remaining_ms,
            increment_ms,
            empties,
        })
    }

    #[test]
    fn worst_case_game_never_flags_and_keeps_time_for_the_solve() {
        let steps = simulate(GAME_MS, 0.0, worst_case);
        for s in &steps {
            assert!(s.left_after_ms >= 0.0, "flagged: {s:?}");
        }
        for s in steps.iter().filter(|s| s.clock.empties >= 40) {
            assert!(
                s.budget.soft_ms > 500.0 && s.budget.hard_ms > 500.0,
                "{s:?}"
            );
        }
        let solve = at(&steps, 20);
        assert!(solve.budget.solve_now);
        assert!(
            solve.budget.hard_ms >= 0.5 * solve.clock.remaining_ms,
            "{solve:?}"
        );
        // The overrun guard's bound: 2.5 / (20 + 2.5) of the clock.
        assert!(solve.clock.remaining_ms >= 0.1 * GAME_MS, "{solve:?}");
    }

    #[test]
    fn typical_game_gives_the_solve_a_large_budget() {
        let steps = simulate(GAME_MS, 0.0, typical);
        assert!(steps.iter().all(|s| s.left_after_ms >= 0.0));
        let solve = at(&steps, 20);
        let biggest_midgame = steps
            .iter()
            .filter(|s| !s.budget.solve_now)
            .map(|s| s.budget.hard_ms)
            .fold(0.0, f64::max);
        assert!(
            solve.budget.hard_ms > biggest_midgame,
            "{solve:?} {biggest_midgame}"
        );
        assert!(solve.budget.hard_ms >= 0.08 * GAME_MS, "{solve:?}");
    }

    #[test]
    fn many_passes_never_flag() {
        // The opponent passes every time: one empty fewer per move of ours.
        let tm = TimeManager::default();
        let mut remaining_ms = 10_000.0;
        for empties in (1..=60).rev() {
            let clock = ClockState {
                remaining_ms,
                increment_ms: 0.0,
                empties,
            };
            remaining_ms -= tm.budget(&clock).hard_ms + OVERHEAD_MS;
            assert!(remaining_ms >= 0.0, "flagged at {empties} empties");
        }
    }

    #[test]
    fn more_time_never_gives_a_smaller_budget() {
        for empties in 0..=60 {
            let mut last = budget(0.0, 0.0, empties);
            for step in 1..=2_000 {
                let next = budget(step as f64 * 60.0, 0.0, empties);
                assert!(next.soft_ms >= last.soft_ms, "soft at {empties}: {next:?}");
                assert!(next.hard_ms >= last.hard_ms, "hard at {empties}: {next:?}");
                last = next;
            }
        }
    }

    #[test]
    fn hard_is_at_least_soft_and_never_flags() {
        let tm = TimeManager::default();
        for empties in 0..=60 {
            for remaining_ms in [0.0, 30.0, 51.0, 100.0, 1_000.0, 60_000.0, 1.0e7] {
                for increment_ms in [0.0, 100.0, 2_000.0, 30_000.0] {
                    let b = budget(remaining_ms, increment_ms, empties);
                    assert!(b.hard_ms >= b.soft_ms && b.soft_ms >= 1.0, "{b:?}");
                    let room = remaining_ms - tm.safety_margin_ms;
                    assert!(b.hard_ms <= room.max(tm.min_budget_ms), "{b:?}");
                }
            }
        }
    }

    #[test]
    fn tiny_or_invalid_time_still_gives_a_positive_budget() {
        for remaining_ms in [30.0, 0.0, -500.0, f64::NAN] {
            for empties in [60, 30, 20, 1, 0] {
                let b = budget(remaining_ms, 0.0, empties);
                assert!(b.soft_ms >= 1.0 && b.hard_ms >= b.soft_ms, "{b:?}");
                assert!(b.hard_ms <= 30.0, "{b:?}");
            }
        }
    }

    #[test]
    fn most_of_the_increment_is_spent() {
        let without = budget(10_000.0, 0.0, 40);
        let with = budget(10_000.0, 2_000.0, 40);
        assert!(with.hard_ms - without.hard_ms >= 0.8 * 2_000.0 - 1e-9);
        assert!(with.soft_ms > without.soft_ms);
        // A 5 s + 2 s game: never flags, and the increment gets spent.
        let steps = simulate(5_000.0, 2_000.0, worst_case);
        assert!(steps.iter().all(|s| s.left_after_ms >= 0.0));
        let midgame_spent: f64 = steps.iter().take(20).map(|s| s.budget.hard_ms).sum();
        assert!(midgame_spent >= 20.0 * 0.8 * 2_000.0, "{midgame_spent}");
    }

    #[test]
    fn solve_now_switches_at_exact_solve_empties() {
        let tm = TimeManager {
            exact_solve_empties: 16,
            ..TimeManager::default()
        };
        let clock = |empties| ClockState {
            remaining_ms: GAME_MS,
            increment_ms: 0.0,
            empties,
        };
        assert!(!tm.budget(&clock(17)).solve_now);
        assert!(tm.budget(&clock(16)).solve_now);
        assert!(tm.budget(&clock(1)).solve_now);
        assert!(!budget(GAME_MS, 0.0, 21).solve_now);
        assert!(budget(GAME_MS, 0.0, 20).solve_now);
        assert!(budget(GAME_MS, 0.0, 20).hard_ms > 2.0 * budget(GAME_MS, 0.0, 21).hard_ms);
    }

    /// Midgame nodes a millisecond of the engine in the simulated games
    /// below (about one thread of a desktop machine).
    const RATE: f64 = 1_500.0;

    /// A move as iterative deepening spends its budget: iterations from 1 ms,
    /// each 2.5 times the last, until one ends past the soft limit; the
    /// hard limit cuts the last one short.
    fn deepening(b: &MoveBudget) -> f64 {
        let (mut elapsed, mut iteration) = (0.0, 1.0);
        loop {
            if elapsed + iteration >= b.hard_ms {
                return b.hard_ms;
            }
            elapsed += iteration;
            if elapsed >= b.soft_ms {
                return elapsed;
            }
            iteration *= 2.5;
        }
    }

    /// Plays our 30 moves of a game on a `start_ms` clock with `manager`
    /// and the engine's node rate: midgame moves deepen, the first solve
    /// takes `solve_share` of its predicted time (it is given up at its
    /// hard limit), and the moves after a finished solve take 1 ms. Returns
    /// the time left after each move and the empties of the finished solve.
    fn deepening_game(
        manager: &TimeManager,
        start_ms: f64,
        solve_share: f64,
    ) -> (Vec<f64>, Option<u32>) {
        let mut remaining_ms = start_ms;
        let mut solved = None;
        let mut left = Vec::new();
        for empties in (1..=30).rev().map(|i| 2 * i) {
            let clock = ClockState {
                remaining_ms,
                increment_ms: 0.0,
                empties,
            };
            let budget = manager.budget_at_rate(&clock, Some(RATE));
            let spent = match (budget.solve_now, solved) {
                (true, Some(_)) => 1.0,
                (true, None) => {
                    let solve_ms = solve_share * predicted_solve_ms(empties, RATE);
                    if solve_ms <= budget.hard_ms {
                        solved = Some(empties);
                        solve_ms
                    } else {
                        budget.hard_ms
                    }
                }
                (false, _) => deepening(&budget),
            };
            remaining_ms -= spent + OVERHEAD_MS;
            left.push(remaining_ms);
        }
        (left, solved)
    }

    #[test]
    fn a_deepening_game_uses_most_of_the_clock_and_solves() {
        let tuned = TimeManager::default();
        for start_ms in [10_000.0, 20_000.0, 60_000.0] {
            let (left, solved) = deepening_game(&tuned, start_ms, 0.5);
            let used = 1.0 - left.last().unwrap() / start_ms;
            eprintln!("{start_ms} ms: used {used:.3}, solved at {solved:?}");
            assert!(left.iter().all(|&ms| ms >= 0.0), "{start_ms}: {left:?}");
            assert!((0.8..0.99).contains(&used), "{start_ms}: used {used}");
            assert!(solved >= Some(tuned.exact_solve_empties), "{solved:?}");
            // The baseline manager leaves about half of it.
            let (left, _) = deepening_game(&TimeManager::baseline(), start_ms, 0.5);
            let used_before = 1.0 - left.last().unwrap() / start_ms;
            eprintln!("{start_ms} ms with the baseline manager: used {used_before:.3}");
            assert!(
                used_before < 0.7 && used > used_before + 0.2,
                "{used_before}"
            );
        }
    }

    #[test]
    fn short_clocks_and_hard_solves_never_flag() {
        let tuned = TimeManager::default();
        for start_ms in [500.0, 2_000.0, 3_000.0, 5_000.0, 10_000.0, 60_000.0] {
            // Solves up to three times their prediction: given up, never flagged.
            for solve_share in [0.1, 1.0, 3.0] {
                let (left, _) = deepening_game(&tuned, start_ms, solve_share);
                assert!(left.iter().all(|&ms| ms >= 0.0), "{start_ms}: {left:?}");
            }
        }
    }

    #[test]
    fn an_early_solve_needs_a_fast_enough_engine() {
        let tm = TimeManager::default();
        let clock = |empties| ClockState {
            remaining_ms: 30_000.0,
            increment_ms: 0.0,
            empties,
        };
        assert!(!tm.budget(&clock(22)).solve_now);
        assert!(tm.budget_at_rate(&clock(22), Some(RATE)).solve_now);
        assert!(!tm.budget_at_rate(&clock(22), Some(RATE / 100.0)).solve_now);
        assert!(
            !tm.budget_at_rate(&clock(tm.early_solve_empties + 1), Some(1e9))
                .solve_now
        );
        assert!(tm.budget_at_rate(&clock(20), None).solve_now);
        assert!(
            !TimeManager::baseline()
                .budget_at_rate(&clock(22), Some(1e9))
                .solve_now
        );
    }

    #[test]
    fn time_per_move_keeps_to_the_endgame_bound() {
        for time_ms in [1.0, 100.0, 1_000.0, 30_000.0] {
            for empties in 0..=60 {
                for rate in [None, Some(0.0), Some(10.0), Some(RATE), Some(1e9)] {
                    if let Some(hard_ms) = endgame_solve_ms(time_ms, empties, rate) {
                        assert!(hard_ms <= ENDGAME_TIME_FACTOR * time_ms);
                        assert!(empties <= ENDGAME_SOLVE_EMPTIES, "{empties}");
                    }
                }
                assert_eq!(endgame_solve_ms(time_ms, empties, None), None);
            }
        }
        // At 100 ms a move, the solve starts at 16-20 empties.
        let first = (0..=60)
            .rev()
            .find(|&e| endgame_solve_ms(100.0, e, Some(RATE)).is_some());
        assert!(matches!(first, Some(16..=20)), "{first:?}");
        // A slower engine starts later, a faster one earlier.
        let slow = (0..=60)
            .rev()
            .find(|&e| endgame_solve_ms(100.0, e, Some(RATE / 10.0)).is_some());
        assert!(slow < first, "{slow:?}");
    }
}
