//! Loopy impartial values: the generalised Sprague–Grundy function of a cyclic
//! game graph (C. A. B. Smith 1966; Fraenkel & Yesha 1986), and sums.

use super::wld::Wld;
use crate::{
    graph::DiGraph,
    monitor::{Interrupted, Monitor, Ticker},
};
use core::fmt;

/// The generalised Sprague–Grundy value of a vertex: a finite nimber, or ∞ with
/// the set of finite values among its followers.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LoopyValue {
    /// A finite value: the vertex behaves like a nim heap of this size.
    Finite(u32),
    /// ∞_K: `K` (sorted, without repeats) is the set of finite follower values.
    Infinite(Vec<u32>),
}

impl LoopyValue {
    /// The outcome of a single token on this vertex: 0 loses, other finite values
    /// win, ∞_K wins iff 0 ∈ K and is drawn otherwise.
    #[must_use]
    pub fn outcome(&self) -> Wld {
        match self {
            LoopyValue::Finite(0) => Wld::Lose,
            LoopyValue::Finite(_) => Wld::Win,
            LoopyValue::Infinite(k) if k.first() == Some(&0) => Wld::Win,
            LoopyValue::Infinite(_) => Wld::Draw,
        }
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(g) => write!(f, "{g}"),
            LoopyValue::Infinite(k) => {
                f.write_str("∞")?;
                if !k.is_empty() {
                    let parts: Vec<String> = k.iter().map(u32::to_string).collect();
                    write!(f, "({})", parts.join(","))?;
                }
                Ok(())
            }
        }
    }
}

const UNLABELED: u32 = u32::MAX;
const INF: u32 = u32::MAX - 1;

/// The generalised Sprague–Grundy value of every vertex (a token moves along an
/// edge; who cannot move loses; endless play is a draw).
///
/// Level by level (m = 0, 1, …): a vertex gets value m when it has no follower of
/// value m and each follower that is unlabeled or ∞ has a follower of value m;
/// the vertices left without a follower of value m become ∞. Each level is one
/// counter-driven pass, O(n + m) time, so O((max value + 2)·(n + m)) in all.
///
/// ```
/// use sprague::{DiGraph, loopy::{LoopyValue, loopy_grundy}};
/// // 0 ↔ 1 and 1 → 2 (terminal): 2 = 0, 1 = 1, and 0 = 0 (its one move is reversible).
/// let g = DiGraph::from_edges(3, &[0, 1, 1], &[1, 0, 2]).unwrap();
/// let v = loopy_grundy(&g);
/// assert_eq!(v, vec![LoopyValue::Finite(0), LoopyValue::Finite(1), LoopyValue::Finite(0)]);
/// // 3 → 3 and 3 → 2: ∞ with follower values {0}, a first-player win.
/// let h = DiGraph::from_edges(4, &[0, 1, 1, 3, 3], &[1, 0, 2, 3, 2]).unwrap();
/// assert_eq!(loopy_grundy(&h)[3], LoopyValue::Infinite(vec![0]));
/// ```
#[must_use]
pub fn loopy_grundy(graph: &DiGraph) -> Vec<LoopyValue> {
    // A ticker without a monitor never stops: the default is never taken.
    loopy_grundy_ticked::<false>(graph, Ticker::new(None)).unwrap_or_default()
}

/// [`loopy_grundy`] reporting to `monitor`: a phase `listing predecessors`
/// (one pass over the edges, not counted), then `labelling vertices`, whose
/// total is the number of vertices and whose count is the vertices labelled so
/// far (each vertex is labelled once, with its finite value or ∞). The count is
/// passed on, and the stop flag checked, every [`Ticker::BATCH`] vertices and
/// at the end of each level (a level may scan every unlabelled vertex while
/// labelling few); it is exact when the call returns. Same complexity as
/// [`loopy_grundy`].
///
/// # Errors
/// [`Interrupted`], with the vertices labelled, when the monitor asked to stop.
///
/// ```
/// use sprague::{DiGraph, Monitor, loopy::{LoopyValue, loopy_grundy_with}};
/// let g = DiGraph::from_edges(3, &[0, 1, 1], &[1, 0, 2]).unwrap();
/// let monitor = Monitor::new();
/// let v = loopy_grundy_with(&g, &monitor).unwrap();
/// assert_eq!(v[1], LoopyValue::Finite(1));
/// assert_eq!((monitor.phase(), monitor.done(), monitor.total()), ("labelling vertices", 3, Some(3)));
/// ```
pub fn loopy_grundy_with(graph: &DiGraph, monitor: &Monitor) -> Result<Vec<LoopyValue>, Interrupted> {
    monitor.start_phase("listing predecessors", None, 0);
    loopy_grundy_ticked::<true>(graph, Ticker::new(Some(monitor)))
}

/// The ticker is taken by value (its count stays in a register). Without
/// `COUNT` nothing is counted: the plain [`loopy_grundy`] runs the loops as
/// they were before it could be monitored.
fn loopy_grundy_ticked<const COUNT: bool>(
    graph: &DiGraph,
    mut ticker: Ticker<'_>,
) -> Result<Vec<LoopyValue>, Interrupted> {
    let n = graph.vertex_count();
    let rev = graph.reversed();
    if let Some(monitor) = ticker.monitor() {
        monitor.start_phase("labelling vertices", Some(n as u64), 0);
    }
    let mut label = vec![UNLABELED; n];
    let mut cnt = vec![0u32; n];
    let mut has_m = vec![false; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut unlabeled: Vec<u32> = (0..n as u32).collect();
    let mut m: u32 = 0;
    while !unlabeled.is_empty() {
        has_m.iter_mut().for_each(|h| *h = false);
        // Vertices labelled m in this level (counted only with `COUNT`).
        let mut labelled = 0usize;
        for &u in &unlabeled {
            cnt[u as usize] = graph
                .successors(u)
                .iter()
                .filter(|&&w| matches!(label[w as usize], UNLABELED | INF))
                .count() as u32;
            if cnt[u as usize] == 0 {
                queue.push(u);
            }
        }
        while let Some(u) = queue.pop() {
            let ui = u as usize;
            if label[ui] != UNLABELED || has_m[ui] || cnt[ui] != 0 {
                continue;
            }
            label[ui] = m;
            if COUNT {
                labelled += 1;
                ticker.tick()?;
            }
            for &p in rev.successors(u) {
                let pi = p as usize;
                if has_m[pi] {
                    continue;
                }
                has_m[pi] = true;
                if !matches!(label[pi], UNLABELED | INF) && label[pi] != m {
                    continue;
                }
                for &q in rev.successors(p) {
                    let qi = q as usize;
                    if label[qi] == UNLABELED {
                        cnt[qi] -= 1;
                        if cnt[qi] == 0 && !has_m[qi] {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        let before = unlabeled.len();
        unlabeled.retain(|&u| {
            let ui = u as usize;
            if label[ui] != UNLABELED {
                false
            } else if !has_m[ui] {
                label[ui] = INF;
                false
            } else {
                true
            }
        });
        if COUNT {
            // The vertices dropped are those labelled m (counted as they were
            // labelled) and those labelled ∞ just now.
            let infinite = before - unlabeled.len() - labelled;
            ticker.tick_n(infinite as u64)?;
            ticker.flush()?;
        }
        m += 1;
    }
    Ok((0..n as u32)
        .map(|v| match label[v as usize] {
            INF => {
                let mut k: Vec<u32> = graph
                    .successors(v)
                    .iter()
                    .map(|&w| label[w as usize])
                    .filter(|&l| l < INF)
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            }
            g => LoopyValue::Finite(g),
        })
        .collect())
}

/// The outcome of a sum of loopy impartial games (one token on each component,
/// a move moves one token) from the components' values: all finite — the
/// nim-sum decides (0 loses); exactly one ∞_K and the others of nim-sum `s` — a
/// win iff `s ∈ K`, a draw otherwise; two or more ∞ — a draw.
#[must_use]
pub fn loopy_sum_outcome(values: &[&LoopyValue]) -> Wld {
    let mut s = 0u32;
    let mut inf: Option<&Vec<u32>> = None;
    for v in values {
        match v {
            LoopyValue::Finite(g) => s ^= g,
            LoopyValue::Infinite(k) => {
                if inf.is_some() {
                    return Wld::Draw;
                }
                inf = Some(k);
            }
        }
    }
    match inf {
        None if s == 0 => Wld::Lose,
        None => Wld::Win,
        Some(k) if k.binary_search(&s).is_ok() => Wld::Win,
        Some(_) => Wld::Draw,
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::loopy::solve_graph;
    use crate::loopy::wld::tests::arb_graph;
    use proptest::prelude::*;

    /// The sum graph of `g` and `h`: vertex (a, b) = a·|h| + b.
    fn product(g: &DiGraph, h: &DiGraph) -> DiGraph {
        let (ng, nh) = (g.vertex_count() as u32, h.vertex_count() as u32);
        let (mut s, mut t) = (Vec::new(), Vec::new());
        for a in 0..ng {
            for b in 0..nh {
                for &a2 in g.successors(a) {
                    s.push(a * nh + b);
                    t.push(a2 * nh + b);
                }
                for &b2 in h.successors(b) {
                    s.push(a * nh + b);
                    t.push(a * nh + b2);
                }
            }
        }
        DiGraph::from_edges((ng * nh) as usize, &s, &t).unwrap()
    }

    /// The defining conditions of the generalised Sprague–Grundy function.
    fn check_definition(g: &DiGraph, vals: &[LoopyValue]) {
        for u in 0..g.vertex_count() as u32 {
            let f = |w: u32| &vals[w as usize];
            if let LoopyValue::Finite(k) = vals[u as usize] {
                let succ = g.successors(u);
                assert!(succ.iter().all(|&w| *f(w) != LoopyValue::Finite(k)));
                for j in 0..k {
                    assert!(succ.iter().any(|&w| *f(w) == LoopyValue::Finite(j)));
                }
                for &w in succ {
                    if matches!(f(w), LoopyValue::Infinite(_)) {
                        assert!(g.successors(w).iter().any(|&x| *f(x) == LoopyValue::Finite(k)));
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]
        #[test]
        fn values_give_outcomes_of_single_games_and_sums(g in arb_graph(6, 12), h in arb_graph(5, 10), k in arb_graph(3, 5)) {
            let vg = loopy_grundy(&g);
            let vh = loopy_grundy(&h);
            let vk = loopy_grundy(&k);
            check_definition(&g, &vg);
            let single = solve_graph(&g, |_| Wld::Lose).unwrap();
            for (v, val) in vg.iter().enumerate() {
                prop_assert_eq!(val.outcome(), single.get(v).wld);
            }
            let gh = product(&g, &h);
            let direct = solve_graph(&gh, |_| Wld::Lose).unwrap();
            let ghk = product(&gh, &k);
            let direct3 = solve_graph(&ghk, |_| Wld::Lose).unwrap();
            let nh = h.vertex_count();
            let nk = k.vertex_count();
            for a in 0..g.vertex_count() {
                for b in 0..nh {
                    prop_assert_eq!(loopy_sum_outcome(&[&vg[a], &vh[b]]), direct.get(a * nh + b).wld, "a {} b {}", a, b);
                    for c in 0..nk {
                        prop_assert_eq!(
                            loopy_sum_outcome(&[&vg[a], &vh[b], &vk[c]]),
                            direct3.get((a * nh + b) * nk + c).wld
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn monitored_values_count_every_vertex_and_stop() {
        use crate::monitor::{Interrupted, Monitor, Ticker};
        const BATCH: u64 = Ticker::BATCH as u64;
        // 10 000 vertices: a ladder 2i+1 → 2i, 2i → 2i - 1 with a few cycles
        // (every 100th even vertex also moves to itself), so there are several
        // levels and infinite values.
        let n = 10_000u32;
        let (mut s, mut t) = (Vec::new(), Vec::new());
        for v in 1..n {
            s.push(v);
            t.push(v - 1);
            if v % 200 == 0 {
                s.push(v);
                t.push(v);
            }
        }
        let g = DiGraph::from_edges(n as usize, &s, &t).unwrap();
        let m = Monitor::new();
        let want = loopy_grundy(&g);
        assert!(want.iter().any(|v| matches!(v, LoopyValue::Infinite(_))));
        assert_eq!(loopy_grundy_with(&g, &m).unwrap(), want);
        assert_eq!(
            (m.phase(), m.done(), m.total()),
            ("labelling vertices", u64::from(n), Some(u64::from(n)))
        );

        // Level 0 labels 10 000 isolated vertices: the stop is seen at the
        // first full batch.
        let isolated = DiGraph::from_edges(n as usize, &[], &[]).unwrap();
        let m = Monitor::new();
        m.stop();
        assert_eq!(loopy_grundy_with(&isolated, &m), Err(Interrupted { done: BATCH }));

        // 100 isolated vertices (0) and a self-loop (∞, decided at the end of
        // level 0): fewer than a batch, the stop is seen when level 0 ends.
        let small = DiGraph::from_edges(101, &[100], &[100]).unwrap();
        m.reset();
        m.stop();
        assert_eq!(loopy_grundy_with(&small, &m), Err(Interrupted { done: 101 }));
        m.reset();
        assert_eq!(loopy_grundy_with(&small, &m).unwrap(), loopy_grundy(&small));
        assert_eq!(m.done(), 101);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn monitored_values_agree_and_count_to_the_total(g in arb_graph(12, 30)) {
            let m = crate::monitor::Monitor::new();
            prop_assert_eq!(loopy_grundy_with(&g, &m).unwrap(), loopy_grundy(&g));
            let n = g.vertex_count() as u64;
            prop_assert_eq!((m.done(), m.total()), (n, Some(n)));
        }
    }

    #[test]
    fn acyclic_graphs_get_ordinary_grundy_values() {
        let g = DiGraph::from_edges(4, &[1, 2, 2, 3, 3, 3], &[0, 0, 1, 0, 1, 2]).unwrap();
        let v = loopy_grundy(&g);
        assert_eq!(v, (0..4).map(LoopyValue::Finite).collect::<Vec<_>>());
        // A lone self-loop is ∞ with no finite followers: a draw.
        let l = DiGraph::from_edges(1, &[0], &[0]).unwrap();
        assert_eq!(loopy_grundy(&l), vec![LoopyValue::Infinite(vec![])]);
        assert_eq!(LoopyValue::Infinite(vec![0, 2]).to_string(), "∞(0,2)");
    }
}
