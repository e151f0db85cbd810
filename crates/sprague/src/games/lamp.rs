//! The lamp and switches game: who makes the lamp light or stay dark.

use crate::loopy::LampGame;
use crate::play::PlayEngine;
use crate::registry::{
    Entry, Error, Family, Kept, Options, Report, Result, Ruleset, SpaceRules, normal_play_only,
    without_params,
};

/// The lamp and switches game: the circuit comes with the position, so each
/// query builds its state space and asks the state-space adapter.
#[derive(Default)]
struct LampSwitches {
    /// The games made for players, kept while the ruleset lives.
    games: Kept<SpaceRules<LampGame>>,
}

impl Ruleset for LampSwitches {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("lamp-switches", options)?;
        let (space, _) = LampGame::parse(position).map_err(|e| Error::position(position, e))?;
        SpaceRules {
            name: "lamp-switches".to_string(),
            space,
        }
        .value(position, options)
    }

    /// Solves the whole game of the position, then plays it perfectly.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (space, _) = LampGame::parse(position).map_err(|e| Error::position(position, e))?;
        let rules = self.games.keep(SpaceRules {
            name: "lamp-switches".to_string(),
            space,
        });
        rules.play(position, options)
    }
}

/// The catalog entry.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "lamp-switches",
    params: "",
    family: Family::Loopy,
    summary: "a lamp behind switches in series (AND) and parallel (OR): Light switches one on, Dark one off, in turn; is the lamp lit at the end?",
    notation: "a formula: switches `a`–`z`, `+` parallel (OR), `&` or nothing series (AND), parentheses, `0`/`1`; then optionally `;`, switches already set (`a=1 b=0`) and who moves (`light`, the default, or `dark`), e.g. `(a+b)(c+d); dark`",
    example: "value lamp-switches (a+b)(c+d)(e+f); dark",
    example2: "value lamp-switches ab+cd+ae; light --json",
    rules: "A lamp is wired to a battery through switches, connected in series (the formula's AND) and in parallel (OR); a switch may occur at several places of the formula and then opens or closes all of them together. Light and Dark take turns, Light first unless told otherwise: Light closes (switches on) one undecided switch for good, Dark opens one for good. The game ends as soon as the undecided switches can no longer change the lamp; Light wins if it is lit, Dark if it is dark. The answer is the winner and the number of moves until the lamp's fate is sealed, with the best moves.",
    known: "The formula game of Boolean logic played on a monotone formula (one player sets variables true, the other false); (a+b)(c+d)(e+f) is a win for Light whoever starts, since Light answers in the pair Dark touched (sigfpe, \"A Game of Logic\", blog.sigfpe.com, November 2005). Deciding the winner on general monotone formulas is PSPACE-complete (D. Eppstein, reply to that post, 11011110.livejournal.com, December 2005, by reduction from quantified Boolean formulas). sprague solves the 2·3^k positions of k switches (k ≤ 14) by retrograde analysis; tests check it against plain recursion on random formulas.",
    build: |name, params| without_params(name, params, |_| LampSwitches::default()),
}];
