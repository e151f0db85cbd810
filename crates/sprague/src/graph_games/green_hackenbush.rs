//! Green Hackenbush on any multigraph with a ground vertex: the fusion and
//! colon principles in linear time, and the plain game for brute force.

use crate::{impartial::ImpartialRules, nimber::Nimber, union_find::UnionFind};

/// The Grundy value of a Green Hackenbush picture: vertices `0..n`, undirected
/// `edges` (loops and parallel edges allowed), vertex 0 the ground. Parts not
/// connected to the ground fall away at once and count for nothing.
///
/// One iterative depth-first search from the ground finds the bridges
/// (Tarjan's low-link, with parallel edges told apart by edge id). The
/// **fusion principle** (Winning Ways, ch. 7) fuses every 2-edge-connected
/// block into one vertex whose edges become loops, each loop worth a twig
/// (`*1`); the **colon principle** then values the remaining tree: a vertex is
/// worth the nim-sum of its loops' parity and of `value(child) + 1` over the
/// bridges to its children. Both are done on the fly: a finished vertex passes
/// its accumulated nim-sum to its parent, as `value + 1` across a bridge and
/// merged (with the tree edge as one more loop) inside a block.
///
/// O(n + m) time, about `4n + 16m` bytes besides the input.
///
/// ```
/// use sprague::{Nimber, graph_games::green_hackenbush_value};
/// // A triangle standing on the ground: three fused loops, *1 (an odd circuit).
/// assert_eq!(green_hackenbush_value(3, &[(0, 1), (1, 2), (2, 0)]), Nimber(1));
/// // A snake of three edges is *3.
/// assert_eq!(green_hackenbush_value(4, &[(0, 1), (1, 2), (2, 3)]), Nimber(3));
/// ```
///
/// # Panics
/// Never for ids below `n`; edges naming a vertex `>= n` are ignored.
#[must_use]
pub fn green_hackenbush_value(n: usize, edges: &[(u32, u32)]) -> Nimber {
    if n == 0 {
        return Nimber::ZERO;
    }
    // Loop parity per vertex; adjacency (neighbour, edge id) in CSR form.
    let mut acc = vec![0u64; n];
    let mut offsets = vec![0u32; n + 1];
    for &(u, v) in edges {
        if (u as usize) >= n || (v as usize) >= n {
            continue;
        }
        if u == v {
            acc[u as usize] ^= 1;
        } else {
            offsets[u as usize + 1] += 1;
            offsets[v as usize + 1] += 1;
        }
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let total = offsets[n] as usize;
    let mut fill: Vec<u32> = offsets[..n].to_vec();
    let mut adj = vec![(0u32, 0u32); total];
    for (id, &(u, v)) in edges.iter().enumerate() {
        if u == v || (u as usize) >= n || (v as usize) >= n {
            continue;
        }
        adj[fill[u as usize] as usize] = (v, id as u32);
        fill[u as usize] += 1;
        adj[fill[v as usize] as usize] = (u, id as u32);
        fill[v as usize] += 1;
    }
    drop(fill);
    const UNSEEN: u32 = u32::MAX;
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    // Explicit stack of (vertex, edge id used to enter it, next adjacency slot).
    let mut stack: Vec<(u32, u32, u32)> = Vec::new();
    let mut time = 0u32;
    disc[0] = 0;
    low[0] = 0;
    stack.push((0, u32::MAX, offsets[0]));
    while let Some(top) = stack.last_mut() {
        let (v, via, slot) = *top;
        let vi = v as usize;
        if slot < offsets[vi + 1] {
            top.2 += 1;
            let (w, id) = adj[slot as usize];
            if id == via {
                continue;
            }
            let wi = w as usize;
            if disc[wi] == UNSEEN {
                time += 1;
                disc[wi] = time;
                low[wi] = time;
                stack.push((w, id, offsets[wi]));
            } else if disc[wi] < disc[vi] {
                // A back edge (seen once, from its lower end): one loop of v's block.
                low[vi] = low[vi].min(disc[wi]);
                acc[vi] ^= 1;
            }
            continue;
        }
        stack.pop();
        if let Some(&(p, _, _)) = stack.last() {
            let pi = p as usize;
            if low[vi] > disc[pi] {
                // A bridge: v heads a branch worth acc[v]; across the edge, +1.
                acc[pi] ^= acc[vi] + 1;
            } else {
                // Same block: fuse v into p, the tree edge becoming one more loop.
                low[pi] = low[pi].min(low[vi]);
                acc[pi] ^= acc[vi] ^ 1;
            }
        }
    }
    Nimber(acc[0])
}

/// Green Hackenbush played move by move, for brute force and small pictures:
/// a position is a sorted list of edges `(u, v)` with `u <= v`, every one
/// connected to the ground vertex 0. A move deletes one edge; whatever no
/// longer reaches the ground falls away.
///
/// Components are the pieces that meet only at the ground.
///
/// ```
/// use sprague::{GrundySolver, Nimber, graph_games::GreenHackenbush};
/// let picture = GreenHackenbush::position(&[(0, 1), (1, 2), (1, 2)]);
/// // A stalk of one edge carrying a 2-cycle: fusion gives a twig with two loops, *1.
/// assert_eq!(GrundySolver::new(&GreenHackenbush).grundy(&picture).unwrap(), Nimber(1));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GreenHackenbush;

impl GreenHackenbush {
    /// The position of a picture: edges normalised and sorted, and every edge
    /// that does not reach the ground removed.
    #[must_use]
    pub fn position(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
        grounded(edges)
    }
}

/// A picture as a position: edges normalised (`u <= v`), sorted, and those
/// that do not reach the ground (vertex 0) dropped. O(n + m log m).
pub(crate) fn grounded(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut e: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    e.sort_unstable();
    keep_grounded(e)
}

/// Keeps the edges of a list that reach vertex 0 (breadth-first search over
/// an adjacency array), in their order. O(n + m), n the largest vertex id.
pub(crate) fn keep_grounded(e: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    let n = e.iter().map(|&(u, v)| u.max(v) as usize + 1).max().unwrap_or(1);
    let mut offsets = vec![0usize; n + 1];
    for &(u, v) in &e {
        offsets[u as usize + 1] += 1;
        offsets[v as usize + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut fill = offsets.clone();
    let mut adj = vec![0u32; offsets[n]];
    for &(u, v) in &e {
        adj[fill[u as usize]] = v;
        fill[u as usize] += 1;
        adj[fill[v as usize]] = u;
        fill[v as usize] += 1;
    }
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut queue = vec![0u32];
    while let Some(x) = queue.pop() {
        for &y in &adj[offsets[x as usize]..offsets[x as usize + 1]] {
            if !seen[y as usize] {
                seen[y as usize] = true;
                queue.push(y);
            }
        }
    }
    e.into_iter().filter(|&(u, _)| seen[u as usize]).collect()
}

/// The value of a list of edges (ids below the largest one plus one): the
/// colon and fusion principles of [`green_hackenbush_value`]. O(n + m).
pub(crate) fn picture_value(edges: &[(u32, u32)]) -> Nimber {
    let n = edges
        .iter()
        .map(|&(u, v)| u.max(v) as usize + 1)
        .max()
        .unwrap_or(1);
    green_hackenbush_value(n, edges)
}

/// The pieces of a grounded, normalised picture (parts that meet only at the
/// ground; a loop at the ground is a piece of its own), in order of their
/// first edge, and the piece of every edge. O(n + m · α(n)).
pub(crate) fn pieces(edges: &[(u32, u32)]) -> (Vec<Vec<(u32, u32)>>, Vec<usize>) {
    let n = edges.iter().map(|&(_, v)| v as usize + 1).max().unwrap_or(1);
    let mut sets = UnionFind::new(n);
    for &(u, v) in edges {
        if u != 0 {
            sets.union(u as usize, v as usize);
        }
    }
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; n];
    let mut out: Vec<Vec<(u32, u32)>> = Vec::new();
    let mut of = Vec::with_capacity(edges.len());
    for &(u, v) in edges {
        let i = if v == 0 {
            out.push(Vec::new());
            out.len() - 1
        } else {
            let root = sets.find(v as usize);
            if index[root] == NONE {
                out.push(Vec::new());
                index[root] = out.len() - 1;
            }
            index[root]
        };
        out[i].push((u, v));
        of.push(i);
    }
    (out, of)
}

impl ImpartialRules for GreenHackenbush {
    type Position = Vec<(u32, u32)>;

    fn moves(&self, position: &Vec<(u32, u32)>, out: &mut Vec<Vec<(u32, u32)>>) {
        for i in 0..position.len() {
            if i > 0 && position[i] == position[i - 1] {
                continue; // parallel copies give the same option
            }
            let mut rest = position.clone();
            rest.remove(i);
            out.push(keep_grounded(rest));
        }
    }

    fn decompose(&self, position: &Vec<(u32, u32)>, out: &mut Vec<Vec<(u32, u32)>>) -> bool {
        let (parts, _) = pieces(position);
        if parts.len() <= 1 {
            return false;
        }
        // Loops at the ground after the other pieces, as written `0-0`.
        let (loops, rest): (Vec<_>, Vec<_>) = parts.into_iter().partition(|p| p[..] == [(0, 0)]);
        out.extend(rest);
        out.extend(loops);
        true
    }

    fn compose(&self, parts: &[Vec<(u32, u32)>]) -> Option<Vec<(u32, u32)>> {
        let mut all = parts.concat();
        all.sort_unstable();
        Some(all)
    }

    fn closed_form(&self, component: &Vec<(u32, u32)>) -> Option<Nimber> {
        match component.len() {
            0 => Some(Nimber::ZERO),
            1 => Some(Nimber(1)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: grow the set of vertices reached from the ground edge
    /// by edge until nothing changes, keeping the edges touched. O(m²·n).
    fn grounded_by_definition(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
        let mut edges: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        edges.sort_unstable();
        let mut reached: Vec<u32> = vec![0];
        let mut keep = vec![false; edges.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &(u, v)) in edges.iter().enumerate() {
                if keep[i] {
                    continue;
                }
                let (hu, hv) = (reached.contains(&u), reached.contains(&v));
                if hu || hv {
                    keep[i] = true;
                    changed = true;
                    if !hu {
                        reached.push(u);
                    }
                    if !hv {
                        reached.push(v);
                    }
                }
            }
        }
        edges
            .into_iter()
            .zip(keep)
            .filter_map(|(e, k)| k.then_some(e))
            .collect()
    }

    /// The pieces by definition: two edges away from the ground are in one
    /// piece when a path avoiding the ground joins them. O(m³).
    fn same_piece_by_definition(edges: &[(u32, u32)], a: usize, b: usize) -> bool {
        let ground = |e: (u32, u32)| e.1 == 0;
        if ground(edges[a]) || ground(edges[b]) {
            return a == b;
        }
        let mut reached = vec![false; edges.len()];
        reached[a] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..edges.len() {
                if reached[i] || ground(edges[i]) {
                    continue;
                }
                let (u, v) = edges[i];
                let touches = (0..edges.len()).any(|j| {
                    reached[j] && {
                        let (x, y) = edges[j];
                        [x, y].iter().any(|&w| w != 0 && (w == u || w == v))
                    }
                });
                if touches {
                    reached[i] = true;
                    changed = true;
                }
            }
        }
        reached[b]
    }

    proptest! {
        #[test]
        fn linear_grounding_matches_the_definition(
            n in 1u32..8,
            raw in proptest::collection::vec((0u32..8, 0u32..8), 0..12),
        ) {
            let edges: Vec<(u32, u32)> = raw.into_iter().map(|(u, v)| (u % n, v % n)).collect();
            let picture = grounded(&edges);
            prop_assert_eq!(&picture, &grounded_by_definition(&edges));
            let (parts, of) = pieces(&picture);
            for a in 0..picture.len() {
                prop_assert!(parts[of[a]].contains(&picture[a]));
                for b in 0..picture.len() {
                    prop_assert_eq!(of[a] == of[b], same_piece_by_definition(&picture, a, b), "{:?} {} {}", picture, a, b);
                }
            }
            prop_assert_eq!(parts.iter().map(Vec::len).sum::<usize>(), picture.len());
        }
    }
}
