//! The adapter of impartial games whose closed forms answer huge positions
//! ([`CellGrid`], with what a game adds in [`BoardRules`]), and the helpers
//! that games with a report of their own share: [`solve`] by search,
//! [`annotate`] and [`note_after_outcome`] for the report, [`play_board`] for
//! a perfect player.

use super::impartial_rules::described_moves;
use super::report::{Data, Report};
use super::ruleset::Ruleset;
use crate::play::{ClosedFormPlay, ImpartialEngine, PlayEngine, erase};
use crate::query::{Error, Options, Result, read_position};
use crate::{
    impartial::{GrundySolver, ImpartialRules, MisereSolver},
    notation::Notation,
    outcome::Outcome,
};

/// Any ruleset whose closed forms (`closed_form`, `moves_to_value`) answer
/// huge positions: like [`super::Impartial`], but refusing misère positions out of
/// the search's reach ([`BoardRules::misere_check`]).
pub(crate) struct CellGrid<R> {
    /// Name shown in reports, with parameters.
    pub(crate) name: String,
    /// The engine ruleset.
    pub(crate) rules: R,
}

impl<R: Default> CellGrid<R>
where
    CellGrid<R>: Ruleset + 'static,
{
    /// The [`Builder`](super::Builder) of a catalog entry without
    /// parameters whose rules are `R::default()` (a unit struct's game).
    ///
    /// # Errors
    /// Parameters given.
    pub(crate) fn build(name: &str, params: Option<&str>) -> Result<Box<dyn Ruleset>> {
        super::without_params(name, params, |name| CellGrid {
            name,
            rules: R::default(),
        })
    }
}

/// What the [`CellGrid`] adapter needs beyond the engine trait.
pub(crate) trait BoardRules: ImpartialRules + Notation<<Self as ImpartialRules>::Position> {
    /// `Err(reason)` if `p` is too large to play (the player lists every
    /// move). Every position plays by default.
    fn play_check(&self, p: &Self::Position) -> core::result::Result<(), String> {
        let _ = p;
        Ok(())
    }

    /// `Err(reason)` if misère search of `p` is out of reach. Misère play has
    /// no closed forms here and searches whole positions by enumerating
    /// options, so rulesets whose option lists explode on big input refuse it
    /// there instead of exhausting memory.
    fn misere_check(&self, p: &Self::Position) -> core::result::Result<(), crate::OutOfReach> {
        let _ = p;
        Ok(())
    }
}

/// Outcome, Grundy value and winning moves `(to, description)` of a position.
pub(crate) type Solved = (Outcome, Option<u64>, Vec<(String, String)>);

/// Solves `p` by search: Grundy values in normal play, outcomes in misère play.
pub(crate) fn solve<R: BoardRules>(rules: &R, p: &R::Position, options: &Options<'_>) -> Result<Solved> {
    if options.misere {
        let mut solver =
            MisereSolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
        let outcome = solver.outcome(p)?;
        let moves = solver.winning_moves(p)?;
        return Ok((outcome, None, described_moves(rules, p, &moves)));
    }
    let mut solver = GrundySolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
    let g = solver.grundy(p)?;
    let moves = solver.winning_moves(p)?;
    Ok((
        Outcome::from_grundy(g),
        Some(g.get()),
        described_moves(rules, p, &moves),
    ))
}

impl<R: BoardRules> Ruleset for CellGrid<R> {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let p = read_position(&self.rules, position)?;
        if options.misere {
            self.rules
                .misere_check(&p)
                .map_err(|e| Error::input(format!("{}: {e}", self.name)))?;
        }
        let (outcome, grundy, moves) = solve(&self.rules, &p, options)?;
        Ok(super::impartial_rules::impartial_report(
            &self.name,
            &self.rules.format_position(&p),
            options.misere,
            outcome,
            grundy,
            &moves,
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            self.rules.play_check(p)
        })
    }
}

/// Adds a field to the data and a line to the text of a report.
pub(crate) fn annotate(report: &mut Report, key: &str, value: impl Into<Data>, line: Option<String>) {
    report.data.insert(key, value);
    if let Some(l) = line {
        report.push_line(&l);
    }
}

/// Inserts a line of text right after the `outcome:` line of a report.
pub(crate) fn note_after_outcome(report: &mut Report, line: &str) {
    report.insert_line_after("outcome:", line);
}

/// A perfect player of an impartial board ruleset: checks the position with
/// `fits` (the searches behind each move must stay small) and, in misère
/// play, with [`BoardRules::misere_check`].
pub(crate) fn play_board<'a, R: BoardRules>(
    name: &str,
    rules: &'a R,
    position: &str,
    options: &Options<'a>,
    fits: impl Fn(&R::Position) -> core::result::Result<(), String>,
) -> Result<Box<dyn PlayEngine + 'a>> {
    let p = read_position(rules, position)?;
    fits(&p).map_err(|e| Error::input(format!("position `{position}`: {e}")))?;
    if options.misere {
        rules
            .misere_check(&p)
            .map_err(|e| Error::input(format!("{name}: {e}")))?;
    }
    let engine = ImpartialEngine::new(name.to_string(), rules, false, options);
    Ok(erase(engine, p))
}

/// [`play_board`] for a ruleset that plays huge positions by its closed form
/// ([`ClosedFormPlay`]): `fits` only has to refuse what neither the search
/// nor the closed form plays.
pub(crate) fn play_board_closed<'a, R>(
    name: &str,
    rules: &'a R,
    position: &str,
    options: &Options<'a>,
    fits: impl Fn(&R::Position) -> core::result::Result<(), String>,
) -> Result<Box<dyn PlayEngine + 'a>>
where
    R: BoardRules + ClosedFormPlay<<R as ImpartialRules>::Position>,
{
    let p = read_position(rules, position)?;
    fits(&p).map_err(|e| Error::input(format!("position `{position}`: {e}")))?;
    if options.misere && !rules.by_closed_form(&p) {
        rules
            .misere_check(&p)
            .map_err(|e| Error::input(format!("{name}: {e}")))?;
    }
    let engine = ImpartialEngine::new(name.to_string(), rules, false, options).with_closed_form(rules);
    Ok(erase(engine, p))
}
