//! `calc`: any game expression in, one typed report out — the one answer
//! that the command line (`sprague calc`), the Python package
//! (`sprague.calc`) and the browser playground print, draw or serialise.
//!
//! An expression is read, in this order, as
//! 1. a sum of misère forms (`*[2,1] + 2#`, or nimbers with
//!    [`CalcOptions::misere`]): [`CalcReport::Misere`];
//! 2. a surreal number beyond the dyadics (`omega+1`, `1/omega`):
//!    [`CalcReport::Surreal`];
//! 3. a loopy game (`{0|pass}`, `on + off`, `a = {0|b}; b = {a|*}; a`):
//!    [`CalcReport::Loopy`];
//! 4. a short partizan game (`{3|-1}`, `^*`, `*3`, `3/4`):
//!    [`CalcReport::Game`];
//! 5. a rational beyond the dyadics when the game parser rejects it
//!    (`1/3 + 1/6`): [`CalcReport::Surreal`].
//!
//! ```
//! use sprague::Monitor;
//! use sprague::calc::{CalcOptions, CalcReport, calc};
//!
//! static MONITOR: Monitor = Monitor::new();
//! let opts = CalcOptions::new(&MONITOR);
//! // {3|-1}: mean 1, temperature 2.
//! let CalcReport::Game(g) = calc("{3|-1}", &opts).unwrap() else { panic!() };
//! assert_eq!((g.mean.to_string(), g.temperature.to_string()), ("1".into(), "2".into()));
//! let r = calc("on + off", &opts).unwrap(); // dud (Winning Ways, ch. 11)
//! assert_eq!(r.kind(), "loopy");
//! assert!(r.to_json().starts_with(r#"{"expression":"on + off","loopy":true,"value":"dud""#));
//! ```

mod calc_report;
mod game_report;
mod misere_notation;

pub use calc_report::CalcReport;
pub use game_report::GameReport;
pub use misere_notation::misere_notation;

use crate::registry::{Error, Result, loopy_game_report_watched, misere_game_report_with};
use crate::surreal::{Claim, SurrealReport, claim};
use crate::{Dyadic, GameStore, Monitor};

/// What [`calc`] is asked for beyond the default report.
#[derive(Clone, Copy, Debug)]
pub struct CalcOptions<'a> {
    /// Misère play of an impartial game: nimbers are read as misère forms.
    pub misere: bool,
    /// Also cool the game by this temperature (a dyadic number, as written).
    pub cool: Option<&'a str>,
    /// Also heat the game by this game (an expression).
    pub heat: Option<&'a str>,
    /// A thermograph will be drawn: refused for the kinds that have none.
    pub thermograph: bool,
    /// Work budget: sums, comparisons and constructions of short games,
    /// simplifications of misère forms, positions of loopy games
    /// ([`crate::DEFAULT_MAX_STATES`] for loopy games when `None`).
    pub max_states: Option<usize>,
    /// The monitor the work is counted on (stop flag, work and memory budgets).
    pub monitor: &'static Monitor,
}

impl<'a> CalcOptions<'a> {
    /// The default report, watched by `monitor`.
    #[must_use]
    pub const fn new(monitor: &'static Monitor) -> CalcOptions<'a> {
        CalcOptions {
            misere: false,
            cool: None,
            heat: None,
            thermograph: false,
            max_states: None,
            monitor,
        }
    }
}

/// Which report an expression gets, decided from its text before any work
/// (a [`Route::Game`] that the game parser rejects may still turn out a
/// rational, [`CalcReport::Surreal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// A sum of misère forms.
    Misere,
    /// A surreal number beyond the dyadics.
    Surreal,
    /// A loopy game.
    Loopy,
    /// A short game (or a rational).
    Game,
}

/// Which report `expr` gets ([`calc`]'s order); `misere` as
/// [`CalcOptions::misere`]. O(length).
#[must_use]
pub fn route(expr: &str, misere: bool) -> Route {
    if misere || expr.trim_start().starts_with("*[") {
        Route::Misere
    } else if claim(expr) == Claim::Surreal {
        Route::Surreal
    } else if crate::notation::is_loopy_expression(expr) {
        Route::Loopy
    } else {
        Route::Game
    }
}

/// The report on `expr` (see the module documentation for how it is read).
/// Cost: that of the report's kind — a short game's canonical form, stops,
/// thermograph and incentives grow with its size (bounded by
/// [`CalcOptions::max_states`]); a loopy game's comparisons are refused up
/// front past the monitor's memory budget.
///
/// # Errors
/// An expression that does not parse (with its column); options a kind does
/// not have (a thermograph, cooling or heating of a misère, surreal or loopy
/// game); a bad `--cool` temperature or `--heat` game; the work or memory
/// budget reached (as [`Error::Search`] with the budget, or
/// [`Error::Memory`]); the monitor stopped.
pub fn calc(expr: &str, opts: &CalcOptions<'_>) -> Result<CalcReport> {
    routed(expr, opts).map_err(|e| e.explained_by(opts.monitor))
}

/// [`calc`] before a stop is explained by the monitor.
fn routed(expr: &str, opts: &CalcOptions<'_>) -> Result<CalcReport> {
    match route(expr, opts.misere) {
        Route::Misere => {
            let expr = if opts.misere {
                misere_notation(expr)?
            } else {
                expr.to_string()
            };
            refuse_game_options(
                opts,
                &format!(
                    "expression `{expr}`: misère games (`*[…]`) have no thermograph, cooling or heating"
                ),
            )?;
            misere_game_report_with(&expr, opts.max_states, opts.monitor).map(CalcReport::Misere)
        }
        Route::Surreal => surreal(expr, opts),
        Route::Loopy => {
            for (flag, given) in [
                ("--thermograph", opts.thermograph),
                ("--cool", opts.cool.is_some()),
                ("--heat", opts.heat.is_some()),
            ] {
                if given {
                    return Err(Error::input(format!(
                        "{flag}: not defined for loopy games (expression `{expr}`)"
                    )));
                }
            }
            let budget = opts.max_states.unwrap_or(crate::DEFAULT_MAX_STATES);
            // The comparisons are refused up front past the memory budget;
            // a stopper's simplest form polls the monitor (Ctrl-C).
            loopy_game_report_watched(expr, budget, opts.monitor).map(CalcReport::Loopy)
        }
        Route::Game => game(expr, opts),
    }
}

/// An error for `message` when a thermograph, cooling or heating is asked.
fn refuse_game_options(opts: &CalcOptions<'_>, message: &str) -> Result<()> {
    if opts.thermograph || opts.cool.is_some() || opts.heat.is_some() {
        return Err(Error::input(message));
    }
    Ok(())
}

/// A number beyond the dyadics: its value, sign, and whether it is an
/// ordinal or a short game.
fn surreal(expr: &str, opts: &CalcOptions<'_>) -> Result<CalcReport> {
    refuse_game_options(
        opts,
        &format!(
            "expression `{expr}`: surreal numbers beyond the dyadics have no thermograph, cooling or heating here"
        ),
    )?;
    let report = SurrealReport::parse(expr).map_err(|e| Error::input(format!("expression `{expr}`: {e}")))?;
    Ok(CalcReport::Surreal {
        expression: expr.to_string(),
        report,
    })
}

/// A short partizan game: everything [`GameReport`] holds.
fn game(expr: &str, opts: &CalcOptions<'_>) -> Result<CalcReport> {
    let monitor = opts.monitor;
    monitor.set_max_work(opts.max_states.map_or(u64::MAX, |n| n as u64));
    let mut s = GameStore::new();
    let g = match s.with_monitor(monitor).parse(expr)? {
        Ok(g) => g,
        // `1/3`, `1/3 + 1/6`: rationals beyond the dyadics.
        Err(_) if claim(expr) == Claim::Rational => return surreal(expr, opts),
        Err(e) => return Err(Error::input(format!("expression `{expr}`: {e}"))),
    };
    let too_large = |flag: &str, e: crate::partizan::TooLargeToExpand| Error::input(format!("{flag}: {e}"));
    let cooled = match opts.cool {
        None => None,
        Some(t) => {
            let td: Dyadic = t
                .parse()
                .map_err(|e| Error::input(format!("--cool `{t}`: {e}")))?;
            if !crate::partizan::cooling_defined(&td) {
                return Err(Error::input(format!(
                    "--cool `{t}`: the temperature must be above -1 (cooling by -1 < t < 0 is allowed, as in CGSuite)"
                )));
            }
            s.check_expandable(g).map_err(|e| too_large("--cool", e))?;
            let c = s.with_monitor(monitor).cool(g, &td)?;
            Some((t.to_string(), s.display(c)))
        }
    };
    let heated = match opts.heat {
        None => None,
        Some(t) => {
            let tg = s
                .with_monitor(monitor)
                .parse(t)?
                .map_err(|e| Error::input(format!("--heat `{t}`: {e}")))?;
            s.check_expandable(g).map_err(|e| too_large("--heat", e))?;
            s.check_expandable(tg).map_err(|e| too_large("--heat", e))?;
            let h = s.with_monitor(monitor).heat(g, tg)?;
            Some((t.to_string(), s.display(h)))
        }
    };
    // `*n` has n incentives of each side: not listed beyond the limit.
    let incentives = match s.check_expandable(g) {
        Ok(()) => {
            let (li, ri) = s.with_monitor(monitor).incentives(g)?;
            let li: Vec<String> = li.into_iter().map(|x| s.display(x)).collect();
            let ri: Vec<String> = ri.into_iter().map(|x| s.display(x)).collect();
            Ok((li, ri))
        }
        Err(e) => Err(e),
    };
    let value = s.display(g);
    let outcome = s.outcome(g);
    let (left_stop, right_stop) = s.stops(g);
    let mean = s.mean(g);
    let temperature = s.temperature(g);
    let birthday = s.birthday(g);
    let reduced = s.with_monitor(monitor).reduced(g)?;
    let reduced = s.display(reduced);
    let atomic_weight = s.with_monitor(monitor).atomic_weight(g)?.map(|a| s.display(a));
    let thermograph = s.thermograph(g);
    Ok(CalcReport::Game(Box::new(GameReport {
        expression: expr.to_string(),
        value,
        outcome,
        left_stop,
        right_stop,
        mean,
        temperature,
        birthday,
        atomic_weight,
        reduced,
        incentives,
        cooled,
        heated,
        thermograph,
    })))
}
