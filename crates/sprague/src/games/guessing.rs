//! The guessing game of HDU 5591 (ZYB's Game): guess a secret number; whoever
//! names it loses.

use crate::notation::{ParseError, parse_u64_token};
use crate::out_of_reach::OutOfReach;
use crate::registry::{BoardRules, CellGrid, Entry, Family};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// A secret number `x` in the range `lo..=hi`, known to the host. Players
/// alternately name a number still in the range; the host says whether `x`
/// is larger or smaller, and the range shrinks to the side of `x` (the
/// guess is out). Whoever names `x` loses — so a player left with `lo = hi
/// = x` has only that guess, and loses. Positions are `(lo, hi, x)`.
///
/// Closed form: with `a = x − lo` numbers below `x` and `b = hi − x` above,
/// a guess below `x` leaves any smaller `a`, one above any smaller `b`: the
/// game is two-heap Nim on `(a, b)`, value `a ⊕ b`. In HDU 5591 the range
/// is `1..N`: the second player wins only when `x − 1 = N − x`, i.e. `N` is
/// odd and `x = (N + 1) / 2` — one secret number for odd `N`, none for even
/// `N`. Checked against search on every small range.
///
/// ```
/// use sprague::games::GuessingGame;
/// assert_eq!(GuessingGame::value((1, 9, 5)).get(), 0);
/// assert_eq!(GuessingGame::value((1, 10, 5)).get(), 4 ^ 5);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GuessingGame;

impl GuessingGame {
    /// `a ⊕ b` with `a = x − lo`, `b = hi − x`. O(1).
    #[must_use]
    pub const fn value((lo, hi, x): (u64, u64, u64)) -> Nimber {
        Nimber((x - lo) ^ (hi - x))
    }

    /// How many secret numbers `x` in `1..=n` make the first player lose
    /// (HDU 5591's question): 1 for odd `n`, else 0.
    #[must_use]
    pub const fn losing_secrets(n: u64) -> u64 {
        n % 2
    }

    /// Misère play is not this game: refused.
    ///
    /// # Errors
    /// Always.
    pub fn misere_check(&self, _: &(u64, u64, u64)) -> Result<(), OutOfReach> {
        Err(OutOfReach::AlreadyMisere {
            game: "guessing game",
            rule: "whoever names the secret loses",
        })
    }
}

impl ImpartialRules for GuessingGame {
    /// `(lo, hi, x)` with `lo ≤ x ≤ hi`.
    type Position = (u64, u64, u64);

    fn moves(&self, &(lo, hi, x): &(u64, u64, u64), out: &mut Vec<(u64, u64, u64)>) {
        out.extend((lo..x).map(|g| (g + 1, hi, x)));
        out.extend((x + 1..=hi).map(|g| (lo, g - 1, x)));
    }

    fn closed_form(&self, p: &(u64, u64, u64)) -> Option<Nimber> {
        Some(Self::value(*p))
    }

    fn moves_to_value(&self, &(lo, hi, x): &(u64, u64, u64), target: Nimber) -> Option<Vec<(u64, u64, u64)>> {
        let (a, b) = (x - lo, hi - x);
        let mut out = Vec::new();
        // Leave a' below x (guess x − a' − 1), or b' above (guess x + b' + 1).
        let a2 = target.get() ^ b;
        if a2 < a {
            out.push((x - a2, hi, x));
        }
        let b2 = target.get() ^ a;
        if b2 < b {
            out.push((lo, x + b2, x));
        }
        Some(out)
    }
}

impl Notation<(u64, u64, u64)> for GuessingGame {
    /// `N X` (the range 1..N, secret X) or `L..R X`.
    fn parse_position(&self, text: &str) -> Result<(u64, u64, u64), ParseError> {
        let lead = text.len() - text.trim_start().len();
        let words: Vec<(usize, &str)> = text
            .split_whitespace()
            .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize + 1, w))
            .collect();
        let [(c1, range), (c2, secret)] = words[..] else {
            return Err(ParseError::new(
                "expected `N X` (numbers 1..N, secret X) or `L..R X`",
                lead + 1,
                text.trim(),
            ));
        };
        let (lo, hi) = match range.split_once("..") {
            Some((l, r)) => (
                parse_u64_token(l, c1, "the lowest number")?,
                parse_u64_token(r, c1 + l.len() + 2, "the highest number")?,
            ),
            None => (1, parse_u64_token(range, c1, "how many numbers N")?),
        };
        let x = parse_u64_token(secret, c2, "the secret number X")?;
        if !(lo <= x && x <= hi) {
            return Err(ParseError::new(
                format!("the secret number must lie in {lo}..{hi}"),
                c2,
                secret,
            ));
        }
        Ok((lo, hi, x))
    }

    fn format_position(&self, &(lo, hi, x): &(u64, u64, u64)) -> String {
        format!("{lo}..{hi} {x}")
    }

    fn describe_move(&self, from: &(u64, u64, u64), to: &(u64, u64, u64)) -> String {
        let guess = if to.0 != from.0 { to.0 - 1 } else { to.1 + 1 };
        let side = if guess < from.2 { "larger" } else { "smaller" };
        format!("guess {guess} (the host says: {side})")
    }
}

impl BoardRules for GuessingGame {
    fn play_check(&self, &(lo, hi, _): &(u64, u64, u64)) -> core::result::Result<(), String> {
        if hi - lo >= 4096 {
            return Err(format!(
                "too large to play (at most 4096 numbers, found {lo}..{hi})"
            ));
        }
        Ok(())
    }
    fn misere_check(&self, p: &(u64, u64, u64)) -> Result<(), OutOfReach> {
        GuessingGame::misere_check(self, p)
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "guessing",
    params: "",
    family: Family::Impartial,
    summary: "guess the host's secret number in a shrinking range; whoever names it loses (HDU 5591)",
    notation: "`N X` (numbers 1..N, secret X) or `L..R X`; any u64",
    example: "value guessing 10 5",
    example2: "value guessing 9 5",
    rules: "The host keeps a secret number X from the range 1..N. Players alternately name a number still in the range; the host says whether X is larger or smaller, and the range shrinks to the side of X (the named number drops out). Whoever names X loses, so a player left with only X to name loses. HDU 5591 (ZYB's Game) asks, for N, how many X make the second player win.",
    known: "With a = X − L numbers below the secret and b = R − X above, naming a number below X leaves any smaller a and naming one above leaves any smaller b: the game is two-heap Nim with value a ⊕ b (Bouton's theorem). So the second player wins exactly when X is the middle of the range: for 1..N, one secret (X = (N + 1)/2) when N is odd and none when N is even — the answer to HDU 5591 (checked against search on every range up to 24).",
    build: CellGrid::<GuessingGame>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    struct Plain;
    impl ImpartialRules for Plain {
        type Position = (u64, u64, u64);
        fn moves(&self, p: &(u64, u64, u64), out: &mut Vec<(u64, u64, u64)>) {
            GuessingGame.moves(p, out);
        }
    }

    #[test]
    fn nim_value_matches_search_and_hdu_counts() {
        let mut solver = GrundySolver::new(&Plain);
        for hi in 1..=24u64 {
            for lo in 1..=hi {
                for x in lo..=hi {
                    assert_eq!(
                        solver.grundy(&(lo, hi, x)).unwrap(),
                        GuessingGame::value((lo, hi, x))
                    );
                }
            }
            let losing = (1..=hi)
                .filter(|&x| solver.grundy(&(1, hi, x)).unwrap().is_zero())
                .count() as u64;
            assert_eq!(losing, GuessingGame::losing_secrets(hi), "N = {hi}");
        }
    }

    #[test]
    fn winning_moves_match_search() {
        let mut fast = GrundySolver::new(&GuessingGame);
        let mut plain = GrundySolver::new(&Plain);
        for x in 1..=15u64 {
            let p = (1, 15, x);
            let mut a = fast.winning_moves(&p).unwrap();
            let mut b = plain.winning_moves(&p).unwrap();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn notation() {
        assert_eq!(GuessingGame.parse_position("10 3").unwrap(), (1, 10, 3));
        assert_eq!(GuessingGame.parse_position("4..9 9").unwrap(), (4, 9, 9));
        let e = GuessingGame.parse_position("10 11").unwrap_err();
        assert_eq!(e.column, 4);
        assert!(GuessingGame.parse_position("10").is_err());
        assert_eq!(
            GuessingGame.describe_move(&(1, 10, 3), &(3, 10, 3)),
            "guess 2 (the host says: larger)"
        );
    }
}
