//! The slow, obviously-correct rules the engine is proven against: an 8x8
//! grid of `Option<Side>`, each of the eight directions walked square by
//! square with explicit column and row bounds checks. Written apart from the
//! engine's bitboards and sharing nothing with them.

use othello::{Board, Status};

/// A disc colour in the reference, independent of the engine's `Color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Black,
    White,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

/// The eight directions as (column step, row step).
pub const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

pub fn on_board(column: i32, row: i32) -> bool {
    (0..8).contains(&column) && (0..8).contains(&row)
}

/// The bitboard bit of a square: `row * 8 + column`, a1 = bit 0, h8 = bit 63.
pub fn bit(column: i32, row: i32) -> u64 {
    assert!(on_board(column, row));
    1u64 << (row * 8 + column)
}

/// The reference position: `grid[row][column]` and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    pub grid: [[Option<Side>; 8]; 8],
    pub to_move: Side,
}

impl Reference {
    /// White on d4 and e5, Black on e4 and d5, Black to move.
    pub fn start() -> Reference {
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
    pub fn from_bits(mine: u64, theirs: u64, to_move: Side) -> Reference {
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

    pub fn at(&self, column: i32, row: i32) -> Option<Side> {
        self.grid[row as usize][column as usize]
    }

    pub fn bits_of(&self, side: Side) -> u64 {
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
    pub fn board(&self) -> Board {
        Board {
            player: self.bits_of(self.to_move),
            opponent: self.bits_of(self.to_move.other()),
        }
    }

    /// The squares flipped by the side to move playing at (column, row).
    pub fn flips(&self, column: i32, row: i32) -> Vec<(i32, i32)> {
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

    pub fn flips_bits(&self, column: i32, row: i32) -> u64 {
        self.flips(column, row)
            .into_iter()
            .fold(0, |bits, (c, r)| bits | bit(c, r))
    }

    /// The legal moves of the side to move, a1 first.
    pub fn legal_moves(&self) -> Vec<(i32, i32)> {
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

    pub fn legal_bits(&self) -> u64 {
        self.legal_moves()
            .into_iter()
            .fold(0, |bits, (c, r)| bits | bit(c, r))
    }

    /// The position after a legal move.
    pub fn play(&self, column: i32, row: i32) -> Reference {
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

    pub fn pass(&self) -> Reference {
        Reference {
            grid: self.grid,
            to_move: self.to_move.other(),
        }
    }

    pub fn status(&self) -> Status {
        if !self.legal_moves().is_empty() {
            Status::Moves
        } else if !self.pass().legal_moves().is_empty() {
            Status::MustPass
        } else {
            Status::GameOver
        }
    }

    /// Black minus White, with the empty squares going to the winner.
    pub fn final_score(&self) -> i32 {
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
pub fn reference_neighbours(discs: u64) -> u64 {
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

impl Reference {
    /// Leaves `depth` plies below, a pass counted as a ply (convention A of
    /// tests/data/perft.txt) and a finished game as one leaf.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        match self.status() {
            Status::GameOver => 1,
            Status::MustPass => self.pass().perft(depth - 1),
            Status::Moves => self
                .legal_moves()
                .into_iter()
                .map(|(column, row)| self.play(column, row).perft(depth - 1))
                .sum(),
        }
    }
}
