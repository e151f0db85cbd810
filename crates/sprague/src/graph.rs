//! Directed graphs in compressed sparse row form, shared by the graph solvers.

use core::fmt;

/// A directed graph on vertices `0..n` stored as compressed sparse rows:
/// `u32` vertex ids, successors of `v` at `targets[offsets[v]..offsets[v+1]]`.
/// Parallel edges and self-loops are kept. About `4(n + 1) + 4m` bytes.
///
/// ```
/// use sprague::DiGraph;
/// let g = DiGraph::from_edges(3, &[0, 0, 1], &[1, 2, 2]).unwrap();
/// assert_eq!(g.successors(0), &[1, 2]);
/// assert_eq!(g.edge_count(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

/// Why an edge list does not make a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// Edge number `edge` (0-based) names vertex `vertex`, but ids must be below `n`.
    VertexOutOfRange {
        /// 0-based index of the edge.
        edge: usize,
        /// The offending vertex id.
        vertex: u64,
        /// The number of vertices.
        n: usize,
    },
    /// More vertices or edges than `u32` ids can address.
    TooLarge {
        /// Vertex count asked for.
        n: usize,
        /// Edge count asked for.
        m: usize,
    },
    /// The source and target lists differ in length.
    LengthMismatch,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::VertexOutOfRange { edge, vertex, n } => write!(
                f,
                "edge {} names vertex {vertex}, but vertex ids run from 0 to {}",
                edge + 1,
                n.saturating_sub(1)
            ),
            GraphError::TooLarge { n, m } => write!(
                f,
                "graph with {n} vertices and {m} edges is too large (at most {} of each)",
                u32::MAX - 1
            ),
            GraphError::LengthMismatch => f.write_str("source and target lists differ in length"),
        }
    }
}

impl std::error::Error for GraphError {}

impl DiGraph {
    /// Builds the graph on `n` vertices with edges `sources[i] → targets[i]`,
    /// by a counting sort: O(n + m) time, no per-vertex allocation.
    ///
    /// # Errors
    /// A vertex id `>= n`, lists of different lengths, or more than `u32::MAX - 1`
    /// vertices or edges.
    pub fn from_edges(n: usize, sources: &[u32], targets: &[u32]) -> Result<DiGraph, GraphError> {
        let m = sources.len();
        if m != targets.len() {
            return Err(GraphError::LengthMismatch);
        }
        if n >= u32::MAX as usize || m >= u32::MAX as usize {
            return Err(GraphError::TooLarge { n, m });
        }
        for (edge, (&u, &v)) in sources.iter().zip(targets).enumerate() {
            let bad = if u as usize >= n {
                Some(u)
            } else if v as usize >= n {
                Some(v)
            } else {
                None
            };
            if let Some(vertex) = bad {
                return Err(GraphError::VertexOutOfRange {
                    edge,
                    vertex: u64::from(vertex),
                    n,
                });
            }
        }
        let mut offsets = vec![0u32; n + 1];
        for &u in sources {
            offsets[u as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut out = vec![0u32; m];
        for (&u, &v) in sources.iter().zip(targets) {
            let slot = &mut fill[u as usize];
            out[*slot as usize] = v;
            *slot += 1;
        }
        Ok(DiGraph {
            offsets,
            targets: out,
        })
    }

    /// Number of vertices.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of edges.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The successors of `v`, with multiplicity, in input order.
    #[must_use]
    #[inline]
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Out-degree of `v`.
    #[must_use]
    #[inline]
    pub fn out_degree(&self, v: u32) -> u32 {
        self.offsets[v as usize + 1] - self.offsets[v as usize]
    }

    /// The graph with every edge reversed (predecessor lists). O(n + m).
    #[must_use]
    pub fn reversed(&self) -> DiGraph {
        let n = self.vertex_count();
        let mut offsets = vec![0u32; n + 1];
        for &v in &self.targets {
            offsets[v as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut out = vec![0u32; self.targets.len()];
        for u in 0..n as u32 {
            for &v in self.successors(u) {
                let slot = &mut fill[v as usize];
                out[*slot as usize] = u;
                *slot += 1;
            }
        }
        DiGraph {
            offsets,
            targets: out,
        }
    }

    /// The raw CSR arrays `(offsets, targets)`.
    #[must_use]
    pub fn as_csr(&self) -> (&[u32], &[u32]) {
        (&self.offsets, &self.targets)
    }
}
