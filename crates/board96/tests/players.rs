//! Whole games between the players: every move is legal by the reference,
//! passes come exactly when the reference has no move, and the game ends
//! when neither side can move, with the reference's score.

mod common;

use common::grid_of;
use othello_board96::clock::StepClock;
use othello_board96::eval::Weights;
use othello_board96::notation::transcript;
use othello_board96::players::{
    play_game, ClockedPlayer, GameRecord, Player, RandomPlayer, SearchPlayer,
};
use othello_board96::position::RED;
use othello_board96::{Move, Position};

/// Replays a record on the reference board and checks every move.
fn check_record(record: &GameRecord) {
    let mut grid = grid_of(&Position::START.board);
    let mut to_move = RED;
    for (ply, mv) in record.game.moves().iter().enumerate() {
        let moves = grid.moves();
        match mv {
            Move::Pass => {
                assert!(moves.is_empty(), "ply {ply}: pass with moves");
                assert!(
                    !grid.swapped().moves().is_empty(),
                    "ply {ply}: pass after the end"
                );
                grid = grid.swapped();
            }
            Move::Play(square) => {
                let cell = (square.row() as usize, square.column() as usize);
                assert!(moves.contains(&cell), "ply {ply}: {square} is illegal");
                grid = grid.play(cell.0, cell.1);
            }
        }
        to_move = to_move.opposite();
    }
    assert!(
        grid.moves().is_empty() && grid.swapped().moves().is_empty(),
        "the game is over"
    );
    let score = grid.final_score();
    let red_score = if to_move == RED { score } else { -score };
    assert_eq!(record.red_score, red_score);
    // The transcript reads back to the same game.
    let replayed = transcript::parse(&record.transcript).expect("a readable transcript");
    assert_eq!(&replayed, &record.game);
}

fn play(red: &mut dyn Player, white: &mut dyn Player) -> GameRecord {
    let record = play_game(red, white, Position::START).expect("legal moves only");
    check_record(&record);
    record
}

#[test]
fn random_games_are_legal_and_reproducible() {
    let mut records = Vec::new();
    for seed in 0..20 {
        records.push(play(
            &mut RandomPlayer::new(seed),
            &mut RandomPlayer::new(seed + 100),
        ));
    }
    let again = play(&mut RandomPlayer::new(0), &mut RandomPlayer::new(100));
    assert_eq!(again, records[0]);
    assert!(records
        .iter()
        .any(|r| r.transcript != records[0].transcript));
}

#[test]
fn search_players_beat_random_play() {
    let mut greedy_total = 0;
    for seed in 0..4 {
        let record = play(&mut SearchPlayer::greedy(2), &mut RandomPlayer::new(seed));
        greedy_total += record.red_score;
        let record = play(
            &mut RandomPlayer::new(seed),
            &mut SearchPlayer::smart(2, Weights::hand()),
        );
        assert!(
            record.red_score < 0,
            "smart:2 as White beats random: {}",
            record.red_score
        );
    }
    assert!(greedy_total > 0, "{greedy_total}");
}

#[test]
fn a_clocked_player_plays_a_legal_game_in_its_time() {
    // 1 ms per clock reading: the search reads the clock every 1024 nodes.
    let total_ms = 2_000.0;
    let mut clocked = ClockedPlayer::new(Weights::hand(), total_ms, StepClock::new(1.0));
    let record = play(&mut clocked, &mut SearchPlayer::greedy(1));
    assert!(!clocked.depths().is_empty());
    assert!(clocked
        .depths()
        .iter()
        .all(|d| (4..=16).contains(d) && d % 2 == 0));
    // The first two searches are at depth 8, then the manager adapts.
    assert_eq!(&clocked.depths()[..2], &[8, 8]);
    assert!(clocked.nodes() > 0);
    assert!(record.game.moves().len() >= 40);
    assert!(clocked.remaining_ms() >= 0.0, "{}", clocked.remaining_ms());
    // A tight clock forces abandoned searches and shallower depths, and the
    // game still ends normally (0.1 ms a reading, 0.5 ms kept per move).
    let mut hurried =
        ClockedPlayer::new(Weights::hand(), 120.0, StepClock::new(0.1)).with_move_overhead_ms(0.5);
    play(&mut SearchPlayer::greedy(1), &mut hurried);
    assert!(hurried.aborts() > 0);
    assert!(hurried.depths().contains(&4));
    assert!(hurried.remaining_ms() >= 0.0, "{}", hurried.remaining_ms());
}

#[test]
fn a_clocked_player_never_overruns_its_clock() {
    // Every clock reading costs 0.1 ms; the player keeps back 0.5 ms (five
    // readings) per later move. From a clock too short for any search to
    // one where it searches most moves, as Red and as White, the game ends
    // with time left; the shortest clocks use the one-ply fallback and the
    // stop at the reserve.
    let mut fallbacks = 0;
    for (index, total_ms) in [10.0, 45.0, 60.0, 120.0].into_iter().enumerate() {
        let mut clocked = ClockedPlayer::new(Weights::hand(), total_ms, StepClock::new(0.1))
            .with_move_overhead_ms(0.5);
        let mut greedy = SearchPlayer::greedy(1);
        if index % 2 == 0 {
            play(&mut clocked, &mut greedy);
        } else {
            play(&mut greedy, &mut clocked);
        }
        assert!(
            clocked.remaining_ms() >= 0.0,
            "{total_ms} ms: {} left",
            clocked.remaining_ms()
        );
        fallbacks += clocked.quick_moves();
        if total_ms >= 60.0 {
            assert!(!clocked.depths().is_empty(), "{total_ms} ms: no search");
        }
    }
    assert!(fallbacks > 0);
}
