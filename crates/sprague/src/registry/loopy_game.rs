//! The report of a loopy partizan game written as text (`{0|pass}`,
//! `a{0|{a|*}}`, `on + off`): its value, outcome with either player first,
//! whether it is a stopper, its onside and offside, and its sign.

use super::report::{Data, Report};
use crate::notation::{LoopyParseError, parse_loopy};
use crate::partizan::GameStore;
use crate::partizan::loopy::{LoopyError, LoopyGame};
use crate::query::{Error, Result};

impl From<LoopyError> for Error {
    fn from(e: LoopyError) -> Self {
        match e {
            LoopyError::Budget(b) => b.into(),
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

/// Bytes one state of a comparison or side search of loopy games takes
/// (the arena of the difference game with its edges and the solver's
/// tables), measured: a game of 3,000 positions compared with itself
/// (1.8·10^7 states) took 2.7 GB.
pub const LOOPY_BYTES_PER_STATE: u64 = 160;

/// [`loopy_game_report`] within `max_memory` bytes: the comparisons and side
/// searches, whose arenas hold `2 · n²` states for a game of `n` positions,
/// are refused before they are built when they would pass the memory
/// budget ([`LOOPY_BYTES_PER_STATE`] each), as well as past `max_states`.
///
/// # Errors
/// As [`loopy_game_report`], and [`Error::Memory`] for a game too large for
/// the memory budget.
pub fn loopy_game_report_within(expr: &str, max_states: usize, max_memory: u64) -> Result<Report> {
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
        max_states,
        max_memory,
    )
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
    max_states: usize,
    max_memory: u64,
) -> Result<Report> {
    // The largest arena below is that of the game against itself.
    let n = g.position_count() as u64;
    crate::budget::check_memory(
        n.saturating_mul(n).saturating_mul(2),
        LOOPY_BYTES_PER_STATE,
        "the comparisons of the loopy game's positions",
        max_memory,
    )?;
    let outcome = g.outcome();
    let stopper = g.is_stopper();
    let onside = g.onside(max_states)?;
    let offside = g.offside(max_states)?;
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
