//! One-dimensional coin-turning games: Turning Turtles, Mock Turtles, Ruler,
//! and the 01-string flip game.

use crate::notation::ParseError;
use crate::out_of_reach::OutOfReach;
use crate::registry::{BoardRules, CellGrid, Entry, Family, Ruleset, no_params};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// Which coins a move may turn besides the chosen heads coin, which always
/// turns to tails and is the rightmost coin turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurningKind {
    /// Turn at most one other coin to the left: coin `n` (1-based) is worth `n`.
    TurningTurtles,
    /// Turn at most two other coins to the left: coin `n` (0-based) is worth
    /// the `n`-th odious number (OEIS A000069).
    MockTurtles,
    /// Turn a run of consecutive coins ending at the chosen one: coin `n`
    /// (1-based) is worth the largest power of 2 dividing `n`.
    Ruler,
    /// The 01-string flip game: turn any set of coins to the left: coin `n`
    /// (0-based) is worth `2^n`, so a string's value is the binary number it
    /// spells read right to left.
    FlipAny,
}

/// A coin-turning game on a row of coins written `THHTH` or `01101` (`H`/`1`
/// heads, `T`/`0` tails). A move chooses a heads coin, turns it to tails, and
/// may turn other coins to its left as the [`TurningKind`] allows.
///
/// By the coin-turning theorem a position is the sum of its single-heads
/// positions, so positions decompose into one component per heads coin and
/// each component's value comes from the closed form ([`TurningGame::coin_value`]);
/// the tests compare both with a full search of the game on small rows.
///
/// ```
/// use sprague::{GrundySolver, Nimber, Notation, games::{TurningGame, TurningKind}};
/// let g = TurningGame::new(TurningKind::MockTurtles);
/// let p = g.parse_position("THHTH").unwrap();
/// // Coins 1, 2, 4 (0-based) are worth 2, 4, 8.
/// assert_eq!(GrundySolver::new(&g).grundy(&p).unwrap(), Nimber(2 ^ 4 ^ 8));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TurningGame {
    kind: TurningKind,
}

/// The `n`-th odious number (0-based): `2n` or `2n + 1`, whichever has an odd
/// number of 1 bits.
#[must_use]
pub const fn odious(n: u64) -> u64 {
    let e = 2 * n;
    if e.count_ones() % 2 == 1 { e } else { e + 1 }
}

impl TurningGame {
    /// The game of the given kind.
    #[must_use]
    pub const fn new(kind: TurningKind) -> TurningGame {
        TurningGame { kind }
    }

    /// Which game this is.
    #[must_use]
    pub const fn kind(self) -> TurningKind {
        self.kind
    }

    /// The value of a single heads coin at 0-based index `i`. `None` when it
    /// does not fit in 64 bits (FlipAny beyond 64 coins).
    #[must_use]
    pub const fn coin_value(self, i: u64) -> Option<u64> {
        match self.kind {
            TurningKind::TurningTurtles => Some(i + 1),
            TurningKind::MockTurtles => Some(odious(i)),
            TurningKind::Ruler => Some((i + 1) & (i + 1).wrapping_neg()),
            TurningKind::FlipAny => {
                if i < 64 {
                    Some(1 << i)
                } else {
                    None
                }
            }
        }
    }
}

impl TurningGame {
    /// `Err(reason)` when misère play of `p` is out of reach: misère flip-left
    /// is searched over 2^n options per coin, so heads are allowed only on
    /// the first 20 coins; the other games are always searchable.
    ///
    /// # Errors
    /// A flip-left position with a heads coin from the 21st on.
    pub fn misere_check(&self, p: &[bool]) -> Result<(), OutOfReach> {
        let last = p.iter().rposition(|&c| c).unwrap_or(0);
        if self.kind == TurningKind::FlipAny && last >= 20 {
            Err(OutOfReach::too_large(
                "misère flip-left is searched over 2^n options per coin",
                "coins up to the last heads",
                last as u64 + 1,
                20,
            ))
        } else {
            Ok(())
        }
    }
}

impl ImpartialRules for TurningGame {
    /// Coins left to right, `true` = heads.
    type Position = Vec<bool>;

    fn moves(&self, p: &Vec<bool>, out: &mut Vec<Vec<bool>>) {
        for i in 0..p.len() {
            if !p[i] {
                continue;
            }
            let mut base = p.clone();
            base[i] = false;
            match self.kind {
                TurningKind::TurningTurtles | TurningKind::MockTurtles => {
                    out.push(base.clone());
                    for j in 0..i {
                        let mut q = base.clone();
                        q[j] = !q[j];
                        out.push(q.clone());
                        if self.kind == TurningKind::MockTurtles {
                            for k in 0..j {
                                let mut r = q.clone();
                                r[k] = !r[k];
                                out.push(r);
                            }
                        }
                    }
                }
                TurningKind::Ruler => {
                    let mut q = base;
                    out.push(q.clone());
                    for j in (0..i).rev() {
                        q[j] = !q[j];
                        out.push(q.clone());
                    }
                }
                TurningKind::FlipAny => {
                    // Every subset of the coins left of i: 2^i options (the closed form
                    // values single coins, so searches never enumerate these).
                    for mask in 0u64..(1u64 << i) {
                        let mut q = base.clone();
                        for (j, c) in q.iter_mut().enumerate().take(i) {
                            if mask >> j & 1 == 1 {
                                *c = !*c;
                            }
                        }
                        out.push(q);
                    }
                }
            }
        }
    }

    fn decompose(&self, p: &Vec<bool>, out: &mut Vec<Vec<bool>>) -> bool {
        let heads: Vec<usize> = (0..p.len()).filter(|&i| p[i]).collect();
        if heads.len() == 1 {
            return false;
        }
        for i in heads {
            let mut q = vec![false; p.len()];
            q[i] = true;
            out.push(q);
        }
        true
    }

    /// Components recombine by turning: a coin is heads iff an odd number of
    /// components have it heads.
    fn compose(&self, parts: &[Vec<bool>]) -> Option<Vec<bool>> {
        let len = parts.iter().map(Vec::len).max().unwrap_or(0);
        let mut out = vec![false; len];
        for part in parts {
            for (o, &c) in out.iter_mut().zip(part) {
                *o ^= c;
            }
        }
        Some(out)
    }

    /// Components overlap in place, so splicing is turning: whole ⊕ part ⊕ option.
    fn replace_component(
        &self,
        whole: &Vec<bool>,
        parts: &[Vec<bool>],
        i: usize,
        option: Vec<bool>,
    ) -> Option<Vec<bool>> {
        let mut out = whole.clone();
        for ((a, &b), &c) in out.iter_mut().zip(parts.get(i)?).zip(&option) {
            *a ^= b ^ c;
        }
        Some(out)
    }

    fn closed_form(&self, p: &Vec<bool>) -> Option<Nimber> {
        let mut heads = (0..p.len()).filter(|&i| p[i]);
        match (heads.next(), heads.next()) {
            (None, _) => Some(Nimber::ZERO),
            (Some(i), None) => self.coin_value(i as u64).map(Nimber),
            _ => None,
        }
    }

    /// Options of a single heads coin with value `target`, found directly.
    fn moves_to_value(&self, p: &Vec<bool>, target: Nimber) -> Option<Vec<Vec<bool>>> {
        let mut heads = (0..p.len()).filter(|&i| p[i]);
        let (Some(i), None) = (heads.next(), heads.next()) else {
            return None;
        };
        let t = target.0;
        let mut base = p.clone();
        base[i] = false;
        let with = |coins: &[usize]| {
            let mut q = base.clone();
            for &c in coins {
                q[c] = true;
            }
            q
        };
        let mut out = Vec::new();
        match self.kind {
            TurningKind::TurningTurtles => {
                if t == 0 {
                    out.push(base.clone());
                } else if t <= i as u64 {
                    out.push(with(&[(t - 1) as usize]));
                }
            }
            TurningKind::Ruler => {
                // Turning coins j..=i leaves heads on j..i−1, worth ruler(j+1) ⊕ … ⊕ ruler(i).
                let mut acc = 0u64;
                if t == 0 {
                    out.push(base.clone());
                }
                for j in (0..i).rev() {
                    acc ^= self.coin_value(j as u64).unwrap_or(0);
                    if acc == t {
                        out.push(with(&(j..i).collect::<Vec<_>>()));
                    }
                }
            }
            TurningKind::MockTurtles => {
                if t == 0 {
                    out.push(base.clone());
                }
                let idx: std::collections::HashMap<u64, usize> =
                    (0..i).map(|j| (odious(j as u64), j)).collect();
                for j in 0..i {
                    if odious(j as u64) == t {
                        out.push(with(&[j]));
                    }
                    if let Some(&k) = idx.get(&(odious(j as u64) ^ t))
                        && k < j
                    {
                        out.push(with(&[k, j]));
                    }
                }
            }
            TurningKind::FlipAny => {
                let bits = if i >= 64 { u64::MAX } else { (1u64 << i) - 1 };
                if t & !bits == 0 {
                    let coins: Vec<usize> = (0..i.min(64)).filter(|&j| t >> j & 1 == 1).collect();
                    out.push(with(&coins));
                }
            }
        }
        Some(out)
    }
}

/// The most coins a row (or grid) may hold: each heads coin becomes a
/// component as long as the row, so memory grows as heads × coins.
pub const MAX_TURNING_COINS: usize = 4096;

/// Parses a coin row: `H`/`1` heads, `T`/`0` tails (one style per row).
///
/// # Errors
/// Any other character, or an empty row, with its column.
pub fn parse_coins(text: &str) -> Result<Vec<bool>, ParseError> {
    let lead = text.len() - text.trim_start().len();
    let base = text[..lead].chars().count();
    let mut out = Vec::new();
    for (i, c) in text.trim().chars().enumerate() {
        match c {
            'H' | 'h' | '1' => out.push(true),
            'T' | 't' | '0' => out.push(false),
            _ => {
                return Err(ParseError::new(
                    "expected a coin: `H` or `1` (heads), `T` or `0` (tails)",
                    base + i + 1,
                    c.to_string(),
                ));
            }
        }
    }
    if out.is_empty() {
        return Err(ParseError::new("expected a row of coins such as `THHTH`", 1, ""));
    }
    if out.len() > MAX_TURNING_COINS {
        return Err(ParseError::new(
            format!("at most {MAX_TURNING_COINS} coins are supported"),
            base + MAX_TURNING_COINS + 1,
            "",
        ));
    }
    Ok(out)
}

impl Notation<Vec<bool>> for TurningGame {
    fn parse_position(&self, text: &str) -> Result<Vec<bool>, ParseError> {
        let coins = parse_coins(text)?;
        if self.kind == TurningKind::FlipAny
            && let Some(i) = coins.iter().rposition(|&c| c)
            && i >= 64
        {
            return Err(ParseError::new(
                "flip-left values are 2^n: heads are supported on the first 64 coins",
                i + 1,
                "1",
            ));
        }
        Ok(coins)
    }

    fn format_position(&self, p: &Vec<bool>) -> String {
        let (h, t) = if self.kind == TurningKind::FlipAny {
            ('1', '0')
        } else {
            ('H', 'T')
        };
        p.iter().map(|&c| if c { h } else { t }).collect()
    }

    fn describe_move(&self, from: &Vec<bool>, to: &Vec<bool>) -> String {
        let turned: Vec<String> = (0..from.len())
            .rev()
            .filter(|&i| from[i] != to[i])
            .map(|i| (i + 1).to_string())
            .collect();
        format!("turn coin(s) {}", turned.join(", "))
    }
}

impl BoardRules for TurningGame {
    fn misere_check(&self, p: &Vec<bool>) -> Result<(), OutOfReach> {
        TurningGame::misere_check(self, p)
    }
}

/// Builds the turning game of `kind` (it takes no parameters).
fn build_kind(
    name: &str,
    params: Option<&str>,
    kind: TurningKind,
) -> crate::registry::Result<Box<dyn Ruleset>> {
    no_params(name, params)?;
    Ok(Box::new(CellGrid {
        name: name.to_string(),
        rules: TurningGame::new(kind),
    }))
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
    Entry {
        name: "turning-turtles",
        params: "",
        family: Family::Impartial,
        summary: "turn a heads coin to tails and optionally one coin to its left",
        notation: "a row of coins, leftmost first: `H`/`1` heads, `T`/`0` tails, e.g. `THHTTH`",
        example: "value turning-turtles THHTTH",
        example2: "value turning-turtles HHH",
        rules: "A row of coins showing heads `H` or tails `T`. A move turns a heads coin to tails and may also turn over one coin anywhere to its left. The player who cannot move loses.",
        known: "Turning Turtles is Nim in disguise: a heads coin at position n (counting from 1 at the left) is a nim-heap of size n, and a position is the nim-sum of its heads coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
        build: |n, p| build_kind(n, p, TurningKind::TurningTurtles),
    },
    Entry {
        name: "mock-turtles",
        params: "",
        family: Family::Impartial,
        summary: "turn a heads coin to tails and up to two coins to its left (values: odious numbers)",
        notation: "a row of coins, leftmost first: `H`/`1` heads, `T`/`0` tails, e.g. `THHTTH`",
        example: "value mock-turtles THHTTH",
        example2: "value mock-turtles HHHH",
        rules: "A row of coins showing heads `H` or tails `T`. A move turns a heads coin to tails and may also turn over one or two coins anywhere to its left. The player who cannot move loses.",
        known: "A heads coin at position n (from 0 at the left) is worth the n-th odious number 1, 2, 4, 7, 8, 11, 13, 14, … (numbers with an odd count of binary ones, OEIS A000069), and a position is the nim-sum of its coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
        build: |n, p| build_kind(n, p, TurningKind::MockTurtles),
    },
    Entry {
        name: "ruler",
        params: "",
        family: Family::Impartial,
        summary: "turn a run of consecutive coins whose rightmost coin goes heads to tails",
        notation: "a row of coins, leftmost first: `H`/`1` heads, `T`/`0` tails, e.g. `THHTTH`",
        example: "value ruler THHTTH",
        example2: "value ruler TTTTTTTH",
        rules: "A row of coins showing heads `H` or tails `T`. A move turns over a run of consecutive coins whose rightmost coin goes from heads to tails. The player who cannot move loses.",
        known: "A heads coin at position n (from 1 at the left) is worth the largest power of 2 dividing n (OEIS A006519), and a position is the nim-sum of its coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
        build: |n, p| build_kind(n, p, TurningKind::Ruler),
    },
    Entry {
        name: "flip-left",
        params: "",
        family: Family::Impartial,
        summary: "turn a 1 to 0 and any bits to its left (value: the string as a binary number); formerly `flip01`, which still works",
        notation: "a 01 string, leftmost coin first, e.g. `0110` (also `THHT`)",
        example: "value flip-left 0110",
        example2: "value flip-left 1011",
        rules: "A string of 0s and 1s. A move turns one 1 into 0 and may turn over any of the coins to its left. The player who cannot move (all 0s) loses.",
        known: "A 1 at position i (from 0 at the left) is worth 2^i, so the value is the string read as a binary number with the leftmost digit as the lowest bit (coin-turning theorem, Winning Ways, 1st ed. 1982, ch. 14; checked against search in sprague's tests).",
        build: |n, p| build_kind(n, p, TurningKind::FlipAny),
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    /// The ruleset with decomposition and closed forms switched off.
    struct Plain(TurningGame);
    impl ImpartialRules for Plain {
        type Position = Vec<bool>;
        fn moves(&self, p: &Vec<bool>, out: &mut Vec<Vec<bool>>) {
            self.0.moves(p, out);
        }
    }

    const KINDS: [TurningKind; 4] = [
        TurningKind::TurningTurtles,
        TurningKind::MockTurtles,
        TurningKind::Ruler,
        TurningKind::FlipAny,
    ];

    #[test]
    fn single_coin_values_match_full_search_and_sources() {
        for kind in KINDS {
            let g = TurningGame::new(kind);
            let plain = Plain(g);
            let mut s = GrundySolver::new(&plain);
            for i in 0..9 {
                let mut p = vec![false; i + 1];
                p[i] = true;
                assert_eq!(
                    Some(s.grundy(&p).unwrap().get()),
                    g.coin_value(i as u64),
                    "{kind:?} {i}"
                );
            }
        }
        // Mock Turtles: OEIS A000069 (odious numbers), Winning Ways ch. 14.
        let a000069 = [
            1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
        ];
        let mock = TurningGame::new(TurningKind::MockTurtles);
        for (i, &v) in a000069.iter().enumerate() {
            assert_eq!(mock.coin_value(i as u64), Some(v));
        }
        // Ruler: 1 2 1 4 1 2 1 8 … (Winning Ways ch. 14, the ruler function).
        let ruler = TurningGame::new(TurningKind::Ruler);
        let values: Vec<u64> = (0..16).filter_map(|i| ruler.coin_value(i)).collect();
        assert_eq!(values, vec![1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
    }

    #[test]
    fn whole_rows_match_full_search() {
        for kind in KINDS {
            let g = TurningGame::new(kind);
            let plain = Plain(g);
            let mut full = GrundySolver::new(&plain);
            let mut fast = GrundySolver::new(&g);
            let len = 8;
            for mask in 0u32..(1 << len) {
                let p: Vec<bool> = (0..len).map(|i| mask >> i & 1 == 1).collect();
                let want = full.grundy(&p).unwrap();
                assert_eq!(fast.grundy(&p).unwrap(), want, "{kind:?} {mask:b}");
                let mut w1 = full.winning_moves(&p).unwrap();
                let mut w2 = fast.winning_moves(&p).unwrap();
                w1.sort();
                w1.dedup();
                w2.sort();
                w2.dedup();
                assert_eq!(w2, w1, "{kind:?} {mask:b}");
            }
        }
    }

    #[test]
    fn notation() {
        assert_eq!(parse_coins("TH10").unwrap(), vec![false, true, true, false]);
        assert_eq!(parse_coins("THx").unwrap_err().column, 3);
        let g = TurningGame::new(TurningKind::Ruler);
        assert_eq!(g.format_position(&vec![false, true]), "TH");
    }
}
