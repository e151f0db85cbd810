//! Recalibrating a misère-quotient candidate that failed its verification,
//! after the idea of A. N. Siegel's MisereSolver (described in T. E. Plambeck
//! and A. N. Siegel, *Misère quotients for impartial games*, J. Combin. Theory
//! Ser. A 115 (2008), and its supplement, arXiv:0705.2404, appendix C): find a
//! smallest sum whose prediction is wrong while every option of it is
//! predicted right, then give some of the heaps in that sum a free cyclic
//! component of their own, value the larger monoid by the definition of
//! misère play, and reduce it; the first such candidate that predicts the
//! failing sum right replaces the old one.
//!
//! The sums are valued by the definition itself ([`Truth`]), with every sum
//! of the heaps below the new one read off the proven quotient of those heaps,
//! so a failing sum costs the search over the sums that contain the new heap.

use super::misere_monoid::{Monoid, classes};
use crate::monitor::{Interrupted, Ticker};
use core::cmp::Reverse;
use rustc_hash::FxHashMap;
use std::collections::BinaryHeap;

/// Sums of heaps as sorted lists (largest first) of heaps with moves: heaps
/// without moves are the empty game and are left out.
fn normalize(option_parts: &[Vec<Vec<u64>>], mut sum: Vec<u64>) -> Vec<u64> {
    sum.retain(|&h| !option_parts[h as usize].is_empty());
    sum.sort_unstable_by(|a, b| b.cmp(a));
    sum
}

/// Every option of `sum` (normalized), by replacing one heap by one of its
/// options.
fn options(option_parts: &[Vec<Vec<u64>>], sum: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in sum.iter().enumerate() {
        if i > 0 && sum[i - 1] == h {
            continue;
        }
        for o in &option_parts[h as usize] {
            let mut next: Vec<u64> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
            next.extend_from_slice(o);
            out.push(normalize(option_parts, next));
        }
    }
    out
}

/// Misère outcomes of sums of the heaps `1 ..= n` by the definition, with
/// the sums of heaps below `n` read off their proven quotient and the sums of
/// fewer than `right_below` tokens off the candidate (its check found them
/// right). Memoised, up to [`TRUTH_BUDGET`] sums.
pub(super) struct Truth<'a> {
    /// The proven quotient of the heaps below `n`, and the element of each.
    proven: &'a (Monoid, Vec<u32>),
    candidate: Candidate<'a>,
    option_parts: &'a [Vec<Vec<u64>>],
    n: u64,
    memo: FxHashMap<Vec<u64>, bool>,
}

/// A candidate quotient, the element of each heap in it, and the bound below
/// which its check found every sum's outcome right: sums of fewer than
/// `right_below` tokens.
#[derive(Clone, Copy)]
pub(super) struct Candidate<'a> {
    pub(super) q: &'a Monoid,
    pub(super) heaps: &'a [u32],
    pub(super) right_below: u64,
}

/// Most sums [`Truth`] remembers while looking for a smallest wrong sum.
const TRUTH_BUDGET: usize = 1 << 20;

impl<'a> Truth<'a> {
    /// `proven` covers the heaps below `n`; `candidate` predicts the small
    /// sums it was checked on.
    pub(super) fn new(
        proven: &'a (Monoid, Vec<u32>),
        candidate: Candidate<'a>,
        option_parts: &'a [Vec<Vec<u64>>],
        n: u64,
    ) -> Self {
        Truth {
            proven,
            candidate,
            option_parts,
            n,
            memo: FxHashMap::default(),
        }
    }

    /// Whether the normalized `sum` is a misère P-position; `None` once more
    /// than the budget of sums would be remembered.
    fn is_p(&mut self, sum: &[u64]) -> Option<bool> {
        if sum.first().is_none_or(|&h| h < self.n) {
            let (q, heaps) = self.proven;
            return Some(q.p[q.element(heaps, sum) as usize]);
        }
        // Saturating: a total past 2^64 is past the bound, never wrapped below it.
        let c = self.candidate;
        if sum.iter().fold(0u64, |a, &h| a.saturating_add(h)) < c.right_below {
            return Some(c.q.p[c.q.element(c.heaps, sum) as usize]);
        }
        if let Some(&p) = self.memo.get(sum) {
            return Some(p);
        }
        if self.memo.len() >= TRUTH_BUDGET {
            return None;
        }
        let mut p = true;
        for o in options(self.option_parts, sum) {
            if self.is_p(&o)? {
                p = false;
                break;
            }
        }
        self.memo.insert(sum.to_vec(), p);
        Some(p)
    }
}

/// From a sum where the candidate's check failed, a sum whose prediction is
/// wrong while every one of its options is predicted right (following wrong
/// options down; the sums shrink, so this ends). `None` past the budget of
/// [`Truth`].
pub(super) fn minimal_failure(truth: &mut Truth<'_>, start: Vec<u64>) -> Option<(Vec<u64>, bool)> {
    let (q, heaps) = (truth.candidate.q, truth.candidate.heaps);
    let mut sum = normalize(truth.option_parts, start);
    loop {
        let mut wrong = None;
        for o in options(truth.option_parts, &sum) {
            if truth.is_p(&o)? != q.p[q.element(heaps, &o) as usize] {
                wrong = Some(o);
                break;
            }
        }
        match wrong {
            Some(o) => sum = o,
            None => {
                let p = truth.is_p(&sum)?;
                return (p != q.p[q.element(heaps, &sum) as usize]).then_some((sum, p));
            }
        }
    }
}

/// The candidate `q` with the heaps `freed` (each with the number of copies
/// its component must tell apart) taken out of it: the submonoid of `q`
/// generated by the other heaps, times one cyclic monoid per freed heap,
/// valued by the definition of misère play at the smallest sum of each
/// element (fewest tokens, then most heaps: every option of it then lies in
/// an element already valued) and reduced by indistinguishability (Moore's
/// partition refinement by the heap generators). `None` when that monoid
/// would pass `max_size` elements or its reduction `max_order`.
///
/// O(|M| · (generators + options of a smallest sum)) for the `|M|` elements
/// of the product, besides the reduction's rounds.
fn recalibrate(
    q: &Monoid,
    heaps: &[u32],
    option_parts: &[Vec<Vec<u64>>],
    freed: &[(u64, u32)],
    max_size: usize,
    max_order: usize,
    ticker: &mut Ticker<'_>,
) -> Result<Option<(Monoid, Vec<u32>)>, Interrupted> {
    let moves = |h: usize| !option_parts[h].is_empty();
    if freed.len() > MAX_FREED {
        return Ok(None);
    }
    let is_freed = |h: usize| freed.iter().any(|&(f, _)| f as usize == h);
    // The submonoid generated by the heaps kept.
    let mut b_of = vec![u32::MAX; q.n];
    let mut b_elems = vec![0u32];
    b_of[0] = 0;
    let mut gens: Vec<u32> = (1..heaps.len())
        .filter(|&h| moves(h) && !is_freed(h))
        .map(|h| heaps[h])
        .collect();
    gens.sort_unstable();
    gens.dedup();
    let mut at = 0;
    while at < b_elems.len() {
        let y = b_elems[at];
        at += 1;
        for &g in &gens {
            let z = q.mul(y, g);
            if b_of[z as usize] == u32::MAX {
                b_of[z as usize] = b_elems.len() as u32;
                b_elems.push(z);
            }
        }
    }
    let nb = b_elems.len();
    // One cyclic component per freed heap: exponents 0 .. index + period,
    // with a^(index + period) = a^index; the index covers the copies asked
    // for and the index of the heap's element in `q`, the period is even.
    let mut comps: Vec<(usize, usize)> = Vec::new();
    for &(f, copies) in freed {
        let x = heaps[f as usize];
        let mut first = FxHashMap::default();
        let (mut p, mut i) = (0u32, 0usize);
        let (index, period) = loop {
            if let Some(&j) = first.get(&p) {
                break (j, i - j);
            }
            first.insert(p, i);
            p = q.mul(p, x);
            i += 1;
        };
        let index = index.max(copies as usize) + 1;
        let period = if period % 2 == 0 { period } else { 2 * period };
        comps.push((index, period));
    }
    let mut size = nb;
    for &(i, p) in &comps {
        let Some(s) = size.checked_mul(i + p) else {
            return Ok(None);
        };
        size = s;
    }
    if size > max_size {
        return Ok(None);
    }
    let decode = |mut e: usize| -> (usize, [usize; MAX_FREED]) {
        let b = e % nb;
        e /= nb;
        let mut out = [0; MAX_FREED];
        for (k, &(i, p)) in comps.iter().enumerate() {
            out[k] = e % (i + p);
            e /= i + p;
        }
        (b, out)
    };
    let mul = |a: usize, c: usize| -> usize {
        let (ba, da) = decode(a);
        let (bc, dc) = decode(c);
        let mut e = 0;
        for (k, &(i, p)) in comps.iter().enumerate().rev() {
            let s = da[k] + dc[k];
            let s = if s < i + p { s } else { i + (s - i) % p };
            e = e * (i + p) + s;
        }
        e * nb + b_of[q.mul(b_elems[ba], b_elems[bc]) as usize] as usize
    };
    // The element of each heap in the product.
    let mut image = vec![0usize; heaps.len()];
    let mut stride = nb;
    let mut strides = Vec::new();
    for &(i, p) in &comps {
        strides.push(stride);
        stride *= i + p;
    }
    for h in 1..heaps.len() {
        if !moves(h) {
            continue;
        }
        image[h] = match freed.iter().position(|&(f, _)| f as usize == h) {
            Some(k) => strides[k],
            None => b_of[heaps[h] as usize] as usize,
        };
    }
    let option_images: Vec<Vec<usize>> = option_parts
        .iter()
        .map(|os| {
            os.iter()
                .map(|o| o.iter().fold(0, |acc, &part| mul(acc, image[part as usize])))
                .collect()
        })
        .collect();
    // Edges: the smallest heap of each element.
    let mut edges: Vec<(u64, usize)> = Vec::new();
    for (h, &x) in image.iter().enumerate().skip(1) {
        if moves(h) && !edges.iter().any(|&(_, e)| e == x) {
            edges.push((h as u64, x));
        }
    }
    // Dijkstra by (tokens, fewest heaps last); each element is valued when
    // it leaves the queue, from the options of its smallest sum.
    type Key = (u64, Reverse<u64>);
    let mut best: Vec<Option<Key>> = vec![None; size];
    let mut prev: Vec<(usize, u64)> = vec![(0, 0); size];
    // Per element: 0 not valued yet, 1 an N-position, 2 a P-position.
    let mut p_of: Vec<u8> = vec![0; size];
    let mut order: Vec<usize> = Vec::new();
    let mut queue = BinaryHeap::new();
    best[0] = Some((0, Reverse(0)));
    queue.push(Reverse(((0u64, Reverse(0u64)), 0usize)));
    let mut word: Vec<u64> = Vec::new();
    while let Some(Reverse((key, y))) = queue.pop() {
        if p_of[y] != 0 || best[y] != Some(key) {
            continue;
        }
        // The smallest sum of y, and its value by the definition.
        word.clear();
        let mut at = y;
        while at != 0 {
            let (from, h) = prev[at];
            word.push(h);
            at = from;
        }
        let mut p = !word.is_empty();
        'opts: for (i, &h) in word.iter().enumerate() {
            let rest = word
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .fold(0, |acc, (_, &g)| mul(acc, image[g as usize]));
            for &o in &option_images[h as usize] {
                match p_of[mul(rest, o)] {
                    2 => {
                        p = false;
                        break 'opts;
                    }
                    1 => {}
                    // Every option's element has a smaller sum; anything
                    // else is a bug, and the candidate is given up.
                    _ => return Ok(None),
                }
            }
        }
        p_of[y] = 1 + u8::from(p);
        ticker.tick_n(1 + word.len() as u64)?;
        order.push(y);
        for &(h, x) in &edges {
            let z = mul(y, x);
            let k = (key.0 + h, Reverse(key.1.0 + 1));
            if best[z].is_none_or(|b| k < b) {
                best[z] = Some(k);
                prev[z] = (y, h);
                queue.push(Reverse((k, z)));
            }
        }
    }
    // Reduce: the classes of indistinguishable elements.
    let mut index = vec![0usize; size];
    for (i, &y) in order.iter().enumerate() {
        index[y] = i;
    }
    let step: Vec<Vec<u32>> = order
        .iter()
        .map(|&y| edges.iter().map(|&(_, x)| index[mul(y, x)] as u32).collect())
        .collect();
    let initial: Vec<bool> = order.iter().map(|&y| p_of[y] == 2).collect();
    let Some((class, reps)) = classes(
        &initial,
        edges.len(),
        |s, i| step[s][i] as usize,
        max_order,
        ticker,
    )?
    else {
        return Ok(None);
    };
    let count = reps.len();
    let mut table = vec![0u32; count * count];
    for a in 0..count {
        for b in 0..count {
            table[a * count + b] = class[index[mul(order[reps[a]], order[reps[b]])]];
        }
    }
    let p = reps.iter().map(|&s| p_of[order[s]] == 2).collect();
    let new_heaps = (0..heaps.len()).map(|h| class[index[image[h]]]).collect();
    Ok(Some((
        Monoid {
            n: count,
            mul: table,
            p,
        },
        new_heaps,
    )))
}

/// Most heaps freed at once.
const MAX_FREED: usize = 4;

/// Most sets of heaps tried for one wrong sum.
const MAX_ATTEMPTS: usize = 48;

/// A better candidate than `q` after its check failed at the sum `failed`:
/// from a smallest wrong sum below it, the first recalibration (freeing
/// one heap of that sum, then two, … up to [`MAX_FREED`], largest heaps
/// first, at most [`MAX_ATTEMPTS`] sets) that predicts it right (past the
/// budget of [`Truth`], the failing sum itself with the opposite of its
/// prediction). `None` when none does.
pub(super) fn recalibrated(
    truth: &mut Truth<'_>,
    failed: Vec<u64>,
    max_order: usize,
    ticker: &mut Ticker<'_>,
) -> Result<Option<(Monoid, Vec<u32>)>, Interrupted> {
    let (q, heaps) = (truth.candidate.q, truth.candidate.heaps);
    // Past the budget of the definition, the failing sum itself, with the
    // outcome its options' predictions give (the opposite of its own).
    let fallback = normalize(truth.option_parts, failed.clone());
    let (sum, p) = minimal_failure(truth, failed).unwrap_or_else(|| {
        let p = !q.p[q.element(heaps, &fallback) as usize];
        (fallback, p)
    });
    let option_parts = truth.option_parts;
    // The distinct heaps of the sum with their numbers of copies.
    let mut distinct: Vec<(u64, u32)> = Vec::new();
    for &h in &sum {
        match distinct.last_mut() {
            Some((g, c)) if *g == h => *c += 1,
            _ => distinct.push((h, 1)),
        }
    }
    let k = distinct.len().min(16);
    let max_size = max_order.saturating_mul(64).min(1 << 22);
    let mut attempts = 0;
    for size in 1..=k.min(MAX_FREED) {
        // Subsets of `size` heaps, in lexicographic order of positions
        // (largest heaps first).
        let mut pick: Vec<usize> = (0..size).collect();
        loop {
            let freed: Vec<(u64, u32)> = pick.iter().map(|&i| distinct[i]).collect();
            attempts += 1;
            if attempts > MAX_ATTEMPTS {
                return Ok(None);
            }
            if let Some((m, hs)) = recalibrate(q, heaps, option_parts, &freed, max_size, max_order, ticker)?
                && m.p[m.element(&hs, &sum) as usize] == p
            {
                return Ok(Some((m, hs)));
            }
            // Next subset.
            let Some(i) = (0..size).rev().find(|&i| pick[i] < k - size + i) else {
                break;
            };
            pick[i] += 1;
            for j in i + 1..size {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }
    Ok(None)
}
