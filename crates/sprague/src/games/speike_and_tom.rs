//! Speike and Tom: pursuit on a graph, win/lose/draw with the moves to the end.

use crate::loopy::SpeikeAndTom;
use crate::play::PlayEngine;
use crate::registry::{
    Entry, Error, Family, Kept, Options, Report, Result, Ruleset, SpaceRules, without_params,
};

/// Speike and Tom: the graph comes with the position, so each query builds
/// its state space and asks the state-space adapter.
#[derive(Default)]
struct SpeikeAndTomRuleset {
    /// The games made for players, kept while the ruleset lives.
    games: Kept<SpaceRules<SpeikeAndTom>>,
}

impl Ruleset for SpeikeAndTomRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let (space, _) = SpeikeAndTom::parse(position).map_err(|e| Error::position(position, e))?;
        SpaceRules {
            name: "speike-and-tom".to_string(),
            space,
        }
        .value(position, options)
    }

    /// Solves the whole game of the position, then plays it perfectly.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (space, _) = SpeikeAndTom::parse(position).map_err(|e| Error::position(position, e))?;
        let rules = self.games.keep(SpaceRules {
            name: "speike-and-tom".to_string(),
            space,
        });
        rules.play(position, options)
    }
}

/// The catalog entry.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "speike-and-tom",
    params: "",
    family: Family::Loopy,
    summary: "pursuit on a graph: Speike chases Tom, who runs for the hole; win, lose or draw with the number of moves",
    notation: "edges `0-1 1-2 …`, then `|`, Tom's vertex, Speike's vertex, the hole (`-` for none) and optionally who moves (`t` Tom, the default, or `s` Speike), e.g. `0-1 0-3 2-3 | 1 2 0`",
    example: "value speike-and-tom 0-2 0-5 1-3 2-4 2-5 3-4 3-5 | 1 2 0",
    example2: "value speike-and-tom 0-1 1-2 2-3 3-4 4-0 | 2 0 - s --json",
    rules: "Tom and Speike stand on vertices of an undirected graph and move in turn (Tom first unless told otherwise), each along one edge to a neighbouring vertex; passing is not allowed. Speike wins when he and Tom are on the same vertex; Tom wins by reaching the hole, which Speike may not enter. A player who has no move loses, and a game that can go on for ever with neither side able to force a win is a draw. The answer is who wins, or a draw, and in how many moves (plies) with perfect play: the winner hurries, the loser delays.",
    known: "The cat-and-mouse game of LeetCode 913 (Cat and Mouse), Tom as the mouse and Speike as the cat: its example 1 (graph [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]], mouse at 1, cat at 2, hole 0) is a draw and example 2 ([[1,3],[0],[3],[0,2]]) a win for the mouse, in one move. sprague solves all 2·n² positions by retrograde analysis (win, lose or draw with remoteness); tests check it against the solver of explicit game graphs on random graphs.",
    build: |name, params| without_params(name, params, |_| SpeikeAndTomRuleset::default()),
}];
