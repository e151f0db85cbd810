//! The one door to every built-in ruleset: an object-safe interface that the
//! command line, the Python package and the browser all go through.

use super::report::{Report, Table};
use crate::partizan::Variant;
use crate::play::PlayEngine;
use crate::query::{Error, OnProgress, Options, Result, Verb};

/// Rejects misère play for a ruleset whose game has its own end rules (a
/// contest problem's own game, a score to reach).
///
/// # Errors
/// [`Error::Input`] with `options.misere`.
pub(crate) fn normal_play_only(name: &str, options: &Options<'_>) -> Result<()> {
    if options.misere {
        return Err(Error::input(format!(
            "`{name}` is the problem's own game with its own end: --misere is not supported"
        )));
    }
    Ok(())
}

/// The error of a verb a ruleset does not answer: the defaults of
/// [`Ruleset`] call this one function rather than each building the error
/// (they are compiled once for every ruleset type).
#[inline(never)]
fn unsupported(verb: Verb) -> Error {
    Error::Unsupported(verb)
}

/// A ruleset built from its name and parameters (see [`crate::build`]),
/// answering queries on positions written in its notation.
///
/// The generic implementations are the registry's adapters: [`super::Impartial`],
/// [`super::HeapRuleset`], [`super::Partizan`], [`super::SpaceRules`] and the
/// crate's `CellGrid` (impartial games with closed forms), plus the rules
/// scripts' ruleset in `sprague-script`. The games that keep one of their own
/// (closed forms for huge positions, structural solvers on graphs, contest
/// problems answering in their own terms) are listed, each with its reason,
/// in the documentation of [`crate::games`].
///
/// ```
/// use sprague::{Monitor, Options};
///
/// let monitor = Monitor::default();
/// let kayles = sprague::build("kayles").unwrap();
/// // Kayles rows of 10 and 7 pins both have value 2: a loss for the player to move.
/// let report = kayles.value("10 7", &Options::new(&monitor)).unwrap();
/// assert_eq!(report.outcome(), Some("P"));
/// assert_eq!(report.grundy(), Some(0));
/// // Kayles (octal 0.77) is periodic with period 12 from n = 71, proven.
/// let table = kayles.table(100, &Options::new(&monitor), &mut |_| true).unwrap();
/// assert!(table.period.is_some_and(|p| p.proven && p.period == 12 && p.preperiod == 71));
/// ```
pub trait Ruleset {
    /// Outcome, value and winning moves of `position`.
    ///
    /// # Errors
    /// A position that does not parse ([`Error::Position`]), an option the
    /// ruleset does not support, budgets reached and stops ([`Error::Search`]).
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report>;

    /// Values of single heaps `G(0 .. count)` (misère values with
    /// `options.misere`) and their period, for one-heap rulesets.
    /// `progress(k)` is called with the number of values done; returning
    /// `false` stops early with the prefix computed so far.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for rulesets without one-heap tables.
    fn table(&self, count: usize, options: &Options<'_>, progress: &mut OnProgress<'_>) -> Result<Table> {
        let _ = (count, options, progress);
        Err(unsupported(Verb::Table))
    }

    /// How many single heaps `n` in `[low, high]` (any `u64`s) are
    /// P-positions, and how many have each Grundy value when known: fields of
    /// [`super::RangeCount::report`]. Answered from a closed form or a proven
    /// period in O(period), never heap by heap.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for rulesets without such a rule;
    /// [`Error::Input`] for `low > high` or misère play where no rule is known.
    fn count(&self, low: u64, high: u64, options: &Options<'_>) -> Result<Report> {
        let _ = (low, high, options);
        Err(unsupported(Verb::Count))
    }

    /// The misère quotient of the sums of heaps `1 ..= max_heap` (see
    /// [`crate::heap::MisereQuotient`]): presentation, order, P-portion and
    /// the element of each heap; with `sum`, also that sum's misère outcome
    /// read from the quotient.
    ///
    /// # Errors
    /// [`Error::Input`] for rulesets that are not played on heaps, and the
    /// errors of [`super::misere_quotient_report`].
    fn misere_quotient(&self, max_heap: u64, sum: Option<&str>, options: &Options<'_>) -> Result<Report> {
        let _ = (max_heap, sum, options);
        Err(unsupported(Verb::MisereQuotient))
    }

    /// A perfect player of this ruleset, starting at `position`.
    ///
    /// # Errors
    /// A position that does not parse, one too large to play, an option the
    /// ruleset does not support, budgets reached while preparing.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let _ = (position, options);
        Err(unsupported(Verb::Play))
    }
    /// This ruleset's impartial, dicotic or twisted [`Variant`], for the
    /// partizan rulesets that have them (`sprague::build("twisted:domineering")`
    /// asks for it); `None`, the default, for the others and for a variant
    /// itself (variants do not nest).
    fn variant(&self, variant: Variant) -> Option<Box<dyn Ruleset>> {
        let _ = variant;
        None
    }
}
