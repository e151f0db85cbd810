//! Nim: remove any positive number of tokens from one heap.

use crate::notation::{ParseError, describe_heap_move, format_heaps, parse_heaps};
use crate::{ImpartialRules, Nimber, Notation, Outcome};

/// Nim. A position is a list of heap sizes; a move removes any positive number
/// of tokens from one heap. Bouton (1901): the Grundy value is the nim-sum of
/// the heaps, and in misère play the same rule holds unless every heap has at
/// most one token, in which case the player to move wins iff the number of
/// one-token heaps is even.
///
/// ```
/// use sprague::{GrundySolver, Nim, Nimber};
/// assert_eq!(GrundySolver::new(&Nim).grundy(&vec![1, 2, 3]).unwrap(), Nimber(0));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl ImpartialRules for Nim {
    type Position = Vec<u64>;

    fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in position.iter().enumerate() {
            for k in 0..h {
                let mut p = position.clone();
                p[i] = k;
                out.push(p);
            }
        }
    }

    fn decompose(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if position.len() == 1 {
            return false;
        }
        out.extend(position.iter().map(|&h| vec![h]));
        true
    }

    fn compose(&self, parts: &[Vec<u64>]) -> Option<Vec<u64>> {
        Some(parts.concat())
    }

    fn closed_form(&self, component: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(component.iter().fold(0, |a, &h| a ^ h)))
    }

    fn moves_to_value(&self, component: &Vec<u64>, target: Nimber) -> Option<Vec<Vec<u64>>> {
        match component[..] {
            [h] => Some(if target.0 < h {
                vec![vec![target.0]]
            } else {
                vec![]
            }),
            _ => None,
        }
    }

    fn misere_outcome(&self, position: &Vec<u64>) -> Option<Outcome> {
        let next_wins = if position.iter().all(|&h| h <= 1) {
            position.iter().filter(|&&h| h == 1).count() % 2 == 0
        } else {
            position.iter().fold(0, |a, &h| a ^ h) != 0
        };
        Some(if next_wins { Outcome::N } else { Outcome::P })
    }
}

impl Notation<Vec<u64>> for Nim {
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text)
    }
    fn format_position(&self, position: &Vec<u64>) -> String {
        format_heaps(position)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        describe_heap_move(from, to)
    }
}

/// A Nim heap of `n` may become any smaller heap: `G(n) = n`.
impl crate::HeapGame for Nim {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if n > 0 {
            f(&[]);
        }
        for k in 1..n {
            f(&[k]);
        }
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n))
    }

    fn grundy_values(&self, count: usize, _progress: &mut dyn FnMut(usize) -> bool) -> Vec<u64> {
        (0..count as u64).collect()
    }

    fn huge_heap_moves(
        &self,
        n: u64,
        target: Nimber,
        _value: &dyn Fn(u64) -> Option<Nimber>,
    ) -> Option<Vec<Vec<u64>>> {
        self.moves_to_value(&vec![n], target)
    }
}
