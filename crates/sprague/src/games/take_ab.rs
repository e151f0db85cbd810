//! The heap game where Left must take exactly `a` tokens from one heap and
//! Right exactly `b`.

use crate::notation::parse_u64_token;
use crate::registry::{Entry, Error, Family, Partizan, Result};
use crate::{
    notation::{Notation, ParseError, format_heaps, parse_heaps},
    outcome::Outcome,
    partizan::PartizanRules,
};

/// Take-(a, b): a move removes exactly `a` tokens (Left) or exactly `b`
/// tokens (Right) from one heap with at least that many. Written
/// `takeab:A,B` on the command line; positions are heap sizes `7 9`.
///
/// A single heap is a forced line of play, so its outcome has a closed form
/// ([`heap_outcome`](TakeAB::heap_outcome)): with `r = n mod (a + b)`, Left
/// moving first wins iff `r ≥ a` and Right moving first wins iff `r ≥ b`.
/// Each heap is a component, and a heap's value depends only on its size
/// modulo `a + b` (`decompose` reduces every heap),
/// so any position is valued in O(number of heaps · (a + b)²) store
/// operations at most. Proof: in the difference of heaps `x` and `y` with
/// `x ≥ y`, `x ≡ y (mod a + b)`, the second player keeps that invariant — a
/// move of `a` (or `b`) from one heap is answered by the same amount from the
/// other heap when the heaps are equal, and otherwise by the opponent's
/// amount from the larger heap (or the same amount from the larger heap) — so
/// the difference is a second-player win, that is, 0.
///
/// ```
/// use sprague::{Outcome, games::TakeAB};
/// let g = TakeAB::new(2, 3).unwrap();
/// assert_eq!(g.heap_outcome(7), Outcome::L); // 7 mod 5 = 2: only Left can still move
/// assert_eq!(g.heap_outcome(9), Outcome::N); // 9 mod 5 = 4: whoever starts wins
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakeAB {
    a: u64,
    b: u64,
}

impl TakeAB {
    /// The ruleset for Left taking `a` and Right taking `b`; `None` if either is 0
    /// or `a + b` overflows.
    #[must_use]
    pub fn new(a: u64, b: u64) -> Option<Self> {
        (a > 0 && b > 0 && a.checked_add(b).is_some()).then_some(TakeAB { a, b })
    }

    /// How many tokens Left takes.
    #[must_use]
    pub const fn a(&self) -> u64 {
        self.a
    }

    /// How many tokens Right takes.
    #[must_use]
    pub const fn b(&self) -> u64 {
        self.b
    }

    /// The outcome class of one heap of `n` tokens, in O(1). With
    /// `r = n mod (a + b)`: `N` if `r ≥ max(a, b)`, `L` if `b > r ≥ a`, `R` if
    /// `a > r ≥ b`, `P` if `r < min(a, b)`.
    ///
    /// Each player's move is forced (there is only one heap to take from), so
    /// play runs in full rounds of `a + b` tokens until `r` remain with the
    /// first player to move again; that player wins iff the remainder allows
    /// one more move, after which fewer than the opponent's amount remain.
    #[must_use]
    pub const fn heap_outcome(&self, n: u64) -> Outcome {
        let r = n % (self.a + self.b);
        Outcome::from_first_moves(r >= self.a, r >= self.b)
    }
}

impl PartizanRules for TakeAB {
    type Position = Vec<u64>;

    fn left_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        take(p, self.a, out);
    }

    fn right_moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        take(p, self.b, out);
    }

    fn decompose(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        let small = self.a.min(self.b);
        let period = self.a + self.b;
        if let [n] = p[..]
            && n >= small
            && n < period
        {
            return false;
        }
        out.extend(
            p.iter()
                .map(|&n| n % period)
                .filter(|&n| n >= small)
                .map(|n| vec![n]),
        );
        true
    }
}

fn take(p: &[u64], k: u64, out: &mut Vec<Vec<u64>>) {
    for (i, &n) in p.iter().enumerate() {
        if n >= k && !p[..i].contains(&n) {
            let mut q = p.to_vec();
            q[i] = n - k;
            out.push(q);
        }
    }
}

impl Notation<Vec<u64>> for TakeAB {
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text)
    }

    fn format_position(&self, p: &Vec<u64>) -> String {
        format_heaps(p)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        crate::notation::describe_heap_move(from, to)
    }
}

impl crate::definition::Definition<Vec<u64>> for TakeAB {}

/// Parses the `A,B` of `takeab:A,B`.
fn take_ab_params(name: &str, params: Option<&str>) -> Result<TakeAB> {
    let text = params.ok_or_else(|| {
        Error::input(format!(
            "ruleset `{name}` needs parameters: `{name}:A,B` (Left takes A, Right takes B)"
        ))
    })?;
    let err = |e: ParseError| Error::input(format!("ruleset `{name}:{text}`: {e}"));
    let (a, b) = text.split_once(',').ok_or_else(|| {
        err(ParseError::new(
            "expected two amounts `A,B`",
            name.len() + 2,
            text,
        ))
    })?;
    let col_a = name.len() + 2;
    let col_b = col_a + a.chars().count() + 1;
    let a = parse_u64_token(a.trim(), col_a, "the amount A").map_err(err)?;
    let b = parse_u64_token(b.trim(), col_b, "the amount B").map_err(err)?;
    TakeAB::new(a, b).ok_or_else(|| {
        Error::input(format!(
            "ruleset `{name}:{text}`: A and B must be at least 1 (and A + B below 2^64)"
        ))
    })
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "takeab",
    params: "A,B",
    family: Family::Partizan,
    summary: "Left removes exactly A tokens from one heap, Right exactly B",
    notation: "heap sizes separated by spaces, e.g. `7 9`",
    example: "value takeab:2,3 7 9",
    example2: "value takeab:2,3 5 --json",
    rules: "Take-(A,B): heaps of tokens; Left must take exactly A tokens from one heap and Right exactly B. Whoever cannot move loses.",
    known: "A heap's value depends only on its size modulo A + B; with r = n mod (A + B), Left moving first wins a single heap iff r ≥ A and Right moving first iff r ≥ B (proof in the documentation of `sprague::games::TakeAB`).",
    build: |name, params| {
        let rules = take_ab_params(name, params)?;
        Ok(Box::new(Partizan {
            name: format!("{name}:{},{}", rules.a(), rules.b()),
            rules,
        }))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::outcome_by_minimax;

    #[test]
    fn heap_outcome_matches_minimax() {
        for a in 1..=5 {
            for b in 1..=5 {
                let g = TakeAB::new(a, b).unwrap();
                for n in 0..40 {
                    assert_eq!(
                        g.heap_outcome(n),
                        outcome_by_minimax(&g, &vec![n]),
                        "a={a} b={b} n={n}"
                    );
                }
            }
        }
    }

    #[test]
    fn heap_values_have_period_a_plus_b() {
        use crate::partizan::{GameStore, value_by_definition};
        let mut store = GameStore::new();
        for a in 1..=4 {
            for b in 1..=4 {
                let g = TakeAB::new(a, b).unwrap();
                for n in 0..3 * (a + b) {
                    let v = value_by_definition(&g, &mut store, &vec![n]);
                    let r = value_by_definition(&g, &mut store, &vec![n % (a + b)]);
                    assert_eq!(v, r, "a={a} b={b} n={n}");
                }
            }
        }
    }

    #[test]
    fn four_cases() {
        let g = TakeAB::new(2, 3).unwrap();
        // r = n mod 5: 0,1 → P; 2 → L; 3,4 → N; and for (3, 2): r = 2 → R.
        assert_eq!(g.heap_outcome(6), Outcome::P);
        assert_eq!(g.heap_outcome(7), Outcome::L);
        assert_eq!(g.heap_outcome(9), Outcome::N);
        assert_eq!(TakeAB::new(3, 2).unwrap().heap_outcome(7), Outcome::R);
    }
}

#[cfg(test)]
mod catalog_tests {
    use super::*;

    #[test]
    fn take_ab_parameters() {
        assert_eq!(
            take_ab_params("takeab", Some("2,3")).map(|r| (r.a(), r.b())),
            Ok((2, 3))
        );
        assert!(take_ab_params("takeab", None).is_err());
        assert!(take_ab_params("takeab", Some("2")).is_err());
        assert!(take_ab_params("takeab", Some("0,3")).is_err());
    }
}
