//! A directed graph with per-vertex terminal outcomes as a state space, for
//! the distributed solver.

use sprague::loopy::StateSpace;
use sprague::{DiGraph, Wld};

/// A token on a vertex of `graph`, moved along an edge; at a vertex without
/// successors `outcomes[v]` says the result (`None`: the default of the
/// solve, a loss in normal play). Moves only (no un-moves): the distributed
/// solver sends each edge to its target's owner once.
#[derive(Clone, Debug)]
pub struct GraphSpace {
    /// The graph.
    pub graph: DiGraph,
    /// Outcome of each terminal vertex, `None` for the default.
    pub outcomes: Vec<Option<Wld>>,
}

impl StateSpace for GraphSpace {
    fn state_count(&self) -> u64 {
        self.graph.vertex_count() as u64
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        if self.graph.out_degree(s as u32) == 0 {
            self.outcomes.get(s as usize).copied().flatten()
        } else {
            None
        }
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        out.extend(self.graph.successors(s as u32).iter().map(|&t| u64::from(t)));
    }
}
