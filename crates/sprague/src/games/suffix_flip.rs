//! The 01-string suffix game: choose a 1 and flip it and every bit after it.

use super::turning::parse_coins;
use crate::notation::ParseError;
use crate::out_of_reach::OutOfReach;
use crate::registry::{BoardRules, CellGrid, Entry, Family};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// A string of 0s and 1s; a move chooses a 1 at position `i` and flips every
/// bit from `i` to the end of the string. The player who cannot move (all
/// 0s) loses. Positions are the bits, leftmost first.
///
/// Closed form: the value is the **last bit**. Every move flips the last bit
/// (the flipped suffix always reaches the end), and from a string ending in
/// 1 flipping just that last bit is a move; so strings ending in 0 (among
/// them the all-0 string) have only options ending in 1, and the values
/// alternate 0, 1 along every play. Hence every move from a string ending
/// in 1 wins. Checked against search on every string of up to 12 bits.
///
/// ```
/// use sprague::{GrundySolver, Nimber, games::SuffixFlip};
/// let g = GrundySolver::new(&SuffixFlip).grundy(&vec![true, false, true, true]).unwrap();
/// assert_eq!(g, Nimber(1));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SuffixFlip;

impl SuffixFlip {
    /// The value of a string: its last bit (0 for the empty string). O(1).
    #[must_use]
    pub fn value(bits: &[bool]) -> Nimber {
        Nimber(u64::from(bits.last().copied().unwrap_or(false)))
    }
}

impl ImpartialRules for SuffixFlip {
    /// The bits, leftmost first (`true` = 1).
    type Position = Vec<bool>;

    fn moves(&self, p: &Vec<bool>, out: &mut Vec<Vec<bool>>) {
        for i in (0..p.len()).filter(|&i| p[i]) {
            let mut q = p.clone();
            for b in &mut q[i..] {
                *b = !*b;
            }
            out.push(q);
        }
    }

    fn closed_form(&self, p: &Vec<bool>) -> Option<Nimber> {
        Some(Self::value(p))
    }

    fn moves_to_value(&self, p: &Vec<bool>, target: Nimber) -> Option<Vec<Vec<bool>>> {
        // Every option has the other last bit, so all or none reach `target`.
        let mut out = Vec::new();
        if Self::value(p).get() ^ 1 == target.get() {
            self.moves(p, &mut out);
        }
        Some(out)
    }
}

impl Notation<Vec<bool>> for SuffixFlip {
    /// `0`/`1` (or `T`/`H`), leftmost bit first.
    fn parse_position(&self, text: &str) -> Result<Vec<bool>, ParseError> {
        parse_coins(text)
    }

    fn format_position(&self, p: &Vec<bool>) -> String {
        p.iter().map(|&b| if b { '1' } else { '0' }).collect()
    }

    fn describe_move(&self, from: &Vec<bool>, to: &Vec<bool>) -> String {
        let i = from.iter().zip(to).position(|(a, b)| a != b).unwrap_or(0);
        format!(
            "flip bits {} to {} (the 1 at position {})",
            i + 1,
            from.len(),
            i + 1
        )
    }
}

impl SuffixFlip {
    /// Misère play is searched over all strings below the given one: refused
    /// beyond 20 bits.
    ///
    /// # Errors
    /// Strings longer than 20 bits.
    pub fn misere_check(&self, p: &[bool]) -> Result<(), OutOfReach> {
        if p.len() > 20 {
            return Err(OutOfReach::too_large(
                "misère play is searched",
                "bits",
                p.len() as u64,
                20,
            ));
        }
        Ok(())
    }
}

impl BoardRules for SuffixFlip {
    fn misere_check(&self, p: &Vec<bool>) -> Result<(), OutOfReach> {
        SuffixFlip::misere_check(self, p)
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "flip-suffix",
    params: "",
    family: Family::Impartial,
    summary: "01-string game: choose a 1 and flip every bit from it to the end of the string",
    notation: "a 01 string, leftmost bit first, e.g. `10110`",
    example: "value flip-suffix 10110",
    example2: "value flip-suffix 0110 --misere",
    rules: "A string of 0s and 1s. A move chooses a 1, at any position i, and flips every bit from position i to the end of the string (so that 1 becomes 0). The player who cannot move — the string is all 0s — loses. (This is the lecture notes' 01-string game; `flip-left`, formerly `flip01`, is a different game.)",
    known: "The value is the last bit: every move flips the last bit, and from a string ending in 1 flipping just the last bit is a move, so strings ending in 0 lose for the player to move and every move from a string ending in 1 wins (derivation in the documentation of `sprague::games::SuffixFlip`, checked against search on every string of up to 12 bits).",
    build: CellGrid::<SuffixFlip>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    /// The rules with the closed form switched off.
    struct Plain;
    impl ImpartialRules for Plain {
        type Position = Vec<bool>;
        fn moves(&self, p: &Vec<bool>, out: &mut Vec<Vec<bool>>) {
            SuffixFlip.moves(p, out);
        }
    }

    #[test]
    fn last_bit_is_the_value_of_every_short_string() {
        let mut solver = GrundySolver::new(&Plain);
        for len in 1..=12usize {
            for mask in 0u32..1 << len {
                let p: Vec<bool> = (0..len).map(|i| mask >> i & 1 == 1).collect();
                assert_eq!(solver.grundy(&p).unwrap(), SuffixFlip::value(&p), "{p:?}");
            }
        }
    }

    #[test]
    fn winning_moves_are_every_move_from_a_final_one() {
        let p = SuffixFlip.parse_position("1011").unwrap();
        let mut solver = GrundySolver::new(&SuffixFlip);
        assert_eq!(solver.winning_moves(&p).unwrap().len(), 3);
        let p = SuffixFlip.parse_position("0110").unwrap();
        assert!(solver.winning_moves(&p).unwrap().is_empty());
        assert_eq!(SuffixFlip.format_position(&p), "0110");
    }
}
