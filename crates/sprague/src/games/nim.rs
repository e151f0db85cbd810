//! Nim: remove any positive number of tokens from one heap.

use crate::registry::{Entry, Family, HeapRuleset, without_params};
use crate::{heap::HeapValuer, nimber::Nimber, outcome::Outcome};

/// Nim. A position is a list of heap sizes; a move removes any positive number
/// of tokens from one heap. Bouton (1901): the Grundy value is the nim-sum of
/// the heaps, and in misère play the same rule holds unless every heap has at
/// most one token, in which case the player to move wins iff the number of
/// one-token heaps is even.
///
/// ```
/// use sprague::{GrundySolver, Nimber, games::Nim};
/// assert_eq!(GrundySolver::new(&Nim).grundy(&vec![1, 2, 3]).unwrap(), Nimber(0));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

crate::heap::heap_rules!(Nim);

/// A Nim heap of `n` may become any smaller heap: `G(n) = n`.
impl crate::heap::HeapGame for Nim {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if n > 0 {
            f(&[]);
        }
        for k in 1..n {
            f(&[k]);
        }
    }

    fn has_move(&self, n: u64) -> bool {
        n > 0
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n))
    }

    /// `G(n) = n`: arithmetic-periodic with period 1 and saltus 1 from 0.
    fn closed_form_period(&self) -> Option<crate::heap::Period> {
        Some(crate::heap::Period {
            preperiod: 0,
            period: 1,
            saltus: 1,
            proven: true,
            proof: Some("the closed form G(n) = n (Bouton 1901; Winning Ways, ch. 2)"),
        })
    }

    fn grundy_values(&self, count: usize, _progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        (0..count as u64).collect()
    }

    fn huge_heap_moves(&self, n: u64, target: Nimber, _value: HeapValuer<'_>) -> Option<Vec<Vec<u64>>> {
        Some(if target.0 < n {
            vec![vec![target.0]]
        } else {
            vec![]
        })
    }

    /// A Nim heap `*n` has genus `n^n` (`0^120`, `1^031` for the tiny heaps
    /// 0 and 1): misère Nim is the model of the tame games (Winning Ways,
    /// ch. 13; On Numbers and Games, ch. 12).
    fn misere_tame(&self, n: u64) -> Option<bool> {
        Some(n <= 1)
    }

    /// Bouton's misère rule: as in normal play, unless every heap has at most one
    /// token, when the player to move wins iff the number of one-token heaps is even.
    fn misere_outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let next_wins = if heaps.iter().all(|&h| h <= 1) {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
        } else {
            heaps.iter().fold(0, |a, &h| a ^ h) != 0
        };
        Some(if next_wins { Outcome::N } else { Outcome::P })
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
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
}];
