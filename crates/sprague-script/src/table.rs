//! Tables of a script's `start(n)` family through the engine's heap machinery.
//!
//! When every option of `start(n)` splits (by `fn components`) into positions
//! `start(m)` with `m < n`, the family is a one-heap game: the script becomes a
//! [`HeapGame`] and its values come from [`plain_values`] (the definition:
//! a mex over every option, O(Σ options)). While tabulating, the adapter also
//! infers the take-and-break code the script's moves follow; if the options
//! of every heap tabulated are exactly those of that code, the octal
//! periodicity theorem of [`TakeBreak::period_rule`] proves the period found
//! (for the game with that code, which the script was checked to play on
//! every heap of the table).
//!
//! Other families are valued position by position by one [`GrundySolver`]
//! (memo shared across `n`); their periods are reported as not proven.

use crate::game::ScriptGame;
use crate::pos::Pos;
use crate::script::shorten;
use rustc_hash::{FxHashMap, FxHashSet};
use sprague::heap::{PeriodRule, TakeBreak, find_period, misere_grundy_values_with, plain_values};
use sprague::monitor::Monitor;
use sprague::registry::{OnProgress, Options, Table};
use sprague::{Error, GrundySolver, HeapGame};
use std::cell::{Cell, RefCell};

/// The positions `start(0 .. count)`.
fn starts(game: &ScriptGame, count: usize, monitor: &Monitor) -> Result<Vec<Pos>, Error> {
    let script = &game.script;
    let mut out = Vec::with_capacity(count);
    for n in 0..count {
        if n.is_multiple_of(256) {
            monitor.check()?;
        }
        let n = i64::try_from(n).map_err(|_| Error::input("--count is too large"))?;
        let v = script.call("start", (n,), None).map_err(|e| Error::input(e.0))?;
        let p = Pos::from_dynamic(&v).map_err(|e| {
            Error::input(format!(
                "{}: fn start({n}) returned no position: {e}",
                script.file
            ))
        })?;
        out.push(p);
    }
    Ok(out)
}

/// The script's family as a one-heap game (see the module docs).
struct ScriptHeaps<'a> {
    game: &'a ScriptGame,
    starts: &'a [Pos],
    /// The first `n` with `start(n) == p`.
    index: FxHashMap<&'a Pos, u64>,
    /// Whether `start(n)` is the integer `n` for every `n` (then the index
    /// is not needed).
    identity: bool,
    /// Whether `start(0)` has no options (then a part `start(0)` is nothing).
    zero_is_empty: bool,
    /// Why the family is not a heap game, once found.
    not_heaps: RefCell<Option<String>>,
    /// The first heap at which a stop was requested.
    stopped_at: Cell<Option<u64>>,
    monitor: &'a Monitor,
    /// The take-and-break digits seen: bit `1 << parts` of digit `removed`.
    digits: RefCell<Vec<u8>>,
    /// False once an option does not fit any take-and-break code.
    code_like: Cell<bool>,
    /// Order-free fingerprint of each heap's set of options.
    fingerprints: RefCell<Vec<u128>>,
}

impl<'a> ScriptHeaps<'a> {
    fn new(game: &'a ScriptGame, starts: &'a [Pos], monitor: &'a Monitor) -> Self {
        let identity = starts
            .iter()
            .enumerate()
            .all(|(n, p)| p.as_int().and_then(|m| usize::try_from(m).ok()) == Some(n));
        let mut index = FxHashMap::default();
        if !identity {
            index.reserve(starts.len());
            for (n, p) in starts.iter().enumerate() {
                index.entry(p).or_insert(n as u64);
            }
        }
        let zero_is_empty = starts
            .first()
            .is_some_and(|p| game.options(crate::game::Mover::Both, p).is_empty());
        ScriptHeaps {
            game,
            starts,
            index,
            identity,
            zero_is_empty,
            not_heaps: RefCell::new(None),
            stopped_at: Cell::new(None),
            monitor,
            digits: RefCell::new(Vec::new()),
            code_like: Cell::new(true),
            fingerprints: RefCell::new(Vec::new()),
        }
    }

    /// The `m` with `start(m) == p`, if any.
    fn heap_of(&self, p: &Pos) -> Option<u64> {
        if self.identity {
            return p
                .as_int()
                .and_then(|m| u64::try_from(m).ok())
                .filter(|&m| m < self.starts.len() as u64);
        }
        self.index.get(p).copied()
    }

    /// The heaps of option `q` of heap `n` into `parts` (sorted), or why it
    /// is not made of heaps. A part that is some `start(m)` is heap `m`;
    /// any other part is split by `fn components` (a sum into its parts).
    fn parts(&self, n: u64, q: &Pos, parts: &mut Vec<u64>) -> Result<(), String> {
        parts.clear();
        let not_heaps = || {
            format!(
                "option {} of start({n}) is not made of positions start(m) with m < {n}",
                shorten(q)
            )
        };
        let mut add = |m: u64| -> Result<(), String> {
            if m >= n {
                return Err(not_heaps());
            }
            if !(m == 0 && self.zero_is_empty) {
                parts.push(m);
            }
            Ok(())
        };
        if let Some(m) = self.heap_of(q) {
            add(m)?;
        } else if let (Pos::Sum(items), false) = (q, self.game.script.has_components()) {
            for c in items.iter() {
                add(self.heap_of(c).ok_or_else(not_heaps)?)?;
            }
        } else {
            let comps = self.game.components_shared(q).ok_or_else(not_heaps)?;
            for c in comps.iter() {
                add(self.heap_of(c).ok_or_else(not_heaps)?)?;
            }
        }
        parts.sort_unstable();
        Ok(())
    }

    /// Notes the take-and-break digit bit of an option of heap `n`.
    fn note_code(&self, n: u64, parts: &[u64]) {
        let total: u64 = parts.iter().sum();
        if !self.zero_is_empty || parts.len() > 3 || total > n || (parts.len() == 1 && total == n) {
            self.code_like.set(false);
            return;
        }
        let Ok(removed) = usize::try_from(n - total) else {
            self.code_like.set(false);
            return;
        };
        let mut digits = self.digits.borrow_mut();
        if removed > sprague::heap::MAX_CODE_DIGITS {
            self.code_like.set(false);
            return;
        }
        if digits.len() <= removed {
            digits.resize(removed + 1, 0);
        }
        digits[removed] |= 1 << parts.len();
    }

    /// The take-and-break game the options seen follow on every heap below
    /// `count`, if there is one.
    fn code(&self, count: usize) -> Option<TakeBreak> {
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
            let mut options: FxHashSet<Key> = FxHashSet::default();
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
            if !fits || fingerprints.get(n) != Some(&fingerprint(options.iter())) {
                return None;
            }
        }
        Some(code)
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

impl HeapGame for ScriptHeaps<'_> {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if self.not_heaps.borrow().is_some() || self.stopped_at.get().is_some() || self.game.script.failed() {
            return;
        }
        if self.monitor.stop_requested() {
            self.stopped_at.set(Some(n));
            return;
        }
        let Some(p) = usize::try_from(n).ok().and_then(|i| self.starts.get(i)) else {
            return;
        };
        let mut options = Vec::new();
        if let Err(e) = self.game.script.positions("moves", p, &mut options) {
            self.game.script.fail(e);
            return;
        }
        let mut seen: FxHashSet<Key> = FxHashSet::default();
        seen.reserve(options.len());
        let mut parts = Vec::with_capacity(4);
        for q in &options {
            if let Err(why) = self.parts(n, q, &mut parts) {
                *self.not_heaps.borrow_mut() = Some(why);
                return;
            }
            f(&parts);
            if self.code_like.get() {
                match key(&parts) {
                    Some(k) => {
                        if seen.insert(k) {
                            self.note_code(n, &parts);
                        }
                    }
                    None => self.code_like.set(false),
                }
            }
        }
        if self.code_like.get() {
            self.fingerprints.borrow_mut().push(fingerprint(seen.iter()));
        }
    }
}

/// The table of `start(0 .. count)` (see the module docs).
///
/// # Errors
/// A script without `fn start(n)`, a failing script call, budgets and stops.
pub fn table(
    game: &ScriptGame,
    count: usize,
    options: &Options<'_>,
    progress: &mut OnProgress<'_>,
) -> Result<Table, Error> {
    let script = &game.script;
    if !script.hooks.start {
        return Err(Error::input(format!(
            "{}: `table` needs fn start(n), the position of size n of a family",
            script.file
        )));
    }
    let starts = starts(game, count, options.monitor)?;
    let heaps = ScriptHeaps::new(game, &starts, options.monitor);
    let values = if options.misere {
        misere_grundy_values_with(&heaps, count, options.max_states, options.monitor, progress)?
    } else {
        plain_values(&heaps, count, progress)
    };
    if let Some(e) = script.take_failure() {
        return Err(Error::input(e));
    }
    if let Some(why) = heaps.not_heaps.borrow_mut().take() {
        if options.misere {
            return Err(Error::input(format!(
                "{}: misère tables need a heap family ({why})",
                script.file
            )));
        }
        return solved_table(game, &starts, options, progress);
    }
    let mut values = values;
    if let Some(n) = heaps.stopped_at.get() {
        values.truncate(usize::try_from(n).unwrap_or(usize::MAX));
        return Ok(Table {
            period: find_period(&values, None),
            values,
        });
    }
    if options.misere {
        return Ok(Table::with_period_found(values));
    }
    let rule: Option<PeriodRule> = heaps.code(values.len()).and_then(|c| c.period_rule());
    Ok(Table {
        period: find_period(&values, rule),
        values,
    })
}

/// Values of `starts` one by one by a [`GrundySolver`]; periods not proven.
fn solved_table(
    game: &ScriptGame,
    starts: &[Pos],
    options: &Options<'_>,
    progress: &mut OnProgress<'_>,
) -> Result<Table, Error> {
    let mut solver = GrundySolver::with_max_states(game, options.max_states).with_monitor(options.monitor);
    let mut values = Vec::with_capacity(starts.len());
    for (n, p) in starts.iter().enumerate() {
        if !progress(n) || options.monitor.stop_requested() {
            break;
        }
        game.check_acyclic(
            p,
            &[crate::game::Mover::Both],
            options.max_states,
            options.monitor,
        )?;
        let g = solver.grundy(p);
        if let Some(e) = game.script.take_failure() {
            return Err(Error::input(e));
        }
        match g {
            Ok(g) => values.push(g.get()),
            Err(sprague::SearchError::Interrupted(_)) => break,
            Err(e) => return Err(e.into()),
        }
    }
    Ok(Table {
        period: find_period(&values, None),
        values,
    })
}
