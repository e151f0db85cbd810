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
use crate::partizan::Player;
use crate::play::{Engine, PlayEngine, Verdict, erase};
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, normal_play_only, without_params,
};

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

/// The Mex Mat matrix given by its first row and column.
struct MexMatRuleset;

impl Ruleset for MexMatRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("mex-mat", options)?;
        let m = MexMat::parse(position).map_err(|e| Error::position(position, e))?;
        let n = m.side();
        let [zeros, ones, twos] = m.counts();
        let corner = m.entry(n - 1, n - 1).unwrap_or(0);
        let shown = m.format();
        let data = Data::map()
            .with("ruleset", "mex-mat")
            .with("position", shown.as_str())
            .with("n", n)
            .with("zeros", zeros)
            .with("ones", ones)
            .with("twos", twos)
            .with("corner", corner);
        let text = format!(
            "mex-mat {shown} (N = {n})\nentries equal to 0, 1, 2: {zeros} {ones} {twos}\nbottom-right entry (the Grundy value of a token there): {corner}\n"
        );
        Ok(Report::new(data, text))
    }

    /// The token game behind the matrix, from the bottom-right cell.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        normal_play_only("mex-mat", options)?;
        let mat = MexMat::parse(position).map_err(|e| Error::position(position, e))?;
        let n = mat.side() as u32;
        let rules = mat.rules();
        let start = MexMatToken::Cell(n - 1, n - 1);
        Ok(erase(MexMatPlay { mat, rules }, start))
    }
}

/// The token game behind the matrix, played: a token on an inner cell
/// moves one step up or left, a token on a border cell (or a heap) is a
/// Nim heap of its label. The token starts on the bottom-right cell, and its
/// Grundy value is the matrix entry there (a heap's is its size).
struct MexMatPlay {
    mat: MexMat,
    rules: MexMatRules,
}

impl MexMatPlay {
    fn value(&self, p: &MexMatToken) -> u8 {
        match *p {
            MexMatToken::Heap(v) => v,
            MexMatToken::Cell(i, j) => self.mat.entry(i as usize, j as usize).unwrap_or(0),
        }
    }
}

impl Engine for MexMatPlay {
    type Pos = MexMatToken;

    fn ruleset(&self) -> &str {
        "mex-mat"
    }

    fn format(&self, p: &MexMatToken) -> String {
        match *p {
            MexMatToken::Heap(v) => format!("heap {v}"),
            MexMatToken::Cell(i, j) => format!("cell {},{}", i + 1, j + 1),
        }
    }

    /// `cell R,C` (1-based, as drawn), `R,C`, or `heap V`.
    fn parse(&self, text: &str) -> core::result::Result<MexMatToken, String> {
        let t = text.trim().to_ascii_lowercase();
        if let Some(v) = t.strip_prefix("heap") {
            let v: u8 = v
                .trim()
                .parse()
                .map_err(|_| format!("`{text}`: a heap is `heap 0` to `heap 2`"))?;
            return (v <= 2)
                .then_some(MexMatToken::Heap(v))
                .ok_or_else(|| format!("`{text}`: a heap is `heap 0` to `heap 2`"));
        }
        let cell = t.strip_prefix("cell").unwrap_or(&t);
        let n = self.mat.side();
        let parsed = cell
            .split_once(',')
            .and_then(|(r, c)| Some((r.trim().parse::<usize>().ok()?, c.trim().parse::<usize>().ok()?)));
        match parsed {
            Some((r, c)) if (1..=n).contains(&r) && (1..=n).contains(&c) => {
                Ok(MexMatToken::Cell((r - 1) as u32, (c - 1) as u32))
            }
            _ => Err(format!(
                "`{text}`: write the token's cell as `cell R,C` with R and C from 1 to {n}, or `heap V`"
            )),
        }
    }

    fn options(&mut self, p: &MexMatToken, _mover: Player) -> Result<Vec<MexMatToken>> {
        let mut out = Vec::new();
        self.rules.moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &MexMatToken, to: &MexMatToken) -> String {
        match (*from, *to) {
            (MexMatToken::Cell(i, _), MexMatToken::Cell(k, _)) if k < i => "token one step up".to_string(),
            (MexMatToken::Cell(..), MexMatToken::Cell(..)) => "token one step left".to_string(),
            (MexMatToken::Cell(i, j), MexMatToken::Heap(v)) if i > 0 && j > 0 => {
                format!("token onto the border, where it is a heap of {v}")
            }
            (_, MexMatToken::Heap(v)) => format!("heap down to {v}"),
            (_, MexMatToken::Cell(..)) => "token moved".to_string(),
        }
    }

    fn verdict(&mut self, p: &MexMatToken, _mover: Player) -> Result<Verdict> {
        Ok(if self.value(p) == 0 {
            Verdict::Lose(None)
        } else {
            Verdict::Win(None)
        })
    }

    fn hint(&mut self, p: &MexMatToken, mover: Player) -> Result<Vec<String>> {
        let v = self.value(p);
        let mut lines = vec![format!(
            "the token's Grundy value is the matrix entry under it: {v} (an inner entry is the mex of the entry above and the entry to the left; a border cell is a Nim heap of its label)."
        )];
        if v == 0 {
            lines.push("it is 0, so the player to move loses against perfect play.".to_string());
        } else {
            let good: Vec<String> = self
                .options(p, mover)?
                .iter()
                .filter(|o| self.value(o) == 0)
                .map(|o| self.format(o))
                .collect();
            lines.push(format!("winning moves (to a 0): {}", good.join(", ")));
        }
        Ok(lines)
    }

    fn board(&self, p: &MexMatToken) -> Option<String> {
        let n = self.mat.side();
        if n > 26 {
            return None;
        }
        let mut out = String::new();
        for i in 0..n {
            let row: Vec<String> = (0..n)
                .map(|j| {
                    let e = self.mat.entry(i, j).unwrap_or(0);
                    if *p == MexMatToken::Cell(i as u32, j as u32) {
                        format!("[{e}]")
                    } else {
                        format!(" {e} ")
                    }
                })
                .collect();
            out.push_str(&row.join(""));
            out.push('\n');
        }
        if let MexMatToken::Heap(v) = p {
            out.push_str(&format!("the token is a Nim heap of {v}\n"));
        }
        Some(out)
    }

    fn move_help(&self) -> Option<String> {
        Some("as the token's new place, `cell 3,4` (row, column from 1) or `heap 1`".to_string())
    }
}

/// The catalog entry.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "mex-mat",
    params: "",
    family: Family::Impartial,
    summary: "AtCoder ARC107 E: an N×N matrix whose inner entries are the mex of the entry above and the entry to the left; count the 0s, 1s and 2s",
    notation: "`ROW/COL`: the N digits (0–2) of the first row, `/`, then the N − 1 digits of the first column below the corner (the problem's input order), e.g. `1202/000`",
    example: "value mex-mat 1202/000",
    example2: "value mex-mat 0120120120/210210210 --json",
    rules: "An N×N matrix: the first row and the first column are given, with entries 0, 1 or 2. Every other entry is the mex (smallest non-negative integer not among them) of the entry just above it and the entry just to its left. The problem asks how many entries of the whole matrix are 0, 1 and 2. As a game: a token on an inner cell moves one step up or left, a token on a border cell is a Nim heap of its label, and each entry is the Grundy value of the token on that cell; `play` plays that game with the token starting on the bottom-right cell.",
    known: "AtCoder Regular Contest 107, problem E (Mex Mat); sample 1 (N = 4, first row 1 2 0 2, first column 1 0 0 0) has 7, 4 and 5 entries equal to 0, 1 and 2. Away from the first few rows and columns the matrix is constant along diagonals, so sprague computes six rows and six columns and counts the rest by diagonal lengths in O(N); tests check every entry against the Grundy values of the token game on random matrices.",
    build: |name, params| without_params(name, params, |_| MexMatRuleset),
}];

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
