//! Wythoff's game and Wyt Queens: the Grundy table for sums of small
//! components, search for misère play, the Beatty closed form for one
//! component of any size.

use super::{annotate, note_after_outcome, play_board, solve};
use crate::play::PlayEngine;
use crate::registry::{Error, Options, Report, Result, Ruleset, impartial_report, read_position};
use crate::{
    games::{WYTHOFF_SEARCH_LIMIT, WYTHOFF_TABLE_LIMIT, Wythoff},
    impartial::ImpartialRules,
    notation::Notation,
    outcome::Outcome,
};

/// Wythoff and Wyt Queens: the Beatty closed form for P/N and winning moves of
/// one component with any heaps; Grundy values from the table or by search
/// for small heaps.
pub(super) struct WythoffBoard {
    /// Name shown in reports.
    pub(super) name: String,
    /// Heaps or queens notation.
    pub(super) rules: Wythoff,
}

impl WythoffBoard {
    /// Every move of `from` to `to` as `(to, description)`.
    fn rows(&self, from: &Vec<[u64; 2]>, to: &[Vec<[u64; 2]>]) -> Vec<(String, String)> {
        to.iter()
            .map(|q| (self.rules.format_position(q), self.rules.describe_move(from, q)))
            .collect()
    }
}

impl Ruleset for WythoffBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let largest = p.iter().map(|c| c[0].max(c[1])).max().unwrap_or(0);
        let canonical = rules.format_position(&p);
        let by_table = if options.misere {
            None
        } else {
            crate::games::wythoff_sum_by_table(&p)
        };
        let mut report = if let Some((g, moves)) = by_table {
            let outcome = Outcome::from_grundy(g);
            impartial_report(
                &self.name,
                &canonical,
                false,
                outcome,
                Some(g.get()),
                &self.rows(&p, &moves),
            )
        } else if largest <= WYTHOFF_SEARCH_LIMIT {
            let (o, g, m) = solve(rules, &p, options)?;
            impartial_report(&self.name, &canonical, options.misere, o, g, &m)
        } else if let [[x, y]] = p[..] {
            let targets = if options.misere {
                crate::games::wythoff_misere_winning_moves(x, y)
            } else {
                crate::games::wythoff_winning_moves(x, y)
            };
            let moves: Vec<Vec<[u64; 2]>> = targets.into_iter().map(|c| vec![c]).collect();
            let o = if options.misere {
                rules.misere_outcome(&p).unwrap_or(Outcome::N)
            } else if crate::games::wythoff_is_p(x, y) {
                Outcome::P
            } else {
                Outcome::N
            };
            let mut r = impartial_report(
                &self.name,
                &canonical,
                options.misere,
                o,
                None,
                &self.rows(&p, &moves),
            );
            note_after_outcome(
                &mut r,
                &format!(
                    "grundy:  not computed (a heap above {WYTHOFF_SEARCH_LIMIT}; P/N and the winning moves come from the Beatty closed form)"
                ),
            );
            r
        } else {
            return Err(Error::input(format!(
                "position `{position}`: a sum of Wythoff games needs each component's Grundy value, computed only for heaps up to {WYTHOFF_TABLE_LIMIT} ({WYTHOFF_SEARCH_LIMIT} in misère play); a single component of any size is decided by the closed form"
            )));
        };
        if let [[x, y]] = p[..]
            && !options.misere
            && let Some(k) = crate::games::wythoff_p_index(x, y)
        {
            annotate(
                &mut report,
                "p_position_index",
                k,
                Some(format!("this is P-position number {k}: (⌊{k}φ⌋, ⌊{k}φ⌋ + {k})")),
            );
        }
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            match p.iter().map(|c| c[0].max(c[1])).max() {
                Some(m) if m > WYTHOFF_SEARCH_LIMIT => Err(format!(
                    "play searches Grundy values, so heaps are limited to {WYTHOFF_SEARCH_LIMIT} (found {m})"
                )),
                _ => Ok(()),
            }
        })
    }
}
