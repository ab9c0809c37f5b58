//! The temporal-difference learner: its phases, its determinism, that the
//! weights it learns predict exact endgame scores better than no weights
//! on positions it never saw, and the committed learned weights.

use othello::rng::Rng;
use othello_board96::endgame::solve;
use othello_board96::eval::{
    features, stage, ColourWeights, Weights, WeightsError, LEARNED_WEIGHTS,
};
use othello_board96::learn::{train, Config, Event, Phase};
use othello_board96::position::RED;
use othello_board96::square::Squares;
use othello_board96::{Color, Position, Status};

/// A small run: the last 6 plies exact, then three phases of 2 plies
/// searched at depth 2 (stages 40 to 45).
fn small(seed: u64) -> Config {
    Config {
        games: 24,
        seed,
        phase_plies: 2,
        depth: 2,
        exact_plies: 6,
        explore_depth: 1,
        first_stage: 40,
        ..Config::default()
    }
}

#[test]
fn phases_run_back_from_the_endgame() {
    let phases = Config::default().phases();
    assert_eq!(phases.len(), 11);
    assert_eq!(
        phases[0],
        Phase {
            first: 39,
            last: 45,
            exact: true
        }
    );
    // The exact phase holds boards with 82 to 95 discs: 14 plies.
    assert_eq!((phases[0].min_discs(), phases[0].max_discs()), (82, 95));
    assert_eq!(
        phases[1],
        Phase {
            first: 35,
            last: 38,
            exact: false
        }
    );
    assert_eq!(
        phases[10],
        Phase {
            first: 0,
            last: 2,
            exact: false
        }
    );
    // Every stage is trained once, later stages first.
    let mut next = 46;
    for phase in &phases {
        assert_eq!(phase.last + 1, next);
        next = phase.first;
    }
    assert_eq!(next, 0);
    let short = small(1).phases();
    let ranges: Vec<(usize, usize, bool)> =
        short.iter().map(|p| (p.first, p.last, p.exact)).collect();
    assert_eq!(
        ranges,
        [
            (43, 45, true),
            (42, 42, false),
            (41, 41, false),
            (40, 40, false)
        ]
    );
}

#[test]
fn bad_settings_are_refused() {
    for config in [
        Config {
            games: 0,
            ..Config::default()
        },
        Config {
            phase_plies: 7,
            ..Config::default()
        },
        Config {
            exact_plies: 0,
            ..Config::default()
        },
        Config {
            alpha: 0.0,
            ..Config::default()
        },
        Config {
            explore: [60, 50],
            ..Config::default()
        },
        Config {
            first_stage: 46,
            ..Config::default()
        },
    ] {
        assert!(train(&config, &mut |_| {}).is_err(), "{config:?}");
    }
}

/// Positions with 90 to 95 discs from seeded random games, each with its
/// side to move and exact score (hundredths of a disc).
fn endgame_positions(seed: u64, count: usize) -> Vec<(Position, f64)> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut position = Position::START;
        let stop = 90 + rng.below(6) as u32;
        while position.board.disc_count() < stop && !position.board.is_game_over() {
            let moves = position.board.moves();
            let mv = if moves == 0 {
                othello_board96::Move::Pass
            } else {
                let pick = rng.below(moves.count_ones() as usize);
                othello_board96::Move::Play(Squares(moves).nth(pick).unwrap())
            };
            position = position.play(mv).unwrap();
        }
        if position.board.status() == Status::Moves {
            let score = solve(&position.board).score;
            found.push((position, f64::from(score) * 100.0));
        }
    }
    found
}

/// Mean squared error of `weights` (per colour) on `positions`.
fn mean_squared_error(weights: &ColourWeights, positions: &[(Position, f64)]) -> f64 {
    let total: f64 = positions
        .iter()
        .map(|(position, target)| {
            let w = &weights.of(position.to_move).stages[stage(&position.board)];
            let value: f64 = features(&position.board)
                .iter()
                .zip(w)
                .map(|(&f, &w)| f64::from(f) * f64::from(w))
                .sum();
            (target - value).powi(2)
        })
        .sum();
    total / positions.len() as f64
}

#[test]
fn learning_is_deterministic_and_predicts_unseen_endgames() {
    let mut events = Vec::new();
    let first = train(&small(5), &mut |e| events.push(*e)).unwrap();
    let again = train(&small(5), &mut |_| {}).unwrap();
    assert_eq!(first, again);
    let other = train(&small(6), &mut |_| {}).unwrap();
    assert_ne!(first.weights, other.weights);
    // A game event per game of each phase, then the phase.
    assert_eq!(events.len(), 4 * (24 + 1));
    assert!(matches!(events[24], Event::PhaseDone(r) if r.index == 0 && r.samples > 24));
    for report in &first.phases {
        assert!(report.samples > 0 && report.nodes > 0, "{report:?}");
        assert!(report.rms_after < report.rms_before, "{report:?}");
    }
    // Stages before the first trained one stay zero; the trained ones not.
    for weights in [&first.weights.red, &first.weights.white] {
        assert!(weights.stages[..40].iter().flatten().all(|&w| w == 0));
        assert!(weights.stages[40..]
            .iter()
            .all(|s| s.iter().any(|&w| w != 0)));
    }
    // On positions the learner never saw, the exactly trained stages
    // (boards with 90 to 95 discs) predict the solved score better than
    // zero weights do.
    let unseen = endgame_positions(99, 200);
    let learned = mean_squared_error(&first.weights, &unseen);
    let zero = mean_squared_error(&ColourWeights::both(Weights::uniform(0)), &unseen);
    assert!(
        learned < 0.7 * zero,
        "learned {:.1} zero {:.1} (discs rms)",
        learned.sqrt() / 100.0,
        zero.sqrt() / 100.0
    );
}

#[test]
fn colour_weights_round_trip_and_errors_are_located() {
    let mut weights = ColourWeights::both(Weights::hand());
    weights.white.stages[3][1] = -7;
    let text = weights.write();
    assert_eq!(ColourWeights::parse(&text), Ok(weights.clone()));
    assert_eq!(weights.of(Color::White).stages[3][1], -7);
    assert_eq!(weights.of(RED), &Weights::hand());
    // One table without colour lines serves both colours.
    assert_eq!(
        ColourWeights::parse(&Weights::hand().write()),
        Ok(ColourWeights::both(Weights::hand()))
    );
    // Line numbers are those of the whole text.
    let broken = text.replacen("\n3 ", "\n3 x", 2);
    let lines: Vec<&str> = broken.lines().collect();
    let second = lines.iter().rposition(|l| l.starts_with("3 x")).unwrap();
    let first = lines.iter().position(|l| l.starts_with("3 x")).unwrap();
    assert_eq!(first, 5);
    assert!(second > 48);
    assert_eq!(
        ColourWeights::parse(&broken).unwrap_err().to_string(),
        "weights: line 6: weight score 'x-12' is not an integer"
    );
    let red_only = format!("red\n{}", Weights::hand().write());
    assert_eq!(
        ColourWeights::parse(&red_only),
        Err(WeightsError::MissingColour {
            colour: "white".into()
        })
    );
    let doubled = format!("{text}red\n");
    assert!(ColourWeights::parse(&doubled)
        .unwrap_err()
        .to_string()
        .contains("a second 'red' table"));
    let stray = format!("0 1 2 3 4 5 6 7\n{text}");
    assert!(ColourWeights::parse(&stray)
        .unwrap_err()
        .to_string()
        .starts_with("weights: line 1: a weight line before"));
}

#[test]
fn the_committed_weights_are_learned_ones() {
    let learned = ColourWeights::parse(LEARNED_WEIGHTS).expect("the committed weights parse");
    assert_eq!(ColourWeights::learned(), learned);
    // Written by the documented command, with its settings in the header.
    assert!(
        LEARNED_WEIGHTS.contains("# othello train --board 96 --games "),
        "no command in the header"
    );
    // Every stage of both colours was trained, and the colours differ (the
    // report's separate weights).
    for weights in [&learned.red, &learned.white] {
        assert!(weights.stages.iter().all(|s| s.iter().any(|&w| w != 0)));
    }
    assert_ne!(learned.red, learned.white);
}

#[test]
fn a_colour_weights_player_plays_each_colour_with_its_table() {
    use othello_board96::players::{play_game, RandomPlayer, SearchPlayer};
    let both = ColourWeights {
        red: Weights::hand(),
        white: Weights::uniform(1),
    };
    // As Red it plays as the hand-weighted player, as White as the
    // uniform one, move for move.
    let as_red = play_game(
        &mut SearchPlayer::smart_colours(2, both.clone()),
        &mut RandomPlayer::new(4),
        Position::START,
    )
    .unwrap();
    let hand = play_game(
        &mut SearchPlayer::smart(2, Weights::hand()),
        &mut RandomPlayer::new(4),
        Position::START,
    )
    .unwrap();
    assert_eq!(as_red.game, hand.game);
    let as_white = play_game(
        &mut RandomPlayer::new(4),
        &mut SearchPlayer::smart_colours(2, both.clone()),
        Position::START,
    )
    .unwrap();
    let uniform = play_game(
        &mut RandomPlayer::new(4),
        &mut SearchPlayer::smart(2, Weights::uniform(1)),
        Position::START,
    )
    .unwrap();
    assert_eq!(as_white.game, uniform.game);
    assert_ne!(as_red.game, as_white.game);
}
