//! Trees given as edge lists: validation (with the reason a graph is not a
//! tree) and a rooted, parent-array form.

use crate::union_find::UnionFind;
use core::fmt;

/// Why an edge list is not a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// Edge number `edge` (0-based) `u-v` closes a cycle (a loop, a parallel
    /// edge, or a path already joins `u` and `v`).
    Cycle {
        /// 0-based index of the edge.
        edge: usize,
        /// One end.
        u: u32,
        /// The other end.
        v: u32,
    },
    /// Vertex `vertex` cannot be reached from vertex 0.
    Disconnected {
        /// A vertex in another component.
        vertex: u32,
    },
    /// An edge names vertex `vertex`, but the tree has `n` vertices.
    VertexOutOfRange {
        /// The id.
        vertex: u32,
        /// The vertex count.
        n: usize,
    },
    /// A tree needs at least one vertex.
    Empty,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::Cycle { edge, u, v } => {
                write!(f, "not a tree: edge {} ({u}-{v}) closes a cycle", edge + 1)
            }
            TreeError::Disconnected { vertex } => write!(
                f,
                "not a tree: it is disconnected (vertex {vertex} cannot be reached from vertex 0)"
            ),
            TreeError::VertexOutOfRange { vertex, n } => write!(
                f,
                "vertex {vertex} does not exist: ids run from 0 to {}",
                n.saturating_sub(1)
            ),
            TreeError::Empty => f.write_str("a tree needs at least one vertex"),
        }
    }
}

impl std::error::Error for TreeError {}

/// A tree rooted at vertex 0: parent of each vertex and a breadth-first order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootedTree {
    /// `parent[v]`, with `parent[0] == u32::MAX`.
    pub parent: Vec<u32>,
    /// Vertices in breadth-first order from the root (parents before children).
    pub order: Vec<u32>,
    /// Children in CSR form: children of `v` at `child_list[child_start[v]..child_start[v+1]]`.
    child_start: Vec<u32>,
    child_list: Vec<u32>,
}

impl RootedTree {
    /// Checks that `edges` form a tree on vertices `0..n` and roots it at 0. O(n α(n)).
    ///
    /// # Errors
    /// [`TreeError::Cycle`] for the first edge that closes a cycle,
    /// [`TreeError::Disconnected`] naming an unreachable vertex.
    ///
    /// ```
    /// use sprague::{graph_games::{RootedTree, TreeError}};
    /// let t = RootedTree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
    /// assert_eq!(t.children(1), &[2]);
    /// assert!(matches!(RootedTree::from_edges(3, &[(0, 1), (1, 0)]), Err(TreeError::Cycle { edge: 1, .. })));
    /// assert!(matches!(RootedTree::from_edges(3, &[(0, 1)]), Err(TreeError::Disconnected { vertex: 2 })));
    /// ```
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<RootedTree, TreeError> {
        if n == 0 {
            return Err(TreeError::Empty);
        }
        // A tree on n vertices has n - 1 edges. When the ids name more than
        // twice as many vertices as there are edge ends, some vertex other than
        // 0 has no edge: refuse before allocating anything of size n (one id
        // of 300,000,000 would cost gigabytes). O(m log m).
        if n > 2 * edges.len() + 1 {
            if let Some(&vertex) = edges.iter().flat_map(|(u, v)| [u, v]).find(|&&x| x as usize >= n) {
                return Err(TreeError::VertexOutOfRange { vertex, n });
            }
            let mut ends: Vec<u32> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
            ends.sort_unstable();
            ends.dedup();
            let mut vertex = 1u32;
            for &x in ends.iter().filter(|&&x| x >= 1) {
                if x != vertex {
                    break;
                }
                vertex += 1;
            }
            return Err(TreeError::Disconnected { vertex });
        }
        let mut dsu = UnionFind::new(n);
        let mut degree = vec![0u32; n + 1];
        for (edge, &(u, v)) in edges.iter().enumerate() {
            for x in [u, v] {
                if x as usize >= n {
                    return Err(TreeError::VertexOutOfRange { vertex: x, n });
                }
            }
            if !dsu.union(u as usize, v as usize) {
                return Err(TreeError::Cycle { edge, u, v });
            }
            degree[u as usize + 1] += 1;
            degree[v as usize + 1] += 1;
        }
        for v in 1..n as u32 {
            if !dsu.same(0, v as usize) {
                return Err(TreeError::Disconnected { vertex: v });
            }
        }
        for i in 0..n {
            degree[i + 1] += degree[i];
        }
        let offsets = degree;
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut adj = vec![0u32; offsets[n] as usize];
        for &(u, v) in edges {
            adj[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
            adj[fill[v as usize] as usize] = u;
            fill[v as usize] += 1;
        }
        let mut parent = vec![u32::MAX; n];
        let mut order = Vec::with_capacity(n);
        order.push(0u32);
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in &adj[offsets[v as usize] as usize..offsets[v as usize + 1] as usize] {
                if w != 0 && parent[w as usize] == u32::MAX {
                    parent[w as usize] = v;
                    order.push(w);
                }
            }
        }
        let mut child_start = vec![0u32; n + 1];
        for &p in &parent[1..] {
            child_start[p as usize + 1] += 1;
        }
        for i in 0..n {
            child_start[i + 1] += child_start[i];
        }
        let mut fill: Vec<u32> = child_start[..n].to_vec();
        let mut child_list = vec![0u32; n - 1];
        for &v in &order[1..] {
            let p = parent[v as usize] as usize;
            child_list[fill[p] as usize] = v;
            fill[p] += 1;
        }
        Ok(RootedTree {
            parent,
            order,
            child_start,
            child_list,
        })
    }

    /// Number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Always `false`: a tree has at least one vertex.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The children of `v`.
    #[must_use]
    pub fn children(&self, v: u32) -> &[u32] {
        &self.child_list[self.child_start[v as usize] as usize..self.child_start[v as usize + 1] as usize]
    }
}
