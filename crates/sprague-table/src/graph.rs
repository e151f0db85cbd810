//! Tables of graph files: a token on a vertex of a directed graph, moved
//! along an edge, solved as win/lose/draw with remoteness (`sprague solve
//! GRAPH --out FILE`). The graph is not in the registry, so its table names
//! it by a fingerprint; [`probe_with`](crate::probe_with) and
//! [`verify_with`](crate::verify_with) read moves from the graph when it is
//! given again (as an [`External`](crate::External)), and answer from the
//! table alone otherwise.

use sprague::loopy::StateSpace;
use sprague::play::SpaceNotation;
use sprague::{DiGraph, Wld};

/// The prefix of the ruleset name of a graph file's table.
pub const GRAPH_RULESET: &str = "graph-file";

/// A graph file as a state space: vertex `v` is state `v`; a vertex without
/// successors ends the game with its outcome (`None`: a loss for the player
/// to move in normal play, a win in misère play), as `sprague solve` reads
/// it.
#[derive(Clone, Debug)]
pub struct GraphFile {
    graph: DiGraph,
    outcomes: Vec<Option<Wld>>,
    misere: bool,
}

impl GraphFile {
    /// The space of `graph` with the outcomes of its terminal vertices
    /// (`outcomes[v]`, missing entries `None`).
    #[must_use]
    pub fn new(graph: DiGraph, outcomes: Vec<Option<Wld>>, misere: bool) -> Self {
        GraphFile {
            graph,
            outcomes,
            misere,
        }
    }

    /// The ruleset name its table carries: see [`graph_ruleset`]. O(N + E).
    #[must_use]
    pub fn ruleset(&self) -> String {
        graph_ruleset(&self.graph, &self.outcomes, self.misere)
    }
}

/// The ruleset name of the table of `graph` with the terminal `outcomes`:
/// `graph-file:` then the crc32 of the vertex count, every vertex's
/// successors and terminal outcome, and `:misere` for misère play. Another
/// graph (or play) has another name with probability about 1 − 2⁻³².
/// O(N + E); the graph is only read.
#[must_use]
pub fn graph_ruleset(graph: &DiGraph, outcomes: &[Option<Wld>], misere: bool) -> String {
    let mut h = crc32fast::Hasher::new();
    let n = graph.vertex_count();
    h.update(&(n as u64).to_le_bytes());
    for v in 0..n as u32 {
        let succ = graph.successors(v);
        h.update(&(succ.len() as u64).to_le_bytes());
        for &t in succ {
            h.update(&t.to_le_bytes());
        }
        let o = match outcomes.get(v as usize).copied().flatten() {
            None => 0u8,
            Some(Wld::Win) => 1,
            Some(Wld::Lose) => 2,
            Some(Wld::Draw) => 3,
        };
        h.update(&[o]);
    }
    format!(
        "{GRAPH_RULESET}:{:08x}{}",
        h.finalize(),
        if misere { ":misere" } else { "" }
    )
}

/// Whether `ruleset` (a table header's) names a graph file's table.
#[must_use]
pub fn is_graph_ruleset(ruleset: &str) -> bool {
    ruleset == GRAPH_RULESET || ruleset.starts_with("graph-file:")
}

impl StateSpace for GraphFile {
    fn state_count(&self) -> u64 {
        self.graph.vertex_count() as u64
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let v = u32::try_from(s).ok()?;
        if self.graph.out_degree(v) > 0 {
            return None;
        }
        Some(
            self.outcomes
                .get(s as usize)
                .copied()
                .flatten()
                .unwrap_or(if self.misere { Wld::Win } else { Wld::Lose }),
        )
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        if let Ok(v) = u32::try_from(s) {
            out.extend(self.graph.successors(v).iter().map(|&t| u64::from(t)));
        }
    }
}

impl SpaceNotation for GraphFile {
    fn format_state(&self, s: u64) -> String {
        s.to_string()
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        parse_vertex(text, self.state_count())
    }

    fn describe_state_move(&self, _from: u64, to: u64) -> String {
        format!("to vertex {to}")
    }

    fn mover(&self, _s: u64) -> String {
        "the player".to_string()
    }
}

/// A vertex number below `n`, with a message naming the column otherwise.
pub(crate) fn parse_vertex(text: &str, n: u64) -> Result<u64, String> {
    let t = text.trim();
    let column = text.len() - text.trim_start().len() + 1;
    match t.parse::<u64>() {
        Ok(v) if v < n => Ok(v),
        Ok(v) => Err(format!(
            "column {column}: vertex {v} is not in the graph, whose vertices are 0 to {}",
            n.saturating_sub(1)
        )),
        Err(_) => Err(format!(
            "column {column}: expected a vertex number of the graph (0 to {}), found `{t}`",
            n.saturating_sub(1)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle() -> GraphFile {
        // 0 → 1 → 2 → 0, 2 → 3; 3 has no move.
        let g = DiGraph::from_edges(4, &[0, 1, 2, 2], &[1, 2, 0, 3]).unwrap();
        GraphFile::new(g, vec![None; 4], false)
    }

    #[test]
    fn the_name_tells_graphs_and_play_apart() {
        let a = cycle();
        assert!(is_graph_ruleset(&a.ruleset()));
        let g = DiGraph::from_edges(4, &[0, 1, 2, 2], &[1, 2, 0, 1]).unwrap();
        let b = GraphFile::new(g, vec![None; 4], false);
        assert_ne!(a.ruleset(), b.ruleset());
        let c = GraphFile::new(a.graph.clone(), vec![None, None, None, Some(Wld::Win)], false);
        assert_ne!(a.ruleset(), c.ruleset());
        let d = GraphFile::new(a.graph.clone(), vec![None; 4], true);
        assert_ne!(a.ruleset(), d.ruleset());
        assert_eq!(a.ruleset(), cycle().ruleset());
    }

    #[test]
    fn vertices_parse_with_their_column() {
        let a = cycle();
        assert_eq!(a.parse_state(" 3"), Ok(3));
        assert!(
            a.parse_state("4")
                .unwrap_err()
                .contains("vertex 4 is not in the graph")
        );
        assert!(a.parse_state("  x").unwrap_err().starts_with("column 3:"));
        assert_eq!(a.terminal(3), Some(Wld::Lose));
        assert_eq!(
            GraphFile::new(a.graph.clone(), vec![None; 4], true).terminal(3),
            Some(Wld::Win)
        );
        assert_eq!(a.terminal(2), None);
    }
}
