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

use othello::moves;
use othello::players::Rng;
use othello::symmetry::Symmetry;
use othello::{Board, Color, Move, Position, Square, Status};

/// How many random reachable positions the property test visits at least.
const POSITIONS: usize = 150_000;

/// A disc colour in the reference, independent of the engine's `Color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Black,
    White,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

/// The eight directions as (column step, row step).
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

fn on_board(column: i32, row: i32) -> bool {
    (0..8).contains(&column) && (0..8).contains(&row)
}

/// The bitboard bit of a square: `row * 8 + column`, a1 = bit 0, h8 = bit 63.
fn bit(column: i32, row: i32) -> u64 {
    assert!(on_board(column, row));
    1u64 << (row * 8 + column)
}

/// The reference position: `grid[row][column]` and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reference {
    grid: [[Option<Side>; 8]; 8],
    to_move: Side,
}

impl Reference {
    /// White on d4 and e5, Black on e4 and d5, Black to move.
    fn start() -> Reference {
        let mut grid = [[None; 8]; 8];
        grid[3][3] = Some(Side::White); // d4
        grid[4][4] = Some(Side::White); // e5
        grid[3][4] = Some(Side::Black); // e4
        grid[4][3] = Some(Side::Black); // d5
        Reference {
            grid,
            to_move: Side::Black,
        }
    }

    /// A reference position from two disjoint bitboards, `to_move` owning `mine`.
    fn from_bits(mine: u64, theirs: u64, to_move: Side) -> Reference {
        let mut grid = [[None; 8]; 8];
        for row in 0..8 {
            for column in 0..8 {
                if mine & bit(column, row) != 0 {
                    grid[row as usize][column as usize] = Some(to_move);
                } else if theirs & bit(column, row) != 0 {
                    grid[row as usize][column as usize] = Some(to_move.other());
                }
            }
        }
        Reference { grid, to_move }
    }

    fn at(&self, column: i32, row: i32) -> Option<Side> {
        self.grid[row as usize][column as usize]
    }

    fn bits_of(&self, side: Side) -> u64 {
        let mut bits = 0;
        for row in 0..8 {
            for column in 0..8 {
                if self.at(column, row) == Some(side) {
                    bits |= bit(column, row);
                }
            }
        }
        bits
    }

    /// The engine's board: discs relative to the side to move.
    fn board(&self) -> Board {
        Board {
            player: self.bits_of(self.to_move),
            opponent: self.bits_of(self.to_move.other()),
        }
    }

    /// The squares flipped by the side to move playing at (column, row).
    fn flips(&self, column: i32, row: i32) -> Vec<(i32, i32)> {
        let mut flipped = Vec::new();
        if self.at(column, row).is_some() {
            return flipped;
        }
        let me = self.to_move;
        for (dc, dr) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut c, mut r) = (column + dc, row + dr);
            while on_board(c, r) && self.at(c, r) == Some(me.other()) {
                run.push((c, r));
                c += dc;
                r += dr;
            }
            if !run.is_empty() && on_board(c, r) && self.at(c, r) == Some(me) {
                flipped.extend(run);
            }
        }
        flipped
    }

    fn flips_bits(&self, column: i32, row: i32) -> u64 {
        self.flips(column, row)
            .into_iter()
            .fold(0, |bits, (c, r)| bits | bit(c, r))
    }

    /// The legal moves of the side to move, a1 first.
    fn legal_moves(&self) -> Vec<(i32, i32)> {
        let mut legal = Vec::new();
        for row in 0..8 {
            for column in 0..8 {
                if !self.flips(column, row).is_empty() {
                    legal.push((column, row));
                }
            }
        }
        legal
    }

    fn legal_bits(&self) -> u64 {
        self.legal_moves()
            .into_iter()
            .fold(0, |bits, (c, r)| bits | bit(c, r))
    }

    /// The position after a legal move.
    fn play(&self, column: i32, row: i32) -> Reference {
        let flipped = self.flips(column, row);
        assert!(!flipped.is_empty(), "reference: illegal move");
        let mut next = *self;
        next.grid[row as usize][column as usize] = Some(self.to_move);
        for (c, r) in flipped {
            next.grid[r as usize][c as usize] = Some(self.to_move);
        }
        next.to_move = self.to_move.other();
        next
    }

    fn pass(&self) -> Reference {
        Reference {
            grid: self.grid,
            to_move: self.to_move.other(),
        }
    }

    fn status(&self) -> Status {
        if !self.legal_moves().is_empty() {
            Status::Moves
        } else if !self.pass().legal_moves().is_empty() {
            Status::MustPass
        } else {
            Status::GameOver
        }
    }

    /// Black minus White, with the empty squares going to the winner.
    fn final_score(&self) -> i32 {
        let black = self.bits_of(Side::Black).count_ones() as i32;
        let white = self.bits_of(Side::White).count_ones() as i32;
        let empties = 64 - black - white;
        if black > white {
            black - white + empties
        } else if white > black {
            black - white - empties
        } else {
            0
        }
    }
}

/// Every square (empty or not) that touches at least one disc of `discs`
/// in one of the eight directions, which is what `moves::neighbours` returns
/// (it ORs the eight one-step shifts and does not mask out occupied squares).
fn reference_neighbours(discs: u64) -> u64 {
    let mut around = 0;
    for row in 0..8 {
        for column in 0..8 {
            let touches = DIRECTIONS.iter().any(|&(dc, dr)| {
                let (c, r) = (column + dc, row + dr);
                on_board(c, r) && discs & bit(c, r) != 0
            });
            if touches {
                around |= bit(column, row);
            }
        }
    }
    around
}

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
