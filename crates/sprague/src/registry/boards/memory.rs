//! Memory games (Fibonacci Nim and relatives): search for small heaps, the
//! Schwenk / Zeckendorf closed form for any heap.

use super::{annotate, note_after_outcome, play_board, solve};
use crate::play::PlayEngine;
use crate::registry::{
    Error, OnProgress, Options, RangeCount, Report, Result, Ruleset, Table, impartial_report, read_position,
};
use crate::{
    games::{MEMORY_SEARCH_LIMIT, MEMORY_TABLE_LIMIT, MemoryGame, MemoryRule},
    notation::Notation,
    outcome::Outcome,
};

/// Memory games: Grundy values by search for small heaps, the Schwenk /
/// Zeckendorf closed form for outcome and winning moves of any heap.
pub(super) struct MemoryBoard {
    /// Name shown in reports, with parameters.
    pub(super) name: String,
    /// The engine ruleset.
    pub(super) rules: MemoryGame,
}

impl Ruleset for MemoryBoard {
    /// `G(n)` of the starting position with a heap of `n`, for `n < count`
    /// ([`MemoryGame::grundy_values`]); misère values are not defined this
    /// way and are refused.
    fn table(&self, count: usize, options: &Options<'_>, progress: &mut OnProgress<'_>) -> Result<Table> {
        if options.misere {
            return Err(Error::input(format!(
                "`table {} --misere` is not supported: use `value {} N --misere` for misère outcomes",
                self.name, self.name
            )));
        }
        if count > MEMORY_TABLE_LIMIT {
            return Err(Error::input(format!(
                "`table {}` searches about n²/2 states per heap: --count is limited to {MEMORY_TABLE_LIMIT}",
                self.name
            )));
        }
        let values = self
            .rules
            .grundy_values(count, options.max_states, options.monitor, progress)?;
        Ok(Table::with_period_found(values))
    }

    /// Fresh heaps `n` in `[low, high]` (the first-move rule applies) by
    /// Schwenk's closed form ([`MemoryGame::count_fresh_p`]): outcomes only,
    /// in normal or misère play.
    fn count(&self, low: u64, high: u64, options: &Options<'_>) -> Result<Report> {
        if low > high {
            return Err(Error::input(format!(
                "--range {low},{high}: the first bound is above the second"
            )));
        }
        let p = self.rules.count_fresh_p(low, high, options.misere);
        let how = format!(
            "Schwenk's closed form for fresh heaps{}, counted term by term over the greedy representations",
            if options.misere { " in misère play" } else { "" }
        );
        let mut r = RangeCount {
            low,
            high,
            p_positions: p,
            by_value: None,
            how,
        }
        .report(&self.name);
        if options.misere {
            r.data.insert("play", "misere");
        }
        Ok(r)
    }

    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let (n, _) = p;
        let canonical = rules.format_position(&p);
        let mut r = if n <= MEMORY_SEARCH_LIMIT {
            let (o, g, moves) = solve(rules, &p, options)?;
            impartial_report(&self.name, &canonical, options.misere, o, g, &moves)
        } else {
            let moves: Vec<(String, String)> = rules
                .winning_moves_by_rule(p, options.misere)
                .iter()
                .map(|to| (rules.format_position(to), rules.describe_move(&p, to)))
                .collect();
            let o = if rules.is_p_by_rule(p, options.misere) {
                Outcome::P
            } else {
                Outcome::N
            };
            let mut r = impartial_report(&self.name, &canonical, options.misere, o, None, &moves);
            note_after_outcome(
                &mut r,
                &format!(
                    "grundy:  not computed (heap above {MEMORY_SEARCH_LIMIT}; P/N and the winning moves come from the closed form)"
                ),
            );
            r
        };
        let explained = MemoryGame::explained(n, options.misere);
        let rep = rules.representation(explained);
        let words: Vec<String> = rep.iter().map(u64::to_string).collect();
        let line = format!(
            "{explained} = {}{}",
            if words.is_empty() {
                "0".to_string()
            } else {
                words.join(" + ")
            },
            match rules.rule() {
                MemoryRule::Double => "   (Zeckendorf representation)",
                MemoryRule::Add(_) => "   (greedy representation by the game's terms)",
            }
        );
        annotate(&mut r, "representation", rep, Some(line));
        Ok(r)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            if p.0 > MEMORY_SEARCH_LIMIT {
                Err(format!(
                    "play searches Grundy values, so the heap is limited to {MEMORY_SEARCH_LIMIT}"
                ))
            } else {
                Ok(())
            }
        })
    }
}
