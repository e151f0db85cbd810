//! Grundy values of every vertex of an explicit directed acyclic graph.

use crate::DiGraph;
use core::fmt;

/// The graph has a cycle through `vertex`, so it has no Grundy function; the
/// loopy solver (generalised Sprague–Grundy values) handles such graphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphCycle {
    /// A vertex that lies on a directed cycle.
    pub vertex: u32,
}

impl fmt::Display for GraphCycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the graph has a cycle through vertex {}, so it has no Grundy values; use `sprague solve` for win/lose/draw and loopy values",
            self.vertex
        )
    }
}

impl std::error::Error for GraphCycle {}

/// The Grundy value of every vertex (a token on the vertex moves along an edge;
/// who cannot move loses). O(n + m) time, O(n) extra memory, no recursion.
///
/// If every edge goes from a higher to a lower id, or every edge from a lower to
/// a higher id, the id order is already topological and values are computed in
/// one sweep; otherwise an iterative depth-first search finds a post-order and
/// detects cycles.
///
/// # Errors
/// [`GraphCycle`] naming a vertex on a cycle (self-loops included).
///
/// ```
/// use sprague::{DiGraph, grundy_dag};
/// // 2 → 1 → 0 and 2 → 0: values 0, 1, 2.
/// let g = DiGraph::from_edges(3, &[1, 2, 2], &[0, 1, 0]).unwrap();
/// assert_eq!(grundy_dag(&g).unwrap(), vec![0, 1, 2]);
/// ```
pub fn grundy_dag(graph: &DiGraph) -> Result<Vec<u32>, GraphCycle> {
    let n = graph.vertex_count();
    let (offsets, targets) = graph.as_csr();
    let mut grundy = vec![0u32; n];
    let mut mark: Vec<u32> = Vec::new();
    // `mark[k] == stamp` records that value k occurs among the current vertex's options.
    let mut stamp = 0u32;
    let mut value_of = |v: usize, grundy: &mut [u32]| {
        let succ = &targets[offsets[v] as usize..offsets[v + 1] as usize];
        let d = succ.len();
        if d == 0 {
            grundy[v] = 0;
            return;
        }
        if mark.len() <= d {
            mark.resize(d + 1, 0);
        }
        stamp = stamp.wrapping_add(1);
        if stamp == 0 {
            mark.iter_mut().for_each(|x| *x = 0);
            stamp = 1;
        }
        for &w in succ {
            let g = grundy[w as usize] as usize;
            if g <= d {
                mark[g] = stamp;
            }
        }
        let mut m = 0;
        while mark[m] == stamp {
            m += 1;
        }
        grundy[v] = m as u32;
    };

    let all_down = (0..n).all(|v| {
        targets[offsets[v] as usize..offsets[v + 1] as usize]
            .iter()
            .all(|&w| (w as usize) < v)
    });
    if all_down {
        for v in 0..n {
            value_of(v, &mut grundy);
        }
        return Ok(grundy);
    }
    let all_up = (0..n).all(|v| {
        targets[offsets[v] as usize..offsets[v + 1] as usize]
            .iter()
            .all(|&w| (w as usize) > v)
    });
    if all_up {
        for v in (0..n).rev() {
            value_of(v, &mut grundy);
        }
        return Ok(grundy);
    }

    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut stack: Vec<(u32, u32)> = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        stack.push((root as u32, offsets[root]));
        while let Some(top) = stack.last_mut() {
            let v = top.0 as usize;
            if top.1 < offsets[v + 1] {
                let w = targets[top.1 as usize];
                top.1 += 1;
                match state[w as usize] {
                    0 => {
                        state[w as usize] = 1;
                        stack.push((w, offsets[w as usize]));
                    }
                    1 => return Err(GraphCycle { vertex: w }),
                    _ => {}
                }
            } else {
                value_of(v, &mut grundy);
                state[v] = 2;
                stack.pop();
            }
        }
    }
    Ok(grundy)
}
