//! Catalog entries for the basic heap games: Nim and the Bash game.

use super::{Entry, Error, Family, HeapRuleset, whole_param, without_params};
use crate::games::{Bash, Nim};

pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "nim",
            params: "",
            family: Family::Heap,
            summary: "remove any positive number of tokens from one heap; last move wins",
            notation: "heap sizes separated by spaces, e.g. `3 4 5`",
            example: "value nim 3 4 5",
            example2: "value nim 1 2 3 --misere",
            rules: "Some heaps of tokens lie on the table. A move takes any positive number of tokens from one heap, possibly all of it. Players alternate, and the player who takes the last token wins (in misère play, loses).",
            known: "Bouton's theorem (C. L. Bouton, Nim, a game with a complete mathematical theory, Annals of Mathematics, 2nd series, vol. 3, 1901–02): the player to move loses exactly when the nim-sum (bitwise XOR) of the heap sizes is 0, and a heap of n tokens has Grundy value n (Winning Ways, 2nd ed., vol. 1, ch. 2). In misère play the same strategy works until every heap has at most one token.",
            build: |name, params| without_params(name, params, |name| HeapRuleset::new(name, Nim)),
        },
        Entry {
            name: "bash",
            params: "M",
            family: Family::Heap,
            summary: "remove 1 to M tokens from one heap (Bash game); value n mod (M+1)",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value bash:3 10 7",
            example2: "table bash:3 --count 20",
            rules: "The Bash game: heaps of tokens, and a move takes between 1 and M tokens from one heap. The player who takes the last token wins.",
            known: "G(n) = n mod (M+1): a single heap loses for the player to move exactly when its size is a multiple of M+1 — the subtraction game {1, …, M}, periodic with period M+1 from n = 0 (subtraction games: Winning Ways, 2nd ed., vol. 1, ch. 4).",
            build: |name, params| {
                let m = whole_param(name, params, "M")?;
                let rules = Bash::new(m).ok_or_else(|| {
                    Error::input(format!("ruleset `{name}:{m}`: M must be between 1 and 2^64 - 2"))
                })?;
                Ok(Box::new(HeapRuleset::new(format!("{name}:{m}"), rules)))
            },
        },
    ]
}
