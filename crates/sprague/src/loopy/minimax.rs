//! Games played for a score: minimax on acyclic graphs and on explicit trees
//! (alpha-beta), and the randomised evaluation of AND-OR trees.

use super::retrograde::{Induction, Retrograde, ReversedGraph};
use crate::monitor::Stopped;
use crate::{
    graph::DiGraph,
    impartial::GraphCycle,
    monitor::{Interrupted, Monitor, Ticker},
};
use core::convert::Infallible;

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
/// use sprague::{DiGraph, loopy::minimax_dag};
/// // 0 → 1, 0 → 2; terminal scores (for the player to move there) 1 → -3, 2 → 5.
/// let g = DiGraph::from_edges(3, &[0, 0], &[1, 2]).unwrap();
/// let v = minimax_dag(&g, |t| if t == 1 { -3 } else { 5 }).unwrap();
/// assert_eq!(v[0], 3); // move to 1, where the opponent is left with -3
/// ```
pub fn minimax_dag(graph: &DiGraph, score: impl Fn(u32) -> i64) -> Result<Vec<i64>, GraphCycle> {
    match minimax_dag_ticked::<false>(graph, score, Ticker::new(None)) {
        Ok(values) => Ok(values),
        Err(Stopped::Failed(c)) => Err(c),
        // A ticker without a monitor never stops, and there is no budget.
        Err(Stopped::Budget(_) | Stopped::Interrupted(_)) => Err(GraphCycle { vertex: u32::MAX }),
    }
}

/// Why [`minimax_dag_with`] returned no values: the graph has a cycle
/// ([`Stopped::Failed`]), so minimax values are not defined, or the
/// computation was asked to stop (`done` counts the vertices valued).
pub type MinimaxDagError = Stopped<GraphCycle>;

/// [`minimax_dag`] reporting to `monitor`: a phase `listing predecessors` (one
/// pass over the edges, not counted), then `valuing vertices`, whose total is
/// the number of vertices and whose count is the vertices valued so far (a
/// graph with a cycle ends short of it). The count is passed on, and the stop
/// flag checked, every [`Ticker::BATCH`] vertices; it is exact when the call
/// returns. Same complexity as [`minimax_dag`].
///
/// # Errors
/// [`Stopped::Failed`] as [`minimax_dag`];
/// [`Stopped::Interrupted`] when the monitor asked to stop.
///
/// ```
/// use sprague::{DiGraph, Monitor, loopy::minimax_dag_with};
/// let g = DiGraph::from_edges(3, &[0, 0], &[1, 2]).unwrap();
/// let monitor = Monitor::new();
/// let v = minimax_dag_with(&g, |t| if t == 1 { -3 } else { 5 }, &monitor).unwrap();
/// assert_eq!(v[0], 3);
/// assert_eq!((monitor.phase(), monitor.done(), monitor.total()), ("valuing vertices", 3, Some(3)));
/// ```
pub fn minimax_dag_with(
    graph: &DiGraph,
    score: impl Fn(u32) -> i64,
    monitor: &Monitor,
) -> Result<Vec<i64>, MinimaxDagError> {
    monitor.start_phase("listing predecessors", None, 0);
    minimax_dag_ticked::<true>(graph, score, Ticker::new(Some(monitor)))
}

/// The ticker is taken by value (its count stays in a register); without
/// `COUNT` nothing is counted.
fn minimax_dag_ticked<const COUNT: bool>(
    graph: &DiGraph,
    score: impl Fn(u32) -> i64,
    ticker: Ticker<'_>,
) -> Result<Vec<i64>, MinimaxDagError> {
    let n = graph.vertex_count();
    let rev = graph.reversed();
    if let Some(monitor) = ticker.monitor() {
        monitor.start_phase("valuing vertices", Some(n as u64), 0);
    }
    let mut left: Vec<u32> = (0..n as u32).map(|v| graph.out_degree(v)).collect();
    let mut value = vec![i64::MIN; n];
    let leaves: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
    let mut work = Retrograde::from(leaves);
    let mut rule = Valued {
        graph,
        score,
        left: &mut left,
        value: &mut value,
        done: 0,
        ticker: COUNT.then_some(ticker),
    };
    work.run(&ReversedGraph(&rev), &mut rule)?;
    let done = rule.done;
    if let Some(mut ticker) = rule.ticker.take() {
        ticker.flush()?;
    }
    if done < n {
        let vertex = (0..n).find(|&v| left[v] != 0).unwrap_or(0) as u32;
        return Err(GraphCycle { vertex }.into());
    }
    Ok(value)
}

/// The rule of [`minimax_dag`]: a vertex is valued when it is taken (all
/// its successors are valued by then), and a predecessor is ready when its
/// last successor is.
struct Valued<'g, 't, F> {
    graph: &'g DiGraph,
    score: F,
    left: &'g mut [u32],
    value: &'g mut [i64],
    /// Vertices valued.
    done: usize,
    /// Counts the vertices valued (only when someone watches).
    ticker: Option<Ticker<'t>>,
}

impl<F: Fn(u32) -> i64> Induction<ReversedGraph<'_>> for Valued<'_, '_, F> {
    type Child = ();
    type Stop = Interrupted;

    #[inline]
    fn child(&mut self, v: u32) {
        self.done += 1;
        self.value[v as usize] = if self.graph.out_degree(v) == 0 {
            (self.score)(v)
        } else {
            self.graph
                .successors(v)
                .iter()
                .map(|&w| -self.value[w as usize])
                .max()
                .unwrap_or(0)
        };
    }

    #[inline]
    fn relax(&mut self, (): (), u: u32) -> Option<u32> {
        let l = &mut self.left[u as usize];
        *l -= 1;
        (*l == 0).then_some(u)
    }

    #[inline]
    fn batch(&mut self, _: &ReversedGraph<'_>, frontier: &[u32]) -> Result<(), Interrupted> {
        match &mut self.ticker {
            Some(t) => t.tick_n(frontier.len() as u64),
            None => Ok(()),
        }
    }
}

/// A game tree for minimax: a leaf with a score for the maximising player, or a
/// node whose children the player to move chooses between. Players alternate,
/// the maximiser at the root. A node without children is worth 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MinimaxTree {
    /// A final score (for the maximiser).
    Leaf(i64),
    /// A position with its options.
    Node(Vec<MinimaxTree>),
}

impl MinimaxTree {
    /// Number of leaves.
    #[must_use]
    pub fn leaves(&self) -> u64 {
        match self {
            MinimaxTree::Leaf(_) => 1,
            MinimaxTree::Node(c) => c.iter().map(MinimaxTree::leaves).sum(),
        }
    }

    /// Number of nodes, leaves included: the total the monitored searches
    /// ([`alpha_beta_with`], [`and_or_random_with`]) count against.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        match self {
            MinimaxTree::Leaf(_) => 1,
            MinimaxTree::Node(c) => 1 + c.iter().map(MinimaxTree::nodes).sum::<u64>(),
        }
    }
}

/// Counts the nodes a tree search visits. The plain searches use [`NoCount`],
/// whose error type is empty, so their `?` compile to nothing.
trait Count {
    type Stop;
    fn node(&mut self) -> Result<(), Self::Stop>;
}

/// Counts nothing and never stops.
struct NoCount;

impl Count for NoCount {
    type Stop = Infallible;
    #[inline]
    fn node(&mut self) -> Result<(), Infallible> {
        Ok(())
    }
}

impl Count for Ticker<'_> {
    type Stop = Interrupted;
    #[inline]
    fn node(&mut self) -> Result<(), Interrupted> {
        self.tick()
    }
}

/// The phase the monitored tree searches report.
const SEARCHING: &str = "searching the tree";

/// The minimax value by plain recursion over the whole tree (the reference).
#[must_use]
pub fn minimax_tree(tree: &MinimaxTree, maximiser: bool) -> i64 {
    match tree {
        MinimaxTree::Leaf(s) => *s,
        MinimaxTree::Node(c) if c.is_empty() => 0,
        MinimaxTree::Node(c) => {
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
/// use sprague::{loopy::{MinimaxTree, alpha_beta}};
/// let t = MinimaxTree::Node(vec![
///     MinimaxTree::Node(vec![MinimaxTree::Leaf(3), MinimaxTree::Leaf(5)]),
///     MinimaxTree::Node(vec![MinimaxTree::Leaf(2), MinimaxTree::Leaf(9)]),
/// ]);
/// assert_eq!(alpha_beta(&t), (3, 3)); // the 9 is never looked at
/// ```
#[must_use]
pub fn alpha_beta(tree: &MinimaxTree) -> (i64, u64) {
    let mut leaves = 0;
    let Ok(v) = ab(tree, true, i64::MIN, i64::MAX, &mut leaves, &mut NoCount);
    (v, leaves)
}

/// [`alpha_beta`] reporting to `monitor`: a phase `searching the tree` whose
/// total is the tree's [`nodes`](MinimaxTree::nodes) and whose count is the nodes
/// visited so far (leaves and inner nodes; pruning makes the search end short
/// of the total). The count is passed on, and the stop flag checked, every
/// [`Ticker::BATCH`] nodes; it is exact when the call returns. Same complexity
/// as [`alpha_beta`], plus one pass to count the nodes.
///
/// # Errors
/// [`Interrupted`], with the nodes visited, when the monitor asked to stop.
///
/// ```
/// use sprague::{Monitor, loopy::{MinimaxTree, alpha_beta_with}};
/// let t = MinimaxTree::Node(vec![
///     MinimaxTree::Node(vec![MinimaxTree::Leaf(3), MinimaxTree::Leaf(5)]),
///     MinimaxTree::Node(vec![MinimaxTree::Leaf(2), MinimaxTree::Leaf(9)]),
/// ]);
/// let monitor = Monitor::new();
/// assert_eq!(alpha_beta_with(&t, &monitor).unwrap(), (3, 3));
/// // Seven nodes, of which the leaf 9 is pruned.
/// assert_eq!((monitor.done(), monitor.total()), (6, Some(7)));
/// ```
pub fn alpha_beta_with(tree: &MinimaxTree, monitor: &Monitor) -> Result<(i64, u64), Interrupted> {
    monitor.start_phase(SEARCHING, Some(tree.nodes()), 0);
    let mut ticker = Ticker::new(Some(monitor));
    let mut leaves = 0;
    let v = ab(tree, true, i64::MIN, i64::MAX, &mut leaves, &mut ticker)?;
    ticker.flush()?;
    Ok((v, leaves))
}

/// The alpha-beta window at a node as its children's values come in: the
/// maximiser raises alpha, the minimiser lowers beta; either stops once the
/// window closes.
struct Window {
    max: bool,
    best: i64,
    alpha: i64,
    beta: i64,
}

impl Window {
    /// The window `(alpha, beta)` at a node of the maximiser (`max`) or the
    /// minimiser, no child seen.
    fn new(max: bool, alpha: i64, beta: i64) -> Self {
        let best = if max { i64::MIN } else { i64::MAX };
        Window {
            max,
            best,
            alpha,
            beta,
        }
    }

    /// Takes a child's value `v`; whether the window is now closed (the
    /// other children need not be read).
    fn take(&mut self, v: i64) -> bool {
        if self.max {
            self.best = self.best.max(v);
            self.alpha = self.alpha.max(self.best);
        } else {
            self.best = self.best.min(v);
            self.beta = self.beta.min(self.best);
        }
        self.alpha >= self.beta
    }
}

fn ab<C: Count>(
    tree: &MinimaxTree,
    max: bool,
    alpha: i64,
    beta: i64,
    leaves: &mut u64,
    count: &mut C,
) -> Result<i64, C::Stop> {
    count.node()?;
    Ok(match tree {
        MinimaxTree::Leaf(s) => {
            *leaves += 1;
            *s
        }
        MinimaxTree::Node(c) if c.is_empty() => 0,
        MinimaxTree::Node(c) => {
            let mut w = Window::new(max, alpha, beta);
            for t in c {
                let v = ab(t, !max, w.alpha, w.beta, leaves, count)?;
                if w.take(v) {
                    break;
                }
            }
            w.best
        }
    })
}

/// Randomised evaluation of an AND-OR tree (OR at the root, levels alternating,
/// a leaf true when its score is positive): the children of each node are read in
/// a random order and reading stops as soon as the node's value is known (an
/// OR at its first true child, an AND at its first false one). Returns the value
/// and the number of leaves read. On the uniform binary tree of height 2k this
/// reads about 3^k leaves in expectation instead of 4^k (Snir 1985). `seed`
/// makes the run reproducible.
#[must_use]
pub fn and_or_random(tree: &MinimaxTree, seed: u64) -> (bool, u64) {
    let mut rng = and_or_seed(seed);
    let mut leaves = 0;
    let Ok(v) = and_or(tree, true, &mut rng, &mut leaves, &mut NoCount);
    (v, leaves)
}

/// [`and_or_random`] reporting to `monitor`: a phase `searching the tree`
/// whose total is the tree's [`nodes`](MinimaxTree::nodes) and whose count is the
/// nodes visited so far (the search stops reading a node's children once its
/// value is known, so it usually ends short of the total). The count is passed
/// on, and the stop flag checked, every [`Ticker::BATCH`] nodes; it is exact
/// when the call returns. Same value and leaves read as [`and_or_random`] for
/// the same seed.
///
/// # Errors
/// [`Interrupted`], with the nodes visited, when the monitor asked to stop.
///
/// ```
/// use sprague::{Monitor, loopy::{MinimaxTree, and_or_random, and_or_random_with}};
/// // OR of two ANDs of false leaves: every node is visited.
/// let t = MinimaxTree::Node(vec![MinimaxTree::Node(vec![MinimaxTree::Leaf(0)]), MinimaxTree::Node(vec![MinimaxTree::Leaf(0)])]);
/// let monitor = Monitor::new();
/// assert_eq!(and_or_random_with(&t, 7, &monitor).unwrap(), and_or_random(&t, 7));
/// assert_eq!((monitor.done(), monitor.total()), (5, Some(5)));
/// ```
pub fn and_or_random_with(
    tree: &MinimaxTree,
    seed: u64,
    monitor: &Monitor,
) -> Result<(bool, u64), Interrupted> {
    monitor.start_phase(SEARCHING, Some(tree.nodes()), 0);
    let mut ticker = Ticker::new(Some(monitor));
    let mut rng = and_or_seed(seed);
    let mut leaves = 0;
    let v = and_or(tree, true, &mut rng, &mut leaves, &mut ticker)?;
    ticker.flush()?;
    Ok((v, leaves))
}

/// The xorshift state for `seed` (never zero).
fn and_or_seed(seed: u64) -> u64 {
    match seed ^ 0x9e37_79b9_7f4a_7c15 {
        0 => 1,
        s => s,
    }
}

fn and_or<C: Count>(
    tree: &MinimaxTree,
    or: bool,
    rng: &mut u64,
    leaves: &mut u64,
    count: &mut C,
) -> Result<bool, C::Stop> {
    count.node()?;
    Ok(match tree {
        MinimaxTree::Leaf(s) => {
            *leaves += 1;
            *s > 0
        }
        MinimaxTree::Node(c) => {
            let mut order: Vec<usize> = (0..c.len()).collect();
            for i in (1..order.len()).rev() {
                *rng ^= *rng << 13;
                *rng ^= *rng >> 7;
                *rng ^= *rng << 17;
                order.swap(i, (*rng % (i as u64 + 1)) as usize);
            }
            for i in order {
                if and_or(&c[i], !or, rng, leaves, count)? == or {
                    return Ok(or);
                }
            }
            // An empty node is worth 0: false.
            !or && !c.is_empty()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::wld::tests::arb_graph;
    use proptest::prelude::*;

    /// `g` with only its edges `u → v` with `u > v`: acyclic. O(n + m).
    fn downward(g: &DiGraph) -> DiGraph {
        let (mut s, mut d) = (Vec::new(), Vec::new());
        for u in 0..g.vertex_count() as u32 {
            for &v in g.successors(u) {
                if v < u {
                    s.push(u);
                    d.push(v);
                }
            }
        }
        DiGraph::from_edges(g.vertex_count(), &s, &d).unwrap()
    }

    fn arb_tree() -> impl Strategy<Value = MinimaxTree> {
        let leaf = (-20i64..20).prop_map(MinimaxTree::Leaf);
        leaf.prop_recursive(5, 64, 4, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(MinimaxTree::Node)
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
            let dag = downward(&g);
            let score = |v: u32| i64::from(v) * 7 % 11 - 5;
            let vals = minimax_dag(&dag, score).unwrap();
            for v in 0..dag.vertex_count() as u32 {
                prop_assert_eq!(vals[v as usize], negamax_rec(&dag, v, &score));
            }
            if g.vertex_count() > 0 && dag.edge_count() < g.edge_count() {
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
        // The monitored search values only vertex 3 (terminal) of 0 → 1 → 2 → 1.
        let g = DiGraph::from_edges(4, &[0, 1, 2, 0], &[1, 2, 1, 3]).unwrap();
        let m = Monitor::new();
        assert!(matches!(
            minimax_dag_with(&g, |_| 0, &m),
            Err(MinimaxDagError::Failed(_))
        ));
        assert_eq!((m.done(), m.total()), (1, Some(4)));
    }

    const BATCH: u64 = Ticker::BATCH as u64;

    #[test]
    fn monitored_dag_values_count_every_vertex_and_stop() {
        // The chain i → i - 1 with vertex 0 scoring 1: values alternate ±1.
        let n = 10_000u32;
        let from: Vec<u32> = (1..n).collect();
        let to: Vec<u32> = (0..n - 1).collect();
        let g = DiGraph::from_edges(n as usize, &from, &to).unwrap();
        let m = Monitor::new();
        let v = minimax_dag_with(&g, |_| 1, &m).unwrap();
        assert_eq!(v, minimax_dag(&g, |_| 1).unwrap());
        assert_eq!((v[0], v[1], v[9999]), (1, -1, -1));
        assert_eq!(
            (m.phase(), m.done(), m.total()),
            ("valuing vertices", u64::from(n), Some(u64::from(n)))
        );
        m.reset();
        m.stop();
        assert_eq!(
            minimax_dag_with(&g, |_| 1, &m),
            Err(MinimaxDagError::Interrupted(Interrupted { done: BATCH }))
        );
    }

    #[test]
    fn monitored_tree_searches_count_every_node_and_stop() {
        // A root with 10 000 leaves: alpha-beta cannot prune at the root, and
        // an OR of false leaves reads them all.
        let t = MinimaxTree::Node((0..10_000).map(|i| MinimaxTree::Leaf(i % 7 - 3)).collect());
        let f = MinimaxTree::Node(vec![MinimaxTree::Leaf(0); 10_000]);
        let total = 10_001;
        assert_eq!((t.nodes(), f.nodes()), (total, total));
        let m = Monitor::new();
        assert_eq!(alpha_beta_with(&t, &m).unwrap(), alpha_beta(&t));
        assert_eq!((m.phase(), m.done(), m.total()), (SEARCHING, total, Some(total)));
        m.reset();
        assert_eq!(and_or_random_with(&f, 3, &m).unwrap(), (false, 10_000));
        assert_eq!((m.done(), m.total()), (total, Some(total)));
        m.reset();
        m.stop();
        assert_eq!(alpha_beta_with(&t, &m), Err(Interrupted { done: BATCH }));
        m.reset();
        m.stop();
        assert_eq!(and_or_random_with(&f, 3, &m), Err(Interrupted { done: BATCH }));
        // A stop asked for during a search shorter than a batch is seen at the end.
        let small = MinimaxTree::Node(vec![MinimaxTree::Leaf(1), MinimaxTree::Leaf(2)]);
        m.reset();
        m.stop();
        assert_eq!(alpha_beta_with(&small, &m), Err(Interrupted { done: 3 }));
    }

    /// Nodes visited by alpha-beta, by a separate plain recursion.
    fn ab_visits(tree: &MinimaxTree, max: bool, alpha: i64, beta: i64) -> (i64, u64) {
        match tree {
            MinimaxTree::Leaf(s) => (*s, 1),
            MinimaxTree::Node(c) if c.is_empty() => (0, 1),
            MinimaxTree::Node(c) => {
                let mut visits = 1;
                let mut w = super::Window::new(max, alpha, beta);
                for t in c {
                    let (v, k) = ab_visits(t, !max, w.alpha, w.beta);
                    visits += k;
                    if w.take(v) {
                        break;
                    }
                }
                (w.best, visits)
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn monitored_tree_searches_agree_and_count_the_nodes_visited(t in arb_tree(), seed: u64) {
            let m = Monitor::new();
            prop_assert_eq!(alpha_beta_with(&t, &m).unwrap(), alpha_beta(&t));
            let (_, visits) = ab_visits(&t, true, i64::MIN, i64::MAX);
            prop_assert_eq!((m.done(), m.total()), (visits, Some(t.nodes())));
            m.reset();
            prop_assert_eq!(and_or_random_with(&t, seed, &m).unwrap(), and_or_random(&t, seed));
            prop_assert!(m.done() <= t.nodes());
        }

        #[test]
        fn monitored_dag_values_agree_and_count_to_the_total(g in arb_graph(9, 16)) {
            let dag = downward(&g);
            let score = |v: u32| i64::from(v) * 5 % 13 - 6;
            let m = Monitor::new();
            prop_assert_eq!(minimax_dag_with(&dag, score, &m).unwrap(), minimax_dag(&dag, score).unwrap());
            let n = dag.vertex_count() as u64;
            prop_assert_eq!((m.done(), m.total()), (n, Some(n)));
        }
    }
}
