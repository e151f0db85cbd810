//! The Silver Dollar game (coins sliding left on a strip), with or without the
//! money bag at the left end.

use crate::notation::ParseError;
use crate::registry::{BoardRules, CellGrid, Entry, Family};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// A strip of squares holding coins; `bag` says whether a money bag sits left
/// of square 0, into which the leftmost coin may be dropped.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CoinStrip {
    /// Whether the strip has the money bag at its left end.
    pub bag: bool,
    /// 0-based squares of the coins, strictly increasing.
    pub coins: Vec<u64>,
    /// Number of squares written (trailing empty squares are kept for printing).
    pub len: u64,
    /// Index (among the coins) of the silver dollar, if there is one.
    pub dollar: Option<usize>,
}

impl CoinStrip {
    /// Whether the leftmost coin may be dropped into the bag: there is a bag,
    /// and the coin is not the one just left of the dollar (dropping it would
    /// hand the dollar to the opponent, so it is left out as a losing move).
    const fn can_bag_first(&self) -> bool {
        self.bag && !matches!(self.dollar, Some(1))
    }
}

/// The Silver Dollar game without the dollar. Coins lie on a strip; a move
/// slides one coin any number of squares to the left, onto empty squares only,
/// never jumping another coin. With the money bag, the leftmost coin may also
/// drop into the bag and leave the game.
///
/// Written `..o.o..o` (`o` a coin, `.` an empty square); a leading `$` is the
/// money bag, and with the bag one coin may be the silver dollar `D`: whoever
/// drops the dollar into the bag wins. Dropping the coin just left of the
/// dollar lets the opponent pocket it, so that move is left out (the player
/// with no other move loses), and pocketing the dollar moves to the empty
/// strip. The game is Staircase Nim on the gaps read from the right: the
/// Grundy value is the nim-sum of the gap in front of the rightmost coin, the
/// gap in front of the third coin from the right, and so on. With the bag, the
/// leftmost coin's gap counts the bag as one more square. With the dollar, the
/// game is the bag game while two or more coins precede the dollar and the
/// bagless game once one does (both checked against a definition-level search
/// in which pocketing the dollar wins). O(coins).
///
/// ```
/// use sprague::{GrundySolver, Nimber, Notation, games::SilverDollar};
/// let p = SilverDollar.parse_position("..o.o..o").unwrap();
/// // Gaps 2, 1, 2: value 2 ⊕ 2 = 0.
/// assert_eq!(GrundySolver::new(&SilverDollar).grundy(&p).unwrap(), Nimber(0));
/// let q = SilverDollar.parse_position("$..o.o..o").unwrap();
/// assert_eq!(GrundySolver::new(&SilverDollar).grundy(&q).unwrap(), Nimber(1));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SilverDollar;

/// The gaps of a strip: empty squares in front of each coin (for the leftmost
/// coin with the bag, the squares to the bag plus one).
fn gaps(p: &CoinStrip) -> Vec<u64> {
    let mut prev: Option<u64> = None;
    p.coins
        .iter()
        .map(|&s| {
            let g = match prev {
                Some(q) => s - q - 1,
                None => s + u64::from(p.can_bag_first()),
            };
            prev = Some(s);
            g
        })
        .collect()
}

/// The Grundy value of a strip by the staircase rule (a strip whose dollar is
/// the leftmost coin is a win for the mover; its exact value needs search).
#[must_use]
pub fn silver_dollar_value(p: &CoinStrip) -> u64 {
    gaps(p).iter().rev().step_by(2).fold(0, |a, &g| a ^ g)
}

impl ImpartialRules for SilverDollar {
    type Position = CoinStrip;

    fn moves(&self, p: &CoinStrip, out: &mut Vec<CoinStrip>) {
        if p.dollar == Some(0) {
            // The dollar is leftmost: the mover pockets it and wins. (Other
            // moves cannot matter; such positions are never reached in play,
            // since the coin just left of the dollar is never dropped.)
            let mut q = p.clone();
            q.coins.clear();
            q.dollar = None;
            out.push(q);
            return;
        }
        for i in 0..p.coins.len() {
            let s = p.coins[i];
            let lowest = if i == 0 { 0 } else { p.coins[i - 1] + 1 };
            for t in lowest..s {
                let mut q = p.clone();
                q.coins[i] = t;
                out.push(q);
            }
            if i == 0 && p.can_bag_first() {
                let mut q = p.clone();
                q.coins.remove(0);
                q.dollar = p.dollar.map(|d| d - 1);
                out.push(q);
            }
        }
    }

    fn closed_form(&self, p: &CoinStrip) -> Option<Nimber> {
        // A leftmost dollar has one option (pocket it, to the empty strip): *1.
        Some(Nimber(if p.dollar == Some(0) {
            1
        } else {
            silver_dollar_value(p)
        }))
    }

    /// Options of value `target` without enumerating slides: a counted gap is
    /// a Nim heap (shrink it), an uncounted gap feeds the counted gap to its
    /// right (the coin right of it slides left, widening the counted gap). O(coins).
    fn moves_to_value(&self, p: &CoinStrip, target: Nimber) -> Option<Vec<CoinStrip>> {
        match p.dollar {
            Some(0) => return None,
            Some(d) => {
                // Slides keep the dollar's index, so they follow the plain
                // strip's rule (bagless when d = 1, with the bag when d ≥ 2);
                // the drop (d ≥ 2 only) can switch forms and is checked directly.
                let plain = CoinStrip {
                    bag: d >= 2,
                    dollar: None,
                    ..p.clone()
                };
                let mut out: Vec<CoinStrip> = self
                    .moves_to_value(&plain, target)?
                    .into_iter()
                    .filter(|q| q.coins.len() == p.coins.len())
                    .map(|q| CoinStrip {
                        bag: p.bag,
                        dollar: p.dollar,
                        ..q
                    })
                    .collect();
                if d >= 2 {
                    let mut q = p.clone();
                    q.coins.remove(0);
                    q.dollar = Some(d - 1);
                    if silver_dollar_value(&q) == target.0 {
                        out.push(q);
                    }
                }
                return Some(out);
            }
            None => {}
        }
        let bag = p.can_bag_first();
        let drop_first = |mut q: CoinStrip| {
            q.coins.remove(0);
            q.dollar = p.dollar.map(|d| d - 1);
            q
        };
        let g = gaps(p);
        let n = g.len();
        let x = silver_dollar_value(p);
        let mut out = Vec::new();
        for i in 0..n {
            let counted = (n - 1 - i).is_multiple_of(2);
            if !counted {
                continue;
            }
            let want = x ^ g[i] ^ target.0;
            if want < g[i] {
                // Slide coin i left by g[i] − want (into the bag when the bag
                // counts as the last square and want = 0 … handled below).
                let by = g[i] - want;
                let mut q = p.clone();
                if i == 0 && bag && want == 0 {
                    q = drop_first(q);
                } else {
                    q.coins[i] -= by;
                }
                out.push(q);
            }
            // Coin i−1 slides left, widening gap i (it narrows gap i−1, uncounted).
            // With the bag, the leftmost coin slides at most g[0] − 1 squares, and
            // dropping it into the bag widens the next gap by g[0] + 1.
            if i > 0 && want > g[i] {
                let by = want - g[i];
                let mut q = p.clone();
                if i == 1 && bag {
                    if by < g[0] {
                        q.coins[0] -= by;
                        out.push(q);
                    } else if by == g[0] + 1 {
                        out.push(drop_first(q));
                    }
                } else if by <= g[i - 1] {
                    q.coins[i - 1] -= by;
                    out.push(q);
                }
            }
        }
        Some(out)
    }
}

impl Notation<CoinStrip> for SilverDollar {
    /// `.` empty square, `o` (or `O`) a coin, an optional leading `$` for the bag.
    fn parse_position(&self, text: &str) -> Result<CoinStrip, ParseError> {
        let trimmed = text.trim();
        let lead = text.len() - text.trim_start().len();
        let lead_cols = text[..lead].chars().count();
        let mut bag = false;
        let mut dollar = None;
        let mut coins = Vec::new();
        let mut square = 0u64;
        for (i, c) in trimmed.chars().enumerate() {
            match c {
                '$' if i == 0 => bag = true,
                'o' | 'O' => {
                    coins.push(square);
                    square += 1;
                }
                'D' => {
                    if !bag {
                        return Err(ParseError::new(
                            "the silver dollar `D` needs the money bag: start the strip with `$`",
                            lead_cols + i + 1,
                            "D",
                        ));
                    }
                    if dollar.is_some() {
                        return Err(ParseError::new(
                            "only one silver dollar `D`",
                            lead_cols + i + 1,
                            "D",
                        ));
                    }
                    dollar = Some(coins.len());
                    coins.push(square);
                    square += 1;
                }
                '.' | '_' => square += 1,
                '$' => {
                    return Err(ParseError::new(
                        "the money bag `$` may only stand at the left end",
                        lead_cols + i + 1,
                        "$",
                    ));
                }
                _ => {
                    return Err(ParseError::new(
                        "expected `o` (coin), `D` (silver dollar), `.` (empty square) or a leading `$` (money bag)",
                        lead_cols + i + 1,
                        c.to_string(),
                    ));
                }
            }
        }
        if square == 0 && !bag {
            return Err(ParseError::new("expected a strip such as `..o.o..o`", 1, ""));
        }
        Ok(CoinStrip {
            bag,
            coins,
            len: square,
            dollar,
        })
    }

    fn format_position(&self, p: &CoinStrip) -> String {
        let mut s = String::new();
        if p.bag {
            s.push('$');
        }
        let mut next = p.coins.iter().enumerate().peekable();
        for sq in 0..p.len {
            match next.peek() {
                Some(&(i, &c)) if c == sq => {
                    next.next();
                    s.push(if p.dollar == Some(i) { 'D' } else { 'o' });
                }
                _ => s.push('.'),
            }
        }
        s
    }

    fn describe_move(&self, from: &CoinStrip, to: &CoinStrip) -> String {
        if from.dollar == Some(0) && to.coins.is_empty() {
            return "pocket the silver dollar (and win)".to_string();
        }
        if to.coins.len() < from.coins.len() {
            return format!("drop the coin on square {} into the bag", from.coins[0] + 1);
        }
        match (0..from.coins.len()).find(|&i| from.coins[i] != to.coins[i]) {
            Some(i) => format!(
                "slide the coin on square {} to square {}",
                from.coins[i] + 1,
                to.coins[i] + 1
            ),
            None => format!("to {}", self.format_position(to)),
        }
    }
}

impl BoardRules for SilverDollar {}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "silver-dollar",
    params: "",
    family: Family::Impartial,
    summary: "slide a coin left on a strip without jumping; with `$`, the leftmost coin may drop into the bag; whoever bags the dollar `D` wins",
    notation: "`o` coin, `.` empty square, leading `$` money bag, `D` the silver dollar, e.g. `..o.o..o`, `$.o..oD.o`",
    example: "value silver-dollar ..o.o...o",
    example2: "value silver-dollar $.o..oD.o",
    rules: "Coins on a strip of squares. A move slides one coin any number of squares to the left onto empty squares, never jumping another coin. With a money bag `$` at the left end, the leftmost coin may instead drop into the bag, and one coin may be the silver dollar `D`: whoever bags the dollar wins.",
    known: "The game is Staircase Nim on the gaps read from the right: the value is the nim-sum of the gaps in front of the 1st, 3rd, 5th, … coin from the right; with the bag, the leftmost gap counts the bag as one more square.",
    build: CellGrid::<SilverDollar>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn brute(p: &CoinStrip, memo: &mut HashMap<CoinStrip, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut opts = Vec::new();
        SilverDollar.moves(p, &mut opts);
        let vals: Vec<Nimber> = opts.iter().map(|o| Nimber(brute(o, memo))).collect();
        let v = crate::nimber::mex(vals).get();
        memo.insert(p.clone(), v);
        v
    }

    fn strip(bag: bool, mask: u32, len: u64) -> CoinStrip {
        CoinStrip {
            bag,
            coins: (0..len).filter(|&i| mask >> i & 1 == 1).collect(),
            len,
            dollar: None,
        }
    }

    /// Definition level: the mover wins iff some move wins, pocketing the
    /// dollar wins at once, and a player who cannot move loses.
    fn dollar_win(p: &CoinStrip, memo: &mut HashMap<CoinStrip, bool>) -> bool {
        if p.dollar == Some(0) {
            return true;
        }
        if let Some(&w) = memo.get(p) {
            return w;
        }
        let mut opts = Vec::new();
        for i in 0..p.coins.len() {
            let lowest = if i == 0 { 0 } else { p.coins[i - 1] + 1 };
            for t in lowest..p.coins[i] {
                let mut q = p.clone();
                q.coins[i] = t;
                opts.push(q);
            }
        }
        let mut q = p.clone();
        q.coins.remove(0);
        q.dollar = p.dollar.map(|d| d - 1);
        opts.push(q);
        let w = opts.iter().any(|o| !dollar_win(o, memo));
        memo.insert(p.clone(), w);
        w
    }

    #[test]
    fn dollar_game_matches_definition_and_search() {
        struct Plain;
        impl ImpartialRules for Plain {
            type Position = CoinStrip;
            fn moves(&self, p: &CoinStrip, out: &mut Vec<CoinStrip>) {
                SilverDollar.moves(p, out);
            }
        }
        let mut memo = HashMap::new();
        let mut search = crate::impartial::GrundySolver::new(&Plain);
        let mut fast = crate::impartial::GrundySolver::new(&SilverDollar);
        for len in 1..=9u64 {
            for mask in 1u32..(1u32 << len) {
                let base = strip(true, mask, len);
                for d in 0..base.coins.len() {
                    let p = CoinStrip {
                        dollar: Some(d),
                        ..base.clone()
                    };
                    let g = search.grundy(&p).unwrap();
                    assert_eq!(!g.is_zero(), dollar_win(&p, &mut memo), "{p:?}");
                    assert_eq!(fast.grundy(&p).unwrap(), g, "{p:?}");
                    for target in 0..4 {
                        let mut a = SilverDollar
                            .moves_to_value(&p, Nimber(target))
                            .unwrap_or_default();
                        let mut opts = Vec::new();
                        SilverDollar.moves(&p, &mut opts);
                        let mut b: Vec<CoinStrip> = opts
                            .into_iter()
                            .filter(|o| search.grundy(o).unwrap() == Nimber(target))
                            .collect();
                        if d == 0 {
                            continue;
                        }
                        a.sort_by(|x, y| x.coins.cmp(&y.coins));
                        b.sort_by(|x, y| x.coins.cmp(&y.coins));
                        assert_eq!(a, b, "{p:?} target {target}");
                    }
                }
            }
        }
    }

    #[test]
    fn closed_form_matches_brute_force_on_all_short_strips() {
        let mut memo = HashMap::new();
        for bag in [false, true] {
            for len in 0..=10u64 {
                for mask in 0..(1u32 << len) {
                    let p = strip(bag, mask, len);
                    assert_eq!(silver_dollar_value(&p), brute(&p, &mut memo), "{p:?}");
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn moves_to_value_match_enumeration(bag: bool, mask in 0u32..(1 << 10), target in 0u64..8) {
            let p = strip(bag, mask, 10);
            let mut opts = Vec::new();
            SilverDollar.moves(&p, &mut opts);
            let mut expect: Vec<Vec<u64>> = opts.into_iter()
                .filter(|o| silver_dollar_value(o) == target).map(|o| o.coins).collect();
            expect.sort();
            let mut got: Vec<Vec<u64>> = SilverDollar.moves_to_value(&p, Nimber(target)).unwrap()
                .into_iter().map(|o| o.coins).collect();
            got.sort();
            prop_assert_eq!(got, expect);
        }
    }

    #[test]
    fn notation() {
        let p = SilverDollar.parse_position("$..o.o").unwrap();
        assert_eq!((p.bag, p.coins.clone(), p.len), (true, vec![2, 4], 5));
        assert_eq!(SilverDollar.format_position(&p), "$..o.o");
        assert_eq!(SilverDollar.parse_position("..ox").unwrap_err().column, 4);
        assert_eq!(SilverDollar.parse_position(".$o").unwrap_err().column, 2);
        let d = SilverDollar.parse_position("$.o.D").unwrap();
        assert_eq!(d.dollar, Some(1));
        assert_eq!(SilverDollar.format_position(&d), "$.o.D");
        assert_eq!(SilverDollar.parse_position(".oD").unwrap_err().column, 3);
        assert_eq!(SilverDollar.parse_position("$DD").unwrap_err().column, 3);
    }
}
