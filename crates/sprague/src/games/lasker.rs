//! Lasker's Nim as a catalog entry (its rules are [`crate::heap::Lasker`]).

use crate::heap::Lasker;
use crate::registry::{Entry, Family, HeapRuleset, without_params};

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "lasker",
    params: "",
    family: Family::TakeAndBreak,
    summary: "Lasker's Nim: remove any number of tokens from a heap, or split a heap into two",
    notation: "heap sizes separated by spaces, e.g. `10 7`",
    example: "value lasker 10 7",
    example2: "table lasker --count 24",
    rules: "Lasker's Nim: heaps of tokens; a move either takes any positive number of tokens from one heap, or splits one heap into two non-empty heaps. The player who makes the last move wins.",
    known: "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4 and G(4k+4) = 4k+3, by induction on the heap size: arithmetic-periodic with period 4 and saltus 4. The game is named after Emanuel Lasker and appears among the games of Winning Ways.",
    build: |name, params| without_params(name, params, |name| HeapRuleset::new(name, Lasker)),
}];
