//! Memory games on one heap: how much a move may take depends on the previous
//! move (Fibonacci Nim and its relatives).

use crate::notation::{ParseError, parse_u64_token};
use crate::{ImpartialRules, Nimber, Notation, Outcome};

/// How the previous move `c` bounds the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryRule {
    /// The next move takes at most `c + k`.
    Add(u64),
    /// The next move takes at most `2c` (Fibonacci Nim).
    Double,
}

/// How much the first move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMove {
    /// At most this many (1 means exactly one).
    AtMost(u64),
    /// Anything except the whole heap (classic Fibonacci Nim).
    AllButOne,
}

/// A memory game: one heap; a move takes between 1 and the current limit; the
/// next limit is a function `f` of the amount just taken ([`MemoryRule`]).
/// Positions are `(n, m)`: `n` tokens left, the mover may take at most `m`.
///
/// Closed form (Schwenk 1970, for non-decreasing `f(c) ≥ c`): build
/// `H_1 = 1`, `H_{j+1} = H_j + H_l` with `H_l` the smallest term such that
/// `f(H_l) ≥ H_j`. For `2c` these are the Fibonacci numbers; for `c + k` they
/// begin `1, 2, …`. Write `n` greedily as a sum of terms; `(n, m)` with `n > 0`
/// is a P-position iff `m` is below the smallest term. The winning moves take a
/// tail of that representation (checked by brute force in the tests). In
/// misère play (taking the last token loses) `(n, m)` is P iff `(n − 1, m)` is
/// P in normal play. All O(log n) for any u64 heap.
///
/// ```
/// use sprague::{FirstMove, MemoryGame, MemoryRule};
/// let fib = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
/// // 21 is a Fibonacci number: the first player loses.
/// assert!(fib.is_p(21, 20));
/// // 20 = 13 + 5 + 2: take 2.
/// assert_eq!(fib.winning_takes(20, 19), vec![2]);
/// ```
#[derive(Clone, Debug)]
pub struct MemoryGame {
    rule: MemoryRule,
    first: FirstMove,
    /// The terms H_j, increasing, up to the first term ≥ 2^64.
    terms: Vec<u128>,
}

impl MemoryGame {
    /// A memory game; `None` if the first move may take nothing (`AtMost(0)`).
    #[must_use]
    pub fn new(rule: MemoryRule, first: FirstMove) -> Option<MemoryGame> {
        if first == FirstMove::AtMost(0) {
            return None;
        }
        let f = |c: u128| -> u128 {
            match rule {
                MemoryRule::Add(k) => c + u128::from(k),
                MemoryRule::Double => 2 * c,
            }
        };
        let mut terms: Vec<u128> = vec![1];
        while let Some(&last) = terms.last() {
            if last > u128::from(u64::MAX) {
                break;
            }
            let l = terms.iter().copied().find(|&h| f(h) >= last).unwrap_or(last);
            terms.push(last + l);
        }
        Some(MemoryGame { rule, first, terms })
    }

    /// The rule for later moves.
    #[must_use]
    pub const fn rule(&self) -> MemoryRule {
        self.rule
    }

    /// The limit on the next move after taking `c`.
    #[must_use]
    pub const fn next_limit(&self, c: u64) -> u64 {
        match self.rule {
            MemoryRule::Add(k) => c.saturating_add(k),
            MemoryRule::Double => c.saturating_mul(2),
        }
    }

    /// The limit on the first move from a fresh heap of `n`.
    #[must_use]
    pub const fn first_limit(&self, n: u64) -> u64 {
        match self.first {
            FirstMove::AtMost(k) => k,
            FirstMove::AllButOne => n.saturating_sub(1),
        }
    }

    /// The greedy representation of `n` by the terms H_j, largest first.
    #[must_use]
    pub fn representation(&self, mut n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for &h in self.terms.iter().rev() {
            if h <= u128::from(n) {
                out.push(h as u64);
                n -= h as u64;
            }
        }
        out
    }

    /// Whether `(n, m)` is a P-position in normal play. O(log n).
    #[must_use]
    pub fn is_p(&self, n: u64, m: u64) -> bool {
        n == 0 || self.representation(n).last().is_some_and(|&z| m < z)
    }

    /// Every amount `t` that wins from `(n, m)` in normal play, smallest first.
    /// O(log² n).
    #[must_use]
    pub fn winning_takes(&self, n: u64, m: u64) -> Vec<u64> {
        let rep = self.representation(n);
        let mut out = Vec::new();
        let mut t = 0u64;
        // Taking the smallest j terms leaves the larger terms, which are their
        // own greedy representation, so the next term up is the new smallest.
        for j in (0..rep.len()).rev() {
            t += rep[j];
            if t > m {
                break;
            }
            if j == 0 || self.next_limit(t) < rep[j - 1] {
                out.push(t);
            }
        }
        out
    }

    /// Misère play (taking the last token loses): whether `(n, m)` is P.
    #[must_use]
    pub fn is_p_misere(&self, n: u64, m: u64) -> bool {
        n >= 1 && self.is_p(n - 1, m)
    }

    /// Every amount that wins from `(n, m)` in misère play.
    #[must_use]
    pub fn winning_takes_misere(&self, n: u64, m: u64) -> Vec<u64> {
        if n == 0 {
            return Vec::new();
        }
        self.winning_takes(n - 1, m)
            .into_iter()
            .filter(|&t| t < n)
            .collect()
    }
}

impl ImpartialRules for MemoryGame {
    /// `(tokens left, largest amount the mover may take)`.
    type Position = (u64, u64);

    fn moves(&self, &(n, m): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        for t in 1..=m.min(n) {
            out.push((n - t, self.next_limit(t)));
        }
    }

    fn closed_form(&self, &(n, m): &(u64, u64)) -> Option<Nimber> {
        self.is_p(n, m.min(n)).then_some(Nimber::ZERO)
    }

    fn moves_to_value(&self, &(n, m): &(u64, u64), target: Nimber) -> Option<Vec<(u64, u64)>> {
        target.is_zero().then(|| {
            self.winning_takes(n, m)
                .into_iter()
                .map(|t| (n - t, self.next_limit(t)))
                .collect()
        })
    }

    fn misere_outcome(&self, &(n, m): &(u64, u64)) -> Option<Outcome> {
        Some(if self.is_p_misere(n, m) {
            Outcome::P
        } else {
            Outcome::N
        })
    }
}

impl Notation<(u64, u64)> for MemoryGame {
    /// `N` (a fresh heap: the first-move rule applies) or `N/M` (N tokens, the
    /// mover may take at most M).
    fn parse_position(&self, text: &str) -> Result<(u64, u64), ParseError> {
        let lead = text.len() - text.trim_start().len();
        let t = text.trim();
        let col = text[..lead].chars().count() + 1;
        match t.split_once('/') {
            Some((a, b)) => {
                let n = parse_u64_token(a.trim_end(), col, "the number of tokens")?;
                let m = parse_u64_token(b.trim(), col + a.chars().count() + 1, "the move limit")?;
                Ok((n, m))
            }
            None => {
                let n = parse_u64_token(t, col, "the number of tokens (or N/M)")?;
                Ok((n, self.first_limit(n)))
            }
        }
    }

    fn format_position(&self, &(n, m): &(u64, u64)) -> String {
        format!("{n}/{m}")
    }

    fn describe_move(&self, from: &(u64, u64), to: &(u64, u64)) -> String {
        let t = from.0 - to.0;
        format!("take {t}, leaving {} (next move at most {})", to.0, to.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GrundySolver, MisereSolver};

    /// The ruleset with its closed forms switched off.
    struct Plain<'a>(&'a MemoryGame);
    impl ImpartialRules for Plain<'_> {
        type Position = (u64, u64);
        fn moves(&self, p: &(u64, u64), out: &mut Vec<(u64, u64)>) {
            self.0.moves(p, out);
        }
    }

    fn games() -> Vec<MemoryGame> {
        let mut v = vec![MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap()];
        for k in 1..5 {
            v.push(MemoryGame::new(MemoryRule::Add(k), FirstMove::AtMost(k)).unwrap());
            v.push(MemoryGame::new(MemoryRule::Double, FirstMove::AtMost(k)).unwrap());
        }
        v
    }

    #[test]
    fn closed_forms_match_brute_force() {
        for g in games() {
            let plain = Plain(&g);
            let mut normal = GrundySolver::new(&plain);
            let mut misere = MisereSolver::new(&plain);
            for n in 0..70u64 {
                for m in 1..=n.max(1) {
                    let p = (n, m);
                    let is_p = normal.grundy(&p).unwrap().is_zero();
                    assert_eq!(g.is_p(n, m), is_p, "{:?} ({n},{m})", g.rule);
                    let mut opts = Vec::new();
                    g.moves(&p, &mut opts);
                    let expect: Vec<u64> = opts
                        .iter()
                        .filter(|o| normal.grundy(o).unwrap().is_zero())
                        .map(|o| n - o.0)
                        .collect();
                    assert_eq!(g.winning_takes(n, m), expect, "{:?} ({n},{m})", g.rule);
                    let mis_p = misere.outcome(&p).unwrap() == Outcome::P;
                    assert_eq!(g.is_p_misere(n, m), mis_p, "misère {:?} ({n},{m})", g.rule);
                    let expect: Vec<u64> = opts
                        .iter()
                        .filter(|o| misere.outcome(o).unwrap() == Outcome::P)
                        .map(|o| n - o.0)
                        .collect();
                    assert_eq!(
                        g.winning_takes_misere(n, m),
                        expect,
                        "misère {:?} ({n},{m})",
                        g.rule
                    );
                }
            }
        }
    }

    #[test]
    fn fibonacci_terms_and_zeckendorf() {
        let g = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        // OEIS A000045 (Fibonacci numbers from F(2) = 1, F(3) = 2).
        assert_eq!(&g.terms[..10], &[1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
        assert_eq!(g.representation(100), vec![89, 8, 3]);
        // c + 1 rule: 1, 2, 3, 5, 10, 20, 40, … (the doubling tail of Schwenk's sequence).
        let a = MemoryGame::new(MemoryRule::Add(1), FirstMove::AtMost(1)).unwrap();
        assert_eq!(&a.terms[..7], &[1, 2, 3, 5, 10, 20, 40]);
    }

    #[test]
    fn huge_heaps_are_instant() {
        let g = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        // F(93) = 12200160415121876738 is the largest Fibonacci number below 2^64.
        let f93 = 12_200_160_415_121_876_738u64;
        assert!(g.is_p(f93, f93 - 1));
        assert_eq!(g.winning_takes(f93 + 1, f93), vec![1]);
    }
}
