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
use sprague::heap::{PeriodRule, TakeBreak, find_period, misere_grundy_values_with, plain_values};
use sprague::monitor::Monitor;
use sprague::registry::{OnProgress, Options, Table};
use sprague::{Error, GrundySolver, HeapGame};
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};

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
    index: HashMap<&'a Pos, u64>,
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
        let mut index = HashMap::with_capacity(starts.len());
        for (n, p) in starts.iter().enumerate() {
            index.entry(p).or_insert(n as u64);
        }
        let zero_is_empty = starts
            .first()
            .is_some_and(|p| game.options(crate::game::Mover::Both, p).is_empty());
        ScriptHeaps {
            game,
            starts,
            index,
            zero_is_empty,
            not_heaps: RefCell::new(None),
            stopped_at: Cell::new(None),
            monitor,
            digits: RefCell::new(Vec::new()),
            code_like: Cell::new(true),
            fingerprints: RefCell::new(Vec::new()),
        }
    }

    /// The heaps of option `q` of heap `n`, or why it is not made of heaps.
    fn parts(&self, n: u64, q: &Pos) -> Result<Vec<u64>, String> {
        let comps = self.game.components_shared(q);
        let comps = comps.as_deref().unwrap_or(core::slice::from_ref(q));
        let mut parts = Vec::with_capacity(comps.len());
        for c in comps {
            match self.index.get(c) {
                Some(&m) if m < n => {
                    if !(m == 0 && self.zero_is_empty) {
                        parts.push(m);
                    }
                }
                _ => {
                    return Err(format!(
                        "option {} of start({n}) is not made of positions start(m) with m < {n}",
                        shorten(q)
                    ));
                }
            }
        }
        parts.sort_unstable();
        Ok(parts)
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
            let mut options = HashSet::new();
            code.heap_options(n as u64, &mut |parts| {
                let mut v = parts.to_vec();
                v.sort_unstable();
                options.insert(v);
            });
            if fingerprints.get(n) != Some(&fingerprint(&options)) {
                return None;
            }
        }
        Some(code)
    }
}

/// An order-free fingerprint of a set of options (two independent 64-bit
/// sums of hashes).
fn fingerprint(options: &HashSet<Vec<u64>>) -> u128 {
    let (mut a, mut b) = (0u64, 0u64);
    for o in options {
        let mut h = DefaultHasher::new();
        o.hash(&mut h);
        a = a.wrapping_add(h.finish());
        let mut h = DefaultHasher::new();
        (o, 0x9e37_79b9_u32).hash(&mut h);
        b = b.wrapping_add(h.finish());
    }
    (u128::from(a) << 64) | u128::from(b)
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
        let mut seen = HashSet::with_capacity(options.len());
        for q in &options {
            match self.parts(n, q) {
                Ok(parts) => {
                    f(&parts);
                    if self.code_like.get() && !seen.contains(&parts) {
                        self.note_code(n, &parts);
                        seen.insert(parts);
                    }
                }
                Err(why) => {
                    *self.not_heaps.borrow_mut() = Some(why);
                    return;
                }
            }
        }
        if self.code_like.get() {
            self.fingerprints.borrow_mut().push(fingerprint(&seen));
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
