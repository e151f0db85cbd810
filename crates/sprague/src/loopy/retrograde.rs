//! Backward induction over a predecessor function: the one work-list loop
//! under the retrograde solvers.
//!
//! Every retrograde solver runs the same loop: some nodes are decided
//! without looking at their options (terminals, targets); each decided node
//! tells its predecessors, one edge at a time; a predecessor that is decided
//! by what it hears (a losing option makes a win; the last winning option
//! a loss; the last option of an attractor's opponent node) is queued in its
//! turn. What differs is where predecessors come from ([`Predecessors`]: a
//! CSR list, a reversed graph, per-node lists or a generated un-move list)
//! and what an edge does ([`Induction`]: the win/lose/draw rule with
//! remoteness of [`countdown`], an attractor's "one option or all of them",
//! a minimax value). [`Retrograde`] is the loop.

use crate::graph::DiGraph;
use core::marker::PhantomData;

/// A node number that indexes a slice.
pub trait NodeIndex: Copy {
    /// The index.
    fn index(self) -> usize;
}

impl NodeIndex for u32 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

impl NodeIndex for u64 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

impl NodeIndex for usize {
    #[inline]
    fn index(self) -> usize {
        self
    }
}

/// Where the predecessors of a decided node come from.
pub trait Predecessors {
    /// A node.
    type Node: Copy;
    /// One entry of a predecessor list: the predecessor, with whatever the
    /// edge carries.
    type Edge: Copy;

    /// The predecessor edges of `v` (once per move into `v`), borrowed from
    /// the graph or written into `buf` (empty on the call).
    fn predecessors<'a>(&'a self, v: Self::Node, buf: &'a mut Vec<Self::Edge>) -> &'a [Self::Edge];
}

/// Predecessor lists in compressed form: the predecessors of `v` are
/// `sources[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Copy, Debug)]
pub struct PredecessorCsr<'a, O, N> {
    /// `n + 1` offsets into `sources`, non-decreasing.
    pub offsets: &'a [O],
    /// The predecessors, node after node.
    pub sources: &'a [N],
}

impl<O: NodeIndex, N: NodeIndex> Predecessors for PredecessorCsr<'_, O, N> {
    type Node = N;
    type Edge = N;

    #[inline]
    fn predecessors<'a>(&'a self, v: N, _: &'a mut Vec<N>) -> &'a [N] {
        let v = v.index();
        &self.sources[self.offsets[v].index()..self.offsets[v + 1].index()]
    }
}

/// The predecessors of a graph are the successors in its reversal: this
/// reads `reversed`, a graph already reversed ([`DiGraph::reversed`]).
#[derive(Clone, Copy, Debug)]
pub struct ReversedGraph<'a>(pub &'a DiGraph);

impl Predecessors for ReversedGraph<'_> {
    type Node = u32;
    type Edge = u32;

    #[inline]
    fn predecessors<'a>(&'a self, v: u32, _: &'a mut Vec<u32>) -> &'a [u32] {
        self.0.successors(v)
    }
}

/// One list of predecessor edges per node.
#[derive(Clone, Copy, Debug)]
pub struct PredecessorLists<'a, E>(pub &'a [Vec<E>]);

impl<E: Copy> Predecessors for PredecessorLists<'_, E> {
    type Node = usize;
    type Edge = E;

    #[inline]
    fn predecessors<'a>(&'a self, v: usize, _: &'a mut Vec<E>) -> &'a [E] {
        &self.0[v]
    }
}

/// Predecessors generated on demand (un-moves): the function appends the
/// predecessors of a node to the vector.
#[derive(Clone, Copy, Debug)]
pub struct Unmoves<N, F> {
    unmoves: F,
    node: PhantomData<fn(N)>,
}

impl<N, F: Fn(N, &mut Vec<N>)> Unmoves<N, F> {
    /// The predecessors `unmoves` generates.
    pub const fn new(unmoves: F) -> Self {
        Unmoves {
            unmoves,
            node: PhantomData,
        }
    }
}

impl<N: Copy, F: Fn(N, &mut Vec<N>)> Predecessors for Unmoves<N, F> {
    type Node = N;
    type Edge = N;

    #[inline]
    fn predecessors<'a>(&'a self, v: N, buf: &'a mut Vec<N>) -> &'a [N] {
        (self.unmoves)(v, buf);
        buf
    }
}

/// What one decided node does to its predecessors.
pub trait Induction<P: Predecessors + ?Sized> {
    /// What a decided node tells every predecessor (read once per node, so
    /// that the edge loop does not read it again).
    type Child: Copy;
    /// Why the loop stops early (a budget, a stop request); use
    /// [`core::convert::Infallible`] when it never does.
    type Stop;

    /// What the decided node `v` tells its predecessors.
    fn child(&mut self, v: P::Node) -> Self::Child;

    /// Tells the predecessor at the end of `edge` about a decided child;
    /// returns the predecessor when this decides it (it is then queued
    /// once: a decided node must never be returned again).
    fn relax(&mut self, child: Self::Child, edge: P::Edge) -> Option<P::Node>;

    /// Called before each batch of at most [`Retrograde::BATCH`] decided
    /// nodes is processed, with the batch: the place to count work, poll a
    /// monitor or a budget, or read ahead. Default: nothing.
    ///
    /// # Errors
    /// Whatever stops the loop.
    #[inline]
    fn batch(&mut self, graph: &P, frontier: &[P::Node]) -> Result<(), Self::Stop> {
        let _ = (graph, frontier);
        Ok(())
    }
}

/// An [`Induction`] from a function of (child, predecessor edge), for rules
/// that read the child's state on every edge and never stop.
#[derive(Clone, Copy, Debug)]
pub struct RelaxFn<F>(pub F);

impl<P: Predecessors + ?Sized, F: FnMut(P::Node, P::Edge) -> Option<P::Node>> Induction<P> for RelaxFn<F> {
    type Child = P::Node;
    type Stop = core::convert::Infallible;

    #[inline]
    fn child(&mut self, v: P::Node) -> P::Node {
        v
    }

    #[inline]
    fn relax(&mut self, child: P::Node, edge: P::Edge) -> Option<P::Node> {
        (self.0)(child, edge)
    }
}

/// Backward induction: a first-in first-out work list of decided nodes,
/// each of which tells its predecessors ([`Induction::relax`]) when its
/// turn comes.
///
/// Nodes are taken in the order they were decided, so the nodes decided
/// from the seeds come first, then those decided from them, and so on: one
/// level after another. That is what gives the win/lose/draw solve exact
/// remoteness (a win the least, a loss the largest: see [`countdown`]); for
/// rules where the order does not matter (attractors, counts) it costs
/// nothing. The nodes never decided are those that no sequence of
/// decisions reaches: the draws of a loopy game.
///
/// Time O(V + E) for the nodes decided and their predecessor edges (each
/// decided node is taken once and each of its predecessor edges relaxed
/// once), plus the cost of generating the predecessors; memory: the
/// work list, one node per decided node ([`Retrograde::level`] keeps only
/// one level and the next).
///
/// ```
/// use sprague::loopy::{RelaxFn, Retrograde, ReversedGraph};
/// use sprague::DiGraph;
/// // 0 → 1 → 2, 3 ⇄ 4: a node with no moves loses; a node wins when some
/// // option loses and loses when every option wins.
/// let g = DiGraph::from_edges(5, &[0, 1, 3, 4], &[1, 2, 4, 3]).unwrap();
/// let rev = g.reversed();
/// let mut left: Vec<u32> = (0..5).map(|v| g.out_degree(v)).collect();
/// let mut won: Vec<Option<bool>> = vec![None; 5];
/// let mut work = Retrograde::new();
/// for v in 0..5u32 {
///     if left[v as usize] == 0 {
///         won[v as usize] = Some(false);
///         work.push(v);
///     }
/// }
/// let Ok(()) = work.run(&ReversedGraph(&rev), &mut RelaxFn(|child: u32, parent: u32| {
///     let p = parent as usize;
///     if won[p].is_some() {
///         return None;
///     }
///     left[p] -= 1;
///     if won[child as usize] == Some(false) || left[p] == 0 {
///         won[p] = Some(won[child as usize] == Some(false));
///         return Some(parent);
///     }
///     None
/// }));
/// assert_eq!(won, [Some(false), Some(true), Some(false), None, None]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Retrograde<N> {
    queue: Vec<N>,
    head: usize,
}

impl<N: Copy> Retrograde<N> {
    /// Decided nodes handed to [`Induction::batch`] at a time: enough for
    /// a read-ahead to overlap the cache misses of the next nodes'
    /// predecessors, few enough to poll a monitor often.
    pub const BATCH: usize = 64;

    /// An empty work list.
    #[must_use]
    pub const fn new() -> Self {
        Retrograde {
            queue: Vec::new(),
            head: 0,
        }
    }

    /// An empty work list with room for `n` nodes.
    #[must_use]
    pub fn with_capacity(n: usize) -> Self {
        Retrograde {
            queue: Vec::with_capacity(n),
            head: 0,
        }
    }

    /// Queues `v`, decided without the loop (a terminal, a target). Each
    /// node must be queued at most once.
    #[inline]
    pub fn push(&mut self, v: N) {
        self.queue.push(v);
    }

    /// Room for `more` nodes besides those queued.
    pub fn reserve(&mut self, more: usize) {
        self.queue.reserve(more);
    }

    /// The nodes queued and not yet taken.
    #[must_use]
    pub fn pending(&self) -> &[N] {
        &self.queue[self.head..]
    }

    /// Whether no node waits.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.head == self.queue.len()
    }

    /// Runs the loop until no decided node is left to take. O(V + E) for
    /// the nodes decided and their predecessor edges.
    ///
    /// # Errors
    /// What [`Induction::batch`] returns; the loop can be run again to go on.
    pub fn run<P, R>(&mut self, graph: &P, rule: &mut R) -> Result<(), R::Stop>
    where
        P: Predecessors<Node = N> + ?Sized,
        R: Induction<P> + ?Sized,
    {
        let mut buf = Vec::new();
        while self.head < self.queue.len() {
            let end = (self.head + Self::BATCH).min(self.queue.len());
            self.take(graph, rule, end, &mut buf)?;
        }
        Ok(())
    }

    /// Takes the nodes queued before the call (one level, when the seeds
    /// were one level and every level is run so), queueing those they
    /// decide; forgets the nodes taken, so the work list holds one level at a
    /// time. Returns how many nodes were taken.
    ///
    /// # Errors
    /// What [`Induction::batch`] returns; the nodes of the level not yet
    /// taken are then lost.
    pub fn level<P, R>(&mut self, graph: &P, rule: &mut R) -> Result<usize, R::Stop>
    where
        P: Predecessors<Node = N> + ?Sized,
        R: Induction<P> + ?Sized,
    {
        let mut buf = Vec::new();
        let stop = self.queue.len();
        let taken = stop - self.head;
        while self.head < stop {
            let end = (self.head + Self::BATCH).min(stop);
            self.take(graph, rule, end, &mut buf)?;
        }
        self.queue.drain(..stop);
        self.head = 0;
        Ok(taken)
    }

    #[inline]
    fn take<P, R>(
        &mut self,
        graph: &P,
        rule: &mut R,
        end: usize,
        buf: &mut Vec<P::Edge>,
    ) -> Result<(), R::Stop>
    where
        P: Predecessors<Node = N> + ?Sized,
        R: Induction<P> + ?Sized,
    {
        rule.batch(graph, &self.queue[self.head..end])?;
        while self.head < end {
            let v = self.queue[self.head];
            self.head += 1;
            let child = rule.child(v);
            buf.clear();
            for &e in graph.predecessors(v, buf) {
                if let Some(u) = rule.relax(child, e) {
                    self.queue.push(u);
                }
            }
        }
        Ok(())
    }
}

impl<N> From<Vec<N>> for Retrograde<N> {
    /// A work list holding the decided nodes `seeds`, in order.
    fn from(seeds: Vec<N>) -> Self {
        Retrograde {
            queue: seeds,
            head: 0,
        }
    }
}

/// A packed cell of a win/lose/draw solve: undecided with a count of the
/// options not yet known to be won for the opponent, or decided won or
/// lost with a remoteness.
pub trait CountdownCell: Copy {
    /// Whether the value is decided.
    fn is_decided(self) -> bool;
    /// Whether at most one option is left uncounted (undecided cells only).
    fn is_last(self) -> bool;
    /// The same cell with one option fewer left (undecided cells only).
    #[must_use]
    fn count_down(self) -> Self;
    /// A won cell with remoteness `r`.
    fn won(r: u32) -> Self;
    /// A lost cell with remoteness `r`.
    fn lost(r: u32) -> Self;
}

/// The rule of backward induction on one edge: the parent's cell after one
/// of its options was decided, lost (`child_lost`) or won, at remoteness
/// `remoteness - 1`. A lost option decides the parent won at `remoteness`;
/// a won one counts the parent down, and the last one decides it lost at
/// `remoteness`; a decided parent stays as it is (`None`). Taken level by
/// level (a first-in first-out [`Retrograde`] or a pass per level), this
/// gives the winner the least remoteness and the loser the largest:
/// Win = 1 + min over lost options, Lose = 1 + max over options. O(1).
///
/// ```
/// use sprague::loopy::{StateCell, countdown};
/// let two = StateCell::undecided(2);
/// assert_eq!(countdown(two, false, 3), Some(StateCell::undecided(1)));
/// assert_eq!(countdown(StateCell::undecided(1), false, 3), Some(StateCell::lost(3)));
/// assert_eq!(countdown(two, true, 3), Some(StateCell::won(3)));
/// assert_eq!(countdown(StateCell::won(1), true, 3), None);
/// ```
#[inline]
#[must_use]
pub fn countdown<C: CountdownCell>(parent: C, child_lost: bool, remoteness: u32) -> Option<C> {
    if parent.is_decided() {
        None
    } else if child_lost {
        Some(C::won(remoteness))
    } else if parent.is_last() {
        Some(C::lost(remoteness))
    } else {
        Some(parent.count_down())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::wld::tests::{arb_graph, naive};
    use crate::loopy::{SolvedValue, StateCell, Wld};
    use proptest::prelude::*;

    /// The kernel with the packed cells of [`StateCell`], seeded with the
    /// terminals, over the three kinds of predecessor lists.
    fn solve(g: &DiGraph, terminal: &dyn Fn(u32) -> Wld, how: u8) -> Vec<SolvedValue> {
        let n = g.vertex_count();
        let rev = g.reversed();
        let mut cells: Vec<StateCell> = (0..n as u32)
            .map(|v| StateCell::undecided(g.out_degree(v) as u16))
            .collect();
        let mut work = Retrograde::new();
        for v in 0..n as u32 {
            if g.out_degree(v) == 0 {
                match terminal(v) {
                    Wld::Win => cells[v as usize] = StateCell::won(0),
                    Wld::Lose => cells[v as usize] = StateCell::lost(0),
                    Wld::Draw => continue,
                }
                work.push(v);
            }
        }
        let mut rule = RelaxFn(|child: u32, parent: u32| {
            let c = cells[child as usize];
            let r = c.value().and_then(|v| v.remoteness).unwrap_or(0) + 1;
            let lost = c.value().map(|v| v.wld) == Some(Wld::Lose);
            let new = countdown(cells[parent as usize], lost, r)?;
            cells[parent as usize] = new;
            new.is_decided().then_some(parent)
        });
        let done: Result<(), core::convert::Infallible> = match how {
            0 => work.run(&ReversedGraph(&rev), &mut rule),
            1 => {
                let (offsets, sources) = rev.as_csr();
                work.run(&PredecessorCsr { offsets, sources }, &mut rule)
            }
            _ => loop {
                let gen_ =
                    Unmoves::new(|v: u32, out: &mut Vec<u32>| out.extend_from_slice(rev.successors(v)));
                let Ok(k) = work.level(&gen_, &mut rule);
                if k == 0 {
                    break Ok(());
                }
            },
        };
        let Ok(()) = done;
        cells
            .iter()
            .map(|c| c.value().unwrap_or(SolvedValue::DRAW))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Against the fixed point of the definition (win/lose/draw and
        /// remoteness), on random graphs with cycles, self-loops and
        /// parallel edges.
        #[test]
        fn kernel_matches_the_fixed_point(g in arb_graph(12, 30), kind in 0u8..3, how in 0u8..3) {
            let t = move |v: u32| match kind {
                0 => Wld::Lose,
                1 => Wld::Win,
                _ => [Wld::Lose, Wld::Win, Wld::Draw][(v % 3) as usize],
            };
            prop_assert_eq!(solve(&g, &t, how), naive(&g, &t));
        }

        /// An attractor (the nodes from which player 0 forces reaching a
        /// node with no moves where player 1 is to move), against its
        /// fixed-point definition.
        #[test]
        fn attractor_matches_the_fixed_point(g in arb_graph(12, 30)) {
            let n = g.vertex_count();
            let owner = |v: usize| v % 2;
            let mut want = vec![false; n];
            loop {
                let next: Vec<bool> = (0..n).map(|v| {
                    let s = g.successors(v as u32);
                    want[v] || if owner(v) == 0 {
                        s.iter().any(|&w| want[w as usize])
                    } else {
                        s.iter().all(|&w| want[w as usize])
                    }
                }).collect();
                if next == want { break; }
                want = next;
            }
            let rev = g.reversed();
            let mut count: Vec<u32> = (0..n as u32).map(|v| g.out_degree(v)).collect();
            let mut won = vec![false; n];
            let mut work = Retrograde::new();
            for v in 0..n {
                if owner(v) == 1 && count[v] == 0 {
                    won[v] = true;
                    work.push(v as u32);
                }
            }
            let Ok(()) = work.run(&ReversedGraph(&rev), &mut RelaxFn(|_, p: u32| {
                let p_ = p as usize;
                if won[p_] { return None; }
                count[p_] -= 1;
                (owner(p_) == 0 || count[p_] == 0).then(|| { won[p_] = true; p })
            }));
            prop_assert_eq!(won, want);
        }
    }

    #[test]
    fn a_stop_in_a_batch_leaves_the_rest_to_run() {
        struct Once(bool, Vec<u32>);
        impl Induction<ReversedGraph<'_>> for Once {
            type Child = ();
            type Stop = ();
            fn child(&mut self, v: u32) {
                self.1.push(v);
            }
            fn relax(&mut self, (): (), _: u32) -> Option<u32> {
                None
            }
            fn batch(&mut self, _: &ReversedGraph<'_>, _: &[u32]) -> Result<(), ()> {
                if self.0 {
                    self.0 = false;
                    Err(())
                } else {
                    Ok(())
                }
            }
        }
        let g = DiGraph::from_edges(3, &[], &[]).unwrap();
        let mut work = Retrograde::new();
        (0..3).for_each(|v| work.push(v));
        let mut rule = Once(true, Vec::new());
        assert_eq!(work.run(&ReversedGraph(&g), &mut rule), Err(()));
        assert_eq!(work.pending(), &[0, 1, 2]);
        assert_eq!(work.run(&ReversedGraph(&g), &mut rule), Ok(()));
        assert!(work.is_done());
        assert_eq!(rule.1, [0, 1, 2]);
    }
}
