//! Turning Corners: the two-dimensional coin-turning game whose values are
//! nim products.

use crate::notation::ParseError;
use crate::registry::{BoardRules, CellGrid, Entry, Family};
use crate::{games::parse_coins, impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// A rectangular grid of coins, `rows[r][c]`, `true` = heads.
pub type CoinGrid = Vec<Vec<bool>>;

/// Turning Corners. A move chooses a heads coin at `(r, c)` and a rectangle
/// with that coin as its lower-right corner, `(r', c')` with `r' < r`,
/// `c' < c`, and turns its four corners. The value of a single heads coin at
/// `(r, c)` (0-based) is the nim product `r ⊗ c` (Winning Ways ch. 14: the
/// game is the product of two Turning Turtles rows numbered from 0), and a
/// grid is worth the nim-sum over its heads coins.
///
/// Written as rows of coins separated by `/`: `TTT/THT/TTH`.
///
/// ```
/// use sprague::{GrundySolver, Nimber, Notation, games::TurningCorners};
/// let p = TurningCorners.parse_position("TTT/TTT/TTH").unwrap();
/// assert_eq!(GrundySolver::new(&TurningCorners).grundy(&p).unwrap(), Nimber(3)); // 2 ⊗ 2
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct TurningCorners;

impl ImpartialRules for TurningCorners {
    type Position = CoinGrid;

    fn moves(&self, p: &CoinGrid, out: &mut Vec<CoinGrid>) {
        for r in 0..p.len() {
            for c in 0..p[r].len() {
                if !p[r][c] {
                    continue;
                }
                for r2 in 0..r {
                    for c2 in 0..c {
                        let mut q = p.clone();
                        q[r][c] = false;
                        q[r2][c] = !q[r2][c];
                        q[r][c2] = !q[r][c2];
                        q[r2][c2] = !q[r2][c2];
                        out.push(q);
                    }
                }
            }
        }
    }

    fn decompose(&self, p: &CoinGrid, out: &mut Vec<CoinGrid>) -> bool {
        let heads: Vec<(usize, usize)> = (0..p.len())
            .flat_map(|r| (0..p[r].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| p[r][c])
            .collect();
        if heads.len() == 1 {
            return false;
        }
        for (r, c) in heads {
            let mut q: CoinGrid = p.iter().map(|row| vec![false; row.len()]).collect();
            q[r][c] = true;
            out.push(q);
        }
        true
    }

    fn compose(&self, parts: &[CoinGrid]) -> Option<CoinGrid> {
        let mut out: CoinGrid = parts.first()?.iter().map(|row| vec![false; row.len()]).collect();
        for part in parts {
            for (orow, prow) in out.iter_mut().zip(part) {
                for (o, &c) in orow.iter_mut().zip(prow) {
                    *o ^= c;
                }
            }
        }
        Some(out)
    }

    /// Components overlap in place, so splicing is turning: whole ⊕ part ⊕ option.
    fn replace_component(
        &self,
        whole: &CoinGrid,
        parts: &[CoinGrid],
        i: usize,
        option: CoinGrid,
    ) -> Option<CoinGrid> {
        let mut out = whole.clone();
        for ((o, p), q) in out.iter_mut().zip(parts.get(i)?).zip(&option) {
            for ((a, &b), &c) in o.iter_mut().zip(p).zip(q) {
                *a ^= b ^ c;
            }
        }
        Some(out)
    }

    fn closed_form(&self, p: &CoinGrid) -> Option<Nimber> {
        let mut heads = (0..p.len())
            .flat_map(|r| (0..p[r].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| p[r][c]);
        match (heads.next(), heads.next()) {
            (None, _) => Some(Nimber::ZERO),
            (Some((r, c)), None) => Some(Nimber(r as u64) * Nimber(c as u64)),
            _ => None,
        }
    }

    /// The options of a single heads coin `(r, c)` with value `t`: a corner
    /// `(r', c')` gives `r'⊗c ⊕ r⊗c' ⊕ r'⊗c'`, so for each `r' < r` the one
    /// candidate is `c' = (t ⊕ r'⊗c) ⊗ (r ⊕ r')⁻¹`, kept if `c' < c`. O(r).
    fn moves_to_value(&self, p: &CoinGrid, target: Nimber) -> Option<Vec<CoinGrid>> {
        let mut heads = (0..p.len())
            .flat_map(|r| (0..p[r].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| p[r][c]);
        let (Some((r, c)), None) = (heads.next(), heads.next()) else {
            return None;
        };
        let mut out = Vec::new();
        for r2 in 0..r {
            let rhs = target + Nimber(r2 as u64) * Nimber(c as u64);
            let inv = inverse((r ^ r2) as u64)?;
            let c2 = (rhs * inv).get();
            if c2 < c as u64 {
                let c2 = c2 as usize;
                let mut q = p.clone();
                q[r][c] = false;
                q[r2][c] = true;
                q[r][c2] = true;
                q[r2][c2] = true;
                out.push(q);
            }
        }
        Some(out)
    }
}

/// Nim inverse of `d`, from a table for `d < 4096` (coordinates of a grid of
/// at most 4096 coins are below 4096, and so is the nim-sum of two of them).
fn inverse(d: u64) -> Option<Nimber> {
    static TABLE: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    if d >= 4096 {
        return Nimber(d).inverse();
    }
    let table = TABLE.get_or_init(|| {
        // Below 2^16 the nimbers form GF(2^16): d^(2^16 − 2) is d's inverse.
        (0..4096u64)
            .map(|x| if x == 0 { 0 } else { Nimber(x).pow(65_534).get() })
            .collect()
    });
    (d != 0).then(|| Nimber(table[d as usize]))
}

impl Notation<CoinGrid> for TurningCorners {
    fn parse_position(&self, text: &str) -> Result<CoinGrid, ParseError> {
        let mut rows = Vec::new();
        let mut col = 0usize;
        for part in text.split('/') {
            let row = parse_coins(part).map_err(|e| e.shifted(col))?;
            if let Some(first) = rows.first().map(Vec::len)
                && row.len() != first
            {
                return Err(ParseError::new(
                    format!("every row must have {first} coins"),
                    col + 1,
                    part.trim(),
                ));
            }
            rows.push(row);
            col += part.chars().count() + 1;
        }
        if rows.len() * rows[0].len() > crate::games::MAX_TURNING_COINS {
            return Err(ParseError::new(
                format!("at most {} coins are supported", crate::games::MAX_TURNING_COINS),
                1,
                "",
            ));
        }
        Ok(rows)
    }

    fn format_position(&self, p: &CoinGrid) -> String {
        let rows: Vec<String> = p
            .iter()
            .map(|row| row.iter().map(|&c| if c { 'H' } else { 'T' }).collect())
            .collect();
        rows.join("/")
    }

    fn describe_move(&self, from: &CoinGrid, to: &CoinGrid) -> String {
        let turned: Vec<String> = (0..from.len())
            .rev()
            .flat_map(|r| (0..from[r].len()).rev().map(move |c| (r, c)))
            .filter(|&(r, c)| from[r][c] != to[r][c])
            .map(|(r, c)| format!("({}, {})", r + 1, c + 1))
            .collect();
        format!("turn corners {}", turned.join(" "))
    }
}

impl BoardRules for TurningCorners {}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "turning-corners",
    params: "",
    family: Family::Impartial,
    summary: "turn the four corners of a rectangle whose lower-right corner goes heads to tails (values: nim products)",
    notation: "rows of coins separated by `/`, e.g. `TTTT/THTT/TTTH`",
    example: "value turning-corners TTTT/THTT/TTTH",
    example2: "value turning-corners TTT/TTT/TTH",
    rules: "A rectangle of coins showing heads `H` or tails `T`. A move chooses a heads coin and a rectangle with that coin as its lower-right corner (at least two rows and two columns), and turns over the rectangle's four corner coins. The player who cannot move loses.",
    known: "Turning Corners is the coin-turning product of two Turning Turtles rows numbered from 0: a single heads coin at row r, column c (from 0) is worth the nim product r ⊗ c, and a position is the nim-sum of its heads coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
    build: CellGrid::<TurningCorners>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    struct Plain;
    impl ImpartialRules for Plain {
        type Position = CoinGrid;
        fn moves(&self, p: &CoinGrid, out: &mut Vec<CoinGrid>) {
            TurningCorners.moves(p, out);
        }
    }

    #[test]
    fn single_coins_are_nim_products_by_full_search() {
        let mut s = GrundySolver::new(&Plain);
        for r in 0..5 {
            for c in 0..5 {
                let mut p = vec![vec![false; c + 1]; r + 1];
                p[r][c] = true;
                assert_eq!(
                    s.grundy(&p).unwrap(),
                    Nimber(r as u64) * Nimber(c as u64),
                    "({r},{c})"
                );
            }
        }
        // Nim multiplication table row 2 (Winning Ways): 2⊗2 = 3, 2⊗3 = 1, 3⊗3 = 2.
        assert_eq!(Nimber(2) * Nimber(3), Nimber(1));
        assert_eq!(Nimber(3) * Nimber(3), Nimber(2));
    }

    #[test]
    fn whole_grids_match_full_search() {
        let mut full = GrundySolver::new(&Plain);
        let mut fast = GrundySolver::new(&TurningCorners);
        for mask in 0u32..(1 << 9) {
            let p: CoinGrid = (0..3)
                .map(|r| (0..3).map(|c| mask >> (3 * r + c) & 1 == 1).collect())
                .collect();
            assert_eq!(fast.grundy(&p).unwrap(), full.grundy(&p).unwrap());
            let mut a = fast.winning_moves(&p).unwrap();
            let mut b = full.winning_moves(&p).unwrap();
            a.sort();
            b.sort();
            a.dedup();
            b.dedup();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn moves_to_value_match_enumeration() {
        // Option values by decomposition and the closed form (both checked
        // against full search above); full search of 6×6 grids is too big.
        let mut s = GrundySolver::new(&TurningCorners);
        for r in 0..6 {
            for c in 0..6 {
                let mut p = vec![vec![false; 6]; 6];
                p[r][c] = true;
                for t in 0..8 {
                    let mut opts = Vec::new();
                    TurningCorners.moves(&p, &mut opts);
                    let mut want: Vec<CoinGrid> = opts
                        .into_iter()
                        .filter(|o| s.grundy(o).unwrap() == Nimber(t))
                        .collect();
                    let mut got = TurningCorners.moves_to_value(&p, Nimber(t)).unwrap();
                    want.sort();
                    got.sort();
                    assert_eq!(got, want, "({r},{c}) target {t}");
                }
            }
        }
    }

    #[test]
    fn notation() {
        let p = TurningCorners.parse_position("TTH/HTT").unwrap();
        assert_eq!(TurningCorners.format_position(&p), "TTH/HTT");
        assert_eq!(TurningCorners.parse_position("TTH/HT").unwrap_err().column, 5);
        assert_eq!(TurningCorners.parse_position("TTH/HXT").unwrap_err().column, 6);
    }
}
