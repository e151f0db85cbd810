//! Poker Nim: the Nim rule, checked by retrograde analysis on small positions.

use super::annotate;
use crate::play::{POKER_PLAY_LIMIT, PlayEngine, PokerEngine, erase};
use crate::registry::{Data, Error, Options, Report, Result, Ruleset, impartial_report, read_position};
use crate::{games::PokerNim, notation::Notation};

/// Poker Nim: the Nim rule, winning removals and additions.
pub(super) struct PokerBoard;

impl Ruleset for PokerBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        if options.misere {
            return Err(Error::input(
                "poker-nim: misère play is not supported (normal play only)",
            ));
        }
        let r = PokerNim;
        let p = read_position(&r, position)?;
        let moves: Vec<(String, String)> = PokerNim::winning_moves(&p)
            .iter()
            .map(|q| (r.format_position(q), r.describe_move(&p, q)))
            .collect();
        let x = p.nim_sum().get();
        let nim_outcome = PokerNim::outcome(&p);
        let mut report = impartial_report(
            "poker-nim",
            &r.format_position(&p),
            false,
            nim_outcome,
            None,
            &moves,
        );
        // Small positions are also solved by retrograde analysis of the loopy
        // game, as a visible check of the Nim rule.
        let searched = r
            .small_search_outcome(&p)
            .map(|o| o.map_or("draw", |o| o.as_str()));
        let line = searched.map(|o| {
            let verdict = if o == nim_outcome.as_str() {
                "agrees with"
            } else {
                "differs from"
            };
            format!("search:  {o} (retrograde analysis of the whole loopy game {verdict} the Nim rule)")
        });
        annotate(
            &mut report,
            "search_outcome",
            searched.map_or(Data::Null, Data::from),
            line,
        );
        annotate(
            &mut report,
            "nim_sum",
            x,
            Some(format!(
                "nim-sum: {x} (with finite reserves the heaps play exactly as Nim heaps)"
            )),
        );
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        if options.misere {
            return Err(Error::input(
                "poker-nim is played in normal play only; drop --misere",
            ));
        }
        let p = read_position(&PokerNim, position)?;
        let size = PokerEngine::play_size(&p);
        if size > u128::from(POKER_PLAY_LIMIT) {
            return Err(Error::input(format!(
                "position `{position}`: poker-nim plays positions whose chips (heaps and reserves) times (heaps + 1) are at most {POKER_PLAY_LIMIT}, so that every move can be listed; this one has {size}"
            )));
        }
        Ok(erase(PokerEngine, p))
    }
}
