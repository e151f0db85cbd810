//! Connect Four on a board of any small size as a state space, indexed by a
//! dense mixed-radix code of its columns.

use super::space::StateSpace;
use super::wld::Wld;
use core::fmt;

/// Connect Four on `width` columns of `height` cells: X moves first, a stone
/// drops to the lowest empty cell of its column, four stones of one player in
/// a row, column or diagonal win, a full board without one is a draw.
///
/// **State encoding.** Each column is the standard bitboard column with a
/// height sentinel: bit `i` (from the bottom) is 1 for an O stone, 0 for an X
/// stone, for the `k` stones of the column, and bit `k` is the sentinel 1
/// just above the top stone. Read as a number that is a value in
/// `1 .. 2^(height+1)`, each one a distinct column; minus one it is the
/// column's digit in `0 .. R` with `R = 2^(height+1) - 1`. The state index is
/// the columns as base-`R` digits, column 0 least significant:
/// `Σ digit_j · R^j`, so the index space has `R^width` entries (31^4 = 923,521
/// for 4×4, 63^5 = 992,436,543 for 5×5). Every column contents has exactly one
/// index; indices whose stone counts or lines cannot come from play are not
/// states ([`StateSpace::is_state`]).
///
/// Dropping a stone raises its column's digit (from `2^k - 1 + b` to at least
/// `2^(k+1) - 1`), so every move leads to a larger index:
/// [`StateSpace::moves_increase_index`] holds and the one-pass solver
/// ([`crate::loopy::solve_ordered`]) applies.
///
/// The player to move follows from the counts (X when both have as many
/// stones). A state where the player who just moved has four in a row is over
/// (lost for the player to move); a full board without a line is a drawn
/// terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    width: u32,
    height: u32,
}

/// A board size [`ConnectFour`] does not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectFourSizeError {
    /// Columns asked for.
    pub width: u32,
    /// Rows asked for.
    pub height: u32,
}

impl fmt::Display for ConnectFourSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}x{} board: width and height must be at least 1 and width × (height + 1) at most 64 (e.g. 7x6, 5x4)",
            self.width, self.height
        )
    }
}

impl std::error::Error for ConnectFourSizeError {}

/// The four line directions of the bitboard (cells `height + 1` bits apart per
/// column): vertical, horizontal and the two diagonals.
pub(super) fn has_four(b: u64, h: u32) -> bool {
    [1, h + 1, h, h + 2].iter().any(|&d| {
        let m = b & (b >> d);
        m & (m >> (2 * d)) != 0
    })
}

impl ConnectFour {
    /// The board `width` × `height`.
    ///
    /// # Errors
    /// [`ConnectFourSizeError`] unless both are at least 1 and the bitboard
    /// (`width × (height + 1)` bits) fits 64 bits.
    pub fn new(width: u32, height: u32) -> Result<Self, ConnectFourSizeError> {
        if width == 0 || height == 0 || width.saturating_mul(height + 1) > 64 || height > 30 {
            return Err(ConnectFourSizeError { width, height });
        }
        Ok(ConnectFour { width, height })
    }

    /// Columns.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The radix `R = 2^(height+1) - 1`: the number of distinct columns.
    #[must_use]
    pub const fn radix(&self) -> u64 {
        (1u64 << (self.height + 1)) - 1
    }

    /// The sentinel columns of state `s` (see the type's documentation),
    /// column 0 first. O(width).
    #[must_use]
    pub fn columns(&self, s: u64) -> Vec<u64> {
        let r = self.radix();
        let mut x = s;
        (0..self.width)
            .map(|_| {
                let d = x % r;
                x /= r;
                d + 1
            })
            .collect()
    }

    /// The index of sentinel columns (each in `1 .. 2^(height+1)`). O(width).
    #[must_use]
    pub fn index_of(&self, columns: &[u64]) -> u64 {
        let r = self.radix();
        columns.iter().rev().fold(0, |a, &c| a * r + (c - 1))
    }

    /// X's and O's bitboards (`height + 1` bits per column, the top bit of
    /// each column empty) and the stone counts `(x, o)`. O(width).
    fn boards(&self, s: u64) -> (u64, u64, u32, u32) {
        let (r, h) = (self.radix(), self.height + 1);
        let (mut xb, mut ob, mut xs, mut os) = (0u64, 0u64, 0, 0);
        let mut rest = s;
        for j in 0..self.width {
            let col = rest % r + 1;
            rest /= r;
            let k = 63 - col.leading_zeros(); // the sentinel's bit: the height
            let stones = col ^ (1 << k);
            let filled = (1u64 << k) - 1;
            let o = stones;
            let x = filled & !stones;
            ob |= o << (j * h);
            xb |= x << (j * h);
            os += o.count_ones();
            xs += x.count_ones();
        }
        (xb, ob, xs, os)
    }

    /// The stones on the board of state `s`. O(width).
    #[must_use]
    pub fn stones(&self, s: u64) -> u32 {
        let (_, _, x, o) = self.boards(s);
        x + o
    }

    /// The board as `height` rows, top row first, of `X`, `O` and `.`.
    #[must_use]
    pub fn picture(&self, s: u64) -> Vec<String> {
        let cols = self.columns(s);
        (0..self.height)
            .rev()
            .map(|row| {
                cols.iter()
                    .map(|&c| {
                        let k = 63 - c.leading_zeros();
                        if row >= k {
                            '.'
                        } else if c >> row & 1 == 1 {
                            'O'
                        } else {
                            'X'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// State `s` after dropping a stone of the player to move in `column`
    /// (0-based), `None` if the column is full. O(width).
    #[must_use]
    pub fn drop(&self, s: u64, column: u32) -> Option<u64> {
        let (_, _, x, o) = self.boards(s);
        let r = self.radix();
        let place = r.pow(column);
        let col = s / place % r + 1;
        let k = 63 - col.leading_zeros();
        if k >= self.height {
            return None;
        }
        let mover_o = u64::from(x != o);
        let new = (col ^ (1 << k)) | (mover_o << k) | (1 << (k + 1));
        Some(s + (new - col) * place)
    }
}

impl StateSpace for ConnectFour {
    fn state_count(&self) -> u64 {
        self.radix().pow(self.width)
    }

    /// Stone counts from alternate play (X has as many as O or one more), not
    /// both players with a line, and a line only for the player who moved
    /// last. O(width).
    fn is_state(&self, s: u64) -> bool {
        let (xb, ob, x, o) = self.boards(s);
        if x != o && x != o + 1 {
            return false;
        }
        let h = self.height;
        let (xl, ol) = (has_four(xb, h), has_four(ob, h));
        !(xl && x == o || ol && x != o)
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let (xb, ob, x, o) = self.boards(s);
        let last = if x == o { ob } else { xb };
        if has_four(last, self.height) {
            Some(Wld::Lose)
        } else if x + o == self.width * self.height {
            Some(Wld::Draw)
        } else {
            None
        }
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let (_, _, x, o) = self.boards(s);
        let mover_o = u64::from(x != o);
        let r = self.radix();
        let mut place = 1u64;
        let mut rest = s;
        for _ in 0..self.width {
            let col = rest % r + 1;
            rest /= r;
            let k = 63 - col.leading_zeros();
            if k < self.height {
                let new = (col ^ (1 << k)) | (mover_o << k) | (1 << (k + 1));
                out.push(s + (new - col) * place);
            }
            place = place.wrapping_mul(r);
        }
    }

    fn moves_increase_index(&self) -> bool {
        true
    }
}

/// The mirror image (columns reversed) is the only symmetry of the board.
impl super::stats::SpaceFacts for ConnectFour {
    fn side_names(&self) -> &'static [&'static str] {
        &["X", "O"]
    }

    fn side(&self, s: u64) -> usize {
        let (_, _, x, o) = self.boards(s);
        usize::from(x != o)
    }

    fn terminal_kind(&self, s: u64) -> &'static str {
        match self.terminal(s) {
            Some(Wld::Lose) => "lost (four in a row)",
            Some(Wld::Draw) => "drawn (full board)",
            _ => "not over",
        }
    }

    /// The smaller index of the board and its mirror image. O(width).
    fn symmetry_class(&self, s: u64) -> u64 {
        let mut cols = self.columns(s);
        cols.reverse();
        s.min(self.index_of(&cols))
    }
}

impl super::space_notation::SpaceNotation for ConnectFour {
    /// The rows, top first, joined by `|`: `....|....|.O..|.XX.`.
    fn format_state(&self, s: u64) -> String {
        self.picture(s).join("|")
    }

    /// `start`, a sequence of column numbers (1-based, the moves from the
    /// empty board: `4453`), or the rows top first joined by `|` with `X`,
    /// `O` and `.`.
    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let t = text.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("start") || t.eq_ignore_ascii_case("empty") {
            return Ok(0);
        }
        let s = if t.bytes().all(|b| b.is_ascii_digit()) {
            let mut s = 0;
            for (i, c) in t.chars().enumerate() {
                let col = c.to_digit(10).unwrap_or(0);
                if col == 0 || col > self.width {
                    return Err(format!(
                        "position `{text}`: column {}: `{c}` is not a column (1 to {})",
                        i + 1,
                        self.width
                    ));
                }
                if self.terminal(s).is_some() {
                    return Err(format!(
                        "position `{text}`: column {}: the game is already over after {i} moves",
                        i + 1
                    ));
                }
                s = self
                    .drop(s, col - 1)
                    .ok_or_else(|| format!("position `{text}`: column {}: column {col} is full", i + 1))?;
            }
            s
        } else {
            self.parse_picture(text)?
        };
        if !self.is_state(s) {
            return Err(format!(
                "position `{text}`: not a position of play (X moves first, so X has as many stones as O or one more, and play stops at the first four in a row)"
            ));
        }
        Ok(s)
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (a, b) = (self.columns(from), self.columns(to));
        match (0..a.len()).find(|&j| a[j] != b[j]) {
            Some(j) => format!("{} in column {}", self.mover(from), j + 1),
            None => "pass".to_string(),
        }
    }

    fn mover(&self, s: u64) -> String {
        let (_, _, x, o) = self.boards(s);
        if x == o { "X" } else { "O" }.to_string()
    }
}

impl ConnectFour {
    /// Rows top first joined by `|` (or `/`), cells `X`, `O`, `.`.
    fn parse_picture(&self, text: &str) -> Result<u64, String> {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut rows: Vec<Vec<u8>> = vec![Vec::new()];
        for (col, c) in text.trim().chars().enumerate() {
            let v = match c {
                '.' | '_' | '-' => 0,
                'X' | 'x' => 1,
                'O' | 'o' => 2,
                '|' | '/' => {
                    rows.push(Vec::new());
                    continue;
                }
                ' ' => continue,
                other => {
                    return Err(format!(
                        "position `{text}`: column {}: unexpected `{other}` (cells are `X`, `O` or `.`, rows joined by `|`; or moves as column numbers such as `4453`)",
                        col + 1
                    ));
                }
            };
            if let Some(r) = rows.last_mut() {
                r.push(v);
            }
        }
        if rows.len() != h || rows.iter().any(|r| r.len() != w) {
            return Err(format!(
                "position `{text}`: expected {h} rows of {w} cells joined by `|` (top row first), or `start`, or moves such as `4453`"
            ));
        }
        let mut cols = Vec::with_capacity(w);
        for j in 0..w {
            let (mut c, mut k) = (0u64, 0);
            for (up, v) in rows.iter().rev().map(|r| r[j]).enumerate() {
                if v == 0 {
                    continue;
                }
                if k != up {
                    return Err(format!(
                        "position `{text}`: column {} of the board has a stone above an empty cell",
                        j + 1
                    ));
                }
                c |= u64::from(v == 2) << k;
                k += 1;
            }
            cols.push(c | 1 << k);
        }
        Ok(self.index_of(&cols))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::SpaceNotation;
    use crate::loopy::{SolvedValue, StateSpaceSolver, solve_ordered};
    use proptest::prelude::*;

    /// Plain minimax over move sequences from `s` (the definition): the
    /// value for the player to move, exponential but fine on tiny boards.
    fn brute(c: &ConnectFour, s: u64) -> SolvedValue {
        match c.terminal(s) {
            Some(Wld::Lose) => return SolvedValue::lose(0),
            Some(Wld::Draw) => return SolvedValue::DRAW,
            _ => {}
        }
        let mut kids = Vec::new();
        c.moves(s, &mut kids);
        let vals: Vec<SolvedValue> = kids.iter().map(|&t| brute(c, t)).collect();
        let lose_r = vals
            .iter()
            .filter(|v| v.wld == Wld::Lose)
            .filter_map(|v| v.remoteness)
            .min();
        if let Some(r) = lose_r {
            SolvedValue::win(r + 1)
        } else if vals.iter().all(|v| v.wld == Wld::Win) {
            SolvedValue::lose(1 + vals.iter().filter_map(|v| v.remoteness).max().unwrap_or(0))
        } else {
            SolvedValue::DRAW
        }
    }

    /// A naive four-in-a-row test on a cell grid (the definition).
    fn grid_line(g: &[Vec<u8>], p: u8) -> bool {
        let (h, w) = (g.len() as i32, g[0].len() as i32);
        for r in 0..h {
            for c in 0..w {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    if (0..4).all(|i| {
                        let (rr, cc) = (r + dr * i, c + dc * i);
                        (0..h).contains(&rr) && (0..w).contains(&cc) && g[rr as usize][cc as usize] == p
                    }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Random games: the bitboard's lines, the picture round trip and the
        /// move sequence agree with a plain grid.
        #[test]
        fn random_games_match_a_grid(w in 1u32..8, h in 1u32..7, moves in proptest::collection::vec(0u32..8, 0..40)) {
            let c = ConnectFour::new(w, h).unwrap();
            let mut g = vec![vec![0u8; w as usize]; h as usize];
            let mut s = 0;
            let mut seq = String::new();
            let mut turn = 1u8;
            for m in moves {
                let col = m % w;
                if c.terminal(s).is_some() { break; }
                let Some(t) = c.drop(s, col) else {
                    prop_assert!(g.iter().all(|row| row[col as usize] != 0));
                    continue;
                };
                let row = g.iter().filter(|row| row[col as usize] != 0).count();
                g[row][col as usize] = turn;
                let mut kids = Vec::new();
                c.moves(s, &mut kids);
                prop_assert!(kids.contains(&t) && t > s);
                s = t;
                seq.push(char::from_digit(col + 1, 10).unwrap());
                prop_assert!(c.is_state(s));
                let over = grid_line(&g, turn);
                prop_assert_eq!(c.terminal(s) == Some(Wld::Lose), over);
                turn = 3 - turn;
            }
            let pic: Vec<String> = g.iter().rev().map(|row| row.iter().map(|&v| ['.', 'X', 'O'][v as usize]).collect()).collect();
            prop_assert_eq!(c.picture(s), pic.clone());
            prop_assert_eq!(c.parse_state(&pic.join("|")), Ok(s));
            if !seq.is_empty() {
                prop_assert_eq!(c.parse_state(&seq), Ok(s));
            }
        }
    }

    #[test]
    fn solvers_agree_with_brute_force_on_small_boards() {
        for (w, h) in [(3, 3), (4, 3), (3, 4), (2, 4), (5, 2)] {
            let c = ConnectFour::new(w, h).unwrap();
            let generic = StateSpaceSolver::new(&c).solve().unwrap();
            let ordered = solve_ordered(&c, usize::MAX, None).unwrap();
            for s in 0..c.state_count() {
                assert_eq!(generic.get(s), ordered.get(s), "{w}x{h} state {s}");
            }
            let (seen, _) = crate::loopy::reachable(&c, 0, usize::MAX).unwrap();
            let mut checked = 0;
            for s in 0..c.state_count() {
                if seen[(s / 64) as usize] >> (s % 64) & 1 == 1 && c.stones(s) + 6 >= w * h {
                    assert_eq!(ordered.get(s), Some(brute(&c, s)), "{w}x{h} state {s}");
                    checked += 1;
                }
            }
            assert!(checked > 0);
            // Small boards without room for four in a row are draws.
            if w < 4 && h < 4 {
                assert_eq!(ordered.get(0), Some(SolvedValue::DRAW));
            }
        }
    }

    #[test]
    fn four_by_four_is_a_draw_with_161029_positions() {
        // John Tromp, "John's Connect Four Playground" (tromp.github.io/c4/c4.html):
        // the 4×4 board is a draw. 161,029 positions are reachable on 4×4
        // (P. Kirlin, Rhodes College CS course notes, connect-four state counts).
        let c = ConnectFour::new(4, 4).unwrap();
        let t = solve_ordered(&c, usize::MAX, None).unwrap();
        assert_eq!(t.get(0), Some(SolvedValue::DRAW));
        let (_, count) = crate::loopy::reachable(&c, 0, usize::MAX).unwrap();
        assert_eq!(count, 161_029);
    }

    #[test]
    fn notation_errors_name_the_column() {
        let c = ConnectFour::new(4, 4).unwrap();
        assert!(c.parse_state("1259").unwrap_err().contains("column 3"));
        assert!(c.parse_state("11111").unwrap_err().contains("full"));
        assert!(c.parse_state("12121213").unwrap_err().contains("over"));
        assert!(c.parse_state("..|..").is_err());
        assert!(c.parse_state("XXXX|....|....|....").is_err());
        assert!(ConnectFour::new(0, 4).is_err());
        assert!(ConnectFour::new(8, 8).is_err());
    }
}
