//! Smallest Nim and Largest Nim: the closed forms for outcome and winning
//! moves of any heaps, search for Grundy values and misère play of small
//! positions.

use super::{annotate, note_after_outcome, play_board, solve};
use crate::play::PlayEngine;
use crate::registry::{Error, Options, Report, Result, Ruleset, impartial_report, read_position};
use crate::{games::PickNim, notation::Notation, outcome::Outcome};

/// Positions with at most this many states below them (the product of
/// `heap + 1`) are searched for their Grundy value (and misère outcome).
const SEARCH_LIMIT: u128 = 100_000;

/// Most winning moves listed (Largest Nim may have as many as the heap).
const LISTED_MOVES: u64 = 32;

/// Smallest Nim or Largest Nim as a registry ruleset.
pub(super) struct PickBoard {
    /// Name shown in reports.
    pub(super) name: String,
    /// Which heap a move takes from.
    pub(super) rules: PickNim,
}

/// An upper bound on the positions below `heaps`.
fn states(heaps: &[u64]) -> u128 {
    heaps
        .iter()
        .try_fold(1u128, |acc, &h| acc.checked_mul(u128::from(h) + 1))
        .unwrap_or(u128::MAX)
}

impl Ruleset for PickBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let canonical = rules.format_position(&p);
        if states(&p) <= SEARCH_LIMIT {
            let (o, g, m) = solve(rules, &p, options)?;
            return Ok(impartial_report(&self.name, &canonical, options.misere, o, g, &m));
        }
        if options.misere {
            return Err(Error::input(format!(
                "{}: misère play is searched, and `{canonical}` has more than {SEARCH_LIMIT} positions below it",
                self.name
            )));
        }
        let cuts = rules.winning_cuts(&p);
        let listed = cuts.start..cuts.end.min(cuts.start.saturating_add(LISTED_MOVES));
        let moves: Vec<(String, String)> = match rules.picked(&p) {
            Some((i, _)) => listed
                .clone()
                .map(|v| {
                    let to = PickNim::cut(&p, i, v);
                    (rules.format_position(&to), rules.describe_move(&p, &to))
                })
                .collect(),
            None => Vec::new(),
        };
        let o = if rules.is_p(&p) { Outcome::P } else { Outcome::N };
        let mut r = impartial_report(&self.name, &canonical, false, o, None, &moves);
        note_after_outcome(
            &mut r,
            &format!(
                "grundy:  not computed (more than {SEARCH_LIMIT} positions below; P/N and the winning moves come from the closed form)"
            ),
        );
        if listed.end < cuts.end {
            annotate(
                &mut r,
                "winning_moves_complete",
                false,
                Some(format!(
                    "note: cutting the heap to any size in {}..{} wins; the first {LISTED_MOVES} are listed",
                    cuts.start,
                    cuts.end - 1
                )),
            );
        }
        Ok(r)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            if states(p) <= SEARCH_LIMIT {
                Ok(())
            } else {
                Err(format!(
                    "too large to play (at most {SEARCH_LIMIT} positions below it)"
                ))
            }
        })
    }
}
