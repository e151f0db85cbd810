//! Poker Nim: Nim where removed chips are kept and may be put back.

use crate::budget::BudgetExceeded;
use crate::notation::{ParseError, format_heaps, parse_u64_token};
use crate::play::POKER_PLAY_LIMIT;
use crate::play::PlayEngine;
use crate::play::PokerEngine;
use crate::play::erase;
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, annotate, impartial_report, read_position,
    without_params,
};
use crate::{nimber::Nimber, notation::Notation, outcome::Outcome};
use std::collections::HashMap;

/// A Poker Nim position, seen from the player to move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PokerPosition {
    /// The heaps on the table.
    pub heaps: Vec<u64>,
    /// Chips in the reserve of the player to move.
    pub mover: u64,
    /// Chips in the reserve of the other player.
    pub other: u64,
}

impl PokerPosition {
    /// The nim-sum of the heaps, which decides the game (the reserves do
    /// not matter; see [`PokerNim`]). O(heaps).
    #[must_use]
    pub fn nim_sum(&self) -> Nimber {
        self.heaps.iter().copied().map(Nimber).sum()
    }
}

/// Poker Nim. A move either removes a positive number of chips from one heap
/// into the mover's reserve, or adds a positive number of chips from the
/// mover's reserve to one heap. A player who cannot move loses.
///
/// Reserves make the players' moves differ, so the game looks partizan, and
/// positions may repeat, so it is loopy; it is written from the mover's point
/// of view. With finite reserves it is decided exactly as Nim: the player who
/// wins Nim answers every addition by removing the added chips, and each pair
/// of moves lowers the chips on the table plus the loser's reserve, so the
/// game ends and never draws. [`PokerNim::outcome`] is that rule;
/// [`PokerNim::search_outcome`] is an honest retrograde analysis of the whole
/// finite state graph, used to check it.
///
/// Written `3 4 5 / 2 1`: heaps, a slash (or `|`), the mover's reserve and
/// the other player's reserve (omitted reserves are 0).
///
/// ```
/// use sprague::{Notation, Outcome, games::PokerNim};
/// let p = PokerNim.parse_position("1 2 3 / 5 0").unwrap();
/// assert_eq!(PokerNim::outcome(&p), Outcome::P);
/// assert_eq!(PokerNim.search_outcome(&p, 1_000_000).unwrap(), Some(Outcome::P));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PokerNim;

impl PokerNim {
    /// The outcome by the Nim rule: `P` iff the heaps' nim-sum is 0. O(heaps).
    #[must_use]
    pub fn outcome(p: &PokerPosition) -> Outcome {
        if p.nim_sum().is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Every move to a position with nim-sum 0 (the winning moves): a removal
    /// or an addition the mover's reserve can pay for. O(heaps).
    #[must_use]
    pub fn winning_moves(p: &PokerPosition) -> Vec<PokerPosition> {
        let x = p.nim_sum().get();
        let mut out = Vec::new();
        if x == 0 {
            return out;
        }
        for (i, &h) in p.heaps.iter().enumerate() {
            let t = h ^ x;
            let mut q = p.clone();
            q.heaps[i] = t;
            if t < h {
                q.mover = p.other;
                q.other = p.mover.saturating_add(h - t);
                out.push(q);
            } else if t - h <= p.mover {
                q.mover = p.other;
                q.other = p.mover - (t - h);
                out.push(q);
            }
        }
        out
    }

    /// Every option of `p` (positions after one move, from the next mover's view).
    pub fn moves(p: &PokerPosition, out: &mut Vec<PokerPosition>) {
        for (i, &h) in p.heaps.iter().enumerate() {
            for t in 0..h {
                let mut q = p.clone();
                q.heaps[i] = t;
                q.mover = p.other;
                q.other = p.mover.saturating_add(h - t);
                out.push(q);
            }
            for add in 1..=p.mover {
                let mut q = p.clone();
                q.heaps[i] = h.saturating_add(add);
                q.mover = p.other;
                q.other = p.mover - add;
                out.push(q);
            }
        }
    }

    /// The outcome by retrograde analysis of every position reachable from
    /// `p` (chips are conserved, so there are finitely many): `Some(N)`,
    /// `Some(P)`, or `None` for a draw (infinite play). O(states + moves).
    ///
    /// # Errors
    /// [`BudgetExceeded`] if more than `max_states` positions are reachable.
    pub fn search_outcome(
        &self,
        p: &PokerPosition,
        max_states: usize,
    ) -> Result<Option<Outcome>, BudgetExceeded> {
        let mut index: HashMap<PokerPosition, u32> = HashMap::new();
        let mut states = vec![p.clone()];
        index.insert(p.clone(), 0);
        let mut succ: Vec<Vec<u32>> = Vec::new();
        let mut scratch = Vec::new();
        let mut i = 0;
        while i < states.len() {
            scratch.clear();
            Self::moves(&states[i], &mut scratch);
            let mut s = Vec::with_capacity(scratch.len());
            for q in scratch.drain(..) {
                let id = match index.get(&q) {
                    Some(&id) => id,
                    None => {
                        if states.len() >= max_states {
                            return Err(BudgetExceeded { max_states });
                        }
                        let id = states.len() as u32;
                        index.insert(q.clone(), id);
                        states.push(q);
                        id
                    }
                };
                s.push(id);
            }
            succ.push(s);
            i += 1;
        }
        let n = states.len();
        let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (v, s) in succ.iter().enumerate() {
            for &w in s {
                pred[w as usize].push(v as u32);
            }
        }
        // 0 unknown, 1 win for the mover, 2 loss for the mover.
        let mut result = vec![0u8; n];
        let mut undecided: Vec<usize> = succ.iter().map(Vec::len).collect();
        let mut queue: Vec<usize> = (0..n).filter(|&v| undecided[v] == 0).collect();
        for &v in &queue {
            result[v] = 2;
        }
        while let Some(w) = queue.pop() {
            for &v in &pred[w] {
                let v = v as usize;
                if result[v] != 0 {
                    continue;
                }
                if result[w] == 2 {
                    result[v] = 1;
                    queue.push(v);
                } else {
                    undecided[v] -= 1;
                    if undecided[v] == 0 {
                        result[v] = 2;
                        queue.push(v);
                    }
                }
            }
        }
        Ok(match result[0] {
            1 => Some(Outcome::N),
            2 => Some(Outcome::P),
            _ => None,
        })
    }
}

impl PokerNim {
    /// The outcome by [`PokerNim::search_outcome`] for small positions (at
    /// most 10 chips on heaps and in reserves, at most 4 heaps), as a visible
    /// check of the Nim rule: `Some(Some(outcome))`, `Some(None)` for a draw,
    /// `None` when the position is too large or the search gave up
    /// (2,000,000 states).
    #[must_use]
    pub fn small_search_outcome(&self, p: &PokerPosition) -> Option<Option<Outcome>> {
        let chips =
            p.heaps.iter().map(|&h| u128::from(h)).sum::<u128>() + u128::from(p.mover) + u128::from(p.other);
        if chips <= 10 && p.heaps.len() <= 4 {
            self.search_outcome(p, 2_000_000).ok()
        } else {
            None
        }
    }
}

impl Notation<PokerPosition> for PokerNim {
    fn parse_position(&self, text: &str) -> Result<PokerPosition, ParseError> {
        let (left, right, bar_col) = match text.find(['/', '|']) {
            Some(at) => (&text[..at], Some(&text[at + 1..]), text[..at].chars().count() + 1),
            None => (text, None, 0),
        };
        let mut heaps = Vec::new();
        for (col, tok) in words(left, 0) {
            heaps.push(parse_u64_token(tok, col, "a heap size")?);
        }
        if heaps.is_empty() {
            return Err(ParseError::new("expected at least one heap before `/`", 1, ""));
        }
        let mut reserves = Vec::new();
        if let Some(r) = right {
            for (col, tok) in words(r, bar_col) {
                reserves.push((col, parse_u64_token(tok, col, "a reserve size")?));
            }
            if reserves.len() != 2 {
                let col = reserves.get(2).map_or(bar_col, |r| r.0);
                return Err(ParseError::new(
                    "after `/` write two reserves: the mover's and the other player's",
                    col,
                    "",
                ));
            }
        }
        let r = |i: usize| reserves.get(i).map_or(0, |x| x.1);
        Ok(PokerPosition {
            heaps,
            mover: r(0),
            other: r(1),
        })
    }

    fn format_position(&self, p: &PokerPosition) -> String {
        format!("{} / {} {}", format_heaps(&p.heaps), p.mover, p.other)
    }

    fn describe_move(&self, from: &PokerPosition, to: &PokerPosition) -> String {
        match (0..from.heaps.len()).find(|&i| from.heaps[i] != to.heaps[i]) {
            Some(i) if to.heaps[i] < from.heaps[i] => format!(
                "take {} from heap {} ({} → {})",
                from.heaps[i] - to.heaps[i],
                i + 1,
                from.heaps[i],
                to.heaps[i]
            ),
            Some(i) => format!(
                "add {} from your reserve to heap {} ({} → {})",
                to.heaps[i] - from.heaps[i],
                i + 1,
                from.heaps[i],
                to.heaps[i]
            ),
            None => format!("to {}", self.format_position(to)),
        }
    }
}

/// Whitespace/comma separated words of `s` with 1-based columns offset by `base`.
fn words(s: &str, base: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (i, c)) in s.char_indices().enumerate() {
        let sep = c.is_whitespace() || c == ',';
        match (sep, start) {
            (false, None) => start = Some((col + 1, i)),
            (true, Some((sc, si))) => {
                out.push((base + sc, &s[si..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((sc, si)) = start {
        out.push((base + sc, &s[si..]));
    }
    out
}

/// Poker Nim: the Nim rule, winning removals and additions.
struct PokerBoard;

impl Ruleset for PokerBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        if options.misere {
            return Err(Error::input(
                "poker-nim: misère play is not supported (normal play only)",
            ));
        }
        let r = PokerNim;
        let p = read_position(&r, position)?;
        let moves: Vec<(String, String)> = PokerNim::winning_moves(&p)
            .iter()
            .map(|q| (r.format_position(q), r.describe_move(&p, q)))
            .collect();
        let x = p.nim_sum().get();
        let nim_outcome = PokerNim::outcome(&p);
        let mut report = impartial_report(
            "poker-nim",
            &r.format_position(&p),
            false,
            nim_outcome,
            None,
            &moves,
        );
        // Small positions are also solved by retrograde analysis of the loopy
        // game, as a visible check of the Nim rule.
        let searched = r
            .small_search_outcome(&p)
            .map(|o| o.map_or("draw", |o| o.as_str()));
        let line = searched.map(|o| {
            let verdict = if o == nim_outcome.as_str() {
                "agrees with"
            } else {
                "differs from"
            };
            format!("search:  {o} (retrograde analysis of the whole loopy game {verdict} the Nim rule)")
        });
        annotate(
            &mut report,
            "search_outcome",
            searched.map_or(Data::Null, Data::from),
            line,
        );
        annotate(
            &mut report,
            "nim_sum",
            x,
            Some(format!(
                "nim-sum: {x} (with finite reserves the heaps play exactly as Nim heaps)"
            )),
        );
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        if options.misere {
            return Err(Error::input(
                "poker-nim is played in normal play only; drop --misere",
            ));
        }
        let p = read_position(&PokerNim, position)?;
        let size = PokerEngine::play_size(&p);
        if size > u128::from(POKER_PLAY_LIMIT) {
            return Err(Error::input(format!(
                "position `{position}`: poker-nim plays positions whose chips (heaps and reserves) times (heaps + 1) are at most {POKER_PLAY_LIMIT}, so that every move can be listed; this one has {size}"
            )));
        }
        Ok(erase(PokerEngine, p))
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "poker-nim",
    params: "",
    family: Family::Heap,
    summary: "Nim where removed chips go to your reserve and may be added back to a heap",
    notation: "heaps, `/` (or `|`), the mover's and the other player's reserves, e.g. `3 4 5 / 2 1`",
    example: "value poker-nim 3 4 5 / 2 1",
    example2: "value poker-nim 1 2 3 / 4 0",
    rules: "Poker Nim: heaps of chips, and each player has a reserve of chips. A move either removes chips from one heap into the mover's reserve, or adds chips from the mover's reserve to one heap. The player who cannot move loses.",
    known: "With finite reserves it is decided exactly as Nim (Bouton's theorem): the player who wins Nim answers every addition by removing the chips added, which shrinks the chips on the table plus the loser's reserve, so the game ends (Poker-Nim and reversible moves, Winning Ways, 2nd ed., vol. 1, ch. 3).",
    build: |name, params| without_params(name, params, |_| PokerBoard),
}];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]

        /// The honest loopy search never draws and agrees with the Nim rule.
        #[test]
        fn search_agrees_with_nim_rule(
            heaps in proptest::collection::vec(0u64..4, 1..4), mover in 0u64..3, other in 0u64..3,
        ) {
            let p = PokerPosition { heaps, mover, other };
            prop_assert_eq!(PokerNim.search_outcome(&p, 2_000_000).unwrap(), Some(PokerNim::outcome(&p)));
        }

        /// The closed-form winning moves are exactly the options that are P by search.
        #[test]
        fn winning_moves_match_search(
            heaps in proptest::collection::vec(0u64..4, 1..3), mover in 0u64..3, other in 0u64..3,
        ) {
            let p = PokerPosition { heaps, mover, other };
            let mut opts = Vec::new();
            PokerNim::moves(&p, &mut opts);
            let mut expect: Vec<PokerPosition> = opts.into_iter()
                .filter(|o| PokerNim.search_outcome(o, 2_000_000).unwrap() == Some(Outcome::P))
                .collect();
            let mut got = PokerNim::winning_moves(&p);
            expect.sort_by(|a, b| a.heaps.cmp(&b.heaps));
            got.sort_by(|a, b| a.heaps.cmp(&b.heaps));
            prop_assert_eq!(got, expect);
        }
    }

    #[test]
    fn notation() {
        let p = PokerNim.parse_position("3 4 5 | 2 1").unwrap();
        assert_eq!((p.heaps.clone(), p.mover, p.other), (vec![3, 4, 5], 2, 1));
        assert_eq!(PokerNim.format_position(&p), "3 4 5 / 2 1");
        assert_eq!(PokerNim.parse_position("3 4").unwrap().mover, 0);
        assert_eq!(PokerNim.parse_position("3 4 | 1 x").unwrap_err().column, 9);
        assert_eq!(PokerNim.parse_position("3 4 | 1").unwrap_err().column, 5);
    }
}
