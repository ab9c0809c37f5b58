//! Proves the bitboard rules against a slow, obviously-correct reference.
//!
//! The reference keeps an 8x8 grid of `Option<Side>` and walks each of the
//! eight directions square by square with explicit column and row bounds
//! checks. On well over 100,000 positions reached by random games from the
//! start (every visited position is checked), the fast engine must agree with
//! it on the legal moves, the flips and result of every move, the status
//! (moves / must pass / game over), the final score and `moves::neighbours`,
//! and legal moves must commute with all eight symmetries.

mod common;

use common::reference::{bit, reference_neighbours, Reference, Side};

use othello::moves;
use othello::rng::Rng;
use othello::symmetry::Symmetry;
use othello::{Board, Color, Move, Position, Square, Status};

/// How many random reachable positions the property test visits at least.
const POSITIONS: usize = 150_000;

/// Asserts that the engine agrees with the reference on one position.
fn check_board(reference: &Reference, board: &Board) {
    let legal = reference.legal_bits();
    assert_eq!(board.moves(), legal, "moves differ on {board:?}");
    assert_eq!(
        moves::legal_moves(board.player, board.opponent),
        legal,
        "legal_moves differs on {board:?}"
    );
    for row in 0..8 {
        for column in 0..8 {
            let square = Square::at(column as u8, row as u8).unwrap();
            assert_eq!(square.bit(), bit(column, row));
            let flips = reference.flips_bits(column, row);
            assert_eq!(board.flips(square), flips, "flips of {square} on {board:?}");
            assert_eq!(board.is_legal(square), flips != 0);
            let expected = (flips != 0).then(|| reference.play(column, row).board());
            assert_eq!(board.play(square), expected, "play {square} on {board:?}");
        }
    }
    assert_eq!(board.status(), reference.status(), "status of {board:?}");
}

#[test]
fn reference_start_is_the_engine_start() {
    assert_eq!(Reference::start().board(), Board::START);
    assert_eq!(
        Reference::start().legal_moves(),
        [(3, 2), (2, 3), (5, 4), (4, 5)] // d3 c4 f5 e6
    );
}

#[test]
fn random_games_match_the_reference() {
    let mut rng = Rng::new(0x0123_4567_89ab_cdef);
    let mut reference = Reference::start();
    let mut position = Position::START;
    let (mut visited, mut games, mut passes) = (0, 0, 0);
    let mut statuses = [0usize; 3];
    while visited < POSITIONS {
        visited += 1;
        let board = reference.board();
        assert_eq!(position.board, board, "engine and reference diverged");
        let black_to_move = reference.to_move == Side::Black;
        assert_eq!(position.to_move == Color::Black, black_to_move);
        assert_eq!(position.black(), reference.bits_of(Side::Black));
        assert_eq!(position.white(), reference.bits_of(Side::White));
        check_board(&reference, &board);

        let discs = board.player | board.opponent;
        for bits in [board.player, board.opponent, discs, board.empties()] {
            assert_eq!(moves::neighbours(bits), reference_neighbours(bits));
        }

        let legal = board.moves();
        for symmetry in Symmetry::ALL {
            let image = symmetry.board(&board);
            assert_eq!(
                image.moves(),
                symmetry.bits(legal),
                "{symmetry:?} {board:?}"
            );
        }

        let legal_moves = reference.legal_moves();
        match reference.status() {
            Status::Moves => {
                statuses[0] += 1;
                let (column, row) = legal_moves[rng.below(legal_moves.len())];
                let square = Square::at(column as u8, row as u8).unwrap();
                reference = reference.play(column, row);
                position = position.play(Move::Play(square)).unwrap();
            }
            Status::MustPass => {
                statuses[1] += 1;
                passes += 1;
                reference = reference.pass();
                position = position.play(Move::Pass).unwrap();
            }
            Status::GameOver => {
                statuses[2] += 1;
                games += 1;
                assert_eq!(position.final_score(), reference.final_score());
                assert_eq!(position.play(Move::Pass), Err(othello::MoveError::GameOver));
                reference = Reference::start();
                position = Position::START;
            }
        }
    }
    println!("visited {visited} positions in {games} finished games, {passes} passes");
    // The walk must really have exercised all three statuses.
    assert!(statuses.iter().all(|&count| count > 0), "{statuses:?}");
}

#[test]
fn random_boards_match_the_reference() {
    // Arbitrary (mostly unreachable) boards of every density stress the edge masks.
    let mut rng = Rng::new(42);
    for round in 0..20_000 {
        let density = round % 4;
        let mut occupied = rng.next_u64();
        for _ in 0..density {
            occupied |= rng.next_u64();
        }
        let split = rng.next_u64();
        let (player, opponent) = (occupied & split, occupied & !split);
        let reference = Reference::from_bits(player, opponent, Side::Black);
        let board = Board::new(player, opponent).unwrap();
        check_board(&reference, &board);
        let bits = rng.next_u64() & rng.next_u64();
        assert_eq!(moves::neighbours(bits), reference_neighbours(bits));
    }
}

#[test]
fn symmetries_move_squares_as_documented() {
    // Bit 0 mirrors columns, bit 1 mirrors rows, bit 2 transposes, in that order.
    for symmetry in Symmetry::ALL {
        for square in Square::all() {
            let (mut column, mut row) = (square.column(), square.row());
            if symmetry.0 & 1 != 0 {
                column = 7 - column;
            }
            if symmetry.0 & 2 != 0 {
                row = 7 - row;
            }
            if symmetry.0 & 4 != 0 {
                (column, row) = (row, column);
            }
            let image = Square::at(column, row).unwrap();
            assert_eq!(symmetry.square(square), image, "{symmetry:?} {square}");
            assert_eq!(symmetry.bits(square.bit()), image.bit());
        }
    }
}
