//! Node Kayles and Arc Kayles on graphs of at most 64 vertices: values,
//! winning picks and players.

use crate::graph_games::{ArcKayles, NodeKayles};
use crate::impartial::{GrundySolver, ImpartialRules, MisereSolver};
use crate::nimber::Nimber;
use crate::outcome::Outcome;
use crate::play::{KaylesPlay, PlayEngine, erase};
use crate::registry::{
    Entry, Error, Family, Kept, Options, Report, Result, Ruleset, impartial_report, list_vertices,
    parse_graph_position, without_params,
};

struct KaylesRuleset {
    arc: bool,
    games: Kept<KaylesPlay>,
}

impl KaylesRuleset {
    fn new(arc: bool) -> Self {
        KaylesRuleset {
            arc,
            games: Kept::default(),
        }
    }
}

fn set_text(mask: u64) -> String {
    let vs: Vec<String> = (0..64)
        .filter(|&v| mask >> v & 1 == 1)
        .map(|v: u32| v.to_string())
        .collect();
    format!("{{{}}}", vs.join(","))
}

fn kayles_report<R: ImpartialRules<Position = u64>>(
    name: &str,
    rules: &R,
    start: u64,
    shown: &str,
    options: &Options<'_>,
    describe: impl Fn(u64) -> String,
) -> Result<Report> {
    let (outcome, grundy, winning) = if options.misere {
        let mut solver =
            MisereSolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
        (solver.outcome(&start)?, None, solver.winning_moves(&start)?)
    } else {
        let mut solver =
            GrundySolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
        let value: Nimber = solver.grundy(&start)?;
        (
            Outcome::from_grundy(value),
            Some(value.get()),
            solver.winning_moves(&start)?,
        )
    };
    let moves: Vec<(String, String)> = winning
        .into_iter()
        .map(|after| (set_text(after), describe(start & !after)))
        .collect();
    Ok(impartial_report(
        name,
        shown,
        options.misere,
        outcome,
        grundy,
        &moves,
    ))
}

impl Ruleset for KaylesRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let name = if self.arc { "arc-kayles" } else { "node-kayles" };
        let g = parse_graph_position(position, options.max_memory())?;
        if g.n > 64 {
            return Err(Error::input(format!(
                "`{name}` searches graphs of at most 64 vertices; this one has {}",
                g.n
            )));
        }
        let shown = g.format();
        if self.arc {
            let rules = ArcKayles::new(g.n, &g.edges)
                .ok_or_else(|| Error::input("graph too large for arc-kayles"))?;
            kayles_report(name, &rules, rules.start(), &shown, options, |gone| {
                let ends: Vec<u32> = (0..64).filter(|&v| gone >> v & 1 == 1).collect();
                format!("take edge {}", list_vertices(&ends).replace(' ', "-"))
            })
        } else {
            let rules = NodeKayles::new(g.n, &g.edges)
                .ok_or_else(|| Error::input("graph too large for node-kayles"))?;
            let adj: Vec<u64> = (0..g.n)
                .map(|v| {
                    g.edges.iter().fold(0u64, |m, &(a, b)| {
                        if a as usize == v {
                            m | 1 << b
                        } else if b as usize == v {
                            m | 1 << a
                        } else {
                            m
                        }
                    })
                })
                .collect();
            let all = rules.start();
            kayles_report(name, &rules, all, &shown, options, |gone| {
                // The picked vertex is the one whose closed neighbourhood is what went.
                let picked = (0..g.n as u32)
                    .find(|&v| gone >> v & 1 == 1 && (adj[v as usize] | 1 << v) & all == gone)
                    .map_or_else(|| set_text(gone), |v| v.to_string());
                format!("take vertex {picked}")
            })
        }
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let g = parse_graph_position(position, options.max_memory())?;
        let (game, start) = KaylesPlay::new(&g, self.arc)?;
        let game = self.games.keep(game);
        Ok(erase(game.engine(options), start))
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
    Entry {
        name: "node-kayles",
        params: "",
        family: Family::Graph,
        summary: "pick a vertex, delete it and its neighbours (graphs of at most 64 vertices, split into components)",
        notation: "edges `0-1 1-2` (`n=K` adds isolated vertices)",
        example: "value node-kayles 0-1 1-2 2-3 3-4 4-0",
        example2: "value node-kayles 0-1 1-2 2-3 3-4 4-5 5-6",
        rules: "Pick a vertex of a graph: it and all its neighbours are removed. Whoever cannot move loses.",
        known: "On a path of n vertices Node Kayles is Dawson's chess (octal 0.137), values OEIS A002187; on general graphs deciding the winner is PSPACE-complete (Schaefer, 1978). sprague splits positions into connected components and searches each.",
        build: |name, params| without_params(name, params, |_| KaylesRuleset::new(false)),
    },
    Entry {
        name: "arc-kayles",
        params: "",
        family: Family::Graph,
        summary: "pick an edge, delete both its ends (graphs of at most 64 vertices, split into components)",
        notation: "edges `0-1 1-2` (`n=K` adds isolated vertices)",
        example: "value arc-kayles 0-1 1-2 2-3 3-4 4-5",
        example2: "value arc-kayles 0-1 0-2 0-3 1-2",
        rules: "Pick an edge of a graph: both its ends are removed, with every edge touching them. Whoever cannot move loses.",
        known: "On a path of n vertices Arc Kayles is Dawson's Kayles (octal 0.07), whose values are OEIS A002187 shifted by one (Winning Ways, 2nd ed., vol. 1, ch. 4). sprague splits positions into connected components and searches each.",
        build: |name, params| without_params(name, params, |_| KaylesRuleset::new(true)),
    },
];
