//! The rectangle-cutting game: cut a rectangle into d equal strips.
//!
//! # The value of a rectangle
//!
//! Write the sides as `a = 2^s·m` and `b = 2^t·n` with `m`, `n` odd, let
//! `x = Ω(m)` and `y = Ω(n)` (prime factors counted with multiplicity), and
//! let `e` say whether a side is even (`s > 0` or `t > 0`). Then
//!
//! ```text
//! G(a×b) = x ⊕ y          when both sides are odd,
//! G(a×b) = (x ⊕ y) + 1    when a side is even.
//! ```
//!
//! *Proof*, by induction on `x + y`. A cut of side `a` into `d` pieces
//! leaves `d` equal rectangles `(a/d)×b`; equal components cancel in pairs,
//! so the option is worth 0 when `d` is even and `G((a/d)×b)` when `d` is odd.
//! An even `d` exists exactly when `a` is even. An odd `d > 1` divides `m`,
//! `a/d = 2^s·(m/d)` keeps the parity of `a`, and `Ω(m/d) = x − Ω(d)` takes
//! every value `0, …, x − 1` (take `d` the product of any `k ≥ 1` of the
//! prime factors of `m`, counted with multiplicity). The same holds for `b`,
//! and no cut changes `e`. With `F(x, y)` the claimed value, the options of
//! `a×b` are therefore worth
//!
//! ```text
//! {F(x', y) : x' < x} ∪ {F(x, y') : y' < y} ∪ ({0} if e).
//! ```
//!
//! Let `S = {x' ⊕ y : x' < x} ∪ {x ⊕ y' : y' < y}`: the options of the Nim
//! position of heaps `x` and `y`. By Bouton's theorem (or the mex rule on
//! Nim), `S` holds every number below `x ⊕ y` and not `x ⊕ y` itself. When
//! `e` is false the option values are `S`, whose mex is `x ⊕ y`. When `e` is
//! true they are `{0} ∪ {v + 1 : v ∈ S}`, which holds `0, 1, …, x ⊕ y` and not
//! `(x ⊕ y) + 1`, so the mex is `(x ⊕ y) + 1`. ∎
//!
//! So a rectangle is valued by factoring its sides (Pollard's rho, any
//! `u64`), and a sum by the nim-sum of its rectangles, an even number of
//! equal rectangles counting for nothing. The winning cuts follow from the
//! same picture: to reach value `v` a cut is even (`v = 0`, a side even) or
//! odd with `Ω(d)` fixed by `v` (see [`RectangleCutting::solve_sum`]), so
//! they are read off the divisors of the sides, never from the pieces.
//! The tests check the formula against a plain search of the definition
//! (every cut of every rectangle, the pieces' values nim-added one by one).

use super::factor::{big_omega, divisors_with_omega, factorize, odd_part};
use crate::notation::{MAX_LISTED_HEAPS, ParseError, REPEAT_RUN, parse_u64_token};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// A rectangle `a×b` (both sides ≥ 1).
pub type Rectangle = (u64, u64);

/// The rectangle-cutting game. A position is a list of rectangles (notation
/// `3x4 2x5`, and `AxB^K` for `K` equal rectangles); a move picks one
/// rectangle and one side, and a divisor `d ≥ 2` of that side's length, and
/// cuts the rectangle into `d` equal pieces, which become independent
/// rectangles.
///
/// Every rectangle below 2^64 × 2^64 is valued by the closed form of the
/// module documentation ([`rectangle_value`](Self::rectangle_value)), and
/// sums with their winning cuts by [`solve_sum`](Self::solve_sum), which
/// counts pieces instead of listing them. The [`ImpartialRules`] form
/// (positions as lists, for searches such as misère play) lists the `d`
/// pieces of every cut, so it suits small sides only.
///
/// ```
/// use sprague::{GrundySolver, Nimber, heap::RectangleCutting};
/// let mut solver = GrundySolver::new(&RectangleCutting);
/// // 1×1 has no move; 1×2 → two 1×1: value mex{0} = 1.
/// assert_eq!(solver.grundy(&vec![(1, 2)]).unwrap(), Nimber(1));
/// assert_eq!(solver.grundy(&vec![(1, 2), (2, 1)]).unwrap(), Nimber(0));
/// // 10^9 = 2^9·5^9 and the prime 999999937: (9 ⊕ 1) + 1 = 9.
/// assert_eq!(RectangleCutting.rectangle_value((1_000_000_000, 999_999_937)), Some(Nimber(9)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RectangleCutting;

/// One winning cut found by [`RectangleCutting::solve_sum`]: one copy of
/// rectangle `rectangle` (entry `index` of the sum) cut across its side of
/// length `side` into `pieces` rectangles `piece`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RectangleCut {
    /// The entry of the sum that is cut (one of its copies).
    pub index: usize,
    /// The rectangle cut.
    pub rectangle: Rectangle,
    /// The length of the side cut (a side of `rectangle`).
    pub side: u64,
    /// How many pieces the cut makes (`d ≥ 2`, dividing `side`).
    pub pieces: u64,
    /// Each piece: `rectangle` with `side` divided by `pieces`.
    pub piece: Rectangle,
}

impl RectangleCut {
    /// The sum after this cut: entry `index` loses one copy and the pieces
    /// follow it. O(entries).
    #[must_use]
    pub fn apply(&self, sum: &[(Rectangle, u64)]) -> Vec<(Rectangle, u64)> {
        let mut out = Vec::with_capacity(sum.len() + 1);
        for (i, &(r, k)) in sum.iter().enumerate() {
            if i == self.index {
                if k > 1 {
                    out.push((r, k - 1));
                }
                out.push((self.piece, self.pieces));
            } else {
                out.push((r, k));
            }
        }
        out
    }

    /// `cut AxB across its side of L into D pieces PxQ`.
    #[must_use]
    pub fn describe(&self) -> String {
        let (a, b) = self.rectangle;
        let (p, q) = self.piece;
        format!(
            "cut {a}x{b} across its side of {} into {} pieces {p}x{q}",
            self.side, self.pieces
        )
    }
}

/// A sum of rectangles solved by [`RectangleCutting::solve_sum`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RectangleSum {
    /// The nim-sum of the rectangles' values.
    pub grundy: Nimber,
    /// Every winning cut (none when `grundy` is 0): for each entry of the sum
    /// with at least one copy, each side, each divisor that wins, in
    /// increasing order of the number of pieces. A square's two sides give
    /// the same pieces turned, so only one is listed.
    pub winning_cuts: Vec<RectangleCut>,
}

/// What the value of one rectangle depends on: `(Ω(m), Ω(n), e)` of the
/// module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    x: u32,
    y: u32,
    even: bool,
}

impl Shape {
    fn of((a, b): Rectangle) -> Option<Shape> {
        if a == 0 || b == 0 {
            return None;
        }
        let (m, s) = odd_part(a);
        let (n, t) = odd_part(b);
        Some(Shape {
            x: big_omega(m),
            y: big_omega(n),
            even: s > 0 || t > 0,
        })
    }

    const fn value(x: u32, y: u32, even: bool) -> u64 {
        (x ^ y) as u64 + even as u64
    }
}

impl RectangleCutting {
    /// The Grundy value of one `a×b` rectangle, `(Ω(m) ⊕ Ω(n)) + [a or b
    /// even]` for the odd parts `m`, `n` of the sides (proof in the module
    /// documentation), or `None` if a side is 0. Expected O(a^{1/4} + b^{1/4})
    /// (factoring by Pollard's rho).
    #[must_use]
    pub fn rectangle_value(&self, r: Rectangle) -> Option<Nimber> {
        let s = Shape::of(r)?;
        Some(Nimber(Shape::value(s.x, s.y, s.even)))
    }

    /// The value of a sum of rectangles given as `(rectangle, copies)` and
    /// every winning cut, without listing pieces: `None` if a side is 0.
    ///
    /// A cut of side `L = 2^s·m` of a rectangle whose shape is `(x, y, e)`
    /// (module documentation) into `d` pieces is worth 0 for even `d` and
    /// `F(x − Ω(d), y)` for odd `d`; so the cuts to value `v` are the even
    /// divisors of the even sides when `v = 0`, and the odd divisors of `m`
    /// with `Ω(d) = x − x'`, where `x' = v ⊕ y` (both sides odd) or
    /// `x' = (v − 1) ⊕ y` (a side even), when `x' < x`. Cost: factoring each
    /// distinct side and listing its divisors (at most 103 680 for a `u64`).
    ///
    /// ```
    /// use sprague::{Nimber, heap::RectangleCutting};
    /// let sum = RectangleCutting.solve_sum(&[((1_000_000_000, 999_999_937), 1)]).unwrap();
    /// assert_eq!(sum.grundy, Nimber(9));
    /// // The winning cuts make an even number of pieces of the side 10^9:
    /// // its 90 even divisors.
    /// assert_eq!(sum.winning_cuts.len(), 90);
    /// assert!(sum.winning_cuts.iter().all(|c| c.side == 1_000_000_000 && c.pieces % 2 == 0));
    /// ```
    #[must_use]
    pub fn solve_sum(&self, sum: &[(Rectangle, u64)]) -> Option<RectangleSum> {
        let mut shapes = Vec::with_capacity(sum.len());
        let mut grundy = Nimber::ZERO;
        for &(r, k) in sum {
            let s = Shape::of(r)?;
            if k % 2 == 1 {
                grundy += Nimber(Shape::value(s.x, s.y, s.even));
            }
            shapes.push(s);
        }
        let mut winning_cuts = Vec::new();
        if grundy.is_zero() {
            return Some(RectangleSum { grundy, winning_cuts });
        }
        let mut tried = std::collections::HashSet::new();
        for (index, (&(r, k), &s)) in sum.iter().zip(&shapes).enumerate() {
            if k == 0 || !tried.insert(r) {
                continue;
            }
            let own = Nimber(Shape::value(s.x, s.y, s.even));
            Self::cuts_to(index, r, s, (own + grundy).get(), &mut winning_cuts);
        }
        Some(RectangleSum { grundy, winning_cuts })
    }

    /// Appends the cuts of `r` (entry `index`, of shape `s`) whose pieces are
    /// worth `target` together, side by side, by increasing number of
    /// pieces (one side of a square). See [`solve_sum`](Self::solve_sum).
    fn cuts_to(index: usize, r: Rectangle, s: Shape, target: u64, out: &mut Vec<RectangleCut>) {
        let (a, b) = r;
        let sides: &[(u64, u32, u32)] = if a == b {
            &[(a, s.x, s.y)]
        } else {
            &[(a, s.x, s.y), (b, s.y, s.x)]
        };
        for &(side, mine, other) in sides {
            let piece = |d: u64| if side == a { (a / d, b) } else { (a, b / d) };
            let (m, twos) = odd_part(side);
            let mut found: Vec<u64> = Vec::new();
            // The odd cuts reach F(x', other) for x' = mine − Ω(d).
            let wanted = if s.even {
                target.checked_sub(1).map(|t| t ^ u64::from(other))
            } else {
                Some(target ^ u64::from(other))
            };
            let odd = divisors_with_omega(&factorize(m));
            if let Some(w) = wanted.filter(|&w| w < u64::from(mine)) {
                let omega = mine - w as u32;
                found.extend(odd.iter().filter(|&&(_, o)| o == omega).map(|&(d, _)| d));
            }
            if target == 0 {
                for &(d, _) in &odd {
                    for k in 1..=twos {
                        found.push(d << k);
                    }
                }
            }
            found.sort_unstable();
            out.extend(found.into_iter().map(|d| RectangleCut {
                index,
                rectangle: r,
                side,
                pieces: d,
                piece: piece(d),
            }));
        }
    }

    /// Every cut of one rectangle: `(d, piece)` for each side and divisor
    /// `d ≥ 2` of its length (divisors from the factorisation).
    fn cuts(&self, (a, b): Rectangle, f: &mut dyn FnMut(u64, Rectangle)) {
        for d in divisors(a) {
            f(d, (a / d, b));
        }
        for d in divisors(b) {
            f(d, (a, b / d));
        }
    }
}

/// The divisors `d ≥ 2` of `n`, ascending. O(number of divisors) after
/// factoring.
fn divisors(n: u64) -> Vec<u64> {
    let mut out: Vec<u64> = divisors_with_omega(&factorize(n))
        .into_iter()
        .map(|(d, _)| d)
        .filter(|&d| d >= 2)
        .collect();
    out.sort_unstable();
    out
}

impl ImpartialRules for RectangleCutting {
    type Position = Vec<Rectangle>;

    /// Every cut, each listing its `d` pieces (cuts into more pieces than a
    /// `usize` holds are left out; use [`RectangleCutting::solve_sum`] for
    /// large sides).
    fn moves(&self, position: &Vec<Rectangle>, out: &mut Vec<Vec<Rectangle>>) {
        for (i, &r) in position.iter().enumerate() {
            self.cuts(r, &mut |d, piece| {
                let Ok(d) = usize::try_from(d) else { return };
                let mut p = position[..i].to_vec();
                p.extend(std::iter::repeat_n(piece, d));
                p.extend_from_slice(&position[i + 1..]);
                out.push(p);
            });
        }
    }

    fn decompose(&self, position: &Vec<Rectangle>, out: &mut Vec<Vec<Rectangle>>) -> bool {
        crate::impartial::split_pieces(position, out)
    }

    fn compose(&self, parts: &[Vec<Rectangle>]) -> Option<Vec<Rectangle>> {
        Some(parts.concat())
    }

    /// Each rectangle with its shorter side first (an `a×b` rectangle is cut
    /// as a `b×a` one), 1×1 pieces (no cut) dropped, sorted. O(n log n).
    fn normalize(&self, position: &Vec<Rectangle>) -> Option<Vec<Rectangle>> {
        let mut p: Vec<Rectangle> = position
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .filter(|&r| r != (1, 1))
            .collect();
        p.sort_unstable();
        Some(p)
    }

    fn closed_form(&self, component: &Vec<Rectangle>) -> Option<Nimber> {
        match component[..] {
            [r] => self.rectangle_value(r),
            _ => None,
        }
    }

    /// The cuts of [`RectangleCutting::solve_sum`]'s rule, each listing
    /// its pieces; `None` (enumerate) when a cut would make more than
    /// [`MAX_LISTED_HEAPS`] pieces.
    fn moves_to_value(&self, component: &Vec<Rectangle>, target: Nimber) -> Option<Vec<Vec<Rectangle>>> {
        let [r] = component[..] else { return None };
        let mut cuts = Vec::new();
        Self::cuts_to(0, r, Shape::of(r)?, target.get(), &mut cuts);
        cuts.iter()
            .map(|c| {
                usize::try_from(c.pieces)
                    .ok()
                    .filter(|&d| d as u64 <= MAX_LISTED_HEAPS)
                    .map(|d| vec![c.piece; d])
            })
            .collect()
    }
}

/// Rectangles as pieces for the misère search over multisets
/// ([`PieceMisereSolver`](crate::impartial::PieceMisereSolver)): a cut into
/// `d` strips leaves `d` equal pieces, one kind counted `d` times.
impl crate::impartial::PieceRules for RectangleCutting {
    type Piece = Rectangle;

    fn piece_options(&self, piece: &Rectangle, f: &mut dyn FnMut(&[(Rectangle, u64)])) {
        self.cuts(*piece, &mut |d, strip| f(&[(strip, d)]));
    }

    fn normalize_piece(&self, &(a, b): &Rectangle) -> Rectangle {
        (a.min(b), a.max(b))
    }
}

/// Parses rectangles `AxB` separated by spaces or commas, `AxB^K` standing
/// for `K ≥ 1` equal rectangles (as heaps write `N^K`), each entry with its
/// number of copies, nothing expanded: `1x7^1000000000` is one entry.
///
/// # Errors
/// A token that is not `AxB` or `AxB^K` with whole numbers 1 ≤ A, B, K <
/// 2^64 (column given), or no rectangle at all.
///
/// ```
/// use sprague::heap::parse_rectangle_counts;
/// assert_eq!(parse_rectangle_counts("3x4 1x7^1000000000").unwrap(), vec![((3, 4), 1), ((1, 7), 1_000_000_000)]);
/// assert_eq!(parse_rectangle_counts("3x4 1x7^0").unwrap_err().column, 9);
/// ```
pub fn parse_rectangle_counts(text: &str) -> Result<Vec<(Rectangle, u64)>, ParseError> {
    let mut out = Vec::new();
    for (start, token) in crate::notation::tokens_with_columns(text) {
        // The column of the character after byte `i` of the token.
        let column_after = |i: usize| start + token[..i].chars().count() + 1;
        let (shape, count) = match token.find('^') {
            Some(i) => {
                let after = &token[i + 1..];
                let count = parse_u64_token(after, column_after(i), "a number of rectangles after `^`")?;
                if count == 0 {
                    return Err(ParseError::new(
                        "a number of rectangles after `^` must be at least 1",
                        column_after(i),
                        after,
                    ));
                }
                (&token[..i], count)
            }
            None => (token, 1),
        };
        let Some(x) = shape.find(['x', 'X', '×']) else {
            return Err(ParseError::new(
                "expected a rectangle AxB, e.g. 3x4",
                start,
                token,
            ));
        };
        let sep = shape[x..].chars().next().map_or(1, char::len_utf8);
        let a = parse_u64_token(&shape[..x], start, "a side length")?;
        let b = parse_u64_token(&shape[x + sep..], column_after(x), "a side length")?;
        if a == 0 || b == 0 {
            return Err(ParseError::new("a side length must be at least 1", start, token));
        }
        out.push(((a, b), count));
    }
    if out.is_empty() {
        return Err(ParseError::new("expected at least one rectangle AxB", 1, ""));
    }
    Ok(out)
}

/// Parses rectangles `AxB` separated by spaces or commas, e.g. `3x4 2x5`;
/// `AxB^K` stands for `K` equal rectangles, written out.
///
/// # Errors
/// As [`parse_rectangle_counts`], and more than [`MAX_LISTED_HEAPS`]
/// rectangles in all once written out.
///
/// ```
/// use sprague::heap::parse_rectangles;
/// assert_eq!(parse_rectangles("3x4 2x5").unwrap(), vec![(3, 4), (2, 5)]);
/// assert_eq!(parse_rectangles("3x4 1x2^3").unwrap(), vec![(3, 4), (1, 2), (1, 2), (1, 2)]);
/// assert_eq!(parse_rectangles("3x4 2y5").unwrap_err().column, 5);
/// ```
pub fn parse_rectangles(text: &str) -> Result<Vec<Rectangle>, ParseError> {
    let counted = parse_rectangle_counts(text)?;
    let total = counted.iter().fold(0u64, |t, &(_, k)| t.saturating_add(k));
    if total > MAX_LISTED_HEAPS {
        return Err(ParseError::new(
            format!("too many rectangles: at most {MAX_LISTED_HEAPS} in a list once `^` is written out"),
            1,
            text,
        ));
    }
    let mut out = Vec::with_capacity(total as usize);
    for (r, k) in counted {
        out.extend(std::iter::repeat_n(r, k as usize));
    }
    Ok(out)
}

/// Writes rectangles given with their numbers of copies: adjacent equal
/// rectangles merge, a run of at least [`REPEAT_RUN`] prints as `AxB^K`
/// and a shorter one is written out (what [`parse_rectangle_counts`] reads
/// back). O(entries + short runs).
///
/// ```
/// use sprague::heap::format_rectangle_counts;
/// assert_eq!(format_rectangle_counts(&[((3, 4), 2), ((1, 7), 1_000_000_000)]), "3x4 3x4 1x7^1000000000");
/// ```
#[must_use]
pub fn format_rectangle_counts(counted: &[(Rectangle, u64)]) -> String {
    let mut merged: Vec<(Rectangle, u64)> = Vec::with_capacity(counted.len());
    for &(r, k) in counted {
        match merged.last_mut() {
            Some((q, n)) if *q == r => *n = n.saturating_add(k),
            _ if k > 0 => merged.push((r, k)),
            _ => {}
        }
    }
    let mut parts: Vec<String> = Vec::new();
    for ((a, b), k) in merged {
        if k >= REPEAT_RUN as u64 {
            parts.push(format!("{a}x{b}^{k}"));
        } else {
            parts.extend((0..k).map(|_| format!("{a}x{b}")));
        }
    }
    parts.join(" ")
}

impl Notation<Vec<Rectangle>> for RectangleCutting {
    fn parse_position(&self, text: &str) -> Result<Vec<Rectangle>, ParseError> {
        parse_rectangles(text)
    }

    fn format_position(&self, position: &Vec<Rectangle>) -> String {
        let counted: Vec<(Rectangle, u64)> = position.iter().map(|&r| (r, 1)).collect();
        format_rectangle_counts(&counted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// Sides up to this length are valued by the definition below.
    const SIDE: usize = 72;

    /// `G(a×b)` for sides up to [`SIDE`] straight from the rules: the mex
    /// over every cut of either side into `d` equal pieces, the pieces'
    /// values nim-added one piece at a time.
    fn by_definition() -> &'static Vec<Vec<u64>> {
        static TABLE: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
        TABLE.get_or_init(|| {
            let mut g = vec![vec![0u64; SIDE + 1]; SIDE + 1];
            for a in 1..=SIDE {
                for b in 1..=SIDE {
                    let mut options = Vec::new();
                    for d in 2..=a {
                        if a % d == 0 {
                            options.push((0..d).fold(0, |x, _| x ^ g[a / d][b]));
                        }
                    }
                    for d in 2..=b {
                        if b % d == 0 {
                            options.push((0..d).fold(0, |x, _| x ^ g[a][b / d]));
                        }
                    }
                    g[a][b] = crate::nimber::mex_in_place(&mut options).get();
                }
            }
            g
        })
    }

    #[test]
    fn every_small_rectangle_has_its_defined_value() {
        let g = by_definition();
        for (a, row) in g.iter().enumerate().skip(1) {
            for (b, &value) in row.iter().enumerate().skip(1) {
                let v = RectangleCutting.rectangle_value((a as u64, b as u64));
                assert_eq!(v, Some(Nimber(value)), "{a}x{b}");
            }
        }
        assert_eq!(RectangleCutting.rectangle_value((0, 3)), None);
    }

    /// A sum of small rectangles: the value is the nim-sum of the defined
    /// values, and the winning cuts are exactly the cuts (found by listing
    /// every cut) after which the defined values nim-add to 0.
    fn check_sum(sum: &[(Rectangle, u64)]) -> Result<(), TestCaseError> {
        let g = by_definition();
        let val = |(a, b): Rectangle| g[a as usize][b as usize];
        let total = sum
            .iter()
            .fold(0, |x, &(r, k)| if k % 2 == 1 { x ^ val(r) } else { x });
        let solved = RectangleCutting.solve_sum(sum).unwrap();
        prop_assert_eq!(solved.grundy, Nimber(total));
        let mut want = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (i, &((a, b), k)) in sum.iter().enumerate() {
            if k == 0 || !seen.insert((a, b)) {
                continue;
            }
            let rest = total ^ val((a, b));
            let sides: Vec<(u64, bool)> = if a == b {
                vec![(a, true)]
            } else {
                vec![(a, true), (b, false)]
            };
            for (side, first) in sides {
                for d in 2..=side {
                    if side % d != 0 {
                        continue;
                    }
                    let piece = if first { (a / d, b) } else { (a, b / d) };
                    let pieces = (0..d).fold(0, |x, _| x ^ val(piece));
                    if rest ^ pieces == 0 && total != 0 {
                        want.push((i, side, d, piece));
                    }
                }
            }
        }
        let got: Vec<(usize, u64, u64, Rectangle)> = solved
            .winning_cuts
            .iter()
            .map(|c| (c.index, c.side, c.pieces, c.piece))
            .collect();
        prop_assert_eq!(got, want, "{:?}", sum);
        Ok(())
    }

    proptest! {
        #[test]
        fn sums_and_winning_cuts_match_the_definition(
            sum in prop::collection::vec(((1u64..=SIDE as u64, 1u64..=SIDE as u64), 0u64..4), 1..4)
        ) {
            check_sum(&sum)?;
        }

        /// The formula against a whole-position search of the generic
        /// solver (positions as lists of rectangles), for tiny sums (every
        /// list of pieces is a state, so sides stay small).
        #[test]
        fn whole_position_search_agrees(sum in prop::collection::vec((1u64..=6, 1u64..=4), 1..3)) {
            let mut solver = GrundySolver::new(&Brute);
            let counted: Vec<(Rectangle, u64)> = sum.iter().map(|&r| (r, 1)).collect();
            let solved = RectangleCutting.solve_sum(&counted).unwrap();
            prop_assert_eq!(solver.grundy(&sum).unwrap(), solved.grundy);
            for cut in &solved.winning_cuts {
                let mut after = sum.clone();
                after.remove(cut.index);
                after.extend(std::iter::repeat_n(cut.piece, cut.pieces as usize));
                prop_assert_eq!(solver.grundy(&after).unwrap(), Nimber::ZERO);
            }
        }

        /// Huge sides: every winning cut divides its side, leaves pieces of
        /// the value it needs (by the closed form), and the counted notation
        /// reads back what it writes.
        #[test]
        fn huge_sides_cut_to_zero(a in 1u64.., b in 1u64.., k in 1u64..5) {
            let sum = [((a, b), k), ((b / 3 + 1, 6), 1)];
            let solved = RectangleCutting.solve_sum(&sum).unwrap();
            for cut in &solved.winning_cuts {
                prop_assert_eq!(cut.side % cut.pieces, 0);
                let after = cut.apply(&sum);
                let again = RectangleCutting.solve_sum(&after).unwrap();
                prop_assert_eq!(again.grundy, Nimber::ZERO);
                let text = format_rectangle_counts(&after);
                let parsed = parse_rectangle_counts(&text).unwrap();
                prop_assert_eq!(format_rectangle_counts(&parsed), text);
            }
        }
    }

    /// The rules written out without the closed form: positions are lists,
    /// every cut listed, no decomposition.
    struct Brute;
    impl ImpartialRules for Brute {
        type Position = Vec<Rectangle>;
        fn moves(&self, p: &Vec<Rectangle>, out: &mut Vec<Vec<Rectangle>>) {
            for (i, &(a, b)) in p.iter().enumerate() {
                let rest: Vec<Rectangle> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
                for (side, first) in [(a, true), (b, false)] {
                    for d in 2..=side {
                        if side % d == 0 {
                            let piece = if first { (a / d, b) } else { (a, b / d) };
                            let mut q = rest.clone();
                            q.extend(std::iter::repeat_n(piece, d as usize));
                            q.sort_unstable();
                            out.push(q);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_largest_sides() {
        // 2^64 − 1 = 3·5·17·257·641·65537·6700417 (Ω = 7) and 2^63 (odd part 1).
        assert_eq!(
            RectangleCutting.rectangle_value((u64::MAX, u64::MAX)),
            Some(Nimber(0))
        );
        assert_eq!(
            RectangleCutting.rectangle_value((u64::MAX, 1 << 63)),
            Some(Nimber(8))
        );
        let sum = RectangleCutting.solve_sum(&[((u64::MAX, 1 << 63), 1)]).unwrap();
        // Cuts to 0: the 63 even cuts of the side 2^63; no odd cut (a side is even).
        assert_eq!(sum.winning_cuts.len(), 63);
        assert!(sum.winning_cuts.iter().all(|c| c.side == 1 << 63));
    }

    #[test]
    fn notation_counts_and_columns() {
        assert_eq!(
            parse_rectangle_counts("2×3 4X5^9").unwrap(),
            vec![((2, 3), 1), ((4, 5), 9)]
        );
        for (text, column) in [
            ("3x4 1x7^0", 9),
            ("3x4 1x7^", 9),
            ("3x4 1xz", 7),
            ("q", 1),
            ("3x4 0x2", 5),
        ] {
            assert_eq!(parse_rectangle_counts(text).unwrap_err().column, column, "{text}");
        }
        assert!(parse_rectangles("1x2^10000001").is_err());
        assert_eq!(
            format_rectangle_counts(&[((1, 2), 3), ((1, 2), 5), ((3, 3), 0)]),
            "1x2^8"
        );
    }
}
