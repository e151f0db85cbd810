//! [`CalcReport`]: what `calc` says about an expression, one variant per kind
//! of game, with its one JSON form and its text.

use super::GameReport;
use crate::registry::{Data, Report};
use crate::surreal::SurrealReport;

/// The answer of [`calc`](super::calc): one variant per kind of expression.
/// [`data`](CalcReport::data) holds its fields (the JSON form every surface
/// prints, [`to_json`](CalcReport::to_json)), [`text`](CalcReport::text) the
/// same answer for people.
#[derive(Clone, Debug)]
pub enum CalcReport {
    /// A sum of impartial games in misère play, by its misère canonical form
    /// (genus, restive or tame, mate; [`crate::registry::misere_game_report`]).
    Misere(Report),
    /// A number beyond the dyadics (an ordinal, `1/omega`) or a rational
    /// (`1/3 + 1/6`): its value, sign and whether it is an ordinal or a
    /// short game.
    Surreal {
        /// The expression as given.
        expression: String,
        /// What is said about the number.
        report: SurrealReport,
    },
    /// A loopy game: simplest form, outcome with either player first,
    /// stopper or not, onside and offside
    /// ([`crate::registry::loopy_game_report`]).
    Loopy(Report),
    /// A short partizan game (numbers, nimbers, switches, infinitesimals):
    /// canonical form, outcome, stops, mean, temperature, thermograph, ….
    Game(Box<GameReport>),
}

impl CalcReport {
    /// The kind as a word: `misere`, `surreal`, `loopy` or `game`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            CalcReport::Misere(_) => "misere",
            CalcReport::Surreal { .. } => "surreal",
            CalcReport::Loopy(_) => "loopy",
            CalcReport::Game(_) => "game",
        }
    }

    /// The fields of the answer, in the order they are printed. O(size of
    /// the report).
    #[must_use]
    pub fn data(&self) -> Data {
        match self {
            CalcReport::Misere(r) | CalcReport::Loopy(r) => r.data.clone(),
            CalcReport::Surreal { expression, report } => Data::map()
                .with("expression", expression.as_str())
                .with("value", report.value.as_str())
                .with("outcome", report.outcome)
                .with("sign", report.sign)
                .with("ordinal", report.ordinal.as_ref().map(ToString::to_string))
                .with("short_game", report.dyadic.as_ref().map(ToString::to_string)),
            CalcReport::Game(g) => g.data(),
        }
    }

    /// The answer as one JSON object ([`Data::to_json`]: the same bytes on
    /// every surface).
    #[must_use]
    pub fn to_json(&self) -> String {
        match self {
            CalcReport::Misere(r) | CalcReport::Loopy(r) => r.data.to_json(),
            _ => self.data().to_json(),
        }
    }

    /// The answer for people, one `name: value` line per field.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            CalcReport::Misere(r) | CalcReport::Loopy(r) => r.text(),
            CalcReport::Surreal { report, .. } => {
                let mut text = format!("value:         {}\n", report.value);
                text.push_str(&format!(
                    "outcome:       {} ({})\n",
                    report.outcome,
                    report.outcome.calc_words()
                ));
                match &report.ordinal {
                    Some(o) => text.push_str(&format!("ordinal:       yes, {o} in Cantor normal form\n")),
                    None => text.push_str("ordinal:       no\n"),
                }
                match &report.dyadic {
                    Some(d) => text.push_str(&format!("short game:    yes, canonical form {d}\n")),
                    None => text.push_str("short game:    no (not a dyadic rational)\n"),
                }
                text
            }
            CalcReport::Game(g) => g.text(),
        }
    }
}
