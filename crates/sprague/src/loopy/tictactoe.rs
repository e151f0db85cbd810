//! Tic-tac-toe as a state space: the 3^9 boards in base 3.

use super::space::StateSpace;
use super::wld::Wld;

/// Tic-tac-toe on the 3×3 board, X moves first. State index: the board in base 3,
/// cell `i` (row-major) is digit `i` (0 empty, 1 X, 2 O); the player to move
/// follows from the counts. A completed line ends the game (a loss for the
/// player to move); a full board without a line is a drawn terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// The nine cells of state `s` (0 empty, 1 X, 2 O).
    #[must_use]
    pub fn cells(s: u64) -> [u8; 9] {
        let mut c = [0u8; 9];
        let mut x = s;
        for cell in &mut c {
            *cell = (x % 3) as u8;
            x /= 3;
        }
        c
    }

    /// The state index of a board.
    #[must_use]
    pub fn index(cells: &[u8; 9]) -> u64 {
        cells.iter().rev().fold(0, |a, &c| a * 3 + u64::from(c))
    }

    fn has_line(c: &[u8; 9], p: u8) -> bool {
        LINES.iter().any(|l| l.iter().all(|&i| c[i] == p))
    }

    /// The board as three lines of `X`, `O` and `.`.
    #[must_use]
    pub fn picture(s: u64) -> String {
        let c = Self::cells(s);
        let mut out = String::new();
        for row in 0..3 {
            for col in 0..3 {
                out.push(['.', 'X', 'O'][c[row * 3 + col] as usize]);
            }
            out.push('\n');
        }
        out
    }
}

impl StateSpace for TicTacToe {
    fn state_count(&self) -> u64 {
        19683
    }

    fn is_state(&self, s: u64) -> bool {
        let c = Self::cells(s);
        let x = c.iter().filter(|&&v| v == 1).count();
        let o = c.iter().filter(|&&v| v == 2).count();
        if x != o && x != o + 1 {
            return false;
        }
        let (xl, ol) = (Self::has_line(&c, 1), Self::has_line(&c, 2));
        let both = xl && ol;
        let x_wrong = xl && x != o + 1;
        let o_wrong = ol && x != o;
        !(both || x_wrong || o_wrong)
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let c = Self::cells(s);
        if Self::has_line(&c, 1) || Self::has_line(&c, 2) {
            Some(Wld::Lose)
        } else if c.iter().all(|&v| v != 0) {
            Some(Wld::Draw)
        } else {
            None
        }
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let c = Self::cells(s);
        let x = c.iter().filter(|&&v| v == 1).count();
        let o = c.iter().filter(|&&v| v == 2).count();
        let mark = if x == o { 1 } else { 2 };
        let mut p = 1u64;
        for &v in &c {
            if v == 0 {
                out.push(s + mark * p);
            }
            p *= 3;
        }
    }
}

/// The 8 symmetries of the 3×3 board as cell permutations (`image[i]` is
/// where cell `i` goes): the identity, rotations and reflections.
const SYMMETRIES: [[usize; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
];

impl super::stats::SpaceFacts for TicTacToe {
    fn side_names(&self) -> &'static [&'static str] {
        &["X", "O"]
    }

    fn side(&self, s: u64) -> usize {
        let c = Self::cells(s);
        let x = c.iter().filter(|&&v| v == 1).count();
        let o = c.iter().filter(|&&v| v == 2).count();
        usize::from(x != o)
    }

    fn terminal_kind(&self, s: u64) -> &'static str {
        match self.terminal(s) {
            Some(Wld::Lose) => "lost (three in a row)",
            Some(Wld::Draw) => "drawn (full board)",
            _ => "not over",
        }
    }

    /// The least index among the 8 images of the board. O(8 · 9).
    fn symmetry_class(&self, s: u64) -> u64 {
        let c = Self::cells(s);
        SYMMETRIES
            .iter()
            .map(|img| {
                let mut t = [0u8; 9];
                for (i, &j) in img.iter().enumerate() {
                    t[j] = c[i];
                }
                Self::index(&t)
            })
            .min()
            .unwrap_or(s)
    }
}

// ---- notation of positions (the play engines' SpaceNotation)

/// Tic-tac-toe cells: column letter and row number, `b2` for the centre.
fn cell_name(i: usize) -> String {
    format!("{}{}", char::from(b'a' + (i % 3) as u8), i / 3 + 1)
}

impl super::space_notation::SpaceNotation for TicTacToe {
    fn format_state(&self, s: u64) -> String {
        let rows: Vec<String> = TicTacToe::picture(s).lines().map(str::to_string).collect();
        rows.join("|")
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("start") || t.eq_ignore_ascii_case("empty") {
            return Ok(0);
        }
        let mut cells = [0u8; 9];
        let mut n = 0;
        for (col, c) in t.chars().enumerate() {
            let v = match c {
                '.' | '_' | '-' => 0,
                'X' | 'x' => 1,
                'O' | 'o' | '0' => 2,
                '|' | '/' | ' ' => continue,
                other => {
                    return Err(format!(
                        "position `{text}`: column {}: unexpected `{other}` (cells are `X`, `O` or `.`)",
                        col + 1
                    ));
                }
            };
            if n == 9 {
                return Err(format!(
                    "position `{text}`: column {}: more than 9 cells",
                    col + 1
                ));
            }
            cells[n] = v;
            n += 1;
        }
        if n != 9 {
            return Err(format!(
                "position `{text}`: {n} cells, expected 9 (three rows such as `X.O|.X.|...`, or `start`)"
            ));
        }
        let s = TicTacToe::index(&cells);
        if !TicTacToe.is_state(s) {
            return Err(format!(
                "position `{text}`: not a reachable board (X moves first, so X has as many marks as O or one more, and play stops at the first line)"
            ));
        }
        Ok(s)
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (a, b) = (TicTacToe::cells(from), TicTacToe::cells(to));
        match (0..9).find(|&i| a[i] != b[i]) {
            Some(i) => format!("{} at {}", if b[i] == 1 { 'X' } else { 'O' }, cell_name(i)),
            None => "pass".to_string(),
        }
    }

    fn mover(&self, s: u64) -> String {
        let c = TicTacToe::cells(s);
        let x = c.iter().filter(|&&v| v == 1).count();
        let o = c.iter().filter(|&&v| v == 2).count();
        if x == o { "X" } else { "O" }.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::{SolvedValue, StateSpaceSolver, reachable};

    #[test]
    fn tic_tac_toe_facts() {
        // Published: 5478 legal positions reachable from the empty board, and
        // perfect play is a draw.
        let (seen, count) = reachable(&TicTacToe, 0, 1 << 20).unwrap();
        assert_eq!(count, 5478);
        let t = StateSpaceSolver::new(&TicTacToe).solve().unwrap();
        assert_eq!(t.get(0), Some(SolvedValue::DRAW));
        // Every reachable index is a state; X in the centre against O on an edge wins for X.
        assert!(
            (0..19683)
                .filter(|&s| seen[s as usize / 64] >> (s % 64) & 1 == 1)
                .all(|s| TicTacToe.is_state(s))
        );
        let mut b = [0u8; 9];
        b[4] = 1;
        b[1] = 2;
        assert_eq!(t.get(TicTacToe::index(&b)).unwrap().wld, Wld::Win);
        let two = StateSpaceSolver::new(&TicTacToe).threads(3).solve().unwrap();
        assert_eq!(t.raw(), two.raw());
    }
}
