//! Mex Mat (AtCoder Regular Contest 107, problem E): an N×N matrix whose first
//! row and first column are given (entries 0, 1 or 2) and whose every other
//! entry is the mex of the entry above it and the entry to its left. The
//! problem asks how many entries are 0, 1 and 2.
//!
//! Each entry is a Grundy value: a token on cell (i, j) moves one step up or
//! one step left, and a token on the border cell with label v is a Nim heap of
//! v. [`MexMatRules`] is that impartial game, so the generic Grundy solver
//! gives every entry by definition (the brute force of the tests);
//! [`MexMat::counts`] counts in O(N) time because the matrix is constant along
//! diagonals away from the border.

use crate::impartial::ImpartialRules;
use crate::notation::ParseError;

/// The first row and first column of a Mex Mat matrix.
///
/// ```
/// use sprague::games::MexMat;
/// // ARC107 E, sample 1: N = 4, first row 1 2 0 2, first column 1 0 0 0.
/// let m = MexMat::parse("1202/000").unwrap();
/// assert_eq!(m.counts(), [7, 4, 5]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MexMat {
    /// `a[0][0..N]`: the first row.
    row: Vec<u8>,
    /// `a[0..N][0]`: the first column (its first entry is `row[0]`).
    col: Vec<u8>,
}

/// Rows and columns computed explicitly by [`MexMat::counts`]; beyond them
/// every entry equals the one diagonally above-left of it (checked against
/// the definition by the tests on random matrices).
const EXPLICIT: usize = 6;

/// The mex of two values in `0..=2`.
const fn mex2(a: u8, b: u8) -> u8 {
    if a != 0 && b != 0 {
        0
    } else if a != 1 && b != 1 {
        1
    } else {
        2
    }
}

impl MexMat {
    /// The matrix with first row `row` and first column `col` (both of length
    /// N ≥ 1, `row[0] == col[0]`, entries at most 2); `None` otherwise.
    #[must_use]
    pub fn new(row: Vec<u8>, col: Vec<u8>) -> Option<MexMat> {
        let ok = !row.is_empty()
            && row.len() == col.len()
            && row[0] == col[0]
            && row.iter().chain(&col).all(|&v| v <= 2);
        ok.then_some(MexMat { row, col })
    }

    /// Parses `ROW/COL`: the N digits of the first row, a `/`, and the N − 1
    /// digits of the first column below the corner (the problem's input order).
    /// Spaces are ignored. For N = 1 the `/` and the column may be left out.
    ///
    /// # Errors
    /// A digit other than 0, 1, 2, a missing `/`, or a column whose length is
    /// not one less than the row's, with the column where it goes wrong.
    pub fn parse(text: &str) -> Result<MexMat, ParseError> {
        let mut row = Vec::new();
        let mut col = Vec::new();
        let mut slash = None;
        for (i, c) in text.chars().enumerate() {
            match c {
                '0'..='2' => {
                    let v = c as u8 - b'0';
                    if slash.is_some() { &mut col } else { &mut row }.push(v);
                }
                '/' if slash.is_none() => slash = Some(i + 1),
                ' ' | '\t' => {}
                '/' => return Err(ParseError::new("a second `/`", i + 1, "/")),
                _ => {
                    return Err(ParseError::new(
                        "entries are 0, 1 or 2 (the first row, `/`, then the first column below the corner)",
                        i + 1,
                        c.to_string(),
                    ));
                }
            }
        }
        let end = text.chars().count() + 1;
        if row.is_empty() {
            return Err(ParseError::new("the first row is empty", 1, text));
        }
        if slash.is_none() && row.len() > 1 {
            return Err(ParseError::new(
                "expected `/` and the first column below the corner (e.g. `1202/000`)",
                end,
                "",
            ));
        }
        if col.len() + 1 != row.len() {
            return Err(ParseError::new(
                format!(
                    "the first row has {} entries, so the column below the corner needs {}, found {}",
                    row.len(),
                    row.len() - 1,
                    col.len()
                ),
                slash.unwrap_or(end),
                "/",
            ));
        }
        let mut full = vec![row[0]];
        full.extend(col);
        Ok(MexMat { row, col: full })
    }

    /// Writes the matrix back as `ROW/COL`.
    #[must_use]
    pub fn format(&self) -> String {
        let digits = |v: &[u8]| v.iter().map(|d| char::from(b'0' + d)).collect::<String>();
        format!("{}/{}", digits(&self.row), digits(&self.col[1..]))
    }

    /// N, the side of the matrix.
    #[must_use]
    pub fn side(&self) -> usize {
        self.row.len()
    }

    /// Rows `0..k` of the matrix in full (`k ≤ N`). O(k·N).
    fn top_rows(&self, k: usize) -> Vec<Vec<u8>> {
        let mut rows: Vec<Vec<u8>> = Vec::with_capacity(k);
        for i in 0..k {
            let mut r = Vec::with_capacity(self.side());
            r.push(self.col[i]);
            for j in 1..self.side() {
                r.push(if i == 0 {
                    self.row[j]
                } else {
                    mex2(rows[i - 1][j], r[j - 1])
                });
            }
            rows.push(r);
        }
        rows
    }

    /// Columns `0..k` of the matrix in full (`k ≤ N`). O(k·N).
    fn left_columns(&self, k: usize) -> Vec<Vec<u8>> {
        let mut cols: Vec<Vec<u8>> = Vec::with_capacity(k);
        for j in 0..k {
            let mut c = Vec::with_capacity(self.side());
            c.push(self.row[j]);
            for i in 1..self.side() {
                c.push(if j == 0 {
                    self.col[i]
                } else {
                    mex2(c[i - 1], cols[j - 1][i])
                });
            }
            cols.push(c);
        }
        cols
    }

    /// How many entries of the whole matrix are 0, 1 and 2. O(N) time and
    /// memory: the first few rows and columns are computed, and beyond them
    /// each diagonal repeats the value where it leaves those rows or columns.
    #[must_use]
    pub fn counts(&self) -> [u64; 3] {
        let n = self.side();
        let b = EXPLICIT.min(n);
        let rows = self.top_rows(b);
        let cols = self.left_columns(b);
        let mut count = [0u64; 3];
        // Rows 0..b in full, then columns 0..b below them.
        for r in &rows {
            for &v in r {
                count[v as usize] += 1;
            }
        }
        for c in &cols {
            for &v in &c[b..] {
                count[v as usize] += 1;
            }
        }
        if b < n {
            // The cell (i, j) with i, j ≥ b equals the cell where its diagonal
            // meets row b − 1 or column b − 1; diagonals through row b − 1
            // (columns j ≥ b − 1) have n − 1 − j further cells, those through
            // column b − 1 (rows i ≥ b) have n − 1 − i.
            for j in (b - 1)..n - 1 {
                count[rows[b - 1][j] as usize] += (n - 1 - j) as u64;
            }
            for i in b..n - 1 {
                count[cols[b - 1][i] as usize] += (n - 1 - i) as u64;
            }
        }
        count
    }

    /// The entry at row `i`, column `j` (0-based), or `None` outside the
    /// matrix. O(N) time.
    #[must_use]
    pub fn entry(&self, i: usize, j: usize) -> Option<u8> {
        let n = self.side();
        if i >= n || j >= n {
            return None;
        }
        let b = EXPLICIT.min(n);
        let back = i.min(j).saturating_sub(b - 1);
        let (i, j) = (i - back, j - back);
        if i < b {
            Some(self.top_rows(i + 1)[i][j])
        } else {
            Some(self.left_columns(j + 1)[j][i])
        }
    }

    /// The game whose Grundy values are the entries (for brute force).
    #[must_use]
    pub fn rules(&self) -> MexMatRules {
        MexMatRules { mat: self.clone() }
    }
}

/// A position of [`MexMatRules`]: a token on a cell, or a Nim heap (what a
/// token on a border cell is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MexMatToken {
    /// A token on the cell at row `.0`, column `.1` (0-based).
    Cell(u32, u32),
    /// A Nim heap of this size.
    Heap(u8),
}

/// Mex Mat as an impartial game: a token on an inner cell moves one step up or
/// one step left; a token on a border cell labelled v is a Nim heap of v. The
/// Grundy value of the token on (i, j) is the matrix entry there.
///
/// ```
/// use sprague::{GrundySolver, games::{MexMat, MexMatToken}};
/// let m = MexMat::parse("1202/000").unwrap();
/// let rules = m.rules();
/// let mut solver = GrundySolver::new(&rules);
/// assert_eq!(solver.grundy(&MexMatToken::Cell(3, 3)).unwrap().get(), u64::from(m.entry(3, 3).unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct MexMatRules {
    mat: MexMat,
}

impl ImpartialRules for MexMatRules {
    type Position = MexMatToken;

    fn moves(&self, p: &MexMatToken, out: &mut Vec<MexMatToken>) {
        let label = |i: u32, j: u32| {
            if i == 0 {
                Some(self.mat.row[j as usize])
            } else if j == 0 {
                Some(self.mat.col[i as usize])
            } else {
                None
            }
        };
        match *p {
            MexMatToken::Heap(v) => out.extend((0..v).map(MexMatToken::Heap)),
            MexMatToken::Cell(i, j) => match label(i, j) {
                Some(v) => out.extend((0..v).map(MexMatToken::Heap)),
                None => {
                    for (a, b) in [(i - 1, j), (i, j - 1)] {
                        out.push(match label(a, b) {
                            Some(v) => MexMatToken::Heap(v),
                            None => MexMatToken::Cell(a, b),
                        });
                    }
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GrundySolver;
    use proptest::prelude::*;

    /// Every entry by the Grundy solver on the token game (the definition).
    fn brute_counts(m: &MexMat) -> [u64; 3] {
        let rules = m.rules();
        let mut solver = GrundySolver::new(&rules);
        let n = m.side() as u32;
        let mut count = [0u64; 3];
        for i in 0..n {
            for j in 0..n {
                let g = solver.grundy(&MexMatToken::Cell(i, j)).unwrap().get();
                count[g as usize] += 1;
                assert_eq!(m.entry(i as usize, j as usize), Some(g as u8));
            }
        }
        count
    }

    #[test]
    fn arc107_e_sample() {
        // AtCoder ARC107 E (Mex Mat), sample 1: N = 4, first row 1 2 0 2,
        // first column below the corner 0 0 0; the answer is 7 4 5.
        let m = MexMat::parse("1202/000").unwrap();
        assert_eq!(m.counts(), [7, 4, 5]);
        assert_eq!(brute_counts(&m), [7, 4, 5]);
    }

    #[test]
    fn notation_round_trip_and_errors() {
        let m = MexMat::parse("1 2 0 2 / 0 0 0").unwrap();
        assert_eq!(m.format(), "1202/000");
        assert_eq!(MexMat::parse("2").unwrap().counts(), [0, 0, 1]);
        assert_eq!(MexMat::parse("12/3").unwrap_err().column, 4);
        assert!(MexMat::parse("12/").is_err());
        assert!(MexMat::parse("12").is_err());
        assert!(MexMat::parse("").is_err());
        assert!(MexMat::parse("1/2/").is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn counts_match_the_definition(
            row in proptest::collection::vec(0u8..3, 1..16),
            rest in proptest::collection::vec(0u8..3, 15),
        ) {
            let mut col = vec![row[0]];
            col.extend(&rest[..row.len() - 1]);
            let m = MexMat::new(row, col).unwrap();
            prop_assert_eq!(m.counts(), brute_counts(&m));
        }
    }
}
