//! Asymmetric preferences: each player ranks win, draw and loss in their own
//! order, on a game graph where positions may repeat.

use super::retrograde::{Induction, Predecessors, Retrograde};
use super::wld::Wld;
use crate::monitor::{Interrupted, Monitor, SearchError, Ticker};
use crate::{budget::BudgetExceeded, graph::DiGraph};
use core::convert::Infallible;
use core::fmt;
use std::str::FromStr;

/// A player's ranking of the three results, best first, from their own point of
/// view: e.g. `dwl` = draw, then win, then loss.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ranking(pub [Wld; 3]);

impl Ranking {
    /// The usual ranking: win, draw, loss.
    pub const STANDARD: Ranking = Ranking([Wld::Win, Wld::Draw, Wld::Lose]);

    /// Position of `r` in the ranking (0 = best).
    #[must_use]
    pub fn rank(self, r: Wld) -> usize {
        self.0.iter().position(|&x| x == r).unwrap_or(3)
    }

    /// Every ranking, in a fixed order.
    #[must_use]
    pub fn all() -> [Ranking; 6] {
        use Wld::*;
        [
            Ranking([Win, Draw, Lose]),
            Ranking([Win, Lose, Draw]),
            Ranking([Draw, Win, Lose]),
            Ranking([Draw, Lose, Win]),
            Ranking([Lose, Win, Draw]),
            Ranking([Lose, Draw, Win]),
        ]
    }
}

impl fmt::Display for Ranking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.0 {
            f.write_str(&r.as_str().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl FromStr for Ranking {
    type Err = String;

    /// Three letters `w`, `d`, `l` in any order, best first.
    fn from_str(s: &str) -> Result<Ranking, String> {
        let mut out = Vec::new();
        for (i, c) in s.chars().enumerate() {
            let r = match c.to_ascii_lowercase() {
                'w' => Wld::Win,
                'd' => Wld::Draw,
                'l' => Wld::Lose,
                _ => return Err(format!("column {}: expected `w`, `d` or `l`, found `{c}`", i + 1)),
            };
            if out.contains(&r) {
                return Err(format!("column {}: `{c}` appears twice", i + 1));
            }
            out.push(r);
        }
        match out.as_slice() {
            &[a, b, c] => Ok(Ranking([a, b, c])),
            _ => Err(format!("a ranking has three letters (e.g. `wdl`), found `{s}`")),
        }
    }
}

/// One of the six pairs of rankings the solver refuses (see [`solve_preferences`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UnsupportedRankings {
    /// The first player's ranking.
    pub first: Ranking,
    /// The second player's ranking.
    pub second: Ranking,
}

impl fmt::Display for UnsupportedRankings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rankings {} and {} are not supported: with them the threat of endless play depends on the history of the play (unsupported pairs: dwl,lwd dlw,wld lwd,dwl wld,dlw wld,wld lwd,lwd)",
            self.first, self.second
        )
    }
}

impl std::error::Error for UnsupportedRankings {}

/// Outcome of each vertex for each player to move under the rankings: entry
/// `[v][0]` with the first player to move, `[v][1]` with the second, each as the
/// result for the player to move (who cannot move loses; endless play is a draw).
///
/// The reference semantics is the game in which a repeated position (vertex and
/// player to move) ends play drawn, each player choosing the option whose result
/// they rank highest. The solver computes its value from every start in O(n + m)
/// for 30 of the 36 pairs, each checked against that exhaustive search, in two
/// steps on the two copies of the graph (one per player to move):
///
/// 1. One result is settled first: a **shared favourite** wherever some play
///    reaches it (a terminal of that result, or a cycle for a draw); or a
///    favourite that is the other player's **worst** result wherever its player
///    can force it (an attractor; for a draw, the complement of the opponent's
///    attractor to the terminals); otherwise the **shared worst** result exactly
///    where every play ends in it.
/// 2. Elsewhere the players stay out of the settled states and two results
///    remain: the better one wherever it can be reached when both players rank it
///    above the other, else by an attractor of the player who must force it.
///
/// The opposed pairs (the second ranking is the first reversed with win and loss
/// swapped: `wdl`/`wdl`, the notes' `dwl`/`wld` where one player prefers a draw to
/// a win and the other prefers losing to a draw, …) are the zero-sum cases.
///
/// # Errors
/// [`UnsupportedRankings`] for the six pairs where endless play is a threat that
/// depends on the history of the play (the value of a position changes with the
/// positions already visited): `dwl`/`lwd`, `dlw`/`wld`, `lwd`/`dwl`,
/// `wld`/`dlw` (a draw is one player's favourite and the other's worst, and both
/// order win and loss alike) and `wld`/`wld`, `lwd`/`lwd` (both rank a draw last
/// and disagree on the rest). [`solve_preferences_exhaustive`] solves them.
///
/// ```
/// use sprague::{DiGraph, Wld, loopy::{Ranking, solve_preferences}};
/// // 0 → 1 (terminal, a win for whoever moves there) and 0 → 2 ↺ (endless).
/// let g = DiGraph::from_edges(3, &[0, 0, 2], &[1, 2, 2]).unwrap();
/// let first: Ranking = "dwl".parse().unwrap(); // draw > win > loss
/// let second: Ranking = "wld".parse().unwrap(); // win > loss > draw
/// let r = solve_preferences(&g, first, second).unwrap();
/// // The first player prefers the endless game; the second takes the win.
/// assert_eq!(r[0], [Wld::Draw, Wld::Win]);
/// ```
pub fn solve_preferences(
    graph: &DiGraph,
    first: Ranking,
    second: Ranking,
) -> Result<Vec<[Wld; 2]>, UnsupportedRankings> {
    if !supported(first, second) {
        return Err(UnsupportedRankings { first, second });
    }
    Ok(solve_any(graph, first, second))
}

/// The reference semantics of [`solve_preferences`] by exhaustive search, for any
/// pair of rankings: from every start, the game tree in which a repeated position
/// (vertex and player to move) ends play drawn, each player choosing the option
/// they rank highest (the first best option on ties of result). Exponential in
/// general: it stops once `max_nodes` tree nodes have been visited. The six
/// pairs [`solve_preferences`] refuses have values that depend on the history
/// of the play (the same position is worth different results on different
/// paths), so this search is how they are solved.
///
/// # Errors
/// [`BudgetExceeded`] after `max_nodes` nodes, and at once for graphs of more
/// than 10 000 vertices (the search would recurse too deep).
///
/// ```
/// use sprague::{DiGraph, Wld, loopy::{Ranking, solve_preferences_exhaustive}};
/// let g = DiGraph::from_edges(2, &[1, 1], &[0, 1]).unwrap();
/// let (a, b): (Ranking, Ranking) = ("dwl".parse().unwrap(), "lwd".parse().unwrap());
/// let r = solve_preferences_exhaustive(&g, a, b, 1000).unwrap();
/// assert_eq!(r[1], [Wld::Win, Wld::Win]);
/// ```
pub fn solve_preferences_exhaustive(
    graph: &DiGraph,
    first: Ranking,
    second: Ranking,
    max_nodes: usize,
) -> Result<Vec<[Wld; 2]>, BudgetExceeded> {
    exhaustive(graph, first, second, max_nodes, None).map_err(|e| match e {
        SearchError::Budget(b) => b,
        // A ticker without a monitor never reports a stop.
        SearchError::Interrupted(_) => BudgetExceeded {
            max_states: max_nodes,
        },
    })
}

/// How [`solve_preferences_auto`] solved a pair of rankings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreferencesMethod {
    /// Per-position retrograde analysis ([`solve_preferences`]): 30 of the 36
    /// pairs of rankings.
    Retrograde,
    /// The exhaustive search over plays ([`solve_preferences_exhaustive`]): the
    /// six pairs whose values depend on the history of play.
    Exhaustive,
}

impl PreferencesMethod {
    /// `"retrograde"` or `"exhaustive"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PreferencesMethod::Retrograde => "retrograde",
            PreferencesMethod::Exhaustive => "exhaustive",
        }
    }
}

/// The largest graph the exhaustive preference search takes (its search
/// keeps a flag per vertex and per player along the path): above it, it
/// returns [`SearchError::Budget`] at once, whatever the budget.
pub const EXHAUSTIVE_MAX_VERTICES: usize = 10_000;

/// Whether [`solve_preferences`] (retrograde, linear) solves this pair of
/// rankings; the others need the exhaustive search. O(1).
#[must_use]
pub fn retrograde_supports(first: Ranking, second: Ranking) -> bool {
    supported(first, second)
}

/// Solves any pair of rankings: by retrograde analysis where it applies
/// (linear in the graph), else by the exhaustive search within `max_nodes`
/// tree nodes (exponential in the worst case), reporting to `monitor`.
///
/// # Errors
/// As [`solve_preferences_exhaustive_with`], for the pairs that need it.
pub fn solve_preferences_auto(
    graph: &DiGraph,
    first: Ranking,
    second: Ranking,
    max_nodes: usize,
    monitor: &Monitor,
) -> Result<(Vec<[Wld; 2]>, PreferencesMethod), SearchError> {
    match solve_preferences(graph, first, second) {
        Ok(r) => Ok((r, PreferencesMethod::Retrograde)),
        Err(UnsupportedRankings { .. }) => {
            let r = solve_preferences_exhaustive_with(graph, first, second, max_nodes, monitor)?;
            Ok((r, PreferencesMethod::Exhaustive))
        }
    }
}

/// [`solve_preferences_exhaustive`] reporting the tree nodes visited to
/// `monitor` (phase `searching`, checked every [`Ticker::BATCH`] nodes) and
/// stopping with [`SearchError::Interrupted`] when it asks.
///
/// # Errors
/// [`SearchError::Budget`] as [`solve_preferences_exhaustive`];
/// [`SearchError::Interrupted`] on a stop request.
pub fn solve_preferences_exhaustive_with(
    graph: &DiGraph,
    first: Ranking,
    second: Ranking,
    max_nodes: usize,
    monitor: &Monitor,
) -> Result<Vec<[Wld; 2]>, SearchError> {
    monitor.start_phase("searching", None, 0);
    exhaustive(graph, first, second, max_nodes, Some(monitor))
}

fn exhaustive(
    graph: &DiGraph,
    first: Ranking,
    second: Ranking,
    max_nodes: usize,
    monitor: Option<&Monitor>,
) -> Result<Vec<[Wld; 2]>, SearchError> {
    let n = graph.vertex_count();
    if n > EXHAUSTIVE_MAX_VERTICES {
        return Err(BudgetExceeded {
            max_states: max_nodes,
        }
        .into());
    }
    let mut search = Exhaustive {
        graph,
        ranks: [first, second],
        on_path: vec![false; 2 * n],
        left: max_nodes,
        max_nodes,
        monitor,
        reported: 0,
    };
    let mut out = Vec::with_capacity(n);
    for v in 0..n {
        let mut both = [Wld::Draw; 2];
        for (p, o) in both.iter_mut().enumerate() {
            let r = search.value(v, p).map_err(|stop| search.error(stop))?;
            *o = if p == 0 { r } else { r.flip() };
        }
        out.push(both);
    }
    search.report()?;
    Ok(out)
}

struct Exhaustive<'g> {
    graph: &'g DiGraph,
    ranks: [Ranking; 2],
    on_path: Vec<bool>,
    left: usize,
    max_nodes: usize,
    monitor: Option<&'g Monitor>,
    /// Nodes already passed to the monitor.
    reported: usize,
}

/// Why the recursion stopped: one byte, so that results travel in registers
/// (the full [`SearchError`] is built once, at the top).
#[derive(Clone, Copy)]
enum Stop {
    Budget,
    Interrupted,
}

impl Exhaustive<'_> {
    /// Passes the nodes visited since the last report to the monitor and
    /// checks its stop flag.
    #[cold]
    fn report(&mut self) -> Result<(), Interrupted> {
        let Some(m) = self.monitor else {
            return Ok(());
        };
        let visited = self.max_nodes - self.left;
        m.add((visited - self.reported) as u64);
        self.reported = visited;
        m.check()
    }

    fn error(&self, stop: Stop) -> SearchError {
        match stop {
            Stop::Budget => BudgetExceeded {
                max_states: self.max_nodes,
            }
            .into(),
            Stop::Interrupted => Interrupted {
                done: self.monitor.map_or(0, Monitor::done),
            }
            .into(),
        }
    }

    /// The result (seen from the first player) with `p` to move at `v`.
    fn value(&mut self, v: usize, p: usize) -> Result<Wld, Stop> {
        let s = 2 * v + p;
        if self.on_path[s] {
            return Ok(Wld::Draw);
        }
        if self.left == 0 {
            return Err(Stop::Budget);
        }
        self.left -= 1;
        // The budget's countdown doubles as the progress counter.
        if self.left.is_multiple_of(Ticker::BATCH as usize) && self.report().is_err() {
            return Err(Stop::Interrupted);
        }
        let succ = self.graph.successors(v as u32);
        if succ.is_empty() {
            return Ok(if p == 0 { Wld::Lose } else { Wld::Win });
        }
        self.on_path[s] = true;
        let mut best: Option<(usize, Wld)> = None;
        for &w in succ {
            let r = match self.value(w as usize, 1 - p) {
                Ok(r) => r,
                Err(e) => {
                    self.on_path[s] = false;
                    return Err(e);
                }
            };
            let mine = if p == 0 { r } else { r.flip() };
            let rank = self.ranks[p].rank(mine);
            if best.is_none_or(|(b, _)| rank < b) {
                best = Some((rank, r));
            }
        }
        self.on_path[s] = false;
        Ok(best.map_or(Wld::Draw, |(_, r)| r))
    }
}

/// Whether the pair is one the positional solution is exact for: all but the six
/// pairs where endless play is a threat one player can use against the other
/// (see [`solve_preferences`]).
fn supported(first: Ranking, second: Ranking) -> bool {
    let o0 = first.0;
    let o1 = second.0.map(Wld::flip);
    let rest = |o: [Wld; 3]| -> Vec<Wld> { o.into_iter().filter(|&r| r != Wld::Draw).collect() };
    let agree = rest(o0) == rest(o1);
    let draw_top_bottom =
        (o0[0] == Wld::Draw && o1[2] == Wld::Draw) || (o1[0] == Wld::Draw && o0[2] == Wld::Draw);
    let draw_both_last = o0[2] == Wld::Draw && o1[2] == Wld::Draw;
    !(draw_top_bottom && agree || draw_both_last && !agree)
}

/// One state of the two-copy graph: `2v + p`, `p` = 1 when the second player moves.
struct Product<'g> {
    graph: &'g DiGraph,
    rev: DiGraph,
}

impl Product<'_> {
    fn states(&self) -> usize {
        2 * self.graph.vertex_count()
    }

    fn is_terminal(&self, s: usize) -> bool {
        self.graph.out_degree((s / 2) as u32) == 0
    }

    /// Result at a terminal state, seen from the first player: the mover loses.
    fn terminal_result(s: usize) -> Wld {
        if s.is_multiple_of(2) { Wld::Lose } else { Wld::Win }
    }

    /// Successors of `s` inside `region`.
    fn region_degree(&self, s: usize, region: &[bool]) -> u32 {
        let p = s % 2;
        self.graph
            .successors((s / 2) as u32)
            .iter()
            .filter(|&&w| region[2 * w as usize + (1 - p)])
            .count() as u32
    }

    /// Each state's number of successors inside `region` (0 outside it).
    /// O(states + edges).
    fn region_degrees(&self, region: &[bool]) -> Vec<u32> {
        (0..self.states())
            .map(|s| {
                if region[s] {
                    self.region_degree(s, region)
                } else {
                    0
                }
            })
            .collect()
    }

    /// States of `region` from which some play inside `region` reaches result `r`
    /// (a terminal of that result, or a cycle for a draw). Backward induction
    /// on [`Retrograde`]: O(states + edges).
    fn reach(&self, region: &[bool], r: Wld) -> Vec<bool> {
        let n = self.states();
        if r == Wld::Draw {
            // Peel off the states all of whose plays end; the rest reach a cycle.
            let mut left = self.region_degrees(region);
            let (mut ends, queue) = seed(n, |s| region[s] && left[s] == 0);
            let Ok(()) = Retrograde::from(queue).run(
                self,
                &mut OnStates(|t: usize| {
                    if !region[t] || ends[t] {
                        return None;
                    }
                    left[t] -= 1;
                    (left[t] == 0).then(|| {
                        ends[t] = true;
                        t
                    })
                }),
            );
            return (0..n).map(|s| region[s] && !ends[s]).collect();
        }
        let (mut seen, queue) = seed(n, |s| {
            region[s] && self.is_terminal(s) && Self::terminal_result(s) == r
        });
        let Ok(()) = Retrograde::from(queue).run(
            self,
            &mut OnStates(|t: usize| {
                (region[t] && !seen[t]).then(|| {
                    seen[t] = true;
                    t
                })
            }),
        );
        seen
    }

    /// States of `region` where player `who` can force result `r` when both
    /// players stay inside `region`: an attractor to the terminals of result `r`,
    /// or for a draw the complement of the opponent's attractor to all terminals.
    /// Backward induction on [`Retrograde`]: O(states + edges).
    fn force(&self, region: &[bool], who: usize, r: Wld) -> Vec<bool> {
        let n = self.states();
        let (forcer, target): (usize, Box<dyn Fn(usize) -> bool>) = if r == Wld::Draw {
            (1 - who, Box::new(|_| true))
        } else {
            (who, Box::new(move |s| Self::terminal_result(s) == r))
        };
        let mut left = self.region_degrees(region);
        let (mut won, queue) = seed(n, |s| region[s] && self.is_terminal(s) && target(s));
        let Ok(()) = Retrograde::from(queue).run(
            self,
            &mut OnStates(|t: usize| {
                if !region[t] || won[t] {
                    return None;
                }
                if t % 2 != forcer {
                    left[t] -= 1;
                    if left[t] != 0 {
                        return None;
                    }
                }
                won[t] = true;
                Some(t)
            }),
        );
        if r == Wld::Draw {
            (0..n).map(|s| region[s] && !won[s]).collect()
        } else {
            won
        }
    }
}

/// The predecessors of state `2v + p` are the states `2u + (1 - p)` for
/// the moves `u → v`: the edges are the `u`, read from the reversed graph
/// without a copy, and [`OnStates`] makes the states.
impl Predecessors for Product<'_> {
    type Node = usize;
    type Edge = u32;

    #[inline]
    fn predecessors<'a>(&'a self, s: usize, _: &'a mut Vec<u32>) -> &'a [u32] {
        self.rev.successors((s / 2) as u32)
    }
}

/// An [`Induction`] on the two-copy graph: `0` hears of every predecessor
/// state `t` of a decided state, and returns `t` when that decides it. The
/// copy of the predecessors (`1 - p` for a decided state of copy `p`) is
/// worked out once per decided state, not once per edge.
struct OnStates<F>(F);

impl<F: FnMut(usize) -> Option<usize>> Induction<Product<'_>> for OnStates<F> {
    type Child = usize;
    type Stop = Infallible;

    #[inline]
    fn child(&mut self, s: usize) -> usize {
        1 - s % 2
    }

    #[inline]
    fn relax(&mut self, copy: usize, u: u32) -> Option<usize> {
        (self.0)(2 * u as usize + copy)
    }
}

/// The states `s < n` for which `start(s)` holds, as a work queue and as
/// marks (`marks[s]` true exactly for the queued states). O(n).
fn seed(n: usize, start: impl Fn(usize) -> bool) -> (Vec<bool>, Vec<usize>) {
    let queue: Vec<usize> = (0..n).filter(|&s| start(s)).collect();
    let mut marks = vec![false; n];
    for &s in &queue {
        marks[s] = true;
    }
    (marks, queue)
}

fn solve_any(graph: &DiGraph, first: Ranking, second: Ranking) -> Vec<[Wld; 2]> {
    let prod = Product {
        graph,
        rev: graph.reversed(),
    };
    let n = prod.states();
    // Both orders on results seen from the first player, best first.
    let o0 = first.0;
    let o1 = second.0.map(Wld::flip);
    let all = vec![true; n];
    // First settle one result `special` on the states `fixed`; the players then
    // stay inside `region` (leaving it is never better for the one who could).
    let (special, fixed): (Wld, Vec<bool>) = if o0[0] == o1[0] {
        // A shared favourite: wherever it can be reached at all.
        (o0[0], prod.reach(&all, o0[0]))
    } else if o0[0] == o1[2] {
        // The first player's favourite is the second's worst: force it or not.
        (o0[0], prod.force(&all, 0, o0[0]))
    } else if o1[0] == o0[2] {
        (o1[0], prod.force(&all, 1, o1[0]))
    } else {
        // A shared worst result z: it happens only where every play ends in z.
        let z = o0[2];
        let others: Vec<Wld> = o0.iter().copied().filter(|&r| r != z).collect();
        let escape: Vec<bool> = {
            let a = prod.reach(&all, others[0]);
            let b = prod.reach(&all, others[1]);
            a.iter().zip(&b).map(|(x, y)| *x || *y).collect()
        };
        (z, escape.iter().map(|e| !e).collect())
    };
    let region: Vec<bool> = fixed.iter().map(|f| !f).collect();
    let rem0: Vec<Wld> = o0.iter().copied().filter(|&r| r != special).collect();
    let rem1: Vec<Wld> = o1.iter().copied().filter(|&r| r != special).collect();
    // `better[s]`: the result is rem0[0] (the first player's preference of the two).
    let better = if rem0 == rem1 {
        prod.reach(&region, rem0[0])
    } else if o0[0] == o1[2] && !(o0[0] == o1[0]) {
        // The first player settled its favourite where it could; elsewhere the
        // second player must force its own preference.
        prod.force(&region, 1, rem1[0])
            .iter()
            .zip(&region)
            .map(|(f, r)| *r && !f)
            .collect()
    } else {
        prod.force(&region, 0, rem0[0])
    };
    (0..graph.vertex_count())
        .map(|v| {
            let mut out = [Wld::Draw; 2];
            for (p, o) in out.iter_mut().enumerate() {
                let s = 2 * v + p;
                let r = if fixed[s] {
                    special
                } else if better[s] {
                    rem0[0]
                } else {
                    rem0[1]
                };
                *o = if p == 0 { r } else { r.flip() };
            }
            out
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::loopy::wld::tests::arb_graph;
    use proptest::prelude::*;

    /// Exhaustive search of the game where a repeated position (vertex and player
    /// to move) ends the game drawn; each player picks their favourite result.
    fn search(g: &DiGraph, v: u32, p: usize, ranks: [Ranking; 2], path: &mut Vec<(u32, usize)>) -> Wld {
        // Result seen from the first player.
        if path.contains(&(v, p)) {
            return Wld::Draw;
        }
        if g.out_degree(v) == 0 {
            return if p == 0 { Wld::Lose } else { Wld::Win };
        }
        path.push((v, p));
        let mut best: Option<Wld> = None;
        for &w in g.successors(v) {
            let r = search(g, w, 1 - p, ranks, path);
            let mine = if p == 0 { r } else { r.flip() };
            let better = match best {
                None => true,
                Some(b) => {
                    let bm = if p == 0 { b } else { b.flip() };
                    ranks[p].rank(mine) < ranks[p].rank(bm)
                }
            };
            if better {
                best = Some(r);
            }
        }
        path.pop();
        best.unwrap_or(Wld::Draw)
    }

    /// Checks a solver's table `res` for the rankings `ranks` against the
    /// exhaustive [`search`] at every vertex, for either player to move.
    fn matches_search(g: &DiGraph, ranks: [Ranking; 2], res: &[[Wld; 2]]) -> Result<(), TestCaseError> {
        for v in 0..g.vertex_count() as u32 {
            for p in 0..2 {
                let r = search(g, v, p, ranks, &mut Vec::new());
                let want = if p == 0 { r } else { r.flip() };
                prop_assert_eq!(
                    res[v as usize][p],
                    want,
                    "{} {} v{} p{}",
                    ranks[0],
                    ranks[1],
                    v,
                    p
                );
            }
        }
        Ok(())
    }

    /// Checks `solve` against the exhaustive [`search`] for every pair of
    /// rankings it solves (`None`: a pair it refuses).
    fn all_pairs_match_search(
        g: &DiGraph,
        solve: impl Fn(Ranking, Ranking) -> Option<Vec<[Wld; 2]>>,
    ) -> Result<(), TestCaseError> {
        for first in Ranking::all() {
            for second in Ranking::all() {
                if let Some(res) = solve(first, second) {
                    matches_search(g, [first, second], &res)?;
                }
            }
        }
        Ok(())
    }

    /// The successor states of state `2v + p` of the two-copy graph.
    fn next_states(g: &DiGraph, s: usize) -> Vec<usize> {
        g.successors((s / 2) as u32)
            .iter()
            .map(|&w| 2 * w as usize + (1 - s % 2))
            .collect()
    }

    /// The least fixed point of `step` from the empty set, one round at a time.
    fn least_fixed_point(n: usize, step: impl Fn(&[bool], usize) -> bool) -> Vec<bool> {
        let mut x = vec![false; n];
        loop {
            let next: Vec<bool> = (0..n).map(|s| x[s] || step(&x, s)).collect();
            if next == x {
                return x;
            }
            x = next;
        }
    }

    /// [`Product::reach`] by its definition: for a win or a loss, the least
    /// set holding the region's terminals of that result and every region
    /// state with an option into it; for a draw, the greatest set of region
    /// states with an option into it (an endless play inside the region).
    fn reach_definition(g: &DiGraph, region: &[bool], r: Wld) -> Vec<bool> {
        let n = region.len();
        let terminal = |s: usize| g.out_degree((s / 2) as u32) == 0;
        if r == Wld::Draw {
            let mut y = region.to_vec();
            loop {
                let next: Vec<bool> = (0..n)
                    .map(|s| y[s] && next_states(g, s).iter().any(|&t| y[t]))
                    .collect();
                if next == y {
                    return y;
                }
                y = next;
            }
        }
        least_fixed_point(n, |x, s| {
            region[s]
                && (terminal(s) && Product::terminal_result(s) == r
                    || next_states(g, s).iter().any(|&t| region[t] && x[t]))
        })
    }

    /// [`Product::force`] by its definition: the least set holding the
    /// region's target terminals, the forcer's region states with an option
    /// into it, and the other player's region states with some option in
    /// the region and all of those into it (complemented for a draw).
    fn force_definition(g: &DiGraph, region: &[bool], who: usize, r: Wld) -> Vec<bool> {
        let n = region.len();
        let terminal = |s: usize| g.out_degree((s / 2) as u32) == 0;
        let forcer = if r == Wld::Draw { 1 - who } else { who };
        let won = least_fixed_point(n, |x, s| {
            if !region[s] {
                return false;
            }
            if terminal(s) {
                return r == Wld::Draw || Product::terminal_result(s) == r;
            }
            let inside: Vec<usize> = next_states(g, s).into_iter().filter(|&t| region[t]).collect();
            if s % 2 == forcer {
                inside.iter().any(|&t| x[t])
            } else {
                !inside.is_empty() && inside.iter().all(|&t| x[t])
            }
        });
        if r == Wld::Draw {
            (0..n).map(|s| region[s] && !won[s]).collect()
        } else {
            won
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// The two backward inductions of the solver, on any region, against
        /// their fixed-point definitions.
        #[test]
        fn reach_and_force_match_their_definitions(
            g in arb_graph(8, 16),
            cut in proptest::collection::vec(any::<bool>(), 16),
        ) {
            let region: Vec<bool> = (0..2 * g.vertex_count()).map(|s| !cut[s]).collect();
            let prod = Product { graph: &g, rev: g.reversed() };
            for r in [Wld::Win, Wld::Lose, Wld::Draw] {
                prop_assert_eq!(prod.reach(&region, r), reach_definition(&g, &region, r), "reach {:?}", r);
                for who in 0..2 {
                    prop_assert_eq!(
                        prod.force(&region, who, r),
                        force_definition(&g, &region, who, r),
                        "force {} {:?}",
                        who,
                        r
                    );
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn every_supported_pair_matches_exhaustive_search(g in arb_graph(7, 12)) {
            all_pairs_match_search(&g, |first, second| solve_preferences(&g, first, second).ok())?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn exhaustive_solver_matches_the_oracle_for_all_pairs(g in arb_graph(6, 10)) {
            all_pairs_match_search(&g, |first, second| {
                Some(solve_preferences_exhaustive(&g, first, second, 1 << 24).unwrap())
            })?;
        }
    }

    #[test]
    fn refused_pairs_really_depend_on_history() {
        // 0 terminal, 1 → 0 and 1 → 1. With `dwl`/`lwd`, the first player to move
        // at 1 ends the game (a win) when starting there, but closes the cycle (a
        // draw) when the second player has just moved there from 1: the same
        // position has two values, so no per-position solution exists.
        let g = DiGraph::from_edges(2, &[1, 1], &[0, 1]).unwrap();
        let (a, b): (Ranking, Ranking) = ("dwl".parse().unwrap(), "lwd".parse().unwrap());
        assert_eq!(search(&g, 1, 0, [a, b], &mut Vec::new()), Wld::Win);
        assert_eq!(search(&g, 1, 0, [a, b], &mut vec![(1, 1)]), Wld::Draw);
        assert!(solve_preferences(&g, a, b).is_err());
        assert!(solve_preferences_exhaustive(&g, a, b, 3).is_err());
    }

    #[test]
    fn thirty_pairs_are_supported_and_standard_matches_wld() {
        let g = DiGraph::from_edges(3, &[0, 1, 1], &[1, 2, 0]).unwrap();
        let ok = Ranking::all()
            .iter()
            .flat_map(|&a| Ranking::all().map(move |b| (a, b)))
            .filter(|&(a, b)| solve_preferences(&g, a, b).is_ok())
            .count();
        assert_eq!(ok, 30);
        let std = solve_preferences(&g, Ranking::STANDARD, Ranking::STANDARD).unwrap();
        let plain = crate::loopy::solve_graph(&g, |_| Wld::Lose).unwrap();
        for v in 0..3 {
            assert_eq!(std[v][0], plain.get(v).wld);
            assert_eq!(std[v][1], plain.get(v).wld);
        }
        assert!("wdx".parse::<Ranking>().is_err());
        assert!("wwl".parse::<Ranking>().is_err());
    }
}
