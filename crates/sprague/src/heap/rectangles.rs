//! The rectangle-cutting game: cut a rectangle into d equal strips.

use super::factor::{odd_signature, proper_sub_signatures};
use crate::notation::{ParseError, parse_u64_token};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};
use std::collections::HashMap;

/// A rectangle `a×b` (both sides ≥ 1).
pub type Rectangle = (u64, u64);

/// The rectangle-cutting game. A position is a list of rectangles (notation
/// `3x4 2x5`); a move picks one rectangle and one side, and a divisor `d ≥ 2`
/// of that side's length, and cuts the rectangle into `d` equal pieces, which
/// become independent rectangles.
///
/// Cutting `a` into `d` pieces has value `G(a/d × b)` for odd `d` and 0 for
/// even `d`, so `G(a×b)` depends only on the parity and odd prime exponents of
/// `a` and of `b`; rectangles with sides up to
/// [`FACTOR_LIMIT`](super::FACTOR_LIMIT) are valued by factoring.
///
/// ```
/// use sprague::{GrundySolver, Nimber, heap::RectangleCutting};
/// let mut solver = GrundySolver::new(&RectangleCutting);
/// // 1×1 has no move; 1×2 → two 1×1: value mex{0} = 1.
/// assert_eq!(solver.grundy(&vec![(1, 2)]).unwrap(), Nimber(1));
/// assert_eq!(solver.grundy(&vec![(1, 2), (2, 1)]).unwrap(), Nimber(0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RectangleCutting;

type Signature = (bool, Vec<u32>);

fn value_of(a: &Signature, b: &Signature, memo: &mut HashMap<(Signature, Signature), u64>) -> u64 {
    let key = if a <= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let one = |s: &Signature| !s.0 && s.1.is_empty();
    let mut options = Vec::new();
    // Even d on an even side: value 0.
    if a.0 || b.0 {
        options.push(0);
    }
    for (side, other, first) in [(a, b, true), (b, a, false)] {
        if one(side) {
            continue;
        }
        let mut subs = Vec::new();
        proper_sub_signatures(&side.1, &mut |s| subs.push(s));
        for s in subs {
            let piece = (side.0, s);
            // An odd side of length n cut n ways leaves pieces of length 1;
            // an even side keeps its factor 2 and is never 1.
            let v = if first {
                value_of(&piece, other, memo)
            } else {
                value_of(other, &piece, memo)
            };
            options.push(v);
        }
    }
    let v = crate::nimber::mex_in_place(&mut options).get();
    memo.insert(key, v);
    v
}

impl RectangleCutting {
    /// The Grundy value of one `a×b` rectangle, or `None` if a side is 0 or
    /// beyond the factoring limit. Memoised over pairs of divisor signatures.
    #[must_use]
    pub fn rectangle_value(&self, (a, b): Rectangle) -> Option<Nimber> {
        let sa = odd_signature(a)?;
        let sb = odd_signature(b)?;
        Some(Nimber(value_of(&sa, &sb, &mut HashMap::new())))
    }

    /// Every cut of one rectangle: `(d, piece)` for each side and divisor
    /// `d ≥ 2` of its length (by trial division, O(√a + √b)).
    fn cuts(&self, (a, b): Rectangle, f: &mut dyn FnMut(usize, Rectangle)) {
        for d in divisors(a) {
            if let Ok(k) = usize::try_from(d) {
                f(k, (a / d, b));
            }
        }
        for d in divisors(b) {
            if let Ok(k) = usize::try_from(d) {
                f(k, (a, b / d));
            }
        }
    }
}

/// The divisors `d ≥ 2` of `n`, ascending. O(√n).
fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1u64;
    while d.checked_mul(d).is_some_and(|s| s <= n) {
        if n.is_multiple_of(d) {
            small.push(d);
            if d != n / d {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small.retain(|&d| d >= 2);
    small
}

impl ImpartialRules for RectangleCutting {
    type Position = Vec<Rectangle>;

    fn moves(&self, position: &Vec<Rectangle>, out: &mut Vec<Vec<Rectangle>>) {
        for (i, &r) in position.iter().enumerate() {
            self.cuts(r, &mut |d, piece| {
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

    fn moves_to_value(&self, component: &Vec<Rectangle>, target: Nimber) -> Option<Vec<Vec<Rectangle>>> {
        let [r] = component[..] else { return None };
        let mut found = Vec::new();
        let mut ok = true;
        self.cuts(r, &mut |d, piece| {
            let v = if d % 2 == 1 {
                self.rectangle_value(piece)
            } else {
                Some(Nimber::ZERO)
            };
            match v {
                Some(v) if v == target => found.push(vec![piece; d]),
                Some(_) => {}
                None => ok = false,
            }
        });
        ok.then_some(found)
    }
}

/// Rectangles as pieces for the misère search over multisets
/// ([`PieceMisereSolver`](crate::impartial::PieceMisereSolver)): a cut into
/// `d` strips leaves `d` equal pieces, one kind counted `d` times.
impl crate::impartial::PieceRules for RectangleCutting {
    type Piece = Rectangle;

    fn piece_options(&self, piece: &Rectangle, f: &mut dyn FnMut(&[(Rectangle, u64)])) {
        self.cuts(*piece, &mut |d, strip| f(&[(strip, d as u64)]));
    }

    fn normalize_piece(&self, &(a, b): &Rectangle) -> Rectangle {
        (a.min(b), a.max(b))
    }
}

/// Parses rectangles `AxB` separated by spaces or commas, e.g. `3x4 2x5`.
///
/// # Errors
/// A token that is not `AxB` with whole numbers 1 ≤ A, B < 2^64 (column given).
///
/// ```
/// use sprague::heap::parse_rectangles;
/// assert_eq!(parse_rectangles("3x4 2x5").unwrap(), vec![(3, 4), (2, 5)]);
/// assert_eq!(parse_rectangles("3x4 2y5").unwrap_err().column, 5);
/// ```
pub fn parse_rectangles(text: &str) -> Result<Vec<Rectangle>, ParseError> {
    let mut out = Vec::new();
    let mut column = 0;
    for piece in text.split(|c: char| c.is_whitespace() || c == ',') {
        let start = column + 1;
        column += piece.chars().count() + 1;
        if piece.is_empty() {
            continue;
        }
        let Some((a, b)) = piece.split_once(['x', 'X', '×']) else {
            return Err(ParseError::new(
                "expected a rectangle AxB, e.g. 3x4",
                start,
                piece,
            ));
        };
        let a = parse_u64_token(a, start, "a side length")?;
        let b = parse_u64_token(
            b,
            start
                + piece
                    .find(['x', 'X', '×'])
                    .map_or(0, |i| piece[..i].chars().count() + 1),
            "a side length",
        )?;
        if a == 0 || b == 0 {
            return Err(ParseError::new("a side length must be at least 1", start, piece));
        }
        out.push((a, b));
    }
    if out.is_empty() {
        return Err(ParseError::new("expected at least one rectangle AxB", 1, ""));
    }
    Ok(out)
}

impl Notation<Vec<Rectangle>> for RectangleCutting {
    fn parse_position(&self, text: &str) -> Result<Vec<Rectangle>, ParseError> {
        parse_rectangles(text)
    }

    fn format_position(&self, position: &Vec<Rectangle>) -> String {
        let parts: Vec<String> = position.iter().map(|(a, b)| format!("{a}x{b}")).collect();
        parts.join(" ")
    }
}
