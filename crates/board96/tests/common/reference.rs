//! A deliberately simple reference for the 96-square rules, written apart
//! from the bitboard code: a 10x10 array of cells and explicit walks along
//! the eight directions with bounds checks. It is slow and obvious; the
//! tests compare the bitboard move generator with it.

/// What a cell of the grid holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// One of the four unusable cells (c3, h3, c8, h8).
    Hole,
    /// An empty playable cell.
    Empty,
    /// A disc of the side to move.
    Mine,
    /// A disc of the other side.
    Theirs,
}

/// The grid, `cells[row][column]`, relative to the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The cells, row 0 = row 1, column 0 = column a.
    pub cells: [[Cell; 10]; 10],
}

const STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

fn is_hole(row: usize, column: usize) -> bool {
    (row == 2 || row == 7) && (column == 2 || column == 7)
}

impl Grid {
    /// The start: the mover (red) on e6 and f5, the other side (white) on
    /// e5 and f6.
    pub fn start() -> Grid {
        let mut cells = [[Cell::Empty; 10]; 10];
        for (row, line) in cells.iter_mut().enumerate() {
            for (column, cell) in line.iter_mut().enumerate() {
                if is_hole(row, column) {
                    *cell = Cell::Hole;
                }
            }
        }
        cells[4][4] = Cell::Theirs; // e5
        cells[5][5] = Cell::Theirs; // f6
        cells[5][4] = Cell::Mine; // e6
        cells[4][5] = Cell::Mine; // f5
        Grid { cells }
    }

    fn get(&self, row: i32, column: i32) -> Option<Cell> {
        if (0..10).contains(&row) && (0..10).contains(&column) {
            Some(self.cells[row as usize][column as usize])
        } else {
            None
        }
    }

    /// The cells a move at (row, column) flips, walking each direction.
    pub fn flips(&self, row: usize, column: usize) -> Vec<(usize, usize)> {
        let mut flipped = Vec::new();
        if self.cells[row][column] != Cell::Empty {
            return flipped;
        }
        for (dr, dc) in STEPS {
            let mut line = Vec::new();
            let (mut r, mut c) = (row as i32 + dr, column as i32 + dc);
            while self.get(r, c) == Some(Cell::Theirs) {
                line.push((r as usize, c as usize));
                r += dr;
                c += dc;
            }
            if !line.is_empty() && self.get(r, c) == Some(Cell::Mine) {
                flipped.extend(line);
            }
        }
        flipped
    }

    /// The legal moves as (row, column), in reading order.
    pub fn moves(&self) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        for row in 0..10 {
            for column in 0..10 {
                if !self.flips(row, column).is_empty() {
                    moves.push((row, column));
                }
            }
        }
        moves
    }

    /// The grid after a legal move, the sides swapped.
    pub fn play(&self, row: usize, column: usize) -> Grid {
        let mut next = *self;
        for (r, c) in self.flips(row, column) {
            next.cells[r][c] = Cell::Mine;
        }
        next.cells[row][column] = Cell::Mine;
        next.swapped()
    }

    /// The grid with the sides swapped (a pass).
    pub fn swapped(&self) -> Grid {
        let mut next = *self;
        for line in next.cells.iter_mut() {
            for cell in line.iter_mut() {
                *cell = match *cell {
                    Cell::Mine => Cell::Theirs,
                    Cell::Theirs => Cell::Mine,
                    other => other,
                };
            }
        }
        next
    }

    /// Discs of (the side to move, the other side), and empty cells.
    pub fn counts(&self) -> (i32, i32, i32) {
        let (mut mine, mut theirs, mut empty) = (0, 0, 0);
        for line in &self.cells {
            for cell in line {
                match cell {
                    Cell::Mine => mine += 1,
                    Cell::Theirs => theirs += 1,
                    Cell::Empty => empty += 1,
                    Cell::Hole => {}
                }
            }
        }
        (mine, theirs, empty)
    }

    /// The final score for the side to move, empty cells to the winner.
    pub fn final_score(&self) -> i32 {
        let (mine, theirs, empty) = self.counts();
        let difference = mine - theirs;
        if difference > 0 {
            difference + empty
        } else if difference < 0 {
            difference - empty
        } else {
            0
        }
    }

    /// Perft with a pass as a ply and a finished game as one leaf.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            let passed = self.swapped();
            if passed.moves().is_empty() {
                return 1;
            }
            return passed.perft(depth - 1);
        }
        moves
            .iter()
            .map(|&(r, c)| self.play(r, c).perft(depth - 1))
            .sum()
    }

    /// The exact final score for the side to move with perfect play by
    /// both sides: plain minimax to the end of the game.
    pub fn solve(&self) -> i32 {
        let moves = self.moves();
        if moves.is_empty() {
            let passed = self.swapped();
            if passed.moves().is_empty() {
                return self.final_score();
            }
            return -passed.solve();
        }
        moves
            .iter()
            .map(|&(r, c)| -self.play(r, c).solve())
            .max()
            .unwrap_or(i32::MIN)
    }
}
