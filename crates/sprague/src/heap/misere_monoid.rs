//! The finite commutative monoid a misère quotient is built as (elements
//! `0 .. n`, a multiplication table and the P-portion), and Moore's
//! partition refinement, which merges its indistinguishable elements. Both
//! the quotient's construction and its recalibration work on them.

use crate::monitor::{Interrupted, Ticker};

/// The monoid being built: elements `0 .. n`, identity 0.
#[derive(Clone, Debug)]
pub(super) struct Monoid {
    pub(super) n: usize,
    pub(super) mul: Vec<u32>,
    pub(super) p: Vec<bool>,
}

impl Monoid {
    pub(super) fn trivial() -> Monoid {
        // The empty sum is an N-position in misère play (the player to move
        // has no move and wins).
        Monoid {
            n: 1,
            mul: vec![0],
            p: vec![false],
        }
    }

    #[inline]
    pub(super) fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.n + b as usize]
    }

    /// The element of a sum of heaps (or of an option's parts), given the
    /// element of each heap.
    pub(super) fn element(&self, heaps: &[u32], sum: &[u64]) -> u32 {
        sum.iter().fold(0, |acc, &h| self.mul(acc, heaps[h as usize]))
    }
}

/// The class of each element, and the first element of each class.
pub(super) type Classes = (Vec<u32>, Vec<usize>);

/// Moore's partition refinement: the classes of the elements `0 ..
/// initial.len()` of an automaton with `arity` successors `succ(e, i)` per
/// element, from the split by `initial`, until every class's elements have
/// successors in the same classes. The class of each element, classes
/// numbered by their first element, and that first element of each; `None`
/// past `max_classes` classes. O(elements · arity) per round, at most one
/// round per class.
pub(super) fn classes(
    initial: &[bool],
    arity: usize,
    succ: impl Fn(usize, usize) -> usize,
    max_classes: usize,
    ticker: &mut Ticker<'_>,
) -> Result<Option<Classes>, Interrupted> {
    let size = initial.len();
    let mut class: Vec<u32> = initial.iter().map(|&b| u32::from(b)).collect();
    let mut count = 1 + usize::from(initial.contains(&false) && initial.contains(&true));
    loop {
        let mut ids: rustc_hash::FxHashMap<Vec<u32>, u32> = rustc_hash::FxHashMap::default();
        let mut next = vec![0u32; size];
        for (e, slot) in next.iter_mut().enumerate() {
            let mut sig = Vec::with_capacity(arity + 1);
            sig.push(class[e]);
            sig.extend((0..arity).map(|i| class[succ(e, i)]));
            let fresh = ids.len() as u32;
            *slot = *ids.entry(sig).or_insert(fresh);
        }
        ticker.tick_n(size as u64)?;
        class = next;
        if ids.len() == count {
            break;
        }
        count = ids.len();
        if count > max_classes {
            return Ok(None);
        }
    }
    let mut renumber = vec![u32::MAX; count];
    let mut first: Vec<usize> = Vec::with_capacity(count);
    for (e, c) in class.iter_mut().enumerate() {
        if renumber[*c as usize] == u32::MAX {
            renumber[*c as usize] = first.len() as u32;
            first.push(e);
        }
        *c = renumber[*c as usize];
    }
    Ok(Some((class, first)))
}
