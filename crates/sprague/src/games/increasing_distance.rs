//! The increasing-distance game on a tree: every losing start by the
//! diameter-midpoint rule, and its player.

use crate::outcome::Outcome;
use crate::play::{DistancePlay, PlayEngine, erase};
use crate::registry::{
    Data, Entry, Family, Kept, Options, Report, Result, Ruleset, list_vertices, normal_only, outcome_text,
    parse_tree, shown_graph, without_params,
};

#[derive(Default)]
struct IncreasingDistanceRuleset {
    games: Kept<DistancePlay>,
}

impl Ruleset for IncreasingDistanceRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_only("increasing-distance", options)?;
        let (g, tree) = parse_tree(position, options.max_memory())?;
        let win = crate::graph_games::increasing_distance_winning_starts(&tree);
        let winners: Vec<u32> = (0..tree.len() as u32).filter(|&v| win[v as usize]).collect();
        let losers: Vec<u32> = (0..tree.len() as u32).filter(|&v| !win[v as usize]).collect();
        let mut data = Data::map()
            .with("ruleset", "increasing-distance")
            .with("position", shown_graph(&g))
            .with("play", "normal")
            .with("winning_starts", winners)
            .with("losing_starts", losers.clone());
        let mut text = format!("increasing-distance {}\n", shown_graph(&g));
        text.push_str(&format!("losing start vertices: {}\n", list_vertices(&losers)));
        if let Some(s) = g.start {
            let outcome = if win[s as usize] { Outcome::N } else { Outcome::P };
            data.insert("start", s);
            data.insert("outcome", outcome.as_str());
            text.push_str(&format!("from {s}: {outcome} ({})\n", outcome_text(outcome)));
        }
        Ok(Report::new(data, text))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (g, tree) = parse_tree(position, options.max_memory())?;
        let game = self.games.keep(DistancePlay::new(&tree, options)?);
        let start = g.start.map(|s| (s as u8, 0));
        Ok(erase(game.engine(options), start))
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "increasing-distance",
    params: "",
    family: Family::Graph,
    summary: "token on a tree moves each time strictly farther than the previous move; diameter-midpoint rule",
    notation: "tree edges `0-1 1-2` and an optional start `@1`; every winning start is listed",
    example: "value increasing-distance 0-1 1-2 2-3 2-4 @2",
    example2: "value increasing-distance 0-1 1-2 2-3 @0",
    rules: "A token stands on a vertex (`@V`) of a tree. A move carries it to another vertex strictly farther (counting edges) from where it stands than the length of the previous move; the first move may have any length. Whoever cannot move loses.",
    known: "The diameter-midpoint rule: the second player wins only from the centre of a diameter of even length, answering each move through the centre to the far side; from every other start the first player wins (derivation in the documentation of `sprague::graph_games::increasing_distance_winning_starts`, checked against search on random trees).",
    build: |name, params| without_params(name, params, |_| IncreasingDistanceRuleset::default()),
}];
