//! Tables of heap families with periods proven by the take-and-break code
//! their moves follow, for games defined outside the engine (rules scripts,
//! Python classes) as well as inside it.
//!
//! A family `start(0), start(1), …` ([`Definition::start`]) is a one-heap
//! game when every option of `start(n)` splits (by
//! [`ImpartialRules::decompose`]) into members `start(m)` with `m < n`: its
//! values are then the mex over the heaps each option leaves
//! ([`plain_values`], O(Σ options)), or misère Grundy values. While
//! tabulating, [`CodeWatch`] notes for each option how many tokens it removes
//! and how many heaps it leaves: the digits of a take-and-break code. When
//! the options of every heap tabulated are exactly those of that code, the
//! octal periodicity theorem ([`TakeBreak::period_rule`]) proves the period
//! found in the values, for the game with that code, which the definition
//! was checked to play on every heap of the table.

use super::report::Table;
use crate::definition::Definition;
use crate::heap::{
    HeapGame, MAX_CODE_DIGITS, PeriodRule, TakeBreak, find_period, misere_grundy_values_with, plain_values,
};
use crate::impartial::ImpartialRules;
use crate::monitor::Monitor;
use crate::query::{Error, OnProgress, Options, Result};
use core::hash::Hash;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

/// A heap game whose options are watched, heap by heap, for the
/// take-and-break code they follow (see the module docs), and stopped
/// cleanly when the monitor asks: a heap asked for after the stop gets no
/// options, and [`CodeWatch::stopped_at`] says which heap that was.
///
/// ```
/// use sprague::heap::{TakeBreak, plain_values};
/// use sprague::registry::CodeWatch;
/// use sprague::Monitor;
/// let monitor = Monitor::new();
/// let kayles = TakeBreak::parse("0.77").unwrap();
/// let watch = CodeWatch::new(&kayles, &monitor);
/// let values = plain_values(&watch, 100, &mut |_| true);
/// assert_eq!(watch.code(values.len()).map(|c| c.to_string()), Some("0.77".to_string()));
/// ```
pub struct CodeWatch<'g, G: ?Sized> {
    game: &'g G,
    monitor: &'g Monitor,
    /// The digits seen: bit `1 << parts` of digit `removed`.
    digits: RefCell<Vec<u8>>,
    /// False once an option does not fit any take-and-break code.
    code_like: Cell<bool>,
    /// Order-free fingerprint of each heap's set of options, by heap.
    fingerprints: RefCell<Vec<Option<u128>>>,
    /// The first heap asked for after a stop was requested.
    stopped_at: Cell<Option<u64>>,
}

impl<'g, G: HeapGame + ?Sized> CodeWatch<'g, G> {
    /// Watches `game`; `monitor` is polled before each heap.
    #[must_use]
    pub fn new(game: &'g G, monitor: &'g Monitor) -> Self {
        CodeWatch {
            game,
            monitor,
            digits: RefCell::new(Vec::new()),
            code_like: Cell::new(true),
            fingerprints: RefCell::new(Vec::new()),
            stopped_at: Cell::new(None),
        }
    }

    /// The first heap asked for after the monitor asked for a stop, if any
    /// (values from that heap on are not values of the game).
    #[must_use]
    pub fn stopped_at(&self) -> Option<u64> {
        self.stopped_at.get()
    }

    /// Notes the take-and-break digit of an option of heap `n` leaving
    /// `parts` (sorted).
    fn note(&self, n: u64, parts: &[u64]) {
        let total: u64 = parts.iter().sum();
        if parts.len() > 3 || parts.contains(&0) || total > n || (parts.len() == 1 && total == n) {
            self.code_like.set(false);
            return;
        }
        let removed = match usize::try_from(n - total) {
            Ok(r) if r <= MAX_CODE_DIGITS => r,
            _ => {
                self.code_like.set(false);
                return;
            }
        };
        let mut digits = self.digits.borrow_mut();
        if digits.len() <= removed {
            digits.resize(removed + 1, 0);
        }
        digits[removed] |= 1 << parts.len();
    }

    /// The take-and-break game whose options are exactly those seen on every
    /// heap below `count`, if there is one. O(Σ options of the code below
    /// `count`).
    #[must_use]
    pub fn code(&self, count: usize) -> Option<TakeBreak> {
        if !self.code_like.get() {
            return None;
        }
        let digits = self.digits.borrow();
        let hex = digits.iter().any(|d| d & 8 != 0);
        let mut text = String::new();
        for (i, d) in digits.iter().enumerate() {
            if i == 1 {
                text.push('.');
            }
            text.push(char::from_digit(u32::from(*d), 16)?);
        }
        if digits.len() <= 1 {
            text.push_str(".0");
        }
        let code = if hex {
            TakeBreak::parse_hex(&text).ok()?
        } else {
            TakeBreak::parse(&text).ok()?
        };
        let fingerprints = self.fingerprints.borrow();
        for n in 0..count {
            let mut options: HashSet<Key> = HashSet::new();
            let mut fits = true;
            code.heap_options(n as u64, &mut |parts| {
                let mut v = parts.to_vec();
                v.sort_unstable();
                match key(&v) {
                    Some(k) => {
                        options.insert(k);
                    }
                    None => fits = false,
                }
            });
            if !fits || fingerprints.get(n).copied().flatten() != Some(fingerprint(options.iter())) {
                return None;
            }
        }
        Some(code)
    }
}

impl<G: HeapGame + ?Sized> HeapGame for CodeWatch<'_, G> {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if self.stopped_at.get().is_some() {
            return;
        }
        if self.monitor.stop_requested() {
            self.stopped_at.set(Some(n));
            return;
        }
        let watching = self.code_like.get();
        let mut seen: HashSet<Key> = HashSet::new();
        let mut sorted = Vec::with_capacity(4);
        self.game.heap_options(n, &mut |parts| {
            f(parts);
            if !self.code_like.get() {
                return;
            }
            sorted.clear();
            sorted.extend_from_slice(parts);
            sorted.sort_unstable();
            match key(&sorted) {
                Some(k) => {
                    if seen.insert(k) {
                        self.note(n, &sorted);
                    }
                }
                None => self.code_like.set(false),
            }
        });
        if watching && self.code_like.get() {
            let mut fingerprints = self.fingerprints.borrow_mut();
            let Ok(i) = usize::try_from(n) else { return };
            if fingerprints.len() <= i {
                fingerprints.resize(i + 1, None);
            }
            fingerprints[i] = Some(fingerprint(seen.iter()));
        }
    }
}

/// An option of a take-and-break game as a key: its number of heaps and
/// the heaps (sorted, unused slots 0). A take-and-break option leaves at
/// most three heaps (two for octal codes, three for hexadecimal ones).
type Key = (u8, [u64; 3]);

/// The key of an option with `parts` (sorted), if it has at most three.
fn key(parts: &[u64]) -> Option<Key> {
    let mut k = [0u64; 3];
    k.get_mut(..parts.len())?.copy_from_slice(parts);
    Some((u8::try_from(parts.len()).ok()?, k))
}

/// An order-free fingerprint of a set of options: two independent 64-bit
/// sums of mixed hashes of the keys (splitmix64 finalisers with different
/// seeds).
fn fingerprint<'k>(options: impl Iterator<Item = &'k Key>) -> u128 {
    let (mut a, mut b) = (0u64, 0u64);
    for (len, heaps) in options {
        let (mut x, mut y) = (u64::from(*len), u64::from(*len) ^ 0x9e37_79b9_7f4a_7c15);
        for &h in heaps {
            x = mix(x ^ h);
            y = mix(y.wrapping_add(h).rotate_left(17));
        }
        a = a.wrapping_add(x);
        b = b.wrapping_add(y);
    }
    (u128::from(a) << 64) | u128::from(b)
}

/// The splitmix64 finaliser: a bijective mix of 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `G(0 .. count)` of a one-heap game, normal play or misère (by
/// `options.misere`), with the period found in them; in normal play the
/// period is proven when the options seen are exactly those of a
/// take-and-break code ([`CodeWatch`]). A stop through `options.monitor`
/// ends the table early (the values before the stop are kept).
///
/// Complexity: O(Σ options) in normal play, plus the check of the code.
///
/// # Errors
/// The misère search's state budget.
///
/// ```
/// use sprague::heap::TakeBreak;
/// use sprague::{Monitor, Options, registry::heap_game_table};
/// let monitor = Monitor::new();
/// let dawson = TakeBreak::parse("0.07").unwrap();
/// let t = heap_game_table(&dawson, 200, &Options::new(&monitor), &mut |_| true).unwrap();
/// let p = t.period.unwrap();
/// assert_eq!((p.preperiod, p.period, p.proven), (53, 34, true));
/// ```
pub fn heap_game_table<G: HeapGame + ?Sized>(
    game: &G,
    count: usize,
    options: &Options<'_>,
    progress: &mut OnProgress<'_>,
) -> Result<Table> {
    options.check_memory(count as u64, 8, "the table's values")?;
    let watch = CodeWatch::new(game, options.monitor);
    let mut values = if options.misere {
        misere_grundy_values_with(&watch, count, options.max_states, options.monitor, progress)?
    } else {
        plain_values(&watch, count, progress)
    };
    if let Some(n) = watch.stopped_at() {
        values.truncate(usize::try_from(n).unwrap_or(usize::MAX));
        return Ok(Table::with_period_found(values));
    }
    if options.misere {
        return Ok(Table::with_period_found(values));
    }
    let rule: Option<PeriodRule> = game
        .period_rule()
        .or_else(|| watch.code(values.len()).and_then(|c| c.period_rule()));
    Ok(Table {
        period: find_period(&values, rule),
        values,
    })
}

/// The answer of [`heap_family_table`]: the table of a family that is a
/// one-heap game, or why it is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapFamily {
    /// Every option of every member splits into smaller members.
    Table(Table),
    /// The first option that does not, in words.
    NotHeaps(String),
}

/// The family `start(0), start(1), …` of `rules` as a one-heap game.
struct FamilyHeaps<'a, R: ImpartialRules> {
    rules: &'a R,
    /// `n` by the key of `start(n)` (its normal form), the first `n` for
    /// repeated members.
    index: HashMap<R::Position, u64>,
    starts: &'a [R::Position],
    /// Whether `start(0)` has no options (then a part `start(0)` is nothing).
    zero_is_empty: bool,
    /// Why the family is not a heap game, once found.
    not_heaps: RefCell<Option<String>>,
    /// How a position is written in messages.
    show: &'a dyn Fn(&R::Position) -> String,
}

impl<R: ImpartialRules> FamilyHeaps<'_, R>
where
    R::Position: Eq + Hash,
{
    fn key(&self, p: &R::Position) -> R::Position {
        self.rules.normalize(p).unwrap_or_else(|| p.clone())
    }

    /// The heaps of option `q` of `start(n)` into `parts`, or why it is not
    /// made of smaller members of the family.
    fn parts(&self, n: u64, q: &R::Position, parts: &mut Vec<u64>) -> core::result::Result<(), String> {
        parts.clear();
        let not_heaps = || {
            format!(
                "option {} of start({n}) is not made of positions start(m) with m < {n}",
                (self.show)(q)
            )
        };
        let mut add = |m: u64| -> core::result::Result<(), String> {
            if m >= n {
                return Err(not_heaps());
            }
            if !(m == 0 && self.zero_is_empty) {
                parts.push(m);
            }
            Ok(())
        };
        if let Some(&m) = self.index.get(&self.key(q)) {
            return add(m);
        }
        let mut split = Vec::new();
        if !self.rules.decompose(q, &mut split) {
            return Err(not_heaps());
        }
        for c in &split {
            add(*self.index.get(&self.key(c)).ok_or_else(not_heaps)?)?;
        }
        Ok(())
    }
}

impl<R: ImpartialRules> HeapGame for FamilyHeaps<'_, R> {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if self.not_heaps.borrow().is_some() {
            return;
        }
        let Some(p) = usize::try_from(n).ok().and_then(|i| self.starts.get(i)) else {
            return;
        };
        let mut options = Vec::new();
        self.rules.moves(p, &mut options);
        let mut parts = Vec::with_capacity(4);
        for q in &options {
            if let Err(why) = self.parts(n, q, &mut parts) {
                *self.not_heaps.borrow_mut() = Some(why);
                return;
            }
            f(&parts);
        }
    }
}

/// The table of the family `start(0 .. count)` of `rules`
/// ([`Definition::start`]) when it is a one-heap game: every option of
/// `start(n)` is a member `start(m)` with `m < n` or splits by
/// [`ImpartialRules::decompose`] into such members (members compared by
/// their [`normalize`](ImpartialRules::normalize)d form; a part `start(0)`
/// is nothing when `start(0)` has no move). Values as
/// [`heap_game_table`] makes them (normal or misère play, a period proven
/// by the take-and-break code the moves follow); the family stops at the
/// first `n` without `start(n)`. `show` writes a position in messages.
///
/// Complexity: O(Σ options) ruleset calls and hash look-ups.
///
/// # Errors
/// No `start(0)`, the memory and state budgets; a family that is not a
/// one-heap game is [`HeapFamily::NotHeaps`], not an error.
///
/// ```
/// use sprague::{Definition, ImpartialRules, Monitor, Options};
/// use sprague::registry::{HeapFamily, heap_family_table};
///
/// /// Dawson's Kayles as rows of pins: a move knocks down two adjacent
/// /// pins, positions are rows (several rows: a sum, split by decompose).
/// struct Rows;
/// impl ImpartialRules for Rows {
///     type Position = Vec<u64>;
///     fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
///         for (i, &n) in p.iter().enumerate() {
///             for a in 0..n.saturating_sub(1) {
///                 let mut q = p.clone();
///                 q.remove(i);
///                 q.extend([a, n - 2 - a].into_iter().filter(|&r| r > 0));
///                 q.sort_unstable();
///                 out.push(q);
///             }
///         }
///     }
///     fn decompose(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
///         if p.len() == 1 {
///             return false;
///         }
///         out.extend(p.iter().map(|&r| vec![r]));
///         true
///     }
/// }
/// impl Definition<Vec<u64>> for Rows {
///     fn start(&self, n: u64) -> Option<Vec<u64>> {
///         Some(if n == 0 { vec![] } else { vec![n] })
///     }
/// }
/// let monitor = Monitor::new();
/// let options = Options::new(&monitor);
/// let HeapFamily::Table(t) = heap_family_table(&Rows, 200, &options, &mut |_| true, &|p| format!("{p:?}")).unwrap()
/// else { panic!("rows are heaps") };
/// // Dawson's Kayles is octal 0.07: period 34 from heap 53, proven.
/// let p = t.period.unwrap();
/// assert_eq!((p.preperiod, p.period, p.proven), (53, 34, true));
/// ```
pub fn heap_family_table<R>(
    rules: &R,
    count: usize,
    options: &Options<'_>,
    progress: &mut OnProgress<'_>,
    show: &dyn Fn(&R::Position) -> String,
) -> Result<HeapFamily>
where
    R: ImpartialRules + Definition<<R as ImpartialRules>::Position>,
{
    // Each member is kept twice (the list and the index by its key).
    let member = 2 * core::mem::size_of::<R::Position>() as u64 + 16;
    options.check_memory(count as u64, member, "the family's positions")?;
    let mut starts = Vec::with_capacity(count.min(1 << 20));
    for n in 0..count {
        if n % 256 == 0 {
            options.monitor.check()?;
        }
        match rules.start(n as u64) {
            Some(p) => starts.push(p),
            None => break,
        }
    }
    let Some(first) = starts.first() else {
        return Err(Error::input(
            "this game has no family of positions start(n) to tabulate",
        ));
    };
    let mut probe = Vec::new();
    rules.moves(first, &mut probe);
    let mut heaps = FamilyHeaps {
        rules,
        index: HashMap::with_capacity(starts.len()),
        starts: &starts,
        zero_is_empty: probe.is_empty(),
        not_heaps: RefCell::new(None),
        show,
    };
    for (n, p) in starts.iter().enumerate() {
        let k = heaps.key(p);
        heaps.index.entry(k).or_insert(n as u64);
    }
    let table = heap_game_table(&heaps, starts.len(), options, progress)?;
    Ok(match heaps.not_heaps.into_inner() {
        Some(why) => HeapFamily::NotHeaps(why),
        None => HeapFamily::Table(table),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::Subtraction;

    /// Heaps of an octal code read back through a family of integers, so
    /// that the inference sees the code's own options.
    struct Code(TakeBreak);

    impl ImpartialRules for Code {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if let [n] = p.as_slice() {
                self.0.heap_options(*n, &mut |parts| out.push(parts.to_vec()));
            }
        }
        fn decompose(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
            if p.len() == 1 {
                return false;
            }
            out.extend(p.iter().map(|&h| vec![h]));
            true
        }
    }

    impl Definition<Vec<u64>> for Code {
        fn start(&self, n: u64) -> Option<Vec<u64>> {
            Some(if n == 0 { vec![] } else { vec![n] })
        }
    }

    fn table(rules: &Code, count: usize, misere: bool) -> HeapFamily {
        let monitor = Monitor::new();
        let options = Options::new(&monitor).misere(misere);
        heap_family_table(rules, count, &options, &mut |_| true, &|p| format!("{p:?}")).unwrap()
    }

    #[test]
    fn codes_are_inferred_and_periods_proven() {
        // Kayles 0.77: period 12 from heap 71 (Guy and Smith, 1956); Dawson's
        // Kayles 0.07: period 34 from 53; subtraction of 1, 3 or 4 (0.3033):
        // 0 1 0 1 2 3 2, period 7 (Winning Ways, 2nd ed., vol. 1, ch. 4).
        for (code, count, want) in [
            ("0.77", 200, (71, 12)),
            ("0.07", 200, (53, 34)),
            ("0.3033", 60, (0, 7)),
        ] {
            let rules = Code(TakeBreak::parse(code).unwrap());
            let HeapFamily::Table(t) = table(&rules, count, false) else {
                panic!("{code} is a heap family");
            };
            assert_eq!(
                t.values,
                rules
                    .0
                    .values_plain(count)
                    .iter()
                    .map(|&v| u64::from(v))
                    .collect::<Vec<_>>()
            );
            let p = t
                .period
                .unwrap_or_else(|| panic!("{code}: no period in {:?}", t.values));
            assert_eq!(
                (p.preperiod, p.period, p.proven),
                (want.0, want.1, true),
                "{code}"
            );
        }
    }

    #[test]
    fn a_game_that_is_no_code_gets_no_proof() {
        // Subtraction of 1, 3 or 4 is the code 0.3033 and gets its period
        // proven; the same game with one extra option (heap 5 may also lose
        // 2 tokens) follows no code, and its period is not proven.
        struct Odd;
        impl HeapGame for Odd {
            fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
                Subtraction::new(&[1, 3, 4]).unwrap().heap_options(n, f);
                if n == 5 {
                    f(&[3]);
                }
            }
        }
        let monitor = Monitor::new();
        let t = heap_game_table(&Odd, 100, &Options::new(&monitor), &mut |_| true).unwrap();
        assert!(t.period.is_none_or(|p| !p.proven));
        let plain = heap_game_table(
            &Subtraction::new(&[1, 3, 4]).unwrap(),
            100,
            &Options::new(&monitor),
            &mut |_| true,
        )
        .unwrap();
        assert!(plain.period.unwrap().proven);
    }

    #[test]
    fn families_that_are_not_heaps_say_why() {
        /// Heaps that may grow: an option of 3 is 5.
        struct Grows;
        impl ImpartialRules for Grows {
            type Position = u64;
            fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
                out.extend(0..n);
                if n == 3 {
                    out.push(5);
                }
            }
        }
        impl Definition<u64> for Grows {
            fn start(&self, n: u64) -> Option<u64> {
                Some(n)
            }
        }
        let monitor = Monitor::new();
        let got = heap_family_table(&Grows, 10, &Options::new(&monitor), &mut |_| true, &|p| {
            p.to_string()
        })
        .unwrap();
        assert_eq!(
            got,
            HeapFamily::NotHeaps("option 5 of start(3) is not made of positions start(m) with m < 3".into())
        );
    }

    /// The misère Grundy value of a sum of Kayles rows by the definition:
    /// 1 for no rows, else the mex over every option of the whole sum.
    fn misere_kayles(rows: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        if rows.is_empty() {
            return 1;
        }
        if let Some(&g) = memo.get(rows) {
            return g;
        }
        let mut seen = Vec::new();
        for (i, &n) in rows.iter().enumerate() {
            for k in 1..=2.min(n) {
                for a in 0..=n - k {
                    let mut q: Vec<u64> = rows.to_vec();
                    q.remove(i);
                    q.extend([a, n - k - a].into_iter().filter(|&r| r > 0));
                    q.sort_unstable();
                    seen.push(misere_kayles(&q, memo));
                }
            }
        }
        let g = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        memo.insert(rows.to_vec(), g);
        g
    }

    #[test]
    fn misere_tables_of_families_match_the_definition() {
        let rules = Code(TakeBreak::parse("0.77").unwrap());
        let HeapFamily::Table(t) = table(&rules, 13, true) else {
            panic!("heaps");
        };
        let mut memo = HashMap::new();
        let want: Vec<u64> = (0..13)
            .map(|n| {
                let rows: Vec<u64> = if n == 0 { vec![] } else { vec![n] };
                misere_kayles(&rows, &mut memo)
            })
            .collect();
        assert_eq!(t.values, want);
    }
}
