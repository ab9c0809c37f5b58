//! The statistics of a match played in pairs (each opening twice, colours
//! swapped): A's score, its Elo difference with a 95% interval, and the
//! log-likelihood ratio of a sequential probability ratio test.
//!
//! The two games of a pair share their opening, so they are not
//! independent; the variance is taken over the pairs' mean scores (the
//! "pentanomial" model of engine testing frameworks), which counts that.
//! The test is Wald's SPRT with the normal approximation of the
//! log-likelihood ratio of two Elo hypotheses (as described by Michel Van
//! den Bergh for chess engine testing): after N pairs with mean score s and
//! variance v, LLR = N (s1 - s0) (2s - s0 - s1) / (2v), where s0 and s1 are
//! the scores the two Elo differences give.

/// The normal quantile of a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

/// The expected score of a side `elo` points stronger.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a side that scores `score` (0 to 1); infinite at
/// 0 and 1.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The pairs' mean scores for A (0, 1/4, 1/2, 3/4 or 1 each).
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    scores: Vec<f64>,
}

impl Pairs {
    /// Adds a pair whose two games scored `first` and `second` for A.
    pub fn push(&mut self, first: f64, second: f64) {
        self.scores.push((first + second) / 2.0);
    }

    /// Pairs so far.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// A's mean score (0.5 before any pair).
    pub fn score(&self) -> f64 {
        if self.scores.is_empty() {
            return 0.5;
        }
        self.scores.iter().sum::<f64>() / self.scores.len() as f64
    }

    /// The variance of one pair's score.
    fn variance(&self) -> f64 {
        let mean = self.score();
        let n = self.scores.len() as f64;
        if n < 1.0 {
            return 0.0;
        }
        self.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n
    }

    /// A's Elo difference and its 95% interval, `(low, elo, high)`.
    pub fn elo_interval(&self) -> (f64, f64, f64) {
        let score = self.score();
        let n = self.scores.len().max(1) as f64;
        let margin = Z_95 * (self.variance() / n).sqrt();
        (
            elo_of(score - margin),
            elo_of(score),
            elo_of(score + margin),
        )
    }

    /// The log-likelihood ratio of "A is `elo1` stronger" against "A is
    /// `elo0` stronger" (0 while the pairs have no variance).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let variance = self.variance();
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        self.scores.len() as f64 * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * variance)
    }
}

/// The SPRT's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first hypothesis (ELO0) is accepted.
    H0,
    /// The second hypothesis (ELO1) is accepted.
    H1,
    /// Neither yet.
    Continue,
}

impl Verdict {
    /// `"H0"`, `"H1"` or `"inconclusive"`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
            Verdict::Continue => "inconclusive",
        }
    }
}

/// Wald's bounds on the LLR for errors `alpha` (accepting H1 when H0
/// holds) and `beta` (the reverse): `(lower, upper)`.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// The verdict of an LLR within `bounds`.
pub fn verdict(llr: f64, (lower, upper): (f64, f64)) -> Verdict {
    if llr >= upper {
        Verdict::H1
    } else if llr <= lower {
        Verdict::H0
    } else {
        Verdict::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -50.0, 0.0, 35.0, 191.0] {
            assert!((elo_of(score_of(elo)) - elo).abs() < 1e-9);
        }
        // A 75% score is 191 Elo (the logistic model's familiar figure).
        assert!((elo_of(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo_of(1.0), f64::INFINITY);
        assert_eq!(elo_of(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn the_interval_narrows_with_pairs_and_holds_the_estimate() {
        let mut few = Pairs::default();
        let mut many = Pairs::default();
        // Pairs scoring 1, 1/2, 1/2, 0, 3/4 in a cycle: a mean of 0.55.
        let cycle = [(1.0, 1.0), (1.0, 0.0), (0.5, 0.5), (0.0, 0.0), (1.0, 0.5)];
        for (index, &(a, b)) in cycle.iter().cycle().take(200).enumerate() {
            if index < 20 {
                few.push(a, b);
            }
            many.push(a, b);
        }
        assert!((many.score() - 0.55).abs() < 1e-12);
        let (low, elo, high) = many.elo_interval();
        assert!(low < elo && elo < high);
        assert!((elo - elo_of(0.55)).abs() < 1e-9);
        let (few_low, _, few_high) = few.elo_interval();
        assert!(few_high - few_low > high - low);
    }

    #[test]
    fn the_sprt_accepts_the_hypothesis_the_results_favour() {
        let bounds = sprt_bounds(0.05, 0.05);
        assert!((bounds.0 + 2.944).abs() < 0.001 && (bounds.1 - 2.944).abs() < 0.001);
        // A side that wins three pairs in four by 1-0 1-0, else draws both.
        let mut strong = Pairs::default();
        let mut level = Pairs::default();
        let mut strong_verdict = Verdict::Continue;
        for index in 0..400 {
            if index % 4 == 3 {
                strong.push(0.5, 0.5);
            } else {
                strong.push(1.0, 1.0);
            }
            if strong_verdict == Verdict::Continue {
                strong_verdict = verdict(strong.llr(0.0, 20.0), bounds);
            }
        }
        // Level sides: pairs of 3/4 and 1/4 in turn, a mean of exactly 1/2.
        for index in 0..1000 {
            level.push(if index % 2 == 0 { 1.0 } else { 0.0 }, 0.5);
        }
        assert_eq!(strong_verdict, Verdict::H1);
        assert_eq!(verdict(level.llr(0.0, 20.0), bounds), Verdict::H0);
        assert_eq!(Pairs::default().llr(0.0, 20.0), 0.0);
    }
}
