//! The Coin Game of HDU 3951: coins in a circle (and, after the first move,
//! in rows); a move takes 1 to K consecutive coins.

use crate::heap::{GrundyTable, HeapGame, TakeBreak};
use crate::notation::{ParseError, parse_u64_token};
use crate::out_of_reach::OutOfReach;
use crate::play::PlayEngine;
use crate::registry::count::check_count;
use crate::registry::{
    BoardRules, CellGrid, Entry, Error, Family, Options, RangeCount, Report, Result, Ruleset, read_position,
    whole_param,
};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};
use std::collections::BTreeMap;
use std::sync::RwLock;

/// One part of a Coin Game position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CoinPart {
    /// A circle of this many coins (the first and last are adjacent).
    Circle(u64),
    /// A row of this many coins.
    Row(u64),
}

/// Largest K accepted (the rows are the octal game with K digits 7).
pub const COIN_GAME_MAX_K: u64 = 64;

/// Most row values tabulated while looking for the rows' period.
pub const COIN_GAME_ROW_TABLE: usize = 1 << 13;

/// Heaps below this size are enumerated move by move; larger rows use the
/// proven period of the rows' octal game.
const ENUMERATE_LIMIT: u64 = 4096;

/// Row values computed when the game is made; more on demand.
const FIRST_ROWS: usize = 256;

/// The Coin Game (HDU 3951): a move takes between 1 and `K` consecutive
/// coins from one circle or row; the player who takes the last coin wins.
/// Taking coins from a circle of `n` leaves a row of the rest; taking from a
/// row leaves up to two rows. Rows alone are the octal game `0.77…7` (`K`
/// sevens: Kayles for K = 2).
///
/// Closed form of a circle of `n ≥ 1` coins (checked against search for
/// every K ≤ 6 and n ≤ 26): if `n ≤ K` the mover takes every coin and
/// wins; if `K = 1` the coins go one by one and the mover wins iff `n` is
/// odd (value `n mod 2`); otherwise the first move leaves a row of at most
/// `n − 1` coins, and the second player takes its middle one or two coins
/// and copies every later move in the mirror, so the circle is lost (value
/// 0). So the first player wins iff `K ≥ n` or (`K = 1` and `n` odd).
///
/// ```
/// use sprague::games::CoinGame;
/// let g = CoinGame::new(2).unwrap();
/// assert!(g.circle_value(10).is_zero());
/// assert!(!g.circle_value(2).is_zero());
/// assert!(!CoinGame::new(1).unwrap().circle_value(7).is_zero());
/// ```
#[derive(Debug)]
pub struct CoinGame {
    k: u64,
    rows: TakeBreak,
    /// The rows' values `G(0 .. len)` and their period when proven, grown on
    /// demand (each doubling costs O(len² K)): a position only pays for the
    /// rows it holds.
    table: RwLock<GrundyTable>,
}

impl Clone for CoinGame {
    fn clone(&self) -> Self {
        CoinGame {
            k: self.k,
            rows: self.rows.clone(),
            table: RwLock::new(self.read_table().clone()),
        }
    }
}

impl CoinGame {
    /// The Coin Game taking 1 to `k` coins; `None` unless `1 ≤ k ≤ 64`.
    /// Tabulates the rows' values until their period is proven, at most
    /// [`COIN_GAME_ROW_TABLE`] of them (K = 2, 4, 6, 8 prove theirs early;
    /// odd K ≥ 3 show no period that soon, so longer rows are refused).
    #[must_use]
    pub fn new(k: u64) -> Option<CoinGame> {
        if !(1..=COIN_GAME_MAX_K).contains(&k) {
            return None;
        }
        let code = format!("0.{}", "7".repeat(k as usize));
        let rows = TakeBreak::parse(&code).ok()?;
        let table = RwLock::new(GrundyTable::compute(&rows, FIRST_ROWS));
        Some(CoinGame { k, rows, table })
    }

    fn read_table(&self) -> std::sync::RwLockReadGuard<'_, GrundyTable> {
        self.table
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The value of a row of `n` from the table as it stands: `Ok(value)`,
    /// `Ok(None)` when no table can give it, `Err(())` when the table must
    /// grow first.
    fn tabled(table: &GrundyTable, n: u64) -> Result<Option<Nimber>, ()> {
        match table.value(n) {
            Some(v) => Ok(Some(v)),
            None if table.values().len() >= COIN_GAME_ROW_TABLE => Ok(None),
            None => Err(()),
        }
    }

    /// The most coins one move takes.
    #[must_use]
    pub const fn k(&self) -> u64 {
        self.k
    }

    /// The Grundy value of a row of `n` coins, `None` beyond the table
    /// without a proven period.
    #[must_use]
    pub fn row_value(&self, n: u64) -> Option<Nimber> {
        if n == 0 {
            return Some(Nimber::ZERO);
        }
        if self.k == 1 {
            return Some(Nimber(n % 2));
        }
        if let Ok(v) = Self::tabled(&self.read_table(), n) {
            return v;
        }
        let mut table = self
            .table
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Ok(v) = Self::tabled(&table, n) {
            return v;
        }
        // Rows up to the enumeration limit need only the values below them;
        // longer ones need the period, looked for in the whole table.
        let wanted = usize::try_from(n)
            .ok()
            .filter(|&n| n < ENUMERATE_LIMIT as usize)
            .map_or(COIN_GAME_ROW_TABLE, |n| {
                (n + 1).next_power_of_two().clamp(FIRST_ROWS, COIN_GAME_ROW_TABLE)
            });
        // Stops early once a period is proven (then every row has a value).
        *table = GrundyTable::until_proven(&self.rows, wanted);
        Self::tabled(&table, n).ok().flatten()
    }

    /// The Grundy value of a circle of `n` coins (closed form above; for
    /// `n ≤ K` the mex of the rows `0 .. n`). O(K).
    #[must_use]
    pub fn circle_value(&self, n: u64) -> Nimber {
        if self.k == 1 {
            return Nimber(n % 2);
        }
        if n == 0 || n > self.k {
            return Nimber::ZERO;
        }
        crate::nimber::mex((0..n).filter_map(|m| self.row_value(m)))
    }

    /// Whether a circle of `n` coins loses for the player to move. O(1).
    #[must_use]
    pub const fn circle_is_p(&self, n: u64) -> bool {
        if self.k == 1 {
            n.is_multiple_of(2)
        } else {
            n == 0 || n > self.k
        }
    }

    /// The options of one part, each as the parts it leaves.
    fn part_options(&self, part: CoinPart, f: &mut dyn FnMut(&[CoinPart])) {
        match part {
            CoinPart::Circle(n) => {
                for j in 1..=self.k.min(n) {
                    if n == j {
                        f(&[]);
                    } else {
                        f(&[CoinPart::Row(n - j)]);
                    }
                }
            }
            CoinPart::Row(n) => self.rows.heap_options(n, &mut |heaps| {
                let parts: Vec<CoinPart> = heaps.iter().map(|&h| CoinPart::Row(h)).collect();
                f(&parts);
            }),
        }
    }

    /// `Err(reason)` when a row of `p` is too long to value: longer than the
    /// rows' table while their period is not proven (search would list
    /// every split of it).
    ///
    /// # Errors
    /// Such a row.
    pub fn check_rows(&self, p: &[CoinPart]) -> Result<(), OutOfReach> {
        for &part in p {
            if let CoinPart::Row(n) = part
                && n > ENUMERATE_LIMIT
                && self.row_value(n).is_none()
            {
                return Err(OutOfReach::too_large(
                    format!(
                        "a row is too long: with K = {} no period of the rows shows in their first {COIN_GAME_ROW_TABLE} values, so a row is searched",
                        self.k
                    ),
                    "coins",
                    n,
                    ENUMERATE_LIMIT,
                ));
            }
        }
        Ok(())
    }

    /// Misère play is searched: positions are limited to 64 coins.
    ///
    /// # Errors
    /// More than 64 coins.
    pub fn misere_check(&self, p: &[CoinPart]) -> Result<(), OutOfReach> {
        let coins: u64 = p
            .iter()
            .map(|&c| match c {
                CoinPart::Circle(n) | CoinPart::Row(n) => n,
            })
            .fold(0u64, u64::saturating_add);
        if coins > 64 {
            return Err(OutOfReach::too_large(
                "misère play is searched",
                "coins",
                coins,
                64,
            ));
        }
        Ok(())
    }
}

/// Sorts parts (circles first, then rows, by size) without empty ones.
fn normalise(mut parts: Vec<CoinPart>) -> Vec<CoinPart> {
    parts.retain(|&p| !matches!(p, CoinPart::Circle(0) | CoinPart::Row(0)));
    parts.sort_unstable();
    parts
}

impl ImpartialRules for CoinGame {
    /// Circles and rows, sorted.
    type Position = Vec<CoinPart>;

    fn moves(&self, p: &Vec<CoinPart>, out: &mut Vec<Vec<CoinPart>>) {
        for (i, &part) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == part {
                continue;
            }
            self.part_options(part, &mut |left| {
                let mut q = p.clone();
                q.remove(i);
                q.extend_from_slice(left);
                out.push(normalise(q));
            });
        }
    }

    fn decompose(&self, p: &Vec<CoinPart>, out: &mut Vec<Vec<CoinPart>>) -> bool {
        if p.len() <= 1 {
            return false;
        }
        out.extend(p.iter().map(|&c| vec![c]));
        true
    }

    fn compose(&self, parts: &[Vec<CoinPart>]) -> Option<Vec<CoinPart>> {
        Some(normalise(parts.concat()))
    }

    fn closed_form(&self, p: &Vec<CoinPart>) -> Option<Nimber> {
        match p[..] {
            [] => Some(Nimber::ZERO),
            [CoinPart::Circle(n)] => Some(self.circle_value(n)),
            [CoinPart::Row(n)] => self.row_value(n),
            _ => None,
        }
    }

    fn moves_to_value(&self, p: &Vec<CoinPart>, target: Nimber) -> Option<Vec<Vec<CoinPart>>> {
        match p[..] {
            [CoinPart::Circle(n)] => {
                let mut out = Vec::new();
                for j in 1..=self.k.min(n) {
                    if self.row_value(n - j)? == target {
                        out.push(normalise(vec![CoinPart::Row(n - j)]));
                    }
                }
                Some(out)
            }
            [CoinPart::Row(n)] if n > ENUMERATE_LIMIT => {
                let value = |m: u64| self.row_value(m);
                let found = self.rows.huge_heap_moves(n, target, &value)?;
                Some(
                    found
                        .into_iter()
                        .map(|heaps| normalise(heaps.into_iter().map(CoinPart::Row).collect()))
                        .collect(),
                )
            }
            _ => None,
        }
    }
}

impl Notation<Vec<CoinPart>> for CoinGame {
    /// Parts separated by spaces: `N` a circle of N coins (the game of HDU
    /// 3951), `rN` a row of N coins.
    fn parse_position(&self, text: &str) -> Result<Vec<CoinPart>, ParseError> {
        let mut parts = Vec::new();
        for word in text.split_whitespace() {
            let column = word.as_ptr() as usize - text.as_ptr() as usize + 1;
            let part = match word.strip_prefix(['r', 'R']) {
                Some(n) => CoinPart::Row(parse_u64_token(n, column + 1, "a row length after `r`")?),
                None => CoinPart::Circle(parse_u64_token(
                    word,
                    column,
                    "a circle size (or `rN` for a row)",
                )?),
            };
            parts.push(part);
        }
        if parts.is_empty() {
            return Err(ParseError::new(
                "expected a circle of coins `N` (and rows `rN`), e.g. `10` or `10 r3`",
                1,
                "",
            ));
        }
        Ok(normalise(parts))
    }

    fn format_position(&self, p: &Vec<CoinPart>) -> String {
        if p.is_empty() {
            return "0".to_string();
        }
        let words: Vec<String> = p
            .iter()
            .map(|c| match c {
                CoinPart::Circle(n) => n.to_string(),
                CoinPart::Row(n) => format!("r{n}"),
            })
            .collect();
        words.join(" ")
    }

    fn describe_move(&self, from: &Vec<CoinPart>, to: &Vec<CoinPart>) -> String {
        let count = |p: &Vec<CoinPart>| -> u64 {
            p.iter()
                .map(|&c| match c {
                    CoinPart::Circle(n) | CoinPart::Row(n) => n,
                })
                .sum()
        };
        let taken = count(from) - count(to);
        format!("take {taken} coin(s), leaving {}", self.format_position(to))
    }
}

/// The Coin Game as a registry ruleset: [`CellGrid`] for values and play,
/// plus counts of circles over ranges.
struct CoinBoard(CellGrid<CoinGame>);

impl CoinBoard {
    /// Refuses rows too long to value ([`CoinGame::check_rows`]).
    fn check(&self, position: &str) -> Result<()> {
        let p = read_position(&self.0.rules, position)?;
        self.0
            .rules
            .check_rows(&p)
            .map_err(|e| Error::input(format!("position `{position}`: {e}")))
    }
}

impl Ruleset for CoinBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        self.check(position)?;
        self.0.value(position, options)
    }

    /// Circles of `n` coins for `n` in `[low, high]`, by the closed form:
    /// values `n mod 2` for K = 1; for K ≥ 2 value 0 above K and the mex of
    /// the small rows up to K. O(K).
    fn count(&self, low: u64, high: u64, options: &Options<'_>) -> Result<Report> {
        check_count(&self.0.name, low, high, options)?;
        let g = &self.0.rules;
        let mut h: BTreeMap<u64, u128> = BTreeMap::new();
        let how = if g.k() == 1 {
            // Evens in [low, high]: ⌊high/2⌋ − ⌊(low − 1)/2⌋ (with low = 0 counted).
            let evens = |x: u64| u128::from(x) / 2 + 1; // evens in [0, x]
            let e = evens(high) - low.checked_sub(1).map_or(0, evens);
            let total = u128::from(high) - u128::from(low) + 1;
            h.insert(0, e);
            h.insert(1, total - e);
            "the closed form: a circle of n coins has value n mod 2 when K = 1".to_string()
        } else {
            let small_end = high.min(g.k());
            if low <= small_end {
                for n in low..=small_end {
                    *h.entry(g.circle_value(n).get()).or_default() += 1;
                }
            }
            let big_start = low.max(g.k() + 1);
            if big_start <= high {
                *h.entry(0).or_default() += u128::from(high - big_start) + 1;
            }
            format!(
                "the closed form: a circle of n > K = {} coins loses (the second player mirrors), smaller circles are won",
                g.k()
            )
        };
        h.retain(|_, c| *c > 0);
        Ok(RangeCount {
            low,
            high,
            p_positions: h.get(&0).copied().unwrap_or(0),
            by_value: Some(h.into_iter().collect()),
            how,
        }
        .report(&self.0.name))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        self.check(position)?;
        self.0.play(position, options)
    }
}

impl BoardRules for CoinGame {
    fn play_check(&self, p: &Vec<CoinPart>) -> core::result::Result<(), String> {
        let coins: u64 = p
            .iter()
            .map(|&c| match c {
                CoinPart::Circle(n) | CoinPart::Row(n) => n,
            })
            .fold(0, u64::saturating_add);
        if coins > 512 {
            return Err(format!("too large to play (at most 512 coins, found {coins})"));
        }
        Ok(())
    }
    fn misere_check(&self, p: &Vec<CoinPart>) -> Result<(), OutOfReach> {
        CoinGame::misere_check(self, p)
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "coin-game",
    params: "K",
    family: Family::Impartial,
    summary: "Coin Game (HDU 3951): take 1 to K consecutive coins from a circle (then from rows)",
    notation: "`N` a circle of N coins (any u64), `rN` a row; parts separated by spaces, e.g. `10` or `7 r3`",
    example: "value coin-game:2 10",
    example2: "count coin-game:1 --range 1,1000000000",
    rules: "Coins lie in a circle. A move takes between 1 and K coins that are next to each other (the first and last coins of the circle are neighbours, but coins on either side of a gap are not). After the first move the coins form a row, and later moves may split rows in two. The player who takes the last coin wins. HDU 3951 asks who wins a circle of N coins.",
    known: "The first player wins a circle of N ≥ 1 coins iff K ≥ N (take them all) or K = 1 and N is odd; otherwise the first move leaves one row and the second player takes its middle one or two coins and mirrors every later move (HDU 3951; checked against search for every K ≤ 6 and N ≤ 26). Rows alone are the octal game 0.77…7 with K sevens (Kayles for K = 2, Winning Ways, 2nd ed., vol. 1, ch. 4), valued through its proven period.",
    build: |name, params| {
        let k = whole_param(name, params, "K")?;
        let rules = CoinGame::new(k).ok_or_else(|| {
            Error::input(format!(
                "ruleset `{name}:{k}`: K must be between 1 and {}",
                COIN_GAME_MAX_K
            ))
        })?;
        Ok(Box::new(CoinBoard(CellGrid {
            name: format!("{name}:{k}"),
            rules,
        })))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    /// The rules without closed forms or decomposition: the definition.
    struct Plain<'a>(&'a CoinGame);
    impl ImpartialRules for Plain<'_> {
        type Position = Vec<CoinPart>;
        fn moves(&self, p: &Vec<CoinPart>, out: &mut Vec<Vec<CoinPart>>) {
            self.0.moves(p, out);
        }
    }

    #[test]
    fn circles_match_search_and_the_hdu_rule() {
        for k in 1..=6u64 {
            let g = CoinGame::new(k).unwrap();
            let plain_rules = Plain(&g);
            let mut plain = GrundySolver::new(&plain_rules);
            for n in 1..=26u64 {
                let p = vec![CoinPart::Circle(n)];
                let v = plain.grundy(&p).unwrap();
                assert_eq!(v, g.circle_value(n), "K = {k}, n = {n}");
                // HDU 3951: the first player wins iff K ≥ n or (K = 1 and n odd).
                assert_eq!(!v.is_zero(), k >= n || (k == 1 && n % 2 == 1), "K = {k}, n = {n}");
                assert_eq!(g.circle_is_p(n), v.is_zero());
            }
            for n in 0..=30u64 {
                let p = normalise(vec![CoinPart::Row(n)]);
                assert_eq!(
                    Some(plain.grundy(&p).unwrap()),
                    g.row_value(n),
                    "K = {k}, row {n}"
                );
            }
        }
    }

    #[test]
    fn sums_and_winning_moves_match_search() {
        let g = CoinGame::new(3).unwrap();
        let plain_rules = Plain(&g);
        let mut plain = GrundySolver::new(&plain_rules);
        let mut fast = GrundySolver::new(&g);
        for text in ["5 r4", "3 r2 r7", "9", "r10 r10", "2"] {
            let p = g.parse_position(text).unwrap();
            assert_eq!(fast.grundy(&p).unwrap(), plain.grundy(&p).unwrap(), "{text}");
            let mut a = fast.winning_moves(&p).unwrap();
            let mut b = plain.winning_moves(&p).unwrap();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{text}");
        }
    }

    #[test]
    fn huge_circles_and_rows() {
        let g = CoinGame::new(10).unwrap();
        let mut fast = GrundySolver::new(&g);
        let p = g.parse_position("1000000000").unwrap();
        assert!(fast.grundy(&p).unwrap().is_zero());
        // K = 4: rows have period 24 from 142, proven.
        let g = CoinGame::new(4).unwrap();
        let mut fast = GrundySolver::new(&g);
        let p = g.parse_position("r1000000000000").unwrap();
        assert!(!fast.grundy(&p).unwrap().is_zero());
        assert!(!fast.winning_moves(&p).unwrap().is_empty());
        assert!(CoinGame::new(0).is_none() && CoinGame::new(65).is_none());
        assert_eq!(g.parse_position("10 x").unwrap_err().column, 4);
    }
}
