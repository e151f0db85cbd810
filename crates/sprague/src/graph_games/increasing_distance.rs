//! The tree game with increasing distances: a token stands on a vertex of a
//! tree; a move carries it to another vertex strictly farther (in edges) from
//! where it stands than the previous move's length (the first move may have
//! any length). Whoever cannot move loses.

use super::tree::RootedTree;
use crate::impartial::ImpartialRules;

/// For every start vertex: does the first player win? O(n).
///
/// The diameter-midpoint rule: if the tree's diameter has odd length, or the
/// start is not the midpoint of a diameter (the centre of an even diameter),
/// the first player wins; from the centre the second player wins by answering
/// each move with a move through the centre to the far side, which is always
/// longer. A single vertex has no moves.
///
/// ```
/// use sprague::{graph_games::{RootedTree, increasing_distance_winning_starts}};
/// // Path 0-1-2: the centre 1 loses, the ends win.
/// let t = RootedTree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
/// assert_eq!(increasing_distance_winning_starts(&t), vec![true, false, true]);
/// ```
#[must_use]
pub fn increasing_distance_winning_starts(tree: &RootedTree) -> Vec<bool> {
    let n = tree.len();
    if n == 1 {
        return vec![false];
    }
    let (far, _) = farthest(tree, 0);
    let (other, parent_on_path) = farthest(tree, far);
    // Walk the diameter from `other` back to `far`.
    let mut path = vec![other];
    let mut v = other;
    while v != far {
        v = parent_on_path[v as usize];
        path.push(v);
    }
    let diameter = path.len() - 1;
    let mut win = vec![true; n];
    if diameter % 2 == 0 {
        win[path[diameter / 2] as usize] = false;
    }
    win
}

/// The vertex farthest from `from` and the breadth-first parent of every vertex.
fn farthest(tree: &RootedTree, from: u32) -> (u32, Vec<u32>) {
    let (order, parent) = bfs(tree, from);
    (order[order.len() - 1], parent)
}

/// Breadth-first order from `from` and the parent of every vertex in it.
fn bfs(tree: &RootedTree, from: u32) -> (Vec<u32>, Vec<u32>) {
    let n = tree.len();
    let mut parent = vec![u32::MAX; n];
    let mut seen = vec![false; n];
    let mut queue = Vec::with_capacity(n);
    queue.push(from);
    seen[from as usize] = true;
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let up = tree.parent[v as usize];
        let neighbours = tree
            .children(v)
            .iter()
            .copied()
            .chain((up != u32::MAX).then_some(up));
        for w in neighbours {
            if !seen[w as usize] {
                seen[w as usize] = true;
                parent[w as usize] = v;
                queue.push(w);
            }
        }
    }
    (queue, parent)
}

/// The increasing-distance game move by move on trees of at most 255
/// vertices, for brute force: a position is `(token, length of the last
/// move)`, the start being `(s, 0)`.
///
/// ```
/// use sprague::{GrundySolver, graph_games::{IncreasingDistanceRules, RootedTree}};
/// let t = RootedTree::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
/// let rules = IncreasingDistanceRules::new(&t).unwrap();
/// assert!(GrundySolver::new(&rules).grundy(&(1, 0)).unwrap().is_zero());
/// ```
#[derive(Clone, Debug)]
pub struct IncreasingDistanceRules {
    dist: Vec<Vec<u8>>,
}

impl IncreasingDistanceRules {
    /// All-pairs distances of `tree` by one breadth-first search per vertex;
    /// `None` beyond 255 vertices. O(n²).
    #[must_use]
    pub fn new(tree: &RootedTree) -> Option<IncreasingDistanceRules> {
        let n = tree.len();
        if n > 255 {
            return None;
        }
        let dist = (0..n as u32)
            .map(|s| {
                let (order, parent) = bfs(tree, s);
                let mut d = vec![0u8; n];
                // Parents come before children in breadth-first order.
                for &v in &order[1..] {
                    d[v as usize] = d[parent[v as usize] as usize] + 1;
                }
                d
            })
            .collect();
        Some(IncreasingDistanceRules { dist })
    }
}

impl ImpartialRules for IncreasingDistanceRules {
    type Position = (u8, u8);

    fn moves(&self, &(at, last): &(u8, u8), out: &mut Vec<(u8, u8)>) {
        for (w, &d) in self.dist[at as usize].iter().enumerate() {
            if d > last {
                out.push((w as u8, d));
            }
        }
    }
}
