//! Win / Lose / Draw with remoteness on explicit directed graphs (retrograde analysis).

use super::retrograde::{CountdownCell, Induction, PredecessorCsr, Retrograde, countdown};
use crate::monitor::{Failure, Stopped};
use crate::{
    graph::DiGraph,
    monitor::{Interrupted, Monitor, Ticker},
};
use core::fmt;
use std::collections::VecDeque;

/// The outcome of a position for the player to move, in a game that may be drawn by
/// infinite play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Wld {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Lose,
    /// Neither player can force a win: play goes on for ever (or ends in a drawn terminal).
    Draw,
}

impl Wld {
    /// The one-letter name: `"W"`, `"L"` or `"D"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Wld::Win => "W",
            Wld::Lose => "L",
            Wld::Draw => "D",
        }
    }

    /// The outcome for the other player: Win and Lose swap, Draw stays.
    #[must_use]
    pub const fn flip(self) -> Wld {
        match self {
            Wld::Win => Wld::Lose,
            Wld::Lose => Wld::Win,
            Wld::Draw => Wld::Draw,
        }
    }
}

impl fmt::Display for Wld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The solved value of a position: its outcome and, for Win and Lose, its
/// remoteness in plies (the number of single moves left when the winner hurries and the loser
/// delays: 0 at a terminal, Win = 1 + min over losing options, Lose = 1 + max over
/// options).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SolvedValue {
    /// Outcome for the player to move.
    pub wld: Wld,
    /// Remoteness of a Win or Lose; `None` for a Draw.
    pub remoteness: Option<u32>,
}

impl SolvedValue {
    /// A draw.
    pub const DRAW: SolvedValue = SolvedValue {
        wld: Wld::Draw,
        remoteness: None,
    };

    /// A win with remoteness `r` plies.
    #[must_use]
    pub const fn win(r: u32) -> SolvedValue {
        SolvedValue {
            wld: Wld::Win,
            remoteness: Some(r),
        }
    }

    /// A loss with remoteness `r` plies.
    #[must_use]
    pub const fn lose(r: u32) -> SolvedValue {
        SolvedValue {
            wld: Wld::Lose,
            remoteness: Some(r),
        }
    }
}

impl SolvedValue {
    /// The winner's number of moves to the end (depth to win, "mate in N"
    /// for chess): `⌈remoteness / 2⌉`, see [`depth_in_moves`]. `None` for a draw.
    #[must_use]
    pub const fn depth_moves(self) -> Option<u32> {
        match self.remoteness {
            Some(r) => Some(depth_in_moves(r)),
            None => None,
        }
    }

    /// The result for the player to move, in words, with the depth in the
    /// winner's moves and the remoteness in plies: "wins in 2 moves
    /// (remoteness 3 plies)", "loses: the opponent wins in 1 move (remoteness
    /// 2 plies)", "has lost (remoteness 0 plies)", "draws" (the bare letter of a
    /// win or loss without remoteness).
    #[must_use]
    pub fn words(self) -> String {
        match (self.wld, self.remoteness) {
            (Wld::Win, Some(r)) => format!("wins in {}", distance_words(r)),
            (Wld::Lose, Some(0)) => "has lost (remoteness 0 plies)".to_string(),
            (Wld::Lose, Some(r)) => format!("loses: the opponent wins in {}", distance_words(r)),
            (Wld::Draw, _) => "draws".to_string(),
            (w, None) => w.to_string(),
        }
    }
}

/// The one vocabulary for distances: *remoteness* counts plies (single moves
/// of either player: Win = 1 + the least remoteness of a losing option), the
/// *depth* counts the winner's own moves (a mate in N in chess). A position
/// won with remoteness `r` (odd) is won in `(r + 1) / 2` of the winner's
/// moves; one lost with remoteness `r` (even) is lost to a win in `r / 2`.
/// So the depth is `⌈r / 2⌉` either way. O(1).
///
/// ```
/// use sprague::loopy::depth_in_moves;
/// assert_eq!(depth_in_moves(31), 16); // KRK's longest mate: 31 plies, mate in 16
/// assert_eq!(depth_in_moves(2), 1);
/// ```
#[must_use]
pub const fn depth_in_moves(remoteness: u32) -> u32 {
    remoteness.div_ceil(2)
}

/// `remoteness` plies in words, depth first: "16 moves (remoteness 31
/// plies)", "1 move (remoteness 1 ply)". O(digits).
#[must_use]
pub fn distance_words(remoteness: u32) -> String {
    let m = depth_in_moves(remoteness);
    format!(
        "{m} move{} (remoteness {remoteness} pl{})",
        if m == 1 { "" } else { "s" },
        if remoteness == 1 { "y" } else { "ies" }
    )
}

impl fmt::Display for SolvedValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.remoteness {
            Some(r) => write!(f, "{} {r}", self.wld),
            None => f.write_str(self.wld.as_str()),
        }
    }
}

/// The graph has more vertices than the packed solver can give remoteness to
/// (at most 2^30 - 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GraphTooLarge {
    /// Number of vertices asked for.
    pub n: usize,
}

impl fmt::Display for GraphTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "graph with {} vertices is too large for the win/lose/draw solver (at most {})",
            self.n, REMOTENESS_MASK
        )
    }
}

impl std::error::Error for GraphTooLarge {}

impl Failure for GraphTooLarge {
    const WORK: &'static str = "edges";
}

/// Why [`solve_graph_with`] returned no table: the graph is too large
/// ([`Stopped::Failed`]), or the computation was asked to stop (`done` counts
/// the edges processed in the phase that was running; the monitor names it).
pub type SolveGraphError = Stopped<GraphTooLarge>;

const DECIDED: u32 = 1 << 31;
/// Predecessor blocks hold 2^SHIFT vertices.
const SHIFT: u32 = 16;
const WIN: u32 = 1 << 30;
const REMOTENESS_MASK: u32 = WIN - 1;

/// Win/Lose/Draw and remoteness of every vertex, packed in one `u32` per vertex
/// (bit 31: decided, bit 30: win, low 30 bits: remoteness).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WldTable {
    cells: Vec<u32>,
}

impl WldTable {
    /// A table of the values in vertex order, as another solver found them
    /// (a distributed one). A remoteness is kept to its low 30 bits. O(n).
    ///
    /// ```
    /// use sprague::loopy::{SolvedValue, WldTable};
    /// let t = WldTable::from_values([SolvedValue::win(1), SolvedValue::lose(0), SolvedValue::DRAW]);
    /// assert_eq!((t.get(0), t.counts()), (SolvedValue::win(1), (1, 1, 1)));
    /// ```
    #[must_use]
    pub fn from_values(values: impl IntoIterator<Item = SolvedValue>) -> WldTable {
        let cells = values
            .into_iter()
            .map(|v| match (v.wld, v.remoteness) {
                (Wld::Win, Some(r)) => DECIDED | WIN | (r & REMOTENESS_MASK),
                (Wld::Lose, Some(r)) => DECIDED | (r & REMOTENESS_MASK),
                _ => 0,
            })
            .collect();
        WldTable { cells }
    }

    /// Number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value of vertex `v`.
    #[must_use]
    #[inline]
    pub fn get(&self, v: usize) -> SolvedValue {
        let c = self.cells[v];
        if c & DECIDED == 0 {
            SolvedValue::DRAW
        } else if c & WIN != 0 {
            SolvedValue::win(c & REMOTENESS_MASK)
        } else {
            SolvedValue::lose(c & REMOTENESS_MASK)
        }
    }

    /// Every value in vertex order.
    pub fn iter(&self) -> impl Iterator<Item = SolvedValue> + '_ {
        (0..self.cells.len()).map(|v| self.get(v))
    }

    /// Counts of `(wins, losses, draws)`.
    #[must_use]
    pub fn counts(&self) -> (usize, usize, usize) {
        let (mut w, mut l) = (0, 0);
        for &c in &self.cells {
            if c & DECIDED != 0 {
                if c & WIN != 0 {
                    w += 1;
                } else {
                    l += 1;
                }
            }
        }
        (w, l, self.cells.len() - w - l)
    }

    /// The won vertex with the largest remoteness (the longest forced win),
    /// the smallest such vertex on ties; `None` when nothing is won. O(n).
    #[must_use]
    pub fn longest_win(&self) -> Option<(usize, SolvedValue)> {
        self.iter()
            .enumerate()
            .filter(|(_, s)| s.wld == Wld::Win)
            .max_by_key(|&(v, s)| (s.remoteness, core::cmp::Reverse(v)))
    }
}

/// Solves every vertex of `graph` for the player to move: a token sits on a
/// vertex, the player to move slides it along an edge; at a vertex without
/// successors `terminal(v)` says the outcome (normal play: [`Wld::Lose`]; misère:
/// [`Wld::Win`]; a [`Wld::Draw`] terminal ends the game drawn). Play that never
/// ends is a draw. Cycles, self-loops and parallel edges are allowed.
///
/// Retrograde analysis in O(n + m) time: builds the predecessor lists, keeps one
/// packed `u32` per vertex (undecided-successor counter, or outcome and
/// remoteness) and one FIFO of decided vertices, which visits them in
/// non-decreasing remoteness (one frontier per level), so a Win gets the
/// smallest and a Lose the largest remoteness. Memory besides the graph: the
/// predecessor lists (4 bytes per edge and per vertex, plus 2 bytes per edge of
/// scratch while they are built) and 8 bytes per vertex.
///
/// # Errors
/// [`GraphTooLarge`] if the graph has 2^30 vertices or more.
///
/// ```
/// use sprague::{DiGraph, Wld, loopy::{SolvedValue, solve_graph}};
/// // 0 → 1 → 2 (terminal), and 3 ↔ 4 a cycle.
/// let g = DiGraph::from_edges(5, &[0, 1, 3, 4], &[1, 2, 4, 3]).unwrap();
/// let t = solve_graph(&g, |_| Wld::Lose).unwrap();
/// assert_eq!(t.get(0), SolvedValue::lose(2));
/// assert_eq!(t.get(1), SolvedValue::win(1));
/// assert_eq!(t.get(3), SolvedValue::DRAW);
/// ```
pub fn solve_graph(graph: &DiGraph, terminal: impl Fn(u32) -> Wld) -> Result<WldTable, GraphTooLarge> {
    match solve_graph_ticked(graph, terminal, Ticker::new(None)) {
        Ok(t) => Ok(t),
        Err(Stopped::Failed(e)) => Err(e),
        // A ticker without a monitor never stops, and there is no budget.
        Err(Stopped::Budget(_) | Stopped::Interrupted(_)) => Err(GraphTooLarge {
            n: graph.vertex_count(),
        }),
    }
}

/// [`solve_graph`] reporting to `monitor`, in edges against the edge count
/// `m`, over three phases: `sorting edges by target` and `listing
/// predecessors` (the two passes that build the predecessor lists, `m` edges
/// each), then `deciding vertices` (the predecessor edges of each decided
/// vertex; a graph with draws ends short of `m`, since the edges into drawn
/// vertices are never followed). The count is passed on and the stop flag
/// checked about every [`Ticker::BATCH`] edges (per block of vertices, so the
/// loops pay one counter update per block); it is exact when the call returns.
/// Same complexity as [`solve_graph`].
///
/// # Errors
/// [`Stopped::Failed`] as [`solve_graph`];
/// [`Stopped::Interrupted`] when the monitor asked to stop.
///
/// ```
/// use sprague::{DiGraph, Monitor, Wld, loopy::{SolvedValue, solve_graph_with}};
/// let g = DiGraph::from_edges(3, &[0, 1], &[1, 2]).unwrap();
/// let monitor = Monitor::new();
/// let t = solve_graph_with(&g, |_| Wld::Lose, &monitor).unwrap();
/// assert_eq!(t.get(0), SolvedValue::lose(2));
/// assert_eq!((monitor.phase(), monitor.done(), monitor.total()), ("deciding vertices", 2, Some(2)));
/// ```
pub fn solve_graph_with(
    graph: &DiGraph,
    terminal: impl Fn(u32) -> Wld,
    monitor: &Monitor,
) -> Result<WldTable, SolveGraphError> {
    solve_graph_ticked(graph, terminal, Ticker::new(Some(monitor)))
}

/// Starts phase `name` of `m` edges on the ticker's monitor, if any. The stop
/// flag is checked at the batches only, so a stop shows the count of a batch.
fn phase(ticker: &mut Ticker<'_>, name: &'static str, m: usize) {
    // Ends the last phase's count; a stop it sees is seen again at the next batch.
    let _ = ticker.flush();
    if let Some(monitor) = ticker.monitor() {
        monitor.start_phase(name, Some(m as u64), 0);
    }
}

fn solve_graph_ticked(
    graph: &DiGraph,
    terminal: impl Fn(u32) -> Wld,
    mut ticker: Ticker<'_>,
) -> Result<WldTable, SolveGraphError> {
    let n = graph.vertex_count();
    if n >= REMOTENESS_MASK as usize {
        return Err(GraphTooLarge { n }.into());
    }
    let m = graph.edge_count();
    let (offsets, _) = graph.as_csr();
    let mut cells: Vec<u32> = offsets.windows(2).map(|w| w[1] - w[0]).collect();
    let mut queue: Vec<u32> = Vec::new();
    for (v, c) in cells.iter_mut().enumerate() {
        if *c == 0 {
            match terminal(v as u32) {
                Wld::Lose => {
                    *c = DECIDED;
                    queue.push(v as u32);
                }
                Wld::Win => {
                    *c = DECIDED | WIN;
                    queue.push(v as u32);
                }
                Wld::Draw => {}
            }
        }
    }
    let (roff, rtgt) = predecessors(graph, &mut ticker)?;
    phase(&mut ticker, "deciding vertices", m);
    let mut work = Retrograde::from(queue);
    work.reserve(n - work.pending().len());
    let mut rule = Decide { cells, ticker };
    work.run(
        &PredecessorCsr {
            offsets: &roff,
            sources: &rtgt,
        },
        &mut rule,
    )?;
    rule.ticker.flush()?;
    Ok(WldTable { cells: rule.cells })
}

/// A packed cell of [`WldTable`] in the kernel's countdown.
#[derive(Clone, Copy)]
struct Cell(u32);

impl CountdownCell for Cell {
    #[inline]
    fn is_decided(self) -> bool {
        self.0 & DECIDED != 0
    }
    #[inline]
    fn is_last(self) -> bool {
        self.0 == 1
    }
    #[inline]
    fn count_down(self) -> Self {
        Cell(self.0 - 1)
    }
    #[inline]
    fn won(r: u32) -> Self {
        Cell(DECIDED | WIN | r)
    }
    #[inline]
    fn lost(r: u32) -> Self {
        Cell(DECIDED | r)
    }
}

/// The win/lose/draw rule of [`solve_graph`] on the packed cells, counting
/// predecessor edges on the ticker.
struct Decide<'t> {
    cells: Vec<u32>,
    ticker: Ticker<'t>,
}

impl Induction<PredecessorCsr<'_, u32, u32>> for Decide<'_> {
    /// Whether the child is lost, and the parent's remoteness.
    type Child = (bool, u32);
    type Stop = SolveGraphError;

    #[inline]
    fn child(&mut self, v: u32) -> (bool, u32) {
        let c = self.cells[v as usize];
        (c & WIN == 0, (c & REMOTENESS_MASK) + 1)
    }

    #[inline]
    fn relax(&mut self, (lost, next): (bool, u32), u: u32) -> Option<u32> {
        let cu = &mut self.cells[u as usize];
        let new = countdown(Cell(*cu), lost, next)?;
        *cu = new.0;
        new.is_decided().then_some(u)
    }

    /// Reads ahead: touches the cells of the batch's predecessors with
    /// independent loads (no branches), so the cache misses overlap instead
    /// of being paid one after another in the updates; counts the edges.
    #[inline]
    fn batch(
        &mut self,
        preds: &PredecessorCsr<'_, u32, u32>,
        frontier: &[u32],
    ) -> Result<(), SolveGraphError> {
        let mut touch = 0u32;
        let mut edges = 0u32;
        for &v in frontier {
            let v = v as usize;
            touch |= self.cells[v];
            let range = preds.offsets[v] as usize..preds.offsets[v + 1] as usize;
            edges += (range.end - range.start) as u32;
            for &u in &preds.sources[range] {
                touch |= self.cells[u as usize];
            }
        }
        core::hint::black_box(touch);
        Ok(self.ticker.tick_n(u64::from(edges))?)
    }
}

/// Predecessor lists in CSR form `(offsets, sources)`, built cache-friendly:
/// edges are first split by target into blocks of 64 Ki vertices
/// (sequential writes to a few hundred streams), then each block is
/// counting-sorted while its counters sit in cache. O(n + m) time,
/// 2 bytes per edge of scratch space besides the result.
///
/// Reports to the ticker as phases `sorting edges by target` and `listing
/// predecessors`, in edges, once per block of vertices.
fn predecessors(graph: &DiGraph, ticker: &mut Ticker<'_>) -> Result<(Vec<u32>, Vec<u32>), Interrupted> {
    let n = graph.vertex_count();
    let (offsets, targets) = graph.as_csr();
    let m = targets.len();
    let shift = SHIFT;
    let blocks = (n >> shift) + 1;
    let mut start = vec![0usize; blocks + 1];
    for &v in targets {
        start[(v >> shift) as usize + 1] += 1;
    }
    for b in 0..blocks {
        start[b + 1] += start[b];
    }
    let mut fill = start.clone();
    // Sources in block order, with each edge's target as an offset in its block.
    let low = (1u32 << shift) - 1;
    let mut src = vec![0u32; m];
    let mut vlo = vec![0u16; m];
    phase(ticker, "sorting edges by target", m);
    const BLOCK: usize = Ticker::BATCH as usize;
    for lo in (0..n).step_by(BLOCK) {
        let hi = (lo + BLOCK).min(n);
        for u in lo..hi {
            for &v in &targets[offsets[u] as usize..offsets[u + 1] as usize] {
                let slot = &mut fill[(v >> shift) as usize];
                src[*slot] = u as u32;
                vlo[*slot] = (v & low) as u16;
                *slot += 1;
            }
        }
        ticker.tick_n(u64::from(offsets[hi] - offsets[lo]))?;
    }
    phase(ticker, "listing predecessors", m);
    drop(fill);
    let mut roff = vec![0u32; n + 1];
    let mut local: Vec<u32> = Vec::new();
    for b in 0..blocks {
        let lo = b << shift;
        let hi = ((b + 1) << shift).min(n);
        let range = start[b]..start[b + 1];
        local.clear();
        local.extend_from_slice(&src[range.clone()]);
        for &x in &vlo[range.clone()] {
            roff[lo + x as usize + 1] += 1;
        }
        roff[lo] = start[b] as u32;
        for v in lo..hi {
            roff[v + 1] += roff[v];
        }
        // `roff[v]` is now the first slot of v; fill from there, then restore.
        for (&x, &u) in vlo[range].iter().zip(&local) {
            let slot = &mut roff[lo + x as usize];
            src[*slot as usize] = u;
            *slot += 1;
        }
        for v in (lo..hi).rev() {
            roff[v + 1] = roff[v];
        }
        roff[lo] = start[b] as u32;
        ticker.tick_n((start[b + 1] - start[b]) as u64)?;
    }
    roff[n] = m as u32;
    Ok((roff, src))
}

/// The plain textbook version of [`solve_graph`], kept as the baseline of the
/// benchmarks and as a second implementation for the tests: predecessor lists as
/// one `Vec` per vertex, separate outcome, counter and remoteness arrays, and a
/// `VecDeque` work queue. O(n + m) time, about 40 bytes per vertex plus 4 per edge.
#[must_use]
pub fn solve_graph_baseline(graph: &DiGraph, terminal: impl Fn(u32) -> Wld) -> Vec<SolvedValue> {
    let n = graph.vertex_count();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut remaining: Vec<u32> = vec![0; n];
    for u in 0..n as u32 {
        for &v in graph.successors(u) {
            preds[v as usize].push(u);
        }
        remaining[u as usize] = graph.out_degree(u);
    }
    let mut outcome: Vec<Option<Wld>> = vec![None; n];
    let mut remoteness: Vec<u32> = vec![0; n];
    let mut queue = VecDeque::new();
    for v in 0..n {
        if remaining[v] == 0 {
            let t = terminal(v as u32);
            if t != Wld::Draw {
                outcome[v] = Some(t);
                queue.push_back(v);
            }
        }
    }
    while let Some(v) = queue.pop_front() {
        for &u in &preds[v] {
            let u = u as usize;
            if outcome[u].is_some() {
                continue;
            }
            if outcome[v] == Some(Wld::Lose) {
                outcome[u] = Some(Wld::Win);
                remoteness[u] = remoteness[v] + 1;
                queue.push_back(u);
            } else {
                remaining[u] -= 1;
                if remaining[u] == 0 {
                    outcome[u] = Some(Wld::Lose);
                    remoteness[u] = remoteness[v] + 1;
                    queue.push_back(u);
                }
            }
        }
    }
    (0..n)
        .map(|v| match outcome[v] {
            Some(w) => SolvedValue {
                wld: w,
                remoteness: Some(remoteness[v]),
            },
            None => SolvedValue::DRAW,
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Definition-level oracle: round by round, a vertex is decided in round `r`
    /// when the vertices decided in earlier rounds fix its value.
    pub(crate) fn naive(g: &DiGraph, terminal: &dyn Fn(u32) -> Wld) -> Vec<SolvedValue> {
        let n = g.vertex_count();
        let mut val: Vec<Option<SolvedValue>> = vec![None; n];
        for v in 0..n as u32 {
            if g.out_degree(v) == 0 {
                match terminal(v) {
                    Wld::Win => val[v as usize] = Some(SolvedValue::win(0)),
                    Wld::Lose => val[v as usize] = Some(SolvedValue::lose(0)),
                    Wld::Draw => {}
                }
            }
        }
        loop {
            let prev = val.clone();
            for v in 0..n as u32 {
                if prev[v as usize].is_some() || g.out_degree(v) == 0 {
                    continue;
                }
                let kids: Vec<Option<SolvedValue>> =
                    g.successors(v).iter().map(|&w| prev[w as usize]).collect();
                let lose_min = kids
                    .iter()
                    .flatten()
                    .filter(|s| s.wld == Wld::Lose)
                    .filter_map(|s| s.remoteness)
                    .min();
                if let Some(r) = lose_min {
                    val[v as usize] = Some(SolvedValue::win(r + 1));
                } else if kids.iter().all(|k| matches!(k, Some(s) if s.wld == Wld::Win)) {
                    let r = kids
                        .iter()
                        .flatten()
                        .filter_map(|s| s.remoteness)
                        .max()
                        .unwrap_or(0);
                    val[v as usize] = Some(SolvedValue::lose(r + 1));
                }
            }
            if val == prev {
                break;
            }
        }
        val.into_iter().map(|s| s.unwrap_or(SolvedValue::DRAW)).collect()
    }

    pub(crate) fn arb_graph(max_n: usize, max_m: usize) -> impl Strategy<Value = DiGraph> {
        (1..=max_n).prop_flat_map(move |n| {
            prop::collection::vec((0..n as u32, 0..n as u32), 0..=max_m).prop_map(move |edges| {
                let (s, t): (Vec<u32>, Vec<u32>) = edges.into_iter().unzip();
                DiGraph::from_edges(n, &s, &t).unwrap()
            })
        })
    }

    fn term(kind: u8) -> impl Fn(u32) -> Wld {
        move |v| match kind {
            0 => Wld::Lose,
            1 => Wld::Win,
            _ => [Wld::Lose, Wld::Win, Wld::Draw][(v % 3) as usize],
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn fast_and_baseline_match_the_fixed_point(g in arb_graph(12, 30), kind in 0u8..3) {
            let t = term(kind);
            let want = naive(&g, &t);
            let fast: Vec<SolvedValue> = solve_graph(&g, &t).unwrap().iter().collect();
            prop_assert_eq!(&fast, &want);
            prop_assert_eq!(&solve_graph_baseline(&g, &t), &want);
        }
    }

    #[test]
    fn distances_name_plies_and_moves() {
        // A mate in 2 is a win with remoteness 3 plies (issue 16: not "3 moves").
        assert_eq!(
            SolvedValue::win(3).words(),
            "wins in 2 moves (remoteness 3 plies)"
        );
        assert_eq!(SolvedValue::win(1).words(), "wins in 1 move (remoteness 1 ply)");
        assert_eq!(
            SolvedValue::lose(2).words(),
            "loses: the opponent wins in 1 move (remoteness 2 plies)"
        );
        assert_eq!(SolvedValue::lose(0).words(), "has lost (remoteness 0 plies)");
        assert_eq!(SolvedValue::win(31).depth_moves(), Some(16));
        assert_eq!(
            crate::play::Verdict::Win(Some(3)).words(),
            "a win in 2 moves (remoteness 3 plies)"
        );
    }

    #[test]
    fn self_loop_is_a_draw_and_counts_add_up() {
        // 0 → 0 and 0 → 1 (terminal): 0 wins by moving to 1.
        let g = DiGraph::from_edges(3, &[0, 0, 2], &[0, 1, 2]).unwrap();
        let t = solve_graph(&g, |_| Wld::Lose).unwrap();
        assert_eq!(t.get(0), SolvedValue::win(1));
        assert_eq!(t.get(1), SolvedValue::lose(0));
        assert_eq!(t.get(2), SolvedValue::DRAW);
        assert_eq!(t.counts(), (1, 1, 1));
    }
}
