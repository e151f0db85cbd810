//! Games played for a score: minimax on acyclic graphs and on explicit trees
//! (alpha-beta), and the randomised evaluation of AND-OR trees.

use crate::{DiGraph, GraphCycle};

/// Negamax values of every vertex of an acyclic graph: at a vertex without
/// successors the value is `score(v)`, the score of the player to move there;
/// elsewhere it is the maximum over successors of minus their value (the player
/// to move maximises their own score, the opponent minimises it). O(n + m),
/// processing vertices from the sinks up with successor counters.
///
/// Scores must lie in `-i64::MAX..=i64::MAX` so that negation never overflows
/// (values stay within the range of the scores).
///
/// # Errors
/// [`GraphCycle`] naming a vertex that lies on or leads only into a cycle.
///
/// ```
/// use sprague::{DiGraph, minimax_dag};
/// // 0 → 1, 0 → 2; terminal scores (for the player to move there) 1 → -3, 2 → 5.
/// let g = DiGraph::from_edges(3, &[0, 0], &[1, 2]).unwrap();
/// let v = minimax_dag(&g, |t| if t == 1 { -3 } else { 5 }).unwrap();
/// assert_eq!(v[0], 3); // move to 1, where the opponent is left with -3
/// ```
pub fn minimax_dag(graph: &DiGraph, score: impl Fn(u32) -> i64) -> Result<Vec<i64>, GraphCycle> {
    let n = graph.vertex_count();
    let rev = graph.reversed();
    let mut left: Vec<u32> = (0..n as u32).map(|v| graph.out_degree(v)).collect();
    let mut value = vec![i64::MIN; n];
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
    let mut done = 0;
    while let Some(v) = queue.pop() {
        done += 1;
        let vi = v as usize;
        value[vi] = if graph.out_degree(v) == 0 {
            score(v)
        } else {
            graph
                .successors(v)
                .iter()
                .map(|&w| -value[w as usize])
                .max()
                .unwrap_or(0)
        };
        for &u in rev.successors(v) {
            left[u as usize] -= 1;
            if left[u as usize] == 0 {
                queue.push(u);
            }
        }
    }
    if done < n {
        let vertex = (0..n).find(|&v| left[v] != 0).unwrap_or(0) as u32;
        return Err(GraphCycle { vertex });
    }
    Ok(value)
}

/// A game tree for minimax: a leaf with a score for the maximising player, or a
/// node whose children the player to move chooses between. Players alternate,
/// the maximiser at the root. A node without children is worth 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A final score (for the maximiser).
    Leaf(i64),
    /// A position with its options.
    Node(Vec<Tree>),
}

impl Tree {
    /// Number of leaves.
    #[must_use]
    pub fn leaves(&self) -> u64 {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(c) => c.iter().map(Tree::leaves).sum(),
        }
    }
}

/// The minimax value by plain recursion over the whole tree (the reference).
#[must_use]
pub fn minimax_tree(tree: &Tree, maximiser: bool) -> i64 {
    match tree {
        Tree::Leaf(s) => *s,
        Tree::Node(c) if c.is_empty() => 0,
        Tree::Node(c) => {
            let vals = c.iter().map(|t| minimax_tree(t, !maximiser));
            if maximiser {
                vals.max().unwrap_or(0)
            } else {
                vals.min().unwrap_or(0)
            }
        }
    }
}

/// The minimax value of the tree with the maximiser to move at the root, by
/// alpha-beta pruning; also returns how many leaves were looked at. Same value
/// as [`minimax_tree`]; on well-ordered trees about the square root of the leaves
/// are visited.
///
/// ```
/// use sprague::{Tree, alpha_beta};
/// let t = Tree::Node(vec![
///     Tree::Node(vec![Tree::Leaf(3), Tree::Leaf(5)]),
///     Tree::Node(vec![Tree::Leaf(2), Tree::Leaf(9)]),
/// ]);
/// assert_eq!(alpha_beta(&t), (3, 3)); // the 9 is never looked at
/// ```
#[must_use]
pub fn alpha_beta(tree: &Tree) -> (i64, u64) {
    let mut leaves = 0;
    let v = ab(tree, true, i64::MIN, i64::MAX, &mut leaves);
    (v, leaves)
}

fn ab(tree: &Tree, max: bool, mut alpha: i64, mut beta: i64, leaves: &mut u64) -> i64 {
    match tree {
        Tree::Leaf(s) => {
            *leaves += 1;
            *s
        }
        Tree::Node(c) if c.is_empty() => 0,
        Tree::Node(c) => {
            if max {
                let mut best = i64::MIN;
                for t in c {
                    best = best.max(ab(t, false, alpha, beta, leaves));
                    alpha = alpha.max(best);
                    if alpha >= beta {
                        break;
                    }
                }
                best
            } else {
                let mut best = i64::MAX;
                for t in c {
                    best = best.min(ab(t, true, alpha, beta, leaves));
                    beta = beta.min(best);
                    if alpha >= beta {
                        break;
                    }
                }
                best
            }
        }
    }
}

/// Randomised evaluation of an AND-OR tree (OR at the root, levels alternating,
/// a leaf true when its score is positive): the children of each node are read in
/// a random order and reading stops as soon as the node's value is known (an
/// OR at its first true child, an AND at its first false one). Returns the value
/// and the number of leaves read. On the uniform binary tree of height 2k this
/// reads about 3^k leaves in expectation instead of 4^k (Snir 1985). `seed`
/// makes the run reproducible.
#[must_use]
pub fn and_or_random(tree: &Tree, seed: u64) -> (bool, u64) {
    let mut rng = seed ^ 0x9e37_79b9_7f4a_7c15;
    if rng == 0 {
        rng = 1;
    }
    let mut leaves = 0;
    let v = and_or(tree, true, &mut rng, &mut leaves);
    (v, leaves)
}

fn and_or(tree: &Tree, or: bool, rng: &mut u64, leaves: &mut u64) -> bool {
    match tree {
        Tree::Leaf(s) => {
            *leaves += 1;
            *s > 0
        }
        Tree::Node(c) => {
            let mut order: Vec<usize> = (0..c.len()).collect();
            for i in (1..order.len()).rev() {
                *rng ^= *rng << 13;
                *rng ^= *rng >> 7;
                *rng ^= *rng << 17;
                order.swap(i, (*rng % (i as u64 + 1)) as usize);
            }
            for i in order {
                if and_or(&c[i], !or, rng, leaves) == or {
                    return or;
                }
            }
            // An empty node is worth 0: false.
            !or && !c.is_empty()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::wld::tests::arb_graph;
    use proptest::prelude::*;

    fn arb_tree() -> impl Strategy<Value = Tree> {
        let leaf = (-20i64..20).prop_map(Tree::Leaf);
        leaf.prop_recursive(5, 64, 4, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(Tree::Node)
        })
    }

    fn negamax_rec(g: &DiGraph, v: u32, score: &dyn Fn(u32) -> i64) -> i64 {
        if g.out_degree(v) == 0 {
            return score(v);
        }
        g.successors(v)
            .iter()
            .map(|&w| -negamax_rec(g, w, score))
            .max()
            .unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]
        #[test]
        fn alpha_beta_and_and_or_agree_with_recursion(t in arb_tree(), seed: u64) {
            let want = minimax_tree(&t, true);
            let (v, leaves) = alpha_beta(&t);
            prop_assert_eq!(v, want);
            prop_assert!(leaves <= t.leaves());
            // As an AND-OR tree: scores > 0 are true; OR = max, AND = min.
            let (b, read) = and_or_random(&t, seed);
            prop_assert_eq!(b, want > 0);
            prop_assert!(read <= t.leaves());
        }

        #[test]
        fn dag_values_match_recursion(g in arb_graph(9, 16)) {
            // Keep only edges u → v with u > v: acyclic.
            let (mut s, mut d) = (Vec::new(), Vec::new());
            for u in 0..g.vertex_count() as u32 {
                for &v in g.successors(u) {
                    if v < u { s.push(u); d.push(v); }
                }
            }
            let dag = DiGraph::from_edges(g.vertex_count(), &s, &d).unwrap();
            let score = |v: u32| i64::from(v) * 7 % 11 - 5;
            let vals = minimax_dag(&dag, score).unwrap();
            for v in 0..dag.vertex_count() as u32 {
                prop_assert_eq!(vals[v as usize], negamax_rec(&dag, v, &score));
            }
            if g.vertex_count() > 0 && s.len() < g.edge_count() {
                // Any back edge or self-loop makes a cycle only if present; the full graph
                // must either fail or agree with recursion where it succeeds.
                let _ = minimax_dag(&g, score);
            }
        }
    }

    #[test]
    fn cycles_are_reported() {
        let g = DiGraph::from_edges(3, &[0, 1, 2], &[1, 2, 1]).unwrap();
        assert!(minimax_dag(&g, |_| 0).is_err());
    }
}
