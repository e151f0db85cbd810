//! Staircase Nim: coins on numbered steps move down the stairs.

use crate::notation::{ParseError, format_heaps, parse_heaps};
use crate::out_of_reach::OutOfReach;
use crate::registry::{BoardRules, CellGrid, Entry, Family};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// Staircase Nim. A position lists the number of coins on steps 1, 2, 3, …;
/// a move takes any positive number of coins from one step down to the next
/// step (from step 1 to the ground, where they leave the game).
///
/// The Grundy value is the nim-sum of the coin counts on the odd-numbered
/// steps (moves from even steps are answered by moving the same coins on down,
/// and a move from an odd step is a Nim move). O(steps) for any counts.
///
/// ```
/// use sprague::{GrundySolver, Nimber, games::StaircaseNim};
/// // Steps 1..4 hold 3, 9, 5, 1 coins: value 3 ⊕ 5 = 6.
/// assert_eq!(GrundySolver::new(&StaircaseNim).grundy(&vec![3, 9, 5, 1]).unwrap(), Nimber(6));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StaircaseNim;

/// The nim-sum of the entries at even indices (the odd-numbered steps).
#[must_use]
pub fn odd_step_xor(steps: &[u64]) -> u64 {
    steps.iter().step_by(2).fold(0, |a, &c| a ^ c)
}

impl StaircaseNim {
    /// `Err(reason)` when misère play of `p` is out of reach: misère play is
    /// searched (no closed form), so at most 64 coins are supported.
    ///
    /// # Errors
    /// More than 64 coins.
    pub fn misere_check(&self, p: &[u64]) -> Result<(), OutOfReach> {
        let coins = p.iter().fold(0u64, |a, &c| a.saturating_add(c));
        if coins <= 64 {
            Ok(())
        } else {
            Err(OutOfReach::too_large(
                "misère staircase Nim is searched",
                "coins",
                coins,
                64,
            ))
        }
    }
}

impl ImpartialRules for StaircaseNim {
    type Position = Vec<u64>;

    fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &c) in position.iter().enumerate() {
            for t in 1..=c {
                let mut p = position.clone();
                p[i] = c - t;
                if i > 0 {
                    p[i - 1] += t;
                }
                out.push(p);
            }
        }
    }

    fn closed_form(&self, component: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(odd_step_xor(component)))
    }

    /// The options of value `target`: an odd step is lowered to a new count, or
    /// coins from an even step raise the odd step below it. O(steps).
    fn moves_to_value(&self, component: &Vec<u64>, target: Nimber) -> Option<Vec<Vec<u64>>> {
        let x = odd_step_xor(component);
        let mut out = Vec::new();
        for i in (0..component.len()).step_by(2) {
            let c = component[i];
            let want = x ^ c ^ target.0;
            if want < c {
                let mut p = component.clone();
                p[i] = want;
                if i > 0 {
                    p[i - 1] += c - want;
                }
                out.push(p);
            }
            if let Some(&above) = component.get(i + 1)
                && want > c
                && want - c <= above
            {
                let mut p = component.clone();
                p[i] = want;
                p[i + 1] = above - (want - c);
                out.push(p);
            }
        }
        out.sort_unstable();
        Some(out)
    }
}

impl Notation<Vec<u64>> for StaircaseNim {
    /// Coin counts on steps 1, 2, 3, … (`3 0 2 5`); the total must fit in 64 bits.
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let steps = parse_heaps(text)?;
        if steps.iter().try_fold(0u64, |a, &c| a.checked_add(c)).is_none() {
            return Err(ParseError::new(
                "the total number of coins must be below 2^64",
                1,
                "",
            ));
        }
        Ok(steps)
    }
    fn format_position(&self, position: &Vec<u64>) -> String {
        format_heaps(position)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        match (0..from.len().min(to.len())).rev().find(|&i| to[i] < from[i]) {
            Some(0) => format!("move {} coin(s) from step 1 to the ground", from[0] - to[0]),
            Some(i) => format!(
                "move {} coin(s) from step {} to step {}",
                from[i] - to[i],
                i + 1,
                i
            ),
            None => format!("to {}", format_heaps(to)),
        }
    }
}

impl BoardRules for StaircaseNim {
    fn misere_check(&self, p: &Vec<u64>) -> Result<(), OutOfReach> {
        StaircaseNim::misere_check(self, p)
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "staircase",
    params: "",
    family: Family::Heap,
    summary: "move coins from one step down to the next step (step 1 to the ground)",
    notation: "coins on steps 1, 2, 3, … e.g. `3 9 5 1`",
    example: "value staircase 3 9 5 1",
    example2: "value staircase 0 4 0 4",
    rules: "Staircase Nim: coins lie on steps 1, 2, 3, …. A move carries any positive number of coins from one step down to the next step (from step 1 onto the ground, out of play). The player who makes the last move wins.",
    known: "The coins on odd-numbered steps form a Nim position and the even steps do not matter: the position loses for the mover exactly when the nim-sum of the odd steps is 0, since a move onto an odd step can be undone at once.",
    build: CellGrid::<StaircaseNim>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    /// Definition-level Grundy value: mex over all options, no closed form.
    fn brute(p: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut opts = Vec::new();
        StaircaseNim.moves(&p.to_vec(), &mut opts);
        let vals: Vec<u64> = opts.iter().map(|o| brute(o, memo)).collect();
        let v = crate::nimber::mex(vals.into_iter().map(Nimber)).get();
        memo.insert(p.to_vec(), v);
        v
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn closed_form_matches_brute_force(steps in proptest::collection::vec(0u64..4, 1..5)) {
            let mut memo = std::collections::HashMap::new();
            prop_assert_eq!(odd_step_xor(&steps), brute(&steps, &mut memo));
        }

        #[test]
        fn moves_to_value_are_exactly_the_options_of_that_value(
            steps in proptest::collection::vec(0u64..5, 1..5), target in 0u64..8,
        ) {
            let mut opts = Vec::new();
            StaircaseNim.moves(&steps, &mut opts);
            let mut expect: Vec<Vec<u64>> =
                opts.into_iter().filter(|o| odd_step_xor(o) == target).collect();
            expect.sort_unstable();
            expect.dedup();
            prop_assert_eq!(StaircaseNim.moves_to_value(&steps, Nimber(target)).unwrap(), expect);
        }
    }

    #[test]
    fn solver_uses_the_closed_form() {
        let mut s = GrundySolver::new(&StaircaseNim);
        assert_eq!(
            s.grundy(&vec![u64::MAX / 2, 7, 1]).unwrap(),
            Nimber((u64::MAX / 2) ^ 1)
        );
    }
}
