//! Node Kayles and Arc Kayles on small graphs (at most 64 vertices), with
//! positions split into connected components.

use crate::impartial::ImpartialRules;

/// Bit masks of neighbours, from an edge list on `n <= 64` vertices; `None`
/// if `n > 64` or an edge names a vertex `>= n`. Loops are dropped. O(n + m).
pub(super) fn adjacency_masks(n: usize, edges: &[(u32, u32)]) -> Option<Vec<u64>> {
    if n > 64 {
        return None;
    }
    let mut adj = vec![0u64; n];
    for &(u, v) in edges {
        if u as usize >= n || v as usize >= n {
            return None;
        }
        if u != v {
            adj[u as usize] |= 1 << v;
            adj[v as usize] |= 1 << u;
        }
    }
    Some(adj)
}

/// Splits `alive` into the vertex sets of its connected components.
fn components(adj: &[u64], alive: u64, out: &mut Vec<u64>) -> usize {
    let mut rest = alive;
    let mut count = 0;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let mut comp = seed;
        let mut frontier = seed;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = adj[v] & alive & !comp;
            comp |= new;
            frontier |= new;
        }
        rest &= !comp;
        out.push(comp);
        count += 1;
    }
    count
}

/// The vertices in the set `mask`, lowest first. O(1) a vertex.
pub(super) fn vertices(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    core::iter::from_fn(move || {
        let v = (rest != 0).then(|| rest.trailing_zeros() as usize)?;
        rest &= rest - 1;
        Some(v)
    })
}

fn all_vertices(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// A ruleset played on the vertex set of a graph of at most 64 vertices: the
/// struct (holding the neighbour masks), its constructor and its start.
macro_rules! kayles_ruleset {
    ($(#[$doc:meta])* pub struct $name:ident;) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name {
            adj: Vec<u64>,
        }

        impl $name {
            /// The ruleset on `n <= 64` vertices; `None` if too large or an edge names a vertex `>= n`.
            #[must_use]
            pub fn new(n: usize, edges: &[(u32, u32)]) -> Option<$name> {
                adjacency_masks(n, edges).map(|adj| $name { adj })
            }

            /// Every vertex present.
            #[must_use]
            pub fn start(&self) -> u64 {
                all_vertices(self.adj.len())
            }
        }
    };
}

kayles_ruleset! {
/// Node Kayles: a move picks a remaining vertex and deletes it with all its
/// neighbours. A position is the bit mask of remaining vertices; components of
/// the induced subgraph are played independently.
///
/// On a path of `n` vertices this is Dawson's Chess (octal 0.137).
///
/// ```
/// use sprague::{GrundySolver, Nimber, graph_games::NodeKayles};
/// // A path of 5: octal 0.137 gives 3 (OEIS A002187, shifted by one).
/// let rules = NodeKayles::new(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap();
/// assert_eq!(GrundySolver::new(&rules).grundy(&rules.start()).unwrap(), Nimber(3));
/// ```
pub struct NodeKayles;
}

impl ImpartialRules for NodeKayles {
    type Position = u64;

    fn moves(&self, &alive: &u64, out: &mut Vec<u64>) {
        out.extend(vertices(alive).map(|v| alive & !(self.adj[v] | 1 << v)));
    }

    fn decompose(&self, &alive: &u64, out: &mut Vec<u64>) -> bool {
        let start = out.len();
        if components(&self.adj, alive, out) <= 1 {
            out.truncate(start);
            return false;
        }
        true
    }

    fn compose(&self, parts: &[u64]) -> Option<u64> {
        Some(parts.iter().fold(0, |a, &p| a | p))
    }

    fn closed_form(&self, &c: &u64) -> Option<crate::nimber::Nimber> {
        // No vertex: 0; one vertex: *1.
        (c.count_ones() <= 1).then_some(crate::nimber::Nimber(u64::from(c.count_ones())))
    }
}

kayles_ruleset! {
/// Arc Kayles: a move picks an edge whose two ends remain and deletes both ends
/// (with every edge touching them). A position is the bit mask of remaining
/// vertices; isolated vertices are dropped and components played independently.
///
/// On a path of `n` vertices this is Dawson's Kayles (octal 0.07).
///
/// ```
/// use sprague::{GrundySolver, Nimber, graph_games::ArcKayles};
/// // A path of 4 vertices: 0.07 gives 2 (OEIS A002187).
/// let rules = ArcKayles::new(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
/// assert_eq!(GrundySolver::new(&rules).grundy(&rules.start()).unwrap(), Nimber(2));
/// ```
pub struct ArcKayles;
}

impl ImpartialRules for ArcKayles {
    type Position = u64;

    fn moves(&self, &alive: &u64, out: &mut Vec<u64>) {
        for u in vertices(alive) {
            // Each edge once, from its smaller end.
            let higher = self.adj[u] & alive & !((2u64 << u).wrapping_sub(1));
            out.extend(vertices(higher).map(|v| alive & !(1u64 << u | 1u64 << v)));
        }
    }

    fn decompose(&self, &alive: &u64, out: &mut Vec<u64>) -> bool {
        let mut parts = Vec::new();
        components(&self.adj, alive, &mut parts);
        let before = parts.len();
        parts.retain(|c| c.count_ones() >= 2);
        if before <= 1 && parts.len() == before {
            return false;
        }
        out.extend(parts);
        true
    }

    fn compose(&self, parts: &[u64]) -> Option<u64> {
        Some(parts.iter().fold(0, |a, &p| a | p))
    }

    fn closed_form(&self, &c: &u64) -> Option<crate::nimber::Nimber> {
        match c.count_ones() {
            0 | 1 => Some(crate::nimber::Nimber::ZERO),
            2 => Some(crate::nimber::Nimber(1)), // a connected pair is one edge
            _ => None,
        }
    }
}
