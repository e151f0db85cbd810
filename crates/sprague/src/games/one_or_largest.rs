//! "Take one from every heap, or take the largest heap", last stone loses.

use crate::notation::{ParseError, format_heaps, parse_heaps};
use crate::out_of_reach::OutOfReach;
use crate::registry::{BoardRules, CellGrid, Entry, Family};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// Heaps of stones; a move either takes one stone from every non-empty heap,
/// or takes a whole largest heap. The player who takes the last stone loses.
///
/// As a ruleset the losing move is left out: a move that would take the last
/// stone is not offered, so the positions where every move takes the last
/// stone have no moves (the mover loses), exactly as in the game. Positions
/// are heap lists sorted largest first.
///
/// Rule (O(n) after sorting, [`one_or_largest_is_p`]): sort the heaps
/// `a_0 ≥ a_1 ≥ …` and draw them as a Young diagram, row `i` of length `a_i`.
/// Taking the largest heap deletes the top row, taking one from each deletes
/// the first column, so play walks a token right or down from the corner.
/// Walk diagonally while the next diagonal cell `(k+1, k+1)` exists. From the
/// last diagonal cell `(k, k)`, let `x = a_k − k − 1` be the cells to its
/// right and `y` the rows below it still longer than `k`. The player to move
/// wins iff `x` or `y` is odd (checked against search on all small inputs).
///
/// ```
/// use sprague::games::one_or_largest_is_p;
/// assert!(one_or_largest_is_p(&[1]));      // must take the last stone
/// assert!(!one_or_largest_is_p(&[1, 1]));  // take one heap, leave one stone
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OneOrLargest;

/// Whether `heaps` (any order, zeros ignored) is a P-position: the player to
/// move loses. O(n log n) for the sort, O(n) for the walk.
#[must_use]
pub fn one_or_largest_is_p(heaps: &[u64]) -> bool {
    let mut a: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    a.sort_unstable_by(|x, y| y.cmp(x));
    if a.is_empty() {
        // No stones: the opponent took the last one, so the mover has won.
        return false;
    }
    let mut k = 0usize;
    while k + 1 < a.len() && a[k + 1] > (k + 1) as u64 {
        k += 1;
    }
    let x = a[k] - k as u64 - 1;
    let y = a[k + 1..].iter().filter(|&&h| h > k as u64).count();
    x.is_multiple_of(2) && y.is_multiple_of(2)
}

impl OneOrLargest {
    /// Both candidate moves, whether or not they take the last stone.
    fn raw_moves(p: &[u64]) -> [Vec<u64>; 2] {
        let drop_largest = p.get(1..).unwrap_or(&[]).to_vec();
        let minus_one: Vec<u64> = p.iter().filter(|&&h| h > 1).map(|&h| h - 1).collect();
        [drop_largest, minus_one]
    }
}

impl OneOrLargest {
    /// Always `Err`: the game is already the misère form of a simpler rule
    /// (whoever takes the last stone loses), so `--misere` is refused.
    ///
    /// # Errors
    /// Always.
    pub fn misere_check(&self, _: &[u64]) -> Result<(), OutOfReach> {
        Err(OutOfReach::AlreadyMisere {
            game: "game",
            rule: "whoever takes the last stone loses",
        })
    }
}

impl ImpartialRules for OneOrLargest {
    /// Heap sizes, largest first, no zeros.
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let [a, b] = Self::raw_moves(p);
        if !a.is_empty() {
            out.push(a);
        }
        if !b.is_empty() && out.last() != Some(&b) {
            out.push(b);
        }
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        (p.is_empty() || one_or_largest_is_p(p)).then_some(Nimber::ZERO)
    }

    fn moves_to_value(&self, p: &Vec<u64>, target: Nimber) -> Option<Vec<Vec<u64>>> {
        if !target.is_zero() {
            return None;
        }
        let mut out = Vec::new();
        self.moves(p, &mut out);
        out.retain(|o| one_or_largest_is_p(o));
        Some(out)
    }
}

impl Notation<Vec<u64>> for OneOrLargest {
    /// Heap sizes in any order (sorted largest first; empty heaps dropped).
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let mut heaps = parse_heaps(text)?;
        heaps.retain(|&h| h > 0);
        if heaps.is_empty() {
            return Err(ParseError::new("expected at least one stone", 1, text.trim()));
        }
        heaps.sort_unstable_by(|x, y| y.cmp(x));
        Ok(heaps)
    }
    fn format_position(&self, p: &Vec<u64>) -> String {
        format_heaps(p)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        if to.len() + 1 == from.len() && to[..] == from[1..] {
            format!("take the largest heap ({})", from[0])
        } else {
            "take one stone from every heap".to_string()
        }
    }
}

impl BoardRules for OneOrLargest {
    fn misere_check(&self, p: &Vec<u64>) -> Result<(), OutOfReach> {
        OneOrLargest::misere_check(self, p)
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "one-or-largest",
    params: "",
    family: Family::Heap,
    summary: "take one stone from every heap, or a whole largest heap; whoever takes the last stone loses",
    notation: "heap sizes separated by spaces, e.g. `3 1 4 1 5`",
    example: "value one-or-largest 3 1 4 1 5",
    example2: "value one-or-largest 1 1",
    rules: "Heaps of stones. A move either takes one stone from every non-empty heap, or takes a whole largest heap. The player who takes the last stone loses.",
    known: "Draw the heaps, largest first, as the rows of a Young diagram: play walks a token right or down from the corner. Walk diagonally while possible; from the last diagonal cell (k, k), with x cells to its right and y rows below it longer than k, the mover wins iff x or y is odd (derivation in the documentation of `sprague::games::one_or_largest_is_p`, checked against search on all small inputs).",
    build: CellGrid::<OneOrLargest>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    /// Definition-level: the mover wins iff some move leaves the opponent
    /// losing; taking the last stone loses at once.
    fn mover_wins(p: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
        if p.is_empty() {
            return true;
        }
        if let Some(&w) = memo.get(p) {
            return w;
        }
        let w = OneOrLargest::raw_moves(p).iter().any(|o| !mover_wins(o, memo));
        memo.insert(p.to_vec(), w);
        w
    }

    #[test]
    fn rule_matches_definition_on_all_small_inputs() {
        let mut memo = std::collections::HashMap::new();
        // Every multiset of up to 6 heaps of sizes 1..=8.
        fn rec(cur: &mut Vec<u64>, cap: u64, memo: &mut std::collections::HashMap<Vec<u64>, bool>) {
            if !cur.is_empty() {
                assert_eq!(!one_or_largest_is_p(cur), mover_wins(cur, memo), "{cur:?}");
            }
            if cur.len() == 6 {
                return;
            }
            for h in 1..=cap {
                cur.push(h);
                rec(cur, h, memo);
                cur.pop();
            }
        }
        rec(&mut Vec::new(), 8, &mut memo);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn solver_outcome_matches_rule(mut heaps in proptest::collection::vec(1u64..30, 1..12)) {
            heaps.sort_unstable_by(|x, y| y.cmp(x));
            struct Plain;
            impl ImpartialRules for Plain {
                type Position = Vec<u64>;
                fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) { OneOrLargest.moves(p, out) }
            }
            let g = GrundySolver::new(&Plain).grundy(&heaps).unwrap();
            prop_assert_eq!(g.is_zero(), one_or_largest_is_p(&heaps));
        }
    }
}
