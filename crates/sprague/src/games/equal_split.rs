//! The equal-split game as a catalog entry (its rules are
//! [`crate::heap::EqualSplit`]).

use crate::heap::EqualSplit;
use crate::registry::{Entry, Family, HeapRuleset, SPLIT_MAX, without_params};

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "equal-split",
    params: "",
    family: Family::TakeAndBreak,
    summary: "split one heap into k ≥ 2 equal heaps",
    notation: "heap sizes up to 10^6 separated by spaces, e.g. `12 9`",
    example: "value equal-split 12 9",
    example2: "table equal-split --count 30",
    rules: "Heaps of tokens; a move splits one heap into k ≥ 2 heaps of equal size (so k divides the heap). A heap of one token is dead. The player who makes the last move wins.",
    known: "Equal heaps cancel in pairs, so a split into an even number of parts is worth 0 and into an odd number k is worth G(n/k). By induction, G(n) = Ω(m) for odd n and Ω(m) + 1 for even n, where m is the odd part of n and Ω counts prime factors with multiplicity (mex rule, Winning Ways, 2nd ed., vol. 1, ch. 3).",
    build: |name, params| {
        without_params(name, params, |name| {
            HeapRuleset::new(name, EqualSplit).with_max_heap(SPLIT_MAX)
        })
    },
}];
