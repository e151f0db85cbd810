//! Asymmetric preferences: each player ranks win, draw and loss in their own
//! order, on a game graph where positions may repeat.

use super::wld::Wld;
use crate::DiGraph;
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

/// The two rankings neither oppose each other nor share their best result: the
/// solver does not handle such pairs.
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
            "rankings {} and {} are not supported: the second ranking must be the first reversed with win and loss swapped (opposed), or both players must want the same result most",
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
/// they rank highest; the solver computes its value from every start in O(n + m)
/// for these 18 of the 36 pairs:
///
/// - **Opposed** rankings (6 pairs): the second ranking is the first reversed with
///   win and loss swapped, among them the standard `wdl`/`wdl` and the notes'
///   `dwl`/`wld` (one player prefers a draw to a win, the other prefers losing to
///   a draw). The game is zero-sum in the first player's order; each threshold
///   ("the best result", "one of the best two") is a reachability game solved by
///   one attractor computation on the two copies of the graph.
/// - **Shared favourite** (12 pairs): both players want the same result most. It
///   is the value wherever it can be reached at all (a terminal of that result,
///   or a cycle for a draw), found by one backward search; elsewhere only the
///   other two results remain, decided by reachability when the players agree on
///   them and by an attractor when they disagree.
///
/// # Errors
/// [`UnsupportedRankings`] for the other 18 pairs (different favourites, not opposed).
///
/// ```
/// use sprague::{DiGraph, Ranking, Wld, solve_preferences};
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
    // The first player's order, best first, on results seen from the first player.
    let order = first.0;
    let opposed = (0..3).all(|i| second.0[i] == order[2 - i].flip());
    let n = graph.vertex_count();
    let rev = graph.reversed();
    if !opposed {
        // The second player's order on results seen from the first player.
        let order1 = second.0.map(Wld::flip);
        if order1[0] != order[0] {
            return Err(UnsupportedRankings { first, second });
        }
        return Ok(shared_favourite(graph, &rev, order, order1));
    }
    // top[s]: the first player can secure order[0]; top2[s]: order[0] or order[1].
    let top = threshold(graph, &rev, &order[..1]);
    let top2 = threshold(graph, &rev, &order[..2]);
    Ok((0..n)
        .map(|v| {
            let mut out = [Wld::Draw; 2];
            for (p, o) in out.iter_mut().enumerate() {
                let s = 2 * v + p;
                let r1 = if top[s] {
                    order[0]
                } else if top2[s] {
                    order[1]
                } else {
                    order[2]
                };
                *o = if p == 0 { r1 } else { r1.flip() };
            }
            out
        })
        .collect())
}

/// Both players want `order[0]` (results seen from the first player) most.
fn shared_favourite(graph: &DiGraph, rev: &DiGraph, order: [Wld; 3], order1: [Wld; 3]) -> Vec<[Wld; 2]> {
    let n = graph.vertex_count();
    let best = reaches(graph, rev, order[0]);
    let (x, y) = (order[1], order[2]);
    let rest: Vec<bool> = if order1[1] == x {
        // Both prefer x to y: x wherever it can be reached.
        reaches(graph, rev, x)
    } else {
        // The first player wants x, the second y: the first must force x.
        threshold(graph, rev, &[x])
    };
    (0..n)
        .map(|v| {
            let mut out = [Wld::Draw; 2];
            for (p, o) in out.iter_mut().enumerate() {
                let s = 2 * v + p;
                let r = if best[s] {
                    order[0]
                } else if rest[s] {
                    x
                } else {
                    y
                };
                *o = if p == 0 { r } else { r.flip() };
            }
            out
        })
        .collect()
}

/// For every state `2v + p`, whether some play from it reaches the result `r`
/// (seen from the first player): a terminal with that result, or for a draw a
/// cycle. Backward search over the two copies of the graph, O(n + m).
fn reaches(graph: &DiGraph, rev: &DiGraph, r: Wld) -> Vec<bool> {
    let n = graph.vertex_count();
    if r == Wld::Draw {
        // Peel off states all of whose plays end; what is left reaches a cycle.
        let mut left: Vec<u32> = (0..2 * n).map(|s| graph.out_degree((s / 2) as u32)).collect();
        let mut ends = vec![false; 2 * n];
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| left[s] == 0).collect();
        for &s in &queue {
            ends[s] = true;
        }
        while let Some(s) = queue.pop() {
            let (v, p) = (s / 2, s % 2);
            for &u in rev.successors(v as u32) {
                let t = 2 * u as usize + (1 - p);
                left[t] -= 1;
                if left[t] == 0 {
                    ends[t] = true;
                    queue.push(t);
                }
            }
        }
        return ends.into_iter().map(|e| !e).collect();
    }
    let mut seen = vec![false; 2 * n];
    let mut queue = Vec::new();
    for v in 0..n {
        if graph.out_degree(v as u32) == 0 {
            // The player to move at a terminal loses: first to move gives Lose.
            let p = usize::from(r == Wld::Win);
            seen[2 * v + p] = true;
            queue.push(2 * v + p);
        }
    }
    while let Some(s) = queue.pop() {
        let (v, p) = (s / 2, s % 2);
        for &u in rev.successors(v as u32) {
            let t = 2 * u as usize + (1 - p);
            if !seen[t] {
                seen[t] = true;
                queue.push(t);
            }
        }
    }
    seen
}

/// Whether the first player can make the result (seen from the first player)
/// land in `set`, for every state `2v + p` (p = 1: second player to move).
fn threshold(graph: &DiGraph, rev: &DiGraph, set: &[Wld]) -> Vec<bool> {
    let n = graph.vertex_count();
    // If a draw is acceptable, the second player must force a terminal outside
    // `set`; otherwise the first player must force a terminal inside it.
    let draw_ok = set.contains(&Wld::Draw);
    let forcer = usize::from(draw_ok); // 0: first player forces, 1: second
    let mut won = vec![false; 2 * n];
    let mut left: Vec<u32> = (0..2 * n).map(|s| graph.out_degree((s / 2) as u32)).collect();
    let mut queue = Vec::new();
    for v in 0..n {
        if graph.out_degree(v as u32) == 0 {
            for p in 0..2 {
                // The player to move loses.
                let result = if p == 0 { Wld::Lose } else { Wld::Win };
                if set.contains(&result) != draw_ok {
                    won[2 * v + p] = true;
                    queue.push(2 * v + p);
                }
            }
        }
    }
    while let Some(s) = queue.pop() {
        let (v, p) = (s / 2, s % 2);
        let q = 1 - p; // the player to move at predecessors
        for &u in rev.successors(v as u32) {
            let t = 2 * u as usize + q;
            if won[t] {
                continue;
            }
            if q == forcer {
                won[t] = true;
                queue.push(t);
            } else {
                left[t] -= 1;
                if left[t] == 0 {
                    won[t] = true;
                    queue.push(t);
                }
            }
        }
    }
    if draw_ok {
        won.into_iter().map(|w| !w).collect()
    } else {
        won
    }
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn every_supported_pair_matches_exhaustive_search(g in arb_graph(7, 12)) {
            for first in Ranking::all() {
                for second in Ranking::all() {
                    let Ok(res) = solve_preferences(&g, first, second) else { continue };
                    for v in 0..g.vertex_count() as u32 {
                        for p in 0..2 {
                            let r = search(&g, v, p, [first, second], &mut Vec::new());
                            let want = if p == 0 { r } else { r.flip() };
                            prop_assert_eq!(res[v as usize][p], want, "{} {} v{} p{}", first, second, v, p);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn eighteen_pairs_are_supported_and_standard_matches_wld() {
        let g = DiGraph::from_edges(3, &[0, 1, 1], &[1, 2, 0]).unwrap();
        let ok = Ranking::all()
            .iter()
            .flat_map(|&a| Ranking::all().map(move |b| (a, b)))
            .filter(|&(a, b)| solve_preferences(&g, a, b).is_ok())
            .count();
        assert_eq!(ok, 18);
        let std = solve_preferences(&g, Ranking::STANDARD, Ranking::STANDARD).unwrap();
        let plain = crate::solve_graph(&g, |_| Wld::Lose).unwrap();
        for v in 0..3 {
            assert_eq!(std[v][0], plain.get(v).wld);
            assert_eq!(std[v][1], plain.get(v).wld);
        }
        assert!("wdx".parse::<Ranking>().is_err());
        assert!("wwl".parse::<Ranking>().is_err());
    }
}
