//! Chomp on Young diagrams, poison in the corner.

use crate::notation::{ParseError, parse_heaps};
use crate::play::ImpartialEngine;
use crate::play::PlayEngine;
use crate::play::erase;
use crate::registry::{
    Data, Entry, Family, Options, Report, Result, Ruleset, annotate, impartial_report, read_position,
    without_params,
};
use crate::{
    impartial::{GrundySolver, ImpartialRules, MisereSolver},
    monitor::{Monitor, SearchError},
    nimber::Nimber,
    notation::Notation,
    outcome::Outcome,
};

/// Chomp. A position is a Young diagram given by its row lengths, longest
/// first (`5 3 3`); the poisoned square is row 1, column 1. A move picks a
/// square `(r, c)` other than the poison and eats it with every square below
/// and to the right (rows `≥ r`, columns `≥ c`). The player left with only the
/// poison must eat it and loses, so the single poisoned square has no moves.
///
/// Options are returned in canonical form: a diagram and its transpose are
/// the same game, so the ruleset keeps the lexicographically smaller of the
/// two, halving the memo. [`Chomp::bite`] gives the raw result of a move.
/// A diagram inside an `a × b` box has at most C(a + b, a) sub-diagrams.
///
/// ```
/// use sprague::{GrundySolver, games::Chomp};
/// let chomp = Chomp;
/// // Two rows n, n−1 are P-positions.
/// assert!(GrundySolver::new(&chomp).grundy(&vec![5, 4]).unwrap().is_zero());
/// assert!(!GrundySolver::new(&chomp).grundy(&vec![3, 3, 3]).unwrap().is_zero());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Chomp;

/// Largest short side (rows or columns, whichever is fewer) [`Chomp`]'s
/// notation accepts.
pub const MAX_SHORT_SIDE: usize = 16;
/// Largest number of squares [`Chomp`]'s notation accepts.
pub const MAX_CELLS: u64 = 4096;

impl Chomp {
    /// The diagram after eating square `(row, col)` (0-based) and everything
    /// below and right of it.
    #[must_use]
    pub fn bite(rows: &[u32], row: usize, col: u32) -> Vec<u32> {
        let mut out: Vec<u32> = rows
            .iter()
            .enumerate()
            .map(|(i, &len)| if i >= row { len.min(col) } else { len })
            .collect();
        while out.last() == Some(&0) {
            out.pop();
        }
        out
    }

    /// The transpose of a diagram (column lengths).
    #[must_use]
    pub fn transpose(rows: &[u32]) -> Vec<u32> {
        let width = rows.first().copied().unwrap_or(0);
        (0..width)
            .map(|c| rows.iter().take_while(|&&len| len > c).count() as u32)
            .collect()
    }

    /// The canonical representative of a diagram up to transposition: the
    /// one with fewer rows (shorter to store), the lexicographically smaller
    /// on a tie.
    #[must_use]
    pub fn canonical(rows: &[u32]) -> Vec<u32> {
        let width = rows.first().copied().unwrap_or(0) as usize;
        if width > rows.len() {
            return rows.to_vec();
        }
        let t = Self::transpose(rows);
        if (t.len(), t.as_slice()) < (rows.len(), rows) {
            t
        } else {
            rows.to_vec()
        }
    }

    /// Every legal bite `(row, col)` (0-based) of a diagram.
    pub fn bites(rows: &[u32]) -> impl Iterator<Item = (usize, u32)> + '_ {
        rows.iter()
            .enumerate()
            .flat_map(|(r, &len)| (0..len).map(move |c| (r, c)))
            .filter(|&(r, c)| (r, c) != (0, 0))
    }
}

/// A bite that wins: its square (0-based row and column) and the diagram after it.
pub type ChompBite = (usize, u32, Vec<u32>);

impl Chomp {
    /// Outcome, Grundy value (normal play) and every winning bite of the
    /// diagram `rows` as written, in [`Chomp::bites`] order. Diagrams are
    /// searched in canonical form; in normal play each bite keeps the diagram
    /// after it as written, in misère play its canonical form. Search over
    /// the sub-diagrams (at most C(a + b, a) in an `a × b` box), stored up to
    /// `max_states`, reporting to `monitor`.
    ///
    /// # Errors
    /// The state budget, or a stop of `monitor`.
    pub fn winning_bites(
        rows: &[u32],
        misere: bool,
        max_states: usize,
        monitor: &Monitor,
    ) -> Result<(Outcome, Option<Nimber>, Vec<ChompBite>), SearchError> {
        let canon = Self::canonical(rows);
        let mut bites = Vec::new();
        if misere {
            let mut solver = MisereSolver::with_max_states(&Chomp, max_states).with_monitor(monitor);
            let outcome = solver.outcome(&canon)?;
            for (r, c) in Self::bites(rows) {
                let after = Self::canonical(&Self::bite(rows, r, c));
                if solver.outcome(&after)? == Outcome::P {
                    bites.push((r, c, after));
                }
            }
            return Ok((outcome, None, bites));
        }
        let mut solver = GrundySolver::with_max_states(&Chomp, max_states).with_monitor(monitor);
        let g = solver.grundy(&canon)?;
        for (r, c) in Self::bites(rows) {
            let after = Self::bite(rows, r, c);
            if solver.grundy(&Self::canonical(&after))?.is_zero() {
                bites.push((r, c, after));
            }
        }
        Ok((Outcome::from_grundy(g), Some(g), bites))
    }
}

/// Chomp with options kept as drawn, for play: [`Chomp`]'s own options are
/// put in canonical form, which would turn the board the player sees.
/// Moves are described as the bite's square (1-based).
#[derive(Clone, Copy, Debug, Default)]
pub struct ChompAsDrawn;

impl ImpartialRules for ChompAsDrawn {
    type Position = Vec<u32>;

    fn moves(&self, position: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (r, c) in Chomp::bites(position) {
            out.push(Chomp::bite(position, r, c));
        }
    }
}

impl Notation<Vec<u32>> for ChompAsDrawn {
    fn parse_position(&self, text: &str) -> Result<Vec<u32>, ParseError> {
        Chomp.parse_position(text)
    }

    fn format_position(&self, position: &Vec<u32>) -> String {
        Chomp.format_position(position)
    }

    fn describe_move(&self, from: &Vec<u32>, to: &Vec<u32>) -> String {
        Chomp::bites(from)
            .find(|&(r, c)| Chomp::bite(from, r, c) == *to)
            .map_or_else(
                || format!("to {}", self.format_position(to)),
                |(r, c)| format!("bite at row {}, column {}", r + 1, c + 1),
            )
    }
}

impl ImpartialRules for Chomp {
    type Position = Vec<u32>;

    fn moves(&self, position: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (r, c) in Self::bites(position) {
            out.push(Self::canonical(&Self::bite(position, r, c)));
        }
    }
}

impl Notation<Vec<u32>> for Chomp {
    /// Row lengths, longest first, e.g. `5 3 3`.
    fn parse_position(&self, text: &str) -> Result<Vec<u32>, ParseError> {
        let rows = parse_heaps(text)?;
        let mut out = Vec::with_capacity(rows.len());
        let words: Vec<(usize, &str)> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .scan(0usize, |pos, w| {
                let start = *pos;
                *pos += w.chars().count() + 1;
                Some((start + 1, w))
            })
            .filter(|(_, w)| !w.is_empty())
            .collect();
        for (i, &len) in rows.iter().enumerate() {
            let (col, word) = words.get(i).copied().unwrap_or((1, ""));
            let len = u32::try_from(len)
                .ok()
                .filter(|&l| l <= 1 << 20)
                .ok_or_else(|| ParseError::new("a row may have at most 2^20 squares", col, word))?;
            if len == 0 {
                return Err(ParseError::new(
                    "rows must be non-empty (omit empty rows)",
                    col,
                    word,
                ));
            }
            if out.last().is_some_and(|&prev| len > prev) {
                return Err(ParseError::new(
                    "rows must not get longer going down (a Young diagram)",
                    col,
                    word,
                ));
            }
            out.push(len);
        }
        let cells: u64 = out.iter().map(|&l| u64::from(l)).sum();
        let short_side = out.len().min(out.first().copied().unwrap_or(0) as usize);
        if short_side > MAX_SHORT_SIDE || cells > MAX_CELLS {
            return Err(ParseError::new(
                format!(
                    "chomp diagrams are limited to {MAX_CELLS} squares with at most {MAX_SHORT_SIDE} rows or columns (searches grow as C(rows + columns, rows))"
                ),
                1,
                "",
            ));
        }
        Ok(out)
    }

    fn format_position(&self, position: &Vec<u32>) -> String {
        let parts: Vec<String> = position.iter().map(u32::to_string).collect();
        parts.join(" ")
    }
}

/// Chomp: Grundy value of the canonical diagram; winning bites listed on the
/// diagram as written, 1-based.
struct ChompBoard;

impl Ruleset for ChompBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let p = read_position(&Chomp, position)?;
        let (outcome, grundy, bites) =
            Chomp::winning_bites(&p, options.misere, options.max_states, options.monitor)?;
        let moves: Vec<(String, String)> = bites
            .iter()
            .map(|(r, c, after)| {
                (
                    Chomp.format_position(after),
                    format!("bite at (row {}, column {})", r + 1, c + 1),
                )
            })
            .collect();
        let mut report = impartial_report(
            "chomp",
            &Chomp.format_position(&p),
            options.misere,
            outcome,
            grundy.map(crate::nimber::Nimber::get),
            &moves,
        );
        let squares: Vec<Data> = bites
            .iter()
            .map(|(r, c, _)| Data::map().with("row", r + 1).with("column", c + 1))
            .collect();
        annotate(&mut report, "winning_bites", Data::List(squares), None);
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let p = read_position(&Chomp, position)?;
        let engine = ImpartialEngine::new("chomp".to_string(), &ChompAsDrawn, false, options);
        Ok(erase(engine, p))
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "chomp",
    params: "",
    family: Family::Impartial,
    summary: "bite a square and everything below-right of it; whoever must eat the poison (row 1, column 1) loses",
    notation: "row lengths of a Young diagram, longest first, e.g. `5 3 3`",
    example: "value chomp 5 3 3",
    example2: "value chomp 2 1",
    rules: "Chomp: a bar of chocolate squares in rows of non-increasing length (a Young diagram); the top-left square is poisoned. A move bites a square and every square below and to the right of it. Whoever must eat the poisoned square loses.",
    known: "By strategy stealing the first player wins every rectangle larger than 1×1, though no winning move is known in general; a square board is won by biting at (2,2) and mirroring, and two rows of lengths a and a − 1 lose for the mover. Chomp is David Gale's chocolate-bar form of a divisor game of F. Schuh; the name is Martin Gardner's.",
    build: |name, params| without_params(name, params, |_| ChompBoard),
}];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Definition-level Grundy value, no canonical forms.
    fn brute(rows: &[u32], memo: &mut HashMap<Vec<u32>, u64>) -> u64 {
        if let Some(&v) = memo.get(rows) {
            return v;
        }
        let vals: Vec<crate::nimber::Nimber> = Chomp::bites(rows)
            .map(|(r, c)| crate::nimber::Nimber(brute(&Chomp::bite(rows, r, c), memo)))
            .collect();
        let v = crate::nimber::mex(vals).get();
        memo.insert(rows.to_vec(), v);
        v
    }

    fn diagrams(max_rows: usize, max_len: u32) -> Vec<Vec<u32>> {
        let mut out = vec![];
        fn rec(cur: &mut Vec<u32>, max_rows: usize, cap: u32, out: &mut Vec<Vec<u32>>) {
            if !cur.is_empty() {
                out.push(cur.clone());
            }
            if cur.len() == max_rows {
                return;
            }
            for len in 1..=cap {
                cur.push(len);
                rec(cur, max_rows, len, out);
                cur.pop();
            }
        }
        rec(&mut vec![], max_rows, max_len, &mut out);
        out
    }

    #[test]
    fn canonical_search_matches_brute_force() {
        let mut memo = HashMap::new();
        let mut solver = GrundySolver::new(&Chomp);
        for d in diagrams(5, 5) {
            let canon = Chomp::canonical(&d);
            assert_eq!(
                solver.grundy(&canon).unwrap().get(),
                brute(&d, &mut memo),
                "{d:?}"
            );
        }
    }

    #[test]
    fn known_positions() {
        let mut solver = GrundySolver::new(&Chomp);
        for n in 1..12u32 {
            // Two rows n, n−1 are P (the classical 2-row solution).
            let rows = if n > 1 { vec![n, n - 1] } else { vec![1] };
            assert!(solver.grundy(&rows).unwrap().is_zero(), "{rows:?}");
            // An L of arms a and b (row a, then b − 1 rows of 1) is P iff a = b: it is Nim on two heaps a − 1, b − 1.
            for b in 1..8u32 {
                let mut l = vec![n];
                l.extend(std::iter::repeat_n(1, (b - 1) as usize));
                assert_eq!(
                    solver.grundy(&Chomp::canonical(&l)).unwrap().get(),
                    u64::from((n - 1) ^ (b - 1))
                );
            }
        }
        // Every rectangle larger than 1×1 is N (strategy stealing).
        for a in 1..6u32 {
            for b in 1..6usize {
                if (a, b) != (1, 1) {
                    let rect = vec![a; b];
                    assert!(!solver.grundy(&Chomp::canonical(&rect)).unwrap().is_zero());
                }
            }
        }
    }

    #[test]
    fn notation_errors() {
        assert_eq!(Chomp.parse_position("3 4").unwrap_err().column, 3);
        assert_eq!(Chomp.parse_position("3 0").unwrap_err().column, 3);
        assert_eq!(Chomp.parse_position("5 3 3").unwrap(), vec![5, 3, 3]);
        assert_eq!(Chomp::transpose(&[5, 3, 3]), vec![3, 3, 3, 1, 1]);
        assert_eq!(Chomp::canonical(&[1, 1, 1]), vec![3]);
        assert_eq!(Chomp::canonical(&[2, 1]), vec![2, 1]);
        assert!(Chomp.parse_position("4097").is_err());
        assert!(Chomp.parse_position(&vec!["17"; 17].join(" ")).is_err());
        assert!(Chomp.parse_position("4096").is_ok());
    }

    #[test]
    fn winning_bites_are_the_bites_to_p_positions() {
        let monitor = Monitor::default();
        let mut solver = GrundySolver::new(&Chomp);
        let mut misere = MisereSolver::new(&Chomp);
        for rows in [vec![5, 3, 3], vec![2, 1], vec![3, 3, 3], vec![4, 3], vec![1]] {
            let (o, g, bites) = Chomp::winning_bites(&rows, false, 1_000_000, &monitor).unwrap();
            assert_eq!(g, Some(solver.grundy(&rows).unwrap()));
            assert_eq!(o, Outcome::from_grundy(solver.grundy(&rows).unwrap()));
            let expected: Vec<(usize, u32)> = Chomp::bites(&rows)
                .filter(|&(r, c)| solver.grundy(&Chomp::bite(&rows, r, c)).unwrap().is_zero())
                .collect();
            assert_eq!(bites.iter().map(|b| (b.0, b.1)).collect::<Vec<_>>(), expected);
            let (o, g, bites) = Chomp::winning_bites(&rows, true, 1_000_000, &monitor).unwrap();
            assert_eq!((o, g), (misere.outcome(&rows).unwrap(), None));
            assert!(bites.iter().all(|b| misere.outcome(&b.2).unwrap() == Outcome::P));
        }
    }

    #[test]
    fn as_drawn_keeps_the_diagram() {
        let mut out = Vec::new();
        ChompAsDrawn.moves(&vec![1, 1, 1], &mut out);
        assert_eq!(out, vec![vec![1], vec![1, 1]]);
        assert_eq!(
            ChompAsDrawn.describe_move(&vec![1, 1, 1], &vec![1]),
            "bite at row 2, column 1"
        );
    }
}
