//! Contest problems of the lecture notes as rulesets with their own notation,
//! each answering in the problem's own terms (counts, final scores, the
//! answer for every k, every winning first move, win/lose/draw with the
//! number of moves). The game logic is in the core modules; each file here
//! parses, asks and reports, and gives its catalog entry, which the family
//! files ([`super::boards`], [`super::partizan`], [`super::graphs`],
//! [`super::loopy`]) list.

pub(super) mod bunny_egg;
pub(super) mod carrot;
pub(super) mod fox_and_card;
pub(super) mod lamp;
pub(super) mod mex_mat;
pub(super) mod speike_and_tom;

use super::{Error, Options, Result};

/// Rejects misère play for a ruleset whose problem has its own end rules.
fn normal_play_only(name: &str, options: &Options<'_>) -> Result<()> {
    if options.misere {
        return Err(Error::input(format!(
            "`{name}` is the problem's own game with its own end: --misere is not supported"
        )));
    }
    Ok(())
}
