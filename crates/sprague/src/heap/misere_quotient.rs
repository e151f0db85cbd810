//! Misère quotients of heap games (Plambeck and Siegel): the commutative
//! monoid of the sums of heaps up to a bound, modulo indistinguishability in
//! misère play, with its P-portion.
//!
//! Two sums `G`, `H` of heaps are *indistinguishable* when `G + X` and
//! `H + X` have the same misère outcome for every sum `X`. The classes form a
//! commutative monoid `Q` (sums add), and the P-positions are a union of
//! classes, the P-portion `P ⊆ Q`. Once `Q`, `P` and the map from heap sizes
//! to `Q` are known, the misère outcome of any sum is one product in `Q`:
//! O(number of heaps). (T. E. Plambeck, *Taming the wild in impartial
//! combinatorial games*, INTEGERS 5 (2005) G5; T. E. Plambeck and A. N.
//! Siegel, *Misère quotients for impartial games*, J. Combin. Theory Ser. A
//! 115 (2008) 593–622.)
//!
//! # How the quotient is found
//!
//! Heaps are added one size at a time. With `Q` the quotient of the heaps
//! below `h` and every option of the heap `h` mapped into `Q`, a sum
//! `j·h + Y` is valued by `(j, [Y])`: for `j ≥ 1` it is a P-position iff no
//! option `(j − 1)·h + O + Y` nor `j·h + Y'` is one. The classes are visited
//! in the order of their smallest representative (fewest tokens, then most
//! heaps, found by Dijkstra's algorithm), so the options of a representative
//! always fall in classes already valued. The table of `j ↦ (y ↦ outcome)`
//! repeats after finitely many `j` (each row follows from the one before);
//! the pairs `(j, y)` with `j` reduced by that repetition, modulo
//! indistinguishability (Moore's partition refinement by the heap
//! generators), are the next quotient.
//!
//! Valuing a class by one representative assumes that indistinguishable sums
//! of smaller heaps stay so next to copies of `h`. Nothing rests on that: after
//! every heap the candidate is **verified** against the definition of misère
//! play for every sum of the heaps so far (see [`MisereQuotient::compute`]);
//! where it fails, the candidate is *recalibrated* around a smallest wrong
//! sum (the heaps of that sum get cyclic components of their own, after
//! Siegel's MisereSolver) and checked again, so only proven quotients are
//! built on and returned.
//!
//! ```
//! use sprague::heap::{MisereQuotient, QuotientLimits, Subtraction};
//! use sprague::Outcome;
//! // Nim with heaps of 1 and 2 (the subtraction game {1, 2}): the quotient T₂
//! // of order 6, ⟨a, b | a² = 1, b³ = b⟩ with P-portion {a, b²}
//! // (Plambeck and Siegel 2008, the quotient of misère Nim heaps up to 2).
//! let q = MisereQuotient::compute(&Subtraction::new(&[1, 2]).unwrap(), 2, &QuotientLimits::default()).unwrap();
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.p_portion().len(), 2);
//! assert_eq!(q.outcome(&[1, 1, 1]), Some(Outcome::P));
//! assert_eq!(q.outcome(&[2, 2]), Some(Outcome::P));
//! assert_eq!(q.outcome(&[2, 1]), Some(Outcome::N));
//! ```

use super::game::HeapGame;
use super::misere_monoid::{Monoid, classes};
use super::misere_recalibration::{Candidate, Truth, recalibrated};
use crate::budget::BudgetExceeded;
use crate::monitor::{Interrupted, Monitor, Ticker};
use crate::outcome::Outcome;
use core::cmp::Reverse;
use core::fmt;
use std::collections::{BinaryHeap, HashMap, HashSet};

/// Budgets of [`MisereQuotient::compute`].
#[derive(Clone, Copy, Debug)]
pub struct QuotientLimits<'m> {
    /// Largest order of a quotient (and of the intermediate monoid of pairs
    /// `(j, y)` a new heap makes) before the computation stops.
    pub max_order: usize,
    /// Most states the final verification may visit.
    pub max_states: usize,
    /// The monitor that counts the work and can stop it.
    pub monitor: Option<&'m Monitor>,
}

impl Default for QuotientLimits<'_> {
    fn default() -> Self {
        QuotientLimits {
            max_order: DEFAULT_MAX_ORDER,
            max_states: crate::budget::DEFAULT_MAX_STATES,
            monitor: None,
        }
    }
}

/// Default [`QuotientLimits::max_order`]: the multiplication table of a
/// quotient of this order takes 64 MiB.
pub const DEFAULT_MAX_ORDER: usize = 4096;

/// Why [`MisereQuotient::compute`] gave no quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientError {
    /// A move of the heap `heap` leaves a heap that is not smaller, or more
    /// tokens than it had: the construction needs moves that never add tokens.
    NotShrinking {
        /// The heap whose option breaks the rule.
        heap: u64,
    },
    /// The quotient grew past [`QuotientLimits::max_order`] while adding the
    /// heap `heap` (it may well be infinite).
    TooLarge {
        /// The heap being added.
        heap: u64,
        /// The budget reached.
        max_order: usize,
    },
    /// The verification visited [`QuotientLimits::max_states`] states.
    Budget(BudgetExceeded),
    /// The monitor asked for a stop.
    Interrupted(Interrupted),
    /// After 64 recalibrations or refinements at one heap the candidate
    /// still predicts a wrong outcome for the sum `sum` (or one of its
    /// options): the candidates did not settle (the quotient may be
    /// infinite, or too large to be reached this way).
    Unverified {
        /// A sum of heaps where the prediction and the definition disagree.
        sum: Vec<u64>,
    },
}

impl fmt::Display for QuotientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuotientError::NotShrinking { heap } => write!(
                f,
                "a move from the heap {heap} leaves a heap at least as large or more tokens; misère quotients are computed for games whose moves take tokens away or split heaps"
            ),
            QuotientError::TooLarge { heap, max_order } => write!(
                f,
                "the misère quotient passed {max_order} elements while adding the heap {heap} (it may be infinite); use fewer heaps, or raise the bound (--max-order)"
            ),
            QuotientError::Budget(b) => write!(
                f,
                "the verification of the quotient stopped at its budget of {} states (raise it with --max-states)",
                b.max_states
            ),
            QuotientError::Interrupted(i) => write!(f, "interrupted after {} steps", i.done),
            QuotientError::Unverified { sum } => write!(
                f,
                "after {MAX_ROUNDS} corrections at one heap the candidate quotient still predicts a wrong misère outcome near the sum {sum:?} (the quotient may be infinite); no quotient is reported"
            ),
        }
    }
}

impl std::error::Error for QuotientError {}

impl From<Interrupted> for QuotientError {
    fn from(e: Interrupted) -> Self {
        QuotientError::Interrupted(e)
    }
}

/// A relation `lhs = rhs` of the presentation, each side a monomial in the
/// generators as an exponent vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    /// Exponents of the left side (a smallest monomial that is not a normal form).
    pub lhs: Vec<u32>,
    /// Exponents of the right side (the normal form of the same element).
    pub rhs: Vec<u32>,
}

impl core::fmt::Display for Relation {
    /// `lhs = rhs` in words of the generators ([`MisereQuotient::word`]),
    /// e.g. `b^3 = b`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} = {}",
            MisereQuotient::word(&self.lhs),
            MisereQuotient::word(&self.rhs)
        )
    }
}

/// The misère quotient of the sums of heaps `1 ..= max_heap` of a heap game:
/// a finite commutative monoid with its P-portion and the element of each
/// heap, with a presentation by generators and relations. Elements are
/// numbered `0 .. order`, `0` the identity (the empty sum), the rest in the
/// order of their normal forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereQuotient {
    order: usize,
    mul: Vec<u32>,
    p: Vec<bool>,
    heaps: Vec<u32>,
    generators: Vec<u64>,
    normal_forms: Vec<Vec<u32>>,
    relations: Vec<Relation>,
    verified_states: usize,
    refinements: usize,
}

/// Sort key of a sum: fewer tokens first, then more heaps. Every option of a
/// sum has a smaller key (moves take tokens, or split without taking).
type Key = (u64, Reverse<u64>);

impl MisereQuotient {
    /// The misère quotient of the sums of heaps `1 ..= max_heap` of `game`.
    ///
    /// Complexity: for each heap `h`, O(|Q|·(options of h + heaps)) to value
    /// the pairs `(j, y)` per row `j`, rows until they repeat, and
    /// O(|M|·generators·rounds) for the partition refinement of the `|M|`
    /// pairs; then, after each heap, the verification visits the reachable
    /// states `(g, F)`: the element of a sum and what its heaps' moves would
    /// find next to every later addition (at most `|Q| · 4^|Q|`, in practice
    /// few: 2,659 for Dawson's Kayles to the heap 30). Where a prediction
    /// fails, a smallest wrong sum is found by the definition (over the sums
    /// that contain the new heap and are not already known right, at most
    /// 2^20 of them) and each recalibration values a product monoid of
    /// `|B| · Π(index + period)` elements (B the submonoid of the heaps
    /// kept, at most 2^22 elements); only when no recalibration fixes the
    /// wrong sum are the states per kind of heap explored to refine the
    /// candidate, and those can be exponentially many.
    ///
    /// The verification proves the result: by induction on sums, the
    /// predicted outcome (element in `P`) is right for every sum iff at every
    /// reachable state the sum is predicted P exactly when it is not empty and
    /// no move leads to a sum predicted P.
    ///
    /// # Errors
    /// [`QuotientError`]: moves that add tokens, a quotient larger than
    /// `limits.max_order`, the verification budget, a stop, or a failed
    /// verification.
    pub fn compute<G: HeapGame + ?Sized>(
        game: &G,
        max_heap: u64,
        limits: &QuotientLimits<'_>,
    ) -> Result<MisereQuotient, QuotientError> {
        let mut ticker = Ticker::new(limits.monitor);
        let mut q = Monoid::trivial();
        // Element of each heap 0 ..= h − 1 in the current quotient.
        let mut heaps: Vec<u32> = vec![0];
        // Images of the options of each heap (in the quotient of their time;
        // recomputed from the parts as heaps are added).
        let mut option_parts: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
        let (mut rounds, mut verified_states) = (0, 1);
        for h in 1..=max_heap {
            let mut parts = Vec::new();
            let mut bad = false;
            game.heap_options(h, &mut |o| {
                let tokens: u64 = o.iter().sum();
                if o.iter().any(|&p| p == 0 || p >= h) || tokens > h || (tokens == h && o.len() < 2) {
                    bad = true;
                }
                parts.push(o.to_vec());
            });
            if bad {
                return Err(QuotientError::NotShrinking { heap: h });
            }
            option_parts.push(parts);
            let h_opts = &option_parts[h as usize];
            if h_opts.is_empty() {
                // A heap without moves is the empty game.
                heaps.push(0);
                continue;
            }
            let mut t: Vec<u32> = h_opts.iter().map(|o| q.element(&heaps, o)).collect();
            t.sort_unstable();
            t.dedup();
            // The proven quotient of the heaps below h: the definition values
            // sums of heaps up to h from it when a candidate fails.
            let proven = (q.clone(), heaps.clone());
            let (next, old_map, new_gen) = extend(&q, &heaps, &option_parts, &t, h, limits, &mut ticker)?;
            for e in &mut heaps {
                *e = old_map[*e as usize];
            }
            heaps.push(new_gen);
            q = next;
            // Verify; where a prediction fails, recalibrate the candidate
            // around a smallest wrong sum, or else value the sums one move
            // deeper by the definition, and check again, so the next heap is
            // added to a proven quotient.
            let mut tries = 0;
            loop {
                // The check by heap elements is exact and far smaller; only
                // when recalibration fails are the states by kind of heap
                // explored, to refine the candidate.
                let failed = match verify_by_elements(&q, &heaps, &option_parts, limits, &mut ticker)? {
                    Verdict::Proven(states) => {
                        #[cfg(test)]
                        tests::check_against_kinds(&q, &heaps, &option_parts);
                        verified_states = states;
                        break;
                    }
                    Verdict::Wrong { sum, right_below } => (sum, right_below),
                };
                if tries >= MAX_ROUNDS {
                    return Err(QuotientError::Unverified { sum: failed.0 });
                }
                tries += 1;
                rounds += 1;
                let mut truth = Truth::new(
                    &proven,
                    Candidate {
                        q: &q,
                        heaps: &heaps,
                        right_below: failed.1,
                    },
                    &option_parts,
                    h,
                );
                if let Some(next) = recalibrated(&mut truth, failed.0, limits.max_order, &mut ticker)? {
                    (q, heaps) = next;
                    continue;
                }
                let ex = explore(&q, &heaps, &option_parts, limits, &mut ticker)?;
                if ex.derived == ex.predicted {
                    // The check by elements is exact, so this is not
                    // reached; the states by kind are the authority.
                    verified_states = ex.derived.len();
                    break;
                }
                (q, heaps) = refine(&ex, limits, &mut ticker)?;
            }
        }
        let _ = ticker.flush();
        Ok(present(&q, &heaps, verified_states, rounds))
    }

    /// The number of elements of the quotient.
    #[must_use]
    pub const fn order(&self) -> usize {
        self.order
    }

    /// The largest heap covered.
    #[must_use]
    pub fn max_heap(&self) -> u64 {
        (self.heaps.len() - 1) as u64
    }

    /// The product of two elements. O(1).
    ///
    /// # Panics
    /// If an element is not below [`order`](Self::order).
    #[must_use]
    pub fn multiply(&self, a: usize, b: usize) -> usize {
        self.mul[a * self.order + b] as usize
    }

    /// Whether the sums in the class `element` are misère P-positions.
    #[must_use]
    pub fn is_p(&self, element: usize) -> bool {
        self.p.get(element).copied().unwrap_or(false)
    }

    /// The elements of the P-portion, in increasing order.
    #[must_use]
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order).filter(|&e| self.p[e]).collect()
    }

    /// The element of the heap `n` (`None` above [`max_heap`](Self::max_heap)).
    #[must_use]
    pub fn heap_element(&self, n: u64) -> Option<usize> {
        usize::try_from(n)
            .ok()
            .and_then(|i| self.heaps.get(i))
            .map(|&e| e as usize)
    }

    /// The element of a sum of heaps (`None` if a heap is above the bound). O(heaps).
    #[must_use]
    pub fn element_of(&self, heaps: &[u64]) -> Option<usize> {
        heaps
            .iter()
            .try_fold(0usize, |acc, &h| Some(self.multiply(acc, self.heap_element(h)?)))
    }

    /// The misère outcome of a sum of heaps from the quotient: `P` iff its
    /// element is in the P-portion. O(heaps). `None` if a heap is above the bound.
    #[must_use]
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        self.element_of(heaps)
            .map(|e| if self.is_p(e) { Outcome::P } else { Outcome::N })
    }

    /// The heap sizes whose elements generate the quotient, one per generator
    /// (`a`, `b`, `c`, … in this order): each heap whose element is not a
    /// product of the elements of smaller heaps.
    #[must_use]
    pub fn generators(&self) -> &[u64] {
        &self.generators
    }

    /// The normal form of `element`: exponents of the generators, the least
    /// monomial (by degree, then exponents) with that element.
    #[must_use]
    pub fn normal_form(&self, element: usize) -> &[u32] {
        &self.normal_forms[element]
    }

    /// The relations of the presentation: every monomial that is not a normal
    /// form but whose proper divisors all are, equal to its normal form.
    /// Together they rewrite any word to its normal form, so they present
    /// the monoid.
    #[must_use]
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// How many times a candidate that failed its check was corrected
    /// (recalibrated, or refined by the states per kind of heap), over all
    /// heaps, before the last one verified.
    #[must_use]
    pub const fn refinements(&self) -> usize {
        self.refinements
    }

    /// How many states the verification visited.
    #[must_use]
    pub const fn verified_states(&self) -> usize {
        self.verified_states
    }

    /// The name of generator `i`: `a` … `z`, then `g27`, `g28`, ….
    #[must_use]
    pub fn generator_name(i: usize) -> String {
        if i < 26 {
            char::from(b'a' + i as u8).to_string()
        } else {
            format!("g{}", i + 1)
        }
    }

    /// A monomial written as a word: `1`, `a`, `ab^2`, `g27^3c`.
    #[must_use]
    pub fn word(exponents: &[u32]) -> String {
        let mut s = String::new();
        for (i, &e) in exponents.iter().enumerate() {
            if e == 0 {
                continue;
            }
            s.push_str(&Self::generator_name(i));
            if e > 1 {
                s.push_str(&format!("^{e}"));
            }
        }
        if s.is_empty() { "1".to_string() } else { s }
    }

    /// The word of `element` (its normal form).
    #[must_use]
    pub fn element_word(&self, element: usize) -> String {
        Self::word(&self.normal_forms[element])
    }
}

/// Smallest representative (as a list of heaps) of every element of `q`,
/// and the elements in increasing order of it (Dijkstra's algorithm over the
/// heap generators; keys add, and adding a heap increases the key).
fn representatives(q: &Monoid, heaps: &[u32]) -> (Vec<Vec<u64>>, Vec<u32>) {
    // The smallest heap of each element: the cheapest edge with that element.
    let mut edges: Vec<(u64, u32)> = Vec::new();
    let mut seen = HashSet::new();
    for (h, &e) in heaps.iter().enumerate().skip(1) {
        if e != 0 && seen.insert(e) {
            edges.push((h as u64, e));
        }
    }
    let mut best: Vec<Option<Key>> = vec![None; q.n];
    let mut prev: Vec<(u32, u64)> = vec![(0, 0); q.n];
    let mut done = vec![false; q.n];
    let mut order = Vec::with_capacity(q.n);
    let mut queue = BinaryHeap::new();
    best[0] = Some((0, Reverse(0)));
    queue.push(Reverse(((0u64, Reverse(0u64)), 0u32)));
    while let Some(Reverse((key, y))) = queue.pop() {
        if done[y as usize] {
            continue;
        }
        done[y as usize] = true;
        order.push(y);
        for &(h, x) in &edges {
            let z = q.mul(y, x);
            let k = (key.0 + h, Reverse(key.1.0 + 1));
            if best[z as usize].is_none_or(|b| k < b) {
                best[z as usize] = Some(k);
                prev[z as usize] = (y, h);
                queue.push(Reverse((k, z)));
            }
        }
    }
    let mut reps: Vec<Vec<u64>> = vec![Vec::new(); q.n];
    for &y in &order {
        if y != 0 {
            let (from, h) = prev[y as usize];
            let mut r = reps[from as usize].clone();
            r.push(h);
            reps[y as usize] = r;
        }
    }
    (reps, order)
}

/// The quotient of the sums of heaps up to `h`, from `q` (heaps below `h`)
/// and `t` (the elements of the options of `h`): the new monoid, the map from
/// old elements to new ones, and the element of `h`.
fn extend(
    q: &Monoid,
    heaps: &[u32],
    option_parts: &[Vec<Vec<u64>>],
    t: &[u32],
    h: u64,
    limits: &QuotientLimits<'_>,
    ticker: &mut Ticker<'_>,
) -> Result<(Monoid, Vec<u32>, u32), QuotientError> {
    let n = q.n;
    let (reps, order) = representatives(q, heaps);
    if order.len() != n {
        // Every element is a product of heaps; anything else is a bug.
        return Err(QuotientError::Unverified { sum: vec![h] });
    }
    // The classes of the options of each representative.
    let mut moves: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &y in &order {
        let r = &reps[y as usize];
        let mut out = Vec::new();
        for (i, &hi) in r.iter().enumerate() {
            if i > 0 && r[i - 1] == hi {
                continue;
            }
            let rest = r
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .fold(0u32, |acc, (_, &p)| q.mul(acc, heaps[p as usize]));
            for o in &option_parts[hi as usize] {
                out.push(q.mul(rest, q.element(heaps, o)));
            }
        }
        out.sort_unstable();
        out.dedup();
        moves[y as usize] = out;
        ticker.tick()?;
    }
    // Rows F_j (j copies of h plus y is P?) until one repeats.
    let mut rows: Vec<Vec<bool>> = vec![q.p.clone()];
    let mut seen: HashMap<Vec<bool>, usize> = HashMap::new();
    seen.insert(q.p.clone(), 0);
    let (start, period) = loop {
        let j = rows.len();
        if j.saturating_mul(n) > limits.max_order.saturating_mul(8).max(1 << 16) {
            return Err(QuotientError::TooLarge {
                heap: h,
                max_order: limits.max_order,
            });
        }
        let before = &rows[j - 1];
        let mut row = vec![false; n];
        for &y in &order {
            let p_move = t.iter().any(|&o| before[q.mul(o, y) as usize])
                || moves[y as usize].iter().any(|&z| row[z as usize]);
            row[y as usize] = !p_move;
        }
        ticker.tick_n(n as u64)?;
        if let Some(&m) = seen.get(&row) {
            break (m, j - m);
        }
        seen.insert(row.clone(), j);
        rows.push(row);
    };
    let width = start + period;
    let reduce = |j: usize| {
        if j < width {
            j
        } else {
            start + (j - start) % period
        }
    };
    // The pairs (j, y) as e = j·n + y; generators: the new heap and the old
    // heap elements.
    let size = width * n;
    let mut gens: Vec<u32> = heaps.iter().copied().filter(|&e| e != 0).collect();
    gens.sort_unstable();
    gens.dedup();
    let step = |e: usize, g: Option<u32>| -> usize {
        let (j, y) = (e / n, (e % n) as u32);
        match g {
            None => reduce(j + 1) * n + y as usize,
            Some(x) => j * n + q.mul(y, x) as usize,
        }
    };
    let initial: Vec<bool> = (0..size).map(|e| rows[e / n][e % n]).collect();
    let too_large = QuotientError::TooLarge {
        heap: h,
        max_order: limits.max_order,
    };
    // The identity (0, 1) is element 0 (classes are numbered by first member).
    let (class, reps_of) = classes(
        &initial,
        gens.len() + 1,
        |e, i| step(e, i.checked_sub(1).map(|i| gens[i])),
        limits.max_order,
        ticker,
    )?
    .ok_or(too_large)?;
    let m = reps_of.len();
    let mut mul = vec![0u32; m * m];
    for a in 0..m {
        let (ja, ya) = (reps_of[a] / n, (reps_of[a] % n) as u32);
        for b in 0..m {
            let (jb, yb) = (reps_of[b] / n, (reps_of[b] % n) as u32);
            mul[a * m + b] = class[reduce(ja + jb) * n + q.mul(ya, yb) as usize];
        }
        ticker.tick_n(m as u64)?;
    }
    let p = reps_of.iter().map(|&e| rows[e / n][e % n]).collect();
    let old_map = (0..n).map(|y| class[y]).collect();
    let new_gen = class[reduce(1) * n];
    Ok((Monoid { n: m, mul, p }, old_map, new_gen))
}

/// Rows of `width` items stored end to end in one vector, each row once:
/// the id of a row is its position. An index maps the hash of a row to the
/// last row with that hash, and each row links to the one before it with
/// the same hash, so no row is stored twice. O(width) per [`Rows::intern`]
/// besides the hash table.
struct Rows<T> {
    width: usize,
    items: Vec<T>,
    index: rustc_hash::FxHashMap<u64, u32>,
    same_hash: Vec<u32>,
}

impl<T: Copy + Eq + core::hash::Hash> Rows<T> {
    fn new(width: usize) -> Self {
        Rows {
            width,
            items: Vec::new(),
            index: rustc_hash::FxHashMap::default(),
            same_hash: Vec::new(),
        }
    }

    /// Number of rows.
    fn len(&self) -> usize {
        self.same_hash.len()
    }

    /// Row `id`.
    fn get(&self, id: u32) -> &[T] {
        &self.items[id as usize * self.width..(id as usize + 1) * self.width]
    }

    /// The id of `row` (of `width` items), and whether it is new.
    fn intern(&mut self, row: &[T]) -> (u32, bool) {
        use core::hash::BuildHasher;
        let h = rustc_hash::FxBuildHasher.hash_one(row);
        let head = self.index.get(&h).copied().unwrap_or(u32::MAX);
        let mut at = head;
        while at != u32::MAX {
            if self.get(at) == row {
                return (at, false);
            }
            at = self.same_hash[at as usize];
        }
        let id = self.len() as u32;
        self.items.extend_from_slice(row);
        self.same_hash.push(head);
        self.index.insert(h, id);
        (id, true)
    }
}

/// Interned "futures" of a rest: for a table `T` of the rests a heap wins
/// next to (`lanes` tables of `n` bits, stored element by element with the
/// `lanes` bits of each element together) and a rest `f`, the vector
/// `z ↦ T[f·z]` over every element `z`. Two rests with the same
/// future behave alike next to that heap whatever is added later, so the
/// verification and the exploration store futures instead of rests, and
/// far fewer states stay apart.
///
/// Every future is a union of tables shifted by elements,
/// `z ↦ ⋁ᵢ Tᵢ[yᵢ·z]`, and each interned future keeps one such list of
/// `(table, y)` pairs. Since the monoid is commutative, adding a heap of
/// element `x` shifts every pair to `(table, x·y)`, so a future after a heap
/// is an OR of the shifted tables `Tᵢ[x·yᵢ·_]`, each gathered once
/// ([`Futures::shifted`]), instead of a gather over the whole future.
struct Futures<'q> {
    q: &'q Monoid,
    lanes: usize,
    words: usize,
    /// The futures, `words` words each, by id.
    vecs: Rows<u64>,
    /// Per future: one list of `(table, y)` whose shifted tables OR to it.
    reps: Vec<Vec<(u32, u32)>>,
    /// The vector being built, before it is interned.
    scratch: Vec<u64>,
    memo: rustc_hash::FxHashMap<(u32, u32), u32>,
    unions: rustc_hash::FxHashMap<(u32, u32), u32>,
    /// The vector of table `t` shifted by `y`, by `(t, y)`.
    shifts: rustc_hash::FxHashMap<(u32, u32), Box<[u64]>>,
}

impl<'q> Futures<'q> {
    /// Futures of `lanes` tables (1 or 2: a divisor of 64, so that the
    /// lanes of one element never straddle two words).
    fn new(q: &'q Monoid, lanes: usize) -> Self {
        debug_assert!(64 % lanes == 0);
        let words = (lanes * q.n).div_ceil(64);
        Futures {
            q,
            lanes,
            words,
            vecs: Rows::new(words),
            reps: Vec::new(),
            scratch: Vec::new(),
            memo: rustc_hash::FxHashMap::default(),
            unions: rustc_hash::FxHashMap::default(),
            shifts: rustc_hash::FxHashMap::default(),
        }
    }

    fn bit(v: &[u64], i: usize) -> bool {
        v[i / 64] >> (i % 64) & 1 == 1
    }

    /// The id of the future `v`; `rep` lists shifted tables that OR to it,
    /// called (and kept) only if `v` is new.
    fn intern(&mut self, v: &[u64], rep: impl FnOnce(&Self) -> Vec<(u32, u32)>) -> u32 {
        let (id, new) = self.vecs.intern(v);
        if new {
            let mut rep = rep(self);
            rep.sort_unstable();
            rep.dedup();
            self.reps.push(rep);
        }
        id
    }

    /// The id of a table given as `lanes · n` bits, lane by lane (a table is
    /// its own future at the identity). Stored element by element: bit
    /// `z · lanes + lane` is bit `lane · n + z` of `bits`.
    fn table(&mut self, bits: &[bool]) -> u32 {
        let n = self.q.n;
        let mut v = vec![0u64; self.words];
        for (i, _) in bits.iter().enumerate().filter(|(_, b)| **b) {
            let j = (i % n) * self.lanes + i / n;
            v[j / 64] |= 1 << (j % 64);
        }
        let id = self.vecs.len() as u32;
        self.intern(&v, |_| vec![(id, 0)])
    }

    /// The future `z ↦ T[f·z]` of the rest `f` next to the table `t`; also
    /// the future `z ↦ v[x·z]` of a future `v` after adding a heap of
    /// element `x` (the same map: a table is its own future at the identity).
    /// O(pairs · n / 64) word operations, plus O(n) per shifted table not
    /// gathered before.
    fn after(&mut self, v: u32, x: u32) -> u32 {
        if x == 0 {
            return v;
        }
        if let Some(&id) = self.memo.get(&(v, x)) {
            return id;
        }
        let mut out = core::mem::take(&mut self.scratch);
        out.clear();
        out.resize(self.words, 0);
        for i in 0..self.reps[v as usize].len() {
            let (t, y) = self.reps[v as usize][i];
            let shifted = self.shifted(t, self.q.mul(x, y));
            for (o, s) in out.iter_mut().zip(shifted) {
                *o |= s;
            }
        }
        let id = self.intern(&out, |f| {
            f.reps[v as usize]
                .iter()
                .map(|&(t, y)| (t, f.q.mul(x, y)))
                .collect()
        });
        self.scratch = out;
        self.memo.insert((v, x), id);
        id
    }

    /// Table `t` shifted by `y`, `z ↦ T[y·z]`, gathered once per `(t, y)`.
    fn shifted(&mut self, t: u32, y: u32) -> &[u64] {
        let (q, lanes, words, vecs) = (self.q, self.lanes, self.words, &self.vecs);
        self.shifts
            .entry((t, y))
            .or_insert_with(|| gather(q, lanes, words, vecs.get(t), y))
    }

    /// Bit `lane` of the future at the identity (the rest itself).
    fn now(&self, v: u32, lane: usize) -> bool {
        Self::bit(self.vecs.get(v), lane)
    }

    /// The union of two futures, bit by bit (memoised).
    fn union(&mut self, a: u32, b: u32) -> u32 {
        let key = (a.min(b), a.max(b));
        if let Some(&id) = self.unions.get(&key) {
            return id;
        }
        let mut v = core::mem::take(&mut self.scratch);
        v.clear();
        v.extend(self.vecs.get(a).iter().zip(self.vecs.get(b)).map(|(x, y)| x | y));
        let id = self.intern(&v, |f| {
            f.reps[a as usize]
                .iter()
                .chain(&f.reps[b as usize])
                .copied()
                .collect()
        });
        self.scratch = v;
        self.unions.insert(key, id);
        id
    }
}

/// The vector `z ↦ v[x·z]` of `n · lanes` bits: the lanes of element `z` in
/// the result are those of element `x·z` in `v`. A branch-free gather along
/// the row of `x` in the multiplication table, the lanes of one element
/// moved together (`lanes` divides 64) and each output word built in a
/// register. O(n).
fn gather(q: &Monoid, lanes: usize, words: usize, src: &[u64], x: u32) -> Box<[u64]> {
    let n = q.n;
    let lane_mask = (1u64 << lanes) - 1;
    let row = &q.mul[x as usize * n..(x as usize + 1) * n];
    let mut out = vec![0u64; words].into_boxed_slice();
    let mut acc = 0u64;
    for (z, &to) in row.iter().enumerate() {
        let j = to as usize * lanes;
        let i = z * lanes;
        acc |= (src[j / 64] >> (j % 64) & lane_mask) << (i % 64);
        if (i + lanes).is_multiple_of(64) {
            out[i / 64] = acc;
            acc = 0;
        }
    }
    if !(n * lanes).is_multiple_of(64) {
        out[n * lanes / 64] = acc;
    }
    out
}

/// The heaps under the candidate `q`, by kind: heaps with the same element
/// and the same elements of options behave alike in every sum.
struct HeapKinds {
    /// The distinct elements of the heaps with moves.
    elements: Vec<u32>,
    /// Per kind: the index of its element in `elements`, and per rest `y`
    /// whether a heap of it has a move to a sum predicted P next to `y`.
    kinds: Vec<(usize, Vec<bool>)>,
    /// One heap of each kind.
    kind_heap: Vec<u64>,
    /// The kind of each heap (`None`: a heap without moves, the empty game).
    kind_of: Vec<Option<u32>>,
}

/// The kinds of the heaps `1 ..` under `q`. O(heaps · (options + |Q| · option elements)).
fn heap_kinds(q: &Monoid, heaps: &[u32], option_parts: &[Vec<Vec<u64>>]) -> HeapKinds {
    let mut hk = HeapKinds {
        elements: Vec::new(),
        kinds: Vec::new(),
        kind_heap: Vec::new(),
        kind_of: vec![None],
    };
    let mut option_sets: Vec<Vec<u32>> = Vec::new();
    for (h, &x) in heaps.iter().enumerate().skip(1) {
        let mut t: Vec<u32> = option_parts[h].iter().map(|o| q.element(heaps, o)).collect();
        if t.is_empty() {
            hk.kind_of.push(None);
            continue;
        }
        t.sort_unstable();
        t.dedup();
        let found = (0..hk.kinds.len()).find(|&k| hk.elements[hk.kinds[k].0] == x && option_sets[k] == t);
        let k = match found {
            Some(k) => k,
            None => {
                let e = match hk.elements.iter().position(|&e| e == x) {
                    Some(e) => e,
                    None => {
                        hk.elements.push(x);
                        hk.elements.len() - 1
                    }
                };
                let wins = (0..q.n as u32)
                    .map(|y| t.iter().any(|&o| q.p[q.mul(y, o) as usize]))
                    .collect();
                hk.kinds.push((e, wins));
                hk.kind_heap.push(h as u64);
                option_sets.push(t);
                hk.kinds.len() - 1
            }
        };
        hk.kind_of.push(Some(k as u32));
    }
    hk
}

/// Verifies the candidate `q` for every sum of the heaps so far: the number
/// of states visited when every prediction holds, or a sum where one fails.
///
/// A sum `S` predicted P is wrong iff some heap `h` in it has a move to a
/// sum predicted P, and one predicted N (not empty) iff none has. That
/// depends on the heap's element `e` and on the rest `S − h`, whose element
/// is the same for every heap of element `e` in `S` (two such heaps leave
/// `R + h₂` and `R + h₁`, equal in `Q`). Heaps of one element may still
/// differ in their options, so per element `e` and rest `y` the check uses
/// `all_e(y)` (every heap of element `e` has such a move next to `y`) and
/// `any_e(y)` (some heap does): sums that differ only by swapping heaps of
/// equal elements are checked together, and for every choice of those heaps.
/// `S` predicted P is right for every choice iff no present element has
/// `any_e(r_e)`, and predicted N iff some present element has `all_e(r_e)`.
///
/// A state is the element `g` of a sum and its *future* `F`: for every
/// element `z`, whether some present element `e` has `all_e(r_e · z)` (lane
/// 0) and `any_e(r_e · z)` (lane 1), that is the two checks of `S + Z` over
/// the heaps of `S` for any later sum `Z` of element `z`. Adding a heap of
/// element `x` gives `F'(z) = F(x · z) ∨ T_x(g · z)` (the rest without the
/// new heap, or without another heap of element `x`, is `S + Z`), so the
/// states form a deterministic automaton over the elements, with at most
/// `|Q| · 2^(2|Q|)` states and in practice few (the empty sum is a state of
/// its own). The states are checked in the order of the fewest tokens a sum
/// reaching them has (Dijkstra's algorithm), so when a check fails every
/// sum with fewer tokens is known to be predicted right.
///
/// O(states · elements) besides interning futures (O(|Q|) each).
fn verify_by_elements(
    q: &Monoid,
    heaps: &[u32],
    option_parts: &[Vec<Vec<u64>>],
    limits: &QuotientLimits<'_>,
    ticker: &mut Ticker<'_>,
) -> Result<Verdict, QuotientError> {
    // Per element of a heap with moves: every heap of it wins next to a
    // rest of element y (`all`), and some heap of it does (`any`).
    let hk = heap_kinds(q, heaps, option_parts);
    let elements = &hk.elements;
    let mut all = vec![vec![true; q.n]; elements.len()];
    let mut any = vec![vec![false; q.n]; elements.len()];
    for (e, wins) in &hk.kinds {
        for (y, &w) in wins.iter().enumerate() {
            all[*e][y] &= w;
            any[*e][y] |= w;
        }
    }
    // Per element, its two tables side by side (lane 0 `all`, lane 1 `any`).
    let mut fut = Futures::new(q, 2);
    let tables: Vec<u32> = all
        .iter()
        .zip(&any)
        .map(|(a, b)| fut.table(&[&a[..], &b[..]].concat()))
        .collect();
    // A state: the element of the sum and its future (`u32::MAX`: the
    // empty sum).
    // The smallest heap of each element, the length of an edge.
    let smallest: Vec<u64> = (0..elements.len())
        .map(|e| {
            (0..hk.kinds.len())
                .filter(|&k| hk.kinds[k].0 == e)
                .map(|k| hk.kind_heap[k])
                .min()
                .unwrap_or(1)
        })
        .collect();
    let mut index: rustc_hash::FxHashMap<(u32, u32), u32> = rustc_hash::FxHashMap::default();
    index.insert((0, u32::MAX), 0);
    let mut states: Vec<(u32, u32)> = vec![(0, u32::MAX)];
    // Per state: the fewest tokens of a sum reaching it, the state that sum
    // comes from and the element added, and whether it is checked.
    let mut dist: Vec<u64> = vec![0];
    let mut parent: Vec<(u32, u32)> = vec![(0, 0)];
    let mut done: Vec<bool> = vec![false];
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::from([Reverse((0, 0))]);
    while let Some(Reverse((d, id))) = queue.pop() {
        let id = id as usize;
        if done[id] || dist[id] != d {
            continue;
        }
        done[id] = true;
        let (g, f) = states[id];
        let right = if f == u32::MAX {
            // The empty sum: no move, a misère N-position.
            !q.p[g as usize]
        } else if q.p[g as usize] {
            !fut.now(f, 1)
        } else {
            fut.now(f, 0)
        };
        if !right {
            return Ok(Verdict::Wrong {
                sum: failing_sum(q, &hk, &parent, id),
                right_below: d,
            });
        }
        for (k, &x) in elements.iter().enumerate() {
            let new = fut.after(tables[k], g);
            let next = if f == u32::MAX {
                new
            } else {
                let old = fut.after(f, x);
                fut.union(old, new)
            };
            let key = (q.mul(g, x), next);
            let to = match index.get(&key) {
                Some(&to) => to as usize,
                None => {
                    let to = states.len();
                    if to >= limits.max_states {
                        return Err(QuotientError::Budget(BudgetExceeded {
                            max_states: limits.max_states,
                        }));
                    }
                    index.insert(key, to as u32);
                    states.push(key);
                    dist.push(u64::MAX);
                    parent.push((0, 0));
                    done.push(false);
                    ticker.tick()?;
                    to
                }
            };
            let nd = d + smallest[k];
            if nd < dist[to] {
                dist[to] = nd;
                parent[to] = (id as u32, k as u32);
                queue.push(Reverse((nd, to as u32)));
            }
        }
    }
    Ok(Verdict::Proven(states.len()))
}

/// What [`verify_by_elements`] found.
enum Verdict {
    /// Every prediction holds; the number of states visited.
    Proven(usize),
    /// A sum of heaps whose predicted outcome differs from the one its
    /// options' predictions give, and a number of tokens below which every
    /// sum is predicted right.
    Wrong { sum: Vec<u64>, right_below: u64 },
}

/// A sum of heaps at the state `state` of the check by elements whose
/// prediction fails: the elements on the path to the state, each as a heap,
/// chosen so that the check's failure is that sum's. For a state predicted
/// P, one heap of a present element is one with a move to a P-prediction;
/// for one predicted N, every heap of each element is one without such a
/// move.
fn failing_sum(q: &Monoid, hk: &HeapKinds, parent: &[(u32, u32)], mut state: usize) -> Vec<u64> {
    let mut word: Vec<usize> = Vec::new();
    while state != 0 {
        let (from, e) = parent[state];
        word.push(e as usize);
        state = from as usize;
    }
    let g = word.iter().fold(0, |acc, &e| q.mul(acc, hk.elements[e]));
    // Per element present: the rest without one heap of it, and the kind to use.
    let mut chosen: Vec<Option<u64>> = vec![None; hk.elements.len()];
    let mut distinct: Vec<usize> = word.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let predicted_p = q.p[g as usize];
    for &e in &distinct {
        let mut rest = 0;
        let mut skipped = false;
        for &f in &word {
            if f == e && !skipped {
                skipped = true;
            } else {
                rest = q.mul(rest, hk.elements[f]);
            }
        }
        // A kind of this element that wins next to the rest (for a state
        // predicted P), or one that does not (predicted N).
        let kind =
            (0..hk.kinds.len()).find(|&k| hk.kinds[k].0 == e && hk.kinds[k].1[rest as usize] == predicted_p);
        if let Some(k) = kind {
            chosen[e] = Some(hk.kind_heap[k]);
            if predicted_p {
                break;
            }
        }
    }
    let fallback = |e: usize| -> u64 {
        let k = (0..hk.kinds.len()).find(|&k| hk.kinds[k].0 == e).unwrap_or(0);
        hk.kind_heap.get(k).copied().unwrap_or(0)
    };
    let mut sum: Vec<u64> = Vec::with_capacity(word.len());
    let mut used_p = false;
    for &e in &word {
        let h = match chosen[e] {
            // Predicted P: only one heap is swapped for the winning kind.
            Some(h) if predicted_p && !used_p => {
                used_p = true;
                h
            }
            Some(h) if !predicted_p => h,
            _ => fallback(e),
        };
        sum.push(h);
    }
    sum.sort_unstable();
    sum
}

/// The reachable states of the sums of heaps under the candidate `q`, as a
/// deterministic automaton over the kinds of heap. A state holds the element
/// of a sum and, per element `e` of a heap in it, the element of the sum
/// without one heap of element `e` (the same for every such heap) and which
/// rests of the sum those heaps win next to (the union of the kinds' tables;
/// many sets of kinds share one). That is all the outcome predicted for the
/// sum and the one derived from its options depend on, and adding a heap
/// updates it, so partition refinement over these states gives the same
/// classes as over the sums themselves.
struct Explored {
    /// Number of kinds (the stride of `next`).
    kinds: usize,
    /// Per state and kind: the state after adding a heap of that kind.
    next: Vec<u32>,
    /// Per state: predicted P (its element is in `q`'s P-portion).
    predicted: Vec<bool>,
    /// Per state: P by the definition, from the predictions for its options
    /// (not empty, and no move to a state predicted P).
    derived: Vec<bool>,
    /// Per state: the state it was first reached from and the kind added
    /// (breadth first, so the words are short).
    parent: Vec<(u32, u32)>,
    /// The kind of each heap (`None`: a heap without moves).
    kind_of: Vec<Option<u32>>,
    /// One heap of each kind.
    kind_heap: Vec<u64>,
}

impl Explored {
    /// The state after adding a heap of kind `k` to `state`.
    fn step(&self, state: usize, k: usize) -> usize {
        self.next[state * self.kinds + k] as usize
    }
}

/// Explores every state reachable from the empty sum under `q` (breadth
/// first). O(states · kinds · elements) besides hashing the states.
fn explore(
    q: &Monoid,
    heaps: &[u32],
    option_parts: &[Vec<Vec<u64>>],
    limits: &QuotientLimits<'_>,
    ticker: &mut Ticker<'_>,
) -> Result<Explored, QuotientError> {
    let HeapKinds {
        elements,
        kinds,
        kind_heap,
        kind_of,
    } = heap_kinds(q, heaps, option_parts);
    // Per kind: its element's index and its table, interned.
    let mut fut = Futures::new(q, 1);
    let kinds: Vec<(usize, u32)> = kinds.iter().map(|(e, wins)| (*e, fut.table(wins))).collect();
    // A state: the element of the sum, then per element the union of the
    // tables of its kinds present and the future of the rest without one
    // heap of it under that union (`u32::MAX` twice: no such heap).
    let width = 1 + 2 * elements.len();
    let start: Vec<u32> = std::iter::once(0)
        .chain(std::iter::repeat_n(u32::MAX, 2 * elements.len()))
        .collect();
    let mut states = Rows::new(width);
    states.intern(&start);
    let mut ex = Explored {
        kinds: kinds.len(),
        next: Vec::new(),
        predicted: Vec::new(),
        derived: Vec::new(),
        parent: vec![(0, 0)],
        kind_of,
        kind_heap,
    };
    let mut next = vec![0u32; width];
    let mut at = 0;
    while at < states.len() {
        let s = states.get(at as u32).to_vec();
        let g = s[0];
        let empty = s[1..].iter().all(|&v| v == u32::MAX);
        let p_move = (0..elements.len()).any(|e| s[2 + 2 * e] != u32::MAX && fut.now(s[2 + 2 * e], 0));
        ex.predicted.push(q.p[g as usize]);
        ex.derived.push(!empty && !p_move);
        for (k, &(e, table)) in kinds.iter().enumerate() {
            let x = elements[e];
            next[0] = q.mul(g, x);
            for i in 0..elements.len() {
                let (t, v) = (s[1 + 2 * i], s[2 + 2 * i]);
                (next[1 + 2 * i], next[2 + 2 * i]) = if i == e {
                    let t = if t == u32::MAX { table } else { fut.union(t, table) };
                    (t, fut.after(t, g))
                } else if v == u32::MAX {
                    (u32::MAX, u32::MAX)
                } else {
                    (t, fut.after(v, x))
                };
            }
            let (id, new) = states.intern(&next);
            if new {
                if id as usize >= limits.max_states {
                    return Err(QuotientError::Budget(BudgetExceeded {
                        max_states: limits.max_states,
                    }));
                }
                ex.parent.push((at as u32, k as u32));
                ticker.tick()?;
            }
            ex.next.push(id);
        }
        at += 1;
    }
    Ok(ex)
}

/// the element of each heap.
fn refine(
    ex: &Explored,
    limits: &QuotientLimits<'_>,
    ticker: &mut Ticker<'_>,
) -> Result<(Monoid, Vec<u32>), QuotientError> {
    let kinds = ex.kind_heap.len();
    // Classes numbered in the order of their first state (the empty sum first).
    let (class, rep) = classes(&ex.derived, kinds, |s, k| ex.step(s, k), limits.max_order, ticker)?.ok_or(
        QuotientError::TooLarge {
            heap: (ex.kind_of.len() - 1) as u64,
            max_order: limits.max_order,
        },
    )?;
    let m = rep.len();
    // The word (kinds added from the empty sum) of each class's first state.
    let words: Vec<Vec<u32>> = rep
        .iter()
        .map(|&s| {
            let mut w = Vec::new();
            let mut at = s;
            while at != 0 {
                let (from, k) = ex.parent[at];
                w.push(k);
                at = from as usize;
            }
            w
        })
        .collect();
    let mut mul = vec![0u32; m * m];
    for a in 0..m {
        for b in 0..m {
            let end = words[b].iter().fold(rep[a], |s, &k| ex.step(s, k as usize));
            mul[a * m + b] = class[end];
        }
        ticker.tick_n(m as u64)?;
    }
    let p = rep.iter().map(|&s| ex.derived[s]).collect();
    let heaps = ex
        .kind_of
        .iter()
        .map(|k| k.map_or(0, |k| class[ex.step(0, k as usize)]))
        .collect();
    Ok((Monoid { n: m, mul, p }, heaps))
}

/// Most recalibrations and refinements at one heap before the candidates are
/// given up.
const MAX_ROUNDS: usize = 64;

/// Generators, normal forms and relations of `q`, and the public form with
/// elements renumbered by normal form.
fn present(q: &Monoid, heaps: &[u32], verified_states: usize, refinements: usize) -> MisereQuotient {
    let n = q.n;
    // Generators: heaps whose element is outside the submonoid of the
    // generators before them.
    let mut generators: Vec<u64> = Vec::new();
    let mut gen_elems: Vec<u32> = Vec::new();
    let mut sub: HashSet<u32> = HashSet::from([0]);
    for (h, &x) in heaps.iter().enumerate().skip(1) {
        if sub.contains(&x) {
            continue;
        }
        generators.push(h as u64);
        gen_elems.push(x);
        let mut stack: Vec<u32> = sub.iter().copied().collect();
        while let Some(y) = stack.pop() {
            for &g in &gen_elems {
                let z = q.mul(y, g);
                if sub.insert(z) {
                    stack.push(z);
                }
            }
        }
    }
    let k = gen_elems.len();
    // Normal forms in increasing (degree, exponents) order.
    let mut nf: Vec<Option<Vec<u32>>> = vec![None; n];
    let mut normal: HashSet<Vec<u32>> = HashSet::new();
    let mut relations = Vec::new();
    let mut queue: BinaryHeap<Reverse<(u32, Vec<u32>, u32)>> = BinaryHeap::new();
    let mut queued: HashSet<Vec<u32>> = HashSet::new();
    queue.push(Reverse((0, vec![0; k], 0)));
    while let Some(Reverse((_, w, e))) = queue.pop() {
        if nf[e as usize].is_none() {
            normal.insert(w.clone());
            for (i, &g) in gen_elems.iter().enumerate() {
                let mut v = w.clone();
                v[i] += 1;
                if queued.insert(v.clone()) {
                    let deg = v.iter().sum();
                    queue.push(Reverse((deg, v, q.mul(e, g))));
                }
            }
            nf[e as usize] = Some(w);
        } else {
            let minimal = (0..k).filter(|&i| w[i] > 0).all(|i| {
                let mut d = w.clone();
                d[i] -= 1;
                normal.contains(&d)
            });
            if minimal && let Some(rhs) = nf[e as usize].clone() {
                relations.push(Relation { lhs: w, rhs });
            }
        }
    }
    // Renumber: identity first, then by normal form.
    let forms: Vec<Vec<u32>> = nf.into_iter().map(Option::unwrap_or_default).collect();
    let mut by_form: Vec<u32> = (0..n as u32).collect();
    by_form.sort_by(|&a, &b| {
        let (fa, fb) = (&forms[a as usize], &forms[b as usize]);
        (fa.iter().sum::<u32>(), fa).cmp(&(fb.iter().sum::<u32>(), fb))
    });
    let mut new_id = vec![0u32; n];
    for (i, &old) in by_form.iter().enumerate() {
        new_id[old as usize] = i as u32;
    }
    let mut mul = vec![0u32; n * n];
    for a in 0..n {
        for b in 0..n {
            mul[new_id[a] as usize * n + new_id[b] as usize] = new_id[q.mul(a as u32, b as u32) as usize];
        }
    }
    MisereQuotient {
        order: n,
        mul,
        p: by_form.iter().map(|&old| q.p[old as usize]).collect(),
        heaps: heaps.iter().map(|&e| new_id[e as usize]).collect(),
        generators,
        normal_forms: by_form.iter().map(|&old| forms[old as usize].clone()).collect(),
        relations,
        verified_states,
        refinements,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{Heaps, Subtraction, TakeBreak};
    use crate::impartial::MisereSolver;
    use proptest::prelude::*;

    /// Every candidate the check by elements passes also passes the check
    /// over the states by kind of heap (the definition applied to every
    /// sum, up to sums that behave alike), where those are few enough to
    /// explore: the fast check never accepts a wrong candidate.
    pub(super) fn check_against_kinds(q: &Monoid, heaps: &[u32], option_parts: &[Vec<Vec<u64>>]) {
        let limits = QuotientLimits {
            max_states: 200_000,
            ..QuotientLimits::default()
        };
        let mut ticker = Ticker::new(None);
        if let Ok(ex) = explore(q, heaps, option_parts, &limits, &mut ticker) {
            assert_eq!(
                ex.derived, ex.predicted,
                "the check by elements passed a wrong candidate"
            );
        }
    }

    fn quotient(code: &str, max_heap: u64) -> MisereQuotient {
        let game = TakeBreak::parse(code).unwrap();
        MisereQuotient::compute(&game, max_heap, &QuotientLimits::default()).unwrap()
    }

    fn element_of_word(q: &MisereQuotient, exps: &[u32]) -> usize {
        let mut e = 0;
        for (i, &k) in exps.iter().enumerate() {
            let g = q.heap_element(q.generators()[i]).unwrap();
            for _ in 0..k {
                e = q.multiply(e, g);
            }
        }
        e
    }

    /// The laws every misère quotient obeys, checked on the table.
    fn check_laws(q: &MisereQuotient) {
        let n = q.order();
        // Plambeck and Siegel (2008): every misère quotient has even order,
        // and the identity (the empty sum, a misère N-position) is not in P.
        // (Order 1 only when every heap is the empty game.)
        assert!(n.is_multiple_of(2) || n == 1, "odd order {n}");
        assert!(!q.is_p(0));
        for a in 0..n {
            assert_eq!(q.multiply(0, a), a);
            for b in 0..n {
                assert_eq!(q.multiply(a, b), q.multiply(b, a));
                for c in (0..n).step_by(1 + n / 7) {
                    assert_eq!(q.multiply(q.multiply(a, b), c), q.multiply(a, q.multiply(b, c)));
                }
            }
        }
        // Reduced: any two elements are told apart by some element.
        for a in 0..n {
            for b in a + 1..n {
                assert!(
                    (0..n).any(|z| q.is_p(q.multiply(a, z)) != q.is_p(q.multiply(b, z))),
                    "elements {a} and {b} are indistinguishable"
                );
            }
        }
        // The normal forms name their elements, and the relations hold.
        for e in 0..n {
            assert_eq!(element_of_word(q, q.normal_form(e)), e);
        }
        for r in q.relations() {
            assert_eq!(element_of_word(q, &r.lhs), element_of_word(q, &r.rhs));
            assert_ne!(r.lhs, r.rhs);
        }
    }

    #[test]
    fn misere_nim_heaps_up_to_two_is_t2() {
        // Plambeck and Siegel, Misère quotients for impartial games (2008):
        // misère Nim with heaps 1 and 2 has the quotient
        // T₂ = ⟨a, b | a² = 1, b³ = b⟩ of order 6, P-portion {a, b²}.
        for q in [
            quotient("0.33", 2),
            MisereQuotient::compute(&Subtraction::new(&[1, 2]).unwrap(), 2, &QuotientLimits::default())
                .unwrap(),
        ] {
            check_laws(&q);
            assert_eq!(q.order(), 6);
            assert_eq!(q.generators(), &[1, 2]);
            let words: Vec<String> = q.p_portion().iter().map(|&e| q.element_word(e)).collect();
            assert_eq!(words, ["a", "b^2"]);
            let rels: Vec<String> = q.relations().iter().map(ToString::to_string).collect();
            assert_eq!(rels, ["a^2 = 1", "b^3 = b"]);
        }
    }

    #[test]
    fn misere_nim_below_a_power_of_two() {
        // Misère Nim is tame: a sum is valued by its nim-sum and by whether
        // every heap is 0 or 1 (Bouton; Winning Ways ch. 13), so heaps below
        // 2^k give 2 tiny classes and 2^k others: order 2^k + 2 with a
        // P-portion of 2 (Siegel, The structure and classification of misère
        // quotients, 2007: |P| = 2 quotients have order 2^n + 2 or 2^n + 4).
        // (Heaps below 2 give T₁ = {1, a}, order 2.)
        assert_eq!(quotient("0.3", 1).order(), 2);
        for (k, code) in [(2u32, "0.333"), (3, "0.3333333"), (4, "0.333333333333333")] {
            let q = quotient(code, (1 << k) - 1);
            check_laws(&q);
            assert_eq!(q.order(), (1 << k) + 2, "{code}");
            assert_eq!(q.p_portion().len(), 2);
        }
    }

    #[test]
    fn dawsons_kayles_needs_refinement_and_matches_search() {
        // From the heap 10 on, sums of smaller heaps that were
        // indistinguishable split next to the new heap, so the first
        // candidate fails its check and is refined; the result agrees with
        // an exhaustive misère search on sums.
        let q = quotient("0.07", 12);
        check_laws(&q);
        assert!(q.refinements() > 0);
        let rules = Heaps::new(TakeBreak::parse("0.07").unwrap());
        let mut solver = MisereSolver::new(&rules).search_only();
        for sum in [
            vec![10],
            vec![12, 12],
            vec![10, 11, 2],
            vec![12, 5, 4, 3],
            vec![11, 9, 6],
            vec![2, 2, 2, 12],
        ] {
            assert_eq!(q.outcome(&sum), Some(solver.outcome(&sum).unwrap()), "{sum:?}");
        }
    }

    #[test]
    fn dawsons_kayles_to_heap_30_has_order_360() {
        // A. N. Siegel on MisereSolver (misère games blog, "Some MisereSolver
        // questions answered", 28 August 2007): "Q_30(0.07) has size 360".
        let q = quotient("0.07", 30);
        check_laws(&q);
        assert_eq!(q.order(), 360);
        let rules = Heaps::new(TakeBreak::parse("0.07").unwrap());
        let mut solver = crate::impartial::PieceMisereSolver::new(&rules).without_forms();
        for sum in [
            vec![30],
            vec![29, 13],
            vec![30, 30],
            vec![27, 21, 9],
            vec![25, 17, 4, 2],
        ] {
            assert_eq!(
                q.outcome(&sum),
                Some(solver.outcome_of_list(&sum).unwrap()),
                "{sum:?}"
            );
        }
    }

    /// The library's monoid of a computed quotient.
    fn monoid_of(q: &MisereQuotient) -> Monoid {
        Monoid {
            n: q.order,
            mul: q.mul.clone(),
            p: q.p.clone(),
        }
    }

    /// The game of an octal code, its quotient to `max_heap`, that quotient
    /// as the library's monoid, and the options of every heap.
    fn fixture(code: &str, max_heap: u64) -> (TakeBreak, MisereQuotient, Monoid, Vec<Vec<Vec<u64>>>) {
        let game = TakeBreak::parse(code).unwrap();
        let q = quotient(code, max_heap);
        let monoid = monoid_of(&q);
        let mut option_parts: Vec<Vec<Vec<u64>>> = vec![Vec::new()];
        for h in 1..=max_heap {
            let mut parts = Vec::new();
            game.heap_options(h, &mut |o| parts.push(o.to_vec()));
            option_parts.push(parts);
        }
        (game, q, monoid, option_parts)
    }

    #[test]
    fn the_check_by_elements_agrees_with_the_check_by_kinds_on_wrong_candidates() {
        // Wrong candidates made from right quotients: one heap given the
        // element of another heap (so heaps with different options share an
        // element), or one element moved in or out of the P-portion. The
        // fast check must reject exactly the candidates that the states by
        // kind of heap (every sum, up to sums that behave alike) reject.
        let mut rejected = 0;
        for (code, max_heap) in [
            ("0.07", 12),
            ("0.137", 9),
            ("0.0244", 10),
            ("0.034", 11),
            ("0.77", 8),
        ] {
            let (_, q, monoid, option_parts) = fixture(code, max_heap);
            let mut candidates: Vec<(Monoid, Vec<u32>)> = Vec::new();
            for i in 1..q.heaps.len() {
                for j in 1..q.heaps.len() {
                    if q.heaps[i] != q.heaps[j] {
                        let mut heaps = q.heaps.clone();
                        heaps[i] = q.heaps[j];
                        candidates.push((monoid.clone(), heaps));
                    }
                }
            }
            for e in 1..q.order {
                let mut m = monoid.clone();
                m.p[e] = !m.p[e];
                candidates.push((m, q.heaps.clone()));
            }
            for (m, heaps) in candidates {
                let limits = QuotientLimits::default();
                let mut ticker = Ticker::new(None);
                let fast = verify_by_elements(&m, &heaps, &option_parts, &limits, &mut ticker).unwrap();
                let ex = explore(&m, &heaps, &option_parts, &limits, &mut ticker).unwrap();
                assert_eq!(
                    matches!(fast, Verdict::Proven(_)),
                    ex.derived == ex.predicted,
                    "{code} {heaps:?} {:?}",
                    m.p
                );
                rejected += usize::from(matches!(fast, Verdict::Wrong { .. }));
            }
        }
        assert!(rejected > 100, "{rejected}");
    }

    /// Every sum of heaps up to `max_heap` with fewer than `tokens` tokens
    /// (at most `limit` of them, fewest tokens first), largest heap first.
    fn sums_below(max_heap: u64, tokens: u64, limit: usize) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        for t in 1..tokens {
            // Partitions of t into parts of at most max_heap, largest first.
            let mut stack: Vec<(Vec<u64>, u64)> = vec![(Vec::new(), t)];
            while let Some((parts, left)) = stack.pop() {
                if left == 0 {
                    out.push(parts);
                    if out.len() >= limit {
                        return out;
                    }
                    continue;
                }
                let top = parts.last().copied().unwrap_or(max_heap).min(left);
                for h in 1..=top {
                    let mut p = parts.clone();
                    p.push(h);
                    stack.push((p, left - h));
                }
            }
        }
        out
    }

    #[test]
    fn a_failed_check_bounds_the_right_sums_and_leads_to_a_smallest_wrong_sum() {
        // Wrong candidates made from right quotients (one element moved in or
        // out of the P-portion, or one heap given another's element). When
        // the check fails with "right below t tokens", every sum of fewer
        // tokens must be predicted as searching it finds; and the smallest
        // wrong sum found from the failure must be wrong, with every option
        // predicted right, its outcome the one search finds.
        use crate::heap::misere_recalibration::{Candidate, Truth, minimal_failure};
        let mut failures = 0;
        for (code, max_heap) in [("0.07", 12), ("0.137", 9), ("0.034", 11), ("0.77", 8)] {
            let (game, q, monoid, option_parts) = fixture(code, max_heap);
            let below = quotient(code, max_heap - 1);
            let proven = (monoid_of(&below), below.heaps.clone());
            let rules = Heaps::new(game);
            let mut solver = MisereSolver::new(&rules).search_only();
            let mut candidates: Vec<(Monoid, Vec<u32>)> = Vec::new();
            for e in 1..q.order {
                let mut m = monoid.clone();
                m.p[e] = !m.p[e];
                candidates.push((m, q.heaps.clone()));
            }
            for i in (2..q.heaps.len()).step_by(3) {
                let mut heaps = q.heaps.clone();
                heaps[i] = q.heaps[i - 1];
                candidates.push((monoid.clone(), heaps));
            }
            for (m, heaps) in candidates {
                let mut ticker = Ticker::new(None);
                let verdict =
                    verify_by_elements(&m, &heaps, &option_parts, &QuotientLimits::default(), &mut ticker)
                        .unwrap();
                let Verdict::Wrong { sum, right_below } = verdict else {
                    continue;
                };
                failures += 1;
                let predict =
                    |s: &[u64]| m.p[s.iter().fold(0, |acc, &h| m.mul(acc, heaps[h as usize])) as usize];
                let mut truth_of = |s: &[u64]| solver.outcome(&s.to_vec()).unwrap() == Outcome::P;
                for s in sums_below(max_heap, right_below, 3000) {
                    assert_eq!(predict(&s), truth_of(&s), "{code}: {s:?} below {right_below}");
                }
                let mut truth = Truth::new(
                    &proven,
                    Candidate {
                        q: &m,
                        heaps: &heaps,
                        right_below,
                    },
                    &option_parts,
                    max_heap,
                );
                let (w, p) = minimal_failure(&mut truth, sum).expect("within budget");
                assert_eq!(p, truth_of(&w), "{code}: {w:?}");
                assert_ne!(p, predict(&w), "{code}: {w:?}");
                for (i, &h) in w.iter().enumerate() {
                    for o in &option_parts[h as usize] {
                        let mut option: Vec<u64> = w[..i].iter().chain(&w[i + 1..]).copied().collect();
                        option.extend_from_slice(o);
                        assert_eq!(predict(&option), truth_of(&option), "{code}: {option:?}");
                    }
                }
            }
        }
        assert!(failures > 50, "{failures}");
    }

    #[test]
    fn moves_that_add_tokens_are_refused() {
        struct Grow;
        impl HeapGame for Grow {
            fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
                if n >= 3 {
                    f(&[n - 1, n - 1]);
                }
            }
        }
        let e = MisereQuotient::compute(&Grow, 5, &QuotientLimits::default()).unwrap_err();
        assert_eq!(e, QuotientError::NotShrinking { heap: 3 });
    }

    #[test]
    fn budgets_stop_cleanly() {
        let game = TakeBreak::parse("0.07").unwrap();
        let small = QuotientLimits {
            max_order: 10,
            ..QuotientLimits::default()
        };
        assert!(matches!(
            MisereQuotient::compute(&game, 20, &small),
            Err(QuotientError::TooLarge { max_order: 10, .. })
        ));
        let few = QuotientLimits {
            max_states: 3,
            ..QuotientLimits::default()
        };
        assert!(matches!(
            MisereQuotient::compute(&game, 10, &few),
            Err(QuotientError::Budget(_))
        ));
    }

    /// Futures against their definition: a future is `lanes` bit vectors
    /// over the elements, `after(v, x)` is `z ↦ v[x·z]` lane by lane and
    /// `union` the OR. Random tables, heaps and unions on the quotient of
    /// Dawson's Kayles to heap 12, in one lane and in two; every id must
    /// hold exactly the model's bits, and equal vectors must share an id.
    #[test]
    fn futures_follow_their_definition() {
        let m = monoid_of(&quotient("0.07", 12));
        let n = m.n;
        let mut rng = crate::test_rng::XorShift::new(7);
        let mut below = move |k: u64| rng.next_u64() % k;
        for lanes in [1usize, 2] {
            let mut fut = Futures::new(&m, lanes);
            // The model: per id, lane-major bits.
            let mut model: Vec<Vec<bool>> = Vec::new();
            let record = |fut: &Futures<'_>, id: u32, bits: Vec<bool>, model: &mut Vec<Vec<bool>>| {
                let id = id as usize;
                for lane in 0..lanes {
                    for z in 0..n {
                        let got = Futures::bit(fut.vecs.get(id as u32), z * lanes + lane);
                        assert_eq!(got, bits[lane * n + z], "id {id} lane {lane} element {z}");
                    }
                }
                if id < model.len() {
                    assert_eq!(model[id], bits, "one id for two vectors");
                } else {
                    assert_eq!(id, model.len());
                    model.push(bits);
                }
            };
            for _ in 0..4 {
                let bits: Vec<bool> = (0..lanes * n).map(|_| below(3) == 0).collect();
                let id = fut.table(&bits);
                record(&fut, id, bits, &mut model);
            }
            for _ in 0..400 {
                let v = below(model.len() as u64) as u32;
                let id;
                let bits: Vec<bool>;
                if below(3) == 0 {
                    let w = below(model.len() as u64) as u32;
                    bits = model[v as usize]
                        .iter()
                        .zip(&model[w as usize])
                        .map(|(a, b)| a | b)
                        .collect();
                    id = fut.union(v, w);
                } else {
                    let x = below(n as u64) as u32;
                    bits = (0..lanes * n)
                        .map(|i| model[v as usize][(i / n) * n + m.mul(x, (i % n) as u32) as usize])
                        .collect();
                    id = fut.after(v, x);
                }
                record(&fut, id, bits, &mut model);
            }
            assert!(model.len() > 20, "the walk made few futures: {}", model.len());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Random octal games: the quotient obeys the laws and its outcome of
        /// random sums is the outcome found by searching the sum.
        #[test]
        fn outcomes_match_search(
            digits in proptest::collection::vec(0u8..8, 1..4),
            max_heap in 1u64..8,
            sums in proptest::collection::vec(proptest::collection::vec(1u64..8, 0..5), 12),
        ) {
            let code = format!("0.{}", digits.iter().map(u8::to_string).collect::<String>());
            let game = TakeBreak::parse(&code).unwrap();
            // Small budgets keep the test fast; a game past them is skipped.
            let limits = QuotientLimits { max_order: 256, max_states: 100_000, monitor: None };
            let q = match MisereQuotient::compute(&game, max_heap, &limits) {
                Ok(q) => q,
                Err(QuotientError::TooLarge { .. } | QuotientError::Budget(_)) => return Ok(()),
                Err(e) => return Err(TestCaseError::fail(format!("{code}: {e}"))),
            };
            check_laws(&q);
            let rules = Heaps::new(game);
            let mut solver = MisereSolver::new(&rules).search_only();
            for sum in sums {
                let sum: Vec<u64> = sum.into_iter().map(|h| 1 + (h - 1) % max_heap).collect();
                prop_assert_eq!(q.outcome(&sum), Some(solver.outcome(&sum).unwrap()), "{} {:?}", code, sum);
            }
        }
    }
}
