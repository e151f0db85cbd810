//! The report of a loopy partizan game written as text (`{0|pass}`,
//! `a{0|{a|*}}`, `on + off`): its value, outcome with either player first,
//! whether it is a stopper, its onside and offside, and its sign.

use super::report::{Data, Report};
use crate::monitor::Monitor;
use crate::notation::{LoopyParseError, parse_loopy};
use crate::partizan::GameStore;
use crate::partizan::loopy::{LoopyError, LoopyGame};
use crate::query::{Error, Result};

impl From<LoopyError> for Error {
    fn from(e: LoopyError) -> Self {
        match e {
            LoopyError::Budget(b) => b.into(),
            LoopyError::Interrupted(i) => i.into(),
            LoopyError::NotStopper => Error::input(e.to_string()),
        }
    }
}

/// The report of the loopy game written `expr`:
///
/// - `value`: the simplest form of a stopper; for another game `dud` when its
///   sides are on and off, the common side when both sides are the same
///   stopper, `onside & offside` when both are found and differ, and else
///   the game graph as written;
/// - `outcome` (`L`, `R`, `N`, `P` or with `D` for a draw), `left_first`
///   and `right_first` (`L`, `R` or `D`);
/// - `stopper`, `onside` and `offside` (`null` when not found, see
///   [`LoopyGame::side`]), `compared_with_zero` (`>`, `<`, `=` or `||`) and
///   `positions` (of the graph as written).
///
/// Every comparison and side search stops at `max_states` states.
///
/// # Errors
/// [`Error::Input`] for text that is not a loopy game (with its column),
/// [`Error::Search`] past the budget.
///
/// ```
/// use sprague::registry::loopy_game_report;
/// let r = loopy_game_report("on + off", 1_000_000).unwrap();
/// assert_eq!(r.data.get("value").and_then(|v| v.as_text()), Some("dud"));
/// assert!(r.text().contains("onside:        on\n"));
/// ```
pub fn loopy_game_report(expr: &str, max_states: usize) -> Result<Report> {
    loopy_game_report_within(expr, max_states, u64::MAX)
}

/// Bytes reserved for one state of the comparison of a stopper's positions
/// (its simplest form). The difference game lists no moves (they are read
/// from the two games' option lists), so a state costs only the analysis's
/// tables: a won flag, a move counter (4 bytes), a decided-pair byte, half
/// a byte of the order found, and a work list of 8-byte state numbers that
/// may hold every state and grows by doubling (16 bytes at worst): 22.5
/// bytes at most. Measured: four geese on row 4 of Fox and Geese, 2.28·10^8
/// states, peaked at 1.7 GB (7.4 bytes a state).
pub const LOOPY_BYTES_PER_STATE: u64 = 24;

/// Bytes reserved for one state of the side searches of a game that is not
/// a stopper: besides a counter and two flags, two work lists of state
/// numbers at once (the attractor's and the trap's), 38 bytes at most.
pub const LOOPY_SIDE_BYTES_PER_STATE: u64 = 40;

/// [`loopy_game_report`] within `max_memory` bytes: the comparisons and side
/// searches, whose analyses hold `2 · n²` states for a game of `n`
/// positions, are refused before they start when they would pass the memory
/// budget ([`LOOPY_BYTES_PER_STATE`] each for a stopper,
/// [`LOOPY_SIDE_BYTES_PER_STATE`] for other games). A stopper's simplest
/// form is then bounded by that budget alone; the side searches of other
/// games also stop at `max_states`.
///
/// # Errors
/// As [`loopy_game_report`], and [`Error::Memory`] for a game too large for
/// the memory budget.
pub fn loopy_game_report_within(expr: &str, max_states: usize, max_memory: u64) -> Result<Report> {
    loopy_game_report_monitored(expr, max_states, max_memory, None)
}

/// [`loopy_game_report`] within the memory budget of `monitor`, counting the
/// states of the simplest form's comparison on it and stopping when it
/// asks (Ctrl-C).
///
/// # Errors
/// As [`loopy_game_report_within`], and [`Error::Search`] when the monitor
/// stopped it.
pub fn loopy_game_report_watched(expr: &str, max_states: usize, monitor: &Monitor) -> Result<Report> {
    loopy_game_report_monitored(expr, max_states, monitor.max_memory(), Some(monitor))
}

fn loopy_game_report_monitored(
    expr: &str,
    max_states: usize,
    max_memory: u64,
    monitor: Option<&Monitor>,
) -> Result<Report> {
    let mut store = GameStore::new();
    let g = parse_loopy(&mut store, expr, max_states).map_err(|e| match e {
        LoopyParseError::Budget(b) => Error::from(b),
        LoopyParseError::Parse(p) => Error::input(format!("expression `{expr}`: {p}")),
    })?;
    let head = Data::map().with("expression", expr);
    graph_report(
        &mut store,
        &g,
        head,
        String::new(),
        "in the game graph as written",
        LoopyLimits {
            max_states,
            max_memory,
            monitor,
        },
    )
}

/// The limits of a loopy game's report: the state budget of the side
/// searches, the memory budget the comparisons are checked against, and the
/// monitor a stopper's simplest form polls (with none it runs to the end).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LoopyLimits<'m> {
    pub(crate) max_states: usize,
    pub(crate) max_memory: u64,
    pub(crate) monitor: Option<&'m Monitor>,
}

/// The report of the loopy game `g` (see [`loopy_game_report`]) after the
/// fields of `head` and the line(s) `text_head`; `positions` says what the
/// position count counts.
pub(crate) fn graph_report(
    store: &mut GameStore,
    g: &LoopyGame,
    head: Data,
    text_head: String,
    positions: &str,
    limits: LoopyLimits<'_>,
) -> Result<Report> {
    let LoopyLimits {
        max_states,
        max_memory,
        monitor,
    } = limits;
    let outcome = g.outcome();
    let stopper = g.is_stopper();
    // The largest analysis below is that of the game against itself.
    let n = g.position_count() as u64;
    let state_bytes = if stopper {
        LOOPY_BYTES_PER_STATE
    } else {
        LOOPY_SIDE_BYTES_PER_STATE
    };
    crate::budget::check_memory(
        n.saturating_mul(n).saturating_mul(2),
        state_bytes,
        "comparing the loopy game's positions",
        max_memory,
    )?;
    // A stopper is its own onside and offside: its simplest form, found once
    // by one analysis of the 2n² pairs of its positions. That size is known
    // before the analysis starts and was checked against the memory budget
    // above, so the state budget, which stops searches that learn their size
    // as they run, does not cap it as well (no state budget is passed). The
    // side searches of other games run candidate after candidate and stay
    // within `max_states`.
    let (onside, offside) = if stopper {
        let simplest = match monitor {
            Some(m) => g.canonical_watched(usize::MAX, m)?,
            None => g.canonical(usize::MAX)?,
        };
        (Some(simplest.clone()), Some(simplest))
    } else {
        (g.onside(max_states)?, g.offside(max_states)?)
    };
    let show = |s: &mut GameStore, x: &Option<LoopyGame>| x.as_ref().map(|x| x.display(s));
    let (on_text, off_text) = (show(store, &onside), show(store, &offside));
    let value = if stopper {
        on_text.clone().unwrap_or_default()
    } else {
        match (&onside, &offside, &on_text, &off_text) {
            (Some(s), Some(t), _, _) if *s == LoopyGame::on() && *t == LoopyGame::off() => "dud".to_string(),
            // Equal sides: the game equals that stopper.
            (Some(s), Some(t), Some(text), _) if s == t => text.clone(),
            (_, _, Some(s), Some(t)) => format!("{s} & {t}"),
            _ => g.display(store),
        }
    };
    let sign = match g.compare(&LoopyGame::zero(), max_states)? {
        Some(core::cmp::Ordering::Greater) => ">",
        Some(core::cmp::Ordering::Less) => "<",
        Some(core::cmp::Ordering::Equal) => "=",
        None => "||",
    };
    let data = head
        .with("loopy", true)
        .with("value", value.as_str())
        .with("positions", g.position_count())
        .with("stopper", stopper)
        .with("outcome", outcome.code())
        .with("left_first", outcome.left_first.letter().to_string())
        .with("right_first", outcome.right_first.letter().to_string())
        .with("onside", on_text.clone())
        .with("offside", off_text.clone())
        .with("compared_with_zero", sign);
    let none = "not found (the game may not be stopper-sided)";
    let stopper_text = if stopper {
        "yes"
    } else {
        "no (an infinite alternating run of play exists)"
    };
    let text = format!(
        "{text_head}value:         {value}\noutcome:       {outcome}\nstopper:       {stopper_text}\n\
         onside:        {}\noffside:       {}\ncompared to 0: G {sign} 0\n\
         positions:     {} {positions}\n",
        on_text.as_deref().unwrap_or(none),
        off_text.as_deref().unwrap_or(none),
        g.position_count()
    );
    Ok(Report::new(data, text))
}
