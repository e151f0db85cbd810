//! Tables of a script's `start(n)` family through the engine's heap machinery.
//!
//! When every option of `start(n)` splits (by `fn components`, `fn regions()`
//! or a sum) into positions `start(m)` with `m < n`, the family is a one-heap
//! game, tabulated by the core's [`heap_family_table`]: the values by the
//! definition (a mex over every option, O(Σ options)), and the period proven
//! when the moves follow a take-and-break code (inferred while tabulating,
//! and checked on every heap of the table).
//!
//! Other families are valued position by position by one [`GrundySolver`]
//! (memo shared across `n`); their periods are reported as not proven.

use crate::game::ScriptGame;
use crate::pos::Pos;
use crate::script::{ScriptFailure, shorten};
use sprague::heap::find_period;
use sprague::monitor::Monitor;
use sprague::registry::{HeapFamily, OnProgress, Options, Table, heap_family_table};
use sprague::{Definition, Error, GrundySolver, ImpartialRules};

/// The positions `start(0 .. count)`.
fn starts(game: &ScriptGame, count: usize, monitor: &Monitor) -> Result<Vec<Pos>, Error> {
    let mut out = Vec::with_capacity(count);
    for n in 0..count {
        if n.is_multiple_of(256) {
            monitor.check()?;
        }
        let n = i64::try_from(n).map_err(|_| Error::input("--count is too large"))?;
        out.push(start(game, n).map_err(|e| Error::input(e.0))?);
    }
    Ok(out)
}

/// `start(n)` of the script.
fn start(game: &ScriptGame, n: i64) -> Result<Pos, ScriptFailure> {
    let script = &game.script;
    let v = script.call("start", (n,), None)?;
    Pos::from_dynamic(&v).map_err(|e| {
        ScriptFailure(format!(
            "{}: fn start({n}) returned no position: {e}",
            script.file
        ))
    })
}

/// The script's family for the core's heap tables: `fn start(n)` as
/// [`Definition::start`], and the script's moves asked for directly (a table
/// meets each position once, so the game's move cache is not filled).
struct Family<'a> {
    game: &'a ScriptGame,
}

impl ImpartialRules for Family<'_> {
    type Position = Pos;

    fn moves(&self, p: &Pos, out: &mut Vec<Pos>) {
        let script = &self.game.script;
        if script.failed() {
            return;
        }
        if let Err(e) = script.positions("moves", p, out) {
            script.fail(e);
        }
    }

    fn decompose(&self, p: &Pos, out: &mut Vec<Pos>) -> bool {
        self.game.decompose(p, out)
    }

    fn normalize(&self, p: &Pos) -> Option<Pos> {
        self.game.normalize(p)
    }
}

impl Definition<Pos> for Family<'_> {
    fn start(&self, n: u64) -> Option<Pos> {
        let script = &self.game.script;
        if script.failed() {
            return None;
        }
        let n = i64::try_from(n).ok()?;
        start(self.game, n).map_err(|e| script.fail(e)).ok()
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
    if count == 0 {
        return Ok(Table {
            values: Vec::new(),
            period: None,
        });
    }
    let family = heap_family_table(&Family { game }, count, options, progress, &shorten);
    if let Some(e) = script.take_failure() {
        return Err(Error::input(e));
    }
    match family? {
        HeapFamily::Table(t) => Ok(t),
        HeapFamily::NotHeaps(why) if options.misere => Err(Error::input(format!(
            "{}: misère tables need a heap family ({why})",
            script.file
        ))),
        HeapFamily::NotHeaps(_) => {
            let starts = starts(game, count, options.monitor)?;
            solved_table(game, &starts, options, progress)
        }
    }
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
