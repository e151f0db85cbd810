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

impl GraphSpace {
    /// A 64-bit digest of the graph and its terminal outcomes: every
    /// vertex's successors in order and its outcome. Two graph files of the
    /// same size but different edges have different digests (up to the
    /// chance of a 64-bit collision), which is what the handshake of a
    /// distributed solve compares ([`DistOptions::input_fingerprint`](crate::DistOptions::input_fingerprint)).
    /// O(N + E).
    ///
    /// ```
    /// use sprague::DiGraph;
    /// use sprague_dist::GraphSpace;
    /// let a = GraphSpace { graph: DiGraph::from_edges(3, &[0, 1], &[1, 2]).unwrap(), outcomes: vec![None; 3] };
    /// let b = GraphSpace { graph: DiGraph::from_edges(3, &[0, 2], &[1, 1]).unwrap(), outcomes: vec![None; 3] };
    /// assert_ne!(a.fingerprint(), b.fingerprint());
    /// assert_eq!(a.fingerprint(), a.clone().fingerprint());
    /// ```
    #[must_use]
    pub fn fingerprint(&self) -> u64 {
        // A multiply-rotate mix per word (in the manner of FxHash with a
        // final avalanche): fast over hundreds of millions of edges.
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut h: u64 = 0x6a09_e667_f3bc_c908;
        let mut mix = |w: u64| h = (h ^ w).wrapping_mul(K).rotate_left(29);
        let n = self.graph.vertex_count();
        mix(n as u64);
        for v in 0..n {
            let succ = self.graph.successors(v as u32);
            mix(succ.len() as u64);
            for &t in succ {
                mix(u64::from(t));
            }
            mix(match self.outcomes.get(v).copied().flatten() {
                None => 0,
                Some(Wld::Win) => 1,
                Some(Wld::Lose) => 2,
                Some(Wld::Draw) => 3,
            });
        }
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }

    /// The graph of an explicit `space`: every state's moves as edges and
    /// its terminal outcome, so that a space held by one process (behind a
    /// lock, or not shareable between threads, such as a scripted game)
    /// can be solved by the distributed solver. Every index must be a state
    /// ([`StateSpace::is_state`]). O(N + E) time, 8 bytes per edge and 5 per
    /// state.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sprague::{DiGraph, StateSpaceSolver};
    /// use sprague_dist::{Cluster, DistSolver, GraphSpace};
    /// // A cycle 0 → 1 → 2 → 0 with an exit 2 → 3 (no move there: a loss).
    /// let graph = DiGraph::from_edges(4, &[0, 1, 2, 2], &[1, 2, 0, 3]).unwrap();
    /// let g = GraphSpace { graph, outcomes: vec![None; 4] };
    /// let copy = GraphSpace::collect(&g).unwrap();
    /// let t = DistSolver::new(Cluster::threads(2)).solve(Arc::new(copy), "cycle").unwrap().unwrap();
    /// let one = StateSpaceSolver::new(&g).solve().unwrap();
    /// assert!((0..4).all(|s| t.get(s) == one.get(s)));
    /// ```
    ///
    /// # Errors
    /// [`DistError::Config`](crate::DistError::Config) for an index that is not a state, or more than
    /// `u32::MAX - 1` states or edges.
    pub fn collect<S: StateSpace + ?Sized>(space: &S) -> Result<GraphSpace, crate::DistError> {
        let n = space.state_count();
        let too_large = || {
            crate::DistError::Config(format!(
                "the space has {n} states: a graph of more than {} states or edges is not supported",
                u32::MAX - 1
            ))
        };
        let count = u32::try_from(n).map_err(|_| too_large())?;
        let (mut sources, mut targets) = (Vec::new(), Vec::new());
        let mut outcomes = Vec::with_capacity(count as usize);
        let mut buf = Vec::new();
        for s in 0..count {
            if !space.is_state(u64::from(s)) {
                return Err(crate::DistError::Config(format!(
                    "index {s} of the space is not a state: only spaces whose every index is a state become graphs"
                )));
            }
            let terminal = space.terminal(u64::from(s));
            outcomes.push(terminal);
            if terminal.is_some() {
                continue;
            }
            buf.clear();
            space.moves(u64::from(s), &mut buf);
            for &t in &buf {
                let t = u32::try_from(t).ok().filter(|&t| t < count).ok_or_else(|| {
                    crate::DistError::Config(format!("state {s} moves to {t}, past the space's {n} states"))
                })?;
                sources.push(s);
                targets.push(t);
            }
        }
        let graph = DiGraph::from_edges(count as usize, &sources, &targets)
            .map_err(|e| crate::DistError::Config(format!("the space as a graph: {e}")))?;
        Ok(GraphSpace { graph, outcomes })
    }
}
