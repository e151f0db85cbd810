//! Wythoff's game (two heaps; take from one heap or the same number from both)
//! and Wyt Queens (the same game as queens walking toward a board's corner).
//!
//! The P-positions are the pairs `(a_k, b_k)` with `a_k = ⌊kφ⌋`, `b_k = a_k + k`
//! (Wythoff 1907). They are computed here exactly in integers: `⌊k√5⌋` is the
//! integer square root of `5k²`, a 130-bit number handled as two `u128` halves,
//! and `a_k = (k + ⌊k√5⌋) / 2` because `k√5` is irrational for `k > 0`.

use crate::notation::{ParseError, parse_u64_token};
use crate::play::{ClosedFormPlay, PlayEngine};
use crate::registry::{
    BoardRules, Entry, Error, Family, Options, Report, Result, Ruleset, annotate, impartial_report,
    note_after_outcome, play_board_closed, read_position, solve_board as solve, without_params,
};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation, outcome::Outcome};

/// `a * b` as a 256-bit number `(high, low)` (the tests' exact check).
#[cfg(test)]
const fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const M: u128 = u64::MAX as u128;
    let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    // Middle column: (p00 >> 64) + low halves of p01 and p10 (fits in 66 bits).
    let mid = (p00 >> 64) + (p01 & M) + (p10 & M);
    let low = (p00 & M) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// `⌊k·√5⌋`, exactly. Writing `k√5 = 2k + u`, the integer part of `u` is the
/// largest `u` with `u(u + 4k) ≤ k²` (square `u + 2k ≤ k√5`), which fits in
/// `u128` because `u < 0.237k`. A floating-point estimate of `u` is corrected
/// by one integer Newton step on `u(u + 4k) − k²` and then settled by exact
/// comparisons; if anything looks off, a binary search over the whole range
/// decides.
fn floor_k_sqrt5(k: u64) -> u128 {
    let k = u128::from(k);
    let k2 = k * k;
    let value = |u: u128| u.checked_mul(u + 4 * k);
    let fits = |u: u128| value(u).is_some_and(|v| v <= k2);
    let estimate = ((k as f64) * 0.236_067_977_499_789_7) as u128;
    // Newton: u1 = u0 + (k² − u0(u0 + 4k)) / (2u0 + 4k), rounded down.
    let slope = 2 * estimate + 4 * k;
    let mut u = match value(estimate) {
        Some(v) if v <= k2 => estimate + (k2 - v) / slope.max(1),
        Some(v) => estimate.saturating_sub((v - k2).div_ceil(slope.max(1))),
        None => estimate,
    };
    for _ in 0..4 {
        if !fits(u) {
            u = u.saturating_sub(1);
        } else if fits(u + 1) {
            u += 1;
        } else {
            return 2 * k + u;
        }
    }
    // Fallback (never needed in the tests): binary search with fits(lo), !fits(hi).
    let (mut lo, mut hi) = (0u128, k / 4 + 2);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    2 * k + lo
}

/// The `k`-th P-position `(a_k, b_k)` of Wythoff's game, `a_k = ⌊kφ⌋` (OEIS
/// A000201 for `k ≥ 1`), `b_k = a_k + k` (A001950); `k = 0` gives `(0, 0)`.
/// Exact for every `u64` k (the results need up to 66 bits, hence `u128`).
/// O(1): a handful of 128-bit products; the float estimate is only a starting
/// point, every digit is settled in integers.
///
/// ```
/// use sprague::games::wythoff_pair;
/// assert_eq!(wythoff_pair(1), (1, 2));
/// assert_eq!(wythoff_pair(5), (8, 13));
/// assert_eq!(wythoff_pair(u64::MAX).0, 29847458893032750100); // ⌊(2^64 − 1)φ⌋
/// ```
#[must_use]
pub fn wythoff_pair(k: u64) -> (u128, u128) {
    let a = (k as u128 + floor_k_sqrt5(k)) / 2;
    (a, a + k as u128)
}

/// Where `v ≥ 1` sits among the P-positions: `(k, true)` if `v = a_k` (lower),
/// `(k, false)` if `v = b_k` (upper). Every positive integer is exactly one of
/// them (the two Beatty sequences partition the positive integers); `v = 0`
/// gives `(0, true)`. O(1).
#[must_use]
pub fn wythoff_index(v: u64) -> (u64, bool) {
    if v == 0 {
        return (0, true);
    }
    // q = ⌊v/φ⌋ = ⌊(v√5 − v)/2⌋. If v = a_k then k = ⌈v/φ⌉ = q + 1; if v = b_k
    // then k = ⌈v/φ²⌉ = v − q (as v/φ² = v − v/φ). Both are checked exactly.
    let q = ((floor_k_sqrt5(v) - u128::from(v)) / 2) as u64;
    if wythoff_pair(q + 1).0 == u128::from(v) {
        return (q + 1, true);
    }
    if wythoff_pair(v - q).1 == u128::from(v) {
        return (v - q, false);
    }
    for k in q.saturating_sub(2)..=q.saturating_add(2) {
        if wythoff_pair(k).0 == u128::from(v) {
            return (k, true);
        }
        if let Some(j) = (v - q).checked_add(k).and_then(|x| x.checked_sub(q))
            && wythoff_pair(j).1 == u128::from(v)
        {
            return (j, false);
        }
    }
    unreachable_index(v)
}

#[cold]
fn unreachable_index(v: u64) -> (u64, bool) {
    // The Beatty sequences are complementary, so one of the searches succeeds;
    // reaching this line would be an arithmetic bug caught by the tests.
    debug_assert!(false, "no Wythoff index found for {v}");
    (0, true)
}

/// The partner of `v` in its P-position: the `w` with `(v, w)` a P-position.
/// `None` if the partner does not fit in a `u64`.
#[must_use]
pub fn wythoff_partner(v: u64) -> Option<u64> {
    let (k, lower) = wythoff_index(v);
    let (a, b) = wythoff_pair(k);
    u64::try_from(if lower { b } else { a }).ok()
}

/// Whether `(x, y)` is a P-position of Wythoff's game. O(1) for any heaps.
///
/// ```
/// use sprague::games::wythoff_is_p;
/// assert!(wythoff_is_p(8, 13) && wythoff_is_p(13, 8) && !wythoff_is_p(8, 12));
/// ```
#[must_use]
pub fn wythoff_is_p(x: u64, y: u64) -> bool {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    let d = hi - lo;
    // a_d ≥ d, so lo < d cannot be a_d.
    d <= lo && wythoff_pair(d).0 == lo as u128
}

/// Every move from `(x, y)` to a P-position, found by the closed form (at most
/// five moves; none if `(x, y)` is itself a P-position). O(1) for any heaps.
#[must_use]
pub fn wythoff_winning_moves(x: u64, y: u64) -> Vec<[u64; 2]> {
    let mut out = Vec::new();
    if wythoff_is_p(x, y) {
        return out;
    }
    // Keep y, lower x to y's partner; keep x, lower y to x's partner.
    if let Some(p) = wythoff_partner(y)
        && p < x
    {
        out.push([p, y]);
    }
    if let Some(p) = wythoff_partner(x)
        && p < y
    {
        out.push([x, p]);
    }
    // Take the same amount from both: the difference is kept.
    let (lo, hi) = (x.min(y), x.max(y));
    let d = hi - lo;
    if d <= lo {
        let a = wythoff_pair(d).0 as u64;
        if a < lo {
            let t = lo - a;
            out.push([x - t, y - t]);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Every move from `(x, y)` to a misère P-position (one component, last mover
/// loses). The misère P-positions are the normal ones with `(0, 0)`, `(1, 2)`,
/// `(2, 1)` replaced by `(0, 1)`, `(1, 0)`, `(2, 2)`. O(1) for any heaps.
#[must_use]
pub fn wythoff_misere_winning_moves(x: u64, y: u64) -> Vec<[u64; 2]> {
    let swapped_out = |c: &[u64; 2]| matches!(c, [0, 0] | [1, 2] | [2, 1]);
    let is_misere_p = |a: u64, b: u64| match (a.min(b), a.max(b)) {
        (0, 1) | (2, 2) => true,
        (0, 0) | (1, 2) => false,
        _ => wythoff_is_p(a, b),
    };
    if is_misere_p(x, y) {
        return Vec::new();
    }
    let mut out: Vec<[u64; 2]> = if wythoff_is_p(x, y) {
        Vec::new()
    } else {
        wythoff_winning_moves(x, y)
    };
    out.retain(|c| !swapped_out(c));
    for [a, b] in [[0, 1], [1, 0], [2, 2]] {
        let legal = (a < x && b == y) || (a == x && b < y) || (a < x && x - a == y.wrapping_sub(b) && b < y);
        if legal {
            out.push([a, b]);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Grundy values of Wythoff's game for every pair below `n`:
/// `table[x * n + y] = G(x, y)`. Each row, column and diagonal keeps a bitset
/// of the values seen so far (a value is at most the number of options, below
/// `3n`), and a cell's value is
/// the first zero bit of their union: O(n³ / 64) word operations and about
/// n² bytes of bitsets (n = 2000: a fraction of a second in release builds).
#[must_use]
pub fn wythoff_grundy_table(n: usize) -> Vec<u32> {
    let words = (3 * n).div_ceil(64) + 1;
    let mut table = vec![0u32; n * n];
    let mut rows = vec![0u64; n * words]; // values at (x, y') for y' < y, per x
    let mut cols = vec![0u64; n * words]; // values at (x', y) for x' < x, per y
    let mut diags = vec![0u64; 2 * n * words]; // values at (x − t, y − t), per x − y + n
    for x in 0..n {
        for y in 0..n {
            let d = x + n - y;
            let (r, c, g) = (
                &rows[x * words..][..words],
                &cols[y * words..][..words],
                &diags[d * words..][..words],
            );
            let mut v = 0u32;
            for w in 0..words {
                let used = r[w] | c[w] | g[w];
                if used != u64::MAX {
                    v = (w * 64) as u32 + (!used).trailing_zeros();
                    break;
                }
            }
            table[x * n + y] = v;
            let (word, bit) = (v as usize / 64, 1u64 << (v % 64));
            rows[x * words + word] |= bit;
            cols[y * words + word] |= bit;
            diags[d * words + word] |= bit;
        }
    }
    table
}

/// Largest heap for which Grundy values of Wythoff components are searched
/// (misère sums, and `play` of a sum, which searches every option it lists;
/// one pair above it plays by the closed form).
pub const WYTHOFF_SEARCH_LIMIT: u64 = 150;

/// Largest heap for which Grundy values of Wythoff components come from
/// [`wythoff_grundy_table`] (normal play of sums).
pub const WYTHOFF_TABLE_LIMIT: u64 = 2048;

/// The index `k` of a P-position `(a_k, b_k)` or `(b_k, a_k)`: the difference
/// of the heaps; `None` for an N-position. O(1).
#[must_use]
pub fn wythoff_p_index(x: u64, y: u64) -> Option<u64> {
    wythoff_is_p(x, y).then(|| x.abs_diff(y))
}

/// Normal play of a sum of Wythoff components whose heaps are at most
/// [`WYTHOFF_TABLE_LIMIT`], from one [`wythoff_grundy_table`]: the Grundy value
/// of the sum and every winning move (the sum after it). Component `i` moves
/// to value `g_i ⊕ total`; moves are listed component by component, each
/// component's by lowering the first heap, the second heap, then both.
/// `None` when a heap is above the limit (or `p` is empty).
/// O(n³ / 64) for the table, n the largest heap + 1, and O(n) per component.
#[must_use]
pub fn wythoff_sum_by_table(p: &[[u64; 2]]) -> Option<(Nimber, Vec<Vec<[u64; 2]>>)> {
    let largest = p.iter().map(|c| c[0].max(c[1])).max()?;
    if largest > WYTHOFF_TABLE_LIMIT {
        return None;
    }
    let n = largest as usize + 1;
    let table = wythoff_grundy_table(n);
    let g = |x: u64, y: u64| u64::from(table[x as usize * n + y as usize]);
    let values: Vec<u64> = p.iter().map(|&[x, y]| g(x, y)).collect();
    let total = values.iter().fold(0, |a, &v| a ^ v);
    let mut moves = Vec::new();
    if total != 0 {
        for (i, &[x, y]) in p.iter().enumerate() {
            let target = values[i] ^ total;
            let lower_x = (0..x).map(|a| [a, y]);
            let lower_y = (0..y).map(|b| [x, b]);
            let both = (1..=x.min(y)).map(|t| [x - t, y - t]);
            for o in lower_x
                .chain(lower_y)
                .chain(both)
                .filter(|&[a, b]| g(a, b) == target)
            {
                let mut to = p.to_vec();
                to[i] = o;
                moves.push(to);
            }
        }
    }
    Some((Nimber(total), moves))
}

/// Wythoff's game on a sum of two-heap components. A move takes any positive
/// number of tokens from one heap of one component, or the same positive number
/// from both of its heaps. Also Wyt Queens: each component is a queen at
/// `(x, y)` (0-based, the corner at `(0, 0)`) moving any distance left, down,
/// or diagonally down-left.
///
/// P/N of a single component is the Beatty closed form for any `u64` heaps
/// ([`wythoff_is_p`]); Grundy values of components come from search or from
/// [`wythoff_grundy_table`], so sums need small heaps. Misère play of one component: the P-positions are those of
/// normal play with `(0, 0)`, `(1, 2)`, `(2, 1)` replaced by `(0, 1)`, `(1, 0)`, `(2, 2)`
/// (checked against search in the tests).
///
/// ```
/// use sprague::{GrundySolver, Nimber, games::Wythoff};
/// let w = Wythoff::heaps();
/// let mut s = GrundySolver::new(&w);
/// assert_eq!(s.grundy(&vec![[3, 5]]).unwrap(), Nimber(0));
/// assert_eq!(s.grundy(&vec![[1, 1]]).unwrap(), Nimber(2));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff {
    queens: bool,
}

impl Wythoff {
    /// Wythoff's game written as heap pairs: `3 5`, sums `3 5; 4 7`.
    #[must_use]
    pub const fn heaps() -> Wythoff {
        Wythoff { queens: false }
    }

    /// Wyt Queens, written as queen coordinates: `3,5 4,7`.
    #[must_use]
    pub const fn queens() -> Wythoff {
        Wythoff { queens: true }
    }

    /// Whether this is the queens notation.
    #[must_use]
    pub const fn is_queens(self) -> bool {
        self.queens
    }
}

impl ImpartialRules for Wythoff {
    type Position = Vec<[u64; 2]>;

    fn moves(&self, position: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) {
        for (i, &[x, y]) in position.iter().enumerate() {
            let mut push = |c: [u64; 2]| {
                let mut p = position.clone();
                p[i] = c;
                out.push(p);
            };
            for x2 in 0..x {
                push([x2, y]);
            }
            for y2 in 0..y {
                push([x, y2]);
            }
            for t in 1..=x.min(y) {
                push([x - t, y - t]);
            }
        }
    }

    fn decompose(&self, position: &Vec<[u64; 2]>, out: &mut Vec<Vec<[u64; 2]>>) -> bool {
        crate::impartial::split_pieces(position, out)
    }

    fn compose(&self, parts: &[Vec<[u64; 2]>]) -> Option<Vec<[u64; 2]>> {
        Some(parts.concat())
    }

    fn closed_form(&self, component: &Vec<[u64; 2]>) -> Option<Nimber> {
        match component[..] {
            [[x, y]] if wythoff_is_p(x, y) => Some(Nimber::ZERO),
            // One empty heap leaves Nim on the other.
            [[0, y]] => Some(Nimber(y)),
            [[x, 0]] => Some(Nimber(x)),
            _ => None,
        }
    }

    fn moves_to_value(&self, component: &Vec<[u64; 2]>, target: Nimber) -> Option<Vec<Vec<[u64; 2]>>> {
        match component[..] {
            [[x, y]] if target.is_zero() => {
                Some(wythoff_winning_moves(x, y).into_iter().map(|c| vec![c]).collect())
            }
            _ => None,
        }
    }

    fn misere_outcome(&self, position: &Vec<[u64; 2]>) -> Option<Outcome> {
        let [[x, y]] = position[..] else { return None };
        let (lo, hi) = (x.min(y), x.max(y));
        let p = match (lo, hi) {
            (0, 0) | (1, 2) => false,
            (0, 1) | (2, 2) => true,
            _ => wythoff_is_p(x, y),
        };
        Some(if p { Outcome::P } else { Outcome::N })
    }
}

/// Splits `text` into tokens on spaces, commas and `;`, with 1-based columns,
/// also reporting whether a `;` preceded each token.
fn tokens_with_groups(text: &str) -> Vec<(usize, &str, bool)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut group_break = false;
    let mut pending_break = false;
    for (col, (i, c)) in text.char_indices().enumerate() {
        let sep = c.is_whitespace() || c == ',' || c == ';';
        if sep {
            if let Some((sc, si)) = start.take() {
                out.push((sc, &text[si..i], group_break));
                group_break = false;
            }
            if c == ';' {
                pending_break = true;
            }
        } else if start.is_none() {
            start = Some((col + 1, i));
            group_break = pending_break;
            pending_break = false;
        }
    }
    if let Some((sc, si)) = start {
        out.push((sc, &text[si..], group_break));
    }
    out
}

impl Notation<Vec<[u64; 2]>> for Wythoff {
    /// Heaps: pairs `x y`, several components separated by `;` (`3 5; 4 7`).
    /// Queens: `x,y` coordinates separated by spaces (`3,5 4,7`).
    fn parse_position(&self, text: &str) -> Result<Vec<[u64; 2]>, ParseError> {
        let mut out = Vec::new();
        if self.queens {
            for (col, word) in text.split_whitespace().map(|w| {
                let offset = w.as_ptr() as usize - text.as_ptr() as usize;
                (text[..offset].chars().count() + 1, w)
            }) {
                let Some((a, b)) = word.split_once(',') else {
                    return Err(ParseError::new("expected a queen as `x,y`", col, word));
                };
                let x = parse_u64_token(a, col, "a column x")?;
                let y = parse_u64_token(b, col + a.chars().count() + 1, "a row y")?;
                out.push([x, y]);
            }
            if out.is_empty() {
                return Err(ParseError::new("expected at least one queen `x,y`", 1, ""));
            }
            return Ok(out);
        }
        let toks = tokens_with_groups(text);
        let mut i = 0;
        while i < toks.len() {
            let (c0, t0, _) = toks[i];
            let x = parse_u64_token(t0, c0, "a heap size")?;
            let Some(&(c1, t1, brk)) = toks.get(i + 1) else {
                return Err(ParseError::new(
                    "a Wythoff component needs two heaps `x y`",
                    c0,
                    t0,
                ));
            };
            if brk {
                return Err(ParseError::new("expected the second heap before `;`", c1, t1));
            }
            let y = parse_u64_token(t1, c1, "a heap size")?;
            if let Some(&(c2, t2, brk2)) = toks.get(i + 2)
                && !brk2
            {
                return Err(ParseError::new(
                    "a Wythoff component has exactly two heaps; separate components with `;`",
                    c2,
                    t2,
                ));
            }
            out.push([x, y]);
            i += 2;
        }
        if out.is_empty() {
            return Err(ParseError::new("expected two heap sizes `x y`", 1, ""));
        }
        Ok(out)
    }

    fn format_position(&self, position: &Vec<[u64; 2]>) -> String {
        let parts: Vec<String> = position
            .iter()
            .map(|[x, y]| {
                if self.queens {
                    format!("{x},{y}")
                } else {
                    format!("{x} {y}")
                }
            })
            .collect();
        parts.join(if self.queens { " " } else { "; " })
    }

    fn describe_move(&self, from: &Vec<[u64; 2]>, to: &Vec<[u64; 2]>) -> String {
        let Some(i) = (0..from.len().min(to.len())).find(|&i| from[i] != to[i]) else {
            return format!("to {}", self.format_position(to));
        };
        let ([x, y], [x2, y2]) = (from[i], to[i]);
        let which = if from.len() > 1 {
            format!("{} {}: ", if self.queens { "queen" } else { "pair" }, i + 1)
        } else {
            String::new()
        };
        if self.queens {
            let dir = match (x2 < x, y2 < y) {
                (true, true) => "diagonally",
                (true, false) => "left",
                _ => "down",
            };
            if from.len() > 1 {
                return format!("{which}{x},{y} → {x2},{y2} ({dir})");
            }
            return format!("queen {x},{y} → {x2},{y2} ({dir})");
        }
        match (x2 < x, y2 < y) {
            (true, true) => format!("{which}take {} from both heaps", x - x2),
            (true, false) => format!("{which}take {} from the first heap", x - x2),
            _ => format!("{which}take {} from the second heap", y - y2),
        }
    }
}

/// Wythoff and Wyt Queens: the Beatty closed form for P/N and winning moves of
/// one component with any heaps; Grundy values from the table or by search
/// for small heaps.
struct WythoffBoard {
    /// Name shown in reports.
    name: String,
    /// Heaps or queens notation.
    rules: Wythoff,
}

impl WythoffBoard {
    /// Every move of `from` to `to` as `(to, description)`.
    fn rows(&self, from: &Vec<[u64; 2]>, to: &[Vec<[u64; 2]>]) -> Vec<(String, String)> {
        to.iter()
            .map(|q| (self.rules.format_position(q), self.rules.describe_move(from, q)))
            .collect()
    }
}

impl Ruleset for WythoffBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let largest = p.iter().map(|c| c[0].max(c[1])).max().unwrap_or(0);
        let canonical = rules.format_position(&p);
        let by_table = if options.misere {
            None
        } else {
            wythoff_sum_by_table(&p)
        };
        let mut report = if let Some((g, moves)) = by_table {
            let outcome = Outcome::from_grundy(g);
            impartial_report(
                &self.name,
                &canonical,
                false,
                outcome,
                Some(g.get()),
                &self.rows(&p, &moves),
            )
        } else if largest <= WYTHOFF_SEARCH_LIMIT {
            let (o, g, m) = solve(rules, &p, options)?;
            impartial_report(&self.name, &canonical, options.misere, o, g, &m)
        } else if let [[x, y]] = p[..] {
            let targets = if options.misere {
                wythoff_misere_winning_moves(x, y)
            } else {
                wythoff_winning_moves(x, y)
            };
            let moves: Vec<Vec<[u64; 2]>> = targets.into_iter().map(|c| vec![c]).collect();
            let o = if options.misere {
                rules.misere_outcome(&p).unwrap_or(Outcome::N)
            } else if wythoff_is_p(x, y) {
                Outcome::P
            } else {
                Outcome::N
            };
            let mut r = impartial_report(
                &self.name,
                &canonical,
                options.misere,
                o,
                None,
                &self.rows(&p, &moves),
            );
            note_after_outcome(
                &mut r,
                &format!(
                    "grundy:  not computed (a heap above {WYTHOFF_SEARCH_LIMIT}; P/N and the winning moves come from the Beatty closed form)"
                ),
            );
            r
        } else {
            return Err(Error::input(format!(
                "position `{position}`: a sum of Wythoff games needs each component's Grundy value, computed only for heaps up to {WYTHOFF_TABLE_LIMIT} ({WYTHOFF_SEARCH_LIMIT} in misère play); a single component of any size is decided by the closed form"
            )));
        };
        if let [[x, y]] = p[..]
            && !options.misere
            && let Some(k) = wythoff_p_index(x, y)
        {
            annotate(
                &mut report,
                "p_position_index",
                k,
                Some(format!("this is P-position number {k}: (⌊{k}φ⌋, ⌊{k}φ⌋ + {k})")),
            );
        }
        Ok(report)
    }

    /// One pair of any size plays by the Beatty closed form
    /// ([`ClosedFormPlay`]); a sum searches Grundy values, so its heaps are
    /// limited to [`WYTHOFF_SEARCH_LIMIT`].
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board_closed(&self.name, &self.rules, position, options, |p| {
            match p.iter().map(|c| c[0].max(c[1])).max() {
                Some(m) if p.len() > 1 && m > WYTHOFF_SEARCH_LIMIT => Err(format!(
                    "play of a sum of Wythoff games searches Grundy values, so its heaps are limited to {WYTHOFF_SEARCH_LIMIT} (found {m}); a single pair of any size plays by the closed form"
                )),
                _ => Ok(()),
            }
        })
    }
}

impl BoardRules for Wythoff {}

/// Whether one move of a single pair leads from `(x, y)` to `(a, b)`: one heap
/// lowered, or both lowered by the same amount. O(1).
const fn wythoff_step([x, y]: [u64; 2], [a, b]: [u64; 2]) -> bool {
    (a < x && b == y) || (a == x && b < y) || (a < x && b < y && x - a == y - b)
}

/// Play of one pair of any size by the Beatty closed form: legality is
/// checked by arithmetic, the winning moves are [`wythoff_winning_moves`]
/// (misère: [`wythoff_misere_winning_moves`]), all O(1). Sums (several
/// pairs) are played by search: [`by_closed_form`](ClosedFormPlay::by_closed_form)
/// is false for them, and the outcome methods answer for one pair only.
impl ClosedFormPlay<Vec<[u64; 2]>> for Wythoff {
    fn by_closed_form(&self, p: &Vec<[u64; 2]>) -> bool {
        matches!(p[..], [[x, y]] if x.max(y) > WYTHOFF_SEARCH_LIMIT)
    }

    fn is_move(&self, from: &Vec<[u64; 2]>, to: &Vec<[u64; 2]>) -> bool {
        if from.len() != to.len() {
            return false;
        }
        let mut changed = from.iter().zip(to).filter(|(f, t)| f != t);
        match (changed.next(), changed.next()) {
            (Some((&f, &t)), None) => wythoff_step(f, t),
            _ => false,
        }
    }

    fn outcome_of(&self, p: &Vec<[u64; 2]>, misere: bool) -> Outcome {
        let normal = |x, y| {
            if wythoff_is_p(x, y) {
                Outcome::P
            } else {
                Outcome::N
            }
        };
        match p[..] {
            [[x, y]] if !misere => normal(x, y),
            [_] => self.misere_outcome(p).unwrap_or(Outcome::N),
            // A sum is never played by the closed form; as the engine only
            // asks about what `by_closed_form` accepts, this is not reached.
            _ => Outcome::N,
        }
    }

    fn winning_moves_of(&self, p: &Vec<[u64; 2]>, misere: bool) -> Vec<Vec<[u64; 2]>> {
        let [[x, y]] = p[..] else { return Vec::new() };
        let targets = if misere {
            wythoff_misere_winning_moves(x, y)
        } else {
            wythoff_winning_moves(x, y)
        };
        targets.into_iter().map(|c| vec![c]).collect()
    }

    /// One token from the larger heap of the first pair that has any.
    fn smallest_move(&self, p: &Vec<[u64; 2]>) -> Option<Vec<[u64; 2]>> {
        let i = p.iter().position(|&[x, y]| x.max(y) > 0)?;
        let mut to = p.clone();
        let [x, y] = to[i];
        to[i] = if x >= y { [x - 1, y] } else { [x, y - 1] };
        Some(to)
    }

    fn explain_closed(&self, p: &Vec<[u64; 2]>, misere: bool) -> Vec<String> {
        let [[x, y]] = p[..] else { return Vec::new() };
        let d = x.abs_diff(y);
        let (a, b) = wythoff_pair(d);
        let mut lines = vec![format!(
            "the P-positions of Wythoff's game are the pairs (⌊kφ⌋, ⌊kφ⌋ + k) (Wythoff 1907); the one whose heaps differ by {d} is ({a}, {b})."
        )];
        if misere {
            lines.push(
                "misère play swaps (0, 0), (1, 2), (2, 1) for (0, 1), (1, 0), (2, 2) among them.".to_string(),
            );
        }
        lines
    }
}

/// The catalog entries.
/// The catalog `build` of Wythoff's game or Wyt Queens (no parameters).
fn wythoff_board(name: &str, params: Option<&str>, rules: Wythoff) -> Result<Box<dyn Ruleset>> {
    without_params(name, params, |name| WythoffBoard { name, rules })
}

pub(crate) const ENTRIES: &[Entry] = &[
    Entry {
        name: "wythoff",
        params: "",
        family: Family::Heap,
        summary: "two heaps: take from one heap, or the same amount from both (Wythoff's game)",
        notation: "two heaps `x y`; a sum of games `3 5; 4 7`; P/N for any u64 heaps",
        example: "value wythoff 1000000000000 1618033988749",
        example2: "value wythoff 3 5",
        rules: "Wythoff's game: two heaps of tokens. A move takes any positive number of tokens from one heap, or the same positive number from both heaps. The player who takes the last token wins.",
        known: "The losing positions are the pairs (⌊kφ⌋, ⌊kφ²⌋) for k = 0, 1, 2, … with φ the golden ratio (W. A. Wythoff, A modification of the game of Nim, Nieuw Archief voor Wiskunde, 1907; the lower Wythoff sequence is OEIS A000201), so outcomes are decided for any 64-bit heaps; sprague finds Grundy values by search.",
        build: |name, params| wythoff_board(name, params, Wythoff::heaps()),
    },
    Entry {
        name: "wyt-queens",
        params: "",
        family: Family::Impartial,
        summary: "queens move left, down or diagonally down-left toward the corner (Wythoff on a board)",
        notation: "queens as `x,y` (0-based, corner 0,0) separated by spaces, e.g. `3,5 2,2`",
        example: "value wyt-queens 3,5 2,2",
        example2: "value wyt-queens 1,2",
        rules: "Queens on a board with a corner at 0,0. A move carries one queen any distance left, down, or diagonally down-left toward the corner; several queens may share a square. The player who cannot move (every queen in the corner) loses.",
        known: "One queen at x,y is Wythoff's game with heaps x and y: it loses for the mover exactly at (⌊kφ⌋, ⌊kφ²⌋) and its mirror image (W. A. Wythoff, 1907; Wyt Queens, Winning Ways, 2nd ed., vol. 1, ch. 3); several queens add as a sum of games.",
        build: |name, params| wythoff_board(name, params, Wythoff::queens()),
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use proptest::prelude::*;

    /// Definition-level P/N table: (x, y) is P iff no move reaches a P-position.
    fn brute_p_table(n: usize) -> Vec<Vec<bool>> {
        let mut p = vec![vec![false; n]; n];
        for x in 0..n {
            for y in 0..n {
                let reach = (0..x).any(|a| p[a][y])
                    || (0..y).any(|b| p[x][b])
                    || (1..=x.min(y)).any(|t| p[x - t][y - t]);
                p[x][y] = !reach;
            }
        }
        p
    }

    #[test]
    fn lower_wythoff_matches_oeis_a000201() {
        // OEIS A000201, lower Wythoff sequence ⌊nφ⌋, n = 1..68.
        let a000201 = [
            1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37, 38, 40, 42,
            43, 45, 46, 48, 50, 51, 53, 55, 56, 58, 59, 61, 63, 64, 66, 67, 69, 71, 72, 74, 76, 77, 79, 80,
            82, 84, 85, 87, 88, 90, 92, 93, 95, 97, 98, 100, 101, 103, 105, 106, 108, 110,
        ];
        for (i, &a) in a000201.iter().enumerate() {
            let k = i as u64 + 1;
            assert_eq!(wythoff_pair(k), (a, a + k as u128), "k = {k}");
        }
    }

    #[test]
    fn closed_form_matches_brute_force_p_positions() {
        let n = 80;
        let p = brute_p_table(n);
        for (x, row) in p.iter().enumerate() {
            for (y, &is_p) in row.iter().enumerate() {
                assert_eq!(wythoff_is_p(x as u64, y as u64), is_p, "({x}, {y})");
            }
        }
        // The brute-force P-positions below n are exactly the pairs (a_k, b_k).
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|x| (x..n).map(move |y| (x, y)))
            .filter(|&(x, y)| p[x][y])
            .collect();
        let expect: Vec<(usize, usize)> = (0..n as u64)
            .map(wythoff_pair)
            .take_while(|&(_, b)| b < n as u128)
            .map(|(a, b)| (a as usize, b as usize))
            .collect();
        assert_eq!(pairs, expect);
    }

    #[test]
    fn winning_moves_match_search() {
        let w = Wythoff::heaps();
        let mut s = GrundySolver::new(&w);
        for x in 0..25u64 {
            for y in 0..25u64 {
                let mut expect: Vec<[u64; 2]> = Vec::new();
                let mut options = Vec::new();
                w.moves(&vec![[x, y]], &mut options);
                for o in options {
                    if s.grundy(&o).unwrap().is_zero() {
                        expect.push(o[0]);
                    }
                }
                expect.sort_unstable();
                expect.dedup();
                assert_eq!(wythoff_winning_moves(x, y), expect, "({x}, {y})");
            }
        }
    }

    #[test]
    fn grundy_values_by_search_known_rows() {
        // Row x = 1 of Wythoff's Grundy table: 1 2 0 4 5 3 7 8 6 … (Winning Ways, ch. 3).
        let w = Wythoff::heaps();
        let mut s = GrundySolver::new(&w);
        let row: Vec<u64> = (0..9).map(|y| s.grundy(&vec![[1, y]]).unwrap().get()).collect();
        assert_eq!(row, vec![1, 2, 0, 4, 5, 3, 7, 8, 6]);
        // The sum 3 5; 4 7 of two P-positions is P; with (1,1) its value is 2.
        assert_eq!(s.grundy(&vec![[3, 5], [4, 7], [1, 1]]).unwrap(), Nimber(2));
    }

    #[test]
    fn grundy_table_matches_search() {
        let n = 40;
        let table = wythoff_grundy_table(n);
        let w = Wythoff::heaps();
        let mut s = GrundySolver::new(&w);
        for x in 0..n {
            for y in 0..n {
                let g = s.grundy(&vec![[x as u64, y as u64]]).unwrap().get();
                assert_eq!(u64::from(table[x * n + y]), g, "({x}, {y})");
                assert_eq!(g == 0, wythoff_is_p(x as u64, y as u64));
            }
        }
    }

    #[test]
    fn misere_closed_form_matches_search() {
        let w = Wythoff::heaps();
        let mut search = MisereSolver::new(&w).search_only();
        for x in 0..20u64 {
            for y in 0..20u64 {
                let p = vec![[x, y]];
                assert_eq!(
                    w.misere_outcome(&p),
                    Some(search.outcome(&p).unwrap()),
                    "({x},{y})"
                );
            }
        }
    }

    #[test]
    fn misere_winning_moves_match_search() {
        let w = Wythoff::heaps();
        let mut search = MisereSolver::new(&w).search_only();
        for x in 0..20u64 {
            for y in 0..20u64 {
                let mut expect: Vec<[u64; 2]> = search
                    .winning_moves(&vec![[x, y]])
                    .unwrap()
                    .into_iter()
                    .map(|p| p[0])
                    .collect();
                expect.sort_unstable();
                expect.dedup();
                assert_eq!(wythoff_misere_winning_moves(x, y), expect, "({x},{y})");
            }
        }
    }

    #[test]
    fn beatty_sequences_partition_the_integers() {
        let mut seen = vec![0u8; 5000];
        for k in 1..2000u64 {
            let (a, b) = wythoff_pair(k);
            for v in [a, b] {
                if (v as usize) < seen.len() {
                    seen[v as usize] += 1;
                }
            }
        }
        assert!(seen[1..3000].iter().all(|&c| c == 1));
        for v in 1..3000u64 {
            let (k, lower) = wythoff_index(v);
            let (a, b) = wythoff_pair(k);
            assert_eq!(if lower { a } else { b }, v as u128);
        }
    }

    #[test]
    fn notation_round_trips_and_reports_columns() {
        let w = Wythoff::heaps();
        assert_eq!(w.parse_position("3 5; 4 7").unwrap(), vec![[3, 5], [4, 7]]);
        assert_eq!(w.format_position(&vec![[3, 5], [4, 7]]), "3 5; 4 7");
        assert_eq!(w.parse_position("3 5 4").unwrap_err().column, 5);
        assert_eq!(w.parse_position("3 x").unwrap_err().column, 3);
        assert_eq!(w.parse_position("3").unwrap_err().column, 1);
        let q = Wythoff::queens();
        assert_eq!(q.parse_position("3,5 4,7").unwrap(), vec![[3, 5], [4, 7]]);
        assert_eq!(q.parse_position("3,5 4;7").unwrap_err().column, 5);
        assert_eq!(q.parse_position("3,5 4,y").unwrap_err().column, 7);
    }

    /// The exact floor check of `pair_is_floor_k_phi` at the edges of the range.
    #[test]
    fn pair_is_exact_at_the_edges() {
        let mut ks: Vec<u64> = (0..64).map(|b| 1u64 << b).collect();
        ks.extend((0..64).map(|b| (1u64 << b).wrapping_sub(1).max(1)));
        ks.extend([u64::MAX, u64::MAX - 1, (1 << 63) + 1, 3, 5, 7]);
        for k in ks {
            let (a, _) = wythoff_pair(k);
            let t = 2 * a - k as u128;
            let five_k2 = mul_wide(k as u128 * k as u128, 5);
            assert!(
                mul_wide(t, t) < five_k2 && mul_wide(t + 2, t + 2) > five_k2,
                "k = {k}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// a_k = ⌊kφ⌋ exactly: 2a_k − k < k√5 < 2a_k + 2 − k, checked by squaring.
        #[test]
        fn pair_is_floor_k_phi(k in 1u64..) {
            let (a, _) = wythoff_pair(k);
            let t = 2 * a - k as u128;
            let k2 = k as u128 * k as u128;
            let five_k2 = mul_wide(k2, 5);
            prop_assert!(mul_wide(t, t) < five_k2);
            prop_assert!(mul_wide(t + 2, t + 2) > five_k2);
        }

        /// Every positive integer is found at its place in exactly one sequence.
        #[test]
        fn index_finds_every_value(v in 1u64..) {
            let (k, lower) = wythoff_index(v);
            let (a, b) = wythoff_pair(k);
            prop_assert_eq!(if lower { a } else { b }, u128::from(v));
        }

        /// Huge P-positions are P, and every winning move from a huge N-position
        /// reaches a P-position by a legal move.
        #[test]
        fn huge_positions_consistent(k in 0u64..(1u64 << 62), d in 0u64..3, shape in 0u8..3) {
            // Shifting one heap, or both by the same amount, leaves the P-positions.
            let (dx, dy) = [(d, d), (d, 0), (0, d)][shape as usize];
            let (a, b) = wythoff_pair(k);
            let (x, y) = (a as u64 + dx, b as u64 + dy);
            prop_assert_eq!(wythoff_is_p(x, y), dx == 0 && dy == 0);
            for [x2, y2] in wythoff_winning_moves(x, y) {
                prop_assert!(wythoff_is_p(x2, y2));
                prop_assert!((x2 < x && y2 == y) || (x2 == x && y2 < y) || (x - x2 == y - y2 && x2 < x));
            }
            if dx + dy > 0 {
                prop_assert!(!wythoff_winning_moves(x, y).is_empty());
            }
        }
    }

    #[test]
    fn sums_by_table_match_search() {
        let w = Wythoff::heaps();
        let mut solver = GrundySolver::new(&w);
        let comps: Vec<[u64; 2]> = (0..6).flat_map(|x| (0..6).map(move |y| [x, y])).collect();
        for (i, &a) in comps.iter().enumerate() {
            for &b in &comps[i..] {
                for p in [vec![a], vec![a, b]] {
                    let (g, mut moves) = wythoff_sum_by_table(&p).unwrap();
                    assert_eq!(g, solver.grundy(&p).unwrap(), "{p:?}");
                    let mut searched = solver.winning_moves(&p).unwrap();
                    moves.sort();
                    searched.sort();
                    assert_eq!(moves, searched, "{p:?}");
                }
            }
        }
        assert!(wythoff_sum_by_table(&[[WYTHOFF_TABLE_LIMIT + 1, 0]]).is_none());
        assert!(wythoff_sum_by_table(&[]).is_none());
    }

    #[test]
    fn p_index_is_the_difference_of_a_p_position() {
        assert_eq!(wythoff_p_index(8, 13), Some(5));
        assert_eq!(wythoff_p_index(13, 8), Some(5));
        assert_eq!(wythoff_p_index(0, 0), Some(0));
        assert_eq!(wythoff_p_index(8, 12), None);
    }

    /// Definition-level misère P/N table of one pair: no move wins (the
    /// opponent took the last token), else P iff no move reaches a P-position.
    fn brute_misere_p_table(n: usize) -> Vec<Vec<bool>> {
        let mut p = vec![vec![false; n]; n];
        for x in 0..n {
            for y in 0..n {
                let has_move = x + y > 0;
                let reach = (0..x).any(|a| p[a][y])
                    || (0..y).any(|b| p[x][b])
                    || (1..=x.min(y)).any(|t| p[x - t][y - t]);
                p[x][y] = has_move && !reach;
            }
        }
        p
    }

    const SMALL: usize = 40;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The closed-form play of huge pairs checked on small ones: a move is
        /// legal exactly when the listed options hold it (also in sums), the
        /// outcome is the brute-force one, a winning move exists exactly at
        /// N-positions and each leaves a P-position by brute force, and the
        /// smallest move is an option.
        #[test]
        fn closed_form_play_agrees_with_listed_options_and_brute_force(
            x in 0u64..SMALL as u64,
            y in 0u64..SMALL as u64,
            other in proptest::option::of((0u64..6, 0u64..6)),
            misere: bool,
        ) {
            let w = Wythoff::heaps();
            let mut p = vec![[x, y]];
            if let Some((c, d)) = other {
                p.push([c, d]);
            }
            let mut options = Vec::new();
            w.moves(&p, &mut options);
            for a in 0..=x + 1 {
                for b in 0..=y + 1 {
                    let mut to = p.clone();
                    to[0] = [a, b];
                    prop_assert_eq!(w.is_move(&p, &to), options.contains(&to), "{:?} → {:?}", p, to);
                }
            }
            if p.len() > 1 {
                let mut to = p.clone();
                to[1] = [p[1][0].saturating_sub(1), p[1][1]];
                prop_assert_eq!(w.is_move(&p, &to), options.contains(&to));
                prop_assert!(!w.is_move(&p, &vec![[x, y]]));
            }
            match w.smallest_move(&p) {
                Some(to) => prop_assert!(options.contains(&to)),
                None => prop_assert!(options.is_empty()),
            }
            if p.len() > 1 {
                return Ok(());
            }
            let table = if misere { brute_misere_p_table(SMALL) } else { brute_p_table(SMALL) };
            let is_p = |[a, b]: [u64; 2]| table[a as usize][b as usize];
            let outcome = if is_p([x, y]) { Outcome::P } else { Outcome::N };
            prop_assert_eq!(w.outcome_of(&p, misere), outcome, "{:?} misère {}", p, misere);
            let winning = w.winning_moves_of(&p, misere);
            // (A misère end position is won without a move.)
            prop_assert_eq!(winning.is_empty(), is_p([x, y]) || options.is_empty(), "{:?} misère {}", p, misere);
            for to in &winning {
                prop_assert!(options.contains(to));
                prop_assert!(is_p(to[0]), "{:?} → {:?}", p, to);
            }
            // Every winning move is found, not just one.
            let all = options.iter().filter(|o| is_p(o[0])).count();
            prop_assert_eq!(winning.len(), all);
        }
    }

    #[test]
    fn pairs_of_any_size_are_played_by_the_closed_form() {
        let w = Wythoff::heaps();
        // Heaps differing by d = 618033988749 lose only at (a_d, a_d + d),
        // and a_d = ⌊dφ⌋ is not 10^12: an N-position with a winning move.
        let p = vec![[1_000_000_000_000, 1_618_033_988_749]];
        assert!(w.by_closed_form(&p) && !w.by_closed_form(&vec![[150, 150]]));
        assert!(!w.by_closed_form(&vec![[1000, 1000], [1, 2]]));
        let winning = w.winning_moves_of(&p, false);
        assert!(!winning.is_empty());
        for to in &winning {
            assert!(w.is_move(&p, to));
            assert_eq!(w.outcome_of(to, false), Outcome::P);
        }
        let step = w.smallest_move(&p).unwrap();
        assert_eq!(step, vec![[1_000_000_000_000, 1_618_033_988_748]]);
    }
}
