//! Smallest Nim and Largest Nim: Nim where every move takes from a smallest
//! (or a largest) heap.

use crate::notation::{ParseError, format_heaps, parse_heaps};
use crate::outcome::Outcome;
use crate::play::PlayEngine;
use crate::registry::{
    BoardRules, Entry, Error, Family, Options, Report, Result, Ruleset, annotate, impartial_report,
    note_after_outcome, play_board, read_position, solve_board as solve, without_params,
};
use crate::{impartial::ImpartialRules, notation::Notation};

/// Which heap a move must take from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickHeap {
    /// A smallest non-empty heap (Smallest Nim).
    Smallest,
    /// A largest heap (Largest Nim, also called Greedy Nim).
    Largest,
}

/// Nim where each move takes any positive number of tokens from a smallest
/// ([`PickHeap::Smallest`]) or a largest ([`PickHeap::Largest`]) heap; the
/// player who takes the last token wins. Positions are heap lists sorted
/// smallest first, without empty heaps.
///
/// Closed forms (checked against search on every small position):
///
/// - **Smallest Nim** plays the heaps in increasing order, one at a time:
///   it is Codeforces 1382B "Sequential Nim" on the sorted heaps. With `k`
///   heaps of size 1: if every heap is 1, the mover wins iff their number
///   is odd; otherwise the player who first meets a heap above 1 wins, so
///   the mover wins iff `k` is even. The winner's move on a heap above 1
///   takes all of it if the rest loses for the mover, else leaves 1.
/// - **Largest Nim** is Greedy Nim (M. H. Albert and R. J. Nowakowski; M. H.
///   Albert, R. J. Nowakowski and D. Wolfe, *Lessons in Play*, 2007): the
///   mover loses iff the number of largest heaps is even. From an odd count
///   above 1, empty a largest heap; from a single largest heap, cut it to the
///   second size when that size occurs an odd number of times, else below it.
///
/// ```
/// use sprague::games::{PickHeap, PickNim};
/// assert!(PickNim(PickHeap::Largest).is_p(&[3, 5, 5]));
/// assert!(!PickNim(PickHeap::Smallest).is_p(&[1, 1, 4]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickNim(pub PickHeap);

impl PickNim {
    /// Whether the sorted (smallest first, no zeros) `heaps` lose for the
    /// player to move. O(n).
    #[must_use]
    pub fn is_p(&self, heaps: &[u64]) -> bool {
        match self.0 {
            PickHeap::Smallest => {
                let ones = heaps.iter().take_while(|&&h| h == 1).count();
                if ones == heaps.len() {
                    ones % 2 == 0
                } else {
                    ones % 2 == 1
                }
            }
            PickHeap::Largest => {
                let top = heaps.last().copied().unwrap_or(0);
                heaps.iter().rev().take_while(|&&h| h == top).count() % 2 == 0
            }
        }
    }

    /// The index of the heap a move takes from (the first smallest, the last
    /// largest), or `None` for the empty position.
    fn pick(&self, heaps: &[u64]) -> Option<usize> {
        if heaps.is_empty() {
            return None;
        }
        Some(match self.0 {
            PickHeap::Smallest => 0,
            PickHeap::Largest => heaps.len() - 1,
        })
    }

    /// The position after cutting heap `i` of `heaps` to `v` (sorted, zeros
    /// dropped).
    #[must_use]
    pub fn cut(heaps: &[u64], i: usize, v: u64) -> Vec<u64> {
        let mut out = heaps.to_vec();
        out.remove(i);
        if v > 0 {
            let at = out.partition_point(|&h| h < v);
            out.insert(at, v);
        }
        out
    }

    /// The sizes `v` the picked heap may be cut to that win, as a range
    /// `lo..hi` of sizes (empty when the position loses). O(n).
    #[must_use]
    pub fn winning_cuts(&self, heaps: &[u64]) -> core::ops::Range<u64> {
        if self.is_p(heaps) {
            return 0..0;
        }
        let Some(i) = self.pick(heaps) else { return 0..0 };
        let h = heaps[i];
        match self.0 {
            PickHeap::Smallest => {
                if h == 1 {
                    return 0..1;
                }
                let rest = &heaps[1..];
                if self.is_p(rest) { 0..1 } else { 1..2 }
            }
            PickHeap::Largest => {
                let count = heaps.iter().rev().take_while(|&&x| x == h).count();
                if count > 1 {
                    // Any cut leaves an even number of largest heaps.
                    return 0..h;
                }
                let second = heaps.len().checked_sub(2).map(|j| heaps[j]);
                match second {
                    None => 0..1,
                    Some(s) => {
                        let c2 = heaps[..heaps.len() - 1]
                            .iter()
                            .rev()
                            .take_while(|&&x| x == s)
                            .count();
                        if c2 % 2 == 1 { s..s + 1 } else { 0..s }
                    }
                }
            }
        }
    }

    /// The picked heap's index and size, for move descriptions.
    #[must_use]
    pub fn picked(&self, heaps: &[u64]) -> Option<(usize, u64)> {
        self.pick(heaps).map(|i| (i, heaps[i]))
    }
}

impl ImpartialRules for PickNim {
    /// Heap sizes, smallest first, no empty heaps.
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if let Some(i) = self.pick(p) {
            out.extend((0..p[i]).map(|v| Self::cut(p, i, v)));
        }
    }
}

impl Notation<Vec<u64>> for PickNim {
    /// Heap sizes in any order (sorted smallest first; empty heaps dropped).
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let mut heaps = parse_heaps(text)?;
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        Ok(heaps)
    }

    /// The heaps left, or `0` when none is (empty heaps are dropped when
    /// read, so the text of the end of the game still reads back).
    fn format_position(&self, p: &Vec<u64>) -> String {
        if p.is_empty() {
            "0".to_string()
        } else {
            format_heaps(p)
        }
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let which = match self.0 {
            PickHeap::Smallest => "smallest",
            PickHeap::Largest => "largest",
        };
        let Some((_, h)) = self.picked(from) else {
            return String::new();
        };
        // The tokens taken, as the difference of the totals: wrapping sums
        // give it exactly (it is below 2^64) even when a total is not.
        let total = |p: &Vec<u64>| p.iter().fold(0u64, |a, &x| a.wrapping_add(x));
        let left: u64 = h.wrapping_sub(total(from).wrapping_sub(total(to)));
        if left == 0 {
            format!("take the whole {which} heap ({h})")
        } else {
            format!("take {} from the {which} heap ({h} → {left})", h - left)
        }
    }
}

/// Positions with at most this many states below them (the product of
/// `heap + 1`) are searched for their Grundy value (and misère outcome).
const SEARCH_LIMIT: u128 = 100_000;

/// Most winning moves listed (Largest Nim may have as many as the heap).
const LISTED_MOVES: u64 = 32;

/// Smallest Nim or Largest Nim as a registry ruleset.
struct PickBoard {
    /// Name shown in reports.
    name: String,
    /// Which heap a move takes from.
    rules: PickNim,
}

/// An upper bound on the positions below `heaps`.
fn states(heaps: &[u64]) -> u128 {
    heaps
        .iter()
        .try_fold(1u128, |acc, &h| acc.checked_mul(u128::from(h) + 1))
        .unwrap_or(u128::MAX)
}

impl Ruleset for PickBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let canonical = rules.format_position(&p);
        if states(&p) <= SEARCH_LIMIT {
            let (o, g, m) = solve(rules, &p, options)?;
            return Ok(impartial_report(&self.name, &canonical, options.misere, o, g, &m));
        }
        if options.misere {
            return Err(Error::input(format!(
                "{}: misère play is searched, and `{canonical}` has more than {SEARCH_LIMIT} positions below it",
                self.name
            )));
        }
        let cuts = rules.winning_cuts(&p);
        let listed = cuts.start..cuts.end.min(cuts.start.saturating_add(LISTED_MOVES));
        let moves: Vec<(String, String)> = match rules.picked(&p) {
            Some((i, _)) => listed
                .clone()
                .map(|v| {
                    let to = PickNim::cut(&p, i, v);
                    (rules.format_position(&to), rules.describe_move(&p, &to))
                })
                .collect(),
            None => Vec::new(),
        };
        let o = if rules.is_p(&p) { Outcome::P } else { Outcome::N };
        let mut r = impartial_report(&self.name, &canonical, false, o, None, &moves);
        note_after_outcome(
            &mut r,
            &format!(
                "grundy:  not computed (more than {SEARCH_LIMIT} positions below; P/N and the winning moves come from the closed form)"
            ),
        );
        if listed.end < cuts.end {
            annotate(
                &mut r,
                "winning_moves_complete",
                false,
                Some(format!(
                    "note: cutting the heap to any size in {}..{} wins; the first {LISTED_MOVES} are listed",
                    cuts.start,
                    cuts.end - 1
                )),
            );
        }
        Ok(r)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            if states(p) <= SEARCH_LIMIT {
                Ok(())
            } else {
                Err(format!(
                    "too large to play (at most {SEARCH_LIMIT} positions below it)"
                ))
            }
        })
    }
}

impl BoardRules for PickNim {}

/// The catalog entries.
/// The catalog `build` of Smallest or Largest Nim (no parameters).
fn pick_board(name: &str, params: Option<&str>, heap: PickHeap) -> Result<Box<dyn Ruleset>> {
    without_params(name, params, |name| PickBoard {
        name,
        rules: PickNim(heap),
    })
}

pub(crate) const ENTRIES: &[Entry] = &[
    Entry {
        name: "smallest-nim",
        params: "",
        family: Family::Heap,
        summary: "Smallest Nim: take any number of tokens, but only from a smallest heap",
        notation: "heap sizes separated by spaces, e.g. `1 1 4 7`; any u64",
        example: "value smallest-nim 1 1 4 7",
        example2: "value smallest-nim 1 1000000000000 3",
        rules: "Heaps of tokens. A move takes any positive number of tokens from a smallest non-empty heap (so the heaps are used up in increasing order of size). The player who takes the last token wins. This is the common contest reading of the name: Codeforces 1382B \"Sequential Nim\" with the heaps sorted.",
        known: "With k heaps of size 1: when every heap has size 1 the player to move wins iff their number is odd; otherwise the player who first meets a heap above 1 controls the game, so the player to move wins iff k is even (Codeforces Round 658, problem 1382B, Sequential Nim; checked against search on every position of up to 5 heaps of size up to 7).",
        build: |name, params| pick_board(name, params, PickHeap::Smallest),
    },
    Entry {
        name: "largest-nim",
        params: "",
        family: Family::Heap,
        summary: "Largest Nim (Greedy Nim): take any number of tokens, but only from a largest heap",
        notation: "heap sizes separated by spaces, e.g. `3 5 5`; any u64",
        example: "value largest-nim 3 5 5",
        example2: "value largest-nim 2 9 1000000000000",
        rules: "Heaps of tokens. A move takes any positive number of tokens from a largest heap. The player who takes the last token wins. Also known as Greedy Nim.",
        known: "The player to move loses iff the number of largest heaps is even (Greedy Nim: M. H. Albert and R. J. Nowakowski; M. H. Albert, R. J. Nowakowski and D. Wolfe, Lessons in Play, A K Peters 2007). Winning move: with an odd number above one of largest heaps, cut one of them to any smaller size; with a single largest heap, cut it to the second size if that size occurs an odd number of times, else below the second size (checked against search on every position of up to 5 heaps of size up to 7).",
        build: |name, params| pick_board(name, params, PickHeap::Largest),
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    /// Found by the hostile sweep: heaps whose total passes 2^64 overflowed
    /// the description of a move (a panic in debug builds).
    #[test]
    fn moves_of_huge_heaps_are_described() {
        let rules = PickNim(PickHeap::Smallest);
        let m = u64::MAX;
        let from = vec![m, m, m];
        let to = vec![1, m, m];
        assert_eq!(
            rules.describe_move(&from, &to),
            format!("take {} from the smallest heap ({m} → 1)", m - 1)
        );
    }

    /// Found by the `position` fuzz target: the end of the game (`0`)
    /// printed as an empty text, which does not read back.
    #[test]
    fn printed_positions_read_back() {
        for rules in [PickNim(PickHeap::Smallest), PickNim(PickHeap::Largest)] {
            for text in ["0", "0 0", "3 0 5", "7"] {
                let p = rules.parse_position(text).unwrap();
                let printed = rules.format_position(&p);
                assert_eq!(
                    rules.parse_position(&printed).unwrap(),
                    p,
                    "`{text}` printed as `{printed}`"
                );
            }
        }
    }

    fn all_positions(max_heaps: usize, max_size: u64) -> Vec<Vec<u64>> {
        fn rec(cur: &mut Vec<u64>, lo: u64, max_heaps: usize, max_size: u64, out: &mut Vec<Vec<u64>>) {
            out.push(cur.clone());
            if cur.len() == max_heaps {
                return;
            }
            for h in lo..=max_size {
                cur.push(h);
                rec(cur, h, max_heaps, max_size, out);
                cur.pop();
            }
        }
        let mut out = Vec::new();
        rec(&mut Vec::new(), 1, max_heaps, max_size, &mut out);
        out
    }

    #[test]
    fn closed_forms_match_search_on_every_small_position() {
        for kind in [PickHeap::Smallest, PickHeap::Largest] {
            let rules = PickNim(kind);
            let mut solver = GrundySolver::new(&rules);
            for p in all_positions(5, 7) {
                let g = solver.grundy(&p).unwrap();
                assert_eq!(g.is_zero(), rules.is_p(&p), "{kind:?} {p:?}");
                // The winning cuts are exactly the options of value 0.
                let mut want: Vec<Vec<u64>> = solver.winning_moves(&p).unwrap();
                want.sort();
                let (i, _) = rules.picked(&p).unwrap_or((0, 0));
                let mut got: Vec<Vec<u64>> = rules.winning_cuts(&p).map(|v| PickNim::cut(&p, i, v)).collect();
                got.sort();
                got.dedup();
                want.dedup();
                assert_eq!(got, want, "{kind:?} {p:?}");
            }
        }
    }

    #[test]
    fn notation_and_descriptions() {
        let r = PickNim(PickHeap::Largest);
        let p = r.parse_position("5 0 3 5").unwrap();
        assert_eq!(p, vec![3, 5, 5]);
        assert_eq!(r.format_position(&p), "3 5 5");
        assert_eq!(
            r.describe_move(&p, &vec![3, 3, 5]),
            "take 2 from the largest heap (5 → 3)"
        );
        let s = PickNim(PickHeap::Smallest);
        assert_eq!(
            s.describe_move(&p, &vec![5, 5]),
            "take the whole smallest heap (3)"
        );
    }
}
