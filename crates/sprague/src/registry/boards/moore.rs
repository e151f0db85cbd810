//! Moore's Nim_k: search for small positions, the digit-sum rule for any heaps.

use super::{annotate, note_after_outcome, play_board, solve};
use crate::impartial::ImpartialRules;
use crate::play::PlayEngine;
use crate::registry::{Options, Report, Result, Ruleset, impartial_report, read_position};
use crate::{
    games::{MOORE_STATE_LIMIT, MooreNim},
    notation::Notation,
    outcome::Outcome,
};

/// Moore's Nim_k: the digit-sum rule for any heaps; Grundy values and the
/// full list of winning moves when the position is small enough to enumerate.
pub(super) struct MooreBoard {
    /// Name shown in reports, with `k`.
    pub(super) name: String,
    /// The engine ruleset.
    pub(super) rules: MooreNim,
}

impl MooreBoard {
    /// The report of a position too large to search, answered by a rule:
    /// its outcome, the winning moves found (`complete` when they are all
    /// of them) and a note on where the outcome comes from.
    fn by_rule(
        &self,
        p: &<MooreNim as ImpartialRules>::Position,
        misere: bool,
        outcome: Outcome,
        (targets, complete): (Vec<Vec<u64>>, bool),
        note: &str,
    ) -> Report {
        let rules = &self.rules;
        let moves: Vec<(String, String)> = targets
            .iter()
            .map(|q| (rules.format_position(q), rules.describe_move(p, q)))
            .collect();
        let mut r = impartial_report(
            &self.name,
            &rules.format_position(p),
            misere,
            outcome,
            None,
            &moves,
        );
        note_after_outcome(&mut r, note);
        annotate(
            &mut r,
            "winning_moves_complete",
            complete,
            (!complete).then(|| "(one winning move shown: too many options to list them all)".to_string()),
        );
        r
    }
}

impl Ruleset for MooreBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let searchable = MooreNim::searchable(&p);
        if options.misere && !searchable {
            // Moore's misère rule: as in normal play unless every heap is 0 or 1.
            let k = rules.k();
            let outcome = if crate::games::moore_misere_is_p(&p, k) {
                Outcome::P
            } else {
                Outcome::N
            };
            let (targets, complete) = if rules.option_count(&p) <= crate::games::MOORE_OPTION_LIMIT {
                let mut options = Vec::new();
                rules.moves(&p, &mut options);
                options.retain(|o| crate::games::moore_misere_is_p(o, k));
                (options, true)
            } else {
                (
                    crate::games::moore_misere_winning_move(&p, k)
                        .into_iter()
                        .collect(),
                    false,
                )
            };
            return Ok(self.by_rule(
                &p,
                true,
                outcome,
                (targets, complete),
                "grundy:  not computed (position too large to search; P/N from Moore's misère rule)",
            ));
        }
        if searchable {
            let (o, g, m) = solve(rules, &p, options)?;
            let mut r = impartial_report(&self.name, &rules.format_position(&p), options.misere, o, g, &m);
            annotate(&mut r, "winning_moves_complete", true, None);
            return Ok(r);
        }
        let outcome = if crate::games::moore_is_p(&p, rules.k()) {
            Outcome::P
        } else {
            Outcome::N
        };
        Ok(self.by_rule(
            &p,
            false,
            outcome,
            rules.winning_moves_by_rule(&p),
            "grundy:  not computed (position too large to search; P/N from the digit-sum rule)",
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            if MooreNim::searchable(p) {
                Ok(())
            } else {
                Err(format!(
                    "play searches every position, so the heaps' (size + 1) product must be at most {MOORE_STATE_LIMIT}"
                ))
            }
        })
    }
}
