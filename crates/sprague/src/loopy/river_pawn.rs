//! 过河卒 ("the pawn across the river", also "the generals stop the pawn"): one
//! black pawn against two red generals on a board with obstacles.
//!
//! Rules (as in the competition problem 联合省选 2023 "过河卒"): an n × m board,
//! rows numbered from the top, some cells blocked. Red moves first, then the
//! players alternate. Red moves one of its two pieces one step up, down, left or
//! right, onto a free cell inside the board not occupied by the other red piece
//! (moving onto the black piece is allowed). Black moves its pawn one step up
//! (towards row 1), left or right, onto a free cell inside the board (moving onto
//! a red piece is allowed). Before each move the game ends, in this order of
//! priority: the pawn is on the first row — Black wins; the pawn shares a cell with
//! a red piece — the player who made the last move wins; the player to move has
//! no legal move — that player loses. Both sides win as fast and lose as slowly as
//! possible, and endless play is a tie: exactly win/lose/draw with remoteness.

use super::space::StateSpace;
use super::wld::Wld;
use core::fmt;

/// A 过河卒 board: the cells, obstacles, and the starting squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RiverPawn {
    rows: usize,
    cols: usize,
    blocked: Vec<bool>,
    /// Start cell of the black pawn (row-major index).
    pub black: usize,
    /// Start cells of the two red pieces.
    pub red: [usize; 2],
}

/// What is wrong with a board picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RiverPawnBoardError {
    /// 1-based line of the picture.
    pub line: usize,
    /// 1-based column, 0 when the error concerns the whole picture.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RiverPawnBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
        }
    }
}

impl std::error::Error for RiverPawnBoardError {}

impl RiverPawn {
    /// Largest number of cells accepted (the space has 2·cells³ states).
    pub const MAX_CELLS: usize = 400;

    /// Parses a board picture: one line per row, top row first (the row the pawn
    /// wants to reach), `.` free, `#` obstacle, `O` a red piece (exactly two), `X`
    /// the black pawn (exactly one). Blank lines and trailing spaces are ignored.
    ///
    /// # Errors
    /// [`RiverPawnBoardError`] naming the line and column of the first problem.
    pub fn parse(text: &str) -> Result<RiverPawn, RiverPawnBoardError> {
        let mut rows: Vec<&str> = Vec::new();
        let mut lines = Vec::new();
        for (i, l) in text.lines().enumerate() {
            let l = l.trim_end();
            if !l.is_empty() {
                rows.push(l);
                lines.push(i + 1);
            }
        }
        let err = |line, column, message: String| RiverPawnBoardError {
            line,
            column,
            message,
        };
        let Some(first) = rows.first() else {
            return Err(err(
                1,
                0,
                "empty board: expected rows of `.`, `#`, `O` and `X`".into(),
            ));
        };
        let cols = first.chars().count();
        if rows.len() * cols > Self::MAX_CELLS {
            return Err(err(
                lines[0],
                0,
                format!(
                    "board of {} × {cols} cells is too large (at most {} cells)",
                    rows.len(),
                    Self::MAX_CELLS
                ),
            ));
        }
        let mut blocked = Vec::new();
        let mut black = Vec::new();
        let mut red = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != cols {
                return Err(err(
                    lines[r],
                    0,
                    format!(
                        "row has {} cells, but the first row has {cols}",
                        row.chars().count()
                    ),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                let cell = r * cols + c;
                match ch {
                    '.' => {}
                    '#' => {}
                    'O' | 'o' => red.push(cell),
                    'X' | 'x' => black.push(cell),
                    _ => {
                        return Err(err(
                            lines[r],
                            c + 1,
                            format!("unexpected `{ch}`: use `.` free, `#` obstacle, `O` red, `X` black"),
                        ));
                    }
                }
                blocked.push(ch == '#');
            }
        }
        let last = *lines.last().unwrap_or(&1);
        if black.len() != 1 {
            return Err(err(
                last,
                0,
                format!("expected exactly one `X` (the black pawn), found {}", black.len()),
            ));
        }
        if red.len() != 2 {
            return Err(err(
                last,
                0,
                format!("expected exactly two `O` (red pieces), found {}", red.len()),
            ));
        }
        Ok(RiverPawn {
            rows: rows.len(),
            cols,
            blocked,
            black: black[0],
            red: [red[0], red[1]],
        })
    }

    fn cells(&self) -> u64 {
        (self.rows * self.cols) as u64
    }

    /// The state index: pawn, first red, second red, side to move (0 = Red).
    #[must_use]
    pub fn index(&self, black: usize, red1: usize, red2: usize, black_to_move: bool) -> u64 {
        let c = self.cells();
        ((black as u64 * c + red1 as u64) * c + red2 as u64) * 2 + u64::from(black_to_move)
    }

    /// The starting state (Red to move).
    #[must_use]
    pub fn start(&self) -> u64 {
        self.index(self.black, self.red[0], self.red[1], false)
    }

    fn decode(&self, s: u64) -> (usize, usize, usize, bool) {
        let c = self.cells();
        let side = s & 1 == 1;
        let x = s >> 1;
        (
            (x / (c * c)) as usize,
            ((x / c) % c) as usize,
            (x % c) as usize,
            side,
        )
    }

    fn free(&self, cell: usize) -> bool {
        !self.blocked[cell]
    }

    /// Neighbour of `cell` in direction `(dr, dc)` if inside the board and free.
    fn step(&self, cell: usize, dr: isize, dc: isize) -> Option<usize> {
        let (r, c) = ((cell / self.cols) as isize + dr, (cell % self.cols) as isize + dc);
        if r < 0 || c < 0 || r >= self.rows as isize || c >= self.cols as isize {
            return None;
        }
        let to = r as usize * self.cols + c as usize;
        self.free(to).then_some(to)
    }

    fn over(&self, b: usize, r1: usize, r2: usize) -> bool {
        b < self.cols || b == r1 || b == r2
    }
}

const FOUR: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const PAWN: [(isize, isize); 3] = [(-1, 0), (0, -1), (0, 1)];

impl StateSpace for RiverPawn {
    fn state_count(&self) -> u64 {
        self.cells().pow(3) * 2
    }

    fn is_state(&self, s: u64) -> bool {
        let (b, r1, r2, _) = self.decode(s);
        self.free(b) && self.free(r1) && self.free(r2) && r1 != r2
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let (b, r1, r2, black) = self.decode(s);
        if b < self.cols {
            Some(if black { Wld::Win } else { Wld::Lose })
        } else if b == r1 || b == r2 {
            Some(Wld::Lose)
        } else {
            None
        }
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let (b, r1, r2, black) = self.decode(s);
        if black {
            for (dr, dc) in PAWN {
                if let Some(to) = self.step(b, dr, dc) {
                    out.push(self.index(to, r1, r2, false));
                }
            }
        } else {
            for (dr, dc) in FOUR {
                if let Some(to) = self.step(r1, dr, dc)
                    && to != r2
                {
                    out.push(self.index(b, to, r2, true));
                }
            }
            for (dr, dc) in FOUR {
                if let Some(to) = self.step(r2, dr, dc)
                    && to != r1
                {
                    out.push(self.index(b, r1, to, true));
                }
            }
        }
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
        if !self.is_state(s) {
            return;
        }
        let (b, r1, r2, black) = self.decode(s);
        if !black {
            // Black just moved its pawn from `from` to `b`.
            for (dr, dc) in PAWN {
                if let Some(from) = self.step(b, -dr, -dc)
                    && !self.over(from, r1, r2)
                {
                    out.push(self.index(from, r1, r2, true));
                }
            }
        } else {
            for (dr, dc) in FOUR {
                if let Some(from) = self.step(r1, dr, dc)
                    && from != r2
                    && !self.over(b, from, r2)
                {
                    out.push(self.index(b, from, r2, false));
                }
            }
            for (dr, dc) in FOUR {
                if let Some(from) = self.step(r2, dr, dc)
                    && from != r1
                    && !self.over(b, r1, from)
                {
                    out.push(self.index(b, r1, from, false));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::space::tests::check_unmoves;
    use crate::loopy::{SolvedValue, StateSpaceSolver};

    #[test]
    fn unmoves_invert_moves() {
        let b = RiverPawn::parse("..#.\n.O..\nX..O\n").unwrap();
        check_unmoves(&b, |_| false);
    }

    #[test]
    fn small_boards_agree_with_forward_sweep_and_threads() {
        for pic in [
            "...\n.O.\nXO.\n",
            "..#.\n.O..\nX..O\n",
            "O.O\n...\n.X.\n",
            "O#O\n.X.\n",
        ] {
            let b = RiverPawn::parse(pic).unwrap();
            let back = StateSpaceSolver::new(&b).solve().unwrap();
            let par = StateSpaceSolver::new(&b).threads(3).solve().unwrap();
            assert_eq!(back.raw(), par.raw());
            let fwd = StateSpaceSolver::new(&Forward(&b)).solve().unwrap();
            assert_eq!(back.raw(), fwd.raw(), "{pic}");
        }
    }

    struct Forward<'a>(&'a RiverPawn);
    impl StateSpace for Forward<'_> {
        fn state_count(&self) -> u64 {
            self.0.state_count()
        }
        fn is_state(&self, s: u64) -> bool {
            self.0.is_state(s)
        }
        fn terminal(&self, s: u64) -> Option<Wld> {
            self.0.terminal(s)
        }
        fn moves(&self, s: u64, out: &mut Vec<u64>) {
            self.0.moves(s, out)
        }
    }

    #[test]
    fn hand_checked_positions() {
        // The pawn one step from the top row, Red far away: Red moves (1), the pawn
        // steps up (2) and has won: Black wins after 2 moves in total.
        let b = RiverPawn::parse("...\nX..\n...\nO.O\n").unwrap();
        let t = StateSpaceSolver::new(&b).solve().unwrap();
        assert_eq!(t.get(b.start()), Some(SolvedValue::lose(2)));
        // A red piece next to the pawn takes it at once: Red wins in 1.
        let b = RiverPawn::parse("...\n...\nXO.\n..O\n").unwrap();
        let t = StateSpaceSolver::new(&b).solve().unwrap();
        assert_eq!(t.get(b.start()), Some(SolvedValue::win(1)));
    }

    #[test]
    fn bad_pictures() {
        assert!(RiverPawn::parse("").is_err());
        assert_eq!(RiverPawn::parse("..\n.Z\n").unwrap_err().column, 2);
        assert!(RiverPawn::parse("O.\nX\n").is_err());
        assert!(RiverPawn::parse("OO\nX.\nX.\n").is_err());
    }
}
