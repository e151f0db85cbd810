//! Grundy values of every vertex of an explicit directed acyclic graph.

use crate::monitor::{Failure, Stopped};
use crate::prefetch::prefetch;
use crate::{
    graph::DiGraph,
    monitor::{Monitor, Ticker},
    nimber::MexSet,
};
use core::fmt;

/// How many places ahead in Kahn's queue its pass prefetches a vertex's
/// successor offsets and its successor list; and how many places ahead both
/// passes prefetch the entries its successors index (in-degrees, or values).
const AHEAD_OFFSETS: usize = 24;
/// See [`AHEAD_OFFSETS`].
const AHEAD_LIST: usize = 12;
/// See [`AHEAD_OFFSETS`].
const AHEAD_VALUES: usize = 4;

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
            "the graph has a cycle through vertex {}, so it has no Grundy values",
            self.vertex
        )
    }
}

impl std::error::Error for GraphCycle {}

impl Failure for GraphCycle {
    const WORK: &'static str = "vertices";
}

/// Why [`grundy_dag_with`] returned no values: the graph has a cycle
/// ([`Stopped::Failed`]), or the computation was asked to stop (`done` counts
/// the vertices valued).
pub type GrundyDagError = Stopped<GraphCycle>;

/// The Grundy value of every vertex (a token on the vertex moves along an edge;
/// who cannot move loses). O(n + m) time, no recursion; O(n) extra memory
/// when the ids are in topological order (either way), else O(n + m): Kahn's
/// pass copies the successor lists in its order, so the valuing pass reads
/// them back as one stream instead of fetching each list at random.
///
/// If every edge goes from a higher to a lower id, or every edge from a lower to
/// a higher id, the id order is already topological and values are computed in
/// one sweep; otherwise Kahn's method finds a topological order (in-degree
/// counts and a queue) and the values follow in its reverse. On a graph with
/// a cycle an iterative depth-first search names a vertex on one.
///
/// # Errors
/// [`GraphCycle`] naming a vertex on a cycle (self-loops included).
///
/// ```
/// use sprague::{DiGraph, impartial::grundy_dag};
/// // 2 → 1 → 0 and 2 → 0: values 0, 1, 2.
/// let g = DiGraph::from_edges(3, &[1, 2, 2], &[0, 1, 0]).unwrap();
/// assert_eq!(grundy_dag(&g).unwrap(), vec![0, 1, 2]);
/// ```
pub fn grundy_dag(graph: &DiGraph) -> Result<Vec<u32>, GraphCycle> {
    match grundy_dag_ticked::<false>(graph, Ticker::new(None)) {
        Ok(values) => Ok(values),
        Err(Stopped::Failed(c)) => Err(c),
        // A ticker without a monitor never stops, and there is no budget.
        Err(Stopped::Budget(_) | Stopped::Interrupted(_)) => Err(GraphCycle { vertex: u32::MAX }),
    }
}

/// [`grundy_dag`] reporting to `monitor`: a phase `valuing vertices` whose
/// total is the number of vertices, with the count of vertices valued so far
/// passed on every [`Ticker::BATCH`] vertices, when the stop flag is also
/// checked. The count is exact when the call returns. Same complexity as
/// [`grundy_dag`]: the loops pay one counter update per block of vertices (the
/// sweeps) or per vertex (the depth-first search).
///
/// # Errors
/// [`Stopped::Failed`] as [`grundy_dag`]; [`Stopped::Interrupted`]
/// when the monitor asked to stop.
///
/// ```
/// use sprague::{DiGraph, Monitor, impartial::grundy_dag_with};
/// let g = DiGraph::from_edges(3, &[1, 2, 2], &[0, 1, 0]).unwrap();
/// let monitor = Monitor::new();
/// assert_eq!(grundy_dag_with(&g, &monitor).unwrap(), vec![0, 1, 2]);
/// assert_eq!((monitor.done(), monitor.total()), (3, Some(3)));
/// ```
pub fn grundy_dag_with(graph: &DiGraph, monitor: &Monitor) -> Result<Vec<u32>, GrundyDagError> {
    monitor.start_phase("valuing vertices", Some(graph.vertex_count() as u64), 0);
    grundy_dag_ticked::<true>(graph, Ticker::new(Some(monitor)))
}

/// The ticker is taken by value: its count lives in a register, not behind a
/// pointer the loops would have to reload. Without `COUNT` the depth-first
/// search does not count (the plain [`grundy_dag`] has nobody to report to).
fn grundy_dag_ticked<const COUNT: bool>(
    graph: &DiGraph,
    mut ticker: Ticker<'_>,
) -> Result<Vec<u32>, GrundyDagError> {
    let n = graph.vertex_count();
    let (offsets, targets) = graph.as_csr();
    let mut grundy = vec![0u32; n];
    // The values among the current vertex's options; a vertex of out-degree d
    // has a value at most d, so larger option values are skipped.
    let mut seen = MexSet::new();
    let value_of = |v: usize, grundy: &mut [u32], seen: &mut MexSet| {
        let succ = &targets[offsets[v] as usize..offsets[v + 1] as usize];
        let d = succ.len();
        if d == 0 {
            grundy[v] = 0;
            return;
        }
        seen.clear();
        for &w in succ {
            let g = grundy[w as usize] as usize;
            if g <= d {
                seen.insert(g);
            }
        }
        let m = seen.mex();
        grundy[v] = m as u32;
    };

    let all_down = (0..n).all(|v| {
        targets[offsets[v] as usize..offsets[v + 1] as usize]
            .iter()
            .all(|&w| (w as usize) < v)
    });
    // The sweeps go in blocks of one batch, reported after each block.
    const BLOCK: usize = Ticker::BATCH as usize;
    if all_down {
        for lo in (0..n).step_by(BLOCK) {
            let hi = (lo + BLOCK).min(n);
            for v in lo..hi {
                value_of(v, &mut grundy, &mut seen);
            }
            ticker.tick_n((hi - lo) as u64)?;
        }
        ticker.flush()?;
        return Ok(grundy);
    }
    let all_up = (0..n).all(|v| {
        targets[offsets[v] as usize..offsets[v + 1] as usize]
            .iter()
            .all(|&w| (w as usize) > v)
    });
    if all_up {
        for hi in (0..n).rev().step_by(BLOCK).map(|v| v + 1) {
            let lo = hi.saturating_sub(BLOCK);
            for v in (lo..hi).rev() {
                value_of(v, &mut grundy, &mut seen);
            }
            ticker.tick_n((hi - lo) as u64)?;
        }
        ticker.flush()?;
        return Ok(grundy);
    }

    // General order: a topological order by Kahn's method (in-degrees, then
    // a queue of vertices whose predecessors are all placed), and the values
    // in the reverse of that order. Every pass walks a known list of vertices,
    // so the processor overlaps the memory reads of many vertices at once,
    // where a depth-first search waits at each descent for the next vertex's
    // successor list. A graph with a cycle leaves vertices out of the order;
    // the depth-first search below then names a vertex on a cycle.
    if let Some(Kahn { order, ends, edges }) = topological_order(offsets, targets) {
        // Values in the reverse order, a block of vertices per tick; a byte
        // array of values (capped at BIG, the exact value read from `grundy`
        // then) keeps the random reads of successor values in cache. The
        // successor lists are read from the copy Kahn's pass wrote in its
        // order, so this pass reads them backwards in one stream.
        const BIG: u8 = u8::MAX;
        let mut small = vec![0u8; n];
        let list = |k: usize| &edges[ends[k] as usize..ends[k + 1] as usize];
        let mut i = n;
        for block in order.rchunks(BLOCK) {
            for &v in block.iter().rev() {
                i -= 1;
                // The successors' values of a vertex a few places ahead.
                if let Some(k) = i.checked_sub(AHEAD_VALUES) {
                    for &w in list(k) {
                        prefetch(&small, w as usize);
                    }
                }
                let succ = list(i);
                let m = if succ.len() < 64 {
                    let mut bits = 0u64;
                    for &w in succ {
                        let s = small[w as usize];
                        let g = if s == BIG {
                            grundy[w as usize]
                        } else {
                            u32::from(s)
                        };
                        bits |= 1u64.checked_shl(g).unwrap_or(0);
                    }
                    (!bits).trailing_zeros()
                } else {
                    let d = succ.len();
                    seen.clear();
                    for &w in succ {
                        let g = grundy[w as usize] as usize;
                        if g <= d {
                            seen.insert(g);
                        }
                    }
                    seen.mex() as u32
                };
                grundy[v as usize] = m;
                small[v as usize] = m.min(u32::from(BIG)) as u8;
            }
            ticker.tick_n(block.len() as u64)?;
        }
        ticker.flush()?;
        return Ok(grundy);
    }

    // A cycle: iterative depth-first search, which finds one. A byte per vertex holds the
    // visit state (UNVISITED, ACTIVE) or the value, capped at BIG, in which case
    // the value is read from `grundy`: a vertex's value is at most its
    // out-degree, so BIG is rare, and the byte array (n bytes) stays in cache
    // where a word array of values would not; the random read of each edge's
    // target state is what the search spends its time on. On entering a vertex,
    // one tight loop reads the state of all its successors (independent loads
    // that the processor overlaps): finished values go to `found`, unvisited
    // successors to `pending`. A vertex's mex then runs over its contiguous
    // segment of `found`, with no second pass over its successors.
    const UNVISITED: u8 = u8::MAX;
    const ACTIVE: u8 = u8::MAX - 1;
    const BIG: u8 = u8::MAX - 2;
    let mut state = vec![UNVISITED; n];
    struct Frame {
        v: u32,
        /// Next index into `pending`; the frame's own pending run ends at `pend_end`.
        cursor: usize,
        pend_end: usize,
        found_start: usize,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut found: Vec<u32> = Vec::new();
    let mut pending: Vec<u32> = Vec::new();
    let enter = |v: u32, state: &mut [u8], grundy: &[u32], found: &mut Vec<u32>, pending: &mut Vec<u32>| {
        state[v as usize] = ACTIVE;
        let succ = &targets[offsets[v as usize] as usize..offsets[v as usize + 1] as usize];
        let found_start = found.len();
        let cursor = pending.len();
        // Branch-free scan: every successor is written to both buffers and only
        // the matching one advances, so the loads of `state[w]` overlap
        // instead of waiting on mispredicted branches.
        found.resize(found_start + succ.len(), 0);
        pending.resize(cursor + succ.len(), 0);
        let (mut nf, mut np) = (found_start, cursor);
        let mut on_stack = None;
        let mut touch = 0u32;
        for &w in succ {
            let s = state[w as usize];
            touch ^= offsets[w as usize];
            found[nf] = if s == BIG {
                grundy[w as usize]
            } else {
                u32::from(s)
            };
            nf += usize::from(s < ACTIVE);
            pending[np] = w;
            np += usize::from(s == UNVISITED);
            if s == ACTIVE {
                on_stack = Some(w);
            }
        }
        // Touch the first successor of every unvisited successor now: these
        // loads overlap, and the later descents find their lists in cache.
        for &w in &pending[cursor..np] {
            touch ^= targets.get(offsets[w as usize] as usize).copied().unwrap_or(0);
        }
        std::hint::black_box(touch);
        found.truncate(nf);
        pending.truncate(np);
        if let Some(vertex) = on_stack {
            return Err(GraphCycle { vertex });
        }
        Ok(Frame {
            v,
            cursor,
            pend_end: np,
            found_start,
        })
    };
    for root in 0..n as u32 {
        if state[root as usize] != UNVISITED {
            continue;
        }
        let frame = enter(root, &mut state, &grundy, &mut found, &mut pending)?;
        stack.push(frame);
        while let Some(top) = stack.last_mut() {
            if top.cursor < top.pend_end {
                let w = pending[top.cursor];
                top.cursor += 1;
                match state[w as usize] {
                    UNVISITED => {
                        let child = enter(w, &mut state, &grundy, &mut found, &mut pending)?;
                        stack.push(child);
                    }
                    // Every ACTIVE vertex is on the stack below this frame, so it was
                    // already ACTIVE when this frame scanned its successors.
                    ACTIVE => return Err(GraphCycle { vertex: w }.into()),
                    BIG => found.push(grundy[w as usize]),
                    s => found.push(u32::from(s)),
                }
                continue;
            }
            let segment = &found[top.found_start..];
            let m = mex_of(segment, &mut seen);
            let (v, found_start) = (top.v, top.found_start);
            found.truncate(found_start);
            grundy[v as usize] = m;
            state[v as usize] = m.min(u32::from(BIG)) as u8;
            if COUNT {
                ticker.tick()?;
            }
            stack.pop();
            if let Some(parent) = stack.last() {
                // This frame's pending run lay just above its parent's run.
                pending.truncate(parent.pend_end);
                found.push(m);
            } else {
                pending.clear();
            }
        }
    }
    ticker.flush()?;
    Ok(grundy)
}

/// A topological order of the graph (every edge from an earlier to a later
/// vertex) by Kahn's method, or `None` when the graph has a cycle. O(n + m).
fn topological_order(offsets: &[u32], targets: &[u32]) -> Option<Kahn> {
    let n = offsets.len() - 1;
    // In-degrees in a byte each (n bytes stay in the second-level cache where
    // n words would not), saturated at SATURATED; the vertices whose count
    // reached it keep their exact count in `wide`, counted in a second pass
    // that runs only when some vertex has that many predecessors.
    const SATURATED: u8 = u8::MAX;
    let mut indeg = vec![0u8; n];
    for &w in targets {
        let d = &mut indeg[w as usize];
        *d = d.saturating_add(1);
    }
    let mut wide: Vec<u32> = Vec::new();
    if indeg.contains(&SATURATED) {
        wide = vec![0u32; n];
        for &w in targets {
            if indeg[w as usize] == SATURATED {
                wide[w as usize] += 1;
            }
        }
    }
    // One slot more than the vertices: the queue is appended to without a
    // branch (each target is written at the end, which advances only when
    // the target's last predecessor was placed).
    let mut order = vec![0u32; n + 1];
    let mut len = 0usize;
    for (v, &d) in indeg.iter().enumerate() {
        order[len] = v as u32;
        len += usize::from(d == 0);
    }
    let mut head = 0usize;
    let mut edges: Vec<u32> = Vec::with_capacity(targets.len());
    let mut ends: Vec<u32> = Vec::with_capacity(n + 1);
    ends.push(0);
    // Prefetches for the vertices queued a few places ahead (see
    // `grundy_dag`): offsets, successor lists, then the in-degree counters
    // those lists will decrement. The queue is appended to under a branch:
    // its length then depends on no load, and the in-degree reads of
    // successive edges overlap.
    while head < len {
        let v = order[head] as usize;
        if head + AHEAD_OFFSETS < len {
            prefetch(offsets, order[head + AHEAD_OFFSETS] as usize);
        }
        if head + AHEAD_LIST < len {
            prefetch(targets, offsets[order[head + AHEAD_LIST] as usize] as usize);
        } else if head + 2 < len {
            // A short queue (long chains of single dependencies): the list
            // of its newest vertex, whose offsets were fetched when it
            // joined the queue.
            prefetch(targets, offsets[order[len - 1] as usize] as usize);
        }
        if head + AHEAD_VALUES < len {
            let u = order[head + AHEAD_VALUES] as usize;
            for &w in &targets[offsets[u] as usize..offsets[u + 1] as usize] {
                prefetch(&indeg, w as usize);
            }
        }
        head += 1;
        let succ = &targets[offsets[v] as usize..offsets[v + 1] as usize];
        edges.extend_from_slice(succ);
        ends.push(edges.len() as u32);
        for &w in succ {
            let d = &mut indeg[w as usize];
            let last = if *d == SATURATED {
                let e = &mut wide[w as usize];
                *e -= 1;
                *e == 0
            } else {
                *d -= 1;
                *d == 0
            };
            if last {
                order[len] = w;
                len += 1;
                // When the queue is short, the look-ahead prefetches above
                // find nothing to fetch: start w's offsets loading now.
                prefetch(offsets, w as usize);
            }
        }
    }
    if len < n {
        return None;
    }
    order.truncate(n);
    Some(Kahn { order, ends, edges })
}

/// A topological order and the successor lists copied in that order:
/// `order[k]`'s successors are `edges[ends[k]..ends[k + 1]]`.
struct Kahn {
    order: Vec<u32>,
    ends: Vec<u32>,
    edges: Vec<u32>,
}

/// The mex of the option values `segment` of one vertex: a 64-bit mask when
/// fewer than 64 values (the mex is then below 64), else `seen`. O(len).
#[inline]
fn mex_of(segment: &[u32], seen: &mut MexSet) -> u32 {
    let d = segment.len();
    if d < 64 {
        let mut bits = 0u64;
        for &g in segment {
            bits |= 1u64.checked_shl(g).unwrap_or(0);
        }
        return (!bits).trailing_zeros();
    }
    seen.clear();
    for &g in segment {
        if (g as usize) <= d {
            seen.insert(g as usize);
        }
    }
    seen.mex() as u32
}
