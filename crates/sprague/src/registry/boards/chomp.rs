//! Chomp: winning bites listed on the diagram as written.

use super::annotate;
use crate::play::{ImpartialEngine, PlayEngine, erase};
use crate::registry::{Data, Options, Report, Result, Ruleset, impartial_report, read_position};
use crate::{
    games::{Chomp, ChompAsDrawn},
    notation::Notation,
};

/// Chomp: Grundy value of the canonical diagram; winning bites listed on the
/// diagram as written, 1-based.
pub(super) struct ChompBoard;

impl Ruleset for ChompBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let p = read_position(&Chomp, position)?;
        let (outcome, grundy, bites) =
            Chomp::winning_bites(&p, options.misere, options.max_states, options.monitor)?;
        let moves: Vec<(String, String)> = bites
            .iter()
            .map(|(r, c, after)| {
                (
                    Chomp.format_position(after),
                    format!("bite at (row {}, column {})", r + 1, c + 1),
                )
            })
            .collect();
        let mut report = impartial_report(
            "chomp",
            &Chomp.format_position(&p),
            options.misere,
            outcome,
            grundy.map(crate::nimber::Nimber::get),
            &moves,
        );
        let squares: Vec<Data> = bites
            .iter()
            .map(|(r, c, _)| Data::map().with("row", r + 1).with("column", c + 1))
            .collect();
        annotate(&mut report, "winning_bites", Data::List(squares), None);
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let p = read_position(&Chomp, position)?;
        let engine = ImpartialEngine::new("chomp".to_string(), &ChompAsDrawn, false, options);
        Ok(erase(engine, p))
    }
}
