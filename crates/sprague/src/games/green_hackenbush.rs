//! Green Hackenbush on a picture of edges: its value by the colon and fusion
//! principles, winning cuts, misère play by search, and its player.

use crate::graph_games::{EdgeList, GreenHackenbush};
use crate::impartial::MisereSolver;
use crate::outcome::Outcome;
use crate::play::{HackenbushEngine, PlayEngine, erase};
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, impartial_report, parse_graph_position,
    shown_graph, without_params,
};

/// Pictures with more edges than this get their value but no list of winning
/// cuts (each candidate cut costs one more linear pass).
const HACKENBUSH_MOVE_LIMIT: usize = 5_000;

/// Misère Green Hackenbush is searched for pictures of at most this many edges.
const HACKENBUSH_MISERE_LIMIT: usize = 20;

struct GreenHackenbushRuleset;

impl Ruleset for GreenHackenbushRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let g = parse_graph_position(position, options.max_memory())?;
        if options.misere {
            return hackenbush_misere(&g, options);
        }
        let value = crate::graph_games::green_hackenbush_value(g.n, &g.edges);
        let mut moves = Vec::new();
        let listed = g.edges.len() <= HACKENBUSH_MOVE_LIMIT;
        if listed && !value.is_zero() {
            let mut seen = Vec::new();
            for i in 0..g.edges.len() {
                let (u, v) = g.edges[i];
                let key = (u.min(v), u.max(v));
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let mut rest = g.edges.clone();
                rest.remove(i);
                if crate::graph_games::green_hackenbush_value(g.n, &rest).is_zero() {
                    // The picture after the cut, written out only for small pictures.
                    let to = if rest.len() < 200 {
                        EdgeList {
                            n: g.n,
                            edges: rest,
                            start: None,
                        }
                        .format()
                    } else {
                        format!("cut {u}-{v}")
                    };
                    moves.push((to, format!("cut edge {u}-{v}")));
                }
            }
        }
        let shown = shown_graph(&g);
        let mut report = impartial_report(
            "green-hackenbush",
            &shown,
            false,
            Outcome::from_grundy(value),
            Some(value.get()),
            &moves,
        );
        if !listed {
            report.data.insert("winning_moves", Data::Null);
            report.push_text(&format!(
                "(winning cuts are listed for pictures of at most {HACKENBUSH_MOVE_LIMIT} edges)\n"
            ));
        }
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let g = parse_graph_position(position, options.max_memory())?;
        let (engine, start) = HackenbushEngine::new(&g.edges, options)?;
        Ok(erase(engine, start))
    }
}

/// Misère Green Hackenbush by search over positions (no structural rule is
/// known), for small pictures.
fn hackenbush_misere(g: &EdgeList, options: &Options<'_>) -> Result<Report> {
    let start = GreenHackenbush::position(&g.edges);
    if start.len() > HACKENBUSH_MISERE_LIMIT {
        return Err(Error::input(format!(
            "misère green-hackenbush is solved by search, for pictures of at most {HACKENBUSH_MISERE_LIMIT} edges; this one has {}",
            start.len()
        )));
    }
    let mut solver =
        MisereSolver::with_max_states(&GreenHackenbush, options.max_states).with_monitor(options.monitor);
    let outcome = solver.outcome(&start)?;
    let moves: Vec<(String, String)> = solver
        .winning_moves(&start)?
        .into_iter()
        .map(|after| {
            let cut = start
                .iter()
                .find(|e| {
                    let before = start.iter().filter(|x| x == e).count();
                    after.iter().filter(|x| x == e).count() < before
                })
                .map_or_else(String::new, |(u, v)| format!("cut edge {u}-{v}"));
            let to = EdgeList {
                n: g.n,
                edges: after,
                start: None,
            };
            (to.format(), cut)
        })
        .collect();
    Ok(impartial_report(
        "green-hackenbush",
        &g.format(),
        true,
        outcome,
        None,
        &moves,
    ))
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "green-hackenbush",
    params: "",
    family: Family::Graph,
    summary: "cut any edge; parts cut off from the ground (vertex 0) fall; fusion + colon principles, linear time",
    notation: "edges `0-1 1-2 2-0` (loops, parallel edges allowed; `n=K` optional), or JSON {\"n\":3,\"edges\":[[0,1]]}",
    example: "value green-hackenbush 0-1 1-2 2-0 2-3",
    example2: "value green-hackenbush 0-1 1-2 1-3 --json",
    rules: "A picture of edges, some attached to the ground (vertex 0). A move cuts any edge; every edge no longer connected to the ground falls away. The player who cuts the last edge wins.",
    known: "A stalk of n edges is a nim-heap of size n; branches meeting at a vertex may be replaced by one stalk of their nim-sum length (colon principle), and every cycle may be fused to a point, its edges becoming loops (fusion principle). Green Hackenbush and nimbers are introduced in Winning Ways, 2nd ed., vol. 1, ch. 2. sprague applies both principles in linear time.",
    build: |name, params| without_params(name, params, |_| GreenHackenbushRuleset),
}];
