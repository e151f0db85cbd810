//! The adapter of partizan rulesets ([`Partizan`]): values their positions
//! as canonical forms, with the standard partizan report; the games
//! themselves (Hackenbush, Domineering, Clobber, …) are under `games/`.

use super::impartial_rules::{Impartial, described_moves, refused};
use super::report::{Data, Report, Table};
use super::ruleset::Ruleset;
use crate::definition::{Definition, Purpose};
use crate::play::{PartizanEngine, PlayEngine, erase};
use crate::query::{Error, OnProgress, Options, Result, read_position};
use crate::{
    notation::Notation,
    outcome::Outcome,
    partizan::{DicoticVariant, ImpartialVariant, PartizanRules, PartizanSolver, TwistedVariant, Variant},
};

/// The longest position (as written) whose winning moves a report lists.
const MOVES_LISTED_UP_TO: usize = 4000;

/// Any partizan ruleset of the engine with a notation, as a registry
/// [`Ruleset`]: `value` gives the canonical form (by [`PartizanSolver`]), the
/// outcome and each player's winning moves; `play` is a [`PartizanEngine`].
/// Misère play is not supported.
#[derive(Clone, Debug)]
pub struct Partizan<R> {
    /// Name shown in reports, with parameters.
    pub name: String,
    /// The engine ruleset.
    pub rules: R,
}

impl<R> Partizan<R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position> + Definition<<R as PartizanRules>::Position>,
{
    /// Rejects misère play, then parses `position`.
    fn position(&self, position: &str, options: &Options<'_>) -> Result<R::Position> {
        if options.misere {
            return Err(Error::input(format!(
                "`{}` is partizan: misère play is not supported for partizan rulesets",
                self.name
            )));
        }
        read_position(&self.rules, position)
    }
}

impl<R: Default> Partizan<R>
where
    Partizan<R>: Ruleset + 'static,
{
    /// The [`Builder`](super::Builder) of a catalog entry without
    /// parameters whose rules are `R::default()` (a unit struct's game).
    ///
    /// # Errors
    /// Parameters given.
    pub fn build(name: &str, params: Option<&str>) -> Result<Box<dyn Ruleset>> {
        super::without_params(name, params, |name| Partizan {
            name,
            rules: R::default(),
        })
    }
}

impl<R> Ruleset for Partizan<R>
where
    R: PartizanRules
        + Notation<<R as PartizanRules>::Position>
        + Definition<<R as PartizanRules>::Position>
        + Clone
        + 'static,
{
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let p = self.position(position, options)?;
        let canonical = self.rules.format_position(&p);
        let mut solver =
            PartizanSolver::with_max_states(&self.rules, options.max_states).with_monitor(options.monitor);
        let g = solver.value(&p)?;
        let outcome = solver.store_mut().outcome(g);
        let value = solver.store_mut().display(g);
        // Listing winning moves writes every option out in full: for long
        // positions that grows with the square of their length, so they get
        // their value and outcome only.
        let listed = canonical.len() <= MOVES_LISTED_UP_TO;
        let (left, right) = if listed {
            (solver.left_winning_moves(&p)?, solver.right_winning_moves(&p)?)
        } else {
            (Vec::new(), Vec::new())
        };
        let (left, right) = (
            described_moves(&self.rules, &p, &left),
            described_moves(&self.rules, &p, &right),
        );
        let mut report = partizan_report(
            &self.name,
            &canonical,
            &value,
            outcome,
            &left,
            &right,
            solver.states(),
        );
        if !listed {
            report.drop_moves("left_winning_moves");
            report.drop_moves("right_winning_moves");
            report.data.insert("winning_moves_listed", false);
            report.push_line(&format!(
                "note: winning moves are listed for positions written in at most {MOVES_LISTED_UP_TO} characters"
            ));
        }
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let p = self.position(position, options)?;
        if let Err(e) = self.rules.check(&p, Purpose::Play) {
            return Err(refused(position, &e));
        }
        let engine = PartizanEngine::new(self.name.clone(), &self.rules, options).defined();
        Ok(erase(engine, p))
    }

    fn variant(&self, variant: Variant) -> Option<Box<dyn Ruleset>> {
        let name = format!("{variant}:{}", self.name);
        let rules = self.rules.clone();
        Some(match variant {
            Variant::Impartial => Box::new(Unvaried(Impartial {
                name,
                rules: ImpartialVariant(rules),
            })),
            Variant::Dicotic => Box::new(Unvaried(Partizan {
                name,
                rules: DicoticVariant(rules),
            })),
            Variant::Twisted => Box::new(Unvaried(Partizan {
                name,
                rules: TwistedVariant(rules),
            })),
        })
    }
}

/// A variant's ruleset: every verb of the one it wraps, and no variants of
/// its own (variants do not nest, which also keeps the wrapper types finite).
struct Unvaried<T>(T);

impl<T: Ruleset> Ruleset for Unvaried<T> {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        self.0.value(position, options)
    }

    fn table(&self, count: usize, options: &Options<'_>, progress: &mut OnProgress<'_>) -> Result<Table> {
        self.0.table(count, options, progress)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        self.0.play(position, options)
    }
}

/// The standard report of a partizan position: fields `ruleset`, `position`,
/// `value` (the canonical form), `outcome`, `left_winning_moves` and
/// `right_winning_moves` (`to`, `description`) and `states` (positions
/// searched). `left` and `right` hold `(to, description)`.
#[must_use]
pub fn partizan_report(
    ruleset: &str,
    position: &str,
    value: &str,
    outcome: Outcome,
    left: &[(String, String)],
    right: &[(String, String)],
    states: usize,
) -> Report {
    let data = Data::map()
        .with("ruleset", ruleset)
        .with("position", position)
        .with("value", value)
        .with("outcome", outcome)
        .with("left_winning_moves", Data::moves(left))
        .with("right_winning_moves", Data::moves(right))
        .with("states", states);
    let text = format!(
        "{ruleset} {position}\nvalue:   {value}\noutcome: {outcome} ({})\n",
        outcome.words()
    );
    let mut report = Report::new(data, text);
    report.push_moves("left_winning_moves", "Left's winning moves", "");
    report.push_moves("right_winning_moves", "Right's winning moves", "");
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Domineering;
    use crate::monitor::Monitor;

    #[test]
    fn domineering_column_is_one_for_left() {
        let monitor = Monitor::default();
        let r = Partizan {
            name: "domineering".to_string(),
            rules: Domineering,
        };
        let report = r.value(".|.", &Options::new(&monitor)).unwrap();
        assert_eq!(report.outcome(), Some("L"));
        assert_eq!(report.data.get("value").and_then(Data::as_text), Some("1"));
        assert!(report.text().contains("outcome: L (Left wins whoever starts)"));
        let misere = r.value(".|.", &Options::new(&monitor).misere(true));
        assert!(matches!(misere, Err(Error::Input(_))));
    }
}
