//! Poker Nim: Nim where removed chips are kept and may be put back; its
//! catalog entry, report and perfect player ([`PokerEngine`]).

use crate::budget::BudgetExceeded;
use crate::loopy::{PredecessorLists, RelaxFn, Retrograde};
use crate::notation::{ParseError, format_heaps, parse_u64_token};
use crate::partizan::Player;
use crate::play::{Engine, PlayEngine, Verdict, board, erase, parse_in};
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
        let mut work = Retrograde::new();
        for v in (0..n).filter(|&v| undecided[v] == 0) {
            result[v] = 2;
            work.push(v);
        }
        let Ok(()) = work.run(
            &PredecessorLists(&pred),
            &mut RelaxFn(|w: usize, v: u32| {
                let v = v as usize;
                if result[v] != 0 {
                    return None;
                }
                undecided[v] -= 1;
                if result[w] == 2 {
                    result[v] = 1;
                } else if undecided[v] == 0 {
                    result[v] = 2;
                } else {
                    return None;
                }
                Some(v)
            }),
        );
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

/// Poker Nim positions in play hold at most this many (chips × (heaps + 1)),
/// which bounds the moves listed each turn (see [`PokerEngine::play_size`]).
pub const POKER_PLAY_LIMIT: u64 = 100_000;

/// A perfect Poker Nim player: wins exactly as in Nim, and answers an
/// addition made from a lost position by removing the chips added.
#[derive(Clone, Copy, Debug, Default)]
pub struct PokerEngine;

impl PokerEngine {
    /// The chips of `p` (heaps and reserves) times (heaps + 1): a bound on
    /// the moves of any position reached, to compare with [`POKER_PLAY_LIMIT`].
    #[must_use]
    pub fn play_size(p: &PokerPosition) -> u128 {
        let chips = p
            .heaps
            .iter()
            .fold(u128::from(p.mover) + u128::from(p.other), |a, &h| {
                a + u128::from(h)
            });
        chips.saturating_mul(p.heaps.len() as u128 + 1)
    }

    /// Reads `take K from heap I`, `add K to heap I`, `heap I: A -> B` or
    /// `heap I -> B`; `None` when `line` has none of these forms.
    fn read(from: &PokerPosition, line: &str) -> Option<Result<PokerPosition, String>> {
        let t = line.trim().to_lowercase().replace('→', "->");
        let words: Vec<&str> = t
            .split(|c: char| c.is_whitespace() || c == ':')
            .filter(|w| !w.is_empty())
            .collect();
        let num = |w: &str| w.parse::<u64>().ok();
        let (heap, target) = match words[..] {
            ["take", k, "from", "heap", i] | ["take", k, "heap", i] => {
                let (k, i) = (num(k)?, num(i)?);
                let h = heap_at(from, i)?;
                match h {
                    Ok(h) if k == 0 || k > h => {
                        return Some(Err(format!("heap {i} has {h} chips: take 1 to {h}")));
                    }
                    Ok(h) => (i, h - k),
                    Err(e) => return Some(Err(e)),
                }
            }
            ["add", k, "to", "heap", i] | ["add", k, "heap", i] => {
                let (k, i) = (num(k)?, num(i)?);
                match heap_at(from, i)? {
                    Ok(h) => (i, h.saturating_add(k)),
                    Err(e) => return Some(Err(e)),
                }
            }
            ["heap", i, _, "->", b] | ["heap", i, "->", b] => (num(i)?, num(b)?),
            _ => return None,
        };
        let h = match heap_at(from, heap)? {
            Ok(h) => h,
            Err(e) => return Some(Err(e)),
        };
        let i = heap as usize - 1;
        let mut to = from.clone();
        to.heaps[i] = target;
        to.mover = from.other;
        Some(if target < h {
            to.other = from.mover.saturating_add(h - target);
            Ok(to)
        } else if target == h {
            Err(format!("heap {heap} already has {h} chips: a move changes it"))
        } else if target - h > from.mover {
            Err(format!(
                "adding {} chips to heap {heap} needs them in your reserve, which has {}",
                target - h,
                from.mover
            ))
        } else {
            to.other = from.mover - (target - h);
            Ok(to)
        })
    }
}

/// The size of heap `i` (from 1), or an error naming the heaps.
fn heap_at(p: &PokerPosition, i: u64) -> Option<Result<u64, String>> {
    Some(
        match usize::try_from(i).ok().filter(|&i| i >= 1 && i <= p.heaps.len()) {
            Some(k) => Ok(p.heaps[k - 1]),
            None => Err(format!("there is no heap {i} (heaps 1 to {})", p.heaps.len())),
        },
    )
}

impl Engine for PokerEngine {
    type Pos = PokerPosition;

    fn ruleset(&self) -> &str {
        "poker-nim"
    }

    fn format(&self, p: &PokerPosition) -> String {
        PokerNim.format_position(p)
    }

    fn parse(&self, text: &str) -> Result<PokerPosition, String> {
        parse_in(&PokerNim, text)
    }

    /// The heaps alone: no two moves from one position leave the same heaps,
    /// so the user may type just the heaps after a move.
    fn key(&mut self, p: &PokerPosition) -> String {
        format_heaps(&p.heaps)
    }

    fn options(&mut self, p: &PokerPosition, _mover: Player) -> Result<Vec<PokerPosition>> {
        let mut out = Vec::new();
        PokerNim::moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &PokerPosition, to: &PokerPosition) -> String {
        match (0..from.heaps.len()).find(|&i| from.heaps[i] != to.heaps[i]) {
            Some(i) if to.heaps[i] < from.heaps[i] => format!(
                "heap {}: {} → {} (take {} into the reserve)",
                i + 1,
                from.heaps[i],
                to.heaps[i],
                from.heaps[i] - to.heaps[i]
            ),
            Some(i) => format!(
                "heap {}: {} → {} (add {} from the reserve)",
                i + 1,
                from.heaps[i],
                to.heaps[i],
                to.heaps[i] - from.heaps[i]
            ),
            None => "no change".to_string(),
        }
    }

    fn verdict(&mut self, p: &PokerPosition, _mover: Player) -> Result<Verdict> {
        Ok(if PokerNim::outcome(p) == Outcome::N {
            Verdict::Win(None)
        } else {
            Verdict::Lose(None)
        })
    }

    fn hint(&mut self, p: &PokerPosition, _mover: Player) -> Result<Vec<String>> {
        let x = p.nim_sum().get();
        let sum: Vec<String> = p.heaps.iter().map(u64::to_string).collect();
        let mut lines = vec![
            "Poker Nim is won exactly as Nim, whatever the reserves: an addition is reversible, since the opponent can take the added chips straight back, so it never helps the player who is losing.".to_string(),
            format!("nim-sum of the heaps: {} = {x}", sum.join(" ⊕ ")),
        ];
        if x == 0 {
            lines.push("the nim-sum is 0, so the player to move loses against perfect play: a removal makes it non-zero and is answered as in Nim; an addition is answered by taking the chips back.".to_string());
            return Ok(lines);
        }
        lines.push(format!(
            "it is not 0, so the player to move wins by making it 0: change one heap h into h ⊕ {x} (by a removal, or by an addition the reserve of {} can pay for):",
            p.mover
        ));
        let rows: Vec<(String, String)> = PokerNim::winning_moves(p)
            .iter()
            .map(|q| (format_heaps(&q.heaps), self.describe(p, q)))
            .collect();
        let w = crate::columns::column_width(rows.iter().map(|r| r.0.as_str()));
        lines.push(format!("winning moves ({}):", rows.len()));
        lines.extend(
            rows.iter()
                .map(|(a, b)| format!("    {}   {b}", crate::columns::pad_right(a, w))),
        );
        Ok(lines)
    }

    fn board(&self, p: &PokerPosition) -> Option<String> {
        let mut out = board::heaps(&format_heaps(&p.heaps))?;
        let chips = |k: u64| {
            let mut s = "●".repeat(k.min(40) as usize);
            if k > 40 {
                s.push('…');
            }
            s
        };
        out.push_str(&format!(
            "reserve of the player to move: {}  ({})\n",
            chips(p.mover),
            p.mover
        ));
        out.push_str(&format!(
            "reserve of the other player:   {}  ({})\n",
            chips(p.other),
            p.other
        ));
        Some(out)
    }

    fn short_move(&mut self, from: &PokerPosition, line: &str) -> Option<Result<PokerPosition, String>> {
        Self::read(from, line)
    }

    fn move_help(&self) -> Option<String> {
        Some(
            "`take 2 from heap 1`, `add 1 to heap 3`, `heap 2: 5 -> 3`, or just the heaps after it (`3 4 2`)"
                .to_string(),
        )
    }

    fn reply(
        &mut self,
        before: Option<&PokerPosition>,
        now: &PokerPosition,
        options: &[PokerPosition],
    ) -> Result<Option<(usize, String)>> {
        if let Some(b) = before
            && let Some(answer) = Self::take_back(b, now, options)
        {
            return Ok(Some(answer));
        }
        // Winning: a removal to nim-sum 0 when there is one (it brings the
        // end nearer; a winning addition only delays it).
        if !now.nim_sum().is_zero() {
            let removal = options
                .iter()
                .position(|o| o.nim_sum().is_zero() && o.heaps.iter().zip(&now.heaps).all(|(a, b)| a <= b));
            Ok(removal.map(|i| (i, String::new())))
        } else {
            Ok(None)
        }
    }
}

impl PokerEngine {
    /// When `before` was lost for its mover and the move to `now` was an
    /// addition, the option of `now` that takes the chips back, with why.
    fn take_back(
        b: &PokerPosition,
        now: &PokerPosition,
        options: &[PokerPosition],
    ) -> Option<(usize, String)> {
        if !b.nim_sum().is_zero() || b.heaps.len() != now.heaps.len() {
            return None;
        }
        let i = (0..b.heaps.len()).find(|&i| b.heaps[i] != now.heaps[i])?;
        if now.heaps[i] <= b.heaps[i] {
            return None;
        }
        let k = now.heaps[i] - b.heaps[i];
        options.iter().position(|o| o.heaps == b.heaps).map(|j| {
            (
                j,
                format!(
                    "the {k} chip{} you added to heap {} go straight back: an addition is reversible, so the nim-sum is 0 again and Poker Nim goes on exactly as Nim",
                    if k == 1 { "" } else { "s" },
                    i + 1
                ),
            )
        })
    }
}

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

#[cfg(test)]
mod play_tests {
    use super::*;

    fn pos(text: &str) -> PokerPosition {
        PokerNim.parse_position(text).unwrap()
    }

    #[test]
    fn short_moves_read_removals_and_additions() {
        let p = pos("3 4 5 / 2 1");
        let take = PokerEngine::read(&p, "take 2 from heap 1").unwrap().unwrap();
        assert_eq!((take.heaps, take.mover, take.other), (vec![1, 4, 5], 1, 4));
        let add = PokerEngine::read(&p, "add 1 to heap 3").unwrap().unwrap();
        assert_eq!((add.heaps, add.mover, add.other), (vec![3, 4, 6], 1, 1));
        assert!(PokerEngine::read(&p, "heap 2: 4 -> 7").unwrap().is_err());
        assert!(PokerEngine::read(&p, "take 1 from heap 9").unwrap().is_err());
        assert!(PokerEngine::read(&p, "3 4 5").is_none());
    }

    #[test]
    fn additions_from_lost_positions_are_taken_back() {
        let before = pos("1 2 3 / 2 0");
        let now = PokerEngine::read(&before, "add 2 to heap 1").unwrap().unwrap();
        let mut engine = PokerEngine;
        let options = engine.options(&now, Player::Left).unwrap();
        let (i, why) = engine.reply(Some(&before), &now, &options).unwrap().unwrap();
        assert_eq!(options[i].heaps, before.heaps);
        assert!(why.contains("go straight back"));
        assert_eq!(PokerEngine::play_size(&before), 8 * 4);
    }
}
