//! Any impartial ruleset of the engine with a notation, as a registry
//! [`Ruleset`], and the standard report of an impartial position.

use super::report::{Data, Report, Table};
use super::ruleset::Ruleset;
use crate::definition::{Definition, Purpose};
use crate::play::{ImpartialEngine, PlayEngine, erase};
use crate::query::{Error, OnProgress, Options, Result};
use crate::{
    impartial::{GrundySolver, ImpartialRules, MisereSolver, PieceMisereSolver, PieceRules},
    notation::Notation,
    outcome::Outcome,
};

/// An engine ruleset with a notation and a [`Definition`], valued by
/// [`GrundySolver`] (normal play) or [`MisereSolver`] (misère play), played
/// by [`ImpartialEngine`] (with the definition's drawing, short moves and
/// explanations), and tabulated over its family `start(n)` when it has one.
#[derive(Clone, Debug)]
pub struct Impartial<R> {
    /// Name shown in reports, with parameters.
    pub name: String,
    /// The engine ruleset.
    pub rules: R,
}

impl<R> Ruleset for Impartial<R>
where
    R: ImpartialRules
        + Notation<<R as ImpartialRules>::Position>
        + Definition<<R as ImpartialRules>::Position>,
{
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let p = self
            .rules
            .parse_position(position)
            .map_err(|e| Error::position(position, e))?;
        let canonical = self.rules.format_position(&p);
        if options.misere {
            self.rules
                .check(&p, Purpose::Misere)
                .map_err(|e| Error::input(format!("{}: {e}", self.name)))?;
        }
        let (outcome, grundy, winning) = if options.misere {
            let mut solver =
                MisereSolver::with_max_states(&self.rules, options.max_states).with_monitor(options.monitor);
            let outcome = solver.outcome(&p)?;
            (outcome, None, solver.winning_moves(&p)?)
        } else {
            let mut solver =
                GrundySolver::with_max_states(&self.rules, options.max_states).with_monitor(options.monitor);
            let g = solver.grundy(&p)?;
            (Outcome::from_grundy(g), Some(g.get()), solver.winning_moves(&p)?)
        };
        let moves = described_moves(&self.rules, &p, &winning);
        Ok(impartial_report(
            &self.name,
            &canonical,
            options.misere,
            outcome,
            grundy,
            &moves,
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let p = self
            .rules
            .parse_position(position)
            .map_err(|e| Error::position(position, e))?;
        if let Err(e) = self.rules.check(&p, Purpose::Play) {
            return Err(refused(position, &e));
        }
        if options.misere
            && let Err(e) = self.rules.check(&p, Purpose::Misere)
        {
            return Err(refused(position, &e));
        }
        let engine = ImpartialEngine::new(self.name.clone(), &self.rules, false, options).defined();
        Ok(erase(engine, p))
    }

    /// `G(start(0)), G(start(1)), …` of the ruleset's family, in one
    /// solver (each value's search reuses the ones before), with the period
    /// found in them (not proven: the family is not known to be a heap game).
    fn table(&self, count: usize, options: &Options<'_>, progress: &mut OnProgress<'_>) -> Result<Table> {
        family_table(&self.name, &self.rules, count, options, progress)
    }
}

/// The values of the family `start(0), start(1), …` of `rules` (see
/// [`Impartial::table`](Ruleset::table)); misère play is refused (misère
/// Grundy values of whole positions are not computed here).
///
/// # Errors
/// A ruleset without a family, misère play, the budgets and stops of the
/// searches.
pub fn family_table<R>(
    name: &str,
    rules: &R,
    count: usize,
    options: &Options<'_>,
    progress: &mut OnProgress<'_>,
) -> Result<Table>
where
    R: ImpartialRules + Definition<<R as ImpartialRules>::Position>,
{
    if rules.start(0).is_none() {
        return Err(Error::input(format!(
            "`{name}` has no family of positions to tabulate (see `sprague games {}`)",
            name.split(':').next().unwrap_or(name)
        )));
    }
    if options.misere {
        return Err(Error::input(format!(
            "`{name}`: misère tables are computed for heap games; use `value --misere` for single positions"
        )));
    }
    options.check_memory(count as u64, 8, "the table's values")?;
    let mut solver = GrundySolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
    let mut values = Vec::with_capacity(count.min(1 << 20));
    for n in 0..count {
        let Some(p) = rules.start(n as u64) else { break };
        values.push(solver.grundy(&p)?.get());
        if !progress(n + 1) {
            break;
        }
    }
    Ok(Table::with_period_found(values))
}

/// The misère outcome of a sum of pieces and its winning moves, by
/// [`PieceMisereSolver`] (positions kept as multisets of piece kinds): each
/// distinct option of the position is searched in the same solver, so the
/// moves cost little beyond the outcome.
///
/// # Errors
/// The search's budget and stop errors.
pub(crate) fn misere_by_pieces<P, R>(
    rules: &R,
    position: &Vec<P>,
    options: &Options<'_>,
) -> Result<(Outcome, Vec<Vec<P>>)>
where
    P: Clone + Eq + core::hash::Hash,
    R: ImpartialRules<Position = Vec<P>> + PieceRules<Piece = P>,
{
    let mut solver =
        PieceMisereSolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
    let outcome = solver.outcome_of_list(position)?;
    let mut winning = Vec::new();
    if outcome == Outcome::N {
        let mut moves = Vec::new();
        rules.moves(position, &mut moves);
        let mut seen = std::collections::HashSet::new();
        for m in moves {
            let key = rules.normalize(&m).unwrap_or_else(|| m.clone());
            if seen.insert(key) && solver.outcome_of_list(&m)? == Outcome::P {
                winning.push(m);
            }
        }
    }
    Ok((outcome, winning))
}

/// The error of a `position` its ruleset's definition refuses to play, for
/// the reason `why`.
pub(crate) fn refused(position: &str, why: &str) -> Error {
    Error::input(format!("position `{position}`: {why}"))
}

/// Each of `moves` from `from` as `(to, description)` in the notation of
/// `rules`, as reports list them. O(moves), a plain loop: this is compiled
/// once for every ruleset's position type.
pub(crate) fn described_moves<P, N: Notation<P> + ?Sized>(
    rules: &N,
    from: &P,
    moves: &[P],
) -> Vec<(String, String)> {
    let mut listed = Vec::with_capacity(moves.len());
    for to in moves {
        listed.push((rules.format_position(to), rules.describe_move(from, to)));
    }
    listed
}

/// The standard report of an impartial position: fields `ruleset`,
/// `position`, `play` (`normal` or `misere`), `outcome`, `grundy` (normal
/// play) and `winning_moves` (`to`, `description`). `moves` holds
/// `(to, description)`.
#[must_use]
pub fn impartial_report(
    ruleset: &str,
    position: &str,
    misere: bool,
    outcome: Outcome,
    grundy: Option<u64>,
    moves: &[(String, String)],
) -> Report {
    let data = Data::map()
        .with("ruleset", ruleset)
        .with("position", position)
        .with("play", if misere { "misere" } else { "normal" })
        .with("outcome", outcome)
        .with("grundy", grundy)
        .with("winning_moves", Data::moves(moves));
    let mut text = format!(
        "{ruleset} {position}{}\n",
        if misere { " (misère play)" } else { "" }
    );
    text.push_str(&format!("outcome: {outcome} ({})\n", outcome.words()));
    if let Some(g) = grundy {
        text.push_str(&format!("grundy:  {g}\n"));
    }
    let mut report = Report::new(data, text);
    report.push_moves("winning_moves", "winning moves", "");
    report
}
